#!/usr/bin/env bash
# peers.sh - spadc's fused cpu kernels beside the peer libraries, in one run,
# by the peers harness (../shared/peers, copied to build/peers by
# `make peers-ext`): bias_relu = relu(XW + bias) on FFN1 512x3072x768, FFN2
# 512x768x3072, the MLP layer 256x1024x1024, 64x64x64 and 1x4096x4096, and
# residual = XW + D on FFN1, at 1 and 2 threads. Prints GFLOP/s (median of
# the harness's samples), % of the FMA peak, and the ratios against
# oneDNN-packedW, OpenBLAS-skx + its separate epilogue pass and the best
# peer library, with issue 6's goals MET/MISS beside them.
#
#   bash bench/peers.sh                 (make bench runs it; make peers-ext first)
#   THREADS="2" ONLY="onednn-packedW openblas-skx spadc" bash bench/peers.sh
#                                       (openblas-hsw / openblas-zen at the AVX2 class: see ISA)
#   RETRIES=0 bash bench/peers.sh       (harness re-samples disturbed cells; default 2)
#   ROUNDS=1 bash bench/peers.sh        (rounds of the whole set, in alternating
#                                        order; default 5: see below)
#   BIND= PLACES= bash bench/peers.sh   (threads unbound; default OMP_PROC_BIND=spread OMP_PLACES=cores)
#   PEAK=0 bash bench/peers.sh          (the FMA peak of the peers' last full run, if on this
#                                        CPU model, instead of measuring it now, 30 s: this VM's peak moves,
#                                        116 GFLOP/s a core on 2026-11-23, 237 the day before)
#   TABLE_ONLY=build/bench/peers-latest.raw.txt bash bench/peers.sh   (re-print a table)
#   ISA=avx2 bash bench/peers.sh        (like for like at AVX2 on an AVX-512 host: see below)
#
# ISA: the FMA peak of "%pk" is that of the ISA spadc runs, asked of spadc
# itself (`build/spadc plan --json`'s target.isa, so SPADC_ISA is honoured):
# the AVX-512 peak where spadc uses AVX-512, the AVX2 peak where it uses
# AVX2 (an AVX2-only host, or SPADC_ISA=avx2), none for "generic". The peers
# are run at the same ISA: on the AVX-512 class, OpenBLAS's column is
# openblas-skx (OPENBLAS_CORETYPE=SkylakeX) as before; on the AVX2 class the
# variants that force AVX-512 kernels (openblas-skx, blis-skx) become the
# host's AVX2 core type instead: openblas-hsw / blis-hsw (OPENBLAS_CORETYPE=
# Haswell, BLIS_ARCH_TYPE=3) on Intel, openblas-zen / blis-zen3
# (OPENBLAS_CORETYPE=Zen, BLIS_ARCH_TYPE=6) on AMD, and the OpenBLAS column
# is that variant. ISA=avx2|avx512|generic sets SPADC_ISA for spadc and, for
# avx2 on a host with AVX-512, caps every peer at AVX2 too:
# ONEDNN_MAX_CPU_ISA=AVX2 (oneDNN), LIBXSMM_TARGET=hsw (libxsmm), the forced
# AVX2 core types above for OpenBLAS and BLIS (whose auto-detecting variants
# "openblas" and "blis" are left out then: they would pick AVX-512 kernels);
# c-loops is compiled -march=native and has no such knob (it is no peer in
# the ratios). The core each library really ran (its INFO line) is printed
# above the table.
#
# The memory-bandwidth bound of 1x4096x4096: one call must move the weights
# (64 MiB, more than the L3), X and Y once: bytes = 4 (KN + MK + MN); the
# bandwidth is the best STREAM "read" figure (weights are only read) at that
# thread count, measured in this run by the harness's bin/stream; the bound
# is 2MNK flops / (bytes / bandwidth), about bandwidth/2 GFLOP/s.
#
# Rounds: this VM's speed drifts by 5-40% over seconds (a whole library's
# run can land in a slow spell), so one pass compares libraries measured
# up to a minute apart. Every variant is measured ROUNDS times, the order
# reversed each round; a cell's GFLOP/s is its median over the rounds, and
# a ratio is the median of the ratios within each round (spadc and the peer
# measured in the same round), with their range printed beside it.
#
# Raw harness output: build/bench/peers-<time>.raw.txt; the table:
# build/bench/peers-<time>.txt (and peers-latest.*). Cells sampled while
# other processes used > 0.25 cores (the harness's bg) are marked '!'.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PEERS=$ROOT/build/peers
[ -x "$PEERS/bin/bench_ext" ] || make -s -C "$ROOT" peers-ext || exit 1
OUT=$ROOT/build/bench
mkdir -p "$OUT"
STAMP=$(date -u +%Y%m%d-%H%M%S)
RAW=$OUT/peers-$STAMP.raw.txt
TABLE=$OUT/peers-$STAMP.txt
THREADS=${THREADS:-"1 2"}
ROUNDS=${ROUNDS:-5}
case $ROUNDS in '' | *[!0-9]*) echo "peers.sh: ROUNDS must be a positive integer" >&2; exit 2 ;; esac
[ "$((10#$ROUNDS))" -gt 0 ] || { echo "peers.sh: ROUNDS must be a positive integer" >&2; exit 2; }
ROUNDS=$((10#$ROUNDS))
# OpenMP threads bound one per core, for every OpenMP library alike:
# unbound, the scheduler here now and then stacks a library's two threads on
# one core for a whole measurement (seen on spadc and oneDNN alike: FFN2 at
# 2 threads ~112 instead of ~210 GFLOP/s, 1 run in ~15). Not for OpenBLAS:
# Debian's is the pthreads build, whose threads would inherit the binding of
# the harness's (OpenMP) main thread to one core and share it. BIND=
# PLACES= (empty) leaves every library's defaults.
BIND=${BIND-spread}
PLACES=${PLACES-cores}
SHAPES_BR="512,3072,768;512,768,3072;256,1024,1024;64,64,64;1,4096,4096"

# The ISA spadc runs (ISA= sets SPADC_ISA), as spadc itself reports it.
if [ -n "${ISA:-}" ]; then
  case $ISA in amx | avx512* | avx2 | generic) export SPADC_ISA=$ISA ;;
    *) echo "peers.sh: ISA=$ISA: expected amx, avx512bf16, avx512, avx2 or generic" >&2; exit 2 ;; esac
fi
[ -x "$ROOT/build/spadc" ] || make -s -C "$ROOT" all || exit 1
spadc_isa() {
  local f
  f=$(mktemp /tmp/peers-isa-XXXXXX.mlir) || return 1
  printf '%s\n' 'func.func @f(%x: tensor<8x8xf32>, %w: tensor<8x8xf32>) -> tensor<8x8xf32> {' \
    '  %z = arith.constant 0.0 : f32' '  %e = tensor.empty() : tensor<8x8xf32>' \
    '  %a = linalg.fill ins(%z : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>' \
    '  %r = linalg.matmul ins(%x, %w : tensor<8x8xf32>, tensor<8x8xf32>) outs(%a : tensor<8x8xf32>) -> tensor<8x8xf32>' \
    '  return %r : tensor<8x8xf32>' '}' > "$f"
  "$ROOT/build/spadc" plan --json "$f" | sed -n 's/^ *"isa": *"\([^"]*\)".*/\1/p' | head -1
  rm -f "$f"
}
SPADC_ISA_NOW=$(spadc_isa)
[ -n "$SPADC_ISA_NOW" ] || { echo "peers.sh: spadc reports no ISA (SPADC_ISA=${SPADC_ISA:-unset})" >&2; exit 1; }
HOST_AVX512=0
grep -qw avx512f /proc/cpuinfo && grep -qw avx512bw /proc/cpuinfo && HOST_AVX512=1
VENDOR=$(sed -n 's/^vendor_id[^:]*: *//p' /proc/cpuinfo | head -1)
case $SPADC_ISA_NOW in
  avx512* | amx) PEAK_ISA=avx512 ;; # (f32 runs on avx512's kernels at every level above it)
  avx2) PEAK_ISA=avx2 ;;
  *) PEAK_ISA="" ;; # generic: scalar code, no FMA peak to hold it to
esac
# the ISA class the peers run at: spadc's, or the host's best for "generic"
CLASS=$PEAK_ISA
[ -n "$CLASS" ] || { [ $HOST_AVX512 = 1 ] && CLASS=avx512 || CLASS=avx2; }
if [ "$VENDOR" = AuthenticAMD ]; then OB_CORE=Zen BLIS_ID=6 BLIS_NAME=zen3; else OB_CORE=Haswell BLIS_ID=3 BLIS_NAME=hsw; fi
OB_LABEL=openblas-skx
[ "$CLASS" = avx2 ] && OB_LABEL=openblas-$([ "$OB_CORE" = Zen ] && echo zen || echo hsw)
SHAPES_RES="512,3072,768"
cd "$PEERS" || exit 1

# The variants (label|binary|environment) exactly as run.sh runs them, + spadc.
mapfile -t VARIANTS < <(sed -n 's/^  "\([^"|]*|bench_[a-z_]*|[^"]*\)"$/\1/p' run.sh)
[ ${#VARIANTS[@]} -gt 0 ] || { echo "peers.sh: no variants found in $PEERS/run.sh" >&2; exit 1; }
# At the AVX2 class: AVX2 core types instead of SkylakeX/skx; on an AVX-512
# host every peer capped at AVX2 as well (like for like).
if [ "$CLASS" = avx2 ]; then
  V=()
  for v in "${VARIANTS[@]}"; do
    IFS='|' read -r label bin extra <<< "$v"
    case $label in
      openblas-skx) v="$OB_LABEL|$bin|${extra/OPENBLAS_CORETYPE=SkylakeX/OPENBLAS_CORETYPE=$OB_CORE}" ;;
      blis-skx) v="blis-$BLIS_NAME|$bin|${extra/BLIS_ARCH_TYPE=0/BLIS_ARCH_TYPE=$BLIS_ID}" ;;
      openblas | blis) [ $HOST_AVX512 = 1 ] && continue ;;
      onednn*) [ $HOST_AVX512 = 1 ] && v="$label|$bin|${extra:+$extra }ONEDNN_MAX_CPU_ISA=AVX2" ;;
      libxsmm*) [ $HOST_AVX512 = 1 ] && v="$label|$bin|${extra:+$extra }LIBXSMM_TARGET=hsw" ;;
    esac
    V+=("$v")
  done
  VARIANTS=("${V[@]}")
fi
VARIANTS+=("spadc|bench_ext|")

peak_of() { [ -n "$PEAK_ISA" ] && awk -F'|' -v i="$PEAK_ISA" -v t="$1" '$1=="PEAK" && $2==i && $3==t {print $4}' "$RAW" | tail -1; }

# Peak, bandwidth, then every variant at every thread count -> $RAW.
measure() {
  {
    echo "SYS|date|$(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "SYS|spadc|$(git -C "$ROOT" describe --always --dirty 2>/dev/null)"
    echo "SYS|load_before|$(cut -d' ' -f1-3 /proc/loadavg)"
    echo "SYS|isa|spadc=$SPADC_ISA_NOW${SPADC_ISA:+ (SPADC_ISA=$SPADC_ISA)}; peers at the $CLASS class$([ "$CLASS" = avx2 ] && [ $HOST_AVX512 = 1 ] && echo ', capped on this AVX-512 host'); host $VENDOR, AVX-512 $([ $HOST_AVX512 = 1 ] && echo yes || echo no)"
    echo "SYS|peak_isa|${PEAK_ISA:-none}"
    echo "SYS|ob_label|$OB_LABEL"
    echo "SYS|bind|OMP_PROC_BIND=${BIND:-unset} OMP_PLACES=${PLACES:-unset} (OpenMP libraries; OpenBLAS's pthreads unbound)"
  } > "$RAW"
  # PEAK=0 reuses the last full run's peak only if it was taken on this CPU
  # model (the machine's CPU changes between sessions)
  local host_cpu
  host_cpu=$(lscpu | sed -n 's/^Model name: *//p' | head -1)
  if [ "${PEAK:-1}" != 0 ] || ! grep -q "^PEAK|${PEAK_ISA:-avx512}|" results/raw.txt 2>/dev/null ||
     ! grep -qF "SYS|cpu|$host_cpu, family" results/raw.txt; then
    [ "${PEAK:-1}" = 0 ] && echo "   (PEAK=0: the peers' last full run is not from this CPU or has no such peak: measuring)" >&2
    echo "== FMA peak (about 30 s)" >&2
    ./bin/peak 2 | tee -a "$RAW" >&2
    echo "SYS|peak_from|this run" >> "$RAW"
  else
    grep -E '^(PEAK|CLOCK)\|' results/raw.txt >> "$RAW"
    echo "SYS|peak_from|$(sed -n 's/^SYS|date|//p' results/raw.txt | head -1) (peers' last full run)" >> "$RAW"
  fi
  echo "== memory bandwidth (about 15 s)" >&2
  ./bin/stream 2 | tee -a "$RAW" >&2

  for round in $(seq "$ROUNDS"); do
    echo "ROUND|$round" >> "$RAW"
    order=("${VARIANTS[@]}")
    if [ $((round % 2)) = 0 ]; then # reversed, so no library always runs last
      order=()
      for ((i = ${#VARIANTS[@]} - 1; i >= 0; i--)); do order+=("${VARIANTS[i]}"); done
    fi
    for v in "${order[@]}"; do
      IFS='|' read -r label bin extra <<< "$v"
      if [ -n "${ONLY:-}" ] && ! [[ " $ONLY " == *" $label "* ]]; then continue; fi
      [ -x "bin/$bin" ] || { echo "INFO|$label|-|not built" >> "$RAW"; continue; }
      for t in $THREADS; do
        echo "== round $round/$ROUNDS: $label, $t thread(s)  [$(( $(date +%s) - T0 )) s]" >&2
        bind=()
        if [ "$bin" != bench_openblas ]; then
          [ -n "$BIND" ] && bind+=("OMP_PROC_BIND=$BIND")
          [ -n "$PLACES" ] && bind+=("OMP_PLACES=$PLACES")
        fi
        for job in "bias_relu|$SHAPES_BR" "residual|$SHAPES_RES"; do
          # shellcheck disable=SC2086
          env OMP_NUM_THREADS="$t" OPENBLAS_NUM_THREADS="$t" BLIS_NUM_THREADS="$t" \
              "${bind[@]}" $extra \
            "./bin/$bin" --threads "$t" --label "$label" --peak "$(peak_of "$t")" \
                         --ops "${job%%|*}" --shapes "${job#*|}" ${RETRIES:+--retries "$RETRIES"} \
            >> "$RAW" 2>&1
        done
      done
    done
  done
  echo "SYS|load_after|$(cut -d' ' -f1-3 /proc/loadavg)" >> "$RAW"
  echo "SYS|runtime|$(( $(date +%s) - T0 )) s" >> "$RAW"
}

T0=$(date +%s)
if [ -n "${TABLE_ONLY:-}" ]; then
  RAW=$(cd "$ROOT" && realpath "$TABLE_ONLY") || exit 1
  TABLE=/dev/null
else
  measure
fi

# One table per statistic of a cell's samples (field fld of the harness's
# RES line): 9 = their median (the harness's figure), 10 = the best of them.
table() {
awk -F'|' -v threads="$THREADS" -v fld="$1" -v statname="$2" '
function key(t, op, m, n, k) { return t "|" op "|" m "|" n "|" k }
# sorted numbers of a space-separated list into a[1..n] (insertion sort:
# a handful of rounds; POSIX awk, no gawk asort)
function sorted(list, a,   n, i, j, v) {
  n = split(list, a, " ")
  for (i = 2; i <= n; i++) { v = a[i] + 0; for (j = i - 1; j >= 1 && a[j] + 0 > v; j--) a[j + 1] = a[j]; a[j + 1] = v }
  return n
}
function median(list,   a, n) { n = sorted(list, a); if (n == 0) return 0; return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
function lo(list,   a) { sorted(list, a); return a[1] }
function hi(list,   a, n) { n = sorted(list, a); return a[n] }
# the same-round ratios of spadc over label (or over the best peer, label "")
function ratios(k, label,   r, out, v, b) {
  out = ""
  for (r = 1; r <= nround; r++) {
    v = g["spadc", k, r]; b = label == "" ? best[k, r] : g[label, k, r]
    if (v > 0 && b > 0) out = out " " v / b
  }
  return out
}
# ratios print rounded down (a 1.196 median is "1.19x", never "1.20x" beside
# a >=1.2 MISS); goals compare numbers, not strings
function down(x) { return int(x * 100) / 100 }
function goal(list, want,   ratio, s, span) {
  ratio = median(list) + 0
  span = (nround > 1 && list != "") ? sprintf(" %.2f-%.2f", down(lo(list)), down(hi(list))) : ""
  if (want == "") return sprintf("%6s%-10s %-10s", ratio > 0 ? sprintf("%.2fx", down(ratio)) : "-", span, "")
  s = ratio >= want + 0 ? "MET" : "MISS"; nmet += s == "MET"; nmiss += s == "MISS"
  return sprintf("%6s%-10s %-10s", ratio > 0 ? sprintf("%.2fx", down(ratio)) : "-", span, ">=" want " " s)
}
function cell(gf, bg) { return gf > 0 ? sprintf("%7.1f%s", gf, bg > 0.25 ? "!" : " ") : sprintf("%7s ", "n/a") }
BEGIN { round = 1; nround = 1; pisa = "avx512"; obl = "openblas-skx" }
$1 == "ROUND" { round = $2 + 0; if (round > nround) nround = round }
$1 == "PEAK" { peakby[$2, $3] = $4 }
$1 == "SYS" && $2 == "peak_isa" { pisa = $3 }
$1 == "SYS" && $2 == "ob_label" { obl = $3 }
$1 == "SYS" && $2 == "isa" { isaline = $3 }
# the kernels each library really ran, from its INFO line (first seen)
$1 == "INFO" && !($2 in lib) && $4 !~ /not built/ {
  v = $4
  if (match(v, /core=[^;]*/)) v = "core " substr(v, RSTART + 5, RLENGTH - 5)
  else if ($2 ~ /^blis/ && match(v, /arch=[^;]*/)) v = "arch " substr(v, RSTART + 5, RLENGTH - 5)
  else if (match(v, /JIT target=[^;]*/)) v = "target " substr(v, RSTART + 11, RLENGTH - 11)
  else v = ""
  lib[$2] = v
}
$1 == "RES" && $2 ~ /^onednn/ && $15 != "" && !(($2) in impl) { impl[$2] = $15 }
$1 == "BW" && $2 == "read" { bw[$3] = $4 }
$1 == "SYS" && $2 == "peak_from" { peakfrom = $3 }
$1 == "SYS" && $2 == "bind" { bind = $3 }
$1 == "CHECK" && $10 ~ /^FAIL/ { fails = fails sprintf("  %s %s thr %s %dx%dx%d: max err %s > %s\n", $2, $4, $3, $5, $6, $7, $8, $9) }
$1 == "RES" && $fld != "" {
  k = key($3, $4, $5, $6, $7); g[$2, k, round] = $fld; all[$2, k] = all[$2, k] " " $fld
  if ($16 + 0 > bgv[$2, k]) bgv[$2, k] = $16
  if ($2 != "spadc" && $2 != "c-loops" && $fld + 0 > best[k, round]) best[k, round] = $fld + 0
  if ($2 != "spadc" && $2 != "c-loops") peers[k] = peers[k] SUBSEP $2
}
END {
  for (t = 1; t <= 2; t++) peak[t] = peakby[pisa, t]
  pname = pisa == "avx512" ? "AVX-512" : pisa == "avx2" ? "AVX2" : pisa
  obh = "OB-" substr(obl, 10)
  nrows = split("bias_relu 512 3072 768 FFN1|bias_relu 512 768 3072 FFN2|bias_relu 256 1024 1024 MLP|bias_relu 64 64 64 64^3|bias_relu 1 4096 4096 1x4096^2|residual 512 3072 768 FFN1", rows, "|")
  nt = split(threads, ts, " ")
  printf "== cell = %s\n", statname
  printf "GFLOP/s (median over %d round(s)) of relu(XW+bias) / XW+D, fp32; ratio = spadc / peer, the median of\n", nround
  printf "same-round ratios (range beside it); ! = a sample taken while others used > 0.25 cores\n"
  if (isaline != "") printf "ISA: %s\n", isaline
  if (pisa == "none") printf "FMA peak: none (spadc runs generic code); %%pk not shown\n"
  else printf "%s FMA peak (spadc'"'"'s ISA): %s (1 thr) / %s (2 thr) GFLOP/s, from %s\n", pname, peak[1] == "" ? "?" : peak[1], peak[2] == "" ? "?" : peak[2], peakfrom
  libs = ""
  for (l in lib) if (lib[l] != "") libs = libs sprintf("%s%s: %s", libs == "" ? "" : ", ", l, lib[l])
  for (l in impl) libs = libs sprintf("%s%s: %s", libs == "" ? "" : ", ", l, impl[l])
  if (libs != "") printf "peers ran: %s\n", libs
  printf "memory bandwidth (STREAM read, best): %s (1 thr) / %s (2 thr) GB/s, this run\n", bw[1], bw[2]
  printf "thread binding: %s\n\n", bind
  printf "%-3s %-9s %-20s %8s %4s | %-8s %-27s | %-8s %-27s | %-23s %-27s | %s\n", "thr", "op", "shape", "spadc", "%pk",
         "oDNN-pW", "ratio [range]  goal", obh, "ratio [range]  goal", "best peer (median)", "ratio [range]  goal", "bandwidth bound"
  for (i = 1; i <= nt; i++) {
    t = ts[i]
    for (j = 1; j <= nrows; j++) {
      split(rows[j], f, " "); op = f[1]; m = f[2]; n = f[3]; kk = f[4]; name = f[5]
      k = key(t, op, m, n, kk)
      s = median(all["spadc", k]); o = median(all["onednn-packedW", k]); b = median(all[obl, k])
      # the peer with the best median, shown; the ratio is against the best of each round
      bn = "-"; bm = 0
      np = split(peers[k], pl, SUBSEP)
      for (q = 2; q <= np; q++) if (median(all[pl[q], k]) > bm) { bm = median(all[pl[q], k]); bn = pl[q] }
      big3 = (name == "FFN1" || name == "FFN2" || name == "MLP")
      go = ""; gb = ""; gp = ""; bound = ""
      if (t == 2 && big3) { go = "1.0"; if (op == "bias_relu") gb = "1.2" }
      if (name == "64^3") gp = "1.0"
      if (name == "1x4096^2" && bw[t] > 0 && s > 0) {
        bytes = 4 * (n * kk + m * kk + m * n)
        bgf = 2 * m * n * kk / (bytes / (bw[t] * 1e9)) / 1e9
        fr = s / bgf
        st = fr >= 0.9 ? "MET" : "MISS"; nmet += st == "MET"; nmiss += st == "MISS"
        bound = sprintf("%.1f GFLOP/s (%.1f GB/s): %.0f%% of it, goal >=90%% %s", bgf, bw[t], 100 * fr, st)
      }
      pk = (peak[t] > 0 && s > 0) ? sprintf("%3.0f%%", 100 * s / peak[t]) : "   -"
      printf "%-3s %-9s %-20s %s %4s | %s %s | %s %s | %-14s %s %s | %s\n", t, op, name " " m "x" n "x" kk, cell(s, bgv["spadc", k]), pk,
             cell(o, bgv["onednn-packedW", k]), goal(ratios(k, "onednn-packedW"), go), cell(b, bgv[obl, k]),
             goal(ratios(k, obl), gb), substr(bn, 1, 14), cell(bm, bgv[bn, k]), goal(ratios(k, ""), gp), bound
    }
  }
  printf "\ngoals (%s): %d MET, %d MISS\n\n", statname, nmet, nmiss
  if (fails != "") printf "CORRECTNESS FAILURES:\n%s", fails
}' "$RAW"
}
# The median is the harness's own statistic. Interference here only ever
# slows a sample down (steal time, another process), so a cell's best sample
# is the better estimate of what the code does on a quiet machine: both are
# printed, each with its goals.
{
  table 9 "the median of the harness's samples in each round"
  table 10 "the best of the harness's samples in each round (interference only slows samples down)"
} | tee "$TABLE"
if [ -z "${TABLE_ONLY:-}" ]; then
  cp "$RAW" "$OUT/peers-latest.raw.txt"
  cp "$TABLE" "$OUT/peers-latest.txt"
  echo "(raw: $RAW; table: $TABLE; $(( $(date +%s) - T0 )) s)" >&2
fi
! grep -q '^CHECK|.*|FAIL' "$RAW"
