import LayoutGeometry
import Testing
@testable import TableLayout

/// Content-width narrowing, per accessory and editing control (metrics in docs/UIKIT_BEHAVIOUR.md (Tables)).
@Suite struct ContentWidthTests {
    func ctx(editing: Bool = false, index: Bool = false, style: TableStyle = .plain) -> ContentWidthContext {
        ContentWidthContext(tableWidth: 320, style: style, showsSectionIndex: index, isEditing: editing, metrics: .standard)
    }

    @Test func accessories() {
        let c = ctx()
        #expect(c.contentView(for: .none).width == 320)
        #expect(c.contentView(for: CellChrome(accessory: .disclosureIndicator)).width == 320 - 33)
        #expect(c.contentView(for: CellChrome(accessory: .checkmark)).width == 320 - 39)
        #expect(c.contentView(for: CellChrome(accessory: .detailButton)).width == 320 - 47)
        #expect(c.contentView(for: CellChrome(accessory: .detailDisclosureButton)).width == 320 - 67)
        #expect(c.contentView(for: CellChrome(accessory: .custom(width: 51))).width == 320 - 51 - 15)
    }

    @Test func editingControls() {
        let c = ctx(editing: true)
        #expect(c.contentView(for: CellChrome()) == (x: 38, width: 320 - 38))
        #expect(c.contentView(for: CellChrome(shouldIndentWhileEditing: false)) == (x: 0, width: 320))
        // The reorder control covers the accessory.
        let reorder = CellChrome(accessory: .detailDisclosureButton, showsReorderControl: true)
        #expect(c.contentView(for: reorder).width == 320 - 38 - 38)
        // Outside editing the accessory shows instead.
        #expect(ctx().contentView(for: reorder).width == 320 - 67)
    }

    @Test func sectionIndexAndInsetGrouped() {
        #expect(ctx(index: true).contentView(for: CellChrome(accessory: .checkmark)).width == 320 - 39 - 15)
        let g = ctx(style: .insetGrouped)
        #expect(g.contentView(for: .none) == (x: 20, width: 320 - 2 * 20))
    }

    /// The sizer receives the narrowed width; the row rect of an inset-grouped table is inset.
    @Test func sizerSeesNarrowedWidth() throws {
        let sizer = ClosureSizer<Item> { $0.contentWidth / 10 }
        let c = TableConfiguration(style: .insetGrouped, width: 320, scale: .none, rowHeight: .automatic,
                                   separatorStyle: .none, sectionIndexTitles: ["A"])
        let t = try TableViewLayout(configuration: c, sections: [TableSection(header: .none, rows: [
            TableRow(content: Item(chrome: CellChrome(accessory: .disclosureIndicator))),
        ], footer: .none)], sizer: sizer)
        #expect(t.rectForRow(at: IndexPath(0, 0)) == Rect(x: 20, y: 0, width: 280, height: (320 - 40 - 33 - 15) / 10))
    }

    @Test func cellStyles() {
        let m = EdgeInsets(top: 11, left: 16, bottom: 11, right: 16)
        let d = CellStyleGeometry(style: .default, contentWidth: 320, margins: m, imageWidth: 40)
        #expect(d.textX == 16 + 40 + 16)
        #expect(d.textWidth == 320 - 16 - (16 + 40 + 16))
        #expect(d.detailWidth == nil)
        #expect(d.height(textHeight: 20) == 44 - 0.5)
        #expect(d.height(textHeight: 60) == 60 + 2 * 11)
        let s = CellStyleGeometry(style: .subtitle, contentWidth: 320, margins: m)
        #expect(s.height(textHeight: 20, detailHeight: 15) == 20 + 15 + 2 * 11)
        let v1 = CellStyleGeometry(style: .value1, contentWidth: 320, margins: m)
        #expect(v1.detailWidth(afterTextWidth: 100) == 320 - 16 - 16 - 100 - 8)
        let v2 = CellStyleGeometry(style: .value2, contentWidth: 320, margins: m, imageWidth: 40)
        #expect(v2.textX == 16)  // value2 shows no image
        #expect(v2.detailX == Double?(16 + 91 + 8))
    }
}
