import BenchmarkSupport
import Foundation
import TextLayout

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
