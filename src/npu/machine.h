/* machine.h - the npu's machine description: a PyTorchSim-style NPU
 * described by PyTorchSim's own hardware YAML (configs/systolic_ws_*.yml),
 * or built in. It lives in npu/ beside the code that uses it (the
 * lowering, the timing model, the simulator, the executor; outside npu/
 * only the API names it, to read --target npu=FILE.yml into the executor's
 * options); the cpu has its own machine description in cpu/ (caches, ISA).
 *
 *     nt_target t;
 *     nt_target_builtin(&t);                   // --target npu: the TPUv3 file's machine
 *     // inside sp_pcall; errors are FILE:LINE:COL, status SP_EINPUT:
 *     nt_target_load(ctx, "systolic_ws_8x8_c1_simple_noc.yml", &t);
 *     int64_t b = nt_tile_bytes(&t, 256, 3072, 4);   // 256 * ceil(3072/128) * 4 per lane
 *
 * The machine (pytorchsim.md section 1, npu-timing.md): one core with
 * num_systolic_array_per_core weight-stationary arrays of lanes x lanes,
 * a vector unit of vpu_num_lanes lanes x vpu_vector_length_bits, a
 * scratchpad of vpu_spad_size_kb_per_lane KiB in each lane, one DMA engine
 * to dram_channels DRAM channels. A tile of R rows and C columns is split
 * over the lanes by columns (column c lives in lane c mod lanes), so it
 * occupies R * ceil(C / lanes) elements of every lane's slice, as in
 * PyTorchSim; all on-chip sizes spadc reports are per lane.
 *
 * Keys read from the YAML file (others are ignored):
 *   required: vpu_num_lanes, vpu_spad_size_kb_per_lane, vpu_vector_length_bits,
 *             core_freq_mhz, dram_channels
 *   optional: num_systolic_array_per_core (1), num_cores (1; the planner
 *             splits a kernel over up to this many cores, cores.h), dram_freq_mhz (= core_freq_mhz),
 *             icnt_latency_cycles (10), icnt_injection_ports_per_core (16),
 *             sa_weight_buffer_depth (2), dram_req_size_byte (32)
 *   spadc's own keys, for what PyTorchSim keeps in other files (Ramulator
 *   configs, gem5 latencies), with their defaults (each a property of the
 *   machine, never of a workload; `spadc plan --target npu --print-machine`
 *   prints them all for a machine):
 *     spadc_dram_gbps_per_channel  30.1   peak of a channel: HBM2 at 1880 Mb/s
 *                                  x 128 bit (PyTorchSim's HBM2_TPUv3 Ramulator
 *                                  config; npu-timing.md 3.1)
 *     spadc_dram_efficiency        0.7    the fraction of that peak a stream of
 *                                  DMA bursts sustains: refresh, row misses,
 *                                  read/write turnaround and the controller's
 *                                  scheduling ("DRAM typically has an efficiency
 *                                  of around 70%", Intel's External Memory
 *                                  Interface Handbook, "Bandwidth"; npu-timing.md
 *                                  3.4). Rooflines use the peak, the timing model
 *                                  the sustained rate
 *     spadc_dram_latency_ns        290    a load's first data after its request
 *                                  leaves the NoC: HBM2's loaded access latency
 *                                  (~400 cycles at 1.38 GHz on V100's HBM2,
 *                                  Jia et al., "Dissecting the NVIDIA Volta GPU
 *                                  Architecture via Microbenchmarking", 2018)
 *     spadc_dma_latency_cycles     2 * icnt_latency_cycles + spadc_dram_latency_ns
 *                                  at core_freq_mhz (the NoC both ways and the
 *                                  DRAM access): added to each load; given, it
 *                                  replaces the sum
 *     spadc_dram_request_bytes     dram_req_size_byte (32): burst size
 *     spadc_budget                 1.0   fraction of each lane's slice a
 *                                  kernel may plan (--budget overrides)
 *     spadc_sa_weight_slots        sa_weight_buffer_depth (2): weight tiles
 *                                  an array holds (2 = weight double buffering)
 *     spadc_sfu_latency_cycles     10    latency of a special function (pipelined;
 *                                  the set: passes/body.c bd_special_fn)
 *   energy prices (timing.h nc_energy_of; each a property of the machine's
 *   circuits, in pJ, with a published default):
 *     spadc_energy_fp32_mult_pj    3.7    one fp32 multiply, 45 nm (Horowitz,
 *                                  "Computing's energy problem", ISSCC 2014)
 *     spadc_energy_fp32_add_pj     0.9    one fp32 add (Horowitz 2014); a MAC
 *                                  of the arrays is one multiply and one add
 *     spadc_energy_vector_op_pj    0.9    one element operation of the vector
 *                                  unit, priced as an fp32 add (Horowitz 2014)
 *     spadc_energy_spad_read_pj,   by the size of a lane's slice, per
 *     spadc_energy_spad_write_pj   64-bit access: Horowitz 2014's SRAM figures
 *                                  (8 KiB 10 pJ, 32 KiB 20 pJ, 1 MiB 100 pJ)
 *                                  interpolated on log-log axes (TPUv3's 128
 *                                  KiB slice: 38.1); one figure for reads and
 *                                  writes, as Horowitz gives one. Given, it
 *                                  replaces the interpolated figure
 *     spadc_energy_dram_activation_pj  909  one DRAM row activation (PRE +
 *                                  ACT) of HBM2: PyTorchSim's
 *                                  configs/energy_tables/hbm2.yml
 *     spadc_energy_dram_pj_per_bit 3.48   a bit moved to or from HBM2: 1.51
 *                                  (array) + 1.17 (I/O) + 0.80 (PHY), the same
 *                                  table
 *     spadc_energy_dram_row_bytes  1024   bytes of a DRAM row (page), a power
 *                                  of two: HBM2's 1 KiB pseudo-channel page
 *                                  (JESD235; Ramulator's HBM org: 64 columns x
 *                                  128 bits). Activations are counted per DMA
 *                                  run (timing.c, "DRAM row activations")
 * Ownership: nt_target is a plain value; nothing to free.
 */
#ifndef SPADC_NPU_MACHINE_H
#define SPADC_NPU_MACHINE_H

#include <stdbool.h>
#include <stdint.h>

#include "base/ctx.h"
#include "base/strbuf.h"

typedef struct nt_target {
    char name[64];  /* "tpuv3 (built in)" or the YAML file's base name */
    char path[512]; /* the YAML file, "" when built in */
    int64_t num_cores, core_freq_mhz, dram_freq_mhz;
    int64_t num_sa;           /* systolic arrays per core */
    int64_t lanes;            /* vector lanes = systolic array rows = columns */
    int64_t spad_kb_per_lane; /* KiB */
    int64_t vlen_bits;        /* vector register bits per lane */
    int64_t dram_channels;
    int64_t icnt_latency, icnt_ports;
    double dram_gbps_per_channel; /* peak */
    double dram_efficiency;       /* sustained fraction of the peak, (0, 1] */
    double dram_latency_ns;       /* DRAM access latency (into dma_latency) */
    int64_t dma_latency;    /* cycles from a load's last request to its data */
    bool dma_latency_derived; /* dma_latency from icnt_latency and dram_latency_ns (not given) */
    bool spad_read_pj_derived, spad_write_pj_derived; /* from the slice size (not given) */
    int64_t dram_req_bytes; /* DRAM burst */
    double budget;          /* default --budget fraction */
    int64_t sa_weight_slots;
    int64_t sfu_latency;
    /* energy prices, pJ (see above); spad_*_pj < 0 until finished: the size class's */
    double e_mult_pj, e_add_pj, e_vec_op_pj;
    double e_spad_read_pj, e_spad_write_pj; /* per 64-bit access */
    double e_dram_act_pj, e_dram_bit_pj;
    int64_t dram_row_bytes;
    /* not a key: cores streaming from the channels at once (cores.h). The
     * channels' bandwidth is divided among them; each core keeps its own
     * injection ports. 0 or 1: the core is alone */
    int64_t dram_sharers;
    /* not a key: DRAM tensor ids at or above it live in the cores'
     * scratchpads, reached over the interconnect (split K's on-chip route,
     * cores.h; 0: none) */
    uint32_t noc_tensors;
    /* not a key: operands a split's cores share (cores.h, "shared operands
     * over the interconnect"): loads of DRAM tensor mcast_tensor[i] are
     * split mcast_ways[i] ways, this core fetching 1/ways of each from DRAM
     * and receiving the rest from its peers' fetches (ways 0 or 1: none) */
    uint32_t mcast_tensor[2];
    int64_t mcast_ways[2];
} nt_target;

/* PyTorchSim's systolic_ws_128x128_c1_simple_noc_tpuv3.yml with spadc's
 * defaults. */
void nt_target_builtin(nt_target *t);
/* Read a PyTorchSim YAML file (libyaml). Raises SP_EINPUT located at the
 * offending key or value: malformed YAML, a value of the wrong type, a
 * missing required key, a value out of its sane range. */
void nt_target_load(sp_ctx *ctx, const char *path, nt_target *t);
/* "npu" (built in) or "npu=FILE.yml"; anything else raises SP_EUSAGE. */
void nt_target_from_spec(sp_ctx *ctx, const char *spec, nt_target *t);

/* Per-lane bytes of a rows x cols tile of elem_bytes elements. */
int64_t nt_tile_bytes(const nt_target *t, int64_t rows, int64_t cols, int64_t elem_bytes);
/* Bytes of one lane's scratchpad slice. */
int64_t nt_spad_bytes(const nt_target *t);
/* Peak DMA bandwidth in bytes per core cycle: the smaller of the DRAM
 * channels' (channels x GB/s at core_freq_mhz, divided by dram_sharers
 * when that many cores stream at once) and the core's NoC injection
 * ports' (ports x one request per cycle). The rooflines' rate. */
double nt_dram_peak_bytes_per_cycle(const nt_target *t);
/* Bytes a cycle a core injects into the interconnect: its ports, one
 * request each a cycle (icnt_injection_ports_per_core x dram_req_size_byte). */
double nt_noc_bytes_per_cycle(const nt_target *t);
/* The ways loads of DRAM tensor `tensor` are shared among a split's cores
 * (mcast_*; 1: not shared). */
int64_t nt_mcast_ways(const nt_target *t, uint32_t tensor);
/* The rate a stream of DMA bursts sustains: the peak times
 * dram_efficiency. The timing model's rate (and so the search's and every
 * estimate's). */
double nt_dram_bytes_per_cycle(const nt_target *t);
/* Rows of row_bytes one DMA of a row stream moves: about NT_DMA_CHUNK_CYCLES
 * of the engine at the sustained rate, at least one. The emitter cuts
 * stores and early operand loads this way (a store holding the engine
 * longer than the gaps between loads would stall the next tiles' loads);
 * the search's bounds use the same pieces (search.c), so the two cannot
 * drift. A compiler choice, not a property of the machine. */
#define NT_DMA_CHUNK_CYCLES 256.0
int64_t nt_dma_chunk_rows(const nt_target *t, double row_bytes);
/* Every key spadc reads or defaults, one per line ("key: value  # what"),
 * as a YAML file spadc reads back to the same machine. */
void nt_target_print(sp_strbuf *out, const nt_target *t);
/* Elements of elem_bytes one vector instruction covers in one lane. */
int64_t nt_vector_elems(const nt_target *t, int64_t elem_bytes);

#endif
