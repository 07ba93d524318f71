/// Preparing simple text word by word (`WordCache`): a paragraph whose every cluster is one code
/// unit (`classifySimple`'s text) is cut where lines may break; each word found in the cache gets
/// its advances and its segment sums copied, and only the runs holding a word not found are
/// shaped (then its values are stored). The segments are written from the words' sums, not
/// summed cluster by cluster. The answer is the one `shapeRuns` + `buildSegments` give, to the
/// bit (`WordCacheTests` compares every buffer of both on random and corpus text).
extension Preparer {
    /// Advances and segments of `p` (classified by `classifySimple`, scripts resolved) from the
    /// word cache, shaping only runs with a word it lacks. False — nothing written — for a
    /// paragraph this path does not take (right-to-left text, 2¹⁵ clusters or more, 64 fonts or
    /// more in the chain); `shapeRuns` and `buildSegments` then do the work. A hard break is a
    /// word of its own, and ends the word and the run before it.
    static func prepareWords(_ p: inout PreparedParagraph, _ buf: UnsafeBufferPointer<UInt16>,
                             _ scripts: UnsafeMutableBufferPointer<UInt32>, _ chain: FontChain, _ cache: ShapeCache) -> Bool {
        let n = p.count
        guard n > 0, n < 1 << 15, n == buf.count, !p.hasRightToLeft, chain.faces.count < 64, let tables = chain.words,
              let text = buf.baseAddress, let sc = scripts.baseAddress else { return false }
        let kinds = p.kinds.baseAddress.unsafelyUnwrapped, breaks = p.breakAfter.baseAddress.unsafelyUnwrapped
        let fonts = p.fonts.baseAddress.unsafelyUnwrapped
        let advances = p.advances.baseAddress.unsafelyUnwrapped, adjust = p.breakAdjust.baseAddress.unsafelyUnwrapped
        // (The chain reached through a pointer: captured by the closures below, it was copied —
        // a retain and a release of each of its arrays, which every thread shares — about twice
        // a paragraph; only a paragraph with a word to shape reads it.)
        let chainID = chain.id
        return withUnsafePointer(to: chain) { chainAt in
        withUnsafeTemporaryAllocation(byteCount: n * WordScratch.stride, alignment: 8) { scratch -> Bool in
            let block = WordScratch(scratch.baseAddress.unsafelyUnwrapped, words: n)
            let keys = block.keys, summaries = block.summaries, found = block.found
            let traits = tables.traits, plainAdvance = tables.advances
            // The words: a word ends after a break opportunity, before a hard break and at the
            // text's end; a hard break is a word of its own (as `le_segments` makes segments).
            var k = 0, start = 0, lookups = 0
            var hardBreaks = false
            var hash = WordCache.hashBasis
            var direct = true  // every unit so far plain and never kerned (`WordTables.advances`)
            // Ends the word of units `start ... i` (its hash and `direct` as they stand).
            @inline(__always) func endWord(at i: Int) {
                let script = sc[start]
                if direct && (script == latin || script == han) {
                    // Its advances are the units' own, nothing to look up (no kerning, no rule, a
                    // run the fonts' tables shape): written here with the summary `le_segments`
                    // would make.
                    // (And summed as they are written — `summary`'s sums in one pass: the
                    // kerning taken back at the end is −0, which changes no sum.)
                    var width = 0.0, content = -Double.infinity, mask: UInt64 = 0
                    for j in start...i {
                        let advance = Double(plainAdvance[Int(text[j])])
                        advances[j] = advance
                        adjust[j] = -0.0  // (kerning 0, taken back: −0 as the shaper writes it)
                        width += advance
                        if kinds[j] == .text { content = width }
                        mask |= 1 << UInt64(fonts[j])  // (fonts below 64: this path's chains have fewer)
                    }
                    summaries[k] = WordCache.Summary(width: width, content: content == -.infinity ? .infinity : content, mask: mask)
                    found[k] = true
                    keys[k] = WordCache.Key(start: Int32(truncatingIfNeeded: start), count: Int32(truncatingIfNeeded: i + 1 - start),
                                            script: script, next: 0, hash: 0)
                } else {
                    var next: UInt32 = 0
                    // (A run ends at a hard break: nothing after it to kern with, as at the end.)
                    if i + 1 < n && traits[Int(text[i])] & DirectShaper.wordKerns != 0 && kinds[i + 1] != .newline
                        && fonts[i + 1] == fonts[i] && sc[i + 1] == sc[i] {
                        next = 0x10000 | UInt32(text[i + 1])
                    }
                    keys[k] = WordCache.Key(start: Int32(truncatingIfNeeded: start), count: Int32(truncatingIfNeeded: i + 1 - start),
                                            script: script, next: next,
                                            hash: WordCache.finish(hash, chain: chainID, script: script, next: next))
                    found[k] = false
                    lookups += 1
                }
                k += 1
                start = i + 1
                hash = WordCache.hashBasis
                direct = true
            }
            for i in 0..<n {
                if _slowPath(kinds[i] == .newline) {
                    // The word before it ends here (no break opportunity comes before a hard break).
                    if start < i { endWord(at: i - 1) }
                    hardBreaks = true
                    // No advance (`classifySimple` wrote 0), no text, no font, nothing to look up.
                    summaries[k] = WordCache.Summary(width: 0, content: .infinity, mask: 0)
                    found[k] = true
                    keys[k] = WordCache.Key(start: Int32(truncatingIfNeeded: i), count: 1, script: 0, next: 0, hash: 0)
                    k += 1
                    start = i + 1
                    continue
                }
                let u = text[i]
                hash = (hash ^ UInt64(u)) &* WordCache.hashPrime
                direct = direct && !plainAdvance[Int(u)].isNaN
                if breaks[i] || i == n - 1 { endWord(at: i) }
            }
            finishWords(&p, buf, scripts, chainAt, cache, keys: keys, summaries: summaries, found: found, count: k,
                        lookups: lookups, hardBreaks: hardBreaks)
            return true
        }
        }
    }

    /// One block of scratch memory for a paragraph's words: per word its key, its summary and
    /// whether it is done (`prepareWords`, `prepareSimpleWords`).
    struct WordScratch {
        static let stride = MemoryLayout<WordCache.Key>.stride + MemoryLayout<WordCache.Summary>.stride + 1
        let keys: UnsafeMutablePointer<WordCache.Key>
        let summaries: UnsafeMutablePointer<WordCache.Summary>
        let found: UnsafeMutablePointer<Bool>

        /// The block at `base` (8-byte aligned, `words * stride` bytes).
        init(_ base: UnsafeMutableRawPointer, words n: Int) {
            keys = base.bindMemory(to: WordCache.Key.self, capacity: n)
            summaries = (base + n * MemoryLayout<WordCache.Key>.stride).bindMemory(to: WordCache.Summary.self, capacity: n)
            found = (base + n * (MemoryLayout<WordCache.Key>.stride + MemoryLayout<WordCache.Summary>.stride))
                .bindMemory(to: Bool.self, capacity: n)
        }
    }

    /// What follows finding a paragraph's `count` words (`prepareWords`' loop, or `le_simple_words`):
    /// each word not written directly looked up in the word cache, the runs holding a word it
    /// lacks shaped, the segments written from the words' sums.
    static func finishWords(_ p: inout PreparedParagraph, _ buf: UnsafeBufferPointer<UInt16>,
                            _ scripts: UnsafeMutableBufferPointer<UInt32>, _ chainAt: UnsafePointer<FontChain>,
                            _ cache: ShapeCache, keys: UnsafeMutablePointer<WordCache.Key>,
                            summaries: UnsafeMutablePointer<WordCache.Summary>, found: UnsafeMutablePointer<Bool>,
                            count k: Int, lookups: Int, hardBreaks: Bool) {
        let words = UnsafeBufferPointer(start: keys, count: k)
        let missing = cache.words.fetch(chain: chainAt.pointee.id, words, missing: lookups, text: buf.baseAddress.unsafelyUnwrapped,
                                        advances: p.advances.baseAddress.unsafelyUnwrapped,
                                        adjust: p.breakAdjust.baseAddress.unsafelyUnwrapped, summaries: summaries, found: found)
        if missing > 0, let tables = chainAt.pointee.words {
            shapeMissingWords(&p, buf, scripts, chainAt.pointee, cache, words, summaries, found, tables.traits)
        }
        // Sums of words add up exactly only when every value is a whole number of units
        // over a power-of-two units per em (a run shaped just now, or a word found with a
        // ligature's shares, may say otherwise): else the clusters are summed.
        if p.fixedPoint {
            for w in 0..<k where summaries[w].mask & WordCache.inexact != 0 {
                p.fixedPoint = false
                break
            }
        }
        if p.fixedPoint {
            writeSegments(&p, words, summaries, hardBreaks: hardBreaks)
        } else {
            p.buildSegments()
        }
    }

    /// Shapes every run (one font, one script) holding a word not found, as `shapeRuns` does; then
    /// works out the summary of every word over a run shaped now (a word found, or written
    /// directly, may share a run with one that was not: its values are the shaping's now) and
    /// stores the words not found that may be reused: every run over them shaped from the font's
    /// tables (nothing HarfBuzz shaped), each of their units plain in its font or the first glyph
    /// of ligatures that cannot reach past the word (`WordTables.traits`: whether one forms is
    /// then the word's own affair), no ligature from before it reaching it where ligatures formed
    /// in its run (`reach`, unknown reaching everything), and — when its last glyph kerns — the
    /// unit after it plain (the glyph after it that unit's own, not the first of a ligature, which
    /// kerns otherwise). Such a word's glyphs and pairs are those of every run it appears in.
    /// (Stored only from runs where nothing formed, one "fi" kept every word of its run out of the
    /// cache: 44 % of the oracle corpus's text was shaped again on every pass.)
    private static func shapeMissingWords(_ p: inout PreparedParagraph, _ buf: UnsafeBufferPointer<UInt16>,
                                          _ scripts: UnsafeMutableBufferPointer<UInt32>, _ chain: FontChain,
                                          _ cache: ShapeCache, _ words: UnsafeBufferPointer<WordCache.Key>,
                                          _ summaries: UnsafeMutablePointer<WordCache.Summary>,
                                          _ found: UnsafeMutablePointer<Bool>, _ traits: UnsafePointer<UInt8>) {
        let n = p.count, k = words.count
        let fonts = p.fonts.baseAddress.unsafelyUnwrapped, kinds = p.kinds.baseAddress.unsafelyUnwrapped
        let sc = scripts.baseAddress.unsafelyUnwrapped, text = buf.baseAddress.unsafelyUnwrapped
        let shapedNow: UInt8 = 1, substituted: UInt8 = 2, ligated: UInt8 = 4
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: k) { whichBuffer in
        // Per cluster: whether a run over it was shaped now, and whether otherwise than from the
        // font's tables with nothing substituted.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: n) { stateBuffer in
            let which = whichBuffer.baseAddress.unsafelyUnwrapped, state = stateBuffer.baseAddress.unsafelyUnwrapped
            state.initialize(repeating: 0, count: n)
            var shapedTo = 0  // runs are shaped left to right: everything before this is done
            for w in 0..<k where !found[w] {
                let s = Int(words[w].start), e = s + Int(words[w].count)
                guard e > shapedTo else { continue }  // its runs were shaped for an earlier word
                // (Runs as `shapeRuns` makes them: one font and one script between hard breaks.)
                var g = max(s, shapedTo)
                while g > 0 && g > shapedTo && kinds[g - 1] != .newline && fonts[g - 1] == fonts[g] && sc[g - 1] == sc[g] { g -= 1 }
                while g < e {
                    let f = fonts[g], script = sc[g]
                    var h = g + 1
                    while h < n && kinds[h] != .newline && fonts[h] == f && sc[h] == script { h += 1 }
                    let outcome = shapeDirectlyReporting(&p, buf, g, h, script, chain, marks: state)
                    if outcome == .harfBuzz && !shapeEmojiClusters(&p, buf, g, h, script, chain) {
                        shapeRun(&p, buf, g, h, script, chain, cache)
                    }
                    let shaped = outcome == .simple || outcome == .stored ? shapedNow
                        : outcome == .ligatures ? shapedNow | ligated : shapedNow | substituted
                    for i in g..<h { state[i] |= shaped }  // (after the ligature marks shaping set)
                    shapedTo = h
                    g = h
                }
            }
            let advances = p.advances.baseAddress.unsafelyUnwrapped, adjust = p.breakAdjust.baseAddress.unsafelyUnwrapped
            let unknown = Int(DirectShaper.wordReachUnknown)
            @inline(__always) func reach(_ i: Int) -> Int { Int(traits[Int(text[i])] & 63) }
            // (Whether unit j may be a ligature's glyph after its first: a unit that may not ends
            // any ligature before it.)
            @inline(__always) func continues(_ j: Int) -> Bool {
                let t = traits[Int(text[j])]
                return t & DirectShaper.wordContinues != 0 || t & 63 == DirectShaper.wordReachUnknown
            }
            // Where a ligature starting at unit i (reach r, known) can end at most: before the
            // first unit after i that cannot continue one, looking no further than `limit`.
            @inline(__always) func ligatureEnd(_ i: Int, _ r: Int, limit: Int) -> Int {
                var j = i + 1
                while j < i + r && j < limit && continues(j) { j += 1 }
                return j < i + r && j < limit ? j : i + r
            }
            @inline(__always) func sameRun(_ i: Int, _ j: Int) -> Bool {
                fonts[i] == fonts[j] && sc[i] == sc[j] && kinds[i] != .newline && kinds[j] != .newline
            }
            // Where a run had ligatures: per unit, whether a rule starting before it in its run
            // can reach it (bit 3 of `state`), from the furthest any unit before it reaches.
            let touched: UInt8 = 8
            var reachEnd = 0
            for i in 0..<n where state[i] & ligated != 0 {
                if i == 0 || !sameRun(i - 1, i) || state[i - 1] & ligated == 0 { reachEnd = 0 }
                if reachEnd > i { state[i] |= touched }
                let r = reach(i)
                reachEnd = r >= unknown ? Int.max : max(reachEnd, r == 0 ? i : ligatureEnd(i, r, limit: n))
            }
            var stored = 0
            for w in 0..<k {
                let s = Int(words[w].start), e = s + Int(words[w].count)
                // (A word is over a run shaped now if any of its clusters is: its first or last,
                // runs being contiguous and a word's runs shaped whole.)
                guard (state[s] | state[e - 1]) & shapedNow != 0 else { continue }
                summaries[w] = summary(s, e, advances, adjust, kinds, fonts)
                // (Rules starting in the word stay in it; where ligatures formed in its run, none
                // from before reached it; and if its last glyph kerns, the glyph after it is the
                // next unit's own: a ligature starting there is not kerned as that unit is.)
                var reusable = !found[w] && (state[s] & ligated == 0 || state[s] & touched == 0)
                for i in s..<e where reusable {
                    // (Only the word's own units are read: what follows it differs from one
                    // paragraph to the next.)
                    let r = reach(i)
                    reusable = (r == 0 || (r < unknown && ligatureEnd(i, r, limit: e) <= e)) && state[i] & substituted == 0
                }
                if reusable, e < n, traits[Int(text[e - 1])] & DirectShaper.wordKerns != 0, sameRun(e - 1, e) {
                    reusable = reach(e) == 0
                }
                if reusable {
                    // A word sharing out a ligature's advance is not in whole font units: a
                    // paragraph that finds it is not either (`WordCache.inexact`).
                    for i in s..<e where state[i] & ligatureMark != 0 {
                        summaries[w].mask |= WordCache.inexact
                        break
                    }
                    which[stored] = Int32(w)
                    stored += 1
                }
            }
            cache.words.store(chain: chain.id, words, UnsafeBufferPointer(start: which, count: stored), text: text,
                              advances: advances, adjust: adjust, summaries: summaries)
        }
        }
    }

    /// The summary of the word of clusters `s ..< e`, as `le_segments` makes its segment: its width,
    /// its width if a line ends after it (up to its last text cluster, with that cluster's kerning
    /// taken back if it ends the word; +∞ without text), its fonts below 64 as a mask.
    @inline(__always)
    static func summary(_ s: Int, _ e: Int, _ advances: UnsafeMutablePointer<Double>,
                        _ adjust: UnsafeMutablePointer<Double>, _ kinds: UnsafeMutablePointer<PreparedParagraph.Kind>,
                        _ fonts: UnsafeMutablePointer<UInt8>) -> WordCache.Summary {
        var width = 0.0, content = 0.0, lastAdjust = 0.0, hasText = false
        var mask: UInt64 = 0
        for i in s..<e {
            width += advances[i]
            let isText = kinds[i] == .text
            if isText {
                content = width
                hasText = true
            }
            lastAdjust = isText ? adjust[i] : 0
            if fonts[i] < 64 { mask |= 1 << UInt64(fonts[i]) }
        }
        return WordCache.Summary(width: width, content: hasText ? content + lastAdjust : .infinity, mask: mask)
    }

    /// `buildSegments()` from the words' summaries (every word is a segment, a hard break one of
    /// its own), for a paragraph whose sums are exact (`fixedPoint`, fewer than 2¹⁵ clusters):
    /// the widths written as `le_segments` writes them, turned into positions by `le_finish_segments` —
    /// the same doubles as the prefix sums `buildSegments` takes (every sum exact).
    static func writeSegments(_ p: inout PreparedParagraph, _ words: UnsafeBufferPointer<WordCache.Key>,
                              _ summaries: UnsafeMutablePointer<WordCache.Summary>, hardBreaks: Bool) {
        guard hardBreaks && !p.singleFont else {
            return writeSegments(&p, words, summaries, hardBreaks: hardBreaks, runFonts: p.fonts.baseAddress.unsafelyUnwrapped)
        }
        // A hard break is a font run of its own, font 0xFF, as `le_segments` makes runs: the runs
        // are read from a copy of the fonts saying so (only in a paragraph that has one).
        let n = p.count, fonts = p.fonts.baseAddress.unsafelyUnwrapped, kinds = p.kinds.baseAddress.unsafelyUnwrapped
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: n) { runFonts in
            for i in 0..<n { runFonts[i] = kinds[i] == .newline ? 0xFF : fonts[i] }
            writeSegments(&p, words, summaries, hardBreaks: hardBreaks, runFonts: runFonts.baseAddress.unsafelyUnwrapped)
        }
    }

    /// `writeSegments` with each cluster's font for the font runs in `fonts`: one C pass over the
    /// words (`SegmentKernel.wordSegments`) — the Swift loops it replaced read the fonts twice,
    /// jumping at every change of font, and the words three times more.
    private static func writeSegments(_ p: inout PreparedParagraph, _ words: UnsafeBufferPointer<WordCache.Key>,
                                      _ summaries: UnsafeMutablePointer<WordCache.Summary>, hardBreaks: Bool,
                                      runFonts fonts: UnsafeMutablePointer<UInt8>) {
        guard kernelLayoutMatches else { return p.buildSegments() }
        let multiFont = !p.singleFont
        let kinds = UnsafeRawPointer(p.kinds.baseAddress.unsafelyUnwrapped).assumingMemoryBound(to: UInt8.self)
        let (storage, finished, runs) = SegmentKernel.wordSegments(words, summaries, kinds: kinds, hardBreaks: hardBreaks,
                                                                   clusters: p.count, fonts: multiFont ? UnsafePointer(fonts) : nil)
        var s = PreparedParagraph.Segments()
        s.take(storage, count: words.count, finished: finished, multiFont: multiFont)
        s.absolute = true
        s.searchable = finished.searchable
        s.lookback = finished.lookback
        p.segments = s
        p.fontRunStarts = UnsafeMutableBufferPointer(start: storage.runStarts, count: runs)
        p.fontRunFonts = UnsafeMutableBufferPointer(start: storage.runFonts, count: runs)
    }
}
