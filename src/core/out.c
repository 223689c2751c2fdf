/* Buffered output with hand-rolled number formatting (the printers' hot path). */
#include <string.h>

#include "gfxkit/stream.h"

#include "out.h"

void gk_out_flush(struct gk_out *o)
{
	if (!o->len)
		return;
	if (o->write && !o->failed && o->write(o->ctx, o->buf, o->len) != 0)
		o->failed = 1;
	if (o->write)
		o->len = 0;
}

void gk_out_mem(struct gk_out *o, const void *p, size_t n)
{
	const char *s = p;
	while (n) {
		if (o->len == o->cap) {
			if (!o->write)
				return;
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
	size_t n = strlen(s);
	if (o->cap - o->len >= n) {
		memcpy(o->buf + o->len, s, n);
		o->len += n;
		return;
	}
	gk_out_mem(o, s, n);
}

static const char hexdig[] = "0123456789abcdef";

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
	for (unsigned k = n + 1; k >= 2; k--, v >>= 4)
		d[k] = hexdig[v & 15];
	if (d == b)
		gk_out_mem(o, b, n + 2);
	else
		o->len += n + 2;
}

void gk_out_dec(struct gk_out *o, uint64_t v)
{
	char b[24];
	unsigned n = 0;
	do {
		b[sizeof b - 1 - n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	gk_out_mem(o, b + sizeof b - n, n);
}

void gk_out_json_str(struct gk_out *o, const char *s, size_t n)
{
	gk_out_mem(o, "\"", 1);
	gk_out_json_body(o, s, n);
	gk_out_mem(o, "\"", 1);
}

void gk_out_json_body(struct gk_out *o, const char *s, size_t n)
{
	size_t run = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x20 && c != '"' && c != '\\')
			continue;
		gk_out_mem(o, s + run, i - run);
		run = i + 1;
		if (c == '"' || c == '\\') {
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
	}
	gk_out_mem(o, s + run, n - run);
}
