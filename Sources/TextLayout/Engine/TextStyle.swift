import LayoutGeometry

/// How a line that does not fit is broken or shortened (UIKit's `NSLineBreakMode`).
///
/// The raw values are the names the CLI and specs use.
public enum TextLineBreakMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// Break at UAX #14 opportunities (word boundaries, between ideographs); a word wider than
    /// the line breaks between grapheme clusters.
    case wordWrap = "word"
    /// Break at any grapheme cluster, ignoring punctuation rules (CSS `line-break: anywhere`).
    case charWrap = "char"
    /// Wrap like `wordWrap`; lines past `numberOfLines` are cut with no ellipsis.
    case clip = "clip"
    /// Wrap like `wordWrap`; the last visible line keeps the end of its paragraph, "…" first.
    case truncateHead
    /// Wrap like `wordWrap`; the last visible line keeps its start and end, "…" in the middle.
    case truncateMiddle
    /// Wrap like `wordWrap`; the last visible line keeps its start and ends with "…".
    case truncateTail

    /// A mode by name: its raw value (`word`, `char`, `clip`, `truncateHead`, `truncateMiddle`,
    /// `truncateTail`: camelCase, as every spec value), the hyphenated spelling of earlier
    /// versions (`truncate-tail`), or UIKit's own names — `NSLineBreakMode`'s Swift cases
    /// (`byWordWrapping`, `byTruncatingTail`, …), the same without `by` (`wordWrapping`,
    /// `truncatingTail`) and this enum's case names (`wordWrap`, `charWrap`).
    public init?(name: String) {
        if let mode = TextLineBreakMode(rawValue: name) {
            self = mode
        } else if let mode = TextLineBreakMode(rawValue: Self.camelCased(name)) {
            self = mode
        } else if let mode = Self.uikitNames[name] {
            self = mode
        } else {
            return nil
        }
    }

    /// UIKit's spellings of the modes (`NSLineBreakMode.byTruncatingTail`, …), with and without
    /// `by`, and the Swift case names of this enum that differ from their raw values.
    static let uikitNames: [String: TextLineBreakMode] = [
        "byWordWrapping": .wordWrap, "wordWrapping": .wordWrap, "wordWrap": .wordWrap,
        "byCharWrapping": .charWrap, "charWrapping": .charWrap, "charWrap": .charWrap,
        "byClipping": .clip, "clipping": .clip,
        "byTruncatingHead": .truncateHead, "truncatingHead": .truncateHead,
        "byTruncatingMiddle": .truncateMiddle, "truncatingMiddle": .truncateMiddle,
        "byTruncatingTail": .truncateTail, "truncatingTail": .truncateTail,
    ]

    /// `truncate-tail` → `truncateTail`.
    static func camelCased(_ name: String) -> String {
        let parts = name.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return name }
        return String(parts[0]) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The accepted names, for messages: `word, char, clip, truncateHead, truncateMiddle, truncateTail`.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// Whether this mode inserts an ellipsis into the last visible line.
    public var truncates: Bool { self == .truncateHead || self == .truncateMiddle || self == .truncateTail }
}

/// Everything about a text except the text itself and the width: font, size, wrapping and
/// paragraph settings (UIKit's `UIFont` + `NSParagraphStyle` + `UILabel.numberOfLines`).
public struct TextStyle: Hashable, Sendable {
    /// A family name ("DejaVu Sans"), a file stem in the font directory ("WenQuanYiMicroHei"),
    /// or a path to a font file; a collection face is chosen with a `#index` suffix ("x.ttc#1").
    public var font: String
    /// The font size in points; must be finite and > 0.
    public var size: Double
    /// How lines break and how the last line is shortened.
    public var lineBreakMode: TextLineBreakMode
    /// The maximum number of lines; 0 = unlimited. Must be ≥ 0.
    public var numberOfLines: Int
    /// Extra space between lines (points, ≥ 0).
    public var lineSpacing: Double
    /// Multiplies each line's natural height; 0 (the default) means 1.
    public var lineHeightMultiple: Double
    /// Extra space after each paragraph but the last (points, ≥ 0).
    public var paragraphSpacing: Double
    /// The smallest line height (points); 0 = none.
    public var minimumLineHeight: Double
    /// The largest line height (points); 0 = none.
    public var maximumLineHeight: Double
    /// Whether the font's line gap is part of the line height (UIKit's default: yes).
    public var fontLeading: Bool
    /// Rounds the result's width and height up to 1/scale; `.none` leaves them exact.
    public var scale: PixelScale
    /// The paragraphs' base direction (UAX #9): `.auto` (the default) takes each paragraph's
    /// first strong character, as UIKit's natural writing direction does.
    public var direction: TextDirection = .auto

    /// Creates a style with UIKit-like defaults: word wrapping, unlimited lines, no extra spacing,
    /// font leading on, no pixel rounding.
    public init(font: String = "DejaVu Sans", size: Double = 17, lineBreakMode: TextLineBreakMode = .wordWrap,
                numberOfLines: Int = 0, lineSpacing: Double = 0, lineHeightMultiple: Double = 0,
                paragraphSpacing: Double = 0, minimumLineHeight: Double = 0, maximumLineHeight: Double = 0,
                fontLeading: Bool = true, scale: PixelScale = .none) {
        self.font = font
        self.size = size
        self.lineBreakMode = lineBreakMode
        self.numberOfLines = numberOfLines
        self.lineSpacing = lineSpacing
        self.lineHeightMultiple = lineHeightMultiple
        self.paragraphSpacing = paragraphSpacing
        self.minimumLineHeight = minimumLineHeight
        self.maximumLineHeight = maximumLineHeight
        self.fontLeading = fontLeading
        self.scale = scale
    }

    /// Throws `TextLayoutError.invalidParameter` naming the first field out of its domain.
    @inline(__always)
    public func validate() throws(TextLayoutError) {
        guard size.isFinite, size > 0 else { throw Self.bad("size", size, "must be a finite number > 0") }
        guard numberOfLines >= 0 else {
            throw .invalidParameter(field: "numberOfLines", value: "\(numberOfLines)", requirement: "must be ≥ 0")
        }
        try Self.check("lineSpacing", lineSpacing)
        try Self.check("lineHeightMultiple", lineHeightMultiple)
        try Self.check("paragraphSpacing", paragraphSpacing)
        try Self.check("minimumLineHeight", minimumLineHeight)
        try Self.check("maximumLineHeight", maximumLineHeight)
    }

    @inline(__always)
    private static func check(_ field: String, _ v: Double) throws(TextLayoutError) {
        guard v.isFinite, v >= 0 else { throw bad(field, v, "must be a finite number ≥ 0") }
    }

    private static func bad(_ field: String, _ value: Double, _ requirement: String) -> TextLayoutError {
        .invalidParameter(field: field, value: "\(value)", requirement: requirement)
    }
}

extension TextStyle {
    /// Whether `a` lays a text out exactly as `b` does: every field the same, numbers to the bit
    /// (what a measurement kept for one style may answer for the other). Both read in place.
    @inline(__always)
    static func sameLayout(_ a: UnsafePointer<TextStyle>, _ b: UnsafePointer<TextStyle>) -> Bool {
        a.pointee.size.bitPattern == b.pointee.size.bitPattern && a.pointee.numberOfLines == b.pointee.numberOfLines
            && a.pointee.lineBreakMode == b.pointee.lineBreakMode && a.pointee.lineSpacing.bitPattern == b.pointee.lineSpacing.bitPattern
            && a.pointee.lineHeightMultiple.bitPattern == b.pointee.lineHeightMultiple.bitPattern
            && a.pointee.paragraphSpacing.bitPattern == b.pointee.paragraphSpacing.bitPattern
            && a.pointee.minimumLineHeight.bitPattern == b.pointee.minimumLineHeight.bitPattern
            && a.pointee.maximumLineHeight.bitPattern == b.pointee.maximumLineHeight.bitPattern
            && a.pointee.fontLeading == b.pointee.fontLeading && a.pointee.scale.scale.bitPattern == b.pointee.scale.scale.bitPattern
            && a.pointee.direction == b.pointee.direction && a.pointee.font == b.pointee.font
    }
}
