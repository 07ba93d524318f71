/// Builds a `PreparedParagraph`: grapheme clusters and line-break opportunities (ICU's UAX #29
/// and UAX #14, with exact ICU-free paths for plain text), a font per cluster (the chain's first
/// font that covers it), and advances.
///
/// Shaping: a *run* is a stretch of one font and one script between hard breaks. A run of plain
/// text is shaped by `DirectShaper` from the font's own tables (HarfBuzz's exact answer, no cache
/// needed). Any other run goes to HarfBuzz: a *segment* is the text between two break
/// opportunities inside it (a word and its spaces, an ideograph); every segment is looked up in the
/// shared `ShapeCache` by (font, script, text, and the code unit on each side of it, since kerning
/// reaches across a segment's edges). If all are there, nothing is shaped. Otherwise the whole run
/// is shaped in one HarfBuzz call — so kerning across segments counts, as in a browser — and every
/// segment is stored for next time.
enum Preparer {
    /// `general: true` skips the one-pass classification of simple text (tests compare the two).
    /// `segments: false` leaves the word sums out (a run of an attributed text: its clusters are
    /// copied into the whole text's paragraph, which builds its own).
    static func prepare(_ text: String, chain: FontChain, cache: ShapeCache, direct: Bool = true,
                        general: Bool = false, segments: Bool = true) -> PreparedParagraph {
        var p = PreparedParagraph.empty(metrics: chain.metrics)
        p.ellipsisAdvance = chain.ellipsisAdvance
        p.ellipsisFont = UInt8(chain.ellipsisFont)
        var text = text
        let units = text.withUTF8 { utf16Count($0) }
        guard units > 0 else { return p }
        p.allocate(units: units)
        p.fixedPoint = true  // until a run says otherwise
        text.withUTF8 { transcode($0, into: p.utf16) }
        p.text = text
        let buf = UnsafeBufferPointer(p.utf16)
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: units) { scripts in
            if general || !classifySimple(&p, buf, chain: chain, scripts: scripts) {
                p.setClusterCount(UnicodeBreaks.graphemeEnds(buf, into: p.ends))
                classify(&p, buf, chain: chain, scripts: scripts)
            }
            let n = p.count
            resolveScripts(UnsafeMutableBufferPointer(rebasing: scripts[0..<n]))
            shapeRuns(&p, buf, 0..<n, scripts, chain, cache, direct: direct)
        }
        if segments { p.buildSegments() }
        return p
    }

    /// Gives clusters `range` of a prepared paragraph another font chain: each cluster's font
    /// from `chain`, then every run of one font and script in the range shaped again (a run of an
    /// attributed text in another font; clusters, kinds and break opportunities stay).
    static func reshape(_ p: inout PreparedParagraph, clusters range: Range<Int>, chain: FontChain, cache: ShapeCache,
                        direct: Bool) {
        guard !range.isEmpty, chain.faces.count < 256 else { return }
        let buf = UnsafeBufferPointer(p.utf16)
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: range.count) { scripts in
            var scalars: [UInt32] = []
            for i in range {
                let k = i - range.lowerBound
                scripts[k] = 0
                p.advances[i] = 0
                p.breakAdjust[i] = 0
                if p.kinds[i] == .newline {
                    p.fonts[i] = i > range.lowerBound ? p.fonts[i - 1] : 0
                    continue
                }
                scalars.removeAll(keepingCapacity: true)
                decode(buf, p.start(i), Int(p.ends[i]), into: &scalars)
                let f = scalars.count == 1 ? chain.fontIndex(for: scalars[0]) : chain.fontIndex(for: scalars[...])
                p.fonts[i] = UInt8(truncatingIfNeeded: f)
                for c in scalars {
                    let s = strongScript(c)
                    if s != 0 {
                        scripts[k] = s
                        break
                    }
                }
            }
            resolveScripts(scripts)
            shapeRuns(&p, buf, range, scripts, chain, cache, direct: direct)
        }
    }

    /// Shapes clusters `range` run by run — a run is a stretch of one font and one script between
    /// hard breaks — straight from the font's tables where that is exact, by HarfBuzz otherwise.
    /// `scripts[i - range.lowerBound]` is cluster i's script.
    @inline(__always)
    private static func shapeRuns(_ p: inout PreparedParagraph, _ buf: UnsafeBufferPointer<UInt16>, _ range: Range<Int>,
                                  _ scripts: UnsafeMutableBufferPointer<UInt32>, _ chain: FontChain, _ cache: ShapeCache,
                                  direct: Bool) {
        let first = range.lowerBound
        var g = first
        while g < range.upperBound {
            if p.kinds[g] == .newline { g += 1; continue }
            let s = scripts[g - first]
            var h = g + 1
            while h < range.upperBound && p.kinds[h] != .newline && p.fonts[h] == p.fonts[g] && scripts[h - first] == s { h += 1 }
            if !(direct && shapeDirectly(&p, buf, g, h, s, chain)) {
                shapeRun(&p, buf, g, h, s, chain, cache)
            }
            g = h
        }
    }

    /// `graphemeEnds` + `classify` in one pass for text whose every code unit is a cluster of its
    /// own with a line-break class `UnicodeBreaks.simpleLineBreaks` knows (plain English, Chinese
    /// and the two mixed): the same answers, each character's table entry read once. Returns false
    /// (the caller then takes the general path, which starts afresh) for any other text.
    private static func classifySimple(_ p: inout PreparedParagraph, _ buf: UnsafeBufferPointer<UInt16>,
                                       chain: FontChain, scripts: UnsafeMutableBufferPointer<UInt32>) -> Bool {
        let n = buf.count
        guard chain.faces.count < 256 else { return false }
        return withUnsafeTemporaryAllocation(of: UnicodeBreaks.Class.self, capacity: n) { classes -> Bool in
            let table = CharacterTable.table, palette = CharacterTable.scripts
            // Classes first: the only pass that can still fail — and a character no font has
            // (reported missing by the general path) fails it too.
            var rightToLeft = false
            let failed = chain.bmpUncovered.withUnsafeBufferPointer { uncovered -> Bool in
                for i in 0..<n {
                    let u = buf[i]
                    let entry = table[Int(u)]
                    let raw = UInt8(truncatingIfNeeded: entry & CharacterTable.lineClassMask)
                    // A class (1 ... po; 0 = none: ICU decides), cast rather than looked up.
                    guard entry & CharacterTable.simpleGrapheme != 0, raw != 0, raw <= UnicodeBreaks.Class.po.rawValue else { return true }
                    let c = unsafeBitCast(raw, to: UnicodeBreaks.Class.self)
                    guard !(c == .op && i > 0 && classes[i - 1] == .po) else { return true }
                    guard uncovered[Int(u >> 6)] & (1 << UInt64(u & 63)) == 0 else { return true }
                    rightToLeft = rightToLeft || (u >= 0x0590 && u < 0x0900)
                    classes[i] = c
                }
                return false
            }
            if failed { return false }
            p.hasRightToLeft = rightToLeft
            p.setClusterCount(n)
            let ends = p.ends, kinds = p.kinds, fonts = p.fonts
            // `classifyScalar` for each character, with the tables read in place (no bounds
            // checks, no reference counting) and no jump on what a character is, bar hard breaks.
            var used: UInt8 = 0  // the fonts used, or-ed: 0 = only the primary
            table.withUnsafeBufferPointer { table in
                palette.withUnsafeBufferPointer { palette in
                    chain.bmpFonts.withUnsafeBufferPointer { bmpFonts in
                        for i in 0..<n {
                            ends[i] = Int32(truncatingIfNeeded: i &+ 1)
                            let u = Int(buf[i])
                            let entry = table[u]
                            if _slowPath(entry & CharacterTable.hardBreak != 0) {
                                kinds[i] = .newline
                                fonts[i] = i > 0 ? fonts[i - 1] : 0
                                scripts[i] = 0
                                used |= fonts[i]
                                continue
                            }
                            kinds[i] = unsafeBitCast(UInt8(truncatingIfNeeded: (entry & CharacterTable.hangingSpace) >> 6),
                                                     to: PreparedParagraph.Kind.self)
                            let f = bmpFonts[u]  // `FontChain.fontIndex(for:)` of a BMP scalar
                            fonts[i] = f
                            used |= f
                            let index = Int((entry >> CharacterTable.scriptShift) & 0xF)
                            scripts[i] = index == Int(CharacterTable.otherScript) ? strongScript(UInt32(u)) : palette[index]
                        }
                    }
                }
            }
            p.singleFont = used == 0
            UnicodeBreaks.decideBreaks(UnsafeBufferPointer(classes), into: p.breakAfter)
            return true
        }
    }

    /// Classifies cluster `i`, one BMP scalar `c` whose table entry is `entry`: its kind, font and
    /// strong script (a hard break takes the font before it and no script). Returns its font.
    @inline(__always)
    private static func classifyScalar(_ c: UInt32, _ entry: UInt16, at i: Int, _ chain: FontChain, _ palette: [UInt32],
                                       _ kinds: UnsafeMutableBufferPointer<PreparedParagraph.Kind>,
                                       _ fonts: UnsafeMutableBufferPointer<UInt8>,
                                       _ scripts: UnsafeMutableBufferPointer<UInt32>) -> UInt8 {
        scripts[i] = 0
        if entry & CharacterTable.hardBreak != 0 {
            kinds[i] = .newline
            fonts[i] = i > 0 ? fonts[i - 1] : 0
            return fonts[i]
        }
        // .text (as initialised) or .space, by arithmetic: spaces come without pattern.
        assert(PreparedParagraph.Kind.text.rawValue == 0 && PreparedParagraph.Kind.space.rawValue == 1)
        kinds[i] = unsafeBitCast(UInt8(truncatingIfNeeded: (entry & CharacterTable.hangingSpace) >> 6), to: PreparedParagraph.Kind.self)
        let f = UInt8(truncatingIfNeeded: chain.fontIndex(for: c))
        fonts[i] = f
        scripts[i] = CharacterTable.script(entry, c, palette)
        return f
    }

    /// Fills break opportunities, kinds and fonts (the clusters are known); writes each
    /// cluster's strong script (0 for common/inherited) into `scripts`.
    private static func classify(_ p: inout PreparedParagraph, _ buf: UnsafeBufferPointer<UInt16>,
                                 chain: FontChain, scripts: UnsafeMutableBufferPointer<UInt32>) {
        let n = p.count
        let ends = p.ends, kinds = p.kinds, fonts = p.fonts
        UnicodeBreaks.markLineBreaks(buf, graphemeEnds: UnsafeBufferPointer(ends), into: p.breakAfter)
        var single = true
        var scalars: [UInt32] = []
        let table = CharacterTable.table, palette = CharacterTable.scripts
        for i in 0..<n {
            let s = i == 0 ? 0 : Int(ends[i - 1]), e = Int(ends[i])
            let f: Int
            scripts[i] = 0
            if e - s == 1 && buf[s] & 0xF800 != 0xD800 {  // the common case: one BMP scalar
                let c = UInt32(buf[s])
                let f = classifyScalar(c, table[Int(c)], at: i, chain, palette, kinds, fonts, scripts)
                if f != 0 { single = false }
                // A character no font of the chain has (drawn as a missing-glyph box): noted for a warning.
                if kinds[i] == .text && p.uncovered.count < 8 && !isDefaultIgnorable(c) && c >= 0x20
                    && !chain.withFace(Int(f), { $0.covers(c) }) && !p.uncovered.contains(c) {
                    p.uncovered.append(c)
                }
                continue
            } else {
                scalars.removeAll(keepingCapacity: true)
                decode(buf, s, e, into: &scalars)
                let first = scalars.first ?? 0
                if isHardBreak(first) {
                    kinds[i] = .newline
                    fonts[i] = i > 0 ? fonts[i - 1] : 0
                    continue
                }
                f = chain.fontIndex(for: scalars[...])
                if let base = scalars.first, p.uncovered.count < 8, !isDefaultIgnorable(base), !p.uncovered.contains(base),
                   !chain.withFace(f, { $0.covers(base) }) {
                    p.uncovered.append(base)
                }
                for c in scalars {
                    let sc = strongScript(c)
                    if sc != 0 {
                        scripts[i] = sc
                        break
                    }
                }
            }
            fonts[i] = UInt8(truncatingIfNeeded: f)
            if f != 0 { single = false }
        }
        p.singleFont = single
        p.hasRightToLeft = hasRightToLeft(buf)
        // A cluster of invisible characters only (a zero width space, a word joiner, a bidi mark)
        // hangs at a line's end like a space: the line's width ends at its last visible glyph,
        // as Chromium's does. Not a soft hyphen (where a line breaks at it, it shows), and not a
        // space with a joiner after it (one cluster, which Chromium and Pango both count).
        for i in 0..<n where kinds[i] == .text {
            let s = i == 0 ? 0 : Int(ends[i - 1]), e = Int(ends[i])
            var invisible = true
            var u = s
            while u < e && invisible {
                let c = buf[u]
                invisible = c != 0xAD && isDefaultIgnorable(buf, at: u)
                u += c & 0xFC00 == 0xD800 ? 2 : 1
            }
            if invisible { kinds[i] = .space }
        }
    }

    /// Shapes clusters `from ..< to` (one font, one script) straight from the font's tables if the
    /// run is simple (see `DirectShaper`: the same advances as HarfBuzz's, so no cache is needed)
    /// and stores their advances in ems; false when HarfBuzz must shape it.
    private static func shapeDirectly(_ p: inout PreparedParagraph, _ buf: UnsafeBufferPointer<UInt16>,
                                      _ from: Int, _ to: Int, _ script: UInt32, _ chain: FontChain) -> Bool {
        let u0 = p.start(from), u1 = Int(p.ends[to - 1])
        let n = u1 - u0
        guard n == to - from else { return false }  // a cluster of several code units
        return chain.withFace(Int(p.fonts[from])) { face in
            shapeDirectly(&p, buf, from, to, u0, n, script, face)
        }
    }

    /// `shapeDirectly(_:_:_:_:_:_:)` with the run's face.
    private static func shapeDirectly(_ p: inout PreparedParagraph, _ buf: UnsafeBufferPointer<UInt16>, _ from: Int, _ to: Int,
                                      _ u0: Int, _ n: Int, _ script: UInt32, _ face: GlyphSource) -> Bool {
        let u1 = u0 + n
        // A power-of-two units per em: the advances go straight into the paragraph, in ems.
        let powerOfTwo = Self.isFixedPointScale(face.metrics.unitsPerEm)
        let ems = powerOfTwo ? DirectShaper.Ems(advances: p.advances.baseAddress! + from, adjust: p.breakAdjust.baseAddress! + from,
                                                scale: 1 / Double(face.metrics.unitsPerEm)) : nil
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * n) { tmp -> Bool in
            guard let packed = tmp.baseAddress else { return false }
            switch face.shapeDirectly(buf, range: u0..<u1, script: script, packed: packed, ems: ems) {
            case .harfBuzz:
                return false
            case .stored:
                break
            case .ligatures:
                distribute(&p, buf, UnsafeBufferPointer(tmp), from, to, u0, face)
            case .simple:
                let upem = Double(face.metrics.unitsPerEm)
                let powerOfTwo = Self.isFixedPointScale(face.metrics.unitsPerEm)
                if !powerOfTwo { p.fixedPoint = false }
                p.advances.withUnsafeMutableBufferPointer { advances in
                    p.breakAdjust.withUnsafeMutableBufferPointer { adjust in
                        if powerOfTwo {
                            // × 1/upem is exact for a power of two and equals ÷ upem to the bit;
                            // a multiplication costs a fraction of a division.
                            let scale = 1 / upem
                            for k in 0..<n {
                                advances[from + k] = Double(packed[2 * k]) * scale
                                adjust[from + k] = -Double(packed[2 * k + 1] >> 2) * scale
                            }
                        } else {
                            for k in 0..<n {
                                advances[from + k] = Double(packed[2 * k]) / upem
                                adjust[from + k] = -Double(packed[2 * k + 1] >> 2) / upem
                            }
                        }
                    }
                }
            }
            return true
        }
    }

    /// Shapes clusters `from ..< to` (one font, one script) and stores their advances in ems.
    private static func shapeRun(_ p: inout PreparedParagraph, _ buf: UnsafeBufferPointer<UInt16>,
                                 _ from: Int, _ to: Int, _ script: UInt32, _ chain: FontChain, _ cache: ShapeCache) {
        let face = chain.faces[Int(p.fonts[from])]
        let fontID = ObjectIdentifier(face).hashValue
        let u0 = p.start(from), u1 = Int(p.ends[to - 1])

        // Segments: split after each break opportunity inside the run (edges relative to u0).
        var edges: [Int] = [0]
        var clusterEdges: [Int] = [from]
        for g in from..<to where g == to - 1 || p.breakAfter[g] {
            edges.append(Int(p.ends[g]) - u0)
            clusterEdges.append(g + 1)
        }
        // A segment's context is the code unit on each side of it in the paragraph — across the
        // run's edges too: HarfBuzz sees the text around a run (Arabic joins across a font change).
        func key(_ units: ArraySlice<UInt16>, _ a: Int, _ b: Int) -> ShapeCache.Key {
            ShapeCache.Key(font: fontID, script: script, units: units,
                           before: u0 + a > 0 ? buf[u0 + a - 1] : 0, after: u0 + b < buf.count ? buf[u0 + b] : 0)
        }
        // The run's code units in an array of their own: cache keys and entries must not point
        // into the paragraph's storage, which goes when the paragraph does.
        let runUnits = Array(p.utf16[u0..<u1])
        var keys: [ShapeCache.Key] = []
        keys.reserveCapacity(edges.count - 1)
        for k in 0..<(edges.count - 1) {
            keys.append(key(runUnits[edges[k]..<edges[k + 1]], edges[k], edges[k + 1]))
        }
        if let segments = cache.lookup(keys) {
            for (k, s) in segments.enumerated() {
                s.run.packed.withUnsafeBufferPointer { packed in
                    distribute(&p, buf, UnsafeBufferPointer(rebasing: packed[(2 * s.offset)..<(2 * (s.offset + s.count))]),
                               clusterEdges[k], clusterEdges[k + 1], u0 + edges[k], face)
                }
            }
            return
        }
        var shaped = ShapedUnits(count: u1 - u0)
        face.shape(buf, range: u0..<u1, script: script, into: &shaped)
        let run = ShapedRun(units: runUnits, packed: shaped.packed)
        // Only runs of characters whose shaping depends on at most one code unit of context on
        // each side (what a key holds) are cached by segment: simple characters (those
        // `DirectShaper` knows), and Hebrew and Arabic letters, digits and punctuation without
        // marks or joiners — an Arabic letter's form depends on its neighbours' joining types
        // only, and with no transparent marks or ZWJ/ZWNJ those neighbours are the adjacent code
        // units. Marks, joiners, emoji sequences and surrogates are never cached: there a segment
        // could carry another paragraph's context (DeterminismTests).
        // The code units just outside the run are context too: they must be such units as well
        // (a mark or a joiner there would hide the character that really decides the shaping).
        // A run in a colour emoji font is cached by segment too when it holds emoji sequences only
        // and its regional indicators pair up (`isCacheableEmojiRun`): the font's ligatures form
        // sequences inside the run's own clusters, whatever the text around it (which the key's
        // two context units record anyway).
        let contextIsSimple = (u0 == 0 || Self.isCacheable(Int(buf[u0 - 1]))) && (u1 == buf.count || Self.isCacheable(Int(buf[u1])))
        if (contextIsSimple && runUnits.allSatisfy({ Self.isCacheable(Int($0)) })) || (face.isColor && Self.isCacheableEmojiRun(runUnits)) {
            cache.store(run, edges: edges, keyFor: key)
        }
        run.packed.withUnsafeBufferPointer { packed in
            distribute(&p, buf, packed, from, to, u0, face)
        }
    }

    /// Whether a run of a colour emoji font may be cached by segment: every character is one of an
    /// emoji sequence's (pictographs and symbols, skin-tone modifiers, VS16, ZWJ, the keycap mark,
    /// tag characters, digits, `#`, `*`) and every stretch of regional indicators has an even
    /// length. Each segment is then whole grapheme clusters (a sequence never breaks) and the
    /// font's ligatures stay inside them; an odd stretch of regional indicators is refused because
    /// the font would pair them from the second one ("🇺🇨🇳": a flag across two clusters).
    static func isCacheableEmojiRun(_ units: [UInt16]) -> Bool {
        var i = 0, indicators = 0
        while i < units.count {
            let c = units[i]
            var s = UInt32(c)
            if c & 0xFC00 == 0xD800 {
                guard i + 1 < units.count, units[i + 1] & 0xFC00 == 0xDC00 else { return false }
                s = 0x10000 + ((UInt32(c) & 0x3FF) << 10) + (UInt32(units[i + 1]) & 0x3FF)
                i += 2
            } else {
                guard c & 0xFC00 != 0xDC00 else { return false }
                i += 1
            }
            if (0x1F1E6...0x1F1FF).contains(s) {
                indicators += 1
                continue
            }
            guard indicators % 2 == 0 else { return false }
            indicators = 0
            switch s {
            case 0x1F000...0x1FAFF, 0x2100...0x2BFF, 0x200D, 0x20E3, 0xFE0F, 0x3030, 0x303D, 0x3297, 0x3299,
                 0x23, 0x2A, 0x30...0x39, 0xA9, 0xAE, 0x203C, 0x2049, 0xE0020...0xE007F:
                continue
            default:
                return false
            }
        }
        return indicators % 2 == 0
    }

    /// Whether a code unit's shaping depends on at most one code unit of context (see `shapeRun`).
    @inline(__always)
    static func isCacheable(_ c: Int) -> Bool {
        DirectShaper.isSimple(c)
            || (0x05D0...0x05EA).contains(c) || (0x05F0...0x05F4).contains(c) || c == 0x05BE  // Hebrew letters, ligatures, maqaf
            || (0x0621...0x064A).contains(c) || (0x0660...0x066D).contains(c)  // Arabic letters (tatweel too), digits, separators
            || c == 0x060C || c == 0x061B || c == 0x061F  // Arabic comma, semicolon, question mark
    }

    /// Turns per-code-unit advances (`packed`, see `ShapedRun`, starting at code unit `u0`) into
    /// per-cluster advances (ems) for clusters `from ..< to`. A ligature spans several clusters:
    /// the first carries the glyph, the others none; its advance is shared out in proportion to
    /// the clusters' own glyphs, so a line may end inside it with a sensible width.
    private static func distribute(_ p: inout PreparedParagraph, _ buf: UnsafeBufferPointer<UInt16>,
                                   _ packed: UnsafeBufferPointer<Int32>, _ from: Int, _ to: Int, _ u0: Int,
                                   _ face: GlyphSource) {
        // The common case first: every cluster one code unit with a glyph of its own, none of them
        // default-ignorable (nothing merged, nothing to share out): each cluster's advance and
        // kerning are its unit's — what the general loop below computes for such clusters.
        let start = p.start(from), end = Int(p.ends[to - 1])
        if end - start == to - from {
            let simple = CharacterTable.table.withUnsafeBufferPointer { table -> Bool in
                for u in start..<end {
                    let c = buf[u]
                    if packed[2 * (u - u0) + 1] & 1 == 0 || c & 0xF800 == 0xD800
                        || (c >= 0xAD && table[Int(c)] & CharacterTable.defaultIgnorable != 0) { return false }
                }
                return true
            }
            if simple {
                let upem = Double(face.metrics.unitsPerEm)
                if !Self.isFixedPointScale(face.metrics.unitsPerEm) { p.fixedPoint = false }
                let advances = p.advances, adjust = p.breakAdjust
                for k in 0..<(to - from) {
                    let u = start + k - u0
                    advances[from + k] = Double(packed[2 * u]) / upem
                    adjust[from + k] = -Double(packed[2 * u + 1] >> 2) / upem
                }
                return
            }
        }
        if let moved = movingMergedGlyphs(p, buf, packed, from, to, u0) {
            moved.withUnsafeBufferPointer { distribute(&p, buf, $0, from, to, u0, face) }
            return
        }
        @inline(__always) func hasGlyph(_ a: Int, _ b: Int) -> Bool {
            for u in a..<b where packed[2 * (u - u0) + 1] & 1 != 0 { return true }
            return false
        }
        let upem = Double(face.metrics.unitsPerEm)
        if !Self.isFixedPointScale(face.metrics.unitsPerEm) { p.fixedPoint = false }
        // A cluster of default-ignorable characters only (HarfBuzz removes their glyphs) stands on
        // its own with no advance, rather than joining the glyph before it as a ligature's part.
        @inline(__always) func ignorableOnly(_ k: Int) -> Bool {
            for u in p.start(k)..<Int(p.ends[k]) where !isDefaultIgnorable(buf, at: u) { return false }
            return true
        }
        var g = from
        while g < to {
            var h = g + 1
            while h < to && !hasGlyph(p.start(h), Int(p.ends[h])) && !ignorableOnly(h) { h += 1 }
            var sum: Int32 = 0, kern: Int32 = 0
            var softHyphen = false
            for u in p.start(g)..<Int(p.ends[h - 1]) {
                // A default-ignorable character never has width (HarfBuzz gives it the space
                // glyph's advance when the font has no glyph of its own for it).
                if isDefaultIgnorable(buf, at: u) {
                    if buf[u] == 0xAD { softHyphen = true }
                    continue
                }
                sum &+= packed[2 * (u - u0)]
                kern &+= packed[2 * (u - u0) + 1] >> 2
            }
            if h == g + 1 {
                p.advances[g] = Double(sum) / upem
                p.breakAdjust[g] = -Double(kern) / upem
                // A soft hyphen shows a hyphen only where a line breaks at it: its width counts
                // then (and only then), as the kerning taken back at a line's end does. Not at the
                // end of the text, where no line breaks at it.
                if softHyphen && sum == 0 && g + 1 < p.count {
                    p.breakAdjust[g] = Double(face.nominalAdvance(0x2D)) / upem
                }
                // An invisible cluster has no glyph: the kerning the glyph before it got is with
                // the glyph after it, and is taken back when the line ends here too.
                if sum == 0 && kern == 0 && g > from && ignorableOnly(g) {
                    p.breakAdjust[g] += p.breakAdjust[g - 1]
                }
            } else {
                p.fixedPoint = false  // shares of a ligature's advance are not whole font units
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

    /// Whether the character at code unit `u` (either half of a surrogate pair) has Unicode's
    /// Default_Ignorable_Code_Point property (DerivedCoreProperties.txt, Unicode 15).
    @inline(__always)
    static func isDefaultIgnorable(_ buf: UnsafeBufferPointer<UInt16>, at u: Int) -> Bool {
        let c = buf[u]
        if c < 0xAD { return false }
        if c & 0xFC00 == 0xD800, u + 1 < buf.count, buf[u + 1] & 0xFC00 == 0xDC00 {
            return isDefaultIgnorable(0x10000 + (UInt32(c & 0x3FF) << 10) + UInt32(buf[u + 1] & 0x3FF))
        }
        if c & 0xFC00 == 0xDC00, u > 0, buf[u - 1] & 0xFC00 == 0xD800 {
            return isDefaultIgnorable(0x10000 + (UInt32(buf[u - 1] & 0x3FF) << 10) + UInt32(c & 0x3FF))
        }
        return isDefaultIgnorable(UInt32(c))
    }

    /// Default_Ignorable_Code_Point (Unicode 15, DerivedCoreProperties.txt).
    static func isDefaultIgnorable(_ c: UInt32) -> Bool {
        switch c {
        case 0xAD, 0x34F, 0x61C, 0x115F...0x1160, 0x17B4...0x17B5, 0x180B...0x180F, 0x200B...0x200F, 0x202A...0x202E,
             0x2060...0x206F, 0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0, 0xFFF0...0xFFF8, 0x1BCA0...0x1BCA3,
             0x1D173...0x1D17A, 0xE0000...0xE0FFF:
            return true
        default:
            return false
        }
    }

    /// HarfBuzz removes default-ignorable characters' glyphs; where no glyph precedes them (at a
    /// run's start) it merges the next glyph's cluster back into theirs, so "\u{200B}ab" reports
    /// the "a" glyph at the ZWSP. Returns a copy of `packed` with each such glyph moved to the
    /// first character after the ignorables (when that character reports no glyph of its own), or
    /// nil when there is nothing to move.
    private static func movingMergedGlyphs(_ p: PreparedParagraph, _ buf: UnsafeBufferPointer<UInt16>,
                                           _ packed: UnsafeBufferPointer<Int32>, _ from: Int, _ to: Int,
                                           _ u0: Int) -> [Int32]? {
        let start = p.start(from), end = Int(p.ends[to - 1])
        var out: [Int32]? = nil
        var u = start
        while u < end {
            guard packed[2 * (u - u0) + 1] & 1 != 0, isDefaultIgnorable(buf, at: u) else { u += 1; continue }
            var v = u + 1
            while v < end && isDefaultIgnorable(buf, at: v) { v += 1 }
            if v < end && packed[2 * (v - u0) + 1] & 1 == 0 && packed[2 * (v - u0)] == 0 {
                if out == nil { out = Array(packed) }
                out![2 * (v - u0)] = packed[2 * (u - u0)]
                out![2 * (v - u0) + 1] = packed[2 * (u - u0) + 1]
                out![2 * (u - u0)] = 0
                out![2 * (u - u0) + 1] = 0
            }
            u = v
        }
        return out
    }

    /// Whether font units over `unitsPerEm` are multiples of 2⁻¹⁶ (a power of two up to 65,536).
    static func isFixedPointScale(_ unitsPerEm: Int) -> Bool {
        unitsPerEm > 0 && unitsPerEm <= 65_536 && unitsPerEm & (unitsPerEm - 1) == 0
    }

    /// Gives clusters of common script (punctuation, digits, spaces) the script of the text
    /// before them, or after them at the start; Latin when the text has no script at all.
    private static func resolveScripts(_ scripts: UnsafeMutableBufferPointer<UInt32>) {
        var current: UInt32 = 0
        var first = -1  // the first cluster with a script of its own
        // Common and strong clusters alternate without pattern in mixed text: no branch on them.
        for i in scripts.indices {
            let s = scripts[i]
            let strong = UInt32(truncatingIfNeeded: (s != 0 ? 1 : 0) as UInt64)
            current = current &+ (s &- current) &* strong  // s when strong (× 1, not a choice)
            scripts[i] = current
            if _slowPath(first < 0) && s != 0 { first = i }
        }
        // Only the clusters before the first strong one are still 0: they take its script.
        let lead = first < 0 ? latin : scripts[first]
        for i in 0..<(first < 0 ? scripts.count : first) { scripts[i] = lead }
    }

    static let latin: UInt32 = 0x4C61_746E  // 'Latn'
    static let han: UInt32 = 0x4861_6E69  // 'Hani'

    /// The strong script of a scalar, or 0 for common, inherited and unknown ones.
    @inline(__always)
    static func strongScript(_ s: UInt32) -> UInt32 {
        if s < 0x80 {  // ASCII: letters are Latin, the rest common
            return (s >= 0x41 && s <= 0x5A) || (s >= 0x61 && s <= 0x7A) ? latin : 0
        }
        if s >= 0x4E00 && s <= 0x9FFF { return han }
        // A default-ignorable character (U+180E is Mongolian, U+3164 Hangul) must not start a
        // script run of its own: that would split the text around it and lose kerning across it.
        if isDefaultIgnorable(s) { return 0 }
        let sc = FontFace.script(of: s)
        return sc == FontFace.commonScript || sc == FontFace.inheritedScript || sc == FontFace.unknownScript ? 0 : sc
    }

    private static func firstScalar(_ buf: UnsafeBufferPointer<UInt16>, _ at: Int) -> UInt32 {
        let u = buf[at]
        if u & 0xFC00 == 0xD800, at + 1 < buf.count, buf[at + 1] & 0xFC00 == 0xDC00 {
            return 0x10000 + (UInt32(u & 0x3FF) << 10 | UInt32(buf[at + 1] & 0x3FF))
        }
        return UInt32(u)
    }

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

    /// Whether `buf` has a code unit of a right-to-left block (Hebrew, Arabic, Syriac, Thaana, NKo,
    /// Samaritan, Mandaic, their presentation forms, the supplementary right-to-left blocks) or an
    /// explicit right-to-left mark, embedding, override or isolate.
    static func hasRightToLeft(_ buf: UnsafeBufferPointer<UInt16>) -> Bool {
        for c in buf {
            switch c {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFE, 0x200F, 0x202B, 0x202E, 0x2067, 0x061C:
                return true
            case 0xD802, 0xD803, 0xD83A, 0xD83B:  // high surrogates of U+10800–10FFF, U+1E800–1EFFF
                return true
            default:
                continue
            }
        }
        return false
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
