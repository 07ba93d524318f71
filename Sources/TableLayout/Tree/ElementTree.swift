/// The offset tree: every section header, row and section footer of a table, in order, in a
/// balanced B+-tree whose nodes carry summaries (element count, total height, exact count,
/// header count).
///
/// A table is stored as one flat sequence of elements —
/// `header₀, row₀₀ … row₀ₙ, footer₀, header₁, …` — so that one tree answers every question:
/// the prefix height before an element is its y, the element at an offset is found by descending
/// through height sums, and the `n`-th header (found through header counts) starts section `n`.
/// Absent headers and footers are elements of height 0, so every section has exactly two.
///
/// Leaves store their elements in three parallel compact arrays (heights as `Double`, one state
/// byte, the user's payload), so a row with a one-byte payload costs about 10 bytes plus a small
/// share of its leaf — and less while it is one of a long run of identical rows, whose identical
/// leaves a bulk build shares (see `init(runs:)`). Internal nodes hold up to `fanout` children; leaves up to `leafCapacity`
/// elements. All leaves are at the same depth: nodes are split when they overflow and merged
/// with a neighbour when they fall below a quarter full, so depth is O(log n).
///
/// Value semantics by path copying: a mutation copies (shallowly) only the nodes on its path that
/// are shared with another tree, so copying a tree is O(1) and a refused batch update can simply
/// drop its working copy.
struct ElementTree<Content: Sendable>: Sendable {
    /// Maximum elements in a leaf.
    static var leafCapacity: Int { TreeShape.leafCapacity }
    /// Maximum children of an internal node.
    static var fanout: Int { TreeShape.fanout }

    var root: TreeNode

    /// An empty tree.
    init() { root = LeafNode<Content>(ElementBuffer()) }

    init(root: TreeNode) { self.root = root }

    /// The summary of the whole tree.
    var summary: TreeSummary { root.total }
    /// The number of elements.
    var count: Int { root.total.count }
    /// The sum of all heights.
    var height: Double { root.total.height }

    mutating func makeRootUnique() {
        if !isKnownUniquelyReferenced(&root) { root = root.copy() }
    }
}

/// The kind of a tree element and whether its height is exact.
struct ElementState: Hashable, Sendable {
    var raw: UInt8

    enum Kind: UInt8, Sendable { case row = 0, header = 1, footer = 2 }

    static let exactBit: UInt8 = 1 << 2
    static let selfSizingBit: UInt8 = 1 << 3

    init(raw: UInt8) { self.raw = raw }

    init(kind: Kind, exact: Bool, selfSizing: Bool) {
        raw = kind.rawValue | (exact ? Self.exactBit : 0) | (selfSizing ? Self.selfSizingBit : 0)
    }

    var kind: Kind { Kind(rawValue: raw & 3) ?? .row }
    /// Whether the height is final (fixed, or measured); otherwise it is an estimate.
    var isExact: Bool { raw & Self.exactBit != 0 }
    /// Whether the height comes from the sizer (so depends on width and editing state).
    var isSelfSizing: Bool { raw & Self.selfSizingBit != 0 }
    var isHeader: Bool { raw & 3 == Kind.header.rawValue }
    var isRow: Bool { raw & 3 == Kind.row.rawValue }

    func with(exact: Bool) -> ElementState {
        ElementState(raw: exact ? raw | Self.exactBit : raw & ~Self.exactBit)
    }
}

/// Summary of a run of elements; adds up.
struct TreeSummary: Hashable, Sendable {
    var count: Int = 0
    var height: Double = 0
    /// Elements whose height is exact.
    var exact: Int = 0
    /// Header elements, i.e. sections started.
    var sections: Int = 0

    static func + (a: TreeSummary, b: TreeSummary) -> TreeSummary {
        TreeSummary(count: a.count + b.count, height: a.height + b.height,
                    exact: a.exact + b.exact, sections: a.sections + b.sections)
    }

    static func += (a: inout TreeSummary, b: TreeSummary) { a = a + b }

    /// The summary of parallel heights and states, heights summed left to right.
    static func of(heights: [Double], states: [ElementState]) -> TreeSummary {
        var s = TreeSummary(count: heights.count)
        heights.withUnsafeBufferPointer { h in
            var sum = 0.0
            for v in h { sum += v }
            s.height = sum
        }
        states.withUnsafeBufferPointer { st in
            var exact = 0, headers = 0
            for v in st {
                exact &+= Int((v.raw & ElementState.exactBit) >> 2)
                headers &+= v.raw & 3 == ElementState.Kind.header.rawValue ? 1 : 0
            }
            s.exact = exact
            s.sections = headers
        }
        return s
    }
}

/// Elements in structure-of-arrays form: what leaves store and what insertions carry.
struct ElementBuffer<Content: Sendable>: Sendable {
    var heights: [Double] = []
    var states: [ElementState] = []
    var contents: [Content] = []

    var count: Int { heights.count }

    mutating func append(height: Double, state: ElementState, content: Content) {
        heights.append(height)
        states.append(state)
        contents.append(content)
    }

    mutating func append(contentsOf other: ElementBuffer<Content>) {
        heights.append(contentsOf: other.heights)
        states.append(contentsOf: other.states)
        contents.append(contentsOf: other.contents)
    }

    mutating func reserve(_ n: Int) {
        heights.reserveCapacity(n)
        states.reserveCapacity(n)
        contents.reserveCapacity(n)
    }

    func slice(_ r: Range<Int>) -> ElementBuffer<Content> {
        ElementBuffer(heights: Array(heights[r]), states: Array(states[r]), contents: Array(contents[r]))
    }

    /// The summary of all elements, summed left to right.
    var summary: TreeSummary { TreeSummary.of(heights: heights, states: states) }
}

/// The shape limits of every `ElementTree` (independent of the payload type, so that the
/// non-generic node code can use them as constants).
enum TreeShape {
    /// Maximum elements in a leaf.
    static let leafCapacity = 256
    /// Maximum children of an internal node.
    static let fanout = 32
}

/// A node of the tree: an internal node (children) or a leaf (`LeafNode`, which adds the
/// payloads).
///
/// The node is not generic over the payload: everything a search reads — summaries, heights,
/// states — lives here with a fixed layout, so descents run without generic metadata lookups.
/// An internal node keeps its children's summaries in one contiguous array (`childTotals`, kept
/// current by `recomputeTotal()`), so a descent scans one small array per level instead of
/// touching every child.
///
/// Mutated only while uniquely referenced (the tree copies shared nodes on the path first), which
/// is what makes the unchecked `Sendable` conformance sound, and also why the stored properties
/// opt out of dynamic exclusivity checks (`@exclusivity(unchecked)`): a node being changed is
/// reachable from one place only. Identical leaves may be shared by several parents (bulk
/// building shares them); the same rule copies them before any change.
class TreeNode: @unchecked Sendable {
    final let isLeaf: Bool
    /// Summary of everything below this node; kept current by every mutation.
    @exclusivity(unchecked) final var total: TreeSummary
    /// Children of an internal node (empty for a leaf).
    @exclusivity(unchecked) final var children: [TreeNode]
    /// `children[k].total` for every k (empty for a leaf).
    @exclusivity(unchecked) final var childTotals: [TreeSummary]
    /// Element heights of a leaf (empty for an internal node).
    @exclusivity(unchecked) final var heights: [Double]
    /// Element states of a leaf (empty for an internal node).
    @exclusivity(unchecked) final var states: [ElementState]

    /// An internal node.
    init(children: [TreeNode]) {
        isLeaf = false
        self.children = children
        childTotals = []
        heights = []
        states = []
        total = TreeSummary()
        recomputeTotal()
    }

    /// The leaf part of a `LeafNode`.
    init(heights: [Double], states: [ElementState], total: TreeSummary) {
        isLeaf = true
        children = []
        childTotals = []
        self.heights = heights
        self.states = states
        self.total = total
    }

    /// A shallow copy: an internal node's child references (a leaf overrides this).
    func copy() -> TreeNode { TreeNode(children: children) }

    final func recomputeTotal() {
        if isLeaf {
            total = TreeSummary.of(heights: heights, states: states)
        } else {
            // Refill the cache in place (no allocation when the child count is unchanged).
            let n = children.count
            if childTotals.count != n {
                childTotals = [TreeSummary](repeating: TreeSummary(), count: n)
            }
            var s = TreeSummary()
            children.withUnsafeBufferPointer { cs in
                childTotals.withUnsafeMutableBufferPointer { ts in
                    for k in 0..<n {
                        let t = cs[k].total
                        ts[k] = t
                        s += t
                    }
                }
            }
            total = s
        }
    }

    /// Number of items directly in this node (elements of a leaf, children of an internal node).
    final var width: Int { isLeaf ? heights.count : children.count }

    /// Child `i`, copied first if it is shared.
    final func uniqueChild(_ i: Int) -> TreeNode {
        if !isKnownUniquelyReferenced(&children[i]) { children[i] = children[i].copy() }
        return children[i]
    }

    /// The leaf depth below this node (0 for a leaf).
    final var depth: Int {
        var d = 0
        var n = self
        while !n.isLeaf { n = n.children[0]; d += 1 }
        return d
    }
}

/// A leaf: heights and states (in `TreeNode`) plus the user's payloads, in parallel arrays.
final class LeafNode<Content: Sendable>: TreeNode, @unchecked Sendable {
    @exclusivity(unchecked) var contents: [Content]

    init(heights: [Double], states: [ElementState], contents: [Content], total: TreeSummary) {
        self.contents = contents
        super.init(heights: heights, states: states, total: total)
    }

    convenience init(_ buffer: ElementBuffer<Content>) {
        self.init(heights: buffer.heights, states: buffer.states, contents: buffer.contents, total: buffer.summary)
    }

    override func copy() -> TreeNode {
        LeafNode(heights: heights, states: states, contents: contents, total: total)
    }

    /// The leaf's elements as a buffer (copy-on-write arrays: O(1)).
    var buffer: ElementBuffer<Content> {
        get { ElementBuffer(heights: heights, states: states, contents: contents) }
        set {
            heights = newValue.heights
            states = newValue.states
            contents = newValue.contents
            recomputeTotal()
        }
    }
}

extension TreeNode {
    /// This node as the leaf it is (`isLeaf` must be true).
    @inline(__always)
    final func leaf<Content>(_: Content.Type) -> LeafNode<Content> {
        unsafeDowncast(self, to: LeafNode<Content>.self)
    }
}

/// Splits `count` items into the fewest pieces of at most `maximum`, as evenly as possible.
func evenPieces(count: Int, maximum: Int) -> [Range<Int>] {
    guard count > 0 else { return [] }
    let pieces = (count + maximum - 1) / maximum
    let base = count / pieces, extra = count % pieces
    var result: [Range<Int>] = []
    result.reserveCapacity(pieces)
    var start = 0
    for p in 0..<pieces {
        let size = base + (p < extra ? 1 : 0)
        result.append(start..<start + size)
        start += size
    }
    return result
}
