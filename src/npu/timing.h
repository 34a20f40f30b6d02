/* timing.h - the npu's timing model: cycles of a program on the machine of
 * machine.h. The tile search's cost model and the simulator's clock are
 * this one model (law L1's counterpart for time).
 *
 *     nc_model m;
 *     nc_init(&m, ctx, &target);             // then feed instructions:
 *     np_sink s = nc_sink(&m);               // s.fn(s.ud, &insn) ...
 *     nc_stats st = nc_finish(&m);           // st.cycles, st.dma_bytes, ...
 *     nc_free(&m);
 *
 * The model (npu-timing.md section 4, an event/dependency recurrence):
 * resources DMA, each systolic array, the vector unit are in-order servers;
 * an instruction starts when its unit is free and its scratchpad
 * dependencies are met (read after write, write after read or write, on
 * per-lane byte ranges), occupies its unit for its occupancy and completes
 * after its latency:
 *   DMA    one engine, occupancy ceil(bursts * request_bytes / bandwidth),
 *          bursts the distinct request-aligned blocks the 2-D region touches
 *          (rows counted apart; a stride-0 dimension is fetched once); a
 *          load's data lands `dma_latency` cycles after its occupancy, a
 *          store frees its tile at the end of its occupancy. Loads go before
 *          stores (TOGSim's rule): when the engine frees, a ready load is
 *          taken first; a store runs when no load is ready, in program order
 *          among the stores
 *   GEMM   per weight block of lanes x lanes, on arrays taken round robin:
 *          preload L cycles (needs a free weight slot; a slot frees when the
 *          block's rows have streamed), stream `rows` cycles once the
 *          preload is done and the array's previous rows have entered,
 *          results out 2L - 1 cycles after the last row entered. So an idle
 *          array takes 3L + M - 1 cycles for one block; with 2 slots,
 *          consecutive blocks stream back to back when M >= L. Accumulating
 *          GEMMs into the same accumulator are ordered by the array pipeline
 *          (no drain between them).
 *   VEC    occupancy the sum over its ALU ops of groups = ceil(per-lane
 *          elements / (vector bits / (8 * the op's element bytes))): an
 *          f64 op takes twice the groups of an f32 one, an i8 or i1 op a
 *          quarter; FILL one op of the view's type; latency + 1, + the SFU latency when the
 *          program uses a special function; a reduction across lanes adds
 *          log2(lanes) steps per row
 *   BARRIER every unit waits for everything issued before it
 * Data values never change the timing. Times and counts saturate at
 * NC_TIME_MAX (2^62): a result there means "at least that many", which the
 * callers report as an error rather than print.
 *
 * Periodic streams (the tile loops of a kernel) need not be fed whole: the
 * recurrence only takes maxima and sums of times, so it is shift-invariant.
 * A caller that knows its stream repeats with some period takes a
 * snapshot (nc_snap_take) at the start of a period and, one or more
 * periods later, asks nc_repeat to compare: when the state now equals the
 * snapshot's shifted by a time d (on every time that can still matter),
 * feeding the next q periods would shift it by d each time, so nc_repeat
 * adds q * d (and q times the period's statistics) instead, exactly. What
 * "can still matter": a unit's free time only if the unit ran something in
 * the period (else it must be unchanged); a scoreboard time only if it was
 * accessed in the period (segments carry the access count of their last
 * access) and is not below every used unit's free time at the snapshot (a
 * later start is a max with that free time). A window that slides through
 * a buffer (a panel's chunks, one chunk further each iteration: nc_slide)
 * is compared relative to its position, and the chunks it passes over are
 * written as the periods would have written them.
 *
 * Ownership: nc_model holds a scoreboard allocated through ctx (raises on
 * out of memory, inside sp_pcall); nc_free releases it, also after an error.
 * nc_snap holds copies allocated through ctx; nc_snap_free releases them.
 */
#ifndef SPADC_NPU_TIMING_H
#define SPADC_NPU_TIMING_H

#include "machine.h"
#include "prog.h"

#define NC_MAX_SA 64
#define NC_MAX_WSLOTS 64
#define NC_TIME_MAX ((int64_t)1 << 62) /* times and counts saturate here */

/* The units a trace sees busy: array i is NC_UNIT_SA0 + i. */
enum { NC_UNIT_LOAD, NC_UNIT_STORE, NC_UNIT_VU, NC_UNIT_SA0 };

typedef struct nc_stats {
    int64_t cycles;             /* when the last instruction completes */
    int64_t dma_bytes;          /* bytes DMA'd (distinct elements of each transfer) */
    int64_t dram_request_bytes; /* bursts x request size */
    int64_t dma_why[NP_NWHY];   /* dma_bytes by the transfers' np_why (their sum is dma_bytes) */
    int64_t dma_busy;           /* DMA engine occupancy (loads and stores) */
    int64_t dma_load_busy, dma_store_busy; /* the two parts of dma_busy */
    int64_t sa_busy;            /* streaming cycles, summed over the arrays */
    int64_t sa_busy_each[NC_MAX_SA]; /* streaming cycles per array */
    int64_t vu_busy;            /* vector unit occupancy */
    int64_t macs;               /* multiply-accumulates of the GEMMs */
    int64_t vec_elem_ops;       /* element operations of the vector unit */
    int64_t vec_op_bytes;       /* the same weighted by their elements' bytes */
    /* For energy (nc_energy_of): bytes read from and written to the
     * scratchpad, summed over the lanes (a view's rows x cols elements;
     * see "Scratchpad accesses" in timing.c), and the DRAM rows the DMA's
     * transfers activate (see "DRAM row activations" there). */
    int64_t spad_read_bytes, spad_write_bytes;
    int64_t dram_activations;
    /* bytes moved between cores' scratchpads over the interconnect (split
     * K's on-chip route, cores.h; timing.c "on_noc"): not DRAM's */
    int64_t noc_bytes;
    int64_t ninsn;              /* instructions (markers included) */
    int64_t ndma, ngemm, nvec;
    /* not the program's: instructions the model stepped through one by
     * one (the rest were extrapolated), the work the tile search counts */
    int64_t stepped;
} nc_stats;

typedef struct nc_array {
    int64_t wfree, sfree;        /* weight path and streaming path free */
    int64_t rel[NC_MAX_WSLOTS];  /* when each weight slot frees (ring) */
    uint32_t head;
    int64_t nblocks;             /* weight blocks it ran */
} nc_array;

typedef struct nc_range nc_range;

/* A store waiting for the DMA engine (loads go first, as in TOGSim). */
typedef struct nc_store {
    np_view v;
    np_insn in; /* for the trace */
    int64_t ready, occ, lat; /* lat: from its end to its completion */
} nc_store;

#define NC_MAX_PENDING 64

/* The units a program uses (nc_model.uses), for nc_repeat. */
enum { NC_USES_DMA = 1, NC_USES_VU = 2, NC_USES_SA = 4 };

typedef struct nc_model {
    sp_ctx *ctx;
    const nt_target *t;
    int64_t L, S, nsa, wslots;
    double bw; /* bytes per cycle */
    int64_t dma_free, vu_free, end;
    uint32_t next_sa;
    nc_array sa[NC_MAX_SA];
    nc_range *rng;
    uint32_t nrng, caprng;
    nc_store pend[NC_MAX_PENDING];
    uint32_t npend;
    /* for nc_repeat: scoreboard accesses so far, instructions the DMA
     * engine and the vector unit ran, stores queued; the units the whole
     * program uses (set by the caller; 0: all) */
    int64_t ctr, nu_dma, nu_vu, nenq;
    uint8_t uses;
    /* optional: called for every interval [start, end) a unit (NC_UNIT_*)
     * is busy with an instruction: a DMA's occupancy (a load's data lands
     * dma_latency cycles later), the vector unit's occupancy, an array's
     * streaming cycles (one call per run of back-to-back weight blocks).
     * Summed per unit, the intervals are st.dma_load_busy,
     * st.dma_store_busy, st.sa_busy_each[i] and st.vu_busy. */
    void (*trace)(void *ud, const np_insn *in, int unit, int64_t start, int64_t end);
    void *trace_ud;
    nc_stats st;
} nc_model;

/* The energy of a program's counts at the machine's prices (machine.h's
 * spadc_energy_* keys), in pJ: mac = macs x (multiply + add), vec =
 * vec_elem_ops x the vector op's, spad = the scratchpad's bytes read and
 * written, priced per 64-bit access, dram = dram_request_bytes x 8 x the
 * price of a bit + dram_activations x an activation's; total their sum.
 * A function of the counts alone, so a plan's estimate and the simulated
 * run give the same energy exactly when their counts agree. */
typedef struct nc_energy {
    double mac, vec, spad, dram, total;
} nc_energy;
nc_energy nc_energy_of(const nt_target *t, const nc_stats *s);

void nc_init(nc_model *m, sp_ctx *ctx, const nt_target *t);
void nc_free(nc_model *m);
void nc_step(nc_model *m, const np_insn *in);
np_sink nc_sink(nc_model *m);
nc_stats nc_finish(nc_model *m);

/* DRAM bursts and distinct bytes of a rows x cols region (elem bytes each). */
int64_t nc_dma_requests(const np_dram *d, int64_t rows, int64_t cols, int64_t elem, int64_t req_bytes);
int64_t nc_dma_bytes(const np_dram *d, int64_t rows, int64_t cols, int64_t elem);
/* DRAM row activations of a rows x cols region: rows of R bytes per run,
 * each run as if it began a row (timing.c, "DRAM row activations"); S the
 * burst bytes. */
int64_t nc_dram_rows(const np_dram *d, int64_t rows, int64_t cols, int64_t elem, int64_t S, int64_t R);
/* Occupancy of a DMA of n bursts. */
int64_t nc_dma_cycles(const nc_model *m, int64_t requests);

/* ------------------------------------------------ periodic streams */

/* A window sliding through buffer bytes [buf_lo, buf_hi): in the stretch
 * of stream being extrapolated, iteration i touches only the window's
 * bytes [win_i, win_i + step) (and, loading ahead, the start of the
 * next window), win_i = win_0 + i * step, all within [lo, hi); the rest of
 * the buffer is untouched. */
typedef struct nc_slide {
    int64_t buf_lo, buf_hi, lo, hi, step;
} nc_slide;

typedef struct nc_pend_copy {
    np_view v;
    int64_t ready, occ, lat;
} nc_pend_copy;

typedef struct nc_snap {
    int64_t dma_free, vu_free, end, ctr, nu_dma, nu_vu, nenq, win;
    uint32_t next_sa, npend;
    nc_array *sa;           /* nsa arrays */
    nc_range *fix, *wnd;    /* segments outside the slide's buffer, and its window */
    uint32_t nfix, nwnd, capfix, capwnd;
    nc_pend_copy pend[NC_MAX_PENDING];
    nc_stats st;
} nc_snap;

/* Snapshot the state (sl may be NULL; win: the window's start). */
void nc_snap_take(nc_model *m, nc_snap *s, const nc_slide *sl, int64_t win);
void nc_snap_free(sp_ctx *ctx, nc_snap *s);
/* The largest time the scoreboard holds for bytes [lo, hi). */
int64_t nc_scoreboard_max(nc_model *m, int64_t lo, int64_t hi);
/* If the state now is snapshot u's shifted by one period (see above; with
 * sl, the window now starts at win and every time in the slide's untouched
 * part was at most `untouched` when the periods began), advance it by q
 * more periods and return true; else change nothing and return false. */
bool nc_repeat(nc_model *m, const nc_snap *u, const nc_slide *sl, int64_t win, int64_t untouched, int64_t q);

/* Saturating arithmetic on times and counts (non-negative, at most
 * NC_TIME_MAX). */
int64_t nc_add(int64_t a, int64_t b);
int64_t nc_mul(int64_t a, int64_t b);

/* One array, n blocks of `rows` rows, none able to start before t0: updates
 * the array and returns the last block's streaming end and completion.
 * With run (may be NULL), each run of back-to-back streaming [start, end)
 * is reported to run(ud, start, end); the shortcut over periodic blocks is
 * then not taken. */
void nc_array_run(nc_array *a, int64_t t0, int64_t rows, int64_t L, int64_t wslots, int64_t n, int64_t *stream_end,
                  int64_t *done, void (*run)(void *ud, int64_t start, int64_t end), void *ud);

#endif
