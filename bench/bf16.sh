#!/usr/bin/env bash
# bf16.sh - the bf16 cells beside the f32 ones: spadc's bf16 Linear+ReLU
# (Y(bf16) = relu(X(bf16) W(bf16) + bias(f32)), f32 accumulation, Y rounded
# to bf16 once) against spadc's own f32 and oneDNN's bf16 matmul, on the
# peers' shapes (FFN1 512x3072x768, FFN2 512x768x3072, MLP 256x1024x1024,
# 64x64x64, GEMV 1x4096x4096) at 1 and 2 threads, in interleaved rounds,
# with the goals MET/MISS (bench/bf16_cells.c says how it measures and
# checks).
#
#   bash bench/bf16.sh                  (make bench runs it after peers.sh)
#   ROUNDS=1 THREADS=1 bash bench/bf16.sh          (a quick look; default 5 rounds, "1 2")
#   SHAPES="64,64,64;1,4096,4096" bash bench/bf16.sh   (a subset, M,N,K;...)
#   BUDGET=2 bash bench/bf16.sh         (seconds one spadc bf16 call may take before
#                                        the cell is printed "slow" and not timed)
#   ISA=avx2 bash bench/bf16.sh         (SPADC_ISA=avx2 and ONEDNN_MAX_CPU_ISA=AVX2:
#                                        like for like at AVX2; oneDNN 2.6 has no
#                                        bf16 matmul below AVX-512, so its cells are n/a)
#   BIND= PLACES= bash bench/bf16.sh    (threads unbound; default OMP_PROC_BIND=spread
#                                        OMP_PLACES=cores, as peers.sh)
#
# With oneDNN installed (libdnnl-dev, which `make peers-ext` installs), the
# driver is compiled here against it and build/libspadc.a into
# build/bench/bf16_cells_onednn; without it, CMake's build/bench_bf16_cells
# (no oneDNN: its cells print n/a) runs instead. The table goes to
# build/bench/bf16-<time>.txt and bf16-latest.txt, every measurement (one
# line per cell, round and variant) to bf16-<time>.raw.txt. Exit status 1 when a cell
# computed a wrong result.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$ROOT/build/bench
mkdir -p "$OUT"
STAMP=$(date -u +%Y%m%d-%H%M%S)
TABLE=$OUT/bf16-$STAMP.txt
RAW=$OUT/bf16-$STAMP.raw.txt
[ -f "$ROOT/build/libspadc.a" ] && [ -x "$ROOT/build/bench_bf16_cells" ] || make -s -C "$ROOT" all || exit 1
if [ -n "${ISA:-}" ]; then
  case $ISA in amx | avx512* | avx2 | generic) export SPADC_ISA=$ISA ;;
    *) echo "bf16.sh: ISA=$ISA: expected amx, avx512bf16, avx512, avx2 or generic" >&2; exit 2 ;; esac
  [ "$ISA" = avx2 ] && export ONEDNN_MAX_CPU_ISA=AVX2
fi

BIN=$ROOT/build/bench_bf16_cells
if [ -f /usr/include/oneapi/dnnl/dnnl.h ]; then
  BIN=$OUT/bf16_cells_onednn
  if [ ! -x "$BIN" ] || [ "$ROOT/bench/bf16_cells.c" -nt "$BIN" ] || [ "$ROOT/build/libspadc.a" -nt "$BIN" ]; then
    # shellcheck disable=SC2046
    ${CC:-gcc} -O2 -std=gnu11 -fopenmp -DBF16_ONEDNN -I"$ROOT/include" "$ROOT/bench/bf16_cells.c" \
      "$ROOT/build/libspadc.a" -ldnnl $(pkg-config --libs yaml-0.1 2>/dev/null) -lm -o "$BIN" || exit 1
  fi
else
  echo "bf16.sh: no oneDNN (libdnnl-dev; make peers-ext installs it): its cells print n/a" >&2
fi

BIND=${BIND-spread}
PLACES=${PLACES-cores}
bind=()
[ -n "$BIND" ] && bind+=("OMP_PROC_BIND=$BIND")
[ -n "$PLACES" ] && bind+=("OMP_PLACES=$PLACES")
T0=$(date +%s)
env "${bind[@]}" RAW="$RAW" "$BIN" | tee "$TABLE"
rc=${PIPESTATUS[0]}
cp "$TABLE" "$OUT/bf16-latest.txt"
[ -f "$RAW" ] && cp "$RAW" "$OUT/bf16-latest.raw.txt"
echo "(table: $TABLE; every measurement: $RAW; $(( $(date +%s) - T0 )) s)" >&2
exit "$rc"
