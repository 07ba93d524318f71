import TextLayout

/// A text style in a spec: every field optional, laid over the defaults (DejaVu Sans 17 pt,
/// word wrapping, unlimited lines) when the text is measured. Field names are those of a
/// `layout measure --jsonl` case.
public struct TextStyleSpec: Hashable, Sendable {
    public var font: String?
    public var size: Double?
    /// One of `word|char|clip|truncateHead|truncateMiddle|truncateTail` (the hyphenated
    /// `truncate-tail` of earlier versions is accepted too).
    public var lineBreakMode: TextLineBreakMode?
    /// `numberOfLines`; 0 = unlimited.
    public var numberOfLines: Int?
    public var lineSpacing: Double?
    public var lineHeightMultiple: Double?
    public var paragraphSpacing: Double?
    public var minimumLineHeight: Double?
    public var maximumLineHeight: Double?
    public var fontLeading: Bool?
    /// `direction`: `auto` (by the first strong character), `ltr` or `rtl`.
    public var direction: TextDirection?

    public init(font: String? = nil, size: Double? = nil) {
        self.font = font
        self.size = size
    }

    /// UIKit's Dynamic Type styles at the default (Large) content size, usable by name without
    /// being defined in `textStyles`: body 17, callout 16, subheadline 15, footnote 13,
    /// caption1 12, caption2 11, headline 17, title3 20, title2 22, title1 28, largeTitle 34
    /// (Apple's Human Interface Guidelines, "Typography"). A spec may redefine any of them.
    public static let builtin: [String: TextStyleSpec] = [
        "body": TextStyleSpec(size: 17), "callout": TextStyleSpec(size: 16),
        "subheadline": TextStyleSpec(size: 15), "footnote": TextStyleSpec(size: 13),
        "caption1": TextStyleSpec(size: 12), "caption2": TextStyleSpec(size: 11),
        "headline": TextStyleSpec(font: "DejaVu Sans Bold", size: 17), "title3": TextStyleSpec(size: 20),
        "title2": TextStyleSpec(size: 22), "title1": TextStyleSpec(size: 28), "largeTitle": TextStyleSpec(size: 34),
    ]
}

/// A reference to a text style: by name (from `textStyles` or `TextStyleSpec.builtin`) or inline.
public enum TextStyleRef: Hashable, Sendable {
    case named(String)
    case inline(TextStyleSpec)
}
