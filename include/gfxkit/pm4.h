/* AMD PM4 command packets, R6xx/R7xx/Evergreen/Cayman (seed 001 §9) and GFX6 (SI)
 * through GFX12 (Linux amdgpu sid.h, cikd.h, vid.h, soc15d.h, nvd.h; Mesa sid.h). */
#ifndef GFXKIT_PM4_H
#define GFXKIT_PM4_H

#include "gfxkit/desc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* generation bits (struct gk_packet_desc.gens) */
#define GK_PM4_R600      0x1u
#define GK_PM4_R700      0x2u
#define GK_PM4_EVERGREEN 0x4u
#define GK_PM4_CAYMAN    0x8u
#define GK_PM4_GFX6      0x10u   /* SI */
#define GK_PM4_GFX7      0x20u   /* CIK */
#define GK_PM4_GFX8      0x40u   /* VI */
#define GK_PM4_GFX81     0x80u   /* VI: Stoney (Mesa's gfx81 register set) */
#define GK_PM4_GFX9      0x100u  /* Vega, Raven, Renoir */
#define GK_PM4_GFX10     0x200u  /* Navi1x */
#define GK_PM4_GFX103    0x400u  /* Navi2x, RDNA2 APUs */
#define GK_PM4_GFX11     0x800u  /* Navi3x, Phoenix */
#define GK_PM4_GFX115    0x1000u /* Strix */
#define GK_PM4_GFX12     0x2000u /* Navi4x */
/* the type-3 NOP with COUNT 0x3FFF is a one-dword pad from GFX6 on */
#define GK_PM4_GCN (GK_PM4_GFX6 | GK_PM4_GFX7 | GK_PM4_GFX8 | GK_PM4_GFX81 | GK_PM4_GFX9 | GK_PM4_GFX10 | \
		    GK_PM4_GFX103 | GK_PM4_GFX11 | GK_PM4_GFX115 | GK_PM4_GFX12)

/* Fill *fmt with the PM4 format of one generation, by generation, chip or
 * LLVM processor name ("evergreen", "cypress", "gfx10.3", "navi21",
 * "gfx1030", ...; GFX6+ names in any case).  Returns 0, or -1 when the
 * name is unknown or NULL, or fmt is NULL.  The caller owns *fmt (about 200 KiB of prepared lookup
 * tables: allocate it statically or on the heap); nothing else is allocated. */
int gk_pm4_format_init(struct gk_format *fmt, const char *gpu);

/* Set only fmt's register tables and register links (regs, reg_links,
 * nreg_links) to those of a GPU's graphics IP, named as for
 * gk_pm4_format_init; nothing else of *fmt is touched.  For a family whose
 * packets name the graphics block's registers (SDMA's SRBM_WRITE and
 * POLL_REGMEM).  Returns 0, or -1 when the name is unknown or NULL, or fmt
 * is NULL. */
int gk_pm4_format_registers(struct gk_format *fmt, const char *gpu);

/* Names accepted by gk_pm4_format, for usage messages: "r600 (rv610 ...)". */
const char *gk_pm4_gpu_help(void);

#ifdef __cplusplus
}
#endif
#endif
