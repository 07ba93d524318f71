import Foundation
import Testing
@testable import TextLayout

/// Issue 11, system fonts: a name the font directories do not have resolves through fontconfig
/// (only to a face of that family, never to fontconfig's substitute), and `fallback: .system`
/// extends the chain into the system's fonts. Expected values: the same font measured by its
/// path (an independent route to the same file), and the emoji font's strike advance
/// (EmojiTests). Skipped where the system lacks the fonts (Debian's fonts-dejavu-core comes with
/// fontconfig; fonts-noto-color-emoji is installed by the scripts).
struct SystemFontTests {
    static let serif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
    static let emoji = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
    static let hasSerif = FileManager.default.fileExists(atPath: serif)
    static let hasEmoji = FileManager.default.fileExists(atPath: emoji)

    @Test(.enabled(if: hasSerif, "DejaVu Serif is not installed (fonts-dejavu-core)"))
    func aSystemFamilyResolvesThroughFontconfig() throws {
        let engine = Fixtures.engine
        #expect(try engine.familyName(of: "DejaVu Serif") == "DejaVu Serif")
        let style = TextStyle(font: "DejaVu Serif", size: 17)
        let byName = try engine.measure("Hamburgefonstiv", style: style, width: nil)
        let byPath = try engine.measure("Hamburgefonstiv", style: TextStyle(font: Self.serif, size: 17), width: nil)
        #expect(byName == byPath)
        // Not the bundled DejaVu Sans under another name.
        #expect(byName.size.width != (try engine.measure("Hamburgefonstiv", style: TextStyle(size: 17), width: nil)).size.width)
    }

    @Test func anUnknownNameIsStillAnError() {
        // fontconfig answers every query with some font; a family it does not have is refused.
        #expect(throws: TextLayoutError.self) { try Fixtures.engine.metrics(of: "No Such Family 12345") }
    }

    @Test(.enabled(if: hasSerif, "DejaVu Serif is not installed (fonts-dejavu-core)"))
    func systemNamesCanBeTurnedOff() throws {
        var configuration = TextEngine.Configuration()
        configuration.systemFontNames = false
        let engine = try TextEngine(fontDirectory: Fixtures.fontsDirectory, configuration: configuration)
        #expect(throws: TextLayoutError.self) { try engine.metrics(of: "DejaVu Serif") }
    }

    @Test(.enabled(if: hasEmoji, "fonts-noto-color-emoji is not installed"))
    func systemFallbackFindsTheEmojiFont() throws {
        var configuration = TextEngine.Configuration()
        configuration.fallback = .system
        let system = try TextEngine(fontDirectory: Fixtures.fontsDirectory, configuration: configuration)
        let style = TextStyle(font: "DejaVu Sans", size: 20)
        let advance = (136.0 / 109 * 2048).rounded() / 2048 * 20
        // A skin-toned thumb and a heart with VS16 (a colour font first), which no bundled font has.
        // (A bare 😀 may come from the system's own DejaVu Sans, a newer version than the bundled
        // one with emoticons: fontconfig's order puts it before the emoji font.)
        for s in ["👍🏽", "❤️"] {
            #expect(abs(try system.measure(s, style: style, width: nil).size.width - advance) < 1e-9, "\(s)")
            // The bundled chain has no emoji: the same text takes another width (.notdef boxes).
            #expect(try Fixtures.engine.measure(s, style: style, width: nil).size.width != advance)
        }
        // Text the bundled fonts cover is unchanged.
        #expect(try system.measure("Hello 世界", style: style, width: nil) == Fixtures.engine.measure("Hello 世界", style: style, width: nil))
    }

    /// A character no font of the chain has is measured as .notdef and reported, so that the
    /// answer can say so (JSONL warns); text every font covers reports nothing.
    @Test func charactersWithoutAFontAreReported() throws {
        let style = TextStyle(size: 17)
        #expect(try Fixtures.engine.measure("a👍b नम", style: style, width: nil).missingCharacters.map(\.value) == [0x1F44D, 0x928, 0x92E])
        #expect(try Fixtures.engine.measure("Hello 世界 \u{200B}!", style: style, width: nil).missingCharacters.isEmpty)
    }
}
