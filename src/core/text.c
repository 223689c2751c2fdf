/* Assembly-text printer: one block per packet, the exact form src/core/asm.c
 * reads back.  Grammar (docs/syntax.md):
 *   OFFSET: NAME FIELD=VALUE ... [COUNT=n] [dwN|=0xBITS]
 *       0xADDR REGISTER <- FIELD=VALUE ... [0xBITS]    (register tails)
 *       FIELD=VALUE ...                                (repeated groups)
 *       TAILNAME 0xWORD ...                            (data tails; EXTRA)
 *   OFFSET: .long 0xWORD ...                           (anything unexplained) */
#include <string.h>

#include "gfxkit/stream.h"
#include "gfxkit/unit.h"

#include "bits.h"
#include "layout.h"
#include "out.h"

#define WORDS_PER_LINE 8

/* Inlined here rather than gk_out_str's call (and its gk_out_usable check,
 * which every entry point below has made already): a name is written for
 * every packet and most fields (~8% of the DMA bench stream's decode text
 * went to gk_out_str, callgrind). */
static inline void put_name(struct gk_out *o, const char *s)
{
	if (s)
		gk_out_put(o, s, strlen(s));
}

/* FLAGS: A|B|0x30 ; 0 when none */
static void put_flags(struct gk_out *o, const struct gk_enum *e, uint64_t v)
{
	if (!v) {
		gk_out_ch(o, '0');
		return;
	}
	uint64_t rest = v;
	bool first = true;
	for (unsigned b = 0; b < 64 && rest; b++) {
		if (!((v >> b) & 1u))
			continue;
		const char *n = gk_enum_name(e, b);
		if (!n)
			continue;
		if (!first)
			gk_out_ch(o, '|');
		put_name(o, n);
		first = false;
		rest &= ~(1ull << b);
	}
	if (rest) {
		if (!first)
			gk_out_ch(o, '|');
		gk_out_hex(o, rest, 1);
	}
}

void gk_text_value(const struct gk_format *fmt, const struct gk_field *f, uint64_t v, struct gk_out *o)
{
	switch (f->kind) {
	case GK_ENUM: {
		const char *n = gk_enum_name(f->enm, v);
		if (n)
			put_name(o, n);
		else
			gk_out_dec(o, v);
		return;
	}
	case GK_FLAGS:
		put_flags(o, f->enm, v);
		return;
	case GK_REG: {
		const struct gk_reg *r = gk_field_reg(fmt, f, v);
		if (r)
			put_name(o, r->name);
		else
			gk_out_hex(o, v, 1);
		return;
	}
	case GK_ADDR:
	case GK_DONTCARE:
		gk_out_hex(o, v, 1);
		return;
	default:
		if (f->flags & GK_F_HEX)
			gk_out_hex(o, v, 1);
		else
			gk_out_dec(o, v);
		return;
	}
}

static bool printable(const struct gk_field *f, uint64_t v)
{
	switch (f->kind) {
	case GK_CONST:
	case GK_OPCODE:
	case GK_SUBOP:
	case GK_COUNT:
	case GK_PARITY: /* the assembler's to compute: the framing refuses a wrong one */
		return false;
	case GK_DONTCARE:
		return v != 0;
	default:
		return !((f->flags & (GK_F_HIDE0 | GK_F_MBZ)) && v == 0);
	}
}

/* A field's value: its symbol when the decoder found one */
static void put_value(const struct gk_format *fmt, const struct gk_field *f, uint64_t v, const char *symbol,
		      struct gk_out *o)
{
	if (symbol && (f->kind == GK_ENUM || f->kind == GK_REG))
		put_name(o, symbol);
	else
		gk_text_value(fmt, f, v, o);
}

/* " NAME=VALUE" for one field of value v (symbol, reg: what the decoder
 * found for it, as in struct gk_unit_field), as printable() and put_value
 * decide; nothing for a field cut short or not shown.  One switch on the
 * kind sorts a field into skipped, a number (decimal or hex) or a name,
 * and the common ones are written straight into the buffer; the rest (flag
 * sets, don't-care bits, a register with no name, a decimal over 32 bits,
 * a full buffer) take put_value.  Deciding printable(), then "a number?",
 * then "hex?" one after another read the kind three times; the switch
 * reads it once (callgrind, decode -g cik -e dma on the quarter bench
 * stream: 136.85 M -> 136.49 M instructions).  Inline in its two loops:
 * over a unit's records (put_fields) and straight over a description's
 * fields and the words (put_desc_fields). */
static inline __attribute__((always_inline)) void put_field_text(const struct gk_format *fmt,
								 const struct gk_field *f, uint64_t v,
								 const char *symbol, const struct gk_reg *reg,
								 bool cut, bool find, struct gk_out *o)
{
	size_t sl = 0;
	bool hex = false;
	switch (f->kind) {
	case GK_CONST:
	case GK_OPCODE:
	case GK_SUBOP:
	case GK_COUNT:
	case GK_PARITY:
		return; /* framing: never printed */
	case GK_ENUM:
		/* the decoder's symbol (measured below, once the field is
		 * known to show), else the number in decimal (gk_text_value's
		 * GK_ENUM: the symbol is gk_enum_name's); find: looked up here
		 * as decode_simple would (unit.c) */
		if (find) {
			const struct gk_enum *e = f->enm;
			if (e && e->names && e->nbits < 64 && v < (1ull << e->nbits))
				symbol = e->names[v];
		}
		break;
	case GK_REG:
		if (find) {
			reg = gk_field_reg(fmt, f, v);
			symbol = reg ? reg->name : 0;
		}
		if (!symbol)
			goto general; /* gk_text_value prints the number in hex */
		break;
	case GK_ADDR:
		hex = true;
		break;
	case GK_UINT:
	case GK_FLAG:
		hex = f->flags & GK_F_HEX;
		break;
	default:
		goto general;
	}
	if (cut || (!v && (f->flags & (GK_F_HIDE0 | GK_F_MBZ))))
		return;
	if (!f->namelen)
		goto shown;
	if (symbol)
		sl = reg ? reg->namelen : strlen(symbol);
	if (sl) {
		if (o->cap - o->len < f->namelen + 2u + sl)
			goto shown;
		char *d = o->buf + o->len;
		*d++ = ' ';
		d = gk_put_mem(d, f->name, f->namelen);
		*d++ = '=';
		d = gk_put_mem(d, symbol, sl);
		o->len = (size_t)(d - o->buf);
		return;
	}
	if ((hex || v <= UINT32_MAX) && o->cap - o->len >= f->namelen + 21u) {
		/* a number, as gk_text_value writes it (64-bit addresses
		 * too: the DMA packets' are) */
		char *d = o->buf + o->len;
		*d++ = ' ';
		d = gk_put_mem(d, f->name, f->namelen);
		*d++ = '=';
		d = hex ? gk_put_hex64(d, v) : gk_put_dec32(d, (uint32_t)v);
		o->len = (size_t)(d - o->buf);
		return;
	}
	goto shown;
general:
	if (cut || !printable(f, v))
		return;
shown:
	gk_out_ch(o, ' ');
	if (f->namelen)
		gk_out_put(o, f->name, f->namelen);
	else
		put_name(o, f->name);
	gk_out_ch(o, '=');
	put_value(fmt, f, v, symbol, o);
}

/* The shown fields of decoded records */
static void put_fields(const struct gk_format *fmt, const struct gk_unit_field *fields, unsigned n, struct gk_out *o)
{
	for (const struct gk_unit_field *uf = fields, *end = fields + n; uf < end; uf++)
		put_field_text(fmt, uf->desc, uf->value, uf->symbol, uf->reg, uf->cut, false, o);
}

/* Bit i of *mask for each field of fields[0, n) that decode_simple (unit.c)
 * would put in a record, at most room of them, and that is not framing;
 * returns how many records that is. */
static unsigned plan_list(const struct gk_format *fmt, const struct gk_field *fields, unsigned n, unsigned room,
			  uint64_t *mask, uint64_t *notes)
{
	unsigned k;
	*mask = *notes = 0;
	for (uint64_t rec = gk_plan_recorded(fmt, fields, n, room, &k); rec; rec &= rec - 1) {
		unsigned i = (unsigned)__builtin_ctzll(rec);
		const struct gk_field *f = &fields[i];
		if (f->kind != GK_CONST && f->kind != GK_OPCODE && f->kind != GK_SUBOP && f->kind != GK_COUNT &&
		    f->kind != GK_PARITY)
			*mask |= 1ull << i;
		if (f->reg || f->value_reg || f->scale)
			*notes |= 1ull << i;
	}
	return k;
}

/* The most bytes put_field_at writes for the fields of plan: " NAME=" and
 * the longest value (18 bytes for a number, "0x" and 16 digits; an enum's
 * longest name; a register's name, at most 255 bytes); 0xffff when an enum
 * is too large to measure. */
static size_t plan_room(const struct gk_field *fields, uint64_t plan)
{
	size_t room = 0;
	for (; plan; plan &= plan - 1) {
		const struct gk_field *f = &fields[__builtin_ctzll(plan)];
		size_t value = 18;
		if (f->kind == GK_ENUM && f->enm && f->enm->names) {
			if (f->enm->nbits > 12)
				return 0xffff;
			for (size_t i = 0; i < (size_t)1 << f->enm->nbits; i++) {
				size_t l = f->enm->names[i] ? strlen(f->enm->names[i]) : 0;
				value = l > value ? l : value;
			}
		} else if (f->kind == GK_REG) {
			value = 255;
		}
		room += 2u + f->namelen + value;
	}
	return room;
}

void gk_format_plan_print(const struct gk_format *fmt, const struct gk_packet_desc *d, struct gk_desc_fast *fast)
{
	/* gk_unit_fill's two lists and their rooms */
	unsigned nhdr = d->nhdr < GK_UNIT_HDR_FIELDS ? d->nhdr : GK_UNIT_HDR_FIELDS;
	unsigned nbody = d->nfields < GK_UNIT_FIELDS ? d->nfields : GK_UNIT_FIELDS;
	size_t nl = d->name ? strlen(d->name) : 0;
	fast->print_namelen = nl < 256 ? (uint8_t)nl : 0;
	uint64_t hdr_notes; /* the header's are never shown */
	unsigned k = plan_list(fmt, d->hdr, nhdr, GK_UNIT_HDR_FIELDS, &fast->print[0], &hdr_notes);
	plan_list(fmt, d->fields, nbody, GK_UNIT_FIELDS - k, &fast->print[1], &fast->print[2]);
	size_t room = plan_room(d->hdr, fast->print[0]) + plan_room(d->fields, fast->print[1]);
	fast->print_room = room < 0xffff ? (uint16_t)room : 0xffff;
	/* the fields a zero hides, and their bits (put_direct_fields) */
	unsigned nq = sizeof fast->print_qbits / sizeof fast->print_qbits[0];
	memset(fast->print_qbits, 0, sizeof fast->print_qbits);
	fast->print_qdw = 0;
	for (unsigned l = 0; l < 2; l++) {
		const struct gk_field *list = l ? d->fields : d->hdr;
		fast->print_quiet[l] = 0;
		for (uint64_t p = fast->print[l]; p; p &= p - 1) {
			const struct gk_field *f = &list[__builtin_ctzll(p)];
			bool in = f->nseg > 0 && (f->flags & (GK_F_HIDE0 | GK_F_MBZ));
			for (unsigned s = 0; in && s < f->nseg; s++)
				in = f->seg[s].dw < nq && f->seg[s].lo <= f->seg[s].hi && f->seg[s].hi < 32;
			if (!in)
				continue;
			fast->print_quiet[l] |= p & (0 - p);
			for (unsigned s = 0; s < f->nseg; s++) {
				fast->print_qbits[f->seg[s].dw] |= gk_mask(f->seg[s].lo, f->seg[s].hi);
				if (f->seg[s].dw >= fast->print_qdw)
					fast->print_qdw = (uint8_t)(f->seg[s].dw + 1);
			}
		}
	}
	/* one such field: its own test costs what the words' would, and
	 * when its bits are set the words' test is lost (callgrind, decode
	 * on the quarter bench streams: a630 135.65 M -> 132.42 M with this,
	 * PM4 flat; at three, GFX9 101.48 M -> 103.84 M, the header's two
	 * fields read one by one again) */
	if (__builtin_popcountll(fast->print_quiet[0]) + __builtin_popcountll(fast->print_quiet[1]) < 2)
		fast->print_qdw = 0;
	/* one group's (put_plain_group): the fields gk_unit_group's
	 * decode_simple would hold, framing ones too (put_field_text skips
	 * them, and a note may read their value) */
	unsigned ng = d->ngroup < GK_UNIT_GROUP_FIELDS ? d->ngroup : GK_UNIT_GROUP_FIELDS;
	uint16_t gp = 0, gn = 0;
	for (unsigned i = 0; d->group && i < ng; i++) {
		const struct gk_field *f = &d->group[i];
		if ((f->gens && !(f->gens & fmt->gen_bit)) || f->seg[0].dw >= d->group_dw)
			continue;
		gp |= (uint16_t)(1u << i);
		if (f->reg || f->value_reg)
			gn |= (uint16_t)(1u << i);
	}
	fast->print_group = gp;
	fast->print_group_notes = gn;
	room = d->group ? plan_room(d->group, gp) : 0;
	fast->print_group_room = room < 0xffff ? (uint16_t)room : 0xffff;
}

/* A field's value as a compiled op reads it (struct gk_word_field): one
 * or two segments, each inside bits 0..31 of a dword before fixed (a
 * shorter packet is the cut ops'), the first at bit 0 of the value (or
 * empty, below), the second inside its 64 bits: what gk_fget reads.
 * false: the general way. */
static bool op_segments(const struct gk_field *f, unsigned fixed, struct gk_word_field *w)
{
	memset(w, 0, sizeof *w);
	if (f->nseg < 1 || f->nseg > 2 || (f->nseg == 2 && f->seg[0].pos))
		return false;
	/* one segment placed above bit 0 of the value (an address whose
	 * dword holds bits 31:2, Adreno's CP_LOAD_STATE6 EXT_SRC_ADDR) is
	 * the second of two, the first empty (mask 0): put_ops reads it on
	 * its two-segment path, where the general way (put_field_at) made
	 * CP_LOAD_STATE6's line miss put_direct_line (plan_line; callgrind,
	 * decode of the a630 quarter bench stream: 100.63 M -> 99.59 M) */
	unsigned at = f->nseg == 1 && f->seg[0].pos ? 1 : 0;
	for (unsigned i = 0; i < f->nseg; i++) {
		const struct gk_seg *sg = &f->seg[i];
		if (sg->lo > sg->hi || sg->hi > 31 || sg->dw >= fixed || sg->pos + (sg->hi - sg->lo) >= 64)
			return false;
		w->dw[at + i] = sg->dw;
		w->lo[at + i] = sg->lo;
		w->pos[at + i] = sg->pos;
		w->mask[at + i] = 0xffffffffu >> (31u - (sg->hi - sg->lo));
	}
	if (at)
		w->dw[0] = f->seg[0].dw; /* the empty one: where the field starts, for a cut packet */
	w->nseg = (uint8_t)(f->nseg + at);
	return true;
}

/* How put_field_at writes field f, decided once (GK_POP_*): a name from
 * the enum (its lengths in elen when it has at most 8 values), a number in
 * hex or decimal, or the general way (a register, a nameless field, a
 * flag set ...).  A don't-care field is hex, shown only when not zero
 * (printable(), gk_text_value): GK_POP_HEX with GK_POP_HIDE0, which the
 * plan sets for it.  As the general way, put_field_at gave up on it, and
 * so every field after it in the packet took the checked way: Adreno's
 * tables name the bits the database leaves unnamed (UNK1_15_14 in
 * CP_DRAW_INDX_OFFSET, between PATCH_TYPE and GS_ENABLE), ~1,000
 * instructions a packet in put_direct_fields (callgrind, decode of the a630
 * quarter bench stream) */
static uint8_t op_kind(const struct gk_field *f, uint8_t elen[8])
{
	if (!f->namelen)
		return GK_POP_GENERAL;
	switch (f->kind) {
	case GK_ENUM: {
		const struct gk_enum *e = f->enm;
		if (!e || !e->names || e->nbits >= 64)
			return GK_POP_DEC; /* no name to find: the number */
		if (e->nbits > 3)
			return GK_POP_ENUM;
		for (unsigned v = 0; v < 1u << e->nbits; v++) {
			const char *n = e->names[v];
			size_t l = n ? strlen(n) : 0;
			if (n && (l == 0 || l > 255))
				return GK_POP_ENUM; /* put_field_at's own answer for it */
			elen[v] = (uint8_t)l;
		}
		return GK_POP_ENUM8;
	}
	case GK_ADDR:
	case GK_DONTCARE:
		return GK_POP_HEX;
	case GK_UINT:
	case GK_FLAG:
		return f->flags & GK_F_HEX ? GK_POP_HEX : GK_POP_DEC;
	default:
		return GK_POP_GENERAL;
	}
}

/* fast->print_line_room of description d, its ops (if any) planned: what
 * put_direct_line and gk_unit_text tested of the description each packet
 * (~15 instructions a packet, callgrind, decode -g si -e dma, quarter
 * bench stream) decided once.  A tail starting at the fixed length is
 * empty in a packet of that length (gk_layout_tail): such a description
 * (the SDMA NOP's) takes the line only when no op is the general way's,
 * which may give up (a line given up is written again): Adreno's
 * CP_LOAD_STATE6 without inline data, whose line stops at an address,
 * cost a630 +4.3 M (callgrind, decode on the quarter bench stream) */
static void plan_line(const struct gk_format *fmt, const struct gk_packet_desc *d, struct gk_desc_fast *fast)
{
	unsigned room = 13u + fast->print_namelen + fast->print_room; /* "0x%08x: " NAME ... '\n' */
	bool fields = fast->print[0] | fast->print[1];
	bool tail_ok = d->tail == GK_TAIL_NONE;
	if (!tail_ok && d->tail_dw == fast->fixed_len) {
		tail_ok = true;
		for (unsigned k = 0; k < fast->print_nops; k++)
			if (fmt->print_ops[fast->print_op0 + k].kind == GK_POP_GENERAL)
				tail_ok = false;
	}
	fast->print_line_room =
		fast->simple && !fast->has_notes && tail_ok &&
				fast->fixed_len <= sizeof fast->claimed / sizeof fast->claimed[0] &&
				(fast->print_nops || !fields) && fast->print_room < 0xffff && fast->print_namelen &&
				room < 0xffff
			? (uint16_t)room
			: 0;
}

void gk_format_plan_print_ops(struct gk_format *fmt)
{
	if (!fmt)
		return;
	fmt->nprint_ops = 0;
	size_t ndescs = fmt->ndescs < GK_MAX_DESCS ? fmt->ndescs : GK_MAX_DESCS;
	for (size_t k = 0; k < ndescs; k++) {
		const struct gk_packet_desc *d = &fmt->descs[k];
		struct gk_desc_fast *fast = &fmt->fast[k];
		fast->print_op0 = 0;
		fast->print_nops = 0;
		fast->print_line_room = 0;
		/* put_direct_fields takes the ops only with room for them all */
		if (!fast->simple || fast->print_room >= 0xffff)
			continue;
		plan_line(fmt, d, fast);
		unsigned n = (unsigned)(__builtin_popcountll(fast->print[0]) + __builtin_popcountll(fast->print[1]));
		if (!n || n > 255 || fmt->nprint_ops + n > GK_PRINT_OPS)
			continue; /* none, or no room left: the plan's bits */
		fast->print_op0 = fmt->nprint_ops;
		for (unsigned l = 0; l < 2; l++) {
			const struct gk_field *list = l ? d->fields : d->hdr;
			for (uint64_t p = fast->print[l]; p; p &= p - 1) {
				unsigned i = (unsigned)__builtin_ctzll(p);
				const struct gk_field *f = &list[i];
				struct gk_print_op *op = &fmt->print_ops[fmt->nprint_ops++];
				memset(op, 0, sizeof *op);
				op->f = f;
				op->idx = (uint8_t)i;
				bool hide0 = (f->flags & (GK_F_HIDE0 | GK_F_MBZ)) || f->kind == GK_DONTCARE;
				op->flags = (uint8_t)((l ? 0 : GK_POP_HDR) | (hide0 ? GK_POP_HIDE0 : 0) |
						      ((fast->print_quiet[l] >> i) & 1u ? GK_POP_QUIET : 0));
				op->kind = op_kind(f, op->elen);
				if (op->kind != GK_POP_GENERAL && !op_segments(f, fast->fixed_len, &op->w))
					op->kind = GK_POP_GENERAL;
			}
		}
		/* GK_POP_LAST: an op no later op starts before, so a packet
		 * cut before its dword has nothing more to show from it on
		 * (put_ops' cut way: every op whose field starts at or past
		 * ndw is left out, whichever way it is read) */
		unsigned low = ~0u;
		for (unsigned j = n; j-- > 0;) {
			struct gk_print_op *op = &fmt->print_ops[fast->print_op0 + j];
			unsigned at = op->f->seg[0].dw;
			if (at <= low) {
				op->flags |= GK_POP_LAST;
				low = at;
			}
		}
		fast->print_nops = (uint8_t)n;
		plan_line(fmt, d, fast);
	}
}

/* " NAME=VALUE" of a direct field of value v into d, which has room for
 * it (fast->print_room): the bytes put_field_text writes for an enum, a
 * register, an address or a number that is not cut or hidden, with
 * no room check or buffer bookkeeping a piece (callgrind, decode on the
 * quarter bench streams: those were ~8 instructions a field).  NULL for
 * anything else (a nameless field, a flag set, a decimal over 32 bits
 * ...): put_field_text writes it. */
static inline __attribute__((always_inline)) char *put_field_at(const struct gk_format *fmt,
								const struct gk_field *f, uint64_t v, bool find,
								const char *sym, const struct gk_reg *reg, char *d)
{
	const char *s = NULL;
	size_t sl = 0;
	if (!f->namelen)
		return NULL;
	switch (f->kind) {
	case GK_ENUM: {
		const struct gk_enum *e = f->enm;
		if (!find)
			s = sym;
		else if (e && e->names && e->nbits < 64 && v < (1ull << e->nbits))
			s = e->names[v];
		if (!s)
			goto dec;
		sl = strlen(s);
		if (!sl)
			return NULL;
		break;
	}
	case GK_REG: {
		/* no register at the address: the number in hex, as
		 * gk_text_value writes it (!find: reg is the caller's
		 * gk_field_symbol's) */
		const struct gk_reg *r = find ? gk_field_reg(fmt, f, v) : reg;
		if (!r)
			goto hex;
		if (!r->namelen)
			return NULL;
		s = r->name;
		sl = r->namelen;
		break;
	}
	case GK_ADDR:
		goto hex;
	case GK_UINT:
	case GK_FLAG:
		if (f->flags & GK_F_HEX)
			goto hex;
		goto dec;
	default:
		return NULL;
	}
	*d++ = ' ';
	d = gk_put_mem(d, f->name, f->namelen);
	*d++ = '=';
	return gk_put_mem(d, s, sl);
hex:
	*d++ = ' ';
	d = gk_put_mem(d, f->name, f->namelen);
	*d++ = '=';
	return gk_put_hex64(d, v);
dec:
	if (v > UINT32_MAX)
		return NULL;
	*d++ = ' ';
	d = gk_put_mem(d, f->name, f->namelen);
	*d++ = '=';
	return gk_put_dec32(d, (uint32_t)v);
}

/* A planned field's value from the words into *v; false when it is not
 * shown: cut (starting at or past ndw), or zero and hidden when zero,
 * whatever the kind (put_field_text and printable() agree), before a
 * symbol is looked for. */
static inline __attribute__((always_inline)) bool plan_value(const struct gk_field *f, const uint32_t *dw, size_t ndw,
							     uint64_t *v)
{
	if (f->seg[0].dw >= ndw)
		return false;
	*v = f->nseg == 1 ? gk_seg_get(&f->seg[0], dw) : gk_fget(f, dw, ndw);
	return *v || !(f->flags & (GK_F_HIDE0 | GK_F_MBZ));
}

/* A planned field the general way (put_field_at) into d: d itself when it
 * is not shown (plan_value), NULL when put_field_at cannot write it, else
 * the end of what it wrote */
static inline __attribute__((always_inline)) char *put_planned(const struct gk_format *fmt, const struct gk_field *f,
							       const uint32_t *dw, size_t ndw, char *d)
{
	uint64_t v;
	if (!plan_value(f, dw, ndw, &v))
		return d;
	return put_field_at(fmt, f, v, true, 0, 0, d);
}

/* The fields of *plan put_field_at can write, into d (room for them all:
 * fast->print_room), each one's bit leaving *plan; stops at the first it
 * cannot, its bit and the rest's left in *plan for put_desc_fields.
 * Returns the end of what it wrote. */
static inline __attribute__((always_inline)) char *put_desc_fields_at(const struct gk_format *fmt,
								      const struct gk_field *fields, uint64_t *plan,
								      const uint32_t *dw, size_t ndw, char *d)
{
	uint64_t p = *plan;
	for (; p; p &= p - 1) {
		char *e = put_planned(fmt, &fields[__builtin_ctzll(p)], dw, ndw, d);
		if (!e)
			break;
		d = e;
	}
	*plan = p;
	return d;
}

/* gk_put_mem's moves for a name of 4 to 16 bytes (most field and value
 * names) inline here, the rest through it: in put_ops gcc made gk_put_mem
 * a call (~1.5 M instructions of the SDMA 4 quarter bench stream's decode,
 * callgrind) */
static inline __attribute__((always_inline)) char *put_name_at(char *d, const char *s, size_t n)
{
	if (n >= 8 && n <= 16) {
		memcpy(d, s, 8);
		memcpy(d + n - 8, s + n - 8, 8);
		return d + n;
	}
	if (n >= 4 && n < 8) {
		memcpy(d, s, 4);
		memcpy(d + n - 4, s + n - 4, 4);
		return d + n;
	}
	return gk_put_mem(d, s, n);
}

/* " NAME=" into d */
static inline __attribute__((always_inline)) char *put_lead(char *d, const struct gk_field *f)
{
	*d++ = ' ';
	d = put_name_at(d, f->name, f->namelen);
	*d++ = '=';
	return d;
}

/* The fields of a description's compiled plan (gk_desc_fast.print_op0)
 * into d, which has room for them all (print_room): each value read by
 * the op's shifts and masks and
 * written as its kind says, which put_field_at decided a field at a time
 * from the field's kind, flags, segments and enum (callgrind, decode on
 * the quarter bench streams: see docs/architecture.md "The text
 * printer").  A field print_quiet drops (GK_F_HIDE0 or GK_F_MBZ) is
 * GK_POP_HIDE0 here and zero when the words have none of print_qbits, so
 * the op's own zero test leaves it out, and put_planned's (plan_value)
 * a general one: no test of the words' quiet bits first, which each op
 * paid (~3.8 instructions an op, ~20 a packet with the words' test,
 * against ~8 for each of the few quiet ops now read and passed by their
 * value; callgrind, decode -j 1 of the a630 quarter bench stream).  cut:
 * ndw < fixed_len (else no op's segment is past the packet), so an op
 * whose field starts past the end is left out and one whose second
 * segment is past it read the general way, as plan_value does: a short
 * packet of a description with optional dwords (Adreno's
 * CP_DRAW_INDX_OFFSET of 4 of its 8 dwords, CP_LOAD_STATE6 without inline
 * data, CP_EVENT_WRITE: 15,935 of the a630 quarter bench stream's 54,135
 * packets) took put_field_at's way a field, ~1,040 instructions a packet
 * (callgrind).  Stops at
 * the first it cannot write (*at: its index; the op count when none),
 * which and those after it take the checked way.  Returns the end of what
 * it wrote. */
static inline __attribute__((always_inline)) char *put_ops(const struct gk_format *fmt,
							   const struct gk_desc_fast *fast, const uint32_t *dw,
							   size_t ndw, bool cut, char *d, unsigned *at)
{
	const struct gk_print_op *ops = fmt->print_ops + fast->print_op0;
	unsigned n = fast->print_nops, k;
	for (k = 0; k < n; k++) {
		const struct gk_print_op *op = &ops[k];
		unsigned fl = op->flags;
		const struct gk_field *f = op->f;
		uint64_t v;
		/* one test for the rare ops: the general way's (nseg 0: the
		 * plan leaves w zero for them) and two segments; a one-segment
		 * field, most of them, then reads one word with no more tests
		 * (callgrind, decode on the quarter bench streams: a630
		 * 101.46 M -> 100.78 M, GFX9 -0.4 M; Evergreen +0.1 M and CIK
		 * DMA +0.08 M, whose 64-bit addresses are two segments) */
		if (__builtin_expect(op->w.nseg != 1, 0)) {
			if (op->w.nseg == 0 || (cut && op->w.dw[1] >= ndw)) {
				/* (cut: a field whose second segment the packet
				 * leaves out is read as plan_value reads it) */
				char *e = put_planned(fmt, f, dw, ndw, d);
				if (!e)
					break;
				d = e;
				continue;
			}
			if (cut && op->w.dw[0] >= ndw) {
				if (fl & GK_POP_LAST) {
					k = n; /* and every op after it */
					break;
				}
				continue;
			}
			v = (dw[op->w.dw[0]] >> op->w.lo[0]) & op->w.mask[0];
			v |= (uint64_t)((dw[op->w.dw[1]] >> op->w.lo[1]) & op->w.mask[1]) << op->w.pos[1];
		} else {
			if (cut && op->w.dw[0] >= ndw) {
				/* starts past the packet's end: not shown
				 * (plan_value), nor is any op after a
				 * GK_POP_LAST one (the plan's: no later op
				 * starts before it): CP_DRAW_INDX_OFFSET of 4
				 * of its 8 dwords walked its 5 cut ops one by
				 * one, ~12 instructions each (callgrind, decode
				 * -j 1 of the a630 quarter bench stream) */
				if (fl & GK_POP_LAST) {
					k = n;
					break;
				}
				continue;
			}
			v = (dw[op->w.dw[0]] >> op->w.lo[0]) & op->w.mask[0];
		}
		if (!v && (fl & GK_POP_HIDE0))
			continue;
		const char *s = NULL;
		size_t sl = 0;
		if (op->kind == GK_POP_HEX) {
			d = gk_put_hex64(put_lead(d, f), v);
			continue;
		}
		if (op->kind == GK_POP_ENUM8) {
			if (v < 8 && op->elen[v]) {
				s = f->enm->names[v];
				sl = op->elen[v];
			}
		} else if (op->kind == GK_POP_ENUM) {
			s = v < (1ull << f->enm->nbits) ? f->enm->names[v] : NULL;
			if (s && !(sl = strlen(s)))
				break; /* put_field_at's NULL */
		}
		if (s) {
			d = put_name_at(put_lead(d, f), s, sl);
			continue;
		}
		if (v > UINT32_MAX)
			break; /* a decimal over 32 bits: the checked way */
		d = gk_put_dec32(put_lead(d, f), (uint32_t)v);
	}
	*at = k;
	return d;
}

/* The shown fields of a simple description's list, read straight from the
 * words: the fields, values and symbols gk_unit_fill's decode_simple would
 * store in the unit's records (the fields the generation has, in order;
 * one starting at or past ndw is cut), without storing them, and only the
 * fields of plan (fast->print: the framing ones never print).  A unit
 * that is only printed (decode's text: no notes, no groups) was filled to
 * be read back once here; the fill was ~14% of a GFX9 or CIK DMA decode
 * (callgrind, quarter bench streams), and a PM4 header's five fields are
 * two to look at with the plan.  Inline in gk_unit_text's two calls (the
 * header's list, the body's): a unit's two calls, their register saves
 * and reloads were ~40 instructions a unit of the ~2,200 a GFX9 unit
 * costs (callgrind, decode on the quarter bench streams: GFX9 109.61 M ->
 * 107.63 M, CIK DMA 109.40 M -> 107.44 M, a630 140.02 M -> 137.82 M). */
static inline __attribute__((always_inline)) void put_desc_fields(const struct gk_format *fmt,
								  const struct gk_field *fields, uint64_t plan,
								  const uint32_t *dw, size_t ndw, struct gk_out *o)
{
	for (; plan; plan &= plan - 1) {
		const struct gk_field *f = &fields[__builtin_ctzll(plan)];
		uint64_t v;
		if (!plan_value(f, dw, ndw, &v))
			continue;
		/* the symbol found in put_field_text's one switch on the kind:
		 * testing the kind here first read it twice a field
		 * (callgrind, decode on the quarter bench streams: CIK DMA
		 * 107.44 M -> 105.98 M, GFX9 107.63 M -> 106.39 M, a630
		 * 137.82 M -> 136.15 M) */
		put_field_text(fmt, f, v, 0, 0, false, true, o);
	}
}

/* The shown fields of a direct unit of description d: its header's list
 * and its body's */
static __attribute__((noinline)) void put_direct_fields(const struct gk_format *fmt, const struct gk_packet_desc *d,
							 const struct gk_desc_fast *fast, const uint32_t *dw,
							 size_t ndw, struct gk_out *o)
{
	uint64_t hp = fast->print[0], bp = fast->print[1];
	/* room for every field: written through a local position, stored
	 * back once (one check a unit, where each field checked and stored
	 * its own); what put_desc_fields_at leaves takes the checked way.
	 * Out of line: inline, it made gk_unit_text too big for GCC to
	 * inline put_reg_run, which cost GFX9 more than the fields gained.
	 * callgrind, decode on the quarter bench streams: CIK DMA 105.98 M ->
	 * 102.93 M, SDMA6 110.49 M -> 107.60 M, a630 136.15 M -> 134.60 M,
	 * GFX9 106.39 M -> 105.74 M, Evergreen 78.23 M -> 78.29 M (flat) */
	bool room = fast->print_room < 0xffff && o->buf && o->cap - o->len >= fast->print_room;
	if (room && fast->print_nops) {
		/* the compiled ops (put_ops) leave out the fields a zero hides
		 * on their own, so the words' quiet bits below are not asked
		 * for them: only for what the ops leave to the checked way
		 * (callgrind, decode -j 1 of the a630 quarter bench stream:
		 * 8,864 units, CP_DRAW_INDX_OFFSET's and CP_EVENT_WRITE's) */
		unsigned at, n = fast->print_nops;
		char *p = ndw >= fast->fixed_len ? put_ops(fmt, fast, dw, ndw, false, o->buf + o->len, &at)
						 : put_ops(fmt, fast, dw, ndw, true, o->buf + o->len, &at);
		o->len = (size_t)(p - o->buf);
		if (at == n)
			return;
		/* the fields from the one it stopped at: the checked way */
		uint64_t rh = 0, rb = 0;
		for (const struct gk_print_op *op = fmt->print_ops + fast->print_op0 + at,
					       *end = fmt->print_ops + fast->print_op0 + n;
		     op < end; op++) {
			if (op->flags & GK_POP_HDR)
				rh |= 1ull << op->idx;
			else
				rb |= 1ull << op->idx;
		}
		hp &= rh;
		bp &= rb;
	}
	if (fast->print_qdw) {
		/* the fields a zero hides (a PM4 header's predicate and shader
		 * type, reserved and must-be-zero bits ...) are zero in nearly
		 * every packet: one AND a dword drops them all, where each was
		 * read, tested and skipped on its own (callgrind, decode on the
		 * quarter bench streams: GFX9 106.36 M -> 104.51 M, Evergreen
		 * 78.87 M -> 77.27 M, GFX11 117.89 M -> 116.36 M; CIK DMA, whose
		 * bench stream sets them, 110.18 M -> 110.46 M) */
		uint32_t any = 0;
		unsigned n = fast->print_qdw < ndw ? fast->print_qdw : (unsigned)ndw;
		for (unsigned i = 0; i < n; i++)
			any |= dw[i] & fast->print_qbits[i];
		if (!any) {
			hp &= ~fast->print_quiet[0];
			bp &= ~fast->print_quiet[1];
		}
	}
	if (room && !fast->print_nops) {
		char *p = put_desc_fields_at(fmt, d->hdr, &hp, dw, ndw, o->buf + o->len);
		if (!hp)
			p = put_desc_fields_at(fmt, d->fields, &bp, dw, ndw, p);
		o->len = (size_t)(p - o->buf);
	}
	put_desc_fields(fmt, d->hdr, hp, dw, ndw, o);
	put_desc_fields(fmt, d->fields, bp, dw, ndw, o);
}

void gk_text_direct_fields(const struct gk_format *fmt, const struct gk_packet_desc *d,
			   const struct gk_desc_fast *fast, const uint32_t *dw, size_t ndw, struct gk_out *o)
{
	put_direct_fields(fmt, d, fast, dw, ndw, o);
}

/* A pending unit's whole line, "OFFSET: NAME FIELD=VALUE ...\n", in one
 * piece, when that is all its text: a description without a tail or notes,
 * a packet of its fixed length (no COUNT, no EXTRA: the layout
 * gk_unit_decode_lazy makes of it), no stray bit in its dwords, no raw
 * words, and a plan whose fields are all ops (or none: a NOP) with room
 * for them.  false, nothing kept (bytes past o->len are not the output's):
 * gk_unit_text's general way prints it.  The pieces one check and store
 * each, and the tests for a count, stray bits, notes, a tail, extra and raw
 * words, were ~250 instructions of a ~630-instruction SDMA NOP (callgrind,
 * decode -g sdma4 -e dma on 100,000 NOPs). */
static __attribute__((noinline)) bool put_direct_line(const struct gk_format *fmt, const struct gk_unit *u,
						       const struct gk_desc_fast *fast, struct gk_out *o)
{
	/* the unit's description, words and offset read here, where the
	 * callers passed them with the length, seven arguments, one on the
	 * stack (callgrind, decode -j 1 of the a630 quarter bench stream:
	 * 45,000 lines).  fast: u->desc's plan; the words at least its
	 * fixed_len (the callers' tests), fast->print_line_room set: at
	 * most the 16 dwords of fast->claimed */
	const struct gk_packet_desc *d = u->desc;
	const uint32_t *dw = u->pkt.dw;
	size_t ndw = fast->fixed_len;
	uint64_t off = u->pkt.offset;
	if (off > UINT32_MAX || !o->buf || o->cap - o->len < fast->print_line_room)
		return false;
	uint32_t any = 0;
	for (unsigned i = 0; i < ndw; i++)
		any |= dw[i] & ~fast->claimed[i];
	if (any)
		return false; /* stray bits: put_rawbits' */
	char *p = gk_put_offset(o->buf + o->len, (uint32_t)off);
	p = gk_put_mem(p, d->name, fast->print_namelen);
	if (fast->print_nops) {
		unsigned at;
		p = put_ops(fmt, fast, dw, ndw, false, p, &at);
		if (at != fast->print_nops)
			return false;
	}
	*p++ = '\n';
	o->len = (size_t)(p - o->buf);
	return true;
}

static void put_rawbits(struct gk_out *o, unsigned dw, uint32_t bits, bool whole)
{
	gk_out_str(o, " dw");
	gk_out_dec(o, dw);
	gk_out_str(o, whole ? "=" : "|=");
	gk_out_hex(o, bits, 8);
}

static void put_words(struct gk_out *o, const char *lead, const uint32_t *w, size_t n)
{
	size_t ll = strlen(lead);
	for (size_t i = 0; i < n; i += WORDS_PER_LINE) {
		if (o->cap - o->len >= 4 + ll + WORDS_PER_LINE * 11 + 1) {
			/* a whole line straight into the buffer (data tails are
			 * much of a DMA stream's text) */
			char *d = o->buf + o->len;
			memcpy(d, "    ", 4);
			memcpy(d + 4, lead, ll);
			d += 4 + ll;
			for (size_t k = i; k < n && k < i + WORDS_PER_LINE; k++) {
				*d++ = ' ';
				d = gk_put_hex8(d, w[k]);
			}
			*d++ = '\n';
			o->len = (size_t)(d - o->buf);
			continue;
		}
		gk_out_str(o, "    ");
		gk_out_str(o, lead);
		for (size_t k = i; k < n && k < i + WORDS_PER_LINE; k++)
			gk_out_sp_hex8(o, w[k]);
		gk_out_ch(o, '\n');
	}
}

static inline void put_offset(struct gk_out *o, uint64_t off)
{
	if (off <= UINT32_MAX && o->cap - o->len >= 12) { /* "0x%08x: ", the start of every packet line */
		gk_put_offset(o->buf + o->len, (uint32_t)off);
		o->len += 12;
		return;
	}
	gk_out_hex(o, off, 8);
	gk_out_put(o, ": ", 2);
}

/* The next field of r holding a set bit of *rest (the bits of the value
 * not yet written), *at..end being the fields not yet passed; *m is set to
 * its mask, whose bits leave *rest.  Bits below that field that no field
 * claims move from *rest to *stray.  NULL when *rest has no field left.
 * Register values are sparse (most of a GFX9 register's ten or so fields
 * are zero): walking the set bits costs a compare per zero field where
 * testing each field's value cost ~20 instructions (callgrind, decode -g
 * gfx9 on the quarter bench stream: the register lines with fields 21.1 M ->
 * 19.3 M instructions, the whole run 135.7 M -> 133.8 M).  The tables keep
 * fields sorted by lo without overlap and inside bits 0..31 (test_tables),
 * so the fields come out in the order a walk over all of them gives; each
 * turn clears at least the lowest set bit whatever the table says, so the
 * walk ends after at most 32 turns. */
static inline const struct gk_reg_field *next_set_field(const struct gk_reg_field **at,
							 const struct gk_reg_field *end, uint32_t *rest,
							 uint32_t *stray, uint32_t *m)
{
	const struct gk_reg_field *f = *at;
	while (*rest) {
		unsigned b = (unsigned)__builtin_ctz(*rest);
		while (f < end && f->hi < b)
			f++;
		if (f < end && f->lo <= b) {
			/* lo <= b <= min(hi, 31): the mask holds bit b.  2u << 31
			 * is 0 in unsigned arithmetic, so hi 31 gives the top bit
			 * without gk_mask's branch */
			unsigned hi = f->hi < 31 ? f->hi : 31;
			*m = (2u << hi) - (1u << f->lo);
			*rest &= ~*m;
			*at = f + 1;
			return f;
		}
		/* b is in no field: it and the set bits up to the next field
		 * (whose lo is above b) are stray */
		uint32_t below = f < end && f->lo < 32 ? *rest & ((1u << f->lo) - 1u) : *rest;
		*stray |= below;
		*rest &= ~below;
	}
	*at = f;
	return NULL;
}

/* next_set_field for a register whose row has a field layout (struct
 * gk_reg_table's fieldat, at): the field holding the lowest set bit of
 * *rest found by one load, where next_set_field compares each field below
 * it, and its mask read from the row where next_set_field computes it
 * (callgrind, decode on the quarter bench streams, with put_reg_line's
 * head in one copy: GFX9 98.67 M -> 95.86 M, GFX11 112.01 M -> 110.21 M,
 * Evergreen 73.16 M -> 72.34 M, a630 128.93 M -> 128.80 M).
 * An entry not below nfields (0xff: no field holds the bit) makes the bit
 * stray, so a wrong table can name a wrong field but never one outside
 * the list; each turn clears the bit it started from, so the walk ends
 * after at most 32 turns. */
static inline const struct gk_reg_field *field_at_bit(const struct gk_reg_field *fields, unsigned nfields,
						       const uint8_t *at, uint32_t *rest, uint32_t *stray, uint32_t *m)
{
	while (*rest) {
		unsigned b = (unsigned)__builtin_ctz(*rest);
		unsigned i = at[b];
		if (i < nfields) {
			const struct gk_reg_field *f = &fields[i];
			*m = f->mask;
			*rest &= ~(*m | 1u << b);
			return f;
		}
		*stray |= 1u << b;
		*rest &= *rest - 1;
	}
	return NULL;
}

/* gk_reg_value_at with its first test inline: most value lists run 0, 1,
 * 2 ..., so the value's own row is the one (the call was ~17 instructions
 * a named value, callgrind on the GFX9 quarter bench stream) */
static inline const struct gk_reg_value *value_row(const struct gk_reg_field *f, uint32_t fv)
{
	if (fv < f->nvalues && f->values && f->values[fv].value == fv)
		return &f->values[fv];
	return gk_reg_value_at(f, fv);
}

/* " F=V ..." for the non-zero fields of r, then stray bits; " 0" for zero.
 * Every line of a register run comes through here, so each field is written
 * straight into the buffer when it has room (measured by make bench). */
static void put_reg_fields(const struct gk_format *fmt, const struct gk_reg *r, uint32_t v, struct gk_out *o)
{
	uint32_t rest = v, stray = 0, m;
	const struct gk_reg_field *next = r->fields, *end = next + r->nfields, *f;
	while ((f = next_set_field(&next, end, &rest, &stray, &m))) {
		uint32_t fv = (v & m) >> f->lo;
		const struct gk_reg_value *nv = f->nvalues ? gk_reg_value_at(f, fv) : NULL;
		const char *n = nv ? nv->name : NULL;
		char typed[64];
		if (!n && fmt->reg_value_text) {
			/* the database's type (a float, a fixed-point number ...);
			 * a field without a name is the whole register: no "=" */
			size_t tl = fmt->reg_value_text(f, fv, typed, sizeof typed);
			if (tl && tl < sizeof typed) {
				gk_out_ch(o, ' ');
				if (f->namelen) {
					gk_out_put(o, f->name, f->namelen);
					gk_out_ch(o, '=');
				}
				gk_out_put(o, typed, tl);
				continue;
			}
		}
		size_t nl = nv ? nv->namelen : 0;
		if (o->cap - o->len >= f->namelen + 13u + nl) {
			char *d = o->buf + o->len;
			*d++ = ' ';
			d = gk_put_mem(d, f->name, f->namelen);
			*d++ = '=';
			if (n) {
				d = gk_put_mem(d, n, nl);
			} else {
				d = f->hi - f->lo < 8 ? gk_put_dec32(d, fv) : gk_put_hex32(d, fv);
			}
			o->len = (size_t)(d - o->buf);
			continue;
		}
		gk_out_ch(o, ' ');
		gk_out_put(o, f->name, f->namelen);
		gk_out_ch(o, '=');
		if (n)
			gk_out_put(o, n, nl);
		else if (f->hi - f->lo < 8)
			gk_out_dec(o, fv);
		else
			gk_out_hex(o, fv, 1);
	}
	if (stray) {
		gk_out_sp_hex8(o, stray);
	} else if (!v) {
		gk_out_put(o, " 0", 2);
	}
}

/* The format's value kinds (gk_format.reg_kinds) as fields_at reads
 * them: a field's kind is its byte when the field lies in the table
 * reg_kind_fields begins, else GK_VK_HOOK.  One unsigned compare a field
 * bounds the read whatever the row holds (a wrong table can give a wrong
 * kind, never a byte outside); testing that the row's fields all lie in
 * it, once a line, was ~19 instructions a line (callgrind, decode of the
 * a630 quarter bench stream: 178,000 lines with fields). */
struct reg_kinds {
	uintptr_t base, n;
	const uint8_t *kinds;
};

static inline struct reg_kinds fmt_kinds(const struct gk_format *fmt)
{
	struct reg_kinds k = { 0, 0, NULL };
	if (fmt->reg_kinds && fmt->reg_kind_fields) {
		k.base = (uintptr_t)fmt->reg_kind_fields;
		k.n = fmt->nreg_kinds;
		k.kinds = fmt->reg_kinds;
	}
	return k;
}

/* f's kind by its index in the table: a field below it wraps round to an
 * index of at least 2^64 / 32 / 2, past any n a table in memory can have
 * (n rows of 32 bytes), so one compare, where the byte offset's compare
 * needed n * 32 bounded first, at each run (callgrind, decode -j 1 of
 * the a630 quarter bench stream: 35,235 runs, 83.49 M -> 83.35 M) */
static inline unsigned field_kind(struct reg_kinds k, const struct gk_reg_field *f)
{
	uintptr_t i = ((uintptr_t)f - k.base) / sizeof *f;
	return i < k.n ? k.kinds[i] : GK_VK_HOOK;
}

/* value_row for a field of a format with value kinds: a value not at its
 * own index (a sparse list) read from the format's table of its list's
 * rows by value (gk_format.reg_value_slots), where gk_reg_value_at
 * searched the list by halving: a6xx's 8-bit FORMAT and COLOR_FORMAT
 * fields (127 names of 256) were 64,000 of the a630 quarter bench
 * stream's 119,000 searches, ~75 instructions and a few cache misses
 * each.  The tables are fmt's, read only here (not kept with the kinds
 * across the run: one load of fmt's members where the identity test
 * failed); a row index past the list is no name. */
static inline const struct gk_reg_value *value_row_typed(const struct gk_format *fmt, struct reg_kinds k,
							 const struct gk_reg_field *f, uint32_t fv)
{
	if (fv < f->nvalues && f->values && f->values[fv].value == fv)
		return &f->values[fv];
	uintptr_t i = ((uintptr_t)f - k.base) / sizeof *f;
	const uint16_t *slots = fmt->reg_value_slots;
	if (i < k.n && slots && slots[i] && fmt->reg_value_rows && fv < 256u && f->values) {
		unsigned r = fmt->reg_value_rows[slots[i] - 1u + fv];
		return r && r <= f->nvalues ? &f->values[r - 1] : NULL;
	}
	return gk_reg_value_at(f, fv);
}

/* "rN.c" of each register id below 256 (N its bits [7:2], c "xyzw" of
 * bits [1:0]: enum gk_value_kind's GK_VK_REGID), NUL-padded to 8 bytes,
 * so an id is one 8-byte copy and a length (4 bytes below r10.x = 40,
 * else 5) where it was a number's digits and three stores; the ids of
 * the a630 tables' register-id fields are 8 bits wide */
#define REGID4(n) "r" #n ".x", "r" #n ".y", "r" #n ".z", "r" #n ".w"
#define REGID40(t)                                                                                            \
	REGID4(t##0), REGID4(t##1), REGID4(t##2), REGID4(t##3), REGID4(t##4), REGID4(t##5), REGID4(t##6), \
		REGID4(t##7), REGID4(t##8), REGID4(t##9)
static const char regid_text[256][8] = {
	REGID4(0),  REGID4(1),	REGID4(2),  REGID4(3),	REGID4(4),  REGID4(5),	REGID4(6),  REGID4(7),
	REGID4(8),  REGID4(9),	REGID40(1), REGID40(2), REGID40(3), REGID40(4), REGID40(5), REGID4(60),
	REGID4(61), REGID4(62), REGID4(63),
};
#undef REGID40
#undef REGID4

/* A typed value of a kind the printer writes itself (GK_VK_UINT, _HEX,
 * _REGID: the text the format's reg_value_text writes for them, which
 * tests/adreno/test_adreno_values holds it to) into d, which has 64
 * bytes of room; the end of it.  Read from the format's reg_kinds, a
 * byte a field where the hook's call, its bounds test of the field and
 * its switch were ~50 instructions a value (callgrind, decode of the
 * a630 quarter bench stream: 134,000 such values). */
static inline __attribute__((always_inline)) char *put_kind_at(char *d, unsigned kind, uint32_t fv)
{
	switch (kind) {
	case GK_VK_UINT:
		return gk_put_dec32(d, fv);
	case GK_VK_HEX:
		if (fv)
			return gk_put_hex32(d, fv);
		*d = '0'; /* as rnndec: 0 as "0" */
		return d + 1;
	default: /* GK_VK_REGID */
		if (fv < 256) {
			memcpy(d, regid_text[fv], 8);
			return d + (fv < 40 ? 4 : 5);
		}
		*d++ = 'r';
		d = gk_put_dec32(d, fv >> 2);
		*d++ = '.';
		*d++ = "xyzw"[fv & 3];
		return d;
	}
}

/* put_reg_fields' text (the same bytes) into d, which has room for
 * r->maxline bytes, the generators' bound for the longest line r can print:
 * no room check a piece, the buffer position in a register.  NULL when a
 * typed value would not have its 64 bytes before limit (a table whose
 * maxline does not count them): the caller then writes the checked way.
 * On the GFX9 bench stream a register line cost ~290 instructions through
 * the checked writers (callgrind), most of it per-piece bookkeeping.
 * typed: the format whose reg_value_text types the values (not NULL),
 * kinds its value kinds; NULL: none (PM4), the typed code left out. */
static inline __attribute__((always_inline)) char *
fields_at(const struct gk_format *typed, struct reg_kinds kinds, const struct gk_reg *r, const uint8_t *fat,
	  uint32_t v, char *d, const char *limit)
{
	uint32_t rest = v, stray = 0, m;
	const struct gk_reg_field *next = r->fields, *end = next + r->nfields, *f;
	unsigned nf = r->nfields;
	while (typed && (f = fat ? field_at_bit(next, nf, fat, &rest, &stray, &m)
				 : next_set_field(&next, end, &rest, &stray, &m))) {
		/* the typed loop, its own: a value name first, then the
		 * value's kind, each way to its end, where one loop for both
		 * looked the name up before the field's name was written and
		 * tested it again after, its pointer kept across the copy
		 * (callgrind, decode -j 1 of the a630 quarter bench stream:
		 * 89.45 M -> 87.92 M; the untyped loop below, PM4's, as it
		 * was) */
		uint32_t fv = (v & m) >> f->lo;
		*d++ = ' ';
		d = gk_put_mem(d, f->name, f->namelen);
		const struct gk_reg_value *n;
		if (f->nvalues && (n = value_row_typed(typed, kinds, f, fv))) {
			*d++ = '=';
			d = gk_put_mem(d, n->name, n->namelen); /* the tables' length: no strlen */
			continue;
		}
		/* the database's type, written in place (maxline counts 64
		 * bytes for it); a field without a name is the whole
		 * register: no "=" */
		unsigned kind = field_kind(kinds, f);
		if (kind != GK_VK_NUMBER) { /* never typed: the hook says nothing */
			/* '=' stored whatever the text: a nameless field's text
			 * (at d itself) overwrites it, and a field the hook has
			 * no text for is a number, "=V", below */
			*d = '=';
			char *at = d + (f->namelen != 0);
			if (kind != GK_VK_HOOK) {
				/* at most 13 bytes ("r" 10 digits ".c"), in the
				 * room maxline counts for a typed value, as a
				 * value name's or a number's is in theirs: only
				 * the hook's 64 are tested (callgrind, decode -j 1
				 * of the a630 quarter bench stream: 97,000 such
				 * values, 93.21 M -> 92.60 M) */
				d = put_kind_at(at, kind, fv);
				continue;
			}
			if (limit - at < 64)
				return NULL;
			size_t tl = typed->reg_value_text(f, fv, at, 64);
			if (tl && tl < 64) {
				d = at + tl;
				continue;
			}
		}
		*d++ = '=';
		d = f->hi - f->lo < 8 ? gk_put_dec32(d, fv) : gk_put_hex32(d, fv);
	}
	while (!typed && (f = fat ? field_at_bit(next, nf, fat, &rest, &stray, &m)
				  : next_set_field(&next, end, &rest, &stray, &m))) {
		uint32_t fv = (v & m) >> f->lo;
		const struct gk_reg_value *n = f->nvalues ? value_row(f, fv) : NULL;
		*d++ = ' ';
		d = gk_put_mem(d, f->name, f->namelen);
		*d++ = '=';
		if (n) {
			d = gk_put_mem(d, n->name, n->namelen); /* the tables' length: no strlen */
		} else {
			d = f->hi - f->lo < 8 ? gk_put_dec32(d, fv) : gk_put_hex32(d, fv);
		}
	}
	if (stray) {
		*d++ = ' ';
		d = gk_put_hex8(d, stray);
	} else if (!v) {
		memcpy(d, " 0", 2);
		d += 2;
	}
	return d;
}

/* r's field layout (struct gk_reg's fieldat) in the layouts at[0, nat)
 * of its table, NULL when it has none (the walk then compares fields) */
static inline const uint8_t *reg_layout(const struct gk_reg *r, const uint8_t (*at)[32], size_t nat)
{
	size_t i = (size_t)r->fieldat - 1; /* 0 (none) wraps round past nat: one compare */
	return i < nat ? at[i] : NULL;
}

/* fields_at with the family's typed values (Adreno), or without them
 * (PM4: no reg_value_text), each loop compiled on its own so the PM4 one
 * tests no type a field (callgrind, decode on the quarter bench streams:
 * GFX9 101.48 M -> 100.55 M, GFX11 115.91 M -> 114.99 M, a630 132.42 M
 * -> 131.91 M); fat r's field layout (reg_layout).  The PM4 loop inline
 * in the register notes (put_reg_note), the typed one a call. */
static __attribute__((noinline)) char *typed_fields_at(const struct gk_format *fmt, const struct gk_reg *r,
							const uint8_t *fat, uint32_t v, char *d, const char *limit)
{
	return fields_at(fmt, fmt_kinds(fmt), r, fat, v, d, limit);
}

static inline __attribute__((always_inline)) char *put_fields_at(const struct gk_format *fmt, const struct gk_reg *r,
								  const uint8_t *fat, uint32_t v, char *d,
								  const char *limit)
{
	/* read once: the stores through d could alias it for the compiler */
	size_t (*typed)(const struct gk_reg_field *, uint32_t, char *, size_t) = fmt->reg_value_text;
	return typed ? typed_fields_at(fmt, r, fat, v, d, limit) : fields_at(NULL, (struct reg_kinds){ 0, 0, NULL }, r, fat, v, d, limit);
}

/* r's field layout in fmt->regs, whose rows the printers pass */
static inline const uint8_t *fmt_layout(const struct gk_format *fmt, const struct gk_reg *r)
{
	const struct gk_reg_table *t = fmt->regs;
	return t && t->fieldat ? reg_layout(r, t->fieldat, t->nfieldat) : NULL;
}

/* The line of a word written to an address no register of the generation
 * has, "    0xAAAAA <- 0xVVVVVVVV\n" (gk_text_register_at's text), into d,
 * which has room for its UNNAMED_LINE bytes (addr <= 0xfffff) */
#define UNNAMED_LINE (sizeof "    0xAAAAA <- 0xVVVVVVVV\n" - 1)
/* (always inline: with the run's loop in two copies, PM4's and the typed
 * one, GCC made it a call, Evergreen's most common line: callgrind, decode
 * on the quarter bench stream, 56.30 M -> 56.97 M) */
static inline __attribute__((always_inline)) char *put_unnamed_line(uint32_t addr, uint32_t v, char *d)
{
	memcpy(d, "    0x", 6);
	d[6] = gk_hexpair[2 * (addr >> 16) + 1];
	memcpy(d + 7, gk_hexpair + 2 * ((addr >> 8) & 0xff), 2);
	memcpy(d + 9, gk_hexpair + 2 * (addr & 0xff), 2);
	memcpy(d + 11, " <- ", 4);
	d = gk_put_hex8(d + 15, v);
	*d++ = '\n';
	return d;
}

/* s[0, n) into d (a line head: 12 bytes and a name), from 16 bytes on in
 * two overlapping 16- or 32-byte moves up to 64 bytes: gk_put_mem's 8-byte
 * moves stop at 32 and longer heads (a third of GFX9's) would take libc's
 * memcpy */
static inline char *put_head(char *d, const char *s, size_t n)
{
	if (n < 16) /* a name of up to 3 bytes */
		return gk_put_mem(d, s, n);
	if (n <= 32) {
		memcpy(d, s, 16);
		memcpy(d + n - 16, s + n - 16, 16);
	} else if (n <= 64) {
		memcpy(d, s, 32);
		memcpy(d + n - 32, s + n - 32, 32);
	} else {
		memcpy(d, s, n);
	}
	return d + n;
}

/* "    0xAAAAA NAME" of row r at its own offset (five hex digits) into d.
 * Always inline: with the typed run's three line writers GCC made it a
 * call (callgrind, decode -j 1 of the a630 quarter bench stream: 97.29 M
 * -> 96.44 M inline) */
static inline __attribute__((always_inline)) char *put_line_head(const struct gk_reg *r, char *d)
{
	if (r->head) /* as the tables hold it before the name */
		return put_head(d, r->name - 12, 12u + r->namelen);
	uint32_t addr = r->offset;
	memcpy(d, "    0x", 6);
	d[6] = gk_hexpair[2 * (addr >> 16) + 1];
	memcpy(d + 7, gk_hexpair + 2 * ((addr >> 8) & 0xff), 2);
	memcpy(d + 9, gk_hexpair + 2 * (addr & 0xff), 2);
	d[11] = ' ';
	return gk_put_mem(d + 12, r->name, r->namelen);
}

/* One register-run line of a row r with fields at its own offset (of five
 * hex digits), "    0xAAAAA NAME <- F=V ... [0xSTRAY]\n" (the text
 * gk_text_register_at writes), into d, which has room for r->maxline
 * bytes; typed the family's typed values (fields_at), fat r's field
 * layout; NULL as fields_at. */
static inline __attribute__((always_inline)) char *
reg_line(const struct gk_format *typed, struct reg_kinds kinds, const struct gk_reg *r, const uint8_t *fat,
	 uint32_t v, char *d, const char *limit)
{
	d = put_line_head(r, d);
	memcpy(d, " <-", 3);
	d = fields_at(typed, kinds, r, fat, v, d + 3, limit);
	if (d)
		*d++ = '\n';
	return d;
}

/* reg_line out of line for a family without typed values (PM4), the
 * field writer inlined: the run's loop, inlined in gk_unit_text, keeps
 * its registers, and a line with fields makes one call with six arguments
 * where it made one with eight to put_reg_line and its fields another,
 * put_fields_at (callgrind, decode on the quarter bench streams: GFX9
 * 84.83 M -> 84.12 M, GFX11 101.39 M -> 99.59 M, Evergreen 61.09 M ->
 * 60.79 M).  A family with typed values writes its lines in the loop
 * (put_typed_reg_run). */
static __attribute__((noinline)) char *put_reg_line(const struct gk_format *fmt, const struct gk_reg *r,
						     const uint8_t *fat, uint32_t v, char *d, const char *limit)
{
	(void)fmt; /* no typed values */
	return reg_line(NULL, (struct reg_kinds){ 0, 0, NULL }, r, fat, v, d, limit);
}

/* the longest line put_plain_reg_line writes (a name of up to 255
 * bytes: namelen is a uint8_t), longer than put_unnamed_line's */
#define PLAIN_LINE_MAX (sizeof "    0xAAAAA  <- 0xVVVVVVVV\n" - 1 + 255)
_Static_assert(PLAIN_LINE_MAX >= UNNAMED_LINE, "a run's room test for a line without fields covers both kinds");

/* put_reg_line for a row r without fields at its own offset (five hex
 * digits), "    0xAAAAA NAME <- 0xVVVVVVVV\n", into d with room for
 * PLAIN_LINE_MAX bytes: inline, without a field test, " <- " one store
 * where " <-" and the space took two; most of Evergreen's register lines
 * (constants, resource words) and many of GFX9's have no fields. */
static inline char *put_plain_reg_line(const struct gk_reg *r, uint32_t v, char *d)
{
	d = put_line_head(r, d);
	memcpy(d, " <- ", 4);
	d = gk_put_hex8(d + 4, v);
	*d++ = '\n';
	return d;
}

/* The line of a row r with fields at its own offset (five hex digits)
 * whose value is 0, "    0xAAAAA NAME <- 0\n" (no field set, no stray
 * bit: fields_at's " 0"), into d with room for r->maxline bytes, which
 * counts at least 15 past the head (" <-", a stray's " 0xSSSSSSSS" and
 * the newline): the head and one 8-byte store, without the field walk
 * (its layout, the registers saved and loaded back around it).  A third
 * of the a630 bench stream's register lines with fields are 0 (64,640 of
 * 178,045; callgrind, decode -j 1 of the quarter bench stream: 98.49 M ->
 * 97.29 M).  The typed run's only: PM4's lines with fields are
 * put_reg_line's call, and the test was not tried there. */
static inline char *put_zero_reg_line(const struct gk_reg *r, char *d)
{
	d = put_line_head(r, d);
	memcpy(d, " <- 0\n\0\0", 8);
	return d + 6;
}

/* The lines of a register run: words w[0, n) written from addr on, the
 * table walked by index along the run (one search for the run).  typed:
 * a family with typed values (fmt->reg_value_text), whose lines with
 * fields are written by reg_line inline in this loop (put_typed_reg_run);
 * else by a call to put_reg_line a line, the loop inline in gk_unit_text. */
static inline __attribute__((always_inline)) void reg_run(const struct gk_format *fmt, uint64_t addr,
							   const uint32_t *w, unsigned n, struct gk_out *o,
							   bool typed)
{
	const struct gk_reg_table *t = fmt->regs;
	size_t k = typed ? 0 : gk_format_reg_from(fmt, (uint32_t)addr);
	size_t nregs = t && t->regs && t->pool ? t->nregs : 0;
	/* the run's first row: a typed run (addresses under 0x100000, tested
	 * below) starts the row walk of its first line at its page's first
	 * row (fmt->reg_page), where gk_format_reg_from's call tested the
	 * table again and walked the same rows (~18 instructions a run,
	 * callgrind, decode -j 1 of the a630 quarter bench stream: 35,235
	 * runs, 92.50 M -> 91.82 M); PM4 keeps the call (before nregs: after
	 * it, nregs kept across the call cost GFX9 0.16 M) */
	if (typed && nregs)
		k = (addr >> GK_REG_PAGE_SHIFT) < GK_REG_PAGES ? fmt->reg_page[addr >> GK_REG_PAGE_SHIFT]
							       : gk_reg_lower_bound(t, (uint32_t)addr);
	/* the table's rows, indices and field layouts read once a run: the
	 * stores of each line (char) could alias them for the compiler, which
	 * loaded them again a line */
	const struct gk_reg *pool = nregs ? t->pool : NULL;
	const uint16_t *regs = nregs ? t->regs : NULL;
	const uint8_t(*at)[32] = t ? t->fieldat : NULL;
	size_t nat = at ? t->nfieldat : 0;
	/* the kinds read once a run, not a line */
	struct reg_kinds kinds = typed ? fmt_kinds(fmt) : (struct reg_kinds){ 0, 0, NULL };
	if (!o->buf) { /* no buffer (a length query): the checked way */
		for (unsigned i = 0; i < n; i++, addr += 4)
			gk_text_register_at(fmt, gk_reg_by_offset(t, (uint32_t)addr), (uint32_t)addr, w[i], o);
		return;
	}
	/* every line's address has its five digits: tested once a run, not
	 * a line; a typed run whose lines do not (an address past 0xfffff:
	 * none of Adreno's register offsets) takes the checked way whole,
	 * so its loop tests nothing of it */
	bool five = addr + 4ull * n <= 0x100000;
	if (typed && !five) {
		for (unsigned i = 0; i < n; i++, addr += 4)
			gk_text_register_at(fmt, gk_reg_by_offset(t, (uint32_t)addr), (uint32_t)addr, w[i], o);
		return;
	}
	/* the buffer's position and end in registers along the run, where
	 * each line loaded and stored them through o (callgrind, decode on
	 * the quarter bench streams: GFX9 102.70 M -> 101.47 M, Evergreen
	 * 75.72 M -> 74.45 M) */
	char *p = o->buf + o->len, *lim = o->buf + o->cap;
	/* a line without fields (a row without them, or no row) is written
	 * when the buffer has room for the longest such line, PLAIN_LINE_MAX:
	 * one constant, where each line loaded its row's maxline and tested
	 * five and the row (~80% of the Evergreen bench stream's lines have
	 * no fields); SIZE_MAX when the addresses do not all have five digits */
	size_t plain_need = five ? PLAIN_LINE_MAX : SIZE_MAX;
	for (unsigned i = 0; i < n; i++, addr += 4) {
		/* each row loaded once: the first at or past addr is addr's
		 * register or none (the walk was ~2.5% of GFX9 text); a row
		 * found is passed at once, as the next address is past it,
		 * where the walk of the next line loaded it again to pass it
		 * (callgrind, decode on the quarter bench streams: GFX9
		 * 104.51 M -> 102.70 M, Evergreen 77.27 M -> 75.72 M) */
		const struct gk_reg *r = NULL;
		for (; k < nregs; k++) {
			const struct gk_reg *c = &pool[regs[k]];
			if (c->offset >= addr) {
				if (c->offset == addr) {
					r = c;
					k++;
				}
				break;
			}
		}
		/* a register without a name too (SET_SAMPLER's words, a
		 * register no table of the generation has: a fifth of the
		 * Evergreen bench stream's lines, which took ~106 instructions
		 * each through the checked writer, callgrind) */
		char *e = NULL;
		if (!r || !r->nfields) {
			if ((size_t)(lim - p) >= plain_need)
				e = !r ? put_unnamed_line((uint32_t)addr, w[i], p)
				       : put_plain_reg_line(r, w[i], p);
		} else if (five && (size_t)r->maxline - 1 < (size_t)(lim - p)) {
			/* (room for maxline bytes; a maxline of 0, not known,
			 * wraps round: one compare) */
			/* a typed row without a field layout (none of
			 * Adreno's: gen_adreno.py gives every row with
			 * fields one) takes the checked way, so the typed
			 * loop has no field-by-field walk, whose registers
			 * it saved and loaded around each line's fields
			 * (callgrind, decode -j 1 of the a630 quarter bench
			 * stream: 90.69 M -> 89.45 M) */
			if (!typed) {
				e = put_reg_line(fmt, r, reg_layout(r, at, nat), w[i], p, lim);
			} else if (!w[i]) {
				e = put_zero_reg_line(r, p);
			} else {
				/* the layout after the zero test: a zero
				 * line has no use for it (callgrind, decode
				 * -j 1 of the a630 quarter bench stream:
				 * 64,640 zero lines) */
				const uint8_t *fat = reg_layout(r, at, nat);
				if (fat)
					e = reg_line(fmt, kinds, r, fat, w[i], p, lim);
			}
		}
		if (e) {
			p = e;
			continue;
		}
		/* the checked way, which may flush the buffer: the position
		 * stored and read back around it */
		o->len = (size_t)(p - o->buf);
		gk_text_register_at(fmt, r, (uint32_t)addr, w[i], o);
		p = o->buf + o->len;
		lim = o->buf + o->cap;
	}
	o->len = (size_t)(p - o->buf);
}

/* A family with typed values (Adreno): the run's loop and its lines in
 * one function, one call a run where a line with fields made one, with
 * its register saves and the loop's reloads around it, and read the typed
 * writer and kinds again (callgrind, decode of the a630 quarter bench
 * stream: 178,000 such lines in 35,000 runs).  PM4 keeps the loop
 * inline in gk_unit_text and a call a line, which measured best for it
 * (put_reg_line). */
static __attribute__((noinline)) void put_typed_reg_run(const struct gk_format *fmt, uint64_t addr,
							 const uint32_t *w, unsigned n, struct gk_out *o)
{
	reg_run(fmt, addr, w, n, o, true);
}

static inline void put_reg_run(const struct gk_format *fmt, uint64_t addr, const uint32_t *w, unsigned n,
			       struct gk_out *o)
{
	if (fmt->reg_value_text)
		put_typed_reg_run(fmt, addr, w, n, o);
	else
		reg_run(fmt, addr, w, n, o, false);
}

/* The register a field's value goes to: the field's own .reg, or the one
 * named by the GK_REG field its .value_reg points at (register pairs), found
 * among the fields it was decoded with. */
static const struct gk_reg *value_register(const struct gk_format *fmt, const struct gk_unit_field *uf,
					   const struct gk_unit_field *fields, unsigned n)
{
	if (uf->desc->reg)
		return gk_reg_by_offset(fmt->regs, uf->desc->reg);
	/* the register the decoder found for the GK_REG field (its symbol):
	 * looking it up again was ~4% of GFX11 text, two a register-pair group */
	const struct gk_unit_field *of = gk_unit_value_reg_field(uf, fields, n);
	return of ? of->reg : 0;
}

/* A note's opening at d, in room the caller made: " ; " starting the
 * trailing comment, or next ("; " or ", ", two bytes) after another note. */
static inline char *put_note_open(char *d, bool open, const char *next)
{
	if (open) {
		memcpy(d, next, 2);
		return d + 2;
	}
	memcpy(d, " ; ", 3);
	return d + 3;
}

/* The note of one field of value v whose value goes to register r (with
 * fields): " ; NAME: F=V ..." opening the comment, "; NAME: ..." after
 * another note. */
static void put_reg_note(const struct gk_format *fmt, const struct gk_field *f, const struct gk_reg *r, uint64_t v,
			 bool *open, struct gk_out *o)
{
	if (r->maxline && f->namelen && o->cap - o->len >= 4u + f->namelen + r->maxline) {
		/* " ; NAME:" and the fields in one piece (a register pair's
		 * value has one: ~85,000 notes on the GFX11 quarter bench
		 * stream, three checked writes each) */
		char *d = put_note_open(o->buf + o->len, *open, "; ");
		d = gk_put_mem(d, f->name, f->namelen);
		*d++ = ':';
		char *e = put_fields_at(fmt, r, fmt_layout(fmt, r), (uint32_t)v, d, o->buf + o->cap);
		if (e) {
			o->len = (size_t)(e - o->buf);
			*open = true;
			return;
		}
		/* nothing kept: written again below the checked way */
	}
	gk_out_put(o, *open ? "; " : " ; ", *open ? 2 : 3);
	*open = true;
	if (f->namelen)
		gk_out_put(o, f->name, f->namelen);
	else
		put_name(o, f->name);
	gk_out_put(o, ":", 1);
	char *e = r->maxline && o->cap - o->len >= r->maxline
			  ? put_fields_at(fmt, r, fmt_layout(fmt, r), (uint32_t)v, o->buf + o->len, o->buf + o->cap)
			  : NULL;
	if (e)
		o->len = (size_t)(e - o->buf);
	else
		put_reg_fields(fmt, r, (uint32_t)v, o);
}

/* A trailing comment naming the register fields of values such as
 * DRAW_INITIATOR, or the value of a register pair; the assembler skips it. */
static void put_value_notes(const struct gk_format *fmt, const struct gk_unit_field *fields, unsigned n, bool *open,
			    struct gk_out *o)
{
	for (unsigned i = 0; i < n; i++) {
		const struct gk_unit_field *uf = &fields[i];
		const struct gk_field *f = uf->desc;
		if ((!f->reg && !f->value_reg) || uf->in_hdr || uf->cut || !uf->value)
			continue;
		const struct gk_reg *r = value_register(fmt, uf, fields, n);
		if (!r || !r->nfields)
			continue;
		put_reg_note(fmt, f, r, uf->value, open, o);
	}
}

/* One group of a plain group list (gk_desc_fast.group_plain: register
 * offset/value pairs) at the group's words gw, its first dword base in the
 * packet: the line put_fields, put_rawbits and put_value_notes write from
 * gk_unit_group's records, written straight from the words.  The pair's
 * register is kept by field index for the value's note (what
 * gk_unit_value_reg_field finds among the records).  Decoding each group
 * into records to be read back once was ~15% of a GFX11 decode (callgrind,
 * quarter bench stream).  The fields a record would hold and those with a
 * note come from the plan (fast->print_group, print_group_notes), and with
 * room for print_group_room bytes the fields are written through a local
 * position as put_desc_fields_at does (the first one put_field_at cannot
 * write, and those after it, take put_field_text); stray bits are one OR
 * a dword before any walk.  Testing each field's generation and dword a
 * group, a room check a piece and the claimed walk were ~1/8 of a GFX11
 * decode (callgrind, quarter bench stream: 125.07 M -> 117.89 M). */
static void put_plain_group(const struct gk_format *fmt, const struct gk_packet_desc *d,
			    const struct gk_desc_fast *fast, const uint32_t *gw, unsigned base, struct gk_out *o)
{
	/* group_plain: the group's dwords are at most group_claimed's */
	unsigned nc = sizeof fast->group_claimed / sizeof fast->group_claimed[0];
	unsigned gdw = d->group_dw < nc ? d->group_dw : nc;
	uint64_t val[GK_UNIT_GROUP_FIELDS];
	const struct gk_reg *reg[GK_UNIT_GROUP_FIELDS];
	uint32_t present = fast->print_group; /* bit i: group field i is on this generation and whole */
	gk_out_put(o, "   ", 3);
	bool roomy = fast->print_group_room < 0xffff && o->cap - o->len >= fast->print_group_room;
	for (uint32_t p = present; p; p &= p - 1) {
		unsigned i = (unsigned)__builtin_ctz(p);
		const struct gk_field *f = &d->group[i];
		uint64_t v = f->nseg == 1 ? gk_seg_get(&f->seg[0], gw) : gk_fget(f, gw, gdw);
		const struct gk_reg *r;
		const char *sym = gk_field_symbol(fmt, f, v, &r);
		val[i] = v;
		reg[i] = r;
		if (roomy) {
			if (!v && (f->flags & (GK_F_HIDE0 | GK_F_MBZ)))
				continue; /* not shown, whatever the kind */
			char *e = put_field_at(fmt, f, v, false, sym, r, o->buf + o->len);
			if (e) {
				o->len = (size_t)(e - o->buf);
				continue;
			}
			roomy = false; /* what put_field_text writes is not bounded by the plan */
		}
		put_field_text(fmt, f, v, sym, r, false, false, o);
	}
	uint32_t stray = 0;
	for (unsigned k = 0; k < gdw; k++)
		stray |= gw[k] & ~fast->group_claimed[k];
	for (unsigned k = 0; stray && k < gdw; k++) {
		uint32_t claimed = fast->group_claimed[k];
		if (gw[k] & ~claimed)
			put_rawbits(o, base + k, gw[k] & ~claimed, claimed == 0);
	}
	bool open = false;
	unsigned nf = d->ngroup < GK_UNIT_GROUP_FIELDS ? d->ngroup : GK_UNIT_GROUP_FIELDS;
	for (uint32_t p = present & fast->print_group_notes; p; p &= p - 1) {
		unsigned i = (unsigned)__builtin_ctz(p);
		if (!val[i])
			continue;
		const struct gk_field *f = &d->group[i];
		const struct gk_reg *r = 0;
		if (f->reg) {
			r = gk_reg_by_offset(fmt->regs, f->reg);
		} else {
			unsigned want = f->value_reg - 1u;
			if (want < nf && ((present >> want) & 1u) && d->group[want].kind == GK_REG)
				r = reg[want];
		}
		if (!r || !r->nfields)
			continue;
		put_reg_note(fmt, f, r, val[i], &open, o);
	}
	gk_out_ch(o, '\n');
}

/* A trailing comment reading sizes the way a person would:
 * "; PITCH_TILE_MAX: 16 px, HEIGHT_MAX: 64 rows" (the assembler skips it):
 * the piece of one field of value v */
static void put_scale_note(const struct gk_field *f, uint64_t v, bool *open, struct gk_out *o)
{
	uint64_t shown = f->scale == GK_S_POW2 ? (v < 48 ? (uint64_t)f->mul << v : 0) : (v + f->plus) * f->mul;
	size_t ul = f->unit ? strlen(f->unit) : 0;
	if (f->namelen && shown <= UINT32_MAX && o->cap - o->len >= 3u + f->namelen + 2u + 10u + 1u + ul) {
		/* in one piece (~230 instructions a note through the checked
		 * writers: 13,469 notes on the CIK DMA quarter bench stream) */
		char *d = put_note_open(o->buf + o->len, *open, ", ");
		*open = true;
		d = gk_put_mem(d, f->name, f->namelen);
		memcpy(d, ": ", 2);
		d = gk_put_dec32(d + 2, (uint32_t)shown);
		if (f->unit) {
			*d++ = ' ';
			d = gk_put_mem(d, f->unit, ul);
		}
		o->len = (size_t)(d - o->buf);
		return;
	}
	gk_out_put(o, *open ? ", " : " ; ", *open ? 2 : 3);
	*open = true;
	put_name(o, f->name);
	gk_out_put(o, ": ", 2);
	gk_out_dec(o, shown);
	if (f->unit) {
		gk_out_ch(o, ' ');
		put_name(o, f->unit);
	}
}

static void put_scale_notes(const struct gk_unit *u, bool *open, struct gk_out *o)
{
	for (unsigned i = 0; i < u->nfields; i++) {
		const struct gk_unit_field *uf = &u->fields[i];
		const struct gk_field *f = uf->desc;
		if (!f->scale || uf->in_hdr || uf->cut)
			continue;
		put_scale_note(f, uf->value, open, o);
	}
}

/* The notes of a simple unit's line (put_value_notes, then
 * put_scale_notes) straight from its words: the body fields of the plan's
 * print[2], as the records would have them. */
static void put_desc_notes(const struct gk_format *fmt, const struct gk_packet_desc *d,
			   const struct gk_desc_fast *fast, const uint32_t *dw, size_t ndw, bool *open,
			   struct gk_out *o)
{
	for (uint64_t p = fast->print[2]; p; p &= p - 1) {
		const struct gk_field *f = &d->fields[__builtin_ctzll(p)];
		if ((!f->reg && !f->value_reg) || f->seg[0].dw >= ndw)
			continue;
		uint64_t v = gk_fget(f, dw, ndw);
		if (!v)
			continue;
		const struct gk_reg *r = 0;
		if (f->reg) {
			r = gk_reg_by_offset(fmt->regs, f->reg);
		} else {
			/* the register of the GK_REG field value_reg names, when
			 * its record would be there and whole
			 * (gk_unit_value_reg_field) */
			unsigned want = f->value_reg - 1u;
			const struct gk_field *rf = want < 64 && ((fast->print[1] >> want) & 1u) ? &d->fields[want] : 0;
			if (rf && rf->kind == GK_REG && rf->seg[0].dw < ndw)
				r = gk_field_reg(fmt, rf, gk_fget(rf, dw, ndw));
		}
		if (r && r->nfields)
			put_reg_note(fmt, f, r, v, open, o);
	}
	for (uint64_t p = fast->print[2]; p; p &= p - 1) {
		const struct gk_field *f = &d->fields[__builtin_ctzll(p)];
		if (f->scale && f->seg[0].dw < ndw)
			put_scale_note(f, gk_fget(f, dw, ndw), open, o);
	}
}

void gk_text_register(const struct gk_format *fmt, uint32_t addr, uint32_t v, struct gk_out *o)
{
	gk_text_register_at(fmt, gk_reg_by_offset(fmt->regs, addr), addr, v, o);
}

void gk_text_register_at(const struct gk_format *fmt, const struct gk_reg *r, uint32_t addr, uint32_t v,
			 struct gk_out *o)
{
	if (addr <= 0xfffff && o->cap - o->len >= 16u + (r ? r->namelen : 0)) {
		/* "    0xAAAAA NAME <-" straight into the buffer: every line of a register run */
		char *d = o->buf + o->len;
		memcpy(d, "    0x", 6);
		d[6] = gk_hexpair[2 * (addr >> 16) + 1];
		memcpy(d + 7, gk_hexpair + 2 * ((addr >> 8) & 0xff), 2);
		memcpy(d + 9, gk_hexpair + 2 * (addr & 0xff), 2);
		size_t at = 11;
		if (r) {
			d[at++] = ' ';
			memcpy(d + at, r->name, r->namelen);
			at += r->namelen;
		}
		memcpy(d + at, " <-", 3);
		o->len += at + 3;
	} else {
		gk_out_put(o, "    ", 4);
		gk_out_hex(o, addr, 5);
		if (r) {
			gk_out_ch(o, ' ');
			gk_out_put(o, r->name, r->namelen);
		}
		gk_out_put(o, " <-", 3);
	}
	if (!r || !r->nfields) {
		gk_out_sp_hex8(o, v);
		gk_out_ch(o, '\n');
		return;
	}
	put_reg_fields(fmt, r, v, o);
	gk_out_ch(o, '\n');
}

static void put_raw_packet(const struct gk_packet *pkt, struct gk_out *o)
{
	put_offset(o, pkt->offset);
	gk_out_str(o, ".long");
	for (size_t k = 0; k < pkt->ndw && k < WORDS_PER_LINE; k++) {
		gk_out_ch(o, ' ');
		gk_out_hex(o, pkt->dw[k], 8);
	}
	gk_out_ch(o, '\n');
	if (pkt->ndw > WORDS_PER_LINE)
		put_words(o, ".long", pkt->dw + WORDS_PER_LINE, pkt->ndw - WORDS_PER_LINE);
}

void gk_text_packet(const struct gk_format *fmt, const struct gk_packet *pkt, bool raw_words, struct gk_out *o)
{
	if (!fmt || !pkt || !pkt->dw || !pkt->ndw || !gk_out_usable(o))
		return;
	struct gk_unit u;
	gk_unit_decode(fmt, pkt, NULL, &u);
	gk_unit_text(fmt, &u, raw_words, o);
}

bool gk_unit_text_line(const struct gk_format *fmt, const struct gk_unit *u, struct gk_out *o)
{
	const struct gk_desc_fast *fast = u->fast;
	return gk_out_usable(o) && u->pkt.dw && u->pkt.ndw == fast->fixed_len && put_direct_line(fmt, u, fast, o);
}

/* gk_unit_text_regs and gk_unit_text_data: the unit's line, false (nothing
 * written) when put_direct_line does not write it */
static inline bool tail_unit_line(const struct gk_format *fmt, const struct gk_unit *u, struct gk_out *o)
{
	return gk_out_usable(o) && u->pkt.dw && put_direct_line(fmt, u, u->fast, o);
}

/* The first row of the register run from addr asked of the cache, its
 * line head and its fields too, before the unit's own line is written:
 * the run's first line waited for them, rows, heads and fields being
 * spread over the family's whole table (a6xx: ~1,750 rows of 40 bytes,
 * ~2.4 first-level misses a line of the a630 bench stream, cachegrind),
 * and the unit's line is ~250 instructions to hide the wait behind.
 * The rows after it follow in memory, which the processor's own
 * prefetcher sees (asking for the whole run's cost more than it hid).
 * Paired runs on the two cores, decode -j 1 of the quarter bench
 * streams: a630 0.2-1.2% less time, GFX9 2.8%, Evergreen +0.6% (noise). */
static inline void prefetch_run_head(const struct gk_format *fmt, uint32_t addr)
{
	const struct gk_reg_table *t = fmt->regs;
	if (!t || !t->regs || !t->pool || addr >> GK_REG_PAGE_SHIFT >= GK_REG_PAGES)
		return;
	size_t k = fmt->reg_page[addr >> GK_REG_PAGE_SHIFT];
	if (k < t->nregs) {
		const struct gk_reg *r = &t->pool[t->regs[k]];
		__builtin_prefetch(r->head ? r->name - 12 : r->name); /* where put_line_head copies from */
		__builtin_prefetch(r->fields);
	}
}

/* After the line, gk_unit_text's steps for such a unit: the tail (a
 * register run, or data words), then the words past it (EXTRA).  Without
 * the line, gk_unit_text itself, so the caller's call is its last (a
 * jump, no frame); one body for both, inlined into each with regs
 * constant */
static inline __attribute__((always_inline)) void tail_unit_text(const struct gk_format *fmt, const struct gk_unit *u,
								  struct gk_out *o, bool regs)
{
	if (regs && u->tail_end > u->tail_begin)
		prefetch_run_head(fmt, u->reg_addr);
	if (!tail_unit_line(fmt, u, o)) {
		gk_unit_text(fmt, u, false, o);
		return;
	}
	const uint32_t *dw = u->pkt.dw;
	if (u->tail_end > u->tail_begin) {
		if (regs)
			put_reg_run(fmt, u->reg_addr, dw + u->tail_begin, u->tail_end - u->tail_begin, o);
		else
			put_words(o, u->desc->tail_name, dw + u->tail_begin, u->tail_end - u->tail_begin);
	}
	if (u->extra_begin < u->pkt.ndw)
		put_words(o, "EXTRA", dw + u->extra_begin, u->pkt.ndw - u->extra_begin);
}

void gk_unit_text_regs(const struct gk_format *fmt, const struct gk_unit *u, struct gk_out *o)
{
	tail_unit_text(fmt, u, o, true);
}

void gk_unit_text_data(const struct gk_format *fmt, const struct gk_unit *u, struct gk_out *o)
{
	tail_unit_text(fmt, u, o, false);
}

void gk_unit_text(const struct gk_format *fmt, const struct gk_unit *u, bool raw_words, struct gk_out *o)
{
	if (!fmt || !u || !u->pkt.dw || !u->pkt.ndw || !gk_out_usable(o))
		return;
	const struct gk_packet_desc *d = u->desc;
	if (!d) {
		put_raw_packet(&u->pkt, o);
		return;
	}
	const uint32_t *dw = u->pkt.dw;
	size_t ndw = u->pkt.ndw;
	const struct gk_desc_fast *fast = gk_fast(fmt, d);
	/* A simple unit not yet filled (gk_unit_decode_lazy) is printed
	 * straight from its words and description, its notes too; the unit
	 * stays pending for whoever reads its fields next. */
	bool direct = u->pending, line = false;
	if (!direct)
		gk_unit_fill(u);
	else if (fast->print_line_room && !raw_words && ndw >= fast->fixed_len &&
		 (ndw == fast->fixed_len || d->tail == GK_TAIL_REGS || d->tail == GK_TAIL_DATA))
		/* (plan_line) a tail that starts at the packet's end is
		 * empty, and the layout (gk_layout_tail) the same as a
		 * description's without one: the fixed dwords only, no count
		 * shown, no extra.  An SDMA NOP is such a packet, 43% of the
		 * SDMA 6 bench stream's units, and took the general way below
		 * (callgrind, decode on the quarter bench stream: 72.46 M ->
		 * 71.32 M).  A register run or data words after those dwords
		 * (a SET_*_REG packet: print_line_room's tail starts at
		 * fixed_len, gk_layout_tail makes the count the packet's
		 * natural one and no word extra) leave the line the same: the
		 * fixed dwords' line, then the run, where the general way
		 * checked room and stored the length for the offset, the name
		 * and the fields each, and tested the count, stray bits and
		 * notes one by one (~210 instructions a packet in
		 * put_direct_fields; callgrind, decode on the quarter bench
		 * streams: Evergreen 58.29 M -> 56.33 M, GFX9 81.67 M ->
		 * 79.24 M, GFX11 96.92 M -> 95.92 M, a630 113.73 M ->
		 * 111.62 M, DMA flat) */
		line = put_direct_line(fmt, u, fast, o); /* (d: u->desc) */
	if (line && ndw == fast->fixed_len)
		return;

	if (!line) {
		put_offset(o, u->pkt.offset);
		if (fast->print_namelen)
			gk_out_put(o, d->name, fast->print_namelen);
		else
			put_name(o, d->name);
		if (direct) {
			put_direct_fields(fmt, d, fast, dw, ndw, o);
		} else {
			put_fields(fmt, u->fields, u->nfields, o);
		}
		const struct gk_field *cf = u->natural != ndw ? gk_count_field(d) : 0;
		if (cf) {
			gk_out_ch(o, ' ');
			put_name(o, cf->name);
			gk_out_ch(o, '=');
			gk_out_dec(o, gk_fget(cf, dw, ndw));
		}
		unsigned fixed = u->fixed_end < GK_FIXED_MAX ? u->fixed_end : GK_FIXED_MAX;
		const uint32_t *cl = u->claimed;
		unsigned nc = sizeof fast->claimed / sizeof fast->claimed[0];
		if (direct) {
			/* a pending unit's claimed bits: the description's, none past
			 * the packet's end (what gk_unit_fill copies).  Whether any
			 * fixed dword has a stray bit is one OR a dword, and nearly
			 * none has: the walk below, a test and its branches a dword,
			 * was ~4% of a CIK DMA decode (callgrind, quarter bench
			 * stream).  A layout past the packet's end or past the
			 * description's dwords (none is claimed there) takes the walk. */
			cl = fast->claimed;
			if (fixed <= ndw && fixed <= nc) {
				uint32_t any = 0;
				for (unsigned i = 0; i < fixed; i++)
					any |= dw[i] & ~cl[i];
				if (!any)
					fixed = 0;
			}
		}
		for (unsigned i = 0; i < fixed; i++) {
			uint32_t c = !direct || (i < ndw && i < nc) ? cl[i] : 0;
			uint32_t stray = dw[i] & ~c;
			if (stray)
				put_rawbits(o, i, stray, c == 0);
		}
		bool open = false;
		if (fast->has_notes && direct) {
			put_desc_notes(fmt, d, fast, dw, ndw, &open, o);
		} else if (fast->has_notes) {
			put_value_notes(fmt, u->fields, u->nfields, &open, o);
			put_scale_notes(u, &open, o);
		}
		gk_out_ch(o, '\n');
	}

	switch (d->tail) {
	case GK_TAIL_DATA:
		if (u->tail_end > u->tail_begin)
			put_words(o, d->tail_name, dw + u->tail_begin, u->tail_end - u->tail_begin);
		break;
	case GK_TAIL_REGS:
		if (u->tail_end > u->tail_begin)
			put_reg_run(fmt, u->reg_addr, dw + u->tail_begin, u->tail_end - u->tail_begin, o);
		break;
	case GK_TAIL_GROUPS:
		for (unsigned g = 0; g < u->ngroups; g++) {
			if (fast->group_plain) {
				unsigned gbase = u->tail_begin + g * d->group_dw;
				put_plain_group(fmt, d, fast, dw + gbase, gbase, o);
				continue;
			}
			struct gk_unit_field gf[GK_UNIT_GROUP_FIELDS];
			uint32_t claimed[GK_UNIT_FIXED_DW];
			unsigned n = gk_unit_group(fmt, u, g, gf, claimed);
			unsigned base = u->tail_begin + g * d->group_dw;
			gk_out_put(o, "   ", 3);
			put_fields(fmt, gf, n, o);
			for (unsigned k = 0; k < d->group_dw && k < GK_UNIT_FIXED_DW; k++)
				if (dw[base + k] & ~claimed[k])
					put_rawbits(o, base + k, dw[base + k] & ~claimed[k], claimed[k] == 0);
			bool gopen = false;
			put_value_notes(fmt, gf, n, &gopen, o);
			gk_out_ch(o, '\n');
		}
		break;
	default:
		break;
	}
	if (u->extra_begin < ndw)
		put_words(o, "EXTRA", dw + u->extra_begin, ndw - u->extra_begin);
	if (raw_words)
		put_words(o, "; raw", dw, ndw);
}

static void put_diags(const struct gk_diags *dg, struct gk_out *o);

/* Called for every unit a decode prints, and nearly all have nothing to
 * say: the empty case returns before put_diags' 320-byte buffer is set up
 * (~38 instructions a packet before, callgrind on the quarter bench streams) */
void gk_text_diags(const struct gk_diags *dg, struct gk_out *o)
{
	if (!dg || !gk_out_usable(o) || (!dg->n && !dg->dropped))
		return;
	put_diags(dg, o);
}

static void put_diags(const struct gk_diags *dg, struct gk_out *o)
{
	char buf[320];
	for (unsigned i = 0; i < dg->n && i < GK_MAX_DIAGS; i++) {
		gk_out_str(o, dg->d[i].severity == GK_ERROR ? "    ; error: " : "    ; warning: ");
		size_t n = gk_diag_format(&dg->d[i], buf, sizeof buf);
		gk_out_put(o, buf, n < sizeof buf ? n : sizeof buf - 1);
		gk_out_ch(o, '\n');
	}
	if (dg->dropped) {
		gk_out_str(o, "    ; ... ");
		gk_out_dec(o, dg->dropped);
		gk_out_str(o, " more diagnostics\n");
	}
}
