/* cmd_plan.c - spadc plan: what a target will run, and the memory it plans:
 * kernels (fused ops, dims, epilogue, tile and its buffers) and the program's
 * arena. --json prints the object DESIGN.md specifies. The program and its
 * report come from the public API (include/spadc.h), whatever the target. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "spadc.h"

static const char *const HELP =
    "usage: spadc plan FILE.mlir [--target T] [-e FUNC] [--threads N] [--precision P]\n"
    "                  [--json] [--svg OUT.svg]\n"
    "\n"
    "Compile function FUNC of FILE for the target and print its plan: the\n"
    "kernels (fused ops, loop sizes b/m/n/k, epilogue steps, tile and the\n"
    "buffers it holds on chip) and the program's arena of intermediate tensors\n"
    "(planned offsets, peak-live bytes, constants read in place).\n"
    "\n"
    "  --target T     cpu (default); per-thread buffers are the engine's packed\n"
    "                 blocks, planned against the caches; npu or npu=FILE.yml:\n"
    "                 see 'spadc plan --target npu --help' (--budget, --tile,\n"
    "                 --program)\n"
    "  -e FUNC        the function (may be omitted when FILE has one)\n"
    "  --threads N    threads the cpu plan is made for (default 1)\n"
    "  --precision P  f32 (default), bf16x3 or bf16x6: f32 contractions through\n"
    "                 bf16 terms (see 'spadc run --help')\n"
    "  --json         one JSON object instead of the report\n"
    "  --svg OUT.svg  also draw the plan: each kernel's on-chip buffers and the\n"
    "                 program's arena as rectangles over time x address, with\n"
    "                 the budget and the peak-live bound as lines\n";

static const char *const NPU_HELP =
    "usage: spadc plan FILE.mlir --target npu[=FILE.yml] [-e FUNC] [--budget F|BYTES]\n"
    "                  [--tile M,N,K] [--objective O] [--precision P] [--json] [--program]\n"
    "                  [--svg OUT.svg]\n"
    "\n"
    "Compile function FUNC of FILE for the npu (a PyTorchSim-style NPU) and print\n"
    "its plan: per kernel the fused ops, the tile the search chose, the buffers\n"
    "it holds in each lane's scratchpad with the planner's offsets and\n"
    "lifetimes, the timing model's estimate against the roofline, the search in\n"
    "brief (candidates per verdict; the best timed ones with their footprint\n"
    "and cycles, the chosen one marked *; the first rejected ones with the\n"
    "reason), the energy, and the DRAM arena.\n"
    "\n"
    "Energy per kernel (energy_pj in --json: mac, vec, spad, dram, total, in pJ)\n"
    "prices the counts of the kernel's program, the simulator's own: MACs at\n"
    "fp32 multiply + add, vector element ops, scratchpad bytes read and written\n"
    "per 64-bit access, DRAM bursts per bit and DRAM row activations; the\n"
    "prices are the machine's spadc_energy_* keys (see --print-machine).\n"
    "\n"
    "  --target npu       the TPUv3 machine (PyTorchSim's tpuv3 YAML, built in)\n"
    "  --target npu=FILE  a PyTorchSim hardware YAML file\n"
    "  --budget F|BYTES   scratchpad a kernel may plan, per lane: a fraction\n"
    "                     0 < F <= 1 of the slice (a number with a decimal point,\n"
    "                     or 1), or bytes (an integer >= 2, or with a K or KiB\n"
    "                     suffix for 1024, M or MiB for 1024^2: 64K, 1M), at most\n"
    "                     the slice; default: the file's spadc_budget, else 1.0\n"
    "  --tile M,N,K       force the tile of every contraction kernel (the search\n"
    "                     still picks loop order and buffering); exit 3 if it does\n"
    "                     not fit\n"
    "  --objective O      what the tile search minimises per kernel: cycles\n"
    "                     (default; ties: fewer DMA bytes), energy (the\n"
    "                     kernel's energy_pj total, then cycles), dram (its DRAM\n"
    "                     energy: bytes moved and row activations, then cycles)\n"
    "                     or edp (energy x cycles). A larger budget never\n"
    "                     chooses worse by the objective. Only cycles prunes\n"
    "                     candidates by a cycle bound; the others time every\n"
    "                     fitting candidate, within the same effort limit\n"
    "  --precision P      f32 (default), bf16x3 or bf16x6: f32 contractions\n"
    "                     through bf16 terms (see 'spadc run --help')\n"
    "  --json             one JSON object instead of the report (per kernel also\n"
    "                     \"candidates\": the search's brief)\n"
    "  --program          also print each kernel's npu program (instructions)\n"
    "  --svg OUT.svg      also draw the plan: per npu kernel its scratchpad\n"
    "                     buffers per lane over steps x address, with the budget,\n"
    "                     the peak-live bound and the footprint as lines; then\n"
    "                     the DRAM arena\n"
    "  -e FUNC            the function (may be omitted when FILE has one)\n"
    "  --print-machine    print the machine instead (no FILE needed): every key\n"
    "                     spadc reads, its value with the defaults filled in and\n"
    "                     what it means, as YAML that npu=FILE.yml reads back\n"
    "\n"
    "Sizes on chip are per lane: an R x C tile takes R * ceil(C / lanes)\n"
    "elements of each lane's slice. Exit 3 when a kernel fits no tile, with the\n"
    "buffers, their bytes, the footprint and the budget.\n";

typedef struct plan_args {
    const char *path, *func, *svg, *target;
    spadc_options o;
    bool json, program, print_machine;
} plan_args;

/* An argument no option took: the input file, or a usage error. */
static int file_arg(const char *s, plan_args *a) {
    if (s[0] == '-' && s[1]) return cli_usage_error("plan", "unknown option '%s'", s);
    if (a->path) return cli_usage_error("plan", "more than one input file");
    a->path = s;
    return 0;
}

/* The cpu's options; 0 or the usage error's status. */
static int cpu_args(int argc, char **argv, plan_args *a) {
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (!strcmp(s, "--json")) {
            a->json = true;
        } else if (!strcmp(s, "--target") || !strcmp(s, "-e") || !strcmp(s, "--threads") || !strcmp(s, "--svg") ||
                   !strcmp(s, "--precision")) {
            if (i + 1 >= argc) return cli_usage_error("plan", "%s needs an argument", s);
            const char *v = argv[++i];
            if (!strcmp(s, "--precision")) {
                int rc = cli_parse_precision("plan", v, &a->o.precision);
                if (rc) return rc;
            } else if (!strcmp(s, "--svg")) {
                a->svg = v;
            } else if (!strcmp(s, "--target")) {
                a->target = v;
            } else if (!strcmp(s, "-e")) {
                a->func = v;
            } else {
                uint64_t t;
                const char *e = cli_scan_uint(v, SPADC_MAX_THREADS, &t);
                if (!e || *e || t < 1) return cli_usage_error("plan", "--threads needs an integer in [1, %d] (got '%s')", SPADC_MAX_THREADS, v);
                a->o.threads = (int)t;
            }
        } else if (!strcmp(s, "--budget") || !strcmp(s, "--tile") || !strcmp(s, "--program") || !strcmp(s, "--objective")) {
            return cli_usage_error("plan", "%s is an option of the npu target (--target npu or npu=FILE.yml)", s);
        } else {
            int rc = file_arg(s, a);
            if (rc) return rc;
        }
    }
    if (!a->path) return cli_usage_error("plan", "no input file");
    spadc_target_info t;
    if (spadc_target_info_of(a->target, &t))
        return cli_usage_error("plan", "unknown target '%s' (targets: cpu, npu, npu=FILE.yml)", a->target);
    if (!t.compiled)
        return cli_usage_error("plan", "the %s target plans nothing: it is the reference interpreter (targets: cpu, npu, "
                                       "npu=FILE.yml)", a->target);
    return 0;
}

/* The npu's options; 0 or the usage error's status. */
static int npu_args(int argc, char **argv, plan_args *a) {
    a->target = NULL;
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (!strcmp(s, "--json")) {
            a->json = true;
        } else if (!strcmp(s, "--program")) {
            a->program = true;
        } else if (!strcmp(s, "--print-machine")) {
            a->print_machine = true;
        } else if (!strcmp(s, "--target") || !strcmp(s, "-e") || !strcmp(s, "--budget") || !strcmp(s, "--tile") ||
                   !strcmp(s, "--svg") || !strcmp(s, "--objective") || !strcmp(s, "--precision")) {
            if (i + 1 >= argc) return cli_usage_error("plan", "%s needs an argument", s);
            const char *v = argv[++i];
            int rc = 0;
            if (!strcmp(s, "--svg"))
                a->svg = v;
            else if (!strcmp(s, "--target"))
                a->target = v;
            else if (!strcmp(s, "-e"))
                a->func = v;
            else if (!strcmp(s, "--budget"))
                rc = cli_parse_budget("plan", v, &a->o.budget);
            else if (!strcmp(s, "--objective"))
                rc = cli_parse_objective("plan", v, &a->o.objective);
            else if (!strcmp(s, "--precision"))
                rc = cli_parse_precision("plan", v, &a->o.precision);
            else
                rc = cli_parse_tile("plan", v, a->o.tile);
            if (rc) return rc;
        } else if (!strcmp(s, "--threads")) {
            return cli_usage_error("plan", "--threads is an option of the cpu target (the npu plan does not depend on it)");
        } else {
            int rc = file_arg(s, a);
            if (rc) return rc;
        }
    }
    if (!a->target || !cli_simulated(a->target)) return cli_usage_error("plan", "expected --target npu or npu=FILE.yml");
    if (a->print_machine) {
        if (a->path || a->json || a->program || a->svg || a->func)
            return cli_usage_error("plan", "--print-machine prints the machine alone (no FILE, --json, --program, --svg or -e)");
        return 0;
    }
    if (!a->path) return cli_usage_error("plan", "no input file");
    if (a->json && a->program) return cli_usage_error("plan", "--program prints the report; it does not go with --json");
    return 0;
}

int cli_cmd_plan(int argc, char **argv) {
    bool npu = false;
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--target") && cli_simulated(argv[i + 1])) npu = true;
    for (int i = 1; i < argc; i++)
        if (cli_is_help(argv[i])) {
            cli_print_text(npu ? NPU_HELP : HELP);
            return 0;
        }
    plan_args a = {.target = "cpu", .o = {.threads = 1}};
    int rc = npu ? npu_args(argc, argv, &a) : cpu_args(argc, argv, &a);
    if (rc) return rc;
    a.o.target = a.target;
    spadc_ctx *ctx = spadc_ctx_new();
    if (!ctx) return cli_out_of_memory();
    if (a.print_machine) {
        char *text = NULL;
        rc = spadc_target_describe(ctx, a.target, &text);
        if (rc)
            fprintf(stderr, "%s\n", spadc_error(ctx));
        else
            cli_print(text, strlen(text));
        spadc_string_free(text);
        spadc_ctx_free(ctx);
        return rc;
    }
    spadc_module *m = NULL;
    spadc_program *p = NULL;
    char *report = NULL, *svg = NULL;
    rc = spadc_read_file(ctx, a.path, &m);
    if (!rc) rc = spadc_compile(ctx, m, a.func, &a.o, &p);
    if (!rc) rc = spadc_program_report(p, a.json ? SPADC_PLAN_JSON : a.program ? SPADC_PLAN_PROGRAM : SPADC_PLAN_TEXT, &report);
    if (!rc && a.svg) rc = spadc_program_report(p, SPADC_PLAN_SVG, &svg);
    if (rc)
        fprintf(stderr, "%s\n", spadc_error(ctx));
    else if (a.svg)
        rc = cli_save(a.svg, svg, strlen(svg), "SVG");
    if (!rc) cli_print(report, strlen(report));
    spadc_string_free(report);
    spadc_string_free(svg);
    spadc_program_free(p);
    spadc_module_free(m);
    spadc_ctx_free(ctx);
    return rc;
}
