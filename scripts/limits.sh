#!/usr/bin/env bash
# The resource figures of docs/RELIABILITY.md ("Limits"), measured with /usr/bin/time on the release build:
# a million distinct words through `measure --jsonl`, a 10 MB paragraph, 10 million and 100 million rows.
#   scripts/limits.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
swift build -c release --product layout >&2
bin="$root/.build/release/layout"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 - "$work" <<'PY'
import json, random, sys
w = sys.argv[1]
random.seed(1)
a = 'abcdefghijklmnopqrstuvwxyz'
with open(w + '/words.jsonl', 'w') as f:
    for i in range(1_000_000):
        f.write(json.dumps({"text": ''.join(random.choice(a) for _ in range(random.randint(5, 12))) + " " + str(i),
                            "width": 100, "size": 17}) + "\n")
words = [''.join(random.choice(a) for _ in range(random.randint(2, 9))) for _ in range(2000)]
text, n = [], 0
while n < 10_000_000:
    x = random.choice(words); text.append(x); n += len(x) + 1
open(w + '/paragraph.jsonl', 'w').write(json.dumps({"text": " ".join(text), "width": 320, "size": 17}) + "\n")
for rows in (10_000_000, 100_000_000):
    json.dump({"kind": "table", "width": 375, "rowHeight": "automatic", "estimatedRowHeight": 44,
               "sections": [{"rows": {"count": rows, "row": {"text": "Hello"}}}],
               "viewport": {"height": 667, "offset": 0}}, open(w + f'/rows{rows}.json', 'w'))
PY
t() { /usr/bin/time -f "%e s, peak RSS %M KB" "$@"; }
echo "1,000,000 distinct words (measure --jsonl):"; t "$bin" measure --jsonl < "$work/words.jsonl" > /dev/null
echo "one 10 MB paragraph at width 320 (measure --jsonl, every line written):"; t "$bin" measure --jsonl < "$work/paragraph.jsonl" > /dev/null
echo "10,000,000 self-sizing rows (compute --summary):"; t "$bin" compute --summary "$work/rows10000000.json" > /dev/null
echo "100,000,000 rows (refused: the limit is 10,000,000):"; t "$bin" compute --summary "$work/rows100000000.json" > /dev/null || true
