/* test_base.c - the context (errors, protected calls, allocation hook), the
 * arena, the string buffer and the f16/bf16 conversions. */
#include <math.h>

#include "base/arena.h"
#include "base/ctx.h"
#include "base/fp16.h"
#include "base/strbuf.h"
#include "test.h"

/* an allocator that fails after `budget` successful allocations */
typedef struct failing {
    long budget, allocs, frees;
} failing;

static void *failing_alloc(void *ud, void *ptr, size_t n) {
    failing *f = ud;
    if (n == 0) {
        if (ptr) f->frees++;
        free(ptr);
        return NULL;
    }
    if (f->budget-- <= 0) return NULL;
    if (!ptr) f->allocs++;
    return realloc(ptr, n);
}

static void throws_input(sp_ctx *ctx, void *ud) {
    (void)ud;
    sp_throw(ctx, SP_EINPUT, (sp_loc){"f.mlir", 3, 7}, "expected %s, found %s", "'x'", "'y'");
}

static void nested(sp_ctx *ctx, void *ud) {
    int *inner = ud;
    *inner = sp_pcall(ctx, throws_input, NULL);
    sp_throw(ctx, SP_ENOFIT, (sp_loc){0}, "outer");
}

static void arena_work(sp_ctx *ctx, void *ud) {
    sp_arena *a = ud;
    for (int i = 0; i < 1000; i++) {
        char *p = sp_arena_alloc(a, 100);
        for (int k = 0; k < 100; k++) CHECK(p[k] == 0); /* zeroed */
        memset(p, 0xab, 100);
    }
    void *big = sp_arena_alloc(a, 1 << 20); /* larger than a block */
    CHECK(((uintptr_t)big & 15) == 0);
    CHECK_EQ_STR(sp_arena_strndup(a, "hello world", 5), "hello");
    (void)ctx;
}

static void overflow_mul(sp_ctx *ctx, void *ud) {
    (void)ud;
    sp_size_mul(ctx, SIZE_MAX / 2, 3);
}

static void strbuf_work(sp_ctx *ctx, void *ud) {
    sp_strbuf *b = ud;
    for (int i = 0; i < 1000; i++) sp_strbuf_printf(b, "%d,", i);
    sp_strbuf_put_escaped(b, "a\"b\\c\n", 6);
    (void)ctx;
}

int main(void) {
    sp_ctx ctx;
    sp_ctx_init(&ctx, NULL);

    /* errors carry their location and status; nested pcalls unwind to the right one */
    CHECK_EQ_INT(sp_pcall(&ctx, throws_input, NULL), SP_EINPUT);
    CHECK_EQ_STR(ctx.err.file, "f.mlir");
    CHECK_EQ_INT(ctx.err.line, 3);
    CHECK_EQ_INT(ctx.err.col, 7);
    CHECK_EQ_STR(ctx.err.msg, "expected 'x', found 'y'");
    int inner = -1;
    CHECK_EQ_INT(sp_pcall(&ctx, nested, &inner), SP_ENOFIT);
    CHECK_EQ_INT(inner, SP_EINPUT);
    CHECK(ctx.jmp == NULL);
    CHECK_EQ_INT(sp_pcall(&ctx, overflow_mul, NULL), SP_EINPUT);
    CHECK_CONTAINS(ctx.err.msg, "overflows");

    /* arena: zeroed, aligned memory; everything freed at once */
    failing fa = {1 << 30, 0, 0};
    sp_allocator al = {failing_alloc, &fa};
    sp_ctx fctx;
    sp_ctx_init(&fctx, &al);
    sp_arena a;
    sp_arena_init(&a, &fctx);
    CHECK_EQ_INT(sp_pcall(&fctx, arena_work, &a), SP_OK);
    sp_arena_free(&a);
    CHECK_EQ_INT(fa.allocs, fa.frees);

    /* allocation failure inside the arena raises "out of memory" and leaks nothing */
    for (long n = 0; n < 6; n++) {
        failing f2 = {n, 0, 0};
        sp_allocator al2 = {failing_alloc, &f2};
        sp_ctx c2;
        sp_ctx_init(&c2, &al2);
        sp_arena a2;
        sp_arena_init(&a2, &c2);
        sp_status st = sp_pcall(&c2, arena_work, &a2);
        sp_arena_free(&a2);
        CHECK_EQ_INT(f2.allocs, f2.frees);
        if (st != SP_OK) CHECK_CONTAINS(c2.err.msg, "out of memory");
    }

    /* strbuf */
    sp_strbuf b;
    sp_strbuf_init(&b, &ctx);
    CHECK_EQ_INT(sp_pcall(&ctx, strbuf_work, &b), SP_OK);
    CHECK(!strncmp(b.data, "0,1,2,", 6));
    CHECK_CONTAINS(b.data, "998,999,a\\\"b\\\\c\\0A");
    CHECK_EQ_INT(b.data[b.len], 0);
    sp_strbuf_free(&b);

    /* bf16/f16: exact values, round to nearest even, specials */
    CHECK_EQ_INT(sp_f32_to_bf16(1.0f), 0x3f80);
    CHECK_EQ_INT(sp_f32_to_bf16(sp_f32_from_bits(0x3f808000)), 0x3f80); /* tie to even (down) */
    CHECK_EQ_INT(sp_f32_to_bf16(sp_f32_from_bits(0x3f818000)), 0x3f82); /* tie to even (up) */
    CHECK_EQ_INT(sp_f32_to_bf16(sp_f32_from_bits(0x3f808001)), 0x3f81); /* above the tie */
    CHECK_EQ_INT(sp_f64_to_bf16(0.1), 0x3dcd);
    CHECK_EQ_INT(sp_f32_to_bf16(INFINITY), 0x7f80);
    CHECK(isnan(sp_bf16_to_f32(sp_f32_to_bf16(NAN))));
    CHECK_EQ_INT(sp_f32_to_bf16(3.4e38f), 0x7f80); /* rounds up to inf */
    CHECK_EQ_INT(sp_f64_to_f16(1.0), 0x3c00);
    CHECK_EQ_INT(sp_f64_to_f16(0.1), 0x2e66);
    CHECK_EQ_INT(sp_f64_to_f16(65504.0), 0x7bff);
    CHECK_EQ_INT(sp_f64_to_f16(65520.0), 0x7c00);  /* the tie above max rounds to inf */
    CHECK_EQ_INT(sp_f64_to_f16(5.960464477539063e-08), 0x0001); /* smallest subnormal */
    CHECK_EQ_INT(sp_f64_to_f16(-0.0), 0x8000);
    CHECK(sp_f16_to_f32(0x0001) == 5.960464477539063e-08f);
    CHECK(sp_f16_to_f32(0xfbff) == -65504.0f);
    /* every f16 pattern survives a round trip through f32 */
    int bad = 0;
    for (uint32_t h = 0; h < 65536; h++) {
        float f = sp_f16_to_f32((uint16_t)h);
        if (isnan(f)) continue;
        if (sp_f32_to_f16(f) != h) bad++;
    }
    CHECK_EQ_INT(bad, 0);
    TEST_DONE();
}
