/* data.c - the data the command-line tool reads and writes, through the
 * one door (include/spadc.h): .npy files, whole-or-absent output files,
 * the seeded inputs of `spadc run --seed`, elements read as numbers. */
#include <stdint.h>
#include <string.h>

#include "api_int.h"
#include "base/fp16.h"
#include "interp/interp.h"
#include "io/fileio.h"
#include "io/npy.h"

/* The IR's type of t: the dtype by name, the dims copied into dims. */
static bool ir_type_of(const spadc_type *t, int64_t *dims, ir_type *out) {
    if (!t || !t->dtype || t->rank < 0 || t->rank > SPADC_MAX_RANK || t->rank > IR_MAX_RANK) return false;
    const ir_dtype dt = ir_dtype_from_name(t->dtype, strlen(t->dtype));
    if (dt == IR_DT_NONE) return false;
    for (int d = 0; d < t->rank; d++) {
        if (t->dims[d] < 0) return false;
        dims[d] = t->dims[d];
    }
    *out = (ir_type){t->scalar ? IR_T_SCALAR : IR_T_TENSOR, (uint8_t)dt, (uint8_t)(t->scalar ? 0 : t->rank), dims};
    return true;
}

size_t spadc_dtype_bytes(const char *dtype) {
    const ir_dtype dt = dtype ? ir_dtype_from_name(dtype, strlen(dtype)) : IR_DT_NONE;
    return dt == IR_DT_NONE ? 0 : (size_t)ir_dtype_bytes(dt);
}

size_t spadc_type_numel(const spadc_type *t) {
    int64_t dims[SPADC_MAX_RANK];
    ir_type it;
    return ir_type_of(t, dims, &it) ? (size_t)ir_type_numel(it) : 0;
}

/* ------------------------------------------------------------ .npy files */

typedef struct npy_job {
    const char *path;
    spadc_type *t;
    const spadc_type *wt;
    const void *wdata;
    npy_array a;
} npy_job;

static void npy_read_body(sp_ctx *c, void *ud) {
    npy_job *j = ud;
    npy_read(c, j->path, &j->a);
    if (j->a.rank > SPADC_MAX_RANK)
        sp_throw(c, SP_EINPUT, (sp_loc){j->path, 0, 0}, "an array of rank %u (at most %d)", j->a.rank, SPADC_MAX_RANK);
    memset(j->t, 0, sizeof *j->t);
    j->t->dtype = ir_dtype_name(j->a.dtype);
    j->t->rank = (int)j->a.rank;
    for (uint32_t d = 0; d < j->a.rank; d++) j->t->dims[d] = j->a.dims[d];
}

int spadc_npy_read(spadc_ctx *ctx, const char *path, spadc_type *t, void **data, size_t *bytes) {
    if (!ctx || !path || !t || !data) return SPADC_EUSAGE;
    *data = NULL;
    npy_job j = {.path = path, .t = t};
    sp_status st = sp_pcall(&ctx->c, npy_read_body, &j);
    if (st != SP_OK) {
        npy_free(&ctx->c, &j.a);
        return api_finish(ctx, st);
    }
    *data = j.a.data;
    if (bytes) *bytes = j.a.bytes;
    return api_finish(ctx, SP_OK);
}

static void npy_write_body(sp_ctx *c, void *ud) {
    npy_job *j = ud;
    int64_t dims[SPADC_MAX_RANK];
    ir_type it;
    if (!ir_type_of(j->wt, dims, &it)) sp_throw(c, SP_EUSAGE, (sp_loc){0}, "spadc_npy_write: not a type spadc knows");
    npy_write(c, j->path, (ir_dtype)it.dtype, it.kind == IR_T_SCALAR ? 0 : it.rank, dims, j->wdata);
}

int spadc_npy_write(spadc_ctx *ctx, const char *path, const spadc_type *t, const void *data) {
    if (!ctx || !path || !t || !data) return SPADC_EUSAGE;
    npy_job j = {.path = path, .wt = t, .wdata = data};
    return api_finish(ctx, sp_pcall(&ctx->c, npy_write_body, &j));
}

void spadc_buffer_free(spadc_ctx *ctx, void *data) {
    if (ctx && data) sp_free(&ctx->c, data);
}

typedef struct save_job {
    const char *path, *what;
    const void *data;
    size_t n;
} save_job;

static void save_body(sp_ctx *c, void *ud) {
    const save_job *j = ud;
    fio_save(c, j->path, j->data, j->n, j->what);
}

int spadc_write_file(spadc_ctx *ctx, const char *path, const void *data, size_t n, const char *what) {
    if (!ctx || !path || (!data && n)) return SPADC_EUSAGE;
    save_job j = {path, what ? what : "output", data ? data : "", n};
    return api_finish(ctx, sp_pcall(&ctx->c, save_body, &j));
}

/* ------------------------------------------------------------ the inputs */

/* SplitMix64 (Steele, Lea, Flood 2014): one 64-bit draw per element, the
 * same sequence on every machine. */
static uint64_t splitmix(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

int spadc_fill_random(const spadc_type *t, unsigned long long seed, void *data) {
    int64_t dims[SPADC_MAX_RANK];
    ir_type it;
    if (!ir_type_of(t, dims, &it) || !data) return SPADC_EUSAGE;
    uint64_t s = seed;
    const ir_dtype dt = (ir_dtype)it.dtype;
    const int nb = ir_dtype_bytes(dt);
    const int64_t n = ir_type_numel(it);
    for (int64_t i = 0; i < n; i++) {
        const uint64_t r = splitmix(&s);
        uint8_t *p = (uint8_t *)data + i * nb;
        const double u = (double)(r >> 11) * (1.0 / 9007199254740992.0) * 2.0 - 1.0; /* [-1, 1) */
        switch (dt) {
        case IR_F32: {
            const float f = (float)u;
            memcpy(p, &f, 4);
            break;
        }
        case IR_F64: memcpy(p, &u, 8); break;
        case IR_BF16: {
            const uint16_t h = sp_f64_to_bf16(u);
            memcpy(p, &h, 2);
            break;
        }
        case IR_F16: {
            const uint16_t h = sp_f64_to_f16(u);
            memcpy(p, &h, 2);
            break;
        }
        case IR_I1: p[0] = (uint8_t)(r & 1); break;
        default: {
            int64_t v = (int64_t)(r % 16) - 8;
            if (dt == IR_INDEX) v = (int64_t)(r % 8);
            for (int k = 0; k < nb; k++) p[k] = (uint8_t)((uint64_t)v >> (8 * k));
        }
        }
    }
    return SPADC_OK;
}

size_t spadc_elements(const spadc_type *t, const void *data, size_t first, size_t n, double *out) {
    if (!t || !t->dtype || !data || !out) return 0;
    const ir_dtype dt = ir_dtype_from_name(t->dtype, strlen(t->dtype)); /* once a run, not once an element */
    if (dt == IR_DT_NONE) return 0;
    const size_t nb = (size_t)ir_dtype_bytes(dt);
    const bool fl = ir_dtype_is_float(dt);
    const uint8_t *p = (const uint8_t *)data + first * nb;
    for (size_t i = 0; i < n; i++) {
        const interp_scalar e = interp_load_elem(p + i * nb, dt);
        out[i] = fl ? e.f : (double)e.i;
    }
    return n;
}

double spadc_element(const spadc_type *t, const void *data, size_t i) {
    double x = 0;
    spadc_elements(t, data, i, 1, &x);
    return x;
}
