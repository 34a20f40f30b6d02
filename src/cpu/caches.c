/* caches.c - cache sizes from sysfs (/sys/devices/system/cpu/cpu0/cache). */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cpu.h"

/* "48K", "1024K", "32M", "1048576" -> bytes; 0 when unreadable. */
static int64_t read_size(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    long long v = 0;
    char unit = 0;
    int n = fscanf(f, "%lld%c", &v, &unit);
    fclose(f);
    if (n < 1 || v <= 0) return 0;
    if (unit == 'K' || unit == 'k') v <<= 10;
    else if (unit == 'M' || unit == 'm') v <<= 20;
    else if (unit == 'G' || unit == 'g') v <<= 30;
    return v;
}

static int read_text(const char *path, char *buf, size_t n) {
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    int ok = fgets(buf, (int)n, f) != NULL;
    fclose(f);
    if (ok) buf[strcspn(buf, "\n")] = 0;
    return ok;
}

cpu_caches cpu_caches_detect(void) {
    cpu_caches c = {.l1d = 48 << 10, .l2 = 1 << 20, .l3 = 32 << 20, .cores = 1};
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n > 0) c.cores = (int)n;
    for (int i = 0; i < 8; i++) {
        char path[128], level[16], type[32];
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/level", i);
        if (!read_text(path, level, sizeof level)) break;
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/type", i);
        if (!read_text(path, type, sizeof type)) continue;
        if (!strcmp(type, "Instruction")) continue;
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/size", i);
        int64_t size = read_size(path);
        if (size <= 0) continue;
        if (!strcmp(level, "1")) c.l1d = size;
        else if (!strcmp(level, "2")) c.l2 = size;
        else if (!strcmp(level, "3")) c.l3 = size;
    }
    return c;
}
