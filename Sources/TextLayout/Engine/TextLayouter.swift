import LayoutGeometry

/// Turns a prepared paragraph, a style and a width into a `TextLayoutResult`: line breaking,
/// `numberOfLines` and truncation, line heights, spacing and pixel rounding. Arithmetic only.
///
/// Line height (docs/CONTRACT.md): ascender + descender (+ line gap with `fontLeading`) of the
/// fonts on the line, scaled by size / unitsPerEm; × `lineHeightMultiple` when > 0; then clamped
/// to `minimumLineHeight` / `maximumLineHeight` when > 0. `lineSpacing` goes between lines,
/// `paragraphSpacing` after each paragraph but the last.
struct TextLayouter {
    let paragraph: PreparedParagraph
    let style: TextStyle

    func layout(width: Double?) -> TextLayoutResult {
        let p = paragraph
        guard p.count > 0 else { return .empty }
        let size = style.size
        let breaker = LineBreaker(p, width: width, size: size, anywhere: style.lineBreakMode == .charWrap)
        let (spans, more) = breaker.lines(limit: style.numberOfLines)
        var lines: [TextLine] = []
        lines.reserveCapacity(spans.count)
        var y = 0.0, widest = 0.0
        for (index, span) in spans.enumerated() {
            if index > 0 {
                y += style.lineSpacing
                if spans[index - 1].hardBreak { y += style.paragraphSpacing }
            }
            var line: TextLine
            var fontsUsed = span
            var hasEllipsis = false
            if more && index == spans.count - 1 && style.lineBreakMode.truncates {
                let end = paragraphEnd(from: span.start)
                let t = Truncation(paragraph: p).truncate(from: span.start, to: end, maxWidth: breaker.maxWidth,
                                                          mode: style.lineBreakMode)
                let text = string(t.prefix) + "\u{2026}" + string(t.suffix)
                line = TextLine(range: TextRange(location: p.start(span.start), length: p.utf16.count - p.start(span.start)),
                                text: text, width: t.width * size, y: y, height: 0)
                fontsUsed.end = end
                hasEllipsis = true
            } else {
                let r = TextRange(location: p.start(span.start), length: span.end > span.start ? Int(p.ends[span.end - 1]) - p.start(span.start) : 0)
                line = TextLine(range: r, text: string(span.start..<span.end), width: span.width * size, y: y, height: 0)
            }
            line.height = height(of: fontsUsed, ellipsis: hasEllipsis)
            y += line.height
            widest = max(widest, line.width)
            lines.append(line)
        }
        let sizeOut = style.scale.ceil(Size(width: widest, height: y))
        return TextLayoutResult(size: sizeOut, lines: lines, truncated: more)
    }

    /// The cluster after the last one of the paragraph containing `from` (its hard break excluded).
    private func paragraphEnd(from: Int) -> Int {
        var e = from
        while e < paragraph.count && paragraph.kinds[e] != .newline { e += 1 }
        return e
    }

    private func string(_ r: Range<Int>) -> String {
        guard !r.isEmpty else { return "" }
        let a = paragraph.start(r.lowerBound), b = Int(paragraph.ends[r.upperBound - 1])
        return String(decoding: paragraph.utf16[a..<b], as: UTF16.self)
    }

    /// The line's height from the fonts of its clusters (the primary font for an empty line).
    private func height(of span: LineBreaker.Span, ellipsis: Bool) -> Double {
        let p = paragraph
        var asc = 0.0, desc = 0.0, gap = 0.0
        func include(_ f: Int) {
            let m = p.metrics[f]
            asc = max(asc, m.ascent(size: style.size))
            desc = max(desc, m.descent(size: style.size))
            if style.fontLeading { gap = max(gap, m.leading(size: style.size)) }
        }
        include(0)
        if !p.singleFont {
            var seen: UInt64 = 1
            for i in span.start..<min(span.end, p.count) where p.kinds[i] != .newline {
                let f = Int(p.fonts[i])
                if f < 64 && seen & (1 << f) == 0 {
                    seen |= 1 << f
                    include(f)
                }
            }
        }
        if ellipsis { include(Int(p.ellipsisFont)) }
        var h = asc + desc + gap
        if style.lineHeightMultiple > 0 { h *= style.lineHeightMultiple }
        if style.minimumLineHeight > 0 { h = max(h, style.minimumLineHeight) }
        if style.maximumLineHeight > 0 { h = min(h, style.maximumLineHeight) }
        return h
    }
}
