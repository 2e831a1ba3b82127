#!/usr/bin/env bash
# Installs the released wirelint binary for the Action's own ref: the asset
# scripts/release.sh names wirelint_<os>_<arch>[.exe], checked against the
# release's checksums.txt (SHA-256, sha256sum format) before it is run.
# checksums.txt is fetched fresh from the release over TLS on every run and
# never cached: a cache entry is only a binary, trusted when it matches, so
# a poisoned cache (a binary with a checksums.txt written to match, extra
# programs beside it) proves nothing and is replaced. Only the verified
# binary is put on PATH, alone in a fresh folder.
# action.yml runs it; its test is cmd/wirelint/action_test.go.
#
# Environment (all set by action.yml):
#   WIRELINT_REF         the Action's ref (v0.2.0, a branch, a commit); empty
#                        for a local `uses: ./`
#   WIRELINT_REPOSITORY  the Action's repository, OWNER/NAME
#   WIRELINT_DIR         folder that holds (or receives) the binary: the
#                        cached folder for this version, OS and architecture
#   RUNNER_OS, RUNNER_ARCH  the runner's (Linux|macOS|Windows, X64|ARM64)
#   RUNNER_TEMP          where the folder put on PATH is made
#   WIRELINT_DOWNLOAD_BASE  release download URL prefix; default
#                        $GITHUB_SERVER_URL/OWNER/NAME/releases/download;
#                        https only (http only to this machine, for tests)
#
# Writes release=true and bin=PATH to $GITHUB_OUTPUT when the release binary
# is installed (from the cache or downloaded), release=false when there is no
# release for the ref, and exits non-zero on a checksum mismatch or a failed
# download of a release that exists.
set -euo pipefail

say() { echo "wirelint: $*"; }
output() { echo "$1=$2" >> "${GITHUB_OUTPUT:-/dev/null}"; }
no_release() {
  say "$1; the next step builds wirelint from the action's source with go install (slower: minutes, not seconds)"
  output release false
  exit 0
}

ref=${WIRELINT_REF:-}
repo=${WIRELINT_REPOSITORY:-}
[ -n "$ref" ] && [ -n "$repo" ] || no_release "no action ref (a local 'uses: ./' action)"
if [[ "$ref" =~ ^[0-9a-f]{40}$ ]]; then
  no_release "the action is pinned to commit $ref, which has no release"
fi

case "${RUNNER_OS:-}" in
  Linux) goos=linux ;;
  macOS) goos=darwin ;;
  Windows) goos=windows ;;
  *) no_release "no release binary for runner OS '${RUNNER_OS:-}'" ;;
esac
case "${RUNNER_ARCH:-}" in
  X64) goarch=amd64 ;;
  ARM64) goarch=arm64 ;;
  *) no_release "no release binary for runner architecture '${RUNNER_ARCH:-}'" ;;
esac
asset="wirelint_${goos}_${goarch}"
[ "$goos" = windows ] && asset="$asset.exe"

dir=${WIRELINT_DIR:?WIRELINT_DIR names the folder for the binary}
base=${WIRELINT_DOWNLOAD_BASE:-${GITHUB_SERVER_URL:-https://github.com}/$repo/releases/download}
case "$base" in
  https://*) proto='=https' ;;
  http://127.0.0.1:* | http://localhost:*) proto='=http' ;;
  *) say "download base $base is not https: refusing it" >&2; exit 1 ;;
esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# fetch URL FILE downloads URL into FILE and prints the HTTP status (000 when
# no response came).
fetch() {
  curl --silent --show-error --location --proto "$proto" --proto-redir "$proto" --retry 3 \
    --output "$2" --write-out '%{http_code}' "$1" || true
}

sha256() {
  if command -v sha256sum >/dev/null; then sha256sum "$1"; else shasum -a 256 "$1"; fi | awk '{print $1}'
}

# verify FILE compares FILE's SHA-256 with the asset's line in the fresh
# checksums.txt; quiet says nothing on a mismatch.
verify() {
  local want got
  want=$(awk -v a="$asset" '$2 == a || $2 == "*" a {print $1}' "$tmp/checksums.txt")
  if [ -z "$want" ]; then
    say "checksums.txt of $ref lists no $asset" >&2
    return 1
  fi
  got=$(sha256 "$1")
  if [ "$got" != "$want" ]; then
    [ "${2:-}" = quiet ] || say "$asset of $ref has SHA-256 $got, but checksums.txt says $want: refusing to run it" >&2
    return 1
  fi
}

status=$(fetch "$base/$ref/checksums.txt" "$tmp/checksums.txt")
case "$status" in
  200) ;;
  404) no_release "$repo has no release $ref (checksums.txt: HTTP 404)" ;;
  *)
    say "download of $base/$ref/checksums.txt failed (HTTP $status); a cached binary is not trusted without it" >&2
    exit 1 ;;
esac

if [ -f "$dir/$asset" ] && [ ! -L "$dir/$asset" ] && verify "$dir/$asset" quiet; then
  say "using the cached $asset of $ref"
else
  if [ -e "$dir" ] || [ -L "$dir" ]; then
    say "the cache of $ref does not hold a binary matching the release's checksums.txt: downloading it again"
  fi
  rm -rf "$dir"
  mkdir -p "$dir"
  status=$(fetch "$base/$ref/$asset" "$dir/$asset")
  if [ "$status" != 200 ]; then
    say "release $ref has checksums.txt but its $asset did not download (HTTP $status)" >&2
    exit 1
  fi
  say "downloaded $asset of $ref"
  if ! verify "$dir/$asset"; then
    rm -rf "$dir"
    exit 1
  fi
fi

# Only the verified binary goes on PATH, copied into a folder of its own:
# nothing else a cache entry holds can shadow a command a later step runs.
bin=$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/wirelint-bin.XXXXXX")
name=wirelint
[ "$goos" = windows ] && name=wirelint.exe
cp "$dir/$asset" "$bin/$name"
if ! verify "$bin/$name"; then
  exit 1
fi
chmod +x "$bin/$name"
say "SHA-256 verified against the release's checksums.txt; $("$bin/$name" version)"
output release true
output bin "$bin"
