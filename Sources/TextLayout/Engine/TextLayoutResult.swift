import LayoutGeometry

/// A range of UTF-16 code units, NSRange-compatible (`location`, `length`).
public struct TextRange: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The first code unit.
    public var location: Int
    /// The number of code units.
    public var length: Int

    /// Creates a range.
    public init(location: Int, length: Int) {
        self.location = location
        self.length = length
    }

    /// One past the last code unit.
    public var end: Int { location + length }

    public var description: String { "[\(location), \(length)]" }
}

/// A paragraph's or a run's writing direction.
public enum TextDirection: String, Hashable, Sendable, Codable, CaseIterable {
    /// By the first strong character of each paragraph (UAX #9 P2–P3), left to right if none.
    case auto
    /// Left to right.
    case leftToRight = "ltr"
    /// Right to left.
    case rightToLeft = "rtl"
}

/// Where a text's lines sit across its width (`NSTextAlignment`; CSS's `text-align`). Measuring
/// does not depend on it (a text's bounding rect is its widest line's width whatever it is);
/// drawing a text (`TextEngine.picture(_:attributed:style:width:alignment:)`) and placing a text
/// in a composed cell's box (`CellText.alignment`) do.
public enum TextLineAlignment: String, Hashable, Sendable, Codable, CaseIterable {
    /// By the paragraph's direction (UIKit's `.natural`): left for a left-to-right paragraph,
    /// right for a right-to-left one — in a composed cell, by the element's layout direction.
    case natural
    /// At the left edge.
    case left
    /// Centred.
    case center
    /// At the right edge.
    case right
    /// At both edges (UIKit's `.justified`, CSS's `text-align: justify`): every line but the last
    /// of its paragraph stretched to the width — its spaces, and the gaps between ideographs,
    /// widened — and the last line of each paragraph (and the last shown: a text cut by
    /// `numberOfLines`) natural. A line with nothing to widen (one word broken inside) stays natural.
    /// `TextEngine.picture` draws the stretched lines across the width.
    case justified
}

/// A stretch of a line in one direction, in visual order (UAX #9 after line breaking): what a
/// renderer draws left to right.
public struct TextVisualRun: Hashable, Sendable {
    /// The source text the run stands for (UTF-16 code units; logical order inside it).
    public var range: TextRange
    /// Its left edge, from the left of the text's bounding rect (points).
    public var x: Double
    /// Its advance width (points; trailing white space at the line's end does not count).
    public var width: Double
    /// `.leftToRight` or `.rightToLeft`.
    public var direction: TextDirection

    /// Creates a run.
    public init(range: TextRange, x: Double, width: Double, direction: TextDirection) {
        self.range = range
        self.x = x
        self.width = width
        self.direction = direction
    }
}

/// One laid-out line.
public struct TextLine: Hashable, Sendable {
    /// The source text this line stands for, in UTF-16 code units. Lines are contiguous and
    /// cover the text: a line includes its trailing spaces and its hard break; a line shortened
    /// with "…" stands for everything up to the end of the text.
    public var range: TextRange
    /// The line as displayed: a truncated line includes its "…" and omits what was cut.
    public var text: String
    /// The advance width of the displayed line without trailing white space, in points.
    public var width: Double
    /// The top of the line, from the top of the text (points).
    public var y: Double
    /// The line's height (points), after `lineHeightMultiple` and min/max; spacing is not included.
    public var height: Double
    /// The line's left edge in the text's bounding rect (natural alignment): 0 for a line of a
    /// left-to-right paragraph, the bounding width less the line's width for a right-to-left one.
    public var x: Double = 0
    /// The runs UAX #9 reorders the line into, stored only when the line is not one
    /// left-to-right run (see `runs`).
    public var visualRuns: [TextVisualRun] = []

    /// The line's runs in visual order: one left-to-right run for plain left-to-right text; for
    /// right-to-left and mixed text, each run with its direction, x and width. (A line shortened
    /// with "…" is one run in its paragraph's direction.)
    public var runs: [TextVisualRun] {
        visualRuns.isEmpty ? [TextVisualRun(range: range, x: x, width: width, direction: .leftToRight)] : visualRuns
    }

    /// Creates a line.
    public init(range: TextRange, text: String, width: Double, y: Double, height: Double) {
        self.range = range
        self.text = text
        self.width = width
        self.y = y
        self.height = height
    }
}

/// The measured layout of a text: its bounding size and every line.
public struct TextLayoutResult: Hashable, Sendable {
    /// Width = the widest line (without trailing spaces); height = the sum of line heights plus
    /// line and paragraph spacing; both rounded up to 1/scale when the style has a scale.
    public var size: Size
    /// The lines, top to bottom.
    public var lines: [TextLine]
    /// Whether text was cut by `numberOfLines`.
    public var truncated: Bool
    /// The direction of the text's first paragraph, resolved (`.leftToRight` or `.rightToLeft`).
    public var direction: TextDirection = .leftToRight
    /// Characters no font of the fallback chain has (up to 8, the first of each cluster): they
    /// were measured as the font's missing-glyph box (.notdef). Empty when every character has a
    /// font. An emoji here means no emoji font is in the chain.
    public var missingCharacters: [Unicode.Scalar] = []
    /// What was measured with a substitute: an attributed run whose font no directory and not
    /// fontconfig has is measured in the style's font, and said so here ("runs[1].font: …").
    public var warnings: [String] = []

    /// Creates a result.
    public init(size: Size, lines: [TextLine], truncated: Bool) {
        self.size = size
        self.lines = lines
        self.truncated = truncated
    }

    /// The number of lines.
    public var lineCount: Int { lines.count }

    /// An empty result: 0 × 0, no lines.
    public static let empty = TextLayoutResult(size: .zero, lines: [], truncated: false)
}

/// A text's size without its lines: what a row or a cell needs, computed without building any
/// line (no strings, no allocation) — the cheapest way to ask "how tall at this width?".
public struct TextMeasurement: Hashable, Sendable {
    /// The same size `TextLayoutResult.size` would have.
    public var size: Size
    /// The number of lines.
    public var lineCount: Int
    /// Whether text was cut by `numberOfLines`.
    public var truncated: Bool

    /// Creates a measurement.
    public init(size: Size, lineCount: Int, truncated: Bool) {
        self.size = size
        self.lineCount = lineCount
        self.truncated = truncated
    }
}
