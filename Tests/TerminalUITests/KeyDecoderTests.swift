import Testing

@testable import TerminalUI

@Suite("Keys from a terminal's bytes")
struct KeyDecoderTests {
    private func keys(_ text: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.feed(Array(text.utf8)) + decoder.flush()
    }

    @Test("Letters, Enter, Tab, Backspace and Control letters")
    func plainKeys() {
        #expect(keys("ab 1") == [.character("a"), .character("b"), .character(" "), .character("1")])
        #expect(keys("\r\n\t\u{7F}\u{08}") == [.enter, .enter, .tab, .backspace, .backspace])
        #expect(keys("\u{03}\u{11}") == [.control("c"), .control("q")])
    }

    @Test("Arrows, Home, End, Delete, pages and Shift-Tab, in both the CSI and SS3 forms")
    func sequences() {
        #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
        #expect(keys("\u{1B}OA\u{1B}OH\u{1B}OF") == [.up, .home, .end])
        #expect(keys("\u{1B}[1~\u{1B}[4~\u{1B}[3~\u{1B}[5~\u{1B}[6~\u{1B}[Z") == [.home, .end, .delete, .pageUp, .pageDown, .backTab])
        #expect(keys("\u{1B}[1;5C") == [.right], "Ctrl-Right is still a right arrow")
        #expect(keys("\u{1B}[99~x") == [.character("x")], "an unknown sequence is dropped whole, not typed")
    }

    @Test("A lone Esc waits for flush(); Esc before a letter is Esc then the letter")
    func escape() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty && decoder.hasPending)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.hasPending)
        #expect(keys("\u{1B}q") == [.escape, .character("q")])
    }

    @Test("Sequences and UTF-8 characters split across reads come out whole, once")
    func splitReads() {
        let text = "é✓\u{1B}[Aß🙂"
        let whole = keys(text)
        #expect(whole == [.character("é"), .character("✓"), .up, .character("ß"), .character("🙂")])
        let bytes = Array(text.utf8)
        for cut in 1..<bytes.count {
            var decoder = KeyDecoder()
            let pieces = decoder.feed(bytes[..<cut]) + decoder.feed(bytes[cut...]) + decoder.flush()
            #expect(pieces == whole, "cut after byte \(cut)")
        }
    }

    @Test("Bytes that are no UTF-8 are skipped, and what follows still decodes")
    func invalidBytes() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0xFF, 0x61, 0xC3, 0x28, 0x62]) == [.character("a"), .character("("), .character("b")])
    }
}
