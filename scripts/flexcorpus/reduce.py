#!/usr/bin/env python3
"""Cuts flexbox-corpus trees that disagree with Chromium down to small trees that still disagree (delta debugging:
remove a child, hoist a stack's child, drop a property, halve a text; keep the first change that still disagrees;
repeat until none does). Every round renders all candidates of all trees in one Chromium page.

    scripts/flexcorpus/reduce.py IDS_FILE OUT.jsonl      (IDS_FILE: one tree id per line, e.g. from
                                                          FLEX_CORPUS_REPORT; keep it to ~10 trees per run)
    LAYOUT_BIN=.build/release/layout (default); FLEX_BASELINES=css lays out with "baselines": "css";
    FLEX_CORPUS_FILE=another.jsonl reads the trees from another corpus (generate.py --seed N --out FILE)

Writes {"id", "width", "layout"} per tree; scripts/flexcorpus/probe.py shows both engines' frames for them."""
import json, os, re, subprocess, sys, tempfile, html, copy, collections
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts/flexcorpus"))
import generate as g
BIN = os.environ.get("LAYOUT_BIN", os.path.join(ROOT, ".build/release/layout"))
ids = [l.strip() for l in open(sys.argv[1]) if l.strip()]
corpus = {}
for l in open(os.environ.get("FLEX_CORPUS_FILE", os.path.join(ROOT, "Tests/Fixtures/flexbox/corpus.jsonl"))):
    c = json.loads(l)
    if c["id"] in ids: corpus[c["id"]] = c

def chromium(cases):
    return g.layout_in_chromium(cases, budget_ms=60000, timeout=1200)

def engine(cases):
    out = {}
    byw = collections.defaultdict(list)
    for c in cases: byw[c["width"]].append(c)
    for w, cs in byw.items():
        spec = {"width": w, "scale": 0, "separatorStyle": "none", "rowHeight": "automatic", "baselines": os.environ.get("FLEX_BASELINES", "exact"), "rows": [{"layout": c["layout"]} for c in cs]}
        p = subprocess.run([BIN, "compute", "-", "--quiet"], input=json.dumps(spec), capture_output=True, text=True)
        if p.returncode != 0:
            for c in cs: out[c["id"]] = None
            continue
        rows = json.loads(p.stdout)["sections"][0]["rows"]
        for c, r in zip(cs, rows): out[c["id"]] = {tuple(f["path"]): f["rect"] for f in r.get("frames", [])}
    return out

def disagrees(ours, theirs):
    if ours is None: return False
    th = {tuple(f["path"]): f["rect"] for f in theirs["frames"]}
    if set(th) != set(ours): return True
    return any(any(abs(a - b) > 0.5 for a, b in zip(ours[p], th[p])) for p in th)

PAIRS = ("overlay", "background")

def parts(e):
    """An element's children: a stack's, or a pair's base and layer (indexes 0 and 1)."""
    if "children" in e: return e["children"]
    for k in PAIRS:
        if k in e: return e[k]
    return []

def nodes(e, path=()):
    yield path, e
    for i, ch in enumerate(parts(e)):
        yield from nodes(ch, path + (i,))

def get(tree, path):
    e = tree
    for i in path: e = parts(e)[i]
    return e

def put(tree, path, value):
    """`tree` with the element at `path` (not the root) replaced by `value`."""
    parts(get(tree, path[:-1]))[path[-1]] = value

def candidates(tree):
    out = []
    for path, e in nodes(tree):
        if "children" in e:
            for i in range(len(e["children"])):
                t = copy.deepcopy(tree); del get(t, path)["children"][i]; out.append(t)
    for path, e in nodes(tree):
        if path and "stack" in e:
            kids = e.get("children", []) or []
            for k in kids:
                t = copy.deepcopy(tree); put(t, path, copy.deepcopy(k)); out.append(t)
        if path and any(k in e for k in PAIRS):
            # A pair replaced by its base; its layer by an empty box.
            base, layer = parts(e)
            t = copy.deepcopy(tree); put(t, path, copy.deepcopy(base)); out.append(t)
            if layer != {"box": {}}:
                t = copy.deepcopy(tree); put(t, path + (1,), {"box": {}}); out.append(t)
        if not path and "stack" in e and len(e["children"]) == 1 and "stack" in e["children"][0]:
            out.append(copy.deepcopy(e["children"][0]))
    for path, e in nodes(tree):
        for k in list(e.keys()):
            if k in ("stack", "box", "text", "textStyle", "children", "spacer") + PAIRS: continue
            t = copy.deepcopy(tree); del get(t, path)[k]; out.append(t)
        if "box" in e:
            for k in list(e["box"].keys()):
                if len(e["box"]) > 1:
                    t = copy.deepcopy(tree); del get(t, path)["box"][k]; out.append(t)
        if "text" in e:
            words = e["text"].split(" ")
            if len(words) > 1:
                t = copy.deepcopy(tree); get(t, path)["text"] = " ".join(words[:len(words) // 2]); out.append(t)
                t = copy.deepcopy(tree); get(t, path)["text"] = words[0]; out.append(t)
            elif len(e["text"]) > 1:
                t = copy.deepcopy(tree); get(t, path)["text"] = e["text"][:len(e["text"]) // 2]; out.append(t)
    return out

current = {i: c["layout"] for i, c in corpus.items()}
width = {i: c["width"] for i, c in corpus.items()}
done = set()
for rnd in range(60):
    batch = []
    for i, tree in current.items():
        if i in done: continue
        for k, t in enumerate(candidates(tree)):
            batch.append({"id": "%s~%d" % (i, k), "width": width[i], "layout": t, "_of": i})
    if not batch: break
    print("round", rnd, len(batch), "candidates", file=sys.stderr, flush=True)
    chrome = chromium(batch); ours = engine(batch)
    progressed = set()
    for c in batch:
        i = c["_of"]
        if i in progressed: continue
        if disagrees(ours[c["id"]], chrome[c["id"]]):
            current[i] = c["layout"]; progressed.add(i)
    for i in current:
        if i not in progressed: done.add(i)
with open(sys.argv[2], "w") as f:
    for i, t in current.items():
        f.write(json.dumps({"id": i, "width": width[i], "layout": t}, ensure_ascii=False) + "\n")
