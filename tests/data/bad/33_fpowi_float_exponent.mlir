// EXPECT: 3:8: error: 'math.fpowi' op needs a signless integer exponent of the base's shape, found f32
func.func @f(%a: f32, %n: f32) -> f32 {
  %c = math.fpowi %a, %n : f32, f32
  return %c : f32
}
