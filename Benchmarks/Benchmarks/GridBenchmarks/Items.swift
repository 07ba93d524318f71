import BenchmarkSupport
import FlowLayout
import LayoutGeometry
import TextLayout

/// The 100,000-item workload: one section, items 40–180 pt wide and 40–120 pt tall in half
/// points (SplitMix64, seed 4), in a 375 × 667 vertical flow layout with UIKit's defaults
/// (10-pt spacing, justified lines): about three items per line.
enum Items {
    static let count = 100_000
    static let configuration = FlowConfiguration(containerSize: Size(width: 375, height: 667))

    static let sizes: [Size] = {
        var rng = SplitMix64(seed: 4)
        return (0..<count).map { _ in
            Size(width: 40 + Double(Int.random(in: 0...280, using: &rng)) / 2,
                 height: 40 + Double(Int.random(in: 0...160, using: &rng)) / 2)
        }
    }()

    static func layout() -> BasicFlowLayout {
        do { return try BasicFlowLayout(configuration: configuration, sizes: sizes) } catch {
            fixtureFailure("cannot lay out the 100,000 items: \(error)")
        }
    }

    /// 1,024 screenfuls (375 × 667) at pseudo-random offsets over the content.
    static func screens(contentHeight: Double) -> [Rect] {
        var rng = SplitMix64(seed: 5)
        let h = configuration.containerSize.height
        return (0..<1_024).map { _ in
            Rect(x: 0, y: Double.random(in: 0..<(contentHeight - h), using: &rng), width: 375, height: h)
        }
    }
}

enum Engines {
    static let standard: TextEngine = {
        do { return try TextEngine(fontDirectory: RepositoryPaths.fonts) } catch {
            fixtureFailure("cannot create a text engine on \(RepositoryPaths.fonts): \(error)")
        }
    }()
}

/// Text cards two to a line: each card is half the line less the spacing, its text inset by
/// 8 pt on every side; the height is the text's at that width plus the insets. The payload is
/// the card's text.
struct TextCardSizer: FlowItemSizer {
    let engine: TextEngine
    let style: TextStyle
    static let padding = 8.0
    static let spacing = 10.0

    func size(for request: FlowSizingRequest<String>) -> Size {
        let available = request.availableWidth ?? 375
        let width = ((available - Self.spacing) / 2).rounded(.down)
        guard let text = request.payload,
              let m = try? engine.size(of: text, style: style, width: width - 2 * Self.padding)
        else { return Size(width: 0, height: 0) }  // refused by the layout, reported as a warning
        return Size(width: width, height: m.size.height + 2 * Self.padding)
    }
}

/// 1,000 cards of mixed Chinese/English text of 4–80 characters (1 to about 6 lines at the
/// card's 166.5-pt text width), SplitMix64 seed 6.
enum TextCards {
    static let texts: [String] = {
        var rng = SplitMix64(seed: 6)
        return (0..<1_000).map { _ in MixedText.paragraph(length: Int.random(in: 4...80, using: &rng), using: &rng) }
    }()
    static let style = TextStyle(font: "DejaVu Sans", size: 15)

    static var configuration: FlowConfiguration {
        var c = Items.configuration
        c.estimatedItemSize = Size(width: 170, height: 60)
        c.scale = PixelScale(2)
        return c
    }

    static var sections: [FlowSection<String>] {
        [FlowSection(items: texts.map { FlowItem.automatic($0) })]
    }

    static var sizer: TextCardSizer { TextCardSizer(engine: Engines.standard, style: style) }
}
