import LayoutGeometry

/// The peer: a tutorial's custom `UICollectionViewLayout` that keeps no cache — every
/// `layoutAttributesForElements(in:)` computes every frame again from the item sizes (lines
/// filled greedily, complete lines justified, a lone item centred, the last line packed at the
/// minimum spacing — UIKit's flow rules for items of varied sizes), then filters all frames
/// against the rect. One section, vertical, no insets, no header or footer. Checked in setup to
/// give the same frames as `BasicFlowLayout`.
struct NaiveFlow {
    let sizes: [Size]
    let width: Double
    let spacing: Double
    let lineSpacing: Double

    /// Every item's frame, computed from scratch.
    func frames() -> [Rect] {
        var frames = [Rect](repeating: .zero, count: sizes.count)
        var y = 0.0
        var first = 0
        let n = sizes.count
        while first < n {
            var end = first + 1
            var used = min(sizes[first].width, width)
            var thickness = sizes[first].height
            while end < n, used + spacing + min(sizes[end].width, width) <= width + 1e-9 {
                used += spacing + min(sizes[end].width, width)
                thickness = max(thickness, sizes[end].height)
                end += 1
            }
            let full = end < n || used + spacing + min(sizes[end - 1].width, width) > width + 1e-9
            let count = end - first
            var x = full && count == 1 ? (width - used) / 2 : 0
            let gap = full && count > 1 ? spacing + (width - used) / Double(count - 1) : spacing
            for i in first..<end {
                let w = min(sizes[i].width, width), h = sizes[i].height
                frames[i] = Rect(x: x, y: y + (thickness - h) / 2, width: w, height: h)
                x += w + gap
            }
            y += thickness + lineSpacing
            first = end
        }
        return frames
    }

    /// The items overlapping `rect` with a positive area: all frames computed, then filtered.
    func indexPathsForItems(in rect: Rect) -> [IndexPath] {
        var result: [IndexPath] = []
        for (i, f) in frames().enumerated()
        where min(f.maxX, rect.maxX) > max(f.minX, rect.minX) && min(f.maxY, rect.maxY) > max(f.minY, rect.minY) {
            result.append(IndexPath(item: i, section: 0))
        }
        return result
    }
}
