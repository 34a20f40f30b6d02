/* machine.c - the built-in TPUv3 machine and PyTorchSim's YAML files
 * read with libyaml (see machine.h). */
#include "machine.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#ifdef SPADC_HAVE_YAML
#include <yaml.h>
#endif

static void set_defaults(nt_target *t) {
    memset(t, 0, sizeof *t);
    t->num_cores = 1;
    t->num_sa = 1;
    t->icnt_latency = 10;
    t->icnt_ports = 16;
    t->dram_gbps_per_channel = 30.1;
    t->dram_efficiency = 0.7;
    t->dram_latency_ns = 290;
    t->dma_latency = -1; /* derived from icnt_latency and dram_latency_ns unless given */
    t->dram_req_bytes = 32;
    t->budget = 1.0;
    t->sa_weight_slots = 2;
    t->sfu_latency = 10;
    t->e_mult_pj = 3.7; /* Horowitz, ISSCC 2014, 45 nm: fp32 multiply */
    t->e_add_pj = 0.9;  /* the same: fp32 add */
    t->e_vec_op_pj = 0.9; /* a vector element operation, as an fp32 add */
    t->e_spad_read_pj = t->e_spad_write_pj = -1; /* by the slice's size class (finish) */
    t->e_dram_act_pj = 909; /* PyTorchSim configs/energy_tables/hbm2.yml: PRE + ACT */
    t->e_dram_bit_pj = 3.48; /* the same: 1.51 array + 1.17 I/O + 0.80 PHY */
    t->dram_row_bytes = 1024; /* HBM2 pseudo-channel page (JESD235) */
}

/* Horowitz 2014's SRAM energy per 64-bit access (45 nm) at three sizes:
 * 8 KiB ~10 pJ, 32 KiB ~20 pJ, 1 MiB ~100 pJ. Between them the energy is
 * interpolated on log-log axes (an SRAM's access energy grows as a power
 * of its size, its wires' length: here about size^0.5 and size^0.46);
 * below 8 KiB the 8 KiB figure, above 1 MiB the last segment extended.
 * TPUv3's 128 KiB slice: 20 x 5^(2/5) = 38.1 pJ. */
static double spad_class_pj(int64_t kb) {
    static const double KB[] = {8, 32, 1024}, PJ[] = {10, 20, 100};
    double x = kb < 8 ? 8 : (double)kb;
    int i = x <= 32 ? 0 : 1;
    double f = log(x / KB[i]) / log(KB[i + 1] / KB[i]);
    return PJ[i] * pow(PJ[i + 1] / PJ[i], f);
}

static void finish(nt_target *t) {
    if (t->dram_freq_mhz == 0) t->dram_freq_mhz = t->core_freq_mhz;
    t->dma_latency_derived = t->dma_latency < 0;
    if (t->dma_latency < 0)
        t->dma_latency = 2 * t->icnt_latency + (int64_t)ceil(t->dram_latency_ns * (double)t->core_freq_mhz / 1000.0);
    t->spad_read_pj_derived = t->e_spad_read_pj < 0;
    t->spad_write_pj_derived = t->e_spad_write_pj < 0;
    if (t->e_spad_read_pj < 0) t->e_spad_read_pj = spad_class_pj(t->spad_kb_per_lane);
    if (t->e_spad_write_pj < 0) t->e_spad_write_pj = spad_class_pj(t->spad_kb_per_lane);
}

int64_t nt_spad_bytes(const nt_target *t) { return t->spad_kb_per_lane * 1024; }

int64_t nt_tile_bytes(const nt_target *t, int64_t rows, int64_t cols, int64_t elem_bytes) {
    return rows * ((cols + t->lanes - 1) / t->lanes) * elem_bytes;
}

/* The channels' peak bytes per core cycle for one core: shared by the
 * cores streaming at once, not multiplied. */
static double channel_bytes_per_cycle(const nt_target *t) {
    double chan = (double)t->dram_channels * t->dram_gbps_per_channel * 1000.0 / (double)t->core_freq_mhz;
    return t->dram_sharers > 1 ? chan / (double)t->dram_sharers : chan;
}

double nt_dram_peak_bytes_per_cycle(const nt_target *t) {
    double chan = channel_bytes_per_cycle(t), ports = nt_noc_bytes_per_cycle(t);
    return chan < ports ? chan : ports;
}

double nt_noc_bytes_per_cycle(const nt_target *t) { return (double)t->icnt_ports * (double)t->dram_req_bytes; }

int64_t nt_mcast_ways(const nt_target *t, uint32_t tensor) {
    for (int i = 0; i < 2; i++)
        if (t->mcast_ways[i] > 1 && t->mcast_tensor[i] == tensor) return t->mcast_ways[i];
    return 1;
}

/* Sustained: the channels at their efficiency (row misses, refresh, bus
 * turnarounds are the DRAM's), capped by the core's injection ports, which
 * lose nothing of their own (a port cap scaled by the DRAM's efficiency
 * charged a port-bound core 0.7 of its ports). */
double nt_dram_bytes_per_cycle(const nt_target *t) {
    double chan = channel_bytes_per_cycle(t) * t->dram_efficiency, ports = nt_noc_bytes_per_cycle(t);
    return chan < ports ? chan : ports;
}

int64_t nt_dma_chunk_rows(const nt_target *t, double row_bytes) {
    double per = NT_DMA_CHUNK_CYCLES * nt_dram_bytes_per_cycle(t) / (row_bytes > 1 ? row_bytes : 1);
    return per < 1 ? 1 : per > (double)INT64_MAX / 2 ? INT64_MAX / 2 : (int64_t)per;
}

int64_t nt_vector_elems(const nt_target *t, int64_t elem_bytes) {
    int64_t n = t->vlen_bits / (8 * elem_bytes);
    return n > 0 ? n : 1;
}

void nt_target_from_spec(sp_ctx *ctx, const char *spec, nt_target *t) {
    if (!strcmp(spec, "npu")) {
        nt_target_builtin(t);
        return;
    }
    if (!strncmp(spec, "npu=", 4) && spec[4]) {
        nt_target_load(ctx, spec + 4, t);
        return;
    }
    sp_throw(ctx, SP_EUSAGE, (sp_loc){0}, "bad npu target '%s' (expected npu or npu=FILE.yml)", spec);
}

/* The keys spadc reads: where the value goes, its type and sane range,
 * and what it means (nt_target_print). */
typedef struct key_spec {
    const char *name;
    size_t off;   /* offsetof in nt_target */
    bool is_real; /* double, else int64_t */
    bool required;
    double lo, hi; /* inclusive range */
    const char *what;
} key_spec;

#define K_INT(name, field, req, lo, hi, what) {name, offsetof(nt_target, field), false, req, lo, hi, what}
#define K_REAL(name, field, lo, hi, what) {name, offsetof(nt_target, field), true, false, lo, hi, what}

/* Ranges are wide enough for any machine PyTorchSim models and small enough
 * that every product spadc forms from them (bytes per lane times lanes,
 * cycles times bytes) stays far from overflow; a value outside its range
 * is not a machine (a negative latency, an efficiency above 1). */
static const key_spec KEYS[] = {
    K_INT("vpu_num_lanes", lanes, true, 1, 4096, "vector lanes = systolic array rows and columns"),
    K_INT("vpu_spad_size_kb_per_lane", spad_kb_per_lane, true, 1, 1 << 20, "scratchpad KiB in each lane"),
    K_INT("vpu_vector_length_bits", vlen_bits, true, 32, 65536, "vector register bits per lane"),
    K_INT("core_freq_mhz", core_freq_mhz, true, 1, 100000, "core clock"),
    K_INT("dram_channels", dram_channels, true, 1, 4096, "DRAM channels the core's DMA reaches"),
    K_INT("num_systolic_array_per_core", num_sa, false, 1, 64, "weight-stationary arrays"),
    K_INT("num_cores", num_cores, false, 1, 4096, "cores a kernel may be split over (the DRAM channels shared)"),
    K_INT("dram_freq_mhz", dram_freq_mhz, false, 1, 100000, "DRAM clock"),
    K_INT("icnt_latency_cycles", icnt_latency, false, 0, 1000000, "NoC latency, one way"),
    K_INT("icnt_injection_ports_per_core", icnt_ports, false, 1, 4096, "DRAM requests the core injects per cycle"),
    K_INT("sa_weight_buffer_depth", sa_weight_slots, false, 1, 64, "weight tiles an array holds"),
    K_INT("dram_req_size_byte", dram_req_bytes, false, 1, 65536, "DRAM burst (request) bytes"),
    K_REAL("spadc_dram_gbps_per_channel", dram_gbps_per_channel, 1e-6, 1e6,
           "peak GB/s of a channel (HBM2 1880 Mb/s x 128 bit: PyTorchSim's HBM2_TPUv3)"),
    K_REAL("spadc_dram_efficiency", dram_efficiency, 1e-6, 1.0,
           "sustained fraction of the peak for DMA streams (~70%: Intel EMIF handbook)"),
    K_REAL("spadc_dram_latency_ns", dram_latency_ns, 0, 1e6,
           "DRAM access latency (HBM2, ~400 cycles at 1.38 GHz: Jia et al. 2018)"),
    K_INT("spadc_dma_latency_cycles", dma_latency, false, 0, 1000000,
          "a load's data after its requests: 2 x NoC + DRAM latency"),
    K_INT("spadc_dram_request_bytes", dram_req_bytes, false, 1, 65536, "DRAM burst bytes (= dram_req_size_byte)"),
    K_REAL("spadc_budget", budget, 1e-9, 1.0, "fraction of each lane's scratchpad a kernel may plan"),
    K_INT("spadc_sa_weight_slots", sa_weight_slots, false, 1, 64, "weight tiles an array holds (= sa_weight_buffer_depth)"),
    K_INT("spadc_sfu_latency_cycles", sfu_latency, false, 0, 1000000, "latency of a special function on the SFU (pipelined)"),
    /* energy prices in pJ (machine.h cites each default) */
    K_REAL("spadc_energy_fp32_mult_pj", e_mult_pj, 0, 1e6, "pJ of an fp32 multiply (3.7: Horowitz ISSCC 2014, 45 nm)"),
    K_REAL("spadc_energy_fp32_add_pj", e_add_pj, 0, 1e6, "pJ of an fp32 add (0.9: Horowitz 2014); a MAC is both"),
    K_REAL("spadc_energy_vector_op_pj", e_vec_op_pj, 0, 1e6, "pJ of a vector unit element op (an fp32 add: Horowitz 2014)"),
    K_REAL("spadc_energy_spad_read_pj", e_spad_read_pj, 0, 1e6,
           "pJ per 64-bit scratchpad read (Horowitz 2014 SRAM: 8K 10, 32K 20, 1M 100; log-log between, at the slice size)"),
    K_REAL("spadc_energy_spad_write_pj", e_spad_write_pj, 0, 1e6, "pJ per 64-bit scratchpad write (the same figure)"),
    K_REAL("spadc_energy_dram_activation_pj", e_dram_act_pj, 0, 1e9,
           "pJ of a DRAM row activation (909: PyTorchSim's HBM2 table)"),
    K_REAL("spadc_energy_dram_pj_per_bit", e_dram_bit_pj, 0, 1e6, "pJ per DRAM bit moved (3.48: PyTorchSim's HBM2 table)"),
    K_INT("spadc_energy_dram_row_bytes", dram_row_bytes, false, 1, 1 << 30, "bytes of a DRAM row (HBM2 page: 1 KiB)"),
};

/* The key named name, or NULL. */
static const key_spec *find_key(const char *name) {
    for (size_t i = 0; i < SP_ARRAY_LEN(KEYS); i++)
        if (!strcmp(KEYS[i].name, name)) return &KEYS[i];
    return NULL;
}

/* Stores a key's value where it goes: an integer key's v is whole, and
 * within its range (at most 2^30), so exact as a double. */
static void set_key(nt_target *t, const key_spec *k, double v) {
    if (k->is_real)
        *(double *)((char *)t + k->off) = v;
    else
        *(int64_t *)((char *)t + k->off) = (int64_t)v;
}

/* The built-in machine: the keys of PyTorchSim's TPUv3 file that differ
 * from set_defaults, set as the loader sets a file's. */
static const struct {
    const char *key;
    double v;
} TPUV3[] = {
    {"core_freq_mhz", 940}, {"dram_freq_mhz", 940}, {"num_systolic_array_per_core", 2}, {"vpu_num_lanes", 128},
    {"vpu_spad_size_kb_per_lane", 128}, {"vpu_vector_length_bits", 256}, {"dram_channels", 16},
};

void nt_target_builtin(nt_target *t) {
    set_defaults(t);
    snprintf(t->name, sizeof t->name, "tpuv3 (built in)");
    for (size_t i = 0; i < SP_ARRAY_LEN(TPUV3); i++) set_key(t, find_key(TPUV3[i].key), TPUV3[i].v);
    finish(t);
}

void nt_target_print(sp_strbuf *out, const nt_target *t) {
    sp_strbuf_printf(out, "# %s: every key spadc reads, with this machine's values\n", t->name);
    for (size_t i = 0; i < SP_ARRAY_LEN(KEYS); i++) {
        const key_spec *k = &KEYS[i];
        /* the PyTorchSim key a spadc_* alias refines is printed once, under its own name */
        if (!strcmp(k->name, "spadc_dram_request_bytes") || !strcmp(k->name, "spadc_sa_weight_slots")) continue;
        char v[64];
        if (k->is_real) { /* the shortest of 9 or 17 digits that reads back to the same double */
            double d = *(const double *)((const char *)t + k->off);
            snprintf(v, sizeof v, "%.9g", d);
            if (strtod(v, NULL) != d) snprintf(v, sizeof v, "%.17g", d);
        }
        else
            snprintf(v, sizeof v, "%lld", (long long)*(const int64_t *)((const char *)t + k->off));
        char key[48];
        /* a derived value is shown commented out, so that a file made from
         * this one and given another DRAM latency, NoC or slice size
         * derives it again (uncomment it to override) */
        bool derived = (!strcmp(k->name, "spadc_dma_latency_cycles") && t->dma_latency_derived) ||
                       (!strcmp(k->name, "spadc_energy_spad_read_pj") && t->spad_read_pj_derived) ||
                       (!strcmp(k->name, "spadc_energy_spad_write_pj") && t->spad_write_pj_derived);
        snprintf(key, sizeof key, "%s%s:", derived ? "# " : "", k->name);
        sp_strbuf_printf(out, "%-33s %-12s # %s%s\n", key, v, k->what, derived ? " (derived)" : "");
    }
}

#ifndef SPADC_HAVE_YAML
void nt_target_load(sp_ctx *ctx, const char *path, nt_target *t) {
    (void)t;
    sp_throw(ctx, SP_EINPUT, (sp_loc){path, 0, 0}, "this build has no YAML reader (libyaml-dev was missing)");
}
#else

typedef struct load_state {
    const char *path;
    FILE *f;
    yaml_parser_t parser;
    bool parser_ok;
    yaml_document_t doc;
    bool doc_ok;
    yaml_document_t doc2;
    bool doc2_ok;
    nt_target *t;
} load_state;

static SP_NORETURN SP_PRINTF(4, 5) void fail_at(sp_ctx *ctx, const load_state *s, yaml_mark_t mark, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    sp_vthrow(ctx, SP_EINPUT, (sp_loc){s->path, (uint32_t)mark.line + 1, (uint32_t)mark.column + 1}, fmt, ap);
}

static void parser_fail(sp_ctx *ctx, load_state *s) {
    const yaml_parser_t *p = &s->parser;
    const char *what = p->error == YAML_MEMORY_ERROR ? "out of memory" : p->problem ? p->problem : "unreadable input";
    if (p->context)
        fail_at(ctx, s, p->problem_mark, "malformed YAML: %s %s", what, p->context);
    fail_at(ctx, s, p->problem_mark, "malformed YAML: %s", what);
}

/* A strict decimal integer (optional sign), or a finite real. */
static bool parse_int(const char *v, int64_t *out) {
    if (!*v) return false;
    const char *p = v;
    if (*p == '+' || *p == '-') p++;
    if (*p < '0' || *p > '9') return false;
    for (const char *q = p; *q; q++)
        if (*q < '0' || *q > '9') return false;
    errno = 0;
    char *end;
    long long r = strtoll(v, &end, 10);
    if (errno == ERANGE || *end) return false;
    *out = r;
    return true;
}

static bool parse_real(const char *v, double *out) {
    if (!*v) return false;
    for (const char *q = v; *q; q++) /* no hex floats, infinities or NaN spellings */
        if (!strchr("0123456789+-.eE", *q)) return false;
    errno = 0;
    char *end;
    double r = strtod(v, &end);
    if (*end || !isfinite(r)) return false;
    *out = r;
    return true;
}

/* A value as a diagnostic shows it: its first 40 bytes, control bytes
 * (a NUL among them) escaped as \xNN so nothing after them is lost, and
 * "..." when there is more. */
static void show_value(char *out, size_t n, const char *v, size_t len) {
    size_t k = 0, i = 0;
    for (; i < len && i < 40 && k + 8 < n; i++) {
        unsigned char c = (unsigned char)v[i];
        if (c < 0x20 || c == 0x7f || c == '\\')
            k += (size_t)snprintf(out + k, n - k, c == '\\' ? "\\\\" : "\\x%02x", c);
        else
            out[k++] = (char)c;
    }
    /* never end inside a UTF-8 sequence */
    while (i < len && k > 0 && ((unsigned char)v[i] & 0xc0) == 0x80 && ((unsigned char)out[k - 1] & 0x80)) {
        k--;
        i--;
    }
    out[k] = 0;
    if (i < len) snprintf(out + k, n - k, "...");
}

static void load_body(sp_ctx *ctx, void *ud) {
    load_state *s = ud;
    s->f = fopen(s->path, "rb");
    if (!s->f) sp_throw(ctx, SP_EINPUT, (sp_loc){s->path, 0, 0}, "cannot open: %s", strerror(errno));
    if (!yaml_parser_initialize(&s->parser)) sp_throw(ctx, SP_EINPUT, (sp_loc){0}, "out of memory (YAML parser)");
    s->parser_ok = true;
    yaml_parser_set_input_file(&s->parser, s->f);
    if (!yaml_parser_load(&s->parser, &s->doc)) parser_fail(ctx, s);
    s->doc_ok = true;
    yaml_node_t *root = yaml_document_get_root_node(&s->doc);
    yaml_mark_t start = {0, 0, 0};
    if (!root) fail_at(ctx, s, start, "empty file: expected a mapping of PyTorchSim configuration keys");
    if (root->type != YAML_MAPPING_NODE)
        fail_at(ctx, s, root->start_mark, "expected a mapping of PyTorchSim configuration keys at the top level");
    /* a second document would be silently ignored by a reader that stops
     * at the first: refuse it as PyTorchSim's yaml.safe_load does */
    if (!yaml_parser_load(&s->parser, &s->doc2)) parser_fail(ctx, s);
    s->doc2_ok = true;
    yaml_node_t *r2 = yaml_document_get_root_node(&s->doc2);
    if (r2) fail_at(ctx, s, r2->start_mark, "more than one YAML document in the file");
    bool seen[SP_ARRAY_LEN(KEYS)] = {0};
    nt_target *t = s->t;
    /* two passes: PyTorchSim's keys, then spadc_* keys, which win over the
     * PyTorchSim keys they refine (dram_req_size_byte, sa_weight_buffer_depth) */
    for (int pass = 0; pass < 2; pass++)
    for (yaml_node_pair_t *pr = root->data.mapping.pairs.start; pr < root->data.mapping.pairs.top; pr++) {
        yaml_node_t *kn = yaml_document_get_node(&s->doc, pr->key);
        yaml_node_t *vn = yaml_document_get_node(&s->doc, pr->value);
        if (!kn || !vn || kn->type != YAML_SCALAR_NODE) continue;
        const char *key = (const char *)kn->data.scalar.value;
        if (strlen(key) != kn->data.scalar.length) continue; /* a NUL inside: not one of ours */
        const key_spec *ks = find_key(key);
        if (!ks) continue; /* unknown keys are PyTorchSim's business */
        if ((pass == 1) != !strncmp(key, "spadc_", 6)) continue;
        const size_t ki = (size_t)(ks - KEYS);
        if (seen[ki]) fail_at(ctx, s, kn->start_mark, "duplicate key '%s'", key);
        seen[ki] = true;
        if (vn->type != YAML_SCALAR_NODE)
            fail_at(ctx, s, vn->start_mark, "'%s' must be %s, not a %s", key, ks->is_real ? "a number" : "an integer",
                    vn->type == YAML_MAPPING_NODE ? "mapping" : "sequence");
        const char *val = (const char *)vn->data.scalar.value;
        bool nul = strlen(val) != vn->data.scalar.length;
        char shown[48 * 4];
        show_value(shown, sizeof shown, val, vn->data.scalar.length);
        if (ks->is_real) {
            double d;
            if (nul || !parse_real(val, &d))
                fail_at(ctx, s, vn->start_mark, "'%s' must be a number (got '%s')", key, shown);
            if (d < ks->lo || d > ks->hi) {
                if (ks->lo > 0)
                    fail_at(ctx, s, vn->start_mark, "'%s' must be a positive number at most %g (got %g)", key, ks->hi, d);
                fail_at(ctx, s, vn->start_mark, "'%s' must be a number from %g to %g (got %g)", key, ks->lo, ks->hi, d);
            }
            set_key(t, ks, d);
        } else {
            int64_t v;
            if (nul || !parse_int(val, &v))
                fail_at(ctx, s, vn->start_mark, "'%s' must be an integer (got '%s')", key, shown);
            if ((double)v < ks->lo || (double)v > ks->hi)
                fail_at(ctx, s, vn->start_mark, "'%s' must be between %.0f and %.0f (got %lld)", key, ks->lo, ks->hi,
                        (long long)v);
            set_key(t, ks, (double)v);
        }
    }
    for (size_t i = 0; i < SP_ARRAY_LEN(KEYS); i++)
        if (KEYS[i].required && !seen[i])
            fail_at(ctx, s, root->start_mark, "missing required key '%s'", KEYS[i].name);
    if (t->vlen_bits % 32)
        fail_at(ctx, s, root->start_mark, "'vpu_vector_length_bits' must be a multiple of 32 (got %lld)",
                (long long)t->vlen_bits);
    int64_t rb = t->dram_req_bytes;
    if (rb & (rb - 1)) fail_at(ctx, s, root->start_mark, "the DRAM request size must be a power of two (got %lld)", (long long)rb);
    int64_t rr = t->dram_row_bytes;
    if (rr & (rr - 1))
        fail_at(ctx, s, root->start_mark, "'spadc_energy_dram_row_bytes' must be a power of two (got %lld)", (long long)rr);
}

void nt_target_load(sp_ctx *ctx, const char *path, nt_target *t) {
    load_state s;
    memset(&s, 0, sizeof s);
    s.path = path;
    nt_target tmp;
    set_defaults(&tmp);
    s.t = &tmp;
    sp_status st = sp_pcall(ctx, load_body, &s);
    if (s.doc2_ok) yaml_document_delete(&s.doc2);
    if (s.doc_ok) yaml_document_delete(&s.doc);
    if (s.parser_ok) yaml_parser_delete(&s.parser);
    if (s.f) fclose(s.f);
    if (st != SP_OK) sp_rethrow(ctx);
    finish(&tmp);
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    snprintf(tmp.name, sizeof tmp.name, "%.*s", (int)(sizeof tmp.name - 1), base);
    snprintf(tmp.path, sizeof tmp.path, "%.*s", (int)(sizeof tmp.path - 1), path);
    *t = tmp;
}
#endif
