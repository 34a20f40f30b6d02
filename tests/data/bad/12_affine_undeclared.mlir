// EXPECT: 2:34: error: use of undeclared identifier 'd2' in affine map
#m = affine_map<(d0, d1) -> (d0, d2)>
