/* AMD DRM format modifier fields: seed 004 (GFX6-8) and the kernel's
 * include/uapi/drm/drm_fourcc.h (general fields, GFX9-GFX12).
 *
 * Table format.  A modifier is one 64-bit word, described as two dwords
 * (dw 0 = bits 31:0, dw 1 = bits 63:32) so the packet engine's struct
 * gk_field serves: a field crossing bit 32 (RB 32:30, NUM_BANKS 32:31) has
 * two segments.  Each row adds what the name needs: how the field is
 * spelled (show), when the name carries it (when), whether a set value
 * outside that condition is an error (GK_MF_STRICT).  .gens says which
 * TILE_VERSIONs use the field; bits of a field of the same layout that a
 * version does not use are "a field of another version".  Rows are in bit
 * order, which is also the order libdrm prints them in.
 *
 * Seed 004 is inconsistent: its bit table puts the GFX6-8 fields at 16:14,
 * 21:17, 24:22, 26:25, 28:27, 30:29, 32:31 (55:33 reserved) while its
 * *_SHIFT defines say 14, 19, 24, 27, 29, 31, 33.  The bit table decides (it
 * is what the reviewed revision of the change uses; the defines overlap
 * PIPE_CONFIG with TILE_SPLIT and would put NUM_BANKS in the reserved bits).
 *
 * MACRO_TILE_ASPECT keeps the seed's value names (1:1, 4:1, 16:1, 64:1):
 * addrlib's macroAspectRatio (1 << value) widens the macro tile by that
 * factor and shortens it by the same, so the width:height ratio changes by
 * its square; docs/modifier.md shows the arithmetic. */
#include <stddef.h>

#include "modifier_tab.h"

#include "desc_macros.h" /* src/core */

/* vendor ids of drm_fourcc.h, spelled as drmGetFormatModifierVendor() does */
static const char *const vendor_names[256] = { [0x00] = "NONE", [0x01] = "INTEL", [0x02] = "AMD", [0x03] = "NVIDIA",
	    [0x04] = "SAMSUNG", [0x05] = "QCOM", [0x06] = "VIVANTE", [0x07] = "BROADCOM", [0x08] = "ARM",
	    [0x09] = "ALLWINNER", [0x0a] = "AMLOGIC" };
const struct gk_enum gk_mod_vendors = { 8, vendor_names, NULL };

/* TILE per version.  GFX9_* names are canonical for GFX9-GFX11 (drm_fourcc.h:
 * "64K_S is the same for GFX9/GFX10/GFX10_RBPLUS and hence has GFX9 as
 * canonical version"); GFX9_4K_D_X (22) came later than libdrm 2.4.114. */
GK_ENUM_DEF(tile_gfx6, 5, [0x02] = "GFX6_1D_TILED_THIN1", [0x04] = "GFX6_2D_TILED_THIN1");
GK_ENUM_DEF(tile_gfx9, 5, [9] = "GFX9_64K_S", [10] = "GFX9_64K_D", [22] = "GFX9_4K_D_X",
	    [25] = "GFX9_64K_S_X", [26] = "GFX9_64K_D_X", [27] = "GFX9_64K_R_X");
GK_ENUM_DEF(tile_gfx11, 5, [9] = "GFX9_64K_S", [10] = "GFX9_64K_D", [22] = "GFX9_4K_D_X",
	    [25] = "GFX9_64K_S_X", [26] = "GFX9_64K_D_X", [27] = "GFX9_64K_R_X", [31] = "GFX11_256K_R_X");
GK_ENUM_DEF(tile_gfx12, 5, [1] = "GFX12_256B_2D", [2] = "GFX12_4K_2D", [3] = "GFX12_64K_2D",
	    [4] = "GFX12_256K_2D");

#define T(v) (1u << (v))
#define GFX9_NAMED (T(9) | T(10) | T(25) | T(26) | T(27)) /* the tiles libdrm 2.4.114 spells */
#define GFX9_X (T(25) | T(26) | T(27))                     /* libdrm's trailer tiles */

const struct gk_mod_verdesc gk_mod_versions[GK_MOD_NVERSIONS] = {
	[GK_MOD_GFX6] = { "GFX6", 0, GK_MV_GFX6_8, &tile_gfx6, T(2) | T(4), T(4), 0x00fffffe00000000ull,
			  "on a 2D mode" },
	[GK_MOD_GFX9] = { "GFX9", 1, GK_MV_GFX9_12, &tile_gfx9, GFX9_NAMED, GFX9_X, 0x00fffff000000000ull,
			  "after GFX9_64K_S_X, _D_X or _R_X" },
	[GK_MOD_GFX10] = { "GFX10", 1, GK_MV_GFX9_12, &tile_gfx9, GFX9_NAMED, GFX9_X, 0x00fffff000000000ull,
			   "after GFX9_64K_S_X, _D_X or _R_X" },
	[GK_MOD_GFX10_RBPLUS] = { "GFX10_RBPLUS", 1, GK_MV_GFX9_12, &tile_gfx9, GFX9_NAMED, GFX9_X,
				  0x00fffff000000000ull, "after GFX9_64K_S_X, _D_X or _R_X" },
	[GK_MOD_GFX11] = { "GFX11", 0, GK_MV_GFX9_12, &tile_gfx11, GFX9_NAMED | T(22) | T(31),
			   GFX9_X | T(22) | T(31), 0x00fffff000000000ull, "with an _X tile" },
	[GK_MOD_GFX12] = { "GFX12", 0, GK_MV_GFX9_12, &tile_gfx12, T(1) | T(2) | T(3) | T(4), 0,
			   0x00fffff000000000ull, "never on GFX12" },
};

GK_ENUM_DEF(dcc_block, 2, [0] = "64B", [1] = "128B", [2] = "256B");

/* seed 004: GFX6-8 value names and meanings */
GK_ENUM_DEF(microtile, 3, [0] = "DISPLAY", [1] = "THIN");
static const char *const pipe_config_names[32] = { [0x00] = "P2", [0x04] = "P4_8x16", [0x05] = "P4_16x16", [0x06] = "P4_16x32",
	    [0x07] = "P4_32x32", [0x08] = "P8_16x16_8x16", [0x09] = "P8_16x32_8x16", [0x0a] = "P8_32x32_8x16",
	    [0x0b] = "P8_16x32_16x16", [0x0c] = "P8_32x32_16x16", [0x0d] = "P8_32x32_16x32",
	    [0x0e] = "P8_32x64_32x32", [0x10] = "P16_32x32_8x16", [0x11] = "P16_32x32_16x16" };
const struct gk_enum gk_mod_gfx6_pipe_config = { 5, pipe_config_names, NULL };
/* 64 << value bytes; 7 has no meaning */
GK_ENUM_DEF(tile_split, 3, [0] = "64B", [1] = "128B", [2] = "256B", [3] = "512B", [4] = "1KB", [5] = "2KB",
	    [6] = "4KB");
GK_ENUM_DEF(bank_count, 2, [0] = "1", [1] = "2", [2] = "4", [3] = "8");   /* 1 << value */
GK_ENUM_DEF(aspect, 2, [0] = "1:1", [1] = "4:1", [2] = "16:1", [3] = "64:1");
GK_ENUM_DEF(num_banks, 2, [0] = "2", [1] = "4", [2] = "8", [3] = "16");   /* 2 << value */

#define G9 GK_MV(GK_MOD_GFX9)
#define G10 GK_MV(GK_MOD_GFX10)
#define GRB GK_MV(GK_MOD_GFX10_RBPLUS)
#define G11 GK_MV(GK_MOD_GFX11)
#define G12 GK_MV(GK_MOD_GFX12)
#define G6 GK_MV_GFX6_8

/* one segment of the 64-bit word: bits l..h (h - l < 32) */
#define SEG(l, h) .seg = {{(l) / 32, (l) % 32, (h) % 32, 0}}, .nseg = 1
/* a field crossing bit 32: l..31 and 32..h */
#define SEG2(l, h) .seg = {{0, (l), 31, 0}, {1, 0, (h) - 32, 32 - (l)}}, .nseg = 2

#define F(n, segs, k, ...) { .name = n, .namelen = sizeof(n) - 1, segs, .kind = k, __VA_ARGS__ }
#define M(m) .off = offsetof(struct gk_modifier, m)

const struct gk_mod_field gk_mod_fields[] = {
	/* general fields */
	{ F("VENDOR", SEG(56, 63), GK_ENUM, .enm = &gk_mod_vendors), M(vendor), GK_MS_NONE, 0, 0 },
	{ F("TILE_VERSION", SEG(0, 7), GK_UINT), M(tile_version), GK_MS_NONE, 0, 0 },
	{ F("TILE", SEG(8, 12), GK_ENUM), M(tile), GK_MS_TILE, 0, 0 },
	{ F("DCC", SEG(13, 13), GK_FLAG), M(dcc), GK_MS_FLAG, 0, 0 },
	/* GFX9 and later (drm_fourcc.h) */
	{ F("DCC_RETILE", SEG(14, 14), GK_FLAG, .gens = G9 | G10 | GRB | G11), M(dcc_retile), GK_MS_FLAG,
	  GK_MW_DCC, 0 },
	{ F("DCC_PIPE_ALIGN", SEG(15, 15), GK_FLAG, .gens = G9 | G10 | GRB | G11), M(dcc_pipe_align),
	  GK_MS_FLAG, GK_MW_DCC | GK_MW_NO_RETILE, 0 },
	{ F("DCC_INDEPENDENT_64B", SEG(16, 16), GK_FLAG, .gens = G9 | G10 | GRB | G11), M(dcc_independent_64b),
	  GK_MS_FLAG, GK_MW_DCC, 0 },
	{ F("DCC_INDEPENDENT_128B", SEG(17, 17), GK_FLAG, .gens = G9 | G10 | GRB | G11),
	  M(dcc_independent_128b), GK_MS_FLAG, GK_MW_DCC, 0 },
	{ F("DCC_MAX_COMPRESSED_BLOCK", SEG(18, 19), GK_ENUM, .enm = &dcc_block, .gens = GK_MV_GFX9_12),
	  M(dcc_max_compressed_block), GK_MS_ENUM, GK_MW_DCC, 0 },
	{ F("DCC_CONSTANT_ENCODE", SEG(20, 20), GK_FLAG, .gens = G9 | G10 | GRB | G11), M(dcc_constant_encode),
	  GK_MS_FLAG, GK_MW_DCC, 0 },
	{ F("PIPE_XOR_BITS", SEG(21, 23), GK_UINT, .gens = G9 | G10 | GRB | G11), M(pipe_xor_bits), GK_MS_NUM,
	  GK_MW_TRAILER, 0 },
	{ F("BANK_XOR_BITS", SEG(24, 26), GK_UINT, .gens = G9), M(bank_xor_bits), GK_MS_NUM, GK_MW_TRAILER, 0 },
	{ F("PACKERS", SEG(27, 29), GK_UINT, .gens = GRB | G11), M(packers), GK_MS_NUM, GK_MW_TRAILER, 0 },
	{ F("RB", SEG2(30, 32), GK_UINT, .gens = G9), M(rb), GK_MS_NUM, GK_MW_TRAILER | GK_MW_DCC, 0 },
	{ F("PIPE", SEG(33, 35), GK_UINT, .gens = G9), M(pipe), GK_MS_PIPE,
	  GK_MW_TRAILER | GK_MW_DCC | GK_MW_RETILE_OR_ALIGN, 0 },
	/* GFX6-8 (seed 004, its bit table) */
	{ F("MICROTILE", SEG(14, 16), GK_ENUM, .enm = &microtile, .gens = G6), M(microtile), GK_MS_ENUM, 0, 0 },
	{ F("PIPE_CONFIG", SEG(17, 21), GK_ENUM, .enm = &gk_mod_gfx6_pipe_config, .gens = G6), M(pipe_config), GK_MS_ENUM,
	  GK_MW_TRAILER, GK_MF_STRICT },
	{ F("TILE_SPLIT", SEG(22, 24), GK_ENUM, .enm = &tile_split, .gens = G6, .scale = GK_S_POW2, .mul = 64,
	    .unit = "bytes"),
	  M(tile_split), GK_MS_ENUM, GK_MW_TRAILER, GK_MF_STRICT },
	{ F("BANK_WIDTH", SEG(25, 26), GK_ENUM, .enm = &bank_count, .gens = G6, .flags = GK_F_BYNAME,
	    .scale = GK_S_POW2, .mul = 1, .unit = "tiles"),
	  M(bank_width), GK_MS_ENUM, GK_MW_TRAILER, GK_MF_STRICT },
	{ F("BANK_HEIGHT", SEG(27, 28), GK_ENUM, .enm = &bank_count, .gens = G6, .flags = GK_F_BYNAME,
	    .scale = GK_S_POW2, .mul = 1, .unit = "tiles"),
	  M(bank_height), GK_MS_ENUM, GK_MW_TRAILER, GK_MF_STRICT },
	{ F("MACRO_TILE_ASPECT", SEG(29, 30), GK_ENUM, .enm = &aspect, .gens = G6, .flags = GK_F_BYNAME),
	  M(macro_tile_aspect), GK_MS_ENUM, GK_MW_TRAILER, GK_MF_STRICT },
	{ F("NUM_BANKS", SEG2(31, 32), GK_ENUM, .enm = &num_banks, .gens = G6, .flags = GK_F_BYNAME,
	    .scale = GK_S_POW2, .mul = 2, .unit = "banks"),
	  M(num_banks), GK_MS_ENUM, GK_MW_TRAILER, GK_MF_STRICT },
};

const unsigned gk_mod_nfields = GK_COUNTOF(gk_mod_fields);

/* seed 004: "DCC is also supported on GFX8, albeit not displayable", and its
 * GFX8 list has DCC only with 2D_TILED_THIN1 + THIN */
const struct gk_mod_rule gk_mod_rules[] = {
	{ G6, "DCC", 1, "MICROTILE", GK_V(1), "DCC needs THIN micro tiling (DCC is not displayable)" },
	{ G6, "DCC", 1, "TILE", T(4), "DCC needs a 2D mode (GFX6_2D_TILED_THIN1)" },
};
const unsigned gk_mod_nrules = GK_COUNTOF(gk_mod_rules);

/* ---- other vendors ----
 *
 * drm_fourcc.h (libdrm 2.4.114's copy) gives each vendor's modifiers, and
 * libdrm's drmGetFormatModifierName() names them in one of two ways, which
 * gfxkit follows (tests/vectors/modifier_libdrm.txt holds what libdrm
 * said):
 *  - a vendor with a decoder (ARM AFBC and AFRC, NVIDIA block linear,
 *    Amlogic FBC) spells the fields of its layout: the rows of
 *    gk_mod_layouts; the decoder goes first, and a value it does not name
 *    falls through to
 *  - the fixed values drm_fourcc.h #defines, named by the #define without
 *    its I915_FORMAT_MOD_ / DRM_FORMAT_MOD_<VENDOR>_ prefix: gk_mod_fixed_names.
 * Two vendors share a spelling (Vivante and Allwinner "TILED"); the exact
 * name then says the vendor first ("ALLWINNER,TILED").  libdrm 2.4.114 has
 * no decoder for Vivante's tile-status and compression bits and no
 * parameter for Broadcom's SAND column height: only the fixed values have
 * names (SAND128 is column height 0). */
const struct gk_mod_fixed gk_mod_fixed_names[] = {
	/* Intel: I915_FORMAT_MOD_* */
	{ 0x0100000000000001ull, "X_TILED", 0 },
	{ 0x0100000000000002ull, "Y_TILED", 0 },
	{ 0x0100000000000003ull, "Yf_TILED", 0 },
	{ 0x0100000000000004ull, "Y_TILED_CCS", 0 },
	{ 0x0100000000000005ull, "Yf_TILED_CCS", 0 },
	{ 0x0100000000000006ull, "Y_TILED_GEN12_RC_CCS", 0 },
	{ 0x0100000000000007ull, "Y_TILED_GEN12_MC_CCS", 0 },
	{ 0x0100000000000008ull, "Y_TILED_GEN12_RC_CCS_CC", 0 },
	{ 0x0100000000000009ull, "4_TILED", 0 },
	{ 0x010000000000000aull, "4_TILED_DG2_RC_CCS", 0 },
	{ 0x010000000000000bull, "4_TILED_DG2_MC_CCS", 0 },
	{ 0x010000000000000cull, "4_TILED_DG2_RC_CCS_CC", 0 },
	/* NVIDIA: DRM_FORMAT_MOD_NVIDIA_*; the 16BX2 forms are block linear
	 * values, which libdrm's decoder spells as BLOCK_LINEAR_2D (accepted
	 * when parsing, never printed) */
	{ 0x0300000000000001ull, "TEGRA_TILED", 0 },
	{ 0x0300000000000010ull, "16BX2_BLOCK_ONE_GOB", 1 },
	{ 0x0300000000000011ull, "16BX2_BLOCK_TWO_GOB", 1 },
	{ 0x0300000000000012ull, "16BX2_BLOCK_FOUR_GOB", 1 },
	{ 0x0300000000000013ull, "16BX2_BLOCK_EIGHT_GOB", 1 },
	{ 0x0300000000000014ull, "16BX2_BLOCK_SIXTEEN_GOB", 1 },
	{ 0x0300000000000015ull, "16BX2_BLOCK_THIRTYTWO_GOB", 1 },
	/* Samsung */
	{ 0x0400000000000001ull, "64_32_TILE", 0 },
	{ 0x0400000000000002ull, "16_16_TILE", 0 },
	/* Qualcomm */
	{ 0x0500000000000001ull, "COMPRESSED", 0 },
	{ 0x0500000000000002ull, "TILED2", 0 },
	{ 0x0500000000000003ull, "TILED3", 0 },
	/* Vivante */
	{ 0x0600000000000001ull, "TILED", 0 },
	{ 0x0600000000000002ull, "SUPER_TILED", 0 },
	{ 0x0600000000000003ull, "SPLIT_TILED", 0 },
	{ 0x0600000000000004ull, "SPLIT_SUPER_TILED", 0 },
	/* Broadcom (SANDn: fourcc_mod_broadcom_code(n, 0), column height 0) */
	{ 0x0700000000000001ull, "VC4_T_TILED", 0 },
	{ 0x0700000000000002ull, "SAND32", 0 },
	{ 0x0700000000000003ull, "SAND64", 0 },
	{ 0x0700000000000004ull, "SAND128", 0 },
	{ 0x0700000000000005ull, "SAND256", 0 },
	{ 0x0700000000000006ull, "UIF", 0 },
	/* ARM: DRM_FORMAT_MOD_ARM_CODE(DRM_FORMAT_MOD_ARM_TYPE_MISC, 1) */
	{ 0x0810000000000001ull, "16X16_BLOCK_U_INTERLEAVED", 0 },
	/* Allwinner */
	{ 0x0900000000000001ull, "TILED", 0 },
};
const unsigned gk_mod_nfixed = GK_COUNTOF(gk_mod_fixed_names);

/* ARM AFBC: AFBC_FORMAT_MOD_BLOCK_SIZE_* and the mode bits 12:4 in bit order */
GK_ENUM_DEF(afbc_block, 4, [1] = "16x16", [2] = "32x8", [3] = "64x4", [4] = "32x8_64x4");
GK_ENUM_DEF(afbc_mode, 4, [0] = "YTR", [1] = "SPLIT", [2] = "SPARSE", [3] = "CBR", [4] = "TILED", [5] = "SC",
	    [6] = "DB", [7] = "BCH", [8] = "USM");
/* ARM AFRC: AFRC_FORMAT_MOD_CU_SIZE_*, AFRC_FORMAT_MOD_LAYOUT_SCAN */
GK_ENUM_DEF(afrc_cu, 4, [1] = "CU_16", [2] = "CU_24", [3] = "CU_32");
GK_ENUM_DEF(afrc_layout, 1, [0] = "ROT", [1] = "SCAN");
/* Amlogic FBC: AMLOGIC_FBC_LAYOUT_*; of the options byte libdrm reads only
 * AMLOGIC_FBC_OPTION_MEM_SAVING (bit 8) and spells it off as "0" */
GK_ENUM_DEF(aml_layout, 8, [1] = "BASIC", [2] = "SCATTER");
GK_ENUM_DEF(aml_options, 1, [0] = "0", [1] = "MEM_SAVING");

static const struct gk_mod_vitem afbc_items[] = {
	{ F("BLOCK_SIZE", SEG(0, 3), GK_ENUM, .enm = &afbc_block), GK_VS_KEY, GK_VI_NEEDED, NULL },
	{ F("MODE", SEG(4, 12), GK_FLAGS, .enm = &afbc_mode), GK_VS_FLAGS, GK_VI_COMMA, NULL },
};
static const struct gk_mod_vitem afrc_items[] = {
	{ F("P0", SEG(0, 3), GK_ENUM, .enm = &afrc_cu), GK_VS_KEY, GK_VI_NEEDED, NULL },
	{ F("P12", SEG(4, 7), GK_ENUM, .enm = &afrc_cu), GK_VS_KEY, GK_VI_SKIP, NULL },
	{ F("LAYOUT", SEG(8, 8), GK_ENUM, .enm = &afrc_layout), GK_VS_WORD, 0, NULL },
};
/* DRM_FORMAT_MOD_NVIDIA_BLOCK_LINEAR_2D(c, s, g, k, h) */
static const struct gk_mod_vitem nv_items[] = {
	{ F("HEIGHT", SEG(0, 3), GK_UINT), GK_VS_KEY, 0, NULL },
	{ F("KIND", SEG(12, 19), GK_UINT), GK_VS_KEY, 0, NULL },
	{ F("GEN", SEG(20, 21), GK_UINT), GK_VS_KEY, 0, NULL },
	{ F("SECTOR", SEG(22, 22), GK_UINT), GK_VS_KEY, 0, NULL },
	{ F("COMPRESSION", SEG(23, 25), GK_UINT), GK_VS_KEY, 0, NULL },
};
/* DRM_FORMAT_MOD_AMLOGIC_FBC(layout, options) */
static const struct gk_mod_vitem aml_items[] = {
	{ F("LAYOUT", SEG(0, 7), GK_ENUM, .enm = &aml_layout), GK_VS_KEY, 0, "INVALID_LAYOUT" },
	{ F("OPTIONS", SEG(8, 8), GK_ENUM, .enm = &aml_options), GK_VS_KEY, 0, NULL },
};

/* The match bits count as spelled: the lead or the first item says them. */
const struct gk_mod_layout gk_mod_layouts[] = {
	/* DRM_FORMAT_MOD_ARM_CODE(type, value): type in bits 55:52 */
	{ "ARM AFBC", 0x08, 0x00f0000000000000ull, 0x0000000000000000ull, NULL, afbc_items, GK_COUNTOF(afbc_items) },
	{ "ARM AFRC", 0x08, 0x00f0000000000000ull, 0x0020000000000000ull, NULL, afrc_items, GK_COUNTOF(afrc_items) },
	/* bit 4: block linear ("Must be 1") */
	{ "NVIDIA block linear", 0x03, 0x10, 0x10, "BLOCK_LINEAR_2D", nv_items, GK_COUNTOF(nv_items) },
	{ "Amlogic FBC", 0x0a, 0, 0, "FBC", aml_items, GK_COUNTOF(aml_items) },
};
const unsigned gk_mod_nlayouts = GK_COUNTOF(gk_mod_layouts);
