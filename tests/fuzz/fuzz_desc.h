/* What the libFuzzer targets of the description families (fuzz_pm4.c,
 * fuzz_dma.c) share: growable buffers, gk_input read in random-sized
 * chunks, decode -> text -> assemble round trips, and fuzz_desc_run, the
 * run over one input (properties (a)-(d) in each target's comment).  A
 * target describes its family in a struct fuzz_family and calls
 * fuzz_desc_run.  The formats are built on the first input and kept (static
 * state: this is a test, not the library), so a run costs in proportion to
 * its input.  Any broken property aborts with __builtin_trap(). */
#ifndef FUZZ_DESC_H
#define FUZZ_DESC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "layout.h" /* src/core: gk_check_quiet, the library's own */
#include "fuzz_harness.h"

FUZZ_HARNESS_BEGIN
#include "../jsoncheck.h"

int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n);

/* words of the reader's window while packets are short (IN_SPAN in src/input/input.c) */
#define IN_SPAN (1u << 17)
#define FUZZ_MAX_GENS 16

#define CHECK(c) do { if (!(c)) __builtin_trap(); } while (0)

struct fuzz_family {
	const char *const *gens; /* byte 0 % ngens picks one; byte 0 / ngens is the mode */
	unsigned ngens;          /* at most FUZZ_MAX_GENS */
	int (*format_init)(struct gk_format *fmt, const char *gen);
	bool json_sub_opcode;    /* every JSON line carries "sub_opcode" (the DMA contract) */
	/* more checks of the input's words (a) on the inputs that print no
	 * JSON, NULL: none.  more_begin once for the words, then more_packet for
	 * each packet with the unit decode() decoded, checked without buffers
	 * and printed, and the diagnostics of that check: the family's checks
	 * reuse that decode and check instead of doing them again. */
	void (*more_begin)(const struct gk_format *fmt, const uint8_t *p, size_t n, const uint32_t *w, size_t nw);
	void (*more_packet)(const struct gk_format *fmt, const struct gk_packet *pkt, const struct gk_unit *u,
			    const struct gk_diags *dg);
};

static struct gk_input *input; /* the last one opened (reachable: not a leak) */

static void input_open(gk_read_fn read, void *ctx, enum gk_in_format f)
{
	gk_input_destroy(input);
	input = gk_input_create(read, ctx, f, 4);
	CHECK(input);
	/* the words as they are: an input that begins with a gzip header is
	 * inflated by gk_input (tests/input/test_gzip.c holds that), which
	 * the word readers' properties here do not expect */
	CHECK(gk_input_set_gzip(input, false) == 0);
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

/* p grown to at least need elements of elem bytes (first: the size the
 * first allocation starts from), doubling */
static void *grow(void *p, size_t *cap, size_t need, size_t elem, size_t first)
{
	if (need <= *cap)
		return p;
	size_t c = *cap ? *cap : first;
	while (c < need)
		c *= 2;
	void *q = realloc(p, c * elem);
	CHECK(q);
	*cap = c;
	return q;
}

static void bytes_add(struct bytes *b, const void *p, size_t n)
{
	if (!n)
		return;
	b->p = grow(b->p, &b->cap, b->len + n, 1, 4096);
	memcpy(b->p + b->len, p, n);
	b->len += n;
}

static void words_add(struct words *o, const uint32_t *w, size_t n)
{
	if (!n)
		return;
	o->w = grow(o->w, &o->cap, o->n + n, sizeof *o->w, 1024);
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

/* The harness's own comparisons, by loop and not memcmp: ASan's memcmp
 * interceptor checks both ranges and calls libFuzzer's memcmp hook at
 * every call (the hook returns at once when the bytes are equal, as they
 * are here unless a property breaks); the interceptor was 5 % of fuzz_dma's
 * JSON inputs (perf).  The library's own memcmp calls still reach the hook,
 * which files unequal bytes as words for mutations to insert. */
static bool same_bytes(const void *a, const void *b, size_t n)
{
	const unsigned char *x = a, *y = b;
	for (size_t i = 0; i < n; i++)
		if (x[i] != y[i])
			return false;
	return true;
}

static bool same_words(const uint32_t *a, const uint32_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (a[i] != b[i])
			return false;
	return true;
}

/* Each packet's JSON: exactly one line, one valid object (tests/jsoncheck.h),
 * with the "sub_opcode" key where the family's contract has it. */
static void check_json_line(const struct fuzz_family *fam, const char *s, size_t n)
{
	static const char key[] = "\"sub_opcode\":";
	CHECK(json_line_ok(s, n));
	if (!fam->json_sub_opcode)
		return;
	/* from quote to quote: a compare at every byte cost more than the JSON */
	bool found = false;
	for (const char *q = memchr(s, '"', n); !found && q; q = memchr(q + 1, '"', n - (size_t)(q + 1 - s)))
		found = (size_t)(s + n - q) >= sizeof key - 1 && same_bytes(q, key, sizeof key - 1);
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

/* A read callback's answer: the next bytes of src (left remain from *pos),
 * at most most and cap of them. */
static long give(void *buf, size_t cap, const uint8_t *src, size_t *pos, size_t left, size_t most)
{
	size_t k = left < most ? left : most;
	if (k > cap)
		k = cap;
	memcpy(buf, src + *pos, k);
	*pos += k;
	return (long)k;
}

static long read_buf(void *ctx, void *buf, size_t cap)
{
	struct reader *r = ctx;
	return give(buf, cap, r->p, &r->pos, r->n - r->pos, r->small ? chunk() : SIZE_MAX);
}

/* Drain gk_input into o; returns whether it failed. */
static bool read_all(const uint8_t *p, size_t n, enum gk_in_format f, bool small, size_t want, struct words *o,
		     struct gk_diag *error)
{
	struct reader r = { p, n, 0, small };
	input_open(read_buf, &r, f);
	o->n = 0;
	uint64_t base = 0;
	for (;;) {
		long avail = gk_input_fill(input, want);
		if (avail <= 0) {
			CHECK(avail == 0 || gk_input_error(input));
			break;
		}
		CHECK((size_t)avail == gk_input_avail(input));
		/* the offset of the first available word is where the stream is:
		 * from the first word's (an ADDRESS: label or a dump's address
		 * column sets it), on without gaps (ring dumps may wrap) */
		if (!o->n)
			base = gk_input_offset(input);
		enum gk_in_format got = gk_input_format(input);
		if (got != GK_IN_RADEON_RING && got != GK_IN_KLOG)
			CHECK(gk_input_offset(input) == base + 4ull * o->n);
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
		CHECK(same_words(a.dw, w + pos, a.ndw));
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
	size_t c = 4 * (1 + (size_t)chunk() * 4099 % 17500);
	if (r->pos & 3)
		c -= r->pos & 3;      /* even out the last odd read */
	else if (chunk() == 1)
		c += 1 + chunk() % 3; /* now and then an odd size */
	return give(buf, cap, r->exp, &r->pos, r->total - r->pos, c);
}

/* The stream is built once (the input, then doubled) and every word checked
 * by memcmp against it: the word-by-word loop this replaces cost ~50 ms an
 * input under the sanitizers.  IN_SPAN words: the window (IN_SPAN words
 * while want is short, 2 * want + 32768 <= IN_SPAN) is compacted once its
 * words and a raw chunk's (32768) pass it, so this many words compact it
 * at least once.  Still ~0.5 MB through the reader: ~5 ms under the
 * sanitizers, which is why only 1 input in 256 runs it. */
static void big_bin(const uint8_t *p, size_t n, size_t want)
{
	static uint8_t *exp;
	static size_t exp_cap;
	if (!n)
		return;
	size_t total = 4 * IN_SPAN + n % 5;
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

/* A packet's diagnostics: counted right, each at the packet, and (format)
 * each formattable.  The bounds checks of fuzz_dma.c see the same
 * diagnostics again with other buffers and format only the new ones: the
 * snprintf of every diagnostic of every check was 3 % of that target. */
static void check_diags_fmt(const struct gk_packet *pkt, const struct gk_diags *dg, bool format)
{
	CHECK(dg->n <= GK_MAX_DIAGS);
	CHECK(dg->n + dg->dropped == dg->errors + dg->warnings);
	if (pkt->truncated)
		CHECK(dg->errors > 0);
	for (unsigned i = 0; i < dg->n; i++) {
		CHECK(dg->d[i].offset == pkt->offset);
		if (!format)
			continue;
		char buf[320];
		size_t k = gk_diag_format(&dg->d[i], buf, sizeof buf);
		CHECK(k < sizeof buf && buf[k] == 0);
	}
}

static void check_diags(const struct gk_packet *pkt, const struct gk_diags *dg)
{
	check_diags_fmt(pkt, dg, true);
}

/* Decode words to text (and JSON, checked line by line; or the family's
 * more checks of each packet).  Each packet is decoded once, into one unit
 * that the checker, the text and JSON printers (and more_packet) read, as
 * the CLI's stream loop does (src/core/desc_engine.c): gk_check_packet,
 * gk_text_packet and gk_json_packet each decoded it again, three decodes a
 * packet (gk_check_packet is still run by fuzz_dma.c's bounds checks, and
 * those wrappers are a decode and the unit call each). */
static void decode(const struct fuzz_family *fam, const struct gk_format *fmt, const uint32_t *w, size_t nw,
		   struct bytes *text, bool json, bool more)
{
	static char obuf[512];
	static struct bytes js;
	static struct gk_unit u; /* 2.5 KiB, kept off the stack */
	struct gk_out out = { obuf, 0, sizeof obuf, write_bytes, text, 0, 0 };
	struct gk_check_state cs;
	struct gk_diags dg;
	gk_check_init(&cs);
	text->len = 0;
	size_t pos = 0;
	for (unsigned k = 0; pos < nw; k++) {
		struct gk_packet pkt;
		gk_packet_frame(fmt, w + pos, nw - pos, 4ull * pos, &pkt);
		CHECK(pkt.ndw >= 1 && pkt.ndw <= nw - pos);
		CHECK(pkt.ndw <= fmt->max_packet_dw);
		CHECK(pkt.truncated == (pkt.frame.ndw > nw - pos));
		gk_diags_reset(&dg);
		/* the quiet check (how the CLI's check passes a clean packet by
		 * its words, without the unit: src/engine/stream.c) never calls
		 * clean a packet the full check below reports on, nor one that
		 * opens a predicated region */
		bool quiet = !pkt.truncated && gk_check_quiet(fmt, &cs, &pkt.frame, w + pos);
		/* gk_check_packet's steps; its bounds stage adds nothing without buffers */
		gk_unit_decode(fmt, &pkt, &dg, &u);
		gk_unit_check(fmt, &cs, &u);
		gk_check_bounds(fmt, &cs, &u, &dg);
		CHECK(!quiet || (!dg.n && !dg.dropped && !dg.errors && !dg.warnings && !cs.nexec));
		check_diags(&pkt, &dg);
		gk_unit_text(fmt, &u, (pos & 1) != 0, &out);
		gk_text_diags(&dg, &out);
		/* JSON of every other packet (the first included), half of them
		 * with the "text" key (the text printer again, escaped): the JSON
		 * of every packet, with its text, and its validation were 40 % of
		 * an input that prints JSON (perf); every packet and every
		 * position in a stream is still printed by some input */
		if (json && !(k & 1)) {
			static char jbuf[256];
			js.len = 0;
			struct gk_out jo = { jbuf, 0, sizeof jbuf, write_bytes, &js, 0, 0 };
			gk_unit_json(fmt, &u, (k & 2) ? 0 : GK_JSON_TEXT, &jo);
			gk_out_flush(&jo);
			CHECK(!jo.failed);
			check_json_line(fam, js.p, js.len);
		}
		if (more)
			fam->more_packet(fmt, &pkt, &u, &dg);
		pos += pkt.ndw;
	}
	gk_diags_reset(&dg);
	gk_check_end(&cs, 4ull * nw, &dg);
	gk_text_diags(&dg, &out);
	gk_out_flush(&out);
	CHECK(!out.failed);
}

/* Assemble text line by line; returns the error count.  An assembler is a
 * few KiB (it grows only for long packets): one per text. */
static unsigned assemble(const struct gk_format *fmt, const char *s, size_t n, struct words *o)
{
	unsigned ndiag = 0;
	o->n = 0;
	struct gk_asm *a = gk_asm_create(fmt, emit_words, o, count_diag, &ndiag);
	CHECK(a);
	size_t pos = 0;
	while (pos < n) {
		const char *nl = memchr(s + pos, '\n', n - pos);
		size_t len = nl ? (size_t)(nl - (s + pos)) : n - pos;
		gk_asm_line(a, s + pos, len);
		pos += len + 1;
	}
	unsigned errors = gk_asm_finish(a);
	gk_asm_destroy(a);
	CHECK(ndiag <= errors); /* emit failures count as errors without a diagnostic */
	return errors;
}

static void roundtrip(const struct fuzz_family *fam, const struct gk_format *fmt, const uint32_t *w, size_t nw,
		      bool json, bool more)
{
	static struct bytes text;
	static struct words back;
	decode(fam, fmt, w, nw, &text, json, more);
	unsigned errors = assemble(fmt, text.p, text.len, &back);
	CHECK(errors == 0);
	CHECK(back.n == nw);
	CHECK(same_words(back.w, w, nw));
}

/* One input: byte 0 picks the generation and the mode, the rest is read
 * one of three ways by the mode % 3: as words (a), as assembly text (b), or
 * as hex text and through GK_IN_AUTO (c, d).  One way an input, not all
 * three: each way is the same work again, and libFuzzer's own cost per
 * input (collecting and weighing the features hit) grows with the code an
 * input runs; with all three every input, the pm4 target ran at ~2,000
 * inputs a second per core.  Every way is still reached, by the inputs
 * whose mode picks it. */
__attribute__((noinline)) static int fuzz_desc_run(const struct fuzz_family *fam, const uint8_t *p, size_t n)
{
	static struct gk_format fmts[FUZZ_MAX_GENS];
	static bool ready;
	if (!ready) {
		CHECK(fam->ngens <= FUZZ_MAX_GENS);
		for (unsigned i = 0; i < fam->ngens; i++)
			CHECK(fam->format_init(&fmts[i], fam->gens[i]) == 0);
		ready = true;
	}
	if (n < 1)
		return 0;
	const struct gk_format *fmt = &fmts[p[0] % fam->ngens];
	unsigned mode = p[0] / fam->ngens;
	bool rare = (mode & 31) == 31;
	/* "everything at once": a want past the input's words reads it all; the
	 * format's longest packet (DMA: 2^20 words) only in the rare mode */
	size_t all = rare ? fmt->max_packet_dw : n / 4 + 2;
	p++;
	n--;
	rng = 0x9e3779b97f4a7c15ull ^ n;
	for (size_t i = 0; i < n && i < 16; i++)
		rng = rng * 31 + p[i];
	if (!rng)
		rng = 1;

	static struct words w, w2, w3;
	struct gk_diag e1, e2, e3;
	size_t nw = n / 4;

	switch (mode % 3) {
	case 0: /* (a) binary words; the JSON printer on half the inputs (by
		 * mode / 3), the family's more checks on the others: each as
		 * costly as the text decode and assembly together */
		w.n = 0;
		for (size_t i = 0; i < nw; i++) {
			uint32_t x = (uint32_t)p[4 * i] | (uint32_t)p[4 * i + 1] << 8 | (uint32_t)p[4 * i + 2] << 16 |
				     (uint32_t)p[4 * i + 3] << 24;
			words_add(&w, &x, 1);
		}
		bool json = (mode / 3) & 1;
		bool more = fam->more_packet && !json;
		if (more)
			fam->more_begin(fmt, p, n, w.w, nw);
		roundtrip(fam, fmt, w.w, nw, json, more);
		/* the binary reader: gk_input_next's framing on the inputs that
		 * print JSON, gk_input_fill's words on the others (both on every
		 * input were 7 % of fuzz_dma's time; the reader's binary path is
		 * short, and each still meets every length and split) */
		if (json) {
			/* gk_input_next asks for the format's longest packet (DMA:
			 * 2^20 words); the window grows only with the words that come */
			next_like_frame(fmt, p, n, w.w, nw);
		} else {
			bool failed = read_all(p, n, GK_IN_BIN, true, 1 + n % 64, &w2, &e1);
			CHECK(failed == (n % 4 != 0));
			CHECK(w2.n == nw);
			CHECK(same_words(w2.w, w.w, nw));
		}
		break;
	case 1: /* (b) assembly text */
		if (assemble(fmt, (const char *)p, n, &w) == 0 && w.n)
			roundtrip(fam, fmt, w.w, w.n, false, false);
		break;
	default: { /* (c) hex text, in small chunks and in one read */
		bool f1 = read_all(p, n, GK_IN_HEX, true, 1 + n % 64, &w, &e1);
		bool f2 = read_all(p, n, GK_IN_HEX, false, all, &w2, &e2);
		CHECK(f1 == f2);
		CHECK(w.n == w2.n);
		CHECK(same_words(w.w, w2.w, w.n));
		if (f1) {
			CHECK(e1.line == e2.line && e1.col == e2.col);
			CHECK(strcmp(e1.message, e2.message) == 0);
		}
		if (!f1 && w.n)
			roundtrip(fam, fmt, w.w, w.n, false, false); /* hex words that read cleanly decode like any others */

		/* (d) GK_IN_AUTO reads like the format it picks */
		bool f3 = read_all(p, n, GK_IN_AUTO, false, all, &w3, &e3);
		if (n == 0 || gk_input_format(input) == GK_IN_BIN) {
			CHECK(f3 == (n % 4 != 0));
			CHECK(w3.n == nw);
		} else if (gk_input_format(input) == GK_IN_HEX) {
			CHECK(f3 == f2 && w3.n == w2.n);
			CHECK(same_words(w3.w, w2.w, w3.n));
		} /* else a dump form its first lines name: fuzz_dump.c holds those readers to their rules */
	} break;
	}

	if (rare && n % 8 == 7) /* 1 input in 256 */
		big_bin(p, n, n / 4 + 2);
	return 0;
}

FUZZ_HARNESS_END
#endif
