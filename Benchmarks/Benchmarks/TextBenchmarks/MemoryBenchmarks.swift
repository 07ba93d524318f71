import Benchmark
import BenchmarkSupport
import TextLayout

/// What the caches hold: `cacheStatistics.totalBytes` (the engine's own estimate of the shaped
/// runs and prepared paragraphs it keeps) during and after a workload, from empty caches.
/// The peak is sampled every `sampleEvery` paragraphs and at the end (a sample walks both caches,
/// so it is kept rare on the large workload).
func registerMemoryBenchmarks() {
    let metrics = [Metrics.cacheBytesPeak, Metrics.cacheBytesEnd, Metrics.cacheEntries, .wallClock, .peakMemoryResident]

    func run(_ benchmark: Benchmark, _ texts: [String], sampleEvery: Int) throws {
        let engine = Engines.standard
        engine.clearCaches()
        var peak = 0
        for (i, t) in texts.enumerated() {
            blackHole(try engine.measure(t, style: MixedText.style, width: MixedText.width))
            if i % sampleEvery == sampleEvery - 1 { peak = max(peak, engine.cacheStatistics.totalBytes) }
        }
        let end = engine.cacheStatistics
        benchmark.measurement(Metrics.cacheBytesPeak, max(peak, end.totalBytes))
        benchmark.measurement(Metrics.cacheBytesEnd, end.totalBytes)
        benchmark.measurement(Metrics.cacheEntries, end.shapedRuns + end.paragraphs)
    }

    // The workload: 1,000 mixed paragraphs of 20–300 characters.
    Benchmark("Memory.Caches.Mixed1000",
              configuration: configuration("Memory.Caches.Mixed1000", metrics: metrics, maxIterations: 20,
                                           warmupIterations: 1)) { benchmark in
        try run(benchmark, MixedText.workload, sampleEvery: 50)
    }

    // 30,000 distinct paragraphs (≈ 4.8 M code units, more than the paragraph cache's two
    // generations of 1 M units): the bound has to hold.
    Benchmark("Memory.Caches.Mixed30000",
              configuration: configuration("Memory.Caches.Mixed30000", metrics: metrics, maxIterations: 3,
                                           warmupIterations: 0)) { (benchmark: Benchmark, texts: [String]) in
        try run(benchmark, texts, sampleEvery: 500)
    } setup: {
        MixedText.paragraphs(count: 30_000, seed: 30_000)
    }
}
