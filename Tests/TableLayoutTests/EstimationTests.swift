import LayoutGeometry
import Testing
@testable import TableLayout

@Suite struct EstimationTests {
    /// 100 self-sizing rows of real height 60 (content 59.5 + separator 0.5 at scale 2), estimated at 44.
    func table(learn: Bool = false) throws -> TableViewLayout<Item> {
        let c = TableConfiguration(rowHeight: .automatic, estimatedRowHeight: 44, learnsEstimates: learn)
        return try TableViewLayout(configuration: c,
                               sections: [TableSection(count: 100, row: TableRow(content: Item(height: 59.5)))],
                               sizer: itemSizer)
    }

    @Test func unmeasuredRowsCountAsTheEstimate() throws {
        let t = try table()
        #expect(t.contentSize.height == 100 * 44)
        #expect(t.estimatedElementCount == 100)
        #expect(t.isExact(at: IndexPath(0, 0)) == false)
    }

    @Test func viewportMeasuresExactlyItsRows() throws {
        var t = try table()
        let v = try t.layoutViewport(offset: 0, height: 200)
        // At 44 each, rows 0–4 overlap [0, 200) and are measured; at 60, rows 0–3 fill it.
        #expect(v.rows == (0..<4).map { IndexPath(0, $0) })
        #expect(v.correction == 0)
        #expect(t.contentSize.height == 5 * 60 + 95 * 44)
        #expect(t.estimationReport.measuredCount == 5)
        #expect(t.estimationReport.error == 5 * (60 - 44))
    }

    /// Rows above the anchor become exact: the offset moves so the anchor stays on screen.
    @Test func anchorCorrection() throws {
        var t = try table()
        // Anchor: row 10 at y = 440 (all estimated); scrolled so that it is at the top.
        let anchor = IndexPath(0, 10)
        #expect(t.rectForRow(at: anchor).minY == 10 * 44)
        let correction = try t.measureRow(at: IndexPath(0, 3), anchor: anchor)
        #expect(correction == 60 - 44)
        #expect(t.rectForRow(at: anchor).minY == 9 * 44 + 60)
        // A row below the anchor changes nothing above it.
        #expect(try t.measureRow(at: IndexPath(0, 50), anchor: anchor) == 0)
        // Scrolling up: the first exact visible row is the anchor and keeps its screen position.
        var u = try table()
        let first = try u.layoutViewport(offset: 440, height: 100)  // measures rows 10 (440–500), 11
        #expect(first.rows == [IndexPath(0, 10), IndexPath(0, 11)])
        #expect(first.correction == 0)
        let v = try u.layoutViewport(offset: 400, height: 100)  // row 9 (396–440) comes in, estimated
        // Row 10 was 440 − 400 = 40 below the top; row 9 grew by 60 − 44, so the offset follows.
        #expect(v.correction == 60 - 44)
        #expect(v.offset == 400 + 16)
        #expect(u.rectForRow(at: IndexPath(0, 10)).minY - v.offset == 40)
        #expect(v.rows == [IndexPath(0, 9), IndexPath(0, 10)])
    }

    @Test func measureAllUsesEveryCoreAndReportsError() throws {
        var t = try table()
        try t.measureAll()
        #expect(t.estimatedElementCount == 0)
        #expect(t.contentSize.height == 100 * 60)
        #expect(t.estimationReport.estimatedHeight == 100 * 44)
        #expect(t.estimationReport.exactHeight == 100 * 60)
        #expect(t.estimationReport.error == 100 * (60 - 44))
    }

    @Test func estimatorLearnsMeanPerKind() throws {
        var t = try table(learn: true)
        _ = try t.layoutViewport(offset: 0, height: 100)
        #expect(t.estimator.mean(forKind: 0) == 60)
        var b = TableBatch<Item>()
        b.insertRows = [(IndexPath(0, 0), TableRow(content: Item(height: 10)))]
        try t.apply(b)
        // The new row is estimated at the learned mean, not at 44.
        #expect(t.rectForRow(at: IndexPath(0, 0)).height == 60)
        t.refreshEstimates()
        // Rows 0–2 overlapped [0, 100) while estimated at 44, so three were measured.
        #expect(t.estimationReport.measuredCount == 3)
        #expect(t.contentSize.height == Double(101) * 60)
    }

    @Test func noEstimateMeasuresEverythingUpFront() throws {
        let c = TableConfiguration(rowHeight: .automatic, estimatedRowHeight: 0)
        let specs = (0..<200).map { TableRow<Item>(content: Item(height: Double($0 % 3) * 10 + 19.5)) }
        let t = try TableViewLayout(configuration: c, sections: [TableSection(rows: specs)], sizer: itemSizer)
        #expect(t.estimatedElementCount == 0)
        // Each third of the rows: 20, 30, 40 (content + 0.5 separator).
        let expected: Double = 67 * 20 + 67 * 30 + 66 * 40
        #expect(t.contentSize.height == expected)
    }

    /// A width change invalidates self-sizing heights only; an editing change narrows the content.
    @Test func widthChangeInvalidatesOnlySelfSizing() throws {
        let sizer = ClosureSizer<Item> { req in req.content.height > 0 ? 1000 / req.contentWidth * 10 : 0 }
        let c = TableConfiguration(width: 500, scale: .none, rowHeight: .automatic, separatorStyle: .none)
        var t = try TableViewLayout(configuration: c, sections: [TableSection(rows: [
            TableRow.fixed(44), TableRow(content: Item(height: 1)),
        ])], sizer: sizer)
        #expect(t.rectForRow(at: IndexPath(0, 1)).height == 1000 / 500 * 10)
        try t.setWidth(250)
        #expect(t.rectForRow(at: IndexPath(0, 0)).height == 44)
        #expect(t.rectForRow(at: IndexPath(0, 1)).height == 1000 / 250 * 10)
        try t.setEditing(true)
        #expect(t.rectForRow(at: IndexPath(0, 1)).height == 1000.0 / (250 - 38) * 10)
    }

    @Test func headersSelfSize() throws {
        let c = TableConfiguration(style: .grouped, scale: PixelScale(3))
        let t = try TableViewLayout(configuration: c, sections: [
            TableSection(header: .automatic(Item(height: 20.1)), count: 1, footer: .none),
        ], sizer: itemSizer)
        // Rounded up to 1/3 pt; headers get no separator.
        #expect(abs(t.rectForHeader(inSection: 0).height - 61.0 / 3) < 1e-9)
    }
}
