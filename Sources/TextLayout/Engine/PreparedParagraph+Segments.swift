/// Segments: the text between two line-break opportunities (a word with its trailing spaces,
/// an ideograph, a hard break), with the sums the line breaker needs, so that laying out a
/// paragraph costs one step per word rather than one per character.
extension PreparedParagraph {
    /// Per segment: its end (cluster index, exclusive), its width with everything (ems), its
    /// width if a line ends right after it (no trailing spaces, kerning into the next taken
    /// back), and what it is.
    ///
    /// When `absolute` is set, `total` and `content` hold positions from the paragraph's start
    /// instead of widths: `total[k]` where segment k starts, `content[k]` where a line ending
    /// after it ends (`total[k]` + its content width). A line from segment k to i is then
    /// `content[i] − total[k]` wide, with no running sum (whose add-to-add latency bounds the
    /// line breaker's loop). This is only done when every sum is exact (see
    /// `sumsAreExact`), so both forms give the same widths to the last bit.
    struct Segments: @unchecked Sendable {
        /// Owns the memory of the buffers below (and of the paragraph's font runs).
        var storage: SegmentStorage?
        var ends = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
        /// The segment's width with its trailing spaces; with `absolute`, where it starts.
        var total = UnsafeMutableBufferPointer<Double>(start: nil, count: 0)
        /// The width if a line ends right after the segment, for a segment with text (with
        /// `absolute`, the position where that line ends); +∞ for a hard break or a segment of
        /// spaces only (rare: they only start a paragraph), so that the line breaker's inner
        /// loop stops at them and reads no flags.
        var content = UnsafeMutableBufferPointer<Double>(start: nil, count: 0)
        var flags = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
        /// The fonts of a run of segments, for a paragraph that uses two fonts: per segment, the
        /// last segment at or before it that uses `fontPair.0`, then the same for `fontPair.1`
        /// (−1: none yet). Empty for a single font and for three or more fonts (a line's fonts
        /// are then found from the font runs). See `fonts(from:through:)`.
        var lastSeen = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
        var fontPair: (UInt8, UInt8) = (0, 0)
        /// For a paragraph of three fonts or more: each segment's fonts as a 64-bit mask (bit f =
        /// font f; fonts past 63 are not tracked), 8 bytes per segment in the paragraph's storage
        /// (where `lastSeen` would be). A line's fonts are the union over its segments. Nil: not kept.
        var fontMasks: UnsafeRawPointer?
        /// The segments whose content is +∞ (hard breaks, segments of spaces only), in order.
        var stops = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
        /// Whether `total` and `content` are positions rather than widths (see above).
        var absolute = false
        /// Positions only: whether the finite `content` values never decrease, so that the line
        /// breaker may find where a line ends by binary search (see `lookback`).
        var searchable = false
        /// With `searchable`: the most a line starting at segment k reaches back, max over k of
        /// (the content position of the last segment with text before k) − `total[k]`; at most
        /// about a kerning value, usually ≤ 0. A binary search from k is exact when the available
        /// width is at least this: nothing before k can then look like an overflow.
        var lookback = -Double.infinity

        static let hasText: UInt8 = 1
        static let newline: UInt8 = 2

        var count: Int { ends.count }
    }

    /// Fills `segments` from the clusters (after advances are known).
    mutating func buildSegments() {
        buildSegments(positions: true)
    }

    /// `buildSegments()`; `positions: false` keeps widths even when positions would be exact
    /// (tests compare both forms).
    ///
    /// Passes in C (`SegmentKernel`) without a branch on where segments end — the break pattern
    /// of mixed text defeats prediction —: one counts, one writes straight into the paragraph's
    /// storage, one over the segments turns widths into positions when every sum is exact, lists
    /// the stops and tracks two fonts.
    mutating func buildSegments(positions: Bool) {
        let n = count
        var s = Segments()
        guard n > 0 else {
            segments = s
            return
        }
        let advances = UnsafeBufferPointer(self.advances), adjust = UnsafeBufferPointer(self.breakAdjust)
        let multiFont = !singleFont
        // Positions when every sum is exact: known (`fixedPoint`, and few enough clusters that no
        // sum reaches 2³⁶), or checked.
        let usePositions = positions && (inexactPositions || (fixedPoint && n < 1 << 15) || Self.sumsAreExact(self.advances, self.breakAdjust))
        assert(Kind.text.rawValue == 0 && Kind.space.rawValue == 1 && Kind.newline.rawValue == 2)
        let clusters = SegmentKernel.Clusters(
            count: n, kinds: UnsafeRawPointer(kinds.baseAddress!).assumingMemoryBound(to: UInt8.self),
            breakAfter: UnsafeRawPointer(breakAfter.baseAddress!).assumingMemoryBound(to: UInt8.self),
            fonts: multiFont ? UnsafePointer(fonts.baseAddress!) : nil, advances: advances.baseAddress!,
            adjust: adjust.baseAddress!)
        let counted = SegmentKernel.count(clusters)
        let k = counted.segments, r = counted.runs
        // One segment and one run more: the loop writes the next before it knows it is kept. The
        // font masks go where the two fonts' last segments will be (8 bytes per segment either way).
        let storage = SegmentStorage.make(segments: k + 1, fonts: multiFont, runs: r + 1, stops: counted.stops)
        // (Written as 64-bit masks by the C kernels; on this side the memory stays bound to
        // `Int32`, the pairs it holds when two fonts are tracked, and the masks kept for three
        // fonts or more are read with raw loads.)
        let masks = UnsafeMutableRawPointer(storage.lastSeen).assumingMemoryBound(to: UInt64.self)
        // Sums known to be exact: positions straight from prefix sums (fonts in a pass of their
        // own, then the flags and search answers per segment). Otherwise widths, turned into
        // positions by `finish` if asked.
        let prefixed = positions && fixedPoint && n < 1 << 15
        let out = SegmentKernel.Buffers(ends: storage.ends, totals: storage.total, contents: storage.content, flags: storage.flags,
                                        masks: masks, runStarts: storage.runStarts, runFonts: storage.runFonts)
        var positioned: SegmentKernel.Positioned? = nil
        if prefixed {
            positioned = SegmentKernel.positions(clusters, into: out)
            assert(positioned?.segments == k && positioned?.runs == r)
        } else {
            let made = SegmentKernel.segments(clusters, into: out)
            assert(made.segments == k && made.runs == r)
        }
        // Per segment: the stops; positions instead of widths when every sum is exact, and whether
        // a line's end may be found by search (`searchable`, `lookback`); two fonts' last segments
        // (`Segments.lastSeen`, written over the masks) — or, with three fonts or more, the
        // masks kept as they are (`Segments.fontMasks`).
        let finished = SegmentKernel.finish(count: k, totals: storage.total, contents: storage.content, flags: storage.flags,
                                            masks: multiFont ? masks : nil, stops: storage.stops,
                                            positions: usePositions && !prefixed)
        s.take(storage, count: k, finished: finished, multiFont: multiFont)
        if let positioned {
            s.absolute = true
            s.searchable = positioned.searchable
            s.lookback = positioned.lookback
        } else if usePositions {
            s.absolute = true
            s.searchable = finished.searchable
            s.lookback = finished.lookback
        }
        segments = s
        fontRunStarts = UnsafeMutableBufferPointer(start: storage.runStarts, count: r)
        fontRunFonts = UnsafeMutableBufferPointer(start: storage.runFonts, count: r)
    }

    /// Whether every sum and difference of these values is exact in `Double`: each a multiple
    /// of 2⁻¹⁶ below 2²⁰ in magnitude, and all of them together below 2³⁶, so that any partial
    /// sum needs at most 52 significant bits. Advances from a font with a power-of-two units per
    /// em (2048 for DejaVu Sans and WenQuanYi Micro Hei, and most TrueType fonts) are such
    /// values; 1000 units per em (most CFF fonts) are not, and keep the running sums.
    static func sumsAreExact(_ a: UnsafeMutableBufferPointer<Double>, _ b: UnsafeMutableBufferPointer<Double>) -> Bool {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                var magnitude = 0.0
                var exact = true
                for i in 0..<Swift.min(a.count, b.count) {
                    let x = a[i], y = b[i]
                    exact = exact && isFixedPoint(x) && isFixedPoint(y)
                    magnitude += Swift.abs(x) + Swift.abs(y)
                }
                return exact && a.count == b.count && magnitude < 0x1p36
            }
        }
    }

    /// Whether `v` is a multiple of 2⁻¹⁶ below 2²⁰ in magnitude (false for NaN and ±∞).
    @inline(__always)
    static func isFixedPoint(_ v: Double) -> Bool {
        guard Swift.abs(v) < 0x1p20 else { return false }
        let scaled = v * 0x1p16  // exact: a power of two; below 2³⁶
        // Adding and taking back 1.5 × 2⁵² rounds to an integer (the spacing of doubles there is 1).
        return (scaled + 0x1.8p52) - 0x1.8p52 == scaled
    }

    /// The fonts used by clusters `start ..< end`, as a bit mask (bit f = font f; fonts past 63
    /// are not tracked), from the font runs: O(log runs + runs on the line).
    func fontMask(_ start: Int, _ end: Int) -> UInt64 {
        guard !fontRunStarts.isEmpty, start < end else { return 0 }
        var lo = 0, hi = fontRunStarts.count - 1
        while lo < hi {  // the last run starting at or before `start`
            let mid = (lo + hi + 1) / 2
            if Int(fontRunStarts[mid]) <= start { lo = mid } else { hi = mid - 1 }
        }
        var mask: UInt64 = 0
        var k = lo
        while k < fontRunStarts.count && Int(fontRunStarts[k]) < end {
            let f = fontRunFonts[k]
            if f != Self.noFont && f < 64 { mask |= 1 << UInt64(f) }
            k += 1
        }
        return mask
    }

}

extension PreparedParagraph.Segments {
    /// Points the segments at `storage`'s first `count` segments, once `finished` (what
    /// `SegmentKernel.finish` found over them) says how many stops there are and whether two
    /// fonts' last segments were written over the font masks (`lastSeen`) or the masks are kept
    /// (three fonts or more). Positions and search answers are the caller's.
    mutating func take(_ storage: SegmentStorage, count k: Int, finished: SegmentKernel.Finish, multiFont: Bool) {
        self.storage = storage
        ends = UnsafeMutableBufferPointer(start: storage.ends, count: k)
        flags = UnsafeMutableBufferPointer(start: storage.flags, count: k)
        total = UnsafeMutableBufferPointer(start: storage.total, count: k)
        content = UnsafeMutableBufferPointer(start: storage.content, count: k)
        stops = UnsafeMutableBufferPointer(start: storage.stops, count: finished.stops)
        if multiFont && finished.fontsTracked {
            lastSeen = UnsafeMutableBufferPointer(start: storage.lastSeen, count: 2 * k)
            fontPair = finished.fontPair
        } else if multiFont {
            fontMasks = UnsafeRawPointer(storage.lastSeen)
        }
    }
}

/// The memory of a paragraph's segments and font runs, in one allocation freed with them.
/// (Not `Sendable` itself, as no `ManagedBuffer` is: its holder is — `PreparedParagraph`, whose
/// buffers are written while it is built and only read once it is shared.)
final class SegmentStorage: ManagedBuffer<SegmentStorage.Layout, UInt64> {
    /// Where each array lives in the object's tail.
    struct Layout {
        let byteCount: Int
        let total: UnsafeMutablePointer<Double>
        let content: UnsafeMutablePointer<Double>
        let ends: UnsafeMutablePointer<Int32>
        let lastSeen: UnsafeMutablePointer<Int32>
        let runStarts: UnsafeMutablePointer<Int32>
        let stops: UnsafeMutablePointer<Int32>
        let flags: UnsafeMutablePointer<UInt8>
        let runFonts: UnsafeMutablePointer<UInt8>
    }

    /// Room for `segments` segments (with two fonts' last segments if `fonts`), `runs` font
    /// runs and `stops` segments of content +∞ (and one more, written and not kept), in the
    /// object itself: one allocation.
    static func make(segments: Int, fonts: Bool, runs: Int, stops: Int) -> SegmentStorage {
        let m = Swift.max(segments, 1), r = Swift.max(runs, 1), q = stops + 1
        let f = fonts ? 2 * m : 0
        // 8-byte values first (`lastSeen` is 8-aligned too: it holds 64-bit font masks while
        // the segments are built), then 4-byte ones, then bytes.
        let eights = 8 * 2 * m + 4 * f, fours = 4 * (m + r + q), ones = m + r
        let byteCount = eights + fours + ones
        let made = create(minimumCapacity: (byteCount + 7) / 8) { buffer in
            buffer.withUnsafeMutablePointerToElements { elements in
                let base = UnsafeMutableRawPointer(elements)
                return Layout(byteCount: byteCount,
                              total: base.bindMemory(to: Double.self, capacity: m),
                              content: (base + 8 * m).bindMemory(to: Double.self, capacity: m),
                              ends: (base + eights).bindMemory(to: Int32.self, capacity: m),
                              lastSeen: (base + 16 * m).bindMemory(to: Int32.self, capacity: f),
                              runStarts: (base + eights + 4 * m).bindMemory(to: Int32.self, capacity: r),
                              stops: (base + eights + 4 * (m + r)).bindMemory(to: Int32.self, capacity: q),
                              flags: (base + eights + fours).bindMemory(to: UInt8.self, capacity: m),
                              runFonts: (base + eights + fours + m).bindMemory(to: UInt8.self, capacity: r))
            }
        }
        return unsafeDowncast(made, to: SegmentStorage.self)
    }

    var byteCount: Int { header.byteCount }
    /// The block every array lives in.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: UnsafeRawPointer(header.total), count: header.byteCount) }
    var total: UnsafeMutablePointer<Double> { header.total }
    var content: UnsafeMutablePointer<Double> { header.content }
    var ends: UnsafeMutablePointer<Int32> { header.ends }
    var lastSeen: UnsafeMutablePointer<Int32> { header.lastSeen }
    var runStarts: UnsafeMutablePointer<Int32> { header.runStarts }
    var stops: UnsafeMutablePointer<Int32> { header.stops }
    var flags: UnsafeMutablePointer<UInt8> { header.flags }
    var runFonts: UnsafeMutablePointer<UInt8> { header.runFonts }
}
