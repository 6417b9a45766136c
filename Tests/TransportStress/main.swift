import CRUDBackends
import CRUDHTTP
import CRUDMemory
import CRUDSpec
import Foundation

// Closes HTTP clients while their requests start, run and finish, round after round, with
// the interleaving of each round chosen by a seeded generator:
//
//   transport-stress libcurl|urlsession SEED ROUNDS
//
// Every request must answer or throw a CRUDError, and every request started after close()
// returned must throw. Prints "ROUNDS rounds: A answered, T threw, L after close" and exits
// 0; exits 1 naming the round and what broke. A client that ends the process ends this
// program instead of the test that runs it, which records how it ended.

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 3, let seed = UInt64(arguments[arguments.startIndex + 1]),
    let rounds = Int(arguments[arguments.startIndex + 2]), ["libcurl", "urlsession"].contains(arguments.first)
else {
    FileHandle.standardError.write(Data("usage: transport-stress libcurl|urlsession SEED ROUNDS\n".utf8))
    exit(2)
}
let transport: HTTPStore.Configuration.Transport = arguments.first == "libcurl" ? .automatic : .urlSession

/// What one round's requests came to.
struct Tally: Sendable {
    var answered = 0
    var threw = 0
    var refusedAfterClose = 0
    var broken: String?

    static func + (lhs: Tally, rhs: Tally) -> Tally {
        Tally(
            answered: lhs.answered + rhs.answered, threw: lhs.threw + rhs.threw,
            refusedAfterClose: lhs.refusedAfterClose + rhs.refusedAfterClose, broken: lhs.broken ?? rhs.broken)
    }
}

/// Waits a few scheduling turns or microseconds, as the generator says: where in the other
/// side's work the next step lands.
func pause(_ choice: UInt64) async {
    switch choice % 5 {
    case 0: break
    case 1: await Task.yield()
    case 2: for _ in 0..<Int(choice % 7) { await Task.yield() }
    case 3: try? await Task.sleep(for: .microseconds(Int(choice % 400)))
    // Long enough for requests to be under way: a loopback round trip takes about a millisecond.
    default: try? await Task.sleep(for: .microseconds(Int(choice % 3_000)))
    }
}

/// One read by `client`; `afterClose` when it starts after close() returned.
func read(_ client: HTTPStore, _ id: UUID, afterClose: Bool) async -> Tally {
    do {
        _ = try await client.task(id: id)
        if afterClose { return Tally(broken: "a request started after close() returned was answered") }
        return Tally(answered: 1)
    } catch let error as CRUDError {
        if afterClose {
            guard error == .network(reason: "the client was closed") else {
                return Tally(broken: "a request after close() threw \(error), not network(\"the client was closed\")")
            }
            return Tally(threw: 1, refusedAfterClose: 1)
        }
        return Tally(threw: 1)
    } catch {
        return Tally(broken: "a request threw \(type(of: error)) \(error), not a CRUDError")
    }
}

let local = try LocalServer.start(over: MemoryStore(), clientStopsServer: false)
let known = try await local.client.createTask(title: "Read me", notes: nil)
try await local.client.close()
var random = SeededRandom(seed: seed)
var total = Tally()
let clock = ContinuousClock()
let started = clock.now
for round in 1...max(1, rounds) {
    var configuration = HTTPStore.Configuration(
        baseURL: local.server.baseURL, applicationID: local.server.configuration.applicationID, timeout: .seconds(10), maxAttempts: 2,
        initialBackoff: .milliseconds(1), transport: transport)
    configuration.restKey = nil
    let client = HTTPStore(configuration: configuration)
    // "libcurl" must be libcurl: where it cannot be loaded the client would quietly use URLSession.
    let expectedTransport = transport == .automatic ? "libcurl" : "URLSession"
    guard client.transportName == expectedTransport else {
        print("the client runs on \(client.transportName), not \(expectedTransport)")
        exit(1)
    }
    let before = Int(random.next() % 6)
    let during = Int(random.next() % 4)
    let after = Int(random.next() % 3)
    let pauses = (0..<(before + during + 2)).map { _ in random.next() }
    // One round in four first finishes a request on the fresh client, so every run answers
    // some, however slow the machine: the closes then meet warm connections too.
    let warm = random.next() % 4 == 0 ? await read(client, known.id, afterClose: false) : Tally()
    let tally = await withTaskGroup(of: Tally.self) { group in
        for index in 0..<before {
            group.addTask {
                await pause(pauses[index])
                return await read(client, known.id, afterClose: false)
            }
        }
        group.addTask {
            await pause(pauses[before])
            try? await client.close()
            return Tally()
        }
        for index in 0..<during {
            group.addTask {
                await pause(pauses[before + 1 + index])
                return await read(client, known.id, afterClose: false)
            }
        }
        var sum = Tally()
        for await part in group { sum = sum + part }
        return sum
    }
    // close() has returned: whatever starts now must be refused.
    var late = Tally()
    for _ in 0..<after { late = late + (await read(client, known.id, afterClose: true)) }
    total = total + warm + tally + late
    if let broken = total.broken {
        print("round \(round) of seed \(seed): \(broken)")
        exit(1)
    }
}
await local.server.shutdown()
let seconds = Double((clock.now - started).components.seconds) + Double((clock.now - started).components.attoseconds) / 1e18
print(
    "\(rounds) rounds: \(total.answered) answered, \(total.threw) threw, \(total.refusedAfterClose) after close"
        + " (\(String(format: "%.1f", seconds)) s)")
