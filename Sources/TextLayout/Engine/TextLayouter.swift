import LayoutGeometry

/// Turns a prepared paragraph, a style and a width into a `TextLayoutResult` (every line) or a
/// `TextMeasurement` (only the size): line breaking, `numberOfLines` and truncation, line
/// heights, spacing and pixel rounding. Arithmetic only.
///
/// Line height (docs/CONTRACT.md): ascender + descender (+ line gap with `fontLeading`) of the
/// fonts on the line, scaled by size / unitsPerEm; × `lineHeightMultiple` when > 0; then clamped
/// to `minimumLineHeight` / `maximumLineHeight` when > 0. `lineSpacing` goes between lines,
/// `paragraphSpacing` after each paragraph but the last.
struct TextLayouter {
    let box: PreparedBox
    let style: TextStyle
    /// The style's vertical rules (a trivial value: the size-only path captures it, not `style`).
    private let heights: LineHeights

    init(_ box: PreparedBox, style: TextStyle) {
        self.box = box
        self.style = style
        heights = LineHeights(primaryOf: box, style)
    }

    /// The paragraph, borrowed in place.
    private var paragraph: PreparedParagraph {
        _read { yield box.paragraph }
    }

    /// Every line, with its text, range, width, y and height.
    func layout(width: Double?) -> TextLayoutResult {
        let p = paragraph
        guard p.count > 0 else { return .empty }
        let size = style.size
        let breaker = LineBreaker(box, width: width, size: size, anywhere: style.lineBreakMode == .charWrap)
        let (spans, more) = breaker.lines(limit: style.numberOfLines)
        var lines: [TextLine] = []
        lines.reserveCapacity(spans.count)
        var y = 0.0, widest = 0.0
        var cursor = TextCursor()
        for (index, span) in spans.enumerated() {
            if index > 0 {
                y += style.lineSpacing
                if spans[index - 1].hardBreak { y += style.paragraphSpacing }
            }
            var line: TextLine
            if more && index == spans.count - 1 && style.lineBreakMode.truncates {
                let end = paragraphEnd(from: span.start)
                let t = Truncation(paragraph: p).truncate(from: span.start, to: end, maxWidth: breaker.maxWidth,
                                                          mode: style.lineBreakMode)
                let location = p.start(span.start)
                line = TextLine(range: TextRange(location: location, length: p.utf16.count - location),
                                text: string(t.prefix, &cursor) + "\u{2026}" + string(t.suffix, &cursor), width: t.width * size,
                                y: y, height: height(span.start, end, ellipsis: true))
            } else {
                let location = p.start(span.start)
                let length = span.end > span.start ? Int(p.ends[span.end - 1]) - location : 0
                var text = string(span.start..<span.end, &cursor)
                // A line that breaks at a soft hyphen shows a hyphen there (its width is counted).
                // (The code unit is looked at first: `hasSuffix` compares characters, and costs.)
                if !span.hardBreak, span.end < p.count, span.end > span.start, p.utf16[Int(p.ends[span.end - 1]) - 1] == 0xAD,
                   Int(p.ends[span.end - 1]) - p.start(span.end - 1) == 1, text.hasSuffix("\u{00AD}") {
                    text.removeLast()
                    text += "-"
                }
                line = TextLine(range: TextRange(location: location, length: length), text: text,
                                width: span.width * size, y: y, height: height(span.start, span.end, ellipsis: false, known: span.fonts))
            }
            y += line.height
            widest = max(widest, line.width)
            lines.append(line)
        }
        var result = TextLayoutResult(size: style.scale.ceil(Size(width: widest, height: y)), lines: lines, truncated: more)
        if !p.uncovered.isEmpty { result.missingCharacters = p.uncovered.compactMap(Unicode.Scalar.init) }
        if !p.warnings.isEmpty { result.warnings = p.warnings }
        if p.hasRightToLeft || style.direction == .rightToLeft {
            Bidi.reorder(&result, box, spans: spans, direction: style.direction, size: size, widest: widest)
        }
        return result
    }

    /// Only the size, the line count and whether text was cut: no line is materialised.
    func measure(width: Double?) -> TextMeasurement {
        TextLayouter.measure(box, style: style, width: width)
    }

    /// `measure(width:)` without a layouter: the style is borrowed, not copied, and the per-line
    /// closure captures only trivial values and the box — on this path, which takes about
    /// 0.1 µs, a copy of `TextStyle` or of `PreparedParagraph` (a retain per array) shows.
    static func measure(_ box: PreparedBox, style: TextStyle, width: Double?) -> TextMeasurement {
        measure(box, style: style, heights: LineHeights(box, style), width: width)
    }

    /// `measure(_:style:width:)` with the style's line heights worked out already
    /// (`LineHeights(box, style)`; a `PreparedText` keeps them with its style).
    static func measure(_ box: PreparedBox, style: TextStyle, heights: LineHeights, width: Double?) -> TextMeasurement {
        withUnsafePointer(to: style) { measure(box, style: $0, heights: heights, width: width) }
    }

    /// `measure(_:style:heights:width:)` with the style read where it is (`PreparedText.measure(at:)`:
    /// a style passed by value from memory the call might change is copied — a retain of its font
    /// name and a release — on every measurement).
    static func measure(_ box: PreparedBox, style: UnsafePointer<TextStyle>, heights: LineHeights, width: Double?) -> TextMeasurement {
        guard box.paragraph.count > 0 else { return TextMeasurement(size: .zero, lineCount: 0, truncated: false) }
        let maxWidth = LineBreaker.maxWidth(width, size: heights.size)
        let anywhere = style.pointee.lineBreakMode == .charWrap
        let limit = style.pointee.numberOfLines
        let lineSpacing = style.pointee.lineSpacing, paragraphSpacing = style.pointee.paragraphSpacing
        let singleFont = box.paragraph.singleFont
        let primaryHeight = heights.primary
        let knowsPairs = heights.knowsPairs
        var count = 0, y = 0.0, widest = 0.0, previousHard = false
        var lastStart = 0, lastEnd = 0
        var lastFonts: UInt64 = 0, lastHeight = 0.0
        let more = box.paragraph.forEachLine(maxWidth: maxWidth, anywhere: anywhere, limit: limit) { span in
            if count > 0 {
                y += lineSpacing
                if previousHard { y += paragraphSpacing }
            }
            if singleFont {
                y += primaryHeight
            } else if knowsPairs && span.fonts != 0 {  // two fonts: their heights looked up
                y += heights.height(pair: span.fonts)
            } else {  // three or more fonts (not tracked per line): from the font runs
                // (Lines of an attributed text often have the same fonts: the last answer is kept.)
                if span.fonts != 0 && span.fonts == lastFonts {
                    y += lastHeight
                } else {
                    lastHeight = heights.height(box, span.start, span.end, ellipsis: false, known: span.fonts)
                    lastFonts = span.fonts
                    y += lastHeight
                }
            }
            widest = max(widest, span.width)
            previousHard = span.hardBreak
            lastStart = span.start
            lastEnd = span.end
            count += 1
        }
        if more && style.pointee.lineBreakMode.truncates {
            // The last line is shortened with "…": its width and height change.
            let layouter = TextLayouter(box, style: style.pointee)
            let end = layouter.paragraphEnd(from: lastStart)
            let t = Truncation(paragraph: box.paragraph).truncate(from: lastStart, to: end, maxWidth: maxWidth,
                                                                  mode: style.pointee.lineBreakMode)
            y += heights.height(box, lastStart, end, ellipsis: true) - heights.height(box, lastStart, lastEnd, ellipsis: false)
            widest = 0
            var i = 0
            _ = box.paragraph.forEachLine(maxWidth: maxWidth, anywhere: anywhere, limit: limit) { span in
                i += 1
                widest = max(widest, i == count ? t.width : span.width)
            }
        }
        let size = Size(width: widest * heights.size, height: y)
        return TextMeasurement(size: style.pointee.scale.ceil(size), lineCount: count, truncated: more)
    }

    /// The cluster after the last one of the paragraph containing `from` (its hard break excluded).
    func paragraphEnd(from: Int) -> Int {
        var e = from
        while e < paragraph.count && paragraph.kinds[e] != .newline { e += 1 }
        return e
    }

    /// The text of clusters `r`: a slice of the original string (a copy of its UTF-8 bytes), or
    /// decoded from the code units when the paragraph was built without it.
    private func string(_ r: Range<Int>, _ cursor: inout TextCursor) -> String {
        guard !r.isEmpty else { return "" }
        let a = paragraph.start(r.lowerBound), b = Int(paragraph.ends[r.upperBound - 1])
        // A slice of the text itself, found by its UTF-8 offsets (counted from the code units):
        // copying a slice of a valid string needs no decoding, no validation and no UTF-16 index
        // arithmetic. Cluster ends are scalar boundaries, so the slice is whole scalars.
        let utf16 = paragraph.utf16
        if a < cursor.unit { cursor = TextCursor() }  // lines come in order; a truncated line may step back
        var o = cursor.byte, i = cursor.unit
        while i < a { o += Self.utf8Length(utf16[i]); i += 1 }
        let start = o
        while i < b { o += Self.utf8Length(utf16[i]); i += 1 }
        cursor = TextCursor(unit: b, byte: o)
        let text = paragraph.text
        let view = text.utf8
        guard view.count >= o else {  // no text kept (a paragraph built from arrays): decode
            return Preparer.string(UnsafeBufferPointer(rebasing: UnsafeBufferPointer(utf16)[a..<b]))
        }
        let from = view.index(view.startIndex, offsetBy: start), to = view.index(from, offsetBy: o - start)
        return String(Substring(text.unicodeScalars[from..<to]))
    }

    /// A code unit and the UTF-8 offset where it starts, carried from one line to the next so
    /// that finding every line's bytes is one pass over the text.
    struct TextCursor {
        var unit = 0
        var byte = 0
    }

    /// The UTF-8 bytes a UTF-16 code unit stands for (a surrogate pair's four, on its first unit).
    /// Sums of comparisons, not choices: ASCII and ideographs alternate without pattern in
    /// mixed text, and a jump per unit would be mispredicted.
    @inline(__always)
    static func utf8Length(_ u: UInt16) -> Int {
        let v = Int(u)
        // 1 when v > 0x7F, when v > 0x7FF: the sign bit of the difference.
        let twoOrMore = Int(bitPattern: UInt(bitPattern: 0x7F &- v) >> 63)
        let threeOrMore = Int(bitPattern: UInt(bitPattern: 0x7FF &- v) >> 63)
        let high = Int(truncatingIfNeeded: (u & 0xFC00 == 0xD800 ? 1 : 0) as UInt8)
        let low = Int(truncatingIfNeeded: (u & 0xFC00 == 0xDC00 ? 1 : 0) as UInt8)
        return 1 &+ twoOrMore &+ threeOrMore &+ high &- 3 &* low
    }

    /// The height of a line of clusters `start ..< end` (see `LineHeights.height`).
    @inline(__always)
    private func height(_ start: Int, _ end: Int, ellipsis: Bool, known: UInt64 = 0) -> Double {
        heights.height(box, start, end, ellipsis: ellipsis, known: known)
    }
}

/// A style's vertical rules, and the primary font's line height under them: a trivial value.
struct LineHeights: @unchecked Sendable {  // immutable; its pointer reads memory owned by the box beside it
    let size: Double
    let fontLeading: Bool
    let lineHeightMultiple: Double
    let minimumLineHeight: Double
    let maximumLineHeight: Double
    /// The height of a line in the primary font alone.
    private(set) var primary = 0.0
    /// For a paragraph of two fonts (`Segments.lastSeen`): the bits of the two, and the height of
    /// a line that holds neither, the first, the second or both (with the primary font's).
    private(set) var pairBits: (UInt64, UInt64) = (0, 0)
    /// (Four doubles, not a `SIMD4`: its 32-byte alignment made every array holding prepared
    /// texts ask the allocator for aligned memory, `posix_memalign`'s slower path.)
    private(set) var pairHeights: (Double, Double, Double, Double) = (0, 0, 0, 0)
    /// Whether `height(pair:)` may be used.
    private(set) var knowsPairs = false
    /// An attributed text's line metrics (`PreparedParagraph.lineMetrics`), read in place: a
    /// pointer keeps this struct trivial to copy (an array would make every copy retain it). The
    /// paragraph's box, which owns the memory, outlives every use (`PreparedText` holds both).
    private var lineMetrics = UnsafeBufferPointer<PreparedParagraph.LineMetric>(start: nil, count: 0)

    /// The rules of `style` for the paragraph in `box`, with its two fonts' line heights.
    /// (The style borrowed: an initializer takes its arguments owned, and each text prepared
    /// copied its style for this — a retain of its font name and a release.)
    init(_ box: PreparedBox, _ style: borrowing TextStyle) {
        self.init(primaryOf: box, style)
        let segments = box.paragraph.segments
        guard !box.paragraph.singleFont, !segments.lastSeen.isEmpty else { return }
        let a: UInt64 = 1 << UInt64(segments.fontPair.0), b: UInt64 = 1 << UInt64(segments.fontPair.1)
        pairBits = (a, b)
        pairHeights = (primary, height(box, 0, 0, ellipsis: false, known: a),
                       height(box, 0, 0, ellipsis: false, known: b), height(box, 0, 0, ellipsis: false, known: a | b))
        knowsPairs = true
    }

    /// The height of a line whose fonts (`LineBreaker.Span.fonts`, not 0) are among the pair's
    /// (`knowsPairs`): the same value as `height(_:_:_:ellipsis:known:)`, looked up.
    @inline(__always)
    func height(pair fonts: UInt64) -> Double {
        let first = fonts & pairBits.0 != 0, second = fonts & pairBits.1 != 0
        return second ? (first ? pairHeights.3 : pairHeights.2) : (first ? pairHeights.1 : pairHeights.0)
    }

    /// Whether these are the heights of `style`'s rules (the style's fields they read, to the bit).
    @inline(__always)
    func follows(_ style: borrowing TextStyle) -> Bool {
        size.bitPattern == style.size.bitPattern && fontLeading == style.fontLeading
            && lineHeightMultiple.bitPattern == style.lineHeightMultiple.bitPattern
            && minimumLineHeight.bitPattern == style.minimumLineHeight.bitPattern
            && maximumLineHeight.bitPattern == style.maximumLineHeight.bitPattern
    }

    /// The rules of `style`, with the height of a line in the paragraph's first font only.
    init(primaryOf box: PreparedBox, _ style: borrowing TextStyle) {
        size = style.size
        fontLeading = style.fontLeading
        lineHeightMultiple = style.lineHeightMultiple
        minimumLineHeight = style.minimumLineHeight
        maximumLineHeight = style.maximumLineHeight
        lineMetrics = UnsafeBufferPointer(box.paragraph.lineMetricsBuffer)
        if let m = lineMetrics.first {
            primary = adjusted(Self.natural(m, size: size, fontLeading: fontLeading))
        } else {
            primary = adjusted(box.paragraph.metrics[0].lineHeight(size: size, fontLeading: fontLeading))
        }
    }

    /// An attributed run's natural line height at `size`.
    @inline(__always)
    private static func natural(_ m: PreparedParagraph.LineMetric, size: Double, fontLeading: Bool) -> Double {
        m.ascent * size + m.descent * size + (fontLeading ? max(m.leading, 0) * size : 0)
    }

    /// The height of a line of clusters `start ..< end`, from the fonts on it (the primary font
    /// for an empty line), with the ellipsis's font when the line is shortened. `known`: the
    /// line's fonts when the line breaker knows them (0 = find them from the font runs). Takes
    /// the box, not the paragraph: a `PreparedParagraph` argument would be a copy (a retain per array).
    @inline(__always)
    func height(_ box: PreparedBox, _ start: Int, _ end: Int, ellipsis: Bool, known: UInt64 = 0) -> Double {
        if box.paragraph.singleFont && (!ellipsis || box.paragraph.ellipsisFont == 0) { return primary }
        // Plain text: the primary font counts on every line. Attributed text: only the runs on it.
        let attributed = !box.paragraph.lineMetrics.isEmpty
        var mask = (known != 0 ? known : box.paragraph.fontMask(start, Swift.min(end, box.paragraph.count))) | (attributed ? 0 : 1)
        if ellipsis { mask |= 1 << UInt64(box.paragraph.ellipsisFont) }
        if mask <= 1 { return primary }
        if attributed { return attributedHeight(box, mask) }
        var asc = 0.0, desc = 0.0, gap = 0.0
        var rest = mask
        while rest != 0 {
            let f = rest.trailingZeroBitCount
            rest &= rest - 1
            let m = box.paragraph.metrics[f]
            asc = max(asc, m.ascent(size: size))
            desc = max(desc, m.descent(size: size))
            if fontLeading { gap = max(gap, m.leading(size: size)) }
        }
        return adjusted(asc + desc + gap)
    }

    /// The height of a line of an attributed text whose fonts are `mask`: the largest ascent plus
    /// the largest descent (plus the largest line gap) among its runs.
    private func attributedHeight(_ box: PreparedBox, _ mask: UInt64) -> Double {
        var asc = -Double.infinity, desc = -Double.infinity, gap = 0.0
        var rest = mask
        while rest != 0 {
            let f = rest.trailingZeroBitCount
            rest &= rest - 1
            let m = lineMetrics[f]
            asc = max(asc, m.ascent * size)
            desc = max(desc, m.descent * size)
            if fontLeading { gap = max(gap, m.leading * size) }
        }
        return adjusted(max(asc + desc, 0) + gap)
    }

    /// A natural line height after `lineHeightMultiple` and the minimum and maximum.
    private func adjusted(_ natural: Double) -> Double {
        var h = natural
        if lineHeightMultiple > 0 { h *= lineHeightMultiple }
        if minimumLineHeight > 0 { h = max(h, minimumLineHeight) }
        if maximumLineHeight > 0 { h = min(h, maximumLineHeight) }
        return h
    }
}
