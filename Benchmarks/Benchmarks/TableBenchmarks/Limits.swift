import Benchmark
import BenchmarkSupport

/// The table benchmarks' limits (issue 3), as package-benchmark static thresholds; how a limit
/// becomes a threshold band: `BenchmarkLimit` (BenchmarkSupport). Written here once;
/// `verifyFiles()` checks that `Benchmarks/Thresholds/TableBenchmarks.*.p90.json` agree.
enum Limits {
    typealias Limit = BenchmarkLimit

    static let all: [Limit] = [
        // issue 3: 1,000 self-sizing rows of mixed text, cold exact layout ≤ 10 ms.
        Limit(benchmark: "SelfSizing.Text1000.Cold", metric: .wallClock, bound: .atMost(10_000_000),
              target: "1,000 self-sizing text rows, cold exact layout ≤ 10 ms"),
        // issue 3: re-layout at a new width ≤ 1 ms.
        Limit(benchmark: "SelfSizing.Text1000.NewWidth", metric: .wallClock, bound: .atMost(1_000_000),
              target: "1,000 self-sizing text rows, re-layout at a new width ≤ 1 ms"),
        // issue 3: 1,000,000 rows, building with fixed or estimated heights ≤ 50 ms.
        Limit(benchmark: "Rows1M.Build.FixedUniform", metric: .wallClock, bound: .atMost(50_000_000),
              target: "1 M rows of one fixed height, build ≤ 50 ms"),
        Limit(benchmark: "Rows1M.Build.FixedVaried", metric: .wallClock, bound: .atMost(50_000_000),
              target: "1 M rows, a fixed height per row, build ≤ 50 ms"),
        Limit(benchmark: "Rows1M.Build.Estimated", metric: .wallClock, bound: .atMost(50_000_000),
              target: "1 M estimated self-sizing rows (a payload per row), build ≤ 50 ms"),
        // issue 3: indexPathForRow(at:) ≤ 1 µs; 1,000 inner iterations.
        Limit(benchmark: "Rows1M.IndexPathForRow", metric: .wallClock, bound: .atMost(1_000 * 1_000),
              target: "indexPathForRow(at:) in 1 M rows ≤ 1 µs"),
        // issue 3: a batch of 1,000 mixed updates ≤ 10 ms.
        Limit(benchmark: "Rows1M.Batch.Mixed1000", metric: .wallClock, bound: .atMost(10_000_000),
              target: "a batch of 500 deletes + 500 inserts + 50 reloads + 50 moves in 1 M rows ≤ 10 ms"),
        // issue 3: memory ≤ 32 bytes per estimated row.
        Limit(benchmark: "Rows1M.Memory.Estimated", metric: Metrics.bytesPerRow, bound: .atMost(32),
              target: "≤ 32 bytes per estimated row (heap, payload included)"),
    ]

    static let table = LimitTable(target: "TableBenchmarks", all)

    /// The thresholds to configure on a benchmark (nil if it has no limit).
    static func thresholds(for benchmark: String) -> [BenchmarkMetric: BenchmarkThresholds]? {
        table.thresholds(for: benchmark)
    }

    /// Checks that the thresholds files hold exactly the references above.
    static func verifyFiles() { table.verifyFiles() }
}
