import LayoutGeometry
@testable import LayoutEngine
import TableLayout
import Testing
import TextLayout

/// A section's resolved rows go to the table engine as one column of payloads when every run is a
/// single row of one height rule (a feed), and as runs otherwise; both build the same table.
@Suite struct ResolvedRowsTests {
    /// A title payload whose text is `n` characters long (the sizer below measures it as `n` pt).
    static func row(_ n: Int, height: RowHeight = .automatic, count: Int = 1) -> EngineRowRun {
        EngineRowRun(count: count, row: EngineRow(height: height, content: .title(
            TitleContent(title: String(repeating: "x", count: n), style: TextStyle(size: 12), padding: (0, 0)))))
    }

    /// Each title's height is its length in points (other payloads 7).
    static let sizer = ClosureSizer<RowPayload> { request in
        if case .title(let t) = request.content { return Double(t.title.count) }
        return 7
    }

    static func titles(_ rows: ResolvedRows) -> [Int] {
        guard case .column(let contents, _) = rows else { return [] }
        return contents.map { if case .title(let t) = $0 { return t.title.count } else { return -1 } }
    }

    @Test func singleRowsOfOneRuleBecomeAColumnInOrder() {
        let rows = ResolvedRows((1...5).map { Self.row($0 * 10) })
        #expect(Self.titles(rows) == [10, 20, 30, 40, 50])
        if case .column(_, let rule) = rows { #expect(rule == .automatic) } else { Issue.record("expected a column") }
        #expect(rows.entryCount == 5)
        // One fixed height shared by every row is a rule too.
        if case .column(_, let rule) = ResolvedRows([Self.row(1, height: .fixed(30)), Self.row(2, height: .fixed(30))]) {
            #expect(rule == .fixed(30))
        } else { Issue.record("expected a column") }
    }

    @Test func otherSectionsStayRuns() {
        // Two rules; a run of three rows; a single run: each stays as given.
        for runs in [[Self.row(1), Self.row(2, height: .fixed(30))], [Self.row(1), Self.row(2, count: 3)], [Self.row(1)]] {
            guard case .runs(let kept) = ResolvedRows(runs) else { Issue.record("expected runs"); continue }
            #expect(kept.count == runs.count)
        }
    }

    /// The table built from the column lays every row out where the one built from the runs does.
    @Test func aColumnBuildsTheTableTheRunsBuild() throws {
        let runs = (0..<300).map { Self.row(5 + ($0 * 37) % 50) }
        let column = ResolvedRows(runs)
        guard case .column = column else { Issue.record("expected a column"); return }
        let configuration = TableConfiguration(style: .plain, width: 320, rowHeight: .automatic, separatorStyle: .none)
        let fromColumn = try EngineTable(configuration: configuration, sections: [column.section(header: .none, footer: .none)], sizer: Self.sizer)
        let fromRuns = try EngineTable(configuration: configuration, sections: [EngineSection(header: .none, runs: runs, footer: .none)],
                                       sizer: Self.sizer)
        #expect(fromColumn.numberOfRows == 300)
        var y = 0.0
        for r in 0..<300 {
            let p = IndexPath(row: r, section: 0)
            #expect(fromColumn.rectForRow(at: p) == fromRuns.rectForRow(at: p))
            // Row r is 5 + (37 r mod 50) pt tall (whole points: pixel rounding changes nothing).
            let h = Double(5 + (r * 37) % 50)
            #expect(fromColumn.rectForRow(at: p) == Rect(x: 0, y: y, width: 320, height: h))
            y += h
        }
    }
}
