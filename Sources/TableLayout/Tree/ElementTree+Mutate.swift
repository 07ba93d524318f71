/// Mutations: replace one element, insert a run, remove a range. Each copies shared nodes on its
/// path, fixes the summaries on the way back up, and keeps the tree balanced (split on overflow,
/// merge with a neighbour below a quarter full). Cost O(log n + k) for k elements touched, plus
/// O(leafCapacity) to re-sum a touched leaf.
extension ElementTree {
    /// Replaces the element at `index` (in `0..<count`); the content is kept when nil.
    mutating func set(_ index: Int, height: Double, state: ElementState, content: Content? = nil) {
        makeRootUnique()
        var node = root
        var path: [(node: TreeNode, child: Int)] = []
        var i = index
        while !node.isLeaf {
            let chosen = node.childTotals.withUnsafeBufferPointer { totals -> Int in
                let last = totals.count - 1
                for k in 0..<last {
                    if i < totals[k].count { return k }
                    i -= totals[k].count
                }
                return last
            }
            path.append((node, chosen))
            node = node.uniqueChild(chosen)
        }
        let oldHeight = node.heights[i], oldState = node.states[i]
        node.heights[i] = height
        node.states[i] = state
        if let content { node.leaf(Content.self).contents[i] = content }
        // Only one element changed: adjust the summaries along the path by the difference
        // (heights re-summed in the leaf, so the leaf's total stays the left-to-right sum).
        if oldHeight != height { node.recomputeTotal() } else {
            node.total.exact += (state.isExact ? 1 : 0) - (oldState.isExact ? 1 : 0)
            node.total.sections += (state.isHeader ? 1 : 0) - (oldState.isHeader ? 1 : 0)
        }
        var below = node.total
        for (parent, k) in path.reversed() {
            parent.childTotals[k] = below
            parent.total = parent.childTotals.withUnsafeBufferPointer { totals in
                var s = TreeSummary()
                for t in totals { s += t }
                return s
            }
            below = parent.total
        }
    }

    /// Inserts `buffer`'s elements so that the first lands at `index` (in `0...count`).
    mutating func insert(_ buffer: ElementBuffer<Content>, at index: Int) {
        guard buffer.count > 0 else { return }
        makeRootUnique()
        let extra = Self.insert(buffer, at: index, into: root)
        if !extra.isEmpty {
            root = Self.buildLevels([root] + extra)
        }
    }

    /// Inserts into `node` (uniquely referenced); returns new right siblings when it overflowed.
    private static func insert(_ buffer: ElementBuffer<Content>, at index: Int,
                               into node: TreeNode) -> [TreeNode] {
        if node.isLeaf {
            let leaf = node.leaf(Content.self)
            leaf.heights.insert(contentsOf: buffer.heights, at: index)
            leaf.states.insert(contentsOf: buffer.states, at: index)
            leaf.contents.insert(contentsOf: buffer.contents, at: index)
            guard leaf.heights.count > leafCapacity else { leaf.recomputeTotal(); return [] }
            let all = leaf.buffer
            let pieces = evenPieces(count: all.count, maximum: leafCapacity)
            leaf.buffer = all.slice(pieces[0])
            return pieces.dropFirst().map { LeafNode(all.slice($0)) }
        }
        var i = index
        var chosen = node.children.count - 1
        for (k, c) in node.children.enumerated() {
            if i <= c.total.count && (i < c.total.count || k == node.children.count - 1) { chosen = k; break }
            i -= c.total.count
        }
        let child = node.uniqueChild(chosen)
        let extra = insert(buffer, at: i, into: child)
        node.children.insert(contentsOf: extra, at: chosen + 1)
        guard node.children.count > fanout else { node.recomputeTotal(); return [] }
        let all = node.children
        let pieces = evenPieces(count: all.count, maximum: fanout)
        node.children = Array(all[pieces[0]])
        node.recomputeTotal()
        return pieces.dropFirst().map { TreeNode(children: Array(all[$0])) }
    }

    /// Removes the elements in `range` (within `0..<count`).
    mutating func remove(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        makeRootUnique()
        Self.remove(range, from: root)
        while !root.isLeaf && root.children.count == 1 { root = root.children[0] }
        if !root.isLeaf && root.children.isEmpty { root = LeafNode<Content>(ElementBuffer()) }
    }

    private static func remove(_ range: Range<Int>, from node: TreeNode) {
        if node.isLeaf {
            let leaf = node.leaf(Content.self)
            leaf.heights.removeSubrange(range)
            leaf.states.removeSubrange(range)
            leaf.contents.removeSubrange(range)
            leaf.recomputeTotal()
            return
        }
        var base = 0
        var k = 0
        while k < node.children.count {
            let n = node.children[k].total.count
            let lo = Swift.max(range.lowerBound, base), hi = Swift.min(range.upperBound, base + n)
            if lo < hi {
                if lo == base && hi == base + n {
                    node.children.remove(at: k)
                    base += n
                    continue
                }
                let child = node.uniqueChild(k)
                remove((lo - base)..<(hi - base), from: child)
            }
            base += n
            k += 1
            if base >= range.upperBound { break }
        }
        rebalanceChildren(of: node)
        node.recomputeTotal()
    }

    /// Merges every child that is below a quarter full into a neighbour (re-splitting the pair
    /// if the merge overflows); drops empty children.
    private static func rebalanceChildren(of node: TreeNode) {
        node.children.removeAll { $0.width == 0 }
        var k = 0
        while k < node.children.count && node.children.count > 1 {
            let c = node.children[k]
            let maximum = c.isLeaf ? leafCapacity : fanout
            guard c.width < maximum / 4 else { k += 1; continue }
            let left = k > 0 ? k - 1 : k
            let a = node.uniqueChild(left), b = node.children[left + 1]
            if a.isLeaf {
                var all = a.leaf(Content.self).buffer
                all.append(contentsOf: b.leaf(Content.self).buffer)
                let pieces = evenPieces(count: all.count, maximum: leafCapacity)
                a.leaf(Content.self).buffer = all.slice(pieces[0])
                if pieces.count > 1 { node.children[left + 1] = LeafNode(all.slice(pieces[1])) }
                else { node.children.remove(at: left + 1) }
            } else {
                let all = a.children + b.children
                let pieces = evenPieces(count: all.count, maximum: fanout)
                a.children = Array(all[pieces[0]])
                a.recomputeTotal()
                if pieces.count > 1 { node.children[left + 1] = TreeNode(children: Array(all[pieces[1]])) }
                else { node.children.remove(at: left + 1) }
            }
            k = left + 1
        }
    }
}

extension ElementTree {
    /// Applies `body` to every element (O(n); copies shared leaves). Used by width and editing
    /// changes, which invalidate every self-sizing height.
    mutating func updateAll(_ body: (inout Double, inout ElementState) -> Void) {
        makeRootUnique()
        Self.updateAll(root, body)
    }

    private static func updateAll(_ node: TreeNode, _ body: (inout Double, inout ElementState) -> Void) {
        if node.isLeaf {
            for j in 0..<node.heights.count {
                var h = node.heights[j], st = node.states[j]
                body(&h, &st)
                node.heights[j] = h
                node.states[j] = st
            }
        } else {
            for k in node.children.indices { updateAll(node.uniqueChild(k), body) }
        }
        node.recomputeTotal()
    }
}
