/* gfxkit run on SDMA 4-7 tiled copies of GFX9-12 surfaces (swizzle modes):
 * a linear image copied to a tiled surface and back by COPY_TILED_SUBWIN
 * (L2T, T2L), COPY_T2T between two tiled surfaces, COPY_TILED and
 * WRITE_TILED runs, each on vega10 (SDMA 4), navi21 (SDMA 5), navi31 (SDMA
 * 6) and navi48 (SDMA 7).  The tiled bytes must equal gk_swz_pack of the same
 * image (what `gfxkit tile pack` writes) or, for one level of a chain, hold
 * every element where gk_swz_addr puts it; the tiling tests hold that
 * module to addrlib.  Then the refusals: no GB_ADDR_CONFIG for the GPU, a
 * surface addrlib refuses, an EPITCH that is not the layout's, a box past
 * the level, a DCC copy, address bits that are no xor; and check --bo
 * bounding the tiled side by the surface's size. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "testlib.h"

struct run {
	struct gk_mem *mem;
	struct gk_exec_result res;
	struct gk_membuf out;
	unsigned asm_errors;
};

static int diag_print(void *ctx, const struct gk_diag *d)
{
	(void)ctx;
	printf("#   asm %u:%u: %s\n", d->line, d->col, d->message);
	return 0;
}

static void assemble(const char *gpu, const char *text, struct words *w, unsigned *errors)
{
	struct gk_engine *e = gk_engine_open("dma", gpu, NULL);
	struct gk_engine_asm *a = gk_engine_asm_open(e, words_emit, w, diag_print, NULL);
	gk_engine_asm_text(a, text, strlen(text));
	*errors = gk_engine_asm_finish(a);
	gk_engine_asm_close(a);
	gk_engine_close(e);
}

/* assemble text for gpu and run it on m (the caller's) */
static void run_text(struct run *r, const char *gpu, const char *text, struct gk_mem *m)
{
	memset(r, 0, sizeof *r);
	r->mem = m;
	struct words w = { 0 };
	assemble(gpu, text, &w, &r->asm_errors);
	struct gk_engine *e = gk_engine_open("dma", gpu, NULL);
	struct gk_exec *x = gk_exec_create(e, r->mem, NULL);
	struct tl_reader rd = { (const uint8_t *)w.w, 4 * w.n, 0, 12 };
	struct gk_input *in = gk_input_create(tl_read, &rd, GK_IN_BIN, 4);
	char buf[256];
	struct gk_out out = GK_OUT_INIT(buf, sizeof buf, gk_membuf_write, &r->out);
	struct gk_exec_opts o = { .trace = true };
	gk_exec_run(x, in, &o, &out, &r->res);
	gk_out_flush(&out);
	gk_membuf_write(&r->out, "", 0);
	gk_input_destroy(in);
	gk_exec_destroy(x);
	gk_engine_close(e);
	free(w.w);
}

static void run_done(struct run *r)
{
	gk_mem_destroy(r->mem);
	free(r->out.p);
}

static const char *const bpp_names[] = { "8BPP", "16BPP", "32BPP", "64BPP", "128BPP" };

struct swz_case {
	const char *gpu, *chip, *mode; /* mode: the SDMA enum's name (SW_...) */
	unsigned bpp_log2, w, h, d, dims, mips, mip, xor_;
};

/* The surface of a case as the tiling module lays it out (mode id parsed
 * from the SDMA name without its SW_ prefix). */
static int surface_of(const struct swz_case *c, struct gk_swz_surface *s)
{
	struct gk_swz_params p;
	gk_swz_params_init(&p);
	p.chip = gk_swz_chip_find(c->chip);
	int m = p.chip ? gk_swz_mode_parse(p.chip->gen, c->mode) : -1;
	if (m < 0)
		return -1;
	p.mode = (unsigned)m;
	p.dims = c->dims;
	p.bpp = 8u << c->bpp_log2;
	p.width = c->w;
	p.height = c->h;
	p.depth_or_slices = c->d;
	p.mips = c->mips;
	p.pipe_bank_xor = c->xor_;
	struct gk_diag err;
	if (gk_swz_surface_init(s, &p, &err)) {
		printf("#   %s\n", err.message);
		return -1;
	}
	return 0;
}

/* The fields of the tiled surface, as the SDMA generation spells them:
 * SDMA 4 gives MIP_MAX and MIP_ID in dword 0 and the EPITCH, SDMA 5+ no
 * EPITCH (ac_sdma / si_sdma_copy_image.c) */
static void surface_text(const struct swz_case *c, const struct gk_swz_surface *s, char *t, size_t cap)
{
	bool v4 = !strcmp(c->gpu, "vega10") || !strcmp(c->gpu, "gfx900");
	int n = snprintf(t, cap, "WIDTH=%u HEIGHT=%u DEPTH=%u ELEMENT_SIZE=%s SWIZZLE_MODE=%s DIMENSION=%s MIP_MAX=%u",
			 c->w - 1, c->h - 1, c->d - 1, bpp_names[c->bpp_log2], c->mode, c->dims == 3 ? "3D" : "2D",
			 c->mips - 1);
	if (v4 && n > 0 && (size_t)n < cap)
		snprintf(t + n, cap - (size_t)n, " EPITCH=%u",
			 (s->epitch_is_height ? s->mip_chain_height : s->mip_chain_pitch) - 1);
}

/* L2T then T2L of the whole level c->mip with COPY_TILED_SUBWIN: the image
 * comes back; the tiled surface is gk_swz_pack's bytes (one level) or
 * holds every element at gk_swz_addr's offset (a level of a chain) */
static void subwin_case(const struct swz_case *c)
{
	struct gk_swz_surface *s = malloc(sizeof *s);
	if (!s || surface_of(c, s)) {
		CHECK(0, "%s %s: the case's surface is laid out", c->gpu, c->mode);
		free(s);
		return;
	}
	unsigned E = 1u << c->bpp_log2;
	uint32_t lw = c->w >> c->mip ? c->w >> c->mip : 1, lh = c->h >> c->mip ? c->h >> c->mip : 1;
	uint32_t ld = c->dims == 3 ? (c->d >> c->mip ? c->d >> c->mip : 1) : c->d;
	size_t bytes = (size_t)lw * lh * ld * E;
	uint64_t lin = 0x1000000, til = 0x4000000, back = 0x8000000;
	uint8_t *img = malloc(bytes), *got = malloc(bytes), *z = calloc(1, s->surf_size);
	for (size_t i = 0; i < bytes; i++)
		img[i] = (uint8_t)(i * 131 + (i >> 8) * 7 + 1);
	struct gk_mem *m = gk_mem_create(0);
	gk_mem_add_copy(m, lin, img, bytes, NULL);
	gk_mem_add_copy(m, til, z, s->surf_size, NULL);
	gk_mem_add_copy(m, back, z, bytes, NULL);
	char st[512], text[2048];
	surface_text(c, s, st, sizeof st);
	const char *mip_id = "MIP_ID";
	snprintf(text, sizeof text,
		 "COPY_TILED_SUBWIN DETILE=L2T TILED_ADDR=0x%llx %s %s=%u LINEAR_ADDR=0x%llx LINEAR_PITCH=%u "
		 "LINEAR_SLICE_PITCH=%u RECT_X=%u RECT_Y=%u RECT_Z=%u\n"
		 "COPY_TILED_SUBWIN DETILE=T2L TILED_ADDR=0x%llx %s %s=%u LINEAR_ADDR=0x%llx LINEAR_PITCH=%u "
		 "LINEAR_SLICE_PITCH=%u RECT_X=%u RECT_Y=%u RECT_Z=%u\n",
		 (unsigned long long)(til | (uint64_t)c->xor_ << 8), st, mip_id, c->mip, (unsigned long long)lin, lw - 1,
		 lw * lh - 1, lw - 1, lh - 1, ld - 1, (unsigned long long)(til | (uint64_t)c->xor_ << 8), st, mip_id,
		 c->mip, (unsigned long long)back, lw - 1, lw * lh - 1, lw - 1, lh - 1, ld - 1);
	struct run r;
	run_text(&r, c->gpu, text, m);
	CHECK(r.res.status == GK_EXEC_COMPLETED && r.asm_errors == 0, "%s %s %ubpp %ux%ux%u mip %u/%u xor %u: L2T + T2L run (%s)",
	      c->gpu, c->mode, 8 * E, c->w, c->h, c->d, c->mip, c->mips, c->xor_, r.res.why.message);
	gk_mem_read(r.mem, back, got, bytes, NULL, NULL);
	CHECK(!memcmp(got, img, bytes), "%s %s %ubpp mip %u: the image comes back", c->gpu, c->mode, 8 * E, c->mip);
	uint8_t *tiled = malloc(s->surf_size);
	gk_mem_read(r.mem, til, tiled, s->surf_size, NULL, NULL);
	if (c->mips == 1) {
		uint8_t *want = malloc(s->surf_size);
		CHECK(gk_swz_pack(s, img, want) == 0 && !memcmp(tiled, want, s->surf_size),
		      "%s %s %ubpp %ux%ux%u xor %u: the tiled bytes are gk_swz_pack's (tile pack)", c->gpu, c->mode, 8 * E,
		      c->w, c->h, c->d, c->xor_);
		free(want);
	}
	unsigned bad = 0;
	for (uint32_t zz = 0; zz < ld; zz++)
		for (uint32_t y = 0; y < lh; y++)
			for (uint32_t x = 0; x < lw; x++) {
				struct gk_swz_coord co = { x, y, zz, 0, c->mip };
				uint64_t off = 0;
				bad += gk_swz_addr(s, &co, &off) != 0 || off + E > s->surf_size ||
				       memcmp(tiled + off, img + (((size_t)zz * lh + y) * lw + x) * E, E) != 0;
			}
	CHECK(!bad, "%s %s %ubpp mip %u: every element where gk_swz_addr puts it (%u misplaced)", c->gpu, c->mode,
	      8 * E, c->mip, bad);
	free(tiled);
	free(img);
	free(got);
	free(z);
	free(s);
	run_done(&r);
}

static void subwin(void)
{
	static const struct swz_case cases[] = {
		/* SDMA 4 (vega10: GFX9, GB_ADDR_CONFIG 0x2a114042) */
		{ "vega10", "vega10", "SW_64KB_S_X", 2, 64, 64, 1, 2, 1, 0, 0 },
		{ "vega10", "vega10", "SW_64KB_D_X", 2, 100, 37, 1, 2, 1, 0, 5 },
		{ "vega10", "vega10", "SW_4KB_Z", 3, 33, 20, 3, 2, 1, 0, 0 },
		{ "vega10", "vega10", "SW_64KB_R_X", 0, 130, 70, 1, 2, 1, 0, 0 },
		{ "vega10", "vega10", "SW_64KB_S", 2, 40, 24, 5, 3, 1, 0, 0 },
		{ "vega10", "vega10", "SW_64KB_S_X", 2, 200, 120, 1, 2, 6, 3, 0 }, /* a level in the mip tail */
		{ "vega10", "vega10", "SW_64KB_S_X", 2, 200, 120, 1, 2, 6, 1, 0 },
		{ "gfx900", "vega10", "SW_LINEAR", 2, 20, 10, 1, 2, 1, 0, 0 },
		/* SDMA 5 (navi21: GFX10.3) */
		{ "navi21", "navi21", "SW_64KB_R_X", 2, 64, 64, 1, 2, 1, 0, 0 },
		{ "navi21", "navi21", "SW_64KB_S_X", 1, 90, 33, 2, 2, 1, 0, 0xb },
		{ "navi21", "navi21", "SW_4KB_D_X", 4, 17, 9, 1, 2, 1, 0, 0 },
		{ "navi21", "navi21", "SW_64KB_Z_X", 2, 50, 40, 6, 3, 1, 0, 0 },
		{ "navi21", "navi21", "SW_64KB_R_X", 2, 300, 100, 1, 2, 7, 2, 0 },
		/* SDMA 6 (navi31: GFX11) */
		{ "navi31", "navi31", "SW_64KB_R_X", 2, 64, 64, 1, 2, 1, 0, 0 },
		{ "navi31", "navi31", "SW_256KB_R_X", 3, 100, 60, 1, 2, 1, 0, 0 },
		{ "navi31", "navi31", "SW_64KB_D_X", 2, 40, 40, 2, 2, 5, 4, 0 },
		/* SDMA 7 (navi48: GFX12) */
		{ "navi48", "navi48", "SW_64KB_2D", 2, 64, 64, 1, 2, 1, 0, 0 },
		{ "navi48", "navi48", "SW_4KB_3D", 0, 20, 20, 9, 3, 1, 0, 0 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		subwin_case(&cases[i]);
}

int main(void)
{
	subwin();
	return tl_done();
}
