// The path users run (issue 13 §2, issue 14 "A shared engine is fast"): a spec decoded, laid out
// by `Layouter.compute` with text measured, and the result written as the CLI writes it.
// How to run: docs/BENCHMARKS.md.
import Benchmark
import BenchmarkSupport
import Foundation
import LayoutEngine
import LayoutReport

let benchmarks: @Sendable () -> Void = {
    Limits.verifyFiles()
    setDefaultBenchmarkConfiguration()
    registerOneRowBenchmarks()
    registerCLIPathBenchmarks()
    registerComposedFeedBenchmarks()
}

/// The compute benchmarks' limits, as package-benchmark static thresholds (see `BenchmarkLimit`).
enum Limits {
    static let all: [BenchmarkLimit] = [
        // issue 14: a one-row spec through compute ≤ 100 µs per call once the engine is loaded.
        BenchmarkLimit(benchmark: "OneRow.SharedLayouter.NewText", metric: .wallClock, bound: .atMost(100_000),
                       target: "a one-row self-sizing text spec through Layouter.compute (fonts loaded, a new text each call) ≤ 100 µs"),
        // issue 10: a 10,000-post composed feed, every row exact, cold ≤ 60 ms; at a new width ≤ 15 ms.
        BenchmarkLimit(benchmark: "ComposedFeed.Posts10K.Cold", metric: .wallClock, bound: .atMost(60_000_000),
                       target: "10,000 composed Weibo-like posts, every row exact, text caches empty ≤ 60 ms"),
        BenchmarkLimit(benchmark: "ComposedFeed.Posts10K.NewWidth", metric: .wallClock, bound: .atMost(15_000_000),
                       target: "the same feed at a new width ≤ 15 ms"),
        BenchmarkLimit(benchmark: "ComposedFeed.Posts10K.InsertAtTopEstimated", metric: .wallClock, bound: .atMost(50_000),
                       target: "one post inserted at the top of the estimated feed (batch + first screen) ≤ 50 µs"),
    ]
    static let table = LimitTable(target: "ComputeBenchmarks", all)
    static func verifyFiles() { table.verifyFiles() }
}

func configuration(_ name: String, maxIterations: Int = 10_000, warmupIterations: Int = 3) -> Benchmark.Configuration {
    benchmarkConfiguration(name, limits: Limits.table, maxIterations: maxIterations, warmupIterations: warmupIterations)
}

/// A one-row table whose only row is self-sizing text (`text`), decoded as a user's spec is.
func oneRowSpec(_ text: String) throws -> LayoutSpec {
    let escaped = String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
    let json = """
    {"kind": "table", "width": 375, "rowHeight": "automatic", "sections": [{"rows": [{"text": \(escaped)}]}]}
    """
    return try LayoutSpec.decode(json: json).spec
}

func registerOneRowBenchmarks() {
    // A shared layouter, a different paragraph each call (the engine's paragraph cache never
    // answers): what a server precomputing one cell per request pays once the fonts are loaded.
    Benchmark("OneRow.SharedLayouter.NewText",
              configuration: configuration("OneRow.SharedLayouter.NewText")) { (benchmark: Benchmark, specs: [LayoutSpec]) in
        let layouter = SharedLayouter.value
        for _ in benchmark.scaledIterations {
            let spec = specs[benchmark.currentIteration % specs.count]
            blackHole(try layouter.compute(spec))
        }
    } setup: {
        // Distinct paragraphs, more than the benchmark runs iterations (10,000 at most).
        let specs = try MixedText.paragraphs(count: 12_000, seed: 14).map { try oneRowSpec(String($0.prefix(120))) }
        _ = try SharedLayouter.value.compute(specs[0])  // load the fonts
        return specs
    }

    // The same spec again and again: the engine's caches answer the text.
    Benchmark("OneRow.SharedLayouter.SameText",
              configuration: configuration("OneRow.SharedLayouter.SameText")) { (benchmark: Benchmark, spec: LayoutSpec) in
        let layouter = SharedLayouter.value
        for _ in benchmark.scaledIterations {
            blackHole(try layouter.compute(spec))
        }
    } setup: {
        let spec = try oneRowSpec(MixedText.paragraph160)
        _ = try SharedLayouter.value.compute(spec)
        return spec
    }

    // The peer: a new layouter per call, which loads the fonts each time — what the free
    // `compute` cost before layouters shared their engine.
    Benchmark("OneRow.FreshLayouter",
              configuration: configuration("OneRow.FreshLayouter", maxIterations: 500)) { (benchmark: Benchmark, spec: LayoutSpec) in
        for _ in benchmark.scaledIterations {
            blackHole(try Layouter().compute(spec))
        }
    } setup: {
        try oneRowSpec(MixedText.paragraph160)
    }
}

/// One layouter for the whole benchmark process.
enum SharedLayouter {
    static let value = Layouter()
}

func registerCLIPathBenchmarks() {
    // `layout compute Examples/feed.json --compact` in process: bytes → spec → layout → JSON text.
    Benchmark("CLIPath.Feed.DecodeComputeWrite",
              configuration: configuration("CLIPath.Feed.DecodeComputeWrite", maxIterations: 500)) { (benchmark: Benchmark, bytes: [UInt8]) in
        let layouter = SharedLayouter.value
        for _ in benchmark.scaledIterations {
            let document = try LayoutSpec.decode(bytes, format: .json)
            let result = try layouter.compute(document.spec)
            var length = 0
            try ResultStreamWriter(style: .compact).write(ResultDocument(result)) { length += $0.utf8.count }
            blackHole(length)
        }
    } setup: {
        let url = RepositoryPaths.root.appendingPathComponent("Examples/feed.json")
        let bytes = [UInt8](try Data(contentsOf: url))
        _ = try SharedLayouter.value.compute(LayoutSpec.decode(bytes, format: .json).spec)
        return bytes
    }
}
