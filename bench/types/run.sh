#!/usr/bin/env bash
# Runs `wirelint types` on the real consumers of README.md's "Consumer types"
# table and scores each against its truth file. Nothing here is committed
# corpus: CORPUS holds the fetched repositories and generated outputs, laid
# out as bench/types/MANIFEST.md says.
#
# usage: bench/types/run.sh WIRELINT_BINARY CORPUS
set -euo pipefail
bin=$(realpath "$1")
corpus=$(realpath "$2")
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp)
trap 'rm -f "$out"' EXIT
sarif=${SHARED_CORPUS:-$here/../../../shared/corpus}/sarif/sarif-schema-2.1.0.json  # the shared corpus beside the checkout
[ -f "$corpus/sarif-schema-2.1.0.json" ] && sarif="$corpus/sarif-schema-2.1.0.json"

score() { # NAME TRUTH DIR ARGS...
	local name=$1 truth=$2 dir=$3
	shift 3
	echo "== $name"
	(cd "$dir" && "$bin" types "$@" --format json >"$out" || true)
	python3 "$here/score.py" "$here/$truth" "$out"
}

score go-sarif go-sarif.truth "$corpus/owenrumney__go-sarif" sarif-schema-2.1.0.json pkg/report/v210/sarif
score types-sarif types-sarif.truth "$corpus/types-sarif" sarif-schema-2.1.0.json index.d.ts
score octocrab octocrab-issues.truth "$corpus/XAMPPRocky__octocrab" api.github.com.json src/models/issues.rs \
	--direction response --rename issue-comment=Comment --include issue --include issue-comment
inc=()
for c in Implementation Icon Tool ToolAnnotations Resource Error Prompt PromptArgument Annotations BaseMetadata; do inc+=(--include "$c"); done
score mcp-python-sdk mcp-python-sdk.truth "$corpus/mcp" schema-2025-11-25.json types.py --rename Error=ErrorData "${inc[@]}"
score mcp-types-generated mcp-types-generated.truth "$corpus/mcp" schema-2025-11-25.json gen
for ext in go ts rs py; do
	score "quicktype-$ext" "quicktype-sarif-$ext.truth" "$corpus/controls" sarif-schema-2.1.0.json "qt_sarif.$ext"
done
score openapi-typescript-stripe openapi-typescript-stripe.truth "$corpus/stripe" spec3.json stripe.ts
score oapi-codegen-twilio oapi-codegen-twilio.truth "$corpus/twilio" twilio_api_v2010.json twilio.go
inc=()
for c in Prompt PromptArgument Resource ResourceTemplate Icon Annotations Role; do inc+=(--include "$c"); done
score rmcp rmcp.truth "$corpus/rmcp" schema-2025-11-25.json crates/rmcp/src "${inc[@]}"
