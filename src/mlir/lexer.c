/* lexer.c - MLIR lexer: one function per token class (see lexer.h). */
#include "lexer.h"

#include <ctype.h>
#include <stdarg.h>
#include <string.h>

void lx_init(lx_lexer *lx, sp_ctx *ctx, const char *file, const char *src, size_t len) {
    memset(lx, 0, sizeof *lx);
    lx->ctx = ctx;
    lx->file = file;
    lx->src = lx->cur = lx->line_start = src;
    lx->end = src + len;
    lx->line = 1;
    lx->tok.kind = TK_EOF;
}

static SP_NORETURN SP_PRINTF(3, 4) void lex_error(lx_lexer *lx, const char *at, const char *fmt, ...) {
    /* column of `at` on the current line */
    sp_loc loc = {lx->file, lx->line, (uint32_t)(at - lx->line_start) + 1};
    va_list ap;
    va_start(ap, fmt);
    sp_vthrow(lx->ctx, SP_EINPUT, loc, fmt, ap);
}

static bool is_id_start(int c) { return isalpha(c) || c == '_'; }
static bool is_id_char(int c) { return isalnum(c) || c == '_' || c == '$' || c == '.'; }
static bool is_suffix_char(int c) { return isalnum(c) || c == '_' || c == '$' || c == '.' || c == '-'; }

static void skip_space(lx_lexer *lx) {
    while (lx->cur < lx->end) {
        char c = *lx->cur;
        if (c == '\n') {
            lx->cur++;
            lx->line++;
            lx->line_start = lx->cur;
        } else if (c == ' ' || c == '\t' || c == '\r') {
            lx->cur++;
        } else if (c == '/' && lx->cur + 1 < lx->end && lx->cur[1] == '/') {
            while (lx->cur < lx->end && *lx->cur != '\n') lx->cur++;
        } else {
            break;
        }
    }
}

/* suffix-id ::= digit+ | (letter|[$._-]) (letter|digit|[$._-])* */
static const char *scan_suffix_id(lx_lexer *lx, const char *p, const char *sigil) {
    const char *s = p;
    if (p < lx->end && isdigit((unsigned char)*p)) {
        while (p < lx->end && isdigit((unsigned char)*p)) p++;
        return p;
    }
    while (p < lx->end && is_suffix_char((unsigned char)*p)) p++;
    if (p == s) lex_error(lx, s - 1, "expected identifier after '%s'", sigil);
    return p;
}

/* As MLIR's lexer: the escapes \n \t \" \\ and two hex digits, no others. */
static const char *scan_string(lx_lexer *lx, const char *p) {
    const char *start = p++;
    while (p < lx->end && *p != '"') {
        if (*p == '\n') lex_error(lx, start, "unterminated string");
        if (*p == '\v' || *p == '\f') lex_error(lx, p, "expected '\"' in string literal");
        if (*p == '\\' && p + 1 < lx->end) {
            const char c = p[1];
            if (c == 'n' || c == 't' || c == '"' || c == '\\')
                p++;
            else if (p + 2 < lx->end && isxdigit((unsigned char)c) && isxdigit((unsigned char)p[2]))
                p += 2;
            else
                lex_error(lx, p, "unknown escape in string literal");
        }
        p++;
    }
    if (p >= lx->end) lex_error(lx, start, "unterminated string");
    return p + 1;
}

/* number ::= digit+ ('.' digit*)? ([eE][+-]?digit+)? | '0x' hexdigit+ */
static const char *scan_number(lx_lexer *lx, const char *p, lx_kind *kind) {
    *kind = TK_INT;
    if (p[0] == '0' && p + 2 < lx->end && (p[1] == 'x' || p[1] == 'X') &&
        isxdigit((unsigned char)p[2])) {
        p += 2;
        while (p < lx->end && isxdigit((unsigned char)*p)) p++;
        return p;
    }
    while (p < lx->end && isdigit((unsigned char)*p)) p++;
    if (p < lx->end && *p == '.') {
        *kind = TK_FLOAT;
        p++;
        while (p < lx->end && isdigit((unsigned char)*p)) p++;
        if (p < lx->end && (*p == 'e' || *p == 'E')) {
            const char *q = p + 1;
            if (q < lx->end && (*q == '+' || *q == '-')) q++;
            if (q < lx->end && isdigit((unsigned char)*q)) {
                while (q < lx->end && isdigit((unsigned char)*q)) q++;
                p = q;
            }
        }
    }
    return p;
}

static void lex(lx_lexer *lx, lx_token *t) {
    skip_space(lx);
    const char *p = lx->cur;
    t->text = p;
    t->line = lx->line;
    t->col = (uint32_t)(p - lx->line_start) + 1;
    if (p >= lx->end) {
        t->kind = TK_EOF;
        t->len = 0;
        return;
    }
    unsigned char c = (unsigned char)*p;
    lx_kind k;
    switch (c) {
    case '(': k = TK_LPAREN; p++; break;
    case ')': k = TK_RPAREN; p++; break;
    case '[': k = TK_LSQUARE; p++; break;
    case ']': k = TK_RSQUARE; p++; break;
    case '}': k = TK_RBRACE; p++; break;
    case '<': k = TK_LESS; p++; break;
    case '>': k = TK_GREATER; p++; break;
    case ',': k = TK_COMMA; p++; break;
    case ':': k = TK_COLON; p++; break;
    case '=': k = TK_EQUAL; p++; break;
    case '?': k = TK_QUESTION; p++; break;
    case '*': k = TK_STAR; p++; break;
    case '+': k = TK_PLUS; p++; break;
    case '{':
        if (p + 2 < lx->end && p[1] == '-' && p[2] == '#') {
            k = TK_META_BEGIN;
            p += 3;
        } else {
            k = TK_LBRACE;
            p++;
        }
        break;
    case '-':
        if (p + 1 < lx->end && p[1] == '>') {
            k = TK_ARROW;
            p += 2;
        } else {
            k = TK_MINUS;
            p++;
        }
        break;
    case '%': k = TK_PERCENT; p = scan_suffix_id(lx, p + 1, "%"); break;
    case '^': k = TK_CARET; p = scan_suffix_id(lx, p + 1, "^"); break;
    case '!': k = TK_BANG; p = scan_suffix_id(lx, p + 1, "!"); break;
    case '#':
        if (p + 2 < lx->end && p[1] == '-' && p[2] == '}') {
            k = TK_META_END;
            p += 3;
        } else {
            k = TK_HASH;
            p = scan_suffix_id(lx, p + 1, "#");
        }
        break;
    case '@':
        k = TK_AT;
        if (p + 1 < lx->end && p[1] == '"') {
            p = scan_string(lx, p + 1);
        } else {
            if (p + 1 >= lx->end || !(is_id_start((unsigned char)p[1]) || p[1] == '$'))
                lex_error(lx, p, "expected symbol name after '%s'", "@");
            p++;
            while (p < lx->end && is_id_char((unsigned char)*p)) p++;
        }
        break;
    case '"': k = TK_STRING; p = scan_string(lx, p); break;
    default:
        if (isdigit(c)) {
            p = scan_number(lx, p, &k);
        } else if (is_id_start(c)) {
            k = TK_BARE;
            while (p < lx->end && is_id_char((unsigned char)*p)) p++;
        } else {
            char buf[16];
            if (isprint(c))
                snprintf(buf, sizeof buf, "'%c'", c);
            else
                snprintf(buf, sizeof buf, "byte 0x%02X", c);
            lex_error(lx, p, "unexpected character %s", buf);
        }
    }
    t->kind = k;
    t->len = (size_t)(p - t->text);
    lx->cur = p;
}

void lx_next(lx_lexer *lx) {
    if (lx->has_ahead) {
        lx->tok = lx->ahead;
        lx->has_ahead = false;
        return;
    }
    lex(lx, &lx->tok);
}

const lx_token *lx_peek(lx_lexer *lx) {
    if (!lx->has_ahead) {
        lex(lx, &lx->ahead);
        lx->has_ahead = true;
    }
    return &lx->ahead;
}

void lx_reset_to(lx_lexer *lx, const char *p) {
    SP_ASSERT(lx->ctx, !lx->has_ahead);
    SP_ASSERT(lx->ctx, p >= lx->tok.text && p <= lx->tok.text + lx->tok.len);
    /* tokens never span lines, so the line bookkeeping stays valid */
    lx->cur = p;
    lex(lx, &lx->tok);
}

const char *lx_scan_angle_body(lx_lexer *lx, size_t *len) {
    SP_ASSERT(lx->ctx, !lx->has_ahead);
    const char *start = lx->cur, *p = start;
    if (p >= lx->end || *p != '<') return NULL;
    char stack[256];
    int depth = 0;
    uint32_t line0 = lx->line;
    const char *line_start0 = lx->line_start;
    while (p < lx->end) {
        char c = *p;
        if (c == '"') {
            p = scan_string(lx, p);
            continue;
        }
        if (c == '\n') {
            lx->line++;
            lx->line_start = p + 1;
        } else if (c == '-' && p + 1 < lx->end && p[1] == '>') {
            p += 2; /* an arrow inside a body is not a closing bracket */
            continue;
        } else if (c == '<' || c == '(' || c == '[' || c == '{') {
            if (depth == (int)sizeof stack) lex_error(lx, p, "attribute nested too deeply");
            stack[depth++] = c == '<' ? '>' : c == '(' ? ')' : c == '[' ? ']' : '}';
        } else if (c == '>' || c == ')' || c == ']' || c == '}') {
            if (depth == 0 || stack[depth - 1] != c) lex_error(lx, p, "unbalanced '%c' in attribute", c);
            if (--depth == 0) {
                p++;
                break;
            }
        }
        p++;
    }
    if (depth != 0) {
        lx->line = line0;
        lx->line_start = line_start0;
        lex_error(lx, start, "unterminated '<' in attribute");
    }
    *len = (size_t)(p - start);
    lx->cur = p;
    lex(lx, &lx->tok);
    return start;
}

static const char *const KIND_NAMES[TK_COUNT] = {
    [TK_EOF] = "end of file",   [TK_BARE] = "identifier",   [TK_PERCENT] = "SSA value",
    [TK_CARET] = "block label", [TK_AT] = "symbol",         [TK_HASH] = "attribute alias",
    [TK_BANG] = "type alias",   [TK_INT] = "integer",       [TK_FLOAT] = "float",
    [TK_STRING] = "string",     [TK_LPAREN] = "'('",        [TK_RPAREN] = "')'",
    [TK_LSQUARE] = "'['",       [TK_RSQUARE] = "']'",       [TK_LBRACE] = "'{'",
    [TK_RBRACE] = "'}'",        [TK_LESS] = "'<'",          [TK_GREATER] = "'>'",
    [TK_COMMA] = "','",         [TK_COLON] = "':'",         [TK_EQUAL] = "'='",
    [TK_ARROW] = "'->'",        [TK_QUESTION] = "'?'",      [TK_STAR] = "'*'",
    [TK_PLUS] = "'+'",          [TK_MINUS] = "'-'",         [TK_META_BEGIN] = "'{-#'",
    [TK_META_END] = "'#-}'",
};

const char *lx_kind_name(lx_kind k) { return k < TK_COUNT ? KIND_NAMES[k] : "?"; }

void lx_describe(const lx_token *t, char *buf, size_t n) {
    switch (t->kind) {
    case TK_EOF: snprintf(buf, n, "end of file"); return;
    case TK_BARE: case TK_PERCENT: case TK_CARET: case TK_AT: case TK_HASH: case TK_BANG:
    case TK_INT: case TK_FLOAT: case TK_STRING: {
        size_t len = t->len > 40 ? 40 : t->len;
        char tmp[48];
        size_t j = 0;
        for (size_t i = 0; i < len; i++) {
            unsigned char c = (unsigned char)t->text[i];
            tmp[j++] = isprint(c) ? (char)c : '?';
        }
        tmp[j] = 0;
        snprintf(buf, n, "'%s%s'", tmp, t->len > 40 ? "..." : "");
        return;
    }
    default: snprintf(buf, n, "%s", lx_kind_name(t->kind)); return;
    }
}

static int hexval(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

size_t lx_string_value(const lx_token *t, char *out) {
    const char *p = t->text, *e = t->text + t->len;
    if (*p == '@') p++;
    p++;     /* opening quote */
    e--;     /* closing quote */
    size_t n = 0;
    while (p < e) {
        if (*p != '\\' || p + 1 >= e) {
            out[n++] = *p++;
            continue;
        }
        p++;
        switch (*p) {
        case 'n': out[n++] = '\n'; p++; break;
        case 't': out[n++] = '\t'; p++; break;
        case '"': out[n++] = '"'; p++; break;
        case '\\': out[n++] = '\\'; p++; break;
        default:
            if (p + 1 < e && hexval(p[0]) >= 0 && hexval(p[1]) >= 0) {
                out[n++] = (char)(hexval(p[0]) * 16 + hexval(p[1]));
                p += 2;
            } else {
                out[n++] = *p++;
            }
        }
    }
    return n;
}
