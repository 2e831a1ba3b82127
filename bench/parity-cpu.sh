#!/usr/bin/env bash
# parity-cpu.sh — the CPU time of parity on the GitHub pair against its parse,
# this checkout beside an earlier revision, in interleaved runs of the same
# benchmarks (BenchmarkLoadPairGitHub, BenchmarkParityGitHub,
# BenchmarkCheckGitHub; their cpu-ns/op is the process's user + system time
# per run). On a shared machine CPU time moves far less than wall time, and
# interleaving puts both revisions under the same load; read the medians.
#
# Usage (from anywhere):
#
#   bench/parity-cpu.sh              # this checkout only
#   bench/parity-cpu.sh 6a71db3      # and revision 6a71db3 beside it
#   ROUNDS=10 bench/parity-cpu.sh 6a71db3
#
# Environment:
#   CORPUS     corpus root (default ../shared/corpus, relative to the repo root)
#   ROUNDS     interleaved rounds (default 6), each 8 runs of every benchmark
#
# Prints, per revision, the min, median and max CPU ms of each benchmark and
# parity's median over the parse's; exit status 2 when it cannot run.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
corpus=$(cd "${CORPUS:-../shared/corpus}" 2>/dev/null && pwd) || {
	echo "parity-cpu.sh: no corpus at ${CORPUS:-../shared/corpus} (bench/README.md, \"Where the corpus comes from\")" >&2
	exit 2
}
rounds=${ROUNDS:-6}
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "parity-cpu.sh: ROUNDS must be a positive integer" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

revs=(head)
(cd bench && go test -c -o "$work/head.test" .)
if [[ $# -gt 0 ]]; then
	mkdir "$work/src"
	git archive "$1" | tar -x -C "$work/src"
	(cd "$work/src/bench" && go test -c -o "$work/base.test" .)
	revs=(base head)
fi

for ((i = 0; i < rounds; i++)); do
	for rev in "${revs[@]}"; do
		(cd bench && WIRELINT_CORPUS=$corpus "$work/$rev.test" -test.run '^$' \
			-test.bench 'LoadPairGitHub|^BenchmarkParityGitHub$|CheckGitHub' -test.benchtime 8x -test.benchmem) |
			grep '^Benchmark' >>"$work/$rev.txt"
	done
done

for rev in "${revs[@]}"; do
	name=$rev
	[[ $rev == base ]] && name=$1
	echo "== $name"
	for b in LoadPairGitHub ParityGitHub CheckGitHub; do
		grep "^Benchmark$b-" "$work/$rev.txt" |
			awk '{ for (i = 1; i <= NF; i++) if ($i == "cpu-ns/op") print $(i - 1) / 1e6 }' | sort -n |
			awk -v b="$b" '{ a[NR] = $1 } END {
				m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2
				printf "%-15s cpu ms  min %6.1f  median %6.1f  max %6.1f  (%d runs)\n", b, a[1], m, a[NR], NR
				print m > "/dev/stderr" }' 2>>"$work/$rev.medians"
	done
	awk 'NR == 1 { load = $1 } NR == 2 { printf "parity / parse (medians): %.2fx\n", $1 / load }' "$work/$rev.medians"
	grep '^BenchmarkParityGitHub-' "$work/$rev.txt" | head -1 | awk '{ print "parity run:", $(NF - 3), "B/op,", $(NF - 1), "allocs/op" }'
done
echo "$(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
