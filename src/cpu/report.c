/* report.c - the cpu target's reports (exec/report.h): the plan (kernels,
 * their blocking with the search in brief and the L1/L2 plans, the arena)
 * as text, JSON and SVG, and the runs' per-kernel times. */
#include <stdio.h>
#include <string.h>

#include "exec/report.h"
#include "cpu/attn/attention.h"
#include "backend.h"
#include "cpu/loop/loop_lower.h"

/* How B reaches the microkernel, as plan --json names it. */
static const char *b_operand_name(const cpu_blocking *blk) {
    return blk->b_inplace ? "in_place" : blk->b_src == CPU_B_PREPACKED ? "packed_once" : "packed_per_call";
}

/* A B packed in each call: how its blocks reach L2 (gemm.c's run_thread),
 * as plan --json names it and the text says it; NULL for another B. */
static const char *b_blocks_name(const cpu_blocking *blk, const char **says) {
    if (blk->b_inplace || blk->b_src == CPU_B_PREPACKED) return NULL;
    if (blk->tm != 1) {
        *says = "packed whole by the team before the loops";
        return "whole";
    }
    if (blk->rhs_fetch) {
        *says = "each packed at its start, from its source lines fetched during the block before";
        return "fetched_ahead";
    }
    if (blk->rhs_ahead) {
        *says = "the next packed a slice per strip while the current one is read";
        return "packed_ahead";
    }
    *says = "each packed at its start";
    return "at_start";
}

/* The shape an epilogue operand occupies per tile: its logical shape, with
 * broadcast dimensions kept at 1 (law L3). */
static void operand_tile_shape(const kernel *k, const kn_input *in, int64_t tm, int64_t tn, int64_t *shape, uint32_t *rank) {
    bool has_m = false, has_n = false;
    for (uint32_t r = 0; in->map && r < in->map->nres; r++) {
        int d = ir_aexpr_dim(in->map->res[r]);
        if (d >= 0 && k->dimclass[d] == KN_DIM_M) has_m = true;
        if (d >= 0 && k->dimclass[d] == KN_DIM_N) has_n = true;
    }
    shape[0] = has_m ? tm : 1;
    shape[1] = has_n ? tn : 1;
    *rank = 2;
}

/* What a blocking buffer holds: lhs, rhs (the B block and the next one,
 * rhs_next), acc, or scratch. */
static const char *block_buf_role(const cpu_block_buf *bb) {
    if (!strcmp(bb->name, "lhs") || !strcmp(bb->name, "acc")) return bb->name;
    return !strncmp(bb->name, "rhs", 3) ? "rhs" : "scratch";
}

/* The least memory the buffers of one cache level's plan need at once (what
 * any placement must reach; the planner's footprint is compared with it). */
static int64_t level_peak(sp_ctx *ctx, const cpu_blocking *blk, int level) {
    plan_buf pb[8];
    uint32_t n = 0;
    for (uint32_t b = 0; b < blk->nbufs; b++)
        if (blk->bufs[b].level == level)
            pb[n++] = (plan_buf){blk->bufs[b].bytes, 1, blk->bufs[b].lo, blk->bufs[b].hi, -1, blk->bufs[b].offset};
    int64_t peak = 0;
    if (n && plan_lower_bound(ctx, pb, n, &peak) != SP_OK) peak = level == 2 ? blk->footprint : blk->footprint_l1;
    return peak;
}

/* Keys a tile of an attention holds: its buffer's width, or all keys. */
static int64_t attn_tile_keys(const kernel *k, const cpu_attn_tile *at) {
    return at->keys < k->att->keys ? at->keys : k->att->keys;
}

/* An attention kernel's tile: the rows and keys it holds at once. */
static void attention_json(json_writer *w, const kernel *k, const cpu_attn_tile *at) {
    json_key(w, "attention");
    json_begin_object(w);
    json_kv_int(w, "rows", k->att->rows);
    json_kv_int(w, "keys", k->att->keys);
    json_kv_int(w, "tile_rows", at->rows);
    json_kv_int(w, "tile_keys", attn_tile_keys(k, at));
    json_kv_int(w, "score_bytes_in_memory", 0);
    json_kv_int(w, "footprint_bytes", at->footprint);
    json_kv_int(w, "working_bytes", at->working);
    json_kv_int(w, "budget_bytes", at->budget);
    json_kv_bool(w, "qk_pairs", at->pair_kernel != NULL);
    json_kv_bool(w, "pv_pairs", at->pv_pairs);
    json_end_object(w);
}

/* A row-wise chain's blocks of rows and its scratch. */
static void rows_json(json_writer *w, const cpu_rows_info *ri) {
    json_key(w, "rows");
    json_begin_object(w);
    json_kv_int(w, "parts", ri->parts);
    json_kv_int(w, "fused_parts", ri->fused);
    json_kv_int(w, "rows", ri->rows);
    json_kv_int(w, "axis", ri->axis);
    json_kv_int(w, "inner", ri->inner);
    json_kv_int(w, "block_rows", ri->block_rows);
    json_kv_int(w, "blocks", ri->blocks);
    json_kv_int(w, "scratch_bytes_per_thread", ri->scratch_bytes);
    json_kv_string(w, "layout", ri->lanes_along_rows ? "lanes_along_rows" : "row_major");
    json_end_object(w);
}

/* The blocking search in brief: the best candidates (the first chosen),
 * then the rejected ones with their verdicts. */
static void candidates_json(json_writer *w, const cpu_blocking *blk) {
    for (uint32_t c = 0; blk && c < blk->search.ntop + blk->search.nrejects; c++) {
        const cpu_block_cand *bc = c < blk->search.ntop ? &blk->search.top[c] : &blk->search.rejects[c - blk->search.ntop];
        json_begin_object(w);
        json_kv_string(w, "kernel", bc->kernel);
        json_kv_int(w, "mc", bc->mc);
        json_kv_int(w, "nc", bc->nc);
        json_kv_int(w, "kc", bc->kc);
        json_kv_int(w, "threads", bc->nthreads);
        if (bc->b_inplace) json_kv_bool(w, "b_in_place", true);
        json_kv_int(w, "l1_footprint_bytes", bc->footprint_l1);
        json_kv_int(w, "l2_footprint_bytes", bc->footprint_l2);
        json_kv_bool(w, "chosen", c == 0);
        json_kv_string(w, "verdict", bc->verdict == CPU_CAND_FITS ? "fits" : bc->verdict == CPU_CAND_OVER_L1 ? "over_l1_budget" : "over_l2_budget");
        if (bc->verdict == CPU_CAND_FITS) json_kv_double(w, "est_seconds", bc->est_seconds);
        json_end_object(w);
    }
}

/* The buffers of the blocking (each with its cache level, offset and live
 * range), then the epilogue operands. */
static void buffers_json(json_writer *w, const kernel *k, const cpu_blocking *blk) {
    char buf[128];
    for (uint32_t b = 0; blk && b < blk->nbufs; b++) {
        const cpu_block_buf *bb = &blk->bufs[b];
        json_begin_object(w);
        json_kv_string(w, "name", bb->name);
        json_kv_string(w, "role", block_buf_role(bb));
        json_key(w, "shape");
        ex_json_ints(w, (int64_t[]){bb->rows, bb->cols}, 2);
        json_kv_int(w, "level", bb->level);
        json_kv_int(w, "offset", bb->offset);
        json_kv_int(w, "bytes", bb->bytes);
        json_key(w, "live");
        ex_json_ints(w, (int64_t[]){bb->lo, bb->hi - 1}, 2);
        json_kv_bool(w, "broadcast", false);
        json_end_object(w);
    }
    /* epilogue operands are read from memory in the accumulator's layout:
     * nothing is staged on chip for them (law L7), hence 0 bytes */
    for (uint32_t in = 0; blk && in < k->ninputs; in++) {
        const kn_input *ki = &k->inputs[in];
        if (ki->role < KN_ROLE_OPERAND) continue;
        json_begin_object(w);
        json_kv_string(w, "name", ex_value_label(ki->value, buf, sizeof buf));
        json_kv_string(w, "role", ex_role_label((kn_role)ki->role));
        int64_t shape[2];
        uint32_t rank;
        operand_tile_shape(k, ki, blk ? blk->mr : 1, blk ? blk->nr : 1, shape, &rank);
        json_key(w, "shape");
        ex_json_ints(w, shape, rank);
        json_kv_int(w, "offset", 0);
        json_kv_int(w, "bytes", 0);
        json_key(w, "live");
        ex_json_ints(w, (int64_t[]){0, 0}, 2);
        json_kv_bool(w, "broadcast", ki->broadcast);
        json_end_object(w);
    }
}

static void kernel_json(ex_program *x, json_writer *w, uint32_t i) {
    const kn_program *p = ex_kernels(x);
    const kernel *k = &p->k[i];
    ex_json_kernel_begin(w, k, i);
    json_key(w, "dims");
    json_begin_object(w);
    const bool con = k->kind == KN_CONTRACTION || k->kind == KN_ATTENTION;
    json_kv_int(w, "b", con ? k->b : 1);
    json_kv_int(w, "m", con ? k->m : 1);
    json_kv_int(w, "n", con ? k->n : ir_type_numel(k->out->type));
    json_kv_int(w, "k", con ? k->k : 0);
    json_end_object(w);
    const cpu_attn_tile *at = cpu_backend_attention(x, i);
    if (at) attention_json(w, k, at);
    cpu_rows_info ri;
    if (cpu_backend_rows(x, i, &ri)) rows_json(w, &ri);
    const cpu_blocking *blk = cpu_backend_blocking(x, i);
    json_key(w, "tile");
    json_begin_object(w);
    json_kv_int(w, "m", blk ? blk->mc : 0);
    json_kv_int(w, "n", blk ? blk->nc : 0);
    json_kv_int(w, "k", blk ? (blk->pairs ? 2 : 1) * blk->kc : 0); /* elements of K (a pair kernel's kc counts pairs) */
    json_end_object(w);
    if (blk && blk->pairs) json_kv_bool(w, "bf16_pairs", true);
    /* run as C^T = B^T A^T: tile m and n are then the kernel's n and m */
    if (cpu_backend_gemm_swapped(x, i)) json_kv_bool(w, "transposed", true);
    int64_t pair_rows = 0; /* a GEMM pair (gemm_pair.c): the other kernel, rows a block */
    if (cpu_backend_gemm_pair(x, i, &pair_rows)) {
        char other[16];
        snprintf(other, sizeof other, "k%u", ex_kernel_paired(x, i) ? i + 1 : i - 1);
        json_key(w, "pair");
        json_begin_object(w);
        json_kv_string(w, "with", other);
        json_kv_bool(w, "first", ex_kernel_paired(x, i));
        json_kv_int(w, "block_rows", pair_rows);
        json_end_object(w);
    }
    static const char *const conv_names[] = {NULL, "im2col", "window_packed", "window_in_place", "depthwise_direct"};
    const cpu_conv_mode cm = cpu_backend_conv(x, i, NULL);
    if (cm != CPU_CONV_NONE) json_kv_string(w, "convolution", conv_names[cm]);
    if (cm == CPU_CONV_DEPTHWISE) json_kv_int(w, "depthwise_grid_rows", cpu_backend_dw_grid(x, i));
    if (cm == CPU_CONV_WINDOW_IN_PLACE) {
        json_kv_int(w, "window_taps", cpu_backend_conv_taps(x, i));
        json_kv_bool(w, "window_tail_dots", cpu_backend_conv_tail_dots(x, i));
        json_kv_int(w, "window_phases", cpu_backend_conv_phases(x, i));
        json_kv_bool(w, "window_fetch", cpu_backend_conv_fetch(x, i));
    }
    if (blk && blk->nbufs) {
        json_kv_string(w, "b_operand", b_operand_name(blk));
        const char *says, *blocks = b_blocks_name(blk, &says);
        if (blocks) json_kv_string(w, "b_blocks", blocks);
        json_kv_double(w, "est_seconds", blk->est_seconds);
        json_kv_double(w, "pack_seconds", blk->pack_seconds);
        if (blk->alt_seconds > 0) json_kv_double(w, blk->b_inplace ? "est_seconds_packed" : "est_seconds_in_place", blk->alt_seconds);
    }
    json_kv_string(w, "unit", "per_thread");
    json_kv_string(w, "path", ex_kernel_engine(x, i) ? "engine" : "reference");
    if (!ex_kernel_engine(x, i) && ex_kernel_why(x, i)) json_kv_string(w, "reason", ex_kernel_why(x, i));
    json_kv_int(w, "budget_bytes", blk ? blk->budget : 0);
    json_kv_int(w, "footprint_bytes", blk ? blk->footprint : 0);
    json_kv_int(w, "peak_live_bytes", blk ? level_peak(ex_ctx(x), blk, 2) : 0);
    json_kv_int(w, "l1_budget_bytes", blk ? blk->budget_l1 : 0);
    json_kv_int(w, "l1_footprint_bytes", blk ? blk->footprint_l1 : 0);
    json_kv_int(w, "l1_peak_live_bytes", blk ? level_peak(ex_ctx(x), blk, 1) : 0);
    json_key(w, "candidates");
    json_begin_array(w);
    candidates_json(w, blk);
    json_end_array(w);
    json_key(w, "buffers");
    json_begin_array(w);
    buffers_json(w, k, blk);
    json_end_array(w);
    ex_json_epilogue(w, k);
    ex_json_kernel_end(w, p, k);
}

static void plan_json(ex_program *x, int threads, sp_strbuf *out) {
    json_writer w;
    json_init(&w, out, 2);
    cpu_caches c = cpu_caches_detect();
    cpu_isa isa = CPU_ISA_GENERIC;
    (void)cpu_isa_active(ex_ctx(x), &isa);
    json_begin_object(&w);
    json_key(&w, "target");
    json_begin_object(&w);
    json_kv_string(&w, "name", "cpu");
    json_kv_string(&w, "isa", cpu_isa_name(isa));
    json_kv_int(&w, "threads", threads);
    json_kv_int(&w, "l1d_bytes", c.l1d);
    json_kv_int(&w, "l2_bytes", c.l2);
    json_kv_int(&w, "l3_bytes", c.l3);
    json_end_object(&w);
    const kn_program *p = ex_kernels(x);
    json_kv_string(&w, "function", p->func->u.fn.name);
    json_kv_string(&w, "precision", ex_precision(x));
    json_key(&w, "kernels");
    json_begin_array(&w);
    for (uint32_t i = 0; i < p->nk; i++) kernel_json(x, &w, i);
    json_end_array(&w);
    json_key(&w, "program");
    json_begin_object(&w);
    ex_json_arena_memory(&w, x);
    ex_json_arena_buffers(&w, x);
    json_end_object(&w);
    json_end_object(&w);
    sp_strbuf_putc(out, '\n');
}

/* The blocking search in brief: counts, the best fitting candidates (the
 * chosen one marked) and the first rejected ones with the reason. */
static void print_search(sp_strbuf *o, const cpu_blocking *blk) {
    const cpu_block_search *s = &blk->search;
    sp_strbuf_printf(o, "    candidates: %u considered, %u fit, %u over the L1 budget (%lld B), %u over the L2 budget (%lld B)\n",
                     s->considered, s->considered - s->over_l1 - s->over_l2, s->over_l1, (long long)blk->budget_l1,
                     s->over_l2, (long long)blk->budget);
    for (uint32_t i = 0; i < s->ntop; i++) {
        const cpu_block_cand *c = &s->top[i];
        sp_strbuf_printf(o, "      %c %-18s mc=%-5lld nc=%-5lld kc=%-5lld %d thr (%dx%d)  L1 %6lld B  L2 %7lld B  est %.4f ms%s\n",
                         i == 0 ? '*' : ' ', c->kernel, (long long)c->mc, (long long)c->nc, (long long)c->kc, c->nthreads,
                         c->tm, c->tn, (long long)c->footprint_l1, (long long)c->footprint_l2, c->est_seconds * 1e3,
                         c->b_inplace ? "  B in place" : "");
    }
    for (uint32_t i = 0; i < s->nrejects; i++) {
        const cpu_block_cand *c = &s->rejects[i];
        if (c->verdict == CPU_CAND_OVER_L1)
            sp_strbuf_printf(o, "      x %-18s kc=%-5lld rejected: L1 plan %lld B > budget %lld B\n", c->kernel,
                             (long long)c->kc, (long long)c->footprint_l1, (long long)blk->budget_l1);
        else
            sp_strbuf_printf(o, "      x %-18s mc=%-5lld nc=%-5lld kc=%-5lld rejected: L2 plan %lld B > budget %lld B\n",
                             c->kernel, (long long)c->mc, (long long)c->nc, (long long)c->kc, (long long)c->footprint_l2,
                             (long long)blk->budget);
    }
}

/* How B reaches the microkernel (packed once, packed in each call, or
 * read in place) with the estimates that chose it, and how the threads
 * share the work. */
static void print_b_and_units(sp_strbuf *o, const cpu_blocking *blk, int64_t M, int64_t N) {
    if (blk->b_inplace && blk->alt_seconds > 0)
        sp_strbuf_printf(o, "    B: read in place, not packed (est %.4f ms; packed in each call: est %.4f ms)\n",
                         blk->est_seconds * 1e3, blk->alt_seconds * 1e3);
    else if (blk->b_inplace) /* (a convolution's window: no packed alternative was weighed) */
        sp_strbuf_printf(o, "    B: read in place, not packed (est %.4f ms)\n", blk->est_seconds * 1e3);
    else if (blk->b_src == CPU_B_PREPACKED)
        sp_strbuf_puts(o, "    B: packed once, before the calls (constant weights)\n");
    else if (blk->alt_seconds > 0)
        sp_strbuf_printf(o, "    B: packed in each call under the FMAs (est %.4f ms, of which packing %.4f ms; read in place: "
                            "est %.4f ms)\n",
                         blk->est_seconds * 1e3, blk->pack_seconds * 1e3, blk->alt_seconds * 1e3);
    else
        sp_strbuf_printf(o, "    B: packed in each call under the FMAs (est %.4f ms, of which packing %.4f ms)\n",
                         blk->est_seconds * 1e3, blk->pack_seconds * 1e3);
    const char *says;
    if (b_blocks_name(blk, &says)) sp_strbuf_printf(o, "    B blocks: %s\n", says);
    if (blk->nthreads > 1) {
        int64_t ur, uc;
        const int64_t nu = cpu_gemm_units(blk, M, N, blk->nthreads,
                                          blk->b_src != CPU_B_PREPACKED && !blk->b_inplace && blk->tm == 1, &ur, &uc);
        sp_strbuf_printf(o, "    work: %lld units of %lld rows x %lld columns, claimed by the threads as they get to them\n",
                         (long long)nu, (long long)(ur < M ? ur : M), (long long)(uc * blk->nr < N ? uc * blk->nr : N));
    }
}

/* What the plan adds to a window read through a folded pad (loop_window.c). */
static const char *window_pad_note(const kernel *k) {
    for (uint32_t j = 0; j < k->ninputs; j++)
        if (k->inputs[j].pad) return "; its input's tensor.pad folded (a tap outside the source reads the padding value)";
    return "";
}

static void plan_report(ex_program *x, int threads, sp_strbuf *o) {
    const kn_program *p = ex_kernels(x);
    ex_stats st = ex_get_stats(x);
    char buf[128];
    sp_strbuf_printf(o, "plan of @%s for the cpu (%d thread%s): %u kernel%s, %u on the engine%s\n\n", p->func->u.fn.name,
                     threads, threads == 1 ? "" : "s", p->nk, p->nk == 1 ? "" : "s", st.nengine, ex_precision_note(x));
    for (uint32_t i = 0; i < p->nk; i++) {
        const kernel *k = &p->k[i];
        sp_strbuf_printf(o, "k%u  %s", i, kn_kind_name(k->kind));
        if (k->kind == KN_CONTRACTION || k->kind == KN_ATTENTION)
            sp_strbuf_printf(o, "  b=%lld m=%lld n=%lld k=%lld", (long long)k->b, (long long)k->m, (long long)k->n,
                             (long long)k->k);
        sp_strbuf_printf(o, "  -> %s %s\n", ex_value_label(k->out, buf, sizeof buf),
                         ex_kernel_engine(x, i) ? "(engine)" : "(reference semantics)");
        if (!ex_kernel_engine(x, i) && ex_kernel_why(x, i)) sp_strbuf_printf(o, "    on the reference path: %s\n", ex_kernel_why(x, i));
        const cpu_loop *lp = cpu_backend_loop(x, i);
        int64_t rows_n;
        int wrow;
        cpu_rows_info ri;
        if (lp && cpu_loop_row_sum(lp, &rows_n)) {
            sp_strbuf_printf(o, "    row sum, run directly: %lld contiguous elements per output element, summed where they lie "
                                "(sixteen partial sums), %u instructions\n",
                             (long long)rows_n, lp->ninsn);
        } else if (lp && cpu_loop_window(lp, &wrow, &rows_n)) {
            sp_strbuf_printf(o, "    window, run directly: %lld taps per output element, a row of outputs along loop d%d a tap at a time, %u instructions%s\n",
                             (long long)rows_n, wrow, lp->ninsn, window_pad_note(k));
        } else if (cpu_backend_rows(x, i, &ri)) {
            sp_strbuf_printf(o,
                             "    rows, one kernel: %u parts on the loop engine (%u instructions), %u of them as "
                             "native loops, blocks of %lld rows "
                             "of %lld x %lld (%lld blocks), the values between the parts in %lld bytes of scratch per "
                             "thread (%s), never in memory\n",
                             ri.parts, ri.insns, ri.fused, (long long)ri.block_rows, (long long)ri.axis, (long long)ri.inner,
                             (long long)ri.blocks, (long long)ri.scratch_bytes,
                             ri.lanes_along_rows ? "lanes along the rows" : "row-major");
        } else if (lp) {
            if (lp->lane_dim < 0)
                sp_strbuf_printf(o, "    loop engine: one element, %u instructions", lp->ninsn);
            else
                sp_strbuf_printf(o, "    loop engine: %d lanes along loop d%d%s, %u instructions", CPU_LOOP_LANES,
                                 lp->lane_dim,
                                 lp->mode == CPU_LOOP_REDUCTION_LANES ? " (a reduction: a partial per lane, combined per row)" : "",
                                 lp->ninsn);
            const char *first;
            const uint32_t slow = cpu_loop_lane_ops(lp, &first);
            if (slow)
                sp_strbuf_printf(o, "; %u of them scalar, a lane at a time (%s%s)", slow,
                                 first ? first : "?", slow > 1 ? ", ..." : "");
            sp_strbuf_putc(o, '\n');
        }
        ex_text_ops(o, k);
        sp_strbuf_puts(o, "    inputs:");
        for (uint32_t in = 0; in < k->ninputs; in++)
            sp_strbuf_printf(o, " %s (%s%s)", ex_value_label(k->inputs[in].value, buf, sizeof buf),
                             ex_role_label((kn_role)k->inputs[in].role), k->inputs[in].broadcast ? ", broadcast" : "");
        sp_strbuf_putc(o, '\n');
        const cpu_blocking *blk = cpu_backend_blocking(x, i);
        const bool swapped = cpu_backend_gemm_swapped(x, i);
        if (swapped)
            sp_strbuf_puts(o, "    transposed: the result is column-major, so the GEMM runs as C^T = rhs^T lhs^T "
                              "(rhs as A, lhs as B, M and N exchanged), its tiles stored as rows\n");
        int64_t pair_rows = 0;
        if (cpu_backend_gemm_pair(x, i, &pair_rows)) {
            if (ex_kernel_paired(x, i))
                sp_strbuf_printf(o, "    pair: runs with k%u by blocks of %lld rows, each block's result read by k%u "
                                    "from the L2 (written to memory as planned); timed in k%u\n",
                                 i + 1, (long long)pair_rows, i + 1, i + 1);
            else
                sp_strbuf_printf(o, "    pair: runs k%u's blocks of %lld rows, each followed by its own on them, the "
                                    "blocks split over the threads; the tiles below are those of the whole GEMM "
                                    "run apart\n",
                                 i - 1, (long long)pair_rows);
        }
        int64_t pix = 0;
        switch (cpu_backend_conv(x, i, &pix)) {
        case CPU_CONV_WINDOW_IN_PLACE: {
            const int64_t taps = cpu_backend_conv_taps(x, i);
            char how[128] = "";
            if (taps == 1)
                snprintf(how, sizeof how, "; the masks loaded once per %d channels", CPU_WIN_TAP_CHANNELS);
            else if (taps)
                snprintf(how, sizeof how, "; summed tap by tap (%lld a channel), %d channels at a time, each tap's "
                         "masks loaded once", (long long)taps, CPU_WIN_TAP_CHANNELS);
            if (cpu_backend_conv_fetch(x, i)) {
                const size_t at = strlen(how);
                snprintf(how + at, sizeof how - at, "; each row prefetched %d k steps ahead", CPU_WIN_FETCH_AHEAD);
            }
            const int64_t planes = cpu_backend_conv_phases(x, i);
            char copy[160] = "";
            if (planes)
                snprintf(copy, sizeof copy, "; strided: its source copied once a run into %lld plane%s by the stride's "
                         "phases, where each tap's window moves one element a pixel", (long long)planes,
                         planes == 1 ? "" : "s");
            sp_strbuf_printf(o, "    convolution: the weights read as A, the window read in place as B (%lld pixels a "
                                "call, panels spanning output rows; any pad masked, never copied%s%s%s)\n", (long long)pix,
                             copy, how,
                             cpu_backend_conv_tail_dots(x, i) ? "; the last pixels, few in their vector, summed by dot "
                                                                "products along K" : "");
            break;
        }
        case CPU_CONV_WINDOW_PACKED:
            sp_strbuf_printf(o, "    convolution: the weights read as A, the window packed as B (%lld pixels a call, "
                                "panels spanning output rows; any pad written by the packing, never copied); calls "
                                "split over the threads\n", (long long)pix);
            break;
        case CPU_CONV_DEPTHWISE: {
            char lanes[64] = "unit-stride loop";
            const int64_t fold = cpu_backend_dw_fold(x, i);
            if (fold) snprintf(lanes, sizeof lanes, "plane, its rows of %lld folded in", (long long)fold);
            sp_strbuf_printf(o, "    convolution: depthwise, direct (the window read in place, lanes along the output's "
                                "%s, %lld outputs a tile, any pad masked, never copied; tiles split over the "
                                "threads)\n", lanes, (long long)pix);
            const int64_t grid = cpu_backend_dw_grid(x, i);
            if (grid)
                sp_strbuf_printf(o, "    taps on a grid of %lld rows: blocks of 4 output rows load each source vector "
                                    "once for every tap it serves\n", (long long)grid);
            break;
        }
        case CPU_CONV_IM2COL:
            sp_strbuf_puts(o, "    convolution: the window gathered into im2col rows as A (any pad written by the "
                              "gather, never copied), the weights read as B\n");
            break;
        default: break;
        }
        if (blk && blk->nbufs) {
            sp_strbuf_printf(o, "    tile: %s mr=%d nr=%d mc=%lld nc=%lld kc=%lld%s, %d thread%s (%d x %d)\n",
                             blk->kernel ? blk->kernel : cpu_isa_name(blk->isa), blk->mr, blk->nr, (long long)blk->mc,
                             (long long)blk->nc, (long long)blk->kc, blk->pairs ? " pairs of k" : "", blk->nthreads,
                             blk->nthreads == 1 ? "" : "s", blk->tm, blk->tn);
            print_search(o, blk);
            print_b_and_units(o, blk, swapped ? k->n : k->m, swapped ? k->m : k->n);
            for (int level = 2; level >= 1; level--) {
                sp_strbuf_printf(o, "    L%d plan: %lld of %lld bytes per thread\n", level,
                                 (long long)(level == 2 ? blk->footprint : blk->footprint_l1),
                                 (long long)(level == 2 ? blk->budget : blk->budget_l1));
                for (uint32_t b = 0; b < blk->nbufs; b++)
                    if (blk->bufs[b].level == level)
                        sp_strbuf_printf(o, "      %-8s %6lld x %-6lld %9lld bytes at %lld\n", blk->bufs[b].name,
                                         (long long)blk->bufs[b].rows, (long long)blk->bufs[b].cols,
                                         (long long)blk->bufs[b].bytes, (long long)blk->bufs[b].offset);
            }
        }
        const cpu_attn_tile *at = cpu_backend_attention(x, i);
        if (at) {
            char pairs[96] = "";
            if (at->pair_kernel)
                snprintf(pairs, sizeof pairs, " (bf16 pairs: Q K^T%s on %s)", at->pv_pairs ? " and P V" : "",
                         at->pair_kernel);
            sp_strbuf_printf(o, "    attention: %lld rows of %lld keys; online softmax over tiles of %lld keys, %lld rows a "
                                "block, %s%s; S and P never stored\n",
                             (long long)k->att->rows, (long long)k->att->keys, (long long)attn_tile_keys(k, at),
                             (long long)at->rows, at->kernel, pairs);
            sp_strbuf_printf(o, "    L2 plan: a key tile touches %lld of %lld bytes per thread; %lld held (the head's K^T and V whole)\n",
                             (long long)at->working, (long long)at->budget, (long long)at->footprint);
            const char *names[] = {"q", "k^T", "v", "s", "o", "m,l,alpha"};
            const int64_t bytes[] = {at->q_bytes, at->kt_bytes, at->v_bytes, at->s_bytes, at->o_bytes, at->stat_bytes};
            int64_t off = 0;
            for (int b = 0; b < 6; b++) {
                sp_strbuf_printf(o, "      %-10s %9lld bytes at %lld\n", names[b], (long long)bytes[b], (long long)off);
                off += bytes[b];
            }
        }
        const char *why = p->why[k->out->id];
        if (why) sp_strbuf_printf(o, "    materialised: %s\n", why);
    }
    sp_strbuf_printf(o, "\narena: %lld bytes for the intermediates (peak live %lld); constants read in place: %lld bytes; "
                        "copied: %lld bytes\n",
                     (long long)st.arena_bytes, (long long)st.arena_peak_live, (long long)st.constant_bytes,
                     (long long)st.copied_constant_bytes);
}

/* --svg: one panel per kernel with buffers on chip, then the arena. */
static void plan_svg(ex_program *x, int threads, sp_strbuf *out) {
    sp_ctx *ctx = ex_ctx(x);
    const kn_program *p = ex_kernels(x);
    uint32_t npanels = 1;
    for (uint32_t i = 0; i < p->nk; i++) {
        const cpu_blocking *blk = cpu_backend_blocking(x, i);
        for (uint32_t b = 0; blk && b < blk->nbufs; b++)
            if (blk->bufs[b].level != blk->bufs[0].level) npanels++;
        npanels += blk && blk->nbufs;
        npanels += cpu_backend_attention(x, i) != NULL;
    }
    svg_doc d;
    char title[256], detail[128];
    snprintf(title, sizeof title, "spadc plan of @%s for the cpu (%d thread%s)", p->func->u.fn.name, threads,
             threads == 1 ? "" : "s");
    svg_begin(&d, out, title, npanels);
    for (uint32_t i = 0; i < p->nk; i++) {
        const kernel *k = &p->k[i];
        const cpu_attn_tile *at = cpu_backend_attention(x, i);
        if (at) { /* one block's buffers, all live while it runs */
            snprintf(title, sizeof title, "k%u L2: attention %lld rows x %lld keys, d=%lld (block %lld rows x %lld keys)", i,
                     (long long)k->att->rows, (long long)k->att->keys, (long long)k->k, (long long)at->rows,
                     (long long)attn_tile_keys(k, at));
            svg_panel_begin(&d, title, "L2 bytes per thread", 1, at->budget > at->footprint ? at->budget : at->footprint);
            const char *names[] = {"q", "k^T", "v", "s", "o", "m,l"};
            const char *roles[] = {"lhs", "rhs", "rhs", "acc", "out", "scratch"};
            const int64_t bytes[] = {at->q_bytes, at->kt_bytes, at->v_bytes, at->s_bytes, at->o_bytes, at->stat_bytes};
            int64_t off = 0;
            for (int b = 0; b < 6; b++) {
                snprintf(detail, sizeof detail, "%lld bytes", (long long)bytes[b]);
                svg_buffer(&d, &(svg_buf){0, 1, off, bytes[b], names[b], detail, roles[b]});
                off += bytes[b];
            }
            svg_hline(&d, at->budget, "budget", SVG_BUDGET);
            svg_hline(&d, at->footprint, "footprint", SVG_FOOTPRINT);
            svg_panel_end(&d);
        }
        const cpu_blocking *blk = cpu_backend_blocking(x, i);
        if (!blk || !blk->nbufs) continue;
        for (int level = 2; level >= 1; level--) {
            uint32_t nlev = 0;
            int64_t steps = 1;
            for (uint32_t b = 0; b < blk->nbufs; b++)
                if (blk->bufs[b].level == level) {
                    nlev++;
                    if (blk->bufs[b].hi > steps) steps = blk->bufs[b].hi;
                }
            if (!nlev) continue;
            int64_t budget = level == 2 ? blk->budget : blk->budget_l1;
            int64_t footprint = level == 2 ? blk->footprint : blk->footprint_l1;
            size_t t = (size_t)snprintf(title, sizeof title, "k%u L%d: %s m=%lld n=%lld k=%lld", i, level,
                                        kn_kind_name(k->kind), (long long)k->m, (long long)k->n, (long long)k->k);
            for (uint32_t e = 0; e < k->nepilogue && t < sizeof title; e++)
                t += (size_t)snprintf(title + t, sizeof title - t, " + %s", k->epilogue[e]);
            if (t < sizeof title)
                snprintf(title + t, sizeof title - t, "  (mc=%lld nc=%lld kc=%lld)", (long long)blk->mc,
                         (long long)blk->nc, (long long)blk->kc);
            svg_panel_begin(&d, title, level == 2 ? "L2 bytes per thread" : "L1 bytes per thread", steps,
                            budget > footprint ? budget : footprint);
            for (uint32_t b = 0; b < blk->nbufs; b++) {
                const cpu_block_buf *bb = &blk->bufs[b];
                if (bb->level != level) continue;
                snprintf(detail, sizeof detail, "%lldx%lld f32", (long long)bb->rows, (long long)bb->cols);
                svg_buffer(&d, &(svg_buf){bb->lo, bb->hi, bb->offset, bb->bytes, bb->name, detail, block_buf_role(bb)});
            }
            svg_hline(&d, budget, "budget", SVG_BUDGET);
            svg_hline(&d, level_peak(ctx, blk, level), "peak live", SVG_PEAK);
            svg_hline(&d, footprint, "footprint", SVG_FOOTPRINT);
            svg_panel_end(&d);
        }
    }
    ex_svg_arena(&d, x, "bytes");
    svg_end(&d);
}

/* The runs' kernels: what each computed, where it ran, its median time over
 * the runs and its rate. */
static void run_text(ex_program *x, sp_strbuf *o) {
    const kn_program *p = ex_kernels(x);
    if (!p->nk) return;
    double total = 0, total_flops = 0;
    sp_strbuf_printf(o, "%-6s %-12s %-22s %-24s %-9s %10s %9s\n", "kernel", "kind", "b x m x n x k", "epilogue", "path", "time ms",
           "GFLOP/s");
    for (uint32_t i = 0; i < p->nk; i++) {
        const kernel *k = &p->k[i];
        double sec = ex_kernel_median_seconds(x, i, NULL), flops = 0;
        char dims[64] = "-", epi[128] = "", name[16];
        if (k->kind == KN_CONTRACTION || k->kind == KN_ATTENTION) {
            snprintf(dims, sizeof dims, "%lldx%lldx%lldx%lld", (long long)k->b, (long long)k->m, (long long)k->n,
                     (long long)k->k);
            flops = kn_flops(k);
        } else if (k->out->type.kind == IR_T_TENSOR) {
            snprintf(dims, sizeof dims, "%lld elements", (long long)ir_type_numel(k->out->type));
        }
        size_t e = 0;
        for (uint32_t j = 0; j < k->nepilogue && e < sizeof epi; j++)
            e += (size_t)snprintf(epi + e, sizeof epi - e, "%s%s", j ? " " : "", k->epilogue[j]);
        if (!k->nepilogue) snprintf(epi, sizeof epi, "-");
        snprintf(name, sizeof name, "k%u", i);
        if (ex_kernel_paired(x, i)) { /* run in the next kernel's time (gemm_pair.c) */
            char in[16];
            snprintf(in, sizeof in, "in k%u", i + 1);
            sp_strbuf_printf(o, "%-6s %-12s %-22s %-24s %-9s %10s %9s\n", name, kn_kind_name(k->kind), dims, epi, "engine",
                             in, "-");
            total_flops += flops;
            continue;
        }
        if (i && ex_kernel_paired(x, i - 1)) flops += kn_flops(&p->k[i - 1]); /* its time is both kernels' */
        sp_strbuf_printf(o, "%-6s %-12s %-22s %-24s %-9s %10.3f", name, kn_kind_name(k->kind), dims, epi,
               ex_kernel_engine(x, i) ? "engine" : "reference", sec * 1e3);
        if (flops > 0 && sec > 0)
            sp_strbuf_printf(o, " %9.1f\n", flops / sec * 1e-9);
        else
            sp_strbuf_printf(o, " %9s\n", "-");
        total += sec;
        total_flops += flops - (i && ex_kernel_paired(x, i - 1) ? kn_flops(&p->k[i - 1]) : 0);
    }
    sp_strbuf_printf(o, "%-6s %-12s %-22s %-24s %-9s %10.3f", "total", "", "", "", "", total * 1e3);
    if (total_flops > 0 && total > 0)
        sp_strbuf_printf(o, " %9.1f\n", total_flops / total * 1e-9);
    else
        sp_strbuf_printf(o, " %9s\n", "-");
}


static void run_json(ex_program *x, int threads, sp_strbuf *out) {
    const kn_program *p = ex_kernels(x);
    json_writer w;
    json_init(&w, out, 2);
    uint32_t nruns = 0;
    if (p->nk) ex_kernel_median_seconds(x, 0, &nruns);
    json_begin_object(&w);
    json_kv_string(&w, "target", "cpu");
    json_kv_int(&w, "threads", threads);
    json_kv_int(&w, "runs_timed", nruns);
    json_key(&w, "kernels");
    json_begin_array(&w);
    double total = 0;
    for (uint32_t i = 0; i < p->nk; i++) {
        const kernel *k = &p->k[i];
        char name[16];
        snprintf(name, sizeof name, "k%u", i);
        double sec = ex_kernel_median_seconds(x, i, NULL);
        json_begin_object(&w);
        json_kv_string(&w, "name", name);
        json_kv_string(&w, "kind", kn_kind_name(k->kind));
        json_kv_string(&w, "path", ex_kernel_engine(x, i) ? "engine" : "reference");
        if (!ex_kernel_engine(x, i) && ex_kernel_why(x, i)) json_kv_string(&w, "reason", ex_kernel_why(x, i));
        json_kv_double(&w, "median_seconds", sec);
        /* a pair (gemm_pair.c): the first's time is in the second's */
        if (ex_kernel_paired(x, i) || (i && ex_kernel_paired(x, i - 1))) {
            snprintf(name, sizeof name, "k%u", ex_kernel_paired(x, i) ? i + 1 : i - 1);
            json_kv_string(&w, ex_kernel_paired(x, i) ? "timed_in" : "times_also", name);
        }
        if (kn_flops(k) > 0) json_kv_double(&w, "flops", kn_flops(k));
        json_end_object(&w);
        total += sec;
    }
    json_end_array(&w);
    json_kv_double(&w, "total_seconds", total);
    json_end_object(&w);
    sp_strbuf_putc(out, '\n');
}

void cpu_report(ex_program *x, int kind, const ex_report_opts *o, sp_strbuf *out) {
    (void)o;
    int threads = cpu_backend_threads(x);
    switch ((ex_report_kind)kind) {
    case EX_PLAN_TEXT: plan_report(x, threads, out); break;
    case EX_PLAN_JSON: plan_json(x, threads, out); break;
    case EX_PLAN_SVG: plan_svg(x, threads, out); break;
    case EX_RUN_TEXT: run_text(x, out); break;
    case EX_RUN_JSON: run_json(x, threads, out); break;
    }
}
