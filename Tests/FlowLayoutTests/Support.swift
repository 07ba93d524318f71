@_exported import TestSupport
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

/// The shared seeded generator (TestSupport), under this suite's name.
typealias SeededGenerator = SplitMix
