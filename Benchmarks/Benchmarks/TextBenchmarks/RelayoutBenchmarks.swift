import Benchmark
import BenchmarkSupport
import TextLayout

/// Re-layout: a prepared paragraph laid out again at a new width (rotation, split view, a cell
/// that resizes). Arithmetic only: no shaping, no cache look-up. Each inner iteration uses another
/// width than the one before (64 widths from 280 to 343.5 pt), so nothing width-specific can help.
func registerRelayoutBenchmarks() {
    let widths = (0..<64).map { 280 + Double($0) }
    let prepared: @Sendable () throws -> PreparedText = {
        try Engines.standard.prepare(MixedText.paragraph160, style: MixedText.style)
    }

    Benchmark("Relayout.Paragraph160.Size",
              configuration: configuration("Relayout.Paragraph160.Size", scalingFactor: .kilo)) { (benchmark: Benchmark, text: PreparedText) in
        for i in benchmark.scaledIterations {
            blackHole(try text.measure(width: widths[i & 63]))
        }
    } setup: {
        try prepared()
    }

    Benchmark("Relayout.Paragraph160.Lines",
              configuration: configuration("Relayout.Paragraph160.Lines", scalingFactor: .kilo)) { (benchmark: Benchmark, text: PreparedText) in
        for i in benchmark.scaledIterations {
            blackHole(try text.layout(width: widths[i & 63]))
        }
    } setup: {
        try prepared()
    }

    // All 1,000 prepared paragraphs of the workload at a new width, size only (a table's rows
    // after a rotation); scaled per paragraph.
    Benchmark("Relayout.Mixed1000.Size.PerParagraph",
              configuration: configuration("Relayout.Mixed1000.Size.PerParagraph", scalingFactor: .kilo)) { (benchmark: Benchmark, texts: [PreparedText]) in
        let width = widths[benchmark.currentIteration & 63]
        for t in texts {
            blackHole(try t.measure(width: width))
        }
    } setup: {
        try MixedText.workload.map { try Engines.standard.prepare($0, style: MixedText.style) }
    }
}
