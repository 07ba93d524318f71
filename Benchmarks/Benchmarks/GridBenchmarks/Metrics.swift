import Benchmark

/// Custom metrics of the grid benchmarks. The peer ratios are the peer's time over
/// LayoutEngine's for the same work in the same iteration, ×1000 (10,000 = LayoutEngine does
/// it 10× faster; below 1,000 the peer is faster), like the text benchmarks' Pango ratio.
enum Metrics {
    static let ratioLayout = BenchmarkMetric.custom("peer ratio x1000 (full layout)", polarity: .prefersLarger, useScalingFactor: false)
    static let ratioRect = BenchmarkMetric.custom("peer ratio x1000 (items in rect)", polarity: .prefersLarger, useScalingFactor: false)
    static let peerRectNs = BenchmarkMetric.custom("peer ns per items-in-rect", useScalingFactor: false)
    static let rectNs = BenchmarkMetric.custom("LayoutEngine ns per items-in-rect", useScalingFactor: false)
}
