/* Adreno CP command streams (Qualcomm Adreno a2xx-a7xx): the packets of
 * Mesa's adreno_pm4.xml and the registers of its rnndb (a2xx.xml-a6xx.xml). */
#ifndef GFXKIT_ADRENO_H
#define GFXKIT_ADRENO_H

#include "gfxkit/desc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* generation bits (struct gk_packet_desc.gens), as the rnndb's variants */
#define GK_ADRENO_A2XX 0x01u
#define GK_ADRENO_A3XX 0x02u
#define GK_ADRENO_A4XX 0x04u
#define GK_ADRENO_A5XX 0x08u
#define GK_ADRENO_A6XX 0x10u
#define GK_ADRENO_A7XX 0x20u

/* Fill *fmt with the Adreno format of one generation, by generation name
 * ("a6xx"), GPU name ("a630", "a750") or Mesa chip id ("0x06030002",
 * "6.3.0.2"); any case.  Returns 0, or -1 when the name is unknown or NULL,
 * or fmt is NULL.  The caller owns *fmt. */
int gk_adreno_format_init(struct gk_format *fmt, const char *gpu);

/* Names accepted by gk_adreno_format_init, for usage messages. */
const char *gk_adreno_gpu_help(void);

/* The rnndb register table of a generation (a2xx..a7xx, as above); NULL
 * for an unknown or NULL name. */
const struct gk_reg_table *gk_adreno_regs(const char *gpu);

#ifdef __cplusplus
}
#endif
#endif
