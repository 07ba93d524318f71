import Testing
@testable import LayoutEngine

/// Every rejection names the JSON path of the value at fault (contract: "Errors"), with the
/// exact texts users and scripts see.
@Suite struct SpecErrorTests {
    static let cases: [(spec: String, message: String)] = [
        // Heights and widths.
        (#"{"sections": [{}, {}, {"rows": [{}, {"height": -1}]}]}"#, "sections[2].rows[1].height: must be ≥ 0"),
        (#"{"sections": [{"rows": [{"height": "tall"}]}]}"#,
         #"sections[0].rows[0].height: "tall" is not a height: expected a number ≥ 0 or "automatic""#),
        (#"{"sections": [{"rows": [{"height": true}]}]}"#,
         #"sections[0].rows[0].height: expected a number ≥ 0 or "automatic", got a boolean"#),
        (#"{"width": -375, "sections": [{}]}"#, "width: must be ≥ 0"),
        (#"{"width": "wide", "sections": [{}]}"#, "width: expected a number, got a string"),
        (#"{"rowHeight": -44, "sections": [{}]}"#, "rowHeight: must be ≥ 0"),
        (#"{"viewport": {"height": -1}, "sections": [{}]}"#, "viewport.height: must be ≥ 0"),
        (#"{"sections": [{"header": {"height": -5}}]}"#, "sections[0].header.height: must be ≥ 0"),
        (#"{"sections": [{"header": {}}]}"#, "sections[0].header: expected a height, a title or a layout (or null for none)"),
        (#"{"sections": [{"rows": [{"image": {"width": 40}}]}]}"#, "sections[0].rows[0].image.height: required field is missing"),
        // Enumerations list what is allowed.
        (#"{"kind": "list"}"#, #"kind: "list" is not one of table, grid"#),
        (#"{"style": "fancy", "sections": [{}]}"#, #"style: "fancy" is not one of plain, grouped, insetGrouped"#),
        (#"{"separatorStyle": 1, "sections": [{}]}"#,
         "separatorStyle: expected one of none, singleLine, singleLineEtched, got a number"),
        (#"{"sections": [{"rows": [{"style": "value3"}]}]}"#,
         #"sections[0].rows[0].style: "value3" is not one of default, value1, value2, subtitle"#),
        (#"{"sections": [{"rows": [{"accessory": "star"}]}]}"#,
         #"sections[0].rows[0].accessory: "star" is not one of none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton (or {"width": w})"#),
        (#"{"kind": "grid", "alignment": "middle", "items": []}"#,
         #"alignment: "middle" is not one of justified, left, center, right"#),
        (#"{"kind": "grid", "scrollDirection": "diagonal", "items": []}"#,
         #"scrollDirection: "diagonal" is not one of vertical, horizontal"#),
        (#"{"baselines": "rounded", "sections": [{}]}"#, #"baselines: "rounded" is not one of exact, css"#),
        (#"{"kind": "grid", "baselines": 1, "items": []}"#, "baselines: expected one of exact, css, got a number"),
        (#"{"sections": [{"rows": [{"table": {"baselines": "css", "sections": [{}]}}]}]}"#,
         "sections[0].rows[0].table.baselines: baselines is set once, at the top level (nested tables and grids use it)"),
        // Structure.
        (#"[1, 2]"#, "(top level): expected an object (a table or grid spec), got an array"),
        (#"{"kind": "table"}"#, "sections: required field is missing"),
        (#"{"sections": []}"#, "sections: must contain at least one section"),
        (#"{"sections": {}}"#, "sections: expected an array, got an object"),
        (#"{"sections": [{"rows": 5}]}"#, #"sections[0].rows: expected an array of rows or {"count": N, "row": {…}}, got a number"#),
        (#"{"sections": [{"rows": {"row": {}}}]}"#, "sections[0].rows.count: required field is missing"),
        (#"{"sections": [{"rows": {"count": 2.5}}]}"#, "sections[0].rows.count: must be a whole number"),
        (#"{"sections": [{"rows": {"count": -1}}]}"#, "sections[0].rows.count: must be ≥ 0"),
        (#"{"sections": [{"repeat": 0}]}"#, "sections[0].repeat: must be ≥ 1"),
        (#"{"sections": [{"rows": [{"text": "a", "table": {"sections": [{}]}}]}]}"#,
         "sections[0].rows[0].text: a row with a nested table cannot also have cell content"),
        (#"{"sections": [{"rows": [{"table": {"sections": [{"rows": [{"height": -2}]}]}}]}]}"#,
         "sections[0].rows[0].table.sections[0].rows[0].height: must be ≥ 0"),
        (#"{"sections": [{"rows": [{"text": "a", "textStyle": "bodyy"}]}], "textStyles": {"body": {"size": 17}}}"#,
         #"sections[0].rows[0].textStyle: unknown text style "bodyy"; textStyles defines body (built in: body, callout, caption1, caption2, footnote, headline, largeTitle, subheadline, title1, title2, title3)"#),
        (#"{"textStyles": {"small": {"size": 0}}, "sections": [{}]}"#, "textStyles.small.size: must be > 0"),
        (#"{"textStyles": {"t": {"lineBreakMode": "wrap"}}, "sections": [{}]}"#,
         #"textStyles.t.lineBreakMode: "wrap" is not one of word, char, clip, truncateHead, truncateMiddle, truncateTail (UIKit's names, such as byTruncatingTail, are accepted too)"#),
        // Grids.
        (#"{"itemSize": {"width": 10, "height": 10}, "items": []}"#,
         #"kind: required field is missing: the spec has grid fields (itemSize); add "kind": "grid""#),
        (#"{"kind": "grid", "itemSize": {"width": 0, "height": 10}, "items": []}"#, "itemSize.width: must be > 0"),
        (#"{"kind": "grid", "items": [{"width": 10, "height": -10}]}"#, "items[0].height: must be > 0"),
        (#"{"kind": "grid", "minimumLineSpacing": -1, "items": []}"#, "minimumLineSpacing: must be ≥ 0"),
        (#"{"kind": "grid", "scrollDirection": "horizontal", "items": []}"#,
         "height: required for a horizontal grid (the container height its columns fill)"),
        (#"{"kind": "grid", "layout": "waterfall", "items": []}"#, "columns: required by the waterfall layout"),
        (#"{"kind": "grid", "sections": [{"items": {"count": 3, "item": {"width": 5}}}]}"#,
         "sections[0].items.item.height: required field is missing"),
        // Updates and queries.
        (#"{"sections": [{}], "updates": [{"deleteRows": [[0]]}]}"#,
         "updates[0].deleteRows[0]: expected [section, row], an array of 2 whole numbers, got 1 elements"),
        (#"{"sections": [{}], "updates": [{"insertRows": [{"at": [0, -1], "row": {}}]}]}"#,
         "updates[0].insertRows[0].at[1]: must be ≥ 0"),
        (#"{"sections": [{}], "updates": [{"insertRows": [{"at": [0, 0]}]}]}"#,
         "updates[0].insertRows[0].row: required field is missing"),
        (#"{"sections": [{}], "updates": [{"moveSections": [{"from": 1}]}]}"#,
         "updates[0].moveSections[0].to: required field is missing"),
        (#"{"sections": [{}], "queries": [{"scrollToRow": [0, 0], "position": "center"}]}"#,
         #"queries[0].position: "center" is not one of top, middle, bottom, none"#),
        (#"{"sections": [{}], "queries": [{"rowsIn": [0, 0, -1, 10]}]}"#, "queries[0].rowsIn[2]: must be ≥ 0"),
        (#"{"sections": [{}], "queries": [{"rowsIn": [0, 0, 10, 10], "visibleAt": 0}]}"#,
         "queries[0]: asks rowsIn and visibleAt: write one question per query"),
        (#"{"sections": [{}], "queries": [{"itemsIn": [0, 0, 1, 1]}]}"#,
         "queries[0]: expected one of scrollToRow, indexPathAt, rowsIn, visibleAt"),
        (#"{"kind": "grid", "items": [], "queries": [{"indexPathAt": [1, "2"]}]}"#,
         "queries[0].indexPathAt[1]: expected a number, got a string"),
        // Limits.
        (#"{"sections": [{"rows": {"count": 10000001}}]}"#, "sections[0].rows.count: must be ≤ 10000000"),
        (#"{"sections": [{"rows": {"count": 6000000}}, {"rows": {"count": 6000000}}]}"#,
         "sections[1].rows.count: the spec generates more than 10000000 rows in all (the limit)"),
        (#"{"sections": [{"repeat": 1000, "rows": {"count": 20000}}]}"#,
         "sections[0].repeat: the spec generates more than 10000000 rows in all (the limit)"),
    ]

    @Test(arguments: cases)
    func rejects(spec: String, message: String) {
        #expect(throws: SpecError.self) { try LayoutSpec.decode(json: spec) }
        do {
            _ = try LayoutSpec.decode(json: spec)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func unknownFieldIsAWarningWithASuggestion() throws {
        let document = try LayoutSpec.decode(json: #"{"sections": [{"rows": [{"hieght": 30}]}], "rowheight": 50}"#)
        #expect(document.warnings.map(\.description) == [
            #"warning: rowheight: unknown field, ignored (did you mean "rowHeight"?)"#,
            #"warning: sections[0].rows[0].hieght: unknown field, ignored (did you mean "height"?)"#,
        ])
    }

    @Test func warningsTravelWithTheError() {
        do {
            _ = try LayoutSpec.decode(json: #"{"sections": [{"rows": {"cuont": 3}}]}"#)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "sections[0].rows.count: required field is missing")
            #expect(error.warnings.map(\.description) == [#"warning: sections[0].rows.cuont: unknown field, ignored (did you mean "count"?)"#])
        }
    }

    @Test func yamlNaNIsRejectedByPath() {
        do {
            _ = try LayoutSpec.decode(yaml: "sections:\n  - rows:\n      - height: .nan\n")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "sections[0].rows[0].height: must be a finite number")
        }
    }
}
