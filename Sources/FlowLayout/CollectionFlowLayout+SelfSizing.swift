import LayoutGeometry

/// Step 3 (optional): measuring self-sizing items with the ``FlowItemSizer``.
///
/// Only the items asked about are measured, each once; a measured size is rounded up to the
/// configuration's `scale`, then lines are re-filled from the first item whose size changed.
extension CollectionFlowLayout {
    /// Measures the self-sizing items that overlap `rect`, re-filling lines after each round,
    /// until every item overlapping `rect` is exact; answers those items (as
    /// ``indexPathsForItems(in:)`` then would). Each round measures at least one item, so this
    /// ends; items outside `rect` are never measured.
    @discardableResult
    public mutating func measureItems(in rect: Rect) -> [IndexPath] {
        while true {
            let paths = indexPathsForItems(in: rect)
            let pending = paths.filter(isEstimated)
            if pending.isEmpty || sizer == nil { return paths }
            measureItems(at: pending)
        }
    }

    /// Measures the items visible at `offset` (see ``indexPathsForVisibleItems(atOffset:)``) and answers them.
    @discardableResult
    public mutating func measureVisibleItems(atOffset offset: Double) -> [IndexPath] {
        let band = engine.rect(main: offset, mainLength: viewportLength, cross: -1e15, crossLength: 2e15)
        return measureItems(in: band)
    }

    /// Lays out the viewport at `offset` the way a scrolling collection view does, as tables do
    /// (``TableLayout/layoutViewport(offset:height:anchor:)``): measures exactly every estimated
    /// item it shows, and moves the offset so that the anchor item stays where it was on screen
    /// while items before it change size; repeats until every item in the (moved) viewport is
    /// exact. The anchor is `anchor` if it exists, else the first visible item already measured
    /// (what was on screen before the scroll), else the first visible item.
    public mutating func layoutViewport(offset: Double, anchor: IndexPath? = nil) -> FlowViewportLayout {
        let main = engine.main
        var current = offset
        let visible = indexPathsForVisibleItems(atOffset: offset)
        let anchor = anchor.flatMap { contains($0) ? $0 : nil } ?? visible.first { !isEstimated($0) } ?? visible.first
        let anchorScreen = anchor.flatMap { frameForItem(at: $0) }.map { $0.min(along: main) - offset }
        var measured = 0
        // Each round measures at least one item, so this ends.
        for _ in 0...numberOfItems where sizer != nil {
            let pending = indexPathsForVisibleItems(atOffset: current).filter(isEstimated)
            guard !pending.isEmpty else { break }
            measureItems(at: pending)
            measured += pending.count
            if let anchor, let screen = anchorScreen, let frame = frameForItem(at: anchor) {
                current = frame.min(along: main) - screen
            }
        }
        return FlowViewportLayout(offset: current, correction: current - offset,
                                  items: indexPathsForVisibleItems(atOffset: current), measuredCount: measured)
    }

    /// Measures every self-sizing item that is not measured yet.
    public mutating func measureAll() {
        var pending: [IndexPath] = []
        for (s, store) in engine.sections.enumerated() {
            for i in store.flags.indices where isEstimated(IndexPath(item: i, section: s)) {
                pending.append(IndexPath(item: i, section: s))
            }
        }
        measureItems(at: pending)
    }

    /// Measures the listed items that are self-sizing and not measured yet; others are ignored.
    /// The sizer is called for every item first, then the answers are applied in order and
    /// lines re-filled once per section.
    public mutating func measureItems(at indexPaths: [IndexPath]) {
        guard let sizer else { return }
        typealias Flag = FlowSectionStore.Flag
        let main = engine.main
        let scale = configuration.scale
        var paths: [IndexPath] = []
        var requests: [FlowSizingRequest<Payload>] = []
        for path in indexPaths where isEstimated(path) {
            let s = path.section, i = path.item
            let room = engine.sections[s].metrics.available
            let estimate = Size(width: engine.sections[s].widths[i], height: engine.sections[s].heights[i])
            paths.append(path)
            requests.append(FlowSizingRequest(payload: payloads[s][i], indexPath: path,
                                              availableWidth: main == .vertical ? room : nil,
                                              availableHeight: main == .horizontal ? room : nil,
                                              estimate: estimate))
        }
        // One thread: measured on this machine, splitting short texts over two cores was slower
        // (the text engine's locks contend); tables, with longer texts, do measure in parallel.
        let answers = requests.map { sizer.size(for: $0) }
        var firstChanged: [Int: Int] = [:]
        for k in paths.indices {
            let s = paths[k].section, i = paths[k].item
            let answer = scale.ceil(answers[k])
            engine.sections[s].flags[i] |= Flag.measured
            guard answer.width.isFinite, answer.height.isFinite, answer.width > 0, answer.height > 0 else {
                engine.sections[s].flags[i] |= Flag.invalidMeasurement
                continue
            }
            engine.sections[s].flags[i] &= ~Flag.invalidMeasurement
            if answer != requests[k].estimate {
                engine.sections[s].widths[i] = answer.width
                engine.sections[s].heights[i] = answer.height
                firstChanged[s] = min(firstChanged[s] ?? i, i)
            }
        }
        guard let firstSection = firstChanged.keys.min() else { return }
        for (s, item) in firstChanged { engine.refill(section: s, fromItem: item) }
        engine.restack(from: firstSection)
    }

    /// What the layout changed or could not honour: items clamped to the room on their line
    /// (UIKit logs "the item width must be less than the width of the UICollectionView minus
    /// the section insets left and right values, minus the content insets left and right
    /// values" and clamps) and sizer answers that were refused. Computed on demand, O(n).
    public var warnings: [FlowLayoutWarning] {
        var result: [FlowLayoutWarning] = []
        let cross = engine.main.cross
        let dimension = cross == .horizontal ? "width" : "height"
        for (s, store) in engine.sections.enumerated() {
            let room = store.metrics.available
            for i in 0..<store.itemCount {
                let path = IndexPath(item: i, section: s)
                let length = store.length(of: i, along: cross)
                if length > room {
                    result.append(FlowLayoutWarning(
                        kind: .itemClamped, indexPath: path,
                        message: "item \(dimension) \(length) is larger than the \(room) points available "
                            + "(container minus section and content insets); clamped to \(room)"))
                }
                if store.flags[i] & FlowSectionStore.Flag.invalidMeasurement != 0 {
                    result.append(FlowLayoutWarning(
                        kind: .invalidMeasurement, indexPath: path,
                        message: "the sizer answered a size that is not finite and positive; the estimate "
                            + "\(Size(width: store.widths[i], height: store.heights[i])) was kept"))
                }
            }
        }
        return result
    }
}

/// What ``CollectionFlowLayout/layoutViewport(offset:anchor:)`` did: where the viewport ends up,
/// how far it moved to keep the anchor item in place, what it shows, and how many items were
/// measured.
public struct FlowViewportLayout: Sendable, Hashable {
    /// The viewport's offset along the scroll axis after the correction.
    public var offset: Double
    /// `offset` minus the offset asked for (negative when items above the anchor shrank).
    public var correction: Double
    /// The items the viewport shows at `offset`, every one measured.
    public var items: [IndexPath]
    /// How many items were measured.
    public var measuredCount: Int

    /// A viewport layout with these values (for comparisons in tests and tools).
    public init(offset: Double, correction: Double, items: [IndexPath], measuredCount: Int) {
        self.offset = offset
        self.correction = correction
        self.items = items
        self.measuredCount = measuredCount
    }
}
