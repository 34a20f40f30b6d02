/* json.h - a small streaming JSON writer (commas and escaping handled).
 *
 *     json_writer w;
 *     json_init(&w, &buf);              // buf: an sp_strbuf the caller owns
 *     json_begin_object(&w);
 *     json_key(&w, "kernels");  json_begin_array(&w);  ...  json_end_array(&w);
 *     json_kv_int(&w, "arena_bytes", 4096);
 *     json_end_object(&w);
 */
#ifndef SPADC_IO_JSON_H
#define SPADC_IO_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/strbuf.h"

#define JSON_MAX_DEPTH 32

typedef struct json_writer {
    sp_strbuf *out;
    uint32_t depth;
    bool first[JSON_MAX_DEPTH]; /* nothing written yet at this level */
    bool after_key;
    int indent; /* spaces per level, 0 = compact */
} json_writer;

void json_init(json_writer *w, sp_strbuf *out, int indent);
void json_begin_object(json_writer *w);
void json_end_object(json_writer *w);
void json_begin_array(json_writer *w);
void json_end_array(json_writer *w);
void json_key(json_writer *w, const char *key);
void json_string(json_writer *w, const char *s);
void json_int(json_writer *w, int64_t v);
void json_double(json_writer *w, double v);
/* v with exactly `decimals` digits after the point (shorter files than
 * json_double where that precision is all there is, e.g. trace times). */
void json_fixed(json_writer *w, double v, int decimals);
void json_bool(json_writer *w, bool v);
void json_null(json_writer *w);
void json_kv_string(json_writer *w, const char *key, const char *s);
void json_kv_int(json_writer *w, const char *key, int64_t v);
void json_kv_double(json_writer *w, const char *key, double v);
void json_kv_fixed(json_writer *w, const char *key, double v, int decimals);
void json_kv_bool(json_writer *w, const char *key, bool v);
/* "key": {names[0]: v[0], ...}, n members: a record of numbers (a report's
 * energies, cycle bounds, gaps) from a table of names and one of values. */
void json_kv_ints(json_writer *w, const char *key, const char *const *names, const int64_t *v, size_t n);
void json_kv_doubles(json_writer *w, const char *key, const char *const *names, const double *v, size_t n);

#endif
