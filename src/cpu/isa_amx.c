/* isa_amx.c - whether AMX-BF16 tiles can run in this process (kernels.h:
 * cpu_amx_usable). Portable C plus CPUID/XGETBV; no tile instruction here.
 *
 * Linux enables the tile data state (XTILEDATA, 8 KiB a thread) per
 * process and on request only (XFD): until arch_prctl(ARCH_REQ_XCOMP_PERM,
 * XFEATURE_XTILEDATA) succeeds, the first tile instruction raises SIGILL.
 * The request is idempotent, so a race between two first callers only
 * repeats it; the answer is then cached. */
#include "cpu/kernels/kernels.h"

#if defined(__x86_64__) && defined(__linux__)
#include <cpuid.h>
#include <sys/syscall.h>
#include <unistd.h>

#define ARCH_GET_XCOMP_PERM 0x1022
#define ARCH_REQ_XCOMP_PERM 0x1023
#define XFEATURE_XTILECFG 17
#define XFEATURE_XTILEDATA 18

static bool amx_detect(void) {
    /* the kernels' epilogue and packing are the AVX-512 set's */
    if (!cpu_isa_supported(CPU_ISA_AVX512)) return false;
    unsigned a, b, c, d;
    if (__get_cpuid_max(0, NULL) < 0x1d) return false;
    __cpuid_count(1, 0, a, b, c, d);
    if (!((c >> 27) & 1u)) return false; /* OSXSAVE: XGETBV usable */
    __cpuid_count(7, 0, a, b, c, d);
    if (!((d >> 24) & 1u) || !((d >> 22) & 1u)) return false; /* AMX-TILE, AMX-BF16 */
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    const unsigned tile = (1u << XFEATURE_XTILECFG) | (1u << XFEATURE_XTILEDATA);
    if ((lo & tile) != tile) return false;
    /* palette 1 as the kernels configure it: 8 tiles of 16 rows x 64 bytes */
    __cpuid_count(0x1d, 0, a, b, c, d);
    if (a < 1) return false;
    __cpuid_count(0x1d, 1, a, b, c, d);
    if ((b >> 16) < 8 || (b & 0xffffu) < 64 || (c & 0xffffu) < 16) return false;
    if (syscall(SYS_arch_prctl, ARCH_REQ_XCOMP_PERM, XFEATURE_XTILEDATA) != 0) return false;
    unsigned long perm = 0;
    if (syscall(SYS_arch_prctl, ARCH_GET_XCOMP_PERM, &perm) != 0) return false;
    return (perm >> XFEATURE_XTILEDATA) & 1u;
}

bool cpu_amx_usable(void) {
    static int state; /* 0: not asked yet, 1: usable, 2: not */
    int s = __atomic_load_n(&state, __ATOMIC_ACQUIRE);
    if (s == 0) {
        s = amx_detect() ? 1 : 2;
        __atomic_store_n(&state, s, __ATOMIC_RELEASE);
    }
    return s == 1;
}
#else
bool cpu_amx_usable(void) { return false; }
#endif
