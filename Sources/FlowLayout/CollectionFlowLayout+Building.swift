import LayoutGeometry

/// Step 1 of the flow layout: validate the input and turn sections into stores.
extension FlowConfiguration {
    /// Throws a ``FlowLayoutError`` naming the first bad field.
    public func validate() throws(FlowLayoutError) {
        // Paths follow the grid spec, whose `width` and `height` are the container's.
        try FlowCheck.nonNegative(containerSize.width, "width")
        try FlowCheck.nonNegative(containerSize.height, "height")
        let cross = scrollDirection.cross
        try FlowCheck.positive(containerSize.length(along: cross), cross == .horizontal ? "width" : "height")
        try FlowCheck.finite(contentInset, "contentInset")
        try FlowCheck.positive(itemSize, "itemSize")
        if let estimatedItemSize { try FlowCheck.positive(estimatedItemSize, "estimatedItemSize") }
        try FlowCheck.nonNegative(minimumLineSpacing, "minimumLineSpacing")
        try FlowCheck.nonNegative(minimumInteritemSpacing, "minimumInteritemSpacing")
        try FlowCheck.finite(sectionInset, "sectionInset")
        try FlowCheck.nonNegative(headerReferenceSize, "headerReferenceSize")
        try FlowCheck.nonNegative(footerReferenceSize, "footerReferenceSize")
    }
}

extension FlowLayoutError {
    static func noRoom(path: String, available: Double) -> FlowLayoutError {
        FlowLayoutError(path: path + ".inset",
                        message: "the insets leave no room for items (\(available) points available)")
    }
}

extension CollectionFlowLayout {
    /// Validates `section` and makes its store (not yet laid out) and payload column.
    static func makeStore(_ section: FlowSection<Payload>, path: String, configuration: FlowConfiguration,
                          hasSizer: Bool) throws(FlowLayoutError) -> (FlowSectionStore, [Payload?]) {
        let overrides = section.overrides
        try overrides.validate(path)
        let metrics = FlowSectionMetrics(configuration: configuration, overrides: overrides)
        if !section.items.isEmpty && !(metrics.available > 0) {
            throw FlowLayoutError.noRoom(path: path, available: metrics.available)
        }
        var store = FlowSectionStore(overrides: overrides, metrics: metrics)
        let n = section.items.count
        store.widths.reserveCapacity(n)
        store.heights.reserveCapacity(n)
        store.flags.reserveCapacity(n)
        var payloads: [Payload?] = []
        payloads.reserveCapacity(n)
        for (i, item) in section.items.enumerated() {
            let (size, flags) = try resolve(item.size, path: "\(path).items[\(i)]", configuration, hasSizer: hasSizer)
            store.widths.append(size.width)
            store.heights.append(size.height)
            store.flags.append(flags)
            payloads.append(item.payload)
        }
        return (store, payloads)
    }

    /// An item's starting size and flags.
    static func resolve(_ size: FlowItemSize, path: String, _ c: FlowConfiguration,
                        hasSizer: Bool) throws(FlowLayoutError) -> (Size, UInt8) {
        typealias Flag = FlowSectionStore.Flag
        switch size {
        case .default:
            guard let estimate = c.estimatedItemSize else { return (c.itemSize, Flag.usesDefault) }
            guard hasSizer else { throw noSizer(path) }
            return (estimate, Flag.usesDefault | Flag.selfSizing)
        case .fixed(let fixed):
            try FlowCheck.positive(fixed, path)
            return (fixed, 0)
        case .automatic(let estimate):
            if let estimate { try FlowCheck.positive(estimate, path + ".estimate") }
            guard hasSizer else { throw noSizer(path) }
            return (estimate ?? c.estimatedItemSize ?? c.itemSize, Flag.selfSizing)
        }
    }

    static func noSizer(_ path: String) -> FlowLayoutError {
        FlowLayoutError(path: path, message: "is self-sizing but the layout has no sizer")
    }

    /// After a configuration change: items of the default size take the new default; with
    /// `remeasure`, measured items go back to unmeasured (their estimate is their last size).
    static func resolveDefaults(_ store: inout FlowSectionStore, _ c: FlowConfiguration, remeasure: Bool) {
        typealias Flag = FlowSectionStore.Flag
        for i in store.flags.indices {
            let f = store.flags[i]
            if f & Flag.usesDefault != 0 && f & Flag.measured == 0 {
                let size = f & Flag.selfSizing != 0 ? (c.estimatedItemSize ?? c.itemSize) : c.itemSize
                store.widths[i] = size.width
                store.heights[i] = size.height
            }
            if remeasure { store.flags[i] &= ~(Flag.measured | Flag.invalidMeasurement) }
        }
    }
}
