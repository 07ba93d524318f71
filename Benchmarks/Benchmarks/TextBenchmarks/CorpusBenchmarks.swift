import Benchmark
import BenchmarkSupport
import Foundation
import TextLayout

/// The oracle corpus (674 cases, 83,476 code points) laid out by LayoutEngine and by Pango 1.50
/// with the same fonts, sizes, widths and wrap modes. One iteration = one pass over all cases.
///
/// Pango's pass is pango_bench.c's timed loop (`PangoPeer`): after the untimed warm-up its font
/// caches are warm, and it keeps no shaping results between texts. LayoutEngine is measured two
/// ways: cold (`clearCaches()` before every case: nothing shaped is reused, not even a word of
/// the case before) and with the shape cache warm but no prepared-paragraph cache (every case is
/// segmented and broken again; shaped words are reused). Both build the full result: every
/// line's range, text, width and position; Pango builds its lines too but is not asked for them.
func registerCorpusBenchmarks() {
    let touchEngine: Benchmark.BenchmarkSetupHook = { _ = OracleCorpus.engineCases; _ = Engines.standard }

    Benchmark("Corpus.LayoutEngine.Cold",
              configuration: configuration("Corpus.LayoutEngine.Cold", setup: touchEngine)) { _ in
        let engine = Engines.standard
        for c in OracleCorpus.engineCases {
            engine.clearCaches()
            blackHole(try layOut(engine, c))
        }
    }

    Benchmark("Corpus.LayoutEngine.WarmShapes",
              configuration: configuration("Corpus.LayoutEngine.WarmShapes",
                                           setup: { _ = OracleCorpus.engineCases; _ = Engines.withoutParagraphCache })) { _ in
        let engine = Engines.withoutParagraphCache
        for c in OracleCorpus.engineCases {
            blackHole(try layOut(engine, c))
        }
    }

    Benchmark("Corpus.Pango",
              configuration: configuration("Corpus.Pango", setup: { _ = PangoCorpus.shared })) { _ in
        blackHole(PangoCorpus.shared.pass())
    }

    // Both engines in the same iteration, one after the other, so that both see the same load
    // on a shared machine; the ratio of their times is recorded per iteration. Like for like:
    // Pango is asked for its extents and line count, LayoutEngine for `size(of:)` (size, line
    // count, truncation); the full result with every line is timed too, for information.
    let ratioMetrics = [Metrics.ratioCold, Metrics.ratioWarmShapes, Metrics.ratioWarmFull, Metrics.ratioSteady,
                        Metrics.pangoPerCase, Metrics.coldPerCase, Metrics.warmPerCase]
    Benchmark("Corpus.RatioVsPango",
              configuration: configuration("Corpus.RatioVsPango", metrics: ratioMetrics,
                                           maxDuration: .seconds(6), maxIterations: 200, warmupIterations: 2)) { (benchmark: Benchmark, peer: PangoCorpus) in
        let cold = Engines.standard, warm = Engines.withoutParagraphCache, steady = Engines.steady
        let cases = OracleCorpus.engineCases
        let clock = ContinuousClock()

        let pango = clock.measure { blackHole(peer.pass()) }
        let coldTime = try clock.measure {
            for c in cases {
                cold.clearCaches()
                blackHole(try cold.size(of: c.text, style: c.style, width: c.width))
            }
        }
        let warmTime = try clock.measure {
            for c in cases { blackHole(try warm.size(of: c.text, style: c.style, width: c.width)) }
        }
        let warmFullTime = try clock.measure {
            for c in cases { blackHole(try layOut(warm, c)) }
        }
        let steadyTime = try clock.measure {
            for c in cases { blackHole(try steady.size(of: c.text, style: c.style, width: c.width)) }
        }
        func ns(_ d: Duration) -> Double { Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) / 1e9 }
        let n = Double(cases.count)
        benchmark.measurement(Metrics.ratioCold, Int((100 * ns(pango) / ns(coldTime)).rounded()))
        benchmark.measurement(Metrics.ratioWarmShapes, Int((100 * ns(pango) / ns(warmTime)).rounded()))
        benchmark.measurement(Metrics.ratioWarmFull, Int((100 * ns(pango) / ns(warmFullTime)).rounded()))
        benchmark.measurement(Metrics.ratioSteady, Int((100 * ns(pango) / ns(steadyTime)).rounded()))
        benchmark.measurement(Metrics.pangoPerCase, Int((ns(pango) / n).rounded()))
        benchmark.measurement(Metrics.coldPerCase, Int((ns(coldTime) / n).rounded()))
        benchmark.measurement(Metrics.warmPerCase, Int((ns(warmTime) / n).rounded()))
    } setup: {
        let peer = PangoCorpus.shared
        let mismatches = peer.mismatches()
        if !mismatches.isEmpty {
            fixtureFailure("the Pango peer does not measure what the oracle's Pango measured (\(mismatches.count) cases): "
                           + mismatches.prefix(5).joined(separator: "; "))
        }
        // Warm the shape cache of the warm engine (Pango's warm-up pass is untimed too).
        for c in OracleCorpus.engineCases {
            _ = try layOut(Engines.withoutParagraphCache, c)
            _ = try Engines.steady.size(of: c.text, style: c.style, width: c.width)
        }
        _ = Engines.standard
        return peer
    }
}
