#!/usr/bin/env bash
# The pre-commit hook `wirelint-release`: runs the released wirelint binary of
# the version this hook's source is (cmd/wirelint/version.go), so a commit
# does not wait for a Go build. The first run downloads
# wirelint_<os>_<arch> and checksums.txt from the release over HTTPS, checks
# the binary's SHA-256 against it, and keeps both in
# ${XDG_CACHE_HOME:-~/.cache}/wirelint/v<version>; later runs check the cached
# binary against the kept checksum before running it. Without a release for
# the version (or without curl), it says so and exits 2: use the `wirelint`
# hook, which builds from source.
#
#   WIRELINT_DOWNLOAD_BASE  release download URL prefix (default
#                           https://github.com/wirelint/wirelint/releases/download);
#                           the tests point it at a local server
set -euo pipefail

say() { echo "wirelint-release: $*" >&2; }
here=$(cd "$(dirname "$0")/../.." && pwd)
version=$(sed -n 's/^const releaseVersion = "\(.*\)"$/\1/p' "$here/cmd/wirelint/version.go")
[ -n "$version" ] || { say "no version in $here/cmd/wirelint/version.go"; exit 2; }
tag="v$version"

case "$(uname -s)" in
  Linux) goos=linux ;;
  Darwin) goos=darwin ;;
  *) say "no release binary for $(uname -s); use the wirelint hook, which builds from source"; exit 2 ;;
esac
case "$(uname -m)" in
  x86_64 | amd64) goarch=amd64 ;;
  aarch64 | arm64) goarch=arm64 ;;
  *) say "no release binary for $(uname -m); use the wirelint hook, which builds from source"; exit 2 ;;
esac
asset="wirelint_${goos}_${goarch}"
dir="${XDG_CACHE_HOME:-$HOME/.cache}/wirelint/$tag"
bin="$dir/$asset"

sha256() {
  if command -v sha256sum >/dev/null; then sha256sum "$1" | cut -d' ' -f1; else shasum -a 256 "$1" | cut -d' ' -f1; fi
}

if [ -f "$bin" ] && [ -f "$bin.sha256" ]; then
  if [ "$(sha256 "$bin")" = "$(cat "$bin.sha256")" ]; then
    exec "$bin" "$@"
  fi
  say "the cached $bin does not match the checksum kept when it was downloaded; refusing to run it"
  rm -f "$bin" "$bin.sha256"
  exit 2
fi

command -v curl >/dev/null || { say "curl is needed to download the release; use the wirelint hook"; exit 2; }
base=${WIRELINT_DOWNLOAD_BASE:-https://github.com/wirelint/wirelint/releases/download}
proto=(--proto '=https' --tlsv1.2)
[ -n "${WIRELINT_DOWNLOAD_BASE:-}" ] && proto=()
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! curl -fsSL "${proto[@]}" -o "$tmp/checksums.txt" "$base/$tag/checksums.txt"; then
  say "no release $tag to download ($base/$tag); use the wirelint hook, which builds from source"
  exit 2
fi
want=$(awk -v a="$asset" '$2 == a || $2 == "*" a { print $1 }' "$tmp/checksums.txt")
[ -n "$want" ] || { say "checksums.txt of $tag lists no $asset"; exit 2; }
curl -fsSL "${proto[@]}" -o "$tmp/$asset" "$base/$tag/$asset"
got=$(sha256 "$tmp/$asset")
if [ "$got" != "$want" ]; then
  say "$asset of $tag has SHA-256 $got, but checksums.txt says $want; refusing to run it"
  exit 2
fi
mkdir -p "$dir"
chmod 755 "$tmp/$asset"
mv "$tmp/$asset" "$bin"
echo "$want" > "$bin.sha256"
say "installed $tag ($asset, SHA-256 verified) in $dir"
exec "$bin" "$@"
