/* The umr reader: umr's ring and IB listings, one word a line,
 * "[VMID@0xADDR + 0xOFF]\t[        0xWORD]\t..." (the decoded text after
 * it is umr's); its other lines ("Decoding IB at ...", register reads)
 * carry no words.  Its addresses are GPU addresses. */
#include <stdio.h>
#include <string.h>

#include "reader.h"
#include "scan.h"

static void parse_umr(const char *s, size_t n, struct gk_in_line *out)
{
	size_t i = 0;
	gk_scan_spaces(s, n, &i);
	if (i >= n || s[i] == '\r')
		return;
	if (s[i] != '[') {
		/* umr's other lines ("Decoding IB at ...", register reads) carry no words */
		return;
	}
	size_t k = i + 1;
	uint64_t vmid, base, off, v;
	if (!gk_scan_dec(s, n, &k, &vmid) || k >= n || s[k] != '@') {
		gk_in_line_error(out, k, "expected '[VMID@0xADDR + 0xOFFSET]'");
		return;
	}
	k++;
	if (!gk_scan_hex(s, n, &k, true, 16, &base) || !gk_scan_starts(s, n, k, " + ")) {
		gk_in_line_error(out, k, "expected '@0xADDR + 0xOFFSET]'");
		return;
	}
	k += 3;
	if (!gk_scan_hex(s, n, &k, true, 16, &off) || k >= n || s[k] != ']') {
		gk_in_line_error(out, k, "expected '0xOFFSET]'");
		return;
	}
	k++;
	gk_scan_spaces(s, n, &k);
	if (k >= n || s[k] != '[') {
		gk_in_line_error(out, k, "expected '[0xWORD]'");
		return;
	}
	k++;
	gk_scan_spaces(s, n, &k);
	if (!gk_scan_hex(s, n, &k, true, 8, &v) || k >= n || s[k] != ']') {
		gk_in_line_error(out, k, "expected '0xWORD]'");
		return;
	}
	out->words[0] = (uint32_t)v;
	out->n = 1;
	out->has_addr = true;
	out->addr = base + off;
}


static void umr_line(void *st, struct gk_input *in, const char *s, size_t n, uint32_t line_no, struct gk_in_line *out)
{
	(void)st;
	(void)in;
	(void)line_no;
	parse_umr(s, n, out);
}

static enum gk_in_sniff umr_sniff(const char *s, size_t n)
{
	size_t i = 0;
	gk_scan_spaces(s, n, &i);
	if (gk_scan_starts(s, n, i, "Decoding "))
		return GK_SNIFF_SKIP; /* umr's "Decoding IB at ..." before its listing */
	if (i < n && s[i] == '[') {
		struct gk_in_line t;
		memset(&t, 0, sizeof t);
		parse_umr(s, n, &t);
		if (!t.err_col && t.n)
			return GK_SNIFF_YES;
	}
	return GK_SNIFF_NO;
}

/* umr leaves out of its listing the words it does not decode */
static void umr_gap(char *msg, size_t cap, uint64_t expected)
{
	snprintf(msg, cap,
		 "umr lists no word at 0x%llx (its decode leaves out words it does not name): "
		 "give gfxkit the IB itself (umr --dump-ib-file, or a binary)", (unsigned long long)expected);
}

const struct gk_reader gk_reader_umr = {
	.format = GK_IN_UMR,
	.name = "umr",
	.what = "a umr listing",
	.flags = GK_RD_TEXT | GK_RD_GPU_ADDR,
	.sniff_line = umr_sniff,
	.line = umr_line,
	.gap = umr_gap,
};
