import Benchmark
import BenchmarkSupport

/// The grid benchmarks' limits (issue 4), as package-benchmark static thresholds; how a limit
/// becomes a threshold band: `BenchmarkLimit` (BenchmarkSupport). Written here once;
/// `verifyFiles()` checks that `Benchmarks/Thresholds/GridBenchmarks.*.p90.json` agree.
enum Limits {
    typealias Limit = BenchmarkLimit

    static let all: [Limit] = [
        // issue 4: 100,000 items of varied sizes, full layout ≤ 10 ms.
        Limit(benchmark: "Items100K.Layout", metric: .wallClock, bound: .atMost(10_000_000),
              target: "100,000 items of varied sizes, full layout ≤ 10 ms"),
        // issue 4: items-in-rect ≤ 5 µs for a screenful; 1,000 inner iterations.
        Limit(benchmark: "Items100K.ItemsInRect", metric: .wallClock, bound: .atMost(5_000 * 1_000),
              target: "indexPathsForItems(in:) for a 375 × 667 screenful ≤ 5 µs"),
        // issue 4: 1,000 self-sizing text items ≤ 10 ms cold.
        Limit(benchmark: "SelfSizing.Text1000.Cold", metric: .wallClock, bound: .atMost(10_000_000),
              target: "1,000 self-sizing text items, cold ≤ 10 ms"),
    ]

    static let table = LimitTable(target: "GridBenchmarks", all)

    /// The thresholds to configure on a benchmark (nil if it has no limit).
    static func thresholds(for benchmark: String) -> [BenchmarkMetric: BenchmarkThresholds]? {
        table.thresholds(for: benchmark)
    }

    /// Checks that the thresholds files hold exactly the references above.
    static func verifyFiles() { table.verifyFiles() }
}
