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
struct LineBreaker {
    /// One line: clusters `start ..< end`, its width without trailing spaces (ems), and whether a
    /// hard break ends it.
    struct Span: Equatable, Sendable {
        var start: Int
        var end: Int
        var width: Double
        var hardBreak: Bool
    }

    /// A line fits when its width is at most the available width plus this tolerance (points).
    /// Chromium's LayoutUnit is 1/64 pt; this absorbs the rounding of the references' arithmetic.
    static let tolerance = 1.0 / 128

    let paragraph: PreparedParagraph
    /// Available width in ems (`.infinity` for unlimited).
    let maxWidth: Double
    /// Break anywhere (char mode) rather than at UAX #14 opportunities.
    let anywhere: Bool

    init(_ paragraph: PreparedParagraph, width: Double?, size: Double, anywhere: Bool) {
        self.paragraph = paragraph
        if let width, width > 0 {
            maxWidth = (width + LineBreaker.tolerance) / size
        } else {
            maxWidth = .infinity
        }
        self.anywhere = anywhere
    }

    /// The line starting at cluster `start` (which must be < count).
    ///
    /// Widths: a cluster's advance includes its kerning with the next cluster; when the line ends
    /// right after it, that kerning is taken back (`breakAdjust`), as an engine that reshapes the
    /// line's end does. Spaces that follow on the same line keep it.
    func line(from start: Int) -> Span {
        let p = paragraph
        let n = p.count
        var x = 0.0, content = 0.0
        var lastBreak = -1
        var contentAtBreak = 0.0
        var j = start
        while j < n {
            let kind = p.kinds[j]
            if kind == .newline {
                return Span(start: start, end: j + 1, width: content, hardBreak: true)
            }
            x += p.advances[j]
            if kind != .space {
                let endsHere = j + 1 >= n || p.kinds[j + 1] != .space
                let ifLast = endsHere ? x + p.breakAdjust[j] : x
                if ifLast > maxWidth {
                    if lastBreak >= start {
                        return Span(start: start, end: lastBreak + 1, width: contentAtBreak, hardBreak: false)
                    }
                    if j == start {  // one cluster wider than the line: it goes alone (with its hard break)
                        if j + 1 < n && p.kinds[j + 1] == .newline {
                            return Span(start: start, end: j + 2, width: ifLast, hardBreak: true)
                        }
                        return Span(start: start, end: j + 1, width: ifLast, hardBreak: false)
                    }
                    return Span(start: start, end: j, width: widthEndingAfter(j - 1, from: start), hardBreak: false)
                }
                content = ifLast
            }
            if anywhere || p.breakAfter[j] {
                lastBreak = j
                contentAtBreak = kind == .space ? content : x + p.breakAdjust[j]
            }
            j += 1
        }
        return Span(start: start, end: n, width: content, hardBreak: false)
    }

    /// The width of clusters `start ... last` when the line ends right after `last` (ems).
    private func widthEndingAfter(_ last: Int, from start: Int) -> Double {
        var x = 0.0, content = 0.0
        for i in start...last {
            x += paragraph.advances[i]
            if paragraph.kinds[i] != .space { content = x }
        }
        return paragraph.kinds[last] == .space ? content : x + paragraph.breakAdjust[last]
    }

    /// Lays out lines until the text ends or `limit` lines exist (0 = no limit). Returns the lines
    /// and whether any text is left after them. A text ending with a hard break gets an empty
    /// last line (start = end = count).
    func lines(limit: Int = 0) -> (spans: [Span], more: Bool) {
        let n = paragraph.count
        var spans: [Span] = []
        var i = 0
        while i < n {
            if limit > 0 && spans.count == limit { return (spans, true) }
            let s = line(from: i)
            spans.append(s)
            i = s.end
        }
        if let last = spans.last, last.hardBreak {
            if limit > 0 && spans.count == limit { return (spans, false) }
            spans.append(Span(start: n, end: n, width: 0, hardBreak: false))
        }
        return (spans, false)
    }
}
