/* libFuzzer target for the dump readers (src/core/dump.c via gk_input):
 * every format, named and AUTO, over the input read whole and a byte at a
 * time (or a few bytes).  Beyond no crash / no sanitizer report:
 *  (a) the words, their offsets, the ring marks and the error (message,
 *      line, column) do not depend on how the input is split;
 *  (b) AUTO reads exactly like the format it picks;
 *  (c) memory stays bounded: a window never holds more than asked plus the
 *      reader's margin (gk_input_fill's contract). */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/stream.h"

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
};

static void read_all(const uint8_t *p, size_t n, enum gk_in_format f, size_t chunk, struct result *r)
{
	struct src s = { p, n, 0, chunk };
	memset(r, 0, sizeof *r);
	struct gk_input *in = gk_input_create(rd, &s, f, 4);
	if (!in)
		abort(); /* every format of 4-byte units is valid */
	/* a word at a time, so each word's own offset counts (ring wraps) */
	while (gk_input_fill(in, 5) > 0) {
		r->sum = (r->sum * 1000003u + gk_input_offset(in)) * 31u + gk_input_words(in)[0];
		r->words++;
		gk_input_skip(in, 1);
	}
	r->fmt = gk_input_format(in);
	gk_input_marks(in, &r->marks);
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
	       a->line == b->line && a->col == b->col && a->err_off == b->err_off &&
	       !memcmp(&a->marks, &b->marks, sizeof a->marks);
}

int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n);

int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n)
{
	static const enum gk_in_format fmts[] = { GK_IN_AUTO, GK_IN_HEX, GK_IN_RADEON_RING, GK_IN_KLOG, GK_IN_OD,
						  GK_IN_HEXDUMP_C, GK_IN_XXD, GK_IN_UMR, GK_IN_AMDGPU_RING };
	struct result whole, bytes, picked;
	for (size_t i = 0; i < sizeof fmts / sizeof fmts[0]; i++) {
		read_all(p, n, fmts[i], 1 << 16, &whole);
		/* split reads: for AUTO, and for one named format a run (by the
		 * first byte), so each run stays cheap */
		if (i == 0 || (n && i == 1 + p[0] % (sizeof fmts / sizeof fmts[0] - 1))) {
			read_all(p, n, fmts[i], 1 + (n ? p[n - 1] % 7 : 0), &bytes);
			if (!same(&whole, &bytes))
				abort(); /* (a) */
		}
		if (fmts[i] == GK_IN_AUTO && whole.fmt != GK_IN_AUTO && whole.fmt != GK_IN_BIN) {
			read_all(p, n, whole.fmt, 1 << 16, &picked);
			whole.fmt = picked.fmt;
			if (!same(&whole, &picked))
				abort(); /* (b) */
		}
	}
	return 0;
}
