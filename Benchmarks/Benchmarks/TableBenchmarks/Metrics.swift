import Benchmark

/// Custom metrics of the table benchmarks. The peer ratios are the peer's time over
/// LayoutEngine's for the same work in the same iteration, ×1000 (10,000 = LayoutEngine does
/// it 10× faster; below 1,000 the peer is faster), like the text benchmarks' Pango ratio.
enum Metrics {
    static let ratioCold = BenchmarkMetric.custom("peer ratio x1000 (cold layout)", polarity: .prefersLarger, useScalingFactor: false)
    static let ratioRelayout = BenchmarkMetric.custom("peer ratio x1000 (new width)", polarity: .prefersLarger, useScalingFactor: false)
    static let ratioPass = BenchmarkMetric.custom("peer ratio x1000 (layout pass)", polarity: .prefersLarger, useScalingFactor: false)
    static let ratioLookup = BenchmarkMetric.custom("peer ratio x1000 (indexPathForRow)", polarity: .prefersLarger, useScalingFactor: false)
    static let ratioBuild = BenchmarkMetric.custom("peer ratio x1000 (build, fixed heights)", polarity: .prefersLarger, useScalingFactor: false)

    static let peerLookupNs = BenchmarkMetric.custom("peer ns per indexPathForRow", useScalingFactor: false)
    static let lookupNs = BenchmarkMetric.custom("LayoutEngine ns per indexPathForRow", useScalingFactor: false)
    static let peerPassNs = BenchmarkMetric.custom("peer ns per layout pass", useScalingFactor: false)
    static let passNs = BenchmarkMetric.custom("LayoutEngine ns per layout pass", useScalingFactor: false)

    /// Heap bytes the built table holds (mallinfo2 in-use delta, the table alive), and per row.
    static let heapBytes = BenchmarkMetric.custom("heap bytes (table)", useScalingFactor: false)
    static let bytesPerRow = BenchmarkMetric.custom("heap bytes per row", useScalingFactor: false)
    static let bytesPerRowEmpty = BenchmarkMetric.custom("heap bytes per row (no payload)", useScalingFactor: false)
}
