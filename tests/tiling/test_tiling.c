/* GFX6-8 tiling against addrlib: every surface case and the committed address
 * rows of tests/vectors/tiling_*.tsv, and when ../shared exists all 111 cases
 * and 22,829 rows of ../shared/reference/tiling; the chips' register tables;
 * pack/unpack identity and placement on random images of every mode; a sweep
 * of every pipe config, mode, micro mode and bpp with narrow and ragged widths
 * that checks every element of a pack against gk_tile_addr; bands;
 * byte ranges; invalid parameters; modifier fields; the PNG writer. */
#include <stdbool.h>
#include <stdint.h>

#include "testlib.h"

#include "gfxkit/stream.h"
#include "gfxkit/tiling.h"
#include "tiling/tiling_tab.h"
#include "png_oracle.h"

/* ---- a header-driven TSV reader ------------------------------------------ */

#define MAXCOL 48
struct tsv {
	FILE *f;
	char line[4096];
	char *hdr[MAXCOL];
	char hdrbuf[4096];
	unsigned nhdr;
	char *col[MAXCOL];
	unsigned ncol;
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

static bool tsv_open(struct tsv *t, const char *path)
{
	memset(t, 0, sizeof *t);
	t->f = fopen(path, "r");
	if (!t->f)
		return false;
	while (fgets(t->hdrbuf, sizeof t->hdrbuf, t->f))
		if (t->hdrbuf[0] != '#') {
			t->nhdr = split(t->hdrbuf, t->hdr);
			return true;
		}
	fclose(t->f);
	return false;
}

static bool tsv_next(struct tsv *t)
{
	while (fgets(t->line, sizeof t->line, t->f)) {
		if (t->line[0] == '#' || t->line[0] == '\n')
			continue;
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

/* Open the TSV name of the shared reference folder, or say (SKIPPED) that
 * the check (what) that needs it is not run. */
static bool open_shared(struct tsv *t, const char *shared, const char *name, const char *what)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", shared, name);
	if (tsv_open(t, path))
		return true;
	TL_SKIP("%s not found: %s check not run (a fresh clone has no ../shared)", path, what);
	return false;
}

/* ---- the surface cases ---------------------------------------------------- */

#define MAXCASE 128
struct tcase {
	bool present;
	char name[16];
	struct gk_tile_surface s;
};
static struct tcase cases[MAXCASE];

static unsigned row_size_of(const char *chip)
{
	static const char *const si_ci[] = { "tahiti", "verde", "bonaire", "hawaii" };
	for (unsigned i = 0; i < 4; i++)
		if (!strcmp(chip, si_ci[i]))
			return 2048;
	return 4096;
}

static unsigned mode_of(const char *s)
{
	return !strcmp(s, "LINEAR_ALIGNED") ? GK_TILE_LINEAR : !strcmp(s, "1D_TILED_THIN1") ? GK_TILE_1D
	       : !strcmp(s, "2D_TILED_THIN1")				    ? GK_TILE_2D
									    : 0;
}

/* "split=2048,bw=1,bh=1,mta=1,banks=16" */
static void requested_tileinfo(const char *s, struct gk_tile_params *p)
{
	static const char *const keys[] = { "split=", "bw=", "bh=", "mta=", "banks=" };
	unsigned *dst[] = { &p->tile_split, &p->bank_width, &p->bank_height, &p->macro_aspect, &p->num_banks };
	for (unsigned i = 0; i < 5; i++) {
		const char *k = strstr(s, keys[i]);
		CHECK(k != NULL, "requested_tileinfo '%s' has no %s", s, keys[i]);
		if (k)
			*dst[i] = (unsigned)strtoul(k + strlen(keys[i]), NULL, 10);
	}
}

/* one(t, its "case" column, ctx) on every row of the TSV at path; how many
 * rows one counted (returned true for) */
static unsigned each_case_row(const char *path, bool (*one)(const struct tsv *t, unsigned c, void *ctx), void *ctx)
{
	struct tsv t;
	unsigned n = 0;
	if (!tsv_open(&t, path))
		return 0;
	while (tsv_next(&t))
		n += one(&t, (unsigned)num(&t, "case"), ctx);
	return n;
}

/* A surface row: set up case c as addrlib did and compare every figure;
 * counts an index into the chip's table in *n_index. */
static bool surface_row(const struct tsv *t, unsigned c, void *n_index)
{
	const char *chip = get(t, "chip");
	CHECK(c < MAXCASE && chip, "surfaces: bad row (case %u)", c);
	if (c >= MAXCASE || !chip)
		return false;
	struct gk_tile_params p;
	gk_tile_params_init(&p);
	p.mode = mode_of(get(t, "tile_mode"));
	const char *rm = get(t, "requested_micro_tile_mode");
	p.micro = rm && !strcmp(rm, "display") ? GK_MICRO_DISPLAY : GK_MICRO_THIN;
	p.bpp = (unsigned)num(t, "bpp");
	p.width = (uint32_t)num(t, "width");
	p.height = (uint32_t)num(t, "height");
	p.slices = (uint32_t)num(t, "slices");
	p.row_size = row_size_of(chip);
	if (p.mode == GK_TILE_2D) {
		p.pipe_config = gk_tile_pipe_config_parse(get(t, "pipe_config"));
		const char *rq = get(t, "requested_tileinfo");
		if (rq && strcmp(rq, "-")) {
			requested_tileinfo(rq, &p);
		} else {
			p.tile_split = (unsigned)num(t, "tile_split_bytes");
			p.bank_width = (unsigned)num(t, "bank_width");
			p.bank_height = (unsigned)num(t, "bank_height");
			p.macro_aspect = (unsigned)num(t, "macro_aspect");
			p.num_banks = (unsigned)num(t, "num_banks");
		}
		p.pipe_swizzle = (uint32_t)num(t, "pipe_swizzle");
		p.bank_swizzle = (uint32_t)num(t, "bank_swizzle");
	}
	struct tcase *tc = &cases[c];
	int r = gk_tile_surface_init(&tc->s, &p);
	CHECK(r == 0, "case %u: init failed: %s", c, tc->s.ndiags ? tc->s.diags[0].message : "");
	if (r)
		return false;
	tc->present = true;
	snprintf(tc->name, sizeof tc->name, "%u", c);
	const struct gk_tile_surface *s = &tc->s;
	struct {
		const char *col;
		uint64_t got;
	} want[] = {
		{ "pitch", s->pitch },
		{ "padded_height", s->padded_height },
		{ "padded_slices", s->padded_slices },
		{ "surface_bytes", s->surface_bytes },
		{ "slice_bytes", s->slice_bytes },
		{ "base_align", s->base_align },
		{ "pitch_align", s->pitch_align },
		{ "height_align", s->height_align },
		{ "macro_tile_width", s->macro_tile_width },
		{ "macro_tile_height", s->macro_tile_height },
		{ "amdgpu_tiling_flags", gk_tile_amdgpu_flags(s) },
		{ "tile_split_bytes", s->p.tile_split },
		{ "bank_width", s->p.bank_width },
		{ "bank_height", s->p.bank_height },
		{ "macro_aspect", s->p.macro_aspect },
		{ "num_banks", s->p.num_banks },
	};
	for (unsigned i = 0; i < sizeof want / sizeof want[0]; i++)
		CHECK(num(t, want[i].col) == want[i].got, "case %u %s: got %llu, addrlib %llu", c, want[i].col,
		      (unsigned long long)want[i].got, (unsigned long long)num(t, want[i].col));
	const char *mm = get(t, "micro_tile_mode");
	if (p.mode != GK_TILE_LINEAR)
		CHECK(mm && (unsigned)(strcmp(mm, "display") ? GK_MICRO_THIN : GK_MICRO_DISPLAY) == s->p.micro,
		      "case %u: micro tile mode %u, addrlib %s", c, s->p.micro, mm ? mm : "?");
	/* adjustments are reported: 128 bpp display, raised bank height / aspect */
	bool adjusted = (rm && mm && strcmp(rm, mm)) || (get(t, "requested_tileinfo") &&
							strcmp(get(t, "requested_tileinfo"), "-"));
	unsigned warns = 0;
	for (unsigned i = 0; i < s->ndiags; i++)
		warns += s->diags[i].severity == GK_WARNING && strcmp(s->diags[i].field, "pipe_config");
	CHECK(adjusted == (warns > 0), "case %u: adjusted %d but %u adjustment warnings", c, adjusted, warns);
	/* the chip table entry that gives the same parameters */
	const char *ti = get(t, "tile_index");
	if (ti && strtol(ti, NULL, 10) >= 0) {
		struct gk_tile_params q;
		struct gk_diag err;
		gk_tile_params_init(&q);
		q.bpp = p.bpp;
		r = gk_tile_params_from_chip(&q, chip, (unsigned)strtoul(ti, NULL, 10), &err);
		CHECK(r == 0, "case %u: %s tile index %s: %s", c, chip, ti, r ? err.message : "");
		CHECK(r || (q.mode == p.mode && q.micro == p.micro && q.pipe_config == p.pipe_config &&
			    q.tile_split == p.tile_split && q.bank_width == p.bank_width &&
			    q.bank_height == p.bank_height && q.macro_aspect == p.macro_aspect &&
			    q.num_banks == p.num_banks && q.row_size == p.row_size),
		      "case %u: %s GB_TILE_MODE%s gives other parameters", c, chip, ti);
		++*(unsigned *)n_index;
	}
	return true;
}

static unsigned check_surfaces(const char *path, unsigned *n_index)
{
	*n_index = 0;
	return each_case_row(path, surface_row, n_index);
}

/* An address row: gk_tile_addr of its element in case c is addrlib's;
 * counts a difference in *bad (the first ten fail on their own). */
static bool address_row(const struct tsv *t, unsigned c, void *bad)
{
	if (c >= MAXCASE || !cases[c].present) {
		CHECK(0, "addresses: row for unknown case %u", c);
		return false;
	}
	uint32_t x = (uint32_t)num(t, "x"), y = (uint32_t)num(t, "y"), z = (uint32_t)num(t, "slice");
	uint64_t want = num(t, "byte_addr"), got = ~0ull;
	int r = gk_tile_addr(&cases[c].s, x, y, z, &got);
	const char *bit = get(t, "bit");
	if (r || got != want || (bit && strcmp(bit, "0"))) {
		if (++*(unsigned *)bad <= 10)
			CHECK(0, "case %u (%u, %u, %u): got %llu, addrlib %llu", c, x, y, z, (unsigned long long)got,
			      (unsigned long long)want);
	}
	return true;
}

static unsigned check_addresses(const char *path, unsigned *bad)
{
	*bad = 0;
	unsigned n = each_case_row(path, address_row, bad);
	CHECK(*bad == 0, "%s: %u address rows differ", path, *bad);
	return n;
}

/* ---- the mapping: one-to-one inside the surface, except the aliasing configs */

static void mapping_shapes(void)
{
	unsigned injective = 0, aliasing = 0;
	for (unsigned c = 0; c < MAXCASE; c++) {
		const struct gk_tile_surface *s = &cases[c].s;
		if (!cases[c].present || s->surface_bytes > (8u << 20))
			continue;
		uint64_t nel = s->surface_bytes / s->elem_bytes;
		uint8_t *seen = calloc((size_t)nel, 1);
		if (!seen)
			continue;
		uint64_t dup = 0, outside = 0, misaligned = 0;
		for (uint32_t z = 0; z < s->padded_slices; z++)
			for (uint32_t y = 0; y < s->padded_height; y++)
				for (uint32_t x = 0; x < s->pitch; x++) {
					uint64_t a;
					gk_tile_addr(s, x, y, z, &a);
					if (a >= s->surface_bytes) {
						outside++;
						continue;
					}
					if (a % s->elem_bytes)
						misaligned++;
					dup += seen[a / s->elem_bytes]++ != 0;
				}
		free(seen);
		bool al = s->p.mode == GK_TILE_2D && gk_pipe_configs[s->p.pipe_config].aliases;
		CHECK(!outside && !misaligned, "case %u: %llu addresses outside the surface, %llu misaligned", c,
		      (unsigned long long)outside, (unsigned long long)misaligned);
		if (al) {
			CHECK(dup * 4 >= nel && dup * 2 <= nel, "case %u (%s): %llu of %llu elements alias, want 25-50%%", c,
			      gk_tile_pipe_config_name(s->p.pipe_config), (unsigned long long)dup, (unsigned long long)nel);
			aliasing++;
		} else {
			CHECK(dup == 0, "case %u: %llu elements share an address", c, (unsigned long long)dup);
			injective++;
		}
	}
	printf("# mapping: %u surfaces one-to-one, %u aliasing (P4_32x32, P8_32x64_32x32, P8_16x16_8x16)\n",
	       injective, aliasing);
	CHECK(injective >= 90 && aliasing == 8, "injective %u aliasing %u", injective, aliasing);
}

/* ---- pack / unpack --------------------------------------------------------- */

static void random_params(uint64_t *rng, struct gk_tile_params *p, bool allow_alias)
{
	static const unsigned modes[] = { GK_TILE_LINEAR, GK_TILE_1D, GK_TILE_2D };
	gk_tile_params_init(p);
	p->mode = modes[tl_rand(rng) % 3];
	p->micro = (unsigned)(tl_rand(rng) % 2);
	p->bpp = 8u << (tl_rand(rng) % 5);
	p->width = 1 + (uint32_t)(tl_rand(rng) % 300);
	p->height = 1 + (uint32_t)(tl_rand(rng) % 200);
	p->slices = 1 + (uint32_t)(tl_rand(rng) % 3);
	if (p->mode != GK_TILE_2D)
		return;
	do
		p->pipe_config = (int)(tl_rand(rng) % 18);
	while (!gk_pipe_configs[p->pipe_config].name || (!allow_alias && gk_pipe_configs[p->pipe_config].aliases));
	p->tile_split = 64u << (tl_rand(rng) % 7);
	p->bank_width = 1u << (tl_rand(rng) % 4);
	p->bank_height = 1u << (tl_rand(rng) % 4);
	p->num_banks = 2u << (tl_rand(rng) % 4);
	do
		p->macro_aspect = 1u << (tl_rand(rng) % 4);
	while (p->macro_aspect > p->num_banks);
	p->pipe_swizzle = (uint32_t)(tl_rand(rng) % 16);
	p->bank_swizzle = (uint32_t)(tl_rand(rng) % 16);
}

static void pack_roundtrip(void)
{
	uint64_t rng = 0x7111e5;
	unsigned done[5] = { 0 }, tries = 0;
	while (tries < 400) {
		struct gk_tile_params p;
		random_params(&rng, &p, false);
		struct gk_tile_surface s;
		if (gk_tile_surface_init(&s, &p) || s.surface_bytes > (6u << 20))
			continue;
		tries++;
		done[p.mode]++;
		size_t nlin = gk_tile_linear_bytes(&s);
		uint8_t *lin = malloc(nlin), *back = malloc(nlin), *tiled = malloc((size_t)s.surface_bytes),
			*banded = malloc((size_t)s.surface_bytes), *bandbuf = malloc((size_t)gk_tile_band_bytes(&s));
		if (!lin || !back || !tiled || !banded || !bandbuf) {
			CHECK(0, "out of memory");
			free(lin), free(back), free(tiled), free(banded), free(bandbuf);
			return;
		}
		for (size_t i = 0; i < nlin; i++)
			lin[i] = (uint8_t)tl_rand(&rng);
		memset(tiled, 0xa5, (size_t)s.surface_bytes);
		gk_tile_pack(&s, lin, tiled);
		/* every element where gk_tile_addr says, every padding byte zero */
		unsigned E = s.elem_bytes, wrong = 0;
		uint8_t *mark = calloc((size_t)s.surface_bytes, 1);
		for (uint32_t z = 0; mark && z < s.padded_slices; z++)
			for (uint32_t y = 0; y < s.padded_height; y++)
				for (uint32_t x = 0; x < s.pitch; x++) {
					uint64_t a;
					gk_tile_addr(&s, x, y, z, &a);
					bool in = x < p.width && y < p.height;
					const uint8_t *src = lin + (((size_t)z * p.height + y) * p.width + x) * E;
					for (unsigned b = 0; b < E; b++) {
						mark[a + b] = 1;
						if (tiled[a + b] != (in ? src[b] : 0))
							wrong++;
					}
				}
		unsigned unwritten = 0;
		for (uint64_t i = 0; mark && i < s.surface_bytes; i++)
			unwritten += !mark[i];
		free(mark);
		CHECK(wrong == 0 && unwritten == 0, "pack mode %u bpp %u %ux%ux%u pc %d: %u bytes misplaced, %u unwritten",
		      p.mode, p.bpp, p.width, p.height, p.slices, p.pipe_config, wrong, unwritten);
		memset(back, 0x5a, nlin);
		gk_tile_unpack(&s, tiled, back);
		CHECK(!memcmp(lin, back, nlin), "unpack(pack(x)) != x: mode %u bpp %u %ux%ux%u pc %d ts %u", p.mode, p.bpp,
		      p.width, p.height, p.slices, p.pipe_config, p.tile_split);
		/* the band API gives the same bytes, and its ranges tile the surface */
		size_t stride = (size_t)p.width * E;
		uint64_t covered = 0;
		memset(banded, 0x33, (size_t)s.surface_bytes);
		for (uint32_t z = 0; z < s.padded_slices; z++)
			for (uint32_t b = 0; b < gk_tile_band_count(&s); b++) {
				struct gk_tile_band band;
				CHECK(gk_tile_band(&s, z, b, &band) == 0, "band %u/%u", z, b);
				const uint8_t *l = band.y0 < p.height ? lin + ((size_t)z * p.height + band.y0) * stride : lin;
				gk_tile_pack_band(&s, &band, l, stride, bandbuf);
				for (unsigned k = 0; k < band.nranges; k++) {
					CHECK(band.range_off[k] + band.range_len <= s.surface_bytes, "band range past the end");
					if (band.range_off[k] + band.range_len <= s.surface_bytes)
						memcpy(banded + band.range_off[k], bandbuf + k * band.range_len,
						       (size_t)band.range_len);
					covered += band.range_len;
				}
				if (band.y0 < p.height) { /* unpack the band alone */
					uint32_t rows = band.rows < p.height - band.y0 ? band.rows : p.height - band.y0;
					uint8_t *l2 = back + ((size_t)z * p.height + band.y0) * stride;
					memset(l2, 0, rows * stride);
					gk_tile_unpack_band(&s, &band, bandbuf, l2, stride);
				}
			}
		CHECK(covered == s.surface_bytes && !memcmp(banded, tiled, (size_t)s.surface_bytes),
		      "bands: mode %u bpp %u pc %d: covered %llu of %llu or bytes differ", p.mode, p.bpp, p.pipe_config,
		      (unsigned long long)covered, (unsigned long long)s.surface_bytes);
		CHECK(!memcmp(lin, back, nlin), "band unpack differs: mode %u bpp %u", p.mode, p.bpp);
		/* byte ranges of random boxes hold every element of the box */
		for (int i = 0; i < 4; i++) {
			uint32_t x = (uint32_t)(tl_rand(&rng) % s.pitch), y = (uint32_t)(tl_rand(&rng) % s.padded_height);
			uint32_t z = (uint32_t)(tl_rand(&rng) % s.padded_slices);
			uint32_t w = 1 + (uint32_t)(tl_rand(&rng) % (s.pitch - x)), h = 1 + (uint32_t)(tl_rand(&rng) % (s.padded_height - y));
			uint32_t d = 1 + (uint32_t)(tl_rand(&rng) % (s.padded_slices - z));
			uint64_t lo, hi;
			CHECK(gk_tile_range(&s, x, y, z, w, h, d, &lo, &hi) == 0 && hi <= s.surface_bytes, "range");
			unsigned outside = 0;
			for (uint32_t zz = z; zz < z + d; zz++)
				for (uint32_t yy = y; yy < y + h; yy += 3)
					for (uint32_t xx = x; xx < x + w; xx += 2) {
						uint64_t a;
						gk_tile_addr(&s, xx, yy, zz, &a);
						outside += a < lo || a + E > hi;
					}
			CHECK(outside == 0, "range mode %u: %u elements outside [%llu, %llu)", p.mode, outside,
			      (unsigned long long)lo, (unsigned long long)hi);
		}
		free(lin), free(back), free(tiled), free(banded), free(bandbuf);
	}
	printf("# pack/unpack: %u linear, %u 1d, %u 2d random surfaces\n", done[GK_TILE_LINEAR], done[GK_TILE_1D],
	       done[GK_TILE_2D]);
	CHECK(done[GK_TILE_LINEAR] > 50 && done[GK_TILE_1D] > 50 && done[GK_TILE_2D] > 50, "too few of a mode");
	uint64_t a;
	struct gk_tile_surface s;
	struct gk_tile_params p;
	gk_tile_params_init(&p);
	p.mode = GK_TILE_1D, p.bpp = 32, p.width = p.height = 64;
	gk_tile_surface_init(&s, &p);
	CHECK(gk_tile_addr(&s, 64, 0, 0, &a) == -1 && gk_tile_addr(&s, 0, 64, 0, &a) == -1 &&
	      gk_tile_addr(&s, 0, 0, 1, &a) == -1 && gk_tile_addr(&s, 63, 63, 0, &a) == 0, "addr outside the surface");
	uint64_t lo, hi;
	CHECK(gk_tile_range(&s, 0, 0, 0, 65, 1, 1, &lo, &hi) == -1 && gk_tile_range(&s, 0, 0, 0, 0, 1, 1, &lo, &hi) == -1 &&
	      gk_tile_range(&s, 0, 0, 0, 64, 64, 2, &lo, &hi) == -1, "range outside the surface");
}

/* ---- pack/unpack against gk_tile_addr, swept ------------------------------ */

/* One surface: pack a random image and check every element of the padded
 * surface against gk_tile_addr (the image element, or zeros for padding),
 * that every byte of the surface is written, that unpack gives the image
 * back, and that the bands write the same bytes as the whole pack.  In the
 * three layouts addrlib makes many-to-one (P4_32x32 = 7, P8_16x16_8x16 = 8,
 * P8_32x64_32x32 = 14; ../shared/reference/tiling/README.md "Check against
 * the vectors") a shared address holds the image element packed last (micro
 * tiles in row-major order, then row, then column; padding never wins) and
 * unpack reads each element's address.  Returns false on a failure. */
static bool pack_vs_addr(const struct gk_tile_surface *s, uint64_t *rng)
{
	const struct gk_tile_params *p = &s->p;
	const unsigned E = s->elem_bytes;
	const uint32_t W = p->width, H = p->height, D = p->slices;
	bool al = p->mode == GK_TILE_2D && (p->pipe_config == 7 || p->pipe_config == 8 || p->pipe_config == 14);
	CHECK(al == (p->mode == GK_TILE_2D && gk_pipe_configs[p->pipe_config].aliases), "pc %d: aliasing flag",
	      p->pipe_config);
	size_t nlin = gk_tile_linear_bytes(s), nslot = (size_t)(s->surface_bytes / E);
	uint8_t *lin = malloc(nlin), *back = malloc(nlin), *tiled = malloc((size_t)s->surface_bytes),
		*banded = malloc((size_t)s->surface_bytes), *bandbuf = malloc((size_t)gk_tile_band_bytes(s)),
		*hits = calloc(nslot, 1);
	uint32_t *owner = calloc(nslot, sizeof *owner); /* image element + 1 in each slot; 0: padding */
	bool ok = false;
	if (!lin || !back || !tiled || !banded || !bandbuf || !hits || !owner) {
		CHECK(0, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < nlin; i++)
		lin[i] = (uint8_t)tl_rand(rng);
	memset(tiled, 0xa5, (size_t)s->surface_bytes);
	gk_tile_pack(s, lin, tiled);
	/* who should be in each slot: every padded element in pack order */
	uint64_t shared = 0, misplaced = 0;
	for (uint32_t z = 0; z < s->padded_slices; z++)
		for (uint32_t my = 0; my < s->padded_height / 8 + (p->mode == GK_TILE_LINEAR && s->padded_height % 8); my++)
			for (uint32_t mx = 0; mx < s->pitch / 8; mx++)
				for (uint32_t q = 0; q < 64; q++) {
					uint32_t x = mx * 8 + q % 8, y = my * 8 + q / 8;
					uint64_t a;
					if (y >= s->padded_height)
						continue; /* linear heights are not padded to 8 */
					if (gk_tile_addr(s, x, y, z, &a) != 0 || a % E || a >= s->surface_bytes) {
						misplaced++;
						continue;
					}
					shared += hits[a / E]++ != 0;
					if (x < W && y < H && z < D)
						owner[a / E] = (uint32_t)(((uint64_t)z * H + y) * W + x + 1);
				}
	uint64_t unwritten = 0, wrong = 0;
	for (size_t k = 0; k < nslot; k++) {
		/* a slot no element reaches (only in the many-to-one layouts) is zeroed like padding */
		const uint8_t *want = owner[k] ? lin + (size_t)(owner[k] - 1) * E : NULL;
		unwritten += !hits[k];
		for (unsigned b = 0; b < E; b++)
			wrong += tiled[k * E + b] != (want ? want[b] : 0);
	}
	CHECK(misplaced == 0 && (unwritten == 0 || al) && wrong == 0 && (shared > 0) == al,
	      "pack mode %u micro %u bpp %u %ux%ux%u pc %d ts %u bw %u bh %u ma %u banks %u: %llu addresses outside, "
	      "%llu slots no element reaches, %llu bytes wrong, %llu shared",
	      p->mode, p->micro, p->bpp, W, H, D, p->pipe_config, p->tile_split, p->bank_width, p->bank_height,
	      p->macro_aspect, p->num_banks, (unsigned long long)misplaced, (unsigned long long)unwritten,
	      (unsigned long long)wrong, (unsigned long long)shared);
	if (misplaced || (unwritten && !al) || wrong)
		goto out;
	/* unpack: each element from its own address */
	memset(back, 0x5a, nlin);
	gk_tile_unpack(s, tiled, back);
	uint64_t bad = 0;
	for (uint32_t z = 0; z < D; z++)
		for (uint32_t y = 0; y < H; y++)
			for (uint32_t x = 0; x < W; x++) {
				uint64_t a, e = ((uint64_t)z * H + y) * W + x;
				gk_tile_addr(s, x, y, z, &a);
				bad += memcmp(back + e * E, tiled + a, E) != 0;
				if (!al)
					bad += memcmp(back + e * E, lin + e * E, E) != 0;
			}
	CHECK(bad == 0, "unpack mode %u bpp %u %ux%u pc %d: %llu elements differ", p->mode, p->bpp, W, H,
	      p->pipe_config, (unsigned long long)bad);
	/* bands: the same bytes as the whole pack, and each unpacks to the same rows */
	size_t stride = (size_t)W * E;
	uint64_t band_bad = 0;
	memset(banded, 0x33, (size_t)s->surface_bytes);
	for (uint32_t z = 0; z < s->padded_slices; z++)
		for (uint32_t b = 0; b < gk_tile_band_count(s); b++) {
			struct gk_tile_band band;
			gk_tile_band(s, z, b, &band);
			const uint8_t *l = band.y0 < H ? lin + ((size_t)z * H + band.y0) * stride : lin;
			gk_tile_pack_band(s, &band, l, stride, bandbuf);
			for (unsigned k = 0; k < band.nranges; k++)
				memcpy(banded + band.range_off[k], bandbuf + k * band.range_len, (size_t)band.range_len);
			if (band.y0 < H) {
				uint32_t rows = band.rows < H - band.y0 ? band.rows : H - band.y0;
				uint8_t *l2 = malloc((size_t)rows * stride);
				if (l2) {
					gk_tile_unpack_band(s, &band, bandbuf, l2, stride);
					band_bad += memcmp(l2, back + ((size_t)z * H + band.y0) * stride, rows * stride) != 0;
					free(l2);
				}
			}
		}
	band_bad += memcmp(banded, tiled, (size_t)s->surface_bytes) != 0;
	CHECK(band_bad == 0, "bands mode %u bpp %u %ux%u pc %d: %llu differ", p->mode, p->bpp, W, H, p->pipe_config,
	      (unsigned long long)band_bad);
	ok = bad == 0 && band_bad == 0;
out:
	free(lin), free(back), free(tiled), free(banded), free(bandbuf), free(hits), free(owner);
	return ok;
}

/* Every pipe config, tile mode, micro mode and bpp; bank counts, widths,
 * heights, aspects and tile splits drawn in turn; widths narrower than a
 * macro tile, equal to it, and not a multiple of it; heights likewise. */
/* The fuzz find: P8_16x16_8x16, 64 x 8 at 32 bpp, thin, 2048-byte split,
 * BW = BH = MA = 1.  addrlib's pipe bit 2 is constant there, so elements
 * (0, 0) and (48, 0) share byte 0 (as in every vector of that config);
 * pack keeps the one packed last, (48, 0). */
static void pack_alias_example(void)
{
	for (unsigned banks = 2; banks <= 16; banks *= 2) {
		struct gk_tile_params p;
		gk_tile_params_init(&p);
		p.mode = GK_TILE_2D, p.micro = GK_MICRO_THIN, p.bpp = 32, p.width = 64, p.height = 8;
		p.pipe_config = gk_tile_pipe_config_parse("P8_16x16_8x16");
		p.tile_split = 2048, p.bank_width = p.bank_height = p.macro_aspect = 1, p.num_banks = banks;
		struct gk_tile_surface s;
		uint64_t a0 = 1, a48 = 1;
		CHECK(gk_tile_surface_init(&s, &p) == 0 && s.pitch == 64, "alias example: %u banks", banks);
		CHECK(gk_tile_addr(&s, 0, 0, 0, &a0) == 0 && gk_tile_addr(&s, 48, 0, 0, &a48) == 0 && a0 == 0 && a48 == 0,
		      "alias example: %u banks: (0,0) at %llu, (48,0) at %llu", banks, (unsigned long long)a0,
		      (unsigned long long)a48);
		bool warned = false;
		for (unsigned i = 0; i < s.ndiags; i++)
			warned |= s.diags[i].severity == GK_WARNING && !strcmp(s.diags[i].field, "pipe_config");
		CHECK(warned, "alias example: no warning that the layout is many-to-one");
		uint32_t *lin = malloc(gk_tile_linear_bytes(&s));
		uint8_t *tiled = malloc((size_t)s.surface_bytes);
		if (lin && tiled) {
			for (uint32_t e = 0; e < 64 * 8; e++)
				lin[e] = 0x1000u + e;
			gk_tile_pack(&s, lin, tiled);
			uint32_t v;
			memcpy(&v, tiled, 4);
			CHECK(v == 0x1000u + 48, "alias example: byte 0 holds 0x%x, want element (48, 0)", v);
		}
		free(lin);
		free(tiled);
	}
}

#define SWEEP_BYTES (128u << 10) /* padded surfaces up to this size (or twice it for one macro-tile row) */
static void pack_sweep(void)
{
	static const int pcs[] = { 0, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 17 };
	uint64_t rng = 0x5eed71e;
	unsigned surfaces = 0, failed = 0, narrow = 0, ragged = 0, skipped = 0;
	for (unsigned mode = GK_TILE_LINEAR; mode <= GK_TILE_2D; mode <<= 1)
		for (unsigned ip = 0; ip < (mode == GK_TILE_2D ? 14u : 1u); ip++)
			for (unsigned micro = 0; micro < 2; micro++)
				for (unsigned lb = 0; lb < 5; lb++)
					for (unsigned v = 0; v < 6; v++) {
						struct gk_tile_params p;
						gk_tile_params_init(&p);
						p.mode = mode, p.micro = micro, p.bpp = 8u << lb;
						p.width = p.height = 1;
						p.slices = v == 5 ? 2 : 1;
						if (mode == GK_TILE_2D) {
							p.pipe_config = pcs[ip];
							/* bank fields cycle through every value across v */
							p.num_banks = 2u << ((v + ip) % 4);
							p.bank_width = 1u << ((v + lb) % 4);
							p.bank_height = 1u << ((v + micro + ip) % 4);
							p.macro_aspect = 1u << ((v + 2 * ip + lb) % 4);
							while (p.macro_aspect > p.num_banks)
								p.macro_aspect >>= 1;
							p.tile_split = 64u << ((v + lb + ip) % 7);
							p.pipe_swizzle = (uint32_t)(tl_rand(&rng) % 16);
							p.bank_swizzle = (uint32_t)(tl_rand(&rng) % 16);
						}
						struct gk_tile_surface s;
						if (gk_tile_surface_init(&s, &p)) {
							CHECK(0, "sweep params refused: mode %u pc %d", mode, p.pipe_config);
							continue;
						}
						/* a macro tile too large for a quick check: narrower and lower banks, then fewer */
						while (s.slice_bytes > SWEEP_BYTES / 4 &&
						       (p.bank_width > 1 || p.bank_height > 1 || p.num_banks > 2)) {
							if (p.bank_width > 1 || p.bank_height > 1) {
								if (p.bank_width >= p.bank_height)
									p.bank_width >>= 1;
								else
									p.bank_height >>= 1;
							} else {
								p.num_banks >>= 1;
								p.macro_aspect = p.macro_aspect > p.num_banks ? p.num_banks : p.macro_aspect;
							}
							if (gk_tile_surface_init(&s, &p))
								break;
						}
						/* widths: 1, below / at / above one macro tile (8 for 1D, 64 B for linear) */
						uint32_t mtw = mode == GK_TILE_2D ? s.macro_tile_width : mode == GK_TILE_1D ? 8 : s.pitch_align;
						uint32_t mth = mode == GK_TILE_2D ? s.macro_tile_height : 8;
						uint32_t ws[6] = { 1, mtw / 2 + 3, mtw - 1, mtw, mtw + 5, 2 * mtw + mtw / 3 + 1 };
						uint32_t hs[6] = { 1, mth - 1, 7, mth + 3, 3, mth / 2 + 1 };
						p.width = ws[v];
						p.height = hs[(v + lb) % 6];
						if (gk_tile_surface_init(&s, &p) || s.surface_bytes > SWEEP_BYTES) {
							/* too large for a quick check: one macro-tile row, one slice */
							p.height = 1 + p.height % mth;
							p.width = p.width > mtw ? mtw + 1 : p.width;
							p.slices = 1;
							if (gk_tile_surface_init(&s, &p) || s.surface_bytes > SWEEP_BYTES * 2) {
								skipped++;
								continue;
							}
						}
						surfaces++;
						narrow += p.width < mtw;
						ragged += p.width % mtw != 0;
						failed += !pack_vs_addr(&s, &rng);
					}
	printf("# pack sweep: %u surfaces (%u narrower than a macro tile, %u not a multiple of it), %u failed, "
	       "%u too large to try\n", surfaces, narrow, ragged, failed, skipped);
	CHECK(surfaces >= 800 && narrow >= 300 && ragged >= 500, "sweep too small: %u surfaces", surfaces);
}

/* ---- invalid parameters ------------------------------------------------------ */

static struct gk_tile_params good2d(void)
{
	struct gk_tile_params p;
	gk_tile_params_init(&p);
	p.mode = GK_TILE_2D, p.bpp = 32, p.width = 100, p.height = 50;
	p.pipe_config = 12, p.tile_split = 2048, p.bank_width = 1, p.bank_height = 2, p.macro_aspect = 2,
	p.num_banks = 16;
	return p;
}

static void expect_error(struct gk_tile_params p, const char *field, const char *text)
{
	struct gk_tile_surface s;
	int r = gk_tile_surface_init(&s, &p);
	bool found = false;
	for (unsigned i = 0; i < s.ndiags; i++)
		if (s.diags[i].severity == GK_ERROR && !strcmp(s.diags[i].field, field) &&
		    strstr(s.diags[i].message, text))
			found = true;
	CHECK(r == -1 && s.errors > 0 && found, "want error on %s containing '%s' (r=%d, %u diags%s%s)", field, text, r,
	      s.ndiags, s.ndiags ? ": " : "", s.ndiags ? s.diags[0].message : "");
}

static void invalid_params(void)
{
	struct gk_tile_params p = good2d();
	struct gk_tile_surface s;
	CHECK(gk_tile_surface_init(&s, &p) == 0 && s.ndiags == 0, "good 2d params rejected");
	p = good2d(), p.pipe_config = 3, expect_error(p, "pipe_config", "names no");
	p = good2d(), p.pipe_config = 31, expect_error(p, "pipe_config", "names no");
	p = good2d(), p.pipe_config = -1, expect_error(p, "pipe_config", "needs a pipe config");
	p = good2d(), p.bank_width = 3, expect_error(p, "bank_width", "bank width 3");
	p = good2d(), p.bank_height = 16, expect_error(p, "bank_height", "bank height 16");
	p = good2d(), p.macro_aspect = 0, expect_error(p, "macro_aspect", "aspect 0");
	p = good2d(), p.num_banks = 32, expect_error(p, "num_banks", "bank count 32");
	p = good2d(), p.num_banks = 4, p.macro_aspect = 8, expect_error(p, "macro_aspect", "exceeds the bank count");
	p = good2d(), p.tile_split = 4096, p.row_size = 2048, expect_error(p, "tile_split", "exceeds the 2048-byte");
	p = good2d(), p.tile_split = 8192, expect_error(p, "tile_split", "tile split 8192");
	p = good2d(), p.tile_split = 100, expect_error(p, "tile_split", "tile split 100");
	p = good2d(), p.row_size = 3000, expect_error(p, "row_size", "row size 3000");
	p = good2d(), p.bpp = 24, expect_error(p, "bpp", "bpp 24");
	p = good2d(), p.bpp = 0, expect_error(p, "bpp", "bpp 0");
	p = good2d(), p.width = 0, expect_error(p, "width", "width 0");
	p = good2d(), p.height = 0xffffffffu, expect_error(p, "height", "height 4294967295");
	p = good2d(), p.slices = 100000, expect_error(p, "slices", "slices 100000");
	p = good2d(), p.mode = 3, expect_error(p, "mode", "mode 3");
	p = good2d(), p.mode = 0, expect_error(p, "mode", "no tile mode");
	p = good2d(), p.micro = 2, expect_error(p, "micro", "micro tile mode 2");
	/* the largest surface is computed without overflow */
	p = good2d(), p.bpp = 128, p.width = p.height = GK_TILE_MAX_DIM, p.slices = GK_TILE_MAX_SLICES, p.micro = 1;
	CHECK(gk_tile_surface_init(&s, &p) == 0 && s.surface_bytes == (uint64_t)s.pitch * s.padded_height * 16 * 2048,
	      "largest surface");
	uint64_t a;
	CHECK(gk_tile_addr(&s, s.pitch - 1, s.padded_height - 1, s.padded_slices - 1, &a) == 0 && a < s.surface_bytes,
	      "last element of the largest surface");
	/* adjustments are warnings naming the field */
	p = good2d(), p.bpp = 8, p.pipe_config = 0, p.bank_height = 1, p.macro_aspect = 1;
	CHECK(gk_tile_surface_init(&s, &p) == 0 && s.p.bank_height == 4 && s.p.macro_aspect == 2 && s.ndiags == 2 &&
		      !strcmp(s.diags[0].field, "bank_height") && !strcmp(s.diags[1].field, "macro_aspect") &&
		      s.diags[0].severity == GK_WARNING,
	      "addrlib raises bank height and aspect (case 106)");
	p = good2d(), p.pipe_config = 7;
	CHECK(gk_tile_surface_init(&s, &p) == 0 && s.ndiags == 1 && strstr(s.diags[0].message, "no Linux tile table"),
	      "aliasing config warns");
	p = good2d(), p.pipe_swizzle = 9;
	CHECK(gk_tile_surface_init(&s, &p) == 0 && s.ndiags == 1 && !strcmp(s.diags[0].field, "pipe_swizzle"),
	      "pipe swizzle beyond the pipes warns");
	char buf[2048];
	size_t n = gk_tile_info_json(&s, buf, sizeof buf);
	CHECK(n < sizeof buf && strstr(buf, "\"pitch\":") && strstr(buf, "\"diagnostics\":[{\"severity\":\"warning\""),
	      "json: %s", buf);
	CHECK(gk_tile_info_json(&s, buf, 10) == n && strlen(buf) == 9, "json truncates safely");
}

/* Hostile parameters: any values; init never misbehaves, and a surface it
 * accepts keeps every address inside itself and element-aligned. */
static void hostile_params(void)
{
	uint64_t rng = 0xbadc0ffee;
	unsigned accepted = 0;
	static const uint32_t edge[] = { 0, 1, 2, 3, 7, 8, 64, 100, 128, 4096, 16384, 16385, 0x7fffffff, 0xffffffff };
	for (unsigned it = 0; it < 20000; it++) {
		struct gk_tile_params p;
		uint32_t v[16];
		for (unsigned k = 0; k < 16; k++)
			v[k] = tl_rand(&rng) & 1 ? edge[tl_rand(&rng) % (sizeof edge / sizeof edge[0])] : (uint32_t)(1u << (tl_rand(&rng) % 8));
		gk_tile_params_init(&p);
		p.mode = v[0] % 6, p.micro = v[1] % 3, p.bpp = v[2], p.width = v[3] % 3 ? v[3] % 5000 : v[3];
		p.height = v[4] % 3 ? v[4] % 5000 : v[4], p.slices = v[5] % 4 ? v[5] % 7 : v[5];
		p.pipe_config = (int)(v[6] % 40) - 2, p.tile_split = v[7], p.bank_width = v[8], p.bank_height = v[9];
		p.macro_aspect = v[10], p.num_banks = v[11], p.pipe_swizzle = v[12], p.bank_swizzle = v[13];
		p.row_size = v[14] % 2 ? 0 : v[14];
		struct gk_tile_surface s;
		if (gk_tile_surface_init(&s, &p)) {
			CHECK(s.errors > 0 && s.ndiags > 0 && s.diags[0].severity == GK_ERROR && s.diags[0].field,
			      "refused without an error diagnostic");
			continue;
		}
		accepted++;
		CHECK(s.surface_bytes == s.slice_bytes * s.padded_slices && s.pitch >= p.width &&
			      s.padded_height >= p.height && s.pitch % s.pitch_align == 0 && s.base_align % 256 == 0,
		      "sizes");
		for (unsigned k = 0; k < 16; k++) {
			uint32_t x = (uint32_t)(tl_rand(&rng) % s.pitch), y = (uint32_t)(tl_rand(&rng) % s.padded_height);
			uint32_t z = (uint32_t)(tl_rand(&rng) % s.padded_slices);
			if (k == 0)
				x = s.pitch - 1, y = s.padded_height - 1, z = s.padded_slices - 1;
			uint64_t a;
			CHECK(gk_tile_addr(&s, x, y, z, &a) == 0 && a + s.elem_bytes <= s.surface_bytes && a % s.elem_bytes == 0,
			      "address %llu outside %llu", (unsigned long long)a, (unsigned long long)s.surface_bytes);
		}
	}
	printf("# hostile parameters: %u of 20000 random sets accepted, every other one refused with a diagnostic\n",
	       accepted);
	CHECK(accepted > 500, "only %u accepted", accepted);
}

/* ---- modifier fields ---------------------------------------------------------- */

static void modifier_fields(void)
{
	unsigned ok = 0, bad = 0;
	/* every TILE x MICROTILE (5 + 3 bits) */
	for (uint64_t tile = 0; tile < 32; tile++)
		for (uint64_t mt = 0; mt < 8; mt++) {
			struct gk_tile_mod_fields f = { .tile = tile, .microtile = mt, .pipe_config = 12, .tile_split = 5,
							.bank_width = 0, .bank_height = 1, .macro_tile_aspect = 1,
							.num_banks = 3 };
			if (tile == 2)
				f.pipe_config = f.tile_split = f.bank_height = f.macro_tile_aspect = f.num_banks = 0;
			struct gk_tile_params p;
			struct gk_diag d[8];
			unsigned nd = 99;
			gk_tile_params_init(&p);
			int r = gk_tile_params_from_modifier(&p, &f, d, 8, &nd);
			bool want = (tile == 2 || tile == 4) && mt <= 1;
			CHECK((r == 0) == want, "TILE %llu MICROTILE %llu: r=%d", (unsigned long long)tile,
			      (unsigned long long)mt, r);
			CHECK(want ? nd == 0 : nd >= 1, "TILE %llu MICROTILE %llu: %u diags", (unsigned long long)tile,
			      (unsigned long long)mt, nd);
			if (want)
				CHECK(p.mode == tile && p.micro == mt, "mode/micro");
			ok += want;
			bad += !want;
		}
	/* every 2D macro field combination: values as seed 004 defines them */
	unsigned combos = 0;
	for (uint64_t pc = 0; pc < 32; pc++)
		for (uint64_t ts = 0; ts < 8; ts++)
			for (uint64_t bw = 0; bw < 4; bw++)
				for (uint64_t bh = 0; bh < 4; bh++)
					for (uint64_t ma = 0; ma < 4; ma++)
						for (uint64_t nb = 0; nb < 4; nb++) {
							struct gk_tile_mod_fields f = { 4, 1, pc, ts, bw, bh, ma, nb };
							struct gk_tile_params p;
							unsigned nd;
							gk_tile_params_init(&p);
							int r = gk_tile_params_from_modifier(&p, &f, NULL, 0, &nd);
							bool want = gk_pipe_configs[pc].name && ts <= 6 && ma <= nb + 1;
							CHECK((r == 0) == want, "pc %llu ts %llu ma %llu nb %llu: r=%d",
							      (unsigned long long)pc, (unsigned long long)ts,
							      (unsigned long long)ma, (unsigned long long)nb, r);
							if (!want)
								continue;
							combos++;
							CHECK(p.pipe_config == (int)pc && p.tile_split == 64u << ts &&
								      p.bank_width == 1u << bw && p.bank_height == 1u << bh &&
								      p.macro_aspect == 1u << ma && p.num_banks == 2u << nb,
							      "modifier field values");
							/* and such a surface is valid */
							p.bpp = 32, p.width = p.height = 64;
							struct gk_tile_surface s;
							CHECK(gk_tile_surface_init(&s, &p) == 0, "modifier surface rejected: %s",
							      s.ndiags ? s.diags[0].message : "");
						}
	printf("# modifier fields: %u TILE/MICROTILE pairs accepted, %u refused; %u valid 2D parameter sets\n", ok, bad,
	       combos);
	/* 14 configs x 7 splits x 4 widths x 4 heights x 13 (aspect <= banks) pairs = 20384;
	 * seed 004's "25088 permutations" counts all 16 aspect/bank pairs */
	CHECK(combos == 14 * 7 * 4 * 4 * 13, "combos %u", combos);
	struct gk_tile_mod_fields f = { 4, 0, 12, 5, 4, 0, 0, 0 };
	struct gk_tile_params p;
	struct gk_diag d[2];
	unsigned nd;
	gk_tile_params_init(&p);
	CHECK(gk_tile_params_from_modifier(&p, &f, d, 2, &nd) == -1 && nd == 1 && !strcmp(d[0].field, "BANK_WIDTH"),
	      "a 2-bit field with 4 is refused");
	struct gk_tile_mod_fields f1 = { 2, 1, 12, 0, 0, 0, 0, 0 };
	CHECK(gk_tile_params_from_modifier(&p, &f1, d, 2, &nd) == 0 && nd == 1 && d[0].severity == GK_WARNING,
	      "1D with macro fields: a warning");
}

/* ---- chips ---------------------------------------------------------------------- */

static void chip_tables(const char *shared)
{
	struct gk_tile_params p;
	struct gk_diag err;
	gk_tile_params_init(&p);
	CHECK(gk_tile_params_from_chip(&p, "tahiti", 10, &err) == 0 && p.mode == GK_TILE_2D && p.micro == 0 &&
		      p.pipe_config == 10 && p.tile_split == 256 && p.bank_height == 4 && p.macro_aspect == 2 &&
		      p.num_banks == 16 && p.row_size == 2048,
	      "tahiti 10");
	CHECK(gk_tile_params_from_chip(&p, "tahiti", 0, &err) == -1 && strstr(err.message, "depth"), "depth refused: %s",
	      err.message);
	CHECK(gk_tile_params_from_chip(&p, "tahiti", 18, &err) == -1 && strstr(err.message, "LINEAR_GENERAL"),
	      "LINEAR_GENERAL refused: %s", err.message);
	CHECK(gk_tile_params_from_chip(&p, "tahiti", 32, &err) == -1, "index 32");
	CHECK(gk_tile_params_from_chip(&p, "rv770", 1, &err) == -1 && strstr(err.message, "tahiti"), "unknown chip");
	gk_tile_params_init(&p);
	CHECK(gk_tile_params_from_chip(&p, "tonga", 14, &err) == -1 && !strcmp(err.field, "bpp"), "CI needs bpp first");
	p.bpp = 128;
	CHECK(gk_tile_params_from_chip(&p, "tonga", 14, &err) == 0 && p.tile_split == 2048 && p.bank_height == 2 &&
		      p.macro_aspect == 2 && p.row_size == 4096,
	      "tonga 14 at 128 bpp (case 48)");
	CHECK(gk_tile_params_from_chip(&p, "tonga", 8, &err) == 0 && p.mode == GK_TILE_LINEAR, "tonga 8 linear");
	/* every register value decodes to the reference's columns */
	struct tsv t;
	unsigned n = 0;
	if (!open_shared(&t, shared, "tile_tables.tsv", "chip table decode"))
		return;
	while (tsv_next(&t)) {
		const struct gk_tile_chip *c = gk_tile_chips;
		while (c->name && strcmp(c->name, get(&t, "chip")))
			c++;
		CHECK(c->name != NULL, "chip %s", get(&t, "chip"));
		if (!c->name)
			continue;
		unsigned idx = (unsigned)num(&t, "index");
		uint32_t v = (uint32_t)num(&t, "value");
		if (!strcmp(get(&t, "register"), "GB_MACROTILE_MODE")) {
			CHECK(c->has_macrotile && c->macrotile_mode[idx] == v, "%s macrotile %u", c->name, idx);
			CHECK(num(&t, "bank_width") == 1u << gk_reg_get(v, &gk_macrotile_mode_fields[GK_MMF_BANK_WIDTH]) &&
				      num(&t, "bank_height") ==
					      1u << gk_reg_get(v, &gk_macrotile_mode_fields[GK_MMF_BANK_HEIGHT]) &&
				      num(&t, "macro_aspect") ==
					      1u << gk_reg_get(v, &gk_macrotile_mode_fields[GK_MMF_MACRO_TILE_ASPECT]) &&
				      num(&t, "num_banks") == 2u << gk_reg_get(v, &gk_macrotile_mode_fields[GK_MMF_NUM_BANKS]),
			      "%s GB_MACROTILE_MODE%u fields", c->name, idx);
			n++;
			continue;
		}
		CHECK(c->tile_mode[idx] == v, "%s tile mode %u: 0x%08x vs 0x%08x", c->name, idx, c->tile_mode[idx], v);
		const char *am = gk_array_mode_names[gk_reg_get(v, &gk_tile_mode_fields[GK_TMF_ARRAY_MODE])];
		CHECK(am && !strcmp(am, get(&t, "array_mode")), "%s %u array mode %s vs %s", c->name, idx, am ? am : "?",
		      get(&t, "array_mode"));
		const char *pc = gk_tile_pipe_config_name((int)gk_reg_get(v, &gk_tile_mode_fields[GK_TMF_PIPE_CONFIG]));
		CHECK(pc && !strcmp(pc, get(&t, "pipe_config")), "%s %u pipe config", c->name, idx);
		unsigned mm = c->gfx == 6 ? gk_reg_get(v, &gk_tile_mode_fields[GK_TMF_MICRO_TILE_MODE])
					  : gk_reg_get(v, &gk_tile_mode_fields[GK_TMF_MICRO_TILE_MODE_NEW]);
		const char *mn = c->gfx == 6 ? gk_micro_mode_names_si[mm] : gk_micro_mode_names_ci[mm];
		CHECK(mn && !strcmp(mn, get(&t, "micro_tile_mode")), "%s %u micro mode", c->name, idx);
		const char *ts = get(&t, "tile_split_bytes");
		if (strcmp(ts, "-"))
			CHECK(strtoul(ts, NULL, 10) == 64u << gk_reg_get(v, &gk_tile_mode_fields[GK_TMF_TILE_SPLIT]),
			      "%s %u tile split", c->name, idx);
		const char *ss = get(&t, "sample_split");
		if (strcmp(ss, "-"))
			CHECK(strtoul(ss, NULL, 10) == 1u << gk_reg_get(v, &gk_tile_mode_fields[GK_TMF_SAMPLE_SPLIT]),
			      "%s %u sample split", c->name, idx);
		if (c->gfx == 6)
			CHECK(num(&t, "bank_width") == 1u << gk_reg_get(v, &gk_tile_mode_fields[GK_TMF_BANK_WIDTH]) &&
				      num(&t, "bank_height") == 1u << gk_reg_get(v, &gk_tile_mode_fields[GK_TMF_BANK_HEIGHT]) &&
				      num(&t, "macro_aspect") ==
					      1u << gk_reg_get(v, &gk_tile_mode_fields[GK_TMF_MACRO_TILE_ASPECT]) &&
				      num(&t, "num_banks") == 2u << gk_reg_get(v, &gk_tile_mode_fields[GK_TMF_NUM_BANKS]),
			      "%s GB_TILE_MODE%u bank fields", c->name, idx);
		n++;
	}
	printf("# chip tables: %u register values decode as in %s/tile_tables.tsv\n", n, shared);
	CHECK(n == 352, "%u register rows", n);
}

/* microtile_index.tsv: the element index of every (mode, bpp, x, y) */
static void micro_orders(const char *shared)
{
	struct tsv t;
	unsigned n = 0;
	if (!open_shared(&t, shared, "microtile_index.tsv", "micro tile order"))
		return;
	while (tsv_next(&t)) {
		struct gk_tile_params p;
		struct gk_tile_surface s;
		gk_tile_params_init(&p);
		p.mode = GK_TILE_1D, p.bpp = (unsigned)num(&t, "bpp"), p.width = p.height = 8;
		p.micro = strcmp(get(&t, "micro_tile_mode"), "display") ? GK_MICRO_THIN : GK_MICRO_DISPLAY;
		if (p.bpp == 128 && p.micro == GK_MICRO_DISPLAY) { /* addrlib never uses it: check the table */
			const struct gk_micro_order *o = &gk_micro_orders[0][4];
			unsigned x = (unsigned)num(&t, "x"), y = (unsigned)num(&t, "y"), i = 0;
			for (unsigned k = 0; k < 6; k++)
				i |= (((o->bit[k] & 0x10 ? y : x) >> (o->bit[k] & 3)) & 1u) << k;
			CHECK(i == num(&t, "element_index"), "display 128 (%u, %u)", x, y);
			n++;
			continue;
		}
		gk_tile_surface_init(&s, &p);
		struct gk_tile_loc loc;
		gk_tile_locate(&s, (uint32_t)num(&t, "x"), (uint32_t)num(&t, "y"), 0, &loc);
		CHECK(loc.micro_index == num(&t, "element_index") && loc.byte_addr == loc.micro_index * (p.bpp / 8),
		      "micro %s bpp %u (%s, %s): %u", get(&t, "micro_tile_mode"), p.bpp, get(&t, "x"), get(&t, "y"),
		      loc.micro_index);
		n++;
	}
	printf("# micro tile orders: %u entries as in %s/microtile_index.tsv\n", n, shared);
	CHECK(n == 640, "%u micro tile rows", n);
}

/* ---- tables are sound -------------------------------------------------------- */

static void table_soundness(void)
{
	unsigned configs = 0;
	for (unsigned i = 0; i < 32; i++) {
		const struct gk_pipe_config *pc = &gk_pipe_configs[i];
		if (!pc->name)
			continue;
		configs++;
		unsigned bits = 0;
		while ((1u << bits) < pc->pipes)
			bits++;
		for (unsigned b = 0; b < 4; b++) {
			uint8_t m = pc->bit[b].xmask | pc->bit[b].ymask;
			CHECK(b < bits || !m, "%s: pipe bit %u beyond log2(pipes)", pc->name, b);
			CHECK(!(m & 0x87), "%s: pipe bit %u uses pixel bits outside 3..6", pc->name, b);
			CHECK(b >= bits || m || pc->aliases, "%s: pipe bit %u has no term", pc->name, b);
		}
		CHECK(gk_tile_pipe_config_parse(pc->name) == (int)i, "%s parses back", pc->name);
	}
	CHECK(configs == 14, "%u pipe configs", configs);
	for (unsigned m = 0; m < 2; m++)
		for (unsigned b = 0; b < 5; b++) {
			unsigned seen = 0;
			for (unsigned k = 0; k < 6; k++)
				seen |= 1u << ((gk_micro_orders[m][b].bit[k] >> 4) * 3 + (gk_micro_orders[m][b].bit[k] & 3));
			CHECK(seen == 0x3f, "micro order %u/%u is not a permutation of x0-2, y0-2", m, b);
		}
	for (unsigned nb = 0; nb < 4; nb++)
		for (unsigned b = 0; b < 4; b++)
			CHECK((b <= nb) == ((gk_bank_bits[nb][b].xmask | gk_bank_bits[nb][b].ymask) != 0),
			      "bank table %u bit %u", nb, b);
	CHECK(gk_tile_pipe_config_parse("p8_32x32_16x16") == 12 && gk_tile_pipe_config_parse("17") == 17 &&
		      gk_tile_pipe_config_parse("3") == -1 && gk_tile_pipe_config_parse("P9") == -1 &&
		      gk_tile_pipe_config_parse("") == -1 && gk_tile_pipe_config_parse("99999999999") == -1,
	      "pipe config names");
}

/* ---- PNG ------------------------------------------------------------------------- */

/* a PNG in memory: a struct gk_membuf (gfxkit/stream.h) whose writes fail once
 * fail_at bytes were written (0: never), to simulate a write error; the
 * largest single write is kept (the writer's chunks are bounded) */
struct mem {
	struct gk_membuf t;
	size_t fail_at, max_write;
};

static int mem_write(void *ctx, const void *p, size_t n)
{
	struct mem *m = ctx;
	if (m->fail_at && m->t.n + n > m->fail_at)
		return -1;
	m->max_write = n > m->max_write ? n : m->max_write;
	return gk_membuf_write(&m->t, p, n);
}

static uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* The PNG in m through the independent oracle (tests/png_oracle.h): the
 * h rows of 3 * w bytes (caller frees) or NULL, saying why. */
static uint8_t *png_decode(const struct mem *m, uint32_t *w, uint32_t *h, struct po_stats *st)
{
	const uint8_t *png = (const uint8_t *)m->t.p;
	/* the image size from IHDR, to size the buffers (po_png checks IHDR) */
	uint64_t want = m->t.n >= 24 ? (1 + 3ull * rd32(png + 16)) * rd32(png + 20) : 0;
	if (want > (1ull << 31)) {
		printf("# png_decode: %llu bytes of image data is too much for a test\n", (unsigned long long)want);
		return NULL;
	}
	uint8_t *z = malloc(want ? (size_t)want : 1), *idat = malloc(m->t.n ? m->t.n : 1);
	const uint8_t *rgb = NULL;
	const char *why = "out of memory";
	int r = z && idat ? po_png(png, m->t.n, z, (size_t)want, idat, m->t.n, w, h, &rgb, st, &why) : -1;
	free(idat);
	if (r) {
		printf("# png_decode: %s\n", why);
		free(z);
		return NULL;
	}
	return z;
}

/* write w x h pixels from rgb (rows packed) as a PNG into m */
static int png_write_image(struct mem *m, uint32_t w, uint32_t h, const uint8_t *rgb)
{
	struct gk_png *png = malloc(sizeof *png);
	int r = !png || gk_png_begin(png, w, h, mem_write, m);
	for (uint32_t y = 0; !r && y < h; y++)
		r = gk_png_row(png, rgb + (size_t)y * 3 * w);
	r = r || gk_png_end(png);
	free(png);
	return r ? -1 : 0;
}

/* kinds of test image: noise, one colour, a gradient, noise repeating every
 * 400 pixels along x and every 3 rows (long matches, near and far) */
static void png_fill(uint8_t *rgb, uint32_t w, uint32_t h, unsigned kind, uint64_t *seed)
{
	for (uint32_t y = 0; y < h; y++)
		for (uint32_t x = 0; x < w; x++)
			for (unsigned c = 0; c < 3; c++) {
				uint8_t *o = rgb + ((size_t)y * w + x) * 3 + c;
				if (kind == 0)
					*o = (uint8_t)tl_rand(seed);
				else if (kind == 1)
					*o = (uint8_t)(40 + c);
				else if (kind == 2)
					*o = (uint8_t)(x * 3 + y * 5 + c * 80);
				else { /* a hash of (x mod 400, y / 3, c): murmur3's finaliser */
					uint32_t v = ((x % 400) * 3 + c) * 0x9e3779b1u ^ (y / 3) * 0x85ebca6bu;
					v ^= v >> 16;
					v *= 0x85ebca6bu;
					v ^= v >> 13;
					v *= 0xc2b2ae35u;
					*o = (uint8_t)(v ^ v >> 16);
				}
			}
}

static void png_tests(void)
{
	/* known values */
	CHECK(gk_crc32(0, "123456789", 9) == 0xcbf43926u, "crc32 check value");
	CHECK(po_crc32((const uint8_t *)"123456789", 9) == 0xcbf43926u, "the oracle's crc32 check value");
	CHECK(gk_adler32(1, "Wikipedia", 9) == 0x11e60398u, "adler32 check value");
	uint8_t *big = malloc(100000);
	for (unsigned i = 0; big && i < 100000; i++)
		big[i] = 0xff;
	uint32_t a = 1, b1 = 0, b2 = 1; /* the same sum in one go and byte by byte */
	if (big) {
		a = gk_adler32(1, big, 100000);
		for (unsigned i = 0; i < 100000; i++)
			b2 = gk_adler32(b2, big + i, 1);
		b1 = a;
	}
	CHECK(big && a == b1 && a == b2, "adler32 long runs");
	free(big);
	/* the oracle itself on a zlib stream made by hand: a stored block
	 * "ab" then a fixed block with 'c' and a match of length 3 at distance
	 * 3 -> "abcabc" (RFC 1951 sections 3.2.4 and 3.2.6) */
	{
		/* fixed block bits, lowest first: 1 (final), 01 (fixed); 'c' = 0x63
		 * -> code 0x30 + 0x63 = 0x93 (8 bits, sent msb first); length 3 ->
		 * 257 -> 0000001 (7 bits); distance 3 -> code 2 = 00010 (5 bits);
		 * 256 -> 0000000 */
		uint8_t z[32] = { 0x78, 0x01, 0x00, 0x02, 0x00, 0xfd, 0xff, 'a', 'b' };
		size_t n = 9, nbits = 0;
		uint32_t acc = 0;
		const struct { unsigned v, len, msb_first; } f[] = { { 1, 1, 0 }, { 1, 2, 0 }, { 0x93, 8, 1 }, { 1, 7, 1 },
								     { 2, 5, 1 }, { 0, 7, 1 } };
		for (unsigned i = 0; i < sizeof f / sizeof f[0]; i++)
			for (unsigned k = 0; k < f[i].len; k++) {
				unsigned bit = f[i].msb_first ? (f[i].v >> (f[i].len - 1 - k)) & 1 : (f[i].v >> k) & 1;
				acc |= bit << nbits;
				if (++nbits == 8) {
					z[n++] = (uint8_t)acc;
					acc = 0;
					nbits = 0;
				}
			}
		if (nbits)
			z[n++] = (uint8_t)acc;
		uint32_t ad = gk_adler32(1, "abcabc", 6);
		z[n++] = (uint8_t)(ad >> 24), z[n++] = (uint8_t)(ad >> 16), z[n++] = (uint8_t)(ad >> 8), z[n++] = (uint8_t)ad;
		uint8_t out[16];
		size_t got = 0;
		struct po_stats st;
		memset(&st, 0, sizeof st);
		const char *why = NULL;
		int r = po_inflate(z, n, out, sizeof out, &got, &st, &why);
		CHECK(r == 0 && got == 6 && !memcmp(out, "abcabc", 6) && st.blocks[0] == 1 && st.blocks[1] == 1 &&
			      st.max_len == 3 && st.max_dist == 3,
		      "oracle on a hand-made stream: %s", r ? why : "wrong bytes");
		z[n - 1] ^= 1;
		CHECK(po_inflate(z, n, out, sizeof out, &got, &st, &why) == -1 && !strcmp(why, "Adler-32"),
		      "oracle: a bad Adler-32 is seen");
	}

	/* a map of a 2D surface in every colouring: every pixel is what
	 * gk_tile_map_row gave, and the rows were filtered */
	struct gk_tile_params p = good2d();
	struct gk_tile_surface s;
	gk_tile_surface_init(&s, &p);
	for (unsigned by = GK_MAP_PIPE; by <= GK_MAP_ORDER; by++) {
		struct mem m = { 0 };
		uint8_t *want = malloc((size_t)s.pitch * 3 * s.padded_height);
		for (uint32_t y = 0; want && y < s.padded_height; y++)
			gk_tile_map_row(&s, by, y, 0, want + (size_t)y * 3 * s.pitch);
		int r = want ? png_write_image(&m, s.pitch, s.padded_height, want) : -1;
		uint32_t w, h;
		struct po_stats st;
		uint8_t *img = r ? NULL : png_decode(&m, &w, &h, &st);
		CHECK(img && w == s.pitch && h == s.padded_height, "map %u: PNG does not decode", by);
		if (img)
			CHECK(!memcmp(img, want, (size_t)w * 3 * h), "map %u: pixels differ", by);
		if (img)
			CHECK(st.filters[0] < h && st.blocks[2] > 0 && m.t.n < (size_t)w * h / 4,
			      "map %u: %u rows unfiltered of %u, %u dynamic blocks, %zu bytes for %u x %u", by, st.filters[0],
			      h, st.blocks[2], m.t.n, w, h);
		if (by == GK_MAP_PIPE && img) { /* every pipe shows up */
			unsigned distinct = 0;
			for (uint32_t x = 0; x < 64; x++)
				distinct += memcmp(img + 3 * x, img, 3) != 0;
			CHECK(distinct > 0, "pipe map is one colour");
		}
		free(img);
		free(want);
		free(m.t.p);
	}

	/* sizes from one pixel up, odd widths, each kind of picture: decoded
	 * pixels equal the input */
	static const uint32_t sizes[][2] = { { 1, 1 }, { 1, 7 }, { 7, 1 }, { 2, 2 }, { 3, 5 }, { 13, 1 },
					     { 31, 9 }, { 257, 3 }, { 99, 101 } };
	uint64_t seed = 0x9e3779b97f4a7c15ull;
	unsigned kinds[3] = { 0, 0, 0 }; /* blocks of each type over all sizes */
	for (unsigned i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
		for (unsigned kind = 0; kind < 4; kind++) {
			uint32_t W = sizes[i][0], H = sizes[i][1];
			uint8_t *rgb = malloc((size_t)W * H * 3);
			struct mem m = { 0 };
			if (rgb)
				png_fill(rgb, W, H, kind, &seed);
			int r = rgb ? png_write_image(&m, W, H, rgb) : -1;
			uint32_t w = 0, h = 0;
			struct po_stats st;
			uint8_t *img = r ? NULL : png_decode(&m, &w, &h, &st);
			CHECK(img && w == W && h == H && !memcmp(img, rgb, (size_t)W * H * 3), "%u x %u kind %u: decode", W,
			      H, kind);
			for (unsigned t = 0; img && t < 3; t++)
				kinds[t] += st.blocks[t];
			free(img);
			free(rgb);
			free(m.t.p);
		}

	CHECK(kinds[0] == 0 && kinds[1] > 0 && kinds[2] > 0, "block types: %u stored, %u fixed, %u dynamic", kinds[0],
	      kinds[1], kinds[2]);

	/* long enough for many blocks (GK_PNG_BLOCK_SYMS symbols each), matches
	 * of the longest length, and distances across the window (the noise
	 * repeats every 400 pixels, 1200 bytes); bounded writes: each IDAT at
	 * most GK_PNG_OUT_BYTES, output before the end (it streams) */
	{
		uint32_t W = 1500, H = 360;
		uint8_t *rgb = malloc((size_t)W * H * 3);
		struct mem m = { 0 };
		if (rgb)
			png_fill(rgb, W, H, 3, &seed);
		struct gk_png *png = malloc(sizeof *png);
		int r = !rgb || !png || gk_png_begin(png, W, H, mem_write, &m);
		size_t half = 0;
		for (uint32_t y = 0; !r && y < H; y++) {
			r = gk_png_row(png, rgb + (size_t)y * 3 * W);
			if (y == H / 2)
				half = m.t.n;
		}
		r = r || gk_png_end(png);
		uint32_t w = 0, h = 0;
		struct po_stats st;
		uint8_t *img = r ? NULL : png_decode(&m, &w, &h, &st);
		CHECK(img && w == W && h == H && !memcmp(img, rgb, (size_t)W * H * 3), "long image: decode");
		printf("# png: %u x %u noise repeating: %zu bytes, %u fixed + %u dynamic blocks, %llu matches, longest %u, "
		       "farthest %u, %u IDAT chunks\n", W, H, m.t.n, st.blocks[1], st.blocks[2], st.matches, st.max_len,
		       st.max_dist, st.idat);
		CHECK(st.blocks[1] + st.blocks[2] >= 8 && st.blocks[2] >= 1 && st.max_len == 258 && st.max_dist >= 1200 &&
			      st.idat >= 3,
		      "long image: %u fixed + %u dynamic blocks, longest match %u, farthest %u, %u IDATs", st.blocks[1],
		      st.blocks[2], st.max_len, st.max_dist, st.idat);
		CHECK(half > 0 && half < m.t.n && m.max_write <= GK_PNG_OUT_BYTES, "long image: %zu of %zu bytes out "
		      "half way, largest write %zu", half, m.t.n, m.max_write);
		free(img);
		free(png);
		free(rgb);
		free(m.t.p);
	}

	/* rows wider than GK_PNG_ROW_KEEP: None and Sub only (no previous row
	 * kept), and the window slides inside a row */
	uint32_t W = 30000; /* 90000 bytes a row */
	uint8_t *row = calloc(3 * (size_t)W * 3, 1);
	if (row) {
		png_fill(row, W, 3, 2, &seed);
		struct mem m = { 0 };
		int r = png_write_image(&m, W, 3, row);
		uint32_t w, h;
		struct po_stats st;
		uint8_t *img = r ? NULL : png_decode(&m, &w, &h, &st);
		CHECK(img && w == W && h == 3 && !memcmp(img, row, 9 * (size_t)W), "wide PNG");
		CHECK(st.filters[0] + st.filters[1] == 3, "wide PNG: filters %u %u %u %u %u", st.filters[0],
		      st.filters[1], st.filters[2], st.filters[3], st.filters[4]);
		free(img);
		free(m.t.p);
	}

	/* tEXt: before the first row only; keywords as PNG wants them */
	{
		struct mem m = { 0 };
		struct gk_png *png = malloc(sizeof *png);
		uint8_t px[6] = { 1, 2, 3, 4, 5, 6 };
		int r = !png || gk_png_begin(png, 2, 1, mem_write, &m);
		r = r || gk_png_text(png, "Description", "pipe 0: red\npipe 1: green");
		char k80[81];
		memset(k80, 'k', 80);
		k80[80] = 0;
		const char *bad[] = { "", " lead", "trail ", "two  spaces", "tab\there", "\x85", k80, k80 + 1 };
		for (unsigned i = 0; png && i + 1 < sizeof bad / sizeof bad[0]; i++)
			CHECK(gk_png_text(png, bad[i], "x") == -1 && png->error && strstr(png->error, "keyword"),
			      "bad keyword '%s' taken", bad[i]);
		CHECK(png && gk_png_text(png, bad[7], "79 k") == 0, "a keyword of 79 characters refused");
		r = r || gk_png_row(png, px);
		CHECK(png && gk_png_text(png, "Comment", "late") == -1 && png->error && strstr(png->error, "before"),
		      "tEXt after a row taken");
		r = r || gk_png_end(png);
		uint32_t w, h;
		struct po_stats st;
		uint8_t *img = r ? NULL : png_decode(&m, &w, &h, &st);
		CHECK(img && !memcmp(img, px, 6) && st.ntext == 2 && !strcmp(st.key, "Description") &&
			      st.text_len == 25 && !memcmp(st.text, "pipe 0: red\npipe 1: green", 25),
		      "tEXt chunk");
		free(img);
		free(png);
		free(m.t.p);
	}

	/* write errors stop the writer; bad sizes and extra or missing rows are refused */
	struct gk_png *png = malloc(sizeof *png);
	if (!png || !row) {
		CHECK(0, "out of memory");
		free(png);
		free(row);
		return;
	}
	png_fill(row, W, 3, 0, &seed); /* noise: IDAT chunks go out during the rows */
	struct mem f = { .fail_at = 100 };
	int r = gk_png_begin(png, W, 3, mem_write, &f);
	for (int y = 0; y < 3; y++)
		r |= gk_png_row(png, row + (size_t)y * 3 * W);
	CHECK(r != 0 && gk_png_end(png) == -1 && f.t.n <= 100 && png->error && strstr(png->error, "write"),
	      "write error during the rows");
	free(f.t.p);
	/* a small image goes out at the end: the error is end's */
	struct mem f2 = { .fail_at = 40 };
	r = gk_png_begin(png, 4, 2, mem_write, &f2);
	r |= gk_png_row(png, row);
	r |= gk_png_row(png, row);
	CHECK(r == 0 && f2.t.n == 33 && gk_png_end(png) == -1 && png->error && strstr(png->error, "write"),
	      "write error at the end");
	free(f2.t.p);
	struct mem e = { 0 };
	CHECK(gk_png_begin(png, 0, 3, mem_write, &e) == -1 && gk_png_begin(png, 0x80000000u, 1, mem_write, &e) == -1 &&
		      gk_png_begin(png, 1, 0x80000000u, mem_write, &e) == -1 && e.t.n == 0,
	      "bad PNG sizes");
	CHECK(gk_png_begin(png, 5, 0, mem_write, &e) == -1 && png->error && strstr(png->error, "pixel"),
	      "bad size error: %s", png->error ? png->error : "none");
	/* PNG's limit is 2^31 - 1 both ways (begin writes the headers only) */
	CHECK(gk_png_begin(png, GK_PNG_MAX_WIDTH, 0x7fffffffu, mem_write, &e) == 0 && png->error == NULL && e.t.n == 33,
	      "the largest PNG: %zu bytes at begin", e.t.n);
	CHECK(gk_png_begin(png, 0xffffffffu, 1, mem_write, &e) == -1 && png->error && strstr(png->error, "2^31 - 1") &&
		      gk_png_row(png, row) == -1 && gk_png_end(png) == -1,
	      "width 2^32 - 1 refused with a reason (%s)", png->error ? png->error : "none");
	CHECK(gk_png_begin(png, 4, 1, mem_write, &e) == 0 && gk_png_end(png) == -1 && png->error &&
	      strstr(png->error, "fewer rows"), "missing rows");
	CHECK(gk_png_row(png, row) == 0 && gk_png_row(png, row) == -1 && gk_png_end(png) == 0, "extra row");
	free(e.t.p);
	free(png);
	free(row);
}

/* ---- the picture: map and legend --------------------------------------------- */

/* does row (w pixels) hold colour c */
static bool row_has(const uint8_t *row, uint32_t w, const uint8_t *c)
{
	for (uint32_t x = 0; x < w; x++)
		if (!memcmp(row + 3 * (size_t)x, c, 3))
			return true;
	return false;
}

static void legend_tests(void)
{
	/* the pipe and bank colours (the palette the legend text names) */
	static const uint8_t pal[16][3] = {
		{ 0xe6, 0x19, 0x4b }, { 0x3c, 0xb4, 0x4b }, { 0xff, 0xe1, 0x19 }, { 0x00, 0x82, 0xc8 },
		{ 0xf5, 0x82, 0x30 }, { 0x91, 0x1e, 0xb4 }, { 0x46, 0xf0, 0xf0 }, { 0xf0, 0x32, 0xe6 },
		{ 0xd2, 0xf5, 0x3c }, { 0xfa, 0xbe, 0xd4 }, { 0x00, 0x80, 0x80 }, { 0xdc, 0xbe, 0xff },
		{ 0xaa, 0x6e, 0x28 }, { 0xff, 0xfa, 0xc8 }, { 0x80, 0x00, 0x00 }, { 0xaa, 0xff, 0xc3 },
	};
	static const uint8_t blue[3] = { 0, 0, 255 }, ink[3] = { 235, 235, 235 };
	struct gk_tile_params p = good2d();
	p.width = 100, p.height = 37; /* padding on both sides */
	struct gk_tile_surface s;
	CHECK(gk_tile_surface_init(&s, &p) == 0 && s.pipes == 8 && s.p.num_banks == 16, "legend surface");
	uint32_t w, h;
	CHECK(gk_tile_picture_size(NULL, GK_MAP_PIPE, 0, &w, &h) == -1 &&
		      gk_tile_picture_size(&s, (enum gk_tile_map_by)4, 0, &w, &h) == -1,
	      "picture size of nothing");
	for (unsigned by = GK_MAP_PIPE; by <= GK_MAP_ORDER; by++) {
		CHECK(gk_tile_picture_size(&s, by, 0, &w, &h) == 0 && w >= s.pitch && h > s.padded_height + 20,
		      "map %u: picture %u x %u for %u x %u", by, w, h, s.pitch, s.padded_height);
		uint8_t *row = malloc(3 * (size_t)w), *map = malloc(3 * (size_t)s.pitch);
		if (!row || !map) {
			free(row);
			free(map);
			CHECK(0, "out of memory");
			return;
		}
		/* the map rows are gk_tile_map_row's, then background */
		unsigned bad = 0;
		for (uint32_t y = 0; y < s.padded_height; y++) {
			gk_tile_picture_row(&s, by, 0, y, row);
			gk_tile_map_row(&s, by, y, 0, map);
			bad += memcmp(row, map, 3 * (size_t)s.pitch) != 0;
			for (uint32_t x = s.pitch; x < w; x++)
				bad += row[3 * x] != 24 || row[3 * x + 1] != 24 || row[3 * x + 2] != 24;
		}
		CHECK(bad == 0, "map %u: %u map rows differ from gk_tile_map_row", by, bad);
		/* the legend: letters, and a swatch of every pipe (bank) colour and
		 * of no other, or the ramp */
		bool seen[16] = { false }, letters = false, ramp_blue = false;
		for (uint32_t y = s.padded_height; y < h; y++) {
			gk_tile_picture_row(&s, by, 0, y, row);
			letters |= row_has(row, w, ink);
			ramp_blue |= row_has(row, w, blue);
			for (unsigned i = 0; i < 16; i++)
				seen[i] |= row_has(row, w, pal[i]);
		}
		unsigned n = by == GK_MAP_PIPE ? 8 : by == GK_MAP_BANK ? 16 : 0, shown = 0, extra = 0;
		for (unsigned i = 0; i < 16; i++) {
			shown += i < n && seen[i];
			extra += i >= n && seen[i] && !(i == 0 && n == 0);
		}
		CHECK(letters && shown == n && (n ? 1 : ramp_blue), "map %u: legend letters %d, %u of %u swatches, ramp %d", by,
		      letters, shown, n, ramp_blue);
		CHECK(n == 0 || extra == 0, "map %u: %u colours in the legend that the map does not use", by, extra);
		free(row);
		free(map);
	}
	/* big maps get bigger letters: the legend grows with the width */
	struct gk_tile_params pb = good2d();
	pb.width = 4096, pb.height = 64;
	struct gk_tile_surface sb;
	uint32_t wb = 0, hb = 0, ws = 0, hs = 0;
	CHECK(gk_tile_surface_init(&sb, &pb) == 0 && gk_tile_picture_size(&sb, GK_MAP_PIPE, 0, &wb, &hb) == 0 &&
		      gk_tile_picture_size(&s, GK_MAP_PIPE, 0, &ws, &hs) == 0 && wb == sb.pitch &&
		      hb - sb.padded_height > 4 * (hs - s.padded_height),
	      "legend of a 4096-wide map: %u rows, of a 128-wide one: %u", hb - sb.padded_height, hs - s.padded_height);

	/* the legend as text: what the colours mean, snprintf-like */
	char text[2048];
	size_t n = gk_tile_map_legend(&s, GK_MAP_PIPE, 0, text, sizeof text);
	CHECK(n > 0 && n < sizeof text && strlen(text) == n && strstr(text, "pipe 0: #e6194b\n") &&
		      strstr(text, "pipe 7: #f032e6\n") && !strstr(text, "pipe 8") && strstr(text, "P8_32x32_16x16") &&
		      strstr(text, "padding (x >= 100 or y >= 37)"),
	      "pipe legend text:\n%s", text);
	n = gk_tile_map_legend(&s, GK_MAP_BANK, 0, text, sizeof text);
	CHECK(strstr(text, "bank 15: #aaffc3\n") != NULL, "bank legend text:\n%s", text);
	n = gk_tile_map_legend(&s, GK_MAP_ORDER, 3, text, sizeof text);
	CHECK(strstr(text, "byte offset in slice 3, 0 to 0x") && strstr(text, "blue #0000ff (0)"), "order legend text:\n%s",
	      text);
	n = gk_tile_map_legend(&s, GK_MAP_MICROTILE, 0, text, sizeof text);
	CHECK(strstr(text, "0 to 63") && strstr(text, "red #ff") && strstr(text, "(63)"), "micro-tile legend text:\n%s",
	      text);
	char small[10];
	size_t n2 = gk_tile_map_legend(&s, GK_MAP_MICROTILE, 0, small, sizeof small);
	CHECK(n2 == n && strlen(small) == 9 && !memcmp(small, text, 9) && gk_tile_map_legend(&s, GK_MAP_MICROTILE, 0, NULL, 0) == n,
	      "legend text cut to its buffer");
	for (size_t i = 0; i < n; i++)
		if (text[i] < 32 && text[i] != '\n') {
			CHECK(0, "legend text: control character at %zu", i);
			break;
		}
	CHECK(gk_tile_map_legend(NULL, GK_MAP_PIPE, 0, small, sizeof small) == 0 && small[0] == 0, "legend of nothing");
}

int main(void)
{
	const char *shared = "../shared/reference/tiling";
	unsigned nidx;
	unsigned ns = check_surfaces("tests/vectors/tiling_surfaces.tsv", &nidx);
	unsigned bad;
	unsigned na = check_addresses("tests/vectors/tiling_addresses.tsv", &bad);
	printf("# committed vectors: %u surfaces (%u also from a chip's tile index), %u addresses, %u differ\n", ns, nidx,
	       na, bad);
	CHECK(ns == 111 && na > 3000 && nidx > 20, "committed vectors missing (%u surfaces, %u addresses)", ns, na);
	char path[512];
	snprintf(path, sizeof path, "%s/surfaces.tsv", shared);
	FILE *f = fopen(path, "r");
	if (f) {
		fclose(f);
		memset(cases, 0, sizeof cases);
		ns = check_surfaces(path, &nidx);
		CHECK(ns == 111, "shared corpus: %u surfaces, want 111", ns);
		snprintf(path, sizeof path, "%s/addresses.tsv", shared);
		f = fopen(path, "r");
		if (f) {
			fclose(f);
			na = check_addresses(path, &bad);
			printf("# %s: %u surfaces, %u addresses, %u differ\n", shared, ns, na, bad);
			CHECK(na == 22829, "shared corpus: %u addresses, want 22829", na);
		} else {
			TL_SKIP("%s not found: addrlib's addresses of the shared corpus not compared", path);
		}
	} else {
		TL_SKIP("%s not found: addrlib's 111 surfaces and 22,829 addresses not compared (a fresh clone has no "
			"../shared)", path);
	}
	mapping_shapes();
	chip_tables(shared);
	micro_orders(shared);
	table_soundness();
	pack_roundtrip();
	pack_alias_example();
	pack_sweep();
	invalid_params();
	hostile_params();
	modifier_fields();
	png_tests();
	legend_tests();
	return tl_done();
}
