/* test_body.c - the body program (passes/body.h): an op a backend's table
 * lacks is decomposed into ops the table has (recursively), an op with no
 * decomposition it can use stays one instruction for the backend to run or
 * refuse, f64 is never decomposed, and a scalar from outside the body is
 * captured once, right before its first use. */
#include <string.h>

#include "base/ctx.h"
#include "mlir/reader.h"
#include "passes/body.h"
#include "test.h"

static const char src[] =
    "#map = affine_map<(d0) -> (d0)>\n"
    "func.func @f(%x: tensor<8xf32>, %y: tensor<8xf64>, %s: f32) -> tensor<8xf32> {\n"
    "  %e = tensor.empty() : tensor<8xf32>\n"
    "  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = [\"parallel\"]}\n"
    "      ins(%x, %y : tensor<8xf32>, tensor<8xf64>) outs(%e : tensor<8xf32>) {\n"
    "  ^bb0(%a: f32, %b: f64, %o: f32):\n"
    "    %m = arith.mulf %a, %s : f32\n"
    "    %1 = math.expm1 %m : f32\n"
    "    %2 = math.sinh %1 : f32\n"
    "    %3 = math.cosh %2 : f32\n"
    "    %4 = math.log1p %3 : f32\n"
    "    %5 = math.expm1 %b : f64\n"
    "    linalg.yield %4 : f32\n"
    "  } -> tensor<8xf32>\n"
    "  return %r : tensor<8xf32>\n"
    "}\n";

/* a vector unit with exp (and tanh when ud is non-NULL) and arithmetic */
static bool table(const void *ud, ir_opkind k, ir_dtype dt) {
    (void)dt;
    if (k == IR_OP_TANH) return ud != NULL;
    return k == IR_OP_CONSTANT || k == IR_OP_ADDF || k == IR_OP_SUBF || k == IR_OP_MULF || k == IR_OP_NEGF ||
           k == IR_OP_EXP;
}

/* Compile the body; count its instructions of kind k into n[k]. */
static void compile(const ir_block *b, const bd_target *t, bd_prog *p, uint32_t *n) {
    bd_init(p, t);
    for (uint32_t i = 0; i < 3; i++) CHECK(bd_reg(p, &b->args[i]) == (int)i);
    for (const ir_op *o = b->first; o && o->kind != IR_OP_LINALG_YIELD; o = o->next) CHECK(bd_op(p, o));
    CHECK(bd_operand(p, b->last->opnds[0]) >= 0);
    memset(n, 0, sizeof(uint32_t) * IR_OP_COUNT);
    for (uint32_t i = 0; i < p->n; i++) n[p->insn[i].kind]++;
}

static void read(sp_ctx *ctx, void *ud) { mlir_read_string(ctx, "body.mlir", src, sizeof src - 1, (ir_module **)ud); }

int main(void) {
    sp_ctx ctx;
    sp_ctx_init(&ctx, NULL);
    ir_module *m = NULL;
    CHECK(sp_pcall(&ctx, read, &m) == SP_OK && m != NULL);
    if (!m) TEST_DONE();
    const ir_op *g = NULL;
    for (const ir_op *f = ir_module_body(m)->first; f && !g; f = f->next)
        if (f->kind == IR_OP_FUNC)
            for (const ir_op *o = f->regions[0]->first; o && !g; o = o->next)
                if (o->kind == IR_OP_LINALG) g = o;
    CHECK(g != NULL);
    if (!g) TEST_DONE();
    const ir_block *b = ir_linalg_body(g);
    static bd_prog p;
    uint32_t n[IR_OP_COUNT];

    /* with tanh: expm1, sinh and cosh in f32 become exp, tanh and
     * arithmetic; log1p (no decomposition) and the f64 expm1 stay */
    bd_target with_tanh = {table, &ctx};
    compile(b, &with_tanh, &p, n);
    CHECK_EQ_INT(n[IR_OP_EXPM1], 1);
    CHECK(p.insn[p.n - 1].kind == IR_OP_EXPM1 && p.insn[p.n - 1].dt == IR_F64 && p.insn[p.n - 1].op != NULL);
    CHECK_EQ_INT(n[IR_OP_SINH], 0);
    CHECK_EQ_INT(n[IR_OP_COSH], 0);
    CHECK_EQ_INT(n[IR_OP_LOG1P], 1);
    CHECK_EQ_INT(n[IR_OP_TANH], 2); /* expm1's and sinh's */
    CHECK_EQ_INT(n[IR_OP_EXP], 5);  /* expm1's, sinh's cosh's two, cosh's two */
    /* the captured %s: one instruction, before the mulf reading it */
    CHECK(p.insn[0].capture && p.insn[0].kind == IR_OP_CONSTANT && p.insn[1].kind == IR_OP_MULF);
    CHECK(p.insn[1].b == p.insn[0].dst);
    /* every decomposition's last step holds the op's result */
    uint32_t results = 0;
    for (uint32_t i = 0; i < p.n; i++) results += !p.insn[i].op && !p.insn[i].capture && p.insn[i].val != NULL;
    CHECK_EQ_INT(results, 3);

    /* without tanh: expm1 and sinh (through tanh) stay, cosh does not */
    bd_target no_tanh = {table, NULL};
    compile(b, &no_tanh, &p, n);
    CHECK_EQ_INT(n[IR_OP_EXPM1], 2);
    CHECK_EQ_INT(n[IR_OP_SINH], 1);
    CHECK_EQ_INT(n[IR_OP_COSH], 0);
    CHECK_EQ_INT(n[IR_OP_TANH], 0);
    CHECK(!bd_decomposes(&p, IR_OP_SINH, IR_F32) && bd_decomposes(&p, IR_OP_COSH, IR_F32));
    CHECK(!bd_decomposes(&p, IR_OP_COSH, IR_F64));

    ir_module_free(m);
    TEST_DONE();
}
