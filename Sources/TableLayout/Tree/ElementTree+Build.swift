/// Bulk building: leaves are filled directly from runs of identical elements and the internal
/// levels are built bottom-up, so building n elements costs O(n) with about n / 256 leaf
/// allocations and no per-element rebalancing.
extension ElementTree {
    /// A run of `count` identical elements.
    struct Run: Sendable {
        var count: Int
        var height: Double
        var state: ElementState
        var content: Content
    }

    /// Builds a tree holding the runs in order.
    init(runs: [Run]) {
        let total = runs.reduce(0) { $0 + $1.count }
        guard total > 0 else { self.init(); return }
        var leaves: [TreeNode<Content>] = []
        let pieces = evenPieces(count: total, maximum: Self.leafCapacity)
        leaves.reserveCapacity(pieces.count)
        var runIndex = 0
        var usedInRun = 0
        for piece in pieces {
            var buffer = ElementBuffer<Content>()
            buffer.reserve(piece.count)
            var need = piece.count
            while need > 0 {
                let run = runs[runIndex]
                let take = Swift.min(need, run.count - usedInRun)
                if take > 0 {
                    buffer.heights.append(contentsOf: repeatElement(run.height, count: take))
                    buffer.states.append(contentsOf: repeatElement(run.state, count: take))
                    buffer.contents.append(contentsOf: repeatElement(run.content, count: take))
                }
                need -= take
                usedInRun += take
                if usedInRun == run.count { runIndex += 1; usedInRun = 0 }
            }
            leaves.append(TreeNode(leaf: buffer))
        }
        self.init(root: Self.buildLevels(leaves))
    }

    /// Builds a tree holding `buffer`'s elements.
    init(buffer: ElementBuffer<Content>) {
        guard buffer.count > 0 else { self.init(); return }
        let leaves = evenPieces(count: buffer.count, maximum: Self.leafCapacity).map {
            TreeNode(leaf: buffer.slice($0))
        }
        self.init(root: Self.buildLevels(leaves))
    }

    /// Groups nodes of one level into parents until one root remains.
    static func buildLevels(_ level: [TreeNode<Content>]) -> TreeNode<Content> {
        var nodes = level
        while nodes.count > 1 {
            nodes = evenPieces(count: nodes.count, maximum: fanout).map { TreeNode(children: Array(nodes[$0])) }
        }
        return nodes[0]
    }
}
