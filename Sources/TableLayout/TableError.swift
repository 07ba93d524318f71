import LayoutGeometry

/// Why a table could not be built, measured or updated. Every message names the field or index
/// path at fault.
public enum TableError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A height given in the description is negative, NaN or infinite (`field` names it, e.g.
    /// `sections[2].rows[14].height`).
    case invalidHeight(field: String, value: Double)
    /// A width is negative, NaN or infinite.
    case invalidWidth(field: String, value: Double)
    /// A count is negative.
    case invalidCount(field: String, value: Int)
    /// A self-sizing element and no sizer to measure it.
    case noHeightSource(element: String)
    /// The sizer answered a negative, NaN or infinite height.
    case invalidMeasuredHeight(element: String, value: Double)
    /// The sizer threw.
    case sizerFailed(element: String, message: String)
    /// More elements than the table supports.
    case tooManyRows(field: String, count: Int, limit: Int)
    /// A batch update refused, with UIKit's reason; the layout is unchanged.
    case invalidUpdate(String)

    public var description: String {
        switch self {
        case let .invalidHeight(field, v): return "\(field): must be a finite number ≥ 0 (got \(v))"
        case let .invalidWidth(field, v): return "\(field): must be a finite number ≥ 0 (got \(v))"
        case let .invalidCount(field, v): return "\(field): must be ≥ 0 (got \(v))"
        case let .noHeightSource(e):
            return "\(e): self-sizing (automatic height) but the table has no sizer; give a height or a sizer"
        case let .invalidMeasuredHeight(e, v): return "\(e): the sizer answered \(v), not a finite height ≥ 0"
        case let .sizerFailed(e, m): return "\(e): sizing failed: \(m)"
        case let .tooManyRows(field, n, limit):
            return "\(field): \(n) rows, headers and footers exceed the limit of \(limit)"
        case let .invalidUpdate(reason): return "Invalid update: \(reason)"
        }
    }
}

/// Names of elements in messages: `row [0, 5]`, `header of section 2`.
enum ElementName {
    static func row(_ p: IndexPath) -> String { "row [\(p.section), \(p.row)]" }
    static func header(_ s: Int) -> String { "header of section \(s)" }
    static func footer(_ s: Int) -> String { "footer of section \(s)" }
}

/// Validation helpers for user-given numbers.
enum Check {
    static func height(_ v: Double, _ field: @autoclosure () -> String) throws(TableError) {
        guard v.isFinite, v >= 0 else { throw .invalidHeight(field: field(), value: v) }
    }

    static func width(_ v: Double, _ field: @autoclosure () -> String) throws(TableError) {
        guard v.isFinite, v >= 0 else { throw .invalidWidth(field: field(), value: v) }
    }
}
