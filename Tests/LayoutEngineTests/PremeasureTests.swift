import Foundation
@testable import LayoutEngine
import Testing

/// A long section of self-sizing rows is resolved on all cores, and each row's composed cell is
/// measured as soon as its row is resolved (`TableComputation.premeasure`), its height kept for
/// the table's sizer at the row's content width in this call. Each row must come out exactly as
/// in a short table, whose rows are resolved one after another and measured by the table as it
/// is built — rows with insets, accessories (a narrower content view) and the structures of
/// `CellStructureTests`' template.
@Suite struct PremeasureTests {
    /// Row `i` of the feed: its data, and every third row inset, every fifth with a disclosure indicator.
    static func rows(_ count: Int, seed: UInt64) -> [String] {
        var r = TemplatePlanTests.Random(state: seed)
        let shapes = (0..<4).map { _ in CellStructureTests.shape(&r) }
        return (0..<count).map { i in
            var row = CellStructureTests.row(&r, shapes: shapes)
            row.removeLast()  // the closing brace: the row's own keys follow
            if i % 3 == 0 { row += #", "insets": {"top": 3, "left": 5, "bottom": 7, "right": 2}"# }
            if i % 5 == 0 { row += #", "accessory": "disclosureIndicator""# }
            return row + "}"
        }
    }

    static func json(_ rows: ArraySlice<String>, estimated: Bool = false) -> String {
        #"{"width": 320, "rowHeight": "automatic", "separatorStyle": "singleLine", "#
            + (estimated ? #""estimatedRowHeight": 120, "# : "")
            + #""textStyles": {"title": {"size": 17, "weight": "bold"}, "body": {"size": 13}}, "#
            + #""templates": {"t": "# + CellStructureTests.template + #"}, "rows": ["# + rows.joined(separator: ", ") + "]}"
    }

    @Test func longSectionsMeasureAsShortOnes() throws {
        // More rows than `parallelRunThreshold`: resolved on all cores (on a machine with two or more).
        let count = TableComputation.parallelRunThreshold + 300
        let rows = Self.rows(count, seed: 2026_1129)
        let shorts = stride(from: 0, to: count, by: 1_000).map { rows[$0..<min($0 + 1_000, count)] }
        // Every row's rect and frames (the full result) in the long table and in the short ones.
        let long = try computeJSON(Self.json(rows[...]), detail: .full)
        var elements: [ElementGeometry] = []
        for short in shorts { elements += try computeJSON(Self.json(short), detail: .full).sections[0].elements }
        let longElements = long.sections[0].elements
        #expect(longElements.count == count)
        #expect(longElements.map(\.rect.height) == elements.map(\.rect.height))
        #expect(longElements.map(\.frames) == elements.map(\.frames))
        // The summary (no frames: the heights measured without them) adds up the same.
        let summary = try computeJSON(Self.json(rows[...]), detail: .summary)
        var total = 0.0
        for short in shorts { total += try computeJSON(Self.json(short), detail: .summary).contentSize.height }
        #expect(summary.contentSize.height == total)
        #expect(summary.contentSize == long.contentSize)
    }

    /// A long section whose entries are not all single self-sizing rows — runs standing for three
    /// rows, rows of a fixed height — is resolved on all cores too, and comes back as runs rather
    /// than one column of a single height rule: every row as in short tables.
    /// (With the fixed rows, and without them: runs among rows of one height rule alone.)
    @Test(arguments: [true, false])
    func longSectionsWithRunsAndFixedRowsMeasureAsShortOnes(fixedRows: Bool) throws {
        let count = TableComputation.parallelRunThreshold + 200
        var rows = Self.rows(count, seed: 99)
        for i in stride(from: 5, to: count, by: 97) { rows[i] = #"{"count": 3, "row": "# + rows[i] + "}" }
        if fixedRows { for i in stride(from: 7, to: count, by: 89) { rows[i] = "44" } }
        let shorts = stride(from: 0, to: count, by: 1_000).map { rows[$0..<min($0 + 1_000, count)] }
        let long = try computeJSON(Self.json(rows[...]), detail: .full)
        var elements: [ElementGeometry] = []
        for short in shorts { elements += try computeJSON(Self.json(short), detail: .full).sections[0].elements }
        let longElements = long.sections[0].elements
        // Each run of three is three rows: 2 more rows for each of them.
        #expect(longElements.count == count + 2 * stride(from: 5, to: count, by: 97).underestimatedCount)
        #expect(longElements.map(\.rect.height) == elements.map(\.rect.height))
        #expect(longElements.map(\.frames) == elements.map(\.frames))
        // A fixed row is 44 pt; the rows of a run are one row's height three times.
        if fixedRows { #expect(longElements[7 + 2].rect.height == 44) }
        #expect(longElements[5].rect.height == longElements[6].rect.height && longElements[6].rect.height == longElements[7].rect.height)
    }

    /// With an estimated row height the table measures only what is on screen: nothing is measured
    /// ahead (the rows past the first screen stay estimates).
    @Test func estimatedTablesMeasureOnlyTheirFirstScreen() throws {
        let count = TableComputation.parallelRunThreshold + 10
        let result = try computeJSON(Self.json(Self.rows(count, seed: 7)[...], estimated: true), detail: .full)
        let estimated = result.sections[0].elements.filter(\.estimated).count
        #expect(estimated > count - 100, "\(estimated) of \(count) rows still estimated")
    }
}
