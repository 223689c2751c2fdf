/* Input readers: little-endian binary words, or hex text ("0x" optional,
 * white space or commas between words, "ADDRESS:" at a line start skipped,
 * '#' and ';' comments), decoded incrementally into a bounded window. */
#include <stdio.h>
#include <string.h>

#include "gfxkit/stream.h"

enum { HX_SPACE, HX_TOKEN, HX_COMMENT };

void gk_input_init(struct gk_input *in, gk_read_fn read, void *ctx, enum gk_in_format fmt)
{
	in->read = read;
	in->ctx = ctx;
	in->format = fmt;
	in->raw_len = in->raw_pos = 0;
	in->eof = in->failed = false;
	in->ncarry = 0;
	in->hx_state = HX_SPACE;
	in->hx_val = 0;
	in->hx_digits = 0;
	in->hx_line_start = true;
	in->hx_prefix = false;
	in->line = 1;
	in->col = 0;
	in->nwords = in->pos = 0;
	in->base = 0;
	memset(&in->error, 0, sizeof in->error);
}

static void fail(struct gk_input *in, uint32_t line, uint32_t col, const char *msg)
{
	if (in->failed)
		return;
	in->failed = true;
	in->error.severity = GK_ERROR;
	in->error.code = GK_D_IO;
	in->error.line = line;
	in->error.col = col;
	in->error.dw = -1;
	in->error.lo = in->error.hi = -1;
	snprintf(in->error.message, sizeof in->error.message, "%s", msg);
}

/* Text when the first bytes are printable ASCII, white space or well-formed
 * UTF-8 (comments may carry "§").  PM4 binaries fail this quickly: type-3
 * header bytes 0xc0/0xc1 never occur in UTF-8, and most dwords hold 0x00. */
static enum gk_in_format sniff(const uint8_t *p, size_t n, bool at_eof)
{
	if (!n)
		return GK_IN_BIN;
	for (size_t i = 0; i < n; i++) {
		uint8_t c = p[i];
		if (c >= 0x20 && c < 0x7f)
			continue;
		if (c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\v')
			continue;
		unsigned more = (c >= 0xc2 && c <= 0xdf) ? 1 : (c >= 0xe0 && c <= 0xef) ? 2 : (c >= 0xf0 && c <= 0xf4) ? 3 : 0;
		if (!more)
			return GK_IN_BIN;
		for (unsigned k = 1; k <= more; k++) {
			if (i + k >= n)
				return at_eof ? GK_IN_BIN : GK_IN_HEX; /* cut by the sniff window */
			if ((p[i + k] & 0xc0) != 0x80)
				return GK_IN_BIN;
		}
		i += more;
	}
	return GK_IN_HEX;
}

static int hexval(uint8_t c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

static void end_token(struct gk_input *in, bool is_address)
{
	if (in->hx_state != HX_TOKEN)
		return;
	in->hx_state = HX_SPACE;
	bool first = in->hx_line_start;
	in->hx_line_start = false;
	if (!in->hx_any) {
		fail(in, in->tok_line, in->tok_col, "expected a hex word");
		return;
	}
	if (is_address) {
		if (!first)
			fail(in, in->tok_line, in->tok_col, "an ADDRESS: label may only start a line");
		return;
	}
	if (in->hx_digits > 8) {
		fail(in, in->tok_line, in->tok_col, "hex word does not fit in 32 bits");
		return;
	}
	in->words[in->nwords++] = (uint32_t)in->hx_val;
}

static void hex_bytes(struct gk_input *in, const uint8_t *p, size_t n, size_t *used)
{
	size_t i;
	for (i = 0; i < n && !in->failed && in->nwords < GK_IN_WORDS; i++) {
		uint8_t c = p[i];
		in->col++;
		if (c == '\n') {
			end_token(in, false);
			in->hx_state = HX_SPACE;
			in->hx_line_start = true;
			in->line++;
			in->col = 0;
			continue;
		}
		if (in->hx_state == HX_COMMENT)
			continue;
		if (c == ' ' || c == '\t' || c == '\r' || c == ',' || c == '\f' || c == '\v') {
			end_token(in, false);
			continue;
		}
		if (c == '#' || c == ';') {
			end_token(in, false);
			in->hx_state = HX_COMMENT;
			continue;
		}
		if (c == ':') {
			if (in->hx_state != HX_TOKEN)
				fail(in, in->line, in->col, "unexpected ':'");
			end_token(in, true);
			continue;
		}
		if (in->hx_state != HX_TOKEN) {
			in->hx_state = HX_TOKEN;
			in->hx_val = 0;
			in->hx_digits = 0;
			in->hx_prefix = false;
			in->hx_any = false;
			in->tok_line = in->line;
			in->tok_col = in->col;
		}
		if ((c | 0x20) == 'x' && in->hx_any && in->hx_val == 0 && in->hx_digits == 0 && !in->hx_prefix) {
			in->hx_prefix = true; /* "0x" */
			in->hx_any = false;
			continue;
		}
		int v = hexval(c);
		if (v < 0) {
			char msg[64];
			snprintf(msg, sizeof msg, "'%c' is not a hex digit", c >= 0x20 && c < 0x7f ? c : '?');
			fail(in, in->line, in->col, msg);
			break;
		}
		in->hx_any = true;
		if (in->hx_digits < 9)
			in->hx_val = (in->hx_val << 4) | (unsigned)v;
		if (in->hx_val || in->hx_digits)
			in->hx_digits++; /* significant digits; leading zeros do not count */
	}
	*used = i;
}

static void bin_bytes(struct gk_input *in, const uint8_t *p, size_t n, size_t *used)
{
	size_t i = 0;
	if (!in->ncarry) {
		/* whole words straight into the window; leftovers go through carry */
		size_t room = GK_IN_WORDS - in->nwords;
		size_t k = n / 4 < room ? n / 4 : room;
		uint32_t *w = in->words + in->nwords;
		for (size_t j = 0; j < k; j++, i += 4)
			w[j] = (uint32_t)p[i] | (uint32_t)p[i + 1] << 8 | (uint32_t)p[i + 2] << 16 |
			       (uint32_t)p[i + 3] << 24;
		in->nwords += k;
	}
	while (i < n && in->nwords < GK_IN_WORDS) {
		in->carry[in->ncarry++] = p[i++];
		if (in->ncarry == 4) {
			in->words[in->nwords++] = (uint32_t)in->carry[0] | (uint32_t)in->carry[1] << 8 |
						  (uint32_t)in->carry[2] << 16 | (uint32_t)in->carry[3] << 24;
			in->ncarry = 0;
		}
	}
	*used = i;
}

/* Move the unconsumed words to the front of the window. */
static void compact(struct gk_input *in)
{
	if (!in->pos)
		return;
	memmove(in->words, in->words + in->pos, (in->nwords - in->pos) * sizeof(uint32_t));
	in->base += 4ull * in->pos;
	in->nwords -= in->pos;
	in->pos = 0;
}

long gk_input_fill(struct gk_input *in, size_t want)
{
	if (want > GK_IN_WORDS / 2)
		want = GK_IN_WORDS / 2;
	/* use only as much of the window as packets this long need, so short
	 * packets stream through the first GK_IN_SPAN words (memory touched stays small) */
	size_t span = 2 * want + GK_IN_RAW / 2;
	if (span < GK_IN_SPAN)
		span = GK_IN_SPAN;
	if (span > GK_IN_WORDS)
		span = GK_IN_WORDS;
	while (!in->failed && in->nwords - in->pos < want) {
		/* keep room for a whole raw chunk (at most GK_IN_RAW / 2 words) */
		if (in->nwords + GK_IN_RAW / 2 > span)
			compact(in);
		if (in->raw_pos == in->raw_len) {
			if (in->eof)
				break;
			long r = in->read(in->ctx, in->raw, sizeof in->raw);
			if (r < 0) {
				fail(in, 0, 0, "read error");
				break;
			}
			if (r == 0) {
				in->eof = true;
				if (in->format == GK_IN_HEX && in->hx_state == HX_TOKEN)
					end_token(in, false);
				if (in->format != GK_IN_HEX && in->ncarry) {
					char msg[96];
					snprintf(msg, sizeof msg, "input ends with %u byte%s that do not make a whole dword",
						 in->ncarry, in->ncarry == 1 ? "" : "s");
					fail(in, 0, 0, msg);
					in->error.offset = in->base + 4ull * in->nwords;
				}
				continue;
			}
			in->raw_len = (size_t)r;
			in->raw_pos = 0;
			if (in->format == GK_IN_AUTO)
				in->format = sniff(in->raw, in->raw_len < 4096 ? in->raw_len : 4096, in->raw_len < 4096);
		}
		size_t used = 0;
		if (in->format == GK_IN_HEX)
			hex_bytes(in, in->raw + in->raw_pos, in->raw_len - in->raw_pos, &used);
		else
			bin_bytes(in, in->raw + in->raw_pos, in->raw_len - in->raw_pos, &used);
		in->raw_pos += used;
	}
	if (in->failed && in->nwords == in->pos)
		return -1;
	return (long)(in->nwords - in->pos);
}

int gk_parse_uint(const char *s, size_t n, uint64_t *v)
{
	unsigned base = 10;
	if (!s || !v)
		return -1;
	if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
		n -= 2;
	}
	if (!n)
		return -1;
	uint64_t x = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned c = (unsigned char)s[i], d;
		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (base == 16 && (c | 0x20) >= 'a' && (c | 0x20) <= 'f')
			d = (c | 0x20) - 'a' + 10;
		else
			return -1;
		if (x > (UINT64_MAX - d) / base)
			return -1;
		x = x * base + d;
	}
	*v = x;
	return 0;
}
