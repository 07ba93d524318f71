import LayoutGeometry

/// Queries over the stored lines, in main/cross coordinates: sections and lines are found by
/// binary search (section origins and line ends both increase), then only the items of the
/// lines that overlap are looked at — O(log n + k).
extension FlowEngine {
    /// The first section whose main-axis end is beyond `position`.
    func firstSection(endingAfter position: Double) -> Int {
        var low = 0, high = sections.count
        while low < high {
            let mid = (low + high) >> 1
            if sectionStart[mid] + sections[mid].length > position { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// Calls `body(section, item, line)` for every item whose frame overlaps the open ranges
    /// `mainLow..<mainHigh` × `crossLow..<crossHigh` with a positive area, in order.
    func forEachItem(main mainLow: Double, _ mainHigh: Double, cross crossLow: Double, _ crossHigh: Double,
                     _ body: (Int, Int, Int) -> Void) {
        guard mainHigh > mainLow, crossHigh > crossLow else { return }
        let main = self.main, cross = main.cross
        var s = firstSection(endingAfter: mainLow)
        while s < sections.count && sectionStart[s] < mainHigh {
            let store = sections[s]
            let low = mainLow - sectionStart[s], high = mainHigh - sectionStart[s]
            var line = store.firstLine(endingAfter: low)
            while line < store.lineCount && store.lineMain[line] < high {
                let lineMain = store.lineMain[line], lineThickness = store.lineThickness[line]
                for item in store.lineStart[line]..<store.lineEnd(line) {
                    let thickness = store.length(of: item, along: main)
                    let itemLow = lineMain + (lineThickness - thickness) / 2
                    guard min(itemLow + thickness, high) > max(itemLow, low) else { continue }
                    let crossStart = store.itemCross[item]
                    let crossEnd = crossStart + min(store.length(of: item, along: cross), store.metrics.available)
                    if crossStart >= crossHigh { break }
                    guard min(crossEnd, crossHigh) > max(crossStart, crossLow) else { continue }
                    body(s, item, line)
                }
                line += 1
            }
            s += 1
        }
    }

    /// The item whose frame contains the point (half-open on both axes).
    func item(atMain p: Double, cross q: Double) -> (section: Int, item: Int, line: Int)? {
        let s = firstSection(endingAfter: p)
        guard s < sections.count, sectionStart[s] <= p else { return nil }
        let store = sections[s]
        let local = p - sectionStart[s]
        let line = store.firstLine(endingAfter: local)
        guard line < store.lineCount, store.lineMain[line] <= local else { return nil }
        let point = main == .vertical ? Point(x: q, y: p) : Point(x: p, y: q)
        for item in store.lineStart[line]..<store.lineEnd(line) {
            if store.itemCross[item] > q { break }
            if frame(section: s, item: item, line: line).contains(point) { return (s, item, line) }
        }
        return nil
    }

    /// The header's frame, or `nil` when the section has none.
    func headerFrame(_ s: Int) -> Rect? {
        let store = sections[s]
        guard store.metrics.headerLength > 0 else { return nil }
        return rect(main: sectionStart[s], mainLength: store.metrics.headerLength, cross: 0, crossLength: contentCross)
    }

    /// The footer's frame, or `nil` when the section has none.
    func footerFrame(_ s: Int) -> Rect? {
        let store = sections[s]
        guard store.metrics.footerLength > 0 else { return nil }
        return rect(main: sectionStart[s] + store.footerStart, mainLength: store.metrics.footerLength,
                    cross: 0, crossLength: contentCross)
    }
}
