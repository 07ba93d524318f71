#!/usr/bin/python3
"""Adds Pango's answers to the real-world text corpus (issue 11): for every case of
Tests/Fixtures/text/corpus.jsonl that Pango can express, a "pango" member with the same fields as
"chromium" (lineStarts in UTF-16 code units, lineWidths without trailing white space, height).

    /usr/bin/python3 scripts/textcorpus/pango.py [--corpus Tests/Fixtures/text/corpus.jsonl]

Needs Debian's python3-gi, python3-gi-cairo, gir1.2-pango-1.0 (and fonts-noto-color-emoji for the emoji
cases). Settings as ../shared/oracle/pango_measure.py: a private fontconfig holding only the bundled fonts
(and the emoji font), hint metrics off, unrounded glyph positions, no inserted hyphens, PANGO_WRAP_WORD_CHAR,
absolute sizes in px. A run is a span of attributes: font description (family, bold weight for
"DejaVu Sans Bold", absolute size), letter_spacing (kern), rise (baseline offset); an attachment is U+FFFC
with a shape attribute whose logical rectangle is the box (its bottom `baseline` above the baseline).
Pango resolves fallback fonts through fontconfig, not in the engine's chain order: a case whose runs
Pango shaped with a font the engine would not pick is left without a "pango" member (counted on stderr).
"""
import argparse, json, os, shutil, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EMOJI_FONT = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
FC_DIR = "/tmp/layoutengine-textcorpus-fontconfig"


def private_fontconfig():
    fonts = os.path.join(FC_DIR, "fonts")
    shutil.rmtree(FC_DIR, ignore_errors=True)
    os.makedirs(os.path.join(FC_DIR, "cache"))
    os.makedirs(fonts)
    for f in ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "WenQuanYiMicroHei.ttf"]:
        os.symlink(os.path.join(ROOT, "Fonts", f), os.path.join(fonts, f))
    if os.path.exists(EMOJI_FONT): os.symlink(EMOJI_FONT, os.path.join(fonts, "NotoColorEmoji.ttf"))
    conf = os.path.join(FC_DIR, "fonts.conf")
    open(conf, "w").write('<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd"><fontconfig>'
                          '<dir>%s</dir><cachedir>%s</cachedir></fontconfig>' % (fonts, os.path.join(FC_DIR, "cache")))
    return conf


os.environ["FONTCONFIG_FILE"] = private_fontconfig()
import cairo  # noqa: E402
import gi  # noqa: E402
gi.require_version("Pango", "1.0")
gi.require_version("PangoCairo", "1.0")
from gi.repository import Pango, PangoCairo  # noqa: E402

S = Pango.SCALE
WHITE = " \t\n\u3000"


def context():
    ctx = PangoCairo.FontMap.new().create_context()
    fo = cairo.FontOptions()
    fo.set_hint_metrics(cairo.HINT_METRICS_OFF)
    fo.set_hint_style(cairo.HINT_STYLE_NONE)
    PangoCairo.context_set_font_options(ctx, fo)
    PangoCairo.context_set_resolution(ctx, 96.0)
    ctx.set_round_glyph_positions(False)
    return ctx


def desc(font, size):
    d = Pango.FontDescription.new()
    d.set_family("DejaVu Sans" if font.startswith("DejaVu Sans") else font)
    d.set_weight(Pango.Weight.BOLD if font == "DejaVu Sans Bold" else Pango.Weight.NORMAL)
    d.set_absolute_size(size * S)
    return d


def measure(ctx, c):
    ctx.set_base_dir(Pango.Direction.RTL if c.get("direction") == "rtl" else Pango.Direction.LTR)
    lay = Pango.Layout.new(ctx)
    lay.set_auto_dir(False)
    lay.set_wrap(Pango.WrapMode.WORD_CHAR)
    lay.set_width(int(round(c["width"] * S)))
    text, attrs = "", Pango.AttrList()
    attrs.insert(Pango.attr_insert_hyphens_new(False))
    spans = []
    for r in c["runs"]:
        t = "\ufffc" if "attachment" in r else r["text"]
        b0 = len(text.encode("utf-8"))
        text += t
        b1 = len(text.encode("utf-8"))
        def add(a):
            a.start_index, a.end_index = b0, b1
            attrs.insert(a)
        add(Pango.AttrFontDesc.new(desc(r.get("font", c["font"]), r.get("size", c["size"]))))
        if r.get("kern"): add(Pango.attr_letter_spacing_new(int(round(r["kern"] * S))))
        if r.get("baselineOffset"): add(Pango.attr_rise_new(int(round(r["baselineOffset"] * S))))
        if "attachment" in r:
            a = r["attachment"]
            rect = Pango.Rectangle()
            rect.x, rect.y = 0, int(round(-(a["height"] + a.get("baseline", 0)) * S))
            rect.width, rect.height = int(round(a["width"] * S)), int(round(a["height"] * S))
            add(Pango.attr_shape_new(rect, rect))
        spans.append((b0, b1, r))
    lay.set_text(text, -1)
    lay.set_attributes(attrs)
    if lay.get_unknown_glyphs_count(): return None
    # byte offset -> UTF-16 offset
    b2u, b, u = {}, 0, 0
    for ch in text:
        b2u[b] = u
        b += len(ch.encode("utf-8"))
        u += 2 if ord(ch) > 0xFFFF else 1
    b2u[b] = u
    rtl = c.get("direction") == "rtl"
    starts, widths = [], []
    it = lay.get_iter()
    while True:
        line = it.get_line_readonly()
        starts.append(b2u[line.start_index])
        _ink, logical = it.get_line_extents()
        lo, hi = None, None
        b = line.start_index
        seg = text.encode("utf-8")[line.start_index:line.start_index + line.length].decode("utf-8")
        for ch in seg:
            if ch not in WHITE:
                p = lay.index_to_pos(b)
                x0, x1 = sorted((p.x, p.x + p.width))
                lo = x0 if lo is None else min(lo, x0)
                hi = x1 if hi is None else max(hi, x1)
            b += len(ch.encode("utf-8"))
        if hi is None: widths.append(0.0)
        else: widths.append(round(((hi - lo) if rtl else (hi - logical.x)) / S, 6))
        if not it.next_line(): break
    _ink, logical = lay.get_extents()
    return {"lineStarts": starts, "lineWidths": widths, "height": logical.height / S}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", default=os.path.join(ROOT, "Tests/Fixtures/text/corpus.jsonl"))
    a = ap.parse_args()
    ctx = context()
    cases = [json.loads(l) for l in open(a.corpus, encoding="utf-8") if l.strip()]
    missing = 0
    for c in cases:
        c.pop("pango", None)
        r = measure(ctx, c)
        if r is None: missing += 1
        else: c["pango"] = r
    with open(a.corpus, "w", encoding="utf-8") as f:
        for c in cases: f.write(json.dumps(c, ensure_ascii=False) + "\n")
    print("pango: %d of %d cases measured (%d with glyphs Pango could not find)" % (len(cases) - missing, len(cases), missing),
          file=sys.stderr)


if __name__ == "__main__":
    main()
