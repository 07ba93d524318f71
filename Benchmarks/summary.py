#!/usr/bin/env python3
"""Summarises package-benchmark's text output (one or more runs): the median (p50) of each
benchmark's metrics, per run, the text engine's Pango ratios and the tables' and grids' ratios
over their naive peers. Standard library only.

usage: summary.py RUN.txt [RUN2.txt ...]
"""
import re
import statistics
import sys

UNIT = {"ns": 1e-3, "μs": 1.0, "us": 1.0, "ms": 1e3, "s": 1e6}
SCALE = {"": 1, "K": 1e3, "M": 1e6, "G": 1e9}


def parse(path):
    """{"Target:benchmark": {metric label: p50 as printed, with its unit suffix}}"""
    results, target, name = {}, "", None
    lines = [l.rstrip("\n") for l in open(path, encoding="utf-8") if l.strip()]
    for i, line in enumerate(lines):
        if line.startswith("│"):
            cells = [c.strip() for c in line.strip("│").split("│")]
            if name is None or cells[0] == "Metric" or len(cells) < 4:
                continue
            results.setdefault(name, {})[cells[0]] = cells[3]  # p0, p25, p50
        elif line[0] not in "╒╞├╘=[" and re.fullmatch(r"[A-Za-z0-9_.]+", line.strip()):
            separators = [re.fullmatch(r"=+", lines[j].strip()) for j in (i - 1, i + 1) if 0 <= j < len(lines)]
            if len(separators) == 2 and all(separators):
                target, name = line.strip(), None  # a target's name sits between two lines of "="
            else:
                name = f"{target}:{line.strip()}" if target else line.strip()
    return results


def value(label, text):
    """The p50 in base units: µs for times, counts or bytes otherwise."""
    v = float(text.replace(",", ""))
    m = re.search(r"\((ns|μs|us|ms|s)\)", label)
    if m:
        return v * UNIT[m.group(1)]
    m = re.search(r"\((K|M|G)\)", label)
    return v * SCALE[m.group(1)] if m else v


def main(paths):
    runs = [parse(p) for p in paths]
    names = sorted({n for r in runs for n in r})
    print(f"medians (p50) of {len(runs)} run(s); times in µs per iteration (* = per inner iteration: "
          f"per paragraph, per re-layout, per query)")
    for n in names:
        labels = sorted({l for r in runs for l in r.get(n, {})})
        for l in labels:
            vals = [value(l, r[n][l]) for r in runs if l in r.get(n, {})]
            unit = "µs" if "Time" in l else ""
            shown = ", ".join(f"{v:,.3f}" if unit else f"{v:,.0f}" for v in vals)
            med = statistics.median(vals)
            medtxt = f"{med:,.3f} {unit}" if unit else f"{med:,.0f}"
            short = re.sub(r"(\s*\((ns|μs|us|ms|s|K|M|G)\))?\s*\*?$", "", l)
            print(f"  {n:56s} {short:40s} median {medtxt:>16s}   runs: {shown}")
    ratio = [r.get("TextBenchmarks:Corpus.RatioVsPango", r.get("Corpus.RatioVsPango", {})) for r in runs]
    for key in ("Pango ratio x100 (cold)", "Pango ratio x100 (warm shapes)"):
        vals = [value(key, r[key]) / 100 for r in ratio if key in r]
        if vals:
            print(f"LayoutEngine / Pango throughput, {key[18:-1]}: {statistics.median(vals):.2f}x "
                  f"(per run: {', '.join(f'{v:.2f}x' for v in vals)}; issue target: >= 10x)")
    # Tables and grids: "peer ratio x1000 (…)" = the naive peer's time / LayoutEngine's.
    for n in names:
        if not n.split(":")[-1].startswith("Peer."):
            continue
        labels = sorted({l for r in runs for l in r.get(n, {}) if l.startswith("peer ratio x1000")})
        for l in labels:
            vals = [value(l, r[n][l]) / 1000 for r in runs if l in r.get(n, {})]
            what = re.sub(r"\s*\((K|M|G)\)$", "", l)[len("peer ratio x1000 ("):-1]
            def x(v):
                return f"{v:,.0f}x" if v >= 100 else f"{v:.3g}x"
            print(f"LayoutEngine / naive peer throughput, {n.split(':')[0]} {what}: {x(statistics.median(vals))} "
                  f"(per run: {', '.join(x(v) for v in vals)})")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
