import LayoutGeometry

/// Step 2 of the flow layout: break a section's items into lines and place them.
///
/// Greedy filling: a line takes items while `used ≤ available + 1e-9`, where `used` sums the
/// item lengths (clamped to the room) and the minimum interitem spacing between them. A line
/// is as thick as its thickest item and each item is centred across it. Placement along the
/// line follows the alignment; `justified` (UIKit) is described in CONTRACT.md and in
/// docs/UIKIT_BEHAVIOUR.md (Grids). The work restarts at the line that could change, so an edit at item
/// `i` re-fills only the lines from the one holding item `i - 1` onwards (that line's break
/// looked at item `i`).
extension FlowSectionStore {
    /// Tolerance of the fit test, in points.
    static let fitTolerance = 1e-9

    /// Re-fills lines so that every item from `firstChangedItem` on is placed, then updates the
    /// footer position and the section length.
    mutating func fillLines(fromItem firstChangedItem: Int, axis main: Axis, alignment: FlowAlignment,
                            compatibility: FlowCompatibility) {
        let n = widths.count
        let startLine = firstChangedItem <= 0 || lineStart.isEmpty ? 0 : line(ofItem: min(firstChangedItem - 1, n - 1))
        let startItem = startLine < lineStart.count ? lineStart[startLine] : 0
        var position: Double
        if startLine == 0 {
            position = metrics.headerLength + metrics.inset.leading(along: main)
        } else {
            position = lineMain[startLine - 1] + lineThickness[startLine - 1] + metrics.lineSpacing
        }
        lineStart.removeSubrange(startLine...)
        lineMain.removeSubrange(startLine...)
        lineThickness.removeSubrange(startLine...)
        if itemCross.count < n {
            itemCross.append(contentsOf: repeatElement(0, count: n - itemCross.count))
        } else if itemCross.count > n {
            itemCross.removeLast(itemCross.count - n)
        }

        let cross = main.cross
        let lengths = cross == .horizontal ? widths : heights
        let thicknesses = main == .horizontal ? widths : heights
        let room = metrics.available, spacing = metrics.interitemSpacing
        let limit = room + Self.fitTolerance
        let uniform = alignment == .justified && Self.isUniform(lengths, thicknesses, room: room)

        var item = startItem
        while item < n {
            let first = item
            var used = min(lengths[item], room)
            var thickness = thicknesses[item]
            item += 1
            while item < n {
                let next = used + spacing + min(lengths[item], room)
                if next > limit { break }
                used = next
                thickness = max(thickness, thicknesses[item])
                item += 1
            }
            lineStart.append(first)
            lineMain.append(position)
            lineThickness.append(thickness)
            place(first, item, used: used, isLast: item == n, uniform: uniform, lengths: lengths,
                  alignment: alignment, compatibility: compatibility)
            position += thickness + metrics.lineSpacing
        }
        let linesEnd = lineStart.isEmpty
            ? metrics.headerLength + metrics.inset.leading(along: main)
            : lineMain[lineMain.count - 1] + lineThickness[lineThickness.count - 1]
        footerStart = linesEnd + metrics.inset.trailing(along: main)
        length = footerStart + metrics.footerLength
    }

    /// Whether every item has the same (clamped) size, length and thickness.
    static func isUniform(_ lengths: [Double], _ thicknesses: [Double], room: Double) -> Bool {
        guard let l0 = lengths.first, let t0 = thicknesses.first else { return true }
        let first = min(l0, room)
        for i in lengths.indices where min(lengths[i], room) != first || thicknesses[i] != t0 { return false }
        return true
    }

    /// Sets the cross origins of items `first..<end`, one line whose packed length is `used`.
    private mutating func place(_ first: Int, _ end: Int, used: Double, isLast: Bool, uniform: Bool,
                                lengths: [Double], alignment: FlowAlignment, compatibility: FlowCompatibility) {
        let room = metrics.available, spacing = metrics.interitemSpacing, lead = metrics.crossLead
        let count = end - first
        switch alignment {
        case .left: pack(first, end, from: lead, gap: spacing, lengths: lengths)
        case .center: pack(first, end, from: lead + (room - used) / 2, gap: spacing, lengths: lengths)
        case .right: pack(first, end, from: lead + room - used, gap: spacing, lengths: lengths)
        case .justified:
            let lastLength = min(lengths[end - 1], room)
            let full = !isLast || used + spacing + lastLength > room + Self.fitTolerance
            if full {
                if count == 1 {
                    itemCross[first] = compatibility.centersLoneItem ? lead + (room - used) / 2 : lead
                } else {
                    pack(first, end, from: lead, gap: spacing + (room - used) / Double(count - 1), lengths: lengths)
                }
            } else if uniform && compatibility.lastLineOnColumnsWhenUniform {
                // Lay the line out as if it were full: as many items of this size as fit.
                var columns = 1, fullUsed = lastLength
                while fullUsed + spacing + lastLength <= room + Self.fitTolerance {
                    fullUsed += spacing + lastLength
                    columns += 1
                }
                let gap = columns > 1 ? spacing + (room - fullUsed) / Double(columns - 1) : spacing
                pack(first, end, from: lead, gap: gap, lengths: lengths)
            } else {
                pack(first, end, from: lead, gap: spacing, lengths: lengths)
            }
        }
    }

    /// Places items one after another from `origin`, `gap` apart.
    @inline(__always)
    private mutating func pack(_ first: Int, _ end: Int, from origin: Double, gap: Double, lengths: [Double]) {
        let room = metrics.available
        var x = origin
        for i in first..<end {
            itemCross[i] = x
            x += min(lengths[i], room) + gap
        }
    }
}
