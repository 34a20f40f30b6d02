func.func @f(%x: f32) -> f32 {
  %c = arith.constant 0.0 : f32
  %b = arith.cmpf ogt, %x, %c : f32
  cf.assert %b, "x must\00be \22positive\22\0A!"
  return %x : f32
}
