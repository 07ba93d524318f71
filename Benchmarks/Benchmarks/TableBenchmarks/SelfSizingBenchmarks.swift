import Benchmark
import BenchmarkSupport
import TableLayout
import TextLayout

/// 1,000 self-sizing rows of mixed Chinese/English text (1–6 lines each, `TextRows`), measured by
/// `TextCellSizer` with the text engine at each row's content width.
func registerSelfSizingBenchmarks() {
    // Cold exact layout: the engine's caches emptied (fonts stay loaded), then the table built
    // with no estimate, so every row is measured at build (TableViewLayout measures on all cores).
    // The description (1,000 `TableRow`s) is made before the clock starts.
    Benchmark("SelfSizing.Text1000.Cold",
              configuration: configuration("SelfSizing.Text1000.Cold", maxIterations: 200)) { (benchmark: Benchmark, sections: [TableSection<TextRow>]) in
        let engine = Engines.standard
        for _ in benchmark.scaledIterations {
            engine.clearCaches()
            blackHole(try TableViewLayout(configuration: TextRows.configuration(), sections: sections, sizer: TextRows.sizer))
        }
    } setup: {
        TextRows.sections(TextRows.workload)
    }

    // Re-layout at a new width: `setWidth(_:)` invalidates every self-sizing height and (no
    // estimate) measures every row again at once. The engine's prepared paragraphs are warm (the
    // table was laid out before); each iteration uses another width than the one before.
    let widths = [414.0, 375, 390, 428, 320, 393]
    Benchmark("SelfSizing.Text1000.NewWidth",
              configuration: configuration("SelfSizing.Text1000.NewWidth", maxIterations: 2_000)) { (benchmark: Benchmark, table: Box<TableViewLayout<TextRow>>) in
        for _ in benchmark.scaledIterations {
            try table.value.setWidth(widths[benchmark.currentIteration % widths.count])
            blackHole(table.value.contentSize)
        }
    } setup: {
        var table = try TableViewLayout(configuration: TextRows.configuration(), sections: TextRows.sections(TextRows.workload),
                                    sizer: TextRows.sizer)
        // Every width once, so that nothing is measured for the first time while timed, and a
        // check that the heights do depend on the width.
        var heights: Set<Double> = []
        for w in widths {
            try table.setWidth(w)
            heights.insert(table.contentSize.height)
        }
        if heights.count < 3 { fixtureFailure("SelfSizing.Text1000.NewWidth: content heights \(heights) barely depend on the width") }
        return Box(table)
    }
}
