/* cores.h - a kernel's work split over the machine's num_cores cores: the
 * planner's choice of how many cores and along which loop, each core's
 * program the single-core lowering's (lower.h) on its share of the loop.
 *
 *     nk_plan sp;
 *     nk_choose(ctx, &kp, &opts, &sp);   // sp.kind, sp.cores; sp.est the whole kernel's
 *     for (uint32_t c = 0; c < sp.main.cores; c++) {
 *         const nk_part *p = nk_part_of(&sp.main, c);   // its kernel, choice, target
 *         nl_emit(&p->kp, &p->ch.cand, p->ch.bufs, &opts, sink_of_core_c);
 *     }
 *     // split K: then sp.red likewise (the partial sums reduced), after every core's part
 *     nk_plan_free(ctx, &sp);
 *
 * Splits (nk_kind), of a plain contraction (no convolution, attention or
 * outer reduction loop) or a vector-unit loop kernel without a chain after
 * its reduction, along a loop it does not reduce (copies, row-wise chains,
 * pools, gathers and attention stay on one core):
 *   NONE  core 0 runs the kernel (the plan of one core, today's)
 *   M, N  the output's row (column) loop cut into `cores` chunks of
 *         `chunk` (the last one the rest): core c runs the kernel on its
 *         rows (columns), its operands' DRAM offsets shifted. Each core
 *         reads the whole of the operand its chunk does not cut (W for M,
 *         X for N): the split's cost in DRAM bytes
 *   MN    both: a grid of pm x pn cores over the output tiles, each core
 *         reading 1/pm of X and 1/pn of W (less re-read than M or N alone
 *         on many cores)
 *   M, N and MN of a contraction are each weighed twice: as above, and
 *   with the operand the cores of a grid axis all read in full (X along
 *   the axis cutting N, W along the one cutting M) shared: fetched from
 *   DRAM once and passed among those cores over the interconnect. Each of
 *   the s cores sharing it fetches 1/s of every transfer of it (its bursts
 *   apportioned) and receives the rest from the others' fetches at its
 *   ports' rate meanwhile (pushed by them: a multicast, as PyTorchSim's
 *   simple NoC is symmetric); the transfer holds the core's DMA engine
 *   until the slower of the two is in, plus one interconnect crossing
 *   (timing.c, "a shared operand"). Its DRAM bytes fall to the compulsory
 *   ones; what crossed between cores is noc_bytes. Not when the operand's
 *   tensor is also read otherwise by the kernel (an epilogue operand, the
 *   other factor), whose reads the split cuts
 *   KN    K over pk cores and the output columns over pn: pk partials
 *         (below), each written by pn cores in column chunks; for more
 *         cores than split K's partials can be (see the sources' limit)
 *   K     the reduction loop cut so (contractions): core c writes its f32
 *         partial sums of the whole output to a workspace of its own
 *         (no epilogue; core 0 adds the accumulator's init), then a
 *         reduction pass, a map kernel split over its rows on the same
 *         cores, loads the partials, adds them in core order and runs the
 *         epilogue on the sum. The partials go through DRAM: an on-chip
 *         route over the interconnect would need every core to hold its
 *         whole output tile until its neighbour takes it, which the
 *         one-core programs do not express; it is not built (so never
 *         chosen). At most NP_VMAX_SRCS partials and epilogue operands
 *         together (the reduction's vector sources)
 * Timing: the cores of a phase start together from an idle machine and run
 * programs of one shape (two when the chunk does not divide the loop); the
 * phase ends when its slowest core does; a split-K kernel's reduction
 * starts when every core's part has ended (a barrier: the partials must
 * be in DRAM). DRAM: the channels are shared, not multiplied: a core of a
 * phase on `cores` cores is timed on the machine with its channels'
 * bandwidth divided by `cores` (nt_target.dram_sharers), capped by its own
 * injection ports (icnt_injection_ports_per_core x dram_req_size_byte a
 * cycle). This is exact for cores streaming in lock step (one program
 * shape, started together: their demands coincide) and pessimistic when a
 * core's DMA idles while another's streams (it cannot borrow the idle
 * share), and for the last, shorter chunk (it keeps its share after the
 * others end). The interconnect's latency is already in each load's
 * (spadc_dma_latency_cycles); the cores otherwise talk only to share an
 * operand (above: in lock step, a peer's part of a transfer arrives with
 * this core's own) and in split K's on-chip route.
 * The plan and the simulator run the same per-core programs on the same
 * per-core machines, so the simulated cycles equal the plan's. (The tile
 * search's cycle bounds, which prune candidates, price every transfer at
 * the DRAM's rate: for split K's on-chip parts they are loose upward, so a
 * part's tile may be a candidate short of the best; its estimate is still
 * its program's.)
 * Scratchpad: every core plans its own slice with the offset planner, each
 * within the budget (nl_choose, verified like a one-core plan).
 * Choice: cores 1, 2, 4, ... up to num_cores and num_cores itself, each
 * kind that applies (MN: every grid pm x pn of that many, pm, pn >= 2;
 * M, N, MN with and without the shared operand, K with either route);
 * the least by the objective (nl_objective: cycles, then DMA bytes;
 * energy; DRAM energy; edp), ties to fewer cores, then the order tried
 * (NONE, then by P: M, N, K, MN). Fewer cores than the machine has are a
 * choice like any other: a small kernel stays on one.
 *
 * Ownership: nk_plan holds the per-core kernels and choices by value; the
 * kernel it was made from (and its target) must outlive it; nk_plan_free
 * releases what nl_choose's parts allocated (nothing today) and is safe on
 * a zeroed plan.
 */
#ifndef SPADC_NPU_CORES_H
#define SPADC_NPU_CORES_H

#include "lower.h"

typedef enum nk_kind { NK_NONE, NK_M, NK_N, NK_K, NK_MN, NK_KN, NK_NKINDS } nk_kind;
/* "none", "m", "n", "k", "mn", "kn" */
const char *nk_kind_name(nk_kind k);
/* Whether the split cuts K (K, KN): partial sums, then their reduction. */
static inline bool nk_reduces(int k) { return k == NK_K || k == NK_KN; }

/* DRAM tensor ids of split-K's workspaces: partial c is NK_WS_BASE + c,
 * laid out as the kernel's result (its offset and strides), f32. */
#define NK_WS_BASE 0xF0000000u

/* One program shape of a phase: the kernel restricted to a chunk, its
 * choice, and the machine it runs on (the channels shared). */
typedef struct nk_part {
    nl_kernel kp;
    nl_choice ch;
} nk_part;

/* A kernel run on a grid of n[0] x n[1] cores (core c at row c / n[1],
 * column c % n[1]), loop dim[a] cut into chunks of chunk[a] (the last one
 * last[a]; dim -1: not cut, n 1). Core 0's loop ranges start at 0. The
 * program shapes: part[i] for the cores with the last, shorter chunk
 * along axis 0 (i & 2) and axis 1 (i & 1); has: the shapes present. */
typedef struct nk_phase {
    uint32_t cores;
    int dim[2];
    uint32_t n[2];
    int64_t chunk[2], last[2];
    bool workspace; /* split K's: each core's sums to its workspace */
    nt_target t;    /* the machine one core of the phase sees */
    uint32_t has;
    nk_part part[4];
    nc_stats *core_est; /* each core's estimate (cores of them, allocated) */
    nl_kernel *tmp;     /* scratch for timing a core's kernel */
    int64_t cycles;     /* the slowest core's */
} nk_phase;

/* A split the choice weighed (cycles 0: it did not plan). */
typedef struct nk_tried {
    uint8_t kind;
    bool onchip;
    uint32_t n[2];
    int64_t cycles, dma_bytes;
} nk_tried;
#define NK_MAX_TRIED 128

typedef struct nk_plan {
    uint8_t kind; /* nk_kind */
    uint32_t ntried;
    nk_tried tried[NK_MAX_TRIED]; /* the splits nk_choose weighed, in order (NONE first) */
    nk_phase main;
    nk_phase red;     /* NK_K: the reduction of the partials, split over rows */
    nl_kernel *red_base; /* NK_K: the reduction's whole kernel (allocated) */
    uint32_t npartials;
    bool onchip;        /* NK_K: the partials over the interconnect, parked on chip (else through DRAM);
                         * M, N, MN: the operand the cores share passed among them (main.t.mcast_*) */
    int64_t park_bytes; /* NK_K on chip: bytes per lane each reducing core parks them in */
    int64_t ws_elems; /* NK_K: elements of each partial's workspace */
    nc_stats est;     /* the whole kernel: cycles end to end, counts summed over the cores */
} nk_plan;

/* Choose the split of kernel kp (analysed for the whole machine) by
 * o->objective; with num_cores 1 (or a kernel no split applies to) the
 * plan is NONE with nl_choose's choice, exactly. Raises as nl_choose. */
void nk_choose(sp_ctx *ctx, const nl_kernel *kp, const nl_opts *o, nk_plan *sp);
/* The part core c of the phase runs, and its loop range along axis a
 * ([lo, lo + len) of loop ph->dim[a]). */
const nk_part *nk_part_of(const nk_phase *ph, uint32_t c);
int64_t nk_chunk_lo(const nk_phase *ph, uint32_t c, int a);
int64_t nk_chunk_len(const nk_phase *ph, uint32_t c, int a);
/* Core c's kernel of the phase, made from the kernel the phase cuts (kp,
 * or for sp.red *sp.red_base): out's target is the phase's machine. */
void nk_core_kernel(const nk_phase *ph, const nl_kernel *base, uint32_t c, nl_kernel *out);
/* Statistics of the whole kernel from each core's (cores in order; red
 * after main for NK_K): cycles end to end, counts summed. */
nc_stats nk_combine(const nk_plan *sp, const nc_stats *main_core, const nc_stats *red_core);
void nk_plan_free(sp_ctx *ctx, nk_plan *sp);
/* The kernel's choice as the reports show it: core 0's tile, buffers and
 * footprint; the whole kernel's estimate (sp->est), rooflines over the
 * cores used, DRAM lower bound and gap (its split part: lower.h nl_gap).
 * NONE: core 0's choice, exactly. */
void nk_kernel_choice(const nl_kernel *kp, const nk_plan *sp, int64_t budget, nl_choice *ch);

#endif
