/* The modifier engine (-e modifier): a stream of 64-bit values decoded,
 * checked, printed as text and JSON and assembled back, against the
 * modifier API (include/gfxkit/modifier.h) it is built on. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "testlib.h"

/* gk_stream_run over n bytes (fmt: binary or hex text) into *t; the input's
 * error, when there was one, in *err */
static int run(struct gk_engine *e, const void *p, size_t n, enum gk_in_format fmt, const struct gk_stream_opts *o,
	       struct gk_membuf *t, struct gk_stream_stats *st, struct gk_diag *err)
{
	struct tl_reader r = { p, n, 0, 13 }; /* odd chunks: values cross reads */
	struct gk_input *in = gk_input_create(tl_read, &r, fmt, 8);
	int rc = tl_stream(e, in, o, t, st);
	if (err) {
		const struct gk_diag *d = gk_input_error(in);
		memset(err, 0, sizeof *err);
		if (d)
			*err = *d;
	}
	gk_input_destroy(in);
	return rc;
}

/* random values: a quarter anything, the rest AMD of every version with
 * random fields, LINEAR/INVALID and other vendors now and then */
static void random_values(uint64_t *v, size_t n, uint64_t seed)
{
	for (size_t i = 0; i < n; i++) {
		uint64_t r = tl_rand(&seed), x = tl_rand(&seed);
		switch (r % 8) {
		case 0: case 1: v[i] = x; break;
		case 2: v[i] = (r >> 8) % 2 ? GK_MOD_LINEAR : GK_MOD_INVALID; break;
		case 3: v[i] = (x & 0xff0000000000ffffull); break;
		default: v[i] = 0x0200000000000000ull | (x & 0x0000000fffffff00ull) | (r >> 8) % 7; break;
		}
	}
}

static void to_bytes(const uint64_t *v, size_t n, uint8_t *b)
{
	for (size_t i = 0; i < n; i++)
		for (unsigned k = 0; k < 8; k++)
			b[8 * i + k] = (uint8_t)(v[i] >> 8 * k);
}

struct values {
	uint64_t *v;
	size_t n, cap;
	uint32_t low;
	unsigned odd; /* emits that were not two words */
};

static int emit(void *ctx, const uint32_t *w, size_t n)
{
	struct values *b = ctx;
	if (n != 2) {
		b->odd++;
		return 0;
	}
	if (b->n < b->cap)
		b->v[b->n] = (uint64_t)w[1] << 32 | w[0];
	b->n++;
	return 0;
}

struct diags {
	unsigned n;
	struct gk_diag last;
};

static int on_diag(void *ctx, const struct gk_diag *d)
{
	struct diags *g = ctx;
	g->n++;
	g->last = *d;
	return 0;
}

/* feed text line by line to e's assembler */
static unsigned assemble(struct gk_engine *e, const char *text, struct values *w, struct diags *g)
{
	struct gk_engine_asm *a = gk_engine_asm_open(e, emit, w, on_diag, g);
	CHECK(a != NULL, "an assembler");
	gk_engine_asm_text(a, text, text ? strlen(text) : 0);
	unsigned errors = gk_engine_asm_finish(a);
	gk_engine_asm_close(a);
	return errors;
}

/* decode -> text -> assembler gives every value back; the same from hex text */
static void test_round_trip(void)
{
	enum { N = 20000 };
	static uint64_t vals[N], back[N];
	static uint8_t bytes[8 * N];
	random_values(vals, N, 0x5eed);
	to_bytes(vals, N, bytes);
	static const char *const gpus[] = { "gfx6", "gfx9", "gfx10.3", "gfx12" };
	for (size_t g = 0; g < 4; g++) {
		struct gk_engine *e = gk_engine_open("modifier", gpus[g], NULL);
		CHECK(e && gk_engine_unit_bytes(e) == 8 && !gk_engine_format(e), "%s: an 8-byte engine", gpus[g]);
		struct gk_stream_opts o = { .raw_words = g & 1 };
		struct gk_stream_stats st;
		struct gk_membuf t = { 0 };
		int rc = run(e, bytes, sizeof bytes, GK_IN_BIN, &o, &t, &st, NULL);
		CHECK(rc == 0 && st.units == N && st.end == 8ull * N && st.errors > 1000 && st.warnings > 100,
		      "%s: %llu units, %llu errors, %llu warnings", gpus[g], (unsigned long long)st.units,
		      (unsigned long long)st.errors, (unsigned long long)st.warnings);
		struct values w = { back, 0, N, 0, 0 };
		struct diags dg = { 0 };
		unsigned errors = assemble(e, t.p, &w, &dg);
		CHECK(errors == 0 && dg.n == 0 && w.odd == 0 && w.n == N && !memcmp(back, vals, sizeof vals),
		      "%s: %zu values back (%u errors: %.100s)", gpus[g], w.n, errors, dg.n ? dg.last.message : "");
		free(t.p);
		gk_engine_close(e);
	}
	/* hex text in every token form the 8-byte reader takes */
	struct gk_membuf hex = { 0 };
	for (size_t i = 0; i < 3000; i++) {
		char tok[64];
		int k = i % 3 == 0   ? snprintf(tok, sizeof tok, "0x%016llx\n", (unsigned long long)vals[i])
			: i % 3 == 1 ? snprintf(tok, sizeof tok, "%08x_%08x ", (unsigned)(vals[i] >> 32), (unsigned)vals[i])
				     : snprintf(tok, sizeof tok, "0x%x 0x%x # a pair, low first\n", (unsigned)vals[i],
						(unsigned)(vals[i] >> 32));
		gk_membuf_write(&hex, tok, (size_t)k);
	}
	struct gk_engine *e = gk_engine_open("modifier", "gfx11", NULL);
	struct gk_stream_opts o = { 0 };
	struct gk_stream_stats st;
	struct gk_membuf t = { 0 };
	int rc = run(e, hex.p, hex.n, GK_IN_HEX, &o, &t, &st, NULL);
	struct values w = { back, 0, N, 0, 0 };
	struct diags dg = { 0 };
	unsigned errors = assemble(e, t.p, &w, &dg);
	CHECK(rc == 0 && st.units == 3000 && errors == 0 && w.n == 3000 && !memcmp(back, vals, 3000 * sizeof *vals),
	      "hex: %llu units, %zu values back", (unsigned long long)st.units, w.n);
	free(t.p);
	free(hex.p);
	gk_engine_close(e);
}

/* each unit: what gk_modifier_name / _check say of the value, in the text,
 * the check lines and the JSON */
static void test_same_as_api(void)
{
	enum { N = 3000 };
	static uint64_t vals[N];
	static uint8_t bytes[8 * N];
	random_values(vals, N, 77);
	to_bytes(vals, N, bytes);
	struct gk_engine *e = gk_engine_open("modifier", "gfx9", NULL);
	struct gk_stream_opts oj = { .json = true };
	struct gk_stream_stats st;
	struct gk_membuf t = { 0 };
	run(e, bytes, sizeof bytes, GK_IN_BIN, &oj, &t, &st, NULL);
	unsigned long long errors = 0, warnings = 0;
	unsigned bad = 0, lines = 0;
	const char *p = t.p;
	for (size_t i = 0; i < N; i++) {
		struct gk_diags dg;
		gk_diags_reset(&dg);
		gk_modifier_check(vals[i], &dg);
		errors += dg.errors;
		warnings += dg.warnings;
		char name[GK_MOD_NAME_MAX], want[GK_MOD_NAME_MAX + 256];
		gk_modifier_name(vals[i], name, sizeof name);
		snprintf(want, sizeof want, "{\"offset\":%zu,\"engine\":\"modifier\",\"name\":\"%s\"", 8 * i, name);
		char words[64], value[64];
		snprintf(words, sizeof words, "\"words\":[%u,%u],", (unsigned)vals[i], (unsigned)(vals[i] >> 32));
		snprintf(value, sizeof value, "\"value\":\"0x%016llx\"", (unsigned long long)vals[i]);
		const char *nl = p ? strchr(p, '\n') : NULL;
		if (!nl) {
			bad++;
			break;
		}
		lines++;
		size_t len = (size_t)(nl - p);
		char *line = malloc(len + 1);
		memcpy(line, p, len);
		line[len] = 0;
		if (strncmp(line, want, strlen(want)) || !strstr(line, words) || !strstr(line, value) ||
		    (dg.n == 0) != (strstr(line, "\"diagnostics\":[]") != NULL)) {
			if (bad++ < 3)
				printf("# unit %zu: %s\n#  want %s %s %s\n", i, line, want, words, value);
		}
		p = nl + 1;
		free(line);
	}
	CHECK(bad == 0 && lines == N && st.errors == errors && st.warnings == warnings && errors > 500,
	      "JSON units: %u wrong of %u; %llu/%llu errors, %llu/%llu warnings", bad, lines,
	      (unsigned long long)st.errors, errors, (unsigned long long)st.warnings, warnings);
	/* check: one line per diagnostic, named by the input and the offset */
	struct gk_stream_opts oc = { .check = true, .name = "m.bin" };
	run(e, bytes, sizeof bytes, GK_IN_BIN, &oc, &t, &st, NULL);
	unsigned long long clines = 0;
	for (const char *q = t.p; q && (q = strstr(q, "m.bin:0x")); q++)
		clines++;
	CHECK(clines > 500 && clines <= errors + warnings, "check: %llu lines for %llu diagnostics", clines,
	      errors + warnings);
	/* the text names the diagnostics where they are */
	struct gk_stream_opts ot = { 0 };
	static const uint64_t one[] = { 0x0200000000064400ull, 0x020000000000fb01ull, 0x0b00000000000001ull };
	uint8_t b3[24];
	to_bytes(one, 3, b3);
	run(e, b3, sizeof b3, GK_IN_BIN, &ot, &t, &st, NULL);
	CHECK(strstr(t.p, "0x00000000: GFX6,GFX6_2D_TILED_THIN1,MICROTILE=THIN,PIPE_CONFIG=3,") &&
		      strstr(t.p, "    ; error: modifier: PIPE_CONFIG=3: no such value\n") &&
		      strstr(t.p, "    ; libdrm name: GFX9,GFX9_64K_R_X,DCC,DCC_RETILE,") &&
		      strstr(t.p, "0x00000010: VENDOR=0x0b,0x1 ; 0x0b00000000000001\n") && st.errors == 2 &&
		      st.warnings == 1,
	      "text: %s", t.p);
	ot.json = true;
	run(e, b3, sizeof b3, GK_IN_BIN, &ot, &t, &st, NULL);
	CHECK(strstr(t.p, "\"exact_name\":\"GFX9,GFX9_64K_R_X,DCC,DCC_RETILE,DCC_MAX_COMPRESSED_BLOCK=64B,PIPE_XOR_BITS=0,"
			  "BANK_XOR_BITS=0,RB=0,PIPE_0,DCC_PIPE_ALIGN\"") &&
		      strstr(t.p, "\"enums\":{\"TILE_VERSION\":\"GFX6\",\"TILE\":\"GFX6_2D_TILED_THIN1\",\"MICROTILE\":\"THIN\",") &&
		      strstr(t.p, "\"offset\":8,\"dw\":null,\"bits\":[15,15],\"field\":\"DCC_PIPE_ALIGN\""),
	      "JSON: %s", t.p);
	free(t.p);
	gk_engine_close(e);
}

/* bad input: the reader's errors, the assembler's errors with line and column */
static void test_garbage(void)
{
	struct gk_engine *e = gk_engine_open("modifier", "gfx8", NULL);
	struct gk_stream_opts o = { 0 };
	struct gk_stream_stats st;
	struct gk_diag err;
	struct gk_membuf t = { 0 };
	static const struct {
		const char *in;
		unsigned units;
		const char *msg;
	} hex[] = {
		{ "0x0200000000000a01 zzz\n", 1, "" },
		{ "0x0200000000000a01 0x1\n", 1, "" },           /* a low half without its high half */
		{ "0x0200000000000a01 0x123456789abcdef01\n", 1, "" }, /* 17 digits */
	};
	for (size_t i = 0; i < 3; i++) {
		int rc = run(e, hex[i].in, strlen(hex[i].in), GK_IN_HEX, &o, &t, &st, &err);
		CHECK(rc == -1 && st.units == hex[i].units && err.severity == GK_ERROR && err.line == 1 && err.col > 18,
		      "hex '%s': rc %d, %llu units, line %u col %u: %s", hex[i].in, rc, (unsigned long long)st.units,
		      err.line, err.col, err.message);
	}
	static const uint8_t thirteen[13] = { 1, 0xa, 0, 0, 0, 0, 0, 2, 9, 9, 9, 9, 9 };
	int rc = run(e, thirteen, sizeof thirteen, GK_IN_BIN, &o, &t, &st, &err);
	CHECK(rc == -1 && st.units == 1 && err.code == GK_D_TRUNCATED && err.offset == 8,
	      "13 bytes: rc %d, %llu units, offset %llu: %s", rc, (unsigned long long)st.units,
	      (unsigned long long)err.offset, err.message);
	rc = run(e, "", 0, GK_IN_BIN, &o, &t, &st, NULL);
	CHECK(rc == 0 && st.units == 0 && t.n == 0, "empty input: nothing");
	/* the assembler */
	static const struct {
		const char *line;
		uint32_t col;
	} bad[] = {
		{ "GFX9,NOPE", 6 },
		{ "0x00000010:   GFX9,GFX9_64K_D,NOPE", 31 },
		{ "GFX6,GFX6_2D_TILED_THIN1,BANK_WIDTH=3", 37 }, /* the value */
		{ "LINEAR,", 7 },
		{ "\x01\xff", 1 },
		{ "0x1ffffffffffffffff", 1 },
		{ "TILE_VERSION=300", 14 },
	};
	static uint64_t v[8];
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct values w = { v, 0, 8, 0, 0 };
		struct diags dg = { 0 };
		char text[128];
		snprintf(text, sizeof text, "LINEAR\n; a comment\n\n%s\n0x0200000000000a01 # trailing\n", bad[i].line);
		unsigned errors = assemble(e, text, &w, &dg);
		CHECK(errors == 1 && dg.n == 1 && dg.last.line == 4 && dg.last.col == bad[i].col &&
			      dg.last.code == GK_D_SYNTAX && w.n == 2 && v[0] == GK_MOD_LINEAR && v[1] == 0x0200000000000a01ull,
		      "asm '%s': %u errors, line %u col %u (want %u): %s; %zu values", bad[i].line, errors, dg.last.line,
		      dg.last.col, bad[i].col, dg.last.message, w.n);
	}
	/* a NUL inside a line ends the name there (gk_modifier_parse) and is no crash */
	struct values w = { v, 0, 8, 0, 0 };
	struct diags dg = { 0 };
	struct gk_engine_asm *a = gk_engine_asm_open(e, emit, &w, on_diag, &dg);
	gk_engine_asm_line(a, "INVALID\0junk", 12);
	gk_engine_asm_line(a, NULL, 0);
	CHECK(gk_engine_asm_finish(a) == 0 && w.n == 1 && v[0] == GK_MOD_INVALID, "NUL in a line: %zu values", w.n);
	gk_engine_asm_close(a);
	free(t.p);
	gk_engine_close(e);
	CHECK(!gk_engine_open("modifier", "r600", &err) && strstr(err.message, "unknown GPU 'r600' for modifier"),
	      "r600 is no modifier GPU");
	CHECK(!gk_engine_open("isa", "gfx12", NULL), "-e isa never means modifiers");
}

/* list: the fields of the GPU's TILE_VERSION */
static void test_list(void)
{
	static const struct {
		const char *gpu, *has, *hasnot;
	} t[] = {
		{ "gfx7", "16:14 MICROTILE ", "BANK_XOR_BITS" },
		{ "gfx9", "26:24 BANK_XOR_BITS", "MICROTILE" },
		{ "gfx10.3", "29:27 PACKERS", "BANK_XOR_BITS" },
		{ "gfx12", "12:8  TILE                     1=GFX12_256B_2D", "DCC_RETILE" },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		struct gk_engine *e = gk_engine_open("modifier", t[i].gpu, NULL);
		struct gk_membuf x = { 0 };
		char buf[64];
		struct gk_out o = GK_OUT_INIT(buf, sizeof buf, gk_membuf_write, &x);
		int rc = gk_engine_describe(e, &o);
		gk_out_flush(&o);
		gk_membuf_write(&x, "", 0);
		CHECK(rc == 0 && x.p && strstr(x.p, t[i].has) && !strstr(x.p, t[i].hasnot) && strstr(x.p, "reserved 0x00"),
		      "list %s: %s", t[i].gpu, x.p ? x.p : "");
		free(x.p);
		gk_engine_close(e);
	}
}

int main(void)
{
	test_round_trip();
	test_same_as_api();
	test_garbage();
	test_list();
	return tl_done();
}
