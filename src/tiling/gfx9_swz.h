/* GFX9 (Vega, Raven: addrlib's Gfx9Lib) surfaces: the two functions every
 * generation exports through swz.h.  Internal: not in include/gfxkit/ and
 * not exported from the shared library. */
#ifndef GK_TILING_GFX9_SWZ_H
#define GK_TILING_GFX9_SWZ_H

#include <stdint.h>

#include "swz.h"

/* Fill *s for the surface *p asks for (p->chip->gen == GK_SWZ_GFX9): sizes,
 * alignments, mip levels and the addressing equation, as addrlib's
 * Addr2ComputeSurfaceInfo returns them on that GB_ADDR_CONFIG.  0, or -1
 * with the reason in *err (err may be NULL) when addrlib refuses the
 * surface or a parameter is out of range.  s or p NULL: -1. */
int gk_swz_gfx9_surface(struct gk_swz_surface *s, const struct gk_swz_params *p, struct gk_diag *err);

/* Byte offset from the surface base of element c (Addr2ComputeSurfaceAddrFromCoord):
 * 0, or -1 when c lies outside the surface (x, y beyond the level, slice,
 * sample or mip out of range) or an argument is NULL.  s must have been
 * filled by gk_swz_gfx9_surface. */
int gk_swz_gfx9_addr(const struct gk_swz_surface *s, const struct gk_swz_coord *c, uint64_t *addr);

#endif
