/* The decoder of table-described packets: one pass over the description
 * fills the unit record (include/gfxkit/unit.h) that check, the printers and
 * the access model read. */
#include <string.h>

#include "gfxkit/unit.h"

#include "bits.h"
#include "layout.h"

_Static_assert(GK_UNIT_FIXED_DW == GK_FIXED_MAX, "the unit's fixed dwords are the layout's");

/* The name a value has on its own: an enum value, a register */
static const char *symbol_of(const struct gk_format *fmt, const struct gk_field *f, uint64_t v)
{
	if (f->kind == GK_ENUM) {
		const struct gk_enum *e = f->enm; /* gk_enum_name, inline: most fields are enums */
		return e && e->names && e->nbits < 64 && v < (1ull << e->nbits) ? e->names[v] : 0;
	}
	if (f->kind == GK_REG && v <= 0x3fffffff) {
		const struct gk_reg *r = gk_reg_by_offset(fmt->regs, (uint32_t)v * 4);
		return r ? r->name : 0;
	}
	return 0;
}

static void put_field(const struct gk_format *fmt, const struct gk_field *f, unsigned i, bool in_hdr, bool cut,
		      const uint32_t *dw, size_t ndw, struct gk_unit_field *uf)
{
	uf->desc = f;
	uf->value = cut ? 0 : gk_fget(f, dw, ndw);
	uf->symbol = cut ? 0 : symbol_of(fmt, f, uf->value);
	uf->index = (uint8_t)i;
	uf->in_hdr = in_hdr;
	uf->cut = cut;
	uf->dw = f->seg[0].dw;
}

/* The fields of one list the packet has: present (by generation and
 * condition); cut when the packet ends inside one. */
static unsigned decode_list(const struct gk_format *fmt, const struct gk_field *fields, unsigned n, bool in_hdr,
			    const uint32_t *dw, size_t ndw, struct gk_unit_field *out, unsigned room)
{
	unsigned k = 0;
	for (unsigned i = 0; i < n && k < room; i++) {
		const struct gk_field *f = &fields[i];
		if (gk_field_present(fields, i, dw, ndw, fmt->gen_bit))
			put_field(fmt, f, i, in_hdr, !gk_field_in_range(f, ndw), dw, ndw, &out[k++]);
	}
	return k;
}

/* The same when the description is simple (gk_desc_fast): presence depends
 * on the generation only and the packet holds every field whole.  The hot
 * path of every stream, so the one-segment read is spelled out. */
static unsigned decode_simple(const struct gk_format *fmt, const struct gk_field *fields, unsigned n, bool in_hdr,
			      const uint32_t *dw, size_t ndw, struct gk_unit_field *out, unsigned room)
{
	unsigned k = 0, gen = fmt->gen_bit;
	for (unsigned i = 0; i < n && k < room; i++) {
		const struct gk_field *f = &fields[i];
		if (f->gens && !(f->gens & gen))
			continue;
		const struct gk_seg *sg = &f->seg[0];
		uint64_t v;
		if (f->nseg == 1) {
			uint32_t w = dw[sg->dw] >> sg->lo;
			unsigned width = sg->hi - sg->lo + 1u;
			v = (uint64_t)(width < 32 ? w & ((1u << width) - 1u) : w) << sg->pos;
		} else {
			v = gk_field_get(f, dw, ndw);
		}
		struct gk_unit_field *uf = &out[k++];
		uf->desc = f;
		uf->value = v;
		uf->symbol = f->kind == GK_ENUM || f->kind == GK_REG ? symbol_of(fmt, f, v) : 0;
		uf->index = (uint8_t)i;
		uf->in_hdr = in_hdr;
		uf->cut = 0;
		uf->dw = sg->dw;
	}
	return k;
}

void gk_unit_decode(const struct gk_format *fmt, const struct gk_packet *pkt, struct gk_diags *dg, struct gk_unit *u)
{
	if (!u)
		return;
	u->pkt = pkt ? *pkt : (struct gk_packet){ 0 };
	u->gpu_addr = 0;
	u->has_gpu_addr = false;
	u->diags = dg;
	u->nfields = 0;
	u->ngroups = 0;
	u->reg_addr = 0;
	u->reg_slot = -1;
	const struct gk_packet_desc *d = fmt && pkt && pkt->dw && pkt->ndw && !pkt->truncated ? pkt->frame.desc : 0;
	u->desc = d;
	u->simple = false;
	if (!d) {
		uint32_t n = pkt && pkt->dw ? pkt->ndw : 0;
		u->pkt.ndw = n;
		u->fixed_end = u->tail_begin = u->tail_end = 0;
		u->extra_begin = u->natural = n;
		return;
	}
	const uint32_t *dw = pkt->dw;
	size_t ndw = pkt->ndw;
	struct gk_layout L;
	gk_layout_of(fmt, d, dw, ndw, &L);
	u->fixed_end = L.fixed_end;
	u->tail_begin = L.tail_begin;
	u->tail_end = L.tail_end;
	u->ngroups = L.ngroups;
	u->extra_begin = L.extra_begin;
	u->natural = L.natural;
	u->simple = L.simple;
	unsigned nfixed = L.fixed_end < GK_FIXED_MAX ? L.fixed_end : GK_FIXED_MAX;
	memcpy(u->claimed, L.claimed, nfixed * sizeof u->claimed[0]);
	if (L.simple) {
		u->nfields = decode_simple(fmt, d->hdr, d->nhdr, true, dw, ndw, u->fields, GK_UNIT_FIELDS);
		u->nfields += decode_simple(fmt, d->fields, d->nfields, false, dw, ndw, u->fields + u->nfields,
					    GK_UNIT_FIELDS - u->nfields);
	} else {
		u->nfields = decode_list(fmt, d->hdr, d->nhdr, true, dw, ndw, u->fields, GK_UNIT_FIELDS);
		u->nfields += decode_list(fmt, d->fields, d->nfields, false, dw, ndw, u->fields + u->nfields,
					  GK_UNIT_FIELDS - u->nfields);
	}
	if (d->tail == GK_TAIL_REGS) {
		const struct gk_field *rf = d->reg_in_hdr ? &d->hdr[d->reg_field] : &d->fields[d->reg_field];
		u->reg_addr = fmt->spaces[d->space].start + 4ull * gk_fget(rf, dw, ndw);
		for (unsigned i = 0; i < u->nfields; i++)
			if (u->fields[i].desc == rf) {
				u->reg_slot = u->fields[i].cut ? -1 : (int)i;
				break;
			}
	}
}

const struct gk_unit_field *gk_unit_field_at(const struct gk_unit *u, uint8_t ix, const char *name)
{
	if (!name)
		return 0;
	if (ix != 0xff && u->desc) {
		const struct gk_field *want = (ix & 0x80u) ? &u->desc->hdr[ix & 0x7fu] : &u->desc->fields[ix];
		for (unsigned i = 0; i < u->nfields; i++)
			if (u->fields[i].desc == want && !u->fields[i].cut)
				return &u->fields[i];
	}
	/* not shown here: another field of that name may be (conditional alternatives) */
	return gk_unit_field(u, name);
}

const struct gk_unit_field *gk_unit_field(const struct gk_unit *u, const char *name)
{
	if (!u || !name)
		return 0;
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
	const uint32_t *gw = u->pkt.dw + u->tail_begin + g * d->group_dw;
	unsigned n = decode_list(fmt, d->group, d->ngroup, false, gw, d->group_dw, out, GK_UNIT_GROUP_FIELDS);
	for (unsigned k = 0; k < gdw; k++) {
		uint32_t m = 0;
		for (unsigned i = 0; i < d->ngroup; i++)
			m |= gk_field_mask(&d->group[i], k);
		claimed[k] = m;
	}
	for (unsigned i = 0; i < n; i++)
		out[i].dw += u->tail_begin + g * d->group_dw;
	return n;
}
