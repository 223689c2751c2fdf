/* A decode on more threads (gk_stream_opts.threads) prints what one thread
 * prints: the same bytes and the same counts, text and JSON, on clean
 * streams, on streams whose predicated regions (PRED_EXEC) run across the
 * runs the helpers take and end inside packets there, on garbage full of
 * diagnostics, with max_diags, through a reader that hands the words over
 * a few at a time, and on the DMA and Adreno engines. */
#include <stdbool.h>
#include <stdint.h>

#include "gfxkit/gfxkit.h"
#include "testlib.h"

struct result {
	struct gk_membuf t;
	struct gk_stream_stats st;
	int rc;
};

static void decode(const char *engine, const char *gpu, const uint32_t *w, size_t n, size_t chunk, unsigned threads,
		   bool json, unsigned json_flags, bool raw, uint64_t max_diags, struct result *r)
{
	struct gk_engine *e = gk_engine_open(engine, gpu, NULL);
	struct tl_reader src = { (const uint8_t *)w, 4 * n, 0, chunk };
	struct gk_input *in = gk_input_create(tl_read, &src, GK_IN_BIN, 4);
	struct gk_stream_opts o = { .json = json, .json_flags = json_flags, .raw_words = raw, .name = "s",
				    .max_diags = max_diags, .threads = threads };
	memset(r, 0, sizeof *r);
	r->rc = tl_stream(e, in, &o, &r->t, &r->st);
	gk_input_destroy(in);
	gk_engine_close(e);
}

/* the stream decoded on 2, 3 and 8 threads against 1, each way of printing */
static void same_on_threads(const char *what, const char *engine, const char *gpu, const uint32_t *w, size_t n,
			    size_t chunk, uint64_t max_diags)
{
	static const struct {
		bool json, raw;
		unsigned flags;
	} modes[] = { { false, false, 0 }, { false, true, 0 }, { true, false, 0 }, { true, false, GK_JSON_TEXT } };
	for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
		struct result one;
		decode(engine, gpu, w, n, chunk, 1, modes[m].json, modes[m].flags, modes[m].raw, max_diags, &one);
		CHECK(one.rc == 0 && one.t.n > 4 * n, "%s mode %zu: one thread printed %zu bytes, rc %d", what, m, one.t.n,
		      one.rc);
		static const unsigned threads[] = { 2, 3, 8 };
		for (size_t k = 0; k < sizeof threads / sizeof threads[0]; k++) {
			struct result more;
			decode(engine, gpu, w, n, chunk, threads[k], modes[m].json, modes[m].flags, modes[m].raw, max_diags,
			       &more);
			size_t at = 0;
			while (at < one.t.n && at < more.t.n && one.t.p[at] == more.t.p[at])
				at++;
			CHECK(more.t.n == one.t.n && at == one.t.n, "%s mode %zu, %u threads: %zu bytes, one thread %zu; first "
			      "difference at byte %zu: \"%.60s\" against \"%.60s\"", what, m, threads[k], more.t.n, one.t.n, at,
			      more.t.p ? more.t.p + at : "", one.t.p ? one.t.p + at : "");
			CHECK(more.rc == one.rc && more.st.units == one.st.units && more.st.errors == one.st.errors &&
				      more.st.warnings == one.st.warnings && more.st.end == one.st.end &&
				      more.st.hidden == one.st.hidden,
			      "%s mode %zu, %u threads: units %llu errors %llu warnings %llu end %llu hidden %llu, one thread "
			      "%llu %llu %llu %llu %llu", what, m, threads[k], (unsigned long long)more.st.units,
			      (unsigned long long)more.st.errors, (unsigned long long)more.st.warnings,
			      (unsigned long long)more.st.end, (unsigned long long)more.st.hidden,
			      (unsigned long long)one.st.units, (unsigned long long)one.st.errors,
			      (unsigned long long)one.st.warnings, (unsigned long long)one.st.end,
			      (unsigned long long)one.st.hidden);
			free(more.t.p);
		}
		free(one.t.p);
	}
}

/* Evergreen PM4: SET_CONTEXT_REG runs of 1-16 registers, NOPs, and every
 * so often a PRED_EXEC whose EXEC_COUNT covers 1 to 16,383 dwords: mostly
 * whole packets, sometimes ending inside one (an error there), so regions
 * open across the runs the helpers are given */
static size_t evergreen_stream(uint32_t *w, size_t cap, uint64_t seed, unsigned *regions)
{
	size_t n = 0;
	*regions = 0;
	while (n + 32 < cap) {
		uint64_t r = tl_rand(&seed);
		if (r % 97 == 0) {
			uint32_t count = 1 + (uint32_t)(tl_rand(&seed) % 16383);
			w[n++] = 0xc0002300u; /* PRED_EXEC */
			w[n++] = 0x01000000u | count;
			(*regions)++;
		} else if (r % 13 == 0) {
			w[n++] = 0xc0001000u; /* NOP, one dword */
			w[n++] = (uint32_t)tl_rand(&seed);
		} else {
			uint32_t k = 1 + (uint32_t)(tl_rand(&seed) % 16);
			w[n++] = 0xc0006900u | k << 16; /* SET_CONTEXT_REG */
			w[n++] = (uint32_t)(tl_rand(&seed) % 0x300);
			for (uint32_t i = 0; i < k; i++)
				w[n++] = (uint32_t)tl_rand(&seed);
		}
	}
	return n;
}

int main(void)
{
	enum { N = 300000 };
	uint32_t *w = malloc(N * sizeof *w);
	if (!w) {
		CHECK(0, "out of memory");
		return tl_done();
	}
	unsigned regions;
	size_t n = evergreen_stream(w, N, 7, &regions);
	struct result one;
	decode("pm4", "evergreen", w, n, 0, 1, false, 0, false, 0, &one);
	/* the stream says what this test is about: regions that end inside a
	 * packet far from where they open */
	CHECK(regions > 200 && one.st.errors > 50 && strstr(one.t.p, "ends inside this packet"),
	      "%u regions, %llu errors", regions, (unsigned long long)one.st.errors);
	free(one.t.p);
	same_on_threads("evergreen registers and regions", "pm4", "evergreen", w, n, 0, 0);
	same_on_threads("evergreen, read 1,000 bytes at a time", "pm4", "evergreen", w, n, 1000, 0);

	/* garbage: most units have diagnostics (this thread takes them) */
	uint64_t seed = 11;
	for (size_t i = 0; i < N; i++)
		w[i] = (uint32_t)tl_rand(&seed);
	same_on_threads("gfx9 garbage", "pm4", "gfx9", w, N, 0, 0);
	same_on_threads("gfx9 garbage, 40 diagnostics shown", "pm4", "gfx9", w, N, 0, 40);
	same_on_threads("cik dma garbage", "dma", "cik", w, N, 0, 0);
	same_on_threads("a630 garbage", "adreno", "a630", w, N, 0, 0);

	/* a clean stream with a word flipped every ~3,000: islands of errors */
	n = evergreen_stream(w, N, 3, &regions);
	for (size_t i = 1500; i < n; i += 2900 + (size_t)(tl_rand(&seed) % 200))
		w[i] ^= 1u << (tl_rand(&seed) % 32);
	same_on_threads("evergreen with flipped bits", "pm4", "evergreen", w, n, 0, 0);
	free(w);
	return tl_done();
}
