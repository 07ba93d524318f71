/// The width-dependent half of text layout: greedy line breaking over a `PreparedParagraph`,
/// with arithmetic only (no shaping, no allocation beyond the output).
///
/// Rules (docs/CONTRACT.md, "Line breaking"):
/// - `word`: break at the last UAX #14 opportunity that fits; a word wider than the line moves
///   to a fresh line and then breaks between grapheme clusters (CSS `overflow-wrap: anywhere`).
/// - `char`: break between any two grapheme clusters (CSS `line-break: anywhere`).
/// - Hard breaks end their line; a text ending with one gets an empty last line.
/// - White space at a line end hangs: it never wraps and never counts in the width.
/// - At least one cluster goes on each line, so layout always makes progress.
///
/// Widths: a cluster's advance includes its kerning with the next cluster; when a line ends right
/// after it, that kerning is taken back (`breakAdjust`), as an engine that reshapes the line's end
/// does. Spaces that follow on the same line keep it.
struct LineBreaker {
    /// One line: clusters `start ..< end`, its width without trailing spaces (ems), and whether a
    /// hard break ends it.
    struct Span: Equatable, Sendable {
        var start: Int
        var end: Int
        var width: Double
        var hardBreak: Bool
        /// The fonts on the line as a bit mask, when the word-level path knows them (paragraphs of
        /// two fonts: `Segments.lastSeen`); 0 = not known (the layouter finds them from the font runs).
        var fonts: UInt64 = 0

        static func == (a: Span, b: Span) -> Bool {
            a.start == b.start && a.end == b.end && a.width == b.width && a.hardBreak == b.hardBreak
        }
    }

    /// A line fits when its width is at most the available width plus this tolerance (points).
    /// It absorbs floating-point noise in sums of advances, never a real overflow: 1/256 pt.
    /// (It was 1/64 pt, Chromium's LayoutUnit; the real-world corpus has a line 0.0068 pt too wide
    /// that Chromium and Pango both break, and the plain oracle corpus agrees at 1/256 as it did.)
    static let tolerance = 1.0 / 256

    let box: PreparedBox
    /// Available width in ems (`.infinity` for unlimited).
    let maxWidth: Double
    /// Break anywhere (char mode) rather than at UAX #14 opportunities.
    let anywhere: Bool

    /// A breaker for a paragraph that is not shared yet (tests build them by hand).
    init(_ paragraph: PreparedParagraph, width: Double?, size: Double, anywhere: Bool) {
        self.init(PreparedBox(paragraph), width: width, size: size, anywhere: anywhere)
    }

    init(_ box: PreparedBox, width: Double?, size: Double, anywhere: Bool) {
        self.box = box
        maxWidth = LineBreaker.maxWidth(width, size: size)
        self.anywhere = anywhere
    }

    /// The available width in ems for `width` points (nil or ≤ 0 = unlimited: `.infinity`).
    @inline(__always)
    static func maxWidth(_ width: Double?, size: Double) -> Double {
        if let width, width > 0 { return (width + LineBreaker.tolerance) / size }
        return .infinity
    }

    /// Calls `body` with each line until the text ends or `limit` lines were made (0 = no limit);
    /// returns whether text is left after the last line given. A text ending with a hard break
    /// gets an empty last line (start = end = count). Allocates nothing.
    @inline(__always)
    func forEachLine(limit: Int = 0, _ body: (Span) -> Void) -> Bool {
        box.paragraph.forEachLine(maxWidth: maxWidth, anywhere: anywhere, limit: limit, body)
    }

    /// All lines (up to `limit`, 0 = no limit), and whether any text is left after them.
    func lines(limit: Int = 0) -> (spans: [Span], more: Bool) {
        var spans: [Span] = []
        spans.reserveCapacity(Swift.min(box.paragraph.count + 1, 16))  // most paragraphs: one allocation
        let more = forEachLine(limit: limit) { spans.append($0) }
        return (spans, more)
    }
}

extension PreparedParagraph {
    /// `LineBreaker.forEachLine` over this paragraph, read in place.
    @inline(__always)
    func forEachLine(maxWidth: Double, anywhere: Bool, limit: Int,
                     _ body: (LineBreaker.Span) -> Void) -> Bool {
        let view = LineBreaker.View(advances: UnsafeBufferPointer(advances), adjust: UnsafeBufferPointer(breakAdjust),
                                    kinds: UnsafeBufferPointer(kinds), breakAfter: UnsafeBufferPointer(breakAfter),
                                    segments: segments, maxWidth: maxWidth, anywhere: anywhere)
        return view.forEachLine(limit: limit, body)
    }
}

extension LineBreaker {
    /// The paragraph's arrays as raw buffers for the duration of one layout: no reference
    /// counting and no bounds checks in the loops below.
    fileprivate struct View {
        let advances: UnsafeBufferPointer<Double>
        let adjust: UnsafeBufferPointer<Double>
        let kinds: UnsafeBufferPointer<PreparedParagraph.Kind>
        let breakAfter: UnsafeBufferPointer<Bool>
        let segEnds: UnsafeBufferPointer<Int32>
        let segTotal: UnsafeBufferPointer<Double>
        let segContent: UnsafeBufferPointer<Double>
        let segFlags: UnsafeBufferPointer<UInt8>
        /// `Segments.lastSeen` (empty: a line's fonts are not tracked) and its two fonts' bits.
        let lastSeen: UnsafeBufferPointer<Int32>
        let fontBits: (UInt64, UInt64)
        /// `Segments.fontMasks` (nil: not kept).
        let fontMasks: UnsafeRawPointer?
        /// `Segments.stops`.
        let stops: UnsafeBufferPointer<Int32>
        /// `segTotal` and `segContent` are positions, not widths (`Segments.absolute`).
        let absolute: Bool
        /// Lines end where a binary search says (`Segments.searchable`, and a width of at least
        /// `Segments.lookback`).
        let search: Bool
        let maxWidth: Double
        let anywhere: Bool

        init(advances: UnsafeBufferPointer<Double>, adjust: UnsafeBufferPointer<Double>,
             kinds: UnsafeBufferPointer<PreparedParagraph.Kind>, breakAfter: UnsafeBufferPointer<Bool>,
             segments: PreparedParagraph.Segments, maxWidth: Double, anywhere: Bool) {
            self.advances = advances
            self.adjust = adjust
            self.kinds = kinds
            self.breakAfter = breakAfter
            segEnds = UnsafeBufferPointer(segments.ends)
            segTotal = UnsafeBufferPointer(segments.total)
            segContent = UnsafeBufferPointer(segments.content)
            segFlags = UnsafeBufferPointer(segments.flags)
            lastSeen = UnsafeBufferPointer(segments.lastSeen)
            fontBits = (1 << UInt64(segments.fontPair.0), 1 << UInt64(segments.fontPair.1))
            fontMasks = segments.fontMasks
            stops = UnsafeBufferPointer(segments.stops)
            absolute = segments.absolute
            search = segments.searchable && maxWidth >= segments.lookback
            self.maxWidth = maxWidth
            self.anywhere = anywhere
        }

        var count: Int { advances.count }

        func forEachLine(limit: Int, _ body: (Span) -> Void) -> Bool {
            let n = count
            var made = 0
            var i = 0
            var segment: Int? = anywhere ? nil : 0
            var lastHard = false
            var cursor = Cursor()
            while i < n {
                if limit > 0 && made == limit { return true }
                let s: Span
                if let k = segment {
                    (s, segment) = search ? line(searchingFrom: k, cursor: &cursor) : line(fromSegment: k)
                } else {
                    s = line(from: i)
                    if !anywhere && s.end < n {
                        let k = self.segment(containing: s.end)
                        segment = (k == 0 ? 0 : Int(segEnds[k - 1])) == s.end ? k : nil
                    }
                }
                body(s)
                made += 1
                lastHard = s.hardBreak
                i = s.end
            }
            if lastHard {
                if limit > 0 && made == limit { return false }
                body(Span(start: n, end: n, width: 0, hardBreak: false))
            }
            return false
        }

        /// The fonts of segments `k ... last` (0 = not tracked): O(1) from `lastSeen`, or the union of `fontMasks`.
        @inline(__always)
        func fonts(_ k: Int, _ last: Int) -> UInt64 {
            if let fontMasks {
                var mask: UInt64 = 0
                for j in k...last { mask |= fontMasks.load(fromByteOffset: j &* 8, as: UInt64.self) }
                return mask
            }
            guard !lastSeen.isEmpty else { return 0 }
            let a = Int(lastSeen[2 * last]), b = Int(lastSeen[2 * last + 1])
            return (a >= k ? fontBits.0 : 0) | (b >= k ? fontBits.1 : 0)
        }

        /// The line starting at segment `k` (word mode): one step per segment; a segment that
        /// does not fit on an empty line falls back to `line(from:)`, which breaks it between
        /// clusters. Returns the line and the segment the next line starts at (nil when it
        /// starts inside one).
        ///
        /// The inner loop reads no flags: a hard break or a segment of spaces has content +∞
        /// (see `Segments`), so it stops the loop like a segment that overflows, and is told
        /// apart from one after it. With positions (`absolute`) the loop carries no running sum.
        @inline(__always)
        func line(fromSegment k: Int) -> (Span, Int?) {
            absolute ? line(fromSegment: k, absolute: true) : line(fromSegment: k, absolute: false)
        }

        @inline(__always)
        private func line(fromSegment k: Int, absolute: Bool) -> (Span, Int?) {
            let start = k == 0 ? 0 : Int(segEnds[k - 1])
            // An unlimited width is the largest finite one: no finite width exceeds either, and
            // the +∞ of a hard break or of spaces still stops the loop.
            let limit = maxWidth < .infinity ? maxWidth : .greatestFiniteMagnitude
            // Widths: x is the running width before segment i. Positions: x is where the line
            // starts, and stays (content[i] − x is the width; exact, see `Segments`).
            var x = absolute ? segTotal[k] : 0.0
            var content = 0.0
            var i = k
            let segments = segEnds.count
            while true {
                while i < segments {
                    let candidate = absolute ? segContent[i] - x : x + segContent[i]
                    if _slowPath(candidate > limit) { break }  // once per line: keep the loop straight
                    content = candidate
                    if !absolute { x += segTotal[i] }
                    i += 1
                }
                if i == segments {
                    return (Span(start: start, end: count, width: content, hardBreak: false, fonts: fonts(k, i - 1)), segments)
                }
                let flags = segFlags[i]
                if flags & PreparedParagraph.Segments.newline != 0 {
                    return (Span(start: start, end: Int(segEnds[i]), width: content, hardBreak: true, fonts: fonts(k, i)), i + 1)
                }
                guard flags & PreparedParagraph.Segments.hasText == 0 else { break }
                // Spaces only: they hang, never overflow and leave the content width alone.
                if !absolute { x += segTotal[i] }
                i += 1
            }
            if i > k {
                return (Span(start: start, end: Int(segEnds[i - 1]), width: content, hardBreak: false, fonts: fonts(k, i - 1)), i)
            }
            let span = line(from: start)  // a word wider than the line
            return (span, span.end == Int(segEnds[i]) ? i + 1 : nil)
        }

        /// Where the search path is, from line to line: the first of `stops` not behind the line
        /// being made, and how many segments the last full line held (the guess for the next).
        struct Cursor {
            var stop = 0
            var guess = 0
        }

        /// `line(fromSegment:)` without visiting every segment (`search`): the line ends before
        /// the first segment whose content position lies more than the width past the line's
        /// start, or at a segment of content +∞ (`stops`). Content positions never decrease
        /// between stops (`Segments.searchable`), so whether segment j fits says whether all
        /// before it do: the search starts where the last full line's length puts the end, and
        /// walks from there four segments at a time, then one. The widths are the same
        /// differences of positions as the loop's, so the lines are the same to the bit.
        @inline(__always)
        private func line(searchingFrom k: Int, cursor: inout Cursor) -> (Span, Int?) {
            let start = k == 0 ? 0 : Int(segEnds[k - 1])
            let limit = maxWidth < .infinity ? maxWidth : .greatestFiniteMagnitude
            let x = segTotal[k]
            let segments = segEnds.count
            var content = 0.0
            var i = k
            while true {
                while cursor.stop < stops.count && Int(stops[cursor.stop]) < i { cursor.stop += 1 }
                let hi = cursor.stop < stops.count ? Int(stops[cursor.stop]) : segments
                // The first segment in i ..< hi that overflows (hi if none).
                var j = Swift.min(i + cursor.guess, hi)
                if j > i && segContent[j - 1] - x > limit {  // the guess overshoots: walk back
                    j -= 1
                    while j - 4 >= i && segContent[j - 4] - x > limit { j -= 4 }
                    while j > i && segContent[j - 1] - x > limit { j -= 1 }
                } else {  // everything before the guess fits: walk on
                    while j + 4 <= hi && !(segContent[j + 3] - x > limit) { j += 4 }
                    while j < hi && !(segContent[j] - x > limit) { j += 1 }
                }
                if j > i { content = segContent[j - 1] - x }
                i = j
                if i == segments {
                    return (Span(start: start, end: count, width: content, hardBreak: false, fonts: fonts(k, i - 1)), segments)
                }
                guard i == hi else { break }  // segment i overflows
                let flags = segFlags[i]
                if flags & PreparedParagraph.Segments.newline != 0 {
                    return (Span(start: start, end: Int(segEnds[i]), width: content, hardBreak: true, fonts: fonts(k, i)), i + 1)
                }
                i += 1  // spaces only: they hang, never overflow and leave the content width alone
            }
            if i > k {
                cursor.guess = i - k
                return (Span(start: start, end: Int(segEnds[i - 1]), width: content, hardBreak: false, fonts: fonts(k, i - 1)), i)
            }
            let span = line(from: start)  // a word wider than the line
            return (span, span.end == Int(segEnds[i]) ? i + 1 : nil)
        }

        /// The line starting at cluster `start` (< count), one step per cluster.
        func line(from start: Int) -> Span {
            let n = count
            var x = 0.0, content = 0.0
            var lastBreak = -1
            var contentAtBreak = 0.0
            var j = start
            while j < n {
                let kind = kinds[j]
                if kind == .newline {
                    return Span(start: start, end: j + 1, width: content, hardBreak: true)
                }
                x += advances[j]
                if kind != .space {
                    let endsHere = j + 1 >= n || kinds[j + 1] != .space
                    let ifLast = endsHere ? x + adjust[j] : x
                    if ifLast > maxWidth {
                        if lastBreak >= start {
                            return Span(start: start, end: lastBreak + 1, width: contentAtBreak, hardBreak: false)
                        }
                        if j == start {
                            // One cluster wider than the line: it goes alone, with the spaces after
                            // it (they hang, as at any line end) and the hard break after those.
                            var end = j + 1
                            while end < n && kinds[end] == .space { end += 1 }
                            if end < n && kinds[end] == .newline {
                                return Span(start: start, end: end + 1, width: ifLast, hardBreak: true)
                            }
                            return Span(start: start, end: end, width: ifLast, hardBreak: false)
                        }
                        return Span(start: start, end: j, width: widthEndingAfter(j - 1, from: start), hardBreak: false)
                    }
                    content = ifLast
                }
                if anywhere || breakAfter[j] {
                    lastBreak = j
                    contentAtBreak = kind == .space ? content : x + adjust[j]
                }
                j += 1
            }
            return Span(start: start, end: n, width: content, hardBreak: false)
        }

        /// The width of clusters `start ... last` when the line ends right after `last` (ems).
        private func widthEndingAfter(_ last: Int, from start: Int) -> Double {
            var x = 0.0, content = 0.0
            for i in start...last {
                x += advances[i]
                if kinds[i] != .space { content = x }
            }
            return kinds[last] == .space ? content : x + adjust[last]
        }

        /// The segment that contains cluster `g` (binary search).
        private func segment(containing g: Int) -> Int {
            var lo = 0, hi = segEnds.count - 1
            while lo < hi {
                let mid = (lo + hi) / 2
                if Int(segEnds[mid]) <= g { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
    }
}
