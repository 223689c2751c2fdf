/* Following indirect buffers (gk_stream_opts.mem_read): on PM4 and on DMA
 * of every IB-capable generation, an IB is decoded where it appears, nested
 * and chained IBs go deeper, the depth limit, cycles, absent and partly
 * absent buffers and overlapping buffers are diagnostics of the calling
 * packet, check lines name the path, and JSON units carry depth, ib and
 * parent (and pass the schema). */
#include <stdbool.h>
#include <stdint.h>

#include "gfxkit/gfxkit.h"
#include "jsonschema.h"
#include "testlib.h"

/* a memory of a few buffers, at GPU addresses */
struct region {
	uint64_t base;
	const uint32_t *w;
	size_t n;
};
struct mem {
	struct region r[8];
	unsigned n;
};

static long mem_read(void *ctx, uint64_t addr, void *buf, size_t n)
{
	const struct mem *m = ctx;
	for (unsigned i = 0; i < m->n; i++) {
		const struct region *r = &m->r[i];
		uint64_t end = r->base + 4 * r->n;
		if (addr < r->base || addr >= end)
			continue;
		size_t have = end - addr < n ? (size_t)(end - addr) : n;
		if (buf)
			memcpy(buf, (const uint8_t *)r->w + (addr - r->base), have);
		return (long)have;
	}
	return 0;
}

/* decode (check, json) ring with following into a string; the ring at GPU
 * address base when base is not 0 */
static char *run_at(uint64_t base, const char *engine, const char *gpu, const uint32_t *ring, size_t n, struct mem *m,
		    bool check, bool json, unsigned max_depth, struct gk_stream_stats *st)
{
	struct gk_engine *e = gk_engine_open(engine, gpu, NULL);
	struct tl_reader src = { (const uint8_t *)ring, 4 * n, 0, 0 };
	struct gk_input *in = gk_input_create(tl_read, &src, GK_IN_BIN, 4);
	if (base)
		gk_input_set_base(in, base);
	struct gk_membuf t = { 0 };
	struct gk_stream_opts o = { .check = check, .json = json, .name = "ring", .mem_read = mem_read, .mem_ctx = m,
				    .max_depth = max_depth };
	tl_stream(e, in, &o, &t, st);
	gk_input_destroy(in);
	gk_engine_close(e);
	return t.p;
}

static char *run(const char *engine, const char *gpu, const uint32_t *ring, size_t n, struct mem *m, bool check, bool json,
		 unsigned max_depth, struct gk_stream_stats *st)
{
	return run_at(0, engine, gpu, ring, n, m, check, json, max_depth, st);
}

/* docs/json-schema.json, for the JSON lines (tests run from the repository root) */
static struct js_doc schema, inst;

static bool valid_line(const char *line, size_t n)
{
	return js_valid_text(&schema, 0, &inst, line, n);
}

/* PM4: INDIRECT_BUFFER header 0xc0023200, IB_BASE dword-aligned, IB_SIZE */
#define PM4_IB(addr, size) 0xc0023200u, (uint32_t)(addr), (uint32_t)((uint64_t)(addr) >> 32), (size)
#define PM4_NOP 0xc0001000u, 0u

static void test_pm4(void)
{
	static const uint32_t leaf[] = { 0xc0012800, 0x80000003, 0x80000000, PM4_NOP };                  /* CONTEXT_CONTROL, NOP */
	static const uint32_t mid[] = { PM4_NOP, PM4_IB(0x300000, 5), PM4_NOP };                             /* calls leaf */
	static const uint32_t ring[] = { PM4_IB(0x200000, 8), PM4_IB(0x500000, 4), PM4_IB(0x300008, 3), PM4_NOP };
	struct mem m = { { { 0x200000, mid, 8 }, { 0x300000, leaf, 5 } }, 2 };
	struct gk_stream_stats st;
	char *s = run("pm4", "evergreen", ring, sizeof ring / 4, &m, false, false, 0, &st);
	/* nested two deep, indented a level each */
	CHECK(s && strstr(s, "0x00000000: INDIRECT_BUFFER IB_BASE=0x200000") &&
	      strstr(s, "\n    0x00200008: INDIRECT_BUFFER IB_BASE=0x300000") &&
	      strstr(s, "\n        0x00300000: CONTEXT_CONTROL") && strstr(s, "\n        0x0030000c: NOP"),
	      "nested IBs:\n%s", s ? s : "");
	/* absent: an error on the packet; the third IB overlaps the leaf */
	CHECK(s && strstr(s, "indirect buffer 0x500000..0x50000f (16 bytes) is not in memory") &&
	      strstr(s, "warning: INDIRECT_BUFFER: dw1[31:2]: indirect buffer 0x300008..0x300013 shares bytes with the one at 0x300000..0x300013"),
	      "absent and overlapping IBs:\n%s", s ? s : "");
	CHECK(st.errors == 1 && st.warnings == 1, "%llu errors, %llu warnings", (unsigned long long)st.errors,
	      (unsigned long long)st.warnings);
	free(s);

	/* check lines name the path ring -> IB -> IB */
	static const uint32_t bad_leaf[] = { 0xc0012800, 0x80000003 }; /* CONTEXT_CONTROL cut short */
	m.r[1].w = bad_leaf;
	m.r[1].n = 2;
	s = run("pm4", "evergreen", ring, 4, &m, true, false, 0, &st);
	CHECK(s && strstr(s, "ring:0x0->IB:0x200008->IB:0x300000: error: CONTEXT_CONTROL:"), "path in check lines:\n%s",
	      s ? s : "");
	free(s);

	/* partly in memory: decoded as far as it goes, and said */
	m.r[1].w = leaf;
	m.r[1].n = 3;
	s = run("pm4", "evergreen", ring, 4, &m, false, false, 0, &st);
	CHECK(s && strstr(s, "only 12 of its 20 bytes are in memory") && strstr(s, "        0x00300000: CONTEXT_CONTROL"),
	      "partial IB:\n%s", s ? s : "");
	free(s);

	/* a cycle: an IB that calls itself */
	static const uint32_t self[] = { PM4_IB(0x600000, 4) };
	struct mem cyc = { { { 0x600000, self, 4 } }, 1 };
	s = run("pm4", "evergreen", self, 4, &cyc, false, false, 0, &st);
	CHECK(s && strstr(s, "calls itself (followed 1 level up): a cycle") && st.errors == 1, "cycle:\n%s", s ? s : "");
	free(s);

	/* an IB inside the ring it is in: a warning when the ring's offsets are
	 * GPU addresses (--base), nothing when they are only file offsets */
	static const uint32_t ring_self[] = { PM4_NOP, PM4_IB(0x800010, 2), PM4_NOP };
	struct mem rm = { { { 0x800000, ring_self, 8 } }, 1 };
	s = run_at(0x800000, "pm4", "evergreen", ring_self, 8, &rm, false, false, 0, &st);
	CHECK(s && strstr(s, "indirect buffer 0x800010..0x800017 shares bytes with the top-level stream (0x800000..0x800017, as read so far)") &&
	      strstr(s, "\n    0x00800010: PACKET0") && st.warnings == 1,
	      "IB in the ring:\n%s", s ? s : "");
	free(s);
	static const uint32_t ring_out[] = { PM4_NOP, PM4_IB(0x800020, 2), PM4_NOP };
	struct mem om = { { { 0x800000, ring_self, 8 }, { 0x800020, ring_self, 2 } }, 2 };
	s = run_at(0x800000, "pm4", "evergreen", ring_out, 8, &om, false, false, 0, &st);
	CHECK(s && !strstr(s, "top-level") && st.warnings == 0, "IB just past the ring:\n%s", s ? s : "");
	free(s);
	s = run("pm4", "evergreen", ring_self, 8, &rm, false, false, 0, &st);
	CHECK(s && !strstr(s, "top-level") && st.warnings == 0, "ring without a GPU address:\n%s", s ? s : "");
	free(s);

	/* the depth limit: a chain of IBs each calling the next */
	static uint32_t chain[8][4];
	struct mem deep = { .n = 8 };
	for (unsigned i = 0; i < 8; i++) {
		uint32_t ib[] = { PM4_IB(0x700000 + 0x100 * (i + 1), 4) };
		memcpy(chain[i], ib, sizeof ib);
		deep.r[i] = (struct region){ 0x700000 + 0x100 * i, chain[i], 4 };
	}
	s = run("pm4", "evergreen", chain[0], 4, &deep, false, false, 3, &st);
	CHECK(s && strstr(s, "nested 4 deep (following stops at 3)") && strstr(s, "\n            0x00700300: INDIRECT_BUFFER"),
	      "depth limit:\n%s", s ? s : "");
	free(s);

	/* JSON: the nested units say where they are, and pass the schema */
	m.r[1].n = 5;
	s = run("pm4", "evergreen", ring, 4, &m, false, true, 0, &st);
	bool have_schema = js_load(&schema, "docs/json-schema.json");
	unsigned lines = 0, bad = 0, nested = 0;
	for (char *line = s; line && *line;) {
		char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);
		lines++;
		if (have_schema && !valid_line(line, len))
			bad++;
		if (!strncmp(line, "{\"depth\":2,\"ib\":3145728,\"parent\":2097160,", 41))
			nested++;
		line = nl ? nl + 1 : line + len;
	}
	CHECK(have_schema && lines == 6 && !bad && nested == 2, "JSON: %u lines, %u off the schema, %u at depth 2\n%s", lines, bad,
	      nested, s ? s : "");
	js_free(&schema);
	js_free(&inst);
	free(s);
}

/* DMA: the r6xx-SI IB packet and CIK's SDMA IB, each calling a buffer of NOPs */
static void test_dma(void)
{
	static const uint32_t nops[] = { 0xf0000000, 0xf0000000 };
	static const uint32_t cik_nops[] = { 0, 0 };
	struct {
		const char *gpu;
		uint32_t ring[4];
		size_t n;
		const uint32_t *ib;
	} cases[] = {
		/* r6xx/r7xx: IB_BASE [31:2] in dw1, [39:32] in dw2[7:0], IB_SIZE dw2[31:16] */
		{ "r600", { 0x40000000, 0x00100000, 0x00020000 }, 3, nops },
		/* evergreen-SI: IB_SIZE dw2[31:12] */
		{ "cayman", { 0x40000000, 0x00100000, 0x00002000 }, 3, nops },
		/* CIK: op 4, IB_BASE dw1-2, IB_SIZE dw3 */
		{ "cik", { 0x00000004, 0x00100000, 0x00000000, 0x00000002 }, 4, cik_nops },
	};
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		struct mem m = { { { 0x100000, cases[c].ib, 2 } }, 1 };
		struct gk_stream_stats st;
		char *s = run("dma", cases[c].gpu, cases[c].ring, cases[c].n, &m, false, false, 0, &st);
		CHECK(s && strstr(s, "INDIRECT_BUFFER") && strstr(s, "\n    0x00100000: NOP") && strstr(s, "\n    0x00100004: NOP") &&
		      st.errors == 0, "DMA %s IB followed:\n%s", cases[c].gpu, s ? s : "");
		free(s);
		struct mem none = { .n = 0 };
		s = run("dma", cases[c].gpu, cases[c].ring, cases[c].n, &none, true, false, 0, &st);
		CHECK(s && strstr(s, "is not in memory") && st.errors == 1, "DMA %s IB absent:\n%s", cases[c].gpu, s ? s : "");
		free(s);
	}
}

/* GFX9+ PM4: INDIRECT_BUFFER 0x3F with IB_SIZE, CHAIN (bit 20) and VALID
 * (bit 23) in dword 3 (soc15d.h).  A chained buffer continues the one that
 * chains to it, at the same level: never deeper, whatever the chain's
 * length, and a chain back into itself is a cycle. */
#define GFX9_IB(addr, size, chain) \
	0xc0023f00u, (uint32_t)(addr), (uint32_t)((uint64_t)(addr) >> 32), (size) | 1u << 23 | (chain) << 20
#define GFX9_NOP 0xc0001000u, 0x11111111u

static void test_chain(void)
{
	static const uint32_t b[] = { GFX9_NOP, GFX9_NOP };
	static const uint32_t a[] = { GFX9_NOP, GFX9_IB(0x20000, 4, 1u), GFX9_NOP }; /* the last NOP is never run */
	static const uint32_t ring[] = { GFX9_IB(0x10000, 8, 0u), GFX9_NOP };
	struct mem m = { { { 0x10000, a, 8 }, { 0x20000, b, 4 } }, 2 };
	struct gk_stream_stats st;
	char *s = run("pm4", "gfx9", ring, sizeof ring / 4, &m, false, false, 0, &st);
	CHECK(s && strstr(s, "\n    0x00010008: INDIRECT_BUFFER IB_BASE=0x20000 IB_SIZE=4 CHAIN=1") &&
	      strstr(s, "\n    0x00020000: NOP") && strstr(s, "\n    0x00020008: NOP") && !strstr(s, "        0x0002") &&
	      strstr(s, "\n0x00000010: NOP") && st.errors == 0,
	      "chained IB at the same level:\n%s", s ? s : "");
	/* the chained buffer's units come after the rest of the one chaining */
	CHECK(s && strstr(s, "0x00010018: NOP") && strstr(s, "0x00010018: NOP") < strstr(s, "0x00020000: NOP"), "order:\n%s",
	      s ? s : "");
	free(s);

	/* an IB after the chain packet is never run: shown, not followed */
	static const uint32_t a2[] = { GFX9_NOP, GFX9_IB(0x20000, 4, 1u), GFX9_IB(0x70000, 4, 0u) };
	struct mem m2 = { { { 0x10000, a2, 10 }, { 0x20000, b, 4 } }, 2 };
	static const uint32_t ring2[] = { GFX9_IB(0x10000, 10, 0u) };
	s = run("pm4", "gfx9", ring2, 4, &m2, false, false, 0, &st);
	CHECK(s && strstr(s, "\n    0x00010018: INDIRECT_BUFFER IB_BASE=0x70000") && !strstr(s, "not in memory") &&
	      strstr(s, "\n    0x00020000: NOP") && st.errors == 0, "IB after a chain:\n%s", s ? s : "");
	free(s);

	/* JSON: units of the chained buffer carry its address and the chain packet as parent */
	s = run("pm4", "gfx9", ring, sizeof ring / 4, &m, false, true, 0, &st);
	CHECK(s && strstr(s, "{\"depth\":1,\"ib\":65536,\"parent\":0,\"offset\":65544,") &&
	      strstr(s, "{\"depth\":1,\"ib\":131072,\"parent\":65544,\"offset\":131072,"), "chained JSON:\n%s",
	      s ? s : "");
	free(s);

	/* a chain of 12 buffers with following stopped at 2 levels: all at level 1 */
	static uint32_t links[12][4];
	struct mem chain = { .n = 8 };
	for (unsigned i = 0; i < 12; i++) {
		uint32_t w[] = { GFX9_IB(0x40000 + 0x100 * (i + 1), 4, i < 11 ? 1u : 0u) };
		memcpy(links[i], w, sizeof w);
	}
	for (unsigned i = 0; i < 8; i++) /* the first 8 in memory: the 8th chains to one absent */
		chain.r[i] = (struct region){ 0x40000 + 0x100 * i, links[i], 4 };
	s = run("pm4", "gfx9", links[0], 4, &chain, true, false, 2, &st);
	CHECK(s && strstr(s, "indirect buffer 0x40800..0x4080f (16 bytes) is not in memory") && st.errors == 1 &&
	      !strstr(s, "nested"), "a long chain is not nesting:\n%s", s ? s : "");
	free(s);

	/* a hostile fan-out: 100 IBs a buffer, each into the same region at
	 * another start, 16 deep (10^32 paths): following stops at its budget */
	static uint32_t fan[400];
	for (unsigned i = 0; i < 100; i++) {
		uint32_t w[] = { GFX9_IB(0x90000 + 16 * i, 400 - 4 * i, 0u) };
		memcpy(fan + 4 * i, w, sizeof w);
	}
	struct mem fm = { { { 0x90000, fan, 400 } }, 1 };
	s = run("pm4", "gfx9", fan, 4, &fm, true, false, 16, &st);
	CHECK(s && strstr(s, "buffers (") && strstr(s, "followed already, the most one stream may have followed"),
	      "fan-out stops: %.300s", s ? s : "");
	free(s);

	/* a chain back into a buffer of the chain: a cycle */
	static const uint32_t c1[] = { GFX9_IB(0x60100, 4, 1u) };
	static const uint32_t c2[] = { GFX9_IB(0x60000, 4, 1u) };
	static const uint32_t top[] = { GFX9_IB(0x60000, 4, 0u) };
	struct mem cyc = { { { 0x60000, c1, 4 }, { 0x60100, c2, 4 } }, 2 };
	s = run("pm4", "gfx9", top, 4, &cyc, true, false, 0, &st);
	CHECK(s && strstr(s, "IB:0x60100: error: INDIRECT_BUFFER: dw1[31:2]: indirect buffer at 0x60000 chains back to a buffer of this chain: a cycle") &&
	      st.errors == 1, "chain cycle:\n%s", s ? s : "");
	free(s);
}

int main(void)
{
	test_pm4();
	test_dma();
	test_chain();
	return tl_done();
}
