/* targets.c - the table of targets (targets.h). */
#include "targets.h"

#include <string.h>

#include "cpu/backend.h"
#include "npu/lower.h"
#include "npu/machine.h"

static ex_backend *cpu_backend(sp_ctx *c, const spadc_options *o, api_target_cfg *cfg) {
    (void)cfg;
    cpu_backend_opts co = {.nthreads = o && o->threads > 0 ? o->threads : 1};
    return cpu_backend_new(c, &co);
}

/* The npu machine, budget, tile and objective of the options: the machine
 * file's errors come before the function's. */
static void npu_configure(sp_ctx *c, const char *target, const spadc_options *o, api_target_cfg *cfg) {
    nx_opts *no = &cfg->npu;
    memset(no, 0, sizeof *no);
    nt_target_from_spec(c, target, &no->target);
    double b = o ? o->budget : 0;
    if (b < 0 || b != b)
        sp_throw(c, SP_EUSAGE, (sp_loc){0}, "a budget is a fraction 0 < F <= 1 of the slice or bytes > 1 (got %g)", b);
    if (b > 1) {
        if (b != (double)(int64_t)b || b > (double)((int64_t)1 << 40))
            sp_throw(c, SP_EUSAGE, (sp_loc){0}, "a budget in bytes is a whole number up to 2^40 (got %.17g)", b);
        no->budget_bytes = (int64_t)b;
    } else {
        no->budget_fraction = b;
    }
    for (int i = 0; o && i < 3; i++) {
        if (o->tile[i] < 0 || o->tile[i] > ((long long)1 << 31))
            sp_throw(c, SP_EUSAGE, (sp_loc){0}, "a tile size is between 1 and 2^31 (got %lld)", o->tile[i]);
        no->tile[i] = o->tile[i];
    }
    no->nthreads = o && o->threads > 0 ? o->threads : 1;
    if (o && o->objective) {
        int obj = nl_objective_parse(o->objective);
        if (obj < 0)
            sp_throw(c, SP_EUSAGE, (sp_loc){0}, "unknown objective '%s' (objectives: cycles, energy, dram, edp)", o->objective);
        no->objective = obj;
    }
}

static ex_backend *npu_backend(sp_ctx *c, const spadc_options *o, api_target_cfg *cfg) {
    (void)o;
    const nx_opts *no = &cfg->npu;
    if (no->budget_bytes > nt_spad_bytes(&no->target))
        sp_throw(c, SP_EUSAGE, (sp_loc){0}, "--budget %lld bytes exceeds the %lld bytes of a lane's scratchpad on %s",
                 (long long)no->budget_bytes, (long long)nt_spad_bytes(&no->target), no->target.name);
    return nx_backend_new(c, no);
}

static const api_target targets[] = {
    {.info = {.family = "cpu", .compiled = 1, .native = 1},
     .backend = cpu_backend,
     .explain_mismatch = cpu_note_flushing_kernels},
    {.info = {.family = "npu", .compiled = 1, .simulated = 1},
     .takes_file = true,
     .configure = npu_configure,
     .backend = npu_backend},
    {.info = {.family = "ref", .reference = 1}},
};

const api_target *api_target_find(const char *name) {
    if (!name) return NULL;
    for (size_t i = 0; i < SP_ARRAY_LEN(targets); i++) {
        const api_target *t = &targets[i];
        size_t n = strlen(t->info.family);
        if (!strncmp(name, t->info.family, n) && (!name[n] || (t->takes_file && name[n] == '=')))
            return t;
    }
    return NULL;
}

int spadc_target_info_of(const char *target, spadc_target_info *info) {
    if (!info) return SPADC_EUSAGE;
    const api_target *t = api_target_find(target);
    memset(info, 0, sizeof *info);
    if (!t) return SPADC_EUSAGE;
    *info = t->info;
    return SPADC_OK;
}
