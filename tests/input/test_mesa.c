/* Mesa's IB listings (src/input/mesa.c), written here in the layout of
 * Mesa's ac_parse_ib (src/amd/common/ac_parse_ib.c: the "IB begin/end"
 * lines, each dword as 8 hex digits at 4 spaces a nesting level, the
 * decode beside it indented 9 more, print_value's "N (0x%08x)" values,
 * fields under their register): the words read must be the stream's,
 * nested IBs skipped, auto-detected after RADV's "Trace ID" line; the
 * older listing without the dword column has its SET_*_REG packets rebuilt
 * (header from the name and register count, offset from the first
 * register's name, the values) and its other packets refused; a line that
 * is not Mesa's is refused at its line and column; and the words decode
 * and encode back to themselves. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "testlib.h"

static struct gk_engine *eng;

struct got {
	uint32_t w[256];
	size_t n;
	enum gk_in_format fmt;
	char err[300];
	uint32_t line, col;
	char notes[3][400];
	unsigned nnotes;
};
static struct got got;

static void read_listing(const char *text, enum gk_in_format f, bool lookup)
{
	memset(&got, 0, sizeof got);
	struct tl_reader r = { (const uint8_t *)text, strlen(text), 0, 7 };
	struct gk_input *in = gk_input_create(tl_read, &r, f, 4);
	if (lookup)
		CHECK(gk_input_set_reg_lookup(in, gk_engine_reg_lookup, eng) == 0, "set_reg_lookup");
	for (;;) {
		long k = gk_input_fill(in, 64);
		if (k <= 0)
			break;
		for (long i = 0; i < k && got.n < 256; i++) {
			CHECK(gk_input_offset(in) == 4 * got.n, "offset 0x%llx of word %zu", (unsigned long long)gk_input_offset(in),
			      got.n);
			got.w[got.n++] = gk_input_words(in)[0];
			gk_input_skip(in, 1);
		}
	}
	got.fmt = gk_input_format(in);
	tl_input_error(in, got.err, sizeof got.err, &got.line, &got.col);
	const char *note;
	for (unsigned i = 0; i < 3 && (note = gk_input_note(in, i, NULL)) != NULL; i++)
		snprintf(got.notes[got.nnotes++], sizeof got.notes[0], "%s", note);
	gk_input_destroy(in);
}

static bool words_are(const uint32_t *w, size_t n)
{
	if (got.n != n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (got.w[i] != w[i])
			return false;
	return true;
}

/* a RADV hang report's IB: SET_SH_REG, SET_CONTEXT_REG with two registers
 * and fields, an INDIRECT_BUFFER Mesa followed (nested), DRAW_INDEX_AUTO,
 * a trace-point NOP */
static const char dwords_listing[] =
	"Trace ID: 2\n"
	"------------------ IB begin ------------------\n"
	"c0017600 SET_SH_REG:\n"
	"0000020d \n"
	"00000080         COMPUTE_PGM_HI <- 128 (0x00000080)\n"
	"                                   DATA = 128 (0x00000080)\n"
	"c0026900 SET_CONTEXT_REG:\n"
	"00000000 \n"
	"00000040         DB_RENDER_CONTROL <- 64 (0x00000040)\n"
	"                                      DEPTH_CLEAR_ENABLE = 0\n"
	"                                      DEPTH_COMPRESS_DISABLE = 1\n"
	"00000001         DB_COUNT_CONTROL <- 1\n"
	"                                     ZPASS_INCREMENT_DISABLE = 1\n"
	"c0023f00 INDIRECT_BUFFER:\n"
	"00100000         IB_BASE_LO <- 1048576 (0x00100000)\n"
	"00000000         IB_BASE_HI <- 0\n"
	"00000002         CONTROL <- 2\n"
	"                          IB_SIZE = 2\n"
	"                  ------------------ nested begin ------------------\n"
	"    c0001000 NOP:\n"
	"    00000000 \n"
	"                  ------------------- nested end -------------------\n"
	"c0012d00 DRAW_INDEX_AUTO:\n"
	"00000003         VGT_NUM_INDICES <- 3\n"
	"00000002         VGT_DRAW_INITIATOR <- 2\n"
	"                                     SOURCE_SELECT = DI_SRC_SEL_AUTO_INDEX\n"
	"c0001000 NOP:\n"
	"         Trace point ID: 2\n"
	"         !!!!! This is the last trace point that was reached by the CP !!!!!\n"
	"00000002 \n"
	"------------------- IB end -------------------\n"
	"\n";

static const uint32_t dwords_want[] = {
	0xc0017600, 0x0000020d, 0x00000080, 0xc0026900, 0x00000000, 0x00000040, 0x00000001, 0xc0023f00,
	0x00100000, 0x00000000, 0x00000002, 0xc0012d00, 0x00000003, 0x00000002, 0xc0001000, 0x00000002,
};

/* the same registers as older Mesa printed them, without the dwords */
static const char decode_listing[] =
	"------------------ IB begin ------------------\n"
	"SET_SH_REG:\n"
	"        COMPUTE_PGM_HI <- 128 (0x00000080)\n"
	"                          DATA = 128 (0x00000080)\n"
	"SET_CONTEXT_REG(predicate):\n"
	"        DB_RENDER_CONTROL <- 64 (0x00000040)\n"
	"        DB_COUNT_CONTROL <- 1\n"
	"SET_UCONFIG_REG:\n"
	"        CP_COHER_START_DELAY <- 0.5f (0x3f000000)\n"
	"SET_SH_REG(shader_type=compute):\n"
	"        COMPUTE_USER_DATA_0 <- 0xdeadbeef\n"
	"        COMPUTE_USER_DATA_1 <- 12 (0x0000000c)\n"
	"        0x0b908 <- 0x00000007\n"
	"------------------- IB end -------------------\n";

static const uint32_t decode_want[] = {
	0xc0017600, 0x0000020d, 0x00000080, 0xc0026901, 0x00000000, 0x00000040, 0x00000001, 0xc0017900,
	0x0000007b, 0x3f000000, 0xc0037602, 0x00000240, 0xdeadbeef, 0x0000000c, 0x00000007,
};

/* decode the words, encode the text back: the same words */
static void round_trip(const char *what, const char *listing, const uint32_t *want, size_t n)
{
	char *out = NULL;
	size_t out_len = 0;
	int rc = gk_buffer_run("pm4", "gfx1033", "mesa", listing, strlen(listing), 0, &out, &out_len);
	CHECK(rc == 0 && out && strstr(out, "COMPUTE_PGM_HI <-"), "%s: decode rc %d:\n%s", what, rc, out ? out : "");
	void *bytes = NULL;
	size_t nb = 0;
	char *errors = NULL;
	int ne = out ? gk_buffer_encode("pm4", "gfx1033", out, out_len, &bytes, &nb, &errors) : -1;
	CHECK(ne == 0 && nb == 4 * n && !memcmp(bytes, want, nb), "%s: encode back: %d errors '%s', %zu bytes", what, ne,
	      errors ? errors : "", nb);
	gk_free(bytes);
	gk_free(errors);
	gk_free(out);
}

static void test_dwords(void)
{
	read_listing(dwords_listing, GK_IN_AUTO, false);
	CHECK(got.fmt == GK_IN_MESA && !got.err[0] && words_are(dwords_want, sizeof dwords_want / 4),
	      "dwords: fmt %d, %zu words, '%s' at %u:%u", (int)got.fmt, got.n, got.err, got.line, got.col);
	CHECK(got.nnotes == 1 && strstr(got.notes[0], "2 dwords of IBs Mesa followed (nested begin/end) skipped"), "note: '%s'",
	      got.notes[0]);
	CHECK(!strcmp(gk_in_format_name(GK_IN_MESA), "mesa"), "name");
	enum gk_in_format f;
	CHECK(gk_in_format_parse("mesa", &f) == 0 && f == GK_IN_MESA && strstr(gk_in_format_list(), "mesa"), "-f mesa");
	round_trip("dwords", dwords_listing, dwords_want, sizeof dwords_want / 4);

	/* a chunk without the begin/end lines (ac_parse_ib_chunk) */
	read_listing(dwords_listing + strlen("Trace ID: 2\n------------------ IB begin ------------------\n"), GK_IN_AUTO, false);
	CHECK(got.fmt == GK_IN_MESA && !got.err[0] && words_are(dwords_want, sizeof dwords_want / 4), "chunk: %zu words, '%s'",
	      got.n, got.err);

	/* two IBs one after the other */
	char two[4096];
	snprintf(two, sizeof two, "%s%s", dwords_listing + strlen("Trace ID: 2\n"), dwords_listing + strlen("Trace ID: 2\n"));
	read_listing(two, GK_IN_AUTO, false);
	CHECK(!got.err[0] && got.n == 2 * (sizeof dwords_want / 4) && got.nnotes == 2 && strstr(got.notes[1], "2 IBs"),
	      "two IBs: %zu words, '%s', notes %u", got.n, got.err, got.nnotes);

	/* refusals, at their line and column */
	static const struct {
		const char *text;
		uint32_t line, col;
		const char *msg;
	} bad[] = {
		{ "------------------ IB begin ------------------\nc0001000 NOP:\n00000000 \n"
		  "------------------- IB end -------------------\ngarbage after it\n",
		  5, 1, "a line after the end of Mesa's IB listing" },
		{ "------------------ IB begin ------------------\nc0017600 SET_SH_REG:\n0000020d \n"
		  "  COMPUTE_PGM_HI <- 128\n",
		  4, 3, "expected a dword (8 hex digits)" },
		{ "------------------ IB begin ------------------\nc0017600 SET_SH_REG:\n0000020d \n"
		  "????????         COMPUTE_PGM_HI <- 0\n",
		  4, 1, "past the end of the IB" },
		{ "------------------ IB begin ------------------\nc0001000 NOP:\n"
		  "                  ------------------- nested end -------------------\n",
		  3, 19, "nested IB's end without its begin" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		read_listing(bad[i].text, GK_IN_AUTO, false);
		CHECK(got.fmt == GK_IN_MESA && strstr(got.err, bad[i].msg) && got.line == bad[i].line && got.col == bad[i].col,
		      "bad %zu: fmt %d '%s' at %u:%u", i, (int)got.fmt, got.err, got.line, got.col);
	}
}

static void test_decode_form(void)
{
	read_listing(decode_listing, GK_IN_AUTO, true);
	CHECK(got.fmt == GK_IN_MESA && !got.err[0] && words_are(decode_want, sizeof decode_want / 4),
	      "no dwords: fmt %d, %zu words, '%s' at %u:%u", (int)got.fmt, got.n, got.err, got.line, got.col);
	for (size_t i = 0; i < got.n && i < sizeof decode_want / 4; i++)
		CHECK(got.w[i] == decode_want[i], "word %zu: 0x%08x, want 0x%08x", i, got.w[i], decode_want[i]);
	CHECK(got.nnotes == 1 && strstr(got.notes[0], "4 SET_*_REG packets rebuilt"), "note: '%s'", got.notes[0]);
	round_trip("no dwords", decode_listing, decode_want, sizeof decode_want / 4);

	/* without register tables the offsets are not known */
	read_listing(decode_listing, GK_IN_AUTO, false);
	CHECK(strstr(got.err, "register COMPUTE_PGM_HI is not in the register tables") && got.line == 3 && got.col == 9,
	      "no lookup: '%s' at %u:%u", got.err, got.line, got.col);

	static const struct {
		const char *text;
		uint32_t line, col;
		const char *msg;
	} bad[] = {
		{ "SET_SH_REG:\n        COMPUTE_PGM_HI <- 128\nINDIRECT_BUFFER:\n", 3, 1,
		  "Mesa printed INDIRECT_BUFFER without its dwords" },
		{ "SET_SH_REG:\n        COMPUTE_PGM_HI <- 128\n        COMPUTE_PGM_LO <- 0\n", 3, 9,
		  "does not follow the one before" },
		{ "SET_SH_REG:\n        COMPUTE_PGM_HI <- DATA = 128\n", 2, 27, "a value printed only as fields" },
		{ "SET_SH_REG:\n        COMPUTE_PGM_HI <- 128\nhello world\n", 3, 1, "not a line of Mesa's IB listing" },
		{ "SET_SH_REG:\n        COMPUTE_PGM_HI <- 128\n", 1, 1, "the listing ends inside SET_SH_REG" },
		{ "SET_CONTEXT_REG:\n        COMPUTE_PGM_HI <- 128\n------------------- IB end -------------------\n", 2, 9,
		  "outside SET_CONTEXT_REG's register space" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		read_listing(bad[i].text, GK_IN_AUTO, true);
		CHECK(got.fmt == GK_IN_MESA && strstr(got.err, bad[i].msg) && got.line == bad[i].line && got.col == bad[i].col,
		      "bad decode %zu: fmt %d '%s' at %u:%u", i, (int)got.fmt, got.err, got.line, got.col);
	}
}

int main(void)
{
	eng = gk_engine_open("pm4", "gfx1033", NULL);
	CHECK(eng != NULL, "pm4 gfx1033");
	uint32_t off = 0;
	CHECK(gk_engine_reg_lookup(eng, "COMPUTE_PGM_HI", 14, &off) == 0 && off == 0xb834, "lookup: 0x%x", off);
	CHECK(gk_engine_reg_lookup(eng, "NOT_A_REGISTER", 14, &off) == -1, "unknown name");
	test_dwords();
	test_decode_form();
	gk_engine_close(eng);
	return tl_done();
}
