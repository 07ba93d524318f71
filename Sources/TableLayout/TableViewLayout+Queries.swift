import LayoutGeometry

/// Geometry queries, all O(log n) (+ k answers). Invalid index paths answer nil or `Rect.zero`
/// (UIKit's `CGRectZero`); nothing traps. Estimated elements count as their estimate.
extension TableViewLayout {
    /// y where the first section starts (below the table header view).
    var sectionsTop: Double { configuration.tableHeaderHeight }

    /// The content size: the table's width × table header + sections + table footer.
    public var contentSize: Size {
        Size(width: configuration.width,
             height: configuration.tableHeaderHeight + tree.height + configuration.tableFooterHeight)
    }

    /// The table header view's rect, or nil when it has no height.
    public var tableHeaderRect: Rect? {
        configuration.tableHeaderHeight > 0
            ? Rect(x: 0, y: 0, width: configuration.width, height: configuration.tableHeaderHeight) : nil
    }

    /// The table footer view's rect (right after the last section), or nil when it has no height.
    public var tableFooterRect: Rect? {
        configuration.tableFooterHeight > 0
            ? Rect(x: 0, y: sectionsTop + tree.height, width: configuration.width, height: configuration.tableFooterHeight)
            : nil
    }

    var widthContext: ContentWidthContext { ContentWidthContext(configuration) }

    /// `rect(forSection:)`: header, rows and footer; `Rect.zero` for a section that does not exist.
    public func rect(forSection section: Int) -> Rect {
        guard section >= 0, section < numberOfSections else { return .zero }
        let start = tree.headerIndex(ofSection: section), end = tree.headerIndex(ofSection: section + 1)
        let y0 = tree.prefix(before: start).height, y1 = tree.prefix(before: end).height
        return Rect(x: 0, y: sectionsTop + y0, width: configuration.width, height: y1 - y0)
    }

    /// `rectForRow(at:)`; `Rect.zero` for an index path that does not exist.
    public func rectForRow(at p: IndexPath) -> Rect {
        guard let i = elementIndex(of: p) else { return .zero }
        return rowRect(index: i, y: tree.prefix(before: i).height, height: tree.heightAndState(at: i).height)
    }

    func rowRect(index: Int, y: Double, height: Double) -> Rect {
        let ctx = widthContext
        return Rect(x: ctx.cellX, y: sectionsTop + y, width: ctx.cellWidth, height: height)
    }

    /// `rectForHeader(inSection:)`: full width, possibly of height 0; `Rect.zero` for a section
    /// that does not exist.
    public func rectForHeader(inSection section: Int) -> Rect {
        guard section >= 0, section < numberOfSections else { return .zero }
        let i = tree.headerIndex(ofSection: section)
        return Rect(x: 0, y: sectionsTop + tree.prefix(before: i).height, width: configuration.width,
                    height: tree.heightAndState(at: i).height)
    }

    /// `rectForFooter(inSection:)`; `Rect.zero` for a section that does not exist.
    public func rectForFooter(inSection section: Int) -> Rect {
        guard section >= 0, section < numberOfSections else { return .zero }
        let i = tree.headerIndex(ofSection: section + 1) - 1
        return Rect(x: 0, y: sectionsTop + tree.prefix(before: i).height, width: configuration.width,
                    height: tree.heightAndState(at: i).height)
    }

    /// `indexPathForRow(at:)`: the row whose rect contains the point, with half-open intervals
    /// `[minY, maxY)` and `0 ≤ x < width`; nil on headers, footers, the table header/footer and
    /// outside the content.
    public func indexPathForRow(at point: Point) -> IndexPath? {
        guard point.x >= 0, point.x < configuration.width else { return nil }
        guard let hit = tree.elementAndState(atOffset: point.y - sectionsTop), hit.state.isRow else { return nil }
        let s = hit.headersBefore - 1
        return IndexPath(row: hit.index - tree.headerIndex(ofSection: s) - 1, section: s)
    }

    /// `indexPathsForRows(in:)`: rows whose rect overlaps `rect` with positive area (in y, and in
    /// x with `[0, width)`), in order.
    public func indexPathsForRows(in rect: Rect) -> [IndexPath] {
        guard Swift.min(rect.maxX, configuration.width) > Swift.max(rect.minX, 0) else { return [] }
        return rows(overlappingFrom: rect.minY, to: rect.maxY)
    }

    /// Rows overlapping `(from, to)` in content y with positive length, in order.
    func rows(overlappingFrom a: Double, to b: Double) -> [IndexPath] {
        let elements = elements(overlappingFrom: a, to: b)
        var rows: [IndexPath] = []
        rows.reserveCapacity(elements.count)
        for e in elements { if case .row(let p) = e.element { rows.append(p) } }
        return rows
    }

    /// Elements (rows, headers, footers of positive height) overlapping `(a, b)` in content y.
    func elements(overlappingFrom a: Double, to b: Double) -> [(element: TableElement, index: Int, y: Double, height: Double)] {
        let lo = a - sectionsTop, hi = b - sectionsTop
        guard hi > lo, hi > 0, lo < tree.height else { return [] }
        let startOffset = Swift.max(lo, 0)
        guard let first = tree.element(atOffset: startOffset) else { return [] }
        var result: [(element: TableElement, index: Int, y: Double, height: Double)] = []
        // (A screen shows a few dozen elements: room for them up front, not a reallocation per doubling.)
        result.reserveCapacity(32)
        var section = first.headersBefore - 1
        var sectionHeader = section >= 0 ? tree.headerIndex(ofSection: section) : -1
        // (Read before the loop: the closure then touches nothing of `self`, whose generic type's
        // metadata the unspecialised code of a client's own content type looked up again for
        // every element — about 600 instructions each.)
        let top = sectionsTop
        tree.forEach(in: first.index..<tree.count, startingAt: first.start) { index, y, h, state in
            if y >= hi { return false }
            let element: TableElement
            switch state.kind {
            case .header:
                section += 1
                sectionHeader = index
                element = .header(section: section)
            case .footer:
                element = .footer(section: section)
            case .row:
                element = .row(IndexPath(row: index - sectionHeader - 1, section: section))
            }
            if h > 0 && y + h > lo { result.append((element: element, index: index, y: top + y, height: h)) }
            return true
        }
        return result
    }
}
