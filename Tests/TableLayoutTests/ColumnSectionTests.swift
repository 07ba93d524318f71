import LayoutGeometry
import Testing
@testable import TableLayout

/// Sections given column-wise (`init(heights:)`, `init(contents:height:)`) lay out exactly like the
/// same rows given one `TableRow` each.
@Suite struct ColumnSectionTests {
    static let heights: [Double] = (0..<700).map { 30 + Double($0 % 9) * 2.5 }

    @Test func heightsEqualRowByRow() throws {
        let columns = try TableViewLayout<Item>(configuration: TableConfiguration(style: .grouped),
                                            sections: [TableSection(heights: Self.heights), TableSection(heights: [44, 10])])
        // One run per row: the generic path, which `TableSection(rows:)` also takes for mixed rows.
        let rows = try TableViewLayout<Item>(configuration: TableConfiguration(style: .grouped),
                                         sections: [TableSection(runs: Self.heights.map { TableRowRun(count: 1, row: .fixed($0)) }),
                                                    TableSection(runs: [TableRowRun(count: 1, row: .fixed(44)), TableRowRun(count: 1, row: .fixed(10))])])
        // Grouped: a 20-pt header and footer per section around the rows.
        let expected: Double = 20 + Self.heights.reduce(0, +) + 20 + 20 + 44 + 10 + 20
        #expect(columns.contentSize.height == expected)
        #expect(columns.contentSize == rows.contentSize)
        for r in [0, 1, 255, 256, 257, 511, 699] {
            #expect(columns.rectForRow(at: IndexPath(0, r)) == rows.rectForRow(at: IndexPath(0, r)))
        }
        #expect(columns.rectForRow(at: IndexPath(0, 3)).height == 30 + 3 * 2.5)
        #expect(columns.indexPathForRow(at: Point(x: 1, y: 20 + 30.5)) == IndexPath(0, 1))
        #expect(columns.checkInvariants() == nil)
    }

    @Test func contentsWithOneHeightRule() throws {
        let items = (0..<600).map { Item(id: $0, height: Double(40 + $0 % 5)) }
        let c = TableConfiguration(rowHeight: .automatic, estimatedRowHeight: 44)
        var t = try TableViewLayout<Item>(configuration: c, sections: [TableSection(contents: items)], sizer: itemSizer)
        #expect(t.contentSize.height == 600 * 44)  // all estimated
        #expect(t.content(at: IndexPath(0, 345))?.id == 345)
        try t.measureAll()
        // Each row: its content height rounded to 1/2 plus the 0.5-pt separator.
        let exact = items.reduce(0.0) { $0 + $1.height + 0.5 }
        #expect(t.contentSize.height == exact)
    }

    @Test func rowsGivenOneByOneBecomeColumnsWhenTheyAgree() throws {
        // All fixed (payloads kept) and all one rule become columns; a mix stays runs — and all
        // three lay out as one run per row does.
        let fixed: [TableRow<Item>] = (0..<300).map { .fixed(20 + Double($0 % 7), content: Item(id: $0)) }
        let automatic: [TableRow<Item>] = (0..<300).map { .automatic(Item(id: $0, height: Double(30 + $0 % 4))) }
        let mixed: [TableRow<Item>] = (0..<300).map { $0 % 2 == 0 ? fixed[$0] : automatic[$0] }
        #expect(TableSection(rows: fixed).columns?.heights?.count == 300)
        #expect(TableSection(rows: automatic).columns?.height == .automatic)
        #expect(TableSection(rows: mixed).columns == nil && TableSection(rows: mixed).runs.count == 300)
        let c = TableConfiguration(rowHeight: .automatic, estimatedRowHeight: 44)
        for rows in [fixed, automatic, mixed] {
            var a = try TableViewLayout<Item>(configuration: c, sections: [TableSection(rows: rows)], sizer: itemSizer)
            var b = try TableViewLayout<Item>(configuration: c, sections: [TableSection(runs: rows.map { TableRowRun(count: 1, row: $0) })],
                                          sizer: itemSizer)
            #expect(a.content(at: IndexPath(0, 123))?.id == 123)
            #expect(a.contentSize == b.contentSize)
            try a.measureAll()
            try b.measureAll()
            #expect(a.contentSize == b.contentSize)
            for r in [0, 1, 150, 299] { #expect(a.rectForRow(at: IndexPath(0, r)) == b.rectForRow(at: IndexPath(0, r))) }
        }
    }

    @Test func badHeightNamesTheRow() {
        var heights = Self.heights
        heights[17] = -1
        #expect(throws: TableError.invalidHeight(field: "sections[0].rows[17].height", value: -1)) {
            try TableViewLayout<Item>(sections: [TableSection(heights: heights)])
        }
    }

    @Test func insertedColumnSectionAndEditsInside() throws {
        var t = try TableViewLayout<Item>(sections: [TableSection(rows: rows([1, 2]))])
        var batch = TableBatch<Item>()
        batch.insertSections = [(at: 1, section: TableSection(heights: [10, 20, 30]))]
        try t.apply(batch)
        #expect(t.numberOfRows(inSection: 1) == 3)
        #expect(t.rectForRow(at: IndexPath(1, 2)) == Rect(x: 0, y: 2 * 44 + 10 + 20, width: 375, height: 30))
        // A row inside a shared-free column leaf can be deleted like any other.
        var delete = TableBatch<Item>()
        delete.deleteRows = [IndexPath(1, 0)]
        try t.apply(delete)
        #expect(t.contentSize.height == 2 * 44 + 20 + 30)
        #expect(t.checkInvariants() == nil)
    }
}
