/* DMA/SDMA description table (dma_tab.c), shared with the framing (dma.c). */
#ifndef GK_DMA_TAB_H
#define GK_DMA_TAB_H

#include "gfxkit/desc.h"
#include "gfxkit/dma.h"

extern const struct gk_packet_desc gk_dma_descs[];
extern const unsigned gk_dma_ndescs;

#endif
