import LayoutGeometry

/// Queries over a prepared waterfall.
extension WaterfallLayout {
    /// Width × the bottom of the last section.
    public var contentSize: Size {
        Size(width: configuration.width, height: (sectionStart.last ?? 0) + (sectionLength.last ?? 0))
    }

    /// The frame of an item, or `nil` when it does not exist.
    public func frameForItem(at indexPath: IndexPath) -> Rect? {
        guard frames.indices.contains(indexPath.section), frames[indexPath.section].indices.contains(indexPath.item) else { return nil }
        return frames[indexPath.section][indexPath.item]
    }

    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        frameForItem(at: indexPath).map { LayoutAttributes(indexPath: indexPath, frame: $0) }
    }

    /// The header of a section, or `nil` when headers have height 0.
    public func frameForHeader(inSection s: Int) -> Rect? {
        guard sectionStart.indices.contains(s), configuration.headerHeight > 0 else { return nil }
        return Rect(x: 0, y: sectionStart[s], width: configuration.width, height: configuration.headerHeight)
    }

    /// The footer of a section, or `nil` when footers have height 0.
    public func frameForFooter(inSection s: Int) -> Rect? {
        guard sectionStart.indices.contains(s), configuration.footerHeight > 0 else { return nil }
        let end = sectionStart[s] + sectionLength[s]
        return Rect(x: 0, y: end - configuration.footerHeight, width: configuration.width, height: configuration.footerHeight)
    }

    /// The whole section, header to footer, across the width; `nil` when it does not exist.
    public func frameForSection(_ s: Int) -> Rect? {
        guard sectionStart.indices.contains(s) else { return nil }
        return Rect(x: 0, y: sectionStart[s], width: configuration.width, height: sectionLength[s])
    }

    /// The column an item was placed in.
    public func column(of indexPath: IndexPath) -> Int? {
        guard let frame = frameForItem(at: indexPath) else { return nil }
        let step = configuration.columnWidth + configuration.columnSpacing
        return Int(((frame.minX - configuration.sectionInset.left) / step).rounded())
    }

    /// Items overlapping `rect` with a positive area, in index-path order.
    public func indexPathsForItems(in rect: Rect) -> [IndexPath] {
        var result: [IndexPath] = []
        for s in sections(overlapping: rect) {
            var found: [Int] = []
            for column in columns[s] {
                // First item of the column whose bottom is below rect.minY (bottoms increase).
                var low = 0, high = column.count
                while low < high {
                    let mid = (low + high) >> 1
                    if frames[s][column[mid]].maxY > rect.minY { high = mid } else { low = mid + 1 }
                }
                while low < column.count, frames[s][column[low]].minY < rect.maxY {
                    if frames[s][column[low]].intersects(rect) { found.append(column[low]) }
                    low += 1
                }
            }
            result += found.sorted().map { IndexPath(item: $0, section: s) }
        }
        return result
    }

    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        let items = indexPathsForItems(in: rect)
        for s in sections(overlapping: rect) {
            if let header = frameForHeader(inSection: s), header.intersects(rect) {
                result.append(LayoutAttributes(kind: .header, indexPath: IndexPath(item: 0, section: s), frame: header))
            }
            for path in items where path.section == s {
                result.append(LayoutAttributes(indexPath: path, frame: frames[s][path.item]))
            }
            if let footer = frameForFooter(inSection: s), footer.intersects(rect) {
                result.append(LayoutAttributes(kind: .footer, indexPath: IndexPath(item: 0, section: s), frame: footer))
            }
        }
        return result
    }

    /// Sections overlapping `rect` vertically (binary search over section starts).
    public func sections(overlapping rect: Rect) -> Range<Int> {
        var low = 0, high = sectionStart.count
        while low < high {
            let mid = (low + high) >> 1
            if sectionStart[mid] + sectionLength[mid] > rect.minY { high = mid } else { low = mid + 1 }
        }
        var end = low
        while end < sectionStart.count && sectionStart[end] < rect.maxY { end += 1 }
        return low..<end
    }
}
