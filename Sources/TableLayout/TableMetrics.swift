import LayoutGeometry

/// The style of a table (`UITableView.Style`); fixed when the table is created.
public enum TableStyle: String, Hashable, Sendable, Codable, CaseIterable {
    /// Headers float (pin) while their section scrolls; no headers or footers unless given.
    case plain
    /// Headers and footers shown by default (20 pt each) and scroll with the content.
    case grouped
    /// Grouped, with rows inset from both sides (iOS 13+).
    case insetGrouped
}

/// Whether separators are drawn (`UITableViewCell.SeparatorStyle`).
public enum SeparatorStyle: String, Hashable, Sendable, Codable, CaseIterable {
    case none
    case singleLine
    /// Etched (iOS 6 grouped tables); the same geometry as `singleLine`.
    case singleLineEtched

    /// Whether a separator takes height inside each row.
    public var isShown: Bool { self != .none }
}

/// Which UIKit era's numbers to use where they changed between iOS versions.
public enum TableCompatibility: String, Hashable, Sendable, Codable {
    /// iOS 7–10: 15-pt cell layout margins.
    case iOS7
    /// iOS 11 and later (the default): 16-pt layout margins on a compact-width iPhone,
    /// 20 pt on widths of 414 pt and more.
    case iOS11
}

/// The constants of UITableView geometry. Every value is documented, with its source, in
/// `docs/UIKIT_BEHAVIOUR.md (Tables)`; values that the seed texts do not give are general knowledge of UIKit
/// and are configurable rather than hard-coded.
public struct TableMetrics: Hashable, Sendable, Codable {
    /// Row height when the table gives none (`rowHeight` before iOS 11: 44 pt).
    public var defaultRowHeight: Double = 44
    /// Default section header height of `grouped`/`insetGrouped` tables (seed 004: 20 pt).
    public var groupedHeaderHeight: Double = 20
    /// Default section footer height of `grouped`/`insetGrouped` tables (seed 004: 20 pt).
    public var groupedFooterHeight: Double = 20
    /// Default section header and footer height of `plain` tables: none (seed 004).
    public var plainHeaderFooterHeight: Double = 0
    /// Horizontal margin of each side of an `insetGrouped` table's rows.
    public var insetGroupedMargin: Double = 20
    /// Width taken from the cell's content by a section index.
    public var sectionIndexWidth: Double = 15
    /// Content-view width taken by each accessory type (measured on iOS 7+, 320-pt cells).
    public var disclosureIndicatorWidth: Double = 33
    public var checkmarkWidth: Double = 39
    public var detailButtonWidth: Double = 47
    public var detailDisclosureButtonWidth: Double = 67
    /// Space UIKit keeps to the right of a custom accessory view (in addition to its width).
    public var customAccessoryPadding: Double = 15
    /// Left indent of the content view in editing mode (insert/delete control).
    public var editingControlWidth: Double = 38
    /// Width of the reorder control on the right in editing mode (it covers the accessory).
    public var reorderControlWidth: Double = 38
    /// Which era's layout margins apply.
    public var compatibility: TableCompatibility = .iOS11
    /// Top and bottom padding of the labels of a system cell style.
    public var cellVerticalPadding: Double = 11
    /// Gap between a system cell's image and its text.
    public var imageTextGap: Double = 16
    /// Gap between the text and detail labels of `value1`/`value2`.
    public var labelGap: Double = 8
    /// Width of the title column of `value2` (right-aligned title, left-aligned detail).
    public var value2TitleColumnWidth: Double = 91

    /// The defaults (iOS 11+ numbers).
    public init() {}

    /// The standard metrics.
    public static let standard = TableMetrics()

    /// The horizontal layout margin of a cell at `tableWidth`, per `compatibility`.
    public func layoutMargin(tableWidth: Double) -> Double {
        switch compatibility {
        case .iOS7: return 15
        case .iOS11: return tableWidth >= 414 ? 20 : 16
        }
    }

    /// Separator thickness: one device pixel (1/scale), or 1 pt when not rounding to pixels.
    public func separatorHeight(scale: PixelScale) -> Double {
        scale.rounds ? scale.pixel : 1
    }

    /// The default header height for `style` (before `sectionHeaderHeight` overrides it).
    public func defaultHeaderHeight(for style: TableStyle) -> Double {
        style == .plain ? plainHeaderFooterHeight : groupedHeaderHeight
    }

    /// The default footer height for `style` (before `sectionFooterHeight` overrides it).
    public func defaultFooterHeight(for style: TableStyle) -> Double {
        style == .plain ? plainHeaderFooterHeight : groupedFooterHeight
    }
}
