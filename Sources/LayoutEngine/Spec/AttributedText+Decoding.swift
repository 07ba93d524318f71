import TextLayout

extension SpecNode {
    /// The fields a run may carry.
    static let runKeys = ["text", "attachment", "font", "size", "kern", "baselineOffset"]

    /// A text as a spec gives it: a string, or a list of runs (docs/CONTRACT.md, "Attributed
    /// text"): `[{"text": "@Kenshin Cui", "font": "DejaVu Sans Bold"}, " 今天 ", {"text": "#话题#",
    /// "size": 15}, {"attachment": {"width": 18, "height": 18, "baseline": -3}}]`. A string in the
    /// list is a run in the style's font. Returns the joined string (an attachment is U+FFFC) and
    /// the runs, nil for a plain string.
    func textContent() throws -> (String, AttributedText?) {
        if case .string(let s) = value { return (s, nil) }
        guard case .array = value else { throw typeError("a string or an array of runs") }
        var runs: [TextRun] = []
        for item in try array() {
            if case .string(let s) = item.value {
                runs.append(.text(s))
                continue
            }
            let o = try item.object(known: Self.runKeys)
            let text = o.optional("text"), box = o.optional("attachment")
            var run: TextRun
            switch (text, box) {
            case (let text?, nil):
                run = .text(try text.string())
            case (nil, let box?):
                let a = try box.object(known: ["width", "height", "baseline"])
                run = .attachment(width: try a.required("width").nonNegative(), height: try a.required("height").nonNegative(),
                                  baseline: try a.optional("baseline")?.number() ?? 0)
            case (nil, nil):
                throw item.fail("a run needs \"text\" or \"attachment\"")
            case (_?, _?):
                throw item.fail("a run is a text or an attachment, not both")
            }
            if let f = o.optional("font") {
                let name = try f.string()
                guard !name.isEmpty else { throw f.fail("must be a non-empty font name") }
                run.font = name
            }
            run.size = try o.optional("size")?.positive()
            if let k = o.optional("kern") { run.kern = try k.number() }
            if let b = o.optional("baselineOffset") { run.baselineOffset = try b.number() }
            runs.append(run)
        }
        let text = AttributedText(runs)
        do {
            try text.validate()
        } catch {
            // "runs[2].size: …" → the run's own path.
            if case .invalidParameter(let field, let value, let requirement) = error,
               let close = field.firstIndex(of: "]"), let index = Int(field.dropFirst(5).prefix(while: { $0 != "]" })) {
                var p = path.appending(index)
                for part in field[field.index(after: close)...].split(separator: ".") { p = p.appending(String(part)) }
                throw SpecError(p, "\(requirement) (got \(value))")
            }
            throw fail(error.description)
        }
        return (text.string, text)
    }
}
