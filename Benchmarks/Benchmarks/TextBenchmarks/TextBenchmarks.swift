// LayoutEngine text benchmarks (issue 2, "Performance"). How to run: docs/BENCHMARKS.md.
//
// Every benchmark runs in its own process (package-benchmark's model); the fixtures it needs are
// created lazily on first use, before measurement starts (each benchmark touches them in its
// `setup` hook).
import Benchmark
import BenchmarkSupport
import Foundation
import TextLayout

let benchmarks: @Sendable () -> Void = {
    Limits.verifyFiles()
    setDefaultBenchmarkConfiguration()
    registerColdBenchmarks()
    registerRelayoutBenchmarks()
    registerCorpusBenchmarks()
    registerMemoryBenchmarks()
    registerLargeParagraphBenchmarks()
    registerAttributedBenchmarks()
    registerScriptBenchmarks()
}

/// A configuration with the limits of `Limits` for `name`, if any.
func configuration(_ name: String, metrics: [BenchmarkMetric] = [.wallClock, .mallocCountTotal],
                   scalingFactor: BenchmarkScalingFactor = .one, maxDuration: Duration = .seconds(2),
                   maxIterations: Int = 10_000, warmupIterations: Int = 3,
                   setup: Benchmark.BenchmarkSetupHook? = nil) -> Benchmark.Configuration {
    benchmarkConfiguration(name, limits: Limits.table, metrics: metrics, scalingFactor: scalingFactor,
                           maxDuration: maxDuration, maxIterations: maxIterations,
                           warmupIterations: warmupIterations, setup: setup)
}

/// Measures one case with the full result (every line's range, text, width and position).
@inline(__always)
func layOut(_ engine: TextEngine, _ c: TextCase) throws -> TextLayoutResult {
    try engine.measure(c.text, style: c.style, width: c.width)
}
