import Foundation
import TextLayout

/// Where the benchmarks find the repository's files, relative to this source file
/// (`<repo>/Benchmarks/Benchmarks/TextBenchmarks/Fixtures.swift`), so that they work from any
/// checkout and any working directory.
enum RepositoryPaths {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url
    }()

    /// The bundled fonts (`Fonts/`), byte-identical to `shared/oracle/fonts/`.
    static var fonts: String { root.appendingPathComponent("Fonts").path }
    static var latinFont: String { root.appendingPathComponent("Fonts/DejaVuSans.ttf").path }
    static var cjkFont: String { root.appendingPathComponent("Fonts/WenQuanYiMicroHei.ttf").path }

    /// The oracle corpus, committed with the tests (`Tests/TextLayoutTests/Fixtures/`, copied
    /// unchanged from `shared/oracle/corpus.jsonl`), so it exists in every checkout.
    static var corpus: URL { root.appendingPathComponent("Tests/TextLayoutTests/Fixtures/corpus.jsonl") }
    /// Chromium's and Pango's answers per corpus case (`pango_n_lines` checks the Pango peer).
    static var reference: URL { root.appendingPathComponent("Tests/TextLayoutTests/Fixtures/reference.jsonl") }
}

/// Stops a benchmark process with a message that says what is missing (setup errors are not
/// measurements, and a benchmark run without its inputs must not look like a pass).
func fixtureFailure(_ message: String) -> Never {
    FileHandle.standardError.write(Data("TextBenchmarks: \(message)\n".utf8))
    exit(1)
}

/// The engines the benchmarks measure with, created lazily so that each benchmark process
/// (package-benchmark runs every benchmark in its own process) builds only what it uses.
enum Engines {
    /// Default configuration: shape cache and prepared-paragraph cache.
    static let standard: TextEngine = make(TextEngine.Configuration())

    /// No prepared-paragraph cache (a paragraph of more than 0 code units is never kept): every
    /// `measure` prepares its text again, finding shaped words in the warm shape cache. This is
    /// the steady state of measuring text the engine has not seen, in words it has.
    static let withoutParagraphCache: TextEngine = make(TextEngine.Configuration(paragraphCacheUnits: 0))

    /// Default configuration, used only by the ratio benchmark's "prepared texts" pass (so that
    /// `clearCaches()` on `standard` does not empty it).
    static let steady: TextEngine = make(TextEngine.Configuration())

    private static func make(_ configuration: TextEngine.Configuration) -> TextEngine {
        do {
            return try TextEngine(fontDirectory: RepositoryPaths.fonts, configuration: configuration)
        } catch {
            fixtureFailure("cannot create a text engine on \(RepositoryPaths.fonts): \(error)")
        }
    }
}

/// One text to measure: the text, its style and its width.
struct TextCase: Sendable {
    var id: String
    var text: String
    var style: TextStyle
    var width: Double
}
