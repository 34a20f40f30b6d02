// EXPECT: 3:8: error: 'func.call' op calls undefined function '@g'
func.func @f(%a: f32) -> f32 {
  %b = func.call @g(%a) : (f32) -> f32
  return %b : f32
}
