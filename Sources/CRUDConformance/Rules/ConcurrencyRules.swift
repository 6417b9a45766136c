import CRUDSpec
import Foundation

extension Rules {
    static let concurrency: [Rule] = [
        Rule(
            "CONCURRENCY-001",
            statement: "100 creates issued from parallel tasks all land, with 100 distinct ids and an exact count.",
            reason: "Apps save from several places at once; a lost write is lost data.",
            hint: "Serialize access to shared state (an actor, a lock, a transaction); never read-modify-write unguarded."
        ) { context in
            let store = try context.store
            let ids = try await context.attempt("100 parallel createTask calls") {
                Set(
                    try await Parallel.values(
                        (0..<100).map { index in { @Sendable in try await store.createTask(title: "parallel \(index)", notes: nil).id } }))
            }
            try context.expectEqual(ids.count, 100, "distinct ids returned by 100 parallel creates")
            try context.expectEqual(try await context.count(), 100, "countTasks() after 100 parallel creates")
            try context.expectEqual(Set(try await context.list().map(\.id)), ids, "the ids listed after 100 parallel creates")
        },
        Rule(
            "CONCURRENCY-002",
            statement: "Of 20 parallel creates of contacts with one email, exactly one succeeds and the others throw duplicate(email).",
            reason: "A uniqueness check that is not atomic with the insert lets duplicates in under load.",
            hint: "Check and insert in one critical section or transaction, or rely on a unique index."
        ) { context in
            let store = try context.store
            let outcomes = await Parallel.results(
                (0..<20).map { index in
                    { @Sendable in try await store.createContact(name: "Racer \(index)", email: "Race@example.com", phone: nil) }
                })
            var successes = 0
            var duplicates = 0
            for outcome in outcomes {
                switch outcome {
                case .success: successes += 1
                case .failure(CRUDError.duplicate(field: .email)): duplicates += 1
                case .failure(let error):
                    throw CheckFailure(
                        step: "20 parallel createContact calls with one email", expected: "one success and 19 duplicate(email)",
                        actual: "one threw \(Show.error(error))")
                }
            }
            try context.expectEqual(successes, 1, "successful creates among 20 with one email")
            try context.expectEqual(duplicates, 19, "duplicate(email) errors among 20 creates with one email")
            try context.expectEqual(try await context.listContacts().count, 1, "contacts stored after the race")
        },
    ]
}
