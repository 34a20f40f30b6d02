#!/usr/bin/env bash
# conditions.sh - spadc in real conditions (issue 21): weights passed in
# every call as well as bound, on an idle machine and on one where a third
# process spins on a core, against oneDNN and IREE under the same conditions.
#
# Cases (f32, batch 1, relu(X W + bias), W row-major K x N; M x N x K):
#   ffn1 512x3072x768, ffn2 512x768x3072, mlp 256x1024x1024, gemv 1x4096x4096,
#   and mlp3: the 3-layer MLP of ../shared/peers/mlir22/src/mlp3_main.mlir
#   (256x1024, three GEMM + bias + ReLU layers, 1.61 GFLOP a call).
# Variants:
#   spadc-bound     the peers harness's plug-in (bench/peers_ext.c) with the
#                   weights bound, packed once, untimed (as bench/peers.sh);
#                   mlp3: build/bench_mlp3 --mode bound
#   spadc-args      the same plug-in with SPADC_PEERS_WEIGHTS=args: W and the
#                   bias are arguments 1 and 2 of every spadc_program_run
#                   (whatever the engine does with them is timed); mlp3:
#                   build/bench_mlp3 --mode args
#   onednn-packedW  the harness's oneDNN 2.6 matmul (+ bias, ReLU post-op) with
#                   its weights reordered once, untimed (PEERS_WEIGHTS=packed)
#   onednn          the same on the row-major weights as given, every call
#                   mlp3, both: three chained matmul primitives
#                   (bench/onednn/mlp3_onednn.c, compiled here with -ldnnl)
#   iree-dt         IREE 3.13 with data tiling on the same problem as MLIR
#                   (bench/conditions_iree.py: bench/layers.py's iree-compile
#                   flags; weights and bias are function arguments, as
#                   spadc-args; checked against numpy once; timed by
#                   iree-benchmark-module, local-task driver,
#                   --task_topology_group_count=T, inputs loaded once, no
#                   Python in the timed loop)
# Each harness cell is the median of its samples (>= 11 samples of >= 20 ms
# when a call is short; the harness checks every result); bench_mlp3 and
# mlp3_onednn: the median of REPS_MLP3 calls after a warm-up (checksum
# checked); IREE: the median of 7 repetitions of >= 0.1 s.
#
# Loads:
#   idle  nothing else started (the harness re-samples a cell that others
#         disturbed, RETRIES times; cells still disturbed are marked '!')
#   busy  a spinner -- `timeout SPIN_MAX taskset -c SPIN_CPU sh -c 'while :;
#         do :; done'`, one busy core's worth -- is started before each
#         variant's measurement and stopped after it (so every variant runs
#         under the same load, started the same way); pinned to the last CPU
#         by default (SPIN_CPU=none: unpinned, the scheduler places it). It
#         dies on its own after SPIN_MAX s (default 120, well above one
#         measurement) even if this script is killed; a trap stops it on
#         EXIT/INT/TERM. The harness does not re-sample there (its 'bg', the
#         cores others used, is the spinner's: ~1.0 beside 1 thread, ~0.5
#         when 2 threads share its core; the table prints the mean as a
#         check that it ran).
# Threads are OpenMP's for spadc and oneDNN, bound as bench/peers.sh binds
# them (OMP_PROC_BIND=spread OMP_PLACES=cores; BIND= PLACES= unbinds): at 1
# thread that is core 0, so a spinner pinned to the last CPU leaves the
# 1-thread runs a core of their own; IREE's task system places its own.
#
# Rounds: every (load, variant, thread count) is measured ROUNDS times; each
# round reverses the order of the loads and of the variants, and begins with
# bin/stream's read bandwidth (idle). A cell prints the median over the
# rounds and the range; a ratio is computed within each round (the variant
# and the peer measured in the same round, minutes apart at most) and its
# median printed, with the range, as bench/peers.sh does.
#
# The GEMV's memory-bandwidth bound: one call moves W, X and Y once, bytes =
# 4 (KN + MK + MN); at the best STREAM "read" figure of bin/stream at that
# thread count, measured in the same round, the bound is 2MNK flops /
# (bytes / bandwidth). When the weights (64 MiB) fit in the L3, a call can
# beat that bound; the table says so.
#
# Goals (issue 21), MET/MISS:
#   - spadc-args / spadc-bound >= 0.90 on ffn1, ffn2, mlp (idle, 1 and 2 thr)
#   - gemv spadc-args >= 90% of the bandwidth bound and >= 1.0x oneDNN with
#     row-major weights (the args comparison; spadc-bound against
#     onednn-packedW printed beside it, and a goal too), idle, 1 and 2 thr
#   - busy, 2 threads: every case's spadc (args and bound) >= its own idle
#     1-thread throughput (same round), and >= 1.0x IREE-dt (spadc-args) and
#     oneDNN (spadc-args vs row-major oneDNN, spadc-bound vs oneDNN-packedW)
#     under the same load.
#
# Knobs:
#   ROUNDS=5           rounds (default 5: ~2 min a round with everything on
#                      the 2-core host, so ~10 min in all; see Cost)
#   THREADS="1 2"      thread counts
#   LOADS="idle busy"  loads
#   CASES="ffn1 ffn2 mlp gemv mlp3"
#   ONLY="spadc-args iree-dt"   a subset of the variants (labels above)
#   SPIN_CPU=last|none|N        the spinner's CPU (default the last one)
#   SPIN_MAX=120       the spinner's lifetime in seconds (one per measurement)
#   RETRIES=1          the harness's re-samples of a disturbed idle cell
#   REPS_MLP3=20       calls timed per mlp3 measurement (spadc and oneDNN)
#   IREE_REPS=7 IREE_MIN_TIME=0.1   iree-benchmark-module's repetitions, s each
#   BIND=spread PLACES=cores        OpenMP binding (empty: unbound)
#   ISA=avx2           SPADC_ISA=avx2, ONEDNN_MAX_CPU_ISA=AVX2 and IREE
#                      target-cpu=haswell (like for like on an AVX-512 host)
#   VENV=~/.cache/spadc-venv        IREE's venv (iree-base-compiler and
#                      iree-base-runtime 3.13.0 pip-installed when missing;
#                      IREE n/a with the reason when that fails)
#   TABLE_ONLY=build/bench/conditions-latest.raw.txt   re-print a table
#
# Cost: ~100-120 s a round with the defaults on the 2-core host (2 loads x
# 2 thread counts x 5 variants, ~5 s each for the five cases, plus
# bin/stream's ~5 s): 500 s for the default 5 rounds on 2026-11-27 (another
# engineer's tests running beside it), plus ~10 s of setup the first time
# (IREE compiles ~1 s a case, cached in build/bench/conditions/iree/ with
# ~100 MB of inputs). ROUNDS=1 CASES="mlp gemv" is a ~30 s look. A peer that cannot be built or
# installed prints "n/a: why" and the rest runs.
#
# Output: build/bench/conditions-<time>.txt (the tables; also
# conditions-latest.txt) and conditions-<time>.raw.txt (every measurement:
# round|load|<harness line>; also conditions-latest.raw.txt). Exit status 1
# when a variant computed a wrong result.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PEERS=$ROOT/build/peers
OUT=$ROOT/build/bench
CDIR=$OUT/conditions
mkdir -p "$CDIR"
STAMP=$(date -u +%Y%m%d-%H%M%S)
RAW=$OUT/conditions-$STAMP.raw.txt
TABLE=$OUT/conditions-$STAMP.txt
ROUNDS=${ROUNDS:-5}
THREADS=${THREADS:-"1 2"}
LOADS=${LOADS:-"idle busy"}
CASES=${CASES:-"ffn1 ffn2 mlp gemv mlp3"}
SPIN_CPU=${SPIN_CPU:-last}
SPIN_MAX=${SPIN_MAX:-120}
RETRIES=${RETRIES:-1}
REPS_MLP3=${REPS_MLP3:-20}
IREE_REPS=${IREE_REPS:-7}
IREE_MIN_TIME=${IREE_MIN_TIME:-0.1}
BIND=${BIND-spread}
PLACES=${PLACES-cores}
VENV=${VENV:-$HOME/.cache/spadc-venv}
IREE_PIN=3.13.0
MLP3_MLIR=$PEERS/mlir22/src/mlp3_main.mlir
for v in ROUNDS SPIN_MAX RETRIES REPS_MLP3 IREE_REPS; do
  case ${!v} in '' | *[!0-9]*) echo "conditions.sh: $v must be a non-negative integer" >&2; exit 2 ;; esac
done
[ "$ROUNDS" -gt 0 ] || { echo "conditions.sh: ROUNDS must be positive" >&2; exit 2; }
for c in $CASES; do
  case $c in ffn1 | ffn2 | mlp | gemv | mlp3) ;; *) echo "conditions.sh: unknown case $c" >&2; exit 2 ;; esac
done
for l in $LOADS; do
  case $l in idle | busy) ;; *) echo "conditions.sh: unknown load $l (idle, busy)" >&2; exit 2 ;; esac
done
shape_of() {
  case $1 in ffn1) echo 512,3072,768 ;; ffn2) echo 512,768,3072 ;; mlp) echo 256,1024,1024 ;;
    gemv) echo 1,4096,4096 ;; esac
}

# ---------------------------------------------------------------- the spinner
SPIN_PID=
stop_spinner() {
  if [ -n "$SPIN_PID" ]; then
    kill "$SPIN_PID" 2>/dev/null # timeout passes the signal on to the loop
    wait "$SPIN_PID" 2>/dev/null
    SPIN_PID=
  fi
}
start_spinner() {
  local pin=()
  if [ "$SPIN_CPU" != none ] && command -v taskset >/dev/null; then
    local cpu=$SPIN_CPU
    [ "$cpu" = last ] && cpu=$(($(nproc) - 1))
    pin=(taskset -c "$cpu")
  fi
  timeout -k 2 "$SPIN_MAX" "${pin[@]}" sh -c 'while :; do :; done' &
  SPIN_PID=$!
}
trap 'stop_spinner' EXIT
trap 'stop_spinner; exit 130' INT TERM

# ---------------------------------------------------------------- setup
# cores' worth of CPU busy (steal included) over one second, as run.sh counts it
busy_cores() {
  local a b
  a=($(head -1 /proc/stat)); sleep 1; b=($(head -1 /proc/stat))
  awk -v u="$((b[1] + b[2] + b[3] + b[6] + b[7] + b[8] - a[1] - a[2] - a[3] - a[6] - a[7] - a[8]))" \
      -v t="$((b[1] + b[2] + b[3] + b[4] + b[5] + b[6] + b[7] + b[8] - a[1] - a[2] - a[3] - a[4] - a[5] - a[6] - a[7] - a[8]))" \
      -v n="$(nproc)" 'BEGIN { printf "%.2f", (t > 0 ? u / t * n : 0) }'
}
T0=$(date +%s)
SPADC_ISA_NOW=
IREE_CPU=host
if [ -n "${ISA:-}" ]; then
  case $ISA in avx2 | avx512* | amx | generic) export SPADC_ISA=$ISA ;;
    *) echo "conditions.sh: ISA=$ISA: expected avx2, avx512, amx or generic" >&2; exit 2 ;; esac
fi
HOST_AVX512=0
grep -qw avx512f /proc/cpuinfo && grep -qw avx512bw /proc/cpuinfo && HOST_AVX512=1
ONEDNN_CAP=
if [ "${ISA:-}" = avx2 ] && [ $HOST_AVX512 = 1 ]; then ONEDNN_CAP=ONEDNN_MAX_CPU_ISA=AVX2 IREE_CPU=haswell; fi

setup() {
  # the harness and the plug-in, rebuilt when the plug-in or the library is newer
  if [ ! -x "$PEERS/bin/bench_ext" ] || [ "$ROOT/bench/peers_ext.c" -nt "$PEERS/bin/bench_ext" ] ||
     [ "$ROOT/build/libspadc.a" -nt "$PEERS/bin/bench_ext" ]; then
    make -s -C "$ROOT" peers-ext >&2 || { echo "conditions.sh: make peers-ext failed" >&2; exit 1; }
  fi
  [ -x "$ROOT/build/bench_mlp3" ] || make -s -C "$ROOT" all >&2 || exit 1
  # spadc's ISA, as spadc reports it (as bench/peers.sh asks it)
  local f
  f=$(mktemp /tmp/conditions-isa-XXXXXX.mlir)
  printf '%s\n' 'func.func @f(%x: tensor<8x8xf32>, %w: tensor<8x8xf32>) -> tensor<8x8xf32> {' \
    '  %z = arith.constant 0.0 : f32' '  %e = tensor.empty() : tensor<8x8xf32>' \
    '  %a = linalg.fill ins(%z : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>' \
    '  %r = linalg.matmul ins(%x, %w : tensor<8x8xf32>, tensor<8x8xf32>) outs(%a : tensor<8x8xf32>) -> tensor<8x8xf32>' \
    '  return %r : tensor<8x8xf32>' '}' > "$f"
  SPADC_ISA_NOW=$("$ROOT/build/spadc" plan --json "$f" | sed -n 's/^ *"isa": *"\([^"]*\)".*/\1/p' | head -1)
  rm -f "$f"
  {
    echo "0|-|SYS|date|$(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "0|-|SYS|spadc|$(git -C "$ROOT" describe --always --dirty 2>/dev/null)"
    echo "0|-|SYS|cpu|$(lscpu | sed -n 's/^Model name: *//p' | head -1); $(nproc) CPUs; L3 $(lscpu | sed -n 's/^L3 cache: *//p' | head -1)"
    echo "0|-|SYS|isa|spadc=$SPADC_ISA_NOW${SPADC_ISA:+ (SPADC_ISA=$SPADC_ISA)}${ONEDNN_CAP:+; oneDNN $ONEDNN_CAP}; IREE target-cpu=$IREE_CPU"
    echo "0|-|SYS|bind|OMP_PROC_BIND=${BIND:-unset} OMP_PLACES=${PLACES:-unset} (spadc, oneDNN)"
    echo "0|-|SYS|spinner|timeout $SPIN_MAX $([ "$SPIN_CPU" = none ] && echo "(unpinned)" || echo "taskset -c $([ "$SPIN_CPU" = last ] && echo $(($(nproc) - 1)) || echo "$SPIN_CPU")") sh -c 'while :; do :; done', one per measurement"
    echo "0|-|SYS|load_before|$(cut -d' ' -f1-3 /proc/loadavg) (others busy: $(busy_cores) cores over 1 s)"
  } >> "$RAW"
  # oneDNN: the harness's bench_onednn, and the mlp3 driver compiled here
  if [ ! -x "$PEERS/bin/bench_onednn" ]; then
    echo "0|-|NA|onednn|*|bin/bench_onednn not built (libdnnl-dev missing: make -C build/peers deps)" >> "$RAW"
    echo "0|-|NA|onednn-packedW|*|bin/bench_onednn not built (libdnnl-dev missing: make -C build/peers deps)" >> "$RAW"
  elif [[ " $CASES " == *" mlp3 "* ]]; then
    local src=$ROOT/bench/onednn/mlp3_onednn.c bin=$CDIR/mlp3_onednn
    if [ ! -x "$bin" ] || [ "$src" -nt "$bin" ]; then
      if ! gcc -O2 -std=gnu11 -fopenmp "$src" -o "$bin" -ldnnl -lm 2> "$CDIR/mlp3_onednn.log"; then
        for l in onednn onednn-packedW; do
          echo "0|-|NA|$l|mlp3|mlp3_onednn.c does not build: $(grep -m1 error "$CDIR/mlp3_onednn.log")" >> "$RAW"
        done
      fi
    fi
  fi
  # IREE: the venv's wheels (installed when missing), then the cases compiled and checked
  local want_iree=1
  [ -n "${ONLY:-}" ] && [[ " $ONLY " != *" iree-dt "* ]] && want_iree=0
  if [ $want_iree = 1 ]; then
    local why=
    [ -x "$VENV/bin/python" ] || python3 -m venv "$VENV" >/dev/null 2>&1 || why="python3 -m venv $VENV failed"
    if [ -z "$why" ]; then
      local have
      for dist in iree-base-runtime iree-base-compiler; do
        have=$("$VENV/bin/python" -c "import importlib.metadata as m; print(m.version('$dist'))" 2>/dev/null)
        if [ "$have" != "$IREE_PIN" ]; then
          echo "== installing $dist==$IREE_PIN into $VENV (have: ${have:-none})" >&2
          timeout 900 "$VENV/bin/pip" install "$dist==$IREE_PIN" > "$CDIR/install-$dist.log" 2>&1 ||
            why="pip install $dist==$IREE_PIN failed: $(grep -m1 '^ERROR' "$CDIR/install-$dist.log" || tail -1 "$CDIR/install-$dist.log")"
        fi
      done
    fi
    if [ -n "$why" ]; then
      echo "0|-|NA|iree-dt|*|$why" >> "$RAW"
    else
      echo "== IREE: compiling and checking the cases" >&2
      "$VENV/bin/python" "$ROOT/bench/conditions_iree.py" setup --dir "$CDIR/iree" --cases "$CASES" \
        --mlp3 "$MLP3_MLIR" --target-cpu "$IREE_CPU" 2>&1 |
        sed 's/^NA|/NA|iree-dt|/; s/^/0|-|/' >> "$RAW"
      for c in $CASES; do # a setup that said nothing of a case (it crashed): n/a, its output in the raw file
        grep -q "^0|-|\(SETUP\|NA|iree-dt\)|$c|" "$RAW" ||
          echo "0|-|NA|iree-dt|$c|conditions_iree.py setup failed (its output is in the raw file)" >> "$RAW"
      done
    fi
  fi
}

# ---------------------------------------------------------------- one measurement
# Cores' worth of CPU others used (with steal) while "$@" ran, as the harness
# counts it: /proc/stat's busy time minus the command's own CPU time.
stat_busy() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8, $9 }' /proc/stat; }
na_of() { grep -q "^0|-|NA|$1|\($2\|\*\)|" "$RAW"; }

# measure ROUND LOAD LABEL T: every case of one variant at T threads
measure() {
  local round=$1 load=$2 label=$3 t=$4
  local omp=(OMP_NUM_THREADS="$t")
  [ -n "$BIND" ] && omp+=(OMP_PROC_BIND="$BIND")
  [ -n "$PLACES" ] && omp+=(OMP_PLACES="$PLACES")
  local shapes="" c
  for c in $CASES; do
    [ "$c" = mlp3 ] || na_of "$label" "$c" || shapes="$shapes${shapes:+;}$(shape_of "$c")"
  done
  local retries=$RETRIES
  [ "$load" = busy ] && retries=0 && start_spinner
  local tag="$round|$load|"
  case $label in
    spadc-* | onednn*)
      local bin=bench_ext env=(SPADC_PEERS_WEIGHTS="${label#spadc-}")
      case $label in onednn) bin=bench_onednn env=($ONEDNN_CAP) ;; onednn-packedW) bin=bench_onednn env=(PEERS_WEIGHTS=packed $ONEDNN_CAP) ;; esac
      if [ -n "$shapes" ]; then
        (cd "$PEERS" && env "${omp[@]}" "${env[@]}" timeout -k 5 600 "./bin/$bin" --threads "$t" --label "$label" \
          --ops bias_relu --shapes "$shapes" --check-max-mnk 1e8 --retries "$retries") 2>&1 |
          grep -E '^(INFO|RES|CHECK)' | sed "s/^/$tag/" >> "$RAW"
      fi
      if [[ " $CASES " == *" mlp3 "* ]] && ! na_of "$label" mlp3; then
        local cmd
        case $label in
          spadc-*) cmd=("$ROOT/build/bench_mlp3" "$MLP3_MLIR" --mode "${label#spadc-}") ;;
          onednn) cmd=("$CDIR/mlp3_onednn" --weights rowmajor) ;;
          onednn-packedW) cmd=("$CDIR/mlp3_onednn" --weights packed) ;;
        esac
        local s0 s1 line tm
        s0=$(stat_busy)
        tm=$( { TIMEFORMAT='%R %U %S'; time env "${omp[@]}" $ONEDNN_CAP timeout -k 5 600 "${cmd[@]}" --threads "$t" \
              --reps "$REPS_MLP3" > "$CDIR/mlp3.out" 2>&1; } 2>&1)
        s1=$(stat_busy)
        line=$(grep -m1 'mlp3 mode=' "$CDIR/mlp3.out")
        # RES|label|t|mlp3|M|N|K|min|median|max|pct|err|calls|samples|note|bg|attempts
        awk -v tag="$tag" -v label="$label" -v t="$t" -v line="$line" -v s0="$s0" -v s1="$s1" -v tm="$tm" \
            -v reps="$REPS_MLP3" -v hz="$(getconf CLK_TCK)" -v err="$(tr '\n' ' ' < "$CDIR/mlp3.out" | cut -c1-200)" 'BEGIN {
          split(s0, a, " "); split(s1, b, " "); split(tm, c, " ")
          bg = c[1] > 0 ? ((b[1] - a[1]) / hz - (c[2] + c[3]) + (b[2] - a[2]) / hz) / c[1] : 0
          if (bg < 0) bg = 0
          if (match(line, /median_GFLOPs=[0-9.]+/)) med = substr(line, RSTART + 14, RLENGTH - 14)
          ok = line ~ /bit-exact|check=PASS/
          if (line ~ /^spadc/ && !ok && match(line, /checksum=[0-9.]+/)) {
            v = substr(line, RSTART + 9, RLENGTH - 9) + 0; ok = (v - 580757.2) ^ 2 <= (1e-4 * 580757.2) ^ 2 }
          if (med == "") { printf "%sRES|%s|%d|mlp3|256|1024|1024||||||||failed: %s\n", tag, label, t, err; exit }
          printf "%sCHECK|%s|%d|mlp3|256|1024|1024|||%s\n", tag, label, t, ok ? "PASS (checksum)" : "FAIL (checksum: " line ")"
          printf "%sRES|%s|%d|mlp3|256|1024|1024||%s|||checksum|1|%d|%s|%.2f|1\n", tag, label, t, med, reps,
                 line ~ /impl=/ ? substr(line, index(line, "impl=")) : "bench_mlp3", bg }' >> "$RAW"
      fi
      ;;
    iree-dt)
      for c in $CASES; do
        na_of iree-dt "$c" && continue
        timeout -k 5 600 "$VENV/bin/python" "$ROOT/bench/conditions_iree.py" time --dir "$CDIR/iree" --case "$c" \
          --threads "$t" --reps "$IREE_REPS" --min-time "$IREE_MIN_TIME" 2>&1 | grep '^RES' | sed "s/^/$tag/" >> "$RAW"
      done
      ;;
  esac
  if [ "$load" = busy ]; then
    kill -0 "$SPIN_PID" 2>/dev/null || echo "${tag}SPIN|expired|$label|$t|the spinner ended before the measurement did (SPIN_MAX=$SPIN_MAX)" >> "$RAW"
    stop_spinner
  fi
}

run_all() {
  : > "$RAW"
  setup
  VARIANTS=()
  for v in spadc-bound spadc-args onednn-packedW onednn iree-dt; do
    [ -n "${ONLY:-}" ] && [[ " $ONLY " != *" $v "* ]] && continue
    na_of "$v" '\*' && continue
    VARIANTS+=("$v")
  done
  local round order loads l v t i
  for round in $(seq "$ROUNDS"); do
    "$PEERS/bin/stream" 2 2>/dev/null | grep '^BW|read|' | sed "s/^/$round|idle|/" >> "$RAW"
    order=("${VARIANTS[@]}") loads=($LOADS)
    if [ $((round % 2)) = 0 ]; then
      order=() loads=()
      for ((i = ${#VARIANTS[@]} - 1; i >= 0; i--)); do order+=("${VARIANTS[i]}"); done
      for l in $LOADS; do loads=("$l" "${loads[@]}"); done
    fi
    for l in "${loads[@]}"; do
      for v in "${order[@]}"; do
        for t in $THREADS; do
          echo "== round $round/$ROUNDS: $l, $v, $t thread(s)  [$(($(date +%s) - T0)) s]" >&2
          measure "$round" "$l" "$v" "$t"
        done
      done
    done
  done
  echo "0|-|SYS|load_after|$(cut -d' ' -f1-3 /proc/loadavg) (others busy: $(busy_cores) cores over 1 s)" >> "$RAW"
  echo "0|-|SYS|runtime|$(($(date +%s) - T0)) s" >> "$RAW"
}

# ---------------------------------------------------------------- the tables
table() {
  awk -F'|' -v threads="$THREADS" -v loads="$LOADS" -v cases="$CASES" '
function casekey(op, m, n, k,   s) {
  if (op == "mlp3") return "mlp3"
  s = m " " n " " k
  return s == "512 3072 768" ? "ffn1" : s == "512 768 3072" ? "ffn2" : s == "256 1024 1024" ? "mlp" : s == "1 4096 4096" ? "gemv" : ""
}
function sorted(list, a,   n, i, j, v) {
  n = split(list, a, " ")
  for (i = 2; i <= n; i++) { v = a[i] + 0; for (j = i - 1; j >= 1 && a[j] + 0 > v; j--) a[j + 1] = a[j]; a[j + 1] = v }
  return n
}
function median(list,   a, n) { n = sorted(list, a); if (n == 0) return 0; return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
function lo(list,   a) { sorted(list, a); return a[1] }
function hi(list,   a, n) { n = sorted(list, a); return a[n] }
function down(x) { return int(x * 100 + 1e-9) / 100 }
# same-round ratios of cell A over cell B (keys label SUBSEP load SUBSEP t SUBSEP case)
function ratios(A, B,   r, out) {
  out = ""
  for (r = 1; r <= nround; r++) if (g[A, r] > 0 && g[B, r] > 0) out = out " " g[A, r] / g[B, r]
  return out
}
function rstr(list) {
  if (list == "") return sprintf("%-16s", "-")
  return sprintf("%-16s", sprintf("%.2fx", down(median(list))) (nround > 1 ? sprintf(" %.2f-%.2f", down(lo(list)), down(hi(list))) : ""))
}
function cell(K, load,   l, s) {
  l = all[K]
  if (l == "") return sprintf("%-19s", "n/a")
  s = sprintf("%.1f", median(l)) (nround > 1 ? sprintf(median(l) < 10 ? " %.1f-%.1f" : " %.0f-%.0f", lo(l), hi(l)) : "")
  # disturbed: idle cells others used > 0.25 cores in; busy cells > 1.25 (the spinner is 1)
  if (bgmax[K] > (load == "busy" ? 1.25 : 0.25)) s = s "!"
  return sprintf("%-19s", s)
}
function boundgf(t, r,   bytes) {
  if (!(bw[t, r] > 0)) return 0
  bytes = 4 * (4096 * 4096 + 4096 + 4096)
  return 2 * 4096 * 4096 / (bytes / (bw[t, r] * 1e9)) / 1e9
}
# the GEMV at T threads under LOAD as a fraction of the bound, each round
function boundfr(label, load, t,   r, out, K, b) {
  out = ""; K = label SUBSEP load SUBSEP t SUBSEP "gemv"
  for (r = 1; r <= nround; r++) { b = boundgf(t, r); if (g[K, r] > 0 && b > 0) out = out " " g[K, r] / b }
  return out
}
function goal(what, cname, thr, list, want, pct,   m, v, s) {
  if (list == "") { v = "n/a"; s = "n/a" }
  else {
    m = median(list)
    v = pct ? sprintf("%.0f%%", 100 * m) (nround > 1 ? sprintf(" [%.0f-%.0f%%]", 100 * lo(list), 100 * hi(list)) : "") \
            : sprintf("%.2fx", down(m)) (nround > 1 ? sprintf(" [%.2f-%.2f]", down(lo(list)), down(hi(list))) : "")
    s = m + 0 >= want + 0 ? "MET" : "MISS"
    nmet += s == "MET"; nmiss += s == "MISS"
  }
  printf "  %-58s %-5s %-4s %-22s %-7s %s\n", what, cname, thr, v, (pct ? ">=" want * 100 "%" : ">=" want "x"), s
}
BEGIN { nround = 1 }
$3 == "SYS" { sys[$4] = $5 }
$3 == "NA" { na[$4, $5] = $6; nalines = nalines sprintf("  n/a: %s%s: %s\n", $4, $5 == "*" ? "" : " " $5, $6) }
$3 == "SETUP" { setupl = setupl sprintf("  iree-dt %s: %s, %s\n", $4, $5, $6) }
$3 == "INFO" && !(($4) in info) { info[$4] = $6 }
$3 == "SPIN" { spinw = spinw sprintf("  round %s: %s\n", $1, $8) }
$3 == "BW" && $4 == "read" { bw[$5, $1 + 0] = $6; bwl[$5] = bwl[$5] " " $6 }
$3 == "CHECK" && $12 ~ /^FAIL/ { fails = fails sprintf("  round %s %s %s thr %s %s %sx%sx%s: %s\n", $1, $2, $4, $5, $6, $7, $8, $9, $12) }
$3 == "RES" {
  r = $1 + 0; if (r > nround) nround = r
  K = $4 SUBSEP $2 SUBSEP $5 SUBSEP casekey($6, $7, $8, $9)
  if ($11 != "") { g[K, r] = $11; all[K] = all[K] " " $11; if ($18 + 0 > bgmax[K]) bgmax[K] = $18 + 0; bgsum[$2] += $18; bgn[$2]++ }
  else if (!(K in why)) { why[K] = $17; nalines = nalines sprintf("  n/a: %s %s thr %s %s: %s\n", $4, $2, $5, casekey($6, $7, $8, $9), $17) }
}
END {
  nt = split(threads, ts, " "); nl = split(loads, ls, " "); nc = split(cases, cs, " ")
  split("spadc-bound spadc-args onednn-packedW onednn iree-dt", V, " ")
  name["ffn1"] = "FFN1 512x3072x768"; name["ffn2"] = "FFN2 512x768x3072"; name["mlp"] = "MLP 256x1024x1024"
  name["gemv"] = "GEMV 1x4096x4096"; name["mlp3"] = "MLP3 3x256x1024x1024"
  printf "spadc in real conditions (issue 21): %s; spadc %s; %s\n", sys["date"], sys["spadc"], sys["cpu"]
  printf "ISA: %s; threads: %s\n", sys["isa"], sys["bind"]
  printf "busy = a spinner: %s\n", sys["spinner"]
  printf "load average before / after: %s / %s; %s\n", sys["load_before"], sys["load_after"], sys["runtime"] != "" ? "runtime " sys["runtime"] : ""
  for (l = 1; l <= nl; l++) if (bgn[ls[l]] > 0) printf "  mean cores used by others during the %s measurements: %.2f%s\n", ls[l], bgsum[ls[l]] / bgn[ls[l]], ls[l] == "busy" ? " (the spinner included: ~1 at 1 thread, ~0.5 when 2 threads share its core)" : ""
  for (v in info) printf "  %s: %s\n", v, info[v]
  printf "%s", setupl
  printf "STREAM read (best, GB/s), median over rounds [range]:"
  for (i = 1; i <= nt; i++) printf " %s thr %.1f [%.1f-%.1f];", ts[i], median(bwl[ts[i]]), lo(bwl[ts[i]]), hi(bwl[ts[i]])
  printf "\n\nGFLOP/s of relu(XW + bias), f32: median over %d round(s) and range; ! = disturbed (others > 0.25 cores idle,\n", nround
  printf "> 1.25 busy); ratios: the median of same-round ratios and their range; %%bw = the GEMV against its bandwidth bound\n"
  for (l = 1; l <= nl; l++) for (i = 1; i <= nt; i++) {
    load = ls[l]; t = ts[i]
    printf "\n== %s, %s thread(s)%s\n", load, t, load == "busy" ? " (one spinner)" : ""
    printf "%-21s %-19s %-19s %-19s %-19s %-19s | %-16s %-16s %-16s %-16s %-16s\n", "case", "spadc-bound", "spadc-args", "onednn-packedW",
           "onednn", "iree-dt", "args/bound", "args/onednn", "bound/onednn-pW", "args/iree-dt", (load == "busy" ? "args/idle-1thr" : "%bw args|bound")
    for (c = 1; c <= nc; c++) {
      cc = cs[c]; line = sprintf("%-21s", name[cc])
      for (v = 1; v <= 5; v++) line = line " " cell(V[v] SUBSEP load SUBSEP t SUBSEP cc, load)
      k = load SUBSEP t SUBSEP cc
      line = line " | " rstr(ratios("spadc-args" SUBSEP k, "spadc-bound" SUBSEP k)) " " rstr(ratios("spadc-args" SUBSEP k, "onednn" SUBSEP k)) \
                    " " rstr(ratios("spadc-bound" SUBSEP k, "onednn-packedW" SUBSEP k)) " " rstr(ratios("spadc-args" SUBSEP k, "iree-dt" SUBSEP k))
      if (load == "busy") line = line " " rstr(ratios("spadc-args" SUBSEP k, "spadc-args" SUBSEP "idle" SUBSEP 1 SUBSEP cc))
      else if (cc == "gemv") {
        fa = boundfr("spadc-args", load, t); fb = boundfr("spadc-bound", load, t)
        line = line sprintf(" %s|%s", fa == "" ? "-" : sprintf("%.0f%%", 100 * median(fa)), fb == "" ? "-" : sprintf("%.0f%%", 100 * median(fb)))
      }
      print line
    }
  }
  b1 = 0; for (i = 1; i <= nt; i++) { bb = ""; for (r = 1; r <= nround; r++) if (boundgf(ts[i], r) > 0) bb = bb " " boundgf(ts[i], r)
    if (bb != "") printf "%sGEMV bandwidth bound at %s thr: %.1f GFLOP/s (bytes 4(KN+MK+MN) = 67.2 MB at the STREAM read figure)", (b1++ ? "; " : "\n"), ts[i], median(bb) }
  if (b1) printf "\n"
  l3 = sys["cpu"]; if (match(l3, /L3 [0-9.]+ MiB/)) { mib = substr(l3, RSTART + 3, RLENGTH - 7) + 0
    if (mib >= 64) printf "  NOTE: this L3 (%s MiB) holds the GEMV'"'"'s 64 MiB of weights: a call can read them from the L3 and beat the DRAM bound\n", mib }

  printf "\n== goals (issue 21); measured = median of same-round ratios [range]\n"
  printf "  %-58s %-5s %-4s %-22s %-7s %s\n", "goal", "case", "thr", "measured", "want", ""
  for (i = 1; i <= nt; i++) for (c = 1; c <= nc; c++) {
    cc = cs[c]; if (cc != "ffn1" && cc != "ffn2" && cc != "mlp") continue
    k = "idle" SUBSEP ts[i] SUBSEP cc
    goal("weights as args within 10% of bound (args/bound, idle)", cc, ts[i], ratios("spadc-args" SUBSEP k, "spadc-bound" SUBSEP k), 0.9, 0)
  }
  for (i = 1; i <= nt; i++) if (cases ~ /gemv/) {
    k = "idle" SUBSEP ts[i] SUBSEP "gemv"
    goal("GEMV args: % of the bandwidth bound (idle)", "gemv", ts[i], boundfr("spadc-args", "idle", ts[i]), 0.9, 1)
    goal("GEMV args vs oneDNN, row-major weights (idle)", "gemv", ts[i], ratios("spadc-args" SUBSEP k, "onednn" SUBSEP k), 1.0, 0)
    goal("GEMV bound vs oneDNN-packedW (idle)", "gemv", ts[i], ratios("spadc-bound" SUBSEP k, "onednn-packedW" SUBSEP k), 1.0, 0)
  }
  if (loads ~ /busy/ && loads ~ /idle/ && threads ~ /1/ && threads ~ /2/) for (c = 1; c <= nc; c++) {
    cc = cs[c]
    for (m = 1; m <= 2; m++) {
      mode = m == 1 ? "spadc-args" : "spadc-bound"
      goal("busy 2 thr >= the same code idle 1 thr (" mode ")", cc, 2, ratios(mode SUBSEP "busy" SUBSEP 2 SUBSEP cc, mode SUBSEP "idle" SUBSEP 1 SUBSEP cc), 1.0, 0)
    }
  }
  if (loads ~ /busy/ && threads ~ /2/) for (c = 1; c <= nc; c++) {
    cc = cs[c]; k = "busy" SUBSEP 2 SUBSEP cc
    goal("busy: spadc-args vs iree-dt, same load", cc, 2, ratios("spadc-args" SUBSEP k, "iree-dt" SUBSEP k), 1.0, 0)
    goal("busy: spadc-args vs oneDNN row-major, same load", cc, 2, ratios("spadc-args" SUBSEP k, "onednn" SUBSEP k), 1.0, 0)
    goal("busy: spadc-bound vs oneDNN-packedW, same load", cc, 2, ratios("spadc-bound" SUBSEP k, "onednn-packedW" SUBSEP k), 1.0, 0)
  }
  printf "goals: %d MET, %d MISS\n", nmet, nmiss
  if (nalines != "") printf "\nnot measured:\n%s", nalines
  if (spinw != "") printf "\nspinner warnings:\n%s", spinw
  if (fails != "") printf "\nCORRECTNESS FAILURES:\n%s", fails
}' "$RAW"
}

if [ -n "${TABLE_ONLY:-}" ]; then
  RAW=$(cd "$ROOT" && realpath "$TABLE_ONLY") || exit 1
  table
  exit 0
fi
run_all
table | tee "$TABLE"
cp "$RAW" "$OUT/conditions-latest.raw.txt"
cp "$TABLE" "$OUT/conditions-latest.txt"
echo "(raw: $RAW; table: $TABLE; $(($(date +%s) - T0)) s)" >&2
! grep -q '^[0-9]*|[a-z-]*|CHECK|.*|FAIL' "$RAW"
