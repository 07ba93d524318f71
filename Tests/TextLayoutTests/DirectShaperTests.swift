import Foundation
import Testing
@testable import TextLayout

/// Direct shaping (cmap + hmtx + GPOS pair kerning, `DirectShaper`) must give HarfBuzz's answer
/// to the font unit whenever it answers at all. The reference is HarfBuzz itself (`FontFace.shape`),
/// run side by side.
@Suite struct DirectShaperTests {
    static let latin = HB.latin, han = HB.han

    enum HB {
        static let latin: UInt32 = 0x4C61_746E  // 'Latn'
        static let han: UInt32 = 0x4861_6E69  // 'Hani'
        static let hebrew: UInt32 = 0x4865_6272  // 'Hebr'
        static let arabic: UInt32 = 0x4172_6162  // 'Arab'
    }

    /// HarfBuzz's per-code-unit answer (`ShapedRun.packed` without the unsafe-to-break bit).
    static func harfBuzz(_ face: FontFace, _ units: [UInt16], script: UInt32) -> [Int32] {
        var shaped = ShapedUnits(count: units.count)
        units.withUnsafeBufferPointer { face.shape($0, range: 0..<units.count, script: script, into: &shaped) }
        return shaped.packed.enumerated().map { $0.offset % 2 == 1 ? $0.element & ~2 : $0.element }
    }

    /// The direct path's answer, or nil when it defers to HarfBuzz.
    static func direct(_ face: FontFace, _ units: [UInt16], script: UInt32) -> [Int32]? {
        var packed = [Int32](repeating: 0, count: 2 * units.count)
        let outcome = units.withUnsafeBufferPointer { u in
            packed.withUnsafeMutableBufferPointer { face.shapeDirectly(u, range: 0..<units.count, script: script, packed: $0.baseAddress!) }
        }
        return outcome == .harfBuzz ? nil : packed
    }

    static func face(_ name: String) throws -> FontFace { try #require(try Fixtures.engine.registry.face(for: name) as? FontFace) }

    @Test(arguments: ["DejaVu Sans", "DejaVuSans-Bold", "WenQuanYi Micro Hei"])
    func everyLatinPairMatchesHarfBuzz(font: String) throws {
        // Printable ASCII and Latin-1: 190 characters, 36,100 ordered pairs per font — every kerning
        // pair of these letters and punctuation, and the ligature starters f, i, j.
        let face = try Self.face(font)
        let chars = (0x20...0x7E).map(UInt16.init) + (0xA0...0xFF).filter { $0 != 0xAD }.map(UInt16.init)
        var handled = 0, kerned = 0, mismatches: [String] = []
        for a in chars where face.covers(UInt32(a)) {
            for b in chars where face.covers(UInt32(b)) {
                guard let d = Self.direct(face, [a, b], script: Self.latin) else { continue }
                handled += 1
                if d[1] >> 2 != 0 { kerned += 1 }
                let h = Self.harfBuzz(face, [a, b], script: Self.latin)
                if h != d, mismatches.count < 10 {
                    mismatches.append("\(String(utf16CodeUnits: [a, b], count: 2)): direct \(d) HarfBuzz \(h)")
                }
            }
        }
        #expect(mismatches == [])
        // Nearly all pairs are shaped directly (ligatures included) …
        #expect(handled > 35_000, "handled \(handled)")
        // … and DejaVu's kerning pairs are among them (WenQuanYi kerns fewer of these glyphs).
        if font.hasPrefix("DejaVu") { #expect(kerned > 500, "kerned \(kerned)") }
    }

    @Test func ligaturesFormAsInHarfBuzz() throws {
        let face = try Self.face("DejaVu Sans")
        // DejaVu Sans's 'liga' (latn) forms "fi", "fl", "ff", "ffi", "ffl": the ligature's advance
        // sits on its first code unit, the others carry no glyph — as HarfBuzz has it.
        for word in ["fi", "fl", "ff", "office", "waffle", "fluffier", "fo", "of", "fjord", "fudge."] {
            let d = try #require(Self.direct(face, Array(word.utf16), script: Self.latin), "\(word)")
            #expect(d == Self.harfBuzz(face, Array(word.utf16), script: Self.latin), "\(word)")
        }
        let fi = try #require(Self.direct(face, Array("fi".utf16), script: Self.latin))
        #expect(fi[3] & 1 == 0)  // "i" is inside the ligature
        // A combining mark (U+0301) or a soft hyphen is never shaped directly.
        #expect(Self.direct(face, Array("e\u{301}".utf16), script: Self.latin) == nil)
        #expect(Self.direct(face, Array("co\u{AD}op".utf16), script: Self.latin) == nil)
    }

    @Test func randomTextMatchesHarfBuzz() throws {
        // Random runs over an alphabet mixing kerning pairs, ligature starters, digits, punctuation,
        // Greek, Cyrillic, ideographs and kana, in each font and script the engine uses.
        let alphabet = Array("AVAWATTaToYoLTfijlrtv.,;:'\"-– ()0123456789ΑΒΓαβγДЖЯдля的一是在不了，。「」あいうアイウ ")
        var rng = SplitMix(seed: 7)
        var compared = 0, mismatches: [String] = []
        for font in ["DejaVu Sans", "DejaVuSans-Bold", "WenQuanYi Micro Hei"] {
            let face = try Self.face(font)
            for script in [Self.latin, Self.han] {
                for _ in 0..<400 {
                    let text = String((0..<Int.random(in: 1...40, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
                    let units = Array(text.utf16)
                    guard units.allSatisfy({ face.covers(UInt32($0)) }), let d = Self.direct(face, units, script: script) else { continue }
                    compared += 1
                    let h = Self.harfBuzz(face, units, script: script)
                    if h != d, mismatches.count < 10 {
                        mismatches.append("\(font) \(script) \(text)")
                    }
                }
            }
        }
        #expect(mismatches == [])
        #expect(compared > 300, "compared \(compared)")
    }

    /// Hebrew runs shape right to left. Without points or accents, HarfBuzz's Hebrew shaper
    /// maps, substitutes and kerns in logical order as the default one does, so the direct path
    /// answers them — except a run holding a Bidi_Mirrored character (HarfBuzz draws its mirror
    /// in a right-to-left run): then HarfBuzz. Reference: HarfBuzz on the same runs.
    @Test func hebrewRunsMatchHarfBuzz() throws {
        let letters = Array("אבגדהוזחטיךכלםמןנסעףפץצקרשת־׳״װױײ")
        let common = Array(" .,;:'\"-–—!?0123456789%/")
        var rng = SplitMix(seed: 19)
        var compared = 0, refused = 0, mismatches: [String] = []
        for font in ["DejaVu Sans", "DejaVuSans-Bold"] {
            let face = try Self.face(font)
            for _ in 0..<600 {
                let text = String((0..<Int.random(in: 1...40, using: &rng)).map { _ in
                    Int.random(in: 0..<4, using: &rng) == 0 ? common.randomElement(using: &rng)! : letters.randomElement(using: &rng)!
                })
                let units = Array(text.utf16)
                guard units.allSatisfy({ face.covers(UInt32($0)) }) else { continue }
                guard let d = Self.direct(face, units, script: HB.hebrew) else { refused += 1; continue }
                compared += 1
                let h = Self.harfBuzz(face, units, script: HB.hebrew)
                if h != d, mismatches.count < 10 { mismatches.append("\(font) \(text): direct \(d) HarfBuzz \(h)") }
            }
        }
        #expect(mismatches == [])
        #expect(compared > 1_000, "compared \(compared), refused \(refused)")
        // Mirrored characters and points go to HarfBuzz: "(" is drawn as ")" in a right-to-left run.
        let face = try Self.face("DejaVu Sans")
        #expect(Self.direct(face, Array("שלום (עולם)".utf16), script: HB.hebrew) == nil)
        #expect(Self.direct(face, Array("שָׁלוֹם".utf16), script: HB.hebrew) == nil)
        // The same run in a left-to-right script's plan is shaped directly: brackets mirror only right to left.
        #expect(Self.direct(face, Array("(a)".utf16), script: Self.latin) != nil)
    }

    /// Arabic runs: joining forms (isolated, initial, medial, final from the letters' joining
    /// types), lam-alef ligatures and kerning on the forms, in text that also carries the run's
    /// context. Reference: HarfBuzz on the same runs, in their paragraph.
    @Test func arabicRunsMatchHarfBuzz() throws {
        // Every letter U+0621–U+064A (right-joining, dual-joining, non-joining, tatweel), lam and
        // alef often (lam-alef ligatures), digits, punctuation and spaces.
        // (DejaVu has no glyphs for U+063B–U+063F: those go to another font, never into this run.)
        let letters = (0x0621...0x064A).filter { !(0x063B...0x063F).contains($0) }.map { Character(Unicode.Scalar($0)!) }
            + Array("للللااأإآ")
        let common = Array("  ،؛؟٠١٢٣.,:!-0123")
        var rng = SplitMix(seed: 23)
        var compared = 0, ligatures = 0, refused = 0, mismatches: [String] = []
        for font in ["DejaVu Sans", "DejaVuSans-Bold"] {
            let face = try Self.face(font)
            for _ in 0..<1_500 {
                let text = String((0..<Int.random(in: 1...30, using: &rng)).map { _ in
                    Int.random(in: 0..<5, using: &rng) == 0 ? common.randomElement(using: &rng)! : letters.randomElement(using: &rng)!
                })
                let units = Array(text.utf16)
                guard units.allSatisfy({ face.covers(UInt32($0)) }) else { continue }
                guard let d = Self.direct(face, units, script: HB.arabic) else { refused += 1; continue }
                compared += 1
                if d.enumerated().contains(where: { $0.offset % 2 == 1 && $0.element & 1 == 0 }) { ligatures += 1 }
                let h = Self.harfBuzz(face, units, script: HB.arabic)
                if h != d, mismatches.count < 10 { mismatches.append("\(font) \(text): direct \(d) HarfBuzz \(h)") }
            }
        }
        #expect(mismatches == [])
        #expect(compared > 2_000, "compared \(compared), refused \(refused)")
        #expect(ligatures > 200, "lam-alef ligatures in \(ligatures) runs")
        // Forms really change advances: "بببب" (initial, medial ×2, final) is not 4 × "ب" alone.
        let face = try Self.face("DejaVu Sans")
        let beh = try #require(Self.direct(face, Array("ب".utf16), script: HB.arabic))
        let behs = try #require(Self.direct(face, Array("بببب".utf16), script: HB.arabic))
        #expect(behs[0] + behs[2] + behs[4] + behs[6] != 4 * beh[0])
        // A run whose neighbour joins (a letter in another run) or is a mark goes to HarfBuzz.
        let context = Array("بب".utf16)
        let joined = context.withUnsafeBufferPointer { buf -> DirectShaper.Outcome in
            var packed = [Int32](repeating: 0, count: 2)
            return packed.withUnsafeMutableBufferPointer { face.shapeDirectly(buf, range: 1..<2, script: HB.arabic, packed: $0.baseAddress!) }
        }
        #expect(joined == .harfBuzz)
        #expect(Self.direct(face, Array("بَ".utf16), script: HB.arabic) == nil)
    }

    /// Arabic and Hebrew fonts far more elaborate than DejaVu — Debian's `fonts-noto-core` when
    /// installed: Noto Sans/Naskh/Kufi Arabic, Nastaliq Urdu (cursive attachment, contextual forms
    /// everywhere), Noto Sans/Serif Hebrew — shaped directly only where that is HarfBuzz's answer.
    @Test func notoArabicAndHebrewFontsMatchHarfBuzzWhereShapedDirectly() throws {
        let directory = "/usr/share/fonts/truetype/noto/"
        let fonts = ["NotoSansArabic-Regular", "NotoNaskhArabic-Regular", "NotoKufiArabic-Regular", "NotoNastaliqUrdu-Regular",
                     "NotoSansHebrew-Regular", "NotoSerifHebrew-Regular"].filter { FileManager.default.fileExists(atPath: directory + $0 + ".ttf") }
        let arabic = (0x0621...0x064A).map { Character(Unicode.Scalar($0)!) } + Array("للااأ  ،؟١٢.")
        let hebrew = Array("אבגדהוזחטיךכלםמןנסעףפץצקרשת־׳״ .,!?12")
        var rng = SplitMix(seed: 31)
        var mismatches: [String] = [], compared: [String: Int] = [:]
        for name in fonts {
            let face = try FontFace(path: directory + name + ".ttf")
            let isArabic = name.contains("Arab") || name.contains("Urdu")
            compared[name] = 0
            for _ in 0..<800 {
                let text = String((0..<Int.random(in: 1...24, using: &rng)).map { _ in (isArabic ? arabic : hebrew).randomElement(using: &rng)! })
                let units = Array(text.utf16)
                guard let d = Self.direct(face, units, script: isArabic ? HB.arabic : HB.hebrew) else { continue }
                compared[name, default: 0] += 1
                let h = Self.harfBuzz(face, units, script: isArabic ? HB.arabic : HB.hebrew)
                if h != d, mismatches.count < 10 { mismatches.append("\(name) \(text): direct \(d) HarfBuzz \(h)") }
            }
        }
        #expect(mismatches == [], "\(compared)")
        // Where the fonts are installed, some of them are shaped directly (with fonts-noto-core
        // 20201225: Naskh 400, Kufi 258, Sans Hebrew 200, Serif Hebrew 156 of these runs; Noto
        // Sans Arabic and Nastaliq never — their tables are not ones the direct shaper models).
        #expect(fonts.isEmpty || compared.values.reduce(0, +) > 0, "\(compared)")
    }

    /// The joining types compiled into the direct shaper are Unicode's (ArabicShaping.txt, from
    /// Debian's `unicode-data` when installed).
    @Test func arabicJoiningTypesAreUnicodes() throws {
        let path = "/usr/share/unicode/ArabicShaping.txt"
        guard let data = FileManager.default.contents(atPath: path) else { return }
        var types: [UInt32: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            if fields.count > 2, let c = UInt32(fields[0], radix: 16) { types[c] = fields[2] }
        }
        for c in 0x0621...0x064A {
            let expected: UInt8 = switch types[UInt32(c)] ?? "U" { case "R": 1; case "D", "C": 2; default: 0 }
            #expect(DirectShaper.joiningType(UInt16(c)) == expected, "U+\(String(c, radix: 16))")
        }
    }

    /// Long runs full of ligatures (a ligature leaves a gap that is closed only when a contextual
    /// rule needs the glyphs behind it: substitution is linear, a 10 MB paragraph no longer takes
    /// 70 s) shape exactly as HarfBuzz shapes them.
    @Test func longRunsWithManyLigaturesMatchHarfBuzz() throws {
        let alphabet = Array("fffiflffiAVToYoLTjlrtv.,;:'\"-– ()0123456789ΑΒΓαβγДЖЯдля ")
        var rng = SplitMix(seed: 11)
        var compared = 0
        for font in ["DejaVu Sans", "DejaVuSans-Bold"] {
            let face = try Self.face(font)
            for length in [200, 2_000, 20_000] {
                for _ in 0..<3 {
                    let units = Array(String((0..<length).map { _ in alphabet.randomElement(using: &rng)! }).utf16)
                    guard let d = Self.direct(face, units, script: Self.latin) else { continue }
                    compared += 1
                    #expect(d == Self.harfBuzz(face, units, script: Self.latin), "\(font), \(length) units")
                }
            }
        }
        #expect(compared >= 12, "compared \(compared)")
    }

    @Test func engineAnswersAreTheSameWithAndWithoutDirectShaping() throws {
        // The whole oracle corpus, and mixed text, through both engines: identical results.
        let plain = try TextEngine(fontDirectory: Fixtures.fontsDirectory, configuration: .init(directShaping: false))
        let direct = try TextEngine(fontDirectory: Fixtures.fontsDirectory, configuration: .init(directShaping: true))
        var differences: [String] = []
        for c in OracleAgreementTests.cases {
            if try plain.measure(c.text, style: c.style, width: c.width) != direct.measure(c.text, style: c.style, width: c.width) {
                differences.append(c.id)
            }
        }
        #expect(differences == [])
        #expect(OracleAgreementTests.cases.count == 674)
        // And direct shaping did the work: most of the corpus never reached the shape cache.
        #expect(direct.cacheStatistics.shapedRuns < plain.cacheStatistics.shapedRuns / 2,
                "\(direct.cacheStatistics.shapedRuns) vs \(plain.cacheStatistics.shapedRuns)")
    }
}

extension DirectShaperTests {
    /// Right-to-left paragraphs as the engine sees them — Arabic and Hebrew words among Latin,
    /// digits, brackets, marks, joiners, tatweel, letters DejaVu lacks (another font's run beside
    /// an Arabic one) and hard breaks — measured with and without direct shaping at several
    /// widths: the same lines and widths to the bit.
    @Test func rightToLeftParagraphsAreTheSameWithAndWithoutDirectShaping() throws {
        let plain = try TextEngine(fontDirectory: Fixtures.fontsDirectory, configuration: .init(directShaping: false))
        let direct = try TextEngine(fontDirectory: Fixtures.fontsDirectory, configuration: .init(directShaping: true))
        let words = ["مرحبا", "بالعالم", "لا", "الطريق", "ـبـ", "سلام", "كتاب،", "١٢٣", "؟", "ڤ", "ػب", "بَ", "ب\u{200D}", "ب\u{200C}ب",
                     "שלום", "עולם", "(ספר)", "טקסט", "ש\u{05B8}לום", "abc", "Hello,", "42", "[x]", "\n", "«نص»", "—"]
        var rng = SplitMix(seed: 29)
        var differences: [String] = []
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 1...14, using: &rng)).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")
            for width in [40.0, 90, 200, 1_000] {
                let style = TextStyle(font: "DejaVu Sans", size: 17)
                if try plain.measure(text, style: style, width: width) != direct.measure(text, style: style, width: width),
                   differences.count < 10 {
                    differences.append("\(width): \(text.unicodeScalars.map { String($0.value, radix: 16) })")
                }
            }
        }
        #expect(differences == [])
        // And the direct path took most of it.
        #expect(direct.cacheStatistics.shapedRuns < plain.cacheStatistics.shapedRuns / 2,
                "\(direct.cacheStatistics.shapedRuns) vs \(plain.cacheStatistics.shapedRuns)")
    }

    @Test func corruptedLayoutTablesNeverCrash() throws {
        // DejaVu Sans with random bytes of its GSUB and GPOS tables overwritten (seeded): loading
        // and measuring must not crash, whatever the direct path makes of the tables.
        let original = try Data(contentsOf: URL(fileURLWithPath: Fixtures.font("DejaVuSans.ttf")))
        func table(_ tag: String, in data: Data) -> Range<Int>? {
            let count = Int(data[4]) << 8 | Int(data[5])
            for i in 0..<count {
                let rec = 12 + 16 * i
                if String(decoding: data[rec..<(rec + 4)], as: UTF8.self) == tag {
                    func u32(_ o: Int) -> Int { Int(data[o]) << 24 | Int(data[o + 1]) << 16 | Int(data[o + 2]) << 8 | Int(data[o + 3]) }
                    return u32(rec + 8)..<(u32(rec + 8) + u32(rec + 12))
                }
            }
            return nil
        }
        let ranges = try ["GSUB", "GPOS"].map { try #require(table($0, in: original)) }
        var rng = SplitMix(seed: 99)
        for round in 0..<12 {
            var data = original
            for r in ranges {
                for _ in 0..<(4 + round * 8) {
                    data[Int.random(in: r, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
                }
            }
            let path = Fixtures.temporaryFile("corrupt-\(round).ttf", data)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let engine = try TextEngine(fontDirectory: nil)
            let style = TextStyle(font: path, size: 15)
            if let r = try? engine.measure("office affluent AVATAR Tokyo, fjord 1.5% — 每有会意", style: style, width: 120) {
                #expect(r.lineCount >= 1)
            }
        }
    }
}
