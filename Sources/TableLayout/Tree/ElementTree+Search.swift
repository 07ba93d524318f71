/// Read-only descents: every one is O(log n) (a path from the root, scanning at most `fanout`
/// child summaries per level and one leaf). The descents are non-generic (`TreeNode` has a fixed
/// layout) and read each node's arrays through unsafe buffers, without per-child reference
/// counting.
extension ElementTree {
    /// The element at `index` (which must be in `0..<count`).
    func element(at index: Int) -> (height: Double, state: ElementState, content: Content) {
        let (node, i) = TreeSearch.leaf(containing: index, in: root)
        return (node.heights[i], node.states[i], node.leaf(Content.self).contents[i])
    }

    /// The height and state of the element at `index` (which must be in `0..<count`).
    func heightAndState(at index: Int) -> (height: Double, state: ElementState) {
        let (node, i) = TreeSearch.leaf(containing: index, in: root)
        return (node.heights[i], node.states[i])
    }

    /// The summary of the elements before `index` (`0...count`); its height is the element's y.
    func prefix(before index: Int) -> TreeSummary { TreeSearch.prefix(before: index, in: root) }

    /// The element whose half-open interval `[y, y + height)` contains `offset`, its start, and the
    /// number of headers before it; nil when `offset` is outside `[0, height)`.
    func element(atOffset offset: Double) -> (index: Int, start: Double, headersBefore: Int)? {
        TreeSearch.element(atOffset: offset, in: root).map { ($0.index, $0.start, $0.headersBefore) }
    }

    /// `element(atOffset:)` that also answers the element's state.
    func elementAndState(atOffset offset: Double) -> (index: Int, start: Double, headersBefore: Int, state: ElementState)? {
        TreeSearch.element(atOffset: offset, in: root)
    }

    /// The index of the header element of section `section` (`0..<summary.sections`); `count` for
    /// `section == summary.sections` (the end).
    func headerIndex(ofSection section: Int) -> Int { TreeSearch.headerIndex(ofSection: section, in: root) }

    /// Calls `body` for each element in `range`, in order, with its index and start offset;
    /// `body` returns false to stop. O(log n + k).
    func forEach(in range: Range<Int>, startingAt start: Double,
                 _ body: (Int, Double, Double, ElementState) -> Bool) {
        var y = start
        _ = visit(root, base: 0, range: range, y: &y, body)
    }

    private func visit(_ node: TreeNode, base: Int, range: Range<Int>, y: inout Double,
                       _ body: (Int, Double, Double, ElementState) -> Bool) -> Bool {
        if node.isLeaf {
            let lo = Swift.max(range.lowerBound - base, 0)
            let hi = Swift.min(range.upperBound - base, node.heights.count)
            guard lo < hi else { return true }
            let heights = node.heights, states = node.states
            for j in lo..<hi {
                if !body(base + j, y, heights[j], states[j]) { return false }
                y += heights[j]
            }
            return true
        }
        var childBase = base
        for c in node.children {
            let n = c.total.count
            if childBase + n > range.lowerBound && childBase < range.upperBound {
                if !visit(c, base: childBase, range: range, y: &y, body) { return false }
            }
            childBase += n
            if childBase >= range.upperBound { break }
        }
        return true
    }

    /// Indices of elements in `range` whose height is not exact, in order; skips whole subtrees
    /// that are all exact, so it costs O(u log n) for u such elements.
    func inexactIndices(in range: Range<Int>, where keep: (ElementState) -> Bool = { _ in true }) -> [Int] {
        var result: [Int] = []
        collectInexact(root, base: 0, range: range, keep, into: &result)
        return result
    }

    private func collectInexact(_ node: TreeNode, base: Int, range: Range<Int>,
                                _ keep: (ElementState) -> Bool, into result: inout [Int]) {
        guard node.total.exact < node.total.count else { return }
        if node.isLeaf {
            let lo = Swift.max(range.lowerBound - base, 0)
            let hi = Swift.min(range.upperBound - base, node.states.count)
            guard lo < hi else { return }
            let states = node.states
            for j in lo..<hi where !states[j].isExact && keep(states[j]) { result.append(base + j) }
            return
        }
        var childBase = base
        for c in node.children {
            let n = c.total.count
            if childBase + n > range.lowerBound && childBase < range.upperBound {
                collectInexact(c, base: childBase, range: range, keep, into: &result)
            }
            childBase += n
            if childBase >= range.upperBound { break }
        }
    }

    /// Calls `body` with each leaf's heights, states and contents, in order (the leaf's own
    /// arrays: no element is copied); `body` returns false to stop.
    func forEachLeaf(_ body: ([Double], [ElementState], [Content]) -> Bool) {
        _ = Self.visitLeaves(root, body)
    }

    private static func visitLeaves(_ node: TreeNode, _ body: ([Double], [ElementState], [Content]) -> Bool) -> Bool {
        if node.isLeaf { return body(node.heights, node.states, node.leaf(Content.self).contents) }
        for c in node.children where !visitLeaves(c, body) { return false }
        return true
    }

    /// All elements in order, as a buffer (O(n); for moves of whole sections and for tests).
    func buffer(in range: Range<Int>) -> ElementBuffer<Content> {
        var out = ElementBuffer<Content>()
        out.reserve(range.count)
        collect(root, base: 0, range: range, into: &out)
        return out
    }

    private func collect(_ node: TreeNode, base: Int, range: Range<Int>, into out: inout ElementBuffer<Content>) {
        if node.isLeaf {
            let lo = Swift.max(range.lowerBound - base, 0)
            let hi = Swift.min(range.upperBound - base, node.heights.count)
            guard lo < hi else { return }
            out.heights.append(contentsOf: node.heights[lo..<hi])
            out.states.append(contentsOf: node.states[lo..<hi])
            out.contents.append(contentsOf: node.leaf(Content.self).contents[lo..<hi])
            return
        }
        var childBase = base
        for c in node.children {
            let n = c.total.count
            if childBase + n > range.lowerBound && childBase < range.upperBound {
                collect(c, base: childBase, range: range, into: &out)
            }
            childBase += n
            if childBase >= range.upperBound { break }
        }
    }
}

/// The non-generic descents behind `ElementTree`'s searches.
enum TreeSearch {
    /// The leaf holding element `index` (in `0..<count`) and the index within it.
    static func leaf(containing index: Int, in root: TreeNode) -> (TreeNode, Int) {
        var node = root
        var i = index
        while !node.isLeaf {
            let k = node.childTotals.withUnsafeBufferPointer { totals -> Int in
                let last = totals.count - 1
                for k in 0..<last {
                    let n = totals[k].count
                    if i < n { return k }
                    i -= n
                }
                return last
            }
            node = node.children[k]
        }
        return (node, i)
    }

    static func prefix(before index: Int, in root: TreeNode) -> TreeSummary {
        var node = root
        var i = index
        var acc = TreeSummary()
        while !node.isLeaf {
            let k = node.childTotals.withUnsafeBufferPointer { totals -> Int? in
                for k in 0..<totals.count {
                    let t = totals[k]
                    if i < t.count { return k }
                    i -= t.count
                    acc += t
                }
                return nil
            }
            guard let k else { return acc }
            node = node.children[k]
        }
        let hs = node.heights, st = node.states
        hs.withUnsafeBufferPointer { h in
            var y = acc.height
            for j in 0..<i { y += h[j] }
            acc.height = y
        }
        st.withUnsafeBufferPointer { s in
            var exact = 0, headers = 0
            for j in 0..<i {
                exact &+= Int((s[j].raw & ElementState.exactBit) >> 2)
                headers &+= s[j].raw & 3 == ElementState.Kind.header.rawValue ? 1 : 0
            }
            acc.exact += exact
            acc.sections += headers
        }
        acc.count += i
        return acc
    }

    static func element(atOffset offset: Double, in root: TreeNode)
        -> (index: Int, start: Double, headersBefore: Int, state: ElementState)? {
        guard offset >= 0, offset < root.total.height else { return nil }
        var node = root
        var acc = 0.0
        var index = 0
        var headers = 0
        while !node.isLeaf {
            let k = node.childTotals.withUnsafeBufferPointer { totals -> Int? in
                for k in 0..<totals.count {
                    let t = totals[k]
                    if offset < acc + t.height { return k }
                    acc += t.height
                    index += t.count
                    headers += t.sections
                }
                return nil
            }
            // Floating-point edge: the offset lies past the last child's sum.
            guard let k else { return nil }
            node = node.children[k]
        }
        let hs = node.heights
        let hit = hs.withUnsafeBufferPointer { h -> Int? in
            for j in 0..<h.count {
                if offset < acc + h[j] { return j }
                acc += h[j]
            }
            return nil
        }
        guard let j = hit else { return nil }
        let st = node.states
        let countHeaders = node.total.sections > 0
        let state = st.withUnsafeBufferPointer { s -> ElementState in
            if countHeaders {
                for q in 0..<j where s[q].raw & 3 == ElementState.Kind.header.rawValue { headers += 1 }
            }
            return s[j]
        }
        return (index + j, acc, headers, state)
    }

    static func headerIndex(ofSection section: Int, in root: TreeNode) -> Int {
        if section >= root.total.sections { return root.total.count }
        var node = root
        var s = section
        var index = 0
        while !node.isLeaf {
            let k = node.childTotals.withUnsafeBufferPointer { totals -> Int in
                for k in 0..<totals.count {
                    let t = totals[k]
                    if s < t.sections { return k }
                    s -= t.sections
                    index += t.count
                }
                return totals.count - 1
            }
            node = node.children[k]
        }
        let st = node.states
        let j = st.withUnsafeBufferPointer { states -> Int? in
            for j in 0..<states.count where states[j].raw & 3 == ElementState.Kind.header.rawValue {
                if s == 0 { return j }
                s -= 1
            }
            return nil
        }
        guard let j else { return root.total.count }
        return index + j
    }
}
