import LayoutGeometry
import Testing
@testable import TableLayout

/// Measuring many rows at once (a width change, `measureAll`) takes a one-pass path; it must
/// give exactly what measuring the rows one by one gives.
@Suite struct BulkMeasuringTests {
    /// Three sections of self-sizing rows (with self-sizing titles), whose heights depend on their
    /// index path, accessory and content width: 40 + 7·row + 3·section, and 1000/width.
    static let sizer = ClosureSizer<Item> { r in
        switch r.element {
        case .row(let p): return 40 + 7 * Double(p.row) + 3 * Double(p.section) + 1000 / r.contentWidth + r.content.height
        case .header(let s): return 20 + Double(s)
        case .footer(let s): return 10 + Double(s)
        }
    }

    func table() throws -> TableViewLayout<Item> {
        let c = TableConfiguration(style: .grouped, width: 320, rowHeight: .automatic, estimatedRowHeight: 50)
        let sections = (0..<3).map { s in
            TableSection<Item>(header: .automatic(Item()), rows: (0..<(60 + 10 * s)).map { r in
                TableRow.automatic(Item(id: r, height: Double(r % 4), chrome: r % 3 == 0 ? CellChrome(accessory: .disclosureIndicator) : .none))
            }, footer: .automatic(Item()))
        }
        return try TableViewLayout(configuration: c, sections: sections, sizer: Self.sizer)
    }

    func rects(_ t: TableViewLayout<Item>) -> [Rect] {
        (0..<t.numberOfSections).flatMap { s in
            [t.rectForHeader(inSection: s), t.rectForFooter(inSection: s)]
                + (0..<(t.numberOfRows(inSection: s))).map { t.rectForRow(at: IndexPath(s, $0)) }
        }
    }

    @Test func measureAllEqualsMeasuringOneByOne() throws {
        var bulk = try table()
        try bulk.measureAll()
        var single = try table()
        for s in 0..<single.numberOfSections {
            for r in 0..<(single.numberOfRows(inSection: s)) { try single.measureRow(at: IndexPath(s, r)) }
        }
        #expect(bulk.estimatedElementCount == 0)
        #expect(rects(bulk) == rects(single))
        #expect(bulk.contentSize == single.contentSize)
        // Row 5 of section 1, no accessory: 40 + 35 + 3 + 1000/w + 1, rounded up to 1/2, + 0.5.
        // Element index: section 0 is a header, 60 rows and a footer; then section 1's header.
        let w = bulk.sizingRequest(at: (1 + 60 + 1) + 1 + 5).contentWidth
        #expect(bulk.sizingRequest(at: (1 + 60 + 1) + 1 + 6).contentWidth < w)  // row 6 has an accessory
        let expected = PixelScale(2).ceil(40 + 7 * 5 + 3 * 1 + 1000 / w + 1) + 0.5
        #expect(bulk.rectForRow(at: IndexPath(1, 5)).height == expected)
        #expect(bulk.estimationReport.measuredCount == single.estimationReport.measuredCount)
        // Rows only (headers and footers are no row estimates): 60 + 70 + 80 rows at the 50-pt estimate.
        #expect(bulk.estimationReport.measuredCount == 210)
        #expect(bulk.estimationReport.estimatedHeight == 210 * 50)
        #expect(bulk.estimationReport.estimatedHeight == single.estimationReport.estimatedHeight)
        #expect(bulk.estimationReport.exactHeight == single.estimationReport.exactHeight)
    }

    /// A bulk measurement in which one answer is invalid fails naming that element and stores
    /// nothing: every height, and the statistics, stay as they were.
    @Test func aFailedBulkMeasurementStoresNothing() throws {
        let failing = ClosureSizer<Item> { r in
            if case .row(let p) = r.element, p == IndexPath(1, 7) { return -3 }
            return try Self.sizer.height(for: r)
        }
        let c = TableConfiguration(style: .grouped, width: 320, rowHeight: .automatic, estimatedRowHeight: 50)
        var t = try TableViewLayout(configuration: c, sections: try table().sectionsForTest(), sizer: failing)
        let before = rects(t)
        #expect(throws: TableError.invalidMeasuredHeight(element: "row [1, 7]", value: -3)) { try t.measureAll() }
        #expect(rects(t) == before)
        #expect(t.estimatedElementCount == 210)  // (headers and footers are measured when built: no estimate of theirs)
        #expect(t.estimationReport.measuredCount == 0)
        // A few rows (the first screen: measured one by one, not in bulk) fail alike.
        var screen = try TableViewLayout(configuration: c, sections: try table().sectionsForTest(), sizer: failing)
        #expect(throws: TableError.invalidMeasuredHeight(element: "row [1, 7]", value: -3)) {
            try screen.measure(indices: [1 + 60 + 1 + 1 + 6, 1 + 60 + 1 + 1 + 7])  // rows 6 and 7 of section 1
        }
        #expect(rects(screen) == before)
        #expect(screen.estimationReport.measuredCount == 0)
    }

    @Test func widthChangeMeasuresEveryRowAgainInBulk() throws {
        var t = try table()
        try t.measureAll()
        try t.setWidth(400)
        try t.measureAll()
        var fresh = try TableViewLayout(configuration: TableConfiguration(style: .grouped, width: 400, rowHeight: .automatic,
                                                                      estimatedRowHeight: 50),
                                    sections: try table().sectionsForTest(), sizer: Self.sizer)
        try fresh.measureAll()
        #expect(rects(t) == rects(fresh))
        #expect(t.checkInvariants() == nil)
    }
}

extension TableViewLayout where Content == Item {
    /// The same sections as `BulkMeasuringTests.table()` (rebuilt from scratch).
    func sectionsForTest() throws -> [TableSection<Item>] {
        (0..<3).map { s in
            TableSection<Item>(header: .automatic(Item()), rows: (0..<(60 + 10 * s)).map { r in
                TableRow.automatic(Item(id: r, height: Double(r % 4), chrome: r % 3 == 0 ? CellChrome(accessory: .disclosureIndicator) : .none))
            }, footer: .automatic(Item()))
        }
    }
}
