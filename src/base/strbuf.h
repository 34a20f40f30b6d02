/* strbuf.h - growable byte buffer for printers.
 *
 *     sp_strbuf b;
 *     sp_strbuf_init(&b, ctx);
 *     sp_strbuf_printf(&b, "%d", 42);      // raises on OOM (inside sp_pcall)
 *     fwrite(b.data, 1, b.len, stdout);
 *     sp_strbuf_free(&b);                  // the creator frees it
 *
 * data is always NUL-terminated once anything was appended.
 */
#ifndef SPADC_BASE_STRBUF_H
#define SPADC_BASE_STRBUF_H

#include "ctx.h"

typedef struct sp_strbuf {
    sp_ctx *ctx;
    char *data;
    size_t len, cap;
} sp_strbuf;

void sp_strbuf_init(sp_strbuf *b, sp_ctx *ctx);
void sp_strbuf_free(sp_strbuf *b);
void sp_strbuf_reserve(sp_strbuf *b, size_t extra);
void sp_strbuf_putn(sp_strbuf *b, const char *s, size_t n);
void sp_strbuf_puts(sp_strbuf *b, const char *s);
void sp_strbuf_putc(sp_strbuf *b, char c);
void sp_strbuf_printf(sp_strbuf *b, const char *fmt, ...) SP_PRINTF(2, 3);
/* Append s as the body of an MLIR/JSON string literal (escapes " \ and
 * non-printable bytes as \XX hex, MLIR style). */
void sp_strbuf_put_escaped(sp_strbuf *b, const char *s, size_t n);

#endif
