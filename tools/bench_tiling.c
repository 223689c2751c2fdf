/* Tiling throughput (`make bench`).  GFX6-8: element addresses per second
 * (gk_tile_addr over whole surfaces) and pack/unpack MB/s (linear image bytes
 * per second, best of 3, one core) on a few surfaces, among them the issue's
 * target: a 4096 x 4096 x 32 bpp 2D surface at >= 500 MB/s.  GFX10/GFX11
 * (include/gfxkit/swizzle.h): pack/unpack MB/s of 4096 x 4096 surfaces next
 * to memcpy of the same bytes, target >= 0.3 x memcpy for the 64 KB modes.
 * Each pack is checked by unpacking it again; exit status 1 only if that
 * differs.  Missed targets are reported, not fatal. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "gfxkit/swizzle.h"
#include "gfxkit/tiling.h"

#define RUNS 3
#define TARGET_MBS 500.0
#define SWZ_RUNS 5

struct surf {
	const char *name;
	const char *chip; /* with tile index, or NULL */
	unsigned index;
	unsigned mode, micro, bpp;
	uint32_t w, h;
	int pc;
	unsigned ts, bw, bh, ma, nb;
};

static const struct surf surfs[] = {
	{ "2d tonga thin 4096x4096 32bpp", "tonga", 14, 0, 0, 32, 4096, 4096, 0, 0, 0, 0, 0, 0 },
	{ "2d tahiti display 4096x4096 32bpp", "tahiti", 12, 0, 0, 32, 4096, 4096, 0, 0, 0, 0, 0, 0 },
	{ "2d hawaii thin 2048x2048 128bpp", "hawaii", 14, 0, 0, 128, 2048, 2048, 0, 0, 0, 0, 0, 0 },
	{ "2d split 64bpp ts256 2048x2048", NULL, 0, GK_TILE_2D, GK_MICRO_THIN, 64, 2048, 2048, 12, 256, 1, 1, 1, 16 },
	{ "2d 8bpp P4 4096x4096", "bonaire", 14, 0, 0, 8, 4096, 4096, 0, 0, 0, 0, 0, 0 },
	{ "1d thin 4096x4096 32bpp", NULL, 0, GK_TILE_1D, GK_MICRO_THIN, 32, 4096, 4096, -1, 0, 0, 0, 0, 0 },
	{ "linear 4096x4096 32bpp", NULL, 0, GK_TILE_LINEAR, 0, 32, 4096, 4096, -1, 0, 0, 0, 0, 0 },
};

/* GFX10-GFX11 surfaces: chip, mode, bpp (4096 x 4096, one mip) */
static const struct swz_case {
	const char *chip, *mode;
	unsigned bpp;
	int k64; /* a 64 KB mode: counts for the target */
} swz_cases[] = {
	{"navi10", "64KB_S_X", 32, 1}, {"navi21", "64KB_R_X", 32, 1}, {"navi21", "64KB_D_X", 64, 1},
	{"navi31", "64KB_R_X", 32, 1}, {"navi31", "256KB_R_X", 32, 0}, {"phoenix", "64KB_Z_X", 32, 1},
	{"navi21", "4KB_S", 8, 0},
};

/* CPU time of this process: the pack and the memcpy it is compared with
 * are timed alike, and a machine shared with other work does not count its
 * neighbours' time against either */
static double cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int bench_swz(void)
{
	int rc = 0;
	double worst = 1e9;
	printf("swizzle (GFX10-GFX11): pack/unpack of 4096x4096 surfaces next to memcpy (linear MB/s of CPU time, "
	       "best of %d)\n",
	       SWZ_RUNS);
	for (size_t i = 0; i < sizeof swz_cases / sizeof swz_cases[0]; i++) {
		const struct swz_case *c = &swz_cases[i];
		struct gk_swz_params p;
		struct gk_swz_surface s;
		struct gk_diag err;
		gk_swz_params_init(&p);
		p.chip = gk_swz_chip_find(c->chip);
		p.mode = p.chip ? (unsigned)gk_swz_mode_parse(p.chip->gen, c->mode) : 0;
		p.bpp = c->bpp;
		p.width = p.height = 4096;
		if (gk_swz_surface_init(&s, &p, &err)) {
			fprintf(stderr, "bench_tiling: %s %s: %s\n", c->chip, c->mode, err.message);
			return 1;
		}
		size_t nl = gk_swz_linear_bytes(&s);
		uint8_t *lin = malloc(nl), *back = malloc(nl), *tiled = malloc((size_t)s.surf_size);
		if (!lin || !back || !tiled) {
			fprintf(stderr, "bench_tiling: out of memory\n");
			return 1;
		}
		uint64_t x = 0x9e3779b97f4a7c15ull;
		for (size_t k = 0; k < nl; k++) {
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			lin[k] = (uint8_t)x;
		}
		memset(tiled, 0, (size_t)s.surf_size);
		memset(back, 0, nl);
		double bp = 1e9, bu = 1e9, bm = 1e9;
		for (int r = 0; r < SWZ_RUNS; r++) {
			double t0 = cpu_now();
			gk_swz_pack(&s, lin, tiled);
			double t1 = cpu_now();
			gk_swz_unpack(&s, tiled, back);
			double t2 = cpu_now();
			memcpy(tiled, lin, nl);
			double t3 = cpu_now();
			bp = t1 - t0 < bp ? t1 - t0 : bp;
			bu = t2 - t1 < bu ? t2 - t1 : bu;
			bm = t3 - t2 < bm ? t3 - t2 : bm;
		}
		if (memcmp(lin, back, nl)) {
			fprintf(stderr, "bench_tiling: %s %s: unpack(pack(x)) != x\n", c->chip, c->mode);
			rc = 1;
		}
		double mb = (double)nl / 1e6, slow = bp > bu ? bp : bu;
		printf("  %-8s %-10s %3u bpp  pack %6.0f MB/s  unpack %6.0f MB/s  memcpy %6.0f MB/s  (%.2fx memcpy)\n",
		       c->chip, c->mode, c->bpp, mb / bp, mb / bu, mb / bm, bm / slow);
		if (c->k64 && bm / slow < worst)
			worst = bm / slow;
		free(lin);
		free(back);
		free(tiled);
	}
	report_target("swizzle pack/unpack of 64 KB modes (GFX10/GFX11), slower of the two, as x memcpy", true, 0.3,
		      worst, "x memcpy");
	return rc;
}

int main(void)
{
	int rc = 0;
	printf("tiling: pack/unpack (linear MB/s, best of %d) and addresses per second\n", RUNS);
	for (size_t i = 0; i < sizeof surfs / sizeof surfs[0]; i++) {
		const struct surf *c = &surfs[i];
		struct gk_tile_params p;
		struct gk_tile_surface s;
		gk_tile_params_init(&p);
		p.bpp = c->bpp, p.width = c->w, p.height = c->h;
		if (c->chip) {
			struct gk_diag err;
			if (gk_tile_params_from_chip(&p, c->chip, c->index, &err)) {
				fprintf(stderr, "bench_tiling: %s\n", err.message);
				return 1;
			}
		} else {
			p.mode = c->mode, p.micro = c->micro, p.pipe_config = c->pc, p.tile_split = c->ts;
			p.bank_width = c->bw, p.bank_height = c->bh, p.macro_aspect = c->ma, p.num_banks = c->nb;
		}
		if (gk_tile_surface_init(&s, &p)) {
			fprintf(stderr, "bench_tiling: %s: %s\n", c->name, s.diags[0].message);
			return 1;
		}
		size_t nl = gk_tile_linear_bytes(&s);
		uint8_t *lin = malloc(nl), *back = malloc(nl), *tiled = malloc((size_t)s.surface_bytes);
		if (!lin || !back || !tiled) {
			fprintf(stderr, "bench_tiling: out of memory\n");
			return 1;
		}
		uint64_t x = 0x9e3779b97f4a7c15ull;
		for (size_t k = 0; k < nl; k++) {
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			lin[k] = (uint8_t)x;
		}
		memset(tiled, 0, (size_t)s.surface_bytes); /* fault the pages in before timing */
		memset(back, 0, nl);
		double bp = 1e9, bu = 1e9;
		for (int r = 0; r < SWZ_RUNS; r++) {
			double t0 = cpu_now();
			gk_tile_pack(&s, lin, tiled);
			double t1 = cpu_now();
			gk_tile_unpack(&s, tiled, back);
			double t2 = cpu_now();
			bp = t1 - t0 < bp ? t1 - t0 : bp;
			bu = t2 - t1 < bu ? t2 - t1 : bu;
		}
		if (memcmp(lin, back, nl)) {
			fprintf(stderr, "bench_tiling: %s: unpack(pack(x)) != x\n", c->name);
			rc = 1;
		}
		/* addresses: every element of the padded slice, summed so nothing is optimised out */
		uint64_t sum = 0, n = 0;
		double t0 = cpu_now();
		for (uint32_t y = 0; y < s.padded_height; y++)
			for (uint32_t xx = 0; xx < s.pitch; xx++) {
				uint64_t a;
				gk_tile_addr(&s, xx, y, 0, &a);
				sum += a;
				n++;
			}
		double ta = now() - t0;
		double mb = (double)nl / 1e6;
		printf("  %-36s pack %7.0f MB/s  unpack %7.0f MB/s  addr %6.1f M/s  (%.0f MB%s)\n", c->name, mb / bp,
		       mb / bu, (double)n / ta / 1e6, mb, sum ? "" : ", no addresses?");
		if (i == 0) {
			double lo = mb / bp < mb / bu ? mb / bp : mb / bu;
			report_target("tiling pack/unpack 4096x4096 32bpp 2D", true, TARGET_MBS, lo, "MB/s");
		}
		free(lin);
		free(back);
		free(tiled);
	}
	return rc | bench_swz();
}
