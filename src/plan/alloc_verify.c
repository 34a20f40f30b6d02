/* alloc_verify.c - independent checker for offset plans (see alloc.h).
 *
 * Deliberately shares nothing with alloc.c: it reads the plan_buf fields and
 * the rules stated in alloc.h, and checks every pair directly, so a bug in
 * the planner's data structures cannot hide itself here.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "alloc.h"

static bool fail(char *why, size_t whylen, const char *fmt, ...) SP_PRINTF(3, 4);

static bool fail(char *why, size_t whylen, const char *fmt, ...) {
    if (why && whylen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, whylen, fmt, ap);
        va_end(ap);
    }
    return false;
}

/* The one overlap alloc.h allows: j declared to take i's bytes, born at the
 * step i dies, no larger than i, at exactly i's offset. */
static bool inplace_ok(const plan_buf *b, size_t n, size_t i, size_t j) {
    const plan_buf *x = &b[i], *y = &b[j];
    if (y->inplace < 0 || (size_t)y->inplace != i || i >= n) return false;
    return x->hi - 1 == y->lo && y->size <= x->size && y->offset == x->offset;
}

bool plan_verify(const plan_buf *b, size_t n, int64_t capacity, char *why, size_t whylen) {
    for (size_t i = 0; i < n; i++) {
        const plan_buf *x = &b[i];
        if (x->size < 0) return fail(why, whylen, "buffer %zu: negative size %" PRId64, i, x->size);
        if (x->align < 1 || (x->align & (x->align - 1)))
            return fail(why, whylen, "buffer %zu: alignment %" PRId64 " is not a power of two", i,
                        x->align);
        if (x->lo >= x->hi)
            return fail(why, whylen, "buffer %zu: empty lifetime [%" PRId64 ", %" PRId64 ")", i,
                        x->lo, x->hi);
        if (x->inplace < -1 || (x->inplace >= 0 && ((size_t)x->inplace >= n || (size_t)x->inplace == i)))
            return fail(why, whylen, "buffer %zu: in-place index %" PRId32 " out of range", i,
                        x->inplace);
        if (x->offset < 0)
            return fail(why, whylen, "buffer %zu: negative offset %" PRId64, i, x->offset);
        if (x->offset % x->align)
            return fail(why, whylen, "buffer %zu: offset %" PRId64 " not aligned to %" PRId64, i,
                        x->offset, x->align);
        if (x->offset > INT64_MAX - x->size)
            return fail(why, whylen, "buffer %zu: offset + size overflows", i);
        if (capacity > 0 && x->offset + x->size > capacity)
            return fail(why, whylen,
                        "buffer %zu: ends at %" PRId64 ", beyond the capacity %" PRId64, i,
                        x->offset + x->size, capacity);
    }
    for (size_t i = 0; i < n; i++) {
        const plan_buf *x = &b[i];
        if (x->size == 0) continue;
        for (size_t j = i + 1; j < n; j++) {
            const plan_buf *y = &b[j];
            if (y->size == 0) continue;
            bool live_together = x->lo < y->hi && y->lo < x->hi;
            bool share_bytes = x->offset < y->offset + y->size && y->offset < x->offset + x->size;
            if (!live_together || !share_bytes) continue;
            if (inplace_ok(b, n, i, j) || inplace_ok(b, n, j, i)) continue;
            return fail(why, whylen,
                        "buffers %zu and %zu overlap: both live in steps [%" PRId64 ", %" PRId64
                        ") and bytes [%" PRId64 ", %" PRId64 ")",
                        i, j, x->lo > y->lo ? x->lo : y->lo, x->hi < y->hi ? x->hi : y->hi,
                        x->offset > y->offset ? x->offset : y->offset,
                        x->offset + x->size < y->offset + y->size ? x->offset + x->size
                                                                  : y->offset + y->size);
        }
    }
    return true;
}
