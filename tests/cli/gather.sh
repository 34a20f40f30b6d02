#!/usr/bin/env bash
# Gathers (tests/data/gather.mlir: a body's tensor.extract of a tensor from
# outside it, as torch-mlir writes nn.Embedding and torch.flip) run on the
# cpu loop engine (CPU_L_GATHER), not the reference path: every kernel on
# the engine, equal to the reference (the copies bit for bit) at 1 and 2
# threads and on every ISA this CPU has; an index out of the table stops
# the run located at the extract, as the reference does. On the npu (issue
# 33) the same functions run on its gathering DMA, an index tile the vector
# unit computes per output tile: bit for bit, on the built-in machine and
# PyTorchSim's 8x8 file with a small budget (many tiles), the simulator's
# cycles the plan's (a gather that computes on the element it reads maps
# the gathered tile with the rest of its body); a reduction that gathers
# (tests/data/npu_gather.mlir, an EmbeddingBag sum) stays on the host and
# says why.
set -u
. "$SPADC_SRC/tests/tools/lib.sh"
D=$SPADC_SRC/tests/data
f=$D/gather.mlir
fail=0
no() { echo "FAIL $*"; fail=1; }
flags=$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null)
isas=generic
[[ " $flags " == *" avx2 "* ]] && isas+=" avx2"
[[ " $flags " == *" avx512f "* && " $flags " == *" avx512bw "* ]] && isas+=" avx512"
for fn in embed from_intermediate flip_bf16 rank3_i32 upsample_rank4; do
  plan=$("$SPADC" plan "$f" -e "$fn")
  grep -q 'reference' <<<"$plan" && { no "$fn: a kernel on the reference path"; grep -A1 '^k' <<<"$plan"; }
  for isa in $isas; do
    for t in 1 2; do
      out=$(SPADC_ISA=$isa "$SPADC" run "$f" -e "$fn" --threads $t --check --seed 3 2>&1); rc=$?
      { [ $rc = 0 ] && grep -q '^check result0: .*: ok$' <<<"$out"; } || { no "$fn SPADC_ISA=$isa --threads $t (exit $rc)"; echo "$out" | tail -3; }
      # a gather moves elements: nothing to round
      [ "$fn" = from_intermediate ] || grep -q 'max abs err 0,' <<<"$out" || no "$fn SPADC_ISA=$isa: not bit for bit: $(grep check <<<"$out")"
    done
  done
done
# torch-mlir's nn.Embedding (its bounds asserts in the body) with PyTorch's
# indices: all on the engine, equal to the reference
m=$SPADC_SRC/tests/corpus/torch/embedding_mlp
out=$("$SPADC" run "$m.mlir" --check --inputs "$m.arg0.npy,$m.arg1.npy,$m.arg2.npy,$m.arg3.npy" 2>&1); rc=$?
{ [ $rc = 0 ] && grep -q '^check result0: .*: ok$' <<<"$out"; } || { no "embedding_mlp (exit $rc)"; echo "$out" | tail -3; }
"$SPADC" plan "$m.mlir" | grep -q '^plan of .*: 2 kernels, 2 on the engine$' || no "embedding_mlp: a kernel off the engine"
# out of the table: exit 1 at the extract on the engine and the reference
for t in cpu ref; do
  err=$("$SPADC" run "$f" -e out_of_bounds --target $t --seed 1 2>&1 >/dev/null); rc=$?
  [ $rc = 1 ] && grep -q "^$f:91:10: error: tensor.extract index .*out of bounds" <<<"$err" ||
    no "out_of_bounds --target $t: exit $rc: $err"
done
# the npu: every gather on its gathering DMA, bit for bit (ranks 1 to 4;
# f32, bf16, i32; from_intermediate scales what it gathers), plan cycles =
# run cycles; an index out of the table stops at the extract
Y=$SPADC_CORPUS/external/pytorchsim
for run in "npu" "npu=$Y/systolic_ws_8x8_c1_simple_noc.yml --budget 256"; do
  read -r target extra <<<"$run"
  for fn in embed from_intermediate flip_bf16 rank3_i32 upsample_rank4; do
    # shellcheck disable=SC2086
    npu_exact "$f" "$fn" "$target" $extra || fail=1
  done
  err=$("$SPADC" run "$f" -e out_of_bounds --target "$target" $extra --seed 1 2>&1 >/dev/null); rc=$?
  [ $rc = 1 ] && grep -q "^$f:91:10: error: tensor.extract index .*out of bounds" <<<"$err" ||
    no "out_of_bounds on $run: exit $rc: $err"
done
m=$SPADC_SRC/tests/corpus/torch/embedding_mlp
out=$("$SPADC" run "$m.mlir" --target npu --check --inputs "$m.arg0.npy,$m.arg1.npy,$m.arg2.npy,$m.arg3.npy" 2>&1); rc=$?
{ [ $rc = 0 ] && grep -q '^check result0: .*: ok$' <<<"$out" && grep -q '; 2 of 2 kernels on the npu' <<<"$out"; } ||
  { no "embedding_mlp on the npu (exit $rc)"; echo "$out" | tail -3; }
# a reduction that gathers: the host, and why; the cpu's engine runs it
g=$D/npu_gather.mlir
"$SPADC" plan "$g" --target npu | grep -q 'runs on the host (reference semantics): its body reads the tensor %table' ||
  no "npu plan does not say why the gathering reduction runs on the host"
out=$("$SPADC" run "$g" --check --seed 2 2>&1); rc=$?
{ [ $rc = 0 ] && grep -q '^check result0: max abs err 0,.*: ok$' <<<"$out"; } || { no "bag_sum on the cpu (exit $rc)"; echo "$out" | tail -3; }
exit $fail
