/* trace.h - the npu simulator's timeline as a Chrome trace-event file, for
 * Perfetto (ui.perfetto.dev) and chrome://tracing.
 *
 *     ntr_writer *w = NULL;
 *     // inside sp_pcall:
 *     ntr_open(ctx, "trace.json", x, NTR_DEFAULT_MAX_EVENTS, &w);  // header; observes x
 *     ex_run(x, args, results);             // events go to the file as they happen
 *     ntr_close(w);                          // the footer; raises if the file could not be written
 *     ntr_free(w);                           // always, also after an error; stops observing x
 *
 * The file is one JSON object: {"traceEvents": [...], "displayTimeUnit":
 * "ns", "otherData": {...}}. Events are "X" (complete) events with ts and
 * dur in microseconds at the machine's core_freq_mhz (cycles / MHz, six
 * decimals); each one's args carry the exact "start_cycle" (from its
 * kernel's start) and "cycles". Kernels run one after another from an idle
 * machine, so kernel i starts at the sum of the simulated cycles of the npu
 * kernels before it; host kernels take no simulated time.
 *
 * Processes: core c is pid c + 1 ("npu core c"), named at its first event
 * (a kernel split over cores, cores.h, runs on several; a split K's
 * reduction after its parts); every unit event's args carry its "core".
 * Tracks (tid) of each core's process, named by "M" metadata events (the
 * kernels' track only in core 0's):
 *   1       kernels: a span per npu kernel (args: its busy cycles per
 *           unit), an instant event per kernel run on the host
 *   2, 3    DMA loads, DMA stores (the one engine's occupancy; a load's
 *           data lands dma_latency cycles after its event ends)
 *   4       the vector unit
 *   10 + i  systolic array i (its streaming cycles, one event per run of
 *           back-to-back weight blocks)
 * Per kernel and unit (args "unit": dma_load, dma_store, vector, sa0, ...)
 * the events' cycles add up to the simulator's figures (timing.h:
 * dma_load_busy, dma_store_busy, vu_busy, sa_busy_each[i]).
 *
 * At most max_events unit events are written (kernel events and metadata
 * always are); the others are counted: "otherData" then has "truncated":
 * true and "events_left_out", and a global instant event "trace truncated"
 * marks where the cap was reached.
 *
 * The file is written as -o and --svg are (io/fileio.h): to a temporary
 * beside it, renamed into place by ntr_close; a failed write or run leaves
 * no partial file and an old one untouched.
 *
 * Ownership: the writer holds the open file and a buffer, allocated
 * through ctx; ntr_free closes and frees them and detaches from x.
 */
#ifndef SPADC_NPU_TRACE_H
#define SPADC_NPU_TRACE_H

#include "backend.h"

#define NTR_DEFAULT_MAX_EVENTS 1000000

typedef struct ntr_writer ntr_writer;

void ntr_open(sp_ctx *ctx, const char *path, ex_program *x, int64_t max_events, ntr_writer **out);
void ntr_close(ntr_writer *w);
void ntr_free(ntr_writer *w);
/* Unit events written, and left out by the cap. */
int64_t ntr_events(const ntr_writer *w);
int64_t ntr_left_out(const ntr_writer *w);

#endif
