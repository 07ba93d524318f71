import Benchmark
import BenchmarkSupport
import TextLayout

/// Cold measurement: `clearCaches()` before every paragraph, so nothing is cached (fonts stay
/// loaded). The clearing is inside the timed loop; `Cold.ClearCachesOnly` measures what it costs
/// on its own (an upper bound on the overhead, since the caches it empties are nearly empty).
func registerColdBenchmarks() {
    let p160 = TextCase(id: "p160", text: MixedText.paragraph160, style: MixedText.style, width: MixedText.width)
    let mixed = MixedText.workload.enumerated().map {
        TextCase(id: "mixed-\($0.offset)", text: $0.element, style: MixedText.style, width: MixedText.width)
    }

    // Per inner iteration: clear the caches, then measure the 160-character paragraph (all lines).
    Benchmark("Cold.Paragraph160.Lines",
              configuration: configuration("Cold.Paragraph160.Lines", scalingFactor: .kilo,
                                           setup: { _ = Engines.standard })) { benchmark in
        let engine = Engines.standard
        for _ in benchmark.scaledIterations {
            engine.clearCaches()
            blackHole(try layOut(engine, p160))
        }
    }

    // The same, size only (no line strings): what a table row asks for.
    Benchmark("Cold.Paragraph160.Size",
              configuration: configuration("Cold.Paragraph160.Size", scalingFactor: .kilo,
                                           setup: { _ = Engines.standard })) { benchmark in
        let engine = Engines.standard
        for _ in benchmark.scaledIterations {
            engine.clearCaches()
            blackHole(try engine.size(of: p160.text, style: p160.style, width: p160.width))
        }
    }

    // What the clearing alone costs.
    Benchmark("Cold.ClearCachesOnly",
              configuration: configuration("Cold.ClearCachesOnly", scalingFactor: .kilo,
                                           setup: { _ = Engines.standard })) { benchmark in
        let engine = Engines.standard
        for _ in benchmark.scaledIterations {
            engine.clearCaches()
        }
    }

    // The 1,000-paragraph mixed workload, each paragraph cold; scaled per paragraph.
    Benchmark("Cold.Mixed1000.PerParagraph",
              configuration: configuration("Cold.Mixed1000.PerParagraph", scalingFactor: .kilo,
                                           setup: { _ = Engines.standard })) { benchmark in
        let engine = Engines.standard
        for c in mixed {
            engine.clearCaches()
            blackHole(try layOut(engine, c))
        }
    }

    // New text, known words: the shape cache is warm (the workload's vocabulary), there is no
    // prepared-paragraph cache, so every paragraph is segmented, broken and assembled again.
    Benchmark("WarmShapes.Mixed1000.PerParagraph",
              configuration: configuration("WarmShapes.Mixed1000.PerParagraph", scalingFactor: .kilo,
                                           setup: { _ = Engines.withoutParagraphCache })) { benchmark in
        let engine = Engines.withoutParagraphCache
        for c in mixed {
            blackHole(try layOut(engine, c))
        }
    }

    Benchmark("WarmShapes.Paragraph160.Lines",
              configuration: configuration("WarmShapes.Paragraph160.Lines", scalingFactor: .kilo,
                                           setup: { _ = Engines.withoutParagraphCache })) { benchmark in
        let engine = Engines.withoutParagraphCache
        for _ in benchmark.scaledIterations {
            blackHole(try layOut(engine, p160))
        }
    }
}
