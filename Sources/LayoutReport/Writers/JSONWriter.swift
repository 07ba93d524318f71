import LayoutEngine

/// Writes a `JSONValue` as JSON text, keys in the tree's order.
///
/// Numbers are written without noise and round-trip exactly: an integral value as an integer
/// (`44`, not `44.0`; `-0` as `0`), anything else in Swift's shortest round-trip form (`0.1`,
/// `20.333333333333332`, `1e-05`). Non-finite numbers, which JSON cannot hold, are written as
/// `null`. Strings are escaped as RFC 8259 requires and otherwise written as UTF-8.
public struct JSONWriter: Sendable {
    /// Layout of the text.
    public enum Style: Sendable {
        /// One line, no spaces.
        case compact
        /// Indented two spaces per level; a value nested at most two levels deep (a rect, a list
        /// of index paths, a row) that fits in `inlineWidth` characters stays on one line.
        case pretty(inlineWidth: Int = 100)
    }

    public var style: Style

    public init(style: Style = .pretty()) { self.style = style }

    /// The JSON text of `value`, ending with a newline in the pretty style.
    public func string(_ value: JSONValue) -> String {
        var out = ""
        switch style {
        case .compact: Self.writeCompact(value, into: &out)
        case .pretty(let width):
            writePretty(value, indent: 0, inlineWidth: width, into: &out)
            out += "\n"
        }
        return out
    }

    /// A number as the writer writes it (`JSONText.number`: 44, not 44.0; shortest round trip).
    public static func format(_ number: Double) -> String { JSONText.number(number) }

    /// A string literal with JSON escapes (`JSONText.string`).
    public static func quote(_ text: String) -> String { JSONText.string(text) }

    static func writeCompact(_ value: JSONValue, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += format(n)
        case .string(let s): out += quote(s)
        case .array(let elements):
            out += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { out += "," }
                writeCompact(element, into: &out)
            }
            out += "]"
        case .object(let object):
            out += "{"
            for (i, member) in object.members.enumerated() {
                if i > 0 { out += "," }
                out += quote(member.key) + ":"
                writeCompact(member.value, into: &out)
            }
            out += "}"
        }
    }

    /// Whether a value nests at most two levels (a rect, an index path list, a row object) and so
    /// may be written on one line.
    private static func isShallow(_ value: JSONValue) -> Bool { depth(value, limit: 3) <= 2 }

    private static func depth(_ value: JSONValue, limit: Int) -> Int {
        guard limit > 0 else { return 0 }
        switch value {
        case .array(let elements): return 1 + (elements.map { depth($0, limit: limit - 1) }.max() ?? 0)
        case .object(let object): return 1 + (object.members.map { depth($0.value, limit: limit - 1) }.max() ?? 0)
        default: return 0
        }
    }

    func writePretty(_ value: JSONValue, indent: Int, inlineWidth: Int, into out: inout String) {
        if Self.isShallow(value) {
            var line = ""
            Self.writeInline(value, into: &line)
            if line.count <= inlineWidth || !value.isContainer {
                out += line
                return
            }
        }
        let pad = String(repeating: " ", count: indent + 2)
        switch value {
        case .array(let elements):
            if elements.isEmpty { out += "[]"; return }
            out += "[\n"
            for (i, element) in elements.enumerated() {
                out += pad
                writePretty(element, indent: indent + 2, inlineWidth: inlineWidth, into: &out)
                out += i + 1 < elements.count ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        case .object(let object):
            if object.count == 0 { out += "{}"; return }
            out += "{\n"
            let members = object.members
            for (i, member) in members.enumerated() {
                out += pad + Self.quote(member.key) + ": "
                writePretty(member.value, indent: indent + 2, inlineWidth: inlineWidth, into: &out)
                out += i + 1 < members.count ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        default:
            Self.writeCompact(value, into: &out)
        }
    }

    /// One line with a space after commas and colons: `{"rect": [0, 94, 375, 45], "estimated": false}`.
    private static func writeInline(_ value: JSONValue, into out: inout String) {
        switch value {
        case .array(let elements):
            out += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { out += ", " }
                writeInline(element, into: &out)
            }
            out += "]"
        case .object(let object):
            out += "{"
            for (i, member) in object.members.enumerated() {
                if i > 0 { out += ", " }
                out += quote(member.key) + ": "
                writeInline(member.value, into: &out)
            }
            out += "}"
        default: writeCompact(value, into: &out)
        }
    }
}

extension JSONValue {
    var isContainer: Bool {
        switch self {
        case .array, .object: return true
        default: return false
        }
    }
}
