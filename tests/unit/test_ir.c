/* test_ir.c - the IR module's own tools: ir_module_clone copies every file of
 * the corpus so that passes on the copy leave the source as it was printed,
 * and the copy after the passes prints exactly what the passes give on a
 * fresh read of the file. */
#include <dirent.h>

#include "passes/passes.h"
#include "test.h"
#include "util.h"

typedef struct clone_job {
    ir_module *src, *copy;
} clone_job;

static void clone_and_fuse(sp_ctx *ctx, void *ud) {
    (void)ctx;
    clone_job *j = ud;
    ir_module_clone(j->src, &j->copy);
    ir_verify_module(j->copy);
    pass_run(j->copy, "canonicalize,fuse");
}

static void passes_body(sp_ctx *ctx, void *ud) {
    (void)ctx;
    pass_run(ud, "canonicalize,fuse");
}

/* One file: 1 if it was checked, 0 if the reader rejects it (bad inputs). */
static int check_file(sp_ctx *ctx, const char *path) {
    ir_module *src = parse_file(ctx, path, NULL, 0);
    if (!src) return 0;
    char *before = print_module(ctx, src);
    clone_job j = {src, NULL};
    sp_status st = sp_pcall(ctx, clone_and_fuse, &j);
    if (st != SP_OK) fprintf(stderr, "%s: %s\n", path, ctx->err.msg);
    CHECK_EQ_INT(st, SP_OK);
    char *after = print_module(ctx, src);
    if (strcmp(before, after)) fprintf(stderr, "%s: the passes on the copy changed the source\n", path);
    CHECK_EQ_STR(after, before);
    /* the same passes on a fresh read */
    ir_module *fresh = parse_file(ctx, path, NULL, 0);
    CHECK(fresh != NULL);
    if (fresh && st == SP_OK) {
        CHECK_EQ_INT(sp_pcall(ctx, passes_body, fresh), SP_OK);
        char *want = print_module(ctx, fresh), *got = print_module(ctx, j.copy);
        if (strcmp(want, got)) fprintf(stderr, "%s: the copy's passes differ from a fresh read's\n", path);
        CHECK_EQ_STR(got, want);
        free(want);
        free(got);
    }
    ir_module_free(fresh);
    ir_module_free(j.copy);
    ir_module_free(src);
    free(before);
    free(after);
    return 1;
}

static int check_dir(sp_ctx *ctx, const char *rel) {
    char dir[1024];
    corpus(rel, dir, sizeof dir);
    DIR *d = opendir(dir);
    CHECK(d != NULL);
    if (!d) return 0;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len < 6 || strcmp(e->d_name + len - 5, ".mlir")) continue;
        char path[2048];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        n += check_file(ctx, path);
    }
    closedir(d);
    return n;
}

int main(void) {
    sp_ctx ctx;
    sp_ctx_init(&ctx, NULL);
    int n = 0;
    static const char *const dirs[] = {"mlir22", "mlir22/variants", "seeds", "external/tpp-mlir"};
    for (size_t i = 0; i < SP_ARRAY_LEN(dirs); i++) n += check_dir(&ctx, dirs[i]);
    printf("%d corpus files cloned\n", n);
    CHECK(n >= 40);
    TEST_DONE();
}
