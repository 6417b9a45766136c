// swift-tools-version: 6.0
import Foundation
import PackageDescription

/// Complete strict concurrency is the default in the Swift 6 language mode;
/// it is spelled out here so nobody lowers it by accident.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

/// Whether this copy of the kit holds Solutions/ (a student's repository does not).
let hasSolutions = FileManager.default.fileExists(atPath: Context.packageDirectory + "/Solutions")

/// The exercises: each numbered folder of Exercises/ (`03-Update`) is a module of its own
/// (`Exercise03`), so one that does not compile leaves the others to be checked.
let exerciseFolders = ((try? FileManager.default.contentsOfDirectory(atPath: Context.packageDirectory + "/Exercises")) ?? [])
    .filter { name in name.count > 3 && name.prefix(2).allSatisfy(\.isNumber) && name.dropFirst(2).first == "-" }
    .sorted()

/// Exercises left out of the exercise host because they do not compile: set by `crudkit
/// grade` and `crudkit exercises`, which then grade them as "does not compile" (numbers, `3,7`).
let leftOutExercises = Set((Context.environment["CRUDKIT_LEFT_OUT_EXERCISES"] ?? "").split(separator: ",").compactMap { Int($0) })

/// The exercise modules the host links: every exercise folder not left out.
let hostExercises = exerciseFolders.filter { folder in !leftOutExercises.contains(Int(folder.prefix(2)) ?? 0) }

func exerciseModule(_ folder: String) -> String { "Exercise" + folder.prefix(2) }

let package = Package(
    name: "CRUDKit",
    platforms: [.macOS(.v15)],  // TaskExecutor (ThreadExecutors), used by the HTTP and PostgreSQL clients
    products: [
        .library(name: "CRUDSpec", targets: ["CRUDSpec"]),
        .library(name: "CRUDConformance", targets: ["CRUDConformance"]),
        .library(name: "CRUDMemory", targets: ["CRUDMemory"]),
        .library(name: "CRUDJSONFile", targets: ["CRUDJSONFile"]),
        .library(name: "CRUDJournal", targets: ["CRUDJournal"]),
        .library(name: "CRUDSQLite", targets: ["CRUDSQLite"]),
        .library(name: "CRUDPostgres", targets: ["CRUDPostgres"]),
        .library(name: "CRUDServer", targets: ["CRUDServer"]),
        .library(name: "CRUDHTTP", targets: ["CRUDHTTP"]),
        .library(name: "CRUDViewModels", targets: ["CRUDViewModels"]),
        .executable(name: "crudkit", targets: ["crudkit"]),
    ],
    targets: [
        // The models, the protocol, errors, queries, clocks and text helpers: what the
        // students' exercises may use, with nothing that does an exercise's job.
        .target(name: "CRUDModels", swiftSettings: strictSettings),
        // The specification: the models (re-exported), validation, search matching and orders.
        .target(name: "CRUDSpec", dependencies: ["CRUDModels"], swiftSettings: strictSettings),
        // The rule registry and the runner that checks any backend against it; the VIEW
        // rules drive the view models on each backend's store.
        .target(name: "CRUDConformance", dependencies: ["CRUDSpec", "CRUDViewModels", "ThreadExecutors"], swiftSettings: strictSettings),
        // What a task screen shows next, as pure reducers over Codable state: the protocols
        // Exercises 16 and 17 implement, shared by the view models and the student API.
        .target(name: "ScreenLogic", swiftSettings: strictSettings),
        // The logic of the course's screens (lists, editors, confirmations) over any store,
        // with Observation and no UI framework; the task screens take their pure logic as
        // ScreenLogic's protocols (Exercises 16 and 17), the kit's own by default.
        // Not bound to the main actor: a model's async methods run on its caller's actor
        // (NonisolatedNonsendingByDefault), the main actor under a UI, a thread of its own
        // in a VIEW check.
        .target(
            name: "CRUDViewModels", dependencies: ["CRUDSpec", "ScreenLogic"],
            swiftSettings: strictSettings + [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
        // The in-memory reference backend.
        .target(name: "CRUDMemory", dependencies: ["CRUDSpec"], swiftSettings: strictSettings),
        // A store in one JSON file, written atomically.
        .target(name: "CRUDJSONFile", dependencies: ["CRUDSpec", "CRUDMemory"], swiftSettings: strictSettings),
        // A log-structured store: one JSON Lines file, one appended line per change, compacted
        // in place; it shares the JSON store's atomic rewrite and file lock.
        .target(name: "CRUDJournal", dependencies: ["CRUDSpec", "CRUDMemory", "CRUDJSONFile"], swiftSettings: strictSettings),
        // The system's SQLite library: no SQLite package, only the C library and its header.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // A thin wrapper around one SQLite connection, on its own for the SQLite exercise.
        .target(name: "SQLiteAccess", dependencies: ["CRUDModels", "CSQLite"], swiftSettings: strictSettings),
        // A store in an SQLite database.
        .target(name: "CRUDSQLite", dependencies: ["CRUDSpec", "CSQLite", "SQLiteAccess"], swiftSettings: strictSettings),
        // A store in a PostgreSQL database, through libpq loaded at run time: nothing to link.
        .target(name: "CRUDPostgres", dependencies: ["CRUDSpec", "ThreadExecutors"], swiftSettings: strictSettings),
        // The Parse dialect both ends share: objects, finds, batches, errors and their codes.
        .target(name: "ParseWire", dependencies: ["CRUDSpec"], swiftSettings: strictSettings),
        // A task executor that is one thread: where code that must block runs, off the pool.
        .target(name: "ThreadExecutors", dependencies: ["CProcessControl"], swiftSettings: strictSettings),
        // The Parse-style REST mock server, on plain sockets.
        .target(
            name: "CRUDServer", dependencies: ["CRUDSpec", "CRUDMemory", "ParseWire", "ThreadExecutors"], swiftSettings: strictSettings),
        // libcurl's easy interface, loaded at run time: the HTTP client's transport on Linux.
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // A store that is a client of the REST API: over libcurl on Linux, URLSession elsewhere.
        .target(name: "CRUDHTTP", dependencies: ["CRUDSpec", "ParseWire", "ThreadExecutors", "CCurl"], swiftSettings: strictSettings),
        // Raw C SQLite with the store's schema and pragmas: the benchmark's baseline.
        .target(name: "CBenchIDs"),
        .target(name: "CSQLiteBaseline", dependencies: ["CSQLite", "CBenchIDs"]),
        // The raw libpq baseline of the bench, with libpq loaded at run time like the store's.
        .target(name: "CPostgresBaseline", dependencies: ["CBenchIDs"], linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // A keep-alive HTTP load generator in C: the mock server's capacity, apart from any client.
        .target(name: "CLoadGenerator", linkerSettings: [.linkedLibrary("pthread", .when(platforms: [.linux]))]),
        // What the Swift Glibc module lacks: prctl (subreaper), closefrom and chdir for spawns, the sandbox.
        .target(name: "CProcessControl"),
        // The terminal's size (ioctl is variadic: Swift cannot call it).
        .target(name: "CTerminal"),
        // A full-screen terminal program's parts: raw keys, frames, the size, a clean exit.
        .target(name: "TerminalUI", dependencies: ["CTerminal"], swiftSettings: strictSettings),
        // The kit's one way to start a program: posix_spawn with pipes, a folder, a process group.
        .target(name: "ChildProcesses", dependencies: ["CProcessControl", "ThreadExecutors"], swiftSettings: strictSettings),
        // The student API: the parts students write and what they may use, and nothing that does
        // an exercise's job. Exercises/ depends on this alone.
        .target(name: "ExerciseAPI", dependencies: ["CRUDModels", "SQLiteAccess", "ScreenLogic"], swiftSettings: strictSettings),
        // The exercise harness: the reference, the store built of parts, the manifest, the
        // grader and the exercise host.
        .target(
            name: "ExerciseKit",
            dependencies: [
                "ExerciseAPI", "CRUDSpec", "CRUDConformance", "CRUDViewModels", "CRUDSQLite", "CRUDPostgres", "CRUDMemory", "CRUDHTTP",
                "CRUDBackends",
                "CProcessControl",
                "ChildProcesses",
            ],
            swiftSettings: strictSettings
        ),
        // The parts of the exercises that compile, put together for the exercise host.
        .target(
            name: "ExerciseSubmission", dependencies: ["ExerciseKit"] + hostExercises.map { .target(name: exerciseModule($0)) },
            swiftSettings: strictSettings + hostExercises.map { .define("EXERCISE_" + $0.prefix(2)) }),
        // The catalogue of built-in backends, as the conformance suite and the tool see them.
        .target(
            name: "CRUDBackends",
            dependencies: [
                "CRUDSpec", "CRUDConformance", "CRUDMemory", "CRUDJSONFile", "CRUDJournal", "CRUDSQLite", "CRUDPostgres", "CRUDServer",
                "CRUDHTTP", "ChildProcesses", "ThreadExecutors",
            ],
            swiftSettings: strictSettings
        ),
        // The command-line tool's logic, as a library so tests can call it in-process.
        .target(
            name: "CRUDKitCLI",
            dependencies: [
                "CRUDSpec", "CRUDConformance", "CRUDBackends", "CRUDMemory", "CRUDJSONFile", "CRUDJournal", "CRUDSQLite", "CSQLiteBaseline",
                "CPostgresBaseline", "CRUDServer",
                "CRUDHTTP", "CRUDPostgres", "CLoadGenerator", "ExerciseKit", "CRUDMutants", "ChildProcesses", "CRUDViewModels",
                "TerminalUI", "ThreadExecutors",
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(name: "crudkit", dependencies: ["CRUDKitCLI"], swiftSettings: strictSettings),
        // The exercise host: the students' parts in a process of their own, which the
        // grader talks to through a narrow channel. The tool itself never links Exercises.
        .executableTarget(
            name: "exercise-host", dependencies: ["ExerciseKit", "ExerciseSubmission"], path: "Sources/exercise-host",
            swiftSettings: strictSettings),

        // The practical project's tutorial program (Course/Tutorials): its files are the
        // tutorial's last listings, so the tutorial's code is built with the kit.
        .executableTarget(
            name: "task-manager", dependencies: ["CRUDViewModels", "CRUDJSONFile", "CRUDConformance"],
            path: "Course/Tutorials/TaskManager", swiftSettings: strictSettings),

        // Deliberately broken backends that the suite must catch.
        .target(
            name: "CRUDMutants",
            dependencies: ["CRUDSpec", "CRUDConformance", "CRUDMemory", "CRUDJSONFile", "CRUDSQLite", "CRUDBackends", "CRUDHTTP"],
            swiftSettings: strictSettings
        ),
        // Shared by the test targets: broken backends, stubs, counting storage, seeds, a server with a client on it.
        .target(
            name: "CRUDTestSupport",
            dependencies: [
                "CRUDSpec", "CRUDConformance", "CRUDMemory", "CRUDServer", "CRUDHTTP", "CRUDBackends", "CRUDMutants", "ChildProcesses",
            ],
            path: "Tests/CRUDTestSupport",
            swiftSettings: strictSettings
        ),
        // The student's checks: each rule of each exercise, through the exercise host. They run
        // in a student's repository, or with CRUDKIT_STUDENT=1 (in the kit, starters fail them).
        .testTarget(
            name: "StudentTests", dependencies: ["ExerciseKit", "CRUDConformance", "CRUDTestSupport", "exercise-host"],
            swiftSettings: strictSettings),
    ],
    swiftLanguageModes: [.v6]
)

// The students' work: one module per exercise, which may import the student API and nothing else.
// An exercise left out is not declared at all, so nothing of it is built or checked.
package.targets += hostExercises.map { folder in
    .target(name: exerciseModule(folder), dependencies: ["ExerciseAPI"], path: "Exercises/" + folder, swiftSettings: strictSettings)
}

// The reference answers and the kit's own tests, where this copy has them: the kit's own
// repository does; a student's repository, written by `crudkit student-repo`, does not, and
// builds and tests (the student's checks only) without them.
if hasSolutions {
    package.products += [.library(name: "OneThreadPool", type: .dynamic, targets: ["OneThreadPool"])]
    package.targets += [
        // A child process for the crash-safety tests, killed with SIGKILL mid-write.
        .executableTarget(
            name: "crash-writer",
            dependencies: ["CRUDSpec", "CRUDJSONFile", "CRUDJournal", "CRUDSQLite"],
            path: "Tests/CrashWriter",
            swiftSettings: strictSettings
        ),
        // A child process that starts a throwaway PostgreSQL cluster and waits to be killed,
        // for the test that its watchdog cleans up after a SIGKILL.
        .executableTarget(
            name: "postgres-owner", dependencies: ["CRUDBackends"], path: "Tests/PostgresOwner", swiftSettings: strictSettings),
        // A child process that closes HTTP clients while their requests run, round after
        // round: a client that ends the process ends it, not the test that runs it.
        .executableTarget(
            name: "transport-stress", dependencies: ["CRUDBackends", "CRUDHTTP", "CRUDMemory", "CRUDSpec"], path: "Tests/TransportStress",
            swiftSettings: strictSettings),
        // A child process that starts helpers and is killed, for the tests of the Lifeline.
        .executableTarget(
            name: "lifeline-owner", dependencies: ["ChildProcesses", "ThreadExecutors"], path: "Tests/LifelineOwner",
            swiftSettings: strictSettings),
        // Loaded with LD_PRELOAD, runs Swift's global executor on one thread: the test that the
        // conformance suite blocks no thread of the pool.
        .target(name: "OneThreadPool", path: "Tests/OneThreadPool"),
        // An exercise host that misbehaves as told, for the tests of grading.
        .executableTarget(
            name: "hostile-host", dependencies: ["ExerciseKit", "CRUDSpec"], path: "Tests/HostileHost", swiftSettings: strictSettings),
        .testTarget(name: "CRUDSpecTests", dependencies: ["CRUDSpec"], swiftSettings: strictSettings),
        .testTarget(
            name: "ViewModelTests", dependencies: ["CRUDViewModels", "CRUDConformance", "CRUDMemory", "CRUDTestSupport", "ScreenLogic"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "ChildProcessesTests", dependencies: ["ChildProcesses", "CRUDTestSupport", "lifeline-owner"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "ConformanceTests",
            dependencies: [
                "CRUDSpec", "CRUDConformance", "CRUDMemory", "CRUDJSONFile", "CRUDBackends", "CRUDTestSupport", "CRUDMutants", "CRUDKitCLI",
            ],
            swiftSettings: strictSettings
        ),
        // A full-screen program on TerminalUI alone, for the tests that drive a terminal in tmux.
        .executableTarget(name: "terminal-probe", dependencies: ["TerminalUI"], path: "Tests/TerminalProbe", swiftSettings: strictSettings),
        .testTarget(
            name: "TerminalUITests", dependencies: ["TerminalUI", "CRUDTestSupport", "ChildProcesses", "terminal-probe"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "StoreTests",
            dependencies: [
                "CRUDSpec", "CRUDJSONFile", "CRUDJournal", "CRUDSQLite", "CRUDPostgres", "CRUDConformance", "CRUDBackends",
                "CRUDTestSupport", "ThreadExecutors", "crash-writer", "postgres-owner",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ServerTests",
            dependencies: [
                "CRUDSpec", "CRUDConformance", "CRUDMemory", "CRUDSQLite", "CRUDServer", "CRUDHTTP", "ParseWire", "CRUDTestSupport",
                "ThreadExecutors", "crudkit", "transport-stress",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ExerciseTests",
            dependencies: [
                "CRUDSpec", "CRUDConformance", "CRUDTestSupport", "ExerciseKit", "ExerciseSubmission", "exercise-host", "hostile-host",
                "Solutions", "solutions-host", "CRUDPostgres", "CRUDBackends",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CRUDKitCLITests",
            dependencies: [
                "CRUDKitCLI", "CRUDConformance", "CRUDSpec", "CRUDBackends", "CRUDTestSupport", "CRUDMutants", "ExerciseKit", "crudkit",
                "exercise-host", "CRUDServer", "CRUDMemory", "CRUDHTTP", "CRUDPostgres",
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "Solutions", dependencies: ["ExerciseAPI"], path: "Solutions", exclude: ["README.md"],
            swiftSettings: strictSettings),
        .executableTarget(
            name: "solutions-host", dependencies: ["ExerciseKit", "Solutions"], path: "Tests/SolutionsHost",
            swiftSettings: strictSettings),
    ]
}
