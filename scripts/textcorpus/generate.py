#!/usr/bin/env python3
"""Generates the real-world text corpus (issue 11): attributed runs (bold names, two sizes, tracking,
baseline offsets), inline attachments, invisible characters at line ends, soft hyphens, emoji sequences,
Arabic, Hebrew and mixed-direction paragraphs — laid out by headless Chromium, line starts, line widths
and heights read back.

    scripts/textcorpus/generate.py [--seed 11] [--out Tests/Fixtures/text/corpus.jsonl]

Needs Debian's `chromium` (tested with 156) and, for the emoji cases, `fonts-noto-color-emoji`.
One JSON line per case:
    {"id", "category", "font", "size", "width", "runs": [RUN…], "emoji": bool,
     "chromium": {"lineStarts": [utf16…], "lineWidths": [pt…], "height": pt}}
A RUN is the spec's: {"text", "font"?, "size"?, "kern"?, "baselineOffset"?} or {"attachment": {"width",
"height", "baseline"}}. The mapping to HTML (docs/ACCURACY.md, "Attributed text"): the paragraph is a
`white-space: pre-wrap` block with `font-size: 0` (no strut: CoreText has none), each run a span with its
own font family list (the engine's fallback chain, in the same order), size, `letter-spacing` (kern) and
`vertical-align: <length>` (baseline offset); an attachment is an empty inline-block of its size with
`vertical-align: <baseline>px` inside a span in the run's font (the attachment character's font). Line
starts come from the grapheme clusters' client rects (a cluster whose centre is below the current line's
boxes starts a line); a line's width is the extent of its non-white-space clusters from the paragraph's
start edge. Heights use `line-height: normal`, whose ascent and descent Chromium rounds to whole pixels
(the engine does not): they are informational.
"""
import argparse, html, json, os, random, re, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EMOJI_FONT = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
# The engine's fallback chains (bundled fonts in directory order: DejaVuSans, WenQuanYiMicroHei,
# DejaVuSans-Bold; the emoji font's directory first when the case needs it).
FAMILY = {"DejaVu Sans": "Latin", "DejaVu Sans Bold": "Bold", "WenQuanYi Micro Hei": "CJK"}
ORDER = ["Latin", "CJK", "Bold"]

EN = ("the quick brown fox jumps over lazy dog layout cell table view text width height line break font "
      "stack box spacing padding grow shrink basis align justify wrap feed post comment reply share").split()
ZH = list("今天天气很好我们一起去公园散步吧中文文本测试重用机制滚动流畅缓存行高微博评论转发点赞")
NAMES = ["@Kenshin Cui", "@小明", "@layout_bot", "@张三丰", "@AVA Tower", "@WAVE"]
TAGS = ["#话题#", "#SwiftUI#", "#今日热点#", "#LayoutEngine#"]
LINKS = ["https://example.com/post/42", "t.cn/Ab12Cd", "www.weibo.com/u/1234567"]
INVISIBLE = ["\u200b", "\u2060", "\u200d", "\u200c", "\ufeff", "\u200e", "\u200f"]
EMOJI = ["👨‍👩‍👧‍👦", "👍🏽", "🇨🇳", "🇯🇵", "1️⃣", "#️⃣", "❤️", "☺️", "😀", "🎉", "👩🏻‍💻", "🏳️‍🌈", "✌🏿", "🙂"]
ARABIC = ["مرحبا", "بالعالم", "هذا", "نص", "عربي", "للاختبار", "السلام", "عليكم", "كتاب", "جميل", "لا", "إلى"]
HEBREW = ["שלום", "עולם", "זה", "טקסט", "בעברית", "לבדיקה", "ספר", "יפה", "מה", "נשמע"]


def words(rng, n, zh=0.0):
    out = []
    for _ in range(n):
        out.append("".join(rng.choice(ZH) for _ in range(rng.randint(1, 4))) if rng.random() < zh else rng.choice(EN))
    return out


def sentence(rng, n, zh=0.0):
    return " ".join(words(rng, n, zh))


def run(text, **attrs):
    r = {"text": text}
    r.update({k: v for k, v in attrs.items() if v is not None})
    return r


def attributed_latin(rng):
    runs = []
    for _ in range(rng.randint(2, 5)):
        a = {}
        k = rng.random()
        if k < 0.3: a["font"] = "DejaVu Sans Bold"
        if rng.random() < 0.3: a["size"] = rng.choice([10, 12, 14, 15, 20, 24])
        if rng.random() < 0.15: a["kern"] = rng.choice([0.5, 1, 2, -0.5])
        if rng.random() < 0.1: a["baselineOffset"] = rng.choice([-2, -1, 1, 2])
        runs.append(run(sentence(rng, rng.randint(1, 6)) + rng.choice([" ", " ", ""]), **a))
    return runs


def attributed_cjk(rng):
    runs = [run(rng.choice(NAMES), font="DejaVu Sans Bold")]
    runs.append(run(rng.choice([": ", "：", " "]) + sentence(rng, rng.randint(2, 8), zh=0.6)))
    if rng.random() < 0.6: runs.append(run(" " + rng.choice(TAGS), size=rng.choice([12, 15, 17, 20])))
    if rng.random() < 0.5: runs.append(run(" " + sentence(rng, rng.randint(1, 5), zh=0.5)))
    if rng.random() < 0.4: runs.append(run(" " + rng.choice(LINKS), kern=rng.choice([None, 0.5])))
    return runs


def attachments(rng):
    runs = []
    for _ in range(rng.randint(2, 6)):
        if rng.random() < 0.4:
            side = rng.choice([12, 16, 18, 20, 28, 36])
            runs.append({"attachment": {"width": side, "height": rng.choice([side, side, 10, 24]),
                                        "baseline": rng.choice([0, -3, -4, 2, -6])}})
        else:
            a = {}
            if rng.random() < 0.25: a["font"] = "DejaVu Sans Bold"
            if rng.random() < 0.25: a["size"] = rng.choice([12, 15, 20])
            runs.append(run(sentence(rng, rng.randint(1, 5), zh=0.3) + rng.choice([" ", ""]), **a))
    return runs


def invisible(rng):
    ws = words(rng, rng.randint(3, 12), zh=0.2)
    out = ws[0]
    for w in ws[1:]:
        out += rng.choice([" ", " ", rng.choice(INVISIBLE), " " + rng.choice(INVISIBLE), rng.choice(INVISIBLE) + " "]) + w
    if rng.random() < 0.5: out += rng.choice(INVISIBLE)
    return [run(out)]


def soft_hyphens(rng):
    long = ["hyphen\u00adation", "in\u00adter\u00adna\u00adtion\u00adal\u00adi\u00adza\u00adtion", "con\u00adgrat\u00adu\u00adla\u00adtions",
            "su\u00adper\u00adcal\u00adi\u00adfrag\u00adil\u00adis\u00adtic", "com\u00adpo\u00adsi\u00adtion", "mea\u00adsure\u00adment"]
    ws = []
    for _ in range(rng.randint(2, 8)):
        ws.append(rng.choice(long) if rng.random() < 0.5 else rng.choice(EN))
    return [run(" ".join(ws))]


def emoji(rng):
    parts = []
    for _ in range(rng.randint(2, 8)):
        parts.append(rng.choice(EMOJI) if rng.random() < 0.5 else rng.choice(EN + ["今天", "好"]))
    return [run(rng.choice([" ", ""]).join(parts) if rng.random() < 0.3 else " ".join(parts))]


def rtl(rng):
    pool = rng.choice([ARABIC, HEBREW])
    if rng.random() < 0.5:
        return [run(" ".join(rng.choice(pool) for _ in range(rng.randint(2, 14))))], "rtl"
    parts = []
    for _ in range(rng.randint(3, 12)):
        parts.append(rng.choice(pool) if rng.random() < 0.5 else rng.choice(EN))
    return [run(" ".join(parts))], "ltr"


CATEGORIES = [("attributed-latin", attributed_latin, 200), ("attributed-cjk", attributed_cjk, 150),
              ("attachments", attachments, 120), ("invisible", invisible, 80), ("soft-hyphen", soft_hyphens, 50),
              ("emoji", emoji, 60), ("rtl", rtl, 80)]

PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>
@font-face { font-family: "Latin"; src: url("%(fonts)s/DejaVuSans.ttf"); }
@font-face { font-family: "Bold"; src: url("%(fonts)s/DejaVuSans-Bold.ttf"); }
@font-face { font-family: "CJK"; src: url("%(fonts)s/WenQuanYiMicroHei.ttf"); }
@font-face { font-family: "Emoji"; src: url("file://%(emoji)s"); }
html, body { margin: 0; padding: 0; }
.p { display: block; margin: 0; padding: 0; border: 0; white-space: pre-wrap; line-height: normal; font-size: 0;
     word-break: normal; overflow-wrap: anywhere; hyphens: manual; text-align: start; font-kerning: auto; }
</style></head><body><div id=host></div><pre id=out>PENDING</pre><script>
const CASES = %(cases)s;
const seg = new Intl.Segmenter(undefined, {granularity: "grapheme"});
function r6(x) { return Math.round(x * 1e6) / 1e6; }
function families(primary, emoji) {
  const order = emoji ? ["Latin", "Emoji", "CJK", "Bold"] : ["Latin", "CJK", "Bold"];
  return [primary].concat(order.filter(f => f !== primary)).map(f => '"' + f + '"').join(", ");
}
function measure(c) {
  const d = document.createElement("div");
  d.className = "p";
  d.style.width = c.width + "px";
  d.dir = c.dir || "ltr";
  const items = [];
  let off = 0;
  for (const r of c.runs) {
    const s = document.createElement("span");
    s.style.fontFamily = families(c.families[r.font || c.font], c.emoji);
    s.style.fontSize = (r.size || c.size) + "px";
    if (r.kern) s.style.letterSpacing = r.kern + "px";
    if (r.baselineOffset) s.style.verticalAlign = r.baselineOffset + "px";
    if (r.attachment) {
      const b = document.createElement("span");
      const a = r.attachment;
      b.style.cssText = "display:inline-block;width:" + a.width + "px;height:" + a.height + "px;vertical-align:" + (a.baseline || 0) + "px";
      s.appendChild(b);
      items.push({el: b, start: off, len: 1, ws: false});
      off += 1;
    } else {
      const t = document.createTextNode(r.text);
      s.appendChild(t);
      let u = 0;
      for (const g of seg.segment(r.text)) {
        const len = g.segment.length;
        items.push({node: t, at: u, start: off + u, len: len, ws: /^[ \\t\\n\\u3000]+$/.test(g.segment)});
        u += len;
      }
      off += r.text.length;
    }
    d.appendChild(s);
  }
  document.getElementById("host").appendChild(d);
  const box = d.getBoundingClientRect();
  const range = document.createRange();
  const lines = [];
  let cur = null;
  for (const it of items) {
    let rect = null;
    if (it.el) rect = it.el.getBoundingClientRect();
    else {
      range.setStart(it.node, it.at);
      range.setEnd(it.node, it.at + it.len);
      const rs = range.getClientRects();
      // A cluster's boxes on its first line only: a soft hyphen where the line breaks has a box
      // for its hyphen there and an empty one at the start of the next line.
      // Boxes with ink first: a range that starts where a line breaks also gives an empty box at
      // the end of the line before; a range just after a soft hyphen where the line breaks also
      // gives the hyphen's box there: a cluster's own box is on the last line it has boxes on.
      let inked = Array.from(rs).filter(r => r.width > 0);
      if (inked.length > 1) { const last = Math.max(...inked.map(r => r.top)); inked = inked.filter(r => r.top > last - 0.5); }
      for (const r of (inked.length ? inked : Array.from(rs).slice(0, 1))) {
        if (!rect) rect = {left: r.left, right: r.right, top: r.top, bottom: r.bottom};
        else if (r.top < rect.bottom - 0.5) { rect.left = Math.min(rect.left, r.left); rect.right = Math.max(rect.right, r.right);
               rect.top = Math.min(rect.top, r.top); rect.bottom = Math.max(rect.bottom, r.bottom); }
      }
    }
    if (!rect) continue;
    const centre = (rect.top + rect.bottom) / 2;
    if (cur === null || centre > cur.bottom) {
      cur = {start: it.start, bottom: rect.bottom, left: Infinity, right: -Infinity};
      lines.push(cur);
    }
    cur.bottom = Math.max(cur.bottom, rect.bottom);
    if (!it.ws && rect.right > rect.left) { cur.left = Math.min(cur.left, rect.left); cur.right = Math.max(cur.right, rect.right); }
  }
  const rtl = d.dir === "rtl";
  const out = {lineStarts: lines.map(l => l.start),
               lineWidths: lines.map(l => l.right < l.left ? 0 : r6(rtl ? box.right - l.left : l.right - box.left)),
               height: r6(box.height)};
  d.remove();
  return out;
}
(async () => {
  const res = {};
  try {
    const faces = [];
    document.fonts.forEach(f => faces.push(f));
    await Promise.all(faces.map(f => f.load().catch(() => null)));
    res.fonts = faces.map(f => [f.family, f.status]);
    res.cases = {};
    for (const c of CASES) res.cases[c.id] = measure(c);
  } catch (e) { res.error = String(e) + " " + e.stack; }
  document.getElementById("out").textContent = "BEGIN" + JSON.stringify(res) + "END";
})();
</script></body></html>"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--out", default=os.path.join(ROOT, "Tests/Fixtures/text/corpus.jsonl"))
    ap.add_argument("--chromium", default="chromium")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    has_emoji = os.path.exists(EMOJI_FONT)
    cases = []
    for name, make, count in CATEGORIES:
        if name == "emoji" and not has_emoji:
            print("no %s: the emoji cases are left out" % EMOJI_FONT, file=sys.stderr)
            continue
        for i in range(count):
            made = make(rng)
            runs, direction = made if isinstance(made, tuple) else (made, None)
            c = {"id": "%s-%03d" % (name, i), "category": name, "font": "DejaVu Sans",
                 "size": rng.choice([14, 15, 17]), "width": rng.choice([80, 120, 160, 200, 240, 320]), "runs": runs,
                 "emoji": name == "emoji"}
            if direction: c["direction"] = direction
            cases.append(c)
    page_cases = []
    for c in cases:
        p = dict(c)
        p["families"] = FAMILY
        if "direction" in c: p["dir"] = c["direction"]
        page_cases.append(p)
    with tempfile.TemporaryDirectory() as tmp:
        page = os.path.join(tmp, "page.html")
        open(page, "w", encoding="utf-8").write(PAGE % {"fonts": "file://" + os.path.join(ROOT, "Fonts"), "emoji": EMOJI_FONT,
                                                        "cases": json.dumps(page_cases, ensure_ascii=False)})
        dom = subprocess.run([a.chromium, "--headless", "--disable-gpu", "--no-sandbox", "--user-data-dir=" + os.path.join(tmp, "p"),
                              "--allow-file-access-from-files", "--force-device-scale-factor=1", "--window-size=1200,900",
                              "--virtual-time-budget=30000", "--dump-dom", "file://" + page],
                             capture_output=True, text=True, timeout=900).stdout
    m = re.search(r"BEGIN(\{.*\})END", html.unescape(dom), re.S)
    if not m: sys.exit("no result in the DOM dump")
    res = json.loads(m.group(1))
    if "error" in res: sys.exit("page error: " + res["error"])
    bad = [f for f in res["fonts"] if f[1] != "loaded" and (f[0] != "Emoji" or has_emoji)]
    if bad: sys.exit("fonts not loaded: %s" % bad)
    os.makedirs(os.path.dirname(a.out), exist_ok=True)
    with open(a.out, "w", encoding="utf-8") as f:
        for c in cases:
            c["chromium"] = res["cases"][c["id"]]
            f.write(json.dumps(c, ensure_ascii=False) + "\n")
    print("%d cases → %s" % (len(cases), a.out))


if __name__ == "__main__":
    main()
