import Foundation
import Testing
import LayoutGeometry
import TextLayout
@testable import CellLayout

/// Custom spacing after a child (`UIStackView.setCustomSpacing(_:after:)`, `spacingAfter`):
/// expected values are arithmetic on the boxes' sizes and the spacings.
struct CustomSpacingTests {
    let layout = CellLayout(textEngine: FlexTests.engine)

    /// A value of the frame with `id` (NaN when there is none).
    func v(_ f: [String: Rect], _ id: String, _ key: KeyPath<Rect, Double>) -> Double { f[id]?[keyPath: key] ?? .nan }

    func frames(_ e: CellElement, width: Double) throws -> [String: Rect] {
        var out: [String: Rect] = [:]
        for f in try layout.arrange(e, width: width).frames { if let id = f.id { out[id] = f.rect } }
        return out
    }

    /// A row of three 20-pt boxes, spacing 10, the first followed by 30: 0, 50, 80; the custom
    /// spacing after the last is ignored (the row hugs its content: 100 wide).
    @Test func theGapAfterAChildIsItsOwn() throws {
        let row = CellElement.hstack(spacing: 10, alignment: .start, [
            CellElement.box(width: 20, height: 20).spacingAfter(30).id("a"),
            CellElement.box(width: 20, height: 20).id("b"),
            CellElement.box(width: 20, height: 20).spacingAfter(50).id("c"),
        ])
        let f = try frames(CellElement.vstack(alignment: .start, [row.id("row")]), width: 300)
        #expect(v(f, "a", \.minX) == 0)
        #expect(v(f, "b", \.minX) == 20 + 30)
        #expect(v(f, "c", \.minX) == 20 + 30 + 20 + 10)
        #expect(v(f, "row", \.width) == 20 + 30 + 20 + 10 + 20)
        // Down a column: the gap below the first is 2 (less than the spacing).
        let column = CellElement.vstack(spacing: 10, [
            CellElement.box(height: 20).spacingAfter(2).id("top"), CellElement.box(height: 20).id("bottom")])
        let g = try frames(column, width: 100)
        #expect(v(g, "bottom", \.minY) == 20 + 2)
        // A hidden child between: the gap runs to the next visible one.
        let hidden = CellElement.hstack(spacing: 10, alignment: .start, [
            CellElement.box(width: 20, height: 20).spacingAfter(30).id("a"),
            CellElement.box(width: 20, height: 20).hidden(),
            CellElement.box(width: 20, height: 20).id("b")])
        #expect(v(try frames(hidden, width: 300), "b", \.minX) == 50)
    }

    /// Custom spacing is room the items may not flex into: two growing boxes share what is left
    /// after it (300 − 40 − 10 = 250, 125 each), and right to left it lies on the first's left.
    @Test func growingItemsShareWhatIsLeft() throws {
        let row = CellElement.hstack(spacing: 0, [
            CellElement.box(height: 10).flex(grow: 1, basis: 0).spacingAfter(40).id("a"),
            CellElement.box(height: 10).flex(grow: 1, basis: 0).spacingAfter(10).id("b"),
            CellElement.box(width: 0, height: 10).id("end")])
        let f = try frames(row, width: 300)
        #expect(f["a"] == Rect(x: 0, y: 0, width: 125, height: 10))
        #expect(f["b"] == Rect(x: 165, y: 0, width: 125, height: 10))
        let r = try frames(row.layoutDirection(.rightToLeft), width: 300)
        #expect(r["a"] == Rect(x: 300 - 125, y: 0, width: 125, height: 10))
        #expect(r["b"] == Rect(x: 300 - 165 - 125, y: 0, width: 125, height: 10))
    }

    /// Prepared cells answer as fresh layouts with custom spacings, at several widths (a row
    /// laid out the same wider places its items from the kept sizes).
    @Test func preparedCellsAnswerAsFreshOnes() throws {
        let tree = CellElement.vstack(spacing: 6, [
            CellElement.hstack(spacing: 4, justify: .spaceBetween, [
                CellElement.box(width: 40, height: 40).spacingAfter(12),
                CellElement.text("a name", style: TextStyle(font: "DejaVu Sans", size: 14)).spacingAfter(2),
                CellElement.box(width: 13, height: 13)]).spacingAfter(20),
            CellElement.hstack(spacing: 8, wraps: true, [
                CellElement.box(width: 50, height: 20).spacingAfter(24), CellElement.box(width: 70, height: 20),
                CellElement.box(width: 60, height: 20).spacingAfter(0), CellElement.box(width: 80, height: 20)]),
        ])
        let prepared = try layout.prepare(tree)
        for width in [100.0, 150, 200, 320, 375, 414] {
            #expect(try prepared.arrange(width: width) == layout.arrange(tree, width: width), "\(width)")
        }
    }
}
