import Foundation
import LayoutGeometry
import Testing
@testable import LayoutEngine

/// Row content, updates and queries decode to the model the engines read; YAML equals JSON;
/// the shipped examples decode.
@Suite struct SpecContentTests {
    func table(_ json: String) throws -> TableSpec {
        guard case .table(let t) = try LayoutSpec.decode(json: json).spec else { throw SpecError(.root, "not a table") }
        return t
    }

    @Test func rowContent() throws {
        let t = try table("""
        {"textStyles": {"body": {"font": "DejaVu Sans", "size": 17, "numberOfLines": 2, "lineBreakMode": "truncate-tail"}},
         "sections": [{"rows": [
           {"style": "subtitle", "text": "Kenshin Cui", "detail": "18500131234", "image": {"width": 40, "height": 40},
            "accessory": "disclosureIndicator"},
           {"text": "a long comment", "textStyle": "body", "insets": {"top": 8, "left": 16, "bottom": 8, "right": 16}},
           {"grid": {"itemSize": {"width": 80, "height": 80}, "scrollDirection": "horizontal", "items": {"count": 10}}},
           {"text": "x", "textStyle": {"size": 12}, "accessory": {"width": 30}, "height": "automatic", "estimatedHeight": 60}
         ]}]}
        """)
        let rows = t.sections[0].rows
        var subtitle = CellContent(style: .subtitle, text: "Kenshin Cui", detail: "18500131234")
        subtitle.image = Size(width: 40, height: 40)
        #expect(rows.element(at: 0)?.content == .cell(subtitle))
        #expect(rows.element(at: 0)?.accessory == .disclosureIndicator)
        var block = CellContent(text: "a long comment")
        block.textStyle = .named("body")
        #expect(rows.element(at: 1)?.content == .cell(block))
        #expect(rows.element(at: 1)?.insets == EdgeInsets(top: 8, left: 16, bottom: 8, right: 16))
        guard case .grid(let grid)? = rows.element(at: 2)?.content else { Issue.record("expected a nested grid"); return }
        #expect(grid.scrollDirection == .horizontal && grid.height == nil && grid.itemCount == 10)
        let last = try #require(rows.element(at: 3))
        #expect(last.height == .automatic && last.estimatedHeight == 60 && last.accessory == .custom(width: 30))
        guard case .cell(let c) = last.content else { Issue.record("expected a cell"); return }
        #expect(c.textStyle == .inline(TextStyleSpec(size: 12)))
        var body = TextStyleSpec(font: "DejaVu Sans", size: 17)
        body.numberOfLines = 2
        body.lineBreakMode = .truncateTail
        #expect(t.textStyles["body"] == body)
    }

    @Test func nestedTablesSeeOuterTextStyles() throws {
        _ = try table(#"{"textStyles": {"note": {"size": 11}}, "sections": [{"rows": [{"table": {"sections": [{"rows": [{"text": "a", "textStyle": "note"}]}]}}]}]}"#)
    }

    @Test func updates() throws {
        let t = try table("""
        {"sections": [{"rows": {"count": 4}}], "updates": [
          {"deleteRows": [[0, 2]], "insertRows": [{"at": [0, 1], "row": {"height": 30}}],
           "reloadRows": [{"at": [0, 0], "row": {"height": 60}}], "moveRows": [{"from": [0, 3], "to": [1, 0]}],
           "deleteSections": [2], "insertSections": [{"at": 1, "section": {"rows": []}}], "moveSections": [{"from": 3, "to": 0}],
           "reloadSections": [{"at": 0, "section": {"rows": {"count": 2}}}]},
          {}
        ]}
        """)
        #expect(t.updates.count == 2)
        let b = t.updates[0]
        #expect(b.deletes == [IndexPath(row: 2, section: 0)])
        #expect(b.inserts == [Placement(at: IndexPath(row: 1, section: 0), content: RowSpec(height: .fixed(30)))])
        #expect(b.reloads == [Placement(at: IndexPath(row: 0, section: 0), content: RowSpec(height: .fixed(60)))])
        #expect(b.moves == [Move(from: IndexPath(row: 3, section: 0), to: IndexPath(row: 0, section: 1))])
        #expect(b.deleteSections == [2] && b.moveSections == [Move(from: 3, to: 0)])
        #expect(b.insertSections.map(\.at) == [1] && b.insertSections[0].content.rows.count == 0)
        #expect(b.reloadSections.map(\.at) == [0] && b.reloadSections[0].content.rows.count == 2)
        #expect(t.updates[1].isEmpty)
    }

    @Test func gridUpdatesUseItemNames() throws {
        guard case .grid(let g) = try LayoutSpec.decode(json: """
        {"kind": "grid", "items": {"count": 3}, "updates": [{"deleteItems": [[0, 0]], "insertItems": [{"at": [0, 2], "item": {"width": 10, "height": 10}}]}]}
        """).spec else { Issue.record("not a grid"); return }
        #expect(g.updates[0].deletes == [IndexPath(item: 0, section: 0)])
        #expect(g.updates[0].inserts[0].content == ItemSpec(size: Size(width: 10, height: 10)))
    }

    @Test func queries() throws {
        let t = try table("""
        {"sections": [{}], "queries": [{"scrollToRow": [0, 19], "position": "middle"}, {"scrollToRow": [1, 0]},
          {"indexPathAt": [10, 100.5]}, {"rowsIn": [0, 0, 375, 100]}, {"visibleAt": 450}]}
        """)
        #expect(t.queries == [
            .scrollToRow(IndexPath(row: 19, section: 0), position: .middle),
            .scrollToRow(IndexPath(row: 0, section: 1), position: .none),
            .indexPathAt(Point(x: 10, y: 100.5)),
            .elementsIn(Rect(x: 0, y: 0, width: 375, height: 100)),
            .visibleAt(450),
        ])
    }

    @Test func yamlEqualsJSON() throws {
        let json = try LayoutSpec.decode(json: """
        {"kind": "table", "style": "grouped", "rowHeight": "automatic", "sectionIndexTitles": ["A", "1"],
         "sections": [{"header": null, "footer": {"title": "yes"}, "rows": [{"height": 45.5}, {"text": "007", "detail": "on"}]},
                      {"repeat": 2, "rows": {"count": 3, "row": {"height": 30}}}],
         "queries": [{"visibleAt": -10}]}
        """)
        let yaml = try LayoutSpec.decode(yaml: """
        # The same spec in YAML.
        kind: table
        style: grouped
        rowHeight: automatic
        sectionIndexTitles: [A, "1"]
        sections:
          - header: null
            footer: {title: "yes"}
            rows:
              - height: 45.5
              - text: "007"
                detail: "on"
          - repeat: 2
            rows: {count: 3, row: {height: 30}}
        queries:
          - visibleAt: -10
        """)
        #expect(yaml == json)
    }

    @Test func yamlSyntaxErrorHasALine() {
        do {
            _ = try LayoutSpec.decode(yaml: "sections:\n  - rows: [1, 2\n")
            Issue.record("expected an error")
        } catch {
            #expect(error.line != nil)
            #expect(error.description.hasPrefix("line "))
        }
    }

    static var examples: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples")
    }

    static func load(_ name: String) throws -> SpecDocument {
        let data = try Data(contentsOf: examples.appendingPathComponent(name))
        return try LayoutSpec.decode(Array(data), format: SpecFormat(fileName: name))
    }

    @Test func examplesDecodeWithoutWarnings() throws {
        for name in ["contacts.json", "contacts.yaml", "photos-grid.json", "feed.json", "million.json"] {
            let document = try Self.load(name)
            #expect(document.warnings.isEmpty, "\(name): \(document.warnings)")
        }
        guard case .table(let contacts) = try Self.load("contacts.json").spec,
              case .table(let contactsYAML) = try Self.load("contacts.yaml").spec,
              case .table(let million) = try Self.load("million.json").spec,
              case .grid(let photos) = try Self.load("photos-grid.json").spec else {
            Issue.record("wrong kinds")
            return
        }
        // The seed notes' S10/S11: 5 sections of 2, 3, 2, 5, 3 rows.
        #expect(contacts.sectionCount == 5 && contacts.rowCount == 2 + 3 + 2 + 5 + 3)
        #expect(contactsYAML.sectionCount == 5 && contactsYAML.rowCount == 15)
        #expect(million.rowCount == 1_000_000)
        #expect(photos.itemCount == 9 && photos.itemSize == Size(width: 155, height: 135))
    }
}
