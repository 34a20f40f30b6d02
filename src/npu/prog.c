/* prog.c - instruction names and the program printer (see prog.h). */
#include "prog.h"

#include <stdio.h>

const char *np_opcode_name(np_opcode op) {
    static const char *const names[] = {"birth", "death", "mvin", "mvout", "fill", "gemm.ws", "vec", "barrier"};
    return (unsigned)op < SP_ARRAY_LEN(names) ? names[op] : "?";
}

const char *np_vop_name(np_vop op) {
    static const char *const names[] = {"load", "acc", "const", "scalar", "add", "sub", "mul", "div",
                                        "max", "min", "maxnum", "minnum", "neg", "abs", "sqrt", "rsqrt",
                                        "exp", "log", "tanh", "erf", "cmp", "select"};
    return (unsigned)op < SP_ARRAY_LEN(names) ? names[op] : "?";
}

int64_t np_view_span(const np_view *v, int64_t lanes, int64_t elem_bytes) {
    if (v->rows <= 0 || v->cols <= 0) return 0;
    return ((v->rows - 1) * v->ld + (v->cols + lanes - 1) / lanes) * elem_bytes;
}

static const char *bname(const np_names *nm, int32_t b) {
    const char *s = nm && nm->buf ? nm->buf(nm->ud, b) : NULL;
    return s ? s : "?";
}

static void view(sp_strbuf *o, const np_names *nm, const np_view *v) {
    sp_strbuf_printf(o, "%s[%lldx%lld]@%lld", bname(nm, v->buf), (long long)v->rows, (long long)v->cols, (long long)v->off);
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
        sp_strbuf_printf(o, "r%u = %s", v->d, np_vop_name((np_vop)v->op));
        switch ((np_vop)v->op) {
        case NV_LOAD: sp_strbuf_printf(o, " s%u", v->a); break;
        case NV_ACC: break;
        case NV_CONST: sp_strbuf_printf(o, " %g", (double)v->imm); break;
        case NV_SCALAR: sp_strbuf_printf(o, " $%u", v->slot); break;
        case NV_NEG: case NV_ABS: case NV_SQRT: case NV_RSQRT: case NV_EXP: case NV_LOG: case NV_TANH: case NV_ERF:
            sp_strbuf_printf(o, " r%u", v->a);
            break;
        case NV_CMP: sp_strbuf_printf(o, ".%s r%u, r%u", CMP_NAMES[v->pred & 15], v->a, v->b); break;
        case NV_SELECT: sp_strbuf_printf(o, " r%u, r%u, r%u", v->a, v->b, v->c); break;
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
        if (in->scalar >= 0)
            sp_strbuf_printf(o, " = $%lld", (long long)in->scalar);
        else
            sp_strbuf_printf(o, " = %g", (double)in->imm);
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
    case NP_BARRIER: break;
    }
}
