#!/usr/bin/env bash
# bench/alloc.sh - spadc alloc on every MiniMalloc instance in the corpus.
#
#   make && bench/alloc.sh [TIME_LIMIT_SECONDS [WORK_LIMIT_NODES]]
#                         (default 10 s, no work limit; run alone: it
#                         measures wall time)
#
# For each instance: buffers, the capacity it is posed with (the number in
# the file name), the peak-live lower bound, the footprint found, whether it
# is proven optimal, the time, the search nodes, and the best-fit greedy
# baseline's footprint beside it. With a work limit the plans do not depend
# on the machine's load (only the times do). Goals (issue #3): A, B, E, F, G, H, I, K at exactly 1048576 in
# at most 5 s each; C at most 1048576; never worse than greedy. This is a
# benchmark, not a test: it reports, it does not fail on speed.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
spadc=${SPADC:-$root/build/spadc}
corpus=${SPADC_CORPUS:-$root/tests/corpus}/external/minimalloc
limit=${1:-10}
work=${2:-}
[ -x "$spadc" ] || { echo "bench/alloc.sh: build first (make): $spadc" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

printf '%-8s %7s %9s %9s %9s %8s %8s %9s %9s %8s  %s\n' instance buffers capacity "lower_bd" footprint optimal "time_s" nodes greedy "greedy%" goal
met=0 total=0
for f in "$corpus"/*.csv; do
    name=$(basename "$f" .csv)
    cap=${name##*.}
    case "$cap" in ''|*[!0-9]*) cap=; esac
    inst=${name%%.*}
    args=(alloc "$f" --time-limit "$limit" -o /dev/null)
    [ -n "$cap" ] && args+=(--capacity "$cap")
    [ -n "$work" ] && args+=(--work-limit "$work")
    "$spadc" "${args[@]}" > "$tmp/sum" 2> "$tmp/err"
    rc=$?
    field() { sed -n "s/^$1: //p" "$tmp/sum"; }
    if [ $rc -ne 0 ] && [ $rc -ne 3 ]; then
        printf '%-8s error (exit %d): %s\n' "$inst" $rc "$(head -1 "$tmp/err")"
        continue
    fi
    # with exit 3 the summary went to stderr with the message
    [ -s "$tmp/sum" ] || cp "$tmp/err" "$tmp/sum"
    fp=$(field footprint) lb=$(field lower_bound) gr=$(field greedy) t=$(field time_s) n=$(field buffers) nodes=$(field nodes)
    opt=$(field optimal)
    case "$opt" in yes) opt=yes ;; *) opt=no ;; esac
    pct=$(awk -v g="$gr" -v l="$lb" 'BEGIN { printf "%+.1f", 100 * (g - l) / l }')
    goal=""
    case "$inst" in
    A|B|E|F|G|H|I|K)
        total=$((total + 1))
        if [ "$fp" = 1048576 ] && awk -v t="$t" 'BEGIN { exit !(t <= 5) }'; then goal="met (=2^20, <=5 s)"; met=$((met + 1))
        else goal="MISSED (=2^20 in <=5 s)"; fi ;;
    C)
        total=$((total + 1))
        if [ "$fp" -le 1048576 ]; then goal="met (<=2^20)"; met=$((met + 1)); else goal="MISSED (<=2^20)"; fi ;;
    esac
    [ "$fp" -le "$gr" ] || goal="$goal WORSE THAN GREEDY"
    printf '%-8s %7s %9s %9s %9s %8s %8s %9s %9s %8s  %s\n' "$inst" "$n" "${cap:--}" "$lb" "$fp" "$opt" "$t" "$nodes" "$gr" "$pct%" "$goal"
done
echo "goals met: $met of $total (time limit $limit s${work:+, work limit $work nodes}; greedy% is greedy above the lower bound)"
