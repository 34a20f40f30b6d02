// A call to a function that has no body (not one spadc provides): a run-time error.
func.func private @rtclock2() -> f64
func.func @main() -> f64 {
  %t = func.call @rtclock2() : () -> f64
  return %t : f64
}
