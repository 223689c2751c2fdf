/* Adreno framing: which header kind a word is, whether its parity bits
 * hold, how long the packet is and which description explains it; the
 * generation and GPU names (Mesa freedreno_devices.py: GPU names and chip
 * ids; adreno_pm4.xml: the headers, see adreno_tab.c). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/adreno.h"
#include "gfxkit/diag.h"
#include "gfxkit/stream.h"
#include "gfxkit/unit.h"
#include "engine_ops.h" /* src/core */
#include "layout.h"     /* src/core */
#include "adreno_tab.h"

/* Mesa's pm4_odd_parity_bit (freedreno adreno_pm4.xml users, the kernel's
 * PM4_PARITY): the bit that makes the number of ones in value + bit odd. */
static unsigned odd_parity(uint32_t v)
{
	v ^= v >> 16;
	v ^= v >> 8;
	v ^= v >> 4;
	return (0x9669u >> (v & 0xfu)) & 1u;
}

struct gen_info {
	unsigned bit;
	const char *name;
	const struct gk_reg_table *regs;
};

static const struct gen_info gens[] = {
	{ GK_ADRENO_A2XX, "a2xx", &gk_adreno_regs_a2xx }, { GK_ADRENO_A3XX, "a3xx", &gk_adreno_regs_a3xx },
	{ GK_ADRENO_A4XX, "a4xx", &gk_adreno_regs_a4xx }, { GK_ADRENO_A5XX, "a5xx", &gk_adreno_regs_a5xx },
	{ GK_ADRENO_A6XX, "a6xx", &gk_adreno_regs_a6xx }, { GK_ADRENO_A7XX, "a7xx", &gk_adreno_regs_a7xx },
};

/* GPU names of Mesa's freedreno_devices.py, by generation.  a702 is an
 * a6xx-class GPU there (CHIP.A6XX) despite its name. */
static const struct {
	const char *name;
	unsigned gen;
} gpus[] = {
	{ "a200", GK_ADRENO_A2XX }, { "a201", GK_ADRENO_A2XX }, { "a205", GK_ADRENO_A2XX },
	{ "a220", GK_ADRENO_A2XX }, { "a225", GK_ADRENO_A2XX },
	{ "a305", GK_ADRENO_A3XX }, { "a306", GK_ADRENO_A3XX }, { "a307", GK_ADRENO_A3XX },
	{ "a320", GK_ADRENO_A3XX }, { "a330", GK_ADRENO_A3XX },
	{ "a405", GK_ADRENO_A4XX }, { "a420", GK_ADRENO_A4XX }, { "a430", GK_ADRENO_A4XX },
	{ "a505", GK_ADRENO_A5XX }, { "a506", GK_ADRENO_A5XX }, { "a508", GK_ADRENO_A5XX },
	{ "a509", GK_ADRENO_A5XX }, { "a510", GK_ADRENO_A5XX }, { "a512", GK_ADRENO_A5XX },
	{ "a530", GK_ADRENO_A5XX }, { "a540", GK_ADRENO_A5XX },
	{ "a605", GK_ADRENO_A6XX }, { "a608", GK_ADRENO_A6XX }, { "a610", GK_ADRENO_A6XX },
	{ "a612", GK_ADRENO_A6XX }, { "a615", GK_ADRENO_A6XX }, { "a616", GK_ADRENO_A6XX },
	{ "a618", GK_ADRENO_A6XX }, { "a619", GK_ADRENO_A6XX }, { "a620", GK_ADRENO_A6XX },
	{ "a621", GK_ADRENO_A6XX }, { "a630", GK_ADRENO_A6XX }, { "a635", GK_ADRENO_A6XX },
	{ "a640", GK_ADRENO_A6XX }, { "a650", GK_ADRENO_A6XX }, { "a660", GK_ADRENO_A6XX },
	{ "a663", GK_ADRENO_A6XX }, { "a680", GK_ADRENO_A6XX }, { "a690", GK_ADRENO_A6XX },
	{ "a702", GK_ADRENO_A6XX },
	{ "a710", GK_ADRENO_A7XX }, { "a720", GK_ADRENO_A7XX }, { "a725", GK_ADRENO_A7XX },
	{ "a730", GK_ADRENO_A7XX }, { "a735", GK_ADRENO_A7XX }, { "a740", GK_ADRENO_A7XX },
	{ "a750", GK_ADRENO_A7XX },
};

const char *gk_adreno_gpu_help(void)
{
	return "a2xx (a200 a201 a205 a220 a225), a3xx (a305 a306 a307 a320 a330), a4xx (a405 a420 a430), "
	       "a5xx (a505 a506 a508 a509 a510 a512 a530 a540), "
	       "a6xx (a605 a608 a610 a612 a615 a616 a618 a619 a620 a621 a630 a635 a640 a650 a660 a663 a680 a690 a702), "
	       "a7xx (a710 a720 a725 a730 a735 a740 a750); or Mesa's chip id (0x06030002, 6.3.0.2); any case";
}

static bool same_name(const char *a, const char *b)
{
	for (; *a && *b; a++, b++) {
		char x = (*a >= 'A' && *a <= 'Z') ? (char)(*a - 'A' + 'a') : *a;
		if (x != *b)
			return false;
	}
	return *a == *b;
}

/* A Mesa chip id: 0xCCMMmmPP (core, major, minor, patch), as the .rd
 * CHIP_ID section and crashdec print it, or dotted "6.3.0.2"; the core
 * number is the generation (a702's chip id 0x07000200 is a6xx-class, as
 * Mesa says). */
static unsigned chip_id_gen(const char *s)
{
	unsigned core = 0, major = 0;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		char *end = 0;
		unsigned long long v = strtoull(s + 2, &end, 16);
		if (!end || *end || end == s + 2 || v > 0xffffffffull)
			return 0;
		core = (unsigned)(v >> 24) & 0xffu;
		major = (unsigned)(v >> 16) & 0xffu;
		if (v == 0x07000200ull)
			return GK_ADRENO_A6XX;
	} else {
		unsigned a, b, c, d;
		char tail;
		if (sscanf(s, "%u.%u.%u.%u%c", &a, &b, &c, &d, &tail) != 4)
			return 0;
		core = a;
		major = b;
		if (a == 7 && b == 0 && c == 2)
			return GK_ADRENO_A6XX;
	}
	(void)major;
	return core >= 2 && core <= 7 ? 1u << (core - 2) : 0;
}

static unsigned gen_of(const char *gpu)
{
	if (!gpu)
		return 0;
	for (size_t i = 0; i < sizeof gens / sizeof gens[0]; i++)
		if (same_name(gpu, gens[i].name))
			return gens[i].bit;
	for (size_t i = 0; i < sizeof gpus / sizeof gpus[0]; i++)
		if (same_name(gpu, gpus[i].name))
			return gpus[i].gen;
	return chip_id_gen(gpu);
}

const struct gk_reg_table *gk_adreno_regs(const char *gpu)
{
	unsigned g = gen_of(gpu);
	for (size_t i = 0; i < sizeof gens / sizeof gens[0]; i++)
		if (gens[i].bit == g)
			return gens[i].regs;
	return NULL;
}

static void by_opcode(const struct gk_format *fmt, unsigned op, struct gk_frame *out)
{
	out->opcode = (int32_t)op;
	out->desc = fmt->by_op[op];
	if (!out->desc) {
		out->desc = fmt->any_op[op];
		if (out->desc) {
			out->other_gen = 1;
		} else {
			out->desc = &fmt->descs[GK_ADRENO_ROW_RAW];
			out->unknown = 1;
		}
	}
}

/* a5xx+ headers with their parity bits: each parity bit makes its field
 * and itself an odd number of ones: type-4 COUNT with bit 7, OFFSET with
 * bit 27; type-7 COUNT [13:0] with bit 15, OPCODE [22:16] with bit 23.
 * The compiler's parity of the masked header is the same test as
 * odd_parity per field, in a third of the instructions (a fifth of the
 * framing of the a630 bench stream was these tests). */
static inline bool type4_header(uint32_t h)
{
	return h >> 28 == 4 && __builtin_parity(h & 0xffu) && __builtin_parity(h & 0x0fffff00u);
}

static inline bool type7_header(uint32_t h)
{
	return h >> 28 == 7 && !(h & 0x4000u) && __builtin_parity(h & 0xbfffu) && __builtin_parity(h & 0x00ff0000u);
}

/* frame7's length from the header alone (span7): a type-4
 * or type-7 packet's count and its header, any other word one dword (not
 * a packet) */
static uint32_t header_len7(const struct gk_format *fmt, uint32_t h)
{
	(void)fmt;
	return type4_header(h) ? (h & 0x7fu) + 1 : type7_header(h) ? (h & 0x3fffu) + 1 : 1;
}

/* a2xx-a4xx: frame3's length from the header alone: types 0 and 3 their
 * count + 2, types 1 and 2 one dword */
static uint32_t header_len3(const struct gk_format *fmt, uint32_t h)
{
	(void)fmt;
	unsigned type = h >> 30;
	return type == 0 || type == 3 ? ((h >> 16) & 0x3fffu) + 2 : 1;
}

static size_t span7(const struct gk_format *fmt, const uint32_t *p, size_t avail, size_t goal, bool *cut)
{
	return gk_span_by_header(fmt, p, avail, goal, cut, header_len7);
}

static size_t span3(const struct gk_format *fmt, const uint32_t *p, size_t avail, size_t goal, bool *cut)
{
	return gk_span_by_header(fmt, p, avail, goal, cut, header_len3);
}

/* a5xx+: type-4 and type-7 (type4_header, type7_header).  The tests read the
 * header from a local, and each member is stored once: a member stored
 * and read back (out may alias what the compiler cannot see) cost framing
 * a fifth of its instructions (callgrind, check -g a630 -e adreno). */
static void frame7(const struct gk_format *fmt, const uint32_t *p, size_t avail, struct gk_frame *out)
{
	(void)avail;
	uint32_t h = p[0];
	unsigned type = h >> 28;
	out->sub_opcode = -1;
	out->unknown = 0;
	out->other_gen = 0;
	out->type = (uint8_t)type;
	if (type4_header(h)) {
		out->opcode = -1;
		out->desc = &fmt->descs[GK_ADRENO_ROW_REGS];
		out->ndw = (h & 0x7fu) + 1;
		return;
	}
	if (type7_header(h)) {
		out->ndw = (h & 0x3fffu) + 1;
		by_opcode(fmt, (h >> 16) & 0x7fu, out);
		return;
	}
	out->opcode = -1;
	out->desc = &fmt->descs[GK_ADRENO_ROW_BAD];
	out->ndw = 1;
}

/* a2xx-a4xx: types 0, 2 and 3; type 1 (a2xx's two-register write) is
 * not decoded: one raw dword */
static void frame3(const struct gk_format *fmt, const uint32_t *p, size_t avail, struct gk_frame *out)
{
	(void)avail;
	uint32_t h = p[0];
	out->opcode = -1;
	out->sub_opcode = -1;
	out->unknown = 0;
	out->other_gen = 0;
	out->type = (uint8_t)(h >> 30);
	out->ndw = 1;
	switch (out->type) {
	case 0:
		out->desc = &fmt->descs[GK_ADRENO_ROW_REGS];
		out->ndw = ((h >> 16) & 0x3fffu) + 2;
		return;
	case 2:
		out->desc = &fmt->descs[GK_ADRENO_ROW_NOP2];
		return;
	case 3:
		out->ndw = ((h >> 16) & 0x3fffu) + 2;
		by_opcode(fmt, (h >> 8) & 0xffu, out);
		return;
	default:
		out->desc = &fmt->descs[GK_ADRENO_ROW_BAD];
		return;
	}
}

/* A BAD_HEADER row: say what is wrong with the word */
static void check_framing(const struct gk_format *fmt, const struct gk_packet *pkt, struct gk_diags *out)
{
	if (pkt->frame.desc != &fmt->descs[GK_ADRENO_ROW_BAD] || pkt->ndw < 1)
		return;
	uint32_t h = pkt->dw[0];
	if (fmt->descs == gk_adreno_pkt3_gen) {
		gk_diags_add(out, pkt, GK_ERROR, GK_D_TYPE1, 0, 30, 31, "TYPE",
			     "0x%08x: a type-1 header, which is not decoded: one raw dword", (unsigned)h);
		return;
	}
	unsigned type = h >> 28;
	if (type == 4) {
		uint32_t cnt = h & 0x7fu, off = (h >> 8) & 0x7ffffu;
		if (((h >> 7) & 1u) != odd_parity(cnt))
			gk_diags_add(out, pkt, GK_ERROR, GK_D_UNKNOWN_OPCODE, 0, 7, 7, "COUNT_PARITY",
				     "0x%08x: type-4 count parity bit is %u, the odd parity of COUNT %u is %u: not a packet",
				     (unsigned)h, (unsigned)((h >> 7) & 1u), (unsigned)cnt, odd_parity(cnt));
		else
			gk_diags_add(out, pkt, GK_ERROR, GK_D_UNKNOWN_OPCODE, 0, 27, 27, "OFFSET_PARITY",
				     "0x%08x: type-4 offset parity bit is %u, the odd parity of OFFSET 0x%x is %u: not a packet",
				     (unsigned)h, (unsigned)((h >> 27) & 1u), (unsigned)off, odd_parity(off));
	} else if (type == 7) {
		uint32_t cnt = h & 0x3fffu, op = (h >> 16) & 0x7fu;
		if (h & 0x4000u)
			gk_diags_add(out, pkt, GK_ERROR, GK_D_UNKNOWN_OPCODE, 0, 14, 14, 0,
				     "0x%08x: type-7 header bit 14 is set: not a packet", (unsigned)h);
		else if (((h >> 15) & 1u) != odd_parity(cnt))
			gk_diags_add(out, pkt, GK_ERROR, GK_D_UNKNOWN_OPCODE, 0, 15, 15, "COUNT_PARITY",
				     "0x%08x: type-7 count parity bit is %u, the odd parity of COUNT %u is %u: not a packet",
				     (unsigned)h, (unsigned)((h >> 15) & 1u), (unsigned)cnt, odd_parity(cnt));
		else
			gk_diags_add(out, pkt, GK_ERROR, GK_D_UNKNOWN_OPCODE, 0, 23, 23, "OPCODE_PARITY",
				     "0x%08x: type-7 opcode parity bit is %u, the odd parity of OPCODE 0x%02x is %u: not a packet",
				     (unsigned)h, (unsigned)((h >> 23) & 1u), (unsigned)op, odd_parity(op));
	} else {
		gk_diags_add(out, pkt, GK_ERROR, GK_D_UNKNOWN_OPCODE, 0, 28, 31, "TYPE",
			     "0x%08x: packet type %u is none of a5xx+'s (4, 7): not a packet", (unsigned)h, type);
	}
}

/* A field of the unit by name: its value, and whether it is there */
static bool field(const struct gk_unit *u, const char *name, uint64_t *v)
{
	const struct gk_unit_field *f = gk_unit_field(u, name);
	*v = f ? f->value : 0;
	return f != NULL;
}

/* The buffers a packet points the CP at (struct gk_format.follow): the
 * enabled groups of a CP_SET_DRAW_STATE, the shader of a load (the rows of
 * adreno_tab.c) */
static unsigned follow(const struct gk_format *fmt, const struct gk_unit *u, struct gk_follow_ref *out, unsigned cap)
{
	const struct gk_packet_desc *d = u->desc;
	const uint32_t *w = u->pkt.dw;
	uint32_t n = u->pkt.ndw;
	unsigned k = 0;
	if (!d || u->pkt.truncated || u->pkt.frame.opcode < 0)
		return 0; /* every row is an opcode packet: a register write (type 4, type 0) points at nothing */
	const struct gk_adreno_group_row *r = NULL;
	for (unsigned i = 0; i < gk_adreno_ndraw_state_rows; i++)
		if ((gk_adreno_draw_state_rows[i].gens & fmt->gen_bit) && !strcmp(d->name, gk_adreno_draw_state_rows[i].packet))
			r = &gk_adreno_draw_state_rows[i];
	if (r) {
		for (uint32_t g = 1; g + r->group_dw <= n && k < cap; g += r->group_dw) {
			uint32_t count = w[g] & r->count_mask;
			if (!count || (w[g] & r->skip_bits))
				continue;
			uint64_t addr = w[g + 1] | (r->addr_hi ? (uint64_t)w[g + 2] << 32 : 0);
			out[k++] = (struct gk_follow_ref){ addr, 4ull * count, NULL, r->addr_hi ? "ADDR_LO" : "ADDR", (int)g + 1,
							   0, 31, 0 };
		}
		return k;
	}
	for (unsigned i = 0; i < gk_adreno_nbuf_rows && k < cap; i++) {
		const struct gk_adreno_buf_row *b = &gk_adreno_buf_rows[i];
		if (!(b->gens & fmt->gen_bit) || strcmp(d->name, b->packet) || n <= (uint32_t)b->addr_dw + b->addr_hi ||
		    n <= b->count_dw)
			continue;
		uint64_t addr = w[b->addr_dw] | (b->addr_hi ? (uint64_t)w[b->addr_dw + 1] << 32 : 0);
		uint32_t count = w[b->count_dw] & b->count_mask;
		if (count)
			out[k++] = (struct gk_follow_ref){ addr, 4ull * count, NULL, b->field, b->addr_dw, 0, 31, 0 };
	}
	for (unsigned i = 0; i < gk_adreno_nload_rows && k < cap; i++) {
		const struct gk_adreno_load_row *l = &gk_adreno_load_rows[i];
		uint64_t type, src, block, units, lo, hi = 0;
		if (!(l->gens & fmt->gen_bit) || strcmp(d->name, l->packet) || !field(u, "STATE_TYPE", &type) ||
		    !field(u, "STATE_SRC", &src) || !field(u, "STATE_BLOCK", &block) || !field(u, "NUM_UNIT", &units))
			continue;
		if (type != l->shader_type || block < l->first_block || block > l->last_block || !units)
			continue;
		uint64_t bytes = units * l->unit_bytes;
		if (src == l->src_direct && n > l->data_dw) {
			/* in the packet itself: as far as the packet goes */
			uint64_t have = 4ull * (n - l->data_dw);
			out[k++] = (struct gk_follow_ref){ u->pkt.offset + 4ull * l->data_dw, bytes < have ? bytes : have, "isa",
							   "NUM_UNIT", 1, 22, 31, 1 };
		} else if (src == l->src_indirect && field(u, "EXT_SRC_ADDR", &lo)) {
			field(u, "EXT_SRC_ADDR_HI", &hi);
			out[k++] = (struct gk_follow_ref){ lo | hi << 32, bytes, "isa", "EXT_SRC_ADDR", 2, 2, 31, 0 };
		}
	}
	return k;
}

int gk_adreno_format_init(struct gk_format *fmt, const char *gpu)
{
	unsigned gen = gen_of(gpu);
	const struct gen_info *gi = 0;
	for (size_t i = 0; i < sizeof gens / sizeof gens[0]; i++)
		if (gens[i].bit == gen)
			gi = &gens[i];
	if (!gi || !fmt || gk_adreno_npkt7_gen > GK_MAX_DESCS || gk_adreno_npkt3_gen > GK_MAX_DESCS)
		return -1;
	bool old = gen & (GK_ADRENO_A2XX | GK_ADRENO_A3XX | GK_ADRENO_A4XX);
	memset(fmt, 0, sizeof *fmt);
	fmt->family = "adreno";
	fmt->source = "Mesa's rnndb (adreno_pm4.xml, a2xx.xml-a6xx.xml)";
	/* by generation bit (GK_ADRENO_A2XX = bit 0 ... GK_ADRENO_A7XX = bit 5) */
	static const char *const gen_names[16] = { "a2xx", "a3xx", "a4xx", "a5xx", "a6xx", "a7xx" };
	fmt->gen_names = gen_names;
	fmt->gen = gi->name;
	fmt->gen_bit = (uint16_t)gen;
	fmt->regs = gi->regs;
	fmt->spaces = gk_adreno_spaces;
	fmt->nspaces = GK_ADRENO_NSPACES;
	fmt->descs = old ? gk_adreno_pkt3_gen : gk_adreno_pkt7_gen;
	fmt->ndescs = old ? gk_adreno_npkt3_gen : gk_adreno_npkt7_gen;
	fmt->kin_gens = (uint16_t)(old ? 0x07u : 0x38u);
	fmt->max_packet_dw = 0x3fffu + 2u;
	fmt->frame = old ? frame3 : frame7;
	fmt->span = old ? span3 : span7;
	fmt->check_framing = check_framing;
	fmt->open_enums = 1; /* rnndb enums name the values Mesa knows: INDEX_SIZE=3 is no error */
	fmt->reg_value_text = gk_adreno_value_text; /* rnndb value types (adreno_values.c) */
	fmt->reg_value_kind = gk_adreno_value_kind; /* which of them a printer writes itself */
	fmt->reg_kind_fields = gk_adreno_reg_fields; /* and the same by field, generated */
	fmt->reg_kinds = gk_adreno_reg_vkinds;
	fmt->nreg_kinds = GK_ADRENO_NREG_FIELDS;
	fmt->reg_value_slots = gk_adreno_reg_value_slots; /* sparse value lists' rows by value, generated */
	fmt->reg_value_rows = gk_adreno_reg_value_rows;
	fmt->reg_value_parse = gk_adreno_value_parse;
	fmt->follow = follow;
	fmt->opcode_field = "OPCODE";
	fmt->opcode_lo = old ? 8 : 16;
	fmt->opcode_hi = old ? 15 : 22;
	gk_format_prepare(fmt);
	/* check_framing speaks of BAD_HEADER words only: the checker need
	 * not call it for any other row (a call a packet; callgrind, check
	 * -g a630 -e adreno, quarter bench stream: 0.8 M instructions) */
	for (size_t i = 0; i < fmt->ndescs && i < GK_MAX_DESCS; i++)
		if (i != GK_ADRENO_ROW_BAD)
			fmt->fast[i].hooks &= (uint8_t)~GK_HOOK_FRAMING;
	unsigned first = old ? GK_ADRENO_ROW_NOP2 + 1 : GK_ADRENO_ROW_RAW + 1;
	for (size_t i = first; i < fmt->ndescs; i++) {
		const struct gk_packet_desc *d = &fmt->descs[i];
		unsigned op = d->opcode & 0xffu;
		if (d->gens & gen) {
			if (!fmt->by_op[op])
				fmt->by_op[op] = d;
		} else if (!fmt->any_op[op]) {
			fmt->any_op[op] = d;
		}
	}
	gk_format_plan_quiet(fmt); /* after the hooks above: gk_check_packet and the desc engine ask it */
	return 0;
}

static void *adreno_open(const char *gpu)
{
	return gk_desc_engine_new(gpu, gk_adreno_format_init);
}

const struct gk_engine_ops gk_adreno_engine_ops = GK_DESC_ENGINE_OPS("adreno", gk_adreno_gpu_help, adreno_open);
