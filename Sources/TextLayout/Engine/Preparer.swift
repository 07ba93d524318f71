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
    /// `words: false` leaves the word cache out (`prepareWords`; tests compare the two).
    /// `fused: false` takes the separate passes where the one-pass kernel applies
    /// (`prepareSimpleWords`; tests compare the two).
    static func prepare(_ text: String, chain: FontChain, cache: ShapeCache, direct: Bool = true,
                        general: Bool = false, segments: Bool = true, words: Bool = true,
                        fused: Bool = true) -> PreparedParagraph {
        var p = PreparedParagraph.empty(metrics: chain.metrics)
        // (Filled in a function of its own: captured by the closures there, the paragraph could
        // not be moved out when returned — it was copied, a retain of each of its buffers and
        // arrays, and the local released.)
        fill(&p, text, chain: chain, cache: cache, direct: direct, general: general, segments: segments, words: words,
             fused: fused)
        return p
    }

    /// `prepare`'s work, on the empty paragraph `p`.
    private static func fill(_ p: inout PreparedParagraph, _ text: String, chain: FontChain, cache: ShapeCache, direct: Bool,
                             general: Bool, segments: Bool, words: Bool, fused: Bool) {
        p.ellipsisAdvance = chain.ellipsisAdvance
        p.ellipsisFont = UInt8(chain.ellipsisFont)
        var text = text
        let units = text.withUTF8 { utf16Count($0) }
        guard units > 0 else { return }
        p.allocate(units: units)
        p.fixedPoint = true  // until a run says otherwise
        let utf16 = p.utf16
        text.withUTF8 { transcode($0, into: utf16) }
        p.text = text
        let buf = UnsafeBufferPointer(p.utf16)
        // Each unit's script, then room for the one pass's words (`WordScratch`), in this thread's
        // scratch memory.
        let scriptBytes = (4 * units + 15) & ~15
        let done = PreparationScratch.with(bytes: scriptBytes + units * WordScratch.stride) { block -> Bool in
            let scripts = UnsafeMutableBufferPointer(start: block.bindMemory(to: UInt32.self, capacity: units), count: units)
            // Simple text word by word in one pass (`prepareSimpleWords`), where it applies; else
            // the passes one after another, from the start.
            let wordPath = !general && direct && segments && words && cache.words.isWarm()
            if fused && wordPath && prepareSimpleWords(&p, buf, chain: chain, cache: cache, scripts: scripts,
                                                       words: block + scriptBytes) { return true }
            let simple = !general && classifySimple(&p, buf, chain: chain, scripts: scripts)
            if !simple {
                p.setClusterCount(UnicodeBreaks.graphemeEnds(buf, into: p.ends))
                classify(&p, buf, chain: chain, scripts: scripts)
            }
            let n = p.count
            resolveScripts(UnsafeMutableBufferPointer(rebasing: scripts[0..<n]))
            // Simple text word by word from the word cache (advances and segments both).
            if simple && wordPath && prepareWords(&p, buf, scripts, chain, cache) {
                return true
            }
            shapeRuns(&p, buf, 0..<n, scripts, chain, cache, direct: direct)
            return false
        }
        if segments && !done { p.buildSegments() }
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
        let first = range.lowerBound, end = range.upperBound
        // The buffers read in place (their addresses never change while `p` is shaped).
        let kinds = p.kinds.baseAddress.unsafelyUnwrapped, fonts = p.fonts.baseAddress.unsafelyUnwrapped
        let runScripts = scripts.baseAddress.unsafelyUnwrapped
        var g = first
        while g < end {
            if kinds[g] == .newline { g += 1; continue }
            let s = runScripts[g - first], f = fonts[g]
            var h = g + 1
            while h < end && kinds[h] != .newline && fonts[h] == f && runScripts[h - first] == s { h += 1 }
            if !(direct && (shapeDirectly(&p, buf, g, h, s, chain) || shapeEmojiClusters(&p, buf, g, h, s, chain))) {
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
            // One pass: each character's entry read once for its class, kind, font and script,
            // written as it goes — and on a character this path does not take (no simple class,
            // a character no font has), given up: the caller starts afresh, and `ends` gets back
            // the room ICU's grapheme ends need.
            // Nothing zeroed first: every cluster's end, kind, font and script are written below, its
            // break flag by `decideBreaks`, its advance and kerning by shaping (a hard break, which
            // is not shaped, gets zeros here).
            p.setClusterCount(n, zeroed: false)
            let ends = p.ends, kinds = p.kinds, fonts = p.fonts, advances = p.advances, adjust = p.breakAdjust
            var rightToLeft = false
            var used: UInt8 = 0  // the fonts used, or-ed: 0 = only the primary
            // `classifyScalar` for each character, with the tables read in place (no bounds
            // checks, no reference counting) and no jump on what a character is, bar hard breaks.
            let failed = table.withUnsafeBufferPointer { table -> Bool in
                palette.withUnsafeBufferPointer { palette -> Bool in
                    chain.bmpFonts.withUnsafeBufferPointer { bmpFonts -> Bool in
                        chain.bmpUncovered.withUnsafeBufferPointer { uncovered -> Bool in
                            for i in 0..<n {
                                let u = Int(buf[i])
                                let entry = table[u]
                                // A class (1 ... po), cast rather than looked up; a character no font
                                // has (reported missing by the general path) is not taken either.
                                guard entry & CharacterTable.simpleClass != 0,
                                      uncovered[u >> 6] & (1 << UInt64(u & 63)) == 0 else { return true }
                                let c = unsafeBitCast(UInt8(truncatingIfNeeded: entry & CharacterTable.lineClassMask),
                                                      to: UnicodeBreaks.Class.self)
                                guard !(c == .op && i > 0 && classes[i - 1] == .po) else { return true }
                                rightToLeft = rightToLeft || (u >= 0x0590 && u < 0x0900)
                                classes[i] = c
                                ends[i] = Int32(truncatingIfNeeded: i &+ 1)
                                if _slowPath(entry & CharacterTable.hardBreak != 0) {
                                    kinds[i] = .newline
                                    fonts[i] = i > 0 ? fonts[i - 1] : 0
                                    scripts[i] = 0
                                    used |= fonts[i]
                                    advances[i] = 0
                                    adjust[i] = 0
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
                            return false
                        }
                    }
                }
            }
            if failed {
                p.ends = UnsafeMutableBufferPointer(start: p.ends.baseAddress, count: n + 1)
                return false
            }
            p.hasRightToLeft = rightToLeft
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

    static func firstScalar(_ buf: UnsafeBufferPointer<UInt16>, _ at: Int) -> UInt32 {
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
