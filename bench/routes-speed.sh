#!/usr/bin/env bash
# routes-speed.sh — CPU time and peak memory of `wirelint routes` on the
# largest servers of issue 24's route corpus (bench/realroutes/MANIFEST.tsv),
# the figures of the issue's "< 2 s and < 300 MB" target.
#
#   bench/routes-speed.sh DIR                     # weaviate, openmeter, hatchet
#   bench/routes-speed.sh DIR NAME...             # those servers
#   RUNS=7 OTHER=/tmp/wirelint-old bench/routes-speed.sh DIR
#                                                 # and another binary, interleaved
#
# DIR is a checkout of the corpus as bench/realroutes.sh reads it (one folder
# per server); each server is run as realroutes.sh runs it (its
# bench/realroutes/NAME/realroutes.conf), RUNS times (5 unless set) under
# /usr/bin/time, and the medians of CPU time (user + sys) and of peak RSS
# are printed, with every run's figures. CPU time, not wall time: the build
# machine is shared. WIRELINT names the binary (built from this checkout
# unless set); OTHER a second one, run in turn with it, so that both see the
# same load.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:?usage: routes-speed.sh CORPUS-DIR [NAME...]}
shift
servers=("$@")
[ ${#servers[@]} -gt 0 ] || servers=(weaviate__weaviate openmeterio__openmeter hatchet-dev__hatchet)
runs=${RUNS:-5}
[ -x /usr/bin/time ] || { echo "routes-speed.sh: needs GNU time (/usr/bin/time)" >&2; exit 2; }

bin=${WIRELINT:-}
if [ -z "$bin" ]; then
	bin=$(mktemp -d)/wirelint
	(cd "$root" && go build -o "$bin" ./cmd/wirelint)
fi
bins=("$bin")
[ -z "${OTHER:-}" ] || bins+=("$OTHER")

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "| server | binary | CPU s (median) | peak RSS MB (median) | runs (CPU s / MB) |"
echo "|---|---|---:|---:|---|"
for name in "${servers[@]}"; do
	conf=$root/bench/realroutes/$name/realroutes.conf
	spec=$(sed -n 's/^spec=//p' "$conf")
	server=$(sed -n 's/^server=//p' "$conf")
	args=$(sed -n 's/^args=//p' "$conf")
	for i in $(seq "$runs"); do
		for k in "${!bins[@]}"; do
			# shellcheck disable=SC2086 # args is a list of flags
			(cd "$dir/$name" && /usr/bin/time -f '%U %S %M' -o "$tmp/t" "${bins[$k]}" routes --spec "$spec" --server "$server" $args --format json --fail-on off >/dev/null 2>&1)
			awk '{ printf "%.2f %d\n", $1 + $2, $3 / 1024 }' "$tmp/t" >>"$tmp/$k"
		done
	done
	for k in "${!bins[@]}"; do
		cpu=$(cut -d' ' -f1 "$tmp/$k" | median)
		rss=$(cut -d' ' -f2 "$tmp/$k" | median)
		echo "| $name | ${bins[$k]} | $cpu | $rss | $(awk '{ printf "%s%s/%s", sep, $1, $2; sep = ", " }' "$tmp/$k") |"
		rm "$tmp/$k"
	done
done
