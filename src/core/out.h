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

/* "0x%08x: " of a packet's offset (under 2^32) at d, the 12 bytes that
 * start every packet line: the text printers' and the text memo's */
static inline char *gk_put_offset(char *d, uint32_t off)
{
	d = gk_put_hex8(d, off);
	d[0] = ':';
	d[1] = ' ';
	return d + 2;
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

/* Writers straight into a buffer the caller has made room for (the text
 * and JSON printers' hot paths, where a gk_out call, a libc memcpy call or
 * a digit loop a piece cost more than the bytes): they return the end of
 * what they wrote. */

/* s[0, n) copied in 8-, 4- or 1-byte moves that never read past s[n - 1]
 * (overlapping at the end) up to 32 bytes, inline: the names of registers,
 * fields and values.  A copy of variable length is otherwise a libc call
 * or a "rep movsb" whose every byte counts (the JSON printer measured the
 * call at a tenth of its register printer, docs/json.md; the text printer's
 * register lines spent ~7% of GFX9 text in rep movsb, callgrind). */
static inline char *gk_put_mem(char *d, const char *s, size_t n)
{
	if (n <= 16) { /* most field names and many register names */
		if (n >= 8) {
			memcpy(d, s, 8);
			memcpy(d + n - 8, s + n - 8, 8);
		} else if (n >= 4) {
			memcpy(d, s, 4);
			memcpy(d + n - 4, s + n - 4, 4);
		} else if (n) {
			d[0] = s[0];
			d[n / 2] = s[n / 2];
			d[n - 1] = s[n - 1];
		}
	} else if (n <= 32) {
		memcpy(d, s, 8);
		memcpy(d + 8, s + 8, 8);
		memcpy(d + n - 16, s + n - 16, 8);
		memcpy(d + n - 8, s + n - 8, 8);
	} else {
		memcpy(d, s, n);
	}
	return d + n;
}

static inline char *gk_put_pair(char *d, uint32_t x) /* x < 100: two digits */
{
	memcpy(d, gk_decpair + 2 * x, 2);
	return d + 2;
}

static inline char *gk_put4(char *d, uint32_t x) /* x < 10000: four digits, leading zeros */
{
	uint32_t h = x / 100;
	gk_put_pair(d, h);
	return gk_put_pair(d + 2, x - 100 * h);
}

static inline char *gk_put_upto4(char *d, uint32_t x) /* x < 10000: no leading zeros */
{
	if (x < 10) {
		*d = (char)('0' + x);
		return d + 1;
	}
	if (x < 100)
		return gk_put_pair(d, x);
	uint32_t h = x / 100;
	if (x < 1000)
		*d++ = (char)('0' + h);
	else
		d = gk_put_pair(d, h);
	return gk_put_pair(d, x - 100 * h);
}

/* x in decimal, at most 10 bytes.  Split into 4-digit blocks by constant
 * divisions that do not wait on each other, where a loop takes two digits
 * an iteration: the words and register values of a stream are mostly 8 to
 * 10 digits (packet headers, addresses, packed fields) in JSON, and text's
 * small field values take the first branch. */
static inline __attribute__((always_inline)) char *gk_put_dec32(char *d, uint32_t x)
{
	if (x < 10000)
		return gk_put_upto4(d, x);
	if (x < 100000000) {
		uint32_t h = x / 10000;
		d = gk_put_upto4(d, h);
		return gk_put4(d, x - 10000 * h);
	}
	uint32_t h = x / 100000000, l = x - 100000000 * h; /* h: 1..42 */
	if (h < 10)
		*d++ = (char)('0' + h);
	else
		d = gk_put_pair(d, h);
	uint32_t m = l / 10000;
	d = gk_put4(d, m);
	return gk_put4(d, l - 10000 * m);
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

/* text.c: the text printer's plan of a description (fast->print), for
 * gk_format_prepare */
void gk_format_plan_print(const struct gk_format *fmt, const struct gk_packet_desc *d, struct gk_desc_fast *fast);

/* text.c: gk_unit_text of a pending unit u of fmt (decoded by
 * gk_unit_decode_lazy, not filled) whose text is put_direct_line's one
 * line (u->fast->print_line_room, u->pkt.ndw its fixed_len, no raw words:
 * the caller's tests), for a caller that tests those inline (the desc
 * engine's text op): gk_unit_text's own way there, its general path's
 * registers saved and restored, was ~15 instructions a line (callgrind,
 * decode -e dma, quarter bench streams).  false, nothing written: print
 * it with gk_unit_text. */
bool gk_unit_text_line(const struct gk_format *fmt, const struct gk_unit *u, struct gk_out *o);

/* text.c: gk_unit_text of a pending unit u of fmt whose description's
 * tail is a register run (gk_unit_text_regs) or data words
 * (gk_unit_text_data: GK_TAIL_DATA) and which has words past its fixed
 * dwords (u->pkt.ndw > u->fast->fixed_len), with u->fast->print_line_room
 * and no raw words (the caller's tests): put_direct_line's line of the
 * fixed dwords, the tail's lines, then any EXTRA words, as gk_unit_text
 * writes them, without its general path's frame and tests (Adreno's
 * CP_TYPE4_PKT and CP_NOP, PM4's SET_*_REG, a DMA write's data); a unit
 * put_direct_line does not write in one line goes to gk_unit_text. */
void gk_unit_text_regs(const struct gk_format *fmt, const struct gk_unit *u, struct gk_out *o);
void gk_unit_text_data(const struct gk_format *fmt, const struct gk_unit *u, struct gk_out *o);

/* text.c: the shown fields of a pending unit of description d (fast its
 * plan), the text gk_unit_text writes after the name: " F=V ..." (the
 * compiled ops where they can, the checked writers for the rest) */
void gk_text_direct_fields(const struct gk_format *fmt, const struct gk_packet_desc *d,
			   const struct gk_desc_fast *fast, const uint32_t *dw, size_t ndw, struct gk_out *o);

/* text_short.c: gk_unit_text of a pending unit u of fmt shorter than its
 * description's fixed dwords (u->pkt.ndw < u->fast->fixed_len: Adreno's
 * CP_DRAW_INDX_OFFSET of 4 of its 8 dwords), without raw words (the
 * caller's test); one with notes, a tail, extra words or stray bits goes
 * to gk_unit_text. */
void gk_unit_text_short(const struct gk_format *fmt, const struct gk_unit *u, struct gk_out *o);

/* text.c: the text printer's compiled plans (fast->print_op0, from
 * print[0] and print[1] of the simple descriptions), for gk_format_prepare
 * once every description's plan is made */
void gk_format_plan_print_ops(struct gk_format *fmt);

/* json.c: the JSON printer's plan of a description (fast->json), for
 * gk_format_prepare */
void gk_format_plan_json(const struct gk_format *fmt, const struct gk_packet_desc *d, struct gk_desc_fast *fast);

/* text.c, shared with json.c */
void gk_text_value(const struct gk_format *fmt, const struct gk_field *f, uint64_t v, struct gk_out *o);
void gk_text_register(const struct gk_format *fmt, uint32_t addr, uint32_t v, struct gk_out *o);
void gk_text_register_at(const struct gk_format *fmt, const struct gk_reg *r, uint32_t addr, uint32_t v,
			 struct gk_out *o);

/* {"offset","name","value","fields","enums"} of one register's value (json.c;
 * r NULL: no register of this generation has the address) */
void gk_json_register(const struct gk_reg *r, uint32_t addr, uint32_t v, struct gk_out *o);

/* The JSON printer's per-register plans of one format (json.c): the
 * constant pieces of each register's object, made the first time it is
 * written.  A caller that prints many units of one format keeps one (the
 * desc engine does) and hands it to gk_unit_json_plans; NULL from
 * gk_json_plans_new (no register table, no memory) prints without. */
struct gk_json_plans;
struct gk_json_plans *gk_json_plans_new(const struct gk_format *fmt);
void gk_json_plans_free(struct gk_json_plans *P);
/* gk_unit_json_diags with the plans P of fmt (NULL: none) */
void gk_unit_json_plans(const struct gk_format *fmt, const struct gk_unit *u, const struct gk_diags *dg,
			unsigned flags, struct gk_json_plans *P, struct gk_out *o);

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
