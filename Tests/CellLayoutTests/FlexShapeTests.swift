import Foundation
import Testing
import LayoutGeometry
import TextLayout
@testable import CellLayout

/// Trees of the same shape (every element's properties and children) share one block of them
/// (`FlexShape`, interned per thread); trees that differ in anything never do.
struct FlexShapeTests {
    typealias Props = FlexSolver.Props

    @Test func treesOfOneShapeShareItsBlockAndOthersDoNot() throws {
        let layout = CellLayout(textEngine: nil)
        func tree(_ width: Double, _ text: String = "") -> FlexSolver {
            FlexSolver(root: .vstack(spacing: 4, [.box(width: width, height: 10), .hstack([.spacer, .box(aspectRatio: 1.5)])]), layout: layout)
        }
        let a = tree(10), b = tree(10), c = tree(11)
        #expect(a.tree.shape === b.tree.shape)
        #expect(a.tree.shape !== c.tree.shape)
        // Shared or not, each lays out as its own tree: 10 and 11 wide boxes in a 100-pt column.
        var sa = a, sc = c
        #expect(try sa.arrange(width: 100).frames[1].rect.width == 10)
        #expect(try sc.arrange(width: 100).frames[1].rect.width == 11)
    }

    /// Only trees of at most `ShapeTable.largestShared` elements are shared (the table stays small).
    @Test func largeTreesKeepTheirOwnShape() {
        let layout = CellLayout(textEngine: nil)
        let boxes = (0..<ShapeTable.largestShared).map { _ in CellElement.box(width: 1, height: 1) }  // + the stack: one too many
        let a = FlexSolver(root: .vstack(boxes), layout: layout), b = FlexSolver(root: .vstack(boxes), layout: layout)
        #expect(a.props.count == ShapeTable.largestShared + 1)
        #expect(a.tree.shape !== b.tree.shape)
        let small = Array(boxes.dropLast())
        #expect(FlexSolver(root: .vstack(small), layout: layout).tree.shape === FlexSolver(root: .vstack(small), layout: layout).tree.shape)
    }

    @Test func everyPropertyTellsShapesApart() {
        let base = Props()
        #expect(FlexShape.same(base, base))  // NaN "none" sizes count as equal
        let doubles: [WritableKeyPath<Props, Double>] = [\.spacing, \.width, \.height, \.minWidth, \.maxWidth, \.minHeight,
                                                         \.maxHeight, \.padTop, \.padLeft, \.padBottom, \.padRight, \.grow,
                                                         \.shrink, \.basis, \.ratio]
        for key in doubles {
            var p = base
            p[keyPath: key] = 7
            #expect(!FlexShape.same(base, p), "\(key)")
            #expect(!FlexShape.same(p, base), "\(key)")
            var q = base
            q[keyPath: key] = .nan  // a NaN where a number is expected is never the same as anything
            if !(base[keyPath: key].isNaN) { #expect(!FlexShape.same(base, q), "\(key) NaN") }
        }
        let ints: [WritableKeyPath<Props, Int>] = [\.firstChild, \.childCount, \.payload, \.parent, \.indexInParent]
        for key in ints {
            var p = base
            p[keyPath: key] += 1
            #expect(!FlexShape.same(base, p), "\(key)")
        }
        let flags: [WritableKeyPath<Props, Bool>] = [\.isRow, \.wraps, \.strictHeight, \.ratioInside, \.heightDefinite]
        for key in flags {
            var p = base
            p[keyPath: key].toggle()
            #expect(!FlexShape.same(base, p), "\(key)")
        }
        var k = base
        k.kind = .stack
        var a = base
        a.alignment = .center
        var j = base
        j.justify = .end
        var s = base
        s.alignSelf = .start
        for p in [k, a, j, s] { #expect(!FlexShape.same(base, p)) }
    }
}
