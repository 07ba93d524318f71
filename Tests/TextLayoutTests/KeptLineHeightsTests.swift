import Foundation
import Testing
@testable import TextLayout

/// A paragraph the cache hands out again keeps the line heights the first style's rules gave it
/// (`PreparedBox.heights(for:)`): what a text measures must not depend on which style asked first.
/// Every expected value here comes from an engine without a paragraph cache, which prepares each
/// text afresh and works its line heights out for its own style.
@Suite struct KeptLineHeightsTests {
    /// Two fonts (a line's height depends on which of them it holds) and hard breaks.
    static let text = "尤其经济读者但是朋友觉得，因为换 Hello World 测试。\nSwift 代码 layout engine 的行高 again."
    /// Styles differing in each rule the line heights read (size, font leading, multiple, minimum, maximum).
    static let styles = [
        TextStyle(font: "DejaVu Sans", size: 15),
        TextStyle(font: "DejaVu Sans", size: 15, fontLeading: false),
        TextStyle(font: "DejaVu Sans", size: 17, lineHeightMultiple: 1.3),
        TextStyle(font: "DejaVu Sans", size: 13, minimumLineHeight: 19),
        TextStyle(font: "DejaVu Sans", size: 13, maximumLineHeight: 14.5, scale: .init(2)),
        TextStyle(font: "DejaVu Sans", size: 15, lineSpacing: 4),
    ]
    static let widths: [Double] = [60, 95, 180, 400, 0]

    static func uncached() throws -> TextEngine {
        try TextEngine(fontDirectory: Fixtures.fontsDirectory, configuration: .init(paragraphCacheUnits: 0))
    }

    @Test func measurementsDoNotDependOnWhichStyleCameFirst() throws {
        let fresh = try Self.uncached()
        // Every order the first style can take: a new engine each time, so that its box keeps that style's heights.
        for first in Self.styles.indices {
            let engine = try TextEngine(fontDirectory: Fixtures.fontsDirectory)
            let order = [first] + Self.styles.indices.filter { $0 != first } + [first]
            for k in order {
                let style = Self.styles[k]
                let prepared = try engine.prepare(Self.text, style: style)
                let expected = try fresh.prepare(Self.text, style: style)
                for w in Self.widths {
                    #expect(try prepared.layout(width: w) == expected.layout(width: w), "style \(k) after \(first), width \(w)")
                    #expect(try prepared.measure(width: w) == expected.measure(width: w), "style \(k) after \(first), width \(w)")
                }
            }
        }
    }

    /// The natural measurement (no width) a shared paragraph keeps: styles differing in each field
    /// it reads, asked in every order, and a style set on a prepared text afterwards.
    @Test func naturalMeasurementsDoNotDependOnWhichStyleCameFirst() throws {
        let fresh = try Self.uncached()
        var styles = Self.styles
        styles.append(TextStyle(font: "DejaVu Sans", size: 15, numberOfLines: 1))
        styles.append(TextStyle(font: "DejaVu Sans", size: 15, lineBreakMode: .truncateTail, numberOfLines: 1))
        styles.append(TextStyle(font: "DejaVu Sans", size: 15, paragraphSpacing: 6))
        styles.append(TextStyle(font: "DejaVu Sans", size: 15, scale: .init(3)))
        styles.append(TextStyle(font: "DejaVu Sans", size: 15, scale: .init(1)))
        for first in styles.indices {
            let engine = try TextEngine(fontDirectory: Fixtures.fontsDirectory)
            _ = try engine.prepare(Self.text, style: styles[first])  // (prepared: the next ones are handed it again)
            for k in [first] + styles.indices.filter({ $0 != first }) {
                let prepared = try engine.prepare(Self.text, style: styles[k])
                let expected = try fresh.prepare(Self.text, style: styles[k]).measure(width: nil)
                #expect(try prepared.measure(width: nil) == expected, "style \(k) after \(first)")
                // The same text given another style afterwards measures as that style.
                var restyled = prepared
                restyled.style = styles[(k + 1) % styles.count]
                #expect(try restyled.measure(width: nil) == fresh.prepare(Self.text, style: restyled.style).measure(width: nil),
                        "style \(k) set to \((k + 1) % styles.count) after \(first)")
            }
        }
    }

    @Test func theBoxKeepsTheFirstRulesItWasHandedOutWith() throws {
        let engine = try TextEngine(fontDirectory: Fixtures.fontsDirectory)
        let (a, b) = (Self.styles[0], Self.styles[2])
        let made = try engine.prepare(Self.text, style: a)  // prepared: nothing kept
        #expect(made.box.heights(for: a) == nil)
        _ = try engine.prepare(Self.text, style: b)          // handed out again: b's kept
        #expect(made.box.heights(for: b) != nil)
        #expect(made.box.heights(for: a) == nil)
        _ = try engine.prepare(Self.text, style: a)          // a's worked out, not kept over b's
        #expect(made.box.heights(for: a) == nil)
        // Another name for the same rules (another font name is another paragraph; the scale and
        // line spacing are not rules the heights read) finds them.
        var same = b
        same.scale = .init(3)
        same.lineSpacing = 9
        #expect(made.box.heights(for: same) != nil)
        same.maximumLineHeight = 30
        #expect(made.box.heights(for: same) == nil)
    }

    @Test func threadsHandedTheSameParagraphMeasureAsAFreshEngine() async throws {
        let fresh = try Self.uncached()
        var expected: [[TextMeasurement]] = []
        for style in Self.styles {
            let p = try fresh.prepare(Self.text, style: style)
            expected.append(try Self.widths.map { try p.measure(width: $0) })
        }
        let engine = try TextEngine(fontDirectory: Fixtures.fontsDirectory)
        let want = expected
        let wrong = try await withThrowingTaskGroup(of: Int.self) { group in
            for t in 0..<8 {
                group.addTask {
                    var wrong = 0
                    for round in 0..<40 {
                        let k = (t + round) % Self.styles.count
                        let p = try engine.prepare(Self.text, style: Self.styles[k])
                        for (i, w) in Self.widths.enumerated() where try p.measure(width: w) != want[k][i] { wrong += 1 }
                    }
                    return wrong
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(wrong == 0)
    }
}
