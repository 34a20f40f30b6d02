/* npy.c - numpy .npy reading and writing (see npy.h). */
#include "npy.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static const struct {
    ir_dtype dt;
    char kind; /* numpy kind letter */
    int bytes;
} DESCRS[] = {
    {IR_F32, 'f', 4}, {IR_F64, 'f', 8}, {IR_F16, 'f', 2}, {IR_I8, 'i', 1},  {IR_I16, 'i', 2},
    {IR_I32, 'i', 4}, {IR_I64, 'i', 8}, {IR_I1, 'b', 1},  {IR_BF16, 'u', 2},
};

const char *npy_descr(ir_dtype dt) {
    switch (dt) {
    case IR_F32: return "<f4";
    case IR_F64: return "<f8";
    case IR_F16: return "<f2";
    case IR_BF16: return "<u2";
    case IR_I1: return "|b1";
    case IR_I8: return "|i1";
    case IR_I16: return "<i2";
    case IR_I32: return "<i4";
    case IR_I64:
    case IR_INDEX: return "<i8";
    default: return NULL;
    }
}

void npy_free(sp_ctx *ctx, npy_array *a) {
    sp_free(ctx, a->data);
    a->data = NULL;
}

static SP_NORETURN SP_PRINTF(3, 4) void bad(sp_ctx *ctx, const char *path, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    sp_vthrow(ctx, SP_EINPUT, (sp_loc){path, 0, 0}, fmt, ap);
}

/* Find `'key':` in the header dict and return a pointer after the colon. */
static const char *dict_value(const char *h, const char *key) {
    char pat[32];
    snprintf(pat, sizeof pat, "'%s'", key);
    const char *p = strstr(h, pat);
    if (!p) {
        snprintf(pat, sizeof pat, "\"%s\"", key);
        p = strstr(h, pat);
    }
    if (!p) return NULL;
    p += strlen(pat);
    while (*p == ' ') p++;
    if (*p != ':') return NULL;
    p++;
    while (*p == ' ') p++;
    return p;
}

void npy_read(sp_ctx *ctx, const char *path, npy_array *a) {
    memset(a, 0, sizeof *a);
    FILE *f = fopen(path, "rb");
    if (!f) bad(ctx, path, "cannot open file: %s", strerror(errno));
    unsigned char pre[12];
    char header[65536 + 1];
    size_t got = fread(pre, 1, 10, f);
    const char *why = NULL;
    uint32_t hlen = 0;
    if (got < 10 || memcmp(pre, "\x93NUMPY", 6)) {
        why = "not a .npy file (bad magic)";
    } else if (pre[6] == 1) {
        hlen = (uint32_t)pre[8] | (uint32_t)pre[9] << 8;
    } else if (pre[6] == 2 || pre[6] == 3) {
        if (fread(pre + 10, 1, 2, f) != 2) why = "truncated header";
        hlen = (uint32_t)pre[8] | (uint32_t)pre[9] << 8 | (uint32_t)pre[10] << 16 | (uint32_t)pre[11] << 24;
    } else {
        why = "unsupported .npy format version";
    }
    if (!why && hlen > sizeof header - 1) why = "header too large";
    if (!why && fread(header, 1, hlen, f) != hlen) why = "truncated header";
    if (why) {
        fclose(f);
        bad(ctx, path, "%s", why);
    }
    header[hlen] = 0;
    /* descr */
    const char *d = dict_value(header, "descr");
    char q = d ? *d : 0;
    char descr[16] = {0};
    if (d && (q == '\'' || q == '"')) {
        const char *e = strchr(d + 1, q);
        if (e && e - d - 1 < (long)sizeof descr) memcpy(descr, d + 1, (size_t)(e - d - 1));
    }
    if (!descr[0]) why = "header has no 'descr'";
    char order = descr[0], kind = descr[1];
    int bytes = 0;
    for (const char *c = descr + 2; *c && !why; c++) {
        if (*c < '0' || *c > '9') why = "unsupported dtype";
        bytes = bytes * 10 + (*c - '0');
    }
    a->dtype = IR_DT_NONE;
    for (size_t i = 0; i < SP_ARRAY_LEN(DESCRS) && !why; i++)
        if (DESCRS[i].kind == kind && DESCRS[i].bytes == bytes) {
            a->dtype = DESCRS[i].dt;
            break;
        }
    if (!why && (a->dtype == IR_DT_NONE || !(order == '<' || order == '>' || order == '|' || order == '=')))
        why = "unsupported dtype";
    const char *fo = dict_value(header, "fortran_order");
    if (!why && (!fo || strncmp(fo, "False", 5))) why = fo ? "Fortran-order arrays are not supported" : "header has no 'fortran_order'";
    const char *sh = dict_value(header, "shape");
    if (!why && (!sh || *sh != '(')) why = "header has no 'shape'";
    int64_t numel = 1;
    if (!why) {
        const char *p = sh + 1;
        while (!why) {
            while (*p == ' ' || *p == ',') p++;
            if (*p == ')') break;
            if (*p < '0' || *p > '9') {
                why = "malformed shape";
                break;
            }
            int64_t v = 0;
            while (*p >= '0' && *p <= '9') {
                if (v > ((int64_t)1 << 50)) {
                    why = "dimension too large";
                    break;
                }
                v = v * 10 + (*p++ - '0');
            }
            if (!why && a->rank == IR_MAX_RANK) why = "too many dimensions";
            if (!why && v && numel > ((int64_t)1 << 58) / v) why = "array too large";
            if (!why) {
                numel *= v;
                a->dims[a->rank++] = v;
            }
        }
    }
    if (why) {
        fclose(f);
        bad(ctx, path, "%s%s%s%s", why, descr[0] ? " ('" : "", descr, descr[0] ? "')" : "");
    }
    a->bytes = (size_t)numel * (size_t)bytes;
    a->data = sp_try_malloc(ctx, a->bytes ? a->bytes : 1);
    if (!a->data) {
        fclose(f);
        bad(ctx, path, "out of memory (%zu bytes)", a->bytes);
    }
    size_t n = fread(a->data, 1, a->bytes, f);
    fclose(f);
    if (n != a->bytes) bad(ctx, path, "truncated data: %zu of %zu bytes", n, a->bytes);
    if (order == '>' && bytes > 1) /* to little-endian */
        for (size_t i = 0; i < a->bytes; i += (size_t)bytes)
            for (int k = 0; k < bytes / 2; k++) {
                uint8_t t = a->data[i + k];
                a->data[i + k] = a->data[i + bytes - 1 - k];
                a->data[i + bytes - 1 - k] = t;
            }
}

void npy_write(sp_ctx *ctx, const char *path, ir_dtype dt, uint32_t rank, const int64_t *dims, const void *data) {
    const char *descr = npy_descr(dt);
    if (!descr) sp_throw(ctx, SP_EINPUT, (sp_loc){path, 0, 0}, "cannot write %s as .npy", ir_dtype_name(dt));
    char header[1024];
    int n = snprintf(header, sizeof header, "{'descr': '%s', 'fortran_order': False, 'shape': (", descr);
    int64_t numel = 1;
    for (uint32_t i = 0; i < rank; i++) {
        n += snprintf(header + n, sizeof header - (size_t)n, "%lld%s", (long long)dims[i], rank == 1 ? "," : i + 1 < rank ? ", " : "");
        numel *= dims[i];
    }
    n += snprintf(header + n, sizeof header - (size_t)n, "), }");
    /* pad with spaces so the data starts 64-byte aligned; end with '\n' */
    int total = 10 + n + 1;
    int pad = (64 - total % 64) % 64;
    memset(header + n, ' ', (size_t)pad);
    n += pad;
    header[n++] = '\n';
    FILE *f = fopen(path, "wb");
    if (!f) sp_throw(ctx, SP_EINPUT, (sp_loc){path, 0, 0}, "cannot write file: %s", strerror(errno));
    unsigned char pre[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (unsigned char)(n & 0xff), (unsigned char)(n >> 8)};
    size_t bytes = (size_t)numel * (size_t)(dt == IR_INDEX ? 8 : ir_dtype_bytes(dt));
    bool ok = fwrite(pre, 1, 10, f) == 10 && fwrite(header, 1, (size_t)n, f) == (size_t)n &&
              fwrite(data, 1, bytes, f) == bytes;
    ok = (fclose(f) == 0) && ok;
    if (!ok) sp_throw(ctx, SP_EINPUT, (sp_loc){path, 0, 0}, "error writing file");
}
