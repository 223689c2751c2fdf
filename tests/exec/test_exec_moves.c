/* What fills, writes and copies of gfxkit run touch: only the bytes the
 * packet names (a 4-byte fill stages 4 bytes in the executor's bounce
 * buffer, not the whole buffer), and the same bytes in memory whichever way
 * they move (in place inside one region, through the bounce buffer across
 * regions, unaligned, up to the last byte of a region), with absent or
 * read-only memory still a fault; a long register name is quoted short.  Expected bytes are worked out from the
 * DMA packet reference (seed 000 cik 10, 12, 1; pm4 DMA_DATA), not by
 * running gfxkit.  The staged count is the executor's own (exec_priv.h). */
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "exec/exec_priv.h"
#include "testlib.h"

struct run {
	struct gk_exec_result res;
	uint64_t staged;
	int rc;
	unsigned asm_errors;
};

/* Assemble text for gpu / engine and run it on m; the executor's staged
 * count is read before it is destroyed. */
static void run_on(struct run *r, const char *engine, const char *gpu, const char *text, struct gk_mem *m)
{
	memset(r, 0, sizeof *r);
	struct gk_engine *e = gk_engine_open(engine, gpu, NULL);
	struct words w = { 0 };
	struct gk_engine_asm *a = gk_engine_asm_open(e, words_emit, &w, NULL, NULL);
	gk_engine_asm_text(a, text, strlen(text));
	r->asm_errors = gk_engine_asm_finish(a);
	gk_engine_asm_close(a);
	struct gk_exec *x = gk_exec_create(e, m, NULL);
	struct gk_bytes rd = { w.w, 4 * w.n, 0 };
	struct gk_input *in = gk_input_create(gk_read_bytes, &rd, GK_IN_BIN, 4);
	struct gk_out none = GK_OUT_INIT(NULL, 0, NULL, NULL);
	struct gk_exec_opts o = { 0 };
	r->rc = x && in ? gk_exec_run(x, in, &o, &none, &r->res) : -1;
	r->staged = x ? x->staged : 0;
	gk_input_destroy(in);
	gk_exec_destroy(x);
	gk_engine_close(e);
	free(w.w);
}

/* a memory of regions [base, base + size) holding 0xee, adjacent or not */
static struct gk_mem *regions(const uint64_t *base, const size_t *size, unsigned n)
{
	struct gk_mem *m = gk_mem_create(0);
	for (unsigned i = 0; i < n; i++) {
		uint8_t *b = malloc(size[i]);
		memset(b, 0xee, size[i]);
		gk_mem_add_copy(m, base[i], b, size[i], NULL);
		free(b);
	}
	return m;
}

/* bytes [a, a + n) all equal to v */
static bool all(struct gk_mem *m, uint64_t a, size_t n, uint8_t v)
{
	uint8_t *b = malloc(n ? n : 1);
	bool ok = gk_mem_read(m, a, b, n, NULL, NULL) == 0;
	for (size_t i = 0; ok && i < n; i++)
		ok = b[i] == v;
	free(b);
	return ok;
}

static uint32_t rd32(struct gk_mem *m, uint64_t a)
{
	uint8_t b[4] = { 0 };
	gk_mem_read(m, a, b, 4, NULL, NULL);
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

#define DONE(r, what)                                                                                             \
	CHECK((r)->rc == 0 && (r)->asm_errors == 0 && (r)->res.status == GK_EXEC_COMPLETED, "%s: completes (%s: %s)", \
	      what, gk_exec_status_name((r)->res.status), (r)->res.why.message)

/* A 4-byte fill costs 4 bytes: in place (one region) it stages nothing;
 * across two regions it goes through the bounce buffer and stages the 4
 * bytes it writes, not 64 KiB. */
static void small_fill(void)
{
	const uint64_t base[] = { 0x1000, 0x2000 };
	const size_t size[] = { 0x1000, 0x1000 };
	struct gk_mem *m = regions(base, size, 2);
	struct run r;
	run_on(&r, "dma", "bonaire", "CONSTANT_FILL SIZE=DWORD SWAP=NONE ADDR=0x1800 DATA=0x11223344 COUNT=4\n", m);
	DONE(&r, "4-byte fill in one region");
	CHECK(r.staged == 0, "in place: %llu bytes staged", (unsigned long long)r.staged);
	CHECK(r.res.bytes_written == 4 && rd32(m, 0x1800) == 0x11223344, "4 bytes written: 0x%08x", rd32(m, 0x1800));
	CHECK(all(m, 0x1000, 0x800, 0xee) && all(m, 0x1804, 0x7fc, 0xee), "nothing else");

	run_on(&r, "dma", "bonaire", "CONSTANT_FILL SIZE=DWORD SWAP=NONE ADDR=0x1ffe DATA=0xaabbccdd COUNT=4\n", m);
	/* the address rule (dword fills are dword-aligned) makes this a packet
	 * with errors: a BYTE fill crosses the boundary instead */
	CHECK(r.res.status == GK_EXEC_FAULTED, "a misaligned dword fill is not run");
	run_on(&r, "dma", "bonaire", "CONSTANT_FILL SIZE=BYTE SWAP=NONE ADDR=0x1ffe DATA=0x5a COUNT=4\n", m);
	DONE(&r, "4-byte fill across two regions");
	CHECK(r.staged == 4, "through the bounce buffer: %llu bytes staged, not the whole buffer",
	      (unsigned long long)r.staged);
	CHECK(rd32(m, 0x1ffe) == 0x5a5a5a5a && all(m, 0x1ffa, 4, 0xee) && all(m, 0x2002, 4, 0xee),
	      "4 bytes across the boundary: 0x%08x", rd32(m, 0x1ffe));
	gk_mem_destroy(m);
}

/* Big fills: in place and across regions, the right pattern everywhere
 * (8IN32 swaps each dword's bytes), the bounce buffer staged once. */
static void big_fill(void)
{
	const uint64_t base[] = { 0x100000, 0x100000 + 0x30001 };
	const size_t size[] = { 0x30001, 0x50000 };
	struct gk_mem *m = regions(base, size, 2);
	struct run r;
	run_on(&r, "dma", "bonaire",
	       "CONSTANT_FILL SIZE=DWORD SWAP=8IN32 ADDR=0x100004 DATA=0x11223344 COUNT=0x2fff8\n", m);
	DONE(&r, "dword fill in one region, swapped");
	bool ok = true;
	for (uint64_t a = 0x100004; a < 0x100004 + 0x2fff8 && ok; a += 4)
		ok = rd32(m, a) == 0x44332211;
	CHECK(ok && r.staged == 0, "every dword byte-swapped, in place (%llu staged)", (unsigned long long)r.staged);
	CHECK(all(m, 0x100000, 4, 0xee) && all(m, 0x100004 + 0x2fff8, 0x30001 - 0x2fffc, 0xee), "edges untouched");

	/* bytes 0x100001..0x180000: across the boundary at 0x130001, up to the
	 * last byte of the second region */
	run_on(&r, "dma", "bonaire", "CONSTANT_FILL SIZE=BYTE SWAP=NONE ADDR=0x100001 DATA=0x77 COUNT=0x80000\n", m);
	DONE(&r, "byte fill across regions to the end of the last");
	CHECK(all(m, 0x100001, 0x80000, 0x77) && all(m, 0x100000, 1, 0xee), "0x80000 bytes of 0x77");
	CHECK(r.staged == BLOCK, "the pattern staged once (%llu bytes), not per block", (unsigned long long)r.staged);
	CHECK(r.res.bytes_written == 0x80000, "%llu written", (unsigned long long)r.res.bytes_written);

	/* one byte past the last region: absent memory is a fault */
	run_on(&r, "dma", "bonaire", "CONSTANT_FILL SIZE=BYTE SWAP=NONE ADDR=0x17fff0 DATA=0x01 COUNT=0x12\n", m);
	CHECK(r.rc == 0 && r.res.status == GK_EXEC_FAULTED && strstr(r.res.why.message, "0x180001 is in no region"),
	      "a fill past the end faults: %s", r.res.why.message);
	gk_mem_destroy(m);
}

/* Copies and writes: in place when both sides are in one region each,
 * through the bounce buffer otherwise, the same bytes either way. */
static void copies(void)
{
	const uint64_t base[] = { 0x10000, 0x20000, 0x20800, 0x40000 };
	const size_t size[] = { 0x1000, 0x800, 0x800, 0x1000 };
	struct gk_mem *m = regions(base, size, 4);
	uint8_t pat[0x1000];
	for (unsigned i = 0; i < sizeof pat; i++)
		pat[i] = (uint8_t)(i * 7 + 1);
	gk_mem_write(m, 0x10000, pat, sizeof pat, NULL);
	struct run r;
	/* one region to one region, odd addresses and length */
	run_on(&r, "dma", "bonaire", "COPY_LINEAR COUNT=0x3ff SRC_ADDR=0x10003 DST_ADDR=0x40005\n", m);
	DONE(&r, "copy inside regions");
	uint8_t got[0x1000];
	gk_mem_read(m, 0x40000, got, sizeof got, NULL, NULL);
	CHECK(!memcmp(got + 5, pat + 3, 0x3ff) && got[4] == 0xee && got[5 + 0x3ff] == 0xee && r.staged == 0,
	      "0x3ff bytes in place (%llu staged)", (unsigned long long)r.staged);
	/* into two adjacent regions: through the bounce buffer */
	run_on(&r, "dma", "bonaire", "COPY_LINEAR COUNT=0x801 SRC_ADDR=0x10001 DST_ADDR=0x203ff\n", m);
	DONE(&r, "copy across a region boundary");
	gk_mem_read(m, 0x203ff, got, 0x801, NULL, NULL);
	CHECK(!memcmp(got, pat + 1, 0x801) && r.staged == 0x801, "0x801 bytes across 0x20800 (%llu staged)",
	      (unsigned long long)r.staged);
	/* a write up to the last byte of the last region, then one past it */
	run_on(&r, "dma", "bonaire", "WRITE_LINEAR ADDR=0x40ff8 SWAP=NONE\n    DATA 0x01020304 0x05060708\n", m);
	DONE(&r, "write at the end of a region");
	CHECK(rd32(m, 0x40ff8) == 0x01020304 && rd32(m, 0x40ffc) == 0x05060708, "the last 8 bytes");
	run_on(&r, "dma", "bonaire", "WRITE_LINEAR ADDR=0x40ffc SWAP=NONE\n    DATA 0x0a0b0c0d 0x0e0f1011\n", m);
	CHECK(r.res.status == GK_EXEC_FAULTED && strstr(r.res.why.message, "0x41000 is in no region"),
	      "a write past the end faults: %s", r.res.why.message);
	/* a copy out of absent memory, and into borrowed (read-only) memory */
	run_on(&r, "dma", "bonaire", "COPY_LINEAR COUNT=0x10 SRC_ADDR=0x10ff8 DST_ADDR=0x40000\n", m);
	CHECK(r.res.status == GK_EXEC_FAULTED && strstr(r.res.why.message, "0x11000 is in no region"),
	      "a copy from absent memory faults: %s", r.res.why.message);
	static const uint8_t ro[64];
	gk_mem_add_borrowed(m, 0x50000, ro, sizeof ro, NULL);
	run_on(&r, "dma", "bonaire", "COPY_LINEAR COUNT=0x10 SRC_ADDR=0x10000 DST_ADDR=0x50000\n", m);
	CHECK(r.res.status == GK_EXEC_FAULTED && strstr(r.res.why.message, "read-only"),
	      "a copy into borrowed memory faults: %s", r.res.why.message);
	run_on(&r, "dma", "bonaire", "CONSTANT_FILL SIZE=BYTE SWAP=NONE ADDR=0x50000 DATA=0x01 COUNT=4\n", m);
	CHECK(r.res.status == GK_EXEC_FAULTED && strstr(r.res.why.message, "read-only") && ro[0] == 0,
	      "a fill into borrowed memory faults: %s", r.res.why.message);
	gk_mem_destroy(m);
}

/* PM4 DMA_DATA with SRC_SEL=DATA (a dword repeated): 8 bytes stage 8, not
 * a whole buffer (pkt3.json CP_DMA_WORD1 SRC_SEL, COMMAND BYTE_COUNT). */
static void pm4_data_fill(void)
{
	const uint64_t base[] = { 0xc00 };
	const size_t size[] = { 0x100 };
	struct gk_mem *m = regions(base, size, 1);
	struct run r;
	run_on(&r, "pm4", "gfx9",
	       "DMA_DATA ENGINE=ME DST_SEL=DST_ADDR SRC_SEL=DATA SRC_ADDR_LO_OR_DATA=0x1020304 SRC_ADDR_HI=0 DST_ADDR=0xc10 "
	       "BYTE_COUNT=8 SAS=MEMORY DAS=MEMORY SAIC=INCREMENT DAIC=INCREMENT\n",
	       m);
	DONE(&r, "DMA_DATA fill");
	CHECK(rd32(m, 0xc10) == 0x01020304 && rd32(m, 0xc14) == 0x01020304 && all(m, 0xc18, 8, 0xee), "8 bytes");
	CHECK(r.staged == 8, "%llu bytes staged", (unsigned long long)r.staged);
	gk_mem_destroy(m);
}

/* A register name that is no register is quoted, but at most 64 bytes of it. */
static void long_names(void)
{
	struct gk_engine *e = gk_engine_open("dma", "bonaire", NULL);
	struct gk_mem *m = gk_mem_create(0);
	struct gk_exec *x = gk_exec_create(e, m, NULL);
	char name[1000];
	memset(name, 'Q', sizeof name - 1);
	name[sizeof name - 1] = 0;
	struct gk_diag err;
	CHECK(gk_exec_set_reg(x, name, 1, &err) == -1 && strstr(err.message, "'QQQQ") && strstr(err.message, "Q...'") &&
		      strlen(err.message) < 200,
	      "a long name quoted short: %s", err.message);
	name[0] = '1'; /* a number: a byte address */
	memset(name + 1, '0', sizeof name - 2);
	CHECK(gk_exec_set_reg(x, name, 1, &err) == -1 && strlen(err.message) < 200, "a long address quoted short: %s",
	      err.message);
	gk_exec_destroy(x);
	gk_mem_destroy(m);
	gk_engine_close(e);
}

/* Small stores (fences, page-table entries) go through the executor's
 * cache of the regions it hit last: the same bytes in place as across two
 * regions, borrowed memory still read-only, and a region added between
 * two runs of one executor is seen by the second (an address the cache
 * does not hold is asked of the memory).  Entries are (VALUE + i * INCREMENT) | MASK, 8 bytes
 * little-endian (seed 000 cik WRITE_PTE_PDE). */
static void run_again(struct gk_exec *x, struct gk_engine *e, const char *text, struct run *r)
{
	memset(r, 0, sizeof *r);
	struct words w = { 0 };
	struct gk_engine_asm *a = gk_engine_asm_open(e, words_emit, &w, NULL, NULL);
	gk_engine_asm_text(a, text, strlen(text));
	r->asm_errors = gk_engine_asm_finish(a);
	gk_engine_asm_close(a);
	struct gk_bytes rd = { w.w, 4 * w.n, 0 };
	struct gk_input *in = gk_input_create(gk_read_bytes, &rd, GK_IN_BIN, 4);
	struct gk_out none = GK_OUT_INIT(NULL, 0, NULL, NULL);
	struct gk_exec_opts o = { 0 };
	r->rc = x && in ? gk_exec_run(x, in, &o, &none, &r->res) : -1;
	gk_input_destroy(in);
	free(w.w);
}

static void small_stores(void)
{
	const uint64_t base[] = { 0x1000, 0x2000 };
	const size_t size[] = { 0x1000, 0x1000 };
	struct gk_mem *m = regions(base, size, 2);
	struct run r;
	run_on(&r, "dma", "bonaire",
	       "FENCE ADDR=0x1ff0 DATA=0x12345678\n"
	       "WRITE_PTE_PDE DST_ADDR=0x1800 MASK=0x73 VALUE=0x10000 INCREMENT=0x1000 COUNT=2\n"
	       "WRITE_PTE_PDE DST_ADDR=0x1ff8 MASK=0x73 VALUE=0x20000 INCREMENT=0x1000 COUNT=2\n",
	       m);
	DONE(&r, "a fence and page-table entries");
	CHECK(rd32(m, 0x1ff0) == 0x12345678 && all(m, 0x1ff4, 4, 0xee), "the fence: 0x%08x", rd32(m, 0x1ff0));
	CHECK(rd32(m, 0x1800) == 0x10073 && rd32(m, 0x1804) == 0 && rd32(m, 0x1808) == 0x11073 && rd32(m, 0x180c) == 0,
	      "two entries in one region: 0x%08x 0x%08x", rd32(m, 0x1800), rd32(m, 0x1808));
	CHECK(rd32(m, 0x1ff8) == 0x20073 && rd32(m, 0x1ffc) == 0 && rd32(m, 0x2000) == 0x21073 && rd32(m, 0x2004) == 0,
	      "two entries across the boundary: 0x%08x 0x%08x", rd32(m, 0x1ff8), rd32(m, 0x2000));
	CHECK(all(m, 0x1810, 0x7e0, 0xee) && all(m, 0x2008, 8, 0xee), "nothing else");
	static const uint8_t ro[64];
	gk_mem_add_borrowed(m, 0x50000, ro, sizeof ro, NULL);
	run_on(&r, "dma", "bonaire", "FENCE ADDR=0x50010 DATA=0x1\n", m);
	CHECK(r.res.status == GK_EXEC_FAULTED && strstr(r.res.why.message, "read-only") && ro[16] == 0,
	      "a fence into borrowed memory faults: %s", r.res.why.message);

	struct gk_engine *e = gk_engine_open("dma", "bonaire", NULL);
	struct gk_exec *x = gk_exec_create(e, m, NULL);
	run_again(x, e, "FENCE ADDR=0x1100 DATA=0x1\nFENCE ADDR=0x9000 DATA=0x2\n", &r);
	CHECK(r.res.status == GK_EXEC_FAULTED && strstr(r.res.why.message, "0x9000 is in no region") &&
		      rd32(m, 0x1100) == 1,
	      "a fence into absent memory faults: %s", r.res.why.message);
	uint8_t z[0x100];
	memset(z, 0, sizeof z);
	gk_mem_add_copy(m, 0x9000, z, sizeof z, NULL);
	run_again(x, e, "FENCE ADDR=0x1100 DATA=0x3\nFENCE ADDR=0x9000 DATA=0x4\n", &r);
	DONE(&r, "the same executor with the region added");
	CHECK(rd32(m, 0x1100) == 3 && rd32(m, 0x9000) == 4, "the second run's fences: 0x%x 0x%x", rd32(m, 0x1100),
	      rd32(m, 0x9000));
	gk_exec_destroy(x);
	gk_engine_close(e);
	gk_mem_destroy(m);
}

int main(void)
{
	long_names();
	small_fill();
	big_fill();
	copies();
	pm4_data_fill();
	small_stores();
	return tl_done();
}
