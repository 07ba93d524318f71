import Testing
@testable import TextLayout

/// Line breaking on real fonts. Widths come from the engine itself (measured unlimited, one
/// line), so each expectation is arithmetic on widths the test can see.
@Suite struct LineBreakingTests {
    let engine = Fixtures.engine
    let style = TextStyle(font: "DejaVu Sans", size: 16)

    func width(_ s: String, _ st: TextStyle? = nil) throws -> Double {
        try engine.measure(s, style: st ?? style, width: nil).size.width
    }

    @Test func wordsWrapAtSpacesAndSpacesHang() throws {
        let hello = try width("hello"), world = try width("world")
        // Room for each word but not for both: the space hangs at the end of line 1.
        #expect(try width("hello world") > max(hello, world) + 1)
        let r = try engine.measure("hello world", style: style, width: max(hello, world) + 1)
        #expect(r.texts == ["hello ", "world"])
        #expect(r.lines[0].width == hello)  // the trailing space does not count
        #expect(r.lines[0].range == TextRange(location: 0, length: 6))
        #expect(r.lines[1].range == TextRange(location: 6, length: 5))
    }

    @Test func trailingSpacesNeverWrap() throws {
        let a = try width("a")
        let r = try engine.measure("a" + String(repeating: " ", count: 200), style: style, width: a + 1)
        #expect(r.lineCount == 1)
        #expect(r.size.width == a)
    }

    @Test func longWordBreaksBetweenGraphemesOnAFreshLine() throws {
        let word = "floccinaucinihilipilification"
        let r = try engine.measure("a " + word, style: style, width: 100)
        #expect(r.lines[0].text == "a ")  // the long word first moves to a fresh line
        #expect(r.lines[0].width == (try width("a")))
        #expect(r.lines.dropFirst().map(\.text).joined() == word)
        for line in r.lines { #expect(line.width <= 100 + LineBreaker.tolerance) }
        #expect(r.lineCount >= 3)
    }

    @Test func charModeBreaksAnywhereEvenBeforePunctuation() throws {
        let box = try width("xx ab") + 0.5
        let r = try engine.measure("xx ab.cd", style: TextStyle(font: "DejaVu Sans", size: 16, lineBreakMode: .charWrap),
                                   width: box)
        #expect(r.texts.first == "xx ab")  // CSS line-break: anywhere: "." may start a line
        // Word mode keeps "ab.cd" whole: it moves to the next line, where it fits.
        let w = try engine.measure("xx ab.cd", style: style, width: box)
        #expect(w.texts == ["xx ", "ab.cd"])
    }

    @Test func cjkBreaksBetweenIdeographsButNotBeforeClosingPunctuation() throws {
        // Every ideograph of WenQuanYi Micro Hei is 1 em: 4 of them at 20 pt are 80 pt.
        let zh = TextStyle(font: "WenQuanYi Micro Hei", size: 20)
        #expect(try width("每有会意", zh) == 4 * 20)
        let r = try engine.measure("每有会意，便欣然忘食！", style: zh, width: 80)
        // "，" may not start a line (UAX #14 class CL), so "意" goes down with it.
        #expect(r.texts[0] == "每有会")
        #expect(r.texts[1].hasPrefix("意，"))
        #expect(!r.texts.contains { $0.hasPrefix("，") || $0.hasPrefix("！") })
    }

    @Test func hardBreaksEndLines() throws {
        for sep in ["\n", "\r\n", "\u{2028}", "\u{2029}"] {
            let r = try engine.measure("one" + sep + "two", style: style, width: nil)
            #expect(r.lineCount == 2, "separator \(sep.unicodeScalars.map { $0.value })")
            #expect(r.lines[0].text == "one" + sep)
            #expect(r.lines[1].range.location == 3 + sep.utf16.count)
        }
    }

    @Test func textEndingWithANewlineHasAnEmptyLastLine() throws {
        let r = try engine.measure("abc\n", style: style, width: nil)
        #expect(r.lineCount == 2)
        #expect(r.lines[1].range == TextRange(location: 4, length: 0))
        #expect(r.lines[1].text == "")
        #expect(r.size.height == 2 * Fixtures.dejaVuLineHeight(16))
        let only = try engine.measure("\n", style: style, width: nil)
        #expect(only.lineCount == 2)
    }

    @Test func emptyTextIsZeroByZero() throws {
        let r = try engine.measure("", style: style, width: 100)
        #expect(r == .empty)
        #expect(r.size == .zero && r.lines.isEmpty)
    }

    @Test func unlimitedWidthGivesOneLinePerParagraph() throws {
        let text = String(repeating: "many words in a row ", count: 50)
        #expect(try engine.measure(text, style: style, width: nil).lineCount == 1)
        #expect(try engine.measure(text, style: style, width: 0).lineCount == 1)
    }

    @Test func linesReJoinToTheTextAndRangesAreContiguous() throws {
        let text = "Kenshin Cui 18500131234, 微软有哪些「黑历史」？ A/B testing\nsecond paragraph  with  spaces"
        for w in stride(from: 40.0, through: 400, by: 37) {
            for mode in [TextLineBreakMode.wordWrap, .charWrap] {
                var st = style
                st.lineBreakMode = mode
                let r = try engine.measure(text, style: st, width: w)
                #expect(r.texts.joined() == text)
                var next = 0
                for l in r.lines {
                    #expect(l.range.location == next)
                    next = l.range.end
                }
                #expect(next == text.utf16.count)
            }
        }
    }

    @Test func fewerLinesAsWidthGrows() throws {
        let text = "Few said six road, often sing answer body small verb? 每有会意，便欣然忘食！ Red start, on road again."
        var previous = Int.max
        for w in stride(from: 30.0, through: 900, by: 10) {
            let n = try engine.measure(text, style: style, width: w).lineCount
            #expect(n <= previous, "width \(w)")
            previous = n
        }
        #expect(previous == 1)
    }

    @Test func kerningCountsInWidths() throws {
        // DejaVu Sans kerns "AV": the pair is narrower than its letters apart.
        #expect(try width("AV") < width("A") + width("V"))
    }
}
