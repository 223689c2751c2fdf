/* GFX10, GFX10.3 and GFX11 surfaces against addrlib: when ../shared exists,
 * every surface, mip, address, equation and refusal of those generations in
 * ../shared/reference/tiling-gfx9 (swz_ref.h); always, the committed vectors
 * of tests/vectors/swz_gfx10.tsv through the public API, pack/unpack of every
 * mode of every chip, and the API's refusals. */
#include "swz_ref.h"

#define GENS (1u << 1 | 1u << 2 | 1u << 3)

static void api(void)
{
	struct gk_swz_params p;
	struct gk_swz_surface s;
	struct gk_diag err;
	struct gk_swz_coord c = {0, 0, 0, 0, 0};
	uint64_t a;
	char buf[4096];

	/* names */
	CHECK(gk_swz_chip_find("NAVI21") && !strcmp(gk_swz_chip_find("NAVI21")->name, "navi21"), "chip names ignore case");
	CHECK(!gk_swz_chip_find("navi99") && !gk_swz_chip_find(NULL), "unknown chips are not found");
	CHECK(gk_swz_mode_parse(GK_SWZ_GFX10_3, "64KB_R_X") == 27 && gk_swz_mode_parse(GK_SWZ_GFX10_3, "sw_64k_r_x") == 27 &&
		      gk_swz_mode_parse(GK_SWZ_GFX10_3, "ADDR_SW_VAR_R_X") == 31 && gk_swz_mode_parse(GK_SWZ_GFX11, "256K_R_X") == 31 &&
		      gk_swz_mode_parse(GK_SWZ_GFX11, "27") == 27,
	      "mode names parse in addrlib's spellings");
	CHECK(gk_swz_mode_parse(GK_SWZ_GFX11, "256B_S") == -1 && gk_swz_mode_parse(GK_SWZ_GFX10, "12") == -1 &&
		      gk_swz_mode_parse(GK_SWZ_GFX10, "64KB_R_Y") == -1 && gk_swz_mode_parse(GK_SWZ_GFX10, "") == -1 &&
		      gk_swz_mode_parse(GK_SWZ_GFX10, NULL) == -1,
	      "modes a generation lacks do not parse");

	/* GFX9 goes through the same dispatch (test_swz_gfx9.c checks its rules) */
	gk_swz_params_init(&p);
	p.chip = gk_swz_chip_find("vega10");
	p.bpp = 32;
	p.width = p.height = 64;
	p.mode = 27;
	CHECK(gk_swz_gen_available(GK_SWZ_GFX9) && gk_swz_surface_init(&s, &p, &err) == 0 && s.block_bits == 16 &&
		      gk_swz_addr(&s, &c, &a) == 0,
	      "GFX9 surfaces are in this build: %s", err.message);
	p.mode = 28; /* VAR_Z_X: no GFX9 mode */
	CHECK(gk_swz_surface_init(&s, &p, &err) == -1 && gk_swz_addr(&s, &c, &a) == -1,
	      "a refused surface has no addresses");

	/* refusals say why */
	p.chip = gk_swz_chip_find("navi10");
	p.mode = 31; /* VAR_R_X: RB+ only */
	CHECK(gk_swz_surface_init(&s, &p, &err) == -1 && strstr(err.message, "RB+"), "navi10 VAR_R_X: %s", err.message);
	p.mode = 10; /* 64KB_D */
	p.samples = 4;
	CHECK(gk_swz_surface_init(&s, &p, &err) == -1 && !strcmp(err.field, "samples"), "64KB_D MSAA: %s", err.message);
	p.samples = 1;
	p.bpp = 24;
	CHECK(gk_swz_surface_init(&s, &p, &err) == -1 && !strcmp(err.field, "bpp"), "bpp 24: %s", err.message);
	p.bpp = 32;
	p.width = 0;
	CHECK(gk_swz_surface_init(&s, &p, &err) == -1 && !strcmp(err.field, "width"), "width 0: %s", err.message);
	p.width = 64;
	p.mips = 8;
	CHECK(gk_swz_surface_init(&s, &p, &err) == -1 && !strcmp(err.field, "mips"), "mips past the chain: %s", err.message);
	p.mips = 7;
	CHECK(gk_swz_surface_init(&s, &p, &err) == 0, "64x64 with 7 mips: %s", err.message);

	/* coordinates outside the surface have no address */
	c.x = 64;
	CHECK(gk_swz_addr(&s, &c, &a) == -1, "x past the pitch");
	c.x = 0;
	c.mip = 7;
	CHECK(gk_swz_addr(&s, &c, &a) == -1, "mip past the chain");
	c.mip = 0;
	c.slice = 1;
	CHECK(gk_swz_addr(&s, &c, &a) == -1, "slice past the surface");

	/* JSON and text carry the contract's keys */
	CHECK(gk_swz_info_json(&s, buf, sizeof buf) < sizeof buf && strstr(buf, "\"pitch\":64") &&
		      strstr(buf, "\"surface_bytes\":") && strstr(buf, "\"slice_bytes\":") &&
		      strstr(buf, "\"base_align\":65536") && strstr(buf, "\"mips\":[{\"mip\":0,\"offset\":"),
	      "info JSON: %s", buf);
	CHECK(gk_swz_equation_text(&s, buf, sizeof buf) > 0 && !strncmp(buf, "b0=x0 b1=x1 b2=", 15), "equation text: %s", buf);

	/* NULL everywhere */
	CHECK(gk_swz_surface_init(NULL, &p, &err) == -1 && gk_swz_surface_init(&s, NULL, &err) == -1 &&
		      gk_swz_addr(NULL, &c, &a) == -1 && gk_swz_pack(NULL, buf, buf) == -1 && gk_swz_linear_bytes(NULL) == 0 &&
		      gk_swz_info_json(NULL, buf, sizeof buf) == 0 && gk_swz_chip_at(1000) == NULL,
	      "NULL arguments are refused");
}

int main(void)
{
	sr_run("../shared/reference/tiling-gfx9", GENS);
	sr_vectors("tests/vectors/swz_gfx10.tsv", GENS);
	api();
	sr_pack_chip("navi10");
	sr_pack_chip("navi21");
	sr_pack_chip("navi31");
	sr_pack_chip("phoenix");
	sr_pack_chip("gfx103_2pipe_1pkr");
	return tl_done();
}
