/* libFuzzer target for PM4 on GFX6 through GFX12 (`make fuzz-gcn`): the
 * same properties as fuzz_pm4.c (fuzz_desc_run in fuzz_desc.h: framing,
 * checking, both printers, decode -> text -> assemble unchanged, the input
 * readers), on the GFX6+ rows of the PM4 table, the one-dword NOP pad and
 * the generated GFX6+ register tables.
 *
 * Input: byte 0 % 8 picks the generation (gfx6, gfx7, gfx8, gfx9, gfx10,
 * gfx10.3, gfx11, gfx12; gfx81 and gfx11.5 share those rows and differ
 * only in registers), byte 0 / 8 the mode; the rest as in fuzz_pm4.c.
 * Any broken property aborts with __builtin_trap(). */
#include "fuzz_desc.h"

static const char *const gens[] = { "gfx6", "gfx7", "gfx8", "gfx9", "gfx10", "gfx10.3", "gfx11", "gfx12" };

static const struct fuzz_family pm4_gcn = { gens, 8, gk_pm4_format_init, false, NULL, NULL };

int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n)
{
	return fuzz_desc_run(&pm4_gcn, p, n);
}
