import Testing

@testable import TerminalUI

@Suite("Frames and widths")
struct FrameTests {
    @Test("Wide characters and emoji take two cells, combining marks none")
    func widths() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("日本") == 4)
        #expect(DisplayWidth.of("🙂") == 2)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.truncated("Buy milk and bread", to: 8) == "Buy mil…")
        #expect(DisplayWidth.truncated("日本語テキスト", to: 6) == "日本…")
        #expect(DisplayWidth.truncated("short", to: 8) == "short")
    }

    @Test("Rows are cut to the width, rows outside the screen are ignored, missing rows are blank")
    func layout() {
        var frame = Frame(rows: 3, columns: 10)
        frame.set(0, [Frame.Span("Tasks ", .bold), Frame.Span("Contacts and more")])
        frame.set(1, "ok")
        frame.set(7, "off screen")
        #expect(frame.text == ["Tasks Con…", "ok", ""])
        #expect(frame.text.allSatisfy { DisplayWidth.of($0) <= 10 })
    }

    @Test("The escape sequence places each row, styles spans, clears the rest, and shows the cursor only when asked")
    func drawing() {
        var frame = Frame(rows: 2, columns: 20)
        frame.set(0, "Title", .reverse)
        frame.set(1, "x")
        let hidden = frame.escapeSequence
        #expect(hidden.contains("\u{1B}[1;1H\u{1B}[7mTitle\u{1B}[0m\u{1B}[K"))
        #expect(hidden.contains("\u{1B}[2;1Hx\u{1B}[0m\u{1B}[K"))
        #expect(!hidden.contains("?25h"))
        frame.cursor = (row: 1, column: 1)
        #expect(frame.escapeSequence.hasSuffix("\u{1B}[2;2H\u{1B}[?25h"))
    }
}
