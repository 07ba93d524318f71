import LayoutGeometry

/// What a viewport shows at a scroll offset, and where pinned headers and footers sit.
///
/// The viewport is the container's extent along the scroll axis (its height when scrolling
/// vertically), starting at `offset`; the content inset does not shrink it (CONTRACT.md).
extension CollectionFlowLayout {
    /// The viewport's length along the scroll axis.
    public var viewportLength: Double { configuration.containerSize.length(along: engine.main) }

    /// The items overlapping `[offset, offset + viewportLength)` along the scroll axis with a
    /// positive area.
    public func indexPathsForVisibleItems(atOffset offset: Double) -> [IndexPath] {
        var result: [IndexPath] = []
        engine.forEachItem(main: offset, offset + viewportLength, cross: -.greatestFiniteMagnitude,
                           .greatestFiniteMagnitude) { s, item, _ in
            result.append(IndexPath(item: item, section: s))
        }
        return result
    }

    /// The headers of the sections overlapping the viewport at `offset`, each at its pinned
    /// or natural place: `min(max(offset + contentInset.leading, header.min),
    /// section.max − header.length)` — a pinned header stops at its section's end, footer
    /// included. Empty unless `sectionHeadersPinToVisibleBounds`.
    public func pinnedHeaders(atOffset offset: Double) -> [PinnedSupplementary] {
        guard configuration.sectionHeadersPinToVisibleBounds else { return [] }
        let main = engine.main
        let top = offset + configuration.contentInset.leading(along: main)
        return sections(overlapping: offset).compactMap { s in
            guard let natural = engine.headerFrame(s) else { return nil }
            let length = engine.sections[s].metrics.headerLength
            let sectionEnd = engine.sectionStart[s] + engine.sections[s].length
            let position = min(max(top, natural.min(along: main)), sectionEnd - length)
            return PinnedSupplementary(section: s, frame: moved(natural, to: position),
                                       isPinned: position != natural.min(along: main))
        }
    }

    /// The footers of the sections overlapping the viewport at `offset`, each stuck to the
    /// viewport's trailing edge (less the content inset) but never above its section's start:
    /// `max(min(offset + viewport − contentInset.trailing − footer.length, footer.min), section.min)`.
    /// Empty unless `sectionFootersPinToVisibleBounds`.
    public func pinnedFooters(atOffset offset: Double) -> [PinnedSupplementary] {
        guard configuration.sectionFootersPinToVisibleBounds else { return [] }
        let main = engine.main
        let bottom = offset + viewportLength - configuration.contentInset.trailing(along: main)
        return sections(overlapping: offset).compactMap { s in
            guard let natural = engine.footerFrame(s) else { return nil }
            let length = engine.sections[s].metrics.footerLength
            let position = max(min(bottom - length, natural.min(along: main)), engine.sectionStart[s])
            return PinnedSupplementary(section: s, frame: moved(natural, to: position),
                                       isPinned: position != natural.min(along: main))
        }
    }

    /// Sections overlapping `[offset, offset + viewportLength)` with a positive length.
    func sections(overlapping offset: Double) -> [Int] {
        var result: [Int] = []
        let end = offset + viewportLength
        var s = engine.firstSection(endingAfter: offset)
        while s < engine.sections.count && engine.sectionStart[s] < end {
            if engine.sections[s].length > 0 { result.append(s) }
            s += 1
        }
        return result
    }

    private func moved(_ frame: Rect, to position: Double) -> Rect {
        engine.main == .vertical
            ? Rect(x: frame.minX, y: position, width: frame.width, height: frame.height)
            : Rect(x: position, y: frame.minY, width: frame.width, height: frame.height)
    }
}
