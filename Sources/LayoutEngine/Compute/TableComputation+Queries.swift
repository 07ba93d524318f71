import LayoutGeometry
import TableLayout

/// Phase 4: the spec's queries, in order, on the final layout (contract "queries" and "Details").
extension TableComputation {
    func answerQueries(_ table: inout EngineTable) throws(ComputeError) -> [QueryAnswer] {
        let viewport = spec.viewport
        var answers: [QueryAnswer] = []
        answers.reserveCapacity(spec.queries.count)
        for (i, query) in spec.queries.enumerated() {
            switch query {
            case .scrollToRow(let p, let position):
                if spec.estimatedRowHeight > 0 {
                    // Scrolling to a row lays it out: its exact height decides where it lands.
                    do throws(EngineError) { try table.measureRow(at: p) } catch {
                        throw Self.mapped(error, path: path + "queries[\(i)]")
                    }
                }
                let offset = table.contentOffset(scrollingTo: p, position: ScrollPosition(rawValue: position.rawValue) ?? .none,
                                                 viewportHeight: viewport.height, currentOffset: viewport.offset)
                answers.append(.contentOffset(offset))
            case .indexPathAt(let point):
                answers.append(.indexPath(table.indexPathForRow(at: point)))
            case .elementsIn(let rect):
                answers.append(.indexPaths(table.indexPathsForRows(in: rect)))
            case .visibleAt(let y):
                try layoutViewport(&table, offset: y)
                answers.append(.visible(indexPaths: table.indexPathsForVisibleRows(atOffset: y, viewportHeight: viewport.height),
                                        pinnedHeaders: Self.pinned(table, offset: y, height: viewport.height)))
            }
        }
        return answers
    }

    static func pinned(_ table: EngineTable, offset: Double, height: Double) -> [PinnedSupplementary] {
        table.pinnedHeaders(atOffset: offset, viewportHeight: height)
    }
}
