/// Rounding to device pixels with an explicit scale — never a hidden global screen scale.
///
/// UIKit rounds self-sized heights and text bounds up to whole device pixels: on a 3× screen a
/// height of 20.1 pt becomes 20.333… pt. Pass the scale of the screen you are modelling; a
/// scale of 0 (or less, or not finite) means "do not round".
public struct PixelScale: Hashable, Sendable, Codable {
    /// Device pixels per point (1, 2, 3), or 0 for no rounding.
    public var scale: Double

    /// Creates a scale; values ≤ 0 or not finite mean no rounding.
    public init(_ scale: Double) {
        self.scale = scale.isFinite && scale > 0 ? scale : 0
    }

    /// No rounding.
    public static let none = PixelScale(0)

    /// Whether this scale rounds at all.
    public var rounds: Bool { scale > 0 }

    /// The size of one device pixel in points (1/scale), or 0 when not rounding.
    public var pixel: Double { rounds ? 1 / scale : 0 }

    /// `value` rounded up to a multiple of 1/scale. A tolerance of 1e-9 pixel keeps values that
    /// are already on the grid (up to floating-point noise) where they are.
    public func ceil(_ value: Double) -> Double {
        guard rounds, value.isFinite else { return value }
        let pixels = value * scale
        let nearest = pixels.rounded()
        if abs(pixels - nearest) < 1e-9 { return nearest / scale }
        return pixels.rounded(.up) / scale
    }

    /// `value` rounded down to a multiple of 1/scale (same tolerance as `ceil`).
    public func floor(_ value: Double) -> Double {
        guard rounds, value.isFinite else { return value }
        let pixels = value * scale
        let nearest = pixels.rounded()
        if abs(pixels - nearest) < 1e-9 { return nearest / scale }
        return pixels.rounded(.down) / scale
    }

    /// `value` rounded to the nearest multiple of 1/scale.
    public func round(_ value: Double) -> Double {
        guard rounds, value.isFinite else { return value }
        return (value * scale).rounded() / scale
    }

    /// Both dimensions rounded up.
    public func ceil(_ size: Size) -> Size {
        Size(width: ceil(size.width), height: ceil(size.height))
    }
}
