/// Plain geometry values shared by every layout module.
///
/// Units are points (`Double`), the origin is the top-left corner and y grows downwards,
/// as in UIKit. These are value types with no platform dependency, so results can be
/// computed, compared and encoded anywhere.

/// A point in a layout's coordinate space.
public struct Point: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate.
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)

    public var description: String { "(\(x), \(y))" }
}

/// A width and a height.
public struct Size: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// 0 × 0.
    public static let zero = Size(width: 0, height: 0)

    /// The extent along `axis`.
    public func length(along axis: Axis) -> Double { axis == .horizontal ? width : height }

    /// A size built from a length along `axis` and one across it.
    public init(along axis: Axis, length: Double, across: Double) {
        self = axis == .horizontal ? Size(width: length, height: across) : Size(width: across, height: length)
    }

    public var description: String { "\(width) × \(height)" }
}

/// A rectangle: an origin (its top-left corner) and a size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The extent.
    public var size: Size

    /// Creates a rectangle from its origin and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its four components.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin (UIKit's `CGRectZero`).
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }

    /// The smallest coordinate along `axis`.
    public func min(along axis: Axis) -> Double { axis == .horizontal ? minX : minY }
    /// The largest coordinate along `axis`.
    public func max(along axis: Axis) -> Double { axis == .horizontal ? maxX : maxY }

    /// Whether `point` lies inside, with half-open intervals `[min, max)` on both axes.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether the two rectangles overlap with a positive area.
    public func intersects(_ other: Rect) -> Bool {
        Swift.min(maxX, other.maxX) > Swift.max(minX, other.minX)
            && Swift.min(maxY, other.maxY) > Swift.max(minY, other.minY)
    }

    /// The rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// The rectangle shrunk by `insets` on each side.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: minX + insets.left, y: minY + insets.top,
             width: width - insets.left - insets.right, height: height - insets.top - insets.bottom)
    }

    /// `[x, y, width, height]`, the form results are written in.
    public var array: [Double] { [minX, minY, width, height] }

    public var description: String { "[\(minX), \(minY), \(width), \(height)]" }
}

extension Rect: Codable {
    /// Rects encode as `[x, y, width, height]`, the contract's form.
    public init(from decoder: Decoder) throws {
        var c = try decoder.unkeyedContainer()
        let x = try c.decode(Double.self), y = try c.decode(Double.self)
        let w = try c.decode(Double.self), h = try c.decode(Double.self)
        self.init(x: x, y: y, width: w, height: h)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(minX); try c.encode(minY); try c.encode(width); try c.encode(height)
    }
}

/// Insets on the four edges of a rectangle (UIKit's `UIEdgeInsets`).
public struct EdgeInsets: Hashable, Sendable, Codable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    /// Creates insets; every edge defaults to 0.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No insets.
    public static let zero = EdgeInsets()

    /// left + right.
    public var horizontal: Double { left + right }
    /// top + bottom.
    public var vertical: Double { top + bottom }

    /// The inset before the content along `axis` (top for vertical, left for horizontal).
    public func leading(along axis: Axis) -> Double { axis == .horizontal ? left : top }
    /// The inset after the content along `axis`.
    public func trailing(along axis: Axis) -> Double { axis == .horizontal ? right : bottom }
}

/// A layout direction.
public enum Axis: String, Hashable, Sendable, Codable, CaseIterable {
    case horizontal
    case vertical

    /// The other axis.
    public var cross: Axis { self == .horizontal ? .vertical : .horizontal }
}
