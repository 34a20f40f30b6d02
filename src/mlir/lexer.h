/* lexer.h - MLIR tokens (after Lua's llex.h, with columns).
 *
 *     lx_lexer lx;
 *     lx_init(&lx, ctx, "f.mlir", text, len);
 *     lx_next(&lx);                          // lx.tok is the current token
 *     while (lx.tok.kind != TK_EOF) { ...; lx_next(&lx); }
 *
 * Tokens point into the source text (no copies); the text must outlive them.
 * Lexical errors raise SP_EINPUT through ctx with the token's line and column.
 */
#ifndef SPADC_MLIR_LEXER_H
#define SPADC_MLIR_LEXER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/ctx.h"

typedef enum lx_kind {
    TK_EOF,
    TK_BARE,    /* foo, arith.addf, tensor, d0, x8xf32 */
    TK_PERCENT, /* %name */
    TK_CARET,   /* ^bb0 */
    TK_AT,      /* @sym or @"sym" */
    TK_HASH,    /* #alias, #linalg.iterator_type, #1 */
    TK_BANG,    /* !alias */
    TK_INT,     /* 42, 0x7FC00000 */
    TK_FLOAT,   /* 1.5, 1e-3, 1. */
    TK_STRING,  /* "..." (text includes the quotes) */
    TK_LPAREN, TK_RPAREN, TK_LSQUARE, TK_RSQUARE, TK_LBRACE, TK_RBRACE, TK_LESS, TK_GREATER,
    TK_COMMA, TK_COLON, TK_EQUAL, TK_ARROW, TK_QUESTION, TK_STAR, TK_PLUS, TK_MINUS,
    TK_META_BEGIN, /* {-# */
    TK_META_END,   /* #-} */
    TK_COUNT
} lx_kind;

typedef struct lx_token {
    lx_kind kind;
    const char *text; /* into the source */
    size_t len;
    uint32_t line, col;
} lx_token;

typedef struct lx_lexer {
    sp_ctx *ctx;
    const char *file;
    const char *src, *end, *cur;
    uint32_t line;
    const char *line_start;
    lx_token tok;   /* current token */
    lx_token ahead; /* lookahead, valid when has_ahead */
    bool has_ahead;
} lx_lexer;

void lx_init(lx_lexer *lx, sp_ctx *ctx, const char *file, const char *src, size_t len);
/* Advance to the next token (consuming the lookahead if there is one). */
void lx_next(lx_lexer *lx);
/* Peek at the token after the current one. */
const lx_token *lx_peek(lx_lexer *lx);
/* Re-lex from `p` inside the current token (used to split `4x8xf32` in
 * shapes, as MLIR does). No lookahead may be pending. */
void lx_reset_to(lx_lexer *lx, const char *p);

/* The raw text of a `<...>` body that starts right after the current token
 * (dialect attributes such as #linalg.iterator_type<parallel>), balanced over
 * <>, (), [], {} and strings. Returns NULL if no '<' follows directly.
 * Afterwards the current token is the one after the body. */
const char *lx_scan_angle_body(lx_lexer *lx, size_t *len);

/* Human-readable description of a token for "expected X, found Y". */
void lx_describe(const lx_token *t, char *buf, size_t n);
const char *lx_kind_name(lx_kind k); /* "'('", "integer", ... */

/* Decode a string token's body (escapes \n \t \" \\ \XX) into out (at least
 * t->len bytes); returns the decoded length. */
size_t lx_string_value(const lx_token *t, char *out);

#endif
