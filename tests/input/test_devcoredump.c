/* The amdgpu devcoredump reader (src/input/devcoredump.c through gk_input): a dump
 * is printed here in the layout of Linux amdgpu_dev_coredump.c
 * (amdgpu_devcoredump_format) around a known ring -- the Evergreen compute
 * dispatch of examples/ -- with a realistic header, an IP Dump of register
 * lines, several rings and the sections after them.  The ring read must give
 * exactly the ring's words at its byte offsets, its rptr and wptr as ring
 * marks, and decode to the packets of the binary; the ring choice (asked
 * for, hung, the only one), a missing ring, "Ring contents unavailable", a
 * dump cut mid-ring and bad lines are tried too. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>

#include "gfxkit/gfxkit.h"
#include "testlib.h"

/* examples/evergreen_compute.bin, spelled out so the test needs no file */
static const uint32_t stream[] = {
	0xc0012800, 0x80000003, 0x80000000, 0xc0004600, 0x00000407, 0xc0034300, 0x88800000, 0xffffffff, 0x00000000,
	0x0000000a, 0xc0016802, 0x00000307, 0x00004000, 0xc0026802, 0x00000384, 0x00000000, 0x00000000, 0xc0016902,
	0x00000000, 0x00001000, 0xc0016902, 0x00000290, 0x00024000, 0xc0016902, 0x000002d5, 0x00000002, 0xc0016802,
	0x00000256, 0x00000001, 0xc0016802, 0x0000025c, 0x00000040, 0xc0036802, 0x00000267, 0x00000000, 0x00000000,
	0x00000000, 0xc0016802, 0x0000026b, 0x00000040, 0xc0036902, 0x000001bb, 0x00000040, 0x00000001, 0x00000001,
	0xc0031502, 0x00000010, 0x00000001, 0x00000001, 0x00000001, 0xc0044700, 0x00000514, 0x00100000, 0x22000000,
	0x00001234, 0x00000000,
};
#define NS (sizeof stream / sizeof stream[0])

/* the gfx ring: 128 dwords of type-2 filler with the stream at index 16;
 * rptr on its first packet, wptr (a gfx9+ counter, 3 wraps on) after it */
#define GFX_SIZE 128u
#define GFX_AT 16u
#define GFX_WPTR (3 * GFX_SIZE + GFX_AT + NS)
#define COMP_SIZE 16u
static uint32_t gfx[GFX_SIZE], comp[COMP_SIZE];

static struct gk_membuf dump;
static unsigned nlines; /* lines printed so far */

/* printf into the dump, counting its lines */
#define say(...)                                                             \
	do {                                                                 \
		size_t at_ = dump.n;                                         \
		tl_printf(&dump, __VA_ARGS__);                               \
		for (size_t i_ = at_; i_ < dump.n; i_++)                     \
			nlines += dump.p[i_] == '\n';                        \
	} while (0)

enum {
	D_HUNG = 1,         /* "Ring timed out details" names gfx_0.0.0 */
	D_HUNG_ELSEWHERE = 2, /* ... names a ring not in the dump */
	D_VCN = 4,          /* a ring with contents after gfx */
	D_COMP_EMPTY = 8,   /* comp_1.0.0: "Ring contents unavailable" */
	D_OLD = 16,         /* an older kernel: no RB mask, the pointers printed masked */
	D_TAIL = 32,        /* IB and register dumps after the rings */
};

static unsigned gfx_name_line, gfx_first_line; /* "ring name: gfx_0.0.0", its dword 0 */

static void ring(const char *name, const uint32_t *w, unsigned size, uint64_t rptr, uint64_t wptr, bool mask, bool contents)
{
	say("ring name: %s\n", name);
	if (!strcmp(name, "gfx_0.0.0"))
		gfx_name_line = nlines;
	if (mask)
		say("Rptr: 0x%llx Wptr: 0x%llx RB mask: %x\n", (unsigned long long)rptr, (unsigned long long)wptr, size - 1);
	else
		say("Rptr: 0x%llx Wptr: 0x%llx\n", (unsigned long long)rptr, (unsigned long long)wptr);
	say("Ring size in dwords: %u\n", size);
	if (!contents) {
		say("Ring contents unavailable\n");
		return;
	}
	say("Ring contents\nOffset \t Value\n");
	if (!strcmp(name, "gfx_0.0.0"))
		gfx_first_line = nlines + 1;
	for (unsigned j = 0; j < 4 * size; j += 4)
		say("0x%x \t 0x%x\n", j, w[j / 4]);
}

static void build(unsigned flags)
{
	dump.n = 0;
	nlines = 0;
	say("**** AMDGPU Device Coredump ****\nversion: 1\nkernel: 6.12.9-amd64\nmodule: amdgpu\n");
	say("time: 1742.096153887\npasid: 32771\nvmid: 0\nprocess_name: glxgears TGID: 4242 thread: glxgears:cs0 PID: 4251\n");
	say("\nSOC Information\nSOC Device id: 29695\nSOC PCI Revision id: 193\nSOC Family: 143\nSOC Revision id: 0\n");
	say("SOC External Revision id: 50\n\nSOC Memory Information\nreal vram size: 17163091968\n");
	say("visible vram size: 268435456\ngtt size: 33602224128\n\nGDS Config\ngds: total size: 4096\n");
	say("gds: compute partition size: 4096\ngds: gws per compute partition: 64\ngds: os per compute partition: 16\n");
	say("\nHW IP Version Information\nHWIP: GC[1][0]: v10.3.0.0.0\nHWIP: SDMA0[2][0]: v5.2.0.0.0\n");
	say("\nIP Firmwares\nME feature version: 38, fw version: 0x00000062\nPFP feature version: 38, fw version: 0x00000062\n");
	say("SDMA0 feature version: 52, firmware version: 0x00000053\n\nVBIOS Information\nvbios name       : NAVI21\n");
	if (flags & (D_HUNG | D_HUNG_ELSEWHERE))
		say("\nRing timed out details\nIP Type: 0 Ring Name: %s\n", flags & D_HUNG ? "gfx_0.0.0" : "gfx_0.1.0");
	say("\n[gfxhub] Page fault observed\nFaulty page starting at address: 0x0000000000000000\n");
	say("Protection fault status register: 0x0\n\n");
	/* register lines: never words */
	say("IP Dump\nIP: gfx_v10_0\nregGRBM_STATUS                                 0xa0003028\n");
	say("regCP_RB0_RPTR                                 0x00000010\nregCP_RB0_WPTR 0x000001c8\n");
	say("0x00008010: 0x00000000\n\nmec 0 pipe 0 queue 0\nregCP_HQD_ACTIVE 0x00000001\n\n");
	say("Ring buffer information\n");
	bool old = flags & D_OLD;
	ring("comp_1.0.0", comp, COMP_SIZE, 4, 4, !old, !(flags & D_COMP_EMPTY));
	ring("gfx_0.0.0", gfx, GFX_SIZE, GFX_AT, old ? GFX_AT + NS : GFX_WPTR, !old, true);
	ring("sdma0", NULL, 256, 0, 0, !old, false);
	if (flags & D_VCN)
		ring("vcn_dec_0", comp, COMP_SIZE, 0, 0, !old, true);
	say("VRAM is lost due to GPU reset!\n");
	if (flags & D_TAIL) {
		say("AMDGPU register dumps:\nOffset:     Value:\n0x0000c040: 0x00000001\n");
		say("\nIB #0 0x800100000 3 dw\n0xc0012800\n0x80000003\n0x80000000\n");
	}
}

/* ---- reading it ---- */

struct got {
	uint32_t w[4096];
	uint64_t off[4096];
	size_t n;
	enum gk_in_format fmt;
	struct gk_ring_marks marks;
	char ring[64];
	char notes[4][512];
	uint32_t note_line[4];
	unsigned nnotes;
	char err[200];
	uint32_t line, col;
};
static struct got got;

static void read_text(const char *p, size_t n, enum gk_in_format fmt, size_t chunk, const char *want, const uint64_t *base)
{
	struct tl_reader m = { (const uint8_t *)p, n, 0, chunk };
	struct gk_input *in = gk_input_create(tl_read, &m, fmt, 4);
	memset(&got, 0, sizeof got);
	if (want)
		CHECK(gk_input_set_ring(in, want) == 0, "set_ring %s", want);
	if (base)
		gk_input_set_base(in, *base);
	while (gk_input_fill(in, 3) > 0) {
		if (got.n < 4096) {
			got.off[got.n] = gk_input_offset(in);
			got.w[got.n++] = gk_input_words(in)[0];
		}
		gk_input_skip(in, 1);
	}
	got.fmt = gk_input_format(in);
	gk_input_marks(in, &got.marks);
	if (gk_input_ring(in))
		snprintf(got.ring, sizeof got.ring, "%s", gk_input_ring(in));
	const char *note;
	uint32_t line;
	for (; got.nnotes < 4 && (note = gk_input_note(in, got.nnotes, &line)) != NULL; got.nnotes++) {
		snprintf(got.notes[got.nnotes], sizeof got.notes[0], "%s", note);
		got.note_line[got.nnotes] = line;
	}
	tl_input_error(in, got.err, sizeof got.err, &got.line, &got.col);
	gk_input_destroy(in);
}

static void read_dump(size_t chunk, const char *want)
{
	read_text(dump.p, dump.n, GK_IN_AUTO, chunk, want, NULL);
}

/* the error names the rings (a long list: whole in the last note) */
static bool listed(const char *rings)
{
	return strstr(got.err, rings) || (got.nnotes && strstr(got.notes[got.nnotes - 1], rings));
}

/* the words are the ring's, one a line, at the byte offsets from base */
static bool words_are(const uint32_t *w, size_t n, uint64_t base)
{
	if (got.n != n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (got.w[i] != w[i] || got.off[i] != base + 4 * i)
			return false;
	return true;
}

static void test_hung_ring(void)
{
	build(D_HUNG | D_TAIL);
	static const size_t chunks[] = { 1, 7, 4096, 1 << 20 };
	for (size_t c = 0; c < sizeof chunks / sizeof chunks[0]; c++) {
		read_dump(chunks[c], NULL);
		CHECK(!got.err[0] && got.fmt == GK_IN_DEVCOREDUMP && words_are(gfx, GFX_SIZE, 0) && !strcmp(got.ring, "gfx_0.0.0"),
		      "hung ring (read %zu bytes at a time): %s, %zu words, ring '%s', error '%s' at %u:%u", chunks[c],
		      gk_in_format_name(got.fmt), got.n, got.ring, got.err, got.line, got.col);
		/* rptr as printed; wptr masked by the RB mask */
		CHECK(got.marks.have == (GK_MARK_RPTR | GK_MARK_WPTR) && got.marks.rptr == 4 * GFX_AT &&
		      got.marks.wptr == 4 * ((GFX_AT + NS) % GFX_SIZE) && got.marks.have_rptr_word && got.marks.rptr_word == GFX_AT,
		      "hung ring marks: have %#x rptr 0x%llx wptr 0x%llx word %llu", got.marks.have,
		      (unsigned long long)got.marks.rptr, (unsigned long long)got.marks.wptr,
		      (unsigned long long)got.marks.rptr_word);
		/* not a silent guess: a note says which ring and why, at its name line */
		CHECK(got.nnotes == 1 && strstr(got.notes[0], "reading ring gfx_0.0.0") && strstr(got.notes[0], "timed out") &&
		      got.note_line[0] == gfx_name_line,
		      "hung ring note: %u notes, '%s' at line %u (want %u)", got.nnotes, got.notes[0], got.note_line[0],
		      gfx_name_line);
	}
	/* named, it reads the same */
	read_text(dump.p, dump.n, GK_IN_DEVCOREDUMP, 4096, NULL, NULL);
	CHECK(!got.err[0] && words_are(gfx, GFX_SIZE, 0), "-f devcoredump: %zu words, '%s'", got.n, got.err);
	/* --base: the ring's offsets from there, the marks with them */
	uint64_t base = 0x800000;
	read_text(dump.p, dump.n, GK_IN_AUTO, 4096, NULL, &base);
	CHECK(!got.err[0] && words_are(gfx, GFX_SIZE, base) && got.marks.rptr == base + 4 * GFX_AT,
	      "--base: first 0x%llx rptr 0x%llx '%s'", (unsigned long long)got.off[0], (unsigned long long)got.marks.rptr,
	      got.err);
}

static void test_choice(void)
{
	/* asked for by name: that ring, no note */
	build(D_VCN);
	read_dump(4096, "comp_1.0.0");
	CHECK(!got.err[0] && words_are(comp, COMP_SIZE, 0) && !strcmp(got.ring, "comp_1.0.0") && !got.nnotes &&
	      got.marks.rptr == 16 && got.marks.wptr == 16,
	      "--ring comp_1.0.0: %zu words, ring '%s', %u notes, '%s'", got.n, got.ring, got.nnotes, got.err);
	read_dump(4096, "vcn_dec_0");
	CHECK(!got.err[0] && words_are(comp, COMP_SIZE, 0) && !strcmp(got.ring, "vcn_dec_0"), "--ring vcn_dec_0: '%s'",
	      got.err);
	/* asked for, with another ring reported hung: read, and the hung one named */
	build(D_HUNG | D_VCN);
	read_dump(4096, "vcn_dec_0");
	CHECK(got.nnotes == 1 && strstr(got.notes[0], "reading ring vcn_dec_0, as asked; the one the kernel reported timed out is gfx_0.0.0"),
	      "asked, another hung: '%s'", got.notes[0]);
	/* asked for but absent, or without contents: refused, naming the rings */
	read_dump(4096, "gfx_0.1.0");
	CHECK(got.n == 0 && strstr(got.err, "no ring gfx_0.1.0") &&
	      listed("comp_1.0.0, gfx_0.0.0, sdma0 (contents unavailable), vcn_dec_0"),
	      "absent ring: '%s'", got.err);
	read_dump(4096, "sdma0");
	CHECK(got.n == 0 && strstr(got.err, "ring sdma0 (asked for by name) has no contents"), "ring without contents: '%s'",
	      got.err);
	/* the hung ring named but not there: refused, not replaced by another */
	build(D_HUNG_ELSEWHERE);
	read_dump(4096, NULL);
	CHECK(got.n == 0 && strstr(got.err, "ring gfx_0.1.0, the one the kernel reported timed out, is not in the devcoredump"),
	      "hung ring absent: '%s'", got.err);
	/* no hung ring, one ring with contents: that one, with a note */
	build(D_COMP_EMPTY);
	read_dump(4096, NULL);
	CHECK(!got.err[0] && words_are(gfx, GFX_SIZE, 0) && got.nnotes == 1 && strstr(got.notes[0], "the first with contents"),
	      "the only ring with contents: %zu words, '%s', note '%s'", got.n, got.err, got.notes[0]);
	/* no hung ring, several with contents: the first is read (and said),
	 * the second refused at its name line with every ring named */
	build(0);
	read_dump(4096, NULL);
	CHECK(words_are(comp, COMP_SIZE, 0) && strstr(got.notes[0], "reading ring comp_1.0.0, the first with contents") &&
	      strstr(got.err, "a second ring with contents, gfx_0.0.0, after comp_1.0.0") &&
	      listed("comp_1.0.0, gfx_0.0.0, sdma0 (contents unavailable)") && got.line == gfx_name_line,
	      "several rings, none hung: %zu words, note '%s', '%s' at line %u (want %u)", got.n, got.notes[0], got.err,
	      got.line, gfx_name_line);
	/* a list too long for the message is cut after a whole name, and is whole in the last note */
	size_t el = strlen(got.err);
	CHECK((el > 5 && !strcmp(got.err + el - 5, ", ...") &&
	       !strcmp(got.notes[got.nnotes - 1], "the rings in the devcoredump: comp_1.0.0, gfx_0.0.0, sdma0 (contents unavailable)")) ||
		      (el > 12 && !strcmp(got.err + el - 12, "unavailable)")),
	      "the ring list cut cleanly: '%s'", got.err);
}

/* an older kernel: no RB mask; pointers beyond the ring are noted and taken modulo its size */
static void test_old_kernel(void)
{
	build(D_HUNG | D_OLD);
	read_dump(4096, NULL);
	CHECK(!got.err[0] && words_are(gfx, GFX_SIZE, 0) && got.nnotes == 1 && got.marks.wptr == 4 * (GFX_AT + NS),
	      "no RB mask: '%s', %u notes", got.err, got.nnotes);
	/* the same dump with the wptr unmasked */
	build(D_HUNG | D_OLD);
	char *at = strstr(dump.p, "Rptr: 0x10 Wptr: 0x48\n");
	CHECK(at != NULL, "the gfx pointer line");
	if (!at)
		return;
	struct gk_membuf t = { 0 };
	gk_membuf_write(&t, dump.p, (size_t)(at - dump.p));
	const char *line = "Rptr: 0x10 Wptr: 0x1c8\n";
	gk_membuf_write(&t, line, strlen(line));
	const char *rest = at + strlen("Rptr: 0x10 Wptr: 0x48\n");
	gk_membuf_write(&t, rest, strlen(rest));
	read_text(t.p, t.n, GK_IN_AUTO, 4096, NULL, NULL);
	CHECK(!got.err[0] && got.marks.wptr == 4 * (GFX_AT + NS) && got.nnotes == 2 && strstr(got.notes[1], "beyond"),
	      "unmasked wptr, no RB mask: wptr 0x%llx, %u notes: '%s'", (unsigned long long)got.marks.wptr, got.nnotes,
	      got.notes[1]);
	free(t.p);
	/* the ring section pasted alone is recognised too */
	build(D_HUNG);
	at = strstr(dump.p, "ring name: gfx_0.0.0");
	read_text(at, strlen(at), GK_IN_AUTO, 4096, NULL, NULL);
	CHECK(got.fmt == GK_IN_DEVCOREDUMP && !got.err[0] && words_are(gfx, GFX_SIZE, 0), "ring section alone: %s '%s'",
	      gk_in_format_name(got.fmt), got.err);
}

/* the text of build(flags) with line `line` (1-based) replaced by repl (NULL: the dump ends before it) */
static void edit_line(unsigned flags, unsigned line, const char *repl, struct gk_membuf *t)
{
	build(flags);
	t->n = 0;
	const char *p = dump.p;
	for (unsigned l = 1; *p; l++) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) + 1 : strlen(p);
		if (l == line && !repl)
			return;
		if (l == line)
			gk_membuf_write(t, repl, strlen(repl));
		else
			gk_membuf_write(t, p, len);
		p += len;
	}
}

static void test_refusals(void)
{
	struct gk_membuf t = { 0 };
	/* cut mid-ring: the words up to the cut, then the error */
	build(D_HUNG);
	unsigned cut = gfx_first_line + 40;
	edit_line(D_HUNG, cut, NULL, &t);
	read_text(t.p, t.n, GK_IN_AUTO, 7, NULL, NULL);
	CHECK(words_are(gfx, 40, 0) && strstr(got.err, "ends inside ring gfx_0.0.0's contents, after 40 of its 128 dwords"),
	      "cut mid-ring: %zu words, '%s'", got.n, got.err);
	/* cut inside a ring not read: its words are all there, a note says so */
	build(D_HUNG | D_VCN);
	edit_line(D_HUNG | D_VCN, nlines - 3, NULL, &t);
	read_text(t.p, t.n, GK_IN_AUTO, 4096, NULL, NULL);
	CHECK(!got.err[0] && words_are(gfx, GFX_SIZE, 0) && got.nnotes == 2 &&
	      strstr(got.notes[1], "ends inside ring vcn_dec_0's contents (not the ring read), after 13 of its 16 dwords"),
	      "cut in a ring not read: '%s', note '%s'", got.err, got.notes[1]);
	/* the next ring begins before this one's dwords end */
	edit_line(D_HUNG, cut, "ring name: sdma9\n", &t);
	read_text(t.p, t.n, GK_IN_AUTO, 4096, NULL, NULL);
	CHECK(got.n == 40 && strstr(got.err, "ring gfx_0.0.0 ends after 40 of its 128 dwords") && got.line == cut &&
	      got.col == 1, "ring cut by the next: '%s' at %u:%u", got.err, got.line, got.col);
	/* bad lines in a ring: line and column (also in a ring not read) */
	static const struct {
		const char *line, *msg;
		uint32_t col;
	} bad[] = {
		{ "0xa0 \t 0xzz\n", "expected the dword", 8 },
		{ "0xa0 \t 0x123456789\n", "does not fit in 32 bits", 8 },
		{ "0xa0\n", "expected a ring line", 5 },
		{ "0xa4 \t 0x0\n", "offset 0xa4, but the ring's dwords before end at 0xa0: a gap or an overlap", 1 },
		{ "0x9c \t 0x0\n", "offset 0x9c, but the ring's dwords before end at 0xa0", 1 },
		{ "0xa0 \t 0x0 junk\n", "unexpected text after the dword", 12 },
		{ "\n", "expected a ring line", 1 },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		edit_line(D_HUNG, cut, bad[i].line, &t);
		read_text(t.p, t.n, GK_IN_AUTO, 4096, NULL, NULL);
		CHECK(got.n == 40 && strstr(got.err, bad[i].msg) && got.line == cut && got.col == bad[i].col,
		      "bad ring line '%.*s': %zu words, '%s' at %u:%u (want col %u)", (int)strlen(bad[i].line) - 1, bad[i].line,
		      got.n, got.err, got.line, got.col, bad[i].col);
	}
	edit_line(D_HUNG, gfx_first_line - 20, "0x0 \t 0xq\n", &t); /* in comp_1.0.0 */
	read_text(t.p, t.n, GK_IN_AUTO, 4096, NULL, NULL);
	CHECK(got.n == 0 && got.err[0] && got.line == gfx_first_line - 20, "bad line in a ring not read: '%s' at %u", got.err,
	      got.line);
	/* a ring line past the ring's size */
	build(D_HUNG);
	edit_line(D_HUNG, gfx_first_line + GFX_SIZE, "0x200 \t 0x0\n", &t);
	read_text(t.p, t.n, GK_IN_AUTO, 4096, NULL, NULL);
	CHECK(strstr(got.err, "after the ring's last dword") && got.line == gfx_first_line + GFX_SIZE, "ring too long: '%s' at %u",
	      got.err, got.line);
	/* malformed pointer and size lines */
	edit_line(D_HUNG, gfx_name_line + 1, "Rptr: 0x10 Wptr: zz RB mask: 7f\n", &t);
	read_text(t.p, t.n, GK_IN_AUTO, 4096, NULL, NULL);
	CHECK(got.line == gfx_name_line + 1 && got.col == 18 && strstr(got.err, "Wptr"), "bad Rptr line: '%s' at %u:%u", got.err,
	      got.line, got.col);
	edit_line(D_HUNG, gfx_name_line + 2, "Ring size in dwords: 0\n", &t);
	read_text(t.p, t.n, GK_IN_AUTO, 4096, NULL, NULL);
	CHECK(got.line == gfx_name_line + 2 && strstr(got.err, "size"), "ring size 0: '%s' at %u", got.err, got.line);
	edit_line(D_HUNG, gfx_name_line + 2, "Rptr: 0x10 Wptr: 0x1c8 RB mask: 7f\n", &t);
	read_text(t.p, t.n, GK_IN_AUTO, 4096, NULL, NULL);
	CHECK(got.line == gfx_name_line + 3 && strstr(got.err, "before 'Ring contents'"), "no size line: '%s' at %u", got.err,
	      got.line);
	/* no rings at all */
	build(D_HUNG);
	char *rb = strstr(dump.p, "Ring buffer information\n");
	read_text(dump.p, (size_t)(rb - dump.p) + strlen("Ring buffer information\n"), GK_IN_AUTO, 4096, NULL, NULL);
	CHECK(got.fmt == GK_IN_DEVCOREDUMP && strstr(got.err, "no ring in the devcoredump"), "no rings: '%s'", got.err);
	/* a ring asked for of an input that has no named rings */
	const char *radeon = "r[    0]=0xc0012800\n";
	read_text(radeon, strlen(radeon), GK_IN_AUTO, 4096, "gfx_0.0.0", NULL);
	CHECK(got.n == 0 && strstr(got.err, "only a devcoredump holds named rings"), "--ring of a radeon dump: '%s'", got.err);
	/* gk_input_set_ring's contract */
	struct tl_reader m = { (const uint8_t *)radeon, strlen(radeon), 0, 0 };
	struct gk_input *in = gk_input_create(tl_read, &m, GK_IN_AUTO, 4);
	char longname[80];
	memset(longname, 'a', sizeof longname - 1);
	longname[sizeof longname - 1] = 0;
	CHECK(gk_input_set_ring(in, "") == -1 && gk_input_set_ring(in, longname) == -1 && gk_input_set_ring(NULL, "x") == -1 &&
	      gk_input_set_ring(in, NULL) == -1, "set_ring refusals");
	gk_input_fill(in, 1);
	CHECK(gk_input_set_ring(in, "gfx") == -1 && gk_input_ring(in) == NULL && gk_input_note(in, 0, NULL) == NULL &&
	      gk_input_note(NULL, 0, NULL) == NULL && gk_input_ring(NULL) == NULL, "set_ring after reading; no ring, no note");
	gk_input_destroy(in);
	enum gk_in_format f;
	CHECK(gk_in_format_parse("devcoredump", &f) == 0 && f == GK_IN_DEVCOREDUMP &&
	      !strcmp(gk_in_format_name(GK_IN_DEVCOREDUMP), "devcoredump") && strstr(gk_in_format_list(), "devcoredump"),
	      "the format's name");
	free(t.p);
}

/* text decode of words (binary, from base), or of the dump */
static char *decode(const void *p, size_t n, enum gk_in_format fmt, uint64_t base)
{
	struct gk_engine *e = gk_engine_open("pm4", "evergreen", NULL);
	struct tl_reader m = { p, n, 0, 4096 };
	struct gk_input *in = gk_input_create(tl_read, &m, fmt, 4);
	if (fmt == GK_IN_BIN)
		gk_input_set_base(in, base);
	struct gk_membuf t = { 0 };
	struct gk_stream_opts o = { .name = "cd" };
	struct gk_stream_stats st;
	int rc = tl_stream(e, in, &o, &t, &st);
	CHECK(rc == 0 && t.p, "decode %s: rc %d", gk_in_format_name(fmt), rc);
	gk_input_destroy(in);
	gk_engine_close(e);
	return t.p;
}

/* the dump decodes to exactly the binary's packets at the ring's offsets,
 * the rptr and wptr units marked */
static void test_decode(void)
{
	build(D_HUNG | D_TAIL);
	char *got_text = decode(dump.p, dump.n, GK_IN_AUTO, 0);
	uint8_t bin[4 * NS];
	for (size_t i = 0; i < 4 * NS; i++)
		bin[i] = (uint8_t)(stream[i / 4] >> (8 * (i % 4)));
	char *want = decode(bin, sizeof bin, GK_IN_BIN, 4 * GFX_AT);
	if (!got_text || !want)
		return;
	/* the ring's text less its filler and pointer notes is the binary's */
	struct gk_membuf kept = { 0 };
	for (char *p = got_text; *p;) {
		char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) + 1 : strlen(p);
		if (!strstr(p, "PACKET2") || (nl && strstr(p, "PACKET2") > nl))
			if (strncmp(p, "    ; <- ", 9))
				gk_membuf_write(&kept, p, len);
		p += len;
	}
	CHECK(kept.p && !strcmp(kept.p, want), "devcoredump decode vs binary:\n%s\n---\n%s", kept.p ? kept.p : "", want);
	CHECK(strstr(got_text, "0x00000040: CONTEXT_CONTROL LOAD_CONTROL=CONFIG_REG|CONTEXT_REG|DW_ENABLE "
			       "SHADOW_ENABLE=DW_ENABLE\n    ; <- rptr\n") &&
		      strstr(got_text, "0x00000120: PACKET2\n    ; <- wptr\n"),
	      "devcoredump decode marks:\n%s", got_text);
	free(kept.p);
	free(got_text);
	free(want);
}

/* ---- the dump read whole (include/gfxkit/coredump.h) ---- */

static int read_whole(struct gk_coredump *cd, struct gk_diag *err)
{
	memset(cd, 0, sizeof *cd);
	memset(err, 0, sizeof *err);
	return gk_coredump_read(cd, dump.p, dump.n, err);
}

/* every ring, the hung one first, each with its engine; the GPU, the hung
 * ring, the page fault and the registers as the dump gives them */
static void test_whole(void)
{
	build(D_HUNG | D_VCN | D_TAIL);
	struct gk_coredump cd;
	struct gk_diag err;
	CHECK(read_whole(&cd, &err) == 0, "whole: %u:%u %s", err.line, err.col, err.message);
	CHECK(cd.nrings == 4, "whole: %zu rings", cd.nrings);
	static const char *const order[] = { "gfx_0.0.0", "comp_1.0.0", "sdma0", "vcn_dec_0" };
	static const char *const engines[] = { "pm4", "pm4", "dma", NULL };
	static const char *const kinds[] = { "gfx", "compute", "sdma", "vcn" };
	for (size_t i = 0; i < 4; i++) {
		const struct gk_cd_ring *r = gk_coredump_ring(&cd, i);
		const char *kind = NULL;
		const char *e = r ? gk_coredump_ring_engine(r->name, &kind) : NULL;
		CHECK(r && !strcmp(r->name, order[i]) && r->hung == (i == 0) &&
			      ((!e && !engines[i]) || (e && engines[i] && !strcmp(e, engines[i]))) && !strcmp(kind, kinds[i]),
		      "whole: ring %zu is %s (hung %d, engine %s, kind %s), want %s", i, r ? r->name : "none",
		      r ? r->hung : -1, e ? e : "none", kind ? kind : "none", order[i]);
	}
	CHECK(!gk_coredump_ring(&cd, 4), "whole: no fifth ring");
	const struct gk_cd_ring *g = gk_coredump_ring(&cd, 0);
	bool same = g && g->nwords == GFX_SIZE && g->has_contents && !g->cut;
	for (size_t i = 0; same && i < GFX_SIZE; i++)
		same = g->words[i] == gfx[i];
	CHECK(same && g->rptr == GFX_AT && g->wptr == GFX_WPTR && g->has_mask && g->mask == GFX_SIZE - 1 && g->size == GFX_SIZE &&
		      g->line == gfx_name_line,
	      "whole: the gfx ring's words and pointers (rptr 0x%llx wptr 0x%llx line %u/%u)",
	      g ? (unsigned long long)g->rptr : 0ull, g ? (unsigned long long)g->wptr : 0ull, g ? g->line : 0, gfx_name_line);
	/* the ring's own part of the text reads as the ring alone */
	if (g && g->text_at < dump.n && g->text_len <= dump.n - g->text_at) {
		CHECK(!strncmp(dump.p + g->text_at, "ring name: gfx_0.0.0\n", 21) &&
			      !strncmp(dump.p + g->text_at + g->text_len, "ring name: sdma0\n", 17),
		      "whole: the gfx ring's text from its name to the next ring's");
		read_text(dump.p + g->text_at, g->text_len, GK_IN_DEVCOREDUMP, 4096, "gfx_0.0.0", NULL);
		CHECK(!got.err[0] && words_are(gfx, GFX_SIZE, 0), "whole: its text read alone: %s", got.err);
	} else {
		CHECK(0, "whole: the gfx ring's text out of the dump");
	}
	const struct gk_cd_ring *sd = gk_coredump_ring(&cd, 2);
	CHECK(sd && !sd->has_contents && sd->contents_line && !sd->words, "whole: sdma0 without contents");
	const struct gk_cd_ring *v = gk_coredump_ring(&cd, 3);
	CHECK(v && v->nwords == COMP_SIZE && v->words[3] == comp[3], "whole: the vcn ring's words, raw");
	char gpu[32], why[32];
	CHECK(gk_coredump_gpu(&cd, gpu, sizeof gpu, why, sizeof why) == 0 && !strcmp(gpu, "gfx1030") && !strcmp(why, "GC 10.3.0"),
	      "whole: GPU %s (%s)", gpu, why);
	CHECK(cd.has_hung && !strcmp(cd.hung, "gfx_0.0.0") && cd.hung_type == 0 && cd.family == 143 &&
		      !strcmp(cd.kernel, "6.12.9-amd64"),
	      "whole: hung '%s' type %d family %d kernel '%s'", cd.hung, cd.hung_type, cd.family, cd.kernel);
	CHECK(cd.has_fault && !strcmp(cd.fault_hub, "gfxhub") && cd.fault_addr == 0 && cd.fault_status == 0,
	      "whole: the page fault block");
	/* the IP Dump by name, the register lines by offset (in it and after the rings) */
	CHECK(cd.nregs == 6, "whole: %zu registers", cd.nregs);
	if (cd.nregs == 6) {
		CHECK(!strcmp(cd.regs[0].name, "regGRBM_STATUS") && cd.regs[0].value == 0xa0003028 &&
			      !strcmp(cd.regs[0].ip, "gfx_v10_0") && !cd.regs[0].group[0] && !cd.regs[0].by_offset,
		      "whole: GRBM_STATUS '%s' 0x%x '%s'", cd.regs[0].name, cd.regs[0].value, cd.regs[0].ip);
		CHECK(cd.regs[3].by_offset && cd.regs[3].offset == 4 * 0x8010 && cd.regs[3].value == 0,
		      "whole: a register line by offset");
		CHECK(!strcmp(cd.regs[4].name, "regCP_HQD_ACTIVE") && !strcmp(cd.regs[4].group, "mec 0 pipe 0 queue 0"),
		      "whole: the queue heading kept: '%s'", cd.regs[4].group);
		CHECK(cd.regs[5].by_offset && cd.regs[5].offset == 4 * 0xc040 && cd.regs[5].value == 1 && !cd.regs[5].ip[0],
		      "whole: 'AMDGPU register dumps:' after the rings");
	}
	/* by name and field in the GPU's register table */
	static struct gk_format fmt;
	CHECK(gk_pm4_format_init(&fmt, gpu) == 0, "whole: pm4 format of %s", gpu);
	const struct gk_reg *r = gk_coredump_reg_lookup(fmt.regs, "regGRBM_STATUS");
	const struct gk_reg *r2 = gk_coredump_reg_lookup(fmt.regs, "mmGRBM_STATUS");
	char fields[512];
	gk_coredump_reg_fields(r, 0xa0003028, fields, sizeof fields);
	CHECK(r && r == r2 && !strcmp(r->name, "GRBM_STATUS") && strstr(fields, "GUI_ACTIVE=1") && strstr(fields, "CP_BUSY=1"),
	      "whole: GRBM_STATUS fields '%s'", fields);
	CHECK(!gk_coredump_reg_lookup(fmt.regs, "regNO_SUCH_REGISTER"), "whole: an unknown register stays raw");
	gk_coredump_free(&cd);
	CHECK(!cd.rings && !cd.nrings && !cd.regs, "whole: freed");

	/* the fault status fields (gc_9_0_sh_mask.h VM_L2_PROTECTION_FAULT_STATUS) */
	gk_coredump_fault_fields(0x301031, fields, sizeof fields);
	CHECK(!strcmp(fields, "MORE_FAULTS=1 WALKER_ERROR=0 PERMISSION_FAULTS=3 MAPPING_ERROR=0 CID=0x8 RW=0 VMID=3"),
	      "fault fields: '%s'", fields);

	/* no timed-out ring: the dump's order; an older kernel (no RB mask) */
	build(D_OLD | D_VCN);
	CHECK(read_whole(&cd, &err) == 0 && cd.nrings == 4 && !strcmp(gk_coredump_ring(&cd, 0)->name, "comp_1.0.0") &&
		      !gk_coredump_ring(&cd, 1)->has_mask && !gk_coredump_ring(&cd, 0)->hung,
	      "whole, none hung: the dump's order");
	gk_coredump_free(&cd);
}

/* what is not a devcoredump, a bad ring line, a ring cut short, the GPU
 * from the SOC family, KIQ and SDMA page rings, and damage at random */
static void test_whole_refusals(void)
{
	struct gk_coredump cd;
	struct gk_diag err;
	memset(&cd, 0, sizeof cd);
	CHECK(gk_coredump_read(&cd, "hello\n", 6, &err) == -1 && err.line == 1 && strstr(err.message, "not a devcoredump"),
	      "not a devcoredump: %u %s", err.line, err.message);
	gk_coredump_free(&cd);
	/* a damaged byte (a control byte, a broken UTF-8 sequence) anywhere is
	 * an error where it stands, as in every text reader */
	static const char ctl[] = "**** AMDGPU Device Coredump ****\nkernel: 6.12\x01\n";
	memset(&cd, 0, sizeof cd);
	CHECK(gk_coredump_read(&cd, ctl, sizeof ctl - 1, &err) == -1 && err.line == 2 && err.col == 13 &&
		      strstr(err.message, "byte 0x01"),
	      "control byte: %u:%u %s", err.line, err.col, err.message);
	gk_coredump_free(&cd);
	static const char u8[] = "**** AMDGPU Device Coredump ****\nkernel: \xc3(\n";
	memset(&cd, 0, sizeof cd);
	CHECK(gk_coredump_read(&cd, u8, sizeof u8 - 1, &err) == -1 && err.line == 2 && err.col == 10,
	      "broken UTF-8: %u:%u %s", err.line, err.col, err.message);
	gk_coredump_free(&cd);
	build(D_HUNG);
	/* the gfx ring's dword 3 spoiled */
	char *p = dump.p;
	unsigned line = 1;
	for (size_t i = 0; i < dump.n && line < gfx_first_line + 3; i++)
		if (dump.p[i] == '\n') {
			line++;
			p = dump.p + i + 1;
		}
	memcpy(p, "0xc \t zz", 8);
	CHECK(read_whole(&cd, &err) == -1 && err.line == gfx_first_line + 3 && err.col == 7 &&
		      strstr(err.message, "expected the dword"),
	      "bad ring word: %u:%u %s (want line %u)", err.line, err.col, err.message, gfx_first_line + 3);
	gk_coredump_free(&cd);
	/* cut inside the gfx ring: kept, cut */
	build(D_HUNG);
	size_t keep = 0;
	line = 1;
	for (size_t i = 0; i < dump.n && line < gfx_first_line + 10; i++)
		if (dump.p[i] == '\n') {
			line++;
			keep = i + 1;
		}
	memset(&cd, 0, sizeof cd);
	CHECK(gk_coredump_read(&cd, dump.p, keep, &err) == 0 && gk_coredump_ring(&cd, 0) && gk_coredump_ring(&cd, 0)->cut &&
		      gk_coredump_ring(&cd, 0)->nwords == 10,
	      "cut ring: %s", err.message);
	gk_coredump_free(&cd);
	/* Linux 6.1: no rings, no IP versions; the family names the GPU */
	static const char old[] = "**** AMDGPU Device Coredump ****\nkernel: 6.1.0\nmodule: amdgpu\ntime: 1.2\n"
				  "SOC Family: 120\nAMDGPU register dumps:\nOffset:     Value:\n0x00002004: 0xa0003028\n";
	memset(&cd, 0, sizeof cd);
	char gpu[32], why[32];
	CHECK(gk_coredump_read(&cd, old, sizeof old - 1, &err) == 0 && cd.nrings == 0 && cd.nregs == 1 &&
		      cd.regs[0].offset == 0x8010 && gk_coredump_gpu(&cd, gpu, sizeof gpu, why, sizeof why) == 0 &&
		      !strcmp(gpu, "cik") && !strcmp(why, "SOC family 120"),
	      "6.1 dump: %zu rings %zu regs gpu %s", cd.nrings, cd.nregs, gpu);
	gk_coredump_free(&cd);
	/* GC versions as KFD names their processors (kfd_device.c) */
	static const struct {
		const char *ver, *gpu;
	} gcs[] = {
		{ "10.3.1", "gfx1033" }, { "10.1.2", "gfx1011" }, { "11.0.3", "gfx1101" },
		{ "9.4.2", "gfx90a" },   { "10.3.9", "gfx10.3" }, { "12.0.1", "gfx1201" },
	};
	for (size_t i = 0; i < sizeof gcs / sizeof gcs[0]; i++) {
		char text[160];
		int len = snprintf(text, sizeof text, "**** AMDGPU Device Coredump ****\nHWIP: SDMA0[3][0]: v6.0.0.0.0\n"
						      "HWIP: GC[1][0]: v%s.0.0\n", gcs[i].ver);
		memset(&cd, 0, sizeof cd);
		CHECK(gk_coredump_read(&cd, text, (size_t)len, &err) == 0 && cd.nips == 2 &&
			      gk_coredump_gpu(&cd, gpu, sizeof gpu, NULL, 0) == 0 && !strcmp(gpu, gcs[i].gpu),
		      "GC %s: %s, want %s", gcs[i].ver, gpu, gcs[i].gpu);
		gk_coredump_free(&cd);
	}
	static const struct {
		const char *name, *engine, *kind;
	} names[] = {
		{ "kiq_0.2.1.0", "pm4", "kiq" }, { "mes_kiq_3.1.0", "pm4", "kiq" }, { "mes_3.0.0", NULL, "mes" },
		{ "page0", "dma", "sdma" },      { "sdma1", "dma", "sdma" },        { "jpeg_dec", NULL, "jpeg" },
		{ "vce0", NULL, "vce" },         { "uvd_enc0.1", NULL, "uvd" },     { "xyz", NULL, "unknown" },
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		const char *kind = NULL;
		const char *e = gk_coredump_ring_engine(names[i].name, &kind);
		CHECK(((!e && !names[i].engine) || (e && names[i].engine && !strcmp(e, names[i].engine))) &&
			      !strcmp(kind, names[i].kind),
		      "ring %s: engine %s kind %s", names[i].name, e ? e : "none", kind);
	}
	/* damage at random: read or refused, never a crash (ASan copy) */
	build(D_HUNG | D_VCN | D_TAIL);
	uint64_t seed = 28;
	for (int k = 0; k < 300; k++) {
		char *q = malloc(dump.n);
		memcpy(q, dump.p, dump.n);
		for (int j = 0; j < 4; j++)
			q[tl_rand(&seed) % dump.n] = "0x \t\n:[]z\001"[tl_rand(&seed) % 10];
		size_t n = (size_t)(tl_rand(&seed) % (dump.n + 1));
		memset(&cd, 0, sizeof cd);
		int rc = gk_coredump_read(&cd, q, n, &err);
		for (size_t i = 0; !rc && gk_coredump_ring(&cd, i); i++)
			(void)gk_coredump_ring(&cd, i)->words;
		gk_coredump_free(&cd);
		free(q);
	}
	CHECK(1, "damaged dumps read or refused");
}

int main(void)
{
	for (unsigned i = 0; i < GFX_SIZE; i++)
		gfx[i] = i >= GFX_AT && i < GFX_AT + NS ? stream[i - GFX_AT] : 0x80000000u;
	for (unsigned i = 0; i < COMP_SIZE; i++)
		comp[i] = 0x12340000u + i; /* not the gfx ring's words */
	test_hung_ring();
	test_choice();
	test_old_kernel();
	test_refusals();
	test_decode();
	test_whole();
	test_whole_refusals();
	free(dump.p);
	return tl_done();
}
