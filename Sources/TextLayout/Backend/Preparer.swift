/// Builds a `PreparedParagraph`: grapheme clusters (ICU), line-break opportunities (ICU, UAX #14),
/// a font per cluster (the chain's first font that covers it), and advances (HarfBuzz).
///
/// Shaping unit: the text between two line-break opportunities, split where the font or the
/// script changes — a word and its trailing spaces, or one ideograph. Each unit is looked up in
/// the shared `ShapeCache` by (font, script, text) before it is shaped, so common words are
/// shaped once per engine whatever their size. Kerning and ligatures inside a unit count.
enum Preparer {
    static func prepare(_ text: String, chain: FontChain, cache: ShapeCache) -> PreparedParagraph {
        let metrics = chain.faces.map(\.metrics)
        var p = PreparedParagraph.empty(metrics: metrics)
        p.ellipsisAdvance = chain.ellipsisAdvance
        p.ellipsisFont = UInt8(chain.ellipsisFont)
        let utf16 = Array(text.utf16)
        guard !utf16.isEmpty else { return p }
        p.utf16 = utf16
        utf16.withUnsafeBufferPointer { buf in
            fill(&p, buf, chain: chain, cache: cache)
        }
        return p
    }

    private static func fill(_ p: inout PreparedParagraph, _ buf: UnsafeBufferPointer<UInt16>,
                             chain: FontChain, cache: ShapeCache) {
        let ends = UnicodeBreaks.graphemeEnds(buf)
        let breaks = UnicodeBreaks.lineBreaks(buf)
        let n = ends.count
        p.ends = ends
        p.advances = [Double](repeating: 0, count: n)
        p.breakAdjust = [Double](repeating: 0, count: n)
        p.kinds = [PreparedParagraph.Kind](repeating: .text, count: n)
        p.breakAfter = [Bool](repeating: false, count: n)
        p.fonts = [UInt8](repeating: 0, count: n)
        var scripts = [UInt32](repeating: 0, count: n)
        var wide = [Bool](repeating: false, count: n)

        // Break opportunities land on cluster ends; walk both ascending lists together.
        var b = 0
        for i in 0..<n {
            let end = Int(ends[i])
            while b < breaks.count && breaks[b].offset < end { b += 1 }
            if b < breaks.count && breaks[b].offset == end { p.breakAfter[i] = true }
        }

        // Kind, font and strong script of each cluster.
        var scalars: [UInt32] = []
        scalars.reserveCapacity(8)
        var single = true
        for i in 0..<n {
            let s = p.start(i), e = Int(ends[i])
            scalars.removeAll(keepingCapacity: true)
            decode(buf, s, e, into: &scalars)
            let first = scalars.first ?? 0
            if isHardBreak(first) {
                p.kinds[i] = .newline
                p.fonts[i] = i > 0 ? p.fonts[i - 1] : 0
                continue
            }
            if scalars.count == 1 && isHangingSpace(first) { p.kinds[i] = .space }
            wide[i] = isWide(first)
            let f = chain.fontIndex(for: scalars[...])
            p.fonts[i] = UInt8(truncatingIfNeeded: f)
            if f != 0 { single = false }
            for s in scalars {
                let sc = FontFace.script(of: s)
                if sc != FontFace.commonScript && sc != FontFace.inheritedScript && sc != FontFace.unknownScript {
                    scripts[i] = sc
                    break
                }
            }
        }
        p.singleFont = single
        resolveScripts(&scripts)

        // Shape unit by unit: split at break opportunities, font and script changes and hard breaks.
        var runStart = 0
        for i in 0..<n {
            if p.kinds[i] == .newline {
                if runStart < i { shapeRun(&p, buf, runStart, i, scripts[runStart], chain, cache) }
                runStart = i + 1
                continue
            }
            let last = i == n - 1
            // A unit ends at a break opportunity after a space or next to an ideograph (where no
            // kerning crosses); after a hyphen or a slash the text stays one unit, so the kerning
            // across the opportunity counts unless a line really ends there (see `breakAdjust`).
            let unitBreak = !last && p.breakAfter[i] && (p.kinds[i] == .space || wide[i] || wide[i + 1])
            let split = last || unitBreak || p.kinds[i + 1] == .newline
                || p.fonts[i + 1] != p.fonts[i] || scripts[i + 1] != scripts[i]
            if split {
                shapeRun(&p, buf, runStart, i + 1, scripts[runStart], chain, cache)
                runStart = i + 1
            }
        }
    }

    /// Shapes clusters `from ..< to` (all in one font and script) and stores their advances in ems.
    private static func shapeRun(_ p: inout PreparedParagraph, _ buf: UnsafeBufferPointer<UInt16>,
                                 _ from: Int, _ to: Int, _ script: UInt32, _ chain: FontChain, _ cache: ShapeCache) {
        let u0 = p.start(from), u1 = Int(p.ends[to - 1])
        let fontIndex = Int(p.fonts[from])
        let face = chain.faces[fontIndex]
        let key = ShapeCache.Key(font: ObjectIdentifier(face).hashValue, script: script, units: p.utf16[u0..<u1])
        let shaped: ShapedUnits
        if let hit = cache.get(key) {
            shaped = hit
        } else {
            var fresh = ShapedUnits(count: u1 - u0)
            // Shape the unit on its own so the cached result does not depend on its neighbours.
            let slice = UnsafeBufferPointer(rebasing: buf[u0..<u1])
            face.shape(slice, range: 0..<(u1 - u0), script: script, into: &fresh)
            cache.put(key, fresh)
            shaped = fresh
        }
        let upem = Double(face.metrics.unitsPerEm)
        var g = from
        while g < to {
            // A ligature spans several clusters: the first carries the glyph, the others none.
            // Share its advance out in proportion to the clusters' own glyphs, so a line may end
            // inside it with a sensible width.
            var h = g + 1
            while h < to && !hasGlyph(shaped, p.start(h) - u0, Int(p.ends[h]) - u0) { h += 1 }
            var sum: Int32 = 0, kern: Int32 = 0
            for u in p.start(g)..<Int(p.ends[h - 1]) {
                sum &+= shaped.advances[u - u0]
                kern &+= shaped.kerning[u - u0]
            }
            if h == g + 1 {
                p.advances[g] = Double(sum) / upem
                p.breakAdjust[g] = -Double(kern) / upem
            } else {
                let nominal = (g..<h).map { Double(face.nominalAdvance(firstScalar(buf, p.start($0)))) }
                let total = nominal.reduce(0, +)
                for k in g..<h {
                    let share = total > 0 ? nominal[k - g] / total : (k == g ? 1 : 0)
                    p.advances[k] = Double(sum) * share / upem
                    p.breakAdjust[k] = k == h - 1 ? -Double(kern) / upem : 0
                }
            }
            g = h
        }
    }

    private static func hasGlyph(_ s: ShapedUnits, _ a: Int, _ b: Int) -> Bool {
        for u in a..<b where s.clusterStart[u] { return true }
        return false
    }

    private static func firstScalar(_ buf: UnsafeBufferPointer<UInt16>, _ at: Int) -> UInt32 {
        let u = buf[at]
        if u & 0xFC00 == 0xD800, at + 1 < buf.count, buf[at + 1] & 0xFC00 == 0xDC00 {
            return 0x10000 + (UInt32(u & 0x3FF) << 10 | UInt32(buf[at + 1] & 0x3FF))
        }
        return UInt32(u)
    }

    /// Gives clusters of common script (punctuation, digits, spaces) the script of the text
    /// before them, or after them at the start; Latin when the text has no script at all.
    private static func resolveScripts(_ scripts: inout [UInt32]) {
        var current: UInt32 = 0
        for i in scripts.indices {
            if scripts[i] == 0 { scripts[i] = current } else { current = scripts[i] }
        }
        var next: UInt32 = latin
        for i in scripts.indices.reversed() {
            if scripts[i] == 0 { scripts[i] = next } else { next = scripts[i] }
        }
    }

    static let latin: UInt32 = 0x4C61_746E  // 'Latn'

    /// Appends the scalars of `buf[s ..< e]`; a lone surrogate becomes U+FFFD.
    @inline(__always)
    private static func decode(_ buf: UnsafeBufferPointer<UInt16>, _ s: Int, _ e: Int, into out: inout [UInt32]) {
        var k = s
        while k < e {
            let u = buf[k]
            if u & 0xFC00 == 0xD800, k + 1 < e, buf[k + 1] & 0xFC00 == 0xDC00 {
                out.append(0x10000 + (UInt32(u & 0x3FF) << 10 | UInt32(buf[k + 1] & 0x3FF)))
                k += 2
            } else {
                out.append(u & 0xF800 == 0xD800 ? 0xFFFD : UInt32(u))
                k += 1
            }
        }
    }

    /// East Asian wide characters (CJK ideographs, kana, Hangul, CJK and full-width punctuation),
    /// between which fonts do not kern.
    @inline(__always)
    static func isWide(_ s: UInt32) -> Bool {
        (0x2E80...0x9FFF).contains(s) || (0xAC00...0xD7AF).contains(s) || (0xF900...0xFAFF).contains(s)
            || (0xFE30...0xFE4F).contains(s) || (0xFF00...0xFFEF).contains(s) || (0x20000...0x3FFFF).contains(s)
    }

    /// The characters UAX #14 treats as mandatory breaks (class BK, CR, LF, NL).
    @inline(__always)
    static func isHardBreak(_ s: UInt32) -> Bool {
        s == 0x0A || s == 0x0D || s == 0x0B || s == 0x0C || s == 0x85 || s == 0x2028 || s == 0x2029
    }

    /// White space that hangs at a line end: the space, the tab and the ideographic space U+3000
    /// (Chromium hangs all three; checked against the oracle's zh-space cases).
    @inline(__always)
    static func isHangingSpace(_ s: UInt32) -> Bool { s == 0x20 || s == 0x09 || s == 0x3000 }
}
