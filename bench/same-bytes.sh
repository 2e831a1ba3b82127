# same-bytes.sh — sourced by bench/determinism.sh and
# bench/determinism-budget.sh. same_bytes NAME DIR ARGS... runs "$bin/wirelint
# ARGS --format json" in DIR $runs times, the last $busy of them (default 0)
# beside two busy loops, keeps each output in $work/NAME.N.json, sets
# status=1 when one run's bytes differ from the first's, and prints one line:
# runs, bytes, sha256, wall time. The caller sets bin, work, runs and status
# and defines die.
same_bytes() {
  local name=$1 dir=$2; shift 2
  local first="" sum start end i out rc loops=()
  start=$(date +%s.%N)
  for i in $(seq 1 "$runs"); do
    if [ "$i" -gt $((runs - ${busy:-0})) ] && [ ${#loops[@]} -eq 0 ]; then
      sh -c 'while :; do :; done' & loops+=($!)
      sh -c 'while :; do :; done' & loops+=($!)
    fi
    out=$work/$name.$i.json
    set +e
    (cd "$dir" && "$bin/wirelint" "$@" --format json) > "$out" 2> "$work/$name.$i.err"
    rc=$?
    set -e
    if [ "$rc" -gt 1 ]; then
      kill "${loops[@]}" 2>/dev/null || true
      die "$name run $i exited $rc: $(head -c 300 "$work/$name.$i.err")"
    fi
    sum=$(sha256sum < "$out" | cut -c1-16)
    if [ -z "$first" ]; then
      first=$sum
    elif [ "$sum" != "$first" ]; then
      echo "$name: run $i differs from run 1 ($sum vs $first)"
      status=1
    fi
  done
  [ ${#loops[@]} -eq 0 ] || kill "${loops[@]}" 2>/dev/null || true
  end=$(date +%s.%N)
  printf '%-10s %d runs (%d beside two busy loops)  %8d bytes  sha256 %s  %.1f s\n' "$name" "$runs" "${busy:-0}" \
    "$(wc -c < "$work/$name.1.json")" "$first" "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')"
}
