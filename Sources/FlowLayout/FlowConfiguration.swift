import LayoutGeometry

/// The properties of a flow layout, with `UICollectionViewFlowLayout`'s defaults.
///
/// This is an input type: it describes what the user asked for and holds no geometry
/// (results live in ``CollectionFlowLayout``). Sections may override the spacing, the
/// insets and the header/footer sizes (UIKit's `UICollectionViewDelegateFlowLayout`
/// per-section methods) through ``FlowSection``.
///
/// Axes: `scrollDirection` is the axis content grows along (the *main* axis). Lines are
/// stacked along it; items of one line are placed along the other (*cross*) axis. Vertical
/// scrolling therefore fills rows left to right; horizontal scrolling fills columns top to
/// bottom. Every rule is written once over this abstraction.
public struct FlowConfiguration: Sendable, Hashable {
    /// The axis the content scrolls along (UIKit's `scrollDirection`); default `.vertical`.
    public var scrollDirection: Axis = .vertical
    /// The collection view's bounds size. Its cross-axis extent (the width when scrolling
    /// vertically) is what lines fill; its main-axis extent is the viewport used by
    /// visibility and pinning queries. Default 375 × 667 (the contract's default viewport).
    public var containerSize = Size(width: 375, height: 667)
    /// The scroll view's content inset. Its cross-axis edges narrow the room for items
    /// (UIKit subtracts them); its leading main-axis edge is where pinned headers stick.
    public var contentInset = EdgeInsets.zero
    /// The size of items that give none (UIKit's `itemSize`); default 50 × 50.
    public var itemSize = Size(width: 50, height: 50)
    /// When set, items that give no size of their own are self-sizing: laid out at this
    /// estimate until a ``FlowItemSizer`` measures them (UIKit's `estimatedItemSize`).
    public var estimatedItemSize: Size?
    /// The minimum gap between lines (rows when vertical); default 10.
    public var minimumLineSpacing = 10.0
    /// The minimum gap between items of one line; default 10. Justified lines widen it.
    public var minimumInteritemSpacing = 10.0
    /// Insets around each section's items (inside its header and footer); default zero.
    public var sectionInset = EdgeInsets.zero
    /// Header size: only the main-axis extent is used (the height when vertical); the
    /// header spans the whole cross extent. Zero means no header.
    public var headerReferenceSize = Size.zero
    /// Footer size, as ``headerReferenceSize``.
    public var footerReferenceSize = Size.zero
    /// Whether section headers stick to the top (leading) edge of the visible bounds.
    public var sectionHeadersPinToVisibleBounds = false
    /// Whether section footers stick to the bottom (trailing) edge of the visible bounds.
    public var sectionFootersPinToVisibleBounds = false
    /// How items are spread on a line; `.justified` is UIKit's behaviour.
    public var alignment = FlowAlignment.justified
    /// Rounding of self-sized item sizes (up to whole device pixels). Frames and gaps are
    /// never rounded: a gap of 17.5 stays 17.5. Default: no rounding.
    public var scale = PixelScale.none
    /// UIKit quirks, each a named switch (all on by default); see docs/UIKIT_BEHAVIOUR.md (Grids).
    public var compatibility = FlowCompatibility.uikit

    /// A configuration with UIKit's defaults.
    public init() {}

    /// A configuration with UIKit's defaults for a container of `containerSize`.
    public init(containerSize: Size, scrollDirection: Axis = .vertical) {
        self.containerSize = containerSize
        self.scrollDirection = scrollDirection
    }
}

/// How a line's items are spread along it.
public enum FlowAlignment: String, Sendable, Hashable, CaseIterable, Codable {
    /// UIKit's behaviour: complete lines spread to both edges (see ``FlowCompatibility``
    /// for the last line and lone items).
    case justified
    /// Items packed at the minimum spacing from the leading edge (left, or top when
    /// scrolling horizontally).
    case left
    /// Items packed at the minimum spacing, centred on the line.
    case center
    /// Items packed at the minimum spacing against the trailing edge.
    case right

    /// Parses a spec value, naming `path` in the error for an unknown one.
    public static func parse(_ text: String, path: String = "alignment") throws(FlowLayoutError) -> FlowAlignment {
        guard let value = FlowAlignment(rawValue: text) else {
            let known = allCases.map(\.rawValue).joined(separator: ", ")
            throw FlowLayoutError(path: path, message: "unknown alignment \"\(text)\" (expected one of \(known))")
        }
        return value
    }
}

/// UIKit's flow-layout quirks in `justified` mode, as named switches. Each is recorded in
/// the ledger docs/UIKIT_BEHAVIOUR.md (Grids) (behaviour, source, how modelled, test).
public struct FlowCompatibility: Sendable, Hashable {
    /// A complete line holding a single item (because no second one fits) centres it.
    /// Off: the item sits at the leading edge.
    public var centersLoneItem = true
    /// An incomplete last line whose section's items all have the same size is laid out as
    /// if it were full, so its items sit on the columns of the lines above. Off: leading
    /// edge at the minimum spacing.
    public var lastLineOnColumnsWhenUniform = true

    /// UIKit's behaviour (every quirk on).
    public static let uikit = FlowCompatibility()

    /// Creates a set of switches; every quirk defaults to UIKit's behaviour.
    public init(centersLoneItem: Bool = true, lastLineOnColumnsWhenUniform: Bool = true) {
        self.centersLoneItem = centersLoneItem
        self.lastLineOnColumnsWhenUniform = lastLineOnColumnsWhenUniform
    }
}
