/* The address-column readers: od (-A x with -t x4, -t x2 / -x, -t x1),
 * hexdump (default/-x, read as od, and canonical -C) and xxd (plain 2-byte
 * groups and -e little-endian 4-byte groups): an address column, groups of
 * hex digits, then (-C, xxd) the bytes as text; "*" says the line before
 * repeats (gk_input puts the repeats).  Bytes are assembled into
 * little-endian dwords. */
#include <stdio.h>
#include <string.h>

#include "reader.h"
#include "scan.h"

/* Per-input state: what earlier lines settled. */
struct cols {
	enum gk_in_format fmt;
	unsigned group;         /* bytes per group (1, 2, 4, 8); 0: not yet seen */
	unsigned radix;         /* od: address radix (8, 10, 16); 0: not yet known (parsed as 16) */
	char od_tok[24];        /* od: the first address, until the radix is known */
	size_t od_len;
	uint64_t od_bytes;      /* od: bytes of words since the first address (repeats aside) */
	bool star;              /* od: a '*' line since the last address */
	unsigned last_n;        /* words of the last line that gave any */
};

/* An address token's value in radix 8, 10 or 16: false when a digit does not fit. */
static bool od_addr(unsigned radix, const char *s, size_t n, uint64_t *v)
{
	uint64_t x = 0;
	if (!n || n > 20)
		return false;
	for (size_t i = 0; i < n; i++) {
		unsigned d = gk_scan_is_hex(s[i]) ? gk_scan_hexv(s[i]) : 99;
		if (d >= radix)
			return false;
		x = x * radix + d;
	}
	*v = x;
	return true;
}

/* Little-endian dwords from groups of `group` bytes whose values are
 * little-endian numbers (od -t xN, hexdump -x, xxd -e), or from bytes in
 * memory order (group 1: od -t x1, hexdump -C, xxd's pairs read as bytes). */
static void put_bytes(struct gk_in_line *out, const uint8_t *b, size_t nb, size_t at_col)
{
	if (nb % 4) {
		gk_in_line_error(out, at_col, "the line's bytes do not make whole 32-bit words");
		return;
	}
	for (size_t k = 0; k + 4 <= nb && out->n < GK_IN_LINE_WORDS; k += 4)
		out->words[out->n++] = (uint32_t)b[k] | (uint32_t)b[k + 1] << 8 | (uint32_t)b[k + 2] << 16 |
				       (uint32_t)b[k + 3] << 24;
}

/* od and hexdump print numbers in octal and decimal too: od's default is
 * -A o -t o2 (6-digit octal 16-bit words), -t o4 gives 11 octal digits, -b
 * and hexdump -b 3-digit octal bytes, hexdump -o 6-digit octal words; od
 * -t d/u and -d right-align decimal numbers (a '-' on negative ones) in
 * columns wider than most of them (so the space between them varies),
 * hexdump -d pads 16-bit decimal numbers to 5 digits.  A line of an address then groups of digits only, that no
 * hex dump prints (a width other than 2, 4, 8 or 16 digits, a sign, or
 * groups spaced or sized unevenly): what it looks like, with *col the
 * 0-based column of its first such group; NULL when it could be hex. */
static const char *not_hex(const char *s, size_t n, bool first_line, size_t *col)
{
	size_t i = 0;
	gk_scan_spaces(s, n, &i);
	size_t a = i;
	while (i < n && gk_scan_is_hex(s[i]))
		i++;
	/* od's octal and decimal addresses and hexdump's start at 7 digits
	 * (on a first line: exactly 7, so that hex words are never taken
	 * for one) */
	if (i - a < 6 || (first_line && i - a != 7) || i >= n || (s[i] != ' ' && s[i] != '\t'))
		return NULL;
	size_t first = SIZE_MAX, width = 0, groups = 0, gap = 0;
	bool octal = true, uneven = false, sign = false;
	while (i < n && s[i] != '\r') {
		size_t sp = i;
		gk_scan_spaces(s, n, &i);
		if (i >= n || s[i] == '\r')
			break;
		size_t g = i;
		if (s[i] == '-') {
			sign = true;
			i++;
		}
		size_t d = i;
		while (i < n && s[i] >= '0' && s[i] <= '9') {
			octal &= s[i] <= '7';
			i++;
		}
		if (i == d || (i < n && s[i] != ' ' && s[i] != '\t' && s[i] != '\r'))
			return NULL; /* not a group of digits */
		if (first == SIZE_MAX)
			first = g;
		else if (i - d != width || (gap && g - sp != gap))
			uneven = true; /* right-aligned decimal columns */
		else
			gap = g - sp;
		width = i - d;
		groups++;
	}
	if (!groups || (first_line && groups < 2) ||
	    (!sign && !uneven && (width == 2 || width == 4 || width == 8 || width == 16)))
		return NULL;
	*col = first;
	if (octal && !sign && !uneven) {
		if (width == 3)
			return "an od -b / hexdump -b dump (octal bytes)";
		if (width == 6)
			return "an od octal dump (od's default, or hexdump -o)";
		if (width == 11)
			return "an od -t o4 dump (octal words)";
		if (width == 22)
			return "an od -t o8 dump (octal words)";
	}
	return "a decimal dump (od -t d/u, -d, -i; hexdump -d)";
}

/* the hex words an octal or decimal dump should have been made as */
#define HEX_WORDS_HINT "gfxkit reads hex: make the dump with 'od -A x -t x4 -v FILE' or 'xxd -e -g4 FILE'"

static void parse_columns(struct cols *d, const char *s, size_t n, struct gk_in_line *out)
{
	size_t i = 0;
	gk_scan_spaces(s, n, &i);
	if (i >= n || s[i] == '\r')
		return;
	if (s[i] == '*') {
		out->repeat = true;
		return;
	}
	/* the address */
	size_t a0 = i, a1 = gk_scan_token_end(s, n, i);
	if (d->fmt == GK_IN_XXD || d->fmt == GK_IN_HEXDUMP_C) {
		if (d->fmt == GK_IN_XXD && a1 > a0 && s[a1 - 1] == ':')
			a1--;
		else if (d->fmt == GK_IN_XXD) {
			gk_in_line_error(out, a1, "expected 'ADDRESS:'");
			return;
		}
	}
	uint64_t addr;
	unsigned radix = d->fmt == GK_IN_OD && d->radix ? d->radix : 16;
	if (!od_addr(radix, s + a0, a1 - a0, &addr)) {
		gk_in_line_error(out, a0, "expected an address");
		return;
	}
	size_t at;
	const char *looks = d->fmt == GK_IN_OD ? not_hex(s, n, false, &at) : NULL;
	if (looks) {
		gk_in_line_errorf(out, at, "%s: " HEX_WORDS_HINT, looks);
		return;
	}
	out->has_addr = true;
	out->addr = addr;
	out->addr_at = (uint16_t)a0;
	out->addr_len = (uint16_t)(a1 - a0);
	i = a1 + (d->fmt == GK_IN_XXD ? 1 : 0);
	uint8_t bytes[4 * GK_IN_LINE_WORDS];
	size_t nb = 0;
	for (;;) {
		size_t before = i;
		gk_scan_spaces(s, n, &i);
		if (i >= n || s[i] == '\r')
			break;
		/* hexdump -C and xxd end with the bytes as text after two spaces */
		if ((d->fmt == GK_IN_HEXDUMP_C && s[i] == '|') || (d->fmt == GK_IN_XXD && i - before >= 2 && nb)) {
			out->text_col = true;
			break;
		}
		size_t e = gk_scan_token_end(s, n, i);
		size_t len = e - i;
		unsigned gbytes = d->fmt == GK_IN_HEXDUMP_C ? 1 : d->group;
		if (!gbytes) {
			/* the first group says the width: od -t xN, hexdump -x (2),
			 * xxd (2: bytes in order) or xxd -e (4: a little-endian number) */
			gbytes = (unsigned)(len / 2);
			if (len % 2 || !gbytes || gbytes > 8 || (gbytes & (gbytes - 1)) ||
			    (d->fmt == GK_IN_XXD && gbytes != 2 && gbytes != 4)) {
				gk_in_line_error(out, i, "expected a group of 2, 4, 8 or 16 hex digits");
				return;
			}
			d->group = gbytes;
		}
		if (len != 2u * gbytes) {
			gk_in_line_error(out, i, "expected a group of hex digits as wide as the others");
			return;
		}
		for (size_t k = i; k < e; k++)
			if (!gk_scan_is_hex(s[k])) {
				gk_in_line_error(out, k, "not a hex digit");
				return;
			}
		if (nb + gbytes > sizeof bytes) {
			gk_in_line_error(out, i, "too many groups on one line");
			return;
		}
		for (unsigned g = 0; g < gbytes; g++) {
			/* group digits are a number (little-endian in memory) except
			 * xxd's plain 2-byte groups, which are bytes in order */
			unsigned pos = d->fmt == GK_IN_XXD && gbytes == 2 ? g : gbytes - 1 - g;
			bytes[nb + g] = (uint8_t)(gk_scan_hexv(s[i + 2 * pos]) << 4 | gk_scan_hexv(s[i + 2 * pos + 1]));
		}
		nb += gbytes;
		i = e;
	}
	put_bytes(out, bytes, nb, i);
}


/* od prints addresses in octal (its default), decimal or hex (-A x), and
 * hexdump in hex, both in 7 digits (od -A x in 6): the radix settles on the
 * second address (the one whose step equals the bytes the first line gave;
 * hex first, where a step reads alike in several), and an address column
 * that is not hex is refused, as octal and decimal numbers are: which
 * radix a column of digits is in is a guess gfxkit does not make silently,
 * and a dump made with -A x is never in doubt.  Until then the words read
 * are held back (od_holding), so a dump refused here has given none. */
static void od_radix(struct cols *c, const char *s, struct gk_in_line *dl)
{
	const char *tok = s + dl->addr_at;
	size_t len = dl->addr_len;
	bool letters = false;
	for (size_t i = 0; i < len; i++)
		letters |= (tok[i] | 0x20) >= 'a';
	if (len == 6 || letters) {
		c->radix = 16; /* od -A x pads to 6 digits; hexdump's have letters sooner or later */
		return;
	}
	if (!c->od_len) {
		/* the first: hex until the second says otherwise (parse_columns read it so) */
		memcpy(c->od_tok, tok, len);
		c->od_len = len;
		return;
	}
	static const unsigned radixes[] = { 16, 8, 10 };
	for (size_t r = 0; r < 3; r++) {
		uint64_t a, b;
		if (!od_addr(radixes[r], c->od_tok, c->od_len, &a) || !od_addr(radixes[r], tok, len, &b))
			continue;
		bool step = b >= a && (c->star ? c->last_n && (b - a) % (4ull * c->last_n) == 0 : b - a == c->od_bytes);
		if (!step)
			continue;
		if (radixes[r] != 16) {
			gk_in_line_error(dl, dl->addr_at,
					 radixes[r] == 8 ? "od addresses in octal (od's default -A o): gfxkit reads hex: make the dump "
							   "with 'od -A x -t x4 -v FILE' or 'xxd -e -g4 FILE'"
							 : "od addresses in decimal (od -A d): gfxkit reads hex: make the dump with "
							   "'od -A x -t x4 -v FILE' or 'xxd -e -g4 FILE'");
			dl->err_whole = true;
			dl->err_drop = true; /* the first line's words, held back until now: never given */
			return;
		}
		c->radix = 16;
		dl->addr = b;
		return;
	}
	gk_in_line_error(dl, dl->addr_at, "the od addresses do not step by the bytes per line in hex (nor in octal or decimal)");
	dl->err_whole = true;
}

static void cols_line(struct cols *c, enum gk_in_format fmt, struct gk_input *in, const char *s, size_t n,
		      struct gk_in_line *out)
{
	c->fmt = fmt;
	parse_columns(c, s, n, out);
	/* the radix is settled by reading; a line probed (in NULL) is only
	 * asked whether it is of the form */
	if (out->err_col || !in || fmt != GK_IN_OD)
		return;
	if (out->repeat) {
		c->star = true;
		return;
	}
	if (!out->has_addr)
		return;
	if (!c->radix)
		od_radix(c, s, out);
	c->star = false;
	c->od_bytes += 4ull * out->n;
	if (out->n)
		c->last_n = out->n;
}

static void od_line(void *st, struct gk_input *in, const char *s, size_t n, uint32_t line_no, struct gk_in_line *out)
{
	(void)line_no;
	cols_line(st, GK_IN_OD, in, s, n, out);
}

static void hexdump_c_line(void *st, struct gk_input *in, const char *s, size_t n, uint32_t line_no,
			   struct gk_in_line *out)
{
	(void)line_no;
	cols_line(st, GK_IN_HEXDUMP_C, in, s, n, out);
}

static void xxd_line(void *st, struct gk_input *in, const char *s, size_t n, uint32_t line_no, struct gk_in_line *out)
{
	(void)line_no;
	cols_line(st, GK_IN_XXD, in, s, n, out);
}

static bool od_holding(const void *st)
{
	const struct cols *c = st;
	return !c->radix && c->od_len;
}

/* an octal or decimal od line is of a text form too (refused as such) */
static bool od_of_form(const char *s, size_t n)
{
	size_t col;
	return not_hex(s, n, false, &col) != NULL;
}

/* a line as a probe of form fmt reads it */
static struct gk_in_line probe(enum gk_in_format fmt, unsigned radix, const char *s, size_t n)
{
	struct cols c = { .fmt = fmt, .radix = radix };
	struct gk_in_line t;
	memset(&t, 0, sizeof t);
	parse_columns(&c, s, n, &t);
	return t;
}

/* xxd: "00000000: " then 2-byte groups, or 4-byte ones with -e */
static enum gk_in_sniff xxd_sniff(const char *s, size_t n)
{
	size_t i = 0;
	gk_scan_spaces(s, n, &i);
	size_t e = gk_scan_token_end(s, n, i);
	if (e > i && s[e - 1] == ':' && e - i == 9) {
		size_t g = e + 1, ge = gk_scan_token_end(s, n, g);
		if (ge - g == 4 || ge - g == 8) {
			struct gk_in_line t = probe(GK_IN_XXD, 0, s, n);
			if (!t.err_col && t.text_col) /* without its text column it is an ADDRESS: hex dump */
				return GK_SNIFF_YES;
		}
	}
	return GK_SNIFF_NO;
}

static enum gk_in_sniff hexdump_c_sniff(const char *s, size_t n)
{
	size_t i = 0;
	gk_scan_spaces(s, n, &i);
	size_t e = gk_scan_token_end(s, n, i);
	if (e - i == 8 && gk_scan_starts(s, n, e, "  ")) {
		struct gk_in_line t = probe(GK_IN_HEXDUMP_C, 0, s, n);
		if (!t.err_col && t.n && t.text_col)
			return GK_SNIFF_YES;
	}
	return GK_SNIFF_NO;
}

static enum gk_in_sniff od_sniff(const char *s, size_t n)
{
	size_t at;
	if (not_hex(s, n, true, &at))
		return GK_SNIFF_YES; /* octal or decimal: the od reader refuses it, saying so */
	size_t i = 0;
	gk_scan_spaces(s, n, &i);
	size_t e = gk_scan_token_end(s, n, i);
	if (e - i == 6 || e - i == 7) {
		/* od (and hexdump -x): an address of 6 or 7 digits, then groups of
		 * one width; a line that is only an address ends the dump */
		struct gk_in_line t = probe(GK_IN_OD, 16, s, n);
		if (!t.err_col && (t.n || e == n))
			return GK_SNIFF_YES;
	}
	return GK_SNIFF_NO;
}

const struct gk_reader gk_reader_od = {
	.format = GK_IN_OD,
	.name = "od",
	.what = "od",
	.flags = GK_RD_TEXT,
	.state_size = sizeof(struct cols),
	.sniff_line = od_sniff,
	.line = od_line,
	.of_form = od_of_form,
	.holding = od_holding,
};

const struct gk_reader gk_reader_hexdump_c = {
	.format = GK_IN_HEXDUMP_C,
	.name = "hexdump-c",
	.what = "hexdump -C",
	.flags = GK_RD_TEXT,
	.state_size = sizeof(struct cols),
	.sniff_line = hexdump_c_sniff,
	.line = hexdump_c_line,
};

const struct gk_reader gk_reader_xxd = {
	.format = GK_IN_XXD,
	.name = "xxd",
	.what = "xxd",
	.flags = GK_RD_TEXT,
	.state_size = sizeof(struct cols),
	.sniff_line = xxd_sniff,
	.line = xxd_line,
};
