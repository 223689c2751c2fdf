/* The GFX9-GFX12 chips and generations (swz_chips.c). */
#ifndef GK_TILING_SWZ_GEN_H
#define GK_TILING_SWZ_GEN_H

#include "swz.h"

struct gk_swz_gen_row {
	unsigned gen;             /* enum gk_swz_gen */
	const char *name;         /* "GFX10.3" */
	unsigned nmodes;          /* swizzle mode ids 0 .. nmodes-1 (Addr2: 32, Addr3: 8) */
	int (*surface)(struct gk_swz_surface *s, const struct gk_swz_params *p, struct gk_diag *err);
	int (*addr)(const struct gk_swz_surface *s, const struct gk_swz_coord *c, uint64_t *addr);
	const char *(*mode_name)(unsigned gen, unsigned mode);
	/* 1: every tiled address is addr = (slice / block_slices) * slice_size *
	 * block_slices + mip.macro_block_offset + block index << block_bits +
	 * (pattern(x + tail x, y + tail y, slice + tail z, sample) ^ xor_bits),
	 * so pack/unpack may use the pattern directly (GFX10-12); 0: they ask
	 * addr for every element. */
	int pattern_addr;
};

extern const struct gk_swz_chip gk_swz_chips[];
extern const unsigned gk_swz_nchips;
extern const struct gk_swz_gen_row gk_swz_gens[];
extern const unsigned gk_swz_ngens;

/* The row of a generation; NULL: its rules are not in this build. */
const struct gk_swz_gen_row *gk_swz_gen_find(unsigned gen);

#endif
