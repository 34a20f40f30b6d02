/* scalar_rules.h - the reference's rules for arith's comparisons, extrema
 * and integer widths, inline so that the interpreter, the npu simulator
 * and the cpu loop engine (each compiled with its own flags, and
 * vectorised there) compute one semantics from one text. Predicates are
 * numbered as arith numbers them (ir.h's IR_CMPF_* and IR_CMPI_*). */
#ifndef SPADC_INTERP_SCALAR_RULES_H
#define SPADC_INTERP_SCALAR_RULES_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

/* maximumf / minimumf: NaN if either is; -0 < +0 */
static inline double sr_maximumf(double a, double b) {
    if (a != a || b != b) return NAN;
    if (a == 0 && b == 0) return signbit(a) ? b : a;
    return a > b ? a : b;
}
static inline double sr_minimumf(double a, double b) {
    if (a != a || b != b) return NAN;
    if (a == 0 && b == 0) return signbit(a) ? a : b;
    return a < b ? a : b;
}

/* arith.cmpf */
static inline bool sr_cmpf(int64_t pred, double a, double b) {
    const bool uno = a != a || b != b;
    switch (pred) {
    case 0: return false;
    case 1: return !uno && a == b;
    case 2: return !uno && a > b;
    case 3: return !uno && a >= b;
    case 4: return !uno && a < b;
    case 5: return !uno && a <= b;
    case 6: return !uno && a != b;
    case 7: return !uno;
    case 8: return uno || a == b;
    case 9: return uno || a > b;
    case 10: return uno || a >= b;
    case 11: return uno || a < b;
    case 12: return uno || a <= b;
    case 13: return uno || a != b;
    case 14: return uno;
    default: return true;
    }
}

/* v's low bits as an unsigned number, and v wrapped to bits (sign-extended;
 * i1 is 0/1) */
static inline uint64_t sr_unsigned(int64_t v, int bits) {
    return bits >= 64 ? (uint64_t)v : (uint64_t)v & ((1ull << bits) - 1);
}
static inline int64_t sr_wrap(int64_t v, int bits) {
    if (bits >= 64) return v;
    if (bits == 1) return v & 1;
    const uint64_t m = 1ull << (bits - 1);
    const uint64_t u = (uint64_t)v & ((m << 1) - 1);
    return (int64_t)((u ^ m) - m);
}

/* arith.cmpi on operands of the given width */
static inline bool sr_cmpi(int64_t pred, int64_t a, int64_t b, int bits) {
    const uint64_t ua = sr_unsigned(a, bits), ub = sr_unsigned(b, bits);
    switch (pred) {
    case 0: return a == b;
    case 1: return a != b;
    case 2: return a < b;
    case 3: return a <= b;
    case 4: return a > b;
    case 5: return a >= b;
    case 6: return ua < ub;
    case 7: return ua <= ub;
    case 8: return ua > ub;
    default: return ua >= ub;
    }
}

#endif
