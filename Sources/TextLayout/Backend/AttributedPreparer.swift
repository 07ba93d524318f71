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

    static func prepare(_ text: AttributedText, style: TextStyle, registry: FontRegistry, cache: ShapeCache,
                        direct: Bool) throws(TextLayoutError) -> PreparedParagraph {
        let base = style.size
        let runs = resolve(text, style)
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
        func metric(_ m: FontMetrics, size: Double, offset: Double) -> PreparedParagraph.LineMetric {
            let k = size / base
            return .init(ascent: m.ascent(size: 1) * k + offset / base, descent: m.descent(size: 1) * k - offset / base,
                         leading: m.leading(size: 1) * k)
        }

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
                let f = metric(m, size: run.size, offset: 0)
                let line = PreparedParagraph.LineMetric(ascent: max(f.ascent, (box.height + box.baseline) / base),
                                                        descent: max(f.descent, -box.baseline / base), leading: f.leading)
                let index = try font(line, m)
                let p = PreparedParagraph.make(utf16: [0xFFFC], ends: [1], advances: [box.width / base], breakAdjust: [0],
                                               kinds: [.text], breakAfter: [true], fonts: [0], metrics: [m])
                pieces.append(Piece(paragraph: p, scale: 1, kern: 0, fonts: [index]))
                units += 1
                continue
            }
            let p = Preparer.prepare(run.text, chain: chain, cache: cache, direct: direct)
            guard p.count > 0 else { continue }
            var map: [UInt8] = []
            map.reserveCapacity(chain.metrics.count)
            // Only the chain's fonts the run uses get an entry.
            var used = Set<UInt8>()
            for i in 0..<p.count where p.kinds[i] != .newline { used.insert(p.fonts[i]) }
            if used.isEmpty { used.insert(0) }
            for (i, m) in chain.metrics.enumerated() {
                map.append(used.contains(UInt8(truncatingIfNeeded: i)) ? try font(metric(m, size: run.size, offset: run.offset), m) : 0)
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
        // Break opportunities over the whole text: a run boundary is no opportunity by itself.
        UnicodeBreaks.markLineBreaks(UnsafeBufferPointer(p.utf16), graphemeEnds: UnsafeBufferPointer(p.ends), into: p.breakAfter)
        p.metrics = faceMetrics
        p.lineMetrics = lineMetrics
        p.singleFont = lineMetrics.count == 1
        p.hasRightToLeft = pieces.contains { $0.paragraph.hasRightToLeft }
        p.ellipsisAdvance = baseChain.ellipsisAdvance
        p.ellipsisFont = ellipsis
        p.fixedPoint = false  // `buildSegments` checks whether the sums are exact
        p.buildSegments()
        return p
    }

    /// Applies the style's defaults and joins neighbouring text runs whose attributes are equal
    /// (they are one run to a shaper: kerning between them counts). Empty text runs go.
    private static func resolve(_ text: AttributedText, _ style: TextStyle) -> [Resolved] {
        var out: [Resolved] = []
        out.reserveCapacity(text.runs.count)
        for run in text.runs {
            let font = run.font ?? style.font, size = run.size ?? style.size
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
    static func cacheKey(_ text: AttributedText, style: TextStyle) -> String {
        var key = "\u{1}A\u{1}\(style.font)\u{1}\(style.size.bitPattern)"
        for run in text.runs {
            key += "\u{1}"
            switch run.content {
            case .text(let t): key += "t\(t.utf16.count)"
            case .attachment(let a): key += "a\(a.width.bitPattern),\(a.height.bitPattern),\(a.baseline.bitPattern)"
            }
            key += ",\(run.font ?? "\u{2}"),\(run.size?.bitPattern ?? 0),\(run.kern.bitPattern),\(run.baselineOffset.bitPattern)"
        }
        return key
    }
}
