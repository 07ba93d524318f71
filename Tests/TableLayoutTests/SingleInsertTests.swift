import LayoutGeometry
import Testing
@testable import TableLayout

/// One row inserted alone takes a short way (no batch plan); it must do exactly what the plan's
/// way does: the same rows, heights and estimates after it, the same error (UIKit's reason, or
/// the field at fault) and nothing changed when it fails.
@Suite struct SingleInsertTests {
    /// A sizer answering the item's height, failing for a negative one (a sizer's error).
    static let sizer = ClosureSizer<Item> { request in
        guard request.content.height >= 0 else { throw TableError.invalidUpdate("negative item") }
        return request.content.height
    }

    /// Every row's rect and exactness, section by section, with the content size.
    static func picture(_ t: TableViewLayout<Item>) -> [String] {
        var out = ["\(t.contentSize)", "\(t.estimatedElementCount)"]
        for s in 0..<t.numberOfSections {
            for r in 0..<t.numberOfRows(inSection: s) {
                let p = IndexPath(s, r)
                out.append("\(s).\(r) \(t.content(at: p)!.id) \(t.rectForRow(at: p)) \(String(describing: t.isExact(at: p)))")
            }
        }
        return out
    }

    @Test(arguments: [0.0, 60.0])
    func aSingleInsertDoesWhatThePlanDoes(estimate: Double) throws {
        var rng = SplitMix(seed: estimate == 0 ? 31 : 32)
        var checked = 0, refused = 0
        for trial in 0..<400 {
            let sectionCount = Int(rng.next() % 4)
            let sections = (0..<sectionCount).map { s in
                TableSection<Item>(rows: (0..<Int(rng.next() % 5)).map { r in
                    rng.next() % 2 == 0 ? .fixed(Double(20 + r), content: Item(id: 100 * s + r))
                        : .automatic(Item(id: 100 * s + r, height: Double(30 + 7 * r)))
                })
            }
            let c = TableConfiguration(scale: .none, estimatedRowHeight: estimate, separatorStyle: .none)
            let table = try TableViewLayout(configuration: c, sections: sections, sizer: Self.sizer)
            // Anywhere from a section before the first to one after the last, rows likewise;
            // heights fixed, automatic, invalid (negative) or failing the sizer.
            // (Mostly inside: a section that exists, a row from 0 to one past the last.)
            let s = rng.next() % 4 == 0 ? [-1, sectionCount, sectionCount + 1][Int(rng.next() % 3)]
                : Int(rng.next() % UInt64(max(sectionCount, 1)))
            let r = rng.next() % 4 == 0 ? [-1, 5, 6][Int(rng.next() % 3)]
                : Int(rng.next() % UInt64(table.numberOfRows(inSection: s) + 1))
            let row: TableRow<Item>
            switch rng.next() % 6 {
            case 0, 1: row = .fixed(25, content: Item(id: 9_000 + trial))
            case 2, 3: row = .automatic(Item(id: 9_000 + trial, height: 33))
            case 4: row = .fixed(-1, content: Item(id: 9_000 + trial))
            default: row = .automatic(Item(id: 9_000 + trial, height: -5))
            }
            var batch = TableBatch<Item>()
            batch.insertRows = [(IndexPath(s, r), row)]
            var short = table, planned = table
            let a = Result { () throws(TableError) in try short.apply(batch) }
            let b = Result { () throws(TableError) in try planned.apply(batch, planning: true) }
            #expect("\(a)" == "\(b)", "trial \(trial): \(s).\(r)")
            #expect(Self.picture(short) == Self.picture(planned), "trial \(trial): \(s).\(r)")
            #expect(short.checkInvariants() == nil)
            if case .failure = a {
                refused += 1
                #expect(Self.picture(short) == Self.picture(table), "a refused insert changes nothing")
            }
            checked += 1
        }
        #expect(checked == 400 && refused > 50 && refused < 300, "\(refused) refused")  // both outcomes were reached
    }

    /// The short way is taken only for a batch of one inserted row: with anything else in the
    /// batch, or a count to check, the plan decides (a count that does not add up is refused).
    @Test func anythingElseInTheBatchGoesThroughThePlan() throws {
        var t = try TableViewLayout(sections: [TableSection<Item>(rows: rows([0, 1]))])
        var b = TableBatch<Item>()
        b.insertRows = [(IndexPath(0, 0), .fixed(10, content: Item(id: 7)))]
        b.expectedRowCounts = [2]
        #expect(throws: TableError.self) { try t.apply(b) }
        b.expectedRowCounts = [3]
        try t.apply(b)
        #expect(ids(t) == [[7, 0, 1]])
        #expect(t.rectForRow(at: IndexPath(0, 1)) == Rect(x: 0, y: 10, width: 375, height: 44))
    }
}
