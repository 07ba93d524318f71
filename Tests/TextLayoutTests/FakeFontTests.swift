import LayoutGeometry
import Testing
@testable import TextLayout

/// Fonts made in code through the engine's font seam (`GlyphSource`): no FreeType, no HarfBuzz, no
/// file — every advance and metric is chosen here, so every expected value is arithmetic.
@Suite struct FakeFontTests {
    /// A made-up face: 1,000 units per em, ascender 800, descender −200, no line gap; `advance`
    /// gives each covered scalar's advance in font units.
    final class FakeFace: GlyphSource, @unchecked Sendable {
        private let advances: [UInt32: Int32]

        init(name: String, advances: [UInt32: Int32], ascender: Int = 800, descender: Int = -200) {
            self.advances = advances
            var coverage = [UInt64](repeating: 0, count: 1024)
            for c in advances.keys where c < 0x10000 { coverage[Int(c >> 6)] |= 1 << UInt64(c & 63) }
            super.init(path: "<\(name)>", familyName: name, styleName: "Regular",
                       metrics: FontMetrics(unitsPerEm: 1000, ascender: ascender, descender: descender, lineGap: 0),
                       isColor: false, bmpCoverage: coverage)
        }

        override func nominalAdvance(_ scalar: UInt32) -> Int32 { advances[scalar] ?? 0 }
        override func coversBeyondBMP(_ scalar: UInt32) -> Bool { advances[scalar] != nil }
    }

    /// "Blocks": printable ASCII but digits, 500 units each, the space 250. "Wide": digits and
    /// 一…丏 (U+4E00–U+4E0F), 1,000 units each, ascender 900, descender −300.
    static let engine: TextEngine = {
        var blocks: [UInt32: Int32] = [:]
        for c in UInt32(0x21)...0x7E where !(0x30...0x39).contains(c) { blocks[c] = 500 }
        blocks[0x20] = 250
        var wide: [UInt32: Int32] = [:]
        for c in UInt32(0x30)...0x39 { wide[c] = 1000 }
        for c in UInt32(0x4E00)...0x4E0F { wide[c] = 1000 }
        return try! TextEngine(faces: [FakeFace(name: "Blocks", advances: blocks),
                                       FakeFace(name: "Wide", advances: wide, ascender: 900, descender: -300)])
    }()

    static func style(_ size: Double = 10) -> TextStyle { TextStyle(font: "Blocks", size: size) }

    /// "ab cd" at 10 pt: 5 + 5 + 2.5 + 5 + 5 = 22.5 wide, one line of (800 + 200) / 1000 × 10 = 10.
    @Test func widthsAreTheAdvancesAdded() throws {
        let r = try Self.engine.measure("ab cd", style: Self.style(), width: nil)
        #expect(r.size.width == 22.5 && r.size.height == 10 && r.lines.count == 1)
    }

    /// At 15 pt wide "ab cd" breaks after the space (5 + 5 + 2.5 = 12.5 fits; 22.5 does not):
    /// two lines 10 wide (the space hangs), 20 tall.
    @Test func linesBreakWhereTheAdvancesSay() throws {
        let r = try Self.engine.measure("ab cd", style: Self.style(), width: 15)
        #expect(r.lines.count == 2)
        #expect(r.lines.map { $0.width } == [10, 10])
        #expect(r.size == Size(width: 10, height: 20))
        #expect(r.lines.map { $0.range } == [TextRange(location: 0, length: 3), TextRange(location: 3, length: 2)])
    }

    /// Digits are not in Blocks: they fall back to Wide (10 pt each at 10 pt), "a1" = 5 + 10 = 15.
    /// A character neither face has (é) is reported missing and measured as nothing.
    @Test func theFallbackChainIsTheFacesInOrder() throws {
        #expect(try Self.engine.measure("a1", style: Self.style(), width: nil).size.width == 15)
        #expect(try Self.engine.measure("12", style: Self.style(), width: nil).size.width == 20)
        let missing = try Self.engine.measure("a\u{E9}", style: Self.style(), width: nil)
        #expect(missing.missingCharacters == ["\u{E9}"])
        // The same for text the one-pass classification takes (ASCII and ideographs): 丐
        // (U+4E10) is past Wide's 一…丏.
        let ideograph = try Self.engine.measure("a\u{4E10}", style: Self.style(), width: nil)
        #expect(ideograph.missingCharacters == ["\u{4E10}"])
        #expect(try Self.engine.measure("a\u{4E0F}", style: Self.style(), width: nil).missingCharacters == [])
    }

    /// The face a style names comes first: in Wide, "1一" is 10 + 10 = 20 at 10 pt and a line is
    /// (900 + 300) / 1000 × 10 = 12 tall; an unknown name is an error naming the faces there are.
    @Test func aStyleNamesItsFaceByFamily() throws {
        let r = try Self.engine.measure("1\u{4E00}", style: TextStyle(font: "Wide", size: 10), width: nil)
        #expect(r.size == Size(width: 20, height: 12))
        #expect(throws: TextLayoutError.self) { try Self.engine.measure("a", style: TextStyle(font: "Nope", size: 10), width: nil) }
        do {
            _ = try Self.engine.measure("a", style: TextStyle(font: "Nope", size: 10), width: nil)
        } catch {
            #expect("\(error)".contains("Blocks") && "\(error)".contains("Wide"))
        }
    }
}
