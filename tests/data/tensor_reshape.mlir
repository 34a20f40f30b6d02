// tensor.reshape with a shape operand (ONNX ReduceMean/ReduceSum with
// keepdims, as torch-mlir's ONNX path writes them): read as the static
// reshape its result type spells. @keepdims: a row sum kept as a column,
// then used as one (constant shape, one expand_shape); @swap: 2x3 read as
// 3x2 (no grouping of dimensions: through 6); @scalar: a 1x1 result to a
// rank-0 tensor (an empty shape operand); @from_elements: a shape that is
// not a constant, checked at run time; @generic: the generic form.
// cli/tensor_reshape.sh also runs a copy whose @from_elements shape is wrong
// (a run-time error); malformed uses are in tests/data/bad (cli/errors.sh).
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d0, 0)>
func.func @keepdims(%x: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x6xf32>) outs(%f : tensor<4xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %t = arith.addf %acc, %a : f32
    linalg.yield %t : f32
  } -> tensor<4xf32>
  %shape = arith.constant dense<[4, 1]> : tensor<2xi64>
  %k = tensor.reshape %s(%shape) : (tensor<4xf32>, tensor<2xi64>) -> tensor<4x1xf32>
  %e2 = tensor.empty() : tensor<4x6xf32>
  %r = linalg.generic {indexing_maps = [#id2, #col, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %k : tensor<4x6xf32>, tensor<4x1xf32>) outs(%e2 : tensor<4x6xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}
func.func @swap(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %shape = arith.constant dense<[3, 2]> : tensor<2xindex>
  %r = tensor.reshape %x(%shape) : (tensor<2x3xf32>, tensor<2xindex>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}
func.func @scalar(%x: tensor<1x1xf32>) -> tensor<f32> {
  %shape = arith.constant dense<> : tensor<0xi64>
  %r = tensor.reshape %x(%shape) : (tensor<1x1xf32>, tensor<0xi64>) -> tensor<f32>
  return %r : tensor<f32>
}
func.func @from_elements(%x: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  %c6 = arith.constant 6 : i32
  %c4 = arith.constant 4 : i32
  %shape = tensor.from_elements %c6, %c4 : tensor<2xi32>
  %r = tensor.reshape %x(%shape) : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<6x4xf32>
  return %r : tensor<6x4xf32>
}
func.func @generic(%x: tensor<8xf32>) -> tensor<2x4xf32> {
  %shape = "arith.constant"() <{value = dense<[2, 4]> : tensor<2xi64>}> : () -> tensor<2xi64>
  %r = "tensor.reshape"(%x, %shape) : (tensor<8xf32>, tensor<2xi64>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
