import Foundation
import Testing
@testable import TextLayout

/// Emoji through Debian's colour emoji font (`fonts-noto-color-emoji`, not bundled: 11 MB), added
/// to the chain with `TextEngine.bundled(adding:)` (the CLI's `--fonts`). Reference: HarfBuzz 8 shapes
/// each of these sequences in Noto Color Emoji to one glyph (checked with uharfbuzz's `hb.shape` on
/// the same file), whose advance a browser takes from the font's only bitmap strike: 136 px at
/// 109 ppem (CBDT big glyph metrics), 136 / 109 em — not hmtx's 2550 / 2048 em. Chromium 156 measures
/// "😀" at 17 px as 21.21875 px wide (136 / 109 × 17 = 21.2110, to its 1/64 px). The engine rounds
/// the strike advance to font units: round(136 / 109 × 2048) = 2555. Skipped where the font is not
/// installed.
struct EmojiTests {
    static let directory = "/usr/share/fonts/truetype/noto"
    static let installed = FileManager.default.fileExists(atPath: directory + "/NotoColorEmoji.ttf")

    @Test(.enabled(if: installed, "fonts-noto-color-emoji is not installed (apt-get install fonts-noto-color-emoji)"))
    func sequencesAreOneClusterOfOneEmojiAdvance() throws {
        let engine = try TextEngine(fontDirectories: [Fixtures.fontsDirectory, Self.directory])
        let style = TextStyle(font: "DejaVu Sans", size: 20)
        let advance = (136.0 / 109 * 2048).rounded() / 2048 * 20
        // A thumb, with a skin tone; a ZWJ family; a keycap; a flag; a heart with VS16.
        for s in ["👍", "👍🏽", "👨‍👩‍👧", "1️⃣", "🇨🇳", "❤️"] {
            let r = try engine.measure(s, style: style, width: nil)
            #expect(abs(r.size.width - advance) < 1e-9, "\(s): \(r.size.width)")
            #expect(r.lines.count == 1 && r.lines[0].range == TextRange(location: 0, length: s.utf16.count))
        }
        // A line never breaks inside a sequence: two families at the width of one and a half.
        let two = try engine.measure("👨‍👩‍👧👨‍👩‍👧", style: style, width: advance * 1.5)
        #expect(two.lines.map(\.range) == [TextRange(location: 0, length: 8), TextRange(location: 8, length: 8)])
        // In running text the emoji falls back to the emoji font; the letters stay in DejaVu Sans.
        let a = try engine.measure("a", style: style, width: nil).size.width
        #expect(abs(try engine.measure("a👍a", style: style, width: nil).size.width - (2 * a + advance)) < 1e-9)
    }
}

/// The colour emoji face's cluster table (`EmojiClusters`): HarfBuzz's answer for every sequence,
/// worked out when the face loads, stands for HarfBuzz only where it gives HarfBuzz's answer.
/// Reference: HarfBuzz itself, on Unicode's own list of emoji sequences (Debian's `unicode-data`:
/// `emoji-test.txt`, every fully-, minimally- and unqualified sequence and component).
extension EmojiTests {
    static let testFile = "/usr/share/unicode/emoji/emoji-test.txt"

    /// Every sequence of `emoji-test.txt` (skipped where the file is missing).
    static func unicodeSequences() -> [String] {
        guard let data = FileManager.default.contents(atPath: testFile) else { return [] }
        var out: [String] = []
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            guard let field = line.split(separator: ";").first else { continue }
            let scalars = field.split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            if !scalars.isEmpty { out.append(String(String.UnicodeScalarView(scalars))) }
        }
        return out
    }

    @Test(.enabled(if: installed && FileManager.default.fileExists(atPath: testFile), "needs fonts-noto-color-emoji and unicode-data"))
    func everyUnicodeSequenceInTheTableIsHarfBuzzs() throws {
        let face = try FontFace(path: Self.directory + "/NotoColorEmoji.ttf")
        let clusters = try #require(face.emojiClusters())
        #expect(clusters.count > 5_000, "\(clusters.count) clusters")
        let sequences = Self.unicodeSequences()
        #expect(sequences.count > 4_000)
        var found = 0, mismatches: [String] = []
        for s in sequences {
            let units = Array(s.utf16)
            var table = [Int32](repeating: 0, count: 2 * units.count)
            let hit = units.withUnsafeBufferPointer { u in
                table.withUnsafeMutableBufferPointer { clusters.write(u, into: $0.baseAddress!) }
            }
            guard hit else { continue }
            found += 1
            var shaped = ShapedUnits(count: units.count)
            units.withUnsafeBufferPointer { face.shape($0, range: 0..<units.count, script: 0, into: &shaped) }
            if shaped.packed != table, mismatches.count < 10 { mismatches.append(s.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")) }
        }
        #expect(mismatches == [])
        // Every sequence Unicode lists is in the table (with Debian's Noto Color Emoji 2.042 and
        // Unicode 15's list, all 4,733 are; a newer list may name sequences an older font lacks,
        // which go to HarfBuzz).
        #expect(Double(found) > 0.95 * Double(sequences.count), "\(found) of \(sequences.count)")
    }

    /// Paragraphs of random Unicode emoji sequences, among spaces, words and the odd lone regional
    /// indicator, joiner or selector, measured with the cluster table (direct shaping on) and
    /// with HarfBuzz alone (off) at several widths: the same lines and widths to the bit.
    @Test(.enabled(if: installed && FileManager.default.fileExists(atPath: testFile), "needs fonts-noto-color-emoji and unicode-data"))
    func emojiRunsAreTheSameWithAndWithoutTheClusterTable() throws {
        let directories = [Fixtures.fontsDirectory, Self.directory]
        let table = try TextEngine(fontDirectories: directories, configuration: .init(paragraphCacheUnits: 0, directShaping: true))
        let harfBuzz = try TextEngine(fontDirectories: directories, configuration: .init(paragraphCacheUnits: 0, directShaping: false))
        let sequences = Self.unicodeSequences()
        let extras = ["", "", " ", "a", "Hi ", "🇺", "\u{200D}", "\u{FE0F}", "1", "今天", "\n", "🏽", "\u{20E3}", "#"]
        var rng = SplitMix(seed: 41)
        var differences: [String] = []
        let style = TextStyle(font: "DejaVu Sans", size: 17)
        for _ in 0..<1_500 {
            var text = ""
            for _ in 0..<Int.random(in: 1...12, using: &rng) {
                text += Int.random(in: 0..<6, using: &rng) == 0 ? extras.randomElement(using: &rng)! : sequences.randomElement(using: &rng)!
            }
            for width in [30.0, 100, 1_000] {
                if try table.measure(text, style: style, width: width) != harfBuzz.measure(text, style: style, width: width),
                   differences.count < 10 {
                    differences.append("\(width): \(text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))")
                }
            }
        }
        #expect(differences == [])
        // The table did the work: far fewer runs reached HarfBuzz.
        #expect(table.cacheStatistics.shapedRuns < harfBuzz.cacheStatistics.shapedRuns / 3,
                "\(table.cacheStatistics.shapedRuns) vs \(harfBuzz.cacheStatistics.shapedRuns)")
    }

    /// Four threads measuring emoji paragraphs on a fresh engine race to build the face's cluster
    /// table (built once, under a lock, on first use): every answer is the one a lone engine
    /// without the table gives. (In `scripts/tsan.sh`'s list: ThreadSanitizer watches the build.)
    @Test(.enabled(if: installed && FileManager.default.fileExists(atPath: testFile), "needs fonts-noto-color-emoji and unicode-data"))
    func theClusterTableIsBuiltOnceForSeveralThreads() async throws {
        let directories = [Fixtures.fontsDirectory, Self.directory]
        let shared = try TextEngine(fontDirectories: directories, configuration: .init(paragraphCacheUnits: 0))
        let reference = try TextEngine(fontDirectories: directories, configuration: .init(paragraphCacheUnits: 0, directShaping: false))
        let sequences = Self.unicodeSequences()
        var rng = SplitMix(seed: 43)
        let texts = (0..<200).map { _ in (0..<8).map { _ in sequences.randomElement(using: &rng)! }.joined(separator: " ") }
        let style = TextStyle(font: "DejaVu Sans", size: 17)
        let expected = try texts.map { try reference.measure($0, style: style, width: 120) }
        let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
            for t in 0..<4 {
                group.addTask {
                    var bad = 0
                    for k in stride(from: t, to: texts.count + t, by: 1) where try shared.measure(texts[k % texts.count], style: style, width: 120) != expected[k % texts.count] {
                        bad += 1
                    }
                    return bad
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}
