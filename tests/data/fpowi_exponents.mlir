// math.fpowi with constant exponents -3, -1, 0, 1, 2, 5, 7 (expanded into
// products by canonicalization) and one read from an argument (kept; the
// reference interpreter's pow), summed per element
#m = affine_map<(d0, d1) -> (d0, d1)>
func.func @f(%x: tensor<6x7xf32>, %k: i32) -> tensor<6x7xf32> {
  %e = tensor.empty() : tensor<6x7xf32>
  %cm3 = arith.constant -3 : i32
  %cm1 = arith.constant -1 : i64
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i64
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i16
  %two = arith.constant 2.0 : f32
  %r = linalg.generic {indexing_maps = [#m, #m], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<6x7xf32>) outs(%e : tensor<6x7xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.addf %a, %two : f32
    %p0 = math.fpowi %y, %cm3 : f32, i32
    %p1 = math.fpowi %y, %cm1 : f32, i64
    %p2 = math.fpowi %y, %c0 : f32, i32
    %p3 = math.fpowi %y, %c1 : f32, i32
    %p4 = math.fpowi %y, %c2 : f32, i64
    %p5 = math.fpowi %y, %c5 : f32, i32
    %p6 = math.fpowi %a, %c7 : f32, i16
    %p7 = math.fpowi %y, %k : f32, i32
    %s0 = arith.addf %p0, %p1 : f32
    %s1 = arith.addf %s0, %p2 : f32
    %s2 = arith.addf %s1, %p3 : f32
    %s3 = arith.addf %s2, %p4 : f32
    %s4 = arith.addf %s3, %p5 : f32
    %s5 = arith.addf %s4, %p6 : f32
    %s6 = arith.addf %s5, %p7 : f32
    linalg.yield %s6 : f32
  } -> tensor<6x7xf32>
  return %r : tensor<6x7xf32>
}
