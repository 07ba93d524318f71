import LayoutGeometry

/// `UICollectionViewFlowLayout`'s geometry, computed headlessly: items fill lines across the
/// scroll axis, lines stack along it, sections stack with their headers, insets and footers.
///
/// ## Phase contract
/// 1. **Build** (`init`): the configuration, sections and items are validated — a bad value
///    throws a ``FlowLayoutError`` naming its path and nothing is built. Every item gets its
///    natural size (fixed, default, or an estimate for self-sizing ones) and every line is
///    filled. No sizer is called while building.
/// 2. **Query**: frames, rect and point queries, visibility and pinning read the stored lines
///    (binary search, O(log n + k)); they never mutate and never measure.
/// 3. **Measure** (`mutating`, optional): ``measureItems(in:)`` and ``measureAll()`` ask the
///    ``FlowItemSizer`` for the self-sizing items concerned — and only those — then re-fill the
///    lines from the first changed item. The sizer MUST be `Sendable` and MAY be called on any
///    thread; it is called on the caller's thread, synchronously.
/// 4. **Update** (`mutating`): ``apply(_:)`` validates a whole batch first; a refused batch
///    leaves the layout unchanged. Lines are re-filled only from the first changed item of each
///    touched section; later sections just move.
///
/// A layout is a value: copies are independent, and it is safe to share between threads.
/// `Payload` is the caller's per-item data, handed to the sizer (use ``NoPayload`` for none).
public struct CollectionFlowLayout<Payload: Sendable>: Sendable {
    var engine: FlowEngine
    var payloads: [[Payload?]]
    /// The sizer used for self-sizing items, if any.
    public let sizer: (any FlowItemSizer<Payload>)?

    /// The configuration the layout was computed with.
    public var configuration: FlowConfiguration { engine.configuration }

    /// Lays out `sections` with `configuration`.
    ///
    /// - Throws: ``FlowLayoutError`` for a bad value (negative spacing, a zero or NaN size, no
    ///   room for items) or for a self-sizing item when there is no `sizer`.
    public init(configuration: FlowConfiguration = FlowConfiguration(), sections: [FlowSection<Payload>],
                sizer: (any FlowItemSizer<Payload>)? = nil) throws(FlowLayoutError) {
        try configuration.validate()
        self.sizer = sizer
        engine = FlowEngine(configuration: configuration)
        payloads = []
        payloads.reserveCapacity(sections.count)
        engine.sections.reserveCapacity(sections.count)
        for (s, section) in sections.enumerated() {
            let (store, sectionPayloads) = try Self.makeStore(section, path: "sections[\(s)]",
                                                             configuration: configuration, hasSizer: sizer != nil)
            engine.sections.append(store)
            payloads.append(sectionPayloads)
        }
        for s in engine.sections.indices { engine.refill(section: s, fromItem: 0) }
        engine.restack()
    }

    /// The number of sections.
    public var numberOfSections: Int { engine.sections.count }

    /// The number of items in `section` (0 for a section that does not exist).
    public func numberOfItems(inSection section: Int) -> Int {
        engine.sections.indices.contains(section) ? engine.sections[section].itemCount : 0
    }

    /// The total number of items.
    public var numberOfItems: Int { engine.sections.reduce(0) { $0 + $1.itemCount } }

    /// The payload of an item, or `nil` when it has none or does not exist.
    public func payload(at indexPath: IndexPath) -> Payload? {
        guard contains(indexPath) else { return nil }
        return payloads[indexPath.section][indexPath.item]
    }

    /// Whether `indexPath` names an item.
    public func contains(_ indexPath: IndexPath) -> Bool {
        engine.sections.indices.contains(indexPath.section)
            && indexPath.item >= 0 && indexPath.item < engine.sections[indexPath.section].itemCount
    }

    /// Lays the same sections out with a new configuration (new width, spacing, direction…);
    /// measured sizes are kept unless the scroll direction changes.
    public mutating func reconfigure(_ configuration: FlowConfiguration) throws(FlowLayoutError) {
        try configuration.validate()
        var next = engine
        next.configuration = configuration
        let directionChanged = configuration.scrollDirection != engine.configuration.scrollDirection
        for s in next.sections.indices {
            let metrics = FlowSectionMetrics(configuration: configuration, overrides: next.sections[s].overrides)
            if next.sections[s].itemCount > 0 && !(metrics.available > 0) {
                throw FlowLayoutError.noRoom(path: "sections[\(s)]", available: metrics.available)
            }
            next.sections[s].metrics = metrics
            Self.resolveDefaults(&next.sections[s], configuration, remeasure: directionChanged)
            next.refill(section: s, fromItem: 0)
        }
        next.restack()
        engine = next
    }
}

/// A flow layout whose items carry no payload (fixed sizes, benchmarks).
public typealias BasicFlowLayout = CollectionFlowLayout<NoPayload>

extension CollectionFlowLayout where Payload == NoPayload {
    /// One section of fixed-size items: the quickest way to build a large layout (no
    /// per-item values are made on the way; the sizes are copied into the store as they are).
    public init(configuration: FlowConfiguration = FlowConfiguration(), sizes: [Size]) throws(FlowLayoutError) {
        try self.init(configuration: configuration, sectionSizes: [sizes])
    }

    /// Sections of fixed-size items (the fast path of ``init(configuration:sizes:)``).
    public init(configuration: FlowConfiguration = FlowConfiguration(), sectionSizes: [[Size]]) throws(FlowLayoutError) {
        try configuration.validate()
        sizer = nil
        engine = FlowEngine(configuration: configuration)
        payloads = []
        for (s, sizes) in sectionSizes.enumerated() {
            let path = "sections[\(s)]"
            let metrics = FlowSectionMetrics(configuration: configuration, overrides: FlowSectionOverrides())
            if !sizes.isEmpty && !(metrics.available > 0) { throw FlowLayoutError.noRoom(path: path, available: metrics.available) }
            var store = FlowSectionStore(overrides: FlowSectionOverrides(), metrics: metrics)
            store.widths = sizes.map(\.width)
            store.heights = sizes.map(\.height)
            for i in sizes.indices where !(store.widths[i] > 0 && store.heights[i] > 0
                                           && store.widths[i].isFinite && store.heights[i].isFinite) {
                try FlowCheck.positive(sizes[i], "\(path).items[\(i)]")
            }
            store.flags = Array(repeating: 0, count: sizes.count)
            engine.sections.append(store)
            payloads.append(Array(repeating: nil, count: sizes.count))
        }
        for s in engine.sections.indices { engine.refill(section: s, fromItem: 0) }
        engine.restack()
    }

    /// UIKit's `sizeForItemAt` style: `itemCounts[s]` items in section `s`, each sized by
    /// `sizeForItem`.
    public init(configuration: FlowConfiguration = FlowConfiguration(), itemCounts: [Int],
                sizeForItem: (IndexPath) -> Size) throws(FlowLayoutError) {
        let sections = itemCounts.enumerated().map { s, count in
            FlowSection<NoPayload>(sizes: (0..<max(0, count)).map { sizeForItem(IndexPath(item: $0, section: s)) })
        }
        try self.init(configuration: configuration, sections: sections)
    }
}
