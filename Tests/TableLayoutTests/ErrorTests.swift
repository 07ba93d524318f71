import LayoutGeometry
import Testing
@testable import TableLayout

@Suite struct ErrorTests {
    @Test func invalidHeightsNameTheirField() {
        #expect(throws: TableError.invalidHeight(field: "sections[1].rows[2].height", value: -1)) {
            try TableViewLayout<Item>(sections: [TableSection(count: 1), TableSection(rows: rows([0, 1]) + [.fixed(-1)])])
        }
        #expect(throws: TableError.invalidWidth(field: "width", value: -5)) {
            try TableViewLayout<Item>(configuration: TableConfiguration(width: -5), sections: [])
        }
        #expect(throws: TableError.self) {
            try TableViewLayout<Item>(configuration: TableConfiguration(rowHeight: .fixed(.nan)), sections: [])
        }
        #expect(throws: TableError.invalidHeight(field: "sections[0].header.height", value: .infinity)) {
            try TableViewLayout<Item>(sections: [TableSection(header: .fixed(.infinity), count: 1)])
        }
        #expect(TableError.invalidHeight(field: "sections[1].rows[2].height", value: -1).description
                == "sections[1].rows[2].height: must be a finite number ≥ 0 (got -1.0)")
    }

    @Test func noHeightSource() {
        #expect(throws: TableError.noHeightSource(element: "sections[0].rows[0]")) {
            try TableViewLayout<Item>(configuration: TableConfiguration(rowHeight: .automatic), sections: [TableSection(count: 3)])
        }
    }

    @Test func badMeasurementsNameTheRow() {
        let sizer = ClosureSizer<Item> { $0.content.id == 2 ? -3 : 10 }
        #expect(throws: TableError.invalidMeasuredHeight(element: "row [0, 2]", value: -3)) {
            try TableViewLayout(configuration: TableConfiguration(rowHeight: .automatic),
                            sections: [TableSection(rows: (0..<5).map { TableRow(content: Item(id: $0)) })], sizer: sizer)
        }
        struct Failure: Error, CustomStringConvertible { var description: String { "no font" } }
        let throwing = ClosureSizer<Item> { r in if r.content.id == 150 { throw Failure() }; return 1 }
        #expect(throws: TableError.sizerFailed(element: "row [0, 150]", message: "no font")) {
            try TableViewLayout(configuration: TableConfiguration(rowHeight: .automatic),
                            sections: [TableSection(rows: (0..<300).map { TableRow(content: Item(id: $0)) })], sizer: throwing)
        }
        // Several failures, in parallel chunks and in the serial loop: the first row's is reported.
        let twice = ClosureSizer<Item> { r in if r.content.id == 250 || r.content.id == 150 { throw Failure() }; return 1 }
        #expect(throws: TableError.sizerFailed(element: "row [0, 150]", message: "no font")) {
            try TableViewLayout(configuration: TableConfiguration(rowHeight: .automatic),
                            sections: [TableSection(rows: (0..<300).map { TableRow(content: Item(id: $0)) })], sizer: twice)
        }
        let few = ClosureSizer<Item> { r in if r.content.id == 4 || r.content.id == 2 { throw Failure() }; return 1 }
        #expect(throws: TableError.sizerFailed(element: "row [0, 2]", message: "no font")) {
            try TableViewLayout(configuration: TableConfiguration(rowHeight: .automatic),
                            sections: [TableSection(rows: (0..<6).map { TableRow(content: Item(id: $0)) })], sizer: few)
        }
    }

    @Test func hugeAndNegativeCounts() {
        #expect(throws: TableError.tooManyRows(field: "sections[0]", count: Int.max, limit: 100_000_000)) {
            try TableViewLayout<Item>(sections: [TableSection(count: Int.max)])
        }
        #expect(throws: TableError.invalidCount(field: "sections[0].runs[0].count", value: -2)) {
            try TableViewLayout<Item>(sections: [TableSection(count: -2)])
        }
    }

    @Test func invalidIndexPathsAnswerNothing() throws {
        var t = try TableViewLayout<Item>(sections: [TableSection(count: 2)])
        for p in [IndexPath(0, 2), IndexPath(1, 0), IndexPath(-1, 0), IndexPath(0, -1)] {
            #expect(t.rectForRow(at: p) == .zero)
            #expect(t.content(at: p) == nil)
            #expect(try t.measureRow(at: p) == 0)
        }
        #expect(t.rectForHeader(inSection: 5) == .zero)
        #expect(t.rectForFooter(inSection: -1) == .zero)
        #expect(t.numberOfRows(inSection: 1) == 0)  // UIKit answers Int; a missing section has no rows
    }

    /// A million estimated rows build from counts (the benchmark's shape), without per-row work.
    @Test func millionRowsFromCounts() throws {
        let c = TableConfiguration(rowHeight: .automatic, estimatedRowHeight: 50)
        var t = try TableViewLayout(configuration: c, sections: [TableSection(count: 1_000_000)], sizer: itemSizer)
        #expect(t.contentSize.height == 1_000_000 * 50)
        #expect(t.indexPathForRow(at: Point(x: 0, y: 50 * 765_432 + 1)) == IndexPath(0, 765_432))
        #expect(t.checkInvariants() == nil)
        var b = TableBatch<Item>()
        b.deleteRows = [IndexPath(0, 0)]
        b.insertRows = [(IndexPath(0, 999_999), .fixed(1))]
        try t.apply(b)
        #expect(t.contentSize.height == 999_999 * 50 + 1)
    }
}
