#!/usr/bin/env bash
# layers.sh - whole layers, spadc against PyTorch eager, torch.compile and
# IREE 3.13 (issue 17): a BERT-base encoder layer at sequence 128 and 512, a
# GPT-2 small block (sequence 128, causal) and a ResNet basic block (64
# channels, 56x56); and (issue 34) whole models and blocks of them: ResNet-50
# and MobileNetV2 at 224x224, a small Llama decoder block (d 1024, GQA 16/4
# heads, RoPE, SwiGLU; sequence 128), a ViT-B/16 encoder block (197 tokens)
# and a ConvNeXt-T stage-1 block (96 channels, 56x56) -- bench/models/README.md
# says exactly what each is; batch 1, f32, at 1 and 2 threads. All peers run the same
# model on the same inputs: bench/models/NAME.mlir (torch-mlir's FX importer,
# linalg-on-tensors, weights as function arguments; written by
# tools/bench_models.py export) for spadc and IREE, the same torch module for
# eager and torch.compile; the inputs are drawn with a fixed seed into
# build/bench/layers/inputs/. Prints a table (median ms of interleaved rounds
# and the range, spadc's speedup against each peer, each peer's error against
# eager), how many of spadc's kernels run on the engine and how many on the
# reference path, the fused attention kernels' GFLOP/s against the FMA peak
# measured in the same run (build/bench_cpu_gemm) and the score bytes their
# plan keeps in memory (0), and an npu section (simulated cycles against the
# roofline, DRAM bytes against the minimum). bench/layers.py says how it
# measures.
#
#   bash bench/layers.sh                      (make bench runs it)
#   ROUNDS=3 THREADS=2 MODELS="bert_base_s128 resnet_basic_56" bash bench/layers.sh
#   MODELS="resnet50_b1 mobilenet_v2_b1 llama_block_s128 vit_b16_block convnext_block_56" ...
#                     only the whole models (MODELS: a subset of
#                     tools/bench_models.py's SPECS, all of them by default)
#   PEERS="spadc iree" NPU=0 bash bench/layers.sh
#   PEERS="spadc spadc-bf16x3 spadc-bf16x6 eager" ...
#                     spadc with --precision bf16x3 / bf16x6 beside plain f32
#                     (its x column: time over f32 spadc's); in the default
#                     peers on a host with AMX-BF16, where bf16 products run
#                     faster than f32 ones, opt-in elsewhere
#   TARGET_MS=300     each measurement runs REPS calls, REPS ~ TARGET_MS / one call, >= 3
#   SEED=0            the inputs' seed
#   EXPORT=1          first write bench/models/ again with torch-mlir (installed if missing)
#   VENV=DIR          the Python venv (default ~/.cache/spadc-venv; made if missing)
#   TORCH_INDEX_URL=U install torch from that index (e.g. PyTorch's CPU-only
#                     wheels, a few hundred MB instead of several GB with the
#                     CUDA libraries) instead of PyPI's default wheel
#
# The venv: made with python3 -m venv when missing; torch (the pin of
# tools/torch_requirements.txt) and iree-base-compiler/iree-base-runtime
# 3.13.0 are pip-installed when missing or at another version, and the time
# each install takes is printed. A peer whose package cannot be installed
# is reported "n/a: why" and the others still run.
#
# Cost with the defaults as they were before the whole models of issue 34
# (ROUNDS=5, the first 4 models, 1 and 2 threads, on the 2-core host of
# 2026-11; the 9 models of today take longer, not yet measured in full):
# 107 s on a quiet host with warm caches (setup 26 s,
# rounds 80 s -- ~16 s a round, half of it spadc's BERT-512 while 12 of its
# kernels run on the reference path -- npu 1 s); 4.5 min with cold caches on
# a loaded host (IREE compiles ~13 s, cached in build/bench/layers/iree/;
# torch.compile's first calls ~90 s with an empty inductor cache, seconds
# once its cache under /tmp is warm). A fresh venv adds the installs
# (torch's default wheel with its CUDA libraries: 104 s here from PyPI,
# IREE 7 s, torch-mlir 8 s).
#
# Output: build/bench/layers/layers-<time>.txt (the table, also
# layers-latest.txt), layers-<time>.raw.txt (every measurement), spadc's
# kernel tables (spadc-NAME-tT.txt, spadc-NAME-npu.txt), workers' logs.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$ROOT/build/bench/layers
mkdir -p "$OUT"
VENV=${VENV:-$HOME/.cache/spadc-venv}
REQ=$ROOT/tools/torch_requirements.txt
pin() { sed -n "s/^$1==\([^ ]*\).*/\1/p" "$REQ" | head -1; }
TORCH_PIN=$(pin torch)
NUMPY_PIN=$(pin numpy)
TORCH_MLIR_PIN=$(pin torch-mlir)
IREE_PIN=3.13.0
NA=()
WHY=
: > "$OUT/install-times.txt"

[ -x "$ROOT/build/spadc" ] || make -s -C "$ROOT" all >/dev/null || echo "layers.sh: the build failed: spadc will be n/a" >&2

# pip_ensure LABEL DIST VERSION PIP-ARGS...: install unless DIST is at VERSION
# (a local suffix such as +cu132 allowed); prints the time an install takes.
pip_ensure() {
  local label=$1 dist=$2 want=$3; shift 3
  local have
  have=$("$VENV/bin/python" -c "import importlib.metadata as m; print(m.version('$dist'))" 2>/dev/null)
  if [ "${have%%+*}" = "$want" ]; then return 0; fi
  echo "== installing $label into $VENV (have: ${have:-none})" >&2
  local t0=$SECONDS
  local log=$OUT/install-$dist.log
  if timeout "${INSTALL_TIMEOUT:-1800}" "$VENV/bin/pip" install "$@" >"$log" 2>&1; then
    echo "install $label: $((SECONDS - t0)) s" | tee -a "$OUT/install-times.txt" >&2
    return 0
  fi
  WHY="pip install $label failed after $((SECONDS - t0)) s: $(grep -m1 '^ERROR' "$log" || tail -1 "$log") (log: $log)"
  echo "install $label: FAILED: $WHY" | tee -a "$OUT/install-times.txt" >&2
  return 1
}

if [ ! -x "$VENV/bin/python" ]; then
  echo "== making the venv $VENV" >&2
  python3 -m venv "$VENV" || { echo "layers.sh: python3 -m venv $VENV failed" >&2; exit 1; }
fi
pip_ensure "numpy==$NUMPY_PIN" numpy "$NUMPY_PIN" "numpy==$NUMPY_PIN" ||
  "$VENV/bin/python" -c "import numpy" 2>/dev/null ||
  { echo "layers.sh: the venv has no numpy, which the bench itself needs" >&2; exit 1; }

torch_ok=1
if [ -n "${TORCH_INDEX_URL:-}" ]; then
  pip_ensure "torch==$TORCH_PIN (from TORCH_INDEX_URL)" torch "$TORCH_PIN" "torch==$TORCH_PIN" \
    --index-url "$TORCH_INDEX_URL" || pip_ensure "torch==$TORCH_PIN (PyPI)" torch "$TORCH_PIN" "torch==$TORCH_PIN" || torch_ok=0
else
  pip_ensure "torch==$TORCH_PIN" torch "$TORCH_PIN" "torch==$TORCH_PIN" || torch_ok=0
fi
[ $torch_ok = 1 ] || NA+=(--na "eager=$WHY" --na "compile=$WHY")
if pip_ensure "iree-base-runtime==$IREE_PIN" iree-base-runtime "$IREE_PIN" "iree-base-runtime==$IREE_PIN"; then
  pip_ensure "iree-base-compiler==$IREE_PIN" iree-base-compiler "$IREE_PIN" "iree-base-compiler==$IREE_PIN" ||
    NA+=(--na "iree=$WHY")
else
  NA+=(--na "iree=$WHY")
fi

if [ "${EXPORT:-0}" = 1 ]; then
  pip_ensure "torch-mlir==$TORCH_MLIR_PIN" torch-mlir "$TORCH_MLIR_PIN" "torch-mlir==$TORCH_MLIR_PIN" &&
    "$VENV/bin/python" "$ROOT/tools/bench_models.py" export ||
    echo "layers.sh: EXPORT=1: the export failed; measuring the committed bench/models/" >&2
fi

if [ -z "${PEERS:-}" ] && grep -qw amx_bf16 /proc/cpuinfo 2>/dev/null; then
  PEERS="spadc eager compile iree spadc-bf16x3 spadc-bf16x6"
fi
exec "$VENV/bin/python" "$ROOT/bench/layers.py" --rounds "${ROUNDS:-5}" --threads "${THREADS:-1 2}" \
  ${MODELS:+--models "$MODELS"} ${PEERS:+--peers "$PEERS"} --target-ms "${TARGET_MS:-300}" \
  --seed "${SEED:-0}" --npu "${NPU:-1}" --out "$OUT" "${NA[@]}"
