import Benchmark
import BenchmarkSupport
import TextLayout

/// Attributed text (issue 11, "Performance"): the 160-character paragraph of the cold benchmarks
/// as three runs — a bold name (its first 12 characters), the body, a 15-pt link (its last 30) —
/// against the same text plain, in the same iteration: cold (caches cleared before each
/// measurement) and re-laid out at a new width from a prepared text. Limit: attributed ≤ 1.5×
/// plain, cold and re-laid out.
enum AttributedText160 {
    static let plain = MixedText.paragraph160
    static let runs: AttributedText = {
        let s = Array(MixedText.paragraph160)
        return AttributedText([.text(String(s[..<12]), font: "DejaVu Sans Bold"), .text(String(s[12..<(s.count - 30)])),
                               .text(String(s[(s.count - 30)...]), size: 15)])
    }()
}

func registerAttributedBenchmarks() {
    let metrics = [Metrics.attributedRatioCold, Metrics.attributedRatioRelayout, Metrics.plainColdNs, Metrics.attributedColdNs,
                   Metrics.plainRelayoutNs, Metrics.attributedRelayoutNs]
    Benchmark("Attributed.Paragraph160.RatioVsPlain",
              configuration: configuration("Attributed.Paragraph160.RatioVsPlain", metrics: metrics,
                                           maxDuration: .seconds(4), maxIterations: 300, warmupIterations: 3,
                                           setup: { _ = Engines.standard })) { benchmark in
        let engine = Engines.standard
        let style = MixedText.style, width = MixedText.width
        let n = 400
        let clock = ContinuousClock()
        let plainCold = try clock.measure {
            for _ in 0..<n {
                engine.clearCaches()
                blackHole(try engine.measure(AttributedText160.plain, style: style, width: width))
            }
        }
        let attributedCold = try clock.measure {
            for _ in 0..<n {
                engine.clearCaches()
                blackHole(try engine.measure(AttributedText160.runs, style: style, width: width))
            }
        }
        let plain = try engine.prepare(AttributedText160.plain, style: style)
        let attributed = try engine.prepare(AttributedText160.runs, style: style)
        let widths = (0..<n).map { width - Double($0 % 40) }
        let plainRelayout = try clock.measure { for w in widths { blackHole(try plain.measure(width: w)) } }
        let attributedRelayout = try clock.measure { for w in widths { blackHole(try attributed.measure(width: w)) } }
        func ns(_ d: Duration) -> Double { Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) / 1e9 }
        benchmark.measurement(Metrics.attributedRatioCold, Int((100 * ns(attributedCold) / ns(plainCold)).rounded()))
        benchmark.measurement(Metrics.attributedRatioRelayout, Int((100 * ns(attributedRelayout) / ns(plainRelayout)).rounded()))
        benchmark.measurement(Metrics.plainColdNs, Int((ns(plainCold) / Double(n)).rounded()))
        benchmark.measurement(Metrics.attributedColdNs, Int((ns(attributedCold) / Double(n)).rounded()))
        benchmark.measurement(Metrics.plainRelayoutNs, Int((ns(plainRelayout) / Double(n)).rounded()))
        benchmark.measurement(Metrics.attributedRelayoutNs, Int((ns(attributedRelayout) / Double(n)).rounded()))
    }
}
