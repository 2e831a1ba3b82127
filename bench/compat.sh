#!/usr/bin/env bash
# compat.sh — reconciles and times `wirelint compat` against `oasdiff breaking`
# on real revision pairs of the Stripe spec: perf/stripe/spec3.json (base)
# against compat/stripe/spec3-2022-01-19b.json and spec3-2022-03-01.json.
#
#   bench/compat.sh reconcile   # rewrite bench/compat-reconciliation.md
#   bench/compat.sh time        # time both tools on both pairs in one run
#   bench/compat.sh             # both
#
# reconcile runs both tools with JSON output and bench/compatreconcile, which
# matches every oasdiff error to a wirelint error or lists it by class with
# the reason wirelint disagrees, and lists every wirelint error with its
# witness payload; it exits 1 when an oasdiff error is neither.
#
# time uses hyperfine (apt-get install -y hyperfine) with RUNS timed runs
# (default 5, after one warm-up) of each command, alternating, and prints the
# ratio of medians.
#
# Environment: CORPUS (default ../shared/corpus from the repo root), RUNS.
# Installs oasdiff v1.39.0 with `go install` (module proxy) into /tmp/bin
# when it is not on PATH or there.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
corpus=${CORPUS:-../shared/corpus}
runs=${RUNS:-5}
mode=${1:-all}
# paths are relative to the corpus, so findings name files as it does
base=perf/stripe/spec3.json
heads=(compat/stripe/spec3-2022-01-19b.json compat/stripe/spec3-2022-03-01.json)
for f in "$base" "${heads[@]}"; do
	[[ -f $corpus/$f ]] || { echo "compat.sh: $corpus/$f missing: the corpus is public data kept beside the repository, not in it (bench/README.md, \"Where the corpus comes from\"); set CORPUS to its folder" >&2; exit 2; }
done

oasdiff=$(command -v oasdiff || true)
[[ -n $oasdiff ]] || oasdiff=/tmp/bin/oasdiff
if [[ ! -x $oasdiff ]]; then
	GOBIN=/tmp/bin go install github.com/oasdiff/oasdiff@v1.39.0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/wirelint" ./cmd/wirelint
go build -o "$work/compatreconcile" ./bench/compatreconcile

if [[ $mode == all || $mode == reconcile ]]; then
	args=()
	for head in "${heads[@]}"; do
		name=$(basename "$head" .json)
		(cd "$corpus" && "$oasdiff" breaking "$base" "$head" -f json) > "$work/$name.oasdiff.json"
		(cd "$corpus" && "$work/wirelint" compat "$base" "$head" --format json --fail-on off) > "$work/$name.wirelint.json"
		args+=("spec3.json → $name.json" "$work/$name.oasdiff.json" "$work/$name.wirelint.json")
	done
	"$work/compatreconcile" "${args[@]}" > bench/compat-reconciliation.md
	echo "wrote bench/compat-reconciliation.md"
fi

if [[ $mode == all || $mode == time ]]; then
	command -v hyperfine > /dev/null || { echo "compat.sh: hyperfine not installed" >&2; exit 2; }
	for head in "${heads[@]}"; do
		name=$(basename "$head" .json)
		(cd "$corpus" && hyperfine --warmup 1 --runs "$runs" --style basic --export-json "$work/$name.times.json" \
			-n wirelint "$work/wirelint compat $base $head --fail-on off --format json" \
			-n oasdiff "$oasdiff breaking $base $head -f json" > /dev/null)
		w=$(jq '.results[0].median' "$work/$name.times.json")
		o=$(jq '.results[1].median' "$work/$name.times.json")
		wu=$(jq '.results[0].user' "$work/$name.times.json")
		ou=$(jq '.results[1].user' "$work/$name.times.json")
		printf '%s: wirelint %.0f ms (user %.0f ms), oasdiff %.0f ms (user %.0f ms), ratio %.3f\n' \
			"$name" "$(echo "$w*1000" | bc)" "$(echo "$wu*1000" | bc)" "$(echo "$o*1000" | bc)" "$(echo "$ou*1000" | bc)" "$(echo "$w/$o" | bc -l)"
	done
fi
