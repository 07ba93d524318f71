/// What the text engine asks of a font — its vertical metrics, which characters it covers, and the
/// advances shaping gives a run — with no C type in sight: the seam between the engine's
/// algorithms (`Engine/`) and the libraries that read fonts (`Backend/`).
///
/// `FontFace` (FreeType for metrics, HarfBuzz for shaping) is the real one. A test can subclass
/// this with a font of its own making (fixed advances, a chosen coverage) and measure with it
/// through `TextEngine(faces:configuration:)`, so that line breaking, fallback and metrics are
/// checked with numbers anyone can work out by hand.
///
/// Subclasses must be immutable once made (faces are shared between threads).
class GlyphSource: @unchecked Sendable {
    /// The file the face came from (for messages), or a name for a made-up face.
    let path: String
    /// The family name ("DejaVu Sans").
    let familyName: String
    /// The style name ("Book", "Bold").
    let styleName: String
    /// Vertical metrics in font units.
    let metrics: FontMetrics
    /// Whether the face has colour glyphs (an emoji font): a cluster asking for emoji
    /// presentation (U+FE0F) goes to such a face first.
    let isColor: Bool
    /// The coverage of the Basic Multilingual Plane, one bit per code point (1,024 words).
    private let bmpCoverage: [UInt64]

    init(path: String, familyName: String, styleName: String, metrics: FontMetrics, isColor: Bool, bmpCoverage: [UInt64]) {
        self.path = path
        self.familyName = familyName
        self.styleName = styleName
        self.metrics = metrics
        self.isColor = isColor
        self.bmpCoverage = bmpCoverage.count == 1024 ? bmpCoverage : Array(repeating: 0, count: 1024)
    }

    /// Whether the face maps `scalar` to a glyph.
    @inline(__always)
    final func covers(_ scalar: UInt32) -> Bool {
        if scalar < 0x10000 { return bmpCoverage[Int(scalar >> 6)] & (1 << UInt64(scalar & 63)) != 0 }
        return coversBeyondBMP(scalar)
    }

    /// Whether the face maps `scalar` (≥ U+10000) to a glyph.
    func coversBeyondBMP(_ scalar: UInt32) -> Bool { false }

    /// Shapes `text[range]` (UTF-16; the rest of `text` is context) as one run of `script`. For
    /// each glyph, at the index of its cluster (relative to `range`), adds to `out` its advance,
    /// what positioning added to its nominal advance (kerning), in font units, and whether it is
    /// unsafe to break before. This default gives every character its nominal advance, no kerning.
    func shape(_ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, script: UInt32, into out: inout ShapedUnits) {
        var u = range.lowerBound
        while u < range.upperBound {
            var scalar = UInt32(text[u])
            var width = 1
            if scalar & 0xFC00 == 0xD800, u + 1 < range.upperBound, text[u + 1] & 0xFC00 == 0xDC00 {
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(text[u + 1]) - 0xDC00)
                width = 2
            }
            out.add(u - range.lowerBound, advance: nominalAdvance(scalar), kerning: 0, unsafe: false)
            u += width
        }
    }

    /// Shapes `text[range]` straight from the face's tables when it can (`DirectShaper`);
    /// `.harfBuzz` when it cannot (then `shape` is used). This default never can.
    func shapeDirectly(_ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, script: UInt32,
                       packed: UnsafeMutablePointer<Int32>, ems: DirectShaper.Ems? = nil) -> DirectShaper.Outcome {
        .harfBuzz
    }

    /// `DirectShaper.wordTraitsTable()` of this face (per BMP code unit: its reach — 0 plain —
    /// and whether it kerns as a first glyph), for a face whose units per em is a power of two
    /// (so that its advances in ems add up exactly); nil otherwise. This default: nil (no word
    /// of this face is cached).
    func wordTraitsTable() -> [UInt8]? { nil }

    /// With `wordTraitsTable()`: each BMP code unit's advance as the direct shaper gives it
    /// alone (font units), when it shapes both Latin and Han runs. This default: nil.
    func unitAdvances() -> [UInt16]? { nil }

    /// The face's emoji clusters as HarfBuzz shapes them (`EmojiClusters`), or nil. This default
    /// has none.
    func emojiClusters() -> EmojiClusters? { nil }

    /// The advance (font units) of the glyph `scalar` maps to, or 0 if it has none.
    func nominalAdvance(_ scalar: UInt32) -> Int32 { 0 }

    /// Whether runs in this face may be shaped from its tables (`shapeDirectly`).
    var usesDirectShaping: Bool { false }
}
