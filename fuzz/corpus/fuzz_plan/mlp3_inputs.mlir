// The deterministic inputs of corpus/mlir22/mlp3_main.mlir (its generators,
// copied verbatim), as a function: spadc run -o DIR writes them as .npy.
#map_id   = affine_map<(d0, d1) -> (d0, d1)>
#map_vec = affine_map<(d0) -> (d0)>
func.func @inputs() -> (tensor<256x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32>) {
    %X_e = tensor.empty() : tensor<256x1024xf32>
    %X = linalg.generic {indexing_maps = [#map_id], iterator_types = ["parallel", "parallel"]} outs(%X_e : tensor<256x1024xf32>) {
    ^bb0(%out: f32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %ca = arith.constant 7 : i32
      %cb = arith.constant 3 : i32
      %co = arith.constant 0 : i32
      %cm = arith.constant 17 : i32
      %ch = arith.constant 8 : i32
      %t0 = arith.muli %ii, %ca : i32
      %t1 = arith.muli %jj, %cb : i32
      %t2 = arith.addi %t0, %t1 : i32
      %t3 = arith.addi %t2, %co : i32
      %t4 = arith.remsi %t3, %cm : i32
      %t5 = arith.subi %t4, %ch : i32
      %f = arith.sitofp %t5 : i32 to f32
      %s = arith.constant 6.250000e-02 : f32
      %v = arith.mulf %f, %s : f32
      linalg.yield %v : f32
    } -> tensor<256x1024xf32>
    %W0_e = tensor.empty() : tensor<1024x1024xf32>
    %W0 = linalg.generic {indexing_maps = [#map_id], iterator_types = ["parallel", "parallel"]} outs(%W0_e : tensor<1024x1024xf32>) {
    ^bb0(%out: f32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %ca = arith.constant 5 : i32
      %cb = arith.constant 11 : i32
      %co = arith.constant 0 : i32
      %cm = arith.constant 13 : i32
      %ch = arith.constant 6 : i32
      %t0 = arith.muli %ii, %ca : i32
      %t1 = arith.muli %jj, %cb : i32
      %t2 = arith.addi %t0, %t1 : i32
      %t3 = arith.addi %t2, %co : i32
      %t4 = arith.remsi %t3, %cm : i32
      %t5 = arith.subi %t4, %ch : i32
      %f = arith.sitofp %t5 : i32 to f32
      %s = arith.constant 1.562500e-02 : f32
      %v = arith.mulf %f, %s : f32
      linalg.yield %v : f32
    } -> tensor<1024x1024xf32>
    %b0_e = tensor.empty() : tensor<1024xf32>
    %b0 = linalg.generic {indexing_maps = [#map_vec], iterator_types = ["parallel"]} outs(%b0_e : tensor<1024xf32>) {
    ^bb0(%out: f32):
      %i = linalg.index 0 : index
      %ii = arith.index_cast %i : index to i32
      %co = arith.constant 0 : i32
      %cm = arith.constant 7 : i32
      %ch = arith.constant 3 : i32
      %t3 = arith.addi %ii, %co : i32
      %t4 = arith.remsi %t3, %cm : i32
      %t5 = arith.subi %t4, %ch : i32
      %f = arith.sitofp %t5 : i32 to f32
      %s = arith.constant 3.125000e-02 : f32
      %v = arith.mulf %f, %s : f32
      linalg.yield %v : f32
    } -> tensor<1024xf32>
    %W1_e = tensor.empty() : tensor<1024x1024xf32>
    %W1 = linalg.generic {indexing_maps = [#map_id], iterator_types = ["parallel", "parallel"]} outs(%W1_e : tensor<1024x1024xf32>) {
    ^bb0(%out: f32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %ca = arith.constant 5 : i32
      %cb = arith.constant 11 : i32
      %co = arith.constant 3 : i32
      %cm = arith.constant 13 : i32
      %ch = arith.constant 6 : i32
      %t0 = arith.muli %ii, %ca : i32
      %t1 = arith.muli %jj, %cb : i32
      %t2 = arith.addi %t0, %t1 : i32
      %t3 = arith.addi %t2, %co : i32
      %t4 = arith.remsi %t3, %cm : i32
      %t5 = arith.subi %t4, %ch : i32
      %f = arith.sitofp %t5 : i32 to f32
      %s = arith.constant 1.562500e-02 : f32
      %v = arith.mulf %f, %s : f32
      linalg.yield %v : f32
    } -> tensor<1024x1024xf32>
    %b1_e = tensor.empty() : tensor<1024xf32>
    %b1 = linalg.generic {indexing_maps = [#map_vec], iterator_types = ["parallel"]} outs(%b1_e : tensor<1024xf32>) {
    ^bb0(%out: f32):
      %i = linalg.index 0 : index
      %ii = arith.index_cast %i : index to i32
      %co = arith.constant 1 : i32
      %cm = arith.constant 7 : i32
      %ch = arith.constant 3 : i32
      %t3 = arith.addi %ii, %co : i32
      %t4 = arith.remsi %t3, %cm : i32
      %t5 = arith.subi %t4, %ch : i32
      %f = arith.sitofp %t5 : i32 to f32
      %s = arith.constant 3.125000e-02 : f32
      %v = arith.mulf %f, %s : f32
      linalg.yield %v : f32
    } -> tensor<1024xf32>
    %W2_e = tensor.empty() : tensor<1024x1024xf32>
    %W2 = linalg.generic {indexing_maps = [#map_id], iterator_types = ["parallel", "parallel"]} outs(%W2_e : tensor<1024x1024xf32>) {
    ^bb0(%out: f32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %ca = arith.constant 5 : i32
      %cb = arith.constant 11 : i32
      %co = arith.constant 6 : i32
      %cm = arith.constant 13 : i32
      %ch = arith.constant 6 : i32
      %t0 = arith.muli %ii, %ca : i32
      %t1 = arith.muli %jj, %cb : i32
      %t2 = arith.addi %t0, %t1 : i32
      %t3 = arith.addi %t2, %co : i32
      %t4 = arith.remsi %t3, %cm : i32
      %t5 = arith.subi %t4, %ch : i32
      %f = arith.sitofp %t5 : i32 to f32
      %s = arith.constant 1.562500e-02 : f32
      %v = arith.mulf %f, %s : f32
      linalg.yield %v : f32
    } -> tensor<1024x1024xf32>
    %b2_e = tensor.empty() : tensor<1024xf32>
    %b2 = linalg.generic {indexing_maps = [#map_vec], iterator_types = ["parallel"]} outs(%b2_e : tensor<1024xf32>) {
    ^bb0(%out: f32):
      %i = linalg.index 0 : index
      %ii = arith.index_cast %i : index to i32
      %co = arith.constant 2 : i32
      %cm = arith.constant 7 : i32
      %ch = arith.constant 3 : i32
      %t3 = arith.addi %ii, %co : i32
      %t4 = arith.remsi %t3, %cm : i32
      %t5 = arith.subi %t4, %ch : i32
      %f = arith.sitofp %t5 : i32 to f32
      %s = arith.constant 3.125000e-02 : f32
      %v = arith.mulf %f, %s : f32
      linalg.yield %v : f32
    } -> tensor<1024xf32>
    return %X, %W0, %b0, %W1, %b1, %W2, %b2 : tensor<256x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32>
}
