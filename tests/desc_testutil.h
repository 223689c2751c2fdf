/* Shared helpers for the tests of the description-driven families (PM4,
 * DMA): one format per generation, text -> words through the assembler,
 * words -> text through the printer, and words -> diagnostics the way
 * tools/gfxkit.c run_stream drives the checker (gk_packet_frame,
 * gk_check_packet, then gk_check_end).  Everything is static inline so each
 * test uses only what it needs.
 *
 * Included by a family's header (pm4/pm4_testutil.h, dma/dma_testutil.h),
 * which first defines
 *   TU_FAMILY       the family's name in messages ("pm4")
 *   TU_FORMAT_INIT  its gk_<family>_format_init
 *   TU_NGENS        how many generations it has
 *   TU_GEN_NAMES    their names, oldest first (the family's generation-bit order)
 *   TU_MAXW         words one test text may assemble to (> the longest packet) */
#ifndef DESC_TESTUTIL_H
#define DESC_TESTUTIL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "testlib.h"

#if !defined(TU_FAMILY) || !defined(TU_FORMAT_INIT) || !defined(TU_NGENS) || !defined(TU_GEN_NAMES) || !defined(TU_MAXW)
#error "include a family's testutil header (pm4/pm4_testutil.h, dma/dma_testutil.h), not desc_testutil.h"
#endif

#define TU_MAXD 64 /* diagnostics kept per run */

/* the words of a table row and their count: W(0xc0001000, 0x0) */
#define W(...) (const uint32_t[]){ __VA_ARGS__ }, sizeof((const uint32_t[]){ __VA_ARGS__ }) / sizeof(uint32_t)

static inline const char *tu_gen_name(unsigned i)
{
	static const char *const names[TU_NGENS] = { TU_GEN_NAMES };
	return i < TU_NGENS ? names[i] : "?";
}

/* The format of a generation (or chip) name; formats live for the whole run. */
static inline const struct gk_format *tu_fmt(const char *gpu)
{
	static struct gk_format fmts[16];
	static const char *names[16];
	static unsigned n;
	for (unsigned i = 0; i < n; i++)
		if (strcmp(names[i], gpu) == 0)
			return &fmts[i];
	if (n == 16 || TU_FORMAT_INIT(&fmts[n], gpu) != 0) {
		printf("FAIL %s_testutil: no format for '%s'\n", TU_FAMILY, gpu);
		exit(2);
	}
	names[n] = gpu;
	return &fmts[n++];
}

/* Words as hex; four rotating buffers so one message may show several. */
static inline const char *tu_words_str(const uint32_t *w, size_t n)
{
	static char bufs[4][2048];
	static unsigned k;
	char *buf = bufs[k++ & 3];
	size_t len = 0;
	buf[0] = 0;
	for (size_t i = 0; i < n && len + 12 < sizeof bufs[0]; i++)
		len += (size_t)snprintf(buf + len, sizeof bufs[0] - len, "%s%08x", i ? " " : "", w[i]);
	return buf;
}

/* ---- text -> words ---- */

struct tu_asm {
	uint32_t w[TU_MAXW];
	size_t n;
	bool overflow;
	struct gk_diag d[TU_MAXD];
	unsigned nd;
	unsigned errors;
};

static inline int tu_emit(void *ctx, const uint32_t *w, size_t n)
{
	struct tu_asm *r = ctx;
	for (size_t i = 0; i < n; i++) {
		if (r->n == TU_MAXW) {
			r->overflow = true;
			return -1;
		}
		r->w[r->n++] = w[i];
	}
	return 0;
}

static inline int tu_asm_diag(void *ctx, const struct gk_diag *d)
{
	struct tu_asm *r = ctx;
	if (r->nd < TU_MAXD)
		r->d[r->nd++] = *d;
	return 0;
}

/* Assemble a text of '\n'-separated lines; returns the assembler's error
 * count.  Only the counts of *r are reset, not its words (megabytes for DMA):
 * the property tests assemble tens of thousands of texts. */
static inline unsigned tu_assemble(const struct gk_format *fmt, const char *text, struct tu_asm *r)
{
	r->n = 0;
	r->overflow = false;
	r->nd = 0;
	r->errors = 0;
	struct gk_asm *a = gk_asm_create(fmt, tu_emit, r, tu_asm_diag, r);
	if (!a) {
		printf("FAIL %s_testutil: out of memory\n", TU_FAMILY);
		exit(2);
	}
	const char *p = text;
	while (*p) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		gk_asm_line(a, p, len);
		p += len;
		if (*p)
			p++;
	}
	r->errors = gk_asm_finish(a);
	gk_asm_destroy(a);
	return r->errors;
}

/* Assemble text into r and frame its first packet into *pkt; false, and a
 * failed check, when it does not assemble to at least one word. */
static inline bool tu_assemble_packet(const struct gk_format *fmt, const char *text, struct tu_asm *r,
				      struct gk_packet *pkt)
{
	unsigned errs = tu_assemble(fmt, text, r);
	CHECK(errs == 0 && r->n > 0, "%s: '%s' does not assemble: %s", fmt->gen, text,
	      r->nd ? r->d[0].message : "(no words)");
	if (errs || !r->n)
		return false;
	gk_packet_frame(fmt, r->w, r->n, 0, pkt);
	return true;
}

/* The message of the first diagnostic of an assembly, "" when it had none. */
static inline const char *tu_asm_first(const struct tu_asm *r)
{
	return r->nd ? r->d[0].message : "";
}

/* The 1-based column where `at` first stands on line `line` (1-based) of
 * text; 0 when it is not there. */
static inline uint32_t tu_col_of(const char *text, uint32_t line, const char *at)
{
	const char *p = text;
	for (uint32_t l = 1; l < line && p; l++) {
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	const char *hit = p ? strstr(p, at) : NULL;
	return hit ? (uint32_t)(hit - p) + 1 : 0;
}

/* r holds the tu_assemble of text, which must fail: its first diagnostic is
 * a syntax error at `line` and the column where `at` first stands on that
 * line, and its message contains says (NULL: any message).  what names the
 * case in the failure message. */
static inline void tu_expect_syntax_error(const char *what, const char *text, const struct tu_asm *r, uint32_t line,
					  const char *at, const char *says)
{
	uint32_t col = tu_col_of(text, line, at);
	const struct gk_diag *d = r->nd ? &r->d[0] : NULL;
	CHECK(r->errors >= 1 && d && d->code == GK_D_SYNTAX && d->severity == GK_ERROR && d->line == line &&
		      d->col == col && (!says || strstr(d->message, says) != NULL),
	      "%s '%s': want an error at %u:%u saying '%s', got %u errors, first %s%u:%u '%s'", what, text, line, col,
	      says ? says : "(anything)", r->errors, d ? "" : "(none) ", d ? d->line : 0, d ? d->col : 0,
	      d ? d->message : "");
}

/* ---- words -> text ---- */

/* The words of a vector file read through the library's input reader in
 * format fmt (GK_IN_HEX, GK_IN_AUTO ...): up to cap into w; an input error
 * is a failed check.  0 when the file cannot be opened. */
static inline size_t tu_read_words(const char *path, enum gk_in_format fmt, uint32_t *w, size_t cap)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return 0;
	struct gk_input *in = gk_input_create(gk_read_stdio, f, fmt, 4);
	size_t n = 0;
	if (in) {
		long avail;
		while ((avail = gk_input_fill(in, 1024)) > 0) {
			for (long i = 0; i < avail && n < cap; i++)
				w[n++] = gk_input_words(in)[i];
			gk_input_skip(in, (size_t)avail);
		}
		const struct gk_diag *e = gk_input_error(in);
		CHECK(!e, "%s: input error %u:%u %s", path, e ? e->line : 0, e ? e->col : 0, e ? e->message : "");
		gk_input_destroy(in);
	}
	fclose(f);
	return n;
}

static inline bool tu_is_hex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
}

/* Drop the "0x%08x: " offset label that starts each packet's first line. */
static inline void tu_strip_offsets(char *s)
{
	char *out = s;
	bool line_start = true;
	while (*s) {
		if (line_start && s[0] == '0' && s[1] == 'x') {
			bool label = true;
			for (int i = 2; i < 10; i++)
				if (!tu_is_hex(s[i]))
					label = false;
			if (label && s[10] == ':' && s[11] == ' ')
				s += 12;
		}
		line_start = *s == '\n';
		*out++ = *s++;
	}
	*out = 0;
}

/* Text of every packet in w[0..n) (no trailing newline); offsets labels kept
 * when offsets is true.  Returns the number of packets. */
static inline unsigned tu_decode(const struct gk_format *fmt, const uint32_t *w, size_t n, bool offsets, char *buf,
				 size_t cap)
{
	struct gk_out o = GK_OUT_INIT(buf, cap - 1, NULL, NULL);
	size_t pos = 0;
	unsigned npk = 0;
	while (pos < n) {
		struct gk_packet pkt;
		gk_packet_frame(fmt, w + pos, n - pos, 4ull * pos, &pkt);
		gk_text_packet(fmt, &pkt, false, &o);
		pos += pkt.ndw ? pkt.ndw : 1;
		npk++;
	}
	buf[o.len] = 0;
	if (o.len && buf[o.len - 1] == '\n')
		buf[o.len - 1] = 0;
	if (!offsets)
		tu_strip_offsets(buf);
	return npk;
}

/* ---- both directions of a vector ---- */

/* decode(w[0..n)) == text, without offset labels; what names the case */
static inline void tu_expect_decode(const char *what, const struct gk_format *fmt, const uint32_t *w, size_t n,
				    const char *text)
{
	static char buf[1 << 20];
	tu_decode(fmt, w, n, false, buf, sizeof buf);
	CHECK(strcmp(buf, text) == 0, "%s decode %s\n  got:  %s\n  want: %s", what, tu_words_str(w, n), buf, text);
}

/* encode(text) == w[0..n), with no assembler error */
static inline void tu_expect_encode(const char *what, const struct gk_format *fmt, const char *text, const uint32_t *w,
				    size_t n);

/* One vector row: decode gives its text and its text encodes to its words */
static inline void tu_expect_row(size_t i, const char *gpu, const struct gk_format *fmt, const uint32_t *w, size_t n,
				 const char *text)
{
	char what[48];
	snprintf(what, sizeof what, "row %zu (%s)", i, gpu);
	tu_expect_decode(what, fmt, w, n, text);
	tu_expect_encode(what, fmt, text, w, n);
}

static inline void tu_expect_encode(const char *what, const struct gk_format *fmt, const char *text, const uint32_t *w,
				    size_t n)
{
	static struct tu_asm r; /* megabytes for DMA: never on the stack */
	unsigned errs = tu_assemble(fmt, text, &r);
	CHECK(errs == 0 && r.n == n && memcmp(r.w, w, n * 4) == 0,
	      "%s encode '%s'\n  got:  %s (%u errors%s%s)\n  want: %s", what, text, tu_words_str(r.w, r.n), errs,
	      r.nd ? ": " : "", tu_asm_first(&r), tu_words_str(w, n));
}

/* ---- words -> diagnostics ---- */

struct tu_check {
	struct gk_diag d[TU_MAXD];
	unsigned n;
	unsigned errors, warnings, dropped;
	unsigned npackets;
};

static inline void tu_take(struct tu_check *r, const struct gk_diags *dg)
{
	for (unsigned i = 0; i < dg->n && r->n < TU_MAXD; i++)
		r->d[r->n++] = dg->d[i];
	r->errors += dg->errors;
	r->warnings += dg->warnings;
	r->dropped += dg->dropped;
}

/* Check a whole buffer as run_stream does, with the buffers of check --bo
 * (none: no bounds checking); the stream starts at byte 0. */
static inline void tu_check_bo(const struct gk_format *fmt, const uint32_t *w, size_t n, const struct gk_bo *bos,
			       unsigned nbos, struct tu_check *r)
{
	memset(r, 0, sizeof *r);
	struct gk_check_state cs;
	gk_check_init(&cs);
	gk_check_set_buffers(&cs, bos, nbos);
	struct gk_diags dg;
	uint64_t end = 0;
	size_t pos = 0;
	while (pos < n) {
		struct gk_packet pkt;
		uint64_t off = 4ull * pos;
		gk_packet_frame(fmt, w + pos, n - pos, off, &pkt);
		gk_diags_reset(&dg);
		gk_check_packet(fmt, &cs, &pkt, &dg);
		tu_take(r, &dg);
		pos += pkt.ndw ? pkt.ndw : 1;
		end = off + 4ull * pkt.ndw;
		r->npackets++;
	}
	gk_diags_reset(&dg);
	gk_check_end(&cs, end, &dg);
	tu_take(r, &dg);
}

static inline void tu_check(const struct gk_format *fmt, const uint32_t *w, size_t n, struct tu_check *r)
{
	tu_check_bo(fmt, w, n, NULL, 0, r);
}

/* First diagnostic with this code, or NULL. */
static inline const struct gk_diag *tu_find(const struct tu_check *r, enum gk_diag_code code)
{
	for (unsigned i = 0; i < r->n; i++)
		if (r->d[i].code == code)
			return &r->d[i];
	return NULL;
}

static inline unsigned tu_count(const struct tu_check *r, enum gk_diag_code code)
{
	unsigned k = 0;
	for (unsigned i = 0; i < r->n; i++)
		k += r->d[i].code == code;
	return k;
}

/* All diagnostics as one string, for failure messages. */
static inline const char *tu_diags_str(const struct tu_check *r)
{
	static char buf[4096];
	size_t len = 0;
	buf[0] = 0;
	for (unsigned i = 0; i < r->n && len + 400 < sizeof buf; i++) {
		char one[320];
		gk_diag_format(&r->d[i], one, sizeof one);
		len += (size_t)snprintf(buf + len, sizeof buf - len, "\n    [code %d @0x%llx dw%d] %s", (int)r->d[i].code,
					(unsigned long long)r->d[i].offset, (int)r->d[i].dw, one);
	}
	return r->n ? buf : " (none)";
}

#endif
