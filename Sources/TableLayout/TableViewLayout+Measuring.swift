import Dispatch
import LayoutGeometry

/// Measuring: turning estimated elements into exact ones through the sizer, with anchor
/// correction, and invalidating self-sizing heights when the width or editing state changes.
extension TableViewLayout {
    /// The request for element `index`.
    func sizingRequest(at index: Int) -> SizingRequest<Content> {
        let e = tree.element(at: index)
        let element = tableElement(at: index, state: e.state)
        let ctx = widthContext
        let width: Double
        if case .row = element {
            width = ctx.contentView(for: e.content.chrome).width
        } else {
            width = Swift.max(0, ctx.cellWidth - (ctx.showsSectionIndex ? configuration.metrics.sectionIndexWidth : 0))
        }
        return SizingRequest(content: e.content, element: element, contentWidth: width,
                             layoutMargins: ctx.layoutMargins, tableWidth: configuration.width,
                             scale: configuration.scale, isEditing: configuration.isEditing,
                             style: configuration.style)
    }

    /// The stored height for a sizer's answer: validated, rounded up to 1/scale, plus the
    /// separator for rows when separators are shown.
    func finalHeight(_ raw: Double, for element: TableElement) throws(TableError) -> Double {
        if case .row = element { return try finalHeight(raw, isRow: true, name: element.name) }
        return try finalHeight(raw, isRow: false, name: element.name)
    }

    /// `finalHeight(_:for:)` for an element known by whether it is a row (named only in an error).
    func finalHeight(_ raw: Double, isRow: Bool, name: @autoclosure () -> String) throws(TableError) -> Double {
        guard raw.isFinite, raw >= 0 else { throw .invalidMeasuredHeight(element: name(), value: raw) }
        var h = configuration.scale.ceil(raw)
        if isRow, configuration.separatorStyle.isShown {
            h += configuration.metrics.separatorHeight(scale: configuration.scale)
        }
        return h
    }

    /// Measures the elements at `indices` (all inexact, ascending) and stores their exact
    /// heights; concurrently on all cores when there are many. When they are a good part of the
    /// table (a width change, `measureAll`), requests are built in one pass over the elements and
    /// the heights written back in another — O(n) — rather than with O(log n) searches apiece.
    mutating func measure(indices: [Int]) throws(TableError) {
        guard !indices.isEmpty else { return }
        guard let sizer else {
            let i = indices[0]
            throw .noHeightSource(element: tableElement(at: i, state: tree.heightAndState(at: i).state).name)
        }
        let bulk = indices.count >= 64 && indices.count * 16 >= tree.count
        if bulk {
            let pending = bulkRequests(indices)
            let raw = try Self.run(sizer, on: pending)
            try storeBulk(raw, for: indices, elements: pending.elements, content: { pending.content($0) })
        } else {
            // The measured elements' heights and states as they were (their contents are the requests').
            var heights: [Double] = [], states: [ElementState] = []
            heights.reserveCapacity(indices.count)
            states.reserveCapacity(indices.count)
            for i in indices {
                let e = tree.heightAndState(at: i)
                heights.append(e.height)
                states.append(e.state)
            }
            let requests = indices.map { sizingRequest(at: $0) }
            let raw = try Self.run(sizer, on: requests)
            try store(raw, for: indices, old: (heights, states), element: { requests[$0].element },
                      content: { requests[$0].content })
        }
    }

    /// Stores the sizer's answers `raw` for the elements at `indices` (their heights and states
    /// before: `old`), with the statistics of estimates; `element(k)` and `content(k)` are request
    /// `k`'s. (A few rows' measurement; `storeBulk` stores many.)
    private mutating func store(_ raw: [Double], for indices: [Int], old: (heights: [Double], states: [ElementState]),
                                element: (Int) -> TableElement, content: (Int) -> Content) throws(TableError) {
        var heights = [Double](repeating: 0, count: indices.count)
        // (The learned means are read only when the configuration learns them, which it says once
        // for the table's life: otherwise each row's kind is not asked for — a look into its
        // content, a cache miss per row of a feed.)
        let learns = configuration.learnsEstimates
        // (Every answer checked before anything is stored: a failed measurement changes nothing.)
        for k in indices.indices { heights[k] = try finalHeight(raw[k], for: element(k)) }
        for k in indices.indices {
            let h = heights[k]
            // The statistics are about rows: a header or footer measured here is not an estimate
            // coming true (its height was never a row estimate), so it is left out of them.
            if old.states[k].isRow {
                estimationReport.measuredCount += 1
                estimationReport.estimatedHeight += old.heights[k]
                estimationReport.exactHeight += h
                if learns { estimator.record(kind: content(k).estimationKind, height: h) }
            }
        }
        for (k, index) in indices.enumerated() {
            tree.set(index, height: heights[k], state: old.states[k].with(exact: true))
        }
    }

    /// `store` for a bulk measurement: the answers checked first (nothing changes when one is
    /// invalid), then stored in one pass over every element, which counts each measured row's
    /// height before as it replaces it (no copy of the old heights and states is made).
    private mutating func storeBulk(_ raw: [Double], for indices: [Int], elements: [PendingElement],
                                    content: (Int) -> Content) throws(TableError) {
        var heights = [Double](repeating: 0, count: indices.count)
        for k in indices.indices {
            heights[k] = try finalHeight(raw[k], isRow: elements[k].isRow, name: elements[k].element.name)
        }
        let learns = configuration.learnsEstimates
        var report = estimationReport, estimator = self.estimator
        var k = 0, position = 0
        tree.updateAll { height, state in
            if k < indices.count && indices[k] == position {
                // (A header or footer measured here was never a row estimate: not counted.)
                if state.isRow {
                    report.measuredCount += 1
                    report.estimatedHeight += height
                    report.exactHeight += heights[k]
                    if learns { estimator.record(kind: content(k).estimationKind, height: heights[k]) }
                }
                height = heights[k]
                state = state.with(exact: true)
                k += 1
            }
            position += 1
        }
        estimationReport = report
        self.estimator = estimator
    }

    /// The sizing requests for `indices` (ascending), still to be made (`PendingRequests`: no
    /// content is read here, and an element is named only when its request is made, on the core
    /// that makes it), from one walk over every element, leaf by leaf in place (copying every
    /// element first retained every content once more): sections and rows are counted as it goes
    /// (each section is a header, its rows and a footer, in that order).
    private func bulkRequests(_ indices: [Int]) -> PendingRequests<Content> {
        let ctx = widthContext
        let headerWidth = Swift.max(0, ctx.cellWidth - (ctx.showsSectionIndex ? configuration.metrics.sectionIndexWidth : 0))
        // (Plain local arrays of non-generic values: this runs unspecialised in client modules,
        // where a generic value built per row looked its type's metadata up per row.)
        var leaves: [[Content]] = []
        var places: [PendingPlace] = [], elements: [PendingElement] = []
        places.reserveCapacity(indices.count)
        elements.reserveCapacity(indices.count)
        var section: Int32 = -1, row: Int32 = 0, k = 0, i = 0
        var leafCount = 0, leafAdded = -1
        tree.forEachLeaf { _, leafStates, contents in
            guard k < indices.count else { return false }
            defer { leafCount += 1 }
            for j in leafStates.indices {
                defer { i += 1 }
                let element: PendingElement
                switch leafStates[j].kind {
                case .header:
                    section += 1
                    row = 0
                    element = PendingElement(section: section, row: PendingElement.header)
                case .footer:
                    element = PendingElement(section: section, row: PendingElement.footer)
                case .row:
                    element = PendingElement(section: section, row: row)
                    row += 1
                }
                guard k < indices.count, indices[k] == i else { continue }
                k += 1
                if leafAdded != leafCount {
                    leaves.append(contents)  // (the leaf's array: one retain per leaf)
                    leafAdded = leafCount
                }
                places.append(PendingPlace(leaf: Int32(leaves.count - 1), index: Int32(j)))
                elements.append(element)
            }
            return true
        }
        return PendingRequests<Content>(leaves: leaves, places: places, elements: elements, context: ctx,
                                        headerWidth: headerWidth, tableWidth: configuration.width,
                                        scale: configuration.scale, isEditing: configuration.isEditing,
                                        style: configuration.style)
    }

    /// Calls the sizer for every request; in parallel chunks when there are more than a few.
    static func run(_ sizer: any TableSizer<Content>, on requests: [SizingRequest<Content>]) throws(TableError) -> [Double] {
        try requests.withUnsafeBufferPointer { requests throws(TableError) in
            // (No `ChunkAnsweringSizer` here: these are a screenful's requests, already made, and a
            // failing cast to it cost more than answering one of them — about 8,000 instructions.)
            let view = RequestList(requests: requests)
            return try run(count: requests.count, chunk: { view.answer($0, sizer, into: $1) }, element: { requests[$0].element })
        }
    }

    /// `run(_:on:)` for requests still to be made: each is made on the core that answers it,
    /// reading its content there (read in place: copying the leaves or the places for every
    /// request retained them from both cores at once).
    static func run(_ sizer: any TableSizer<Content>, on pending: PendingRequests<Content>) throws(TableError) -> [Double] {
        try pending.leaves.withUnsafeBufferPointer { leaves throws(TableError) in
            try pending.places.withUnsafeBufferPointer { places throws(TableError) in
                let view = PendingView(pending: pending, leaves: leaves, places: places)
                if let chunked = sizer as? any ChunkAnsweringSizer, chunked.answersChunks(of: Content.self) {
                    return try run(count: places.count, chunk: { chunked.answer(view, $0, into: $1) },
                                   element: { pending.elements[$0].element })
                }
                return try run(count: places.count, chunk: { view.answer($0, sizer, into: $1) },
                               element: { pending.elements[$0].element })
            }
        }
    }

    /// Answers `n` requests: `chunk(range, out)` answers those in `range` into `out` (indexed
    /// from 0 for the whole run) and returns the first failure; in parallel chunks when there are
    /// more than a few. (A chunk's requests are made and answered in one call: this code runs
    /// unspecialised in client modules, and a call per request looked its generic types'
    /// metadata up per request — about 4 % of laying out a measured feed at a new width.)
    private static func run(count n: Int, chunk: @Sendable (Range<Int>, UnsafeMutablePointer<Double>) -> (Int, String)?,
                            element: (Int) -> TableElement) throws(TableError) -> [Double] {
        guard n > 0 else { return [] }
        var results = [Double](repeating: .nan, count: n)
        var failure: (Int, String)? = nil
        if n < 64 {
            failure = results.withUnsafeMutableBufferPointer { chunk(0..<n, $0.baseAddress!) }
        } else {
            let chunks = Swift.min(n / 32, 64)
            let failures = results.withUnsafeMutableBufferPointer { buffer -> [(Int, String)] in
                let out = SendableBuffer(buffer.baseAddress!)
                let errors = ErrorSlots(count: chunks)
                DispatchQueue.concurrentPerform(iterations: chunks) { c in
                    if let f = chunk(n * c / chunks ..< n * (c + 1) / chunks, out.pointer) { errors.set(c, f) }
                }
                return errors.all()
            }
            failure = failures.min { $0.0 < $1.0 }
        }
        if let (i, message) = failure { throw .sizerFailed(element: element(i).name, message: message) }
        return results
    }

    /// Measures every element that is neither exact nor estimated (at build and after updates).
    mutating func measureUnestimated(in range: Range<Int>? = nil) throws(TableError) {
        let lazy = (row: isEstimated(.row), header: isEstimated(.header), footer: isEstimated(.footer))
        guard !(lazy.row && lazy.header && lazy.footer) else { return }
        let needed = tree.inexactIndices(in: range ?? 0..<tree.count) { state in
            switch state.kind {
            case .row: return !lazy.row
            case .header: return !lazy.header
            case .footer: return !lazy.footer
            }
        }
        try measure(indices: needed)
    }

    /// Measures every estimated element exactly, using all cores; afterwards the content size is
    /// exact and `estimationReport` says how far the estimates were off.
    public mutating func measureAll() throws(TableError) {
        try measure(indices: tree.inexactIndices(in: 0..<tree.count))
    }

    /// The number of elements (rows, headers, footers) still counted as estimates.
    public var estimatedElementCount: Int { tree.summary.count - tree.summary.exact }

    /// Measures one row exactly (if estimated) and returns the offset correction that keeps
    /// `anchor` where it was on screen: the change of the anchor's y (0 when the measured row is
    /// not above the anchor). Invalid index paths change nothing and answer 0.
    @discardableResult
    public mutating func measureRow(at p: IndexPath, anchor: IndexPath? = nil) throws(TableError) -> Double {
        guard let i = elementIndex(of: p), !tree.heightAndState(at: i).state.isExact else { return 0 }
        let before = anchor.map { rectForRow(at: $0).minY } ?? 0
        try measure(indices: [i])
        guard let anchor, elementIndex(of: anchor) != nil else { return 0 }
        return rectForRow(at: anchor).minY - before
    }

    /// Lays out the viewport `[offset, offset + height)` the way a scrolling table does: measures
    /// exactly every estimated element in it, and moves the offset so that the anchor row stays
    /// where it was on screen while rows above it change height; repeats until every element in
    /// the (moved) band is exact. The anchor is `anchor` if given, else the first visible row that
    /// is already exact (the row that was on screen before the scroll), else the first visible row.
    public mutating func layoutViewport(offset: Double, height: Double, anchor: IndexPath? = nil) throws(TableError) -> ViewportLayout {
        var current = offset
        let visible = indexPathsForVisibleRows(atOffset: offset, viewportHeight: height)
        let anchor = anchor.flatMap { elementIndex(of: $0) != nil ? $0 : nil }
            ?? visible.first { isExact(at: $0) == true } ?? visible.first
        let anchorScreenY = anchor.map { rectForRow(at: $0).minY - offset }
        var measured = 0
        for _ in 0..<(tree.count + 1) {
            var pending: [Int] = []
            for e in elements(overlappingFrom: current, to: current + height) where !tree.heightAndState(at: e.index).state.isExact {
                pending.append(e.index)
            }
            // Elements of height 0 that are estimated can't overlap; nothing else to measure.
            guard !pending.isEmpty else { break }
            try measure(indices: pending)
            measured += pending.count
            if let anchor, let screenY = anchorScreenY { current = rectForRow(at: anchor).minY - screenY }
        }
        return ViewportLayout(offset: current, correction: current - offset,
                              rows: indexPathsForVisibleRows(atOffset: current, viewportHeight: height), measuredCount: measured)
    }

    /// Changes the table's width (rotation): every self-sizing height becomes an estimate again
    /// (its old height kept as the estimate) and is re-measured now unless estimation is on;
    /// fixed heights are kept.
    public mutating func setWidth(_ width: Double) throws(TableError) {
        try Check.width(width, "width")
        guard width != configuration.width else { return }
        var copy = self
        copy.configuration.width = width
        try copy.invalidateSelfSizing()
        self = copy
    }

    /// Enters or leaves editing mode: editing controls change content widths, so self-sizing
    /// heights are invalidated as by a width change.
    public mutating func setEditing(_ editing: Bool) throws(TableError) {
        guard editing != configuration.isEditing else { return }
        var copy = self
        copy.configuration.isEditing = editing
        try copy.invalidateSelfSizing()
        self = copy
    }

    mutating func invalidateSelfSizing() throws(TableError) {
        tree.updateAll { _, state in
            if state.isSelfSizing { state = state.with(exact: false) }
        }
        try measureUnestimated()
    }

    /// Re-estimates every unmeasured self-sizing row from the learned means (O(n)).
    public mutating func refreshEstimates() {
        guard configuration.learnsEstimates else { return }
        let indices = tree.inexactIndices(in: 0..<tree.count)
        for i in indices {
            let e = tree.element(at: i)
            guard e.state.isRow, let mean = estimator.mean(forKind: e.content.estimationKind) else { continue }
            tree.set(i, height: mean, state: e.state)
        }
    }
}

/// Sizing requests not made yet (`TableViewLayout.bulkRequests`): per request, the leaf holding its
/// content and the content's place there, and its element; and what every request shares. A
/// request is made on the core that answers it (`PendingView`): a feed's row contents are cold in
/// the cache, and reading each (for its chrome, and to retain it) one after another before any was
/// measured was a fifth of laying the feed out again at a new width.
package struct PendingRequests<Content: TableContent> {
    /// The contents of the leaves the requests' elements are in.
    package let leaves: [[Content]]
    package let places: [PendingPlace]
    package let elements: [PendingElement]
    package let context: ContentWidthContext
    package let headerWidth: Double
    package let tableWidth: Double
    package let scale: PixelScale
    package let isEditing: Bool
    package let style: TableStyle

    func content(_ k: Int) -> Content { leaves[Int(places[k].leaf)][Int(places[k].index)] }

    /// The request for `content` at `element` (its width: `contentWidth(of:chrome:)`).
    func request(_ content: Content, _ element: TableElement) -> SizingRequest<Content> {
        SizingRequest(content: content, element: element, contentWidth: contentWidth(of: element, chrome: content.chrome),
                      layoutMargins: context.layoutMargins, tableWidth: tableWidth, scale: scale, isEditing: isEditing, style: style)
    }

    /// A request's content width: a row's from its chrome (its accessory), a header's or
    /// footer's the cell's width less the section index. (Not generic in what it reads: a
    /// `ChunkAnsweringSizer` making its requests itself calls it too.)
    package func contentWidth(of element: TableElement, chrome: @autoclosure () -> CellChrome) -> Double {
        if case .row = element { return context.contentView(for: chrome()).width }
        return headerWidth
    }
}

/// A pending request's element, compact (no index path is made for a request until it is made):
/// its section and row, or a header's or footer's section with `row` `header` or `footer`. (The
/// table holds at most `maximumElementCount` elements, well inside `Int32`.)
package struct PendingElement {
    static let header: Int32 = -1
    static let footer: Int32 = -2
    var section: Int32
    var row: Int32

    var isRow: Bool { row >= 0 }

    package var element: TableElement {
        switch row {
        case Self.header: return .header(section: Int(section))
        case Self.footer: return .footer(section: Int(section))
        default: return .row(IndexPath(row: Int(row), section: Int(section)))
        }
    }
}

/// Where a pending request's content is: its leaf (in `PendingRequests.leaves`) and its place there.
package struct PendingPlace {
    package var leaf: Int32
    package var index: Int32
}

/// `PendingRequests` read in place by the workers (valid while its arrays' buffers are borrowed).
package struct PendingView<Content: TableContent>: @unchecked Sendable {
    package let pending: PendingRequests<Content>
    package let leaves: UnsafeBufferPointer<[Content]>
    package let places: UnsafeBufferPointer<PendingPlace>

    /// Request `k`.
    func request(_ k: Int) -> SizingRequest<Content> {
        let place = places[k]
        let content = leaves[Int(place.leaf)].withUnsafeBufferPointer { $0[Int(place.index)] }
        return pending.request(content, pending.elements[k].element)
    }

    /// The answers to requests `range` in `out[range]`, in order; the first failure (request
    /// index, message) stops them.
    func answer(_ range: Range<Int>, _ sizer: any TableSizer<Content>, into out: UnsafeMutablePointer<Double>) -> (Int, String)? {
        for k in range {
            do { out[k] = try sizer.height(for: request(k)) } catch { return (k, String(describing: error)) }
        }
        return nil
    }
}

/// Requests already made, answered a chunk at a time (`PendingView.answer`'s counterpart).
struct RequestList<Content: TableContent>: @unchecked Sendable {
    let requests: UnsafeBufferPointer<SizingRequest<Content>>

    func answer(_ range: Range<Int>, _ sizer: any TableSizer<Content>, into out: UnsafeMutablePointer<Double>) -> (Int, String)? {
        for k in range {
            do { out[k] = try sizer.height(for: requests[k]) } catch { return (k, String(describing: error)) }
        }
        return nil
    }
}

/// A sizer that answers a chunk of requests in one call, in its own module: there its loop, the
/// making of each request (as `PendingRequests.request` makes it, from the view's fields) and
/// the call of its `height(for:)` are specialised for its content. The generic loop above runs
/// unspecialised in this module and made every request through its content's value witnesses
/// and generic metadata (about 9 % of laying a measured feed out again at a new width). The
/// package's own sizer conforms. Asked for by a bulk measurement only (64 requests or more):
/// the cast costs thousands of instructions when it fails. (No associated type: a cast to a
/// constrained existential, `any ChunkAnsweringSizer<Content>`, decoded its type's name every
/// time, about 15,000 instructions.)
package protocol ChunkAnsweringSizer: Sendable {
    /// Whether this sizer answers chunks of requests for `content` (its own content type): the
    /// `answer` methods are only called when it does.
    func answersChunks<Content: TableContent>(of content: Content.Type) -> Bool
    /// `PendingView.answer(_:_:into:)`'s answers: requests `range` of `requests` into `out[range]`,
    /// in order, stopping at the first failure (its index and message).
    func answer<Content: TableContent>(_ requests: PendingView<Content>, _ range: Range<Int>,
                                       into out: UnsafeMutablePointer<Double>) -> (Int, String)?
}

/// A raw pointer shared by the workers of `concurrentPerform`; each writes disjoint indices.
struct SendableBuffer: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Double>
    init(_ p: UnsafeMutablePointer<Double>) { pointer = p }
}

/// One error slot per worker chunk, behind a lock-free design: each chunk writes only its slot.
final class ErrorSlots: @unchecked Sendable {
    private var slots: [(Int, String)?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ chunk: Int, _ value: (Int, String)) {
        slots.withUnsafeMutableBufferPointer { $0[chunk] = value }
    }
    func all() -> [(Int, String)] { slots.compactMap { $0 } }
}
