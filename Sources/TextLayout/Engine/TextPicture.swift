import LayoutGeometry

/// A laid-out text drawn as glyph outlines: what a phone would show, as SVG path data, so that a
/// report can draw text without fonts of its own (`layout report` draws every cell's text so).
///
/// Coordinates are the text's own (its bounding rect's top-left at 0,0; y down; points). Each
/// line is drawn at its `TextLine.x` and its baseline: the line's bottom less the deepest descent
/// of the fonts on it (extra height from `lineHeightMultiple` or a minimum goes above the glyphs,
/// as TextKit puts it). A truncated line draws its "…", a line broken at a soft hyphen its "-".
/// Right-to-left and mixed lines draw their visual runs where `TextLine.runs` puts them.
public struct TextPicture: Hashable, Sendable {
    /// The layout the picture draws.
    public var layout: TextLayoutResult
    /// The glyph outlines: SVG path data (`M L Q C Z`), numbers rounded to 1/100 pt.
    public var path: String
    /// Boxes standing for colour bitmap glyphs (emoji), which have no outlines to draw.
    public var bitmapGlyphs: [Rect]
}

extension TextEngine {
    /// Lays `text` out in `style` at `width` (nil or 0 = unlimited) and draws it as glyph outlines.
    ///
    /// With `attributed`, each run is drawn in its own font and size, raised by its baseline
    /// offset and spaced by its `kern`, and an attachment as a box of its size standing `baseline`
    /// above the line's baseline (`bitmapGlyphs`) — as the layout placed them. A line shortened
    /// with "…" is drawn in the style's font.
    ///
    /// `alignment` places each line across the bounding rect (`.natural`: at its `TextLine.x`, by
    /// its paragraph's direction; the other alignments move every line, and its runs, so that
    /// `TextLine.x` is 0, centred or at the right of the widest line). `.justified` stretches to
    /// `width` every line that neither ends its paragraph nor is the last shown, drawn in one
    /// direction and not shortened: the room it leaves is shared out among its expansion
    /// opportunities (after each space that follows text, beside each ideograph — Chromium's),
    /// as `NSTextAlignment.justified` widens word spaces; other lines sit as `.natural` ones. The
    /// picture's `layout` has the lines where they are drawn (a stretched line at x 0, `width` wide).
    public func picture(_ text: String, attributed: AttributedText? = nil, style: TextStyle,
                        width: Double?, alignment: TextLineAlignment = .natural) throws(TextLayoutError) -> TextPicture {
        try picture(text, attributed: attributed, style: style, width: width, alignment: alignment, justifiedAtRight: false)
    }

    /// `picture`; with `justifiedAtRight`, a justified text's lines that are not stretched sit at
    /// the right (natural alignment in a right-to-left element, whatever the paragraph's direction).
    package func picture(_ text: String, attributed: AttributedText?, style: TextStyle, width: Double?,
                         alignment: TextLineAlignment, justifiedAtRight: Bool) throws(TextLayoutError) -> TextPicture {
        var layout: TextLayoutResult
        if let attributed { layout = try measure(attributed, style: style, width: width) } else {
            layout = try measure(text, style: style, width: width)
        }
        let atRight = alignment == .justified && justifiedAtRight
        if alignment != .natural && (alignment != .justified || atRight) {
            let widest = layout.size.width
            for i in layout.lines.indices {
                let free = Swift.max(0, widest - layout.lines[i].width)
                let x = alignment == .left ? 0 : alignment == .center ? free / 2 : free
                let delta = x - layout.lines[i].x
                layout.lines[i].x = x
                for r in layout.lines[i].visualRuns.indices { layout.lines[i].visualRuns[r].x += delta }
            }
        }
        let styleChain = try registry.chain(for: style.font)
        let styleRun = Piece(chain: styleChain, size: style.size, shift: 0, tracking: 0, attachment: nil)
        // The attributed runs as code-unit ranges of the string, each with what draws it.
        var runs: [(range: Range<Int>, piece: Piece)] = []
        let units: [UInt16]
        if let attributed, !attributed.isPlain {
            units = Array(attributed.string.utf16)
            var at = 0
            for run in attributed.runs {
                let length: Int
                var attachment: TextAttachment?
                switch run.content {
                case .text(let t): length = t.utf16.count
                case .attachment(let a): length = 1; attachment = a
                }
                let chain = run.font.flatMap { try? registry.chain(for: $0) } ?? styleChain
                runs.append((at ..< at + length, Piece(chain: chain, size: run.size ?? style.size, shift: run.baselineOffset,
                                                       tracking: run.kern, attachment: attachment)))
                at += length
            }
        } else {
            units = Array(text.utf16)
        }
        let sink = OutlineSink()
        let stretchable = alignment == .justified ? Self.justifiedLines(layout, units, width: width ?? 0) : []
        if stretchable.contains(true), let width {
            // The text then reaches both edges: its rect is `width` wide, right-to-left lines at its right.
            let delta = layout.direction == .rightToLeft || atRight ? width - layout.size.width : 0
            for i in layout.lines.indices {
                layout.lines[i].x += delta
                for r in layout.lines[i].visualRuns.indices { layout.lines[i].visualRuns[r].x += delta }
            }
            layout.size.width = width
        }
        for li in layout.lines.indices {
            let line = layout.lines[li]
            // What the line shows, in visual runs: a shortened line (its text is not its range's) is
            // one run in the paragraph's direction.
            let shortened = line.text.utf16.count != line.range.length
                || !line.text.utf16.elementsEqual(units[Swift.min(line.range.location, units.count) ..< Swift.min(line.range.end, units.count)])
            // Each segment as pieces in logical order: (code units, how they are drawn).
            // `endsLine`: the segment holding the line's logical end, whose trailing white space hangs.
            var segments: [(pieces: [([UInt16], Piece)], x: Double, rightToLeft: Bool, endsLine: Bool)] = []
            func pieces(_ a: Int, _ b: Int) -> [([UInt16], Piece)] {
                guard !runs.isEmpty else { return [(Array(units[a..<b]), styleRun)] }
                return runs.compactMap { r in
                    let lo = Swift.max(a, r.range.lowerBound), hi = Swift.min(b, r.range.upperBound)
                    return lo < hi ? (Array(units[lo..<hi]), r.piece) : nil
                }
            }
            if shortened {
                segments.append(([(Array(line.text.utf16), styleRun)], line.x, layout.direction == .rightToLeft, true))
            } else if line.visualRuns.isEmpty {
                segments.append((pieces(line.range.location, Swift.min(line.range.end, units.count)), line.x, false, true))
            } else {
                for run in line.visualRuns {
                    let a = Swift.min(run.range.location, units.count), b = Swift.min(run.range.end, units.count)
                    segments.append((pieces(a, b), run.x, run.direction == .rightToLeft, run.range.end == line.range.end))
                }
            }
            // A justified line to stretch (`extra` after each run that ends at an expansion opportunity).
            let stretch = li < stretchable.count && stretchable[li] && !shortened && segments.count == 1
            // Hard breaks are never drawn; white space at the line's end hangs outside it: both are
            // cut from the logical end of the line (the last piece of the segment that holds it).
            var drawn: [(segment: Int, runs: [(units: [UInt16], range: Range<Int>, font: Int, piece: Piece, extra: Bool)])] = []
            var deepest = 0.0
            for (i, segment) in segments.enumerated() {
                var remainingTrim = segment.endsLine
                var out: [(units: [UInt16], range: Range<Int>, font: Int, piece: Piece, extra: Bool)] = []
                for (k, (units, piece)) in segment.pieces.enumerated().reversed() {
                    if let a = piece.attachment {
                        deepest = Swift.max(deepest, -a.baseline)
                        out.append((units, 0..<units.count, -1, piece, false))
                        remainingTrim = false
                        continue
                    }
                    let p = Preparer.prepare(String(decoding: units, as: UTF16.self), chain: piece.chain, cache: shapeCache, direct: false)
                    var count = p.count
                    while count > 0, p.kinds[count - 1] == .newline || (remainingTrim && p.kinds[count - 1] == .space) { count -= 1 }
                    var fontRuns: [(range: Range<Int>, font: Int, extra: Bool)] = []
                    var start = 0
                    var sawText = k > 0  // (text before this piece on the line: its spaces may widen)
                    for c in 0..<count {
                        let end = Int(p.ends[c]), font = Int(p.fonts[c])
                        if p.kinds[c] == .newline { start = end; continue }
                        if p.kinds[c] == .text {
                            remainingTrim = false
                            deepest = Swift.max(deepest, piece.chain.metrics[font].descent(size: piece.size) - piece.shift)
                        }
                        if let last = fontRuns.last, last.font == font, last.range.upperBound == start, !last.extra {
                            fontRuns[fontRuns.count - 1].range = last.range.lowerBound ..< end
                        } else {
                            fontRuns.append((start ..< end, font, false))
                        }
                        start = end
                        // An expansion opportunity after this cluster (never after the piece's last).
                        if stretch && c + 1 < count {
                            let here = p.utf16[p.start(c)], next = p.utf16[p.start(c + 1)]
                            if (p.kinds[c] == .space && sawText)
                                || (p.kinds[c] == .text && (PreparedText.isIdeograph(here) || PreparedText.isIdeograph(next))) {
                                fontRuns[fontRuns.count - 1].extra = true
                            }
                        }
                        if p.kinds[c] == .text { sawText = true }
                    }
                    for r in fontRuns.reversed() { out.append((units, r.range, r.font, piece, r.extra)) }
                }
                drawn.append((i, out.reversed()))
            }
            let baseline = line.y + line.height - deepest
            let opportunities = stretch ? drawn.reduce(0) { $0 + $1.runs.filter(\.extra).count } : 0
            let extra = opportunities > 0 ? ((width ?? 0) - line.width) / Double(opportunities) : 0
            if opportunities > 0 {
                layout.lines[li].x = 0
                layout.lines[li].width = width ?? line.width
                for r in layout.lines[li].visualRuns.indices { layout.lines[li].visualRuns[r].x = 0 }
            }
            for (i, runs) in drawn {
                let segment = segments[i]
                // A right-to-left segment's runs go from its right end leftwards: drawn from the
                // left, the last comes first (and the room after a run, its left, before it).
                var x = opportunities > 0 ? 0 : segment.x
                for run in segment.rightToLeft ? Array(runs.reversed()) : runs {
                    if run.extra && segment.rightToLeft { x += extra }
                    defer { if run.extra && !segment.rightToLeft { x += extra } }
                    if let a = run.piece.attachment {
                        sink.addBox(Rect(x: x, y: baseline - a.baseline - a.height, width: a.width, height: a.height))
                        x += a.width + run.piece.tracking
                        continue
                    }
                    // Only a real font has outlines to draw (a made-up `GlyphSource` draws nothing).
                    x += run.piece.chain.withFace(run.font) {
                        ($0 as? FontFace)?.draw(run.units, range: run.range, rightToLeft: segment.rightToLeft, x: x,
                                baseline: baseline - run.piece.shift, size: run.piece.size, tracking: run.piece.tracking,
                                into: sink) ?? 0
                    }
                }
            }
        }
        return TextPicture(layout: layout, path: sink.path, bitmapGlyphs: sink.bitmapBoxes)
    }
}

extension TextEngine {
    /// Per line of `layout`, whether justifying at `width` stretches it, as
    /// `PreparedText.hasJustifiedLine` decides: narrower than `width`, neither the last line nor
    /// one ending in a hard break, in one direction, and with something to widen (a space after
    /// text before its last visible character, or an ideograph beside another character).
    static func justifiedLines(_ layout: TextLayoutResult, _ units: [UInt16], width: Double) -> [Bool] {
        layout.lines.indices.map { li in
            let line = layout.lines[li]
            let a = Swift.min(line.range.location, units.count), b = Swift.min(line.range.end, units.count)
            guard li < layout.lines.count - 1, line.width < width, line.visualRuns.count <= 1, a < b,
                  !Preparer.isHardBreak(UInt32(units[b - 1])) else { return false }
            var end = b  // (its trailing white space hangs)
            while end > a && (Preparer.isHangingSpace(UInt32(units[end - 1])) || Preparer.isHardBreak(UInt32(units[end - 1]))) { end -= 1 }
            var sawText = false
            for i in a..<end {
                if Preparer.isHangingSpace(UInt32(units[i])) {
                    if sawText { return true }
                } else {
                    if PreparedText.isIdeograph(units[i]) && end - a > 1 { return true }
                    sawText = true
                }
            }
            return false
        }
    }
}

/// How a stretch of text is drawn: its font chain and size, raised by `shift`, each glyph
/// followed by `tracking` points; or an attachment's box.
private struct Piece {
    var chain: FontChain
    var size: Double
    var shift: Double
    var tracking: Double
    var attachment: TextAttachment?
}
