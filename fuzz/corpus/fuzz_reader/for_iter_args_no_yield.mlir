// EXPECT: 6:8: error: 'scf.for' op body must end with scf.yield
func.func @f(%n: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // with iter_args the yield says what they become: it cannot be left out
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (f32) {
    %b = arith.addf %a, %a : f32
  }
  return %r : f32
}
