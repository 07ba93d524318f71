import LayoutGeometry
import Testing
@testable import LayoutEngine

/// `repeat` on sections and `{"count": N, "row": …}` runs: counted without materialising rows.
@Suite struct SpecGeneratorTests {
    func table(_ json: String) throws -> TableSpec {
        guard case .table(let t) = try LayoutSpec.decode(json: json).spec else { throw SpecError(.root, "not a table") }
        return t
    }

    @Test func millionRowsStayOneRun() throws {
        let t = try table(#"{"sections": [{"rows": {"count": 1000000, "row": {"height": 30}}}]}"#)
        #expect(t.rowCount == 1_000_000)
        #expect(t.sections[0].rows.runs.count == 1)
        #expect(t.sections[0].rows.element(at: 999_999) == RowSpec(height: .fixed(30)))
        #expect(t.sections[0].rows.element(at: 1_000_000) == nil)
    }

    @Test func countWithoutRowUsesTableRowHeight() throws {
        let t = try table(#"{"rowHeight": 50, "sections": [{"rows": {"count": 3}}]}"#)
        #expect(t.rowCount == 3)
        #expect(t.sections[0].rows.element(at: 2) == RowSpec())
    }

    @Test func cycleAlternates() throws {
        // The seed notes' alternating 104/40 rows over 20 rows.
        let t = try table(#"{"sections": [{"rows": {"count": 20, "cycle": [{"height": 104}, {"height": 40}]}}]}"#)
        let heights = t.sections[0].rows.elements.map(\.height)
        #expect(heights.count == 20)
        #expect(heights.filter { $0 == .fixed(104) }.count == 10)
        #expect(heights[0] == .fixed(104) && heights[1] == .fixed(40) && heights[19] == .fixed(40))
    }

    @Test func listMixesRowsHeightsAndRuns() throws {
        let t = try table(#"{"sections": [{"rows": [45, "automatic", {"count": 3, "row": {"height": 10}}, {"text": "x"}]}]}"#)
        let rows = t.sections[0].rows
        #expect(rows.count == 1 + 1 + 3 + 1)
        #expect(rows.element(at: 0) == RowSpec(height: .fixed(45)))
        #expect(rows.element(at: 1) == RowSpec(height: .automatic))
        #expect(rows.element(at: 4) == RowSpec(height: .fixed(10)))
        #expect(rows.element(at: 5)?.content == .cell(CellContent(text: "x")))
        #expect(rows.runs.count == 4)
    }

    @Test func sectionRepeat() throws {
        let t = try table(#"{"sections": [{"rows": {"count": 2}}, {"repeat": 3, "header": {"height": 20}, "rows": {"count": 5}}]}"#)
        #expect(t.sections.count == 2)
        #expect(t.sectionCount == 1 + 3)
        #expect(t.rowCount == 2 + 3 * 5)
        #expect(t.section(at: 0)?.rows.count == 2)
        #expect(t.section(at: 3)?.rows.count == 5)
        #expect(t.section(at: 4) == nil)
    }

    @Test func zeroCountIsAnEmptySection() throws {
        let t = try table(#"{"sections": [{"rows": {"count": 0}}]}"#)
        #expect(t.rowCount == 0 && t.sections[0].rows.runs.isEmpty)
    }

    @Test func topLevelRowsAreOneSection() throws {
        let t = try table(#"{"rows": {"count": 7}}"#)
        #expect(t.sectionCount == 1 && t.rowCount == 7)
    }
}
