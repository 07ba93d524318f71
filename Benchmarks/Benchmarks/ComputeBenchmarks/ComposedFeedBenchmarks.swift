// Issue 10's feed (`FeedSupport`: 10,000 Weibo-like posts as composed cells) computed cold, at a
// new width, with a post inserted, against its peers. How to run: docs/BENCHMARKS.md.
import Benchmark
import BenchmarkSupport
import FeedSupport
import Foundation
import LayoutEngine
import LayoutReport

extension ComposedFeed {
    /// Computes `specs` alternately with the shared layouter (summary detail), one per iteration.
    static func alternate(_ specs: [LayoutSpec], _ benchmark: Benchmark) throws {
        for _ in benchmark.scaledIterations {
            blackHole(try SharedLayouter.value.compute(specs[benchmark.currentIteration % specs.count], options: ComputeOptions(detail: .summary)))
        }
    }

    /// `specs`, each computed once by the shared layouter (its caches warm).
    static func warmed(_ specs: [LayoutSpec]) throws -> [LayoutSpec] {
        for s in specs { _ = try SharedLayouter.value.compute(s, options: ComputeOptions(detail: .summary)) }
        return specs
    }
}

func registerComposedFeedBenchmarks() {
    // Issue 10: one post inserted at the top of the *estimated* feed (10,000 posts at
    // estimatedRowHeight 200, the first screen measured) — the batch applied and the new first
    // screen laid out, which measures the new post (a different post each iteration, its text
    // never seen before). On a copy of the same table each time.
    Benchmark("ComposedFeed.Posts10K.InsertAtTopEstimated",
              configuration: configuration("ComposedFeed.Posts10K.InsertAtTopEstimated", maxIterations: 1_000,
                                           warmupIterations: 0)) { (benchmark: Benchmark, table: TableViewLayout<FeedPost>) in
        var copy = table
        var batch = TableBatch<FeedPost>()
        batch.insertRows = [(at: IndexPath(row: 0, section: 0), row: TableRow.automatic(FeedPost(index: 10_000 + benchmark.currentIteration)))]
        try copy.apply(batch)
        blackHole(try copy.layoutViewport(offset: 0, height: 667))
    } setup: {
        // 10,000 posts, then 1,100 more to insert (their texts differ from every earlier one: the seed differs).
        let trees = ComposedFeed.trees(try ComposedFeed.spec(count: 10_000, width: 375))
            + ComposedFeed.trees(try ComposedFeed.spec(count: 1_100, width: 375, seed: 99))
        let sizer = FeedSizer(trees: trees, layout: CellLayout(textEngine: try SharedLayouter.value.textEngine()))
        var table = try TableViewLayout(
            configuration: TableConfiguration(style: .plain, width: 375, rowHeight: .automatic, estimatedRowHeight: 200),
            sections: [TableSection(header: .none, contents: (0..<10_000).map { FeedPost(index: $0) }, height: .automatic, footer: .none)],
            sizer: sizer)
        _ = try table.layoutViewport(offset: 0, height: 667)
        return table
    }

    // Every post measured and laid out, text caches emptied first: what a server pays for a new feed.
    Benchmark("ComposedFeed.Posts10K.Cold",
              configuration: configuration("ComposedFeed.Posts10K.Cold", maxIterations: 30, warmupIterations: 1)) { (benchmark: Benchmark, spec: LayoutSpec) in
        let layouter = SharedLayouter.value
        // Everything the layouter keeps is emptied first (shaped words, prepared paragraphs, its
        // prepared cells, and what each thread keeps of the cells it laid out: tree shapes,
        // skeletons, stack layouts), outside the measurement: a process's first feed frees nothing.
        // (One compute per sample: the configuration scales nothing.)
        layouter.clearCaches()
        benchmark.startMeasurement()
        blackHole(try layouter.compute(spec, options: ComputeOptions(detail: .summary)))
        benchmark.stopMeasurement()
    } setup: {
        let spec = try ComposedFeed.spec(count: 10_000, width: 375)
        _ = try SharedLayouter.value.compute(spec, options: ComputeOptions(detail: .summary))
        return spec
    }

    // The same feed at a new width (an iPad, a rotation): the app's decoded feed computed at 375
    // and 414 pt alternately by one layouter, which keeps its cells prepared (trees read, texts
    // shaped and broken): every cell is laid out again at the new width, no text is prepared.
    Benchmark("ComposedFeed.Posts10K.NewWidth",
              configuration: configuration("ComposedFeed.Posts10K.NewWidth", maxIterations: 30, warmupIterations: 1)) { (benchmark: Benchmark, specs: [LayoutSpec]) in
        try ComposedFeed.alternate(specs, benchmark)
    } setup: {
        let spec = try ComposedFeed.spec(count: 10_000, width: 375)
        guard case .table(var wide) = spec else { return [spec] }
        wide.width = 414
        return try ComposedFeed.warmed([spec, LayoutSpec.table(wide)])
    }

    // The feed decoded again for the new width (a server answering a new request with the same
    // posts): no prepared cell can be reused (they belong to the first decoding), the paragraph
    // cache answers what it still holds.
    Benchmark("ComposedFeed.Posts10K.NewWidthRedecoded",
              configuration: configuration("ComposedFeed.Posts10K.NewWidthRedecoded", maxIterations: 30, warmupIterations: 1)) { (benchmark: Benchmark, specs: [LayoutSpec]) in
        try ComposedFeed.alternate(specs, benchmark)
    } setup: {
        return try ComposedFeed.warmed([try ComposedFeed.spec(count: 10_000, width: 375), try ComposedFeed.spec(count: 10_000, width: 414)])
    }

    // The cells' own cost through the library's tree API (`CellLayout.size(of:width:)`): every
    // tree read and laid out with its texts already prepared, one thread. The feed's texts (2.2 M
    // code units) do not fit the default paragraph cache (1 M units a generation), which a
    // shared engine keeps bounded; this engine's holds 4 M, so that every text is found.
    Benchmark("ComposedFeed.Posts10K.CellsWarmText",
              configuration: configuration("ComposedFeed.Posts10K.CellsWarmText", maxIterations: 30, warmupIterations: 1)) { (benchmark: Benchmark, setup: (CellLayout, [CellElement])) in
        let (layout, trees) = setup
        for _ in benchmark.scaledIterations {
            var total = 0.0
            for tree in trees { total += try layout.size(of: tree, width: 375).height }
            blackHole(total)
        }
    } setup: {
        let trees = ComposedFeed.trees(try ComposedFeed.spec(count: 10_000, width: 375))
        let engine = try TextEngine(fontDirectory: RepositoryPaths.fonts,
                                    configuration: TextEngine.Configuration(paragraphCacheUnits: 4 << 20))
        let layout = CellLayout(textEngine: engine)
        for tree in trees { _ = try layout.size(of: tree, width: 375) }
        return (layout, trees)
    }

    // The cells' own cost with nothing else: every post prepared once (`CellLayout.prepare`: tree
    // read, texts prepared), then laid out at 375 pt on one thread — flexbox and line breaking only.
    Benchmark("ComposedFeed.Posts10K.CellsPrepared",
              configuration: configuration("ComposedFeed.Posts10K.CellsPrepared", maxIterations: 30, warmupIterations: 1)) { (benchmark: Benchmark, cells: [PreparedCell]) in
        for _ in benchmark.scaledIterations {
            var total = 0.0
            for cell in cells { total += try cell.size(width: 375).height }
            blackHole(total)
        }
    } setup: {
        let layout = CellLayout(textEngine: try SharedLayouter.value.textEngine())
        return try ComposedFeed.trees(try ComposedFeed.spec(count: 10_000, width: 375)).map { try layout.prepare($0) }
    }

    // The peer a tutorial would write: no layout engine, every post's height by hand from the
    // seed's formulas (uikit-notes S13) — name, time and source on one line, the text at 355 pt, a
    // 4-column 80-pt photo grid, a 30-pt toolbar — with the same text engine, cold, on both cores
    // like compute. What the flexbox layer costs over hand-written frames.
    Benchmark("ComposedFeed.Posts10K.HandWrittenPeer",
              configuration: configuration("ComposedFeed.Posts10K.HandWrittenPeer", maxIterations: 30, warmupIterations: 1)) { (benchmark: Benchmark, posts: [ComposedFeed.Post]) in
        let engine = try SharedLayouter.value.textEngine()
        // Cold as `Cold` is: the caches emptied outside the measurement.
        SharedLayouter.value.clearCaches()
        benchmark.startMeasurement()
        nonisolated(unsafe) let heights = UnsafeMutableBufferPointer<Double>.allocate(capacity: posts.count)
        defer { heights.deallocate() }
        let half = posts.count / 2
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            for i in (part == 0 ? 0..<half : half..<posts.count) {
                heights[i] = (try? ComposedFeed.handWrittenHeight(posts[i], engine: engine)) ?? 0
            }
        }
        blackHole(heights.reduce(0, +))
        benchmark.stopMeasurement()
    } setup: {
        ComposedFeed.posts(ComposedFeed.trees(try ComposedFeed.spec(count: 10_000, width: 375)))
    }

    // The feed's 4.7 MB of JSON decoded into a spec (templates planned once, each post's data
    // checked and written in): what `layout compute` pays before laying anything out.
    Benchmark("ComposedFeed.Posts10K.Decode",
              configuration: configuration("ComposedFeed.Posts10K.Decode", maxIterations: 30, warmupIterations: 1)) { (benchmark: Benchmark, bytes: [UInt8]) in
        for _ in benchmark.scaledIterations { blackHole(try LayoutSpec.decode(bytes, format: .json)) }
    } setup: {
        Array(ComposedFeed.json(count: 10_000, width: 375).utf8)
    }

    // The peer for decoding: Foundation's JSONSerialization reading the same bytes into
    // dictionaries and arrays — parsing only, nothing checked, no spec made.
    Benchmark("ComposedFeed.Posts10K.DecodePeerJSONSerialization",
              configuration: configuration("ComposedFeed.Posts10K.DecodePeerJSONSerialization", maxIterations: 30, warmupIterations: 1)) { (benchmark: Benchmark, data: Data) in
        for _ in benchmark.scaledIterations { blackHole(try JSONSerialization.jsonObject(with: data)) }
    } setup: {
        Data(ComposedFeed.json(count: 10_000, width: 375).utf8)
    }

    // `layout compute feed.json --compact` in process, cold: the bytes decoded, every post laid
    // out with its frames (not the summary), the 11 MB result written as the CLI writes it.
    Benchmark("ComposedFeed.Posts10K.CLIPath",
              configuration: configuration("ComposedFeed.Posts10K.CLIPath", maxIterations: 30, warmupIterations: 1)) { (benchmark: Benchmark, bytes: [UInt8]) in
        let layouter = SharedLayouter.value
        layouter.clearCaches()  // outside the measurement, as in `Cold`
        benchmark.startMeasurement()
        let result = try layouter.compute(try LayoutSpec.decode(bytes, format: .json).spec)
        var length = 0
        try ResultStreamWriter(style: .compact).write(ResultDocument(result)) { length += $0.utf8.count }
        blackHole(length)
        benchmark.stopMeasurement()
    } setup: {
        Array(ComposedFeed.json(count: 10_000, width: 375).utf8)
    }

    // The peer for the text cost: the same texts measured alone, cold (max-content and at the width).
    Benchmark("ComposedFeed.Posts10K.TextOnlyCold",
              configuration: configuration("ComposedFeed.Posts10K.TextOnlyCold", maxIterations: 30, warmupIterations: 1)) { (benchmark: Benchmark, texts: [CellText]) in
        let engine = try SharedLayouter.value.textEngine()
        engine.clearCaches()  // outside the measurement, as in `Cold`
        benchmark.startMeasurement()
        for t in texts {
            blackHole(try engine.size(of: t.text, style: t.style, width: nil))
            blackHole(try engine.size(of: t.text, style: t.style, width: 355))
        }
        benchmark.stopMeasurement()
    } setup: {
        let texts = ComposedFeed.trees(try ComposedFeed.spec(count: 10_000, width: 375)).flatMap(ComposedFeed.texts(of:))
        return texts
    }
}
