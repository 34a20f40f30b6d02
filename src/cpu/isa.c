/* isa.c - which instruction sets the CPU and the OS support (CPUID + XGETBV),
 * and the one the engine uses (SPADC_ISA overrides).
 *
 * A CPUID bit alone is not enough: the OS must also save the wider register
 * state on context switches, which XCR0 reports (BLIS bli_cpuid.c does the
 * same; ggml's x86 scorer famously does not).
 */
#include <stdlib.h>
#include <string.h>

#include "cpu.h"
#include "cpu/kernels/kernels.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define CPU_X86 1
#else
#define CPU_X86 0
#endif

static const char *const isa_names[CPU_ISA_COUNT] = {"generic", "avx2", "avx512", "avx512bf16", "amx"};

const char *cpu_isa_name(cpu_isa isa) {
    return (unsigned)isa < CPU_ISA_COUNT ? isa_names[isa] : "?";
}

#if CPU_X86
static uint64_t xgetbv0(void) {
    uint32_t lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}

/* Bit i set: ISA i usable. Bit 31 set: computed. */
static unsigned detect(void) {
    unsigned a, b, c, d, ok = 1u << CPU_ISA_GENERIC;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return ok;
    const bool osxsave = c & (1u << 27), avx = c & (1u << 28), fma = c & (1u << 12);
    if (!osxsave || !avx) return ok;
    const uint64_t xcr0 = xgetbv0();
    const bool os_ymm = (xcr0 & 0x6) == 0x6;           /* SSE + AVX state */
    const bool os_zmm = (xcr0 & 0xe6) == 0xe6;         /* + opmask, ZMM_Hi256, Hi16_ZMM */
    unsigned a7 = 0, b7 = 0, c7 = 0, d7 = 0;
    if (__get_cpuid_max(0, NULL) >= 7) __cpuid_count(7, 0, a7, b7, c7, d7);
    const bool avx2 = b7 & (1u << 5);
    const bool avx512 = (b7 & (1u << 16)) && (b7 & (1u << 17)) && (b7 & (1u << 30)) && (b7 & (1u << 31)); /* F DQ BW VL */
    if (os_ymm && avx2 && fma) ok |= 1u << CPU_ISA_AVX2;
    if (os_zmm && avx2 && fma && avx512) ok |= 1u << CPU_ISA_AVX512;
    unsigned a71 = 0, b71 = 0, c71 = 0, d71 = 0;
    if (a7 >= 1) __cpuid_count(7, 1, a71, b71, c71, d71); /* leaf 7's subleaf count is in EAX of subleaf 0 */
    if ((ok & (1u << CPU_ISA_AVX512)) && (a71 & (1u << 5))) ok |= 1u << CPU_ISA_AVX512BF16;
    return ok;
}
#else
static unsigned detect(void) { return 1u << CPU_ISA_GENERIC; }
#endif

/* The feature table: computed once, idempotently, so a race between two
 * first callers only computes it twice. */
static unsigned isa_table;

static unsigned features(void) {
    unsigned t = __atomic_load_n(&isa_table, __ATOMIC_ACQUIRE);
    if (!t) {
        t = detect() | (1u << 31);
        __atomic_store_n(&isa_table, t, __ATOMIC_RELEASE);
    }
    return t;
}

bool cpu_isa_supported(cpu_isa isa) {
    /* AMX: CPUID, XCR0's tile state and Linux's permission, which
     * cpu_amx_usable (isa_amx.c; cached) asks for on its first call,
     * before any tile instruction */
    if (isa == CPU_ISA_AMX) return (features() & (1u << CPU_ISA_AVX512BF16)) && cpu_amx_usable();
    return (unsigned)isa < CPU_ISA_COUNT && (features() & (1u << isa));
}

sp_status cpu_isa_active(sp_ctx *ctx, cpu_isa *isa) {
    const char *env = getenv("SPADC_ISA");
    if (!env || !*env) {
        for (int i = CPU_ISA_COUNT - 1; i >= 0; i--)
            if (cpu_isa_supported((cpu_isa)i)) {
                *isa = (cpu_isa)i;
                return SP_OK;
            }
        *isa = CPU_ISA_GENERIC;
        return SP_OK;
    }
    char have[64] = "";
    for (int i = 0; i < CPU_ISA_COUNT; i++)
        if (cpu_isa_supported((cpu_isa)i)) {
            if (have[0]) strcat(have, ", ");
            strcat(have, isa_names[i]);
        }
    for (int i = 0; i < CPU_ISA_COUNT; i++)
        if (!strcmp(env, isa_names[i])) {
            if (!cpu_isa_supported((cpu_isa)i)) {
                sp_set_error(ctx, SP_EUSAGE, "SPADC_ISA=%s is not supported by this CPU (supported: %s)", env, have);
                return SP_EUSAGE;
            }
            *isa = (cpu_isa)i;
            return SP_OK;
        }
    sp_set_error(ctx, SP_EUSAGE, "SPADC_ISA=%s is not an ISA (expected amx, avx512bf16, avx512, avx2 or generic; this CPU supports: %s)",
                 env, have);
    return SP_EUSAGE;
}
