/* AMD PM4 command packets, R6xx/R7xx/Evergreen/Cayman (seed 001 §9). */
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

/* Fill *fmt with the PM4 format of one generation, by generation or chip
 * name ("evergreen", "cypress", "rv770", ...).  Returns 0, or -1 when the
 * name is unknown or NULL, or fmt is NULL.  The caller owns *fmt (about 160 KiB of prepared lookup
 * tables: allocate it statically or on the heap); nothing else is allocated. */
int gk_pm4_format_init(struct gk_format *fmt, const char *gpu);

/* Names accepted by gk_pm4_format, for usage messages: "r600 (rv610 ...)". */
const char *gk_pm4_gpu_help(void);

#ifdef __cplusplus
}
#endif
#endif
