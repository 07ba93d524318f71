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
    mutating func buildSegments(positions: Bool) {
        let n = count
        var s = Segments()
        guard n > 0 else {
            segments = s
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: n) { isBoundary in
            fillSegments(&s, isBoundary, positions: positions)
        }
    }

    /// `buildSegments(positions:)`'s passes, with room for a flag per cluster.
    private mutating func fillSegments(_ s: inout Segments, _ isBoundary: UnsafeMutableBufferPointer<UInt8>, positions: Bool) {
        let n = count
        let kinds = UnsafeBufferPointer(self.kinds), breakAfter = UnsafeBufferPointer(self.breakAfter)
        let fonts = UnsafeBufferPointer(self.fonts)
        let advances = UnsafeBufferPointer(self.advances), adjust = UnsafeBufferPointer(self.breakAdjust)
        let multiFont = !singleFont
        // Pass 1, without branches (the break pattern of mixed text defeats prediction): which
        // clusters end a segment, how many segments and how many font runs there are.
        var segmentCount = 0, runCount = 0, stopCount = 0
        var seenText = 0  // whether the segment being read has a cluster of text so far
        let newline = Kind.newline.rawValue, text = Kind.text.rawValue
        var last: UInt16 = 0xFFFF
        for i in 0..<n {
            let here = kinds[i].rawValue == newline ? 1 : 0
            let next = i + 1 < n ? (kinds[i + 1].rawValue == newline ? 1 : 0) : 1
            let b = UInt8(truncatingIfNeeded: (breakAfter[i] ? 1 : 0) | here | next)
            isBoundary[i] = b
            segmentCount += Int(b)
            seenText |= kinds[i].rawValue == text ? 1 : 0
            stopCount += Int(b) & (seenText ^ 1)  // a segment without text: content +∞
            seenText &= Int(b) ^ 1
            let run = here != 0 ? UInt16(Self.noFont) : UInt16(fonts[i])
            runCount += run != last ? 1 : 0
            last = run
        }
        if !multiFont { runCount = 0 }
        let storage = SegmentStorage(segments: segmentCount, fonts: multiFont, runs: runCount, stops: stopCount)
        s.storage = storage
        let ends = UnsafeMutableBufferPointer(start: storage.ends, count: segmentCount)
        let totals = UnsafeMutableBufferPointer(start: storage.total, count: segmentCount)
        let contents = UnsafeMutableBufferPointer(start: storage.content, count: segmentCount)
        let flagsOut = UnsafeMutableBufferPointer(start: storage.flags, count: segmentCount)
        let lastSeen = UnsafeMutableBufferPointer(start: storage.lastSeen, count: multiFont ? 2 * segmentCount : 0)
        let stops = UnsafeMutableBufferPointer(start: storage.stops, count: stopCount)
        let runStarts = UnsafeMutableBufferPointer(start: storage.runStarts, count: runCount)
        let runFonts = UnsafeMutableBufferPointer(start: storage.runFonts, count: runCount)

        // Pass 2: the segments' sums, their fonts, the font runs, and whether the sums are exact.
        var k = 0, r = 0, stop = 0
        var total = 0.0, content = 0.0, flags: UInt8 = 0, mask: UInt64 = 0
        // Two fonts' last segments (`Segments.lastSeen`); a third font turns the tracking off.
        var pair: (UInt64, UInt64) = (0, 0), seen: (Int32, Int32) = (-1, -1), pairFull = false
        var exact = true, magnitude = 0.0
        // Known exact (`fixedPoint`, and few enough clusters that no sum reaches 2³⁶): no check.
        let check = positions && !(fixedPoint && n < 1 << 15)
        var lastFont: UInt16 = 0xFFFF
        for i in 0..<n {
            let advance = advances[i]
            total += advance
            let kind = kinds[i]
            switch kind {
            case .text:
                content = total
                flags |= Segments.hasText
            case .space:
                break
            case .newline:
                flags |= Segments.newline
            }
            if check {
                exact = exact && Self.isFixedPoint(advance) && Self.isFixedPoint(adjust[i])
                magnitude += Swift.abs(advance) + Swift.abs(adjust[i])
            }
            if multiFont {
                let f = fonts[i]
                if kind != .newline && f < 64 { mask |= 1 << UInt64(f) }
                let run = kind == .newline ? Self.noFont : f
                if UInt16(run) != lastFont {
                    runStarts[r] = Int32(i)
                    runFonts[r] = run
                    r += 1
                    lastFont = UInt16(run)
                }
            }
            guard isBoundary[i] != 0 else { continue }
            // A segment that ends with a visible cluster ends a line right after it when it is
            // the last on the line: its kerning with what follows is taken back.
            if kind == .text { content += adjust[i] }
            if flags & Segments.hasText == 0 {
                content = .infinity
                stops[stop] = Int32(k)
                stop += 1
            }
            ends[k] = Int32(i + 1)
            totals[k] = total
            contents[k] = content
            flagsOut[k] = flags
            if multiFont {
                if mask & ~(pair.0 | pair.1) != 0 {  // a font not seen before
                    var rest = mask & ~(pair.0 | pair.1)
                    while rest != 0 {
                        let bit = rest & (0 &- rest)
                        rest &= rest - 1
                        if pair.0 == 0 { pair.0 = bit } else if pair.1 == 0 { pair.1 = bit } else { pairFull = true }
                    }
                }
                if mask & pair.0 != 0 { seen.0 = Int32(k) }
                if mask & pair.1 != 0 { seen.1 = Int32(k) }
                lastSeen[2 * k] = seen.0
                lastSeen[2 * k + 1] = seen.1
            }
            k += 1
            total = 0
            content = 0
            flags = 0
            mask = 0
        }
        s.ends = ends
        s.total = totals
        s.content = contents
        s.flags = flagsOut
        s.stops = stops
        if multiFont && !pairFull {
            s.lastSeen = lastSeen
            s.fontPair = (UInt8(pair.0.trailingZeroBitCount & 63), UInt8(pair.1.trailingZeroBitCount & 63))
        }
        // Pass 3 (over segments): positions instead of widths when every sum is exact; and
        // whether a line's end may be found by binary search (`searchable`, `lookback`).
        if positions && exact && magnitude < 0x1p36 {
            var position = 0.0
            var reach = -Double.infinity, lookback = -Double.infinity, monotone = true
            for k in 0..<segmentCount {
                let start = position
                position += totals[k]
                totals[k] = start
                lookback = Swift.max(lookback, reach - start)  // exact: both fixed point
                if contents[k] != .infinity {
                    let c = contents[k] + start
                    contents[k] = c
                    monotone = monotone && c >= reach
                    reach = c
                }
            }
            s.absolute = true
            s.searchable = monotone
            s.lookback = lookback
        }
        segments = s
        fontRunStarts = runStarts
        fontRunFonts = runFonts
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

/// The memory of a paragraph's segments and font runs, in one allocation freed with them.
final class SegmentStorage: @unchecked Sendable {
    let byteCount: Int
    private let base: UnsafeMutableRawPointer
    let total: UnsafeMutablePointer<Double>
    let content: UnsafeMutablePointer<Double>
    let ends: UnsafeMutablePointer<Int32>
    let lastSeen: UnsafeMutablePointer<Int32>
    let runStarts: UnsafeMutablePointer<Int32>
    let stops: UnsafeMutablePointer<Int32>
    let flags: UnsafeMutablePointer<UInt8>
    let runFonts: UnsafeMutablePointer<UInt8>

    /// Room for `segments` segments (with two fonts' last segments if `fonts`), `runs` font
    /// runs and `stops` segments of content +∞.
    init(segments: Int, fonts: Bool, runs: Int, stops: Int) {
        let m = Swift.max(segments, 1), r = Swift.max(runs, 1), q = Swift.max(stops, 1)
        let f = fonts ? 2 * m : 0
        let eights = 8 * 2 * m, fours = 4 * (m + f + r + q), ones = m + r
        byteCount = eights + fours + ones
        base = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 16)
        total = base.bindMemory(to: Double.self, capacity: m)
        content = (base + 8 * m).bindMemory(to: Double.self, capacity: m)
        ends = (base + eights).bindMemory(to: Int32.self, capacity: m)
        lastSeen = (base + eights + 4 * m).bindMemory(to: Int32.self, capacity: f)
        runStarts = (base + eights + 4 * (m + f)).bindMemory(to: Int32.self, capacity: r)
        self.stops = (base + eights + 4 * (m + f + r)).bindMemory(to: Int32.self, capacity: q)
        flags = (base + eights + fours).bindMemory(to: UInt8.self, capacity: m)
        runFonts = (base + eights + fours + m).bindMemory(to: UInt8.self, capacity: r)
    }

    deinit { base.deallocate() }
}
