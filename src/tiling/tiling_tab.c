/* GFX6-8 tiling equations as data (../shared/reference/tiling/README.md,
 * "The algorithm as the vectors show it"; pipe_equations.tsv, bank_equations.tsv,
 * microtile_index.tsv) and the register layouts of GB_TILE_MODE,
 * GB_MACROTILE_MODE and the amdgpu tiling flags (seed 004, surfaces.tsv).
 *
 * Table formats:
 *  - gk_micro_orders[micro][log2(bpp/8)].bit[k]: the coordinate bit that is bit
 *    k of the element index inside an 8x8 micro tile.
 *  - gk_pipe_configs[PIPE_CONFIG]: pipe bit k = parity(x & xmask) ^ parity(y & ymask)
 *    over pixel coordinates; gaps (NULL name) are enum values with no config.
 *    bank_or_xmask: README bank step 3 (P4_32x32, P8_32x64_32x32 with BANK_WIDTH 1).
 *  - gk_bank_bits[log2(banks)-1][k]: raw bank bit k over X = x / (8 BW P),
 *    Y = y / (8 BH).
 * The generic code in tiling.c walks these; it has no per-config branches. */
#include "tiling_tab.h"

#include <stddef.h>

#define X GK_MT_X
#define Y GK_MT_Y
const struct gk_micro_order gk_micro_orders[2][5] = {
	[0] = {
		[0] = { { X(0), X(1), X(2), Y(1), Y(0), Y(2) } }, /* display 8 bpp */
		[1] = { { X(0), X(1), X(2), Y(0), Y(1), Y(2) } }, /* display 16 bpp */
		[2] = { { X(0), X(1), Y(0), X(2), Y(1), Y(2) } }, /* display 32 bpp */
		[3] = { { X(0), Y(0), X(1), X(2), Y(1), Y(2) } }, /* display 64 bpp */
		[4] = { { Y(0), X(0), X(1), X(2), Y(1), Y(2) } }, /* display 128 bpp: addrlib never uses it */
	},
	[1] = {
		[0] = { { X(0), Y(0), X(1), Y(1), X(2), Y(2) } }, /* thin: the same for every bpp */
		[1] = { { X(0), Y(0), X(1), Y(1), X(2), Y(2) } },
		[2] = { { X(0), Y(0), X(1), Y(1), X(2), Y(2) } },
		[3] = { { X(0), Y(0), X(1), Y(1), X(2), Y(2) } },
		[4] = { { X(0), Y(0), X(1), Y(1), X(2), Y(2) } },
	},
};
#undef X
#undef Y

#define B(n) (1u << (n))
#define PB(xm, ym) { (uint8_t)(xm), (uint8_t)(ym) }
/* P8_16x16_8x16 bit 2 is the constant 0: addrlib sets no term for it */
const struct gk_pipe_config gk_pipe_configs[32] = {
	[0]  = { "P2",              2, 1, 0, 0, { PB(B(3), B(3)) } },
	[4]  = { "P4_8x16",         4, 1, 0, 0, { PB(B(4), B(3)), PB(B(3), B(4)) } },
	[5]  = { "P4_16x16",        4, 1, 0, 0, { PB(B(3) | B(4), B(3)), PB(B(4), B(4)) } },
	[6]  = { "P4_16x32",        4, 0, 0, 0, { PB(B(3) | B(4), B(3)), PB(B(4), B(5)) } },
	[7]  = { "P4_32x32",        4, 0, 1, B(4) | B(5), { PB(B(3) | B(5), B(3)), PB(B(5), B(5)) } },
	[8]  = { "P8_16x16_8x16",   8, 0, 1, 0, { PB(B(4) | B(5), B(3)), PB(B(3), B(5)), PB(0, 0) } },
	[9]  = { "P8_16x32_8x16",   8, 0, 0, 0, { PB(B(4) | B(5), B(3)), PB(B(3), B(4)), PB(B(4), B(5)) } },
	[10] = { "P8_32x32_8x16",   8, 1, 0, 0, { PB(B(4) | B(5), B(3)), PB(B(3), B(4)), PB(B(5), B(5)) } },
	[11] = { "P8_16x32_16x16",  8, 0, 0, 0, { PB(B(3) | B(4), B(3)), PB(B(5), B(4)), PB(B(4), B(5)) } },
	[12] = { "P8_32x32_16x16",  8, 1, 0, 0, { PB(B(3) | B(4), B(3)), PB(B(4), B(4)), PB(B(5), B(5)) } },
	[13] = { "P8_32x32_16x32",  8, 0, 0, 0, { PB(B(3) | B(4), B(3)), PB(B(4), B(6)), PB(B(5), B(5)) } },
	[14] = { "P8_32x64_32x32",  8, 0, 1, B(4) | B(5), { PB(B(3) | B(5), B(3)), PB(B(6), B(5)), PB(B(5), B(6)) } },
	[16] = { "P16_32x32_8x16",  16, 1, 0, 0, { PB(B(4), B(3)), PB(B(3), B(4)), PB(B(5), B(6)), PB(B(6), B(5)) } },
	[17] = { "P16_32x32_16x16", 16, 1, 0, 0, { PB(B(3) | B(4), B(3)), PB(B(4), B(4)), PB(B(5), B(6)), PB(B(6), B(5)) } },
};

const struct gk_xor_bit gk_bank_bits[4][4] = {
	[0] = { PB(B(0), B(0)) },                                                     /* 2 banks */
	[1] = { PB(B(0), B(1)), PB(B(1), B(0)) },                                     /* 4 banks */
	[2] = { PB(B(0), B(2)), PB(B(1), B(1) | B(2)), PB(B(2), B(0)) },              /* 8 banks */
	[3] = { PB(B(0), B(3)), PB(B(1), B(2) | B(3)), PB(B(2), B(1)), PB(B(3), B(0)) }, /* 16 banks */
};
#undef PB
#undef B

/* GB_TILE_MODEn (SI: all fields; CI/VI: the bank fields moved to GB_MACROTILE_MODE
 * and MICRO_TILE_MODE_NEW, SAMPLE_SPLIT were added) */
const struct gk_tile_reg_field gk_tile_mode_fields[GK_TMF_COUNT] = {
	[GK_TMF_MICRO_TILE_MODE]     = { "MICRO_TILE_MODE", 0, 1 },
	[GK_TMF_ARRAY_MODE]          = { "ARRAY_MODE", 2, 5 },
	[GK_TMF_PIPE_CONFIG]         = { "PIPE_CONFIG", 6, 10 },
	[GK_TMF_TILE_SPLIT]          = { "TILE_SPLIT", 11, 13 },
	[GK_TMF_BANK_WIDTH]          = { "BANK_WIDTH", 14, 15 },
	[GK_TMF_BANK_HEIGHT]         = { "BANK_HEIGHT", 16, 17 },
	[GK_TMF_MACRO_TILE_ASPECT]   = { "MACRO_TILE_ASPECT", 18, 19 },
	[GK_TMF_NUM_BANKS]           = { "NUM_BANKS", 20, 21 },
	[GK_TMF_MICRO_TILE_MODE_NEW] = { "MICRO_TILE_MODE_NEW", 22, 24 },
	[GK_TMF_SAMPLE_SPLIT]        = { "SAMPLE_SPLIT", 25, 26 },
};

const struct gk_tile_reg_field gk_macrotile_mode_fields[GK_MMF_COUNT] = {
	[GK_MMF_BANK_WIDTH]        = { "BANK_WIDTH", 0, 1 },
	[GK_MMF_BANK_HEIGHT]       = { "BANK_HEIGHT", 2, 3 },
	[GK_MMF_MACRO_TILE_ASPECT] = { "MACRO_TILE_ASPECT", 4, 5 },
	[GK_MMF_NUM_BANKS]         = { "NUM_BANKS", 6, 7 },
};

/* surfaces.tsv "amdgpu_tiling_flags": log2 values, NUM_BANKS = log2(banks) - 1 */
const struct gk_tile_reg_field gk_amdgpu_tiling_fields[GK_AF_COUNT] = {
	[GK_AF_ARRAY_MODE]        = { "ARRAY_MODE", 0, 3 },
	[GK_AF_PIPE_CONFIG]       = { "PIPE_CONFIG", 4, 8 },
	[GK_AF_TILE_SPLIT]        = { "TILE_SPLIT", 9, 11 },
	[GK_AF_MICRO_TILE_MODE]   = { "MICRO_TILE_MODE", 12, 14 },
	[GK_AF_BANK_WIDTH]        = { "BANK_WIDTH", 15, 16 },
	[GK_AF_BANK_HEIGHT]       = { "BANK_HEIGHT", 17, 18 },
	[GK_AF_MACRO_TILE_ASPECT] = { "MACRO_TILE_ASPECT", 19, 20 },
	[GK_AF_NUM_BANKS]         = { "NUM_BANKS", 21, 22 },
};

const char *const gk_array_mode_names[16] = {
	[0] = "LINEAR_GENERAL", [1] = "LINEAR_ALIGNED", [2] = "1D_TILED_THIN1", [3] = "1D_TILED_THICK",
	[4] = "2D_TILED_THIN1", [5] = "PRT_TILED_THIN1", [6] = "PRT_2D_TILED_THIN1", [7] = "2D_TILED_THICK",
	[8] = "2D_TILED_XTHICK", [9] = "PRT_TILED_THICK", [12] = "3D_TILED_THIN1", [13] = "3D_TILED_THICK",
	[14] = "3D_TILED_XTHICK", /* 10, 11, 15: in no reference table; left unnamed */
};
const char *const gk_micro_mode_names_si[4] = {
	[0] = "display", [1] = "thin", [2] = "depth", [3] = "rotated",
};
const char *const gk_micro_mode_names_ci[8] = {
	[0] = "display", [1] = "thin", [2] = "depth", [3] = "rotated", [4] = "thick",
};
