import LayoutGeometry

/// UITableView's geometry: where every section, header, row and footer is, what a scroll view
/// asks of it, and what batch updates do to it — exact and estimated, for up to tens of millions
/// of rows.
///
/// ## Phase contract
/// 1. **Build** (`init(configuration:sections:sizer:)`): the description is validated (every
///    error names its field or index path), then stored in an offset tree (`ElementTree`) in
///    O(n) with no per-row objects. Fixed heights are exact at once. Self-sizing rows (and
///    headers/footers) are *estimated* when the matching estimate is > 0 (`estimatedRowHeight`,
///    `estimatedSectionHeaderHeight`, …); otherwise they are measured now, on all cores.
/// 2. **Query** (`rectForRow(at:)`, `indexPathForRow(at:)`, `rowsIn`, `scrollToRow`, …): pure,
///    O(log n) (+ k for k answers), never measuring; an invalid index path answers nil or
///    `Rect.zero`, like UIKit, and never traps. Estimated rows count as their estimate.
/// 3. **Measure** (`layoutViewport(offset:height:)`, `measureRow(at:anchor:)`, `measureAll()`):
///    mutating; measures estimated elements exactly through the `TableSizer` and returns the
///    scroll-offset correction that keeps the anchor row where it was on screen.
/// 4. **Update** (`apply(_:)` a `TableBatch`): UIKit's batch semantics and validation, O(k log n);
///    a refused batch changes nothing. `setWidth(_:)` and `setEditing(_:)` invalidate exactly the
///    self-sizing heights (which depend on width), keeping fixed ones.
///
/// `TableViewLayout` is a value: copies are O(1) and share storage until one of them changes.
/// It is `Sendable`; the sizer is called from several threads at once by `measureAll()`.
/// Coordinates are content coordinates: y = 0 is the top of the table header view; the
/// `contentInset` only moves the scroll offsets (`scrollToRow`, pinning).
public struct TableViewLayout<Content: TableContent>: Sendable {
    /// The table-wide settings.
    public internal(set) var configuration: TableConfiguration
    var tree: ElementTree<Content>
    var sizer: (any TableSizer<Content>)?
    /// Learned mean heights per content kind: recorded, and used, only when
    /// `configuration.learnsEstimates` (empty otherwise).
    public internal(set) var estimator: HeightEstimator
    /// How far the estimates of the elements measured so far were from their exact heights.
    public internal(set) var estimationReport: EstimationStatistics

    /// The most rows + headers + footers a table may hold.
    public static var maximumElementCount: Int { 100_000_000 }

    /// Builds a table from its description; see the phase contract.
    /// - Throws: `TableError` naming the field (`sections[2].rows[14].height`) or element at fault.
    public init(configuration: TableConfiguration = TableConfiguration(), sections: [TableSection<Content>],
                sizer: (any TableSizer<Content>)? = nil) throws(TableError) {
        try Self.validate(configuration)
        self.configuration = configuration
        self.sizer = sizer
        self.estimator = HeightEstimator()
        self.estimationReport = EstimationStatistics()
        self.tree = ElementTree()
        var runs: [ElementTree<Content>.Run] = []
        runs.reserveCapacity(sections.count * 3)
        var total = 0
        var needsMeasuring = false
        // Index loops rather than `enumerated()`: this code runs unspecialized in client modules,
        // where each generic iterator step costs a metadata lookup (a million runs is common).
        for s in sections.indices {
            let section = sections[s]
            let header = try headerFooterRun(section.header, isHeader: true, section: s)
            runs.append(header)
            var row = 0
            if let columns = section.columns {
                let run = try columnRun(columns, section: s)
                if run.count > 0 {
                    runs.append(run)
                    if !run.state.isExact && !isEstimated(.row) { needsMeasuring = true }
                }
                row = run.count
            }
            let sectionRuns = section.runs
            for k in sectionRuns.indices {
                let run = sectionRuns[k]
                guard run.count >= 0 else { throw .invalidCount(field: "sections[\(s)].runs[\(k)].count", value: run.count) }
                let (h, st) = try rowElement(run.row, field: "sections[\(s)].rows[\(row)]")
                if run.count > 0 {
                    runs.append(.init(count: run.count, height: h, state: st, content: run.row.content))
                    if !st.isExact && !isEstimated(.row) { needsMeasuring = true }
                }
                let (sum, overflow) = row.addingReportingOverflow(run.count)
                row = overflow ? Int.max : sum
            }
            let footer = try headerFooterRun(section.footer, isHeader: false, section: s)
            runs.append(footer)
            for e in [header, footer] where !e.state.isExact && !isEstimated(e.state.kind) { needsMeasuring = true }
            let (t, o) = total.addingReportingOverflow(row &+ 2)
            total = o || row == Int.max ? Int.max : t
            if total > Self.maximumElementCount {
                throw .tooManyRows(field: "sections[\(s)]", count: total, limit: Self.maximumElementCount)
            }
        }
        tree = ElementTree(runs: runs, total: total)
        if needsMeasuring { try measureUnestimated() }
    }

    static func validate(_ c: TableConfiguration) throws(TableError) {
        try Check.width(c.width, "width")
        if case .fixed(let h) = c.rowHeight { try Check.height(h, "rowHeight") }
        try Check.height(c.estimatedRowHeight, "estimatedRowHeight")
        try Check.height(c.estimatedSectionHeaderHeight, "estimatedSectionHeaderHeight")
        try Check.height(c.estimatedSectionFooterHeight, "estimatedSectionFooterHeight")
        if let h = c.sectionHeaderHeight { try Check.height(h, "sectionHeaderHeight") }
        if let h = c.sectionFooterHeight { try Check.height(h, "sectionFooterHeight") }
        try Check.height(c.tableHeaderHeight, "tableHeader.height")
        try Check.height(c.tableFooterHeight, "tableFooter.height")
        for (name, v) in [("contentInset.top", c.contentInset.top), ("contentInset.bottom", c.contentInset.bottom),
                          ("contentInset.left", c.contentInset.left), ("contentInset.right", c.contentInset.right)]
        where !v.isFinite {
            throw .invalidHeight(field: name, value: v)
        }
    }

    // MARK: Elements from descriptions

    /// The stored height and state of a row described by `spec`.
    func rowElement(_ spec: TableRow<Content>, field: @autoclosure () -> String) throws(TableError) -> (Double, ElementState) {
        switch spec.height {
        case .fixed(let h):
            try Check.height(h, field() + ".height")
            return (h, ElementState(kind: .row, exact: true, selfSizing: false))
        case .tableDefault:
            if case .fixed(let h) = configuration.rowHeight {
                return (h, ElementState(kind: .row, exact: true, selfSizing: false))
            }
            fallthrough
        case .automatic:
            guard sizer != nil else { throw .noHeightSource(element: field()) }
            // (The row's kind only when estimates are learned: asking for it reads the content,
            // a cache miss per row of a feed, for nothing otherwise.)
            let h = configuration.learnsEstimates ? estimate(forRowKind: spec.content.estimationKind) : estimate(forRowKind: 0)
            return (h, ElementState(kind: .row, exact: false, selfSizing: true))
        }
    }

    /// The estimate an unmeasured self-sizing row counts as.
    func estimate(forRowKind kind: Int) -> Double {
        if configuration.learnsEstimates, let mean = estimator.mean(forKind: kind) { return mean }
        return configuration.estimatedRowHeight > 0 ? configuration.estimatedRowHeight : configuration.metrics.defaultRowHeight
    }

    func headerFooterRun(_ spec: HeaderFooter<Content>, isHeader: Bool, section: Int) throws(TableError) -> ElementTree<Content>.Run {
        let e = try headerFooterElement(spec, isHeader: isHeader, section: section)
        return .init(count: 1, height: e.0, state: e.1, content: e.2)
    }

    func headerFooterElement(_ spec: HeaderFooter<Content>, isHeader: Bool, section: Int) throws(TableError) -> (Double, ElementState, Content) {
        let kind: ElementState.Kind = isHeader ? .header : .footer
        let name = "sections[\(section)].\(isHeader ? "header" : "footer")"
        let fixed = { (h: Double) in ElementState(kind: kind, exact: true, selfSizing: false) }
        switch spec {
        case .styleDefault:
            let c = configuration
            let h = isHeader ? (c.sectionHeaderHeight ?? c.metrics.defaultHeaderHeight(for: c.style))
                             : (c.sectionFooterHeight ?? c.metrics.defaultFooterHeight(for: c.style))
            return (h, fixed(h), .placeholder)
        case .none:
            return (0, fixed(0), .placeholder)
        case .fixed(let h, let content):
            try Check.height(h, name + ".height")
            return (h, fixed(h), content ?? .placeholder)
        case .automatic(let content):
            guard sizer != nil else { throw .noHeightSource(element: name) }
            let est = isHeader ? configuration.estimatedSectionHeaderHeight : configuration.estimatedSectionFooterHeight
            return (est, ElementState(kind: kind, exact: false, selfSizing: true), content)
        }
    }

    /// The run of a section given column-wise: heights checked (and payload count matched) in
    /// plain loops over the arrays, the elements' state from the section's height rule.
    func columnRun(_ c: RowColumns<Content>, section s: Int) throws(TableError) -> ElementTree<Content>.Run {
        if let heights = c.heights {
            for i in heights.indices where !(heights[i].isFinite && heights[i] >= 0) {
                throw .invalidHeight(field: "sections[\(s)].rows[\(i)].height", value: heights[i])
            }
            if let contents = c.contents, contents.count != heights.count {
                throw .invalidCount(field: "sections[\(s)].contents.count (\(heights.count) heights)", value: contents.count)
            }
        }
        guard c.count <= Self.maximumElementCount else {
            throw .tooManyRows(field: "sections[\(s)]", count: c.count, limit: Self.maximumElementCount)
        }
        let rule: RowHeight = c.heights != nil ? .fixed(0) : c.height
        let (h, st) = try rowElement(TableRow(height: rule, content: .placeholder), field: "sections[\(s)].rows[0]")
        return .init(count: c.count, height: h, state: st, content: .placeholder,
                     heights: c.heights.map { $0[...] }, contents: c.contents.map { $0[...] })
    }

    /// The element buffer of a whole section (for inserted and reloaded sections).
    func sectionBuffer(_ section: TableSection<Content>, index s: Int) throws(TableError) -> ElementBuffer<Content> {
        var b = ElementBuffer<Content>()
        let header = try headerFooterElement(section.header, isHeader: true, section: s)
        b.append(height: header.0, state: header.1, content: header.2)
        var row = 0
        if let columns = section.columns {
            let run = try columnRun(columns, section: s)
            b.heights.append(contentsOf: run.heights ?? ArraySlice(repeatElement(run.height, count: run.count)))
            b.states.append(contentsOf: repeatElement(run.state, count: run.count))
            b.contents.append(contentsOf: run.contents ?? ArraySlice(repeatElement(run.content, count: run.count)))
            row = run.count
        }
        for (k, run) in section.runs.enumerated() {
            guard run.count >= 0 else { throw .invalidCount(field: "sections[\(s)].runs[\(k)].count", value: run.count) }
            guard run.count <= Self.maximumElementCount else {
                throw .tooManyRows(field: "sections[\(s)]", count: run.count, limit: Self.maximumElementCount)
            }
            let (h, st) = try rowElement(run.row, field: "sections[\(s)].rows[\(row)]")
            b.heights.append(contentsOf: repeatElement(h, count: run.count))
            b.states.append(contentsOf: repeatElement(st, count: run.count))
            b.contents.append(contentsOf: repeatElement(run.row.content, count: run.count))
            row += run.count
        }
        let footer = try headerFooterElement(section.footer, isHeader: false, section: s)
        b.append(height: footer.0, state: footer.1, content: footer.2)
        return b
    }

    /// Whether elements of this kind are estimated (so measured lazily) rather than measured up front.
    func isEstimated(_ kind: ElementState.Kind) -> Bool {
        switch kind {
        case .row: return configuration.estimatedRowHeight > 0
        case .header: return configuration.estimatedSectionHeaderHeight > 0
        case .footer: return configuration.estimatedSectionFooterHeight > 0
        }
    }

    // MARK: Structure

    /// The number of sections (`numberOfSections`).
    public var numberOfSections: Int { tree.summary.sections }

    /// The number of rows in `section`, as UIKit's `numberOfRows(inSection:)`; 0 for a section
    /// that does not exist (where UIKit would raise).
    public func numberOfRows(inSection section: Int) -> Int {
        guard section >= 0, section < numberOfSections else { return 0 }
        return tree.headerIndex(ofSection: section + 1) - tree.headerIndex(ofSection: section) - 2
    }

    /// The total number of rows.
    public var numberOfRows: Int { tree.count - 2 * numberOfSections }

    /// The element index of a row, or nil when the index path does not exist.
    func elementIndex(of p: IndexPath) -> Int? {
        guard p.section >= 0, p.section < numberOfSections, p.row >= 0 else { return nil }
        let h = tree.headerIndex(ofSection: p.section)
        let next = tree.headerIndex(ofSection: p.section + 1)
        guard p.row < next - h - 2 else { return nil }
        return h + 1 + p.row
    }

    /// The element at `index` as a `TableElement` (which row, header or footer).
    func tableElement(at index: Int, state: ElementState) -> TableElement {
        let headers = tree.prefix(before: index).sections
        switch state.kind {
        case .header: return .header(section: headers)
        case .footer: return .footer(section: headers - 1)
        case .row:
            let s = headers - 1
            return .row(IndexPath(row: index - tree.headerIndex(ofSection: s) - 1, section: s))
        }
    }

    /// Checks the offset tree's invariants (summaries add up, balanced, within capacity); returns
    /// a description of the first violation, or nil.
    public func checkInvariants() -> String? { tree.invariantViolation() }

    /// The content payload of a row; nil when the index path does not exist.
    public func content(at p: IndexPath) -> Content? {
        guard let i = elementIndex(of: p) else { return nil }
        return tree.element(at: i).content
    }

    /// Whether a row's height is exact (fixed or measured) rather than an estimate; nil when the
    /// index path does not exist.
    public func isExact(at p: IndexPath) -> Bool? {
        guard let i = elementIndex(of: p) else { return nil }
        return tree.heightAndState(at: i).state.isExact
    }

    /// The content payload of a section's header (`footer` false) or footer; nil when the section
    /// does not exist.
    public func supplementaryContent(inSection section: Int, footer: Bool = false) -> Content? {
        guard section >= 0, section < numberOfSections else { return nil }
        let i = footer ? tree.headerIndex(ofSection: section + 1) - 1 : tree.headerIndex(ofSection: section)
        return tree.element(at: i).content
    }

    /// Where a row's height comes from; nil when the index path does not exist.
    public func heightSource(at p: IndexPath) -> RowHeightSource? {
        guard let i = elementIndex(of: p) else { return nil }
        let state = tree.heightAndState(at: i).state
        if !state.isExact { return .estimated }
        return state.isSelfSizing ? .measured : .fixed
    }
}

/// Where a row's height comes from.
public enum RowHeightSource: String, Hashable, Sendable, CaseIterable {
    /// A fixed height: the table's `rowHeight` or the row's own.
    case fixed
    /// Self-sized: measured from the row's content (`automaticDimension`).
    case measured
    /// Still the estimate: the row was never measured.
    case estimated
}
