import FlowLayout
import LayoutGeometry
import TextLayout

/// Lays out one grid spec (the top-level one, or one nested in a table row) with `FlowLayout`.
///
/// Phase contract: (1) **build** — the spec's sections become flow sections: a run of identical
/// items shares one `GridItemContent` (or none: default and fixed-size items carry no payload),
/// fonts are checked, text items without `estimatedItemSize` are measured; (2) **first layout** —
/// with `estimatedItemSize`, the items in the viewport are measured; (3) **updates** — each batch
/// is applied with UIKit's semantics, a refused one ends the computation with its reason and the
/// batch's path; the viewport is measured again; (4) **queries** in order (`itemsIn` and
/// `visibleAt` measure the items they answer); (5) **result** — the geometry after the queries,
/// with the layout's warnings (clamped items).
///
/// `layout: columns` is the flow layout with a computed item size and `left` alignment;
/// `layout: waterfall` keeps its items in a flow layout (so that updates are validated and
/// applied exactly as for the other layouts) and places them in a `WaterfallLayout` at the end.
struct GridComputation {
    typealias Flow = CollectionFlowLayout<GridItemContent>

    let spec: GridSpec
    /// Text styles visible to this grid (its own over its ancestors' over the built-ins).
    let scope: TextStyleScope
    let environment: SizingEnvironment
    /// Prefix of every JSON path in messages: "" at the top level, "sections[0].rows[3].grid." when nested.
    let path: String
    let options: ComputeOptions

    init(spec: GridSpec, scope: TextStyleScope, environment: SizingEnvironment, path: String, options: ComputeOptions) {
        self.spec = spec
        self.scope = scope.adding(spec.textStyles)
        self.environment = environment
        self.path = path
        self.options = options
    }

    var scale: PixelScale { PixelScale(spec.scale ?? 2) }
    var width: Double { spec.width ?? 375 }
    var horizontal: Bool { spec.scrollDirection == .horizontal }
    var main: Axis { spec.scrollDirection }
    /// Whether items are laid out at an estimate until measured.
    var estimates: Bool { spec.estimatedItemSize != nil && spec.layout == .flow }

    /// The container's extent across the scroll axis: `width` for a vertical grid; `height` for a
    /// horizontal one (nested without a `height`: one line of its thickest given item, with insets).
    var crossExtent: Double {
        guard horizontal else { return width }
        if let height = spec.height { return height }
        var thickest = spec.itemSize.height
        for section in spec.sections {
            for run in section.items.runs { for item in run.cycle { thickest = max(thickest, item.size?.height ?? 0) } }
        }
        let inset = spec.sections.compactMap(\.sectionInset).map(\.vertical).max() ?? spec.sectionInset.vertical
        return thickest + inset + spec.contentInset.vertical
    }

    /// Whether the grid's horizontal coordinates are flipped (UIKit's flow layout in a right-to-left
    /// app: `flipsHorizontallyInOppositeLayoutDirection`): a vertical flow grid whose spec's
    /// `layoutDirection` is right to left — its items, headers and footers mirrored across the
    /// content width, the first item of a line at its right. (The `columns` and `waterfall`
    /// layouts, custom layouts in UIKit, keep the base class's default: not flipped; a horizontal
    /// grid is not flipped either.)
    var flipsHorizontally: Bool {
        environment.cellSettings.direction == .rightToLeft && spec.layout == .flow && !horizontal
    }

    /// The viewport's length along the scroll axis: `viewport.height`, or `width` for a horizontal grid.
    var viewportLength: Double { horizontal ? width : spec.viewport.height }

    /// Runs every phase and returns the result.
    func run() throws(ComputeError) -> ComputeResult {
        let clock = ContinuousClock()
        var timings: [PhaseTiming] = []
        var mark = clock.now
        func lap(_ phase: String) {
            let now = clock.now
            timings.append(PhaseTiming(phase: phase, seconds: TableComputation.seconds(now - mark)))
            mark = now
        }

        var warnings: [String] = []
        var flow = try build(warnings: &warnings)
        lap("build and measure")
        measureViewport(&flow, offset: spec.viewport.offset)
        for (i, batch) in spec.updates.enumerated() {
            let batchPath = path + "updates[\(i)]"
            let flowBatch = try self.batch(batch, path: batchPath)
            do throws(FlowLayoutError) {
                try flow.apply(flowBatch)
            } catch {
                throw .invalidUpdate(path: batchPath, reason: error.message)
            }
        }
        if !spec.updates.isEmpty {
            if !estimates { flow.measureAll() }
            measureViewport(&flow, offset: spec.viewport.offset)
            lap("updates")
        }
        var engine: GridEngine
        if spec.layout == .waterfall {
            engine = .waterfall(try waterfall(from: flow), pinsHeaders: spec.sectionHeadersPinToVisibleBounds)
            lap("waterfall")
        } else {
            engine = .flow(flow)
            warnings += flow.warnings.map { warning($0) }
        }
        // Answered on the final layout, as a table's are (contract, "Queries").
        var answers = try answerQueries(&engine)
        for _ in 0..<4 where !spec.queries.isEmpty {
            let before = engine.contentSize
            let again = try answerQueries(&engine)
            let settled = before == engine.contentSize && again == answers
            answers = again
            if settled { break }
        }
        lap("queries")
        var result = geometry(of: &engine)
        if flipsHorizontally { result.mirrorHorizontally(width: engine.contentSize.width) }
        result.queries = answers
        result.warnings = warnings
        // (What the items' layouts and the tables inside them found, as a table's result has it.)
        if path.isEmpty { result.warnings += environment.takeWarnings() }
        lap("result")
        result.timings = timings
        return result
    }

    /// With estimates on, measures the items in the viewport at `offset` (as a scrolling grid does).
    func measureViewport(_ flow: inout Flow, offset: Double) {
        guard estimates else { return }
        flow.measureVisibleItems(atOffset: offset)
    }

    /// A layout warning as a message naming the item: its spec path while the spec's sections are
    /// as written, its index path after updates.
    func warning(_ w: FlowLayoutWarning) -> String {
        let location: String
        if spec.updates.isEmpty, let specPath = specPath(of: w.indexPath) {
            location = specPath
        } else {
            location = path + "item [\(w.indexPath.section), \(w.indexPath.item)]"
        }
        return "\(location): \(w.message)"
    }

    /// The JSON path of the spec entry an item comes from (before updates): `sections[k].items[j]`,
    /// with the item's index when the entry is a run of several items.
    func specPath(of p: IndexPath) -> String? {
        var first = 0
        for (k, section) in spec.sections.enumerated() {
            if p.section < first + section.repeatCount {
                var start = 0
                for (j, run) in section.items.runs.enumerated() {
                    if p.item < start + run.count {
                        let entry = path + (spec.itemsAtTopLevel ? "" : "sections[\(k)].") + "items[\(j)]"
                        return run.count == 1 ? entry : entry + " (item \(p.item) of section \(p.section))"
                    }
                    start += run.count
                }
                return nil
            }
            first += section.repeatCount
        }
        return nil
    }
}
