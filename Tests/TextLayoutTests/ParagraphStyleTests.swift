import LayoutGeometry
import Testing
@testable import TextLayout

/// Line heights, spacing and rounding: the contract's formula, by hand.
@Suite struct ParagraphStyleTests {
    let engine = Fixtures.engine
    let h16 = Fixtures.dejaVuLineHeight(16)  // (1901 + 483) · 16 / 2048 = 18.625

    func three(_ st: TextStyle) throws -> TextLayoutResult {
        try engine.measure("one two three", style: st, width: try engine.measure("three", style: st, width: nil).size.width + 1)
    }

    @Test func naturalLineHeight() throws {
        #expect(h16 == 18.625)
        let r = try three(TextStyle(font: "DejaVu Sans", size: 16))
        #expect(r.lineCount == 3)
        #expect(r.size.height == 3 * 18.625)
        #expect(r.lines.map(\.y) == [0, 18.625, 2 * 18.625])
    }

    @Test func lineSpacingGoesBetweenLines() throws {
        let r = try three(TextStyle(font: "DejaVu Sans", size: 16, lineSpacing: 4))
        let total: Double = 3 * 18.625 + 2 * 4, y2: Double = 2 * 18.625 + 2 * 4
        #expect(r.size.height == total)
        #expect(r.lines[2].y == y2)
    }

    @Test func lineHeightMultipleScalesEachLine() throws {
        let r = try three(TextStyle(font: "DejaVu Sans", size: 16, lineHeightMultiple: 1.5))
        #expect(r.lines[0].height == 18.625 * 1.5)
        #expect(r.size.height == 3 * 18.625 * 1.5)
    }

    @Test func minimumAndMaximumLineHeight() throws {
        #expect(try three(TextStyle(font: "DejaVu Sans", size: 16, minimumLineHeight: 30)).size.height == 3 * 30)
        #expect(try three(TextStyle(font: "DejaVu Sans", size: 16, maximumLineHeight: 10)).size.height == 3 * 10)
        // The multiple applies first, then the clamp: 18.625 · 2 = 37.25 → at most 30.
        #expect(try three(TextStyle(font: "DejaVu Sans", size: 16, lineHeightMultiple: 2, maximumLineHeight: 30)).lines[0].height == 30)
    }

    @Test func paragraphSpacingAfterEachParagraphButTheLast() throws {
        let st = TextStyle(font: "DejaVu Sans", size: 16, lineSpacing: 2, paragraphSpacing: 10)
        let r = try engine.measure("a\nb\nc", style: st, width: nil)
        #expect(r.lineCount == 3)
        let expected: Double = 3 * 18.625 + 2 * 2 + 2 * 10
        #expect(r.size.height == expected)
        let y1: Double = 18.625 + 2 + 10
        #expect(r.lines[1].y == y1)
    }

    @Test func noParagraphSpacingInsideAParagraph() throws {
        let r = try three(TextStyle(font: "DejaVu Sans", size: 16, paragraphSpacing: 10))
        #expect(r.size.height == 3 * 18.625)
    }

    @Test func fontLeadingOffChangesNothingForFontsWithoutALineGap() throws {
        // Both bundled fonts have hhea lineGap 0 (oracle README §2).
        let on = try three(TextStyle(font: "DejaVu Sans", size: 16))
        let off = try three(TextStyle(font: "DejaVu Sans", size: 16, fontLeading: false))
        #expect(on.size == off.size)
    }

    @Test func scaleRoundsWidthAndHeightUp() throws {
        let exact = try engine.measure("Hello", style: TextStyle(font: "DejaVu Sans", size: 17), width: nil)
        let r = try engine.measure("Hello", style: TextStyle(font: "DejaVu Sans", size: 17, scale: PixelScale(3)), width: nil)
        // 17 pt: (1901 + 483) · 17 / 2048 = 19.7890625 → 59.37 px → 60 px = 20 pt at 3×.
        #expect(exact.size.height == 19.7890625)
        #expect(r.size.height == 20)
        #expect(r.size.width == (exact.size.width * 3).rounded(.up) / 3)
        #expect(r.lines[0].width == exact.lines[0].width)  // lines stay exact
        let two = try engine.measure("Hello", style: TextStyle(font: "DejaVu Sans", size: 17, scale: PixelScale(2)), width: nil)
        #expect(two.size.height == 20)  // 39.58 px → 40 px = 20 pt
    }

    @Test func sizeScalesLinearly() throws {
        let a = try engine.measure("Hello world", style: TextStyle(font: "DejaVu Sans", size: 10), width: nil)
        let b = try engine.measure("Hello world", style: TextStyle(font: "DejaVu Sans", size: 20), width: nil)
        #expect(abs(b.size.width - 2 * a.size.width) < 1e-9)
        #expect(abs(b.size.height - 2 * a.size.height) < 1e-9)
    }
}
