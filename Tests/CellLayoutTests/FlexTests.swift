import Foundation
import Synchronization
import Testing
import LayoutGeometry
import TextLayout
@testable import CellLayout

/// Composed-cell layout. Expected values are CSS flexbox arithmetic (css-flexbox-1 §9), written
/// out in each test so that they can be checked by hand.
struct FlexTests {
    static let engine: TextEngine = {
        var dir = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { dir.deleteLastPathComponent() }
        do { return try TextEngine(fontDirectory: dir.appendingPathComponent("Fonts").path) } catch { fatalError("bundled fonts: \(error)") }
    }()
    let layout = CellLayout(textEngine: FlexTests.engine)

    func frames(_ e: CellElement, width: Double? = 375) throws -> [String: Rect] {
        let a = try layout.arrange(e, width: width)
        var out: [String: Rect] = ["root": a.size == .zero ? .zero : Rect(origin: .zero, size: a.size)]
        for f in a.frames { if let id = f.id { out[id] = f.rect } }
        return out
    }

    @Test func rowOfBoxesWithSpacing() throws {
        let f = try frames(.hstack(spacing: 10, alignment: .start, [
            CellElement.box(width: 40, height: 40).id("a"), CellElement.box(width: 13, height: 13).id("b")]))
        #expect(f["root"] == Rect(x: 0, y: 0, width: 375, height: 40))  // as wide as the row, as tall as its tallest child
        #expect(f["a"] == Rect(x: 0, y: 0, width: 40, height: 40))
        #expect(f["b"] == Rect(x: 50, y: 0, width: 13, height: 13))  // 40 + 10
    }

    @Test func spacerTakesTheFreeSpace() throws {
        let f = try frames(.hstack([CellElement.box(width: 50, height: 20).id("a"), CellElement.spacer.id("s"),
                                    CellElement.box(width: 50, height: 10).id("b")]), width: 300)
        #expect(f["s"] == Rect(x: 50, y: 0, width: 200, height: 20))  // 300 − 50 − 50, stretched to the line's 20
        #expect(f["b"] == Rect(x: 250, y: 0, width: 50, height: 10))  // its own height: not stretched
    }

    /// A row whose width is not given (here: in a column aligned to the start) is as wide as its
    /// items can flex to: a box 10 wide with basis 60 that may shrink contributes 10, a box 40 wide
    /// with basis 0 that may not grow contributes 0 (Chromium's sizes in flexbox-corpus trees 0110
    /// and 0198). Row = 10 + 30 = 40; then the items flex from their bases, 60 + 30 = 90 in 40:
    /// 50 taken away, 60/90 of it from the first (33.33…), 30/90 from the second (16.66…).
    @Test func rowWidthFromWhatItsItemsCanFlexTo() throws {
        let f = try frames(.vstack(alignment: .start, [
            .hstack([CellElement.box(width: 10, height: 10).flex(shrink: 1, basis: 60).id("a"),
                     CellElement.box(width: 30, height: 10).id("b")]).id("row")]))
        let row = try #require(f["row"]), a = try #require(f["a"]), b = try #require(f["b"])
        #expect(row.width == 40)
        #expect(abs(a.width - (60 - 50 * 60.0 / 90)) < 1e-9)
        #expect(abs(b.width - (30 - 50 * 30.0 / 90)) < 1e-9)
        let g = try frames(.vstack(alignment: .start, [
            .hstack([CellElement.box(width: 40, height: 10).flex(basis: 0).id("a"),
                     CellElement.box(width: 30, height: 10).id("b")]).id("row")]))
        #expect(g["row"]?.width == 30)   // 0 + 30: the first box cannot grow from its basis 0
        #expect(g["a"]?.width == 0)
    }

    /// A *wrapping* row whose width is not given counts each item's plain max-content contribution
    /// (its preferred width), whatever its basis — unlike a single-line row (Chromium's sizes in
    /// flexbox-corpus tree 0262): a box 80 wide with basis 0 makes the row 80 wide even in a 50-pt
    /// column (its min-content is 80 too), and the box itself stays at its basis, 0, centred:
    /// x = (80 − 0) / 2 = 40 inside the row, the row at (50 − 80) / 2 = −15 in the column.
    @Test func wrappingRowWidthFromItsItemsPreferredWidths() throws {
        let f = try frames(.vstack(alignment: .center, [
            .hstack(justify: .center, wraps: true, [CellElement.box(width: 80).flex(basis: 0).id("a")]).id("row")]).frame(width: 50))
        let row = try #require(f["row"]), a = try #require(f["a"])
        #expect(row.width == 80 && row.minX == -15)
        #expect(a.width == 0 && a.minX == -15 + 40)
    }

    /// A wrapping row whose width is not given counts an item with a basis at what it can flex to
    /// from it, as a single-line row does, but is never narrower than its widest item's min-content
    /// width (each item can take a line of its own). A box 10 wide and "动高" (WenQuanYi 24, 24 per
    /// character) with basis 0: 10 + 0 = 10 < 24, so the row is 24 wide (and both fit one line at
    /// their hypothetical sizes, 10 + 0: the text's box is 0 wide at x = 10); the text, then a box 30
    /// wide with basis 10: 0 + 10 < 30, so 30, the box at x = 0 + 0 (Chromium 156 for both).
    @Test func aWrappingRowIsNeverNarrowerThanItsWidestItemsMinContent() throws {
        let text = CellElement.text("动高", style: TextStyle(font: "WenQuanYi Micro Hei", size: 24)).flex(basis: 0).id("t")
        let f = try frames(.hstack(alignment: .start, [.hstack(wraps: true, [CellElement.box(width: 10, height: 10).id("b"), text]).id("row")]))
        #expect(f["row"]?.width == 24)
        #expect(f["t"]?.minX == 10)
        let g = try frames(.hstack(alignment: .start, [.hstack(wraps: true, [text, CellElement.box(width: 30, height: 10).flex(basis: 10).id("b")]).id("row")]))
        #expect(g["row"]?.width == 30)
        #expect(g["b"]?.minX == 0)
    }

    /// A wrapping row whose width is not given is as wide as its items' plain contributions
    /// (10 + 0 + 50 = 60: the middle box has only a basis), and its lines are then broken at that
    /// width by the items' hypothetical sizes (10 + 20 = 30 fits, + 50 = 80 does not): two lines,
    /// 10 + 20 = 30 tall, nothing shrunk — Chromium's answer for flexbox-corpus tree 0290. (Laid
    /// out on one line, the three would have shrunk by 20 to 7.5, 15 and 37.5.)
    @Test func aWrappingRowBreaksItsLinesAtItsOwnWidth() throws {
        let f = try frames(.vstack(alignment: .start, [
            CellElement.hstack(wraps: true, [
                CellElement.box(width: 10, height: 10).id("a"),
                CellElement.box(height: 10).flex(basis: 20).id("b"),
                CellElement.box(width: 50, height: 20).id("c"),
            ]).id("row")]), width: 200)
        #expect(f["row"] == Rect(x: 0, y: 0, width: 60, height: 30))
        #expect(f["a"] == Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(f["b"] == Rect(x: 10, y: 0, width: 20, height: 10))
        #expect(f["c"] == Rect(x: 0, y: 10, width: 50, height: 20))
    }

    /// A row stretched by its parent row has a definite height once the parent's line is known
    /// (css-flexbox §9.8), so a child box that has only an aspect ratio takes its width from it:
    /// the outer line is 20 tall (the first box), the inner row is stretched to 20, and its
    /// 0.75 box is 20 × 0.75 = 15 wide — Chromium's answer for flexbox-corpus tree 0370. Without
    /// the stretch (a given height) the same box is as wide as its content: 0.
    @Test func aStretchedRowGivesRatioBoxesItsHeight() throws {
        let f = try frames(.hstack(alignment: .stretch, [
            CellElement.box(width: 20, height: 20),
            CellElement.hstack(alignment: .stretch, [CellElement.box(aspectRatio: 0.75).id("r"), CellElement.box(width: 10, height: 10)])
                .frame(width: 100).id("inner"),
        ]))
        #expect(f["inner"] == Rect(x: 20, y: 0, width: 100, height: 20))
        #expect(f["r"] == Rect(x: 20, y: 0, width: 15, height: 20))
    }

    /// A box with only an aspect ratio and padding, in a column that does not stretch it: its width
    /// is its content's (none) plus its padding, 8 + 8 = 16, and the ratio gives the (border-box)
    /// height, 16 / 0.75 = 21.33… (Chromium: `aspect-ratio: 0.75; padding: 8px` in a flex column).
    /// Squeezed by a row to 10 tall, its width still never goes below its padding (flexbox tree 0011).
    @Test func aRatioBoxIsNeverNarrowerThanItsPadding() throws {
        let f = try frames(.vstack(alignment: .start, [CellElement.box(aspectRatio: 0.75).padding(8).id("r")]))
        #expect(f["r"] == Rect(x: 0, y: 0, width: 16, height: 16 / 0.75))
        let g = try frames(.hstack(alignment: .start, [CellElement.box(aspectRatio: 2).padding(8).flex(basis: 10).id("r")]))
        #expect(g["r"] == Rect(x: 0, y: 0, width: 16, height: 16))
        // Its height's limits carry over through the ratio: min-height 10 at ratio 1 makes it 10
        // wide (Chromium, flexbox tree 0036 reduced); its own min-width wins over a carried-over
        // max-height (min-width 30, max-height 10 at ratio 2: 30 wide, 30 / 2 = 15 clamped to 10 tall; Chromium too).
        let h = try frames(.hstack(alignment: .start, [CellElement.box(aspectRatio: 1).frame(minHeight: 10).id("r")]))
        #expect(h["r"] == Rect(x: 0, y: 0, width: 10, height: 10))
        let k = try frames(.hstack(alignment: .start, [CellElement.box(aspectRatio: 2).frame(minWidth: 30, maxHeight: 10).id("r")]))
        #expect(k["r"] == Rect(x: 0, y: 0, width: 30, height: 10))
        // The padding's floor carries over too: padding 4 makes it at least 8 tall, so at ratio 1.5
        // at least 8 × 1.5 = 12 wide (Chromium: 12 × 8; tree 0127); stretched across a column 0
        // wide, a box padded 6 + 2 across is 8 wide and so, at ratio 1, 8 tall (Chromium; tree 0552).
        let m = try frames(.vstack(alignment: .start, [CellElement.box(aspectRatio: 1.5).padding(4).id("r")]))
        #expect(m["r"] == Rect(x: 0, y: 0, width: 12, height: 8))
        let n = try frames(.hstack(alignment: .start, [
            CellElement.vstack([CellElement.box(aspectRatio: 1).padding(EdgeInsets(top: 3, left: 6, bottom: 1, right: 2)).id("r")]).frame(width: 0)]))
        #expect(n["r"] == Rect(x: 0, y: 0, width: 8, height: 8))
    }

    /// A flex base size from content is the max-content size, not clamped by the item's max
    /// (css-flexbox §9.2.3 E; Chromium 156 answers the same, flexbox tree 0000 reduced): a column
    /// of max-width 120 holding a box 200 wide has base 200 (hypothetical 120); beside a box of
    /// base 10 in a row 120 wide the free space is 120 − 210 = −90, of which the column gives
    /// 200/210 (to 114.29) and the box 10/210 (to 5.71) — with base 120 they would be 110.77 and 9.23.
    /// Down a column 90 tall: a row of max-height 50 holding a box 150 tall (base 150) and a box
    /// 50 tall: −110 shared 150 : 50 takes the row to 67.5 → clamped to 50 and frozen, then the
    /// box takes the remaining −10: 40 (with base 50 both would be 45).
    @Test func contentBaseSizesAreNotClampedByMax() throws {
        let f = try frames(.hstack([CellElement.vstack([CellElement.box(width: 200, height: 10)]).frame(maxWidth: 120).id("c"),
                                    CellElement.box(width: 10, height: 10).id("b")]), width: 120)
        #expect(abs((f["c"]?.width ?? 0) - (200 - 90 * 200 / 210)) < 1e-9)
        #expect(abs((f["b"]?.width ?? 0) - (10 - 90 * 10 / 210)) < 1e-9)
        let g = try frames(.vstack(alignment: .start, [CellElement.hstack([CellElement.box(width: 20, height: 150)]).frame(maxHeight: 50).id("r"),
                                                       CellElement.box(width: 10, height: 50).id("b")]).frame(height: 90))
        #expect(g["r"]?.height == 50)
        #expect(g["b"] == Rect(x: 0, y: 50, width: 10, height: 40))
    }

    /// A row's min-content width counts an item with a basis that may not grow at no more than its
    /// basis (css-flexbox §9.9.3; Chromium 156, flexbox tree 0046 reduced). In a column 120 wide, a
    /// row of a box 80 wide with basis 20, a box 60 wide and "流本" (WenQuanYi 24: 24 per character)
    /// has max-content 20 + 60 + 48 = 128 and min-content 20 + 60 + 24 = 104 (not 80 + 60 + 24 = 164),
    /// so it fits the column: 120 wide. The 8 it lacks is shared by base size 20 : 60 : 48 —
    /// 18.75, 56.25 and 45, where the text breaks into two lines 24 wide.
    @Test func aRowsMinContentCountsAnUngrowableItemAtItsBasis() throws {
        let style = TextStyle(font: "WenQuanYi Micro Hei", size: 24)
        let f = try frames(.vstack([.hstack([CellElement.box(width: 80, height: 10).flex(basis: 20).id("a"),
                                             CellElement.box(width: 60, height: 10).id("b"),
                                             CellElement.text("流本", style: style).id("t")]).alignSelf(.center).id("row")]), width: 120)
        #expect(f["row"]?.minX == 0 && f["row"]?.width == 120)
        #expect(f["a"]?.width == 18.75)
        #expect(f["b"] == Rect(x: 18.75, y: 0, width: 56.25, height: 10))
        #expect(f["t"]?.minX == 75 && f["t"]?.width == 24)
    }

    /// A ratio box's min-content width is what its height's limits make it: min-height 30 at
    /// ratio 1 → 30. A row (padding 8, spacing 10) of it, a box 20 wide and one 40 wide cannot be
    /// narrower than 8 + 30 + 10 + 20 + 10 + 40 + 8 = 126, so in a column 120 wide aligned to the
    /// end it overflows at x = 120 − 126 = −6 and nothing shrinks (Chromium, tree 0037 reduced).
    @Test func aRatioBoxsMinContentWidthComesFromItsHeightsLimits() throws {
        let f = try frames(.vstack(alignment: .end, [
            .hstack(spacing: 10, [CellElement.box(aspectRatio: 1).frame(minHeight: 30).id("r"), CellElement.box(width: 20).id("b"),
                                  CellElement.box(width: 40, height: 10)]).padding(8).id("row")]), width: 120)
        #expect(f["row"] == Rect(x: -6, y: 0, width: 126, height: 46))
        #expect(f["r"] == Rect(x: 2, y: 8, width: 30, height: 30))
        #expect(f["b"] == Rect(x: 42, y: 8, width: 20, height: 30))
    }

    /// A ratio box stretched across a row 120 tall is 120 × 1.5 = 180 wide and cannot be narrower
    /// (its height is definite there): beside a box 28 wide the row's min-content width is 208, so
    /// centred in a column 200 wide it overflows at x = (200 − 208) / 2 = −4 (Chromium 156, tree
    /// 0119 reduced; the tree-wide min-content of the ratio box, 0, would have squeezed it to 172).
    @Test func aStretchedRatioBoxKeepsTheWidthItsDefiniteHeightGives() throws {
        let f = try frames(.vstack(alignment: .center, [
            .hstack([CellElement.box(aspectRatio: 1.5).id("r"), CellElement.box(width: 28, height: 10)]).frame(height: 120).id("row")]), width: 200)
        #expect(f["row"] == Rect(x: -4, y: 0, width: 208, height: 120))
        #expect(f["r"] == Rect(x: -4, y: 0, width: 180, height: 120))
    }

    /// Nor by its min (css-flexbox §9.2.3 E): down a column 60 tall, a stack of min-height 30
    /// holding a box 20 tall has base 20 (hypothetical 30) and grows with a stack holding a box 23
    /// tall: 60 − 20 − 23 = 17, 8.5 each, so 28.5 — below its min: it is frozen at 30 and the other
    /// takes the rest, 30 (Chromium 156; with base 30 they would be 33.5 and 26.5). And a basis is
    /// never below the padding: a spacer padded 6 + 2 with basis 0 and grow 0.5 in a row 320 wide
    /// grows from 8 by half of 312: 164 (Chromium 156).
    @Test func contentBaseSizesAreNotRaisedByMinAndBasesCoverThePadding() throws {
        let f = try frames(.vstack([CellElement.vstack([CellElement.box(width: 10, height: 20)]).frame(minHeight: 30).flex(grow: 1).id("a"),
                                    CellElement.vstack([CellElement.box(width: 10, height: 23)]).flex(grow: 1).id("b")]).frame(height: 60))
        #expect(f["a"]?.height == 30)
        #expect(f["b"]?.minY == 30 && f["b"]?.height == 30)
        let g = try frames(.hstack([CellElement.spacer.padding(EdgeInsets(top: 3, left: 6, bottom: 1, right: 2)).flex(grow: 0.5, basis: 0).id("s")]), width: 320)
        #expect(g["s"]?.width == 8 + 312 * 0.5)
    }

    /// A height is definite where css-flexbox §9.8 says so — given, stretched by a row, or that of
    /// an item of a column whose height is definite — and only there does a stretched ratio box
    /// take its width from it. A row of a ratio-1.5 box and a box 80 × 60, in a column a row
    /// stretches: the column is definite, so is the row (60 tall, 80 wide from its content), and
    /// the ratio box starts from 60 × 1.5 = 90; 90 + 80 in 80 shrinks both by base: 90 − 90 · 90/170
    /// and 80 − 90 · 80/170 (Chromium 156: 42.36 and 37.64, tree 0057 reduced). The same row in a
    /// column whose height is not definite leaves the ratio box 0 wide (Chromium too).
    @Test func aStretchedRatioBoxUsesOnlyADefiniteHeight() throws {
        let row = CellElement.hstack([CellElement.box(aspectRatio: 1.5).id("r"), CellElement.box(width: 80, height: 60).id("b")])
        let f = try frames(.hstack([.vstack([row])]), width: 200)
        #expect(abs((f["r"]?.width ?? 0) - (90 - 90 * 90.0 / 170)) < 1e-9)
        #expect(abs((f["b"]?.width ?? 0) - (80 - 90 * 80.0 / 170)) < 1e-9)
        let g = try frames(.vstack([row]), width: 200)
        #expect(g["r"]?.width == 0 && g["b"]?.width == 80)
    }

    @Test func shrinkIsWeightedByBaseSize() throws {
        // 80 + 40 = 120 in 100: 20 to take away, 80/120 of it from a (13.33…), 40/120 from b (6.66…).
        let f = try frames(.hstack([CellElement.box(width: 80, height: 10).id("a"), CellElement.box(width: 40, height: 10).id("b")]), width: 100)
        let a = try #require(f["a"]), b = try #require(f["b"])
        #expect(abs(a.width - (80 - 20 * 80.0 / 120)) < 1e-9)
        #expect(abs(b.width - (40 - 20 * 40.0 / 120)) < 1e-9)
        #expect(abs(b.minX - a.width) < 1e-9)
    }

    @Test func minimumFreezesAndTheRestShrinks() throws {
        // a would become 66.67 but may not go below 75: frozen at 75; b takes the rest, 100 − 75 = 25.
        var a = CellElement.box(width: 80, height: 10).id("a")
        a.minWidth = 75
        let f = try frames(.hstack([a, CellElement.box(width: 40, height: 10).id("b")]), width: 100)
        #expect(f["a"]?.width == 75)
        #expect(f["b"] == Rect(x: 75, y: 0, width: 25, height: 10))
    }

    @Test func growSharesByFactor() throws {
        // 300 − 2 × 50 = 200 free; grow 1 : 3 → 50 and 150.
        let f = try frames(.hstack([CellElement.box(width: 50, height: 10).flex(grow: 1).id("a"),
                                    CellElement.box(width: 50, height: 10).flex(grow: 3).id("b")]), width: 300)
        #expect(f["a"]?.width == 100)
        #expect(f["b"] == Rect(x: 100, y: 0, width: 200, height: 10))
    }

    @Test(arguments: [
        (CellJustification.start, [0.0, 60]), (.center, [100, 160]), (.end, [200, 260]),
        (.spaceBetween, [0, 260]),           // free 200 goes between the two
        (.spaceAround, [50, 210]),           // 100 around each: 50 before, 100 + 50 between
        (.spaceEvenly, [66.66666666666667, 193.33333333333334]),  // 200 / 3 before, between, after
    ])
    func justify(_ mode: CellJustification, _ xs: [Double]) throws {
        let f = try frames(.hstack(spacing: 20, justify: mode, [CellElement.box(width: 40, height: 10).id("a"),
                                                              CellElement.box(width: 40, height: 10).id("b")]), width: 300)
        #expect(abs((f["a"]?.minX ?? -1) - xs[0]) < 1e-9)
        #expect(abs((f["b"]?.minX ?? -1) - xs[1]) < 1e-9)
    }

    /// Two boxes 80 wide that may not shrink in a row 100 wide overflow it by 60: `center` centres
    /// them anyway (x = −30, unsafe), `spaceAround` and `spaceEvenly` fall back to *safe* centring,
    /// which starts them at 0, and `spaceBetween` to start — Chromium 156's answers for each.
    @Test(arguments: [(CellJustification.center, -30.0), (.spaceAround, 0), (.spaceEvenly, 0), (.spaceBetween, 0), (.end, -60)])
    func justifyWhenTheItemsOverflow(_ mode: CellJustification, _ x: Double) throws {
        let f = try frames(.hstack(justify: mode, [CellElement.box(width: 80, height: 10).flex(shrink: 0).id("a"),
                                                  CellElement.box(width: 80, height: 10).flex(shrink: 0).id("b")]), width: 100)
        #expect(f["a"]?.minX == x)
        #expect(f["b"]?.minX == x + 80)
    }

    @Test func wrapStartsNewLines() throws {
        // 40 + 10 + 40 = 90 ≤ 100, a third would need 140: two per line, lines 40 tall, 10 apart.
        let boxes = (0..<4).map { CellElement.box(width: 40, height: 40).id("b\($0)") }
        let f = try frames(.hstack(spacing: 10, alignment: .start, wraps: true, boxes), width: 100)
        #expect(f["b0"]?.origin == Point(x: 0, y: 0))
        #expect(f["b1"]?.origin == Point(x: 50, y: 0))
        #expect(f["b2"]?.origin == Point(x: 0, y: 50))
        #expect(f["b3"]?.origin == Point(x: 50, y: 50))
        #expect(f["root"]?.height == 90)
    }

    @Test func alignmentAcrossAColumn() throws {
        let f = try frames(.vstack([CellElement.box(width: 40, height: 10).alignSelf(.center).id("c"),
                                    CellElement.box(width: 40, height: 10).alignSelf(.end).id("e"),
                                    CellElement.box(height: 10).id("s")]), width: 300)
        #expect(f["c"] == Rect(x: 130, y: 0, width: 40, height: 10))  // (300 − 40) / 2
        #expect(f["e"] == Rect(x: 260, y: 10, width: 40, height: 10))
        #expect(f["s"] == Rect(x: 0, y: 20, width: 300, height: 10))  // stretched, the default
    }

    @Test func aspectRatioFromTheStretchedWidth() throws {
        let f = try frames(.vstack([CellElement.box(aspectRatio: 1.5).id("video")]), width: 300)
        #expect(f["video"] == Rect(x: 0, y: 0, width: 300, height: 200))  // 300 / 1.5
    }

    @Test func paddingInsetsChildren() throws {
        let f = try frames(.vstack(spacing: 5, padding: EdgeInsets(top: 10, left: 20, bottom: 30, right: 40),
                                   [CellElement.box(height: 10).id("a"), CellElement.box(height: 10).id("b")]), width: 200)
        #expect(f["a"] == Rect(x: 20, y: 10, width: 140, height: 10))  // 200 − 20 − 40
        #expect(f["b"] == Rect(x: 20, y: 25, width: 140, height: 10))
        #expect(f["root"]?.height == 65)  // 10 + 10 + 5 + 10 + 30
    }

    @Test func hiddenTakesNoSpaceAndHasNoFrame() throws {
        let a = try layout.arrange(.hstack(spacing: 10, [CellElement.box(width: 40, height: 40).id("a"),
                                                         CellElement.box(width: 13, height: 13).hidden().id("badge"),
                                                         CellElement.box(width: 20, height: 20).id("c")]), width: 375)
        #expect(a.frame(id: "badge") == nil)
        #expect(a.frame(id: "c")?.minX == 50)  // 40 + 10: the hidden one and its gap are gone
        #expect(a.frames.map(\.path) == [[], [0], [2]])
    }

    @Test func overlayCoversItsBase() throws {
        let layer = CellElement.vstack(alignment: .end, justify: .end, [CellElement.box(width: 10, height: 10).id("dot")]).id("layer")
        let f = try frames(.hstack(alignment: .start, [CellElement.overlay(CellElement.box(width: 40, height: 40).id("avatar"), layer).id("o")]))
        #expect(f["o"] == Rect(x: 0, y: 0, width: 40, height: 40))
        #expect(f["layer"] == Rect(x: 0, y: 0, width: 40, height: 40))
        #expect(f["dot"] == Rect(x: 30, y: 30, width: 10, height: 10))
    }

    @Test func textFrameIsItsBoundingRect() throws {
        let style = TextStyle(font: "DejaVu Sans", size: 14)
        let post = "Swift is a general-purpose programming language built using a modern approach to safety and performance."
        let f = try frames(.vstack(alignment: .start, [CellElement.text(post, style: style).id("t")]), width: 200)
        let expected = try Self.engine.size(of: post, style: style, width: 200).size
        #expect(f["t"] == Rect(x: 0, y: 0, width: expected.width, height: expected.height))
        #expect(expected.width < 200)  // wrapped: the widest line, not the box
        #expect(f["root"]?.height == expected.height)
    }

    @Test func singleLineTextHasItsNaturalSize() throws {
        let style = TextStyle(font: "DejaVu Sans", size: 14, numberOfLines: 1)
        let f = try frames(.hstack(spacing: 10, alignment: .start, [CellElement.text("Kenshin Cui", style: style).id("name"),
                                                                   CellElement.box(width: 13, height: 13).id("badge")]))
        let natural = try Self.engine.size(of: "Kenshin Cui", style: style, width: nil).size
        #expect(f["name"] == Rect(x: 0, y: 0, width: natural.width, height: natural.height))
        #expect(f["badge"]?.minX == natural.width + 10)
    }

    @Test func firstBaselinesLineUp() throws {
        // DejaVu Sans: ascender 1901 / 2048 em, no line gap (oracle README §2).
        let big = CellElement.text("Big", style: TextStyle(size: 20)).id("big")
        let small = CellElement.text("small", style: TextStyle(size: 10)).id("small")
        let f = try frames(.hstack(alignment: .firstBaseline, [big, small]))
        let ascent = { (size: Double) in 1901 * size / 2048 }
        #expect(f["big"]?.minY == 0)
        #expect(abs((f["small"]?.minY ?? -1) - (ascent(20) - ascent(10))) < 1e-9)
    }

    /// `baselines: .css` places a first baseline as Chromium does: DejaVu Sans (ascender 1901,
    /// descender 483 per 2048 em, no line gap) at 20 pt has ascent 18.564 and descent 4.717, rounded
    /// 19 and 5; its line is 23.281 tall, so the half-leading (23.281 − 24) / 2 = −0.36 rounds down
    /// to −1: the baseline is at 18 (Chromium: flexbox tree 0006 reduced). At 10 pt: 9.282 and 2.358
    /// round to 9 and 2, (11.641 − 11) / 2 = 0.32 rounds down to 0: at 9. So "small" sits 18 − 9 = 9
    /// below "Big" (exact: 18.564 − 9.282 = 9.282), and an empty box aligned by its bottom edge at 18.
    @Test func cssBaselinesRoundAsABrowserDoes() throws {
        let big = CellElement.text("Big", style: TextStyle(size: 20)).id("big")
        let small = CellElement.text("small", style: TextStyle(size: 10)).id("small")
        let css = CellLayout(textEngine: Self.engine, baselines: .css)
        let a = try css.arrange(.hstack(alignment: .firstBaseline, [big, small, CellElement.box(width: 5, height: 0).id("empty")]), width: 375)
        let f = Dictionary(uniqueKeysWithValues: a.frames.compactMap { f in f.id.map { ($0, f.rect) } })
        #expect(f["big"]?.minY == 0)
        #expect(f["small"]?.minY == 9)
        #expect(f["empty"]?.minY == 18)
    }

    /// With `css` baselines a text's box takes Chromium's line boxes, whose heights are whole
    /// numbers of 1/64 px: DejaVu Sans 17 is (1901 + 483) / 2048 × 17 = 19.7890625 pt a line,
    /// 1266.5/64, which Chromium rounds to 1267/64 = 19.796875. Three lines (two hard breaks) make
    /// a box 3 × 19.796875 = 59.390625 tall, so the box after it starts there; the text's own rect
    /// stays its lines' exact union, 3 × 19.7890625 = 59.3671875, as Chromium's client rects are
    /// (flexbox trees 0139, 0165, 0353 and ten more: 90-line texts 0.7 pt taller). `exact` keeps the
    /// exact sum everywhere. A line height already in those units (DejaVu Sans 20: 23.28125 =
    /// 1490/64) gains nothing.
    @Test func cssLineBoxesAreInChromiumsLayoutUnits() throws {
        let text = CellElement.text("one\ntwo\nthree", style: TextStyle(font: "DejaVu Sans", size: 17)).id("text")
        let even = CellElement.text("one\ntwo", style: TextStyle(font: "DejaVu Sans", size: 20)).id("even")
        let tree = CellElement.vstack(alignment: .start, [text, CellElement.box(width: 5, height: 5).id("after"), even, CellElement.box(width: 5, height: 5).id("last")])
        let css = try CellLayout(textEngine: Self.engine, baselines: .css).arrange(tree, width: 375)
        let c = Dictionary(uniqueKeysWithValues: css.frames.compactMap { f in f.id.map { ($0, f.rect) } })
        #expect(c["text"]?.height == 3 * 19.7890625)
        #expect(c["after"]?.minY == 3 * 19.796875)
        #expect(c["even"]?.height == 2 * 23.28125)
        #expect(c["last"]?.minY == 3 * 19.796875 + 5 + 2 * 23.28125)
        let exact = try CellLayout(textEngine: Self.engine).arrange(tree, width: 375)
        let e = Dictionary(uniqueKeysWithValues: exact.frames.compactMap { f in f.id.map { ($0, f.rect) } })
        #expect(e["text"]?.height == 3 * 19.7890625)
        #expect(e["after"]?.minY == 3 * 19.7890625)
    }

    /// Synthesized baselines (an element without text aligns by its bottom edge) as Chromium
    /// places them: an overlay padded 8 whose base is a box 60 × 20 has its baseline at the base's
    /// bottom, 8 + 20 = 28, so an empty stack aligned with it sits at 28 (flexbox tree 0248
    /// reduced); a row held to max-height 20 whose box is 60 tall has its baseline at the box's
    /// bottom, 60, below its own — 60 above the baseline and −40 below it, so the line is
    /// 60 − 40 = 20 tall, not 60 (tree 0101 reduced).
    @Test func synthesizedBaselinesComeFromTheBaseAndStayInsideTheStack() throws {
        let pair = CellElement.overlay(CellElement.box(width: 60, height: 20), .vstack([CellElement.box(width: 8, height: 8)])).padding(8).id("pair")
        let f = try frames(.hstack(alignment: .firstBaseline, [CellElement.vstack([]).id("empty"), pair]))
        #expect(f["empty"]?.minY == 28)
        #expect(f["pair"] == Rect(x: 0, y: 0, width: 76, height: 36))
        let g = try frames(.hstack(alignment: .firstBaseline, [CellElement.hstack([CellElement.box(width: 10, height: 60)]).frame(maxHeight: 20).id("row")]))
        #expect(g["root"]?.height == 20)
        #expect(g["row"] == Rect(x: 0, y: 0, width: 10, height: 20))
    }

    /// A ratio box stretched across a row of given height is as wide as that height makes it, and
    /// no narrower: a row 120 tall holding a ratio-1 box is 120 wide, so a row holding that row in a
    /// column 60 wide (aligned to the start) overflows it at 120 (Chromium 156, tree 0008 reduced).
    @Test func aRowOfGivenHeightKeepsItsRatioBoxesWidth() throws {
        let f = try frames(.vstack(alignment: .start, [
            .hstack([CellElement.hstack([CellElement.box(aspectRatio: 1).id("r")]).frame(height: 120)]).id("outer")]).frame(width: 60))
        #expect(f["outer"] == Rect(x: 0, y: 0, width: 120, height: 120))
        #expect(f["r"] == Rect(x: 0, y: 0, width: 120, height: 120))
    }

    /// A stack's baseline taken from a first item that its line stretches is the item's baseline at
    /// its stretched size: a row (aligned center) holding a box 30 tall, beside a box 50 tall, is
    /// stretched to 50 and centres its box at 10, so its synthesized baseline is 10 + 30 = 40, and
    /// an empty stack aligned with the outer row by first baselines sits at 40, not 30 (Chromium 156;
    /// flexbox tree 0438 reduced).
    @Test func aStretchedFirstItemGivesItsBaselineAtItsFinalSize() throws {
        let f = try frames(.hstack(alignment: .firstBaseline, [
            .hstack([.hstack(alignment: .center, [CellElement.box(width: 10, height: 30)]), CellElement.box(width: 10, height: 50)]),
            CellElement.vstack([]).id("empty")]))
        #expect(f["empty"]?.minY == 40)
    }

    @Test func overflowIsReportedNotFatal() throws {
        var a = CellElement.box(width: 80, height: 10)
        a.minWidth = 80
        var b = CellElement.box(width: 80, height: 10)
        b.minWidth = 80
        let arrangement = try layout.arrange(.hstack([a, b]), width: 100)
        #expect(arrangement.overflows == [[]])
        #expect(arrangement.frames[2].rect.minX == 80)  // laid out past the edge, as flexbox does
    }

    @Test func textWithoutAnEngineIsAnErrorNamingTheElement() {
        let noText = CellLayout(textEngine: nil)
        #expect(throws: CellLayoutError(path: [1], message: "a text, but no text engine to measure it")) {
            try noText.arrange(.vstack([CellElement.box(height: 1), CellElement.text("x")]), width: 100)
        }
    }

    /// A prepared cell laid out at any width gives what laying the tree out afresh gives, and one
    /// prepared cell may be laid out from several threads at once (each call works on its own copy
    /// of the measurements): 8 threads × 6 widths, each compared with the serial answer.
    @Test func aPreparedCellAnswersAsAFreshLayoutFromManyThreads() throws {
        let tree = CellElement.vstack(spacing: 10, padding: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10), [
            .hstack(spacing: 10, alignment: .firstBaseline, [
                CellElement.box(width: 40, height: 40).id("avatar"),
                CellElement.text("Kenshin Cui 今天天气很好", style: TextStyle(size: 14), numberOfLines: 1).id("name").flex(shrink: 1),
                CellElement.box(width: 13, height: 13)]),
            CellElement.text("A post that wraps onto more lines when the cell is narrow, 中文也会换行。", style: TextStyle(size: 14)).id("text"),
            .hstack(spacing: 5, wraps: true, (0..<5).map { _ in CellElement.box(width: 80, height: 80) }).id("photos"),
        ])
        let prepared = try layout.prepare(tree)
        let widths: [Double] = [375, 320, 200, 414, 120, 375]
        let serial = try widths.map { try layout.arrange(tree, width: $0) }
        for (w, expected) in zip(widths, serial) { #expect(try prepared.arrange(width: w) == expected, "width \(w)") }
        let results = Mutex<[[CellArrangement]]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let mine = widths.compactMap { try? prepared.arrange(width: $0) }
            results.withLock { $0.append(mine) }
        }
        let all = results.withLock { $0 }
        #expect(all.count == 8 && all.allSatisfy { $0 == serial })
        #expect(try prepared.size(width: 200) == serial[2].size)
    }
}
