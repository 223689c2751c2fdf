/* The ascii85 of msm devcoredumps (include/gfxkit/msm.h).  Linux
 * include/linux/ascii85.h: ascii85_encode writes a 32-bit word as five
 * digits of base 85, most significant first, each as '!' + digit, or the
 * one character 'z' for a zero word; the kernel encodes whole words only
 * (ascii85_encode_len rounds the byte count up to words), so a group of
 * fewer than five digits is a cut block, not Adobe's padded tail. */
#include <stdio.h>
#include <string.h>

#include "gfxkit/msm.h"

static long bad(struct gk_diag *err, size_t at, const char *fmt, unsigned c)
{
	if (err) {
		memset(err, 0, sizeof *err);
		err->severity = GK_ERROR;
		err->code = GK_D_SYNTAX;
		err->dw = -1;
		err->lo = err->hi = -1;
		err->col = (uint32_t)(at + 1);
		snprintf(err->message, sizeof err->message, fmt, c);
	}
	return -1;
}

long gk_ascii85_decode(const char *s, size_t n, uint32_t *out, size_t cap, struct gk_diag *err)
{
	if (!s && n)
		return bad(err, 0, "no text%.0u", 0);
	size_t words = 0, start = 0;
	unsigned digits = 0;
	uint64_t acc = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
			continue; /* a block broken over lines, or indented */
		if (c == 'z') {
			if (digits)
				return bad(err, i, "'z' (a zero word) inside a group of five: the group before it has %u digits",
					   digits);
			if (out && words < cap)
				out[words] = 0;
			words++;
			continue;
		}
		if (c < '!' || c > 'u')
			return bad(err, i, "byte 0x%02x is not ascii85 (digits are '!' to 'u', 'z' a zero word)", c);
		if (!digits)
			start = i;
		acc = acc * 85 + (uint64_t)(c - '!');
		if (++digits < 5)
			continue;
		if (acc > 0xffffffffull)
			return bad(err, start, "the group of five here is above 0xffffffff: not a 32-bit word%.0u", 0);
		if (out && words < cap)
			out[words] = (uint32_t)acc;
		words++;
		digits = 0;
		acc = 0;
	}
	if (digits)
		return bad(err, start, "the last group has %u digits of 5: the data is cut short", digits);
	return (long)words;
}
