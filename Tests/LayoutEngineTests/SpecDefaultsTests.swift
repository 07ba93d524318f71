import LayoutGeometry
import Testing
@testable import LayoutEngine

/// The contract's defaults ("Details": width 375, viewport 667 at 0, contentInset zero, scale 2;
/// "Table defaults": rowHeight 44; "Spec": itemSize 50×50, spacings 10, alignment justified).
@Suite struct SpecDefaultsTests {
    func table(_ json: String) throws -> TableSpec {
        guard case .table(let t) = try LayoutSpec.decode(json: json).spec else {
            Issue.record("not a table")
            return TableSpec()
        }
        return t
    }

    func grid(_ json: String) throws -> GridSpec {
        guard case .grid(let g) = try LayoutSpec.decode(json: json).spec else {
            Issue.record("not a grid")
            return GridSpec()
        }
        return g
    }

    @Test func tableDefaults() throws {
        let t = try table(#"{"kind": "table", "sections": [{"rows": [{}]}]}"#)
        #expect(t.width == 375)
        #expect(t.scale == 2)
        #expect(t.viewport == ViewportSpec(height: 667, offset: 0))
        #expect(t.contentInset == .zero)
        #expect(t.rowHeight == .fixed(44))
        #expect(t.estimatedRowHeight == 0)
        #expect(t.style == .plain)
        #expect(t.separatorStyle == .singleLine)
        #expect(t.sectionHeaderHeight == nil && t.sectionFooterHeight == nil)
        #expect(t.tableHeader == .unspecified && t.tableFooter == .unspecified)
        #expect(t.sections[0].header == .unspecified && t.sections[0].footer == .unspecified)
        #expect(t.sections[0].repeatCount == 1)
        #expect(t.rowCount == 1)
        #expect(t.sections[0].rows.element(at: 0) == RowSpec())
    }

    @Test func kindDefaultsToTable() throws {
        let t = try table(#"{"sections": [{"rows": []}]}"#)
        #expect(t.sectionCount == 1 && t.rowCount == 0)
    }

    @Test func contractExampleFields() throws {
        let t = try table("""
        {"kind": "table", "width": 320, "scale": 3, "style": "insetGrouped", "rowHeight": "automatic",
         "estimatedRowHeight": 60, "sectionHeaderHeight": 30, "sectionFooterHeight": null,
         "separatorStyle": "none", "sectionIndexTitles": ["A", "B"],
         "contentInset": {"top": 64, "bottom": 34}, "viewport": {"height": 400, "offset": -64},
         "tableHeader": {"height": 44}, "tableFooter": {"height": 0},
         "sections": [{"header": null, "footer": {"title": "Footer"}, "rows": [{"height": 45}]}]}
        """)
        #expect(t.width == 320 && t.scale == 3 && t.style == .insetGrouped)
        #expect(t.rowHeight == .automatic && t.estimatedRowHeight == 60)
        #expect(t.sectionHeaderHeight == .fixed(30) && t.sectionFooterHeight == nil)
        #expect(t.separatorStyle == SeparatorStyle.none && t.sectionIndexTitles == ["A", "B"])
        #expect(t.contentInset == EdgeInsets(top: 64, left: 0, bottom: 34, right: 0))
        #expect(t.viewport == ViewportSpec(height: 400, offset: -64))
        #expect(t.tableHeader == .given(SupplementarySpec(height: .fixed(44))))
        #expect(t.tableFooter == .given(SupplementarySpec(height: .fixed(0))))
        #expect(t.sections[0].header == .removed)
        #expect(t.sections[0].footer == .given(SupplementarySpec(title: "Footer")))
    }

    @Test func nestedTableInheritsWidthAndScale() throws {
        let t = try table(#"{"sections": [{"rows": [{"table": {"sections": [{"rows": [{}]}]}, "insets": {"left": 20}}]}]}"#)
        let row = try #require(t.sections[0].rows.element(at: 0))
        guard case .table(let inner) = row.content else { Issue.record("expected a nested table"); return }
        #expect(inner.width == nil && inner.scale == nil)
        #expect(row.insets == EdgeInsets(top: 0, left: 20, bottom: 0, right: 0))
    }

    @Test func gridDefaults() throws {
        let g = try grid(#"{"kind": "grid", "sections": [{"items": {"count": 3}}]}"#)
        #expect(g.width == 375 && g.scale == 2 && g.height == nil)
        #expect(g.itemSize == Size(width: 50, height: 50))
        #expect(g.minimumLineSpacing == 10 && g.minimumInteritemSpacing == 10)
        #expect(g.sectionInset == .zero && g.headerReferenceSize == .zero && g.footerReferenceSize == .zero)
        #expect(!g.sectionHeadersPinToVisibleBounds && !g.sectionFootersPinToVisibleBounds)
        #expect(g.alignment == .justified && g.scrollDirection == .vertical && g.layout == .flow)
        #expect(g.estimatedItemSize == nil)
        #expect(g.itemCount == 3 && g.sections[0].items.element(at: 2) == ItemSpec())
    }

    @Test func gridFields() throws {
        let g = try grid("""
        {"kind": "grid", "width": 320, "height": 200, "scrollDirection": "horizontal",
         "itemSize": {"width": 155, "height": 135}, "estimatedItemSize": "automatic",
         "minimumLineSpacing": 4, "minimumInteritemSpacing": 6, "sectionInset": {"top": 1, "left": 2, "bottom": 3, "right": 4},
         "headerReferenceSize": {"width": 0, "height": 30}, "footerReferenceSize": {"width": 0, "height": 20},
         "sectionHeadersPinToVisibleBounds": true, "sectionFootersPinToVisibleBounds": true, "alignment": "left",
         "items": [{"width": 10, "height": 20}, {"text": "你好 world"}, {"count": 2}]}
        """)
        #expect(g.scrollDirection == .horizontal && g.height == 200)
        #expect(g.itemSize == Size(width: 155, height: 135) && g.estimatedItemSize == .automatic)
        #expect(g.minimumLineSpacing == 4 && g.minimumInteritemSpacing == 6)
        #expect(g.sectionInset == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(g.headerReferenceSize == Size(width: 0, height: 30) && g.footerReferenceSize == Size(width: 0, height: 20))
        #expect(g.sectionHeadersPinToVisibleBounds && g.sectionFootersPinToVisibleBounds && g.alignment == .left)
        #expect(g.sectionCount == 1 && g.itemCount == 1 + 1 + 2)
        #expect(g.sections[0].items.element(at: 0) == ItemSpec(size: Size(width: 10, height: 20)))
        #expect(g.sections[0].items.element(at: 1) == ItemSpec(text: "你好 world"))
        #expect(g.sections[0].items.element(at: 3) == ItemSpec())
    }

    @Test func waterfallNeedsColumns() throws {
        let g = try grid(#"{"kind": "grid", "layout": "waterfall", "columns": 3, "aspectRatio": 1.5, "items": {"count": 1}}"#)
        #expect(g.layout == .waterfall && g.columns == 3 && g.aspectRatio == 1.5)
    }
}
