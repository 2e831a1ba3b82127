#!/usr/bin/env bash
# realroutes.sh — precision and recall of `wirelint routes` on real servers
# nobody tuned wirelint to (issue 12; method and provenance in
# docs/route-precision.md).
#
#   bench/realroutes.sh                    # every server under /tmp/realservers
#   bench/realroutes.sh DIR                # every server under DIR
#   bench/realroutes.sh DIR NAME...        # only those servers
#   TRUTH=bench/realroutes bench/realroutes.sh /work/corpus/routes
#                                          # the committed truths of issue 24's corpus
#                                          # (bench/realroutes/MANIFEST.tsv) over a checkout of it
#
# The servers are public repositories, so they are never committed here: DIR
# holds one folder per server (owner__name, the repository's files at their
# paths) and, written by whoever scores it, two files of ours:
#
#   realroutes.conf   spec=PATH and server=PATH (relative to the folder), and
#                     optionally args=... (more `wirelint routes` flags)
#   truth.txt         the true drift, read from the router code: one line
#                     `KIND METHOD PATH` per drift, KIND one of unimplemented
#                     (documented, not served), undocumented (served, not
#                     documented), param-mismatch, trailing-slash; PATH as the
#                     spec spells it for unimplemented, param-mismatch and
#                     trailing-slash, as the server serves it for
#                     undocumented; `#` starts a comment
#
# For each server it runs wirelint from the server's folder with JSON output,
# keeps the error and warning findings as `KIND METHOD PATH` (compared to the
# letter, parameter names included: a catch-all is {*} or the name the server
# gives it, gin's *any is {any}), prints each as true (+) or
# false (-), then the truth lines no finding matched (missed), and last a
# table: true found, false, missed, duplicates (a second finding of a drift
# already found, not counted again), precision and recall per server and in
# total. Needs jq. WIRELINT names a wirelint binary to use instead of building
# one from this checkout.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-/tmp/realservers}
shift || true
command -v jq >/dev/null || { echo "realroutes.sh: needs jq (apt-get install -y jq)" >&2; exit 2; }
[ -d "$dir" ] || { echo "realroutes.sh: $dir: no such folder (see docs/route-precision.md to fetch the servers)" >&2; exit 2; }

bin=${WIRELINT:-}
if [ -z "$bin" ]; then
	bin=$(mktemp -d)/wirelint
	(cd "$root" && go build -o "$bin" ./cmd/wirelint)
fi

# TRUTH names a folder holding each server's realroutes.conf and truth.txt by
# name, when they are kept apart from the fetched code
truthdir=${TRUTH:-$dir}
servers=("$@")
if [ ${#servers[@]} -eq 0 ]; then
	for d in "$truthdir"/*/; do
		[ -f "$d/realroutes.conf" ] && [ -d "$dir/$(basename "$d")" ] && servers+=("$(basename "$d")")
	done
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rows=()
T=0 F=0 M=0
for name in "${servers[@]}"; do
	d=$dir/$name
	t=$truthdir/$name
	spec=$(sed -n 's/^spec=//p' "$t/realroutes.conf")
	server=$(sed -n 's/^server=//p' "$t/realroutes.conf")
	args=$(sed -n 's/^args=//p' "$t/realroutes.conf")
	echo "== $name: wirelint routes --spec $spec --server $server $args"
	# shellcheck disable=SC2086 # args is a list of flags
	(cd "$d" && "$bin" routes --spec "$spec" --server "$server" $args --format json --fail-on off) >"$tmp/out.json"
	jq -r '.findings[] | select(.severity == "error" or .severity == "warning")
		| "\(.rule | sub("^routes/"; "")) \(.method // "-") \(.path // "-")\t\(.locations[0].file):\(.locations[0].line)"' \
		"$tmp/out.json" >"$tmp/found.tsv"
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' -e 's/[[:space:]]*$//' "$t/truth.txt" | sort -u >"$tmp/truth"
	: >"$tmp/seen"
	t=0 f=0 dup=0
	while IFS=$'\t' read -r finding at; do
		k=$finding
		if grep -qxF -- "$k" "$tmp/truth"; then
			if grep -qxF -- "$k" "$tmp/seen"; then
				dup=$((dup + 1))
				echo "  = $finding  ($at, again)"
			else
				t=$((t + 1))
				echo "$k" >>"$tmp/seen"
				echo "  + $finding  ($at)"
			fi
		else
			f=$((f + 1))
			echo "  - $finding  ($at)"
		fi
	done <"$tmp/found.tsv"
	m=0
	while read -r k; do
		if ! grep -qxF -- "$k" "$tmp/seen"; then
			m=$((m + 1))
			echo "  missed: $k"
		fi
	done <"$tmp/truth"
	T=$((T + t)) F=$((F + f)) M=$((M + m))
	rows+=("$(printf '%s\t%d\t%d\t%d\t%d' "$name" "$t" "$f" "$m" "$dup")")
done

pct() { if [ "$2" -eq 0 ]; then echo "n/a"; else awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f%%", 100 * a / b }'; fi; }
echo
echo "| server | true found | false | missed | duplicates | precision | recall |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for r in "${rows[@]}"; do
	IFS=$'\t' read -r name t f m dup <<<"$r"
	echo "| $name | $t | $f | $m | $dup | $(pct "$t" $((t + f))) | $(pct "$t" $((t + m))) |"
done
echo "| total | $T | $F | $M | | $(pct "$T" $((T + F))) | $(pct "$T" $((T + M))) |"
