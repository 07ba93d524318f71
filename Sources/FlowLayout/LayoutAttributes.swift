import LayoutGeometry

/// The geometry of one element of a collection layout (UIKit's
/// `UICollectionViewLayoutAttributes`, reduced to what a headless layout decides).
public struct LayoutAttributes: Sendable, Hashable, CustomStringConvertible {
    /// What the element is.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A cell.
        case item
        /// A section header (UIKit's `elementKindSectionHeader`).
        case header
        /// A section footer (UIKit's `elementKindSectionFooter`).
        case footer
    }

    /// What the element is.
    public var kind: Kind
    /// The item's index path; `[section, 0]` for a header or footer.
    public var indexPath: IndexPath
    /// The frame in content coordinates.
    public var frame: Rect
    /// Stacking order; pinned headers and footers are raised above items (UIKit uses 1024).
    public var zIndex: Int
    /// Whether the frame comes from an estimate (a self-sizing item not measured yet).
    public var isEstimated: Bool

    /// Creates attributes.
    public init(kind: Kind = .item, indexPath: IndexPath, frame: Rect, zIndex: Int = 0, isEstimated: Bool = false) {
        self.kind = kind
        self.indexPath = indexPath
        self.frame = frame
        self.zIndex = zIndex
        self.isEstimated = isEstimated
    }

    public var description: String { "\(kind) \(indexPath) \(frame)" }
}

