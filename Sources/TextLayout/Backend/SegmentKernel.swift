internal import CTextKernels

/// The C loops that split clusters into segments (`le_count_segments`, `le_segments`,
/// Sources/CTextKernels): Swift's optimiser turns their selects into jumps on the text, which
/// mixed Chinese and Latin mispredicts about once a word; the C version keeps them selects.
enum SegmentKernel {
    /// A paragraph's per-cluster inputs (`fonts` nil for a single font): kinds as bytes (0 text,
    /// 1 space, 2 hard break), break opportunities as 0 or 1, advances and the kerning a line end
    /// takes back, in ems.
    struct Clusters {
        var count: Int
        var kinds: UnsafePointer<UInt8>
        var breakAfter: UnsafePointer<UInt8>
        var fonts: UnsafePointer<UInt8>?
        var advances: UnsafePointer<Double>
        var adjust: UnsafePointer<Double>

        fileprivate var c: le_clusters {
            le_clusters(count: count, kinds: kinds, breakAfter: breakAfter, fonts: fonts, advances: advances, adjust: adjust)
        }
    }

    /// What the loops make: segments, font runs and segments without text.
    struct Counts: Equatable {
        var segments: Int
        var runs: Int
        var stops: Int
    }

    /// How many segments and runs `segments(_:…)` will make, and at most how many stops.
    static func count(_ clusters: Clusters) -> Counts {
        let c = le_count_segments(clusters.c)
        return Counts(segments: c.segments, runs: c.runs, stops: c.stops)
    }

    /// Where the segments and font runs go: every buffer with room for one more entry than
    /// `count(_:)` says (`masks`, `runStarts` and `runFonts` are used only with fonts).
    struct Buffers {
        var ends: UnsafeMutablePointer<Int32>
        var totals: UnsafeMutablePointer<Double>
        var contents: UnsafeMutablePointer<Double>
        var flags: UnsafeMutablePointer<UInt8>
        var masks: UnsafeMutablePointer<UInt64>
        var runStarts: UnsafeMutablePointer<Int32>
        var runFonts: UnsafeMutablePointer<UInt8>

        fileprivate var c: le_segment_buffers {
            le_segment_buffers(ends: ends, totals: totals, contents: contents, flags: flags, masks: masks,
                               runStarts: runStarts, runFonts: runFonts)
        }
    }

    /// Writes the segments (their widths) and font runs. The stops are not counted here
    /// (`finish` lists them): the result's `stops` is 0.
    static func segments(_ clusters: Clusters, into out: Buffers) -> Counts {
        let c = le_segments(clusters.c, out.c)
        return Counts(segments: c.segments, runs: c.runs, stops: c.stops)
    }

    /// What `positions(_:into:)` found: `segments(_:into:)`'s counts (no stops), and whether a
    /// line's end may be searched for (see `le_segment_positions`).
    struct Positioned {
        var segments: Int
        var runs: Int
        var searchable: Bool
        var lookback: Double
    }

    /// `segments(_:into:)` with positions instead of widths, for clusters whose sums are all
    /// exact (the caller ensures it): prefix sums, the same doubles as `finish`'s running sums.
    /// The stops and the two fonts' last segments are still `finish`'s (with `positions: false`).
    static func positions(_ clusters: Clusters, into out: Buffers) -> Positioned {
        let r = le_segment_positions(clusters.c, out.c)
        return Positioned(segments: r.segments, runs: r.runs, searchable: r.searchable != 0, lookback: r.lookback)
    }

    /// What `finish` found (see `le_finish_segments`).
    struct Finish {
        var stops: Int
        var searchable: Bool
        var lookback: Double
        var fontsTracked: Bool
        var fontPair: (UInt8, UInt8)
    }

    /// The pass over the segments after `segments(_:…)`: the stops, positions (when `positions`),
    /// and two fonts' last segments over `masks` (nil: a single font).
    static func finish(count: Int, totals: UnsafeMutablePointer<Double>, contents: UnsafeMutablePointer<Double>,
                       flags: UnsafePointer<UInt8>, masks: UnsafeMutablePointer<UInt64>?, stops: UnsafeMutablePointer<Int32>,
                       positions: Bool) -> Finish {
        let f = le_finish_segments(count, totals, contents, flags, masks, stops, positions ? 1 : 0)
        return Finish(stops: f.stops, searchable: f.searchable != 0, lookback: f.lookback,
                      fontsTracked: f.fontsTracked != 0, fontPair: (f.font0, f.font1))
    }

    /// A paragraph's segments written from its words (`le_count_word_segments`, `le_word_segments`):
    /// every word one segment, sums exact. `fonts`: each of the `n` clusters' font for the runs
    /// (255 for a hard break's), nil for a single font. Returns the storage, what `finish` would
    /// have found, and the number of font runs.
    static func wordSegments(_ words: UnsafeBufferPointer<WordCache.Key>, _ summaries: UnsafePointer<WordCache.Summary>,
                             kinds: UnsafePointer<UInt8>, hardBreaks: Bool, clusters n: Int,
                             fonts: UnsafePointer<UInt8>?) -> (SegmentStorage, Finish, runs: Int) {
        let k = words.count
        // (Laid out as the C structs: `Preparer.kernelLayoutMatches`, checked by the caller.)
        let keys = UnsafeRawPointer(words.baseAddress.unsafelyUnwrapped).assumingMemoryBound(to: le_word_key.self)
        let sums = UnsafeRawPointer(summaries).assumingMemoryBound(to: le_word_summary.self)
        let counts = le_count_word_segments(n, fonts, k, keys, kinds)
        let storage = SegmentStorage.make(segments: k + 1, fonts: fonts != nil, runs: counts.runs + 1, stops: counts.stops)
        let masks = fonts == nil ? nil : UnsafeMutableRawPointer(storage.lastSeen).assumingMemoryBound(to: UInt64.self)
        let out = le_segment_buffers(ends: storage.ends, totals: storage.total, contents: storage.content, flags: storage.flags,
                                     masks: masks, runStarts: storage.runStarts, runFonts: storage.runFonts)
        let f = le_word_segments(k, keys, sums, kinds, hardBreaks ? 1 : 0, out, storage.stops, n, fonts)
        return (storage, Finish(stops: f.stops, searchable: f.searchable != 0, lookback: f.lookback,
                                fontsTracked: f.fontsTracked != 0, fontPair: (f.font0, f.font1)), counts.runs)
    }
}

/// UTF-8 to UTF-16 for `Preparer` (C: Swift's optimiser neither sums the count in byte lanes
/// nor takes eight ASCII bytes at once).
enum UTF8Kernel {
    /// How many UTF-16 code units the (valid) UTF-8 `utf8` takes.
    static func utf16Count(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = utf8.baseAddress else { return 0 }
        return le_utf16_count(base, utf8.count)
    }

    /// Writes the UTF-16 code units of valid UTF-8 into `out` (exactly `utf16Count(utf8)` long).
    static func transcode(_ utf8: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt16>) {
        guard let base = utf8.baseAddress, let target = out.baseAddress else { return }
        le_transcode(base, utf8.count, target)
    }
}

/// Prefetching: asking the processor for memory a coming computation reads, so that its cache
/// misses overlap other work instead of stalling it.
package enum Prefetch {
    /// Brings the `bytes` bytes from `address` into the cache, without waiting (nothing for 0).
    package static func range(_ address: UInt, _ bytes: Int) {
        guard let base = UnsafeRawPointer(bitPattern: address) else { return }
        le_prefetch_range(base, bytes)
    }
}
