import Foundation
import LayoutEngine
import Testing

/// Tables and grids inside a composed cell (`{"table": …}` and `{"grid": …}` elements, issue 10):
/// laid out by the table and grid engines at the width their element gets, their height the
/// element's, their layout in the row's result under the element's frame.
@Suite struct NestedInLayoutTests {
    /// A post with a comment table and a photo grid stacked under its avatar. Every number below is
    /// arithmetic on the spec's constants (no text), so that the whole chain can be checked by hand.
    static let post = """
        {"width": 375, "rowHeight": "automatic", "separatorStyle": "none", "rows": [
          {"layout": {"stack": "vertical", "spacing": 10, "padding": 10, "children": [
            {"id": "avatar", "box": {"width": 40, "height": 40}},
            {"id": "comments", "padding": {"left": 20}, "table": {"rowHeight": 44, "separatorStyle": "none",
             "sections": [{"rows": {"count": 3, "row": {}}}]}},
            {"id": "photos", "grid": {"itemSize": {"width": 100, "height": 100}, "minimumInteritemSpacing": 5,
             "minimumLineSpacing": 5, "sections": [{"items": {"count": 5}}]}}]}}]}
        """

    func frame(_ row: ElementGeometry, _ id: String) throws -> (index: Int, rect: Rect) {
        let index = try #require(row.frames?.firstIndex { $0.id == id })
        return (index, row.frames![index].rect)
    }

    @Test func aTableAndAGridInsideACellTakeTheWidthTheirElementsGet() throws {
        let result = try Layouter.shared.compute(try LayoutSpec.decode(json: Self.post).spec)
        let row = result.sections[0].elements[0]
        // The stretched column gives both the stack's inner width, 375 − 2 × 10 = 355.
        // Comments: 3 rows of 44 = 132 tall, laid out inside its 20-pt left padding: 335 wide.
        // Photos: 100-pt items, 5 apart: 3 fit in 355 (3 × 100 + 2 × 5 = 310; 4 would need 415),
        // the flow layout spreads a full line's gaps ((355 − 300) / 2 = 27.5); 2 lines: 100 + 5 + 100.
        // Row: 10 + 40 + 10 + 132 + 10 + 205 + 10 = 417.
        #expect(row.rect == Rect(x: 0, y: 0, width: 375, height: 417))
        let comments = try frame(row, "comments"), photos = try frame(row, "photos")
        #expect(comments.rect == Rect(x: 10, y: 60, width: 355, height: 132))
        #expect(photos.rect == Rect(x: 10, y: 202, width: 355, height: 205))
        #expect(row.frames?.first { $0.id == "comments" }?.custom?.content == Rect(x: 30, y: 60, width: 335, height: 132))

        // Their layouts, in the row's coordinates at the elements' content boxes.
        let table = try #require(row.framesNested[comments.index])
        #expect(table.contentSize == Size(width: 335, height: 132))
        #expect(table.sections[0].elements.map(\.rect) == (0..<3).map { Rect(x: 30, y: 60 + 44 * Double($0), width: 335, height: 44) })
        let grid = try #require(row.framesNested[photos.index])
        #expect(grid.contentSize.height == 205)
        #expect(grid.sections[0].elements.map(\.rect) == [
            Rect(x: 10, y: 202, width: 100, height: 100), Rect(x: 137.5, y: 202, width: 100, height: 100),
            Rect(x: 265, y: 202, width: 100, height: 100),
            Rect(x: 10, y: 307, width: 100, height: 100), Rect(x: 137.5, y: 307, width: 100, height: 100),
        ])
        #expect(row.framesNested.count == 2)
        #expect(result.warnings.isEmpty)
    }

    /// A table that grows beside a text in a row: it takes the rest of the row, and the row is as
    /// tall as the taller of the two. Its inner layout is the one a table of that width has alone.
    @Test func aGrowingTableTakesTheRestOfTheRowAndItsOwnLayout() throws {
        let spec = try LayoutSpec.decode(json: """
            {"width": 375, "rowHeight": "automatic", "templates": {"post": {"stack": "horizontal", "spacing": 8, "alignment": "start", "children": [
               {"id": "title", "text": "$title", "textStyle": {"size": 15}},
               {"id": "side", "grow": 1, "table": {"rowHeight": "automatic", "sections": [{"rows": [{"text": "$comment"}]}]}}]}},
             "rows": [{"template": "post", "data": {"title": "Hello", "comment": "A comment long enough to wrap onto a second line in the room it has."}},
                      {"template": "post", "data": {"title": "World wide", "comment": "Short."}}]}
            """).spec
        let result = try Layouter.shared.compute(spec)
        let engine = try Layouter.shared.textEngine()
        var y = 0.0
        for (r, (title, comment)) in [("Hello", "A comment long enough to wrap onto a second line in the room it has."),
                                       ("World wide", "Short.")].enumerated() {
            let row = result.sections[0].elements[r]
            let titleSize = try engine.size(of: title, style: TextStyle(size: 15, scale: PixelScale(2)), width: nil).size
            let side = try frame(row, "side")
            #expect(side.rect.minX == titleSize.width + 8, "row \(r)")
            #expect(side.rect.width == 375 - titleSize.width - 8, "row \(r)")
            // The same table laid out on its own at that width (an independent computation).
            let alone = try Layouter.shared.compute(try LayoutSpec.decode(json: """
                {"width": \(side.rect.width), "rowHeight": "automatic", "rows": [{"text": "\(comment)"}]}
                """).spec)
            let nested = try #require(row.framesNested[side.index])
            #expect(nested.contentSize == alone.contentSize, "row \(r)")
            #expect(nested.sections[0].elements[0].rect.height == alone.sections[0].elements[0].rect.height, "row \(r)")
            #expect(side.rect.height == alone.contentSize.height, "row \(r)")
            // Row: the taller of title and table, plus the outer table's 0.5-pt separator.
            #expect(row.rect == Rect(x: 0, y: y, width: 375, height: max(titleSize.height, alone.contentSize.height) + 0.5), "row \(r)")
            y += row.rect.height
        }
        #expect(result.sections[0].elements[0].rect.height > result.sections[0].elements[1].rect.height)
    }

    /// A table has no width of its own (as a UITableView has no intrinsic content size): in a row,
    /// without `grow` or a `width`, it is 0 wide — laid out so, and said in a warning. With a
    /// `width` of its own it keeps it.
    @Test func aTableWithNothingGivingItAWidthIsZeroWideAndWarned() throws {
        let spec = try LayoutSpec.decode(json: """
            {"width": 375, "separatorStyle": "none", "rowHeight": "automatic", "rows": [{"layout": {"stack": "horizontal", "alignment": "start", "children": [
               {"box": {"width": 50, "height": 10}},
               {"id": "t", "table": {"rowHeight": 30, "sections": [{"rows": {"count": 2, "row": {}}}]}},
               {"id": "w", "table": {"width": 100, "rowHeight": 30, "sections": [{"rows": {"count": 1, "row": {}}}]}}]}}]}
            """).spec
        let result = try Layouter.shared.compute(spec)
        let row = result.sections[0].elements[0]
        #expect(try frame(row, "t").rect == Rect(x: 50, y: 0, width: 0, height: 60))
        #expect(try frame(row, "w").rect == Rect(x: 50, y: 0, width: 100, height: 30))
        #expect(row.rect.height == 60)
        #expect(result.warnings == [#"sections[0].rows[0].layout: element 1 ("t"): the table or grid is 0 wide (it has no width of its own: give it a width, grow, or a vertical stack that stretches it)"#])
    }

    /// A start-aligned column beside a box, holding a box 120 wide and a table with no width of its
    /// own: the column is as wide as its widest child (120, found with the table 0 wide), and the
    /// table, laid out within that width, fills it — the same frames as a column given `width: 120`
    /// outright, whose children are never measured without a limit. (A table's width is the limit
    /// it is given, not a content width: a measurement without a limit must not answer for one.)
    @Test func aTableInAColumnSizedByItsContentFillsTheColumn() throws {
        func frames(column width: String) throws -> ElementGeometry {
            let spec = try LayoutSpec.decode(json: """
                {"width": 375, "separatorStyle": "none", "rowHeight": "automatic", "rows": [{"layout": {"stack": "horizontal", "alignment": "start", "children": [
                   {"box": {"width": 50, "height": 10}},
                   {"stack": "vertical", "alignment": "start", \(width) "children": [
                     {"box": {"width": 120, "height": 20}},
                     {"id": "t", "table": {"rowHeight": 30, "sections": [{"rows": {"count": 2, "row": {}}}]}}]}]}}]}
                """).spec
            return try Layouter.shared.compute(spec).sections[0].elements[0]
        }
        let measured = try frames(column: ""), given = try frames(column: #""width": 120,"#)
        // x = 50 (after the box), y = 20 (below the 120 × 20 box), 2 rows of 30.
        #expect(try frame(measured, "t").rect == Rect(x: 50, y: 20, width: 120, height: 60))
        #expect(measured.frames?.map(\.rect) == given.frames?.map(\.rect))
        #expect(measured.rect.height == 80)
    }

    /// 200 rows, each a layout holding a table of its own (the rows are sized on all cores, each
    /// laying out its nested table from a worker thread): every row as the same spec computed with
    /// one row gives it. (Also run under ThreadSanitizer: scripts/tsan.sh.)
    @Test func rowsSizedOnAllCoresLayOutTheirOwnTables() throws {
        func row(_ i: Int) -> String {
            #"{"layout": {"stack": "vertical", "spacing": 4, "children": [{"id": "t", "text": "Post \#(i)"}, {"id": "c", "table": {"rowHeight": "automatic", "rows": [\#((0..<(i % 4 + 1)).map { #"{"text": "comment \#($0) on post \#(i) with some words"}"# }.joined(separator: ","))]}}]}}"#
        }
        let all = try Layouter.shared.compute(try LayoutSpec.decode(json: #"{"rowHeight": "automatic", "rows": [\#((0..<200).map(row).joined(separator: ","))]}"#).spec)
        #expect(all.sections[0].elements.count == 200)
        for i in stride(from: 0, to: 200, by: 23) {
            let alone = try Layouter.shared.compute(try LayoutSpec.decode(json: #"{"rowHeight": "automatic", "rows": [\#(row(i))]}"#).spec)
            let a = all.sections[0].elements[i], b = alone.sections[0].elements[0]
            #expect(a.rect.height == b.rect.height, "row \(i)")
            #expect(a.frames?.map(\.rect) == b.frames?.map(\.rect), "row \(i)")
            let index = try #require(a.frames?.firstIndex { $0.id == "c" })
            #expect(a.framesNested[index]?.sections[0].elements.count == i % 4 + 1, "row \(i)")
            #expect(a.framesNested[index]?.contentSize == b.framesNested[index]?.contentSize, "row \(i)")
        }
    }

    /// A grid item's card holding a title and a two-row table: the card's own width stretches the
    /// table; the item is as tall as the title plus the table; the table's layout sits under the
    /// element's frame in the item's coordinates (as every frame of a grid item is).
    @Test func aTableInsideAGridItemsCard() throws {
        let result = try Layouter.shared.compute(LayoutSpec.decode(json: """
            {"kind": "grid", "width": 375, "estimatedItemSize": {"width": 100, "height": 100},
             "items": [{"layout": {"stack": "vertical", "width": 150, "padding": 5, "children": [
                {"id": "title", "text": "Title", "textStyle": {"size": 14}},
                {"id": "list", "table": {"rowHeight": 30, "rows": {"count": 2, "row": {}}}}]}}]}
            """).spec)
        let title = try Layouter.shared.textEngine().size(of: "Title", style: TextStyle(size: 14, scale: PixelScale(2)), width: 140).size
        let item = result.sections[0].elements[0]
        // 5 + title + 2 × 30 + 5, rounded up to the half point; the table 150 − 2 × 5 = 140 wide.
        #expect(item.rect.size == Size(width: 150, height: PixelScale(2).ceil(5 + title.height + 60 + 5)))
        let list = try frame(item, "list")
        #expect(list.rect == Rect(x: 5, y: 5 + title.height, width: 140, height: 60))
        let table = try #require(item.framesNested[list.index])
        #expect(table.sections[0].elements.map(\.rect) == [Rect(x: 5, y: 5 + title.height, width: 140, height: 30),
                                                            Rect(x: 5, y: 35 + title.height, width: 140, height: 30)])
    }

    /// Drawn for a report (`drawsCells`), a drawn row's nested tables and grids are drawn too: the
    /// thread feed's first comment as its text, each photo as an image placeholder; a plain
    /// computation draws nothing.
    @Test func aDrawnRowDrawsTheTablesInsideIt() throws {
        let url = ComposedCellTests.examples.appendingPathComponent("thread-feed.json")
        let spec = try LayoutSpec.decode(Array(try Data(contentsOf: url)), format: .json).spec
        var options = ComputeOptions()
        options.drawsCells = true
        let drawn = try Layouter.shared.compute(spec, options: options).sections[0].elements[0]
        let frames = try #require(drawn.frames)
        let comments = try #require(frames.firstIndex { $0.id == "comments" }), photos = try #require(frames.firstIndex { $0.id == "photos" })
        let comment = try #require(drawn.framesNested[comments]?.sections[0].elements[0])
        #expect(comment.picture?.texts.map(\.string) == ["Looks lovely! 真漂亮"])
        let items = try #require(drawn.framesNested[photos]?.sections[0].elements)
        #expect(items.count == 3)
        #expect(items.allSatisfy { $0.picture?.images == [Rect(x: 0, y: 0, width: 108, height: 108)] })
        // The same layouts, undrawn, in a plain computation.
        let plain = try Layouter.shared.compute(spec).sections[0].elements[0]
        #expect(plain.framesNested[comments]?.sections[0].elements[0].picture == nil)
        #expect(plain.framesNested[comments]?.sections[0].elements.map(\.rect) == drawn.framesNested[comments]?.sections[0].elements.map(\.rect))
    }

    /// A grid item's table left 0 wide is warned about in the grid's result, as a row's is.
    @Test func aGridItemsZeroWideTableIsWarned() throws {
        let result = try Layouter.shared.compute(try LayoutSpec.decode(json: """
            {"kind": "grid", "width": 375, "estimatedItemSize": {"width": 100, "height": 100}, "items": [{"layout": {"stack": "horizontal",
              "width": 150, "alignment": "start", "children": [{"box": {"width": 40, "height": 40}}, {"id": "t", "table": {"rowHeight": 20, "rows": [20]}}]}}]}
            """).spec)
        #expect(result.warnings.contains(#"items[0].layout: element 1 ("t"): the table or grid is 0 wide (it has no width of its own: give it a width, grow, or a vertical stack that stretches it)"#))
        #expect(result.sections[0].elements[0].frames?.first { $0.id == "t" }?.rect == Rect(x: 40, y: 0, width: 0, height: 20))
    }

    /// The library's way to the same thing (DocC's "Composed cells" example): a `custom` element the
    /// host measures, its content box in the frame.
    @Test func aCustomElementIsMeasuredByTheHost() throws {
        let chart = CellElement(.custom(key: 7))
        let layout = CellLayout(textEngine: nil, customMeasure: { key, width in
            #expect(key == 7)
            return Size(width: width ?? 0, height: 120)   // the host's own measurement
        })
        let arranged = try layout.arrange(CellElement.vstack([CellElement.box(width: 40, height: 40), chart]), width: 375)
        #expect(arranged.frames[2].custom?.content == Rect(x: 0, y: 40, width: 375, height: 120))
        #expect(arranged.frames[2].custom?.key == 7)
        #expect(arranged.size == Size(width: 375, height: 160))
        let padded = try layout.arrange(CellElement.vstack([chart.padding(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))]), width: 100)
        #expect(padded.frames[1].rect == Rect(x: 0, y: 0, width: 100, height: 124))
        #expect(padded.frames[1].custom?.content == Rect(x: 2, y: 1, width: 94, height: 120))
    }

    /// Examples/thread-feed.json (posts with a photo grid and a comment table, composed section
    /// headers): each post is 12 + 36 + 8 + its text + 8 + photos (when shown) + 8 + comments (when
    /// shown) + 12 tall, plus the 0.5-pt separator — the text measured here at 375 − 32, the grid
    /// and table as tall as their own layouts under the frames say.
    @Test func theThreadFeedExampleAddsUp() throws {
        let url = ComposedCellTests.examples.appendingPathComponent("thread-feed.json")
        let spec = try LayoutSpec.decode(Array(try Data(contentsOf: url)), format: .json).spec
        let result = try Layouter.shared.compute(spec)
        #expect(result.warnings.isEmpty)
        let engine = try Layouter.shared.textEngine()
        var posts = 0
        for section in result.sections {
            #expect(section.headerLayout?.frames.contains { $0.id == "more" } == true)
            for row in section.elements {
                posts += 1
                let frames = try #require(row.frames)
                func frame(_ id: String) -> (Int, CellFrame)? { frames.enumerated().first { $0.element.id == id }.map { ($0.offset, $0.element) } }
                let text = try #require(frame("text")).1.rect
                // (The text's own size, measured independently: its frame is its bounding rect.)
                let texts = Self.texts(of: spec)
                try #require(texts.indices.contains(posts - 1), "post \(posts) has no text")
                let string = texts[posts - 1]
                #expect(text.size == (try engine.size(of: string, style: TextStyle(size: 15, scale: PixelScale(2)), width: 375 - 32)).size)
                var height = 12 + 36 + 8 + text.height + 12
                for id in ["photos", "comments"] {
                    guard let (index, f) = frame(id) else { continue }
                    let nested = try #require(row.framesNested[index], "\(id) of post \(posts)")
                    let inner = nested.contentSize.height  // (the grid has no contentInset)
                    #expect(f.rect.height == inner, "\(id) of post \(posts)")
                    height += 8 + inner
                }
                #expect(row.rect.height == PixelScale(2).ceil(height) + 0.5, "post \(posts)")
            }
        }
        #expect(posts == 4)
    }

    /// The posts' texts in order, read back from the spec's rows (the template's second child).
    static func texts(of spec: LayoutSpec) -> [String] {
        guard case .table(let table) = spec else { return [] }
        return table.sections.flatMap { $0.rows.runs.flatMap(\.cycle) }.compactMap { row -> String? in
            guard case .layout(let l) = row.content, case .stack(let post) = l.root.kind, post.children.count > 1,
                  case .text(let text) = post.children[1].kind else { return nil }
            return text.text
        }
    }

    @Test(arguments: [
        (#"{"rows": [{"layout": {"stack": "vertical", "children": [{"table": {"rowHeight": -1}}]}}]}"#,
         "rows[0].layout.children[0].table.rowHeight: must be ≥ 0"),
        (#"{"rows": [{"layout": {"table": {"rows": []}, "box": {}}}]}"#,
         "rows[0].layout: an element is one kind, but this one says box and table"),
        (#"{"kind": "grid", "sections": [{"items": [{"layout": {"grid": {"sections": []}}}]}]}"#,
         "sections[0].items[0].layout.grid.sections: must contain at least one section"),
    ])
    func badNestedContentNamesThePath(json: String, message: String) {
        do {
            _ = try LayoutSpec.decode(json: json)
            Issue.record("accepted: \(json)")
        } catch {
            #expect(error.description == message)
        }
    }

    /// Tables inside layouts count towards the nesting limit as tables in rows do.
    @Test func tablesInsideLayoutsCountTowardsTheNestingLimit() {
        var json = #"{"rows": []}"#
        for _ in 0..<20 { json = #"{"rows": [{"layout": {"table": \#(json)}}]}"# }
        do {
            _ = try LayoutSpec.decode(json: json)
            Issue.record("accepted")
        } catch {
            #expect(error.message == "tables and grids are nested more than 16 deep")
        }
    }

    /// A template that holds itself through a table inside it stops at the nesting limit, and the
    /// message names its outermost use once.
    @Test func aTemplateInsideItselfStopsAtTheNestingLimit() {
        do {
            _ = try LayoutSpec.decode(json: """
                {"templates": {"t": {"stack": "vertical", "children": [{"table": {"rows": [{"template": "t"}, {"template": "t"}]}},
                  {"table": {"rows": [{"template": "t"}]}}]}}, "rows": [{"template": "t"}]}
                """)
            Issue.record("accepted")
        } catch {
            #expect(error.description == #"templates.t.children[0].table: tables and grids are nested more than 16 deep (template "t" used by rows[0])"#)
        }
    }

    /// An error inside a nested table is named at its own path, through the element that holds it.
    @Test func anErrorInsideANestedTableNamesItsPath() throws {
        let spec = try LayoutSpec.decode(json: """
            {"rowHeight": "automatic", "rows": [{"layout": {"stack": "vertical", "children": [{"text": "A"},
              {"table": {"rows": [{"text": "ok"}, {"text": "bad font", "textStyle": {"font": "NoSuchFont"}}]}}]}}]}
            """).spec
        do {
            _ = try Layouter.shared.compute(spec)
            Issue.record("computed")
        } catch {
            #expect(error.description.contains("sections[0].rows[0].layout.children[1].table.sections[0].rows[1].textStyle: unknown font 'NoSuchFont'"))
        }
    }
}
