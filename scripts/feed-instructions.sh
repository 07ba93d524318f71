#!/usr/bin/env bash
# Instructions of the issue-10 feed's benchmarks, counted by valgrind (Debian's `valgrind`):
# per post for the cold compute, the hand-written peer (its texts measured cold, heights by the
# seed's formulas) and a compute at a new width, per insertion for the insert. The
# wall clock of a shared machine wanders by half from one minute to the next; these counts do not,
# so they are what a change is judged by (docs/BENCHMARKS.md). Each mode runs twice, with 2 and
# 6 repeats, and the difference is divided: setting up (decoding, fonts, warming) cancels out.
#   scripts/feed-instructions.sh [POSTS]     (default 2,000 posts; the insert uses a 10,000-post feed)
# About five minutes on 2 cores.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
posts="${1:-2000}"
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 1; }
cd "$root/Benchmarks"
# The standard library's hash seed fixed: with a random one the counts move by about 2 % from one
# process to the next (dictionary probes), as much as a change worth measuring.
export SWIFT_DETERMINISTIC_HASHING=1
swift build -c release --product FeedInstructions >&2
# A copy without debug information: valgrind's reader gives up on the Swift toolchain's.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
bin="$work/FeedInstructions"
strip --strip-debug -o "$bin" "$root/Benchmarks/.build/release/FeedInstructions"
# The instructions of one run (valgrind runs the threads one at a time: the count is the work). On one
# core (taskset), where libdispatch runs the feed's chunks on one thread in order: with two, which thread
# finds a word the other stored first changes from run to run, and the count by ±1 % (docs/BENCHMARKS.md).
pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)
count() {
    "${pin[@]}" valgrind --tool=callgrind --callgrind-out-file=/dev/null $collect "$bin" "$@" 2>&1 >/dev/null \
        | awk '/Collected :/ { print $NF }'
}
collect=""
# An insertion is counted inside its own function only (`insertOnce`): the setup around it (a
# 10,000-post feed decoded and measured) does not repeat exactly from run to run, by more than an
# insertion costs; the two runs (20 and 100 insertions) cancel the first insertion's one-time costs.
per_insert() {
    local a b
    collect="--toggle-collect=*insertOnce*"
    a=$(count insert 20 10000)
    b=$(count insert 100 10000)
    collect=""
    [ -n "$a" ] && [ -n "$b" ] || { echo "insert: valgrind gave no count" >&2; exit 1; }
    awk -v a="$a" -v b="$b" 'BEGIN { printf "%-9s %8.0f instructions an insertion (a 10000-post feed)\n", "insert", (b - a) / 80 }'
}
per() {  # mode, feed length, what one repeat is
    local mode="$1" n="$2" unit="$3" a b
    a=$(count "$mode" 2 "$n")
    b=$(count "$mode" 6 "$n")
    [ -n "$a" ] && [ -n "$b" ] || { echo "$mode: valgrind gave no count" >&2; exit 1; }
    awk -v a="$a" -v b="$b" -v n="$n" -v m="$mode" -v u="$unit" \
        'BEGIN { r = (b - a) / 4; if (u == "post") printf "%-9s %8.0f instructions a post (%d posts, %.1f M a compute)\n", m, r / n, n, r / 1e6;
                 else printf "%-9s %8.0f instructions an insertion (a %d-post feed)\n", m, r, n }'
}
per cold "$posts" post
per peer "$posts" post
per newWidth "$posts" post
per_insert
