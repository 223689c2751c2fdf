/* Field access over declarative descriptions (include/gfxkit/desc.h). */
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
