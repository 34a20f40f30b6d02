/* fuzz_alloc_csv.c - libFuzzer harness for `spadc alloc`'s input path: the
 * MiniMalloc CSV reader and the offset planner behind it.
 * Properties: no crash, no leak, no hang; a file that reads either plans or
 * fails with an input error, and every plan returned passes the independent
 * verifier, never exceeds the best-fit greedy footprint, and never beats the
 * proven lower bound. */
#include <stdio.h>
#include <stdlib.h>

#include "plan/alloc.h"
#include "plan/alloc_csv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0) return 0;
    FILE *f = fmemopen((void *)data, size, "rb");
    if (!f) return 0;
    sp_ctx ctx;
    sp_ctx_init(&ctx, NULL);
    plan_csv t;
    plan_csv_init(&t, &ctx);
    sp_status st = plan_csv_read(&t, "fuzz.csv", f);
    fclose(f);
    if (st == SP_OK) {
        plan_opts o = {.work_limit = 5000, .time_limit_s = 1}; /* a short search: the fuzzer wants many inputs */
        plan_result r;
        st = plan_solve(&ctx, t.bufs, t.n, &o, &r);
        if (st == SP_OK) {
            char why[256];
            if (!plan_verify(t.bufs, t.n, 0, why, sizeof why)) {
                fprintf(stderr, "invalid plan: %s\n", why);
                abort();
            }
            if (r.footprint > r.greedy_footprint || r.footprint < r.lower_bound) abort();
        } else if (st != SP_EINPUT) {
            abort();
        }
    } else if (st != SP_EINPUT) {
        abort();
    }
    plan_csv_free(&t);
    return 0;
}
