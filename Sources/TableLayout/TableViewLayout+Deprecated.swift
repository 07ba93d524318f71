import LayoutGeometry

/// The names used before the table and grid queries took UIKit's names (kept for one release).
extension TableViewLayout {
    @available(*, deprecated, renamed: "indexPathsForVisibleRows(atOffset:viewportHeight:)")
    public func visibleRows(offset: Double, viewportHeight: Double) -> [IndexPath] {
        indexPathsForVisibleRows(atOffset: offset, viewportHeight: viewportHeight)
    }

    @available(*, deprecated, renamed: "pinnedHeaders(atOffset:viewportHeight:)")
    public func pinnedHeaders(offset: Double, viewportHeight: Double) -> [PinnedSupplementary] {
        pinnedHeaders(atOffset: offset, viewportHeight: viewportHeight)
    }
}
