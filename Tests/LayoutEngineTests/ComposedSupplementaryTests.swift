import Foundation
import LayoutEngine
import Testing

/// Composed headers and footers (`"layout"` or a template in a section's header or footer and in
/// the table's header and footer view, issue 10): self-sizing to their layout across the header's
/// width, frames in the header's own coordinates. Expected values: arithmetic on the spec's
/// constants and the texts' sizes measured here through the text engine.
@Suite struct ComposedSupplementaryTests {
    static let spec = """
        {"width": 375, "rowHeight": 44, "separatorStyle": "none",
         "templates": {"hdr": {"stack": "horizontal", "padding": {"left": 16, "right": 16, "top": 8, "bottom": 8}, "alignment": "center",
                               "spacing": 8, "children": [{"id": "icon", "box": {"width": 24, "height": 24}},
                               {"id": "title", "text": "$title", "textStyle": {"size": 17}}, {"spacer": {}}, {"id": "more", "text": "More", "textStyle": {"size": 13}}]}},
         "tableHeader": {"layout": {"stack": "vertical", "padding": 16, "spacing": 8, "children": [
            {"id": "banner", "box": {"aspectRatio": 3}}, {"id": "caption", "text": "Today's picks"}]}},
         "sections": [
           {"header": {"template": "hdr", "data": {"title": "Friends"}}, "rows": {"count": 3, "row": {}},
            "footer": {"layout": {"stack": "vertical", "padding": 10, "children": [{"id": "note", "text": "3 friends, sorted by name"}]}}},
           {"header": {"height": 60, "layout": {"stack": "horizontal", "children": [{"id": "fixed", "text": "Fixed"}]}}, "rows": {"count": 2, "row": {}}}]}
        """

    func size(_ text: String, _ points: Double) throws -> Size {
        try Layouter.shared.textEngine().size(of: text, style: TextStyle(size: points, scale: PixelScale(2)), width: nil).size
    }

    func frame(_ frames: [CellFrame]?, _ id: String) -> Rect? { frames?.first { $0.id == id }?.rect }

    @Test func headersFootersAndTheTableHeaderTakeTheirLayoutsHeight() throws {
        let result = try Layouter.shared.compute(try LayoutSpec.decode(json: Self.spec).spec)
        let half = PixelScale(2)
        // Table header: 16 + 343 / 3 (the banner across 375 − 2 × 16) + 8 + caption + 16, rounded up.
        let caption = try size("Today's picks", 17)
        let tableHeader = half.ceil(16 + 343.0 / 3 + 8 + caption.height + 16)
        #expect(result.tableHeader == Rect(x: 0, y: 0, width: 375, height: tableHeader))
        #expect(frame(result.tableHeaderLayout?.frames, "banner") == Rect(x: 16, y: 16, width: 343, height: 343.0 / 3))
        #expect(frame(result.tableHeaderLayout?.frames, "caption") == Rect(x: 16, y: 16 + 343.0 / 3 + 8, width: caption.width, height: caption.height))

        // Section 0's header: the tallest of icon (24), title and "More", plus 8 + 8; items centred.
        let title = try size("Friends", 17), more = try size("More", 13)
        let inner = max(24, title.height, more.height)
        let header = try #require(result.sections[0].header)
        #expect(header == Rect(x: 0, y: tableHeader, width: 375, height: half.ceil(inner + 16)))
        let frames = result.sections[0].headerLayout?.frames
        #expect(frame(frames, "icon") == Rect(x: 16, y: 8 + (inner - 24) / 2, width: 24, height: 24))
        #expect(frame(frames, "title") == Rect(x: 48, y: 8 + (inner - title.height) / 2, width: title.width, height: title.height))
        // "More" at the right padding (the spacer takes the rest).
        #expect(frame(frames, "more") == Rect(x: 375 - 16 - more.width, y: 8 + (inner - more.height) / 2, width: more.width, height: more.height))

        // Its footer: 10 + note + 10, after the three 44-pt rows.
        let note = try size("3 friends, sorted by name", 17)
        let footer = try #require(result.sections[0].footer)
        #expect(footer == Rect(x: 0, y: header.maxY + 3 * 44, width: 375, height: half.ceil(note.height + 20)))
        #expect(frame(result.sections[0].footerLayout?.frames, "note") == Rect(x: 10, y: 10, width: note.width, height: note.height))

        // Section 1's header gives a height: it keeps it, and its layout is still reported.
        #expect(result.sections[1].header?.height == 60)
        #expect(frame(result.sections[1].headerLayout?.frames, "fixed") == Rect(x: 0, y: 0, width: try size("Fixed", 17).width,
                                                                                 height: try size("Fixed", 17).height))
        #expect(result.sections[1].footerLayout == nil)
    }

    @Test(arguments: [
        (#"{"sections": [{"header": {"title": "A", "layout": {"spacer": {}}}}]}"#,
         "sections[0].header.layout: a header or footer with a title cannot also have a layout"),
        (#"{"templates": {"t": {"spacer": {}}}, "sections": [{"header": {"template": "t", "layout": {"spacer": {}}}}]}"#,
         "sections[0].header: a header or footer holds a layout or a template, not both"),
        (#"{"sections": [{"footer": {"data": {"a": 1}}}]}"#, "sections[0].footer.data: data is for a header or footer with a template"),
        (#"{"sections": [{"header": {"height": "automatic"}}]}"#, "sections[0].header.height: \"automatic\" needs a title or a layout to measure"),
        (#"{"tableHeader": {"layout": {"stack": "sideways"}}}"#, "tableHeader.layout.stack: \"sideways\" is not one of horizontal, vertical"),
    ])
    func badComposedHeadersNameThePath(json: String, message: String) {
        do {
            _ = try LayoutSpec.decode(json: json)
            Issue.record("accepted: \(json)")
        } catch {
            #expect(error.description == message)
        }
    }

    /// A header's unknown font is named at its path when the table is computed.
    @Test func aComposedHeadersBadFontNamesItsPath() throws {
        let spec = try LayoutSpec.decode(json: """
            {"sections": [{"header": {"layout": {"text": "A", "textStyle": {"font": "NoSuchFont"}}}, "rows": [44]}]}
            """).spec
        do {
            _ = try Layouter.shared.compute(spec)
            Issue.record("computed")
        } catch {
            #expect(error.description.hasPrefix("sections[0].header.layout: unknown font 'NoSuchFont'"))
        }
    }

    /// Drawn for the report: a composed table header's and section header's texts at their frames,
    /// and a titled table header's title at the layout margin (16 pt at 375) below its padding.
    @Test func composedAndTitledTableViewsAreDrawn() throws {
        var options = ComputeOptions()
        options.drawsCells = true
        let result = try Layouter.shared.compute(try LayoutSpec.decode(json: Self.spec).spec, options: options)
        let header = try #require(result.tableHeaderPicture)
        #expect(header.texts.map(\.string) == ["Today's picks"])
        #expect(header.texts.first?.frame.origin == frame(result.tableHeaderLayout?.frames, "caption")?.origin)
        #expect(header.images.first == frame(result.tableHeaderLayout?.frames, "banner"))
        let section = try #require(result.sections[0].headerPicture)
        #expect(section.texts.map(\.string) == ["Friends", "More"])
        #expect(section.texts.first?.frame.origin == frame(result.sections[0].headerLayout?.frames, "title")?.origin)

        let titled = try Layouter.shared.compute(try LayoutSpec.decode(json: """
            {"width": 375, "tableHeader": {"title": "Contacts"}, "rows": [44]}
            """).spec, options: options)
        let text = try #require(titled.tableHeaderPicture?.texts.first)
        #expect(text.string == "Contacts")
        #expect(text.frame.minX == 16)
        #expect(titled.tableHeaderPicture?.heightSource == "measured")
        #expect(try #require(titled.tableHeader).height >= text.frame.maxY)
    }
}
