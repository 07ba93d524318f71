import FlowLayout
import LayoutGeometry

/// Phase 4: the spec's queries, in order, on the final layout (contract "queries" and "Details").
///
/// The contract's x-range rules of tables apply across the scroll axis: `indexPathAt` needs the
/// cross coordinate in `[0, width)` (`[0, height)` for a horizontal grid), `itemsIn` a positive
/// overlap with that range as well as with an item. `itemsIn` and `visibleAt` measure the
/// estimated items they answer, as a scrolling grid does.
extension GridComputation {
    func answerQueries(_ engine: inout GridEngine) throws(ComputeError) -> [QueryAnswer] {
        var answers: [QueryAnswer] = []
        answers.reserveCapacity(spec.queries.count)
        let cross = main.cross
        let extent = crossExtent
        for query in spec.queries {
            switch query {
            case .scrollToRow:
                // Refused by the decoder for grids; answered as "no such row" if it ever gets here.
                answers.append(.contentOffset(nil))
            case .indexPathAt(var point):
                let c = cross == .horizontal ? point.x : point.y
                // (A flipped grid is asked in its own coordinates: the engine's are left to right.)
                if flipsHorizontally { point.x = engine.contentSize.width - point.x }
                answers.append(.indexPath(c >= 0 && c < extent ? engine.item(at: point) : nil))
            case .elementsIn(var rect):
                let overlaps = min(rect.max(along: cross), extent) > max(rect.min(along: cross), 0)
                if flipsHorizontally { rect.origin.x = engine.contentSize.width - rect.maxX }
                answers.append(.indexPaths(overlaps ? engine.itemsMeasured(in: rect) : []))
            case .visibleAt(let offset):
                let items = engine.indexPathsForVisibleItems(atOffset: offset, length: viewportLength)
                answers.append(.visible(indexPaths: items, pinnedHeaders: pinned(engine, offset: offset)))
            }
        }
        return answers
    }

    func pinned(_ engine: GridEngine, offset: Double) -> [PinnedSupplementary] {
        var headers = engine.pinnedHeaders(atOffset: offset, length: viewportLength, insetTop: spec.contentInset.top)
        if flipsHorizontally {
            let width = engine.contentSize.width
            for i in headers.indices { headers[i].frame.origin.x = width - headers[i].frame.maxX }
        }
        return headers
    }
}
