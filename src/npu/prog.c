/* prog.c - instruction names and the program printer (see prog.h). */
#include "prog.h"

#include <stdio.h>
#include <string.h>

#include "ir/ir.h"

const char *np_opcode_name(np_opcode op) {
    static const char *const names[] = {"birth", "death", "mvin", "mvout", "fill", "gemm.ws", "vec", "barrier", "gather"};
    return (unsigned)op < SP_ARRAY_LEN(names) ? names[op] : "?";
}

const char *np_why_name(np_why w) {
    static const char *const names[] = {"first", "tile", "outer", "epilogue", "halo"};
    return (unsigned)w < SP_ARRAY_LEN(names) ? names[w] : "?";
}

const char *np_vop_name(np_vop op) {
    static const char *const names[] = {"load", "acc", "const", "scalar", "add", "sub", "mul", "div", "max", "min",
                                        "maxnum", "minnum", "fn", "cmp", "select", "op", "idx", "gidx"};
    return (unsigned)op < SP_ARRAY_LEN(names) ? names[op] : "?";
}

bool np_vfn_alu(uint16_t fn) { return fn == IR_OP_NEGF || fn == IR_OP_ABSF || fn == IR_OP_SQRT || fn == IR_OP_RSQRT; }

const char *np_vfn_name(uint16_t fn) {
    const char *n = fn < IR_OP_COUNT ? ir_op_name((ir_opkind)fn) : "?";
    const char *dot = strchr(n, '.');
    return dot ? dot + 1 : n;
}

int np_dtype_bytes(np_dtype t) {
    static const int bytes[] = {4, 8, 1, 1, 2, 4, 8, 2, 2};
    return (unsigned)t < SP_ARRAY_LEN(bytes) ? bytes[t] : 4;
}

const char *np_dtype_name(np_dtype t) {
    static const char *const names[] = {"f32", "f64", "i1", "i8", "i16", "i32", "i64", "bf16", "f16"};
    return (unsigned)t < SP_ARRAY_LEN(names) ? names[t] : "?";
}

static int size_class(int bytes) { return bytes >= 8 ? 3 : bytes >= 4 ? 2 : bytes >= 2 ? 1 : 0; }

int64_t np_vprog_groups(const np_vprog *p, int64_t lane_elems, int64_t vlen_bits, int copy_bytes) {
    int64_t g = 0;
    uint32_t n = 0;
    for (int k = 0; k < 4; k++) {
        if (!p->nalu_bytes[k]) continue;
        int64_t per = vlen_bits / (8 << k);
        if (per < 1) per = 1;
        g += (int64_t)p->nalu_bytes[k] * ((lane_elems + per - 1) / per);
        n += p->nalu_bytes[k];
    }
    if (n < p->nalu) { /* a program made before the sizes were counted: f32 */
        int64_t per = vlen_bits / 32 > 0 ? vlen_bits / 32 : 1;
        g += (int64_t)(p->nalu - n) * ((lane_elems + per - 1) / per);
    }
    if (!p->nalu) {
        int64_t per = vlen_bits / (8 << size_class(copy_bytes));
        if (per < 1) per = 1;
        g = (lane_elems + per - 1) / per;
    }
    return g;
}

int64_t np_vprog_op_bytes(const np_vprog *p) {
    int64_t b = 0;
    uint32_t n = 0;
    for (int k = 0; k < 4; k++) b += (int64_t)p->nalu_bytes[k] << k, n += p->nalu_bytes[k];
    return b + 4 * (int64_t)(p->nalu - (n < p->nalu ? n : p->nalu));
}

int64_t np_view_span(const np_view *v, int64_t lanes) {
    if (v->rows <= 0 || v->cols <= 0) return 0;
    /* the last row starting furthest: the last row, or the last row of the
     * group or of the set before the last (strides are non-negative) */
    int64_t last = np_view_row(v, v->rows - 1);
    if (v->g1 > 0) {
        int64_t j = (v->rows - 1) / v->g1; /* the last row's group */
        if (j > 0) {
            int64_t r = j * v->g1 - 1;
            if (np_view_row(v, r) > last) last = np_view_row(v, r);
            if (v->g2 > 0 && j / v->g2 > 0) {
                r = (j / v->g2) * v->g2 * v->g1 - 1;
                if (np_view_row(v, r) > last) last = np_view_row(v, r);
            }
        }
    }
    return (last + (v->c0 + v->cols + lanes - 1) / lanes) * np_view_elem(v);
}

int64_t np_view_lane_elems(const np_view *v, int64_t lanes) {
    if (v->rows <= 0 || v->cols <= 0) return 0;
    return v->rows * ((v->c0 + v->cols + lanes - 1) / lanes - v->c0 / lanes);
}

static const char *bname(const np_names *nm, int32_t b) {
    const char *s = nm && nm->buf ? nm->buf(nm->ud, b) : NULL;
    return s ? s : "?";
}

/* "X[256x384]@0"; other element types than f32 and a first column are
 * named: "%m[16x1 i1]@64", "T[3x56 +c1]@0" */
static void view(sp_strbuf *o, const np_names *nm, const np_view *v) {
    sp_strbuf_printf(o, "%s[%lldx%lld", bname(nm, v->buf), (long long)v->rows, (long long)v->cols);
    if (v->dt != NP_F32) sp_strbuf_printf(o, " %s", np_dtype_name((np_dtype)v->dt));
    if (v->c0) sp_strbuf_printf(o, " +c%lld", (long long)v->c0);
    if (v->g1 > 0 && v->g1 < v->rows) { /* grouped rows: "ld/g1:gs1[/g2:gs2]" per-lane elements */
        sp_strbuf_printf(o, " rows %lld,%lld:%lld", (long long)v->ld, (long long)v->g1, (long long)v->gs1);
        if (v->g2 > 0 && v->g2 * v->g1 < v->rows) sp_strbuf_printf(o, ",%lld:%lld", (long long)v->g2, (long long)v->gs2);
    }
    sp_strbuf_printf(o, "]@%lld", (long long)v->off);
}

static void scalar_text(sp_strbuf *o, np_dtype t, np_scalar s) {
    if (np_dtype_float(t))
        sp_strbuf_printf(o, "%g", s.f);
    else
        sp_strbuf_printf(o, "%lld", (long long)s.i);
}

static void dram(sp_strbuf *o, const np_names *nm, const np_dram *d, int64_t rows, int64_t cols) {
    const char *t = nm && nm->tensor ? nm->tensor(nm->ud, d->tensor) : NULL;
    sp_strbuf_printf(o, "%s[%lld +%lld*r +%lld*c, %lldx%lld]", t ? t : "?", (long long)d->off, (long long)d->rs,
                     (long long)d->cs, (long long)rows, (long long)cols);
}

static const char *const CMP_NAMES[] = {"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                                        "ueq",   "ugt", "uge", "ult", "ule", "une", "uno", "true"};

void np_print_vprog(sp_strbuf *o, const np_vprog *p) {
    for (uint32_t i = 0; i < p->n; i++) {
        const np_vinsn *v = &p->insn[i];
        if (i) sp_strbuf_puts(o, "; ");
        sp_strbuf_printf(o, "r%u = %s", v->d, v->op == NV_FN ? np_vfn_name(v->fn) : np_vop_name((np_vop)v->op));
        if (v->op == NV_OP && v->op_ir) sp_strbuf_printf(o, " %s", ir_op_name((ir_opkind)((const ir_op *)v->op_ir)->kind));
        /* the element type, where it is not f32 (a cmp's: its operands') */
        np_dtype t = (np_dtype)(v->op == NV_CMP ? v->at : v->dt);
        if (t != NP_F32) sp_strbuf_printf(o, ".%s", np_dtype_name(t));
        if (v->op == NV_OP && v->at != v->dt) sp_strbuf_printf(o, ".from.%s", np_dtype_name((np_dtype)v->at));
        switch ((np_vop)v->op) {
        case NV_LOAD: sp_strbuf_printf(o, " s%u", v->a); break;
        case NV_ACC: break;
        case NV_CONST:
            sp_strbuf_putc(o, ' ');
            scalar_text(o, (np_dtype)v->dt, v->imm);
            break;
        case NV_SCALAR: sp_strbuf_printf(o, " $%u", v->slot); break;
        case NV_FN: sp_strbuf_printf(o, " r%u", v->a); break;
        case NV_CMP: sp_strbuf_printf(o, ".%s r%u, r%u", CMP_NAMES[v->pred & 15], v->a, v->b); break;
        case NV_SELECT: sp_strbuf_printf(o, " r%u, r%u, r%u", v->a, v->b, v->c); break;
        case NV_IDX: sp_strbuf_printf(o, " d%u", v->slot); break;
        case NV_GIDX: sp_strbuf_printf(o, " r%u * %lld + r%u", v->a, (long long)v->imm.i, v->b); break;
        case NV_OP: {
            const ir_op *op = v->op_ir;
            uint32_t n = op ? op->nopnds : 0;
            for (uint32_t j = 0; j < n && j < 3; j++) sp_strbuf_printf(o, "%s r%u", j ? "," : "", j == 0 ? v->a : j == 1 ? v->b : v->c);
            break;
        }
        default: sp_strbuf_printf(o, " r%u, r%u", v->a, v->b); break;
        }
    }
    sp_strbuf_printf(o, "%s-> r%u", p->n ? "; " : "", p->result);
}

void np_print_insn(sp_strbuf *o, const np_names *nm, const np_insn *in) {
    sp_strbuf_printf(o, "%-8s", np_opcode_name((np_opcode)in->op));
    switch ((np_opcode)in->op) {
    case NP_BIRTH:
    case NP_DEATH: sp_strbuf_puts(o, bname(nm, in->buf)); break;
    case NP_MVIN:
        view(o, nm, &in->dst);
        sp_strbuf_puts(o, " <- ");
        dram(o, nm, &in->dram, in->dst.rows, in->dst.cols);
        break;
    case NP_MVOUT:
        dram(o, nm, &in->dram, in->a.rows, in->a.cols);
        sp_strbuf_puts(o, " <- ");
        view(o, nm, &in->a);
        break;
    case NP_FILL:
        view(o, nm, &in->dst);
        if (in->scalar >= 0) {
            sp_strbuf_printf(o, " = $%lld", (long long)in->scalar);
        } else {
            sp_strbuf_puts(o, " = ");
            scalar_text(o, (np_dtype)in->dst.dt, in->imm);
        }
        break;
    case NP_GEMM:
        view(o, nm, &in->dst);
        sp_strbuf_puts(o, in->flags & NP_ACC ? " += " : " = ");
        view(o, nm, &in->a);
        sp_strbuf_puts(o, " * ");
        view(o, nm, &in->b);
        break;
    case NP_VEC: {
        static const char *const modes[] = {"map", "reduce rows", "reduce cols", "reduce all"};
        sp_strbuf_printf(o, "%s ", modes[in->mode & 3]);
        view(o, nm, &in->dst);
        sp_strbuf_printf(o, " over %lldx%lld", (long long)in->rows, (long long)in->cols);
        for (uint32_t s = 0; s < in->nsrc; s++) {
            sp_strbuf_printf(o, "%s s%u=", s ? "," : " with", s);
            view(o, nm, &in->src[s]);
        }
        sp_strbuf_puts(o, ": ");
        np_print_vprog(o, in->prog);
        break;
    }
    case NP_GATHER:
    { /* "dst <- %table[off + idx[...]]" */
        const char *t = nm && nm->tensor ? nm->tensor(nm->ud, in->dram.tensor) : NULL;
        view(o, nm, &in->dst);
        sp_strbuf_printf(o, " <- %s[%lld + ", t ? t : "?", (long long)in->dram.off);
        view(o, nm, &in->a);
        sp_strbuf_puts(o, "]");
        break;
    }
    case NP_BARRIER: break;
    }
}

void np_put_marker(np_sink s, np_opcode op, int32_t buf) {
    np_insn in;
    memset(&in, 0, sizeof in);
    in.op = (uint8_t)op;
    in.buf = buf;
    s.fn(s.ud, &in);
}

void np_put_fill(np_sink s, np_view dst, np_scalar imm, int64_t scalar) {
    np_insn in;
    memset(&in, 0, sizeof in);
    in.op = NP_FILL;
    in.dst = dst;
    in.imm = imm;
    in.scalar = scalar;
    s.fn(s.ud, &in);
}

void np_put_vec(np_sink s, np_vmode mode, np_view dst, int64_t rows, int64_t cols, const np_view *src, uint32_t nsrc,
                const np_vprog *prog) {
    np_insn in;
    memset(&in, 0, sizeof in);
    in.op = NP_VEC;
    in.mode = (uint8_t)mode;
    in.dst = dst;
    in.rows = rows;
    in.cols = cols;
    in.nsrc = (uint8_t)nsrc;
    in.src = src;
    in.prog = prog;
    s.fn(s.ud, &in);
}
