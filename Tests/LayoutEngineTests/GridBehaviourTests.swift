import Foundation
import LayoutEngine
import LayoutGeometry
import Testing
import TextLayout

/// Grids end to end: self-sizing text items measured by the text engine, updates, queries with
/// pinned headers, grids nested in table rows, clamped items and bad input (contract: Flow layout,
/// Details: Grids, Batch updates).
@Suite struct GridBehaviourTests {
    static let engine: TextEngine? = try? TextEngine.bundled()
    static let text = "A self-sizing item whose text wraps over several lines at this width"

    /// A text item's size = the engine's text size at (room − insets), + insets, rounded up to 1/scale.
    @Test func textItemsAreMeasuredByTheTextEngine() throws {
        let engine = try #require(Self.engine)
        let r = try computeJSON(#"""
        {"kind": "grid", "width": 200, "scale": 3,
         "items": [{"text": "\#(Self.text)", "insets": {"top": 4, "left": 6, "bottom": 4, "right": 6}}, {"text": "Hi"}]}
        """#)
        let scale = PixelScale(3)
        let style = TextStyle(font: "DejaVu Sans", size: 17, scale: scale)
        let long = try engine.size(of: Self.text, style: style, width: 200 - 12)
        #expect(long.lineCount > 1)
        let hi = try engine.size(of: "Hi", style: style, width: 200)
        let rects = itemRects(r)
        #expect(rects[0].size == scale.ceil(Size(width: long.size.width + 12, height: long.size.height + 8)))
        #expect(rects[1].size == scale.ceil(hi.size))
        #expect(r.sections[0].elements.allSatisfy { !$0.estimated })
    }

    /// With `estimatedItemSize`, only the items in the viewport are measured; the others stay at
    /// the estimate (and say so), and `itemsIn` measures the items it answers.
    @Test func estimatedItemsMeasureTheViewport() throws {
        let r = try computeJSON(#"""
        {"kind": "grid", "estimatedItemSize": {"width": 100, "height": 40}, "viewport": {"height": 100},
         "items": {"count": 600, "item": {"text": "Hello"}}, "queries": [{"itemsIn": [0, 2000, 375, 1]}]}
        """#)
        let elements = r.sections[0].elements
        #expect(elements[0].estimated == false)
        #expect(elements[599].estimated == true)
        
        guard case .indexPaths(let asked) = r.queries[0] else { Issue.record("not an indexPaths answer"); return }
        #expect(!asked.isEmpty && asked.allSatisfy { !elements[$0.item].estimated })
    }

    /// Updates apply in order with UIKit's semantics: 5 default items at 375 (one line); delete
    /// item 0, insert a 100 × 100 item at 0; then move section content.
    @Test func updatesApplyInOrder() throws {
        let r = try computeJSON(#"""
        {"kind": "grid", "sections": [{"items": {"count": 5}}, {"items": {"count": 1}}],
         "updates": [{"deleteItems": [[0, 0]], "insertItems": [{"at": [0, 0], "item": {"width": 100, "height": 100}}]},
                     {"moveItems": [{"from": [1, 0], "to": [1, 5]}], "insertSections": [{"at": 0, "section": {"items": []}}]}]}
        """#)
        #expect(r.counts == Counts(sections: 3, elements: 6))
        #expect(r.sections[0].elements.isEmpty && r.sections[2].elements.isEmpty)
        let rects = itemRects(r, 1)
        // 100 + 5 · 50 + 5 · 10 = 400 > 375: the sixth item wraps; sizes differ → first line
        // justified over 5 items (gap (375 − 300) / 4 = 18.75), last line from x = 0.
        #expect(rects[0] == Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(rects[1].origin == Point(x: 100 + 18.75, y: 25))
        #expect(rects[5].origin == Point(x: 0, y: 110))
    }

    /// A refused batch names the batch and gives UIKit's reason; nothing is laid out.
    @Test func refusedBatch() throws {
        #expect(throws: ComputeError.invalidUpdate(
            path: "updates[1]", reason: "attempt to delete item 5 from section 0 which only contains 1 items before the update")) {
            try computeJSON(#"{"kind": "grid", "items": {"count": 1}, "updates": [{}, {"deleteItems": [[0, 5]]}]}"#)
        }
        #expect(throws: ComputeError.self) {
            try computeJSON(#"{"kind": "grid", "items": {"count": 1}, "updates": [{"deleteSections": [3]}]}"#)
        }
    }

    /// Pinned headers: two sections of header 40 + 2 lines (110) = 150; at offset 60 the first
    /// header sticks at 60, the second is at its place (150); at 130 the first stops at 150 − 40.
    @Test func queriesAndPinnedHeaders() throws {
        let r = try computeJSON(#"""
        {"kind": "grid", "headerReferenceSize": {"width": 0, "height": 40}, "sectionHeadersPinToVisibleBounds": true,
         "viewport": {"height": 100, "offset": 60},
         "sections": [{"items": {"count": 12}}, {"items": {"count": 12}}],
         "queries": [{"visibleAt": 130}, {"indexPathAt": [10, 20]}, {"indexPathAt": [10, 45]}, {"indexPathAt": [375, 45]},
                     {"itemsIn": [375, 0, 10, 1000]}, {"itemsIn": [0, 95, 1, 10]}]}
        """#)
        let header = { (y: Double) in Rect(x: 0, y: y, width: 375, height: 40) }
        // Section 0's header (natural y 0) is pinned at the offset; section 1's sits at its natural 150.
        #expect(r.pinnedHeaders == [PinnedSupplementary(section: 0, frame: header(60), isPinned: true),
                                    PinnedSupplementary(section: 1, frame: header(150), isPinned: false)])
        // Section 0: header 0…40, lines 40…90 and 100…150; section 1 from 150 (its lines from 190).
        // Band 60…160: both lines of section 0, nothing of section 1.
        #expect(r.visible == (0..<12).map { IndexPath(item: $0, section: 0) })
        // Band 130…230: the second line of section 0 and the first of section 1 (190…240).
        #expect(r.queries[0] == .visible(indexPaths: (6..<12).map { IndexPath(item: $0, section: 0) }
                                            + (0..<6).map { IndexPath(item: $0, section: 1) },
                                         pinnedHeaders: [PinnedSupplementary(section: 0, frame: header(150 - 40), isPinned: true),
                                                         PinnedSupplementary(section: 1, frame: header(150), isPinned: false)]))
        #expect(r.queries[1] == .indexPath(nil))  // in the header
        #expect(r.queries[2] == .indexPath(IndexPath(item: 0, section: 0)))  // line 40…90
        #expect(r.queries[3] == .indexPath(nil))  // x = width
        #expect(r.queries[4] == .indexPaths([]))  // no overlap with [0, width)
        #expect(r.queries[5] == .indexPaths([IndexPath(item: 6, section: 0)]))  // y 95…105: the line 100…150 only
    }

    /// A grid in a table row: the row is as tall as the grid's content at the row's width (less
    /// the insets) + the separator; the inner result sits in the row's coordinates.
    @Test func nestedGridInATableRow() throws {
        let r = try computeJSON(#"""
        {"sections": [{"rows": [44, {"grid": {"items": {"count": 12}}, "insets": {"top": 5, "left": 20, "bottom": 5}},
                                 {"grid": {"scrollDirection": "horizontal", "itemSize": {"width": 80, "height": 80}, "items": {"count": 10}}}]}]}
        """#)
        let rows = r.sections[0].elements
        // 355 wide: 6 per line (350), 12 items = 2 lines = 110; + insets 10 + separator 0.5.
        #expect(rows[1].rect == Rect(x: 0, y: 44, width: 375, height: 110 + 10 + 0.5))
        let inner = try #require(rows[1].nested)
        #expect(inner.kind == .grid && inner.contentSize == Size(width: 355, height: 110))
        #expect(itemRects(inner)[0] == Rect(x: 20, y: 5, width: 50, height: 50))
        #expect(itemRects(inner)[1].minX == 20 + 50 + 11)  // gap (355 − 300) / 5 = 11
        // A horizontal grid without a height is one line of its items: 80 + separator.
        #expect(rows[2].rect.height == 80 + 0.5)
        #expect(try #require(rows[2].nested).contentSize == Size(width: 10 * 80 + 9 * 10, height: 80))
    }

    /// An item wider than the room is clamped to it, with a warning naming the item.
    @Test func clampedItemWarns() throws {
        let r = try computeJSON(#"{"kind": "grid", "sectionInset": {"left": 10, "right": 10}, "items": [{"width": 50, "height": 20}, {"width": 400, "height": 30}]}"#)
        #expect(itemRects(r)[1] == Rect(x: 10, y: 30, width: 355, height: 30))
        #expect(r.warnings.count == 1)
        #expect(r.warnings.first?.hasPrefix("items[1]: item width 400") == true)
    }

    /// Bad input names the JSON path; nothing crashes.
    @Test(arguments: [
        (#"{"kind": "grid", "itemSize": {"width": 0, "height": 10}, "items": {"count": 1}}"#, "itemSize.width: must be > 0"),
        (#"{"kind": "grid", "sections": [{"items": [{"width": 10, "height": -1}]}]}"#, "sections[0].items[0].height: must be > 0"),
        (#"{"kind": "grid", "minimumInteritemSpacing": -1, "items": {"count": 1}}"#, "minimumInteritemSpacing: must be ≥ 0"),
        (#"{"kind": "grid", "alignment": "justify", "items": {"count": 1}}"#, "alignment:"),
        (#"{"kind": "grid", "sectionInset": {"left": 200, "right": 200}, "items": {"count": 1}}"#, "sectionInset: the insets leave no room"),
        (#"{"kind": "grid", "layout": "columns", "columns": 100, "items": {"count": 1}}"#, "columns: 100 columns leave no room"),
        (#"{"kind": "grid", "layout": "waterfall", "columns": 2, "scrollDirection": "horizontal", "height": 100, "items": {"count": 1}}"#,
         "scrollDirection: the waterfall layout scrolls vertically only"),
    ])
    func badInputNamesThePath(spec: String, message: String) throws {
        do {
            _ = try computeJSON(spec)
            Issue.record("accepted: \(spec)")
        } catch {
            #expect(String(describing: error).hasPrefix(message), "\(error)")
        }
    }

    /// NaN (YAML can write it) is refused with the path.
    @Test func nanIsRefused() throws {
        let yaml = "kind: grid\nitemSize: {width: .nan, height: 10}\nitems: {count: 1}\n"
        #expect(throws: (any Error).self) { try LayoutSpec.decode(Array(yaml.utf8), format: .yaml) }
        do { _ = try LayoutSpec.decode(Array(yaml.utf8), format: .yaml) } catch {
            #expect(String(describing: error).hasPrefix("itemSize.width:"))
        }
    }

    /// `--summary` detail: counts and the viewport, no per-item array, even for a million items.
    @Test func summaryOfAMillionItems() throws {
        let r = try computeJSON(#"{"kind": "grid", "width": 320, "items": {"count": 1000000}, "viewport": {"offset": 6000}}"#, detail: .summary)
        #expect(r.counts == Counts(sections: 1, elements: 1_000_000))
        #expect(r.sections.isEmpty)
        #expect(r.contentSize.height == 200_000 * 60 - 10)  // 5 per line
        #expect(r.visible.first == IndexPath(item: 100 * 5, section: 0))  // line 100 starts at 6000
    }
}
