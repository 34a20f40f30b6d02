#!/usr/bin/env bash
# Convolutions on the npu as implicit GEMMs over their output pixels
# (src/npu/conv.c, issue 30): every layout and window kind (and
# channels_last data as torch permutes it) runs with
# --check against the reference, on the built-in machine and at a small
# budget (other tiles, other buffering), with run's cycles equal to the
# plan's estimate; the pad before a convolution is no kernel of its own on
# the npu (folded into the halo loads, and the permute before it into the
# convolution's map) and still one on the cpu; a halo
# tile's taps read it through grouped views; few-channel layers fold their
# window into the reduction; a depthwise convolution runs the same halo
# program on the vector unit; a strided 1x1 convolution reads only the
# pixels it uses; a convolution of 256 channels runs within 1.3x of its
# roofline moving at most 1.25x the DRAM bytes of its lower bound.
#
# Cost: about 5 s of CPU (small shapes; the 256-channel layer has 4 images).
set -u
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0 n=0

# conv FILE NAME LAYOUT N C H W F KH KW SH SW PT PL PB PR DH DW EPI: a
# convolution torch-style (a tensor.pad by 0.5 before it when padded), its
# result plus a residual when EPI is 1
conv() {
  python3 - "$@" <<'PY'
import sys
f, name, lay = sys.argv[1:4]
N, C, H, W, F, KH, KW, SH, SW, PT, PL, PB, PR, DH, DW, EPI = map(int, sys.argv[4:20])
OH = (H + PT + PB - DH * (KH - 1) - 1) // SH + 1
OW = (W + PL + PR - DW * (KW - 1) - 1) // SW + 1
Hp, Wp = H + PT + PB, W + PL + PR
if lay == "nchw":
    xt, wt, pt, ot = f"{N}x{C}x{H}x{W}", f"{F}x{C}x{KH}x{KW}", f"{N}x{C}x{Hp}x{Wp}", f"{N}x{F}x{OH}x{OW}"
    low, high, op = f"[0, 0, {PT}, {PL}]", f"[0, 0, {PB}, {PR}]", "linalg.conv_2d_nchw_fchw"
elif lay == "nhwc":
    xt, wt, pt, ot = f"{N}x{H}x{W}x{C}", f"{KH}x{KW}x{C}x{F}", f"{N}x{Hp}x{Wp}x{C}", f"{N}x{OH}x{OW}x{F}"
    low, high, op = f"[0, {PT}, {PL}, 0]", f"[0, {PB}, {PR}, 0]", "linalg.conv_2d_nhwc_hwcf"
elif lay == "fhwc":  # nhwc input, fhwc (OHWI) weights
    xt, wt, pt, ot = f"{N}x{H}x{W}x{C}", f"{F}x{KH}x{KW}x{C}", f"{N}x{Hp}x{Wp}x{C}", f"{N}x{OH}x{OW}x{F}"
    low, high, op = f"[0, {PT}, {PL}, 0]", f"[0, {PB}, {PR}, 0]", "linalg.conv_2d_nhwc_fhwc"
elif lay == "dwnchw":  # depthwise (F = C)
    xt, wt, pt, ot = f"{N}x{C}x{H}x{W}", f"{C}x{KH}x{KW}", f"{N}x{C}x{Hp}x{Wp}", f"{N}x{C}x{OH}x{OW}"
    low, high, op = f"[0, 0, {PT}, {PL}]", f"[0, 0, {PB}, {PR}]", "linalg.depthwise_conv_2d_nchw_chw"
else:  # depthwise, channels last
    xt, wt, pt, ot = f"{N}x{H}x{W}x{C}", f"{KH}x{KW}x{C}", f"{N}x{Hp}x{Wp}x{C}", f"{N}x{OH}x{OW}x{C}"
    low, high, op = f"[0, {PT}, {PL}, 0]", f"[0, {PB}, {PR}, 0]", "linalg.depthwise_conv_2d_nhwc_hwc"
args = f"%x: tensor<{xt}xf32>, %w: tensor<{wt}xf32>" + (f", %r: tensor<{ot}xf32>" if EPI else "")
s = [f"func.func @{name}({args}) -> tensor<{ot}xf32> {{", "  %cst = arith.constant 0.0 : f32",
     "  %pv = arith.constant 0.5 : f32"]
src = "%x"
if PT or PL or PB or PR:
    s.append(f"  %p = tensor.pad %x low{low} high{high} {{\n  ^bb0(%a: index, %b: index, %c: index, %d: index):\n"
             f"    tensor.yield %pv : f32\n  }} : tensor<{xt}xf32> to tensor<{pt}xf32>")
    src = "%p"
s.append(f"  %0 = tensor.empty() : tensor<{ot}xf32>")
s.append(f"  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<{ot}xf32>) -> tensor<{ot}xf32>")
s.append(f"  %2 = {op} {{dilations = dense<[{DH}, {DW}]> : vector<2xi64>, strides = dense<[{SH}, {SW}]> : vector<2xi64>}} "
         f"ins({src}, %w : tensor<{pt}xf32>, tensor<{wt}xf32>) outs(%1 : tensor<{ot}xf32>) -> tensor<{ot}xf32>")
res = "%2"
if EPI:
    s.append(f"  %3 = linalg.add ins(%2, %r : tensor<{ot}xf32>, tensor<{ot}xf32>) outs(%0 : tensor<{ot}xf32>) -> tensor<{ot}xf32>")
    res = "%3"
s.append(f"  return {res} : tensor<{ot}xf32>\n}}")
open(f, "a").write("\n".join(s) + "\n")
PY
}

F=$tmp/convs.mlir
#              name   layout N  C   H  W  F  KH KW SH SW PT PL PB PR DH DW EPI
conv "$F" nchw3x3     nchw   2  8   9 11 16  3  3  1  1  1  1  1  1  1  1  1
conv "$F" nhwc3x3     nhwc   2  8   9 11 16  3  3  1  1  1  1  1  1  1  1  0
conv "$F" fhwc3x3     fhwc   2  8   9 11 16  3  3  1  1  1  1  1  1  1  1  0
conv "$F" stride2     nchw   2  16 13 12 24  3  3  2  2  1  1  0  1  1  1  0
conv "$F" dilated     nhwc   1  8  12 12  8  3  3  1  1  2  2  2  2  2  2  0
conv "$F" onebyone    nchw   3 130  7  7 136 1  1  1  1  0  0  0  0  1  1  1
conv "$F" onebyone_s2 nchw   2  32 10 12 40  1  1  2  2  0  0  0  0  1  1  0
conv "$F" s2_nhwc     nhwc   2  32 10 12 40  1  1  2  2  0  0  0  0  1  1  0
conv "$F" rect        nchw   2  8  10 12  8  5  3  1  2  2  1  2  1  1  1  0
conv "$F" ch64        nchw   2  64 12 12 64  3  3  1  1  1  1  1  1  1  1  0
conv "$F" stem        nchw   2  3  48 48 16  7  7  2  2  3  3  3  3  1  1  0
conv "$F" c256        nchw   4 256 14 14 256 3  3  1  1  1  1  1  1  1  1  0
conv "$F" dw          dwnchw 2 144 10 11 144 3  3  1  1  1  1  1  1  1  1  1
conv "$F" dw_s2       dwnchw 1  32 11 12 32  3  3  2  2  1  1  1  0  1  1  0
conv "$F" dw_nhwc     dwnhwc 2 130  9  9 130 5  5  1  1  2  2  2  2  1  1  0
# channels_last as torch writes it: permuted to NCHW, padded, convolved,
# permuted back; the npu folds both permutes and the pad into one kernel
cat >>"$F" <<'EOF'
func.func @torch_nhwc(%x: tensor<2x9x10x16xf32>, %w: tensor<24x3x3x16xf32>) -> tensor<2x9x10x24xf32> {
  %cst = arith.constant 0.0 : f32
  %0 = tensor.empty() : tensor<2x16x9x10xf32>
  %t = linalg.transpose ins(%x : tensor<2x9x10x16xf32>) outs(%0 : tensor<2x16x9x10xf32>) permutation = [0, 3, 1, 2]
  %1 = tensor.empty() : tensor<24x16x3x3xf32>
  %tw = linalg.transpose ins(%w : tensor<24x3x3x16xf32>) outs(%1 : tensor<24x16x3x3xf32>) permutation = [0, 3, 1, 2]
  %p = tensor.pad %t low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cst : f32
  } : tensor<2x16x9x10xf32> to tensor<2x16x11x12xf32>
  %2 = tensor.empty() : tensor<2x24x9x10xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<2x24x9x10xf32>) -> tensor<2x24x9x10xf32>
  %4 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p, %tw : tensor<2x16x11x12xf32>, tensor<24x16x3x3xf32>) outs(%3 : tensor<2x24x9x10xf32>) -> tensor<2x24x9x10xf32>
  %5 = tensor.empty() : tensor<2x9x10x24xf32>
  %6 = linalg.transpose ins(%4 : tensor<2x24x9x10xf32>) outs(%5 : tensor<2x9x10x24xf32>) permutation = [0, 2, 3, 1]
  return %6 : tensor<2x9x10x24xf32>
}
EOF
funcs="nchw3x3 nhwc3x3 fhwc3x3 stride2 dilated onebyone onebyone_s2 s2_nhwc rect ch64 stem c256 torch_nhwc dw dw_s2 dw_nhwc"

for e in $funcs; do
  for b in 1 0.05; do
    n=$((n + 1))
    out=$("$SPADC" run "$F" -e $e --target npu --budget $b --check --seed 3 2>&1); rc=$?
    if [ $rc != 0 ] || ! grep -q ': ok$' <<<"$out"; then
      echo "FAIL @$e budget $b: run --check (exit $rc)"; echo "$out" | tail -3; fail=1; continue
    fi
    grep -q 'on the host' <<<"$out" && { echo "FAIL @$e budget $b: a kernel on the host"; fail=1; }
    # run = plan, kernel for kernel
    "$SPADC" plan "$F" -e $e --target npu --budget $b --json >"$tmp/p.json" || { echo "FAIL @$e plan"; fail=1; continue; }
    printf '%s\n' "$out" >"$tmp/run.txt"
    python3 - "$tmp/p.json" "$e" "$b" "$tmp/run.txt" <<'PY' || fail=1
import json, re, sys
plan = json.load(open(sys.argv[1]))
ran = {int(m.group(1)): int(m.group(2)) for m in re.finditer(r"^npu k(\d+): tile \S+, \d+ B/lane; (\d+) cycles", open(sys.argv[4]).read(), re.M)}
ks = [k for k in plan["kernels"] if k["path"] == "npu"]
bad = [(i, k["est_cycles"], ran.get(i)) for i, k in enumerate(plan["kernels"]) if k["path"] == "npu" and ran.get(i) != k["est_cycles"]]
if bad or not ks:
    print("FAIL @%s budget %s: run != plan: %s" % (sys.argv[2], sys.argv[3], bad)); sys.exit(1)
# the pad is folded: every kernel is the convolution (and its epilogue)
if [k for k in plan["kernels"] if k["kind"] != "contraction"]:
    print("FAIL @%s: kernels other than the convolution: %s" % (sys.argv[2], [k["kind"] for k in plan["kernels"]])); sys.exit(1)
k = ks[0]
if k["schedule"].get("conv") != ("depthwise" if sys.argv[2].startswith("dw") else "implicit_gemm"):
    print("FAIL @%s: not an implicit GEMM: %s" % (sys.argv[2], k["schedule"])); sys.exit(1)
if not k["min_dma_bytes"] <= k["dram_bytes_lower_bound"] <= k["dma_bytes"]:
    print("FAIL @%s: min %d <= lower bound %d <= DMA %d" % (sys.argv[2], k["min_dma_bytes"], k["dram_bytes_lower_bound"], k["dma_bytes"])); sys.exit(1)
PY
  done
done

# the cpu folds the pad into its window too (no pad kernel: tests/cli/conv_fast.sh
# checks its paths), and agrees with the reference
out=$("$SPADC" plan "$F" -e nchw3x3 --target cpu --json) &&
  python3 -c 'import json,sys; k=json.load(sys.stdin)["kernels"]; sys.exit(1 if [x for x in k if x["kind"] == "op"] else 0)' <<<"$out" ||
  { echo "FAIL the cpu's plan of @nchw3x3 has a pad kernel"; fail=1; }
for e in nchw3x3 stride2 onebyone_s2 torch_nhwc; do
  "$SPADC" run "$F" -e $e --target cpu --check --seed 3 >/dev/null 2>&1 || { echo "FAIL @$e cpu --check"; fail=1; }
done

j() { "$SPADC" plan "$F" -e "$1" --target npu --json | python3 -c "import json,sys; k=json.load(sys.stdin)['kernels'][0]; $2"; }
# each tap's GEMM reads the halo through a grouped view: image, row, column
"$SPADC" plan "$F" -e nchw3x3 --target npu --program | grep -q 'gemm.ws .* = X[0-9]*\[[0-9]*x[0-9]* rows [0-9]*,11:' ||
  { echo "FAIL @nchw3x3: no GEMM reading its halo through a grouped view"; fail=1; }
# few channels: the window's columns fold into the reduction; the stem's
# rows too. Folding loads KW (x rows) shifted copies of the halo, so it
# pays where the array, not the DMA, bounds the layer: at ResNet's sizes on
# the built-in machine; at this file's small sizes on a machine whose DRAM
# is fast (its peak sustained, a 60-cycle latency), where the folded
# programs also run with --check
"$SPADC" plan --target npu --print-machine |
  sed 's/^spadc_dram_efficiency:.*/spadc_dram_efficiency: 1/; s/^\(# \)\{0,1\}spadc_dma_latency_cycles:.*/spadc_dma_latency_cycles: 60/' >"$tmp/fast.yml"
jf() { "$SPADC" plan "$F" -e "$1" --target npu="$tmp/fast.yml" --json | python3 -c "import json,sys; k=json.load(sys.stdin)['kernels'][0]; $2"; }
[ "$(jf ch64 'print(k["schedule"]["kw_folded"])')" = True ] || { echo "FAIL @ch64 not kw-folded on fast DRAM"; fail=1; }
[ "$(jf stem 'print(k["schedule"]["kh_folded"] > 1)')" = True ] || { echo "FAIL @stem: its window rows not folded on fast DRAM"; fail=1; }
for e in ch64 stem; do
  out=$("$SPADC" run "$F" -e $e --target npu="$tmp/fast.yml" --check --seed 3 2>&1) && grep -q ': ok$' <<<"$out" ||
    { echo "FAIL @$e folded on fast DRAM: run --check"; echo "$out" | tail -3; fail=1; }
done
G=$tmp/resnet.mlir
conv "$G" ch64        nchw   8  64 56 56 64  3  3  1  1  1  1  1  1  1  1  0
conv "$G" stem        nchw   1  3 224 224 64 7  7  2  2  3  3  3  3  1  1  0
for e in ch64 stem; do
  [ "$("$SPADC" plan "$G" -e $e --target npu --json | python3 -c "import json,sys; print(json.load(sys.stdin)['kernels'][0]['schedule']['kw_folded'])")" = True ] ||
    { echo "FAIL ResNet's @$e not kw-folded on the built-in machine"; fail=1; }
done
[ "$(j c256 'print(k["schedule"]["kw_folded"])')" = False ] || { echo "FAIL @c256 folded"; fail=1; }
# a strided 1x1 convolution reads only the pixels it uses: its compulsory
# bytes count a quarter of the input, and it moves no more
for e in onebyone_s2 s2_nhwc; do
  j $e 'b = 4 * (2 * 32 * 5 * 6 + 40 * 32 + 2 * 40 * 5 * 6); sys.exit(0 if k["min_dma_bytes"] == b == k["dma_bytes"] else 1)' ||
    { echo "FAIL @$e: not sub-sampled"; j $e 'print(k["min_dma_bytes"], k["dma_bytes"])'; fail=1; }
done
# 256 channels: within 1.3x of the roofline, DRAM bytes within 1.25x of the lower bound
j c256 '
r = k["roofline"]; roof = max(r["compute_cycles"], r["dma_min_cycles"])
ok = k["est_cycles"] <= 1.3 * roof and k["dma_bytes"] <= 1.25 * k["dram_bytes_lower_bound"]
print("c256: %d cycles, roofline %d (%.2fx), DMA %d bytes, lower bound %d (%.2fx)" % (k["est_cycles"], roof, k["est_cycles"] / roof, k["dma_bytes"], k["dram_bytes_lower_bound"], k["dma_bytes"] / k["dram_bytes_lower_bound"]))
sys.exit(0 if ok else 1)' || { echo "FAIL @c256: above 1.3x its roofline or 1.25x its DRAM lower bound"; fail=1; }
echo "$n convolution runs checked"
exit $fail
