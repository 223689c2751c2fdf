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
 *  - od (-A x with -t x4, -t x2 / -x, -t x1), hexdump (default/-x and
 *    canonical -C), xxd (plain 2-byte groups and -e little-endian 4-byte
 *    groups): an address column, groups of hex digits, then (-C, xxd) the
 *    bytes as text; "*" says the line before repeats;
 *  - umr ring and IB listings: "[VMID@0xADDR + 0xOFF]  [0xWORD]  text";
 *  - the amdgpu devcoredump (Linux drivers/gpu/drm/amd/amdgpu/
 *    amdgpu_dev_coredump.c, amdgpu_devcoredump_format): a header of device,
 *    firmware and register lines, then "Ring buffer information" and per
 *    ring "ring name: %s", "Rptr: 0x%llx Wptr: 0x%llx RB mask: %x" (older
 *    kernels: no RB mask), "Ring size in dwords: %d", then "Ring contents
 *    unavailable", or "Ring contents", "Offset \t Value" and one
 *    "0x%x \t 0x%x" line (byte offset, dword) per dword of the ring.
 * Byte-oriented forms are assembled into little-endian dwords. */
#include <stdarg.h>
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

static void errorf(struct gk_dump_line *out, size_t at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

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
		out->header_at[__builtin_ctz(ptrs[p].mark)] = v;
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

/* od and hexdump print numbers in octal and decimal too: od's default is
 * -A o -t o2 (6-digit octal 16-bit words), -t o4 gives 11 octal digits, -b
 * and hexdump -b 3-digit octal bytes, hexdump -o 6-digit octal words; od
 * -t d/u and -d right-align decimal numbers (a '-' on negative ones) in
 * columns wider than most of them (so the space between them varies),
 * hexdump -d pads 16-bit decimal numbers to 5 digits.  A line of an address then groups of digits only, that no
 * hex dump prints (a width other than 2, 4, 8 or 16 digits, a sign, or
 * groups spaced or sized unevenly): what it looks like, with *col the
 * 0-based column of its first such group; NULL when it could be hex. */
const char *gk_dump_not_hex(const char *s, size_t n, bool first_line, size_t *col)
{
	size_t i = 0;
	skip_spaces(s, n, &i);
	size_t a = i;
	while (i < n && is_hex(s[i]))
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
		skip_spaces(s, n, &i);
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
	size_t at;
	const char *looks = d->fmt == GK_IN_OD ? gk_dump_not_hex(s, n, false, &at) : NULL;
	if (looks) {
		errorf(out, at, "%s: " HEX_WORDS_HINT, looks);
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

/* ---- the amdgpu devcoredump: one ring's contents ---- */

enum {
	CD_HEAD,     /* device, firmware and register lines: no words */
	CD_RINGS,    /* "Ring buffer information": between rings */
	CD_RING,     /* after "ring name:": its header */
	CD_TITLE,    /* after "Ring contents": "Offset \t Value" */
	CD_CONTENTS, /* its dwords */
};

/* error() with a message made here (cut to fit) */
static void errorf(struct gk_dump_line *out, size_t at, const char *fmt, ...)
{
	if (out->err_col)
		return;
	out->err_col = (uint32_t)at + 1;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(out->err, sizeof out->err, fmt, ap);
	va_end(ap);
}

/* the line without its trailing white space (and '\r') */
static size_t trim_end(const char *s, size_t n)
{
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	return n;
}

void gk_dump_note(struct gk_coredump *c, bool warns, uint32_t line, const char *fmt, ...)
{
	if (c->nnotes == GK_DUMP_NOTES)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(c->note[c->nnotes], GK_DUMP_NOTE, fmt, ap);
	va_end(ap);
	c->note_warns[c->nnotes] = warns;
	c->note_line[c->nnotes++] = line;
}

/* the ring list for messages: ", " between names, "..." once it is full */
static void cd_list(struct gk_coredump *c, const char *what)
{
	size_t len = strlen(what), room = sizeof c->names - 4 - c->names_len;
	if (c->names_cut)
		return;
	if (len > room) {
		memcpy(c->names + c->names_len, "...", 4);
		c->names_len += 3;
		c->names_cut = true;
		return;
	}
	memcpy(c->names + c->names_len, what, len + 1);
	c->names_len += len;
}

/* "ring name: NAME": a new ring (the name is the rest of the line) */
static void cd_ring_name(struct gk_dump *d, const char *s, size_t n, size_t i)
{
	struct gk_coredump *c = &d->cd;
	if (c->part == CD_RING)
		cd_list(c, " (no contents)"); /* the ring before ended without any */
	size_t len = n - i;
	if (len >= sizeof c->cur)
		len = sizeof c->cur - 1;
	memcpy(c->cur, s + i, len);
	c->cur[len] = 0;
	c->cur_line = d->line;
	c->cur_take = c->have_ptrs = c->have_mask = c->have_size = false;
	c->part = CD_RING;
	const char *target = c->want[0] ? c->want : c->hung;
	if (!strcmp(c->cur, target))
		c->target_seen = true;
	if (c->nrings++)
		cd_list(c, ", ");
	cd_list(c, c->cur);
}

/* "Rptr: 0x%llx Wptr: 0x%llx RB mask: %x", the RB mask only on newer kernels */
static void cd_ptrs(struct gk_coredump *c, const char *s, size_t n, struct gk_dump_line *out)
{
	size_t k = 6; /* "Rptr: " */
	if (!hex_number(s, n, &k, true, 16, &c->rptr) || !starts(s, n, k, " Wptr: ")) {
		error(out, k, "expected 'Rptr: 0xRPTR Wptr: 0xWPTR'");
		return;
	}
	k += 7;
	if (!hex_number(s, n, &k, true, 16, &c->wptr)) {
		error(out, k, "expected 'Wptr: 0xWPTR'");
		return;
	}
	c->have_mask = false;
	if (k < n) {
		if (!starts(s, n, k, " RB mask: ")) {
			error(out, k, "expected ' RB mask: MASK' or the end of the line");
			return;
		}
		k += 10;
		if (!hex_number(s, n, &k, starts(s, n, k, "0x"), 16, &c->mask) || k < n) {
			error(out, k, "expected the RB mask in hex");
			return;
		}
		c->have_mask = true;
	}
	c->have_ptrs = true;
}

/* "Ring contents": the ring's words are the stream, or not (stream.h,
 * gk_input_set_ring: asked for by name, else the hung one, else the first) */
static void cd_contents(struct gk_dump *d, struct gk_dump_line *out)
{
	struct gk_coredump *c = &d->cd;
	if (!c->have_ptrs || !c->have_size) {
		error(out, 0, "expected 'Rptr: ... Wptr: ...' and 'Ring size in dwords: N' before 'Ring contents'");
		return;
	}
	c->nfull++;
	c->part = CD_TITLE;
	c->at = 0;
	bool take = false;
	if (c->want[0] || c->hung[0])
		take = !c->taken[0] && !strcmp(c->cur, c->want[0] ? c->want : c->hung);
	else if (!c->taken[0])
		take = true;
	else if (!c->second_line) {
		c->second_line = c->cur_line;
		memcpy(c->second, c->cur, sizeof c->second);
	}
	c->cur_take = take;
	if (!take)
		return;
	memcpy(c->taken, c->cur, sizeof c->taken);
	if (c->want[0] && c->hung[0] && strcmp(c->want, c->hung))
		gk_dump_note(c, false, c->cur_line, "reading ring %s, as asked; the one the kernel reported timed out is %s", c->cur,
			c->hung);
	if (!c->want[0])
		gk_dump_note(c, false, c->cur_line,
			c->hung[0] ? "reading ring %s: the one the kernel reported timed out ('Ring timed out details'); "
				     "another can be asked for by name (--ring)"
				   : "reading ring %s, the first with contents: the dump names no timed-out ring, and a second "
				     "ring with contents would be refused (ask for one by name: --ring)",
			c->cur);
	/* rptr and wptr are dword indices; newer kernels print them unmasked
	 * (gfx9+ wptr counts on past the ring) with the RB mask beside them */
	uint64_t size = c->size;
	if (c->have_mask && (c->mask != size - 1 || (size & (size - 1))))
		gk_dump_note(c, true, c->cur_line, "ring %s: RB mask 0x%llx is not its %llu dwords less one; the pointers are taken "
			"modulo the size", c->cur, (unsigned long long)c->mask, (unsigned long long)size);
	else if (!c->have_mask && (c->rptr >= size || c->wptr >= size))
		gk_dump_note(c, true, c->cur_line, "ring %s: Rptr 0x%llx or Wptr 0x%llx lies beyond its %llu dwords (no RB mask "
			"printed): taken modulo the size", c->cur, (unsigned long long)c->rptr, (unsigned long long)c->wptr,
			(unsigned long long)size);
	out->header_mark = GK_MARK_RPTR | GK_MARK_WPTR;
	out->header_at[0] = c->rptr % size;
	out->header_at[1] = c->wptr % size;
	out->rptr_is_word = true; /* the ring's dword 0 is the input's first word */
}

/* "0x%x \t 0x%x": the byte offset, then the dword; false: not that form
 * (error set when strict) */
static bool cd_word(struct gk_coredump *c, const char *s, size_t n, size_t i, bool strict, struct gk_dump_line *out)
{
	size_t k = i;
	uint64_t off, v;
	if (!hex_number(s, n, &k, true, 16, &off) || k >= n || (s[k] != ' ' && s[k] != '\t')) {
		if (strict)
			error(out, k, "expected a ring line '0xOFFSET \\t 0xVALUE'");
		return false;
	}
	skip_spaces(s, n, &k);
	size_t v0 = k;
	if (!hex_number(s, n, &k, true, 8, &v)) {
		size_t e = v0 + 2;
		while (e < n && is_hex(s[e]))
			e++;
		if (strict)
			error(out, v0, starts(s, n, v0, "0x") && e - v0 > 10 ? "the dword does not fit in 32 bits"
									       : "expected the dword as 0xVALUE after the offset");
		return false;
	}
	skip_spaces(s, n, &k);
	if (k < n) {
		if (strict)
			error(out, k, "unexpected text after the dword");
		return false;
	}
	if (!strict)
		return true;
	if (off != 4 * c->at) {
		errorf(out, i, "offset 0x%llx, but the ring's dwords before end at 0x%llx: a gap or an overlap in the dump",
		       (unsigned long long)off, (unsigned long long)(4 * c->at));
		return false;
	}
	if (c->cur_take) {
		out->words[0] = (uint32_t)v;
		out->n = 1;
		out->has_addr = true;
		out->addr = off;
	}
	if (++c->at == c->size) {
		c->part = CD_RINGS;
		c->taken_done |= c->cur_take;
	}
	return true;
}

static void parse_coredump(struct gk_dump *d, const char *s, size_t n, struct gk_dump_line *out)
{
	struct gk_coredump *c = &d->cd;
	n = trim_end(s, n);
	if (c->part == CD_CONTENTS) {
		if (starts(s, n, 0, "ring name: ")) {
			errorf(out, 0, "ring %s ends after %llu of its %llu dwords ('Ring size in dwords')", c->cur,
			       (unsigned long long)c->at, (unsigned long long)c->size);
			return;
		}
		cd_word(c, s, n, 0, true, out);
		return;
	}
	if (c->part == CD_TITLE) {
		c->part = CD_CONTENTS;
		if (starts(s, n, 0, "Offset"))
			return;
		cd_word(c, s, n, 0, true, out); /* no title line: the dwords at once */
		return;
	}
	if (starts(s, n, 0, "ring name: ")) {
		cd_ring_name(d, s, n, 11);
		return;
	}
	if (c->part == CD_HEAD) {
		/* "IP Type: %d Ring Name: %s" under "Ring timed out details" */
		if (starts(s, n, 0, "IP Type: ")) {
			for (size_t k = 9; k + 11 <= n; k++)
				if (!memcmp(s + k, "Ring Name: ", 11)) {
					size_t len = n - (k + 11);
					if (len >= sizeof c->hung)
						len = sizeof c->hung - 1;
					memcpy(c->hung, s + k + 11, len);
					c->hung[len] = 0;
					break;
				}
		} else if (starts(s, n, 0, "Ring buffer information")) {
			c->part = CD_RINGS;
		}
		return; /* the header's lines carry no words */
	}
	if (c->part == CD_RING) {
		uint64_t v;
		size_t k = 21;
		if (starts(s, n, 0, "Rptr: ")) {
			cd_ptrs(c, s, n, out);
		} else if (starts(s, n, 0, "Ring size in dwords: ")) {
			if (!dec_number(s, n, &k, &v) || k < n || !v || v > (1u << 28)) {
				error(out, k < n ? k : 21, "expected the ring's size in dwords, 1 to 2^28");
				return;
			}
			c->size = v;
			c->have_size = true;
		} else if (starts(s, n, 0, "Ring contents unavailable")) {
			c->part = CD_RINGS;
			cd_list(c, " (contents unavailable)");
		} else if (starts(s, n, 0, "Ring contents")) {
			cd_contents(d, out);
		}
		return; /* other lines about the ring carry no words */
	}
	/* between rings, and after the last: "VRAM is lost ...", register and
	 * IB dumps; a ring line here means the ring went on past its size */
	if (c->nrings && cd_word(c, s, n, 0, false, out))
		error(out, 0, "a ring line after the ring's last dword ('Ring size in dwords' is less)");
}

static bool cd_end(struct gk_dump *d, char *msg, size_t cap, uint32_t *line)
{
	struct gk_coredump *c = &d->cd;
	*line = 0;
	if (d->fmt != GK_IN_DEVCOREDUMP)
		return false;
	const char *list = c->names_len ? c->names : "none";
	if (c->second_line) {
		*line = c->second_line;
		snprintf(msg, cap, "a second ring with contents, %s, after %s (read above) and no timed-out ring named: "
			 "ask for one (--ring); rings: %s", c->second, c->taken, list);
		return true;
	}
	if (c->taken[0] && !c->taken_done) {
		snprintf(msg, cap, "the dump ends inside ring %s's contents, after %llu of its %llu dwords", c->taken,
			 (unsigned long long)c->at, (unsigned long long)c->size);
		return true;
	}
	if (c->taken[0])
		return false;
	if (!c->nrings)
		snprintf(msg, cap, "no ring in the devcoredump (no 'ring name:' line after 'Ring buffer information')");
	else if (c->want[0])
		snprintf(msg, cap, c->target_seen ? "ring %s (asked for by name) has no contents in the devcoredump; rings: %s"
						  : "no ring %s (asked for by name) in the devcoredump; rings: %s",
			 c->want, list);
	else if (c->hung[0])
		snprintf(msg, cap, "ring %s, the one the kernel reported timed out, %s in the devcoredump: ask for another "
			 "by name (--ring); rings: %s", c->hung, c->target_seen ? "has no contents" : "is not", list);
	else
		snprintf(msg, cap, "no ring with contents in the devcoredump; rings: %s", list);
	return true;
}

bool gk_dump_end(struct gk_dump *d, char *msg, size_t cap, uint32_t *line)
{
	struct gk_coredump *c = &d->cd;
	if (d->fmt == GK_IN_DEVCOREDUMP && c->part == CD_RING)
		cd_list(c, " (no contents)"); /* the last ring ended without any */
	if (d->fmt == GK_IN_DEVCOREDUMP && (c->part == CD_TITLE || c->part == CD_CONTENTS) && !c->cur_take)
		gk_dump_note(c, true, 0, "the dump ends inside ring %s's contents (not the ring read), after %llu of its %llu dwords",
			c->cur, (unsigned long long)c->at, (unsigned long long)c->size);
	char whole[1024]; /* the longest message with the whole list */
	if (!cap || !cd_end(d, whole, sizeof whole, line))
		return false;
	/* a list of rings longer than the message holds: cut after a whole
	 * name there, and whole in a note */
	char *list = strstr(whole, "; rings: ");
	if (list && strlen(whole) >= cap && cap > (size_t)(list - whole) + 16) {
		gk_dump_note(c, false, 0, "the rings in the devcoredump: %s", c->names);
		list += 9;
		char *cut = whole + cap - 6; /* room for ", ..." and the NUL */
		while (cut > list && memcmp(cut, ", ", 2))
			cut--;
		memcpy(cut, cut > list ? ", ..." : "...", cut > list ? 6 : 4);
	}
	snprintf(msg, cap, "%s", whole);
	return true;
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
	case GK_IN_DEVCOREDUMP:
		parse_coredump(d, s, n, out);
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
	/* the devcoredump's first line, or its ring section when pasted alone */
	if (starts(s, n, i, "**** AMDGPU Device Coredump") || starts(s, n, i, "Ring buffer information") ||
	    starts(s, n, i, "ring name: "))
		return GK_IN_DEVCOREDUMP;
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
	size_t at;
	if (gk_dump_not_hex(s, n, true, &at))
		return GK_IN_OD; /* octal or decimal: the od reader refuses it, saying so */
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
		enum gk_in_format f = classify(p + at, len);
		if (f != GK_IN_AUTO)
			return f;
		if (!nl)
			break;
		at += len + 1;
	}
	return GK_IN_HEX;
}
