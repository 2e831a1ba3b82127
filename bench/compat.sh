#!/usr/bin/env bash
# compat.sh — reconciles and times `wirelint compat` against `oasdiff breaking`
# on real revision pairs:
#
#   - Stripe (one generated JSON file, in the shared corpus): perf/stripe/spec3.json
#     against compat/stripe/spec3-2022-01-19b.json and spec3-2022-03-01.json;
#   - DigitalOcean (a multi-file YAML tree whose operations are $refs) and Twilio
#     (a generated JSON file), one consecutive and one gapped pair each, and
#     devcontainers/spec (a JSON Schema folder, no OpenAPI: wirelint only), read
#     from FETCHED, laid out as bench/compat-corpus.md says.
#
#   bench/compat.sh reconcile   # rewrite bench/compat-reconciliation.md
#   bench/compat.sh time        # time both tools on every pair in one run
#   bench/compat.sh             # both
#
# reconcile runs both tools with JSON output and bench/compatreconcile, which
# matches every oasdiff error to a wirelint error or lists it by class with
# the reason wirelint disagrees, and lists every wirelint error with its
# witness payload; it exits 1 when an oasdiff error is neither.
#
# time uses hyperfine (apt-get install -y hyperfine) with RUNS timed runs
# (default 5, after one warm-up) of each command, alternating, and prints the
# CPU (user + system) of each and their ratio, wirelint / oasdiff.
#
# DigitalOcean's operations are $refs to files of their own, which oasdiff
# never opens (bench/compat-notes.md, class 1): a team using oasdiff on that
# API has to bundle it into one document first, as the repository's own
# `make bundle` does with Redocly CLI. So each DigitalOcean revision is also
# bundled with REDOCLY (`openapi bundle`, Redocly CLI 1.0.0-beta.104, the
# version DigitalOcean's package-lock.json pins; install it with
# `npm install --prefix DIR @redocly/cli@1.0.0-beta.104` and set
# REDOCLY=DIR/node_modules/.bin/openapi). Then reconcile also runs both tools
# on the bundled pair and checks that wirelint reports the same changes on
# the bundle as on the tree (the bundle moves locations only), and time also
# runs oasdiff on the bundle: the ratio that counts is wirelint on the tree
# (what its users run) against oasdiff on the bundle (what oasdiff's users
# must run), all three commands in the same hyperfine run. Without REDOCLY
# the bundled rows are skipped with a line on stderr.
#
# oasdiff cannot read a description written as a $ref (DigitalOcean's tags
# and info do that): it is given a copy of the tree whose root file says
# "see description.yml" there instead; nothing else differs.
#
# Environment: CORPUS (default ../shared/corpus from the repo root), FETCHED
# (the fetched pairs; pairs whose files are missing are skipped with a line on
# stderr), RUNS, REDOCLY (default: `openapi` on PATH). Installs oasdiff v1.39.0 with `go install` (module proxy) into
# /tmp/bin when it is not on PATH or there.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
corpus=${CORPUS:-../shared/corpus}
for f in perf/stripe/spec3.json compat/stripe/spec3-2022-01-19b.json compat/stripe/spec3-2022-03-01.json; do
	[[ -f $corpus/$f ]] || { echo "compat.sh: $corpus/$f missing: the corpus is public data kept beside the repository, not in it (bench/README.md, \"Where the corpus comes from\"); set CORPUS to its folder" >&2; exit 2; }
done
corpus=$(cd "$corpus" && pwd)
fetched=${FETCHED:-}
runs=${RUNS:-5}
mode=${1:-all}

# NAME|ROOT|BASE|HEAD|KIND: BASE and HEAD are relative to ROOT, so findings
# name files as the corpus does; KIND is openapi (both tools), schema
# (wirelint only: oasdiff reads no JSON Schema) or split (an OpenAPI tree whose
# operations are $refs: both tools, and also both on its bundle).
pairs=(
	"stripe, 2022-01-19 (consecutive)|$corpus|perf/stripe/spec3.json|compat/stripe/spec3-2022-01-19b.json|openapi"
	"stripe, 2022-03-01 (gapped)|$corpus|perf/stripe/spec3.json|compat/stripe/spec3-2022-03-01.json|openapi"
)
if [[ -n $fetched ]]; then
	do_root=$fetched/digitalocean__openapi
	do_spec=specification/DigitalOcean-public.v2.yaml
	tw_root=$fetched/twilio__twilio-oai
	tw_spec=spec/json/twilio_api_v2010.json
	dc_root=$fetched/devcontainers__spec
	pairs+=(
		"digitalocean 8c740d33 → 7c1300c4 (consecutive)|$do_root|8c740d33/$do_spec|7c1300c4/$do_spec|split"
		"digitalocean 5d99aefe → 7c1300c4 (gapped, 13 months)|$do_root|5d99aefe/$do_spec|7c1300c4/$do_spec|split"
		"twilio api v2010 5fc16b9 → d50069b (consecutive)|$tw_root|5fc16b9/$tw_spec|d50069b/$tw_spec|openapi"
		"twilio api v2010 e88f6e5 → d50069b (gapped, 15 months)|$tw_root|e88f6e5/$tw_spec|d50069b/$tw_spec|openapi"
		"devcontainers schemas 86ac194 → d424cc1 (consecutive)|$dc_root|86ac194/schemas|d424cc1/schemas|schema"
		"devcontainers schemas 17934c8 → d424cc1 (gapped, 18 months)|$dc_root|17934c8/schemas|d424cc1/schemas|schema"
	)
fi

oasdiff=$(command -v oasdiff || true)
[[ -n $oasdiff ]] || oasdiff=/tmp/bin/oasdiff
if [[ ! -x $oasdiff ]]; then
	GOBIN=/tmp/bin go install github.com/oasdiff/oasdiff@v1.39.0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/wirelint" ./cmd/wirelint
go -C bench build -o "$work/compatreconcile" ./compatreconcile

# oasdiff_input ROOT PATH prints the path oasdiff reads for ROOT/PATH: the file
# itself, or a copy of its tree with description $refs replaced.
oasdiff_input() {
	local proot=$1 p=$2
	if ! grep -q -A1 -E '^ *description:$' "$proot/$p" 2> /dev/null; then
		echo "$proot/$p"
		return
	fi
	local top=${p%%/*} copy=$work/oasdiff-input/$(basename "$proot")
	if [[ ! -d $copy/$top ]]; then
		mkdir -p "$copy"
		cp -r "$proot/$top" "$copy/"
		perl -0pi -e 's/\n( +)description:\n +\$ref: "[^"]*"/\n$1description: see description.yml/g' "$copy/$p"
	fi
	echo "$copy/$p"
}

redocly=${REDOCLY:-$(command -v openapi || true)}
bundles=$work/bundled
# bundle ROOT PATH prints the path of ROOT/PATH bundled into one document by
# Redocly CLI, relative to $bundles (REV/openapi-bundled.yaml, REV the first
# folder of PATH), bundling it once; it fails without REDOCLY.
bundle() {
	local proot=$1 p=$2 rev=${2%%/*}
	[[ -n $redocly ]] || return 1
	if [[ ! -f $bundles/$rev/openapi-bundled.yaml ]]; then
		mkdir -p "$bundles/$rev"
		"$redocly" bundle "$proot/$p" -o "$bundles/$rev/openapi-bundled.yaml" > /dev/null 2>&1 || { echo "compat.sh: $redocly bundle $proot/$p failed" >&2; return 1; }
	fi
	echo "$rev/openapi-bundled.yaml"
}

# same_changes NAME TREE.json BUNDLE.json prints a markdown section saying
# whether wirelint reports the same errors and warnings on the bundle as on
# the tree: compared by rule, severity, keyword and the two values (the
# message for a surface change), since locations and the schema's name in the
# message differ by construction.
same_changes() {
	local key='.findings[] | select(.severity != "info") | [.rule, .severity, .keyword // "", .base // "", .head // "", (if (.keyword // "") == "" then .message else "" end)] | @tsv'
	jq -r "$key" "$2" | sort > "$work/same.tree"
	jq -r "$key" "$3" | sort > "$work/same.bundle"
	printf '\n## %s: wirelint on the tree beside wirelint on the bundle\n\n' "$1"
	printf 'Errors and warnings compared by rule, severity, keyword and the two values (a surface change by its message): %d on the tree, %d on the bundle, %d on both.\n' \
		"$(wc -l < "$work/same.tree")" "$(wc -l < "$work/same.bundle")" "$(comm -12 "$work/same.tree" "$work/same.bundle" | wc -l)"
	if ! cmp -s "$work/same.tree" "$work/same.bundle"; then
		printf '\nOnly on the tree:\n\n'
		comm -23 "$work/same.tree" "$work/same.bundle" | sed 's/\t/ | /g; s/^/- /'
		printf '\nOnly on the bundle:\n\n'
		comm -13 "$work/same.tree" "$work/same.bundle" | sed 's/\t/ | /g; s/^/- /'
	fi
}

present() { [[ -e $2/$3 && -e $2/$4 ]] || { echo "compat.sh: skipping $1: $2/$3 or $2/$4 missing" >&2; return 1; }; }

if [[ $mode == all || $mode == reconcile ]]; then
	args=()
	i=0
	for pair in "${pairs[@]}"; do
		IFS='|' read -r name proot base head kind <<< "$pair"
		present "$name" "$proot" "$base" "$head" || continue
		i=$((i + 1))
		(cd "$proot" && "$work/wirelint" compat "$base" "$head" --format json --fail-on off) > "$work/$i.wirelint.json"
		if [[ $kind == schema ]]; then
			echo '[]' > "$work/$i.oasdiff.json" # oasdiff reads no JSON Schema
		else
			"$oasdiff" breaking "$(oasdiff_input "$proot" "$base")" "$(oasdiff_input "$proot" "$head")" -f json > "$work/$i.oasdiff.json"
		fi
		args+=("$name" "$work/$i.oasdiff.json" "$work/$i.wirelint.json" "$proot")
		if [[ $kind == split ]]; then
			if bbase=$(bundle "$proot" "$base") && bhead=$(bundle "$proot" "$head"); then
				(cd "$bundles" && "$work/wirelint" compat "$bbase" "$bhead" --format json --fail-on off) > "$work/$i.bundle.wirelint.json"
				(cd "$bundles" && "$oasdiff" breaking "$bbase" "$bhead" -f json) > "$work/$i.bundle.oasdiff.json"
				args+=("$name, bundled by Redocly" "$work/$i.bundle.oasdiff.json" "$work/$i.bundle.wirelint.json" "$bundles")
				same_changes "$name" "$work/$i.wirelint.json" "$work/$i.bundle.wirelint.json" >> "$work/same.md"
			else
				echo "compat.sh: skipping the bundled $name: no REDOCLY (Redocly CLI's openapi command)" >&2
			fi
		fi
	done
	status=0
	COMPAT_NOTES=bench/compat-notes.md "$work/compatreconcile" "${args[@]}" > bench/compat-reconciliation.md || status=$?
	[[ ! -f $work/same.md ]] || cat "$work/same.md" >> bench/compat-reconciliation.md
	echo "wrote bench/compat-reconciliation.md"
	[[ $status == 0 ]] || exit "$status"
fi

if [[ $mode == all || $mode == time ]]; then
	command -v hyperfine > /dev/null || { echo "compat.sh: hyperfine not installed" >&2; exit 2; }
	i=0
	for pair in "${pairs[@]}"; do
		IFS='|' read -r name proot base head kind <<< "$pair"
		present "$name" "$proot" "$base" "$head" || continue
		i=$((i + 1))
		cmds=(-n wirelint "$work/wirelint compat $base $head --fail-on off --format json")
		if [[ $kind != schema ]]; then
			cmds+=(-n oasdiff "$oasdiff breaking $(oasdiff_input "$proot" "$base") $(oasdiff_input "$proot" "$head") -f json")
		fi
		bundled=false
		if [[ $kind == split ]]; then
			if bbase=$(bundle "$proot" "$base") && bhead=$(bundle "$proot" "$head"); then
				cmds+=(-n "oasdiff on the bundle" "$oasdiff breaking $bundles/$bbase $bundles/$bhead -f json")
				bundled=true
			else
				echo "compat.sh: timing $name without its bundle: no REDOCLY (Redocly CLI's openapi command)" >&2
			fi
		fi
		(cd "$proot" && hyperfine --warmup 1 --runs "$runs" --style none --export-json "$work/$i.times.json" "${cmds[@]}" > /dev/null)
		cpu() { jq ".results[$1] | (.user + .system) * 1000" "$work/$i.times.json"; }
		if [[ $kind == schema ]]; then
			printf '%s: wirelint %.0f ms CPU (oasdiff reads no JSON Schema)\n' "$name" "$(cpu 0)"
		else
			printf '%s: wirelint %.0f ms CPU, oasdiff %.0f ms CPU, ratio %.3f\n' "$name" "$(cpu 0)" "$(cpu 1)" "$(echo "$(cpu 0)/$(cpu 1)" | bc -l)"
		fi
		if $bundled; then
			printf '%s: wirelint on the tree %.0f ms CPU, oasdiff on the bundle %.0f ms CPU, ratio %.3f\n' "$name" "$(cpu 0)" "$(cpu 2)" "$(echo "$(cpu 0)/$(cpu 2)" | bc -l)"
		fi
	done
fi
