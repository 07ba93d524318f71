extension SpecNode {
    /// `textStyles`: an object of named styles.
    func textStyles() throws -> [String: TextStyleSpec] {
        guard case .object(let object) = value else { throw typeError("an object of named text styles") }
        var styles: [String: TextStyleSpec] = [:]
        for key in object.keys {
            let node = SpecNode(value: object[key] ?? .null, path: path.appending(key), context: context)
            styles[key] = try node.textStyle()
        }
        return styles
    }

    /// One text style; every field optional.
    func textStyle() throws -> TextStyleSpec {
        let o = try object(known: ["font", "size", "lineBreakMode", "numberOfLines", "lineSpacing", "lineHeightMultiple",
                                   "paragraphSpacing", "minimumLineHeight", "maximumLineHeight", "fontLeading", "direction"])
        var style = TextStyleSpec()
        style.font = try o.optional("font")?.string()
        if let font = style.font, font.isEmpty { throw path.appending("font").error("must not be empty") }
        style.size = try o.optional("size")?.positive()
        style.lineBreakMode = try o.optional("lineBreakMode")?.lineBreakMode()
        style.numberOfLines = try o.optional("numberOfLines")?.integer(in: 0...1_000_000)
        style.lineSpacing = try o.optional("lineSpacing")?.nonNegative()
        style.lineHeightMultiple = try o.optional("lineHeightMultiple")?.nonNegative()
        style.paragraphSpacing = try o.optional("paragraphSpacing")?.nonNegative()
        style.minimumLineHeight = try o.optional("minimumLineHeight")?.nonNegative()
        style.maximumLineHeight = try o.optional("maximumLineHeight")?.nonNegative()
        style.fontLeading = try o.optional("fontLeading")?.bool()
        style.direction = try o.optional("direction")?.choice(TextDirection.self)
        return style
    }

    /// A style name (defined in an enclosing `textStyles` or built in) or an inline style.
    func textStyleRef() throws -> TextStyleRef {
        if case .object = value { return .inline(try textStyle()) }
        guard case .string(let name) = value else { throw typeError("a text style name or an inline text style") }
        guard context.textStyleNames.contains(name) || TextStyleSpec.builtin[name] != nil else {
            let defined = context.textStyleNames.sorted()
            let known = defined.isEmpty ? "" : "; textStyles defines \(defined.joined(separator: ", "))"
            throw fail("unknown text style \"\(name)\"\(known) (built in: \(TextStyleSpec.builtin.keys.sorted().joined(separator: ", ")))")
        }
        return .named(name)
    }
}
