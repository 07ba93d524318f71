import LayoutGeometry

/// A fixed-column grid: N columns of equal, fractional width, items sized by an aspect ratio
/// (or a fixed thickness), laid out by the flow layout with every gap at its given spacing.
/// The columns of a horizontal grid are rows (N items per column).
///
/// Phase contract: as ``CollectionFlowLayout`` (it is one, with a computed item size and
/// `left` alignment); ``flow`` gives every flow query and update.
public struct ColumnGridLayout: CollectionLayout {
    /// The grid's inputs.
    public struct Configuration: Sendable, Hashable {
        /// The container (collection view bounds) size.
        public var containerSize = Size(width: 375, height: 667)
        /// The scroll axis.
        public var scrollDirection = Axis.vertical
        /// The number of columns (items per line), ≥ 1.
        public var columnCount = 3
        /// Item width / height (for vertical scrolling; length across / along otherwise).
        public var aspectRatio = 1.0
        /// A fixed item extent along the scroll axis, replacing `aspectRatio` when set.
        public var itemThickness: Double?
        /// The gap between columns.
        public var columnSpacing = 10.0
        /// The gap between lines.
        public var lineSpacing = 10.0
        /// Section insets.
        public var sectionInset = EdgeInsets.zero
        /// Header size (only the extent along the scroll axis is used).
        public var headerReferenceSize = Size.zero
        /// Footer size (as the header).
        public var footerReferenceSize = Size.zero

        /// A configuration with `columnCount` columns in a container of `containerSize`.
        public init(containerSize: Size = Size(width: 375, height: 667), columnCount: Int = 3, aspectRatio: Double = 1) {
            self.containerSize = containerSize
            self.columnCount = columnCount
            self.aspectRatio = aspectRatio
        }
    }

    /// The inputs.
    public let configuration: Configuration
    /// The underlying flow layout.
    public private(set) var flow: BasicFlowLayout
    /// The computed item size.
    public var itemSize: Size { flow.configuration.itemSize }

    /// Validates and lays out `itemCounts[s]` items in section `s`.
    public init(configuration c: Configuration, itemCounts: [Int]) throws(FlowLayoutError) {
        guard c.columnCount >= 1 else { throw FlowLayoutError(path: "columnCount", message: "must be ≥ 1 (got \(c.columnCount))") }
        try FlowCheck.positive(c.aspectRatio, "aspectRatio")
        if let t = c.itemThickness { try FlowCheck.positive(t, "itemThickness") }
        try FlowCheck.nonNegative(c.columnSpacing, "columnSpacing")
        try FlowCheck.nonNegative(c.lineSpacing, "lineSpacing")
        try FlowCheck.finite(c.sectionInset, "sectionInset")
        let main = c.scrollDirection, cross = main.cross
        let room = c.containerSize.length(along: cross) - c.sectionInset.leading(along: cross) - c.sectionInset.trailing(along: cross)
        let length = (room - Double(c.columnCount - 1) * c.columnSpacing) / Double(c.columnCount)
        guard length > 0, length.isFinite else {
            throw FlowLayoutError(path: "columnCount", message: "\(c.columnCount) columns leave no room (item length \(length))")
        }
        let thickness = c.itemThickness ?? (main == .vertical ? length / c.aspectRatio : length * c.aspectRatio)
        var f = FlowConfiguration(containerSize: c.containerSize, scrollDirection: main)
        f.itemSize = Size(along: cross, length: length, across: thickness)
        f.minimumInteritemSpacing = c.columnSpacing
        f.minimumLineSpacing = c.lineSpacing
        f.sectionInset = c.sectionInset
        f.headerReferenceSize = c.headerReferenceSize
        f.footerReferenceSize = c.footerReferenceSize
        f.alignment = .left
        configuration = c
        flow = try BasicFlowLayout(configuration: f, sections: itemCounts.map { FlowSection(count: $0) })
    }

    public mutating func prepare() {}
    public var contentSize: Size { flow.contentSize }
    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] { flow.layoutAttributesForElements(in: rect) }
    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { flow.layoutAttributesForItem(at: indexPath) }
}
