import LayoutGeometry

/// Content-width narrowing: how wide a cell's content view is, before its content is measured.
///
/// From the table width, in order: an `insetGrouped` table insets the cell by its margin on both
/// sides; a section index takes its width on the right; in editing mode the insert/delete control
/// indents the content on the left (unless `shouldIndentWhileEditing` is false) and a reorder
/// control takes the right (covering the accessory), otherwise the editing accessory does; outside
/// editing mode the accessory takes its width on the right.
public struct ContentWidthContext: Hashable, Sendable {
    public var tableWidth: Double
    public var style: TableStyle
    public var showsSectionIndex: Bool
    public var isEditing: Bool
    public var metrics: TableMetrics

    public init(tableWidth: Double, style: TableStyle, showsSectionIndex: Bool, isEditing: Bool,
                metrics: TableMetrics) {
        self.tableWidth = tableWidth
        self.style = style
        self.showsSectionIndex = showsSectionIndex
        self.isEditing = isEditing
        self.metrics = metrics
    }

    /// The context of a table with `configuration` (the one its rows are measured in).
    public init(_ configuration: TableConfiguration) {
        self.init(tableWidth: configuration.width, style: configuration.style,
                  showsSectionIndex: !configuration.sectionIndexTitles.isEmpty, isEditing: configuration.isEditing,
                  metrics: configuration.metrics)
    }

    /// The horizontal extent of the cell (row rect) within the table: inset for `insetGrouped`.
    public var cellX: Double { style == .insetGrouped ? metrics.insetGroupedMargin : 0 }
    public var cellWidth: Double {
        Swift.max(0, tableWidth - (style == .insetGrouped ? 2 * metrics.insetGroupedMargin : 0))
    }

    /// The width an accessory takes from the content view.
    public func width(of accessory: Accessory) -> Double {
        switch accessory {
        case .none: return 0
        case .disclosureIndicator: return metrics.disclosureIndicatorWidth
        case .checkmark: return metrics.checkmarkWidth
        case .detailButton: return metrics.detailButtonWidth
        case .detailDisclosureButton: return metrics.detailDisclosureButtonWidth
        case .custom(let w): return Swift.max(0, w.isFinite ? w : 0) + metrics.customAccessoryPadding
        }
    }

    /// The left indent of the content view for `chrome`.
    public func leadingIndent(for chrome: CellChrome) -> Double {
        isEditing && chrome.shouldIndentWhileEditing ? metrics.editingControlWidth : 0
    }

    /// The width taken on the right (accessory, or reorder control in editing mode, + index).
    public func trailingWidth(for chrome: CellChrome) -> Double {
        let right: Double
        if isEditing {
            right = chrome.showsReorderControl ? metrics.reorderControlWidth : width(of: chrome.editingAccessory)
        } else {
            right = width(of: chrome.accessory)
        }
        return right + (showsSectionIndex ? metrics.sectionIndexWidth : 0)
    }

    /// The content view's x (in table coordinates) and width for a cell with `chrome`.
    public func contentView(for chrome: CellChrome) -> (x: Double, width: Double) {
        let lead = leadingIndent(for: chrome)
        let w = cellWidth - lead - trailingWidth(for: chrome)
        return (cellX + lead, Swift.max(0, w))
    }

    /// The layout margins inside the content view.
    public var layoutMargins: EdgeInsets {
        let m = metrics.layoutMargin(tableWidth: tableWidth)
        return EdgeInsets(top: metrics.cellVerticalPadding, left: m, bottom: metrics.cellVerticalPadding, right: m)
    }
}
