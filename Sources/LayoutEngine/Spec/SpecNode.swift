import LayoutGeometry

/// The hand-written decoder's cursor: a JSON value, the path it was found at, and the shared
/// decoding state. Every accessor that rejects a value throws a `SpecError` naming `path`.
///
/// Decoding by hand (rather than with `Codable`) is what lets every message name the exact
/// JSON path, the same for JSON and YAML input.
struct SpecNode {
    let value: JSONValue
    let path: JSONPath
    let context: SpecDecodingContext

    func fail(_ message: String) -> SpecError { SpecError(path, message) }

    func typeError(_ expected: String) -> SpecError {
        fail("expected \(expected), got \(value.typeDescription)")
    }

    var isNull: Bool { value == .null }

    // MARK: Scalars

    /// A finite number.
    func number() throws -> Double {
        guard case .number(let n) = value else { throw typeError("a number") }
        guard n.isFinite else { throw fail("must be a finite number") }
        return n
    }

    /// A finite number ≥ 0 (heights, widths, spacings, insets of content).
    func nonNegative() throws -> Double {
        let n = try number()
        guard n >= 0 else { throw fail("must be ≥ 0") }
        return n
    }

    /// A finite number > 0.
    func positive() throws -> Double {
        let n = try number()
        guard n > 0 else { throw fail("must be > 0") }
        return n
    }

    /// A whole number in `range`.
    func integer(in range: ClosedRange<Int>) throws -> Int {
        let n = try number()
        guard n == n.rounded() else { throw fail("must be a whole number") }
        guard n >= Double(range.lowerBound) else { throw fail("must be ≥ \(range.lowerBound)") }
        guard n <= Double(range.upperBound) else { throw fail("must be ≤ \(range.upperBound)") }
        return Int(n)
    }

    func string() throws -> String {
        guard case .string(let s) = value else { throw typeError("a string") }
        return s
    }

    func bool() throws -> Bool {
        guard case .bool(let b) = value else { throw typeError("true or false") }
        return b
    }

    /// One of an enumeration's raw values; the message lists them all.
    func choice<E: RawRepresentable & CaseIterable>(_ type: E.Type) throws -> E where E.RawValue == String {
        let allowed = E.allCases.map(\.rawValue).joined(separator: ", ")
        guard case .string(let s) = value else { throw typeError("one of \(allowed)") }
        if let result = E(rawValue: s) { return result }
        // The hyphenated spelling of earlier versions (`truncate-tail`) names the camelCase value.
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count > 1, !parts.contains(where: \.isEmpty),
           let result = E(rawValue: String(parts[0]) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()) {
            return result
        }
        throw fail("\"\(s)\" is not one of \(allowed)")
    }

    /// A line break mode by any of its names (`TextLineBreakMode.init(name:)`: `truncateTail`,
    /// `truncate-tail`, UIKit's `byTruncatingTail`); the message lists the spec's names.
    func lineBreakMode() throws -> TextLineBreakMode {
        guard case .string(let s) = value else { throw typeError("one of \(TextLineBreakMode.names)") }
        guard let mode = TextLineBreakMode(name: s) else {
            throw fail("\"\(s)\" is not one of \(TextLineBreakMode.names) (UIKit's names, such as byTruncatingTail, are accepted too)")
        }
        return mode
    }

    /// A cross-axis alignment: `start|center|end|stretch|firstBaseline|lastBaseline`, or
    /// `UIStackView.Alignment`'s names (`leading`, `top` = `start`; `trailing`, `bottom` = `end`;
    /// `fill` = `stretch`).
    func alignment() throws -> CellAlignment {
        let names = CellAlignment.allCases.map(\.rawValue).joined(separator: ", ")
        guard case .string(let s) = value else { throw typeError("one of \(names)") }
        if let uikit = Self.uikitAlignments[s] { return uikit }
        // (The spec's names, the hyphenated spellings of earlier versions among them, as every enum reads them.)
        if let own = try? choice(CellAlignment.self) { return own }
        throw fail("\"\(s)\" is not one of \(names) (UIStackView's leading, top, trailing, bottom and fill are accepted too)")
    }

    /// A layout direction: CSS's `ltr` and `rtl`, `UIUserInterfaceLayoutDirection`'s
    /// `leftToRight` and `rightToLeft`, or `UISemanticContentAttribute`'s `forceLeftToRight` and
    /// `forceRightToLeft`.
    func layoutDirection() throws -> CellLayoutDirection {
        let names = "ltr, rtl, leftToRight, rightToLeft, forceLeftToRight or forceRightToLeft"
        guard case .string(let s) = value else { throw typeError("one of \(names)") }
        guard let d = Self.layoutDirection(named: s) else { throw fail("\"\(s)\" is not one of \(names)") }
        return d
    }

    /// The layout direction a name spells (`layoutDirection()`'s names), or nil.
    static func layoutDirection(named s: String) -> CellLayoutDirection? {
        switch s {
        case "ltr", "leftToRight", "forceLeftToRight": return .leftToRight
        case "rtl", "rightToLeft", "forceRightToLeft": return .rightToLeft
        default: return nil
        }
    }

    /// A text alignment: `NSTextAlignment`'s `natural`, `left`, `center`, `right` and `justified`
    /// (CSS's `start` is `natural`, its `justify` `justified`).
    func textAlignment() throws -> TextLineAlignment {
        let names = "natural, left, center, right or justified"
        guard case .string(let s) = value else { throw typeError("one of \(names)") }
        if let a = Self.textAlignment(named: s) { return a }
        throw fail("\"\(s)\" is not one of \(names)")
    }

    /// The text alignment a name spells (`textAlignment()`'s names), or nil.
    static func textAlignment(named s: String) -> TextLineAlignment? {
        s == "start" ? .natural : s == "justify" ? .justified : TextLineAlignment(rawValue: s)
    }

    static let uikitAlignments: [String: CellAlignment] = [
        "leading": .start, "top": .start, "trailing": .end, "bottom": .end, "fill": .stretch]

    // MARK: Containers

    func array() throws -> [SpecNode] {
        guard case .array(let items) = value else { throw typeError("an array") }
        return items.enumerated().map { SpecNode(value: $1, path: path.appending($0), context: context) }
    }

    /// The members of an object. Members not in `known` are reported as warnings (with a
    /// suggestion when one of the known names is close), not errors, so that specs may carry
    /// notes and extensions.
    func object(known: [String]) throws -> SpecObject {
        guard case .object(let object) = value else { throw typeError("an object") }
        for key in object.keys where !known.contains(key) {
            context.warn(path.appending(key), "unknown field, ignored" + suggestion(for: key, among: known))
        }
        return SpecObject(object: object, path: path, context: context)
    }

    /// `object(known:)` for the layout language (elements, their boxes, repeats and padding),
    /// where a key it does not know is an error at its path, as issue 10 asks: a misspelt
    /// property (`"gorw"`, `"heigth"`) would otherwise lay out quietly as something else.
    func strictObject(known: [String]) throws -> SpecObject {
        guard case .object(let object) = value else { throw typeError("an object") }
        for key in object.keys where !known.contains(key) {
            let guess = suggestion(for: key, among: known)
            throw SpecError(path.appending(key), "unknown property" + (!guess.isEmpty ? guess
                : known.isEmpty ? " (this takes none: {})" : " (known: \(known.joined(separator: ", ")))"))
        }
        return SpecObject(object: object, path: path, context: context)
    }

    // MARK: Geometry values

    /// `{"width": w, "height": h}`, both ≥ 0 and both required.
    func size() throws -> (width: Double, height: Double) {
        let o = try object(known: ["width", "height"])
        return (try o.required("width").nonNegative(), try o.required("height").nonNegative())
    }

    /// `{"top", "left", "bottom", "right"}`; absent edges are 0. Negative insets are allowed
    /// (UIKit allows them) but must be finite.
    func insets() throws -> EdgeInsets {
        let o = try object(known: ["top", "left", "bottom", "right"])
        return EdgeInsets(top: try o.optional("top")?.number() ?? 0, left: try o.optional("left")?.number() ?? 0,
                          bottom: try o.optional("bottom")?.number() ?? 0, right: try o.optional("right")?.number() ?? 0)
    }

    /// `[section, row]`, two whole numbers ≥ 0.
    func indexPath() throws -> IndexPath {
        let parts = try array()
        guard parts.count == 2 else { throw fail("expected [section, row], an array of 2 whole numbers, got \(parts.count) elements") }
        let limit = SpecLimits.maximumIndex
        let section = try parts[0].integer(in: 0...limit)
        return IndexPath(item: try parts[1].integer(in: 0...limit), section: section)
    }

    /// An array of `count` finite numbers.
    func numbers(_ count: Int, _ description: String) throws -> [Double] {
        let parts = try array()
        guard parts.count == count else { throw fail("expected \(description), an array of \(count) numbers, got \(parts.count) elements") }
        return try parts.map { try $0.number() }
    }
}

/// The members of a JSON object being decoded.
struct SpecObject {
    let object: JSONObject
    let path: JSONPath
    let context: SpecDecodingContext

    /// Whether the member is written at all (even as `null`).
    func has(_ key: String) -> Bool { object[key] != nil }

    /// The member, `null` included; nil when absent.
    func member(_ key: String) -> SpecNode? {
        object[key].map { SpecNode(value: $0, path: path.appending(key), context: context) }
    }

    /// The member; nil when absent or `null`.
    func optional(_ key: String) -> SpecNode? {
        guard let node = member(key), !node.isNull else { return nil }
        return node
    }

    /// The member; an error naming it when absent or `null`.
    func required(_ key: String) throws -> SpecNode {
        guard let node = optional(key) else { throw SpecError(path.appending(key), "required field is missing") }
        return node
    }

    func fail(_ message: String) -> SpecError { SpecError(path, message) }
}

/// The closest known name to a misspelt one, as " (did you mean …?)", or "".
func suggestion(for key: String, among known: [String]) -> String {
    let lowered = key.lowercased()
    var best: (name: String, distance: Int)?
    for name in known {
        let d = editDistance(Array(lowered), Array(name.lowercased()))
        if d <= max(1, name.count / 3), d < (best?.distance ?? .max) { best = (name, d) }
    }
    return best.map { " (did you mean \"\($0.name)\"?)" } ?? ""
}

/// Optimal string alignment distance: insertions, deletions, substitutions and transpositions
/// of adjacent characters each cost 1 ("cuont" is 1 from "count").
private func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
            }
        }
    }
    return d[a.count][b.count]
}
