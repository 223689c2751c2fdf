/* umr listings as a current umr prints them (src/input/umr.c): the VMID in
 * hex ("[0x3@0x...]"), one buffer per "Decoding IB at" section, and the
 * words umr does not print left out -- the register-offset dword of every
 * SET_*_REG, NOP bodies, DISPATCH_DIRECT's initiator.  A listing written
 * here in that form (the real capture's PROVENANCE.md gives no licence for
 * copying an excerpt) must read back to the stream's words, with the
 * offsets rebuilt from umr's register names through the gfx10.3 register
 * tables and the NOP bodies as zeros, said once as a note; a word nothing
 * determines is an error naming its packet and dword.  Then the real
 * capture (../shared/reference/captures/umr-listings, when present): every
 * one of its 538 packets decodes and every register umr named sits at the
 * dword the rebuilt offsets give it. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "testlib.h"

#define LISTING "../shared/reference/captures/umr-listings/feipiao594_gfx1033_umr_ring_gfx.txt"

static const struct gk_format *fmt;
static const struct gk_reg_table *regs_now; /* the tables read_listing looks names up in */

static int lookup(void *ctx, const char *name, size_t len, uint32_t *offset)
{
	const struct gk_reg *r = gk_reg_by_name(ctx, name, len);
	if (!r)
		return -1;
	*offset = r->offset;
	return 0;
}

struct got {
	uint32_t w[4096];
	uint64_t off[4096];
	size_t n;
	char err[300];
	uint32_t line, col;
	char note[600];
	uint32_t note_line;
	unsigned notes;
};

static struct got got;

static void read_listing(const char *text, size_t n, bool with_lookup)
{
	memset(&got, 0, sizeof got);
	struct tl_reader r = { (const uint8_t *)text, n, 0, 100 };
	struct gk_input *in = gk_input_create(tl_read, &r, GK_IN_AUTO, 4);
	if (with_lookup)
		CHECK(gk_input_set_reg_lookup(in, lookup, (void *)(regs_now ? regs_now : fmt->regs)) == 0, "set_reg_lookup");
	for (;;) {
		long k = gk_input_fill(in, 64);
		if (k <= 0)
			break;
		for (long i = 0; i < k && got.n < 4096; i++) {
			got.off[got.n] = gk_input_offset(in);
			got.w[got.n++] = gk_input_words(in)[0];
			gk_input_skip(in, 1);
		}
	}
	tl_input_error(in, got.err, sizeof got.err, &got.line, &got.col);
	const char *note;
	for (unsigned i = 0; (note = gk_input_note(in, i, i ? NULL : &got.note_line)) != NULL; i++) {
		if (!i)
			snprintf(got.note, sizeof got.note, "%s", note);
		got.notes++;
	}
	CHECK(gk_input_format(in) == GK_IN_UMR, "read as umr: %d", (int)gk_input_format(in));
	gk_input_destroy(in);
}

/* A listing decoded on gfx1033 as the CLI decodes it: the text in *out
 * (the caller frees out->p), the stream's counts in *st, the reader's
 * notes 0 and 1 in notes[] ("" when none). */
struct decoded {
	struct gk_membuf out;
	struct gk_stream_stats st;
	char notes[2][600];
	int rc;
};

static void decode_listing(const char *p, size_t n, struct decoded *d)
{
	memset(d, 0, sizeof *d);
	struct gk_engine *e = gk_engine_open("pm4", "gfx1033", NULL);
	struct tl_reader r = { (const uint8_t *)p, n, 0, 0 };
	struct gk_input *in = gk_input_create(tl_read, &r, GK_IN_AUTO, 4);
	gk_input_set_reg_lookup(in, lookup, (void *)fmt->regs);
	struct gk_stream_opts so;
	memset(&so, 0, sizeof so);
	d->rc = tl_stream(e, in, &so, &d->out, &d->st);
	for (unsigned i = 0; i < 2; i++) {
		const char *note = gk_input_note(in, i, NULL);
		snprintf(d->notes[i], sizeof d->notes[i], "%s", note ? note : "");
	}
	CHECK(!gk_input_note(in, 2, NULL), "at most two notes");
	gk_input_destroy(in);
	gk_engine_close(e);
}

static struct gk_membuf text;

static void line(uint64_t base, unsigned off, uint32_t w, const char *fmtx, ...) __attribute__((format(printf, 4, 5)));
static void line(uint64_t base, unsigned off, uint32_t w, const char *fmtx, ...)
{
	char buf[256];
	va_list ap;
	va_start(ap, fmtx);
	vsnprintf(buf, sizeof buf, fmtx, ap);
	va_end(ap);
	tl_printf(&text, "[0x%x@0x%08llx + 0x%04x]\t[        0x%08x]\t%s\n", base >> 40 ? 3 : 0, (unsigned long long)base,
		  off, w, buf);
}

#define IB 0x80010005ad00ull

/* A ring and one IB as a current umr lists them (gfx1033 registers); the
 * words it stands for are in want[] (the left-out ones with their values). */
static const uint32_t want_ring[] = {
	0xc0017600, 0x0000020d, 0x00000080,         /* SET_SH_REG COMPUTE_PGM_HI (offset left out) */
	0xc0031000, 0, 0, 0, 0,                     /* NOP of 4 body words (body left out) */
	0xc0023f00, 0x0005ad00, 0xffff8001, 0x03000010, /* INDIRECT_BUFFER */
	0xc0021000, 0, 0, 0,                        /* NOP to the end of the section (body left out) */
};
static const uint32_t want_ib[] = {
	0xc0026900, 0x00000000, 0x00000040, 0x00000001, /* SET_CONTEXT_REG DB_RENDER_CONTROL, DB_COUNT_CONTROL */
	0xc0017900, 0x0000007b, 0x00000020,         /* SET_UCONFIG_REG CP_COHER_START_DELAY */
	0xc0017600, 0x00000007, 0x003f003f,         /* SET_SH_REG SPI_SHADER_PGM_RSRC3_PS */
	0xc0001000, 0x00000000,                     /* NOP of 1 (umr prints nothing of it) */
};

static void write_synthetic(bool with_dispatch)
{
	text.n = 0;
	tl_printf(&text, "Decoding IB at 0x0@0x0 from 0x0@0x0 of 17 words (type 4)\n");
	line(0, 0x00, 0xc0017600, "Opcode 0x76 [PKT3_SET_SH_REG] (2 words, type: 3, hdr: 0xc0017600)");
	line(0, 0x08, 0x00000080, "|---> gfx1033.mmCOMPUTE_PGM_HI=0x80");
	line(0, 0x0c, 0xc0031000, "Opcode 0x10 [PKT3_NOP] (4 words, type: 3, hdr: 0xc0031000)");
	line(0, 0x20, 0xc0023f00, "Opcode 0x3f [PKT3_INDIRECT_BUFFER] (3 words, type: 3, hdr: 0xc0023f00)");
	line(0, 0x24, 0x0005ad00, "|---> IB_BASE_LO=0x5ad00, SWAP=0");
	line(0, 0x28, 0xffff8001, "|---> IB_BASE_HI=0x8001");
	line(0, 0x2c, 0x03000010, "|---> IB_SIZE=16, IB_VMID=3, CHAIN=0, PRE_ENA=0, CACHE_POLICY=0, PRE_RESUME=0, PRIV=0");
	line(0, 0x30, 0xc0021000, "Opcode 0x10 [PKT3_NOP] (3 words, type: 3, hdr: 0xc0021000)");
	tl_printf(&text, "Done decoding IB\n\nDecoding IB at 0x3@0x80010005ad00 from 0x0@0x20 of 14 words (type 4)\n");
	line(IB, 0x00, 0xc0026900, "Opcode 0x69 [PKT3_SET_CONTEXT_REG] (3 words, type: 3, hdr: 0xc0026900)");
	line(IB, 0x08, 0x00000040, "|---> gfx1033.mmDB_RENDER_CONTROL=0x40");
	line(IB, 0x0c, 0x00000001, "|---> gfx1033.mmDB_COUNT_CONTROL=0x1");
	line(IB, 0x10, 0xc0017900, "Opcode 0x79 [PKT3_SET_UCONFIG_REG] (2 words, type: 3, hdr: 0xc0017900)");
	line(IB, 0x18, 0x00000020, "|---> gfx1033.mmCP_COHER_START_DELAY=0x20");
	line(IB, 0x1c, 0xc0017600, "Opcode 0x76 [PKT3_SET_SH_REG] (2 words, type: 3, hdr: 0xc0017600)");
	line(IB, 0x24, 0x003f003f, "|---> gfx1033.mmSPI_SHADER_PGM_RSRC3_PS=0x3f003f");
	if (with_dispatch) {
		line(IB, 0x28, 0xc0031502, "Opcode 0x15 [PKT3_DISPATCH_DIRECT] (4 words, type: 3, hdr: 0xc0031502)");
		line(IB, 0x2c, 0x0000001e, "|---> DIM_X=30");
		line(IB, 0x30, 0x00000011, "|---> DIM_Y=17");
		line(IB, 0x34, 0x00000001, "|---> DIM_Z=1");
		line(IB, 0x3c, 0xc0001000, "Opcode 0x10 [PKT3_NOP] (1 words, type: 3, hdr: 0xc0001000)");
	} else {
		line(IB, 0x28, 0xc0001000, "Opcode 0x10 [PKT3_NOP] (1 words, type: 3, hdr: 0xc0001000)");
	}
	tl_printf(&text, "Done decoding IB\n\nShader registers (unfiltered):\n\tgfx1033.mmCOMPUTE_PGM_HI(3@0x80010005ad24) == 0x80\n");
}

static void test_synthetic(void)
{
	write_synthetic(false);
	read_listing(text.p, text.n, true);
	size_t nr = sizeof want_ring / 4, ni = sizeof want_ib / 4;
	CHECK(!got.err[0], "error: %s at %u:%u", got.err, got.line, got.col);
	CHECK(got.n == nr + ni, "%zu words, want %zu", got.n, nr + ni);
	for (size_t i = 0; i < got.n && i < nr + ni; i++) {
		uint32_t w = i < nr ? want_ring[i] : want_ib[i - nr];
		uint64_t o = i < nr ? 4 * i : IB + 4 * (i - nr);
		CHECK(got.w[i] == w && got.off[i] == o, "word %zu: 0x%08x at 0x%llx, want 0x%08x at 0x%llx", i, got.w[i],
		      (unsigned long long)got.off[i], w, (unsigned long long)o);
	}
	CHECK(got.notes == 1 && strstr(got.note, "12 rebuilt: 4 SET_*_REG register offsets") &&
		      strstr(got.note, "8 NOP body words (of 3 NOPs) as zeros") && got.note_line == 3,
	      "one note: %u '%s' line %u", got.notes, got.note, got.note_line);

	/* the words decode to the registers umr named */
	struct decoded d;
	decode_listing(text.p, text.n, &d);
	CHECK(d.rc == 0 && d.st.units == 8 && d.out.p && strstr(d.out.p, "COMPUTE_PGM_HI <-") &&
		      strstr(d.out.p, "DB_RENDER_CONTROL <-") && strstr(d.out.p, "DB_COUNT_CONTROL <-") &&
		      strstr(d.out.p, "CP_COHER_START_DELAY <-") && strstr(d.out.p, "SPI_SHADER_PGM_RSRC3_PS <-") &&
		      strstr(d.out.p, "0x80010005ad00: SET_CONTEXT_REG"),
	      "decode rc %d, %llu units:\n%s", d.rc, (unsigned long long)d.st.units, d.out.p ? d.out.p : "");
	free(d.out.p);

	/* without the register tables the offsets are not known: refused */
	read_listing(text.p, text.n, false);
	CHECK(strstr(got.err, "umr lists no word at 0x4, the register offset of PKT3_SET_SH_REG") &&
		      strstr(got.err, "COMPUTE_PGM_HI is not in the register tables") && got.line == 3,
	      "no lookup: '%s' at %u", got.err, got.line);

	/* a register the tables do not know: refused, named */
	text.n = 0;
	line(0, 0x00, 0xc0017600, "Opcode 0x76 [PKT3_SET_SH_REG] (2 words, type: 3, hdr: 0xc0017600)");
	line(0, 0x08, 0x00000080, "|---> gfx1033.mmNO_SUCH_REGISTER=0x80");
	read_listing(text.p, text.n, true);
	CHECK(strstr(got.err, "NO_SUCH_REGISTER is not in the register tables") && got.line == 2, "unknown register: '%s' at %u",
	      got.err, got.line);

	/* DISPATCH_DIRECT's initiator, its last dword: nothing in the listing
	 * gives it, so the packet ends with its buffer (cut, shown raw) and
	 * the listing goes on in another at the next word umr printed; said
	 * once as a warning naming the packet, the field and why */
	write_synthetic(true);
	read_listing(text.p, text.n, true);
	CHECK(!got.err[0] && got.n == nr + ni + 4, "dispatch: '%s' at %u, %zu words", got.err, got.line, got.n);
	CHECK(got.n > nr + ni + 3 && got.w[nr + ni - 2 + 3] == 1 && got.w[nr + ni + 2] == 0xc0001000 &&
		      got.off[nr + ni + 2] == IB + 0x3c,
	      "dispatch: the NOP after it at 0x%llx", got.n > nr + ni + 2 ? (unsigned long long)got.off[nr + ni + 2] : 0ull);
	decode_listing(text.p, text.n, &d);
	CHECK(strstr(d.notes[1], "umr never prints PKT3_DISPATCH_DIRECT's DISPATCH_INITIATOR (dword 4)") &&
		      strstr(d.notes[1], "1 packet cut there, the first at 0x80010005ad28;"),
	      "dispatch note: %s", d.notes[1]);
	CHECK(d.out.p && strstr(d.out.p, "0x80010005ad28: .long 0xc0031502 0x0000001e 0x00000011 0x00000001\n"
					 "    ; error: DISPATCH_DIRECT: dw0[29:16]: packet of 5 dwords runs past the end of the buffer") &&
		      strstr(d.out.p, "0x80010005ad3c: NOP"),
	      "dispatch decode:\n%s", d.out.p ? d.out.p : "");
	free(d.out.p);

	/* the same packet last in its section or in the listing: cut where
	 * the words end, said the same way (at the section's end line, or
	 * for the listing as a whole) */
	for (int done = 0; done < 2; done++) {
		text.n = 0;
		line(IB, 0x00, 0xc0031502, "Opcode 0x15 [PKT3_DISPATCH_DIRECT] (4 words, type: 3, hdr: 0xc0031502)");
		line(IB, 0x04, 0x0000001e, "|---> DIM_X=30");
		line(IB, 0x08, 0x00000011, "|---> DIM_Y=17");
		line(IB, 0x0c, 0x00000001, "|---> DIM_Z=1");
		if (done)
			tl_printf(&text, "Done decoding IB\n");
		read_listing(text.p, text.n, true);
		CHECK(!got.err[0] && got.n == 4 && got.notes == 1 &&
			      strstr(got.note, "DISPATCH_INITIATOR (dword 4) and nothing in its listing gives it: 1 packet cut there, "
					       "the first at 0x80010005ad00;") &&
			      got.note_line == (done ? 5u : 0u),
		      "dispatch last (done line %d): '%s', %zu words, %u notes '%s' at %u", done, got.err, got.n, got.notes,
		      got.note, got.note_line);
	}

	/* a word umr never prints with more of its packet after it: the
	 * packet cannot end there, so the listing is refused there, saying why */
	text.n = 0;
	line(IB, 0x00, 0xc0041502, "Opcode 0x15 [PKT3_DISPATCH_DIRECT] (5 words, type: 3, hdr: 0xc0041502)");
	line(IB, 0x04, 0x0000001e, "|---> DIM_X=30");
	line(IB, 0x08, 0x00000011, "|---> DIM_Y=17");
	line(IB, 0x0c, 0x00000001, "|---> DIM_Z=1");
	line(IB, 0x14, 0x00000000, "|---> ?");
	read_listing(text.p, text.n, true);
	CHECK(strstr(got.err, "no word at 0x80010005ad10: PKT3_DISPATCH_DIRECT's DISPATCH_INITIATOR (dword 4), which umr "
			      "never prints; give the IB itself (umr --dump-ib-file)") &&
		      got.line == 5,
	      "dispatch mid-packet: '%s' at %u", got.err, got.line);

	/* older umr: decimal VMID, every word printed */
	text.n = 0;
	tl_printf(&text, "[0@0x00000400 + 0x0000]\t[        0xc0017600]\tOpcode 0x76 [PKT3_SET_SH_REG] (2 words, type: 3, hdr: 0xc0017600)\n");
	tl_printf(&text, "[0@0x00000400 + 0x0004]\t[        0x0000020d]\t|---> COMPUTE_PGM_HI offset\n");
	tl_printf(&text, "[0@0x00000400 + 0x0008]\t[        0x00000080]\t|---> gfx1030.mmCOMPUTE_PGM_HI=0x80\n");
	read_listing(text.p, text.n, false);
	CHECK(!got.err[0] && got.n == 3 && got.w[1] == 0x20d && got.off[0] == 0x400 && !got.notes, "older umr: '%s', %zu words",
	      got.err, got.n);
}

/* The forms umr's documentation shows (doc/sphinx/source/ring.rst: the
 * word column without padding, spaces for tabs, a decimal VMID, the
 * one-dword NOP, a gfx800 IB with the offsets left out), in a listing
 * written here. */
static void test_doc_forms(void)
{
	struct gk_engine *e8 = gk_engine_open("pm4", "tonga", NULL);
	regs_now = gk_engine_format(e8) ? gk_engine_format(e8)->regs : NULL;
	CHECK(regs_now != NULL, "gfx8 register tables");
	text.n = 0;
	tl_printf(&text, "Decoding IB at 0@0x0 from 0@0x0 of 9 words (type 4)\n");
	tl_printf(&text, "[0@0x00000000 + 0x0000]\t[0xffff1000]\tOpcode 0x10 [PKT3_NOP] (0 words, type: 3, hdr: 0xffff1000)\n");
	tl_printf(&text, "[0@0x00000000 + 0x0004]\t[0xc0032200]\tOpcode 0x22 [PKT3_COND_EXEC] (4 words, type: 3, hdr: 0xc0032200)\n");
	tl_printf(&text, "[0@0x00000000 + 0x0008]\t[0x00400080]\t|---> GPU_ADDR_LO32=0x400080\n");
	tl_printf(&text, "[0@0x00000000 + 0x000c]\t[0x000000ff]\t|---> GPU_ADDR_HI32=0xff\n");
	tl_printf(&text, "[0@0x00000000 + 0x0010]\t[0x00000000]\t|---> TEST_VALUE=0x0\n");
	tl_printf(&text, "[0@0x00000000 + 0x0014]\t[0x0000002f]\t|---> PATCH_VALUE=0x2f\n");
	tl_printf(&text, "[0@0x00000000 + 0x0018]\t[0xc0004600]\tOpcode 0x46 [PKT3_EVENT_WRITE] (1 words, type: 3, hdr: 0xc0004600)\n");
	tl_printf(&text, "[0@0x00000000 + 0x001c]\t[0x0000040f]\t|---> EVENT_TYPE=15, EVENT_INDEX=4\n");
	tl_printf(&text, "\tDone decoding IB\n\tDecoding IB at 7@0x223000 from 0@0x8c of 12 words (type 4)\n");
	tl_printf(&text, "\t[7@0x00223000 + 0x0000] [0xc0012800]    Opcode 0x28 [PKT3_CONTEXT_CONTROL] (2 words, type: 3, hdr: 0xc0012800)\n");
	tl_printf(&text, "\t[7@0x00223000 + 0x0004] [0x80000000]    |---> LOAD_EN=1, LOAD_CS=0, LOAD_GFX=0, LOAD_MULTI=0, LOAD_SINGLE=0\n");
	tl_printf(&text, "\t[7@0x00223000 + 0x0008] [0x80000000]    |---> SHADOW_EN=1, SHADOW_CS=0, SHADOW_GFX=0, SHADOW_MULTI=0, SHADOW_SINGLE=0\n");
	tl_printf(&text, "\t[7@0x00223000 + 0x000c] [0xc0001200]    Opcode 0x12 [PKT3_CLEAR_STATE] (1 words, type: 3, hdr: 0xc0001200)\n");
	tl_printf(&text, "\t[7@0x00223000 + 0x0010] [0x00000000]    |---> CMD=0\n");
	tl_printf(&text, "\t[7@0x00223000 + 0x0014] [0xc0026900]    Opcode 0x69 [PKT3_SET_CONTEXT_REG] (3 words, type: 3, hdr: 0xc0026900)\n");
	tl_printf(&text, "\t[7@0x00223000 + 0x001c] [0x80000000]    |---> gfx800.mmPA_SC_GENERIC_SCISSOR_TL=0x80000000\n");
	tl_printf(&text, "\t[7@0x00223000 + 0x0020] [0x40004000]    |---> gfx800.mmPA_SC_GENERIC_SCISSOR_BR=0x40004000\n");
	tl_printf(&text, "\t[7@0x00223000 + 0x0024] [0xc0016900]    Opcode 0x69 [PKT3_SET_CONTEXT_REG] (2 words, type: 3, hdr: 0xc0016900)\n");
	tl_printf(&text, "\t[7@0x00223000 + 0x002c] [0x42800000]    |---> gfx800.mmVGT_HOS_MAX_TESS_LEVEL=0x42800000\n");
	tl_printf(&text, "\tDone decoding IB\n");
	static const uint32_t want[] = {
		0xffff1000, 0xc0032200, 0x00400080, 0x000000ff, 0x00000000, 0x0000002f, 0xc0004600, 0x0000040f,
		0xc0012800, 0x80000000, 0x80000000, 0xc0001200, 0x00000000, 0xc0026900, 0x00000090, 0x80000000,
		0x40004000, 0xc0016900, 0x00000286, 0x42800000,
	};
	read_listing(text.p, text.n, true);
	size_t nw = sizeof want / 4;
	CHECK(!got.err[0] && got.n == nw, "umr's doc forms: %zu words, '%s' at %u:%u", got.n, got.err, got.line, got.col);
	for (size_t i = 0; i < got.n && i < nw; i++)
		CHECK(got.w[i] == want[i] && got.off[i] == (i < 8 ? 4 * i : 0x223000 + 4 * (i - 8)),
		      "doc word %zu: 0x%08x at 0x%llx, want 0x%08x", i, got.w[i], (unsigned long long)got.off[i], want[i]);
	CHECK(got.notes == 1 && strstr(got.note, "2 rebuilt: 2 SET_*_REG register offsets"), "doc note: '%s'", got.note);
	regs_now = NULL;
	gk_engine_close(e8);
}

/* The real capture: every packet and every register umr named. */
static void test_capture(void)
{
	FILE *f = fopen(LISTING, "rb");
	if (!f) {
		TL_SKIP("%s not found: the real gfx1033 umr listing not checked (a fresh clone has no ../shared)", LISTING);
		return;
	}
	struct gk_membuf src = { 0 };
	char buf[65536];
	size_t k;
	while ((k = fread(buf, 1, sizeof buf, f)) > 0)
		gk_membuf_write(&src, buf, k);
	fclose(f);
	gk_membuf_write(&src, "", 0);

	/* as umr printed it: every word read, DISPATCH_DIRECT cut where its
	 * initiator (which umr does not print and nothing determines) would
	 * be, the 46 packets after it read on; every packet decodes but that
	 * one, shown raw with the reason */
	const char *dd = strstr(src.p, "[0x3@0x80010005a100 + 0x083c]");
	CHECK(dd != NULL, "the capture's DIM_Z line");
	if (!dd) {
		free(src.p);
		return;
	}
	read_listing(src.p, src.n, true);
	CHECK(!got.err[0] && got.notes == 2, "as printed: '%s' at %u, %u notes", got.err, got.line, got.notes);
	struct decoded d;
	decode_listing(src.p, src.n - 1, &d);
	size_t raw = 0;
	for (const char *q = d.out.p; q && (q = strstr(q, ": .long ")) != NULL; q++)
		raw++;
	CHECK(d.st.units == 538 && raw == 1 && d.out.p &&
		      strstr(d.out.p, "0x80010005a930: .long 0xc0031502 0x0000001e 0x00000011 0x00000001\n") &&
		      strstr(d.out.p, "0x80010005a944: DMA_DATA"),
	      "as printed: %llu packets (want 538), %zu raw (want the DISPATCH_DIRECT)", (unsigned long long)d.st.units, raw);
	CHECK(strstr(d.notes[1], "DISPATCH_INITIATOR (dword 4)"), "as printed, note: %s", d.notes[1]);
	free(d.out.p);

	/* with that one word given as an older umr printed it ("INITIATOR"),
	 * the rest is all rebuilt from the listing */
	const char *eol = strchr(dd, '\n') + 1;
	struct gk_membuf fixed = { 0 };
	gk_membuf_write(&fixed, src.p, (size_t)(eol - src.p));
	tl_printf(&fixed, "[0x3@0x80010005a100 + 0x0840]\t[        0x00000001]\t|---> INITIATOR=1\n");
	gk_membuf_write(&fixed, eol, src.n - 1 - (size_t)(eol - src.p));

	decode_listing(fixed.p, fixed.n, &d);
	CHECK(d.rc == 0 && d.st.units == 538, "capture: rc %d, %llu packets, want 538", d.rc, (unsigned long long)d.st.units);
	CHECK(strstr(d.notes[0], "400 SET_*_REG register offsets") && !d.notes[1][0], "note: %s", d.notes[0]);

	/* every register umr named: its name's offset is the one the rebuilt
	 * offset dword and its place in the packet give */
	read_listing(fixed.p, fixed.n, true);
	unsigned named = 0, agree = 0;
	unsigned long long hdr = 0;
	for (const char *p = fixed.p; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		const char *reg = strstr(p, "|---> gfx1033.mm");
		const char *op = strstr(p, "\tOpcode ");
		const char *nl = strchr(p, '\n');
		unsigned long long base = 0, off = 0;
		if (p[0] != '[' || sscanf(p, "[0x%*x@0x%llx + 0x%llx]", &base, &off) != 2)
			continue;
		if (op && (!nl || op < nl))
			hdr = base + off;
		if (!reg || (nl && reg > nl))
			continue;
		const char *name = reg + 16;
		size_t len = strcspn(name, "=");
		named++;
		/* find the word, then its packet header backwards */
		size_t i = 0;
		while (i < got.n && got.off[i] != base + off)
			i++;
		size_t h = 0;
		while (h < got.n && got.off[h] != hdr)
			h++;
		if (h >= got.n || h >= i) {
			printf("# register %.*s at 0x%llx: no packet header\n", (int)len, name, base + off);
			continue;
		}
		uint32_t sp = 0;
		switch ((got.w[h] >> 8) & 0xff) {
		case 0x68: sp = 0x2000; break;
		case 0x69: sp = 0xa000; break;
		case 0x76: sp = 0x2c00; break;
		case 0x79: sp = 0xc000; break;
		}
		const struct gk_reg *rg = gk_reg_by_name(fmt->regs, name, len);
		if (i < got.n && sp && rg && rg->offset == 4 * (sp + got.w[h + 1] + (uint32_t)(i - h - 2)))
			agree++;
		else
			printf("# register %.*s at 0x%llx not at its offset\n", (int)len, name, base + off);
	}
	CHECK(named == 640 && agree == named, "registers umr named %u, at their offsets %u", named, agree);
	printf("# real gfx1033 listing: %llu packets, %u registers umr named, all at their offsets: %u\n",
	       (unsigned long long)d.st.units, named, agree);
	free(d.out.p);
	free(src.p);
	free(fixed.p);
}

int main(void)
{
	struct gk_engine *e = gk_engine_open("pm4", "gfx1033", NULL);
	fmt = gk_engine_format(e);
	CHECK(fmt && fmt->regs, "gfx1033 register tables");
	if (fmt && fmt->regs) {
		test_synthetic();
		test_doc_forms();
		test_capture();
	}
	free(text.p);
	int rc = tl_done();
	gk_engine_close(e);
	return rc;
}
