#!/usr/bin/env bash
# determinism-budget.sh — runs `diffcheck` and `check` RUNS times (default 5)
# on inputs that hit the probe and validation budgets, the last three runs
# beside two busy loops, and requires byte-identical JSON every time (issue
# 22: budgets count work, not time, so a loaded machine gives the same bytes).
#
# The inputs are generated into a temporary folder (KEEP keeps it):
#
#   refgraph  70 definitions, each an allOf of the next two, and a fixture:
#             the step estimate puts most of them past the probe budget and
#             the payload past the validation budget
#   redos     200 fixture payloads against ^(a+)+$, which runs in Go's
#             regexp, and 5 against ^(?=a)(a+)+$, which backtracks past the
#             match timeout (a wall-clock bound, so those payloads need 2^32
#             steps or more: past it on any machine)
#
# Usage (from anywhere):
#
#   bench/determinism-budget.sh
#   RUNS=7 BUSY=3 bench/determinism-budget.sh
#
# Environment:
#   RUNS  runs per command (default 5)
#   BUSY  how many of them run beside two busy loops (default 3)
#   KEEP  a folder to keep the inputs and every run's output in
#
# Prints one line per command (runs, bytes, sha256, wall time) and exits 0
# when every command gave the same bytes every run, 1 when one did not, 2
# when the script cannot run.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
runs=${RUNS:-5}
busy=${BUSY:-3}
die() { echo "determinism-budget.sh: $*" >&2; exit 2; }
command -v sha256sum >/dev/null || die "needs sha256sum"

work=${KEEP:-$(mktemp -d)}
mkdir -p "$work"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
go build -o "$work/wirelint" ./cmd/wirelint

# refgraph: one document pair and a fixture, with the configuration check reads
in=$work/in
mkdir -p "$in/fixtures/F0" "$in/fixtures/A/negative" "$in/fixtures/L/negative"
{
  printf '{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {\n'
  for i in $(seq 0 69); do
    printf '  "F%d": {"allOf": [{"$ref": "#/$defs/F%d"}, {"$ref": "#/$defs/F%d"}]},\n' "$i" $((i + 1)) $((i + 2))
  done
  printf '  "F70": {"type": "object", "properties": {"x": {"type": "string", "maxLength": 8}}},\n'
  printf '  "F71": {"type": "object"},\n'
  printf '  "A": {"type": "string", "pattern": "^(a+)+$"},\n'
  printf '  "L": {"type": "string", "pattern": "^(?=a)(a+)+$"}}}\n'
} > "$in/canonical.json"
sed 's/"maxLength": 8/"maxLength": 9/; s/\^(a+)+\$/^a+$/' "$in/canonical.json" > "$in/mirror.json"
printf '{"x": "abc"}\n' > "$in/fixtures/F0/ok.json"
for i in $(seq 1 200); do
  a=$(printf 'a%.0s' $(seq 1 $((20 + i % 20))))
  if [ $((i % 2)) -eq 0 ]; then
    printf '"%s"\n' "$a" > "$in/fixtures/A/p$i.json"
  else
    printf '"%s!"\n' "$a" > "$in/fixtures/A/negative/p$i.json"
  fi
done
# 2^32 and more backtracking steps: past the match timeout on any machine
for i in $(seq 1 5); do
  printf '"%s!"\n' "$(printf 'a%.0s' $(seq 1 $((32 + i))))" > "$in/fixtures/L/negative/p$i.json"
done
cat > "$in/.wirelint.yaml" <<'YAML'
version: 1
parity:
  - canonical: canonical.json
    mirror: mirror.json
fixtures:
  - folders: [fixtures]
    schema: canonical.json
YAML

status=0
bin=$work
# shellcheck source=bench/same-bytes.sh
. "$root/bench/same-bytes.sh"
for cmd in diffcheck check; do
  args=("$cmd")
  [ "$cmd" = check ] || args+=(--fixtures fixtures canonical.json mirror.json)
  same_bytes "$cmd" "$in" "${args[@]}"
  # the budgets must have been hit, or the runs prove nothing
  grep -q '"probe-budget"' "$work/$cmd.1.json" && grep -q 'step validation budget' "$work/$cmd.1.json" ||
    { echo "$cmd: the probe or validation budget was not hit"; status=1; }
done
exit $status
