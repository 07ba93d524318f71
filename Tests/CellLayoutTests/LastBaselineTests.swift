import Foundation
import Testing
import LayoutGeometry
import TextLayout
@testable import CellLayout

/// `lastBaseline` alignment (`UIStackView.Alignment.lastBaseline`, CSS's `align-items: last
/// baseline`): a chat bubble's time beside the last line of its message. Expected values are
/// arithmetic on the texts' measured sizes and the fonts' metrics, or Chromium 156's frames for
/// the same trees (`scripts/flexcorpus/probe.py` with `FLEX_BASELINES=css`; its CSS mapping,
/// docs/CONTRACT.md).
struct LastBaselineTests {
    let exact = CellLayout(textEngine: FlexTests.engine)
    let css = CellLayout(textEngine: FlexTests.engine, baselines: .css)
    /// DejaVu Sans: ascent 1901 and descent 483 of 2048 units per em, no line gap.
    static let ascent = 1901.0 / 2048, descent = 483.0 / 2048

    func frames(_ e: CellElement, width: Double, _ layout: CellLayout) throws -> [String: Rect] {
        let a = try layout.arrange(e, width: width)
        var out: [String: Rect] = ["root": Rect(origin: .zero, size: a.size)]
        for f in a.frames { if let id = f.id { out[id] = f.rect } }
        return out
    }

    /// A message wrapped onto several lines and a time beside it, aligned by last baselines: the
    /// time's baseline (its ascent below its top: one line) lies on the message's last one, which
    /// is its height less its last line's descent; a box (no text) sits with its bottom there.
    @Test func theTimeSitsOnTheMessagesLastLine() throws {
        let message = "a message that wraps onto a few lines here"
        let style17 = TextStyle(font: "DejaVu Sans", size: 17), style12 = TextStyle(font: "DejaVu Sans", size: 12)
        let tree = CellElement.hstack(spacing: 6, alignment: .lastBaseline, [
            CellElement.text(message, style: style17).id("message"),
            CellElement.text("10:24", style: style12).flex(shrink: 0).id("time"),
            CellElement.box(width: 8, height: 8).id("tick")])
        let f = try frames(tree, width: 200, exact)
        let m = try #require(f["message"]), t = try #require(f["time"]), tick = try #require(f["tick"])
        let measured = try FlexTests.engine.size(of: message, style: style17, width: m.width)
        #expect(measured.lineCount >= 2)  // (the case is about a last line below the first)
        let timeHeight = try FlexTests.engine.size(of: "10:24", style: style12, width: nil).size.height
        #expect(t.height == timeHeight)  // one line
        #expect(m.minY == 0 && m.height == measured.size.height)
        let baseline = m.height - Self.descent * 17  // the message's last baseline
        #expect(abs(t.minY + Self.ascent * 12 - baseline) < 1e-9)
        #expect(abs(tick.maxY - baseline) < 1e-9)
        #expect(f["root"]?.height == m.height)  // nothing reaches below the message
        // First baselines would have put the time on the first line.
        let first = try frames(CellElement.hstack(spacing: 6, alignment: .firstBaseline, [
            CellElement.text(message, style: style17).id("message"), CellElement.text("10:24", style: style12).id("time")]), width: 200, exact)
        #expect(abs((first["time"]?.minY ?? 0) + Self.ascent * 12 - Self.ascent * 17) < 1e-9)
    }

    /// Chromium's frames (css baselines) for a row mixing first- and last-baseline items, boxes
    /// (synthesized baselines at their bottoms) and a padded ideographic text: the last-baseline
    /// group sits at the line's end (the 80-pt box makes the line), the first-baseline item at
    /// its start.
    @Test func aMixedRowAgreesWithChromium() throws {
        let tree = CellElement.hstack(spacing: 4, [
            CellElement.text("first", style: TextStyle(font: "DejaVu Sans", size: 20)).alignSelf(.firstBaseline).id("first"),
            CellElement.text("two lines of small text", style: TextStyle(font: "DejaVu Sans", size: 10)).frame(width: 60).alignSelf(.lastBaseline).id("small"),
            CellElement.box(width: 20, height: 50).alignSelf(.lastBaseline).id("box50"),
            CellElement.box(width: 20, height: 80).id("box80"),
            CellElement.text("big", style: TextStyle(font: "WenQuanYi Micro Hei", size: 24)).padding(3).alignSelf(.lastBaseline).id("big")])
        let f = try frames(tree, width: 300, css)
        let chromium: [String: (y: Double, h: Double)] = [
            "first": (0, 23.281), "small": (50.219, 23.281), "box50": (20.859, 50), "box80": (0, 80), "big": (48.859, 28.137)]
        for (id, c) in chromium {
            let r = try #require(f[id])
            #expect(abs(r.minY - c.y) < 0.01 && abs(r.height - c.h) < 0.01, "\(id): \(r), Chromium y \(c.y) h \(c.h)")
        }
        #expect(f["root"]?.height == 80)
    }

    /// A row's own baselines (css-flexbox §8.5): its first baseline is its first line's
    /// baseline-aligned items' — a last-baseline group's when that is all the line has — and its
    /// last baseline likewise its last line's, a first-baseline group's when that is all. Chromium:
    /// a row holding a wrapped 12-pt WenQuanYi text aligned by last baselines, beside a 14-pt
    /// DejaVu text aligned by first baselines, puts that text 12.062 down (on the wrapped text's
    /// second line); a row holding a wrapped 10-pt text aligned by first baselines, beside an empty
    /// box 20 tall aligned by last baselines, is 11 down (the box's bottom on the text's first line).
    @Test func aRowGivesTheBaselineOfTheGroupItHolds() throws {
        let inner = CellElement.hstack(alignment: .lastBaseline, [
            CellElement.text("缓制测行气起文", style: TextStyle(font: "WenQuanYi Micro Hei", size: 12)).id("wrapped")]).id("inner")
        let f = try frames(.hstack(alignment: .firstBaseline, [
            inner, CellElement.text("the width basis basis the width justify padding", style: TextStyle(font: "DejaVu Sans", size: 14)).id("text")]),
            width: 375, css)
        #expect(abs((f["text"]?.minY ?? 0) - 12.062) < 0.01)
        #expect(abs((f["root"]?.height ?? 0) - 44.656) < 0.01)
        let g = try frames(.hstack(alignment: .lastBaseline, [
            CellElement.box(height: 20).id("box"),
            CellElement.hstack(alignment: .firstBaseline, [
                CellElement.text("好高文制很气dog 机们园去去机高散滚们今散动缓今width 好散存中公缓我园们stack", style: TextStyle(font: "WenQuanYi Micro Hei", size: 10))]).id("row")]),
            width: 120, css)
        #expect(g["box"]?.minY == 0)
        #expect(abs((g["row"]?.minY ?? 0) - 11) < 0.01)
        #expect(abs((g["root"]?.height ?? 0) - 57.875) < 0.01)
    }

    /// Down a column there is no baseline to share: the last-baseline items' leading edges line up
    /// where the widest of them ends at the column's end (Chromium: a 150-pt box and a text in a
    /// 200-pt column both start at 50; an item of another alignment is not in the group).
    @Test func aColumnAlignsItsGroupToTheEnd() throws {
        let f = try frames(.vstack([
            CellElement.text("short", style: TextStyle(font: "DejaVu Sans", size: 14)).alignSelf(.lastBaseline).id("short"),
            CellElement.box(width: 150, height: 10).alignSelf(.lastBaseline).id("wide"),
            CellElement.box(width: 50, height: 10).alignSelf(.start).id("other")]), width: 200, exact)
        #expect(f["short"]?.minX == 50)  // 200 − 150
        #expect(f["wide"]?.minX == 50)
        #expect(f["other"]?.minX == 0)
        // A member wider than the column puts the group's start before the column's (unsafe, as Chromium).
        let g = try frames(.vstack(alignment: .lastBaseline, [
            CellElement.text("short", style: TextStyle(font: "DejaVu Sans", size: 14)).id("short"),
            CellElement.box(width: 300, height: 10).id("wide")]), width: 200, exact)
        #expect(g["short"]?.minX == -100)  // 200 − 300
        #expect(g["wide"]?.minX == -100)
    }

    /// A prepared cell laid out again at other widths answers as a fresh layout does (kept
    /// measurements carry last baselines too).
    @Test func preparedCellsKeepLastBaselines() throws {
        let tree = CellElement.vstack(spacing: 4, [
            CellElement.hstack(spacing: 6, alignment: .lastBaseline, [
                CellElement.text("a message that wraps onto a few lines here and there", style: TextStyle(font: "DejaVu Sans", size: 17)).id("m"),
                CellElement.text("10:24", style: TextStyle(font: "DejaVu Sans", size: 12)).id("t")]),
            CellElement.hstack(alignment: .lastBaseline, [CellElement.box(width: 30, height: 30),
                CellElement.text("one two three four", style: TextStyle(font: "DejaVu Sans", size: 14)).id("u")])])
        let prepared = try exact.prepare(tree)
        for width in [375.0, 200, 120, 414, 90] {
            let kept = try prepared.arrange(width: width).frames.map(\.rect)
            let fresh = try exact.arrange(tree, width: width).frames.map(\.rect)
            #expect(kept == fresh, "width \(width)")
        }
    }
}
