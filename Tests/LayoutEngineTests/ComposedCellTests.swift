import Foundation
import LayoutEngine
import Testing

/// Composed cells (`"layout"` rows) through the spec: the seed's Weibo cell against the seed's own
/// formulas (uikit-notes-seeds-000-001.md S13, §2.9), templates, frames in the result, bad input.
@Suite struct ComposedCellTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")

    func weibo() throws -> (LayoutSpec, JSONObject) {
        let data = try Data(contentsOf: Self.examples.appendingPathComponent("weibo-feed.json"))
        let spec = try LayoutSpec.decode(Array(data), format: .json).spec
        guard case .object(let root) = try JSONParser.parse(Array(data)) else { throw SpecError(.root, "not an object") }
        return (spec, root)
    }

    /// Every row of Examples/weibo-feed.json, checked frame by frame against the seed's formulas
    /// with sizes measured independently here through the text engine (scale 2, as the spec says).
    @Test func weiboFeedFollowsTheSeedsFormulas() throws {
        let (spec, json) = try weibo()
        let result = try Layouter.shared.compute(spec)
        let engine = try Layouter.shared.textEngine()
        guard case .array(let sections)? = json["sections"], case .object(let section) = sections[0],
              case .array(let rows)? = section["rows"] else { Issue.record("bad example"); return }
        let width = 375.0
        #expect(result.sections[0].elements.count == 20)
        var y = 0.0
        for (r, row) in rows.enumerated() {
            guard case .object(let o) = row, case .object(let data)? = o["data"],
                  case .string(let name)? = data["name"], case .string(let time)? = data["time"],
                  case .string(let source)? = data["source"], case .string(let text)? = data["text"],
                  case .bool(let noBadge)? = data["noBadge"] else { Issue.record("row \(r)"); continue }
            func size(_ s: String, _ points: Double, lines: Int, width: Double?) throws -> Size {
                try engine.size(of: s, style: TextStyle(size: points, numberOfLines: lines, scale: PixelScale(2)), width: width).size
            }
            let nameSize = try size(name, 14, lines: 1, width: nil)
            let timeSize = try size(time, 12, lines: 1, width: nil)
            let sourceSize = try size(source, 12, lines: 1, width: nil)
            let textSize = try size(text, 14, lines: 0, width: width - 20)
            let element = result.sections[0].elements[r]
            let frames = Dictionary(uniqueKeysWithValues: (element.frames ?? []).compactMap { f in f.id.map { ($0, f.rect) } })
            let h = max(timeSize.height, sourceSize.height)
            // Row height = 70 + text height (separatorStyle none); rows are contiguous.
            #expect(element.rect == Rect(x: 0, y: y, width: width, height: 70 + textSize.height), "row \(r)")
            #expect(frames["avatar"] == Rect(x: 10, y: 10, width: 40, height: 40), "row \(r)")
            #expect(frames["name"] == Rect(x: 60, y: 10, width: nameSize.width, height: nameSize.height), "row \(r)")
            if noBadge {
                #expect(frames["badge"] == nil, "row \(r): a hidden badge has no frame")
            } else {
                #expect(frames["badge"] == Rect(x: 60 + nameSize.width + 10, y: 10, width: 13, height: 13), "row \(r)")
            }
            #expect(frames["time"] == Rect(x: 60, y: 50 - h, width: timeSize.width, height: timeSize.height), "row \(r)")
            #expect(frames["source"] == Rect(x: 60 + timeSize.width + 10, y: 50 - h, width: sourceSize.width, height: sourceSize.height), "row \(r)")
            #expect(frames["text"] == Rect(x: 10, y: 60, width: textSize.width, height: textSize.height), "row \(r)")
            y += 70 + textSize.height
        }
        #expect(result.contentSize.height == y)
    }

    /// Examples/chat-rtl.json, an Arabic and Hebrew chat laid out right to left: an incoming
    /// bubble hugs the right edge (its row's leading padding, 12), an outgoing one the left; in each,
    /// the message sits at the bubble's right inside its 12-pt padding and the time at its left, 6
    /// pt or more from the message's box — arithmetic on the spec's numbers and the frames' sizes.
    @Test func aRightToLeftChatMirrorsItsBubbles() throws {
        let data = try Data(contentsOf: Self.examples.appendingPathComponent("chat-rtl.json"))
        let document = try LayoutSpec.decode(Array(data), format: .json)
        #expect(document.warnings.isEmpty)
        guard case .object(let json) = try JSONParser.parse(Array(data)), case .array(let sections)? = json["sections"],
              case .object(let section) = sections[0], case .array(let rows)? = section["rows"] else { Issue.record("bad example"); return }
        let result = try Layouter.shared.compute(document.spec)
        #expect(result.sections[0].elements.count == rows.count)
        var singleLine = 0
        for (r, row) in rows.enumerated() {
            guard case .object(let o) = row, case .string(let template)? = o["template"] else { Issue.record("row \(r)"); continue }
            let frames = Dictionary(uniqueKeysWithValues: (result.sections[0].elements[r].frames ?? []).compactMap { f in f.id.map { ($0, f.rect) } })
            let bubble = try #require(frames["bubble"]), message = try #require(frames["message"]), time = try #require(frames["time"])
            if template == "in" {
                #expect(bubble.maxX == 375 - 12, "row \(r)")
                #expect(bubble.minX >= 60, "row \(r)")  // the trailing padding, on the left
            } else {
                #expect(bubble.minX == 12, "row \(r)")
                #expect(bubble.maxX <= 375 - 60, "row \(r)")
            }
            #expect(abs(message.maxX - (bubble.maxX - 12)) < 1e-9, "row \(r)")
            #expect(abs(time.minX - (bubble.minX + 12)) < 1e-9, "row \(r)")
            #expect(time.maxX + 6 <= message.minX + 1e-9, "row \(r)")
            if message.height < 25 {  // one line: the bubble is as wide as what it holds
                singleLine += 1
                #expect(abs(time.maxX + 6 - message.minX) < 1e-9, "row \(r)")
                #expect(abs(bubble.width - (12 + time.width + 6 + message.width + 12)) < 1e-9, "row \(r)")
            }
        }
        #expect(singleLine >= 2)
        // The day's title, centred across the header (its padding 8 on both sides).
        let header = try #require(result.sections[0].headerLayout?.frames.first { $0.id == "day" }?.rect)
        #expect(abs(header.midX - 375 / 2) < 1e-9)
    }

    @Test func framesAreInTheRowsCoordinatesInsideItsInsets() throws {
        let spec = try LayoutSpec.decode(json: """
            {"width": 300, "separatorStyle": "none", "rows": [
              {"height": 30},
              {"insets": {"top": 5, "left": 7}, "layout": {"stack": "horizontal", "children": [{"id": "b", "box": {"width": 20, "height": 20}}]}}]}
            """).spec
        let result = try Layouter.shared.compute(spec)
        let row = result.sections[0].elements[1]
        #expect(row.rect == Rect(x: 0, y: 30, width: 300, height: 25))  // 20 + 5 (top inset)
        #expect(row.frames?.first { $0.id == "b" }?.rect == Rect(x: 7, y: 5, width: 20, height: 20))
        #expect(result.sections[0].elements[0].frames == nil)
    }

    /// `"baselines": "css"` reaches the rows' cells and the items of a nested grid, and a layouter
    /// keeping prepared cells does not hand a cell prepared for one placement to the other:
    /// DejaVu Sans 10 pt beside 20 pt sits 9.282 lower exact (18.564 − 9.282), 9 with css (18 − 9;
    /// FlexTests.cssBaselinesRoundAsABrowserDoes has the arithmetic).
    @Test func baselinePlacementReachesEveryCellAndKeepsItsOwnPreparedCells() throws {
        let cell = #"{"stack": "horizontal", "alignment": "firstBaseline", "children": [{"id": "big", "text": "Big", "textStyle": {"size": 20}}, {"id": "small", "text": "small", "textStyle": {"size": 10}}]}"#
        let json = { (mode: String) in
            #"{"width": 300, "scale": 0, "baselines": ""# + mode + #"", "separatorStyle": "none", "rowHeight": "automatic", "templates": {"t": "#
                + cell + #"}, "rows": [{"template": "t"}, {"grid": {"kind": "grid", "scale": 0, "items": [{"layout": "# + cell + "}]}}]}"
        }
        let layouter = Layouter(preparedCellUnits: Layouter.defaultPreparedCellUnits)
        let exact = 1901.0 * 20 / 2048 - 1901.0 * 10 / 2048
        for (mode, offset) in [("exact", exact), ("css", 9.0), ("exact", exact)] {
            let result = try layouter.compute(try LayoutSpec.decode(json: json(mode)).spec)
            let small = try #require(result.sections[0].elements[0].frames?.first { $0.id == "small" }?.rect)
            #expect(abs(small.minY - offset) < 1e-9, "\(mode)")
            let item = try #require(result.sections[0].elements[1].nested?.sections[0].elements[0])
            let nestedSmall = try #require(item.frames?.first { $0.id == "small" }?.rect)
            #expect(abs(nestedSmall.minY - offset) < 1e-9, "\(mode), grid item")
        }
    }

    @Test func identicalTemplateUsesDecodeToTheSameTree() throws {
        let doc = try LayoutSpec.decode(json: """
            {"templates": {"t": {"stack": "vertical", "children": [{"text": "$s"}, {"box": {"width": "$w", "height": 10}}]}},
             "rows": [{"template": "t", "data": {"s": "a", "w": 5}}, {"template": "t", "data": {"s": "a", "w": 5}},
                      {"template": "t", "data": {"s": "b", "w": 6}}]}
            """)
        guard case .table(let table) = doc.spec else { Issue.record("not a table"); return }
        let rows = table.sections[0].rows.runs.flatMap(\.cycle)
        guard case .layout(let a) = rows[0].content, case .layout(let b) = rows[1].content, case .layout(let c) = rows[2].content else {
            Issue.record("not layouts"); return
        }
        #expect(a == b)
        #expect(a != c)
        #expect(doc.warnings.isEmpty)
    }

    @Test(arguments: [
        (#"{"rows": [{"layout": {"stack": "diagonal"}}]}"#, "rows[0].layout.stack: \"diagonal\" is not one of horizontal, vertical"),
        (#"{"rows": [{"layout": {"stack": "vertical", "spacing": -1}}]}"#, "rows[0].layout.spacing: must be ≥ 0"),
        (#"{"rows": [{"layout": {"box": {"width": 1}, "grow": -2}}]}"#, "rows[0].layout.grow: must be ≥ 0"),
        (#"{"rows": [{"layout": {"boxx": {}}}]}"#, "rows[0].layout: an element needs one of stack, box, text, spacer, overlay, background, table, grid (did you mean \"box\"?)"),
        (#"{"rows": [{"layout": {"box": {}, "text": "x"}}]}"#, "rows[0].layout: an element is one kind, but this one says box and text"),
        (#"{"rows": [{"template": "post"}]}"#, "rows[0].template: unknown template \"post\" (the spec defines no templates)"),
        (#"{"templates": {"t": {"text": "$s"}}, "rows": [{"template": "t", "data": {}}]}"#, "rows[0].data: template \"t\" binds \"$s\", which data does not give"),
        (#"{"templates": {"t": {"text": "$s"}}, "rows": [{"template": "t", "data": {"s": 5}}]}"#, "templates.t.text: expected a string or an array of runs, got a number (template \"t\" used by rows[0])"),
        // An unknown property is an error (issue 10), not a warning as elsewhere in a spec: a
        // misspelt "grow" would lay the cell out quietly as something else.
        (#"{"rows": [{"layout": {"box": {"width": 1}, "gorw": 1}}]}"#, "rows[0].layout.gorw: unknown property (did you mean \"grow\"?)"),
        (#"{"templates": {"t": {"stack": "vertical", "children": [{"box": {"heigth": 3}}]}}, "rows": [{"template": "t", "data": {}}]}"#,
         "templates.t.children[0].box.heigth: unknown property (did you mean \"height\"?) (template \"t\" used by rows[0])"),
        (#"{"rows": [{"layout": {"spacer": {"size": 3}}}]}"#, "rows[0].layout.spacer.size: unknown property (this takes none: {})"),
        (#"{"rows": [{"layout": {"stack": "vertical", "children": [{"repeat": 2, "item": {"spacer": {}}}]}}]}"#,
         "rows[0].layout.children[0].item: unknown property (known: repeat, element)"),
    ])
    func badLayoutsNameThePath(json: String, message: String) {
        do {
            _ = try LayoutSpec.decode(json: json)
            Issue.record("accepted: \(json)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func anOverflowingStackIsLaidOutAndWarnedAbout() throws {
        // Two boxes that may not shrink below 80 in a 100-pt row: laid out past the edge (80 + 80),
        // and the result says which stack overflowed.
        let spec = try LayoutSpec.decode(json: """
            {"width": 100, "separatorStyle": "none", "rows": [{"layout": {"stack": "horizontal", "children": [
              {"box": {"width": 80, "height": 10}, "minWidth": 80}, {"id": "b", "box": {"width": 80, "height": 10}, "minWidth": 80}]}}]}
            """).spec
        let result = try Layouter.shared.compute(spec)
        #expect(result.sections[0].elements[0].frames?.first { $0.id == "b" }?.rect == Rect(x: 80, y: 0, width: 80, height: 10))
        #expect(result.warnings == ["sections[0].rows[0].layout: the root at width 100: its children's minimum sizes do not fit; they overflow the stack, as in flexbox"])
    }

    @Test func repeatsCannotMultiplyPastTheElementLimit() {
        // 1000 × 1000 × 1000 boxes written in a few bytes: refused while decoding, at the element
        // where the count passes 10,000 — not expanded first.
        let box = #"{"box": {"width": 1, "height": 1}}"#
        var json = box
        for _ in 0..<3 { json = #"{"stack": "vertical", "children": [{"repeat": 1000, "element": \#(json)}]}"# }
        do {
            _ = try LayoutSpec.decode(json: #"{"rows": [{"layout": \#(json)}]}"#)
            Issue.record("accepted")
        } catch {
            #expect(error.message == "the layout holds more than 10000 elements once its repeats are expanded (the limit)")
        }
    }

    @Test func sizesThatOverflowAreAnErrorNotNull() throws {
        // 1e308 + 1e308 is infinite: refused with the row's path rather than written as null.
        let spec = try LayoutSpec.decode(json: """
            {"rows": [{"layout": {"stack": "horizontal", "spacing": 1e308, "children": [
              {"box": {"width": 1e308, "height": 1e308}}, {"box": {"width": 1e308, "height": 1e308}}]}}]}
            """).spec
        #expect(throws: ComputeError.self) { try Layouter.shared.compute(spec) }
        do {
            _ = try Layouter.shared.compute(spec)
        } catch {
            #expect(error.description.contains("sections[0].rows[0].layout: the layout's geometry is not finite or exceeds 1e12 points"))
        }
    }

    /// Grid items with layouts: a card of fixed width whose height follows its texts, and an item
    /// that fits its content (a tag), each with frames in the item's coordinates.
    @Test func gridItemsTakeTheirLayoutsFittingSize() throws {
        let data = """
            {"kind": "grid", "width": 375, "estimatedItemSize": {"width": 100, "height": 100}, "sectionInset": {"left": 10, "right": 10},
             "templates": {"card": {"stack": "vertical", "spacing": 5, "padding": 8, "width": 172, "children": [
                {"id": "image", "box": {"aspectRatio": 1.5}}, {"id": "title", "text": "$title", "textStyle": {"size": 14}}, {"id": "price", "text": "$price", "textStyle": {"size": 12}}]}},
             "items": [{"template": "card", "data": {"title": "A product with a long name that wraps", "price": "¥199"}},
                       {"template": "card", "data": {"title": "Short", "price": "¥5"}},
                       {"layout": {"stack": "horizontal", "padding": 4, "children": [{"id": "tag", "text": "tag"}]}}]}
            """
        let result = try Layouter.shared.compute(LayoutSpec.decode(json: data).spec)
        let engine = try Layouter.shared.textEngine()
        func size(_ s: String, _ points: Double, _ width: Double?) throws -> Size {
            try engine.size(of: s, style: TextStyle(size: points, scale: PixelScale(2)), width: width).size
        }
        let items = result.sections[0].elements
        let title = try size("A product with a long name that wraps", 14, 172 - 16)
        let price = try size("¥199", 12, 172 - 16)
        // 8 + image (156 / 1.5 = 104) + 5 + title + 5 + price + 8, rounded up to the half point.
        #expect(items[0].rect.size == Size(width: 172, height: PixelScale(2).ceil(8 + 104 + 5 + title.height + 5 + price.height + 8)))
        #expect(items[0].frames?.first { $0.id == "title" }?.rect == Rect(x: 8, y: 117, width: title.width, height: title.height))
        let tag = try size("tag", 17, nil)
        #expect(items[2].rect.size == Size(width: tag.width + 8, height: tag.height + 8))
        #expect(items[2].frames?.first { $0.id == "tag" }?.rect == Rect(x: 4, y: 4, width: tag.width, height: tag.height))
    }

    @Test func aTreeDeeperThanTheLimitIsRefused() {
        var json = #"{"box": {"width": 1, "height": 1}}"#
        for _ in 0..<70 { json = #"{"stack": "vertical", "children": [\#(json)]}"# }
        do {
            _ = try LayoutSpec.decode(json: #"{"rows": [{"layout": \#(json)}]}"#)
            Issue.record("accepted")
        } catch {
            #expect(error.message == "elements nest deeper than 64 levels (the limit)")
        }
    }

    /// A layouter keeps composed cells prepared across calls (their trees read, their texts
    /// prepared), so the same decoded feed at a new width only lays its cells out again. Every tree
    /// of the browser corpus (460 trees, every property), computed first at another width and then
    /// at its own by one layouter, gives exactly what a fresh layouter gives at its own width — and
    /// `--summary`'s frameless sizing gives the same rows as full detail.
    @Test func preparedCellsAnswerAsAFreshLayoutAtEveryWidth() throws {
        let lines = try String(contentsOf: FlexCorpusTests.url, encoding: .utf8).split(separator: "\n")
        #expect(lines.count >= 460)
        let engine = try Layouter.shared.textEngine()
        let keeping = Layouter(textEngine: engine)
        var checked = 0
        for line in lines {
            guard case .object(let c) = try JSONParser.parse(String(line)), case .number(let width)? = c["width"],
                  let tree = c["layout"] else { continue }
            func spec(_ w: Double) throws -> LayoutSpec {
                try LayoutSpec.decode(JSONValue.object(JSONObject([
                    ("width", .number(w)), ("rowHeight", .string("automatic")),
                    ("rows", .array([.object(JSONObject([("layout", tree)])), .object(JSONObject([("layout", tree)]))]))]))).spec
            }
            let decoded = try spec(width)
            guard case .table(var other) = decoded else { continue }
            other.width = width * 0.6 + 17
            _ = try keeping.compute(.table(other))
            var again = try keeping.compute(decoded)
            var fresh = try Layouter(textEngine: engine).compute(try spec(width))
            (again.timings, fresh.timings) = ([], [])  // wall-clock phases differ from run to run
            #expect(again == fresh, "\(c["id"].map { "\($0)" } ?? "?")")
            let summary = try Layouter(textEngine: engine).compute(try spec(width), options: ComputeOptions(detail: .summary))
            #expect(summary.contentSize == fresh.contentSize && summary.warnings == fresh.warnings)
            checked += 1
        }
        #expect(checked >= 460)
    }

    /// Text styles are applied by the texts' order in the tree, hidden texts counted: a hidden
    /// 30-pt text before a visible 10-pt one leaves the visible text measured at 10 pt (its
    /// bounding rect as the text engine gives it at scale 2) and the row that tall plus the
    /// 0.5-pt separator.
    @Test func stylesFollowTheirTextsPastHiddenOnes() throws {
        let spec = try LayoutSpec.decode(json: #"""
        {"width": 300, "rowHeight": "automatic", "rows": [{"layout": {"stack": "vertical", "children": [
          {"stack": "horizontal", "hidden": true, "children": [{"text": "big", "textStyle": {"size": 30}}]},
          {"id": "small", "text": "small", "textStyle": {"size": 10}}]}}]}
        """#).spec
        let result = try Layouter().compute(spec)
        let small = try Layouter.shared.textEngine().size(of: "small", style: TextStyle(size: 10, scale: PixelScale(2)), width: nil).size
        #expect(small.height < 13)  // a 10-pt line: 10 × 2,384 / 2,048 = 11.64 pt before rounding
        #expect(result.sections[0].elements[0].frames?.first { $0.id == "small" }?.rect.size == small)
        #expect(result.sections[0].elements[0].rect.size.height == PixelScale(2).ceil(small.height) + 0.5)
    }

    /// A feed long enough (≥ 4,096 rows, each a run of its own) that its rows are resolved on all
    /// cores: the rows, their heights and frames are those of the same rows in a short feed
    /// (resolved one after another), rows whose template data repeat across the cores' shares
    /// included (each share resolves its own copy: the same answer).
    @Test func aLongFeedResolvedOnAllCoresIsTheShortFeedsRowForRow() throws {
        func feed(_ count: Int) throws -> ComputeResult {
            let rows = (0..<count).map { i in
                // Seven distinct data: every share of the long feed meets each of them.
                #"{"template": "t", "data": {"s": "\#(String(repeating: "word ", count: 1 + i % 7))", "w": \#(10 + i % 7)}}"#
            }
            let json = """
                {"width": 120, "separatorStyle": "none", "templates": {"t": {"stack": "vertical", "spacing": 2, "children": [
                  {"id": "s", "text": "$s", "textStyle": {"size": 14}}, {"id": "box", "box": {"width": "$w", "height": 10}}]}},
                 "rows": [\(rows.joined(separator: ","))]}
                """
            return try Layouter().compute(try LayoutSpec.decode(json: json).spec)
        }
        let long = try feed(5_000), short = try feed(700)
        #expect(long.sections[0].elements.count == 5_000)
        for i in 0..<5_000 {
            let a = long.sections[0].elements[i], b = short.sections[0].elements[i % 700]
            // Row i has the data of row i % 7 (and of short row i % 700, which is ≡ i mod 7).
            #expect(a.rect.height == b.rect.height, "row \(i)")
            #expect(a.frames == b.frames, "row \(i)")
            if a.rect.height != b.rect.height || a.frames != b.frames { break }
        }
        // The arithmetic for one row: a line of 14-pt text, the 2-pt gap, the 10-pt box.
        let box = try #require(long.sections[0].elements[4_999].frames?.first { $0.id == "box" }?.rect)
        #expect(box.width == Double(10 + 4_999 % 7))
        #expect(long.sections[0].elements[4_999].rect.height == box.maxY)
    }

    /// A long feed resolved on all cores fails with its first bad row, whichever core met it.
    @Test func aLongFeedResolvedOnAllCoresNamesItsFirstBadRow() {
        let rows = (0..<5_000).map { i in
            let font = i == 3_000 || i == 4_700 ? "No Such Font" : "DejaVu Sans"
            return #"{"layout": {"text": "row \#(i)", "textStyle": {"font": "\#(font)", "size": 12}}}"#
        }
        let json = #"{"rows": [\#(rows.joined(separator: ","))]}"#
        do {
            _ = try Layouter().compute(try LayoutSpec.decode(json: json).spec)
            Issue.record("a feed with an unknown font computed")
        } catch {
            #expect(String(describing: error).hasPrefix("sections[0].rows[3000].layout"), "\(error)")
        }
    }
}
