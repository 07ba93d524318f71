import Testing
import Foundation
import TestSupport
@testable import TextLayout

/// A paragraph's segments written from its words (`Preparer.writeSegments`: one C pass,
/// `le_word_segments`) must be the segments built from its clusters (`buildSegments`, the
/// independent path through `le_segments` and `le_finish_segments`): every end, flag, position
/// (to the bit), stop, font run, the two tracked fonts' last segments or — with three fonts or
/// more — every segment's font mask, and the search answers.
@Suite struct WordSegmentsTests {
    /// `WordCacheTests.differences` of the segments and font runs only (the storage's size may
    /// differ: the two paths bound the stops differently).
    static func segmentDifferences(_ a: PreparedParagraph, _ b: PreparedParagraph) -> [String] {
        WordCacheTests.differences(a, b).filter { $0 != "bytes" }
    }

    @Test(arguments: ["DejaVu Sans", "WenQuanYi Micro Hei"])
    func preparedTextsEqualTheirClustersSegments(font: String) throws {
        let chain = try Fixtures.engine.registry.chain(for: font)
        let cache = ShapeCache(capacity: 4_096, wordWarmUp: 0)
        let texts = FusedPreparationTests.texts(count: 1_500, seed: 91) + WordCacheTests.randomTexts(count: 1_500, seed: 92)
            + OracleAgreementTests.cases.map(\.text)
            + ["the quick brown fox 今天天气 jumps", "two\n\nbreaks\n", "\n", "中文\n文本 测试", "a  \n  b"]
        var wrong: [String] = []
        var written = 0, multiFont = 0, hardBreaks = 0
        for t in texts {
            let p = Preparer.prepare(t, chain: chain, cache: cache)
            // (Written from words only when every sum is exact: else the clusters were summed.)
            guard p.fixedPoint, p.count > 0 else { continue }
            written += 1
            if !p.singleFont { multiFont += 1 }
            if p.kinds.contains(.newline) { hardBreaks += 1 }
            var q = p
            q.buildSegments()
            let d = Self.segmentDifferences(p, q)
            if !d.isEmpty && wrong.count < 5 { wrong.append("\(t.debugDescription): \(d)") }
        }
        #expect(wrong == [])
        // Most texts take the word path, many with hard breaks, and in DejaVu's chain many with
        // two fonts (Latin in DejaVu, Han in WenQuanYi, which has both).
        #expect(written > texts.count / 2)
        if font == "DejaVu Sans" { #expect(multiFont > 300) }
        #expect(hardBreaks > 300)
    }

    /// Fake paragraphs of one, two and three fonts (three: each segment keeps its mask), with
    /// kerning taken back at line ends, hard breaks and runs of spaces: the words are the clusters
    /// between break opportunities (a hard break a word of its own), summed by `Preparer.summary`.
    @Test(arguments: [1, 2, 3, 5])
    func fakeParagraphsOfOneToFiveFonts(fonts: Int) {
        var rng = SplitMix(seed: 4_242 + UInt64(fonts))
        for round in 0..<40 {
            let text = LineBreakerInvariantTests.randomText(&rng, pieces: 1 + Int(rng.next() % 300), letters: 9, spaces: 3, outOf: 14)
            var p = LineBreakerInvariantTests.fake(text, advance: { _ in Double(200 + rng.next() % 1900) / 2048 })
            for _ in 1..<max(fonts, 2) {
                p.metrics.append(FontMetrics(unitsPerEm: 2048, ascender: 1900, descender: -500, lineGap: 10))
            }
            let n = p.count
            for i in 0..<n {
                // (A hard break has no advance, as the preparer writes it.)
                if p.kinds[i] == .newline { p.advances[i] = 0 }
                if p.kinds[i] == .text, rng.next() % 3 == 0 { p.breakAdjust[i] = -Double(rng.next() % 90) / 2048 }
                // (Fonts change inside words too: a word's mask then has two bits.)
                p.fonts[i] = UInt8(rng.next() % UInt64(fonts))
                if rng.next() % 7 == 0 { p.breakAfter[i] = true }
            }
            p.singleFont = fonts == 1
            p.fixedPoint = true
            // The words, as the word finders make them.
            var keys: [WordCache.Key] = []
            var start = 0
            for i in 0..<n {
                if p.kinds[i] == .newline {
                    if start < i { keys.append(WordCache.Key(start: Int32(start), count: Int32(i - start), script: 0, next: 0, hash: 0)) }
                    keys.append(WordCache.Key(start: Int32(i), count: 1, script: 0, next: 0, hash: 0))
                    start = i + 1
                } else if p.breakAfter[i] || i == n - 1 {
                    keys.append(WordCache.Key(start: Int32(start), count: Int32(i + 1 - start), script: 0, next: 0, hash: 0))
                    start = i + 1
                }
            }
            // (A hard break's word adds no width and no font, as the word finders write it.)
            var summaries = keys.map { k in
                p.kinds[Int(k.start)] == .newline ? WordCache.Summary(width: 0, content: .infinity, mask: 0)
                    : Preparer.summary(Int(k.start), Int(k.start + k.count), p.advances.baseAddress!, p.breakAdjust.baseAddress!,
                                       p.kinds.baseAddress!, p.fonts.baseAddress!)
            }
            let used = summaries.reduce(0 as UInt64) { $0 | $1.mask }.nonzeroBitCount
            var q = p
            q.buildSegments()
            keys.withUnsafeBufferPointer { words in
                summaries.withUnsafeMutableBufferPointer { sums in
                    Preparer.writeSegments(&p, words, sums.baseAddress!, hardBreaks: p.kinds.contains(.newline))
                }
            }
            let d = Self.segmentDifferences(p, q)
            #expect(d == [], "round \(round): \(d)")
            // Three fonts or more: masks kept, none tracked; two: tracked.
            #expect((p.segments.fontMasks != nil) == (fonts > 1 && used >= 3))
            #expect(p.segments.lastSeen.isEmpty == (fonts == 1 || used >= 3))
        }
    }
}
