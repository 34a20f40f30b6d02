func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c3 step %c1 {
    %f = arith.index_cast %i : index to i32
    vector.print %f : i32
  }
  scf.for %j = %c0 to %c3 step %c1 {
  }
  return
}
