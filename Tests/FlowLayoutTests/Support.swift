import FlowLayout
import LayoutGeometry

/// Helpers shared by the flow-layout tests.
enum Fixture {
    /// A vertical configuration of `width` (height 667) with UIKit's defaults.
    static func vertical(width: Double, _ edit: (inout FlowConfiguration) -> Void = { _ in }) -> FlowConfiguration {
        var c = FlowConfiguration(containerSize: Size(width: width, height: 667))
        edit(&c)
        return c
    }

    /// A horizontal configuration: columns fill `height`; the viewport is `width` wide.
    static func horizontal(height: Double, width: Double = 375,
                           _ edit: (inout FlowConfiguration) -> Void = { _ in }) -> FlowConfiguration {
        var c = FlowConfiguration(containerSize: Size(width: width, height: height), scrollDirection: .horizontal)
        edit(&c)
        return c
    }

    /// `count` items of one size.
    static func sizes(_ count: Int, _ width: Double, _ height: Double) -> [Size] {
        Array(repeating: Size(width: width, height: height), count: count)
    }
}

extension CollectionFlowLayout {
    /// Every item frame of `section`, in order.
    func frames(section: Int = 0) -> [Rect] {
        (0..<numberOfItems(inSection: section)).compactMap { frameForItem(at: IndexPath(item: $0, section: section)) }
    }
}

/// A small deterministic generator (SplitMix64) so random tests replay.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
