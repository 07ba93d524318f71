import Testing
import LayoutGeometry
import TextLayout
@testable import CellLayout

/// A prepared cell notes where its longest text's words' sums, paragraph and slot and its kept
/// sizes lie, and asks for them when a layout starts (`PreparedCell.Storage.prefetch`). Cells
/// with none of them — no text, an empty text, only hidden texts, only a line break — are
/// prepared and laid out as any other: the same arrangement as a fresh solver's at every width.
struct PreparedCellMemoryTests {
    let layout = CellLayout(textEngine: FlexTests.engine)

    @Test(arguments: [
        CellElement.vstack([.box(width: 40, height: 40), .hstack(spacing: 5, [.box(width: 10, height: 10), .spacer])]),
        CellElement.vstack(spacing: 4, [.text(""), .box(width: 20, height: 8)]),
        CellElement.vstack([.text("hidden", style: TextStyle(size: 14)).hidden(), .box(width: 12, height: 12)]),
        CellElement.vstack([.text("\n", style: TextStyle(size: 14)), .text("a b", style: TextStyle(size: 12))]),
        CellElement.hstack(spacing: 10, [.box(width: 40, height: 40),
                                         .text("Kenshin Cui 今天天气很好 the quick brown fox", style: TextStyle(size: 14))]),
    ])
    func cellsWithAndWithoutTextsLayOutAsFreshSolversDo(root: CellElement) throws {
        for cell in [try layout.prepare(root), try layout.prepare(root, textStyles: [], arrangingAt: 200, frames: true).cell] {
            for width in [375.0, 120, 44, 0.5] {
                let fresh = try layout.arrange(root, width: width)
                #expect(try cell.arrange(width: width) == fresh)
                let bare = try cell.arrangeWithoutFrames(width: width)
                #expect(bare.size == fresh.size && bare.overflows == fresh.overflows)
            }
        }
    }
}
