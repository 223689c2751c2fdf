/* The input reader (include/gfxkit/input.h, src/input/input.c): 4- and 8-byte
 * units, binary and hex text, every read split (1-byte reads up to one
 * read), truncated units, bad tokens, read callbacks that lie, NULL
 * arguments, and a stream far longer than the window. */
#include <limits.h>

#include "gfxkit/gfxkit.h"
#include "testlib.h"

/* a read callback over a buffer, at most chunk bytes a call */
struct mem {
	const uint8_t *p;
	size_t n, pos, chunk;
	long lie;       /* after lie_at bytes: return this instead (0: never) */
	size_t lie_at;
};

static long read_mem(void *ctx, void *buf, size_t cap)
{
	struct mem *m = ctx;
	if (m->lie && m->pos >= m->lie_at)
		return m->lie == 1 ? (long)cap + 1 : m->lie;
	size_t k = m->n - m->pos;
	if (k > m->chunk)
		k = m->chunk;
	if (k > cap)
		k = cap;
	memcpy(buf, m->p + m->pos, k);
	m->pos += k;
	return (long)k;
}

#define MAXW 64

struct got {
	uint32_t w[MAXW];
	size_t n;
	int failed;
	struct gk_diag err;
	enum gk_in_format format;
};

/* Everything the reader makes of p[0..n) read chunk bytes at a time and
 * taken want words at a time; checks the offsets and unit alignment on the
 * way. */
static struct got read_all(const void *p, size_t n, enum gk_in_format fmt, unsigned unit, size_t chunk,
			   size_t want)
{
	struct got g;
	memset(&g, 0, sizeof g);
	struct mem m = { p, n, 0, chunk, 0, 0 };
	struct gk_input *in = gk_input_create(read_mem, &m, fmt, unit);
	CHECK(in != NULL, "create");
	if (!in)
		return g;
	long avail;
	while ((avail = gk_input_fill(in, want)) > 0) {
		CHECK((size_t)avail == gk_input_avail(in), "avail %ld vs %zu", avail, gk_input_avail(in));
		CHECK(gk_input_offset(in) == 4 * g.n, "offset 0x%llx, want 0x%zx",
		      (unsigned long long)gk_input_offset(in), 4 * g.n);
		if (unit == 8) /* the window ends on a unit: what was taken plus what is there is even */
			CHECK((g.n + (size_t)avail) % 2 == 0, "8-byte units come whole: %ld words after %zu", avail, g.n);
		size_t take = (size_t)avail < want ? (size_t)avail : want;
		for (size_t i = 0; i < take && g.n < MAXW; i++)
			g.w[g.n++] = gk_input_words(in)[i];
		CHECK(gk_input_skip(in, take) == 0, "skip");
	}
	const struct gk_diag *e = gk_input_error(in);
	CHECK((avail < 0) == (e != NULL), "fill %ld with error %p", avail, (const void *)e);
	if (e) {
		g.failed = 1;
		g.err = *e;
	}
	g.format = gk_input_format(in);
	gk_input_destroy(in);
	return g;
}

static const size_t chunks[] = { 1, 2, 3, 5, 7, 64, 1 << 20 };
#define NCHUNKS (sizeof chunks / sizeof chunks[0])

/* read_all with every chunk size and want 1, 2 and 64 gives the same words
 * and the same error as one read: the result of the first */
static struct got read_every_way(const char *what, const void *p, size_t n, enum gk_in_format fmt, unsigned unit)
{
	struct got ref = read_all(p, n, fmt, unit, 1 << 20, 64);
	static const size_t wants[] = { 1, 2, 64 };
	for (size_t c = 0; c < NCHUNKS; c++)
		for (size_t k = 0; k < 3; k++) {
			struct got g = read_all(p, n, fmt, unit, chunks[c], wants[k]);
			int same = g.n == ref.n && !memcmp(g.w, ref.w, 4 * g.n) && g.failed == ref.failed &&
				   g.format == ref.format;
			if (same && g.failed)
				same = g.err.line == ref.err.line && g.err.col == ref.err.col &&
				       g.err.offset == ref.err.offset && !strcmp(g.err.message, ref.err.message);
			CHECK(same, "%s: reads of %zu bytes taking %zu words differ from one read", what, chunks[c], wants[k]);
		}
	return ref;
}

static int words_are(const struct got *g, const uint32_t *w, size_t n)
{
	return g->n == n && !memcmp(g->w, w, 4 * n);
}

#define EXPECT_WORDS(what, g, ...)                                                                  \
	do {                                                                                        \
		static const uint32_t want_[] = { __VA_ARGS__ };                                    \
		size_t nw_ = sizeof want_ / sizeof want_[0];                                       \
		CHECK(words_are(&(g), want_, nw_), "%s: %zu words (first 0x%08x), want %zu (first 0x%08x)%s%s", \
		      what, (g).n, (g).n ? (g).w[0] : 0, nw_, want_[0], (g).failed ? "; error: " : "",      \
		      (g).failed ? (g).err.message : "");                                            \
	} while (0)

/* gk_read_bytes: bytes in memory as a reader, to the end and no further;
 * NULL sources and buffers are errors, never read through */
static void test_read_bytes(void)
{
	static const uint8_t bytes[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
	struct gk_bytes b = { bytes, sizeof bytes, 0 };
	uint8_t buf[4];
	CHECK(gk_read_bytes(&b, buf, 4) == 4 && buf[0] == 1 && buf[3] == 4 && b.pos == 4, "first 4 bytes");
	CHECK(gk_read_bytes(&b, buf, 4) == 4 && buf[0] == 5 && b.pos == 8, "next 4 bytes");
	CHECK(gk_read_bytes(&b, buf, 4) == 2 && buf[0] == 9 && buf[1] == 10 && b.pos == 10, "the last 2");
	CHECK(gk_read_bytes(&b, buf, 4) == 0 && b.pos == 10, "end");
	b.pos = 99; /* past the end: nothing, not a wrapped length */
	CHECK(gk_read_bytes(&b, buf, 4) == 0 && b.pos == 99, "pos past n");
	CHECK(gk_read_bytes(NULL, buf, 4) == -1, "NULL source");
	b.pos = 0;
	CHECK(gk_read_bytes(&b, NULL, 4) == -1, "NULL buffer");
	struct gk_bytes none = { NULL, 3, 0 }, empty = { NULL, 0, 0 };
	CHECK(gk_read_bytes(&none, buf, 4) == -1, "NULL bytes with a length");
	CHECK(gk_read_bytes(&empty, buf, 4) == 0, "NULL bytes, length 0");
	/* through the input reader: the words come out as the file reader gives them */
	static const uint32_t w[] = { 0xc0016900, 0x10, 0x5 };
	struct gk_bytes wb = { w, sizeof w, 0 };
	struct gk_input *in = gk_input_create(gk_read_bytes, &wb, GK_IN_BIN, 4);
	long n = gk_input_fill(in, 3);
	const uint32_t *got = gk_input_words(in);
	CHECK(n == 3 && got && got[0] == w[0] && got[2] == w[2], "gk_input over gk_read_bytes: %ld words", n);
	gk_input_destroy(in);
}

static void test_binary(void)
{
	static const uint8_t b[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
	struct got g = read_every_way("bin 4", b, 16, GK_IN_BIN, 4);
	EXPECT_WORDS("bin 4", g, 0x04030201, 0x08070605, 0x0c0b0a09, 0x100f0e0d);
	CHECK(!g.failed, "bin 4 failed");
	/* an 8-byte unit is little-endian: low dword first, as two words */
	g = read_every_way("bin 8", b, 16, GK_IN_BIN, 8);
	EXPECT_WORDS("bin 8", g, 0x04030201, 0x08070605, 0x0c0b0a09, 0x100f0e0d);
	CHECK(!g.failed && g.format == GK_IN_BIN, "bin 8");

	/* truncated final unit: the whole ones, then an error at its offset */
	g = read_every_way("bin 4 trunc", b, 6, GK_IN_BIN, 4);
	EXPECT_WORDS("bin 4 trunc", g, 0x04030201);
	CHECK(g.failed && g.err.code == GK_D_TRUNCATED && g.err.offset == 4 && g.err.line == 0 &&
		      strstr(g.err.message, "2 bytes") && strstr(g.err.message, "dword"),
	      "bin 4 trunc: %s @0x%llx", g.err.message, (unsigned long long)g.err.offset);
	g = read_every_way("bin 8 trunc", b, 11, GK_IN_BIN, 8);
	EXPECT_WORDS("bin 8 trunc", g, 0x04030201, 0x08070605);
	CHECK(g.failed && g.err.code == GK_D_TRUNCATED && g.err.offset == 8 && strstr(g.err.message, "3 bytes") &&
		      strstr(g.err.message, "64-bit unit"),
	      "bin 8 trunc: %s @0x%llx", g.err.message, (unsigned long long)g.err.offset);
	/* 4 bytes are a whole dword but half a 64-bit unit */
	g = read_every_way("bin 8 half", b, 12, GK_IN_BIN, 8);
	EXPECT_WORDS("bin 8 half", g, 0x04030201, 0x08070605);
	CHECK(g.failed && g.err.offset == 8 && strstr(g.err.message, "4 bytes"), "bin 8 half: %s", g.err.message);
	g = read_every_way("bin empty", b, 0, GK_IN_BIN, 8);
	CHECK(g.n == 0 && !g.failed, "empty input");
}

static void test_hex32(void)
{
	const char *t = "0x1 2\n# comment 0xzz\n00000010: deadbeef,0XFF ; ff\r\n 0x000000001\n";
	struct got g = read_every_way("hex 4", t, strlen(t), GK_IN_HEX, 4);
	EXPECT_WORDS("hex 4", g, 1, 2, 0xdeadbeef, 0xff, 1);
	CHECK(!g.failed, "hex 4: %s", g.err.message);
	/* too long: nine significant digits */
	t = "1 2\n  123456789 3\n";
	g = read_every_way("hex 4 long", t, strlen(t), GK_IN_HEX, 4);
	EXPECT_WORDS("hex 4 long", g, 1, 2);
	CHECK(g.failed && g.err.line == 2 && g.err.col == 3 && strstr(g.err.message, "32 bits"),
	      "hex 4 long: %u:%u %s", g.err.line, g.err.col, g.err.message);
	t = "1 2 3g";
	g = read_every_way("hex 4 bad", t, strlen(t), GK_IN_HEX, 4);
	CHECK(g.failed && g.err.line == 1 && g.err.col == 6 && g.err.code == GK_D_IO, "hex 4 bad digit: %u:%u %s",
	      g.err.line, g.err.col, g.err.message);
	/* a label only starts a line */
	t = "1 10: 2";
	g = read_every_way("hex 4 label", t, strlen(t), GK_IN_HEX, 4);
	CHECK(g.failed && g.err.col == 3 && strstr(g.err.message, "ADDRESS"), "hex 4 label: %s", g.err.message);
}

static void test_hex64(void)
{
	/* every form `gfxkit decode -e isa` has read: Mesa's HHHHHHHH_LLLLLLLL,
	 * 16 digits, 0x, pairs of 32-bit words low first, hexdump offsets */
	const char *t = "c0060006_0181800f\n"
			"0x0181800f 0xc0060006 # ldg\n"
			"; a comment\n"
			"0xC00600060181800F, 00000010: c00600060181800f\r\n"
			"0x0181800f\n0xc0060006\n"
			"000000001 0x00000000_00000002";
	struct got g = read_every_way("hex 8", t, strlen(t), GK_IN_HEX, 8);
	EXPECT_WORDS("hex 8", g, 0x0181800f, 0xc0060006, 0x0181800f, 0xc0060006, 0x0181800f, 0xc0060006, 0x0181800f,
		     0xc0060006, 0x0181800f, 0xc0060006, 1, 0, 2, 0);
	CHECK(!g.failed, "hex 8: %u:%u %s", g.err.line, g.err.col, g.err.message);

	/* any token ending in ':' is a label, anywhere on the line */
	t = "1 2 zz: 3 4";
	g = read_every_way("hex 8 label", t, strlen(t), GK_IN_HEX, 8);
	EXPECT_WORDS("hex 8 label", g, 1, 2, 3, 4);
	CHECK(!g.failed, "hex 8 label: %s", g.err.message);

	/* errors are at the token's start */
	static const struct {
		const char *text, *msg;
		uint32_t line, col;
		size_t nwords;
	} bad[] = {
		{ "1 2\n 0x12345678123456781\n", "longer than 16 digits", 2, 2, 2 },
		{ "12345678_1234", "'_'", 1, 1, 0 },
		{ "1234_56781234abcd", "'_'", 1, 1, 0 },
		{ "12345678_12345678_", "'_'", 1, 1, 0 },
		{ "1 2 3", "no high half", 1, 5, 2 },
		{ "1 2 3\n# end\n", "no high half", 1, 5, 2 },
		{ "1 1234567890", "high half", 1, 3, 0 },
		{ "0x", "expected", 1, 1, 0 },
		{ "0x1:2 3", "':' is not a hex digit", 1, 1, 0 },
		{ "zz", "'z' is not a hex digit", 1, 1, 0 },
		{ "1 2 x0", "'x' is not", 1, 5, 2 },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		g = read_every_way(bad[i].text, bad[i].text, strlen(bad[i].text), GK_IN_HEX, 8);
		CHECK(g.failed && g.err.line == bad[i].line && g.err.col == bad[i].col && g.n == bad[i].nwords &&
			      strstr(g.err.message, bad[i].msg) && g.err.code == GK_D_IO,
		      "'%s': %s at %u:%u after %zu words, want '%s' at %u:%u after %zu", bad[i].text, g.err.message,
		      g.err.line, g.err.col, g.n, bad[i].msg, bad[i].line, bad[i].col, bad[i].nwords);
	}
}

static void test_auto(void)
{
	/* AUTO looks at the first 4 KiB however the callback splits them */
	const char *t = "0x1 0x2 # § comment\n";
	struct got g = read_every_way("auto hex", t, strlen(t), GK_IN_AUTO, 4);
	CHECK(g.format == GK_IN_HEX && !g.failed, "auto hex");
	EXPECT_WORDS("auto hex", g, 1, 2);
	static const uint8_t b[] = { 0x00, 0x10, 0x00, 0xc0, 0x31, 0x32, 0x33, 0x34 };
	g = read_every_way("auto bin", b, 8, GK_IN_AUTO, 8);
	CHECK(g.format == GK_IN_BIN && !g.failed, "auto bin");
	EXPECT_WORDS("auto bin", g, 0xc0001000, 0x34333231);
	g = read_every_way("auto empty", b, 0, GK_IN_AUTO, 4);
	CHECK(g.n == 0 && !g.failed, "auto empty");
}

static void test_lying_reader(void)
{
	static const uint8_t b[16] = { 1, 0, 0, 0, 2, 0, 0, 0 };
	static const long lies[] = { 1 /* cap + 1 */, -2, LONG_MIN, -1 };
	for (size_t i = 0; i < sizeof lies / sizeof lies[0]; i++) {
		struct mem m = { b, 16, 0, 8, lies[i], 8 };
		struct gk_input *in = gk_input_create(read_mem, &m, GK_IN_BIN, 4);
		long a = gk_input_fill(in, 2);
		CHECK(a == 2 && gk_input_words(in)[0] == 1 && gk_input_words(in)[1] == 2, "lie %ld: the good words", lies[i]);
		gk_input_skip(in, 2);
		a = gk_input_fill(in, 1);
		const struct gk_diag *e = gk_input_error(in);
		CHECK(a == -1 && e && e->code == GK_D_IO && e->offset == 8 && e->line == 0, "lie %ld: fill %ld", lies[i], a);
		if (e && lies[i] != -1)
			CHECK(strstr(e->message, "not trusted") != NULL, "lie %ld: %s", lies[i], e->message);
		if (e && lies[i] == -1)
			CHECK(!strcmp(e->message, "read error"), "-1: %s", e->message);
		/* the error stays */
		CHECK(gk_input_fill(in, 1) == -1 && gk_input_error(in) == e, "lie %ld: error sticks", lies[i]);
		gk_input_destroy(in);
	}
	/* a lie on the first read of AUTO: nothing is sniffed from bytes not trusted */
	struct mem m = { b, 16, 0, 8, 1, 0 };
	struct gk_input *in = gk_input_create(read_mem, &m, GK_IN_AUTO, 8);
	CHECK(gk_input_fill(in, 1) == -1 && gk_input_error(in) && gk_input_error(in)->offset == 0, "first read lies");
	gk_input_destroy(in);
}

static void test_null(void)
{
	struct mem m = { (const uint8_t *)"", 0, 0, 1, 0, 0 };
	CHECK(gk_input_create(NULL, &m, GK_IN_BIN, 4) == NULL, "NULL read");
	CHECK(gk_input_create(read_mem, &m, GK_IN_BIN, 0) == NULL, "unit 0");
	CHECK(gk_input_create(read_mem, &m, GK_IN_BIN, 2) == NULL, "unit 2");
	CHECK(gk_input_create(read_mem, &m, GK_IN_BIN, 16) == NULL, "unit 16");
	CHECK(gk_input_create(read_mem, &m, (enum gk_in_format)99, 4) == NULL, "format 99");
	CHECK(gk_input_create(read_mem, &m, GK_IN_OD, 8) == NULL, "a dump of 64-bit units");
	gk_input_destroy(NULL);
	CHECK(gk_input_fill(NULL, 1) == -1, "fill");
	CHECK(gk_input_words(NULL) == NULL, "words");
	CHECK(gk_input_avail(NULL) == 0, "avail");
	CHECK(gk_input_skip(NULL, 0) == -1, "skip");
	CHECK(gk_input_offset(NULL) == 0, "offset");
	CHECK(gk_input_format(NULL) == GK_IN_AUTO, "format");
	CHECK(gk_input_unit(NULL) == 0, "unit");
	CHECK(gk_input_error(NULL) == NULL, "error");
	uint32_t line = 9, col = 9;
	gk_input_where(NULL, &line, &col);
	CHECK(line == 0 && col == 0, "where");
	static struct gk_format fmt;
	CHECK(gk_pm4_format_init(&fmt, "evergreen") == 0, "pm4 format");
	struct gk_packet pkt;
	CHECK(gk_input_next(NULL, &fmt, &pkt) == -1, "next NULL in");

	/* a NULL ctx is the callback's business; NULL outputs are skipped */
	struct gk_input *in = gk_input_create(read_mem, &m, GK_IN_HEX, 8);
	CHECK(in && gk_input_unit(in) == 8 && gk_input_format(in) == GK_IN_HEX, "create");
	gk_input_where(in, NULL, NULL);
	CHECK(gk_input_next(in, NULL, &pkt) == -1, "next NULL fmt");
	CHECK(gk_input_next(in, &fmt, NULL) == -1, "next NULL pkt");
	CHECK(gk_input_skip(in, 1) == -1 && gk_input_skip(in, 0) == 0, "skip past the end");
	CHECK(gk_input_fill(in, 0) == 0 && gk_input_fill(in, 1) == 0 && !gk_input_error(in), "empty");
	gk_input_destroy(in);
}

static void test_where_and_next(void)
{
	const char *t = "0x80000000 0x80000000\n  0x80000000";
	struct mem m = { (const uint8_t *)t, strlen(t), 0, 3, 0, 0 };
	struct gk_input *in = gk_input_create(read_mem, &m, GK_IN_AUTO, 4);
	static struct gk_format fmt;
	gk_pm4_format_init(&fmt, "evergreen");
	struct gk_packet pkt;
	uint64_t off[4];
	int n = 0, r;
	while ((r = gk_input_next(in, &fmt, &pkt)) > 0 && n < 4)
		off[n++] = pkt.offset;
	CHECK(r == 0 && n == 3 && off[0] == 0 && off[1] == 4 && off[2] == 8, "type-2 packets: %d, r %d", n, r);
	uint32_t line, col;
	gk_input_where(in, &line, &col);
	CHECK(line == 2 && col == 12, "where %u:%u", line, col);
	gk_input_destroy(in);

	static const uint8_t b[8] = { 0 };
	m = (struct mem){ b, 8, 0, 8, 0, 0 };
	in = gk_input_create(read_mem, &m, GK_IN_BIN, 4);
	gk_input_fill(in, 1);
	gk_input_where(in, &line, &col);
	CHECK(line == 0 && col == 0, "binary has no line");
	gk_input_destroy(in);
}

/* a long binary stream of 8-byte units: word i is i (low dword), ~i (high) */
struct gen {
	uint64_t total, pos; /* bytes */
	size_t chunk;
};

static long read_gen(void *ctx, void *buf, size_t cap)
{
	struct gen *g = ctx;
	uint8_t *b = buf;
	size_t k = 0;
	while (k < cap && k < g->chunk && g->pos < g->total) {
		uint64_t w = g->pos / 4;
		uint32_t v = (w & 1) ? ~(uint32_t)(w / 2) : (uint32_t)(w / 2);
		b[k++] = (uint8_t)(v >> (8 * (g->pos % 4)));
		g->pos++;
	}
	return (long)k;
}

static void test_long_stream(void)
{
	/* 6M words: past any window, with wants small and past GK_IN_MAX_WANT */
	struct gen src = { 4ull * (6u << 20), 0, 100003 };
	struct gk_input *in = gk_input_create(read_gen, &src, GK_IN_BIN, 8);
	uint64_t n = 0;
	unsigned bad = 0, rounds = 0;
	long a;
	while ((a = gk_input_fill(in, rounds % 7 == 3 ? GK_IN_MAX_WANT + 5 : 2 + rounds % 5)) > 0) {
		if (rounds % 7 == 3 && n + GK_IN_MAX_WANT <= src.total / 4)
			CHECK((size_t)a >= GK_IN_MAX_WANT, "a want over the maximum gives the maximum: %ld", a);
		if (gk_input_offset(in) != 4 * n)
			bad++;
		const uint32_t *w = gk_input_words(in);
		size_t take = (size_t)a > 4099 ? 4099 : (size_t)a;
		if (rounds % 7 == 3)
			take = (size_t)a;
		for (size_t i = 0; i < take; i++, n++) {
			uint32_t v = (n & 1) ? ~(uint32_t)(n / 2) : (uint32_t)(n / 2);
			if (w[i] != v)
				bad++;
		}
		gk_input_skip(in, take);
		rounds++;
	}
	CHECK(a == 0 && !gk_input_error(in) && n == src.total / 4 && !bad, "long stream: %llu words, %u bad",
	      (unsigned long long)n, bad);
	gk_input_destroy(in);
}

int main(void)
{
	test_read_bytes();
	test_binary();
	test_hex32();
	test_hex64();
	test_auto();
	test_lying_reader();
	test_null();
	test_where_and_next();
	test_long_stream();
	return tl_done();
}
