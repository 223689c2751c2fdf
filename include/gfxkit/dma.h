/* AMD async DMA (r6xx-SI) and SDMA (CIK) packets (seed 000). */
#ifndef GFXKIT_DMA_H
#define GFXKIT_DMA_H

#include "gfxkit/desc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* generation bits (struct gk_packet_desc.gens) */
#define GK_DMA_R600      0x01u
#define GK_DMA_R700      0x02u
#define GK_DMA_EVERGREEN 0x04u
#define GK_DMA_CAYMAN    0x08u  /* the reference's "ni" */
#define GK_DMA_SI        0x10u
#define GK_DMA_CIK       0x20u

/* Fill *fmt with the DMA format of one generation, by generation or chip
 * name ("evergreen", "barts", "tahiti", "bonaire", ...).  Returns 0, or -1
 * when the name is unknown or NULL, or fmt is NULL.  The caller owns *fmt (see gk_pm4_format_init). */
int gk_dma_format_init(struct gk_format *fmt, const char *gpu);

/* Names accepted by gk_dma_format_init, for usage messages. */
const char *gk_dma_gpu_help(void);

#ifdef __cplusplus
}
#endif
#endif
