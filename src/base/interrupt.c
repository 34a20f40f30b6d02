/* interrupt.c - Ctrl-C during a run (see interrupt.h). */
#define _POSIX_C_SOURCE 200809L
#include "interrupt.h"

#include <pthread.h>
#include <signal.h>
#include <string.h>

static pthread_mutex_t holders_lock = PTHREAD_MUTEX_INITIALIZER;
static int holders;
static struct sigaction before; /* the disposition the first holder replaced */
static volatile sig_atomic_t pending;

/* Async-signal-safe: a store, then the previous handler (Python's marks the
 * signal for its interpreter). */
static void on_sigint(int sig, siginfo_t *info, void *uctx) {
    pending = 1;
    if (before.sa_flags & SA_SIGINFO) {
        if (before.sa_sigaction) before.sa_sigaction(sig, info, uctx);
    } else if (before.sa_handler != SIG_DFL && before.sa_handler != SIG_IGN && before.sa_handler) {
        before.sa_handler(sig);
    }
}

void sp_interrupt_begin(void) {
    pthread_mutex_lock(&holders_lock);
    if (holders++ == 0) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = on_sigint;
        sa.sa_flags = SA_SIGINFO | SA_RESTART;
        sigemptyset(&sa.sa_mask);
        pending = 0;
        if (sigaction(SIGINT, &sa, &before) != 0) memset(&before, 0, sizeof before); /* left as it was */
    }
    pthread_mutex_unlock(&holders_lock);
}

void sp_interrupt_end(void) {
    pthread_mutex_lock(&holders_lock);
    if (holders > 0 && --holders == 0) {
        sigaction(SIGINT, &before, NULL);
        pending = 0;
    }
    pthread_mutex_unlock(&holders_lock);
}

void sp_interrupt_poll(sp_ctx *ctx) {
    if (pending) sp_throw(ctx, SP_EINTERRUPT, (sp_loc){0}, "interrupted (SIGINT): the run stopped between kernels");
}
