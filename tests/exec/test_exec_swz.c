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

/* A memory with the case's surface packed from img at til (and room for
 * more at 0x8000000); NULL on a case that is not laid out. */
static struct gk_mem *with_surface(const struct swz_case *c, struct gk_swz_surface *s, uint64_t til, uint8_t **img)
{
	if (surface_of(c, s))
		return NULL;
	size_t lb = gk_swz_linear_bytes(s);
	*img = malloc(lb);
	uint8_t *t = malloc(s->surf_size);
	for (size_t i = 0; i < lb; i++)
		(*img)[i] = (uint8_t)(i * 37 + (i >> 9) + 5);
	gk_swz_pack(s, *img, t);
	struct gk_mem *m = gk_mem_create(0);
	gk_mem_add_copy(m, til, t, s->surf_size, NULL);
	uint8_t *z = calloc(1, 0x100000);
	gk_mem_add_copy(m, 0x8000000, z, 0x100000, NULL);
	free(z);
	free(t);
	return m;
}

/* COPY_T2T: a box of one surface into another of another mode (SDMA 4:
 * one MIP_MAX and an EPITCH each; SDMA 5+: MIP_MAX and MIP_ID each) */
static void t2t(void)
{
	static const struct {
		struct swz_case src, dst;
		unsigned sx, sy, dx, dy, w, h;
	} cases[] = {
		{ { "vega10", "vega10", "SW_64KB_S_X", 2, 100, 60, 1, 2, 1, 0, 0 },
		  { "vega10", "vega10", "SW_4KB_D", 2, 80, 50, 1, 2, 1, 0, 0 }, 7, 3, 11, 20, 40, 25 },
		{ { "navi31", "navi31", "SW_64KB_R_X", 3, 70, 70, 1, 2, 1, 0, 0 },
		  { "navi31", "navi31", "SW_256KB_R_X", 3, 64, 64, 1, 2, 1, 0, 0 }, 5, 6, 0, 1, 60, 60 },
		{ { "navi48", "navi48", "SW_256B_2D", 1, 30, 30, 1, 2, 1, 0, 0 },
		  { "navi48", "navi48", "SW_64KB_2D", 1, 30, 30, 1, 2, 1, 0, 0 }, 0, 0, 0, 0, 30, 30 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const struct swz_case *a = &cases[i].src, *b = &cases[i].dst;
		struct gk_swz_surface *sa = malloc(sizeof *sa), *sb = malloc(sizeof *sb);
		uint8_t *img = NULL;
		uint64_t ta = 0x1000000, tb = 0x4000000;
		struct gk_mem *m = with_surface(a, sa, ta, &img);
		if (!m || surface_of(b, sb)) {
			CHECK(0, "t2t case %zu is laid out", i);
			free(sa), free(sb), free(img), gk_mem_destroy(m);
			continue;
		}
		uint8_t *z = calloc(1, sb->surf_size);
		gk_mem_add_copy(m, tb, z, sb->surf_size, NULL);
		free(z);
		bool v4 = !strcmp(a->gpu, "vega10");
		char text[1024];
		snprintf(text, sizeof text,
			 "COPY_T2T SRC_ADDR=0x%llx SRC_X=%u SRC_Y=%u SRC_WIDTH=%u SRC_HEIGHT=%u SRC_ELEMENT_SIZE=%s "
			 "SRC_SWIZZLE_MODE=%s SRC_DIMENSION=2D %s=%u DST_ADDR=0x%llx DST_X=%u DST_Y=%u DST_WIDTH=%u DST_HEIGHT=%u "
			 "DST_ELEMENT_SIZE=%s DST_SWIZZLE_MODE=%s DST_DIMENSION=2D %s=%u RECT_X=%u RECT_Y=%u\n",
			 (unsigned long long)ta, cases[i].sx, cases[i].sy, a->w - 1, a->h - 1, bpp_names[a->bpp_log2], a->mode,
			 v4 ? "SRC_EPITCH" : "SRC_MIP_MAX",
			 v4 ? (sa->epitch_is_height ? sa->mip_chain_height : sa->mip_chain_pitch) - 1 : 0,
			 (unsigned long long)tb, cases[i].dx, cases[i].dy, b->w - 1, b->h - 1, bpp_names[b->bpp_log2], b->mode,
			 v4 ? "DST_EPITCH" : "DST_MIP_MAX",
			 v4 ? (sb->epitch_is_height ? sb->mip_chain_height : sb->mip_chain_pitch) - 1 : 0, cases[i].w - 1,
			 cases[i].h - 1);
		struct run r;
		run_text(&r, a->gpu, text, m);
		CHECK(r.res.status == GK_EXEC_COMPLETED && r.asm_errors == 0, "%s T2T %s -> %s runs (%s)", a->gpu, a->mode,
		      b->mode, r.res.why.message);
		unsigned E = 1u << a->bpp_log2, bad = 0;
		uint8_t ea[16], eb[16];
		for (uint32_t y = 0; y < cases[i].h; y++)
			for (uint32_t x = 0; x < cases[i].w; x++) {
				struct gk_swz_coord ca = { cases[i].sx + x, cases[i].sy + y, 0, 0, 0 };
				struct gk_swz_coord cb = { cases[i].dx + x, cases[i].dy + y, 0, 0, 0 };
				uint64_t oa = 0, ob = 0;
				gk_swz_addr(sa, &ca, &oa);
				gk_swz_addr(sb, &cb, &ob);
				gk_mem_read(r.mem, ta + oa, ea, E, NULL, NULL);
				gk_mem_read(r.mem, tb + ob, eb, E, NULL, NULL);
				bad += memcmp(ea, eb, E) != 0;
			}
		CHECK(!bad, "%s T2T %s -> %s: every element of the box where gk_swz_addr puts it (%u wrong)", a->gpu,
		      a->mode, b->mode, bad);
		free(sa), free(sb), free(img);
		run_done(&r);
	}
}

/* The run forms: WRITE_TILED's data and COPY_TILED's COUNT + 1 dwords go
 * along the rows of the surface from (X, Y) of slice Z */
static void runs(void)
{
	static const struct swz_case c = { "navi21", "navi21", "SW_64KB_D_X", 2, 40, 20, 2, 2, 1, 0, 0 };
	struct gk_swz_surface *s = malloc(sizeof *s);
	uint8_t *img = NULL;
	uint64_t til = 0x1000000;
	struct gk_mem *m = with_surface(&c, s, til, &img);
	if (!m) {
		CHECK(0, "the run case is laid out");
		free(s);
		return;
	}
	/* three dwords from (38, 5) of slice 1: (38, 5), (39, 5), (0, 6) */
	char text[1024];
	snprintf(text, sizeof text,
		 "WRITE_TILED DST_ADDR=0x%llx WIDTH=39 HEIGHT=19 DEPTH=1 ELEMENT_SIZE=32BPP SWIZZLE_MODE=SW_64KB_D_X "
		 "DIMENSION=2D X=38 Y=5 Z=1\n    DATA 0xa1 0xa2 0xa3\n"
		 "COPY_TILED DETILE=T2L TILED_ADDR=0x%llx WIDTH=39 HEIGHT=19 DEPTH=1 ELEMENT_SIZE=32BPP "
		 "SWIZZLE_MODE=SW_64KB_D_X DIMENSION=2D X=39 Y=19 Z=0 LINEAR_ADDR=0x8000000 COUNT=1\n",
		 (unsigned long long)til, (unsigned long long)til);
	struct run r;
	run_text(&r, "navi21", text, m);
	CHECK(r.res.status == GK_EXEC_COMPLETED && r.asm_errors == 0, "WRITE_TILED + COPY_TILED run (%s)",
	      r.res.why.message);
	static const uint32_t at[3][3] = { { 38, 5, 1 }, { 39, 5, 1 }, { 0, 6, 1 } };
	for (unsigned i = 0; i < 3; i++) {
		struct gk_swz_coord co = { at[i][0], at[i][1], at[i][2], 0, 0 };
		uint64_t off = 0;
		uint32_t v = 0;
		gk_swz_addr(s, &co, &off);
		gk_mem_read(r.mem, til + off, &v, 4, NULL, NULL);
		CHECK(v == 0xa1 + i, "WRITE_TILED dword %u at (%u, %u, %u): 0x%x", i, at[i][0], at[i][1], at[i][2], v);
	}
	/* (39, 19) of slice 0, then (0, 0) of slice 1: the packed image's */
	uint32_t got[2] = { 0, 0 };
	gk_mem_read(r.mem, 0x8000000, got, 8, NULL, NULL);
	uint32_t want0, want1;
	memcpy(&want0, img + ((size_t)19 * 40 + 39) * 4, 4);
	memcpy(&want1, img + (size_t)40 * 20 * 4, 4);
	CHECK(got[0] == want0 && got[1] == want1, "COPY_TILED T2L runs into the next slice: 0x%x 0x%x", got[0], got[1]);
	free(s);
	free(img);
	run_done(&r);
}

/* COPY_L2T_BROADCAST: COUNT + 1 dwords of the linear side to the same run
 * of elements of two surfaces of one layout */
static void broadcast(void)
{
	static const struct swz_case c = { "navi31", "navi31", "SW_64KB_R_X", 2, 64, 32, 1, 2, 1, 0, 0 };
	struct gk_swz_surface *s = malloc(sizeof *s);
	if (!s || surface_of(&c, s)) {
		CHECK(0, "the broadcast case is laid out");
		free(s);
		return;
	}
	uint64_t t0 = 0x1000000, t1 = 0x2000000, lin = 0x8000000;
	struct gk_mem *m = gk_mem_create(0);
	uint8_t *z = calloc(1, s->surf_size);
	gk_mem_add_copy(m, t0, z, s->surf_size, NULL);
	gk_mem_add_copy(m, t1, z, s->surf_size, NULL);
	uint32_t src[100];
	for (unsigned i = 0; i < 100; i++)
		src[i] = 0x51000000u | i;
	gk_mem_add_copy(m, lin, src, sizeof src, NULL);
	free(z);
	char text[512];
	/* 100 dwords from (10, 3): the rest of row 3 (54), then 46 of row 4 */
	snprintf(text, sizeof text,
		 "COPY_L2T_BROADCAST TILED_ADDR0=0x%llx TILED_ADDR1=0x%llx WIDTH=63 HEIGHT=31 ELEMENT_SIZE=32BPP "
		 "SWIZZLE_MODE=SW_64KB_R_X DIMENSION=2D X=10 Y=3 LINEAR_ADDR=0x%llx COUNT=99\n",
		 (unsigned long long)t0, (unsigned long long)t1, (unsigned long long)lin);
	struct run r;
	run_text(&r, "navi31", text, m);
	CHECK(r.res.status == GK_EXEC_COMPLETED && r.asm_errors == 0, "navi31 COPY_L2T_BROADCAST runs (%s)",
	      r.res.why.message);
	unsigned bad = 0;
	for (unsigned i = 0; i < 100; i++) {
		uint32_t e = 10 + 3 * 64 + i;
		struct gk_swz_coord co = { e % 64, e / 64, 0, 0, 0 };
		uint64_t off = 0;
		uint32_t v0 = 0, v1 = 0;
		gk_swz_addr(s, &co, &off);
		gk_mem_read(r.mem, t0 + off, &v0, 4, NULL, NULL);
		gk_mem_read(r.mem, t1 + off, &v1, 4, NULL, NULL);
		bad += v0 != src[i] || v1 != src[i];
	}
	CHECK(!bad, "COPY_L2T_BROADCAST: both surfaces hold every dword where gk_swz_addr puts it (%u wrong)", bad);
	free(s);
	run_done(&r);
}

/* What is not run, and why */
static void refusals(void)
{
	static const struct {
		const char *gpu, *text, *why;
	} cases[] = {
		{ "sdma5", "COPY_TILED_SUBWIN TILED_ADDR=0x1000000 WIDTH=63 HEIGHT=63 ELEMENT_SIZE=32BPP SWIZZLE_MODE=SW_64KB_R_X "
			   "DIMENSION=2D LINEAR_ADDR=0x8000000 LINEAR_PITCH=63 LINEAR_SLICE_PITCH=4095 RECT_X=63 RECT_Y=63\n",
		  "GB_ADDR_CONFIG" },
		{ "navi10", "COPY_TILED_SUBWIN TILED_ADDR=0x1000000 WIDTH=63 HEIGHT=63 ELEMENT_SIZE=32BPP SWIZZLE_MODE=SW_VAR_R_X "
			    "DIMENSION=2D LINEAR_ADDR=0x8000000 LINEAR_PITCH=63 LINEAR_SLICE_PITCH=4095 RECT_X=63 RECT_Y=63\n",
		  "RB+" },
		{ "navi21", "COPY_TILED_SUBWIN TILED_ADDR=0x1000000 WIDTH=63 HEIGHT=63 ELEMENT_SIZE=32BPP SWIZZLE_MODE=SW_64KB_R_X "
			    "DIMENSION=1D LINEAR_ADDR=0x8000000 LINEAR_PITCH=63 LINEAR_SLICE_PITCH=4095 RECT_X=63 RECT_Y=63\n",
		  "1D" },
		{ "vega10", "COPY_TILED_SUBWIN TILED_ADDR=0x1000000 WIDTH=63 HEIGHT=63 ELEMENT_SIZE=32BPP SWIZZLE_MODE=SW_64KB_S_X "
			    "DIMENSION=2D EPITCH=255 LINEAR_ADDR=0x8000000 LINEAR_PITCH=63 LINEAR_SLICE_PITCH=4095 RECT_X=63 RECT_Y=63\n",
		  "EPITCH" },
		{ "navi21", "COPY_TILED_SUBWIN TILED_ADDR=0x1000000 TILED_X=8 WIDTH=63 HEIGHT=63 ELEMENT_SIZE=32BPP "
			    "SWIZZLE_MODE=SW_64KB_R_X DIMENSION=2D LINEAR_ADDR=0x8000000 LINEAR_PITCH=63 LINEAR_SLICE_PITCH=4095 "
			    "RECT_X=63 RECT_Y=63\n",
		  "leaves mip 0" },
		{ "navi21", "COPY_TILED_SUBWIN TILED_ADDR=0x1001f00 WIDTH=63 HEIGHT=63 ELEMENT_SIZE=32BPP SWIZZLE_MODE=SW_64KB_S_X "
			    "DIMENSION=2D LINEAR_ADDR=0x8000000 LINEAR_PITCH=63 LINEAR_SLICE_PITCH=4095 RECT_X=63 RECT_Y=63\n",
		  "no pipe/bank xor" },
		{ "navi21", "COPY_TILED_SUBWIN TILED_ADDR=0x1000000 WIDTH=63 HEIGHT=63 ELEMENT_SIZE=32BPP SWIZZLE_MODE=SW_64KB_R_X "
			    "DIMENSION=2D MIP_MAX=0 MIP_ID=1 LINEAR_ADDR=0x8000000 LINEAR_PITCH=63 LINEAR_SLICE_PITCH=4095 "
			    "RECT_X=0 RECT_Y=0\n",
		  "mip 1 of a surface of 1 levels" },
		{ "navi21", "COPY_TILED_SUBWIN_DCC TILED_ADDR=0x1000000 WIDTH=63 HEIGHT=63 ELEMENT_SIZE=32BPP "
			    "SWIZZLE_MODE=SW_64KB_R_X DIMENSION=2D LINEAR_ADDR=0x8000000 LINEAR_PITCH=63 LINEAR_SLICE_PITCH=4095 "
			    "RECT_X=63 RECT_Y=63\n",
		  "DCC" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct gk_mem *m = gk_mem_create(0);
		uint8_t *z = calloc(1, 0x40000);
		gk_mem_add_copy(m, 0x1000000, z, 0x40000, NULL);
		gk_mem_add_copy(m, 0x8000000, z, 0x40000, NULL);
		free(z);
		struct run r;
		run_text(&r, cases[i].gpu, cases[i].text, m);
		CHECK(r.asm_errors == 0 && r.res.status == GK_EXEC_FAULTED && strstr(r.res.why.message, cases[i].why),
		      "%s refusal %zu says '%s': %s", cases[i].gpu, i, cases[i].why, r.res.why.message);
		uint8_t probe[64], zero[64] = { 0 };
		gk_mem_read(r.mem, 0x1000000, probe, sizeof probe, NULL, NULL);
		CHECK(!memcmp(probe, zero, sizeof probe), "%s refusal %zu wrote nothing", cases[i].gpu, i);
		run_done(&r);
	}
}

/* check --bo: the tiled side is the whole surface (its surf_size from the
 * base), the linear side its rectangle; a refused surface is a warning
 * saying why, not a guessed range */
static void bounds(void)
{
	static const struct swz_case c = { "navi21", "navi21", "SW_64KB_R_X", 2, 100, 70, 1, 2, 1, 0, 0 };
	struct gk_swz_surface *s = malloc(sizeof *s);
	struct gk_format *fmt = malloc(sizeof *fmt);
	struct gk_diags *out = malloc(sizeof *out);
	if (!s || !fmt || !out || surface_of(&c, s) || gk_dma_format_init(fmt, "navi21")) {
		CHECK(0, "bounds case set up");
		free(s), free(fmt), free(out);
		return;
	}
	const char *text = "COPY_TILED_SUBWIN TILED_ADDR=0x1000300 WIDTH=99 HEIGHT=69 ELEMENT_SIZE=32BPP "
			   "SWIZZLE_MODE=SW_64KB_R_X DIMENSION=2D LINEAR_ADDR=0x8000000 LINEAR_PITCH=99 "
			   "LINEAR_SLICE_PITCH=6999 RECT_X=99 RECT_Y=69\n";
	struct words w = { 0 };
	unsigned errs = 0;
	assemble("navi21", text, &w, &errs);
	struct gk_packet pkt;
	gk_packet_frame(fmt, w.w, w.n, 0, &pkt);
	uint64_t lin_bytes = 100ull * 70 * 4;
	const struct {
		uint64_t tb, ts;
		unsigned errors;
	} cases[] = {
		{ 0x1000000, s->surf_size, 0 },     /* exact: the base without the xor bits 0x300 */
		{ 0x1000000, s->surf_size - 1, 1 }, /* one byte short at the end */
		{ 0x1000001, s->surf_size, 1 },     /* one byte short at the start */
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct gk_bo bos[2] = { { cases[i].tb, cases[i].ts }, { 0x8000000, lin_bytes } };
		struct gk_check_state st;
		gk_check_init(&st);
		gk_check_set_buffers(&st, bos, 2);
		memset(out, 0, sizeof *out);
		gk_check_packet(fmt, &st, &pkt, out);
		CHECK(errs == 0 && out->errors == cases[i].errors && out->warnings == 0,
		      "bounds case %zu: %u errors (want %u), %u warnings: %s", i, out->errors, cases[i].errors, out->warnings,
		      out->n ? out->d[0].message : "");
	}
	free(w.w);
	/* no configuration for the GPU: a warning naming the reason */
	struct words w2 = { 0 };
	assemble("sdma5", text, &w2, &errs);
	gk_dma_format_init(fmt, "sdma5");
	gk_packet_frame(fmt, w2.w, w2.n, 0, &pkt);
	struct gk_bo all = { 0, UINT64_MAX };
	struct gk_check_state st;
	gk_check_init(&st);
	gk_check_set_buffers(&st, &all, 1);
	memset(out, 0, sizeof *out);
	gk_check_packet(fmt, &st, &pkt, out);
	CHECK(out->warnings == 1 && out->n && strstr(out->d[0].message, "not bounded") &&
		      strstr(out->d[0].message, "GB_ADDR_CONFIG"),
	      "sdma5: the tiled side is not bounded, and that is said: %s", out->n ? out->d[0].message : "");
	free(w2.w);
	free(s), free(fmt), free(out);
}

int main(void)
{
	subwin();
	t2t();
	runs();
	broadcast();
	refusals();
	bounds();
	return tl_done();
}
