import Benchmark
import BenchmarkSupport
import Foundation
import HarfBuzzPeer
import TextLayout

/// Emoji and right-to-left paragraphs against HarfBuzz's own shaping speed (issue 11): the
/// engine measures a ~160-character Arabic, Hebrew or emoji paragraph (all lines, at 343 pt) —
/// cold (caches cleared before each) and with warm word shapes (no prepared-paragraph cache: new
/// text in known words) — while HarfBuzz alone shapes the same text once in one buffer, in the
/// same iteration. The ratio is the engine's time over HarfBuzz's (×100): ≤ 100 is "no worse
/// than HarfBuzz's own shaping speed". HarfBuzz's figure is shaping only; the engine's includes
/// grapheme clusters, UAX #14, bidi and line breaking.
enum ScriptTexts {
    static let arabic = paragraph(["مرحبا", "بالعالم", "هذا", "نص", "عربي", "للاختبار", "السلام", "عليكم", "كتاب", "جميل", "إلى", "الطريق"])
    static let hebrew = paragraph(["שלום", "עולם", "זה", "טקסט", "בעברית", "לבדיקה", "ספר", "יפה", "מה", "נשמע", "הדרך", "ארוכה"])
    static let emoji = paragraph(["👍🏽", "👨‍👩‍👧", "🇨🇳", "❤️", "😀", "🎉", "1️⃣", "🙂"], separator: "")
    static let emojiDirectory = "/usr/share/fonts/truetype/noto"
    static let emojiFont = emojiDirectory + "/NotoColorEmoji.ttf"

    static func paragraph(_ words: [String], separator: String = " ") -> String {
        var rng = SplitMix64(seed: 11)
        var s = ""
        while s.utf16.count < 160 {
            if !s.isEmpty { s += separator }
            s += words[Int(rng.next() % UInt64(words.count))]
        }
        return s
    }
}

func registerScriptBenchmarks() {
    let cases: [(String, String, String)] = [("Arabic", ScriptTexts.arabic, RepositoryPaths.latinFont),
                                             ("Hebrew", ScriptTexts.hebrew, RepositoryPaths.latinFont),
                                             ("Emoji", ScriptTexts.emoji, ScriptTexts.emojiFont)]
    for (name, text, font) in cases {
        let metrics = [Metrics.scriptRatioCold, Metrics.scriptRatioWarm, Metrics.harfBuzzNs, Metrics.engineColdNs, Metrics.engineWarmNs]
        Benchmark("Scripts.\(name).RatioVsHarfBuzz",
                  configuration: configuration("Scripts.\(name).RatioVsHarfBuzz", metrics: metrics,
                                               maxDuration: .seconds(3), maxIterations: 200, warmupIterations: 3)) { benchmark in
            guard let peer = hb_peer_create(font) else { fixtureFailure("HarfBuzz peer: cannot load \(font)") }
            defer { hb_peer_destroy(peer) }
            let emoji = name == "Emoji"
            if emoji && !FileManager.default.fileExists(atPath: font) { return }
            let configuration = TextEngine.Configuration()
            let cold = try emoji ? TextEngine.bundled(adding: ScriptTexts.emojiDirectory, configuration: configuration) : Engines.standard
            let warm = try emoji
                ? TextEngine.bundled(adding: ScriptTexts.emojiDirectory, configuration: TextEngine.Configuration(paragraphCacheUnits: 0))
                : Engines.withoutParagraphCache
            let style = MixedText.style, width = MixedText.width
            _ = try warm.measure(text, style: style, width: width)  // the words' shapes
            // The cold engine once too, untimed: an engine made here (the emoji ones) builds its
            // font chains and shaping plans on its first measurement — a one-time cost that
            // `clearCaches()` does not bring back, so it is not part of a cold measurement.
            _ = try cold.measure(text, style: style, width: width)
            let units = Array(text.utf16)
            let n = 200
            let clock = ContinuousClock()
            let hb = clock.measure { for _ in 0..<n { blackHole(units.withUnsafeBufferPointer { hb_peer_shape(peer, $0.baseAddress, Int32($0.count)) }) } }
            let c = try clock.measure {
                for _ in 0..<n {
                    cold.clearCaches()
                    blackHole(try cold.measure(text, style: style, width: width))
                }
            }
            let w = try clock.measure { for _ in 0..<n { blackHole(try warm.measure(text, style: style, width: width)) } }
            func ns(_ d: Duration) -> Double { Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) / 1e9 }
            benchmark.measurement(Metrics.scriptRatioCold, Int((100 * ns(c) / ns(hb)).rounded()))
            benchmark.measurement(Metrics.scriptRatioWarm, Int((100 * ns(w) / ns(hb)).rounded()))
            benchmark.measurement(Metrics.harfBuzzNs, Int((ns(hb) / Double(n)).rounded()))
            benchmark.measurement(Metrics.engineColdNs, Int((ns(c) / Double(n)).rounded()))
            benchmark.measurement(Metrics.engineWarmNs, Int((ns(w) / Double(n)).rounded()))
        }
    }
}
