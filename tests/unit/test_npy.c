/* test_npy.c - .npy writing and reading: every dtype round-trips, numpy's
 * own header layouts (v1.0, v2.0, big-endian) read, bad files are errors. */
#include <unistd.h>

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
    unlink(path);
    rmdir(dir);
    TEST_DONE();
}
