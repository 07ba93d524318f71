// The issue-10 feed's benchmarks as plain loops, for counting their instructions under valgrind
// (`scripts/feed-instructions.sh`): the wall clock of a shared machine wanders by half from one
// minute to the next, an instruction count does not. The script runs each mode twice with
// different repeat counts and divides the difference, so that setting up (the spec decoded, the
// fonts loaded, the caches warmed) cancels out.
//
//   FeedInstructions cold|peer|newWidth|insert REPEATS [POSTS]
//   FeedInstructions mixedCold|mixedWarm|mixedColdNoWords|mixedWarmNoWords REPEATS
//   FeedInstructions corpusWarm|corpusWarmNoWords REPEATS
//
// mixed…: the text benchmarks' 1,000-paragraph workload (`MixedText`), each paragraph measured
// (all lines) with the caches emptied before it (`Cold.Mixed1000`), or by an engine without a
// paragraph cache whose shape cache is warm (`WarmShapes.Mixed1000`); …NoWords with the word
// cache off (`TextEngine.Configuration.wordCache`). One repeat = the 1,000 paragraphs.
// corpus…: the oracle corpus's 674 cases (`Corpus.RatioVsPango`'s known-words pass: no paragraph
// cache, the shape cache warm), sized at their widths; one repeat = the corpus.
//
// cold: the layouter's caches emptied, the feed computed (`ComposedFeed.Posts10K.Cold`).
// peer: the caches emptied, every post's height by hand with its texts measured (`…HandWrittenPeer`).
// newWidth: the feed computed at 375 and 414 pt alternately, cells kept (`…NewWidth`).
// insert: one post inserted at the top of the estimated feed, the first screen laid out
// (`…InsertAtTopEstimated`; POSTS is the feed's length, a different post inserted each time).
import FeedSupport
import Foundation
import LayoutEngine
import Workloads

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

/// One insertion as `…InsertAtTopEstimated` makes it: post `post` inserted at the top of a copy of
/// `table`, the first screen laid out. Its own function (never inlined), so that callgrind can count
/// inside it alone (`--toggle-collect`): the setup around it does not repeat exactly from run to run
/// (which thread stores a word first), by more than an insertion costs.
@inline(never)
func insertOnce(_ table: TableViewLayout<FeedPost>, post: Int) throws -> Double {
    var copy = table
    var batch = TableBatch<FeedPost>()
    batch.insertRows = [(at: IndexPath(row: 0, section: 0), row: TableRow.automatic(FeedPost(index: post)))]
    try copy.apply(batch)
    return Double(try copy.layoutViewport(offset: 0, height: 667).measuredCount)
}

let arguments = CommandLine.arguments
guard arguments.count >= 3, let repeats = Int(arguments[2]), repeats >= 0 else {
    fail("usage: FeedInstructions cold|newWidth|insert REPEATS [POSTS]")
}
let posts = arguments.count > 3 ? Int(arguments[3]) ?? 10_000 : 10_000
let layouter = Layouter()
let summary = ComputeOptions(detail: .summary)
var checksum = 0.0

do {
    switch arguments[1] {
    case "cold":
        let spec = try ComposedFeed.spec(count: posts, width: 375)
        _ = try layouter.compute(spec, options: summary)  // the fonts loaded, as in the benchmark's setup
        for _ in 0..<repeats {
            layouter.clearCaches()
            checksum += try layouter.compute(spec, options: summary).contentSize.height
        }
    case "coldTimed":
        // As `cold`, each compute timed alone (the caches emptied outside the timing), the median
        // printed to standard error: run under `taskset -c 0` and without, to see how the compute
        // scales from one core to two (valgrind counts one core's work only).
        let spec = try ComposedFeed.spec(count: posts, width: 375)
        _ = try layouter.compute(spec, options: summary)
        // (With the processor time the process spent in each, all threads: less sensitive than the
        // wall clock to the other core being taken away for a while.)
        // (And its page faults and system time: a compute that took fresh memory would show both.)
        func usage() -> (cpu: Double, faults: Int, system: Double) {
            var usage = rusage()
            #if os(Linux)
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
            #else
            getrusage(RUSAGE_SELF, &usage)
            #endif
            let system = Double(usage.ru_stime.tv_sec) * 1e3 + Double(usage.ru_stime.tv_usec) / 1e3
            return (Double(usage.ru_utime.tv_sec) * 1e3 + Double(usage.ru_utime.tv_usec) / 1e3 + system, Int(usage.ru_minflt), system)
        }
        var times: [Double] = [], cpu: [Double] = [], faults: [Int] = [], system: [Double] = []
        for _ in 0..<repeats {
            layouter.clearCaches()
            let before = usage()
            let start = DispatchTime.now().uptimeNanoseconds
            checksum += try layouter.compute(spec, options: summary).contentSize.height
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            let after = usage()
            cpu.append(after.cpu - before.cpu)
            faults.append(after.faults - before.faults)
            system.append(after.system - before.system)
        }
        faults.sort()
        system.sort()
        times.sort()
        cpu.sort()
        if !times.isEmpty {
            FileHandle.standardError.write(Data(("median \(times[times.count / 2]) ms, min \(times[0]) ms; "
                                                 + "processor time median \(cpu[cpu.count / 2]) ms, min \(cpu[0]) ms; "
                                                 + "page faults median \(faults[faults.count / 2]), system time median \(system[system.count / 2]) ms\n").utf8))
        }
    case "peer":
        // The hand-written peer (`…HandWrittenPeer`): every post's height from the seed's formulas,
        // its texts measured by the same engine, the caches emptied first — on one thread.
        let spec = try ComposedFeed.spec(count: posts, width: 375)
        let feed = ComposedFeed.posts(ComposedFeed.trees(spec))
        let engine = try layouter.textEngine()
        _ = try layouter.compute(spec, options: summary)  // the fonts loaded, as for `cold`
        for _ in 0..<repeats {
            layouter.clearCaches()
            for post in feed { checksum += try ComposedFeed.handWrittenHeight(post, engine: engine) }
        }
    case "newWidth":
        let spec = try ComposedFeed.spec(count: posts, width: 375)
        guard case .table(var wide) = spec else { fail("the feed is not a table") }
        wide.width = 414
        let specs = [spec, LayoutSpec.table(wide)]
        for s in specs { _ = try layouter.compute(s, options: summary) }
        for i in 0..<repeats { checksum += try layouter.compute(specs[i % 2], options: summary).contentSize.height }
    case "insert":
        // (A fixed number of posts to insert, whatever the repeats: making them is setting up.)
        guard repeats <= 100 else { fail("insert: at most 100 repeats") }
        let trees = ComposedFeed.trees(try ComposedFeed.spec(count: posts, width: 375))
            + ComposedFeed.trees(try ComposedFeed.spec(count: 100, width: 375, seed: 99))
        let sizer = FeedSizer(trees: trees, layout: CellLayout(textEngine: try layouter.textEngine()))
        var table = try TableViewLayout(
            configuration: TableConfiguration(style: .plain, width: 375, rowHeight: .automatic, estimatedRowHeight: 200),
            sections: [TableSection(header: .none, contents: (0..<posts).map { FeedPost(index: $0) }, height: .automatic, footer: .none)],
            sizer: sizer)
        _ = try table.layoutViewport(offset: 0, height: 667)
        for i in 0..<repeats { checksum += try insertOnce(table, post: posts + i) }
    case "mixedCold", "mixedWarm", "mixedColdNoWords", "mixedWarmNoWords":
        let mode = arguments[1]
        var configuration = TextEngine.Configuration(paragraphCacheUnits: mode.hasPrefix("mixedWarm") ? 0 : 1 << 20)
        configuration.wordCache = !mode.hasSuffix("NoWords")
        let engine = try TextEngine(fontDirectory: RepositoryPaths.fonts, configuration: configuration)
        let cold = mode.hasPrefix("mixedCold")
        for text in MixedText.workload { _ = try engine.measure(text, style: MixedText.style, width: MixedText.width) }
        for _ in 0..<repeats {
            for text in MixedText.workload {
                if cold { engine.clearCaches() }
                checksum += try engine.measure(text, style: MixedText.style, width: MixedText.width).size.height
            }
        }
    case "corpusWarm", "corpusWarmNoWords":
        var configuration = TextEngine.Configuration(paragraphCacheUnits: 0)
        configuration.wordCache = arguments[1] == "corpusWarm"
        let engine = try TextEngine(fontDirectory: RepositoryPaths.fonts, configuration: configuration)
        // Each line of the corpus: its text, font ("latin" or "cjk"), size, width and wrap.
        let lines = try String(contentsOf: RepositoryPaths.corpus, encoding: .utf8).split(separator: "\n")
        let cases = try lines.map { line -> (String, TextStyle, Double) in
            guard let row = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let text = row["text"] as? String, let size = row["size"] as? Double, let width = row["width"] as? Double
            else { fail("corpus: a line without text, size or width") }
            let style = TextStyle(font: row["font"] as? String == "cjk" ? "WenQuanYiMicroHei" : "DejaVuSans", size: size,
                                  lineBreakMode: row["wrap"] as? String == "char" ? .charWrap : .wordWrap)
            return (text, style, width)
        }
        for _ in 0..<2 { for (text, style, width) in cases { _ = try engine.size(of: text, style: style, width: width) } }
        for _ in 0..<repeats {
            for (text, style, width) in cases { checksum += try engine.size(of: text, style: style, width: width).size.height }
        }
    default:
        fail("unknown mode \(arguments[1]): cold, newWidth or insert")
    }
} catch {
    fail("FeedInstructions: \(error)")
}
print(checksum)
