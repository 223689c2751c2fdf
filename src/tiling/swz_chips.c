/* GFX9-GFX12 chips as addrlib is created for them, and the generation
 * dispatch: one row per generation naming its rules (swz.h).
 *
 * Chips: ../shared/reference/tiling-gfx9/chips.tsv, the GB_ADDR_CONFIG values
 * of Mesa's fake hardware database (src/amd/common/ac_fake_hw_db.h) with the
 * family and revision addrlib is created with.  rb_plus and ds_mip_fix are
 * what Gfx10Lib::HwlConvertChipFamily derives from family and revision
 * (amdgpu_asic_addr.h: Navi10 revisions 0x01-0x09 lack the depth mip-tail
 * fix; Navi21 and later revisions, 0x28 on, have RB+).  Only vega10 carries
 * a real board's value; the GFX10.3, GFX11 and GFX12 rows are Mesa's test
 * configurations, named after a chip of that family (see docs/tiling.md). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gfx10_swz.h"
#include "gfx9_swz.h"
#include "gfx12_swz.h"
#include "swz_gen.h"

#define FAKE "ac_fake_hw_db.h:"
const struct gk_swz_chip gk_swz_chips[] = {
	{"vega10", GK_SWZ_GFX9, 141, 0x01, 0x2a114042, 0, 0, FAKE "vega10 (the real Vega10 value)"},
	{"raven", GK_SWZ_GFX9, 142, 0x01, 0x24000042, 0, 0, FAKE "raven"},
	{"navi10", GK_SWZ_GFX10, 143, 0x03, 0x00100044, 0, 0, FAKE "navi10"},
	{"navi21", GK_SWZ_GFX10_3, 143, 0x28, 0x00000444, 1, 1, FAKE "gfx103_16pipe (16 pipes, 16 packers)"},
	{"navi31", GK_SWZ_GFX11, 145, 0x01, 0x00000545, 1, 1, FAKE "gfx11_32pipe (32 pipes, 32 packers)"},
	{"phoenix", GK_SWZ_GFX11, 148, 0x01, 0x00000142, 1, 1, FAKE "gfx11_4pipe_2pkr (4 pipes, 2 packers)"},
	{"navi48", GK_SWZ_GFX12, 152, 0x50, 0x00000444, 0, 0, FAKE "gfx12_16pipe"},
	/* configurations the reference gives equations for only */
	{"vega10_diff_bank", GK_SWZ_GFX9, 141, 0x01, 0x2a113042, 0, 0, FAKE "vega10_diff_bank"},
	{"vega10_diff_rb", GK_SWZ_GFX9, 141, 0x01, 0x22114042, 0, 0, FAKE "vega10_diff_rb"},
	{"vega10_diff_pipe", GK_SWZ_GFX9, 141, 0x01, 0x2a114040, 0, 0, FAKE "vega10_diff_pipe"},
	{"vega10_diff_se", GK_SWZ_GFX9, 141, 0x01, 0x2a094042, 0, 0, FAKE "vega10_diff_se"},
	{"vega20", GK_SWZ_GFX9, 141, 0x30, 0x2a114042, 0, 0, FAKE "vega20"},
	{"raven2", GK_SWZ_GFX9, 142, 0x82, 0x26013041, 0, 0, FAKE "raven2"},
	{"navi10_diff_pipe", GK_SWZ_GFX10, 143, 0x03, 0x00100043, 0, 0, FAKE "navi10_diff_pipe"},
	{"navi10_diff_pkr", GK_SWZ_GFX10, 143, 0x03, 0x00100144, 0, 0, FAKE "navi10_diff_pkr"},
	{"navi14", GK_SWZ_GFX10, 143, 0x15, 0x00000143, 0, 1, FAKE "navi14"},
	{"gfx103_16pipe_8pkr", GK_SWZ_GFX10_3, 143, 0x28, 0x00000344, 1, 1, FAKE "gfx103_16pipe_8pkr"},
	{"gfx103_8pipe", GK_SWZ_GFX10_3, 143, 0x28, 0x00000343, 1, 1, FAKE "gfx103_8pipe"},
	{"gfx103_4pipe", GK_SWZ_GFX10_3, 143, 0x28, 0x00000242, 1, 1, FAKE "gfx103_4pipe"},
	{"gfx103_4pipe_2pkr", GK_SWZ_GFX10_3, 143, 0x28, 0x00000142, 1, 1, FAKE "gfx103_4pipe_2pkr"},
	{"gfx103_4pipe_1pkr", GK_SWZ_GFX10_3, 143, 0x28, 0x00000042, 1, 1, FAKE "gfx103_4pipe_1pkr"},
	{"gfx103_2pipe_1pkr", GK_SWZ_GFX10_3, 143, 0x28, 0x00000041, 1, 1, FAKE "gfx103_2pipe_1pkr"},
	{"gfx11_16pipe", GK_SWZ_GFX11, 145, 0x01, 0x00000444, 1, 1, FAKE "gfx11_16pipe"},
	{"gfx11_8pipe", GK_SWZ_GFX11, 145, 0x01, 0x00000343, 1, 1, FAKE "gfx11_8pipe"},
	{"gfx11_4pipe", GK_SWZ_GFX11, 145, 0x01, 0x00000242, 1, 1, FAKE "gfx11_4pipe"},
	{"gfx11_4pipe_1pkr", GK_SWZ_GFX11, 145, 0x01, 0x00000042, 1, 1, FAKE "gfx11_4pipe_1pkr"},
	{"gfx11_2pipe_1pkr", GK_SWZ_GFX11, 145, 0x01, 0x00000041, 1, 1, FAKE "gfx11_2pipe_1pkr"},
};
const unsigned gk_swz_nchips = sizeof gk_swz_chips / sizeof gk_swz_chips[0];

/* Addr2 mode names (AddrSwizzleMode, addrinterface.h) for a generation
 * whose rules name none of their own (GFX9). */
static const char *const addr2_names[32] = {
	[0] = "LINEAR",    [1] = "256B_S",    [2] = "256B_D",    [3] = "256B_R",    [4] = "4KB_Z",
	[5] = "4KB_S",     [6] = "4KB_D",     [7] = "4KB_R",     [8] = "64KB_Z",    [9] = "64KB_S",
	[10] = "64KB_D",   [11] = "64KB_R",   [16] = "64KB_Z_T", [17] = "64KB_S_T", [18] = "64KB_D_T",
	[19] = "64KB_R_T", [20] = "4KB_Z_X",  [21] = "4KB_S_X",  [22] = "4KB_D_X",  [23] = "4KB_R_X",
	[24] = "64KB_Z_X", [25] = "64KB_S_X", [26] = "64KB_D_X", [27] = "64KB_R_X",
};
static const char *addr2_name(unsigned gen, unsigned mode)
{
	(void)gen;
	return mode < 32 ? addr2_names[mode] : NULL;
}

/* The generations, one row each.  GFX9's addresses are not the pattern
 * formula (pattern_addr 0): its mip tail XORs the level's mip_tail_offset
 * into the equation and its MSAA has no equation (gfx9_swz.c). */
const struct gk_swz_gen_row gk_swz_gens[] = {
	{GK_SWZ_GFX9, "GFX9", 32, gk_swz_gfx9_surface, gk_swz_gfx9_addr, addr2_name, 0},
	{GK_SWZ_GFX10, "GFX10", 32, gk_swz_gfx10_surface, gk_swz_gfx10_addr, gk_swz_gfx10_mode_name, 1},
	{GK_SWZ_GFX10_3, "GFX10.3", 32, gk_swz_gfx10_surface, gk_swz_gfx10_addr, gk_swz_gfx10_mode_name, 1},
	{GK_SWZ_GFX11, "GFX11", 32, gk_swz_gfx10_surface, gk_swz_gfx10_addr, gk_swz_gfx10_mode_name, 1},
	{GK_SWZ_GFX12, "GFX12", 8, gk_swz_gfx12_surface, gk_swz_gfx12_addr, gk_swz_gfx12_mode_name, 1},
};
const unsigned gk_swz_ngens = sizeof gk_swz_gens / sizeof gk_swz_gens[0];

const struct gk_swz_gen_row *gk_swz_gen_find(unsigned gen)
{
	unsigned i;
	for (i = 0; i < gk_swz_ngens; i++)
		if (gk_swz_gens[i].gen == gen)
			return &gk_swz_gens[i];
	return NULL;
}

const char *gk_swz_gen_name(unsigned gen)
{
	switch (gen) {
	case GK_SWZ_GFX9: return "GFX9";
	case GK_SWZ_GFX10: return "GFX10";
	case GK_SWZ_GFX10_3: return "GFX10.3";
	case GK_SWZ_GFX11: return "GFX11";
	case GK_SWZ_GFX12: return "GFX12";
	default: return NULL;
	}
}

const char *gk_swz_mode_name(unsigned gen, unsigned mode)
{
	const struct gk_swz_gen_row *g = gk_swz_gen_find(gen);
	return g ? g->mode_name(gen, mode) : NULL;
}

void gk_swz_refuse(struct gk_diag *err, const char *field, const char *fmt, ...)
{
	va_list ap;
	if (!err)
		return;
	memset(err, 0, sizeof *err);
	err->severity = GK_ERROR;
	err->code = GK_D_RANGE;
	err->dw = -1;
	err->lo = err->hi = -1;
	err->packet = "tile";
	err->field = field;
	va_start(ap, fmt);
	vsnprintf(err->message, sizeof err->message, fmt, ap);
	va_end(ap);
}
