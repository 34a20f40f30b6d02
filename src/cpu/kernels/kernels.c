/* kernels.c - the registry of kernel sets per ISA (best first). The generic
 * set is always present; each ISA set overrides every slot of it. */
#include "kernels.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

static const cpu_kernel_set *const sets_generic[] = {&cpu_kset_generic_4x16};
static const cpu_kernel_set *const sets_avx2[] = {&cpu_kset_avx2_6x16, &cpu_kset_avx2_2x32};
static const cpu_kernel_set *const sets_avx512[] = {&cpu_kset_avx512_6x64};

const cpu_kernel_set *const *cpu_kernel_sets(cpu_isa isa, int *n) {
    switch (isa) {
    case CPU_ISA_AMX:
    case CPU_ISA_AVX512BF16:
    case CPU_ISA_AVX512: *n = (int)SP_ARRAY_LEN(sets_avx512); return sets_avx512;
    case CPU_ISA_AVX2: *n = (int)SP_ARRAY_LEN(sets_avx2); return sets_avx2;
    default: *n = (int)SP_ARRAY_LEN(sets_generic); return sets_generic;
    }
}

const cpu_kernel_set *cpu_kernel_find(cpu_isa isa, int mr, int nr) {
    int n;
    const cpu_kernel_set *const *s = cpu_kernel_sets(isa, &n);
    for (int i = 0; i < n; i++)
        if (s[i]->mr == mr && s[i]->nr == nr) return s[i];
    return NULL;
}

const cpu_kernel_set *cpu_kernel_pairs(cpu_isa isa) {
    return isa >= CPU_ISA_AMX ? &cpu_kset_amx_bf16 : isa >= CPU_ISA_AVX512BF16 ? &cpu_kset_avx512bf16_6x64 : NULL;
}

/* Whether VDPBF16PS multiplies bf16 faster than the f32 FMAs do after a
 * conversion in packing: not on the Intel host we have (measured
 * 2026-11-27 with bench/bf16_ukr.c: a zmm VDPBF16PS every 2-3 cycles, the
 * 6x64 pair kernel at 0.50x the f32 kernel's GFLOP/s); AMD's Zen 4 and 5
 * issue it at their FMA rate (AMD's figures; on a Zen 4 EPYC, 2026-11-30,
 * build/bench_bf16_ukr: VDPBF16PS 234.9 GFLOP/s against 117.2 for the
 * FMAs, the pair kernel 1.97x the f32 kernel). */
static bool dot_rate_full(void) {
#if defined(__x86_64__) || defined(__i386__)
    unsigned a, b, c, d;
    if (!__get_cpuid(0, &a, &b, &c, &d)) return false;
    return b == 0x68747541u && d == 0x69746e65u && c == 0x444d4163u; /* "AuthenticAMD" */
#else
    return false;
#endif
}

bool cpu_pairs_pay(const cpu_kernel_set *pk, int64_t M) {
    if (pk && pk->isa == CPU_ISA_AMX) return true; /* TDPBF16PS: ~8x the f32 kernel (bench/bf16_ukr.c) */
    return pk && (M <= pk->mr || dot_rate_full());
}
