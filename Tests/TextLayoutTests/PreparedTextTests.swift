import Foundation
import Testing
@testable import TextLayout

@Suite struct PreparedTextTests {
    @Test func reMeasuringAtAnotherWidthDoesNotShapeAgain() throws {
        // Direct shaping off, so that the runs are shaped by HarfBuzz and their words cached. (A run
        // with a combining mark or a joining script is shaped by HarfBuzz but not cached by word:
        // its shaping can depend on more context than a key holds — DeterminismTests.)
        let engine = try TextEngine(fontDirectory: Fixtures.fontsDirectory, configuration: .init(directShaping: false))
        let st = TextStyle(font: "DejaVu Sans", size: 15)
        let text = "Measured once in the field, laid out at any width: 每有会意，便欣然忘食！"
        _ = try engine.measure(text, style: st, width: 100)
        let after = engine.cacheStatistics
        #expect(after.paragraphs == 1)
        #expect(after.shapedRuns > 0)
        for w in [50.0, 80, 200, 0] { _ = try engine.measure(text, style: st, width: w) }
        // Another size of the same font is the same preparation too (advances are in ems).
        _ = try engine.measure(text, style: TextStyle(font: "DejaVu Sans", size: 30), width: 100)
        #expect(engine.cacheStatistics == after)
    }

    @Test func preparedTextLaysOutLikeMeasure() throws {
        let engine = Fixtures.engine
        let st = TextStyle(font: "WenQuanYi Micro Hei", size: 14)
        let text = "尤其经济读者但是朋友觉得，因为换 Hello World 测试"
        let prepared = try engine.prepare(text, style: st)
        #expect(prepared.utf16Count == text.utf16.count)
        for w in [60.0, 90, 150, 400] {
            #expect(try prepared.layout(width: w) == engine.measure(text, style: st, width: w))
            #expect(try prepared.measure(width: w).size == engine.measure(text, style: st, width: w).size)
        }
    }

    /// The size-only path (line heights looked up per pair of fonts, ends found by search)
    /// against the full layout (each line's height from its fonts): mixed Chinese and Latin in
    /// two fonts, hard breaks, with every vertical rule of the style, at many widths.
    @Test func measureAgreesWithLayoutOnMixedText() throws {
        let engine = Fixtures.engine
        let text = "尤其经济读者但是朋友觉得，因为换 Hello World 测试。\nSwift 代码 layout engine 的行高\n\n  第三段 with words and 中文字符混排 again."
        let styles = [
            TextStyle(font: "DejaVu Sans", size: 15),
            TextStyle(font: "DejaVu Sans", size: 15, fontLeading: false),
            TextStyle(font: "DejaVu Sans", size: 17, lineSpacing: 3, lineHeightMultiple: 1.3, paragraphSpacing: 7),
            TextStyle(font: "DejaVu Sans", size: 13, minimumLineHeight: 19),
            TextStyle(font: "DejaVu Sans", size: 13, maximumLineHeight: 14.5, scale: .init(2)),
            TextStyle(font: "WenQuanYi Micro Hei", size: 14, fontLeading: false),
        ]
        for st in styles {
            let prepared = try engine.prepare(text, style: st)
            for w in stride(from: 40.0, through: 520, by: 7.5) {
                let full = try prepared.layout(width: w)
                let size = try prepared.measure(width: w)
                #expect(size.size == full.size, "\(st) at \(w)")
                #expect(size.lineCount == full.lines.count)
                #expect(size.truncated == full.truncated)
            }
        }
    }

    /// The UTF-8 length a line's text slice is found by, for every UTF-16 code unit: the
    /// standard library's count for each scalar of the BMP, and 4 + 0 for a surrogate pair.
    @Test func utf8LengthOfEveryCodeUnit() {
        for u in UInt16.min...UInt16.max {
            if let scalar = Unicode.Scalar(u) {
                #expect(TextLayouter.utf8Length(u) == String(scalar).utf8.count, "U+\(String(u, radix: 16))")
            } else {
                #expect(TextLayouter.utf8Length(u) == (u < 0xDC00 ? 4 : 0), "surrogate \(String(u, radix: 16))")
            }
        }
    }

    @Test func wordsShapedOnceServeLaterPreparations() throws {
        // With the paragraph cache off, each measurement prepares the text again — from the words
        // already shaped (keyed with their neighbours, since kerning reaches across them). Direct
        // shaping off, so that every run goes through HarfBuzz and the shape cache.
        let engine = try TextEngine(fontDirectory: Fixtures.fontsDirectory,
                                    configuration: .init(paragraphCacheUnits: 0, directShaping: false))
        let st = TextStyle(font: "DejaVu Sans", size: 15)
        let first = try engine.measure("alpha beta gamma state-of-the-art", style: st, width: 80)
        let runs = engine.cacheStatistics.shapedRuns
        #expect(runs == 7)  // "alpha ", "beta ", "gamma ", "state-", "of-", "the-", "art"
        let again = try engine.measure("alpha beta gamma state-of-the-art", style: TextStyle(font: "DejaVu Sans", size: 30), width: 160)
        #expect(engine.cacheStatistics.shapedRuns == runs)
        #expect(engine.cacheStatistics.paragraphs == 0)
        // Sizes scale: twice the size at twice the width breaks the same way, twice as wide.
        #expect(again.lines.map(\.range) == first.lines.map(\.range))
        #expect(abs(again.size.width - 2 * first.size.width) < 1e-9)
        // And the cached words give the same answer as shaping afresh.
        let fresh = try TextEngine(fontDirectory: Fixtures.fontsDirectory)
        #expect(try fresh.measure("alpha beta gamma state-of-the-art", style: st, width: 80) == first)
    }

    @Test func cachesAreBounded() throws {
        let engine = try TextEngine(fontDirectory: Fixtures.fontsDirectory,
                                    configuration: .init(shapeCacheEntries: 64, paragraphCacheUnits: 4096))
        let st = TextStyle(font: "DejaVu Sans", size: 12)
        for i in 0..<2000 { _ = try engine.measure("paragraph number \(i) with word\(i)", style: st, width: 100) }
        let s = engine.cacheStatistics
        // Two generations of at most 64 runs (16 shards × 4 each) and of 4096 code units.
        #expect(s.shapedRuns <= 2 * 64 + 16)
        #expect(s.paragraphs * 20 <= 2 * 4096)
        engine.clearCaches()
        #expect(engine.cacheStatistics.totalBytes == 0)
    }

    @Test func canonicallyEquivalentTextsAreNotConfused() throws {
        let engine = try TextEngine(fontDirectory: Fixtures.fontsDirectory)
        let st = TextStyle(font: "DejaVu Sans", size: 15)
        let composed = try engine.measure("caf\u{E9}", style: st, width: nil)
        let decomposed = try engine.measure("cafe\u{301}", style: st, width: nil)
        #expect(composed.lines[0].range.length == 4)
        #expect(decomposed.lines[0].range.length == 5)  // Swift's == would call them equal
    }

    @Test func concurrentMeasurementEqualsSerial() async throws {
        let engine = try TextEngine(fontDirectory: Fixtures.fontsDirectory)
        let cases = try OracleCorpus.load().prefix(200)
        let serialEngine = try TextEngine(fontDirectory: Fixtures.fontsDirectory)
        let serial = try cases.map { try serialEngine.measure($0.text, style: $0.style, width: $0.width) }
        let parallel = try await withThrowingTaskGroup(of: (Int, [TextLayoutResult]).self) { group in
            for t in 0..<8 {
                group.addTask {
                    // Each task measures every case, in its own order, sharing one engine.
                    let order = t % 2 == 0 ? Array(cases.indices) : cases.indices.reversed()
                    var out = [TextLayoutResult?](repeating: nil, count: cases.count)
                    for i in order {
                        let c = cases[i]
                        out[i - cases.startIndex] = try engine.measure(c.text, style: c.style, width: c.width)
                    }
                    return (t, out.map { $0! })
                }
            }
            var all: [[TextLayoutResult]] = []
            for try await (_, r) in group { all.append(r) }
            return all
        }
        #expect(parallel.count == 8)
        for r in parallel { #expect(r == serial) }
    }

    @Test func fixedPointHintAgreesWithTheCheck() throws {
        // The preparer marks paragraphs whose advances are whole font units over 2048 (the bundled
        // fonts) so that building segments skips checking every value; checking them anyway must
        // give the same segments, to the bit.
        let engine = try TextEngine(fontDirectory: Fixtures.fontsDirectory)
        var marked = 0
        for c in OracleAgreementTests.cases {
            let p = try engine.prepare(c.text, style: c.style).paragraph
            if p.fixedPoint { marked += 1 }
            var q = p
            q.fixedPoint = false
            q.buildSegments()
            #expect(q.segments.absolute == p.segments.absolute, "\(c.id)")
            #expect(Array(q.segments.total).map(\.bitPattern) == Array(p.segments.total).map(\.bitPattern), "\(c.id)")
            #expect(Array(q.segments.content).map(\.bitPattern) == Array(p.segments.content).map(\.bitPattern), "\(c.id)")
        }
        #expect(marked > 500)  // the rest have ligatures ("fi", "ffl"), whose shares are not whole units
    }
}
