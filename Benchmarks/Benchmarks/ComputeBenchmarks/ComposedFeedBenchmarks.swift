// Issue 10's feed: 10,000 Weibo-like posts as composed cells (avatar, name, badge, time, source,
// 1–8 lines of mixed Chinese/English text, 0–9 photos in a wrapping grid, a toolbar of three
// buttons), every row exact. How to run: docs/BENCHMARKS.md.
import Benchmark
import BenchmarkSupport
import Foundation
import LayoutEngine
import LayoutReport

enum ComposedFeed {
    /// The post template (the seed's Weibo cell plus photos and a toolbar).
    static let template = """
    {"stack": "vertical", "spacing": 10, "padding": 10, "children": [
      {"stack": "horizontal", "spacing": 10, "alignment": "start", "children": [
        {"id": "avatar", "box": {"width": 40, "height": 40}},
        {"stack": "vertical", "justify": "spaceBetween", "alignment": "start", "height": 40, "children": [
          {"stack": "horizontal", "spacing": 10, "alignment": "start", "children": [
            {"id": "name", "text": "$name", "textStyle": {"size": 14}, "numberOfLines": 1},
            {"id": "badge", "box": {"width": 13, "height": 13}, "hidden": "$noBadge"}]},
          {"stack": "horizontal", "spacing": 10, "alignment": "start", "children": [
            {"id": "time", "text": "$time", "textStyle": {"size": 12}, "numberOfLines": 1},
            {"id": "source", "text": "$source", "textStyle": {"size": 12}, "numberOfLines": 1}]}]}]},
      {"id": "text", "text": "$text", "textStyle": {"size": 14}},
      {"id": "photos", "stack": "horizontal", "wrap": true, "spacing": 5, "hidden": "$noPhotos",
       "children": [{"repeat": "$photos", "element": {"box": {"width": 80, "height": 80}}}]},
      {"id": "toolbar", "stack": "horizontal", "justify": "spaceEvenly", "height": 30, "children": [
        {"box": {"width": 60, "height": 30}}, {"box": {"width": 60, "height": 30}}, {"box": {"width": 60, "height": 30}}]}]}
    """

    /// A feed of `count` posts at `width`, seeded (the same spec every run).
    static func spec(count: Int, width: Double, estimated: Bool = false, seed: UInt64 = 10) throws -> LayoutSpec {
        try LayoutSpec.decode(json: json(count: count, width: width, estimated: estimated, seed: seed)).spec
    }

    /// The feed's JSON text (4.7 MB for 10,000 posts).
    static func json(count: Int, width: Double, estimated: Bool = false, seed: UInt64 = 10) -> String {
        var rng = SplitMix64(seed: seed)
        let english = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "swift", "layout", "table", "cell",
                       "view", "text", "measure", "width", "height", "line", "break", "font"]
        let chinese = Array("今天天气很好我们一起去公园散步吧中文文本测试一二三四五六七八九十重用机制滚动流畅缓存行高")
        var rows: [String] = []
        rows.reserveCapacity(count)
        for i in 0..<count {
            var text = ""
            for _ in 0..<(12 * (1 + Int(rng.next() % 8))) {
                if rng.next() % 2 == 0 {
                    text += english[Int(rng.next() % UInt64(english.count))] + " "
                } else {
                    for _ in 0...(rng.next() % 3) { text.append(chinese[Int(rng.next() % UInt64(chinese.count))]) }
                }
            }
            let photos = Int(rng.next() % 10)
            rows.append("""
                {"template": "post", "data": {"name": "User \(i % 500)", "noBadge": \(i % 3 == 0), \
                "time": "\(i % 24):\(i % 60)", "source": "来自 iPhone", "text": "\(text)", "photos": \(photos), "noPhotos": \(photos == 0)}}
                """)
        }
        return """
            {"width": \(width), "rowHeight": "automatic", "separatorStyle": "none", \(estimated ? "\"estimatedRowHeight\": 200," : "")
             "templates": {"post": \(template)}, "sections": [{"rows": [\(rows.joined(separator: ","))]}]}
            """
    }

    /// Every post's tree with its styles resolved as compute resolves them (for the text-free figure).
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

    /// One post's data, read back from its tree (for the hand-written peer).
    struct Post: Sendable {
        var name: CellText, time: CellText, source: CellText, text: CellText
        var photos: Int
    }

    /// A tree's texts in tree order (stacks' children; the template has no other containers).
    static func texts(of tree: CellElement) -> [CellText] {
        var texts: [CellText] = []
        func walk(_ e: CellElement) {
            switch e.kind {
            case .text(let t): texts.append(t)
            case .stack(let s): s.children.forEach(walk)
            default: break
            }
        }
        walk(tree)
        return texts
    }

    /// The posts of `trees` (the template's order: name, time, source, text; photos in child 2).
    static func posts(_ trees: [CellElement]) -> [Post] {
        trees.compactMap { tree in
            let texts = Self.texts(of: tree)
            guard texts.count == 4, case .stack(let root) = tree.kind, root.children.count > 2,
                  case .stack(let grid) = root.children[2].kind else { return nil }
            return Post(name: texts[0], time: texts[1], source: texts[2], text: texts[3],
                        photos: root.children[2].isHidden ? 0 : grid.children.count)
        }
    }

    /// A post's row height as the seed's tutorial computes it by hand (375-pt row, 10-pt margins).
    static func handWrittenHeight(_ p: Post, engine: TextEngine) throws -> Double {
        _ = try engine.size(of: p.name.text, style: p.name.style, width: nil)     // the name's frame
        _ = try engine.size(of: p.time.text, style: p.time.style, width: nil)     // the time's frame
        _ = try engine.size(of: p.source.text, style: p.source.style, width: nil) // the source's frame
        let text = try engine.size(of: p.text.text, style: p.text.style, width: 355).size.height
        let rows = (p.photos + 3) / 4
        let grid = rows == 0 ? 0 : 10 + Double(rows) * 80 + Double(rows - 1) * 5
        return 10 + 40 + 10 + text + grid + 10 + 30 + 10
    }

    /// (The template's texts name inline sizes only: each becomes a TextStyle of that size at scale
    /// 2 with the element's numberOfLines, as compute resolves it for this spec.)
    static func trees(_ spec: LayoutSpec) -> [CellElement] {
        guard case .table(let table) = spec else { return [] }
        var out: [CellElement] = []
        for run in table.sections[0].rows.runs {
            for row in run.cycle {
                guard case .layout(let l) = row.content else { continue }
                let styles = l.textStyles.map { choice -> TextStyle in
                    var style = TextStyle(size: 17, scale: PixelScale(2))
                    if case .inline(let inline)? = choice.reference, let size = inline.size { style = TextStyle(size: size, scale: PixelScale(2)) }
                    if let n = choice.numberOfLines { style.numberOfLines = n }
                    return style
                }
                var next = 0
                func walk(_ e: CellElement) -> CellElement {
                    var e = e
                    switch e.kind {
                    case .text(var t):
                        t.style = styles[next]
                        next += 1
                        e.kind = .text(t)
                    case .stack(var s):
                        s.children = s.children.map(walk)
                        e.kind = .stack(s)
                    default: break
                    }
                    return e
                }
                out.append(walk(l.root))
            }
        }
        return out
    }
}

/// A post of the estimated feed: its index in the feed's trees.
struct FeedPost: TableContent {
    var index: Int
    static var placeholder: FeedPost { FeedPost(index: -1) }
}

/// Sizes a post as a self-sizing row does: its tree's height at the content width.
struct FeedSizer: TableSizer {
    let trees: [CellElement]
    let layout: CellLayout
    func height(for request: SizingRequest<FeedPost>) throws -> Double {
        try layout.size(of: trees[request.content.index], width: request.contentWidth).height
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
        // Everything the layouter keeps is emptied first (shaped words, prepared paragraphs and
        // its prepared cells), outside the measurement: a process's first feed frees nothing.
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
