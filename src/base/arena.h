/* arena.h - bump allocator whose blocks are all freed at once.
 *
 * IR nodes, strings and parser scratch live in arenas (ggml_context style):
 * no node is freed on its own, so error paths never free node by node.
 *
 *     sp_arena a;
 *     sp_arena_init(&a, ctx);
 *     int64_t *dims = sp_arena_alloc(&a, 4 * sizeof *dims);   // raises on OOM
 *     sp_arena_free(&a);                                     // everything, once
 *
 * Allocation failure raises "out of memory" through ctx (see ctx.h), so an
 * arena may only grow inside sp_pcall. Memory is 16-byte aligned and zeroed.
 */
#ifndef SPADC_BASE_ARENA_H
#define SPADC_BASE_ARENA_H

#include "ctx.h"

typedef struct sp_arena_block sp_arena_block;

typedef struct sp_arena {
    sp_ctx *ctx;
    sp_arena_block *head; /* newest block first */
    size_t used;          /* bytes handed out, for statistics */
} sp_arena;

void sp_arena_init(sp_arena *a, sp_ctx *ctx);
void sp_arena_free(sp_arena *a);
void *sp_arena_alloc(sp_arena *a, size_t n);
/* n elements of size sz, overflow-checked. */
void *sp_arena_array(sp_arena *a, size_t n, size_t sz);
char *sp_arena_strndup(sp_arena *a, const char *s, size_t n);
char *sp_arena_strdup(sp_arena *a, const char *s);
void *sp_arena_memdup(sp_arena *a, const void *p, size_t n);

#endif
