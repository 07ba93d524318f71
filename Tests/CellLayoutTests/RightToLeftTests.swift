import Foundation
import Testing
import LayoutGeometry
import TextLayout
@testable import CellLayout

/// Right-to-left layout direction (`CellElement.layoutDirection`, `CellLayout.layoutDirection`;
/// UIKit's `semanticContentAttribute` and `userInterfaceLayoutDirection`, CSS's `direction`).
/// Expected values are arithmetic on the row's width, the boxes' sizes and the texts' measured
/// sizes, or Chromium 156's frames for the same trees (`scripts/flexcorpus/probe.py`; the CSS
/// mapping of docs/CONTRACT.md).
struct RightToLeftTests {
    let layout = CellLayout(textEngine: FlexTests.engine)
    static let style14 = TextStyle(font: "DejaVu Sans", size: 14)

    /// The left edge of the element with `id`.
    func x(_ f: [String: Rect], _ id: String) throws -> Double { try #require(f[id]).minX }

    func frames(_ e: CellElement, width: Double, _ layout: CellLayout? = nil) throws -> [String: Rect] {
        let a = try (layout ?? self.layout).arrange(e, width: width)
        var out: [String: Rect] = ["root": Rect(origin: .zero, size: a.size)]
        for f in a.frames { if let id = f.id { out[id] = f.rect } }
        return out
    }

    /// The seed's avatar and name row, right to left: the avatar at the right edge inside the
    /// padding, the name to its left, 10 pt apart. Physical padding (`left`/`right`) stays on its
    /// side; leading and trailing padding swap.
    @Test func aRowRunsFromTheRightEdge() throws {
        let nameWidth = try FlexTests.engine.size(of: "Kenshin Cui", style: Self.style14, width: nil).size.width
        func row(_ padding: (CellElement) -> CellElement) -> CellElement {
            padding(CellElement.hstack(spacing: 10, alignment: .start, [
                CellElement.box(width: 40, height: 40).id("avatar"),
                CellElement.text("Kenshin Cui", style: Self.style14, numberOfLines: 1).id("name")]))
        }
        let physical = try frames(row { $0.padding(EdgeInsets(top: 5, left: 10, bottom: 5, right: 20)) }.layoutDirection(.rightToLeft), width: 375)
        #expect(physical["avatar"] == Rect(x: 375 - 20 - 40, y: 5, width: 40, height: 40))
        #expect(try x(physical, "name") == 375 - 20 - 40 - 10 - nameWidth)
        #expect(physical["name"]?.width == nameWidth)
        let directional = try frames(row { $0.padding(top: 5, leading: 10, bottom: 5, trailing: 20) }.layoutDirection(.rightToLeft), width: 375)
        #expect(directional["avatar"] == Rect(x: 375 - 10 - 40, y: 5, width: 40, height: 40))
        #expect(try x(directional, "name") == 375 - 10 - 40 - 10 - nameWidth)
        // Left to right, leading is left.
        let ltr = try frames(row { $0.padding(top: 5, leading: 10, bottom: 5, trailing: 20) }, width: 375)
        #expect(ltr["avatar"] == Rect(x: 10, y: 5, width: 40, height: 40))
        #expect(try x(ltr, "name") == 10 + 40 + 10)
        // The layout's direction is the root's when it gives none; the root's own wins.
        let rtlLayout = CellLayout(textEngine: FlexTests.engine, layoutDirection: .rightToLeft)
        #expect(try frames(row { $0.padding(top: 5, leading: 10, bottom: 5, trailing: 20) }, width: 375, rtlLayout) == directional)
        #expect(try frames(row { $0.padding(top: 5, leading: 10, bottom: 5, trailing: 20) }.layoutDirection(.leftToRight), width: 375, rtlLayout) == ltr)
    }

    /// Start and end swap across a column; a text's frame (its bounding rect) sits at its box's
    /// right; justification along a row runs from the right.
    @Test func startIsTheRightEdge() throws {
        let text = "two words"
        let size = try FlexTests.engine.size(of: text, style: Self.style14, width: nil).size
        let tree = CellElement.vstack([
            CellElement.box(width: 30, height: 10).alignSelf(.start).id("start"),
            CellElement.box(width: 30, height: 10).alignSelf(.end).id("end"),
            CellElement.box(width: 30, height: 10).alignSelf(.center).id("center"),
            CellElement.text(text, style: Self.style14).id("text"),  // stretched: the box is 200 wide
            CellElement.hstack(justify: .spaceBetween, [CellElement.box(width: 20, height: 5).id("a"),
                                                        CellElement.box(width: 30, height: 5).id("b"),
                                                        CellElement.box(width: 40, height: 5).id("c")]),
        ]).layoutDirection(.rightToLeft)
        let f = try frames(tree, width: 200)
        #expect(try x(f, "start") == 200 - 30)
        #expect(try x(f, "end") == 0)
        #expect(try x(f, "center") == (200 - 30) / 2)
        #expect(f["text"] == Rect(x: 200 - size.width, y: 30, width: size.width, height: size.height))
        // space-between: a at the right edge, c at the left, b halfway between their inner edges.
        #expect(try x(f, "a") == 200 - 20)
        #expect(try x(f, "c") == 0)
        #expect(try x(f, "b") == 40 + (200 - 90) / 2)
    }

    /// A left-to-right element inside a right-to-left one: placed by its parent from the right,
    /// its own content laid out from its left edge (a Latin quote inside an Arabic message).
    @Test func aLeftToRightElementInsideARightToLeftOne() throws {
        let tree = CellElement.hstack(spacing: 10, alignment: .start, [
            CellElement.box(width: 40, height: 40).id("avatar"),
            CellElement.hstack(spacing: 4, [CellElement.box(width: 10, height: 10).id("first"),
                                            CellElement.box(width: 20, height: 10).id("second")])
                .frame(width: 100).padding(top: 0, leading: 6, bottom: 0, trailing: 0).layoutDirection(.leftToRight).id("inner"),
        ]).layoutDirection(.rightToLeft)
        let f = try frames(tree, width: 300)
        #expect(try x(f, "avatar") == 260)
        #expect(f["inner"] == Rect(x: 260 - 10 - 100, y: 0, width: 100, height: 10))
        // Its leading padding is its left (it lays out left to right).
        #expect(try x(f, "first") == 150 + 6)
        #expect(try x(f, "second") == 150 + 6 + 10 + 4)
        // And a right-to-left one inside that again mirrors within its own frame.
        let deeper = CellElement.hstack([
            CellElement.hstack([CellElement.box(width: 10, height: 10).id("x")]).frame(width: 50).layoutDirection(.rightToLeft).id("rtl"),
        ]).frame(width: 120).layoutDirection(.leftToRight)
        let g = try frames(CellElement.hstack([deeper]).layoutDirection(.rightToLeft), width: 300)
        #expect(try x(g, "rtl") == 300 - 120)  // first in the left-to-right row, at its left edge
        #expect(try x(g, "x") == 300 - 120 + 50 - 10)  // at the right edge of its own
    }

    /// Baseline groups down a column line up their left edges in either direction (Chromium):
    /// right to left, the first-baseline group sits with its widest member at the start edge —
    /// the right — and the last-baseline group at the end edge, the left; a member wider than
    /// the column overflows to the left. Values from Chromium 156 (`direction: rtl`, a 200-pt
    /// column, `align-self: baseline` and `last baseline`).
    @Test func baselineGroupsDownAColumn() throws {
        let tree = CellElement.vstack([
            CellElement.box(width: 60, height: 10).alignSelf(.firstBaseline).id("f60"),
            CellElement.box(width: 100, height: 10).alignSelf(.firstBaseline).id("f100"),
            CellElement.box(width: 60, height: 10).alignSelf(.lastBaseline).id("l60"),
            CellElement.box(width: 100, height: 10).alignSelf(.lastBaseline).id("l100"),
        ]).layoutDirection(.rightToLeft)
        let f = try frames(tree, width: 200)
        #expect(try x(f, "f60") == 100)  // left edges at 200 − 100, the widest of the group
        #expect(try x(f, "f100") == 100)
        #expect(try x(f, "l60") == 0)
        #expect(try x(f, "l100") == 0)
        let wide = try frames(CellElement.vstack([
            CellElement.box(width: 300, height: 10).alignSelf(.firstBaseline).id("wide"),
            CellElement.box(width: 50, height: 10).alignSelf(.firstBaseline).id("narrow"),
        ]).layoutDirection(.rightToLeft), width: 200)
        #expect(try x(wide, "wide") == -100)
        #expect(try x(wide, "narrow") == -100)
    }

    /// Prepared cells answer as fresh layouts, right to left too, at several widths.
    @Test func preparedCellsAnswerAsFreshOnes() throws {
        let tree = CellElement.vstack(spacing: 10, alignment: .start, padding: EdgeInsets(top: 10, left: 10, bottom: 10, right: 20), [
            CellElement.hstack(spacing: 10, alignment: .lastBaseline, [
                CellElement.box(width: 40, height: 40).id("avatar"),
                CellElement.text("a message that wraps onto a few lines here", style: Self.style14).id("message"),
                CellElement.text("10:24", style: TextStyle(font: "DejaVu Sans", size: 11)).flex(shrink: 0).id("time")]),
            CellElement.overlay(CellElement.box(width: 40, height: 40).id("base"),
                                CellElement.vstack(alignment: .end, [CellElement.box(width: 8, height: 8).id("badge")])),
        ]).layoutDirection(.rightToLeft)
        let prepared = try layout.prepare(tree)
        for width in [120.0, 200, 320, 375, 414] {
            #expect(try prepared.arrange(width: width) == layout.arrange(tree, width: width), "\(width)")
        }
        let f = try frames(tree, width: 375)
        // The row fills the column (375 less the padding, 10 left and 20 right); the avatar (shrunk,
        // the message being long) at its right edge, the time at its left, the message's lines at
        // the right of its box — which ends 10 pt left of the avatar.
        let avatar = try #require(f["avatar"]), message = try #require(f["message"]), time = try #require(f["time"])
        #expect(avatar.maxX == 375 - 20)
        #expect(time.minX == 10)
        #expect(abs(message.maxX - (avatar.minX - 10)) < 1e-9)
        #expect(try x(f, "base") == 375 - 20 - 40)
        #expect(try x(f, "badge") == 375 - 20 - 40)  // `end` across a right-to-left column: its left edge, the base's
    }
}
