/* Minimal test harness: CHECK records a failure with file:line and goes on;
 * TL_SKIP says, on a "# SKIPPED: reason" line, what could not be checked
 * here (a corpus or a tool that is absent); each binary ends with
 * "# passed=N failed=M", which tests/run.sh sums, counting the SKIPPED
 * lines.  A binary that checked nothing and skipped nothing fails: a test
 * that cannot fail is worse than none (STYLE.md, Tests). */
#ifndef GK_TESTLIB_H
#define GK_TESTLIB_H

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/engine.h"
#include "gfxkit/stream.h"

static unsigned tl_pass, tl_fail, tl_skipped;

#define CHECK(cond, ...)                                                                          \
	do {                                                                                      \
		if (cond) {                                                                       \
			tl_pass++;                                                                \
		} else {                                                                          \
			tl_fail++;                                                                \
			printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);                  \
			printf(__VA_ARGS__);                                                      \
			printf("\n");                                                             \
		}                                                                                 \
	} while (0)

/* One part of the test not run, and why: tests/run.sh counts and shows
 * the line.  Say what is missing and where it was looked for. */
#define TL_SKIP(...)                                                                              \
	do {                                                                                      \
		tl_skipped++;                                                                     \
		printf("# SKIPPED: ");                                                            \
		printf(__VA_ARGS__);                                                              \
		printf("\n");                                                                     \
	} while (0)

static inline int tl_done(void)
{
	if (!tl_pass && !tl_fail && !tl_skipped) {
		printf("FAIL checked nothing: no check ran and nothing was reported skipped\n");
		tl_fail = 1;
	}
	printf("# passed=%u failed=%u\n", tl_pass, tl_fail);
	return tl_fail ? 1 : 0;
}

/* deterministic PRNG (xorshift64*) so every run tests the same streams */
static inline uint64_t tl_rand(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545F4914F6CDD1Dull;
}

/* Bytes in memory as a gk_read_fn: at most chunk bytes a read (0: as many
 * as fit), so that units cross reads. */
struct tl_reader {
	const uint8_t *p;
	size_t n, pos, chunk;
};

static inline long tl_read(void *ctx, void *buf, size_t cap)
{
	struct tl_reader *r = ctx;
	size_t k = r->n - r->pos;
	if (k > cap)
		k = cap;
	if (r->chunk && k > r->chunk)
		k = r->chunk;
	memcpy(buf, r->p + r->pos, k);
	r->pos += k;
	return (long)k;
}

/* printf into a growing text (struct gk_membuf); the length written */
static inline int tl_printf(struct gk_membuf *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline int tl_printf(struct gk_membuf *t, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n < 0)
		return 0;
	if ((size_t)n >= sizeof buf)
		n = (int)sizeof buf - 1;
	gk_membuf_write(t, buf, (size_t)n);
	return n;
}

/* The input's error, if any: its message into err (cap bytes), its line
 * and column (0 when it has none). */
static inline void tl_input_error(const struct gk_input *in, char *err, size_t cap, uint32_t *line, uint32_t *col)
{
	const struct gk_diag *e = gk_input_error(in);
	if (!e)
		return;
	snprintf(err, cap, "%s", e->message);
	*line = e->line;
	*col = e->col;
}

/* gk_stream_run of in with e into the text t (emptied first; NUL-terminated
 * even when nothing was written) */
static inline int tl_stream(struct gk_engine *e, struct gk_input *in, const struct gk_stream_opts *o,
			    struct gk_membuf *t, struct gk_stream_stats *st)
{
	char buf[256];
	struct gk_out out = GK_OUT_INIT(buf, sizeof buf, gk_membuf_write, t);
	t->n = 0;
	int rc = gk_stream_run(e, in, o, &out, st);
	gk_out_flush(&out);
	gk_membuf_write(t, "", 0);
	return rc;
}

/* A growable word buffer; words_emit fits the assemblers' emit hook
 * (gk_asm_init, gk_engine_asm_open). */
struct words {
	uint32_t *w;
	size_t n, cap;
};

static inline int words_emit(void *ctx, const uint32_t *w, size_t n)
{
	struct words *v = ctx;
	if (v->n + n > v->cap) {
		size_t cap = v->cap ? v->cap : 1024;
		while (v->n + n > cap)
			cap *= 2;
		uint32_t *q = realloc(v->w, cap * sizeof *q);
		if (!q)
			return -1;
		v->w = q;
		v->cap = cap;
	}
	memcpy(v->w + v->n, w, n * sizeof *w);
	v->n += n;
	return 0;
}

#endif
