/* The Mesa reader: the IB listings Mesa's AMD drivers print in their hang
 * reports (RADV_DEBUG=hang, radeonsi's ddebug dumps), written by
 * ac_parse_ib() (src/amd/common/ac_parse_ib.c, formerly ac_debug.c):
 *
 *   ------------------ IB begin ------------------
 *   c0017600 SET_SH_REG:
 *   0000020d
 *   00000080         COMPUTE_PGM_HI <- 128 (0x00000080)
 *                                     DATA = 128 (0x00000080)
 *   ------------------- IB end -------------------
 *
 * Each dword Mesa read is a line of its own, 8 hex digits ("????????"
 * past the IB's end) at an indent of 4 per nested IB, then Mesa's decode
 * of it; every other line Mesa writes (fields, trace points, warnings,
 * annotations) is indented 9 spaces more; "------------------ NAME begin
 * ------------------" and "------------------- NAME end -------------------"
 * enclose an IB, "nested begin"/"nested end" an IB Mesa followed inside it.
 * The words are the dword column, as they are; the nested IBs' words are
 * another buffer's and are skipped (said in a note).
 *
 * Older Mesa printed the decode without the dword column: "SET_SH_REG:"
 * then "        COMPUTE_PGM_HI <- 128 (0x00000080)".  There a SET_*_REG
 * packet is rebuilt from what it says: its header from the opcode name and
 * the number of registers, its offset dword from the first register's
 * name (through the register tables, gk_input_set_reg_lookup), each value
 * from its "<- VALUE"; any other packet's words are not in the listing,
 * and are an error.  The listing has no addresses: offsets count words
 * from the first. */
#include <stdio.h>
#include <string.h>

#include "reader.h"
#include "scan.h"

#define MESA_MAX_REGS (GK_IN_LINE_WORDS - 2) /* a rebuilt packet is given as one line's words */

/* The SET_*_REG packets a listing without dwords can be rebuilt from: the
 * PKT3 opcodes and register space bases of Mesa's sid.h (PKT3_SET_*_REG,
 * SI_*_REG_OFFSET, CIK_UCONFIG_REG_OFFSET; bases as dword addresses). */
static const struct {
	const char *name;
	uint8_t opcode;
	uint32_t base;
} set_regs[] = {
	{ "SET_CONFIG_REG", 0x68, 0x2000 },
	{ "SET_CONTEXT_REG", 0x69, 0xa000 },
	{ "SET_SH_REG", 0x76, 0x2c00 },
	{ "SET_UCONFIG_REG", 0x79, 0xc000 },
};

enum mesa_form { FORM_UNKNOWN, FORM_DWORDS, FORM_DECODE };

struct mesa_st {
	enum mesa_form form;
	unsigned depth;          /* nested IBs open */
	bool in_ib;              /* between a begin and its end (or no markers at all) */
	bool seen_begin;
	unsigned ibs;            /* top-level IBs read */
	uint64_t nested_words;   /* dwords of nested IBs skipped */
	uint32_t nested_line;
	/* the SET_*_REG being rebuilt (FORM_DECODE) */
	bool pending;
	int set;                 /* index into set_regs, -1: none */
	uint32_t flags;          /* header bits 0-2: predicate, shader type, reset filter cam */
	uint32_t index;          /* the offset dword's INDEX (bits 31:28) */
	uint32_t first_off;      /* byte offset of the first register */
	unsigned nregs;
	uint32_t vals[MESA_MAX_REGS];
	uint32_t pkt_line;
	uint64_t next;           /* the offset of the next word: the listing has no addresses */
	uint64_t rebuilt;        /* packets rebuilt */
	uint32_t first_rebuilt_line;
};

static bool is_ident(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

/* "------------------ NAME begin ------------------" (kind 'b') or
 * "------------------- NAME end -------------------" (kind 'e'): *nested
 * when NAME is "nested". */
static char marker(const char *s, size_t n, size_t i, bool *nested)
{
	if (!gk_scan_starts(s, n, i, "------------------ ") && !gk_scan_starts(s, n, i, "------------------- "))
		return 0;
	size_t e = gk_scan_trim_end(s, n);
	static const char *const tails[2] = { " begin ------------------", " end -------------------" };
	for (int k = 0; k < 2; k++) {
		size_t tl = strlen(tails[k]);
		if (e - i >= tl + 19 && !memcmp(s + e - tl, tails[k], tl)) {
			size_t a = i;
			while (a < e && s[a] == '-')
				a++;
			a++;
			*nested = e - tl - a == 6 && !memcmp(s + a, "nested", 6);
			return k ? 'e' : 'b';
		}
	}
	return 0;
}

/* a dword line: 8 hex digits (or "????????") then the end or a space */
static bool dword_at(const char *s, size_t n, size_t i, bool *unknown, uint32_t *v)
{
	if (i + 8 > n || (i + 8 < n && s[i + 8] != ' ' && s[i + 8] != '\r'))
		return false;
	if (!memcmp(s + i, "????????", 8)) {
		*unknown = true;
		return true;
	}
	uint32_t x = 0;
	for (size_t k = 0; k < 8; k++) {
		if (!gk_scan_is_hex(s[i + k]))
			return false;
		x = x << 4 | gk_scan_hexv(s[i + k]);
	}
	*unknown = false;
	*v = x;
	return true;
}

/* a packet name line of the listing without dwords: "SET_SH_REG:" with
 * Mesa's "(predicate)"-style notes before the ':' */
static bool packet_line(const char *s, size_t n, size_t i, size_t *name_len)
{
	size_t e = gk_scan_trim_end(s, n), k = i;
	while (k < e && is_ident(s[k]))
		k++;
	if (k == i || e == 0 || s[e - 1] != ':' || s[i] < 'A' || s[i] > 'Z')
		return false;
	*name_len = k - i;
	while (k < e - 1 && s[k] == '(') {
		const char *c = memchr(s + k, ')', e - 1 - k);
		if (!c)
			return false;
		k = (size_t)(c - s) + 1;
	}
	return k == e - 1;
}

static enum gk_in_sniff mesa_sniff(const char *s, size_t n)
{
	size_t i = 0;
	gk_scan_spaces(s, n, &i);
	bool nested, unknown;
	uint32_t v;
	size_t nl;
	if (marker(s, n, i, &nested) == 'b' && !nested)
		return GK_SNIFF_YES;
	if (gk_scan_starts(s, n, i, "Trace ID:"))
		return GK_SNIFF_SKIP; /* RADV's trace before the IB */
	if (dword_at(s, n, i, &unknown, &v) && !unknown) {
		size_t k = i + 8;
		gk_scan_spaces(s, n, &k);
		if (packet_line(s, n, k, &nl))
			return GK_SNIFF_YES;
	}
	size_t k = i;
	if (packet_line(s, n, k, &nl)) {
		for (size_t r = 0; r < sizeof set_regs / sizeof set_regs[0]; r++)
			if (nl == strlen(set_regs[r].name) && !memcmp(s + i, set_regs[r].name, nl))
				return GK_SNIFF_YES;
	}
	return GK_SNIFF_NO;
}

/* The pending SET_*_REG as words (FORM_DECODE). */
static void flush(struct mesa_st *st, struct gk_in_line *out, size_t col)
{
	if (!st->pending)
		return;
	st->pending = false;
	if (!st->nregs) {
		gk_in_line_errorf(out, col, "%s at line %u has no register after it: its words are not in the listing",
				  set_regs[st->set].name, st->pkt_line);
		return;
	}
	uint32_t dwa = st->first_off / 4, base = set_regs[st->set].base;
	out->words[0] = 0xc0000000u | (st->nregs << 16) | ((uint32_t)set_regs[st->set].opcode << 8) | st->flags;
	out->words[1] = (st->index << 28) | (dwa - base);
	memcpy(out->words + 2, st->vals, st->nregs * sizeof st->vals[0]);
	out->n = st->nregs + 2;
	st->rebuilt++;
	if (!st->first_rebuilt_line)
		st->first_rebuilt_line = st->pkt_line;
}

/* "NAME <- VALUE" of the listing without dwords */
static void reg_line(struct mesa_st *st, struct gk_input *in, const char *s, size_t n, size_t i, size_t arrow,
		     struct gk_in_line *out)
{
	size_t name_end = arrow;
	const char *name = s + i;
	size_t len = name_end - i;
	size_t v = arrow + 4, e = gk_scan_trim_end(s, n);
	uint64_t val;
	/* the value as print_value writes it: "N", "N (0x..)", "F.Ff (0x..)", "0x.." */
	const char *par = v < e ? memchr(s + v, '(', e - v) : NULL;
	size_t k;
	bool ok;
	if (par && (size_t)(par - s) + 3 < e && par[1] == '0' && par[2] == 'x') {
		k = (size_t)(par - s) + 1;
		ok = gk_scan_hex(s, n, &k, true, 8, &val) && k < e && s[k] == ')' && k + 1 == e;
	} else {
		k = v;
		ok = (gk_scan_starts(s, n, k, "0x") ? gk_scan_hex(s, n, &k, true, 8, &val) : gk_scan_dec(s, n, &k, &val)) &&
		     k == e && val <= 0xffffffffu;
	}
	if (len == 5 && !memcmp(name, "INDEX", 5) && st->pending && !st->nregs) {
		if (!ok || val > 15) {
			gk_in_line_error(out, v, "expected INDEX's value, 0 to 15");
			return;
		}
		st->index = (uint32_t)val;
		return;
	}
	if (!st->pending) {
		gk_in_line_errorf(out, i, "a register value outside a SET_*_REG packet: Mesa printed this packet without its "
				  "dwords, so its words are not in the listing");
		return;
	}
	if (!ok) {
		gk_in_line_error(out, v, "expected the register's value as Mesa prints it (N, N (0xHEX), F.Ff (0xHEX) or 0xHEX); "
				 "a value printed only as fields is not in the listing");
		return;
	}
	uint32_t off;
	if (gk_scan_starts(name, len, 0, "0x")) {
		/* a register Mesa has no name for: "0x%05x <- 0x%08x" */
		size_t t = 0;
		uint64_t o;
		if (!gk_scan_hex(name, len, &t, true, 8, &o) || t != len) {
			gk_in_line_error(out, i, "expected a register name or 0xOFFSET");
			return;
		}
		off = (uint32_t)o;
	} else if (gk_in_reg_lookup(in, name, len, &off)) {
		gk_in_line_errorf(out, i, "register %.*s is not in the register tables (give the GPU's generation with -g): "
				  "%s's offset dword cannot be rebuilt", (int)(len > 60 ? 60 : len), name, set_regs[st->set].name);
		return;
	}
	if (!st->nregs) {
		uint32_t dwa = off / 4, base = set_regs[st->set].base;
		if (off & 3 || dwa < base || dwa - base > 0xffff) {
			gk_in_line_errorf(out, i, "register %.*s (0x%x) is outside %s's register space",
					  (int)(len > 60 ? 60 : len), name, off, set_regs[st->set].name);
			return;
		}
		st->first_off = off;
	} else if (off != st->first_off + 4 * st->nregs) {
		gk_in_line_errorf(out, i, "register %.*s (0x%x) does not follow the one before (0x%x) in one %s",
				  (int)(len > 60 ? 60 : len), name, off, st->first_off + 4 * (st->nregs - 1), set_regs[st->set].name);
		return;
	}
	if (st->nregs == MESA_MAX_REGS) {
		gk_in_line_errorf(out, i, "more than %u registers in one %s: gfxkit rebuilds up to %u", MESA_MAX_REGS,
				  set_regs[st->set].name, MESA_MAX_REGS);
		return;
	}
	st->vals[st->nregs++] = (uint32_t)val;
}

static void mesa_line_words(struct mesa_st *st, struct gk_input *in, const char *s, size_t n, uint32_t line_no,
			    struct gk_in_line *out);

static void mesa_line(void *stp, struct gk_input *in, const char *s, size_t n, uint32_t line_no, struct gk_in_line *out)
{
	struct mesa_st *st = stp;
	mesa_line_words(st, in, s, n, line_no, out);
	if (out->n && !out->err_col) {
		/* words counted from the first: the offsets are the words' places */
		out->has_addr = true;
		out->addr = st->next;
		st->next += 4ull * out->n;
	}
}

static void mesa_line_words(struct mesa_st *st, struct gk_input *in, const char *s, size_t n, uint32_t line_no,
			    struct gk_in_line *out)
{
	size_t i = 0;
	gk_scan_spaces(s, n, &i);
	size_t e = gk_scan_trim_end(s, n);
	if (i >= e)
		return;
	bool nested, unknown;
	uint32_t v;
	if (!in) {
		/* the detector weighing a damaged text: each line on its own */
		if (marker(s, n, i, &nested) || dword_at(s, n, i, &unknown, &v) || i >= 9)
			return;
		gk_in_line_error(out, i, "not a line of Mesa's IB listing");
		return;
	}
	char m = marker(s, n, i, &nested);
	if (m) {
		if (nested) {
			if (m == 'b') {
				st->depth++;
				if (!st->nested_line)
					st->nested_line = line_no;
			} else if (st->depth) {
				st->depth--;
			} else {
				gk_in_line_error(out, i, "a nested IB's end without its begin");
			}
			return;
		}
		flush(st, out, i);
		if (m == 'b') {
			if (st->in_ib && st->seen_begin) {
				gk_in_line_error(out, i, "an IB's begin inside another IB (its end line is missing)");
				return;
			}
			st->in_ib = st->seen_begin = true;
			st->ibs++;
		} else {
			if (!st->in_ib || st->depth) {
				gk_in_line_error(out, i, st->depth ? "an IB's end inside a nested IB" : "an IB's end without its begin");
				return;
			}
			st->in_ib = false;
		}
		return;
	}
	if (i == 0 && gk_scan_starts(s, n, i, "Trace ID:"))
		return; /* RADV's trace id before the IB */
	if (!st->in_ib && st->seen_begin) {
		gk_in_line_error(out, i, "a line after the end of Mesa's IB listing");
		return;
	}
	st->in_ib = true;
	if (st->form != FORM_DECODE && dword_at(s, n, i, &unknown, &v)) {
		st->form = FORM_DWORDS;
		if (unknown) {
			gk_in_line_error(out, i, "Mesa printed ???????? for a dword past the end of the IB: the packet before runs "
					 "past the IB's end and its words are not in the listing");
			return;
		}
		if (st->depth) {
			st->nested_words++; /* another buffer's (the IB a packet points to) */
			return;
		}
		out->words[0] = v;
		out->n = 1;
		return;
	}
	if (st->form == FORM_DWORDS) {
		/* Mesa's decode beside the dwords is indented 9 spaces past them */
		if (i < 9 + 4 * st->depth)
			gk_in_line_error(out, i, "not a line of Mesa's IB listing: expected a dword (8 hex digits) or Mesa's "
					 "decode indented beside it");
		return;
	}
	/* the listing without dwords */
	size_t nl;
	if (packet_line(s, n, i, &nl)) {
		st->form = FORM_DECODE;
		flush(st, out, i);
		if (out->err_col)
			return;
		int set = -1;
		for (size_t r = 0; r < sizeof set_regs / sizeof set_regs[0]; r++)
			if (nl == strlen(set_regs[r].name) && !memcmp(s + i, set_regs[r].name, nl))
				set = (int)r;
		if (set < 0) {
			gk_in_line_errorf(out, i, "Mesa printed %.*s without its dwords: its words are not in the listing (only "
					  "SET_*_REG packets are rebuilt, from their register names and values)",
					  (int)(nl > 40 ? 40 : nl), s + i);
			return;
		}
		st->pending = true;
		st->set = set;
		st->flags = 0;
		st->index = 0;
		st->nregs = 0;
		st->pkt_line = line_no;
		/* the header bits Mesa notes after the name (PKT3_PREDICATE,
		 * PKT3_SHADER_TYPE_S, PKT3_RESET_FILTER_CAM_S in sid.h) */
		for (size_t k = i + nl; k < e; k++) {
			if (gk_scan_starts(s, n, k, "(predicate"))
				st->flags |= 1u;
			else if (gk_scan_starts(s, n, k, "(shader_type=compute)"))
				st->flags |= 2u;
			else if (gk_scan_starts(s, n, k, "(reset_filter_cam)"))
				st->flags |= 4u;
		}
		return;
	}
	size_t k = i;
	while (k < e && (is_ident(s[k]) || (k == i + 1 && s[k] == 'x')))
		k++;
	if (k > i && i > 0 && gk_scan_starts(s, n, k, " <- ")) {
		st->form = FORM_DECODE;
		reg_line(st, in, s, n, i, k, out);
		return;
	}
	if (k > i && i > 0 && gk_scan_starts(s, n, k, " = "))
		return; /* a field of the register above: its value is on the register's line */
	gk_in_line_error(out, i, st->form == FORM_DECODE
					 ? "not a line of Mesa's IB listing: expected a packet name (NAME:), a register "
					   "(  NAME <- VALUE) or one of its fields (  FIELD = VALUE)"
					 : "not a line of Mesa's IB listing");
}

static bool mesa_end(void *stp, struct gk_input *in, char *msg, size_t cap, uint32_t *line)
{
	struct mesa_st *st = stp;
	if (st->pending) {
		snprintf(msg, cap, "the listing ends inside %s (no 'IB end' line): how many registers it sets is not known",
			 set_regs[st->set].name);
		*line = st->pkt_line;
		return true;
	}
	if (st->rebuilt)
		gk_in_note(in, false, st->first_rebuilt_line,
			   "Mesa printed this listing without its dwords: %llu SET_*_REG packets rebuilt from their names, "
			   "register names and values", (unsigned long long)st->rebuilt);
	if (st->nested_words)
		gk_in_note(in, false, st->nested_line,
			   "%llu dwords of IBs Mesa followed (nested begin/end) skipped: they are those buffers' words, not this one's",
			   (unsigned long long)st->nested_words);
	if (st->ibs > 1)
		gk_in_note(in, false, 0, "%u IBs, read one after another (offsets count words from the first)", st->ibs);
	return false;
}

const struct gk_reader gk_reader_mesa = {
	.format = GK_IN_MESA,
	.name = "mesa",
	.what = "a Mesa IB listing",
	.flags = GK_RD_TEXT,
	.state_size = sizeof(struct mesa_st),
	.sniff_line = mesa_sniff,
	.line = mesa_line,
	.end = mesa_end,
};
