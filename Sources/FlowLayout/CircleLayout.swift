#if canImport(Glibc)
import func Glibc.cos
import func Glibc.sin
#elseif canImport(Musl)
import func Musl.cos
import func Musl.sin
#elseif canImport(Darwin)
import func Darwin.cos
import func Darwin.sin
#endif
import LayoutGeometry

/// Items on a circle: the "circle layout" (圆形布局) the seed names (000 §8.2.2), as in Apple's
/// WWDC 2012 `CircleLayout` sample — the worked example of a custom ``CollectionLayout``.
///
/// Item `i` of `n` is centred at `(cx + r·cos(2πi/n), cy + r·sin(2πi/n))`, where `(cx, cy)` is
/// the container's centre and `r` defaults to `min(width, height) / 2.5` (the sample's
/// choice); item 0 is at three o'clock and items go clockwise (y grows downwards). The
/// content is exactly the container.
public struct CircleLayout: CollectionLayout {
    /// The container (collection view bounds) size.
    public var containerSize: Size
    /// The number of items (one section).
    public var itemCount: Int
    /// Every item's size (the sample's 70 × 70).
    public var itemSize: Size
    /// The radius of the circle of centres; `nil` for `min(width, height) / 2.5`.
    public var radius: Double?

    private var centers: [Point] = []

    /// Creates and prepares a circle layout.
    public init(containerSize: Size, itemCount: Int, itemSize: Size = Size(width: 70, height: 70), radius: Double? = nil) {
        self.containerSize = containerSize
        self.itemCount = max(0, itemCount)
        self.itemSize = itemSize
        self.radius = radius
        prepare()
    }

    /// The radius used.
    public var effectiveRadius: Double { radius ?? min(containerSize.width, containerSize.height) / 2.5 }

    public mutating func prepare() {
        let cx = containerSize.width / 2, cy = containerSize.height / 2, r = effectiveRadius
        let n = Double(itemCount)
        centers = (0..<itemCount).map { i in
            let angle = 2 * Double.pi * Double(i) / n
            return Point(x: cx + r * cos(angle), y: cy + r * sin(angle))
        }
    }

    public var contentSize: Size { containerSize }

    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section == 0, centers.indices.contains(indexPath.item) else { return nil }
        let c = centers[indexPath.item]
        let frame = Rect(x: c.x - itemSize.width / 2, y: c.y - itemSize.height / 2, width: itemSize.width, height: itemSize.height)
        return LayoutAttributes(indexPath: indexPath, frame: frame)
    }

    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        centers.indices.compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }.filter { $0.frame.intersects(rect) }
    }
}
