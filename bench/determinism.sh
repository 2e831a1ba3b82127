#!/usr/bin/env bash
# determinism.sh — runs `wirelint parity`, `diffcheck` and `check` RUNS times
# (default 5) on the GitHub spec pair and requires byte-identical JSON each
# time (issue 17: the same input gives the same output, timeouts included).
#
# The pair is the one bench/parity.sh builds: the spec's component schemas
# converted to a JSON Schema 2020-12 document by bench/oas2jsonschema
# (written apart from wirelint's reducer), against the spec itself.
#
# Usage (from anywhere):
#
#   bench/determinism.sh
#   SPEC=/path/to/openapi.json RUNS=10 bench/determinism.sh
#
# Environment:
#   CORPUS  corpus root (default ../shared/corpus, relative to the repo root)
#   SPEC    the OpenAPI document (default $CORPUS/perf/github/api.github.com.json)
#   RUNS    runs per command (default 5)
#   KEEP    a folder to keep the pair and every run's output in
#
# Prints one line per command (runs, bytes, sha256, wall time of the runs) and
# exits 0 when every command gave the same bytes every run, 1 when one did
# not, 2 when the script cannot run.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
corpus=${CORPUS:-../shared/corpus}
spec=${SPEC:-$corpus/perf/github/api.github.com.json}
runs=${RUNS:-5}
die() { echo "determinism.sh: $*" >&2; exit 2; }
[ -f "$spec" ] || die "no spec at $spec (the corpus is public data kept beside the repository, not in it: bench/README.md, \"Where the corpus comes from\"; set CORPUS to its folder, or SPEC to any OpenAPI document)"
command -v sha256sum >/dev/null || die "needs sha256sum"

work=${KEEP:-$(mktemp -d)}
mkdir -p "$work"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
bin=$work/bin
mkdir -p "$bin"
go build -o "$bin/wirelint" ./cmd/wirelint
(cd bench && go build -o "$bin/oas2jsonschema" ./oas2jsonschema)

# the pair lives in one folder with its configuration, so check runs on it too
pair=$work/pair
mkdir -p "$pair"
cp "$spec" "$pair/spec.json"
"$bin/oas2jsonschema" "$pair/spec.json" "$pair/converted.json"
cat > "$pair/.wirelint.yaml" <<'YAML'
version: 1
parity:
  - canonical: converted.json
    mirror: spec.json
YAML

status=0
# shellcheck source=bench/same-bytes.sh
. "$root/bench/same-bytes.sh"
same_bytes parity "$pair" parity converted.json spec.json
same_bytes diffcheck "$pair" diffcheck converted.json spec.json
same_bytes check "$pair" check
exit $status
