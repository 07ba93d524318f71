/// How UIKit's default section header and footer views lay out a title (`titleForHeaderInSection`,
/// `titleForFooterInSection`) when they size themselves: the title's text style (a built-in
/// name, used unless the spec's header/footer gives a `textStyle`) and the padding above and
/// below it. The title is measured at the header's width less the cell layout margins.
///
/// Source: general knowledge of UIKit on iOS 11+ (plain headers: bold body text in a ~28-pt bar;
/// grouped headers and all footers: footnote-size text with more space towards the rows' side);
/// not in the seed notes, not measured on a device, hence a value to adjust rather than literals.
/// Recorded in docs/UIKIT_BEHAVIOUR.md (Tables).
public struct TitleMetrics: Hashable, Sendable {
    public var plainHeaderStyle = "headline"
    public var plainHeaderPadding = (top: 4.0, bottom: 4.0)
    public var groupedHeaderStyle = "footnote"
    public var groupedHeaderPadding = (top: 16.0, bottom: 8.0)
    public var footerStyle = "footnote"
    public var plainFooterPadding = (top: 4.0, bottom: 4.0)
    public var groupedFooterPadding = (top: 8.0, bottom: 16.0)

    public init() {}

    public static let standard = TitleMetrics()

    /// The style name and padding of a header (`isHeader`) or footer title in a `plain` or grouped table.
    func title(isHeader: Bool, plain: Bool) -> (style: String, padding: (top: Double, bottom: Double)) {
        switch (isHeader, plain) {
        case (true, true): return (plainHeaderStyle, plainHeaderPadding)
        case (true, false): return (groupedHeaderStyle, groupedHeaderPadding)
        case (false, true): return (footerStyle, plainFooterPadding)
        case (false, false): return (footerStyle, groupedFooterPadding)
        }
    }

    public static func == (a: TitleMetrics, b: TitleMetrics) -> Bool {
        a.plainHeaderStyle == b.plainHeaderStyle && a.groupedHeaderStyle == b.groupedHeaderStyle
            && a.footerStyle == b.footerStyle
            && a.plainHeaderPadding == b.plainHeaderPadding && a.groupedHeaderPadding == b.groupedHeaderPadding
            && a.plainFooterPadding == b.plainFooterPadding && a.groupedFooterPadding == b.groupedFooterPadding
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(plainHeaderStyle); hasher.combine(groupedHeaderStyle); hasher.combine(footerStyle)
        for p in [plainHeaderPadding, groupedHeaderPadding, plainFooterPadding, groupedFooterPadding] {
            hasher.combine(p.top); hasher.combine(p.bottom)
        }
    }
}

/// The default text styles of the system cell styles' labels (general knowledge of UIKit, iOS 7+):
/// the text label is body text (value2: subheadline), the detail label body text for value1,
/// subheadline for value2 and caption1 for subtitle. A row's `textStyle`/`detailTextStyle` replaces them.
enum CellLabelDefaults {
    static func textStyle(for style: CellStyle) -> String { style == .value2 ? "subheadline" : "body" }

    static func detailStyle(for style: CellStyle) -> String {
        switch style {
        case .default, .value1: return "body"
        case .value2: return "subheadline"
        case .subtitle: return "caption1"
        }
    }

    /// The style of a custom cell's text block when the row names none.
    static let textBlockStyle = "body"
}
