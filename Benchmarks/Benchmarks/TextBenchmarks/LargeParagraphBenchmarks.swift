import Benchmark
import BenchmarkSupport
import TextLayout

/// One very long paragraph (no line breaks), cold: "a 1 MB paragraph is simply measured, in time
/// linear in its length". The same text cut at 256 KB is measured beside it; the custom metric
/// (time per 1,000 UTF-16 code units) is flat when time is linear.
func registerLargeParagraphBenchmarks() {
    for (name, bytes) in [("Large.Paragraph256KB", 256 << 10), ("Large.Paragraph1MB", 1 << 20)] {
        Benchmark(name,
                  configuration: configuration(name, metrics: [.wallClock, .peakMemoryResident, Metrics.nsPerKiloUnit],
                                               maxDuration: .seconds(4), maxIterations: 20, warmupIterations: 1)) { (benchmark: Benchmark, text: String) in
            let engine = Engines.standard
            let clock = ContinuousClock()
            let d = try clock.measure {
                engine.clearCaches()
                blackHole(try engine.measure(text, style: MixedText.style, width: MixedText.width))
            }
            let ns = Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) / 1e9
            benchmark.measurement(Metrics.nsPerKiloUnit, Int((ns * 1000 / Double(text.utf16.count)).rounded()))
        } setup: {
            // The 1 MB text's first 256 KB (a prefix), so both measure the same kind of text.
            let full = MixedText.largeParagraph(utf8Bytes: 1 << 20, seed: 1_048_576)
            var prefix = ""
            var used = 0
            for ch in full {
                used += ch.utf8.count
                if used > bytes { break }
                prefix.append(ch)
            }
            _ = Engines.standard
            return prefix
        }
    }
}
