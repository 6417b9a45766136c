import CRUDBackends
import Foundation

// Starts a throwaway cluster with the programs found as usual, prints its folder and its
// server's process id on one line ("<folder> <pid>"), then waits to be killed: the test
// SIGKILLs it and expects the cluster's watchdog to stop the server and remove the folder.
// On failure it prints "unavailable: <reason>" and exits 1.
switch PostgresBinaries.locate() {
case .failure(let unavailable):
    print("unavailable: \(unavailable)")
    exit(1)
case .success(let binaries):
    do {
        let cluster = try PostgresCluster.start(binaries: binaries)
        FileHandle.standardOutput.write(Data("\(cluster.folder) \(cluster.serverPID.map(String.init) ?? "none")\n".utf8))
        while true { sleep(60) }
    } catch {
        print("unavailable: \(error)")
        exit(1)
    }
}
