/* rows.c - the npu lowering of a row-wise chain (KN_ROWS, passes/kernel.h
 * kn_rows: a softmax, a LayerNorm, ...): one kernel that loads a block of
 * whole rows (every element along the axis) once, runs every part of the
 * chain on it on the vector unit (maps in place where they can, reductions
 * along the axis into statistics of the block), and stores the result
 * once: nothing between the parts reaches DRAM.
 *
 * The kernel's loops are u (the rows' outer index: o when the axis is not
 * the last dim, I > 1; else one iteration), b (the blocked index: i when
 * I > 1, else o) and a (the axis, A long). A tile holds TB values of b and
 * all of a, in one of two layouts (the candidate's order):
 *   axis across the lanes (NL_ROWS_COLS): [TB x A], the reductions across
 *     the lanes (NP_VREDUCE_COLS), the statistics [TB x 1];
 *   axis down each lane (NL_ROWS_ROWS): [A x TB], b across the lanes, the
 *     reductions within each lane (NP_VREDUCE_ROWS), the statistics
 *     [1 x TB]; its DMA moves the same DRAM blocks with the strides swapped.
 * The parts are analysed by nl_analyze as the loop kernels they were and
 * their vector programs run as they are: a part's source slots read the
 * values of the tile (a tensor loaded per tile, at its logical shape: full,
 * a statistic, a row along the axis such as LayerNorm's weight, a scalar;
 * or an earlier part's result), a reduction starts from its init and runs
 * its chain on the statistic (in place, or into a tile of its result type).
 * A map writes over a source of its type and shape that nothing reads
 * later (law L4). Buffers per lane: the loaded tensors (x2 when the next
 * tile loads during this one), each part's result (its lifetime from its
 * part to its last reader, in steps: 0 loads, 1 + p part p, then the
 * store), the stored result x2 when the candidate says so (unless it sits
 * in a loaded tensor's tile); the offset planner places them. Per tile:
 * the loads (the next tile's ahead with x2), the parts in order, the store
 * in row blocks. */
#include "lower_int.h"

#include <stdio.h>
#include <string.h>

enum { NL_ROWS_COLS = 0, NL_ROWS_ROWS = 1 };

/* ------------------------------------------------------------ analysis */

static void fail(nl_kernel *kp, const char *what) {
    if (!kp->npu) return;
    kp->npu = false;
    snprintf(kp->why, sizeof kp->why, "row-wise chain: %.170s", what);
}

/* The stride of one index over loops [lo, hi) of a part's loops, walked
 * row-major (the pass checked it is one: passes/rows.c). */
static int64_t index_stride(const int64_t *bounds, const int64_t *s, uint32_t lo, uint32_t hi) {
    int64_t run = 1;
    for (uint32_t d = hi; d-- > lo;) {
        if (bounds[d] > 1 && s[d] != 0) return s[d] / run;
        run *= bounds[d];
    }
    return 0;
}

/* Strides of access a (over part p's loops) along u, b, a. */
static void canon(const kn_rows *r, uint32_t p, const nl_access *a, int64_t *su, int64_t *sb, int64_t *sa) {
    const kernel *k = &r->part[p];
    uint32_t olo = 0, ohi, ilo, ihi = k->ndims;
    if (r->axis[p] >= 0) {
        ohi = (uint32_t)r->axis[p];
        ilo = ohi + 1;
        *sa = a->stride[r->axis[p]];
    } else {
        ohi = ilo = (uint32_t)r->split[p];
        *sa = 0;
    }
    int64_t so = index_stride(k->bounds, a->stride, olo, ohi), si = index_stride(k->bounds, a->stride, ilo, ihi);
    if (r->I > 1)
        *su = so, *sb = si;
    else
        *su = 0, *sb = so;
}

/* The value a tensor access of part p reads: an earlier part's result, or
 * a tensor loaded per tile (added once); -1 when there is no room. */
static int32_t value_of(nl_rows *w, const kn_rows *r, uint32_t p, const nl_operand *op, const uint32_t *part_root,
                        const int32_t *part_val) {
    for (uint32_t q = 0; q < p; q++)
        if (op->a.value == part_root[q]) return part_val[q];
    int64_t su, sb, sa;
    canon(r, p, &op->a, &su, &sb, &sa);
    for (uint32_t v = 0; v < w->nval; v++) {
        const nl_rval *x = &w->val[v];
        if (x->load && x->a.value == op->a.value && x->dt == op->a.dt && x->a.off == op->a.off && x->su == su &&
            x->sb == sb && x->sa == sa)
            return (int32_t)v;
    }
    if (w->nval >= NL_ROWS_VALS) return -1;
    nl_rval *x = &w->val[w->nval];
    memset(x, 0, sizeof *x);
    x->load = true;
    x->a = op->a;
    x->dt = op->a.dt;
    x->su = su, x->sb = sb, x->sa = sa;
    x->uses_a = sa != 0;
    x->uses_b = sb != 0;
    x->once = su == 0 && sb == 0; /* the same for every tile: loaded once */
    x->name = op->name;
    x->def = x->last = -1;
    x->home = (int32_t)w->nval;
    return (int32_t)w->nval++;
}

/* A part's result (or accumulator) value. */
static int32_t new_value(nl_rows *w, np_dtype dt, bool stat, int32_t def) {
    if (w->nval >= NL_ROWS_VALS) return -1;
    nl_rval *x = &w->val[w->nval];
    memset(x, 0, sizeof *x);
    x->dt = (uint8_t)dt;
    x->uses_a = !stat;
    x->uses_b = true;
    x->def = x->last = def;
    x->home = (int32_t)w->nval;
    return (int32_t)w->nval++;
}

static void note_use(nl_rows *w, int32_t v, int32_t step) {
    if (w->val[v].last < step) w->val[v].last = step;
}

void nl_rows_analyze(sp_ctx *ctx, const nt_target *t, const kernel *k, const nl_env *env, nl_kernel *kp) {
    const kn_rows *r = k->rows;
    if (!r || !r->npart) {
        fail(kp, "internal: no parts");
        return;
    }
    nl_rows *w = kp->rows = sp_calloc(ctx, 1, sizeof *w);
    nl_kernel *sub = sp_calloc(ctx, r->npart, sizeof *sub);
    uint32_t part_root[KN_ROWS_MAX];
    int32_t part_val[KN_ROWS_MAX];
    char why[240];
    w->A = r->A;
    w->NU = r->I > 1 ? r->O : 1;
    w->NB = r->I > 1 ? r->I : r->O;
    w->nstep = r->npart;
    for (uint32_t p = 0; p < r->npart && kp->npu; p++) {
        nl_kernel *s = &sub[p];
        nl_analyze(ctx, t, &r->part[p], env, s);
        if (!s->npu || s->gemm || s->copy || s->att || s->rows || !s->has_prog) {
            snprintf(why, sizeof why, "part %u (%.20s) does not run on the vector unit: %.120s", p,
                     r->part[p].nepilogue ? r->part[p].epilogue[0] : "loop", s->npu ? "not a loop kernel" : s->why);
            fail(kp, why);
            break;
        }
        part_root[p] = env->root(env->ud, r->part[p].out->id);
        nl_rstep *st = &w->step[p];
        memset(st, 0, sizeof *st);
        st->reduce = r->reduce[p];
        st->prog = s->prog;
        st->nsrc = s->nin;
        for (uint32_t i = 0; i < s->nin; i++) {
            int32_t v = value_of(w, r, p, &s->in[i], part_root, part_val);
            if (v < 0) break;
            st->src[i] = v;
            note_use(w, v, (int32_t)p);
        }
        if (st->reduce) {
            st->init = s->init;
            st->has_epi = s->has_epi;
            st->epi_own = s->epi_own;
            st->epi = s->epi;
            st->nesrc = s->nein;
            for (uint32_t i = 0; i < s->nein; i++) {
                int32_t v = value_of(w, r, p, &s->ein[i], part_root, part_val);
                if (v < 0) break;
                st->esrc[i] = v;
                note_use(w, v, (int32_t)p);
            }
            st->acc = new_value(w, (np_dtype)s->acc_dt, true, (int32_t)p);
            if (st->acc >= 0) w->val[st->acc].name = r->part[p].root->res[0].name;
            st->res = st->has_epi && st->epi_own ? new_value(w, (np_dtype)s->out_dt, true, (int32_t)p) : st->acc;
            if (st->acc >= 0 && st->res != st->acc) note_use(w, st->acc, (int32_t)p);
        } else {
            st->acc = st->res = new_value(w, (np_dtype)s->out_dt, r->stat[p], (int32_t)p);
        }
        if (st->acc < 0 || st->res < 0 || w->nval >= NL_ROWS_VALS) {
            fail(kp, "more values than one kernel's buffers hold");
            break;
        }
        part_val[p] = st->res;
        w->val[st->res].name = r->part[p].out->name;
    }
    if (kp->npu) {
        /* the result: the last part's, stored */
        const uint32_t last = r->npart - 1;
        w->out = w->step[last].res;
        w->val[w->out].last = (int32_t)r->npart;
        kp->out = sub[last].out;
        canon(r, last, &kp->out, &w->out_su, &w->out_sb, &w->out_sa);
        kp->out_dt = kp->acc_dt = w->val[w->out].dt;
        /* in place: a map writes over a source of its type and shape that
         * no later step reads (each point is read before it is written) */
        for (uint32_t p = 0; p < w->nstep; p++) {
            nl_rstep *st = &w->step[p];
            if (st->reduce) continue;
            nl_rval *res = &w->val[st->res];
            for (uint32_t i = 0; i < st->nsrc; i++) {
                const nl_rval *s = &w->val[st->src[i]];
                if (s->last == (int32_t)p && s->dt == res->dt && s->uses_a == res->uses_a && s->uses_b == res->uses_b) {
                    res->home = s->home;
                    break;
                }
            }
        }
        /* each home buffer's lifetime: from its first writer to the last
         * reader of any value that lives in it */
        for (uint32_t v = 0; v < w->nval; v++) w->val[v].span = -1;
        for (uint32_t v = 0; v < w->nval; v++) {
            nl_rval *h = &w->val[w->val[v].home];
            if (w->val[v].last > h->span) h->span = w->val[v].last;
        }
        kp->M = w->NU * w->NB;
        kp->N = w->A;
        kp->mode = NP_VREDUCE_COLS;
        kp->inplace = -1;
    }
    for (uint32_t p = 0; p < r->npart; p++) nl_kernel_free(ctx, &sub[p]);
    sp_free(ctx, sub);
}

void nl_rows_finish(nl_kernel *kp) {
    const nl_rows *w = kp->rows;
    kp->npar_total = w->NU;
    kp->nred_total = 1;
    kp->macs = 0;
    int64_t ops = 0;
    for (uint32_t p = 0; p < w->nstep; p++) {
        const nl_rstep *st = &w->step[p];
        int64_t full = w->A, stat = 1;
        ops += (st->reduce || w->val[st->res].uses_a ? full : stat) * st->prog.nalu;
        if (st->reduce && st->has_epi) ops += stat * st->epi.nalu;
    }
    kp->vec_ops = ops * w->NU * w->NB;
}

/* ------------------------------------------------------------- layout */

/* The layout of a candidate: buf[v] the first buffer of home value v,
 * copies[v] how many. */
typedef struct rlay {
    int32_t buf[NL_ROWS_VALS], copies[NL_ROWS_VALS];
    uint32_t n;
    int64_t tb; /* the tile's extent along b */
} rlay;

static int64_t tile_b(const nl_cand *c) { return c->order == NL_ROWS_ROWS ? c->tn : c->tm; }

static rlay rlay_of(const nl_kernel *kp, const nl_cand *c) {
    const nl_rows *w = kp->rows;
    rlay l;
    memset(&l, 0, sizeof l);
    l.tb = tile_b(c);
    for (uint32_t v = 0; v < w->nval; v++) {
        l.buf[v] = -1;
        if (w->val[v].home != (int32_t)v) continue;
        l.buf[v] = (int32_t)l.n;
        l.copies[v] = w->val[v].load ? (c->xbuf > 1 && !w->val[v].once ? 2 : 1)
                                     : (int32_t)v == w->val[w->out].home && c->ybuf > 1 ? 2 : 1;
        l.n += (uint32_t)l.copies[v];
    }
    return l;
}

/* A value's tile: rows x cols by the layout. */
static void val_shape(const nl_rows *w, const nl_cand *c, int64_t tb, const nl_rval *x, int64_t *rows, int64_t *cols) {
    int64_t along_a = x->uses_a ? w->A : 1, along_b = x->uses_b ? tb : 1;
    if (c->order == NL_ROWS_ROWS)
        *rows = along_a, *cols = along_b;
    else
        *rows = along_b, *cols = along_a;
}

uint32_t nl_rows_layout(const nl_kernel *kp, const nl_cand *c, nl_buf *bufs) {
    const nl_rows *w = kp->rows;
    const rlay l = rlay_of(kp, c);
    const int64_t nsteps = (int64_t)w->nstep;
    for (uint32_t v = 0; v < w->nval; v++) {
        if (l.buf[v] < 0) continue;
        const nl_rval *x = &w->val[v];
        int64_t rows, cols;
        val_shape(w, c, l.tb, x, &rows, &cols);
        int64_t lo = x->load ? 0 : x->def + 1, hi = x->load ? nsteps + 2 : x->span + 2;
        nl_role role = x->load ? NL_OPERAND : (int32_t)v == w->val[w->out].home ? NL_OUT : NL_SCRATCH;
        for (int32_t j = 0; j < l.copies[v]; j++) {
            char name[48], base[32];
            if (x->name)
                snprintf(base, sizeof base, "%%%.28s", x->name);
            else
                snprintf(base, sizeof base, "%s%u", x->load ? "in" : "t", v);
            if (l.copies[v] > 1)
                snprintf(name, sizeof name, "%.30s.%d", base, j & 7);
            else
                snprintf(name, sizeof name, "%s", base);
            nl_buf *b = &bufs[l.buf[v] + j];
            nl_set_buf(b, kp->t, name, role, (np_dtype)x->dt, rows, cols, 1, lo, hi);
            b->broadcast = x->load && (!x->uses_a || !x->uses_b) && w->val[w->out].uses_a;
        }
    }
    return l.n;
}

/* ---------------------------------------------------------------- emit */

typedef struct rem {
    const nl_kernel *kp;
    const nl_rows *w;
    const nl_cand *c;
    const nl_buf *b;
    np_sink sink;
    rlay l;
    int64_t L, nbt, ntiles;
} rem;

static void put(rem *e, const np_insn *in) { e->sink.fn(e->sink.ud, in); }

static void marker(rem *e, np_opcode op, int32_t buf) { np_put_marker(e->sink, op, buf); }

/* Value v's buffer in tile t. */
static int32_t vbuf(const rem *e, int32_t v, int64_t t) {
    int32_t h = e->w->val[v].home;
    return e->l.buf[h] + (int32_t)(t % e->l.copies[h]);
}

static np_view vview(const rem *e, int32_t v, int64_t t, int64_t tb) {
    const nl_rval *x = &e->w->val[v];
    int32_t b = vbuf(e, v, t);
    np_view view;
    memset(&view, 0, sizeof view);
    view.buf = b;
    view.dt = x->dt;
    view.ld = ceil_div(e->b[b].cols, e->L);
    view.off = e->b[b].offset;
    val_shape(e->w, e->c, tb, x, &view.rows, &view.cols);
    return view;
}

typedef struct rtile {
    int64_t t, u, b0, tb;
} rtile;

static rtile tile_of(const rem *e, int64_t t) {
    rtile r;
    r.t = t;
    r.u = t / e->nbt;
    r.b0 = (t % e->nbt) * e->l.tb;
    r.tb = min64(e->l.tb, e->w->NB - r.b0);
    return r;
}

/* DRAM strides of a tile's rows and columns for strides along b and a. */
static void dram_strides(const rem *e, int64_t sb, int64_t sa, int64_t *rs, int64_t *cs) {
    if (e->c->order == NL_ROWS_ROWS)
        *rs = sa, *cs = sb;
    else
        *rs = sb, *cs = sa;
}

static void loads(rem *e, int64_t t) {
    const nl_rows *w = e->w;
    rtile r = tile_of(e, t);
    for (uint32_t v = 0; v < w->nval; v++) {
        const nl_rval *x = &w->val[v];
        if (!x->load || (x->once && t > 0)) continue;
        np_view view = vview(e, (int32_t)v, t, r.tb);
        marker(e, NP_BIRTH, view.buf);
        np_insn in;
        memset(&in, 0, sizeof in);
        in.dst = view;
        in.op = NP_MVIN;
        /* np_why: elements an earlier tile loaded when a loop the value
         * does not vary along is past its first */
        in.why = !x->once && x->su == 0 && r.u > 0 ? NP_WHY_OUTER : !x->once && !x->uses_b && r.b0 > 0 ? NP_WHY_TILE : NP_WHY_FIRST;
        int64_t rs, cs;
        dram_strides(e, x->uses_b ? x->sb : 0, x->uses_a ? x->sa : 0, &rs, &cs);
        in.dram = (np_dram){x->a.value, x->a.off + r.u * x->su + r.b0 * x->sb, rs, cs};
        put(e, &in);
    }
}

static void fill(rem *e, np_view v, const nl_access *a) {
    np_put_fill(e->sink, v, a->kind == NL_A_IMM ? a->imm : (np_scalar){0}, a->kind == NL_A_SCALAR ? (int64_t)a->value : -1);
}

static void vec(rem *e, np_vmode mode, np_view dst, int64_t rows, int64_t cols, const np_view *src, uint32_t nsrc,
                const np_vprog *prog) {
    np_put_vec(e->sink, mode, dst, rows, cols, src, nsrc, prog);
}

/* Deaths after step p: every home buffer whose values nothing reads later
 * (the loaded tensors and the stored result die with the tile). */
static void deaths(rem *e, int64_t t, int32_t p) {
    const nl_rows *w = e->w;
    for (uint32_t v = 0; v < w->nval; v++) {
        const nl_rval *x = &w->val[v];
        if (x->home != (int32_t)v || x->load || x->span != p) continue;
        marker(e, NP_DEATH, vbuf(e, (int32_t)v, t));
    }
}

static void compute(rem *e, int64_t t) {
    const nl_rows *w = e->w;
    rtile r = tile_of(e, t);
    const bool rl = e->c->order == NL_ROWS_ROWS;
    const int64_t frows = rl ? w->A : r.tb, fcols = rl ? r.tb : w->A; /* a full tile */
    for (uint32_t p = 0; p < w->nstep; p++) {
        const nl_rstep *st = &w->step[p];
        np_view src[NP_VMAX_SRCS];
        for (uint32_t i = 0; i < st->nsrc; i++) src[i] = vview(e, st->src[i], t, r.tb);
        np_view acc = vview(e, st->acc, t, r.tb);
        if (w->val[st->acc].home == st->acc) marker(e, NP_BIRTH, acc.buf);
        if (st->reduce) {
            fill(e, acc, &st->init);
            vec(e, rl ? NP_VREDUCE_ROWS : NP_VREDUCE_COLS, acc, frows, fcols, src, st->nsrc, &st->prog);
            if (st->has_epi) {
                np_view esrc[NP_VMAX_SRCS];
                for (uint32_t i = 0; i < st->nesrc; i++) esrc[i] = vview(e, st->esrc[i], t, r.tb);
                np_view dst = acc;
                uint32_t n = st->nesrc;
                if (st->epi_own) {
                    esrc[n++] = acc;
                    dst = vview(e, st->res, t, r.tb);
                    marker(e, NP_BIRTH, dst.buf);
                }
                vec(e, NP_VMAP, dst, dst.rows, dst.cols, esrc, n, &st->epi);
            }
        } else {
            vec(e, NP_VMAP, acc, acc.rows, acc.cols, src, st->nsrc, &st->prog);
        }
        deaths(e, t, (int32_t)p);
    }
}

static void store(rem *e, int64_t t) {
    const nl_rows *w = e->w;
    rtile r = tile_of(e, t);
    np_view v = vview(e, w->out, t, r.tb);
    int64_t rs, cs;
    dram_strides(e, w->val[w->out].uses_b ? w->out_sb : 0, w->val[w->out].uses_a ? w->out_sa : 0, &rs, &cs);
    nl_store_blocks(e->sink, e->kp->t, v, e->kp->out.value, e->kp->out.off + r.u * w->out_su + r.b0 * w->out_sb, rs, cs);
    if (!w->val[w->val[w->out].home].load) marker(e, NP_DEATH, v.buf);
    for (uint32_t x = 0; x < w->nval; x++)
        if (w->val[x].load && (!w->val[x].once || t == e->ntiles - 1)) marker(e, NP_DEATH, vbuf(e, (int32_t)x, t));
}

void nl_rows_emit(const nl_kernel *kp, const nl_cand *c, const nl_buf *bufs, np_sink sink) {
    rem e;
    memset(&e, 0, sizeof e);
    e.kp = kp;
    e.w = kp->rows;
    e.c = c;
    e.b = bufs;
    e.sink = sink;
    e.l = rlay_of(kp, c);
    e.L = kp->t->lanes;
    e.nbt = ceil_div(e.w->NB, e.l.tb);
    e.ntiles = e.w->NU * e.nbt;
    for (int64_t t = 0; t < e.ntiles; t++) {
        const bool ahead = c->xbuf > 1 && t + 1 < e.ntiles;
        if (t == 0) loads(&e, 0);
        if (ahead) loads(&e, t + 1); /* the next tile loads while this one computes */
        compute(&e, t);
        store(&e, t);
        if (!ahead && t + 1 < e.ntiles) loads(&e, t + 1);
    }
    marker(&e, NP_BARRIER, -1);
}

/* ------------------------------------------------------------- search */

/* Instructions of a candidate's program (what timing it costs). */
int64_t nl_rows_insns(const nl_kernel *kp, const nl_cand *c) {
    const nl_rows *w = kp->rows;
    int64_t per = 4 + 4 * (int64_t)w->nval + 6 * (int64_t)w->nstep;
    return w->NU * ceil_div(w->NB, tile_b(c)) * per;
}

/* The vector unit's groups of one tile of tb along b (the timing model's
 * occupancy of its programs, without fills and cross-lane steps). */
static double tile_groups(const nl_kernel *kp, const nl_cand *c, int64_t tb) {
    const nl_rows *w = kp->rows;
    const nt_target *t = kp->t;
    const int64_t L = t->lanes;
    const bool rl = c->order == NL_ROWS_ROWS;
    const int64_t full = rl ? w->A * ceil_div(tb, L) : tb * ceil_div(w->A, L), stat = rl ? ceil_div(tb, L) : tb;
    double g = 0;
    for (uint32_t p = 0; p < w->nstep; p++) {
        const nl_rstep *st = &w->step[p];
        bool f = st->reduce || w->val[st->res].uses_a;
        g += (double)np_vprog_groups(&st->prog, f ? full : stat, t->vlen_bits, np_dtype_bytes((np_dtype)w->val[st->acc].dt));
        if (st->reduce && st->has_epi) g += (double)np_vprog_groups(&st->epi, stat, t->vlen_bits, 4);
    }
    return g;
}

/* A lower bound on a candidate's cycles (the DMA of the bytes it moves,
 * the vector unit's groups, each the exact sum over its tiles, the last
 * along b perhaps shorter) and a quick estimate (their sum with single
 * buffers, their maximum with double). */
void nl_rows_estimate(const nl_kernel *kp, const nl_cand *c, int64_t *bound, int64_t *heur) {
    const nl_rows *w = kp->rows;
    const nt_target *t = kp->t;
    const int64_t tb = tile_b(c), nbt = ceil_div(w->NB, tb), last = w->NB - (nbt - 1) * tb;
    double bytes = 0;
    for (uint32_t v = 0; v < w->nval; v++) {
        const nl_rval *x = &w->val[v];
        if (!x->load && (int32_t)v != w->out) continue;
        double along_b = x->once ? 1.0 : (double)w->NU * (x->uses_b ? (double)w->NB : (double)nbt);
        bytes += along_b * (double)(x->uses_a ? w->A : 1) * np_dtype_bytes((np_dtype)x->dt);
    }
    double vu = (double)w->NU * ((double)(nbt - 1) * tile_groups(kp, c, tb) + tile_groups(kp, c, last));
    double d = bytes / nt_dram_bytes_per_cycle(t);
    double b = d > vu ? d : vu;
    double h = c->xbuf > 1 ? b : d + vu;
    *bound = b < (double)NC_TIME_MAX ? (int64_t)b : NC_TIME_MAX;
    *heur = h < (double)NC_TIME_MAX ? (int64_t)h : NC_TIME_MAX;
}

/* The candidates: both layouts; along b, in the rows (axis across the
 * lanes) every power of two and the whole, across the lanes the whole or
 * multiples of the lanes; loads x1 or x2, the result x1 or x2. */
uint32_t nl_rows_cands(const nl_kernel *kp, nl_cand *out, uint32_t cap) {
    const nl_rows *w = kp->rows;
    const int64_t L = kp->t->lanes, NB = w->NB;
    uint32_t n = 0;
    for (int lay = 0; lay < 2; lay++) {
        int64_t sizes[64];
        uint32_t ns = 0;
        if (lay == NL_ROWS_COLS) {
            for (int64_t s = 1; s < NB && ns < 62; s *= 2) sizes[ns++] = s;
        } else if (NB > L) {
            for (int64_t s = L; s < NB && ns < 62; s *= 2) sizes[ns++] = s;
        }
        sizes[ns++] = NB;
        const bool own = !w->val[w->val[w->out].home].load;
        for (uint32_t i = 0; i < ns; i++) {
            int64_t tiles = w->NU * ceil_div(NB, sizes[i]);
            for (int xb = 1; xb <= 2; xb++)
                for (int yb = 1; yb <= 2; yb++) {
                    if ((xb == 2 || yb == 2) && tiles < 2) continue;
                    if (yb == 2 && !own) continue;
                    nl_cand c;
                    memset(&c, 0, sizeof c);
                    c.order = (uint8_t)lay;
                    c.tm = lay == NL_ROWS_ROWS ? w->A : sizes[i];
                    c.tn = lay == NL_ROWS_ROWS ? sizes[i] : w->A;
                    c.xbuf = (uint8_t)xb, c.ybuf = (uint8_t)yb;
                    if (n < cap) out[n++] = c;
                }
        }
    }
    return n;
}

/* Whether the smallest tile of a row-wise chain fits `budget` bytes per
 * lane on t and its buffers one kernel's: every tensor it reads and two
 * values of each part (a reduction's accumulator and result), each loaded
 * tensor and the result twice, every one a separate tile of one b (every
 * element along the axis) in 8-byte elements: more than any plan of it
 * takes. */
bool nl_rows_fit(const nt_target *t, int64_t budget, const kernel *k) {
    const kn_rows *r = k->rows;
    if (!r) return false;
    int64_t nvals = (int64_t)k->ninputs + 2 * (int64_t)r->npart, nbufs = nvals + (int64_t)k->ninputs + 1;
    int64_t down = r->A * 8, across = ceil_div(r->A, t->lanes) * 8; /* one b in either layout */
    return nbufs * (down < across ? down : across) <= budget && nbufs <= NL_MAX_BUFS && nvals <= NL_ROWS_VALS;
}
