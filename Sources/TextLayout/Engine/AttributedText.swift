/// A text made of runs, each with its own font, size, tracking and baseline offset, and inline
/// boxes (attachments): what an `NSAttributedString` holds for layout — a bold user name, a
/// link in a second size, an emoji image in a post.
///
/// Measured by `TextEngine.measure(_:style:width:)` as CoreText lays such a string out:
/// - line breaking runs across run boundaries (UAX #14 over the whole text), shaping does not:
///   each run is shaped on its own, so a kerning pair across two runs is not applied (adjacent
///   runs with identical attributes are joined first, and do kern);
/// - a line is as tall as the largest ascent plus the largest descent (plus the largest line gap
///   with `fontLeading`) among the runs on it, each in its own font and size and raised by its
///   baseline offset; then `lineHeightMultiple`, `minimumLineHeight` and `maximumLineHeight`;
/// - an attachment is one character (U+FFFC, OBJECT REPLACEMENT CHARACTER, in line ranges and
///   line texts) as wide as its box; its line is at least as tall as the box above and below the
///   baseline, and at least as tall as its run's font (an attachment carries a font, as the
///   attachment character of an attributed string does, and as a browser's line box has a strut).
///
/// The style passed with it gives the defaults: a run without a font or a size uses the style's,
/// and the paragraph settings (line break mode, number of lines, spacing, scale) are the style's.
public struct AttributedText: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The runs, in order.
    public var runs: [TextRun]

    /// A text of these runs.
    public init(_ runs: [TextRun]) { self.runs = runs }

    /// A text of one run in the style's font and size.
    public init(stringLiteral value: String) { self.runs = [.text(value)] }

    /// The text as laid out: the runs' texts joined, an attachment as U+FFFC. Line ranges are
    /// ranges of this string's UTF-16 code units.
    public var string: String {
        var s = ""
        for run in runs {
            switch run.content {
            case .text(let t): s += t
            case .attachment: s += "\u{FFFC}"
            }
        }
        return s
    }

    /// Whether every run is text in the style's font and size with no tracking or offset: then
    /// the text measures exactly as `string` does.
    public var isPlain: Bool {
        runs.allSatisfy { run in
            if case .text = run.content { return run.font == nil && run.size == nil && run.kern == 0 && run.baselineOffset == 0 }
            return false
        }
    }

    /// Throws `TextLayoutError.invalidParameter` naming the first run and field out of its
    /// domain (`runs[2].size`).
    public func validate() throws(TextLayoutError) {
        for (i, run) in runs.enumerated() {
            try run.validate(index: i)
        }
    }
}

/// An inline box in a text (`NSTextAttachment`'s bounds; an emoji image, an icon).
public struct TextAttachment: Hashable, Sendable {
    /// The box's width in points (≥ 0): its advance on the line.
    public var width: Double
    /// The box's height in points (≥ 0).
    public var height: Double
    /// Where the box's bottom is, from the baseline, in points: negative below it (−3: the box
    /// goes 3 points under the baseline, as `NSTextAttachment.bounds.origin.y = -3`).
    public var baseline: Double

    /// A box `width` × `height` whose bottom is `baseline` points above the baseline.
    public init(width: Double, height: Double, baseline: Double = 0) {
        self.width = width
        self.height = height
        self.baseline = baseline
    }
}

/// One run of an `AttributedText`: a text with its attributes, or an attachment.
public struct TextRun: Hashable, Sendable {
    /// What a run holds.
    public enum Content: Hashable, Sendable {
        /// Characters.
        case text(String)
        /// An inline box.
        case attachment(TextAttachment)
    }

    /// The run's characters or box.
    public var content: Content
    /// The run's font (a family name, file stem or path, as `TextStyle.font`); nil = the style's.
    public var font: String?
    /// The run's size in points; nil = the style's.
    public var size: Double?
    /// Points added after every character of the run (`NSAttributedString.Key.kern`, CSS
    /// `letter-spacing`); may be negative.
    public var kern: Double
    /// Points the run is raised above the baseline (`.baselineOffset`); negative lowers it.
    public var baselineOffset: Double

    /// A run.
    public init(content: Content, font: String? = nil, size: Double? = nil, kern: Double = 0, baselineOffset: Double = 0) {
        self.content = content
        self.font = font
        self.size = size
        self.kern = kern
        self.baselineOffset = baselineOffset
    }

    /// A run of text.
    public static func text(_ text: String, font: String? = nil, size: Double? = nil, kern: Double = 0,
                            baselineOffset: Double = 0) -> TextRun {
        TextRun(content: .text(text), font: font, size: size, kern: kern, baselineOffset: baselineOffset)
    }

    /// An inline box `width` × `height` whose bottom is `baseline` points above the baseline
    /// (negative: below), in the style's font unless `font` is given.
    public static func attachment(width: Double, height: Double, baseline: Double = 0, font: String? = nil,
                                  size: Double? = nil) -> TextRun {
        TextRun(content: .attachment(TextAttachment(width: width, height: height, baseline: baseline)), font: font, size: size)
    }

    func validate(index: Int) throws(TextLayoutError) {
        func bad(_ field: String, _ value: Double, _ requirement: String) -> TextLayoutError {
            .invalidParameter(field: "runs[\(index)].\(field)", value: "\(value)", requirement: requirement)
        }
        if let size, !(size.isFinite && size > 0) { throw bad("size", size, "must be a finite number > 0") }
        guard kern.isFinite, abs(kern) <= 1e6 else { throw bad("kern", kern, "must be a finite number of points (|kern| ≤ 1,000,000)") }
        guard baselineOffset.isFinite, abs(baselineOffset) <= 1e6 else {
            throw bad("baselineOffset", baselineOffset, "must be a finite number of points (|offset| ≤ 1,000,000)")
        }
        if case .attachment(let a) = content {
            guard a.width.isFinite, a.width >= 0, a.width <= 1e6 else { throw bad("attachment.width", a.width, "must be a finite number ≥ 0 (≤ 1,000,000)") }
            guard a.height.isFinite, a.height >= 0, a.height <= 1e6 else { throw bad("attachment.height", a.height, "must be a finite number ≥ 0 (≤ 1,000,000)") }
            guard a.baseline.isFinite, abs(a.baseline) <= 1e6 else { throw bad("attachment.baseline", a.baseline, "must be a finite number of points (|baseline| ≤ 1,000,000)") }
        }
    }
}
