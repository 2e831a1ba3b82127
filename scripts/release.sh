#!/usr/bin/env bash
# Cross-compiles wirelint for every released platform with `go build`, stamps
# the version into `wirelint version`, and writes SHA-256 checksums.
#
#   scripts/release.sh v0.2.0 [DIR]      release build of a tag (DIR: dist)
#   scripts/release.sh --snapshot [DIR]  the same from any commit, versioned
#                                        0.0.0-snapshot+<commit>; CI runs it
#
# DIR receives wirelint_<os>_<arch> (.exe on Windows), one binary a platform,
# and checksums.txt in `sha256sum` format, which the Action verifies against.
# Builds are -trimpath and CGO-free, so they are reproducible and reuse the
# build cache between runs. The host's binary is run once to check the stamp.
set -euo pipefail
cd "$(dirname "$0")/.."

# PLATFORMS (space-separated GOOS/GOARCH) narrows the set, as .ci/run does to
# check the script on the host alone; the release workflow builds all six.
read -r -a platforms <<< "${PLATFORMS:-linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64}"

case "${1:-}" in
  --snapshot)
    version="0.0.0-snapshot+$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)" ;;
  v[0-9]*)
    version="$1"
    source_version=$(sed -n 's/^const releaseVersion = "\(.*\)"$/\1/p' cmd/wirelint/version.go)
    if [ "$version" != "v$source_version" ]; then
      echo "release: tag $version is not the version in the source (v$source_version, cmd/wirelint/version.go); raise releaseVersion and the CHANGELOG first" >&2
      exit 2
    fi ;;
  *)
    echo "usage: scripts/release.sh vX.Y.Z|--snapshot [DIR]" >&2; exit 2 ;;
esac
out="${2:-dist}"
mkdir -p "$out"

sha256() {
  if command -v sha256sum >/dev/null; then sha256sum "$@"; else shasum -a 256 "$@"; fi
}

start=$(date +%s)
for p in "${platforms[@]}"; do
  goos=${p%/*} goarch=${p#*/}
  name="wirelint_${goos}_${goarch}"
  [ "$goos" = windows ] && name="$name.exe"
  CGO_ENABLED=0 GOOS=$goos GOARCH=$goarch go build -trimpath \
    -ldflags "-s -w -X main.version=$version" -o "$out/$name" ./cmd/wirelint
done
(cd "$out" && sha256 wirelint_* > checksums.txt && sha256 -c checksums.txt >/dev/null)

host="$out/wirelint_$(go env GOHOSTOS)_$(go env GOHOSTARCH)"
[ "$(go env GOHOSTOS)" = windows ] && host="$host.exe"
got=$("$host" version)
if [ "$got" != "wirelint $version" ]; then
  echo "release: $host version printed '$got', want 'wirelint $version'" >&2; exit 1
fi
echo "release: ${#platforms[@]} binaries of wirelint $version with checksums in $out ($(( $(date +%s) - start ))s)"
