/* The PM4 command processor of gfxkit run (src/exec/exec_cp.c and the exec
 * rows of src/pm4/pm4_tab.c): known answers.  Every packet here is written
 * as words from the packet reference (seed 001 §9; nvd.h / soc15d.h for
 * GFX9+), and every expected register and memory value is worked out from
 * that reference by hand, in the comments beside it, never by running
 * gfxkit. */
#include "testlib.h"

#include "gfxkit/exec.h"
#include "gfxkit/memory.h"
#include "pm4/pm4_tab.h"

/* §9.1.4: type-3 header, COUNT = dwords in the body - 1 */
#define PKT3(op, ndw) (0xC0000000u | ((uint32_t)((ndw) - 2) << 16) | ((uint32_t)(op) << 8))
#define MEMSIZE 0x10000u

struct run {
	struct gk_engine *e;
	struct gk_mem *m;
	struct gk_exec *x;
	struct gk_exec_result res;
	struct gk_membuf out;
	int rc;
};

static void run_open(struct run *r, const char *gpu)
{
	memset(r, 0, sizeof *r);
	r->e = gk_engine_open("pm4", gpu, NULL);
	r->m = gk_mem_create(0);
	uint8_t *z = calloc(1, MEMSIZE);
	gk_mem_add_copy(r->m, 0, z, MEMSIZE, NULL);
	free(z);
	r->x = gk_exec_create(r->e, r->m, NULL);
}

static void run_close(struct run *r)
{
	gk_exec_destroy(r->x);
	gk_mem_destroy(r->m);
	gk_engine_close(r->e);
	free(r->out.p);
}

static void put32(struct run *r, uint64_t a, uint32_t v)
{
	uint8_t b[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };
	gk_mem_write(r->m, a, b, 4, NULL);
}

static uint32_t get32(struct run *r, uint64_t a)
{
	uint8_t b[4] = { 0 };
	gk_mem_read(r->m, a, b, 4, NULL, NULL);
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static uint32_t reg(struct run *r, uint32_t a, int *set)
{
	uint32_t v = 0xdeadbeef;
	*set = gk_exec_reg(r->x, a, &v);
	return v;
}

/* run the words (text trace, or JSON with json); the status */
static enum gk_exec_status run_opts(struct run *r, const uint32_t *w, size_t n, bool trace, bool json, bool state)
{
	struct tl_reader rd = { (const uint8_t *)w, 4 * n, 0, 0 };
	struct gk_input *in = gk_input_create(tl_read, &rd, GK_IN_BIN, 4);
	char buf[256];
	r->out.n = 0;
	struct gk_out o = GK_OUT_INIT(buf, sizeof buf, gk_membuf_write, &r->out);
	struct gk_exec_opts xo = { .trace = trace, .json = json, .state = state };
	r->rc = gk_exec_run(r->x, in, &xo, &o, &r->res);
	gk_out_flush(&o);
	gk_membuf_write(&r->out, "", 0);
	gk_input_destroy(in);
	if (r->res.status != GK_EXEC_COMPLETED)
		printf("# run: %s: %s\n", gk_exec_status_name(r->res.status), r->res.why.message);
	return r->res.status;
}

/* A copy of m: its regions with their contents as they are now */
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

/* Every stream of these tests runs twice: printing nothing, on a copy of
 * the memory and of the registers set, then traced (what the test reads).
 * A run that prints nothing skips the trace's bookkeeping, writes register
 * runs a page at a time and reads fields straight from the words
 * (src/exec/exec_cp.c reg_run_fast, exec_priv.h gk_exec_pending): it must
 * end the same, with the same memory and registers. */
static enum gk_exec_status run(struct run *r, const uint32_t *w, size_t n)
{
	struct gk_mem *m2 = mem_clone(r->m);
	struct gk_exec *x2 = gk_exec_create(r->e, m2, NULL);
	for (uint32_t a = 0; a < 0x100000; a += 4) {
		uint32_t v;
		char name[16];
		snprintf(name, sizeof name, "0x%x", a);
		if (gk_exec_reg(r->x, a, &v))
			gk_exec_set_reg(x2, name, v, NULL);
	}
	struct tl_reader rd = { (const uint8_t *)w, 4 * n, 0, 0 };
	struct gk_input *in = gk_input_create(tl_read, &rd, GK_IN_BIN, 4);
	struct gk_membuf sink = { 0 };
	char buf[256];
	struct gk_out o = GK_OUT_INIT(buf, sizeof buf, gk_membuf_write, &sink);
	struct gk_exec_opts xo = { 0 };
	struct gk_exec_result q;
	int rc = gk_exec_run(x2, in, &xo, &o, &q);
	gk_out_flush(&o);
	gk_input_destroy(in);
	free(sink.p);
	/* the clock goes on from an executor's earlier runs: compared when
	 * this is the traced executor's first */
	bool first = r->res.clock == 0 && r->res.packets == 0;
	enum gk_exec_status st = run_opts(r, w, n, true, false, false);
	const struct gk_exec_result *t = &r->res;
	bool same_last = q.nlast == t->nlast;
	for (unsigned i = 0; same_last && i < q.nlast; i++)
		same_last = q.last[i].depth == t->last[i].depth && q.last[i].packet == t->last[i].packet &&
			    !memcmp(q.last[i].at, t->last[i].at, sizeof q.last[i].at);
	CHECK(rc == r->rc && q.status == t->status && q.packets == t->packets && q.skipped == t->skipped &&
		      q.bytes_read == t->bytes_read && q.bytes_written == t->bytes_written && q.interrupts == t->interrupts &&
		      (!first || q.clock == t->clock) && same_last && !strcmp(q.why.message, t->why.message),
	      "the untraced run ends as the traced one (%s %llu packets / %s %llu)", gk_exec_status_name(q.status),
	      (unsigned long long)q.packets, gk_exec_status_name(t->status), (unsigned long long)t->packets);
	unsigned differ = 0;
	for (uint32_t a = 0; a < 0x100000; a += 4) {
		uint32_t va = 0, vb = 0;
		differ += gk_exec_reg(r->x, a, &va) != gk_exec_reg(x2, a, &vb) || va != vb;
	}
	CHECK(!differ, "%u registers differ after the untraced run", differ);
	uint8_t *ma = malloc(MEMSIZE), *mb = malloc(MEMSIZE);
	CHECK(ma && mb && gk_mem_read(r->m, 0, ma, MEMSIZE, NULL, NULL) == 0 &&
		      gk_mem_read(m2, 0, mb, MEMSIZE, NULL, NULL) == 0 && !memcmp(ma, mb, MEMSIZE),
	      "the untraced run's memory is the traced one's");
	free(ma);
	free(mb);
	gk_exec_destroy(x2);
	gk_mem_destroy(m2);
	return st;
}

#define RUN(r, w) run(r, w, sizeof(w) / sizeof(w)[0])

/* §9.1.1, §9.4.13-§9.4.19: every SET_* and type-0 packet writes its run */
static void test_set_regs(void)
{
	struct run r;
	run_open(&r, "evergreen");
	const uint32_t w[] = {
		/* SET_CONTEXT_REG: 0x28000 + 0x10 * 4 = 0x28040, 0x28044 */
		PKT3(0x69, 4), 0x10, 0x11, 0x22,
		/* SET_CONFIG_REG: 0x8000 + 1 * 4 = 0x8004 */
		PKT3(0x68, 3), 0x1, 0x33,
		/* Evergreen spaces (evergreend.h): bool 0x3A500, loop 0x3A200,
		 * resource 0x30000 (8 dwords a resource), sampler 0x3C000 (3),
		 * control constants 0x3CFF0 */
		PKT3(0x6B, 3), 0x0, 0x44,
		PKT3(0x6C, 3), 0x1, 0x55,
		PKT3(0x6D, 10), 0x0, 1, 2, 3, 4, 5, 6, 7, 8,
		PKT3(0x6E, 5), 0x3, 9, 10, 11,
		PKT3(0x6F, 3), 0x0, 0x66,
		/* type 0: BASE_INDEX 0x2010 (byte 0x8040), COUNT 1: two registers */
		0x00012010, 0x77, 0x88,
	};
	CHECK(RUN(&r, w) == GK_EXEC_COMPLETED, "status");
	int set;
	CHECK(reg(&r, 0x28040, &set) == 0x11 && set, "0x28040");
	CHECK(reg(&r, 0x28044, &set) == 0x22 && set, "0x28044");
	CHECK(reg(&r, 0x28048, &set) == 0 && !set, "0x28048 untouched");
	CHECK(reg(&r, 0x8004, &set) == 0x33 && set, "config");
	CHECK(reg(&r, 0x3A500, &set) == 0x44 && set, "bool");
	CHECK(reg(&r, 0x3A204, &set) == 0x55 && set, "loop");
	CHECK(reg(&r, 0x30000, &set) == 1 && set, "resource first");
	CHECK(reg(&r, 0x3001C, &set) == 8 && set, "resource last");
	CHECK(reg(&r, 0x3C00C, &set) == 9 && set, "sampler (offset 3 dwords)");
	CHECK(reg(&r, 0x3C014, &set) == 11 && set, "sampler last");
	CHECK(reg(&r, 0x3CFF0, &set) == 0x66 && set, "ctl const");
	CHECK(reg(&r, 0x8040, &set) == 0x77 && set, "type 0");
	CHECK(reg(&r, 0x8044, &set) == 0x88 && set, "type 0 second");
	CHECK(r.res.packets == 8, "%llu packets", (unsigned long long)r.res.packets);
	run_close(&r);
}

/* A register run that crosses a page of the register file (1024
 * registers: byte 0x9000 here) and one that names a register the hardware
 * answers (navi10's HDP flush request, dword 0xE26: its done register
 * 0xE27 gets the request's bits, as test_exec_rings.c's write-and-wait
 * shows): run() runs each untraced too, where register runs are written a
 * page at a time unless they hold an answered register. */
static void test_reg_runs(void)
{
	struct run r;
	run_open(&r, "evergreen");
	/* SET_CONFIG_REG at 0x8000 + 0x3FC * 4 = 0x8FF0: 0x8FF0 .. 0x900C */
	const uint32_t w[] = { PKT3(0x68, 10), 0x3FC, 1, 2, 3, 4, 5, 6, 7, 8 };
	CHECK(RUN(&r, w) == GK_EXEC_COMPLETED, "status");
	int set;
	CHECK(reg(&r, 0x8FF0, &set) == 1 && set, "first register, before the page boundary");
	CHECK(reg(&r, 0x8FFC, &set) == 4 && set, "last register before it");
	CHECK(reg(&r, 0x9000, &set) == 5 && set, "first register after it");
	CHECK(reg(&r, 0x900C, &set) == 8 && set, "last register");
	CHECK(reg(&r, 0x9010, &set) == 0 && !set, "the next one untouched");
	CHECK(reg(&r, 0x8FEC, &set) == 0 && !set, "the one before untouched");
	run_close(&r);
	/* type 0 (§9.1.2): BASE_INDEX 0xE25, COUNT 1: dwords 0xE25 and 0xE26 */
	run_open(&r, "navi10");
	const uint32_t h[] = { 0x00010E25, 0x7, 0x1 };
	CHECK(RUN(&r, h) == GK_EXEC_COMPLETED, "navi10 type 0");
	CHECK(reg(&r, 0xE25 * 4, &set) == 0x7 && set, "the register before the request");
	CHECK(reg(&r, 0xE26 * 4, &set) == 0x1 && set, "the request");
	CHECK(reg(&r, 0xE27 * 4, &set) == 0x1 && set, "the done register answers: 0x%x", reg(&r, 0xE27 * 4, &set));
	run_close(&r);
}

/* §9.4.8 / §9.4.9: NUM_DWORDS dwords from BASE + REG_OFFSET * 4 into the
 * space start + REG_OFFSET * 4 */
static void test_load_regs(void)
{
	struct run r;
	run_open(&r, "evergreen");
	put32(&r, 0x1008, 0xAAAA0001);
	put32(&r, 0x100C, 0xAAAA0002);
	put32(&r, 0x1004, 0xBBBB0003);
	const uint32_t w[] = {
		/* LOAD_CONFIG_REG base 0x1000, offset 2, 2 dwords: 0x1008.. -> 0x8008.. */
		PKT3(0x60, 5), 0x1000, 0, 2, 2,
		/* LOAD_CONTEXT_REG base 0x1000, offset 1, 1 dword: 0x1004 -> 0x28004 */
		PKT3(0x61, 5), 0x1000, 0, 1, 1,
	};
	CHECK(RUN(&r, w) == GK_EXEC_COMPLETED, "status");
	int set;
	CHECK(reg(&r, 0x8008, &set) == 0xAAAA0001 && set, "config 0");
	CHECK(reg(&r, 0x800C, &set) == 0xAAAA0002 && set, "config 1");
	CHECK(reg(&r, 0x28004, &set) == 0xBBBB0003 && set, "context");
	CHECK(r.res.bytes_read == 12, "%llu read", (unsigned long long)r.res.bytes_read);
	run_close(&r);

	/* memory that is not there: a fault naming the base */
	run_open(&r, "evergreen");
	const uint32_t far[] = { PKT3(0x60, 5), 0x100000, 0, 0, 1 };
	CHECK(RUN(&r, far) == GK_EXEC_FAULTED, "absent memory");
	CHECK(r.res.why.field && !strcmp(r.res.why.field, "BASE_ADDR"), "field %s", r.res.why.field);
	run_close(&r);
}

/* §9.4.1: context registers back to the defaults (the --reg values) */
static void test_clear_state(void)
{
	struct run r;
	run_open(&r, "evergreen");
	CHECK(gk_exec_set_reg(r.x, "0x28050", 7, NULL) == 0, "set_reg");
	const uint32_t w[] = {
		PKT3(0x69, 3), 0x10, 5,   /* 0x28040 = 5 */
		PKT3(0x69, 3), 0x14, 9,   /* 0x28050 = 9 */
		PKT3(0x68, 3), 0x1, 3,    /* 0x8004 = 3: a config register, kept */
		PKT3(0x6D, 10), 0, 1, 2, 3, 4, 5, 6, 7, 8, /* a resource: nulled on Evergreen */
		PKT3(0x12, 2), 0,         /* CLEAR_STATE */
	};
	CHECK(RUN(&r, w) == GK_EXEC_COMPLETED, "status");
	int set;
	CHECK(reg(&r, 0x28040, &set) == 0 && !set, "0x28040 back to unset");
	CHECK(reg(&r, 0x28050, &set) == 7 && set, "0x28050 back to its --reg value");
	CHECK(reg(&r, 0x8004, &set) == 3 && set, "config kept");
	CHECK(reg(&r, 0x30000, &set) == 0 && !set, "resource nulled");
	CHECK(strstr(r.out.p, "context registers 0x28000..0x28ffc back to their defaults (1 given)") != NULL,
	      "%s", r.out.p);
	run_close(&r);

	/* §9.2.2: what the driver sends between BEGIN_CLEAR_STATE (CMD 2,
	 * bits 31:28) and END_CLEAR_STATE (3) is the state CLEAR_STATE puts back */
	run_open(&r, "evergreen");
	const uint32_t p[] = {
		PKT3(0x4A, 2), 2u << 28,
		PKT3(0x69, 3), 0x10, 5,   /* 0x28040 = 5: a default */
		PKT3(0x4A, 2), 3u << 28,
		PKT3(0x69, 4), 0x10, 9, 1, /* 0x28040 = 9, 0x28044 = 1 */
		PKT3(0x12, 2), 0,
	};
	CHECK(RUN(&r, p) == GK_EXEC_COMPLETED, "status");
	CHECK(reg(&r, 0x28040, &set) == 5 && set, "the preamble's value");
	CHECK(reg(&r, 0x28044, &set) == 0 && !set, "set after the preamble: cleared");
	run_close(&r);
}

/* §9.7.1 MEM_WRITE; the clock counts packets run */
static void test_mem_write(void)
{
	struct run r;
	run_open(&r, "evergreen");
	const uint32_t w[] = {
		/* 64-bit data at 0x100 */
		PKT3(0x3D, 5), 0x100, 0, 0x11223344, 0x55667788,
		/* DATA32 (bit 18): 4 bytes at 0x108, 0x10C untouched */
		PKT3(0x3D, 5), 0x108, 1u << 18, 0xAABBCCDD, 0xEEEEEEEE,
		/* CNTR_SEL (bit 16), CNTR64_SEL 0: the GPU clock, 2 packets run so far */
		PKT3(0x3D, 5), 0x110, 1u << 16, 0, 0,
		/* SWAP 8IN32 (bits 1:0 = 2): bytes reversed in each dword */
		PKT3(0x3D, 5), 0x118 | 2, 1u << 18, 0x01020304, 0,
	};
	CHECK(RUN(&r, w) == GK_EXEC_COMPLETED, "status");
	CHECK(get32(&r, 0x100) == 0x11223344 && get32(&r, 0x104) == 0x55667788, "64-bit");
	CHECK(get32(&r, 0x108) == 0xAABBCCDD && get32(&r, 0x10C) == 0, "32-bit");
	CHECK(get32(&r, 0x110) == 2 && get32(&r, 0x114) == 0, "clock 0x%x", get32(&r, 0x110));
	CHECK(get32(&r, 0x118) == 0x04030201, "swapped 0x%x", get32(&r, 0x118));
	CHECK(r.res.bytes_written == 8 + 4 + 8 + 4, "%llu written", (unsigned long long)r.res.bytes_written);
	run_close(&r);

	/* CNTR64_SEL=PERFCOUNTER: a counter the executor does not have */
	run_open(&r, "evergreen");
	const uint32_t pc[] = { PKT3(0x3D, 5), 0x100, 1u << 16 | 1u << 14, 0, 0 };
	CHECK(RUN(&r, pc) == GK_EXEC_FAULTED, "perfcounter");
	CHECK(r.res.why.field && !strcmp(r.res.why.field, "CNTR64_SEL"), "field");
	run_close(&r);
}

/* §9.6.1-§9.6.3 events and end-of-pipe / end-of-shader writes */
static void test_events(void)
{
	struct run r;
	run_open(&r, "evergreen");
	const uint32_t w[] = {
		/* EVENT_WRITE CACHE_FLUSH_AND_INV_EVENT (0x16), index 0 */
		PKT3(0x46, 2), 0x16,
		/* EOP CACHE_FLUSH_AND_INV_TS_EVENT (0x14), index 5; DATA_SEL 1
		 * (32-bit), INT_SEL 2: 0xCAFEF00D at 0x200, an interrupt */
		PKT3(0x47, 6), 0x514, 0x200, 1u << 29 | 2u << 24, 0xCAFEF00D, 0x12345678,
		/* DATA_SEL 2: both dwords at 0x208 */
		PKT3(0x47, 6), 0x514, 0x208, 2u << 29, 0x1, 0x2,
		/* DATA_SEL 3: the clock (3 packets run) at 0x210 */
		PKT3(0x47, 6), 0x514, 0x210, 3u << 29, 0x1, 0x2,
		/* DATA_SEL 0, INT_SEL 1: an interrupt only */
		PKT3(0x47, 6), 0x514, 0, 1u << 24, 0, 0,
		/* EOS CS_DONE (0x2f), index 6, CMD 2: DATA at 0x300 */
		PKT3(0x48, 5), 0x62f, 0x300, 2u << 29, 0xABCD,
	};
	CHECK(RUN(&r, w) == GK_EXEC_COMPLETED, "status");
	CHECK(get32(&r, 0x200) == 0xCAFEF00D && get32(&r, 0x204) == 0, "32-bit fence");
	CHECK(get32(&r, 0x208) == 1 && get32(&r, 0x20C) == 2, "64-bit fence");
	CHECK(get32(&r, 0x210) == 3 && get32(&r, 0x214) == 0, "clock 0x%x", get32(&r, 0x210));
	CHECK(get32(&r, 0x300) == 0xABCD, "EOS");
	CHECK(r.res.interrupts == 2, "%llu interrupts", (unsigned long long)r.res.interrupts);
	CHECK(strstr(r.out.p, "; event CACHE_FLUSH_AND_INV_EVENT") != NULL, "event traced");
	run_close(&r);

	/* ZPASS_DONE (0x15, index 1) writes depth-block counts: not run */
	run_open(&r, "evergreen");
	const uint32_t z[] = { PKT3(0x46, 4), 0x115, 0x400, 0 };
	CHECK(RUN(&r, z) == GK_EXEC_FAULTED, "zpass");
	CHECK(r.res.why.field && !strcmp(r.res.why.field, "ADDRESS"), "field");
	run_close(&r);

	/* DATA_SEL 4: the performance counter */
	run_open(&r, "evergreen");
	const uint32_t p[] = { PKT3(0x47, 6), 0x514, 0x200, 4u << 29, 0, 0 };
	CHECK(RUN(&r, p) == GK_EXEC_FAULTED, "perfcounter");
	run_close(&r);
}

/* §9.6.8 WAIT_REG_MEM: a true compare runs on, a false one is a hang */
static void test_wait(void)
{
	struct run r;
	run_open(&r, "evergreen");
	put32(&r, 0x400, 0x105);
	/* FUNCTION 3 (EQUAL), MEM_SPACE 1: (mem[0x400] & 0xff) == 5 */
	const uint32_t ok[] = { PKT3(0x3C, 7), 0x13, 0x400, 0, 5, 0xff, 10 };
	CHECK(RUN(&r, ok) == GK_EXEC_COMPLETED, "passes");
	put32(&r, 0x400, 0x104);
	CHECK(RUN(&r, ok) == GK_EXEC_STALLED, "stalls");
	CHECK(r.res.has_wait && !r.res.wait_reg && r.res.wait_addr == 0x400, "wait at 0x%llx",
	      (unsigned long long)r.res.wait_addr);
	CHECK(r.res.wait_value == 0x104 && r.res.wait_mask == 0xff && r.res.wait_ref == 5, "value found 0x%x",
	      r.res.wait_value);
	CHECK(r.res.wait_func && !strcmp(r.res.wait_func, "EQUAL"), "func");
	CHECK(r.res.where.packet && !strcmp(r.res.where.packet, "WAIT_REG_MEM"), "packet");
	CHECK(strstr(r.out.p, "stalled at 0x0 WAIT_REG_MEM") != NULL, "%s", r.out.p);
	CHECK(strstr(r.out.p, "found 0x104") != NULL, "%s", r.out.p);
	/* a register: SET_CONFIG_REG 0x8004 = 7, then FUNCTION 5 (>=), MEM_SPACE 0,
	 * POLL_REG 0x2001 (dword index of 0x8004) */
	const uint32_t rg[] = { PKT3(0x68, 3), 1, 7, PKT3(0x3C, 7), 0x05, 0x2001, 0, 7, 0xffffffff, 10 };
	CHECK(RUN(&r, rg) == GK_EXEC_COMPLETED, "register passes");
	const uint32_t rg2[] = { PKT3(0x3C, 7), 0x05, 0x2001, 0, 8, 0xffffffff, 10 };
	CHECK(RUN(&r, rg2) == GK_EXEC_STALLED, "register stalls");
	CHECK(r.res.wait_reg && r.res.wait_addr == 0x8004 && r.res.wait_value == 7, "reg wait 0x%llx",
	      (unsigned long long)r.res.wait_addr);
	run_close(&r);

	/* GFX9: same compare, the 48-bit address form */
	run_open(&r, "gfx9");
	put32(&r, 0x400, 3);
	const uint32_t g[] = { PKT3(0x3C, 7), 0x13, 0x400, 0, 4, 0xffffffff, 10 };
	CHECK(RUN(&r, g) == GK_EXEC_STALLED, "gfx9 stalls");
	CHECK(r.res.wait_value == 3, "found %u", r.res.wait_value);
	run_close(&r);
}

/* §9.5.1 COND_EXEC and §9.5.4 PRED_EXEC skip the next EXEC_COUNT dwords */
static void test_conditionals(void)
{
	struct run r;
	run_open(&r, "evergreen");
	const uint32_t w[] = {
		PKT3(0x22, 4), 0x500, 0, 5,                     /* mem[0x500] is 0: skip 5 */
		PKT3(0x3D, 5), 0x100, 1u << 18, 0x1111, 0,      /* skipped */
		PKT3(0x3D, 5), 0x108, 1u << 18, 0x2222, 0,      /* runs */
		PKT3(0x23, 2), 0x02u << 24 | 5,                 /* device 1 only: skip 5 */
		PKT3(0x3D, 5), 0x110, 1u << 18, 0x3333, 0,      /* skipped */
		PKT3(0x23, 2), 0x01u << 24 | 5,                 /* device 0: runs */
		PKT3(0x3D, 5), 0x118, 1u << 18, 0x4444, 0,
	};
	CHECK(RUN(&r, w) == GK_EXEC_COMPLETED, "status");
	CHECK(get32(&r, 0x100) == 0, "skipped by COND_EXEC");
	CHECK(get32(&r, 0x108) == 0x2222, "after it");
	CHECK(get32(&r, 0x110) == 0, "skipped by PRED_EXEC");
	CHECK(get32(&r, 0x118) == 0x4444, "selected by PRED_EXEC");
	CHECK(r.res.skipped == 2 && r.res.packets == 5, "%llu skipped, %llu run", (unsigned long long)r.res.skipped,
	      (unsigned long long)r.res.packets);
	put32(&r, 0x500, 1);
	CHECK(RUN(&r, w) == GK_EXEC_COMPLETED, "status");
	CHECK(get32(&r, 0x100) == 0x1111, "COND_EXEC true");
	run_close(&r);
}

/* §9.5.2 COND_WRITE: read, compare, write on success */
static void test_cond_write(void)
{
	struct run r;
	run_open(&r, "evergreen");
	put32(&r, 0x600, 0x42);
	/* FUNCTION 3 (EQUAL), POLL_SPACE 1 (bit 4), WRITE_SPACE 1 (bit 8) */
	const uint32_t w[] = { PKT3(0x45, 9), 0x113, 0x600, 0, 0x42, 0xffffffff, 0x604, 0, 0x99 };
	CHECK(RUN(&r, w) == GK_EXEC_COMPLETED, "status");
	CHECK(get32(&r, 0x604) == 0x99, "written 0x%x", get32(&r, 0x604));
	put32(&r, 0x600, 0x41);
	put32(&r, 0x604, 0);
	CHECK(RUN(&r, w) == GK_EXEC_COMPLETED, "status");
	CHECK(get32(&r, 0x604) == 0, "a false compare writes nothing");
	/* WRITE_SPACE 0: WRITE_REG 0xA010 (0x28040); the compare 0x41 < 0x42 */
	const uint32_t g[] = { PKT3(0x45, 9), 0x011, 0x600, 0, 0x42, 0xffffffff, 0xA010, 0, 0x77 };
	CHECK(RUN(&r, g) == GK_EXEC_COMPLETED, "status");
	int set;
	CHECK(reg(&r, 0x28040, &set) == 0x77 && set, "register written");
	run_close(&r);
}

/* §9.5.3 SET_PREDICATION: GFX9 BOOL32 decides whether predicated draws run */
static void test_predication(void)
{
	struct run r;
	run_open(&r, "gfx9");
	const uint32_t w[] = {
		/* PRED_OP 4 (BOOL32), PREDICATION_BOOLEAN 1 (draw if visible), mem[0x700] = 0 */
		PKT3(0x20, 4), 4u << 16 | 1u << 8, 0x700, 0,
		/* DRAW_INDEX_AUTO with the header's PREDICATE bit: not drawn */
		PKT3(0x2D, 3) | 1, 3, 2,
		/* not predicated: drawn */
		PKT3(0x2D, 3), 3, 2,
		/* PRED_OP 0: off; the predicated draw runs */
		PKT3(0x20, 4), 0, 0, 0,
		PKT3(0x2D, 3) | 1, 3, 2,
	};
	CHECK(RUN(&r, w) == GK_EXEC_COMPLETED, "status");
	CHECK(strstr(r.out.p, "skipped: the predicate says not to draw") != NULL, "%s", r.out.p);
	CHECK(strstr(r.out.p, "draw/dispatch 2,") != NULL && strstr(r.out.p, "draw/dispatch 3,") == NULL, "two draws");
	run_close(&r);

	/* r600-Cayman ZPASS: the depth-block results' layout is not given */
	run_open(&r, "evergreen");
	const uint32_t z[] = { PKT3(0x20, 3), 0x700, 1u << 16 };
	CHECK(RUN(&r, z) == GK_EXEC_FAULTED, "zpass");
	run_close(&r);
}

/* §9.6.4 MEM_SEMAPHORE: signal adds one, wait takes one or hangs */
static void test_semaphore(void)
{
	struct run r;
	run_open(&r, "evergreen");
	const uint32_t w[] = {
		PKT3(0x39, 3), 0x800, 6u << 29, /* signal: 1 */
		PKT3(0x39, 3), 0x800, 6u << 29, /* signal: 2 */
		PKT3(0x39, 3), 0x800, 7u << 29, /* wait: 1 */
	};
	CHECK(RUN(&r, w) == GK_EXEC_COMPLETED, "status");
	CHECK(get32(&r, 0x800) == 1 && get32(&r, 0x804) == 0, "count %u", get32(&r, 0x800));
	const uint32_t w2[] = { PKT3(0x39, 3), 0x800, 7u << 29, PKT3(0x39, 3), 0x800, 7u << 29 };
	CHECK(RUN(&r, w2) == GK_EXEC_STALLED, "second wait hangs");
	CHECK(get32(&r, 0x800) == 0, "taken");
	run_close(&r);
}

/* COPY_DW (r600_cs.c: bit 0 source memory, bit 1 destination memory) */
static void test_copy_dw(void)
{
	struct run r;
	run_open(&r, "evergreen");
	const uint32_t w[] = {
		PKT3(0x69, 3), 0x10, 0x5151,                    /* 0x28040 = 0x5151 */
		PKT3(0x3B, 6), 0x2, 0xA010, 0, 0x900, 0,       /* register 0x28040 -> mem 0x900 */
		PKT3(0x3B, 6), 0x1, 0x900, 0, 0xA011, 0,       /* mem 0x900 -> register 0x28044 */
	};
	CHECK(RUN(&r, w) == GK_EXEC_COMPLETED, "status");
	CHECK(get32(&r, 0x900) == 0x5151, "to memory");
	int set;
	CHECK(reg(&r, 0x28044, &set) == 0x5151 && set, "to a register");
	/* a register nothing set: a fault, not a guess */
	const uint32_t u[] = { PKT3(0x3B, 6), 0x2, 0xA020, 0, 0x900, 0 };
	CHECK(RUN(&r, u) == GK_EXEC_FAULTED, "unset register");
	run_close(&r);
}

/* CP_DMA (evergreend.h comment): byte copy, and SRC_SEL=DATA fill */
static void test_cp_dma(void)
{
	struct run r;
	run_open(&r, "evergreen");
	put32(&r, 0xA00, 0x03020100);
	put32(&r, 0xA04, 0x07060504);
	const uint32_t w[] = {
		PKT3(0x41, 6), 0xA00, 0, 0xB00, 0, 6,             /* 6 bytes 0xA00 -> 0xB00 */
		PKT3(0x41, 6), 0x01020304, 2u << 29, 0xC00, 0, 8, /* DATA repeated over 8 bytes */
	};
	CHECK(RUN(&r, w) == GK_EXEC_COMPLETED, "status");
	CHECK(get32(&r, 0xB00) == 0x03020100 && get32(&r, 0xB04) == 0x0504, "copy 0x%x", get32(&r, 0xB04));
	CHECK(get32(&r, 0xC00) == 0x01020304 && get32(&r, 0xC04) == 0x01020304, "fill");
	/* SAS=1 (a register source): refused */
	const uint32_t g[] = { PKT3(0x41, 6), 0xA00, 0, 0xB00, 0, 1u << 26 | 4 };
	CHECK(RUN(&r, g) == GK_EXEC_FAULTED, "register space");
	CHECK(r.res.why.field && !strcmp(r.res.why.field, "SAS"), "field");
	run_close(&r);
}

/* GFX9 CP_DMA and DMA_DATA (pkt3.json CP_DMA_WORD1: SRC_SEL [30:29], DST_SEL
 * [21:20]; COMMAND_gfx9: BYTE_COUNT [25:0], SAS 26, DAS 27) */
static void test_gcn_dma(void)
{
	struct run r;
	run_open(&r, "gfx9");
	put32(&r, 0xA00, 0x03020100);
	put32(&r, 0xA04, 0x07060504);
	const uint32_t w[] = {
		PKT3(0x41, 6), 0xA00, 0, 0xB00, 0, 6,                     /* CP_DMA 6 bytes 0xA00 -> 0xB00 */
		PKT3(0x50, 7), 2u << 29, 0x01020304, 0, 0xC00, 0, 8,      /* DMA_DATA SRC_SEL=DATA, 8 bytes */
		PKT3(0x50, 7), 2u << 20, 0xA00, 0, 0xD00, 0, 4,           /* DST_SEL=NOWHERE: read only */
	};
	CHECK(RUN(&r, w) == GK_EXEC_COMPLETED, "status");
	CHECK(get32(&r, 0xB00) == 0x03020100 && get32(&r, 0xB04) == 0x0504, "copy 0x%x", get32(&r, 0xB04));
	CHECK(get32(&r, 0xC00) == 0x01020304 && get32(&r, 0xC04) == 0x01020304, "fill");
	CHECK(get32(&r, 0xD00) == 0, "prefetch writes nothing");
	CHECK(r.res.bytes_read == 6 + 4 && r.res.bytes_written == 6 + 8, "%llu read, %llu written",
	      (unsigned long long)r.res.bytes_read, (unsigned long long)r.res.bytes_written);
	/* DAS=REGISTER: refused by name */
	const uint32_t g[] = { PKT3(0x50, 7), 0, 0xA00, 0, 0xB00, 0, 1u << 27 | 4 };
	CHECK(RUN(&r, g) == GK_EXEC_FAULTED, "register destination");
	CHECK(r.res.why.field && !strcmp(r.res.why.field, "DAS"), "field");
	/* overlapping source and destination: the order is not given */
	const uint32_t o[] = { PKT3(0x41, 6), 0xA00, 0, 0xA02, 0, 6 };
	CHECK(RUN(&r, o) == GK_EXEC_FAULTED, "overlap");
	run_close(&r);
}

/* §9.3.1: an indirect buffer runs in place, read from memory */
static void test_ib(void)
{
	struct run r;
	run_open(&r, "evergreen");
	const uint32_t ib[] = { PKT3(0x3D, 5), 0xD00, 1u << 18, 0x1B1B1B1B, 0 };
	for (unsigned i = 0; i < 5; i++)
		put32(&r, 0x2000 + 4 * i, ib[i]);
	const uint32_t w[] = {
		PKT3(0x32, 4), 0x2000, 0, 5,               /* INDIRECT_BUFFER 5 dwords at 0x2000 */
		PKT3(0x3D, 5), 0xD08, 1u << 18, 0x2C2C2C2C, 0,
	};
	CHECK(RUN(&r, w) == GK_EXEC_COMPLETED, "status");
	CHECK(get32(&r, 0xD00) == 0x1B1B1B1B, "written in the IB");
	CHECK(get32(&r, 0xD08) == 0x2C2C2C2C, "after it");
	CHECK(r.res.packets == 3, "%llu packets", (unsigned long long)r.res.packets);
	run_close(&r);
}

/* GFX9+: WRITE_DATA, COPY_DATA, RELEASE_MEM, SET_SH_REG, SET_UCONFIG_REG
 * (nvd.h / soc15d.h comments) */
static void test_gfx9(void)
{
	struct run r;
	run_open(&r, "gfx9");
	const uint32_t w[] = {
		/* WRITE_DATA DST_SEL 5 (memory), WR_CONFIRM: 2 dwords at 0xE00 */
		PKT3(0x37, 6), 5u << 8 | 1u << 20, 0xE00, 0, 1, 2,
		/* DST_SEL 0 (register), WR_ONE_ADDR: both to dword 0x2C40 (0xB100) */
		PKT3(0x37, 6), 1u << 16, 0x2C40, 0, 3, 4,
		/* COPY_DATA SRC_SEL 5 (immediate), DST_SEL 5 (memory), COUNT_SEL 64 bits */
		PKT3(0x40, 6), 5u | 5u << 8 | 1u << 16, 0xAABBCCDD, 0x11223344, 0xF00, 0,
		/* COPY_DATA register 0x2C40 -> memory 0xF08, 32 bits */
		PKT3(0x40, 6), 0u | 5u << 8, 0x2C40, 0, 0xF08, 0,
		/* RELEASE_MEM CACHE_FLUSH_AND_INV_TS_EVENT, index 5; DATA_SEL 2 */
		PKT3(0x49, 8), 0x514, 2u << 29, 0xF10, 0, 7, 8, 0,
		/* SET_SH_REG offset 0x41: 0xB000 + 0x104 = 0xB104 */
		PKT3(0x76, 3), 0x41, 0x5,
		/* SET_UCONFIG_REG offset 0x10: 0x30000 + 0x40 = 0x30040 */
		PKT3(0x79, 3), 0x10, 0x6,
		/* ACQUIRE_MEM (count 5 on GFX9): no memory effect */
		PKT3(0x58, 7), 0, 0xffffffff, 0, 0, 0, 10,
	};
	CHECK(RUN(&r, w) == GK_EXEC_COMPLETED, "status");
	CHECK(get32(&r, 0xE00) == 1 && get32(&r, 0xE04) == 2, "WRITE_DATA memory");
	int set;
	CHECK(reg(&r, 0xB100, &set) == 4 && set, "WRITE_DATA one register: the last value");
	CHECK(reg(&r, 0xB104, &set) == 5 && set, "SET_SH_REG");
	CHECK(reg(&r, 0x30040, &set) == 6 && set, "SET_UCONFIG_REG");
	CHECK(get32(&r, 0xF00) == 0xAABBCCDD && get32(&r, 0xF04) == 0x11223344, "COPY_DATA immediate");
	CHECK(get32(&r, 0xF08) == 4 && get32(&r, 0xF0C) == 0, "COPY_DATA register");
	CHECK(get32(&r, 0xF10) == 7 && get32(&r, 0xF14) == 8, "RELEASE_MEM");
	/* an IB (GFX9 INDIRECT_BUFFER, VALID bit 23) that writes memory */
	const uint32_t ib[] = { PKT3(0x37, 5), 5u << 8, 0xE10, 0, 0x5A5A };
	for (unsigned i = 0; i < 5; i++)
		put32(&r, 0x3000 + 4 * i, ib[i]);
	const uint32_t c[] = { PKT3(0x3F, 4), 0x3000, 0, 5u | 1u << 23 };
	CHECK(RUN(&r, c) == GK_EXEC_COMPLETED, "IB");
	CHECK(get32(&r, 0xE10) == 0x5A5A, "written in the IB");
	/* COND_WRITE has no layout on GFX6+ here: it has no semantics and faults */
	const uint32_t cw[] = { PKT3(0x45, 9), 0, 0, 0, 0, 0, 0, 0, 0 };
	CHECK(RUN(&r, cw) == GK_EXEC_FAULTED, "COND_WRITE");
	CHECK(r.res.where.packet && !strcmp(r.res.where.packet, "COND_WRITE"), "named");
	run_close(&r);

	/* GFX11 SET_CONTEXT_REG_PAIRS: (0x10, 0xAA), (0x11, 0xBB) */
	run_open(&r, "gfx11");
	const uint32_t p[] = { PKT3(0xB8, 5), 0x10, 0xAA, 0x11, 0xBB };
	CHECK(RUN(&r, p) == GK_EXEC_COMPLETED, "pairs");
	CHECK(reg(&r, 0x28040, &set) == 0xAA && set, "pair 0");
	CHECK(reg(&r, 0x28044, &set) == 0xBB && set, "pair 1");
	run_close(&r);
}

/* --state: the kernel's Evergreen default state (tests/vectors) sent as
 * evergreen.c's evergreen_cp_start sends it (PREAMBLE_CNTL
 * BEGIN_CLEAR_STATE, the state, END_CLEAR_STATE, CLEAR_STATE), then a
 * draw: every register it set is printed at the draw with its value.  The
 * expected set is worked out here from the words (§9.4.15: a SET_CONTEXT_REG
 * of COUNT + 1 body dwords writes COUNT registers from 0x28000 + offset * 4). */
static void test_state(void)
{
	FILE *f = fopen("tests/vectors/evergreen_default_state.hex", "r");
	CHECK(f != NULL, "the vector");
	if (!f)
		return;
	uint32_t w[512];
	size_t n = 2;
	char line[128];
	while (n < 500 && fgets(line, sizeof line, f))
		if (line[0] == '0')
			w[n++] = (uint32_t)strtoul(line, NULL, 16);
	fclose(f);
	static uint8_t seen[0x1000 / 4];
	unsigned distinct = 0;
	uint32_t last_addr = 0, last_v = 0;
	for (size_t i = 2; i < n;) {
		uint32_t h = w[i], cnt = ((h >> 16) & 0x3fff) + 1;
		CHECK((h >> 8 & 0xff) == 0x69, "only SET_CONTEXT_REG in the default state");
		for (uint32_t k = 1; k < cnt && i + 1 + k < n; k++) {
			uint32_t a = 0x28000 + 4 * (w[i + 1] + k - 1);
			if (a - 0x28000 < 0x1000 && !seen[(a - 0x28000) / 4]++)
				distinct++;
			last_addr = a;
			last_v = w[i + 1 + k];
		}
		i += 1 + cnt;
	}
	w[0] = PKT3(0x4A, 2);
	w[1] = 2u << 28;
	w[n++] = PKT3(0x4A, 2);
	w[n++] = 3u << 28;
	w[n++] = PKT3(0x12, 2);
	w[n++] = 0;
	/* DRAW_INDEX_AUTO 3 indices, DRAW_INITIATOR 2 (auto-index) */
	w[n++] = PKT3(0x2D, 3);
	w[n++] = 3;
	w[n++] = 2;
	struct run r;
	run_open(&r, "evergreen");
	CHECK(run_opts(&r, w, n, false, false, true) == GK_EXEC_COMPLETED, "status");
	/* §9.3.4: the draw writes DRAW_INITIATOR to VGT_DRAW_INITIATOR (0x287F0) */
	int set;
	CHECK(!seen[(0x287F0 - 0x28000) / 4], "the default state leaves VGT_DRAW_INITIATOR");
	CHECK(reg(&r, 0x287F0, &set) == 2 && set, "VGT_DRAW_INITIATOR");
	char want[96];
	snprintf(want, sizeof want, "; state in force (%u registers):", distinct + 1);
	CHECK(strstr(r.out.p, want) != NULL, "want '%s' in %.300s", want, r.out.p);
	/* without --trace only the draw is printed */
	CHECK(strncmp(r.out.p, "0x", 2) == 0 && strstr(r.out.p, "DRAW_INDEX_AUTO") != NULL &&
	      strstr(r.out.p, "CLEAR_STATE") == NULL &&
	      strstr(r.out.p, "SET_CONTEXT_REG") == NULL, "%.200s", r.out.p);
	/* the last register of the stream: VGT_OUT_DEALLOC_CNTL (0x28C5C) = 16 */
	CHECK(last_addr == 0x28C5C && last_v == 16, "last 0x%x = %u", last_addr, last_v);
	CHECK(strstr(r.out.p, ";    0x28c5c VGT_OUT_DEALLOC_CNTL <- ") != NULL, "register line");
	CHECK(run_opts(&r, w, n, false, true, true) == GK_EXEC_COMPLETED, "json");
	snprintf(want, sizeof want, "{\"offset\":%u,\"name\":\"VGT_OUT_DEALLOC_CNTL\",\"value\":16,", 0x28C5Cu);
	CHECK(strstr(r.out.p, "\"state\":[{") != NULL && strstr(r.out.p, want) != NULL, "json state");
	CHECK(strstr(r.out.p, "\"draw\":1") != NULL, "json draw");
	run_close(&r);
}

/* §9.3.9 / §9.3.10: INDEX_TYPE and NUM_INSTANCES are kept for the draws */
static void test_params(void)
{
	struct run r;
	run_open(&r, "evergreen");
	const uint32_t w[] = {
		PKT3(0x2A, 2), 1,      /* INDEX_TYPE: [0] 1 = 32-bit indices, SWAP_MODE 0 */
		PKT3(0x2F, 2), 4,      /* NUM_INSTANCES 4 */
		PKT3(0x2D, 3), 3, 2,   /* DRAW_INDEX_AUTO */
	};
	CHECK(run_opts(&r, w, sizeof w / sizeof w[0], false, false, true) == GK_EXEC_COMPLETED, "status");
	CHECK(strstr(r.out.p, "; draw parameters: INDEX_TYPE=INDEX_32 SWAP_MODE=NONE NUM_INSTANCES=4\n") != NULL, "%s",
	      r.out.p);
	CHECK(run_opts(&r, w, sizeof w / sizeof w[0], false, true, true) == GK_EXEC_COMPLETED, "json");
	CHECK(strstr(r.out.p, "\"params\":{\"INDEX_TYPE\":1,\"SWAP_MODE\":0,\"NUM_INSTANCES\":4}") != NULL, "%s",
	      r.out.p);
	run_close(&r);
}

/* Every name an exec row gives is a field of its packet (or, for
 * GK_X_REFUSE_IF, a value of that field), and the register ops sit on
 * packets with the tail they walk. */
static bool has_field(const struct gk_packet_desc *d, const char *name, const struct gk_enum **enm)
{
	for (unsigned i = 0; i < d->nhdr; i++)
		if (!strcmp(d->hdr[i].name, name))
			return *enm = d->hdr[i].enm, true;
	for (unsigned i = 0; i < d->nfields; i++)
		if (d->fields[i].name && !strcmp(d->fields[i].name, name))
			return *enm = d->fields[i].enm, true;
	for (unsigned i = 0; i < d->ngroup; i++)
		if (!strcmp(d->group[i].name, name))
			return *enm = d->group[i].enm, true;
	return false;
}

static void test_rows(void)
{
	unsigned rows = 0;
	for (size_t i = 0; i < gk_pm4_ndescs; i++) {
		const struct gk_packet_desc *d = &gk_pm4_descs[i];
		for (unsigned k = 0; k < d->nexec; k++) {
			const struct gk_exec_row *x = &d->exec[k];
			const struct gk_enum *enm = NULL;
			rows++;
			/* the fields the row names, by role */
			const char *names[] = { x->value, x->value_hi, x->value2, x->sel, x->dst_sel, x->addr, x->addr_hi,
						x->dst, x->reg, x->reg2, x->func, x->mask, x->ref, x->space, x->count,
						x->size, x->flag, x->irq, x->incr, x->counters, x->keep[0], x->keep[1] };
			for (unsigned a = 0; a < sizeof names / sizeof names[0]; a++)
				CHECK(!names[a] || has_field(d, names[a], &enm), "%s row %u: no field %s", d->name, k,
				      names[a]);
			if (x->op == GK_X_REFUSE)
				CHECK(x->why != NULL, "%s row %u: a refusal says why", d->name, k);
			if (x->op == GK_X_REFUSE_IF) {
				bool named = false;
				CHECK(x->sel && has_field(d, x->sel, &enm), "%s row %u: no select", d->name, k);
				for (uint64_t v = 0; x->sel && enm && v < (1u << enm->nbits); v++)
					named |= enm->names[v] && gk_enum_tag(enm, v) == x->tag;
				CHECK(named, "%s: %s has no value tagged %u", d->name, x->sel ? x->sel : "(none)", x->tag);
			}
			CHECK(!x->when || has_field(d, x->when, &enm), "%s row %u: no field %s", d->name, k, x->when);
			for (unsigned s = 0; s < 3; s++)
				CHECK(!x->swap[s] || has_field(d, x->swap[s], &enm), "%s: no field %s", d->name, x->swap[s]);
			if (x->op == GK_X_REG_RUN)
				CHECK(d->tail == GK_TAIL_REGS, "%s: a register run without one", d->name);
			if (x->op == GK_X_REG_PAIRS || x->op == GK_X_REG_LOAD)
				CHECK(d->tail == GK_TAIL_GROUPS, "%s: groups without groups", d->name);
		}
		/* a packet known by name only has no semantics to run */
		if (d->tail == GK_TAIL_DATA && d->tail_name && !strcmp(d->tail_name, "BODY"))
			CHECK(d->nexec == 0, "%s runs without a layout", d->name);
	}
	CHECK(rows > 80, "%u rows", rows);
}

int main(void)
{
	test_set_regs();
	test_reg_runs();
	test_load_regs();
	test_clear_state();
	test_mem_write();
	test_events();
	test_wait();
	test_conditionals();
	test_cond_write();
	test_predication();
	test_semaphore();
	test_copy_dw();
	test_cp_dma();
	test_gcn_dma();
	test_ib();
	test_gfx9();
	test_state();
	test_params();
	test_rows();
	return tl_done();
}
