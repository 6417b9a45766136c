import CRUDBackends
import CRUDConformance
import CRUDPostgres
import CRUDSpec
import CRUDTestSupport
import ExerciseKit
import Foundation
import Solutions
import Testing

/// The solution's table, with `createTable` followed by SQL of a student's choosing.
private struct AddedSQL: PostgresTaskTable {
    let extra: String
    let solution = Solutions.Submission.parts.postgresTaskTable

    func createTable() throws -> String { try solution.createTable() + ";\n" + extra }
    func insert(_ task: TaskItem) throws -> PostgresStatement { try solution.insert(task) }
    func selectAll() throws -> String { try solution.selectAll() }
    func task(from row: [String?]) throws -> TaskItem { try solution.task(from: row) }
    func update(_ task: TaskItem) throws -> PostgresStatement { try solution.update(task) }
    func delete(id: UUID) throws -> PostgresStatement { try solution.delete(id: id) }
}

/// Exercise 15's rule `id`, checked on `table` as the student's part.
private func check(_ id: String, on table: any PostgresTaskTable, environment: [String: String]? = nil) async throws -> RuleResult {
    var parts = ExerciseParts.reference
    parts.postgresTaskTable = table
    var grader = Grader(submission: parts)
    if let environment { grader.environment = environment }
    let exercise = try #require(Manifest.exercise(15))
    let rule = try #require(grader.rules(of: exercise).first { $0.id == id })
    return await grader.runner.run(rule, on: grader.backend(for: 15))
}

@Suite("Exercise 15 grading")
struct PostgresExerciseTests {
    @Test(
        "The student's SQL cannot run a program on the server: COPY FROM PROGRAM is refused and runs nothing",
        .enabled(if: PostgresAvailability.ownClusterRuns, "needs the kit's own throwaway PostgreSQL cluster"))
    func noPrograms() async throws {
        let marker = "/tmp/crudkit-copy-program-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: marker) }
        let table = AddedSQL(extra: "CREATE TEMP TABLE probe (line text); COPY probe FROM PROGRAM 'touch \(marker)'")
        let result = try await check("TASK-CREATE-013", on: table)
        guard case .failed(let failure) = result.outcome else {
            Issue.record("expected the check to fail on COPY FROM PROGRAM, got \(result.summary)")
            return
        }
        // 42501 is insufficient_privilege; the message names the role it would take.
        #expect(failure.actual.contains("42501") && failure.actual.contains("pg_execute_server_program"), "\(failure.actual)")
        #expect(!FileManager.default.fileExists(atPath: marker), "the program ran: \(marker) exists")
    }

    @Test(
        "The student's SQL cannot make a role: CREATE ROLE is refused and no role is made",
        .enabled(if: PostgresAvailability.ownClusterRuns, "needs the kit's own throwaway PostgreSQL cluster"))
    func noRoles() async throws {
        let role = "crudkit_intruder_\(UUID().uuidString.prefix(8).lowercased())"
        let result = try await check("TASK-CREATE-013", on: AddedSQL(extra: "CREATE ROLE \(role) LOGIN"))
        guard case .failed(let failure) = result.outcome else {
            Issue.record("expected the check to fail on CREATE ROLE, got \(result.summary)")
            return
        }
        #expect(failure.actual.contains("42501"), "expected insufficient_privilege, got \(failure.actual)")
        let admin = try PostgresSession(connection: try await PostgresServer.resolve().connectionString)
        defer { admin.close() }
        #expect(try admin.query("SELECT count(*) FROM pg_roles WHERE rolname = $1", [role]) == [["0"]])
    }

    @Test(
        "The student's SQL runs as a role that is no superuser and owns only the check's schema, which is dropped with the role",
        .enabled(if: PostgresAvailability.ownClusterRuns, "needs the kit's own throwaway PostgreSQL cluster"))
    func unprivilegedRole() async throws {
        // The role's name and rights (t if it has any of them), written into a task's title by the student's own SELECT.
        struct WhoAmI: PostgresTaskTable {
            let solution = Solutions.Submission.parts.postgresTaskTable
            func createTable() throws -> String { try solution.createTable() }
            func insert(_ task: TaskItem) throws -> PostgresStatement { try solution.insert(task) }
            func selectAll() throws -> String {
                """
                SELECT id, (SELECT rolname || ' ' || (rolsuper OR rolcreaterole OR rolcreatedb
                    OR pg_has_role(current_user, 'pg_execute_server_program', 'MEMBER'))
                    FROM pg_roles WHERE rolname = current_user), notes, is_completed, created_at, updated_at FROM tasks ORDER BY seq
                """
            }
            func task(from row: [String?]) throws -> TaskItem { try solution.task(from: row) }
            func update(_ task: TaskItem) throws -> PostgresStatement { try solution.update(task) }
            func delete(id: UUID) throws -> PostgresStatement { try solution.delete(id: id) }
        }
        let result = try await check("DURABILITY-001", on: WhoAmI())
        guard case .failed(let failure) = result.outcome else {
            Issue.record("the titles read back were changed, so the check must fail; got \(result.summary)")
            return
        }
        let shown = failure.actual + failure.expected
        // "crudkit_student_… f": the check's own role, with none of those rights.
        let role = try #require(shown.firstMatch(of: /crudkit_student_[0-9a-f]{16} f/), "no role without rights in \(shown)").output
            .dropLast(2)
        let admin = try PostgresSession(connection: try await PostgresServer.resolve().connectionString)
        defer { admin.close() }
        let left = try admin.query(
            "SELECT (SELECT count(*) FROM pg_roles WHERE rolname = $1), (SELECT count(*) FROM pg_namespace WHERE nspname = $2)",
            [String(role), "crudkit_exercise_" + role.dropFirst("crudkit_student_".count)])
        #expect(left == [["0", "0"]], "the check's role and schema are still there after it: \(left)")
    }

    @Test("Without a server to reach, every rule of exercise 15 is n/a with the reason: no points, not done, not checkable")
    func unreachableServer() async throws {
        let refusing = try RefusingAddress()
        defer { refusing.release() }
        let url = "postgres://nobody@127.0.0.1:\(refusing.port)/crudkit?connect_timeout=5"
        let exercise = try #require(Manifest.exercise(15))
        var results: [RuleResult] = []
        for rule in exercise.rules {
            results.append(
                try await check(rule, on: Solutions.Submission.parts.postgresTaskTable, environment: [PostgresServer.urlVariable: url]))
        }
        for result in results {
            guard case .notApplicable(let reason) = result.outcome else {
                Issue.record("\(result.rule.id): expected n/a, got \(result.summary)")
                continue
            }
            #expect(reason.contains("127.0.0.1:\(refusing.port)") && reason.contains("cannot be reached"), "\(reason)")
        }
        let outcome = ExerciseOutcome(exercise: exercise, results: results, compileErrors: nil)
        #expect(outcome.points == 0 && outcome.passed == 0 && !outcome.isDone)
        #expect(outcome.notCheckableReason?.contains("cannot be reached") == true, "\(outcome.notCheckableReason ?? "nil")")
    }
}
