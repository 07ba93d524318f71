import Testing
import Foundation
@testable import TextLayout

/// The word cache (`WordCache`, `Preparer.prepareWords`) must give the paragraph that shaping
/// run by run and summing cluster by cluster give — every buffer, every segment sum, to the bit —
/// whatever the words' neighbours were when they were stored.
@Suite struct WordCacheTests {
    /// Every field of two prepared paragraphs that could differ, doubles by their bits: the
    /// fields that differ (empty when none does).
    static func differences(_ a: PreparedParagraph, _ b: PreparedParagraph) -> [String] {
        func bits(_ v: UnsafeMutableBufferPointer<Double>) -> [UInt64] { v.map(\.bitPattern) }
        var out: [String] = []
        func check(_ name: String, _ same: Bool) { if !same { out.append(name) } }
        check("ends", Array(a.ends) == Array(b.ends))
        check("kinds", Array(a.kinds) == Array(b.kinds))
        check("breakAfter", Array(a.breakAfter) == Array(b.breakAfter))
        check("fonts", Array(a.fonts) == Array(b.fonts))
        check("advances", bits(a.advances) == bits(b.advances))
        check("breakAdjust", bits(a.breakAdjust) == bits(b.breakAdjust))
        check("flags", a.singleFont == b.singleFont && a.hasRightToLeft == b.hasRightToLeft && a.fixedPoint == b.fixedPoint
              && a.uncovered == b.uncovered)
        let s = a.segments, t = b.segments
        check("segment ends", Array(s.ends) == Array(t.ends))
        check("segment totals", bits(s.total) == bits(t.total))
        check("segment contents", bits(s.content) == bits(t.content))
        check("segment flags", Array(s.flags) == Array(t.flags))
        check("stops", Array(s.stops) == Array(t.stops))
        check("two fonts", Array(s.lastSeen) == Array(t.lastSeen) && s.fontPair == t.fontPair)
        check("font masks", (s.fontMasks == nil) == (t.fontMasks == nil)
              && (0..<s.count).allSatisfy { k in
                  s.fontMasks.map { $0.load(fromByteOffset: 8 * k, as: UInt64.self) }
                      == t.fontMasks.map { $0.load(fromByteOffset: 8 * k, as: UInt64.self) } })
        check("search", s.absolute == t.absolute && s.searchable == t.searchable && s.lookback.bitPattern == t.lookback.bitPattern)
        check("font runs", Array(a.fontRunStarts) == Array(b.fontRunStarts) && Array(a.fontRunFonts) == Array(b.fontRunFonts))
        check("bytes", a.byteCount == b.byteCount)
        return out
    }

    /// Latin letters that kern in DejaVu (A, T, V, W, Y, L with o, e, a, period, comma, hyphen),
    /// "f", "i" and "l" (the "fi", "fl", "ffi" ligatures form, or a word ends before they could),
    /// digits, spaces, ideographs and Chinese punctuation, a hyphen and a slash (break after them
    /// inside a run), a no-break space, hard breaks (a line feed, U+2028).
    static let alphabet = Array("ATVWYLoeayil ff1 2.,-/ 的一是中文，。（）\u{00A0}\n\u{2028}".utf16)

    static func randomTexts(count: Int, seed: UInt64, alphabet: [UInt16] = alphabet) -> [String] {
        var rng = SplitMix(seed: seed)
        return (0..<count).map { _ in
            let n = Int(rng.next() % 40) + 1
            return String(decoding: (0..<n).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }, as: UTF16.self)
        }
    }

    /// Each of `texts` prepared twice (the list, then the list again) through `cache`, against
    /// run-by-run shaping and cluster-by-cluster sums: the first five that differ, with the fields.
    static func mismatches(_ texts: [String], chain: FontChain, cache: ShapeCache) -> [String] {
        var wrong: [String] = []
        for t in texts + texts {
            let a = Preparer.prepare(t, chain: chain, cache: cache)
            let b = Preparer.prepare(t, chain: chain, cache: ShapeCache(capacity: 16), words: false)
            let d = differences(a, b)
            if !d.isEmpty && wrong.count < 5 { wrong.append("\(t.debugDescription): \(d)") }
        }
        return wrong
    }

    @Test(arguments: ["DejaVu Sans", "DejaVu Sans Bold", "WenQuanYi Micro Hei"])
    func wordByWordEqualsRunByRun(font: String) throws {
        let chain = try Fixtures.engine.registry.chain(for: font)
        // One cache for the whole list (words stored by one text are found by the next, with
        // other neighbours), and each text prepared twice (the second time from the cache).
        let words = ShapeCache(capacity: 4_096, wordWarmUp: 0)
        var texts = OracleAgreementTests.cases.map(\.text) + Self.randomTexts(count: 3_000, seed: 21)
        texts += ["the quick brown fox 今天天气 jumps", "Type AVATAR To. Yo-Vo T/V L'Y", "中文文本测试 layout line break 缓存行高",
                  "\n", "a\n", "\nb", "two\n\nbreaks\n", "Tao\nYo 中文\n\u{2028}end", "x\r\ny\rz"]
        #expect(Self.mismatches(texts, chain: chain, cache: words) == [])
        #expect(words.words.statistics.entries > 100)  // the path was taken
    }

    @Test func aParagraphOfKnownWordsStoresNothingNew() throws {
        // Words stored by one text answer another made of the same words in another order: the
        // cache holds no more words afterwards, and the paragraph is the one shaping gives.
        let chain = try Fixtures.engine.registry.chain(for: "DejaVu Sans")
        let cache = ShapeCache(capacity: 1_024, wordWarmUp: 0)
        _ = Preparer.prepare("table cell view 行高 text 缓存 line", chain: chain, cache: cache)
        let stored = cache.words.statistics.entries
        // Nine segments ("table ", "cell ", "view ", "行", "高 ", "text ", "缓", "存 ", "line"), none
        // with a glyph a rule starts at. The four of ideographs and spaces are never kerned in
        // their fonts: written from the units' own advances, not stored. Five words.
        #expect(stored == 5)
        let again = Preparer.prepare("table cell view 行高 text 缓存 line", chain: chain, cache: cache)
        #expect(cache.words.statistics.entries == stored)
        #expect(Self.differences(again, Preparer.prepare("table cell view 行高 text 缓存 line", chain: chain,
                                                         cache: ShapeCache(capacity: 16), words: false)) == [])
    }

    @Test func aWordWithAnFIsStoredWhenNoLigatureCanReachPastIt() throws {
        // "f" starts ligatures in DejaVu Sans ("fi", "fl", "ffi"…): a word with an "f" is stored
        // when none formed in its run and none could reach past the word's end — the unit's reach
        // (the most glyphs its ligatures have) counted from the "f" stays inside the word.
        let chain = try Fixtures.engine.registry.chain(for: "DejaVu Sans")
        let reach = Int(try #require(chain.words).traits[Int(UInt8(ascii: "f"))] & 63)
        #expect(reach >= 2 && reach < Int(DirectShaper.wordReachUnknown))
        let cache = ShapeCache(capacity: 1_024, wordWarmUp: 0)
        _ = Preparer.prepare("fox of", chain: chain, cache: cache)
        // "fox " (f at 0 of 4 units), "of" (f at 1 of 2 units: a ligature from it could take a
        // glyph of the next word, so it is kept only if its reach is 1, which it is not).
        let expected = (0 + reach <= 4 ? 1 : 0) + (1 + reach <= 2 ? 1 : 0)
        #expect(expected == 1 && cache.words.statistics.entries == expected)
        // A run where "fi" forms: "fine " is stored too (its ligature is its own affair), "fox "
        // is found, "cat" is written from its units' advances (all plain).
        _ = Preparer.prepare("fine fox cat", chain: chain, cache: cache)
        #expect(cache.words.statistics.entries == expected + 1)
    }

    @Test func aLigatureEndsAtAUnitNoLigatureContinuesWith() throws {
        // "f" reaches three glyphs in DejaVu Sans ("ffi"), but no ligature has a space after its
        // first glyph: "of " cannot reach past its space and is stored ("of", ending the text,
        // could reach into whatever follows it elsewhere, and is not). Found again in another
        // paragraph, it gives what shaping gives.
        let chain = try Fixtures.engine.registry.chain(for: "DejaVu Sans")
        let traits = try #require(chain.words).traits
        #expect(traits[Int(UInt8(ascii: " "))] & DirectShaper.wordContinues == 0)
        #expect(traits[Int(UInt8(ascii: "i"))] & DirectShaper.wordContinues != 0)
        let cache = ShapeCache(capacity: 1_024, wordWarmUp: 0)
        _ = Preparer.prepare("of of", chain: chain, cache: cache)
        #expect(cache.words.statistics.entries == 1)
        let found = Preparer.prepare("of yoke", chain: chain, cache: cache)
        let shaped = Preparer.prepare("of yoke", chain: chain, cache: ShapeCache(capacity: 16), words: false)
        #expect(Self.differences(found, shaped) == [])
    }

    @Test func aParagraphWithHardBreaksTakesThePath() throws {
        // A hard break is a segment of its own and ends the run before it: the words around it
        // are stored, found again in another order, and the paragraph equals shaping's.
        let chain = try Fixtures.engine.registry.chain(for: "DejaVu Sans")
        let cache = ShapeCache(capacity: 1_024, wordWarmUp: 0)
        _ = Preparer.prepare("the yoke\nthe oak\n", chain: chain, cache: cache)
        let stored = cache.words.statistics.entries
        #expect(stored >= 3)  // "the ", "yoke", "oak" (each with a kerning unit: looked up)
        for text in ["the oak\nthe yoke", "\noak\n\nthe yoke\n"] {
            let found = Preparer.prepare(text, chain: chain, cache: cache)
            let shaped = Preparer.prepare(text, chain: chain, cache: ShapeCache(capacity: 16), words: false)
            #expect(Self.differences(found, shaped) == [], "\(text.debugDescription)")
            #expect(found.segments.count == shaped.segments.count)
        }
        #expect(cache.words.statistics.entries == stored)
    }

    @Test func wordsBesideALigatureAreStored() throws {
        // "fi" forms in "fine the yoke" (DejaVu Sans): "fine " is stored with its ligature (no
        // rule from it reaches past it), and "the " and "yoke" beside it (no rule reaches them;
        // their kerning units — e, o — are looked up, not written directly). They answer later
        // paragraphs in other orders, which then equal the paragraphs shaping gives.
        let chain = try Fixtures.engine.registry.chain(for: "DejaVu Sans")
        let cache = ShapeCache(capacity: 1_024, wordWarmUp: 0)
        _ = Preparer.prepare("fine the yoke", chain: chain, cache: cache)
        #expect(cache.words.statistics.entries == 3)
        for text in ["the yoke", "the fine yoke", "fine fine the yoke"] {
            let found = Preparer.prepare(text, chain: chain, cache: cache)
            let shaped = Preparer.prepare(text, chain: chain, cache: ShapeCache(capacity: 16), words: false)
            #expect(Self.differences(found, shaped) == [], "\(text)")
        }
        #expect(cache.words.statistics.entries == 3)
    }

    @Test func theWordPathStartsAfterItsWarmUpAndAgainAfterAClear() throws {
        // The first `WordCache.defaultWarmUp` paragraphs of an engine (or since its caches were
        // emptied) are prepared plainly: no word is stored. The next one takes the word path.
        let engine = try TextEngine(fontDirectory: Fixtures.fontsDirectory)
        let style = TextStyle(font: "DejaVu Sans", size: 14)
        func measure(_ i: Int) throws {  // (a new text each time: the paragraph cache never answers)
            _ = try engine.measure("paragraph \(i) of words to keep 中文", style: style, width: 100)
        }
        for i in 0..<WordCache.defaultWarmUp { try measure(i) }
        #expect(engine.cacheStatistics.words == 0)
        try measure(1_000)
        #expect(engine.cacheStatistics.words > 0)
        #expect(engine.cacheStatistics.wordBytes > 0)
        engine.clearCaches()
        #expect(engine.cacheStatistics.words == 0)
        try measure(2_000)
        #expect(engine.cacheStatistics.words == 0)  // warming up again
    }
}

/// The word cache in a font that kerns across a break opportunity: Liberation Sans (Debian's
/// `fonts-liberation2`, not bundled: skipped without it) kerns a space with a following "A", "T"
/// or "Y" and an "A" with a following space (its GPOS pair table: −113/2048 em for space + A).
/// A word ending in a space is then stored with the unit after it as context, and its last
/// cluster's kerning is taken back where a line may end — neither of which the bundled fonts
/// reach (none kerns across a break inside a simple run).
@Suite struct WordCacheKerningAcrossBreaksTests {
    static let directory = "/usr/share/fonts/truetype/liberation2"
    static let available = FileManager.default.fileExists(atPath: directory + "/LiberationSans-Regular.ttf")

    @Test(.enabled(if: available, "needs Debian's fonts-liberation2"))
    func wordByWordEqualsRunByRunWhereSpacesKern() throws {
        let engine = try TextEngine(fontDirectory: Self.directory)
        let chain = try engine.registry.chain(for: "Liberation Sans")
        // (The kerning really is there: "A" then a space is narrower than the two apart.)
        let pair = Preparer.prepare("A ", chain: chain, cache: ShapeCache(capacity: 16), words: false)
        let a = Preparer.prepare("A", chain: chain, cache: ShapeCache(capacity: 16), words: false)
        let space = Preparer.prepare(" ", chain: chain, cache: ShapeCache(capacity: 16), words: false)
        #expect(pair.advances[0] + pair.advances[1] < a.advances[0] + space.advances[0])
        let words = ShapeCache(capacity: 4_096, wordWarmUp: 0)
        var texts = WordCacheTests.randomTexts(count: 3_000, seed: 7, alphabet: Array("ATYVLaeoy1 .,'".utf16))
        texts += ["A Tale of Two Yards", "the Table at YALE", "AAA AAA TTT YYY A", "Ye Ye Ye A A A T T", " A", "A "]
        #expect(WordCacheTests.mismatches(texts, chain: chain, cache: words) == [])
        #expect(words.words.statistics.entries > 100)  // the path was taken
    }
}
