/* Shared helpers for the DMA tests (seed 000): tests/desc_testutil.h on the
 * DMA / SDMA generations, and the generation sets the tests' tables use. */
#ifndef DMA_TESTUTIL_H
#define DMA_TESTUTIL_H

#define TU_FAMILY "dma"
#define TU_FORMAT_INIT gk_dma_format_init
#define TU_NGENS 12
/* the generations of the seed's packet reference (r600 .. cik): the hand-made
 * vectors of test_dma_packets.c and test_dma_bounds.c cover these; the SDMA
 * generations after them are covered by test_sdma_vectors.c (the kernel
 * headers' own macros, tests/vectors/sdma_*.tsv) */
#define TU_NGENS_SEED 6
#define TU_GEN_NAMES "r600", "r700", "evergreen", "cayman", "si", "cik", "sdma2.4", "sdma3.0", "sdma4", "sdma5", "sdma6", "sdma7"
#define TU_MAXW ((1u << 20) + 64) /* words one test text may assemble to (> the longest packet) */
#include "desc_testutil.h"

/* generation sets (R6, EGSI, ...): GK_DMA_* bits, which are in TU_GEN_NAMES order */
#include "dma/dma_tab.h"
#define EGSI (EG | CM | SI)
#define ALLGENS (R67 | EGSI | CIK)

/* the GK_DMA_* bit of generation g (tu_gen_name order); spelled out, not
 * taken from the library's format, so a wrong gen_bit there shows */
static inline unsigned tu_gen_bit(unsigned g)
{
	return 1u << g;
}

#endif
