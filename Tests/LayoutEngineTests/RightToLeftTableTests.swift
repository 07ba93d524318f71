import Foundation
import LayoutEngine
import LayoutGeometry
import Testing

/// A table laid out right to left (`"layoutDirection": "rightToLeft"` at the top level, an app in
/// Arabic or Hebrew): each row is the mirror image of its left-to-right self — the content view
/// past the accessory on the left, system cells' labels and images from the right margin, the
/// separator inset from the right — and composed cells lay out right to left. Expected values are
/// the left-to-right ones reflected (x ↦ 375 − x − w), by UIKit's arithmetic as in
/// CellPictureTests: 16-pt margins, a 33-pt disclosure indicator, a 0.5-pt separator at scale 2.
@Suite struct RightToLeftTableTests {
    func draw(_ json: String) throws -> ComputeResult {
        var options = ComputeOptions()
        options.drawsCells = true
        return try compute(LayoutSpec.decode(json: json).spec, options: options)
    }

    static func spec(_ direction: String) -> String {
        """
        {"kind": "table", "width": 375, "scale": 2, "rowHeight": 44, "layoutDirection": "\(direction)",
         "rows": [{"style": "value1", "text": "Name", "detail": "12345", "accessory": "disclosureIndicator"},
                  {"layout": {"stack": "horizontal", "alignment": "start", "children": [{"id": "avatar", "box": {"width": 40, "height": 40}}]},
                   "accessory": "disclosureIndicator", "height": 44}]}
        """
    }

    @Test func aRowIsItsMirrorImage() throws {
        let ltr = try draw(Self.spec("ltr")), rtl = try draw(Self.spec("rightToLeft"))
        let p = try #require(ltr.sections[0].elements[0].picture), q = try #require(rtl.sections[0].elements[0].picture)
        func mirrored(_ r: Rect) -> Rect { Rect(x: 375 - r.maxX, y: r.minY, width: r.width, height: r.height) }
        #expect(p.texts.count == 2 && q.texts.count == 2)
        for (a, b) in zip(p.texts, q.texts) { #expect(b.frame == mirrored(a.frame), "\(a.string)") }
        #expect(q.texts[0].frame.maxX == 375 - 16)            // the text at the right margin
        #expect(q.texts[1].frame.minX == 33 + 16)             // the detail past the accessory and the margin
        #expect(q.accessory == CellPicture.Accessory(kind: "disclosureIndicator", frame: Rect(x: 0, y: 0, width: 33, height: 43.5)))
        #expect(q.separator == Rect(x: 0, y: 43.5, width: 359, height: 0.5))
        // A composed row: its content view is right of the accessory; its avatar at the start edge, the right.
        let avatarL = try #require(ltr.sections[0].elements[1].frames?.first { $0.id == "avatar" }?.rect)
        let avatarR = try #require(rtl.sections[0].elements[1].frames?.first { $0.id == "avatar" }?.rect)
        #expect(avatarL.minX == 0)
        #expect(avatarR.minX == 375 - 40)
        #expect(try #require(rtl.sections[0].elements[1].picture).images == [avatarR])
        // Row rects do not move.
        #expect(ltr.sections[0].elements.map(\.rect) == rtl.sections[0].elements.map(\.rect))
    }

    /// A row's insets are its content view's margins, mirrored with it: 10 on the left and 30 on
    /// the right left to right are 10 on the right and 30 on the left right to left.
    @Test func aRowsInsetsAreMirrored() throws {
        func root(_ direction: String) throws -> Rect {
            let json = """
            {"kind": "table", "width": 375, "layoutDirection": "\(direction)", "separatorStyle": "none",
             "rows": [{"layout": {"id": "root", "box": {"height": 20}}, "insets": {"top": 4, "left": 10, "bottom": 4, "right": 30}}]}
            """
            return try #require(compute(LayoutSpec.decode(json: json).spec).sections[0].elements[0].frames?.first { $0.id == "root" }?.rect)
        }
        #expect(try root("ltr") == Rect(x: 10, y: 4, width: 375 - 40, height: 20))
        #expect(try root("rtl") == Rect(x: 30, y: 4, width: 375 - 40, height: 20))
    }

    /// A composed row's own direction wins over the table's; the table's chrome is still mirrored.
    @Test func aRowsOwnDirectionWins() throws {
        let json = """
        {"kind": "table", "width": 375, "layoutDirection": "rtl", "separatorStyle": "none",
         "rows": [{"layout": {"stack": "horizontal", "direction": "ltr", "children": [{"id": "a", "box": {"width": 40, "height": 40}}]},
                   "accessory": "disclosureIndicator"}]}
        """
        let frames = try compute(LayoutSpec.decode(json: json).spec).sections[0].elements[0].frames ?? []
        #expect(frames.first { $0.id == "a" }?.rect.minX == 33)  // left to right, from the content view's left edge
    }

    /// Section headers: a composed one laid out right to left past the section index (on the left),
    /// a title at the right margin; a nested table set once at the top level.
    @Test func headersAndTheSectionIndex() throws {
        let json = """
        {"kind": "table", "width": 375, "layoutDirection": "rtl", "sectionIndexTitles": ["A", "B"],
         "sections": [{"header": {"layout": {"stack": "horizontal", "children": [{"id": "h", "box": {"width": 30, "height": 20}}]}},
                       "footer": {"title": "Footer"}, "rows": [44]}]}
        """
        var options = ComputeOptions()
        options.drawsCells = true
        let r = try compute(LayoutSpec.decode(json: json).spec, options: options)
        let h = try #require(r.sections[0].headerLayout?.frames.first { $0.id == "h" }?.rect)
        #expect(h.maxX == 375)  // the header's start edge, right to left: its content runs past the index on the left
        let footer = try #require(r.sections[0].footerPicture?.texts.first?.frame)
        #expect(abs(footer.maxX - (375 - 16)) < 1e-9)
        let nested = #expect(throws: SpecError.self) {
            try LayoutSpec.decode(json: #"{"rows": [{"table": {"layoutDirection": "rtl", "rows": [44]}}]}"#)
        }
        #expect(nested?.description.contains("layoutDirection is set once, at the top level") == true, "\(String(describing: nested))")
    }

    /// A grid's `layoutDirection` lays its composed items out right to left, each inside its own
    /// frame (in the item's coordinates); a vertical flow layout is flipped (UIKit's flow layout
    /// in a right-to-left app), so the items are also the mirror images of their left-to-right
    /// places across the content width.
    @Test func aGridsItemsLayOutRightToLeft() throws {
        func items(_ direction: String) throws -> [ElementGeometry] {
            let json = #"{"kind": "grid", "width": 375, "layoutDirection": "\#(direction)", "estimatedItemSize": {"width": 100, "height": 50}, "items": ["#
                + #"{"layout": {"stack": "horizontal", "width": 120, "alignment": "start", "children": [{"id": "b", "box": {"width": 40, "height": 40}}]}},"#
                + #"{"layout": {"stack": "horizontal", "width": 120, "alignment": "start", "children": [{"id": "b", "box": {"width": 40, "height": 40}}]}}]}"#
            return try compute(LayoutSpec.decode(json: json).spec).sections[0].elements
        }
        let ltr = try items("ltr"), rtl = try items("rtl")
        #expect(ltr.map { Rect(x: 375 - $0.rect.maxX, y: $0.rect.minY, width: $0.rect.width, height: $0.rect.height) } == rtl.map(\.rect))
        for item in rtl { #expect(item.frames?.first { $0.id == "b" }?.rect == Rect(x: 120 - 40, y: 0, width: 40, height: 40)) }
        for item in ltr { #expect(item.frames?.first { $0.id == "b" }?.rect == Rect(x: 0, y: 0, width: 40, height: 40)) }
    }

    /// A flipped flow grid, by UIKit's arithmetic: three 100-pt items left-aligned 10 apart inside
    /// a 10-pt section inset run from the right edge (375 − 10 − 100 = 265, then 155, 45); its
    /// queries are asked in the flipped coordinates; a `columns` grid (a custom layout in UIKit)
    /// is not flipped.
    @Test func aFlowGridIsFlipped() throws {
        func grid(_ direction: String, layout: String = "flow") throws -> ComputeResult {
            let json = #"{"kind": "grid", "width": 375, "layout": "\#(layout)", "columns": 3, "layoutDirection": "\#(direction)", "#
                + #""itemSize": {"width": 100, "height": 100}, "minimumInteritemSpacing": 10, "alignment": "left","#
                + #""sectionInset": {"left": 10, "right": 10}, "headerReferenceSize": {"width": 375, "height": 30},"#
                + #""items": [{"count": 3}], "queries": [{"indexPathAt": [360, 80]}, {"itemsIn": [300, 40, 75, 10]}]}"#
            return try compute(LayoutSpec.decode(json: json).spec)
        }
        let rtl = try grid("rightToLeft")
        #expect(rtl.contentSize.width == 375)
        #expect(rtl.sections[0].elements.map(\.rect.minX) == [265, 155, 45])
        #expect(rtl.sections[0].header == Rect(x: 0, y: 0, width: 375, height: 30))
        #expect(rtl.queries == [.indexPath(IndexPath(item: 0, section: 0)), .indexPaths([IndexPath(item: 0, section: 0)])])
        let ltr = try grid("ltr")
        #expect(ltr.sections[0].elements.map(\.rect.minX) == [10, 120, 230])
        #expect(ltr.queries == [.indexPath(nil), .indexPaths([IndexPath(item: 2, section: 0)])])  // (the third item reaches 330)
        #expect(try grid("rtl", layout: "columns").sections[0].elements.map(\.rect) == grid("ltr", layout: "columns").sections[0].elements.map(\.rect))
    }
}
