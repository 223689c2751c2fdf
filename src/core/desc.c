/* Field access over declarative descriptions (include/gfxkit/desc.h). */
#include <string.h>

#include "gfxkit/desc.h"

#include "bits.h"

unsigned gk_field_width(const struct gk_field *f)
{
	unsigned w = 0;
	for (unsigned i = 0; f && i < f->nseg && i < 2; i++) {
		unsigned top = f->seg[i].pos + (f->seg[i].hi - f->seg[i].lo) + 1;
		if (top > w)
			w = top;
	}
	return w;
}

unsigned gk_field_last_dw(const struct gk_field *f)
{
	unsigned d = 0;
	for (unsigned i = 0; f && i < f->nseg && i < 2; i++)
		if (f->seg[i].dw > d)
			d = f->seg[i].dw;
	return d;
}

uint64_t gk_field_get(const struct gk_field *f, const uint32_t *dw, size_t ndw)
{
	uint64_t v = 0;
	for (unsigned i = 0; f && dw && i < f->nseg && i < 2; i++) {
		const struct gk_seg *s = &f->seg[i];
		if (s->dw >= ndw)
			continue;
		v |= (uint64_t)gk_get(dw[s->dw], s->lo, s->hi) << s->pos;
	}
	return v;
}

bool gk_field_fits(const struct gk_field *f, uint64_t v)
{
	uint64_t covered = 0;
	for (unsigned i = 0; f && i < f->nseg && i < 2; i++) {
		const struct gk_seg *s = &f->seg[i];
		covered |= (uint64_t)gk_mask(0, s->hi - s->lo) << s->pos;
	}
	return (v & ~covered) == 0;
}

void gk_field_put(const struct gk_field *f, uint32_t *dw, size_t ndw, uint64_t v)
{
	for (unsigned i = 0; f && dw && i < f->nseg && i < 2; i++) {
		const struct gk_seg *s = &f->seg[i];
		if (s->dw >= ndw)
			continue;
		uint32_t part = (uint32_t)(v >> s->pos) & gk_mask(0, s->hi - s->lo);
		gk_put(&dw[s->dw], s->lo, s->hi, part);
	}
}

uint32_t gk_field_mask(const struct gk_field *f, unsigned dw)
{
	uint32_t m = 0;
	for (unsigned i = 0; f && i < f->nseg && i < 2; i++)
		if (f->seg[i].dw == dw)
			m |= gk_mask(f->seg[i].lo, f->seg[i].hi);
	return m;
}

/* A field is present when its deciding field (if any) is present and has
 * one of the listed values.  Conditions only point backwards (checked by
 * the table test), so the recursion ends. */
bool gk_field_present(const struct gk_field *fields, unsigned i, const uint32_t *dw, size_t ndw,
                      unsigned gen_bit)
{
	if (!fields)
		return false;
	const struct gk_field *f = &fields[i];
	if (f->gens && !(f->gens & gen_bit))
		return false;
	if (!f->cond)
		return true;
	unsigned c = f->cond - 1u;
	if (c >= i || !gk_field_present(fields, c, dw, ndw, gen_bit))
		return false;
	if (gk_field_last_dw(&fields[c]) >= ndw)
		return false;
	uint64_t v = gk_field_get(&fields[c], dw, ndw);
	return v < 32 && (f->cond_mask >> v) & 1u;
}

const char *gk_enum_name(const struct gk_enum *e, uint64_t v)
{
	if (!e || !e->names || e->nbits >= 64 || v >= (1ull << e->nbits))
		return 0;
	return e->names[v];
}

unsigned gk_enum_tag(const struct gk_enum *e, uint64_t v)
{
	if (!e || !e->tags || e->nbits >= 64 || v >> e->nbits)
		return GK_TAG_NONE;
	return e->tags[v];
}

void gk_access_names(const struct gk_access *ac, const char *names[GK_ACC_SLOTS])
{
	if (!ac || !names)
		return;
	const struct gk_surface_fields *sf = ac->surface;
	const char *n[GK_ACC_SLOTS] = {
		[GK_AS_ADDR] = ac->addr, [GK_AS_FLIP] = ac->flip, [GK_AS_COUNT] = ac->count, [GK_AS_MODE] = ac->mode,
		[GK_AS_STRIDE] = ac->stride.name, [GK_AS_FIRST] = ac->first.name, [GK_AS_X] = ac->x.name,
		[GK_AS_Y] = ac->y.name, [GK_AS_Z] = ac->z.name, [GK_AS_PITCH] = ac->pitch.name,
		[GK_AS_SLICE] = ac->slice.name, [GK_AS_W] = ac->w.name, [GK_AS_H] = ac->h.name, [GK_AS_D] = ac->d.name,
		[GK_AS_ESIZE] = ac->esize.name,
		[GK_AS_MICRO] = sf ? sf->micro.name : 0, [GK_AS_PIPE_CONFIG] = sf ? sf->pipe_config.name : 0,
		[GK_AS_TILE_SPLIT] = sf ? sf->tile_split.name : 0, [GK_AS_BANK_WIDTH] = sf ? sf->bank_width.name : 0,
		[GK_AS_BANK_HEIGHT] = sf ? sf->bank_height.name : 0,
		[GK_AS_MACRO_ASPECT] = sf ? sf->macro_aspect.name : 0, [GK_AS_NUM_BANKS] = sf ? sf->num_banks.name : 0,
		[GK_AS_DIMENSION] = sf ? sf->dimension.name : 0, [GK_AS_MIPS] = sf ? sf->mips.name : 0,
		[GK_AS_MIP_ID] = sf ? sf->mip_id.name : 0, [GK_AS_EPITCH] = sf ? sf->epitch.name : 0,
		[GK_AS_SURF_W] = sf ? sf->width.name : 0, [GK_AS_SURF_H] = sf ? sf->height.name : 0,
		[GK_AS_SURF_D] = sf ? sf->depth.name : 0,
	};
	memcpy(names, n, sizeof n);
}
