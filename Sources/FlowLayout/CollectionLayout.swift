import LayoutGeometry

/// The small protocol every collection layout fulfils — UIKit's `UICollectionViewLayout`
/// reduced to its geometry — so that users can add their own layouts next to the flow
/// layout, the waterfall, the column grid and the circle (``CircleLayout`` is the worked
/// example).
///
/// ## Phase contract
/// 1. `prepare()` MUST compute everything the queries need from the layout's inputs; it is
///    called once after the inputs change and before any query (UIKit's `prepare()`).
/// 2. The queries (`contentSize`, `layoutAttributesForElements(in:)`, `layoutAttributesForItem(at:)`)
///    MUST NOT change the layout and SHOULD be cheap (UIKit calls them for every scroll
///    frame); `layoutAttributesForElements(in:)` answers the elements whose frames overlap the rect
///    with a positive area.
/// Conformers are values and `Sendable`: a prepared layout can be queried from any thread.
public protocol CollectionLayout: Sendable {
    /// Computes the layout from its inputs.
    mutating func prepare()
    /// The size of the scrollable content.
    var contentSize: Size { get }
    /// The elements (items, headers, footers) whose frames overlap `rect` with a positive area.
    func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes]
    /// The attributes of one item, or `nil` when it does not exist.
    func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes?
}

extension CollectionLayout {
    /// The item whose frame contains `point` (half-open), found through
    /// `layoutAttributesForElements(in:)` on a one-point rect; layouts may answer faster.
    public func indexPathForItem(at point: Point) -> IndexPath? {
        layoutAttributesForElements(in: Rect(x: point.x, y: point.y, width: 1e-9, height: 1e-9))
            .last { $0.kind == .item && $0.frame.contains(point) }?.indexPath
    }
}

extension CollectionFlowLayout: CollectionLayout {
    /// Nothing to do: a flow layout is laid out when built, updated or measured.
    public mutating func prepare() {}
}
