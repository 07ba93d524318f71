#!/usr/bin/env python3
"""Lays layout trees out in headless Chromium (generate.py's CSS mapping) and in the engine, and prints every
element with both frames ("!!": they differ by more than 0.5 pt).

    scripts/flexcorpus/probe.py FILE.json [--layout BIN]   (FILE: a list of {"id", "width", "layout"}, or one;
                                                           BIN: default .build/release/layout;
                                                           FLEX_BASELINES=css: "baselines": "css")"""
import json, os, re, subprocess, sys, tempfile, html
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts/flexcorpus"))
import generate as g
args = sys.argv[1:]
binary = os.path.join(ROOT, ".build/release/layout")
if "--layout" in args:
    i = args.index("--layout"); binary = args[i + 1]; del args[i:i + 2]
cases = json.load(open(args[0]))
if isinstance(cases, dict): cases = [cases]
for k, c in enumerate(cases): c.setdefault("id", "p%d" % k)
res = g.layout_in_chromium(cases)
def fmt(r): return "[" + ", ".join("%.3f" % v for v in r) + "]" if r else "None"
for c in cases:
    spec = {"width": c["width"], "scale": 0, "separatorStyle": "none", "rowHeight": "automatic", "baselines": os.environ.get("FLEX_BASELINES", "exact"), "rows": [{"layout": c["layout"]}]}
    p = subprocess.run([binary, "compute", "-", "--quiet"], input=json.dumps(spec), capture_output=True, text=True)
    if p.returncode != 0: print(c["id"], "engine error:", p.stderr); continue
    row = json.loads(p.stdout)["sections"][0]["rows"][0]
    ours = {tuple(f["path"]): f["rect"] for f in row["frames"]}
    theirs = {tuple(f["path"]): f["rect"] for f in res[c["id"]]["frames"]}
    print("==", c["id"], "width", c["width"])
    def walk(e, path, depth):
        props = {k: v for k, v in e.items() if k not in ("children", "overlay", "background", "text", "textStyle")}
        if "background" in e: props["pair"] = "background"
        if "overlay" in e: props["pair"] = "overlay"
        if "text" in e: props["text"] = e["text"][:30]; props["ts"] = "%s %s" % (e["textStyle"]["font"][:3], e["textStyle"]["size"])
        o, t = ours.get(tuple(path)), theirs.get(tuple(path))
        bad = (o is None) != (t is None) or (o and t and any(abs(a - b) > 0.5 for a, b in zip(o, t)))
        print("%s%s%s %s\n%s     ours %s  chromium %s" % ("!!" if bad else "  ", "  " * depth, ".".join(map(str, path)) or "root",
              json.dumps(props, ensure_ascii=False), "  " * depth, fmt(o), fmt(t)))
        for i, ch in enumerate(e.get("children", []) + e.get("overlay", []) + e.get("background", [])): walk(ch, path + [i], depth + 1)
    walk(c["layout"], [], 0)
