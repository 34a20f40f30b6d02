/* json.c - streaming JSON writer (see json.h). */
#include "json.h"

#include <math.h>
#include <string.h>

void json_init(json_writer *w, sp_strbuf *out, int indent) {
    memset(w, 0, sizeof *w);
    w->out = out;
    w->indent = indent;
    w->first[0] = true;
}

static void newline(json_writer *w) {
    if (!w->indent) return;
    sp_strbuf_putc(w->out, '\n');
    for (uint32_t i = 0; i < w->depth * (uint32_t)w->indent; i++) sp_strbuf_putc(w->out, ' ');
}

/* Before a value: a comma if the container already has one, a newline. */
static void value_start(json_writer *w) {
    if (w->after_key) {
        w->after_key = false;
        return;
    }
    if (w->depth) {
        if (!w->first[w->depth]) sp_strbuf_putc(w->out, ',');
        newline(w);
    }
    w->first[w->depth] = false;
}

static void open(json_writer *w, char c) {
    value_start(w);
    sp_strbuf_putc(w->out, c);
    if (w->depth + 1 < JSON_MAX_DEPTH) w->depth++;
    w->first[w->depth] = true;
}

static void close(json_writer *w, char c) {
    bool empty = w->first[w->depth];
    if (w->depth) w->depth--;
    if (!empty) newline(w);
    sp_strbuf_putc(w->out, c);
}

void json_begin_object(json_writer *w) { open(w, '{'); }
void json_end_object(json_writer *w) { close(w, '}'); }
void json_begin_array(json_writer *w) { open(w, '['); }
void json_end_array(json_writer *w) { close(w, ']'); }

static void put_string(json_writer *w, const char *s) {
    static const char hex[] = "0123456789abcdef";
    sp_strbuf_putc(w->out, '"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\') {
            sp_strbuf_putc(w->out, '\\');
            sp_strbuf_putc(w->out, (char)*p);
        } else if (*p < 0x20) {
            char esc[6] = {'\\', 'u', '0', '0', hex[*p >> 4], hex[*p & 15]};
            sp_strbuf_putn(w->out, esc, 6);
        } else {
            sp_strbuf_putc(w->out, (char)*p);
        }
    }
    sp_strbuf_putc(w->out, '"');
}

void json_key(json_writer *w, const char *key) {
    value_start(w);
    put_string(w, key);
    sp_strbuf_puts(w->out, w->indent ? ": " : ":");
    w->after_key = true;
}

void json_string(json_writer *w, const char *s) {
    value_start(w);
    put_string(w, s);
}

void json_int(json_writer *w, int64_t v) {
    value_start(w);
    sp_strbuf_printf(w->out, "%lld", (long long)v);
}

void json_double(json_writer *w, double v) {
    value_start(w);
    if (!isfinite(v))
        sp_strbuf_puts(w->out, "null"); /* JSON has no NaN or infinity */
    else
        sp_strbuf_printf(w->out, "%.17g", v);
}

void json_fixed(json_writer *w, double v, int decimals) {
    value_start(w);
    if (!isfinite(v))
        sp_strbuf_puts(w->out, "null");
    else
        sp_strbuf_printf(w->out, "%.*f", decimals, v);
}

void json_bool(json_writer *w, bool v) {
    value_start(w);
    sp_strbuf_puts(w->out, v ? "true" : "false");
}

void json_null(json_writer *w) {
    value_start(w);
    sp_strbuf_puts(w->out, "null");
}

void json_kv_string(json_writer *w, const char *key, const char *s) {
    json_key(w, key);
    json_string(w, s);
}
void json_kv_int(json_writer *w, const char *key, int64_t v) {
    json_key(w, key);
    json_int(w, v);
}
void json_kv_double(json_writer *w, const char *key, double v) {
    json_key(w, key);
    json_double(w, v);
}
void json_kv_fixed(json_writer *w, const char *key, double v, int decimals) {
    json_key(w, key);
    json_fixed(w, v, decimals);
}
void json_kv_bool(json_writer *w, const char *key, bool v) {
    json_key(w, key);
    json_bool(w, v);
}

void json_kv_ints(json_writer *w, const char *key, const char *const *names, const int64_t *v, size_t n) {
    json_key(w, key);
    json_begin_object(w);
    for (size_t i = 0; i < n; i++) json_kv_int(w, names[i], v[i]);
    json_end_object(w);
}
void json_kv_doubles(json_writer *w, const char *key, const char *const *names, const double *v, size_t n) {
    json_key(w, key);
    json_begin_object(w);
    for (size_t i = 0; i < n; i++) json_kv_double(w, names[i], v[i]);
    json_end_object(w);
}
