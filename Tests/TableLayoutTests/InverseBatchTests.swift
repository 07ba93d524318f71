import LayoutGeometry
import Testing
@testable import TableLayout

/// Seeded random batches followed by their inverse restore the layout exactly: the same rows in
/// the same places, the same rects, the same content size. Heights are whole points so every
/// sum is exact (arithmetic only, no text).
@Suite struct InverseBatchTests {
    /// A random table: 1–4 sections of 0–6 rows, each a fixed height 1–60 pt, ids unique.
    func randomTable(_ rng: inout SeededRandom) throws -> TableViewLayout<Item> {
        var next = 0
        let sections = (0..<(1 + Int(rng.next() % 4))).map { _ in
            TableSection(rows: (0..<Int(rng.next() % 7)).map { _ -> TableRow<Item> in
                defer { next += 1 }
                return TableRow.fixed(Double(1 + rng.next() % 60), content: Item(id: next))
            })
        }
        return try TableViewLayout(sections: sections)
    }

    /// Everything a caller can see of the layout.
    func snapshot(_ t: TableViewLayout<Item>) -> [String] {
        var lines = ["\(t.contentSize)", "\(ids(t))"]
        for s in 0..<t.numberOfSections {
            lines.append("section \(s) \(t.rect(forSection: s))")
            for r in 0..<t.numberOfRows(inSection: s) { lines.append("row \(s) \(r) \(t.rectForRow(at: IndexPath(s, r)))") }
        }
        return lines
    }

    /// Deleting a random set of rows, then inserting them back at the same index paths.
    @Test(arguments: Array(1...40) as [UInt64])
    func deleteThenReinsert(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        var t = try randomTable(&rng)
        let before = snapshot(t)
        var deleted: [(IndexPath, TableRow<Item>)] = []
        for s in 0..<t.numberOfSections {
            for r in 0..<t.numberOfRows(inSection: s) where rng.next() % 3 == 0 {
                let p = IndexPath(s, r)
                deleted.append((p, TableRow.fixed(t.rectForRow(at: p).height, content: t.content(at: p)!)))
            }
        }
        var batch = TableBatch<Item>()
        batch.deleteRows = deleted.map(\.0)
        try t.apply(batch)
        #expect(t.checkInvariants() == nil)
        var inverse = TableBatch<Item>()
        inverse.insertRows = deleted.map { (at: $0.0, row: $0.1) }
        try t.apply(inverse)
        #expect(t.checkInvariants() == nil)
        #expect(snapshot(t) == before)
    }

    /// Moving one row anywhere (within or across sections), then moving it back.
    @Test(arguments: Array(41...80) as [UInt64])
    func moveThenMoveBack(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        var t = try randomTable(&rng)
        let nonEmpty = (0..<t.numberOfSections).filter { t.numberOfRows(inSection: $0) > 0 }
        guard !nonEmpty.isEmpty else { return }
        let before = snapshot(t)
        let fromSection = nonEmpty[Int(rng.next() % UInt64(nonEmpty.count))]
        let from = IndexPath(fromSection, Int(rng.next() % UInt64(t.numberOfRows(inSection: fromSection))))
        let toSection = Int(rng.next() % UInt64(t.numberOfSections))
        // After the move the destination section has one more row if it differs from the source.
        let slots = t.numberOfRows(inSection: toSection) + (toSection == fromSection ? 0 : 1)
        let to = IndexPath(toSection, Int(rng.next() % UInt64(slots)))
        var batch = TableBatch<Item>()
        batch.moveRows = [(from: from, to: to)]
        try t.apply(batch)
        var inverse = TableBatch<Item>()
        inverse.moveRows = [(from: to, to: from)]
        try t.apply(inverse)
        #expect(t.checkInvariants() == nil)
        #expect(snapshot(t) == before)
    }
}
