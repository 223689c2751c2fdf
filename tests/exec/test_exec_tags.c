/* The meanings the executor acts on are in the tables: every named value of
 * a field an exec row reads by meaning (a compare function, a place select,
 * a data select, a fill size, a swap, a preamble command, an interrupt,
 * semaphore or predicate select, an array or micro tile mode) carries a tag
 * of the group that role expects (enum gk_tag, include/gfxkit/desc.h).  A
 * value left untagged would otherwise run as "not a value the executor
 * knows" without anyone having decided so. */
#include <stdbool.h>
#include <string.h>

#include "testlib.h"

#include "gfxkit/desc.h"
#include "dma/dma_tab.h"
#include "pm4/pm4_tab.h"

struct group {
	unsigned first, last;
	const char *name;
};

#define GROUP(g) { GK_TAG_##g##_FIRST, GK_TAG_##g##_LAST, #g }
static const struct group CMP = GROUP(CMP), PLACE = GROUP(PLACE), SIZE = GROUP(SIZE), SWAP = GROUP(SWAP),
			  PREAMBLE = GROUP(PREAMBLE), SEND = GROUP(SEND), INT = GROUP(INT), SEM = GROUP(SEM),
			  PRED = GROUP(PRED), ADDR = GROUP(ADDR), ARRAY = GROUP(ARRAY), MICRO = GROUP(MICRO),
			  WAITOP = GROUP(WAITOP), REGIDX = GROUP(REGIDX), DIM = GROUP(DIM);

/* every named value of e has a tag in g; the first that has none (or one
 * of another group) in *bad */
static bool all_tagged(const struct gk_enum *e, const struct group *g, const char **bad)
{
	/* an enum without names (a flag whose two values carry meanings: SDMA
	 * POLL_REGMEM's HDP_FLUSH) has every value tagged */
	static const char *const unnamed[2] = { "0 (a flag, unnamed)", "1 (a flag, unnamed)" };
	for (uint64_t v = 0; e && v < (1u << e->nbits); v++) {
		unsigned t = gk_enum_tag(e, v);
		const char *n = e->names ? e->names[v] : v < 2 ? unnamed[v] : "(unnamed)";
		if (n && (t < g->first || t > g->last)) {
			*bad = n;
			return false;
		}
	}
	return e != NULL;
}

static unsigned checked;

/* every field of d called name (each generation's row of it) is an enum
 * whose named values are tagged in g; optional: a field without an enum
 * (a flag) is fine */
static void expect(const char *family, const struct gk_packet_desc *d, const char *name, const struct group *g,
		   bool optional)
{
	if (!name)
		return;
	const struct gk_field *lists[3] = { d->hdr, d->fields, d->group };
	unsigned counts[3] = { d->nhdr, d->nfields, d->ngroup };
	bool found = false;
	for (unsigned l = 0; l < 3; l++)
		for (unsigned i = 0; lists[l] && i < counts[l]; i++) {
			const struct gk_field *f = &lists[l][i];
			if (!f->name || strcmp(f->name, name))
				continue;
			found = true;
			if (optional && !f->enm)
				continue;
			const char *bad = "(no enum)";
			CHECK(all_tagged(f->enm, g, &bad), "%s %s %s: value %s has no %s tag", family, d->name, name, bad,
			      g->name);
			checked++;
		}
	CHECK(found, "%s %s: no field %s", family, d->name, name);
}

static void check_rows(const char *family, const struct gk_packet_desc *descs, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct gk_packet_desc *d = &descs[i];
		for (unsigned k = 0; k < d->nexec; k++) {
			const struct gk_exec_row *x = &d->exec[k];
			switch (x->op) {
			case GK_X_WAIT:
				expect(family, d, x->func, &CMP, false);
				expect(family, d, x->space, &PLACE, false);
				expect(family, d, x->sel, &WAITOP, false); /* the write-then-wait form's operation */
				break;
			case GK_X_TEST: expect(family, d, x->func, &CMP, false); break;
			case GK_X_FILL: expect(family, d, x->size, &SIZE, false); break;
			case GK_X_LATCH:
			case GK_X_PUT:
			case GK_X_DATA_TO: expect(family, d, x->sel, &PLACE, false); break;
			case GK_X_DMA:
				expect(family, d, x->sel, &PLACE, false);
				expect(family, d, x->dst_sel, &PLACE, false);
				break;
			case GK_X_EOP:
				expect(family, d, x->sel, &SEND, false);
				expect(family, d, x->irq, &INT, false);
				break;
			case GK_X_PREDICATE: expect(family, d, x->sel, &PRED, false); break;
			case GK_X_PREAMBLE: expect(family, d, x->sel, &PREAMBLE, false); break;
			case GK_X_SEMAPHORE: expect(family, d, x->sel, &SEM, true); break;
			case GK_X_REFUSE_IF: {
				static const struct group *const groups[] = { &PLACE, &ADDR, &CMP, &SEND, &PRED, &WAITOP, &REGIDX };
				const struct group *g = NULL;
				for (unsigned j = 0; j < sizeof groups / sizeof groups[0]; j++)
					if (x->tag >= groups[j]->first && x->tag <= groups[j]->last)
						g = groups[j];
				CHECK(g != NULL, "%s %s row %u: tag %u is in no group a select has", family, d->name, k, x->tag);
				if (g)
					expect(family, d, x->sel, g, false);
				break;
			}
			}
			for (unsigned s = 0; s < 3; s++)
				expect(family, d, x->swap[s], &SWAP, false);
		}
		/* the surfaces the executor lays out: their array and micro tile
		 * modes; a GFX9+ swizzle mode is addrlib's id (a number), its
		 * resource type a tag */
		for (unsigned a = 0; d->nexec && a < d->naccess; a++) {
			const struct gk_surface_fields *sf = d->access[a].surface;
			if (d->access[a].size == GK_Z_TILED && sf && sf->kind == GK_SURF_SWIZZLE) {
				expect(family, d, sf->dimension.name, &DIM, false);
				continue;
			}
			if (d->access[a].size == GK_Z_TILED && d->access[a].mode)
				expect(family, d, d->access[a].mode, &ARRAY, false);
			if (d->access[a].size == GK_Z_TILED && d->access[a].surface)
				expect(family, d, d->access[a].surface->micro.name, &MICRO, false);
		}
	}
}

int main(void)
{
	check_rows("pm4", gk_pm4_descs, gk_pm4_ndescs);
	check_rows("dma", gk_dma_descs, gk_dma_ndescs);
	CHECK(checked > 60, "%u fields checked", checked);
	/* the check itself fails on an untagged value and on a tag of another group */
	static const char *const names[4] = { "ALWAYS", "LESS", "SOMETIMES" };
	static const uint8_t tags[4] = { GK_TAG_CMP_ALWAYS, GK_TAG_CMP_LESS };
	static const uint8_t wrong[4] = { GK_TAG_CMP_ALWAYS, GK_TAG_CMP_LESS, GK_TAG_SWAP_NONE };
	const struct gk_enum missing = { 2, names, tags }, other = { 2, names, wrong };
	const char *bad = NULL;
	CHECK(!all_tagged(&missing, &CMP, &bad) && bad && !strcmp(bad, "SOMETIMES"), "an untagged value is caught");
	bad = NULL;
	CHECK(!all_tagged(&other, &CMP, &bad) && bad && !strcmp(bad, "SOMETIMES"), "a tag of another group is caught");
	CHECK(!all_tagged(NULL, &CMP, &bad), "a field without an enum is caught");
	return tl_done();
}
