// tensor.from_elements (rank 0, 1 and 2) and tensor.concat (along dims 0
// and 1, of a kernel's result and of other builds) around linalg kernels.
// @build runs on every target with --check; @main builds from constants and
// prints the values, which cli/frontend_ops.sh knows (mlir-runner-22 prints
// the same).
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @build(%a: f32, %b: f32, %t: tensor<2x3xf32>, %u: tensor<1x3xf32>) -> (tensor<3x8xf32>, tensor<f32>, tensor<4xf32>) {
  %c = tensor.from_elements %a, %b, %a, %b, %a, %b : tensor<2x3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %s = linalg.add ins(%t, %c : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %v = tensor.concat dim(0) %s, %u : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf32>
  %w = tensor.from_elements %a, %b, %b, %a, %a, %b : tensor<3x2xf32>
  %r = tensor.concat dim(1) %v, %w, %v : (tensor<3x3xf32>, tensor<3x2xf32>, tensor<3x3xf32>) -> tensor<3x8xf32>
  %e2 = tensor.empty() : tensor<3x8xf32>
  %o = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%r : tensor<3x8xf32>) outs(%e2 : tensor<3x8xf32>) {
  ^bb0(%x: f32, %y: f32):
    %m = arith.mulf %x, %x : f32
    linalg.yield %m : f32
  } -> tensor<3x8xf32>
  %z = tensor.from_elements %b : tensor<f32>
  %q = tensor.from_elements %a, %b, %b, %a : tensor<4xf32>
  return %o, %z, %q : tensor<3x8xf32>, tensor<f32>, tensor<4xf32>
}
func.func @main() {
  %a = arith.constant 1.5 : f32
  %b = arith.constant -2.0 : f32
  %t = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %u = arith.constant dense<[[7.0, 8.0, 9.0]]> : tensor<1x3xf32>
  %c = tensor.from_elements %a, %b, %a, %b, %a, %b : tensor<2x3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %s = linalg.add ins(%t, %c : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %v = tensor.concat dim(0) %s, %u : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf32>
  %w = tensor.from_elements %a, %b, %b, %a, %a, %b : tensor<3x2xf32>
  %r = tensor.concat dim(1) %v, %w, %v : (tensor<3x3xf32>, tensor<3x2xf32>, tensor<3x3xf32>) -> tensor<3x8xf32>
  %z = tensor.from_elements %b : tensor<f32>
  %q = tensor.from_elements %a, %b, %b, %a : tensor<4xf32>
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %rv = vector.transfer_read %r[%c0, %c0], %pad : tensor<3x8xf32>, vector<3x8xf32>
  %zv = vector.transfer_read %z[], %pad : tensor<f32>, vector<f32>
  %qv = vector.transfer_read %q[%c0], %pad : tensor<4xf32>, vector<4xf32>
  vector.print %rv : vector<3x8xf32>
  vector.print %zv : vector<f32>
  vector.print %qv : vector<4xf32>
  return
}
