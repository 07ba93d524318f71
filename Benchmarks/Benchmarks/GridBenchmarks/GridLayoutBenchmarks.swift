import Benchmark
import BenchmarkSupport
import FlowLayout
import LayoutGeometry

/// 100,000 items of varied sizes (`Items`): the full layout, and the items in a screenful.
func registerGridBenchmarks() {
    // `BasicFlowLayout(configuration:sizes:)`: every item placed; the sizes array is made before.
    Benchmark("Items100K.Layout",
              configuration: configuration("Items100K.Layout", metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
                                           maxIterations: 500, setup: { _ = Items.sizes })) { _ in
        blackHole(Items.layout())
    }

    // `indexPathsForItems(in:)` for 1,024 screenfuls at pseudo-random offsets in turn, 1,000 per
    // outer iteration (about 24 items each).
    Benchmark("Items100K.ItemsInRect",
              configuration: configuration("Items100K.ItemsInRect", scalingFactor: .kilo)) { (benchmark: Benchmark, fixture: (BasicFlowLayout, [Rect])) in
        let (layout, screens) = fixture
        var k = benchmark.currentIteration &* 1_000
        for _ in benchmark.scaledIterations {
            blackHole(layout.indexPathsForItems(in: screens[k & 1_023]))
            k &+= 1
        }
    } setup: {
        let layout = Items.layout()
        return (layout, Items.screens(contentHeight: layout.contentSize.height))
    }
}

/// 1,000 self-sizing text cards (`TextCards`): cold = the engine's caches emptied, the layout
/// built at the estimates, then every item measured (`measureAll()`) and the lines re-filled.
func registerSelfSizingBenchmarks() {
    Benchmark("SelfSizing.Text1000.Cold",
              configuration: configuration("SelfSizing.Text1000.Cold", maxIterations: 200)) { (benchmark: Benchmark, sections: [FlowSection<String>]) in
        Engines.standard.clearCaches()
        var layout = try CollectionFlowLayout(configuration: TextCards.configuration, sections: sections, sizer: TextCards.sizer)
        layout.measureAll()
        blackHole(layout.contentSize)
    } setup: {
        let sections = TextCards.sections
        var layout = try CollectionFlowLayout(configuration: TextCards.configuration, sections: sections, sizer: TextCards.sizer)
        layout.measureAll()
        let heights = Set((0..<1_000).compactMap { layout.frameForItem(at: IndexPath(item: $0, section: 0))?.height })
        if !layout.warnings.isEmpty || heights.count < 4 {
            fixtureFailure("SelfSizing.Text1000.Cold: \(layout.warnings.count) warnings, \(heights.count) distinct heights")
        }
        return sections
    }
}
