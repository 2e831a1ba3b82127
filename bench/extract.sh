#!/usr/bin/env bash
# extract.sh GITDIR COMMIT DEST — lay out a repository's tree at COMMIT in DEST
# (replaced), as `git archive COMMIT | tar -x` does, leaving out the blobs the
# git folder lacks. A partial clone or a mirror that skips large files makes a
# plain `git archive` stop at the first missing blob, leaving every later
# path out (hatchet's tree lost its go.mod to an .mp4 before it, and its route
# comparison read "no routes"). It prints how many blobs it left out.
#
# The real-server corpora (bench/realroutes/MANIFEST.tsv, docs-corpus.tsv,
# compat-corpus.md) are extracted with it:
#
#   bench/extract.sh /path/to/owner+name.git COMMIT CORPUS/owner__name
set -euo pipefail
[[ $# -eq 3 ]] || { echo "usage: extract.sh GITDIR COMMIT DEST" >&2; exit 2; }
gitdir=$1 commit=$2 dest=$3
git --git-dir="$gitdir" cat-file -e "$commit^{commit}" 2>/dev/null || { echo "extract.sh: $gitdir has no commit $commit" >&2; exit 2; }

# every blob of the tree, then the ones the object store cannot produce
tree=$(mktemp)
trap 'rm -f "$tree"' EXIT
git --git-dir="$gitdir" ls-tree -r -z "$commit" >"$tree"
missing=$(tr '\0' '\n' <"$tree" | awk '$2 == "blob" {print $3}' |
	git --git-dir="$gitdir" cat-file --batch-check='%(objectname) %(objecttype)' 2>/dev/null |
	awk '$2 == "missing" {print $1}' | sort -u)
exclude=()
if [[ -n $missing ]]; then
	while IFS= read -r -d '' entry; do
		meta=${entry%%$'\t'*} path=${entry#*$'\t'}
		sha=$(awk '{print $3}' <<<"$meta")
		if grep -qx "$sha" <<<"$missing"; then
			exclude+=(":(exclude,literal)$path")
		fi
	done <"$tree"
fi
rm -rf "$dest"
mkdir -p "$dest"
git --git-dir="$gitdir" archive "$commit" -- . "${exclude[@]}" | tar -x -C "$dest"
echo "$dest: ${#exclude[@]} missing blob(s) left out"
