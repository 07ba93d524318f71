import Foundation
import Testing
import LayoutGeometry
import TextLayout
@testable import CellLayout

// Flexbox rules found by reducing trees on which the engine and Chromium disagreed (the committed
// corpora of Tests/Fixtures/flexbox and fresh ones, docs/ACCURACY.md): each tree cut down to the
// few elements that still disagree, its answer worked out by hand and checked against Chromium 156.
extension FlexTests {
    /// An element with no content (a box without a width, a spacer) starts flexing from its
    /// padding, not from its min-width: a box with min-width 10 and grow 2 beside a spacer (grow 1)
    /// in a 375-pt row shares all 375 points 2 : 1 — 250 and 125 — where starting it at 10 gave it
    /// 10 + 2/3 × 365 = 253.33 (css-flexbox §9.2.3: the flex base size is not clamped; Chromium
    /// 156 gives 250; flexbox tree 0171 of the seed-77 corpus, reduced).
    @Test func anEmptyBoxFlexesFromItsPaddingNotItsMin() throws {
        let f = try frames(.hstack([CellElement.box(height: 10).flex(grow: 2).frame(minWidth: 10).id("box"), CellElement.spacer.id("spacer")]).frame(width: 375))
        #expect(f["box"] == Rect(x: 0, y: 0, width: 250, height: 10))
        #expect(f["spacer"] == Rect(x: 250, y: 0, width: 125, height: 10))
    }

    /// An aspect-ratio box in a row flexes from its size through the ratio (here none: no height,
    /// no content — 0), not from its min-width: a ratio-1.5 box of min-width 10 and grow 1 beside a
    /// 10-pt-tall box of grow 0.5 in a 120-pt row shares all 120 points 1 : 0.5 — 80 and 40 — where
    /// starting it at 10 gave 10 + 2/3 × 110 = 83.33; 80 wide, it is 80 / 1.5 = 53.33 tall
    /// (Chromium 156: 40 and 80, 53.328 in its 1/64-px units; flexbox tree 0493 of a fresh
    /// seed-2718 corpus, reduced).
    @Test func aRatioBoxInARowFlexesFromItsRatioSizeNotItsMinWidth() throws {
        let f = try frames(.hstack([CellElement.box(height: 10).flex(grow: 0.5).id("a"),
                                    CellElement.box(aspectRatio: 1.5).flex(grow: 1).frame(minWidth: 10).id("r")]).frame(width: 120))
        let a = try #require(f["a"]), r = try #require(f["r"])
        #expect(a.minX == 0 && abs(a.width - 40) < 1e-9 && a.height == 10)
        #expect(abs(r.minX - 40) < 1e-9 && abs(r.width - 80) < 1e-9 && abs(r.height - 80 / 1.5) < 1e-9)
    }

    /// In a column its min-height does count: CSS gives the box its fit-content width, which the
    /// min-height reaches through the ratio (30 × 1.5 = 45), so it is 30 tall before it grows — a
    /// ratio-1.5 box of min-height 30 and grow 0.5, start-aligned in a column its row stretches
    /// to 120, grows by half of 120 − 30: 75 tall, 112.5 wide (Chromium 156: 112.5 × 75; flexbox
    /// tree 0389 of a fresh seed-4711 corpus, reduced — flexing it from 0 gives 60 × 90).
    @Test func aRatioBoxInAColumnFlexesFromItsMinHeightThroughItsWidth() throws {
        let column = CellElement.vstack(alignment: .start, [CellElement.box(aspectRatio: 1.5).flex(grow: 0.5).frame(minHeight: 30).id("r")])
        let f = try frames(.hstack([column, CellElement.vstack([]).frame(height: 120)]).frame(width: 200))
        #expect(f["r"] == Rect(x: 0, y: 0, width: 112.5, height: 75))
    }

    /// A stack held below its first item's height keeps that item's synthesized baseline where
    /// the item ends, outside the stack: a row held to max-height 20 holding a ratio-1.5 box 40
    /// wide (aligned to the start: 40 / 1.5 = 26.67 tall) has its baseline at 26.67, so an empty
    /// stack aligned with it by first baselines sits at 26.67 and the line is 26.67 tall (the row
    /// reaches 20 − 26.67 below the baseline, less than the empty stack's 0). Chromium 156 gives
    /// 26.656 (its 1/64-px units); flexbox tree 0060 reduced — clamping the baseline to the row's
    /// bottom gave 20.
    @Test func aSynthesizedBaselineMayLieBelowItsStack() throws {
        let row = CellElement.hstack([CellElement.box(aspectRatio: 1.5).frame(width: 40).alignSelf(.start)]).frame(maxHeight: 20).id("row")
        let f = try frames(.hstack(alignment: .firstBaseline, [CellElement.hstack([]).id("empty"), row]))
        let h = 40.0 / 1.5
        #expect(f["empty"].map { abs($0.minY - h) < 1e-9 } == true)
        #expect(f["row"] == Rect(x: 0, y: 0, width: 40, height: 20))
        #expect(f["root"].map { abs($0.height - h) < 1e-9 } == true)
    }

    /// A row laid out again at the height its parent row stretched it to hands that definite height
    /// down to the rows it stretches, so their ratio boxes take their widths from it: a row of a
    /// ratio-1.5 box and a box 13 tall, inside a row of min-width 90 (itself in a 320-pt row), is
    /// 13 × 1.5 = 19.5 wide; with the box 80 wide it wants 19.5 + 80 = 99.5 in 90 and shrinks both
    /// by base — 19.5 − 9.5 · 19.5/99.5 and 80 − 9.5 · 80/99.5. Straight in the 320-pt row the
    /// same row is sized before any height is definite: 0 (Chromium 156 for all three; held-out
    /// tree 0327 reduced — the inner row's height was strict, the outer one's was reused).
    @Test func aStretchedRowsDefiniteHeightReachesItsRowsRatioBoxes() throws {
        let inner = { (w: Double?) in CellElement.hstack([CellElement.box(aspectRatio: 1.5).id("r"), CellElement.box(width: w, height: 13).id("b")]).id("row") }
        let f = try frames(.hstack([CellElement.hstack([inner(nil)]).frame(minWidth: 90)]), width: 320)
        #expect(f["row"] == Rect(x: 0, y: 0, width: 19.5, height: 13))
        #expect(f["r"] == Rect(x: 0, y: 0, width: 19.5, height: 13))
        let g = try frames(.hstack([CellElement.hstack([inner(80)]).frame(minWidth: 90)]), width: 320)
        #expect(g["row"] == Rect(x: 0, y: 0, width: 90, height: 13))
        #expect(abs((g["r"]?.width ?? 0) - (19.5 - 9.5 * 19.5 / 99.5)) < 1e-9)
        #expect(abs((g["b"]?.width ?? 0) - (80 - 9.5 * 80 / 99.5)) < 1e-9)
        let h = try frames(.hstack([inner(nil)]), width: 320)
        #expect(h["row"] == Rect(x: 0, y: 0, width: 0, height: 13))
    }

    /// A stack given a definite height counts the ratio boxes inside it at that height in its
    /// min-content width, however deep they are: a row of a ratio-1.5 box and a box 20 tall, inside
    /// a row aligned to the start of a column that a 320-pt row stretches (the column's width comes
    /// from content measured before any height was definite: 0), is 20 × 1.5 = 30 wide, as is the
    /// row around it — not squeezed to the column's 0 (Chromium 156; held-out trees 0288 and 0327
    /// reduced; with the ratio box one level up it already was).
    @Test func aDefiniteHeightSizesRatioBoxesDeepInAStacksMinContent() throws {
        let inner = CellElement.hstack([CellElement.box(aspectRatio: 1.5).id("r"), CellElement.box(height: 20)]).id("inner")
        let f = try frames(.hstack([CellElement.vstack([CellElement.hstack([inner]).alignSelf(.start).id("outer")]).id("column")]), width: 320)
        #expect(f["column"] == Rect(x: 0, y: 0, width: 0, height: 20))
        #expect(f["outer"] == Rect(x: 0, y: 0, width: 30, height: 20))
        #expect(f["inner"] == Rect(x: 0, y: 0, width: 30, height: 20))
        #expect(f["r"] == Rect(x: 0, y: 0, width: 30, height: 20))
    }

    /// A wrapping row whose width comes from its content is as wide as its items' contributions,
    /// within the room — not the whole room because its items, at their bases, need two lines: a
    /// box 40 tall of min-width 90 and a spacer of basis 60 (which may shrink to its content, 0)
    /// contribute 90 + 0, so in a column 320 wide, aligned to the start and held to 120, the row is
    /// 90 wide and its lines are broken at 90 — the spacer on a second line, stretched to 90
    /// (Chromium 156; tree 0226 of a seed-123 corpus, reduced).
    @Test func aWrappingRowFitsItsContributionsNotTheRoom() throws {
        let row = CellElement.hstack(wraps: true, [CellElement.box(height: 40).frame(minWidth: 90).id("box"), CellElement.spacer.flex(grow: 1, basis: 60).id("spacer")])
            .frame(maxWidth: 120).alignSelf(.start).id("row")
        let f = try frames(.vstack([row]), width: 320)
        #expect(f["row"] == Rect(x: 0, y: 0, width: 90, height: 40))
        #expect(f["box"] == Rect(x: 0, y: 0, width: 90, height: 40))
        #expect(f["spacer"] == Rect(x: 0, y: 40, width: 90, height: 0))
    }

    /// A line aligned by first baselines is as tall as its items' reach above and below the
    /// baseline, even where the baseline lies above an item's top: a column (basis-60 row inside,
    /// its tall text aligned to the row's end, so the text's first baseline is far above the row)
    /// alone in a row aligned by first baselines sits at the top, and the row is 60 tall, not
    /// 60 + the baseline's height above it (Chromium 156; tree 0162 of a seed-123 corpus, reduced).
    @Test func aBaselineAboveItsItemDoesNotPushTheLineDown() throws {
        let text = CellElement.text("justify box padding grow lazy over spacing basis", style: TextStyle(font: "DejaVu Sans", size: 14)).flex(shrink: 1, basis: 60).id("text")
        let column = CellElement.vstack([CellElement.hstack(alignment: .end, [text]).flex(shrink: 1, basis: 60)]).id("column")
        let f = try frames(.hstack(alignment: .firstBaseline, [column]), width: 375)
        #expect(f["root"]?.height == 60)
        #expect(f["column"] == Rect(x: 0, y: 0, width: 60, height: 60))
        #expect((f["text"]?.height ?? 0) > 60)  // the text overflows its row upwards: its baseline is above the row's top
    }

    /// Where a row's height is not definite, a ratio box it stretches takes no width from the
    /// height the row is laid out at: down a column of max-width 50 that a centring row holds (so
    /// neither the column's nor the row's height is definite), a ratio-1.5 box beside an overlay
    /// 20 × 40 stays 0 wide and the overlay keeps its 20 — where starting the box from 40 × 1.5 =
    /// 60 shrank the two to 37.5 and 12.5. A row of basis 20 down a column, though, has a definite
    /// height (Chromium takes a column item's given basis as one): its ratio box is 20 × 1.5 = 30
    /// wide (Chromium 156; trees 0539 and 0448 of a seed-2026 corpus, reduced).
    @Test func onlyADefiniteRowHeightGivesItsRatioBoxesAWidth() throws {
        let overlay = CellElement.overlay(CellElement.box(width: 20, height: 40),
                                          .vstack(alignment: .center, justify: .center, [CellElement.box(width: 8, height: 8)])).id("overlay")
        let column = CellElement.vstack([.hstack([CellElement.box(aspectRatio: 1.5).id("r"), overlay]).id("row"),
                                         CellElement.text("layout", style: TextStyle(font: "DejaVu Sans", size: 17))]).frame(maxWidth: 50)
        let f = try frames(.hstack(alignment: .center, [column]), width: 320)
        #expect(f["r"]?.width == 0 && f["r"]?.height == 40)
        #expect(f["overlay"] == Rect(x: 0, y: 0, width: 20, height: 40))
        #expect(f["row"]?.width == 50)
        let g = try frames(.vstack([CellElement.hstack([CellElement.box(aspectRatio: 1.5).id("r")]).flex(shrink: 1, basis: 20)]), width: 375)
        #expect(g["r"] == Rect(x: 0, y: 0, width: 30, height: 20))
    }

    /// Nor does such a row count a ratio box at that height in its own width: a row of a
    /// ratio-0.75 box (basis 20, which it may shrink from) and a box 40 tall, down a centring
    /// column held to max-height 20 (so the row is squeezed to 20, an indefinite height), is as
    /// wide as the box's content, 0 — not 20 × 0.75 = 15 — and sits at (200 − 0) / 2 = 100
    /// (Chromium 156; tree 0023 of a seed-4242 corpus, reduced).
    @Test func anIndefiniteRowHeightAddsNothingToItsWidth() throws {
        let row = CellElement.hstack([CellElement.box(aspectRatio: 0.75).flex(shrink: 1, basis: 20).id("r"), CellElement.box(height: 40)]).id("row")
        let f = try frames(CellElement.vstack(alignment: .center, [row]).frame(maxHeight: 20), width: 200)
        #expect(f["row"] == Rect(x: 100, y: 0, width: 0, height: 20))
        #expect(f["r"] == Rect(x: 100, y: 0, width: 0, height: 20))
    }

    /// A stack holding a ratio box counts, in the min-content width of a row of definite height,
    /// as any item does: capped at a basis it may not grow from. A column of basis 60 holding a
    /// ratio box and a box 80 wide, beside a text and a box 40 wide that may not shrink, in a row
    /// 200 tall aligned to the end of a 120-pt column: the row's min-content width is 60 + the
    /// text's narrowest character + 40 < 120, so the row takes the 120 points (at x 0), the box
    /// keeps 40 at x 80, and the column and the text share the other 80 — the ratio box as wide as
    /// the column and as tall. Counting the column at 80 (its content at that height) made the row
    /// wider than the room and pushed it out to the left (Chromium 156: row 120 at x 0, column
    /// 24.969; fresh corpus seed 4242, tree 0145 reduced).
    @Test func aStackHoldingARatioBoxCountsItsBasisInARowsMinContent() throws {
        let column = CellElement.vstack([CellElement.box(aspectRatio: 1).id("r"), CellElement.box(width: 80)]).flex(basis: 60).id("column")
        let text = CellElement.text("some words that do not fit", style: TextStyle(font: "DejaVu Sans", size: 10)).id("text")
        let row = CellElement.hstack([column, text, CellElement.box(width: 40, height: 10).flex(shrink: 0).id("box")]).frame(height: 200).id("row")
        let f = try frames(.vstack(alignment: .end, [row]), width: 120)
        #expect(f["row"] == Rect(x: 0, y: 0, width: 120, height: 200))
        #expect(f["box"] == Rect(x: 80, y: 0, width: 40, height: 10))
        let c = try #require(f["column"]), r = try #require(f["r"]), t = try #require(f["text"])
        #expect(c.minX == 0 && c.width > 0 && c.width < 60)
        #expect(abs(t.minX - c.width) < 1e-9 && t.maxX <= 80 + 1e-9)
        #expect(abs(r.width - c.width) < 1e-9 && abs(r.height - c.width) < 1e-9)
    }

    /// A ratio box with a basis, in a row whose height is definite only once its column has laid
    /// it out (an item of a column given a height), counts in the row's width at the width its
    /// stretched height gives it, clamped by its basis as any item's contribution is — it reaches
    /// that width from its basis only by flexing: down if it may shrink, up if it may grow. A
    /// ratio-0.75 box and a box 40 tall (the row 40 tall, so the ratio box 40 × 0.75 = 30 wide),
    /// in a row aligned to the start of a column 60 tall: with basis 20 and no growing the row is
    /// 20 wide; with basis 50 (it may shrink) 30; growing from basis 20, 30; basis 10, 10 (Chromium
    /// 156, all four and the nested cases below; fresh corpus seed 4242, tree 0023 reduced — the row
    /// was laid out again at its stretched height, and a stack's min-content width counted a ratio
    /// box at its height, only for ratio boxes without a basis: the row was 0 wide).
    @Test func aRatioBoxWithABasisCountsAtItsStretchedHeightClampedByItsBasis() throws {
        func rowWidth(basis: Double, grow: Double = 0) throws -> Double? {
            let row = CellElement.hstack([CellElement.box(aspectRatio: 0.75).flex(grow: grow, basis: basis).id("r"), CellElement.box(height: 40)]).id("row")
            return try frames(.vstack(alignment: .start, [row]).frame(height: 60), width: 200)["row"]?.width
        }
        #expect(try rowWidth(basis: 20) == 20)
        #expect(try rowWidth(basis: 50) == 40 * 0.75)
        #expect(try rowWidth(basis: 20, grow: 1) == 40 * 0.75)
        #expect(try rowWidth(basis: 10) == 10)
        // Without the column's height the row's height is not definite there: the box counts 0.
        let loose = CellElement.hstack([CellElement.box(aspectRatio: 0.75).flex(basis: 20), CellElement.box(height: 40)]).id("row")
        #expect(try frames(.vstack(alignment: .start, [loose]), width: 200)["row"]?.width == 0)
        // One column deeper, its width from content measured before any height was definite (0):
        // the row still keeps the box's clamped width (its min-content contribution), wider than
        // the column — 20 × 0.75 = 15 in a column 20 tall, and the basis 20 in one 60 tall (the
        // row 40 tall: 30, clamped); a center-aligned row overflows the 0-wide column evenly.
        func nested(column: CellElement) throws -> Rect? {
            try frames(.vstack(alignment: .start, [column]), width: 200)["row"]
        }
        let row = CellElement.hstack([CellElement.box(aspectRatio: 0.75).flex(basis: 20), CellElement.box(height: 40)]).id("row")
        #expect(try nested(column: .vstack(alignment: .start, [row]).flex(basis: 20)) == Rect(x: 0, y: 0, width: 15, height: 20))
        #expect(try nested(column: .vstack(alignment: .start, [row]).flex(basis: 60)) == Rect(x: 0, y: 0, width: 20, height: 40))
        #expect(try nested(column: .vstack(alignment: .center, [row]).frame(height: 20)) == Rect(x: -7.5, y: 0, width: 15, height: 20))
        #expect(try nested(column: .vstack(alignment: .center, [row]).frame(height: 60)) == Rect(x: -10, y: 0, width: 20, height: 40))
    }

    /// A stack holding a ratio box, stretched across a row whose height is not definite (a row
    /// laid out at its text's height, down a column of max-width 50 that a centring row holds),
    /// flexes from its content before the row's line has a height — a ratio-0.75 box of min-width
    /// 90: 90 — not from the box's width at the height the row is laid out at (the text's 211.86
    /// × 0.75 = 158.9). Beside a column of basis 20 holding a text, in the row's 103.64 pt (its
    /// min-content width: 90 and the text's widest word), both shrink in proportion to their bases,
    /// 90 : 20 (Chromium 156: 84.797 and 18.844; fresh corpus seed 8, tree 0311 reduced — with the
    /// column given width 50 instead, or the row a width, the engine already agreed).
    @Test func aStackHoldingARatioBoxFlexesFromItsContentInARowOfIndefiniteHeight() throws {
        let text = CellElement.text("view box jumps text table", style: TextStyle(font: "DejaVu Sans", size: 14))
        let row = CellElement.hstack([CellElement.hstack([CellElement.box(aspectRatio: 0.75).frame(minWidth: 90)]).id("r"),
                                      CellElement.vstack([text]).flex(basis: 20).id("c")]).id("row")
        let f = try frames(.hstack(alignment: .center, [CellElement.vstack(alignment: .center, [row]).frame(maxWidth: 50)]), width: 320)
        let r = try #require(f["r"]), c = try #require(f["c"]), whole = try #require(f["row"])
        #expect(abs(r.width / 90 - c.width / 20) < 1e-9)
        #expect(abs(r.width + c.width - whole.width) < 1e-9)
        #expect(abs(r.width - 84.797) < 0.01 && abs(c.width - 18.844) < 0.01)
    }
}

extension FlexTests {
    /// A text's min-content width counts every line, those past its `numberOfLines` too (CSS's
    /// line clamp sizes the box from all its content): "ju mmm" clamped to two lines, centred in a
    /// column that flexes to 0 wide, gets a box as wide as its widest grapheme "m" — centred on 0,
    /// so its frame starts at −w(m)/2 — where the first two lines alone ("j", "u") made it as wide
    /// as "u" (Chromium 156: the box 9.75 wide, from −4.875; fresh seed-10 corpus with clamped
    /// texts, tree 0181 reduced). The frame itself shows the two lines only, as tall as two.
    @Test func aClampedTextIsAsWideAtLeastAsItsWidestClusterOnAnyLine() throws {
        let style = TextStyle(font: "DejaVu Sans", size: 10)
        let m = try Self.engine.size(of: "m", style: style, width: nil).size.width
        let u = try Self.engine.size(of: "u", style: style, width: nil).size.width
        #expect(m > u)
        let text = CellElement.text("ju mmm", style: style, numberOfLines: 2).id("t")
        let f = try frames(.hstack([CellElement.vstack(alignment: .center, [text]).flex(basis: 0)]), width: 414)
        let t = try #require(f["t"])
        #expect(abs(t.minX + m / 2) < 1e-9)
        #expect(abs(t.minX + 4.875) < 0.01)
        let oneLine = try Self.engine.size(of: "j", style: style, width: nil).size.height
        #expect(abs(t.height - 2 * oneLine) < 1e-9)
    }
}
