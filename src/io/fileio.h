/* fileio.h - opening the files spadc reads and writes, with errors that say
 * what went wrong.
 *
 * Output files are written whole or not at all. The bytes go to a temporary
 * beside PATH (PATH.tmpXXXXXX: same directory, so the rename stays on one
 * file system), renamed over PATH only after every write and the close
 * succeeded; on any failure the temporary is removed and PATH is left as it
 * was (absent, or its old contents). A symbolic link is followed (its target
 * is replaced, not the link). A PATH that exists and is not a regular file
 * (/dev/null, /dev/stdout, a FIFO) is written in place: there is nothing to
 * replace. A directory is refused (EISDIR) before anything is created.
 *
 *     fio_out o;
 *     int err = fio_out_open(&o, path);          // 0 or an errno value
 *     fio_out_write(&o, data, n);                // keeps the first error
 *     err = fio_out_commit(&o);                  // flush, close, rename
 *     fio_out_discard(&o);                       // on any other path; no-op
 *                                                // after commit or a failed open
 *     fio_save(ctx, path, data, n, "SVG");       // all of it in one call;
 *                                                // raises SP_EINPUT at PATH:
 *                                                // "cannot write the SVG file: REASON"
 * Input files:
 *
 *     FILE *f = fio_open_read(path, &err);       // NULL with err = EISDIR for
 *                                                // a directory (fopen takes one)
 *     fio_read_text(ctx, path, max, &buf);       // the whole file (a pipe too)
 *                                                // into a caller-owned sp_strbuf
 *
 * A process killed between open and commit leaves its temporary behind
 * (nothing here installs signal handlers).
 */
#ifndef SPADC_IO_FILEIO_H
#define SPADC_IO_FILEIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "base/ctx.h"
#include "base/strbuf.h"

#define FIO_PATH_MAX 4096

typedef struct fio_out {
    FILE *f;                      /* NULL once committed or discarded */
    int err;                      /* first write error (errno value), 0 if none */
    bool in_place;                /* not a regular file: no temporary */
    char path[FIO_PATH_MAX];      /* the file replaced (a link's target) */
    char tmp[FIO_PATH_MAX + 16];  /* the temporary, "" when in place */
} fio_out;

int fio_out_open(fio_out *o, const char *path);
/* fwrite to o->f, remembering the errno of the first failure for commit
 * (a FILE's error flag alone has lost it by then). Writers that fprintf to
 * o->f directly still get a failure from commit, as EIO when no errno was
 * seen. */
void fio_out_write(fio_out *o, const void *data, size_t n);
/* 0, or the first error: the temporary is then removed. */
int fio_out_commit(fio_out *o);
void fio_out_discard(fio_out *o);

/* Open, write n bytes, commit; raise SP_EINPUT at path on failure. */
void fio_save(sp_ctx *ctx, const char *path, const void *data, size_t n, const char *what);

/* fopen(path, "rb") that refuses directories; err gets the errno value. */
FILE *fio_open_read(const char *path, int *err);
/* Append the bytes of path to out, read once (so a pipe works); raise
 * SP_EINPUT at path when it cannot be opened or read or holds more than
 * max bytes. out stays the caller's to free, also after a raise. */
void fio_read_text(sp_ctx *ctx, const char *path, size_t max, sp_strbuf *out);

#endif
