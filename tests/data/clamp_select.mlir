#map = affine_map<(d0) -> (d0)>
// select(cmpf(P, x, c), x, c) and its mirrors are min or max (canon minmax_in_body):
// every ordered and unordered < <= > >=, both compare orders, both select orders,
// on NaN, +-0, +-inf and values either side of c.
func.func @main() -> tensor<32x8xf32> {
  %x = arith.constant dense<[0x7FC00000, -0.0, 0.0, 6.0, -7.5, 7.5, 0x7F800000, 0xFF800000]> : tensor<8xf32>
  %c = arith.constant 6.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %r0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf ogt, %in, %c : f32
    %s = arith.select %p, %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf ogt, %in, %c : f32
    %s = arith.select %p, %c, %in : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf ogt, %c, %in : f32
    %s = arith.select %p, %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf ogt, %c, %in : f32
    %s = arith.select %p, %c, %in : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf oge, %in, %c : f32
    %s = arith.select %p, %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf oge, %in, %c : f32
    %s = arith.select %p, %c, %in : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf oge, %c, %in : f32
    %s = arith.select %p, %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf oge, %c, %in : f32
    %s = arith.select %p, %c, %in : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf olt, %in, %c : f32
    %s = arith.select %p, %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf olt, %in, %c : f32
    %s = arith.select %p, %c, %in : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r10 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf olt, %c, %in : f32
    %s = arith.select %p, %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf olt, %c, %in : f32
    %s = arith.select %p, %c, %in : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r12 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf ole, %in, %c : f32
    %s = arith.select %p, %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf ole, %in, %c : f32
    %s = arith.select %p, %c, %in : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf ole, %c, %in : f32
    %s = arith.select %p, %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf ole, %c, %in : f32
    %s = arith.select %p, %c, %in : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf ugt, %in, %c : f32
    %s = arith.select %p, %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r17 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf ugt, %in, %c : f32
    %s = arith.select %p, %c, %in : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf ugt, %c, %in : f32
    %s = arith.select %p, %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r19 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf ugt, %c, %in : f32
    %s = arith.select %p, %c, %in : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r20 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf uge, %in, %c : f32
    %s = arith.select %p, %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r21 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf uge, %in, %c : f32
    %s = arith.select %p, %c, %in : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r22 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf uge, %c, %in : f32
    %s = arith.select %p, %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r23 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf uge, %c, %in : f32
    %s = arith.select %p, %c, %in : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r24 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf ult, %in, %c : f32
    %s = arith.select %p, %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r25 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf ult, %in, %c : f32
    %s = arith.select %p, %c, %in : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r26 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf ult, %c, %in : f32
    %s = arith.select %p, %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r27 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf ult, %c, %in : f32
    %s = arith.select %p, %c, %in : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r28 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf ule, %in, %c : f32
    %s = arith.select %p, %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r29 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf ule, %in, %c : f32
    %s = arith.select %p, %c, %in : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r30 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf ule, %c, %in : f32
    %s = arith.select %p, %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r31 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.cmpf ule, %c, %in : f32
    %s = arith.select %p, %c, %in : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %all = tensor.empty() : tensor<32x8xf32>
  %i0 = tensor.insert_slice %r0 into %all[0, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i1 = tensor.insert_slice %r1 into %i0[1, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i2 = tensor.insert_slice %r2 into %i1[2, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i3 = tensor.insert_slice %r3 into %i2[3, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i4 = tensor.insert_slice %r4 into %i3[4, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i5 = tensor.insert_slice %r5 into %i4[5, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i6 = tensor.insert_slice %r6 into %i5[6, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i7 = tensor.insert_slice %r7 into %i6[7, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i8 = tensor.insert_slice %r8 into %i7[8, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i9 = tensor.insert_slice %r9 into %i8[9, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i10 = tensor.insert_slice %r10 into %i9[10, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i11 = tensor.insert_slice %r11 into %i10[11, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i12 = tensor.insert_slice %r12 into %i11[12, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i13 = tensor.insert_slice %r13 into %i12[13, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i14 = tensor.insert_slice %r14 into %i13[14, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i15 = tensor.insert_slice %r15 into %i14[15, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i16 = tensor.insert_slice %r16 into %i15[16, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i17 = tensor.insert_slice %r17 into %i16[17, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i18 = tensor.insert_slice %r18 into %i17[18, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i19 = tensor.insert_slice %r19 into %i18[19, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i20 = tensor.insert_slice %r20 into %i19[20, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i21 = tensor.insert_slice %r21 into %i20[21, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i22 = tensor.insert_slice %r22 into %i21[22, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i23 = tensor.insert_slice %r23 into %i22[23, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i24 = tensor.insert_slice %r24 into %i23[24, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i25 = tensor.insert_slice %r25 into %i24[25, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i26 = tensor.insert_slice %r26 into %i25[26, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i27 = tensor.insert_slice %r27 into %i26[27, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i28 = tensor.insert_slice %r28 into %i27[28, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i29 = tensor.insert_slice %r29 into %i28[29, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i30 = tensor.insert_slice %r30 into %i29[30, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  %i31 = tensor.insert_slice %r31 into %i30[31, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<32x8xf32>
  return %i31 : tensor<32x8xf32>
}
