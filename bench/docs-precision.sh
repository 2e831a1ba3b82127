#!/bin/sh
# docs-precision.sh CORPUS: run wirelint docs on each repository extracted under
# CORPUS (one folder per owner__name, as in bench/docs-corpus.tsv) and the
# independent checker bench/docscheck.py beside it; prints per repository the
# findings by rule and severity, the wall time and peak memory, and how many of
# the checker's broken links wirelint reports. A repository's docs.repository is
# written to CORPUS/NAME/.wirelint-docs.yaml (the corpus is not committed).
set -eu
corpus=${1:?usage: docs-precision.sh CORPUS}
here=$(cd "$(dirname "$0")" && pwd)
bin=$(mktemp -d)/wirelint
(cd "$here/.." && go build -o "$bin" ./cmd/wirelint)
out=$(mktemp -d)
grep -v '^#' "$here/docs-corpus.tsv" | while IFS=$(printf '\t') read -r name repo commit licence role; do
	dir=$corpus/$name
	[ -d "$dir" ] || { echo "$name: not extracted"; continue; }
	printf 'docs:\n  repository: %s\n' "$repo" >"$dir/.wirelint-docs.yaml"
	/usr/bin/time -f "%e s %M KB" -o "$out/$name.time" \
		"$bin" docs "$dir" --config "$dir/.wirelint-docs.yaml" --format json >"$out/$name.json" 2>/dev/null || true
	python3 - "$out/$name.json" "$name" "$(cat "$out/$name.time")" <<'PY'
import collections, json, sys
d = json.load(open(sys.argv[1]))
fs = d["findings"] if isinstance(d, dict) else d
c = collections.Counter(f"{f['rule']}:{f['severity']}" for f in fs)
print(sys.argv[2], sys.argv[3], dict(sorted(c.items())))
PY
	(cd "$corpus" && python3 "$here/docscheck.py" "$name" --wirelint "$out/$name.json" | head -1)
done
