import LayoutGeometry

/// Which element is being sized.
public enum TableElement: Hashable, Sendable {
    case row(IndexPath)
    case header(section: Int)
    case footer(section: Int)

    var name: String {
        switch self {
        case .row(let p): return ElementName.row(p)
        case .header(let s): return ElementName.header(s)
        case .footer(let s): return ElementName.footer(s)
        }
    }
}

/// Everything a sizer needs to measure one row, header or footer.
public struct SizingRequest<Content: TableContent>: Sendable {
    /// The element's payload.
    public var content: Content
    /// Which element.
    public var element: TableElement
    /// The width of the cell's content view after narrowing (section index, accessory, editing
    /// controls, inset-grouped margins); for headers and footers, their full width.
    public var contentWidth: Double
    /// The cell's horizontal layout margins inside the content view (system cell styles place
    /// their labels inside them; custom content with its own insets may ignore them).
    public var layoutMargins: EdgeInsets
    /// The table's width.
    public var tableWidth: Double
    /// Device pixels per point (the layout rounds the answer up to it).
    public var scale: PixelScale
    /// Whether the table is in editing mode.
    public var isEditing: Bool
    /// The table's style.
    public var style: TableStyle

    public init(content: Content, element: TableElement, contentWidth: Double, layoutMargins: EdgeInsets,
                tableWidth: Double, scale: PixelScale, isEditing: Bool, style: TableStyle) {
        self.content = content
        self.element = element
        self.contentWidth = contentWidth
        self.layoutMargins = layoutMargins
        self.tableWidth = tableWidth
        self.scale = scale
        self.isEditing = isEditing
        self.style = style
    }
}

/// Measures self-sizing rows, headers and footers: how another module (the text engine's
/// `LayoutEngine`) attaches arbitrary content to a table.
///
/// Contract: `height(for:)` returns the height of the content alone — without the separator,
/// which the table adds to rows (1/scale when separators are shown) after rounding the answer up
/// to 1/scale. It must be a pure function of the request, and it is called from several threads at
/// once when many rows are measured together (`measureAll`), hence `Sendable`. A thrown error
/// becomes `TableError.sizerFailed` naming the element.
public protocol TableSizer<Content>: Sendable {
    associatedtype Content: TableContent
    func height(for request: SizingRequest<Content>) throws -> Double
}

/// A sizer from a closure (tests, simple arithmetic sizers).
public struct ClosureSizer<Content: TableContent>: TableSizer {
    public let body: @Sendable (SizingRequest<Content>) throws -> Double

    public init(_ body: @escaping @Sendable (SizingRequest<Content>) throws -> Double) {
        self.body = body
    }

    public func height(for request: SizingRequest<Content>) throws -> Double {
        try body(request)
    }
}
