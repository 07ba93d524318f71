/// Mutations: replace one element, insert a run, remove a range. Each copies shared nodes on its
/// path, fixes the summaries on the way back up, and keeps the tree balanced (split on overflow,
/// merge with a neighbour below a quarter full). Cost O(log n + k) for k elements touched, plus
/// O(leafCapacity) to re-sum a touched leaf.
extension ElementTree {
    /// Replaces the element at `index` (in `0..<count`); the content is kept when nil.
    mutating func set(_ index: Int, height: Double, state: ElementState, content: Content? = nil) {
        makeRootUnique()
        var node = root
        var path: [TreeNode<Content>] = [node]
        var i = index
        while !node.isLeaf {
            var chosen = node.children.count - 1
            for (k, c) in node.children.enumerated() {
                if i < c.total.count { chosen = k; break }
                i -= c.total.count
            }
            node = node.uniqueChild(chosen)
            path.append(node)
        }
        node.elements.heights[i] = height
        node.elements.states[i] = state
        if let content { node.elements.contents[i] = content }
        for n in path.reversed() { n.recomputeTotal() }
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
                               into node: TreeNode<Content>) -> [TreeNode<Content>] {
        if node.isLeaf {
            node.elements.heights.insert(contentsOf: buffer.heights, at: index)
            node.elements.states.insert(contentsOf: buffer.states, at: index)
            node.elements.contents.insert(contentsOf: buffer.contents, at: index)
            guard node.elements.count > leafCapacity else { node.recomputeTotal(); return [] }
            let all = node.elements
            let pieces = evenPieces(count: all.count, maximum: leafCapacity)
            node.elements = all.slice(pieces[0])
            node.recomputeTotal()
            return pieces.dropFirst().map { TreeNode(leaf: all.slice($0)) }
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
        if !root.isLeaf && root.children.isEmpty { root = TreeNode(leaf: ElementBuffer()) }
    }

    private static func remove(_ range: Range<Int>, from node: TreeNode<Content>) {
        if node.isLeaf {
            node.elements.heights.removeSubrange(range)
            node.elements.states.removeSubrange(range)
            node.elements.contents.removeSubrange(range)
            node.recomputeTotal()
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
    private static func rebalanceChildren(of node: TreeNode<Content>) {
        node.children.removeAll { $0.width == 0 }
        var k = 0
        while k < node.children.count && node.children.count > 1 {
            let c = node.children[k]
            let maximum = c.isLeaf ? leafCapacity : fanout
            guard c.width < maximum / 4 else { k += 1; continue }
            let left = k > 0 ? k - 1 : k
            let a = node.uniqueChild(left), b = node.children[left + 1]
            if a.isLeaf {
                var all = a.elements
                all.append(contentsOf: b.elements)
                let pieces = evenPieces(count: all.count, maximum: leafCapacity)
                a.elements = all.slice(pieces[0])
                a.recomputeTotal()
                if pieces.count > 1 { node.children[left + 1] = TreeNode(leaf: all.slice(pieces[1])) }
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

    private static func updateAll(_ node: TreeNode<Content>, _ body: (inout Double, inout ElementState) -> Void) {
        if node.isLeaf {
            for j in 0..<node.elements.count {
                var h = node.elements.heights[j], st = node.elements.states[j]
                body(&h, &st)
                node.elements.heights[j] = h
                node.elements.states[j] = st
            }
        } else {
            for k in node.children.indices { updateAll(node.uniqueChild(k), body) }
        }
        node.recomputeTotal()
    }
}
