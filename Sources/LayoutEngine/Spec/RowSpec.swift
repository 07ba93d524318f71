import LayoutGeometry

/// One row of a table: how its height is decided and what it shows.
///
/// A row with a fixed `height` is that tall whatever it shows. Otherwise a row with content is
/// self-sizing when the table's `rowHeight` is `"automatic"` (or the row says
/// `"height": "automatic"`), and a row without content takes the table's `rowHeight`.
public struct RowSpec: Hashable, Sendable {
    /// `height`: a number or `"automatic"`; nil = the table's `rowHeight`.
    public var height: HeightRule?
    /// `estimatedHeight`: this row's estimate (UIKit's `estimatedHeightForRowAt`).
    public var estimatedHeight: Double?
    /// What the cell shows.
    public var content: RowContent = .none
    /// The accessory view at the trailing edge.
    public var accessory: AccessorySpec = .none
    /// `insets` around the content (a custom text block, or a nested table or grid).
    public var insets: EdgeInsets?

    /// A row with no content and no height of its own (the table's `rowHeight`).
    public init(height: HeightRule? = nil, content: RowContent = .none) {
        self.height = height
        self.content = content
    }
}

/// What a row's cell shows.
public indirect enum RowContent: Hashable, Sendable {
    /// Nothing to measure.
    case none
    /// A standard cell (`style` set) or a custom text block (`style` nil).
    case cell(CellContent)
    /// `{"table": {…}}`: a table inside the row.
    case table(TableSpec)
    /// `{"grid": {…}}`: a collection view inside the row.
    case grid(GridSpec)
    /// `{"layout": ELEMENT}` or `{"template": name, "data": {…}}`: a composed cell.
    case layout(CellLayoutSpec)
}

/// A cell's labels and image.
public struct CellContent: Hashable, Sendable {
    /// The UIKit cell style; nil for a custom cell whose content is a text block with `insets`.
    public var style: CellStyle?
    /// `text`: the text label (or the text block of a custom cell). With `attributedText`, its
    /// joined string.
    public var text: String?
    /// `text` given as a list of runs (UIKit's `attributedText`): measured run by run. Setting it
    /// does not change `text`; the spec decoder sets both.
    public var attributedText: AttributedText?
    /// `detail`: the detail label (`value1`, `value2`, `subtitle`).
    public var detail: String?
    /// `detail` given as a list of runs.
    public var attributedDetail: AttributedText?
    /// `image`: the image view's size, on the leading side.
    public var image: Size?
    /// `textStyle`: the style of `text` (a name from `textStyles` or a built-in, or inline).
    public var textStyle: TextStyleRef?
    /// `detailTextStyle`: the style of `detail`.
    public var detailTextStyle: TextStyleRef?

    public init(style: CellStyle? = nil, text: String? = nil, detail: String? = nil) {
        self.style = style
        self.text = text
        self.detail = detail
    }
}

/// `UITableViewCell.AccessoryType`, or a custom accessory view of a given width.
public enum AccessorySpec: Hashable, Sendable {
    case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
    /// `{"width": w}`: a custom `accessoryView`.
    case custom(width: Double)

    /// The names accepted in a spec.
    public static let names = ["none", "disclosureIndicator", "detailDisclosureButton", "checkmark", "detailButton"]
}
