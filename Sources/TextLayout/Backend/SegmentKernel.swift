import CTextKernels

/// The C loop that splits clusters into segments (`le_segments`, Sources/CTextKernels): Swift's
/// optimiser turns the loop's selects into jumps on the text, which mixed Chinese and Latin
/// mispredicts about once a word; the C version keeps them selects.
enum SegmentKernel {
    /// What the loop made: segments, font runs and segments without text.
    struct Counts {
        var segments: Int
        var runs: Int
        var stops: Int
    }

    /// Per-cluster inputs are the paragraph's buffers (`fonts` nil for a single font); outputs
    /// have room for one entry per cluster (`masks`, `runStarts` and `runFonts` used only with fonts).
    static func segments(count: Int, kinds: UnsafePointer<UInt8>, breakAfter: UnsafePointer<UInt8>,
                         fonts: UnsafePointer<UInt8>?, advances: UnsafePointer<Double>, adjust: UnsafePointer<Double>,
                         ends: UnsafeMutablePointer<Int32>, totals: UnsafeMutablePointer<Double>,
                         contents: UnsafeMutablePointer<Double>, flags: UnsafeMutablePointer<UInt8>,
                         masks: UnsafeMutablePointer<UInt64>, runStarts: UnsafeMutablePointer<Int32>,
                         runFonts: UnsafeMutablePointer<UInt8>) -> Counts {
        let input = le_clusters(count: count, kinds: kinds, breakAfter: breakAfter, fonts: fonts,
                                advances: advances, adjust: adjust)
        let output = le_segment_buffers(ends: ends, totals: totals, contents: contents, flags: flags,
                                        masks: masks, runStarts: runStarts, runFonts: runFonts)
        let c = le_segments(input, output)
        return Counts(segments: c.segments, runs: c.runs, stops: c.stops)
    }
}
