import Yams

extension LayoutSpec {
    /// Decodes a spec from the bytes of a JSON or YAML document.
    ///
    /// Every problem is a `SpecError` that names where: a line and column for malformed
    /// JSON/YAML, else the JSON path of the value (`sections[2].rows[14].height: must be ≥ 0`).
    /// YAML is converted to the same value tree as JSON first, so paths and messages are the
    /// same for both formats.
    ///
    /// Things accepted that were probably not meant — unknown fields, duplicate keys — are
    /// warnings in the document; with `strict`, the first of them is an error instead.
    public static func decode(_ bytes: [UInt8], format: SpecFormat, strict: Bool = false) throws(SpecError) -> SpecDocument {
        let parsed: (value: JSONValue, warnings: [SpecWarning])
        switch format {
        case .json: parsed = try JSONParser.parseWithWarnings(bytes)
        case .yaml: parsed = try YAMLReader.readWithWarnings(bytes)
        }
        var document: SpecDocument
        do {
            document = try decode(parsed.value)
        } catch {
            var error = error
            error.warnings = parsed.warnings + error.warnings
            throw error
        }
        document.warnings = parsed.warnings + document.warnings
        if strict, let first = document.warnings.first {
            var error = SpecError(first.path, first.message + " (an error with --strict)")
            error.warnings = Array(document.warnings.dropFirst())
            throw error
        }
        return document
    }

    /// Decodes a spec from JSON text.
    public static func decode(json: String) throws(SpecError) -> SpecDocument {
        try decode(Array(json.utf8), format: .json)
    }

    /// Decodes a spec from YAML text.
    public static func decode(yaml: String) throws(SpecError) -> SpecDocument {
        try decode(Array(yaml.utf8), format: .yaml)
    }

    /// Decodes a spec from a value tree.
    public static func decode(_ value: JSONValue) throws(SpecError) -> SpecDocument {
        try decode(value, planTemplates: true)
    }

    /// `decode(_:)`; `planTemplates: false` decodes every templated row the direct way (tests
    /// compare the two).
    static func decode(_ value: JSONValue, planTemplates: Bool) throws(SpecError) -> SpecDocument {
        let context = SpecDecodingContext()
        context.planTemplates = planTemplates
        // The templates hold their nodes, which hold the context: let them go with it.
        defer { context.releaseTemplates() }
        let root = SpecNode(value: value, path: .root, context: context)
        do {
            let spec = try decodeRoot(root)
            return SpecDocument(spec: spec, warnings: context.warnings)
        } catch var error as SpecError {
            error.warnings = context.warnings
            throw error
        } catch {
            var error = SpecError(.root, "\(error)")
            error.warnings = context.warnings
            throw error
        }
    }

    private static func decodeRoot(_ root: SpecNode) throws -> LayoutSpec {
        guard case .object(let object) = root.value else { throw root.typeError("an object (a table or grid spec)") }
        let kindNode = SpecNode(value: object["kind"] ?? .null, path: JSONPath.root.appending("kind"), context: root.context)
        if kindNode.isNull {
            let gridOnly = GridSpec.fieldNames.filter { object[$0] != nil && !TableSpec.fieldNames.contains($0) }
            if let field = gridOnly.first {
                throw kindNode.fail("required field is missing: the spec has grid fields (\(field)); add \"kind\": \"grid\"")
            }
            return .table(try TableSpec.decode(root, nested: false))
        }
        switch try kindNode.choice(SpecKind.self) {
        case .table: return .table(try TableSpec.decode(root, nested: false))
        case .grid: return .grid(try GridSpec.decode(root, nested: false))
        }
    }
}

/// The values of a spec's `kind`.
enum SpecKind: String, CaseIterable {
    case table, grid
}

extension SpecNode {
    /// A number ≥ 0 or `"automatic"`.
    func heightRule() throws -> HeightRule {
        if case .string(let s) = value {
            guard s == "automatic" else { throw fail("\"\(s)\" is not a height: expected a number ≥ 0 or \"automatic\"") }
            return .automatic
        }
        guard case .number = value else { throw typeError("a number ≥ 0 or \"automatic\"") }
        return .fixed(try nonNegative())
    }

    /// `{"height", "offset"}` with the contract's defaults.
    func viewport() throws -> ViewportSpec {
        let o = try object(known: ["height", "offset"])
        var viewport = ViewportSpec()
        if let h = o.optional("height") { viewport.height = try h.nonNegative() }
        if let y = o.optional("offset") { viewport.offset = try y.number() }
        return viewport
    }

    /// A list of strings.
    func strings() throws -> [String] {
        try array().map { try $0.string() }
    }

    /// Runs `body` with `names` added to the visible text style names, restoring them after.
    func withTextStyles<T>(_ names: some Sequence<String>, _ body: () throws -> T) rethrows -> T {
        let saved = context.textStyleNames
        context.textStyleNames.formUnion(names)
        defer { context.textStyleNames = saved }
        return try body()
    }

    /// Counts the nesting of tables and grids, failing past `SpecLimits.maximumNesting`.
    func nested<T>(_ body: () throws -> T) throws -> T {
        context.nesting += 1
        defer { context.nesting -= 1 }
        guard context.nesting <= SpecLimits.maximumNesting else {
            throw fail("tables and grids are nested more than \(SpecLimits.maximumNesting) deep")
        }
        return try body()
    }
}
