import Foundation
import Testing
import LayoutGeometry
@testable import TextLayout

/// `TextEngine.picture`: a laid-out text as glyph outlines (what `layout report` draws).
/// Expected values come from the font file itself, read with fontTools (an independent reader):
/// DejaVu Sans has units per em 2048, hhea descender −483; glyph "l" spans x 193…377 and
/// y 0…1556 in font units, with an advance of 569.
struct TextPictureTests {
    let engine = Fixtures.engine

    /// The numbers of a path, as (x, y) pairs.
    func points(_ path: String) -> [(Double, Double)] {
        let numbers = path.split(whereSeparator: { "MLQCZ ,".contains($0) }).compactMap { Double($0) }
        return stride(from: 0, to: numbers.count - 1, by: 2).map { (numbers[$0], numbers[$0 + 1]) }
    }

    /// At size 20.48 a font unit is 0.01 pt, so "l"'s outline is its glyph box / 100, standing on
    /// the baseline: the line's height less the descent (483 units = 4.83 pt).
    @Test func glyphOutlineSitsOnTheBaselineAtTheFontsCoordinates() throws {
        let style = TextStyle(font: "DejaVu Sans", size: 20.48)
        let picture = try engine.picture("l", style: style, width: nil)
        let line = try #require(picture.layout.lines.first)
        let baseline = line.y + line.height - 4.83
        let ps = points(picture.path)
        #expect(!ps.isEmpty)
        #expect(picture.path.hasPrefix("M"))
        #expect(picture.path.contains("Z"))
        let xs = ps.map(\.0), ys = ps.map(\.1)
        #expect(abs(xs.min()! - 1.93) <= 0.01)
        #expect(abs(xs.max()! - 3.77) <= 0.01)
        #expect(abs(ys.max()! - baseline) <= 0.01)            // the glyph's bottom: y 0 on the baseline
        #expect(abs(ys.min()! - (baseline - 15.56)) <= 0.01)  // its top: 1556 units up
    }

    /// The second "l" of "ll" is one advance (569 units = 5.69 pt) to the right of the first.
    @Test func glyphsAdvanceAlongTheLine() throws {
        let style = TextStyle(font: "DejaVu Sans", size: 20.48)
        let one = points(try engine.picture("l", style: style, width: nil).path).map(\.0)
        let two = points(try engine.picture("ll", style: style, width: nil).path).map(\.0)
        #expect(abs(two.max()! - (one.max()! + 5.69)) <= 0.01)
        #expect(two.count == 2 * one.count)
    }

    /// Wrapped lines are drawn at their own y; nothing is drawn outside the bounding rect's width.
    @Test func wrappedLinesStayInsideTheirRect() throws {
        let style = TextStyle(font: "DejaVu Sans", size: 17)
        let picture = try engine.picture("The quick brown fox jumps over the lazy dog", style: style, width: 120)
        #expect(picture.layout.lines.count > 1)
        let ps = points(picture.path)
        #expect(ps.allSatisfy { $0.0 >= -0.5 && $0.0 <= picture.layout.size.width + 0.5 })
        #expect(ps.allSatisfy { $0.1 >= 0 && $0.1 <= picture.layout.size.height })
        // Each line has glyphs: some point lies inside every line's band.
        for line in picture.layout.lines {
            #expect(ps.contains { $0.1 > line.y && $0.1 < line.y + line.height })
        }
    }

    /// A truncated line draws what it shows, its "…" included: its outline is the outline of its
    /// displayed text drawn alone.
    @Test func truncatedLineDrawsItsEllipsis() throws {
        var style = TextStyle(font: "DejaVu Sans", size: 17)
        style.numberOfLines = 1
        style.lineBreakMode = .truncateTail
        let picture = try engine.picture("The quick brown fox jumps over the lazy dog", style: style, width: 120)
        let line = try #require(picture.layout.lines.first)
        #expect(line.text.hasSuffix("…"))
        var plain = TextStyle(font: "DejaVu Sans", size: 17)
        plain.numberOfLines = 0
        let alone = try engine.picture(line.text, style: plain, width: nil)
        #expect(picture.path == alone.path)
    }

    /// An empty text draws nothing; spaces draw nothing.
    @Test func emptyAndBlankTextsDrawNothing() throws {
        let style = TextStyle(font: "DejaVu Sans", size: 17)
        #expect(try engine.picture("", style: style, width: nil).path.isEmpty)
        #expect(try engine.picture("   ", style: style, width: nil).path.isEmpty)
    }

    /// A right-to-left line is drawn on the right of its rect, inside it: Hebrew at a width wider
    /// than the text sits at the paragraph's trailing (right) end.
    @Test func rightToLeftTextIsDrawnOnTheRight() throws {
        let style = TextStyle(font: "DejaVu Sans", size: 17)
        let picture = try engine.picture("שלום עולם\nשלום", style: style, width: 300)
        let ps = points(picture.path)
        #expect(!ps.isEmpty)
        let maxX = ps.map(\.0).max()!
        #expect(abs(maxX - picture.layout.size.width) < 2)
        // The second, shorter line starts further right than the first.
        let second = picture.layout.lines[1]
        let secondXs = ps.filter { $0.1 > second.y && $0.1 < second.y + second.height }.map(\.0)
        #expect(secondXs.min()! >= second.x - 0.5)
    }

    /// Chinese falls back to WenQuanYi: drawn too (not .notdef boxes from DejaVu).
    @Test func fallbackFontsAreDrawn() throws {
        let style = TextStyle(font: "DejaVu Sans", size: 17)
        let latin = try engine.picture("Hi", style: style, width: nil)
        let mixed = try engine.picture("Hi 世界", style: style, width: nil)
        #expect(mixed.path.count > latin.path.count + 100)
        let xs = points(mixed.path).map(\.0)
        #expect(xs.max()! <= mixed.layout.size.width + 0.5)
        #expect(xs.max()! > mixed.layout.size.width - 3)
    }

    /// Attributed runs are drawn as laid out: a raised run's glyphs sit its baseline offset higher;
    /// an attachment is a box after the text before it, standing `baseline` above the baseline.
    /// At 20.48 pt a DejaVu unit is 0.01 pt: "l" is 5.69 pt wide, its box 193…377 × 0…1556.
    @Test func attributedRunsAndAttachmentsAreDrawnWhereTheyAreLaidOut() throws {
        let style = TextStyle(font: "DejaVu Sans", size: 20.48)
        let raised = AttributedText([.text("l"), TextRun(content: .text("l"), baselineOffset: 5),
                                     TextRun(content: .attachment(TextAttachment(width: 10, height: 12, baseline: -3)))])
        let picture = try engine.picture(raised.string, attributed: raised, style: style, width: nil)
        let line = try #require(picture.layout.lines.first)
        let baseline = line.y + line.height - 4.83       // the deepest descent: DejaVu's 483 units (the box hangs 3)
        let ps = points(picture.path)
        let first = ps.filter { $0.0 < 5.69 }, second = ps.filter { $0.0 >= 5.69 }
        #expect(abs(first.map(\.1).max()! - baseline) <= 0.01)
        #expect(abs(second.map(\.1).max()! - (baseline - 5)) <= 0.01)
        #expect(abs(second.map(\.0).min()! - (5.69 + 1.93)) <= 0.01)
        #expect(picture.bitmapGlyphs.count == 1)
        let box = try #require(picture.bitmapGlyphs.first)
        #expect(abs(box.minX - 2 * 5.69) <= 0.01 && box.width == 10 && box.height == 12)
        #expect(abs(box.maxY - (baseline + 3)) <= 0.01)
    }

    /// A bold run is drawn in the bold face: wider than the regular outline of the same letters,
    /// and ending where the layout's line ends.
    @Test func boldRunIsDrawnInItsFont() throws {
        let style = TextStyle(font: "DejaVu Sans", size: 17)
        let text = AttributedText([.text("Name "), TextRun(content: .text("Bold"), font: "DejaVu Sans Bold")])
        let picture = try engine.picture(text.string, attributed: text, style: style, width: nil)
        let plain = try engine.picture(text.string, style: style, width: nil)
        #expect(picture.path != plain.path)
        let maxX = points(picture.path).map(\.0).max()!
        #expect(maxX <= picture.layout.size.width + 0.5 && maxX > picture.layout.size.width - 2)
        #expect(picture.layout.size.width > plain.layout.size.width)
    }

    /// Justified: every line but the last of its paragraph is drawn across the whole width — its
    /// outline reaches the right edge (less the last glyph's right side bearing, under 2 pt at this
    /// size), where the natural picture's stops at the line's own width — and the last line of each
    /// paragraph is drawn as the natural one (the same points). The picture's layout says so.
    @Test(arguments: ["The quick brown fox jumps over the lazy dog and keeps running far away\nlast one",
                      "今天天气很好我们一起去公园散步吧中文文本测试一二三四五六七八九十重用机制滚动流畅"])
    func justifiedLinesReachBothEdges(text: String) throws {
        let style = TextStyle(font: "DejaVu Sans", size: 17)
        let width = 200.0
        let natural = try engine.picture(text, style: style, width: width)
        let justified = try engine.picture(text, style: style, width: width, alignment: .justified)
        #expect(natural.layout.lines.count == justified.layout.lines.count && natural.layout.lines.count > 2)
        #expect(justified.layout.size.width == width && natural.layout.size.width < width)
        func xs(_ picture: TextPicture, _ line: TextLine) -> [Double] {
            points(picture.path).filter { $0.1 > line.y && $0.1 < line.y + line.height }.map(\.0)
        }
        let lines = natural.layout.lines
        for (i, line) in lines.enumerated() {
            let endsParagraph = i == lines.count - 1 || line.text.hasSuffix("\n")
            let drawn = xs(justified, justified.layout.lines[i]), plain = xs(natural, line)
            if endsParagraph {
                #expect(drawn == plain, "line \(i) is drawn as the natural one")
                #expect(justified.layout.lines[i].width == line.width)
            } else {
                #expect(justified.layout.lines[i].x == 0 && justified.layout.lines[i].width == width)
                #expect(drawn.max()! > width - 2 && drawn.max()! <= width + 0.5, "line \(i) reaches the right edge")
                #expect(drawn.min()! == plain.min()!, "line \(i) starts where the natural one does")
                #expect(plain.max()! < width - 2)
            }
        }
    }

    /// A text whose lines have nothing to widen (one word a line) is drawn as the natural one.
    @Test func aJustifiedTextWithNothingToWidenIsDrawnAsNatural() throws {
        let style = TextStyle(font: "DejaVu Sans", size: 17)
        let text = "Supercalifragilistic expialidocious"
        let natural = try engine.picture(text, style: style, width: 180)
        let justified = try engine.picture(text, style: style, width: 180, alignment: .justified)
        #expect(natural.layout.lines.count == 2)
        #expect(justified.path == natural.path && justified.layout == natural.layout)
    }

    /// In a right-to-left element (`justifiedAtRight`), the lines justifying leaves unstretched sit
    /// at the right edge of the box; the stretched ones span it as anywhere.
    @Test func justifiedAtTheRightPutsUnstretchedLinesAtTheRight() throws {
        let style = TextStyle(font: "DejaVu Sans", size: 17)
        let text = "The quick brown fox jumps over the lazy dog and keeps running far away"
        let width = 200.0
        let natural = try engine.picture(text, style: style, width: width)
        let picture = try engine.picture(text, attributed: nil, style: style, width: width, alignment: .justified,
                                         justifiedAtRight: true)
        let lines = picture.layout.lines
        #expect(lines.count > 2 && picture.layout.size.width == width)
        for (i, line) in lines.enumerated() {
            let xs = points(picture.path).filter { $0.1 > line.y && $0.1 < line.y + line.height }.map(\.0)
            if i == lines.count - 1 {
                #expect(line.width == natural.layout.lines[i].width && line.x == width - line.width)
                #expect(xs.max()! > width - 2 && xs.min()! > width - line.width - 0.5)
            } else {
                #expect(line.x == 0 && line.width == width)
                #expect(xs.min()! < 2 && xs.max()! > width - 2)
            }
        }
    }

    /// A right-to-left paragraph justified: its stretched lines span the width, its last line sits
    /// at the right (its natural place), and the rect is the width.
    @Test func aRightToLeftParagraphJustifiedSpansTheWidth() throws {
        let style = TextStyle(font: "DejaVu Sans", size: 17)
        let text = "שלום עולם זה טקסט ארוך בעברית שנשבר לכמה שורות ברוחב הזה שלום"
        let width = 200.0
        let picture = try engine.picture(text, style: style, width: width, alignment: .justified)
        let lines = picture.layout.lines
        #expect(lines.count > 2 && picture.layout.size.width == width && picture.layout.direction == .rightToLeft)
        for (i, line) in lines.enumerated() {
            let xs = points(picture.path).filter { $0.1 > line.y && $0.1 < line.y + line.height }.map(\.0)
            #expect(xs.max()! > width - 2 && xs.max()! <= width + 0.5, "line \(i) ends at the right edge")
            if i < lines.count - 1 {
                #expect(xs.min()! < 2, "line \(i) is stretched to the left edge")
            } else {
                #expect(xs.min()! > 20 && line.x == width - line.width)
            }
        }
    }
}
