import Testing
@testable import TextLayout

/// The line breaker on a fake paragraph (pretext's way): each cluster's advance is chosen here,
/// so expected breaks are plain arithmetic, and invariants hold for any widths.
@Suite struct LineBreakerInvariantTests {
    /// Clusters of `text`, one per character, each `advance` ems wide (spaces included); a break
    /// opportunity after every space.
    static func fake(_ text: String, advance: (Character) -> Double = { _ in 1 }) -> PreparedParagraph {
        var utf16: [UInt16] = [], ends: [Int32] = [], advances: [Double] = [], kinds: [PreparedParagraph.Kind] = []
        var breakAfter: [Bool] = []
        var end: Int32 = 0
        for ch in text {
            end += Int32(ch.utf16.count)
            utf16 += Array(String(ch).utf16)
            ends.append(end)
            advances.append(advance(ch))
            kinds.append(ch == "\n" ? .newline : ch == " " ? .space : .text)
            breakAfter.append(ch == " ")
        }
        return PreparedParagraph.make(utf16: utf16, ends: ends, advances: advances,
                                      breakAdjust: Array(repeating: 0, count: ends.count), kinds: kinds,
                                      breakAfter: breakAfter, fonts: Array(repeating: 0, count: ends.count),
                                      metrics: [FontMetrics(unitsPerEm: 1000, ascender: 800, descender: -200, lineGap: 0)])
    }

    /// Expects `p` and `q` to give the same lines (ends, widths to the bit, fonts) and the same
    /// `more`; returns `p`'s.
    @discardableResult
    static func expectSameLines(_ p: PreparedParagraph, _ q: PreparedParagraph, width: Double, anywhere: Bool,
                                limit: Int) -> (spans: [LineBreaker.Span], more: Bool) {
        let a = LineBreaker(p, width: width, size: 1, anywhere: anywhere).lines(limit: limit)
        let b = LineBreaker(q, width: width, size: 1, anywhere: anywhere).lines(limit: limit)
        #expect(a.more == b.more)
        #expect(a.spans == b.spans)
        #expect(a.spans.map(\.width.bitPattern) == b.spans.map(\.width.bitPattern))
        #expect(a.spans.map(\.fonts) == b.spans.map(\.fonts))
        return a
    }

    /// Random text of `pieces` pieces, each (out of `outOf`) a letter (`letters`), a space
    /// (`spaces`), a hard break (one) or a hard break followed by two spaces (the rest).
    static func randomText(_ rng: inout SplitMix, pieces: Int, letters: UInt64, spaces: UInt64, outOf: UInt64) -> String {
        var text = ""
        for _ in 0..<pieces {
            let r = rng.next() % outOf
            text += r < letters ? String(UnicodeScalar(UInt8(97 + rng.next() % 26)))
                : r < letters + spaces ? " " : r < outOf - 1 ? "\n" : "\n  "
        }
        return text
    }

    func lines(_ p: PreparedParagraph, _ width: Double, anywhere: Bool = false) -> [String] {
        let spans = LineBreaker(p, width: width, size: 1, anywhere: anywhere).lines().spans
        return spans.map { s in String(decoding: p.utf16[p.start(s.start)..<(s.end > s.start ? Int(p.ends[s.end - 1]) : p.start(s.start))], as: UTF16.self) }
    }

    @Test func greedyWordBreaks() {
        let p = Self.fake("aa bb cc dd")
        // Width 5 holds "aa bb" (5 ems); the space after it hangs.
        #expect(lines(p, 5) == ["aa bb ", "cc dd"])
        #expect(lines(p, 5 - 2 * LineBreaker.tolerance) == ["aa ", "bb ", "cc ", "dd"])
        #expect(lines(p, 11) == ["aa bb cc dd"])
    }

    @Test func overlongWordBreaksAtClusters() {
        let p = Self.fake("a bcdefg h")
        #expect(lines(p, 3) == ["a ", "bcd", "efg ", "h"])
    }

    @Test func charModeBreaksAnywhere() {
        let p = Self.fake("abc def")
        #expect(lines(p, 2, anywhere: true) == ["ab", "c ", "de", "f"])
    }

    @Test func aClusterWiderThanTheLineStillMakesProgress() {
        let p = Self.fake("WWW", advance: { _ in 10 })
        #expect(lines(p, 3) == ["W", "W", "W"])
    }

    /// A cluster wider than the line that ends its word keeps the spaces after it (they hang, as
    /// at every line end) and the hard break after those: width 0.5 em breaks "ab  cd\nx" into
    /// a, "b  ", c, "d\n", x — as Chromium does with `overflow-wrap: anywhere` (the flexbox corpus:
    /// texts squeezed to zero width have one line per visible cluster, 320 texts disagreed before).
    @Test func spacesHangAfterAClusterWiderThanTheLine() {
        let p = Self.fake("ab  cd\nx")
        #expect(lines(p, 0.5) == ["a", "b  ", "c", "d\n", "x"])
        #expect(lines(p, 0.5, anywhere: true) == ["a", "b  ", "c", "d\n", "x"])
        let q = Self.fake("ab \n")
        #expect(lines(q, 0.5) == ["a", "b \n", ""])
    }

    @Test func hardBreaks() {
        let p = Self.fake("ab\n\ncd\n")
        #expect(lines(p, 100) == ["ab\n", "\n", "cd\n", ""])
    }

    @Test func breakAdjustTakesKerningBackAtLineEnds() {
        var p = Self.fake("ab cd")
        // "b" is kerned −0.5 against the space that follows it; "d" against a later neighbour.
        p.advances[1] = 0.5
        p.breakAdjust[1] = 0.5
        p.buildSegments()
        // "ab " ends its line with the space: b's kerning with that space stays (1 + 0.5).
        let s = LineBreaker(p, width: 2, size: 1, anywhere: false).lines().spans
        #expect(s[0].width == 1 + 0.5)
        // "abcd" breaks right after "b" in char mode: its kerning is taken back (1 + 0.5 + 0.5).
        var q = Self.fake("abcd")
        q.advances[1] = 0.5
        q.breakAdjust[1] = 0.5
        q.buildSegments()
        let t = LineBreaker(q, width: 2, size: 1, anywhere: true).lines().spans
        #expect(t[0].end == 2)
        #expect(t[0].width == 1 + 0.5 + 0.5)
    }

    /// Segments kept as positions (sums exact: advances in 2048ths of an em, as from the bundled
    /// fonts) and as widths give the same lines to the last bit, with kerning taken back, spaces
    /// starting a paragraph, hard breaks and two fonts.
    @Test func positionsAndWidthsGiveTheSameLines() {
        var rng = SplitMix(seed: 2048)
        let text = Self.randomText(&rng, pieces: 600, letters: 7, spaces: 3, outOf: 12)
        var p = Self.fake(text, advance: { _ in Double(300 + rng.next() % 1800) / 2048 })
        p.metrics.append(FontMetrics(unitsPerEm: 2048, ascender: 1900, descender: -500, lineGap: 10))
        for i in 0..<p.count where p.kinds[i] == .text {
            if rng.next() % 3 == 0 { p.breakAdjust[i] = -Double(rng.next() % 90) / 2048 }
            if rng.next() % 4 == 0 { p.fonts[i] = 1 }
        }
        p.singleFont = false
        var q = p
        p.buildSegments()
        q.buildSegments(positions: false)
        #expect(p.segments.absolute)
        #expect(!q.segments.absolute)
        for width in Array(stride(from: 0.25, through: 40, by: 0.37)) + [0] {
            for anywhere in [false, true] {
                for limit in [0, 3] {
                    Self.expectSameLines(p, q, width: width, anywhere: anywhere, limit: limit)
                }
            }
        }
        // Advances that are not exact in binary (1000 units per em) keep widths.
        var r = Self.fake("ab cd", advance: { _ in 0.6 })
        r.buildSegments()
        #expect(!r.segments.absolute)
    }

    /// Where a line ends found by search (`Segments.searchable`: from the last line's length,
    /// four segments at a time) and by the loop over every segment give the same lines to the
    /// bit, with the fonts on each line — on text whose kerning makes positions step back
    /// (not searchable), reach back past a line's start (widths below `lookback` take the loop),
    /// with one, two or three fonts (three: fonts not tracked), hard breaks, and segments of
    /// spaces only in the middle of lines.
    @Test(arguments: [0, 1, 2, 3])
    func searchGivesTheSameLinesAsTheLoop(variant: Int) {
        var rng = SplitMix(seed: 77 + UInt64(variant))
        let text = Self.randomText(&rng, pieces: 900, letters: 9, spaces: 3, outOf: 14)
        var p = Self.fake(text, advance: { _ in Double(200 + rng.next() % 1900) / 2048 })
        p.metrics.append(FontMetrics(unitsPerEm: 2048, ascender: 1900, descender: -500, lineGap: 10))
        p.metrics.append(FontMetrics(unitsPerEm: 2048, ascender: 1700, descender: -700, lineGap: 0))
        let fonts = variant == 0 ? 1 : variant == 3 ? 3 : 2
        for i in 0..<p.count where p.kinds[i] == .text {
            // Kerning taken back at a line end: variant 2 also takes back more than some
            // advances (positions then step back: not searchable) — variant 1 a little (lookback > 0).
            switch variant {
            case 1: if rng.next() % 5 == 0 { p.breakAdjust[i] = Double(rng.next() % 120) / 2048 }
            case 2: if rng.next() % 5 == 0 { p.breakAdjust[i] = Double(rng.next() % 4000) / 2048 }
            default: if rng.next() % 3 == 0 { p.breakAdjust[i] = -Double(rng.next() % 90) / 2048 }
            }
            p.fonts[i] = UInt8(rng.next() % UInt64(fonts))
        }
        p.singleFont = fonts == 1
        p.buildSegments()
        #expect(p.segments.absolute)
        #expect(p.segments.searchable == (variant != 2))
        #expect(p.segments.lastSeen.isEmpty == (fonts != 2))
        if variant == 1 { #expect(p.segments.lookback > 0) }
        var loop = p
        loop.segments.searchable = false
        for width in Array(stride(from: 0.01, through: 45, by: 0.173)) + [0] {
            for limit in [0, 4] {
                let a = Self.expectSameLines(p, loop, width: width, anywhere: false, limit: limit)
                // The fonts given for a line are the fonts of its clusters (2 fonts: tracked).
                if fonts == 2 {
                    for s in a.spans where s.end > s.start && s.fonts != 0 {
                        #expect(s.fonts == p.fontMask(s.start, s.end))
                    }
                }
            }
        }
    }

    @Test(arguments: [1.0, 2, 3.5, 7, 13, 40])
    func invariantsOnRandomText(width: Double) {
        var rng = SplitMix(seed: UInt64(width * 1000))
        var text = ""
        for _ in 0..<400 {
            let r = rng.next() % 10
            text += r < 6 ? String(UnicodeScalar(UInt8(97 + rng.next() % 26))) : r < 9 ? " " : "\n"
        }
        let p = Self.fake(text, advance: { $0 == " " ? 0.5 : 1 + Double($0.asciiValue ?? 0) / 100 })
        for anywhere in [false, true] {
            let spans = LineBreaker(p, width: width, size: 1, anywhere: anywhere).lines().spans
            // Lines cover the text in order, without gaps.
            var next = 0
            for s in spans {
                #expect(s.start == next)
                #expect(s.end >= s.start)
                next = s.end
                // A line is never wider than the box unless it holds a single cluster.
                let visible = (s.start..<s.end).filter { p.kinds[$0] == .text }
                if visible.count > 1 { #expect(s.width <= width + LineBreaker.tolerance) }
            }
            #expect(next == p.count)
            // The size-only path agrees with the spans.
            var count = 0
            _ = LineBreaker(p, width: width, size: 1, anywhere: anywhere).forEachLine { _ in count += 1 }
            #expect(count == spans.count)
        }
    }
}
