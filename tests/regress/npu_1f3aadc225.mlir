// difftest regression (npu), found with seed 28, shrunk; tests/cli/regress.sh runs:
// RUN: run -e f --target npu --check --seed 28
// what failed: exit 4: ) npu k1: on the host ('linalg.generic' moves data; the npu program has no instruction for it) npu k2: tile 1x1x0, 4 B/lane; 124 cycles (0.1 us), roofline 1 (124.00x); array utilisation 0.0%; DMA 8 bytes (minimum 8) npu k2 busy cycles: dma_load 1, dma_store 1, sa0 0, sa1 0, vector 1 (of 124)
// class: npu: exit 4 (mismatch)
// spec: {"graph":1,"dims":{"d0":1,"d1":1,"d2":1},"nodes":[{"op":"arg","shape":[["d0"],["d1"],["d2"]],"dt":"f32","role":"input"},{"op":"red","in":[0],"dims":[0,1,2],"kind":"sum","keep":"map0","spell":"generic","shape":[[],[],[]],"dt":"f32"},{"op":"red","in":[1],"dims":[2],"kind":"sum","keep":"no","spell":"generic","shape":[[],[]],"dt":"f32"}],"results":[2],"generic_print":false,"aliases":false}
module {
  func.func @f(%x0: tensor<1x1x1xf32>) -> tensor<1x1xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<1x1x1xf32>
    %c2 = arith.constant 0.000000e+00 : f32
    %z3 = linalg.fill ins(%c2 : f32) outs(%e1 : tensor<1x1x1xf32>) -> tensor<1x1x1xf32>
    %red4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (0, 0, 0)>], iterator_types = ["reduction", "reduction", "reduction"]} ins(%x0 : tensor<1x1x1xf32>) outs(%z3 : tensor<1x1x1xf32>) {
    ^bb0(%ri1: f32, %ra1: f32):
      %rr1 = arith.addf %ri1, %ra1 : f32
      linalg.yield %rr1 : f32
    } -> tensor<1x1x1xf32>
    %e5 = tensor.empty() : tensor<1x1xf32>
    %c6 = arith.constant 0.000000e+00 : f32
    %z7 = linalg.fill ins(%c6 : f32) outs(%e5 : tensor<1x1xf32>) -> tensor<1x1xf32>
    %red8 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%red4 : tensor<1x1x1xf32>) outs(%z7 : tensor<1x1xf32>) {
    ^bb0(%ri2: f32, %ra2: f32):
      %rr2 = arith.addf %ri2, %ra2 : f32
      linalg.yield %rr2 : f32
    } -> tensor<1x1xf32>
    return %red8 : tensor<1x1xf32>
  }
}
