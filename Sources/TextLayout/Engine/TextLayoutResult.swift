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
