#!/bin/sh
# run.sh CORPUS SCRATCH [hugo|vitepress|docusaurus ...]: build the development set's generator
# sites (bench/docs-corpus.tsv) with their own generators and compare their broken links with
# wirelint docs' findings, link by link. CORPUS holds the extracted repositories (one folder per
# owner__name); SCRATCH receives the build copies, the built sites and the results (nothing of
# either is committed). Needs hugo (Debian's 0.111), node 20 and npm; what each step keeps and drops of
# the real sites, and the figures, are in docs/docs-precision.md ("The generators as reference").
set -eu
corpus=$(cd "${1:?usage: run.sh CORPUS SCRATCH [generator...]}" && pwd)
mkdir -p "${2:?usage: run.sh CORPUS SCRATCH [generator...]}"
scratch=$(cd "$2" && pwd)
shift 2
gens=${*:-hugo vitepress docusaurus}
here=$(cd "$(dirname "$0")" && pwd)
(cd "$here/../.." && go build -o "$scratch/wirelint" ./cmd/wirelint)
timed() { # timed LABEL CMD...: wall, user, sys seconds and peak KB of CMD appended to $scratch/times.tsv
	label=$1
	shift
	/usr/bin/time -f "$label	%e	%U	%S	%M" -a -o "$scratch/times.tsv" "$@"
}
wirelint() { # wirelint NAME: findings of wirelint docs on the repository, timed
	dir=$corpus/$1
	repo=$(grep "^$1	" "$here/../docs-corpus.tsv" | cut -f2)
	printf 'docs:\n  repository: %s\n' "$repo" >"$dir/.wirelint-docs.yaml"
	timed "wirelint $1" "$scratch/wirelint" docs "$dir" --config "$dir/.wirelint-docs.yaml" --format json \
		>"$scratch/$1.wirelint.json" 2>/dev/null || true
}
for gen in $gens; do
	case $gen in
	hugo)
		name=open-telemetry__opentelemetry.io
		python3 "$here/hugo_site.py" "$corpus/$name" "$scratch/otel"
		rm -rf "$scratch/otel-public"
		(cd "$scratch/otel" && timed "hugo build" hugo -d "$scratch/otel-public" >"$scratch/hugo.log" 2>&1)
		grep WL-UNRESOLVED "$scratch/hugo.log" | sed -E 's/^.*WL-UNRESOLVED //; s#^[^ ]*/otel/##; s/ /	/' |
			sort -u >"$scratch/hugo.own.tsv"
		python3 "$here/built_links.py" hugo "$scratch/otel-public" "$scratch/otel" >"$scratch/hugo.broken.tsv"
		wirelint $name
		# content mounted from other repositories when the real site builds (tmp/, submodules)
		set -- --absent /docs/specs/otel --absent /docs/specs/semconv --absent /docs/specs/otlp \
			--absent /docs/specs/opamp --absent /community/mission --absent /community/roadmap --absent /schemas/
		python3 "$here/compare.py" "$corpus/$name" "$scratch/$name.wirelint.json" "$scratch/hugo.broken.tsv" "$@" \
			--root content/ --repo open-telemetry/opentelemetry.io --list \
			>"$scratch/hugo.compare.txt"
		;;
	vitepress)
		name=vitejs__vite
		site=$scratch/vite
		if [ ! -d "$site/docs/node_modules" ]; then
			rm -rf "$site" && mkdir -p "$site/packages/vite"
			cp -r "$corpus/$name/docs" "$site/"
			cp "$corpus/$name/packages/vite/package.json" "$corpus/$name/packages/vite/LICENSE.md" "$site/packages/vite/"
			python3 "$here/vitepress_site.py" "$site/docs"
			(cd "$site/docs" && npm i --no-audit --no-fund >"$scratch/vitepress.npm.log" 2>&1)
		fi
		rm -rf "$site/docs/.vitepress/dist"
		(cd "$site/docs" && timed "vitepress build" npx vitepress build >"$scratch/vitepress.log" 2>&1) || true
		grep -i 'dead link' "$scratch/vitepress.log" | sed -E 's/^.*dead link ([^ ]+) in file ([^ ]+).*$/docs\/\2	\1/' \
			>"$scratch/vitepress.own.tsv" || true
		python3 "$here/built_links.py" vitepress "$site/docs/.vitepress/dist" docs/ >"$scratch/vitepress.broken.tsv"
		wirelint $name
		python3 "$here/compare.py" "$corpus/$name" "$scratch/$name.wirelint.json" "$scratch/vitepress.broken.tsv" \
			"$scratch/vitepress.own.tsv" --root docs/ --repo vitejs/vite --list >"$scratch/vitepress.compare.txt"
		;;
	docusaurus)
		name=reduxjs__redux
		site=$scratch/redux
		if [ ! -d "$site/website/node_modules" ]; then
			rm -rf "$site" && mkdir -p "$site/website"
			cp -r "$corpus/$name/docs" "$corpus/$name/errors.json" "$site/"
			(cd "$corpus/$name/website" && cp -r docusaurus.config.ts sidebars.js src static tsconfig.json "$site/website/")
			python3 "$here/docusaurus_site.py" "$site/website"
			(cd "$site/website" && npm i --no-audit --no-fund @docusaurus/core@3.6.3 @docusaurus/preset-classic@3.6.3 \
				react@18 react-dom@18 classnames react-lite-youtube-embed webpack@5.99.6 >"$scratch/docusaurus.npm.log" 2>&1)
		fi
		# A blob the mirror lacks (a large GIF the repository has): a placeholder lets the build finish.
		gif=$site/website/static/img/tutorials/essentials/ReduxAsyncDataFlowDiagram.gif
		[ -f "$gif" ] || printf 'GIF89a\001\000\001\000\000\000\000;' >"$gif"
		(cd "$site/website" && timed "docusaurus build" npx docusaurus build >"$scratch/docusaurus.log" 2>&1) || true
		python3 "$here/docusaurus_own.py" "$scratch/docusaurus.log" "$site/website/build" >"$scratch/docusaurus.own.tsv"
		python3 "$here/built_links.py" docusaurus "$site/website/build" "" >"$scratch/docusaurus.broken.tsv"
		wirelint $name
		python3 "$here/compare.py" "$corpus/$name" "$scratch/$name.wirelint.json" "$scratch/docusaurus.broken.tsv" \
			"$scratch/docusaurus.own.tsv" --root docs/ --repo reduxjs/redux --list >"$scratch/docusaurus.compare.txt"
		;;
	esac
	echo "$gen: $(head -1 "$scratch/$gen.compare.txt")"
done
