#!/usr/bin/env bash
# ThreadSanitizer over the tests that measure and lay out from several threads (docs/RELIABILITY.md).
# Locks are built TSan-visible (-DTSAN_VISIBLE_LOCKS: NSLock instead of a futex Mutex, which TSan cannot
# see), so every report is a real race. Exits non-zero on a report or a failed test.
#   scripts/tsan.sh [FILTER]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
filter="${1:-LayouterTests|DeterminismTests|PreparedTextTests|FlexTests|ComposedCellTests|NestedInLayoutTests|ComposedSupplementaryTests|PreparedCellCacheTests|MeasureCommandTests|EmojiTests|ResolvedSectionTests|ResolvedRowsTests|BulkMeasuringTests|EstimationTests|KeptRowTests|IntrinsicSizeTests|CellStructureTests|LeafStackMemoTests|LeafStackSetTests|SkeletonSlotTests|ThreadTablesTests|StructureTextsTests|PremeasureTests}"
log="$(mktemp)"
trap 'rm -rf "$log"' EXIT
status=0
swift test --scratch-path .build-tsan --sanitize=thread -Xswiftc -DTSAN_VISIBLE_LOCKS --filter "$filter" >"$log" 2>&1 || status=$?
reports=$(grep -c "WARNING: ThreadSanitizer" "$log" || true)
grep -E "Test run with|Executed .* tests|error:" "$log" | tail -3 || true
echo "ThreadSanitizer reports: $reports"
[ "$reports" -eq 0 ] || { grep -A12 "WARNING: ThreadSanitizer" "$log" | head -60; exit 1; }
exit "$status"
