/* AMD async DMA (r6xx-SI) and SDMA (CIK: seed 000; VI to GFX12: the kernel's
 * SDMA packet headers, docs/dma.md). */
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
#define GK_DMA_SDMA24    0x40u  /* SDMA 2.4: topaz / iceland (VI) */
#define GK_DMA_SDMA30    0x80u  /* SDMA 3.0: the other VI chips */
#define GK_DMA_SDMA4     0x100u /* SDMA 4.x: GFX9 */
#define GK_DMA_SDMA5     0x200u /* SDMA 5.x: GFX10, GFX10.3 */
#define GK_DMA_SDMA6     0x400u /* SDMA 6.x: GFX11 */
#define GK_DMA_SDMA7     0x800u /* SDMA 7.0: GFX12 */
/* every SDMA generation after CIK */
#define GK_DMA_SDMA_VI_PLUS (GK_DMA_SDMA24 | GK_DMA_SDMA30 | GK_DMA_SDMA4 | GK_DMA_SDMA5 | GK_DMA_SDMA6 | GK_DMA_SDMA7)

/* Fill *fmt with the DMA format of one generation, by generation or chip
 * name ("evergreen", "barts", "tahiti", "bonaire", "vega10", "navi31", ...),
 * SDMA IP version ("sdma4.0", "sdma5.2") or gfxN name ("gfx9", "gfx10.3").  Returns 0, or -1
 * when the name is unknown or NULL, or fmt is NULL.  The caller owns *fmt (see gk_pm4_format_init). */
int gk_dma_format_init(struct gk_format *fmt, const char *gpu);

/* Names accepted by gk_dma_format_init, for usage messages. */
const char *gk_dma_gpu_help(void);

#ifdef __cplusplus
}
#endif
#endif
