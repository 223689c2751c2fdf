/* GFX10, GFX10.3 and GFX11 surfaces (addrlib Gfx10Lib / Gfx11Lib): see swz.h. */
#ifndef GK_TILING_GFX10_SWZ_H
#define GK_TILING_GFX10_SWZ_H

#include "swz.h"

/* Fill *s for *p (p->chip->gen GK_SWZ_GFX10, GK_SWZ_GFX10_3 or GK_SWZ_GFX11).
 * 0, or -1 with the reason addrlib would refuse in *err (err may be NULL). */
int gk_swz_gfx10_surface(struct gk_swz_surface *s, const struct gk_swz_params *p, struct gk_diag *err);
/* Byte offset of one element from the surface base; -1 when the coordinate
 * is outside the surface (slice, sample or mip beyond it, x or y beyond the
 * level's padded size) or addrlib has no address for the surface. */
int gk_swz_gfx10_addr(const struct gk_swz_surface *s, const struct gk_swz_coord *c, uint64_t *addr);

/* addrlib's name of an Addr2 mode id on GFX10/10.3 (VAR_*_X at 28 and 31,
 * named though GFX10 without RB+ refuses them) or GFX11 (256KB_*_X at
 * 28-31); NULL: reserved. */
const char *gk_swz_gfx10_mode_name(unsigned gen, unsigned mode);

#endif
