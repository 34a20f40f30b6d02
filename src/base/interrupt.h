/* interrupt.h - Ctrl-C during a run, for callers that ask (the Python
 * package: spadc_options.interruptible). While at least one run holds it
 * (sp_interrupt_begin .. sp_interrupt_end), a SIGINT handler records the
 * signal and calls the handler that was installed before it (Python's own
 * C-level handler, which then raises KeyboardInterrupt in the interpreter
 * once the call returns); a previous SIG_DFL or SIG_IGN is not called, as
 * the caller asked to be interrupted rather than killed. The runs poll the
 * record between kernels and between the reference interpreter's ops
 * (sp_interrupt_poll), which raises SP_EINTERRUPT there: a run stops at the
 * next kernel boundary, its results unwritten.
 *
 *     sp_interrupt_begin();                  // outside sp_pcall
 *     st = sp_pcall(ctx, run, &job);         // run calls sp_interrupt_poll(ctx)
 *     sp_interrupt_end();
 *
 * Process-wide: begin and end count holders under a mutex (the handler is
 * installed by the first and restored by the last); a SIGINT stops every
 * run that polls it. Without a holder, poll raises nothing and SIGINT keeps
 * whatever disposition the process gave it.
 */
#ifndef SPADC_BASE_INTERRUPT_H
#define SPADC_BASE_INTERRUPT_H

#include "ctx.h"

void sp_interrupt_begin(void);
void sp_interrupt_end(void);
/* Raises SP_EINTERRUPT ("interrupted") when a SIGINT arrived since the
 * first holder began. */
void sp_interrupt_poll(sp_ctx *ctx);

#endif
