#!/usr/bin/env bash
# Compile time against program size: an L-layer MLP (16x64 activations,
# PyTorch spelling: transposed weight, named matmul, broadcast bias,
# cmpf+select ReLU) for L = 10, 100, 1000, timed through check (read +
# verify), opt (canonicalize + fuse + print) and plan (compile for the cpu,
# plan the arena). Linear compile time shows as a flat time per layer.
#   bench/compile_scale.sh [build/spadc]
set -euo pipefail
SPADC=${1:-build/spadc}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
gen() { # gen L > file
  python3 - "$1" <<'PY'
import sys
L = int(sys.argv[1])
T = "tensor<16x64xf32>"
args = ["%x: " + T] + ["%%w%d: tensor<64x64xf32>, %%b%d: tensor<64xf32>" % (i, i) for i in range(L)]
print("func.func @mlp(%s) -> %s {" % (", ".join(args), T))
print("  %zero = arith.constant 0.0 : f32")
v = "%x"
for i in range(L):
    print("  %%e%d = tensor.empty() : %s" % (i, T))
    print("  %%te%d = tensor.empty() : tensor<64x64xf32>" % i)
    print("  %%t%d = linalg.transpose ins(%%w%d : tensor<64x64xf32>) outs(%%te%d : tensor<64x64xf32>) permutation = [1, 0]" % (i, i, i))
    print("  %%z%d = linalg.fill ins(%%zero : f32) outs(%%e%d : %s) -> %s" % (i, i, T, T))
    print("  %%m%d = linalg.matmul ins(%s, %%t%d : %s, tensor<64x64xf32>) outs(%%z%d : %s) -> %s" % (i, v, i, T, i, T, T))
    print("  %%bb%d = linalg.broadcast ins(%%b%d : tensor<64xf32>) outs(%%e%d : %s) dimensions = [0]" % (i, i, i, T))
    print("  %%a%d = linalg.add ins(%%m%d, %%bb%d : %s, %s) outs(%%e%d : %s) -> %s" % (i, i, i, T, T, i, T, T))
    print("  %%r%d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], "
          "iterator_types = [\"parallel\", \"parallel\"]} ins(%%a%d : %s) outs(%%e%d : %s) {" % (i, i, T, i, T))
    print("  ^bb0(%in: f32, %out: f32):")
    print("    %c = arith.cmpf ugt, %in, %zero : f32")
    print("    %s = arith.select %c, %in, %zero : f32")
    print("    linalg.yield %s : f32")
    print("  } -> " + T)
    v = "%%r%d" % i
print("  return %s : %s" % (v, T))
print("}")
PY
}
for L in 10 100 1000; do gen $L >"$tmp/mlp$L.mlir"; done
python3 - "$SPADC" "$tmp" <<'PY'
import os, subprocess, sys, time
spadc, tmp = sys.argv[1], sys.argv[2]
def best(cmd):  # best of 3 wall times
    b = 1e9
    for _ in range(3):
        t = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        b = min(b, time.perf_counter() - t)
    return b
print("%7s %9s %9s %9s %9s %11s %11s %11s" % ("layers", "bytes", "check_s", "opt_s", "plan_s", "check_us/L", "opt_us/L", "plan_us/L"))
for L in (10, 100, 1000):
    f = os.path.join(tmp, "mlp%d.mlir" % L)
    c = best([spadc, "check", f])
    o = best([spadc, "opt", f, "--passes", "canonicalize,fuse"])
    p = best([spadc, "plan", f])
    print("%7d %9d %9.4f %9.4f %9.4f %11.1f %11.1f %11.1f" % (L, os.path.getsize(f), c, o, p, c * 1e6 / L, o * 1e6 / L, p * 1e6 / L))
PY
