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
/// Each benchmark target writes its limits once (its `Limits.swift`); `verifyFiles()` makes
/// sure the JSON files say the same, so the two cannot drift apart. Values are raw: nanoseconds
/// per *outer* iteration for time (a benchmark with scaling factor `.kilo` runs 1,000 inner
/// iterations per outer one), the metric's own unit for custom metrics.
public struct BenchmarkLimit: Sendable {
    public enum Bound: Sendable {
        case atMost(Int)
        case atLeast(Int)
    }

    public var benchmark: String
    public var metric: BenchmarkMetric
    public var bound: Bound
    /// What the issue asks for, in words (for the docs and the failure report).
    public var target: String

    public init(benchmark: String, metric: BenchmarkMetric, bound: Bound, target: String) {
        self.benchmark = benchmark
        self.metric = metric
        self.bound = bound
        self.target = target
    }

    public static let band = 1_000_000_000_000

    public var reference: Int {
        switch bound {
        case .atMost(let l): return l / 2
        case .atLeast(let l): return l + Self.band
        }
    }

    public var tolerance: Int {
        switch bound {
        case .atMost(let l): return l / 2
        case .atLeast: return Self.band
        }
    }
}

/// The limits of one benchmark target.
public struct LimitTable: Sendable {
    /// The benchmark target's name (the thresholds files' prefix).
    public var target: String
    public var all: [BenchmarkLimit]

    public init(target: String, _ all: [BenchmarkLimit]) {
        self.target = target
        self.all = all
    }

    /// The thresholds to configure on a benchmark (nil if it has no limit).
    public func thresholds(for benchmark: String) -> [BenchmarkMetric: BenchmarkThresholds]? {
        let mine = all.filter { $0.benchmark == benchmark }
        guard !mine.isEmpty else { return nil }
        var result: [BenchmarkMetric: BenchmarkThresholds] = [:]
        for l in mine { result[l.metric] = BenchmarkThresholds(absolute: [.p90: l.tolerance]) }
        return result
    }

    /// Checks that `Benchmarks/Thresholds/<target>.*.p90.json` hold exactly the references of
    /// `all`, and that no file of this target names a benchmark without a limit here.
    public func verifyFiles() {
        let dir = RepositoryPaths.thresholds
        let byBenchmark = Dictionary(grouping: all, by: \.benchmark)
        for (benchmark, limits) in byBenchmark {
            let url = dir.appendingPathComponent("\(target).\(benchmark).p90.json")
            guard let data = try? Data(contentsOf: url),
                  let values = try? JSONDecoder().decode([String: Int].self, from: data)
            else { fixtureFailure("missing or unreadable thresholds file \(url.path)") }
            var expected: [String: Int] = [:]
            for l in limits { expected[l.metric.rawDescription] = l.reference }
            if values != expected {
                fixtureFailure("\(url.path) holds \(values), \(target)/Limits.swift says \(expected): update one of them")
            }
        }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        for f in files where f.hasPrefix(target + ".") && f.hasSuffix(".p90.json") {
            let name = String(f.dropFirst(target.count + 1).dropLast(".p90.json".count))
            if byBenchmark[name] == nil {
                fixtureFailure("\(dir.path)/\(f) has no limit in \(target)/Limits.swift: remove it or add the limit")
            }
        }
    }
}

/// The defaults every benchmark target starts from: wall clock and mallocs, 3 warm-up
/// iterations, at most 2 s or 10,000 iterations.
public func setDefaultBenchmarkConfiguration() {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        warmupIterations: 3,
        maxDuration: .seconds(2),
        maxIterations: 10_000)
}

/// A benchmark configuration carrying the limits of `table` for the benchmark `name`, if any.
public func benchmarkConfiguration(_ name: String, limits table: LimitTable,
                                   metrics: [BenchmarkMetric] = [.wallClock, .mallocCountTotal],
                                   scalingFactor: BenchmarkScalingFactor = .one, maxDuration: Duration = .seconds(2),
                                   maxIterations: Int = 10_000, warmupIterations: Int = 3,
                                   setup: Benchmark.BenchmarkSetupHook? = nil) -> Benchmark.Configuration {
    .init(metrics: metrics, warmupIterations: warmupIterations, scalingFactor: scalingFactor,
          maxDuration: maxDuration, maxIterations: maxIterations, thresholds: table.thresholds(for: name),
          setup: setup)
}
