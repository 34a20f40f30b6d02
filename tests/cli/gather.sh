#!/usr/bin/env bash
# Gathers (tests/data/gather.mlir: a body's tensor.extract of a tensor from
# outside it, as torch-mlir writes nn.Embedding and torch.flip) run on the
# cpu loop engine (CPU_L_GATHER), not the reference path: every kernel on
# the engine, equal to the reference (the copies bit for bit) at 1 and 2
# threads and on every ISA this CPU has; an index out of the table stops
# the run located at the extract, as the reference does. The npu has no
# gathering DMA: it leaves them to the host and says why.
set -u
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
# the npu says where its gathers go
"$SPADC" plan "$f" -e embed --target npu | grep -q 'runs on the host (reference semantics): its body reads the tensor %table' ||
  no "npu plan does not say why the gather runs on the host"
exit $fail
