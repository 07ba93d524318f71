import Foundation
import LayoutEngine
import LayoutGeometry
import Testing

/// `ComputeOptions.drawsCells` (issue 14: the report draws what a phone would show). Expected
/// positions are UIKit's arithmetic, by hand: a 375-pt table at scale 2 has 16-pt layout margins
/// and a 0.5-pt separator; a disclosure indicator takes 33 pt on the right (TableMetrics, from
/// the seed notes); labels are centred in the content height (row − separator).
@Suite struct CellPictureTests {
    func draw(_ json: String) throws -> ComputeResult {
        var options = ComputeOptions()
        options.drawsCells = true
        return try compute(LayoutSpec.decode(json: json).spec, options: options)
    }

    func picture(_ r: ComputeResult, _ s: Int = 0, _ row: Int = 0) throws -> CellPicture {
        try #require(r.sections[s].elements[row].picture)
    }

    @Test func value1CellWithDisclosureIndicator() throws {
        let r = try draw("""
        {"kind": "table", "width": 375, "scale": 2, "rowHeight": 44,
         "rows": [{"style": "value1", "text": "Name", "detail": "12345", "accessory": "disclosureIndicator"}]}
        """)
        let p = try picture(r)
        #expect(p.heightSource == "fixed")
        #expect(p.texts.count == 2)
        let text = p.texts[0], detail = p.texts[1]
        #expect(text.string == "Name" && detail.string == "12345")
        #expect(text.frame.minX == 16)                       // the left margin
        #expect(text.frame.minY == (43.5 - text.frame.height) / 2)
        #expect(detail.frame.maxX == 375 - 33 - 16)           // content view 342 wide, less the right margin
        #expect(detail.frame.minY == (43.5 - detail.frame.height) / 2)
        #expect(p.accessory == CellPicture.Accessory(kind: "disclosureIndicator", frame: Rect(x: 342, y: 0, width: 33, height: 43.5)))
        #expect(p.separator == Rect(x: 16, y: 43.5, width: 359, height: 0.5))
        #expect(p.lineCount == 2)
        #expect(!text.path.isEmpty && !detail.path.isEmpty)
    }

    @Test func subtitleCellWithImageStacksItsLabels() throws {
        let r = try draw("""
        {"kind": "table", "width": 375, "scale": 2, "rowHeight": "automatic",
         "rows": [{"style": "subtitle", "text": "Kenshin Cui", "detail": "18500131234", "image": {"width": 40, "height": 40}}]}
        """)
        let p = try picture(r)
        let height = r.sections[0].elements[0].rect.height - 0.5
        #expect(p.heightSource == "measured")
        #expect(p.images == [Rect(x: 16, y: (height - 40) / 2, width: 40, height: 40)])
        let text = p.texts[0], detail = p.texts[1]
        #expect(text.frame.minX == 16 + 40 + 16 && detail.frame.minX == 72)   // margin + image + image-text gap
        #expect(text.frame.minY == (height - text.frame.height - detail.frame.height) / 2)
        #expect(detail.frame.minY == text.frame.maxY)
        #expect(p.separator?.minX == 72)                     // the separator starts under the text
    }

    /// A composed cell: each text leaf drawn at its frame, each box as an image placeholder.
    @Test func composedCellDrawsItsLeavesAtTheirFrames() throws {
        let r = try draw("""
        {"kind": "table", "width": 375, "scale": 2, "rowHeight": "automatic", "separatorStyle": "none",
         "rows": [{"layout": {"stack": "horizontal", "spacing": 10, "children": [
             {"box": {"width": 40, "height": 40}, "id": "avatar"},
             {"text": "A name that is long enough to wrap over two lines at this width", "id": "name"}]}}]}
        """)
        let element = r.sections[0].elements[0]
        let p = try #require(element.picture)
        let frames = try #require(element.frames)
        let avatar = try #require(frames.first { $0.id == "avatar" }), name = try #require(frames.first { $0.id == "name" })
        #expect(p.images == [avatar.rect])
        #expect(p.texts.count == 1)
        #expect(p.texts[0].frame == name.rect)
        #expect(p.texts[0].lineCount == 2)
        #expect(p.separator == nil)
    }

    /// A justified text is drawn across its frame (its box's content width): the outline of every
    /// line but the last reaches both edges; the last sits at the start edge — the right in a
    /// right-to-left element, whatever the text's own direction.
    @Test(arguments: ["ltr", "rtl"])
    func justifiedTextIsDrawnAcrossItsFrame(direction: String) throws {
        let r = try draw("""
        {"kind": "table", "width": 375, "scale": 2, "rowHeight": "automatic", "separatorStyle": "none",
         "rows": [{"layout": {"stack": "vertical", "padding": 10, "direction": "\(direction)", "children": [
             {"text": "The quick brown fox jumps over the lazy dog and keeps running far away from the farm", "id": "t",
              "textStyle": {"size": 17}, "textAlignment": "justified"}]}}]}
        """)
        let p = try picture(r)
        let frame = try #require(r.sections[0].elements[0].frames?.first { $0.id == "t" }).rect
        #expect(frame.width == 355 && p.texts.count == 1 && p.texts[0].frame == frame)
        let lines = p.texts[0].lineCount
        #expect(lines >= 2)
        let numbers = p.texts[0].path.split(whereSeparator: { "MLQCZ ,".contains($0) }).compactMap { Double($0) }
        let points = stride(from: 0, to: numbers.count - 1, by: 2).map { (numbers[$0], numbers[$0 + 1]) }
        let lineHeight = frame.height / Double(lines)
        let first = points.filter { $0.1 < lineHeight }.map(\.0), last = points.filter { $0.1 > frame.height - lineHeight }.map(\.0)
        #expect(first.min()! < 2 && first.max()! > 355 - 2)  // stretched: both edges
        if direction == "ltr" {
            #expect(last.min()! < 2 && last.max()! < 355 - 20)  // the last line at the left
        } else {
            #expect(last.min()! > 20 && last.max()! > 355 - 2)  // at the right
        }
    }

    /// Truncation shows: a one-line label cut short says so.
    @Test func truncatedLabel() throws {
        let r = try draw("""
        {"kind": "table", "width": 200, "scale": 2, "rowHeight": 44,
         "textStyles": {"one": {"numberOfLines": 1, "lineBreakMode": "truncateTail"}},
         "rows": [{"text": "A title much too long to fit in one line of this narrow table", "textStyle": "one"}]}
        """)
        let text = try #require(try picture(r).texts.first)
        #expect(text.truncated)
        #expect(text.lineCount == 1)
        #expect(text.frame.maxX <= 200 - 16)
    }

    /// Off by default; a row never measured is drawn as its estimate only.
    @Test func offByDefaultAndNothingForEstimatedRows() throws {
        let json = """
        {"kind": "table", "width": 375, "rowHeight": "automatic", "estimatedRowHeight": 80,
         "viewport": {"height": 100, "offset": 0},
         "sections": [{"rows": {"count": 50, "row": {"text": "Hello"}}}]}
        """
        let plain = try compute(LayoutSpec.decode(json: json).spec)
        #expect(plain.sections[0].elements.allSatisfy { $0.picture == nil })
        var options = ComputeOptions()
        options.drawsCells = true
        options.drawnRowLimit = 10
        let drawn = try compute(LayoutSpec.decode(json: json).spec, options: options)
        let pictures = drawn.sections[0].elements.compactMap(\.picture)
        #expect(pictures.count == 10)
        #expect(pictures.first?.heightSource == "measured" && pictures.first?.texts.count == 1)
        #expect(pictures.last?.heightSource == "estimated" && pictures.last?.texts.isEmpty == true)
    }

    /// Header and footer titles at the layout margin.
    @Test func sectionTitles() throws {
        let r = try draw("""
        {"kind": "table", "width": 375, "scale": 2, "style": "grouped",
         "sections": [{"header": {"title": "Settings"}, "footer": {"title": "Footnote"}, "rows": [{"text": "Wi-Fi"}]}]}
        """)
        let header = try #require(r.sections[0].headerPicture?.texts.first)
        let footer = try #require(r.sections[0].footerPicture?.texts.first)
        #expect(header.string == "Settings" && footer.string == "Footnote")
        #expect(header.frame.minX == 16 && footer.frame.minX == 16)
    }

    /// Grid items: a text inside its insets, an item with only a size as a photo placeholder.
    @Test func gridItems() throws {
        let r = try draw("""
        {"kind": "grid", "width": 375, "scale": 2,
         "items": [{"text": "A caption", "insets": {"top": 4, "left": 6, "bottom": 4, "right": 6}}, {"width": 100, "height": 80}]}
        """)
        let items = r.sections[0].elements
        let text = try #require(items[0].picture?.texts.first)
        #expect(text.frame.origin == Point(x: 6, y: 4))
        #expect(text.frame.width <= items[0].rect.width - 12 && text.frame.maxY <= items[0].rect.height - 4)
        #expect(items[0].picture?.heightSource == "measured")
        #expect(items[1].picture?.images == [Rect(x: 0, y: 0, width: 100, height: 80)])
        #expect(items[1].picture?.heightSource == "fixed")
    }
}
