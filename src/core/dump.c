/* Text dump readers, a line at a time (the layouts, from the tools that
 * print them):
 *  - radeon debugfs ring dumps (Linux drivers/gpu/drm/radeon/radeon_ring.c,
 *    radeon_debugfs_ring_info): header lines "wptr: 0x%08x [%5d]",
 *    "rptr: ...", "rptr next(0x%04x): ...", "driver's copy of the wptr: ...",
 *    "last semaphore signal|wait addr : 0x%016llx", "%u free dwords in ring",
 *    "%u dwords in ring", then "r[%5d]=0x%08x" with " *" on rptr and " #" on
 *    the saved rptr;
 *  - kernel log lines: radeon's rejected-CS dump "ib[%d]=0x%08X"
 *    (radeon_cs.c) and the ring lines above, after dmesg's "[  12.345678] "
 *    and any other prefix (the words are found by their own pattern;
 *    unrelated log lines give nothing);
 *  - od (-t x4, -t x2 / -x, -t x1, any -A radix), hexdump (default/-x and
 *    canonical -C), xxd (plain 2-byte groups and -e little-endian 4-byte
 *    groups): an address column, groups of hex digits, then (-C, xxd) the
 *    bytes as text; "*" says the line before repeats;
 *  - umr ring and IB listings: "[VMID@0xADDR + 0xOFF]  [0xWORD]  text".
 * Byte-oriented forms are assembled into little-endian dwords. */
#include <stdio.h>
#include <string.h>

#include "dump.h"

static bool is_hex(char c)
{
	return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
}

static unsigned hexv(char c)
{
	return c <= '9' ? (unsigned)(c - '0') : (unsigned)((c | 0x20) - 'a' + 10);
}

static void error(struct gk_dump_line *out, size_t at, const char *msg)
{
	if (out->err_col)
		return;
	out->err_col = (uint32_t)at + 1;
	snprintf(out->err, sizeof out->err, "%s", msg);
}

/* digits of a hex number at s[*i] (with "0x" when want_0x): its value */
static bool hex_number(const char *s, size_t n, size_t *i, bool want_0x, unsigned max_digits, uint64_t *v)
{
	size_t k = *i;
	if (want_0x) {
		if (k + 2 > n || s[k] != '0' || (s[k + 1] | 0x20) != 'x')
			return false;
		k += 2;
	}
	size_t start = k;
	uint64_t x = 0;
	while (k < n && is_hex(s[k])) {
		if (k - start >= max_digits)
			return false;
		x = x << 4 | hexv(s[k]);
		k++;
	}
	if (k == start)
		return false;
	*v = x;
	*i = k;
	return true;
}

static bool dec_number(const char *s, size_t n, size_t *i, uint64_t *v)
{
	size_t k = *i, start = k;
	uint64_t x = 0;
	while (k < n && s[k] >= '0' && s[k] <= '9' && k - start < 19)
		x = x * 10 + (unsigned)(s[k++] - '0');
	if (k == start || (k < n && s[k] >= '0' && s[k] <= '9'))
		return false;
	*v = x;
	*i = k;
	return true;
}

static void skip_spaces(const char *s, size_t n, size_t *i)
{
	while (*i < n && (s[*i] == ' ' || s[*i] == '\t'))
		(*i)++;
}

static bool starts(const char *s, size_t n, size_t i, const char *lit)
{
	size_t l = strlen(lit);
	return i + l <= n && memcmp(s + i, lit, l) == 0;
}

/* Where pat ("r[" or "ib[") starts a "NAME[ INDEX]=0xWORD" token in s, from i. */
static size_t find_indexed(const char *s, size_t n, size_t i, const char *pat)
{
	size_t l = strlen(pat);
	for (; i + l <= n; i++) {
		if (memcmp(s + i, pat, l) != 0)
			continue;
		/* a word of its own: "ib[" must not be the tail of "rib[" */
		if (i && (s[i - 1] == '_' || ((s[i - 1] | 0x20) >= 'a' && (s[i - 1] | 0x20) <= 'z')))
			continue;
		return i;
	}
	return SIZE_MAX;
}

/* "r[%5d]=0x%08x" (and the markers after it) or "ib[%d]=0x%08X" at s[i] */
static void indexed_word(const char *s, size_t n, size_t i, size_t plen, struct gk_dump_line *out)
{
	size_t k = i + plen;
	uint64_t idx, v;
	skip_spaces(s, n, &k);
	if (!dec_number(s, n, &k, &idx)) {
		error(out, k, "expected a decimal index after '['");
		return;
	}
	if (k + 2 > n || s[k] != ']' || s[k + 1] != '=') {
		error(out, k, "expected ']=' after the index");
		return;
	}
	k += 2;
	if (!hex_number(s, n, &k, true, 8, &v)) {
		error(out, k, "expected a 32-bit word 0xHHHHHHHH after '='");
		return;
	}
	out->words[0] = (uint32_t)v;
	out->n = 1;
	out->has_addr = true;
	out->addr = 4 * idx;
	/* " *" marks rptr, " #" the saved rptr (radeon_ring.c) */
	for (;;) {
		skip_spaces(s, n, &k);
		if (k < n && s[k] == '*')
			out->marks |= GK_MARK_RPTR;
		else if (k < n && s[k] == '#')
			out->marks |= GK_MARK_RPTR_NEXT;
		else
			break;
		k++;
	}
	skip_spaces(s, n, &k);
	if (k < n && s[k] != '\r')
		error(out, k, "unexpected text after the word");
}

/* radeon ring header lines: "NAME: 0x%08x [%5d]" for the pointers, the
 * others (semaphore addresses, dword counts) carry nothing to decode */
static bool ring_header(const char *s, size_t n, size_t i, struct gk_dump_line *out)
{
	static const struct {
		const char *lead;
		unsigned mark;
	} ptrs[] = {
		{ "wptr: ", GK_MARK_WPTR },
		{ "rptr: ", GK_MARK_RPTR },
		{ "rptr next(", GK_MARK_RPTR_NEXT },
		{ "driver's copy of the wptr: ", GK_MARK_DRIVER_WPTR },
	};
	for (size_t p = 0; p < sizeof ptrs / sizeof ptrs[0]; p++) {
		if (!starts(s, n, i, ptrs[p].lead))
			continue;
		size_t k = i + strlen(ptrs[p].lead);
		uint64_t v, idx;
		if (ptrs[p].mark == GK_MARK_RPTR_NEXT) {
			/* "rptr next(0x%04x): " names the register it was read from */
			if (!hex_number(s, n, &k, true, 8, &v) || !starts(s, n, k, "): ")) {
				error(out, k, "expected 'rptr next(0xREG): '");
				return true;
			}
			k += 3;
		}
		if (!hex_number(s, n, &k, true, 8, &v)) {
			error(out, k, "expected 0xHHHHHHHH");
			return true;
		}
		skip_spaces(s, n, &k);
		if (k < n && s[k] == '[') {
			k++;
			skip_spaces(s, n, &k);
			if (!dec_number(s, n, &k, &idx) || idx != v || k >= n || s[k] != ']') {
				error(out, k, "expected '[INDEX]' repeating the pointer in decimal");
				return true;
			}
		}
		out->header_mark = ptrs[p].mark;
		out->header_index = v;
		return true;
	}
	static const char *const other[] = { "last semaphore signal addr", "last semaphore wait addr" };
	for (size_t p = 0; p < sizeof other / sizeof other[0]; p++)
		if (starts(s, n, i, other[p]))
			return true;
	/* "%u free dwords in ring", "%u dwords in ring" */
	size_t k = i;
	uint64_t v;
	if (dec_number(s, n, &k, &v) && (starts(s, n, k, " free dwords in ring") || starts(s, n, k, " dwords in ring")))
		return true;
	return false;
}

/* Past a dmesg / journal prefix: "[  123.456789] " and "<6>" levels. */
static size_t log_prefix(const char *s, size_t n)
{
	size_t i = 0;
	if (i < n && s[i] == '<') {
		size_t k = i + 1;
		while (k < n && s[k] >= '0' && s[k] <= '9')
			k++;
		if (k < n && s[k] == '>' && k > i + 1)
			i = k + 1;
	}
	if (i < n && s[i] == '[') {
		size_t k = i + 1;
		skip_spaces(s, n, &k);
		size_t d = k;
		while (k < n && ((s[k] >= '0' && s[k] <= '9') || s[k] == '.'))
			k++;
		if (k > d && k < n && s[k] == ']') {
			i = k + 1;
			skip_spaces(s, n, &i);
		}
	}
	return i;
}

static void parse_ring(const char *s, size_t n, struct gk_dump_line *out, bool in_log)
{
	size_t i = log_prefix(s, n);
	skip_spaces(s, n, &i);
	if (i >= n || s[i] == '\r')
		return; /* empty */
	if (starts(s, n, i, "r[")) {
		indexed_word(s, n, i, 2, out);
		return;
	}
	if (ring_header(s, n, i, out))
		return;
	if (in_log) {
		/* a log line: the header and the words are wherever their pattern
		 * is, after any prefix ("[drm] ", "radeon 0000:01:00.0: ") */
		static const char *const heads[] = { "driver's copy of the wptr: ", "rptr next(", "wptr: 0x", "rptr: 0x",
						     "last semaphore " };
		for (size_t h = 0; h < sizeof heads / sizeof heads[0]; h++) {
			size_t l = strlen(heads[h]);
			for (size_t k = i; k + l <= n; k++)
				if (!memcmp(s + k, heads[h], l) && ring_header(s, n, k, out))
					return;
		}
		/* a log line: the words are wherever their pattern is */
		size_t at = find_indexed(s, n, i, "ib[");
		if (at != SIZE_MAX) {
			indexed_word(s, n, at, 3, out);
			return;
		}
		at = find_indexed(s, n, i, "r[");
		if (at != SIZE_MAX)
			indexed_word(s, n, at, 2, out);
		return; /* another log line */
	}
	error(out, i, "not a radeon ring dump line (expected 'r[INDEX]=0xWORD' or a 'wptr:'/'rptr:' header)");
}

/* ---- address-column dumps: od, hexdump, xxd ---- */

bool gk_dump_od_addr(unsigned radix, const char *s, size_t n, uint64_t *v)
{
	uint64_t x = 0;
	if (!n || n > 20)
		return false;
	for (size_t i = 0; i < n; i++) {
		unsigned d = is_hex(s[i]) ? hexv(s[i]) : 99;
		if (d >= radix)
			return false;
		x = x * radix + d;
	}
	*v = x;
	return true;
}

static size_t token_end(const char *s, size_t n, size_t i)
{
	while (i < n && s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
		i++;
	return i;
}

/* Little-endian dwords from groups of `group` bytes whose values are
 * little-endian numbers (od -t xN, hexdump -x, xxd -e), or from bytes in
 * memory order (group 1: od -t x1, hexdump -C, xxd's pairs read as bytes). */
static void put_bytes(struct gk_dump_line *out, const uint8_t *b, size_t nb, size_t at_col)
{
	if (nb % 4) {
		error(out, at_col, "the line's bytes do not make whole 32-bit words");
		return;
	}
	for (size_t k = 0; k + 4 <= nb && out->n < GK_DUMP_LINE_WORDS; k += 4)
		out->words[out->n++] = (uint32_t)b[k] | (uint32_t)b[k + 1] << 8 | (uint32_t)b[k + 2] << 16 |
				       (uint32_t)b[k + 3] << 24;
}

static void parse_columns(struct gk_dump *d, const char *s, size_t n, struct gk_dump_line *out)
{
	size_t i = 0;
	skip_spaces(s, n, &i);
	if (i >= n || s[i] == '\r')
		return;
	if (s[i] == '*') {
		out->repeat = true;
		return;
	}
	/* the address */
	size_t a0 = i, a1 = token_end(s, n, i);
	if (d->fmt == GK_IN_XXD || d->fmt == GK_IN_HEXDUMP_C) {
		if (d->fmt == GK_IN_XXD && a1 > a0 && s[a1 - 1] == ':')
			a1--;
		else if (d->fmt == GK_IN_XXD) {
			error(out, a1, "expected 'ADDRESS:'");
			return;
		}
	}
	uint64_t addr;
	unsigned radix = d->fmt == GK_IN_OD && d->radix ? d->radix : 16;
	if (!gk_dump_od_addr(radix, s + a0, a1 - a0, &addr)) {
		error(out, a0, "expected an address");
		return;
	}
	out->has_addr = true;
	out->addr = addr;
	out->addr_at = (uint16_t)a0;
	out->addr_len = (uint16_t)(a1 - a0);
	i = a1 + (d->fmt == GK_IN_XXD ? 1 : 0);
	uint8_t bytes[4 * GK_DUMP_LINE_WORDS];
	size_t nb = 0;
	for (;;) {
		size_t before = i;
		skip_spaces(s, n, &i);
		if (i >= n || s[i] == '\r')
			break;
		/* hexdump -C and xxd end with the bytes as text after two spaces */
		if ((d->fmt == GK_IN_HEXDUMP_C && s[i] == '|') || (d->fmt == GK_IN_XXD && i - before >= 2 && nb)) {
			out->text_col = true;
			break;
		}
		size_t e = token_end(s, n, i);
		size_t len = e - i;
		unsigned gbytes = d->fmt == GK_IN_HEXDUMP_C ? 1 : d->group;
		if (!gbytes) {
			/* the first group says the width: od -t xN, hexdump -x (2),
			 * xxd (2: bytes in order) or xxd -e (4: a little-endian number) */
			gbytes = (unsigned)(len / 2);
			if (len % 2 || !gbytes || gbytes > 8 || (gbytes & (gbytes - 1)) ||
			    (d->fmt == GK_IN_XXD && gbytes != 2 && gbytes != 4)) {
				error(out, i, "expected a group of 2, 4, 8 or 16 hex digits");
				return;
			}
			d->group = gbytes;
		}
		if (len != 2u * gbytes) {
			error(out, i, "expected a group of hex digits as wide as the others");
			return;
		}
		for (size_t k = i; k < e; k++)
			if (!is_hex(s[k])) {
				error(out, k, "not a hex digit");
				return;
			}
		if (nb + gbytes > sizeof bytes) {
			error(out, i, "too many groups on one line");
			return;
		}
		for (unsigned g = 0; g < gbytes; g++) {
			/* group digits are a number (little-endian in memory) except
			 * xxd's plain 2-byte groups, which are bytes in order */
			unsigned pos = d->fmt == GK_IN_XXD && gbytes == 2 ? g : gbytes - 1 - g;
			bytes[nb + g] = (uint8_t)(hexv(s[i + 2 * pos]) << 4 | hexv(s[i + 2 * pos + 1]));
		}
		nb += gbytes;
		i = e;
	}
	put_bytes(out, bytes, nb, i);
}

/* ---- umr: "[VMID@0xADDR + 0xOFF]\t[        0xWORD]\t..." ---- */

static void parse_umr(const char *s, size_t n, struct gk_dump_line *out)
{
	size_t i = 0;
	skip_spaces(s, n, &i);
	if (i >= n || s[i] == '\r')
		return;
	if (s[i] != '[') {
		/* umr's other lines ("Decoding IB at ...", register reads) carry no words */
		return;
	}
	size_t k = i + 1;
	uint64_t vmid, base, off, v;
	if (!dec_number(s, n, &k, &vmid) || k >= n || s[k] != '@') {
		error(out, k, "expected '[VMID@0xADDR + 0xOFFSET]'");
		return;
	}
	k++;
	if (!hex_number(s, n, &k, true, 16, &base) || !starts(s, n, k, " + ")) {
		error(out, k, "expected '@0xADDR + 0xOFFSET]'");
		return;
	}
	k += 3;
	if (!hex_number(s, n, &k, true, 16, &off) || k >= n || s[k] != ']') {
		error(out, k, "expected '0xOFFSET]'");
		return;
	}
	k++;
	skip_spaces(s, n, &k);
	if (k >= n || s[k] != '[') {
		error(out, k, "expected '[0xWORD]'");
		return;
	}
	k++;
	skip_spaces(s, n, &k);
	if (!hex_number(s, n, &k, true, 8, &v) || k >= n || s[k] != ']') {
		error(out, k, "expected '0xWORD]'");
		return;
	}
	out->words[0] = (uint32_t)v;
	out->n = 1;
	out->has_addr = true;
	out->addr = base + off;
}

void gk_dump_parse(struct gk_dump *d, const char *s, size_t n, struct gk_dump_line *out)
{
	memset(out, 0, offsetof(struct gk_dump_line, err));
	out->err[0] = 0;
	switch (d->fmt) {
	case GK_IN_RADEON_RING:
		parse_ring(s, n, out, false);
		break;
	case GK_IN_KLOG:
		parse_ring(s, n, out, true);
		break;
	case GK_IN_OD:
	case GK_IN_HEXDUMP_C:
	case GK_IN_XXD:
		parse_columns(d, s, n, out);
		break;
	case GK_IN_UMR:
		parse_umr(s, n, out);
		break;
	default:
		error(out, 0, "not a dump format");
		break;
	}
}

/* ---- recognising a format from its first lines ---- */

static enum gk_in_format classify(const char *s, size_t n)
{
	size_t i = 0;
	skip_spaces(s, n, &i);
	if (i >= n || s[i] == '\r' || s[i] == '#' || s[i] == ';')
		return GK_IN_AUTO; /* says nothing */
	size_t p = log_prefix(s, n);
	struct gk_dump_line t;
	struct gk_dump probe = { 0 };
	if (starts(s, n, i, "r[") || starts(s, n, i, "wptr: 0x") || starts(s, n, i, "rptr: 0x"))
		return GK_IN_RADEON_RING;
	if (p > i && (find_indexed(s, n, p, "ib[") != SIZE_MAX || find_indexed(s, n, p, "r[") != SIZE_MAX))
		return GK_IN_KLOG;
	if (find_indexed(s, n, i, "ib[") != SIZE_MAX)
		return GK_IN_KLOG;
	if (p > i)
		return GK_IN_AUTO; /* another log line: the next ones may carry words */
	if (starts(s, n, i, "Decoding "))
		return GK_IN_AUTO; /* umr's "Decoding IB at ..." before its listing */
	if (s[i] == '[') {
		probe = (struct gk_dump){ .fmt = GK_IN_UMR };
		gk_dump_parse(&probe, s, n, &t);
		if (!t.err_col && t.n)
			return GK_IN_UMR;
	}
	size_t e = token_end(s, n, i);
	if (e > i && s[e - 1] == ':' && e - i == 9) {
		/* xxd: "00000000: " then 2-byte groups, or 4-byte ones with -e */
		size_t g = e + 1, ge = token_end(s, n, g);
		probe = (struct gk_dump){ .fmt = GK_IN_XXD };
		if (ge - g == 4 || ge - g == 8) {
			gk_dump_parse(&probe, s, n, &t);
			if (!t.err_col && t.text_col) /* without its text column it is an ADDRESS: hex dump */
				return GK_IN_XXD;
		}
	}
	if (e - i == 8 && starts(s, n, e, "  ")) {
		probe = (struct gk_dump){ .fmt = GK_IN_HEXDUMP_C };
		gk_dump_parse(&probe, s, n, &t);
		if (!t.err_col && t.n && t.text_col)
			return GK_IN_HEXDUMP_C;
	}
	if (e - i == 6 || e - i == 7) {
		/* od (and hexdump -x): an address of 6 or 7 digits, then groups of
		 * one width; a line that is only an address ends the dump */
		probe = (struct gk_dump){ .fmt = GK_IN_OD, .radix = 16 };
		gk_dump_parse(&probe, s, n, &t);
		if (!t.err_col && (t.n || e == n))
			return GK_IN_OD;
	}
	return GK_IN_HEX;
}

enum gk_in_format gk_dump_sniff(const char *p, size_t n)
{
	/* the first line that says something decides; the hex reader keeps
	 * its own strict checks for what it takes */
	size_t at = 0;
	while (at < n) {
		const char *nl = memchr(p + at, '\n', n - at);
		size_t len = nl ? (size_t)(nl - (p + at)) : n - at;
		if (!nl && at && len < n - at)
			break;
		enum gk_in_format f = classify(p + at, len);
		if (f != GK_IN_AUTO)
			return f;
		if (!nl)
			break;
		at += len + 1;
	}
	return GK_IN_HEX;
}
