import Foundation
import Testing
@testable import TextLayout

/// Issue 11, defect 1: default-ignorable characters never have width (at a line's end or inside
/// it), and a soft hyphen shows — and counts — a hyphen only where a line breaks at it. Expected
/// values are other measurements of the same engine: "a" + an ignorable measures exactly as "a".
struct DefaultIgnorableTests {
    let engine = Fixtures.engine
    let style = TextStyle(font: "DejaVu Sans", size: 100)

    func width(_ s: String, _ w: Double? = nil) throws -> Double { try engine.measure(s, style: style, width: w).size.width }

    /// ZWSP, word joiner, ZWJ, ZWNJ, soft hyphen, BOM, LRM, RLM, a variation selector, a bidi embedding
    /// and a plane-14 tag character (a surrogate pair): none adds width, at the end or in the middle.
    @Test(arguments: ["\u{200B}", "\u{2060}", "\u{200D}", "\u{200C}", "\u{00AD}", "\u{FEFF}", "\u{200E}", "\u{200F}",
                      "\u{FE0F}", "\u{202A}", "\u{E0041}"])
    func ignorableHasNoWidth(_ c: String) throws {
        #expect(try width("a" + c) == width("a"))
        #expect(try width("a" + c + "b") == width("ab"))
        #expect(try width(c) == 0)
    }

    /// "xx aaa" is 333.98 pt: it fits in 340, so "xx aaa\u{200B}bbb" takes two lines, not three.
    @Test func zeroWidthSpaceLetsTheLineFit() throws {
        #expect(try width("xx aaa") < 340)
        let r = try engine.measure("xx aaa\u{200B}bbb", style: style, width: 340)
        #expect(r.lines.map(\.range) == [TextRange(location: 0, length: 7), TextRange(location: 7, length: 3)])
        #expect(r.lines[0].width == (try width("xx aaa")))
    }

    /// A soft hyphen: where the line breaks at it, the line shows "-" and is as wide as the text
    /// with a hyphen; where it does not, it has no width at all.
    @Test func softHyphenCountsOnlyWhereTheLineBreaks() throws {
        let text = "xx aaa\u{00AD}bbb"
        // Room for "xx aaa-" (370.07): one break, at the soft hyphen.
        let wide = try engine.measure(text, style: style, width: 380)
        #expect(wide.lines.map(\.text) == ["xx aaa-", "bbb"])
        #expect(wide.lines[0].width == (try width("xx aaa-")))
        #expect(wide.lines[0].range == TextRange(location: 0, length: 7))  // the range still covers the U+00AD
        // At 340 "xx aaa-" does not fit: "aaa-" goes down whole, with its hyphen.
        let narrow = try engine.measure(text, style: style, width: 340)
        #expect(narrow.lines.map(\.text) == ["xx ", "aaa-", "bbb"])
        #expect(narrow.lines[1].width == (try width("aaa-")))
        // Unbroken, or at the end of the text: no hyphen, no width.
        #expect(try width(text) == width("xx aaabbb"))
        #expect(try width("aaa\u{00AD}") == width("aaa"))
        #expect(try engine.measure("aaa\u{00AD}", style: style, width: nil).lines[0].text == "aaa\u{00AD}")
    }

    /// An ignorable character the primary font lacks never picks a fallback font: U+3164 HANGUL
    /// FILLER (and U+115F, U+1160, U+FFA0, U+034F, U+2066, U+E0001) in DejaVu Sans. Before, U+3164 went
    /// to WenQuanYi Micro Hei and the line took that font's height (117.24 pt instead of 116.41).
    /// Expected values: the same text without the character, measured by the same engine.
    @Test(arguments: ["\u{3164}", "\u{115F}", "\u{1160}", "\u{FFA0}", "\u{034F}", "\u{2066}", "\u{E0001}", "\u{1BCA0}"])
    func ignorableNeverFallsBack(_ c: String) throws {
        let plain = try engine.measure("ab", style: style, width: nil)
        for text in ["ab" + c, "a" + c + "b", c + "ab"] {
            let r = try engine.measure(text, style: style, width: nil)
            #expect(r.size == plain.size, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(r.lines.map(\.height) == plain.lines.map(\.height))
        }
    }

    /// Ignorables at the start of a text (one or several, of any kind) leave the rest its width:
    /// HarfBuzz reports the first glyph after them at their position. Before, "\u{2066}ab" and
    /// "\u{200B}\u{200B}ab" measured 63.48 pt, the width of "b" alone.
    @Test(arguments: ["\u{200B}", "\u{200B}\u{200B}", "\u{2066}", "\u{FEFF}\u{200D}", "\u{E0001}", "\u{00AD}\u{200E}"])
    func leadingIgnorablesKeepTheNextWidth(_ c: String) throws {
        #expect(try width(c + "ab") == width("ab"))
        #expect(try width(c + "\u{0301}ab") == width("\u{0301}ab"))
        #expect(try width("x " + c + "ab") == width("x ab"))
    }

    /// An ignorable character of a script of its own (U+180E is Mongolian) does not
    /// cut the text into script runs: the kerning across it stays. "AV" and "Vo" are kerned pairs
    /// in DejaVu Sans; expected: the same text without the character. Before, "A\u{180E}V" was
    /// wider than "AV" by the pair's kerning.
    /// (Not U+3164: HarfBuzz keeps the Hangul fillers' glyphs, so a pair around one is not kerned;
    /// the filler still has no width.)
    @Test(arguments: ["\u{180E}", "\u{200B}", "\u{2060}", "\u{034F}"])
    func ignorableKeepsKerningAcrossIt(_ c: String) throws {
        #expect(try width("AV") < width("A") + width("V"))  // the pair is kerned
        #expect(try width("A" + c + "V") == width("AV"))
        #expect(try width("Vo" + c + "V") == width("VoV"))
    }
}
