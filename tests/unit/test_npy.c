/* test_npy.c - .npy writing and reading: every dtype round-trips, numpy's
 * own header layouts (v1.0, v2.0, big-endian) read, bad files are errors
 * with a message that names what is wrong; and the output files under
 * them (io/fileio.h) are written whole or not at all. */
#include <errno.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <signal.h>
#include <unistd.h>

#include "io/fileio.h"

#include "io/npy.h"
#include "test.h"

typedef struct rw {
    const char *path;
    ir_dtype dt;
    uint32_t rank;
    const int64_t *dims;
    const void *data;
    npy_array a;
    int write;
} rw;

static void rw_body(sp_ctx *ctx, void *ud) {
    rw *j = ud;
    if (j->write) npy_write(ctx, j->path, j->dt, j->rank, j->dims, j->data);
    npy_read(ctx, j->path, &j->a);
}

static void write_raw(const char *path, const void *bytes, size_t n) {
    FILE *f = fopen(path, "wb");
    fwrite(bytes, 1, n, f);
    fclose(f);
}

/* a header as numpy writes it (version v), padded to 64 bytes */
static size_t make_npy(unsigned char *buf, int v, const char *dict, const void *data, size_t n) {
    size_t pre = v == 1 ? 10 : 12, dl = strlen(dict);
    size_t hl = dl + 1;
    while ((pre + hl) % 64) hl++;
    memcpy(buf, "\x93NUMPY", 6);
    buf[6] = (unsigned char)v;
    buf[7] = 0;
    if (v == 1) {
        buf[8] = (unsigned char)(hl & 0xff);
        buf[9] = (unsigned char)(hl >> 8);
    } else {
        for (int i = 0; i < 4; i++) buf[8 + i] = (unsigned char)(hl >> (8 * i));
    }
    memcpy(buf + pre, dict, dl);
    memset(buf + pre + dl, ' ', hl - dl - 1);
    buf[pre + hl - 1] = '\n';
    memcpy(buf + pre + hl, data, n);
    return pre + hl + n;
}

/* An allocator that records the largest block asked for. */
static void *counting_fn(void *ud, void *ptr, size_t n) {
    size_t *max = ud;
    if (n == 0) {
        free(ptr);
        return NULL;
    }
    if (n > *max) *max = n;
    return realloc(ptr, n);
}

/* Read path; return the status and leave the message in ctx. */
static sp_status read_status(sp_ctx *ctx, const char *path) {
    rw r = {path, 0, 0, NULL, NULL, {0}, 0};
    sp_status st = sp_pcall(ctx, rw_body, &r);
    npy_free(ctx, &r.a);
    return st;
}

/* Headers that parse to the same 3-float array as numpy's own spelling. */
static void header_spellings(sp_ctx *ctx, const char *path) {
    static const char *const dicts[] = {
        "{\"descr\": \"<f4\", \"fortran_order\": False, \"shape\": (3,)}", /* double quotes, no trailing comma */
        "{'shape': (3,), 'fortran_order': False, 'descr': '<f4'}",             /* any key order */
        "{ 'descr' : '<f4' ,\n 'fortran_order' : False ,\t'shape' : ( 3 , ) , }", /* whitespace anywhere */
        "{'descr': '<f4', 'fortran_order': False, 'shape': (3L,), }",          /* Python 2's long */
        "{'descr': 'f4', 'fortran_order': False, 'shape': (3,), }",            /* no byte order: native */
    };
    float vals[3] = {1.5f, -2.0f, 3.25f};
    unsigned char buf[512];
    for (size_t k = 0; k < SP_ARRAY_LEN(dicts); k++) {
        write_raw(path, buf, make_npy(buf, 1, dicts[k], vals, sizeof vals));
        rw r = {path, 0, 0, NULL, NULL, {0}, 0};
        CHECK_EQ_INT(sp_pcall(ctx, rw_body, &r), SP_OK);
        if (ctx->err.msg[0] && r.a.data == NULL) fprintf(stderr, "  %s: %s\n", dicts[k], ctx->err.msg);
        CHECK_EQ_INT(r.a.rank, 1);
        CHECK(r.a.dims[0] == 3 && r.a.data && !memcmp(r.a.data, vals, sizeof vals));
        npy_free(ctx, &r.a);
    }
    /* shape (): a scalar; (2, 0): empty */
    write_raw(path, buf, make_npy(buf, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': ()}", vals, 4));
    rw r = {path, 0, 0, NULL, NULL, {0}, 0};
    CHECK_EQ_INT(sp_pcall(ctx, rw_body, &r), SP_OK);
    CHECK_EQ_INT(r.a.rank, 0);
    CHECK_EQ_INT(r.a.bytes, 4);
    npy_free(ctx, &r.a);
    write_raw(path, buf, make_npy(buf, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 0)}", vals, 0));
    CHECK_EQ_INT(sp_pcall(ctx, rw_body, &r), SP_OK);
    CHECK_EQ_INT(r.a.rank, 2);
    CHECK_EQ_INT(r.a.bytes, 0);
    npy_free(ctx, &r.a);
}

/* Headers numpy would not write, each refused with the message that says why. */
static void bad_headers(sp_ctx *ctx, const char *path) {
    static const struct {
        const char *dict;
        const char *msg;
    } bad[] = {
        {"{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (3,), }",
         "duplicate key 'descr' in the header"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (3,), 'shape': (3,)}", "duplicate key 'shape' in the header"},
        {"{'descr': '<f4', 'fortran_order': Flase, 'shape': (3,), }",
         "malformed 'fortran_order' value 'Flase': expected True or False"},
        {"{'descr': '<f4', 'fortran_order': 0, 'shape': (3,), }",
         "malformed 'fortran_order' value '0': expected True or False"},
        {"{'descr': '<f4', 'fortran_order': 'False', 'shape': (3,), }",
         "malformed header: expected True or False for 'fortran_order' at byte 34, found ''False', 'sh'"},
        {"{'descr': '<f4', 'fortran_order': True, 'shape': (3,), }",
         "Fortran-order arrays are not supported (save with np.ascontiguousarray)"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }", "'shape' has a negative dimension"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (3), }",
         "malformed 'shape' value: expected a tuple of non-negative integers such as (2, 3) or (4,)"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': [3], }",
         "malformed 'shape' value: expected a tuple of non-negative integers such as (2, 3) or (4,)"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (3,,), }",
         "malformed 'shape' value: expected a tuple of non-negative integers such as (2, 3) or (4,)"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (3 4), }",
         "malformed 'shape' value: expected a tuple of non-negative integers such as (2, 3) or (4,)"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (3.0,), }",
         "malformed 'shape' value: expected a tuple of non-negative integers such as (2, 3) or (4,)"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999,), }", "dimension too large in 'shape'"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999,99999999999,99999999999), }", "array too large"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1), }",
         "too many dimensions in 'shape' (at most 16)"},
        {"{'descr': '<f4', 'fortran_order': False, }", "header has no 'shape'"},
        {"{'descr': '<f4', 'shape': (3,), }", "header has no 'fortran_order'"},
        {"{'fortran_order': False, 'shape': (3,), }", "header has no 'descr'"},
        {"{}", "header has no 'descr'"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (3,), 'order': 'C'}",
         "unexpected key 'order' in the header (a .npy header has 'descr', 'fortran_order' and 'shape')"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (3,), } junk",
         "malformed header: 'junk' after the closing '}' at byte 58"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }}",
         "malformed header: '}' after the closing '}' at byte 57"},
        {"{descr: '<f4', 'fortran_order': False, 'shape': (3,), }",
         "malformed header: expected a quoted string at byte 1, found 'descr: '<f4''"},
        {"{'descr' '<f4', 'fortran_order': False, 'shape': (3,), }",
         "malformed header: expected ':' at byte 9, found ''<f4', 'fort'"},
        {"{'descr': '<f4' 'fortran_order': False, 'shape': (3,), }",
         "malformed header: expected ',' or '}' at byte 16, found ''fortran_ord'"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (3,), ",
         "malformed header: expected a quoted string at byte 118, found its end"},
        {"{'descr': '<f4, 'fortran_order': False, 'shape': (3,), }", "malformed header: expected ',' or '}' at byte 17, found 'fortran_orde'"},
        {"('descr', '<f4')", "malformed header: expected '{' at byte 0, found '('descr', '<'"},
        {"", "malformed header: expected '{' at byte 54, found its end"},
        {"{'descr': '<c8', 'fortran_order': False, 'shape': (3,), }", "unsupported dtype ('<c8')"},
        {"{'descr': '<f4x', 'fortran_order': False, 'shape': (3,), }", "unsupported dtype ('<f4x')"},
        {"{'descr': '', 'fortran_order': False, 'shape': (3,), }", "unsupported dtype ('')"},
        {"{'descr': '<f99999999999999999999', 'fortran_order': False, 'shape': (3,), }", "unsupported dtype ('<f9999999999999')"},
        {"{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (3,), }", "unsupported dtype (a structured array)"},
    };
    unsigned char buf[512];
    float vals[3] = {0};
    for (size_t k = 0; k < SP_ARRAY_LEN(bad); k++) {
        write_raw(path, buf, make_npy(buf, 1, bad[k].dict, vals, sizeof vals));
        CHECK_EQ_INT(read_status(ctx, path), SP_EINPUT);
        CHECK_EQ_STR(ctx->err.msg, bad[k].msg);
        CHECK_EQ_STR(ctx->err.file, path);
    }
    /* a NUL inside the header */
    size_t n = make_npy(buf, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }", vals, sizeof vals);
    buf[10 + 11] = 0;
    write_raw(path, buf, n);
    CHECK_EQ_INT(read_status(ctx, path), SP_EINPUT);
    CHECK_EQ_STR(ctx->err.msg, "malformed header: expected the end of the string at byte 11, found '?f4', 'fortr'");
}

/* The preamble: magic, version, header length against the file. */
static void bad_preambles(sp_ctx *ctx, const char *path, const char *dir) {
    unsigned char buf[512];
    float vals[3] = {0};
    const char *dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }";
    size_t n = make_npy(buf, 1, dict, vals, sizeof vals);
    write_raw(path, buf, 0);
    CHECK_EQ_INT(read_status(ctx, path), SP_EINPUT);
    CHECK_EQ_STR(ctx->err.msg, "not a .npy file (empty)");
    write_raw(path, buf, 4);
    CHECK_EQ_INT(read_status(ctx, path), SP_EINPUT);
    CHECK_EQ_STR(ctx->err.msg, "truncated header");
    write_raw(path, "\x93NUMPZ\x01\x00\x10\x00", 10);
    CHECK_EQ_INT(read_status(ctx, path), SP_EINPUT);
    CHECK_EQ_STR(ctx->err.msg, "not a .npy file (bad magic)");
    buf[7] = 1; /* version 1.1 */
    write_raw(path, buf, n);
    CHECK_EQ_INT(read_status(ctx, path), SP_EINPUT);
    CHECK_EQ_STR(ctx->err.msg, "unsupported .npy format version 1.1");
    buf[6] = 4, buf[7] = 0;
    write_raw(path, buf, n);
    CHECK_EQ_INT(read_status(ctx, path), SP_EINPUT);
    CHECK_EQ_STR(ctx->err.msg, "unsupported .npy format version 4.0");
    buf[6] = 1;
    /* the header length runs past the end of the file */
    write_raw(path, buf, 10 + 40);
    CHECK_EQ_INT(read_status(ctx, path), SP_EINPUT);
    CHECK_EQ_STR(ctx->err.msg, "truncated header: the preamble says 118 bytes, the file holds 40");
    n = make_npy(buf, 2, dict, vals, sizeof vals);
    buf[11] = 0x7f; /* v2: a 2 GB header */
    write_raw(path, buf, n);
    CHECK_EQ_INT(read_status(ctx, path), SP_EINPUT);
    CHECK_EQ_STR(ctx->err.msg, "header too large (2130706548 bytes)");
    write_raw(path, buf, 11);
    CHECK_EQ_INT(read_status(ctx, path), SP_EINPUT);
    CHECK_EQ_STR(ctx->err.msg, "truncated header");
    /* a directory is not read as a file that lacks the magic */
    CHECK_EQ_INT(read_status(ctx, dir), SP_EINPUT);
    CHECK_EQ_STR(ctx->err.msg, "cannot open file: Is a directory");
    CHECK_EQ_STR(ctx->err.file, dir);
}

/* A header that claims 16 GiB of data in a file that has 12 bytes is an
 * error before anything near that size is allocated. */
static void claim_past_file(const char *path) {
    size_t max = 0;
    sp_ctx c;
    sp_ctx_init(&c, &(sp_allocator){counting_fn, &max});
    unsigned char buf[512];
    float vals[3] = {0};
    write_raw(path, buf, make_npy(buf, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (65536, 65536), }", vals, 12));
    CHECK_EQ_INT(read_status(&c, path), SP_EINPUT);
    CHECK_EQ_STR(c.err.msg, "truncated data: 12 of 17179869184 bytes");
    CHECK(max < 4096);
}

/* Output files: whole or nothing. Writing past RLIMIT_FSIZE fails with
 * EFBIG (SIGXFSZ ignored), as a full disk fails with ENOSPC. */
static void whole_or_nothing(sp_ctx *ctx, const char *dir) {
    char path[256], tmpname[256];
    snprintf(path, sizeof path, "%s/out.bin", dir);
    static char big[8192];
    memset(big, 'x', sizeof big);
    /* success: the file appears with the bytes, no temporary is left */
    fio_save(ctx, path, big, 100, "test"); /* no pcall needed: it succeeds */
    struct stat st;
    CHECK(stat(path, &st) == 0 && st.st_size == 100);
    /* failure: the old contents stay, the temporary is gone */
    struct rlimit old, lim;
    getrlimit(RLIMIT_FSIZE, &old);
    lim = old;
    lim.rlim_cur = 4096;
    void (*prev)(int) = signal(SIGXFSZ, SIG_IGN);
    CHECK(setrlimit(RLIMIT_FSIZE, &lim) == 0);
    fio_out o;
    CHECK_EQ_INT(fio_out_open(&o, path), 0);
    snprintf(tmpname, sizeof tmpname, "%s", o.tmp);
    CHECK(strncmp(tmpname, path, strlen(path)) == 0 && access(tmpname, F_OK) == 0);
    fio_out_write(&o, big, sizeof big);
    CHECK_EQ_INT(fio_out_commit(&o), EFBIG);
    setrlimit(RLIMIT_FSIZE, &old);
    signal(SIGXFSZ, prev);
    CHECK(stat(path, &st) == 0 && st.st_size == 100);
    CHECK(access(tmpname, F_OK) != 0);
    /* discard: no file, no temporary */
    char fresh[256];
    snprintf(fresh, sizeof fresh, "%s/fresh.bin", dir);
    CHECK_EQ_INT(fio_out_open(&o, fresh), 0);
    snprintf(tmpname, sizeof tmpname, "%s", o.tmp);
    fio_out_write(&o, big, 10);
    fio_out_discard(&o);
    fio_out_discard(&o); /* twice is harmless */
    CHECK(access(fresh, F_OK) != 0 && access(tmpname, F_OK) != 0);
    /* a directory is refused before anything is created; /dev/null is written in place */
    CHECK_EQ_INT(fio_out_open(&o, dir), EISDIR);
    CHECK_EQ_INT(fio_out_open(&o, "/dev/null"), 0);
    CHECK(o.in_place);
    fio_out_write(&o, big, 10);
    CHECK_EQ_INT(fio_out_commit(&o), 0);
    unlink(path);
}

int main(void) {
    sp_ctx ctx;
    sp_ctx_init(&ctx, NULL);
    char dir[] = "/tmp/spadc_npy_XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char path[256];
    snprintf(path, sizeof path, "%s/a.npy", dir);

    static const ir_dtype dts[] = {IR_F32, IR_F64, IR_F16, IR_BF16, IR_I1, IR_I8, IR_I16, IR_I32, IR_I64};
    uint8_t data[2 * 3 * 8];
    for (size_t i = 0; i < sizeof data; i++) data[i] = (uint8_t)(i * 37 + 1);
    int64_t dims[2] = {2, 3};
    for (size_t k = 0; k < SP_ARRAY_LEN(dts); k++) {
        uint8_t d2[sizeof data];
        memcpy(d2, data, sizeof d2);
        if (dts[k] == IR_I1)
            for (int i = 0; i < 6; i++) d2[i] &= 1;
        rw j = {path, dts[k], 2, dims, d2, {0}, 1};
        CHECK_EQ_INT(sp_pcall(&ctx, rw_body, &j), SP_OK);
        CHECK_EQ_INT(j.a.dtype, dts[k]);
        CHECK_EQ_INT(j.a.rank, 2);
        CHECK(j.a.dims[0] == 2 && j.a.dims[1] == 3);
        CHECK(j.a.data && !memcmp(j.a.data, d2, 6 * (size_t)ir_dtype_bytes(dts[k])));
        npy_free(&ctx, &j.a);
    }
    /* rank 0 (a scalar) */
    float one = 1.0f;
    rw s = {path, IR_F32, 0, NULL, &one, {0}, 1};
    CHECK_EQ_INT(sp_pcall(&ctx, rw_body, &s), SP_OK);
    CHECK_EQ_INT(s.a.rank, 0);
    npy_free(&ctx, &s.a);

    unsigned char buf[512];
    float vals[3] = {1.5f, -2.0f, 3.25f};
    /* v2.0 header */
    size_t n = make_npy(buf, 2, "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }", vals, sizeof vals);
    write_raw(path, buf, n);
    rw r2 = {path, 0, 0, NULL, NULL, {0}, 0};
    CHECK_EQ_INT(sp_pcall(&ctx, rw_body, &r2), SP_OK);
    CHECK(r2.a.data && !memcmp(r2.a.data, vals, sizeof vals));
    npy_free(&ctx, &r2.a);
    /* big-endian data is swapped */
    unsigned char be[12];
    for (int i = 0; i < 3; i++)
        for (int b = 0; b < 4; b++) be[4 * i + b] = ((unsigned char *)&vals[i])[3 - b];
    n = make_npy(buf, 1, "{'descr': '>f4', 'fortran_order': False, 'shape': (3,), }", be, sizeof be);
    write_raw(path, buf, n);
    rw r3 = {path, 0, 0, NULL, NULL, {0}, 0};
    CHECK_EQ_INT(sp_pcall(&ctx, rw_body, &r3), SP_OK);
    CHECK(r3.a.data && !memcmp(r3.a.data, vals, sizeof vals));
    npy_free(&ctx, &r3.a);

    /* errors, each with the file named */
    static const struct {
        const char *dict;
        size_t ndata;
        const char *expect;
    } bad[] = {
        {"{'descr': '<f4', 'fortran_order': True, 'shape': (3,), }", 12, "Fortran-order arrays are not supported"},
        {"{'descr': '<c8', 'fortran_order': False, 'shape': (3,), }", 24, "unsupported dtype"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }", 8, "truncated data"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999,99999999999,99999999999), }", 0, "too large"},
        {"{'descr': '<f4', 'fortran_order': False, }", 0, "no 'shape'"},
    };
    for (size_t k = 0; k < SP_ARRAY_LEN(bad); k++) {
        n = make_npy(buf, 1, bad[k].dict, vals, bad[k].ndata);
        write_raw(path, buf, n);
        rw r = {path, 0, 0, NULL, NULL, {0}, 0};
        CHECK_EQ_INT(sp_pcall(&ctx, rw_body, &r), SP_EINPUT);
        CHECK_CONTAINS(ctx.err.msg, bad[k].expect);
        CHECK_EQ_STR(ctx.err.file, path);
        npy_free(&ctx, &r.a);
    }
    write_raw(path, "not numpy at all", 16);
    rw r = {path, 0, 0, NULL, NULL, {0}, 0};
    CHECK_EQ_INT(sp_pcall(&ctx, rw_body, &r), SP_EINPUT);
    CHECK_CONTAINS(ctx.err.msg, "bad magic");
    npy_free(&ctx, &r.a);
    header_spellings(&ctx, path);
    bad_headers(&ctx, path);
    bad_preambles(&ctx, path, dir);
    claim_past_file(path);
    whole_or_nothing(&ctx, dir);
    unlink(path);
    rmdir(dir);
    TEST_DONE();
}
