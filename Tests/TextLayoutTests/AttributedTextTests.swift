import Foundation
import Testing
@testable import TextLayout

/// Issue 11, attributed text: runs with their own font, size, kern and baseline offset, and
/// attachments. Expected values are arithmetic over independent measurements of plain strings
/// in the same engine (a run's width is its plain width in its font and size) and the fonts'
/// own metrics (hhea of DejaVu Sans: ascender 1901, descender −483, 2048 units per em).
struct AttributedTextTests {
    let engine = Fixtures.engine
    let style = TextStyle(font: "DejaVu Sans", size: 17)

    func plainWidth(_ s: String, font: String = "DejaVu Sans", size: Double = 17) throws -> Double {
        try engine.measure(s, style: TextStyle(font: font, size: size), width: nil).size.width
    }

    func lineHeight(_ font: String, _ size: Double) throws -> Double {
        try engine.metrics(of: font).lineHeight(size: size)
    }

    /// Runs in the style's own attributes measure exactly as the joined string, to the bit.
    @Test func plainRunsEqualTheString() throws {
        let text = AttributedText([.text("Hello, "), .text("world")])
        let a = try engine.measure(text, style: style, width: 60)
        let b = try engine.measure("Hello, world", style: style, width: 60)
        #expect(a == b)
    }

    /// A bold name then regular text: one line as wide as the two runs measured apart (no
    /// kerning is applied across runs of different fonts) and as tall as the taller font.
    @Test func boldNameThenRegularText() throws {
        let text = AttributedText([.text("@Kenshin", font: "DejaVu Sans Bold"), .text(" says hi")])
        let r = try engine.measure(text, style: style, width: nil)
        let expected = try plainWidth("@Kenshin", font: "DejaVu Sans Bold") + plainWidth(" says hi")
        #expect(abs(r.size.width - expected) < 1e-9)
        #expect(r.lines.count == 1)
        let h = max(try lineHeight("DejaVu Sans Bold", 17), try lineHeight("DejaVu Sans", 17))
        #expect(abs(r.size.height - h) < 1e-9)
        #expect(r.lines[0].text == "@Kenshin says hi")
    }

    /// Two sizes on one line: the line's height is the larger size's ascent + descent; a line
    /// holding only the small run is the small size's height (the style's size does not count).
    @Test func lineHeightFollowsTheRunsOnTheLine() throws {
        let m = try engine.metrics(of: "DejaVu Sans")
        let big = AttributedText([.text("small ", size: 10), .text("BIG", size: 30)])
        let one = try engine.measure(big, style: style, width: nil)
        #expect(abs(one.size.height - m.lineHeight(size: 30)) < 1e-9)
        let widthSmall = try plainWidth("small", size: 10), widthBig = try plainWidth("BIG", size: 30)
        // At a width that holds "BIG" but not "small BIG", the first line is 10 pt text, the second 30 pt.
        #expect(widthSmall + widthBig > widthBig + 1)
        let two = try engine.measure(big, style: style, width: widthBig + 1)
        #expect(two.lines.map(\.text) == ["small ", "BIG"])
        #expect(abs(two.lines[0].height - m.lineHeight(size: 10)) < 1e-9)
        #expect(abs(two.lines[1].height - m.lineHeight(size: 30)) < 1e-9)
        #expect(abs(two.lines[0].width - widthSmall) < 1e-9)
    }

    /// Kern adds its points after every character: "abc" with kern 2 is 6 pt wider.
    @Test func kernAddsAfterEveryCharacter() throws {
        let r = try engine.measure(AttributedText([.text("abc", kern: 2)]), style: style, width: nil)
        #expect(abs(r.size.width - (try plainWidth("abc") + 6)) < 1e-9)
        // Negative tracking narrows.
        let n = try engine.measure(AttributedText([.text("abc", kern: -1)]), style: style, width: nil)
        #expect(abs(n.size.width - (try plainWidth("abc") - 3)) < 1e-9)
    }

    /// A run raised by 5 pt makes its line 5 pt taller above the baseline; lowered, below.
    @Test func baselineOffsetGrowsTheLine() throws {
        let m = try engine.metrics(of: "DejaVu Sans")
        let up = try engine.measure(AttributedText([.text("x"), .text("2", baselineOffset: 5)]), style: style, width: nil)
        #expect(abs(up.size.height - (m.lineHeight(size: 17) + 5)) < 1e-9)
        let down = try engine.measure(AttributedText([.text("x"), .text("2", baselineOffset: -4)]), style: style, width: nil)
        #expect(abs(down.size.height - (m.lineHeight(size: 17) + 4)) < 1e-9)
    }

    /// An attachment is one U+FFFC as wide as its box; a box taller than the font grows the line:
    /// ascent = height + baseline, descent = −baseline, each at least the font's.
    @Test func attachmentIsAnInlineBox() throws {
        let m = try engine.metrics(of: "DejaVu Sans")
        let small = AttributedText([.text("ab"), .attachment(width: 18, height: 18, baseline: -3), .text("cd")])
        let r = try engine.measure(small, style: style, width: nil)
        #expect(abs(r.size.width - (try plainWidth("ab") + 18 + plainWidth("cd"))) < 1e-9)
        #expect(r.lines[0].text == "ab\u{FFFC}cd")
        #expect(r.lines[0].range == TextRange(location: 0, length: 5))
        // 18 + (−3) = 15 above the baseline < the font's ascent 15.78; 3 below < 3.99: the font's height.
        #expect(abs(r.size.height - m.lineHeight(size: 17)) < 1e-9)
        let tall = AttributedText([.text("ab"), .attachment(width: 40, height: 40, baseline: -5)])
        let t = try engine.measure(tall, style: style, width: nil)
        // 35 above the baseline, the font's descent (3.99 > 5? no: 5 > 3.99) → 35 + 5 = 40.
        #expect(abs(t.size.height - 40) < 1e-9)
        let raised = AttributedText([.attachment(width: 10, height: 30, baseline: 2)])
        let u = try engine.measure(raised, style: style, width: nil)
        // 32 above, the font's descent below.
        #expect(abs(u.size.height - (32 + m.descent(size: 17))) < 1e-9)
    }

    /// Line breaking runs across run boundaries: a word split over two runs is one word, and
    /// the break opportunity after a space in one run ends a line before the next run.
    @Test func breakingCrossesRuns() throws {
        let text = AttributedText([.text("Ken", font: "DejaVu Sans Bold"), .text("shin wrote this")])
        let w = try plainWidth("Ken", font: "DejaVu Sans Bold") + plainWidth("shin") + 2
        let r = try engine.measure(text, style: style, width: w)
        #expect(r.lines.map(\.text) == ["Kenshin ", "wrote ", "this"])
        #expect(r.lines.map(\.range.location) == [0, 8, 14])
    }

    /// Truncation works on attributed lines: the ellipsis in the style's font.
    @Test func truncatesWithAnEllipsis() throws {
        var s = style
        s.numberOfLines = 1
        s.lineBreakMode = .truncateTail
        let text = AttributedText([.text("Bold start ", font: "DejaVu Sans Bold"), .text("and a long regular tail that cannot fit")])
        let r = try engine.measure(text, style: s, width: 150)
        #expect(r.lines.count == 1 && r.truncated)
        #expect(r.lines[0].text.hasSuffix("\u{2026}"))
        #expect(r.lines[0].width <= 150)
    }

    /// Chinese in a run falls back to WenQuanYi Micro Hei inside that run, at the run's size.
    @Test func fallbackInsideARun() throws {
        let text = AttributedText([.text("今天", size: 20), .text(" Hi")])
        let r = try engine.measure(text, style: style, width: nil)
        #expect(abs(r.size.width - (try plainWidth("今天", size: 20) + plainWidth(" Hi"))) < 1e-9)
        let wq = try engine.metrics(of: "WenQuanYi Micro Hei"), dv = try engine.metrics(of: "DejaVu Sans")
        let h = max(wq.ascent(size: 20), dv.ascent(size: 17)) + max(wq.descent(size: 20), dv.descent(size: 17))
        #expect(abs(r.size.height - h) < 1e-9)
    }

    /// The size-only path agrees with full layout, and a cached answer equals a fresh one.
    @Test func measureAgreesWithLayoutAndCache() throws {
        let text = AttributedText([.text("@name", font: "DejaVu Sans Bold"), .text(" 今天天气不错 "), .text("#话题#", size: 15),
                                   .attachment(width: 18, height: 18, baseline: -3), .text(" https://example.com/x", kern: 0.5)])
        for w in [40.0, 80, 120, 200, 0] {
            let full = try engine.measure(text, style: style, width: w)
            let size = try engine.size(of: text, style: style, width: w)
            #expect(full.size == size.size && full.lineCount == size.lineCount)
            let again = try engine.measure(text, style: style, width: w)
            #expect(again == full)
            let joined = full.lines.map(\.text).joined()
            #expect(joined == text.string)
        }
    }

    /// Bad runs are refused naming the run and the field.
    @Test func badRunsNameTheField() throws {
        let bad: [(AttributedText, String)] = [
            (AttributedText([.text("a"), .text("b", size: -1)]), "runs[1].size"),
            (AttributedText([.attachment(width: -2, height: 3)]), "runs[0].attachment.width"),
            (AttributedText([.text("a", kern: .nan)]), "runs[0].kern"),
            (AttributedText([.attachment(width: 2, height: .infinity)]), "runs[0].attachment.height"),
        ]
        for (text, field) in bad {
            #expect(throws: TextLayoutError.self) { try engine.measure(text, style: style, width: 100) }
            do {
                _ = try engine.measure(text, style: style, width: 100)
            } catch {
                #expect("\(error)".hasPrefix(field))
            }
        }
        // A run's font nobody has: measured in the style's font, with a warning naming it.
        let fallback = try engine.measure(AttributedText([.text("a"), .text("b", font: "No Such Font")]), style: style, width: 100)
        #expect(fallback.warnings.count == 1 && fallback.warnings[0].hasPrefix("runs[1].font: unknown font 'No Such Font'"))
        #expect(fallback.size == (try engine.measure("ab", style: style, width: 100)).size)
    }

    /// A run boundary inside a grapheme cluster (an accent in a run of its own, a ZWJ sequence cut
    /// in two) never becomes a place to break: the cluster stays on one line even when nothing fits.
    @Test func aClusterCutByARunStaysWhole() throws {
        let accent = AttributedText([.text("e"), .text("\u{301}", font: "DejaVu Sans Bold")])
        let r = try engine.measure(accent, style: style, width: 1)
        #expect(r.lines.map(\.range) == [TextRange(location: 0, length: 2)])
        let family = AttributedText([.text("ab 👨\u{200D}"), .text("👩\u{200D}👧", size: 20), .text(" cd")])
        for width in [1.0, 10, 30] {
            let f = try engine.measure(family, style: style, width: width)
            // No line starts inside the sequence (code units 3 ..< 11).
            #expect(f.lines.allSatisfy { !(4..<11).contains($0.range.location) }, "\(width): \(f.lines.map(\.range))")
            #expect(f.lines.map(\.text).joined() == family.string)
        }
    }
}
