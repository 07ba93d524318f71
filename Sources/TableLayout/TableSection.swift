import LayoutGeometry

/// Where a row's height comes from.
public enum RowHeight: Hashable, Sendable {
    /// The table's `rowHeight` setting (a fixed height, or self-sizing when it is `.automatic`).
    case tableDefault
    /// This height (UIKit's `heightForRowAt` answer for this row).
    case fixed(Double)
    /// Self-sizing: the sizer measures the content at the row's content width.
    case automatic

    /// A row's own rule, or the table's default when it gives none.
    public init(_ rule: HeightRule?) {
        switch rule {
        case .fixed(let h)?: self = .fixed(h)
        case .automatic?: self = .automatic
        case nil: self = .tableDefault
        }
    }
}

/// A height that is either fixed or measured from the content: the table-wide `rowHeight`, a spec
/// row's `height`, a header's or footer's height.
public enum HeightRule: Hashable, Sendable {
    /// This many points (≥ 0).
    case fixed(Double)
    /// `UITableView.automaticDimension`: measured from the content.
    case automatic
}

/// One row: its height source and its payload.
public struct TableRow<Content: TableContent>: Sendable {
    public var height: RowHeight
    public var content: Content

    public init(height: RowHeight = .tableDefault, content: Content = .placeholder) {
        self.height = height
        self.content = content
    }

    /// A row of fixed height.
    public static func fixed(_ height: Double, content: Content = .placeholder) -> TableRow {
        TableRow(height: .fixed(height), content: content)
    }

    /// A self-sizing row.
    public static func automatic(_ content: Content) -> TableRow {
        TableRow(height: .automatic, content: content)
    }
}

/// A section header or footer.
public enum HeaderFooter<Content: TableContent>: Sendable {
    /// The table's `sectionHeaderHeight`/`sectionFooterHeight` if set, else the style's default
    /// (20 pt grouped, none plain).
    case styleDefault
    /// No header/footer (height 0).
    case none
    /// A fixed height (UIKit's `heightForHeaderInSection`), with optional content for drawing.
    case fixed(Double, content: Content? = nil)
    /// Self-sizing (e.g. a title): the sizer measures the content at the full table width.
    case automatic(Content)
}

/// A run of identical rows: how a section of a million rows is described without a million values.
public struct TableRowRun<Content: TableContent>: Sendable {
    public var count: Int
    public var row: TableRow<Content>

    public init(count: Int, row: TableRow<Content>) {
        self.count = count
        self.row = row
    }
}

/// Rows given column-wise: one height and/or one payload per row in plain arrays, which the table
/// copies into its leaves in bulk (no per-row generic work) — the fast way to describe a million
/// rows that differ (`heightForRowAt` for every row, or a payload per row).
struct RowColumns<Content: TableContent>: Sendable {
    /// Fixed heights, one per row (nil: every row follows `height`).
    var heights: [Double]?
    /// Payloads, one per row (nil: every row has `Content.placeholder`).
    var contents: [Content]?
    /// The height rule of every row when `heights` is nil.
    var height: RowHeight
    /// The number of rows.
    var count: Int { heights?.count ?? contents?.count ?? 0 }
}

/// One section: header, rows (as runs, or as columns), footer.
public struct TableSection<Content: TableContent>: Sendable {
    public var header: HeaderFooter<Content>
    public var footer: HeaderFooter<Content>
    /// The rows as runs of identical rows. Empty for a section made from columns
    /// (`init(heights:)`, `init(contents:height:)`), whose rows are in `columns`.
    public var runs: [TableRowRun<Content>]
    /// The rows, column-wise, when the section was made from arrays of heights or payloads.
    var columns: RowColumns<Content>? = nil

    /// A section of rows with a fixed height each (UIKit's `heightForRowAt` for every row), payloads
    /// `Content.placeholder`. Built in bulk: a million rows cost a few copies of the array.
    public init(header: HeaderFooter<Content> = .styleDefault, heights: [Double],
                footer: HeaderFooter<Content> = .styleDefault) {
        self.header = header
        self.footer = footer
        self.runs = []
        self.columns = RowColumns(heights: heights, contents: nil, height: .tableDefault)
    }

    /// A section of rows with a payload each, all following one height rule (`.automatic` for
    /// self-sizing rows sized by the table's sizer, estimated when the table has an estimate).
    public init(header: HeaderFooter<Content> = .styleDefault, contents: [Content], height: RowHeight = .automatic,
                footer: HeaderFooter<Content> = .styleDefault) {
        self.header = header
        self.footer = footer
        self.runs = []
        self.columns = RowColumns(heights: nil, contents: contents, height: height)
    }

    /// A section of the given rows. Rows that all have a fixed height, or all follow one height
    /// rule, are kept column-wise (one array of heights, one of payloads), which the table copies
    /// into its leaves in bulk; other mixes are kept as runs of one row.
    public init(header: HeaderFooter<Content> = .styleDefault, rows: [TableRow<Content>],
                footer: HeaderFooter<Content> = .styleDefault) {
        self.header = header
        self.footer = footer
        // Plain index loops: this runs unspecialized in client modules, where `map`'s generic
        // iterator costs a metadata lookup per row.
        var heights: [Double] = []
        var contents: [Content] = []
        var allFixed = true, oneRule = true
        let rule = rows.first?.height ?? .tableDefault
        heights.reserveCapacity(rows.count)
        contents.reserveCapacity(rows.count)
        for i in rows.indices {
            let row = rows[i]
            if case .fixed(let h) = row.height { heights.append(h) } else { allFixed = false }
            if row.height != rule { oneRule = false }
            if !allFixed && !oneRule { break }
            contents.append(row.content)
        }
        if !rows.isEmpty && allFixed {
            self.runs = []
            self.columns = RowColumns(heights: heights, contents: contents, height: .tableDefault)
        } else if !rows.isEmpty && oneRule {
            self.runs = []
            self.columns = RowColumns(heights: nil, contents: contents, height: rule)
        } else {
            var runs: [TableRowRun<Content>] = []
            runs.reserveCapacity(rows.count)
            for i in rows.indices { runs.append(TableRowRun(count: 1, row: rows[i])) }
            self.runs = runs
        }
    }

    /// A section of `count` identical rows (default: `count` rows of the table's `rowHeight`).
    public init(header: HeaderFooter<Content> = .styleDefault, count: Int,
                row: TableRow<Content> = TableRow(), footer: HeaderFooter<Content> = .styleDefault) {
        self.header = header
        self.footer = footer
        self.runs = [TableRowRun(count: count, row: row)]
    }

    /// A section of runs.
    public init(header: HeaderFooter<Content> = .styleDefault, runs: [TableRowRun<Content>],
                footer: HeaderFooter<Content> = .styleDefault) {
        self.header = header
        self.footer = footer
        self.runs = runs
    }

    /// The number of rows (saturating, never traps).
    public var rowCount: Int {
        if let columns { return columns.count }
        return runs.reduce(0) { acc, r in
            let (s, o) = acc.addingReportingOverflow(Swift.max(r.count, 0))
            return o ? Int.max : s
        }
    }
}

/// The table-wide settings (`UITableView` properties that affect geometry).
public struct TableConfiguration: Hashable, Sendable {
    public var style: TableStyle
    /// The table's width (= content width; tables scroll only vertically).
    public var width: Double
    /// Device pixels per point: self-sized heights round up to 1/scale; separators are 1/scale.
    public var scale: PixelScale
    public var rowHeight: HeightRule
    /// > 0: self-sizing rows count as this until measured; 0: every row is measured up front.
    public var estimatedRowHeight: Double
    /// Replaces the style's default header height of sections that give none (contract "Details").
    public var sectionHeaderHeight: Double?
    /// Replaces the style's default footer height of sections that give none.
    public var sectionFooterHeight: Double?
    /// > 0: self-sizing headers count as this until measured.
    public var estimatedSectionHeaderHeight: Double
    /// > 0: self-sizing footers count as this until measured.
    public var estimatedSectionFooterHeight: Double
    public var separatorStyle: SeparatorStyle
    /// `sectionIndexTitles(for:)`; a non-empty list shows an index that narrows the content.
    public var sectionIndexTitles: [String]
    public var contentInset: EdgeInsets
    /// `isEditing`: editing controls narrow the content.
    public var isEditing: Bool
    /// Height of `tableHeaderView` (0: none); always full width, never floating.
    public var tableHeaderHeight: Double
    /// Height of `tableFooterView` (0: none).
    public var tableFooterHeight: Double
    /// When true, new estimates come from the mean measured height of the same content kind.
    public var learnsEstimates: Bool
    public var metrics: TableMetrics

    public init(style: TableStyle = .plain, width: Double = 375, scale: PixelScale = PixelScale(2),
                rowHeight: HeightRule = .fixed(44), estimatedRowHeight: Double = 0,
                sectionHeaderHeight: Double? = nil, sectionFooterHeight: Double? = nil,
                estimatedSectionHeaderHeight: Double = 0, estimatedSectionFooterHeight: Double = 0,
                separatorStyle: SeparatorStyle = .singleLine, sectionIndexTitles: [String] = [],
                contentInset: EdgeInsets = .zero, isEditing: Bool = false,
                tableHeaderHeight: Double = 0, tableFooterHeight: Double = 0,
                learnsEstimates: Bool = false, metrics: TableMetrics = .standard) {
        self.style = style
        self.width = width
        self.scale = scale
        self.rowHeight = rowHeight
        self.estimatedRowHeight = estimatedRowHeight
        self.sectionHeaderHeight = sectionHeaderHeight
        self.sectionFooterHeight = sectionFooterHeight
        self.estimatedSectionHeaderHeight = estimatedSectionHeaderHeight
        self.estimatedSectionFooterHeight = estimatedSectionFooterHeight
        self.separatorStyle = separatorStyle
        self.sectionIndexTitles = sectionIndexTitles
        self.contentInset = contentInset
        self.isEditing = isEditing
        self.tableHeaderHeight = tableHeaderHeight
        self.tableFooterHeight = tableFooterHeight
        self.learnsEstimates = learnsEstimates
        self.metrics = metrics
    }
}
