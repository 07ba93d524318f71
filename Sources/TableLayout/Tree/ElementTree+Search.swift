/// Read-only descents: every one is O(log n) (a path from the root, scanning at most `fanout`
/// children per level and one leaf).
extension ElementTree {
    /// The element at `index` (which must be in `0..<count`).
    func element(at index: Int) -> (height: Double, state: ElementState, content: Content) {
        var node = root
        var i = index
        while !node.isLeaf {
            for c in node.children {
                if i < c.total.count { node = c; break }
                i -= c.total.count
            }
        }
        return (node.elements.heights[i], node.elements.states[i], node.elements.contents[i])
    }

    /// The summary of the elements before `index` (`0...count`); its height is the element's y.
    func prefix(before index: Int) -> TreeSummary {
        var node = root
        var i = index
        var acc = TreeSummary()
        while !node.isLeaf {
            var next: TreeNode<Content>? = nil
            for c in node.children {
                if i < c.total.count { next = c; break }
                i -= c.total.count
                acc += c.total
            }
            guard let n = next else { return acc }
            node = n
        }
        let e = node.elements
        for j in 0..<i {
            acc.count += 1
            acc.height += e.heights[j]
            if e.states[j].isExact { acc.exact += 1 }
            if e.states[j].isHeader { acc.sections += 1 }
        }
        return acc
    }

    /// The element whose half-open interval `[y, y + height)` contains `offset`, its start, and the
    /// number of headers before it; nil when `offset` is outside `[0, height)`.
    func element(atOffset offset: Double) -> (index: Int, start: Double, headersBefore: Int)? {
        guard offset >= 0, offset < root.total.height else { return nil }
        var node = root
        var acc = 0.0
        var index = 0
        var headers = 0
        while !node.isLeaf {
            var next: TreeNode<Content>? = nil
            for c in node.children {
                if offset < acc + c.total.height { next = c; break }
                acc += c.total.height
                index += c.total.count
                headers += c.total.sections
            }
            // Floating-point edge: the offset lies past the last child's sum.
            guard let n = next else { return nil }
            node = n
        }
        let e = node.elements
        for j in 0..<e.count {
            let h = e.heights[j]
            if offset < acc + h { return (index + j, acc, headers) }
            acc += h
            if e.states[j].isHeader { headers += 1 }
        }
        return nil
    }

    /// The index of the header element of section `section` (`0..<summary.sections`); `count` for
    /// `section == summary.sections` (the end).
    func headerIndex(ofSection section: Int) -> Int {
        if section >= root.total.sections { return root.total.count }
        var node = root
        var s = section
        var index = 0
        while !node.isLeaf {
            for c in node.children {
                if s < c.total.sections { node = c; break }
                s -= c.total.sections
                index += c.total.count
            }
        }
        let states = node.elements.states
        for j in 0..<states.count where states[j].isHeader {
            if s == 0 { return index + j }
            s -= 1
        }
        return root.total.count
    }

    /// Calls `body` for each element in `range`, in order, with its index and start offset;
    /// `body` returns false to stop. O(log n + k).
    func forEach(in range: Range<Int>, startingAt start: Double,
                 _ body: (Int, Double, Double, ElementState) -> Bool) {
        var y = start
        var index = range.lowerBound
        _ = visit(root, base: 0, range: range, y: &y, index: &index, body)
    }

    private func visit(_ node: TreeNode<Content>, base: Int, range: Range<Int>, y: inout Double,
                       index: inout Int, _ body: (Int, Double, Double, ElementState) -> Bool) -> Bool {
        if node.isLeaf {
            let lo = Swift.max(range.lowerBound - base, 0)
            let hi = Swift.min(range.upperBound - base, node.elements.count)
            guard lo < hi else { return true }
            let e = node.elements
            for j in lo..<hi {
                if !body(base + j, y, e.heights[j], e.states[j]) { return false }
                y += e.heights[j]
            }
            return true
        }
        var childBase = base
        for c in node.children {
            let n = c.total.count
            if childBase + n > range.lowerBound && childBase < range.upperBound {
                if !visit(c, base: childBase, range: range, y: &y, index: &index, body) { return false }
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

    private func collectInexact(_ node: TreeNode<Content>, base: Int, range: Range<Int>,
                                _ keep: (ElementState) -> Bool, into result: inout [Int]) {
        guard node.total.exact < node.total.count else { return }
        if node.isLeaf {
            let lo = Swift.max(range.lowerBound - base, 0)
            let hi = Swift.min(range.upperBound - base, node.elements.count)
            guard lo < hi else { return }
            for j in lo..<hi where !node.elements.states[j].isExact && keep(node.elements.states[j]) { result.append(base + j) }
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

    /// All elements in order, as a buffer (O(n); for moves of whole sections and for tests).
    func buffer(in range: Range<Int>) -> ElementBuffer<Content> {
        var out = ElementBuffer<Content>()
        out.reserve(range.count)
        collect(root, base: 0, range: range, into: &out)
        return out
    }

    private func collect(_ node: TreeNode<Content>, base: Int, range: Range<Int>, into out: inout ElementBuffer<Content>) {
        if node.isLeaf {
            let lo = Swift.max(range.lowerBound - base, 0)
            let hi = Swift.min(range.upperBound - base, node.elements.count)
            guard lo < hi else { return }
            out.heights.append(contentsOf: node.elements.heights[lo..<hi])
            out.states.append(contentsOf: node.elements.states[lo..<hi])
            out.contents.append(contentsOf: node.elements.contents[lo..<hi])
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
