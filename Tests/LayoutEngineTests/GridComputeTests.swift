import Foundation
import LayoutEngine
import LayoutGeometry
import Testing

/// The item rects of section `s`.
func itemRects(_ r: ComputeResult, _ s: Int = 0) -> [Rect] { r.sections[s].elements.map(\.rect) }

/// `compute` on grids, end to end from spec text: the seed notes' photo grid
/// (shared/design/uikit-notes-seeds-000-001.md §2.17, S9), the contract's flow-layout conventions
/// and Details, with expected values written as arithmetic.
@Suite struct GridComputeTests {
    /// Seed S9: 9 photos of 155 × 135 at width 375 → two columns at x = 0 and 375 − 155 = 220;
    /// lines every 135 + 10; the ninth alone on the last line, on the first column.
    @Test func photoGridExample() throws {
        let data = try Data(contentsOf: TableComputeTests.examples.appendingPathComponent("photos-grid.json"))
        let r = try compute(LayoutSpec.decode(Array(data), format: .json).spec)
        #expect(r.kind == .grid)
        #expect(r.counts == Counts(sections: 1, elements: 9))
        let rects = itemRects(r)
        #expect(rects.map(\.minX) == [0, 220, 0, 220, 0, 220, 0, 220, 0])
        #expect(rects.map(\.minY) == [0, 0, 145, 145, 290, 290, 435, 435, 580])
        #expect(rects.allSatisfy { $0.size == Size(width: 155, height: 135) })
        #expect(r.contentSize == Size(width: 375, height: 4 * (135 + 10) + 135))  // 715
        // Queries: (230, 150) is in item 3 (x 220…375, y 145…280); [0, 280, 375, 200] overlaps the
        // lines at 290 and 435 (the line 145…280 only touches it); visibleAt 300 shows lines 290…715.
        #expect(r.queries == [.indexPath(IndexPath(item: 3, section: 0)),
                              .indexPaths((4...7).map { IndexPath(item: $0, section: 0) }),
                              .visible(indexPaths: (4...8).map { IndexPath(item: $0, section: 0) }, pinnedHeaders: [])])
        #expect(r.visible.count == 9)  // the band 0…667 overlaps every line (the last starts at 580)
    }

    /// Seed S9 at width 320: 155 + 10 + 155 = 320 fits exactly → x = 0 and 320 − 155 = 165.
    @Test func photoGridAt320() throws {
        let r = try computeJSON(#"{"kind": "grid", "width": 320, "itemSize": {"width": 155, "height": 135}, "items": {"count": 9}}"#)
        #expect(itemRects(r).map(\.minX) == [0, 165, 0, 165, 0, 165, 0, 165, 0])
    }

    /// Default 50 × 50 items at 320: 5 per line (250 + 4 · 10 = 290 ≤ 320), gaps (320 − 250) / 4 = 17.5;
    /// 12 items put the last two on the columns above (uniform sizes): x = 0 and 67.5.
    @Test func defaultItemsAt320() throws {
        let r = try computeJSON(#"{"kind": "grid", "width": 320, "items": {"count": 12}}"#)
        let rects = itemRects(r)
        let columns: [Double] = (0..<5).map { Double($0) * (50 + 17.5) }  // 0, 67.5, 135, 202.5, 270
        #expect(rects[0..<5].map(\.minX) == columns)
        #expect(rects[10].origin == Point(x: 0, y: 2 * 60))
        #expect(rects[11].origin == Point(x: 67.5, y: 2 * 60))
        #expect(r.contentSize.height == 3 * 50 + 2 * 10)
    }

    /// One item 60 tall among them: sizes differ, so the incomplete last line starts at x = 0 with
    /// gaps of 10 (openradar 20825965); the tall item makes its line 60 thick and the others sit
    /// centred on it ((60 − 50) / 2 = 5).
    @Test func oneTallerItemMakesTheLastLineLeading() throws {
        let r = try computeJSON(#"{"kind": "grid", "width": 320, "items": [{"width": 50, "height": 60}, {"count": 11}]}"#)
        let rects = itemRects(r)
        #expect(rects[0].origin == Point(x: 0, y: 0))
        #expect(rects[1].origin == Point(x: 67.5, y: 5))
        #expect(rects[10].origin == Point(x: 0, y: 60 + 10 + 50 + 10))
        #expect(rects[11].origin == Point(x: 50 + 10, y: 130))
    }

    /// An item alone on its line because no second one fits (300 + 10 + 300 > 375) is centred.
    @Test func loneItemIsCentred() throws {
        let r = try computeJSON(#"{"kind": "grid", "items": {"count": 2, "item": {"width": 300, "height": 40}}}"#)
        let centred: Double = (375 - 300) / 2
        #expect(itemRects(r).map(\.minX) == [centred, centred])
        #expect(itemRects(r).map(\.minY) == [0, 50])
    }

    /// Items of heights 50, 80, 60 on one exactly-full line (300 + 20 + 10 + 100 > 375): spread
    /// to both edges (gaps (375 − 300) / 2 = 37.5), centred on the 80-pt line.
    @Test func itemsOfDifferentHeightsAreCentredOnTheirLine() throws {
        let r = try computeJSON(#"{"kind": "grid", "items": [{"width": 100, "height": 50}, {"width": 100, "height": 80}, {"width": 100, "height": 60}]}"#)
        #expect(itemRects(r).map(\.origin) == [Point(x: 0, y: 15), Point(x: 137.5, y: 0), Point(x: 275, y: 10)])
        #expect(r.contentSize.height == 80)
    }

    /// Horizontal scrolling fills columns top to bottom: in a 200-pt-high container, 3 items per
    /// column (150 + 20 ≤ 200 < 200 + 30) spread to y = 0, 75, 150; columns every 60 along x. The
    /// viewport is `width` wide and runs along x.
    @Test func horizontalScrollingFillsColumns() throws {
        let r = try computeJSON(#"""
        {"kind": "grid", "scrollDirection": "horizontal", "width": 100, "height": 200, "items": {"count": 7},
         "queries": [{"visibleAt": 55}, {"indexPathAt": [70, 80]}, {"indexPathAt": [70, 200]}]}
        """#)
        let rects = itemRects(r)
        #expect(rects[0..<3].map(\.origin) == [Point(x: 0, y: 0), Point(x: 0, y: 75), Point(x: 0, y: 150)])
        #expect(rects[3..<6].map(\.minX) == [60, 60, 60])
        #expect(rects[6].origin == Point(x: 120, y: 0))  // uniform sizes: on the rows of the columns before
        #expect(r.contentSize == Size(width: 3 * 50 + 2 * 10, height: 200))
        #expect(r.visible == (0..<6).map { IndexPath(item: $0, section: 0) })  // band x 0…100: columns at 0 and 60
        #expect(r.queries[0] == .visible(indexPaths: (3..<7).map { IndexPath(item: $0, section: 0) }, pinnedHeaders: []))
        #expect(r.queries[1] == .indexPath(IndexPath(item: 4, section: 0)))  // column 60…110, y 75…125
        #expect(r.queries[2] == .indexPath(nil))  // y = height is outside [0, height)
    }

    /// Headers, footers and section insets (vertical): header 30 → inset 5 → one line → inset 15
    /// → footer 20; the room is 375 − 10 − 10 = 355 (6 columns, gaps (355 − 300) / 5 = 11).
    @Test func verticalHeadersFootersAndInsets() throws {
        let r = try computeJSON(#"""
        {"kind": "grid", "headerReferenceSize": {"width": 0, "height": 30}, "footerReferenceSize": {"width": 0, "height": 20},
         "sectionInset": {"top": 5, "left": 10, "bottom": 15, "right": 10},
         "sections": [{"items": {"count": 3}}, {"items": {"count": 3}}, {"items": []}]}
        """#)
        let length = 30.0 + 5 + 50 + 15 + 20  // 120
        #expect(r.sections[0].rect == Rect(x: 0, y: 0, width: 375, height: length))
        #expect(r.sections[0].header == Rect(x: 0, y: 0, width: 375, height: 30))
        #expect(r.sections[0].footer == Rect(x: 0, y: 30 + 5 + 50 + 15, width: 375, height: 20))
        #expect(itemRects(r, 0).map(\.origin) == [Point(x: 10, y: 35), Point(x: 10 + 61, y: 35), Point(x: 10 + 122, y: 35)])
        #expect(itemRects(r, 1)[0].origin == Point(x: 10, y: length + 35))
        // An empty section still takes its header, insets and footer: 30 + 5 + 15 + 20.
        #expect(r.sections[2].rect == Rect(x: 0, y: 2 * length, width: 375, height: 30 + 5 + 15 + 20))
        #expect(r.contentSize.height == 2 * length + 70)
    }

    /// The same in a horizontal grid: headers take their width along x and the full height.
    @Test func horizontalHeadersFootersAndInsets() throws {
        let r = try computeJSON(#"""
        {"kind": "grid", "scrollDirection": "horizontal", "height": 200,
         "headerReferenceSize": {"width": 40, "height": 0}, "footerReferenceSize": {"width": 20, "height": 0},
         "sectionInset": {"top": 5, "left": 10, "bottom": 15, "right": 10}, "sections": [{"items": {"count": 3}}, {"items": {"count": 1}}]}
        """#)
        // Room 200 − 20 = 180: 3 per column, exactly full (170 + 10 + 50 > 180): y = 5, 5 + 65, 5 + 130.
        #expect(itemRects(r, 0).map(\.origin) == [Point(x: 50, y: 5), Point(x: 50, y: 70), Point(x: 50, y: 135)])
        #expect(r.sections[0].header == Rect(x: 0, y: 0, width: 40, height: 200))
        #expect(r.sections[0].footer == Rect(x: 40 + 10 + 50 + 10, y: 0, width: 20, height: 200))
        #expect(itemRects(r, 1)[0].minX == 130 + 40 + 10)
        #expect(r.contentSize == Size(width: 2 * 130, height: 200))
    }

    /// `alignment` left / center / right: 7 items at 375 → 6 on the first line (350 + 25 spare), 1 on the last.
    static let alignments: [(String, Double, Double)] = [("left", 0, 0), ("center", 12.5, (375 - 50) / 2), ("right", 25, 375 - 50)]

    @Test(arguments: alignments)
    func alignment(name: String, firstLine: Double, lastLine: Double) throws {
        let r = try computeJSON(#"{"kind": "grid", "alignment": "\#(name)", "items": {"count": 7}}"#)
        let rects = itemRects(r)
        #expect(rects[0..<6].map(\.minX) == (0..<6).map { firstLine + Double($0) * 60 })
        #expect(rects[6].origin == Point(x: lastLine, y: 60))
    }

    /// Waterfall: 2 columns of (375 − 10) / 2 = 182.5; each item to the shortest column, at its
    /// aspect: heights 365, 182.5, 91.25, 182.5.
    @Test func waterfallPlacesEachItemInTheShortestColumn() throws {
        let r = try computeJSON(#"""
        {"kind": "grid", "layout": "waterfall", "columns": 2,
         "items": [{"width": 100, "height": 200}, {"width": 100, "height": 100}, {"width": 100, "height": 50}, {"width": 100, "height": 100}],
         "queries": [{"itemsIn": [0, 300, 375, 10]}, {"indexPathAt": [200, 300]}]}
        """#)
        let w = 182.5
        #expect(itemRects(r) == [Rect(x: 0, y: 0, width: w, height: 365), Rect(x: w + 10, y: 0, width: w, height: 182.5),
                                 Rect(x: w + 10, y: 192.5, width: w, height: 91.25),
                                 Rect(x: w + 10, y: 192.5 + 91.25 + 10, width: w, height: 182.5)])
        #expect(r.contentSize.height == 293.75 + 182.5)
        #expect(r.queries == [.indexPaths([IndexPath(item: 0, section: 0), IndexPath(item: 3, section: 0)]),
                              .indexPath(IndexPath(item: 3, section: 0))])
    }

    /// `columns`: 3 fractional columns of (375 − 20) / 3, height = width / aspectRatio.
    @Test func columnsLayout() throws {
        let r = try computeJSON(#"{"kind": "grid", "layout": "columns", "columns": 3, "aspectRatio": 2, "items": {"count": 7}}"#)
        let w = (375.0 - 2 * 10) / 3
        let rects = itemRects(r)
        #expect(rects[0].size == Size(width: w, height: w / 2))
        #expect(rects[1].minX == w + 10)
        #expect(rects[6].origin == Point(x: 0, y: 2 * (w / 2 + 10)))
    }
}
