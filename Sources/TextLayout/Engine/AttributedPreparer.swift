/// Builds one `PreparedParagraph` from an `AttributedText`, so that the line breaker, truncation
/// and line heights work on it unchanged.
///
/// Each run is prepared on its own (`Preparer`: clusters, fonts, shaping — so shaping never
/// crosses a run boundary), then the runs are joined: advances are stored in ems of the style's
/// size (a run's em advance × its size ÷ the style's size, plus its kern ÷ the style's size), so
/// the layouter's "advance × size" gives each run's points; break opportunities are found again
/// over the whole text (UAX #14 runs across runs). Each distinct (font, size, baseline offset) of
/// the runs becomes one entry of the paragraph's fonts, whose `lineMetrics` hold its ascent,
/// descent and line gap in the same ems: a line's height is the largest of them among its runs.
enum AttributedPreparer {
    /// A run after defaults are applied and equal neighbours joined.
    private struct Resolved {
        var text: String
        var attachment: TextAttachment?
        var font: String
        var size: Double
        var kern: Double
        var offset: Double
    }

    /// The most distinct (font, size, offset) entries a paragraph may have (font indexes are a
    /// byte; 255 means "no font").
    static let maxFonts = 250

    /// `string`: `text.string`, when the caller has it already.
    static func prepare(_ text: AttributedText, string joined: String? = nil, style: TextStyle, registry: FontRegistry,
                        cache: ShapeCache, direct: Bool) throws(TextLayoutError) -> PreparedParagraph {
        let base = style.size
        var warnings: [String] = []
        let runs = resolve(text, style, registry: registry, warnings: &warnings)
        let baseChain = try registry.chain(for: style.font)

        // The paragraph's fonts: distinct line metrics (in ems of `base`), with the face metrics
        // they came from (`metrics`, for anything that reads a face's own values).
        var lineMetrics: [PreparedParagraph.LineMetric] = []
        var faceMetrics: [FontMetrics] = []
        func font(_ m: PreparedParagraph.LineMetric, _ face: FontMetrics) throws(TextLayoutError) -> UInt8 {
            if let i = lineMetrics.firstIndex(of: m) { return UInt8(i) }
            guard lineMetrics.count < maxFonts else {
                throw .invalidParameter(field: "runs", value: "more than \(maxFonts) distinct fonts, sizes and baseline offsets",
                                        requirement: "may use at most \(maxFonts) distinct (font, size, baselineOffset) combinations")
            }
            lineMetrics.append(m)
            faceMetrics.append(face)
            return UInt8(lineMetrics.count - 1)
        }
        /// An attachment's line metric: its run's font (`f`) grown to hold the box.
        func attachmentMetric(_ box: TextAttachment, _ f: PreparedParagraph.LineMetric) -> PreparedParagraph.LineMetric {
            .init(ascent: max(f.ascent, (box.height + box.baseline) / base), descent: max(f.descent, -box.baseline / base),
                  leading: f.leading)
        }
        func metric(_ m: FontMetrics, size: Double, offset: Double) -> PreparedParagraph.LineMetric {
            let k = size / base
            return .init(ascent: m.ascent(size: 1) * k + offset / base, descent: m.descent(size: 1) * k - offset / base,
                         leading: m.leading(size: 1) * k)
        }

        // The fast path: the whole text prepared once in the style's font (clusters, break
        // opportunities, fonts, shaping — one pass, as for plain text), then each run made what
        // shaping it alone gives: a run in another font shaped again on its own, a run in another
        // size scaled (advances are in ems), kerning across a run boundary taken back. Where a run
        // boundary falls inside a grapheme cluster (a run starting with a combining mark), every
        // run is prepared on its own instead (below).
        whole: do {
            let string = joined ?? text.string
            var p = Preparer.prepare(string, chain: baseChain, cache: cache, direct: direct, segments: false)
            guard p.count > 0 else { break whole }
            var ranges: [Range<Int>] = []
            ranges.reserveCapacity(runs.count)
            let ends = p.ends, count = p.count
            var c = 0, unit = 0
            for run in runs {
                unit += run.attachment != nil ? 1 : run.text.utf16.count
                let first = c
                // The cluster ending at `unit` (cluster ends increase): by binary search.
                var hi = count
                while c < hi {
                    let mid = (c + hi) / 2
                    if Int(ends[mid]) < unit { c = mid + 1 } else { hi = mid }
                }
                guard c < count, Int(ends[c]) == unit else { break whole }
                c += 1
                ranges.append(first..<c)
            }
            for (run, r) in zip(runs, ranges) {
                let scale = run.size / base, kern = run.kern / base
                if let box = run.attachment {
                    guard r.count == 1 else { break whole }
                    let m = run.font == style.font ? baseChain.metrics[0] : try registry.chain(for: run.font).metrics[0]
                    p.fonts[r.lowerBound] = try font(attachmentMetric(box, metric(m, size: run.size, offset: 0)), m)
                    p.advances[r.lowerBound] = box.width / base
                    p.breakAdjust[r.lowerBound] = 0
                    p.kinds[r.lowerBound] = .text
                    continue
                }
                // (Only the chain's metrics are kept: a `FontChain` copy retains four arrays.)
                var chainMetrics = baseChain.metrics
                if run.font != style.font {
                    // Another font: this run shaped on its own, in its own chain.
                    let chain = try registry.chain(for: run.font)
                    chainMetrics = chain.metrics
                    Preparer.reshape(&p, clusters: r, chain: chain, cache: cache, direct: direct)
                } else if r.upperBound < p.count {
                    // The same font as the text around it: the kerning its last glyph got from the
                    // next run's first glyph is taken back (runs are shaped apart, as CoreText does).
                    let last = r.upperBound - 1
                    if p.kinds[last] == .text && p.utf16[p.start(last)] != 0xAD {
                        p.advances[last] += p.breakAdjust[last]
                        p.breakAdjust[last] = 0
                    }
                }
                // The run chain's fonts it uses → the paragraph's fonts.
                // (Chains of up to 64 fonts are mapped through a bit set and a lookup; fonts past
                // that, which no chain of bundled and directory fonts reaches, take the primary's.)
                // (The buffers read through locals: `p` is a struct of many fields.)
                let kinds = p.kinds, fonts = p.fonts, advances = p.advances, breakAdjust = p.breakAdjust
                var used: UInt64 = 0
                for i in r where kinds[i] != .newline && fonts[i] < 64 { used |= 1 << UInt64(fonts[i]) }
                if used == 0 { used = 1 }
                var map: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
                var wide: [UInt8] = []
                var rest = used
                while rest != 0 {
                    let f = rest.trailingZeroBitCount
                    rest &= rest - 1
                    guard f < chainMetrics.count else { continue }
                    let index = try font(metric(chainMetrics[f], size: run.size, offset: run.offset), chainMetrics[f])
                    switch f {
                    case 0: map.0 = index
                    case 1: map.1 = index
                    case 2: map.2 = index
                    case 3: map.3 = index
                    default:
                        if wide.isEmpty { wide = [UInt8](repeating: 0, count: 64) }
                        wide[f] = index
                    }
                }
                for i in r {
                    switch fonts[i] {
                    case 0: fonts[i] = map.0
                    case 1: fonts[i] = map.1
                    case 2: fonts[i] = map.2
                    case 3: fonts[i] = map.3
                    default: fonts[i] = wide.isEmpty || fonts[i] >= 64 ? map.0 : wide[Int(fonts[i])]
                    }
                }
                // A run in the style's size without kerning keeps its advances as they are.
                if scale != 1 || kern != 0 {
                    for i in r {
                        if kinds[i] != .newline { advances[i] = advances[i] * scale + kern }
                        breakAdjust[i] *= scale
                    }
                }
            }
            let ellipsisMetrics = baseChain.metrics[baseChain.ellipsisFont]
            p.ellipsisFont = try font(metric(ellipsisMetrics, size: base, offset: 0), ellipsisMetrics)
            p.ellipsisAdvance = baseChain.ellipsisAdvance
            p.metrics = faceMetrics
            p.lineMetrics = lineMetrics
            p.singleFont = lineMetrics.count == 1
            p.fixedPoint = false
            p.inexactPositions = true
            p.warnings = warnings
            p.buildSegments()
            return p
        }
        lineMetrics = []
        faceMetrics = []

        // Prepare every run on its own.
        struct Piece {
            var paragraph: PreparedParagraph
            var scale: Double  // run size / base
            var kern: Double  // ems of base
            var fonts: [UInt8]  // the run chain's font index → the paragraph's font
        }
        var pieces: [Piece] = []
        pieces.reserveCapacity(runs.count)
        var units = 0
        for run in runs {
            let chain = run.font == style.font ? baseChain : try registry.chain(for: run.font)
            if let box = run.attachment {
                // One cluster, U+FFFC, as wide as the box; its font is the run's primary font
                // grown to hold the box.
                let m = chain.metrics[0]
                let index = try font(attachmentMetric(box, metric(m, size: run.size, offset: 0)), m)
                let p = PreparedParagraph.make(utf16: [0xFFFC], ends: [1], advances: [box.width / base], breakAdjust: [0],
                                               kinds: [.text], breakAfter: [true], fonts: [0], metrics: [m])
                pieces.append(Piece(paragraph: p, scale: 1, kern: 0, fonts: [index]))
                units += 1
                continue
            }
            let p = Preparer.prepare(run.text, chain: chain, cache: cache, direct: direct, segments: false)
            guard p.count > 0 else { continue }
            var map: [UInt8] = []
            map.reserveCapacity(chain.metrics.count)
            // Only the chain's fonts the run uses get an entry.
            var used = [Bool](repeating: false, count: chain.metrics.count)
            var any = false
            for i in 0..<p.count where p.kinds[i] != .newline && Int(p.fonts[i]) < used.count {
                used[Int(p.fonts[i])] = true
                any = true
            }
            if !any { used[0] = true }
            for (i, m) in chain.metrics.enumerated() {
                map.append(used[i] ? try font(metric(m, size: run.size, offset: run.offset), m) : 0)
            }
            pieces.append(Piece(paragraph: p, scale: run.size / base, kern: run.kern / base, fonts: map))
            units += p.utf16.count
        }

        var p = PreparedParagraph.empty(metrics: [baseChain.metrics[0]])
        p.lineMetrics = [metric(baseChain.metrics[0], size: base, offset: 0)]
        let ellipsisMetrics = baseChain.metrics[baseChain.ellipsisFont]
        guard units > 0 else { return p }
        // The ellipsis is drawn in the style's font and size, at the baseline.
        let ellipsis = try font(metric(ellipsisMetrics, size: base, offset: 0), ellipsisMetrics)
        p.allocate(units: units)
        var u = 0, clusters = 0
        for piece in pieces {
            let q = piece.paragraph
            for i in 0..<q.utf16.count { p.utf16[u + i] = q.utf16[i] }
            for i in 0..<q.count { p.ends[clusters + i] = q.ends[i] + Int32(u) }
            u += q.utf16.count
            clusters += q.count
        }
        p.setClusterCount(clusters)
        var c = 0
        var string = ""
        string.reserveCapacity(units)
        for (piece, run) in zip(pieces, runs.filter { $0.attachment != nil || !$0.text.isEmpty }) {
            let q = piece.paragraph
            for i in 0..<q.count {
                let kind = q.kinds[i]
                p.kinds[c + i] = kind
                p.fonts[c + i] = piece.fonts[Int(q.fonts[i])]
                // A hard break has no width and takes no tracking; every other cluster is
                // followed by the run's kern (CoreText's and a browser's letter-spacing).
                p.advances[c + i] = kind == .newline ? 0 : q.advances[i] * piece.scale + piece.kern
                p.breakAdjust[c + i] = q.breakAdjust[i] * piece.scale
            }
            c += q.count
            string += run.attachment != nil ? "\u{FFFC}" : run.text
        }
        p.text = string
        // A grapheme cluster that a run boundary cuts (a combining mark or a joiner sequence in a
        // run of its own) is one cluster of the text: no line may break inside it. Its pieces are
        // joined — advances added, the first piece's kind and font.
        p.joinClusters(to: UnicodeBreaks.graphemeEnds(UnsafeBufferPointer(p.utf16)))
        // Break opportunities over the whole text: a run boundary is no opportunity by itself.
        UnicodeBreaks.markLineBreaks(UnsafeBufferPointer(p.utf16), graphemeEnds: UnsafeBufferPointer(p.ends), into: p.breakAfter)
        p.metrics = faceMetrics
        p.lineMetrics = lineMetrics
        p.singleFont = lineMetrics.count == 1
        p.hasRightToLeft = pieces.contains { $0.paragraph.hasRightToLeft }
        p.warnings = warnings
        p.uncovered = Array(pieces.flatMap { $0.paragraph.uncovered }.prefix(8))
        p.ellipsisAdvance = baseChain.ellipsisAdvance
        p.ellipsisFont = ellipsis
        // Runs in other sizes have advances that are not whole font units of the style's size, so
        // sums of them are not exact; positions are used all the same (nothing compares this
        // paragraph with a running-sum form of it), which keeps re-layout as fast as for plain text.
        p.fixedPoint = false
        p.inexactPositions = true
        p.buildSegments()
        return p
    }

    /// Applies the style's defaults and joins neighbouring text runs whose attributes are equal
    /// (they are one run to a shaper: kerning between them counts). Empty text runs go.
    /// A run's font that no directory and not fontconfig has falls back to the style's font, with
    /// a warning naming it (a misspelt font in one run should not lose the whole text).
    private static func resolve(_ text: AttributedText, _ style: TextStyle, registry: FontRegistry,
                                warnings: inout [String]) -> [Resolved] {
        var out: [Resolved] = []
        out.reserveCapacity(text.runs.count)
        for (index, run) in text.runs.enumerated() {
            var font = run.font ?? style.font
            let size = run.size ?? style.size
            if font != style.font {
                do throws(TextLayoutError) {
                    _ = try registry.chain(for: font)
                } catch {
                    if case .unknownFont = error {
                        warnings.append("runs[\(index)].font: unknown font '\(font)' (not a path, and neither the font directories "
                                        + "nor fontconfig have it); the run is measured in the style's font '\(style.font)'")
                        font = style.font
                    }
                }
            }
            switch run.content {
            case .attachment(let a):
                out.append(Resolved(text: "", attachment: a, font: font, size: size, kern: 0, offset: 0))
            case .text(let t):
                guard !t.isEmpty else { continue }
                if var last = out.last, last.attachment == nil, last.font == font, last.size == size,
                   last.kern == run.kern, last.offset == run.baselineOffset {
                    last.text += t
                    out[out.count - 1] = last
                } else {
                    out.append(Resolved(text: t, attachment: nil, font: font, size: size, kern: run.kern, offset: run.baselineOffset))
                }
            }
        }
        return out
    }

    /// The paragraph cache's key for an attributed text: its runs' attributes and lengths, and
    /// the style's font and size (the defaults), in a string beside the joined text.
    /// Numbers are written as the hexadecimal digits of their bits (no number formatting: this
    /// runs on every measurement of an attributed text), default attributes not at all.
    static func cacheKey(_ text: AttributedText, style: TextStyle) -> String {
        var key: [UInt8] = []
        key.reserveCapacity(32 + 24 * text.runs.count)
        func hex(_ tag: UInt8, _ v: UInt64) {
            key.append(tag)
            var v = v
            repeat {
                let d = UInt8(v & 15)
                key.append(d < 10 ? 0x30 + d : 0x57 + d)
                v >>= 4
            } while v != 0
        }
        func name(_ tag: UInt8, _ s: String) {
            hex(tag, UInt64(s.utf8.count))  // length first: no name can run into what follows
            key.append(0x3A)
            key.append(contentsOf: s.utf8)
        }
        name(0x41, style.font)  // "A": attributed
        hex(0x7A, style.size.bitPattern)
        for run in text.runs {
            switch run.content {
            case .text(let t): hex(0x74, UInt64(t.utf16.count))
            case .attachment(let a):
                hex(0x61, a.width.bitPattern)
                hex(0x68, a.height.bitPattern)
                hex(0x62, a.baseline.bitPattern)
            }
            if let font = run.font { name(0x66, font) }
            if let size = run.size { hex(0x73, size.bitPattern) }
            if run.kern != 0 { hex(0x6B, run.kern.bitPattern) }
            if run.baselineOffset != 0 { hex(0x6F, run.baselineOffset.bitPattern) }
        }
        return String(decoding: key, as: UTF8.self)
    }
}
