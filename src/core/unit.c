/* The decoder of table-described packets: one pass over the description
 * fills the unit record (include/gfxkit/unit.h) that check, the printers and
 * the access model read. */
#include <string.h>

#include "gfxkit/unit.h"

#include "bits.h"
#include "layout.h"

_Static_assert(GK_UNIT_FIXED_DW == GK_FIXED_MAX, "the unit's fixed dwords are the layout's");

/* The name a value has on its own: an enum value, a register (*reg: the
 * register, NULL for anything else) */
static inline __attribute__((always_inline)) void put_field(const struct gk_format *fmt, const struct gk_field *f, unsigned i, bool in_hdr, bool cut,
		      const uint32_t *dw, size_t ndw, struct gk_unit_field *uf)
{
	uf->desc = f;
	uf->value = cut ? 0 : gk_fget(f, dw, ndw);
	uf->reg = 0;
	uf->symbol = cut ? 0 : gk_field_symbol(fmt, f, uf->value, &uf->reg);
	uf->index = (uint8_t)i;
	uf->in_hdr = in_hdr;
	uf->cut = cut;
	uf->dw = f->seg[0].dw;
}

/* A field of more than one segment (a 64-bit address over two dwords):
 * gk_fget out of decode_simple's loop, where inline it cost the common
 * one-segment field more than it saved (callgrind, decode on the gfx9 and
 * cik quarter bench streams), and gk_field_get cost ~67 instructions */
static __attribute__((noinline)) uint64_t field_get_split(const struct gk_field *f, const uint32_t *dw, size_t ndw)
{
	return gk_fget(f, dw, ndw);
}

/* The fields of one list the packet has, in one pass: a field is present
 * on its generation when its condition field (always an earlier one of the
 * list) is present, whole, and has one of the listed values; it is cut when
 * the packet ends inside it.  *end: past the last dword of a present field. */
static unsigned decode_list(const struct gk_format *fmt, const struct gk_field *fields, unsigned n, bool in_hdr,
			    const uint32_t *dw, size_t ndw, struct gk_unit_field *out, unsigned room, unsigned *end,
			    uint8_t *slot, unsigned base)
{
	/* slot[i] (n entries, 0xff on entry): where field i went, as an index from out - base */
	unsigned k = 0;
	for (unsigned i = 0; i < n && k < room; i++) {
		const struct gk_field *f = &fields[i];
		if (f->gens && !(f->gens & fmt->gen_bit))
			continue;
		if (f->cond) {
			unsigned c = f->cond - 1u;
			if (c >= i || slot[c] == 0xff || out[slot[c] - base].cut)
				continue;
			uint64_t v = out[slot[c] - base].value;
			if (v >= 32 || !((f->cond_mask >> v) & 1u))
				continue;
		}
		/* gk_field_last_dw, inline (a call a field) */
		unsigned last = f->nseg ? f->seg[0].dw : 0;
		if (f->nseg >= 2 && f->seg[1].dw > last)
			last = f->seg[1].dw;
		last++;
		if (last > *end)
			*end = last;
		slot[i] = (uint8_t)(base + k);
		put_field(fmt, f, i, in_hdr, last > ndw, dw, ndw, &out[k++]);
	}
	return k;
}

/* The same when the description is simple (gk_desc_fast): presence depends
 * on the generation only and the packet holds every field whole, or (a
 * length in gk_desc_fast.short_ok) leaves out the optional fields that
 * start at or past its end: those are cut, as decode_list has them.  The
 * hot path of every stream, so the segment reads (gk_seg_get) and the enum
 * name are spelled out, and only a register's name is a call.  dwoff:
 * added to each field's dword (a group's start in the packet: dw are the
 * group's words).  (callgrind, decode -g gfx11 -e pm4 on the quarter bench
 * stream: an enum's name was a call with spilled registers.) */
static inline __attribute__((always_inline)) unsigned
decode_simple(const struct gk_format *fmt, const struct gk_field *fields, unsigned n, bool in_hdr, const uint32_t *dw,
	      size_t ndw, struct gk_unit_field *out, unsigned room, uint8_t *slot, unsigned base, unsigned dwoff)
{
	unsigned k = 0, gen = fmt->gen_bit;
	/* k <= i: with n <= room no test of k is needed, and every caller's
	 * list fits its room (tests/core/test_unit.c holds each description
	 * to nhdr <= GK_UNIT_HDR_FIELDS, nhdr + nfields <= GK_UNIT_FIELDS,
	 * ngroup <= GK_UNIT_GROUP_FIELDS); the clamp keeps a list that did
	 * not inside out[] all the same */
	if (n > room)
		n = room;
	for (unsigned i = 0; i < n; i++) {
		const struct gk_field *f = &fields[i];
		if (f->gens && !(f->gens & gen))
			continue;
		slot[i] = (uint8_t)(base + k);
		struct gk_unit_field *uf = &out[k++];
		unsigned sdw = f->seg[0].dw;
		uf->desc = f;
		uf->index = (uint8_t)i;
		uf->in_hdr = in_hdr;
		uf->dw = sdw + dwoff;
		if (sdw >= ndw) {
			uf->value = 0;
			uf->symbol = 0;
			uf->reg = 0;
			uf->cut = 1;
			continue;
		}
		uf->cut = 0;
		uint64_t v;
		if (f->nseg == 1)
			v = gk_seg_get(&f->seg[0], dw);
		else
			v = field_get_split(f, dw, ndw);
		uf->value = v;
		uf->symbol = gk_field_symbol(fmt, f, v, &uf->reg);
	}
	return k;
}

void gk_unit_decode(const struct gk_format *fmt, const struct gk_packet *pkt, struct gk_diags *dg, struct gk_unit *u)
{
	gk_unit_decode_lazy(fmt, pkt, dg, u);
	gk_unit_fill(u);
}

void gk_unit_fill(const struct gk_unit *cu)
{
	if (!cu || !cu->pending)
		return;
	/* completing the decode the record stands for: logically const */
	struct gk_unit *u = (struct gk_unit *)cu;
	const struct gk_packet_desc *d = u->desc;
	unsigned nhdr = d->nhdr < GK_UNIT_HDR_FIELDS ? d->nhdr : GK_UNIT_HDR_FIELDS;
	unsigned nbody = d->nfields < GK_UNIT_FIELDS ? d->nfields : GK_UNIT_FIELDS;
	u->pending = false;
	/* a constant-size copy: a few vector moves (a variable one is a string
	 * instruction); left to here because the checker reads the plan's own
	 * copy and most units are never printed (callgrind, check -g gfx9 -e
	 * pm4 on the quarter bench stream: 13 instructions a packet) */
	_Static_assert(sizeof u->fast->claimed <= sizeof u->claimed, "a simple description's fixed dwords fit the unit");
	memcpy(u->claimed, u->fast->claimed, sizeof u->fast->claimed);
	if (u->pkt.ndw < u->fast->fixed_len) /* short (short_ok): nothing past its end */
		memset(u->claimed + u->pkt.ndw, 0, sizeof u->fast->claimed - 4 * u->pkt.ndw);
	/* the slots of fields this generation lacks stay 0xff (gk_unit_field_at) */
	memset(u->hdr_slot, 0xff, sizeof u->hdr_slot);
	memset(u->body_slot, 0xff, sizeof u->body_slot);
	u->nfields = decode_simple(u->fmt, d->hdr, nhdr, true, u->pkt.dw, u->pkt.ndw, u->fields, GK_UNIT_HDR_FIELDS,
				   u->hdr_slot, 0, 0);
	u->nfields += decode_simple(u->fmt, d->fields, nbody, false, u->pkt.dw, u->pkt.ndw, u->fields + u->nfields,
				    GK_UNIT_FIELDS - u->nfields, u->body_slot, u->nfields, 0);
	if (d->tail == GK_TAIL_REGS) {
		uint8_t slot = d->reg_in_hdr ? u->hdr_slot[d->reg_field] : u->body_slot[d->reg_field];
		u->reg_slot = slot < u->nfields ? (int)slot : -1;
	}
}

void gk_unit_read_field(const struct gk_unit *u, uint8_t ix, struct gk_unit_field *out)
{
	const struct gk_packet_desc *d = u->desc;
	unsigned i = ix & 0x7fu;
	bool hdr = ix & 0x80u;
	put_field(u->fmt, hdr ? &d->hdr[i] : &d->fields[i], i, hdr, false, u->pkt.dw, u->pkt.ndw, out);
}

/* the layout L worked out for u's packet, into u (both ways of the
 * decode) */
static inline void put_layout(struct gk_unit *u, const struct gk_layout *L)
{
	u->fixed_end = L->fixed_end;
	u->tail_begin = L->tail_begin;
	u->tail_end = L->tail_end;
	u->ngroups = L->ngroups;
	u->extra_begin = L->extra_begin;
	u->natural = L->natural;
}

/* gk_unit_decode_lazy's way for what its simple path does not take (no
 * description, a conditional one, a cut packet, a register run the plan
 * does not resolve): out of line, so the simple path (every unit of the
 * a630 bench stream, most of PM4's and DMA's) saves no register for it,
 * where the one function's six saves and restores came first
 * (callgrind, decode -j 1 of the a630 quarter bench stream) */
static __attribute__((noinline)) void decode_general(const struct gk_format *fmt, const struct gk_packet_desc *d,
						     const struct gk_desc_fast *fast, const uint32_t *dw,
						     uint32_t ndw, struct gk_unit *u)
{
	u->pending = false;
	u->simple = false;
	u->ngroups = 0;
	u->reg_addr = 0;
	if (!d) {
		uint32_t n = dw ? ndw : 0;
		u->pkt.ndw = n;
		u->fixed_end = u->tail_begin = u->tail_end = 0;
		u->extra_begin = u->natural = n;
		return;
	}
	struct gk_layout L;
	if (fast->simple && ndw >= fast->fixed_len) {
		/* presence by generation only, every field whole: prepared up front */
		gk_layout_tail(d, (unsigned)ndw, fast->fixed_len, &L);
		u->simple = true;
		u->pending = true; /* the fields and claimed: when asked for (gk_unit_fill) */
	} else {
		unsigned nhdr = d->nhdr < GK_UNIT_HDR_FIELDS ? d->nhdr : GK_UNIT_HDR_FIELDS; /* the table test holds them to it */
		unsigned nbody = d->nfields < GK_UNIT_FIELDS ? d->nfields : GK_UNIT_FIELDS;
		u->simple = false;
		memset(u->hdr_slot, 0xff, sizeof u->hdr_slot);
		memset(u->body_slot, 0xff, sizeof u->body_slot);
		unsigned end = d->min_dw ? d->min_dw : 1, hdr_end = 0; /* the body's fields decide the length */
		u->nfields = decode_list(fmt, d->hdr, nhdr, true, dw, ndw, u->fields, GK_UNIT_HDR_FIELDS, &hdr_end,
					 u->hdr_slot, 0);
		u->nfields += decode_list(fmt, d->fields, nbody, false, dw, ndw, u->fields + u->nfields,
					  GK_UNIT_FIELDS - u->nfields, &end, u->body_slot, u->nfields);
		unsigned fixed = d->tail ? (d->tail_dw > (d->min_dw ? d->min_dw : 1u) ? d->tail_dw : (d->min_dw ? d->min_dw : 1u))
					 : end;
		gk_layout_tail(d, (unsigned)ndw, fixed, &L);
		/* the bits of the fixed dwords that shown fields claim */
		memset(u->claimed, 0, sizeof u->claimed);
		for (unsigned i = 0; i < u->nfields; i++) {
			const struct gk_field *f = u->fields[i].desc;
			if (u->fields[i].cut)
				continue;
			for (unsigned sg = 0; sg < f->nseg; sg++)
				if (f->seg[sg].dw < L.fixed_end && f->seg[sg].dw < GK_FIXED_MAX)
					u->claimed[f->seg[sg].dw] |= gk_mask(f->seg[sg].lo, f->seg[sg].hi);
		}
	}
	put_layout(u, &L);
	if (d->tail == GK_TAIL_REGS) {
		const struct gk_field *rf = d->reg_in_hdr ? &d->hdr[d->reg_field] : &d->fields[d->reg_field];
		u->reg_addr = fmt->spaces[d->space].start + 4ull * gk_fget(rf, dw, ndw);
		if (u->pending)
			return; /* the register field's slot: set by gk_unit_fill */
		for (unsigned i = 0; i < u->nfields; i++)
			if (u->fields[i].desc == rf) {
				u->reg_slot = u->fields[i].cut ? -1 : (int)i;
				break;
			} /* a pending unit's: set by gk_unit_fill */
	}
}

/* gk_unit_decode_lazy's body; planned: the plan of pkt->frame.desc
 * (gk_fast) when the caller has it, else NULL (looked up here) */
static inline __attribute__((always_inline)) void decode_lazy(const struct gk_format *fmt, const struct gk_packet *pkt,
							      struct gk_diags *dg, struct gk_unit *u,
							      const struct gk_desc_fast *planned)
{
	if (!u)
		return;
	/* what the packet says, read before any store to the unit: pkt may
	 * be the unit's own (desc_engine.c frames into it), so each store
	 * would otherwise make the compiler read it again */
	const uint32_t *dw = pkt ? pkt->dw : 0;
	uint32_t ndw = pkt ? pkt->ndw : 0;
	const struct gk_packet_desc *d = fmt && dw && ndw && !pkt->truncated ? pkt->frame.desc : 0;
	if (pkt != &u->pkt)
		u->pkt = pkt ? *pkt : (struct gk_packet){ 0 };
	const struct gk_desc_fast *fast = d ? (planned ? planned : gk_fast(fmt, d)) : 0;
	gk_unit_begin(u, fmt, dg, d, fast);
	if (fast && fast->simple && (ndw >= fast->fixed_len || (ndw < 32 && (fast->short_ok >> ndw) & 1u)) &&
	    (d->tail != GK_TAIL_REGS || fast->reg_one)) {
		/* presence by generation only, every field whole: the layout
		 * prepared up front, the fields and claimed bits read when asked
		 * for (gk_unit_fill), each member stored once (callgrind, check
		 * -g gfx9 -e pm4, quarter bench stream: 18 instructions a
		 * packet less than through the general path below) */
		struct gk_layout L;
		gk_layout_tail(d, ndw, fast->fixed_len, &L);
		u->simple = true;
		u->pending = true;
		put_layout(u, &L);
		/* the register-offset field's segment, resolved by
		 * gk_format_prepare: what gk_fget reads below, without finding
		 * the field and its space a packet (11 instructions a packet) */
		u->reg_addr = d->tail != GK_TAIL_REGS ? 0
			      : fast->reg_base + 4ull * ((uint64_t)((dw[fast->reg_dw] >> fast->reg_lo) & fast->reg_mask)
							 << fast->reg_pos);
		return; /* the register field's slot: set by gk_unit_fill */
	}
	decode_general(fmt, d, fast, dw, ndw, u);
}

void gk_unit_decode_lazy(const struct gk_format *fmt, const struct gk_packet *pkt, struct gk_diags *dg,
			 struct gk_unit *u)
{
	decode_lazy(fmt, pkt, dg, u, NULL);
}

void gk_unit_decode_planned(const struct gk_format *fmt, const struct gk_packet *pkt, struct gk_diags *dg,
			    struct gk_unit *u, const struct gk_desc_fast *fast)
{
	decode_lazy(fmt, pkt, dg, u, fast);
}

bool gk_unit_laid_keep(const struct gk_unit *u, struct gk_unit_laid *lay)
{
	/* the simple path, no register run (whose address is the words'):
	 * the record is then a function of the description and the length */
	if (!u->desc || !u->simple || !u->pending || u->desc->tail == GK_TAIL_REGS || u->pkt.truncated ||
	    u->pkt.ndw != u->pkt.frame.ndw)
		return false;
	lay->desc = u->desc;
	lay->fast = u->fast;
	lay->ndw = u->pkt.ndw;
	lay->fixed_end = u->fixed_end;
	lay->tail_begin = u->tail_begin;
	lay->tail_end = u->tail_end;
	lay->ngroups = u->ngroups;
	lay->extra_begin = u->extra_begin;
	lay->natural = u->natural;
	return true;
}

/* the bits of the fields that decide the presence of others in one list
 * (decode_list's conditions) into s's key mask; false: one lies past the
 * key's dwords */
static bool shape_key_list(const struct gk_field *fields, unsigned n, struct gk_unit_shape *s)
{
	for (unsigned i = 0; i < n; i++) {
		if (!fields[i].cond)
			continue;
		unsigned c = fields[i].cond - 1u;
		if (c >= i)
			continue; /* never shown (decode_list): decided by no bits */
		const struct gk_field *cf = &fields[c];
		for (unsigned sg = 0; sg < cf->nseg && sg < 2; sg++) {
			const struct gk_seg *g = &cf->seg[sg];
			if (g->dw >= GK_SHAPE_KEY_DW)
				return false;
			s->kmask[g->dw] |= gk_mask(g->lo, g->hi);
			if (g->dw + 1u > s->nkey)
				s->nkey = g->dw + 1u;
		}
	}
	return true;
}

bool gk_unit_shape_keep(const struct gk_unit *u, struct gk_unit_shape *s)
{
	const struct gk_packet_desc *d = u->desc;
	if (!d || u->simple || u->pending || d->tail == GK_TAIL_REGS || u->pkt.truncated ||
	    u->pkt.ndw != u->pkt.frame.ndw || !u->pkt.dw || u->nfields > GK_SHAPE_FIELDS)
		return false;
	struct gk_unit_shape k = { .nkey = 0 };
	unsigned nhdr = d->nhdr < GK_UNIT_HDR_FIELDS ? d->nhdr : GK_UNIT_HDR_FIELDS; /* as the decode's */
	unsigned nbody = d->nfields < GK_UNIT_FIELDS ? d->nfields : GK_UNIT_FIELDS;
	if (!shape_key_list(d->hdr, nhdr, &k) || !shape_key_list(d->fields, nbody, &k) || k.nkey > u->pkt.ndw)
		return false;
	s->desc = d;
	s->fast = u->fast;
	s->ndw = u->pkt.ndw;
	s->nkey = k.nkey;
	for (unsigned i = 0; i < GK_SHAPE_KEY_DW; i++) {
		s->kmask[i] = k.kmask[i];
		s->kval[i] = i < k.nkey ? u->pkt.dw[i] & k.kmask[i] : 0;
	}
	s->fixed_end = u->fixed_end;
	s->tail_begin = u->tail_begin;
	s->tail_end = u->tail_end;
	s->ngroups = u->ngroups;
	s->extra_begin = u->extra_begin;
	s->natural = u->natural;
	s->nfields = u->nfields;
	memcpy(s->claimed, u->claimed, sizeof s->claimed);
	memcpy(s->hdr_slot, u->hdr_slot, sizeof s->hdr_slot);
	memcpy(s->body_slot, u->body_slot, sizeof s->body_slot);
	for (unsigned i = 0; i < u->nfields; i++) {
		s->fields[i] = u->fields[i];
		if (s->fields[i].cut) /* put_field's cut field: nothing read */
			continue;
		s->fields[i].value = 0;
		s->fields[i].symbol = 0;
		s->fields[i].reg = 0;
	}
	return true;
}

void gk_unit_decode_shape(const struct gk_format *fmt, struct gk_unit *u, struct gk_diags *dg,
			  const struct gk_unit_shape *s)
{
	/* gk_unit_decode_lazy's general path, member for member: its
	 * presence, slots, claimed bits and layout the kept ones, each shown
	 * field's value, symbol and register read from this packet's words as
	 * put_field reads them */
	const uint32_t *dw = u->pkt.dw;
	uint32_t ndw = u->pkt.ndw;
	gk_unit_begin(u, fmt, dg, s->desc, s->fast);
	u->pending = false;
	u->simple = false;
	u->ngroups = s->ngroups;
	u->reg_addr = 0;
	memcpy(u->hdr_slot, s->hdr_slot, sizeof u->hdr_slot);
	memcpy(u->body_slot, s->body_slot, sizeof u->body_slot);
	memcpy(u->claimed, s->claimed, sizeof u->claimed);
	unsigned n = s->nfields < GK_SHAPE_FIELDS ? s->nfields : GK_SHAPE_FIELDS;
	u->nfields = n;
	for (unsigned i = 0; i < n; i++) {
		struct gk_unit_field *uf = &u->fields[i];
		const struct gk_unit_field *kf = &s->fields[i];
		const struct gk_field *f = kf->desc;
		uf->desc = f;
		uf->index = kf->index;
		uf->in_hdr = kf->in_hdr;
		uf->cut = kf->cut;
		uf->dw = kf->dw;
		if (kf->cut) {
			uf->value = 0;
			uf->symbol = 0;
			uf->reg = 0;
			continue;
		}
		/* whole (not cut): every segment inside the packet, read as
		 * decode_simple reads them */
		uint64_t v = f->nseg == 1 ? gk_seg_get(&f->seg[0], dw) : field_get_split(f, dw, ndw);
		uf->value = v;
		uf->symbol = gk_field_symbol(fmt, f, v, &uf->reg);
	}
	u->fixed_end = s->fixed_end;
	u->tail_begin = s->tail_begin;
	u->tail_end = s->tail_end;
	u->extra_begin = s->extra_begin;
	u->natural = s->natural;
}

const struct gk_unit_field *gk_unit_field_at(const struct gk_unit *u, uint8_t ix, const char *name)
{
	if (!name)
		return 0;
	gk_unit_fill(u);
	if (ix != 0xff && u->desc) {
		unsigned i = ix & 0x7fu;
		bool hdr = ix & 0x80u;
		uint8_t slot = i < (hdr ? u->desc->nhdr : u->desc->nfields) ? (hdr ? u->hdr_slot : u->body_slot)[i] : 0xff;
		if (slot < u->nfields && !u->fields[slot].cut)
			return &u->fields[slot];
	}
	/* not shown here: another field of that name may be (conditional alternatives) */
	return gk_unit_field(u, name);
}

const struct gk_unit_field *gk_unit_value_reg_field(const struct gk_unit_field *uf, const struct gk_unit_field *fields,
						     unsigned n)
{
	const struct gk_field *f = uf->desc;
	if (!f->value_reg)
		return 0;
	/* one field a list index: in a group, or a list this generation has
	 * whole, field i is fields[i], so look there before walking them
	 * (callgrind, decode --json -g gfx11 -e pm4 quarter stream: the walk
	 * was 2.9 M instructions, two a register-pair group) */
	unsigned want = f->value_reg - 1u;
	if (want < n && fields[want].in_hdr == uf->in_hdr && fields[want].index == want) {
		const struct gk_unit_field *of = &fields[want];
		return !of->cut && of->desc->kind == GK_REG ? of : 0;
	}
	for (unsigned i = 0; i < n; i++) {
		const struct gk_unit_field *of = &fields[i];
		if (of->in_hdr == uf->in_hdr && of->index == f->value_reg - 1u && !of->cut && of->desc->kind == GK_REG)
			return of;
	}
	return 0;
}

const struct gk_unit_field *gk_unit_field(const struct gk_unit *u, const char *name)
{
	if (!u || !name)
		return 0;
	gk_unit_fill(u);
	for (unsigned i = 0; i < u->nfields && i < GK_UNIT_FIELDS; i++)
		if (!u->fields[i].cut && strcmp(u->fields[i].desc->name, name) == 0)
			return &u->fields[i];
	return 0;
}

unsigned gk_unit_group(const struct gk_format *fmt, const struct gk_unit *u, unsigned g,
		       struct gk_unit_field out[GK_UNIT_GROUP_FIELDS], uint32_t claimed[GK_UNIT_FIXED_DW])
{
	if (!fmt || !u || !out || !claimed || !u->desc || g >= u->ngroups)
		return 0;
	const struct gk_packet_desc *d = u->desc;
	unsigned gdw = d->group_dw < GK_UNIT_FIXED_DW ? d->group_dw : GK_UNIT_FIXED_DW;
	unsigned gdw0 = u->tail_begin + g * d->group_dw; /* the group's first dword in the packet */
	const uint32_t *gw = u->pkt.dw + gdw0;
	unsigned end = 0;
	uint8_t slot[GK_UNIT_GROUP_FIELDS];
	memset(slot, 0xff, sizeof slot);
	unsigned nf = d->ngroup < GK_UNIT_GROUP_FIELDS ? d->ngroup : GK_UNIT_GROUP_FIELDS;
	const struct gk_desc_fast *fast = gk_fast(fmt, d);
	unsigned n;
	if (fast->group_plain) {
		/* register pairs: no conditions, a group always whole, its
		 * claimed bits known from gk_format_prepare (the fields this
		 * generation has), where walking every field's mask per group
		 * was a fifth of a GFX11 decode */
		n = decode_simple(fmt, d->group, nf, false, gw, d->group_dw, out, GK_UNIT_GROUP_FIELDS, slot, 0, gdw0);
		unsigned nc = sizeof fast->group_claimed / sizeof fast->group_claimed[0];
		for (unsigned k = 0; k < gdw; k++)
			claimed[k] = k < nc ? fast->group_claimed[k] : 0;
		return n;
	} else {
		n = decode_list(fmt, d->group, nf, false, gw, d->group_dw, out, GK_UNIT_GROUP_FIELDS, &end, slot, 0);
		for (unsigned k = 0; k < gdw; k++) {
			uint32_t m = 0;
			for (unsigned i = 0; i < d->ngroup; i++)
				m |= gk_field_mask(&d->group[i], k);
			claimed[k] = m;
		}
	}
	for (unsigned i = 0; i < n; i++)
		out[i].dw += gdw0;
	return n;
}
