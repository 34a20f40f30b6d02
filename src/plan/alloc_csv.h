/* alloc_csv.h - buffers with lifetimes in MiniMalloc's CSV format.
 *
 *     plan_csv t;
 *     plan_csv_init(&t, ctx);
 *     if (plan_csv_read(&t, "in.csv", f) == SP_OK &&          // errors: FILE:LINE:COL
 *         plan_solve(ctx, t.bufs, t.n, &opts, &r) == SP_OK)
 *         plan_csv_write(&t, stdout);                         // rows + offset column
 *     plan_csv_free(&t);                                     // on every path
 *
 * Format: a header naming the columns in any order, then one row per
 * buffer. Required: id (also buffer, buffer_id), lower (also begin, start),
 * upper (exclusive) or end (inclusive: upper = end + 1), size. Optional:
 * alignment (power of two), inplace (spadc's extension: the id of a buffer
 * whose bytes this one takes, see alloc.h). Lifetimes are half-open
 * [lower, upper). Blank lines are skipped; fields are trimmed; no quoting.
 * A leading UTF-8 byte order mark (spreadsheets write one) is skipped;
 * columns in messages count the bytes after it. UTF-16 is an error.
 *
 * Ownership: t owns everything it allocated (through ctx's hook), whether
 * reading succeeded or not; plan_csv_free releases it. Reading raises no
 * error past plan_csv_read: it returns SP_EINPUT with a located message in
 * ctx (sp_print_error prints FILE:LINE:COL: error: ...).
 */
#ifndef SPADC_PLAN_ALLOC_CSV_H
#define SPADC_PLAN_ALLOC_CSV_H

#include <stdio.h>

#include "alloc.h"

/* Limits that keep a hostile file from taking unbounded memory or time. */
#define PLAN_CSV_MAX_LINE 4096
#define PLAN_CSV_MAX_ROWS ((size_t)1 << 22)

typedef struct plan_csv {
    sp_ctx *ctx;
    const char *path;  /* borrowed, for messages */
    plan_buf *bufs;    /* n buffers, in row order; offsets filled by the planner */
    size_t n, cap;
    char *text;        /* every row's raw text and id, NUL-separated */
    size_t ntext, captext;
    size_t *row_text;  /* row i: offset of its raw line in text */
    size_t *row_id;    /* row i: offset of its id in text */
    uint32_t *row_line;/* row i: line number in the file */
    size_t header;     /* offset of the header's raw text */
    int32_t *hash;     /* id -> row, open addressing, hcap slots (-1 empty) */
    size_t hcap;
} plan_csv;

void plan_csv_init(plan_csv *t, sp_ctx *ctx);
void plan_csv_free(plan_csv *t);

/* Reads the whole of f; path names it in messages. */
sp_status plan_csv_read(plan_csv *t, const char *path, FILE *f);

/* The header and rows as read, each with ",offset" appended. Returns false
 * on a write error. */
bool plan_csv_write(const plan_csv *t, FILE *out);

static inline const char *plan_csv_id(const plan_csv *t, size_t i) { return t->text + t->row_id[i]; }

/* text[0..n) for a message: printable ASCII and well-formed UTF-8 of visible
 * characters as they are, every other byte (a byte order mark, a control
 * character, a stray byte) as \xHH; cut with "..." to fit outlen. */
void plan_csv_escape(char *out, size_t outlen, const char *text, size_t n);

#endif
