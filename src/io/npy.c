/* npy.c - numpy .npy reading and writing (see npy.h). */
#include "npy.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "fileio.h"

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

/* The header is a Python dict literal, as numpy's np.save writes it:
 * {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), } padded with
 * spaces and a newline. It is parsed as the literal it is (numpy runs
 * ast.literal_eval on it), not searched for keys: each of the three keys
 * exactly once, no other key, nothing after the closing brace. A duplicated
 * key is refused although literal_eval would keep the last one: the file
 * then says two things and nothing tells which was meant. */
typedef struct hdr {
    const char *s;
    size_t n, i; /* text, length, cursor */
    char why[192];
    bool seen[3];
    char descr[16];
    bool fortran;
    uint32_t rank;
    int64_t dims[IR_MAX_RANK];
    int64_t numel;
} hdr;

enum { K_DESCR, K_FORTRAN, K_SHAPE };
static const char *const KEYS[] = {"descr", "fortran_order", "shape"};

static bool h_fail(hdr *h, const char *fmt, ...) SP_PRINTF(2, 3);
static bool h_fail(hdr *h, const char *fmt, ...) {
    if (!h->why[0]) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(h->why, sizeof h->why, fmt, ap);
        va_end(ap);
    }
    return false;
}

static void h_ws(hdr *h) {
    while (h->i < h->n && strchr(" \t\r\n\f\v", h->s[h->i]) && h->s[h->i]) h->i++;
}

static int h_peek(const hdr *h) { return h->i < h->n ? (unsigned char)h->s[h->i] : -1; }

/* A few characters of the header at the cursor, for messages ("" at the end). */
static const char *h_near(const hdr *h, char *buf, size_t n) {
    size_t k = 0;
    for (size_t j = h->i; j < h->n && k + 1 < n && k < 12; j++) buf[k++] = isprint((unsigned char)h->s[j]) ? h->s[j] : '?';
    while (k && buf[k - 1] == ' ') k--; /* the padding */
    buf[k] = 0;
    return buf;
}

static bool h_expected(hdr *h, const char *what) {
    char near[16];
    if (!*h_near(h, near, sizeof near)) return h_fail(h, "malformed header: expected %s at byte %zu, found its end", what, h->i);
    return h_fail(h, "malformed header: expected %s at byte %zu, found '%s'", what, h->i, near);
}

/* A quoted string (no escapes: numpy's keys and dtype strings have none);
 * its text, cut to fit, goes to out. */
static bool h_string(hdr *h, char *out, size_t outn, size_t *len) {
    int q = h_peek(h);
    if (q != '\'' && q != '"') return h_expected(h, "a quoted string");
    size_t b = ++h->i;
    while (h->i < h->n && h->s[h->i] != q && h->s[h->i] != '\\' && h->s[h->i] != '\n' && h->s[h->i]) h->i++;
    if (h_peek(h) != q) return h_expected(h, "the end of the string");
    *len = h->i - b;
    size_t c = *len < outn - 1 ? *len : outn - 1;
    memcpy(out, h->s + b, c);
    out[c] = 0;
    for (size_t j = 0; j < c; j++)
        if (!isprint((unsigned char)out[j])) out[j] = '?';
    h->i++;
    return true;
}

static bool h_shape(hdr *h) {
    static const char *const want = "malformed 'shape' value: expected a tuple of non-negative integers such as (2, 3) "
                                    "or (4,)";
    if (h_peek(h) != '(') return h_fail(h, "%s", want);
    h->i++;
    h->numel = 1;
    bool comma = true; /* an element may follow */
    for (;;) {
        h_ws(h);
        int c = h_peek(h);
        if (c == ')') {
            /* (3) is the integer 3, not a tuple */
            if (h->rank == 1 && !comma) return h_fail(h, "%s", want);
            h->i++;
            return true;
        }
        if (!comma) return h_fail(h, "%s", want);
        if (c == '-') return h_fail(h, "'shape' has a negative dimension");
        if (c < '0' || c > '9') return h_fail(h, "%s", want);
        int64_t v = 0;
        for (; (c = h_peek(h)) >= '0' && c <= '9'; h->i++) {
            if (v > ((int64_t)1 << 50)) return h_fail(h, "dimension too large in 'shape'");
            v = v * 10 + (c - '0');
        }
        if (c == 'L') h->i++; /* Python 2's long, in files numpy wrote then */
        if (h->rank == IR_MAX_RANK) return h_fail(h, "too many dimensions in 'shape' (at most %d)", IR_MAX_RANK);
        if (v && h->numel > ((int64_t)1 << 58) / v) return h_fail(h, "array too large");
        h->numel *= v;
        h->dims[h->rank++] = v;
        h_ws(h);
        comma = h_peek(h) == ',';
        if (comma) h->i++;
    }
}

static bool h_value(hdr *h, int key) {
    size_t len;
    if (key == K_DESCR) {
        if (h_peek(h) == '[') return h_fail(h, "unsupported dtype (a structured array)");
        if (!h_string(h, h->descr, sizeof h->descr, &len)) return false;
        if (len >= sizeof h->descr || !len) return h_fail(h, "unsupported dtype ('%s')", h->descr);
        return true;
    }
    if (key == K_FORTRAN) {
        size_t b = h->i;
        while (h->i < h->n && (isalnum((unsigned char)h->s[h->i]) || h->s[h->i] == '_')) h->i++;
        size_t n = h->i - b;
        if (n == 4 && !memcmp(h->s + b, "True", 4)) h->fortran = true;
        else if (n == 5 && !memcmp(h->s + b, "False", 5)) h->fortran = false;
        else if (n)
            return h_fail(h, "malformed 'fortran_order' value '%.*s': expected True or False", n < 24 ? (int)n : 24, h->s + b);
        else
            return h_expected(h, "True or False for 'fortran_order'");
        return true;
    }
    return h_shape(h);
}

static bool h_dict(hdr *h) {
    h_ws(h);
    if (h_peek(h) != '{') return h_expected(h, "'{'");
    h->i++;
    for (;;) {
        h_ws(h);
        if (h_peek(h) == '}') break;
        char key[48];
        size_t len;
        if (!h_string(h, key, sizeof key, &len)) return false;
        int k = -1;
        for (int j = 0; j < 3; j++)
            if (len == strlen(KEYS[j]) && !memcmp(key, KEYS[j], len)) k = j;
        if (k < 0)
            return h_fail(h, "unexpected key '%s%s' in the header (a .npy header has 'descr', 'fortran_order' and 'shape')",
                          key, len >= sizeof key ? "..." : "");
        if (h->seen[k]) return h_fail(h, "duplicate key '%s' in the header", KEYS[k]);
        h->seen[k] = true;
        h_ws(h);
        if (h_peek(h) != ':') return h_expected(h, "':'");
        h->i++;
        h_ws(h);
        if (!h_value(h, k)) return false;
        h_ws(h);
        if (h_peek(h) == ',') {
            h->i++;
            continue;
        }
        if (h_peek(h) != '}') return h_expected(h, "',' or '}'");
    }
    h->i++;
    h_ws(h);
    if (h->i < h->n) {
        char near[16];
        return h_fail(h, "malformed header: '%s' after the closing '}' at byte %zu", h_near(h, near, sizeof near), h->i);
    }
    for (int j = 0; j < 3; j++)
        if (!h->seen[j]) return h_fail(h, "header has no '%s'", KEYS[j]);
    return true;
}

/* descr to dtype, byte order and element size; false if spadc has no such dtype */
static bool h_dtype(hdr *h, ir_dtype *dt, char *order, int *bytes) {
    const char *d = h->descr;
    *order = strchr("<>|=", d[0]) ? *d++ : '=';
    char kind = *d++;
    int b = 0;
    for (const char *c = d; *c; c++) {
        if (*c < '0' || *c > '9' || b > 64) return h_fail(h, "unsupported dtype ('%s')", h->descr);
        b = b * 10 + (*c - '0');
    }
    for (size_t i = 0; i < SP_ARRAY_LEN(DESCRS); i++)
        if (DESCRS[i].kind == kind && DESCRS[i].bytes == b) {
            *dt = DESCRS[i].dt;
            *bytes = b;
            /* numpy writes '|' for single bytes; '>' and '<' on them are harmless */
            return true;
        }
    return h_fail(h, "unsupported dtype ('%s')", h->descr);
}

void npy_read(sp_ctx *ctx, const char *path, npy_array *a) {
    memset(a, 0, sizeof *a);
    int err;
    FILE *f = fio_open_read(path, &err);
    if (!f) bad(ctx, path, "cannot open file: %s", strerror(err));
    unsigned char pre[12];
    char header[65536 + 1];
    size_t got = fread(pre, 1, 10, f), pre_len = 10;
    const char *why = NULL;
    char whybuf[128];
    uint32_t hlen = 0;
    if (got == 0) {
        why = ferror(f) ? "cannot read the file" : "not a .npy file (empty)";
    } else if (memcmp(pre, "\x93NUMPY", got < 6 ? got : 6)) {
        why = "not a .npy file (bad magic)";
    } else if (got < 10) {
        why = "truncated header";
    } else if (pre[6] == 1 && pre[7] == 0) {
        hlen = (uint32_t)pre[8] | (uint32_t)pre[9] << 8;
    } else if ((pre[6] == 2 || pre[6] == 3) && pre[7] == 0) {
        pre_len = 12;
        if (fread(pre + 10, 1, 2, f) != 2) why = "truncated header";
        hlen = (uint32_t)pre[8] | (uint32_t)pre[9] << 8 | (uint32_t)pre[10] << 16 | (uint32_t)pre[11] << 24;
    } else {
        snprintf(whybuf, sizeof whybuf, "unsupported .npy format version %u.%u", pre[6], pre[7]);
        why = whybuf;
    }
    if (!why && hlen > sizeof header - 1) {
        snprintf(whybuf, sizeof whybuf, "header too large (%u bytes)", hlen);
        why = whybuf;
    }
    if (!why && (got = fread(header, 1, hlen, f)) != hlen) {
        snprintf(whybuf, sizeof whybuf, "truncated header: the preamble says %u bytes, the file holds %zu", hlen, got);
        why = whybuf;
    }
    if (why) {
        fclose(f);
        bad(ctx, path, "%s", why);
    }
    hdr h = {.s = header, .n = hlen};
    char order = 0;
    int bytes = 0;
    if (h_dict(&h) && h_dtype(&h, &a->dtype, &order, &bytes) && h.fortran)
        h_fail(&h, "Fortran-order arrays are not supported (save with np.ascontiguousarray)");
    if (h.why[0]) {
        fclose(f);
        bad(ctx, path, "%s", h.why);
    }
    a->rank = h.rank;
    memcpy(a->dims, h.dims, sizeof h.dims);
    a->bytes = (size_t)h.numel * (size_t)bytes;
    /* a header that claims more than the file holds is refused before
     * allocating what it claims */
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode)) {
        size_t have = (size_t)st.st_size > pre_len + hlen ? (size_t)st.st_size - pre_len - hlen : 0;
        if (have < a->bytes) {
            fclose(f);
            bad(ctx, path, "truncated data: %zu of %zu bytes", have, a->bytes);
        }
    }
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
    unsigned char pre[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (unsigned char)(n & 0xff), (unsigned char)(n >> 8)};
    size_t bytes = (size_t)numel * (size_t)(dt == IR_INDEX ? 8 : ir_dtype_bytes(dt));
    fio_out o;
    int err = fio_out_open(&o, path);
    if (!err) {
        fio_out_write(&o, pre, sizeof pre);
        fio_out_write(&o, header, (size_t)n);
        fio_out_write(&o, data, bytes);
        err = fio_out_commit(&o);
    }
    if (err) sp_throw(ctx, SP_EINPUT, (sp_loc){path, 0, 0}, "cannot write the .npy file: %s", strerror(err));
}
