import Foundation
import LayoutEngine
import Testing

/// Nested tables agree with the rows that hold them (issue 14, "Results that agree with themselves").
@Suite struct NestedConsistencyTests {
    /// A nested table without a rowHeight takes the outer table's "automatic": a third-level text
    /// block is as tall as its text, not cut to 44 pt.
    @Test func nestedTablesInheritAutomaticRowHeight() throws {
        let text = "A third-level text block long enough to wrap onto several lines at this width, which a 44-point row would cut."
        let spec = try LayoutSpec.decode(json: """
            {"width": 375, "rowHeight": "automatic", "separatorStyle": "none", "rows": [{"table": {"rows": [{"table": {"rows": [{"text": "\(text)"}]}}]}}]}
            """).spec
        let result = try Layouter.shared.compute(spec)
        let inner = try #require(result.sections[0].elements[0].nested?.sections[0].elements[0].nested)
        let row = inner.sections[0].elements[0].rect
        // The standard custom-cell text block: the text at 375 − 2 × 16 (layout margins) plus 11 above and
        // below, plus the inner table's own 0.5-pt separator (only the outer table says "none").
        let measured = try Layouter.shared.textEngine().size(of: text, style: TextStyle(size: 17, scale: PixelScale(2)), width: 375 - 32).size
        #expect(measured.height > 44)
        #expect(row.height == measured.height + 22 + 0.5)
        // A nested table that says rowHeight 44 keeps it.
        let fixed = try LayoutSpec.decode(json: """
            {"width": 375, "rowHeight": "automatic", "rows": [{"table": {"rowHeight": 44, "rows": [{"text": "\(text)"}]}}]}
            """).spec
        #expect(try Layouter.shared.compute(fixed).sections[0].elements[0].nested?.sections[0].elements[0].rect.height == 44)
    }

    /// A row still at its estimated height carries no nested layout (it would not match the row).
    @Test func anEstimatedRowShowsNoNestedLayout() throws {
        let spec = try LayoutSpec.decode(json: """
            {"width": 375, "estimatedRowHeight": 200, "viewport": {"height": 100, "offset": 0},
             "rows": [{"table": {"rows": {"count": 10, "row": {"height": 51}}}}, {"table": {"rows": {"count": 10, "row": {"height": 51}}}}]}
            """).spec
        let result = try Layouter.shared.compute(spec)
        let rows = result.sections[0].elements
        #expect(rows[0].estimated == false)
        #expect(rows[0].nested != nil)
        #expect(rows[0].rect.height == 510.5)  // 10 × 51 + the separator
        #expect(rows[1].estimated == true)
        #expect(rows[1].nested == nil)
    }
}

/// Query answers agree with the printed layout (issue 14): in Examples/feed.json, scrolling row
/// [1, 100] to the top answers exactly that row's printed y, although a later `visibleAt` lays
/// out rows above it (which moved it by 99 pt when each query saw the layout as it stood).
@Suite struct QueryConsistencyTests {
    @Test func scrollToRowAnswersOnTheFinalLayout() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/feed.json")
        let spec = try LayoutSpec.decode(Array(try Data(contentsOf: url)), format: .json).spec
        guard case .table(let table) = spec else { Issue.record("not a table"); return }
        let result = try Layouter.shared.compute(spec)
        guard case .scrollToRow(let p, _) = table.queries[0], case .contentOffset(let offset?) = result.queries[0] else {
            Issue.record("the example's first query is not a scrollToRow with an answer"); return
        }
        let row = result.sections[p.section].elements[p.item]
        #expect(offset == row.rect.minY - table.contentInset.top)  // "top": row.minY − inset.top (contract)
        #expect(row.estimated == false)
    }

    /// Nested tables whose rows hold composed cells, one after another: each nested row is laid out
    /// from its own text. (The per-call caches were keyed by the address of a row's content, and a
    /// nested table's rows are freed when its computation ends: the next nested table's row could
    /// get the same address and find the previous one's layout — every row below was the first's.)
    @Test func eachNestedTablesComposedRowsAreTheirOwn() throws {
        let texts = (0..<8).map { Array(repeating: "word", count: 7 * $0 + 1).joined(separator: " ") }
        let rows = texts.map { #"{"table": {"rowHeight": "automatic", "rows": [{"layout": {"id": "t", "text": "\#($0)"}}]}}"# }
        let spec = try LayoutSpec.decode(json: #"{"width": 375, "rowHeight": "automatic", "rows": [\#(rows.joined(separator: ","))]}"#).spec
        let result = try Layouter.shared.compute(spec)
        let engine = try Layouter.shared.textEngine()
        for (i, text) in texts.enumerated() {
            // The nested row's content width: 375 (no accessory, no insets in a composed row).
            let measured = try engine.size(of: text, style: TextStyle(size: 17, scale: PixelScale(2)), width: 375).size
            let nested = try #require(result.sections[0].elements[i].nested)
            #expect(nested.sections[0].elements[0].frames?.first { $0.id == "t" }?.rect.size == measured, "row \(i)")
        }
    }
}
