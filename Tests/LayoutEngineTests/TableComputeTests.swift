import Foundation
import LayoutEngine
import LayoutGeometry
import Testing

/// Decodes a JSON spec and computes it.
func computeJSON(_ json: String, detail: ComputeDetail = .full) throws -> ComputeResult {
    try compute(LayoutSpec.decode(json: json).spec, options: ComputeOptions(detail: detail))
}

/// The row rects of section `s`.
func rowRects(_ r: ComputeResult, _ s: Int) -> [Rect] { r.sections[s].elements.map(\.rect) }

/// `compute` on tables, end to end from spec text, against the worked examples of the seed notes
/// (shared/design/uikit-notes-*.md) and the contract.
@Suite struct TableComputeTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")

    /// S11 (seed notes 000-001): headers 50/40, rows 45, footers 40 over sections of 2, 3, 2, 5, 3 rows.
    @Test func contactsExample() throws {
        let data = try Data(contentsOf: Self.examples.appendingPathComponent("contacts.json"))
        let r = try compute(LayoutSpec.decode(Array(data), format: .json).spec)
        #expect(r.contentSize == Size(width: 375, height: 50 + 45 * 15 + 40 * 4 + 40 * 5))  // 1085
        #expect(r.contentSize.height == 1085)
        #expect(r.counts == Counts(sections: 5, elements: 15))
        #expect(r.tableHeader == nil && r.tableFooter == nil)
        let s0 = r.sections[0]
        #expect(s0.rect == Rect(x: 0, y: 0, width: 375, height: 50 + 2 * 45 + 40))
        #expect(s0.header == Rect(x: 0, y: 0, width: 375, height: 50))
        #expect(rowRects(r, 0) == [Rect(x: 0, y: 50, width: 375, height: 45), Rect(x: 0, y: 95, width: 375, height: 45)])
        #expect(s0.footer == Rect(x: 0, y: 140, width: 375, height: 40))
        // Section 3 "W": 565–605 header, rows 605 … 830, footer 830–870.
        #expect(r.sections[3].header == Rect(x: 0, y: 565, width: 375, height: 40))
        #expect(rowRects(r, 3).map(\.minY) == [605, 650, 695, 740, 785])
        #expect(r.sections[3].footer == Rect(x: 0, y: 830, width: 375, height: 40))
        // Section 4 "Z": 870–910, rows 910, 955, 1000, footer 1045–1085.
        #expect(r.sections[4].rect == Rect(x: 0, y: 870, width: 375, height: 1085 - 870))
        #expect(rowRects(r, 4).map(\.minY) == [910, 955, 1000])
        #expect(r.sections[4].footer == Rect(x: 0, y: 1045, width: 375, height: 40))
        #expect(r.sections.allSatisfy { $0.elements.allSatisfy { !$0.estimated && $0.nested == nil } })
        // Grouped: nothing pins.
        #expect(r.pinnedHeaders.isEmpty)
    }

    /// S3: 20 rows alternating 104 and 40 (a cycle run) → 10 × 104 + 10 × 40.
    @Test func alternatingCycleRun() throws {
        let r = try computeJSON(#"{"rows": {"count": 20, "cycle": [{"height": 104}, {"height": 40}]}}"#)
        #expect(r.contentSize.height == 10 * 104 + 10 * 40)  // 1440
        let rows = rowRects(r, 0)
        #expect(rows.count == 20)
        #expect(rows[1] == Rect(x: 0, y: 104, width: 375, height: 40))
        #expect(rows[2].minY == 104 + 40)
        #expect(rows[19].minY == 1440 - 40)
    }

    /// T-ST-1: grouped, sections of 3 and 2 rows of 44, 20-pt default headers and footers.
    @Test func groupedDefaults() throws {
        let r = try computeJSON(#"{"style": "grouped", "sections": [{"rows": {"count": 3}}, {"rows": {"count": 2}}]}"#)
        let expected: Double = 20 + 3 * 44 + 20 + (20 + 2 * 44 + 20)
        #expect(r.contentSize.height == expected)  // 300
        #expect(r.sections[0].header == Rect(x: 0, y: 0, width: 375, height: 20))
        #expect(rowRects(r, 0).map(\.minY) == [20, 64, 108])
        #expect(r.sections[0].footer == Rect(x: 0, y: 152, width: 375, height: 20))
        #expect(r.sections[1].header == Rect(x: 0, y: 172, width: 375, height: 20))
        #expect(rowRects(r, 1).map(\.minY) == [192, 236])
        #expect(r.sections[1].footer == Rect(x: 0, y: 280, width: 375, height: 20))
    }

    /// Contract Details: `"header": null` removes a grouped default; `sectionFooterHeight` replaces it.
    @Test func headerRemovalAndSectionFooterHeight() throws {
        let r = try computeJSON(#"{"style": "grouped", "sectionFooterHeight": 5, "sections": [{"header": null, "rows": [44]}]}"#)
        #expect(r.sections[0].header == nil)
        #expect(r.sections[0].footer == Rect(x: 0, y: 44, width: 375, height: 5))
        #expect(r.contentSize.height == 44 + 5)
    }

    /// T-TH-1: table header 80, footer 30, 3 rows of 44.
    @Test func tableHeaderAndFooter() throws {
        let r = try computeJSON(#"{"tableHeader": {"height": 80}, "tableFooter": {"height": 30}, "rows": {"count": 3}}"#)
        #expect(r.contentSize.height == 80 + 3 * 44 + 30)  // 242
        #expect(r.tableHeader == Rect(x: 0, y: 0, width: 375, height: 80))
        #expect(rowRects(r, 0).map(\.minY) == [80, 124, 168])
        #expect(r.tableFooter == Rect(x: 0, y: 212, width: 375, height: 30))
        let none = try computeJSON(#"{"tableHeader": {"height": 0}, "rows": [44]}"#)
        #expect(none.tableHeader == nil)
    }

    /// T-SCR-1: 20 rows of 44 in a 400-pt viewport.
    @Test func scrollToRowQueries() throws {
        let r = try computeJSON("""
        {"rows": {"count": 20}, "viewport": {"height": 400, "offset": 0},
         "queries": [{"scrollToRow": [0, 9], "position": "top"}, {"scrollToRow": [0, 9], "position": "middle"},
                     {"scrollToRow": [0, 9], "position": "bottom"}, {"scrollToRow": [0, 9], "position": "none"},
                     {"scrollToRow": [0, 19], "position": "top"}, {"scrollToRow": [0, 9]},
                     {"scrollToRow": [0, 20], "position": "top"}, {"scrollToRow": [3, 0], "position": "top"}]}
        """)
        let offsets: [Double?] = [
            9 * 44,                 // top: 396
            396 + 22 - 400 / 2,     // middle: 218
            440 - 400,              // bottom: 40
            40,                     // none: below the band → as bottom
            20 * 44 - 400,          // row 19 top (836) clamped to 480
            40,                     // a missing position means none
            nil, nil,               // index paths that do not exist
        ]
        #expect(r.queries == offsets.map { QueryAnswer.contentOffset($0) })
    }

    /// T-SCR-1 variants: `none` from `viewport.offset` (row 2 partly above at offset 100 → 88; row 5
    /// fully visible → unchanged); insets move the band.
    @Test func scrollToRowNoneUsesViewportOffset() throws {
        let r = try computeJSON("""
        {"rows": {"count": 20}, "viewport": {"height": 400, "offset": 100},
         "queries": [{"scrollToRow": [0, 2], "position": "none"}, {"scrollToRow": [0, 5], "position": "none"}]}
        """)
        #expect(r.queries == [.contentOffset(2 * 44), .contentOffset(100)])
        let inset = try computeJSON("""
        {"rows": {"count": 20}, "contentInset": {"top": 64, "bottom": 0}, "viewport": {"height": 400},
         "queries": [{"scrollToRow": [0, 9], "position": "top"}, {"scrollToRow": [0, 0], "position": "top"}]}
        """)
        #expect(inset.queries == [.contentOffset(396 - 64), .contentOffset(-64)])
    }

    /// indexPathAt: half-open intervals and the x-range rule; rowsIn: positive overlap.
    @Test func pointAndRectQueries() throws {
        let r = try computeJSON("""
        {"rows": {"count": 10}, "queries": [{"indexPathAt": [0, 44]}, {"indexPathAt": [374.9, 43.9]},
         {"indexPathAt": [375, 10]}, {"indexPathAt": [-1, 10]}, {"indexPathAt": [10, 440]},
         {"rowsIn": [0, 50, 375, 100]}, {"rowsIn": [375, 0, 10, 100]}, {"rowsIn": [0, 88, 375, 0]}]}
        """)
        #expect(r.queries == [
            .indexPath(IndexPath(row: 1, section: 0)), .indexPath(IndexPath(row: 0, section: 0)),
            .indexPath(nil), .indexPath(nil), .indexPath(nil),
            .indexPaths([1, 2, 3].map { IndexPath(row: $0, section: 0) }),  // 44…88, 88…132, 132…176 overlap 50…150
            .indexPaths([]), .indexPaths([]),
        ])
    }

    /// T-UPD-2: rows [A, B, C, D]; insert X at 1 and delete 2 in one batch → [A, X, B, D].
    @Test func batchDeletesBeforeInserts() throws {
        let r = try computeJSON("""
        {"rows": [10, 20, 30, 40],
         "updates": [{"insertRows": [{"at": [0, 1], "row": {"height": 50}}], "deleteRows": [[0, 2]]}]}
        """)
        #expect(rowRects(r, 0).map(\.height) == [10, 50, 20, 40])
        #expect(rowRects(r, 0).map(\.minY) == [0, 10, 60, 80])
        #expect(r.contentSize.height == 10 + 50 + 20 + 40)
    }

    /// A refused batch names the batch's path and UIKit's reason.
    @Test func refusedBatch() throws {
        #expect(throws: ComputeError.invalidUpdate(
            path: "updates[1]", reason: "attempt to delete row 5 from section 0 which only contains 2 rows before the update")) {
            try computeJSON(#"{"rows": [44], "updates": [{"insertRows": [{"at": [0, 1], "row": 30}]}, {"deleteRows": [[0, 5]]}]}"#)
        }
    }

    /// T-FLT-1: plain, 2 sections × 10 rows of 44, headers 28, viewport 300.
    @Test func pinnedHeaders() throws {
        let r = try computeJSON("""
        {"sections": [{"header": {"height": 28}, "rows": {"count": 10}}, {"header": {"height": 28}, "rows": {"count": 10}}],
         "viewport": {"height": 300, "offset": 100},
         "queries": [{"visibleAt": 450}, {"visibleAt": 500}]}
        """)
        // Natural header places: section 0 at 0, section 1 at 28 + 10 × 44 = 468; pinned when moved from there.
        let header = { (s: Int, y: Double) in
            PinnedSupplementary(section: s, frame: Rect(x: 0, y: y, width: 375, height: 28), isPinned: y != [0, 28 + 10 * 44][s])
        }
        #expect(r.pinnedHeaders == [header(0, 100)])
        // Rows of section 0 span 28…468: at offset 100 the band 100…400 shows rows 1…8.
        #expect(r.visible == (1...8).map { IndexPath(row: $0, section: 0) })
        guard case .visible(let rows450, let pinned450) = r.queries[0], case .visible(_, let pinned500) = r.queries[1] else {
            Issue.record("expected visibleAt answers"); return
        }
        #expect(pinned450 == [header(0, 468 - 28), header(1, 468)])   // pushed up by section 1
        #expect(pinned500 == [header(1, 500)])
        #expect(rows450.first == IndexPath(row: 9, section: 0) && rows450.last == IndexPath(row: 5, section: 1))
    }

    /// `--summary` detail: counts and viewport answers, no per-row arrays.
    @Test func summaryOfAMillionRows() throws {
        let r = try computeJSON(#"{"rows": {"count": 1000000}, "viewport": {"offset": 440000}}"#, detail: .summary)
        #expect(r.contentSize.height == 1_000_000 * 44)
        #expect(r.counts == Counts(sections: 1, elements: 1_000_000))
        #expect(r.sections.isEmpty)
        #expect(r.visible.first == IndexPath(row: 10_000, section: 0))
        #expect(r.visible.count == 16)  // 667 / 44 = 15.2: rows 10000…10015
    }

    /// YAML and JSON forms of the contacts example give the same result.
    @Test func yamlEqualsJSON() throws {
        let json = try Data(contentsOf: Self.examples.appendingPathComponent("contacts.json"))
        let yaml = try Data(contentsOf: Self.examples.appendingPathComponent("contacts.yaml"))
        let a = try compute(LayoutSpec.decode(Array(json), format: .json).spec)
        let b = try compute(LayoutSpec.decode(Array(yaml), format: .yaml).spec)
        #expect(a.sections == b.sections && a.contentSize == b.contentSize && a.queries == b.queries)
    }
}
