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
        // The layout that prepared the cell keeps nothing; its next one (here at the same width)
        // keeps the row (node 1) from its exact width, 300 − 20, needing 101 of it.
        let tree = cell.solver.tree
        #expect(!tree.hasKept)
        _ = try cell.arrangeWithoutFrames(width: 300)
        #expect(tree.hasKept)
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
            // (Bit for bit: NaN, no baseline, where nothing asks for one — the row's parent aligns by none.)
            #expect(a.baseline.bitPattern == b.baseline.bitPattern && a.lastBaseline.bitPattern == b.lastBaseline.bitPattern,
                    "\(justify) at \(width)")
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

    /// A wrapping row of six 80-pt photos 5 apart (each a column holding its box, so that laying
    /// the row out leaves rects of theirs), kept from an inner width of 355 (four on the first
    /// line — 335 — the fifth would reach 420): it answers line limits from 335 up to (not
    /// including) 420, where its lines break alike, and no others.
    @Test func aKeptWrappingRowAnswersWhileItsLinesBreakAlike() throws {
        let layout = CellLayout(textEngine: nil)
        let photo = CellElement.vstack([.box(width: 80, height: 80)])
        let tree = CellElement.vstack([.hstack(spacing: 5, wraps: true, Array(repeating: photo, count: 6))]).padding(10)
        let (cell, _) = try layout.prepare(tree, textStyles: [], arrangingAt: 375, frames: false)
        _ = try cell.arrangeWithoutFrames(width: 375)  // (the layout that keeps the row)
        let kept = Int(cell.solver.tree.intrinsicIndex[1])
        #expect(kept >= 0)
        #expect(cell.solver.tree.intrinsics[kept].joinsFrom == 335 && cell.solver.tree.intrinsics[kept].breaksBelow == 420)
        for inner in [335.0, 355, 400, 419, 420, 334, 500] {
            var prepared = cell.solver, fresh = FlexSolver(root: tree, layout: layout)
            prepared.ensureSlots()
            fresh.ensureSlots()
            prepared.keptAnswersWider = true
            let a = try prepared.measure(1, .exact(inner), .unbounded), b = try fresh.measure(1, .exact(inner), .unbounded)
            #expect(a.size == b.size && a.baseline.bitPattern == b.baseline.bitPattern
                    && a.lastBaseline.bitPattern == b.lastBaseline.bitPattern, "at \(inner)")
            #expect(Array(prepared.rects[a.firstRect ..< a.firstRect + 6]) == Array(fresh.rects[b.firstRect ..< b.firstRect + 6]), "at \(inner)")
            // Answered from the kept row (only its six rects in the solver, none of its photos')
            // exactly where the lines break as at 355: two lines, 80 + 5 + 80 tall.
            let answered = inner >= 335 && inner < 420
            #expect((prepared.rects.count == 6) == answered, "at \(inner)")
            if answered { #expect(a.size.height == 165) }
        }
    }
}
