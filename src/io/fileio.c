/* fileio.c - whole-or-nothing output files, input files that are files (see fileio.h). */
#include "fileio.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int copy_path(char *dst, size_t n, const char *src) {
    size_t l = strlen(src);
    if (l >= n) return ENAMETOOLONG;
    memcpy(dst, src, l + 1);
    return 0;
}

int fio_out_open(fio_out *o, const char *path) {
    memset(o, 0, sizeof *o);
    if (!path[0]) return ENOENT;
    int err = copy_path(o->path, sizeof o->path, path);
    if (err) return err;
    struct stat st;
    mode_t mode;
    /* replace what a link points to, not the link (even where that does not
     * exist yet, as fopen would create it) */
    for (int hop = 0; lstat(o->path, &st) == 0 && S_ISLNK(st.st_mode); hop++) {
        char to[FIO_PATH_MAX], joined[FIO_PATH_MAX];
        ssize_t k = readlink(o->path, to, sizeof to - 1);
        if (hop == 40) return ELOOP;
        if (k < 0) return errno;
        to[k] = 0;
        const char *slash = strrchr(o->path, '/');
        int dir = to[0] == '/' || !slash ? 0 : (int)(slash - o->path + 1);
        int n = snprintf(joined, sizeof joined, "%.*s%s", dir, o->path, to);
        if (n < 0 || (size_t)n >= sizeof joined) return ENAMETOOLONG;
        memcpy(o->path, joined, (size_t)n + 1);
    }
    if (stat(o->path, &st) == 0) {
        if (S_ISDIR(st.st_mode)) return EISDIR;
        if (!S_ISREG(st.st_mode)) {
            o->in_place = true;
            o->f = fopen(o->path, "wb");
            return o->f ? 0 : errno;
        }
        mode = st.st_mode & 07777;
    } else {
        /* what fopen would have created; umask can only be read by setting it */
        mode_t mask = umask(022);
        umask(mask);
        mode = 0666 & ~mask;
    }
    int n = snprintf(o->tmp, sizeof o->tmp, "%s.tmpXXXXXX", o->path);
    if (n < 0 || (size_t)n >= sizeof o->tmp) return ENAMETOOLONG;
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        err = errno;
        o->tmp[0] = 0;
        return err;
    }
    if (fchmod(fd, mode) != 0 || !(o->f = fdopen(fd, "wb"))) {
        err = errno;
        close(fd);
        unlink(o->tmp);
        o->tmp[0] = 0;
        return err;
    }
    return 0;
}

void fio_out_write(fio_out *o, const void *data, size_t n) {
    if (!o->f || !n) return;
    errno = 0;
    if (fwrite(data, 1, n, o->f) != n && !o->err) o->err = errno ? errno : EIO;
}

int fio_out_commit(fio_out *o) {
    if (!o->f) return o->err ? o->err : EBADF;
    int err = o->err;
    errno = 0;
    if (fflush(o->f) != 0 && !err) err = errno ? errno : EIO;
    if (ferror(o->f) && !err) err = EIO;
    if (fclose(o->f) != 0 && !err) err = errno ? errno : EIO;
    o->f = NULL;
    if (!err && !o->in_place && rename(o->tmp, o->path) != 0) err = errno;
    if (err && !o->in_place) unlink(o->tmp);
    o->tmp[0] = 0;
    o->err = err;
    return err;
}

void fio_out_discard(fio_out *o) {
    if (!o->f) return;
    fclose(o->f);
    o->f = NULL;
    if (!o->in_place && o->tmp[0]) unlink(o->tmp);
    o->tmp[0] = 0;
}

void fio_save(sp_ctx *ctx, const char *path, const void *data, size_t n, const char *what) {
    fio_out o;
    int err = fio_out_open(&o, path);
    if (!err) {
        fio_out_write(&o, data, n);
        err = fio_out_commit(&o);
    }
    if (err) sp_throw(ctx, SP_EINPUT, (sp_loc){path, 0, 0}, "cannot write the %s file: %s", what, strerror(err));
}

FILE *fio_open_read(const char *path, int *err) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        *err = errno;
        return NULL;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        *err = EISDIR;
        return NULL;
    }
    *err = 0;
    return f;
}

typedef struct read_args {
    FILE *f;
    sp_strbuf *out;
    size_t max;
    int err; /* errno of a failed read */
} read_args;

static void read_body(sp_ctx *ctx, void *ud) {
    read_args *a = ud;
    sp_strbuf *b = a->out;
    while (b->len <= a->max) {
        sp_strbuf_reserve(b, (size_t)1 << 16);
        errno = 0;
        size_t got = fread(b->data + b->len, 1, b->cap - 1 - b->len, a->f);
        b->len += got;
        b->data[b->len] = 0;
        if (got == 0) {
            if (ferror(a->f)) a->err = errno ? errno : EIO;
            return;
        }
    }
}

void fio_read_text(sp_ctx *ctx, const char *path, size_t max, sp_strbuf *out) {
    int err;
    FILE *f = fio_open_read(path, &err);
    if (!f) sp_throw(ctx, SP_EINPUT, (sp_loc){path, 0, 0}, "cannot open file: %s", strerror(err));
    /* growing the buffer may raise: close f first */
    read_args a = {f, out, max, 0};
    sp_status st = sp_pcall(ctx, read_body, &a);
    fclose(f);
    if (st != SP_OK) sp_rethrow(ctx);
    if (a.err) sp_throw(ctx, SP_EINPUT, (sp_loc){path, 0, 0}, "cannot read the file: %s", strerror(a.err));
    if (out->len > max) sp_throw(ctx, SP_EINPUT, (sp_loc){path, 0, 0}, "input larger than %zu bytes", max);
}
