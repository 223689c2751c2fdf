/* Where each dword of a framed packet belongs: fixed fields, tail, extra.
 * Shared by check, the printers and the assembler so they agree on what
 * the text must say for the words to come back identical. */
#ifndef GK_LAYOUT_H
#define GK_LAYOUT_H

#include "gfxkit/desc.h"
#include "gfxkit/unit.h"

#define GK_FIXED_MAX 32u  /* fixed-field dwords a description may use */

struct gk_layout {
	unsigned fixed_end;   /* dwords [0, fixed_end) are explained by fields */
	unsigned tail_begin;  /* tail dwords [tail_begin, tail_end) */
	unsigned tail_end;
	unsigned ngroups;
	unsigned extra_begin; /* [extra_begin, ndw) are explained by nothing */
	unsigned natural;     /* packet length the assembler picks when COUNT is not given */
	const uint32_t *claimed;  /* bits of fixed dwords claimed by present fields */
	uint32_t own[GK_FIXED_MAX];
	bool simple;              /* every field shown: skip presence tests */
};

bool gk_field_in_range(const struct gk_field *f, size_t ndw);
bool gk_field_shown(const struct gk_format *fmt, const struct gk_field *fields, unsigned i,
		    const uint32_t *dw, size_t ndw);
void gk_layout_of(const struct gk_format *fmt, const struct gk_packet_desc *d, const uint32_t *dw, size_t ndw,
		  struct gk_layout *L);
/* The tail, groups and extra words of a packet of n dwords whose fixed
 * fields end at fixed (fills all but claimed, own and simple).  Inline: the
 * decoder reads *L straight back, and through a call that stalled on the
 * stores (a third of the decode's time). */
static inline void gk_layout_tail(const struct gk_packet_desc *d, unsigned n, unsigned fixed, struct gk_layout *L)
{
	L->ngroups = 0;
	if (d->tail) {
		L->fixed_end = n < d->tail_dw ? n : d->tail_dw;
		L->tail_begin = d->tail_dw;
		L->tail_end = n > d->tail_dw ? n : d->tail_dw;
		if (d->tail == GK_TAIL_GROUPS && d->group_dw) {
			L->ngroups = (L->tail_end - L->tail_begin) / d->group_dw;
			L->tail_end = L->tail_begin + L->ngroups * d->group_dw;
		}
		L->extra_begin = L->tail_end;
		if (L->extra_begin < n && d->tail != GK_TAIL_GROUPS)
			L->extra_begin = n;
	} else {
		L->fixed_end = n < fixed ? n : fixed;
		L->tail_begin = L->tail_end = L->fixed_end;
		L->extra_begin = fixed;
	}
	L->natural = n > fixed ? n : fixed;
}

/* What gk_unit_decode_lazy's general path (a conditional description: the
 * polls) made of a whole packet, its field values aside: which fields are
 * shown, where, which are cut, the bits they claim and the layout.  All of
 * it is a function of the description, the length and the bits of the
 * fields that decide presence (the key: kmask, the bits of those fields
 * per dword, and kval, the packet's words under it), so a caller that
 * decodes such packets again and again (frame_record) keeps one and sets
 * the next record of the same key from it, reading only the values
 * (gk_unit_decode_shape).  No register run (whose address is the words'),
 * at most GK_SHAPE_FIELDS fields, conditions within GK_SHAPE_KEY_DW
 * dwords. */
#define GK_SHAPE_KEY_DW 8u
#define GK_SHAPE_FIELDS 24u
struct gk_unit_shape {
	const struct gk_packet_desc *desc; /* NULL: nothing kept */
	const struct gk_desc_fast *fast;
	uint32_t ndw, nkey;
	uint32_t kmask[GK_SHAPE_KEY_DW], kval[GK_SHAPE_KEY_DW];
	uint32_t fixed_end, tail_begin, tail_end, ngroups, extra_begin, natural;
	unsigned nfields;
	uint32_t claimed[GK_UNIT_FIXED_DW];
	uint8_t hdr_slot[GK_UNIT_HDR_FIELDS];
	uint8_t body_slot[GK_UNIT_FIELDS];
	struct gk_unit_field fields[GK_SHAPE_FIELDS]; /* values, symbols and registers: a cut field's (0) */
};
/* true, *s set: u (just decoded by gk_unit_decode_lazy, whole) is such a record */
bool gk_unit_shape_keep(const struct gk_unit *u, struct gk_unit_shape *s);
/* the words w of a whole packet of ndw dwords of desc have s's key */
static inline bool gk_unit_shape_fits(const struct gk_unit_shape *s, const struct gk_packet_desc *desc, uint32_t ndw,
				      const uint32_t *w)
{
	if (s->desc != desc || s->ndw != ndw)
		return false;
	for (unsigned k = 0; k < s->nkey; k++) /* nkey <= ndw: keep's */
		if ((w[k] & s->kmask[k]) != s->kval[k])
			return false;
	return true;
}
/* gk_unit_decode_lazy of the whole packet framed in u->pkt (dw, ndw and
 * frame set, not truncated) whose words fit s */
void gk_unit_decode_shape(const struct gk_format *fmt, struct gk_unit *u, struct gk_diags *dg,
			  const struct gk_unit_shape *s);

/* End of the fixed fields for these dword values (max(min_dw, last present dw + 1)). */
unsigned gk_fixed_len(const struct gk_format *fmt, const struct gk_packet_desc *d, const uint32_t *dw, size_t ndw);
const struct gk_field *gk_count_field(const struct gk_packet_desc *d);
/* Index of the field called name on this generation (bit 7: in hdr), 0xff: none. */
uint8_t gk_field_index(const struct gk_format *fmt, const struct gk_packet_desc *d, const char *name);
/* gk_unit_decode without reading a simple description's fields yet
 * (u->pending); gk_unit_fill reads them (a no-op when there is nothing
 * pending).  Every reader of u->fields calls gk_unit_fill first. */
void gk_unit_decode_lazy(const struct gk_format *fmt, const struct gk_packet *pkt, struct gk_diags *dg,
			 struct gk_unit *u);
void gk_unit_fill(const struct gk_unit *u);
/* gk_unit_decode_lazy with the plan of pkt->frame.desc, fast (gk_fast of
 * fmt; NULL: looked up), for a caller that has it already (the desc
 * engine's unit op, whose quiet check read it: the plan's lookup, a
 * division by the description's size, was done three times a unit) */
void gk_unit_decode_planned(const struct gk_format *fmt, const struct gk_packet *pkt, struct gk_diags *dg,
			    struct gk_unit *u, const struct gk_desc_fast *fast);
/* What gk_unit_decode_lazy made of a whole packet of a simple description
 * without a register run: a function of the description and the length
 * alone (the fields stay pending), kept by a caller that decodes the same
 * kinds of packet again and again (desc_engine.c's lean loop op,
 * frame_record) to set the next such record without working it out */
struct gk_unit_laid {
	const struct gk_packet_desc *desc; /* NULL: nothing kept */
	const struct gk_desc_fast *fast;
	uint32_t ndw;
	uint32_t fixed_end, tail_begin, tail_end, ngroups, extra_begin, natural;
};
/* What each decode of a unit stores first, whichever way it makes the
 * record (gk_unit_decode_lazy, gk_unit_decode_laid, gk_unit_decode_shape):
 * the format, the diagnostics, the description and its plan; no field yet,
 * no register run's slot, the accesses not computed (the access model
 * computes them when first asked) */
static inline void gk_unit_begin(struct gk_unit *u, const struct gk_format *fmt, struct gk_diags *dg,
				 const struct gk_packet_desc *d, const struct gk_desc_fast *fast)
{
	u->fmt = fmt;
	u->acc_done = false;
	u->nacc = 0;
	u->acc_computed = 0;
	u->gpu_addr = 0;
	u->has_gpu_addr = false;
	u->diags = dg;
	u->nfields = 0;
	u->reg_slot = -1;
	u->desc = d;
	u->fast = fast;
}

/* true, *lay set: u (just decoded by gk_unit_decode_lazy) is such a record */
bool gk_unit_laid_keep(const struct gk_unit *u, struct gk_unit_laid *lay);
/* gk_unit_decode_lazy of the whole packet framed in u->pkt (dw, ndw and
 * frame set, not truncated) whose description and length are lay's.
 * Inline: stores only, and as a call it was the one call left on a NOP's
 * way through frame_record (its saved registers) */
static inline void gk_unit_decode_laid(const struct gk_format *fmt, struct gk_unit *u, struct gk_diags *dg,
				       const struct gk_unit_laid *lay)
{
	/* gk_unit_decode_lazy's simple path, member for member, its layout
	 * the one it gave before for the same description and length */
	gk_unit_begin(u, fmt, dg, lay->desc, lay->fast);
	u->simple = true;
	u->pending = true;
	u->fixed_end = lay->fixed_end;
	u->tail_begin = lay->tail_begin;
	u->tail_end = lay->tail_end;
	u->ngroups = lay->ngroups;
	u->extra_begin = lay->extra_begin;
	u->natural = lay->natural;
	u->reg_addr = 0;
}

/* gk_unit_check of a unit gk_unit_decode_lazy just decoded with fmt
 * (fmt, st, u not NULL): the engine's, which has a plain clean unit's
 * check without the general path's frame */
void gk_unit_check_framed(const struct gk_format *fmt, struct gk_check_state *st, struct gk_unit *u);
/* The plan's quiet flags (gk_desc_fast.quiet) of fmt: the family's init
 * calls it last (after gk_format_prepare and its hooks), so every format
 * from gk_*_format_init has them */
void gk_format_plan_quiet(struct gk_format *fmt);
/* gk_check_quiet's steps it keeps out of line: a tail in units, the
 * fields with a value rule, rules between fields, plain groups, the
 * register run (fr->desc's plan quiet, the steps
 * of gk_check_quiet before them passed) */
bool gk_check_quiet_rest(const struct gk_format *fmt, const struct gk_frame *fr, const uint32_t *dw);
/* The plan's value-rule compares (q_bad, q_small, q_wide) of description d
 * (gk_format_plan_quiet, once q_nfix is set) */
void gk_plan_quiet_values(const struct gk_format *fmt, const struct gk_packet_desc *d, struct gk_desc_fast *fast);
/* The field at description index ix (bit 7: header) of a simple unit, read
 * straight from the words (pending or not). */
void gk_unit_read_field(const struct gk_unit *u, uint8_t ix, struct gk_unit_field *out);
/* The unit's field at a description index gk_format_prepare resolved (ix:
 * bit 7 header, 0xff none), when shown; else the shown field called name. */
const struct gk_unit_field *gk_unit_field_at(const struct gk_unit *u, uint8_t ix, const char *name);
/* The GK_REG field among fields[0, n) (the list uf was decoded with) that
 * names the register uf's value is written to (its .value_reg), or NULL. */
const struct gk_unit_field *gk_unit_value_reg_field(const struct gk_unit_field *uf, const struct gk_unit_field *fields,
						     unsigned n);
/* gk_unit_json with the diagnostics of another container (the per-packet API's) */
void gk_unit_json_diags(const struct gk_format *fmt, const struct gk_unit *u, const struct gk_diags *dg,
			unsigned flags, struct gk_out *o);
/* One segment's bits of the words, at their place in the value (s->dw
 * inside the words: the caller's test).  The mask is all-ones shifted by
 * 31 - (hi - lo), no test of the width: tests/core/test_tables.c holds
 * every segment to lo <= hi <= 31, and the % keeps the shift defined
 * whatever a table says. */
static inline uint64_t gk_seg_get(const struct gk_seg *s, const uint32_t *dw)
{
	uint32_t w = (dw[s->dw] >> s->lo) & (0xffffffffu >> (31u - (unsigned)(s->hi - s->lo) % 32u));
	return (uint64_t)w << s->pos;
}

/* gk_field_get for the hot paths: one- and two-segment fields inside the
 * words inline (a 64-bit address split over two dwords was a call of ~67
 * instructions: callgrind, decode -g cik -e dma quarter bench stream,
 * 41,692 of them) */
static inline uint64_t gk_fget(const struct gk_field *f, const uint32_t *dw, size_t ndw)
{
	if (f->nseg == 1 && f->seg[0].dw < ndw)
		return gk_seg_get(&f->seg[0], dw);
	if (f->nseg == 2 && f->seg[0].dw < ndw && f->seg[1].dw < ndw)
		return gk_seg_get(&f->seg[0], dw) | gk_seg_get(&f->seg[1], dw);
	return gk_field_get(f, dw, ndw);
}

static inline const struct gk_desc_fast *gk_fast(const struct gk_format *fmt, const struct gk_packet_desc *d)
{
	return &fmt->fast[d - fmt->descs];
}

/* gk_check_quiet's steps that read nothing of the packet but dword 0 h
 * (and the frame fr, the plan fast of its description): the plan, the
 * framing's verdict, the length (no length diagnostic, the layout fixed),
 * the header bits a family hook reads, the bits of dword 0 no field
 * claims or a value rule wants clear.  The desc engine keeps this verdict
 * with a header's frame (frame_memo), since a header seen before gives
 * the same one. */
static inline bool gk_check_quiet_head(const struct gk_desc_fast *fast, const struct gk_frame *fr, uint32_t h)
{
	uint32_t ndw = fr->ndw;
	return fast->quiet && !fr->unknown &&
	       ((ndw >= fast->q_lo && ndw <= fast->q_hi) || (ndw < 32 && ((fast->q_short >> ndw) & 1u))) &&
	       (h & fast->q_mask0) == fast->q_value0 && !(fast->q_nfix && (h & fast->q_bad[0]));
}

/* and the steps after it (no region open is the caller's): the bits of
 * the fixed dwords after dword 0 that no field claims and those an
 * alignment or must-be-zero rule wants clear, the rest, the register run
 * inside its space */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline bool gk_check_quiet_body(const struct gk_format *fmt, const struct gk_desc_fast *fast,
				       const struct gk_frame *fr, const uint32_t *dw)
{
	const struct gk_packet_desc *d = fr->desc;
	/* dwords q_nfix - 1 down to 1, all in the packet (its length is at
	 * least q_lo >= q_nfix: the head's; a shorter one's, q_short, its
	 * own), a case each: the loop's counter and branch were half of its
	 * ~26 instructions a packet (callgrind, check -g si -e dma, quarter
	 * bench stream, 5-13 dwords a copy) */
	const uint32_t *b = fast->q_bad;
	uint32_t stray = 0;
	_Static_assert(sizeof fast->q_bad / sizeof fast->q_bad[0] == 16, "q_nfix <= 16: a case each");
	switch (fr->ndw < fast->q_nfix ? fr->ndw : fast->q_nfix) {
	case 16: stray |= dw[15] & b[15]; /* fall through */
	case 15: stray |= dw[14] & b[14]; /* fall through */
	case 14: stray |= dw[13] & b[13]; /* fall through */
	case 13: stray |= dw[12] & b[12]; /* fall through */
	case 12: stray |= dw[11] & b[11]; /* fall through */
	case 11: stray |= dw[10] & b[10]; /* fall through */
	case 10: stray |= dw[9] & b[9]; /* fall through */
	case 9: stray |= dw[8] & b[8]; /* fall through */
	case 8: stray |= dw[7] & b[7]; /* fall through */
	case 7: stray |= dw[6] & b[6]; /* fall through */
	case 6: stray |= dw[5] & b[5]; /* fall through */
	case 5: stray |= dw[4] & b[4]; /* fall through */
	case 4: stray |= dw[3] & b[3]; /* fall through */
	case 3: stray |= dw[2] & b[2]; /* fall through */
	case 2: stray |= dw[1] & b[1]; /* fall through */
	default: break;
	}
	if (stray)
		return false;
	if (fast->q_rest)
		return gk_check_quiet_rest(fmt, fr, dw);
	if (d->tail != GK_TAIL_REGS)
		return true;
	/* the register run inside its space */
	uint64_t start = fast->reg_base + 4ull * ((uint64_t)((dw[fast->reg_dw] >> fast->reg_lo) & fast->reg_mask) << fast->reg_pos);
	return start < fast->q_reg_end && start + 4ull * (fr->ndw - d->tail_dw) <= fast->q_reg_end;
}

/* Whether checking the whole packet fr frames at dw (fr->ndw words, all
 * there) provably says nothing and leaves st as it is, decided from the
 * words and the description's plan (gk_format_plan_quiet) without a unit
 * record: true only then; false when it may say something or the plan
 * cannot tell (then decode and check it).  Each step is one that
 * gk_unit_check takes for a simple unit (src/core/check.c, "the quiet
 * check" there says why and what it saved): gk_check_quiet_head, no
 * region open, gk_check_quiet_body.  Inline: a clean register run is a
 * few compares here, where a call cost a fifth of them in saved
 * registers (callgrind, check -g gfx9 -e pm4 quarter stream). */
#if defined(__GNUC__)
__attribute__((always_inline)) /* the desc engine inlines it twice: gcc then kept a call */
#endif
static inline bool gk_check_quiet(const struct gk_format *fmt, const struct gk_check_state *st,
				  const struct gk_frame *fr, const uint32_t *dw)
{
	const struct gk_packet_desc *d = fr->desc;
	if (!d)
		return false;
	const struct gk_desc_fast *fast = gk_fast(fmt, d);
	return gk_check_quiet_head(fast, fr, dw[0]) && !st->nexec && gk_check_quiet_body(fmt, fast, fr, dw);
}

/* The register a GK_REG field's value names: the byte address it stands
 * for (the start of the field's space, or 0, plus 4 per index), and the
 * register there when the generation has one.  false: the value names no
 * address (a space the format lacks, an address past the field's space or
 * past 32 bits): printed as a number, and no register name assembles to it. */
/* Whether a GK_REG field's value counts bytes (a register's byte address:
 * the r6xx-CIK DMA packets' "register (DW aligned)") rather than dwords. */
static inline bool gk_field_reg_bytes(const struct gk_field *f)
{
	return f->align == 4;
}

static inline bool gk_field_reg_addr(const struct gk_format *fmt, const struct gk_field *f, uint64_t v, uint32_t *addr)
{
	uint64_t base = 0, end = 0x100000000ull;
	if (f->space) {
		if (!fmt->spaces || f->space > fmt->nspaces || !fmt->spaces[f->space - 1].end)
			return false;
		base = fmt->spaces[f->space - 1].start;
		end = fmt->spaces[f->space - 1].end;
	}
	if (gk_field_reg_bytes(f)) {
		if ((v & 3) || v >= end - base)
			return false;
		*addr = (uint32_t)(base + v);
		return true;
	}
	if (v >= (end - base) / 4)
		return false;
	*addr = (uint32_t)(base + 4 * v);
	return true;
}

static inline const struct gk_reg *gk_field_reg(const struct gk_format *fmt, const struct gk_field *f, uint64_t v)
{
	uint32_t addr;
	if (!gk_field_reg_addr(fmt, f, v, &addr))
		return 0;
	/* through the format's page index, not a search: register pairs name
	 * two a group.  gk_format_reg_from and gk_reg_at spelled out here:
	 * the two calls and their repeated table checks were most of a
	 * lookup (callgrind, decode -g gfx11 -e pm4 on the quarter bench
	 * stream: 102,730 lookups at ~76 instructions each, ~30 inline) */
	const struct gk_reg_table *t = fmt->regs;
	if (!t || !t->regs || !t->pool)
		return 0;
	if ((addr >> GK_REG_PAGE_SHIFT) >= GK_REG_PAGES)
		return gk_reg_by_offset(t, addr);
	for (size_t i = fmt->reg_page[addr >> GK_REG_PAGE_SHIFT]; i < t->nregs; i++) {
		const struct gk_reg *r = &t->pool[t->regs[i]];
		if (r->offset >= addr)
			return r->offset == addr ? r : 0;
	}
	return 0;
}

/* The fields of fields[0, n) decode_simple (unit.c) puts in a unit's
 * records, at most room of them: bit i for field i (of the first 64) on
 * this generation; *k their count.  The rule the printers' plans (text.c
 * plan_list, json.c plan_json_list) must share with the decoder, once. */
static inline uint64_t gk_plan_recorded(const struct gk_format *fmt, const struct gk_field *fields, unsigned n,
					unsigned room, unsigned *k)
{
	uint64_t rec = 0;
	*k = 0;
	if (n > room)
		n = room;
	for (unsigned i = 0; i < n && i < 64; i++)
		if (!fields[i].gens || (fields[i].gens & fmt->gen_bit)) {
			rec |= 1ull << i;
			++*k;
		}
	return rec;
}

/* A field value's symbol as the unit record keeps it: an enum's name (no
 * name: NULL), a register field's register (*reg) and its name; NULL and
 * no register for other kinds.  Inline: decoding and the printers that
 * write from the words call it for most fields. */
static inline __attribute__((always_inline)) const char *gk_field_symbol(const struct gk_format *fmt,
									 const struct gk_field *f, uint64_t v,
									 const struct gk_reg **reg)
{
	*reg = 0;
	if (f->kind == GK_ENUM) {
		const struct gk_enum *e = f->enm; /* gk_enum_name, inline: most fields are enums */
		return e && e->names && e->nbits < 64 && v < (1ull << e->nbits) ? e->names[v] : 0;
	}
	if (f->kind == GK_REG) {
		const struct gk_reg *r = gk_field_reg(fmt, f, v);
		*reg = r;
		return r ? r->name : 0;
	}
	return 0;
}

#endif
