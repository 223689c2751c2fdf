/* GFX12 surfaces (addrlib Gfx12Lib, the Addr3 interface): see swz.h. */
#ifndef GK_TILING_GFX12_SWZ_H
#define GK_TILING_GFX12_SWZ_H

#include "swz.h"

/* Fill *s for *p (p->chip->gen GK_SWZ_GFX12; p->mode an Addr3 mode 0-7).
 * 0, or -1 with the reason in *err (err may be NULL). */
int gk_swz_gfx12_surface(struct gk_swz_surface *s, const struct gk_swz_params *p, struct gk_diag *err);
/* Byte offset of one element; -1 outside the surface or where addrlib has
 * no address (LINEAR and 3D modes with MSAA). */
int gk_swz_gfx12_addr(const struct gk_swz_surface *s, const struct gk_swz_coord *c, uint64_t *addr);
/* Addr3 mode names: LINEAR, 256B_2D, 4KB_2D, 64KB_2D, 256KB_2D, 4KB_3D,
 * 64KB_3D, 256KB_3D; NULL past 7.  gen is not read. */
const char *gk_swz_gfx12_mode_name(unsigned gen, unsigned mode);

#endif
