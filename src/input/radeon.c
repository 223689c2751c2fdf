/* The radeon ring dump and the kernel log readers (one line form, two
 * places it is found):
 *  - radeon debugfs ring dumps (Linux drivers/gpu/drm/radeon/radeon_ring.c,
 *    radeon_debugfs_ring_info): header lines "wptr: 0x%08x [%5d]",
 *    "rptr: ...", "rptr next(0x%04x): ...", "driver's copy of the wptr: ...",
 *    "last semaphore signal|wait addr : 0x%016llx", "%u free dwords in ring",
 *    "%u dwords in ring", then "r[%5d]=0x%08x" with " *" on rptr and " #" on
 *    the saved rptr;
 *  - kernel log lines: radeon's rejected-CS dump "ib[%d]=0x%08X"
 *    (radeon_cs.c) and the ring lines above, after dmesg's "[  12.345678] "
 *    and any other prefix (the words are found by their own pattern;
 *    unrelated log lines give nothing).
 * Ring indices are the addresses (4 bytes an index); a ring that wraps
 * jumps back (GK_RD_WRAPS). */
#include <string.h>

#include "reader.h"
#include "scan.h"

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
static void indexed_word(const char *s, size_t n, size_t i, size_t plen, struct gk_in_line *out)
{
	size_t k = i + plen;
	uint64_t idx, v;
	gk_scan_spaces(s, n, &k);
	if (!gk_scan_dec(s, n, &k, &idx)) {
		gk_in_line_error(out, k, "expected a decimal index after '['");
		return;
	}
	if (k + 2 > n || s[k] != ']' || s[k + 1] != '=') {
		gk_in_line_error(out, k, "expected ']=' after the index");
		return;
	}
	k += 2;
	if (!gk_scan_hex(s, n, &k, true, 8, &v)) {
		gk_in_line_error(out, k, "expected a 32-bit word 0xHHHHHHHH after '='");
		return;
	}
	out->words[0] = (uint32_t)v;
	out->n = 1;
	out->has_addr = true;
	out->addr = 4 * idx;
	/* " *" marks rptr, " #" the saved rptr (radeon_ring.c) */
	for (;;) {
		gk_scan_spaces(s, n, &k);
		if (k < n && s[k] == '*')
			out->marks |= GK_MARK_RPTR;
		else if (k < n && s[k] == '#')
			out->marks |= GK_MARK_RPTR_NEXT;
		else
			break;
		k++;
	}
	gk_scan_spaces(s, n, &k);
	if (k < n && s[k] != '\r')
		gk_in_line_error(out, k, "unexpected text after the word");
}

/* radeon ring header lines: "NAME: 0x%08x [%5d]" for the pointers, the
 * others (semaphore addresses, dword counts) carry nothing to decode */
static bool ring_header(const char *s, size_t n, size_t i, struct gk_in_line *out)
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
		if (!gk_scan_starts(s, n, i, ptrs[p].lead))
			continue;
		size_t k = i + strlen(ptrs[p].lead);
		uint64_t v, idx;
		if (ptrs[p].mark == GK_MARK_RPTR_NEXT) {
			/* "rptr next(0x%04x): " names the register it was read from */
			if (!gk_scan_hex(s, n, &k, true, 8, &v) || !gk_scan_starts(s, n, k, "): ")) {
				gk_in_line_error(out, k, "expected 'rptr next(0xREG): '");
				return true;
			}
			k += 3;
		}
		if (!gk_scan_hex(s, n, &k, true, 8, &v)) {
			gk_in_line_error(out, k, "expected 0xHHHHHHHH");
			return true;
		}
		gk_scan_spaces(s, n, &k);
		if (k < n && s[k] == '[') {
			k++;
			gk_scan_spaces(s, n, &k);
			if (!gk_scan_dec(s, n, &k, &idx) || idx != v || k >= n || s[k] != ']') {
				gk_in_line_error(out, k, "expected '[INDEX]' repeating the pointer in decimal");
				return true;
			}
		}
		out->header_mark = ptrs[p].mark;
		out->header_at[__builtin_ctz(ptrs[p].mark)] = v;
		return true;
	}
	static const char *const other[] = { "last semaphore signal addr", "last semaphore wait addr" };
	for (size_t p = 0; p < sizeof other / sizeof other[0]; p++)
		if (gk_scan_starts(s, n, i, other[p]))
			return true;
	/* "%u free dwords in ring", "%u dwords in ring" */
	size_t k = i;
	uint64_t v;
	if (gk_scan_dec(s, n, &k, &v) && (gk_scan_starts(s, n, k, " free dwords in ring") || gk_scan_starts(s, n, k, " dwords in ring")))
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
		gk_scan_spaces(s, n, &k);
		size_t d = k;
		while (k < n && ((s[k] >= '0' && s[k] <= '9') || s[k] == '.'))
			k++;
		if (k > d && k < n && s[k] == ']') {
			i = k + 1;
			gk_scan_spaces(s, n, &i);
		}
	}
	return i;
}

static void parse_ring(const char *s, size_t n, struct gk_in_line *out, bool in_log)
{
	size_t i = log_prefix(s, n);
	gk_scan_spaces(s, n, &i);
	if (i >= n || s[i] == '\r')
		return; /* empty */
	if (gk_scan_starts(s, n, i, "r[")) {
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
	gk_in_line_error(out, i, "not a radeon ring dump line (expected 'r[INDEX]=0xWORD' or a 'wptr:'/'rptr:' header)");
}


static void radeon_line(void *st, struct gk_input *in, const char *s, size_t n, uint32_t line_no, struct gk_in_line *out)
{
	(void)st;
	(void)in;
	(void)line_no;
	parse_ring(s, n, out, false);
}

static void klog_line(void *st, struct gk_input *in, const char *s, size_t n, uint32_t line_no, struct gk_in_line *out)
{
	(void)st;
	(void)in;
	(void)line_no;
	parse_ring(s, n, out, true);
}

static enum gk_in_sniff radeon_sniff(const char *s, size_t n)
{
	size_t i = 0;
	gk_scan_spaces(s, n, &i);
	if (gk_scan_starts(s, n, i, "r[") || gk_scan_starts(s, n, i, "wptr: 0x") || gk_scan_starts(s, n, i, "rptr: 0x"))
		return GK_SNIFF_YES;
	return GK_SNIFF_NO;
}

/* ring lines or "ib[" words after a log prefix, or "ib[" anywhere; a log
 * line without them says nothing (the next lines may carry words) */
static enum gk_in_sniff klog_sniff(const char *s, size_t n)
{
	size_t i = 0;
	gk_scan_spaces(s, n, &i);
	size_t p = log_prefix(s, n);
	if (p > i && (find_indexed(s, n, p, "ib[") != SIZE_MAX || find_indexed(s, n, p, "r[") != SIZE_MAX))
		return GK_SNIFF_YES;
	if (find_indexed(s, n, i, "ib[") != SIZE_MAX)
		return GK_SNIFF_YES;
	return p > i ? GK_SNIFF_SKIP : GK_SNIFF_NO;
}

const struct gk_reader gk_reader_radeon_ring = {
	.format = GK_IN_RADEON_RING,
	.name = "radeon-ring",
	.what = "a radeon ring dump",
	.flags = GK_RD_TEXT | GK_RD_WRAPS,
	.sniff_line = radeon_sniff,
	.line = radeon_line,
};

const struct gk_reader gk_reader_klog = {
	.format = GK_IN_KLOG,
	.name = "klog",
	.what = "a kernel log",
	.flags = GK_RD_TEXT | GK_RD_WRAPS,
	.sniff_line = klog_sniff,
	.line = klog_line,
};
