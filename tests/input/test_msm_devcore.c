/* msm (Adreno) devcoredumps read whole (src/input/msm_devcore.c) and their
 * ascii85 (src/input/ascii85.c): words encoded here as Linux's
 * include/linux/ascii85.h encodes them decode back, split over lines or
 * not; damaged ascii85 is refused at its column; a dump printed here in the
 * layout of Linux 6.12's adreno_show / a6xx_show reads back field by field;
 * damaged dumps (a ring pointer past its size, a cut data block, no
 * ringbuffer section, garbage, a control byte) are refused at their line;
 * and gk_adreno_crash_locate (src/adreno/adreno_crash.c) finds the packet
 * in a ring -> IB1 walk the CP registers point at, and says why when they
 * do not. */
#include <stdbool.h>
#include <stdint.h>

#include "gfxkit/gfxkit.h"
#include "testlib.h"

/* include/linux/ascii85.h ascii85_encode: 'z' for 0, else five digits */
static void a85(struct gk_membuf *b, uint32_t w)
{
	if (!w) {
		tl_printf(b, "z");
		return;
	}
	char s[6];
	for (int i = 4; i >= 0; i--) {
		s[i] = (char)('!' + w % 85);
		w /= 85;
	}
	s[5] = 0;
	tl_printf(b, "%s", s);
}

static void test_ascii85(void)
{
	static const uint32_t w[] = { 0, 0x70108000, 0xffffffff, 1, 0, 0, 0xdeadd00d, 0x40a00001, 84, 85 };
	size_t n = sizeof w / sizeof w[0];
	struct gk_membuf b = { 0 };
	for (size_t i = 0; i < n; i++)
		a85(&b, w[i]);
	uint32_t out[16];
	struct gk_diag err;
	long got = gk_ascii85_decode(b.p, b.n, out, 16, &err);
	CHECK(got == (long)n, "decoded %ld words of %zu", got, n);
	CHECK(got == (long)n && !memcmp(out, w, sizeof w), "words differ");
	CHECK(!strcmp(b.p, "zE\"IO\"s8W-!!!!!\"zzhQ>-65bJ)X!!!!u!!!\"!"), "encoding: %s", b.p);
	/* the same text broken over lines and indented: the same words */
	const char *split = "zE\"IO\"\n     s8W-!!!!!\"z\n     zhQ>-65bJ)X!!!!u!!!\"!\n";
	got = gk_ascii85_decode(split, strlen(split), out, 16, &err);
	CHECK(got == (long)n && !memcmp(out, w, sizeof w), "split over lines: %ld", got);
	/* counting only, and a buffer too small: the count, what fits written */
	CHECK(gk_ascii85_decode(b.p, b.n, NULL, 0, NULL) == (long)n, "count");
	CHECK(gk_ascii85_decode(b.p, b.n, out, 2, NULL) == (long)n && out[1] == 0x70108000, "cap 2");
	CHECK(gk_ascii85_decode("", 0, out, 16, &err) == 0, "empty");
	free(b.p);

	static const struct {
		const char *s;
		uint32_t col;
		const char *msg;
	} bad[] = {
		{ "E6&\"b!!!", 6, "the last group has 3 digits of 5: the data is cut short" },
		{ "E6&\"bs8W-\"", 6, "above 0xffffffff" },
		{ "E6&\"bE6z", 8, "'z' (a zero word) inside a group of five" },
		{ "zzE6&v\"", 6, "byte 0x76 is not ascii85" },
		{ "z~", 2, "byte 0x7e" },
		{ "uuuuu", 1, "above 0xffffffff" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		memset(&err, 0, sizeof err);
		got = gk_ascii85_decode(bad[i].s, strlen(bad[i].s), out, 16, &err);
		CHECK(got == -1, "%s: %ld", bad[i].s, got);
		CHECK(err.col == bad[i].col, "%s: column %u, not %u", bad[i].s, err.col, bad[i].col);
		CHECK(strstr(err.message, bad[i].msg) != NULL, "%s: %s", bad[i].s, err.message);
	}
	CHECK(gk_ascii85_decode(NULL, 3, out, 16, &err) == -1, "NULL text");
}

/* the dump: an a630 ring with an IB to a buffer of NOPs; the CP
 * registers say the IB has 3 dwords left */
#define RING_IOVA 0x0001000000001000ull
#define BO_IOVA 0x0000000100000000ull
static const uint32_t ib_words[] = {
	0x70e50001, 0x00000001, /* CP_SET_MARKER */
	0x70108000, 0x70108000, 0x70108000, 0x70108000, 0x70108000, 0x70108000, /* CP_NOP x 6 */
};
#define IB_DW 8u

enum {
	F_RPTR_PAST = 1,   /* rptr beyond the ring */
	F_CUT = 2,         /* the ring's data cut mid-group */
	F_NO_RING = 4,     /* no ringbuffer section */
	F_LONG = 8,        /* a buffer's data longer than its size */
	F_NO_REGS = 16,    /* no CP registers */
	F_BAD_REG = 32,    /* a register line of another form */
	F_CTRL = 64,       /* a control byte in the comm line */
	F_MISSING_IB = 128, /* the IB's buffer without contents */
};

static unsigned rptr_line, data_line, bad_line, ctrl_line, bo_data_line, lines;

static void say(struct gk_membuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(struct gk_membuf *b, const char *fmt, ...)
{
	char tmp[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	tl_printf(b, "%s", tmp);
	for (const char *p = tmp; *p; p++)
		lines += *p == '\n';
}

static void reg(struct gk_membuf *b, uint32_t off, uint32_t v)
{
	say(b, "  - { offset: 0x%06x, value: 0x%08x }\n", off, v);
}

static void dump(struct gk_membuf *b, unsigned flags)
{
	lines = 0;
	/* the ring: 8 dwords of CP_NOP, the IB packet at dword 8, a NOP after */
	uint32_t ring[16];
	for (unsigned i = 0; i < 16; i++)
		ring[i] = 0x70108000;
	ring[8] = 0x70bf8003;
	ring[9] = (uint32_t)BO_IOVA;
	ring[10] = (uint32_t)(BO_IOVA >> 32);
	ring[11] = IB_DW;
	say(b, "---\nkernel: 6.12.9-arm64\nmodule: msm\ntime: 1700000000.000000001\n");
	ctrl_line = lines + 1;
	say(b, "comm: %s\ncmdline: ./crashit IB1\nrevision: 630 (6.3.0.2)\nrbbm-status: 0x00800005\n",
	    flags & F_CTRL ? "cra\001shit" : "crashit");
	if (!(flags & F_NO_RING)) {
		say(b, "ringbuffer:\n  - id: 0\n    iova: 0x%016llx\n    last-fence: 7\n    retired-fence: 6\n",
		    (unsigned long long)RING_IOVA);
		rptr_line = lines + 1;
		say(b, "    rptr: %u\n    wptr: 14\n    size: 64\n    data: !!ascii85 |\n     ", flags & F_RPTR_PAST ? 16u : 12u);
		data_line = lines + 1;
		struct gk_membuf d = { 0 };
		for (unsigned i = 0; i < 16; i++)
			a85(&d, ring[i]);
		if (flags & F_CUT)
			d.n -= 2;
		say(b, "%.*s\n", (int)d.n, d.p);
		free(d.p);
	}
	say(b, "bos:\n  - iova: 0x%016llx\n    size: %u\n    name:                                 \n",
	    (unsigned long long)BO_IOVA, flags & F_LONG ? 8u : 4096u);
	if (!(flags & F_MISSING_IB)) {
		say(b, "    data: !!ascii85 |\n     ");
		bo_data_line = lines + 1;
		struct gk_membuf d = { 0 };
		for (unsigned i = 0; i < IB_DW; i++)
			a85(&d, ib_words[i]);
		say(b, "%s\n", d.p);
		free(d.p);
	}
	say(b, "  - iova: 0x0000000100010000\n    size: 4096\n");
	say(b, "registers:\n");
	reg(b, 0x840, 0x00800005);
	if (!(flags & F_NO_REGS)) {
		/* a6xx.xml: CP_RB_BASE 0x800, CP_RB_RPTR 0x806, CP_IB1_BASE 0x928,
		 * CP_IB1_REM_SIZE 0x92a, CP_IB2_* 0x92b/0x92d, CP_ROQ_AVAIL_RB /
		 * IB1 / IB2 0x948-0x94a (dword offsets; the dump's are bytes) */
		reg(b, 0x2000, (uint32_t)RING_IOVA);
		reg(b, 0x2004, (uint32_t)(RING_IOVA >> 32));
		reg(b, 0x2018, 14);
		reg(b, 0x24a0, (uint32_t)BO_IOVA);
		reg(b, 0x24a4, (uint32_t)(BO_IOVA >> 32));
		reg(b, 0x24a8, 1);          /* CP_IB1_REM_SIZE */
		reg(b, 0x24ac, 0);
		reg(b, 0x24b0, 0);
		reg(b, 0x24b4, 0);
		reg(b, 0x2520, 0x00020000); /* CP_ROQ_AVAIL_RB REM 2 */
		reg(b, 0x2524, 0x00030000); /* CP_ROQ_AVAIL_IB1 REM 3: 1 + 3 - 1 left */
		reg(b, 0x2528, 0);
	}
	bad_line = lines + 1;
	if (flags & F_BAD_REG)
		say(b, "  - { offset: 0x2530 value: 0x1 }\n");
	say(b, "registers-gmu:\n  - { offset: 0x013000, value: 0x00000001 }\n");
	say(b, "indexed-registers:\n  - regs-name: CP_SQE_STAT\n    dwords: 3\n    data: !!ascii85 |\n      zE6&\"bz\n");
	say(b, "shader-blocks:\n  - type: A6XX_SP_INST_DATA\n    - bank: 0\n      size: 2\n    data: !!ascii85 |\n      s8W-!z\n"
	       "    - bank: 1\n      size: 2\n");
	say(b, "clusters:\n  - cluster-name: CLUSTER_GRAS\n    - context: 0\n      - { offset: 0x020000, value: 0x00000002 }\n"
	       "    - context: 1\n      - { offset: 0x020000, value: 0x00000003 }\n");
	say(b, "debugbus:\n  - debugbus-block: A6XX_DBGBUS_CP\n    count: 512\n");
	say(b, "future-section:\n  something: 1\n");
}

static void test_read(void)
{
	struct gk_membuf b = { 0 };
	dump(&b, 0);
	CHECK(gk_msm_dump_sniff(b.p, b.n), "sniff");
	CHECK(!gk_msm_dump_sniff("**** AMDGPU Device Coredump ****\n", 33), "amdgpu is not msm");
	struct gk_msm_dump d;
	memset(&d, 0, sizeof d);
	struct gk_diag err;
	int rc = gk_msm_dump_read(&d, b.p, b.n, &err);
	CHECK(rc == 0, "read: %u:%u %s", err.line, err.col, err.message);
	CHECK(!strcmp(d.kernel, "6.12.9-arm64") && !strcmp(d.module, "msm") && !strcmp(d.comm, "crashit"), "header");
	CHECK(d.has_revision && d.gpu_id == 630 && d.chip_id == 0x06030002, "revision %u %08x", d.gpu_id, d.chip_id);
	CHECK(d.has_rbbm_status && d.rbbm_status == 0x00800005, "rbbm-status");
	char gpu[16];
	CHECK(gk_msm_dump_gpu(&d, gpu, sizeof gpu) == 0 && !strcmp(gpu, "0x06030002"), "gpu %s", gpu);
	CHECK(d.nrings == 1, "rings %zu", d.nrings);
	if (d.nrings == 1) {
		const struct gk_msm_ring *r = &d.rings[0];
		CHECK(r->iova == RING_IOVA && r->rptr == 12 && r->wptr == 14 && r->size == 64, "ring fields");
		CHECK(r->last_fence == 7 && r->retired_fence == 6, "fences");
		CHECK(r->nwords == 16 && r->words[8] == 0x70bf8003 && r->words[11] == IB_DW, "ring words");
		CHECK(r->data_line == data_line - 1, "data line %u", r->data_line);
	}
	CHECK(d.nbos == 2 && d.bos[0].has_data && d.bos[0].nwords == IB_DW && !d.bos[1].has_data, "bos");
	CHECK(d.nbos == 2 && d.bos[0].name[0] == 0, "a blank name is empty");
	uint32_t v = 0;
	CHECK(gk_msm_dump_reg(&d, 0x24a8, &v) && v == 1, "CP_IB1_REM_SIZE");
	CHECK(!gk_msm_dump_reg(&d, 0x13000, &v), "a GMU register is not in 'registers'");
	CHECK(!gk_msm_dump_reg(&d, 0x20000, &v), "a cluster register is not in 'registers'");
	bool gmu = false, ctx1 = false;
	for (size_t i = 0; i < d.ngroups; i++) {
		gmu |= !strcmp(d.groups[i].section, "registers-gmu");
		ctx1 |= !strcmp(d.groups[i].label, "CLUSTER_GRAS, context: 1");
	}
	CHECK(gmu && ctx1, "groups");
	CHECK(d.nblobs == 4, "blobs %zu", d.nblobs);
	if (d.nblobs == 4) {
		CHECK(!strcmp(d.blobs[0].name, "CP_SQE_STAT") && d.blobs[0].nwords == 3 && d.blobs[0].words[1] == 0x70c80008,
		      "indexed");
		CHECK(d.blobs[1].bank == 0 && d.blobs[1].nwords == 2 && d.blobs[1].words[0] == 0xffffffff, "bank 0");
		CHECK(d.blobs[2].bank == 1 && !d.blobs[2].words && !strcmp(d.blobs[2].name, "A6XX_SP_INST_DATA"), "bank 1");
		CHECK(!strcmp(d.blobs[3].section, "debugbus") && d.blobs[3].size_dw == 512, "debugbus");
	}
	CHECK(d.nunknown == 1 && !strcmp(d.unknown[0], "future-section"), "unknown section kept by name");
	/* memory: the ring past its data reads zero, a buffer without data is absent */
	uint32_t w[2];
	CHECK(gk_msm_dump_read_mem(&d, BO_IOVA + 8, w, 2) == 0 && w[0] == 0x70108000, "bo read");
	CHECK(gk_msm_dump_read_mem(&d, BO_IOVA + 4096 - 4, w, 1) == 0 && w[0] == 0, "bo past its data: zero");
	CHECK(gk_msm_dump_read_mem(&d, 0x100010000ull, w, 1) == -1, "bo without data: absent");
	CHECK(gk_msm_dump_read_mem(&d, RING_IOVA + 60, w, 2) == -1, "past the ring");

	/* where the CP stopped: IB1 at BO_IOVA with 3 dwords left of 8 -> the
	 * window [+0x14, +0x20]: the NOP at +0x14 ends in it */
	struct gk_adreno_crash c;
	CHECK(gk_adreno_crash_locate(&d, NULL, &c) == 0, "locate");
	CHECK(c.ib1_base == BO_IOVA && c.ib1_rem == 3 && c.rb_rem == 2, "registers %llx %u", (unsigned long long)c.ib1_base,
	      c.ib1_rem);
	CHECK(c.ring_start == 0 && c.ring_dwords == 14, "ring window %u %u", c.ring_start, c.ring_dwords);
	CHECK(c.found && c.level == 1 && c.packet == BO_IOVA + 0x14 && c.ndw == 1 && !strcmp(c.packet_name, "CP_NOP"),
	      "found %d level %d packet %llx %s (%s)", c.found, c.level, (unsigned long long)c.packet, c.packet_name, c.why);
	CHECK(c.ib[1] == BO_IOVA && c.ib_size[1] == IB_DW && c.ib_from[1] == RING_IOVA + 32, "path");
	uint32_t st, cnt;
	CHECK(gk_adreno_ring_window(&d.rings[0], "a630", &st, &cnt) == 0 && st == 0 && cnt == 14, "window");
	/* an a5xx reading: no remaining sizes, said */
	CHECK(gk_adreno_crash_locate(&d, "a530", &c) == 0 && !c.found && strstr(c.why, "a6xx and a7xx"), "a5xx: %s", c.why);
	CHECK(gk_adreno_crash_locate(&d, "z80", &c) == -1, "unknown GPU");
	gk_msm_dump_free(&d);
	free(b.p);

	/* no CP registers, and the IB's buffer not saved: said, not guessed */
	static const unsigned why_flags[] = { F_NO_REGS, F_MISSING_IB };
	static const char *const why[] = { "lacks one of CP_RB_BASE", "no packet of the ring's IBs" };
	for (int k = 0; k < 2; k++) {
		struct gk_membuf b2 = { 0 };
		dump(&b2, why_flags[k]);
		memset(&d, 0, sizeof d);
		CHECK(gk_msm_dump_read(&d, b2.p, b2.n, &err) == 0, "read");
		CHECK(gk_adreno_crash_locate(&d, NULL, &c) == 0 && !c.found && strstr(c.why, why[k]), "why: %s", c.why);
		gk_msm_dump_free(&d);
		free(b2.p);
	}
}

/* the dump with flags refused at the line *line names once it is printed */
static void refused(unsigned flags, const unsigned *at, const char *msg)
{
	struct gk_membuf b = { 0 };
	dump(&b, flags);
	struct gk_msm_dump d;
	memset(&d, 0, sizeof d);
	struct gk_diag err;
	memset(&err, 0, sizeof err);
	int rc = gk_msm_dump_read(&d, b.p, b.n, &err);
	uint32_t line = *at;
	CHECK(rc == -1, "flags %u read", flags);
	CHECK(err.line == line, "flags %u: line %u, not %u (%s)", flags, err.line, line, err.message);
	CHECK(strstr(err.message, msg) != NULL, "flags %u: %s", flags, err.message);
	gk_msm_dump_free(&d);
	free(b.p);
}

static void test_refusals(void)
{
	refused(F_RPTR_PAST, &rptr_line, "rptr 16 lies beyond its 16 dwords");
	refused(F_CUT, &data_line, "the data is cut short");
	refused(F_NO_RING, &lines, "no 'ringbuffer:' section");
	refused(F_LONG, &bo_data_line, "more than the 2 its size declares");
	refused(F_BAD_REG, &bad_line, "expected '- { offset: 0x..., value: 0x... }'");
	refused(F_CTRL, &ctrl_line, "byte 0x01");
	/* garbage, and an empty text */
	struct gk_msm_dump d;
	memset(&d, 0, sizeof d);
	struct gk_diag err;
	const char *junk = "hello world\nthis is not a dump\n";
	CHECK(gk_msm_dump_read(&d, junk, strlen(junk), &err) == -1 && err.line == 1 && strstr(err.message, "not an msm devcoredump"),
	      "garbage: %u %s", err.line, err.message);
	gk_msm_dump_free(&d);
	CHECK(gk_msm_dump_read(&d, "", 0, &err) == -1, "empty");
	gk_msm_dump_free(&d);
	const char *head = "---\nkernel: 6\nmodule: msm\nrevision: 630 (6.3.0.2\n";
	CHECK(gk_msm_dump_read(&d, head, strlen(head), &err) == -1 && err.line == 4 && strstr(err.message, "')'"),
	      "revision: %u %s", err.line, err.message);
	gk_msm_dump_free(&d);
	const char *noid = "---\nkernel: 6\nmodule: msm\nringbuffer:\n    iova: 0x1000\n";
	CHECK(gk_msm_dump_read(&d, noid, strlen(noid), &err) == -1 && err.line == 5 && strstr(err.message, "- id: N"),
	      "no id: %u %s", err.line, err.message);
	gk_msm_dump_free(&d);
	const char *nosize = "---\nkernel: 6\nmodule: msm\nringbuffer:\n  - id: 0\n    iova: 0x1000\n    rptr: 0\n    wptr: 0\n";
	CHECK(gk_msm_dump_read(&d, nosize, strlen(nosize), &err) == -1 && err.line == 5 && strstr(err.message, "no 'size:'"),
	      "no size: %u %s", err.line, err.message);
	gk_msm_dump_free(&d);
}

int main(void)
{
	test_ascii85();
	test_read();
	test_refusals();
	return tl_done();
}
