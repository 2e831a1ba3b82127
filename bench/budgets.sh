#!/usr/bin/env bash
# budgets.sh — runs wirelint with default flags on generated hostile inputs,
# one per budget class of issue 22, and prints the wall time, CPU time and
# peak memory (/usr/bin/time -v) of each command with the line it ended on.
# Each class must answer in under 10 s and 1 GiB on 2 cores.
#
# The inputs are written by bench/hostile into a temporary folder (KEEP keeps
# them), never committed:
#
#   redos     200 fixture payloads against ^(a+)+$
#   refgraph  250 files whose definition is an allOf of refs to the next two
#   defs      10^6 definitions in a 40 MB document
#   enum      a 10^7-element enum
#   describe  a 50 MB description
#   docs      50,000 Markdown files with 150,000 links
#   unfetched 20,000 $refs to https URLs no file declares, among 1,000 folders
#   typos     5,000 $refs each a transposition away from a definition's name
#   declared  2,000 schema files of 50 KB with $ids, 40 checked one by one
#
# and the same shapes just under the default budgets, which must be answered
# in time too: nodes-edge (594,000 nodes a document), enum-edge (100,000
# members), describe-edge (30 MB), docs-edge (9,900 files, 29,700 links);
# nodes-over (1.5 million nodes in 9 MB) is past the node budget only.
# The YAML forms of the reading budgets: yaml-nodes (1.5 million nodes in
# 9 MB of block YAML), yaml-enum (a block-sequence enum of 3,000,000
# members), yaml-flow (a flow-sequence enum of 10^7 members), and yaml-edge
# (about 594,000 nodes, just under the node budget), which loads.
#
# Usage (from anywhere):
#
#   bench/budgets.sh                 # every class
#   bench/budgets.sh redos refgraph  # some
#
# Environment:
#   KEEP     a folder to keep the inputs and outputs in
#   LIMIT    seconds after which a command is stopped (default 120)
#   BIN      a wirelint binary to measure instead of building this tree's
#
# Exits 0 when every command stayed under 10 s and 1 GiB and ended with exit
# 0, 1 or 2 (2 is the answer for a document over a reading budget), 1 when
# one did not, 2 when the script cannot run.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
limit=${LIMIT:-120}
die() { echo "budgets.sh: $*" >&2; exit 2; }
[ -x /usr/bin/time ] || die "needs GNU time at /usr/bin/time"

work=${KEEP:-$(mktemp -d)}
mkdir -p "$work"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin"
if [ -n "${BIN:-}" ]; then
  cp "$BIN" "$work/bin/wirelint"
else
  go build -o "$work/bin/wirelint" ./cmd/wirelint
fi
(cd bench && go build -o "$work/bin/hostile" ./hostile)
classes=("$@")
[ ${#classes[@]} -gt 0 ] || classes=(redos refgraph defs enum describe docs unfetched typos declared nodes-edge nodes-over enum-edge describe-edge docs-edge yaml-nodes yaml-enum yaml-flow yaml-edge)
for c in "${classes[@]}"; do
  [ -d "$work/in/$c" ] || "$work/bin/hostile" "$work/in" "$c"
done

status=0
# measure CLASS ARGS...: runs wirelint ARGS in the class's folder
measure() {
  local class=$1; shift
  local out=$work/out.$class.$1 tv=$work/time.$class.$1
  set +e
  (cd "$work/in/$class" && /usr/bin/time -v -o "$tv" timeout "$limit" "$work/bin/wirelint" "$@") > "$out" 2> "$out.err"
  local rc=$?
  set -e
  local wall cpu rss last
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s }' "$tv")
  cpu=$(awk -F': ' '/User time/ { u = $2 } /System time/ { s = $2 } END { print u + s }' "$tv")
  rss=$(awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$tv")
  last=$( (grep -v '^$' "$out.err" || true; tail -n 1 "$out") | head -n 1 | cut -c1-150)
  printf '%-9s %-10s exit %-3s %7.2f s wall %7.2f s cpu %6s MiB  %s\n' "$class" "$1" "$rc" "$wall" "$cpu" "$rss" "$last"
  if [ "$rc" -gt 2 ] || awk -v w="$wall" -v m="$rss" 'BEGIN { exit !(w >= 10 || m >= 1024) }'; then
    status=1
  fi
}

for c in "${classes[@]}"; do
  case $c in
    redos)
      measure redos fixtures fixtures canonical.json mirror.json
      measure redos diffcheck canonical.json mirror.json ;;
    refgraph)
      measure refgraph diffcheck canonical/g000.json mirror/g000.json
      measure refgraph fixtures fixtures canonical/g000.json
      measure refgraph check ;;
    defs | enum | describe | nodes-edge | nodes-over | enum-edge | describe-edge)
      measure "$c" parity canonical.json mirror.json ;;
    yaml-nodes | yaml-enum | yaml-flow | yaml-edge)
      measure "$c" parity canonical.yaml mirror.yaml ;;
    docs | docs-edge)
      measure "$c" docs docs ;;
    unfetched | typos)
      measure "$c" refs schema.json ;;
    declared)
      measure "$c" refs $(cd "$work/in/declared" && ls v00*/*.json | head -n 40) ;;
    *) die "unknown class $c" ;;
  esac
done
exit $status
