import Testing
@testable import TextLayout

/// The ICU-free fast paths must give exactly ICU's answers wherever they apply.
@Suite struct UnicodeBreaksTests {
    static let alphabet = Array("abcXYZ019 .,;:!?'\"\n".utf16)
    /// Every class the ICU-free line breaker knows, ASCII and CJK, spaces weighted up.
    static let cjkAlphabet = Array("ab9 .,;:!?'\"\n的一是，。、」）「（：；！？…%%   ".utf16)

    func check(_ text: [UInt16]) -> Bool {
        text.withUnsafeBufferPointer { buf in
            var fast = [Bool](repeating: false, count: buf.count)
            guard UnicodeBreaks.simpleLineBreaks(buf, into: &fast) else { return true }
            return fast == UnicodeBreaks.icuLineBreakFlags(buf)
        }
    }

    @Test func simpleLineBreaksEqualICUOnRandomText() {
        var rng = SplitMix(seed: 14)
        for _ in 0..<20_000 {
            let n = Int(rng.next() % 24) + 1
            let text = (0..<n).map { _ in Self.alphabet[Int(rng.next() % UInt64(Self.alphabet.count))] }
            #expect(check(text), "\(String(decoding: text, as: UTF16.self).debugDescription)")
        }
    }

    @Test func simpleLineBreaksEqualICUOnRandomMixedText() {
        // Chinese and English with CJK punctuation: 200,000 strings, every sequence of up to
        // about four classes many times over.
        var rng = SplitMix(seed: 41)
        var failures: [String] = []
        for round in 0..<230_000 {
            let n = Int(rng.next() % (round < 200_000 ? 10 : 40)) + 1  // then 30,000 longer ones
            let text = (0..<n).map { _ in UnicodeBreaksTests.cjkAlphabet[Int(rng.next() % UInt64(UnicodeBreaksTests.cjkAlphabet.count))] }
            if !check(text), failures.count < 10 { failures.append(String(decoding: text, as: UTF16.self).debugDescription) }
        }
        #expect(failures == [])
    }

    /// Hebrew and Arabic letters, Arabic-Indic digits and Arabic punctuation with Latin, spaces
    /// and the shared punctuation: the ICU-free breaks (Hebrew letters classed as AL) are ICU's.
    static let rightToLeftAlphabet = Array("ab9 .,!?'\"%\n".utf16)
        + [0x05D0, 0x05D1, 0x05E9, 0x05EA, 0x05F0, 0x0627, 0x0628, 0x0644, 0x0645, 0x064A, 0x0640, 0x0671, 0x06D3,
           0x0660, 0x0669, 0x06F5, 0x060C, 0x061B, 0x061F, 0x06D4, 0x0020, 0x0020]

    @Test func simpleLineBreaksEqualICUOnRightToLeftText() {
        var rng = SplitMix(seed: 23)
        var failures: [String] = []
        var used = 0
        for round in 0..<60_000 {
            let n = Int(rng.next() % (round < 50_000 ? 10 : 40)) + 1
            let text = (0..<n).map { _ in Self.rightToLeftAlphabet[Int(rng.next() % UInt64(Self.rightToLeftAlphabet.count))] }
            var flags = [Bool](repeating: false, count: n)
            if text.withUnsafeBufferPointer({ UnicodeBreaks.simpleLineBreaks($0, into: &flags) }) { used += 1 }
            if !check(text), failures.count < 10 { failures.append(String(decoding: text, as: UTF16.self).debugDescription) }
        }
        #expect(failures == [])
        #expect(used == 60_000)  // every one of them took the ICU-free path
    }

    @Test func simpleLineBreaksEqualICUOnTheCorpus() throws {
        var used = 0
        for c in try OracleCorpus.load() {
            let units = Array(c.text.utf16)
            var flags = [Bool](repeating: false, count: units.count)
            if units.withUnsafeBufferPointer({ UnicodeBreaks.simpleLineBreaks($0, into: &flags) }) { used += 1 }
            #expect(check(units), "\(c.id)")
        }
        #expect(used > 50)  // the fast path does apply to plain English
    }

    @Test func simpleLineBreaksRefuseOtherCharacters() {
        for text in ["a-b", "a/b", "(a)", "a\u{00E9}", "中\u{3005}", "a\r\nb", "a\tb", "ー", "\u{3000}"] {
            let units = Array(text.utf16)
            var flags = [Bool](repeating: false, count: units.count)
            #expect(!units.withUnsafeBufferPointer { UnicodeBreaks.simpleLineBreaks($0, into: &flags) }, "\(text)")
        }
    }

    @Test func simpleGraphemesEqualICU() {
        var rng = SplitMix(seed: 15)
        let pool: [UInt16] = Array("ab Z,\r\n".utf16) + [0x3000, 0x3001, 0x4E2D, 0x6587, 0xFF01, 0xFF0C,
                                                          0x2014, 0x201C, 0x201D, 0x2026, 0x2030, 0x20AC, 0x00E9, 0x2010,
                                                          // Hebrew and Arabic letters, an Arabic digit and comma
                                                          0x05D0, 0x05EA, 0x0627, 0x0644, 0x0661, 0x060C]
        for _ in 0..<2000 {
            let n = Int(rng.next() % 16) + 1
            let text = (0..<n).map { _ in pool[Int(rng.next() % UInt64(pool.count))] }
            text.withUnsafeBufferPointer { buf in
                #expect(UnicodeBreaks.simpleGraphemeEnds(buf) == icuGraphemes(buf))
            }
        }
    }

    /// With a Hebrew point, an Arabic haraka and a prepended Arabic number sign among them, the
    /// fast path either declines or gives ICU's clusters (it declines: they join their neighbours).
    @Test func simpleGraphemesDeclineMarksOrEqualICU() {
        var rng = SplitMix(seed: 16)
        let pool: [UInt16] = Array("ab ,".utf16) + [0x05D0, 0x05EA, 0x05B8, 0x0627, 0x0644, 0x064E, 0x0600, 0x0661]
        var declined = 0
        for _ in 0..<2000 {
            let n = Int(rng.next() % 16) + 1
            let text = (0..<n).map { _ in pool[Int(rng.next() % UInt64(pool.count))] }
            text.withUnsafeBufferPointer { buf in
                if let fast = UnicodeBreaks.simpleGraphemeEnds(buf) {
                    #expect(fast == icuGraphemes(buf))
                } else {
                    declined += 1
                    #expect(text.contains { [0x05B8, 0x064E, 0x0600].contains($0) })
                }
            }
        }
        #expect(declined > 0)
    }

    /// ICU's grapheme ends, bypassing the fast path.
    func icuGraphemes(_ buf: UnsafeBufferPointer<UInt16>) -> [Int32] {
        var positions = [Int32](repeating: 0, count: buf.count + 1)
        let n = positions.withUnsafeMutableBufferPointer { le_grapheme_breaks(buf.baseAddress, Int32(buf.count), $0.baseAddress, Int32(buf.count + 1)) }
        return Array(positions.prefix(Int(n)))
    }
}

import CICUShim

@Suite struct TranscodingTests {
    @Test func oneClassificationPassEqualsTheGeneralPath() throws {
        // The one-pass classification of simple text must give what grapheme ends + line breaks +
        // classify give separately: every field of the prepared paragraph, on the corpus and on
        // random mixed text.
        let engine = Fixtures.engine
        let chain = try engine.registry.chain(for: "DejaVu Sans")
        var texts = OracleAgreementTests.cases.map(\.text)
        var rng = SplitMix(seed: 5)
        for _ in 0..<2_000 {
            let n = Int(rng.next() % 30) + 1
            texts.append(String(decoding: (0..<n).map { _ in UnicodeBreaksTests.cjkAlphabet[Int(rng.next() % UInt64(UnicodeBreaksTests.cjkAlphabet.count))] },
                                as: UTF16.self))
        }
        // Hebrew and Arabic (now on the one-pass path too), and text with characters no bundled
        // font has (Devanagari, Ethiopic), which the general path reports missing.
        let alphabet = UnicodeBreaksTests.rightToLeftAlphabet + [0x0915, 0x1200]
        for _ in 0..<2_000 {
            let n = Int(rng.next() % 30) + 1
            texts.append(String(decoding: (0..<n).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }, as: UTF16.self))
        }
        var differences: [String] = []
        for t in texts {
            let cache = ShapeCache(capacity: 16)
            let a = Preparer.prepare(t, chain: chain, cache: cache)
            let b = Preparer.prepare(t, chain: chain, cache: cache, general: true)
            let same = Array(a.ends) == Array(b.ends) && Array(a.kinds) == Array(b.kinds)
                && Array(a.breakAfter) == Array(b.breakAfter) && Array(a.fonts) == Array(b.fonts)
                && Array(a.advances) == Array(b.advances) && Array(a.breakAdjust) == Array(b.breakAdjust)
                && a.singleFont == b.singleFont && a.hasRightToLeft == b.hasRightToLeft && a.uncovered == b.uncovered
            if !same && differences.count < 5 { differences.append(t.debugDescription) }
        }
        #expect(differences == [])
    }

    @Test func characterTableAgreesWithTheFunctionsItCaches() {
        // Every BMP code unit: the table must give what the predicates it was built from give.
        var wrong: [Int] = []
        for u in 0..<65_536 {
            let e = CharacterTable.table[u]
            let ok = UInt8(e & CharacterTable.lineClassMask) == UnicodeBreaks.lineClass(UInt16(u)).rawValue
                && (e & CharacterTable.simpleGrapheme != 0) == UnicodeBreaks.isSimpleGrapheme(UInt16(u))
                && (e & CharacterTable.hardBreak != 0) == Preparer.isHardBreak(UInt32(u))
                && (e & CharacterTable.hangingSpace != 0) == Preparer.isHangingSpace(UInt32(u))
                && (e & CharacterTable.directShaping != 0) == DirectShaper.isSimple(u)
                && (e & CharacterTable.defaultIgnorable != 0) == Preparer.isDefaultIgnorable(UInt32(u))
                && (e & CharacterTable.rightToLeftLetter != 0) == (Bidi.pureRightToLeftKind(UInt16(u)) == 2)
                && (e & CharacterTable.rightToLeftNeutral != 0) == (Bidi.pureRightToLeftKind(UInt16(u)) == 1)
                && ((0xD800...0xDFFF).contains(u) || CharacterTable.script(e, UInt32(u)) == Preparer.strongScript(UInt32(u)))
            if !ok && wrong.count < 10 { wrong.append(u) }
        }
        #expect(wrong == [])
    }

    @Test func stringFromUnitsRoundTrips() {
        // Line texts are rebuilt from the code units: every kind of character must survive.
        for text in ["", "abc", "é ü ß", "中文，标点。", "emoji 👍🏽 and 𝄞", "\u{1F1EB}\u{1F1F7}", "mixed 中 e\u{301} \r\n end"] {
            let units = Preparer.utf16Units(text)
            #expect(units.withUnsafeBufferPointer { Preparer.string($0) } == text)
        }
        // A lone surrogate (which no Swift String holds) becomes U+FFFD.
        let lone: [UInt16] = [0x61, 0xD800, 0x62]
        #expect(lone.withUnsafeBufferPointer { Preparer.string($0) } == "a\u{FFFD}b")
    }

    @Test func utf16UnitsEqualsTheUTF16View() {
        let samples = ["", "ascii only", "café", "每有会意，便欣然忘食！", "emoji 👩‍👩‍👧 and 𠀋", "\u{0}\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}",
                       String(repeating: "mixed 中文 ✓ ", count: 100)]
        for s in samples { #expect(Preparer.utf16Units(s) == Array(s.utf16), "\(s)") }
    }

    /// The C transcoder (`UTF8Kernel`) takes eight ASCII bytes at once and counts in blocks of
    /// 127 bytes: random texts of ASCII runs of every length around those sizes, mixed with
    /// scalars of two, three and four UTF-8 bytes at every offset, against Swift's own UTF-16 view.
    @Test func utf16UnitsEqualTheUTF16ViewAcrossBlockEdges() {
        var rng = SplitMix(seed: 8)
        let wide: [Unicode.Scalar] = ["é", "\u{7FF}", "中", "\u{FFFF}", "😀", "\u{10FFFF}", "\u{80}", "\u{800}", "\u{10000}"]
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<Int(rng.next() % 12) {
                let run = Int(rng.next() % 140)
                text += String(repeating: "a", count: run)
                for _ in 0..<Int(rng.next() % 4) { text.unicodeScalars.append(wide[Int(rng.next() % UInt64(wide.count))]) }
            }
            let expected = Array(text.utf16)
            #expect(Preparer.utf16Units(text) == expected, "\(text.debugDescription)")
            var copy = text
            #expect(copy.withUTF8 { Preparer.utf16Count($0) } == expected.count)
        }
    }
}
