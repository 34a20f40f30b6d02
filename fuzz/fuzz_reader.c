/* fuzz_reader.c - libFuzzer harness for the MLIR reader and verifier.
 * Properties: no crash, no leak, no hang on any input; and whatever reads
 * and verifies prints to text that reads back to the same printed text. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/strbuf.h"
#include "ir/verify.h"
#include "mlir/printer.h"
#include "mlir/reader.h"

typedef struct job {
    const char *text;
    size_t len;
    ir_module *m;
    sp_strbuf *out;
} job;

static void read_verify(sp_ctx *ctx, void *ud) {
    job *j = ud;
    mlir_read_string(ctx, "fuzz.mlir", j->text, j->len, &j->m);
    ir_verify_module(j->m);
}

static void print(sp_ctx *ctx, void *ud) {
    (void)ctx;
    job *j = ud;
    mlir_print_module(j->m, j->out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    sp_ctx ctx;
    sp_ctx_init(&ctx, NULL);
    job a = {(const char *)data, size, NULL, NULL};
    sp_strbuf p1, p2;
    sp_strbuf_init(&p1, &ctx);
    sp_strbuf_init(&p2, &ctx);
    if (sp_pcall(&ctx, read_verify, &a) == SP_OK) {
        a.out = &p1;
        if (sp_pcall(&ctx, print, &a) != SP_OK) abort();
        job b = {p1.data, p1.len, NULL, &p2};
        if (sp_pcall(&ctx, read_verify, &b) != SP_OK) abort(); /* printed IR must read back */
        if (sp_pcall(&ctx, print, &b) != SP_OK) abort();
        if (p1.len != p2.len || memcmp(p1.data, p2.data, p1.len)) abort(); /* and print the same */
        ir_module_free(b.m);
    } else if (ctx.err.status == SP_EINTERNAL) {
        abort(); /* an internal error on any input is a bug */
    }
    ir_module_free(a.m);
    sp_strbuf_free(&p1);
    sp_strbuf_free(&p2);
    return 0;
}
