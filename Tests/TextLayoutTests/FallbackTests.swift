import Foundation
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

/// `TextEngine.bundled(adding:)` (the CLI's `--fonts DIR`): a user directory goes in front of the
/// bundled fonts instead of replacing them.
@Suite struct AddedFontDirectoryTests {
    /// A temporary directory holding only DejaVu Sans (copied from the bundled fonts).
    func dejaVuOnlyDirectory() throws -> String {
        let bundled = try #require(TextEngine.bundledFontDirectory())
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("le-fonts-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: bundled + "/DejaVuSans.ttf", toPath: dir + "/DejaVuSans.ttf")
        return dir
    }

    @Test func chineseStillFallsBackToTheBundledFont() throws {
        let dir = try dejaVuOnlyDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let alone = try TextEngine(fontDirectory: dir)
        let added = try TextEngine.bundled(adding: dir)
        #expect(added.fontDirectories.first == dir)
        #expect(added.fontDirectories.count == 2)
        let style = TextStyle(font: "DejaVu Sans", size: 20)
        // With DejaVu alone the ideographs have no font (tofu of DejaVu's .notdef, not 1 em each);
        // with the bundled fonts behind it WenQuanYi draws each 1 em wide: 2 × 20.
        let withBundled = try added.measure("中文", style: style, width: nil)
        #expect(withBundled.size.width == 2 * 20)
        #expect(withBundled.lines[0].height == Fixtures.wqyLineHeight(20))
        let withoutBundled = try alone.measure("中文", style: style, width: nil)
        #expect(withoutBundled.size.width != 2 * 20)
    }

    @Test func theBundledDirectoryItselfIsNotListedTwice() throws {
        let bundled = try #require(TextEngine.bundledFontDirectory())
        let engine = try TextEngine.bundled(adding: bundled)
        #expect(engine.fontDirectories.count == 1)
    }
}
