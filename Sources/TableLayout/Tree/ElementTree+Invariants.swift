/// Structural checks, run by tests and on demand (`TableViewLayout.checkInvariants()`), never on the
/// hot path.
extension ElementTree {
    /// Describes the first broken invariant, or nil when the tree is sound: every summary equals
    /// the sum of what is below it, leaves are all at the same depth, nodes respect their
    /// capacity, and no non-root node is empty.
    func invariantViolation() -> String? {
        var leafDepth: Int? = nil
        return check(root, depth: 0, isRoot: true, leafDepth: &leafDepth)
    }

    private func check(_ node: TreeNode, depth: Int, isRoot: Bool, leafDepth: inout Int?) -> String? {
        if node.isLeaf {
            guard node is LeafNode<Content> else { return "leaf of another payload type" }
            let e = node.leaf(Content.self).buffer
            if e.heights.count != e.states.count || e.heights.count != e.contents.count {
                return "leaf arrays differ in length"
            }
            if e.count > Self.leafCapacity { return "leaf holds \(e.count) > \(Self.leafCapacity)" }
            if !isRoot && e.count == 0 { return "empty non-root leaf" }
            if node.total != e.summary { return "leaf summary \(node.total) ≠ \(e.summary)" }
            if let d = leafDepth, d != depth { return "leaves at depths \(d) and \(depth)" }
            leafDepth = depth
            return nil
        }
        if node.children.isEmpty { return "internal node without children" }
        if node.children.count > Self.fanout { return "internal node with \(node.children.count) > \(Self.fanout) children" }
        if node.childTotals.count != node.children.count { return "child summary cache of the wrong length" }
        var s = TreeSummary()
        for (k, c) in node.children.enumerated() {
            if node.childTotals[k] != c.total { return "child summary cache \(node.childTotals[k]) ≠ \(c.total)" }
            if let v = check(c, depth: depth + 1, isRoot: false, leafDepth: &leafDepth) { return v }
            s += c.total
        }
        if s.count != node.total.count || s.exact != node.total.exact || s.sections != node.total.sections
            || abs(s.height - node.total.height) > 1e-6 * Swift.max(1, abs(s.height)) {
            return "internal summary \(node.total) ≠ \(s)"
        }
        return nil
    }
}
