import LayoutGeometry

/// Frames and geometric queries. None of these measure: self-sizing items that were not
/// measured yet answer with their estimate (see ``CollectionFlowLayout/measureItems(in:)``).
extension CollectionFlowLayout {
    /// The size of the scrollable content: along the scroll axis, every section end to end;
    /// across it, the container minus the content inset's edges.
    public var contentSize: Size {
        Size(along: engine.main, length: engine.contentLength, across: engine.contentCross)
    }

    /// The frame of an item, or `nil` when it does not exist.
    public func frameForItem(at indexPath: IndexPath) -> Rect? {
        guard contains(indexPath) else { return nil }
        let store = engine.sections[indexPath.section]
        return engine.frame(section: indexPath.section, item: indexPath.item, line: store.line(ofItem: indexPath.item))
    }

    /// The attributes of an item, or `nil` when it does not exist.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard let frame = frameForItem(at: indexPath) else { return nil }
        return LayoutAttributes(indexPath: indexPath, frame: frame, isEstimated: isEstimated(indexPath))
    }

    /// Whether an item is self-sizing and not measured yet.
    public func isEstimated(_ indexPath: IndexPath) -> Bool {
        guard contains(indexPath) else { return false }
        let f = engine.sections[indexPath.section].flags[indexPath.item]
        return f & FlowSectionStore.Flag.selfSizing != 0 && f & FlowSectionStore.Flag.measured == 0
    }

    /// The natural frame of a section's header, or `nil` when it has none (size 0) or the
    /// section does not exist. The header spans the content's cross extent.
    public func frameForHeader(inSection section: Int) -> Rect? {
        engine.sections.indices.contains(section) ? engine.headerFrame(section) : nil
    }

    /// The natural frame of a section's footer, or `nil` when it has none.
    public func frameForFooter(inSection section: Int) -> Rect? {
        engine.sections.indices.contains(section) ? engine.footerFrame(section) : nil
    }

    /// The whole section, header to footer, across the content's cross extent.
    public func frameForSection(_ section: Int) -> Rect? {
        guard engine.sections.indices.contains(section) else { return nil }
        return engine.rect(main: engine.sectionStart[section], mainLength: engine.sections[section].length,
                           cross: 0, crossLength: engine.contentCross)
    }

    /// The items whose frames overlap `rect` with a positive area, in index-path order.
    /// O(log n + k): sections and lines are found by binary search.
    public func indexPathsForItems(in rect: Rect) -> [IndexPath] {
        var result: [IndexPath] = []
        let main = engine.main, cross = main.cross
        engine.forEachItem(main: rect.min(along: main), rect.max(along: main),
                           cross: rect.min(along: cross), rect.max(along: cross)) { s, item, _ in
            result.append(IndexPath(item: item, section: s))
        }
        return result
    }

    /// Items, headers and footers (at their natural places) overlapping `rect`: UIKit's
    /// `layoutAttributesForElements(in:)` without pinning.
    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        let main = engine.main, cross = main.cross
        let low = rect.min(along: main), high = rect.max(along: main)
        var s = engine.firstSection(endingAfter: low)
        while s < engine.sections.count && engine.sectionStart[s] < high {
            if let header = engine.headerFrame(s), header.intersects(rect) {
                result.append(LayoutAttributes(kind: .header, indexPath: IndexPath(item: 0, section: s), frame: header))
            }
            let store = engine.sections[s]
            let start = engine.sectionStart[s]
            engine.forEachItem(main: max(low, start), min(high, start + store.length),
                               cross: rect.min(along: cross), rect.max(along: cross)) { section, item, line in
                let path = IndexPath(item: item, section: section)
                result.append(LayoutAttributes(indexPath: path, frame: engine.frame(section: section, item: item, line: line),
                                               isEstimated: isEstimated(path)))
            }
            if let footer = engine.footerFrame(s), footer.intersects(rect) {
                result.append(LayoutAttributes(kind: .footer, indexPath: IndexPath(item: 0, section: s), frame: footer))
            }
            s += 1
        }
        return result
    }

    /// The item whose frame contains `point` (half-open intervals), or `nil` for headers,
    /// footers, gaps and insets.
    public func indexPathForItem(at point: Point) -> IndexPath? {
        let main = engine.main
        let p = main == .vertical ? point.y : point.x, q = main == .vertical ? point.x : point.y
        guard let hit = engine.item(atMain: p, cross: q) else { return nil }
        return IndexPath(item: hit.item, section: hit.section)
    }
}
