/* ir.h - spadc's IR: modules, functions, ops, SSA values, types, affine maps.
 *
 * The IR mirrors MLIR's structure (ops with operands, results, attributes and
 * single-block regions) with one difference that matters: every linalg op,
 * named or generic, is one structured form (IR_OP_LINALG): operands split into
 * ins and outs, one affine map per operand, iterator types and a scalar body
 * block. The named kind (matmul, fill, ...) is kept only as a printing hint.
 *
 *     ir_module *m = mlir_read_file(ctx, "model.mlir", NULL);  // mlir/reader.h
 *     ir_verify_module(m);                                     // raises on error
 *     for (ir_op *f = ir_module_body(m)->first; f; f = f->next)
 *         if (f->kind == IR_OP_FUNC) ...                       // walk functions
 *     ir_module_free(m);                                       // the whole arena
 *
 * Ownership: a module owns one arena (sp_arena) holding every op, value,
 * type, attribute and string of the module; nothing in it is freed alone.
 * Builders raise through the module's ctx (see base/ctx.h), so they run
 * inside sp_pcall.
 */
#ifndef SPADC_IR_IR_H
#define SPADC_IR_IR_H

#include <stdbool.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/ctx.h"

/* ---------------------------------------------------------------- types */

typedef enum ir_dtype {
    IR_DT_NONE = 0,
    IR_F16,
    IR_BF16,
    IR_F32,
    IR_F64,
    IR_I1,
    IR_I8,
    IR_I16,
    IR_I32,
    IR_I64,
    IR_INDEX,
    IR_DT_COUNT
} ir_dtype;

typedef enum ir_type_kind {
    IR_T_NONE = 0, /* no type (e.g. an op without results) */
    IR_T_SCALAR,
    IR_T_TENSOR,
    IR_T_VECTOR
} ir_type_kind;

#define IR_MAX_RANK 16

/* A type, passed by value. dims is arena-owned (rank entries); tensor
 * dimensions are static and their element count times the element size fits
 * in 62 bits (the reader enforces both). */
typedef struct ir_type {
    uint8_t kind;  /* ir_type_kind */
    uint8_t dtype; /* ir_dtype */
    uint8_t rank;
    const int64_t *dims;
} ir_type;

const char *ir_dtype_name(ir_dtype dt);   /* "f32", "index", ... */
int ir_dtype_bytes(ir_dtype dt);           /* storage bytes (i1: 1, index: 8) */
int ir_dtype_bits(ir_dtype dt);            /* 1, 8, 16, 32, 64 (index: 64) */
bool ir_dtype_is_float(ir_dtype dt);
bool ir_dtype_is_int(ir_dtype dt);         /* iN and index */
ir_dtype ir_dtype_from_name(const char *s, size_t n); /* IR_DT_NONE if unknown */

ir_type ir_scalar_type(ir_dtype dt);
/* A type as MLIR spells it, for messages (tensor<2x3xf32>, i64), into buf; returns buf. */
const char *ir_type_text(ir_type t, char *buf, size_t n);
bool ir_type_eq(ir_type a, ir_type b);
bool ir_type_is_shaped(ir_type t); /* tensor or vector */
int64_t ir_type_numel(ir_type t);  /* 1 for scalars */
int64_t ir_type_bytes(ir_type t);
/* Row-major strides in elements; strides must hold t.rank entries. */
void ir_type_strides(ir_type t, int64_t *strides);

/* --------------------------------------------------------- affine maps */

typedef enum ir_aexpr_kind {
    IR_AE_DIM,
    IR_AE_SYM,
    IR_AE_CONST,
    IR_AE_ADD,
    IR_AE_MUL,
    IR_AE_MOD,
    IR_AE_FLOORDIV,
    IR_AE_CEILDIV
} ir_aexpr_kind;

typedef struct ir_aexpr {
    uint8_t kind;
    int64_t val; /* dim/sym position or constant */
    const struct ir_aexpr *l, *r;
} ir_aexpr;

typedef struct ir_amap {
    uint32_t ndims, nsyms, nres;
    const ir_aexpr **res;
} ir_amap;

/* Is result r of map exactly dimension d (returns d) or not (-1)? */
int ir_aexpr_dim(const ir_aexpr *e);
bool ir_aexpr_eq(const ir_aexpr *a, const ir_aexpr *b);
bool ir_amap_eq(const ir_amap *a, const ir_amap *b);
bool ir_amap_is_identity(const ir_amap *m);
/* Every result a distinct dim or the constant 0 (MLIR's projected permutation
 * allowing broadcast zeros). */
bool ir_amap_is_projected_perm(const ir_amap *m, bool allow_zero);
/* Whether a result is neither a loop nor a constant: a window (a
 * convolution's oh * stride + kh). */
bool ir_amap_reads_window(const ir_amap *m);
/* Affine linear form of result r: sum(coef[d] * d_d) + cst. False when the
 * expression has mod/floordiv/ceildiv/symbols or a non-constant product. */
bool ir_aexpr_linear(const ir_aexpr *e, uint32_t ndims, int64_t *coef, int64_t *cst);
/* Evaluate with dims (and syms, may be NULL). Division by zero yields 0. */
int64_t ir_aexpr_eval(const ir_aexpr *e, const int64_t *dims, const int64_t *syms);

/* ---------------------------------------------------------- attributes */

typedef enum ir_attr_kind {
    IR_A_UNIT,
    IR_A_BOOL,
    IR_A_INT,      /* u.i, type (defaults to i64) */
    IR_A_FLOAT,    /* u.bits in type's format */
    IR_A_STRING,   /* u.str */
    IR_A_TYPE,     /* u.ty */
    IR_A_MAP,      /* affine_map<...> */
    IR_A_ARRAY,    /* [a, b, ...] */
    IR_A_DARRAY,   /* array<i64: 1, 2>  (dense array; type = element type) */
    IR_A_DICT,     /* {a = ..., b} */
    IR_A_ELEMENTS, /* dense<...> / dense_resource<...> */
    IR_A_SYMREF,   /* @name (u.str) */
    IR_A_FTYPE,    /* (T, U) -> V, a function type as an attribute (u.fty) */
    IR_A_OPAQUE    /* anything else, kept as canonical text (u.str) */
} ir_attr_kind;

typedef struct ir_elements ir_elements;
typedef struct ir_attr ir_attr;

typedef struct ir_named_attr {
    const char *name;
    const ir_attr *attr;
} ir_named_attr;

struct ir_attr {
    uint8_t kind;
    ir_type type;
    union {
        bool b;
        int64_t i;
        uint64_t bits;
        struct {
            const char *s;
            uint32_t len;
        } str;
        ir_type ty;
        const ir_amap *map;
        struct {
            uint32_t n;
            const ir_attr **items;
        } arr;
        struct {
            uint32_t n;
            const int64_t *vals;
        } darr;
        struct {
            uint32_t n;
            const ir_named_attr *items;
        } dict;
        const ir_elements *elems;
        struct {
            uint32_t nin, nout;
            const ir_type *types; /* nin inputs then nout results */
        } fty;
    } u;
};

/* Dense elements of a tensor or vector type. data holds one element (splat)
 * or numel elements, little-endian, ir_dtype_bytes each (i1: one byte, 0/1). */
struct ir_elements {
    ir_type type;
    bool splat;
    const uint8_t *data;
    const char *resource; /* dense_resource name it came from, or NULL */
};

double ir_attr_float(const ir_attr *a); /* IR_A_FLOAT value as double */
const ir_attr *ir_dict_get(const ir_named_attr *items, uint32_t n, const char *name);

/* Scalar element access as double / int64 (any dtype). */
double ir_elements_get_f(const ir_elements *e, int64_t i);
int64_t ir_elements_get_i(const ir_elements *e, int64_t i);

/* ------------------------------------------------------- values and ops */

typedef enum ir_opkind {
#define OP(e, name, syntax) IR_OP_##e,
#include "ops.def"
#undef OP
    IR_OP_COUNT
} ir_opkind;

typedef struct ir_op ir_op;
typedef struct ir_block ir_block;

#define IR_NO_ID UINT32_MAX

typedef struct ir_value {
    ir_type type;
    ir_op *def;      /* defining op, NULL for a block argument */
    ir_block *owner; /* block of a block argument */
    uint32_t index;  /* result or argument index */
    uint32_t id;     /* dense per function, set by ir_func_number; IR_NO_ID until then */
    const char *name; /* source name without '%', may be NULL */
} ir_value;

struct ir_block {
    uint32_t nargs;
    ir_value *args;
    ir_op *first, *last;
    ir_op *parent; /* op owning the region */
};

/* Kinds of linalg structured op (printing hint; ORDER LINALG_NAMES in ir.c). */
typedef enum ir_linalg_kind {
    IR_LN_GENERIC,
    IR_LN_FILL,
    IR_LN_MATMUL,
    IR_LN_BATCH_MATMUL,
    IR_LN_BATCH_REDUCE_MATMUL,
    IR_LN_TRANSPOSE,
    IR_LN_BROADCAST,
    IR_LN_MAP,
    IR_LN_REDUCE,
    IR_LN_COPY,
    IR_LN_ELEMENTWISE,
    /* linalg.add ... : identity maps, all parallel (elementwise.def) */
#define EW(named, name, kind, arity, fop, iop) IR_LN_##named,
#include "elementwise.def"
    /* convolutions and pooling (1-, 2- and 3-D): a window over the input,
     * strides and dilations from the op's attributes (conv_1d/2d/3d: none) */
    IR_LN_CONV_2D_NCHW_FCHW,
    IR_LN_CONV_2D_NHWC_HWCF,
    IR_LN_CONV_2D_NHWC_FHWC,
    IR_LN_CONV_2D_NGCHW_FGCHW,
    IR_LN_CONV_2D_NGCHW_GFCHW,
    IR_LN_DEPTHWISE_CONV_2D_NCHW_CHW,
    IR_LN_DEPTHWISE_CONV_2D_NHWC_HWC,
    IR_LN_POOLING_NCHW_MAX,
    IR_LN_POOLING_NCHW_SUM,
    IR_LN_POOLING_NHWC_MAX,
    IR_LN_POOLING_NHWC_SUM,
    IR_LN_CONV_1D,
    IR_LN_CONV_1D_NWC_WCF,
    IR_LN_CONV_1D_NCW_FCW,
    IR_LN_DEPTHWISE_CONV_1D_NWC_WC,
    IR_LN_DEPTHWISE_CONV_1D_NCW_CW,
    IR_LN_DEPTHWISE_CONV_1D_NWC_WCM,
    IR_LN_POOLING_NWC_MAX,
    IR_LN_POOLING_NWC_MAX_UNSIGNED,
    IR_LN_POOLING_NWC_MIN,
    IR_LN_POOLING_NWC_MIN_UNSIGNED,
    IR_LN_POOLING_NWC_SUM,
    IR_LN_POOLING_NCW_MAX,
    IR_LN_POOLING_NCW_SUM,
    IR_LN_CONV_2D,
    IR_LN_CONV_2D_NHWGC_GFHWC,
    IR_LN_DEPTHWISE_CONV_2D_NHWC_HWCM,
    IR_LN_POOLING_NHWC_MAX_UNSIGNED,
    IR_LN_POOLING_NHWC_MIN,
    IR_LN_POOLING_NHWC_MIN_UNSIGNED,
    IR_LN_CONV_3D,
    IR_LN_CONV_3D_NDHWC_DHWCF,
    IR_LN_CONV_3D_NCDHW_FCDHW,
    IR_LN_DEPTHWISE_CONV_3D_NDHWC_DHWC,
    IR_LN_DEPTHWISE_CONV_3D_NCDHW_CDHW,
    IR_LN_DEPTHWISE_CONV_3D_NDHWC_DHWCM,
    IR_LN_POOLING_NDHWC_MAX,
    IR_LN_POOLING_NDHWC_MIN,
    IR_LN_POOLING_NDHWC_SUM,
    IR_LN_COUNT
} ir_linalg_kind;
const char *ir_linalg_kind_name(ir_linalg_kind k); /* "matmul", ... */

enum { IR_ITER_PARALLEL = 0, IR_ITER_REDUCTION = 1 };

typedef struct ir_linalg {
    uint8_t named;   /* ir_linalg_kind: how it was written */
    uint32_t ndims;  /* loops */
    uint32_t nins, nouts;
    const ir_amap **maps; /* nins + nouts */
    uint8_t *iters;       /* ndims IR_ITER_* */
    /* named-op parameters, kept for printing the named form */
    const int64_t *dimsattr; /* transpose permutation / broadcast, reduce dimensions */
    uint32_t ndimsattr;
    const char *ewkind; /* linalg.elementwise kind, e.g. "add" */
    bool explicit_maps; /* matmul-family written with indexing_maps = [...] */
    const ir_attr *cast; /* matmul cast = #linalg.type_fn<...>, or NULL */
} ir_linalg;

typedef struct ir_func_info {
    const char *name;
    bool is_private;
    bool is_decl; /* no body */
    uint32_t nargs, nres;
    ir_type *arg_types, *res_types;
    const ir_attr **arg_attrs, **res_attrs; /* dicts or NULL entries */
    uint32_t nvalues; /* after ir_func_number */
} ir_func_info;

typedef struct ir_slice_info {
    /* static offsets/sizes/strides; IR_DYNAMIC marks one taken from an
     * operand (in order: offsets, sizes, strides) */
    uint32_t rank;
    int64_t *offsets, *sizes, *strides;
} ir_slice_info;
#define IR_DYNAMIC INT64_MIN

typedef struct ir_reshape_info {
    uint32_t ngroups;
    uint32_t *group_start; /* ngroups + 1 entries into the source/result dims */
    int64_t *group_dims;   /* flattened reassociation indices */
    uint32_t nidx;
} ir_reshape_info;

typedef struct ir_pad_info {
    uint32_t rank;
    int64_t *low, *high;
    bool nofold;
} ir_pad_info;

typedef struct ir_pack_info {
    uint32_t ninner, nouter;
    int64_t *inner_dims_pos, *inner_tiles, *outer_dims_perm; /* outer may be NULL */
    bool has_padding; /* pack only: operand 2 is the padding value */
} ir_pack_info;

typedef struct ir_vprint_info {
    const char *str; /* vector.print str "..." (NULL: prints operand 0) */
    uint32_t len;
    const char *punct; /* punctuation<...> keyword, NULL = newline */
} ir_vprint_info;

typedef struct ir_global_info {
    const char *name;
    const char *visibility; /* "private", ... or NULL */
    bool is_mutable;
    const ir_attr *value;   /* may be NULL */
    ir_type type;
} ir_global_info;

/* An op. Operands point at values; results are owned. Regions hold one block
 * each (spadc supports single-block regions only). */
struct ir_op {
    uint16_t kind;  /* ir_opkind */
    uint16_t flags; /* fastmath bits (IR_FM_*) or overflow bits (IR_OVF_*) */
    sp_loc loc;
    uint32_t nopnds, nres, nregions;
    ir_value **opnds;
    ir_value *res;
    ir_block **regions;
    /* attributes spadc keeps but does not interpret: extra inherent
     * properties (e.g. library_call, doc) and discardable attributes */
    uint32_t nprops, nattrs;
    const ir_named_attr *props, *attrs;
    ir_op *prev, *next;
    ir_block *parent;
    union {
        int64_t pred;        /* cmpf/cmpi predicate (MLIR's integer values) */
        const ir_attr *value; /* constant */
        ir_linalg lin;
        ir_func_info fn;
        const char *callee;  /* call */
        int64_t dim;         /* linalg.index, tensor.concat */
        ir_slice_info slice;
        ir_reshape_info reshape; /* expand_shape / collapse_shape */
        ir_pad_info pad;
        ir_pack_info pack;
        ir_vprint_info vprint;
        struct {
            const char *str; /* cf.assert message (may hold NULs: use len) */
            uint32_t len;
        } msg;
        ir_global_info global;
        struct {
            const bool *in_bounds; /* transfer_read */
            uint32_t n;
            const ir_amap *perm;   /* permutation_map or NULL */
        } xfer;
        struct {
            const char *name; /* module @name or NULL */
        } module;
    } u;
};

/* fastmath flags, MLIR's bit order */
enum {
    IR_FM_REASSOC = 1,
    IR_FM_NNAN = 2,
    IR_FM_NINF = 4,
    IR_FM_NSZ = 8,
    IR_FM_ARCP = 16,
    IR_FM_CONTRACT = 32,
    IR_FM_AFN = 64,
    IR_FM_FAST = 127
};
enum { IR_OVF_NSW = 1, IR_OVF_NUW = 2 };

/* cmpf predicates (arith::CmpFPredicate values) */
enum {
    IR_CMPF_FALSE, IR_CMPF_OEQ, IR_CMPF_OGT, IR_CMPF_OGE, IR_CMPF_OLT, IR_CMPF_OLE, IR_CMPF_ONE,
    IR_CMPF_ORD, IR_CMPF_UEQ, IR_CMPF_UGT, IR_CMPF_UGE, IR_CMPF_ULT, IR_CMPF_ULE, IR_CMPF_UNE,
    IR_CMPF_UNO, IR_CMPF_TRUE, IR_CMPF_COUNT
};
/* cmpi predicates (arith::CmpIPredicate values) */
enum {
    IR_CMPI_EQ, IR_CMPI_NE, IR_CMPI_SLT, IR_CMPI_SLE, IR_CMPI_SGT, IR_CMPI_SGE, IR_CMPI_ULT,
    IR_CMPI_ULE, IR_CMPI_UGT, IR_CMPI_UGE, IR_CMPI_COUNT
};
const char *ir_cmpf_name(int64_t p);
const char *ir_cmpi_name(int64_t p);

typedef enum ir_syntax { IR_SYN_SPECIAL, IR_SYN_BINF, IR_SYN_BINI, IR_SYN_UNF, IR_SYN_UNI, IR_SYN_CAST } ir_syntax;
const char *ir_op_name(ir_opkind k);
ir_syntax ir_op_syntax(ir_opkind k);
/* Look an op up by its full name ("arith.addf"); -1 if unknown. */
int ir_op_lookup(const char *name, size_t n);

/* -------------------------------------------------------------- module */

typedef struct ir_module {
    sp_ctx *ctx;
    sp_arena arena;
    const char *filename;
    ir_op *op; /* the builtin.module op; its region 0 holds funcs, globals */
} ir_module;

/* The caller must keep the returned pointer where its cleanup finds it before
 * allocating anything else in the module (allocation may raise). */
ir_module *ir_module_new(sp_ctx *ctx);
void ir_module_free(ir_module *m);
ir_block *ir_module_body(const ir_module *m);
/* A copy of src in a new module (*out, set before anything else is
 * allocated, so the caller frees it on every path) whose passes leave src
 * unchanged. Attributes (constants' data included), affine maps, type
 * dimensions and strings are shared, not copied: src must outlive it.
 * (clone.c) */
void ir_module_clone(const ir_module *src, ir_module **out);
ir_op *ir_module_find_func(const ir_module *m, const char *name);

/* Builders (arena-allocated, raising through m->ctx). */
ir_block *ir_block_new(ir_module *m, uint32_t nargs, const ir_type *types);
ir_op *ir_op_new(ir_module *m, ir_opkind kind, sp_loc loc, uint32_t nopnds, uint32_t nres,
                 uint32_t nregions);
void ir_block_append(ir_block *b, ir_op *op);
void ir_block_insert_before(ir_block *b, ir_op *before, ir_op *op);
void ir_block_remove(ir_block *b, ir_op *op);
ir_block *ir_op_region(const ir_op *op, uint32_t i);
void ir_op_set_region(ir_op *op, uint32_t i, ir_block *b);

const int64_t *ir_dims_dup(ir_module *m, const int64_t *dims, uint32_t rank);
ir_type ir_tensor_type(ir_module *m, ir_dtype dt, uint32_t rank, const int64_t *dims);

/* Affine map builders */
const ir_aexpr *ir_ae_dim(ir_module *m, int64_t d);
const ir_aexpr *ir_ae_sym(ir_module *m, int64_t s);
const ir_aexpr *ir_ae_const(ir_module *m, int64_t c);
/* Binary expression with MLIR-like simplification (constant folding,
 * constants on the right, x+0, x*1, x*0). Raises on division by zero. */
const ir_aexpr *ir_ae_bin(ir_module *m, ir_aexpr_kind k, const ir_aexpr *l, const ir_aexpr *r);
ir_amap *ir_amap_new(ir_module *m, uint32_t ndims, uint32_t nsyms, uint32_t nres);
const ir_amap *ir_amap_identity(ir_module *m, uint32_t ndims);
/* (d0..d{n-1}) -> (d{dims[0]}, ...) */
const ir_amap *ir_amap_select(ir_module *m, uint32_t ndims, uint32_t nres, const int64_t *dims);

/* Attribute builders */
const ir_attr *ir_attr_int(ir_module *m, int64_t v, ir_type t);
const ir_attr *ir_attr_string(ir_module *m, const char *s, size_t n);

/* Walk every op nested in block b (pre-order), including nested regions. */
typedef void (*ir_walk_fn)(ir_op *op, void *ud);
void ir_walk_block(ir_block *b, ir_walk_fn fn, void *ud);

/* Give every value in the function (args, results, nested block args) a
 * dense id; sets fn.nvalues. */
void ir_func_number(ir_op *func);

/* The function-like op that contains op (FUNC), or NULL. */
ir_op *ir_op_parent_func(const ir_op *op);

/* Structured-op helpers */
static inline uint32_t ir_linalg_nopnds(const ir_op *op) { return op->u.lin.nins + op->u.lin.nouts; }
ir_block *ir_linalg_body(const ir_op *op);
/* Whether an op of block b reads arg (a structured op's body is flat: a
 * window operand of a pooling op is an argument nothing reads). */
bool ir_block_arg_used(const ir_block *b, const ir_value *arg);
/* Static loop bounds from operand shapes through the maps (dims must hold
 * ndims entries). False when a loop dimension is not determined by any
 * operand dimension. */
bool ir_linalg_loop_bounds(const ir_op *op, int64_t *dims);
/* Element type of an operand (the scalar type or the tensor's dtype). */
ir_dtype ir_value_elem(const ir_value *v);

#endif
