/* The GFX9-GFX12 reference (../shared/reference/tiling-gfx9, computed by
 * addrlib) against a set of generations' rules, file by file: surfaces.tsv
 * (every output field), mips.tsv (every level), addresses.tsv (every
 * element), equations.tsv (index, bits and each bit's XOR terms, as sets)
 * and refused.tsv (refused, or accepted with no address as addrlib says).
 * The expected values are the TSV's, never a model computed here. */
#ifndef GK_TESTS_SWZ_REF_H
#define GK_TESTS_SWZ_REF_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "testlib.h"
#include "tiling/swz_gen.h"

#define SR_MAXCOL 48
struct sr_tsv {
	FILE *f;
	char line[8192];
	char hdrbuf[4096];
	char *hdr[SR_MAXCOL], *col[SR_MAXCOL];
	unsigned nhdr, ncol;
};

static unsigned sr_split(char *s, char **out)
{
	unsigned n = 0;
	s[strcspn(s, "\r\n")] = 0;
	while (n < SR_MAXCOL) {
		char *t;
		out[n++] = s;
		t = strchr(s, '\t');
		if (!t)
			break;
		*t = 0;
		s = t + 1;
	}
	return n;
}

static bool sr_open(struct sr_tsv *t, const char *dir, const char *name)
{
	char path[512];
	memset(t, 0, sizeof *t);
	snprintf(path, sizeof path, "%s/%s", dir, name);
	t->f = fopen(path, "r");
	do {
		if (!t->f || !fgets(t->hdrbuf, sizeof t->hdrbuf, t->f)) {
			if (t->f)
				fclose(t->f);
			t->f = NULL;
			return false;
		}
	} while (t->hdrbuf[0] == '#'); /* comments before the header */
	t->nhdr = sr_split(t->hdrbuf, t->hdr);
	return true;
}

static bool sr_next(struct sr_tsv *t)
{
	if (!t->f)
		return false;
	while (fgets(t->line, sizeof t->line, t->f)) {
		if (t->line[0] == '#' || t->line[0] == '\n')
			continue;
		t->ncol = sr_split(t->line, t->col);
		return true;
	}
	fclose(t->f);
	t->f = NULL;
	return false;
}

static const char *sr_get(const struct sr_tsv *t, const char *name)
{
	for (unsigned i = 0; i < t->nhdr && i < t->ncol; i++)
		if (!strcmp(t->hdr[i], name))
			return t->col[i];
	return "";
}

static uint64_t sr_u(const struct sr_tsv *t, const char *name)
{
	return strtoull(sr_get(t, name), NULL, 0);
}

static const struct gk_swz_chip *sr_chip(const char *name)
{
	for (unsigned i = 0; i < gk_swz_nchips; i++)
		if (!strcmp(gk_swz_chips[i].name, name))
			return &gk_swz_chips[i];
	return NULL;
}

/* generation names of the TSVs ("GFX10.3") */
static unsigned sr_gen(const char *s)
{
	if (!strcmp(s, "GFX9"))
		return GK_SWZ_GFX9;
	if (!strcmp(s, "GFX10"))
		return GK_SWZ_GFX10;
	if (!strcmp(s, "GFX10.3"))
		return GK_SWZ_GFX10_3;
	if (!strcmp(s, "GFX11"))
		return GK_SWZ_GFX11;
	if (!strcmp(s, "GFX12"))
		return GK_SWZ_GFX12;
	return 0;
}

/* the surface inputs of a surfaces.tsv / refused.tsv row */
static bool sr_params(const struct sr_tsv *t, struct gk_swz_params *p)
{
	memset(p, 0, sizeof *p);
	p->chip = sr_chip(sr_get(t, "chip"));
	if (!p->chip)
		return false;
	p->mode = (unsigned)sr_u(t, "swizzle_mode_id");
	p->dims = !strcmp(sr_get(t, "rsrc_type"), "3D") ? 3 : 2;
	p->depth_usage = !strcmp(sr_get(t, "usage"), "depth");
	p->bpp = (unsigned)sr_u(t, "bpp");
	p->width = (uint32_t)sr_u(t, "width");
	p->height = (uint32_t)sr_u(t, "height");
	p->depth_or_slices = (uint32_t)sr_u(t, "depth_or_slices");
	p->mips = (unsigned)sr_u(t, "num_mips");
	p->samples = (unsigned)sr_u(t, "num_samples");
	return true;
}

/* Per generation and file: rows compared and rows that differ. */
struct sr_count {
	unsigned rows[5][5], bad[5][5];
};
enum { SR_SURF, SR_MIPS, SR_ADDR, SR_EQ, SR_REFUSED };
static const char *const sr_files[5] = {"surfaces.tsv", "mips.tsv", "addresses.tsv", "equations.tsv",
					"refused.tsv"};

static unsigned sr_gi(unsigned gen)
{
	switch (gen) {
	case GK_SWZ_GFX9: return 0;
	case GK_SWZ_GFX10: return 1;
	case GK_SWZ_GFX10_3: return 2;
	case GK_SWZ_GFX11: return 3;
	default: return 4;
	}
}

#define SR_MAXID 12000u
struct sr_state {
	const char *dir;
	unsigned gens_mask; /* 1 << sr_gi(gen) */
	struct gk_swz_surface *surf; /* by surface id */
	uint8_t *have;               /* 1: surf[id] computed */
	struct sr_count n;
	unsigned shown;
};

static bool sr_want(const struct sr_state *st, unsigned gen)
{
	return gen && (st->gens_mask >> sr_gi(gen) & 1);
}

static void sr_bad(struct sr_state *st, unsigned file, unsigned gen, const char *fmt, ...)
{
	va_list ap;
	st->n.bad[sr_gi(gen)][file]++;
	if (st->shown++ >= 40)
		return;
	printf("# differs (%s): ", sr_files[file]);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

static const struct gk_swz_gen_row *sr_row(unsigned gen)
{
	return gk_swz_gen_find(gen);
}

/* compare one output column ("-" in the TSV: not returned by that API) */
static bool sr_field(const struct sr_tsv *t, const char *name, uint64_t have, char *why, size_t cap)
{
	const char *v = sr_get(t, name);
	long long want;
	if (!*v || !strcmp(v, "-"))
		return true;
	want = strtoll(v, NULL, 0);
	if ((uint64_t)want == have || (want < 0 && (int64_t)have == want))
		return true;
	size_t l = strlen(why);
	snprintf(why + l, cap - l, " %s=%lld(want %s)", name, (long long)have, v);
	return false;
}

static void sr_surfaces(struct sr_state *st)
{
	struct sr_tsv t;
	if (!sr_open(&t, st->dir, "surfaces.tsv")) {
		TL_SKIP("%s/surfaces.tsv not found: addrlib's surfaces not compared (a fresh clone has no ../shared)",
			st->dir);
		return;
	}
	while (sr_next(&t)) {
		unsigned gen = sr_gen(sr_get(&t, "generation")), id = (unsigned)sr_u(&t, "surface_id");
		struct gk_swz_params p;
		struct gk_diag err;
		struct gk_swz_surface *s;
		char why[1024] = "";
		bool ok = true;
		if (!sr_want(st, gen) || id >= SR_MAXID)
			continue;
		st->n.rows[sr_gi(gen)][SR_SURF]++;
		s = &st->surf[id];
		if (!sr_params(&t, &p) || !sr_row(gen) || sr_row(gen)->surface(s, &p, &err)) {
			sr_bad(st, SR_SURF, gen, "surface %u (%s %s): refused: %s", id, sr_get(&t, "chip"),
			       sr_get(&t, "swizzle_mode"), err.message);
			continue;
		}
		st->have[id] = 1;
		ok &= sr_field(&t, "pitch", s->pitch, why, sizeof why);
		ok &= sr_field(&t, "pitch_for_slice", s->pitch_for_slice, why, sizeof why);
		ok &= sr_field(&t, "out_height", s->height, why, sizeof why);
		ok &= sr_field(&t, "out_num_slices", s->num_slices, why, sizeof why);
		ok &= sr_field(&t, "mip_chain_pitch", s->mip_chain_pitch, why, sizeof why);
		ok &= sr_field(&t, "mip_chain_height", s->mip_chain_height, why, sizeof why);
		ok &= sr_field(&t, "mip_chain_slice", s->mip_chain_slice, why, sizeof why);
		ok &= sr_field(&t, "slice_size", s->slice_size, why, sizeof why);
		ok &= sr_field(&t, "slice_size_dense_packed", s->slice_size_dense_packed, why, sizeof why);
		ok &= sr_field(&t, "surf_size", s->surf_size, why, sizeof why);
		ok &= sr_field(&t, "base_align", s->base_align, why, sizeof why);
		ok &= sr_field(&t, "block_width", s->block_width, why, sizeof why);
		ok &= sr_field(&t, "block_height", s->block_height, why, sizeof why);
		ok &= sr_field(&t, "block_slices", s->block_slices, why, sizeof why);
		ok &= sr_field(&t, "epitch_is_height", (uint64_t)s->epitch_is_height, why, sizeof why);
		ok &= sr_field(&t, "equation_index", (uint64_t)(int64_t)s->equation_index, why, sizeof why);
		ok &= sr_field(&t, "mip_chain_in_tail", (uint64_t)s->mip_chain_in_tail, why, sizeof why);
		ok &= sr_field(&t, "first_mip_in_tail", s->first_mip_in_tail, why, sizeof why);
		ok &= sr_field(&t, "pixel_pitch", s->pixel_pitch, why, sizeof why);
		ok &= sr_field(&t, "pixel_height", s->pixel_height, why, sizeof why);
		ok &= sr_field(&t, "pixel_mip_chain_pitch", s->pixel_mip_chain_pitch, why, sizeof why);
		ok &= sr_field(&t, "pixel_mip_chain_height", s->pixel_mip_chain_height, why, sizeof why);
		ok &= sr_field(&t, "out_bpp", s->out_bpp, why, sizeof why);
		if (!ok)
			sr_bad(st, SR_SURF, gen, "surface %u (%s %s %s %ux%ux%u bpp %u mips %u samples %u):%s", id,
			       sr_get(&t, "chip"), sr_get(&t, "swizzle_mode"), sr_get(&t, "rsrc_type"), p.width, p.height,
			       p.depth_or_slices, p.bpp, p.mips, p.samples, why);
	}
}

static void sr_mips(struct sr_state *st)
{
	struct sr_tsv t;
	if (!sr_open(&t, st->dir, "mips.tsv")) {
		TL_SKIP("%s/mips.tsv not found: addrlib's mip levels not compared", st->dir);
		return;
	}
	while (sr_next(&t)) {
		unsigned id = (unsigned)sr_u(&t, "surface_id"), mip = (unsigned)sr_u(&t, "mip"), gen;
		const struct gk_swz_surface *s;
		const struct gk_swz_mip *m;
		char why[1024] = "";
		bool ok = true;
		if (id >= SR_MAXID || !st->have[id] || mip >= GK_SWZ_MAX_MIPS)
			continue;
		s = &st->surf[id];
		gen = s->p.chip->gen;
		st->n.rows[sr_gi(gen)][SR_MIPS]++;
		m = &s->mip[mip];
		ok &= sr_field(&t, "pitch", m->pitch, why, sizeof why);
		ok &= sr_field(&t, "pitch_for_slice", m->pitch_for_slice, why, sizeof why);
		ok &= sr_field(&t, "height", m->height, why, sizeof why);
		ok &= sr_field(&t, "depth", m->depth, why, sizeof why);
		ok &= sr_field(&t, "pixel_pitch", m->pixel_pitch, why, sizeof why);
		ok &= sr_field(&t, "pixel_height", m->pixel_height, why, sizeof why);
		ok &= sr_field(&t, "offset", m->offset, why, sizeof why);
		ok &= sr_field(&t, "macro_block_offset", m->macro_block_offset, why, sizeof why);
		ok &= sr_field(&t, "mip_tail_offset", m->mip_tail_offset, why, sizeof why);
		ok &= sr_field(&t, "mip_tail_coord_x", m->mip_tail_coord_x, why, sizeof why);
		ok &= sr_field(&t, "mip_tail_coord_y", m->mip_tail_coord_y, why, sizeof why);
		ok &= sr_field(&t, "mip_tail_coord_z", m->mip_tail_coord_z, why, sizeof why);
		if (!ok)
			sr_bad(st, SR_MIPS, gen, "surface %u mip %u (%s %s):%s", id, mip, s->p.chip->name,
			       gk_swz_mode_name(gen, s->p.mode), why);
	}
}

static void sr_addresses(struct sr_state *st)
{
	struct sr_tsv t;
	if (!sr_open(&t, st->dir, "addresses.tsv")) {
		TL_SKIP("%s/addresses.tsv not found: addrlib's element addresses not compared", st->dir);
		return;
	}
	while (sr_next(&t)) {
		unsigned id = (unsigned)sr_u(&t, "surface_id"), gen;
		const struct gk_swz_surface *s;
		struct gk_swz_coord c;
		uint64_t want = sr_u(&t, "addr"), have = 0;
		if (id >= SR_MAXID || !st->have[id])
			continue;
		s = &st->surf[id];
		gen = s->p.chip->gen;
		st->n.rows[sr_gi(gen)][SR_ADDR]++;
		c.x = (uint32_t)sr_u(&t, "x");
		c.y = (uint32_t)sr_u(&t, "y");
		c.slice = (uint32_t)sr_u(&t, "slice");
		c.sample = (uint32_t)sr_u(&t, "sample");
		c.mip = (uint32_t)sr_u(&t, "mip");
		if (sr_row(gen)->addr(s, &c, &have) || have != want)
			sr_bad(st, SR_ADDR, gen, "surface %u (%s %s %s bpp %u) (%u,%u,%u,%u,%u): %llu, want %llu", id,
			       s->p.chip->name, gk_swz_mode_name(gen, s->p.mode), s->p.dims == 3 ? "3D" : "2D",
			       s->p.bpp, c.x, c.y, c.slice, c.sample, c.mip, (unsigned long long)have,
			       (unsigned long long)want);
	}
}

/* "b0=x0 b1=x1 b15=y6^x8^z0" against the surface's equation: each bit's
 * terms as a set (addrlib's slot order is not part of the function). */
static bool sr_eq_text(const struct gk_swz_equation *eq, const char *text, char *why, size_t cap)
{
	uint64_t want[GK_SWZ_MAX_EQ_BITS] = {0}, have[GK_SWZ_MAX_EQ_BITS] = {0};
	unsigned nbits = 0, i, k;
	const char *p = text;
	while (*p) {
		unsigned b;
		if (*p == ' ') {
			p++;
			continue;
		}
		if (sscanf(p, "b%u=", &b) != 1 || b >= GK_SWZ_MAX_EQ_BITS) {
			snprintf(why, cap, " unreadable equation text");
			return false;
		}
		p = strchr(p, '=') + 1;
		if (b + 1 > nbits)
			nbits = b + 1;
		while (*p && *p != ' ') {
			char ax = *p;
			unsigned n = 0;
			p++;
			while (*p >= '0' && *p <= '9')
				n = n * 10 + (unsigned)(*p++ - '0');
			if (ax == 'x' || ax == 'y' || ax == 'z' || ax == 's')
				want[b] ^= 1ull << ((ax == 'x' ? 0 : ax == 'y' ? 16 : ax == 'z' ? 32 : 48) + n);
			if (*p == '^')
				p++;
		}
	}
	for (i = 0; i < eq->num_bits && i < GK_SWZ_MAX_EQ_BITS; i++)
		for (k = 0; k < GK_SWZ_MAX_EQ_TERMS; k++) {
			const struct gk_swz_term *tm = &eq->term[i][k];
			if (tm->axis == GK_SWZ_AX_NONE)
				continue;
			have[i] ^= 1ull << ((tm->axis - GK_SWZ_AX_X) * 16 + tm->bit);
		}
	for (i = 0; i < GK_SWZ_MAX_EQ_BITS; i++)
		if (want[i] != have[i]) {
			snprintf(why, cap, " bit %u: have 0x%llx want 0x%llx", i, (unsigned long long)have[i],
				 (unsigned long long)want[i]);
			return false;
		}
	return true;
}

static void sr_equations(struct sr_state *st)
{
	struct sr_tsv t;
	if (!sr_open(&t, st->dir, "equations.tsv")) {
		TL_SKIP("%s/equations.tsv not found: addrlib's equations not compared", st->dir);
		return;
	}
	while (sr_next(&t)) {
		unsigned gen = sr_gen(sr_get(&t, "generation"));
		const char *status = sr_get(&t, "status");
		struct gk_swz_params p;
		struct gk_swz_surface *s;
		struct gk_diag err;
		char why[512] = "";
		int rc;
		if (!sr_want(st, gen))
			continue;
		st->n.rows[sr_gi(gen)][SR_EQ]++;
		memset(&p, 0, sizeof p);
		p.chip = sr_chip(sr_get(&t, "chip"));
		p.mode = (unsigned)sr_u(&t, "swizzle_mode_id");
		p.dims = !strcmp(sr_get(&t, "rsrc_type"), "3D") ? 3 : 2;
		p.bpp = (unsigned)sr_u(&t, "bpp");
		p.samples = (unsigned)sr_u(&t, "samples");
		p.depth_usage = !strcmp(sr_get(&t, "usage"), "depth");
		p.width = p.height = 256;
		p.depth_or_slices = p.dims == 3 ? 16 : 1;
		p.mips = 1;
		s = &st->surf[0];
		rc = p.chip ? sr_row(gen)->surface(s, &p, &err) : -1;
		if (!strncmp(status, "refused", 7)) {
			if (rc == 0)
				sr_bad(st, SR_EQ, gen, "%s %s %s bpp %u x%u: accepted, addrlib refuses", sr_get(&t, "chip"),
				       sr_get(&t, "rsrc_type"), sr_get(&t, "swizzle_mode"), p.bpp, p.samples);
			continue;
		}
		if (rc) {
			sr_bad(st, SR_EQ, gen, "%s %s %s bpp %u x%u: refused: %s", sr_get(&t, "chip"),
			       sr_get(&t, "rsrc_type"), sr_get(&t, "swizzle_mode"), p.bpp, p.samples, err.message);
			continue;
		}
		if (!strcmp(status, "no_equation")) {
			if (s->equation_index != -1)
				sr_bad(st, SR_EQ, gen, "%s %s %s bpp %u x%u: equation %d, addrlib has none",
				       sr_get(&t, "chip"), sr_get(&t, "rsrc_type"), sr_get(&t, "swizzle_mode"), p.bpp,
				       p.samples, s->equation_index);
			continue;
		}
		{
			/* the text, term for term in addrlib's slot order */
			char text[2048];
			gk_swz_equation_text(s, text, sizeof text);
			if (strcmp(text, sr_get(&t, "equation")))
				snprintf(why, sizeof why, " text differs: %.200s", text);
		}
		if ((long long)s->equation_index != (long long)strtoll(sr_get(&t, "equation_index"), NULL, 0) ||
		    s->eq.num_bits != sr_u(&t, "num_bits") ||
		    s->eq.stacked_depth_slices != sr_u(&t, "stacked_depth_slices") ||
		    !sr_eq_text(&s->eq, sr_get(&t, "equation"), why, sizeof why) || why[0])
			sr_bad(st, SR_EQ, gen, "%s %s %s bpp %u x%u: index %d bits %u%s", sr_get(&t, "chip"),
			       sr_get(&t, "rsrc_type"), sr_get(&t, "swizzle_mode"), p.bpp, p.samples,
			       s->equation_index, s->eq.num_bits, why);
	}
}

static void sr_refused(struct sr_state *st)
{
	struct sr_tsv t;
	if (!sr_open(&t, st->dir, "refused.tsv")) {
		TL_SKIP("%s/refused.tsv not found: addrlib's refusals not compared", st->dir);
		return;
	}
	while (sr_next(&t)) {
		unsigned gen = sr_gen(sr_get(&t, "generation"));
		const char *rc_text = sr_get(&t, "return_code");
		struct gk_swz_params p;
		struct gk_swz_surface *s = &st->surf[0];
		struct gk_diag err;
		int rc;
		if (!sr_want(st, gen))
			continue;
		st->n.rows[sr_gi(gen)][SR_REFUSED]++;
		if (!sr_params(&t, &p)) {
			sr_bad(st, SR_REFUSED, gen, "unknown chip %s", sr_get(&t, "chip"));
			continue;
		}
		rc = sr_row(gen)->surface(s, &p, &err);
		if (!strncmp(rc_text, "surfinfo_ok", 11)) {
			struct gk_swz_coord c = {0, 0, 0, 0, 0};
			uint64_t a;
			if (rc || !sr_row(gen)->addr(s, &c, &a))
				sr_bad(st, SR_REFUSED, gen, "%s %s %s bpp %u %ux%ux%u x%u: want accepted without addresses",
				       sr_get(&t, "chip"), sr_get(&t, "swizzle_mode"), sr_get(&t, "rsrc_type"), p.bpp,
				       p.width, p.height, p.depth_or_slices, p.samples);
		} else if (rc == 0) {
			sr_bad(st, SR_REFUSED, gen, "%s %s %s %s bpp %u %ux%ux%u mips %u x%u: accepted, addrlib refuses",
			       sr_get(&t, "chip"), sr_get(&t, "swizzle_mode"), sr_get(&t, "rsrc_type"),
			       sr_get(&t, "usage"), p.bpp, p.width, p.height, p.depth_or_slices, p.mips, p.samples);
		}
	}
}

/* Run every file for the generations in gens_mask (1 << sr_gi(gen)); print
 * and check the counts.  Returns false when the reference is absent. */
static bool sr_run(const char *dir, unsigned gens_mask)
{
	struct sr_state st;
	unsigned g, f;
	memset(&st, 0, sizeof st);
	st.dir = dir;
	st.gens_mask = gens_mask;
	{
		struct sr_tsv probe;
		if (!sr_open(&probe, dir, "surfaces.tsv")) {
			TL_SKIP("%s/surfaces.tsv not found: the addrlib reference is not compared (a fresh clone has no "
				"../shared)",
				dir);
			return false;
		}
		fclose(probe.f);
	}
	st.surf = calloc(SR_MAXID, sizeof *st.surf);
	st.have = calloc(SR_MAXID, 1);
	if (!st.surf || !st.have) {
		CHECK(0, "out of memory");
		free(st.surf);
		free(st.have);
		return false;
	}
	sr_surfaces(&st);
	sr_mips(&st);
	sr_addresses(&st);
	sr_equations(&st);
	sr_refused(&st);
	for (g = 0; g < 5; g++) {
		static const unsigned gens[5] = {GK_SWZ_GFX9, GK_SWZ_GFX10, GK_SWZ_GFX10_3, GK_SWZ_GFX11, GK_SWZ_GFX12};
		if (!(gens_mask >> g & 1))
			continue;
		for (f = 0; f < 5; f++) {
			printf("# %s %s: %u rows, %u differ\n", gk_swz_gen_name(gens[g]), sr_files[f], st.n.rows[g][f],
			       st.n.bad[g][f]);
			CHECK(st.n.rows[g][f] > 0 && st.n.bad[g][f] == 0, "%s %s: %u of %u rows differ",
			      gk_swz_gen_name(gens[g]), sr_files[f], st.n.bad[g][f], st.n.rows[g][f]);
		}
	}
	free(st.surf);
	free(st.have);
	return true;
}

#endif

/* ---- what always runs: the committed vectors and pack/unpack ------------- */

#include "gfxkit/swizzle.h"

/* tests/vectors/swz_gfx10.tsv: addrlib's surfaces and addresses, through
 * the public API; gens_mask as sr_run. */
static void sr_vectors(const char *path, unsigned gens_mask)
{
	struct sr_tsv t;
	unsigned rows = 0, bad = 0;
	const char *slash = strrchr(path, '/');
	char dir[256];
	snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
	if (!sr_open(&t, dir, slash ? slash + 1 : path)) {
		CHECK(0, "%s: cannot open the committed vectors", path);
		return;
	}
	while (sr_next(&t)) {
		struct gk_swz_params p;
		struct gk_swz_surface s;
		struct gk_swz_coord c;
		struct gk_diag err;
		uint64_t a = 0;
		const struct gk_swz_chip *chip = gk_swz_chip_find(sr_get(&t, "chip"));
		if (!chip || !(gens_mask >> sr_gi(chip->gen) & 1))
			continue;
		rows++;
		gk_swz_params_init(&p);
		p.chip = chip;
		p.mode = (unsigned)sr_u(&t, "swizzle_mode_id");
		p.dims = !strcmp(sr_get(&t, "rsrc_type"), "3D") ? 3 : 2;
		p.depth_usage = !strcmp(sr_get(&t, "usage"), "depth");
		p.bpp = (unsigned)sr_u(&t, "bpp");
		p.width = (uint32_t)sr_u(&t, "width");
		p.height = (uint32_t)sr_u(&t, "height");
		p.depth_or_slices = (uint32_t)sr_u(&t, "depth_or_slices");
		p.mips = (unsigned)sr_u(&t, "num_mips");
		p.samples = (unsigned)sr_u(&t, "num_samples");
		c.x = (uint32_t)sr_u(&t, "x");
		c.y = (uint32_t)sr_u(&t, "y");
		c.slice = (uint32_t)sr_u(&t, "slice");
		c.sample = (uint32_t)sr_u(&t, "sample");
		c.mip = (uint32_t)sr_u(&t, "mip");
		if (gk_swz_surface_init(&s, &p, &err) || s.pitch != sr_u(&t, "pitch") || s.height != sr_u(&t, "out_height") ||
		    s.num_slices != sr_u(&t, "out_num_slices") || s.slice_size != sr_u(&t, "slice_size") ||
		    s.surf_size != sr_u(&t, "surf_size") || s.base_align != sr_u(&t, "base_align") ||
		    s.equation_index != (int)strtol(sr_get(&t, "equation_index"), NULL, 0) || gk_swz_addr(&s, &c, &a) ||
		    a != sr_u(&t, "addr")) {
			if (bad++ < 10)
				printf("# vector differs: %s mode %u %s bpp %u %ux%ux%u mips %u x%u at (%u,%u,%u,%u,%u): addr %llu "
				       "want %s\n",
				       chip->name, p.mode, sr_get(&t, "rsrc_type"), p.bpp, p.width, p.height, p.depth_or_slices,
				       p.mips, p.samples, c.x, c.y, c.slice, c.sample, c.mip, (unsigned long long)a,
				       sr_get(&t, "addr"));
		}
	}
	printf("# %s: %u rows, %u differ\n", path, rows, bad);
	CHECK(rows > 0 && bad == 0, "%s: %u of %u vector rows differ", path, bad, rows);
}

/* Pack a random image, check every element sits at gk_swz_addr's bytes and
 * every byte no element owns is zero, unpack and compare.  Returns 0 when the
 * surface is refused or has no addresses (skipped), 1 when checked. */
static int sr_pack_one(const struct gk_swz_params *p, uint64_t *seed, unsigned *bad)
{
	struct gk_swz_surface s;
	size_t lb, i;
	uint8_t *lin, *back, *tiled, *own;
	unsigned m, eb = p->bpp / 8;
	uint64_t off = 0;
	int ok = 1;
	if (gk_swz_surface_init(&s, p, NULL))
		return 0;
	lb = gk_swz_linear_bytes(&s);
	if (!lb || s.surf_size > (64u << 20))
		return 0;
	lin = malloc(lb);
	back = malloc(lb);
	tiled = malloc((size_t)s.surf_size);
	own = calloc((size_t)s.surf_size, 1);
	if (!lin || !back || !tiled || !own) {
		free(lin), free(back), free(tiled), free(own);
		return 0;
	}
	for (i = 0; i < lb; i++)
		lin[i] = (uint8_t)(tl_rand(seed) | 1); /* never 0: a lost element shows */
	if (gk_swz_pack(&s, lin, tiled)) {
		free(lin), free(back), free(tiled), free(own);
		return 0; /* no addresses: refused by pack as by addr */
	}
	for (m = 0; m < p->mips && ok; m++) {
		uint32_t w = p->width >> m ? p->width >> m : 1, h = p->height >> m ? p->height >> m : 1;
		uint32_t n = p->dims == 3 ? (p->depth_or_slices >> m ? p->depth_or_slices >> m : 1) : p->depth_or_slices;
		for (uint32_t z = 0; z < n && ok; z++)
			for (uint32_t y = 0; y < h && ok; y++)
				for (uint32_t x = 0; x < w && ok; x++)
					for (uint32_t smp = 0; smp < p->samples && ok; smp++, off += eb) {
						struct gk_swz_coord c = {x, y, z, smp, m};
						uint64_t a;
						if (gk_swz_addr(&s, &c, &a) || a + eb > s.surf_size ||
						    memcmp(tiled + a, lin + off, eb) || own[a]) {
							ok = 0;
							printf("# pack: %s %s %uD bpp %u %ux%ux%u mips %u x%u: element (%u,%u,%u,%u,%u) "
							       "misplaced or shared\n",
							       p->chip->name, gk_swz_mode_name(p->chip->gen, p->mode), p->dims, p->bpp,
							       p->width, p->height, p->depth_or_slices, p->mips, p->samples, x, y, z, smp,
							       m);
						} else {
							memset(own + a, 1, eb);
						}
					}
	}
	for (i = 0; ok && i < s.surf_size; i++)
		if (!own[i] && tiled[i]) {
			ok = 0;
			printf("# pack: %s %s: byte %zu is padding but not zero\n", p->chip->name,
			       gk_swz_mode_name(p->chip->gen, p->mode), i);
		}
	if (ok && (gk_swz_unpack(&s, tiled, back) || memcmp(back, lin, lb))) {
		ok = 0;
		printf("# unpack(pack(x)) != x: %s %s %uD bpp %u %ux%ux%u mips %u x%u\n", p->chip->name,
		       gk_swz_mode_name(p->chip->gen, p->mode), p->dims, p->bpp, p->width, p->height, p->depth_or_slices,
		       p->mips, p->samples);
	}
	*bad += !ok;
	free(lin), free(back), free(tiled), free(own);
	return 1;
}

/* every mode of the chip: 2D with a mip chain, an array, MSAA (depth and
 * colour), 3D with mips; every bpp */
static void sr_pack_chip(const char *chipname)
{
	const struct gk_swz_chip *chip = gk_swz_chip_find(chipname);
	unsigned mode, bpp, k, checked = 0, bad = 0, modes_checked = 0;
	uint64_t seed = 0x9e3779b97f4a7c15ull;
	static const struct {
		unsigned dims;
		uint32_t w, h, d;
		unsigned mips, samples, depth, xr;
	} shapes[] = {
		{2, 67, 35, 1, 7, 1, 0, 0}, {2, 300, 17, 3, 1, 1, 0, 0}, {2, 33, 65, 1, 1, 4, 0, 0},
		{2, 40, 24, 1, 1, 8, 1, 0}, {3, 19, 9, 21, 5, 1, 0, 0},  {2, 1, 1, 1, 1, 1, 0, 0},
		{2, 130, 70, 2, 1, 1, 0, 0x1d}, /* a pipe/bank xor (X modes) */
	};
	if (!chip) {
		CHECK(0, "no chip %s", chipname);
		return;
	}
	for (mode = 0; mode < 32; mode++) {
		unsigned before = checked;
		if (!gk_swz_mode_name(chip->gen, mode))
			continue;
		for (bpp = 8; bpp <= 128; bpp *= 2)
			for (k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
				struct gk_swz_params p;
				gk_swz_params_init(&p);
				p.chip = chip;
				p.mode = mode;
				p.dims = shapes[k].dims;
				p.bpp = bpp;
				p.width = shapes[k].w;
				p.height = shapes[k].h;
				p.depth_or_slices = shapes[k].d;
				p.mips = shapes[k].mips;
				p.samples = shapes[k].samples;
				p.depth_usage = shapes[k].depth;
				p.pipe_bank_xor = shapes[k].xr;
				checked += (unsigned)sr_pack_one(&p, &seed, &bad);
			}
		modes_checked += checked > before;
	}
	printf("# pack/unpack %s: %u surfaces over %u modes, %u wrong\n", chipname, checked, modes_checked, bad);
	CHECK(checked > 0 && bad == 0, "pack/unpack %s: %u of %u surfaces wrong", chipname, bad, checked);
}
