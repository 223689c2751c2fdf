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

#include "gfxkit/swizzle.h" /* the records: chip, params, coord, equation, mip, surface */

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
