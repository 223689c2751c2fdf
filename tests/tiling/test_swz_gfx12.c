/* GFX12 surfaces against addrlib: when ../shared exists, every GFX12
 * surface, mip, address, equation and refusal in
 * ../shared/reference/tiling-gfx9 (swz_ref.h); always, the committed GFX12
 * vectors of tests/vectors/swz_gfx10.tsv and pack/unpack of every mode. */
#include "swz_ref.h"

int main(void)
{
	struct gk_swz_params p;
	struct gk_swz_surface s;
	struct gk_diag err;
	sr_run("../shared/reference/tiling-gfx9", 1u << 4);
	sr_vectors("tests/vectors/swz_gfx10.tsv", 1u << 4);
	sr_pack_chip("navi48");
	/* Addr3 applies no pipe/bank xor: asked for one, gfxkit refuses rather than guess */
	gk_swz_params_init(&p);
	p.chip = gk_swz_chip_find("navi48");
	p.mode = (unsigned)gk_swz_mode_parse(GK_SWZ_GFX12, "64KB_2D");
	p.bpp = 32;
	p.width = p.height = 100;
	p.pipe_bank_xor = 3;
	CHECK(gk_swz_surface_init(&s, &p, &err) == -1 && !strcmp(err.field, "pipe-xor"), "GFX12 xor: %s", err.message);
	CHECK(gk_swz_mode_parse(GK_SWZ_GFX12, "256kb_3d") == 7 && gk_swz_mode_parse(GK_SWZ_GFX12, "8") == -1,
	      "GFX12 mode names");
	return tl_done();
}
