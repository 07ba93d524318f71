import Foundation
import LayoutEngine
import LayoutGeometry
import Testing
@testable import LayoutReport

/// `ResultStreamWriter` writes exactly the bytes of `JSONWriter` over `OrderedJSONEncoder`, in both
/// styles, for tables, grids, nested results (in rows and inside composed cells), empty sections and
/// rows too long for one line.
@Suite struct StreamWriterTests {
    static func specs() -> [String] {
        [#"{"sections": [{"header": {"height": 50}, "rows": [44, 45, {"height": 20.333333333333332}]}, {"rows": []}], "queries": [{"rowsIn": [0, 0, 375, 100]}]}"#,
         #"{"width": 333.3333333333333, "sections": [{"rows": {"count": 7, "row": {"height": 21.333333333333332}}}]}"#,
         #"{"sections": [{"rows": [44, {"table": {"sections": [{"rows": [30, 31]}]}}, {"grid": {"items": {"count": 7}}}]}]}"#,
         #"{"kind": "grid", "width": 320, "headerReferenceSize": {"width": 0, "height": 30}, "sections": [{"items": {"count": 12}}, {"items": []}]}"#,
         #"{"kind": "grid", "items": [{"width": 400, "height": 10}]}"#,
         #"{"style": "grouped", "sections": [{"rows": []}]}"#,
         #"{"rows": [{"layout": {"stack": "vertical", "children": [{"box": {"width": 10, "height": 10}}, {"table": {"rows": [30, 31]}}, {"grid": {"items": {"count": 3}}}]}}]}"#,
         // Composed cells with frames (written directly, `ResultStreamWriter.writeCompactFrames`):
         // ids that need escaping, fractions, estimated rows, a long frame list.
         #"{"rowHeight": "automatic", "estimatedRowHeight": 50, "sections": [{"rows": [{"layout": {"stack": "horizontal", "id": "q\"uote ✓\n", "padding": 3, "children": [{"text": "Hello world", "id": "t"}, {"box": {"width": 10.333333333333334, "height": 3}}]}}, {"layout": {"text": "x"}}]}, {"rows": {"count": 30, "row": {"layout": {"stack": "vertical", "spacing": 1.5, "children": [{"text": "a b c", "id": "long identifier that makes the frame wider than forty columns"}, {"spacer": {}}, {"box": {"width": 1, "height": 2}}]}}}}]}"#,
         // A hidden root has no frames: the row is shallow and fits on one line.
         #"{"rows": [{"layout": {"box": {"width": 10, "height": 10}, "hidden": true}}, {"layout": {"text": "shown"}}]}"#,
         #"{"templates": {"t": {"stack": "vertical", "children": [{"text": "$s", "id": "text"}, {"stack": "horizontal", "children": [{"repeat": "$n", "element": {"box": {"width": 20, "height": 20}}}]}]}}, "rows": [{"template": "t", "data": {"s": "one", "n": 0}}, {"template": "t", "data": {"s": "two words", "n": 3}}]}"#]
    }

    @Test(arguments: specs())
    func streamEqualsTree(spec: String) throws {
        let result = try compute(LayoutSpec.decode(json: spec).spec)
        let document = ResultDocument(result)
        for style: JSONWriter.Style in [.pretty(), .compact, .pretty(inlineWidth: 40)] {
            let expected = JSONWriter(style: style).string(try OrderedJSONEncoder().encode(document))
            var pieces: [String] = []
            try ResultStreamWriter(style: style).write(document, chunkSize: 64) { pieces.append($0) }
            #expect(pieces.joined() == expected, "\(spec)")
            #expect(pieces.count > 1 || document.sections.allSatisfy(\.elements.isEmpty), "rows are written in pieces")
        }
    }
}
