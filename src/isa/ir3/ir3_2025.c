/* Adreno ir3 as Mesa's January 2025 description prints it (isaspec XML at
 * 7d41cfa1a97f, a3xx..a7xx): the engine of ir3.c compiled again over the
 * tables scripts/gen_ir3.py wrote from that description (ir3_2025_tab.c,
 * whose symbols are gk_ir3_2025_*).  Users select it with a gpu id holding
 * GK_IR3_MESA_2025 ("-g a630@mesa-2025"), for texts to compare with a Mesa of
 * that time; the default assembler also falls back to it, so that such texts
 * still assemble (docs/ir3.md, "Descriptions"). */
#define IR3_LEGACY 2025
#define IR3_COUNTS "ir3_2025_counts.h"
#include "ir3.c"
