import Foundation
import LayoutEngine

/// One fuzz input: the bytes as a font file (the corpus: subsets of the bundled fonts, with their
/// GSUB ligatures and GPOS kerning), loaded through FreeType, the sfnt validator, HarfBuzz and the
/// direct shaper's own cmap/hmtx/GSUB/GPOS reader, then the same texts measured twice — shaped
/// straight from the font's tables (`directShaping: true`) and by HarfBuzz alone (`false`). A
/// font that is refused is an answer; a crash, a sanitizer report, a hang, or two different
/// widths (the direct shaper must give HarfBuzz's answer or step aside) is a finding. For one
/// input in four the direct engine takes the word path from its first paragraph
/// (`wordCacheWarmUp: 0`; its tables cost a few milliseconds a font under the sanitizer, so not
/// for every input) and measures every text twice (the second time from the words the first
/// stored): the word path must give the same answers too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FontFuzz.counter += 1
    let path = FontFuzz.directory + "/f\(FontFuzz.counter % 4).ttf"
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes: data, count: size)) else { return 0 }
    defer { try? FileManager.default.removeItem(atPath: path) }
    var direct = TextEngine.Configuration(paragraphCacheUnits: 0, directShaping: true)
    direct.systemFontNames = false
    var harfBuzz = direct
    harfBuzz.directShaping = false
    if FontFuzz.counter % 4 == 0 { direct.wordCacheWarmUp = 0 }
    guard let a = try? TextEngine(fontDirectories: [], configuration: direct),
          let b = try? TextEngine(fontDirectories: [], configuration: harfBuzz) else { return 0 }
    for text in FontFuzz.texts {
        let style = TextStyle(font: path, size: 17)
        let x = try? a.measure(text, style: style, width: 120)
        let y = try? b.measure(text, style: style, width: 120)
        if let again = try? a.measure(text, style: style, width: 120), again != x {
            fatalError("FontFuzz: the word path's second answer \(again.lines.map(\.width)) differs from its first for \"\(text)\"")
        }
        if (x == nil) != (y == nil) {
            fatalError("FontFuzz: the font loads for one engine and not the other (\(text))")
        }
        if let x, let y, x != y {
            fatalError("FontFuzz: direct shaping \(x.lines.map(\.width)) differs from HarfBuzz \(y.lines.map(\.width)) for \"\(text)\"")
        }
    }
    return 0
}

enum FontFuzz {
    nonisolated(unsafe) static var counter = 0
    static let directory: String = {
        let d = NSTemporaryDirectory() + "FontFuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }()
    static let texts = ["AVAWAY To fi ffl office Wa, Type 1234567890", "Hello world LTAVYTy Kerning ff fl .,:;!?",
                        "今天天气很好 AV Hello", "abc abc",
                        // Right to left (the direct shaper's Hebrew plan and Arabic joining forms).
                        "שלום עולם, זה טקסט 123", "مرحبا بالعالم، لا الطريق ١٢٣ ـبـ",
                        // Emoji sequences (a colour font's cluster table, `EmojiClusters`).
                        "👍👍🏽❤️❤1️⃣ 👍\u{200D}❤️"]
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

/// The executable's entry point (see SpecFuzz): libFuzzer's driver with this target's callback.
@_cdecl("FontFuzz_main")
public func fontFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzz(data, size) }
}
