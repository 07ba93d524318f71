import LayoutGeometry
import Testing
@testable import TableLayout

@Suite struct BatchUpdateTests {
    func table(_ sections: [[Int]]) throws -> TableViewLayout<Item> {
        try TableViewLayout(sections: sections.map { TableSection(rows: rows($0)) })
    }

    func refuse(_ t: TableViewLayout<Item>, _ batch: TableBatch<Item>, _ reason: String) {
        var copy = t
        #expect(throws: TableError.invalidUpdate(reason)) { try copy.apply(batch) }
        #expect(ids(copy) == ids(t))
    }

    @Test func reasonsInUIKitsWords() throws {
        let t = try table([[0, 1, 2], [3]])
        var b = TableBatch<Item>()
        b.deleteRows = [IndexPath(2, 0)]
        refuse(t, b, "attempt to delete row 0 from section 2, but there are only 2 sections before the update")
        b = TableBatch(); b.insertRows = [(IndexPath(0, 5), .fixed(1))]
        refuse(t, b, "attempt to insert row 5 into section 0, but there are only 4 rows in section 0 after the update")
        b = TableBatch(); b.deleteRows = [IndexPath(0, 1), IndexPath(0, 1)]
        refuse(t, b, "attempt to delete row 1 from section 0 twice")
        b = TableBatch(); b.deleteRows = [IndexPath(0, 1)]; b.moveRows = [(IndexPath(0, 1), IndexPath(1, 0))]
        refuse(t, b, "attempt to perform a delete and a move from the same index path (0 - 1)")
        b = TableBatch(); b.deleteRows = [IndexPath(0, 1)]; b.reloadRows = [(IndexPath(0, 1), nil)]
        refuse(t, b, "attempt to delete and reload the same index path (0 - 1)")
        b = TableBatch(); b.deleteSections = [2]
        refuse(t, b, "attempt to delete section 2, but there are only 2 sections before the update")
        b = TableBatch(); b.insertSections = [(3, TableSection(rows: []))]
        refuse(t, b, "attempt to insert section 3 but there are only 3 sections after the update")
        b = TableBatch(); b.insertRows = [(IndexPath(0, 0), .fixed(1))]; b.expectedRowCounts = [3, 1]
        refuse(t, b, "invalid number of rows in section 0. The number of rows contained in an existing section after the update (3) must be equal to the number of rows contained in that section before the update (3), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).")
        b = TableBatch(); b.moveRows = [(IndexPath(0, 0), IndexPath(1, 2))]
        refuse(t, b, "attempt to move index path (0 - 0) to index path (1 - 2) that does not exist - there are only 2 rows in section 1 after the update")
    }

    @Test func sectionOperations() throws {
        var t = try table([[0, 1], [2], [3, 4, 5]])
        var b = TableBatch<Item>()
        b.deleteSections = [0]
        b.insertSections = [(0, TableSection(rows: rows([9])))]
        b.moveSections = [(2, 1)]
        b.expectedRowCounts = [1, 3, 1]
        try t.apply(b)
        #expect(ids(t) == [[9], [3, 4, 5], [2]])
        #expect(t.rect(forSection: 2) == Rect(x: 0, y: 4 * 44, width: 375, height: 44))
        b = TableBatch(); b.reloadSections = [(1, TableSection(rows: rows([7, 8], height: 10)))]
        try t.apply(b)
        #expect(ids(t) == [[9], [7, 8], [2]])
        let expected: Double = 44 + 10 + 10 + 44
        #expect(t.contentSize.height == expected)
        #expect(t.checkInvariants() == nil)
    }

    /// Measured heights survive moves; reloads re-measure.
    @Test func measuredHeightsSurviveMoves() throws {
        let specs = (0..<4).map { TableRow<Item>.automatic(Item(id: $0, height: Double(10 * ($0 + 1)))) }
        let c = TableConfiguration(scale: .none, estimatedRowHeight: 44, separatorStyle: .none)
        var t = try TableViewLayout(configuration: c, sections: [TableSection(rows: specs)], sizer: itemSizer)
        try t.measureRow(at: IndexPath(0, 3))
        #expect(t.rectForRow(at: IndexPath(0, 3)).height == 40)
        var b = TableBatch<Item>()
        b.moveRows = [(IndexPath(0, 3), IndexPath(0, 0))]
        b.reloadRows = [(IndexPath(0, 1), TableRow.automatic(Item(id: 11, height: 5)))]
        try t.apply(b)
        #expect(ids(t) == [[3, 0, 11, 2]])
        #expect(t.isExact(at: IndexPath(0, 0)) == true)
        #expect(t.rectForRow(at: IndexPath(0, 0)).height == 40)
        #expect(t.isExact(at: IndexPath(0, 2)) == false)
        #expect(t.contentSize.height == 40 + 44 + 44 + 44)
    }

    /// Random batches against an array model: apply UIKit's rules by hand (delete by old index
    /// descending, then insert by new index ascending) and compare.
    @Test(arguments: [11, 12, 13, 14] as [UInt64])
    func randomBatches(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        var model: [[Int]] = (0..<4).map { s in (0..<Int.random(in: 0...300, using: &rng)).map { s * 1000 + $0 } }
        var t = try table(model)
        var nextID = 100_000
        for _ in 0..<40 {
            var b = TableBatch<Item>()
            var work = model
            // Deletes and move sources by old index.
            var removed: [IndexPath: Int] = [:]
            for _ in 0..<Int.random(in: 0...20, using: &rng) {
                let s = Int.random(in: 0..<model.count, using: &rng)
                guard !model[s].isEmpty else { continue }
                let p = IndexPath(s, Int.random(in: 0..<model[s].count, using: &rng))
                guard removed[p] == nil else { continue }
                removed[p] = model[s][p.row]
                b.deleteRows.append(p)
            }
            for p in removed.keys.sorted(by: >) { work[p.section].remove(at: p.row) }
            // Inserts by new index, ascending.
            var inserts: [(IndexPath, Int)] = []
            for _ in 0..<Int.random(in: 0...20, using: &rng) {
                let s = Int.random(in: 0..<work.count, using: &rng)
                let r = Int.random(in: 0...work[s].count, using: &rng)
                work[s].insert(nextID, at: r)
                inserts.append((IndexPath(s, r), nextID))
                nextID += 1
            }
            // Re-express inserts as final positions: replay on the final array.
            for (p, id) in inserts {
                _ = p
                let s = work.firstIndex { $0.contains(id) }!
                let r = work[s].firstIndex(of: id)!
                b.insertRows.append((IndexPath(s, r), .fixed(Double(id % 7 + 1), content: Item(id: id))))
            }
            b.expectedRowCounts = work.map(\.count)
            try t.apply(b)
            model = work
            #expect(ids(t) == model)
            #expect(t.checkInvariants() == nil)
        }
    }

    /// Inserting and deleting many rows keeps per-section geometry consistent with a sum.
    @Test func geometryAfterUpdatesMatchesSums() throws {
        var t = try TableViewLayout<Item>(sections: [TableSection(count: 1000), TableSection(count: 10)])
        var b = TableBatch<Item>()
        b.deleteRows = (0..<500).map { IndexPath(0, $0 * 2) }
        b.insertRows = (0..<100).map { (IndexPath(1, $0), TableRow.fixed(10)) }
        try t.apply(b)
        #expect(t.numberOfRows(inSection: 0) == 500)
        #expect(t.numberOfRows(inSection: 1) == 110)
        let expected: Double = 500 * 44 + 100 * 10 + 10 * 44
        #expect(t.contentSize.height == expected)
        #expect(t.rectForRow(at: IndexPath(1, 100)).minY == 500 * 44 + 100 * 10)
    }
}
