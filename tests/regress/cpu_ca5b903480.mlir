// difftest regression (cpu), found with seed 53545, shrunk; tests/cli/regress.sh runs:
// RUN: run -e f --target cpu --check --threads 2 --seed 53545
// what failed: exit 4: 6132 elements bias_add cmpf exp sub scale select engine 7.910 - k3 loop 12 elements scale engine 0.010 - k4 loop 6132 elements sub engine 0.007 - total 7.988 0.0 check result0: max abs err 1.91e-06, max rel err 1 (max |ref| 1.91e-06; the reference moves by 0 when its inputs move by 4 ulps): 
// class: cpu: exit 4 (mismatch)
// spec: {"graph":1,"dims":{"d0":12,"d1":1,"d2":511},"nodes":[{"op":"arg","shape":[["d0"],["d1"]],"dt":"f32","role":"input"},{"op":"arg","shape":[["d1"],["d2"]],"dt":"f32","role":"weight"},{"op":"mm","kind":"matmul","in":[0,1],"spell":"generic","init":"fill","shape":[["d0"],["d2"]],"dt":"f32"},{"op":"red","in":[2],"dims":[0,1],"kind":"sum","keep":"no","spell":"generic","shape":[],"dt":"f32"},{"op":"ew","in":[2,3],"maps":[[0,1],[]],"start":0,"steps":[["add",[1,false]]],"shape":[["d0"],["d2"]],"dt":"f32","spell":"generic"},{"op":"ew","in":[4],"maps":[[0,1]],"start":0,"steps":[["elu",1.6732632]],"shape":[["d0"],["d2"]],"dt":"f32","spell":"generic"},{"op":"red","in":[5],"dims":[1],"kind":"sum","keep":"no","spell":"generic","shape":[["d0"]],"dt":"f32"},{"op":"ew","in":[6],"maps":[[0]],"start":0,"steps":[["mulc",["inv_count",[1],[["d0"],["d2"]]]]],"shape":[["d0"]],"dt":"f32","spell":"generic"},{"op":"ew","in":[5,7],"maps":[[0,1],[0]],"start":0,"steps":[["sub",[1,false]]],"shape":[["d0"],["d2"]],"dt":"f32","spell":"generic"}],"results":[8],"generic_print":false,"aliases":false}
module {
  func.func @f(%x0: tensor<12x1xf32>, %w1: tensor<1x511xf32>) -> tensor<12x511xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<12x511xf32>
    %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<12x511xf32>) -> tensor<12x511xf32>
    %mm3 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x0, %w1 : tensor<12x1xf32>, tensor<1x511xf32>) outs(%z2 : tensor<12x511xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<12x511xf32>
    %e4 = tensor.empty() : tensor<f32>
    %c5 = arith.constant 0.000000e+00 : f32
    %z6 = linalg.fill ins(%c5 : f32) outs(%e4 : tensor<f32>) -> tensor<f32>
    %red7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%mm3 : tensor<12x511xf32>) outs(%z6 : tensor<f32>) {
    ^bb0(%ri1: f32, %ra1: f32):
      %rr1 = arith.addf %ri1, %ra1 : f32
      linalg.yield %rr1 : f32
    } -> tensor<f32>
    %e8 = tensor.empty() : tensor<12x511xf32>
    %g9 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm3, %red7 : tensor<12x511xf32>, tensor<f32>) outs(%e8 : tensor<12x511xf32>) {
    ^bb0(%b2_0: f32, %b2_1: f32, %o2: f32):
      %u3 = arith.addf %b2_0, %b2_1 : f32
      linalg.yield %u3 : f32
    } -> tensor<12x511xf32>
    %e10 = tensor.empty() : tensor<12x511xf32>
    %g11 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%g9 : tensor<12x511xf32>) outs(%e10 : tensor<12x511xf32>) {
    ^bb0(%b4_0: f32, %o4: f32):
      %u5 = arith.constant 0.000000000e+00 : f32
      %u6 = arith.cmpf ogt, %b4_0, %u5 : f32
      %u7 = math.exp %b4_0 : f32
      %u8 = arith.constant 1.000000000e+00 : f32
      %u9 = arith.subf %u7, %u8 : f32
      %u10 = arith.constant 1.673263200e+00 : f32
      %u11 = arith.mulf %u9, %u10 : f32
      %u12 = arith.select %u6, %b4_0, %u11 : f32
      linalg.yield %u12 : f32
    } -> tensor<12x511xf32>
    %e12 = tensor.empty() : tensor<12xf32>
    %c13 = arith.constant 0.000000e+00 : f32
    %z14 = linalg.fill ins(%c13 : f32) outs(%e12 : tensor<12xf32>) -> tensor<12xf32>
    %red15 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%g11 : tensor<12x511xf32>) outs(%z14 : tensor<12xf32>) {
    ^bb0(%ri13: f32, %ra13: f32):
      %rr13 = arith.addf %ri13, %ra13 : f32
      linalg.yield %rr13 : f32
    } -> tensor<12xf32>
    %e16 = tensor.empty() : tensor<12xf32>
    %g17 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%red15 : tensor<12xf32>) outs(%e16 : tensor<12xf32>) {
    ^bb0(%b14_0: f32, %o14: f32):
      %u15 = arith.constant 1.956947162e-03 : f32
      %u16 = arith.mulf %b14_0, %u15 : f32
      linalg.yield %u16 : f32
    } -> tensor<12xf32>
    %e18 = tensor.empty() : tensor<12x511xf32>
    %g19 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%g11, %g17 : tensor<12x511xf32>, tensor<12xf32>) outs(%e18 : tensor<12x511xf32>) {
    ^bb0(%b17_0: f32, %b17_1: f32, %o17: f32):
      %u18 = arith.subf %b17_0, %b17_1 : f32
      linalg.yield %u18 : f32
    } -> tensor<12x511xf32>
    return %g19 : tensor<12x511xf32>
  }
}
