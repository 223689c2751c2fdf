/* Buffered output with hand-rolled number formatting (the printers' hot path). */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/stream.h"

#include "out.h"

void gk_out_mem(struct gk_out *o, const void *p, size_t n)
{
	if (!gk_out_usable(o) || !n)
		return;
	if (!p) {
		o->failed = 1;
		return;
	}
	gk_out_put(o, p, n);
}

void gk_out_flush(struct gk_out *o)
{
	if (!gk_out_usable(o) || !o->len)
		return;
	if (o->write && !o->failed && o->write(o->ctx, o->buf, o->len) != 0)
		o->failed = 1;
	if (o->write)
		o->len = 0;
}

void gk_out_mem_slow(struct gk_out *o, const void *p, size_t n)
{
	const char *s = p;
	if (!n)
		return;
	if (!o->buf || !o->cap || o->len > o->cap) {
		/* No buffer to collect in (or a len the buffer cannot hold):
		 * straight through the callback, or counted as dropped.  Waiting
		 * for room that can never appear would loop forever. */
		if (!o->write)
			o->dropped += n;
		else if (!o->failed && o->write(o->ctx, s, n) != 0)
			o->failed = 1;
		return;
	}
	while (n) {
		if (o->len == o->cap) {
			if (!o->write) {
				o->dropped += n;
				return;
			}
			gk_out_flush(o);
		}
		size_t k = o->cap - o->len < n ? o->cap - o->len : n;
		memcpy(o->buf + o->len, s, k);
		o->len += k;
		s += k;
		n -= k;
	}
}

void gk_out_str(struct gk_out *o, const char *s)
{
	if (!gk_out_usable(o) || !s)
		return;
	size_t n = strlen(s);
	if (o->cap - o->len >= n && n) { /* n 0: buf may be NULL (a length query) */
		memcpy(o->buf + o->len, s, n);
		o->len += n;
		return;
	}
	gk_out_mem(o, s, n);
}

static const char hexdig[] = "0123456789abcdef";

/* "00".."ff": two digits per table load */
const char gk_hexpair[513] =
	"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
	"202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
	"404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
	"606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
	"808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
	"a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf"
	"c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf"
	"e0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";

void gk_out_hex(struct gk_out *o, uint64_t v, unsigned mindigits)
{
	unsigned n = v ? (unsigned)(64 - __builtin_clzll(v) + 3) / 4 : 1;
	if (n < mindigits)
		n = mindigits;
	if (n > 16)
		n = 16;
	char b[18];
	char *d = o->cap - o->len >= n + 2u ? o->buf + o->len : b;
	d[0] = '0';
	d[1] = 'x';
	char *e = d + n + 2;
	unsigned k = n;
	for (; k >= 2; k -= 2, v >>= 8) {
		e -= 2;
		memcpy(e, gk_hexpair + 2 * (v & 0xff), 2);
	}
	if (k)
		e[-1] = hexdig[v & 15];
	if (d == b)
		gk_out_mem(o, b, n + 2);
	else
		o->len += n + 2;
}

/* "00".."99": two decimal digits per division */
const char gk_decpair[201] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

void gk_out_dec(struct gk_out *o, uint64_t v)
{
	if (v < 10 && o->len < o->cap) { /* most fields of a register are small */
		o->buf[o->len++] = (char)('0' + v);
		return;
	}
	if (v < 100 && o->cap - o->len >= 2) {
		memcpy(o->buf + o->len, gk_decpair + 2 * v, 2);
		o->len += 2;
		return;
	}
	if (v <= UINT32_MAX && o->cap - o->len >= 10) {
		/* a 32-bit word or less, straight into the buffer, back to front,
		 * in 32-bit arithmetic */
		uint32_t x = (uint32_t)v;
		unsigned n = x < 1000 ? 3 : x < 10000 ? 4 : x < 100000 ? 5 : x < 1000000 ? 6
			   : x < 10000000 ? 7 : x < 100000000 ? 8 : x < 1000000000 ? 9 : 10;
		char *d = o->buf + o->len + n;
		while (x >= 100) {
			uint32_t r = x % 100;
			x /= 100;
			d -= 2;
			memcpy(d, gk_decpair + 2 * r, 2);
		}
		if (x >= 10) {
			d -= 2;
			memcpy(d, gk_decpair + 2 * x, 2);
		} else {
			*--d = (char)('0' + x);
		}
		o->len += n;
		return;
	}
	char b[24];
	unsigned n = 0;
	while (v >= 100) {
		unsigned r = (unsigned)(v % 100);
		v /= 100;
		n += 2;
		memcpy(b + sizeof b - n, gk_decpair + 2 * r, 2);
	}
	if (v >= 10) {
		n += 2;
		memcpy(b + sizeof b - n, gk_decpair + 2 * v, 2);
	} else {
		b[sizeof b - 1 - n++] = (char)('0' + v);
	}
	gk_out_put(o, b + sizeof b - n, n);
}

void gk_out_json_str(struct gk_out *o, const char *s, size_t n)
{
	if (!gk_out_usable(o))
		return;
	/* a string with nothing to escape (an engine name, most messages) and
	 * room for it: one copy, where the escaper's run-by-run gk_out_mem
	 * calls cost ~150 instructions for "pm4" (callgrind, decode --json) */
	if (s && o->cap - o->len >= n + 2) {
		size_t i = 0;
		while (i < n && (unsigned char)s[i] >= 0x20 && (unsigned char)s[i] < 0x80 && s[i] != '"' && s[i] != '\\')
			i++;
		if (i == n) {
			char *d = o->buf + o->len;
			d[0] = '"';
			if (n)
				memcpy(d + 1, s, n);
			d[n + 1] = '"';
			o->len += n + 2;
			return;
		}
	}
	gk_out_ch(o, '"');
	gk_out_json_body(o, s, n);
	gk_out_ch(o, '"');
}

/* Length of the well-formed UTF-8 sequence at p[0, n) (p[0] >= 0x80), or
 * 0 with *bad set to the length of its maximal subpart: the lead byte and
 * the continuation bytes that could still have begun a well-formed
 * sequence (The Unicode Standard, chapter 3, "U+FFFD Substitution of
 * Maximal Subparts", and table 3-7 "Well-Formed UTF-8 Byte Sequences").
 * Overlongs (C0, C1, E0 80-9F, F0 80-8F), surrogates (ED A0-BF), values
 * above U+10FFFF (F4 90-BF, F5-FF), stray continuation bytes and sequences
 * cut short all come out as not well-formed. */
static size_t utf8_len(const unsigned char *p, size_t n, size_t *bad)
{
	/* table 3-7, a row per range of lead bytes: the range the second byte
	 * must be in (later bytes are 80..BF) and the sequence length */
	static const struct {
		unsigned char first, last, lo, hi, len;
	} rows[] = {
		{ 0xc2, 0xdf, 0x80, 0xbf, 2 }, { 0xe0, 0xe0, 0xa0, 0xbf, 3 }, { 0xe1, 0xec, 0x80, 0xbf, 3 },
		{ 0xed, 0xed, 0x80, 0x9f, 3 }, { 0xee, 0xef, 0x80, 0xbf, 3 }, { 0xf0, 0xf0, 0x90, 0xbf, 4 },
		{ 0xf1, 0xf3, 0x80, 0xbf, 4 }, { 0xf4, 0xf4, 0x80, 0x8f, 4 },
	};
	for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
		if (p[0] < rows[r].first || p[0] > rows[r].last)
			continue;
		unsigned char lo = rows[r].lo, hi = rows[r].hi;
		for (size_t k = 1; k < rows[r].len; k++, lo = 0x80, hi = 0xbf) {
			if (k >= n || p[k] < lo || p[k] > hi) {
				*bad = k;
				return 0;
			}
		}
		return rows[r].len;
	}
	*bad = 1;
	return 0;
}

/* Bytes below 0x20, '"' and backslash are escaped; well-formed UTF-8 passes
 * through as it is; every maximal subpart of an ill-formed sequence becomes
 * one "\ufffd" (U+REPLACEMENT CHARACTER, written as an escape so the
 * output stays ASCII there), so the result is always valid UTF-8 JSON. */
void gk_out_json_body(struct gk_out *o, const char *s, size_t n)
{
	if (!s)
		return;
	const unsigned char *u = (const unsigned char *)s;
	size_t run = 0;
	for (size_t i = 0; i < n;) {
		unsigned char c = u[i];
		if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
			i++;
			continue;
		}
		size_t skip = 1;
		if (c >= 0x80) {
			size_t len = utf8_len(u + i, n - i, &skip);
			if (len) {
				i += len;
				continue;
			}
		}
		gk_out_mem(o, s + run, i - run);
		if (c >= 0x80) {
			gk_out_mem(o, "\\ufffd", 6);
		} else if (c == '"' || c == '\\') {
			char e[2] = { '\\', (char)c };
			gk_out_mem(o, e, 2);
		} else if (c == '\n') {
			gk_out_mem(o, "\\n", 2);
		} else if (c == '\t') {
			gk_out_mem(o, "\\t", 2);
		} else {
			char e[6] = { '\\', 'u', '0', '0', hexdig[c >> 4], hexdig[c & 15] };
			gk_out_mem(o, e, 6);
		}
		i += skip;
		run = i;
	}
	gk_out_mem(o, s + run, n - run);
}

void gk_out_printf(struct gk_out *o, const char *fmt, ...)
{
	char tmp[256];
	va_list ap, again;
	va_start(ap, fmt);
	va_copy(again, ap);
	int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	if (n > 0 && (size_t)n < sizeof tmp) {
		gk_out_mem(o, tmp, (size_t)n);
	} else if (n > 0) {
		/* a long piece (a JSON object's fixed part): format it once more whole */
		char *big = malloc((size_t)n + 1);
		if (big) {
			vsnprintf(big, (size_t)n + 1, fmt, again);
			gk_out_mem(o, big, (size_t)n);
			free(big);
		} else {
			o->failed = 1;
		}
	}
	va_end(again);
}

struct gk_out gk_out_text(char *buf, size_t cap)
{
	if (!buf)
		cap = 0;
	struct gk_out o = { buf, 0, cap ? cap - 1 : 0, NULL, NULL, 0, 0 };
	if (cap)
		buf[0] = 0;
	return o;
}

size_t gk_out_text_end(struct gk_out *o)
{
	if (o->buf && o->cap + 1 > o->len)
		o->buf[o->len] = 0;
	return o->len + o->dropped;
}

int gk_membuf_write(void *ctx, const void *p, size_t n)
{
	struct gk_membuf *m = ctx;
	if (!m || (!p && n))
		return -1;
	if (n + 1 > SIZE_MAX - m->n)
		return -1;
	if (m->n + n + 1 > m->cap) {
		size_t cap = m->cap ? m->cap : 4096;
		while (m->n + n + 1 > cap)
			cap = cap > SIZE_MAX / 2 ? SIZE_MAX : cap * 2;
		char *q = realloc(m->p, cap);
		if (!q)
			return -1;
		m->p = q;
		m->cap = cap;
	}
	if (n)
		memcpy(m->p + m->n, p, n);
	m->n += n;
	m->p[m->n] = 0;
	return 0;
}

int gk_indent_write(void *ctx, const void *p, size_t n)
{
	struct gk_indent *x = ctx;
	const char *c = p;
	for (size_t i = 0; i < n;) {
		if (x->line_start) {
			for (unsigned d = 0; d < x->depth; d++)
				gk_out_str(x->to, "    ");
			x->line_start = false;
		}
		const char *nl = memchr(c + i, '\n', n - i);
		size_t k = nl ? (size_t)(nl - (c + i)) + 1 : n - i;
		gk_out_mem(x->to, c + i, k);
		i += k;
		x->line_start = nl != NULL;
	}
	return x->to->failed ? -1 : 0;
}
