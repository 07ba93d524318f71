import TextLayout

extension TextLayoutResult {
    /// The contract's `measure` result as one line of JSON:
    /// `{"id", "width", "height", "lineCount", "truncated", "lines": [{"text", "range", "width", "y", "height"}]}`.
    /// `warnings`, when there are any, follow `id` as `"warnings": ["…"]`. A text with right-to-left
    /// runs adds `"direction"` (its first paragraph's, after `truncated`) and, on each line, its
    /// left edge `"x"` and its visual runs `"runs": [{"range", "x", "width", "direction"}]`;
    /// left-to-right text is written as before.
    public func jsonLine(idJSON: String? = nil, warnings: [String] = []) -> String {
        var out = "{"
        if let idJSON { out += "\"id\":\(idJSON)," }
        if !warnings.isEmpty { out += "\"warnings\":[" + warnings.map(JSONText.string).joined(separator: ",") + "]," }
        out += "\"width\":\(JSONText.number(size.width)),\"height\":\(JSONText.number(size.height)),"
        out += "\"lineCount\":\(lineCount),\"truncated\":\(truncated),"
        let bidi = direction == .rightToLeft || lines.contains { !$0.visualRuns.isEmpty }
        if bidi { out += "\"direction\":\"\(direction.rawValue)\"," }
        out += "\"lines\":["
        for (i, l) in lines.enumerated() {
            if i > 0 { out += "," }
            out += "{\"text\":\(JSONText.string(l.text)),\"range\":[\(l.range.location),\(l.range.length)],"
            out += "\"width\":\(JSONText.number(l.width)),\"y\":\(JSONText.number(l.y)),\"height\":\(JSONText.number(l.height))"
            if bidi {
                out += ",\"x\":\(JSONText.number(l.x)),\"runs\":["
                out += l.runs.map { r in
                    "{\"range\":[\(r.range.location),\(r.range.length)],\"x\":\(JSONText.number(r.x)),"
                        + "\"width\":\(JSONText.number(r.width)),\"direction\":\"\(r.direction.rawValue)\"}"
                }.joined(separator: ",")
                out += "]"
            }
            out += "}"
        }
        return out + "]}"
    }
}

extension TextLayoutResult {
    /// A warning for characters no font has (`missingCharacters`): "no font in the fallback chain
    /// has U+1F44D (👍); measured as a missing-glyph box …", with the way to add an emoji font.
    public var missingCharacterWarnings: [String] { Self.missingCharacterWarnings(missingCharacters) }

    /// The warning for characters no font has (see `missingCharacterWarnings`); none when empty.
    public static func missingCharacterWarnings(_ missingCharacters: [Unicode.Scalar]) -> [String] {
        guard !missingCharacters.isEmpty else { return [] }
        let list = missingCharacters.map { s in
            "U+" + String(s.value, radix: 16, uppercase: true).leftPadded(to: 4) + " (\(Character(s)))"
        }.joined(separator: ", ")
        let emoji = missingCharacters.contains { $0.properties.isEmojiPresentation || $0.properties.isEmoji && $0.value > 0xFF }
        return ["no font in the fallback chain has \(list); measured as the font's missing-glyph box"
                + (emoji ? " (for emoji: apt-get install fonts-noto-color-emoji, then --fonts /usr/share/fonts/truetype/noto or --fallback system)"
                         : " (add a font that has it with --fonts DIR, or --fallback system)")]
    }
}

private extension String {
    func leftPadded(to n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}

/// The contract's error answer for a case: `{"id": …, "error": "…"}`.
public func measureErrorLine(idJSON: String?, message: String) -> String {
    "{\"id\":\(idJSON ?? "null"),\"error\":\(JSONText.string(message))}"
}
