/// A face's vertical metrics in font units, as read from its `hhea` table (or from `OS/2`'s
/// typographic metrics when the font sets USE_TYPO_METRICS).
public struct FontMetrics: Hashable, Sendable {
    /// Font units per em (2048 for DejaVu Sans and WenQuanYi Micro Hei).
    public var unitsPerEm: Int
    /// Distance from the baseline to the top of the line, positive (hhea 1901 for DejaVu Sans).
    public var ascender: Int
    /// Distance from the baseline to the bottom of the line, negative as in the font (−483).
    public var descender: Int
    /// Extra space the font asks for between lines (its "leading"; 0 for both bundled fonts).
    public var lineGap: Int
    /// Whether the values come from OS/2 typographic metrics (USE_TYPO_METRICS) rather than hhea.
    public var usesTypoMetrics: Bool

    /// Creates metrics from font-unit values.
    public init(unitsPerEm: Int, ascender: Int, descender: Int, lineGap: Int, usesTypoMetrics: Bool = false) {
        self.unitsPerEm = unitsPerEm
        self.ascender = ascender
        self.descender = descender
        self.lineGap = lineGap
        self.usesTypoMetrics = usesTypoMetrics
    }

    /// Ascent in points at `size` (unhinted, unrounded).
    public func ascent(size: Double) -> Double { Double(ascender) * size / Double(unitsPerEm) }
    /// Descent in points at `size`, positive.
    public func descent(size: Double) -> Double { Double(-descender) * size / Double(unitsPerEm) }
    /// The line gap in points at `size`.
    public func leading(size: Double) -> Double { Double(max(lineGap, 0)) * size / Double(unitsPerEm) }

    /// The natural line height at `size`: ascent + descent (+ line gap when `fontLeading`).
    public func lineHeight(size: Double, fontLeading: Bool = true) -> Double {
        ascent(size: size) + descent(size: size) + (fontLeading ? leading(size: size) : 0)
    }
}
