/* libFuzzer target for the Adreno decoder, checker, printers, assembler and
 * input reader (`make fuzz-adreno`); the run itself is fuzz_desc_run in
 * fuzz_desc.h, shared with fuzz_pm4.c and fuzz_dma.c: every packet framed,
 * checked, printed as text and JSON, and the text must assemble back to the
 * very same words (decode -> encode is the identity), among its other
 * properties (see fuzz_pm4.c).
 *
 * Input: byte 0 picks the generation (byte 0 % 6: a2xx, a3xx, a4xx, a5xx,
 * a6xx, a7xx) and the mode, as in fuzz_pm4.c.  Random words seldom carry
 * the right odd-parity bits of an a5xx+ header (adreno_pm4.xml), so when
 * bit 7 of byte 0 is set every word of the rest whose type nibble is 4 or
 * 7 gets its parity bits set right before the run: the packet tables, not
 * only the BAD_HEADER path, are reached.
 * Any broken property aborts with __builtin_trap(). */
#include "fuzz_desc.h"

static const char *const gens[] = { "a2xx", "a3xx", "a4xx", "a5xx", "a6xx", "a7xx" };

static const struct fuzz_family adreno = { gens, 6, gk_adreno_format_init, false, NULL, NULL };

static uint32_t odd(uint32_t v)
{
	unsigned n = 0;
	for (; v; v >>= 1)
		n += v & 1u;
	return (n & 1u) ? 0u : 1u;
}

static uint32_t fix(uint32_t h)
{
	if ((h >> 28) == 7)
		return (h & ~0x00808000u) | odd((h >> 16) & 0x7fu) << 23 | odd(h & 0x3fffu) << 15;
	if ((h >> 28) == 4)
		return (h & ~0x08000080u) | odd((h >> 8) & 0x7ffffu) << 27 | odd(h & 0x7fu) << 7;
	return h;
}

int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n)
{
	if (!n || !(p[0] & 0x80u))
		return fuzz_desc_run(&adreno, p, n);
	uint8_t *q = malloc(n);
	if (!q)
		return 0;
	memcpy(q, p, n);
	for (size_t i = 1; i + 4 <= n; i += 4) {
		uint32_t w = (uint32_t)q[i] | (uint32_t)q[i + 1] << 8 | (uint32_t)q[i + 2] << 16 | (uint32_t)q[i + 3] << 24;
		w = fix(w);
		for (unsigned k = 0; k < 4; k++)
			q[i + k] = (uint8_t)(w >> (8 * k));
	}
	int rc = fuzz_desc_run(&adreno, q, n);
	free(q);
	return rc;
}
