/* isa_bf16.c - whether the CPU has AVX512_BF16 (VDPBF16PS, the pair
 * kernels' instruction): CPUID.(EAX=7,ECX=1):EAX bit 5, on top of the
 * AVX-512 support isa.c detects (CPUID and the OS's ZMM state in XCR0). */
#include "kernels.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

bool cpu_has_avx512bf16(void) {
    if (!cpu_isa_supported(CPU_ISA_AVX512)) return false;
    unsigned a, b, c, d;
    if (__get_cpuid_max(0, NULL) < 7) return false;
    __cpuid_count(7, 0, a, b, c, d);
    if (a < 1) return false; /* no subleaf 1 */
    __cpuid_count(7, 1, a, b, c, d);
    return (a >> 5) & 1u;
}
#else
bool cpu_has_avx512bf16(void) { return false; }
#endif
