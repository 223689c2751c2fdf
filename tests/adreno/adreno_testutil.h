/* Shared helpers for the Adreno tests: tests/desc_testutil.h on the Adreno
 * generations (a2xx..a7xx, the GK_ADRENO_* bit order). */
#ifndef ADRENO_TESTUTIL_H
#define ADRENO_TESTUTIL_H

#define TU_FAMILY "adreno"
#define TU_FORMAT_INIT gk_adreno_format_init
#define TU_NGENS 6
#define TU_GEN_NAMES "a2xx", "a3xx", "a4xx", "a5xx", "a6xx", "a7xx"
#define TU_MAXW 32768 /* words one test text may assemble to (> the longest packet) */
#include "gfxkit/adreno.h"
#include "desc_testutil.h"
#include "adreno/adreno_tab.h"

#endif
