// A full-screen program on TerminalUI and nothing else, for the tests that drive a real
// terminal in tmux: it shows its size and every key it reads, redraws on a resize, and
// ends on q or Ctrl-C. Without a terminal it prints the error and exits 64.
import Foundation
import TerminalUI

let terminal: Terminal
do {
    terminal = try Terminal.open()
} catch {
    FileHandle.standardError.write(Data("terminal-probe: \(error)\n".utf8))
    exit(64)
}
do {
    try terminal.start()
} catch {
    FileHandle.standardError.write(Data("terminal-probe: \(error)\n".utf8))
    exit(74)
}
var seen: [String] = []
var draws = 0

@MainActor func draw() {
    let (rows, columns) = terminal.size
    draws += 1
    var frame = Frame(rows: rows, columns: columns)
    frame.set(0, [Frame.Span("probe ", .bold), Frame.Span("\(rows)x\(columns) draw \(draws)")])
    frame.set(1, "keys: " + seen.suffix(12).joined(separator: " "))
    frame.set(rows - 1, "q or Ctrl-C ends", .dim)
    terminal.draw(frame)
}

draw()
loop: while !terminal.inputEnded {
    let keys = terminal.readKeys(timeout: .milliseconds(200))
    if terminal.takeResize() { draw() }
    for key in keys {
        if key == .character("q") || key == .control("c") { break loop }
        seen.append(key.description)
        draw()
    }
}
terminal.restore()
print("probe ended after \(seen.count) keys")
