import LayoutEngine
import LayoutGeometry
import Testing
import TextLayout

/// Self-sizing rows measured with the text engine, end to end from spec text.
@Suite struct TableSizingTests {
    static let engine: TextEngine? = try? TextEngine.bundled()

    /// The height of one row of a one-row table.
    func rowHeight(_ json: String) throws -> Double {
        try #require(computeJSON(json).sections.first?.elements.first).rect.height
    }

    /// A custom text block: the text's height at (content width − insets) + insets, rounded up to
    /// 1/scale, + the separator (1/scale), with the engine's own measurement as the expectation.
    @Test func textBlockRowIsTextPlusInsetsPlusSeparator() throws {
        let engine = try #require(Self.engine)
        let text = "A long comment that wraps over several lines: the quick brown fox jumps over the lazy dog, again and again."
        let h = try rowHeight("""
        {"scale": 3, "rowHeight": "automatic",
         "rows": [{"text": "\(text)", "textStyle": "body", "insets": {"top": 8, "left": 16, "bottom": 8, "right": 16}}]}
        """)
        let scale = PixelScale(3)
        let measured = try engine.size(of: text, style: TextStyle(font: "DejaVu Sans", size: 17, scale: scale), width: 375 - 16 - 16)
        #expect(measured.lineCount > 1)
        #expect(h == scale.ceil(measured.size.height + 8 + 8) + 1.0 / 3)
    }

    /// By hand: one line of DejaVu Sans 17 is (ascender 1901 + descender 483) × 17 / 2048 =
    /// 19.7890625 pt (hhea metrics, line gap 0), rounded up to 1/2 → 20; + insets 8 + 8; + 0.5 separator.
    @Test func oneLineRowByHand() throws {
        let line = (1901.0 + 483.0) * 17 / 2048
        #expect(line == 19.7890625)
        let h = try rowHeight(#"{"rowHeight": "automatic", "rows": [{"text": "Hello", "insets": {"top": 8, "left": 16, "bottom": 8, "right": 16}}]}"#)
        #expect(h == 20 + 8 + 8 + 0.5)
        // A row that says "automatic" self-sizes even when the table's rowHeight is fixed; no separator with "none".
        let noSeparator = try rowHeight(#"{"separatorStyle": "none", "rows": [{"height": "automatic", "text": "Hello", "insets": {"top": 8, "bottom": 8}}]}"#)
        #expect(noSeparator == 20 + 8 + 8)
    }

    /// System cell styles: 11-pt padding above and below the labels (TableMetrics); subtitle stacks
    /// body 17 (19.79 → 20) over caption1 12 ((1901 + 483) × 12 / 2048 = 13.97 → 14).
    @Test func cellStyles() throws {
        let subtitle = try rowHeight(#"{"rowHeight": "automatic", "rows": [{"style": "subtitle", "text": "Kenshin Cui", "detail": "18500131234"}]}"#)
        #expect(subtitle == 11 + 20 + 14 + 11 + 0.5)
        // One line of value1 is shorter than the minimum: 44 − separator + separator.
        let value1 = try rowHeight(#"{"rowHeight": "automatic", "rows": [{"style": "value1", "text": "Tom", "detail": "1850"}]}"#)
        #expect(value1 == 44)
        // An image taller than the labels decides the height.
        let image = try rowHeight(#"{"rowHeight": "automatic", "rows": [{"style": "default", "text": "x", "image": {"width": 40, "height": 60}}]}"#)
        #expect(image == 60 + 0.5)
    }

    /// An accessory and a section index narrow the text: the same text wraps into more lines.
    @Test func accessoryNarrowsTheText() throws {
        let engine = try #require(Self.engine)
        let text = String(repeating: "narrow ", count: 12)
        let h = try rowHeight("""
        {"rowHeight": "automatic", "sectionIndexTitles": ["A"],
         "rows": [{"text": "\(text)", "accessory": "disclosureIndicator", "insets": {"left": 16, "right": 16}}]}
        """)
        // Content view: 375 − 33 (disclosure) − 15 (index) = 327; text width 327 − 32.
        let measured = try engine.size(of: text, style: TextStyle(scale: PixelScale(2)), width: 327 - 32)
        #expect(h == PixelScale(2).ceil(measured.size.height) + 0.5)
    }

    /// A self-sizing section title in a plain table: headline (bold 17) + 4 + 4 (TitleMetrics).
    @Test func selfSizingHeaderTitle() throws {
        let engine = try #require(Self.engine)
        let r = try computeJSON(#"{"sections": [{"header": {"title": "Feed"}, "rows": [44]}]}"#)
        let title = try engine.size(of: "Feed", style: TextStyle(font: "DejaVu Sans Bold", size: 17, scale: PixelScale(2)), width: 375 - 32)
        let header = try #require(r.sections[0].header)
        #expect(header.height == PixelScale(2).ceil(title.size.height + 4 + 4))
        #expect(r.sections[0].elements[0].rect.minY == header.height)
    }

    /// A nested table: its content height + the row's insets + separator is the row's height, and
    /// the row's `nested` is the inner layout at the row's content width, in the row's coordinates.
    @Test func nestedTableRow() throws {
        let r = try computeJSON("""
        {"rows": [44, {"table": {"rows": [30, 20]}, "insets": {"top": 5, "bottom": 5, "left": 20}}]}
        """)
        let row = r.sections[0].elements[1]
        #expect(row.rect == Rect(x: 0, y: 44, width: 375, height: 5 + 30 + 20 + 5 + 0.5))
        let inner = try #require(row.nested)
        #expect(inner.contentSize == Size(width: 375 - 20, height: 30 + 20))
        #expect(inner.sections[0].elements.map(\.rect) == [
            Rect(x: 20, y: 5, width: 355, height: 30), Rect(x: 20, y: 35, width: 355, height: 20),
        ])
        #expect(r.sections[0].elements[0].nested == nil)
        #expect(r.contentSize.height == 44 + 60.5)
    }

    /// Estimated rows: only the rows in the viewport are measured; the rest count as the estimate.
    @Test func estimatedRowsMeasureTheViewport() throws {
        let r = try computeJSON("""
        {"rowHeight": "automatic", "estimatedRowHeight": 100, "viewport": {"height": 200},
         "rows": {"count": 50, "row": {"text": "Hello", "insets": {"top": 8, "bottom": 8}}}}
        """)
        let rows = r.sections[0].elements
        let exact = 20 + 8 + 8 + 0.5
        // Rows of 36.5 fill 200 pt with 6 rows (6 × 36.5 = 219 ≥ 200).
        #expect(rows.prefix(6).allSatisfy { !$0.estimated && $0.rect.height == exact })
        #expect(rows.dropFirst(6).allSatisfy { $0.estimated && $0.rect.height == 100 })
        #expect(r.contentSize.height == 6 * exact + 44 * 100)
    }

    @Test func unknownFontNamesThePath() throws {
        #expect(throws: ComputeError.self) {
            try computeJSON(#"{"rows": [{"text": "x", "textStyle": {"font": "No Such Font"}}]}"#)
        }
        do {
            _ = try computeJSON(#"{"rows": [{"text": "x", "textStyle": {"font": "No Such Font"}}]}"#)
        } catch let error as ComputeError {
            #expect(error.description.hasPrefix("sections[0].rows[0].textStyle: "))
        }
    }
}
