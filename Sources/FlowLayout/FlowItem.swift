import LayoutGeometry

/// How an item's size is decided.
public enum FlowItemSize: Sendable, Hashable {
    /// The layout's `itemSize` — or, when the configuration has an `estimatedItemSize`,
    /// self-sizing from that estimate (UIKit: setting `estimatedItemSize` makes every cell
    /// self-sizing).
    case `default`
    /// A fixed size (UIKit's `collectionView(_:layout:sizeForItemAt:)`).
    case fixed(Size)
    /// Self-sizing: laid out at `estimate` (or the configuration's `estimatedItemSize`, or
    /// its `itemSize`) until the layout's ``FlowItemSizer`` measures it.
    case automatic(estimate: Size? = nil)
}

/// An item of a flow layout: how it is sized, and the caller's payload.
///
/// The payload is opaque to the layout: it is only handed to the ``FlowItemSizer`` when a
/// self-sizing item is measured (a text engine puts the text and its style there). Items
/// keep their payload through batch updates and moves. Use ``NoPayload`` when items carry
/// nothing.
public struct FlowItem<Payload: Sendable>: Sendable {
    /// How the item is sized.
    public var size: FlowItemSize
    /// The caller's data for this item, if any.
    public var payload: Payload?

    /// Creates an item.
    public init(size: FlowItemSize = .default, payload: Payload? = nil) {
        self.size = size
        self.payload = payload
    }

    /// An item of a fixed size.
    public static func fixed(width: Double, height: Double, payload: Payload? = nil) -> FlowItem {
        FlowItem(size: .fixed(Size(width: width, height: height)), payload: payload)
    }

    /// A self-sizing item carrying `payload`.
    public static func automatic(_ payload: Payload, estimate: Size? = nil) -> FlowItem {
        FlowItem(size: .automatic(estimate: estimate), payload: payload)
    }
}

/// The payload of items that carry none.
public struct NoPayload: Sendable, Hashable {
    /// The only value.
    public init() {}
}

/// A section of a flow layout: its items and optional per-section overrides (UIKit's
/// `UICollectionViewDelegateFlowLayout` methods); a `nil` override uses the configuration's value.
public struct FlowSection<Payload: Sendable>: Sendable {
    /// The items, in order.
    public var items: [FlowItem<Payload>]
    /// Overrides `sectionInset`.
    public var inset: EdgeInsets?
    /// Overrides `minimumLineSpacing`.
    public var minimumLineSpacing: Double?
    /// Overrides `minimumInteritemSpacing`.
    public var minimumInteritemSpacing: Double?
    /// Overrides `headerReferenceSize`.
    public var headerSize: Size?
    /// Overrides `footerReferenceSize`.
    public var footerSize: Size?

    /// Creates a section.
    public init(items: [FlowItem<Payload>] = [], inset: EdgeInsets? = nil,
                minimumLineSpacing: Double? = nil, minimumInteritemSpacing: Double? = nil,
                headerSize: Size? = nil, footerSize: Size? = nil) {
        self.items = items
        self.inset = inset
        self.minimumLineSpacing = minimumLineSpacing
        self.minimumInteritemSpacing = minimumInteritemSpacing
        self.headerSize = headerSize
        self.footerSize = footerSize
    }

    /// A section of `count` items of the layout's default size.
    public init(count: Int) {
        self.init(items: Array(repeating: FlowItem(), count: Swift.max(0, count)))
    }

    /// A section of fixed-size items.
    public init(sizes: [Size]) {
        self.init(items: sizes.map { FlowItem(size: .fixed($0)) })
    }

    /// The per-section values, without the items.
    var overrides: FlowSectionOverrides {
        FlowSectionOverrides(inset: inset, minimumLineSpacing: minimumLineSpacing,
                             minimumInteritemSpacing: minimumInteritemSpacing,
                             headerSize: headerSize, footerSize: footerSize)
    }
}

/// A section's overrides, as stored by the layout.
struct FlowSectionOverrides: Sendable, Hashable {
    var inset: EdgeInsets?
    var minimumLineSpacing: Double?
    var minimumInteritemSpacing: Double?
    var headerSize: Size?
    var footerSize: Size?

    func validate(_ path: String) throws(FlowLayoutError) {
        if let inset { try FlowCheck.finite(inset, path + ".inset") }
        if let minimumLineSpacing { try FlowCheck.nonNegative(minimumLineSpacing, path + ".minimumLineSpacing") }
        if let minimumInteritemSpacing {
            try FlowCheck.nonNegative(minimumInteritemSpacing, path + ".minimumInteritemSpacing")
        }
        if let headerSize { try FlowCheck.nonNegative(headerSize, path + ".headerSize") }
        if let footerSize { try FlowCheck.nonNegative(footerSize, path + ".footerSize") }
    }
}
