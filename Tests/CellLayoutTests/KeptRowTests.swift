import LayoutGeometry
import Testing
@testable import CellLayout

/// A row laid out the same when wider (its items at their hypothetical sizes, nothing to grow) is
/// kept from the exact width its cell was prepared at, and answers other exact widths that still
/// hold its items: the same size, baseline and item rects — placed along the row for the room
/// left, whatever its justification — as a fresh solver lays out there (docs/ACCURACY.md).
struct KeptRowTests {
    /// A column 10 pt padded holding a row of three boxes 7 pt apart (their widths and gaps:
    /// 30 + 45 + 12 + 2 × 7 = 101), stretched across the column.
    static func tree(_ justify: CellJustification) -> CellElement {
        .vstack([.hstack(spacing: 7, alignment: .center, justify: justify,
                         [.box(width: 30, height: 20), .box(width: 45, height: 10), .box(width: 12, height: 12)])])
            .padding(10)
    }

    @Test(arguments: [CellJustification.start, .center, .end, .spaceBetween, .spaceAround, .spaceEvenly])
    func aKeptRowAnswersOtherWidthsAsAFreshLayout(justify: CellJustification) throws {
        let layout = CellLayout(textEngine: nil)
        let (cell, _) = try layout.prepare(Self.tree(justify), textStyles: [], arrangingAt: 300, frames: false)
        // The row (node 1) was kept from its exact width, 300 − 20, needing 101 of it.
        let tree = cell.solver.tree
        let kept = Int(tree.intrinsicIndex[1])
        #expect(kept >= 0)
        #expect(tree.intrinsics[kept].width == .exact(280))
        #expect(tree.intrinsics[kept].widerFrom == 101)
        for width in [300.0, 350, 220, 131, 121, 100] {
            var prepared = cell.solver, fresh = FlexSolver(root: Self.tree(justify), layout: layout)
            prepared.ensureSlots()
            fresh.ensureSlots()
            prepared.keptAnswersWider = true
            let inner = width - 20
            let a = try prepared.measure(1, .exact(inner), .unbounded), b = try fresh.measure(1, .exact(inner), .unbounded)
            #expect(a.size == b.size && a.size == Size(width: inner, height: 20), "\(justify) at \(width)")
            #expect(a.baseline == b.baseline, "\(justify) at \(width)")
            #expect(Array(prepared.rects[a.firstRect ..< a.firstRect + 3]) == Array(fresh.rects[b.firstRect ..< b.firstRect + 3]),
                    "\(justify) at \(width)")
            // Answered from the kept row while its items fit (inner ≥ 101): nothing below it was
            // measured, so the solver holds only the row's three rects.
            #expect(prepared.rects.count == (inner >= 101 ? 3 : fresh.rects.count), "\(justify) at \(width)")
        }
        // At 350 (inner 330, 229 to spare) a space-evenly row starts its items 229 / 4 in.
        if justify == .spaceEvenly {
            var prepared = cell.solver
            prepared.ensureSlots()
            prepared.keptAnswersWider = true
            let m = try prepared.measure(1, .exact(330), .unbounded)
            #expect(prepared.rects[m.firstRect].minX == 229.0 / 4)
            #expect(prepared.rects[m.firstRect + 1].minX == 229.0 / 4 + 30 + 7 + 229.0 / 4)
        }
    }
}
