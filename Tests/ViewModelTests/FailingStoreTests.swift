import CRUDConformance
import CRUDMemory
import CRUDTestSupport
import Foundation
import Testing

@Suite("The failing store")
struct FailingStoreTests {
    @Test("The next N writes fail with the chosen error, never reach the inner store, and are counted")
    func nextWrites() async throws {
        let memory = MemoryStore()
        let store = FailingStore(memory)
        store.failNext(2, with: .network)
        for title in ["one", "two"] {
            await #expect(throws: CRUDError.network(reason: "the connection was lost")) {
                try await store.createTask(title: title, notes: nil)
            }
        }
        #expect(try await memory.countTasks(TaskQuery()) == 0, "a failed write reached the inner store")
        #expect(store.injectedFailures == 2)
        #expect(store.injectedFailures(of: .writes) == 2)
        let third = try await store.createTask(title: "three", notes: nil)
        #expect(try await memory.task(id: third.id).title == "three")
        #expect(store.injectedFailures == 2, "the third write was not to fail")
    }

    @Test("Reads go through while writes fail, and a read plan fails reads only")
    func readsAndWrites() async throws {
        let memory = MemoryStore()
        let kept = try await memory.createTask(title: "kept", notes: nil)
        let store = FailingStore(memory)
        store.failNext(1)
        #expect(try await store.tasks(TaskQuery()).map(\.id) == [kept.id])
        await #expect(throws: CRUDError.storeUnavailable(path: "failing-store")) { try await store.deleteTask(id: kept.id) }
        #expect(try await memory.task(id: kept.id) == kept)
        store.failNext(1, of: .reads)
        await #expect(throws: CRUDError.storeUnavailable(path: "failing-store")) { try await store.countTasks(TaskQuery()) }
        #expect(try await store.countTasks(TaskQuery()) == 1)
        #expect(store.injectedFailures(of: .reads) == 1)
        #expect(store.injectedFailures(of: .writes) == 1)
    }

    @Test("A seeded share fails the same writes on every run, about as often as asked, and can be re-armed or stopped")
    func seededShare() async throws {
        let seed = try TestSeed()
        try await seed.naming {
            func outcomes() async throws -> [Bool] {
                let store = FailingStore(MemoryStore())
                store.failShare(0.3, seed: seed.value)
                var result: [Bool] = []
                for index in 0..<200 {
                    result.append((try? await store.createTask(title: "t\(index)", notes: nil)) != nil)
                }
                let stored = try await store.inner.countTasks(TaskQuery())
                #expect(stored == result.filter { $0 }.count, "\(seed): stored \(stored) tasks")
                #expect(store.injectedFailures == result.filter { !$0 }.count, "\(seed)")
                return result
            }
            let first = try await outcomes()
            #expect(try await outcomes() == first, "\(seed): the same seed failed other writes")
            let failed = first.filter { !$0 }.count
            #expect((25...95).contains(failed), "\(seed): \(failed) of 200 writes failed at a share of 0.3")

            let store = FailingStore(MemoryStore())
            store.failShare(1, seed: seed.value)
            _ = try? await store.createTask(title: "a", notes: nil)
            store.stopFailing()
            _ = try await store.createTask(title: "b", notes: nil)
            #expect(store.injectedFailures == 1)
            #expect(try await store.inner.tasks(TaskQuery()).map(\.title) == ["b"])
        }
    }

    @Test("failNext(after:) lets the first writes through, then fails the next ones, then lets the rest through")
    func failAfterSome() async throws {
        let store = FailingStore(MemoryStore())
        store.failNext(2, after: 1, with: .network)
        var outcomes: [String] = []
        for title in ["a", "b", "c", "d"] {
            do {
                _ = try await store.createTask(title: title, notes: nil)
                outcomes.append("ok")
            } catch {
                outcomes.append(error as? CRUDError == .network(reason: "the connection was lost") ? "network" : "\(error)")
            }
        }
        #expect(outcomes == ["ok", "network", "network", "ok"])
        #expect(store.injectedFailures == 2)
        #expect(try await store.inner.tasks(TaskQuery(sort: .title)).map(\.title) == ["a", "d"])
    }

    @Test("Plans are safe to change from many tasks at once: every failure is counted once")
    func concurrent() async throws {
        let store = FailingStore(MemoryStore())
        store.failNext(50)
        let results = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<100 {
                group.addTask { (try? await store.createTask(title: "t\(index)", notes: nil)) != nil }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.filter { !$0 }.count == 50)
        #expect(store.injectedFailures == 50)
        #expect(try await store.inner.countTasks(TaskQuery()) == 50)
    }
}
