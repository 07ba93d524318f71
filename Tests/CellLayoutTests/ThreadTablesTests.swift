import LayoutGeometry
import Testing
@testable import CellLayout

/// What a thread keeps of the cells it laid out — tree shapes, skeletons of tree structures,
/// layouts of stacks of boxes and spacers — is emptied by `CellLayout.clearCaches()` (and so by
/// `Layouter.clearCaches()`): a cold start measures without them, and their memory goes back.
@Suite struct ThreadTablesTests {
    @Test func clearCachesEmptiesEveryTableOfTheThread() throws {
        let layout = CellLayout(textEngine: nil)
        // A tree with a structure (a skeleton is kept) holding a row of boxes (a leaf stack).
        let tree = CellElement.vstack(spacing: 4, [.hstack(spacing: 2, [.box(width: 10, height: 10), .box(width: 20, height: 10)]),
                                                   .box(width: 30, height: 5)])
        let structure = CellStructure()
        defer { withExtendedLifetime(structure) {} }  // (lent to the layouts below)
        let (cell, arrangement) = try withUnsafePointer(to: tree) {
            try layout.prepare(rootAt: $0, textStyles: [], arrangingAt: 100, frames: true, structure: Unmanaged.passUnretained(structure))
        }
        // (Read as the thread holds them, not through `current`, which a concurrent clear from
        // another test would empty first.)
        let kept = SolverScratch.installed
        #expect(kept.shapes.count > 0 && kept.skeletons.count > 0 && kept.leafStacks.count > 0)
        CellLayout.clearCaches()
        let emptied = SolverScratch.current
        #expect(emptied === kept)
        #expect(emptied.shapes.count == 0 && emptied.skeletons.count == 0 && emptied.leafStacks.count == 0)
        // The same tree lays out as before from the emptied tables, and fills them again.
        #expect(try cell.arrange(width: 100).frames == arrangement.frames)
        let again = try withUnsafePointer(to: tree) {
            try layout.prepare(rootAt: $0, textStyles: [], arrangingAt: 100, frames: true, structure: Unmanaged.passUnretained(structure)).arrangement
        }
        #expect(again.frames == arrangement.frames)
        #expect(SolverScratch.installed.skeletons.count > 0 && SolverScratch.installed.leafStacks.count > 0)
        // Arithmetic: the row of boxes is 10 + 2 + 20 wide and 10 tall at the top of a 100-pt column.
        #expect(arrangement.frames.first { $0.path == [0] }?.rect == Rect(x: 0, y: 0, width: 100, height: 10))
        #expect(arrangement.frames.first { $0.path == [0, 1] }?.rect == Rect(x: 12, y: 0, width: 20, height: 10))
    }
}
