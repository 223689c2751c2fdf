/* GFX9-GFX12 surfaces (swizzle modes), as addrlib computes them: the
 * contract every generation's rules fill.  The records themselves (chip,
 * params, coord, equation, mip, surface) are public, in
 * include/gfxkit/swizzle.h; their fields carry addrlib's output names
 * (../shared/reference/tiling-gfx9/README.md) so a reader can hold the two
 * side by side.
 *
 * Each generation lives in its own file and exports, through its own header:
 *   int gk_swz_N_surface(struct gk_swz_surface *s, const struct gk_swz_params *p, struct gk_diag *err);
 *   int gk_swz_N_addr(const struct gk_swz_surface *s, const struct gk_swz_coord *c, uint64_t *addr);
 * (N = gfx9, gfx10 for GFX10/10.3/11, gfx12), and may name its modes
 * (gk_swz_gfx10_mode_name).  It joins through one row of gk_swz_gens[]
 * (swz_chips.c, swz_gen.h).  The public API, the chips table and the CLI
 * dispatch on s->p.chip->gen and never look inside a generation's rules.
 * Fields may be added; none is reused for another meaning.  Fields added for
 * GFX10-12 (block_bits, elem_log2, thick, xor_bits, pattern, has_pattern) are
 * read by pack/unpack only when the row says pattern_addr. */
#ifndef GK_TILING_SWZ_H
#define GK_TILING_SWZ_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

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

/* Arithmetic every generation's rules use (sizes are powers of two where
 * aligned to: blocks, pipe interleaves, mip-tail extents). */
static inline unsigned gk_swz_log2(uint32_t v) /* floor(log2 v); 0 for 0 and 1 */
{
	unsigned l = 0;
	while (v > 1) {
		v >>= 1;
		l++;
	}
	return l;
}
static inline uint32_t gk_swz_align(uint32_t v, uint32_t a) /* a: a power of two */
{
	return (v + a - 1) & ~(a - 1);
}
static inline uint64_t gk_swz_align64(uint64_t v, uint64_t a) /* a: a power of two */
{
	return (v + a - 1) & ~(a - 1);
}
static inline uint32_t gk_swz_shift_ceil(uint32_t v, unsigned s) /* ceil(v / 2^s) */
{
	return (v >> s) + ((v & ((1u << s) - 1)) != 0);
}

/* Text built into a caller's buffer of cap bytes (info text and JSON, the
 * map legends): len counts every byte asked for, as snprintf does, so the
 * caller learns the size it needed when cap was too small. */
struct gk_swz_text {
	char *buf;
	size_t cap, len;
};
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static inline void gk_swz_textf(struct gk_swz_text *b, const char *fmt, ...)
{
	va_list ap;
	int n;
	va_start(ap, fmt);
	n = vsnprintf(b->len < b->cap ? b->buf + b->len : NULL, b->len < b->cap ? b->cap - b->len : 0, fmt, ap);
	va_end(ap);
	if (n > 0)
		b->len += (size_t)n;
}

#endif
