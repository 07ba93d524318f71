import Testing
import TextLayout
@testable import CellLayout

/// A tree's texts read by its maker (`StructureTexts`): the visible ones in flattening's order,
/// each with its place in the tree's text order (hidden texts counted), which picks its style
/// from a resolved list — what a solver of a known structure takes instead of reading the tree.
@Suite struct StructureTextsTests {
    /// Texts a…h in tree order: b and c in a hidden stack, f the hidden base of a background
    /// (so its layer g is not laid over anything and is not laid out either).
    static let tree = CellElement.vstack([
        .text("a"),
        CellElement.hstack([.text("b"), .text("c")]).hidden(),
        .overlay(.text("d"), .text("e")),
        .background(CellElement.text("f").hidden(), .text("g")),
        .text("h"),
    ])

    @Test func visibleTextsInFlatteningOrderWithTheirPlaces() throws {
        let texts = try #require(withUnsafePointer(to: Self.tree) { StructureTexts(root: $0) })
        #expect(texts.texts.map(\.text) == ["a", "d", "e", "h"])
        // a is 0th; b, c (hidden) 1st and 2nd; d, e 3rd and 4th; f, g 5th and 6th; h 7th.
        #expect(texts.ordinals == [0, 3, 4, 7])
        #expect(texts.count == 4)
    }

    @Test func aHiddenRootHasNone() {
        #expect(withUnsafePointer(to: Self.tree.hidden()) { StructureTexts(root: $0) } == nil)
    }

    /// Laid out with a structure whose skeleton this thread holds, from the texts read by the
    /// maker: the same frames as the tree flattened — with a style list shorter than the texts
    /// (h, past its end, keeps its own 30-pt style, as flattening keeps it).
    @Test func aKnownStructureLaysOutAsTheFlattenedTree() throws {
        let layout = CellLayout(textEngine: FlexTests.engine)
        var tree = Self.tree
        if case .stack(var s) = tree.kind {
            s.children[4] = .text("h", style: TextStyle(size: 30))
            tree.kind = .stack(s)
        }
        // Five styles: a, b, c, d, e take them (sizes 10…14); f, g, h keep their own.
        let styles = (0..<5).map { TextStyle(size: 10 + Double($0)) }
        let flattened = try layout.prepare(tree, textStyles: styles, arrangingAt: 200, frames: true).arrangement
        let structure = CellStructure()
        defer { withExtendedLifetime(structure) {} }  // (lent to the layouts below)
        let (first, second) = try withUnsafePointer(to: tree) { root in
            let texts = StructureTexts(root: root)
            // The first flattens (and keeps the skeleton), the second takes the skeleton and the texts.
            return (try layout.prepare(rootAt: root, textStyles: styles, arrangingAt: 200, frames: true, structure: Unmanaged.passUnretained(structure), texts: texts),
                    try layout.prepare(rootAt: root, textStyles: styles, arrangingAt: 200, frames: true, structure: Unmanaged.passUnretained(structure), texts: texts))
        }
        #expect(first.arrangement.frames == flattened.frames)
        #expect(second.arrangement.frames == flattened.frames)
        #expect(try second.cell.arrange(width: 120).frames == (try layout.arrange(tree, width: 120, textStyles: styles)).frames)
        // The styles matter: a at 10 pt is shorter than h at 30 pt.
        let a = try #require(flattened.frames.first { $0.path == [0] }), h = try #require(flattened.frames.first { $0.path == [4] })
        #expect(a.rect.height < h.rect.height)
    }
}
