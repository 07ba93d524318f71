import LayoutGeometry

/// `UITableViewCell.CellStyle`: the system cell layouts.
public enum CellStyle: String, Hashable, Sendable, Codable, CaseIterable {
    /// Image (optional) at the far left, then the text label; no detail label.
    case `default`
    /// Text label on the left, detail label right-aligned on the same line.
    case value1
    /// A fixed-width title column (right-aligned) then the detail label, on one line.
    case value2
    /// Text label on top, detail label below it, both left-aligned after the image.
    case subtitle
}

/// Where the labels of a system cell style go, so that a text sizer can measure them: the
/// descriptor of the content-width narrowing inside the content view. The text measuring itself
/// lives in another module; this type only does the arithmetic.
///
/// All x values are relative to the content view. Heights: a system cell is
/// `max(minimumHeight, verticalPadding + labels + verticalPadding)` where the labels are side by
/// side (`default`, `value1`, `value2`: the taller one) or stacked (`subtitle`: their sum), and
/// never shorter than its image.
public struct CellStyleGeometry: Hashable, Sendable {
    /// x and maximum width of the text label.
    public var textX: Double
    public var textWidth: Double
    /// x and maximum width of the detail label (nil for `default`). For `value1` the detail
    /// shares the line with the text: its available width is what the text leaves
    /// (`detailWidth(afterTextWidth:)`).
    public var detailX: Double?
    public var detailWidth: Double?
    /// Whether the detail label sits below the text (`subtitle`) rather than beside it.
    public var stacksDetail: Bool
    public var verticalPadding: Double
    public var minimumHeight: Double
    let style: CellStyle
    let labelGap: Double
    let right: Double

    /// The geometry of `style` in a content view `contentWidth` wide with `margins`, with an image
    /// `imageWidth` wide (0: no image; `value2` shows none).
    /// `minimumHeight` is the default row height less the separator (1/scale), so that a one-line
    /// system cell plus its separator is exactly `defaultRowHeight` tall, as in UIKit.
    public init(style: CellStyle, contentWidth: Double, margins: EdgeInsets, imageWidth: Double = 0,
                scale: PixelScale = PixelScale(2), metrics: TableMetrics = .standard) {
        self.style = style
        labelGap = metrics.labelGap
        verticalPadding = metrics.cellVerticalPadding
        minimumHeight = metrics.defaultRowHeight - metrics.separatorHeight(scale: scale)
        let hasImage = imageWidth > 0 && style != .value2
        let left = margins.left + (hasImage ? imageWidth + metrics.imageTextGap : 0)
        right = Swift.max(left, contentWidth - margins.right)
        stacksDetail = style == .subtitle
        switch style {
        case .default:
            textX = left; textWidth = right - left; detailX = nil; detailWidth = nil
        case .subtitle:
            textX = left; textWidth = right - left; detailX = left; detailWidth = right - left
        case .value1:
            textX = left; textWidth = right - left; detailX = nil; detailWidth = right - left
        case .value2:
            let column = Swift.min(metrics.value2TitleColumnWidth, right - left)
            textX = left; textWidth = column
            detailX = left + column + metrics.labelGap
            detailWidth = Swift.max(0, right - left - column - metrics.labelGap)
        }
    }

    /// For `value1`: the width left for the detail label once the text label is `textWidth` wide.
    public func detailWidth(afterTextWidth used: Double) -> Double {
        guard style == .value1 else { return detailWidth ?? 0 }
        return Swift.max(0, right - textX - used - labelGap)
    }

    /// The cell's content height for measured label heights and an image height.
    public func height(textHeight: Double, detailHeight: Double = 0, imageHeight: Double = 0) -> Double {
        let labels = stacksDetail ? textHeight + detailHeight : Swift.max(textHeight, style == .default ? 0 : detailHeight)
        return Swift.max(minimumHeight, labels + 2 * verticalPadding, imageHeight)
    }
}
