import LayoutGeometry

/// A refused input or update: what is wrong and where.
///
/// `path` names the field the way a spec does (`minimumLineSpacing`,
/// `sections[0].items[3].width`, `deleteItems[1]`) so that a caller parsing JSON can prefix
/// its own location; `message` says what is wrong. A refused batch update carries a
/// UIKit-style reason ("attempt to delete item 5 from section 0 which only contains 1 items
/// before the update").
public struct FlowLayoutError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The field or operation at fault.
    public var path: String
    /// What is wrong with it.
    public var message: String

    /// Creates an error.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// Something the layout accepted but changed or could not honour, surfaced in the result
/// instead of being printed (UIKit logs these and carries on).
public struct FlowLayoutWarning: Sendable, Hashable, CustomStringConvertible {
    /// What happened.
    public enum Kind: String, Sendable, Hashable {
        /// An item longer than the room on its line was clamped to that room.
        case itemClamped
        /// A sizer answered a size that is not finite and positive; the estimate was kept.
        case invalidMeasurement
    }

    /// The kind of warning.
    public var kind: Kind
    /// The item concerned.
    public var indexPath: IndexPath
    /// A sentence describing it.
    public var message: String

    /// The spec path of the item, `sections[s].items[i]`.
    public var path: String { "sections[\(indexPath.section)].items[\(indexPath.item)]" }

    /// Creates a warning.
    public init(kind: Kind, indexPath: IndexPath, message: String) {
        self.kind = kind
        self.indexPath = indexPath
        self.message = message
    }

    /// `path: message`.
    public var description: String { "\(path): \(message)" }
}

/// Checks shared by configuration, section and item validation.
enum FlowCheck {
    static func nonNegative(_ value: Double, _ path: String) throws(FlowLayoutError) {
        guard value.isFinite else { throw FlowLayoutError(path: path, message: "must be a finite number (got \(value))") }
        guard value >= 0 else { throw FlowLayoutError(path: path, message: "must be ≥ 0 (got \(value))") }
    }

    static func positive(_ value: Double, _ path: String) throws(FlowLayoutError) {
        guard value.isFinite else { throw FlowLayoutError(path: path, message: "must be a finite number (got \(value))") }
        guard value > 0 else { throw FlowLayoutError(path: path, message: "must be > 0 (got \(value))") }
    }

    static func finite(_ value: Double, _ path: String) throws(FlowLayoutError) {
        guard value.isFinite else { throw FlowLayoutError(path: path, message: "must be a finite number (got \(value))") }
    }

    /// Both dimensions finite and > 0 (item sizes).
    static func positive(_ size: Size, _ path: String) throws(FlowLayoutError) {
        try positive(size.width, path + ".width")
        try positive(size.height, path + ".height")
    }

    /// Both dimensions finite and ≥ 0 (header and footer sizes).
    static func nonNegative(_ size: Size, _ path: String) throws(FlowLayoutError) {
        try nonNegative(size.width, path + ".width")
        try nonNegative(size.height, path + ".height")
    }

    static func finite(_ insets: EdgeInsets, _ path: String) throws(FlowLayoutError) {
        try finite(insets.top, path + ".top")
        try finite(insets.left, path + ".left")
        try finite(insets.bottom, path + ".bottom")
        try finite(insets.right, path + ".right")
    }
}
