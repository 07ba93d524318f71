import CellLayout
import LayoutGeometry

/// A grid (UICollectionView + UICollectionViewFlowLayout) spec. See `LayoutSpec` for the
/// phase contract. `width`/`scale` are nil in a grid nested in a row (the row's width, the
/// enclosing scale). A horizontal grid needs `height`: the container height its columns fill.
public struct GridSpec: Hashable, Sendable {
    public var width: Double?
    /// The container height (horizontal grids); nil for vertical grids or nested ones (the row).
    public var height: Double?
    public var scale: Double?
    /// Where composed cells put a text's first baseline (`firstBaseline` alignment): `exact`
    /// (UIKit's unrounded ascent) or `css` (a browser's rounding). Set at the top level (nil:
    /// `exact`); nested tables and grids use the top level's.
    public var baselines: CellLayout.BaselinePlacement?
    /// The direction of the app (`userInterfaceLayoutDirection`): composed cells whose layout root
    /// gives none lay out in it, and a vertical flow grid is flipped (its items from the right, as
    /// UIKit's flow layout). Set at the top level (nil: left to right); nested tables
    /// and grids use the top level's.
    public var layoutDirection: CellLayoutDirection?
    public var contentInset: EdgeInsets = .zero
    /// The viewport; for a horizontal grid `offset` runs along x (the viewport is `width` wide).
    public var viewport = ViewportSpec()
    /// `layout`: the flow layout (UIKit's), or one of the layouts built on it.
    public var layout: GridLayoutKind = .flow
    /// `columns`: the column count of `waterfall` and `columns` layouts.
    public var columns: Int?
    /// `aspectRatio`: width / height of a `columns` layout's items (default 1), as `ColumnGridLayout`
    /// and CSS read it; in a `waterfall`, the aspect of items that give no size.
    public var aspectRatio: Double?
    public var scrollDirection: Axis = .vertical
    public var itemSize = Size(width: 50, height: 50)
    /// `estimatedItemSize`: nil = no self-sizing (UIKit's `.zero`).
    public var estimatedItemSize: EstimatedItemSize?
    public var minimumLineSpacing: Double = 10
    public var minimumInteritemSpacing: Double = 10
    public var sectionInset: EdgeInsets = .zero
    public var headerReferenceSize: Size = .zero
    public var footerReferenceSize: Size = .zero
    public var sectionHeadersPinToVisibleBounds = false
    public var sectionFootersPinToVisibleBounds = false
    public var alignment: GridAlignment = .justified
    public var textStyles: [String: TextStyleSpec] = [:]
    public var sections: [GridSectionSpec] = []
    /// Whether the spec wrote a top-level `items` (one section) instead of `sections`; messages
    /// then name `items[j]` rather than `sections[0].items[j]`.
    public var itemsAtTopLevel = false
    public var updates: [GridUpdate] = []
    public var queries: [QuerySpec] = []

    public init() {}

    /// The number of sections, repeats expanded.
    public var sectionCount: Int { sections.expandedCount }

    /// The number of items in all sections, repeats expanded.
    public var itemCount: Int { sections.reduce(0) { $0 + $1.items.count * $1.repeatCount } }

    /// The spec of section `index` (repeats expanded), or nil when out of range.
    public func section(at index: Int) -> GridSectionSpec? { sections.expanded(at: index) }

}

/// Which layout a grid uses.
public enum GridLayoutKind: String, Hashable, Sendable, CaseIterable {
    /// UICollectionViewFlowLayout.
    case flow
    /// Masonry: `columns` columns, each item to the shortest one.
    case waterfall
    /// `columns` equal columns; item height = column width / `aspectRatio`.
    case columns
}

/// How a flow line's items are spread across it.
public enum GridAlignment: String, Hashable, Sendable, CaseIterable {
    /// UIKit's behaviour (see the contract's flow-layout conventions).
    case justified
    case left, center, right
}

/// `estimatedItemSize`: a size, or `"automatic"` (UIKit's `automaticSize`).
public enum EstimatedItemSize: Hashable, Sendable {
    case size(Size)
    case automatic
}

/// A grid section; `repeatCount` identical copies of it. Nil overrides use the grid's values
/// (UIKit's `…ForSectionAt` delegate methods).
public struct GridSectionSpec: Hashable, Sendable {
    public var items = RunList<ItemSpec>()
    public var repeatCount = 1
    public var sectionInset: EdgeInsets?
    public var minimumLineSpacing: Double?
    public var minimumInteritemSpacing: Double?
    public var headerReferenceSize: Size?
    public var footerReferenceSize: Size?

    public init() {}
}

/// One item: a size, self-sizing text, or nothing (the grid's `itemSize`).
public struct ItemSpec: Hashable, Sendable {
    /// `{"width", "height"}`; nil = the grid's `itemSize` (or measured text).
    public var size: Size?
    /// `text`: self-sizing content.
    public var text: String?
    /// `text` given as a list of runs (attributed text); `text` then holds its joined string.
    public var attributedText: AttributedText?
    public var textStyle: TextStyleRef?
    /// Padding around the text.
    public var insets: EdgeInsets?
    /// `layout` (or `template` + `data`): a composed cell; the item is its fitting size unless
    /// `width`/`height` fix it.
    public var layout: CellLayoutSpec?

    public init(size: Size? = nil, text: String? = nil) {
        self.size = size
        self.text = text
    }
}

/// A batch of grid updates.
public typealias GridUpdate = UpdateBatch<ItemSpec, GridSectionSpec>
