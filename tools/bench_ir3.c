/* ir3 benchmark (make bench): decode (with the exactness check inside
 * decode) and encode, on random cat6 words; best of 3 runs.
 * GFXKIT_BENCH_IR3_N=n measures the first n words only (default and most
 * 20000).  Targets: decode >= 2 M instructions/s, encode >= 1 M/s ("  target: "
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

#define N_MAX 20000
#define TARGET_DECODE 2e6
#define TARGET_ENCODE 1e6

/* The two timed loops, each its own (not inlined) function so that a
 * profile (valgrind --tool=callgrind) shows the cost of each phase as the
 * inclusive cost of bench_decode and bench_encode. */
static __attribute__((noinline)) unsigned bench_decode(const uint64_t *words, unsigned n,
							char (*texts)[GK_IR3_TEXT_MAX])
{
	static struct gk_ir3_insn in;
	static struct gk_diags dg;
	unsigned exact = 0;
	for (unsigned i = 0; i < n; i++) {
		gk_diags_reset(&dg);
		gk_ir3_decode(630, words[i], &in, &dg);
		exact += in.exact;
		memcpy(texts[i], in.text, sizeof in.text);
	}
	return exact;
}

static __attribute__((noinline)) unsigned bench_encode(unsigned n, char (*texts)[GK_IR3_TEXT_MAX])
{
	unsigned ok = 0;
	for (unsigned i = 0; i < n; i++) {
		uint64_t w;
		struct gk_diag err;
		ok += gk_ir3_encode(630, texts[i], strlen(texts[i]), &w, &err) == 0;
	}
	return ok;
}

int main(void)
{
	static uint64_t words[N_MAX];
	static char texts[N_MAX][GK_IR3_TEXT_MAX];
	static struct gk_ir3_insn in;
	/* GFXKIT_BENCH_IR3_N: fewer words (a profile under valgrind needs no
	 * 20000); the same seed, so the first n words are always the same */
	unsigned N = N_MAX;
	const char *env = getenv("GFXKIT_BENCH_IR3_N");
	if (env && atoi(env) > 0 && atoi(env) < N_MAX)
		N = (unsigned)atoi(env);
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
		exact = bench_decode(words, N, texts);
		double t1 = now();
		enc_ok = bench_encode(N, texts);
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
