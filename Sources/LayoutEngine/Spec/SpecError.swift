/// A location in a spec document, written the way the contract's error messages name it:
/// `sections[2].rows[14].height`.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    /// One step: a member name or an array index.
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    /// The last step and the path before it, shared by every path that extends it: appending is
    /// one small allocation, not a copy of every step (a 10,000-row spec makes a path per value).
    private final class Node: Sendable {
        let parent: Node?
        let component: Component
        let depth: Int
        init(parent: Node?, component: Component) {
            self.parent = parent
            self.component = component
            depth = (parent?.depth ?? 0) + 1
        }
    }

    private let last: Node?

    /// The steps from the document's root.
    public var components: [Component] {
        var out: [Component] = []
        out.reserveCapacity(last?.depth ?? 0)
        var node = last
        while let n = node {
            out.append(n.component)
            node = n.parent
        }
        return out.reversed()
    }

    /// The root of the document.
    public static let root = JSONPath(last: nil)

    private init(last: Node?) { self.last = last }

    /// Creates a path from its steps.
    public init(components: [Component]) {
        var node: Node?
        for c in components { node = Node(parent: node, component: c) }
        last = node
    }

    /// This path followed by a member name.
    public func appending(_ key: String) -> JSONPath {
        JSONPath(last: Node(parent: last, component: .key(key)))
    }

    /// This path followed by an array index.
    public func appending(_ index: Int) -> JSONPath {
        JSONPath(last: Node(parent: last, component: .index(index)))
    }

    public static func == (a: JSONPath, b: JSONPath) -> Bool {
        var x = a.last, y = b.last
        while true {
            if x === y { return true }
            guard let p = x, let q = y, p.depth == q.depth, p.component == q.component else { return false }
            x = p.parent
            y = q.parent
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(components)
    }

    /// Whether this is the document's root.
    public var isRoot: Bool { last == nil }

    /// `sections[2].rows[14].height`; member names that are not plain identifiers are quoted
    /// (`textStyles["my style"]`). The root is written `(top level)`.
    public var description: String {
        if last == nil { return "(top level)" }
        var text = ""
        for component in components {
            switch component {
            case .index(let i): text += "[\(i)]"
            case .key(let key):
                if Self.isIdentifier(key) {
                    text += text.isEmpty ? key : "." + key
                } else {
                    text += "[\"\(key)\"]"
                }
            }
        }
        return text
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, !first.properties.numericType.exists else { return false }
        return key.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || $0.properties.numericType.exists }
    }
}

extension Optional where Wrapped == Unicode.NumericType {
    fileprivate var exists: Bool { self != nil }
}

/// A spec that cannot be used: malformed JSON or YAML, or a value that breaks a rule.
///
/// The description names where: `sections[2].rows[14].height: must be ≥ 0`, or, for a syntax
/// error, `line 3, column 7: unexpected '}', expected a value`.
public struct SpecError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path of the offending value (the root for syntax errors).
    public var path: JSONPath
    /// What is wrong, without the location.
    public var message: String
    /// 1-based line and column of a syntax error.
    public var line: Int?
    public var column: Int?
    /// Warnings collected before the error (an unknown field often explains a missing one).
    /// Not part of `description`.
    public var warnings: [SpecWarning] = []

    /// An error about the value at `path`.
    public init(_ path: JSONPath, _ message: String) {
        self.path = path
        self.message = message
    }

    /// A syntax error at a line and column of the document.
    public init(syntax message: String, line: Int, column: Int) {
        self.path = .root
        self.message = message
        self.line = line
        self.column = column
    }

    public var description: String {
        if let line, let column { return "line \(line), column \(column): \(message)" }
        return "\(path): \(message)"
    }
}

/// Something in a spec that was accepted but is probably not what the author meant
/// (an unknown member name, an item clamped to the container). Reported on standard error.
public struct SpecWarning: Hashable, Sendable, CustomStringConvertible {
    /// Where.
    public var path: JSONPath
    /// What.
    public var message: String

    public init(_ path: JSONPath, _ message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "warning: \(path): \(message)" }
}
