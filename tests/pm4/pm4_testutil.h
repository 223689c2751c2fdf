/* Shared helpers for the PM4 tests (seed 001 §9): one format per generation,
 * text -> words through the assembler, words -> text through the printer,
 * and words -> diagnostics the way tools/gfxkit.c run_stream drives the
 * checker (gk_packet_frame, gk_check_packet, then gk_check_end).
 * Everything is static inline so each test uses only what it needs. */
#ifndef PM4_TESTUTIL_H
#define PM4_TESTUTIL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "testlib.h"

#define TU_NGENS 4
#define TU_MAXW 32768 /* words one test text may assemble to (> the longest packet) */
#define TU_MAXD 64    /* diagnostics kept per run */

static inline const char *tu_gen_name(unsigned i)
{
	static const char *const names[TU_NGENS] = { "r600", "r700", "evergreen", "cayman" };
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
	if (n == 16 || gk_pm4_format_init(&fmts[n], gpu) != 0) {
		printf("FAIL pm4_testutil: no format for '%s'\n", gpu);
		exit(2);
	}
	names[n] = gpu;
	return &fmts[n++];
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

/* Assemble a text of '\n'-separated lines; returns the assembler's error count. */
static inline unsigned tu_assemble(const struct gk_format *fmt, const char *text, struct tu_asm *r)
{
	memset(r, 0, sizeof *r);
	struct gk_asm *a = gk_asm_create(fmt, tu_emit, r, tu_asm_diag, r);
	if (!a) {
		printf("FAIL pm4_testutil: out of memory\n");
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

/* ---- words -> text ---- */

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
	struct gk_out o = { .buf = buf, .len = 0, .cap = cap - 1, .write = NULL, .ctx = NULL, .failed = 0 };
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

/* Check a whole buffer as run_stream does; the stream starts at byte 0. */
static inline void tu_check(const struct gk_format *fmt, const uint32_t *w, size_t n, struct tu_check *r)
{
	memset(r, 0, sizeof *r);
	struct gk_check_state cs;
	gk_check_init(&cs);
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

#endif
