/* test_reader.c - the MLIR reader: named ops become the structured form with
 * the maps/iterators/bodies MLIR's generalization gives them, every printing
 * mode of one model reads to the same IR, constants in every spelling, and
 * located errors. */
#include "test.h"
#include "util.h"

static ir_op *nth_op(ir_module *m, int kind, int n) {
    ir_block *body = ir_module_body(m);
    for (ir_op *f = body->first; f; f = f->next) {
        if (f->kind != IR_OP_FUNC || f->u.fn.is_decl) continue;
        for (ir_op *op = f->regions[0]->first; op; op = op->next)
            if (op->kind == kind && n-- == 0) return op;
    }
    return NULL;
}

static char *map_str(sp_ctx *ctx, const ir_amap *m) {
    static char buf[8][256];
    static int k;
    sp_strbuf b;
    sp_strbuf_init(&b, ctx);
    mlir_print_amap(&b, m);
    char *out = buf[k++ % 8];
    snprintf(out, 256, "%s", b.data);
    sp_strbuf_free(&b);
    return out;
}

/* body ops as a "kind,kind,..." string */
static const char *body_str(const ir_op *op) {
    static char buf[512];
    buf[0] = 0;
    for (const ir_op *o = op->regions[0]->first; o; o = o->next) {
        if (buf[0]) strcat(buf, ",");
        strcat(buf, ir_op_name((ir_opkind)o->kind));
    }
    return buf;
}

static const char *iters_str(const ir_op *op) {
    static char buf[64];
    uint32_t i;
    for (i = 0; i < op->u.lin.ndims; i++) buf[i] = op->u.lin.iters[i] ? 'r' : 'p';
    buf[i] = 0;
    return buf;
}

/* one function of named ops; `last` is its final op before the return */
#define NAMED_PREFIX                                                                                                  \
    "func.func @f(%a: tensor<4x8xbf16>, %b: tensor<8x16xbf16>, %c: tensor<4x16xf32>, %t: tensor<2x3x4xf32>,\n"       \
    "             %x: tensor<4x8xf32>, %bb: tensor<2x4x8xf32>, %bc: tensor<2x8x16xf32>) -> tensor<4x16xf32> {\n"     \
    "  %m = linalg.matmul ins(%a, %b : tensor<4x8xbf16>, tensor<8x16xbf16>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>\n" \
    "  %e = tensor.empty() : tensor<4x2x3xf32>\n"                                                                       \
    "  %tr = linalg.transpose ins(%t : tensor<2x3x4xf32>) outs(%e : tensor<4x2x3xf32>) permutation = [2, 0, 1]\n"     \
    "  %e2 = tensor.empty() : tensor<3x4x8xf32>\n"                                                                     \
    "  %br = linalg.broadcast ins(%x : tensor<4x8xf32>) outs(%e2 : tensor<3x4x8xf32>) dimensions = [0]\n"             \
    "  %z = arith.constant 0.0 : f32\n"                                                                                \
    "  %fl = linalg.fill ins(%z : f32) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>\n"                              \
    "  %brm = linalg.batch_reduce_matmul ins(%bb, %bc : tensor<2x4x8xf32>, tensor<2x8x16xf32>) outs(%fl : tensor<4x16xf32>) -> tensor<4x16xf32>\n" \
    "  %e3 = tensor.empty() : tensor<4x8xf32>\n"                                                                       \
    "  %rc = linalg.elementwise kind=#linalg.elementwise_kind<reciprocal> ins(%x : tensor<4x8xf32>) outs(%e3 : tensor<4x8xf32>) -> tensor<4x8xf32>\n" \
    "  %mx = linalg.max ins(%x, %rc : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e3 : tensor<4x8xf32>) -> tensor<4x8xf32>\n" \
    "  %e4 = tensor.empty() : tensor<4xf32>\n"                                                                         \
    "  %rd = linalg.reduce { arith.addf } ins(%mx : tensor<4x8xf32>) outs(%e4 : tensor<4xf32>) dimensions = [1]\n"   \
    "  %e5 = tensor.empty() : tensor<8x4xf32>\n"                                                                       \
    "  %mt = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>,\n"      \
    "                                       affine_map<(m, n, k) -> (m, n)>]\n"
#define NAMED_SUFFIX "  return %m : tensor<4x16xf32>\n}\n"

static void test_named_imports(sp_ctx *ctx) {
    char err[512];
    /* the transposed matmul's maps do not fit %x: a located verifier error */
    ir_module *m = parse_text(ctx,
        NAMED_PREFIX "        ins(%x, %b : tensor<4x8xf32>, tensor<8x16xbf16>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>\n"
        NAMED_SUFFIX, err, sizeof err);
    CHECK(m == NULL);
    CHECK_CONTAINS(err, "17:9: 'linalg.matmul' op operand #1 dimension 0 is 8, but loop d2 has 4 iterations");

    m = parse_text(ctx,
        NAMED_PREFIX "        ins(%e5, %b : tensor<8x4xf32>, tensor<8x16xbf16>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>\n"
        NAMED_SUFFIX, err, sizeof err);
    CHECK(m != NULL);
    if (!m) {
        fprintf(stderr, "parse failed: %s\n", err);
        return;
    }
    ir_op *mm = nth_op(m, IR_OP_LINALG, 0);
    CHECK_EQ_INT(mm->u.lin.named, IR_LN_MATMUL);
    CHECK_EQ_STR(map_str(ctx, mm->u.lin.maps[0]), "affine_map<(d0, d1, d2) -> (d0, d2)>");
    CHECK_EQ_STR(map_str(ctx, mm->u.lin.maps[1]), "affine_map<(d0, d1, d2) -> (d2, d1)>");
    CHECK_EQ_STR(map_str(ctx, mm->u.lin.maps[2]), "affine_map<(d0, d1, d2) -> (d0, d1)>");
    CHECK_EQ_STR(iters_str(mm), "ppr");
    CHECK_EQ_STR(body_str(mm), "arith.extf,arith.extf,arith.mulf,arith.addf,linalg.yield");
    CHECK(!mm->u.lin.explicit_maps);

    ir_op *tr = nth_op(m, IR_OP_LINALG, 1);
    CHECK_EQ_INT(tr->u.lin.named, IR_LN_TRANSPOSE);
    CHECK_EQ_STR(map_str(ctx, tr->u.lin.maps[0]), "affine_map<(d0, d1, d2) -> (d1, d2, d0)>");
    CHECK_EQ_STR(map_str(ctx, tr->u.lin.maps[1]), "affine_map<(d0, d1, d2) -> (d0, d1, d2)>");
    CHECK_EQ_STR(body_str(tr), "linalg.yield");

    ir_op *br = nth_op(m, IR_OP_LINALG, 2);
    CHECK_EQ_STR(map_str(ctx, br->u.lin.maps[0]), "affine_map<(d0, d1, d2) -> (d1, d2)>");
    CHECK_EQ_STR(iters_str(br), "ppp");

    ir_op *fl = nth_op(m, IR_OP_LINALG, 3);
    CHECK_EQ_INT(fl->u.lin.named, IR_LN_FILL);
    CHECK_EQ_STR(map_str(ctx, fl->u.lin.maps[0]), "affine_map<(d0, d1) -> ()>");

    ir_op *brm = nth_op(m, IR_OP_LINALG, 4);
    CHECK_EQ_STR(map_str(ctx, brm->u.lin.maps[0]), "affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>");
    CHECK_EQ_STR(map_str(ctx, brm->u.lin.maps[1]), "affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>");
    CHECK_EQ_STR(map_str(ctx, brm->u.lin.maps[2]), "affine_map<(d0, d1, d2, d3) -> (d1, d2)>");
    CHECK_EQ_STR(iters_str(brm), "rppr");

    ir_op *rc = nth_op(m, IR_OP_LINALG, 5);
    CHECK_EQ_STR(body_str(rc), "arith.constant,arith.divf,linalg.yield");
    ir_op *mx = nth_op(m, IR_OP_LINALG, 6);
    CHECK_EQ_STR(body_str(mx), "arith.maximumf,linalg.yield");
    ir_op *rd = nth_op(m, IR_OP_LINALG, 7);
    CHECK_EQ_STR(iters_str(rd), "pr");
    CHECK_EQ_STR(map_str(ctx, rd->u.lin.maps[1]), "affine_map<(d0, d1) -> (d0)>");
    /* reduce's short form applies the op to (init, in), as MLIR does */
    const ir_op *add = rd->regions[0]->first;
    CHECK(add->opnds[0] == &rd->regions[0]->args[1] && add->opnds[1] == &rd->regions[0]->args[0]);

    ir_op *mt = nth_op(m, IR_OP_LINALG, 8);
    CHECK(mt->u.lin.explicit_maps);
    CHECK_EQ_STR(map_str(ctx, mt->u.lin.maps[0]), "affine_map<(d0, d1, d2) -> (d2, d0)>");
    CHECK_EQ_STR(body_str(mt), "arith.extf,arith.mulf,arith.addf,linalg.yield");
    ir_module_free(m);
}

/* Files that are the same IR in different printing modes read identically. */
static void test_printing_modes(sp_ctx *ctx) {
    static const char *const groups[][5] = {
        {"mlir22/variants/mlp_pytorch.roundtrip.mlir", "mlir22/variants/mlp_pytorch.generic.mlir",
         "mlir22/variants/mlp_pytorch.debuginfo.mlir", "mlir22/variants/mlp_pytorch.localscope.mlir", "mlir22/mlp_pytorch.mlir"},
        {"mlir22/variants/mlp_pytorch.generalized.mlir", "mlir22/variants/mlp_pytorch.generalized.generic.mlir", NULL},
        {"mlir22/variants/mlp_mlirgen.roundtrip.mlir", "mlir22/variants/mlp_mlirgen.generic.mlir",
         "mlir22/variants/mlp_mlirgen.debuginfo.mlir", "mlir22/variants/mlp_mlirgen.localscope.mlir", "mlir22/mlp_mlirgen.mlir"},
        {"mlir22/variants/mlp_mlirgen.generalized.mlir", "mlir22/variants/mlp_mlirgen.generalized.generic.mlir", NULL},
        {"mlir22/dense200_nonsplat.mlir", "mlir22/variants/dense200_hex.mlir", NULL},
        {"mlir22/floats.mlir", "mlir22/variants/floats.roundtrip.mlir", NULL},
        {"mlir22/edge_syntax.mlir", "mlir22/variants/edge_syntax.roundtrip.mlir", NULL},
    };
    for (size_t g = 0; g < SP_ARRAY_LEN(groups); g++) {
        char *first = NULL;
        for (int i = 0; i < 5 && groups[g][i]; i++) {
            char path[1024], err[1024];
            ir_module *m = parse_file(ctx, corpus(groups[g][i], path, sizeof path), err, sizeof err);
            CHECK(m != NULL);
            if (!m) {
                fprintf(stderr, "%s\n", err);
                continue;
            }
            char *p = print_module(ctx, m);
            char *c = canon_names(p);
            if (!first) {
                first = c;
            } else {
                if (strcmp(first, c)) fprintf(stderr, "differs from %s: %s\n", groups[g][0], groups[g][i]);
                CHECK(!strcmp(first, c));
                free(c);
            }
            free(p);
            ir_module_free(m);
        }
        free(first);
    }
}

static void test_constants(sp_ctx *ctx) {
    char err[512];
    ir_module *m = parse_text(ctx,
        "!t = tensor<2x2xf32>\n"
        "#m = affine_map<(d0) -> (d0)>\n"
        "func.func @c() -> (!t, tensor<4xi8>, tensor<3xbf16>, f32, i8, tensor<2xi1>, index) {\n"
        "  %a = arith.constant dense_resource<blob1> : !t\n"
        "  %b = arith.constant dense<[-128, 127, 255, 0x7F]> : tensor<4xi8>\n"
        "  %h = arith.constant dense<\"0x803F0040803F\"> : tensor<3xbf16>\n"
        "  %f = arith.constant 0x3F800000 : f32 loc(#loc3)\n"
        "  %i = arith.constant -1 : i8\n"
        "  %t = arith.constant dense<[true, false]> : tensor<2xi1>\n"
        "  %x = arith.constant 5 : index\n"
        "  return %a, %b, %h, %f, %i, %t, %x : !t, tensor<4xi8>, tensor<3xbf16>, f32, i8, tensor<2xi1>, index\n"
        "}\n"
        "#loc3 = loc(\"x.py\":1:2)\n"
        "{-#\n  dialect_resources: {\n    builtin: {\n      blob1: \"0x040000000000803F000000400000404000008040\"\n    }\n  }\n#-}\n",
        err, sizeof err);
    CHECK(m != NULL);
    if (!m) {
        fprintf(stderr, "parse failed: %s\n", err);
        return;
    }
    ir_op *a = nth_op(m, IR_OP_CONSTANT, 0);
    const ir_elements *e = a->u.value->u.elems;
    CHECK(!e->splat && e->type.rank == 2);
    CHECK(ir_elements_get_f(e, 0) == 1.0 && ir_elements_get_f(e, 3) == 4.0);
    const ir_elements *b = nth_op(m, IR_OP_CONSTANT, 1)->u.value->u.elems;
    CHECK_EQ_INT(ir_elements_get_i(b, 0), -128);
    CHECK_EQ_INT(ir_elements_get_i(b, 2), -1); /* 255 wraps to -1 in i8, as MLIR */
    CHECK_EQ_INT(ir_elements_get_i(b, 3), 127);
    const ir_elements *h = nth_op(m, IR_OP_CONSTANT, 2)->u.value->u.elems;
    CHECK(ir_elements_get_f(h, 0) == 1.0 && ir_elements_get_f(h, 1) == 2.0);
    CHECK(ir_attr_float(nth_op(m, IR_OP_CONSTANT, 3)->u.value) == 1.0);
    CHECK_EQ_INT(nth_op(m, IR_OP_CONSTANT, 4)->u.value->u.i, -1);
    const ir_elements *t = nth_op(m, IR_OP_CONSTANT, 5)->u.value->u.elems;
    CHECK_EQ_INT(ir_elements_get_i(t, 0), 1);
    CHECK_EQ_INT(ir_elements_get_i(t, 1), 0);
    /* printing and reading back gives the same text (resources become hex) */
    char *p1 = print_module(ctx, m);
    ir_module *m2 = parse_text(ctx, p1, err, sizeof err);
    CHECK(m2 != NULL);
    if (m2) {
        char *p2 = print_module(ctx, m2);
        CHECK_EQ_STR(p2, p1);
        free(p2);
        ir_module_free(m2);
    }
    free(p1);
    ir_module_free(m);
}

static void test_errors(sp_ctx *ctx) {
    static const struct {
        const char *text, *expect;
    } cases[] = {
        {"func.func @f() {\n  %a = arith.constant 1 : i8\n  %a = arith.constant 2 : i8\n  return\n}\n",
         "3:3: redefinition of SSA value '%a'"},
        {"func.func @f() {\n  %a = arith.addf %b, %b : f32\n  return\n}\n", "2:19: use of undefined value '%b'"},
        {"func.func @f() {\n  %a = arith.constant 300 : i8\n  return\n}\n", "2:23: integer constant out of range for type i8"},
        {"func.func @f(%a: tensor<?x4xf32>) {\n  return\n}\n", "1:25: dynamic dimensions are not supported"},
        {"func.func @f(%a: tensor<4x4xf32>) -> f32 {\n  return %a : tensor<4x4xf32>\n}\n",
         "2:3: 'func.return' op result #0 has type tensor<4x4xf32>, function 'f' returns f32"},
        {"#m = affine_map<(d0) -> (d1)>\n", "1:26: use of undeclared identifier 'd1' in affine map"},
        {"func.func @f() {\n  %a = arith.constant dense<[1.0, 2.0]> : tensor<3xf32>\n  return\n}\n",
         "2:23: dense literal dimension 0 has 2 elements, type has 3"},
    };
    for (size_t i = 0; i < SP_ARRAY_LEN(cases); i++) {
        char err[512];
        ir_module *m = parse_text(ctx, cases[i].text, err, sizeof err);
        CHECK(m == NULL);
        ir_module_free(m);
        CHECK_CONTAINS(err, cases[i].expect);
    }
}

int main(void) {
    sp_ctx ctx;
    sp_ctx_init(&ctx, NULL);
    test_named_imports(&ctx);
    test_printing_modes(&ctx);
    test_constants(&ctx);
    test_errors(&ctx);
    TEST_DONE();
}
