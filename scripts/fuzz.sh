#!/usr/bin/env bash
# Runs a libFuzzer target of Fuzz/ for a bounded time on a copy of its committed corpus
# (docs/RELIABILITY.md). Findings (crash-*, timeout-*, oom-*) are written to Fuzz/Findings/.
#
#   scripts/fuzz.sh [TARGET=SpecFuzz] [SECONDS=60]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
target="${1:-SpecFuzz}"
seconds="${2:-60}"
"$root/scripts/install-deps.sh"
cd "$root/Fuzz"
swift build -c debug -Xswiftc -sanitize=fuzzer,address --product "$target" >&2
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r "Corpus/$target/." "$work/"
mkdir -p Findings
# fontconfig's one-time allocation on its first match is not a leak of ours (Fuzz/lsan.supp).
export SWIFT_BACKTRACE=enable=no  # the Swift crash handler reads memory ASan reports
export LSAN_OPTIONS="suppressions=$root/Fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
max_len=8192
[ "$target" = FontFuzz ] && max_len=65536  # font files (the seeds are 2–14 KB subsets)
# FUZZ_SEED: libFuzzer's seed (0 = a new one each run). CI fixes it, so a CI run explores the same inputs as
# a local run with the same seed (which may run longer): a green CI is reproducible, and new findings come from
# longer or other-seed runs here, not from the landing check.
".build/debug/$target" "$work" -seed="${FUZZ_SEED:-0}" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=4096 \
  -artifact_prefix="Findings/" -print_final_stats=1 2>&1 | tail -20
