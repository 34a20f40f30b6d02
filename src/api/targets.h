/* targets.h - the targets, one table (api/ only): what each is
 * (spadc_target_info), how its options are read, and the executor backend
 * that runs it. The rest of the API and every front door ask this table;
 * none compares target names.
 *
 *     const api_target *t = api_target_find(name);       // NULL: no such target
 *     api_target_cfg cfg;
 *     if (t->configure) t->configure(ctx, name, o, &cfg);  // its options' errors first
 *     ... pick the function ...
 *     ex_backend *b = t->backend ? t->backend(ctx, o, &cfg) : NULL;
 *
 * The reference target has no backend: the reference interpreter runs the
 * whole function, driver code (scf.for, calls, prints) included, which the
 * executor refuses by design (exec/exec.h). It is a row of the table like
 * the others all the same, and what it does not do (plans, reports,
 * traces, --check) is read from its info. */
#ifndef SPADC_API_TARGETS_H
#define SPADC_API_TARGETS_H

#include "spadc.h"

#include "base/strbuf.h"
#include "exec/exec.h"
#include "npu/backend.h"

/* A target's options, read before the function is picked. */
typedef struct api_target_cfg {
    nx_opts npu;
} api_target_cfg;

typedef struct api_target {
    spadc_target_info info;
    bool takes_file; /* also spelled NAME=FILE (a machine file) */
    /* Read the target's own options (a machine file, a budget) into cfg;
     * raises a usage or input error naming them (optional). */
    void (*configure)(sp_ctx *c, const char *target, const spadc_options *o, api_target_cfg *cfg);
    /* The backend for the options, once the function is known (raises on a
     * budget the machine cannot give); NULL: the reference interpreter. */
    ex_backend *(*backend)(sp_ctx *c, const spadc_options *o, api_target_cfg *cfg);
    /* After --check found a mismatch: known causes, named (optional). */
    void (*explain_mismatch)(const ex_program *x, sp_strbuf *out);
} api_target;

/* The target called name (a family, or "npu=FILE.yml"), else NULL. */
const api_target *api_target_find(const char *name);

#endif
