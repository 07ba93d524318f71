import Foundation
import Testing

/// `layout compute` and `layout report` on grids, through the built executable (contract: result
/// format with `items` / `visibleItems`, warnings on standard error, exit statuses).
@Suite struct GridCLITests {
    func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Seed S9 through the CLI: the grid result has the table's shape with `items` and `visibleItems`.
    @Test func photoGrid() throws {
        let output = try LayoutBinary.run(["compute", LayoutBinary.examples.appendingPathComponent("photos-grid.json").path])
        #expect(output.status == 0 && output.stderr.isEmpty, "\(output.stderr)")
        let result = try json(output.stdout)
        #expect(result["kind"] as? String == "grid")
        #expect(result["rows"] == nil && result["visibleRows"] == nil && result["tableHeader"] == nil)
        #expect(try #require(result["contentSize"] as? [String: Double]) == ["width": 375, "height": 4 * 145 + 135])
        let sections = try #require(result["sections"] as? [[String: Any]])
        let items = try #require(sections.first?["items"] as? [[String: Any]])
        let rects = items.compactMap { $0["rect"] as? [Double] }
        #expect(rects.map { $0[0] } == [0, 220, 0, 220, 0, 220, 0, 220, 0])
        #expect(rects.map { $0[1] } == [0, 0, 145, 145, 290, 290, 435, 435, 580])
        #expect((result["visibleItems"] as? [[Int]])?.count == 9)
        let queries = try #require(result["queries"] as? [[String: Any]])
        #expect(queries.first?["indexPath"] as? [Int] == [0, 3])
    }

    /// `--summary` counts items.
    @Test func summaryCountsItems() throws {
        let output = try LayoutBinary.run(["compute", "-", "--summary"],
                                          input: #"{"kind": "grid", "width": 320, "items": {"count": 12}}"#)
        #expect(output.status == 0)
        let result = try json(output.stdout)
        #expect(result["counts"] as? [String: Int] == ["sections": 1, "items": 12])
        #expect(result["sections"] == nil)
    }

    /// A refused batch: exit 1, the batch's path and UIKit's reason, nothing on standard output.
    @Test func refusedBatch() throws {
        let output = try LayoutBinary.run(["compute", "-"], input: #"{"kind": "grid", "items": {"count": 1}, "updates": [{"deleteItems": [[0, 5]]}]}"#)
        #expect(output.status == 1)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr == "error: updates[0]: attempt to delete item 5 from section 0 which only contains 1 items before the update\n")
    }

    /// An item wider than the container is clamped, with a warning on standard error (and in the result).
    @Test func clampedItemWarnsOnStandardError() throws {
        let output = try LayoutBinary.run(["compute", "-", "--compact"], input: #"{"kind": "grid", "items": [{"width": 400, "height": 10}]}"#)
        #expect(output.status == 0)
        #expect(output.stderr.hasPrefix("warning: items[0]: item width 400"))
        let result = try json(output.stdout)
        #expect((result["warnings"] as? [String])?.count == 1)
        let sections = try #require(result["sections"] as? [[String: Any]])
        #expect((sections[0]["items"] as? [[String: Any]])?.first?["rect"] as? [Double] == [0, 0, 375, 10])
    }

    /// Bad input: the JSON path, exit 1.
    @Test func badInput() throws {
        let output = try LayoutBinary.run(["compute", "-"], input: #"{"kind": "grid", "sections": [{"items": [{"width": 0, "height": 10}]}]}"#)
        #expect(output.status == 1 && output.stdout.isEmpty)
        #expect(output.stderr.hasPrefix("error: sections[0].items[0].width: must be > 0"))
    }

    /// The report draws every item of the grid in its SVG (as a cell: these items have only a
    /// size, so each is a photo placeholder).
    @Test func reportDrawsItems() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("grid-report-\(UUID().uuidString).html").path
        let output = try LayoutBinary.run(["report", LayoutBinary.examples.appendingPathComponent("photos-grid.json").path, "-o", out])
        #expect(output.status == 0, "\(output.stderr)")
        let html = try String(contentsOfFile: out, encoding: .utf8)
        #expect(html.components(separatedBy: "<g class=\"cell\"").count - 1 == 9)
        #expect(html.components(separatedBy: "<rect class=\"image\"").count - 1 == 9)
        #expect(html.contains("item [0, 8] [0, 580, 155, 135]"))
    }
}
