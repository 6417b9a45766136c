/// Text made safe for HTML and XML, and the frame of the kit's self-contained pages.
enum Markup {
    /// `text` with `&`, `<`, `>`, `"` and `'` written as entities, so that it can go between
    /// tags and inside quoted attributes. Everything that comes from data goes through here.
    /// It works on Unicode scalars, not Characters: a quote followed by a combining accent is
    /// one Character, but the browser still reads the quote as the end of an attribute.
    static func escape(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let entity = entities[scalar] { out.append(contentsOf: entity.unicodeScalars) } else { out.append(scalar) }
        }
        return String(out)
    }

    private static let entities: [Unicode.Scalar: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"]

    /// A whole HTML document: `title` (escaped here), the page's own CSS inline, and `body`
    /// (already markup). It loads nothing: no scripts, fonts, images or style sheets from
    /// anywhere, so the file can be mailed, archived or opened offline as it is.
    static func page(title: String, style: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>
        \(baseStyle)\(style)</style>
        </head>
        <body>
        \(body)</body>
        </html>

        """
    }

    /// What both pages share: type, tables and folded details.
    private static let baseStyle = """
        body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 72em; padding: 0 1em; color: #1b1f24; }
        h1 { font-size: 1.6em; margin-bottom: 0.2em; }
        h2 { font-size: 1.25em; margin-top: 2em; }
        table { border-collapse: collapse; margin: 1em 0; }
        th, td { border: 1px solid #d0d7de; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
        th { background: #f6f8fa; }
        td.number { text-align: right; font-variant-numeric: tabular-nums; }
        pre { white-space: pre-wrap; margin: 0.4em 0; font-size: 0.9em; }
        summary { cursor: pointer; }
        .met { color: #116329; }
        .missed { color: #a40e26; font-weight: bold; }

        """
}
