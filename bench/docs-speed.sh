#!/bin/sh
# docs-speed.sh [SITE...]: CPU time (user + system) and peak memory of
# `wirelint docs`, the measures that hold on a loaded machine (wall time does
# not). It writes BenchmarkCheck's generated tree (5,000 source files in eight
# languages, 500 Markdown pages, a 48-record taxonomy, ten value tables; see
# rules/docs/bench_test.go) to a temporary folder and times the command on it,
# then on each SITE given (an extracted repository, e.g. open-telemetry/
# opentelemetry.io at the commit bench/docs-corpus.tsv names: a Hugo site of
# about 1,000 English pages). RUNS (default 5) timed runs each after one
# warm-up; prints the fastest and the median. BIN times another build of
# wirelint (default: this checkout's). Needs /usr/bin/time (GNU).
# Issue 26's budget: under 1 s, and under 200 MB on the real site.
set -eu
runs=${RUNS:-5}
here=$(cd "$(dirname "$0")" && pwd)
[ -x /usr/bin/time ] || { echo "docs-speed.sh: needs GNU time at /usr/bin/time" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bin=${BIN:-$work/wirelint}
[ -n "${BIN:-}" ] || (cd "$here/.." && go build -o "$bin" ./cmd/wirelint)
tree=$work/tree
mkdir "$tree"
(cd "$here/.." && WIRELINT_DOCS_TREE=$tree go test -run '^$' -bench 'BenchmarkCheck$/walk' -benchtime 3x ./rules/docs/ | grep Benchmark)

measure() { # measure NAME DIR [ARGS...]: RUNS runs of wirelint docs DIR ARGS
	name=$1
	shift
	"$bin" docs "$@" >/dev/null 2>&1 || true
	i=0
	: >"$work/runs"
	while [ "$i" -lt "$runs" ]; do
		/usr/bin/time -f '%U %S %M' -o "$work/one" "$bin" docs "$@" >/dev/null 2>&1 || true
		tail -n 1 "$work/one" >>"$work/runs"
		i=$((i + 1))
	done
	awk -v name="$name" '{ cpu[NR] = $1 + $2; rss[NR] = $3 }
		END {
			n = NR; for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) {
				if (cpu[j] < cpu[i]) { t = cpu[i]; cpu[i] = cpu[j]; cpu[j] = t }
				if (rss[j] < rss[i]) { t = rss[i]; rss[i] = rss[j]; rss[j] = t } }
			printf "%s: CPU (user+sys) fastest %.2f s, median %.2f s; peak memory fastest %.0f MB, median %.0f MB (%d runs)\n",
				name, cpu[1], cpu[int((n + 1) / 2)], rss[1] / 1024, rss[int((n + 1) / 2)] / 1024, n }' "$work/runs"
}

measure "generated tree (5,000 source files, 500 pages)" "$tree" --max-docs-links 200000
(cd "$tree" && git init -q . && git add -A >/dev/null 2>&1) && measure "generated tree, listed through git" "$tree" --max-docs-links 200000
for site in "$@"; do
	measure "$(basename "$site")" "$site"
done
