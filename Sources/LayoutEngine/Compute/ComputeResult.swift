import CellLayout
import LayoutGeometry

/// The geometry of a laid-out table or grid: what `compute(_:options:)` returns.
///
/// A plain value with no reference to the engines that produced it, so reports, tests and
/// other tools can build and read one directly. Rects are in the layout's content coordinates
/// (a nested layout's in its row's coordinates). `LayoutReport` turns it into the versioned
/// JSON schema.
public struct ComputeResult: Hashable, Sendable {
    /// Whether the layout is a table (rows) or a grid (items).
    public var kind: LayoutKind
    public var contentSize: Size
    /// The table header view's rect; nil when there is none or it is 0 tall (tables only).
    public var tableHeader: Rect?
    /// The table footer view's rect; nil when there is none or it is 0 tall.
    public var tableFooter: Rect?
    /// A composed table header view's frames (`"tableHeader": {"layout": …}`), in its own coordinates.
    public var tableHeaderLayout: ComposedFrames?
    /// A composed table footer view's frames, in its own coordinates.
    public var tableFooterLayout: ComposedFrames?
    /// The table header and footer views as a phone would draw them (their title, or a composed
    /// one's texts and boxes), when `ComputeOptions.drawsCells` asked for it; in their own coordinates.
    public var tableHeaderPicture: CellPicture?
    public var tableFooterPicture: CellPicture?
    /// Every section's geometry; with `ComputeDetail.summary` the sections' `elements` are empty.
    public var sections: [SectionGeometry]
    /// The rows/items overlapping the viewport band `[offset, offset + viewport)`, in order.
    public var visible: [IndexPath]
    /// Plain-style table headers (or pinned grid headers) in the viewport, where they are drawn.
    public var pinnedHeaders: [PinnedSupplementary]
    /// Pinned grid footers (`sectionFootersPinToVisibleBounds`).
    public var pinnedFooters: [PinnedSupplementary]
    /// One answer per spec query, in order.
    public var queries: [QueryAnswer]
    /// The number of sections and of rows/items (kept when `sections` is summarised).
    public var counts: Counts
    /// Things the engine accepted but changed (a grid item clamped to the width, …).
    public var warnings: [String]
    /// How the estimated layout compared with the exact one, when estimates were used.
    public var estimation: EstimationReport?
    /// How long each phase took, in seconds (for reports; not part of `compute`'s JSON).
    public var timings: [PhaseTiming]

    public init(kind: LayoutKind, contentSize: Size, tableHeader: Rect? = nil, tableFooter: Rect? = nil,
                sections: [SectionGeometry] = [], visible: [IndexPath] = [], pinnedHeaders: [PinnedSupplementary] = [],
                pinnedFooters: [PinnedSupplementary] = [], queries: [QueryAnswer] = [], counts: Counts? = nil,
                warnings: [String] = [], estimation: EstimationReport? = nil, timings: [PhaseTiming] = []) {
        self.kind = kind
        self.contentSize = contentSize
        self.tableHeader = tableHeader
        self.tableFooter = tableFooter
        self.sections = sections
        self.visible = visible
        self.pinnedHeaders = pinnedHeaders
        self.pinnedFooters = pinnedFooters
        self.queries = queries
        self.counts = counts ?? Counts(sections: sections.count, elements: sections.reduce(0) { $0 + $1.elements.count })
        self.warnings = warnings
        self.estimation = estimation
        self.timings = timings
    }
}

/// Table or grid.
public enum LayoutKind: String, Hashable, Sendable, CaseIterable {
    case table, grid
}

/// Section and row/item counts.
public struct Counts: Hashable, Sendable {
    public var sections: Int
    /// Rows (table) or items (grid).
    public var elements: Int

    public init(sections: Int, elements: Int) {
        self.sections = sections
        self.elements = elements
    }
}

/// One section's geometry.
public struct SectionGeometry: Hashable, Sendable {
    /// The section's rect, header and footer included (tables); header to footer (grids).
    public var rect: Rect
    /// The header's natural rect; nil when there is none or it is 0 tall.
    public var header: Rect?
    /// The footer's rect; nil when there is none or it is 0 tall.
    public var footer: Rect?
    /// Rows (table) or items (grid).
    public var elements: [ElementGeometry]
    /// The header's and footer's titles as a phone would draw them (`ComputeOptions.drawsCells`).
    public var headerPicture: CellPicture?
    public var footerPicture: CellPicture?
    /// A composed header's frames (`"header": {"layout": …}`), in the header's coordinates.
    public var headerLayout: ComposedFrames?
    /// A composed footer's frames, in the footer's coordinates.
    public var footerLayout: ComposedFrames?

    public init(rect: Rect, header: Rect? = nil, footer: Rect? = nil, elements: [ElementGeometry] = []) {
        self.rect = rect
        self.header = header
        self.footer = footer
        self.elements = elements
    }
}

/// A composed header's or footer's layout: every visible element's frame, in the header's (or
/// footer's) coordinates, and the layouts of the tables and grids inside it, in the same coordinates.
public struct ComposedFrames: Hashable, Sendable {
    /// Every visible element of the layout, parent first (as a row's `ElementGeometry.frames`).
    public var frames: [CellFrame]
    /// The tables' and grids' layouts, by the index of their element's frame in `frames`.
    public var nested: [Int: ComputeResult]

    public init(frames: [CellFrame], nested: [Int: ComputeResult] = [:]) {
        self.frames = frames
        self.nested = nested
    }
}

/// One row's or item's geometry.
public struct ElementGeometry: Hashable, Sendable {
    public var rect: Rect
    /// Whether the height is still the estimate (the row was never measured).
    public var estimated: Bool
    /// The layout of a nested table or grid, in the row's coordinates.
    public var nested: ComputeResult? {
        get { nestedStorage.first }
        set { nestedStorage = newValue.map { [$0] } ?? [] }
    }
    private var nestedStorage: [ComputeResult]
    /// A composed cell's frames (every visible element of its `layout`), in the row's coordinates;
    /// nil for other rows.
    public var frames: [CellFrame]?
    /// The tables and grids inside a composed cell (`{"table": …}` and `{"grid": …}` elements), by
    /// the index of their element's frame in `frames`, in the row's coordinates (each placed at its
    /// element's content box); empty for other rows.
    public var framesNested: [Int: ComputeResult] {
        get { framesNestedStorage ?? [:] }
        set { framesNestedStorage = newValue.isEmpty ? nil : newValue }
    }
    private var framesNestedStorage: [Int: ComputeResult]?
    /// What a phone would draw in the row (texts, images, accessory, separator), when
    /// `ComputeOptions.drawsCells` asked for it; nil otherwise.
    public var picture: CellPicture?

    public init(rect: Rect, estimated: Bool = false, nested: ComputeResult? = nil, frames: [CellFrame]? = nil,
                picture: CellPicture? = nil) {
        self.rect = rect
        self.estimated = estimated
        self.nestedStorage = nested.map { [$0] } ?? []
        self.frames = frames
        self.picture = picture
    }
}

/// The answer to one `QuerySpec`.
public enum QueryAnswer: Hashable, Sendable {
    /// `scrollToRow` → `{"contentOffset": y}`; nil when the index path does not exist.
    case contentOffset(Double?)
    /// `indexPathAt` → `{"indexPath": [s, r]}` or null.
    case indexPath(IndexPath?)
    /// `rowsIn` / `itemsIn` → `{"indexPaths": …}`.
    case indexPaths([IndexPath])
    /// `visibleAt` → `{"indexPaths": …, "pinnedHeaders": …}`.
    case visible(indexPaths: [IndexPath], pinnedHeaders: [PinnedSupplementary])
}

/// Estimated-vs-exact analysis (tables with `estimatedRowHeight`, grids with `estimatedItemSize`).
public struct EstimationReport: Hashable, Sendable {
    /// The content extent along the scroll axis when every row counted as its estimate.
    public var estimatedContentLength: Double
    /// The content extent along the scroll axis with every row measured.
    public var exactContentLength: Double
    /// Rows/items measured by the time the result was taken.
    public var measuredCount: Int
    /// Rows/items still at their estimate.
    public var estimatedCount: Int

    public init(estimatedContentLength: Double, exactContentLength: Double, measuredCount: Int, estimatedCount: Int) {
        self.estimatedContentLength = estimatedContentLength
        self.exactContentLength = exactContentLength
        self.measuredCount = measuredCount
        self.estimatedCount = estimatedCount
    }
}

/// The duration of one phase (decode, measure, layout, queries, write…).
public struct PhaseTiming: Hashable, Sendable {
    public var phase: String
    public var seconds: Double

    public init(phase: String, seconds: Double) {
        self.phase = phase
        self.seconds = seconds
    }
}
