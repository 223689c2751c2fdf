/* GFX9-GFX12 surfaces (swizzle modes), bit-exact with addrlib: padded sizes,
 * alignments, mip chains and the mip tail, the swizzle equation, the byte
 * address of every element, tiling and detiling of whole surfaces, and
 * pictures of the layout (../shared/reference/tiling-gfx9/README.md).
 * GFX9 (Vega, Raven), GFX10 (Navi1x), GFX10.3 (Navi2x), GFX11 (Navi3x,
 * Phoenix) and GFX12 (Navi4x) (gk_swz_gen_available).
 *
 * A surface is described by a chip (GB_ADDR_CONFIG, as addrlib is created
 * for it), addrlib's swizzle mode id (Addr2: 0-31 on GFX9-11, Addr3: 0-7 on
 * GFX12), 2D or 3D, bpp, size, mips and samples -- the inputs of
 * Addr2ComputeSurfaceInfo / Addr3ComputeSurfaceInfo -- and the record it
 * fills carries addrlib's output names.
 *
 * Pure functions: nothing allocates, nothing prints; the caller owns memory.
 * NULL pointers: functions returning int give -1, sizes and counts 0, void
 * functions do nothing, names NULL; a surface gk_swz_surface_init did not
 * fill (pitch 0) has no elements. */
#ifndef GFXKIT_SWIZZLE_H
#define GFXKIT_SWIZZLE_H

#include <stddef.h>
#include <stdint.h>

#include "gfxkit/diag.h"
#include "gfxkit/tiling.h" /* enum gk_tile_map_by, struct gk_png */

#ifdef __cplusplus
extern "C" {
#endif

#define GK_SWZ_MAX_MIPS 16u       /* 32768 x 32768: 16 levels */
#define GK_SWZ_MAX_EQ_BITS 32u    /* in-block offset bits of the largest block (256 KiB: 18) with room */
#define GK_SWZ_MAX_EQ_TERMS 5u    /* ADDR_EQUATION: addr plus up to four xor components */

enum gk_swz_gen {
	GK_SWZ_GFX9 = 90,
	GK_SWZ_GFX10 = 100,
	GK_SWZ_GFX10_3 = 103,
	GK_SWZ_GFX11 = 110,
	GK_SWZ_GFX12 = 120,
};

/* A chip as addrlib is created for it (chips.tsv). */
struct gk_swz_chip {
	const char *name;         /* "vega10", "navi21", ... */
	unsigned gen;             /* enum gk_swz_gen */
	unsigned family, revision;
	uint32_t gb_addr_config;
	/* What addrlib derives from family and revision (Gfx10Lib::HwlConvertChipFamily,
	 * amdgpu_asic_addr.h ranges), stated per row so the rules read no revision: */
	uint8_t rb_plus;          /* GFX10.3 (Navi21+ revisions, Van Gogh, Rembrandt, ...): RB+ patterns, VAR modes */
	uint8_t ds_mip_fix;       /* dsMipmapHtileFix: every GFX10 but Navi10 (rev 1-9); always on GFX11 */
	const char *config_source; /* where the GB_ADDR_CONFIG value comes from */
};

/* What the surface is asked to be (Addr2/Addr3ComputeSurfaceInfo inputs). */
struct gk_swz_params {
	const struct gk_swz_chip *chip;
	unsigned mode;            /* addrlib's swizzle mode id: Addr2 0-31 (GFX9-11), Addr3 0-7 (GFX12) */
	unsigned dims;            /* 2 or 3 (rsrc_type) */
	unsigned bpp;             /* 8, 16, 32, 64, 128 */
	uint32_t width, height;
	uint32_t depth_or_slices; /* depth for 3D, array size for 2D */
	unsigned mips;            /* >= 1 */
	unsigned samples;         /* 1, 2, 4, 8 (numSamples = numFrags) */
	unsigned depth_usage;     /* Addr2 usage=depth (depth=1, texture=1) instead of color */
	uint32_t pipe_bank_xor;   /* per-surface xor (0 in the reference data) */
};

/* One coordinate of gk_swzN_addr. */
struct gk_swz_coord {
	uint32_t x, y, slice, sample, mip;
};

/* One term of an equation bit: a coordinate bit. */
enum gk_swz_axis { GK_SWZ_AX_NONE, GK_SWZ_AX_X, GK_SWZ_AX_Y, GK_SWZ_AX_Z, GK_SWZ_AX_S };
struct gk_swz_term {
	uint8_t axis;             /* enum gk_swz_axis; NONE: unused slot */
	uint8_t bit;              /* x is in BYTES (x_elements << log2(bpp / 8)), as equations.tsv */
};
/* Bit i of the in-block offset = XOR of term[i][0..] (a bit with no term is 0). */
struct gk_swz_equation {
	unsigned num_bits;        /* 0: no equation (LINEAR, GFX9-11 MSAA) */
	unsigned stacked_depth_slices;
	struct gk_swz_term term[GK_SWZ_MAX_EQ_BITS][GK_SWZ_MAX_EQ_TERMS];
};

/* ADDR2_MIP_INFO / ADDR3_MIP_INFO (mips.tsv) */
struct gk_swz_mip {
	uint32_t pitch, pitch_for_slice, height, depth;
	uint32_t pixel_pitch, pixel_height;
	uint64_t offset, macro_block_offset;
	uint32_t mip_tail_offset;
	uint32_t mip_tail_coord_x, mip_tail_coord_y, mip_tail_coord_z;
};

/* The answer (surfaces.tsv), with what the address path needs. */
struct gk_swz_surface {
	struct gk_swz_params p;
	uint32_t pitch, pitch_for_slice, height, num_slices;       /* padded mip 0, elements */
	uint32_t mip_chain_pitch, mip_chain_height, mip_chain_slice; /* Addr2 */
	uint64_t slice_size, slice_size_dense_packed, surf_size;
	uint32_t base_align;
	uint32_t block_width, block_height, block_slices;           /* the swizzle block, elements */
	int epitch_is_height;
	int equation_index;                                         /* addrlib's table index, -1: none */
	int mip_chain_in_tail;
	unsigned first_mip_in_tail;
	uint32_t pixel_pitch, pixel_height, pixel_mip_chain_pitch, pixel_mip_chain_height;
	unsigned out_bpp;
	struct gk_swz_mip mip[GK_SWZ_MAX_MIPS];
	struct gk_swz_equation eq;
	/* Added for the address path (GFX10-12): */
	unsigned block_bits;          /* log2 bytes of the swizzle block (8 for LINEAR) */
	unsigned elem_log2;           /* log2(bpp / 8) */
	unsigned thick;               /* 3D block spans several slices (block_slices > 1 by the rules) */
	uint32_t xor_bits;            /* pipe_bank_xor placed in the in-block offset (0: none) */
	/* addrlib's full swizzle pattern (ADDR_BIT_SETTING: x bits 0-15 in
	 * ELEMENTS, y 16-31, z 32-47, sample 48-63): bit i of the in-block
	 * offset, for i >= elem_log2, is the parity of the coordinates under it.
	 * Valid up to block_bits; 0 for LINEAR. */
	uint64_t pattern[GK_SWZ_MAX_EQ_BITS];
	int has_pattern;              /* addresses come from pattern (else: none, or LINEAR) */
};

/* ---- chips and modes -------------------------------------------------- */

/* The chips addrlib's reference was computed on (vega10, raven, navi10,
 * navi21, navi31, phoenix, navi48) and the other configurations of Mesa's
 * fake hardware database (navi14, gfx103_8pipe, gfx11_4pipe_1pkr, ...), by
 * index; NULL past the end.  Names other than vega10 stand for "a chip of
 * that generation with this GB_ADDR_CONFIG" (see docs/tiling.md). */
const struct gk_swz_chip *gk_swz_chip_at(unsigned i);
/* By name (any letter case); NULL: not a GFX9+ configuration gfxkit knows. */
const struct gk_swz_chip *gk_swz_chip_find(const char *name);
/* "GFX10.3" for a gen value; NULL: none. */
const char *gk_swz_gen_name(unsigned gen);
/* 1 when this build has the rules of generation gen, else 0. */
int gk_swz_gen_available(unsigned gen);
/* addrlib's name of a mode id on a generation ("64KB_R_X"; GFX10.3 calls
 * 28 and 31 VAR_Z_X and VAR_R_X, GFX11 calls 28-31 256KB_*_X; GFX12's are
 * LINEAR, 256B_2D, 4KB_2D, 64KB_2D, 256KB_2D, 4KB_3D, 64KB_3D, 256KB_3D);
 * NULL: the generation has no such mode. */
const char *gk_swz_mode_name(unsigned gen, unsigned mode);
/* A mode by name on a generation: the names above in any letter case, with
 * or without addrlib's "SW_" / "ADDR_SW_" / "ADDR3_" prefix, "4K" for
 * "4KB", "64K" for "64KB", "256K" for "256KB", or the id as a number.
 * Returns the id, or -1. */
int gk_swz_mode_parse(unsigned gen, const char *name);

/* ---- surfaces and addresses ------------------------------------------- */

#define GK_SWZ_MAX_DIM 16384u       /* width, height and 3D depth (GFX10-12's largest image) */
#define GK_SWZ_MAX_SLICES 8192u     /* array slices */

/* Defaults: 2D, one slice, one mip, one sample, colour, no xor, chip NULL. */
void gk_swz_params_init(struct gk_swz_params *p);
/* Validate p and compute the surface.  Returns 0, or -1 with the reason in
 * *err (err may be NULL): a parameter out of range (field names it), a
 * chip whose generation is not in this build, a mode the chip does not
 * have, or a surface addrlib refuses (its rule in words). */
int gk_swz_surface_init(struct gk_swz_surface *s, const struct gk_swz_params *p, struct gk_diag *err);
/* Byte address (from the base_align-aligned surface base) of element
 * (x, y) of slice (array slice, or depth slice for 3D), sample and mip:
 * 0, or -1 when the coordinate is outside the level (x >= the mip's pitch,
 * y >= its height, slice, sample or mip past the surface) or addrlib has
 * no address for the surface (GFX10.3/11 3D 64KB_D_X at 64/128 bpp, GFX12
 * LINEAR and 3D modes with MSAA). */
int gk_swz_addr(const struct gk_swz_surface *s, const struct gk_swz_coord *c, uint64_t *addr);
/* The pipe and bank an address falls in: pipe = address bits [8, 8 + log2
 * NUM_PIPES) (256-byte pipe interleave); bank (GFX10-11) = the bank-xor bits
 * above the pipe bits and two column bits (addrlib's GetBankXorBits), 0 on
 * GFX9 and GFX12 and where the block has none; both 0 for LINEAR.  -1 for
 * s, pipe or bank NULL or s not initialised. */
int gk_swz_pipe_bank(const struct gk_swz_surface *s, uint64_t addr, unsigned *pipe, unsigned *bank);

/* ---- whole surfaces ----------------------------------------------------- */

/* The linear image: every mip level in turn (mip 0 first); in a level every
 * slice (3D: the level's depth, max(depth >> mip, 1); arrays: every slice);
 * in a slice the rows of the level's unpadded size (max(width >> mip, 1) x
 * max(height >> mip, 1) elements); in a row each element's samples one after
 * another.  Its size in bytes, 0 on overflow of size_t or for s NULL. */
size_t gk_swz_linear_bytes(const struct gk_swz_surface *s);
/* pack: linear (gk_swz_linear_bytes) -> tiled (surf_size bytes: every byte
 * written, padding as zeros); unpack: the inverse (padding is not read into
 * the image).  Each element goes to gk_swz_addr's bytes.  Returns 0, or -1
 * when the surface has no address (see gk_swz_addr) or an argument is
 * NULL. */
int gk_swz_pack(const struct gk_swz_surface *s, const void *linear, void *tiled);
int gk_swz_unpack(const struct gk_swz_surface *s, const void *tiled, void *linear);

/* ---- text and JSON ------------------------------------------------------ */

/* info as one JSON object: pitch, height, slices, surface_bytes, slice_bytes,
 * base_align, block (width, height, slices, bytes), equation_index,
 * first_mip_in_tail, mips (one object per level: offset, pitch, height,
 * depth, macro_block_offset, mip_tail_offset, mip_tail_coord), the
 * equation (text "b0=x0 ..." or null), then "params": the parameters used
 * (chip, generation, gb_addr_config, swizzle, swizzle_id, dims, bpp, width,
 * height, depth_or_slices, mips, samples, usage, pipe_xor).  snprintf style (buf may be NULL when cap is
 * 0); s NULL: "" and 0. */
size_t gk_swz_info_json(const struct gk_swz_surface *s, char *buf, size_t cap);
/* The same as "key value" lines, a line per mip. */
size_t gk_swz_info_text(const struct gk_swz_surface *s, char *buf, size_t cap);
/* The equation as addrlib's text: "b0=x0 b1=x1 ... b15=y6^x8^z0" (x in
 * bytes; 0 for a bit that is constant); "" when there is none. */
size_t gk_swz_equation_text(const struct gk_swz_surface *s, char *buf, size_t cap);

/* ---- pictures ------------------------------------------------------------ */

/* The colour of every element of padded row y of mip 0, slice z, sample 0
 * (mip 0's pitch * 3 bytes): GK_MAP_PIPE and GK_MAP_BANK the pipe or bank
 * its address falls in (gk_swz_pipe_bank), GK_MAP_ORDER its byte offset in
 * the slice on a ramp; elements outside the image (padding) at a third of
 * the brightness.  GK_MAP_MICROTILE is a GFX6-8 notion: drawn as ORDER. */
void gk_swz_map_row(const struct gk_swz_surface *s, enum gk_tile_map_by by, uint32_t y, uint32_t z, uint8_t *rgb);
/* The picture `gfxkit tile map` draws: the map at the top left and below
 * it the legend (as gk_tile_picture_size/row).  size: -1 for s NULL, not
 * initialised, no addresses, or `by` out of range. */
int gk_swz_picture_size(const struct gk_swz_surface *s, enum gk_tile_map_by by, uint32_t z, uint32_t *width,
			uint32_t *height);
void gk_swz_picture_row(const struct gk_swz_surface *s, enum gk_tile_map_by by, uint32_t z, uint32_t y,
			uint8_t *rgb);
/* The legend as text, one fact a line (the surface; what the colour
 * encodes; each colour as #rrggbb), for the PNG's tEXt chunk; snprintf style. */
size_t gk_swz_map_legend(const struct gk_swz_surface *s, enum gk_tile_map_by by, uint32_t z, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
