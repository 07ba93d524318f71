import Benchmark
import Foundation

/// The limits the issues set, as package-benchmark thresholds that fail
/// `swift package benchmark thresholds check` (exit status 2 = regression).
///
/// package-benchmark 1.38.1 checks a run against *static* thresholds only at p90: a file
/// `Thresholds/<Target>.<Benchmark>.p90.json` holds a reference value per metric, and the
/// benchmark's configured tolerance says how far p90 may deviate from it, in either direction
/// (a deviation below the reference counts as an "improvement", which also fails the check).
/// A one-sided limit is therefore written as a band that starts at 0:
///
/// - "p90 ≤ L": reference L/2, absolute tolerance L/2 → passes for p90 in [0, L].
/// - "p10 ≥ L" (metrics that prefer larger values; package-benchmark's "p90" of such a metric is
///   the pessimistic tail, the 10th percentile): reference L + B, tolerance B, B = 10^12.
///
/// The limits are written here once; `Limits.verifyFiles()` makes sure the JSON files say the
/// same, so the two cannot drift apart. Values are raw: nanoseconds per *outer* iteration for
/// time (a benchmark with scaling factor `.kilo` runs 1,000 inner iterations per outer one),
/// the metric's own unit for custom metrics.
enum Limits {
    enum Bound {
        case atMost(Int)
        case atLeast(Int)
    }

    struct Limit {
        var benchmark: String
        var metric: BenchmarkMetric
        var bound: Bound
        /// What the issue asks for, in words (for the docs and the failure report).
        var target: String

        var reference: Int {
            switch bound {
            case .atMost(let l): return l / 2
            case .atLeast(let l): return l + Limits.band
            }
        }

        var tolerance: Int {
            switch bound {
            case .atMost(let l): return l / 2
            case .atLeast: return Limits.band
            }
        }
    }

    static let band = 1_000_000_000_000
    static let target = "TextBenchmarks"

    static let all: [Limit] = [
        // issue 2: cold (nothing cached) ≤ 10 µs per 160-character paragraph; 1,000 inner iterations.
        Limit(benchmark: "Cold.Paragraph160.Lines", metric: .wallClock, bound: .atMost(10_000 * 1_000),
              target: "cold ≤ 10 µs per 160-character paragraph"),
        Limit(benchmark: "Cold.Mixed1000.PerParagraph", metric: .wallClock, bound: .atMost(10_000 * 1_000),
              target: "cold ≤ 10 µs per paragraph of the 1,000-paragraph workload (mean 160 characters)"),
        // issue 2: re-layout of a prepared paragraph at a new width ≤ 0.2 µs; 1,000 inner iterations.
        Limit(benchmark: "Relayout.Paragraph160.Size", metric: .wallClock, bound: .atMost(200 * 1_000),
              target: "re-layout at a new width ≤ 0.2 µs (size only)"),
        // issue 2: at least 10× Pango's throughput on the corpus, measured in the same run (×100).
        Limit(benchmark: "Corpus.RatioVsPango", metric: Metrics.ratioCold, bound: .atLeast(1_000),
              target: "≥ 10× Pango's throughput, cold (caches cleared before every case)"),
        // issue 2: "peak memory of the caches bounded and reported" (no number in the issue). With the
        // default limits (2 × 32,768 shaped runs, 2 × 1 M code units of paragraphs) the estimate
        // levels off at about 80 MB; the 1,000-paragraph workload keeps about 6.5 KB per paragraph,
        // so 30,000 paragraphs (≈ 4.8 M code units) would hold about 190 MB if nothing were evicted. The limit is ours: 96 MiB.
        Limit(benchmark: "Memory.Caches.Mixed30000", metric: Metrics.cacheBytesPeak, bound: .atMost(96 << 20),
              target: "peak cache memory bounded: ≤ 96 MiB after 30,000 distinct paragraphs (our limit; the issue sets none)"),
    ]

    /// The thresholds to configure on a benchmark (nil if it has no limit).
    static func thresholds(for benchmark: String) -> [BenchmarkMetric: BenchmarkThresholds]? {
        let mine = all.filter { $0.benchmark == benchmark }
        guard !mine.isEmpty else { return nil }
        var result: [BenchmarkMetric: BenchmarkThresholds] = [:]
        for l in mine { result[l.metric] = BenchmarkThresholds(absolute: [.p90: l.tolerance]) }
        return result
    }

    /// Checks that `Benchmarks/Thresholds/*.p90.json` hold exactly the references above.
    static func verifyFiles() {
        let dir = RepositoryPaths.root.appendingPathComponent("Benchmarks/Thresholds")
        for (benchmark, limits) in Dictionary(grouping: all, by: \.benchmark) {
            let url = dir.appendingPathComponent("\(target).\(benchmark).p90.json")
            guard let data = try? Data(contentsOf: url),
                  let values = try? JSONDecoder().decode([String: Int].self, from: data)
            else { fixtureFailure("missing or unreadable thresholds file \(url.path)") }
            var expected: [String: Int] = [:]
            for l in limits { expected[l.metric.rawDescription] = l.reference }
            if values != expected {
                fixtureFailure("\(url.path) holds \(values), Limits.swift says \(expected): update one of them")
            }
        }
    }
}
