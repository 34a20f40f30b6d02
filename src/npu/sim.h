/* sim.h - the npu's functional simulator: runs a kernel's program on real
 * numbers, with each lane's scratchpad exactly the planned footprint.
 *
 *     nf_sim s;
 *     nf_init(&s, ctx, &target, footprint, bufs, nbufs, &io);  // inside sp_pcall
 *     np_sink k = nf_sink(&s);            // feed the kernel's instructions
 *     ...
 *     nf_free(&s);                        // also after an error
 *
 * Memory: lane l's slice is `footprint` bytes; all lanes together are one
 * host array interleaved by elements: an element of e bytes at per-lane
 * byte B of lane l is at host byte (B / e * lanes + l) * e. A tile view of
 * e-byte elements then is a row-major matrix on the host (row r at byte
 * off * lanes + (r * ld * lanes + c0) * e, columns contiguous), so DMA is
 * memcpy and a GEMM is one call of a vectorised kernel: the simulator runs
 * large loops, never one interpretive step per element. (Bytes read with
 * one element size and written with another would land elsewhere on the
 * host: the lowering never gives two element types the same live bytes.)
 *
 * Checks: every view an instruction touches must lie inside its buffer and
 * the buffer must be live (between its BIRTH and DEATH), else the run stops
 * with SP_EINTERNAL naming the instruction. All bytes start as 0xff (a NaN
 * in f32 and f64, -1 in an integer, true in an i1) and a dying buffer's
 * bytes are poisoned so, so a plan whose lifetimes are too short shows up
 * as wrong results under --check.
 *
 * Ownership: the simulator owns the scratchpad array (through ctx); the
 * buffer table and the io callbacks are borrowed for its lifetime.
 */
#ifndef SPADC_NPU_SIM_H
#define SPADC_NPU_SIM_H

#include "machine.h"
#include "prog.h"

typedef struct nf_buf {
    int64_t offset, bytes; /* planned, per lane */
} nf_buf;

/* DRAM and scalars of the running program. */
typedef struct nf_io {
    uint8_t *(*tensor)(void *ud, uint32_t t);    /* first element of DRAM tensor t */
    np_scalar (*scalar)(void *ud, int64_t slot); /* a run-time scalar */
    const np_names *names;                   /* for error messages */
    const char *kernel;                      /* e.g. "k0" */
    void *ud;
} nf_io;

typedef struct nf_sim {
    sp_ctx *ctx;
    int64_t L, footprint;
    uint8_t *spad; /* footprint * L bytes */
    const nf_buf *bufs;
    uint32_t nbufs;
    bool *live;
    bool check; /* refuse accesses outside live buffers (tests turn it off to see poison) */
    nf_io io;
    int64_t ninsn;
    int nthreads;
} nf_sim;

void nf_init(nf_sim *s, sp_ctx *ctx, const nt_target *t, int64_t footprint, const nf_buf *bufs, uint32_t nbufs,
             const nf_io *io);
void nf_free(nf_sim *s);
void nf_step(nf_sim *s, const np_insn *in);
np_sink nf_sink(nf_sim *s);

/* C[M x N] (+)= A[M x K] * B[K x N], row-major with leading dimensions in
 * floats: the arrays' arithmetic (f32 products summed in f32). */
void nf_gemm(int64_t M, int64_t N, int64_t K, const float *A, int64_t lda, const float *B, int64_t ldb, float *C,
             int64_t ldc, bool acc, int nthreads);
/* The host threads nf_gemm starts for N columns: no more than its panels. */
int nf_gemm_team(int64_t N, int nthreads);
/* Run a vector program over a rows x cols tile (see prog.h's VEC). Views
 * are given as host pointers with row strides in elements of their type.
 * Returns -1, or the index of an NV_OP instruction that failed (an integer
 * division by zero), which stops the program. */
typedef struct nf_tile {
    uint8_t *p;
    int64_t rows, cols, ld;
    uint8_t dt; /* np_dtype */
    int64_t g1, gs1, g2, gs2; /* grouped rows as np_view has them, strides in host elements */
} nf_tile;
/* The kernel loops' indices at the iteration tile's point (0, 0) and the
 * loops its rows and columns walk (NV_IDX; np_insn's lix, lr, lc). */
typedef struct nf_pos {
    const int64_t *lix;
    int lr, lc;
} nf_pos;
int nf_vec(const np_vprog *p, np_vmode mode, int64_t rows, int64_t cols, nf_tile dst, const nf_tile *src, uint32_t nsrc,
           const np_scalar *scalars, const nf_pos *pos);

#endif
