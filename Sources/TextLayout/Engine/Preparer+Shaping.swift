/// Shaping a paragraph's runs (`Preparer.shapeRuns`): straight from the font's tables where that
/// is exact (`DirectShaper`), else by HarfBuzz through the shared `ShapeCache`; then the glyphs'
/// advances turned into the clusters' advances.
extension Preparer {
    /// Shapes clusters `from ..< to` (one font, one script) straight from the font's tables if the
    /// run is simple (see `DirectShaper`: the same advances as HarfBuzz's, so no cache is needed)
    /// and stores their advances in ems; false when HarfBuzz must shape it.
    static func shapeDirectly(_ p: inout PreparedParagraph, _ buf: UnsafeBufferPointer<UInt16>,
                              _ from: Int, _ to: Int, _ script: UInt32, _ chain: FontChain) -> Bool {
        shapeDirectlyReporting(&p, buf, from, to, script, chain) != .harfBuzz
    }

    /// `shapeDirectly(_:_:_:_:_:_:)`, saying how: `.harfBuzz` when nothing was shaped, `.simple`
    /// or `.stored` for one glyph per unit with nothing substituted, `.ligatures` otherwise (then
    /// `marks[i]` gets `ligatureMark` for each cluster i sharing a ligature's advance).
    static func shapeDirectlyReporting(_ p: inout PreparedParagraph, _ buf: UnsafeBufferPointer<UInt16>,
                                       _ from: Int, _ to: Int, _ script: UInt32, _ chain: FontChain,
                                       marks: UnsafeMutablePointer<UInt8>? = nil) -> DirectShaper.Outcome {
        let u0 = p.start(from), u1 = Int(p.ends[to - 1])
        let n = u1 - u0
        guard n == to - from else { return .harfBuzz }  // a cluster of several code units
        return chain.withFace(Int(p.fonts[from])) { face in
            shapeDirectly(&p, buf, from, to, u0, n, script, face, marks: marks)
        }
    }

    /// `shapeDirectlyReporting` with the run's face.
    static func shapeDirectly(_ p: inout PreparedParagraph, _ buf: UnsafeBufferPointer<UInt16>, _ from: Int, _ to: Int,
                              _ u0: Int, _ n: Int, _ script: UInt32, _ face: GlyphSource,
                              marks: UnsafeMutablePointer<UInt8>? = nil) -> DirectShaper.Outcome {
        let u1 = u0 + n
        // A power-of-two units per em: the advances go straight into the paragraph, in ems.
        let powerOfTwo = Self.isFixedPointScale(face.metrics.unitsPerEm)
        let ems = powerOfTwo ? DirectShaper.Ems(advances: p.advances.baseAddress! + from, adjust: p.breakAdjust.baseAddress! + from,
                                                scale: 1 / Double(face.metrics.unitsPerEm)) : nil
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * n) { tmp -> DirectShaper.Outcome in
            guard let packed = tmp.baseAddress else { return .harfBuzz }
            let outcome = face.shapeDirectly(buf, range: u0..<u1, script: script, packed: packed, ems: ems)
            switch outcome {
            case .harfBuzz, .stored:
                break
            case .ligatures:
                distribute(&p, buf, UnsafeBufferPointer(tmp), from, to, u0, face, marks: marks)
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
            return outcome
        }
    }

    /// Shapes clusters `from ..< to` (one font, one script) from a colour emoji face's cluster
    /// table (`EmojiClusters`): HarfBuzz's answer, when the run is one HarfBuzz shapes cluster by
    /// cluster — emoji sequences only, regional indicators in pairs, a script HarfBuzz's default
    /// shaper takes left to right — and every cluster is in the table. False otherwise.
    static func shapeEmojiClusters(_ p: inout PreparedParagraph, _ buf: UnsafeBufferPointer<UInt16>,
                                   _ from: Int, _ to: Int, _ script: UInt32, _ chain: FontChain) -> Bool {
        let face = chain.faces[Int(p.fonts[from])]
        guard face.isColor, script == 0 || script == FontFace.commonScript
                || (DirectShaper.scripts.contains(script) && !DirectShaper.isRightToLeft(script)) else { return false }
        let u0 = p.start(from), u1 = Int(p.ends[to - 1])
        guard isCacheableEmojiRun(UnsafeBufferPointer(rebasing: buf[u0..<u1])), let table = face.emojiClusters() else { return false }
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * (u1 - u0)) { tmp -> Bool in
            guard let base = tmp.baseAddress else { return false }
            for k in from..<to {
                let s = p.start(k), e = Int(p.ends[k])
                guard table.write(UnsafeBufferPointer(rebasing: buf[s..<e]), into: base + 2 * (s - u0)) else { return false }
            }
            distribute(&p, buf, UnsafeBufferPointer(tmp), from, to, u0, face)
            return true
        }
    }

    /// Shapes clusters `from ..< to` (one font, one script) and stores their advances in ems.
    static func shapeRun(_ p: inout PreparedParagraph, _ buf: UnsafeBufferPointer<UInt16>,
                         _ from: Int, _ to: Int, _ script: UInt32, _ chain: FontChain, _ cache: ShapeCache) {
        let face = chain.faces[Int(p.fonts[from])]
        let fontID = ObjectIdentifier(face).hashValue
        let u0 = p.start(from), u1 = Int(p.ends[to - 1])

        // Segments: split after each break opportunity inside the run (edges relative to u0).
        var edges: [Int] = [0]
        var clusterEdges: [Int] = [from]
        var count = 1
        for g in from..<(to - 1) where p.breakAfter[g] { count += 1 }
        edges.reserveCapacity(count + 1)
        clusterEdges.reserveCapacity(count + 1)
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
            // Segments of one-unit clusters with glyphs of their own are written here, without a
            // call per segment; any other goes to `distribute`'s general case.
            CharacterTable.table.withUnsafeBufferPointer { table in
                for (k, s) in segments.enumerated() {
                    let from = clusterEdges[k], to = clusterEdges[k + 1], start = u0 + edges[k]
                    s.run.packed.withUnsafeBufferPointer { all in
                        let packed = UnsafeBufferPointer(rebasing: all[(2 * s.offset)..<(2 * (s.offset + s.count))])
                        if !distributeOneUnitClusters(&p, buf, packed, from, to, start, face, table) {
                            distributeMerged(&p, buf, packed, from, to, start, face)
                        }
                    }
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
        units.withUnsafeBufferPointer { isCacheableEmojiRun($0) }
    }

    /// `isCacheableEmojiRun(_:)` on code units in place.
    static func isCacheableEmojiRun(_ units: UnsafeBufferPointer<UInt16>) -> Bool {
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

    /// Whether a code unit's shaping depends on at most one code unit of context (see `shapeRun`):
    /// the characters the direct shaper knows (`DirectShaper.isSimple`), Hebrew and Arabic letters,
    /// digits and punctuation without marks among them.
    @inline(__always)
    static func isCacheable(_ c: Int) -> Bool { DirectShaper.isSimple(c) }

    /// Turns per-code-unit advances (`packed`, see `ShapedRun`, starting at code unit `u0`) into
    /// per-cluster advances (ems) for clusters `from ..< to`. A ligature spans several clusters:
    /// the first carries the glyph, the others none; its advance is shared out in proportion to
    /// the clusters' own glyphs, so a line may end inside it with a sensible width.
    static func distribute(_ p: inout PreparedParagraph, _ buf: UnsafeBufferPointer<UInt16>,
                           _ packed: UnsafeBufferPointer<Int32>, _ from: Int, _ to: Int, _ u0: Int,
                           _ face: GlyphSource, marks: UnsafeMutablePointer<UInt8>? = nil) {
        let simple = CharacterTable.table.withUnsafeBufferPointer { table in
            distributeOneUnitClusters(&p, buf, packed, from, to, u0, face, table)
        }
        if !simple { distributeMerged(&p, buf, packed, from, to, u0, face, marks: marks) }
    }

    /// The bit `distribute` sets in `marks[i]` (when given) for each cluster i sharing out a
    /// ligature's advance: its advance is then not a whole number of font units.
    static let ligatureMark: UInt8 = 16

    /// `distribute`'s common case: every cluster one code unit with a glyph of its own, none of
    /// them default-ignorable (nothing merged, nothing to share out) — each cluster's advance and
    /// kerning are its unit's, what the general case computes for such clusters. False (nothing
    /// written) for any other clusters. `table` is `CharacterTable.table`.
    @inline(__always)
    static func distributeOneUnitClusters(_ p: inout PreparedParagraph, _ buf: UnsafeBufferPointer<UInt16>,
                                          _ packed: UnsafeBufferPointer<Int32>, _ from: Int, _ to: Int, _ u0: Int,
                                          _ face: GlyphSource, _ table: UnsafeBufferPointer<UInt16>) -> Bool {
        let start = p.start(from), end = Int(p.ends[to - 1])
        guard end - start == to - from else { return false }
        for u in start..<end {
            let c = buf[u]
            if packed[2 * (u - u0) + 1] & 1 == 0 || c & 0xF800 == 0xD800
                || (c >= 0xAD && table[Int(c)] & CharacterTable.defaultIgnorable != 0) { return false }
        }
        let upem = Double(face.metrics.unitsPerEm)
        if !Self.isFixedPointScale(face.metrics.unitsPerEm) { p.fixedPoint = false }
        let advances = p.advances, adjust = p.breakAdjust
        for k in 0..<(to - from) {
            let u = start + k - u0
            advances[from + k] = Double(packed[2 * u]) / upem
            adjust[from + k] = -Double(packed[2 * u + 1] >> 2) / upem
        }
        return true
    }

    /// `distribute`'s general case: glyphs merged into a run of ignorables moved out, ligatures'
    /// advances shared out, invisible clusters and soft hyphens.
    static func distributeMerged(_ p: inout PreparedParagraph, _ buf: UnsafeBufferPointer<UInt16>,
                                 _ packed: UnsafeBufferPointer<Int32>, _ from: Int, _ to: Int, _ u0: Int,
                                 _ face: GlyphSource, marks: UnsafeMutablePointer<UInt8>? = nil) {
        if let moved = movingMergedGlyphs(p, buf, packed, from, to, u0) {
            moved.withUnsafeBufferPointer { distribute(&p, buf, $0, from, to, u0, face, marks: marks) }
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
                    marks?[k] |= ligatureMark
                }
            }
            g = h
        }
    }

    /// HarfBuzz removes default-ignorable characters' glyphs; where no glyph precedes them (at a
    /// run's start) it merges the next glyph's cluster back into theirs, so "\u{200B}ab" reports
    /// the "a" glyph at the ZWSP. Returns a copy of `packed` with each such glyph moved to the
    /// first character after the ignorables (when that character reports no glyph of its own), or
    /// nil when there is nothing to move.
    static func movingMergedGlyphs(_ p: PreparedParagraph, _ buf: UnsafeBufferPointer<UInt16>,
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
}
