// A kernel the cpu engine does not run (linalg.pack): the plan says so and
// why (tests/cli/cpu_loops.sh); it runs through the reference's semantics.
func.func @pack(%x: tensor<4x6xf32>) -> tensor<2x3x2x2xf32> {
  %e = tensor.empty() : tensor<2x3x2x2xf32>
  %pk = linalg.pack %x inner_dims_pos = [0, 1] inner_tiles = [2, 2] into %e : tensor<4x6xf32> -> tensor<2x3x2x2xf32>
  return %pk : tensor<2x3x2x2xf32>
}
