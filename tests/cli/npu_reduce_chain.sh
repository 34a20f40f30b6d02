#!/usr/bin/env bash
# A reduction followed by a fused chain that reads other tensors (a row sum
# then + bias[m], a column sum then * scale[n], a sum over everything then
# + a 0-d tensor, reductions over several loops, over a loop outside the
# tile, a max then a residual and exp): every one runs on the npu and
# matches the reference (run --check) on the built-in machine, PyTorchSim's
# 8x8 (many edge tiles, also with a 256-byte budget) and tpuv6e files, and on
# the cpu. The plan holds each chain operand at its logical shape within the
# output tile (law L3: [R x 1] per row, [1 x C] per column, [1 x 1] per
# output tile), budgets it (bytes = rows x ceil(cols / lanes) x 4), and the
# footprint is the highest planned byte with no two live buffers sharing
# bytes (law L1); a sum over two whole trailing dims where its smallest tile
# fits is a window of one output pixel (npu/window.c): its output tile one
# pixel across the lanes, the chain's operands one per lane. Before the fix such a chain read operands the program
# never gave it (exit 139), and a reduction over a loop outside the tile
# accumulated in an input's tile (a --check mismatch).
set -u
Y=$SPADC_CORPUS/external/pytorchsim
V8="npu=$Y/systolic_ws_8x8_c1_simple_noc.yml" V6="npu=$Y/systolic_ws_256x256_c1_simple_noc_tpuv6e.yml"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
names=(); declare -A expect
# prog NAME 'OPERAND:KIND ...' <<EOF: the program; KIND is the chain
# operand's shape relative to the output tile [R x C]: full [R x C], row
# [R x 1], col [1 x C], one [1 x 1]
prog() { names+=("$1"); expect[$1]=$2; cat >"$tmp/$1.mlir"; }
prog rowsum_bias '%b:full' <<'EOF'
func.func @f(%x: tensor<8x16xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %z = arith.constant 0.0 : f32
  %0 = tensor.empty() : tensor<8xf32>
  %1 = linalg.fill ins(%z : f32) outs(%0 : tensor<8xf32>) -> tensor<8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(m, k) -> (m, k)>, affine_map<(m, k) -> (m)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8x16xf32>) outs(%1 : tensor<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(m) -> (m)>, affine_map<(m) -> (m)>, affine_map<(m) -> (m)>], iterator_types = ["parallel"]} ins(%r, %b : tensor<8xf32>, tensor<8xf32>) outs(%0 : tensor<8xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %y : tensor<8xf32>
}
EOF
prog rowsum_edge_relu '%b:full' <<'EOF'
func.func @f(%x: tensor<200x300xf32>, %b: tensor<200xf32>) -> tensor<200xf32> {
  %z = arith.constant 0.0 : f32
  %0 = tensor.empty() : tensor<200xf32>
  %1 = linalg.fill ins(%z : f32) outs(%0 : tensor<200xf32>) -> tensor<200xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(m, k) -> (m, k)>, affine_map<(m, k) -> (m)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<200x300xf32>) outs(%1 : tensor<200xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<200xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(m) -> (m)>, affine_map<(m) -> (m)>, affine_map<(m) -> (m)>], iterator_types = ["parallel"]} ins(%r, %b : tensor<200xf32>, tensor<200xf32>) outs(%0 : tensor<200xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    %t = arith.maximumf %s, %z : f32
    linalg.yield %t : f32
  } -> tensor<200xf32>
  return %y : tensor<200xf32>
}
EOF
prog colsum_bias_scale '%b:full %c:full' <<'EOF'
func.func @f(%x: tensor<300x200xf32>, %b: tensor<200xf32>, %c: tensor<200xf32>, %s: f32) -> tensor<200xf32> {
  %z = arith.constant 0.0 : f32
  %0 = tensor.empty() : tensor<200xf32>
  %1 = linalg.fill ins(%z : f32) outs(%0 : tensor<200xf32>) -> tensor<200xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (n)>], iterator_types = ["reduction", "parallel"]} ins(%x : tensor<300x200xf32>) outs(%1 : tensor<200xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %t = arith.addf %in, %acc : f32
    linalg.yield %t : f32
  } -> tensor<200xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(n) -> (n)>, affine_map<(n) -> (n)>, affine_map<(n) -> (n)>, affine_map<(n) -> (n)>], iterator_types = ["parallel"]} ins(%r, %b, %c : tensor<200xf32>, tensor<200xf32>, tensor<200xf32>) outs(%0 : tensor<200xf32>) {
  ^bb0(%a: f32, %p: f32, %q: f32, %o: f32):
    %t = arith.addf %a, %p : f32
    %u = arith.mulf %t, %q : f32
    %w = arith.mulf %u, %s : f32
    linalg.yield %w : f32
  } -> tensor<200xf32>
  return %y : tensor<200xf32>
}
EOF
prog sumall_scalar '%s:one' <<'EOF'
func.func @f(%x: tensor<12x20xf32>, %s: tensor<f32>, %v: f32) -> tensor<f32> {
  %z = arith.constant 0.0 : f32
  %h = arith.constant 0.5 : f32
  %0 = tensor.empty() : tensor<f32>
  %1 = linalg.fill ins(%z : f32) outs(%0 : tensor<f32>) -> tensor<f32>
  %r = linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%x : tensor<12x20xf32>) outs(%1 : tensor<f32>) {
  ^bb0(%in: f32, %acc: f32):
    %t = arith.addf %in, %acc : f32
    linalg.yield %t : f32
  } -> tensor<f32>
  %y = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%r, %s : tensor<f32>, tensor<f32>) outs(%0 : tensor<f32>) {
  ^bb0(%a: f32, %p: f32, %o: f32):
    %t = arith.addf %a, %p : f32
    %u = arith.mulf %t, %h : f32
    %w = arith.subf %u, %v : f32
    linalg.yield %w : f32
  } -> tensor<f32>
  return %y : tensor<f32>
}
EOF
prog multiloop_rows '%b:one' <<'EOF'
func.func @f(%x: tensor<6x10x12xf32>, %b: tensor<6xf32>) -> tensor<6xf32> {
  %z = arith.constant 0.0 : f32
  %0 = tensor.empty() : tensor<6xf32>
  %1 = linalg.fill ins(%z : f32) outs(%0 : tensor<6xf32>) -> tensor<6xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(m, k, l) -> (m, k, l)>, affine_map<(m, k, l) -> (m)>], iterator_types = ["parallel", "reduction", "reduction"]} ins(%x : tensor<6x10x12xf32>) outs(%1 : tensor<6xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<6xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(m) -> (m)>, affine_map<(m) -> (m)>, affine_map<(m) -> (m)>], iterator_types = ["parallel"]} ins(%r, %b : tensor<6xf32>, tensor<6xf32>) outs(%0 : tensor<6xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.subf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<6xf32>
  return %y : tensor<6xf32>
}
EOF
prog batch_sumall '%b:one' <<'EOF'
func.func @f(%x: tensor<5x9x30xf32>, %b: tensor<5xf32>) -> tensor<5xf32> {
  %z = arith.constant 0.0 : f32
  %0 = tensor.empty() : tensor<5xf32>
  %1 = linalg.fill ins(%z : f32) outs(%0 : tensor<5xf32>) -> tensor<5xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(b, m, k) -> (b, m, k)>, affine_map<(b, m, k) -> (b)>], iterator_types = ["parallel", "reduction", "reduction"]} ins(%x : tensor<5x9x30xf32>) outs(%1 : tensor<5xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<5xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(m) -> (m)>, affine_map<(m) -> (m)>, affine_map<(m) -> (m)>], iterator_types = ["parallel"]} ins(%r, %b : tensor<5xf32>, tensor<5xf32>) outs(%0 : tensor<5xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.mulf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<5xf32>
  return %y : tensor<5xf32>
}
EOF
prog batch_rowsum_bcast '%res:full %bm:full %bb:one %t:full' <<'EOF'
func.func @f(%x: tensor<3x40x24xf32>, %res: tensor<3x40xf32>, %bm: tensor<40xf32>, %bb: tensor<3xf32>, %t: tensor<40x3xf32>) -> tensor<3x40xf32> {
  %z = arith.constant 0.0 : f32
  %0 = tensor.empty() : tensor<3x40xf32>
  %1 = linalg.fill ins(%z : f32) outs(%0 : tensor<3x40xf32>) -> tensor<3x40xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(b, m, k) -> (b, m, k)>, affine_map<(b, m, k) -> (b, m)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<3x40x24xf32>) outs(%1 : tensor<3x40xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<3x40xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(b, m) -> (b, m)>, affine_map<(b, m) -> (b, m)>, affine_map<(b, m) -> (m)>, affine_map<(b, m) -> (b)>, affine_map<(b, m) -> (m, b)>, affine_map<(b, m) -> (b, m)>], iterator_types = ["parallel", "parallel"]} ins(%r, %res, %bm, %bb, %t : tensor<3x40xf32>, tensor<3x40xf32>, tensor<40xf32>, tensor<3xf32>, tensor<40x3xf32>) outs(%0 : tensor<3x40xf32>) {
  ^bb0(%a: f32, %p: f32, %q: f32, %u: f32, %v: f32, %o: f32):
    %s1 = arith.addf %a, %p : f32
    %s2 = arith.mulf %s1, %q : f32
    %s3 = arith.addf %s2, %u : f32
    %s4 = arith.subf %s3, %v : f32
    linalg.yield %s4 : f32
  } -> tensor<3x40xf32>
  return %y : tensor<3x40xf32>
}
EOF
prog outer_red_bcast '%b:col %c:row' <<'EOF'
func.func @f(%x: tensor<4x24x40xf32>, %b: tensor<40xf32>, %c: tensor<24xf32>) -> tensor<24x40xf32> {
  %z = arith.constant 0.0 : f32
  %0 = tensor.empty() : tensor<24x40xf32>
  %1 = linalg.fill ins(%z : f32) outs(%0 : tensor<24x40xf32>) -> tensor<24x40xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(k, m, n) -> (k, m, n)>, affine_map<(k, m, n) -> (m, n)>], iterator_types = ["reduction", "parallel", "parallel"]} ins(%x : tensor<4x24x40xf32>) outs(%1 : tensor<24x40xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<24x40xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]} ins(%r, %b, %c : tensor<24x40xf32>, tensor<40xf32>, tensor<24xf32>) outs(%0 : tensor<24x40xf32>) {
  ^bb0(%a: f32, %p: f32, %q: f32, %o: f32):
    %s = arith.addf %a, %p : f32
    %t = arith.divf %s, %q : f32
    linalg.yield %t : f32
  } -> tensor<24x40xf32>
  return %y : tensor<24x40xf32>
}
EOF
prog max_residual_exp '%res:full' <<'EOF'
func.func @f(%x: tensor<10x33xf32>, %res: tensor<10xf32>) -> tensor<10xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %0 = tensor.empty() : tensor<10xf32>
  %1 = linalg.fill ins(%ninf : f32) outs(%0 : tensor<10xf32>) -> tensor<10xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(m, k) -> (m, k)>, affine_map<(m, k) -> (m)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<10x33xf32>) outs(%1 : tensor<10xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.maximumf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<10xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(m) -> (m)>, affine_map<(m) -> (m)>, affine_map<(m) -> (m)>], iterator_types = ["parallel"]} ins(%r, %res : tensor<10xf32>, tensor<10xf32>) outs(%0 : tensor<10xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.subf %c, %a : f32
    %e = math.exp %s : f32
    linalg.yield %e : f32
  } -> tensor<10xf32>
  return %y : tensor<10xf32>
}
EOF
prog shared_loop '%k:full' <<'EOF'
func.func @f(%x: tensor<50x20xf32>, %w: tensor<20xf32>, %k: tensor<20xf32>) -> tensor<20xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %two = arith.constant dense<2.0> : tensor<20xf32>
  %0 = tensor.empty() : tensor<20xf32>
  %1 = linalg.fill ins(%ninf : f32) outs(%0 : tensor<20xf32>) -> tensor<20xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(m, k) -> (k, m)>, affine_map<(m, k) -> (m)>, affine_map<(m, k) -> (m)>], iterator_types = ["parallel", "reduction"]} ins(%x, %w : tensor<50x20xf32>, tensor<20xf32>) outs(%1 : tensor<20xf32>) {
  ^bb0(%in: f32, %ww: f32, %acc: f32):
    %p = arith.addf %in, %ww : f32
    %s = arith.maximumf %p, %acc : f32
    linalg.yield %s : f32
  } -> tensor<20xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(m) -> (m)>, affine_map<(m) -> (m)>, affine_map<(m) -> (m)>, affine_map<(m) -> (m)>, affine_map<(m) -> (m)>], iterator_types = ["parallel"]} ins(%r, %w, %two, %k : tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) outs(%0 : tensor<20xf32>) {
  ^bb0(%a: f32, %c: f32, %t: f32, %kk: f32, %o: f32):
    %s = arith.subf %a, %c : f32
    %u = arith.mulf %s, %t : f32
    %v = arith.addf %u, %kk : f32
    linalg.yield %v : f32
  } -> tensor<20xf32>
  return %y : tensor<20xf32>
}
EOF

for c in "${names[@]}"; do
  f=$tmp/$c.mlir
  for run in "npu" "$V8" "$V8 --budget 256" "$V6" "cpu"; do
    n=$((n + 1))
    read -r target extra <<<"$run"
    out=$("$SPADC" run "$f" --target "$target" $extra --check 2>&1); rc=$?
    if [ $rc != 0 ] || ! grep -q ': ok$' <<<"$out"; then
      echo "FAIL $c on $run (exit $rc)"; echo "$out" | tail -3; fail=1
    fi
  done
  for plan in "npu" "$V8 --budget 256"; do
    read -r target extra <<<"$plan"
    "$SPADC" plan "$f" --target "$target" $extra --json >"$tmp/$c.json" 2>&1 || { echo "FAIL plan $c on $plan"; fail=1; continue; }
    python3 - "$tmp/$c.json" "${expect[$c]}" "$c on $plan" <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1])); what = sys.argv[3]
lanes = d["target"]["lanes"]
ks = [k for k in d["kernels"] if k.get("path") == "npu" and k["kind"] == "loop"]
bad = []
if len(ks) != 1: bad.append("%d npu loop kernels" % len(ks))
for k in ks:
    bufs = k["buffers"]
    accs = [b for b in bufs if b["role"] == "acc"]
    if not accs: bad.append("no acc buffer")
    R, C = accs[0]["shape"]
    want = {"full": [R, C], "row": [R, 1], "col": [1, C], "one": [1, 1]}
    if k.get("schedule", {}).get("mode") == "window":
        # a sum over a whole image (window.c): the output tile is one pixel
        # of C lanes, and an operand of the chain one per lane (law L3)
        want = {kind: [1, C] for kind in want}
    for e in sys.argv[2].split():
        name, kind = e.split(":")
        # the chain's operand lives as long as the output (live 0..2); a
        # root input of the same name lives for one step
        mine = [b for b in bufs if b["name"].split(".")[0] == name and b["live"] == accs[0]["live"]]
        if len(mine) != len(accs): bad.append("%s: %d buffers for %d outputs" % (name, len(mine), len(accs)))
        for b in mine:
            if b["role"] != "operand" or b["shape"] != want[kind]:
                bad.append("%s is %s %s, want %s" % (b["name"], b["role"], b["shape"], want[kind]))
    for b in bufs:
        r, c = b["shape"]
        if b["bytes"] != r * -(-c // lanes) * 4: bad.append("%s: %d bytes for %s" % (b["name"], b["bytes"], b["shape"]))
    top = max(b["offset"] + b["bytes"] for b in bufs)
    if top != k["footprint_bytes"] or top > k["budget_bytes"]:
        bad.append("footprint %d, top byte %d, budget %d" % (k["footprint_bytes"], top, k["budget_bytes"]))
    for i, a in enumerate(bufs):
        for b in bufs[i + 1:]:
            live = a["live"][0] <= b["live"][1] and b["live"][0] <= a["live"][1]
            if live and a["offset"] < b["offset"] + b["bytes"] and b["offset"] < a["offset"] + a["bytes"]:
                bad.append("%s and %s overlap" % (a["name"], b["name"]))
for b in bad: print("FAIL %s: %s" % (what, b))
sys.exit(1 if bad else 0)
PY
  done
done
echo "$n runs of ${#names[@]} programs checked"
exit $fail
