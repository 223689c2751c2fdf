/* GFX9 swizzle-mode surfaces against addrlib (src/tiling/gfx9_swz.c):
 * every GFX9 row of ../shared/reference/tiling-gfx9/ (surfaces.tsv,
 * mips.tsv, equations.tsv of all GFX9 configurations, addresses.tsv,
 * refused.tsv) when that corpus is present, and always the rows kept in
 * tests/vectors/swz_gfx9_vectors.tsv (scripts/swz_gfx9_vectors.py picked
 * them: every mode, bpp, MSAA, 3D, mip tails).  Expected values are read
 * from the files and compared field by field; nothing here recomputes an
 * address.  Also: NULL arguments, hostile parameters, out-of-range
 * coordinates. */
#include <stdbool.h>
#include <stdint.h>

#include "testlib.h"

#include "tiling/gfx9_swz.h"

/* ---- a TSV reader whose header may change mid-file ("=name" starts a
 * section of the committed vector file; its next line is the header) ---- */

#define MAXCOL 48
struct tsv {
	FILE *f;
	char line[4096];
	char hdrbuf[4096];
	char *hdr[MAXCOL];
	unsigned nhdr;
	char *col[MAXCOL];
	unsigned ncol;
	char section[32];
	unsigned lineno;
};

static unsigned split(char *s, char **out)
{
	unsigned n = 0;
	s[strcspn(s, "\r\n")] = 0;
	while (n < MAXCOL) {
		out[n++] = s;
		char *t = strchr(s, '\t');
		if (!t)
			break;
		*t = 0;
		s = t + 1;
	}
	return n;
}

static bool read_header(struct tsv *t)
{
	while (fgets(t->hdrbuf, sizeof t->hdrbuf, t->f)) {
		t->lineno++;
		if (t->hdrbuf[0] != '#' && t->hdrbuf[0] != '\n') {
			t->nhdr = split(t->hdrbuf, t->hdr);
			return true;
		}
	}
	return false;
}

static bool tsv_open(struct tsv *t, const char *path)
{
	memset(t, 0, sizeof *t);
	t->f = fopen(path, "r");
	if (!t->f)
		return false;
	return true;
}

/* next data row; a "=name" line switches section and reads a new header;
 * in a file without sections the first line is the header */
static bool tsv_next(struct tsv *t)
{
	while (fgets(t->line, sizeof t->line, t->f)) {
		t->lineno++;
		if (t->line[0] == '#' || t->line[0] == '\n')
			continue;
		if (t->line[0] == '=') {
			t->line[strcspn(t->line, "\r\n")] = 0;
			snprintf(t->section, sizeof t->section, "%s", t->line + 1);
			if (!read_header(t))
				break;
			continue;
		}
		if (!t->nhdr) {
			memcpy(t->hdrbuf, t->line, sizeof t->hdrbuf);
			t->nhdr = split(t->hdrbuf, t->hdr);
			continue;
		}
		t->ncol = split(t->line, t->col);
		return true;
	}
	fclose(t->f);
	t->f = NULL;
	return false;
}

static const char *get(const struct tsv *t, const char *name)
{
	for (unsigned i = 0; i < t->nhdr && i < t->ncol; i++)
		if (!strcmp(t->hdr[i], name))
			return t->col[i];
	return NULL;
}

static uint64_t num(const struct tsv *t, const char *name)
{
	const char *v = get(t, name);
	return v ? strtoull(v, NULL, 0) : 0;
}

/* ---- chips and surfaces -------------------------------------------------- */

#define MAXCHIP 32
static struct gk_swz_chip chips[MAXCHIP];
static char chip_names[MAXCHIP][32];
static unsigned nchips;

static void add_chip(const char *name, uint32_t gb)
{
	for (unsigned i = 0; i < nchips; i++)
		if (!strcmp(chip_names[i], name))
			return;
	if (nchips >= MAXCHIP)
		return;
	snprintf(chip_names[nchips], sizeof chip_names[nchips], "%s", name);
	chips[nchips].name = chip_names[nchips];
	chips[nchips].gen = GK_SWZ_GFX9;
	chips[nchips].gb_addr_config = gb;
	nchips++;
}

static const struct gk_swz_chip *chip_of(const char *name)
{
	for (unsigned i = 0; i < nchips; i++)
		if (name && !strcmp(chip_names[i], name))
			return &chips[i];
	return NULL;
}

/* the surface's inputs from a row of surfaces.tsv or refused.tsv */
static bool params_of(const struct tsv *t, struct gk_swz_params *p)
{
	memset(p, 0, sizeof *p);
	p->chip = chip_of(get(t, "chip"));
	const char *rt = get(t, "rsrc_type"), *us = get(t, "usage");
	if (!p->chip || !rt || !us)
		return false;
	p->mode = (unsigned)num(t, "swizzle_mode_id");
	p->dims = !strcmp(rt, "3D") ? 3 : 2;
	p->bpp = (unsigned)num(t, "bpp");
	p->width = (uint32_t)num(t, "width");
	p->height = (uint32_t)num(t, "height");
	p->depth_or_slices = (uint32_t)num(t, "depth_or_slices");
	p->mips = (unsigned)num(t, "num_mips");
	p->samples = (unsigned)num(t, "num_samples");
	p->depth_usage = !strcmp(us, "depth");
	return true;
}

/* surfaces by id, for the mips and addresses that follow them */
#define MAXID 20000
struct known {
	bool ok;
	struct gk_swz_params p;
};
static struct known *known;

struct tally {
	const char *what;
	unsigned rows, bad, shown;
};

static void bad_row(struct tally *ty, const struct tsv *t, const char *fmt, ...)
{
	ty->bad++;
	if (ty->shown++ >= 12)
		return;
	va_list ap;
	va_start(ap, fmt);
	printf("  %s line %u: ", ty->what, t->lineno);
	vprintf(fmt, ap);
	printf("\n");
	va_end(ap);
}

static void report(struct tally *ty, unsigned want_min)
{
	printf("# %s: %u rows, %u differ\n", ty->what, ty->rows, ty->bad);
	CHECK(ty->bad == 0 && ty->rows >= want_min, "%s: %u of %u rows differ (at least %u rows expected)", ty->what,
	      ty->bad, ty->rows, want_min);
}

/* compare one output column; "-" (not returned by Addr2) is skipped */
#define FIELD(col, val)                                                                                           \
	do {                                                                                                      \
		const char *v_ = get(t, col);                                                                     \
		if (v_ && strcmp(v_, "-") && strtoll(v_, NULL, 0) != (long long)(val)) {                          \
			bad_row(ty, t, "id %s %s: want %s, got %lld", get(t, "surface_id"), col, v_,               \
				(long long)(val));                                                                \
			return;                                                                                   \
		}                                                                                                 \
	} while (0)

static void one_surface(const struct tsv *t, struct tally *ty)
{
	struct gk_swz_params p;
	struct gk_swz_surface s;
	struct gk_diag err;
	if (!params_of(t, &p)) {
		bad_row(ty, t, "unknown chip or columns");
		return;
	}
	ty->rows++;
	unsigned id = (unsigned)num(t, "surface_id");
	if (gk_swz_gfx9_surface(&s, &p, &err)) {
		bad_row(ty, t, "id %u refused: %s", id, err.message);
		return;
	}
	if (id < MAXID) {
		known[id].ok = true;
		known[id].p = p;
	}
	FIELD("pitch", s.pitch);
	FIELD("out_height", s.height);
	FIELD("out_num_slices", s.num_slices);
	FIELD("mip_chain_pitch", s.mip_chain_pitch);
	FIELD("mip_chain_height", s.mip_chain_height);
	FIELD("mip_chain_slice", s.mip_chain_slice);
	FIELD("slice_size", s.slice_size);
	FIELD("surf_size", s.surf_size);
	FIELD("base_align", s.base_align);
	FIELD("block_width", s.block_width);
	FIELD("block_height", s.block_height);
	FIELD("block_slices", s.block_slices);
	FIELD("epitch_is_height", s.epitch_is_height);
	FIELD("equation_index", s.equation_index);
	FIELD("mip_chain_in_tail", s.mip_chain_in_tail);
	FIELD("first_mip_in_tail", s.first_mip_in_tail);
	FIELD("pixel_pitch", s.pixel_pitch);
	FIELD("pixel_height", s.pixel_height);
	FIELD("pixel_mip_chain_pitch", s.pixel_mip_chain_pitch);
	FIELD("pixel_mip_chain_height", s.pixel_mip_chain_height);
	FIELD("out_bpp", s.out_bpp);
}

static bool surface_of(unsigned id, struct gk_swz_surface *s)
{
	if (id >= MAXID || !known[id].ok)
		return false;
	return gk_swz_gfx9_surface(s, &known[id].p, NULL) == 0;
}

static void one_mip(const struct tsv *t, struct tally *ty, struct gk_swz_surface *s, unsigned *cur)
{
	unsigned id = (unsigned)num(t, "surface_id"), mip = (unsigned)num(t, "mip");
	if (id >= MAXID || !known[id].ok)
		return; /* not a GFX9 surface */
	ty->rows++;
	if (*cur != id) {
		*cur = id;
		if (!surface_of(id, s)) {
			*cur = (unsigned)-1;
			bad_row(ty, t, "id %u: surface not recomputed", id);
			return;
		}
	}
	if (mip >= GK_SWZ_MAX_MIPS || mip >= s->p.mips) {
		bad_row(ty, t, "id %u: mip %u beyond the surface's %u", id, mip, s->p.mips);
		return;
	}
	const struct gk_swz_mip *m = &s->mip[mip];
	FIELD("pitch", m->pitch);
	FIELD("height", m->height);
	FIELD("depth", m->depth);
	FIELD("pixel_pitch", m->pixel_pitch);
	FIELD("pixel_height", m->pixel_height);
	FIELD("equation_index", s->equation_index);
	FIELD("offset", m->offset);
	FIELD("macro_block_offset", m->macro_block_offset);
	FIELD("mip_tail_offset", m->mip_tail_offset);
	FIELD("mip_tail_coord_x", m->mip_tail_coord_x);
	FIELD("mip_tail_coord_y", m->mip_tail_coord_y);
	FIELD("mip_tail_coord_z", m->mip_tail_coord_z);
}

static void one_addr(const struct tsv *t, struct tally *ty, struct gk_swz_surface *s, unsigned *cur)
{
	unsigned id = (unsigned)num(t, "surface_id");
	if (id >= MAXID || !known[id].ok)
		return;
	ty->rows++;
	if (*cur != id) {
		*cur = id;
		if (!surface_of(id, s)) {
			*cur = (unsigned)-1;
			bad_row(ty, t, "id %u: surface not recomputed", id);
			return;
		}
	}
	struct gk_swz_coord c = { (uint32_t)num(t, "x"), (uint32_t)num(t, "y"), (uint32_t)num(t, "slice"),
				  (uint32_t)num(t, "sample"), (uint32_t)num(t, "mip") };
	uint64_t a = 0;
	if (gk_swz_gfx9_addr(s, &c, &a)) {
		bad_row(ty, t, "id %u (%u,%u,%u,%u,%u): refused", id, c.x, c.y, c.slice, c.sample, c.mip);
		return;
	}
	if (a != num(t, "addr"))
		bad_row(ty, t, "id %u (%u,%u,%u,%u,%u): want %s, got %llu", id, c.x, c.y, c.slice, c.sample, c.mip,
			get(t, "addr"), (unsigned long long)a);
}

static void one_refused(const struct tsv *t, struct tally *ty)
{
	struct gk_swz_params p;
	struct gk_swz_surface s;
	struct gk_diag err;
	if (!params_of(t, &p)) {
		bad_row(ty, t, "unknown chip or columns");
		return;
	}
	ty->rows++;
	memset(&err, 0, sizeof err);
	if (gk_swz_gfx9_surface(&s, &p, &err) == 0) {
		bad_row(ty, t, "%s %s %s %ubpp %ux%ux%u mips %u samples %u accepted", get(t, "chip"),
			get(t, "swizzle_mode"), get(t, "rsrc_type"), p.bpp, p.width, p.height, p.depth_or_slices, p.mips,
			p.samples);
		return;
	}
	if (!err.message[0] || err.severity != GK_ERROR || !err.field)
		bad_row(ty, t, "refused without a reason");
}

/* "b0=x0 b1=y0^x8" from an equation, slot by slot as addrlib lists them */
static void eq_text(const struct gk_swz_equation *eq, char *buf, size_t cap)
{
	static const char ax[] = { '?', 'x', 'y', 'z', 's' };
	size_t n = 0;
	buf[0] = 0;
	for (unsigned i = 0; i < eq->num_bits && i < GK_SWZ_MAX_EQ_BITS; i++) {
		n += (size_t)snprintf(buf + n, n < cap ? cap - n : 0, "%sb%u=", i ? " " : "", i);
		unsigned k = 0;
		for (unsigned j = 0; j < GK_SWZ_MAX_EQ_TERMS; j++) {
			const struct gk_swz_term *tm = &eq->term[i][j];
			if (tm->axis == GK_SWZ_AX_NONE || tm->axis > GK_SWZ_AX_S)
				continue;
			n += (size_t)snprintf(buf + n, n < cap ? cap - n : 0, "%s%c%u", k++ ? "^" : "", ax[tm->axis],
					      tm->bit);
		}
		if (!k)
			n += (size_t)snprintf(buf + n, n < cap ? cap - n : 0, "0");
	}
}

static unsigned components(const struct gk_swz_equation *eq)
{
	unsigned c = 0;
	for (unsigned i = 0; i < eq->num_bits && i < GK_SWZ_MAX_EQ_BITS; i++)
		for (unsigned j = 0; j < GK_SWZ_MAX_EQ_TERMS; j++)
			if (eq->term[i][j].axis != GK_SWZ_AX_NONE && j + 1 > c)
				c = j + 1;
	return c;
}

static void one_equation(const struct tsv *t, struct tally *ty)
{
	struct gk_swz_params p;
	struct gk_swz_surface s;
	struct gk_diag err;
	const char *rt = get(t, "rsrc_type"), *st = get(t, "status"), *us = get(t, "usage");
	memset(&p, 0, sizeof p);
	p.chip = chip_of(get(t, "chip"));
	if (!p.chip || !rt || !st || !us) {
		bad_row(ty, t, "unknown chip or columns");
		return;
	}
	ty->rows++;
	/* the canonical surface of equations.tsv */
	p.mode = (unsigned)num(t, "swizzle_mode_id");
	p.dims = !strcmp(rt, "3D") ? 3 : 2;
	p.bpp = (unsigned)num(t, "bpp");
	p.width = p.height = 256;
	p.depth_or_slices = p.dims == 3 ? 16 : 1;
	p.mips = 1;
	p.samples = (unsigned)num(t, "samples");
	p.depth_usage = !strcmp(us, "depth");
	int rc = gk_swz_gfx9_surface(&s, &p, &err);
	const char *id = get(t, "equation_index");
	if (!strncmp(st, "refused", 7)) {
		if (rc == 0)
			bad_row(ty, t, "%s %s %s %ubpp x%u: accepted, addrlib refuses", get(t, "chip"), rt,
				get(t, "swizzle_mode"), p.bpp, p.samples);
		return;
	}
	if (rc) {
		bad_row(ty, t, "%s %s %s %ubpp x%u: refused: %s", get(t, "chip"), rt, get(t, "swizzle_mode"), p.bpp,
			p.samples, err.message);
		return;
	}
	if (!strcmp(st, "no_equation")) {
		if (s.equation_index != -1 || s.eq.num_bits)
			bad_row(ty, t, "%s: equation %d where addrlib has none", get(t, "swizzle_mode"), s.equation_index);
		return;
	}
	char text[1024];
	eq_text(&s.eq, text, sizeof text);
	const char *want = get(t, "equation");
	if (!id || s.equation_index != atoi(id) || !want || strcmp(text, want) ||
	    s.eq.num_bits != num(t, "num_bits") || components(&s.eq) != num(t, "num_bit_components") ||
	    s.eq.stacked_depth_slices != num(t, "stacked_depth_slices"))
		bad_row(ty, t, "%s %s %s %ubpp: want #%s %s, got #%d %s", get(t, "chip"), rt, get(t, "swizzle_mode"),
			p.bpp, id ? id : "?", want ? want : "?", s.equation_index, text);
}

static bool is_gfx9(const struct tsv *t)
{
	const char *g = get(t, "generation");
	return g && !strcmp(g, "GFX9");
}

/* ---- the two sources ------------------------------------------------------ */

struct counts {
	unsigned surfaces, mips, equations, addresses, refused;
};

static void run_file(const char *path, const char *table, struct tally *ty)
{
	struct tsv t;
	struct gk_swz_surface s;
	unsigned cur = (unsigned)-1;
	if (!tsv_open(&t, path))
		return;
	while (tsv_next(&t)) {
		const char *sec = t.section[0] ? t.section : table;
		if (strcmp(sec, table))
			continue;
		if (!strcmp(table, "chips")) {
			if (is_gfx9(&t) && get(&t, "chip"))
				add_chip(get(&t, "chip"), (uint32_t)num(&t, "gb_addr_config"));
		} else if (!strcmp(table, "surfaces")) {
			if (is_gfx9(&t))
				one_surface(&t, ty);
		} else if (!strcmp(table, "mips")) {
			one_mip(&t, ty, &s, &cur);
		} else if (!strcmp(table, "addresses")) {
			one_addr(&t, ty, &s, &cur);
		} else if (!strcmp(table, "equations")) {
			if (is_gfx9(&t))
				one_equation(&t, ty);
		} else if (!strcmp(table, "refused")) {
			if (is_gfx9(&t))
				one_refused(&t, ty);
		}
	}
}

static void run_all(const char *what, const char *const paths[6], const struct counts *want)
{
	static const char *const tables[] = { "chips", "surfaces", "mips", "equations", "addresses", "refused" };
	const unsigned mins[] = { 0, want->surfaces, want->mips, want->equations, want->addresses, want->refused };
	memset(known, 0, MAXID * sizeof *known);
	nchips = 0;
	for (unsigned i = 0; i < 6; i++) {
		char label[96];
		snprintf(label, sizeof label, "%s %s", what, tables[i]);
		struct tally ty = { label, 0, 0, 0 };
		run_file(paths[i], tables[i], &ty);
		if (i == 0) {
			printf("# %s: %u GFX9 chips\n", label, nchips);
			CHECK(nchips >= 2, "%s: %u GFX9 chips", label, nchips);
		} else {
			report(&ty, mins[i]);
		}
	}
}

/* A GFX9 chip record by name (designated: the record may grow fields) */
#define CHIP9(n, fam, rev, gb) { .name = n, .gen = GK_SWZ_GFX9, .family = fam, .revision = rev, .gb_addr_config = gb }

/* A parameter record by position, through one function, so the record may
 * grow fields without the tables below changing. */
static struct gk_swz_params mk(const struct gk_swz_chip *chip, unsigned mode, unsigned dims, unsigned bpp,
			       uint32_t w, uint32_t h, uint32_t d, unsigned mips, unsigned samples, unsigned usage,
			       uint32_t pbx)
{
	struct gk_swz_params p;
	memset(&p, 0, sizeof p);
	p.chip = chip;
	p.mode = mode;
	p.dims = dims;
	p.bpp = bpp;
	p.width = w;
	p.height = h;
	p.depth_or_slices = d;
	p.mips = mips;
	p.samples = samples;
	p.depth_usage = usage;
	p.pipe_bank_xor = pbx;
	return p;
}

/* ---- hostile and edge inputs ---------------------------------------------- */

static void hostile(void)
{
	static const struct gk_swz_chip vega = CHIP9("vega10", 141, 1, 0x2a114042);
	static const struct gk_swz_chip navi = { .name = "navi10", .gen = GK_SWZ_GFX10, .family = 143, .revision = 3,
						 .gb_addr_config = 0x00100044 };
	static const struct gk_swz_chip broken = CHIP9("broken", 141, 1, 0x2a114047);
	struct gk_swz_params p = mk(&vega, 25, 2, 32, 64, 64, 1, 1, 1, 0, 0);
	struct gk_swz_surface s;
	struct gk_diag err;
	uint64_t a = 0;
	struct gk_swz_coord c = { 0, 0, 0, 0, 0 };

	CHECK(gk_swz_gfx9_surface(NULL, &p, &err) == -1 && err.message[0], "NULL surface");
	CHECK(gk_swz_gfx9_surface(&s, NULL, NULL) == -1, "NULL params, NULL err");
	CHECK(gk_swz_gfx9_addr(NULL, &c, &a) == -1, "addr: NULL surface");
	CHECK(gk_swz_gfx9_surface(&s, &p, &err) == 0, "64x64 64KB_S_X: %s", err.message);
	CHECK(gk_swz_gfx9_addr(&s, NULL, &a) == -1 && gk_swz_gfx9_addr(&s, &c, NULL) == -1, "addr: NULL coord/out");
	CHECK(gk_swz_gfx9_addr(&s, &c, &a) == 0, "addr (0,0)");
	struct gk_swz_coord out[] = { { 64, 0, 0, 0, 0 }, { 0, 64, 0, 0, 0 }, { 0, 0, 1, 0, 0 },
				      { 0, 0, 0, 1, 0 }, { 0, 0, 0, 0, 1 }, { UINT32_MAX, UINT32_MAX, UINT32_MAX, 0, 0 } };
	for (unsigned i = 0; i < sizeof out / sizeof out[0]; i++)
		CHECK(gk_swz_gfx9_addr(&s, &out[i], &a) == -1, "coordinate %u outside 64x64x1 accepted", i);
	/* every address of a small surface inside it, none twice */
	static uint8_t seen[65536];
	memset(seen, 0, sizeof seen);
	unsigned dup = 0, outside = 0;
	for (uint32_t y = 0; y < 64; y++)
		for (uint32_t x = 0; x < 64; x++) {
			struct gk_swz_coord cc = { x, y, 0, 0, 0 };
			if (gk_swz_gfx9_addr(&s, &cc, &a) || a + 4 > s.surf_size || a % 4) {
				outside++;
				continue;
			}
			dup += seen[a / 4]++ != 0;
		}
	CHECK(dup == 0 && outside == 0, "64x64: %u addresses shared, %u outside", dup, outside);

	struct {
		const char *what;
		struct gk_swz_params p;
		const char *field;
	} bad[] = {
		{ "no chip", mk(NULL, 25, 2, 32, 64, 64, 1, 1, 1, 0, 0), "chip" },
		{ "GFX10 chip", mk(&navi, 25, 2, 32, 64, 64, 1, 1, 1, 0, 0), "chip" },
		{ "NUM_PIPES 7", mk(&broken, 25, 2, 32, 64, 64, 1, 1, 1, 0, 0), "gb_addr_config" },
		{ "VAR mode 12", mk(&vega, 12, 2, 32, 64, 64, 1, 1, 1, 0, 0), "swizzle" },
		{ "mode 99", mk(&vega, 99, 2, 32, 64, 64, 1, 1, 1, 0, 0), "swizzle" },
		{ "bpp 24", mk(&vega, 25, 2, 24, 64, 64, 1, 1, 1, 0, 0), "bpp" },
		{ "bpp 0", mk(&vega, 25, 2, 0, 64, 64, 1, 1, 1, 0, 0), "bpp" },
		{ "1D", mk(&vega, 25, 1, 32, 64, 64, 1, 1, 1, 0, 0), "dims" },
		{ "width 0", mk(&vega, 25, 2, 32, 0, 64, 1, 1, 1, 0, 0), "width" },
		{ "height huge", mk(&vega, 25, 2, 32, 64, UINT32_MAX, 1, 1, 1, 0, 0), "height" },
		{ "slices 0", mk(&vega, 25, 2, 32, 64, 64, 0, 1, 1, 0, 0), "slices" },
		{ "mips 0", mk(&vega, 25, 2, 32, 64, 64, 1, 0, 1, 0, 0), "mips" },
		{ "mips 8 on 64x64", mk(&vega, 25, 2, 32, 64, 64, 1, 8, 1, 0, 0), "mips" },
		{ "3 samples", mk(&vega, 25, 2, 32, 64, 64, 1, 1, 3, 0, 0), "samples" },
		{ "16 samples", mk(&vega, 25, 2, 32, 64, 64, 1, 1, 16, 0, 0), "samples" },
		{ "xor on 64KB_S", mk(&vega, 9, 2, 32, 64, 64, 1, 1, 1, 0, 1), "pipe_xor" },
		{ "xor too wide", mk(&vega, 25, 2, 32, 64, 64, 1, 1, 1, 0, 0x100), "pipe_xor" },
	};
	for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		memset(&err, 0, sizeof err);
		int rc = gk_swz_gfx9_surface(&s, &bad[i].p, &err);
		CHECK(rc == -1 && err.severity == GK_ERROR && err.message[0] && err.field &&
			      !strcmp(err.field, bad[i].field),
		      "%s: rc %d field %s message '%s'", bad[i].what, rc, err.field ? err.field : "(none)", err.message);
	}
	/* a refused surface reads as all zero, and its record gives no address */
	CHECK(s.pitch == 0 && s.surf_size == 0 && s.p.chip == NULL && gk_swz_gfx9_addr(&s, &c, &a) == -1,
	      "refused surface not zeroed");
	/* a per-surface xor moves the block's pipe and bank bits only */
	CHECK(gk_swz_gfx9_surface(&s, &p, &err) == 0, "64x64 64KB_S_X again: %s", err.message);
	struct gk_swz_params px = p;
	px.pipe_bank_xor = 0x5;
	struct gk_swz_surface sx;
	CHECK(gk_swz_gfx9_surface(&sx, &px, &err) == 0, "pipe xor 5: %s", err.message);
	uint64_t a0 = 0, a1 = 0;
	CHECK(gk_swz_gfx9_addr(&s, &c, &a0) == 0 && gk_swz_gfx9_addr(&sx, &c, &a1) == 0 && (a0 ^ a1) == 0x500,
	      "pipe xor 5 moves (0,0) by 0x500: 0x%llx -> 0x%llx", (unsigned long long)a0, (unsigned long long)a1);
	/* a record not filled by gk_swz_gfx9_surface is refused, not read */
	struct gk_swz_surface z;
	memset(&z, 0, sizeof z);
	CHECK(gk_swz_gfx9_addr(&z, &c, &a) == -1, "zeroed record");
	z = s;
	z.block_width = 0;
	CHECK(gk_swz_gfx9_addr(&z, &c, &a) == -1, "record with no block width");
}

/* Every element of one surface: each address inside it, element-aligned,
 * owned by no other element.  How many elements were walked; *outside and
 * *shared count the faults (the first few are printed). */
static uint8_t used[1u << 22];
static uint64_t walk_elements(const struct gk_swz_surface *s, unsigned *outside, unsigned *shared)
{
	const struct gk_swz_params *p = &s->p;
	unsigned bytes = p->bpp / 8;
	uint64_t n = s->surf_size / bytes, walked = 0;
	if (n > sizeof used * 8) {
		CHECK(0, "surface of %llu elements too big for the check", (unsigned long long)n);
		return 0;
	}
	memset(used, 0, (size_t)((n + 7) / 8));
	for (unsigned mip = 0; mip < p->mips; mip++) {
		uint32_t w = p->width >> mip ? p->width >> mip : 1, h = p->height >> mip ? p->height >> mip : 1;
		uint32_t d = p->depth_or_slices;
		if (p->dims == 3)
			d = d >> mip ? d >> mip : 1;
		for (uint32_t z = 0; z < d; z++)
			for (uint32_t y = 0; y < h; y++)
				for (uint32_t x = 0; x < w; x++)
					for (uint32_t q = 0; q < p->samples; q++) {
						struct gk_swz_coord c = { x, y, z, q, mip };
						uint64_t a;
						walked++;
						if (gk_swz_gfx9_addr(s, &c, &a) || a % bytes || a + bytes > s->surf_size) {
							if ((*outside)++ < 5)
								printf("  %s mode %u %uD %ubpp x%u (%u,%u,%u,%u) mip %u: outside\n",
								       p->chip->name, p->mode, p->dims, p->bpp, p->samples, x, y,
								       z, q, mip);
							continue;
						}
						uint64_t e = a / bytes;
						if ((used[e / 8] & (1u << (e % 8))) && (*shared)++ < 5)
							printf("  %s mode %u %uD %ubpp x%u %ux%ux%u: (%u,%u,%u,%u) mip %u shares "
							       "0x%llx\n",
							       p->chip->name, p->mode, p->dims, p->bpp, p->samples, p->width,
							       p->height, p->depth_or_slices, x, y, z, q, mip, (unsigned long long)a);
						used[e / 8] |= (uint8_t)(1u << (e % 8));
					}
	}
	return walked;
}

/* Small surfaces of every accepted (mode, 2D/3D, bpp, samples, usage) on
 * three configurations, single level and with their full mip chain: the
 * property the reference README's generator checked exhaustively on addrlib
 * itself, here over the mip tails and slices the sampled reference
 * addresses do not reach. */
static void exhaustive(void)
{
	static const struct gk_swz_chip c9[] = { CHIP9("vega10", 141, 1, 0x2a114042),
						  CHIP9("raven", 142, 1, 0x24000042),
						  CHIP9("raven2", 142, 130, 0x26013041) };
	static const uint32_t shapes[][3] = { { 1, 1, 1 }, { 33, 17, 1 }, { 9, 70, 3 }, { 40, 6, 9 }, { 2, 128, 2 } };
	unsigned surfaces = 0, outside = 0, shared = 0;
	uint64_t elements = 0;
	for (unsigned i = 0; i < 3 * 32 * 2 * 5 * 4 * 2 * 5 * 2; i++) {
		unsigned v = i;
		unsigned mipped = v % 2, sh = (v /= 2) % 5, usage = (v /= 5) % 2, smp = 1u << (v /= 2) % 4;
		unsigned bpp = 8u << (v /= 4) % 5, dims = 2 + (v /= 5) % 2, mode = (v /= 2) % 32, ci = v / 32;
		struct gk_swz_params p = mk(&c9[ci], mode, dims, bpp, shapes[sh][0], shapes[sh][1], shapes[sh][2], 1, smp,
					   usage, 0);
		if (mipped) {
			uint32_t big = p.width > p.height ? p.width : p.height;
			if (dims == 3 && p.depth_or_slices > big)
				big = p.depth_or_slices;
			while ((big >> p.mips) != 0)
				p.mips++;
			if (p.mips == 1)
				continue;
		}
		struct gk_swz_surface s;
		if (gk_swz_gfx9_surface(&s, &p, NULL))
			continue;
		surfaces++;
		elements += walk_elements(&s, &outside, &shared);
	}
	printf("# exhaustive: %u surfaces, %llu elements, %u outside, %u shared\n", surfaces,
	       (unsigned long long)elements, outside, shared);
	CHECK(surfaces > 2000 && outside == 0 && shared == 0, "exhaustive: %u surfaces, %u outside, %u shared", surfaces,
	      outside, shared);
}

/* Random parameters, garbage included: every surface is either refused with
 * a reason or accepted, and then random coordinates inside it land inside
 * it and coordinates past it are refused (the sanitized build watches for
 * overflow and out-of-bounds reads). */
static void random_params(void)
{
	static const struct gk_swz_chip rc[] = { CHIP9("vega10", 141, 1, 0x2a114042),
						  CHIP9("raven", 142, 1, 0x24000042),
						  CHIP9("32pipe-512B", 141, 1, 0x0018300d),
						  CHIP9("bad-interleave", 141, 1, 0x0a0fb8b5) };
	uint64_t seed = 0x9e3779b97f4a7c15ull;
	unsigned accepted = 0, refused = 0, unexplained = 0, bad = 0;
	for (unsigned i = 0; i < 20000; i++) {
		uint64_t r = tl_rand(&seed), q = tl_rand(&seed);
		struct gk_swz_params p;
		memset(&p, 0, sizeof p);
		p.chip = &rc[r % 16 ? r % 3 : 3];
		p.mode = (unsigned)(r >> 2) % 34;
		p.dims = 1 + (unsigned)(r >> 8) % 3;
		p.bpp = (r >> 10) % 8 ? 8u << (r >> 13) % 5 : (unsigned)(q >> 40);
		p.width = (r >> 16) % 16 ? 1 + (uint32_t)(q % 3000) : (uint32_t)(q >> 8);
		p.height = (r >> 20) % 16 ? 1 + (uint32_t)((q >> 12) % 3000) : (uint32_t)(q >> 20);
		p.depth_or_slices = (r >> 24) % 4 ? 1 + (uint32_t)((q >> 24) % 40) : (uint32_t)(q >> 32);
		p.mips = (r >> 28) % 4 ? 1 : (unsigned)(r >> 30) % 14;
		p.samples = (r >> 32) % 4 ? 1 : (r >> 34) % 8 ? 1u << (r >> 37) % 4 : (unsigned)(r >> 40) % 20;
		p.depth_usage = (unsigned)(r >> 38) & 1;
		p.pipe_bank_xor = (r >> 39) % 8 ? 0 : (uint32_t)(q >> 50);
		struct gk_swz_surface s;
		struct gk_diag err;
		memset(&err, 0, sizeof err);
		if (gk_swz_gfx9_surface(&s, &p, &err)) {
			refused++;
			unexplained += !err.message[0] || !err.field;
			continue;
		}
		accepted++;
		for (unsigned j = 0; j < 8; j++) {
			uint64_t t = tl_rand(&seed);
			struct gk_swz_coord c;
			c.mip = (uint32_t)(t % p.mips);
			uint32_t w = p.width >> c.mip ? p.width >> c.mip : 1, h = p.height >> c.mip ? p.height >> c.mip : 1;
			uint32_t d = p.dims == 3 ? (p.depth_or_slices >> c.mip ? p.depth_or_slices >> c.mip : 1)
						 : p.depth_or_slices;
			c.x = (uint32_t)((t >> 8) % w);
			c.y = (uint32_t)((t >> 24) % h);
			c.slice = (uint32_t)((t >> 40) % d);
			c.sample = (uint32_t)((t >> 56) % p.samples);
			uint64_t a;
			if (gk_swz_gfx9_addr(&s, &c, &a) || a + p.bpp / 8 > s.surf_size)
				bad++;
			struct gk_swz_coord past = c;
			if (j & 1)
				past.x = w;
			else
				past.y = h;
			if (gk_swz_gfx9_addr(&s, &past, &a) == 0)
				bad++;
		}
	}
	printf("# random parameters: %u accepted, %u refused\n", accepted, refused);
	CHECK(accepted > 1000 && refused > 1000 && unexplained == 0 && bad == 0,
	      "random parameters: %u accepted, %u refused (%u without a reason), %u bad addresses", accepted, refused,
	      unexplained, bad);
}

int main(void)
{
	static const char *const dir = "../shared/reference/tiling-gfx9";
	const char *vec = "tests/vectors/swz_gfx9_vectors.tsv";
	known = calloc(MAXID, sizeof *known);
	if (!known) {
		printf("FAIL out of memory\n");
		return 1;
	}
	const char *const vpaths[6] = { vec, vec, vec, vec, vec, vec };
	const struct counts vwant = { 382, 778, 341, 838, 92 };
	run_all("committed vectors", vpaths, &vwant);

	char p[6][512];
	static const char *const files[] = { "chips.tsv",     "surfaces.tsv",	   "mips.tsv",
					     "equations.tsv", "addresses.tsv", "refused.tsv" };
	bool all = true;
	for (unsigned i = 0; i < 6; i++) {
		snprintf(p[i], sizeof p[i], "%s/%s", dir, files[i]);
		FILE *f = fopen(p[i], "r");
		if (!f)
			all = false;
		else
			fclose(f);
	}
	if (all) {
		const char *const spaths[6] = { p[0], p[1], p[2], p[3], p[4], p[5] };
		/* the GFX9 share of the 75 % in ../shared (README "Counts") */
		const struct counts swant = { 4000, 9000, 4000, 150000, 1000 };
		run_all(dir, spaths, &swant);
	} else {
		TL_SKIP("%s not complete: addrlib's GFX9 surfaces, mips, equations, addresses and refusals not compared "
			"(a fresh clone has no ../shared)",
			dir);
	}
	hostile();
	exhaustive();
	random_params();
	free(known);
	return tl_done();
}
