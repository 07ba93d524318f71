import Testing
@testable import TextLayout

@Suite struct FallbackTests {
    let engine = Fixtures.engine

    @Test func chineseInDejaVuFallsBackToWenQuanYi() throws {
        // DejaVu Sans has no ideographs; WenQuanYi Micro Hei draws them 1 em wide.
        let r = try engine.measure("中文", style: TextStyle(font: "DejaVu Sans", size: 20), width: nil)
        #expect(r.size.width == 2 * 20)
        // The line holds a WenQuanYi glyph, so it is as tall as WenQuanYi's line (taller than DejaVu's).
        #expect(r.lines[0].height == Fixtures.wqyLineHeight(20))
    }

    @Test func mixedLineTakesTheTallestFont() throws {
        let st = TextStyle(font: "DejaVu Sans", size: 16)
        let latin = try engine.measure("Hello\n中文", style: st, width: nil)
        #expect(latin.lines[0].height == Fixtures.dejaVuLineHeight(16))
        #expect(latin.lines[1].height == Fixtures.wqyLineHeight(16))
        #expect(latin.size.height == Fixtures.dejaVuLineHeight(16) + Fixtures.wqyLineHeight(16))
    }

    @Test func latinInTheCJKFontStaysInIt() throws {
        // WenQuanYi covers Latin: no fallback, the line height is its own.
        let r = try engine.measure("Hello", style: TextStyle(font: "WenQuanYi Micro Hei", size: 16), width: nil)
        #expect(r.lines[0].height == Fixtures.wqyLineHeight(16))
    }

    @Test func runOfOneFontIsShapedAsOnePiece() throws {
        // Kerning across a break opportunity (after "-") counts when both sides share a line.
        let st = TextStyle(font: "DejaVu Sans", size: 20)
        let whole = try engine.measure("a-very-long-word", style: st, width: nil).size.width
        let parts = try ["a-", "very-", "long-", "word"].map { try engine.measure($0, style: st, width: nil).size.width }
        #expect(abs(whole - parts.reduce(0, +)) > 0.01)
    }

    @Test func preparedParagraphRecordsFallbackFonts() throws {
        let p = try engine.prepare("A中", style: TextStyle(font: "DejaVu Sans", size: 10))
        #expect(p.paragraph.fonts[0] == 0)
        #expect(p.paragraph.fonts[1] != 0)
        #expect(!p.paragraph.singleFont)
    }
}
