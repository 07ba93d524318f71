import Yams

/// Reads a YAML document into the same `JSONValue` tree a JSON document gives, so a YAML spec
/// is decoded (and its errors named) exactly as the equivalent JSON.
///
/// Scalars follow YAML 1.2's core schema as Yams resolves them: `null`/`~`, booleans,
/// integers, floats (`.nan` and `.inf` become numbers the decoder then rejects by path),
/// everything else a string. Mapping keys must be strings; anchors and aliases are expanded.
enum YAMLReader {
    /// The most values a document may expand to once its aliases are followed: a "billion laughs"
    /// document (aliases of aliases, a few lines long) is refused when it passes this, in
    /// milliseconds, instead of being expanded into gigabytes.
    static let maximumValues = 5_000_000
    /// The deepest nesting of flow collections (`[`, `{`) accepted, checked before parsing.
    static let maximumDepth = 512
    /// The widest indentation accepted (checked before parsing: deep block nesting needs it).
    static let maximumIndentation = 2 * maximumDepth

    static func read(_ bytes: [UInt8]) throws(SpecError) -> JSONValue {
        try readWithWarnings(bytes).value
    }

    /// Reads a document, and warns about every key repeated in a mapping (the last value is kept).
    static func readWithWarnings(_ bytes: [UInt8]) throws(SpecError) -> (value: JSONValue, warnings: [SpecWarning]) {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw SpecError(syntax: "the YAML document is not valid UTF-8", line: 1, column: 1)
        }
        try checkFlowDepth(bytes)
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw syntaxError(error)
        } catch {
            throw SpecError(syntax: "\(error)", line: 1, column: 1)
        }
        guard let node else { throw SpecError(syntax: "the document is empty", line: 1, column: 1) }
        // The expanded size first, without expanding: an alias is the same node as its anchor (same
        // position in the file), so each collection is counted once.
        var sizes: [Int: Int] = [:]
        let total = expandedSize(node, memo: &sizes)
        if total > maximumValues {
            let (line, column) = biggestAnchor(node, memo: sizes)
            throw SpecError(syntax: "YAML: the document expands to more than \(maximumValues) values once its aliases are followed"
                            + " (the limit): the collection at line \(line), column \(column) is repeated through aliases",
                            line: line, column: column)
        }
        var budget = maximumValues
        var warnings: [SpecWarning] = []
        let value = try convert(node, path: .root, budget: &budget, depth: 0, warnings: &warnings)
        return (value, warnings)
    }

    /// The number of values `node` stands for once aliases are followed (saturating past the limit).
    private static func expandedSize(_ node: Node, memo: inout [Int: Int]) -> Int {
        let key = (node.mark?.line ?? 0) << 32 | (node.mark?.column ?? 0)
        switch node {
        case .scalar: return 1
        case .sequence(let s):
            if node.mark != nil, let known = memo[key] { return known }
            var total = 1
            for element in s {
                total = min(total + expandedSize(element, memo: &memo), maximumValues + 1)
            }
            if node.mark != nil { memo[key] = total }
            return total
        case .mapping(let m):
            if node.mark != nil, let known = memo[key] { return known }
            var total = 1
            for (_, value) in m {
                total = min(total + 1 + expandedSize(value, memo: &memo), maximumValues + 1)
            }
            if node.mark != nil { memo[key] = total }
            return total
        }
    }

    /// Where the innermost collection that is large only because of repetition starts: the first
    /// collection found, from the root, whose children are each small but sum past the limit.
    private static func biggestAnchor(_ node: Node, memo: [Int: Int]) -> (Int, Int) {
        func size(_ n: Node) -> Int {
            if case .scalar = n { return 1 }
            return memo[(n.mark?.line ?? 0) << 32 | (n.mark?.column ?? 0)] ?? 1
        }
        var current = node
        while true {
            let children: [Node]
            switch current {
            case .scalar: return (current.mark?.line ?? 1, current.mark?.column ?? 1)
            case .sequence(let s): children = Array(s)
            case .mapping(let m): children = m.map(\.value)
            }
            guard let next = children.max(by: { size($0) < size($1) }), size(next) > maximumValues else {
                return (current.mark?.line ?? 1, current.mark?.column ?? 1)
            }
            current = next
        }
    }

    /// Refuses collections nested deeper than `maximumDepth` before any recursion (Yams composes
    /// recursively, so a deep document would overflow the stack): flow collections (`[[[[…`) and
    /// compact block collections (`- - - …`, `? ? ? …` on one line); deeper block nesting needs indentation,
    /// which the value conversion bounds.
    private static func checkFlowDepth(_ bytes: [UInt8]) throws(SpecError) {
        var depth = 0, line = 1, column = 0
        var quote: UInt8 = 0
        var comment = false
        var atLineStart = true, dashes = 0
        var previous: UInt8 = 0x0A
        for b in bytes {
            column += 1
            if atLineStart && quote == 0 {
                // A block indicator (`-` entry, `?` key, `:` value) opens a level.
                if (b == UInt8(ascii: "-") || b == UInt8(ascii: "?") || b == UInt8(ascii: ":"))
                    && (previous == 0x20 || previous == 0x0A || previous == 0x09) {
                    dashes += 1
                    if dashes > maximumDepth {
                        throw SpecError(syntax: "YAML: collections nested deeper than \(maximumDepth) levels", line: line, column: column)
                    }
                } else if b != 0x20 && b != 0x09 && b != 0x0A {
                    atLineStart = false
                } else if b != 0x0A, column > maximumIndentation {
                    // Nesting through indentation: a line indented this far could open more levels
                    // than the limit (one space each), which Yams would recurse through first.
                    throw SpecError(syntax: "YAML: a line indented more than \(maximumIndentation) columns", line: line, column: column)
                }
            }
            previous = b
            if b == 0x0A { line += 1; column = 0; comment = false; atLineStart = true; dashes = 0; continue }
            if comment { continue }
            if quote != 0 {
                if b == quote { quote = 0 }
                continue
            }
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = b
            case UInt8(ascii: "#"): comment = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > maximumDepth {
                    throw SpecError(syntax: "YAML: collections nested deeper than \(maximumDepth) levels", line: line, column: column)
                }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth = max(0, depth - 1)
            default: break
            }
        }
    }

    private static func convert(_ node: Node, path: JSONPath, budget: inout Int, depth: Int,
                                warnings: inout [SpecWarning]) throws(SpecError) -> JSONValue {
        budget -= 1
        guard budget >= 0 else {
            throw SpecError(path, "the YAML document expands to more than \(maximumValues) values once its aliases are followed"
                            + " (the limit; an alias of an anchor defined at line \(line(of: node)) passes it here)")
        }
        guard depth < maximumDepth else {
            throw SpecError(path, "the YAML document nests deeper than \(maximumDepth) levels")
        }
        switch node {
        case .scalar(let scalar):
            return convertScalar(node, scalar)
        case .sequence(let sequence):
            var values: [JSONValue] = []
            for (index, element) in sequence.enumerated() {
                values.append(try convert(element, path: path.appending(index), budget: &budget, depth: depth + 1, warnings: &warnings))
            }
            return .array(values)
        case .mapping(let mapping):
            var object = JSONObject()
            for (key, value) in mapping {
                guard case .scalar(let keyScalar) = key else {
                    throw SpecError(path, "a mapping key must be a string (line \(line(of: key)))")
                }
                if object[keyScalar.string] != nil {
                    warnings.append(SpecWarning(path.appending(keyScalar.string),
                                                "duplicate key at line \(line(of: key)); the last one is used"))
                }
                object[keyScalar.string] = try convert(value, path: path.appending(keyScalar.string), budget: &budget,
                                                       depth: depth + 1, warnings: &warnings)
            }
            return .object(object)
        }
    }

    private static func convertScalar(_ node: Node, _ scalar: Node.Scalar) -> JSONValue {
        // Quoted scalars are always strings.
        if scalar.style == .singleQuoted || scalar.style == .doubleQuoted || scalar.style == .literal
            || scalar.style == .folded {
            return .string(scalar.string)
        }
        switch node.tag.description {
        case Tag.Name.null.rawValue: return .null
        case Tag.Name.bool.rawValue: return node.bool.map(JSONValue.bool) ?? .string(scalar.string)
        case Tag.Name.int.rawValue:
            return node.int.map { .number(Double($0)) } ?? node.float.map(JSONValue.number) ?? .string(scalar.string)
        case Tag.Name.float.rawValue: return node.float.map(JSONValue.number) ?? .string(scalar.string)
        default: return .string(scalar.string)
        }
    }

    private static func line(of node: Node) -> Int { (node.mark?.line ?? 0) }

    private static func syntaxError(_ error: YamlError) -> SpecError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let suffix = context.map { " (\($0.text) at line \($0.mark.line), column \($0.mark.column))" } ?? ""
            return SpecError(syntax: "YAML: \(problem)\(suffix)", line: mark.line, column: mark.column)
        default:
            return SpecError(syntax: "YAML: \(error)", line: 1, column: 1)
        }
    }
}
