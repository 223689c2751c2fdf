/* gfxkit run on DMA streams: known answers worked out by hand from the DMA
 * packet reference (seed 000: what each packet moves where), not by running
 * gfxkit; hang and fault reports; tiled copies against the tiling module's
 * addresses (the tiling tests hold that module to addrlib). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "jsonschema.h"
#include "testlib.h"

#define MEM_BASE 0x100000ull
#define MEM_SIZE 0x100000ull

struct run {
	struct gk_mem *mem;
	struct gk_exec *x; /* during run_text: the traced run's executor */
	struct gk_exec_result res;
	struct gk_membuf out;
	int rc;
	unsigned asm_errors;
};

static struct gk_mem *zeroed(void)
{
	struct gk_mem *m = gk_mem_create(0);
	void *z = calloc(1, MEM_SIZE);
	if (m && z)
		gk_mem_add_copy(m, MEM_BASE, z, MEM_SIZE, NULL);
	free(z);
	return m;
}

static int diag_print(void *ctx, const struct gk_diag *d)
{
	(void)ctx;
	printf("#   asm %u:%u: %s\n", d->line, d->col, d->message);
	return 0;
}

/* assemble text for gpu and run it on m (the caller's; NULL: a fresh zeroed
 * MEM_BASE..+MEM_SIZE), registers "NAME=VALUE" from regs (NULL-terminated) */
/* A copy of m: its regions with their contents as they are now (kept
 * read-only where m's are), for a second run of the same stream */
static struct gk_mem *mem_clone(const struct gk_mem *m)
{
	struct gk_mem *c = gk_mem_create(0);
	struct gk_mem_region g;
	for (size_t i = 0; c && gk_mem_region_at(m, i, &g) == 0; i++) {
		if (!(g.flags & GK_MEM_DATA))
			gk_mem_declare(c, g.base, g.size, NULL);
		else if (g.flags & GK_MEM_READONLY)
			gk_mem_add_borrowed(c, g.base, g.data, (size_t)g.size, NULL);
		else
			gk_mem_add_copy(c, g.base, g.data, (size_t)g.size, NULL);
	}
	return c;
}

/* Whether a and b hold the same regions and contents; else where they differ */
static bool mem_same(const struct gk_mem *a, const struct gk_mem *b, uint64_t *where)
{
	struct gk_mem_region ga, gb;
	size_t i = 0;
	for (; gk_mem_region_at(a, i, &ga) == 0; i++) {
		*where = ga.base;
		if (gk_mem_region_at(b, i, &gb) != 0 || ga.base != gb.base || ga.size != gb.size || ga.flags != gb.flags)
			return false;
		for (uint64_t k = 0; ga.data && k < ga.size; k++)
			if (ga.data[k] != gb.data[k]) {
				*where = ga.base + k;
				return false;
			}
	}
	return gk_mem_region_at(b, i, &gb) != 0;
}

/* the same packets remembered before the end (field by field: a struct's
 * padding is not copied) */
static bool same_last(const struct gk_exec_result *a, const struct gk_exec_result *b)
{
	bool same = a->nlast == b->nlast;
	for (unsigned i = 0; same && i < a->nlast; i++)
		same = a->last[i].depth == b->last[i].depth && a->last[i].packet == b->last[i].packet &&
		       !memcmp(a->last[i].at, b->last[i].at, sizeof a->last[i].at);
	return same;
}

/* Each stream runs twice: traced (what the test reads) and printing
 * nothing, on a copy of the memory.  A run that prints nothing skips the
 * trace's bookkeeping and reads fields straight from the words
 * (src/exec/exec_priv.h gk_exec_pending): it must end the same, with the
 * same memory, registers and counts. */
static void run_quiet_same(const char *gpu, const struct words *w, struct gk_mem *m, const char *const *regs,
			   const struct run *traced)
{
	struct gk_engine *e = gk_engine_open("dma", gpu, NULL);
	struct gk_exec *x = gk_exec_create(e, m, NULL);
	for (; regs && *regs; regs++) {
		char name[64];
		const char *eq = strchr(*regs, '=');
		snprintf(name, sizeof name, "%.*s", (int)(eq - *regs), *regs);
		gk_exec_set_reg(x, name, (uint32_t)strtoul(eq + 1, NULL, 0), NULL);
	}
	struct tl_reader rd = { (const uint8_t *)w->w, 4 * w->n, 0, 12 };
	struct gk_input *in = gk_input_create(tl_read, &rd, GK_IN_BIN, 4);
	struct gk_membuf sink = { 0 };
	char buf[256];
	struct gk_out out = GK_OUT_INIT(buf, sizeof buf, gk_membuf_write, &sink);
	struct gk_exec_opts o = { 0 };
	struct gk_exec_result res;
	int rc = gk_exec_run(x, in, &o, &out, &res);
	gk_out_flush(&out);
	const struct gk_exec_result *t = &traced->res;
	CHECK(rc == traced->rc && res.status == t->status && res.packets == t->packets && res.skipped == t->skipped &&
		      res.bytes_read == t->bytes_read && res.bytes_written == t->bytes_written &&
		      res.interrupts == t->interrupts && res.clock == t->clock && same_last(&res, t) &&
		      !strcmp(res.why.message, t->why.message),
	      "%s: the untraced run ends as the traced one (%s %llu packets / %s %llu)", gpu,
	      gk_exec_status_name(res.status), (unsigned long long)res.packets, gk_exec_status_name(t->status),
	      (unsigned long long)t->packets);
	uint64_t where = 0;
	CHECK(mem_same(traced->mem, m, &where), "%s: the untraced run's memory differs at 0x%llx", gpu,
	      (unsigned long long)where);
	unsigned differ = 0;
	for (uint32_t a = 0; a < 0x100000 && traced->x; a += 4) {
		uint32_t va = 0, vb = 0;
		differ += gk_exec_reg(traced->x, a, &va) != gk_exec_reg(x, a, &vb) || va != vb;
	}
	CHECK(!differ, "%s: %u registers differ after the untraced run", gpu, differ);
	gk_input_destroy(in);
	gk_exec_destroy(x);
	gk_engine_close(e);
	free(sink.p);
}

static void run_text(struct run *r, const char *gpu, const char *text, struct gk_mem *m, const char *const *regs,
		     bool json)
{
	memset(r, 0, sizeof *r);
	r->mem = m ? m : zeroed();
	struct gk_engine *e = gk_engine_open("dma", gpu, NULL);
	struct words w = { 0 };
	struct gk_engine_asm *a = gk_engine_asm_open(e, words_emit, &w, diag_print, NULL);
	gk_engine_asm_text(a, text, strlen(text));
	r->asm_errors = gk_engine_asm_finish(a);
	gk_engine_asm_close(a);
	struct gk_exec *x = gk_exec_create(e, r->mem, NULL);
	struct gk_mem *twin = mem_clone(r->mem);
	const char *const *given = regs;
	for (; regs && *regs; regs++) {
		char name[64];
		const char *eq = strchr(*regs, '=');
		snprintf(name, sizeof name, "%.*s", (int)(eq - *regs), *regs);
		gk_exec_set_reg(x, name, (uint32_t)strtoul(eq + 1, NULL, 0), NULL);
	}
	struct tl_reader rd = { (const uint8_t *)w.w, 4 * w.n, 0, 12 };
	struct gk_input *in = gk_input_create(tl_read, &rd, GK_IN_BIN, 4);
	char buf[256];
	struct gk_out out = GK_OUT_INIT(buf, sizeof buf, gk_membuf_write, &r->out);
	struct gk_exec_opts o = { .trace = true, .json = json };
	r->rc = gk_exec_run(x, in, &o, &out, &r->res);
	gk_out_flush(&out);
	gk_membuf_write(&r->out, "", 0);
	gk_input_destroy(in);
	r->x = x;
	run_quiet_same(gpu, &w, twin, given, r);
	r->x = NULL;
	gk_mem_destroy(twin);
	gk_exec_destroy(x);
	gk_engine_close(e);
	free(w.w);
}

static void run_done(struct run *r)
{
	gk_mem_destroy(r->mem);
	free(r->out.p);
}

static struct js_doc schema, inst;
static bool have_schema;

/* every line of a JSON run output valid against the schema's top level */
static void json_valid(const char *what, const char *text)
{
	if (!have_schema)
		return;
	unsigned lines = 0, bad = 0;
	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		lines++;
		if (!js_valid_text(&schema, 0, &inst, p, n)) {
			if (!bad)
				printf("#   invalid: %.*s\n", (int)n, p);
			bad++;
		}
		p += n + (nl != NULL);
	}
	CHECK(lines && !bad, "%s: %u JSON lines, %u invalid against docs/json-schema.json", what, lines, bad);
}

static uint32_t rd32(struct gk_mem *m, uint64_t a)
{
	uint8_t b[4] = { 0 };
	gk_mem_read(m, a, b, 4, NULL, NULL);
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static uint64_t rd64(struct gk_mem *m, uint64_t a)
{
	return rd32(m, a) | (uint64_t)rd32(m, a + 4) << 32;
}

static uint8_t rd8(struct gk_mem *m, uint64_t a)
{
	uint8_t b = 0;
	gk_mem_read(m, a, &b, 1, NULL, NULL);
	return b;
}

static void wr(struct gk_mem *m, uint64_t a, const void *p, size_t n)
{
	gk_mem_write(m, a, p, n, NULL);
}

#define OK(r, what)                                                                                               \
	CHECK((r)->rc == 0 && (r)->asm_errors == 0 && (r)->res.status == GK_EXEC_COMPLETED, "%s: completes (%s: %s)", \
	      what, gk_exec_status_name((r)->res.status), (r)->res.why.message)

/* ---- CIK SDMA ---- */

static void cik_linear(void)
{
	struct run r;
	/* cik 10: DATA dwords land at ADDR in order; 8IN32 reverses each dword's bytes */
	run_text(&r, "bonaire",
		 "WRITE_LINEAR ADDR=0x100000 SWAP=NONE\n    DATA 0x11223344 0x55667788\n"
		 "WRITE_LINEAR ADDR=0x100010 SWAP=8IN32\n    DATA 0x11223344\n"
		 "WRITE_LINEAR ADDR=0x100020 SWAP=8IN16\n    DATA 0x11223344\n"
		 "WRITE_LINEAR ADDR=0x100030 SWAP=8IN64\n    DATA 0x11223344 0x55667788\n",
		 NULL, NULL, false);
	OK(&r, "cik WRITE_LINEAR");
	CHECK(rd32(r.mem, 0x100000) == 0x11223344 && rd32(r.mem, 0x100004) == 0x55667788, "cik WRITE_LINEAR data");
	CHECK(rd32(r.mem, 0x100010) == 0x44332211, "8IN32 swap: 0x%08x", rd32(r.mem, 0x100010));
	CHECK(rd32(r.mem, 0x100020) == 0x22114433, "8IN16 swap: 0x%08x", rd32(r.mem, 0x100020));
	CHECK(rd64(r.mem, 0x100030) == 0x4433221188776655ull, "8IN64 swap: 0x%016llx",
	      (unsigned long long)rd64(r.mem, 0x100030));
	CHECK(r.res.packets == 4 && r.res.bytes_written == 24, "counts: %llu packets, %llu bytes",
	      (unsigned long long)r.res.packets, (unsigned long long)r.res.bytes_written);
	run_done(&r);

	/* cik 1: COUNT bytes from SRC_ADDR to DST_ADDR, any alignment */
	struct gk_mem *m = zeroed();
	const char src[] = "abcdefghij";
	wr(m, 0x100101, src, 10);
	run_text(&r, "bonaire", "COPY_LINEAR COUNT=5 SRC_ADDR=0x100103 DST_ADDR=0x100207\n", m, NULL, false);
	OK(&r, "cik COPY_LINEAR bytes");
	char got[8] = { 0 };
	gk_mem_read(r.mem, 0x100206, got, 7, NULL, NULL);
	CHECK(!memcmp(got, "\0cdefg\0", 7), "COPY_LINEAR moved bytes 2..6 of the source: '%.7s'", got);
	run_done(&r);

	/* cik 2: broadcast: both destinations get the source */
	m = zeroed();
	wr(m, 0x100000, "0123456789abcdef", 16);
	run_text(&r, "bonaire",
		 "COPY_LINEAR_BROADCAST COUNT=16 SRC_ADDR=0x100000 DST1_ADDR=0x100100 DST2_ADDR=0x180100\n", m, NULL,
		 false);
	OK(&r, "cik COPY_LINEAR_BROADCAST");
	char a1[16], a2[16];
	gk_mem_read(r.mem, 0x100100, a1, 16, NULL, NULL);
	gk_mem_read(r.mem, 0x180100, a2, 16, NULL, NULL);
	CHECK(!memcmp(a1, "0123456789abcdef", 16) && !memcmp(a2, "0123456789abcdef", 16), "broadcast to both");
	CHECK(r.res.bytes_written == 32 && r.res.bytes_read == 16, "broadcast counts");
	run_done(&r);

	/* COUNT at its maximum (22 bits: 4 MiB - 1 bytes) */
	m = gk_mem_create(0);
	size_t big = (1u << 22) - 1;
	uint8_t *img = malloc(2 * big + 2);
	for (size_t i = 0; i < big; i++)
		img[i] = (uint8_t)(i * 7 + (i >> 9));
	memset(img + big, 0, big + 2);
	gk_mem_add_copy(m, 0x1000000, img, 2 * big + 2, NULL);
	run_text(&r, "bonaire", "COPY_LINEAR COUNT=0x3fffff SRC_ADDR=0x1000000 DST_ADDR=0x13fffff\n", m, NULL, false);
	OK(&r, "cik COPY_LINEAR of 4 MiB - 1");
	uint8_t *back = malloc(big);
	gk_mem_read(r.mem, 0x13fffff, back, big, NULL, NULL);
	CHECK(!memcmp(back, img, big) && rd8(r.mem, 0x13fffff + big) == 0, "the largest copy lands whole");
	free(back);
	free(img);
	run_done(&r);
}

static void cik_sub_window(void)
{
	/* cik 3: 32bpp, source pitch 8 (SRC_PITCH 7), slice 32 (31); a 3x2x1
	 * rectangle from (5, 1) (its right edge at the pitch: x 5..7) to (0, 2)
	 * of a destination of pitch 4 (DST_PITCH 3): element (i, j) of the rect
	 * moves from src + ((1 + j) * 8 + 5 + i) * 4 to dst + ((2 + j) * 4 + i) * 4 */
	struct gk_mem *m = zeroed();
	for (uint32_t i = 0; i < 64; i++) {
		uint32_t v = 0xa0000000u | i;
		wr(m, 0x100000 + 4 * i, &v, 4);
	}
	struct run r;
	run_text(&r, "bonaire",
		 "COPY_LINEAR_SUB_WINDOW ELEMENT_SIZE=32BPP SRC_ADDR=0x100000 SRC_X=5 SRC_Y=1 SRC_PITCH=7 SRC_Z=0 "
		 "SRC_SLICE_PITCH=31 DST_ADDR=0x140000 DST_X=0 DST_Y=2 DST_PITCH=3 DST_Z=0 DST_SLICE_PITCH=15 "
		 "RECT_X=3 RECT_Y=2 RECT_Z=1 SRC_SWAP=NONE DST_SWAP=NONE\n",
		 m, NULL, false);
	OK(&r, "cik COPY_LINEAR_SUB_WINDOW");
	bool good = true;
	for (uint32_t j = 0; j < 2; j++)
		for (uint32_t i = 0; i < 3; i++)
			good &= rd32(r.mem, 0x140000 + ((2 + j) * 4 + i) * 4) == (0xa0000000u | ((1 + j) * 8 + 5 + i));
	CHECK(good, "sub-window elements in place");
	CHECK(rd32(r.mem, 0x140000 + (2 * 4 + 3) * 4) == 0 && rd32(r.mem, 0x140000 + 7 * 4) == 0,
	      "nothing outside the rectangle");
	CHECK(r.res.bytes_written == 24, "6 elements of 4 bytes");
	run_done(&r);
}

static void cik_fill_fence_trap(void)
{
	struct run r;
	/* cik 12: DWORD fill repeats DATA; BYTE fill repeats its low byte; cik 14 fence + trap */
	run_text(&r, "bonaire",
		 "CONSTANT_FILL SIZE=DWORD SWAP=NONE ADDR=0x100100 DATA=0xdeadbeef COUNT=12\n"
		 "CONSTANT_FILL SIZE=BYTE SWAP=NONE ADDR=0x100203 DATA=0x1234 COUNT=3\n"
		 "FENCE ADDR=0x100300 DATA=0xfeedf00d\nTRAP\nTRAP\nNOP\n",
		 NULL, NULL, false);
	OK(&r, "cik fill, fence, trap");
	CHECK(rd32(r.mem, 0x100100) == 0xdeadbeef && rd32(r.mem, 0x100108) == 0xdeadbeef && rd32(r.mem, 0x10010c) == 0,
	      "dword fill: 3 dwords");
	CHECK(rd32(r.mem, 0x100200) == 0x34000000 && rd32(r.mem, 0x100204) == 0x3434 && rd8(r.mem, 0x100206) == 0,
	      "byte fill: 3 bytes of 0x34 (0x%08x 0x%08x)", rd32(r.mem, 0x100200), rd32(r.mem, 0x100204));
	CHECK(rd32(r.mem, 0x100300) == 0xfeedf00d, "fence value");
	CHECK(r.res.interrupts == 2 && r.res.packets == 6, "two traps: %llu interrupts",
	      (unsigned long long)r.res.interrupts);
	run_done(&r);
}

static void cik_semaphore_poll(void)
{
	struct run r;
	/* a counting semaphore: signal, signal, wait leaves 1 */
	run_text(&r, "bonaire",
		 "SEMAPHORE SIGNAL=1 SEMAPHORE_ADDR=0x100008\nSEMAPHORE SIGNAL=1 SEMAPHORE_ADDR=0x100008\n"
		 "SEMAPHORE SIGNAL=0 SEMAPHORE_ADDR=0x100008\n",
		 NULL, NULL, false);
	OK(&r, "cik semaphore");
	CHECK(rd64(r.mem, 0x100008) == 1, "semaphore count 1: %llu", (unsigned long long)rd64(r.mem, 0x100008));
	run_done(&r);

	/* a wait on a zero semaphore: the hang report */
	run_text(&r, "bonaire", "NOP\nSEMAPHORE SIGNAL=0 SEMAPHORE_ADDR=0x100040\nNOP\n", NULL, NULL, false);
	CHECK(r.res.status == GK_EXEC_STALLED && r.res.where.at[0] == 4 && r.res.packets == 1 && r.res.has_wait &&
		      r.res.wait_addr == 0x100040,
	      "semaphore wait stalls at 0x4 (%s at 0x%llx)", gk_exec_status_name(r.res.status),
	      (unsigned long long)r.res.where.at[0]);
	CHECK(strstr(r.out.p, "; stalled at 0x4 SEMAPHORE") != NULL && strstr(r.out.p, "the packets before it: 0x0 NOP"),
	      "text hang report:\n%s", r.out.p);
	run_done(&r);

	/* cik 16: (mem & MASK) FUNC REFERENCE */
	struct gk_mem *m = zeroed();
	uint32_t v = 0x1234;
	wr(m, 0x100000, &v, 4);
	run_text(&r, "bonaire",
		 "POLL_REG_MEM M=MEMORY FUNC=EQUAL ADDR=0x100000 REFERENCE=0x34 MASK=0xff RETRY_COUNT=0xfff\n"
		 "POLL_REG_MEM M=MEMORY FUNC=GREATER ADDR=0x100000 REFERENCE=0x1233 MASK=0xffffffff RETRY_COUNT=0xfff\n"
		 "POLL_REG_MEM M=MEMORY FUNC=LESS ADDR=0x100000 REFERENCE=0x1234 MASK=0xffffffff RETRY_COUNT=0xfff\n",
		 m, NULL, true);
	CHECK(r.res.status == GK_EXEC_STALLED && r.res.packets == 2 && r.res.wait_value == 0x1234 &&
		      r.res.wait_ref == 0x1234 && !strcmp(r.res.wait_func, "LESS") && r.res.where.at[0] == 0x30,
	      "POLL_REG_MEM: two pass, the LESS one stalls (%s, %llu packets)", gk_exec_status_name(r.res.status),
	      (unsigned long long)r.res.packets);
	CHECK(strstr(r.out.p, "{\"end\":true,\"status\":\"stalled\"") && strstr(r.out.p, "\"function\":\"LESS\""),
	      "JSON end line");
	json_valid("a stalled poll", r.out.p);
	run_done(&r);

	/* register polls: SRBM_WRITE sets it (BYTE_ENABLE 0x3: the low two bytes) */
	const char *const regs[] = { "0x3000=0xaabbccdd", NULL };
	run_text(&r, "bonaire",
		 "SRBM_WRITE BYTE_ENABLE=0x3 REGISTER=0x3000 DATA=0x11112222\n"
		 "POLL_REG_MEM M=REGISTER FUNC=EQUAL REGISTER=0x3000 REFERENCE=0xaabb2222 MASK=0xffffffff "
		 "RETRY_COUNT=0xfff\n",
		 NULL, regs, false);
	OK(&r, "SRBM_WRITE then a register poll");
	run_done(&r);
	run_text(&r, "bonaire",
		 "POLL_REG_MEM M=REGISTER FUNC=EQUAL REGISTER=0x3004 REFERENCE=0 MASK=0xffffffff RETRY_COUNT=0xfff\n",
		 NULL, NULL, false);
	CHECK(r.res.status == GK_EXEC_FAULTED && strstr(r.res.why.message, "nothing has set"),
	      "a poll of a register nothing set is a fault, not a guess: %s", r.res.why.message);
	run_done(&r);
}

static void cik_cond_exec(void)
{
	struct run r;
	struct gk_mem *m = zeroed();
	uint32_t one = 1;
	wr(m, 0x100004, &one, 4);
	/* cik 17: the 6 dwords after the packet (one 6-dword WRITE_LINEAR) run only when the bool is non-zero */
	run_text(&r, "bonaire",
		 "COND_EXEC BOOL_ADDR=0x100000 EXEC_COUNT=6\nWRITE_LINEAR ADDR=0x100100 SWAP=NONE\n    DATA 1 2\n"
		 "COND_EXEC BOOL_ADDR=0x100004 EXEC_COUNT=6\nWRITE_LINEAR ADDR=0x100200 SWAP=NONE\n    DATA 3 4\n"
		 "FENCE ADDR=0x100300 DATA=5\n",
		 m, NULL, false);
	OK(&r, "COND_EXEC");
	CHECK(rd32(r.mem, 0x100100) == 0 && rd32(r.mem, 0x100200) == 3 && rd32(r.mem, 0x100300) == 5,
	      "false skips, true runs");
	CHECK(r.res.skipped == 1 && r.res.packets == 4, "one packet skipped");
	CHECK(strstr(r.out.p, "; skipped") != NULL, "the trace marks the skipped packet");
	run_done(&r);

	/* on memory that is not there: a fault naming the address */
	run_text(&r, "bonaire", "COND_EXEC BOOL_ADDR=0x500000 EXEC_COUNT=1\nNOP\n", NULL, NULL, false);
	CHECK(r.res.status == GK_EXEC_FAULTED && strstr(r.res.why.message, "0x500000"), "COND_EXEC on absent memory: %s",
	      r.res.why.message);
	run_done(&r);
}

static void cik_pte_timestamp(void)
{
	struct run r;
	/* cik 18: entry i = (VALUE + i * INCREMENT) | MASK */
	run_text(&r, "bonaire",
		 "WRITE_PTE_PDE DST_ADDR=0x100100 MASK=0x61 VALUE=0x200000000 INCREMENT=0x1000 COUNT=3\n"
		 "SET_LOCAL_TIMESTAMP DATA=0x100\nGET_LOCAL_TIMESTAMP ADDR=0x100200\nNOP\nGET_GLOBAL_TIMESTAMP ADDR=0x100208\n",
		 NULL, NULL, false);
	OK(&r, "PTE and timestamps");
	CHECK(rd64(r.mem, 0x100100) == 0x200000061ull && rd64(r.mem, 0x100108) == 0x200001061ull &&
		      rd64(r.mem, 0x100110) == 0x200002061ull && rd64(r.mem, 0x100118) == 0,
	      "three page-table entries");
	/* the clock: set to 0x100 by packet 1, one tick a packet after that */
	CHECK(rd64(r.mem, 0x100200) == 0x101 && rd64(r.mem, 0x100208) == 0x103, "timestamps 0x%llx 0x%llx",
	      (unsigned long long)rd64(r.mem, 0x100200), (unsigned long long)rd64(r.mem, 0x100208));
	run_done(&r);

	/* nine entries: the executor writes four a step, then the rest one
	 * at a time (exec_mem.c gk_exec_op_pte); each entry is held to the
	 * formula, a carry across bit 32 included, and the dword past the
	 * ninth is left alone */
	run_text(&r, "bonaire",
		 "WRITE_PTE_PDE DST_ADDR=0x100100 MASK=0x61 VALUE=0xfffffd000 INCREMENT=0x1000 COUNT=9\n", NULL, NULL,
		 false);
	OK(&r, "nine page-table entries");
	for (unsigned i = 0; i < 9; i++)
		CHECK(rd64(r.mem, 0x100100 + 8 * i) == ((0xfffffd000ull + i * 0x1000ull) | 0x61),
		      "entry %u: 0x%llx", i, (unsigned long long)rd64(r.mem, 0x100100 + 8 * i));
	CHECK(rd64(r.mem, 0x100100 + 8 * 9) == 0, "nothing past the ninth entry");
	run_done(&r);
}

static void cik_ib(void)
{
	/* cik 13: the IB runs in place; its packets write memory, then the ring goes on */
	struct gk_engine *e = gk_engine_open("dma", "bonaire", NULL);
	struct words ib = { 0 };
	struct gk_engine_asm *a = gk_engine_asm_open(e, words_emit, &ib, NULL, NULL);
	const char *t = "FENCE ADDR=0x100100 DATA=7\nTRAP\n";
	gk_engine_asm_text(a, t, strlen(t));
	gk_engine_asm_finish(a);
	gk_engine_asm_close(a);
	gk_engine_close(e);
	struct gk_mem *m = zeroed();
	wr(m, 0x180000, ib.w, 4 * ib.n);
	char ring[256];
	snprintf(ring, sizeof ring, "INDIRECT_BUFFER VMID=0 IB_BASE=0x180000 IB_SIZE=%zu\nFENCE ADDR=0x100104 DATA=8\n",
		 ib.n);
	struct run r;
	run_text(&r, "bonaire", ring, m, NULL, true);
	OK(&r, "an IB in place");
	CHECK(rd32(r.mem, 0x100100) == 7 && rd32(r.mem, 0x100104) == 8 && r.res.packets == 4 && r.res.interrupts == 1,
	      "the IB's fence and trap ran");
	CHECK(strstr(r.out.p, "\"depth\":1") != NULL, "JSON trace marks the IB's units");
	json_valid("an IB run", r.out.p);
	run_done(&r);
	free(ib.w);
}

static void faults(void)
{
	struct run r;
	/* overlapping source and destination: the reference does not say the order */
	run_text(&r, "bonaire", "COPY_LINEAR COUNT=16 SRC_ADDR=0x100000 DST_ADDR=0x100008\n", NULL, NULL, false);
	CHECK(r.res.status == GK_EXEC_FAULTED && strstr(r.res.why.message, "overlap"), "overlap refused: %s",
	      r.res.why.message);
	run_done(&r);
	/* memory that is not there */
	run_text(&r, "bonaire", "FENCE ADDR=0x900000 DATA=1\n", NULL, NULL, false);
	CHECK(r.res.status == GK_EXEC_FAULTED && strstr(r.res.why.message, "0x900000"), "absent memory: %s",
	      r.res.why.message);
	run_done(&r);
	/* a packet with errors is not run */
	run_text(&r, "bonaire", ".long 0x000000ff\n", NULL, NULL, false);
	CHECK(r.res.status == GK_EXEC_FAULTED, "an unknown opcode faults");
	run_done(&r);
	/* frame to field: the reference does not give the line order */
	run_text(&r, "bonaire",
		 "COPY_L2T_FRAME_TO_FIELD TILED_ADDR_1=0x100000 TILED_ADDR_2=0x140000 HEIGHT=7 PITCH=0 SLICE_PITCH=0 "
		 "ARRAY_MODE=ARRAY_LINEAR_GENERAL ELEMENT_SIZE=32BPP PIPE_CONFIG=P2 Y=0 X=0 Z=0 LINEAR_ADDR=0x180000 COUNT=4\n",
		 NULL, NULL, false);
	CHECK(r.res.status == GK_EXEC_FAULTED && strstr(r.res.why.message, "which lines"), "frame to field refused: %s",
	      r.res.why.message);
	run_done(&r);
	/* the packet limit */
	struct run l;
	memset(&l, 0, sizeof l);
	l.mem = zeroed();
	struct gk_engine *e = gk_engine_open("dma", "bonaire", NULL);
	struct gk_exec *x = gk_exec_create(e, l.mem, NULL);
	uint32_t nops[5] = { 0 };
	struct tl_reader rd = { (const uint8_t *)nops, sizeof nops, 0, 0 };
	struct gk_input *in = gk_input_create(tl_read, &rd, GK_IN_BIN, 4);
	struct gk_out none = GK_OUT_INIT(NULL, 0, NULL, NULL);
	struct gk_exec_opts o = { .max_packets = 3 };
	CHECK(gk_exec_run(x, in, &o, &none, &l.res) == 0 && l.res.status == GK_EXEC_LIMIT && l.res.packets == 3,
	      "--max-packets 3 stops after three");
	gk_input_destroy(in);
	gk_exec_destroy(x);
	gk_engine_close(e);
	run_done(&l);
}

/* ---- r6xx .. SI ---- */

static void older(void)
{
	struct run r;
	struct gk_mem *m = zeroed();
	wr(m, 0x100000, "ABCDEFGHIJKLMNOP", 16);
	/* r6xx 3a: COUNT dwords (even) from SRC_ADDR to DEST_ADDR */
	run_text(&r, "r600", "COPY_LINEAR COUNT=2 DEST_ADDR=0x100100 SRC_ADDR=0x100004 DEST_SWAP=NONE SRC_SWAP=NONE\n", m,
		 NULL, false);
	OK(&r, "r600 COPY_LINEAR");
	CHECK(rd32(r.mem, 0x100100) == 0x48474645 && rd32(r.mem, 0x100104) == 0x4c4b4a49, "r600 copy of two dwords");
	run_done(&r);

	/* r7xx 10: CONSTANT_FILL COUNT dwords */
	run_text(&r, "rv770", "CONSTANT_FILL COUNT=2 DST_ADDR=0x100010 CONSTANT_DATA=0xcafe\n", NULL, NULL, false);
	OK(&r, "rv770 CONSTANT_FILL");
	CHECK(rd32(r.mem, 0x100010) == 0xcafe && rd32(r.mem, 0x100014) == 0xcafe && rd32(r.mem, 0x100018) == 0,
	      "r7xx fill");
	run_done(&r);

	/* eg 4/5/6: dword, byte and broadcast copies */
	m = zeroed();
	wr(m, 0x100000, "ABCDEFGHIJKLMNOP", 16);
	run_text(&r, "cypress",
		 "COPY_L2L_DW COUNT=1 DEST_ADDR=0x100100 SRC_ADDR=0x100008 DEST_SWAP=NONE SRC_SWAP=8IN32\n"
		 "COPY_L2L_BYTE COUNT=3 DEST_ADDR=0x100201 SRC_ADDR=0x10000d DEST_SWAP=NONE SRC_SWAP=NONE\n"
		 "COPY_L2L_DW_BROADCAST COUNT=1 DEST_ADDR1=0x100300 DEST_ADDR2=0x100400 SRC_ADDR=0x100000 DEST1_SWAP=NONE "
		 "DEST2_SWAP=NONE SRC_SWAP=NONE\n"
		 "FENCE FENCE_ADDR=0x100500 FENCE_DATA=0x99\nTRAP\n",
		 m, NULL, false);
	OK(&r, "evergreen copies");
	CHECK(rd32(r.mem, 0x100100) == 0x494a4b4c, "eg dword copy with the source swapped: 0x%08x",
	      rd32(r.mem, 0x100100));
	CHECK(rd32(r.mem, 0x100200) == 0x504f4e00, "eg byte copy: 0x%08x", rd32(r.mem, 0x100200));
	CHECK(rd32(r.mem, 0x100300) == 0x44434241 && rd32(r.mem, 0x100400) == 0x44434241, "eg broadcast");
	CHECK(rd32(r.mem, 0x100500) == 0x99 && r.res.interrupts == 1, "eg fence and trap");
	run_done(&r);

	/* eg 7 (cayman): partial copy, pitches in bytes, DX x DY pixels */
	m = zeroed();
	for (uint32_t i = 0; i < 32; i++) {
		uint32_t v = 0xb0000000u | i;
		wr(m, 0x100000 + 4 * i, &v, 4);
	}
	run_text(&r, "cayman",
		 "COPY_L2L_PARTIAL SRC_ADDR=0x100000 SRC_PITCH=16 SRC_SWAP=NONE SRC_SLICE_PITCH=64 DEST_ADDR=0x100200 "
		 "DEST_PITCH=8 DEST_SWAP=NONE DEST_SLICE_PITCH=64 DY=2 DX=2 SIZE=32BPP DZ=1\n",
		 m, NULL, false);
	OK(&r, "cayman COPY_L2L_PARTIAL");
	CHECK(rd32(r.mem, 0x100200) == 0xb0000000u && rd32(r.mem, 0x100204) == 0xb0000001u &&
		      rd32(r.mem, 0x100208) == 0xb0000004u && rd32(r.mem, 0x10020c) == 0xb0000005u,
	      "partial copy rows of 16 bytes to rows of 8");
	run_done(&r);

	/* eg 3 (cayman): page-table entries, COUNT dwords, two an entry */
	run_text(&r, "cayman", "WRITE_PTE_PDE COUNT=4 DEST_ADDR=0x100000 MASK=0x1 VALUE=0x10000 INCREMENT=0x1000\n",
		 NULL, NULL, false);
	OK(&r, "cayman WRITE_PTE_PDE");
	CHECK(rd64(r.mem, 0x100000) == 0x10001 && rd64(r.mem, 0x100008) == 0x11001 && rd64(r.mem, 0x100010) == 0,
	      "two entries");
	run_done(&r);

	/* eg 16: the mailbox form is refused; SI 23: POLL_REG_MEM */
	run_text(&r, "cypress", "SEMAPHORE MAILBOX=1 SIGNAL=1 SEMAPHORE_ADDR=0x100000\n", NULL, NULL, false);
	CHECK(r.res.status == GK_EXEC_FAULTED && strstr(r.res.why.message, "mailbox"), "mailbox refused");
	run_done(&r);
	run_text(&r, "tahiti",
		 "FENCE FENCE_ADDR=0x100000 FENCE_DATA=3\n"
		 "POLL_REG_MEM M=MEMORY ADDR=0x100000 RETRY_COUNT=0xfff MASK=0xff REFERENCE=3 FUNC=EQUAL POLL_INTERVAL=1\n",
		 NULL, NULL, false);
	OK(&r, "SI fence then poll");
	run_done(&r);

	/* an evergreen tiled copy: the tiling module has no r800 layout */
	run_text(&r, "cypress",
		 "COPY_L2T COUNT=16 BASE_256=0x1000 DETILE=L2T ARRAY_MODE=ARRAY_1D_TILED_THIN1 SIZE=32BPP "
		 "PITCH_TILE_MAX=0 SLICE_TILE_MAX=0 HEIGHT_MAX=7 LINEAR_ADDR=0x180000\n",
		 NULL, NULL, false);
	CHECK(r.res.status == GK_EXEC_FAULTED && strstr(r.res.why.message, "no such layout"),
	      "evergreen 1D refused: %s", r.res.why.message);
	run_done(&r);
}

/* ---- tiled copies on SI and CIK ---- */

struct tiled_case {
	const char *mode, *pipe;
	unsigned bpp_log2, pitch, height, split, bw, bh, aspect, banks;
	const char *micro;
};

static const char *const bpp_names[] = { "8BPP", "16BPP", "32BPP", "64BPP", "128BPP" };

/* L2T then T2L with CIK COPY_TILED: the image comes back, and each element
 * of the tiled surface holds the linear element the tiling module places
 * there (gk_tile_addr) */
static void cik_tiled_case(const struct tiled_case *c)
{
	unsigned E = 1u << c->bpp_log2;
	uint64_t lin = 0x1000000, til = 0x2000000, back = 0x3000000;
	struct gk_tile_params p;
	gk_tile_params_simple(&p, !strcmp(c->mode, "ARRAY_2D_TILED_THIN1") ? GK_TILE_2D
				  : !strcmp(c->mode, "ARRAY_1D_TILED_THIN1") ? GK_TILE_1D : GK_TILE_LINEAR,
			      8 * E, c->pitch, c->height, 1);
	p.micro = !strcmp(c->micro, "THIN") ? GK_MICRO_THIN : GK_MICRO_DISPLAY;
	if (p.mode == GK_TILE_2D) {
		p.pipe_config = gk_tile_pipe_config_parse(c->pipe);
		p.tile_split = 64u << c->split;
		p.bank_width = 1u << c->bw;
		p.bank_height = 1u << c->bh;
		p.macro_aspect = 1u << c->aspect;
		p.num_banks = 2u << c->banks;
	}
	struct gk_tile_surface s;
	if (gk_tile_surface_init(&s, &p) != 0 || s.pitch != c->pitch || s.padded_height != c->height) {
		CHECK(0, "case %s %s %u bpp %ux%u is not an unpadded layout", c->mode, c->pipe, 8 * E, c->pitch, c->height);
		return;
	}
	size_t bytes = (size_t)c->pitch * c->height * E;
	uint8_t *img = malloc(bytes);
	for (size_t i = 0; i < bytes; i++)
		img[i] = (uint8_t)(i * 131 + (i >> 8) * 7 + 1);
	struct gk_mem *m = gk_mem_create(0);
	gk_mem_add_copy(m, lin, img, bytes, NULL);
	uint8_t *z = calloc(1, s.surface_bytes > bytes ? s.surface_bytes : bytes);
	gk_mem_add_copy(m, til, z, s.surface_bytes, NULL);
	gk_mem_add_copy(m, back, z, bytes, NULL);
	free(z);
	char text[1024];
	char ti[256];
	snprintf(ti, sizeof ti,
		 "HEIGHT=%u PITCH=%u SLICE_PITCH=%u PIPE_CONFIG=%s MACRO_TILE_ASPECT=%s NUM_BANKS=%u BANK_HEIGHT=%u "
		 "BANK_WIDTH=%u TILE_SPLIT=%u MICRO_TILE_MODE=%s ARRAY_MODE=%s ELEMENT_SIZE=%s Y=0 X=0",
		 c->height - 1, c->pitch / 8 - 1, c->pitch * c->height / 64 - 1, c->pipe,
		 (const char *[]){ "1:1", "2:1", "4:1", "8:1" }[c->aspect], 2u << c->banks, 1u << c->bh, 1u << c->bw,
		 64u << c->split, c->micro, c->mode, bpp_names[c->bpp_log2]);
	snprintf(text, sizeof text,
		 "COPY_TILED DETILE=L2T TILED_ADDR=0x%llx %s TILED_SWAP=NONE LINEAR_SWAP=NONE Z=0 LINEAR_ADDR=0x%llx "
		 "LINEAR_PITCH=%u COUNT=%zu\n"
		 "COPY_TILED DETILE=T2L TILED_ADDR=0x%llx %s TILED_SWAP=NONE LINEAR_SWAP=NONE Z=0 LINEAR_ADDR=0x%llx "
		 "LINEAR_PITCH=%u COUNT=%zu\n",
		 (unsigned long long)til, ti, (unsigned long long)lin, c->pitch - 1, bytes / 4, (unsigned long long)til, ti,
		 (unsigned long long)back, c->pitch - 1, bytes / 4);
	struct run r;
	run_text(&r, "bonaire", text, m, NULL, false);
	CHECK(r.res.status == GK_EXEC_COMPLETED && r.asm_errors == 0, "%s %s %ubpp %ux%u: L2T + T2L complete (%s)",
	      c->mode, c->pipe, 8 * E, c->pitch, c->height, r.res.why.message);
	uint8_t *got = malloc(bytes);
	gk_mem_read(r.mem, back, got, bytes, NULL, NULL);
	CHECK(!memcmp(got, img, bytes), "%s %s %ubpp: the image comes back", c->mode, c->pipe, 8 * E);
	unsigned bad = 0;
	for (uint32_t y = 0; y < c->height; y++)
		for (uint32_t x = 0; x < c->pitch; x++) {
			uint64_t off;
			gk_tile_addr(&s, x, y, 0, &off);
			gk_mem_read(r.mem, til + off, got, E, NULL, NULL);
			bad += memcmp(got, img + ((size_t)y * c->pitch + x) * E, E) != 0;
		}
	CHECK(!bad, "%s %s %ubpp: every element where gk_tile_addr puts it (%u misplaced)", c->mode, c->pipe, 8 * E, bad);
	free(got);
	free(img);
	run_done(&r);
}

static void tiled(void)
{
	static const struct tiled_case cases[] = {
		{ "ARRAY_LINEAR_ALIGNED", "P2", 2, 64, 8, 0, 0, 0, 0, 0, "DISPLAY" },
		{ "ARRAY_1D_TILED_THIN1", "P2", 2, 64, 16, 0, 0, 0, 0, 0, "THIN" },
		{ "ARRAY_1D_TILED_THIN1", "P2", 0, 64, 16, 0, 0, 0, 0, 0, "DISPLAY" },
		{ "ARRAY_1D_TILED_THIN1", "P2", 4, 16, 8, 0, 0, 0, 0, 0, "THIN" },
		{ "ARRAY_2D_TILED_THIN1", "P2", 2, 64, 64, 2, 0, 0, 0, 1, "DISPLAY" },
		{ "ARRAY_2D_TILED_THIN1", "P4_16x16", 2, 128, 64, 2, 0, 1, 1, 2, "THIN" },
		{ "ARRAY_2D_TILED_THIN1", "P8_32x32_16x16", 2, 256, 128, 2, 0, 1, 0, 2, "THIN" },
		{ "ARRAY_2D_TILED_THIN1", "P8_32x32_16x16", 3, 256, 128, 3, 0, 0, 0, 2, "DISPLAY" },
		{ "ARRAY_2D_TILED_THIN1", "P16_32x32_8x16", 2, 512, 64, 2, 0, 0, 0, 2, "THIN" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		cik_tiled_case(&cases[i]);

	/* SI's L2T/T2L (the evergreen/ni/si packet with SI's tiling fields):
	 * 2D, P8_32x32_16x16, 32 bpp, 64 x 64; back through T2L and each
	 * element where gk_tile_addr puts it */
	{
		struct gk_tile_params p;
		gk_tile_params_simple(&p, GK_TILE_2D, 32, 64, 64, 1);
		p.micro = GK_MICRO_THIN;
		p.pipe_config = gk_tile_pipe_config_parse("P8_32x32_16x16");
		p.tile_split = 256;
		p.bank_width = p.bank_height = p.macro_aspect = 1;
		p.num_banks = 8;
		struct gk_tile_surface s;
		CHECK(gk_tile_surface_init(&s, &p) == 0 && s.pitch == 64 && s.padded_height == 64, "SI case layout");
		struct gk_mem *m = gk_mem_create(0);
		uint8_t *img = malloc(16384), *z = calloc(1, s.surface_bytes > 16384 ? s.surface_bytes : 16384);
		for (unsigned i = 0; i < 16384; i++)
			img[i] = (uint8_t)(i * 13 + (i >> 10));
		gk_mem_add_copy(m, 0x1000000, img, 16384, NULL);
		gk_mem_add_copy(m, 0x2000000, z, s.surface_bytes, NULL);
		gk_mem_add_copy(m, 0x3000000, z, 16384, NULL);
		const char *tb = "ARRAY_MODE=ARRAY_2D_TILED_THIN1 SIZE=32BPP BANK_HEIGHT=1 BANK_WIDTH=1 MT_ASPECT=1:1 "
				 "HEIGHT_MAX=63 PITCH_TILE_MAX=7 PIPE_CONFIG=P8_32x32_16x16 SLICE_TILE_MAX=63 Z=0 X=0 "
				 "TILED_SWAP=NONE MT=THIN NUM_BANKS=8 TILE_SPLIT=256 Y=0";
		char text[1024];
		snprintf(text, sizeof text,
			 "COPY_L2T COUNT=4096 BASE_256=0x2000000 DETILE=L2T %s LINEAR_ADDR=0x1000000 LINEAR_SWAP=NONE\n"
			 "COPY_L2T COUNT=4096 BASE_256=0x2000000 DETILE=T2L %s LINEAR_ADDR=0x3000000 LINEAR_SWAP=NONE\n",
			 tb, tb);
		struct run r;
		run_text(&r, "tahiti", text, m, NULL, false);
		OK(&r, "SI COPY_L2T then T2L");
		uint8_t *got = malloc(16384);
		gk_mem_read(r.mem, 0x3000000, got, 16384, NULL, NULL);
		CHECK(!memcmp(got, img, 16384), "SI: the image comes back");
		unsigned bad = 0;
		for (uint32_t y = 0; y < 64; y++)
			for (uint32_t x = 0; x < 64; x++) {
				uint64_t off;
				gk_tile_addr(&s, x, y, 0, &off);
				bad += rd32(r.mem, 0x2000000 + off) != rd32(m, 0x1000000 + 4 * (64 * y + x));
			}
		CHECK(!bad, "SI: every element where gk_tile_addr puts it (%u misplaced)", bad);
		free(got);
		free(img);
		free(z);
		run_done(&r);
	}

	/* a pitch addrlib pads is refused, not guessed */
	struct run r;
	run_text(&r, "bonaire",
		 "COPY_TILED DETILE=L2T TILED_ADDR=0x100000 HEIGHT=7 PITCH=0 SLICE_PITCH=0 PIPE_CONFIG=P8_32x32_16x16 "
		 "MACRO_TILE_ASPECT=1:1 NUM_BANKS=16 BANK_HEIGHT=1 BANK_WIDTH=1 TILE_SPLIT=256 MICRO_TILE_MODE=THIN "
		 "ARRAY_MODE=ARRAY_2D_TILED_THIN1 ELEMENT_SIZE=32BPP Y=0 X=0 TILED_SWAP=NONE LINEAR_SWAP=NONE Z=0 "
		 "LINEAR_ADDR=0x180000 LINEAR_PITCH=7 COUNT=64\n",
		 NULL, NULL, false);
	CHECK(r.res.status == GK_EXEC_FAULTED && strstr(r.res.why.message, "addrlib"), "a padded pitch is refused: %s",
	      r.res.why.message);
	run_done(&r);
}


/* ---- the rest of the packets, one known answer each ----
 * LINEAR_GENERAL surfaces (rows of the pitch, no padding) give tiled
 * addresses by hand: element (x, y, z) at base + ((z * rows + y) * pitch + x) * E */

static void fill_dwords(struct gk_mem *m, uint64_t at, uint32_t tag, unsigned n)
{
	for (uint32_t i = 0; i < n; i++) {
		uint32_t v = tag | i;
		wr(m, at + 4 * i, &v, 4);
	}
}

static void every_packet(void)
{
	struct run r;
	/* r6xx 1, 7, 8, 9, 6 */
	run_text(&r, "r600",
		 "WRITE_LINEAR DEST_ADDR=0x100000 SWAP=NONE\n    DATA 0x11 0x22\nFENCE FENCE_ADDR=0x100010 FENCE_DATA=0x33\n"
		 "TRAP\nNOP\nSEMAPHORE SIGNAL=1 SEMAPHORE_ADDR=0x100020\n",
		 NULL, NULL, false);
	OK(&r, "r600 write, fence, trap, nop, semaphore");
	CHECK(rd32(r.mem, 0x100000) == 0x11 && rd32(r.mem, 0x100004) == 0x22 && rd32(r.mem, 0x100010) == 0x33 &&
		      rd64(r.mem, 0x100020) == 1 && r.res.interrupts == 1,
	      "r600 results");
	run_done(&r);

	/* r6xx 2 and 4 on a LINEAR_GENERAL surface of pitch 8 (PITCH_TILE_MAX 0), slice 128 (SLICE_TILE_MAX 1):
	 * two dwords from (3, 2) are elements 19 and 20; then T2L brings them back */
	run_text(&r, "r600",
		 "WRITE_TILED BASE_256=0x100000 ARRAY_MODE=ARRAY_LINEAR_GENERAL SIZE=32BPP HEIGHT_MAX=15 PITCH_TILE_MAX=0 "
		 "SLICE_TILE_MAX=1 Z=0 Y=2 X=3 SWAP=NONE\n    DATA 0xaa 0xbb\n"
		 "COPY_TILED COUNT=2 BASE_256=0x100000 DETILE=T2L ARRAY_MODE=ARRAY_LINEAR_GENERAL SIZE=32BPP HEIGHT_MAX=15 "
		 "PITCH_TILE_MAX=0 SLICE_TILE_MAX=1 Z=0 Y=2 X=3 TILED_SWAP=NONE LINEAR_ADDR=0x180000 LINEAR_SWAP=NONE\n",
		 NULL, NULL, false);
	OK(&r, "r600 WRITE_TILED / COPY_TILED on LINEAR_GENERAL");
	CHECK(rd32(r.mem, 0x100000 + 19 * 4) == 0xaa && rd32(r.mem, 0x100000 + 20 * 4) == 0xbb &&
		      rd32(r.mem, 0x180000) == 0xaa && rd32(r.mem, 0x180004) == 0xbb,
	      "r600 tiled write and copy back");
	run_done(&r);

	/* r6xx 5 / eg 15: an IB in place */
	struct gk_mem *m = zeroed();
	uint32_t ib[4] = { 0x60000000, 0x100100, 0, 0x77 }; /* r6xx FENCE 0x100100 <- 0x77 */
	wr(m, 0x180000, ib, sizeof ib);
	run_text(&r, "r600", "INDIRECT_BUFFER IB_BASE=0x180000 IB_SIZE=4\n", m, NULL, false);
	OK(&r, "r600 IB");
	CHECK(rd32(r.mem, 0x100100) == 0x77, "r600 IB's fence");
	run_done(&r);

	/* eg 20, 21, 22 */
	run_text(&r, "cypress",
		 "CONSTANT_FILL COUNT=3 DST_ADDR=0x100000 CONSTANT_DATA=0x5a5a\n"
		 "SRBM_WRITE BYTE_ENABLE=0xf REGISTER=0x3000 DATA=0x1144\n"
		 "SRBM_READ POLL=1 RETRY_COUNT=0 REGISTER=0x3000 MASK=0xff VALUE=0x44\n"
		 "SRBM_READ POLL=0 RETRY_COUNT=0 REGISTER=0x3000 MASK=0xff VALUE=0x55\n"
		 "SRBM_READ POLL=1 RETRY_COUNT=0 REGISTER=0x3000 MASK=0xff VALUE=0x45\n",
		 NULL, NULL, false);
	CHECK(rd32(r.mem, 0x100008) == 0x5a5a && rd32(r.mem, 0x10000c) == 0, "eg fill of 3 dwords");
	CHECK(r.res.status == GK_EXEC_STALLED && r.res.packets == 4 && r.res.wait_reg && r.res.wait_addr == 0x3000 &&
		      r.res.wait_value == 0x1144,
	      "SRBM_READ polls: equal passes, a plain read does nothing, unequal stalls (%s, %llu)",
	      gk_exec_status_name(r.res.status), (unsigned long long)r.res.packets);
	run_done(&r);

	/* SI 13: L2T partial, a 2x2 box at (1, 1) of a LINEAR_GENERAL pitch-8 surface from a linear
	 * rectangle with 16-byte rows: linear element (i, j) at lin + 16 j + 4 i */
	m = zeroed();
	fill_dwords(m, 0x180000, 0xc0000000u, 16);
	run_text(&r, "tahiti",
		 "COPY_L2T_PARTIAL COUNT=0 BASE_256=0x100000 DETILE=L2T ARRAY_MODE=ARRAY_LINEAR_GENERAL SIZE=32BPP "
		 "HEIGHT_MAX=7 PITCH_TILE_MAX=0 SLICE_TILE_MAX=0 Z=0 X=1 Y=1 TILED_SWAP=NONE MT=THIN NUM_BANKS=2 "
		 "TILE_SPLIT=64 PIPE_CONFIG=P2 LINEAR_ADDR=0x180000 LINEAR_PITCH=16 LINEAR_SWAP=NONE LINEAR_SLICE_PITCH=64 "
		 "DY=2 DX=2 DZ=1\n",
		 m, NULL, false);
	OK(&r, "SI COPY_L2T_PARTIAL");
	bool good = true;
	for (uint32_t j = 0; j < 2; j++)
		for (uint32_t i = 0; i < 2; i++)
			good &= rd32(r.mem, 0x100000 + ((1 + j) * 8 + 1 + i) * 4) == (0xc0000000u | (4 * j + i));
	CHECK(good && rd32(r.mem, 0x100000 + (1 * 8 + 3) * 4) == 0, "SI partial box in place");
	run_done(&r);

	/* SI 14: T2T partial, an 8x8 box of a pitch-8 surface to x 8 of a pitch-16 one */
	m = zeroed();
	fill_dwords(m, 0x100000, 0xd0000000u, 64);
	run_text(&r, "tahiti",
		 "COPY_T2T_PARTIAL SRC_BASE_256=0x100000 SRC_HEIGHT_MAX=7 SRC_PITCH_TILE_MAX=0 SRC_SLICE_TILE_MAX=0 "
		 "DEST_BASE_256=0x140000 DEST_HEIGHT_MAX=7 DEST_PITCH_TILE_MAX=1 PIPE_CONFIG=P2 DEST_SLICE_TILE_MAX=1 "
		 "ARRAY_MODE=ARRAY_LINEAR_GENERAL SIZE=32BPP SWAP1=NONE MT=THIN NUM_BANKS=2 TILE_SPLIT=64 SWAP0=NONE "
		 "SRC_X=0 DST_X=8 SRC_Y=0 DST_Y=0 SRC_Z=0 DST_Z=0 DY=8 DX=8 DZ=1\n",
		 m, NULL, false);
	OK(&r, "SI COPY_T2T_PARTIAL");
	good = true;
	for (uint32_t j = 0; j < 8; j++)
		for (uint32_t i = 0; i < 8; i++)
			good &= rd32(r.mem, 0x140000 + (j * 16 + 8 + i) * 4) == (0xd0000000u | (j * 8 + i)) &&
				rd32(r.mem, 0x140000 + (j * 16 + i) * 4) == 0;
	CHECK(good, "SI T2T box in place");
	run_done(&r);

	/* CIK 5: L2T broadcast, four dwords from (0, 1) of pitch 8: elements 8..11 of both */
	m = zeroed();
	fill_dwords(m, 0x180000, 0xe0000000u, 4);
	run_text(&r, "bonaire",
		 "COPY_L2T_BROADCAST TILED_ADDR_1=0x100000 TILED_ADDR_2=0x140000 HEIGHT=7 PITCH=0 SLICE_PITCH=0 "
		 "PIPE_CONFIG=P2 MACRO_TILE_ASPECT=1:1 NUM_BANKS=2 BANK_HEIGHT=1 BANK_WIDTH=1 TILE_SPLIT=64 "
		 "MICRO_TILE_MODE=THIN ARRAY_MODE=ARRAY_LINEAR_GENERAL ELEMENT_SIZE=32BPP Y=1 X=0 Z=0 TILED_1_SWAP=NONE "
		 "LINEAR_SWAP=NONE TILED_2_SWAP=NONE LINEAR_ADDR=0x180000 LINEAR_PITCH=7 COUNT=4\n",
		 m, NULL, false);
	OK(&r, "CIK COPY_L2T_BROADCAST");
	good = true;
	for (uint32_t i = 0; i < 4; i++)
		good &= rd32(r.mem, 0x100000 + (8 + i) * 4) == (0xe0000000u | i) &&
			rd32(r.mem, 0x140000 + (8 + i) * 4) == (0xe0000000u | i);
	CHECK(good, "CIK L2T broadcast to both");
	run_done(&r);

	/* CIK 7: T2L sub-window: a 2x2 box at (2, 3) of a pitch-8 surface to (1, 0) of a pitch-4 linear one */
	m = zeroed();
	fill_dwords(m, 0x100000, 0xf0000000u, 64);
	run_text(&r, "bonaire",
		 "COPY_TILED_SUB_WINDOW DETILE=T2L TILED_ADDR=0x100000 TILED_Y=3 TILED_X=2 PITCH=0 TILED_Z=0 SLICE_PITCH=0 "
		 "PIPE_CONFIG=P2 MACRO_TILE_ASPECT=1:1 NUM_BANKS=2 BANK_HEIGHT=1 BANK_WIDTH=1 TILE_SPLIT=64 "
		 "MICRO_TILE_MODE=THIN ARRAY_MODE=ARRAY_LINEAR_GENERAL ELEMENT_SIZE=32BPP LINEAR_ADDR=0x180000 LINEAR_Y=0 "
		 "LINEAR_X=1 LINEAR_PITCH=3 LINEAR_Z=0 LINEAR_SLICE_PITCH=15 RECT_Y=2 RECT_X=2 TILED_SWAP=NONE "
		 "LINEAR_SWAP=NONE RECT_Z=1\n",
		 m, NULL, false);
	OK(&r, "CIK COPY_TILED_SUB_WINDOW");
	good = true;
	for (uint32_t j = 0; j < 2; j++)
		for (uint32_t i = 0; i < 2; i++)
			good &= rd32(r.mem, 0x180000 + (j * 4 + 1 + i) * 4) == (0xf0000000u | ((3 + j) * 8 + 2 + i));
	CHECK(good && rd32(r.mem, 0x180000) == 0, "CIK sub-window T2L");
	run_done(&r);

	/* CIK 8: T2T sub-window, 8x8x8 (RECT_Z's low 3 bits are zero) from pitch 8 / slice 64 to x 8 of
	 * pitch 16 / slice 128 */
	m = zeroed();
	fill_dwords(m, 0x100000, 0x90000000u, 512);
	run_text(&r, "bonaire",
		 "COPY_T2T_SUB_WINDOW SRC_ADDR=0x100000 SRC_Y=0 SRC_X=0 SRC_PITCH=0 SRC_Z=0 SRC_SLICE_PITCH=0 "
		 "SRC_PIPE_CONFIG=P2 SRC_MACRO_TILE_ASPECT=1:1 SRC_NUM_BANKS=2 SRC_BANK_HEIGHT=1 SRC_BANK_WIDTH=1 "
		 "SRC_TILE_SPLIT=64 SRC_MICRO_TILE_MODE=THIN SRC_ARRAY_MODE=ARRAY_LINEAR_GENERAL SRC_ELEMENT_SIZE=32BPP "
		 "DST_ADDR=0x140000 DST_Y=0 DST_X=8 DST_PITCH=1 DST_Z=0 DST_SLICE_PITCH=1 DST_PIPE_CONFIG=P2 "
		 "DST_MACRO_TILE_ASPECT=1:1 DST_NUM_BANKS=2 DST_BANK_HEIGHT=1 DST_BANK_WIDTH=1 DST_TILE_SPLIT=64 "
		 "DST_MICRO_TILE_MODE=THIN DST_ARRAY_MODE=ARRAY_LINEAR_GENERAL DST_ELEMENT_SIZE=32BPP RECT_Y=8 RECT_X=8 "
		 "SRC_SWAP=NONE DST_SWAP=NONE RECT_Z=8\n",
		 m, NULL, false);
	OK(&r, "CIK COPY_T2T_SUB_WINDOW");
	good = true;
	for (uint32_t k = 0; k < 8; k++)
		for (uint32_t j = 0; j < 8; j++)
			for (uint32_t i = 0; i < 8; i++)
				good &= rd32(r.mem, 0x140000 + (k * 128 + j * 16 + 8 + i) * 4) ==
					(0x90000000u | (k * 64 + j * 8 + i));
	CHECK(good, "CIK T2T sub-window, 8 slices");
	run_done(&r);

	/* CIK 9: structured buffer: COUNT 1 is two strides of STRIDE 2 dwords from START_INDEX 2 */
	m = zeroed();
	fill_dwords(m, 0x180000, 0x80000000u, 4);
	run_text(&r, "bonaire",
		 "COPY_STRUCTURED DIRECTION=LINEAR_TO_STRUCTURED SB_ADDR=0x100000 START_INDEX=2 COUNT=1 SB_SWAP=NONE "
		 "LINEAR_SWAP=NONE STRIDE=2 LINEAR_ADDR=0x180000\n",
		 m, NULL, false);
	OK(&r, "CIK COPY_STRUCTURED");
	CHECK(rd32(r.mem, 0x100010) == 0x80000000u && rd32(r.mem, 0x10001c) == 0x80000003u &&
		      rd32(r.mem, 0x10000c) == 0 && rd32(r.mem, 0x100020) == 0,
	      "structured: strides 2 and 3");
	run_done(&r);

	/* CIK 11: WRITE_TILED on a 1D surface: each element where gk_tile_addr puts it */
	struct gk_membuf t = { 0 };
	tl_printf(&t, "WRITE_TILED TILED_ADDR=0x100000 HEIGHT=7 PITCH=0 SLICE_PITCH=0 PIPE_CONFIG=P2 "
		      "MACRO_TILE_ASPECT=1:1 NUM_BANKS=2 BANK_HEIGHT=1 BANK_WIDTH=1 TILE_SPLIT=64 MICRO_TILE_MODE=THIN "
		      "ARRAY_MODE=ARRAY_1D_TILED_THIN1 ELEMENT_SIZE=32BPP Y=0 X=0 TILED_SWAP=NONE Z=0\n    DATA");
	for (unsigned i = 0; i < 64; i++)
		tl_printf(&t, " 0x%x", 0x70000000u | i);
	tl_printf(&t, "\n");
	run_text(&r, "bonaire", t.p, NULL, NULL, false);
	free(t.p);
	OK(&r, "CIK WRITE_TILED 1D");
	struct gk_tile_params p;
	gk_tile_params_simple(&p, GK_TILE_1D, 32, 8, 8, 1);
	struct gk_tile_surface s;
	gk_tile_surface_init(&s, &p);
	good = true;
	for (uint32_t e = 0; e < 64; e++) {
		uint64_t off;
		gk_tile_addr(&s, e % 8, e / 8, 0, &off);
		good &= rd32(r.mem, 0x100000 + off) == (0x70000000u | e);
	}
	CHECK(good, "CIK 1D write: every element at gk_tile_addr");
	run_done(&r);
}

int main(void)
{
	have_schema = js_load(&schema, "docs/json-schema.json");
	CHECK(have_schema, "docs/json-schema.json read (run from the repository root)");
	cik_linear();
	cik_sub_window();
	cik_fill_fence_trap();
	cik_semaphore_poll();
	cik_cond_exec();
	cik_pte_timestamp();
	cik_ib();
	faults();
	older();
	tiled();
	every_packet();
	js_free(&schema);
	js_free(&inst);
	return tl_done();
}
