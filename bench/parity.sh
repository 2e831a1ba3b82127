#!/usr/bin/env bash
# parity.sh — times `wirelint parity` on large real OpenAPI documents against
# oasdiff and a parse-only baseline, and checks that every real pair is clean.
#
# For each spec in $CORPUS/perf it converts the spec's component schemas into a
# JSON Schema 2020-12 document (bench/oas2jsonschema, written apart from
# wirelint's reducer), so the pair (converted.json, spec) says the same thing
# twice, then times, in one run:
#
#   wirelint  wirelint parity converted.json SPEC --format json
#   oasdiff   oasdiff diff SPEC SPEC
#   parse     loadpair converted.json SPEC   (reduce.LoadFile on both, nothing else)
#
# and asserts `wirelint parity` exits 0 with no parity or description finding
# and no error on every pair (warnings about the spec's own content are counted). It
# prints a table of wall and CPU times and ratios; the exit status is 1 when a
# pair is not clean, 2 when the script cannot run. wirelint and the parse run in
# turn, one run each at a time, and their ratio is the median of the pairs'
# ratios, so load that comes and goes during the run weighs on both sides of
# each ratio alike; loadpair collects garbage as the CLI does, so the two
# processes differ only by the rules.
#
# Usage (from anywhere):
#
#   bench/parity.sh                 # all six specs, RUNS=5 timed runs each
#   RUNS=10 bench/parity.sh github  # only specs whose path contains "github"
#
# Environment:
#   CORPUS   corpus root (default ../shared/corpus, relative to the repo root)
#   RUNS     timed runs per command (default 5, after one warm-up run; oasdiff,
#            10-30x slower, gets at most 3)
#   KEEP     a folder to keep the converted documents, findings and timings in
#
# Needs: go, jq. Times with hyperfine when it is installed
# (`apt-get install -y hyperfine`, or `cargo install hyperfine`), otherwise with
# a loop of bench/proctime (wall, user and system time to the microsecond, where
# /usr/bin/time gives hundredths: 10 ms is 7–20% of these runs). Installs oasdiff v1.37.0 with `go install` (module
# proxy only) when it is not on PATH, in /tmp/bin or in GOBIN.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
corpus=${CORPUS:-../shared/corpus}
runs=${RUNS:-5}
specs=(
	github/api.github.com.json
	stripe/spec3.json
	kubernetes/swagger-v1.27.0.json
	twilio/twilio_api_v2010.json
	adyen/ManagementService-v3.json
	discord/openapi.json
)

die() {
	echo "parity.sh: $*" >&2
	exit 2
}

[[ -d $corpus/perf ]] || die "no corpus at $corpus/perf (the corpus is public data kept beside the repository, not in it: bench/README.md, \"Where the corpus comes from\"; set CORPUS to its folder)"
command -v go >/dev/null || die "go is not on PATH"
command -v jq >/dev/null || die "jq is not on PATH (apt-get install -y jq)"
[[ $runs =~ ^[1-9][0-9]*$ ]] || die "RUNS must be a positive integer, not $runs"

if [[ -n ${KEEP:-} ]]; then
	work=$KEEP
	mkdir -p "$work"
else
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
fi
bin=$work/bin
mkdir -p "$bin"

echo "building wirelint, oas2jsonschema and loadpair..." >&2
go build -o "$bin/wirelint" ./cmd/wirelint
(cd bench && go build -o "$bin/oas2jsonschema" ./oas2jsonschema)
(cd bench && go build -o "$bin/loadpair" ./loadpair)
(cd bench && go build -o "$bin/proctime" ./proctime)
"$bin/wirelint" help parity >/dev/null 2>&1 || die "this wirelint has no parity command"

oasdiff=$(command -v oasdiff || true)
gobin=$(go env GOBIN)
gobin=${gobin:-$(go env GOPATH)/bin}
for candidate in /tmp/bin/oasdiff "$gobin/oasdiff"; do
	if [[ -z $oasdiff && -x $candidate ]]; then
		oasdiff=$candidate
	fi
done
if [[ -z $oasdiff ]]; then
	echo "installing oasdiff v1.37.0 into $gobin..." >&2
	GOBIN=$gobin go install github.com/oasdiff/oasdiff@v1.37.0
	oasdiff=$gobin/oasdiff
fi

if command -v hyperfine >/dev/null; then
	timer=hyperfine
else
	timer=$bin/proctime
	echo "hyperfine not found (apt-get install -y hyperfine); timing with bench/proctime loops" >&2
fi

# measure RUNS NAME CMD... runs CMD once to warm up, then RUNS timed times, and
# prints "WALL CPU": the median wall time and the mean user+system CPU time, in
# milliseconds. CPU time is the steadier figure on a busy machine.
measure() {
	local runs=$1 name=$2
	shift 2
	if [[ $timer == hyperfine ]]; then
		hyperfine --style none --shell none --ignore-failure --warmup 1 --runs "$runs" \
			--export-json "$work/$name.hyperfine.json" -- "$(printf '%q ' "$@")" >/dev/null 2>"$work/$name.hyperfine.log" ||
			die "hyperfine failed on $name: $(tail -n 1 "$work/$name.hyperfine.log")"
		jq -r '.results[0] | "\(.median * 1000 | round) \((.user + .system) * 1000 | round)"' "$work/$name.hyperfine.json"
	else
		"$@" >/dev/null 2>&1 || true
		local i
		for ((i = 0; i < runs; i++)); do
			"$timer" -o "$work/$name.time" -- "$@" >/dev/null 2>&1 || true
			tail -n 1 "$work/$name.time"
		done | sort -n | awk '
			{ wall[NR] = $1; cpu += $2 + $3 }
			END {
				m = (NR % 2) ? wall[(NR + 1) / 2] : (wall[NR / 2] + wall[NR / 2 + 1]) / 2
				printf "%d %d\n", m * 1000 + 0.5, cpu / NR * 1000 + 0.5
			}'
	fi
}

# measure_pair RUNS NAME runs the command in the array A and the one in B
# once each to warm up, then RUNS times each in turn, A B A B..., and prints
# "AWALL ACPU BWALL BCPU WALLRATIO CPURATIO": each command's median wall and
# user+system CPU time in milliseconds, and the median over the pairs of A's
# figure over B's, so that a machine whose speed drifts during the run moves
# both sides of each ratio alike.
measure_pair() {
	local runs=$1 name=$2 i side
	"${A[@]}" >/dev/null 2>&1 || true
	"${B[@]}" >/dev/null 2>&1 || true
	for ((i = 0; i < runs; i++)); do
		for side in A B; do
			local -n cmd=$side
			if [[ $timer == hyperfine ]]; then
				hyperfine --style none --shell none --ignore-failure --warmup 0 --runs 1 \
					--export-json "$work/$name.$side.json" -- "$(printf '%q ' "${cmd[@]}")" >/dev/null 2>"$work/$name.hyperfine.log" ||
					die "hyperfine failed on $name: $(tail -n 1 "$work/$name.hyperfine.log")"
				jq -r '.results[0] | "\(.times[0]) \(.user + .system)"' "$work/$name.$side.json"
			else
				"$timer" -o "$work/$name.time" -- "${cmd[@]}" >/dev/null 2>&1 || true
				tail -n 1 "$work/$name.time" | awk '{ print $1, $2 + $3 }'
			fi
		done | paste -d' ' - -
	done | awk '
		function median(x, n,    i, j, t) {
			for (i = 2; i <= n; i++) for (j = i; j > 1 && x[j - 1] > x[j]; j--) { t = x[j]; x[j] = x[j - 1]; x[j - 1] = t }
			return (n % 2) ? x[(n + 1) / 2] : (x[n / 2] + x[n / 2 + 1]) / 2
		}
		{ aw[NR] = $1; ac[NR] = $2; bw[NR] = $3; bc[NR] = $4
		  rw[NR] = ($3 > 0) ? $1 / $3 : 0; rc[NR] = ($4 > 0) ? $2 / $4 : 0 }
		END {
			printf "%d %d %d %d %.2f %.2f\n", median(aw, NR) * 1000 + 0.5, median(ac, NR) * 1000 + 0.5,
				median(bw, NR) * 1000 + 0.5, median(bc, NR) * 1000 + 0.5, median(rw, NR), median(rc, NR)
		}'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }

format='%-11s %5s | %7s %7s %7s | %7s %7s %7s | %5s %5s | %5s %5s | %s\n'
rows=()
dirty=0
for spec in "${specs[@]}"; do
	if [[ $# -gt 0 ]]; then
		want=0
		for f in "$@"; do [[ $spec == *"$f"* ]] && want=1; done
		((want)) || continue
	fi
	path=$corpus/perf/$spec
	name=$(dirname "$spec")
	if [[ ! -f $path ]]; then
		echo "parity.sh: skip $name: no $path" >&2
		continue
	fi
	conv=$work/$name.json
	"$bin/oas2jsonschema" "$path" "$conv"
	defs=$(jq '."$defs" | length' "$conv")

	echo "$name: checking the pair is clean..." >&2
	set +e
	"$bin/wirelint" parity "$conv" "$path" --format json >"$work/$name.findings.json" 2>"$work/$name.stderr"
	code=$?
	set -e
	# Clean means no parity or description finding and no error. Warnings
	# about one document's own content (regex/divergent: a Rust client's \d
	# matches non-ASCII digits; parity/unsupported-keyword: Adyen's 3.1 spec
	# says nullable, which 3.1 validators ignore) are the real spec's, the same
	# on both sides; they are counted, not held against the pair.
	count=$(jq '[.findings[] | select(.severity == "error" or (.rule | test("^(parity/(keyword|missing-definition)|description/)")))] | length' "$work/$name.findings.json" 2>/dev/null || echo "?")
	notes=$(jq '[.findings[] | select(.severity != "error" and (.rule | test("^(parity/(keyword|missing-definition)|description/)") | not))] | length' "$work/$name.findings.json" 2>/dev/null || echo 0)
	clean=yes
	if [[ $notes != 0 ]]; then
		clean="yes ($notes notes)"
	fi
	if [[ $code -ne 0 || $count != 0 ]]; then
		clean="NO (exit $code, $count findings)"
		dirty=1
		echo "$name: NOT clean: exit $code, $count findings; the first ones:" >&2
		head -n 3 "$work/$name.stderr" >&2
		jq -r '.findings[:10][] | "  \(.rule) \(.definition // "")\(.pointer) \(.message)"' "$work/$name.findings.json" >&2 2>/dev/null || true
	fi

	echo "$name: timing..." >&2
	# wirelint and the parse in turn, pair by pair; oasdiff on its own
	A=("$bin/wirelint" parity "$conv" "$path" --format json)
	B=("$bin/loadpair" "$conv" "$path")
	read -r wl wlcpu parse parsecpu wlpa wlpacpu < <(measure_pair "$runs" "$name.pair")
	read -r od odcpu < <(measure "$((runs < 3 ? runs : 3))" "$name.oasdiff" "$oasdiff" diff "$path" "$path")
	[[ -n $wl && -n $od && -n $parse ]] || die "timing $name failed (see the message above)"
	# shellcheck disable=SC2059 # the format is ours
	rows+=("$(printf "$format" "$name" "$defs" "$wl" "$od" "$parse" "$wlcpu" "$odcpu" "$parsecpu" \
		"$(ratio "$wl" "$od")" "$wlpa" "$(ratio "$wlcpu" "$odcpu")" "$wlpacpu" "$clean")")
done

echo
echo "wirelint = wirelint parity CONVERTED SPEC --format json; oasdiff = oasdiff diff SPEC SPEC; parse = loadpair CONVERTED SPEC"
echo "wall = median ms, cpu = user+system ms (median for wirelint and parse, mean for oasdiff); ${timer##*/}, $runs runs (oasdiff $((runs < 3 ? runs : 3))) after 1 warm-up,"
echo "wirelint and parse in turn: wl/pa is the median of the $runs pairs' ratios; both collect garbage as the CLI does (internal/gcpolicy); $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
# shellcheck disable=SC2059
printf "$format" "" "" "wall" "" "" "cpu" "" "" "wall" "ratio" "cpu" "ratio" ""
# shellcheck disable=SC2059
printf "$format" spec defs wirelnt oasdiff parse wirelnt oasdiff parse wl/od wl/pa wl/od wl/pa clean
for r in "${rows[@]}"; do echo "$r"; done
if [[ -n ${KEEP:-} ]]; then
	echo "converted documents, findings and timings kept in $work"
fi
exit "$dirty"
