/* vec_ops.h - the vector primitives of vec_epilogue.h (see there) that are
 * the same intrinsic at every width, written once for the ISA files that
 * instantiate it (sgemm_avx2.c, sgemm_avx512.c). The includer defines
 *
 *     VF, VM            vector of floats, lane mask
 *     VPS(op)           the float intrinsic op at its width (_mm256_op_ps)
 *     VCMP(a, b, pred)  a compare into a VM (_mm256_cmp_ps, _mm512_cmp_ps_mask)
 *
 * and itself the rest (vsel, vround, vldexp, vload_n, vstore_n), whose
 * intrinsics differ by more than the width. */
static inline VF vset1(float x) { return VPS(set1)(x); }
static inline VF vadd(VF a, VF b) { return VPS(add)(a, b); }
static inline VF vsub(VF a, VF b) { return VPS(sub)(a, b); }
static inline VF vmul(VF a, VF b) { return VPS(mul)(a, b); }
static inline VF vdiv(VF a, VF b) { return VPS(div)(a, b); }
static inline VF vfma(VF a, VF b, VF c) { return VPS(fmadd)(a, b, c); }
static inline VF vsqrt(VF a) { return VPS(sqrt)(a); }
static inline VF vand(VF a, VF b) { return VPS(and)(a, b); }
static inline VF vor(VF a, VF b) { return VPS(or)(a, b); }
static inline VF vxor(VF a, VF b) { return VPS(xor)(a, b); }
static inline VF vandnot(VF a, VF b) { return VPS(andnot)(a, b); }
static inline VF vmaxr(VF a, VF b) { return VPS(max)(a, b); }
static inline VF vminr(VF a, VF b) { return VPS(min)(a, b); }
static inline VM vlt(VF a, VF b) { return VCMP(a, b, _CMP_LT_OQ); }
static inline VM vgt(VF a, VF b) { return VCMP(a, b, _CMP_GT_OQ); }
static inline VM veq(VF a, VF b) { return VCMP(a, b, _CMP_EQ_OQ); }
static inline VM visnan(VF a) { return VCMP(a, a, _CMP_UNORD_Q); }
