/* alloc_csv.c - MiniMalloc CSV reading and writing (see alloc_csv.h). */
#include "alloc_csv.h"

#include <inttypes.h>
#include <string.h>

void plan_csv_init(plan_csv *t, sp_ctx *ctx) {
    memset(t, 0, sizeof *t);
    t->ctx = ctx;
}

void plan_csv_free(plan_csv *t) {
    sp_ctx *ctx = t->ctx;
    sp_free(ctx, t->bufs);
    sp_free(ctx, t->text);
    sp_free(ctx, t->row_text);
    sp_free(ctx, t->row_id);
    sp_free(ctx, t->row_line);
    sp_free(ctx, t->hash);
    plan_csv_init(t, ctx);
}

enum col { C_ID, C_LOWER, C_UPPER, C_END, C_SIZE, C_ALIGN, C_INPLACE, C_COUNT };

static const struct {
    const char *name;
    enum col col;
} COLUMN_NAMES[] = {
    {"id", C_ID},       {"buffer", C_ID},   {"buffer_id", C_ID},    {"lower", C_LOWER},
    {"begin", C_LOWER}, {"start", C_LOWER}, {"upper", C_UPPER},     {"end", C_END},
    {"size", C_SIZE},   {"alignment", C_ALIGN}, {"inplace", C_INPLACE},
};

#define MAX_FIELDS 16

typedef struct field {
    const char *s;
    size_t len;
    uint32_t col; /* 1-based */
} field;

typedef struct reader {
    plan_csv *t;
    FILE *f;
    uint32_t line;
    char buf[PLAN_CSV_MAX_LINE + 2];
    size_t len;
    int colof[C_COUNT];  /* field index of each column, -1 if absent */
    int nfields;
    int32_t *inplace_ref;/* row -> text offset of its inplace id, or -1; resolved at the end */
    uint32_t *inplace_col;
    int32_t *taker;      /* row -> the row taking it in place */
    int64_t total;       /* sizes and alignments so far */
} reader;

/* Bytes as a message may show them: printable ASCII and well-formed UTF-8
 * of visible characters as they are, anything else as \xHH (an invisible
 * byte order mark, a control character, a stray byte). */
static bool invisible(uint32_t cp) {
    return cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || cp == 0xad || (cp >= 0x200b && cp <= 0x200f) ||
           (cp >= 0x2028 && cp <= 0x202e) || (cp >= 0x2060 && cp <= 0x206f) || cp == 0xfeff ||
           (cp >= 0xfff9 && cp <= 0xfffb);
}

/* Length of the well-formed UTF-8 sequence at s (n bytes left) and its code
 * point, or 0. */
static size_t utf8_seq(const unsigned char *s, size_t n, uint32_t *cp) {
    size_t len = s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc2 && s[0] < 0xe0 ? 2 : 0;
    if (len == 0 || len > n) return 0;
    uint32_t v = s[0] & (0x7f >> len);
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80) return 0;
        v = v << 6 | (s[i] & 0x3f);
    }
    static const uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
    if (v < least[len] || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) return 0;
    *cp = v;
    return len;
}

void plan_csv_escape(char *out, size_t outlen, const char *text, size_t n) {
    const unsigned char *s = (const unsigned char *)text;
    size_t o = 0, i = 0;
    if (outlen == 0) return;
    while (i < n) {
        uint32_t cp = s[i];
        size_t len = s[i] < 0x80 ? 1 : utf8_seq(s + i, n - i, &cp);
        size_t need = len == 0 || invisible(cp) ? 4 * (len ? len : 1) : len;
        if (o + need + 4 > outlen) { /* room for "..." and the NUL */
            if (o + 4 <= outlen) memcpy(out + o, "...", 3), o += 3;
            break;
        }
        if (need == len) {
            memcpy(out + o, s + i, len);
        } else {
            for (size_t k = 0; k < (len ? len : 1); k++)
                snprintf(out + o + 4 * k, 5, "\\x%02X", s[i + k]);
        }
        o += need;
        i += len ? len : 1;
    }
    out[o] = 0;
}

/* A field as messages show it (escaped, at most ~100 bytes). */
#define SHOWN 128
static const char *shown(char *buf, const char *s, size_t n) {
    plan_csv_escape(buf, SHOWN, s, n);
    return buf;
}

static const char *id_shown(char *buf, const plan_csv *t, size_t row) {
    const char *id = plan_csv_id(t, row);
    return shown(buf, id, strlen(id));
}

static SP_NORETURN void err_at(reader *r, uint32_t col, const char *fmt, ...) SP_PRINTF(3, 4);

static void err_at(reader *r, uint32_t col, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    sp_vthrow(r->t->ctx, SP_EINPUT, (sp_loc){r->t->path, r->line, col}, fmt, ap);
}

/* One line into r->buf without its end of line; false at end of file. */
static bool read_line(reader *r) {
    size_t n = 0;
    int c;
    bool any = false;
    while ((c = getc(r->f)) != EOF) {
        any = true;
        if (c == '\n') break;
        if (n >= PLAN_CSV_MAX_LINE) {
            r->line++;
            err_at(r, PLAN_CSV_MAX_LINE + 1, "line too long (at most %d bytes)", PLAN_CSV_MAX_LINE);
        }
        if (c == 0) {
            r->line++;
            if (r->line == 1 && n >= 2 && ((unsigned char)r->buf[0] == 0xff || (unsigned char)r->buf[0] == 0xfe) &&
                (unsigned char)r->buf[1] == ((unsigned char)r->buf[0] ^ 1))
                err_at(r, 1, "the file is UTF-16 (byte order mark \\x%02X\\x%02X); save it as UTF-8 or ASCII",
                       (unsigned char)r->buf[0], (unsigned char)r->buf[1]);
            err_at(r, (uint32_t)n + 1, "unexpected NUL byte");
        }
        r->buf[n++] = (char)c;
        /* a UTF-8 byte order mark (spreadsheets write one) is not text */
        if (n == 3 && r->line == 0 && !memcmp(r->buf, "\xEF\xBB\xBF", 3)) n = 0;
    }
    if (ferror(r->f)) {
        sp_throw(r->t->ctx, SP_EINPUT, (sp_loc){r->t->path, 0, 0}, "read error");
    }
    if (!any) return false;
    r->line++;
    if (n > 0 && r->buf[n - 1] == '\r') n--;
    r->buf[n] = 0;
    r->len = n;
    return true;
}

static bool blank(const reader *r) {
    for (size_t i = 0; i < r->len; i++)
        if (r->buf[i] != ' ' && r->buf[i] != '\t') return false;
    return true;
}

static bool is_space(char c) { return c == ' ' || c == '\t'; }

/* Split r->buf at commas into trimmed fields. */
static int split(reader *r, field *fl) {
    int nf = 0;
    size_t i = 0;
    for (;;) {
        size_t s = i;
        while (i < r->len && r->buf[i] != ',') i++;
        size_t e = i;
        while (s < e && is_space(r->buf[s])) s++;
        while (e > s && is_space(r->buf[e - 1])) e--;
        if (nf == MAX_FIELDS) err_at(r, (uint32_t)s + 1, "too many fields (at most %d)", MAX_FIELDS);
        fl[nf].s = r->buf + s;
        fl[nf].len = e - s;
        fl[nf].col = (uint32_t)s + 1;
        nf++;
        if (i >= r->len) break;
        i++; /* the comma */
    }
    return nf;
}

static bool name_is(const field *f, const char *name) {
    size_t n = strlen(name);
    if (f->len != n) return false;
    for (size_t i = 0; i < n; i++) {
        char c = f->s[i];
        if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
        if (c != name[i]) return false;
    }
    return true;
}

static const char *col_name(enum col c) {
    switch (c) {
    case C_ID: return "id";
    case C_LOWER: return "lower";
    case C_UPPER: return "upper";
    case C_END: return "end";
    case C_SIZE: return "size";
    case C_ALIGN: return "alignment";
    case C_INPLACE: return "inplace";
    default: return "?";
    }
}

static size_t keep_text(reader *r, const char *s, size_t n) {
    plan_csv *t = r->t;
    size_t need = sp_size_add(t->ctx, t->ntext, n + 1);
    if (need > ((size_t)1 << 30)) err_at(r, 1, "file too large (more than 1 GiB of rows kept)");
    if (need > t->captext) {
        size_t cap = t->captext ? t->captext : 4096;
        while (cap < need) cap *= 2;
        t->text = sp_realloc(t->ctx, t->text, cap);
        t->captext = cap;
    }
    size_t at = t->ntext;
    memcpy(t->text + at, s, n);
    t->text[at + n] = 0;
    t->ntext = need;
    return at;
}

static void parse_header(reader *r) {
    field fl[MAX_FIELDS];
    int nf = split(r, fl);
    for (int c = 0; c < C_COUNT; c++) r->colof[c] = -1;
    for (int i = 0; i < nf; i++) {
        int found = -1;
        for (size_t k = 0; k < SP_ARRAY_LEN(COLUMN_NAMES); k++)
            if (name_is(&fl[i], COLUMN_NAMES[k].name)) found = (int)COLUMN_NAMES[k].col;
        char e[SHOWN];
        if (found < 0) {
            if (fl[i].len == 0) err_at(r, fl[i].col, "empty column name in the header");
            err_at(r, fl[i].col,
                   "unsupported column '%s' (known: id, lower, upper or end, size, alignment, inplace)",
                   shown(e, fl[i].s, fl[i].len));
        }
        if (r->colof[found] >= 0 || (found == C_UPPER && r->colof[C_END] >= 0) ||
            (found == C_END && r->colof[C_UPPER] >= 0))
            err_at(r, fl[i].col, "column '%s' given twice", shown(e, fl[i].s, fl[i].len));
        r->colof[found] = i;
    }
    static const enum col need[] = {C_ID, C_LOWER, C_SIZE};
    for (size_t k = 0; k < SP_ARRAY_LEN(need); k++)
        if (r->colof[need[k]] < 0)
            err_at(r, 1, "missing column '%s' (the header must name id, lower, upper, size)",
                   col_name(need[k]));
    if (r->colof[C_UPPER] < 0 && r->colof[C_END] < 0)
        err_at(r, 1, "missing column 'upper' (the header must name id, lower, upper, size)");
    r->nfields = nf;
    r->t->header = keep_text(r, r->buf, r->len);
}

/* A non-negative decimal integer no larger than 2^62. */
static int64_t parse_int(reader *r, const field *f, const char *what) {
    if (f->len == 0) err_at(r, f->col, "missing value for '%s'", what);
    int64_t v = 0;
    char e[SHOWN];
    size_t shown_len = f->len > 40 ? 40 : f->len;
    for (size_t i = 0; i < f->len; i++) {
        char c = f->s[i];
        if (c < '0' || c > '9') {
            if (c == '-' && i == 0)
                err_at(r, f->col, "'%s' must not be negative, found '%s'", what, shown(e, f->s, f->len));
            err_at(r, f->col, "expected a non-negative integer for '%s', found '%s'", what,
                   shown(e, f->s, shown_len));
        }
        if (v > (PLAN_MAX_BYTES - (c - '0')) / 10) /* v * 10 + digit would pass 2^62 */
            err_at(r, f->col, "'%s' too large: '%s' (at most 2^62 = %" PRId64 ")", what, shown(e, f->s, shown_len),
                   PLAN_MAX_BYTES);
        v = v * 10 + (c - '0');
    }
    return v;
}

static uint64_t hash_str(const char *s) {
    uint64_t h = 1469598103934665603u;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

/* Row index with this id, or -1. */
static int32_t find_id(const plan_csv *t, const char *id) {
    if (!t->hcap) return -1;
    for (size_t h = hash_str(id) & (t->hcap - 1);; h = (h + 1) & (t->hcap - 1)) {
        int32_t r = t->hash[h];
        if (r < 0) return -1;
        if (!strcmp(t->text + t->row_id[r], id)) return r;
    }
}

static void add_id(plan_csv *t, int32_t row) {
    if (2 * (t->n + 1) > t->hcap) {
        size_t cap = t->hcap ? 2 * t->hcap : 64;
        int32_t *h = sp_malloc(t->ctx, cap * sizeof *h);
        for (size_t i = 0; i < cap; i++) h[i] = -1;
        int32_t *old = t->hash;
        size_t oldcap = t->hcap;
        t->hash = h;
        t->hcap = cap;
        for (size_t i = 0; i < oldcap; i++)
            if (old[i] >= 0) {
                size_t k = hash_str(t->text + t->row_id[old[i]]) & (cap - 1);
                while (h[k] >= 0) k = (k + 1) & (cap - 1);
                h[k] = old[i];
            }
        sp_free(t->ctx, old);
    }
    size_t k = hash_str(t->text + t->row_id[row]) & (t->hcap - 1);
    while (t->hash[k] >= 0) k = (k + 1) & (t->hcap - 1);
    t->hash[k] = row;
}

static void grow_rows(reader *r) {
    plan_csv *t = r->t;
    if (t->n < t->cap) return;
    if (t->n >= PLAN_CSV_MAX_ROWS) err_at(r, 1, "too many rows (at most %zu)", PLAN_CSV_MAX_ROWS);
    size_t cap = t->cap ? 2 * t->cap : 64;
    t->bufs = sp_realloc(t->ctx, t->bufs, sp_size_mul(t->ctx, cap, sizeof *t->bufs));
    t->row_text = sp_realloc(t->ctx, t->row_text, sp_size_mul(t->ctx, cap, sizeof *t->row_text));
    t->row_id = sp_realloc(t->ctx, t->row_id, sp_size_mul(t->ctx, cap, sizeof *t->row_id));
    t->row_line = sp_realloc(t->ctx, t->row_line, sp_size_mul(t->ctx, cap, sizeof *t->row_line));
    r->inplace_ref = sp_realloc(t->ctx, r->inplace_ref, sp_size_mul(t->ctx, cap, sizeof *r->inplace_ref));
    r->inplace_col = sp_realloc(t->ctx, r->inplace_col, sp_size_mul(t->ctx, cap, sizeof *r->inplace_col));
    t->cap = cap;
}

static void parse_row(reader *r) {
    plan_csv *t = r->t;
    field fl[MAX_FIELDS];
    int nf = split(r, fl);
    if (nf != r->nfields)
        err_at(r, nf > r->nfields ? fl[r->nfields].col : (uint32_t)r->len + 1,
               "expected %d fields as in the header, found %d", r->nfields, nf);
    grow_rows(r);
    size_t i = t->n;
    plan_buf *b = &t->bufs[i];
    const field *fid = &fl[r->colof[C_ID]];
    if (fid->len == 0) err_at(r, fid->col, "empty id");
    const field *flo = &fl[r->colof[C_LOWER]];
    b->lo = parse_int(r, flo, "lower");
    if (r->colof[C_UPPER] >= 0) {
        const field *fhi = &fl[r->colof[C_UPPER]];
        b->hi = parse_int(r, fhi, "upper");
        if (b->hi <= b->lo)
            err_at(r, fhi->col,
                   "empty lifetime: upper (%" PRId64 ") must be greater than lower (%" PRId64 ")",
                   b->hi, b->lo);
    } else {
        const field *fe = &fl[r->colof[C_END]];
        int64_t e = parse_int(r, fe, "end");
        if (e < b->lo)
            err_at(r, fe->col, "empty lifetime: end (%" PRId64 ") is before lower (%" PRId64 ")", e,
                   b->lo);
        b->hi = e + 1;
    }
    const field *fsz = &fl[r->colof[C_SIZE]];
    b->size = parse_int(r, fsz, "size");
    if (b->size == 0) err_at(r, fsz->col, "size must be at least 1 byte");
    b->align = 1;
    if (r->colof[C_ALIGN] >= 0) {
        const field *fa = &fl[r->colof[C_ALIGN]];
        b->align = parse_int(r, fa, "alignment");
        if (b->align < 1 || (b->align & (b->align - 1)))
            err_at(r, fa->col, "alignment %" PRId64 " is not a power of two", b->align);
    }
    int64_t need = b->size + (b->align - 1); /* < 2^63: both are <= 2^62 */
    if (need > PLAN_MAX_BYTES - r->total)
        err_at(r, fsz->col, "sizes and alignments so far add up to more than 2^62 bytes");
    r->total += need;
    b->inplace = -1;
    b->offset = 0;
    r->inplace_ref[i] = -1;
    if (r->colof[C_INPLACE] >= 0) {
        const field *fp = &fl[r->colof[C_INPLACE]];
        if (fp->len) {
            r->inplace_ref[i] = (int32_t)keep_text(r, fp->s, fp->len);
            r->inplace_col[i] = fp->col;
        }
    }
    t->row_text[i] = keep_text(r, r->buf, r->len);
    t->row_id[i] = keep_text(r, fid->s, fid->len);
    t->row_line[i] = r->line;
    int32_t dup = find_id(t, t->text + t->row_id[i]);
    char e[SHOWN];
    if (dup >= 0)
        err_at(r, fid->col, "duplicate id '%s' (first on line %" PRIu32 ")", shown(e, fid->s, fid->len),
               t->row_line[dup]);
    add_id(t, (int32_t)i);
    t->n++;
}

/* In-place references name rows; check the conditions alloc.h states, so
 * that errors point at the row rather than at a buffer index. */
static void resolve_inplace(reader *r) {
    plan_csv *t = r->t;
    for (size_t j = 0; j < t->n; j++) {
        if (r->inplace_ref[j] < 0) continue;
        r->line = t->row_line[j];
        uint32_t col = r->inplace_col[j];
        const char *name = t->text + r->inplace_ref[j];
        int32_t i = find_id(t, name);
        char e[SHOWN];
        if (i < 0) err_at(r, col, "inplace names unknown id '%s'", shown(e, name, strlen(name)));
        if ((size_t)i == j) err_at(r, col, "a buffer cannot take its own bytes in place");
        t->bufs[j].inplace = i;
    }
    for (size_t j = 0; j < t->n; j++) {
        int32_t i = t->bufs[j].inplace;
        if (i < 0) continue;
        r->line = t->row_line[j];
        uint32_t col = r->inplace_col[j];
        const plan_buf *x = &t->bufs[i], *y = &t->bufs[j];
        char e[SHOWN], e2[SHOWN];
        const char *xi = id_shown(e, t, (size_t)i);
        if (x->hi - 1 != y->lo)
            err_at(r, col,
                   "cannot take '%s' in place: this buffer starts at step %" PRId64 " but '%s' dies at step %" PRId64
                   " (line %" PRIu32 ")",
                   xi, y->lo, xi, x->hi - 1, t->row_line[i]);
        if (y->size > x->size)
            err_at(r, col,
                   "cannot take '%s' in place: %" PRId64 " bytes do not fit in its %" PRId64 " (line %" PRIu32
                   ")",
                   xi, y->size, x->size, t->row_line[i]);
        if (x->inplace >= 0 && x->hi - x->lo == 1)
            err_at(r, col,
                   "cannot take '%s' in place: it lives a single step and itself takes '%s' in place",
                   xi, id_shown(e2, t, (size_t)x->inplace));
    }
    /* one taker per buffer */
    r->taker = sp_malloc(t->ctx, sp_size_mul(t->ctx, t->n + 1, sizeof *r->taker));
    for (size_t j = 0; j < t->n; j++) r->taker[j] = -1;
    for (size_t j = 0; j < t->n; j++) {
        int32_t i = t->bufs[j].inplace;
        if (i < 0) continue;
        int32_t k = r->taker[i];
        if (k >= 0) {
            char e[SHOWN], e2[SHOWN];
            r->line = t->row_line[j];
            err_at(r, r->inplace_col[j], "'%s' is already taken in place by '%s' (line %" PRIu32 ")",
                   id_shown(e, t, (size_t)i), id_shown(e2, t, (size_t)k), t->row_line[k]);
        }
        r->taker[i] = (int32_t)j;
    }
}

static void read_all(sp_ctx *ctx, void *ud) {
    (void)ctx;
    reader *r = ud;
    bool header = false;
    while (read_line(r)) {
        if (blank(r)) continue;
        if (!header) {
            parse_header(r);
            header = true;
        } else {
            parse_row(r);
        }
    }
    if (!header) {
        r->line = 1;
        err_at(r, 1, "empty file: expected a header such as 'id,lower,upper,size'");
    }
    resolve_inplace(r);
}

sp_status plan_csv_read(plan_csv *t, const char *path, FILE *f) {
    reader *r = sp_try_malloc(t->ctx, sizeof *r);
    if (!r) {
        sp_set_error(t->ctx, SP_EINPUT, "out of memory");
        return SP_EINPUT;
    }
    memset(r, 0, sizeof *r);
    r->t = t;
    r->f = f;
    t->path = path;
    sp_status st = sp_pcall(t->ctx, read_all, r);
    sp_free(t->ctx, r->inplace_ref);
    sp_free(t->ctx, r->inplace_col);
    sp_free(t->ctx, r->taker);
    sp_free(t->ctx, r);
    return st;
}

bool plan_csv_write(const plan_csv *t, FILE *out) {
    fprintf(out, "%s,offset\n", t->text ? t->text + t->header : "id,lower,upper,size");
    for (size_t i = 0; i < t->n; i++)
        fprintf(out, "%s,%" PRId64 "\n", t->text + t->row_text[i], t->bufs[i].offset);
    return !ferror(out) && fflush(out) == 0;
}
