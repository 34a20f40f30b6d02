/* kernel.h - the fused program: a function's ops grouped into kernels, the
 * unit every target plans and runs (laws L3, L4, L7).
 *
 *     pass_canonicalize(m);
 *     kn_program p;
 *     kn_build(m, func, &p);               // inside sp_pcall; arena-allocated
 *     for (uint32_t i = 0; i < p.nk; i++) {
 *         kernel *k = &p.k[i];             // k->kind, k->ops, k->inputs, k->epilogue, ...
 *     }
 *
 * A contraction kernel is one contraction (a multiply-accumulate body over
 * projected-permutation maps) and the chain of elementwise ops that consume
 * its result, each the only user of the one before: their bodies run on the
 * accumulator tile in place, their extra operands are read in the
 * accumulator's layout through maps over the contraction's loops. A loop
 * kernel is such a chain rooted at any other structured op (elementwise, or
 * a reduction such as a row sum). Any other op that computes a tensor (a
 * slice, pad, pack, ...) is a kernel of its own (KN_OP). Values no kernel produces are function
 * arguments, constants (read in place) or fills absorbed as scalar inits.
 * For targets that run them so, kernels are merged after kn_build: an
 * attention into one (KN_ATTENTION, attention.c), a row-wise chain into one
 * (KN_ROWS, rows.c), a pad into the kernel that reads it (kn_input.pad,
 * pads.c); the values between the merged kernels have no producer then.
 */
#ifndef SPADC_PASSES_KERNEL_H
#define SPADC_PASSES_KERNEL_H

#include "ir/ir.h"

typedef enum kn_kind { KN_CONTRACTION, KN_LOOP, KN_OP, KN_ATTENTION, KN_ROWS } kn_kind;
typedef enum kn_dimclass { KN_DIM_B, KN_DIM_M, KN_DIM_N, KN_DIM_K } kn_dimclass;
typedef enum kn_role {
    KN_ROLE_LHS,
    KN_ROLE_RHS,
    KN_ROLE_OPERAND, /* read by an epilogue (or loop) step */
    KN_ROLE_INIT     /* a reduction's initial values (read, never written) */
} kn_role;

#define KN_MAX_DIMS (IR_MAX_RANK * 4)

typedef struct kn_input {
    ir_value *value;    /* argument, constant, or another kernel's result */
    const ir_amap *map; /* over the kernel's loops (the root op's), NULL for KN_OP */
    uint8_t role;       /* kn_role */
    bool broadcast;     /* the map leaves out some of the output's dimensions */
    /* a tensor.pad folded into this input (kn_fold_pads): the kernel reads
     * value padded by pad_low and pad_high (per dim of value) with pad's
     * padding value, through map (which indexes the padded value); NULL:
     * value itself. The IR still reads the pad's result (and the pad a
     * transpose of value, when one was folded too). */
    const ir_op *pad;
    const int64_t *pad_low, *pad_high;
} kn_input;

typedef struct kernel {
    kn_kind kind;
    uint32_t index;
    ir_op *root;    /* the contraction, the chain's first op, or the op itself */
    ir_op **ops;    /* every op of the kernel, root first, in program order */
    uint32_t nops;
    ir_op *last;    /* where the kernel runs: after its inputs are ready */
    ir_value *out;  /* the value it writes (its last op's result) */
    /* the other tensors it writes: the further results of a KN_OP kernel's
     * multi-result op (torch's argmax: a linalg.generic yielding the max
     * and its index, the index used). Only the reference path runs such a
     * kernel (ex_compile); every one of them has storage like out. */
    ir_value **extra;
    uint32_t nextra;
    /* iteration space: the root's loops */
    uint32_t ndims;
    int64_t bounds[KN_MAX_DIMS];
    uint8_t dimclass[KN_MAX_DIMS]; /* contraction: kn_dimclass of each loop */
    int64_t b, m, n, k;            /* product of the bounds of each class */
    const ir_amap *out_map;        /* root loops -> out's dimensions */
    kn_input *inputs;
    uint32_t ninputs;
    /* for each op of the kernel (as in ops), for each of its ins: the index
     * of the kernel input it reads, or KN_CHAIN for the value the previous op
     * produced (KN_OP kernels: NULL) */
    int32_t **arg_input;
    const char **epilogue; /* names of the fused elementwise steps, in order */
    uint32_t nepilogue;
    ir_value *init_scalar; /* contraction or reduction init: NULL = zero (or the
                              KN_ROLE_INIT input), else this scalar */
    struct kn_attention *att; /* KN_ATTENTION: its parts */
    struct kn_rows *rows;     /* KN_ROWS: its parts */
} kernel;

/* A fused attention (KN_ATTENTION, kn_fuse_attention): the six kernels
 * torch-mlir's spelling of softmax(Q K^T * scale + mask) V comes to, kept
 * as they were built so that a target lowers each part with its own tools,
 * and runs them as one: the score matrix S and the softmax's P never reach
 * memory.
 *   qk:  contraction, S = epilogue(sum_d Q K) over loops (B.., i, j, d), one
 *        M loop i (the query rows), one N loop j (the keys: the softmax's
 *        axis), one K loop d; Q is its lhs, K its rhs
 *   max: m = max_j S          exp: E = exp(S - m)
 *   sum: l = sum_j E          div: P = E / l     (loop kernels over S)
 *   pv:  contraction, O = epilogue(sum_j P V) over loops (B.., i, n, j): P
 *        its lhs (M loop i, K loop j), V its rhs (N loop n)
 * The softmax may run over any axis of S (torch's dim -2 "column" softmax
 * writes S = K Q^T and O = V^T P): the merge then gives qk and pv their
 * operands in the order above (the lhs and rhs swapped, with the M and N
 * loop classes: f32 products commute, so the result is the same), and S
 * is [.. x keys x ..] in memory. Its element layout: S's N elements are
 * row-major [O x keys x I] (I = 1 when the keys are S's last dim, s_axis
 * its dim of the keys); a row of S is one (o, i), numbered o * I + i,
 * which is also its position in S's dims but s_axis, row-major. Every
 * view of S and P the softmax's kernels and pv read keeps that layout (the
 * same elements, the same rows), and qk's B loops and i loop walk the rows
 * in the order pv's B loops and i loop do (as their outer loops, in loop
 * order). The kernel itself: root = qk's, out = pv's, inputs = both
 * contractions' and the score kernels' (less the scores and P), ops = all
 * its kernels' in program order. */
#define KN_ATTN_SCORE_MAX 4
typedef struct kn_attention {
    kernel qk, max, exp, sum, div, pv;
    /* elementwise loop kernels between qk and S (a mask that qk's epilogue
     * could not take), in order, each reading the one before in full (the
     * same elements as S); score_key[c] / score_row[c]: the loop of score
     * kernel c along the keys / the query rows (its others walk the B
     * loops' rows in their order) */
    kernel score[KN_ATTN_SCORE_MAX];
    uint8_t score_key[KN_ATTN_SCORE_MAX], score_row[KN_ATTN_SCORE_MAX];
    uint32_t nscore;
    /* torch's "safe" softmax (nn.MultiheadAttention): P = select(all_j (S
     * == -inf), 0, E / l), from the kernels cmp (S == -inf) and all (an
     * and-reduction): a row whose scores are all -inf (its max is -inf)
     * gives P = 0, so O = pv's epilogue of 0, instead of NaN */
    bool safe;
    kernel cmp, all;
    int64_t rows, keys; /* rows of S, keys per row */
    uint32_t s_axis;    /* the dim of S (qk's result) along the keys */
    uint32_t p_axis;    /* the dim of P as pv reads it (pv.inputs[0]) along the keys */
} kn_attention;

/* A row-wise chain (KN_ROWS, kn_fuse_rows): loop kernels over one element
 * geometry (geom.h: full tensors row-major [O x A x I], A along the axis;
 * statistics [O x I]) that compute one result, every value between them
 * read by them only: a softmax over any axis (max, exp(x - max), sum,
 * div), a LayerNorm (its means and variance, in f32 and f64 as torch-mlir
 * writes them, and the normalisation), a log-softmax, ... Kept as they were
 * built, in program order, the last one writing the kernel's result, so
 * that a target runs each part with its own tools on a block of whole rows
 * (every element along the axis) at a time: the values between the parts
 * never reach memory.
 * Each part is a map over the full tensors (its loop axis[p] along A), a
 * reduction along A (its one reduction loop axis[p]) with its chain on the
 * statistic, or a map over the statistics (axis[p] = -1: its loops before
 * split[p] walk o, the others i). A value one part reads from another is
 * walked as the reader's loops go (in full, or a statistic constant along
 * its axis loop). Every other tensor a part reads is read at an element
 * offset linear in o (the index of the part's loops before its axis loop,
 * row-major), a and i (of its loops after the axis loop): along each of
 * them by one stride. The kernel: root = the first part's, out and out_map
 * = the last part's, inputs = the parts' other inputs, ops = all the
 * parts' in program order. */
#define KN_ROWS_MAX 16
typedef struct kn_rows {
    kernel part[KN_ROWS_MAX];
    int8_t axis[KN_ROWS_MAX];  /* the part's loop along A, or -1 (a map over statistics) */
    int8_t split[KN_ROWS_MAX]; /* a map over statistics: its first loop of i */
    bool stat[KN_ROWS_MAX];    /* its result is a statistic */
    bool reduce[KN_ROWS_MAX];  /* its root reduces along the axis */
    uint32_t npart;
    int64_t O, A, I;
} kn_rows;

typedef struct kn_program {
    ir_op *func;
    kernel *k;
    uint32_t nk;
    uint32_t nvalues;
    uint32_t *producer; /* by value id: index of the kernel writing it, or KN_NONE */
    const char **why;   /* by value id: why a kernel's result is materialised (NULL: it is not) */
} kn_program;

#define KN_NONE UINT32_MAX
#define KN_CHAIN (-1)

/* Group func's ops into kernels (run pass_canonicalize first). */
void kn_build(ir_module *m, ir_op *func, kn_program *out);
/* Merge each attention's six kernels (kn_attention) into one KN_ATTENTION
 * kernel, for targets that run it fused; returns how many it merged. With
 * bf16, also torch-mlir's bf16 attention: Q, K, V and P bf16, the
 * contractions summing in f32, P = truncf(E / l), O f32 or bf16. */
uint32_t kn_fuse_attention(ir_module *m, kn_program *p, bool bf16);
/* Fold tensor.pad kernels into the kernels that read their result, for
 * targets that pad as they load (padfold.c): a pad kernel (static padding,
 * a padding value that is a constant or a scalar from outside its body)
 * whose result has one use, as an input of one later kernel that
 * accept(ud, kernel, input, folded) takes (folded: the input as it would
 * read), is removed; that input then reads the pad's source with
 * kn_input.pad set. A transpose kernel whose one use is the pad (torch's
 * permute of channels_last data before a convolution) folds with it: the
 * input then reads the transpose's source through the composed map.
 * Returns how many pads it folded. */
uint32_t kn_fold_pads(ir_module *m, kn_program *p,
                      bool (*accept)(void *ud, const kernel *k, uint32_t input, const kn_input *folded), void *ud);
/* Merge each row-wise chain (kn_rows) that has a reduction into one
 * KN_ROWS kernel, where accept(ud, merged) says the target runs it (NULL:
 * every one); returns how many it merged. Run after kn_fuse_attention and
 * before kn_fold_pads. */
uint32_t kn_fuse_rows(ir_module *m, kn_program *p, bool (*accept)(void *ud, const kernel *k), void *ud);
/* The grouping's invariants (fuse.c): an internal error naming the op. */
void kn_check_program(ir_module *m, const kn_program *p);
/* Remove the kernels marked gone[k] (fuse.c): the rest keep their order,
 * renumbered, with producer[] updated; then kn_check_program. */
void kn_drop_kernels(ir_module *m, kn_program *p, const bool *gone);
/* v without the reshapes (views) around it: the value a kernel writes. */
const ir_value *kn_unview(const ir_value *v);
/* "contraction", "loop", "op", "attention", "rows" */
const char *kn_kind_name(kn_kind k);
/* Multiply-adds times 2 of a contraction or an attention, else 0. */
double kn_flops(const kernel *k);

#endif
