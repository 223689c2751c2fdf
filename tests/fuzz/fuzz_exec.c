/* libFuzzer target for the executor (`make fuzz-exec`): random streams run
 * on a small memory.  Byte 0 picks the engine and generation, byte 1 the
 * memory's layout; the rest are the stream's little-endian words, also
 * placed in memory (so indirect buffers and copies find them).  Each input
 * runs on a fresh copy of the memory, and on 1 input in 4 (by a hash of
 * the input) a second time on another: the runs must end (a packet limit
 * and the stream loop's bounds on following bound them), give a known
 * status, the same output byte for byte and the same memory afterwards
 * (deterministic: the engine, kept between inputs, must carry nothing
 * over), and never grow the memory beyond the regions given; lint runs (a
 * flag of byte 0) too.  Any broken property aborts with __builtin_trap(). */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "fuzz_harness.h"

FUZZ_HARNESS_BEGIN

#define CHECK(c)                      \
	do {                          \
		if (!(c))             \
			__builtin_trap(); \
	} while (0)

static const char *const targets[][2] = {
	{ "dma", "r600" }, { "dma", "rv770" }, { "dma", "cypress" }, { "dma", "cayman" }, { "dma", "tahiti" },
	{ "dma", "bonaire" }, { "pm4", "evergreen" }, { "pm4", "cayman" }, { "pm4", "gfx9" },
	/* SDMA with GFX8 and GFX9-12 tiled copies (the swizzled ones on each
	 * generation's chip configuration) */
	{ "dma", "tonga" }, { "dma", "vega10" }, { "dma", "navi21" }, { "dma", "navi31" }, { "dma", "navi48" },
};
#define NTARGETS (sizeof targets / sizeof targets[0])
/* Each zeroed region is 4 KiB (16 KiB before): an indirect buffer over one
 * runs every word of it, and a lint run passes over each word that is no
 * packet (zero, to the r6xx-CIK DMA engines) and prints it with its
 * diagnostics, uncounted by max_packets, so such an input cost in
 * proportion to the region (up to 24,600 units, 260 M instructions, an
 * input of 148 bytes).  From the corpus the ten-minute runs grew (3,007
 * inputs, 20,000 runs, -seed=1): 992 inputs a CPU second with 16 KiB, 1,332
 * with 8, 1,529 with 4; the replay reaches 3,036 edges against 3,049 (the
 * few inputs whose addresses fell between 4 and 16 KiB), and the fuzzer
 * finds the regions' bounds from the comparisons of the memory lookup. */
#define REGION 0x1000u

static struct gk_mem *memory(const uint8_t *stream, size_t n, unsigned layout)
{
	struct gk_mem *m = gk_mem_create(1u << 20);
	static uint8_t zero[REGION];
	if (!m)
		return NULL;
	/* zeroed regions at small addresses, where the fuzzer's address fields land */
	gk_mem_add_copy(m, 0, zero, REGION, NULL);
	if (layout & 1)
		gk_mem_add_copy(m, 0x100000, zero, REGION, NULL);
	if (layout & 2)
		gk_mem_add_borrowed(m, 0x200000, zero, REGION, NULL); /* read-only */
	gk_mem_add_copy(m, 0x10000, stream, n, NULL);
	return m;
}

struct sink {
	uint8_t *p;
	size_t n, cap;
};

static int sink_write(void *ctx, const void *p, size_t n)
{
	struct sink *s = ctx;
	if (s->n + n > s->cap) {
		size_t cap = s->cap ? s->cap : 4096;
		while (cap < s->n + n)
			cap *= 2;
		uint8_t *q = realloc(s->p, cap);
		if (!q)
			return -1;
		s->p = q;
		s->cap = cap;
	}
	memcpy(s->p + s->n, p, n);
	s->n += n;
	return 0;
}

static void run_once(struct gk_engine *e, const uint8_t *stream, size_t n, unsigned layout, unsigned flags,
		     struct sink *out, struct gk_exec_result *res, uint8_t *after)
{
	struct gk_mem *m = memory(stream, n, layout);
	CHECK(m != NULL);
	size_t regions = gk_mem_count(m);
	struct gk_exec *x = gk_exec_create(e, m, NULL);
	CHECK(x != NULL);
	gk_exec_set_reg(x, "0x3000", 0x12345678u, NULL);
	struct gk_bytes r = { stream, n, 0 };
	struct gk_input *in = gk_input_create(gk_read_bytes, &r, GK_IN_BIN, 4);
	char buf[512];
	struct gk_out o = { buf, 0, sizeof buf, sink_write, out, 0, 0 };
	/* flag 8: a lint run (the executor passes over what it cannot run and
	 * tests the guide's rules at each draw; Evergreen and Cayman only) */
	struct gk_lint_select sel;
	gk_lint_select_all(&sel);
	struct gk_exec_opts xo = { .max_packets = 512, .trace = flags & 1, .json = (flags & 2) != 0,
				   .state = (flags & 4) != 0, .lint = (flags & 8) ? &sel : NULL };
	CHECK(gk_exec_run(x, in, &xo, &o, res) == 0);
	gk_out_flush(&o);
	CHECK(gk_exec_status_name(res->status) != NULL);
	CHECK(res->packets <= 512);
	CHECK(gk_mem_count(m) == regions);
	gk_mem_read(m, 0, after, REGION, NULL, NULL);
	gk_input_destroy(in);
	gk_exec_destroy(x);
	gk_mem_destroy(m);
}

/* FNV-1a of the input: its top two bits zero on 1 input in 4, whatever
 * the corpus holds (no mutation keeps a hash) */
static bool one_in_4(const uint8_t *p, size_t n)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 16777619u;
	return (h >> 30) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 2)
		return 0;
	const char *const *t = targets[data[0] % NTARGETS];
	unsigned flags = data[0] / NTARGETS, layout = data[1];
	const uint8_t *stream = data + 2;
	size_t n = (size - 2) & ~(size_t)3;
	/* an engine is const tables once opened (its format prepared, ~40 % of
	 * an input's time when opened per input): one per target, kept */
	static struct gk_engine *engines[NTARGETS];
	struct gk_engine **e_slot = &engines[data[0] % NTARGETS];
	if (!*e_slot)
		*e_slot = gk_engine_open(t[0], t[1], NULL);
	struct gk_engine *e = *e_slot;
	CHECK(e != NULL);
	static uint8_t after1[REGION], after2[REGION];
	/* the output kept between inputs (reachable: not a leak): grown afresh
	 * each input, its reallocations, copies and first-touch page faults
	 * were a tenth of the target's time (a trace of 512 packets is
	 * hundreds of KiB) */
	static struct sink s1, s2;
	s1.n = s2.n = 0;
	struct gk_exec_result r1, r2;
	run_once(e, stream, n, layout, flags, &s1, &r1, after1);
	/* the second run, for determinism, on 1 input in 4: a run is the
	 * target's whole cost.  Chosen by a hash of the whole input, not by
	 * bits of it: a second run doubles every counter, so libFuzzer sees
	 * features in it that the first run alone lacks, and with bits 2-3 of
	 * byte 1 choosing it 37 % of the grown corpus (1,105 of 3,007 inputs)
	 * had the bits set and mutations kept them */
	if (one_in_4(data, size)) {
		run_once(e, stream, n, layout, flags, &s2, &r2, after2);
		CHECK(s1.n == s2.n && (!s1.n || !memcmp(s1.p, s2.p, s1.n)));
		CHECK(r1.status == r2.status && r1.packets == r2.packets && r1.bytes_written == r2.bytes_written);
		CHECK(!memcmp(after1, after2, REGION));
	}
	return 0;
}

FUZZ_HARNESS_END
