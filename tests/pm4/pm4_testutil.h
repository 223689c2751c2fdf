/* Shared helpers for the PM4 tests (seed 001 §9): tests/desc_testutil.h on
 * the PM4 generations. */
#ifndef PM4_TESTUTIL_H
#define PM4_TESTUTIL_H

#define TU_FAMILY "pm4"
#define TU_FORMAT_INIT gk_pm4_format_init
#define TU_NGENS 4
#define TU_GEN_NAMES "r600", "r700", "evergreen", "cayman"
#define TU_MAXW 32768 /* words one test text may assemble to (> the longest packet) */
#include "desc_testutil.h"

#endif
