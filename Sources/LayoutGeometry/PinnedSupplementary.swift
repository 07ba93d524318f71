/// A section header or footer at its pinned (or natural) place for a scroll offset: what a plain
/// `UITableView` and a flow layout with `sectionHeadersPinToVisibleBounds` draw. Tables, grids and the
/// compute results all use this one type.
public struct PinnedSupplementary: Sendable, Hashable {
    /// The section.
    public var section: Int
    /// The frame, in content coordinates, at the offset asked about.
    public var frame: Rect
    /// Whether the element has left its natural place to stick to the visible bounds.
    public var isPinned: Bool

    /// Creates a pinned element.
    public init(section: Int, frame: Rect, isPinned: Bool) {
        self.section = section
        self.frame = frame
        self.isPinned = isPinned
    }
}
