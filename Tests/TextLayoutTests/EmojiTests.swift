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
