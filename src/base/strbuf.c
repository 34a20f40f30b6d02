/* strbuf.c - growable byte buffer (see strbuf.h). */
#include "strbuf.h"

#include <stdarg.h>
#include <string.h>

void sp_strbuf_init(sp_strbuf *b, sp_ctx *ctx) {
    b->ctx = ctx;
    b->data = NULL;
    b->len = b->cap = 0;
}

void sp_strbuf_free(sp_strbuf *b) {
    sp_free(b->ctx, b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

void sp_strbuf_reserve(sp_strbuf *b, size_t extra) {
    size_t need = sp_size_add(b->ctx, sp_size_add(b->ctx, b->len, extra), 1);
    if (need <= b->cap) return;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < need) cap = sp_size_mul(b->ctx, cap, 2);
    b->data = sp_realloc(b->ctx, b->data, cap);
    b->cap = cap;
}

void sp_strbuf_putn(sp_strbuf *b, const char *s, size_t n) {
    sp_strbuf_reserve(b, n);
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = 0;
}

void sp_strbuf_puts(sp_strbuf *b, const char *s) { sp_strbuf_putn(b, s, strlen(s)); }

void sp_strbuf_putc(sp_strbuf *b, char c) { sp_strbuf_putn(b, &c, 1); }

void sp_strbuf_printf(sp_strbuf *b, const char *fmt, ...) {
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n < sizeof small) {
        sp_strbuf_putn(b, small, (size_t)n);
        return;
    }
    sp_strbuf_reserve(b, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void sp_strbuf_put_escaped(sp_strbuf *b, const char *s, size_t n) {
    static const char hex[] = "0123456789ABCDEF";
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\' || c < 0x20 || c >= 0x7f) {
            char esc[3] = {'\\', hex[c >> 4], hex[c & 15]};
            if (c == '"' || c == '\\') {
                esc[1] = (char)c;
                sp_strbuf_putn(b, esc, 2);
            } else {
                sp_strbuf_putn(b, esc, 3);
            }
        } else {
            sp_strbuf_putc(b, (char)c);
        }
    }
}
