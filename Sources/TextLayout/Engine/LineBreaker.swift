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
        /// The fonts on the line as a bit mask, when the word-level path knows them (mixed-font
        /// paragraphs); 0 = not known (the layouter finds them from the font runs).
        var fonts: UInt64 = 0

        static func == (a: Span, b: Span) -> Bool {
            a.start == b.start && a.end == b.end && a.width == b.width && a.hardBreak == b.hardBreak
        }
    }

    /// A line fits when its width is at most the available width plus this tolerance (points).
    /// Chromium's LayoutUnit is 1/64 pt; this absorbs the rounding of the references' arithmetic.
    static let tolerance = 1.0 / 64

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
        let more = forEachLine(limit: limit) { spans.append($0) }
        return (spans, more)
    }
}

extension PreparedParagraph {
    /// `LineBreaker.forEachLine` over this paragraph, read in place.
    @inline(__always)
    func forEachLine(maxWidth: Double, anywhere: Bool, limit: Int,
                                 _ body: (LineBreaker.Span) -> Void) -> Bool {
        return self.advances.withUnsafeBufferPointer { advances in
            self.breakAdjust.withUnsafeBufferPointer { adjust in
                self.kinds.withUnsafeBufferPointer { kinds in
                    self.breakAfter.withUnsafeBufferPointer { breakAfter in
                        segments.ends.withUnsafeBufferPointer { segEnds in
                            segments.total.withUnsafeBufferPointer { segTotal in
                                segments.content.withUnsafeBufferPointer { segContent in
                                    segments.flags.withUnsafeBufferPointer { segFlags in
                                        segments.fonts.withUnsafeBufferPointer { segFonts in
                                            let view = LineBreaker.View(advances: advances, adjust: adjust, kinds: kinds,
                                                            breakAfter: breakAfter, segEnds: segEnds, segTotal: segTotal,
                                                            segContent: segContent, segFlags: segFlags, segFonts: segFonts,
                                                            absolute: segments.absolute, maxWidth: maxWidth, anywhere: anywhere)
                                            return view.forEachLine(limit: limit, body)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
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
        /// Per segment, the fonts it uses (a bit mask); empty for a single-font paragraph.
        let segFonts: UnsafeBufferPointer<UInt64>
        /// `segTotal` and `segContent` are positions, not widths (`Segments.absolute`).
        let absolute: Bool
        let maxWidth: Double
        let anywhere: Bool

        var count: Int { advances.count }

        func forEachLine(limit: Int, _ body: (Span) -> Void) -> Bool {
            let n = count
            var made = 0
            var i = 0
            var segment: Int? = anywhere ? nil : 0
            var lastHard = false
            while i < n {
                if limit > 0 && made == limit { return true }
                let s: Span
                if let k = segment {
                    (s, segment) = line(fromSegment: k)
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
            switch (segFonts.isEmpty, absolute) {
            case (true, true): return line(fromSegment: k, tracksFonts: false, absolute: true)
            case (false, true): return line(fromSegment: k, tracksFonts: true, absolute: true)
            case (true, false): return line(fromSegment: k, tracksFonts: false, absolute: false)
            case (false, false): return line(fromSegment: k, tracksFonts: true, absolute: false)
            }
        }

        @inline(__always)
        private func line(fromSegment k: Int, tracksFonts: Bool, absolute: Bool) -> (Span, Int?) {
            let start = k == 0 ? 0 : Int(segEnds[k - 1])
            // An unlimited width is the largest finite one: no finite width exceeds either, and
            // the +∞ of a hard break or of spaces still stops the loop.
            let limit = maxWidth < .infinity ? maxWidth : .greatestFiniteMagnitude
            // Widths: x is the running width before segment i. Positions: x is where the line
            // starts, and stays (content[i] − x is the width; exact, see `Segments`).
            var x = absolute ? segTotal[k] : 0.0
            var content = 0.0
            var fonts: UInt64 = 0
            var i = k
            let segments = segEnds.count
            while true {
                while i < segments {
                    let candidate = absolute ? segContent[i] - x : x + segContent[i]
                    if _slowPath(candidate > limit) { break }  // once per line: keep the loop straight
                    content = candidate
                    if tracksFonts { fonts |= segFonts[i] }
                    if !absolute { x += segTotal[i] }
                    i += 1
                }
                if i == segments {
                    return (Span(start: start, end: count, width: content, hardBreak: false, fonts: fonts), segments)
                }
                let flags = segFlags[i]
                if flags & PreparedParagraph.Segments.newline != 0 {
                    return (Span(start: start, end: Int(segEnds[i]), width: content, hardBreak: true, fonts: fonts), i + 1)
                }
                guard flags & PreparedParagraph.Segments.hasText == 0 else { break }
                // Spaces only: they hang, never overflow and leave the content width alone.
                if tracksFonts { fonts |= segFonts[i] }
                if !absolute { x += segTotal[i] }
                i += 1
            }
            if i > k {
                return (Span(start: start, end: Int(segEnds[i - 1]), width: content, hardBreak: false, fonts: fonts), i)
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
                        if j == start {  // one cluster wider than the line: it goes alone (with its hard break)
                            if j + 1 < n && kinds[j + 1] == .newline {
                                return Span(start: start, end: j + 2, width: ifLast, hardBreak: true)
                            }
                            return Span(start: start, end: j + 1, width: ifLast, hardBreak: false)
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
