import CellLayout
import LayoutGeometry

/// A table (UITableView) spec. See `LayoutSpec` for the phase contract.
///
/// `width` and `scale` are nil in a table nested in a row: it takes the row's content width and
/// the enclosing spec's scale. At the top level decoding fills in the contract defaults.
public struct TableSpec: Hashable, Sendable {
    /// The table's width (default 375; nil in a nested table = the row's content width).
    public var width: Double?
    /// Device pixels per point (default 2; nil in a nested table = the enclosing scale).
    public var scale: Double?
    /// Where composed cells put a text's first baseline (`firstBaseline` alignment): `exact`
    /// (UIKit's unrounded ascent) or `css` (a browser's rounding). Set at the top level (nil:
    /// `exact`); nested tables and grids use the top level's.
    public var baselines: CellLayout.BaselinePlacement?
    /// The direction of the app (`userInterfaceLayoutDirection`): composed cells whose layout root
    /// gives none lay out in it, and the table mirrors its rows' chrome — accessories, the section index, system cells' labels and images, separators. Set at the top level (nil: left to right); nested tables
    /// and grids use the top level's.
    public var layoutDirection: CellLayoutDirection?
    public var style: TableStyle = .plain
    /// The height of rows that say nothing about their own (default 44).
    public var rowHeight: HeightRule = .fixed(44)
    /// A nested table that gives no `rowHeight` takes its enclosing table's (so an `"automatic"`
    /// outer table sizes the text rows of the tables inside it too).
    public var inheritsRowHeight = false
    /// `estimatedRowHeight`; 0 turns estimation off.
    public var estimatedRowHeight: Double = 0
    /// Replaces the style's default header height of every section that gives no header.
    public var sectionHeaderHeight: HeightRule?
    /// Replaces the style's default footer height of every section that gives no footer.
    public var sectionFooterHeight: HeightRule?
    public var separatorStyle: SeparatorStyle = .singleLine
    /// Titles of the section index; when not empty the index narrows the content width.
    public var sectionIndexTitles: [String] = []
    /// Whether the table is in editing mode (editing controls narrow the content).
    public var editing: Bool = false
    public var contentInset: EdgeInsets = .zero
    public var viewport = ViewportSpec()
    /// The table header view (`tableHeaderView`); `.unspecified` and `.removed` mean none.
    public var tableHeader: SupplementarySlot = .unspecified
    /// The table footer view (`tableFooterView`).
    public var tableFooter: SupplementarySlot = .unspecified
    /// Named text styles rows may refer to; nested specs see their ancestors' styles too.
    public var textStyles: [String: TextStyleSpec] = [:]
    /// The sections as written; each may stand for several (`repeatCount`).
    public var sections: [SectionSpec] = []
    /// Batches applied in order after the first layout.
    public var updates: [TableUpdate] = []
    public var queries: [QuerySpec] = []

    /// A table with every value at its default and no sections.
    public init() {}

    /// The number of sections, repeats expanded.
    public var sectionCount: Int { sections.expandedCount }

    /// The number of rows in all sections, repeats expanded (nested tables not included).
    public var rowCount: Int { sections.reduce(0) { $0 + $1.rows.count * $1.repeatCount } }

    /// The spec of section `index` (repeats expanded), or nil when out of range.
    public func section(at index: Int) -> SectionSpec? { sections.expanded(at: index) }

}

/// A section: header, footer and rows; `repeatCount` identical copies of it.
public struct SectionSpec: Hashable, Sendable {
    public var header: SupplementarySlot = .unspecified
    public var footer: SupplementarySlot = .unspecified
    public var rows = RunList<RowSpec>()
    /// How many consecutive sections this entry stands for (`repeat`, default 1).
    public var repeatCount = 1

    public init() {}
}

/// What a spec says about a header or footer (section or table).
public enum SupplementarySlot: Hashable, Sendable {
    /// Not written: the style's default (a section) or none (a table header/footer).
    case unspecified
    /// Written as `null`: no header/footer, whatever the style's default.
    case removed
    /// Given.
    case given(SupplementarySpec)
}

/// A header or footer: a fixed height, a self-sizing title or composed layout, or a height with
/// either (the height wins).
public struct SupplementarySpec: Hashable, Sendable {
    /// `height`: a number or `"automatic"`; nil with a title or layout = self-sizing.
    public var height: HeightRule?
    /// `title`: the text UIKit shows in a default header/footer view.
    public var title: String?
    /// The style the title is measured in (default: the style's header/footer font).
    public var textStyle: TextStyleRef?
    /// `layout` (or `template` + `data`): a composed header or footer view, laid out across the
    /// header's width (docs/CONTRACT.md, "Composed cells").
    public var layout: CellLayoutSpec?

    public init(height: HeightRule? = nil, title: String? = nil, textStyle: TextStyleRef? = nil, layout: CellLayoutSpec? = nil) {
        self.height = height
        self.title = title
        self.textStyle = textStyle
        self.layout = layout
    }
}

/// A batch of table updates.
public typealias TableUpdate = UpdateBatch<RowSpec, SectionSpec>
