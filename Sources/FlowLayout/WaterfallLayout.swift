import LayoutGeometry

/// A waterfall (masonry, "Pinterest") layout: N columns of equal, possibly fractional width;
/// each item goes to the shortest column so far (the leftmost on a tie) and keeps its
/// aspect ratio or its given height. Scrolls vertically; sections stack with a full-width
/// header, their insets and a footer, like the flow layout's.
///
/// Phase contract: `init` validates and lays everything out (`prepare()`); queries read the
/// stored frames. Per column, items are stored in increasing y, so a rect query binary
/// searches each column: O(columns · log n + k log k).
public struct WaterfallLayout: CollectionLayout {
    /// The waterfall's inputs.
    public struct Configuration: Sendable, Hashable {
        /// The container width.
        public var width = 375.0
        /// The number of columns (≥ 1).
        public var columnCount = 2
        /// The gap between columns.
        public var columnSpacing = 10.0
        /// The gap between two items of a column.
        public var itemSpacing = 10.0
        /// Insets around each section's columns.
        public var sectionInset = EdgeInsets.zero
        /// Each section's header height (0: none); the header spans the width.
        public var headerHeight = 0.0
        /// Each section's footer height (0: none).
        public var footerHeight = 0.0

        /// A configuration with the given column count and width.
        public init(width: Double = 375, columnCount: Int = 2) {
            self.width = width
            self.columnCount = columnCount
        }

        /// Throws a ``FlowLayoutError`` naming the first bad field.
        public func validate() throws(FlowLayoutError) {
            try FlowCheck.positive(width, "width")
            guard columnCount >= 1 else { throw FlowLayoutError(path: "columnCount", message: "must be ≥ 1 (got \(columnCount))") }
            try FlowCheck.nonNegative(columnSpacing, "columnSpacing")
            try FlowCheck.nonNegative(itemSpacing, "itemSpacing")
            try FlowCheck.finite(sectionInset, "sectionInset")
            try FlowCheck.nonNegative(headerHeight, "headerHeight")
            try FlowCheck.nonNegative(footerHeight, "footerHeight")
            guard columnWidth > 0 else {
                throw FlowLayoutError(path: "columnCount", message: "\(columnCount) columns leave no room (column width \(columnWidth))")
            }
        }

        /// `(width − insets − (N − 1) · spacing) / N`, unrounded.
        public var columnWidth: Double {
            (width - sectionInset.horizontal - Double(columnCount - 1) * columnSpacing) / Double(max(1, columnCount))
        }
    }

    /// How tall an item is.
    public enum Item: Sendable, Hashable {
        /// A fixed height.
        case height(Double)
        /// A natural size, scaled to the column width (height = columnWidth · h / w).
        case aspect(Size)
    }

    /// The inputs.
    public private(set) var configuration: Configuration
    /// The items of each section.
    public private(set) var sections: [[Item]]
    var frames: [[Rect]] = []
    /// Section → column → items of that column, top to bottom.
    var columns: [[[Int]]] = []
    var sectionStart: [Double] = []
    var sectionLength: [Double] = []

    /// Validates and lays out.
    public init(configuration: Configuration, sections: [[Item]]) throws(FlowLayoutError) {
        try configuration.validate()
        for (s, items) in sections.enumerated() {
            for (i, item) in items.enumerated() {
                let path = "sections[\(s)].items[\(i)]"
                switch item {
                case .height(let h): try FlowCheck.positive(h, path + ".height")
                case .aspect(let size): try FlowCheck.positive(size, path)
                }
            }
        }
        self.configuration = configuration
        self.sections = sections
        prepare()
    }

    /// Places every item in the shortest column.
    public mutating func prepare() {
        let c = configuration, width = c.columnWidth, n = c.columnCount
        frames = []
        columns = []
        sectionStart = []
        sectionLength = []
        var top = 0.0
        for items in sections {
            let start = top
            let itemsTop = top + c.headerHeight + c.sectionInset.top
            var heights = Array(repeating: itemsTop, count: n)
            var sectionFrames: [Rect] = []
            sectionFrames.reserveCapacity(items.count)
            var sectionColumns = Array(repeating: [Int](), count: n)
            for (i, item) in items.enumerated() {
                var column = 0
                for k in 1..<max(1, n) where heights[k] < heights[column] { column = k }
                let height: Double = switch item {
                case .height(let h): h
                case .aspect(let size): width * size.height / size.width
                }
                let x = c.sectionInset.left + Double(column) * (width + c.columnSpacing)
                sectionFrames.append(Rect(x: x, y: heights[column], width: width, height: height))
                sectionColumns[column].append(i)
                heights[column] += height + c.itemSpacing
            }
            let itemsBottom = items.isEmpty ? itemsTop : (heights.max() ?? itemsTop) - c.itemSpacing
            top = itemsBottom + c.sectionInset.bottom + c.footerHeight
            frames.append(sectionFrames)
            columns.append(sectionColumns)
            sectionStart.append(start)
            sectionLength.append(top - start)
        }
    }
}
