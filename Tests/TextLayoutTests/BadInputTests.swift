import Testing
@testable import TextLayout

@Suite struct BadInputTests {
    let engine = Fixtures.engine

    @Test(arguments: [0.0, -3, .nan, .infinity, -.infinity])
    func sizeMustBePositiveAndFinite(size: Double) {
        let e = #expect(throws: TextLayoutError.self) {
            try engine.measure("x", style: TextStyle(size: size), width: 100)
        }
        #expect(e?.description.hasPrefix("size:") == true)
    }

    @Test(arguments: [-1.0, .nan, .infinity])
    func widthMustBeFiniteAndNotNegative(width: Double) {
        let e = #expect(throws: TextLayoutError.self) { try engine.measure("x", style: TextStyle(), width: width) }
        #expect(e?.description.hasPrefix("width:") == true)
        #expect(throws: TextLayoutError.self) { try engine.size(of: "x", style: TextStyle(), width: width) }
    }

    @Test func negativeNumberOfLines() {
        let e = #expect(throws: TextLayoutError.self) {
            try engine.measure("x", style: TextStyle(numberOfLines: -1), width: 100)
        }
        #expect(e?.description.hasPrefix("numberOfLines:") == true)
    }

    @Test(arguments: ["lineSpacing", "lineHeightMultiple", "paragraphSpacing", "minimumLineHeight", "maximumLineHeight"])
    func spacingMustBeFiniteAndNotNegative(field: String) {
        var st = TextStyle()
        switch field {
        case "lineSpacing": st.lineSpacing = -1
        case "lineHeightMultiple": st.lineHeightMultiple = .nan
        case "paragraphSpacing": st.paragraphSpacing = -.infinity
        case "minimumLineHeight": st.minimumLineHeight = -2
        default: st.maximumLineHeight = .infinity
        }
        let e = #expect(throws: TextLayoutError.self) { try engine.measure("x", style: st, width: 100) }
        #expect(e?.description.hasPrefix(field + ":") == true)
    }

    @Test func unknownLineBreakModeIsNotAMode() {
        #expect(TextLineBreakMode(rawValue: "justify") == nil)
        #expect(TextLineBreakMode.allCases.map(\.rawValue) ==
                ["word", "char", "clip", "truncateHead", "truncateMiddle", "truncateTail"])
        // The hyphenated names of earlier versions are still accepted by name.
        #expect(TextLineBreakMode(name: "truncate-tail") == .truncateTail)
        #expect(TextLineBreakMode(name: "truncate-middle") == .truncateMiddle)
        #expect(TextLineBreakMode(name: "truncateHead") == .truncateHead)
        #expect(TextLineBreakMode(name: "truncate-") == nil)
        // UIKit's names (NSLineBreakMode's Swift cases, with and without "by") and the enum's case names.
        #expect(TextLineBreakMode(name: "byWordWrapping") == .wordWrap)
        #expect(TextLineBreakMode(name: "wordWrap") == .wordWrap)
        #expect(TextLineBreakMode(name: "charWrapping") == .charWrap)
        #expect(TextLineBreakMode(name: "byClipping") == .clip)
        #expect(TextLineBreakMode(name: "byTruncatingHead") == .truncateHead)
        #expect(TextLineBreakMode(name: "truncatingMiddle") == .truncateMiddle)
        #expect(TextLineBreakMode(name: "byTruncatingTail") == .truncateTail)
        #expect(TextLineBreakMode(name: "ByTruncatingTail") == nil)
    }

    @Test func loneSurrogatesAndControlCharactersAreMeasured() throws {
        let text = String(decoding: [0x61, 0xD800, 0x62, 0x0007, 0x63] as [UInt16], as: UTF16.self)
        let r = try engine.measure(text, style: TextStyle(), width: 100)
        #expect(r.lineCount == 1)
        #expect(r.lines[0].range.end == text.utf16.count)
    }

    @Test func oneMegabyteParagraphIsSimplyMeasured() throws {
        // 1 MiB of UTF-8: mixed words and ideographs, no newline.
        var text = ""
        let words = ["layout ", "engine ", "表格", "视图 ", "measures ", "文本"]
        var i = 0
        while text.utf8.count < 1 << 20 {
            text += words[i % words.count]
            i += 1
        }
        let st = TextStyle(font: "DejaVu Sans", size: 12)
        let size = try engine.size(of: text, style: st, width: 320)
        #expect(size.lineCount > 10_000)
        // Each line is as tall as DejaVu's line or, with an ideograph on it, WenQuanYi's.
        let n = Double(size.lineCount)
        #expect(size.size.height >= n * Fixtures.dejaVuLineHeight(12) - 1e-6)
        #expect(size.size.height <= n * Fixtures.wqyLineHeight(12) + 1e-6)
        #expect(size.size.width <= 320 + LineBreaker.tolerance)
    }
}

/// ICU failures are errors, not a silent "no break" (issue 13): the probe every engine runs
/// before it is made passes here, and its failure would name ICU and the fix.
@Suite struct UnicodeDataProbeTests {
    @Test func icuBreaksTheProbeText() {
        #expect(UnicodeBreaks.problem == nil)
    }

    @Test func failureMessageNamesICU() {
        let e = TextLayoutError.unicodeDataUnavailable(reason: "line breaking (UAX #14) failed with ICU error -2")
        #expect(e.description == "ICU cannot break text: line breaking (UAX #14) failed with ICU error -2 (is libicu's data installed? apt-get install libicu-dev)")
    }
}
