import Foundation
import Testing
import LayoutGeometry
import TextLayout
@testable import CellLayout

/// Text alignment (`UILabel.textAlignment`, CSS's `text-align`): a text's frame — its lines'
/// bounding rect — placed across its box; the lines drawn across that rect. Expected values are
/// arithmetic on the box's width and the text's measured size.
struct TextAlignmentTests {
    let layout = CellLayout(textEngine: FlexTests.engine)
    static let style = TextStyle(font: "DejaVu Sans", size: 14)

    func x(_ e: CellElement, width: Double) throws -> Double {
        try #require(layout.arrange(e, width: width).frames.first { $0.id == "t" }).rect.minX
    }

    /// A one-line text stretched across a padded column: left and natural at the content box's
    /// left, right at its right, centred in the middle — and right to left, natural at the right
    /// while left and right stay where they are.
    @Test func aTextSitsAcrossItsBox() throws {
        let text = "two words"
        let w = try FlexTests.engine.size(of: text, style: Self.style, width: nil).size.width
        func column(_ a: TextLineAlignment, _ d: CellLayoutDirection = .leftToRight) -> CellElement {
            CellElement.vstack([CellElement.text(text, style: Self.style).textAlignment(a).id("t")])
                .padding(EdgeInsets(top: 0, left: 10, bottom: 0, right: 20)).layoutDirection(d)
        }
        let inner = 200.0 - 30  // the content box: 200 less 10 and 20
        #expect(try x(column(.natural), width: 200) == 10)
        #expect(try x(column(.left), width: 200) == 10)
        #expect(try x(column(.center), width: 200) == 10 + (inner - w) / 2)
        #expect(try x(column(.right), width: 200) == 10 + inner - w)
        #expect(try x(column(.natural, .rightToLeft), width: 200) == 10 + inner - w)
        #expect(try x(column(.left, .rightToLeft), width: 200) == 10)
        #expect(try x(column(.center, .rightToLeft), width: 200) == 10 + (inner - w) / 2)
        #expect(try x(column(.right, .rightToLeft), width: 200) == 10 + inner - w)
        // A text that fills its box (a row gives it its own width) has nowhere to go.
        let row = CellElement.hstack([CellElement.text(text, style: Self.style).textAlignment(.right).id("t")])
        #expect(try x(row, width: 200) == 0)
    }

    /// A wrapped text's box is the room it has; its frame (the widest line) moves across it.
    @Test func aWrappedTextsWidestLineMovesAcrossItsBox() throws {
        let text = "a message that wraps onto a few lines here"
        let tree = CellElement.hstack(spacing: 10, [
            CellElement.box(width: 40, height: 40).flex(shrink: 0),
            CellElement.text(text, style: Self.style).textAlignment(.right).id("t")])
        let f = try #require(layout.arrange(tree, width: 200).frames.first { $0.id == "t" }).rect
        let measured = try FlexTests.engine.size(of: text, style: Self.style, width: 150)
        #expect(measured.lineCount > 1)
        #expect(f.width == measured.size.width)
        #expect(abs(f.maxX - 200) < 1e-9)  // the box: 200 less the 40-pt box and the 10-pt gap
    }

    /// Justified (`NSTextAlignment.justified`, CSS's `justify`): every line but the last of its
    /// paragraph is stretched to the box, so a text with such a line reaches both edges of its
    /// box — left to right and right to left alike; a text with none (one line, lines each ending
    /// a paragraph, the one line a limit shows, a word broken inside with nothing to widen) sits
    /// where natural alignment puts it. Ideographs are widened between, as Chromium does.
    @Test func aJustifiedTextReachesBothEdgesOfItsBox() throws {
        func frame(_ text: String, _ style: TextStyle = Self.style, _ d: CellLayoutDirection = .leftToRight) throws -> Rect {
            let tree = CellElement.hstack(spacing: 10, [
                CellElement.box(width: 40, height: 40).flex(shrink: 0),
                CellElement.text(text, style: style).textAlignment(.justified).id("t")]).layoutDirection(d)
            return try #require(layout.arrange(tree, width: 200).frames.first { $0.id == "t" }).rect
        }
        let wrapped = "a message that wraps onto a few lines here"
        #expect(try FlexTests.engine.size(of: wrapped, style: Self.style, width: 150).lineCount > 1)
        #expect(try frame(wrapped) == Rect(x: 50, y: 0, width: 150, height: FlexTests.engine.size(of: wrapped, style: Self.style, width: 150).size.height))
        #expect(try frame(wrapped, Self.style, .rightToLeft).minX == 0 && frame(wrapped, Self.style, .rightToLeft).width == 150)
        let chinese = "今天天气很好我们一起去公园散步吧中文文本测试一二三四五六七八九十"
        #expect(try frame(chinese).width == 150)
        // Natural: the text's own widest line, at the box's start edge (right to left, its right).
        for text in ["short words", "one line\ntwo lines\nthree"] {
            let w = try FlexTests.engine.size(of: text, style: Self.style, width: 150).size.width
            #expect(try frame(text).width == w && frame(text).minX == 50, "\(text)")
            #expect(try abs(frame(text, Self.style, .rightToLeft).maxX - 150) < 1e-9, "\(text)")
        }
        var one = Self.style
        one.numberOfLines = 1
        #expect(try frame(wrapped, one).width == FlexTests.engine.size(of: wrapped, style: one, width: 150).size.width)
        var characters = Self.style
        characters.lineBreakMode = .charWrap
        let word = String(repeating: "abcdefghij", count: 4)
        #expect(try frame(word, characters).width == FlexTests.engine.size(of: word, style: characters, width: 150).size.width)
    }

    /// Drawn, each line sits across the bounding rect: centred lines at half the room the
    /// widest leaves them, right-aligned ones at all of it; the layout in the picture says so.
    @Test func linesAreDrawnWhereTheirAlignmentPutsThem() throws {
        let text = "a long first line of words\nshort"
        for alignment in TextLineAlignment.allCases {
            let picture = try FlexTests.engine.picture(text, style: Self.style, width: nil, alignment: alignment)
            let widest = picture.layout.size.width
            #expect(picture.layout.lines.count == 2)
            for line in picture.layout.lines {
                let expected = alignment == .center ? (widest - line.width) / 2 : alignment == .right ? widest - line.width : 0
                #expect(abs(line.x - expected) < 1e-9, "\(alignment)")
            }
        }
        // The outlines move with them: the centred picture's path differs from the left one's.
        let left = try FlexTests.engine.picture(text, style: Self.style, width: nil, alignment: .left)
        let center = try FlexTests.engine.picture(text, style: Self.style, width: nil, alignment: .center)
        #expect(left.path != center.path)
        #expect(try left.path == FlexTests.engine.picture(text, style: Self.style, width: nil).path)
    }
}
