#!/usr/bin/env bash
# Plans do not depend on the machine's load (issue 14). Every corpus file is
# planned (`spadc plan F --json`, each function of a file that has several)
# for cpu with 1 and 2 threads and for npu, once on an idle machine and twice
# while two busy loops load it; stdout, stderr and the exit status must be
# the same byte for byte. `plan --json` prints no wall time (est_seconds,
# est_us and est_cycles are the cost model's), so the outputs compare whole.
# A file the tool rejects (exit 1) is compared the same way; a crash or a
# hang is a failure. The corpus plans are easy (no search there reaches its
# work budget), so `spadc alloc --work-limit` on two MiniMalloc instances
# where the budget, not a proof, ends the search is compared the same way.
set -u
: "${SPADC:?}" "${SPADC_CORPUS:?}"
tmp=$(mktemp -d)
loops=()
stop_load() {
    local p
    for p in "${loops[@]}"; do kill "$p" 2> /dev/null; done
    for p in "${loops[@]}"; do wait "$p" 2> /dev/null; done
    loops=()
}
trap 'stop_load; rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# The jobs, one line each: FILE FUNCTION|- CONFIG.
: > "$tmp/jobs"
while IFS= read -r f; do
    timeout 120 "$SPADC" plan "$f" > /dev/null 2> "$tmp/err"
    rc=$?
    fns=-
    if [ $rc -eq 2 ]; then
        fns=$(sed -n 's/.*several functions (\(.*\)): choose.*/\1/p' "$tmp/err" | tr -d '@,')
        [ -n "$fns" ] || { fail "$f: exit 2: $(head -1 "$tmp/err")"; continue; }
    fi
    for fn in $fns; do
        for cfg in cpu1 cpu2 npu; do echo "$f $fn $cfg" >> "$tmp/jobs"; done
    done
done < <(find "$SPADC_CORPUS" -name '*.mlir' | sort)
njobs=$(wc -l < "$tmp/jobs")
[ "$njobs" -ge 100 ] || fail "only $njobs plan jobs: the corpus was not found whole"
# At a reduced size (SPADC_TEST_SCALE < 1: the sanitizer builds, where each
# plan costs many times more) every k-th job and one loaded run.
every=$(python3 -c "import sys; s = float(sys.argv[1] or 1); print(max(1, round(1 / s)) if 0 < s <= 1 else 1)" "${SPADC_TEST_SCALE:-1}")
loaded_runs="1 2"
if [ "$every" -gt 1 ]; then
    awk -v k="$every" 'NR % k == 1' "$tmp/jobs" > "$tmp/jobs.k" && mv "$tmp/jobs.k" "$tmp/jobs"
    loaded_runs=1
    echo "SPADC_TEST_SCALE=${SPADC_TEST_SCALE:-1}: every ${every}th of $njobs jobs, one loaded run"
    njobs=$(wc -l < "$tmp/jobs")
fi

# run_all DIR: every job's stdout, stderr and exit status under DIR.
run_all() {
    local dir=$1 f fn cfg k=0 rc
    mkdir -p "$dir"
    while read -r f fn cfg; do
        k=$((k + 1))
        local args=(plan "$f" --json)
        [ "$fn" = - ] || args+=(-e "$fn")
        case $cfg in
        cpu1) args+=(--target cpu --threads 1) ;;
        cpu2) args+=(--target cpu --threads 2) ;;
        npu) args+=(--target npu) ;;
        esac
        timeout 120 "$SPADC" "${args[@]}" > "$dir/$k.out" 2> "$dir/$k.err"
        rc=$?
        echo $rc > "$dir/$k.rc"
        [ $rc -le 1 ] || [ "$dir" != "$tmp/idle" ] || fail "$f ($fn, $cfg): exit $rc: $(head -c 200 "$dir/$k.err")"
    done < "$tmp/jobs"
    local m
    for m in E I; do
        "$SPADC" alloc "$SPADC_CORPUS/external/minimalloc/$m.1048576.csv" --work-limit 100000 --time-limit 600 \
            -o "$dir/$m.csv" > "$dir/$m.sum" 2> "$dir/$m.err"
        echo $? > "$dir/$m.rc"
        grep -q 'optimal: unknown (work limit)' "$dir/$m.sum" || fail "alloc $m ($dir): not stopped by the work limit: $(tr '\n' ' ' < "$dir/$m.sum")"
        sed -i '/^time_s: /d' "$dir/$m.sum" # the one wall-time field
    done
}

# compare DIR: DIR must match the idle run, file by file.
compare() {
    local dir=$1 f fn cfg k=0 x m
    while read -r f fn cfg; do
        k=$((k + 1))
        for x in out err rc; do
            cmp -s "$tmp/idle/$k.$x" "$dir/$k.$x" || fail "$f ($fn, $cfg): $x differs under load ($(basename "$dir"))"
        done
    done < "$tmp/jobs"
    for m in E I; do
        for x in csv sum err rc; do
            cmp -s "$tmp/idle/$m.$x" "$dir/$m.$x" || fail "alloc $m --work-limit: $x differs under load ($(basename "$dir"))"
        done
    done
}

run_all "$tmp/idle"
for run in $loaded_runs; do
    for _ in 1 2; do
        (while :; do :; done) &
        loops+=($!)
    done
    run_all "$tmp/loaded$run"
    stop_load
    compare "$tmp/loaded$run"
done

[ $fails -eq 0 ] && echo "determinism: ok ($njobs plans and 2 alloc runs, idle vs $(wc -w <<<"$loaded_runs") loaded runs)"
exit $((fails > 0))
