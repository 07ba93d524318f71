import Yams

/// Reads a YAML document into the same `JSONValue` tree a JSON document gives, so a YAML spec
/// is decoded (and its errors named) exactly as the equivalent JSON.
///
/// Scalars follow YAML 1.2's core schema as Yams resolves them: `null`/`~`, booleans,
/// integers, floats (`.nan` and `.inf` become numbers the decoder then rejects by path),
/// everything else a string. Mapping keys must be strings; anchors and aliases are expanded.
enum YAMLReader {
    static func read(_ bytes: [UInt8]) throws(SpecError) -> JSONValue {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw SpecError(syntax: "the YAML document is not valid UTF-8", line: 1, column: 1)
        }
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw syntaxError(error)
        } catch {
            throw SpecError(syntax: "\(error)", line: 1, column: 1)
        }
        guard let node else { throw SpecError(syntax: "the document is empty", line: 1, column: 1) }
        return try convert(node, path: .root)
    }

    private static func convert(_ node: Node, path: JSONPath) throws(SpecError) -> JSONValue {
        switch node {
        case .scalar(let scalar):
            return convertScalar(node, scalar)
        case .sequence(let sequence):
            var values: [JSONValue] = []
            for (index, element) in sequence.enumerated() {
                values.append(try convert(element, path: path.appending(index)))
            }
            return .array(values)
        case .mapping(let mapping):
            var object = JSONObject()
            for (key, value) in mapping {
                guard case .scalar(let keyScalar) = key else {
                    throw SpecError(path, "a mapping key must be a string (line \(line(of: key)))")
                }
                object[keyScalar.string] = try convert(value, path: path.appending(keyScalar.string))
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
