import Benchmark

/// Custom metrics of the text benchmarks.
enum Metrics {
    /// LayoutEngine's corpus throughput over Pango's, ×100 (1,000 = 10×), measured in the same
    /// iteration, caches cleared before every case.
    static let ratioCold = BenchmarkMetric.custom("Pango ratio x100 (cold)", polarity: .prefersLarger, useScalingFactor: false)
    /// The same with the shape cache warm and no prepared-paragraph cache (text the engine has
    /// not seen, in words it has).
    static let ratioWarmShapes = BenchmarkMetric.custom("Pango ratio x100 (warm shapes)", polarity: .prefersLarger, useScalingFactor: false)
    /// The same with the full result (every line's text, range, width and position) where Pango
    /// is asked only for its extents and line count.
    static let ratioWarmFull = BenchmarkMetric.custom("Pango ratio x100 (warm shapes, all lines)", polarity: .prefersLarger, useScalingFactor: false)
    /// The engine as deployed: re-measuring texts it has prepared before (the prepared-paragraph
    /// cache on), which is what Pango's K passes over the same corpus amount to.
    static let ratioSteady = BenchmarkMetric.custom("Pango ratio x100 (prepared texts)", polarity: .prefersLarger, useScalingFactor: false)
    /// Per corpus case, in the ratio benchmark.
    static let pangoPerCase = BenchmarkMetric.custom("Pango ns per case", useScalingFactor: false)
    static let coldPerCase = BenchmarkMetric.custom("LayoutEngine cold ns per case", useScalingFactor: false)
    static let warmPerCase = BenchmarkMetric.custom("LayoutEngine warm-shapes ns per case", useScalingFactor: false)

    /// `cacheStatistics.totalBytes`: the largest value seen during the workload, and at its end.
    static let cacheBytesPeak = BenchmarkMetric.custom("cache bytes (peak)", useScalingFactor: false)
    static let cacheBytesEnd = BenchmarkMetric.custom("cache bytes (end)", useScalingFactor: false)
    static let cacheEntries = BenchmarkMetric.custom("cache entries (end)", useScalingFactor: false)

    /// Attributed text over the same text plain, ×100 (150 = 1.5×), in the same iteration.
    static let attributedRatioCold = BenchmarkMetric.custom("attributed/plain x100 (cold)", polarity: .prefersSmaller, useScalingFactor: false)
    static let attributedRatioRelayout = BenchmarkMetric.custom("attributed/plain x100 (relayout)", polarity: .prefersSmaller, useScalingFactor: false)
    static let plainColdNs = BenchmarkMetric.custom("plain cold ns", useScalingFactor: false)
    static let attributedColdNs = BenchmarkMetric.custom("attributed cold ns", useScalingFactor: false)
    static let plainRelayoutNs = BenchmarkMetric.custom("plain relayout ns", useScalingFactor: false)
    static let attributedRelayoutNs = BenchmarkMetric.custom("attributed relayout ns", useScalingFactor: false)

    /// The engine's time over HarfBuzz's own shaping of the same paragraph, ×100 (100 = as fast).
    static let scriptRatioCold = BenchmarkMetric.custom("engine/HarfBuzz x100 (cold)", polarity: .prefersSmaller, useScalingFactor: false)
    static let scriptRatioWarm = BenchmarkMetric.custom("engine/HarfBuzz x100 (warm shapes)", polarity: .prefersSmaller, useScalingFactor: false)
    static let harfBuzzNs = BenchmarkMetric.custom("HarfBuzz shaping ns", useScalingFactor: false)
    static let engineColdNs = BenchmarkMetric.custom("engine cold ns", useScalingFactor: false)
    static let engineWarmNs = BenchmarkMetric.custom("engine warm-shapes ns", useScalingFactor: false)

    /// Time per 1,000 UTF-16 code units of a large paragraph (flat if time is linear in length).
    static let nsPerKiloUnit = BenchmarkMetric.custom("ns per 1000 UTF-16 units", useScalingFactor: false)
}
