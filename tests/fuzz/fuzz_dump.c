/* libFuzzer target for the dump readers (src/input/, via gk_input):
 * AUTO and one named format (byte 0 picks it) an input, over the input
 * read whole and a byte at a time (or a few bytes; the last byte says).
 * Beyond no crash / no sanitizer report:
 *  (a) the words, their offsets, the ring marks, the error (message,
 *      line, column), the notes and the devcoredump ring read do not
 *      depend on how the input is split, nor on how the words are taken:
 *      the named format's whole read steps a word at a time (gk_input_fill,
 *      gk_input_offset, gk_input_words, gk_input_skip), the other reads
 *      step through the runs gk_input_peek gives, as the stream loop does,
 *      and each peek agrees with gk_input_offset and gk_input_words;
 *  (b) AUTO reads exactly like the format it picks;
 *  (c) memory stays bounded: asking for 5 words at a time, no more than
 *      the 16 Ki words of a short-packet window are ever available.
 * A word at a time on every read was 70 % of the time (gk_input_fill's
 * ASan frame alone 17 %, perf), so it is done on one read an input. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/stream.h"
#include "fuzz_harness.h"

FUZZ_HARNESS_BEGIN

struct src {
	const uint8_t *p;
	size_t n, at, chunk;
};

static long rd(void *ctx, void *buf, size_t cap)
{
	struct src *s = ctx;
	size_t k = s->n - s->at;
	if (k > cap)
		k = cap;
	if (k > s->chunk)
		k = s->chunk;
	memcpy(buf, s->p + s->at, k);
	s->at += k;
	return (long)k;
}

/* what one read of the input gives, folded into a checksum */
struct result {
	uint64_t sum, words;
	enum gk_in_format fmt;
	struct gk_ring_marks marks;
	bool failed;
	char msg[160];
	uint32_t line, col;
	uint64_t err_off;
	uint64_t notes;         /* the notes and the ring read, folded */
};

static uint64_t fold(uint64_t h, const char *s)
{
	while (s && *s)
		h = (h ^ (uint8_t)*s++) * 1099511628211u;
	return h * 31u + 7u;
}

/* Words read, at most: an od '*' may stand for up to 1 GiB of words
 * (GK_DUMP_REPEAT_MAX), which takes minutes to walk; every read of one
 * input stops at the same word. */
#define MAX_WORDS (1u << 20)
/* The window a loop asking for a few words at a time may hold: src/input/
 * input.c's IN_SPAN (64 KiB), which keeps the memory a stream touches
 * small however long it is. */
#define MAX_AVAIL (1u << 14)

static void fold_word(struct result *r, uint64_t off, uint32_t w)
{
	r->sum = (r->sum * 1000003u + off) * 31u + w;
	r->words++;
}

/* step: a word at a time through gk_input_fill, gk_input_offset,
 * gk_input_words and gk_input_skip, so each word's own offset counts (ring
 * wraps); else the runs gk_input_peek gives, as the stream loop steps, each
 * run's first offset checked against gk_input_offset */
static void read_all(const uint8_t *p, size_t n, enum gk_in_format f, size_t chunk, const char *ring, bool step,
		     struct result *r)
{
	struct src s = { p, n, 0, chunk };
	memset(r, 0, sizeof *r);
	struct gk_input *in = gk_input_create(rd, &s, f, 4);
	if (!in)
		abort(); /* every format of 4-byte units is valid */
	if (ring && gk_input_set_ring(in, ring))
		abort(); /* a fresh input takes a ring name */
	if (step) {
		while (r->words < MAX_WORDS && gk_input_fill(in, 5) > 0) {
			if (gk_input_avail(in) > MAX_AVAIL)
				abort(); /* (c) */
			fold_word(r, gk_input_offset(in), gk_input_words(in)[0]);
			gk_input_skip(in, 1);
		}
	} else {
		struct gk_input_at at;
		while (r->words < MAX_WORDS && gk_input_peek(in, 5, &at) > 0) {
			if (gk_input_avail(in) > MAX_AVAIL || at.run > at.unbroken || at.unbroken > gk_input_avail(in) ||
			    at.offset != gk_input_offset(in) || at.words != gk_input_words(in))
				abort(); /* (c), and peek says what the calls it stands for say */
			size_t k = at.run ? at.run : 1;
			if (k > MAX_WORDS - r->words)
				k = MAX_WORDS - r->words;
			for (size_t i = 0; i < k; i++)
				fold_word(r, at.offset + 4 * i, at.words[i]);
			gk_input_skip(in, k);
		}
	}
	r->fmt = gk_input_format(in);
	gk_input_marks(in, &r->marks);
	const char *note;
	uint32_t line;
	for (unsigned i = 0; (note = gk_input_note(in, i, &line)) != NULL; i++)
		r->notes = fold(r->notes, note) + line;
	r->notes = fold(r->notes, gk_input_ring(in));
	const struct gk_diag *e = gk_input_error(in);
	if (e) {
		r->failed = true;
		memcpy(r->msg, e->message, sizeof r->msg - 1);
		r->line = e->line;
		r->col = e->col;
		r->err_off = e->offset;
	}
	gk_input_destroy(in);
}

static bool same(const struct result *a, const struct result *b)
{
	return a->sum == b->sum && a->words == b->words && a->failed == b->failed && !strcmp(a->msg, b->msg) &&
	       a->line == b->line && a->col == b->col && a->err_off == b->err_off && a->notes == b->notes &&
	       !memcmp(&a->marks, &b->marks, sizeof a->marks);
}

int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n);

int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n)
{
	static const enum gk_in_format fmts[] = { GK_IN_AUTO, GK_IN_HEX, GK_IN_RADEON_RING, GK_IN_KLOG, GK_IN_OD,
						  GK_IN_HEXDUMP_C, GK_IN_XXD, GK_IN_UMR, GK_IN_AMDGPU_RING,
						  GK_IN_DEVCOREDUMP, GK_IN_MESA };
	/* a devcoredump ring asked for by name: one of the corpus's, by the
	 * input's length */
	static const char *const rings[] = { NULL, "gfx_0.0.0", "comp_1.0.0", "sdma0" };
	const char *ring = rings[n % 4];
	struct result whole, bytes, picked;
	/* AUTO and one named format (by the first byte) an input, each read
	 * whole and split: every format read whole on every input was two
	 * thirds of the work, the same parsers again on bytes that mostly are
	 * not their form */
	size_t nf = sizeof fmts / sizeof fmts[0];
	size_t run[2] = { 0, 1 + (n ? p[0] % (nf - 1) : 0) };
	for (size_t r = 0; r < 2; r++) {
		size_t i = run[r];
		const char *want = fmts[i] == GK_IN_DEVCOREDUMP ? ring : NULL;
		read_all(p, n, fmts[i], 1 << 16, want, r == 1, &whole);
		read_all(p, n, fmts[i], 1 + (n ? p[n - 1] % 7 : 0), want, false, &bytes);
		if (!same(&whole, &bytes))
			abort(); /* (a) */
		if (fmts[i] == GK_IN_AUTO && whole.fmt != GK_IN_AUTO && whole.fmt != GK_IN_BIN) {
			read_all(p, n, whole.fmt, 1 << 16, NULL, false, &picked);
			whole.fmt = picked.fmt;
			if (!same(&whole, &picked))
				abort(); /* (b) */
		}
	}
	return 0;
}

FUZZ_HARNESS_END
