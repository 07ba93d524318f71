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
    /// An attributed text is drawn as its string in the style's font (its runs' fonts, sizes and
    /// attachments are in `layout`, which comes from the attributed text itself, but not in the
    /// outlines).
    public func picture(_ text: String, attributed: AttributedText? = nil, style: TextStyle,
                        width: Double?) throws(TextLayoutError) -> TextPicture {
        let layout: TextLayoutResult
        if let attributed { layout = try measure(attributed, style: style, width: width) } else {
            layout = try measure(text, style: style, width: width)
        }
        let chain = try registry.chain(for: style.font)
        let sink = OutlineSink()
        let units = Array(text.utf16)
        for line in layout.lines {
            // What the line shows, in visual runs: a shortened line (its text is not its range's) is
            // one run in the paragraph's direction.
            let shortened = line.text.utf16.count != line.range.length
                || !line.text.utf16.elementsEqual(units[Swift.min(line.range.location, units.count) ..< Swift.min(line.range.end, units.count)])
            // `endsLine`: the segment holding the line's logical end, whose trailing white space hangs.
            var segments: [(units: [UInt16], x: Double, rightToLeft: Bool, endsLine: Bool)] = []
            if shortened || line.visualRuns.isEmpty {
                segments.append((Array(line.text.utf16), line.x, layout.direction == .rightToLeft, true))
            } else {
                for run in line.visualRuns {
                    let a = Swift.min(run.range.location, units.count), b = Swift.min(run.range.end, units.count)
                    segments.append((Array(units[a..<b]), run.x, run.direction == .rightToLeft, run.range.end == line.range.end))
                }
            }
            // Font runs of each segment, from a preparation of the segment alone.
            var prepared: [(segment: Int, fonts: [(range: Range<Int>, font: Int)])] = []
            var deepest = 0.0
            for (i, segment) in segments.enumerated() {
                let p = Preparer.prepare(String(decoding: segment.units, as: UTF16.self), chain: chain, cache: shapeCache,
                                         direct: false)
                var runs: [(range: Range<Int>, font: Int)] = []
                // Hard breaks are never drawn; white space at the line's end hangs outside it.
                var drawn = p.count
                while drawn > 0, p.kinds[drawn - 1] == .newline || (segment.endsLine && p.kinds[drawn - 1] == .space) { drawn -= 1 }
                var start = 0
                for c in 0..<drawn {
                    let end = Int(p.ends[c]), font = Int(p.fonts[c])
                    if p.kinds[c] == .newline { start = end; continue }
                    if let last = runs.last, last.font == font, last.range.upperBound == start {
                        runs[runs.count - 1].range = last.range.lowerBound ..< end
                    } else {
                        runs.append((start ..< end, font))
                    }
                    if p.kinds[c] == .text { deepest = Swift.max(deepest, chain.metrics[font].descent(size: style.size)) }
                    start = end
                }
                prepared.append((i, runs))
            }
            let baseline = line.y + line.height - deepest
            for (i, runs) in prepared {
                let segment = segments[i]
                // A right-to-left segment's font runs go from its right end leftwards: drawn
                // from the left, the last comes first.
                var x = segment.x
                let ordered = segment.rightToLeft ? Array(runs.reversed()) : runs
                for run in ordered {
                    x += chain.withFace(run.font) {
                        $0.draw(segment.units, range: run.range, rightToLeft: segment.rightToLeft, x: x, baseline: baseline,
                                size: style.size, into: sink)
                    }
                }
            }
        }
        return TextPicture(layout: layout, path: sink.path, bitmapGlyphs: sink.bitmapBoxes)
    }
}
