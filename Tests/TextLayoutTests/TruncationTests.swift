import Testing
@testable import TextLayout

@Suite struct TruncationTests {
    let engine = Fixtures.engine
    let text = "The quick brown fox jumps over the lazy dog and keeps running far away"

    func style(_ mode: TextLineBreakMode, lines: Int) -> TextStyle {
        TextStyle(font: "DejaVu Sans", size: 16, lineBreakMode: mode, numberOfLines: lines)
    }

    @Test func numberOfLinesCutsTheText() throws {
        let all = try engine.measure(text, style: style(.wordWrap, lines: 0), width: 120)
        let two = try engine.measure(text, style: style(.wordWrap, lines: 2), width: 120)
        #expect(all.lineCount > 2)
        #expect(two.lineCount == 2)
        #expect(two.truncated)
        #expect(!all.truncated)
        #expect(two.lines == Array(all.lines.prefix(2)))
        #expect(two.size.height == 2 * Fixtures.dejaVuLineHeight(16))
    }

    @Test func fittingTextIsNotTruncated() throws {
        let r = try engine.measure("short", style: style(.truncateTail, lines: 1), width: 200)
        #expect(!r.truncated)
        #expect(r.lines[0].text == "short")
    }

    @Test func tailTruncationEndsWithEllipsisAndFits() throws {
        let r = try engine.measure(text, style: style(.truncateTail, lines: 2), width: 120)
        #expect(r.truncated && r.lineCount == 2)
        let last = r.lines[1]
        #expect(last.text.hasSuffix("\u{2026}"))
        #expect(last.width <= 120)
        // It stands for the rest of the text.
        #expect(last.range.end == text.utf16.count)
        // Its width is the kept text plus a measured ellipsis.
        let kept = String(last.text.dropLast())
        let expected = try engine.measure(kept, style: style(.wordWrap, lines: 0), width: nil).size.width
            + engine.measure("\u{2026}", style: style(.wordWrap, lines: 0), width: nil).size.width
        #expect(abs(last.width - expected) < 0.05)
        let plain = try engine.measure(text, style: style(.wordWrap, lines: 0), width: 120)
        #expect(r.lines[0] == plain.lines[0])  // lines before the last are untouched
    }

    @Test func headTruncationKeepsTheEnd() throws {
        let r = try engine.measure(text, style: style(.truncateHead, lines: 1), width: 150)
        #expect(r.lines[0].text.hasPrefix("\u{2026}"))
        #expect(text.hasSuffix(String(r.lines[0].text.dropFirst())))
        #expect(r.lines[0].width <= 150)
    }

    @Test func middleTruncationKeepsBothEnds() throws {
        let r = try engine.measure(text, style: style(.truncateMiddle, lines: 1), width: 150)
        let parts = r.lines[0].text.components(separatedBy: "\u{2026}")
        #expect(parts.count == 2)
        #expect(text.hasPrefix(parts[0]) && text.hasSuffix(parts[1]))
        #expect(!parts[0].isEmpty && !parts[1].isEmpty)
        #expect(r.lines[0].width <= 150)
    }

    @Test func clipCutsWithoutEllipsis() throws {
        let r = try engine.measure(text, style: style(.clip, lines: 1), width: 120)
        #expect(r.truncated && r.lineCount == 1)
        #expect(!r.lines[0].text.contains("\u{2026}"))
    }

    @Test func sizeOnlyAgreesWithFullLayout() throws {
        for mode in TextLineBreakMode.allCases {
            for lines in [0, 1, 2, 3] {
                for w in [60.0, 120, 333] {
                    let st = style(mode, lines: lines)
                    let full = try engine.measure(text + "\n第二段 中文", style: st, width: w)
                    let size = try engine.size(of: text + "\n第二段 中文", style: st, width: w)
                    #expect(size.size == full.size, "\(mode) \(lines) \(w)")
                    #expect(size.lineCount == full.lineCount)
                    #expect(size.truncated == full.truncated)
                }
            }
        }
    }
}
