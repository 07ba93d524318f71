internal import CHarfBuzz
import LayoutGeometry

/// Collects glyph outlines as SVG path data, in points, y down: the picture of a laid-out text
/// (`TextEngine.picture`). One per picture; not shared between threads.
final class OutlineSink {
    /// SVG path data (`M`, `L`, `Q`, `C`, `Z`), numbers rounded to 1/100 pt.
    private(set) var path = ""
    /// Colour bitmap glyphs (emoji), which have no outline: their boxes.
    private(set) var bitmapBoxes: [Rect] = []
    /// Where the glyph being drawn has its origin (points) and how many points a font unit is.
    fileprivate var originX = 0.0, originY = 0.0, scale = 1.0
    fileprivate var drew = false

    fileprivate func point(_ x: Float, _ y: Float) {
        append(originX + Double(x) * scale)
        path.append(",")
        append(originY - Double(y) * scale)
    }

    fileprivate func command(_ c: Character) {
        path.append(c)
        drew = true
    }

    fileprivate func separator() { path.append(" ") }

    private func append(_ v: Double) {
        let r = (v * 100).rounded() / 100
        if r == r.rounded(), abs(r) < 1e9 { path += String(Int(r)) } else { path += String(r) }
    }

    func addBox(_ rect: Rect) { bitmapBoxes.append(rect) }

    /// HarfBuzz's drawing callbacks, made once.
    nonisolated(unsafe) fileprivate static let funcs: OpaquePointer? = {
        guard let f = hb_draw_funcs_create() else { return nil }
        func sink(_ data: UnsafeMutableRawPointer?) -> OutlineSink? {
            data.map { Unmanaged<OutlineSink>.fromOpaque($0).takeUnretainedValue() }
        }
        hb_draw_funcs_set_move_to_func(f, { _, data, _, x, y, _ in
            guard let s = sink(data) else { return }
            s.command("M"); s.point(x, y)
        }, nil, nil)
        hb_draw_funcs_set_line_to_func(f, { _, data, _, x, y, _ in
            guard let s = sink(data) else { return }
            s.command("L"); s.point(x, y)
        }, nil, nil)
        hb_draw_funcs_set_quadratic_to_func(f, { _, data, _, cx, cy, x, y, _ in
            guard let s = sink(data) else { return }
            s.command("Q"); s.point(cx, cy); s.separator(); s.point(x, y)
        }, nil, nil)
        hb_draw_funcs_set_cubic_to_func(f, { _, data, _, c1x, c1y, c2x, c2y, x, y, _ in
            guard let s = sink(data) else { return }
            s.command("C"); s.point(c1x, c1y); s.separator(); s.point(c2x, c2y); s.separator(); s.point(x, y)
        }, nil, nil)
        hb_draw_funcs_set_close_path_func(f, { _, data, _, _ in
            sink(data)?.command("Z")
        }, nil, nil)
        hb_draw_funcs_make_immutable(f)
        return f
    }()
}

extension FontFace {
    /// Shapes `units[range]` (one font; the script guessed by HarfBuzz) in `direction` and draws
    /// its glyphs into `sink`, the pen starting at `x` on the baseline `baseline` (points), at
    /// `size` points. Returns the run's advance in points.
    func draw(_ units: [UInt16], range: Range<Int>, rightToLeft: Bool, x: Double, baseline: Double, size: Double,
              tracking: Double = 0, into sink: OutlineSink) -> Double {
        let scale = size / Double(metrics.unitsPerEm)
        var pen = x
        HarfBuzzBuffers.with { buffer in
            units.withUnsafeBufferPointer { shape(buffer, $0, range: range, rightToLeft: rightToLeft, script: nil) }
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
                  let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return }
            let data = Unmanaged.passUnretained(sink).toOpaque()
            for g in 0..<Int(count) {
                sink.originX = pen + Double(positions[g].x_offset) * scale
                sink.originY = baseline - Double(positions[g].y_offset) * scale
                sink.scale = scale
                sink.drew = false
                hb_font_get_glyph_shape(hbFontForDrawing, infos[g].codepoint, OutlineSink.funcs, data)
                let advance = Double(positions[g].x_advance) * scale
                if !sink.drew, isColor, advance > 0 {
                    // A colour bitmap glyph has no outline: a box as wide as its advance, em tall.
                    sink.addBox(Rect(x: pen + advance * 0.05, y: baseline - size * 0.85, width: advance * 0.9, height: size * 0.95))
                }
                pen += advance + tracking
            }
        }
        return pen - x
    }
}
