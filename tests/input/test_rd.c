/* The .rd reader (src/input/rd.c): captures written here section by
 * section as Mesa's redump.h lays them out, read back at every read size:
 * the submits' dwords at their GPU addresses, each submit's buffers as its
 * memory (a new set after a submit, contents at a buffer's address
 * replacing it), GPU_ID / CHIP_ID, detection, --submit; and every refusal
 * of a damaged capture at its byte offset (a cut section, a huge length, an
 * unknown type, overlapping buffers, contents without a GPUADDR or of
 * another size, no submit), never a crash.  Following from the capture's
 * memory: an indirect buffer missing from it is an error on the packet. */
#include "gfxkit/gfxkit.h"
#include "jsonschema.h"
#include "testlib.h"

struct cap {
	uint8_t b[8192];
	size_t n;
};

static void u32(struct cap *c, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		c->b[c->n++] = (uint8_t)(v >> (8 * i));
}

static void sect(struct cap *c, uint32_t type, const void *p, uint32_t size)
{
	u32(c, type);
	u32(c, size);
	memcpy(c->b + c->n, p, size);
	c->n += size;
}

static void sect_words(struct cap *c, uint32_t type, const uint32_t *w, unsigned n)
{
	u32(c, type);
	u32(c, 4 * n);
	for (unsigned i = 0; i < n; i++)
		u32(c, w[i]);
}

enum { T_TEST = 1, T_CMD = 2, T_GPUADDR = 3, T_CMDSTREAM_ADDR = 6, T_BUFFER_CONTENTS = 12, T_GPU_ID = 13, T_CHIP_ID = 14 };

static void buffer(struct cap *c, uint64_t addr, const uint32_t *w, unsigned n)
{
	uint32_t ga[3] = { (uint32_t)addr, 4 * n, (uint32_t)(addr >> 32) };
	sect_words(c, T_GPUADDR, ga, 3);
	sect_words(c, T_BUFFER_CONTENTS, w, n);
}

static void submit(struct cap *c, uint64_t addr, unsigned ndw)
{
	uint32_t s[3] = { (uint32_t)addr, ndw, (uint32_t)(addr >> 32) };
	sect_words(c, T_CMDSTREAM_ADDR, s, 3);
}

struct src {
	const uint8_t *p;
	size_t n, pos, chunk;
};

static long rd(void *ctx, void *buf, size_t cap)
{
	struct src *s = ctx;
	size_t k = s->n - s->pos;
	if (k > s->chunk)
		k = s->chunk;
	if (k > cap)
		k = cap;
	memcpy(buf, s->p + s->pos, k);
	s->pos += k;
	return (long)k;
}

struct got {
	uint32_t w[256];
	uint64_t off[256];
	long long sub[256];
	size_t n;
	const struct gk_diag *err;
	char errmsg[256];
	uint64_t err_off;
	char gpu[32];
	enum gk_in_format fmt;
};

/* every word of the capture with its offset and submit */
static void read_all(const struct cap *c, size_t chunk, enum gk_in_format f, long long first, long long last,
		     struct got *g)
{
	struct src s = { c->b, c->n, 0, chunk };
	struct gk_input *in = gk_input_create(rd, &s, f, 4);
	if (first >= 0)
		gk_input_set_submits(in, (uint64_t)first, (uint64_t)last);
	memset(g, 0, sizeof *g);
	for (;;) {
		long a = gk_input_fill(in, 1);
		if (a <= 0)
			break;
		if (g->n < 256) {
			g->w[g->n] = gk_input_words(in)[0];
			g->off[g->n] = gk_input_offset(in);
			g->sub[g->n] = gk_input_submit(in);
			g->n++;
		}
		gk_input_skip(in, 1);
	}
	const struct gk_diag *e = gk_input_error(in);
	if (e) {
		g->err = (const struct gk_diag *)1;
		snprintf(g->errmsg, sizeof g->errmsg, "%s", e->message);
		g->err_off = e->offset;
	}
	const char *gpu = gk_input_gpu(in, NULL);
	snprintf(g->gpu, sizeof g->gpu, "%s", gpu ? gpu : "");
	g->fmt = gk_input_format(in);
	gk_input_destroy(in);
}

static void refused(const char *what, const struct cap *c, const char *want, uint64_t at)
{
	static const size_t chunks[] = { 1, 3, 8, 4096 };
	for (size_t k = 0; k < sizeof chunks / sizeof chunks[0]; k++) {
		struct got g;
		read_all(c, chunks[k], GK_IN_RD, -1, -1, &g);
		CHECK(g.err && strstr(g.errmsg, want) && g.err_off == at, "%s (reads of %zu): '%s' at %llu, want '%s' at %llu",
		      what, chunks[k], g.err ? g.errmsg : "no error", (unsigned long long)g.err_off, want,
		      (unsigned long long)at);
	}
}

int main(void)
{
	/* two submits: the second after a new set whose buffer at the same
	 * address holds other words */
	static const uint32_t ib_a[] = { 0x70268000, 0x40088801, 0x00000001 };       /* WFI; CP_SCRATCH write */
	static const uint32_t ib_b[] = { 0x70268000, 0x70268000 };
	struct cap c = { .n = 0 };
	sect(&c, T_TEST, "capture\0", 8);
	uint32_t gpu = 630;
	sect(&c, T_GPU_ID, &gpu, 4);
	sect(&c, T_CMD, "deqp/1: fence=1\0\xd6", 18);
	buffer(&c, 0x100001000ull, ib_a, 3);
	submit(&c, 0x100001000ull, 3);
	buffer(&c, 0x100001000ull, ib_b, 2);
	u32(&c, 0xffffffffu); /* the pair parse_rd_section skips */
	u32(&c, 0xffffffffu);
	submit(&c, 0x100001000ull, 2);
	static const size_t chunks[] = { 1, 2, 5, 13, 64, 1 << 20 };
	for (size_t k = 0; k < sizeof chunks / sizeof chunks[0]; k++) {
		struct got g;
		read_all(&c, chunks[k], GK_IN_AUTO, -1, -1, &g);
		CHECK(!g.err && g.fmt == GK_IN_RD && g.n == 5 && !memcmp(g.w, ib_a, 12) && !memcmp(g.w + 3, ib_b, 8),
		      "reads of %zu: format %d, %zu words, %s", chunks[k], (int)g.fmt, g.n, g.err ? g.errmsg : "");
		CHECK(g.off[0] == 0x100001000ull && g.off[2] == 0x100001008ull && g.off[3] == 0x100001000ull &&
			      g.off[4] == 0x100001004ull,
		      "reads of %zu: GPU addresses, with a break between the submits", chunks[k]);
		CHECK(g.sub[0] == 0 && g.sub[2] == 0 && g.sub[3] == 1 && g.sub[4] == 1, "reads of %zu: submits", chunks[k]);
		/* the stream loop asks the submit of a word it stepped to
		 * without telling the input (gk_input_submit_ahead): the same
		 * as asked there, across the break between the submits */
		struct src s = { c.b, c.n, 0, chunks[k] };
		struct gk_input *in = gk_input_create(rd, &s, GK_IN_AUTO, 4);
		long a = gk_input_fill(in, 5);
		unsigned wrong = 0;
		for (size_t i = 0; a > 0 && i < (size_t)a && i < g.n; i++)
			wrong += gk_input_submit_ahead(in, i) != g.sub[i];
		CHECK(a == 5 && !wrong && gk_input_submit_ahead(in, 0) == gk_input_submit(in) &&
			      gk_input_submit_ahead(in, 6) == -1,
		      "reads of %zu: %ld words at once, gk_input_submit_ahead wrong %u times", chunks[k], a, wrong);
		gk_input_destroy(in);
		CHECK(!strcmp(g.gpu, "a630"), "GPU_ID 630 is a630: %s", g.gpu);
	}
	/* --submit 1 */
	struct got g;
	read_all(&c, 7, GK_IN_RD, 1, 1, &g);
	CHECK(!g.err && g.n == 2 && g.off[0] == 0x100001000ull && g.w[0] == ib_b[0], "submit 1 alone: %zu words", g.n);
	read_all(&c, 7, GK_IN_RD, 5, 9, &g);
	CHECK(g.err && strstr(g.errmsg, "holds 2 submits (0-1): none of 5-9"), "submits 5-9: %s", g.errmsg);
	/* a capture asked for submits of another form */
	{
		static const uint8_t hex[] = "70268000\n";
		struct src s = { hex, sizeof hex - 1, 0, 64 };
		struct gk_input *in = gk_input_create(rd, &s, GK_IN_AUTO, 4);
		CHECK(gk_input_set_submits(in, 0, 0) == 0 && gk_input_set_submits(in, 2, 1) == -1, "set_submits");
		CHECK(gk_input_fill(in, 1) == -1 && gk_input_error(in) && strstr(gk_input_error(in)->message, "only an .rd"),
		      "hex words with --submit refused");
		gk_input_destroy(in);
	}

	/* memory by submit: the words of submit 0's buffer while on submit 0,
	 * submit 1's after */
	{
		struct src s = { c.b, c.n, 0, 3 };
		struct gk_input *in = gk_input_create(rd, &s, GK_IN_AUTO, 4);
		uint32_t m[4] = { 0 };
		gk_input_fill(in, 1);
		CHECK(gk_input_has_memory(in) && gk_input_mem_read(in, 0x100001000ull, m, 12) == 12 && !memcmp(m, ib_a, 12),
		      "submit 0's memory");
		CHECK(gk_input_mem_read(in, 0x100000ffcull, NULL, 8) == 0 && gk_input_mem_read(in, 0x100001008ull, NULL, 8) == 4,
		      "absent bytes: the count of those present from the address");
		gk_input_skip(in, 3);
		gk_input_fill(in, 1);
		CHECK(gk_input_mem_read(in, 0x100001000ull, m, 12) == 8 && !memcmp(m, ib_b, 8), "submit 1's memory");
		gk_input_destroy(in);
		CHECK(gk_input_mem_read(NULL, 0, m, 4) == -1 && !gk_input_has_memory(NULL) && gk_input_submit(NULL) == -1 &&
			      !gk_input_gpu(NULL, NULL),
		      "NULL input");
	}

	/* CHIP_ID */
	{
		struct cap d = { .n = 0 };
		uint32_t chip[2] = { 0x06030002, 0 };
		sect_words(&d, T_CHIP_ID, chip, 2);
		buffer(&d, 0x2000, ib_b, 2);
		submit(&d, 0x2000, 2);
		read_all(&d, 4, GK_IN_AUTO, -1, -1, &g);
		CHECK(!g.err && g.fmt == GK_IN_RD && !strcmp(g.gpu, "0x06030002"), "CHIP_ID: %s", g.gpu);
	}

	/* a submit whose dwords no buffer holds: a warning, the rest read */
	{
		struct cap d = { .n = 0 };
		sect(&d, T_GPU_ID, &gpu, 4);
		buffer(&d, 0x2000, ib_b, 2);
		submit(&d, 0x9000, 4);
		submit(&d, 0x2000, 2);
		struct src s = { d.b, d.n, 0, 5 };
		struct gk_input *in = gk_input_create(rd, &s, GK_IN_RD, 4);
		long n = gk_input_fill(in, 2);
		CHECK(n == 2 && gk_input_offset(in) == 0x2000 && gk_input_note(in, 0, NULL) &&
			      strstr(gk_input_note(in, 0, NULL), "submit 0") && gk_input_note_warns(in, 0),
		      "a missing submit: %ld words, note %s", n, gk_input_note(in, 0, NULL) ? gk_input_note(in, 0, NULL) : "none");
		gk_input_destroy(in);
	}

	/* damaged captures, refused at the section's byte offset */
	{
		struct cap d = c;
		d.n -= 5; /* the last CMDSTREAM_ADDR cut */
		refused("cut section", &d, "ends inside a CMDSTREAM_ADDR section (7 of its 12 bytes)", c.n - 20);
		d = c;
		d.n = 3;
		refused("cut header", &d, "ends inside a section header (3 of its 8 bytes)", 0);
		d = c;
		d.b[4] = 0xff, d.b[5] = 0xff, d.b[6] = 0xff, d.b[7] = 0x7f;
		refused("huge length", &d, "more than the 1024 MiB", 0);
		d = c;
		d.b[16] = 99;
		refused("unknown type", &d, "section type 99", 16);
		struct cap e = { .n = 0 };
		static const uint32_t four[4] = { 0, 0, 0, 0 };
		buffer(&e, 0x1000, four, 4);
		size_t at = e.n;
		buffer(&e, 0x1008, four, 2);
		submit(&e, 0x1000, 1);
		refused("overlapping buffers", &e, "overlaps the buffer 0x1000..0x100f", at + 20);
		e.n = 0;
		sect_words(&e, T_BUFFER_CONTENTS, four, 2);
		refused("contents without GPUADDR", &e, "with no GPUADDR before it", 0);
		e.n = 0;
		uint32_t ga[2] = { 0x1000, 16 };
		sect_words(&e, T_GPUADDR, ga, 2);
		sect_words(&e, T_BUFFER_CONTENTS, four, 2);
		refused("contents of another size", &e, "BUFFER_CONTENTS of 8 bytes for the buffer at 0x1000 that GPUADDR says is 16", 16);
		e.n = 0;
		sect(&e, T_GPU_ID, &gpu, 4);
		refused("no submit", &e, "no submit", 12);
		uint32_t bad[2] = { 1, 2 };
		e.n = 0;
		sect_words(&e, T_GPUADDR, bad, 1);
		refused("GPUADDR of 4 bytes", &e, "GPUADDR section of 4 bytes", 0);
	}

	/* forty short submits, each an address break, asked for more words
	 * than they all hold: the window holds at most IN_SEGS breaks, and
	 * every word keeps its own submit's address (the seventeenth used to
	 * move the sixteenth break: words at another submit's addresses) */
	{
		struct cap d = { .n = 0 };
		sect(&d, T_GPU_ID, &gpu, 4);
		for (uint32_t i = 0; i < 40; i++) {
			const uint32_t two[] = { 0x1000u + i, 0x2000u + i };
			buffer(&d, 0x100000ull + 0x1000ull * i, two, 2);
			submit(&d, 0x100000ull + 0x1000ull * i, 2);
		}
		static const size_t sizes[] = { 1, 7, 4096 };
		for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
			struct src s = { d.b, d.n, 0, sizes[k] };
			struct gk_input *in = gk_input_create(rd, &s, GK_IN_AUTO, 4);
			unsigned n = 0, wrong = 0;
			for (;;) {
				long a = gk_input_fill(in, 500);
				if (a <= 0)
					break;
				uint32_t w = gk_input_words(in)[0], i = (w & 0xfffu);
				uint64_t want = 0x100000ull + 0x1000ull * i + (w >= 0x2000u ? 4 : 0);
				if (gk_input_offset(in) != want && wrong++ < 3)
					printf("# reads of %zu: word 0x%x at 0x%llx, want 0x%llx\n", sizes[k], w,
					       (unsigned long long)gk_input_offset(in), (unsigned long long)want);
				n++;
				gk_input_skip(in, 1);
			}
			CHECK(n == 80 && !wrong && !gk_input_error(in), "forty submits, reads of %zu: %u words, %u at a wrong address",
			      sizes[k], n, wrong);
			gk_input_destroy(in);
		}
	}
	/* following from the capture: an IB in the capture is decoded, one
	 * that is not is an error on the packet that names it */
	{
		struct cap d = { .n = 0 };
		sect(&d, T_GPU_ID, &gpu, 4);
		static const uint32_t ib2[] = { 0x70268000 };
		buffer(&d, 0x5000, ib2, 1);
		static const uint32_t ring[] = { 0x70bf8003, 0x5000, 0, 1, 0x70bf8003, 0x7000, 0, 4 };
		buffer(&d, 0x1000, ring, 8);
		submit(&d, 0x1000, 8);
		struct src s = { d.b, d.n, 0, 64 };
		struct gk_input *in = gk_input_create(rd, &s, GK_IN_AUTO, 4);
		gk_input_fill(in, 1);
		const char *eng = NULL, *gn = gk_input_gpu(in, &eng);
		struct gk_engine *e = gk_engine_open(eng, gn, NULL);
		static char buf[8192];
		struct gk_out out = GK_OUT_INIT(buf, sizeof buf - 1, NULL, NULL);
		struct gk_stream_opts so = { .check = 1, .name = "t.rd", .mem_read = gk_input_mem_read, .mem_ctx = in };
		struct gk_stream_stats st;
		gk_stream_run(e, in, &so, &out, &st);
		buf[out.len < sizeof buf ? out.len : sizeof buf - 1] = 0;
		CHECK(e && st.units == 3 && st.errors == 1 && strstr(buf, "t.rd:0x1010: error: CP_INDIRECT_BUFFER") &&
			      strstr(buf, "0x7000..0x700f (16 bytes) is not in memory"),
		      "following: %llu units, %llu errors: %s", (unsigned long long)st.units, (unsigned long long)st.errors, buf);
		gk_engine_close(e);
		gk_input_destroy(in);
	}
	/* a packet that runs past the end of its submit is cut there: the next
	 * submit's dwords are another buffer */
	{
		struct cap d = { .n = 0 };
		sect(&d, T_GPU_ID, &gpu, 4);
		static const uint32_t s0[] = { 0x408e0402, 0 }; /* a write of 2 registers, 1 value given */
		buffer(&d, 0x1000, s0, 2);
		submit(&d, 0x1000, 2);
		buffer(&d, 0x2000, ib_b, 1);
		submit(&d, 0x2000, 1);
		struct src s = { d.b, d.n, 0, 3 };
		struct gk_input *in = gk_input_create(rd, &s, GK_IN_AUTO, 4);
		struct gk_engine *e = gk_engine_open("adreno", "a630", NULL);
		static char buf[4096];
		struct gk_out out = GK_OUT_INIT(buf, sizeof buf - 1, NULL, NULL);
		struct gk_stream_opts so = { .check = 1, .name = "t.rd" };
		struct gk_stream_stats st;
		gk_stream_run(e, in, &so, &out, &st);
		buf[out.len < sizeof buf ? out.len : sizeof buf - 1] = 0;
		CHECK(st.units == 2 && st.errors == 1 && strstr(buf, "t.rd:0x1000: error:") && strstr(buf, "runs past the end"),
		      "a packet cut by its submit's end: %llu units: %s", (unsigned long long)st.units, buf);
		gk_engine_close(e);
		gk_input_destroy(in);
	}
	/* decode --json of the capture, following into the draw state and the
	 * shader: every line (adreno and ir3 units, nested ones with depth,
	 * ib and parent, the end lines) is of docs/json-schema.json */
	{
		static struct js_doc schema, inst;
		static char text[1 << 17];
		FILE *f = fopen("docs/json-schema.json", "rb");
		size_t sn = f ? fread(text, 1, sizeof text, f) : 0;
		if (f)
			fclose(f);
		if (!sn || !js_parse(&schema, text, sn)) {
			TL_SKIP("docs/json-schema.json not read (tests run from the repository root): JSON not validated");
		} else {
			struct cap d = { .n = 0 };
			sect(&d, T_GPU_ID, &gpu, 4);
			static const uint32_t shader[4] = { 0, 0x03000000, 0, 0 };  /* end; nop */
			buffer(&d, 0x3000, shader, 4);
			/* CP_LOAD_STATE6_GEOM of a VS, indirect, 1 unit; a register write */
			static const uint32_t group[] = { 0x70328003, (2u << 16) | (8u << 18) | (1u << 22), 0x3000, 0,
							  0x408e0401, 0 };
			buffer(&d, 0x2000, group, 6);
			static const uint32_t ring[] = { 0x70438003, 6 | (7u << 24), 0x2000, 0 }; /* CP_SET_DRAW_STATE */
			buffer(&d, 0x1000, ring, 4);
			submit(&d, 0x1000, 4);
			struct src s = { d.b, d.n, 0, 64 };
			struct gk_input *in = gk_input_create(rd, &s, GK_IN_AUTO, 4);
			gk_input_fill(in, 1);
			struct gk_engine *e = gk_engine_open("adreno", gk_input_gpu(in, NULL), NULL);
			static char buf[1 << 16];
			struct gk_out out = GK_OUT_INIT(buf, sizeof buf - 1, NULL, NULL);
			struct gk_stream_opts so = { .json = 1, .name = "t.rd", .mem_read = gk_input_mem_read, .mem_ctx = in };
			struct gk_stream_stats st;
			gk_stream_run(e, in, &so, &out, &st);
			buf[out.len] = 0;
			unsigned lines = 0, good = 0, ir3 = 0, nested = 0;
			char *ln = buf;
			uint32_t unit = js_get(&schema, js_get(&schema, 0, "$defs"), "unit");
			(void)unit;
			for (char *nl; (nl = strchr(ln, '\n')) != NULL; ln = nl + 1) {
				struct js_err je;
				memset(&je, 0, sizeof je);
				char path[256] = "";
				lines++;
				bool ok = js_parse(&inst, ln, (size_t)(nl - ln)) && js_validate(&schema, 0, &inst, 0, path, 0, &je, 0);
				good += ok;
				if (!ok)
					printf("# not of the schema: %s: %s: %s: %.*s\n", je.path, je.keyword, je.msg, (int)(nl - ln), ln);
				ir3 += strstr(ln, "\"engine\":\"ir3\"") && nl > ln;
				nested += strstr(ln, "\"depth\":") && strstr(ln, "\"depth\":") < nl;
			}
			CHECK(lines >= 5 && good == lines && ir3 >= 2 && nested >= 4,
			      "JSON of a followed capture: %u lines, %u of the schema, %u ir3, %u nested:\n%s", lines, good, ir3,
			      nested, buf);
			gk_engine_close(e);
			gk_input_destroy(in);
			js_free(&schema);
			js_free(&inst);
		}
	}
	return tl_done();
}
