#!/usr/bin/env bash
# Runs LayoutEngine's benchmarks (package-benchmark, release build) and checks the issues' limits.
#
#   Benchmarks/run.sh [--rounds N] [--target T]... [--filter REGEX] [--check | --no-check]
#
# Runs every benchmark target (TextBenchmarks, TableBenchmarks, GridBenchmarks, ComputeBenchmarks), or those named
# by --target. Installs the Debian packages it needs when they are missing (Pango for the peer;
# FreeType, HarfBuzz and ICU for the engine). Runs the suite N times (default 1) — on a shared
# machine run it more than once: the rounds are interleaved with whatever else runs, and the
# summary shows every round's median — then prints the medians, LayoutEngine's throughput over
# Pango's and the tables' and grids' throughput over their naive peers, then checks the static
# limits in Thresholds/ against the last round (exit status 1 when a limit is missed). With
# --filter the check is off unless --check is given (package-benchmark fails a check that finds
# no limit for the selected benchmarks). Output is kept in bench-out/ at the repository's root.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="$here/../bench-out"
rounds=1
filter=()
targets=()
check=
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds="$2"; shift 2 ;;
        --filter) filter=(--filter "$2"); shift 2 ;;
        --target) targets+=(--target "$2"); shift 2 ;;
        --no-check) check=0; shift ;;
        --check) check=1; shift ;;
        -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
        *) echo "run.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done

if [ -z "$check" ]; then
    if [ ${#filter[@]} -eq 0 ]; then check=1; else check=0; fi
fi

# Debian packages: pkg-config module → package.
missing=()
command -v pkg-config >/dev/null || missing+=(pkg-config)
for pair in pangocairo:libpango1.0-dev cairo:libcairo2-dev pangoft2:libpango1.0-dev fontconfig:libfontconfig-dev \
            freetype2:libfreetype-dev harfbuzz:libharfbuzz-dev icu-uc:libicu-dev; do
    if ! pkg-config --exists "${pair%%:*}" 2>/dev/null; then missing+=("${pair#*:}"); fi
done
if [ ${#missing[@]} -gt 0 ]; then
    packages=$(printf '%s\n' "${missing[@]}" | sort -u | tr '\n' ' ')
    echo "run.sh: installing $packages"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get install -y --no-install-recommends $packages \
        || { $sudo apt-get update && $sudo apt-get install -y --no-install-recommends $packages; }
fi

cd "$here"
mkdir -p "$out"
runs=()
for ((r = 1; r <= rounds; r++)); do
    echo "== round $r of $rounds ($(date -u +%H:%M:%S) UTC, load: $(cut -d' ' -f1-3 /proc/loadavg))"
    # `baseline update` runs the benchmarks and stores the results (.benchmarkBaselines/);
    # `baseline read` prints them.
    swift package --allow-writing-to-package-directory benchmark baseline update "round$r" \
        --no-progress "${filter[@]}" "${targets[@]}" 2>&1 | grep -av '^warning: prohibited flag' > "$out/round$r.log"
    swift package benchmark baseline read "round$r" --no-progress "${filter[@]}" "${targets[@]}" 2>&1 \
        | grep -av '^warning: prohibited flag' | tee "$out/round$r.txt"
    runs+=("$out/round$r.txt")
done

echo
python3 "$here/summary.py" "${runs[@]}" | tee "$out/summary.txt"

if [ "$check" -eq 1 ]; then
    echo
    echo "== limits (Thresholds/, p90 of round $rounds; see docs/BENCHMARKS.md)"
    swift package benchmark thresholds check "round$rounds" --no-progress "${filter[@]}" "${targets[@]}" 2>&1 \
        | grep -av '^warning: prohibited flag' | tee "$out/check.txt"
fi
