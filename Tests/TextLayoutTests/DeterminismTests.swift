import Foundation
import Testing
@testable import TextLayout

/// Issue 11, defect 2: a cache never changes an answer. A large mixed set — the oracle corpus and
/// seeded random strings of combining marks, joiners, emoji, controls, CJK, Arabic and Latin — is
/// measured in several shuffled orders, with caches on, off and cleared midway, and from several
/// threads; every answer (all lines) must be identical bit for bit to a fresh engine's answer.
struct DeterminismTests {
    struct Case: Hashable, Sendable {
        var text: String
        var size: Double
        var width: Double
    }

    static let cases: [Case] = {
        var out = OracleAgreementTests.cases.map { Case(text: $0.text, size: $0.style.size, width: $0.width) }
        var rng = SplitMix(seed: 11)
        let pieces: [String] = ["a", "b", "xx", " ", "  ", "\u{0308}", "\u{0301}", "\u{200B}", "\u{200D}", "\u{200C}",
                                "\u{00AD}", "\u{FEFF}", "\u{000B}", "\u{000C}", "\r", "\n", "\u{2028}", "\t", "👍", "👍🏽",
                                "👨‍👩‍👧", "🇨🇳", "1️⃣", "中", "文字", "。", "سلام", "עברית", "-", "/", "(", ")", "\u{E0041}",
                                "\u{FE0F}", "é", "ﬁ", "AV", "To"]
        for _ in 0..<600 {
            var s = ""
            for _ in 0..<(1 + Int(rng.next() % 12)) { s += pieces[Int(rng.next() % UInt64(pieces.count))] }
            let widths: [Double] = [0.25, 5, 32.037109375, 60, 120, 345]
            out.append(Case(text: s, size: [12.0, 17, 100][Int(rng.next() % 3)], width: widths[Int(rng.next() % UInt64(widths.count))]))
        }
        return out
    }()

    static func engine(caches: Bool = true) throws -> TextEngine {
        let configuration = caches ? TextEngine.Configuration()
            : TextEngine.Configuration(shapeCacheEntries: 0, paragraphCacheUnits: 0)
        return try TextEngine(fontDirectory: Fixtures.fontsDirectory, configuration: configuration)
    }

    static func answer(_ engine: TextEngine, _ c: Case) throws -> TextLayoutResult {
        try engine.measure(c.text, style: TextStyle(font: "DejaVu Sans", size: c.size), width: c.width)
    }

    /// Each case measured with no cache at all (nothing measured before can reach it), in order.
    static let alone: [Case: TextLayoutResult] = {
        var out: [Case: TextLayoutResult] = [:]
        guard let engine = try? engine(caches: false) else { return out }
        for c in cases { out[c] = try? answer(engine, c) }
        return out
    }()

    @Test func sameAnswerWhateverWasMeasuredBefore() throws {
        #expect(Self.alone.count == Set(Self.cases).count)
        var rng = SplitMix(seed: 5)
        for round in 0..<3 {
            var order = Self.cases
            for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, Int(rng.next() % UInt64(i + 1))) }
            // Rounds 0 and 1: caches on, in two shuffled orders; round 2: cleared halfway.
            let engine = try Self.engine()
            for (k, c) in order.enumerated() {
                if round == 2 && k == order.count / 2 { engine.clearCaches() }
                let r = try Self.answer(engine, c)
                #expect(r == Self.alone[c], "round \(round): \(c.text.unicodeScalars.map { String($0.value, radix: 16) }) at \(c.width)")
            }
        }
    }

    /// Hebrew and Arabic words are cached by segment (their shaping depends on one code unit of
    /// context): the same words in 400 seeded sentences — beside Latin, digits, Arabic punctuation,
    /// tatweel, lam-alef, hyphens and slashes — answer exactly as an engine without caches does.
    @Test func cachedRightToLeftWordsNeverCarryAnotherContext() throws {
        let words = ["سلام", "لا", "الله", "مرحبا", "بالعالم", "كتاب", "ـ", "،", "؟", "٣٤", "שלום", "עולם", "ספר", "׳", "־",
                     "abc", "AV", "12", "-", "/", "(", ")", ".", "ﻻ"]
        var rng = SplitMix(seed: 23)
        var cases: [Case] = []
        for _ in 0..<400 {
            var s = ""
            for _ in 0..<(1 + Int(rng.next() % 14)) {
                s += words[Int(rng.next() % UInt64(words.count))]
                if rng.next() % 3 != 0 { s += " " }
            }
            cases.append(Case(text: s, size: [12.0, 17, 40][Int(rng.next() % 3)], width: [30.0, 80, 200, 0][Int(rng.next() % 4)]))
        }
        let plain = try Self.engine(caches: false)
        let expected = try cases.map { try Self.answer(plain, $0) }
        for round in 0..<2 {
            let engine = try Self.engine()
            var order = Array(cases.indices)
            for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, Int(rng.next() % UInt64(i + 1))) }
            for i in order {
                #expect(try Self.answer(engine, cases[i]) == expected[i], "round \(round): \(cases[i].text) at \(cases[i].width)")
            }
        }
    }

    /// Emoji runs are cached by segment (`Preparer.isCacheableEmojiRun`): sequences of every
    /// kind — ZWJ families, skin tones, keycaps, VS16, tag flags, regional indicators in odd and
    /// even stretches ("🇺🇨🇳": the font pairs the second and third) — in 400 seeded strings, measured
    /// in two shuffled orders with the caches on, give what an engine without caches gives.
    @Test(.enabled(if: EmojiTests.installed, "fonts-noto-color-emoji is not installed"))
    func cachedEmojiSegmentsNeverCarryAnotherContext() throws {
        let pieces = ["😀", "👍🏽", "👨‍👩‍👧", "👩🏻‍💻", "1️⃣", "#️⃣", "❤️", "❤", "🇨🇳", "🇺", "🇨", "🇳🇺", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🎉", "🙂",
                      "\u{200D}", "\u{FE0F}", "🏽", "a", " ", "中", "12"]
        var rng = SplitMix(seed: 31)
        var cases: [Case] = []
        for _ in 0..<400 {
            var s = ""
            for _ in 0..<(1 + Int(rng.next() % 14)) { s += pieces[Int(rng.next() % UInt64(pieces.count))] }
            cases.append(Case(text: s, size: [12.0, 17, 40][Int(rng.next() % 3)], width: [20.0, 60, 200, 0][Int(rng.next() % 4)]))
        }
        func engine(caches: Bool) throws -> TextEngine {
            let configuration = caches ? TextEngine.Configuration() : TextEngine.Configuration(shapeCacheEntries: 0, paragraphCacheUnits: 0)
            return try TextEngine(fontDirectories: [Fixtures.fontsDirectory, EmojiTests.directory], configuration: configuration)
        }
        let plain = try engine(caches: false)
        let expected = try cases.map { try Self.answer(plain, $0) }
        for round in 0..<2 {
            // Paragraphs not kept: every measurement prepares its text again from cached segments.
            let cached = try TextEngine(fontDirectories: [Fixtures.fontsDirectory, EmojiTests.directory],
                                        configuration: TextEngine.Configuration(paragraphCacheUnits: 0))
            var order = Array(cases.indices)
            for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, Int(rng.next() % UInt64(i + 1))) }
            for i in order {
                #expect(try Self.answer(cached, cases[i]) == expected[i], "round \(round): \(cases[i].text.debugDescription) at \(cases[i].width)")
            }
            #expect(cached.cacheStatistics.shapedRuns > 0)
        }
    }

    @Test func sameAnswerFromSeveralThreads() async throws {
        let engine = try Self.engine()
        let cases = Self.cases
        let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
            for t in 0..<4 {
                group.addTask {
                    var bad = 0
                    for (k, c) in cases.enumerated() where (k + t) % 2 == 0 {
                        if try Self.answer(engine, c) != Self.alone[c] { bad += 1 }
                    }
                    return bad
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    /// The two texts of the issue: the second's answer is the same alone and after the first.
    @Test func theReportedPair() throws {
        let first = Case(text: "\u{200B}\u{0308} \r", size: 100, width: 32.037109375)
        let second = Case(text: "\u{200B}\u{0308} \u{000B}", size: 100, width: 0.25)
        let engine = try Self.engine()
        _ = try Self.answer(engine, first)
        #expect(try Self.answer(engine, second) == Self.answer(Self.engine(), second))
        #expect(try Self.answer(engine, second) == Self.alone[second] ?? Self.answer(Self.engine(caches: false), second))
    }
}
