import LayoutGeometry

/// The names used before the grid queries took UIKit's names (kept for one release).
extension CollectionLayout {
    @available(*, deprecated, renamed: "layoutAttributesForElements(in:)")
    public func attributesForElements(in rect: Rect) -> [LayoutAttributes] {
        layoutAttributesForElements(in: rect)
    }

    @available(*, deprecated, renamed: "layoutAttributesForItem(at:)")
    public func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        layoutAttributesForItem(at: indexPath)
    }

    @available(*, deprecated, renamed: "indexPathForItem(at:)")
    public func itemIndexPath(at point: Point) -> IndexPath? {
        indexPathForItem(at: point)
    }
}

extension CollectionFlowLayout {
    @available(*, deprecated, renamed: "indexPathsForVisibleItems(atOffset:)")
    public func visibleItems(atOffset offset: Double) -> [IndexPath] {
        indexPathsForVisibleItems(atOffset: offset)
    }

    @available(*, deprecated, renamed: "measureAll()")
    public mutating func measureAllItems() {
        measureAll()
    }
}
