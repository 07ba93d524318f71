import LayoutGeometry
import Testing
@testable import TableLayout

/// The seed notes' worked examples (uikit-notes-seeds-000-001.md §3, -002-004.md §4).
@Suite struct WorkedExampleTests {
    /// S3 [000 §8.1.4]: 20 rows, `heightForRowAt` = even ? 104 : 40.
    @Test func alternatingRows() throws {
        let specs = (0..<20).map { TableRow<Item>.fixed($0 % 2 == 0 ? 104 : 40) }
        let t = try TableViewLayout(sections: [TableSection(rows: specs)])
        #expect(t.contentSize.height == 10 * 104 + 10 * 40)
        for i in 0..<20 {
            let y = Double(i / 2) * 144 + (i % 2 == 1 ? 104 : 0)
            #expect(t.rectForRow(at: IndexPath(0, i)) == Rect(x: 0, y: y, width: 375, height: i % 2 == 0 ? 104 : 40))
        }
        #expect(t.rectForRow(at: IndexPath(0, 19)) == Rect(x: 0, y: 1400, width: 375, height: 1440 - 1400))
        #expect(t.indexPathForRow(at: Point(x: 10, y: 144)) == IndexPath(0, 2))
        #expect(t.indexPathForRow(at: Point(x: 10, y: 143.9)) == IndexPath(0, 1))
    }

    /// S11 [001 代理]: grouped contacts, headers 50 (section 0) / 40, rows 45, footers 40.
    @Test func contacts() throws {
        let counts = [2, 3, 2, 5, 3]
        let sections = counts.enumerated().map { s, n in
            TableSection<Item>(header: .fixed(s == 0 ? 50 : 40), count: n, row: .fixed(45), footer: .fixed(40))
        }
        let t = try TableViewLayout(configuration: TableConfiguration(style: .grouped), sections: sections)
        let expected: Double = 50 + 4 * 40 + 15 * 45 + 5 * 40
        #expect(t.contentSize.height == expected)
        #expect(t.contentSize.height == 1085)
        #expect(t.rectForHeader(inSection: 0) == Rect(x: 0, y: 0, width: 375, height: 50))
        #expect(t.rectForRow(at: IndexPath(0, 1)) == Rect(x: 0, y: 50 + 45, width: 375, height: 45))
        #expect(t.rectForFooter(inSection: 0) == Rect(x: 0, y: 50 + 2 * 45, width: 375, height: 40))
        #expect(t.rectForHeader(inSection: 1).minY == 180)
        #expect(t.rectForRow(at: IndexPath(3, 0)).minY == 565 + 40)
        #expect(t.rectForFooter(inSection: 3) == Rect(x: 0, y: 605 + 5 * 45, width: 375, height: 40))
        #expect(t.rect(forSection: 4) == Rect(x: 0, y: 870, width: 375, height: 40 + 3 * 45 + 40))
        #expect(t.rectForRow(at: IndexPath(4, 2)) == Rect(x: 0, y: 1000, width: 375, height: 45))
        // Headers and footers are not rows.
        #expect(t.indexPathForRow(at: Point(x: 1, y: 25)) == nil)
        #expect(t.indexPathForRow(at: Point(x: 1, y: 150)) == nil)
        #expect(t.indexPathForRow(at: Point(x: 1, y: 220)) == IndexPath(1, 0))
    }

    /// T-ST-1 [004 L609–611]: grouped defaults 20/20, sections of 3 and 2 rows of 44.
    @Test func groupedDefaults() throws {
        let t = try TableViewLayout<Item>(configuration: TableConfiguration(style: .grouped),
                                      sections: [TableSection(count: 3), TableSection(count: 2)])
        let expected: Double = 20 + 3 * 44 + 20 + 20 + 2 * 44 + 20
        #expect(t.contentSize.height == expected)
        #expect(t.contentSize.height == 300)
        #expect(t.rectForHeader(inSection: 0) == Rect(x: 0, y: 0, width: 375, height: 20))
        #expect(t.rectForRow(at: IndexPath(0, 2)).minY == 20 + 2 * 44)
        #expect(t.rectForFooter(inSection: 0) == Rect(x: 0, y: 152, width: 375, height: 20))
        #expect(t.rectForHeader(inSection: 1).minY == 172)
        #expect(t.rectForRow(at: IndexPath(1, 0)).minY == 192)
        #expect(t.rectForRow(at: IndexPath(1, 0)).minY - t.rectForRow(at: IndexPath(0, 2)).maxY == 40)
        #expect(t.rectForFooter(inSection: 1) == Rect(x: 0, y: 280, width: 375, height: 20))
    }

    /// T-ST-2: the same in plain style has no headers or footers.
    @Test func plainDefaults() throws {
        let t = try TableViewLayout<Item>(sections: [TableSection(count: 3), TableSection(count: 2)])
        #expect(t.contentSize.height == 5 * 44)
        #expect(t.rect(forSection: 1) == Rect(x: 0, y: 3 * 44, width: 375, height: 2 * 44))
        #expect(t.rectForHeader(inSection: 1).height == 0)
    }

    /// `sectionHeaderHeight`/`sectionFooterHeight` replace the style default (CONTRACT Details).
    @Test func sectionHeaderHeightOverridesDefault() throws {
        let c = TableConfiguration(style: .grouped, sectionHeaderHeight: 30, sectionFooterHeight: 0)
        let t = try TableViewLayout<Item>(configuration: c, sections: [TableSection(count: 1), TableSection(header: .none, count: 1)])
        let expected: Double = 30 + 44 + 0 + 0 + 44 + 0
        #expect(t.contentSize.height == expected)
    }

    /// T-TH-1 [004 L585]: table header 80 and footer 30 around 3 rows of 44.
    @Test func tableHeaderAndFooter() throws {
        let c = TableConfiguration(tableHeaderHeight: 80, tableFooterHeight: 30)
        let t = try TableViewLayout<Item>(configuration: c, sections: [TableSection(count: 3)])
        #expect(t.tableHeaderRect == Rect(x: 0, y: 0, width: 375, height: 80))
        #expect(t.rectForRow(at: IndexPath(0, 0)).minY == 80)
        #expect(t.rectForRow(at: IndexPath(0, 2)).minY == 80 + 2 * 44)
        #expect(t.tableFooterRect == Rect(x: 0, y: 80 + 3 * 44, width: 375, height: 30))
        #expect(t.contentSize.height == 80 + 3 * 44 + 30)
        #expect(t.contentSize.height == 242)
        #expect(t.indexPathForRow(at: Point(x: 0, y: 79)) == nil)
        #expect(t.indexPathForRow(at: Point(x: 0, y: 215)) == nil)
    }

    /// T-SCR-1: 20 rows of 44 in a 400-pt viewport.
    @Test func scrollToRow() throws {
        let t = try TableViewLayout<Item>(sections: [TableSection(count: 20)])
        let row9 = IndexPath(0, 9)
        #expect(t.contentOffset(scrollingTo: row9, position: .top, viewportHeight: 400) == d(396))
        #expect(t.contentOffset(scrollingTo: row9, position: .middle, viewportHeight: 400) == d(396 + 22 - 200))
        #expect(t.contentOffset(scrollingTo: row9, position: .bottom, viewportHeight: 400) == d(440 - 400))
        #expect(t.contentOffset(scrollingTo: row9, position: .none, viewportHeight: 400, currentOffset: 0) == d(40))
        #expect(t.contentOffset(scrollingTo: IndexPath(0, 19), position: .top, viewportHeight: 400) == d(880 - 400))
        #expect(t.contentOffset(scrollingTo: IndexPath(0, 2), position: .none, viewportHeight: 400, currentOffset: 100) == d(88))
        #expect(t.contentOffset(scrollingTo: IndexPath(0, 5), position: .none, viewportHeight: 400, currentOffset: 0) == d(0))
        #expect(t.contentOffset(scrollingTo: IndexPath(0, 20), position: .top, viewportHeight: 400) == nil)
        #expect(t.contentOffset(scrollingTo: IndexPath(1, 0), position: .top, viewportHeight: 400) == nil)
    }

    /// Scroll-to-row with a content inset (CONTRACT Details): top 44 (toolbar, S14), bottom 10.
    @Test func scrollToRowWithInsets() throws {
        let c = TableConfiguration(contentInset: EdgeInsets(top: 44, bottom: 10))
        let t = try TableViewLayout<Item>(configuration: c, sections: [TableSection(count: 20)])
        let row9 = IndexPath(0, 9)
        #expect(t.contentOffset(scrollingTo: row9, position: .top, viewportHeight: 400) == d(396 - 44))
        #expect(t.contentOffset(scrollingTo: row9, position: .bottom, viewportHeight: 400) == d(440 - 400 + 10))
        #expect(t.contentOffset(scrollingTo: row9, position: .middle, viewportHeight: 400) == d(418 - 44 - (400 - 44 - 10) / 2))
        #expect(t.contentOffset(scrollingTo: IndexPath(0, 0), position: .top, viewportHeight: 400) == d(-44))
        #expect(t.contentOffset(scrollingTo: IndexPath(0, 19), position: .bottom, viewportHeight: 400) == d(880 + 10 - 400))
        #expect(t.offsetRange(viewportHeight: 1000) == -44 ... -44)
    }

    /// T-UPD-2 [004 L271, L446]: [A,B,C,D], insert X at 1 then delete 2 → [A,X,B,D].
    @Test func deletesBeforeInserts() throws {
        var t = try TableViewLayout(sections: [TableSection(rows: rows([0, 1, 2, 3]))])
        var batch = TableBatch<Item>()
        batch.insertRows = [(IndexPath(0, 1), .fixed(44, content: Item(id: 9)))]
        batch.deleteRows = [IndexPath(0, 2)]
        try t.apply(batch)
        #expect(ids(t) == [[0, 9, 1, 3]])
        #expect(t.rectForRow(at: IndexPath(0, 2)).minY == 2 * 44)
        #expect(t.checkInvariants() == nil)
    }

    /// T-UPD-3: move (0,0) → (0,2) in [A,B,C,D] → [B,C,A,D].
    @Test func moveRow() throws {
        var t = try TableViewLayout(sections: [TableSection(rows: rows([0, 1, 2, 3]))])
        var batch = TableBatch<Item>()
        batch.moveRows = [(IndexPath(0, 0), IndexPath(0, 2))]
        try t.apply(batch)
        #expect(ids(t) == [[1, 2, 0, 3]])
    }

    /// T-FLT-1: plain, 2 sections of 10 rows × 44, headers 28, viewport 300.
    @Test func pinnedHeaders() throws {
        let sections = (0..<2).map { _ in TableSection<Item>(header: .fixed(28), count: 10) }
        let t = try TableViewLayout(sections: sections)
        #expect(t.rectForHeader(inSection: 1).minY == 28 + 10 * 44)
        let at100 = t.pinnedHeaders(atOffset: 100, viewportHeight: 300)
        #expect(at100 == [PinnedSupplementary(section: 0, frame: Rect(x: 0, y: 100, width: 375, height: 28), isPinned: true)])
        let at450 = t.pinnedHeaders(atOffset: 450, viewportHeight: 300)
        #expect(at450 == [PinnedSupplementary(section: 0, frame: Rect(x: 0, y: 468 - 28, width: 375, height: 28), isPinned: true),
                          PinnedSupplementary(section: 1, frame: Rect(x: 0, y: 468, width: 375, height: 28), isPinned: false)])
        let at500 = t.pinnedHeaders(atOffset: 500, viewportHeight: 300)
        #expect(at500 == [PinnedSupplementary(section: 1, frame: Rect(x: 0, y: 500, width: 375, height: 28), isPinned: true)])
        // Grouped headers never pin.
        let g = try TableViewLayout(configuration: TableConfiguration(style: .grouped), sections: sections)
        #expect(g.pinnedHeaders(atOffset: 100, viewportHeight: 300).isEmpty)
    }

    /// Pinning honours the top inset: y = max(offset + inset.top, header.minY).
    @Test func pinnedHeaderWithInset() throws {
        let c = TableConfiguration(contentInset: EdgeInsets(top: 20))
        let t = try TableViewLayout<Item>(configuration: c, sections: [TableSection(header: .fixed(28), count: 10)])
        #expect(t.pinnedHeaders(atOffset: 100, viewportHeight: 300).first?.frame.minY == d(100 + 20))
        #expect(t.pinnedHeaders(atOffset: -20, viewportHeight: 300).first?.frame.minY == d(0))
    }

    /// A refused batch: UIKit's reason, and the layout unchanged.
    @Test func refusedBatch() throws {
        var t = try TableViewLayout(sections: [TableSection(rows: rows([7]))])
        let before = ids(t)
        var batch = TableBatch<Item>()
        batch.insertRows = [(IndexPath(0, 0), .fixed(10, content: Item(id: 1)))]
        batch.deleteRows = [IndexPath(0, 5)]
        #expect(throws: TableError.invalidUpdate("attempt to delete row 5 from section 0 which only contains 1 rows before the update")) {
            try t.apply(batch)
        }
        #expect(ids(t) == before)
        #expect(t.contentSize.height == 44)
    }

    /// T-Q-2: rows in a rect use intersection with positive area.
    @Test func rowsInRect() throws {
        let t = try TableViewLayout<Item>(sections: [TableSection(count: 10)])
        #expect(t.indexPathsForRows(in: Rect(x: 0, y: 50, width: 375, height: 100)) == [IndexPath(0, 1), IndexPath(0, 2), IndexPath(0, 3)])
        #expect(t.indexPathsForRows(in: Rect(x: 0, y: 44, width: 375, height: 44)) == [IndexPath(0, 1)])
        #expect(t.indexPathsForRows(in: Rect(x: 0, y: 50, width: 375, height: 0)).isEmpty)
        #expect(t.indexPathsForRows(in: Rect(x: 375, y: 0, width: 10, height: 100)).isEmpty)
        #expect(t.indexPathsForRows(in: Rect(x: -10, y: -100, width: 20, height: 101)) == [IndexPath(0, 0)])
        #expect(t.indexPathsForVisibleRows(atOffset: 0, viewportHeight: 100) == [IndexPath(0, 0), IndexPath(0, 1), IndexPath(0, 2)])
        #expect(t.indexPathForRow(at: Point(x: 375, y: 10)) == nil)
        #expect(t.indexPathForRow(at: Point(x: 0, y: 440)) == nil)
        #expect(t.indexPathForRow(at: Point(x: 0, y: 439.99)) == IndexPath(0, 9))
    }

    /// T-HP-1: an empty section, and a table with no sections, answer without trapping.
    @Test func emptyTables() throws {
        let one = try TableViewLayout<Item>(sections: [TableSection(rows: [])])
        #expect(one.contentSize.height == 0)
        #expect(one.numberOfRows(inSection: 0) == 0)
        #expect(one.rectForRow(at: IndexPath(0, 0)) == .zero)
        let none = try TableViewLayout<Item>(sections: [])
        #expect(none.numberOfSections == 0)
        #expect(none.rect(forSection: 0) == .zero)
        #expect(none.indexPathForRow(at: Point(x: 0, y: 0)) == nil)
        #expect(none.indexPathsForVisibleRows(atOffset: 0, viewportHeight: 600).isEmpty)
        #expect(none.pinnedHeaders(atOffset: 0, viewportHeight: 600).isEmpty)
        #expect(none.rectForRow(at: IndexPath(-1, -1)) == .zero)
    }
}

/// An expected optional offset, written as arithmetic.
func d(_ v: Double) -> Double? { v }
