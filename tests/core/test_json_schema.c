/* Every engine's JSON output against docs/json-schema.json (the schema
 * docs/json.md explains), validated in C by tests/jsonschema.h: PM4 and DMA
 * units (committed vectors and examples, random streams, check diagnostics,
 * --bo bounds, end lines), AMDGPU s_sendmsg units, modifiers (the object of
 * `gfxkit modifier decode --json` and the modifier engine's units) and tile info.
 * Run from the repository root (tests/run.sh does).  An engine is one
 * function in `engines` below. */
#include "gfxkit/gfxkit.h"
#include "jsonschema.h"
#include "testlib.h"

#define SCHEMA_PATH "docs/json-schema.json"

static struct js_doc schema;      /* node 0 is "#" */
static struct js_doc inst;        /* reused for every line */

/* What the lines of one engine showed, so that no part passes vacuously. */
struct stats {
	unsigned long lines, bad, with_diags, with_text, end_lines, dropped, big_offsets;
	uint32_t codes;               /* bit per gk_diag_code seen in "code" */
};
_Static_assert(GK_D_NCODES <= 32, "stats.codes has a bit per code");

static uint32_t schema_node(const char *ref)
{
	if (!strcmp(ref, "#"))
		return 0;
	return js_get(&schema, js_get(&schema, 0, "$defs"), ref + strlen("#/$defs/"));
}

static enum gk_diag_code code_of(const char *name, size_t len)
{
	static const char *names[GK_D_NCODES];
	static size_t lens[GK_D_NCODES];
	for (int c = 0; c < GK_D_NCODES; c++) {
		if (!names[c])
			names[c] = gk_diag_code_name((enum gk_diag_code)c), lens[c] = strlen(names[c]);
		if (lens[c] == len && !memcmp(names[c], name, len))
			return (enum gk_diag_code)c;
	}
	return GK_D_NCODES;
}

static void count_line(struct stats *st, uint32_t root)
{
	uint32_t dg = js_get(&inst, root, "diagnostics");
	if (dg != JS_NONE && inst.n[dg].kind == JS_ARR && inst.n[dg].count) {
		st->with_diags++;
		for (uint32_t d = inst.n[dg].first; d != JS_NONE; d = inst.n[d].next) {
			uint32_t c = js_get(&inst, d, "code");
			if (c != JS_NONE && inst.n[c].kind == JS_STR) {
				enum gk_diag_code k = code_of(js_str(&inst, inst.n[c].str), inst.n[c].slen);
				if (k < GK_D_NCODES)
					st->codes |= 1u << k;
			}
		}
	}
	st->with_text += js_get(&inst, root, "text") != JS_NONE;
	st->end_lines += js_get(&inst, root, "end") != JS_NONE;
	st->dropped += js_get(&inst, root, "diagnostics_dropped") != JS_NONE;
	uint32_t off = js_get(&inst, root, "offset");
	st->big_offsets += off != JS_NONE && inst.n[off].kind == JS_STR;
}

/* Validate one line (text[0, n), without its newline) against ref; on
 * failure print where (instance path), which keyword and the line. */
static bool validate_one(const char *ref, const char *text, size_t n, struct js_err *e)
{
	memset(e, 0, sizeof *e);
	if (!js_parse(&inst, text, n)) {
		snprintf(e->path, sizeof e->path, "@%zu", inst.errpos);
		snprintf(e->keyword, sizeof e->keyword, "(json)");
		snprintf(e->msg, sizeof e->msg, "%s", inst.err);
		return false;
	}
	if (inst.n[0].kind != JS_OBJ) {
		snprintf(e->path, sizeof e->path, "/");
		snprintf(e->keyword, sizeof e->keyword, "(line)");
		snprintf(e->msg, sizeof e->msg, "a line must be one object");
		return false;
	}
	char path[256] = "";
	return js_validate(&schema, schema_node(ref), &inst, 0, path, 0, e, 0);
}

#define MAX_SHOWN 40
static unsigned long failed_lines;

/* Every line of out (JSON Lines: each ends in '\n', no blank lines) against
 * ref; each valid line is a passed check. */
static void validate_lines(const char *what, const char *ref, const char *out, size_t n, struct stats *st)
{
	size_t pos = 0;
	while (pos < n) {
		const char *nl = memchr(out + pos, '\n', n - pos);
		size_t len = nl ? (size_t)(nl - (out + pos)) : n - pos;
		struct js_err e;
		bool ok = nl != NULL && len > 0 && validate_one(ref, out + pos, len, &e);
		if (!nl || !len) {
			js_copy(e.path, sizeof e.path, "/", NULL);
			js_copy(e.keyword, sizeof e.keyword, "(line)", NULL);
			js_copy(e.msg, sizeof e.msg, nl ? "empty line" : "no newline at the end", NULL);
		}
		st->lines++;
		if (ok)
			count_line(st, 0);
		else
			st->bad++;
		/* a schema change can fail every line: show the first ones, count all */
		if (ok || ++failed_lines <= MAX_SHOWN)
			CHECK(ok, "%s: %s: %s: %s: %.*s", what, e.path, e.keyword, e.msg, (int)(len > 1500 ? 1500 : len),
			      out + pos);
		else
			tl_fail++;
		pos += len + (nl != NULL);
	}
}

static void show(const char *engine, const char *part, const struct stats *st)
{
	printf("# %-8s %-28s %7lu lines, %6lu with diagnostics, %5lu with text, %3lu end, %4lu dropped, "
	       "%4lu 0x offsets, codes:",
	       engine, part, st->lines, st->with_diags, st->with_text, st->end_lines, st->dropped, st->big_offsets);
	for (int c = 1; c < GK_D_NCODES; c++)
		if (st->codes >> c & 1)
			printf(" %s", gk_diag_code_name((enum gk_diag_code)c));
	printf("\n");
}

/* ---- PM4 and DMA: streams through the library, as `gfxkit check --json` ---- */

/* Frame, check and print words[0, n) (byte offset base) as `decode --json`
 * does, then the end line; validate every line. */
static void run_words(const char *what, const struct gk_format *fmt, const uint32_t *w, size_t n, uint64_t base,
		      unsigned flags, const struct gk_bo *bos, unsigned nbos, struct stats *st)
{
	struct gk_membuf t = { 0, 0, 0 };
	char obuf[4096];
	struct gk_out out = GK_OUT_INIT(obuf, sizeof obuf, gk_membuf_write, &t);
	struct gk_check_state cs;
	struct gk_diags dg;
	gk_check_init(&cs);
	gk_check_set_buffers(&cs, bos, nbos);
	size_t pos = 0;
	while (pos < n) {
		struct gk_packet pkt;
		gk_packet_frame(fmt, w + pos, n - pos, base + 4ull * pos, &pkt);
		gk_diags_reset(&dg);
		gk_check_packet(fmt, &cs, &pkt, &dg);
		gk_json_packet(fmt, &pkt, &dg, flags, &out);
		pos += pkt.ndw;
	}
	gk_diags_reset(&dg);
	gk_check_end(&cs, base + 4ull * n, &dg);
	gk_json_end(fmt->family, base + 4ull * n, &dg, &out);
	gk_out_flush(&out);
	CHECK(!out.failed, "%s: output failed", what);
	validate_lines(what, "#", t.p ? t.p : "", t.n, st);
	free(t.p);
}

/* A committed stream: .bin little-endian words, .hex one hex word per
 * token with '#' comments.  Read here with libc alone, so that this test
 * does not follow the input API's changes; what it checks is the output. */
static uint32_t *read_words(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	static unsigned char raw[1 << 20];
	size_t len = fread(raw, 1, sizeof raw, f);
	bool big = !feof(f);
	fclose(f);
	uint32_t *w = big ? NULL : malloc((len / 4 + len / 2 + 1) * sizeof *w);
	if (!w)
		return NULL;
	*n = 0;
	size_t pl = strlen(path);
	if (pl > 4 && !strcmp(path + pl - 4, ".bin")) {
		for (size_t i = 0; i + 4 <= len; i += 4)
			w[(*n)++] = (uint32_t)raw[i] | (uint32_t)raw[i + 1] << 8 | (uint32_t)raw[i + 2] << 16 |
				    (uint32_t)raw[i + 3] << 24;
		return w;
	}
	for (size_t i = 0; i < len;) {
		if (raw[i] == '#') {
			while (i < len && raw[i] != '\n')
				i++;
			continue;
		}
		if (raw[i] == ' ' || raw[i] == '\t' || raw[i] == '\r' || raw[i] == '\n' || raw[i] == ',') {
			i++;
			continue;
		}
		if (i + 1 < len && raw[i] == '0' && (raw[i + 1] == 'x' || raw[i + 1] == 'X'))
			i += 2;
		uint64_t v = 0;
		unsigned digits = 0;
		for (; i < len && strchr("0123456789abcdefABCDEF", raw[i]) && raw[i]; i++, digits++)
			v = v << 4 | (uint64_t)(raw[i] <= '9' ? raw[i] - '0' : (raw[i] | 0x20) - 'a' + 10);
		if (!digits || digits > 8) {
			free(w);
			return NULL;
		}
		w[(*n)++] = (uint32_t)v;
	}
	return w;
}

static void run_file(const struct gk_format *fmt, const char *path, unsigned flags, struct stats *st)
{
	char what[160];
	snprintf(what, sizeof what, "%s %s %s", fmt->family, fmt->gen, path);
	size_t n = 0;
	uint32_t *w = read_words(path, &n);
	CHECK(w != NULL && n > 0, "%s: cannot read (run from the repository root)", what);
	if (w)
		run_words(what, fmt, w, n, 0, flags, NULL, 0, st);
	free(w);
}

/* An Adreno type-4 / type-7 header with its odd-parity bits set right
 * (adreno_pm4.xml), or left as they are when !fix */
static uint32_t adreno_parity(uint32_t h, bool fix)
{
	if (!fix)
		return h;
	bool t7 = (h >> 28) == 7;
	uint32_t a = t7 ? h & 0x3fffu : h & 0x7fu, b = t7 ? (h >> 16) & 0x7fu : (h >> 8) & 0x7ffffu;
	unsigned pa = 1, pb = 1;
	for (; a; a >>= 1)
		pa ^= a & 1u;
	for (; b; b >>= 1)
		pb ^= b & 1u;
	uint32_t ma = t7 ? 1u << 15 : 1u << 7, mb = t7 ? 1u << 23 : 1u << 27;
	return (h & ~(ma | mb)) | (pa ? ma : 0) | (pb ? mb : 0);
}

/* Random packets: mostly headers of this family's descriptions (the bits
 * that select one, the rest random, counts small), some fully random words;
 * bodies half small values, half random. */
static size_t random_stream(const struct gk_format *fmt, uint64_t *rng, uint32_t *w, size_t cap, unsigned npkt)
{
	bool adreno = !strcmp(fmt->family, "adreno");
	/* a2xx-a4xx frame type-0 and type-3 as PM4 does */
	bool pm4 = !strcmp(fmt->family, "pm4") || (adreno && fmt->opcode_lo == 8);
	bool cik = !pm4 && !strcmp(fmt->gen, "cik");
	size_t n = 0;
	for (unsigned k = 0; k < npkt && n + 24 < cap; k++) {
		uint64_t r = tl_rand(rng);
		uint32_t h = (uint32_t)r;
		unsigned body = (unsigned)(r >> 32) % 8;
		if (r >> 40 & 7) {
			size_t i = (size_t)(r >> 44) % fmt->ndescs;
			const struct gk_packet_desc *d = &fmt->descs[i];
			h = fmt->sel[i].value | ((uint32_t)tl_rand(rng) & ~fmt->sel[i].mask);
			unsigned len = d->min_dw + (unsigned)(r >> 52) % 3;
			if (len < 1)
				len = 1;
			if (len > 20)
				len = 20;
			body = len - 1;
			if (pm4 && (h >> 30) == 3)
				h = (h & ~0x3fff0000u) | (uint32_t)((body ? body - 1 : 0) & 0x3fff) << 16;
			else if (pm4 && (h >> 30) == 0)
				h = (h & ~0x3fff0000u) | (uint32_t)((body ? body - 1 : 0) & 0x3fff) << 16;
			else if (adreno && !pm4 && (h >> 28) == 7)
				/* a5xx+ type-7: the count, and the parity bits right in 3 of 4 */
				h = adreno_parity((h & ~0x3fffu) | body, (r >> 61) != 0);
			else if (adreno && !pm4 && (h >> 28) == 4)
				h = adreno_parity((h & ~0x7fu) | (body & 0x7fu), (r >> 61) != 0);
			else if (!pm4 && !cik && (r >> 60 & 1))
				h = (h & ~0xfffffu) | (((uint32_t)tl_rand(rng) % 8) & ~fmt->sel[i].mask);
		}
		w[n++] = h;
		for (unsigned b = 0; b < body; b++) {
			uint64_t x = tl_rand(rng);
			w[n++] = (x >> 63) ? (uint32_t)x : (uint32_t)(x % 64) << ((x >> 8) % 4 * 8);
		}
	}
	return n;
}

static void stream_engine(const char *family, const char *const *gens, size_t ngens, const char *const *files,
			  size_t nfiles, int with_bos, unsigned nstreams)
{
	struct gk_format *fmt = malloc(sizeof *fmt);
	uint32_t *w = malloc(4096 * sizeof *w);
	if (!fmt || !w) {
		CHECK(0, "out of memory");
		free(fmt);
		free(w);
		return;
	}
	static const struct gk_bo bos[] = { { 0x0, 0x10000 }, { 0x100000, 0x1000 }, { 0x40000000, 0x1000000 } };
	struct stats all;
	memset(&all, 0, sizeof all);
	for (size_t g = 0; g < ngens; g++) {
		int r = !strcmp(family, "pm4")	  ? gk_pm4_format_init(fmt, gens[g])
			: !strcmp(family, "adreno") ? gk_adreno_format_init(fmt, gens[g])
						    : gk_dma_format_init(fmt, gens[g]);
		CHECK(r == 0, "%s %s: no format", family, gens[g]);
		if (r)
			continue;
		struct stats st;
		memset(&st, 0, sizeof st);
		for (size_t i = 0; i < nfiles; i++)
			for (unsigned flags = 0; flags <= GK_JSON_TEXT; flags += GK_JSON_TEXT)
				run_file(fmt, files[i], flags, &st);
		uint64_t rng = 0x5eed0000u + g * 977 + (family[0] == 'd');
		for (unsigned s = 0; s < nstreams; s++) {
			char what[96];
			size_t n = random_stream(fmt, &rng, w, 4096, 24);
			unsigned flags = s & 1 ? GK_JSON_TEXT : 0;
			unsigned nb = with_bos && (s & 2) ? 3 : 0;
			/* some streams far into a file: offsets past 2^53 are "0x" strings */
			uint64_t base = s % 7 == 3 ? 0x7ffffffffff00000ull : 4ull * (s % 5);
			snprintf(what, sizeof what, "%s %s random stream %u", family, gens[g], s);
			run_words(what, fmt, w, n, base, flags, bos, nb, &st);
		}
		if (!strcmp(family, "pm4")) {
			/* a PRED_EXEC whose EXEC_COUNT runs past the end: the end line */
			static const uint32_t pred[] = { 0xc0002300, 0x00003fff, 0x80000000 };
			struct stats e;
			memset(&e, 0, sizeof e);
			run_words("pm4 PRED_EXEC past the end", fmt, pred, 3, 0x40, GK_JSON_TEXT, NULL, 0, &e);
			CHECK(e.end_lines == 1 && (e.codes >> GK_D_EXEC_COUNT & 1), "%s: PRED_EXEC past the end: %lu end lines",
			      gens[g], e.end_lines);
			st.lines += e.lines, st.end_lines += e.end_lines, st.codes |= e.codes, st.with_diags += e.with_diags;
		}
		show(family, gens[g], &st);
		CHECK(st.lines > 500 && st.with_diags > 20 && st.with_text > 100, "%s %s: too little output to test", family,
		      gens[g]);
		all.codes |= st.codes;
		all.end_lines += st.end_lines;
		all.big_offsets += st.big_offsets;
	}
	/* the random streams must reach the diagnostics, or the test shows little */
	static const enum gk_diag_code pm4_want[] = { GK_D_UNKNOWN_OPCODE, GK_D_RESERVED_BITS, GK_D_TOO_SHORT,
						     GK_D_EXEC_COUNT, GK_D_TRUNCATED };
	static const enum gk_diag_code dma_want[] = { GK_D_BOUNDS, GK_D_RESERVED_BITS, GK_D_TRUNCATED };
	static const enum gk_diag_code adreno_want[] = { GK_D_UNKNOWN_OPCODE, GK_D_WRONG_GEN, GK_D_TRUNCATED };
	bool adreno = !strcmp(family, "adreno");
	const enum gk_diag_code *want = adreno ? adreno_want : family[0] == 'p' ? pm4_want : dma_want;
	size_t nwant = adreno		    ? sizeof adreno_want / sizeof adreno_want[0]
		       : family[0] == 'p' ? sizeof pm4_want / sizeof pm4_want[0]
					  : sizeof dma_want / sizeof dma_want[0];
	for (size_t i = 0; i < nwant; i++)
		CHECK(all.codes >> want[i] & 1, "%s: no \"%s\" diagnostic in any line", family, gk_diag_code_name(want[i]));
	/* (Adreno has no predicated regions, so no end lines) */
	CHECK((all.end_lines > 0 || adreno) && all.big_offsets > 0, "%s: %lu end lines, %lu 0x offsets", family, all.end_lines,
	      all.big_offsets);
	free(fmt);
	free(w);
}

static void engine_pm4(void)
{
	static const char *const gens[] = { "r600", "r700", "evergreen", "cayman" };
	static const char *const files[] = { "tests/vectors/evergreen_default_state.hex",
					     "tests/vectors/cayman_default_state.hex", "examples/evergreen_compute.bin" };
	stream_engine("pm4", gens, 4, files, 3, 0, 200);
}

static void engine_dma(void)
{
	static const char *const gens[] = { "r600", "r700", "evergreen", "cayman", "si", "cik" };
	static const char *const files[] = { "examples/cayman_dma.bin" };
	stream_engine("dma", gens, 6, files, 1, 1, 120);
	/* the demo's buffers (Makefile `demo`): the example is in bounds */
	struct gk_format *fmt = malloc(sizeof *fmt);
	if (!fmt || gk_dma_format_init(fmt, "cayman")) {
		CHECK(0, "cayman dma format");
		free(fmt);
		return;
	}
	static const struct gk_bo demo[] = { { 0x2000000, 0x1000 },   { 0x5000, 0x2000 },     { 0x10000000, 0x100000 },
					     { 0x20000000, 0x200000 }, { 0x30000000, 0x10000 } };
	static const uint32_t copy[] = { 0x30000002, 0x00001000, 0x00002000, 0x00000000, 0x00000000 };
	struct stats st;
	memset(&st, 0, sizeof st);
	run_words("dma cayman copy with --bo", fmt, copy, 5, 0, GK_JSON_TEXT, demo, 5, &st);
	run_words("dma cayman copy with --bo", fmt, copy, 5, 0, 0, demo + 2, 1, &st);
	show("dma", "cayman --bo copies", &st);
	free(fmt);
}

/* Adreno: Mesa's packets (tests/adreno/vectors) and random streams, most of
 * whose headers fail the parity rule (raw words with an error each) */
static void engine_adreno(void)
{
	static const char *const gens[] = { "a2xx", "a320", "a420", "a540", "a630", "a750" };
	static const char *const files[] = { "tests/adreno/vectors/a630_fd_clouds.hex" };
	static const char *const old[] = { "tests/adreno/vectors/a320_es2gears.hex" };
	stream_engine("adreno", gens + 3, 3, files, 1, 0, 120);
	stream_engine("adreno", gens, 3, old, 1, 0, 120);
}

/* AMDGPU: every simm16 of s_sendmsg and s_sendmsghalt on gfx10, and on every
 * generation every SOPP opcode with some operands. */
/* ir3: random instruction words (and some all-ones, matching nothing) on
 * every generation, with and without text, some at offsets past 2^53 */
static void engine_ir3(void)
{
	static const unsigned gpus[] = { 306, 420, 530, 630, 660 };
	static char obuf[1 << 16];
	uint64_t rng = 0x1c3u;
	for (size_t g = 0; g < sizeof gpus / sizeof gpus[0]; g++) {
		struct stats st;
		memset(&st, 0, sizeof st);
		size_t len = 0;
		for (unsigned i = 0; i < 4000; i++) {
			uint64_t word = i % 50 == 3 ? ~0ull : tl_rand(&rng);
			uint64_t off = i % 13 == 7 ? (1ull << 53) + 8ull * i : 8ull * i;
			struct gk_ir3_insn in;
			struct gk_diags dg;
			gk_diags_reset(&dg);
			gk_ir3_decode(gpus[g], word, &in, &dg);
			size_t n = gk_ir3_json(&in, &dg, off, i & 1 ? GK_JSON_TEXT : 0, obuf + len, sizeof obuf - len - 1);
			CHECK(n < sizeof obuf - len - 2, "ir3 a%u: line cut", gpus[g]);
			len += n;
			obuf[len++] = '\n';
			if (len > sizeof obuf - 9000 || i + 1 == 4000) {
				char what[32];
				snprintf(what, sizeof what, "ir3 a%u", gpus[g]);
				validate_lines(what, "#", obuf, len, &st);
				len = 0;
			}
		}
		char part[16];
		snprintf(part, sizeof part, "a%u", gpus[g]);
		show("ir3", part, &st);
		CHECK(st.lines == 4000 && st.with_diags > 100 && st.with_text == 2000 && st.big_offsets > 100,
		      "ir3 a%u: too little output to test", gpus[g]);
	}
}

static void engine_amdgpu(void)
{
	static const char *const gens[] = { "gfx6", "gfx7", "gfx8", "gfx9", "gfx10", "gfx11" };
	char obuf[1 << 16];
	uint64_t rng = 0xa3d9u;
	for (size_t g = 0; g < sizeof gens / sizeof gens[0]; g++) {
		const struct gk_amdgpu_gen *gen = gk_amdgpu_gen_find(gens[g]);
		CHECK(gen != NULL, "%s: no generation", gens[g]);
		if (!gen)
			continue;
		struct stats st;
		memset(&st, 0, sizeof st);
		unsigned named = 0;
		bool all = !strcmp(gens[g], "gfx10");
		for (unsigned op = 0; op < 128; op++) {
			/* the s_sendmsg / s_sendmsghalt opcodes get many operands
			 * (gfx10's s_sendmsg every one), the other SOPP words a few */
			struct gk_amdgpu_insn probe;
			gk_amdgpu_decode(gen, 0xbf800000u | op << 16, 0, &probe);
			unsigned nv = !probe.name ? 16
				      : all && !strcmp(probe.name, "s_sendmsg") ? 65536 : 1024;
			struct gk_out out = GK_OUT_INIT(obuf, sizeof obuf, NULL, NULL);
			for (unsigned i = 0; i < nv; i++) {
				uint32_t v = nv == 65536 ? i : (uint32_t)tl_rand(&rng) & 0xffffu;
				uint32_t word = 0xbf800000u | op << 16 | v;
				if (i % 97 == 5)
					word = (uint32_t)tl_rand(&rng); /* not SOPP at all */
				uint64_t off = i % 11 == 7 ? (1ull << 53) + 4ull * i : 4ull * i;
				struct gk_amdgpu_insn in;
				struct gk_diags dg;
				gk_diags_reset(&dg);
				gk_amdgpu_decode(gen, word, off, &in);
				gk_amdgpu_check(gen, &in, &dg);
				named += in.name != NULL;
				gk_amdgpu_json(gen, &in, &dg, i & 1 ? GK_JSON_TEXT : 0, &out);
				if (out.len > sizeof obuf - 2048 || i + 1 == nv) {
					CHECK(!out.dropped, "%s: output dropped", gens[g]);
					char what[64];
					snprintf(what, sizeof what, "amdgpu %s op %u", gens[g], op);
					validate_lines(what, "#", obuf, out.len, &st);
					out.len = 0;
				}
			}
		}
		show("amdgpu", gens[g], &st);
		CHECK(named > 1500 && st.with_diags > 10 && st.with_text > 100 && st.big_offsets > 0,
		      "%s: %u s_sendmsg words, %lu with diagnostics", gens[g], named, st.with_diags);
		if (all)
			CHECK(st.lines >= 65536 + 1024, "gfx10: %lu lines", st.lines);
	}
}

/* Modifiers: a sample of every kind, valid and not, with and without a surface. */
static int mod_collect(void *ctx, uint64_t value)
{
	uint64_t *c = ctx;
	if (c[0] % 211 == 0 && c[1] < 1000)
		c[2 + c[1]++] = value;
	c[0]++;
	return 0;
}

static void engine_modifier(void)
{
	static uint64_t vals[4096];
	size_t n = 0;
	static const uint64_t fixed[] = { GK_MOD_LINEAR,         GK_MOD_INVALID,        0x0200000000000a01ull,
					  0x02000001a9580400ull, 0x0200000180d84400ull, 0x0100000000000001ull,
					  0xff00000000000000ull, 0xffffffffffffffffull, 0x0200000000000000ull,
					  0x02ffffffffffffffull, 0x0b00000000000001ull, 0x0200000000000005ull };
	for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
		vals[n++] = fixed[i];
	static uint64_t coll[2 + 1000];
	for (unsigned gfx = 6; gfx <= 8; gfx++) {
		memset(coll, 0, sizeof coll);
		gk_modifier_enumerate(gfx, mod_collect, coll);
		for (uint64_t i = 0; i < coll[1]; i++)
			vals[n++] = coll[2 + i];
	}
	uint64_t rng = 0x0d1f;
	while (n < sizeof vals / sizeof vals[0]) {
		uint64_t r = tl_rand(&rng), v;
		switch (r % 4) {
		case 0: v = tl_rand(&rng); break;                                                  /* anything */
		case 1: v = 0x0200000000000000ull | (tl_rand(&rng) & 0x00ffffffffffff00ull) | (r >> 8) % 8; /* AMD, each version */
			break;
		case 2: v = 0x0200000000000000ull | (tl_rand(&rng) & 0x0000003fffffff00ull) | (r >> 8) % 6; break;
		default: v = (tl_rand(&rng) & 0xff00000000000000ull) | (r >> 16 & 0xffff); break;  /* other vendors */
		}
		vals[n++] = v;
	}
	struct stats st;
	memset(&st, 0, sizeof st);
	unsigned surfaces = 0;
	static char buf[1 << 16];
	for (size_t i = 0; i < n; i++) {
		struct gk_out out = GK_OUT_INIT(buf, sizeof buf, NULL, NULL);
		char what[64];
		snprintf(what, sizeof what, "modifier 0x%016llx", (unsigned long long)vals[i]);
		gk_modifier_json(vals[i], &out);
		struct gk_tile_surface s;
		struct gk_diags dg;
		memset(&dg, 0, sizeof dg);
		static const unsigned bpps[] = { 8, 16, 32, 64, 128, 24 };
		int r = gk_modifier_surface(vals[i], bpps[i % 6], 1 + (uint32_t)(i * 37 % 2000), 1 + (uint32_t)(i % 900),
					    1 + (uint32_t)(i % 5), &s, &dg);
		if (r == 0)
			surfaces++;
		gk_modifier_json_surface(vals[i], r == 0 ? &s : NULL, &out);
		CHECK(!out.dropped, "%s: output dropped", what);
		validate_lines(what, "#/$defs/modifier", buf, out.len, &st);
	}
	show("modifier", "sample", &st);
	CHECK(surfaces > 100 && st.with_diags > 100 && st.lines == 2 * n, "modifiers: %u surfaces, %lu lines",
	      surfaces, st.lines);
	/* the same values as a stream of the modifier engine: its units */
	static uint8_t bytes[8 * (sizeof vals / sizeof vals[0])];
	for (size_t i = 0; i < n; i++)
		for (unsigned b = 0; b < 8; b++)
			bytes[8 * i + b] = (uint8_t)(vals[i] >> 8 * b);
	struct gk_engine *e = gk_engine_open("modifier", "gfx9", NULL);
	CHECK(e != NULL, "a modifier engine for gfx9");
	for (unsigned pass = 0; e && pass < 3; pass++) {
		struct tl_reader r = { bytes, 8 * n, 0, 0 };
		struct gk_input *in = gk_input_create(tl_read, &r, GK_IN_BIN, 8);
		struct gk_membuf t = { 0 };
		struct gk_out out = GK_OUT_INIT(NULL, 0, gk_membuf_write, &t);
		struct gk_stream_opts o = { .check = pass == 2, .json = true, .json_flags = pass == 1 ? GK_JSON_TEXT : 0 };
		struct gk_stream_stats ss;
		memset(&st, 0, sizeof st);
		CHECK(gk_stream_run(e, in, &o, &out, &ss) == 0 && !out.failed && ss.units == n, "modifier stream: %llu units",
		      (unsigned long long)ss.units);
		validate_lines("modifier units", "#", t.p, t.n, &st);
		show("modifier", pass == 2 ? "engine units (check)" : pass ? "engine units, text" : "engine units", &st);
		CHECK(st.with_diags > 100 && (pass == 2 ? st.lines == st.with_diags : st.lines == n) &&
			      (pass == 1) == (st.with_text == n),
		      "modifier units pass %u: %lu lines, %lu with diagnostics", pass, st.lines, st.with_diags);
		free(t.p);
		gk_input_destroy(in);
	}
	gk_engine_close(e);
}

/* Tile info: the chips' tile modes, then random (often invalid) parameters. */
static void engine_tile(void)
{
	static const char *const chips[] = { "tahiti", "verde", "bonaire", "hawaii", "tonga", "polaris11", "fiji",
					     "iceland" };
	static const unsigned bpps[] = { 8, 16, 32, 64, 128 };
	char buf[4096];
	struct stats st;
	memset(&st, 0, sizeof st);
	unsigned valid = 0, invalid = 0;
	struct gk_tile_surface *s = malloc(sizeof *s);
	if (!s) {
		CHECK(0, "out of memory");
		return;
	}
	for (size_t c = 0; c < sizeof chips / sizeof chips[0]; c++)
		for (unsigned idx = 0; idx < 32; idx++)
			for (size_t b = 0; b < 5; b++) {
				struct gk_tile_params p;
				struct gk_diag err;
				gk_tile_params_init(&p);
				p.bpp = bpps[b];
				if (gk_tile_params_from_chip(&p, chips[c], idx, &err))
					continue;
				p.width = 1 + idx * 61 % 3000;
				p.height = 1 + idx * 17 % 1000;
				p.slices = 1 + idx % 3;
				p.pipe_swizzle = idx % 5, p.bank_swizzle = idx % 9;
				int r = gk_tile_surface_init(s, &p);
				r ? invalid++ : valid++;
				size_t n = gk_tile_info_json(s, buf, sizeof buf);
				CHECK(n < sizeof buf, "tile json too long");
				validate_lines("tile info (chip)", "#/$defs/tile_info", buf, n < sizeof buf ? n : 0, &st);
			}
	uint64_t rng = 0x711e;
	static const unsigned modes[] = { GK_TILE_LINEAR, GK_TILE_1D, GK_TILE_2D, 0, 3 };
	for (unsigned i = 0; i < 3000; i++) {
		struct gk_tile_params p;
		gk_tile_params_init(&p);
		uint64_t r = tl_rand(&rng);
		p.mode = modes[r % 5];
		p.micro = (unsigned)(r >> 4) % 3;
		p.bpp = (r >> 8 & 7) < 6 ? 8u << (r >> 8 & 7) % 5 : (unsigned)(r >> 12) % 200;
		p.width = (r >> 20 & 15) ? (uint32_t)(r >> 24) % 5000 : (uint32_t)tl_rand(&rng);
		p.height = (uint32_t)(r >> 36) % 3000;
		p.slices = (r >> 48 & 7) ? (uint32_t)(r >> 51) % 8 : 5000;
		uint64_t q = tl_rand(&rng);
		p.pipe_config = (int)(q % 20) - 1;
		p.tile_split = 32u << (q >> 8) % 9;
		p.bank_width = 1u << (q >> 12) % 5;
		p.bank_height = 1u << (q >> 16) % 5;
		p.macro_aspect = 1u << (q >> 20) % 5;
		p.num_banks = 1u << (q >> 24) % 6;
		p.pipe_swizzle = (uint32_t)(q >> 32) % 20;
		p.bank_swizzle = (uint32_t)(q >> 40) % 20;
		p.row_size = (q >> 48 & 3) ? 0 : 1u << (q >> 50) % 14;
		int r2 = gk_tile_surface_init(s, &p);
		r2 ? invalid++ : valid++;
		size_t n = gk_tile_info_json(s, buf, sizeof buf);
		CHECK(n < sizeof buf, "tile json too long");
		validate_lines("tile info (random)", "#/$defs/tile_info", buf, n < sizeof buf ? n : 0, &st);
	}
	free(s);
	show("tile", "chips and random", &st);
	CHECK(valid > 300 && invalid > 300 && st.with_diags > 300, "tile: %u valid, %u invalid", valid, invalid);
}

/* One function per engine; ir3 joins when its JSON follows the schema. */
static const struct {
	const char *name;
	void (*run)(void);
} engines[] = {
	{ "pm4", engine_pm4 }, { "dma", engine_dma }, { "amdgpu", engine_amdgpu }, { "ir3", engine_ir3 },
	{ "modifier", engine_modifier }, { "tile", engine_tile }, { "adreno", engine_adreno },
};

/* ---- the validator itself ---- */

/* Lines that must fail (and why), lines that must pass, against "#". */
static void self_tests(void)
{
#define D0 "{\"severity\":\"error\",\"code\":\"reserved_bits\",\"offset\":0,\"dw\":1,\"bits\":[1,1],\"field\":null,\"message\":\"m\"}"
#define U(extra, diags) "{\"offset\":0,\"engine\":\"pm4\",\"name\":\"NOP\",\"words\":[3221229568],\"fields\":{\"A\":1}," \
	"\"enums\":{\"A\":\"X\"},\"diagnostics\":[" diags "]" extra "}"
	static const struct {
		const char *ref, *line, *path, *keyword; /* path/keyword NULL: must pass; (json): path is the message */
	} t[] = {
		{ "#", U("", D0), NULL, NULL },
		{ "#", U(",\"text\":\"a\\nb\",\"type\":3,\"opcode\":16,\"data\":[0,4294967295],\"diagnostics_dropped\":1", ""), NULL, NULL },
		{ "#", U(",\"opcode\":null,\"sub_opcode\":null,\"exact\":true,\"extra\":[]", ""), NULL, NULL },
		{ "#", "{\"offset\":\"0x20000000000000\",\"engine\":\"dma\",\"name\":null,\"words\":[],\"fields\":{\"X\":\"0xffffffffffffffff\",\"Y\":9007199254740991},\"enums\":{},\"diagnostics\":[]}", NULL, NULL },
		{ "#", "{\"offset\":16,\"engine\":\"pm4\",\"end\":true,\"diagnostics\":[" D0 "]}", NULL, NULL },
		{ "#", "{\"offset\":0,\"engine\":\"ir3\",\"name\":\"mov\",\"words\":[1,2],\"fields\":{},\"enums\":{},\"diagnostics\":[{\"severity\":\"warning\",\"code\":\"dontcare_bits\",\"offset\":0,\"dw\":null,\"bits\":null,\"field\":\"F\",\"message\":\"\\u00e9\\ud83d\\ude00\"}]}", NULL, NULL },
		{ "#", "{\"offset\":0,\"name\":\"NOP\",\"words\":[],\"fields\":{},\"enums\":{},\"diagnostics\":[]}", "/", "oneOf/required" },
		{ "#", U("", "{\"severity\":\"error\",\"code\":\"bogus\",\"offset\":0,\"dw\":1,\"bits\":[1,1],\"field\":null,\"message\":\"m\"}"), "/diagnostics/0/code", "oneOf/enum" },
		{ "#", U("", "{\"severity\":\"error\",\"code\":\"io\",\"offset\":0,\"dw\":1,\"bits\":[3,2,1],\"field\":null,\"message\":\"m\"}"), "/diagnostics/0/bits", "oneOf/oneOf/maxItems" },
		{ "#", U("", "{\"severity\":\"error\",\"code\":\"io\",\"offset\":0,\"dw\":1,\"bits\":[64,0],\"field\":null,\"message\":\"m\"}"), "/diagnostics/0/bits/0", "oneOf/oneOf/maximum" },
		{ "#", U("", "{\"severity\":\"error\",\"code\":\"io\",\"offset\":0,\"dw\":1,\"bits\":[1],\"field\":null,\"message\":\"m\"}"), "/diagnostics/0/bits", "oneOf/oneOf/minItems" },
		{ "#", U("", "{\"severity\":\"fatal\",\"code\":\"io\",\"offset\":0,\"dw\":1,\"bits\":null,\"field\":null,\"message\":\"m\"}"), "/diagnostics/0/severity", "oneOf/enum" },
		{ "#", U("", "{\"severity\":\"error\",\"code\":\"io\",\"offset\":0,\"dw\":-1,\"bits\":null,\"field\":null,\"message\":\"m\"}"), "/diagnostics/0/dw", "oneOf/oneOf/minimum" },
		{ "#", U("", "{\"severity\":\"error\",\"code\":\"io\",\"offset\":0,\"dw\":1,\"bits\":null,\"field\":null,\"message\":\"m\",\"packet\":\"X\"}"), "/diagnostics/0/packet", "oneOf/additionalProperties" },
		{ "#", U("", "{\"severity\":\"error\",\"code\":\"io\",\"offset\":0,\"dw\":1,\"bits\":null,\"field\":null}"), "/diagnostics/0", "oneOf/required" },
		{ "#", U("", "{\"severity\":\"error\",\"code\":\"io\",\"offset\":0,\"dw\":1,\"bits\":null,\"field\":3,\"message\":\"m\"}"), "/diagnostics/0/field", "oneOf/type" },
		{ "#", U("", "{\"severity\":\"error\",\"code\":\"io\",\"offset\":-4,\"dw\":1,\"bits\":null,\"field\":null,\"message\":\"m\"}"), "/diagnostics/0/offset", "oneOf/oneOf/minimum" },
		{ "#", U("", "{\"severity\":\"error\",\"code\":\"io\",\"offset\":0,\"dw\":1.5,\"bits\":null,\"field\":null,\"message\":\"m\"}"), "/diagnostics/0/dw", "oneOf/oneOf/type" },
		{ "#", "{\"offset\":0,\"engine\":\"pm4\",\"name\":\"NOP\",\"words\":[],\"fields\":{\"A\":9007199254740992},\"enums\":{},\"diagnostics\":[]}", "/fields/A", "oneOf/oneOf/maximum" },
		{ "#", "{\"offset\":0,\"engine\":\"pm4\",\"name\":\"NOP\",\"words\":[],\"fields\":{\"A\":\"0xABC\"},\"enums\":{},\"diagnostics\":[]}", "/fields/A", "oneOf/oneOf/pattern" },
		{ "#", "{\"offset\":0,\"engine\":\"pm4\",\"name\":\"NOP\",\"words\":[],\"fields\":{\"A\":\"0x\"},\"enums\":{},\"diagnostics\":[]}", "/fields/A", "oneOf/oneOf/pattern" },
		{ "#", "{\"offset\":0,\"engine\":\"pm4\",\"name\":\"NOP\",\"words\":[],\"fields\":{\"A\":1e3},\"enums\":{},\"diagnostics\":[]}", "/fields/A", "oneOf/oneOf/type" },
		{ "#", "{\"offset\":0,\"engine\":\"pm4\",\"name\":\"NOP\",\"words\":[4294967296],\"fields\":{},\"enums\":{},\"diagnostics\":[]}", "/words/0", "oneOf/maximum" },
		{ "#", "{\"offset\":0,\"engine\":\"pm4\",\"name\":\"NOP\",\"words\":[\"0x1\"],\"fields\":{},\"enums\":{},\"diagnostics\":[]}", "/words/0", "oneOf/type" },
		{ "#", "{\"offset\":0,\"engine\":\"gpu\",\"name\":\"NOP\",\"words\":[],\"fields\":{},\"enums\":{},\"diagnostics\":[]}", "/engine", "oneOf/enum" },
		{ "#", "{\"offset\":0,\"engine\":\"pm4\",\"name\":7,\"words\":[],\"fields\":{},\"enums\":{},\"diagnostics\":[]}", "/name", "oneOf/type" },
		{ "#", "{\"offset\":0,\"engine\":\"pm4\",\"name\":\"NOP\",\"words\":[],\"fields\":{},\"enums\":{\"A\":1},\"diagnostics\":[]}", "/enums/A", "oneOf/type" },
		{ "#", U(",\"diagnostics_dropped\":0", ""), "/diagnostics_dropped", "oneOf/minimum" },
		{ "#", U(",\"colour\":1", ""), "/colour", "oneOf/additionalProperties" },
		{ "#", U(",\"registers\":[{\"offset\":1,\"name\":null,\"value\":5,\"fields\":{},\"enums\":{},\"x\":0}]", ""), "/registers/0/x", "oneOf/additionalProperties" },
		{ "#", U(",\"groups\":[{\"fields\":{}}]", ""), "/groups/0", "oneOf/required" },
		{ "#", U(",\"exact\":1", ""), "/exact", "oneOf/type" },
		{ "#", U(",\"ring_name\":\"gfx_0.0.0\"", ""), NULL, NULL },
		{ "#", U(",\"ring_name\":3", ""), "/ring_name", "oneOf/type" },
		{ "#", U(",\"held\":{\"first\":16,\"last\":19}", ""), NULL, NULL },
		{ "#", U(",\"held\":{\"first\":16}", ""), "/held", "oneOf/required" },
		{ "#", "{\"offset\":16,\"engine\":\"pm4\",\"end\":false,\"diagnostics\":[]}", "/end", "oneOf/const" },
		{ "#/$defs/modifier", "{\"value\":\"0x0000000000000000\",\"vendor\":\"NONE\",\"name\":\"LINEAR\",\"fields\":{},\"diagnostics\":[]}", NULL, NULL },
		{ "#/$defs/modifier", "{\"value\":\"0x00000000000000000\",\"vendor\":\"NONE\",\"name\":\"LINEAR\",\"fields\":{},\"diagnostics\":[]}", "/value", "pattern" },
		{ "#/$defs/modifier", "{\"value\":\"0x000000000000000\",\"vendor\":\"NONE\",\"name\":\"LINEAR\",\"fields\":{},\"diagnostics\":[]}", "/value", "pattern" },
		{ "#/$defs/modifier", "{\"value\":0,\"vendor\":\"NONE\",\"name\":\"LINEAR\",\"fields\":{},\"diagnostics\":[]}", "/value", "type" },
		{ "#/$defs/modifier", "{\"value\":\"0x0000000000000000\",\"vendor\":\"NONE\",\"name\":\"LINEAR\",\"fields\":{},\"diagnostics\":[],\"surface\":{\"pitch\":1}}", "/surface", "required" },
		{ "#/$defs/tile_info", "{\"pitch\":1,\"padded_height\":1,\"padded_slices\":1,\"surface_bytes\":1,\"slice_bytes\":1,\"base_align\":1,\"pitch_align\":1,\"height_align\":1,\"macro_tile_width\":1,\"macro_tile_height\":1,\"diagnostics\":[]}", NULL, NULL },
		{ "#/$defs/tile_info", "{\"pitch\":1,\"padded_height\":1,\"padded_slices\":1,\"surface_bytes\":1,\"slice_bytes\":1,\"base_align\":1,\"pitch_align\":1,\"height_align\":1,\"macro_tile_width\":1,\"macro_tile_height\":1,\"diagnostics\":[],\"bpp\":-1}", "/bpp", "oneOf/minimum" },
		{ "#/$defs/tile_info", "{\"pitch\":1,\"padded_height\":1,\"padded_slices\":1,\"surface_bytes\":1,\"slice_bytes\":1,\"base_align\":1,\"pitch_align\":1,\"height_align\":1,\"macro_tile_width\":1,\"macro_tile_height\":1,\"diagnostics\":[],\"colour\":1}", "/colour", "additionalProperties" },
		{ "#/$defs/tile_info", "{\"pitch\":1,\"padded_height\":1,\"padded_slices\":1,\"surface_bytes\":1,\"slice_bytes\":1,\"base_align\":1}", "/", "required" },
		/* not JSON, or not JSON gfxkit may write */
		{ "#", "{\"offset\":00,\"engine\":\"pm4\",\"end\":true,\"diagnostics\":[]}", "leading zero", "(json)" },
		{ "#", "{\"offset\":0,\"engine\":\"pm4\",\"end\":true,\"diagnostics\":[],}", "string expected", "(json)" },
		{ "#", "{\"offset\":0,\"offset\":0,\"engine\":\"pm4\",\"end\":true,\"diagnostics\":[]}", "duplicate key", "(json)" },
		{ "#", "{\"offset\":0,\"engine\":\"pm\xc3\",\"end\":true,\"diagnostics\":[]}", "invalid UTF-8", "(json)" },
		{ "#", "{\"offset\":0,\"engine\":\"\xed\xa0\x80\",\"end\":true,\"diagnostics\":[]}", "invalid UTF-8", "(json)" },
		{ "#", "{\"offset\":0,\"engine\":\"\\ud800\",\"end\":true,\"diagnostics\":[]}", "lone high surrogate", "(json)" },
		{ "#", "{\"offset\":0,\"engine\":\"pm4\",\"end\":true,\"diagnostics\":[]} x", "text after the value", "(json)" },
		{ "#", "{\"offset\":1.,\"engine\":\"pm4\",\"end\":true,\"diagnostics\":[]}", "digit expected after '.'", "(json)" },
		{ "#", "{\"offset\":0,\"engine\":\"p\tm\",\"end\":true,\"diagnostics\":[]}", "control character in string", "(json)" },
		{ "#", "[]", "/", "(line)" },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		struct js_err e;
		bool ok = validate_one(t[i].ref, t[i].line, strlen(t[i].line), &e);
		if (!t[i].path)
			CHECK(ok, "self-test %zu must pass: %s: %s: %s", i, e.path, e.keyword, e.msg);
		else
			CHECK(!ok && !strcmp(strcmp(t[i].keyword, "(json)") ? e.path : e.msg, t[i].path) &&
				      !strcmp(e.keyword, t[i].keyword),
			      "self-test %zu must fail at %s with %s; %s: %s %s %s", i, t[i].path, t[i].keyword,
			      ok ? "passed" : "failed", e.path, e.keyword, e.msg);
	}
	/* nesting is bounded, not a stack overflow */
	char deep[4096];
	memset(deep, '[', 2000);
	memset(deep + 2000, ']', 2000);
	CHECK(!js_parse(&inst, deep, 4000) && !strcmp(inst.err, "nested too deeply"), "deep nesting: %s",
	      inst.err ? inst.err : "accepted");
#undef U
#undef D0

	/* the matcher */
	static const struct {
		const char *pat, *s;
		int match; /* -1: the pattern must be refused */
	} pm[] = {
		{ "^0x[0-9a-f]+$", "0x1f", 1 }, { "^0x[0-9a-f]+$", "0x", 0 }, { "^0x[0-9a-f]+$", "0x1F", 0 },
		{ "^0x[0-9a-f]{16}$", "0x0123456789abcdef", 1 }, { "^0x[0-9a-f]{16}$", "0x0123456789abcde", 0 },
		{ "^0x[0-9a-f]{16}$", "0x0123456789abcdef0", 0 }, { "^a+b$", "aaab", 1 }, { "^a+a$", "aa", 1 },
		{ "^a+a$", "a", 0 }, { "^\\.x$", ".x", 1 }, { "^\\.x$", "ax", 0 },
		{ "0x[0-9a-f]+", "", -1 }, { "^a*$", "", -1 }, { "^(a)$", "", -1 }, { "^[^a]$", "", -1 },
		{ "^a|b$", "", -1 }, { "^.$", "", -1 }, { "^a++$", "", -1 }, { "^\\d$", "", -1 }, { "^a{0}$", "", -1 },
	};
	for (size_t i = 0; i < sizeof pm / sizeof pm[0]; i++) {
		struct js_pattern pt;
		bool c = js_pattern_compile(pm[i].pat, strlen(pm[i].pat), &pt);
		if (pm[i].match < 0)
			CHECK(!c, "pattern %s must be refused", pm[i].pat);
		else
			CHECK(c && js_pattern_match(&pt, pm[i].s, strlen(pm[i].s)) == (pm[i].match == 1),
			      "pattern %s on \"%s\"", pm[i].pat, pm[i].s);
	}

	/* schemas using a keyword the validator lacks are refused, both by the
	 * lint and at validation time */
	static const char *const bad_schemas[] = {
		"{\"anyOf\":[{\"type\":\"string\"}]}", "{\"format\":\"uri\"}", "{\"type\":\"object\",\"properties\":{\"a\":{\"minLength\":1}}}",
		"{\"items\":[{\"type\":\"string\"}]}", "{\"$ref\":\"#/$defs/none\"}", "{\"type\":\"int\"}",
		"{\"pattern\":\"^a*$\"}", "{\"$defs\":{\"x\":{\"exclusiveMinimum\":0}}}", "{\"additionalProperties\":{\"if\":true}}",
	};
	for (size_t i = 0; i < sizeof bad_schemas / sizeof bad_schemas[0]; i++) {
		struct js_doc sd;
		memset(&sd, 0, sizeof sd);
		struct js_err e;
		memset(&e, 0, sizeof e);
		char path[256] = "";
		CHECK(js_parse(&sd, bad_schemas[i], strlen(bad_schemas[i])) && !js_schema_lint(&sd, 0, path, 0, &e, 0),
		      "lint must refuse %s", bad_schemas[i]);
		js_free(&sd);
	}
	{
		struct js_doc sd;
		memset(&sd, 0, sizeof sd);
		struct js_err e;
		memset(&e, 0, sizeof e);
		char path[256] = "";
		const char *s = "{\"type\":\"object\",\"anyOf\":[true]}";
		js_parse(&sd, s, strlen(s));
		js_parse(&inst, "{}", 2);
		CHECK(!js_validate(&sd, 0, &inst, 0, path, 0, &e, 0) && !strcmp(e.keyword, "anyOf"),
		      "unknown keyword passes validation");
		js_free(&sd);
	}
}

/* gk_diag_code_name: distinct names, every one in the schema's "code" enum,
 * and "unknown" past the last code. */
static void code_names(void)
{
	uint32_t en = js_get(&schema, js_get(&schema, js_get(&schema, schema_node("#/$defs/diagnostic"), "properties"), "code"),
			     "enum");
	CHECK(en != JS_NONE && schema.n[en].kind == JS_ARR, "schema: no $defs/diagnostic/properties/code/enum");
	if (en == JS_NONE)
		return;
	for (int c = 0; c < GK_D_NCODES; c++) {
		const char *nm = gk_diag_code_name((enum gk_diag_code)c);
		CHECK(nm && strcmp(nm, "unknown"), "code %d has no name", c);
		if (!nm)
			continue;
		for (int k = 0; k < c; k++)
			CHECK(strcmp(nm, gk_diag_code_name((enum gk_diag_code)k)), "codes %d and %d are both \"%s\"", k, c, nm);
		bool in = false;
		for (uint32_t t = schema.n[en].first; t != JS_NONE; t = schema.n[t].next)
			in |= schema.n[t].kind == JS_STR && !strcmp(js_str(&schema, schema.n[t].str), nm);
		CHECK(in, "code \"%s\" (%d) is not in the schema's code enum", nm, c);
	}
	CHECK(!strcmp(gk_diag_code_name(GK_D_NCODES), "unknown"), "GK_D_NCODES: \"%s\"", gk_diag_code_name(GK_D_NCODES));
	CHECK(!strcmp(gk_diag_code_name((enum gk_diag_code)1000), "unknown"), "code 1000 is not unknown");
}

/* The number rule (docs/json.md "Numbers") at its edge: 2^53 - 1 is a
 * number, 2^53 and up are "0x..." strings.  A library that breaks it is
 * reported, its lines are checked to fail the schema, and repair_line
 * undoes that one fault so that it does not drown the rest of the output. */
static bool json_uint_works(void)
{
	static const char want[] = "9007199254740991\"0x20000000000000\"\"0xffffffffffffffff\"";
	char b[128];
	struct gk_out o = GK_OUT_INIT(b, sizeof b, NULL, NULL);
	gk_json_uint(&o, (1ull << 53) - 1);
	gk_json_uint(&o, 1ull << 53);
	gk_json_uint(&o, UINT64_MAX);
	bool ok = o.len == strlen(want) && !memcmp(b, want, o.len);
	if (!ok)
		printf("# KNOWN DISAGREEMENT: gk_json_uint(2^53-1, 2^53, 2^64-1) writes %.*s, the schema wants %s "
		       "(src/core/json.c gk_json_uint); \"0x0x\" is read as \"0x\" below and counted\n",
		       (int)o.len, b, want);
	/* a unit at offset 2^53 validates exactly when gk_json_uint is right */
	const struct gk_amdgpu_gen *g = gk_amdgpu_gen_find("gfx10");
	struct gk_amdgpu_insn in;
	struct gk_diags dg;
	char line[1024];
	struct gk_out lo = GK_OUT_INIT(line, sizeof line, NULL, NULL);
	gk_diags_reset(&dg);
	if (g) {
		gk_amdgpu_decode(g, 0xbf900001u, 1ull << 53, &in);
		gk_amdgpu_check(g, &in, &dg);
		gk_amdgpu_json(g, &in, &dg, 0, &lo);
	}
	struct js_err e;
	bool valid = g && lo.len > 1 && validate_one("#", line, lo.len - 1, &e);
	CHECK(valid == ok, "a unit at offset 2^53 %s the schema, but gk_json_uint is %s: %.*s", valid ? "passes" : "fails",
	      ok ? "right" : "wrong", (int)lo.len, line);
	return ok;
}

static bool load_schema(void)
{
	FILE *f = fopen(SCHEMA_PATH, "rb");
	CHECK(f != NULL, "cannot open %s (tests run from the repository root)", SCHEMA_PATH);
	if (!f)
		return false;
	static char text[1 << 17];
	size_t n = fread(text, 1, sizeof text, f);
	fclose(f);
	CHECK(n > 0 && n < sizeof text, "%s: %zu bytes", SCHEMA_PATH, n);
	bool ok = js_parse(&schema, text, n < sizeof text ? n : 0);
	CHECK(ok, "%s: not JSON: %s at byte %zu", SCHEMA_PATH, schema.err, schema.errpos);
	if (!ok)
		return false;
	/* js_parse keeps pointers into no text: the tree owns its strings */
	struct js_err e;
	memset(&e, 0, sizeof e);
	char path[256] = "";
	ok = js_schema_lint(&schema, 0, path, 0, &e, 0);
	CHECK(ok, "%s: schema at %s: %s: %s", SCHEMA_PATH, e.path, e.keyword, e.msg);
	static const char *const refs[] = { "#/$defs/unit", "#/$defs/end", "#/$defs/modifier", "#/$defs/tile_info", "#/$defs/description",
					    "#/$defs/diagnostic" };
	for (size_t i = 0; i < sizeof refs / sizeof refs[0]; i++) {
		CHECK(schema_node(refs[i]) != JS_NONE, "%s: no %s", SCHEMA_PATH, refs[i]);
		ok &= schema_node(refs[i]) != JS_NONE;
	}
	return ok;
}

/* test_json_schema --lines FILE: FILE's JSON Lines against "#" (for the CLI
 * tests of output only the CLI writes: a devcoredump decoded whole) */
static int lines_of(const char *path)
{
	FILE *f = fopen(path, "rb");
	CHECK(f != NULL, "cannot open %s", path);
	static char text[1 << 22];
	size_t n = f ? fread(text, 1, sizeof text, f) : 0;
	if (f)
		fclose(f);
	CHECK(n < sizeof text, "%s: more than %zu bytes", path, sizeof text);
	struct stats st;
	memset(&st, 0, sizeof st);
	if (n && n < sizeof text)
		validate_lines(path, "#", text, n, &st);
	CHECK(st.lines > 0, "%s: no line", path);
	printf("# %s: %lu lines, %lu bad\n", path, st.lines, st.bad);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "--lines")) {
		if (load_schema())
			lines_of(argv[2]);
		js_free(&schema);
		js_free(&inst);
		return tl_done();
	}
	if (load_schema()) {
		CHECK(json_uint_works(), "gk_json_uint follows the number rule");
		self_tests();
		code_names();
		for (size_t i = 0; i < sizeof engines / sizeof engines[0]; i++)
			engines[i].run();
	}
	if (failed_lines > MAX_SHOWN)
		printf("FAIL %lu lines failed the schema; %lu of them not shown\n", failed_lines, failed_lines - MAX_SHOWN);
	js_free(&schema);
	js_free(&inst);
	return tl_done();
}
