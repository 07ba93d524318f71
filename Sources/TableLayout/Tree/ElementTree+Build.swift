/// Bulk building: leaves are filled directly from runs of identical elements and the internal
/// levels are built bottom-up, so building n elements costs O(n / leafCapacity) node allocations
/// and no per-element rebalancing.
///
/// Leaves that would hold exactly the same elements (consecutive pieces of one long run with the
/// same size) are built once and shared: a run of a million identical rows costs two distinct
/// leaves plus the internal nodes that point at them. Sharing is safe because every mutation
/// copies a node that is not uniquely referenced before changing it (path copying), so the first
/// change to a shared leaf gives that position its own copy.
extension ElementTree {
    /// A run of `count` elements: identical, or with a height and/or a payload each (`heights`,
    /// `contents`: `count` values, copied in bulk).
    struct Run: Sendable {
        var count: Int
        var height: Double
        var state: ElementState
        var content: Content
        var heights: ArraySlice<Double>? = nil
        var contents: ArraySlice<Content>? = nil

        /// Whether every element of the run is the same (so identical pieces can share a leaf).
        var isUniform: Bool { heights == nil && contents == nil }

        /// (Inlined into the loops that build runs: this code runs unspecialised in client
        /// modules, where a call per run looked the run type's metadata up per run.)
        @inline(__always)
        init(count: Int, height: Double, state: ElementState, content: Content,
             heights: ArraySlice<Double>? = nil, contents: ArraySlice<Content>? = nil) {
            self.count = count
            self.height = height
            self.state = state
            self.content = content
            self.heights = heights
            self.contents = contents
        }
    }

    /// Builds a tree holding the runs in order.
    init(runs: [Run]) {
        self.init(runs: runs, total: runs.reduce(0) { $0 + $1.count })
    }

    /// Builds a tree holding the runs in order; `total` is the sum of their counts.
    init(runs: [Run], total: Int) {
        guard total > 0 else { self.init(); return }
        // The runs are read in place: this code runs unspecialized for a client's row type, where
        // `runs[i].count` copied the whole run (a retain of its content and columns) — three copies
        // per run, and four per element while filling a leaf, for a feed of one-row runs.
        let root = runs.withUnsafeBufferPointer { Self.build(runs: $0, total: total) }
        self.init(root: root)
    }

    /// The root of a tree holding `runs` in order (`total` elements, more than 0).
    private static func build(runs: UnsafeBufferPointer<Run>, total: Int) -> TreeNode {
        let pieces = evenPieces(count: total, maximum: TreeShape.leafCapacity)
        var leaves: [TreeNode] = []
        leaves.reserveCapacity(pieces.count)
        var runIndex = 0
        var usedInRun = 0
        // The last leaf built from inside a single run, for sharing with the next identical piece.
        var shared: (run: Int, size: Int, leaf: TreeNode)? = nil
        var segments: [(run: Int, offset: Int, count: Int)] = []
        for piece in pieces {
            while runs[runIndex].count == usedInRun { runIndex += 1; usedInRun = 0 }
            if runs[runIndex].count - usedInRun >= piece.count {
                // The piece lies inside one run: reuse the previous leaf when it is the same.
                if let s = shared, s.run == runIndex, s.size == piece.count, runs[runIndex].isUniform {
                    leaves.append(s.leaf)
                } else {
                    let leaf = leaf(runs, [(runIndex, usedInRun, piece.count)])
                    shared = (runIndex, piece.count, leaf)
                    leaves.append(leaf)
                }
                usedInRun += piece.count
                continue
            }
            segments.removeAll(keepingCapacity: true)
            var need = piece.count
            while need > 0 {
                let take = Swift.min(need, runs[runIndex].count - usedInRun)
                if take > 0 { segments.append((runIndex, usedInRun, take)) }
                need -= take
                usedInRun += take
                if usedInRun == runs[runIndex].count && need > 0 { runIndex += 1; usedInRun = 0 }
            }
            leaves.append(leaf(runs, segments))
        }
        return buildLevels(leaves)
    }

    /// A leaf holding `segments` (counts of elements of the given runs), in order.
    private static func leaf(_ runs: UnsafeBufferPointer<Run>, _ segments: [(run: Int, offset: Int, count: Int)]) -> TreeNode {
        let n = segments.reduce(0) { $0 + $1.count }
        // (An empty leaf from empty arrays: `Array(unsafeUninitializedCapacity: 0)` writes the count
        // of the standard library's one shared empty array, a data race between threads.)
        guard n > 0 else {
            let none: [Content] = []
            return LeafNode(heights: [], states: [], contents: none, total: TreeSummary.of(heights: [], states: []))
        }
        let heights = [Double](unsafeUninitializedCapacity: n) { buffer, initialized in
            var p = buffer.baseAddress!
            for s in segments {
                if let column = runs[s.run].heights {
                    let from = column.startIndex + s.offset
                    column[from..<(from + s.count)].withUnsafeBufferPointer { p.initialize(from: $0.baseAddress!, count: s.count) }
                } else {
                    p.initialize(repeating: runs[s.run].height, count: s.count)
                }
                p += s.count
            }
            initialized = n
        }
        let states = [ElementState](unsafeUninitializedCapacity: n) { buffer, initialized in
            var p = buffer.baseAddress!
            for s in segments {
                p.initialize(repeating: runs[s.run].state, count: s.count)
                p += s.count
            }
            initialized = n
        }
        let contents = [Content](unsafeUninitializedCapacity: n) { buffer, initialized in
            var p = buffer.baseAddress!
            for s in segments {
                if let column = runs[s.run].contents {
                    let from = column.startIndex + s.offset
                    column[from..<(from + s.count)].withUnsafeBufferPointer { p.initialize(from: $0.baseAddress!, count: s.count) }
                } else {
                    p.initialize(repeating: runs[s.run].content, count: s.count)
                }
                p += s.count
            }
            initialized = n
        }
        return LeafNode(heights: heights, states: states, contents: contents,
                        total: TreeSummary.of(heights: heights, states: states))
    }

    /// Builds a tree holding `buffer`'s elements.
    init(buffer: ElementBuffer<Content>) {
        guard buffer.count > 0 else { self.init(); return }
        let leaves: [TreeNode] = evenPieces(count: buffer.count, maximum: TreeShape.leafCapacity).map {
            LeafNode(buffer.slice($0))
        }
        self.init(root: Self.buildLevels(leaves))
    }

    /// Groups nodes of one level into parents until one root remains.
    static func buildLevels(_ level: [TreeNode]) -> TreeNode {
        var nodes = level
        while nodes.count > 1 {
            nodes = evenPieces(count: nodes.count, maximum: TreeShape.fanout).map { TreeNode(children: Array(nodes[$0])) }
        }
        return nodes[0]
    }
}
