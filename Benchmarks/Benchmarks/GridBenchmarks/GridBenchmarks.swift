// LayoutEngine grid benchmarks (issue 4, "Performance"). How to run: docs/BENCHMARKS.md.
//
// Every benchmark runs in its own process (package-benchmark's model); the fixtures it needs are
// built lazily in its `setup` hook, before measurement starts.
import Benchmark
import BenchmarkSupport
import Foundation

let benchmarks: @Sendable () -> Void = {
    Limits.verifyFiles()
    setDefaultBenchmarkConfiguration()
    registerGridBenchmarks()
    registerSelfSizingBenchmarks()
    registerPeerBenchmarks()
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
