/* Bit-range helpers: one definition of a field's geometry serves get and put. */
#ifndef GK_BITS_H
#define GK_BITS_H

#include <stdint.h>

static inline uint32_t gk_mask(unsigned lo, unsigned hi)
{
	return (hi >= 31 ? 0xffffffffu : ((1u << (hi + 1)) - 1u)) & ~((1u << lo) - 1u);
}

static inline uint32_t gk_get(uint32_t w, unsigned lo, unsigned hi)
{
	return (w & gk_mask(lo, hi)) >> lo;
}

/* false: v does not fit in lo..hi (w unchanged) */
static inline int gk_put(uint32_t *w, unsigned lo, unsigned hi, uint64_t v)
{
	uint32_t m = gk_mask(lo, hi);
	if (v > (uint64_t)(m >> lo))
		return 0;
	*w = (*w & ~m) | (((uint32_t)v << lo) & m);
	return 1;
}

#endif
