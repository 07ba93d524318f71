import TextLayout

extension TextLayoutResult {
    /// The contract's `measure` result as one line of JSON:
    /// `{"id", "width", "height", "lineCount", "truncated", "lines": [{"text", "range", "width", "y", "height"}]}`.
    /// `warnings`, when there are any, follow `id` as `"warnings": ["…"]`.
    public func jsonLine(idJSON: String? = nil, warnings: [String] = []) -> String {
        var out = "{"
        if let idJSON { out += "\"id\":\(idJSON)," }
        if !warnings.isEmpty { out += "\"warnings\":[" + warnings.map(JSONText.string).joined(separator: ",") + "]," }
        out += "\"width\":\(JSONText.number(size.width)),\"height\":\(JSONText.number(size.height)),"
        out += "\"lineCount\":\(lineCount),\"truncated\":\(truncated),\"lines\":["
        for (i, l) in lines.enumerated() {
            if i > 0 { out += "," }
            out += "{\"text\":\(JSONText.string(l.text)),\"range\":[\(l.range.location),\(l.range.length)],"
            out += "\"width\":\(JSONText.number(l.width)),\"y\":\(JSONText.number(l.y)),\"height\":\(JSONText.number(l.height))}"
        }
        return out + "]}"
    }
}

/// The contract's error answer for a case: `{"id": …, "error": "…"}`.
public func measureErrorLine(idJSON: String?, message: String) -> String {
    "{\"id\":\(idJSON ?? "null"),\"error\":\(JSONText.string(message))}"
}
