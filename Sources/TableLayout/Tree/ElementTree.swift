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
/// share of its leaf. Internal nodes hold up to `fanout` children; leaves up to `leafCapacity`
/// elements. All leaves are at the same depth: nodes are split when they overflow and merged
/// with a neighbour when they fall below a quarter full, so depth is O(log n).
///
/// Value semantics by path copying: a mutation copies (shallowly) only the nodes on its path that
/// are shared with another tree, so copying a tree is O(1) and a refused batch update can simply
/// drop its working copy.
struct ElementTree<Content: Sendable>: Sendable {
    /// Maximum elements in a leaf.
    static var leafCapacity: Int { 256 }
    /// Maximum children of an internal node.
    static var fanout: Int { 32 }

    var root: TreeNode<Content>

    /// An empty tree.
    init() { root = TreeNode(leaf: ElementBuffer()) }

    init(root: TreeNode<Content>) { self.root = root }

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
    var summary: TreeSummary {
        var s = TreeSummary(count: heights.count)
        for i in heights.indices {
            s.height += heights[i]
            let st = states[i]
            if st.isExact { s.exact += 1 }
            if st.isHeader { s.sections += 1 }
        }
        return s
    }
}

/// A node of the tree: a leaf (elements) or an internal node (children).
///
/// Mutated only while uniquely referenced (the tree copies shared nodes on the path first), which
/// is what makes the unchecked `Sendable` conformance sound.
final class TreeNode<Content: Sendable>: @unchecked Sendable {
    var isLeaf: Bool
    var elements: ElementBuffer<Content>
    var children: [TreeNode<Content>]
    /// Summary of everything below this node; kept current by every mutation.
    var total: TreeSummary

    init(leaf: ElementBuffer<Content>) {
        isLeaf = true
        elements = leaf
        children = []
        total = leaf.summary
    }

    init(children: [TreeNode<Content>]) {
        isLeaf = false
        elements = ElementBuffer()
        self.children = children
        total = TreeSummary()
        recomputeTotal()
    }

    /// A shallow copy: a leaf's arrays (copy-on-write) or an internal node's child references.
    func copy() -> TreeNode<Content> {
        isLeaf ? TreeNode(leaf: elements) : TreeNode(children: children)
    }

    func recomputeTotal() {
        if isLeaf {
            total = elements.summary
        } else {
            var s = TreeSummary()
            for c in children { s += c.total }
            total = s
        }
    }

    /// Number of items directly in this node (elements of a leaf, children of an internal node).
    var width: Int { isLeaf ? elements.count : children.count }

    /// Child `i`, copied first if it is shared.
    func uniqueChild(_ i: Int) -> TreeNode<Content> {
        if !isKnownUniquelyReferenced(&children[i]) { children[i] = children[i].copy() }
        return children[i]
    }

    /// The leaf depth below this node (0 for a leaf).
    var depth: Int {
        var d = 0
        var n = self
        while !n.isLeaf { n = n.children[0]; d += 1 }
        return d
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
