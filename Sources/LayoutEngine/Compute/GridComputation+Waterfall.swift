import FlowLayout
import LayoutGeometry

/// `layout: waterfall`: the items kept by the flow layout (after updates), placed in a
/// `WaterfallLayout` of `columns` columns. Item heights at the column width: a given size keeps
/// its aspect; text is measured at the column width less its insets (plus the insets, rounded
/// to 1/scale); an item with neither keeps `itemSize`'s aspect, or `aspectRatio` (width / height)
/// when given. Each spec entry is measured once, however many items it stands for.
extension GridComputation {
    func waterfallConfiguration() throws(ComputeError) -> WaterfallLayout.Configuration {
        var c = WaterfallLayout.Configuration(width: width - spec.contentInset.horizontal, columnCount: spec.columns ?? 2)
        c.columnSpacing = spec.minimumInteritemSpacing
        c.itemSpacing = spec.minimumLineSpacing
        c.sectionInset = spec.sectionInset
        c.headerHeight = spec.headerReferenceSize.height
        c.footerHeight = spec.footerReferenceSize.height
        do throws(FlowLayoutError) { try c.validate() } catch {
            let field = error.path == "columnCount" ? "columns" : error.path
            throw .invalidLayout(path: path + field, message: error.message)
        }
        return c
    }

    func waterfall(from flow: Flow) throws(ComputeError) -> WaterfallLayout {
        if horizontal {
            throw .unsupported(path: path + "scrollDirection", message: "the waterfall layout scrolls vertically only")
        }
        let c = try waterfallConfiguration()
        let columnWidth = c.columnWidth
        let sizer = GridItemSizer(environment: environment, scale: scale)
        let plain: WaterfallLayout.Item = spec.aspectRatio.map { .height(columnWidth / $0) } ?? .aspect(spec.itemSize)
        var known: [ObjectIdentifier: WaterfallLayout.Item] = [:]
        var sections: [[WaterfallLayout.Item]] = []
        sections.reserveCapacity(flow.numberOfSections)
        for s in 0..<flow.numberOfSections {
            let count = flow.numberOfItems(inSection: s)
            var items: [WaterfallLayout.Item] = []
            items.reserveCapacity(count)
            for i in 0..<count {
                guard let content = flow.payload(at: IndexPath(item: i, section: s)) else {
                    items.append(plain)
                    continue
                }
                if let item = known[ObjectIdentifier(content)] {
                    items.append(item)
                    continue
                }
                let item: WaterfallLayout.Item
                if let text = content.text {
                    do {
                        item = .height(try sizer.measure(text, availableWidth: columnWidth).height)
                    } catch {
                        throw .measurement(path: content.path + ".text", message: String(describing: error))
                    }
                } else {
                    item = content.size.map { .aspect($0) } ?? plain
                }
                known[ObjectIdentifier(content)] = item
                items.append(item)
            }
            sections.append(items)
        }
        do throws(FlowLayoutError) {
            return try WaterfallLayout(configuration: c, sections: sections)
        } catch {
            throw .invalidLayout(path: path + error.path, message: error.message)
        }
    }
}
