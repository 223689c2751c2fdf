/* libFuzzer target for the DMA/SDMA decoder, checker (with and without
 * buffer bounds), printers, assembler and input reader (`make fuzz-dma`).
 *
 * Input: byte 0 picks the generation (byte 0 % 6: r600, r700, evergreen,
 * cayman, si, cik) and, in byte 0 / 6, a mode; the rest is used as in
 * fuzz_pm4.c:
 *  (a) as little-endian words: every packet is framed, checked and printed
 *      as text and JSON (each JSON line must be valid JSON and carry
 *      "sub_opcode"); the text must assemble back to the very same words,
 *      with no assembler errors.  The same bytes read through gk_input
 *      (GK_IN_BIN, small random reads) must give the same words, and
 *      gk_input_next must frame them as gk_packet_frame does (offsets,
 *      lengths, truncation, dwords) -- in the rare mode only (below).
 *  (a') the words checked again with buffers (gk_check_set_buffers) derived
 *      from the input -- one built around an address dword of the stream,
 *      one from raw input bytes (its end may lie past 2^64) -- and with one
 *      buffer covering all of memory: bounds only ever add bounds/overflow
 *      errors, the buffer order does not matter, a second buffer never adds
 *      errors, the whole-memory buffer {0, UINT64_MAX} gives no bounds error
 *      but for ranges touching byte 2^64 - 1 (which it cannot hold), and no buffer
 *      at all gives neither kind.
 *  (b) as assembly text, fed line by line to gk_asm (errors are fine); when
 *      it assembles without errors, the words must survive decode ->
 *      text -> assemble unchanged.
 *  (c) as hex text through gk_input (GK_IN_HEX), read in small random-sized
 *      chunks: must not crash, and must give the same words and the same
 *      error as one read of the whole buffer.
 *  (d) GK_IN_AUTO must read like the format it picks; and when the mode's
 *      low five bits are all set, the input repeated into a binary stream
 *      longer than the gk_input window must come out word for word.
 * Any broken property aborts with __builtin_trap(). */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "../jsoncheck.h"

int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n);

/* words of the reader's window while packets are short (IN_SPAN in src/core/input.c) */
#define IN_SPAN (1u << 17)

#define CHECK(c) do { if (!(c)) __builtin_trap(); } while (0)

#define NGENS 6
static const char *const gens[NGENS] = { "r600", "r700", "evergreen", "cayman", "si", "cik" };
static struct gk_format fmts[NGENS];
static bool ready;
static void *asm_st;
static struct gk_input *input; /* the last one opened (reachable: not a leak) */

static void input_open(gk_read_fn read, void *ctx, enum gk_in_format f)
{
	gk_input_destroy(input);
	input = gk_input_create(read, ctx, f, 4);
	CHECK(input);
}

/* ---- growable buffers (kept between inputs, reachable: not leaks) ---- */

struct bytes {
	char *p;
	size_t len, cap;
};

struct words {
	uint32_t *w;
	size_t n, cap;
};

static void bytes_add(struct bytes *b, const void *p, size_t n)
{
	if (!n)
		return;
	if (b->len + n > b->cap) {
		size_t cap = b->cap ? b->cap : 4096;
		while (cap < b->len + n)
			cap *= 2;
		char *q = realloc(b->p, cap);
		CHECK(q);
		b->p = q;
		b->cap = cap;
	}
	memcpy(b->p + b->len, p, n);
	b->len += n;
}

static void words_add(struct words *o, const uint32_t *w, size_t n)
{
	if (!n)
		return;
	if (o->n + n > o->cap) {
		size_t cap = o->cap ? o->cap : 1024;
		while (cap < o->n + n)
			cap *= 2;
		uint32_t *q = realloc(o->w, cap * sizeof *q);
		CHECK(q);
		o->w = q;
		o->cap = cap;
	}
	memcpy(o->w + o->n, w, n * sizeof *w);
	o->n += n;
}

static int write_bytes(void *ctx, const void *p, size_t n)
{
	bytes_add(ctx, p, n);
	return 0;
}

static int emit_words(void *ctx, const uint32_t *w, size_t n)
{
	words_add(ctx, w, n);
	return 0;
}

static int count_diag(void *ctx, const struct gk_diag *d)
{
	unsigned *n = ctx;
	CHECK(d->severity == GK_ERROR || d->severity == GK_WARNING);
	CHECK(memchr(d->message, 0, sizeof d->message) != NULL);
	(*n)++;
	return 0;
}

/* Each packet's JSON: exactly one line, one valid object (tests/jsoncheck.h),
 * with the DMA contract's "sub_opcode" key. */
static void check_json_line(const char *s, size_t n)
{
	static const char key[] = "\"sub_opcode\":";
	CHECK(json_line_ok(s, n));
	bool found = false;
	for (size_t i = 0; !found && i + sizeof key - 1 <= n; i++)
		found = memcmp(s + i, key, sizeof key - 1) == 0;
	CHECK(found);
}

/* ---- pieces ---- */

static uint64_t rng;

static unsigned chunk(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return 1 + (unsigned)(rng % 23);
}

struct reader {
	const uint8_t *p;
	size_t n, pos;
	bool small; /* random 1..23-byte reads; else everything at once */
};

static long read_buf(void *ctx, void *buf, size_t cap)
{
	struct reader *r = ctx;
	size_t k = r->n - r->pos;
	if (r->small) {
		size_t c = chunk();
		if (k > c)
			k = c;
	}
	if (k > cap)
		k = cap;
	memcpy(buf, r->p + r->pos, k);
	r->pos += k;
	return (long)k;
}

/* Drain gk_input into o; returns whether it failed. */
static bool read_all(const uint8_t *p, size_t n, enum gk_in_format f, bool small, size_t want, struct words *o,
		     struct gk_diag *error)
{
	struct reader r = { p, n, 0, small };
	input_open(read_buf, &r, f);
	o->n = 0;
	for (;;) {
		long avail = gk_input_fill(input, want);
		if (avail <= 0) {
			CHECK(avail == 0 || gk_input_error(input));
			break;
		}
		CHECK((size_t)avail == gk_input_avail(input));
		/* the offset of the first available word is where the stream is */
		CHECK(gk_input_offset(input) == 4ull * o->n);
		size_t take = (size_t)avail;
		if (small && take > 1)
			take = 1 + chunk() % take; /* consume part, as a packet would */
		words_add(o, gk_input_words(input), take);
		CHECK(gk_input_skip(input, take) == 0);
	}
	const struct gk_diag *e = gk_input_error(input);
	if (e)
		*error = *e;
	return e != NULL;
}

/* gk_input_next over the bytes (small reads) frames the packets exactly as
 * gk_packet_frame does over the words. */
static void next_like_frame(const struct gk_format *fmt, const uint8_t *p, size_t n, const uint32_t *w, size_t nw)
{
	struct reader r = { p, n, 0, true };
	input_open(read_buf, &r, GK_IN_BIN);
	size_t pos = 0;
	struct gk_packet a;
	int got;
	while ((got = gk_input_next(input, fmt, &a)) > 0) {
		CHECK(pos < nw);
		struct gk_packet b;
		gk_packet_frame(fmt, w + pos, nw - pos, 4ull * pos, &b);
		CHECK(a.offset == b.offset && a.ndw == b.ndw && a.truncated == b.truncated);
		CHECK(a.frame.desc == b.frame.desc && a.frame.ndw == b.frame.ndw);
		CHECK(a.frame.opcode == b.frame.opcode && a.frame.sub_opcode == b.frame.sub_opcode);
		CHECK(a.frame.unknown == b.frame.unknown && a.frame.other_gen == b.frame.other_gen);
		CHECK(memcmp(a.dw, w + pos, 4ull * a.ndw) == 0);
		pos += a.ndw;
	}
	CHECK(pos == nw);
	CHECK(got == (n % 4 ? -1 : 0));
}

/* A binary stream longer than the gk_input window (the input repeated), so
 * the window is compacted and base advances: every word must still come
 * out in order at the right offset. */
struct rep {
	const uint8_t *exp; /* the stream itself, built once per call */
	size_t total, pos;
};

/* Reads of random whole numbers of words, now and then an odd size that the
 * next read evens out, so both the word path and the carry path of the
 * binary reader run without the whole stream crawling through the carry. */
static long read_rep(void *ctx, void *buf, size_t cap)
{
	struct rep *r = ctx;
	size_t k = r->total - r->pos;
	size_t c = 4 * (1 + (size_t)chunk() * 4099 % 17500);
	if (r->pos & 3)
		c -= r->pos & 3;      /* even out the last odd read */
	else if (chunk() == 1)
		c += 1 + chunk() % 3; /* now and then an odd size */
	if (k > c)
		k = c;
	if (k > cap)
		k = cap;
	memcpy(buf, r->exp + r->pos, k);
	r->pos += k;
	return (long)k;
}

/* The stream is built once (the input, then doubled) and every word checked
 * by memcmp against it: the word-by-word loop this replaces cost ~50 ms an
 * input under the sanitizers. */
static void big_bin(const uint8_t *p, size_t n, size_t want)
{
	static uint8_t *exp;
	static size_t exp_cap;
	if (!n)
		return;
	size_t total = 4 * (IN_SPAN + IN_SPAN / 2) + n % 5;
	if (exp_cap < total) {
		free(exp);
		exp = malloc(total);
		CHECK(exp);
		exp_cap = total;
	}
	size_t have = n < total ? n : total;
	memcpy(exp, p, have);
	while (have < total) {
		size_t k = have < total - have ? have : total - have;
		memcpy(exp + have, exp, k);
		have += k;
	}
	struct rep r = { exp, total, 0 };
	input_open(read_rep, &r, GK_IN_BIN);
	uint64_t got = 0;
	for (;;) {
		long avail = gk_input_fill(input, want);
		if (avail <= 0)
			break;
		CHECK((size_t)avail == gk_input_avail(input));
		CHECK(gk_input_offset(input) == 4ull * got);
		size_t take = 1 + (size_t)chunk() * 8191 % (size_t)avail;
		const uint32_t *iw = gk_input_words(input);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		CHECK(memcmp(iw, exp + 4 * got, 4 * take) == 0);
#else
		for (size_t k = 0; k < take; k++) {
			const uint8_t *b = exp + 4 * (got + k);
			CHECK(iw[k] == ((uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24));
		}
#endif
		CHECK(gk_input_skip(input, take) == 0);
		got += take;
	}
	CHECK(got == r.total / 4);
	CHECK((gk_input_error(input) != NULL) == (r.total % 4 != 0));
}

static void check_diags(const struct gk_packet *pkt, const struct gk_diags *dg)
{
	CHECK(dg->n <= GK_MAX_DIAGS);
	CHECK(dg->n + dg->dropped == dg->errors + dg->warnings);
	if (pkt->truncated)
		CHECK(dg->errors > 0);
	for (unsigned i = 0; i < dg->n; i++) {
		char buf[320];
		size_t k = gk_diag_format(&dg->d[i], buf, sizeof buf);
		CHECK(k < sizeof buf && buf[k] == 0);
		CHECK(dg->d[i].offset == pkt->offset);
	}
}

/* Decode words to text (and JSON, checked line by line). */
static void decode(const struct gk_format *fmt, const uint32_t *w, size_t nw, struct bytes *text, bool json)
{
	static char obuf[512];
	static struct bytes js;
	struct gk_out out = { obuf, 0, sizeof obuf, write_bytes, text, 0, 0 };
	struct gk_check_state cs;
	struct gk_diags dg;
	gk_check_init(&cs);
	text->len = 0;
	size_t pos = 0;
	while (pos < nw) {
		struct gk_packet pkt;
		gk_packet_frame(fmt, w + pos, nw - pos, 4ull * pos, &pkt);
		CHECK(pkt.ndw >= 1 && pkt.ndw <= nw - pos);
		CHECK(pkt.ndw <= fmt->max_packet_dw);
		CHECK(pkt.truncated == (pkt.frame.ndw > nw - pos));
		gk_diags_reset(&dg);
		gk_check_packet(fmt, &cs, &pkt, &dg);
		check_diags(&pkt, &dg);
		gk_text_packet(fmt, &pkt, (pos & 1) != 0, &out);
		gk_text_diags(&dg, &out);
		if (json) {
			static char jbuf[256];
			js.len = 0;
			struct gk_out jo = { jbuf, 0, sizeof jbuf, write_bytes, &js, 0, 0 };
			gk_json_packet(fmt, &pkt, &dg, GK_JSON_TEXT, &jo);
			gk_out_flush(&jo);
			CHECK(!jo.failed);
			check_json_line(js.p, js.len);
		}
		pos += pkt.ndw;
	}
	gk_diags_reset(&dg);
	gk_check_end(&cs, 4ull * nw, &dg);
	gk_text_diags(&dg, &out);
	gk_out_flush(&out);
	CHECK(!out.failed);
}

/* ---- bounds ---- */

static uint64_t le64(const uint8_t *p)
{
	uint64_t x = 0;
	for (unsigned i = 0; i < 8; i++)
		x |= (uint64_t)p[i] << (8 * i);
	return x;
}

/* bounds and overflow diagnostics among those kept */
static unsigned count_bounds(const struct gk_diags *dg, unsigned *bounds)
{
	unsigned k = 0;
	*bounds = 0;
	for (unsigned i = 0; i < dg->n; i++) {
		if (dg->d[i].code == GK_D_BOUNDS) {
			(*bounds)++;
			CHECK(dg->d[i].severity == GK_ERROR);
			CHECK(strstr(dg->d[i].message, "outside every buffer; nearest ") != NULL);
			CHECK(!strncmp(dg->d[i].message, "reads ", 6) || !strncmp(dg->d[i].message, "writes ", 7));
		}
		if (dg->d[i].code == GK_D_BOUNDS || dg->d[i].code == GK_D_OVERFLOW)
			k++;
	}
	return k;
}

/* bounds diagnostics of ranges that end at the last byte of the address space */
static unsigned top_ranges(const struct gk_diags *dg)
{
	unsigned k = 0;
	for (unsigned i = 0; i < dg->n; i++)
		if (dg->d[i].code == GK_D_BOUNDS && strstr(dg->d[i].message, "..0xffffffffffffffff ("))
			k++;
	return k;
}

/* The words checked with no buffer, {A, B}, {B, A}, {A} and all of memory. */
static void bounds(const struct gk_format *fmt, const uint32_t *w, size_t nw, const uint8_t *p, size_t n)
{
	if (!nw)
		return;
	struct gk_bo ab[2], ba[2], all = { 0, UINT64_MAX };
	/* A: around an address-looking dword of the stream (bits 39:32 from
	 * another), a power-of-two size; B: raw input bytes */
	uint32_t lo = w[(size_t)p[0] % nw], hi = w[(size_t)p[n - 1] % nw];
	unsigned shift = n > 1 ? p[1] % 40 : 12;
	ab[0].base = ((uint64_t)(hi & 0xff) << 32 | lo) & ~((1ull << (shift / 2)) - 1);
	ab[0].size = 1ull << shift;
	if (n >= 17) {
		ab[1].base = le64(p + n - 16);
		ab[1].size = le64(p + n - 8) >> (p[n - 17] & 63);
	} else {
		ab[1].base = (uint64_t)lo << 8;
		ab[1].size = n;
	}
	ba[0] = ab[1];
	ba[1] = ab[0];

	struct gk_check_state cs[5];
	for (unsigned i = 0; i < 5; i++)
		gk_check_init(&cs[i]);
	gk_check_set_buffers(&cs[1], ab, 2);
	gk_check_set_buffers(&cs[2], ba, 2);
	gk_check_set_buffers(&cs[3], ab, 1);
	gk_check_set_buffers(&cs[4], &all, 1);
	size_t pos = 0;
	while (pos < nw) {
		struct gk_packet pkt;
		gk_packet_frame(fmt, w + pos, nw - pos, 4ull * pos, &pkt);
		struct gk_diags dg[5];
		unsigned nb[5], nbounds[5];
		for (unsigned i = 0; i < 5; i++) {
			gk_diags_reset(&dg[i]);
			gk_check_packet(fmt, &cs[i], &pkt, &dg[i]);
			check_diags(&pkt, &dg[i]);
			nb[i] = count_bounds(&dg[i], &nbounds[i]);
			/* bounds add errors only */
			CHECK(dg[i].warnings == dg[0].warnings);
			CHECK(dg[i].errors >= dg[0].errors);
			if (!dg[i].dropped)
				CHECK(dg[i].errors - dg[0].errors == nb[i]);
		}
		CHECK(nb[0] == 0);
		CHECK(dg[1].errors == dg[2].errors);               /* order does not matter */
		CHECK(dg[3].errors >= dg[1].errors);               /* a second buffer never adds errors */
		/* all of memory but its last byte (a gk_bo's size cannot say 2^64):
		 * only a range that touches byte 2^64 - 1 is outside */
		CHECK(nbounds[4] == top_ranges(&dg[4]));
		if (pkt.truncated || !pkt.frame.desc || pkt.frame.unknown)
			CHECK(dg[1].errors == dg[0].errors && dg[4].errors == dg[0].errors);
		pos += pkt.ndw;
	}
}

/* Assemble text line by line; returns the error count. */
static unsigned assemble(const struct gk_format *fmt, const char *s, size_t n, struct words *o)
{
	struct gk_asm a;
	unsigned ndiag = 0;
	o->n = 0;
	gk_asm_init(&a, fmt, asm_st, emit_words, o, count_diag, &ndiag);
	size_t pos = 0;
	while (pos < n) {
		const char *nl = memchr(s + pos, '\n', n - pos);
		size_t len = nl ? (size_t)(nl - (s + pos)) : n - pos;
		gk_asm_line(&a, s + pos, len);
		pos += len + 1;
	}
	gk_asm_finish(&a);
	CHECK(ndiag <= a.errors); /* emit failures count as errors without a diagnostic */
	return a.errors;
}

static void roundtrip(const struct gk_format *fmt, const uint32_t *w, size_t nw, bool json)
{
	static struct bytes text;
	static struct words back;
	decode(fmt, w, nw, &text, json);
	unsigned errors = assemble(fmt, text.p, text.len, &back);
	CHECK(errors == 0);
	CHECK(back.n == nw);
	CHECK(nw == 0 || memcmp(back.w, w, nw * sizeof *w) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n)
{
	if (!ready) {
		for (int i = 0; i < NGENS; i++)
			CHECK(gk_dma_format_init(&fmts[i], gens[i]) == 0);
		asm_st = malloc(gk_asm_state_size());
		CHECK(asm_st);
		ready = true;
	}
	if (n < 1)
		return 0;
	const struct gk_format *fmt = &fmts[p[0] % NGENS];
	unsigned mode = p[0] / NGENS;
	/* "everything at once": a want past the input's words reads it all; the
	 * format's longest packet (DMA: 2^20 words, an 8 MB window to allocate
	 * and fault in) only in the rare mode, which big_bin uses too */
	size_t all = (mode & 31) == 31 ? fmt->max_packet_dw : n / 4 + 2;
	p++;
	n--;
	rng = 0x9e3779b97f4a7c15ull ^ n;
	for (size_t i = 0; i < n && i < 16; i++)
		rng = rng * 31 + p[i];
	if (!rng)
		rng = 1;

	static struct words w, w2;
	struct gk_diag e1, e2;

	/* (a) binary words */
	size_t nw = n / 4;
	w.n = 0;
	for (size_t i = 0; i < nw; i++) {
		uint32_t x = (uint32_t)p[4 * i] | (uint32_t)p[4 * i + 1] << 8 | (uint32_t)p[4 * i + 2] << 16 |
			     (uint32_t)p[4 * i + 3] << 24;
		words_add(&w, &x, 1);
	}
	roundtrip(fmt, w.w, nw, true);
	bounds(fmt, w.w, nw, p, n);
	/* gk_input_next fills the window to the format's longest packet (2^20
	 * words: 8 MB allocated and faulted in per stream, src/core/packet.c),
	 * which cost ~30 ms an input under the sanitizers: only in the rare mode */
	if ((mode & 31) == 31)
		next_like_frame(fmt, p, n, w.w, nw);
	bool failed = read_all(p, n, GK_IN_BIN, true, 1 + n % 64, &w2, &e1);
	CHECK(failed == (n % 4 != 0));
	CHECK(w2.n == nw);
	CHECK(nw == 0 || memcmp(w2.w, w.w, nw * 4) == 0);

	/* (b) assembly text */
	unsigned errors = assemble(fmt, (const char *)p, n, &w);
	if (errors == 0 && w.n)
		roundtrip(fmt, w.w, w.n, false);

	/* (c) hex text, in small chunks and in one read */
	bool f1 = read_all(p, n, GK_IN_HEX, true, 1 + n % 64, &w, &e1);
	bool f2 = read_all(p, n, GK_IN_HEX, false, all, &w2, &e2);
	CHECK(f1 == f2);
	CHECK(w.n == w2.n);
	CHECK(w.n == 0 || memcmp(w.w, w2.w, w.n * 4) == 0);
	if (f1) {
		CHECK(e1.line == e2.line && e1.col == e2.col);
		CHECK(strcmp(e1.message, e2.message) == 0);
	}
	if (!f1 && w.n)
		roundtrip(fmt, w.w, w.n, false); /* hex words that read cleanly decode like any others */

	/* GK_IN_AUTO reads like the format it picks */
	struct gk_diag e3;
	static struct words w3;
	bool f3 = read_all(p, n, GK_IN_AUTO, false, all, &w3, &e3);
	if (n == 0 || gk_input_format(input) == GK_IN_BIN) {
		CHECK(f3 == (n % 4 != 0));
		CHECK(w3.n == nw);
	} else {
		CHECK(gk_input_format(input) == GK_IN_HEX);
		CHECK(f3 == f2 && w3.n == w2.n);
		CHECK(w3.n == 0 || memcmp(w3.w, w2.w, w3.n * 4) == 0);
	}

	if ((mode & 31) == 31) /* 1 input in 32: ~0.8 MB through the reader */
		big_bin(p, n, fmt->max_packet_dw);
	return 0;
}
