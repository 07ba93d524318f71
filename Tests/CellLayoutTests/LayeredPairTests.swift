import Foundation
import Testing
import LayoutGeometry
import TextLayout
@testable import CellLayout

// Overlay and background pairs whose base has no size of its own (a chat bubble's background behind
// a padded text, a card's behind a stack): the contract sizes the pair as its base, so such a pair
// lays out exactly as its base alone would, in the pair's place, with what places the pair (its grow,
// shrink, basis, alignSelf) — the base filling it, the layer over it. Found on fresh corpora made with
// `generate.py --layers 0.3` (seeds 10–12, docs/ACCURACY.md), where Chromium lays the pair out as
// its base itself with the layer inside; each case below is a reduced tree that disagreed.
extension FlexTests {
    private static func dejaVu(_ size: Double) -> TextStyle { TextStyle(font: "DejaVu Sans", size: size) }
    private static func wenQuanYi(_ size: Double) -> TextStyle { TextStyle(font: "WenQuanYi Micro Hei", size: size) }

    /// One case: a tree around a slot, laid out with `pair(base)` in the slot and with the base
    /// alone (both given `placing`), at `width`.
    private struct PairCase: Sendable {
        var name: String
        var width: Double
        var tree: @Sendable (CellElement) -> CellElement
        var base: CellElement
        var placing: @Sendable (CellElement) -> CellElement = { $0 }
    }

    private static let pairCases: [PairCase] = [
        // A pair stretched across a row hands its height to its base: the row inside gives its
        // ratio box a width from it (Chromium: 5.453 of 20; seed 10, tree 0466).
        PairCase(name: "definite height through the pair", width: 414, tree: { .hstack([$0]) },
                 base: .hstack([CellElement.box(aspectRatio: 0.75).id("r"), CellElement.box(width: 20, height: 10).id("s")])),
        PairCase(name: "a row of given height", width: 120, tree: { CellElement.hstack([$0]).frame(height: 200) },
                 base: .hstack([CellElement.box(aspectRatio: 1.5).id("r")])),
        // Down a column its height is not definite: the ratio box takes no width (tree 0036).
        PairCase(name: "indefinite height through the pair", width: 375, tree: { .vstack([$0]) },
                 base: .hstack([CellElement.box(aspectRatio: 1.5).id("r"), CellElement.box(height: 40).id("s")])),
        // Its flex base size is its base's, not held to the base's maximum (tree 0087).
        PairCase(name: "unclamped flex base", width: 375,
                 tree: { .hstack([$0, CellElement.text("shrink layout view font break", style: dejaVu(20)).id("s")]) },
                 base: CellElement.text("box the wrap font quick", style: dejaVu(24)).frame(maxWidth: 120)),
        // Its shrinking is scaled by its base's inner size, within the base's padding (tree 0088).
        PairCase(name: "inner size within the base's padding", width: 120,
                 tree: { .hstack([CellElement.box(width: 20).id("s"), $0, CellElement.box(width: 20).id("t")]) },
                 base: CellElement.text("break 气去公中天们中好lazy 们中stack", style: wenQuanYi(14)).padding(4)),
        // Squeezed, it keeps its base's padding (tree 0079: 8 pt, not 6.26).
        PairCase(name: "never below the base's padding", width: 414,
                 tree: { .hstack([CellElement.text("天缓高吧起畅break table 机一去步滚height 重用table 很我制测今lazy", style: wenQuanYi(17)).id("s"), $0]) },
                 base: CellElement.hstack([]).padding(EdgeInsets(top: 3, left: 6, bottom: 1, right: 2))),
        // In a column's height, its base's maximum height is the pair's (tree 0019).
        PairCase(name: "a base's maximum height", width: 320,
                 tree: { .hstack([CellElement.vstack([CellElement.text("很", style: wenQuanYi(20)).id("s"), $0]).frame(height: 60).flex(basis: 60)]) },
                 base: CellElement.text("吧们园步本中text align 存天动公滚行今行流height 们流测好天好今公散存动散园天", style: wenQuanYi(12)).frame(maxHeight: 60)),
        // A pair holding a ratio box counts it at the height it is stretched to in its row's
        // min-content width, as a stack holding one does (seed 12, tree 0238).
        PairCase(name: "a ratio box inside, in a row's min-content width", width: 375,
                 tree: { .hstack([CellElement.vstack(alignment: .center, [CellElement.hstack([
                     CellElement.text("break grow break height table basis padding padding", style: dejaVu(12)).flex(shrink: 0).id("s"), $0,
                     CellElement.text("brown table padding", style: dejaVu(12)).id("t")])]), CellElement.hstack([]).frame(width: 120)]) },
                 base: .hstack([CellElement.box(aspectRatio: 1.5).id("r")])),
        // What places the pair is the base's place alone would be (a chat bubble: grows, aligned end).
        PairCase(name: "placed as its base", width: 375,
                 tree: { CellElement.hstack(spacing: 8, alignment: .end, [CellElement.spacer.id("s"), $0, CellElement.box(width: 36, height: 36).id("t")]) },
                 base: CellElement.text("好的，我们明天下午三点在公园见面吧 see you there", style: wenQuanYi(16))
                     .padding(EdgeInsets(top: 8, left: 12, bottom: 8, right: 12)).frame(maxWidth: 250),
                 placing: { $0.flex(grow: 1, shrink: 1) }),
        // A pair over a pair is sized as the inner one's base, padding and all (a badge over an
        // avatar with a ring behind it).
        PairCase(name: "a pair over a pair, shrinking", width: 120,
                 tree: { .hstack([CellElement.box(width: 20).id("s"), $0, CellElement.box(width: 20).id("t")]) },
                 base: .background(CellElement.text("break 气去公中天们中好lazy 们中stack", style: wenQuanYi(14)).padding(4), .box())),
        PairCase(name: "a pair over a pair, squeezed", width: 414,
                 tree: { .hstack([CellElement.text("天缓高吧起畅break table 机一去步滚height 重用table 很我制测今lazy", style: wenQuanYi(17)).id("s"), $0]) },
                 base: .overlay(CellElement.hstack([]).padding(EdgeInsets(top: 3, left: 6, bottom: 1, right: 2)), .box())),
        // A pair that gives its row's first baseline and is stretched past its own height gives it
        // at its final height, as a stack does (an empty stack's baseline is its bottom edge:
        // Chromium puts the box 6.297 down; seed 30 with clamps and layers, tree 0331).
        PairCase(name: "a stretched pair's baseline", width: 320,
                 tree: { CellElement.hstack(alignment: .firstBaseline, [CellElement.box(height: 10).id("s"),
                                                                         CellElement.hstack([$0, CellElement.text("l", style: dejaVu(14))]).id("t")]) },
                 base: .vstack([])),
    ]

    @Test(arguments: 0..<12)
    func aPairOverABaseOfNoSizeLaysOutAsItsBaseAlone(_ index: Int) throws {
        let c = Self.pairCases[index]
        let ids = ["r", "s", "t"]
        for background in [false, true] {
            let base = c.base.id("b"), layer = CellElement.box().id("l")
            let pair = c.placing(background ? .background(base, layer) : .overlay(base, layer)).id("p")
            let paired = try frames(c.tree(pair), width: c.width)
            let alone = try frames(c.tree(c.placing(c.base).id("p")), width: c.width)
            let own = try #require(alone["p"], "\(c.name)")
            #expect(paired["b"] == own, "\(c.name): the base where it would be alone")
            #expect(paired["l"] == paired["p"], "\(c.name): the layer covers the pair")
            // (A text's frame is its lines' rect, not its box: the pair's is the box.)
            if case .text = c.base.kind {} else { #expect(paired["p"] == own, "\(c.name): the pair is its base") }
            for id in ids { #expect(paired[id] == alone[id], "\(c.name): \(id)") }
            #expect(paired["root"] == alone["root"], "\(c.name): the tree")
        }
    }

    /// The values Chromium 156 gives for three of the cases above (the pair as its base).
    @Test func pairsAgreeWithChromium() throws {
        let ratio = try frames(.hstack([CellElement.overlay(.hstack([CellElement.box(aspectRatio: 0.75).id("r"),
                                                                        CellElement.box(width: 20, height: 10)]), .box())]), width: 414)
        #expect(abs((ratio["r"]?.width ?? 0) - 5.453) < 0.01)
        let clamped = try frames(.hstack([CellElement.overlay(CellElement.text("box the wrap font quick", style: Self.dejaVu(24)).frame(maxWidth: 120),
                                                              .box()).id("p"),
                                          CellElement.text("shrink layout view font break", style: Self.dejaVu(20))]), width: 375)
        #expect(clamped["p"]?.width == 120)
        let padded = try frames(.hstack([CellElement.text("天缓高吧起畅break table 机一去步滚height 重用table 很我制测今lazy", style: Self.wenQuanYi(17)),
                                         CellElement.background(CellElement.hstack([]).padding(EdgeInsets(top: 3, left: 6, bottom: 1, right: 2)).id("b"),
                                                                .box()).id("p")]), width: 414)
        #expect(padded["b"]?.width == 8 && padded["p"]?.width == 8)
    }
}
