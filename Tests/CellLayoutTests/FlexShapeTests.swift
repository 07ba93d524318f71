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

    /// Ids are not part of a shape: trees of one shape with the same ids share them (a feed's
    /// posts: one array, not one a post), and a tree with other ids — or none — keeps its own,
    /// whichever tree of the shape came first; the builder's arrays, reused by the next tree on
    /// the thread, never show through.
    @Test func treesOfOneShapeShareTheirIdsOnlyWhenTheyAreTheSame() throws {
        let layout = CellLayout(textEngine: nil)
        func tree(_ avatar: String?, _ badge: String?) -> FlexSolver {
            var a = CellElement.box(width: 40, height: 40), b = CellElement.box(width: 13, height: 13)
            a.id = avatar
            b.id = badge
            return FlexSolver(root: .hstack(spacing: 10, [a, b]), layout: layout)
        }
        let first = tree("avatar", "badge"), same = tree("avatar", "badge")
        let other = tree("picture", nil), none = tree(nil, nil), last = tree("avatar", "badge")
        #expect(first.tree.shape === other.tree.shape && first.tree.shape === none.tree.shape)
        #expect(first.tree.ids == [nil, "avatar", "badge"] && same.tree.ids == first.tree.ids && last.tree.ids == first.tree.ids)
        #expect(other.tree.ids == [nil, "picture", nil])
        #expect(none.tree.ids == [nil, nil, nil])
        // The arrangement names each tree's own elements.
        var s = other
        #expect(try s.arrange(width: 100).frames.map(\.id) == [nil, "picture", nil])
        // Shared, not copied: the same array storage.
        #expect(first.tree.ids.withUnsafeBufferPointer { $0.baseAddress } == same.tree.ids.withUnsafeBufferPointer { $0.baseAddress })
    }

    /// A known shape is found from a builder's values before a block is built: trees whose
    /// worked-out values are set (a row stretched by a row of given height, stretching a ratio
    /// box, is strict, its height definite, a ratio inside) still share it, and trees that differ only in values the
    /// hash leaves out (alignment, justification, a limit, the right padding) never do.
    static let strictRow = CellElement.hstack([CellElement.hstack([.box(aspectRatio: 1.5), .box(width: 20, height: 13)])]).frame(height: 40)

    @Test func aKnownShapeIsFoundFromTheBuildersValues() throws {
        let layout = CellLayout(textEngine: nil)
        func tree(_ row: CellElement) -> FlexSolver {
            FlexSolver(root: .vstack([Self.strictRow, row]), layout: layout)
        }
        let plain = CellElement.hstack([.box(width: 8, height: 8)])
        let a = tree(plain), b = tree(plain)
        #expect(a.props.contains { $0.strictHeight } && a.props.contains { $0.ratioInside } && a.props.contains { $0.heightDefinite })
        #expect(a.tree.shape === b.tree.shape)
        var others: [CellElement] = []
        for alignment in [CellAlignment.center, .end, .firstBaseline] { others.append(CellElement.hstack(alignment: alignment, [.box(width: 8, height: 8)])) }
        others.append(CellElement.hstack(justify: .spaceEvenly, [.box(width: 8, height: 8)]))
        others.append(CellElement.hstack([.box(width: 8, height: 8)]).frame(maxWidth: 300))
        others.append(CellElement.hstack([.box(width: 8, height: 8)]).padding(EdgeInsets(top: 0, left: 0, bottom: 0, right: 3)))
        for other in others {
            let c = tree(other)
            #expect(c.tree.shape !== a.tree.shape)
            // And each lays out as its own tree (as a fresh one built alone would).
            var sc = c, fresh = FlexSolver(root: .vstack([Self.strictRow, other]), layout: CellLayout(textEngine: nil))
            #expect(try sc.arrange(width: 200) == (try fresh.arrange(width: 200)))
        }
    }

    /// A cell prepared inside another cell's preparing layout (a custom measurer preparing one on
    /// the same thread) keeps its own intrinsic sizes, and the outer one keeps its own: both lay
    /// out at another width as fresh solvers do.
    @Test func aCellPreparedInsideAnotherKeepsItsOwnIntrinsicSizes() throws {
        // (Node 2 of the inner tree is a stack, kept; node 2 of the outer one is a box, not kept:
        // a recorder shared by both filed the inner stack's size under the outer box.)
        let inner = CellElement.vstack([CellElement.box(width: 7, height: 3),
                                        .hstack(spacing: 3, [.box(width: 17, height: 5), .box(width: 9, height: 4)])]).id("inner")
        let plain = CellLayout(textEngine: nil)
        let layout = CellLayout(textEngine: nil, customMeasure: { _, width in
            // Prepared while the outer cell is being prepared, on this thread.
            let cell = try plain.prepare(inner, textStyles: [], arrangingAt: nil, frames: false).cell
            return try cell.arrange(width: width.map { $0 / 2 }).size
        })
        let outer = CellElement.vstack(spacing: 2, [CellElement(.custom(key: 1)).id("nested"), .box(width: 30, height: 12),
                                                    .hstack([.spacer, .box(width: 10, height: 6)]).id("row")])
        // (Prepared at its max-content width: every element measured at an unbounded width, kept.)
        let (cell, first) = try layout.prepare(outer, textStyles: [], arrangingAt: nil, frames: true)
        #expect(first == (try layout.arrange(outer, width: nil)))
        for width in [120.0, 300, nil] {
            #expect(try cell.arrange(width: width) == (try layout.arrange(outer, width: width)), "outer at \(String(describing: width))")
        }
        let (innerCell, _) = try plain.prepare(inner, textStyles: [], arrangingAt: nil, frames: false)
        for width in [40.0, 90, 160, nil] {
            #expect(try innerCell.arrange(width: width) == (try plain.arrange(inner, width: width)), "inner at \(String(describing: width))")
        }
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
                                                         \.shrink, \.basis, \.ratio, \.after]
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
        let flags: [WritableKeyPath<Props, Bool>] = [\.isRow, \.wraps, \.mirrors, \.strictHeight, \.ratioInside, \.customInside, \.heightDefinite]
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
        // Doubles compare by their bits: −0 is not +0 (two shapes only counted different).
        var zero = base
        zero.spacing = -0.0
        #expect(!FlexShape.same(base, zero))
        // `same` names every stored property: the lists above (16 doubles, 5 integers, 7 flags,
        // kind, alignment, justification, alignSelf) are all of them. A property added to
        // `Props` fails this until it is compared there and listed here.
        #expect(Mirror(reflecting: base).children.count == doubles.count + ints.count + flags.count + 4)
    }
}
