import Foundation
import LayoutGeometry
import Testing
@testable import LayoutEngine

/// A long table's rows are sized in bulk, the library's sizer making each chunk's requests itself
/// (`ChunkAnsweringSizer`); a short one's through the table's generic loop. Both must give every
/// row the same content width (less its accessory) and so the same height, and a failing row must
/// be named either way.
@Suite struct BulkSizingTests {
    /// Row `i`: a composed cell holding a text that wraps, so its height depends on the row's
    /// content width; accessories vary (none, a disclosure indicator, a custom 30-pt view).
    static func row(_ i: Int) -> String {
        let accessory = [#""#, #", "accessory": "disclosureIndicator""#, #", "accessory": {"width": 30}"#][i % 3]
        let words = (0..<(8 + i % 23)).map { ["swift", "layout", "table", "cell", "今天", "天气", "measure"][($0 + i) % 7] }
        return """
            {"layout": {"stack": "vertical", "padding": 8, "children": [{"text": "\(words.joined(separator: " "))", "textStyle": {"size": 15}}]}\(accessory)}
            """
    }

    static func table(_ rows: [String]) -> String {
        """
        {"width": 375, "rowHeight": "automatic", "sections": [{"header": {"title": "Posts"}, "rows": [\(rows.joined(separator: ","))]}]}
        """
    }

    @Test func bulkSizingEqualsSizingOneRowAtATime() throws {
        let layouter = Layouter()
        let n = 120  // ≥ 64 rows, all measured at once: the bulk path
        let all = try layouter.compute(try LayoutSpec.decode(json: Self.table((0..<n).map(Self.row))).spec)
        let elements = all.sections[0].elements  // (the rows; the header is the section's own)
        #expect(elements.count == n)
        var differentHeights = Set<Double>()
        let single = Layouter()
        for i in 0..<n {
            // The same row alone (one request: the table's generic loop), in another layouter.
            let alone = try single.compute(try LayoutSpec.decode(json: Self.table([Self.row(i)])).spec)
            let expected = try #require(alone.sections[0].elements.first)
            #expect(elements[i].rect.size.height == expected.rect.size.height, "row \(i)")
            differentHeights.insert(expected.rect.size.height)
        }
        // (The rows do differ: the comparison is not of one height with itself.)
        #expect(differentHeights.count > 3)
    }

    @Test func aRowFailingInBulkIsNamed() throws {
        // Rows 70 and 100 leave their layouts no room (insets wider than the row): the first is named.
        var rows = (0..<120).map(Self.row)
        for bad in [100, 70] {
            rows[bad] = #"{"layout": {"text": "x"}, "insets": {"left": 200, "right": 200}}"#
        }
        let spec = try LayoutSpec.decode(json: Self.table(rows)).spec
        do {
            _ = try Layouter().compute(spec)
            Issue.record("expected the layout to be refused")
        } catch {
            let message = String(describing: error)
            #expect(message.contains("rows[70]"), "\(message)")
            #expect(message.contains("no room for the layout"), "\(message)")
        }
    }
}
