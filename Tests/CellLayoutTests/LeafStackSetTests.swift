import LayoutGeometry
import Testing
@testable import CellLayout

/// The leaf-stack memo (`LeafStackMemo`) is two-way set-associative: two layouts whose keys fall
/// in one set are both kept (direct-mapped, they evicted each other on every alternation — a
/// third of the feed's posts laid a grid or a toolbar out again), a hit makes its entry the most
/// recent, and a third key pushes out the least recently used of the set.
@Suite struct LeafStackSetTests {
    typealias Memo = LeafStackMemo

    func entry(_ shape: FlexShape, node: Int, width: Double) -> Memo.Entry {
        Memo.Entry(shape: shape, node: node, width: .exact(width), height: .unbounded,
                   measured: FlexSolver.Measured(size: Size(width: width, height: 10)), rects: [])
    }

    @Test func aSetKeepsTwoLayoutsAndDropsTheLeastRecentlyUsed() {
        let shape = FlexSolver(root: .hstack([.box(width: 10, height: 10)]), layout: CellLayout(textEngine: nil)).tree.shape
        let memo = Memo()
        let set = 7  // any set: the keys below are stored in it and looked up in it
        func found(_ width: Double) -> Bool {
            memo.find(set, shape, 0, .exact(width), .unbounded)?.measured.size.width == width
        }
        memo.store(set, entry(shape, node: 0, width: 100))
        memo.store(set, entry(shape, node: 0, width: 200))
        #expect(found(100) && found(200))  // both kept (found(200) last: 100 is now the older)
        #expect(!found(300))
        // A different node, height or shape under the same width is not the entry.
        #expect(memo.find(set, shape, 1, .exact(100), .unbounded) == nil)
        #expect(memo.find(set, shape, 0, .exact(100), .exact(10)) == nil)
        #expect(memo.find(set, shape, 0, .atMost(100), .unbounded) == nil)
        let other = FlexSolver(root: .hstack([.box(width: 20, height: 10)]), layout: CellLayout(textEngine: nil)).tree.shape
        #expect(memo.find(set, other, 0, .exact(100), .unbounded) == nil)
        memo.store(set, entry(shape, node: 0, width: 300))  // pushes out 100, the least recently used
        #expect(found(300) && found(200) && !found(100))
        #expect((0..<Memo.size).contains(Memo.slot(shape, 0, .exact(100), .unbounded)))
    }
}
