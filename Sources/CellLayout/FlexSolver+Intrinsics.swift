import LayoutGeometry

/// A prepared cell's intrinsic sizes: what its first layout measures at an unbounded width (flex
/// base sizes from content, max-content layouts), kept with its tree (`FlexTree.keep`) and taken
/// by every later layout for the very requests they answer (`measure`).
extension FlexSolver {
    /// Node `n`'s kept measurement (`tree.intrinsics[kept]`) if it was asked for exactly `w` ×
    /// `h`, its children's rects appended to this layout's. (Only the same constraints: a slot
    /// also answers an exact request for the size it found, but a kept measurement answering one
    /// would skip measurements of the node's children that a fresh layout makes there, and the
    /// layout would then depend on what the cell was prepared at — IntrinsicSizeTests.)
    mutating func keptMeasurement(_ n: Int, _ kept: Int, _ w: Dim, _ h: Dim) -> Measured? {
        let e = UnsafePointer(tree.intrinsics.baseAddress.unsafelyUnwrapped + kept)
        guard w == .unbounded, e.pointee.height == h else { return nil }
        var m = Measured(size: e.pointee.size, baseline: e.pointee.baseline,
                         textSize: e.pointee.textSize.width.isNaN ? nil : e.pointee.textSize, overflowed: e.pointee.overflowed,
                         clean: e.pointee.clean)
        let count = props[n].childCount
        if count > 0 {
            m.firstRect = rects.count
            let first = Int(e.pointee.firstRect)
            rects.append(contentsOf: UnsafeBufferPointer(rebasing: tree.intrinsicRects[first ..< first + count]))
        }
        return m
    }

    /// Keeps `m`, node `n`'s measurement at an unbounded width and `h`, with its children's rects.
    mutating func record(_ m: Measured, of n: Int, height h: Dim) {
        guard let recorder else { return }
        let count = props[n].childCount
        let first = recorder.rects.count
        if count > 0 { recorder.rects.append(contentsOf: rects[m.firstRect ..< m.firstRect + count]) }
        recorder.nodes.append(Int32(n))
        recorder.entries.append(Intrinsic(height: h, size: m.size, baseline: m.baseline,
                                          textSize: m.textSize ?? Size(width: .nan, height: .nan),
                                          firstRect: Int32(first), overflowed: m.overflowed))
    }

    /// Arranges the tree at `width` as `arrange` does, keeping in the tree what that layout
    /// measured at an unbounded width (its elements' intrinsic sizes): every later layout of the
    /// tree, at any width, starts from them. Only while the tree is not yet shared (preparing).
    mutating func arrangeKeepingIntrinsics(width: Double?, frames: Bool) throws(CellLayoutError) -> CellArrangement {
        // (The thread's recorder: its buffers are reused from cell to cell.)
        let scratch = SolverScratch.current
        let kept = scratch.takeRecorder()
        recorder = kept
        defer {
            recorder = nil
            scratch.giveBack(kept)
        }
        let arrangement = try arrange(width: width, frames: frames)
        if let recorder {
            markCleanSubtrees(recorder)
            tree.keep(recorder)
        }
        return arrangement
    }

    /// Settles each kept measurement's element at the size it found (as a layout placing it
    /// there does), noting those whose subtrees hold no overflowing stack: settling a later
    /// layout stops at them. (Settling may keep more measurements: they are checked in turn.)
    private mutating func markCleanSubtrees(_ recorder: IntrinsicRecorder) {
        let found = overflows
        var i = 0
        while i < recorder.entries.count {
            overflows = []
            let n = Int(recorder.nodes[i]), size = recorder.entries[i].size
            let settled: Bool
            do throws(CellLayoutError) {
                try settle(n, size: size)
                settled = true
            } catch {
                settled = false
            }
            recorder.entries[i].clean = settled && overflows.isEmpty
            i += 1
        }
        overflows = found
    }
}

/// The measurements at an unbounded width one layout makes while a cell is prepared (node,
/// measurement, children's rects), for `FlexTree.keep`. One per thread (`SolverScratch`), its
/// buffers reused from cell to cell.
final class IntrinsicRecorder: @unchecked Sendable {
    var nodes: [Int32] = []
    var entries: [FlexSolver.Intrinsic] = []
    var rects: [Rect] = []

    /// Empties the buffers, keeping their room unless a very large tree grew them (bounded memory).
    func removeAll() {
        let keeps = entries.capacity <= SolverScratch.maximumSlots && rects.capacity <= 2 * SolverScratch.maximumSlots
        nodes.removeAll(keepingCapacity: keeps)
        entries.removeAll(keepingCapacity: keeps)
        rects.removeAll(keepingCapacity: keeps)
    }
}
