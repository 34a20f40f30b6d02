#!/usr/bin/env bash
# GEMM pairs (src/cpu/gemm_pair.c): tests/data/mlp_pair.mlir's two GEMMs run
# by blocks of rows, @mlp as rows of the second, @mlp_t with the second
# transposed (its rows its columns, as ConvNeXt's MLP). Each must be
# planned as a pair (SPADC_PAIR_ROWS=48: 200 rows in 5 blocks, the last of
# 8), pass --check on every ISA at 1 and 2 threads, and give the bits the
# two GEMMs run apart give (SPADC_PAIRS=0). @mlp's first GEMM reads a
# tensor that dies there (%r) while the second writes an intermediate
# (%y): apart they share bytes; paired, %r must live until the second is
# done (exec.c plan_storage) and keep bytes of its own, else the pair
# would find its result over its input and run apart (gemm_pair.c). The
# kernel table times the pair in its second kernel.
set -u
f=$SPADC_SRC/tests/data/mlp_pair.mlir
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
no() { echo "FAIL $*"; fail=1; }
export SPADC_PAIR_ROWS=48
for fn in mlp mlp_t; do
  n=$("$SPADC" plan "$f" -e $fn | grep -c '    pair: ')
  [ "$n" = 2 ] || no "$fn: $n pair lines in the plan, not 2"
  for isa in avx512 avx2 generic; do
    for t in 1 2; do
      out=$(SPADC_ISA=$isa "$SPADC" run "$f" -e $fn --threads $t --check --seed 7 -o "$tmp/p" 2>&1); rc=$?
      [ $rc = 77 ] && continue
      case "$out" in *"not supported"*|*"not available"*) continue ;; esac
      [ $rc = 0 ] || { no "$fn SPADC_ISA=$isa --threads $t: exit $rc"; echo "$out" | tail -3; continue; }
      SPADC_PAIRS=0 SPADC_ISA=$isa "$SPADC" run "$f" -e $fn --threads $t --seed 7 -o "$tmp/a" >/dev/null 2>&1 ||
        no "$fn apart SPADC_ISA=$isa --threads $t: exit $?"
      cmp -s "$tmp/p/result0.npy" "$tmp/a/result0.npy" || no "$fn SPADC_ISA=$isa --threads $t: not the bits of the GEMMs apart"
    done
  done
done
bufs() { # the arena's %r and %y: "LO-HI@OFF+BYTES" each
  "$SPADC" plan "$f" -e mlp --json | python3 -c '
import json, sys
b = {x["name"]: x for x in json.load(sys.stdin)["program"]["buffers"]}
print(" ".join("%d-%d@%d+%d" % (b[n]["live"][0], b[n]["live"][1], b[n]["offset"], b[n]["bytes"]) for n in ("%r", "%y")))'
}
read -r r y <<<"$(bufs)"
[ "${r%%@*}" = "0-2" ] || no "paired, %r lives $r, not until the second GEMM (0-2)"
ro=${r#*@}; yo=${y#*@}
[ $(( ${ro%+*} + ${ro#*+} <= ${yo%+*} || ${yo%+*} + ${yo#*+} <= ${ro%+*} )) = 1 ] || no "paired, %r ($r) and %y ($y) share bytes"
read -r r y <<<"$(SPADC_PAIRS=0 bufs)"
[ "${r%%@*}" = "0-1" ] || no "apart, %r lives $r, not 0-1"
tab=$("$SPADC" run "$f" -e mlp --repeat 2)
echo "$tab" | grep -Eq '^k1 .* in k2 ' || no "the kernel table does not time k1 in k2"
j=$("$SPADC" plan --json "$f" -e mlp | python3 -c '
import json, sys
print(" ".join("%s:%s:%s:%s" % (k["name"], k["pair"]["with"], k["pair"]["first"], k["pair"]["block_rows"])
               for k in json.load(sys.stdin)["kernels"] if "pair" in k))')
[ "$j" = "k1:k2:True:48 k2:k1:False:48" ] || no "plan --json pairs: '$j'"
n=$(SPADC_PAIRS=0 "$SPADC" plan "$f" -e mlp | grep -c '    pair: ')
[ "$n" = 0 ] || no "SPADC_PAIRS=0 still plans $n pair lines"
exit $fail
