import FlowLayout
import LayoutGeometry

/// The laid-out grid a computation queries: the flow layout (UIKit's, or the `columns` layout
/// built on it), or a waterfall. One set of questions, answered by whichever engine holds the
/// geometry; pinning of waterfall headers follows the flow layout's formula.
enum GridEngine {
    case flow(CollectionFlowLayout<GridItemContent>)
    case waterfall(WaterfallLayout, pinsHeaders: Bool)

    var contentSize: Size {
        switch self {
        case .flow(let f): return f.contentSize
        case .waterfall(let w, _): return w.contentSize
        }
    }

    var numberOfSections: Int {
        switch self {
        case .flow(let f): return f.numberOfSections
        case .waterfall(let w, _): return w.sections.count
        }
    }

    func numberOfItems(inSection s: Int) -> Int {
        switch self {
        case .flow(let f): return f.numberOfItems(inSection: s)
        case .waterfall(let w, _): return w.sections.indices.contains(s) ? w.sections[s].count : 0
        }
    }

    var numberOfItems: Int {
        switch self {
        case .flow(let f): return f.numberOfItems
        case .waterfall(let w, _): return w.sections.reduce(0) { $0 + $1.count }
        }
    }

    func frameForSection(_ s: Int) -> Rect? {
        switch self {
        case .flow(let f): return f.frameForSection(s)
        case .waterfall(let w, _): return w.frameForSection(s)
        }
    }

    func frameForHeader(inSection s: Int) -> Rect? {
        switch self {
        case .flow(let f): return f.frameForHeader(inSection: s)
        case .waterfall(let w, _): return w.frameForHeader(inSection: s)
        }
    }

    func frameForFooter(inSection s: Int) -> Rect? {
        switch self {
        case .flow(let f): return f.frameForFooter(inSection: s)
        case .waterfall(let w, _): return w.frameForFooter(inSection: s)
        }
    }

    func frameForItem(at p: IndexPath) -> Rect? {
        switch self {
        case .flow(let f): return f.frameForItem(at: p)
        case .waterfall(let w, _): return w.frameForItem(at: p)
        }
    }

    func isEstimated(_ p: IndexPath) -> Bool {
        if case .flow(let f) = self { return f.isEstimated(p) }
        return false
    }

    /// Items overlapping `rect` with a positive area; a flow layout measures them first.
    mutating func itemsMeasured(in rect: Rect) -> [IndexPath] {
        switch self {
        case .flow(var f):
            let answer = f.measureItems(in: rect)
            self = .flow(f)
            return answer
        case .waterfall(let w, _): return w.indexPathsForItems(in: rect)
        }
    }

    func item(at point: Point) -> IndexPath? {
        switch self {
        case .flow(let f): return f.indexPathForItem(at: point)
        case .waterfall(let w, _): return w.indexPathForItem(at: point)
        }
    }

    /// Items overlapping `[offset, offset + length)` along the scroll axis; a flow layout
    /// measures them first.
    mutating func indexPathsForVisibleItems(atOffset offset: Double, length: Double) -> [IndexPath] {
        switch self {
        case .flow(var f):
            let answer = f.measureVisibleItems(atOffset: offset)
            self = .flow(f)
            return answer
        case .waterfall(let w, _):
            return w.indexPathsForItems(in: Rect(x: 0, y: offset, width: max(w.contentSize.width, 1), height: length))
        }
    }

    /// Headers at their pinned or natural places (empty unless headers pin).
    func pinnedHeaders(atOffset offset: Double, length: Double, insetTop: Double) -> [PinnedSupplementary] {
        switch self {
        case .flow(let f):
            return f.pinnedHeaders(atOffset: offset)
        case .waterfall(let w, let pins):
            guard pins else { return [] }
            var result: [PinnedSupplementary] = []
            for s in w.sections(overlapping: Rect(x: 0, y: offset, width: 1, height: length)) {
                guard let header = w.frameForHeader(inSection: s), let section = w.frameForSection(s), section.height > 0 else { continue }
                let y = min(max(offset + insetTop, header.minY), section.maxY - header.height)
                result.append(PinnedSupplementary(section: s, frame: Rect(x: header.minX, y: y, width: header.width, height: header.height),
                                                  isPinned: y != header.minY))
            }
            return result
        }
    }

    /// Footers at their pinned or natural places (flow layouts with pinned footers only).
    func pinnedFooters(atOffset offset: Double) -> [PinnedSupplementary] {
        guard case .flow(let f) = self else { return [] }
        return f.pinnedFooters(atOffset: offset)
    }
}
