import LayoutGeometry

/// A prepared cell's intrinsic sizes: what its first layout after the one that prepared it
/// measures at an unbounded width (flex base sizes from content, max-content layouts), kept with
/// its tree (`FlexTree.keep`) and taken by every later layout for the very requests they answer
/// (`measure`).
extension FlexSolver {
    /// Node `n`'s kept measurement (`keptViews.intrinsics[kept]`) if it was asked for exactly `w` ×
    /// `h` at an unbounded width, its children's rects appended to this layout's. (Only the same constraints: a slot
    /// also answers an exact request for the size it found, but a kept measurement answering one
    /// would skip measurements of the node's children that a fresh layout makes there, and the
    /// layout would then depend on what the cell was prepared at — IntrinsicSizeTests.)
    ///
    /// One more request is answered while a layout is sized without frames, or only its size is
    /// asked for: an exact width for a row laid out the same at it, kept from an unbounded or an
    /// exact width (`Measured.widerFrom`: an inner width at least the sum of its items'
    /// hypothetical sizes and gaps, nothing to grow), whose subtree is clean. A fresh layout of
    /// that row at that width makes the very measurements of its items the kept one made, so the
    /// answer is the kept one as wide as asked (worked out as a fresh layout works it out), its
    /// items placed along it for the room left as `flex` places them; and since settling stops at
    /// a clean subtree, nothing below the row is measured in this layout at all (a feed's header
    /// — avatar, name, badge, time, source — and its toolbar at a new width).
    mutating func keptMeasurement(_ n: Int, _ kept: Int, _ w: Dim, _ h: Dim) -> Measured? {
        let e = UnsafePointer(keptViews.intrinsics.baseAddress.unsafelyUnwrapped + kept)
        guard e.pointee.height == h else { return nil }
        // (A layout placing frames takes no kept size of a stack holding a ratio box: its items'
        // frames can depend on the path its measurements took — seed 31337's tree 0074.)
        if !keptAnswersWider, props[n].ratioInside { return nil }
        var size = e.pointee.size
        var inner = Double.nan  // (the inner width when answering another width)
        if w != .unbounded || e.pointee.width != .unbounded {
            // (`flex` at an exact width: its inner width is the width less the padding, its
            // size that plus the padding again; the items do not grow or shrink while their
            // sizes and gaps add up to no more than the inner width.)
            guard keptAnswersWider, e.pointee.clean, !e.pointee.overflowed, case .exact(let width) = w else { return nil }
            let padding = props[n].padH
            inner = width - padding
            guard inner >= e.pointee.widerFrom else { return nil }  // (false for NaN: any other measurement)
            // (A wrapping row's line limit, as `flex` works it out, within which its lines break alike.)
            let limit = max(0, inner)
            guard e.pointee.joinsFrom <= limit + 1e-9, limit + 1e-9 < e.pointee.breaksBelow else { return nil }
            size.width = inner + padding
        }
        var m = Measured(size: size, baseline: e.pointee.baseline, lastBaseline: e.pointee.lastBaseline,
                         textSize: e.pointee.textSize.width.isNaN ? nil : e.pointee.textSize, overflowed: e.pointee.overflowed,
                         clean: e.pointee.clean, widerFrom: e.pointee.widerFrom, joinsFrom: e.pointee.joinsFrom,
                         breaksBelow: e.pointee.breaksBelow)
        let count = props[n].childCount
        if count > 0 {
            m.firstRect = rects.count
            let first = Int(e.pointee.firstRect)
            rects.append(contentsOf: UnsafeBufferPointer(rebasing: keptViews.rects[first ..< first + count]))
            // Answering another width: the items' places along the row follow from the room
            // left, as `flex` places them (from the start edge they are where they were).
            if !inner.isNaN, props[n].justify != .start {
                let gap = props[n].spacing
                var used = gap * Double(max(0, count - 1))
                for k in 0..<count { used += rects[m.firstRect + k].width + props[childIndex[props[n].firstChild + k]].after }
                let (offset, between) = Self.justification(props[n].justify, free: inner - used, count: count, gap: gap)
                var position = offset
                for k in 0..<count {
                    rects[m.firstRect + k].origin.x = props[n].padLeft + position
                    position += rects[m.firstRect + k].width + props[childIndex[props[n].firstChild + k]].after + between
                }
            }
        }
        return m
    }

    /// Keeps `m`, node `n`'s measurement at `w` (unbounded, or exact for a row laid out the same
    /// wider) and `h`, with its children's rects.
    mutating func record(_ m: Measured, of n: Int, width w: Dim, height h: Dim) {
        guard let unretained = recorderUnretained else { return }
        let count = props[n].childCount
        // (The recorder and the rects read without retaining them: an optional binding of the one
        // and a slice of the other were two retains and releases per measurement kept.)
        unretained._withUnsafeGuaranteedRef { recorder in
            let first = recorder.rects.count
            if count > 0 {
                rects.withUnsafeBufferPointer { all in
                    recorder.rects.append(contentsOf: UnsafeBufferPointer(rebasing: all[m.firstRect ..< m.firstRect + count]))
                }
            }
            recorder.nodes.append(Int32(n))
            recorder.entries.append(Intrinsic(width: w, height: h, size: m.size, baseline: m.baseline,
                                              lastBaseline: m.lastBaseline, textSize: m.textSize ?? Size(width: .nan, height: .nan),
                                              firstRect: Int32(first), overflowed: m.overflowed, widerFrom: m.widerFrom,
                                              joinsFrom: m.joinsFrom, breaksBelow: m.breaksBelow))
        }
    }

    /// Arranges the tree at `width` as `arrange` does, keeping in the tree what that layout
    /// measured at an unbounded width (its elements' intrinsic sizes): every later layout of the
    /// tree, at any width, starts from them.
    mutating func arrangeKeepingIntrinsics(width: Double?, frames: Bool) throws(CellLayoutError) -> CellArrangement {
        try keepingIntrinsics { (s) throws(CellLayoutError) in try s.arrange(width: width, frames: frames) }
    }

    /// `layout` (a layout of this solver's tree), keeping in the tree what it measured at an
    /// unbounded width — and rows laid out the same wider, at their exact widths — unless the
    /// tree already keeps some.
    mutating func keepingIntrinsics<R>(_ layout: (inout FlexSolver) throws(CellLayoutError) -> R) throws(CellLayoutError) -> R {
        // (The thread's recorder: its buffers are reused from cell to cell.)
        let scratch = SolverScratch.current
        let kept = scratch.takeRecorder()
        recorder = kept
        defer {
            recorder = nil
            scratch.giveBack(kept)
        }
        let result = try layout(&self)
        markCleanSubtrees(kept)
        tree.keep(kept)
        return result
    }

    /// Settles each kept measurement's element at the size it found (as a layout placing it
    /// there does), noting those whose subtrees hold no overflowing stack: settling a later
    /// layout stops at them. (Settling may keep more measurements: they are checked in turn.)
    private mutating func markCleanSubtrees(_ recorder: IntrinsicRecorder) {
        // (Kept measurements nest — a row's, then its column's, then the cell's — and each is
        // settled with its subtree: what a node was found to be at a size is noted once, and an
        // enclosing subtree settling it there again takes the answer instead of its subtree.)
        withUnsafeTemporaryAllocation(of: SettledNode.self, capacity: props.count) { known in
            known.initialize(repeating: SettledNode(width: .nan, height: .nan, clean: false))
            var i = 0
            while i < recorder.entries.count {
                let n = Int(recorder.nodes[i]), size = recorder.entries[i].size
                recorder.entries[i].clean = (try? settlesClean(n, size: size, known: known)) ?? false
                i += 1
            }
        }
    }

    /// A node settled while kept measurements are marked: the size it was settled at and whether
    /// its subtree settled there clean.
    struct SettledNode {
        var width: Double
        var height: Double
        var clean: Bool
    }

    /// Whether node `n`, placed at `size`, settles (as `settle` does, failing where it fails) with
    /// no stack in its subtree overflowing; `known` notes each node settled so far at a size (a
    /// node whose subtree failed is noted as not clean).
    private mutating func settlesClean(_ n: Int, size: Size, known: UnsafeMutableBufferPointer<SettledNode>) throws(CellLayoutError) -> Bool {
        if known[n].width == size.width && known[n].height == size.height { return known[n].clean }
        known[n] = SettledNode(width: size.width, height: size.height, clean: false)
        let m = try measure(n, .exact(size.width), .exact(size.height))
        var clean = !m.overflowed
        // (A kept measurement placed at its own size: its subtree was found clean or not then.)
        if !m.clean {
            let first = props[n].firstChild, count = props[n].childCount
            for k in 0..<count {
                let c = childIndex[first + k]
                let kind = props[c].kind
                if kind == .box || kind == .spacer { continue }
                if try !settlesClean(c, size: rects[m.firstRect + k].size, known: known) { clean = false }
            }
        }
        known[n].clean = clean
        return clean
    }
}

/// The measurements at an unbounded width one layout makes while a cell is prepared (node,
/// measurement, children's rects), for `FlexTree.keep`. One per thread (`SolverScratch`), its
/// buffers reused from cell to cell.
///
/// Used by one solver at a time on one thread (a solver takes it from its thread's scratch and
/// gives it back), so its buffers opt out of dynamic exclusivity checks: every measurement read
/// `nodes`, and each read cost a check of the thread's access set.
final class IntrinsicRecorder: @unchecked Sendable {
    @exclusivity(unchecked) var nodes: [Int32] = []
    @exclusivity(unchecked) var entries: [FlexSolver.Intrinsic] = []
    @exclusivity(unchecked) var rects: [Rect] = []

    /// Empties the buffers, keeping their room unless a very large tree grew them (bounded memory).
    func removeAll() {
        let keeps = entries.capacity <= SolverScratch.maximumSlots && rects.capacity <= 2 * SolverScratch.maximumSlots
        nodes.removeAll(keepingCapacity: keeps)
        entries.removeAll(keepingCapacity: keeps)
        rects.removeAll(keepingCapacity: keeps)
    }
}
