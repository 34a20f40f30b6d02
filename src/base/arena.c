/* arena.c - bump allocator (see arena.h). */
#include "arena.h"

#include <string.h>

#define ARENA_BLOCK_MIN ((size_t)64 * 1024)
#define ARENA_ALIGN 16

struct sp_arena_block {
    sp_arena_block *next;
    size_t size, pos; /* capacity of data[] and bytes used */
    _Alignas(ARENA_ALIGN) unsigned char data[];
};

void sp_arena_init(sp_arena *a, sp_ctx *ctx) {
    a->ctx = ctx;
    a->head = NULL;
    a->used = 0;
}

void sp_arena_free(sp_arena *a) {
    sp_arena_block *b = a->head;
    while (b) {
        sp_arena_block *next = b->next;
        sp_free(a->ctx, b);
        b = next;
    }
    a->head = NULL;
    a->used = 0;
}

void *sp_arena_alloc(sp_arena *a, size_t n) {
    size_t need = sp_size_add(a->ctx, n, ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
    if (need == 0) need = ARENA_ALIGN;
    sp_arena_block *b = a->head;
    if (!b || b->size - b->pos < need) {
        size_t size = need > ARENA_BLOCK_MIN ? need : ARENA_BLOCK_MIN;
        b = sp_malloc(a->ctx, sp_size_add(a->ctx, sizeof *b, size));
        b->size = size;
        b->pos = 0;
        /* A big one-off block goes behind the current one so the current
         * block's free tail stays usable. */
        if (a->head && need > ARENA_BLOCK_MIN) {
            b->next = a->head->next;
            a->head->next = b;
        } else {
            b->next = a->head;
            a->head = b;
        }
    }
    void *p = b->data + b->pos;
    b->pos += need;
    a->used += need;
    memset(p, 0, n);
    return p;
}

void *sp_arena_array(sp_arena *a, size_t n, size_t sz) {
    return sp_arena_alloc(a, sp_size_mul(a->ctx, n, sz));
}

char *sp_arena_strndup(sp_arena *a, const char *s, size_t n) {
    char *p = sp_arena_alloc(a, sp_size_add(a->ctx, n, 1));
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

char *sp_arena_strdup(sp_arena *a, const char *s) { return sp_arena_strndup(a, s, strlen(s)); }

void *sp_arena_memdup(sp_arena *a, const void *p, size_t n) {
    void *q = sp_arena_alloc(a, n);
    if (n) memcpy(q, p, n);
    return q;
}
