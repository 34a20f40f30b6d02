/* threads.c - see threads.h. */
#include "threads.h"

#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

typedef struct gate {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    bool open;
} gate;

static void *wait_gate(void *ud) {
    gate *g = ud;
    pthread_mutex_lock(&g->mu);
    while (!g->open) pthread_cond_wait(&g->cv, &g->mu);
    pthread_mutex_unlock(&g->mu);
    return NULL;
}

/* OpenMP's stack size setting (a number, then B, K, M or G; K when none),
 * as libgomp reads it; 0 when unset or unreadable (libgomp's default). */
static size_t omp_stacksize(void) {
    const char *s = getenv("OMP_STACKSIZE");
    if (!s || !*s) s = getenv("GOMP_STACKSIZE");
    if (!s) return 0;
    char *e;
    unsigned long long v = strtoull(s, &e, 10);
    while (isspace((unsigned char)*e)) e++;
    unsigned long long mul = 1024;
    switch (toupper((unsigned char)*e)) {
    case 'B': mul = 1; e++; break;
    case 'K': e++; break;
    case 'M': mul = 1024ull * 1024; e++; break;
    case 'G': mul = 1024ull * 1024 * 1024; e++; break;
    default: break;
    }
    while (isspace((unsigned char)*e)) e++;
    if (e == s || *e || v == 0 || v > (unsigned long long)SIZE_MAX / mul) return 0;
    return (size_t)(v * mul);
}

bool sp_threads_startable(sp_ctx *ctx, int n, int *started, int *err) {
    *started = n < 1 ? 1 : n;
    *err = 0;
    if (n <= 1) return true;
    pthread_t *t = sp_try_malloc(ctx, (size_t)(n - 1) * sizeof *t);
    if (!t) {
        *started = 1, *err = ENOMEM;
        return false;
    }
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    const size_t stack = omp_stacksize();
    if (stack) pthread_attr_setstacksize(&attr, stack);
    gate g = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, false};
    int made = 0;
    for (; made < n - 1; made++) {
        int e = pthread_create(&t[made], &attr, wait_gate, &g);
        if (e) {
            *err = e;
            break;
        }
    }
    pthread_mutex_lock(&g.mu);
    g.open = true;
    pthread_cond_broadcast(&g.cv);
    pthread_mutex_unlock(&g.mu);
    for (int i = 0; i < made; i++) pthread_join(t[i], NULL);
    pthread_attr_destroy(&attr);
    sp_free(ctx, t);
    *started = made + 1;
    return made == n - 1;
}
