import Foundation
import LayoutEngine
import LayoutGeometry
import Testing
@testable import LayoutReport

/// The writers, on a hand-built result: the seed notes' S11 contacts table (grouped; headers 50
/// then 40, rows 45, footers 40; 5 sections of 2, 3, 2, 5, 3 rows; content height 1085).
@Suite struct WriterTests {
    static let rowCounts = [2, 3, 2, 5, 3]

    /// Builds the S11 geometry by accumulation (the expected values are in the seed notes' table).
    static func contacts() -> ComputeResult {
        var y = 0.0
        var sections: [SectionGeometry] = []
        for (s, count) in rowCounts.enumerated() {
            let top = y
            let headerHeight = s == 0 ? 50.0 : 40.0
            let header = Rect(x: 0, y: y, width: 375, height: headerHeight)
            y += headerHeight
            var rows: [ElementGeometry] = []
            for _ in 0..<count {
                rows.append(ElementGeometry(rect: Rect(x: 0, y: y, width: 375, height: 45)))
                y += 45
            }
            let footer = Rect(x: 0, y: y, width: 375, height: 40)
            y += 40
            sections.append(SectionGeometry(rect: Rect(x: 0, y: top, width: 375, height: y - top),
                                            header: header, footer: footer, elements: rows))
        }
        return ComputeResult(
            kind: .table, contentSize: Size(width: 375, height: y),
            tableHeader: nil, tableFooter: Rect(x: 0, y: y, width: 375, height: 0), sections: sections,
            visible: [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)],
            queries: [.contentOffset(396), .contentOffset(nil), .indexPath(IndexPath(row: 1, section: 0)), .indexPath(nil),
                      .indexPaths([IndexPath(row: 0, section: 3)]),
                      .visible(indexPaths: [IndexPath(row: 0, section: 1)],
                               pinnedHeaders: [PinnedSupplementary(section: 1, frame: Rect(x: 0, y: 180, width: 375, height: 40), isPinned: false)])],
            timings: [PhaseTiming(phase: "layout", seconds: 0.0012)])
    }

    func json(_ value: some Encodable) throws -> String {
        JSONWriter(style: .compact).string(try OrderedJSONEncoder().encode(value))
    }

    @Test func contactsGeometryMatchesTheSeedNotes() {
        let result = Self.contacts()
        #expect(result.contentSize.height == 1085)
        #expect(result.sections[4].footer == Rect(x: 0, y: 1045, width: 375, height: 40))
        #expect(result.sections[3].elements[4].rect.maxY == 830)
    }

    @Test func numbersAreWrittenWithoutNoise() {
        #expect(JSONWriter.format(44) == "44")
        #expect(JSONWriter.format(-0.0) == "0")
        #expect(JSONWriter.format(0.5) == "0.5")
        #expect(JSONWriter.format(61 / 3.0) == "20.333333333333332")
        #expect(Double(JSONWriter.format(61 / 3.0)) == 61 / 3.0)
        #expect(JSONWriter.format(1e-5) == "1e-05")
        #expect(JSONWriter.format(44_000_000) == "44000000")
        #expect(JSONWriter.format(.nan) == "null")
        #expect(JSONWriter.quote("a\"b\\c\n\u{1}é") == #""a\"b\\c\n\u0001é""#)
    }

    @Test func tableResultKeyOrderAndForm() throws {
        let text = try json(ResultDocument(Self.contacts()))
        #expect(text.hasPrefix(#"{"schemaVersion":1,"kind":"table","contentSize":{"width":375,"height":1085},"tableHeader":null,"tableFooter":null,"sections":[{"rect":[0,0,375,180],"header":[0,0,375,50],"footer":[0,140,375,40],"rows":[{"rect":[0,50,375,45],"estimated":false,"nested":null},"#))
        #expect(text.hasSuffix(#""visibleRows":[[0,0],[0,1]],"pinnedHeaders":[],"queries":[{"contentOffset":396},{"contentOffset":null},{"indexPath":[0,1]},{"indexPath":null},{"indexPaths":[[3,0]]},{"indexPaths":[[1,0]],"pinnedHeaders":[{"section":1,"rect":[0,180,375,40]}]}]}"#))
    }

    @Test func gridResultUsesItems() throws {
        let grid = ComputeResult(kind: .grid, contentSize: Size(width: 375, height: 145),
                                 sections: [SectionGeometry(rect: Rect(x: 0, y: 0, width: 375, height: 145), elements: [
                                     ElementGeometry(rect: Rect(x: 0, y: 0, width: 155, height: 135)),
                                     ElementGeometry(rect: Rect(x: 220, y: 0, width: 155, height: 135), estimated: true),
                                 ])],
                                 visible: [IndexPath(item: 0, section: 0)])
        let text = try json(ResultDocument(grid))
        #expect(text == #"{"schemaVersion":1,"kind":"grid","contentSize":{"width":375,"height":145},"sections":[{"rect":[0,0,375,145],"header":null,"footer":null,"items":[{"rect":[0,0,155,135],"estimated":false,"nested":null},{"rect":[220,0,155,135],"estimated":true,"nested":null}]}],"visibleItems":[[0,0]],"pinnedHeaders":[],"queries":[]}"#)
    }

    @Test func summaryForm() throws {
        let text = try json(SummaryDocument(Self.contacts()))
        #expect(text == #"{"schemaVersion":1,"kind":"table","contentSize":{"width":375,"height":1085},"counts":{"sections":5,"rows":15},"visibleRows":[[0,0],[0,1]],"pinnedHeaders":[],"queries":[{"contentOffset":396},{"contentOffset":null},{"indexPath":[0,1]},{"indexPath":null},{"indexPaths":[[3,0]]},{"indexPaths":[[1,0]],"pinnedHeaders":[{"section":1,"rect":[0,180,375,40]}]}]}"#)
    }

    @Test func nestedResultsAndRoundTrip() throws {
        var outer = Self.contacts()
        let inner = ComputeResult(kind: .table, contentSize: Size(width: 355, height: 88), sections: [
            SectionGeometry(rect: Rect(x: 0, y: 0, width: 355, height: 88), elements: [
                ElementGeometry(rect: Rect(x: 0, y: 0, width: 355, height: 44)),
                ElementGeometry(rect: Rect(x: 0, y: 44, width: 355, height: 44)),
            ]),
        ])
        outer.sections[0].elements[0].nested = inner
        let document = ResultDocument(outer)
        let text = try json(document)
        #expect(text.contains(#""nested":{"kind":"table","contentSize":{"width":355,"height":88},"tableHeader":null"#))
        let decoded = try JSONDecoder().decode(ResultDocument.self, from: Data(text.utf8))
        #expect(decoded == document)
        let pretty = JSONWriter().string(try OrderedJSONEncoder().encode(document))
        #expect(try JSONDecoder().decode(ResultDocument.self, from: Data(pretty.utf8)) == document)
    }

    /// A table inside a composed cell: its layout is written under its element's frame, read back
    /// the same; frames without one carry no `nested` key.
    @Test func aTableInsideACellIsWrittenUnderItsFrame() throws {
        let inner = ComputeResult(kind: .table, contentSize: Size(width: 335, height: 44), sections: [
            SectionGeometry(rect: Rect(x: 30, y: 60, width: 335, height: 44), elements: [ElementGeometry(rect: Rect(x: 30, y: 60, width: 335, height: 44))]),
        ])
        var row = ElementGeometry(rect: Rect(x: 0, y: 0, width: 375, height: 114), frames: [
            CellFrame(path: [], id: nil, rect: Rect(x: 0, y: 0, width: 375, height: 114)),
            CellFrame(path: [0], id: "comments", rect: Rect(x: 10, y: 60, width: 355, height: 44),
                      custom: CellFrame.Custom(key: 0, content: Rect(x: 30, y: 60, width: 335, height: 44))),
        ])
        row.framesNested = [1: inner]
        let outer = ComputeResult(kind: .table, contentSize: Size(width: 375, height: 114), sections: [
            SectionGeometry(rect: Rect(x: 0, y: 0, width: 375, height: 114), elements: [row]),
        ])
        let document = ResultDocument(outer)
        let text = try json(document)
        #expect(text.contains(#""frames":[{"path":[],"id":null,"rect":[0,0,375,114]},{"path":[0],"id":"comments","rect":[10,60,355,44],"nested":{"kind":"table","contentSize":{"width":335,"height":44}"#))
        let decoded = try JSONDecoder().decode(ResultDocument.self, from: Data(text.utf8))
        #expect(decoded == document)
        #expect(decoded.sections[0].elements[0].frames?[1].nested?.sections[0].elements[0].rect == [30, 60, 335, 44])
    }

    @Test func prettyFormKeepsRowsOnOneLine() throws {
        let grid = ComputeResult(kind: .grid, contentSize: Size(width: 375, height: 145),
                                 sections: [SectionGeometry(rect: Rect(x: 0, y: 0, width: 375, height: 145), elements: [
                                     ElementGeometry(rect: Rect(x: 0, y: 0, width: 155, height: 135)),
                                 ])],
                                 visible: [IndexPath(item: 0, section: 0)])
        let pretty = JSONWriter().string(try OrderedJSONEncoder().encode(ResultDocument(grid)))
        #expect(pretty == """
        {
          "schemaVersion": 1,
          "kind": "grid",
          "contentSize": {"width": 375, "height": 145},
          "sections": [
            {
              "rect": [0, 0, 375, 145],
              "header": null,
              "footer": null,
              "items": [
                {"rect": [0, 0, 155, 135], "estimated": false, "nested": null}
              ]
            }
          ],
          "visibleItems": [[0, 0]],
          "pinnedHeaders": [],
          "queries": []
        }

        """)
    }

    func report() -> ReportDocument {
        ReportDocument(title: "contacts.json", viewport: ViewportDocument(height: 667, offset: 0),
                       result: ResultDocument(Self.contacts()), timings: [TimingDocument(phase: "layout", seconds: 0.0012)])
    }

    @Test func htmlHasOneRectPerRow() {
        let html = HTMLReportWriter().string(report())
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.components(separatedBy: "<svg ").count - 1 == 1)
        #expect(html.components(separatedBy: "<rect class=\"row\"").count - 1 == 2 + 3 + 2 + 5 + 3)
        #expect(html.components(separatedBy: "<rect class=\"header\"").count - 1 == 5)
        #expect(html.components(separatedBy: "<rect class=\"footer\"").count - 1 == 5)
        #expect(html.components(separatedBy: "<rect class=\"viewport\"").count - 1 == 1)
        #expect(html.contains("<rect class=\"row\" x=\"0\" y=\"1000\" width=\"375\" height=\"45\">"))
        #expect(!html.contains("<script"))
        #expect(html.contains("<h2>Estimated vs exact</h2>") && html.contains("<h2>Timings</h2>"))
        #expect(html.contains("<td>1.2 ms</td>"))
    }

    @Test func htmlPictureIsCutForHugeTables() {
        var result = Self.contacts()
        result.sections[3].elements = (0..<5000).map { ElementGeometry(rect: Rect(x: 0, y: 605 + Double($0) * 45, width: 375, height: 45)) }
        let doc = ReportDocument(title: "big", viewport: ViewportDocument(height: 667, offset: 0), result: ResultDocument(result))
        let html = HTMLReportWriter(picture: SVGPicture(maximumElements: 100)).string(doc)
        #expect(html.components(separatedBy: "<rect class=\"row").count - 1 == 100)
        #expect(html.contains("The picture shows the first 100 rows of \(2 + 3 + 2 + 5000 + 3)."))
    }

    @Test func textSummaryLines() {
        let lines = TextSummaryWriter().lines(report())
        #expect(lines.contains("table: contacts.json"))
        #expect(lines.contains("sections: 5"))
        #expect(lines.contains("rows: 15"))
        #expect(lines.contains("content size: 375 × 1085"))
        #expect(lines.contains("viewport: 667 at offset 0"))
        #expect(lines.contains("visible rows: 2 [0, 0] [0, 1]"))
        #expect(lines.contains("table footer: none"))
        #expect(lines.contains("section 4: [0, 870, 375, 215], 3 rows, header [0, 870, 375, 40], footer [0, 1045, 375, 40]"))
        #expect(lines.contains("query 0: contentOffset 396"))
        #expect(lines.contains("query 5: indexPaths (1) [1, 0]; pinned headers: section 1 at [0, 180, 375, 40]"))
        #expect(lines.contains("estimation: none (every row exact)"))
        #expect(lines.contains("timings: layout 1.2 ms"))
    }
}
