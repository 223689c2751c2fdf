/* GFX9-GFX12 surfaces (swizzle modes), as addrlib computes them: the one
 * record every generation's rules fill (../shared/reference/tiling-gfx9/
 * README.md names the fields after addrlib's outputs; this record uses the
 * same names so a reader can hold the two side by side).
 *
 * Each generation lives in its own file and exports exactly two functions
 * through its own header:
 *   int gk_swzN_surface(struct gk_swz_surface *s, const struct gk_swz_params *p, struct gk_diag *err);
 *   int gk_swzN_addr(const struct gk_swz_surface *s, const struct gk_swz_coord *c, uint64_t *addr);
 * (N = gfx9, gfx10 for GFX10/10.3/11, gfx12).  The public API, the chips
 * table and the CLI dispatch on s->p.chip->gen and never look inside a
 * generation's rules.  Fields may be added; none is reused for another
 * meaning. */
#ifndef GK_TILING_SWZ_H
#define GK_TILING_SWZ_H

#include <stdint.h>

#include "gfxkit/diag.h"

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
	const char *aka;          /* retail chip names mapped to this configuration, or NULL */
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

/* A refusal: error diagnostic in *err (err may be NULL) with field and message. */
void gk_swz_refuse(struct gk_diag *err, const char *field, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;
/* addrlib's name of mode id `mode` on a generation ("64KB_R_X"; GFX11 names
 * 28-31 256KB_*_X, GFX10.3 VAR_*_X; GFX12 the Addr3 names); NULL: none. */
const char *gk_swz_mode_name_gen(unsigned gen, unsigned mode);

/* In-block offset of element (x, y, z, sample) through s->pattern (x in
 * elements): the bits from elem_log2 to block_bits. */
static inline uint32_t gk_swz_pattern_offset(const struct gk_swz_surface *s, uint32_t x, uint32_t y, uint32_t z,
					     uint32_t smp)
{
	uint32_t off = 0;
	unsigned i;
	for (i = s->elem_log2; i < s->block_bits; i++) {
		uint64_t m = s->pattern[i];
		uint32_t v = ((uint32_t)m & 0xffffu & x) ^ ((uint32_t)(m >> 16) & 0xffffu & y) ^
			     ((uint32_t)(m >> 32) & 0xffffu & z) ^ ((uint32_t)(m >> 48) & 0xffffu & smp);
		v ^= v >> 8;
		v ^= v >> 4;
		v ^= v >> 2;
		v ^= v >> 1;
		off |= (v & 1u) << i;
	}
	return off;
}

#endif
