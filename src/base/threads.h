/* threads.h - whether a team of threads can be started now.
 *
 * OpenMP (libgomp) ends the process when it cannot create a team's thread
 * ("Thread creation failed", exit 1, no location). Before a team of n is
 * first used, its n - 1 extra threads are created here, with the stack size
 * OpenMP gives its own (OMP_STACKSIZE or GOMP_STACKSIZE, else the pthread
 * default), held until all exist (so stacks and the process limit are
 * counted together), and joined; a refusal becomes the caller's error. */
#ifndef SPADC_BASE_THREADS_H
#define SPADC_BASE_THREADS_H

#include <stdbool.h>

#include "ctx.h"

/* True when n threads (the caller's and n - 1 more) could be started;
 * otherwise *started is how many could (the caller's included) and *err
 * pthread_create's error number (ENOMEM also when ctx cannot allocate). */
bool sp_threads_startable(sp_ctx *ctx, int n, int *started, int *err);

#endif
