/* DMA/SDMA description table (dma_tab.c), shared with the framing (dma.c). */
#ifndef GK_DMA_TAB_H
#define GK_DMA_TAB_H

#include "gfxkit/desc.h"
#include "gfxkit/dma.h"

/* generation sets as the table rows (and the tests) write them */
#define R6 GK_DMA_R600
#define R7 GK_DMA_R700
#define EG GK_DMA_EVERGREEN
#define CM GK_DMA_CAYMAN
#define SI GK_DMA_SI
#define CIK GK_DMA_CIK
#define R67 (R6 | R7)
#define EGCM (EG | CM)
#define EGSI (EG | CM | SI)
#define CMSI (CM | SI)

extern const struct gk_packet_desc gk_dma_descs[];
extern const unsigned gk_dma_ndescs;

#endif
