#!/usr/bin/env bash
# Row-wise chains on the cpu (issue 34, cpu/rows_path.c): every chain of
# tests/data/rows.mlir (softmax over the last dim, a middle one and dim 0,
# log-softmax, LayerNorm in torch-mlir's f64-variance spelling and in f32,
# RMSNorm) and tests/data/rows_cpu.mlir (the same at 700-1100 rows: several
# blocks of rows and a shorter last one; ConvNeXt's channels-last LayerNorm
# over an NCHW tensor, lanes along the rows; a chain with operands on both
# sides) plan as one "rows" kernel on
# the cpu's engine, and run equal to the reference (--check) at every ISA
# this host runs and at 1 and 2 threads; with NaN, infinities and zeros
# among the inputs (special_values.py) every NaN and infinity is the
# reference's (--check-samples 0); a part reading loop indices keeps its chain
# as loop kernels (@softmax_index). The rows kernel would break all of these
# if its blocks, scratch or strides were wrong, or a merged part's program:
# the values between the parts live nowhere else.
set -u
d=$SPADC_SRC/tests/data
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
no() { echo "FAIL $*"; fail=1; }
isas=()
for c in generic avx2 avx512; do
  SPADC_ISA=$c "$SPADC" plan "$SPADC_CORPUS/seeds/ffn1_bert.mlir" >/dev/null 2>&1 && isas+=("$c")
done
[ "${SPADC_SANITIZE:-0}" = 1 ] && isas=(generic "${isas[-1]}")
specs="rows.mlir:softmax_last rows.mlir:softmax_col rows.mlir:softmax_mid rows.mlir:log_softmax rows.mlir:layernorm
       rows.mlir:layernorm_3d rows.mlir:rmsnorm rows.mlir:layernorm_f32 rows.mlir:softmax_dim0 rows.mlir:softmax_long
       rows_cpu.mlir:layernorm_big rows_cpu.mlir:softmax_big rows_cpu.mlir:rmsnorm_big
       rows_cpu.mlir:layernorm_f32_big rows_cpu.mlir:layernorm_nchw rows_cpu.mlir:norm_rev"
for spec in $specs; do
  f=$d/${spec%%:*} fn=${spec#*:}
  for t in 1 2; do
    # one kernel, a rows kernel on the engine, and the plan says how it runs
    "$SPADC" plan "$f" -e "$fn" --threads $t --json >"$tmp/p.json" 2>&1 || { no "$fn: plan"; continue; }
    r=$(python3 -c '
import json, sys
ks = json.load(open(sys.argv[1]))["kernels"]
ok = len(ks) == 1 and ks[0]["kind"] == "rows" and ks[0]["path"] == "engine" and ks[0]["rows"]["blocks"] >= 1
print("ok %d" % ks[0]["rows"]["blocks"] if ok else "bad %s" % [(k["kind"], k["path"]) for k in ks])' "$tmp/p.json")
    case $r in ok*) ;; *) no "$fn at $t threads: $r" ;; esac
    "$SPADC" plan "$f" -e "$fn" --threads $t | grep -q "rows, one kernel: .* parts on the loop engine" ||
      no "$fn: the plan's text does not say the rows kernel runs on the engine"
    for c in "${isas[@]}"; do
      n=$((n + 1))
      out=$(SPADC_ISA=$c "$SPADC" run "$f" -e "$fn" --threads $t --check 2>&1) ||
        { no "$fn on $c at $t threads"; grep -m2 'MISMATCH\|error' <<<"$out"; }
    done
  done
  ins=$(python3 "$SPADC_SRC/tests/cli/special_values.py" "$f" "$fn" "$tmp") || { no "$fn: special inputs"; continue; }
  for c in "${isas[@]}"; do
    n=$((n + 1))
    out=$(SPADC_ISA=$c "$SPADC" run "$f" -e "$fn" --inputs "$ins" --threads 2 --check-samples 0 --check 2>&1) ||
      { no "$fn with special values on $c"; grep -m2 'MISMATCH\|error' <<<"$out"; }
  done
done
# several blocks at 1 and 2 threads, the last one shorter; ConvNeXt's lanes along the rows
for t in 1 2; do
  b=$("$SPADC" plan "$d/rows_cpu.mlir" -e layernorm_nchw --threads $t --json |
      python3 -c 'import json, sys; r = json.load(sys.stdin)["kernels"][0]["rows"]; print(r["blocks"] >= 2, r["rows"] % r["block_rows"] != 0, r["layout"])')
  [ "$b" = "True True lanes_along_rows" ] || no "layernorm_nchw at $t threads: several blocks, a shorter last, the layout: '$b'"
done
# parts that only feed others run inside them (rows_path.c merge_parts): the
# f64-variance LayerNorm's 16 ops as 4 loops (x - mean, its square and
# their sum one loop; the f64 cast of x computed by each reader, never
# stored), softmax's exp stored once for its sum and its division (not
# computed in both); the --check runs above hold the merged programs to the
# reference
for spec in rows_cpu.mlir:layernorm_nchw:4 rows.mlir:layernorm:4 rows.mlir:softmax_last:4 rows.mlir:rmsnorm:2; do
  IFS=: read -r f fn want <<<"$spec"
  got=$("$SPADC" plan "$d/$f" -e "$fn" --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["kernels"][0]["rows"]["parts"])')
  [ "$got" = "$want" ] || no "$fn: $got parts, want $want"
done
# the parts that are fused shapes (loop.h cpu_loop_fuse: a sum of x, of x *
# x or of (x - s)^2, and a chain of + - * / on x) run as native loops: the
# LayerNorms' and RMSNorm's every part, softmax's sum of exp and its
# division; each spec's result bit for bit that of the engine's
# instructions (SPADC_LOOP_FUSE=0), on every ISA, at 2 threads
for spec in rows_cpu.mlir:layernorm_nchw:4 rows.mlir:layernorm:4 rows.mlir:layernorm_f32:3 rows.mlir:rmsnorm:2 \
            rows_cpu.mlir:norm_rev:3 rows.mlir:softmax_last:2; do
  IFS=: read -r f fn want <<<"$spec"
  got=$("$SPADC" plan "$d/$f" -e "$fn" --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["kernels"][0]["rows"]["fused_parts"])')
  [ "$got" = "$want" ] || no "$fn: $got parts fused, want $want"
done
for spec in $specs; do
  f=$d/${spec%%:*} fn=${spec#*:}
  for c in "${isas[@]}"; do
    n=$((n + 1))
    rm -rf "$tmp/fu" "$tmp/en"
    SPADC_ISA=$c "$SPADC" run "$f" -e "$fn" --threads 2 -o "$tmp/fu" >/dev/null 2>&1 &&
      SPADC_LOOP_FUSE=0 SPADC_ISA=$c "$SPADC" run "$f" -e "$fn" --threads 2 -o "$tmp/en" >/dev/null 2>&1 ||
      { no "$fn on $c: a run for the fused A/B"; continue; }
    cmp -s "$tmp/fu/result0.npy" "$tmp/en/result0.npy" || no "$fn on $c: fused loops differ from the engine's bits"
  done
done
# a part reading linalg.index does not run regrouped: the chain through it
# stays loop kernels (max and exp(x - max) before it still one rows kernel),
# right on every ISA
k=$("$SPADC" plan "$d/rows_cpu.mlir" -e softmax_index --json |
    python3 -c 'import json, sys; print(" ".join("%s/%s" % (k["kind"], k["path"]) for k in json.load(sys.stdin)["kernels"]))')
[ "$k" = "rows/engine loop/engine loop/engine" ] || no "softmax_index: kernels '$k'"
for c in "${isas[@]}"; do
  for t in 1 2; do
    n=$((n + 1))
    SPADC_ISA=$c "$SPADC" run "$d/rows_cpu.mlir" -e softmax_index --threads $t --check >/dev/null 2>&1 ||
      no "softmax_index on $c at $t threads"
  done
done
echo "$n runs of row-wise chains on the cpu (ISAs ${isas[*]})"
exit $fail
