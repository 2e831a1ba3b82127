#!/usr/bin/env bash
# Runs wirelint parity on the real pairs of pairs.tsv and, beside it, the
# independent diff (diff.py): per pair, the count of findings by rule (regex
# rules left out; they judge patterns, not parity) and the diff's lines, for
# a reviewer to match one against the other. The pairs are read from a
# corpus folder (the first argument, default ./corpus/parity) that holds each repository's
# files as `git archive` extracted them; nothing is fetched here.
#
#   bench/parity-real/run.sh [CORPUS] [WIRELINT]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
corpus=${1:-corpus/parity}
wirelint=${2:-}
if [[ -z $wirelint ]]; then
	wirelint=$(mktemp -d)/wirelint
	(cd "$here/../.." && go build -o "$wirelint" ./cmd/wirelint)
fi
cd "$corpus"
grep -v '^#' "$here/pairs.tsv" | while IFS=$'\t' read -r name canonical mirror _ _ _ args; do
	# several canonical files are separated by spaces; args (a 7th column,
	# optional) are more flags for wirelint parity, such as --rename A=B
	read -r -a canonicals <<<"$canonical"
	read -r -a extra <<<"${args:-}"
	missing=
	for f in "${canonicals[@]}" "$mirror"; do
		[[ -e $f ]] || missing=1
	done
	if [[ -n $missing ]]; then
		echo "== $name: absent from $corpus, skipped"
		continue
	fi
	roots=()
	for f in "${canonicals[@]}" "$mirror"; do
		roots+=(--root "$(dirname "$f")")
	done
	echo "== $name"
	"$wirelint" parity "${canonicals[@]}" "$mirror" "${roots[@]}" "${extra[@]}" --format json 2>/dev/null |
		python3 -c '
import collections, json, sys
d = json.load(sys.stdin)
fs = [f for f in d["findings"] if not f["rule"].startswith("regex/")]
print("wirelint:", dict(sorted(collections.Counter(f["rule"] for f in fs).items())))
for f in fs:
    if f["rule"] != "parity/mirror-only-definition":
        print("  %s %s %s" % (f["rule"], f.get("definition", ""), f.get("pointer", "")))
' || true
	if [[ ${#canonicals[@]} -gt 1 || ${#extra[@]} -gt 0 ]]; then
		# diff.py pairs one file with another by name: the readings of
		# truth-session39.md are these pairs' truth
		echo "diff.py: not run (several canonical files, or renames)"
		continue
	fi
	echo "diff.py:"
	python3 "$here/diff.py" "$canonical" "$mirror" | grep -v 'only in mirror$' | sed 's/^/  /' || true
	echo "  (only in mirror: $(python3 "$here/diff.py" "$canonical" "$mirror" | grep -c 'only in mirror$' || true))"
done
