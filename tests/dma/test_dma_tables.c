/* The DMA tables are data that refer to themselves by name (accesses and
 * rules name their fields) and must frame unambiguously: check both, for
 * every generation, so a typo cannot silently switch a check off. */
#include "dma_testutil.h"

static bool has_field(const struct gk_packet_desc *d, const char *name, unsigned gen)
{
	for (unsigned i = 0; i < d->nfields; i++)
		if (!strcmp(d->fields[i].name, name) && (!d->fields[i].gens || (d->fields[i].gens & gen)))
			return true;
	return false;
}

static void names_resolve(const struct gk_format *fmt)
{
	for (size_t k = 0; k < fmt->ndescs; k++) {
		const struct gk_packet_desc *d = &fmt->descs[k];
		if (!(d->gens & fmt->gen_bit))
			continue;
		CHECK(d->note && d->note[0], "%s: %s has no note naming its source", fmt->gen, d->name);
		for (unsigned a = 0; a < d->naccess; a++) {
			const struct gk_access *ac = &d->access[a];
			CHECK(ac->addr && has_field(d, ac->addr, fmt->gen_bit), "%s %s access %u: no address field '%s'",
			      fmt->gen, d->name, a, ac->addr ? ac->addr : "(null)");
			if (ac->count)
				CHECK(has_field(d, ac->count, fmt->gen_bit), "%s %s: access count '%s' is no field", fmt->gen,
				      d->name, ac->count);
			if (ac->flip)
				CHECK(has_field(d, ac->flip, fmt->gen_bit), "%s %s: access flip '%s' is no field", fmt->gen,
				      d->name, ac->flip);
			/* every tiled access names its ARRAY_MODE, so linear and 1D surfaces
			 * are bounded by the rows reached */
			if (ac->size == GK_Z_TILED)
				CHECK(ac->mode && has_field(d, ac->mode, fmt->gen_bit), "%s %s: tiled access without its mode '%s'",
				      fmt->gen, d->name, ac->mode ? ac->mode : "(null)");
			const char *names[GK_ACC_SLOTS];
			gk_access_names(ac, names);
			for (unsigned i = GK_AS_STRIDE; i < GK_AS_SURFACE_FIRST; i++)
				if (names[i])
					CHECK(has_field(d, names[i], fmt->gen_bit), "%s %s: access argument '%s' is no field",
					      fmt->gen, d->name, names[i]);
			/* a surface's fields: on some generation of the packet (PIPE_CONFIG
			 * is absent before SI: no GFX6-8 layout there) */
			for (unsigned i = GK_AS_SURFACE_FIRST; i < GK_ACC_SLOTS; i++)
				if (names[i])
					CHECK(has_field(d, names[i], 0xffffu), "%s %s: surface field '%s' is no field", fmt->gen,
					      d->name, names[i]);
			if (ac->size == GK_Z_TILED)
				CHECK(ac->surface, "%s %s: tiled access without its surface fields", fmt->gen, d->name);
			CHECK(ac->rw && !(ac->rw & ~(GK_ACC_READ | GK_ACC_WRITE)), "%s %s: access %u neither reads nor writes",
			      fmt->gen, d->name, a);
		}
		for (unsigned r = 0; r < d->nrules; r++) {
			const struct gk_rule *ru = &d->rules[r];
			CHECK(ru->a && has_field(d, ru->a, fmt->gen_bit), "%s %s: rule field '%s' is no field", fmt->gen,
			      d->name, ru->a ? ru->a : "(null)");
			if (ru->b)
				CHECK(has_field(d, ru->b, fmt->gen_bit), "%s %s: rule field '%s' is no field", fmt->gen, d->name,
				      ru->b);
		}
	}
}

/* Fields of one generation never share bits unless they are alternatives
 * (conditional on the same deciding field), and stay inside the packet. */
static void layout_sound(const struct gk_format *fmt)
{
	for (size_t k = 0; k < fmt->ndescs; k++) {
		const struct gk_packet_desc *d = &fmt->descs[k];
		if (!(d->gens & fmt->gen_bit))
			continue;
		unsigned fixed = d->tail ? d->tail_dw : d->min_dw;
		for (unsigned i = 0; i < d->nfields; i++) {
			const struct gk_field *f = &d->fields[i];
			if (f->gens && !(f->gens & fmt->gen_bit))
				continue;
			CHECK(gk_field_last_dw(f) < fixed, "%s %s.%s: dw%u past the fixed part (%u dwords)", fmt->gen, d->name,
			      f->name, gk_field_last_dw(f), fixed);
			CHECK(!f->cond || f->cond - 1u < i, "%s %s.%s: condition does not point backwards", fmt->gen, d->name,
			      f->name);
			for (unsigned j = 0; j < i; j++) {
				const struct gk_field *g = &d->fields[j];
				if (g->gens && !(g->gens & fmt->gen_bit))
					continue;
				if (f->cond && g->cond && (f->cond != g->cond || !(f->cond_mask & g->cond_mask)))
					continue; /* never present together */
				for (unsigned w = 0; w < fixed && w < 32; w++)
					CHECK(!(gk_field_mask(f, w) & gk_field_mask(g, w)), "%s %s: %s and %s share bits of dw%u",
					      fmt->gen, d->name, f->name, g->name, w);
			}
		}
	}
}

/* Two descriptions of one generation must not both match a header: the
 * framing would depend on table order. */
static void framing_unambiguous(const struct gk_format *fmt)
{
	for (size_t a = 0; a < fmt->ndescs; a++)
		for (size_t b = a + 1; b < fmt->ndescs; b++) {
			const struct gk_packet_desc *da = &fmt->descs[a], *db = &fmt->descs[b];
			if (!(da->gens & fmt->gen_bit) || !(db->gens & fmt->gen_bit))
				continue;
			uint32_t both = fmt->sel[a].mask & fmt->sel[b].mask;
			bool overlap = ((fmt->sel[a].value ^ fmt->sel[b].value) & both) == 0;
			CHECK(!overlap, "%s: %s and %s match the same headers", fmt->gen, da->name, db->name);
		}
}

/* Every packet's name reaches its own description through the framing:
 * assemble it with all fields zero and frame the words back. */
static void names_frame_back(const struct gk_format *fmt)
{
	static struct tu_asm r;
	for (size_t k = 0; k < fmt->ndescs; k++) {
		const struct gk_packet_desc *d = &fmt->descs[k];
		if (!(d->gens & fmt->gen_bit))
			continue;
		char text[96];
		/* a packet whose count is data dwords - 1 needs one (SDMA 4+ WRITE) */
		snprintf(text, sizeof text, "%s%s", d->name,
			 d->tail == GK_TAIL_DATA && d->min_dw > d->tail_dw ? "\n    DATA 0x0" : "");
		if (tu_assemble(fmt, text, &r) != 0 || r.n == 0) {
			CHECK(0, "%s: '%s' does not assemble", fmt->gen, d->name);
			continue;
		}
		struct gk_packet pkt;
		gk_packet_frame(fmt, r.w, r.n, 0, &pkt);
		CHECK(pkt.frame.desc == d && pkt.ndw == r.n && !pkt.frame.other_gen, "%s: %s frames as %s (%u of %zu dwords)",
		      fmt->gen, d->name, pkt.frame.desc ? pkt.frame.desc->name : "nothing", pkt.ndw, r.n);
	}
}

int main(void)
{
	for (unsigned g = 0; g < TU_NGENS; g++) {
		const struct gk_format *fmt = tu_fmt(tu_gen_name(g));
		names_resolve(fmt);
		layout_sound(fmt);
		framing_unambiguous(fmt);
		names_frame_back(fmt);
	}
	return tl_done();
}
