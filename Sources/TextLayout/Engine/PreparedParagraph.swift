/// The width-independent half of text layout: a text cut into grapheme clusters, each with its
/// advance, its kind, its font and whether a line may break after it.
///
/// Built once per (text, font chain) by `Preparer` (shaping with HarfBuzz, breaking with ICU);
/// then `LineBreaker` lays it out at any width and size with arithmetic only. Advances are in
/// ems (font units / unitsPerEm), so one preparation serves every font size.
/// Storage is struct-of-arrays: about 23 bytes per grapheme cluster.
struct PreparedParagraph: Sendable {
    /// What a grapheme cluster is, for line breaking.
    enum Kind: UInt8, Sendable {
        /// Anything visible.
        case text
        /// White space that hangs at the end of a line (never wraps, never counts in the width).
        case space
        /// A hard line break (`\n`, `\r\n`, `\r`, U+2028, U+2029, VT, FF, NEL): ends its line.
        case newline
    }

    /// The text as given (line texts are slices of it).
    var text: String = ""
    /// The text, in UTF-16 code units.
    var utf16: [UInt16]
    /// Cluster `i` covers code units `ends[i - 1] ..< ends[i]` (from 0 for the first).
    var ends: [Int32]
    /// Each cluster's advance in ems.
    var advances: [Double]
    /// What to add to a cluster's advance when a line ends right after it: the kerning it got
    /// from the cluster after it, taken back (ems).
    var breakAdjust: [Double]
    /// Each cluster's kind.
    var kinds: [Kind]
    /// Whether UAX #14 allows a soft line break after each cluster.
    var breakAfter: [Bool]
    /// Each cluster's font, as an index into `metrics`.
    var fonts: [UInt8]
    /// The vertical metrics of each font of the chain (index 0 = the primary font).
    var metrics: [FontMetrics]
    /// Whether every cluster uses font 0 (lets line heights skip a scan).
    var singleFont: Bool
    /// Where the font changes (when `singleFont` is false): run k starts at cluster
    /// `fontRunStarts[k]` and uses font `fontRunFonts[k]` (`noFont` for hard breaks, which need
    /// no glyph), so a line's fonts are found per run, not per cluster.
    var fontRunStarts: [Int32] = []
    var fontRunFonts: [UInt8] = []
    static let noFont: UInt8 = 255
    /// Word-level sums for fast line breaking (see `buildSegments()`).
    var segments = Segments()
    /// The advance of "…" in ems, and its font.
    var ellipsisAdvance: Double
    var ellipsisFont: UInt8

    /// The number of grapheme clusters.
    var count: Int { ends.count }

    /// The first code unit of cluster `i`.
    @inline(__always) func start(_ i: Int) -> Int { i == 0 ? 0 : Int(ends[i - 1]) }

    /// An empty paragraph with the given primary metrics.
    static func empty(metrics: [FontMetrics]) -> PreparedParagraph {
        PreparedParagraph(utf16: [], ends: [], advances: [], breakAdjust: [], kinds: [], breakAfter: [], fonts: [],
                          metrics: metrics, singleFont: true, ellipsisAdvance: 0, ellipsisFont: 0)
    }

    /// Approximate memory held, in bytes.
    var byteCount: Int { text.utf8.count + utf16.count * 2 + ends.count * (4 + 8 + 8 + 1 + 1 + 1) + segments.count * 21 + 64 }
}

/// A prepared paragraph behind one reference: caches, `PreparedText` and layouts share it with
/// a single reference count instead of one per array, and read it in place (a `let`, so no
/// exclusivity checks and no copies).
final class PreparedBox: Sendable {
    let paragraph: PreparedParagraph

    init(_ paragraph: PreparedParagraph) { self.paragraph = paragraph }
}
