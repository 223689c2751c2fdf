/* Internal output helpers (src/core/out.c). */
#ifndef GK_OUT_H
#define GK_OUT_H

#include "gfxkit/stream.h"

#include <string.h>

void gk_out_mem_slow(struct gk_out *o, const void *p, size_t n);

/* At the top of every public function that takes a gk_out: false for NULL;
 * a NULL buf means no buffer (cap 0), and a len beyond cap (which the hot
 * paths' cap - len would wrap) is cut back and reported as failed. */
static inline int gk_out_usable(struct gk_out *o)
{
	if (!o)
		return 0;
	if (!o->buf)
		o->cap = 0;
	if (o->len > o->cap) {
		o->len = o->cap;
		o->failed = 1;
	}
	return 1;
}

/* gk_out_mem, inlined where it is hot */
static inline void gk_out_put(struct gk_out *o, const void *p, size_t n)
{
	if (o->cap - o->len >= n && n) { /* n 0: buf may be NULL (a length query) */
		memcpy(o->buf + o->len, p, n);
		o->len += n;
	} else {
		gk_out_mem_slow(o, p, n);
	}
}

/* a string literal: its length is known at compile time */
#define gk_out_lit(o, lit) gk_out_put((o), (lit), sizeof(lit) - 1)

static inline void gk_out_ch(struct gk_out *o, char c)
{
	if (o->len < o->cap)
		o->buf[o->len++] = c;
	else
		gk_out_mem(o, &c, 1);
}

void gk_out_hex(struct gk_out *o, uint64_t v, unsigned mindigits);

/* Text into a caller's char buffer, snprintf style: what does not fit is
 * counted, not written; gk_out_text_end NUL-terminates the buffer (cap 0:
 * buf may be NULL and is not touched) and returns the length the whole
 * output needed. */
struct gk_out gk_out_text(char *buf, size_t cap);
size_t gk_out_text_end(struct gk_out *o);
/* printf into o (o->failed when a piece over 255 bytes finds no memory) */
void gk_out_printf(struct gk_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
extern const char gk_hexpair[513];

/* "0x%08x" into a buffer with room for its 10 bytes; returns the end */
static inline char *gk_put_hex8(char *d, uint32_t v)
{
	d[0] = '0';
	d[1] = 'x';
	memcpy(d + 2, gk_hexpair + 2 * (v >> 24), 2);
	memcpy(d + 4, gk_hexpair + 2 * ((v >> 16) & 0xff), 2);
	memcpy(d + 6, gk_hexpair + 2 * ((v >> 8) & 0xff), 2);
	memcpy(d + 8, gk_hexpair + 2 * (v & 0xff), 2);
	return d + 10;
}

/* " 0x%08x": the most common thing the printers write */
static inline void gk_out_sp_hex8(struct gk_out *o, uint32_t v)
{
	if (o->cap - o->len < 11) {
		gk_out_ch(o, ' ');
		gk_out_hex(o, v, 8);
		return;
	}
	o->buf[o->len] = ' ';
	gk_put_hex8(o->buf + o->len + 1, v);
	o->len += 11;
}
void gk_out_dec(struct gk_out *o, uint64_t v);
extern const char gk_decpair[201]; /* "00".."99" */

/* Writers straight into a buffer the caller has made room for (11 bytes
 * each at most): they return the end of what they wrote.  The register
 * printers' hot path, where a gk_out call a field costs more than the
 * digits. */
static inline char *gk_put_dec32(char *d, uint32_t x)
{
	if (x < 10) {
		*d = (char)('0' + x);
		return d + 1;
	}
	if (x < 100) {
		memcpy(d, gk_decpair + 2 * x, 2);
		return d + 2;
	}
	unsigned n = x < 1000 ? 3 : x < 10000 ? 4 : x < 100000 ? 5 : x < 1000000 ? 6
		   : x < 10000000 ? 7 : x < 100000000 ? 8 : x < 1000000000 ? 9 : 10;
	char *e = d + n, *p = e;
	while (x >= 100) {
		p -= 2;
		memcpy(p, gk_decpair + 2 * (x % 100), 2);
		x /= 100;
	}
	if (x >= 10) {
		p -= 2;
		memcpy(p, gk_decpair + 2 * x, 2);
	} else {
		p[-1] = (char)('0' + x);
	}
	return e;
}

/* "0x" and the digits of v without leading zeros ("0x0" for 0): 18 bytes
 * at most (gk_out_hex(o, v, 1)'s text) */
static inline char *gk_put_hex64(char *d, uint64_t v)
{
	unsigned n = v ? (unsigned)(64 - __builtin_clzll(v) + 3) / 4 : 1;
	d[0] = '0';
	d[1] = 'x';
	char *e = d + 2 + n, *p = e;
	for (; n >= 2; n -= 2, v >>= 8) {
		p -= 2;
		memcpy(p, gk_hexpair + 2 * (v & 0xff), 2);
	}
	if (n)
		p[-1] = gk_hexpair[2 * (v & 15) + 1];
	return e;
}

/* "0x" and the digits of v without leading zeros ("0x0" for 0) */
static inline char *gk_put_hex32(char *d, uint32_t v)
{
	unsigned n = v ? (unsigned)(32 - __builtin_clz(v) + 3) / 4 : 1;
	d[0] = '0';
	d[1] = 'x';
	char *e = d + 2 + n, *p = e;
	for (; n >= 2; n -= 2, v >>= 8) {
		p -= 2;
		memcpy(p, gk_hexpair + 2 * (v & 0xff), 2);
	}
	if (n)
		p[-1] = gk_hexpair[2 * (v & 15) + 1];
	return e;
}
/* s[0, n) as a JSON string (json_body: without the quotes).  The output is
 * always valid UTF-8: control characters, '"' and backslash are escaped, and every
 * ill-formed UTF-8 sequence (invalid bytes, overlongs, surrogates, values
 * above U+10FFFF, sequences cut short) becomes "\ufffd", one per maximal
 * subpart as The Unicode Standard recommends.  The n bytes are taken as
 * whole: a sequence split across two calls is replaced.  s NULL: nothing. */
void gk_out_json_str(struct gk_out *o, const char *s, size_t n);
void gk_out_json_body(struct gk_out *o, const char *s, size_t n);

/* text.c, shared with json.c */
void gk_text_value(const struct gk_format *fmt, const struct gk_field *f, uint64_t v, struct gk_out *o);
void gk_text_register(const struct gk_format *fmt, uint32_t addr, uint32_t v, struct gk_out *o);
void gk_text_register_at(const struct gk_format *fmt, const struct gk_reg *r, uint32_t addr, uint32_t v,
			 struct gk_out *o);

/* {"offset","name","value","fields","enums"} of one register's value (json.c;
 * r NULL: no register of this generation has the address) */
void gk_json_register(const struct gk_reg *r, uint32_t addr, uint32_t v, struct gk_out *o);

/* [w0,w1,...]: words as a JSON array of numbers (json.c) */
void gk_out_json_words(struct gk_out *o, const uint32_t *w, size_t n);

/* A gk_write_fn that indents every line it passes on to `to` by four
 * spaces a depth level (nested indirect buffers, the executor's trace). */
struct gk_indent {
	struct gk_out *to;
	unsigned depth;
	bool line_start;
};
int gk_indent_write(void *ctx, const void *p, size_t n);

#endif
