import LayoutGeometry

/// Stacks holding only boxes and spacers — a photo grid, a toolbar of buttons, a row of icons:
/// their layout under given constraints follows from their own and their children's properties
/// alone (no text, no content a host measures, nothing below the children), so it is the same in
/// every tree of one shape (`FlexShape`, which a feed's trees of one template structure share).
/// A thread keeps the ones it laid out lately (`LeafStackMemo`), and a feed lays each grid out
/// once per shape and constraint instead of once per post.
extension FlexSolver {
    /// Whether stack `n` holds only boxes and spacers, at least one and at most
    /// `LeafStackMemo.largestStack`.
    @inline(__always)
    func isLeafStack(_ n: Int) -> Bool {
        let first = props[n].firstChild, count = props[n].childCount
        guard count > 0, count <= LeafStackMemo.largestStack else { return false }
        for k in 0..<count {
            let kind = props[childIndex[first + k]].kind
            if kind != .box && kind != .spacer { return false }
        }
        return true
    }

    /// `stack(n, w, h)` for a leaf stack (`isLeafStack`): this thread's last layout of it in a
    /// tree of the same shape under the same constraints, its children's rects appended as the
    /// layout appends them; else laid out, and kept.
    mutating func leafStack(_ n: Int, _ w: Dim, _ h: Dim) throws(CellLayoutError) -> Measured {
        let memo = SolverScratch.current.leafStacks
        let slot = LeafStackMemo.slot(tree.shape, n, w, h)
        if let kept = memo.find(slot, tree.shape, n, w, h) {
            var m = kept.measured
            m.firstRect = rects.count
            rects.append(contentsOf: kept.rects)
            return m
        }
        let m = try stack(n, w, h)
        let count = props[n].childCount
        memo.store(slot, LeafStackMemo.Entry(shape: tree.shape, node: n, width: w, height: h, measured: m,
                                             rects: Array(rects[m.firstRect ..< m.firstRect + count])))
        return m
    }
}

/// The leaf stacks (`FlexSolver.isLeafStack`) a thread laid out lately (`SolverScratch.leafStacks`):
/// two-way set-associative by shape, node and constraints (a hit moves its entry to the front
/// of its set, a new entry pushes the back one out), 256 sets — 512 layouts of at most 64
/// children each: bounded, no lock. An entry holds its shape, so that no other shape can take its
/// address while the entry is there. (Direct-mapped, the feed's hundred or so grids and toolbars
/// — 20 shapes, a few constraints each — collided in a third of its posts.)
final class LeafStackMemo {
    /// (A class: a hit takes one reference to it, not a copy of its parts.)
    final class Entry {
        let shape: FlexShape
        let node: Int
        let width: Dim, height: Dim
        /// The layout's measurement (its `firstRect` the solver's own: replaced on a hit).
        let measured: FlexSolver.Measured
        /// Its children's rects, in the order the layout appended them.
        let rects: [Rect]

        init(shape: FlexShape, node: Int, width: Dim, height: Dim, measured: FlexSolver.Measured, rects: [Rect]) {
            self.shape = shape
            self.node = node
            self.width = width
            self.height = height
            self.measured = measured
            self.rects = rects
        }
    }

    /// The number of sets (two entries each).
    static let size = 256
    static let largestStack = 64
    @exclusivity(unchecked) private var entries = [Entry?](repeating: nil, count: 2 * size)

    /// Where a layout of `node` in `shape` under `w` × `h` is kept.
    @inline(__always)
    static func slot(_ shape: FlexShape, _ node: Int, _ w: Dim, _ h: Dim) -> Int {
        @inline(__always) func bits(_ d: Dim) -> UInt64 {
            switch d {
            case .exact(let v): return v.bitPattern
            case .atMost(let v): return v.bitPattern ^ 0x5bd1_e995
            case .unbounded: return 0x9e37_79b9_7f4a_7c15
            }
        }
        var x = UInt64(UInt(bitPattern: ObjectIdentifier(shape))) &* 0x9e37_79b9_7f4a_7c15
        x = (x ^ UInt64(truncatingIfNeeded: node)) &* 0xff51_afd7_ed55_8ccd
        x = (x ^ bits(w)) &* 0xc4ce_b9fe_1a85_ec53
        x = (x ^ bits(h)) &* 0xff51_afd7_ed55_8ccd
        return Int(truncatingIfNeeded: (x >> 40) % UInt64(size))
    }

    @inline(__always)
    func find(_ slot: Int, _ shape: FlexShape, _ node: Int, _ w: Dim, _ h: Dim) -> Entry? {
        @inline(__always) func holds(_ e: Entry?) -> Bool {
            guard let e else { return false }
            return e.shape === shape && e.node == node && e.width == w && e.height == h
        }
        if holds(entries[2 * slot]) { return entries[2 * slot] }
        guard holds(entries[2 * slot + 1]) else { return nil }
        entries.swapAt(2 * slot, 2 * slot + 1)
        return entries[2 * slot]
    }

    func store(_ slot: Int, _ entry: Entry) {
        entries[2 * slot + 1] = entry
        entries.swapAt(2 * slot, 2 * slot + 1)
    }

    /// Forgets every layout (`SolverScratch.forgetTables`).
    func removeAll() { for i in entries.indices { entries[i] = nil } }
    /// The layouts held (for tests).
    var count: Int { entries.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }
}
