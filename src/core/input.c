/* Input readers: little-endian binary units, or hex text (the forms each
 * unit size reads are listed in include/gfxkit/stream.h), decoded
 * incrementally into a window that grows only as far as the longest packet
 * asked for needs, so streaming memory stays bounded whatever the input size. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/stream.h"

#define IN_RAW 65536u      /* bytes asked of the read callback at a time */
#define IN_SPAN (1u << 17) /* words of window used while packets are short */
#define IN_FIRST 1024u     /* words of window at first: it grows with the words that come */
#define IN_SNIFF 4096u     /* bytes AUTO looks at before choosing */

enum { HX_SPACE, HX_TOKEN, HX_COMMENT };
/* 8-byte units: the first thing wrong with a token (reported at its end) */
enum { T_OK, T_CHAR, T_LONG, T_UNDERSCORE };

struct gk_input {
	gk_read_fn read;
	void *ctx;
	enum gk_in_format format;     /* resolved from AUTO on the first read */
	unsigned unit;                /* bytes per unit: 4 or 8 */
	size_t raw_len, raw_pos;
	uint64_t raw_total;           /* bytes the callback has given */
	bool eof, ended, failed;
	uint8_t carry[8];             /* binary bytes not yet forming a unit */
	unsigned ncarry;
	/* hex tokenizer */
	int hx_state;
	uint64_t hx_val;
	unsigned hx_digits;           /* 4-byte units: significant digits (leading zeros do not count) */
	bool hx_line_start, hx_prefix, hx_any;
	unsigned hx_nd, hx_len;       /* 8-byte units: digits (leading zeros count), bytes of the token */
	int hx_err;                   /* 8-byte units: T_* */
	uint8_t hx_last, hx_badc;
	bool hx_us;
	bool half;                    /* 8-byte units: a 32-bit word waits for its high half */
	uint32_t low, low_line, low_col;
	uint32_t line, col, tok_line, tok_col;
	uint32_t *words;              /* the window */
	size_t cap;                   /* words allocated */
	size_t nwords, pos;           /* valid words, first unconsumed */
	uint64_t base;                /* byte offset of words[0] in the stream */
	struct gk_diag error;         /* set when failed */
	uint8_t raw[IN_RAW];
};

struct gk_input *gk_input_create(gk_read_fn read, void *ctx, enum gk_in_format fmt, unsigned unit_bytes)
{
	if (!read || (unit_bytes != 4 && unit_bytes != 8) || (fmt != GK_IN_AUTO && fmt != GK_IN_BIN && fmt != GK_IN_HEX))
		return NULL;
	/* raw (64 KiB) is written before it is read: clear the rest only, so a
	 * short input touches few of its pages */
	struct gk_input *in = malloc(sizeof *in);
	if (!in)
		return NULL;
	memset(in, 0, offsetof(struct gk_input, raw));
	in->words = malloc(IN_FIRST * sizeof *in->words);
	if (!in->words) {
		free(in);
		return NULL;
	}
	in->cap = IN_FIRST;
	in->read = read;
	in->ctx = ctx;
	in->format = fmt;
	in->unit = unit_bytes;
	in->hx_state = HX_SPACE;
	in->hx_line_start = true;
	in->line = 1;
	return in;
}

void gk_input_destroy(struct gk_input *in)
{
	if (!in)
		return;
	free(in->words);
	free(in);
}

static void fail(struct gk_input *in, enum gk_diag_code code, uint32_t line, uint32_t col, uint64_t offset,
		 const char *msg)
{
	if (in->failed)
		return;
	in->failed = true;
	in->error.severity = GK_ERROR;
	in->error.code = code;
	in->error.offset = offset;
	in->error.line = line;
	in->error.col = col;
	in->error.dw = -1;
	in->error.lo = in->error.hi = -1;
	snprintf(in->error.message, sizeof in->error.message, "%s", msg);
}

/* a text error at line:col; its offset is where the next word would be */
static void fail_text(struct gk_input *in, uint32_t line, uint32_t col, const char *msg)
{
	fail(in, GK_D_IO, line, col, in->base + 4ull * in->nwords, msg);
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

static void put_unit64(struct gk_input *in, uint32_t lo, uint32_t hi)
{
	in->words[in->nwords++] = lo;
	in->words[in->nwords++] = hi;
}

/* 8-byte units: the token grammar `gfxkit decode -e isa` has always read
 * (see stream.h); every token error is reported at the token's start. */
static void end_token64(struct gk_input *in)
{
	if (in->hx_last == ':' && in->hx_len > 1)
		return; /* "00000010:" offsets as hexdumps print them */
	const char *msg = NULL;
	char buf[64];
	if (in->hx_err == T_CHAR) {
		snprintf(buf, sizeof buf, "'%c' is not a hex digit",
			 in->hx_badc >= 0x20 && in->hx_badc < 0x7f ? in->hx_badc : '?');
		msg = buf;
	} else if (in->hx_err == T_LONG) {
		msg = "hex value longer than 16 digits (64 bits)";
	} else if (in->hx_err == T_UNDERSCORE || (in->hx_us && in->hx_nd != 16)) {
		msg = "'_' may only split 16 hex digits after the 8th (HHHHHHHH_LLLLLLLL)";
	} else if (!in->hx_nd) {
		msg = "expected a 32-bit hex word or a 64-bit hex value";
	}
	if (msg) {
		fail_text(in, in->tok_line, in->tok_col, msg);
		return;
	}
	if (in->hx_nd > 8 || in->hx_us) {
		if (in->half) {
			fail_text(in, in->tok_line, in->tok_col,
				  "a 64-bit value where the high half of the previous 32-bit word was expected");
			return;
		}
		put_unit64(in, (uint32_t)in->hx_val, (uint32_t)(in->hx_val >> 32));
	} else if (!in->half) {
		in->half = true;
		in->low = (uint32_t)in->hx_val;
		in->low_line = in->tok_line;
		in->low_col = in->tok_col;
	} else {
		put_unit64(in, in->low, (uint32_t)in->hx_val);
		in->half = false;
	}
}

static void token_byte64(struct gk_input *in, uint8_t c)
{
	in->hx_len++;
	in->hx_last = c;
	int d = hexval(c);
	if (in->hx_len == 2 && (c | 0x20) == 'x' && in->hx_nd == 1 && !in->hx_val && in->hx_err == T_OK) {
		in->hx_nd = 0; /* "0x" */
		return;
	}
	if (in->hx_err != T_OK)
		return;
	if (c == '_' && in->hx_nd == 8 && !in->hx_us) {
		in->hx_us = true;
	} else if (d < 0) {
		in->hx_err = c == '_' ? T_UNDERSCORE : T_CHAR;
		in->hx_badc = c;
	} else if (in->hx_nd >= 16) {
		in->hx_err = T_LONG;
	} else {
		in->hx_val = in->hx_val << 4 | (unsigned)d;
		in->hx_nd++;
	}
}

static void end_token(struct gk_input *in, bool is_address)
{
	if (in->hx_state != HX_TOKEN)
		return;
	in->hx_state = HX_SPACE;
	if (in->unit == 8) {
		end_token64(in);
		return;
	}
	bool first = in->hx_line_start;
	in->hx_line_start = false;
	if (!in->hx_any) {
		fail_text(in, in->tok_line, in->tok_col, "expected a hex word");
		return;
	}
	if (is_address) {
		if (!first)
			fail_text(in, in->tok_line, in->tok_col, "an ADDRESS: label may only start a line");
		return;
	}
	if (in->hx_digits > 8) {
		fail_text(in, in->tok_line, in->tok_col, "hex word does not fit in 32 bits");
		return;
	}
	in->words[in->nwords++] = (uint32_t)in->hx_val;
}

static void hex_bytes(struct gk_input *in, const uint8_t *p, size_t n, size_t *used)
{
	size_t i;
	/* room for the two words an 8-byte unit's token puts */
	for (i = 0; i < n && !in->failed && in->nwords + 2 <= in->cap; i++) {
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
		if (in->unit == 8) {
			if (in->hx_state != HX_TOKEN) {
				in->hx_state = HX_TOKEN;
				in->hx_val = 0;
				in->hx_nd = in->hx_len = 0;
				in->hx_err = T_OK;
				in->hx_us = false;
				in->tok_line = in->line;
				in->tok_col = in->col;
			}
			token_byte64(in, c);
			continue;
		}
		if (c == ':') {
			if (in->hx_state != HX_TOKEN)
				fail_text(in, in->line, in->col, "unexpected ':'");
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
			fail_text(in, in->line, in->col, msg);
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

static uint32_t le32(const uint8_t *b)
{
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static void bin_bytes(struct gk_input *in, const uint8_t *p, size_t n, size_t *used)
{
	size_t i = 0, u = in->unit, wpu = u / 4;
	while (i < n && in->nwords + wpu <= in->cap) {
		if (in->ncarry || n - i < u) {
			/* a unit split between two reads */
			in->carry[in->ncarry++] = p[i++];
			if (in->ncarry == u) {
				for (size_t j = 0; j < wpu; j++)
					in->words[in->nwords++] = le32(in->carry + 4 * j);
				in->ncarry = 0;
			}
			continue;
		}
		/* whole units straight into the window */
		size_t room = (in->cap - in->nwords) / wpu, k = (n - i) / u;
		if (k > room)
			k = room;
		uint32_t *w = in->words + in->nwords;
		for (size_t j = 0; j < k * wpu; j++, i += 4)
			w[j] = le32(p + i);
		in->nwords += k * wpu;
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

/* The next bytes from the callback into raw.  AUTO first gathers IN_SNIFF
 * bytes (or all there are), so its choice does not depend on how the
 * callback splits the input. */
static void read_raw(struct gk_input *in)
{
	size_t len = 0, goal = in->format == GK_IN_AUTO ? IN_SNIFF : 1;
	while (len < goal) {
		size_t ask = IN_RAW - len;
		long r = in->read(in->ctx, in->raw + len, ask);
		if (r == 0) {
			in->eof = true;
			break;
		}
		if (r == -1) {
			fail(in, GK_D_IO, 0, 0, in->raw_total, "read error");
			break;
		}
		if (r < 0 || (unsigned long)r > ask) {
			/* the callback broke its contract; its bytes (if any) cannot be trusted */
			char msg[128];
			snprintf(msg, sizeof msg, "read callback returned %ld for a %zu-byte buffer: not a byte count, input not trusted",
				 r, ask);
			fail(in, GK_D_IO, 0, 0, in->raw_total, msg);
			break;
		}
		len += (size_t)r;
		in->raw_total += (uint64_t)r;
	}
	in->raw_len = in->failed ? 0 : len;
	in->raw_pos = 0;
	if (in->format == GK_IN_AUTO && !in->failed)
		in->format = sniff(in->raw, len < IN_SNIFF ? len : IN_SNIFF, in->eof);
}

/* All bytes read: the token or unit still open. */
static void finish(struct gk_input *in)
{
	in->ended = true;
	if (in->format == GK_IN_HEX) {
		end_token(in, false);
		if (in->half)
			fail_text(in, in->low_line, in->low_col,
				  "odd number of 32-bit words: the last 64-bit unit has no high half");
		return;
	}
	if (in->ncarry) {
		char msg[96];
		snprintf(msg, sizeof msg, "input ends with %u byte%s that do not make a whole %s", in->ncarry,
			 in->ncarry == 1 ? "" : "s", in->unit == 8 ? "64-bit unit" : "dword");
		fail(in, GK_D_TRUNCATED, 0, 0, in->base + 4ull * in->nwords, msg);
	}
}

long gk_input_fill(struct gk_input *in, size_t want)
{
	if (!in)
		return -1;
	if (want > GK_IN_MAX_WANT)
		want = GK_IN_MAX_WANT;
	/* use only as much window as packets this long need, so short packets
	 * stream through the first IN_SPAN words (memory touched stays small);
	 * a chunk of raw bytes makes at most IN_RAW / 2 words */
	size_t span = 2 * want + IN_RAW / 2;
	if (span < IN_SPAN)
		span = IN_SPAN;
	while (!in->failed && in->nwords - in->pos < want) {
		if (in->nwords + IN_RAW / 2 > span)
			compact(in);
		if (in->raw_pos == in->raw_len) {
			if (in->ended)
				break;
			if (in->eof)
				finish(in);
			else
				read_raw(in);
			continue;
		}
		/* the window grows (doubling, up to span) with the words that come:
		 * the bytes at hand make at most half as many, plus the two of an
		 * 8-byte unit's token; so a short input never allocates a long window */
		size_t need = in->nwords + (in->raw_len - in->raw_pos) / 2 + 2;
		if (need > span)
			need = span;
		if (need > in->cap) {
			size_t cap = 2 * in->cap > span ? span : 2 * in->cap;
			uint32_t *w = realloc(in->words, (cap > need ? cap : need) * sizeof *w);
			if (!w) {
				fail(in, GK_D_IO, 0, 0, in->raw_total, "out of memory for the input window");
				break;
			}
			in->words = w;
			in->cap = cap > need ? cap : need;
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

const uint32_t *gk_input_words(const struct gk_input *in)
{
	return in ? in->words + in->pos : NULL;
}

size_t gk_input_avail(const struct gk_input *in)
{
	return in ? in->nwords - in->pos : 0;
}

int gk_input_skip(struct gk_input *in, size_t n)
{
	if (!in || n > in->nwords - in->pos)
		return -1;
	in->pos += n;
	return 0;
}

uint64_t gk_input_offset(const struct gk_input *in)
{
	return in ? in->base + 4ull * in->pos : 0;
}

enum gk_in_format gk_input_format(const struct gk_input *in)
{
	return in ? in->format : GK_IN_AUTO;
}

unsigned gk_input_unit(const struct gk_input *in)
{
	return in ? in->unit : 0;
}

void gk_input_where(const struct gk_input *in, uint32_t *line, uint32_t *col)
{
	bool text = in && in->format == GK_IN_HEX;
	if (line)
		*line = text ? in->line : 0;
	if (col)
		*col = text ? in->col : 0;
}

const struct gk_diag *gk_input_error(const struct gk_input *in)
{
	return in && in->failed ? &in->error : NULL;
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
