import Foundation
import Testing
@testable import TextLayout

/// Findings of the font fuzzer (Fuzz/Sources/FontFuzz), kept as regression tests: each font is a
/// mutated subset of a bundled font, and direct shaping must give HarfBuzz's widths on it.
struct FontFuzzRegressionTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fonts")

    /// A subset of DejaVu Sans Bold whose kerning ClassDef (format 1) claims 256 glyph classes
    /// where its table has room for 20. HarfBuzz's sanitizer neuters the whole ClassDef (no class
    /// kerning at all); the direct shaper read the first entries and kerned "AVAWAY" — 105.16 pt
    /// against HarfBuzz's 109.34 on the first line. It now refuses any Coverage or ClassDef whose
    /// array overruns its table, and steps aside. `fuzz-gsub-script-offset.ttf`: a GSUB script
    /// record (geor) whose offset points past the table; HarfBuzz neuters it on a copy and made no
    /// ligatures, the direct shaper made "fi" and "ffl" from the raw bytes. Any list offset outside
    /// its table now leaves the font to HarfBuzz. `fuzz-unsorted-coverage.ttf`: a kerning
    /// Coverage whose glyphs are out of order; HarfBuzz's binary search misses some of them, a walk
    /// does not. Unsorted Coverage and ClassDef ranges are now malformed here.
    /// `fuzz-feature-index.ttf`: a language system lists a feature index past the FeatureList;
    /// HarfBuzz skips it, the direct shaper kerned "Wa" with what it found. Feature and lookup
    /// indices out of range now leave the font to HarfBuzz.
    @Test(arguments: ["fuzz-classdef-overrun.ttf", "fuzz-gsub-script-offset.ttf", "fuzz-unsorted-coverage.ttf", "fuzz-feature-index.ttf"])
    func directShapingAgreesWithHarfBuzz(_ file: String) throws {
        let path = Self.fixtures.appendingPathComponent(file).path
        let direct = try TextEngine(fontDirectories: [], configuration: TextEngine.Configuration(directShaping: true))
        let harfBuzz = try TextEngine(fontDirectories: [], configuration: TextEngine.Configuration(directShaping: false))
        let style = TextStyle(font: path, size: 17)
        for text in ["AVAWAY To fi ffl office Wa, Type 1234567890", "Hello world LTAVYTy Kerning ff fl .,:;!?"] {
            let a = try direct.measure(text, style: style, width: 120), b = try harfBuzz.measure(text, style: style, width: 120)
            #expect(a == b, "\(text): \(a.lines.map(\.width)) vs \(b.lines.map(\.width))")
        }
    }

    /// DejaVu Sans (a subset) with a broken 'head' magic number: HarfBuzz ignores such a table and
    /// assumes 1000 units per em, FreeType reads 2048, and the direct shaper (kerning in font units)
    /// and HarfBuzz (kerning scaled by 2048/1000) disagreed. The font is refused, naming the table.
    @Test func aHeadTableHarfBuzzWouldIgnoreIsRefused() throws {
        let path = Self.fixtures.appendingPathComponent("fuzz-head-magic.ttf").path
        let engine = try TextEngine(fontDirectories: [])
        do {
            _ = try engine.measure("AVAWAY", style: TextStyle(font: path, size: 17), width: nil)
            Issue.record("expected the font to be refused")
        } catch {
            #expect("\(error)".contains("table 'head' has a wrong magic number"), "\(error)")
        }
    }

    /// The load-time probe (direct shaping against HarfBuzz on common text) keeps the direct path
    /// for the bundled fonts, where it is exact: the fast path must not be lost to the check.
    @Test(arguments: ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "WenQuanYiMicroHei.ttf"])
    func bundledFontsKeepDirectShaping(_ file: String) throws {
        #expect(try FontFace(path: Fixtures.font(file)).usesDirectShaping)
    }

    /// `fuzz-alternate-subtable.ttf`: a GSUB lookup's subtable offset moved onto another table's
    /// bytes (still inside GSUB); HarfBuzz then made no "fi"/"ffl" ligatures, the direct shaper
    /// did. No structural check caught it; the load-time probe does, and the font goes to HarfBuzz.
    @Test func theProbeCatchesWhatStructureDoesNot() throws {
        let path = Self.fixtures.appendingPathComponent("fuzz-alternate-subtable.ttf").path
        #expect(try !FontFace(path: path).usesDirectShaping)
        try directShapingAgreesWithHarfBuzz("fuzz-alternate-subtable.ttf")
    }

    /// Issue 12's absurd metrics, on a subset of DejaVu Sans (a, b, c) with one field patched: units
    /// per em 1 is refused with a message naming the field (OpenType allows 16…16384; HarfBuzz
    /// would assume 1000 and disagree with FreeType); an ascender of 32,767 is a font, laid out:
    /// each line is (32,767 + 483) / 2048 × 17 = 276.0009765625 pt tall.
    @Test func absurdMetrics() throws {
        let engine = try TextEngine(fontDirectories: [])
        do {
            _ = try engine.measure("abc", style: TextStyle(font: Self.fixtures.appendingPathComponent("absurd-upem-1.ttf").path), width: nil)
            Issue.record("expected units per em 1 to be refused")
        } catch {
            #expect("\(error)".contains("gives 1 units per em (OpenType allows 16 to 16384)"), "\(error)")
        }
        let tall = try engine.measure("abc abc", style: TextStyle(font: Self.fixtures.appendingPathComponent("absurd-ascender.ttf").path, size: 17),
                                      width: 20)
        #expect(tall.lines.allSatisfy { $0.height == (32_767.0 + 483) / 2048 * 17 })
        #expect(tall.size.height == Double(tall.lines.count) * (32_767.0 + 483) / 2048 * 17)
    }

    /// A table directory with 'head' twice (GSUB's record renamed): FreeType and HarfBuzz took
    /// different ones and scaled differently. A repeated tag is refused, naming it.
    @Test func aRepeatedTableIsRefused() throws {
        let path = Self.fixtures.appendingPathComponent("fuzz-duplicate-head.ttf").path
        do {
            _ = try TextEngine(fontDirectories: []).measure("AVAWAY", style: TextStyle(font: path), width: nil)
            Issue.record("expected the font to be refused")
        } catch {
            #expect("\(error)".contains("table 'head' appears twice"), "\(error)")
        }
    }
}
