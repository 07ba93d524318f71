#!/usr/bin/env python3
"""Generates the flexbox oracle corpus for composed cells (issue 10): random layout trees in the spec's
element language, rendered as HTML with the CSS mapping of docs/CONTRACT.md ("Composed cells"), laid out by
headless Chromium, every element's frame read back.

    scripts/flexcorpus/generate.py [--count 600] [--seed 10] [--out Tests/Fixtures/flexbox/corpus.jsonl] [--clamp 0.3]
        [--layers 0.3] [--charwrap 0.3] [--lastbaseline 0.3] [--rtl 0.3] [--align 0.3] [--custom 0.3] [--justify 0.3]

`--clamp P` gives a share P of the texts a `numberOfLines` of 1, 2 or 3 (drawn from a stream of its own: the trees
are those of the seed without it), rendered as CSS's line clamp (`-webkit-line-clamp`) — the text's frame is then the union
of its first N lines, its content N lines tall (UIKit's `numberOfLines` with `wordWrap`: the lines that do not fit
are not shown). `--layers P` puts a share P of the texts and stacks below the root in an `overlay` or `background` pair as its base
(a chat bubble, a card; the layer an empty box or a stack holding a badge), from a third stream. Without them (the
default) the committed corpora reproduce from their seeds. `--charwrap P` gives a share P of the texts
`"lineBreakMode": "char"` (UIKit's character wrapping), rendered as `line-break: anywhere` (a break between any two
grapheme clusters, as the text oracle renders its "char" cases), from a fourth stream. `--lastbaseline P` turns a
share P of the stacks' `alignment` and the elements' `alignSelf` values into `lastBaseline` (`align-items: last
baseline`), from a fifth. `--align P` gives a share P of the texts a `textAlignment` (natural, left, center or right:
`text-align: start|left|center|right`), from a seventh. `--custom P` gives a share P of the stacks' children a
`spacingAfter` (`UIStackView`'s custom spacing; a margin at the child's end — along the stack's direction — of it less
the stack's spacing, none after the last visible child), from an eighth. `--justify P` makes a share P of the texts
(not those `--clamp` gave a number of lines) `"textAlignment": "justified"` (`text-align: justify`), from a ninth. `--rtl P` gives a share P of the elements the direction opposite to the one they inherit
(`"direction": "rtl"` below a left-to-right parent, `"ltr"` below a right-to-left one: CSS's `direction`), and half
the padding objects leading and trailing sides instead of left and right (`padding-inline-start`/`-end`), from a sixth.

Needs Debian's `chromium` (tested with 156). Writes one JSON line per tree:
    {"id", "width", "layout": ELEMENT, "frames": [{"path": [..], "rect": [x, y, w, h]}],
     "texts": [{"path", "lines", "width"}]}   (a text's line count and the content width Chromium gave it)
A text's frame is the union of its line boxes horizontally (Range.getClientRects) by its content box vertically;
line-height is set to the font's natural line height (ascender + descender, as the engine's), so that the
comparison is about flexbox geometry, not about Chromium's pixel-rounded font metrics (docs/ACCURACY.md).
"""
import argparse, html, json, os, random, re, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FONTS = {"DejaVu Sans": ("DejaVuSans.ttf", 1901, 483), "WenQuanYi Micro Hei": ("WenQuanYiMicroHei.ttf", 1918, 483)}
WORDS_EN = ("the quick brown fox jumps over lazy dog layout cell table view text width height line break font "
            "stack box spacing padding grow shrink basis align justify wrap").split()
WORDS_ZH = list("今天天气很好我们一起去公园散步吧中文文本测试重用机制滚动流畅缓存行高")
ALIGN = ["start", "center", "end", "stretch", "firstBaseline"]
JUSTIFY = ["start", "center", "end", "spaceBetween", "spaceAround", "spaceEvenly"]


def text_for(rng, font):
    n = rng.choice([1, 1, 2, 3, 5, 8, 13, 20])
    if font == "DejaVu Sans":
        return " ".join(rng.choice(WORDS_EN) for _ in range(n))
    out = []
    for _ in range(n):
        out.append(rng.choice(WORDS_EN) + " " if rng.random() < 0.3 else "".join(rng.choice(WORDS_ZH) for _ in range(rng.randint(1, 4))))
    return "".join(out).strip()


def sizing(rng, e, in_stack):
    if rng.random() < 0.15: e["padding"] = rng.choice([2, 4, 8, {"top": 3, "left": 6, "bottom": 1, "right": 2}])
    if in_stack:
        if rng.random() < 0.25: e["grow"] = rng.choice([1, 1, 2, 0.5])
        if rng.random() < 0.15: e["shrink"] = rng.choice([0, 2])
        if rng.random() < 0.1: e["basis"] = rng.choice([0, 20, 60])
        if rng.random() < 0.15: e["alignSelf"] = rng.choice(ALIGN)
    if rng.random() < 0.08: e["minWidth"] = rng.choice([10, 40, 90])
    if rng.random() < 0.08: e["maxWidth"] = rng.choice([50, 120])
    if rng.random() < 0.05: e["minHeight"] = rng.choice([10, 30])
    if rng.random() < 0.05: e["maxHeight"] = rng.choice([20, 60])
    return e


def element(rng, depth, in_stack=True):
    r = rng.random()
    if depth >= 4 or r < 0.35:
        k = rng.random()
        if k < 0.45:
            font = rng.choice(list(FONTS))
            e = {"text": text_for(rng, font), "textStyle": {"font": font, "size": rng.choice([10, 12, 14, 17, 20, 24])}}
        elif k < 0.9:
            b = {}
            c = rng.random()
            if c < 0.6:
                b = {"width": rng.choice([10, 13, 20, 40, 60, 80]), "height": rng.choice([10, 13, 20, 40, 60])}
            elif c < 0.75:
                b = {"width": rng.choice([20, 40, 80]), "aspectRatio": rng.choice([1, 1.5, 0.75])}
            elif c < 0.85:
                b = {"aspectRatio": rng.choice([1, 1.5, 0.75])}
            else:
                b = {"height": rng.choice([10, 30])}
            e = {"box": b}
        else:
            e = {"spacer": {}}
        return sizing(rng, e, in_stack)
    if r < 0.42 and depth < 4:
        base = {"box": {"width": rng.choice([20, 40, 60]), "height": rng.choice([20, 40])}}
        return sizing(rng, {"shrink": 0, "overlay": [base, {"stack": "vertical", "alignment": rng.choice(ALIGN[:4]),
                      "justify": rng.choice(JUSTIFY[:3]), "children": [{"box": {"width": 8, "height": 8}}]}]}, in_stack)
    e = {"stack": rng.choice(["vertical", "horizontal"])}
    if rng.random() < 0.6: e["spacing"] = rng.choice([0, 4, 10])
    if rng.random() < 0.7: e["alignment"] = rng.choice(ALIGN)
    if rng.random() < 0.5: e["justify"] = rng.choice(JUSTIFY)
    if e["stack"] == "horizontal" and rng.random() < 0.15: e["wrap"] = True
    if rng.random() < 0.15: e[rng.choice(["width", "height"])] = rng.choice([60, 120, 200])
    kids = [element(rng, depth + 1) for _ in range(rng.randint(1, 5))]
    if rng.random() < 0.1 and len(kids) > 1: kids[rng.randrange(len(kids))]["hidden"] = True
    e["children"] = kids
    return sizing(rng, e, in_stack)


def px(v): return "%spx" % repr(float(v))


def css(e, parent_row):
    s = ["box-sizing:border-box", "display:flex", "position:relative", "margin:0", "border:0",
         "min-width:" + px(e.get("minWidth", 0)), "min-height:" + px(e.get("minHeight", 0))]
    if "maxWidth" in e: s.append("max-width:" + px(e["maxWidth"]))
    if "maxHeight" in e: s.append("max-height:" + px(e["maxHeight"]))
    w, h = e.get("width"), e.get("height")
    if "box" in e:
        w, h = e["box"].get("width", w), e["box"].get("height", h)
        if "aspectRatio" in e["box"]: s.append("aspect-ratio:%s" % e["box"]["aspectRatio"])
    if w is not None: s.append("width:" + px(w))
    if h is not None: s.append("height:" + px(h))
    p = e.get("padding")
    if p is not None:
        if isinstance(p, dict) and ("leading" in p or "trailing" in p):
            s.append("padding:%s 0 %s 0;padding-inline-start:%s;padding-inline-end:%s" % (
                px(p.get("top", 0)), px(p.get("bottom", 0)), px(p.get("leading", 0)), px(p.get("trailing", 0))))
        elif isinstance(p, dict): s.append("padding:%s %s %s %s" % (px(p.get("top", 0)), px(p.get("right", 0)), px(p.get("bottom", 0)), px(p.get("left", 0))))
        else: s.append("padding:" + px(p))
    grow, shrink, basis = e.get("grow", 0), e.get("shrink", 1), e.get("basis")
    if "spacer" in e:
        grow, basis = e.get("grow", 1), e.get("basis", 0)
    s.append("flex:%s %s %s" % (grow, shrink, px(basis) if basis is not None else "auto"))
    amap = {"start": "flex-start", "center": "center", "end": "flex-end", "stretch": "stretch", "firstBaseline": "baseline", "lastBaseline": "last baseline"}
    if "alignSelf" in e: s.append("align-self:" + amap[e["alignSelf"]])
    if "stack" in e:
        s.append("flex-direction:" + ("row" if e["stack"] == "horizontal" else "column"))
        s.append("gap:" + px(e.get("spacing", 0)))
        s.append("align-items:" + amap[e.get("alignment", "stretch")])
        jmap = {"start": "flex-start", "center": "center", "end": "flex-end", "spaceBetween": "space-between",
                "spaceAround": "space-around", "spaceEvenly": "space-evenly"}
        s.append("justify-content:" + jmap[e.get("justify", "start")])
        if e.get("wrap"): s.append("flex-wrap:wrap")
    if "text" in e:
        font, size = e["textStyle"]["font"], e["textStyle"]["size"]
        _, asc, desc = FONTS[font]
        s.append("display:block")
        s.append("font-family:'%s'" % ("L" if font == "DejaVu Sans" else "C"))
        s.append("font-size:" + px(size))
        s.append("line-height:" + px((asc + desc) * size / 2048))
        if e.get("numberOfLines", 0) > 0:
            # CSS's line clamp: the box's content is its first N lines (what flexing, stretching
            # and the element's own sizes do to the box stays theirs). No `overflow: hidden`: it
            # would make the box a scroll container, whose baseline Chromium clamps to its edge.
            s[s.index("display:block")] = "display:-webkit-box"
            s += ["-webkit-box-orient:vertical", "-webkit-line-clamp:%d" % e["numberOfLines"]]
        if e.get("lineBreakMode") == "char": s.append("line-break:anywhere")
        if "textAlignment" in e:
            s.append("text-align:" + {"natural": "start", "left": "left", "center": "center", "right": "right",
                                      "justified": "justify"}[e["textAlignment"]])
    if "direction" in e: s.append("direction:" + e["direction"])
    if e.get("hidden"): s.append("display:none")  # last: it must win over display:flex/block
    return ";".join(s)


PLACING = ("grow", "shrink", "basis", "alignSelf", "hidden", "spacingAfter")


def render_layer(layer, path, dir="ltr"):
    """A pair's layer: absolutely positioned over its containing block's padding box; `dir` is the pair's
    direction, which the layer inherits (given explicitly when its containing block is the base, whose own
    direction CSS would hand it)."""
    if "direction" not in layer: layer = dict(layer, direction=dir)
    layer_css = css(layer, False) + ";position:absolute;left:0;top:0;right:0;bottom:0;width:auto;height:auto"
    return '<div data-p="%s" style="%s">%s</div>' % (".".join(map(str, path)), layer_css,
                                                    "".join(render(c, path + [i], dir=layer["direction"]) for i, c in enumerate(layer.get("children", []))))


def render(e, path, parent_row=False, extra="", inside="", pair=None, dir="ltr"):
    """`dir`: the direction `e` inherits (its parent's)."""
    own = e.get("direction", dir)
    attrs = 'data-p="%s" style="%s"' % (".".join(map(str, path)), css(e, parent_row) + extra)
    if pair is not None: attrs += ' data-q="%s"' % ".".join(map(str, pair))
    if "text" in e:
        return "<div class=t data-n=%d %s>%s%s</div>" % (e.get("numberOfLines", 0), attrs, html.escape(e["text"]), inside)
    if "stack" in e:
        # A child's custom spacing: a margin at its end of the spacing it asks less the stack's own
        # (none after the last visible child, as UIKit ignores it there).
        kids = e["children"]
        visible = [i for i, c in enumerate(kids) if not c.get("hidden")]
        def margin(i, c):
            if "spacingAfter" not in c or not visible or i == visible[-1] or c.get("hidden"): return ""
            # (Physical, by the stack's direction: a logical margin would follow the child's own.)
            side = ("margin-left" if own == "rtl" else "margin-right") if e["stack"] == "horizontal" else "margin-bottom"
            return ";%s:%s" % (side, px(c["spacingAfter"] - e.get("spacing", 0)))
        return "<div %s>%s%s</div>" % (attrs, "".join(render(c, path + [i], e["stack"] == "horizontal", extra=margin(i, c), dir=own)
                                                      for i, c in enumerate(kids)), inside)
    if "overlay" in e or "background" in e:
        # (`background` is `overlay` with the layer drawn below: the same geometry.)
        key = "overlay" if "overlay" in e else "background"
        base, layer = e[key]
        sized = any(side in base or side in base.get("box", {}) for side in ("width", "height"))
        if not sized and all(k in PLACING + (key, "id", "direction") for k in e):
            # A pair that gives nothing but its place among its siblings, over a base with no
            # size of its own, is its base (the contract: sized as its base; the base fills it),
            # so the base itself is the flex item, with what places the pair, and the layer covers
            # it from inside: no box between the base and its parent to change what is definite
            # or intrinsic (`--layers` makes these). A base of a given size keeps it inside the
            # pair, whatever size the pair is flexed to: the wrapper below.
            merged = dict(base)
            merged.update({k: e[k] for k in PLACING if k in e})
            # (The pair's direction is its base's unless the base has one, and its layer's.)
            if "direction" in e: merged.setdefault("direction", e["direction"])
            return render(merged, path + [0], parent_row, extra=extra + ";position:relative", inside=render_layer(layer, path + [1], own),
                          pair=path, dir=dir)
        # The wrapper is the flex item, sized as its base (the contract: the pair is sized as its
        # base where the overlay element gives no size); the base fills it, the layer covers it.
        # The wrapper is a one-item flex column, so that its intrinsic widths are its base's (a grid
        # cell's would take the base's `min-width: 0` as its minimum) and a height is as definite
        # for the base as for the wrapper (a row's stretched item would be given one): the base is
        # stretched to the wrapper's width and grows and shrinks to its height, unless it has a
        # size of its own.
        fixed = "height" in base or "height" in base.get("box", {})
        inner = render(base, path + [0], extra=";flex:%s;align-self:stretch" % ("0 0 auto" if fixed else "1 1 auto"), dir=own)
        wrapper = {k: v for k, v in e.items() if k != key}
        pad = wrapper.get("padding", 0)
        ph = (pad.get("left", pad.get("leading", 0)) + pad.get("right", pad.get("trailing", 0))) if isinstance(pad, dict) else 2 * pad
        pv = (pad.get("top", 0) + pad.get("bottom", 0)) if isinstance(pad, dict) else 2 * pad
        # (A base of a given size gives it to the pair; any other base sizes the grid cell it fills.)
        for side, pad_side in (("width", ph), ("height", pv)):
            given = base.get("box", {}).get(side, base.get(side))
            if given is not None: wrapper.setdefault(side, given + pad_side)
        for limit in ("minWidth", "maxWidth", "minHeight", "maxHeight"):  # (and its limits, as the engine takes them)
            if limit in base: wrapper.setdefault(limit, base[limit])
        if "aspectRatio" in base.get("box", {}):  # (and a box's ratio)
            wrapper = dict(wrapper, box={"aspectRatio": base["box"]["aspectRatio"]})
        lay = render_layer(layer, path + [1], own)
        display = "" if e.get("hidden") else ";display:flex;flex-direction:column;align-items:stretch"
        return '<div data-p="%s" data-overlay=1 style="%s%s%s">%s%s</div>' % (".".join(map(str, path)), css(wrapper, parent_row), display, extra, inner, lay)
    return "<div %s>%s</div>" % (attrs, inside)


PAGE = """<!DOCTYPE html><html><head><meta charset=utf-8><style>
@font-face { font-family: L; src: url("%(fonts)s/DejaVuSans.ttf"); }
@font-face { font-family: C; src: url("%(fonts)s/WenQuanYiMicroHei.ttf"); }
html,body{margin:0;padding:0} .case{position:relative;margin:0 0 40px 0}
.t{white-space:normal;overflow-wrap:anywhere;word-break:normal;font-kerning:auto;font-variant-ligatures:normal;hyphens:manual;text-align:start}
</style></head><body>%(cases)s<pre id=out>PENDING</pre><script>
function frames(caseEl) {
  const root = caseEl.firstElementChild, origin = root.getBoundingClientRect();
  const out = [], texts = [];
  for (const el of caseEl.querySelectorAll("[data-p]")) {
    if (getComputedStyle(el).display === "none" || el.closest("[style*='display:none']")) continue;
    const p = el.dataset.p === "" ? [] : el.dataset.p.split(".").map(Number);
    const r = el.getBoundingClientRect();
    let rect = [r.left - origin.left, r.top - origin.top, r.width, r.height];
    if (el.classList.contains("t")) {
      const cs = getComputedStyle(el), pt = parseFloat(cs.paddingTop), pl = parseFloat(cs.paddingLeft), pb = parseFloat(cs.paddingBottom);
      // (The text's own node: a pair's layer may sit inside the element.)
      const range = document.createRange(), own = Array.from(el.childNodes).find(n => n.nodeType === 3);
      range.selectNodeContents(own || el);
      // Lines told apart by their tops (the element's box may be stretched past its text); with a
      // number of lines, only the first N count (the rest overflow the clamped box, unseen).
      const rects = Array.from(range.getClientRects()), limit = Number(el.dataset.n) || Infinity;
      const firstTops = Array.from(new Set(rects.map(q => Math.round(q.top * 4)))).sort((a, b) => a - b).slice(0, limit);
      const shown = new Set(firstTops);
      const pr = parseFloat(cs.paddingRight);
      const lh = parseFloat(cs.lineHeight), lines = shown.size;
      const align = cs.textAlign, rtl = cs.direction === "rtl";
      if (align === "center" || (align === "left" && rtl) || (align === "right" && !rtl)) {  // (the lines' own union)
        let left = Infinity, right = -Infinity;
        for (const q of rects) if (shown.has(Math.round(q.top * 4))) { left = Math.min(left, q.left); right = Math.max(right, q.right); }
        if (left === Infinity) { left = right = rtl ? r.right - pr : r.left + pl; }
        rect = [left - origin.left, r.top + pt - origin.top, right - left, lines * lh];
      } else if (rtl) {  // (lines start at the content box's right edge)
        let left = r.right - pr;
        for (const q of rects) if (shown.has(Math.round(q.top * 4))) left = Math.min(left, q.left);
        rect = [left - origin.left, r.top + pt - origin.top, (r.right - pr) - left, lines * lh];
      } else {
        let right = r.left + pl;
        for (const q of rects) if (shown.has(Math.round(q.top * 4))) right = Math.max(right, q.right);
        rect = [r.left + pl - origin.left, r.top + pt - origin.top, right - (r.left + pl), lines * lh];
      }
      texts.push({path: p, lines: lines, width: Math.round((r.width - pl - pr) * 1e6) / 1e6});
    }
    out.push({path: p, rect: rect.map(v => Math.round(v * 1e6) / 1e6)});
    if (el.dataset.q !== undefined) {  // (a pair that is its base: the base's box is the pair's frame)
      const q = el.dataset.q === "" ? [] : el.dataset.q.split(".").map(Number);
      out.push({path: q, rect: [r.left - origin.left, r.top - origin.top, r.width, r.height].map(v => Math.round(v * 1e6) / 1e6)});
    }
  }
  return {frames: out, texts: texts};
}
document.fonts.ready.then(() => {
  const res = {};
  for (const c of document.querySelectorAll(".case")) res[c.dataset.id] = frames(c);
  document.getElementById("out").textContent = "BEGIN" + JSON.stringify(res) + "END";
});
</script></body></html>"""


def layout_in_chromium(cases, chromium="chromium", budget_ms=20000, timeout=600):
    """Lays `cases` ({"id", "width", "layout"}) out in one headless Chromium page: {id: {"frames", "texts"}}."""
    body = "".join('<div class=case data-id="%s" style="width:%spx">%s</div>' % (c["id"], c["width"], render(c["layout"], []))
                   for c in cases)
    with tempfile.TemporaryDirectory() as tmp:
        page = os.path.join(tmp, "page.html")
        open(page, "w", encoding="utf-8").write(PAGE % {"fonts": "file://" + os.path.join(ROOT, "Fonts"), "cases": body})
        dom = subprocess.run([chromium, "--headless", "--disable-gpu", "--no-sandbox", "--user-data-dir=" + os.path.join(tmp, "p"),
                              "--allow-file-access-from-files", "--force-device-scale-factor=1", "--window-size=1200,900",
                              "--virtual-time-budget=%d" % budget_ms, "--dump-dom", "file://" + page],
                             capture_output=True, text=True, timeout=timeout).stdout
    m = re.search(r"BEGIN(\{.*\})END", html.unescape(dom), re.S)
    if not m: sys.exit("no result in the DOM dump (fonts not loaded?)")
    return json.loads(m.group(1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=600)
    ap.add_argument("--seed", type=int, default=10)
    ap.add_argument("--out", default=os.path.join(ROOT, "Tests/Fixtures/flexbox/corpus.jsonl"))
    ap.add_argument("--chromium", default="chromium")
    ap.add_argument("--clamp", type=float, default=0.0, help="share of texts given a numberOfLines of 1-3")
    ap.add_argument("--lastbaseline", type=float, default=0.0, help="share of alignments made lastBaseline")
    ap.add_argument("--charwrap", type=float, default=0.0, help="share of texts given lineBreakMode char")
    ap.add_argument("--custom", type=float, default=0.0, help="share of stack children given a spacingAfter")
    ap.add_argument("--align", type=float, default=0.0, help="share of texts given a textAlignment")
    ap.add_argument("--justify", type=float, default=0.0, help="share of texts (not clamped ones) made justified")
    ap.add_argument("--rtl", type=float, default=0.0, help="share of elements given the direction opposite to their parent's")
    ap.add_argument("--layers", type=float, default=0.0, help="share of texts and stacks put in an overlay or background pair")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    clamps = random.Random(a.seed * 7919 + 1)  # (its own stream: the trees stay the seed's)

    def clamp(e):
        if "text" in e and clamps.random() < a.clamp: e["numberOfLines"] = clamps.choice([1, 2, 3])
        for c in e.get("children", []) + e.get("overlay", []) + e.get("background", []): clamp(c)

    layers = random.Random(a.seed * 7919 + 2)  # (another stream of its own)
    wraps = random.Random(a.seed * 7919 + 3)  # (and another)
    lasts = random.Random(a.seed * 7919 + 4)  # (and a fifth)
    dirs = random.Random(a.seed * 7919 + 5)  # (and a sixth)
    aligns = random.Random(a.seed * 7919 + 6)  # (and a seventh)
    customs = random.Random(a.seed * 7919 + 7)  # (and an eighth)
    justifies = random.Random(a.seed * 7919 + 8)  # (and a ninth)

    def justify(e):
        # (Not a clamped text: Chromium justifies the last line a clamp shows, which UIKit truncates instead.)
        if "text" in e and "numberOfLines" not in e and justifies.random() < a.justify: e["textAlignment"] = "justified"
        for c in e.get("children", []) + e.get("overlay", []) + e.get("background", []): justify(c)

    def custom(e):
        for c in e.get("children", []):
            if customs.random() < a.custom: c["spacingAfter"] = customs.choice([0, 2, 12, 24])
        for c in e.get("children", []) + e.get("overlay", []) + e.get("background", []): custom(c)

    def align(e):
        if "text" in e and aligns.random() < a.align: e["textAlignment"] = aligns.choice(["natural", "left", "center", "right"])
        for c in e.get("children", []) + e.get("overlay", []) + e.get("background", []): align(c)

    def rtl(e, inherited="ltr"):
        if dirs.random() < a.rtl: e["direction"] = inherited = "rtl" if inherited == "ltr" else "ltr"
        p = e.get("padding")
        if isinstance(p, dict) and "left" in p and dirs.random() < 0.5:
            e["padding"] = {"top": p["top"], "leading": p["left"], "bottom": p["bottom"], "trailing": p["right"]}
        for c in e.get("children", []) + e.get("overlay", []) + e.get("background", []): rtl(c, inherited)

    def lastbaseline(e):
        for key in ("alignment", "alignSelf"):
            if key in e and lasts.random() < a.lastbaseline: e[key] = "lastBaseline"
        for c in e.get("children", []) + e.get("overlay", []) + e.get("background", []): lastbaseline(c)

    def charwrap(e):
        if "text" in e and wraps.random() < a.charwrap: e["lineBreakMode"] = "char"
        for c in e.get("children", []) + e.get("overlay", []) + e.get("background", []): charwrap(c)

    def layer(e):
        """A share of the texts and stacks below the root put in a pair as its base: a chat bubble's
        background behind a padded text, a card's behind a stack, a badge layer over either. What
        places the pair among its siblings moves to the pair; the base keeps its own sizes."""
        kids = e.get("children", [])
        for i, c in enumerate(kids):
            layer(c)
            # (Only an element with no size of its own: a base given one keeps it inside a pair
            # flexed to another size, which a pair rendered as its base cannot show.)
            if ("text" in c or "stack" in c) and "width" not in c and "height" not in c and layers.random() < a.layers:
                pair = {k: c.pop(k) for k in ("grow", "shrink", "basis", "alignSelf", "hidden") if k in c}
                if "text" in c and "padding" not in c: c["padding"] = layers.choice([4, {"top": 6, "left": 10, "bottom": 6, "right": 10}])
                top = {"stack": "vertical", "alignment": layers.choice(ALIGN[:4]), "justify": layers.choice(JUSTIFY[:3]),
                       "children": [{"box": {"width": 8, "height": 8}}]}
                pair["background" if layers.random() < 0.5 else "overlay"] = [c, layers.choice([{"box": {}}, top])]
                kids[i] = pair
    cases = []
    for i in range(a.count):
        tree = element(rng, 0, False)
        tree.pop("hidden", None)
        if "stack" not in tree: tree = {"stack": "vertical", "alignment": rng.choice(ALIGN[:4]), "children": [tree]}
        if a.clamp > 0: clamp(tree)
        if a.charwrap > 0: charwrap(tree)
        if a.lastbaseline > 0: lastbaseline(tree)
        if a.layers > 0: layer(tree)
        if a.rtl > 0: rtl(tree)
        if a.align > 0: align(tree)
        if a.custom > 0: custom(tree)
        if a.justify > 0: justify(tree)
        cases.append({"id": "flex-%04d" % i, "width": rng.choice([120, 200, 320, 375, 414]), "layout": tree})
    res = layout_in_chromium(cases, a.chromium)
    os.makedirs(os.path.dirname(a.out), exist_ok=True)
    with open(a.out, "w", encoding="utf-8") as f:
        for c in cases:
            r = res[c["id"]]
            c["frames"], c["texts"] = r["frames"], r["texts"]
            f.write(json.dumps(c, ensure_ascii=False) + "\n")
    print("%d trees → %s" % (len(cases), a.out))


if __name__ == "__main__":
    main()
