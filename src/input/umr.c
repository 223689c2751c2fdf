/* The umr reader: umr's ring and IB listings, one word a line,
 * "[VMID@0xADDR + 0xOFF]\t[        0xWORD]\t..." (the decoded text after
 * it is umr's); its other lines ("Decoding IB at ...", register reads,
 * shader disassembly) carry no words.  Its addresses are GPU addresses.
 *
 * umr has printed its listings two ways.  Older umr writes the VMID in
 * decimal ("[0@0x00000400 + 0x0000]"); a current umr writes it in hex
 * ("[0x3@0x80010005ad00 + 0x0000]") and prints only the words it decodes:
 * the register-offset dword of every SET_*_REG packet is left out (the
 * register names it prints after "|---> " stand for it), NOP bodies are
 * left out, and so is the DISPATCH_INITIATOR of DISPATCH_DIRECT (umr's
 * pm4 opcode decoder, umr_pm4_decode_opcodes.c, adds DIM_X/Y/Z only).
 * The words left out are rebuilt where the listing determines them:
 *  - a SET_CONFIG/CONTEXT/SH/UCONFIG_REG's offset dword, from the first
 *    register name through the register tables of the GPU
 *    (gk_input_set_reg_lookup) less the packet's register space base;
 *  - a NOP's body, which the CP skips, as zero words;
 * and said once per listing as a note.  Any other word left out is an
 * error naming the packet and dword, as nothing in the listing gives it.
 *
 * Each "Decoding IB at" section is one buffer at its own GPU address: the
 * words of a later section follow those of the one before with a break in
 * the offsets (the ring, then each IB umr followed). */
#include <stdio.h>
#include <string.h>

#include "reader.h"
#include "scan.h"

/* The type-3 opcodes whose first body dword is a register offset into a
 * register space (dword address less the space's base): the amdgpu kernel
 * headers' PACKET3_SET_*_REG and PACKET3_SET_*_REG_START (nvd.h, sid.h). */
static const struct {
	uint8_t opcode;
	uint32_t base; /* dword address of offset 0 */
} set_regs[] = {
	{ 0x68, 0x2000 }, /* SET_CONFIG_REG */
	{ 0x69, 0xa000 }, /* SET_CONTEXT_REG */
	{ 0x76, 0x2c00 }, /* SET_SH_REG */
	{ 0x79, 0xc000 }, /* SET_UCONFIG_REG */
};

#define PKT3_NOP 0x10

/* Words umr's pm4 decoder never prints and nothing it prints determines
 * (umr_pm4_decode_opcodes.c): DISPATCH_DIRECT's initiator (umr prints
 * DIM_X/Y/Z only; the initiator's bits, such as COMPUTE_SHADER_EN or
 * ORDER_MODE, are in no other word of the listing). */
static const struct {
	uint8_t opcode;
	uint8_t dw; /* body dword, the header being 0 */
	const char *field;
} unprinted[] = {
	{ 0x15, 4, "DISPATCH_INITIATOR" },
};

struct umr_st {
	bool have_next;      /* a word has been given in this section */
	uint64_t next;       /* the address after it */
	bool new_section;    /* "Decoding IB at": the next word starts a buffer */
	bool in_pkt;         /* a type-3 packet is being listed */
	uint8_t opcode;
	uint64_t hdr;        /* its header's address */
	uint64_t end;        /* the address after its body */
	char name[48];       /* umr's name of it ("PKT3_SET_SH_REG") */
	uint64_t rebuilt_offsets, rebuilt_nop, nops;
	uint32_t first_line; /* the first line a word was rebuilt at */
	/* packets cut where umr left out their last words (unprinted[]): how
	 * many, and the first one's line, address, name, field and dword */
	uint64_t cut, cut_addr;
	uint32_t cut_line;
	unsigned cut_dw;
	const char *cut_field;
	char cut_name[48];
};

struct umr_word {
	uint64_t addr, word;
	size_t addr_at, addr_len;
	const char *text;    /* umr's decode after the word */
	size_t text_n;
};

static bool parse_word(const char *s, size_t n, struct umr_word *w, struct gk_in_line *out)
{
	size_t i = 0;
	gk_scan_spaces(s, n, &i);
	size_t k = i + 1;
	uint64_t vmid, base, off, v;
	/* the VMID: decimal from older umr, hex (0x3) from a current one */
	bool ok = gk_scan_starts(s, n, k, "0x") ? gk_scan_hex(s, n, &k, true, 4, &vmid) : gk_scan_dec(s, n, &k, &vmid);
	if (!ok || k >= n || s[k] != '@') {
		gk_in_line_error(out, k, "expected '[VMID@0xADDR + 0xOFFSET]'");
		return false;
	}
	k++;
	if (!gk_scan_hex(s, n, &k, true, 16, &base) || !gk_scan_starts(s, n, k, " + ")) {
		gk_in_line_error(out, k, "expected '@0xADDR + 0xOFFSET]'");
		return false;
	}
	k += 3;
	if (!gk_scan_hex(s, n, &k, true, 16, &off) || k >= n || s[k] != ']') {
		gk_in_line_error(out, k, "expected '0xOFFSET]'");
		return false;
	}
	w->addr_at = i;
	w->addr_len = k + 1 - i;
	k++;
	gk_scan_spaces(s, n, &k);
	if (k >= n || s[k] != '[') {
		gk_in_line_error(out, k, "expected '[0xWORD]'");
		return false;
	}
	k++;
	gk_scan_spaces(s, n, &k);
	if (!gk_scan_hex(s, n, &k, true, 8, &v) || k >= n || s[k] != ']') {
		gk_in_line_error(out, k, "expected '0xWORD]'");
		return false;
	}
	k++;
	gk_scan_spaces(s, n, &k);
	w->addr = base + off;
	w->word = v;
	w->text = s + k;
	w->text_n = gk_scan_trim_end(s, n) > k ? gk_scan_trim_end(s, n) - k : 0;
	return true;
}

static void put(struct gk_in_line *out, const struct umr_word *w)
{
	out->words[0] = (uint32_t)w->word;
	out->n = 1;
	out->has_addr = true;
	out->addr = w->addr;
	out->addr_at = (uint16_t)w->addr_at;
	out->addr_len = (uint16_t)w->addr_len;
}

static const char *set_reg_base(uint8_t opcode, uint32_t *base)
{
	for (size_t i = 0; i < sizeof set_regs / sizeof set_regs[0]; i++)
		if (set_regs[i].opcode == opcode) {
			*base = set_regs[i].base;
			return "";
		}
	return NULL;
}

/* The register umr names on a body line, "|---> gfx1033.mmNAME=0x20":
 * NAME (its IP prefix and umr's "mm"/"reg" prefix taken off). */
static bool reg_name(const struct umr_word *w, const char **name, size_t *len)
{
	const char *t = w->text;
	size_t n = w->text_n, i = 0;
	if (!gk_scan_starts(t, n, 0, "|---> "))
		return false;
	i = 6;
	size_t eq = i;
	while (eq < n && t[eq] != '=' && t[eq] != ' ' && t[eq] != ',')
		eq++;
	if (eq >= n || t[eq] != '=')
		return false;
	size_t dot = eq;
	while (dot > i && t[dot - 1] != '.')
		dot--;
	size_t a = dot;
	if (eq - a > 2 && gk_scan_starts(t, n, a, "mm"))
		a += 2;
	else if (eq - a > 3 && gk_scan_starts(t, n, a, "reg"))
		a += 3;
	if (a == eq)
		return false;
	*name = t + a;
	*len = eq - a;
	return true;
}

static void first_rebuilt(struct umr_st *st, uint32_t line_no)
{
	if (!st->first_line)
		st->first_line = line_no;
}

/* The packet being listed lacks only its last dword, one umr never prints
 * (unprinted[]): it ends where its buffer ends (cut, shown raw by the
 * engine), counted for the note (true). */
static bool cut_at_end(struct umr_st *st, uint32_t line_no)
{
	unsigned dw = (unsigned)((st->next - st->hdr) / 4);
	if (!st->in_pkt || st->end != st->next + 4)
		return false;
	for (size_t i = 0; i < sizeof unprinted / sizeof unprinted[0]; i++)
		if (unprinted[i].opcode == st->opcode && unprinted[i].dw == dw) {
			if (!st->cut++) {
				st->cut_line = line_no;
				st->cut_addr = st->hdr;
				snprintf(st->cut_name, sizeof st->cut_name, "%s", st->name);
				st->cut_field = unprinted[i].field;
				st->cut_dw = dw;
			}
			return true;
		}
	return false;
}

/* The words between st->next and addr are missing inside the packet being
 * listed: rebuild them into out (true), or say why not (error). */
static bool rebuild(struct umr_st *st, struct gk_input *in, const struct umr_word *w, uint32_t line_no,
		    struct gk_in_line *out)
{
	uint64_t gap = (w->addr - st->next) / 4;
	uint32_t base;
	unsigned dw = (unsigned)((st->next - st->hdr) / 4);
	if (st->in_pkt && st->opcode == PKT3_NOP && st->next == st->hdr + 4 && w->addr <= st->end) {
		/* the CP skips a NOP's body: what it held does not matter */
		out->pad = (uint32_t)gap;
		out->pad_word = 0;
		st->rebuilt_nop += gap;
		st->nops++;
		first_rebuilt(st, line_no);
		return true;
	}
	if (st->in_pkt && set_reg_base(st->opcode, &base) && st->next == st->hdr + 4 && gap == 1) {
		const char *name;
		size_t len;
		uint32_t off;
		if (!reg_name(w, &name, &len)) {
			gk_in_line_errorf(out, w->addr_at,
					  "umr lists no word at 0x%llx, the register offset of %s at 0x%llx, and names no register for it",
					  (unsigned long long)st->next, st->name, (unsigned long long)st->hdr);
			return false;
		}
		if (gk_in_reg_lookup(in, name, len, &off)) {
			gk_in_line_errorf(out, w->addr_at,
					  "umr lists no word at 0x%llx, the register offset of %s, and its register %.*s is not in "
					  "the register tables (give the GPU's generation with -g)",
					  (unsigned long long)st->next, st->name, (int)(len > 60 ? 60 : len), name);
			return false;
		}
		uint32_t dwa = off / 4;
		if (dwa < base || dwa - base > 0xffff) {
			gk_in_line_errorf(out, w->addr_at,
					  "umr lists no word at 0x%llx, the register offset of %s, and its register %.*s "
					  "(0x%x) is outside that packet's register space",
					  (unsigned long long)st->next, st->name, (int)(len > 60 ? 60 : len), name, off);
			return false;
		}
		out->words[0] = dwa - base;
		out->words[1] = (uint32_t)w->word;
		out->n = 2;
		out->has_addr = true;
		out->addr = st->next;
		out->addr_at = (uint16_t)w->addr_at;
		out->addr_len = (uint16_t)w->addr_len;
		st->rebuilt_offsets++;
		first_rebuilt(st, line_no);
		return true;
	}
	for (size_t i = 0; st->in_pkt && st->next < st->end && i < sizeof unprinted / sizeof unprinted[0]; i++)
		if (unprinted[i].opcode == st->opcode && unprinted[i].dw == dw) {
			if (w->addr == st->end && cut_at_end(st, line_no)) {
				/* the listing goes on in another buffer at the next
				 * word umr printed */
				out->brk = true;
				return true;
			}
			/* short enough for a diagnostic's 160 bytes with 48-bit addresses */
			gk_in_line_errorf(out, w->addr_at,
					  "no word at 0x%llx: %s's %s (dword %u), which umr never prints; give the IB itself "
					  "(umr --dump-ib-file)",
					  (unsigned long long)st->next, st->name, unprinted[i].field, dw);
			return false;
		}
	if (st->in_pkt && st->next < st->end)
		gk_in_line_errorf(out, w->addr_at,
				  "umr lists no word at 0x%llx, dword %u of %s at 0x%llx, and nothing in its listing gives it: "
				  "give gfxkit the IB itself (umr --dump-ib-file, or a binary)",
				  (unsigned long long)st->next, dw, st->name, (unsigned long long)st->hdr);
	else
		gk_in_line_errorf(out, w->addr_at,
				  "umr lists no word at 0x%llx (its decode leaves out words it does not name): "
				  "give gfxkit the IB itself (umr --dump-ib-file, or a binary)",
				  (unsigned long long)st->next);
	return false;
}

/* A packet header line: "Opcode 0x76 [PKT3_SET_SH_REG] (2 words, type: 3, hdr: 0xc0017600)" */
static void header(struct umr_st *st, const struct umr_word *w)
{
	uint32_t h = (uint32_t)w->word;
	st->in_pkt = false;
	if (!gk_scan_starts(w->text, w->text_n, 0, "Opcode ") || (h >> 30) != 3)
		return;
	st->in_pkt = true;
	st->opcode = (uint8_t)(h >> 8);
	st->hdr = w->addr;
	/* the body: COUNT + 1 dwords, none for the one-dword NOP (a COUNT of
	 * 0x3fff, PACKET3_NOP_PAD of Mesa's sid.h; umr prints it "(0 words") */
	st->end = w->addr + 4 + (h == 0xffff1000u ? 0 : 4ull * (((h >> 16) & 0x3fff) + 1));
	const char *b = memchr(w->text, '[', w->text_n);
	const char *e = b ? memchr(b, ']', w->text_n - (size_t)(b - w->text)) : NULL;
	if (b && e && (size_t)(e - b - 1) < sizeof st->name)
		snprintf(st->name, sizeof st->name, "%.*s", (int)(e - b - 1), b + 1);
	else
		snprintf(st->name, sizeof st->name, "opcode 0x%02x", st->opcode);
}

/* The end of a section: a NOP whose body umr left out entirely. */
static void section_end(struct umr_st *st, uint32_t line_no, struct gk_in_line *out)
{
	if (st->have_next && st->in_pkt && st->opcode == PKT3_NOP && st->next == st->hdr + 4) {
		uint64_t gap = (st->end - st->next) / 4;
		out->pad = (uint32_t)gap;
		out->pad_word = 0;
		out->has_addr = true;
		out->addr = st->end;
		out->n = 0;
		st->rebuilt_nop += gap;
		st->nops++;
		first_rebuilt(st, line_no);
		st->next = st->end;
	} else if (st->have_next) {
		cut_at_end(st, line_no); /* the section ends where umr stopped printing the packet */
	}
	st->in_pkt = false;
}

static void parse_probe(const char *s, size_t n, struct gk_in_line *out);

static void umr_line(void *stp, struct gk_input *in, const char *s, size_t n, uint32_t line_no, struct gk_in_line *out)
{
	struct umr_st *st = stp;
	size_t i = 0;
	if (!in) {
		/* the detector weighing a damaged text: each line on its own */
		gk_scan_spaces(s, n, &i);
		if (i < n && s[i] == '[')
			parse_probe(s, n, out);
		return;
	}
	gk_scan_spaces(s, n, &i);
	if (i >= n || s[i] == '\r')
		return;
	if (s[i] != '[') {
		/* umr's other lines carry no words; a section's start and end matter */
		if (gk_scan_starts(s, n, i, "Decoding IB at ")) {
			section_end(st, line_no, out);
			st->new_section = true;
		} else if (gk_scan_starts(s, n, i, "Done decoding IB")) {
			section_end(st, line_no, out);
		}
		return;
	}
	struct umr_word w;
	if (!parse_word(s, n, &w, out))
		return;
	if (st->new_section || !st->have_next) {
		out->brk = st->have_next;
		st->new_section = false;
		st->in_pkt = false;
		st->next = w.addr;
	}
	if (st->have_next && w.addr > st->next && !((w.addr - st->next) & 3) && !out->brk) {
		if (!rebuild(st, in, &w, line_no, out))
			return;
		if (out->n == 2) {
			st->next = w.addr + 4;
			return;
		}
		if (out->brk)
			st->in_pkt = false; /* the cut packet is over: this word starts the next */
	}
	st->have_next = true;
	put(out, &w);
	st->next = w.addr + 4;
	/* umr's own word for where a packet starts: its "Opcode" line */
	if (!st->in_pkt || w.addr >= st->end || gk_scan_starts(w.text, w.text_n, 0, "Opcode "))
		header(st, &w);
}

static bool umr_end(void *stp, struct gk_input *in, char *msg, size_t cap, uint32_t *line)
{
	struct umr_st *st = stp;
	(void)msg;
	(void)cap;
	(void)line;
	if (st->have_next)
		cut_at_end(st, 0); /* the listing ends where umr stopped printing the packet */
	if (st->rebuilt_offsets || st->rebuilt_nop) {
		/* only the kinds rebuilt, each counted in words and packets */
		char offs[96] = "", nops[96] = "";
		unsigned long long o = st->rebuilt_offsets, w = st->rebuilt_nop, p = st->nops;
		if (o)
			snprintf(offs, sizeof offs, "%llu SET_*_REG register offset%s from the register names umr printed", o,
				 o == 1 ? "" : "s");
		if (w)
			snprintf(nops, sizeof nops, "%s%llu NOP body word%s (of %llu NOP%s) as zeros (the CP skips them)",
				 o ? ", " : "", w, w == 1 ? "" : "s", p, p == 1 ? "" : "s");
		gk_in_note(in, false, st->first_line, "umr leaves out the words it does not print; %llu rebuilt: %s%s", o + w,
			   offs, nops);
	}
	if (st->cut)
		gk_in_note(in, true, st->cut_line,
			   "umr never prints %s's %s (dword %u) and nothing in its listing gives it: %llu packet%s cut "
			   "there, the first at 0x%llx; what umr printed after each is read as a buffer of its own; give "
			   "the IB itself (umr --dump-ib-file) to have %s whole",
			   st->cut_name, st->cut_field, st->cut_dw, (unsigned long long)st->cut, st->cut == 1 ? "" : "s",
			   (unsigned long long)st->cut_addr, st->cut == 1 ? "it" : "them");
	return false;
}

static void parse_probe(const char *s, size_t n, struct gk_in_line *out)
{
	struct umr_word w;
	if (parse_word(s, n, &w, out))
		put(out, &w);
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
		parse_probe(s, n, &t);
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
	.flags = GK_RD_TEXT | GK_RD_GPU_ADDR | GK_RD_BUFFERS,
	.state_size = sizeof(struct umr_st),
	.sniff_line = umr_sniff,
	.line = umr_line,
	.gap = umr_gap,
	.end = umr_end,
};
