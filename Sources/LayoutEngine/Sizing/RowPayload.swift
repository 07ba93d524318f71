import CellLayout
import Synchronization
import LayoutGeometry
import TableLayout
import TextLayout

/// What a table row, header or footer carries into the table engine: a reference to content
/// resolved from the spec (text styles looked up, accessory mapped), shared by every row made
/// from the same spec entry.
///
/// One pointer wide: a run of a million identical rows stores a million copies of one reference
/// (8 bytes each in the engine's leaves), never a million content objects.
enum RowPayload: TableContent {
    /// Nothing to measure (fixed-height rows without content, headers without a title).
    case none
    /// A row's content.
    case row(RowContent.Resolved)
    /// A header's or footer's title.
    case title(TitleContent)

    static var placeholder: RowPayload { .none }

    var chrome: CellChrome {
        if case .row(let content) = self { return content.chrome }
        return .none
    }

    var estimationKind: Int {
        if case .row(let content) = self { return content.kind.rawValue }
        return 0
    }
}

/// A row's JSON path as its parts (`sections[0].rows[` + 12 + `]`): a feed of 10,000 rows builds
/// no path string unless a message names a row.
struct RowPath: Hashable, Sendable {
    let prefix: String
    let index: Int
    let suffix: String

    /// `prefix`, the index, then `suffix`.
    init(_ prefix: String, _ index: Int, _ suffix: String) {
        self.prefix = prefix
        self.index = index
        self.suffix = suffix
    }

    /// A path with no index in it (a header's: `sections[2].header`).
    init(whole: String) {
        prefix = whole
        index = -1
        suffix = ""
    }

    var text: String { index < 0 ? prefix : prefix + String(index) + suffix }
}

extension RowContent {
    /// A row's content, resolved for measuring. A class so that all rows of a run share it.
    final class Resolved: Sendable {
        /// Where the spec row it comes from is, formatted when a message needs it.
        /// The composed cell when `measure` is `.layout` (else nil): one reference, read without
        /// copying `measure` — an enum as large as its largest case, copied out of a cold object
        /// with every reference in it retained, once per row measured. (First, with the chrome and
        /// kind: what measuring a feed's row reads shares the object's first cache line.)
        let layoutCell: NestedCell?
        let chrome: CellChrome
        let kind: Kind
        /// Whether more than one row carries it (a template with the same data, resolved once):
        /// only then is its layout worth keeping for the other rows. Set while the table is
        /// built, before any row is measured.
        private let shared = Atomic<Bool>(false)
        let location: RowPath
        let measure: Measure

        /// The JSON path of the spec row it comes from (for messages).
        var path: String { location.text }

        var isShared: Bool { shared.load(ordering: .relaxed) }

        /// A composed cell's row height measured while its row was resolved (`TableComputation
        /// .premeasure`), with the call and the content width it was measured in and at: the height
        /// and width written first, the call last (released), so that a reader who sees the call
        /// (acquired) sees both. (Atomics, not a lock over the three: a generic lock's value was
        /// copied and its type looked up on every row.)
        private let measuredCall = Atomic<UInt64>(0)
        private let measuredWidth = Atomic<UInt64>(0)
        private let measuredHeight = Atomic<UInt64>(0)

        /// The row height measured while resolving the row, if it was measured in call `call` at
        /// exactly `width`.
        func premeasured(call: UInt64, width: Double) -> Double? {
            guard measuredCall.load(ordering: .acquiring) == call,
                  measuredWidth.load(ordering: .relaxed) == width.bitPattern else { return nil }
            return Double(bitPattern: measuredHeight.load(ordering: .relaxed))
        }

        /// Keeps a row height measured in call `call` at `width` (`premeasured(call:width:)`). Only
        /// the core resolving the row writes it, before the table measures.
        func keepPremeasured(call: UInt64, width: Double, height: Double) {
            measuredWidth.store(width.bitPattern, ordering: .relaxed)
            measuredHeight.store(height.bitPattern, ordering: .relaxed)
            measuredCall.store(call, ordering: .releasing)
        }

        func markShared() { shared.store(true, ordering: .relaxed) }

        init(path: RowPath, measure: Measure, chrome: CellChrome) {
            self.location = path
            self.measure = measure
            self.chrome = chrome
            switch measure {
            case .nothing: kind = .empty
            case .cell(let cell): kind = Kind(cellStyle: cell.style)
            case .textBlock: kind = .textBlock
            case .table: kind = .table
            case .grid: kind = .grid
            case .layout: kind = .layout
            }
            if case .layout(let cell) = measure { layoutCell = cell } else { layoutCell = nil }
        }

        /// Content kinds, for the learning estimator (UIKit's reuse identifiers, roughly).
        enum Kind: Int, Sendable {
            case empty = 1, defaultCell, value1Cell, value2Cell, subtitleCell, textBlock, table, grid, layout

            init(cellStyle: CellStyle) {
                switch cellStyle {
                case .default: self = .defaultCell
                case .value1: self = .value1Cell
                case .value2: self = .value2Cell
                case .subtitle: self = .subtitleCell
                }
            }
        }
    }

    /// How a resolved row is measured. (The cases holding several strings and styles are boxed:
    /// inline, the largest made every row's content object 704 bytes — a composed cell's too,
    /// which holds one reference.)
    enum Measure: Sendable {
        /// No content: a self-sizing row without content is the default row height.
        case nothing
        /// A system cell style (labels placed by `CellStyleGeometry`).
        indirect case cell(CellLabels)
        /// A custom cell: a text block (and an optional leading image) inside `insets`.
        indirect case textBlock(TextBlock)
        /// A table inside the row.
        indirect case table(NestedTable)
        /// A grid inside the row.
        indirect case grid(NestedGrid)
        /// A composed cell.
        case layout(NestedCell)
    }

    /// A composed cell: its tree with text styles resolved, and the row insets around it.
    /// A class: the threads sizing rows copy a row's content as one reference to an object of
    /// that row, never retaining what all the rows of a template share (their styles), whose
    /// reference count the two cores would pass back and forth.
    final class NestedCell: Sendable {
        /// The decoded layout (a key for the layouter's prepared cells).
        let layout: CellLayoutSpec.Identity
        /// The texts' resolved styles in tree order (`CellLayoutSpec.resolvedTextStyles`); empty
        /// when the tree's own styles are final.
        let textStyles: [TextStyle]
        let insets: EdgeInsets
        /// The tables and grids inside the tree, resolved as a row's own are (by `custom` key).
        let nested: [NestedInLayout]
        /// The layout's key in the layouter's prepared cells, read from it while the row is
        /// resolved (and the layout is at hand), so that sizing the row does not reach into it.
        let cacheKey: CellLayoutSpec.CacheKey

        /// The cell prepared for this layout (`PreparedCell.retainedReference()`, 0 until the row
        /// is first sized): set once, so that a payload the layouter keeps across calls brings its
        /// prepared cell with it — a later call finds both at once.
        private let preparedReference = Atomic<UInt>(0)

        init(layout: CellLayoutSpec.Identity, textStyles: [TextStyle], insets: EdgeInsets, nested: [NestedInLayout] = []) {
            self.layout = layout
            self.cacheKey = layout.cacheKey
            self.textStyles = textStyles
            self.insets = insets
            self.nested = nested
        }

        deinit {
            let bits = preparedReference.load(ordering: .acquiring)
            if let reference = UnsafeRawPointer(bitPattern: bits) { PreparedCell.release(reference) }
        }

        /// The cell prepared for this layout, once a row carrying it has been sized.
        var prepared: PreparedCell? { keptReference.map { PreparedCell(unretained: $0) } }

        /// `prepared` as the reference this object holds (valid while it lives), for laying the
        /// cell out without taking a reference of one's own (`PreparedCell.arrange(unretained:)`).
        var keptReference: UnsafeRawPointer? { UnsafeRawPointer(bitPattern: preparedReference.load(ordering: .acquiring)) }

        /// Keeps `cell` as this layout's prepared cell (the first one kept stays).
        func keep(_ cell: PreparedCell) {
            let reference = cell.retainedReference()
            let kept = preparedReference.compareExchange(expected: 0, desired: UInt(bitPattern: reference), ordering: .acquiringAndReleasing)
            if !kept.exchanged { PreparedCell.release(reference) }
        }

        /// The tree as decoded: its texts' styles are `textStyles` (when not empty).
        var root: CellElement { layout.root }

        /// The tree with `textStyles` applied (for drawing; layout applies them as it goes).
        var resolvedRoot: CellElement { root.applyingTextStyles(textStyles) }
    }

    /// The labels of a system cell style, with their text styles resolved.
    struct CellLabels: Sendable {
        var style: CellStyle
        var text: String?
        var attributedText: AttributedText?
        var textStyle: TextStyle
        var detail: String?
        var attributedDetail: AttributedText?
        var detailStyle: TextStyle
        var image: Size?
    }

    /// A custom cell's text block; `insets` nil = the cell's layout margins.
    struct TextBlock: Sendable {
        var text: String?
        var attributedText: AttributedText?
        var style: TextStyle
        var insets: EdgeInsets?
        var image: Size?
    }

    /// A table or grid inside a composed cell: laid out at the width its element gets.
    /// `path`: where it is inside the layout (`children[1].table`).
    enum NestedInLayout: Sendable {
        case table(NestedTable, path: String)
        case grid(NestedGrid, path: String)

        /// The tables and grids inside `layout`, resolved as a row's own nested ones are: the
        /// enclosing table's or grid's text styles and scale, a table's `rowHeight` (the enclosing
        /// table's; UIKit's 44 in a grid), no insets (the element's padding is theirs).
        static func resolving(_ layout: CellLayoutSpec, scope: TextStyleScope, scale: Double, rowHeight: HeightRule?) -> [NestedInLayout] {
            layout.identity.nested.map { nested in
                switch nested.spec {
                case .table(let t):
                    var table = NestedTable(spec: t, scope: scope, scale: scale, insets: EdgeInsets())
                    if let rowHeight { table.rowHeight = rowHeight }
                    return .table(table, path: nested.path)
                case .grid(let g):
                    return .grid(NestedGrid(spec: g, scope: scope, scale: scale, insets: EdgeInsets()), path: nested.path)
                }
            }
        }

        /// The width its spec gives itself, if any.
        var ownWidth: Double? {
            switch self {
            case .table(let t, _): return t.spec.width
            case .grid(let g, _): return g.spec.width
            }
        }
    }

    /// A nested table: its spec, the text styles it can see, the enclosing scale, and the row
    /// insets around it.
    struct NestedTable: Sendable {
        var spec: TableSpec
        var scope: TextStyleScope
        var scale: Double
        var insets: EdgeInsets
        /// The enclosing table's row height (taken when the nested table gives none).
        var rowHeight: HeightRule = .fixed(44)
    }
}

extension RowContent {
    /// A nested grid: its spec, the text styles it can see, the enclosing scale, and the row
    /// insets around it.
    struct NestedGrid: Sendable {
        var spec: GridSpec
        var scope: TextStyleScope
        var scale: Double
        var insets: EdgeInsets
    }
}

/// A self-sizing header or footer title (UIKit's default header/footer view with `textLabel`).
final class TitleContent: Sendable {
    let title: String
    let style: TextStyle
    let padding: (top: Double, bottom: Double)

    init(title: String, style: TextStyle, padding: (top: Double, bottom: Double)) {
        self.title = title
        self.style = style
        self.padding = padding
    }
}
