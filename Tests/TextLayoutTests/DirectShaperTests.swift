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
