/* attention.c - the fused attention's tile plan and threaded driver
 * (attention.h); the rows themselves run in attn_exec.h per ISA. */
#include "attention.h"

#include <omp.h>

#include "cpu/kernels/kernels.h"

#define ALIGN64(x) (((x) + 63) & ~(int64_t)63)

static const cpu_kernel_set *kset(cpu_isa isa) {
    int n;
    const cpu_kernel_set *const *s = cpu_kernel_sets(isa, &n);
    return s[0];
}

/* The buffers of one thread for a tile of rows x keys (T), and what one
 * key tile of a block touches: the block's Q rows, that tile's K^T and V
 * panels, S, the output rows and the statistics. The whole head's K^T and
 * V are packed once (kt_bytes, v_bytes) and reused by every block of its
 * rows; where they do not fit the cache with the rest they come from L3,
 * once a block, which costs little next to the block's products. */
static void size_tile(const cpu_attn_args *a, cpu_attn_tile *t) {
    const int64_t kpan = (a->keys + t->nr - 1) / t->nr, vpan = (a->dv + t->nr - 1) / t->nr;
    t->q_bytes = ALIGN64(t->rows * a->d * 4);
    t->kt_bytes = ALIGN64(kpan * t->nr * a->d * 4);       /* K^T of one head, packed */
    t->v_bytes = ALIGN64(vpan * t->nr * a->keys * 4);     /* V of one head, packed */
    t->s_bytes = ALIGN64(t->rows * t->keys * 4);          /* the score tile */
    t->o_bytes = ALIGN64(t->rows * vpan * t->nr * 4);     /* the output rows */
    t->stat_bytes = ALIGN64(4 * t->rows * 4);             /* m, l, the rescale factors, the max subtracted */
    t->footprint = t->q_bytes + t->kt_bytes + t->v_bytes + t->s_bytes + t->o_bytes + t->stat_bytes;
    const int64_t tile_kv = t->keys * (a->d + vpan * t->nr) * 4; /* a key tile's K^T and V panels */
    t->working = t->q_bytes + tile_kv + t->s_bytes + t->o_bytes + t->stat_bytes;
}

static void plan_tile(cpu_isa isa, const cpu_caches *caches, const cpu_attn_args *a, cpu_attn_tile *t) {
    const cpu_kernel_set *ks = kset(isa);
    t->mr = ks->mr;
    t->nr = ks->nr;
    t->kernel = ks->name;
    t->budget = caches->l2 / 2;
    const int64_t all_keys = (a->keys + ks->nr - 1) / ks->nr * ks->nr;
    /* most rows first (each K/V tile serves them all), then most keys whose
     * key tile's working set fits; the smallest tile when none does. The
     * whole head's packs (the footprint) are not what must fit: with them,
     * BERT's 512 keys (256 KB of K^T and V per head) fell to 6 x 16 tiles
     * on a 512 KB L2 and ran 1.9x slower than 24 x 256 (bert_base_s512,
     * spadc run --repeat 10, AVX2). */
    for (int64_t rows = 4 * ks->mr; rows >= ks->mr; rows -= ks->mr)
        for (int64_t keys = all_keys;;) {
            t->rows = rows;
            t->keys = keys;
            size_tile(a, t);
            if (t->working <= t->budget) return;
            if (keys <= ks->nr) break;
            keys = (keys / 2 + ks->nr - 1) / ks->nr * ks->nr;
        }
    t->rows = ks->mr;
    t->keys = ks->nr;
    size_tile(a, t);
}

/* The pair kernels where they pay (attention.h): their buffers are no
 * larger than the f32 copies size_tile counts. */
static void plan_pairs(cpu_isa isa, const cpu_attn_args *a, cpu_attn_tile *t) {
    const cpu_kernel_set *pk = isa >= CPU_ISA_AVX512BF16 ? cpu_kernel_pairs(CPU_ISA_AVX512BF16) : NULL;
    const bool qk = pk && pk->mr == t->mr && pk->nr == t->nr && a->q_dt == CPU_BF16 && a->k_dt == CPU_BF16 &&
                    cpu_pairs_pay(pk, t->rows);
    t->pair_kernel = qk ? pk->name : NULL;
    t->pv_pairs = qk && a->v_dt == CPU_BF16 && a->p_dt == CPU_BF16 && t->keys >= a->keys;
}

void cpu_attn_plan(cpu_isa isa, const cpu_caches *caches, const cpu_attn_args *a, cpu_attn_tile *t) {
    plan_tile(isa, caches, a, t);
    plan_pairs(isa, a, t);
}

int cpu_attn_team(const cpu_attn_args *a) {
    const int64_t br = a->tile.rows > 0 ? a->tile.rows : 1;
    return cpu_team(a->nthreads, (a->rows + br - 1) / br); /* blocks of query rows */
}

size_t cpu_attn_work_bytes(const cpu_attn_args *a) {
    return (size_t)a->tile.footprint * (size_t)cpu_attn_team(a);
}

void cpu_attention(const cpu_attn_args *a) {
    const cpu_kernel_set *ks = kset(a->isa);
    cpu_attn_rows_fn fn = a->isa >= CPU_ISA_AVX512 ? cpu_attn_rows_avx512
                          : a->isa == CPU_ISA_AVX2 ? cpu_attn_rows_avx2
                                                   : cpu_attn_rows_generic;
    const int64_t rows = a->rows;
    const int nt = cpu_attn_team(a);
#pragma omp parallel num_threads(nt) if (nt > 1)
    {
        int id = omp_get_thread_num(), n = omp_get_num_threads();
        /* contiguous shares, cut at block edges of whole heads where the
         * rows allow: each thread packs the heads it runs */
        int64_t r0 = rows * id / n, r1 = rows * (id + 1) / n;
        fn(a, ks, (char *)a->work + (size_t)id * (size_t)a->tile.footprint, r0, r1);
    }
}
