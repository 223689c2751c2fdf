/* The dump readers (src/input/ through gk_input): each dump form is
 * built here from a known stream, in the exact layout of the tool that
 * prints it (od, hexdump, xxd, the radeon debugfs ring file, the kernel log,
 * umr), and must read back to exactly the stream's words at the dump's
 * addresses; repeats, wraps, gaps, odd radixes and text in no known form
 * are tried too. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>

#include "gfxkit/gfxkit.h"
#include "testlib.h"

#define NW 48
static uint32_t stream[NW];

/* ---- a growable text the dumps are printed into ---- */

static struct gk_membuf dump;

#define say(...) tl_printf(&dump, __VA_ARGS__)

/* Everything the input gives: words, the offset of the first, the format
 * chosen, and the error (NULL: none). */
struct got {
	uint32_t w[1 << 16];
	size_t n;
	uint64_t first;
	enum gk_in_format fmt;
	char err[200];
	uint32_t line, col;
	struct gk_ring_marks marks;
};

static struct got got;

static void read_all(const void *p, size_t n, enum gk_in_format fmt, size_t chunk, const uint64_t *base)
{
	struct tl_reader m = { p, n, 0, chunk };
	struct gk_input *in = gk_input_create(tl_read, &m, fmt, 4);
	memset(&got, 0, sizeof got);
	if (base)
		gk_input_set_base(in, *base);
	long avail;
	bool first = true;
	while ((avail = gk_input_fill(in, 7)) > 0) {
		if (first)
			got.first = gk_input_offset(in);
		first = false;
		for (long i = 0; i < avail && got.n < sizeof got.w / sizeof got.w[0]; i++)
			got.w[got.n++] = gk_input_words(in)[i];
		gk_input_skip(in, (size_t)avail);
	}
	got.fmt = gk_input_format(in);
	gk_input_marks(in, &got.marks);
	tl_input_error(in, got.err, sizeof got.err, &got.line, &got.col);
	gk_input_destroy(in);
}

/* the dump in dump.p reads back as the stream, from first, in format fmt */
static void expect_stream(const char *what, enum gk_in_format fmt, uint64_t first)
{
	static const size_t chunks[] = { 1, 7, 65536 };
	for (size_t c = 0; c < 3; c++) {
		read_all(dump.p, dump.n, GK_IN_AUTO, chunks[c], NULL);
		CHECK(!got.err[0] && got.fmt == fmt && got.n == NW && !memcmp(got.w, stream, sizeof stream) && got.first == first,
		      "%s (read %zu bytes at a time): format %s, %zu words, first at 0x%llx, error '%s' at %u:%u", what, chunks[c],
		      gk_in_format_name(got.fmt), got.n, (unsigned long long)got.first, got.err, got.line, got.col);
	}
	/* named, it reads the same */
	read_all(dump.p, dump.n, fmt, 4096, NULL);
	CHECK(!got.err[0] && got.n == NW && !memcmp(got.w, stream, sizeof stream), "%s named -f %s: %s", what,
	      gk_in_format_name(fmt), got.err);
}

/* The dump in dump.p with one byte of its third line damaged (a NUL, a
 * control byte, 0xff, a bit flipped to a byte that is not UTF-8), and with
 * a line of text in no form put in as its third (bad_line: when that form
 * refuses lines it does not know): refused at that line and column, never
 * read as binary words or as anything else. */
static void expect_damage(const char *what, bool bad_line)
{
	size_t at = 0;
	for (unsigned nl = 0; nl < 2 && at < dump.n; at++)
		nl += dump.p[at] == '\n';
	CHECK(at + 6 < dump.n && memchr(dump.p + at, '\n', dump.n - at) >= (void *)(dump.p + at + 6),
	      "%s: a third line of 6 bytes or more", what);
	char *copy = malloc(dump.n + 16);
	static const uint8_t bad[] = { 0x00, 0x01, 0x1b, 0x7f, 0xff, 0xc0 };
	for (size_t b = 0; b <= sizeof bad; b++) {
		memcpy(copy, dump.p, dump.n);
		/* the last: a bit flipped, that makes the byte no longer text */
		copy[at + 5] = b < sizeof bad ? (char)bad[b] : (char)(copy[at + 5] ^ 0x80);
		uint8_t was = (uint8_t)copy[at + 5];
		for (size_t chunk = 1; chunk <= 4096; chunk *= 64) {
			read_all(copy, dump.n, GK_IN_AUTO, chunk, NULL);
			CHECK(got.fmt != GK_IN_BIN && got.line == 3 && got.col == 6 && strstr(got.err, "damaged"),
			      "%s with byte 0x%02x at 3:6 (read %zu at a time): %s, '%s' at %u:%u", what, was, chunk,
			      gk_in_format_name(got.fmt), got.err, got.line, got.col);
		}
	}
	if (bad_line) {
		static const char line[] = "hello world\n";
		memcpy(copy, dump.p, at);
		memcpy(copy + at, line, sizeof line - 1);
		memcpy(copy + at + sizeof line - 1, dump.p + at, dump.n - at);
		read_all(copy, dump.n + sizeof line - 1, GK_IN_AUTO, 4096, NULL);
		CHECK(got.err[0] && got.line == 3 && got.col >= 1, "%s with a bad third line: '%s' at %u:%u", what, got.err,
		      got.line, got.col);
	}
	free(copy);
}

static void reset(void)
{
	dump.n = 0;
	if (dump.p)
		dump.p[0] = 0;
}

static uint8_t byte_at(size_t i)
{
	return (uint8_t)(stream[i / 4] >> (8 * (i % 4)));
}

/* od -A RADIX -t x4 (4 words a line), ending with the end address */
static void od_x4(unsigned radix, size_t skip_bytes)
{
	const char *f = radix == 8 ? "%07llo" : radix == 10 ? "%07llu" : "%06llx";
	reset();
	for (size_t at = 0; at < 4 * NW; at += 16) {
		say(f, (unsigned long long)(at + skip_bytes));
		for (size_t k = at; k < at + 16 && k < 4 * NW; k += 4)
			say(" %08x", stream[k / 4]);
		say("\n");
	}
	say(f, (unsigned long long)(4 * NW + skip_bytes));
	say("\n");
}

/* the dump in dump.p is refused at line:col with a message holding what */
static void expect_refusal(const char *name, uint32_t line, uint32_t col, const char *what)
{
	read_all(dump.p, dump.n, GK_IN_AUTO, 7, NULL);
	CHECK(got.n == 0 && got.line == line && got.col == col && strstr(got.err, what) &&
	      strstr(got.err, "'od -A x -t x4 -v FILE'"),
	      "%s refused at %u:%u naming '%s': '%s' at %u:%u, %zu words", name, line, col, what, got.err, got.line, got.col,
	      got.n);
}

static void test_od(void)
{
	/* hex addresses, from 0 and (od -j 64) from 64; octal and decimal
	 * ones are refused at the second address, which says the radix */
	static const struct {
		unsigned radix, skip;
		const char *what;
	} x4[] = {
		{ 8, 0, "od -t x4" }, { 16, 0, "od -A x -t x4" }, { 10, 0, "od -A d -t x4" },
		{ 8, 64, "od -j 64 -t x4" }, { 10, 64, "od -j 64 -A d -t x4" }, { 16, 64, "od -j 64 -A x -t x4" },
	};
	for (size_t i = 0; i < sizeof x4 / sizeof x4[0]; i++) {
		od_x4(x4[i].radix, x4[i].skip);
		if (x4[i].radix == 16) {
			expect_stream(x4[i].what, GK_IN_OD, x4[i].skip);
			expect_damage(x4[i].what, true);
		}
		else
			expect_refusal(x4[i].what, 2, 1, x4[i].radix == 8 ? "od addresses in octal" : "od addresses in decimal");
	}
	/* od -x / hexdump: 2-byte little-endian groups (octal / hex addresses) */
	for (unsigned h = 0; h < 2; h++) {
		reset();
		for (size_t at = 0; at < 4 * NW; at += 16) {
			say(h ? "%07zx" : "%07zo", at);
			for (size_t k = at; k < at + 16; k += 2)
				say(h ? " %02x%02x" : " %02x%02x", byte_at(k + 1), byte_at(k));
			say("\n");
		}
		say(h ? "%07zx\n" : "%07zo\n", (size_t)(4 * NW));
		if (h) {
			expect_stream("hexdump", GK_IN_OD, 0);
			expect_damage("hexdump", true);
		}
		else
			expect_refusal("od -x", 2, 1, "od addresses in octal");
	}
	/* od -A x -t x1: bytes in order */
	reset();
	for (size_t at = 0; at < 4 * NW; at += 16) {
		say("%06zx", at);
		for (size_t k = at; k < at + 16; k++)
			say(" %02x", byte_at(k));
		say("\n");
	}
	say("%06zx\n", (size_t)(4 * NW));
	expect_stream("od -A x -t x1", GK_IN_OD, 0);

	/* octal and decimal numbers, as od and hexdump print them (the layouts
	 * of GNU od and util-linux hexdump): refused at the first number */
	static const struct {
		const char *name, *text, *what;
		uint32_t col;
	} num[] = {
		{ "od", "0000000 024000 140001 000003 100000 000000 100000 043000 140000\n0000020 002007\n",
		  "an od octal dump", 9 },
		{ "od -t o4", "0000000 30000124000 20000000003 20000000000 30000043000\n", "od -t o4", 9 },
		{ "od -b", "0000000 000 050 001 300 003 000 000 200\n", "od -b", 9 },
		{ "od -t d4", "0000000 -1073664000 -2147483645 -2147483648 -1073723904\n", "decimal", 9 },
		{ "od -t u4", "0000000  3221301248  2147483651  2147483648        1031\n", "decimal", 10 },
		{ "od -d", "0000000 10240 49153     3 32768     0 32768 17920 49152\n", "decimal", 9 },
		{ "hexdump -d", "0000000   10240   49153   00003   32768   00000   32768   17920   49152\n", "decimal", 11 },
		{ "hexdump -o", "0000000  024000  140001  000003  100000  000000  100000  043000  140000\n",
		  "an od octal dump", 10 },
	};
	for (size_t i = 0; i < sizeof num / sizeof num[0]; i++) {
		reset();
		say("%s", num[i].text);
		expect_refusal(num[i].name, 1, num[i].col, num[i].what);
		/* named as od, the same */
		read_all(dump.p, dump.n, GK_IN_OD, 4096, NULL);
		CHECK(got.n == 0 && got.line == 1 && strstr(got.err, num[i].what), "%s named -f od: '%s' at %u:%u", num[i].name,
		      got.err, got.line, got.col);
	}
	/* plain hex words that start like an od line are still hex words */
	reset();
	say("c0012800 80000003 80000000\n0000000 0 1 2\n");
	read_all(dump.p, dump.n, GK_IN_AUTO, 4096, NULL);
	CHECK(!got.err[0] && got.fmt == GK_IN_HEX && got.n == 7, "hex words with short tokens: %s %zu '%s'",
	      gk_in_format_name(got.fmt), got.n, got.err);
}

static void test_hexdump_xxd(void)
{
	reset();
	for (size_t at = 0; at < 4 * NW; at += 16) {
		say("%08zx ", at);
		for (size_t k = at; k < at + 16; k++)
			say(k == at + 8 ? "  %02x" : " %02x", byte_at(k));
		say("  |");
		for (size_t k = at; k < at + 16; k++)
			say("%c", byte_at(k) >= 0x20 && byte_at(k) < 0x7f ? byte_at(k) : '.');
		say("|\n");
	}
	say("%08zx\n", (size_t)(4 * NW));
	expect_stream("hexdump -C", GK_IN_HEXDUMP_C, 0);
	expect_damage("hexdump -C", true);
	for (unsigned le = 0; le < 2; le++) {
		reset();
		for (size_t at = 0; at < 4 * NW; at += 16) {
			say("%08zx:", at + 0x1000);
			for (size_t k = at; k < at + 16; k += le ? 4 : 2)
				if (le)
					say(" %08x", stream[k / 4]);
				else
					say(" %02x%02x", byte_at(k), byte_at(k + 1));
			say("  ");
			for (size_t k = at; k < at + 16; k++)
				say("%c", byte_at(k) >= 0x20 && byte_at(k) < 0x7f ? byte_at(k) : '.');
			say("\n");
		}
		expect_stream(le ? "xxd -e -o 0x1000" : "xxd -o 0x1000", GK_IN_XXD, 0x1000);
		expect_damage(le ? "xxd -e" : "xxd", true);
	}
}

/* '*': od says "the line before repeats" up to the next address; 1 MiB of
 * repeated words streams through the window */
static void test_repeat(void)
{
	reset();
	say("000000 00000001 00000002 00000003 00000004\n*\n");
	say("%06x 00000005\n%06x\n", 4u << 20, (4u << 20) + 4);
	struct tl_reader m = { (const uint8_t *)dump.p, dump.n, 0, 4096 };
	struct gk_input *in = gk_input_create(tl_read, &m, GK_IN_AUTO, 4);
	uint64_t n = 0, bad = 0;
	long avail;
	while ((avail = gk_input_fill(in, 1000)) > 0) {
		for (long i = 0; i < avail; i++, n++) {
			uint32_t want = n < (1u << 20) ? (uint32_t)(n % 4 + 1) : 5;
			bad += gk_input_words(in)[i] != want;
		}
		gk_input_skip(in, (size_t)avail);
	}
	CHECK(!gk_input_error(in) && n == (1u << 20) + 1 && !bad, "od '*' over 4 MiB: %llu words, %llu wrong, %s",
	      (unsigned long long)n, (unsigned long long)bad, gk_input_error(in) ? gk_input_error(in)->message : "");
	gk_input_destroy(in);
	/* a '*' that does not repeat a whole number of lines, and one at the end */
	reset();
	say("000000 00000001 00000002\n*\n00000c 00000003\n000010\n");
	read_all(dump.p, dump.n, GK_IN_AUTO, 4096, NULL);
	CHECK(got.err[0] && got.line == 3, "od '*' to a misaligned address: '%s' at line %u", got.err, got.line);
	reset();
	say("000000 00000001 00000002\n*\n");
	read_all(dump.p, dump.n, GK_IN_AUTO, 4096, NULL);
	CHECK(strstr(got.err, "'*'") != NULL, "dump ending after '*': '%s'", got.err);
	/* a '*' standing for more than 1 GiB (fuzz_dump: 59 bytes of od text
	 * that stood for 800 million words) is refused at the address that
	 * ends it, before any word of it is made; exactly 1 GiB is read */
	reset();
	say("000000 00000001 00000002 00000003 00000004\n*\n%09llx 00000005\n",
	    (unsigned long long)(16 + (1ull << 30) + 16));
	read_all(dump.p, dump.n, GK_IN_AUTO, 4096, NULL);
	CHECK(got.line == 3 && got.col == 1 && strstr(got.err, "od -v") != NULL,
	      "od '*' over more than 1 GiB: '%s' at %u:%u", got.err, got.line, got.col);
	reset();
	say("000000 00000001 00000002 00000003 00000004\n*\n%09llx 00000005\n",
	    (unsigned long long)(16 + (1ull << 30)));
	struct tl_reader big = { (const uint8_t *)dump.p, dump.n, 0, 4096 };
	in = gk_input_create(tl_read, &big, GK_IN_AUTO, 4);
	n = 0;
	while ((avail = gk_input_fill(in, 1u << 16)) > 0) {
		n += (uint64_t)avail;
		gk_input_skip(in, (size_t)avail);
	}
	CHECK(!gk_input_error(in) && n == (1ull << 28) + 5, "od '*' over exactly 1 GiB: %llu words, %s",
	      (unsigned long long)n, gk_input_error(in) ? gk_input_error(in)->message : "");
	gk_input_destroy(in);
}

/* a radeon ring of 64 dwords holding the stream from index 40, wrapping;
 * rptr at the start of the stream */
static void radeon_ring(bool in_log)
{
	uint32_t ring[64];
	for (unsigned i = 0; i < 64; i++)
		ring[i] = 0x80000000u;
	for (unsigned i = 0; i < NW; i++)
		ring[(40 + i) % 64] = stream[i];
	unsigned rptr = 40, wptr = (40 + NW) % 64, count = NW;
	const char *pre = in_log ? "[  812.004113] [drm] " : "";
	reset();
	if (in_log)
		say("[  812.004100] radeon 0000:01:00.0: ring 0 stalled for more than 10000msec\n");
	say("%swptr: 0x%08x [%5u]\n%srptr: 0x%08x [%5u]\n", pre, wptr, wptr, pre, rptr, rptr);
	say("%sdriver's copy of the wptr: 0x%08x [%5u]\n", pre, wptr, wptr);
	say("%slast semaphore signal addr : 0x%016x\n%slast semaphore wait addr   : 0x%016x\n", pre, 0, pre, 0);
	say("%s%u free dwords in ring\n%s%u dwords in ring\n", pre, 64 - count, pre, count);
	unsigned i = (rptr + 64 - 32) % 64;
	for (unsigned j = 0; j <= count + 32 && j < 64; j++) {
		say("%sr[%5u]=0x%08x%s\n", pre, i, ring[i], i == rptr ? " *" : "");
		i = (i + 1) % 64;
	}
}

static void test_radeon_ring(void)
{
	for (unsigned log = 0; log < 2; log++) {
		radeon_ring(log);
		expect_damage(log ? "ring dump in a log" : "ring dump", !log);
		read_all(dump.p, dump.n, GK_IN_AUTO, 5, NULL);
		/* 64 words shown: from index 8, through the wrap at 63 -> 0, to 7 */
		bool words = got.n == 64 && got.first == 4 * 8 && !memcmp(got.w + 32, stream, 24 * sizeof stream[0]) &&
			     !memcmp(got.w + 56, stream + 24, 8 * sizeof stream[0]);
		CHECK(!got.err[0] && got.fmt == (log ? GK_IN_KLOG : GK_IN_RADEON_RING) && words, "ring dump%s: %s, %zu words from 0x%llx: %s",
		      log ? " in a log" : "", gk_in_format_name(got.fmt), got.n, (unsigned long long)got.first, got.err);
		CHECK(got.marks.have == (GK_MARK_RPTR | GK_MARK_WPTR | GK_MARK_DRIVER_WPTR) && got.marks.rptr == 4 * 40 &&
		      got.marks.wptr == 4 * ((40 + NW) % 64) && got.marks.have_rptr_word && got.marks.rptr_word == 32,
		      "ring marks: have %#x rptr 0x%llx wptr 0x%llx word %llu", got.marks.have, (unsigned long long)got.marks.rptr,
		      (unsigned long long)got.marks.wptr, (unsigned long long)got.marks.rptr_word);
	}
	/* the offsets follow the ring's indices across the wrap */
	radeon_ring(false);
	struct tl_reader m = { (const uint8_t *)dump.p, dump.n, 0, 4096 };
	struct gk_input *in = gk_input_create(tl_read, &m, GK_IN_AUTO, 4);
	uint64_t off[64];
	size_t n = 0;
	while (gk_input_fill(in, 1) > 0 && n < 64) {
		off[n++] = gk_input_offset(in);
		gk_input_skip(in, 1);
	}
	CHECK(n == 64 && off[0] == 32 && off[55] == 4 * 63 && off[56] == 0 && off[63] == 28, "ring offsets: %zu, %llx %llx %llx",
	      n, (unsigned long long)off[0], (unsigned long long)off[55], (unsigned long long)off[56]);
	gk_input_destroy(in);
	/* gk_input_peek: a loop that steps through run words on its own sees
	 * the offsets and words one gk_input_offset a word gives, and run
	 * stops at the wrap (the break in the addresses) */
	for (size_t want = 1; want <= 16; want *= 4) {
		m = (struct tl_reader){ (const uint8_t *)dump.p, dump.n, 0, 4096 };
		in = gk_input_create(tl_read, &m, GK_IN_AUTO, 4);
		struct gk_input_at at;
		size_t k = 0, bad = 0, runs = 0;
		while (gk_input_peek(in, want, &at) > 0 && k < 64) {
			size_t steps = at.run >= want ? at.run - want + 1 : 1;
			bad += at.words != gk_input_words(in) || at.offset != gk_input_offset(in) ||
			       at.unbroken != gk_input_unbroken(in) || at.run > at.unbroken;
			if (k < 56 && at.run > 56 - k)
				bad++; /* a run across the wrap */
			for (size_t j = 0; j < steps && k < 64; j++, k++)
				bad += at.offset + 4 * j != off[k];
			gk_input_skip(in, steps);
			runs++;
		}
		CHECK(k == 64 && !bad && runs >= 2, "peek want %zu: %zu words in %zu runs, %zu wrong", want, k, runs, bad);
		gk_input_destroy(in);
	}
	CHECK(gk_input_peek(NULL, 1, NULL) == -1, "peek NULL");

	/* decode: framed from the first offset whose packets land on rptr, the
	 * words before raw, the rptr and wptr units marked */
	struct gk_engine *e = gk_engine_open("pm4", "evergreen", NULL);
	m = (struct tl_reader){ (const uint8_t *)dump.p, dump.n, 0, 4096 };
	in = gk_input_create(tl_read, &m, GK_IN_AUTO, 4);
	struct gk_membuf t = { 0 };
	struct gk_stream_opts o = { .name = "ring" };
	struct gk_stream_stats st;
	int rc = tl_stream(e, in, &o, &t, &st);
	CHECK(rc == 0 && t.p && strstr(t.p, "    ; <- rptr\n") && strstr(t.p, "; <- wptr") && strstr(t.p, "0x000000a0: CONTEXT_CONTROL"),
	      "ring decode:\n%s", t.p ? t.p : "");
	free(t.p);
	gk_input_destroy(in);
	gk_engine_close(e);
}

static void test_klog_umr(void)
{
	reset();
	say("[ 4242.000001] [drm:radeon_cs_ioctl [radeon]] *ERROR* Invalid command stream !\n");
	for (unsigned i = 0; i < NW; i++)
		say("[ 4242.%06u] [drm] ib[%u]=0x%08X\n", i + 2, i, stream[i]);
	say("[ 4242.100000] [drm] something else\n");
	expect_stream("kernel log ib[] lines", GK_IN_KLOG, 0);
	expect_damage("kernel log", false); /* other log lines are no error */

	reset();
	say("Decoding IB at 0@0x500 from 0@0x0 of %u words (type 4)\n", NW);
	for (unsigned i = 0; i < NW; i++)
		say("[0@0x00000500 + 0x%04x]\t[        0x%08x]\tsomething\n", 4 * i, stream[i]);
	expect_stream("umr listing", GK_IN_UMR, 0x500);
	expect_damage("umr listing", false); /* umr's other lines carry no words */
	/* umr leaves words out of its decode: refused, not guessed */
	reset();
	say("[0@0x00000500 + 0x0000]\t[        0xc0032200]\tOpcode\n[0@0x00000500 + 0x0008]\t[        0x0]\tX\n");
	read_all(dump.p, dump.n, GK_IN_AUTO, 4096, NULL);
	CHECK(strstr(got.err, "umr lists no word at 0x504") && got.line == 2, "umr gap: '%s' at %u", got.err, got.line);
}

static void test_addresses_and_refusals(void)
{
	/* ADDRESS: hex dumps: the first address is the base; a gap is an error */
	reset();
	for (unsigned i = 0; i < NW; i += 4)
		say("%08x: %08x %08x %08x %08x\n", 0x2000 + 4 * i, stream[i], stream[i + 1], stream[i + 2], stream[i + 3]);
	expect_stream("ADDRESS: words", GK_IN_HEX, 0x2000);
	expect_damage("ADDRESS: words", true);
	reset();
	for (unsigned i = 0; i < NW; i += 4)
		say("%08x %08x %08x %08x\n", stream[i], stream[i + 1], stream[i + 2], stream[i + 3]);
	expect_stream("hex words", GK_IN_HEX, 0);
	expect_damage("hex words", true);
	reset();
	say("00000000: c0012800 80000003\n00000010: 80000000\n");
	read_all(dump.p, dump.n, GK_IN_AUTO, 4096, NULL);
	CHECK(strstr(got.err, "gap") && got.line == 2 && got.col == 1, "address gap: '%s' at %u:%u", got.err, got.line, got.col);
	/* --base moves the offsets; the dump's spacing stays */
	uint64_t base = 0x100000;
	od_x4(16, 0);
	read_all(dump.p, dump.n, GK_IN_AUTO, 4096, &base);
	CHECK(!got.err[0] && got.first == base && got.n == NW, "--base: first at 0x%llx", (unsigned long long)got.first);
	/* text in no known form: refused where it goes wrong */
	static const char *const bad[] = { "hello world\n", "r[ 12]=0xc0012800 *\nr[ 13]=zz\n",
					   "0000000 c0012800 80000003\n0000010 8000 0000\n",
					   "00000000: 0028 01c0 0300 0080  .(......\n00000010: zz\n" };
	static const uint32_t lines[] = { 1, 2, 2, 2 };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		read_all(bad[i], strlen(bad[i]), GK_IN_AUTO, 4096, NULL);
		CHECK(got.err[0] && got.line == lines[i] && got.col > 0, "'%s' refused at line %u: '%s' at %u:%u", bad[i], lines[i],
		      got.err, got.line, got.col);
	}
	read_all("hello\n", 6, GK_IN_AUTO, 4096, NULL);
	CHECK(strstr(got.err, "not hex words, nor a ring dump") != NULL, "the refusal names the forms: '%s'", got.err);
	/* also after comment lines (a umr --test-harness file's first line),
	 * but not once a token was read (an ADDRESS: label) */
	static const char harness[] = "; this is running \"-RS gfx[.]\"\nGCACONFIG = { 0500 }\n";
	read_all(harness, strlen(harness), GK_IN_AUTO, 4096, NULL);
	CHECK(got.line == 2 && strstr(got.err, "'G' is not a hex digit (not hex words, nor a ring dump") != NULL,
	      "the refusal after a comment names the forms: '%s' at line %u", got.err, got.line);
	read_all("100:\nzz\n", 8, GK_IN_HEX, 4096, NULL);
	CHECK(got.line == 2 && got.err[0] && !strstr(got.err, "not hex words"), "after a label: '%s'", got.err);
	/* a line longer than any dump line */
	char *lng = malloc(10000);
	memcpy(lng, "r[    1]=0x00000001 ", 20);
	memset(lng + 20, 'x', 9979);
	lng[9999] = '\n';
	read_all(lng, 10000, GK_IN_AUTO, 4096, NULL);
	CHECK(got.err[0] && got.line == 1, "overlong line: '%s'", got.err);
	free(lng);
	/* names */
	enum gk_in_format f;
	CHECK(gk_in_format_parse("xxd", &f) == 0 && f == GK_IN_XXD && gk_in_format_parse("nope", &f) == -1 &&
	      !strcmp(gk_in_format_name(GK_IN_RADEON_RING), "radeon-ring") && gk_in_format_name((enum gk_in_format)99) == NULL,
	      "format names");
}

/* the text decode of n bytes at p in format fmt (caller frees) */
static char *decode_text(const void *p, size_t n, enum gk_in_format fmt)
{
	struct gk_engine *e = gk_engine_open("pm4", "evergreen", NULL);
	struct tl_reader m = { p, n, 0, 4096 };
	struct gk_input *in = gk_input_create(tl_read, &m, fmt, 4);
	struct gk_membuf t = { 0 };
	struct gk_stream_opts o = { .name = "t" };
	struct gk_stream_stats st;
	tl_stream(e, in, &o, &t, &st);
	gk_input_destroy(in);
	gk_engine_close(e);
	if (!t.p)
		t.p = calloc(1, 1);
	return t.p;
}

/* a decode without its offsets and ring pointer notes, up to the first
 * PACKET2 after a packet that is not one (the ring's filler) */
static char *packets_only(const char *t)
{
	char *o = malloc(strlen(t) + 1), *w = o;
	bool any = false;
	while (*t) {
		const char *nl = strchr(t, '\n');
		size_t len = nl ? (size_t)(nl - t) + 1 : strlen(t);
		const char *body = t;
		if (len > 12 && t[0] == '0' && t[1] == 'x' && t[10] == ':')
			body = t + 12;
		if (!strncmp(body, "PACKET2", 7) && any)
			break;
		if (strncmp(t, "    ; <- ", 9)) {
			any |= strncmp(body, "PACKET2", 7) != 0;
			memcpy(w, body, len - (size_t)(body - t));
			w += len - (size_t)(body - t);
		}
		t += len;
	}
	*w = 0;
	return o;
}

/* amdgpu debugfs ring files: rptr, wptr, driver wptr, then the ring */
static void test_amdgpu_ring(void)
{
	uint8_t b[12 + 4 * NW];
	uint32_t head[3] = { 8, 40, 40 };
	for (unsigned i = 0; i < 3; i++)
		for (unsigned k = 0; k < 4; k++)
			b[4 * i + k] = (uint8_t)(head[i] >> (8 * k));
	for (unsigned i = 0; i < 4 * NW; i++)
		b[12 + i] = byte_at(i);
	read_all(b, sizeof b, GK_IN_AMDGPU_RING, 5, NULL);
	CHECK(!got.err[0] && got.n == NW && !memcmp(got.w, stream, sizeof stream) && got.first == 0 &&
	      got.marks.rptr == 32 && got.marks.wptr == 160 && got.marks.have_rptr_word && got.marks.rptr_word == 8,
	      "amdgpu ring: %zu words, rptr 0x%llx: %s", got.n, (unsigned long long)got.marks.rptr, got.err);
	read_all(b, 10, GK_IN_AMDGPU_RING, 5, NULL);
	CHECK(strstr(got.err, "12-byte header") != NULL, "amdgpu ring header cut: '%s'", got.err);

	/* a ring of 64 dwords holding the stream from index 40 and wrapping
	 * after 24 of its words (inside a packet): rptr 40, wptr 24.  Read
	 * from wptr, the CP's order: the stream is whole from the 16th word,
	 * its offsets the ring's indices, 0 again after the wrap */
	uint8_t r[12 + 4 * 64];
	uint32_t ring[64];
	for (unsigned i = 0; i < 64; i++)
		ring[i] = 0x80000000u;
	for (unsigned i = 0; i < NW; i++)
		ring[(40 + i) % 64] = stream[i];
	static const struct {
		uint32_t rptr, wptr;
		const char *note; /* NULL: read in the CP's order */
	} ptrs[] = {
		{ 40, 24, NULL },
		{ 100, 24, "rptr 100 (0x64) lies outside the ring's 64 dwords" },
		{ 40, 64, "wptr 64 (0x40) lies outside the ring's 64 dwords" },
	};
	for (size_t t = 0; t < sizeof ptrs / sizeof ptrs[0]; t++) {
		uint32_t h[3] = { ptrs[t].rptr, ptrs[t].wptr, ptrs[t].wptr };
		for (unsigned i = 0; i < 3 + 64; i++)
			for (unsigned k = 0; k < 4; k++)
				r[4 * i + k] = (uint8_t)((i < 3 ? h[i] : ring[i - 3]) >> (8 * k));
		for (size_t chunk = 1; chunk <= 4096; chunk *= 8) {
			struct tl_reader m = { r, sizeof r, 0, chunk };
			struct gk_input *in = gk_input_create(tl_read, &m, GK_IN_AMDGPU_RING, 4);
			uint32_t w[64];
			uint64_t off[64];
			size_t n = 0;
			while (gk_input_fill(in, 3) > 0 && n < 64) {
				w[n] = gk_input_words(in)[0];
				off[n++] = gk_input_offset(in);
				gk_input_skip(in, 1);
			}
			struct gk_ring_marks mk;
			gk_input_marks(in, &mk);
			const char *note = gk_input_note(in, 0, NULL);
			if (!ptrs[t].note) {
				bool order = n == 64 && !memcmp(w + 16, stream, sizeof stream) && off[0] == 4 * 24 &&
					     off[39] == 4 * 63 && off[40] == 0 && off[63] == 4 * 23;
				CHECK(!gk_input_error(in) && order && !note && mk.have_rptr_word && mk.rptr_word == 16 &&
				      mk.rptr == 4 * 40 && mk.wptr == 4 * 24,
				      "wrapping amdgpu ring (read %zu at a time): %zu words in the CP's order: %d, offsets 0x%llx "
				      "0x%llx 0x%llx, rptr word %llu, note '%s'", chunk, n, order, (unsigned long long)off[0],
				      (unsigned long long)off[39], (unsigned long long)off[40], (unsigned long long)mk.rptr_word,
				      note ? note : "");
			} else {
				bool asis = n == 64 && !memcmp(w, ring, sizeof ring) && off[0] == 0 && off[63] == 4 * 63;
				CHECK(!gk_input_error(in) && asis && note && strstr(note, ptrs[t].note) &&
				      gk_input_note_warns(in, 0) == 1,
				      "amdgpu ring rptr %u wptr %u (read %zu at a time): %zu words as the file holds them: %d, "
				      "note '%s'", ptrs[t].rptr, ptrs[t].wptr, chunk, n, asis, note ? note : "");
			}
			gk_input_destroy(in);
		}
	}
	/* rptr past the end (the ring held from index 0 waiting for it) and
	 * the file ending inside a dword: the whole dwords as the file holds
	 * them, then the cut dword an error after them, as any binary input's */
	{
		uint32_t h2[3] = { 100, 24, 24 };
		for (unsigned i = 0; i < 3 + 64; i++)
			for (unsigned k = 0; k < 4; k++)
				r[4 * i + k] = (uint8_t)((i < 3 ? h2[i] : ring[i - 3]) >> (8 * k));
		for (size_t chunk = 1; chunk <= 4096; chunk *= 64) {
			read_all(r, sizeof r - 2, GK_IN_AMDGPU_RING, chunk, NULL);
			CHECK(got.n == 63 && !memcmp(got.w, ring, 63 * 4) &&
				      strstr(got.err, "input ends with 2 bytes that do not make a whole dword"),
			      "amdgpu ring cut inside a dword, rptr past the end (read %zu at a time): %zu words, '%s'", chunk,
			      got.n, got.err);
		}
	}
	/* decoded: the words before rptr (PACKET2 fillers) chain onto it, the
	 * stream's packets follow in order across the wrap */
	uint32_t h[3] = { 40, 24, 24 };
	for (unsigned i = 0; i < 3 + 64; i++)
		for (unsigned k = 0; k < 4; k++)
			r[4 * i + k] = (uint8_t)((i < 3 ? h[i] : ring[i - 3]) >> (8 * k));
	char *ring_text = decode_text(r, sizeof r, GK_IN_AMDGPU_RING);
	uint8_t sb[4 * NW];
	for (unsigned i = 0; i < 4 * NW; i++)
		sb[i] = byte_at(i);
	char *bin_text = decode_text(sb, sizeof sb, GK_IN_BIN);
	const char *from = strstr(ring_text, ": CONTEXT_CONTROL");
	from = from ? from - 10 : ring_text;
	CHECK(strstr(ring_text, "0x000000a0: CONTEXT_CONTROL") && strstr(ring_text, "    ; <- rptr\n") &&
	      strstr(ring_text, "0x000000fc: SET_CONTEXT_REG") &&
	      !strstr(ring_text, "before the first packet"), "wrapping amdgpu ring decode: rptr, the packet across the wrap:\n%s", ring_text);
	char *a = packets_only(from), *bt = packets_only(bin_text);
	CHECK(!strcmp(a, bt), "wrapping amdgpu ring: the stream's packets from rptr on are the binary's:\n%s\n---\n%s", a, bt);
	free(a);
	free(bt);
	free(ring_text);
	free(bin_text);
}

/* Binary streams stay binary: the stream, random words, mostly-ASCII words */
static void test_binary_stays_binary(void)
{
	uint64_t seed = 12345;
	uint8_t *b = malloc(1 << 16);
	for (size_t n = 4; n <= (1 << 16); n *= 4) {
		for (size_t i = 0; i < n; i++)
			b[i] = (uint8_t)tl_rand(&seed);
		read_all(b, n, GK_IN_AUTO, 4096, NULL);
		CHECK(got.fmt == GK_IN_BIN && !got.err[0] && got.n == n / 4, "%zu random bytes: %s, '%s'", n,
		      gk_in_format_name(got.fmt), got.err);
	}
	for (size_t i = 0; i < 4 * NW; i++)
		b[i] = byte_at(i);
	read_all(b, 4 * NW, GK_IN_AUTO, 4096, NULL);
	CHECK(got.fmt == GK_IN_BIN && got.n == NW, "the stream as binary: %s", gk_in_format_name(got.fmt));
	/* words of ASCII letters and digits with a NUL word among them: no
	 * line of a text form, so binary */
	for (size_t i = 0; i < 4096; i++)
		b[i] = (uint8_t)("0123456789abcdef\n"[tl_rand(&seed) % 17]);
	memset(b + 2048, 0, 4);
	memset(b + 2052, 'q', 60);
	read_all(b, 4096, GK_IN_AUTO, 4096, NULL);
	CHECK(got.fmt != GK_IN_BIN && got.line > 0, "hex digits with a NUL word: text with an error (%s, '%s' at %u:%u)",
	      gk_in_format_name(got.fmt), got.err, got.line, got.col);
	for (size_t i = 0; i < 4096; i++)
		b[i] = (uint8_t)("ABCDEFGHIJKLMNOPQRSTUVWXYZ"[tl_rand(&seed) % 26]);
	memset(b + 2048, 0, 4);
	read_all(b, 4096, GK_IN_AUTO, 4096, NULL);
	CHECK(got.fmt == GK_IN_BIN && got.n == 1024, "letters with a NUL word: binary (%s, '%s')", gk_in_format_name(got.fmt),
	      got.err);
	/* UTF-16 text (with its byte-order mark, as a Windows shell writes
	 * it): refused at its start, saying how to convert it; a binary whose
	 * first word starts FF FE stays binary */
	static const char hex[] = "c0012800 80000003\n";
	for (unsigned le = 0; le < 2; le++) {
		size_t n = 0;
		b[n++] = le ? 0xff : 0xfe;
		b[n++] = le ? 0xfe : 0xff;
		for (unsigned rep = 0; rep < 8; rep++)
			for (size_t i = 0; hex[i]; i++) {
				b[n++] = le ? (uint8_t)hex[i] : 0;
				b[n++] = le ? 0 : (uint8_t)hex[i];
			}
		read_all(b, n, GK_IN_AUTO, 7, NULL);
		CHECK(got.n == 0 && got.line == 1 && got.col == 1 && strstr(got.err, "UTF-16") && strstr(got.err, "iconv"),
		      "UTF-16%s text: '%s' at %u:%u, %zu words", le ? "LE" : "BE", got.err, got.line, got.col, got.n);
	}
	b[0] = 0xff, b[1] = 0xfe, b[2] = 0x00, b[3] = 0xc0;
	for (size_t i = 4; i < 64; i++)
		b[i] = (uint8_t)(i & 3 ? 0 : i);
	read_all(b, 64, GK_IN_AUTO, 4096, NULL);
	CHECK(got.fmt == GK_IN_BIN && got.n == 16, "a binary starting FF FE: %s, '%s'", gk_in_format_name(got.fmt), got.err);
	free(b);
}

int main(void)
{
	/* a real stream: the Evergreen compute dispatch of examples/ (words
	 * spelled out so the test needs no file) */
	static const uint32_t ex[] = { 0xc0012800, 0x80000003, 0x80000000, 0xc0004600, 0x00000407, 0xc0034300, 0x88800000,
				       0xffffffff, 0x00000000, 0x0000000a, 0xc0016802, 0x00000307, 0x00004000, 0xc0026802,
				       0x00000384, 0x00000000, 0x00000000, 0xc0016902, 0x00000000, 0x00001000, 0xc0016902,
				       0x00000290, 0x00024000, 0xc0016902 };
	for (unsigned i = 0; i < NW; i++)
		stream[i] = ex[i % 24];
	test_od();
	test_hexdump_xxd();
	test_repeat();
	test_radeon_ring();
	test_klog_umr();
	test_addresses_and_refusals();
	test_amdgpu_ring();
	test_binary_stays_binary();
	free(dump.p);
	return tl_done();
}
