/* The engine registry and the one stream loop (include/gfxkit/engine.h):
 * names and GPUs resolve as documented, bad arguments are refused, and
 * gk_stream_run prints exactly what the per-unit API prints for the same
 * words (text, JSON, check lines, the end line), whatever the read sizes. */
#include "gfxkit/gfxkit.h"
#include "testlib.h"

/* n random words (malloc'd), one in `every` ANDed with mask so that short
 * counts and known opcodes come up often enough for many packets to frame */
static uint32_t *random_words(size_t n, uint64_t seed, unsigned every, uint32_t mask)
{
	uint32_t *w = malloc(n * sizeof *w);
	for (size_t i = 0; w && i < n; i++) {
		uint64_t r = tl_rand(&seed);
		w[i] = (uint32_t)r;
		if ((r >> 40) % every == 0)
			w[i] &= mask;
	}
	return w;
}

/* gk_stream_run over words (binary, read chunk bytes at a time) into *t */
static int run(struct gk_engine *e, const uint32_t *w, size_t n, size_t chunk, const struct gk_stream_opts *o,
	       struct gk_membuf *t, struct gk_stream_stats *st)
{
	struct tl_reader r = { (const uint8_t *)w, 4 * n, 0, chunk };
	struct gk_input *in = gk_input_create(tl_read, &r, GK_IN_BIN, gk_engine_unit_bytes(e));
	int rc = tl_stream(e, in, o, t, st);
	gk_input_destroy(in);
	return rc;
}

/* what the per-packet API prints for the same words (the CLI's old loop) */
static void reference(const struct gk_format *fmt, const uint32_t *w, size_t n, const struct gk_stream_opts *o,
		      struct gk_membuf *t, uint64_t *errors)
{
	char buf[256];
	struct gk_out out = GK_OUT_INIT(buf, sizeof buf, gk_membuf_write, t);
	struct gk_check_state cs;
	gk_check_init(&cs);
	gk_check_set_buffers(&cs, o->bos, o->nbos);
	struct gk_diags dg;
	size_t pos = 0;
	uint64_t end = 0;
	t->n = 0;
	*errors = 0;
	while (pos < n) {
		struct gk_packet pkt;
		gk_packet_frame(fmt, w + pos, n - pos, 4 * pos, &pkt);
		gk_diags_reset(&dg);
		gk_check_packet(fmt, &cs, &pkt, &dg);
		*errors += dg.errors;
		if (o->json)
			gk_json_packet(fmt, &pkt, &dg, o->json_flags, &out);
		else {
			gk_text_packet(fmt, &pkt, o->raw_words, &out);
			gk_text_diags(&dg, &out);
		}
		pos += pkt.ndw;
		end = 4ull * pos;
	}
	gk_diags_reset(&dg);
	gk_check_end(&cs, end, &dg);
	*errors += dg.errors;
	if (o->json)
		gk_json_end(fmt->family, end, &dg, &out);
	else
		gk_text_diags(&dg, &out);
	gk_out_flush(&out);
	gk_membuf_write(t, "", 0);
}

static void test_registry(void)
{
	struct gk_diag err;
	static const struct {
		const char *engine, *gpu, *want_engine, *want_gpu;
	} ok[] = {
		{ "pm4", "evergreen", "pm4", "evergreen" },
		{ "pm4", "CYPRESS", "pm4", "evergreen" },
		{ "dma", "cik", "dma", "cik" },
		{ "dma", "Bonaire", "dma", "cik" },
		{ NULL, "cayman", "pm4", "cayman" }, /* auto: pm4 first */
		{ "auto", "si", "pm4", "gfx6" },     /* pm4 first, and it knows SI */
		{ "auto", "gfx10", "pm4", "gfx10" },
		{ "dma", "si", "dma", "si" },
		{ "pm4", "Tahiti", "pm4", "gfx6" },
		{ "isa", "navi10", "amdgpu", "gfx10" },
		{ "amdgpu", "GFX9", "amdgpu", "gfx9" },
		{ "modifier", "GFX10.3", "modifier", "gfx10.3" },
		{ "adreno", "a630", "adreno", "a6xx" },
		{ "adreno", "0x07030001", "adreno", "a7xx" },
		{ "adreno", "a306", "adreno", "a3xx" },
		{ NULL, "a630", "ir3", "a630" }, /* auto: a bare Adreno name stays the instruction set */
	};
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		struct gk_engine *e = gk_engine_open(ok[i].engine, ok[i].gpu, &err);
		CHECK(e && !strcmp(gk_engine_name(e), ok[i].want_engine) && !strcmp(gk_engine_gpu(e), ok[i].want_gpu),
		      "open %s %s: %s %s (%s)", ok[i].engine ? ok[i].engine : "NULL", ok[i].gpu,
		      e ? gk_engine_name(e) : "NULL", e ? gk_engine_gpu(e) : "", e ? "" : err.message);
		if (e)
			CHECK((gk_engine_format(e) != NULL) == (!strcmp(ok[i].want_engine, "pm4") || !strcmp(ok[i].want_engine, "dma") ||
								 !strcmp(ok[i].want_engine, "adreno")),
			      "%s: a format exactly for table-described engines", ok[i].want_engine);
		gk_engine_close(e);
	}
	static const struct {
		const char *engine, *gpu, *msg;
	} bad[] = {
		{ "pm4", "r900", "unknown GPU 'r900' for pm4" },
		{ "pm4", "gfx13", "unknown GPU 'gfx13' for pm4" },
		{ "dma", "gfx13", "unknown GPU 'gfx13' for dma" },
		{ "adreno", "a999", "unknown GPU 'a999' for adreno" },
		{ "sdma", "cik", "unknown engine 'sdma'" },
		{ "isa", "cayman", "unknown GPU 'cayman' for any instruction set" },
		{ "isa", "gfx12", "unknown GPU 'gfx12' for any instruction set" }, /* modifiers are no instruction set */
		{ NULL, "nosuchgpu", "unknown GPU 'nosuchgpu' for any engine" },
		{ "pm4", "", "no GPU given" },
		{ "pm4", NULL, "no GPU given" },
		{ "pm4", "evergreen-but-a-name-longer-than-sixty-four-characters-is-no-gpu-at-all", "unknown GPU" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		memset(&err, 0, sizeof err);
		struct gk_engine *e = gk_engine_open(bad[i].engine, bad[i].gpu, &err);
		CHECK(!e && err.severity == GK_ERROR && strstr(err.message, bad[i].msg), "open %s %s: want '%s', got %s",
		      bad[i].engine ? bad[i].engine : "NULL", bad[i].gpu ? bad[i].gpu : "NULL", bad[i].msg,
		      e ? "an engine" : err.message);
		gk_engine_close(e);
	}
	CHECK(!gk_engine_open("pm4", "r900", NULL), "a NULL err is fine");
	gk_engine_close(NULL);
	CHECK(!gk_engine_name(NULL) && !gk_engine_gpu(NULL) && !gk_engine_unit_bytes(NULL) && !gk_engine_format(NULL),
	      "NULL engine accessors");
	size_t n = 0;
	while (gk_engine_list(n))
		n++;
	CHECK(n >= 3 && !strcmp(gk_engine_list(0), "pm4"), "%zu engines listed", n);
	CHECK(gk_engine_gpu_help("dma") && strstr(gk_engine_gpu_help("dma"), "cik") && !gk_engine_gpu_help("x") &&
		      !gk_engine_gpu_help(NULL),
	      "gpu help");
	struct gk_stream_stats st;
	struct gk_stream_opts o = { 0 };
	CHECK(gk_stream_run(NULL, NULL, &o, NULL, &st) == -1, "gk_stream_run refuses NULLs");
}

/* The loop against the per-packet API on random streams, read in odd chunks. */
static void test_same_as_packets(const char *engine, const char *gpu, uint64_t seed)
{
	struct gk_engine *e = gk_engine_open(engine, gpu, NULL);
	CHECK(e != NULL, "%s %s opens", engine, gpu);
	if (!e)
		return;
	const struct gk_format *fmt = gk_engine_format(e);
	enum { N = 6000 };
	uint32_t *w = random_words(N, seed, 4, 0xc00fffffu);
	static const struct gk_bo bos[] = { { 0x1000, 0x100000 }, { 0x40000000, 0x1000 } };
	struct gk_membuf a = { 0 }, b = { 0 };
	for (unsigned mode = 0; mode < 4; mode++) {
		struct gk_stream_opts o = { .json = mode >= 2, .json_flags = mode == 3 ? GK_JSON_TEXT : 0,
					    .raw_words = mode == 1, .bos = mode & 1 ? bos : NULL, .nbos = mode & 1 ? 2 : 0 };
		struct gk_stream_stats st;
		uint64_t errors;
		size_t chunks[] = { 3, 4096, 0 };
		for (size_t c = 0; c < 3; c++) {
			int rc = run(e, w, N, chunks[c], &o, &a, &st);
			reference(fmt, w, N, &o, &b, &errors);
			CHECK(rc == 0 && a.n == b.n && !memcmp(a.p, b.p, a.n) && st.errors == errors && st.end == 4ull * N,
			      "%s %s mode %u chunk %zu: loop and per-packet output differ (%zu vs %zu bytes, %llu vs %llu errors)",
			      engine, gpu, mode, chunks[c], a.n, b.n, (unsigned long long)st.errors,
			      (unsigned long long)errors);
		}
	}
	free(a.p);
	free(b.p);
	free(w);
	gk_engine_close(e);
}

/* check mode: FILE:0xOFFSET lines, the dropped note, the summary counts */
static void test_check_lines(void)
{
	struct gk_engine *e = gk_engine_open("pm4", "evergreen", NULL);
	uint32_t w[44] = { 0xc0286100 }; /* LOAD_CONTEXT_REG, 42 dwords, every reserved bit set */
	for (size_t i = 1; i < 44; i++)
		w[i] = 0xffffffffu;
	struct gk_stream_opts o = { .check = true, .name = "x.bin" };
	struct gk_stream_stats st;
	struct gk_membuf t = { 0 };
	run(e, w, 44, 0, &o, &t, &st);
	unsigned lines = 0;
	for (const char *p = t.p; (p = strstr(p, "x.bin:0x0: error: LOAD_CONTEXT_REG: ")); p++)
		lines++;
	CHECK(lines == GK_MAX_DIAGS, "%u check lines for the packet, want %u", lines, GK_MAX_DIAGS);
	CHECK(strstr(t.p, "x.bin:0x0: note: ... 25 more diagnostics for this packet\n") != NULL, "dropped note: %s", t.p);
	CHECK(st.errors == 42 && st.units == 2, "%llu errors in %llu units, want 42 in 2", (unsigned long long)st.errors,
	      (unsigned long long)st.units);
	/* check --json prints only units with diagnostics, and the end line */
	uint32_t pe[] = { 0xc0002300, 0x01000005, 0xc0001000, 0 }; /* PRED_EXEC of 5 dwords, then a NOP */
	struct gk_stream_opts oj = { .check = true, .json = true };
	run(e, pe, 4, 0, &oj, &t, &st);
	CHECK(!strncmp(t.p, "{\"offset\":16,\"engine\":\"pm4\",\"end\":true,\"diagnostics\":[{\"severity\":\"error\",\"code\":"
			    "\"exec_count\",",
		       90) &&
		      !strchr(t.p, '\n')[1],
	      "check --json: only the end line: %s", t.p);
	free(t.p);
	gk_engine_close(e);
}

/* A DMA packet of 2^20 + 3 dwords (the longest framing gives) streams whole
 * through the window; cut one dword short it is one truncated packet. */
static void test_long_packet(void)
{
	struct gk_engine *e = gk_engine_open("dma", "evergreen", NULL);
	size_t n = 3 + 0xfffff;
	uint32_t *w = calloc(n + 1, sizeof *w);
	w[0] = (2u << 28) | 0xfffff; /* WRITE_LINEAR, count [19:0] */
	w[1] = 0x1000;
	w[n] = 0xf0000000u; /* a NOP after it */
	struct gk_stream_opts o = { .check = true };
	struct gk_stream_stats st;
	struct gk_membuf t = { 0 };
	int rc = run(e, w, n + 1, 65536, &o, &t, &st);
	CHECK(rc == 0 && st.units == 2 && st.errors == 0 && st.end == 4ull * (n + 1),
	      "long WRITE: rc %d, %llu units, %llu errors, end 0x%llx", rc, (unsigned long long)st.units,
	      (unsigned long long)st.errors, (unsigned long long)st.end);
	rc = run(e, w, n - 1, 65536, &o, &t, &st);
	CHECK(rc == 0 && st.units == 1 && st.errors == 1 && strstr(t.p, "runs past the end of the buffer"),
	      "cut WRITE: rc %d, %llu units, %llu errors: %s", rc, (unsigned long long)st.units,
	      (unsigned long long)st.errors, t.p);
	free(t.p);
	free(w);
	gk_engine_close(e);
}

/* CIK SDMA says a WRITE's length in body dword 3: a packet whose header
 * sits at the end of the reader's window is framed again once its body is
 * there (a 4 MB stream of 5-dword WRITEs crosses the window many times). */
static void test_frame_at_window_edge(void)
{
	struct gk_engine *e = gk_engine_open("dma", "cik", NULL);
	size_t n = 5 * 200001;
	uint32_t *w = malloc(n * sizeof *w);
	for (size_t i = 0; i < n; i += 5) {
		w[i] = 2;            /* WRITE_LINEAR */
		w[i + 1] = 0x1000;   /* address */
		w[i + 2] = 0;
		w[i + 3] = 1;        /* one dword */
		w[i + 4] = (uint32_t)i;
	}
	struct gk_stream_opts o = { .check = true };
	struct gk_stream_stats st;
	struct gk_membuf t = { 0 };
	size_t chunks[] = { 4093, 0 };
	for (size_t c = 0; c < 2; c++) {
		int rc = run(e, w, n, chunks[c], &o, &t, &st);
		CHECK(rc == 0 && st.units == n / 5 && st.errors == 0, "cik WRITEs (chunk %zu): %llu units, %llu errors: %.200s",
		      chunks[c], (unsigned long long)st.units, (unsigned long long)st.errors, t.p);
	}
	free(t.p);
	free(w);
	gk_engine_close(e);
}

/* the engine assembler's words go to a struct words (tests/testlib.h) */

static int count_diag(void *ctx, const struct gk_diag *d)
{
	(void)d;
	++*(unsigned *)ctx;
	return 0;
}

/* decode -> the engine's assembler gives the words back, for every engine */
static void test_asm_round_trip(const char *engine, const char *gpu, uint64_t seed)
{
	struct gk_engine *e = gk_engine_open(engine, gpu, NULL);
	enum { N = 4000 };
	uint32_t *w = random_words(N, seed, 4, 0xc00fffffu);
	struct gk_stream_opts o = { 0 };
	struct gk_stream_stats st;
	struct gk_membuf t = { 0 };
	run(e, w, N, 0, &o, &t, &st);
	struct words out = { 0 };
	unsigned diags = 0;
	struct gk_engine_asm *a = gk_engine_asm_open(e, words_emit, &out, count_diag, &diags);
	CHECK(a != NULL, "%s: an assembler", engine);
	gk_engine_asm_text(a, t.p, t.p ? strlen(t.p) : 0);
	unsigned errors = gk_engine_asm_finish(a);
	gk_engine_asm_close(a);
	CHECK(errors == 0 && diags == 0 && out.n == N && !memcmp(out.w, w, N * sizeof *w),
	      "%s %s: decode -> assemble gives %zu words back (%u errors), want the %u", engine, gpu, out.n, errors, N);
	free(out.w);
	free(t.p);
	free(w);
	gk_engine_close(e);
}

static void test_asm_and_list(void)
{
	test_asm_round_trip("pm4", "evergreen", 11);
	test_asm_round_trip("dma", "cik", 12);
	test_asm_round_trip("amdgpu", "gfx10", 13);
	test_asm_round_trip("ir3", "a630", 14);
	test_asm_round_trip("modifier", "gfx11", 15);
	test_asm_round_trip("adreno", "a630", 16);
	test_asm_round_trip("adreno", "a320", 17);
	/* an error carries its line and column */
	struct gk_engine *e = gk_engine_open("ir3", "a630", NULL);
	struct words out = { 0 };
	unsigned diags = 0;
	struct gk_engine_asm *a = gk_engine_asm_open(e, words_emit, &out, count_diag, &diags);
	gk_engine_asm_line(a, "nop", 3);
	gk_engine_asm_line(a, "  bogus", 7);
	CHECK(gk_engine_asm_finish(a) == 1 && diags == 1 && out.n == 2, "ir3: one error, one instruction");
	gk_engine_asm_close(a);
	free(out.w);
	/* lists */
	static const char *const with_list[][2] = { { "pm4", "r600" }, { "dma", "si" }, { "ir3", "a530" },
								    { "adreno", "a750" } };
	for (size_t i = 0; i < 4; i++) {
		struct gk_engine *x = gk_engine_open(with_list[i][0], with_list[i][1], NULL);
		struct gk_membuf t = { 0 };
		char buf[256];
		struct gk_out o = GK_OUT_INIT(buf, sizeof buf, gk_membuf_write, &t);
		int rc = gk_engine_describe(x, &o);
		gk_out_flush(&o);
		gk_membuf_write(&t, "", 0);
		unsigned lines = 0;
		for (const char *p = t.p; p && (p = strchr(p, '\n')); p++)
			lines++;
		CHECK(rc == 0 && lines > 20, "%s list: rc %d, %u lines", with_list[i][0], rc, lines);
		free(t.p);
		gk_engine_close(x);
	}
	struct gk_engine *g = gk_engine_open("amdgpu", "gfx9", NULL);
	char buf[16];
	struct gk_out o = GK_OUT_INIT(buf, sizeof buf, NULL, NULL);
	CHECK(gk_engine_describe(g, &o) == -1 && gk_engine_describe(NULL, &o) == -1 && gk_engine_describe(g, NULL) == -1,
	      "no list for amdgpu; NULLs refused");
	CHECK(!gk_engine_asm_open(NULL, words_emit, NULL, NULL, NULL), "no assembler for a NULL engine");
	gk_engine_asm_line(NULL, "x", 1);
	CHECK(gk_engine_asm_finish(NULL) == 0, "finish NULL");
	gk_engine_asm_close(NULL);
	gk_engine_close(g);
	gk_engine_close(e);
}

/* The unit callback sees every unit with its words, and gk_engine_access
 * gives the same ranges as the access model on the framed packet. */
struct unit_seen {
	const struct gk_format *fmt;
	unsigned units, accesses, mismatches, stop_after;
	uint64_t next;
	unsigned offsets_wrong;
};

static int on_unit(void *ctx, struct gk_engine *e, uint64_t offset, const uint32_t *w, size_t n,
		   const struct gk_diags *dg)
{
	struct unit_seen *u = ctx;
	(void)dg;
	if (offset != u->next)
		u->offsets_wrong++;
	u->next = offset + 4 * n;
	u->units++;
	struct gk_packet pkt;
	gk_packet_frame(u->fmt, w, n, offset, &pkt);
	for (unsigned k = 0; k < 8; k++) {
		struct gk_mem_access a, b;
		memset(&a, 0, sizeof a);
		memset(&b, 0, sizeof b);
		int ra = gk_engine_access(e, k, &a), rb = gk_packet_access(u->fmt, &pkt, k, &b);
		if (ra != rb || (ra == 1 && (a.first != b.first || a.last != b.last || a.rw != b.rw)))
			u->mismatches++;
		if (ra < 0)
			break;
		u->accesses += ra == 1;
	}
	return u->stop_after && u->units == u->stop_after;
}

static void test_unit_callback(void)
{
	static const char *const gens[] = { "cayman", "si", "evergreen" }; /* random CIK words frame as few, huge packets */
	for (size_t g = 0; g < 3; g++) {
		struct gk_engine *e = gk_engine_open("dma", gens[g], NULL);
		enum { N = 20000 };
		uint32_t *w = random_words(N, 21 + g, 2, 0xff0000ffu);
		struct unit_seen u = { .fmt = gk_engine_format(e) };
		struct gk_stream_opts o = { .check = true, .unit = on_unit, .unit_ctx = &u };
		struct gk_stream_stats st;
		struct gk_membuf t = { 0 };
		run(e, w, N, 0, &o, &t, &st);
		CHECK(u.units == st.units && u.units > 1000 && u.accesses > 100 && !u.mismatches && !u.offsets_wrong,
		      "dma %s: %u units (%llu), %u accesses, %u mismatches, %u offsets wrong", gens[g], u.units,
		      (unsigned long long)st.units, u.accesses, u.mismatches, u.offsets_wrong);
		struct unit_seen v = { .fmt = gk_engine_format(e), .stop_after = 7 };
		o.unit_ctx = &v;
		run(e, w, N, 0, &o, &t, &st);
		CHECK(v.units == 7 && st.units == 7, "dma %s: a callback stops the stream after 7 units: %llu", gens[g],
		      (unsigned long long)st.units);
		free(t.p);
		free(w);
		gk_engine_close(e);
	}
	struct gk_engine *a = gk_engine_open("amdgpu", "gfx10", NULL);
	struct gk_mem_access m;
	CHECK(gk_engine_access(a, 0, &m) == -1 && gk_engine_access(NULL, 0, &m) == -1 && gk_engine_access(a, 0, NULL) == -1,
	      "no accesses for instruction words; NULLs refused");
	gk_engine_close(a);
}

int main(void)
{
	test_unit_callback();
	test_asm_and_list();
	test_frame_at_window_edge();
	test_registry();
	test_same_as_packets("pm4", "r600", 1);
	test_same_as_packets("pm4", "evergreen", 2);
	test_same_as_packets("pm4", "cayman", 3);
	test_same_as_packets("dma", "r700", 4);
	test_same_as_packets("dma", "cayman", 5);
	test_same_as_packets("dma", "si", 6);
	test_same_as_packets("dma", "cik", 7);
	test_check_lines();
	test_long_packet();
	return tl_done();
}
