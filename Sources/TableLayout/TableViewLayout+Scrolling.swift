import LayoutGeometry

/// Where `scrollToRow(at:at:)` puts the row (`UITableView.ScrollPosition`).
public enum ScrollPosition: String, Hashable, Sendable, Codable {
    /// Fully visible with the least movement: no scroll when already fully visible, else like
    /// `top` (row above the visible band) or `bottom` (below).
    case none
    case top
    case middle
    case bottom
}

/// Scroll-view questions: clamped scroll-to-row offsets, visible rows, pinned headers.
extension TableViewLayout {
    /// The smallest and largest content offsets: `[-inset.top, max(-inset.top,
    /// contentHeight + inset.bottom - viewportHeight)]`.
    public func offsetRange(viewportHeight: Double) -> ClosedRange<Double> {
        let inset = configuration.contentInset
        let lo = -inset.top
        return lo...Swift.max(lo, contentSize.height + inset.bottom - viewportHeight)
    }

    /// The content offset `scrollToRow(at:at:)` ends at (CONTRACT "Details"), clamped to
    /// `offsetRange`; nil for an index path that does not exist. `currentOffset` matters for
    /// `.none` only. Uses current heights (estimates included): measure first for exactness.
    public func contentOffset(scrollingTo p: IndexPath, position: ScrollPosition,
                              viewportHeight: Double, currentOffset: Double = 0) -> Double? {
        guard elementIndex(of: p) != nil else { return nil }
        let row = rectForRow(at: p)
        let inset = configuration.contentInset
        let top = row.minY - inset.top
        let bottom = row.maxY - viewportHeight + inset.bottom
        let target: Double
        switch position {
        case .top: target = top
        case .bottom: target = bottom
        case .middle: target = row.midY - inset.top - (viewportHeight - inset.top - inset.bottom) / 2
        case .none:
            let bandTop = currentOffset + inset.top, bandBottom = currentOffset + viewportHeight - inset.bottom
            if row.minY >= bandTop && row.maxY <= bandBottom { target = currentOffset }
            else if row.minY < bandTop { target = top }
            else { target = bottom }
        }
        let range = offsetRange(viewportHeight: viewportHeight)
        return Swift.min(Swift.max(target, range.lowerBound), range.upperBound)
    }

    /// The rows overlapping `[offset, offset + viewportHeight)` with positive area
    /// (UIKit's `indexPathsForVisibleRows` for a table view scrolled to `offset`; the content inset does not shrink the band).
    public func indexPathsForVisibleRows(atOffset offset: Double, viewportHeight: Double) -> [IndexPath] {
        rows(overlappingFrom: offset, to: offset + viewportHeight)
    }

    /// The headers of a plain table at `offset`: every section with a header whose section
    /// overlaps the band, at `y = min(max(offset + inset.top, header.minY), section.maxY - header.height)`.
    /// Grouped styles do not pin: empty.
    public func pinnedHeaders(atOffset offset: Double, viewportHeight: Double) -> [PinnedSupplementary] {
        guard configuration.style == .plain, numberOfSections > 0 else { return [] }
        let a = offset, b = offset + viewportHeight
        guard b > a else { return [] }
        // Sections overlapping the band: from the one at the band's top to the one at its bottom.
        let firstSection = section(atContentY: a) ?? 0
        let lastSection = section(atContentY: b - 1e-9 * Swift.max(1, abs(b))) ?? (numberOfSections - 1)
        guard firstSection <= lastSection else { return [] }
        var result: [PinnedSupplementary] = []
        for s in firstSection...lastSection {
            let sectionRect = rect(forSection: s)
            guard sectionRect.height > 0, sectionRect.maxY > a, sectionRect.minY < b else { continue }
            let header = rectForHeader(inSection: s)
            guard header.height > 0 else { continue }
            let y = Swift.min(Swift.max(offset + configuration.contentInset.top, header.minY), sectionRect.maxY - header.height)
            result.append(PinnedSupplementary(section: s, frame: Rect(x: header.minX, y: y, width: header.width, height: header.height),
                                              isPinned: y != header.minY))
        }
        return result
    }

    /// The section whose elements contain content y (clamped to the sections' extent); nil when
    /// there are no sections.
    func section(atContentY y: Double) -> Int? {
        guard numberOfSections > 0 else { return nil }
        let local = y - sectionsTop
        if local < 0 { return 0 }
        guard let hit = tree.element(atOffset: local) else { return numberOfSections - 1 }
        return Swift.max(0, hit.headersBefore - (tree.heightAndState(at: hit.index).state.isHeader ? 0 : 1))
    }
}
