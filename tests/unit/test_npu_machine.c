/* test_npu_machine.c - the npu machine description (npu/machine.h):
 * PyTorchSim's three YAML files load with their values and spadc's
 * defaults; bad files (malformed YAML, wrong types, missing keys, absurd
 * or overflowing values, duplicate keys, several documents, empty or
 * missing files) give located errors; spadc_* keys override; per-lane
 * accounting and derived rates. */
#include <math.h>
#include <unistd.h>

#include "base/strbuf.h"
#include "npu/machine.h"
#include "test.h"
#include "util.h"

typedef struct load_job {
    const char *path;
    nt_target t;
} load_job;

static void load_body(sp_ctx *ctx, void *ud) {
    load_job *j = ud;
    nt_target_load(ctx, j->path, &j->t);
}

static sp_status load(sp_ctx *ctx, const char *path, nt_target *t) {
    load_job j;
    memset(&j, 0, sizeof j);
    j.path = path;
    sp_status st = sp_pcall(ctx, load_body, &j);
    if (st == SP_OK) *t = j.t;
    return st;
}

static char tmpdir[256];

static const char *write_yml(const char *name, const char *text) {
    static char path[512];
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    FILE *f = fopen(path, "wb");
    if (!f) return NULL;
    fputs(text, f);
    fclose(f);
    return path;
}

#define BASE "vpu_num_lanes: 8\nvpu_spad_size_kb_per_lane: 32\nvpu_vector_length_bits: 256\ncore_freq_mhz: 800\ndram_channels: 1\n"

/* Load text; expect status st and, for errors, "LINE:COL" and a message part. */
static void expect_error(sp_ctx *ctx, const char *name, const char *text, int line, int col, const char *part) {
    const char *path = write_yml(name, text);
    nt_target t;
    sp_status st = load(ctx, path, &t);
    CHECK_EQ_INT(st, SP_EINPUT);
    if (st == SP_OK) return;
    CHECK_EQ_STR(ctx->err.file, path);
    if (line) {
        CHECK_EQ_INT(ctx->err.line, line);
        CHECK_EQ_INT(ctx->err.col, col);
    }
    CHECK_CONTAINS(ctx->err.msg, part);
}

int main(void) {
    sp_ctx ctx;
    sp_ctx_init(&ctx, NULL);
    snprintf(tmpdir, sizeof tmpdir, "/tmp/spadc_npu_machine_XXXXXX");
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        return 1;
    }
    char path[1024];
    nt_target t;

    /* the built-in machine is the TPUv3 file's */
    nt_target_builtin(&t);
    nt_target f;
    CHECK_EQ_INT(load(&ctx, corpus("external/pytorchsim/systolic_ws_128x128_c1_simple_noc_tpuv3.yml", path, sizeof path), &f),
                 SP_OK);
    CHECK_EQ_INT(f.lanes, 128);
    CHECK_EQ_INT(f.spad_kb_per_lane, 128);
    CHECK_EQ_INT(f.num_sa, 2);
    CHECK_EQ_INT(f.vlen_bits, 256);
    CHECK_EQ_INT(f.core_freq_mhz, 940);
    CHECK_EQ_INT(f.dram_channels, 16);
    CHECK_EQ_INT(f.icnt_latency, 10);
    CHECK_EQ_INT(f.icnt_ports, 16);
    CHECK(f.dram_gbps_per_channel == 30.1);
    /* no spadc_dma_latency_cycles: 2 x icnt_latency + 290 ns of DRAM at 940 MHz (272.6 -> 273) */
    CHECK_EQ_INT(f.dma_latency, 2 * 10 + 273);
    CHECK_EQ_INT(f.dram_req_bytes, 32);
    CHECK_EQ_INT(f.sa_weight_slots, 2);
    CHECK(f.budget == 1.0);
    CHECK_EQ_INT(t.lanes, f.lanes);
    CHECK_EQ_INT(t.num_sa, f.num_sa);
    CHECK_EQ_INT(t.core_freq_mhz, f.core_freq_mhz);
    CHECK_EQ_INT(t.dram_channels, f.dram_channels);
    CHECK_EQ_INT(t.dma_latency, f.dma_latency);
    CHECK_EQ_STR(f.name, "systolic_ws_128x128_c1_simple_noc_tpuv3.yml");
    /* 16 channels x 30.1 GB/s at 940 MHz = 512.3 B/cycle, capped by 16 ports x 32 B;
       the timing model's sustained rate is the channels x spadc_dram_efficiency
       (0.7), still under the ports' 512 (the efficiency is the DRAM's, not the ports') */
    CHECK(nt_dram_peak_bytes_per_cycle(&f) == 512.0);
    CHECK(f.dram_efficiency == 0.7);
    const double chan = 16 * 30.1 * 1000.0 / 940;
    CHECK(fabs(nt_dram_bytes_per_cycle(&f) - chan * 0.7) < 1e-9);
    /* port-bound: 4 ports x 32 B = 128 B/cycle under 0.7 of the channels' 512.3 */
    nt_target q = f;
    q.icnt_ports = 4;
    CHECK(nt_dram_bytes_per_cycle(&q) == 128.0);
    CHECK_EQ_INT(nt_vector_elems(&f, 4), 8);
    CHECK_EQ_INT(nt_spad_bytes(&f), 131072);

    /* tpuv6e: no dram_freq_mhz (defaults to the core's) */
    CHECK_EQ_INT(load(&ctx, corpus("external/pytorchsim/systolic_ws_256x256_c1_simple_noc_tpuv6e.yml", path, sizeof path), &f),
                 SP_OK);
    CHECK_EQ_INT(f.lanes, 256);
    CHECK_EQ_INT(f.spad_kb_per_lane, 512);
    CHECK_EQ_INT(f.vlen_bits, 512);
    CHECK_EQ_INT(f.dram_channels, 32);
    CHECK_EQ_INT(f.dram_freq_mhz, 3502);
    CHECK_EQ_INT(nt_vector_elems(&f, 4), 16);

    /* 8x8: one array (key absent), no injection ports key (default 16) */
    CHECK_EQ_INT(load(&ctx, corpus("external/pytorchsim/systolic_ws_8x8_c1_simple_noc.yml", path, sizeof path), &f), SP_OK);
    CHECK_EQ_INT(f.lanes, 8);
    CHECK_EQ_INT(f.num_sa, 1);
    CHECK_EQ_INT(f.spad_kb_per_lane, 32);
    CHECK_EQ_INT(f.icnt_ports, 16);
    CHECK(nt_dram_peak_bytes_per_cycle(&f) > 37.6 && nt_dram_peak_bytes_per_cycle(&f) < 37.7);

    /* per-lane accounting: R x C takes R * ceil(C / lanes) elements of each lane */
    nt_target_builtin(&t);
    CHECK_EQ_INT(nt_tile_bytes(&t, 256, 384, 4), 3072);
    CHECK_EQ_INT(nt_tile_bytes(&t, 384, 3072, 4), 36864);
    CHECK_EQ_INT(nt_tile_bytes(&t, 256, 3072, 4), 24576);
    CHECK_EQ_INT(nt_tile_bytes(&t, 1, 3072, 4), 96);
    CHECK_EQ_INT(nt_tile_bytes(&t, 256, 1, 4), 1024);  /* a column: one element per row in every lane */
    CHECK_EQ_INT(nt_tile_bytes(&t, 4, 129, 4), 32);    /* 129 columns need two elements per lane */

    /* spadc keys, unknown keys ignored, the spadc key wins over PyTorchSim's */
    const char *p = write_yml("keys.yml", BASE "spadc_dram_gbps_per_channel: 60.2\nspadc_dma_latency_cycles: 7\n"
                                               "spadc_budget: 0.5\nspadc_sa_weight_slots: 1\nsa_weight_buffer_depth: 3\n"
                                               "dram_req_size_byte: 64\nspadc_sfu_latency_cycles: 4\nsome_other_key: [1, 2]\n"
                                               "l2d_config: S:128:128:512,32\nnum_systolic_array_per_core: 4\n");
    CHECK_EQ_INT(load(&ctx, p, &f), SP_OK);
    CHECK(f.dram_gbps_per_channel == 60.2);
    CHECK_EQ_INT(f.dma_latency, 7);
    CHECK(f.budget == 0.5);
    CHECK_EQ_INT(f.sa_weight_slots, 1);
    CHECK_EQ_INT(f.dram_req_bytes, 64);
    CHECK_EQ_INT(f.sfu_latency, 4);
    CHECK_EQ_INT(f.num_sa, 4);
    /* --print-machine's YAML reads back to the same machine */
    {
        f.dram_efficiency = 0.55, f.dram_latency_ns = 123.5;
        sp_strbuf b;
        sp_strbuf_init(&b, &ctx);
        nt_target_print(&b, &f);
        CHECK_CONTAINS(b.data, "\nspadc_dram_efficiency:            0.55 ");
        /* keys.yml gave the DMA latency: printed as a key, not as derived */
        CHECK_CONTAINS(b.data, "\nspadc_dma_latency_cycles:         7 ");
        nt_target g;
        CHECK_EQ_INT(load(&ctx, write_yml("round.yml", b.data), &g), SP_OK);
        sp_strbuf_free(&b);
        CHECK(g.dram_gbps_per_channel == f.dram_gbps_per_channel && g.dram_efficiency == f.dram_efficiency &&
              g.dram_latency_ns == f.dram_latency_ns && g.budget == f.budget);
        CHECK_EQ_INT(g.dma_latency, f.dma_latency);
        CHECK_EQ_INT(g.sa_weight_slots, f.sa_weight_slots);
        CHECK_EQ_INT(g.dram_req_bytes, f.dram_req_bytes);
        CHECK_EQ_INT(g.sfu_latency, f.sfu_latency);
        CHECK_EQ_INT(g.num_sa, f.num_sa);
        CHECK_EQ_INT(g.lanes, f.lanes);
        CHECK_EQ_INT(g.core_freq_mhz, f.core_freq_mhz);
        CHECK_EQ_INT(g.dram_channels, f.dram_channels);
        CHECK(nt_dram_bytes_per_cycle(&g) == nt_dram_bytes_per_cycle(&f));
    }
    /* the built-in machine's latency is derived: printed commented out, and
       a file that changes the DRAM latency derives it again */
    {
        nt_target_builtin(&t);
        sp_strbuf b;
        sp_strbuf_init(&b, &ctx);
        nt_target_print(&b, &t);
        CHECK_CONTAINS(b.data, "\n# spadc_dma_latency_cycles:       293 ");
        char *lat = strstr(b.data, "\nspadc_dram_latency_ns:            290 ");
        CHECK(lat != NULL);
        if (lat) memcpy(lat + 35, "100", 3); /* the value column: 290 -> 100 */
        nt_target g;
        CHECK_EQ_INT(load(&ctx, write_yml("round2.yml", b.data), &g), SP_OK);
        sp_strbuf_free(&b);
        CHECK_EQ_INT(g.dma_latency, 2 * 10 + 94); /* 100 ns at 940 MHz */
    }
    /* the other order: still the spadc key */
    p = write_yml("keys2.yml", BASE "spadc_sa_weight_slots: 1\nsa_weight_buffer_depth: 3\n");
    CHECK_EQ_INT(load(&ctx, p, &f), SP_OK);
    CHECK_EQ_INT(f.sa_weight_slots, 1);

    /* errors, located at the key or value */
    expect_error(&ctx, "malformed.yml", BASE "num_cores: [1, 2\n", 0, 0, "malformed YAML");
    expect_error(&ctx, "tab.yml", "vpu_num_lanes: 8\n\tcore_freq_mhz: 1\n", 2, 1, "malformed YAML");
    expect_error(&ctx, "type.yml", BASE "num_systolic_array_per_core: two\n", 6, 30, "must be an integer (got 'two')");
    expect_error(&ctx, "float.yml", BASE "num_cores: 1.5\n", 6, 12, "must be an integer");
    expect_error(&ctx, "seq.yml", BASE "icnt_latency_cycles: [10]\n", 6, 22, "must be an integer, not a sequence");
    expect_error(&ctx, "map.yml", BASE "spadc_budget: {a: 1}\n", 6, 15, "must be a number, not a mapping");
    expect_error(&ctx, "missing.yml", "vpu_num_lanes: 8\nvpu_spad_size_kb_per_lane: 32\n", 1, 1,
                 "missing required key 'vpu_vector_length_bits'");
    expect_error(&ctx, "zero.yml",
                 "vpu_num_lanes: 0\nvpu_spad_size_kb_per_lane: 32\nvpu_vector_length_bits: 256\ncore_freq_mhz: 800\n"
                 "dram_channels: 1\n",
                 1, 16, "'vpu_num_lanes' must be between 1 and 4096 (got 0)");
    expect_error(&ctx, "neg.yml",
                 "vpu_num_lanes: 8\nvpu_spad_size_kb_per_lane: -32\nvpu_vector_length_bits: 256\ncore_freq_mhz: 800\n"
                 "dram_channels: 1\n",
                 2, 28, "must be between 1 and");
    expect_error(&ctx, "huge.yml", BASE "icnt_latency_cycles: 99999999999999999999999\n", 6, 22, "must be an integer");
    expect_error(&ctx, "big.yml", BASE "num_cores: 9223372036854775807\n", 6, 12, "must be between 1 and 4096");
    expect_error(&ctx, "budget.yml", BASE "spadc_budget: 1.5\n", 6, 15, "'spadc_budget' must be a positive number");
    expect_error(&ctx, "nan.yml", BASE "spadc_dram_gbps_per_channel: .nan\n", 6, 30, "must be a number");
    /* non-physical timing keys, named with their range */
    expect_error(&ctx, "eff.yml", BASE "spadc_dram_efficiency: 1.5\n", 6, 24,
                 "'spadc_dram_efficiency' must be a positive number at most 1 (got 1.5)");
    expect_error(&ctx, "eff0.yml", BASE "spadc_dram_efficiency: 0\n", 6, 24, "'spadc_dram_efficiency' must be a positive number at most 1 (got 0)");
    expect_error(&ctx, "lat.yml", BASE "spadc_dram_latency_ns: -3\n", 6, 24,
                 "'spadc_dram_latency_ns' must be a number from 0 to 1e+06 (got -3)");
    expect_error(&ctx, "dlat.yml", BASE "spadc_dma_latency_cycles: -1\n", 6, 27, "'spadc_dma_latency_cycles' must be between 0 and");
    expect_error(&ctx, "dup.yml", BASE "vpu_num_lanes: 16\n", 6, 1, "duplicate key 'vpu_num_lanes'");
    expect_error(&ctx, "vlen.yml",
                 "vpu_num_lanes: 8\nvpu_spad_size_kb_per_lane: 32\nvpu_vector_length_bits: 100\ncore_freq_mhz: 800\n"
                 "dram_channels: 1\n",
                 0, 0, "multiple of 32");
    expect_error(&ctx, "req.yml", BASE "dram_req_size_byte: 48\n", 0, 0, "power of two");
    expect_error(&ctx, "two.yml", BASE "---\nvpu_num_lanes: 8\n", 7, 1, "more than one YAML document");
    expect_error(&ctx, "empty.yml", "", 1, 1, "empty file");
    expect_error(&ctx, "scalar.yml", "just a string\n", 1, 1, "expected a mapping");
    expect_error(&ctx, "list.yml", "- a\n- b\n", 1, 1, "expected a mapping");
    /* a file that is not there */
    snprintf(path, sizeof path, "%s/nope.yml", tmpdir);
    CHECK_EQ_INT(load(&ctx, path, &t), SP_EINPUT);
    CHECK_CONTAINS(ctx.err.msg, "cannot open");
    /* binary junk never crashes */
    const char junk[] = "vpu_num_lanes: \x01\x02\xff\xfe\n\x00\x00";
    FILE *fj = fopen(write_yml("junk.yml", ""), "wb");
    fwrite(junk, 1, sizeof junk, fj);
    fclose(fj);
    CHECK(load(&ctx, write_yml("junk2.yml", "vpu_num_lanes: \"8\0\"\n"), &t) == SP_EINPUT);

    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", tmpdir);
    TEST_DONE();
}
