/* Round trip: decode (gk_text_packet) -> assemble (gk_asm) gives back the
 * same words for any input whose length is a multiple of 4; and the JSON
 * printer writes one valid JSON line per packet whose "words" are the input.
 * STYLE.md "Unclaimed set bits are always reported and always round-trip". */
#define _POSIX_C_SOURCE 200809L /* fork, to survive a crash in one case */
#include <stdbool.h>
#include <stdint.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gfxkit/gfxkit.h"
#include "pm4/pm4_tab.h"
#include "jsoncheck.h"
#include "testlib.h"

static const char *const gens[] = { "r600", "r700", "evergreen", "cayman" };

/* ---- growable buffers ---- */

/* struct gk_membuf, gk_membuf_write, struct words and words_emit: tests/testlib.h */

struct diagrec {
	unsigned n;
	struct gk_diag first;
};

static int diag_keep(void *ctx, const struct gk_diag *d)
{
	struct diagrec *r = ctx;
	if (!r->n++)
		r->first = *d;
	return 0;
}


/* ---- decode -> text -> assemble ---- */

static char obuf[1 << 14];

/* Text of words[0..n) packet by packet; npk: packets framed. */
static void decode_text(const struct gk_format *fmt, const uint32_t *w, size_t n, bool raw, struct gk_membuf *t,
			size_t *npk)
{
	struct gk_out o = GK_OUT_INIT(obuf, sizeof obuf, gk_membuf_write, t);
	size_t pos = 0, k = 0;
	t->n = 0;
	if (t->p)
		t->p[0] = 0;
	while (pos < n) {
		struct gk_packet pkt;
		gk_packet_frame(fmt, w + pos, n - pos, 4ull * pos, &pkt);
		gk_text_packet(fmt, &pkt, raw, &o);
		pos += pkt.ndw ? pkt.ndw : 1;
		k++;
	}
	gk_out_flush(&o);
	if (npk)
		*npk = k;
}

static void assemble(const struct gk_format *fmt, const char *s, size_t len, struct words *out, struct diagrec *dr)
{
	out->n = 0;
	memset(dr, 0, sizeof *dr);
	struct gk_asm *a = gk_asm_create(fmt, words_emit, out, diag_keep, dr);
	if (!a) {
		dr->n = 1;
		return;
	}
	size_t b = 0;
	for (size_t i = 0; i <= len; i++) {
		if (i == len || s[i] == '\n') {
			if (i > b || i < len)
				gk_asm_line(a, s + b, i - b);
			b = i + 1;
		}
	}
	unsigned errors = gk_asm_finish(a);
	gk_asm_destroy(a);
	dr->n += errors && !dr->n ? 1 : 0;
}

static struct gk_membuf g_text;
static struct words g_words;
static struct diagrec g_diag;

static bool same_words(const uint32_t *a, size_t na, const uint32_t *b, size_t nb)
{
	return na == nb && (na == 0 || memcmp(a, b, na * sizeof *a) == 0);
}

static bool rt(const struct gk_format *fmt, const uint32_t *w, size_t n, bool raw)
{
	decode_text(fmt, w, n, raw, &g_text, 0);
	assemble(fmt, g_text.p ? g_text.p : "", g_text.n, &g_words, &g_diag);
	return !g_diag.n && same_words(w, n, g_words.w, g_words.n);
}

/* Failures print a reproducer, the first few of each kind in full. */
static unsigned nreported;

static void report(const char *what, const struct gk_format *fmt, const uint32_t *w, size_t n)
{
	if (nreported++ >= 12)
		return;
	printf("  repro (%s) gpu=%s words:", what, fmt->gen);
	for (size_t i = 0; i < n && i < 24; i++)
		printf(" %08x", w[i]);
	printf("%s\n", n > 24 ? " ..." : "");
	rt(fmt, w, n, false);
	printf("  text: %.*s", (int)(g_text.n > 600 ? 600 : g_text.n), g_text.p ? g_text.p : "");
	if (g_diag.n)
		printf("  asm error %u:%u: %s\n", g_diag.first.line, g_diag.first.col, g_diag.first.message);
	else {
		printf("  got %zu words:", g_words.n);
		for (size_t i = 0; i < g_words.n && i < 24; i++)
			printf(" %08x", g_words.w[i]);
		printf("\n");
	}
}

/* Round trip of a whole stream; on failure find and show the first packet
 * that does not round-trip alone. */
static void check_stream(const char *what, const struct gk_format *fmt, const uint32_t *w, size_t n, bool raw)
{
	bool ok = rt(fmt, w, n, raw);
	if (ok) {
		tl_pass++;
		return;
	}
	tl_fail++;
	printf("FAIL %s: %s stream of %zu words does not round-trip (%s)\n", what, fmt->gen, n,
	       g_diag.n ? "assembler error" : "different words");
	size_t pos = 0;
	while (pos < n) {
		struct gk_packet pkt;
		gk_packet_frame(fmt, w + pos, n - pos, 4ull * pos, &pkt);
		if (!rt(fmt, w + pos, pkt.ndw, raw)) {
			report(what, fmt, w + pos, pkt.ndw);
			return;
		}
		pos += pkt.ndw;
	}
	report(what, fmt, w, n);
}

/* One packet alone (quiet on success, reproducer on failure). */
static unsigned pk_fail_by_op[4][256];

static void check_one(const char *what, const struct gk_format *fmt, const uint32_t *w, size_t n)
{
	if (rt(fmt, w, n, false)) {
		tl_pass++;
		return;
	}
	tl_fail++;
	unsigned g = fmt->gen_bit == GK_PM4_R600 ? 0 : fmt->gen_bit == GK_PM4_R700 ? 1
		   : fmt->gen_bit == GK_PM4_EVERGREEN ? 2 : 3;
	unsigned op = (w[0] >> 30) == 3 ? (w[0] >> 8) & 0xff : 0;
	if (pk_fail_by_op[g][op]++ == 0) {
		printf("FAIL %s: packet does not round-trip\n", what);
		unsigned save = nreported;
		nreported = 0;
		report(what, fmt, w, n);
		nreported = save;
	}
}

/* json_line_ok: tests/jsoncheck.h */

/* "words":[...] of a line equals w[0..n) */
static bool json_dwords(const char *s, const uint32_t *w, size_t n)
{
	const char *p = strstr(s, "\"words\":[");
	if (!p)
		return false;
	p += strlen("\"words\":[");
	for (size_t i = 0; i < n; i++) {
		char *end;
		unsigned long long v = strtoull(p, &end, 10);
		if (end == p || v != w[i])
			return false;
		p = end;
		if (*p != (i + 1 < n ? ',' : ']'))
			return false;
		p++;
	}
	return n ? true : *p == ']';
}

static unsigned json_reported;

static void check_json(const char *what, const struct gk_format *fmt, const uint32_t *w, size_t n)
{
	struct gk_membuf t = { 0, 0, 0 };
	struct gk_check_state cs;
	gk_check_init(&cs);
	size_t pos = 0;
	bool ok = true;
	while (pos < n) {
		struct gk_packet pkt;
		struct gk_diags dg;
		gk_packet_frame(fmt, w + pos, n - pos, 4ull * pos, &pkt);
		memset(&dg, 0, sizeof dg);
		gk_check_packet(fmt, &cs, &pkt, &dg);
		t.n = 0;
		struct gk_out o = GK_OUT_INIT(obuf, sizeof obuf, gk_membuf_write, &t);
		gk_json_packet(fmt, &pkt, &dg, GK_JSON_TEXT, &o);
		gk_out_flush(&o);
		bool good = t.p && json_line_ok(t.p, t.n) && json_dwords(t.p, pkt.dw, pkt.ndw);
		if (!good) {
			ok = false;
			if (json_reported++ < 5) {
				printf("FAIL %s: %s JSON line for packet at word %zu:", what, fmt->gen, pos);
				for (size_t i = 0; i < pkt.ndw && i < 12; i++)
					printf(" %08x", pkt.dw[i]);
				printf("\n  %.*s\n", (int)(t.n > 800 ? 800 : t.n), t.p ? t.p : "");
			}
		}
		pos += pkt.ndw;
	}
	if (ok)
		tl_pass++;
	else
		tl_fail++;
	free(t.p);
}

/* ---- inputs ---- */

static uint32_t rnd_body_word(uint64_t *s)
{
	uint64_t r = tl_rand(s);
	switch (r & 7) {
	case 0:
		return 0;
	case 1:
		return 0xffffffffu;
	case 2:
		return (uint32_t)(r >> 32) & 0xff;
	case 3:
		return (uint32_t)(r >> 32) & 0x7;
	case 4:
		return 1u << ((r >> 8) & 31);
	case 5:
		return (uint32_t)(r >> 32) & 0xffff;
	default:
		return (uint32_t)(r >> 32);
	}
}

/* Known register offsets, to write plausible type-0 and SET_* packets. */
static uint32_t rnd_reg(const struct gk_format *fmt, uint64_t *s)
{
	const struct gk_reg_table *t = fmt->regs;
	return gk_reg_at(t, tl_rand(s) % t->nregs)->offset;
}

/* Append one plausible packet at w (room for at least 64 words); returns its length. */
static size_t gen_packet(const struct gk_format *fmt, uint64_t *s, uint32_t *w)
{
	uint64_t r = tl_rand(s);
	unsigned kind = (unsigned)(r % 100);
	if (kind < 10) { /* type 0 */
		unsigned cnt = (unsigned)((r >> 8) % 6);
		uint32_t base = (r >> 16) & 1 ? (rnd_reg(fmt, s) / 4) & 0xffff : (uint32_t)(tl_rand(s) & 0xffff);
		w[0] = (cnt << 16) | base;
		for (unsigned i = 0; i <= cnt; i++)
			w[1 + i] = rnd_body_word(s);
		return cnt + 2;
	}
	if (kind < 14) { /* type 2, with or without pad bits */
		w[0] = 0x80000000u | ((r >> 8) & 1 ? (uint32_t)(r >> 20) & 0x3fffffff : 0);
		return 1;
	}
	if (kind < 16) { /* type 1 */
		w[0] = 0x40000000u | ((uint32_t)(r >> 16) & 0x3fffffff);
		return 1;
	}
	/* type 3: a known opcode (any generation) most of the time */
	unsigned op;
	if (kind < 90) {
		const struct gk_packet_desc *d;
		do {
			d = &gk_pm4_descs[tl_rand(s) % gk_pm4_ndescs];
		} while (d->hdr != gk_pm4_hdr3);
		op = d->opcode;
		unsigned ndw = d->min_dw;
		unsigned v = (unsigned)((r >> 8) % 8);
		if (v < 5 && d->max_dw)
			ndw = d->min_dw + (unsigned)((r >> 12) % (d->max_dw - d->min_dw + 1));
		else if (v < 6)
			ndw = d->min_dw + (unsigned)((r >> 12) % 9);
		else if (v < 7)
			ndw = 2 + (unsigned)((r >> 12) % 6);
		else if (d->tail_unit > 1)
			ndw = d->tail_dw + d->tail_unit * (unsigned)(1 + (r >> 12) % 3);
		if (ndw < 2)
			ndw = 2;
		if (ndw > 40)
			ndw = 40;
		uint32_t hdr = 0xc0000000u | ((ndw - 2u) << 16) | (op << 8);
		unsigned hb = (unsigned)((r >> 20) & 15);
		if (hb & 1)
			hdr |= 1; /* PREDICATE */
		if (hb & 2)
			hdr |= 2; /* SHADER_TYPE */
		if (hb == 15)
			hdr |= (uint32_t)(r >> 40) & 0xfc; /* reserved bits 7:2 */
		w[0] = hdr;
		for (unsigned i = 1; i < ndw; i++)
			w[i] = rnd_body_word(s);
		if (d->tail == GK_TAIL_REGS && ndw > 1 && ((r >> 24) & 3)) {
			/* start at a known register of the space */
			const struct gk_space *sp = &fmt->spaces[d->space];
			uint32_t a = rnd_reg(fmt, s);
			if (sp->end && a >= sp->start && a < sp->end)
				w[1] = (a - sp->start) / 4;
			else
				w[1] &= 0x3ff;
		}
		return ndw;
	}
	/* an opcode no generation may define, random reserved bits */
	op = (unsigned)(tl_rand(s) & 0xff);
	unsigned ndw = 2 + (unsigned)((r >> 8) % 6);
	w[0] = 0xc0000000u | ((ndw - 2u) << 16) | (op << 8) | ((uint32_t)(r >> 32) & 0xff);
	for (unsigned i = 1; i < ndw; i++)
		w[i] = rnd_body_word(s);
	return ndw;
}

static size_t gen_stream(const struct gk_format *fmt, uint64_t *s, uint32_t *w, size_t cap, size_t npackets)
{
	size_t n = 0;
	for (size_t k = 0; k < npackets && n + 64 < cap; k++)
		n += gen_packet(fmt, s, w + n);
	return n;
}

/* A fresh assembler: nothing a first line can reach is left uninitialised.
 * Each case runs in a child so a crash is one failure, not the end of the
 * test. */
static int count_diag(void *ctx, const struct gk_diag *d)
{
	(void)d;
	(*(unsigned *)ctx)++;
	return 0;
}

static void dirty_state_case(const struct gk_format *fmt, const char *what, const char *const *lines,
			     unsigned want_diags, size_t want_words)
{
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		struct words out = { 0, 0, 0 };
		unsigned nd = 0;
		struct gk_asm *a = gk_asm_create(fmt, words_emit, &out, count_diag, &nd);
		if (!a)
			_exit(3);
		for (unsigned i = 0; lines[i]; i++)
			gk_asm_line(a, lines[i], strlen(lines[i]));
		gk_asm_finish(a);
		gk_asm_destroy(a);
		_exit(nd == want_diags && out.n == want_words ? 0 : 7);
	}
	int status = 0;
	if (pid < 0 || waitpid(pid, &status, 0) != pid) {
		CHECK(0, "%s: could not run the case", what);
		return;
	}
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "%s (gpu %s): %s %d", what, fmt->gen,
	      WIFSIGNALED(status) ? "crashed with signal" : WEXITSTATUS(status) == 7
		      ? "wrong number of diagnostics or words, exit" : "sanitizer or other failure, exit",
	      WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
}

static void dirty_state(void)
{
	struct gk_format fmt;
	gk_pm4_format_init(&fmt, "evergreen");
	static const char *const indented_first[] = { "    NOP", 0 };
	static const char *const indented_then_ok[] = { "    DATA_BLOCK 1", "NOP", "    DATA_BLOCK 5", 0 };
	static const char *const ok_only[] = { "NOP", "PACKET2", 0 };
	static const char *const bad_label[] = { "0x10:", "NOP", 0 };
	dirty_state_case(&fmt, "indented first line on fresh state memory", indented_first, 1, 0);
	dirty_state_case(&fmt, "indented line, then a packet", indented_then_ok, 1, 2);
	dirty_state_case(&fmt, "clean text on fresh state memory", ok_only, 0, 3);
	dirty_state_case(&fmt, "label without a packet on fresh state memory", bad_label, 1, 2);
}

/* The assembler's arrays grow with the longest packet and line so far:
 * what a long packet leaves behind must not reach the next (a short packet
 * after a long one assembles as it does alone), and a line past the item
 * limit is one error. */
static void grown_state(void)
{
	struct gk_format fmt;
	CHECK(gk_pm4_format_init(&fmt, "evergreen") == 0, "format evergreen");
	static char text[64 * 1024];
	size_t len = (size_t)snprintf(text, sizeof text, "NOP\n    DATA_BLOCK");
	for (unsigned i = 0; i < 3000; i++)
		len += (size_t)snprintf(text + len, sizeof text - len, " 0x%x", 0xffffffffu - i);
	size_t long_len = len;
	len += (size_t)snprintf(text + len, sizeof text - len, "\nSET_CONTEXT_REG\n    0x28000 <- 0x5\n");
	struct words all = { 0, 0, 0 }, one = { 0, 0, 0 }, alone = { 0, 0, 0 };
	struct diagrec dr;
	assemble(&fmt, text, len, &all, &dr);
	CHECK(dr.n == 0 && all.n == 3001 + 3, "long then short: %u diagnostics, %zu words", dr.n, all.n);
	assemble(&fmt, text, long_len, &one, &dr);
	assemble(&fmt, text + long_len + 1, len - long_len - 1, &alone, &dr);
	CHECK(dr.n == 0 && one.n + alone.n == all.n && !memcmp(all.w, one.w, one.n * 4) &&
		      !memcmp(all.w + one.n, alone.w, alone.n * 4),
	      "a short packet after a long one differs from the same packet alone");

	len = (size_t)snprintf(text, sizeof text, "NOP\n    DATA_BLOCK");
	for (unsigned i = 0; i < 4096; i++)
		len += (size_t)snprintf(text + len, sizeof text - len, " %u", i & 7);
	assemble(&fmt, text, len, &all, &dr);
	CHECK(dr.n == 1 && strstr(dr.first.message, "more than 4096 items on one line") && all.n == 0,
	      "4097 items on a line: %u diagnostics (%s), %zu words", dr.n, dr.n ? dr.first.message : "", all.n);
	free(all.w);
	free(one.w);
	free(alone.w);
}

#define CAP 40000

int main(void)
{
	uint32_t *w = malloc(CAP * sizeof *w);
	if (!w) {
		printf("out of memory\n");
		return 1;
	}
	struct gk_format fmt;
	unsigned long long packets = 0;

	dirty_state();
	grown_state();

	for (unsigned g = 0; g < 4; g++) {
		CHECK(gk_pm4_format_init(&fmt, gens[g]) == 0, "format %s", gens[g]);
		uint64_t seed = 0x9e3779b97f4a7c15ull ^ (g + 1);

		/* (a) random garbage: raw, and with COUNT cut down so that many
		 * packets are framed */
		for (int rep = 0; rep < 8; rep++) {
			size_t n = 3000 + (size_t)(tl_rand(&seed) % 2000);
			for (size_t i = 0; i < n; i++)
				w[i] = (uint32_t)(tl_rand(&seed) >> 32);
			check_stream("garbage", &fmt, w, n, rep & 1);
			check_json("garbage", &fmt, w, n);
			for (size_t i = 0; i < n; i++)
				if (tl_rand(&seed) & 1)
					w[i] &= 0xc00fffffu | ((uint32_t)(tl_rand(&seed) & 0x7) << 16);
			check_stream("garbage (short COUNTs)", &fmt, w, n, rep & 1);
			check_json("garbage (short COUNTs)", &fmt, w, n);
		}

		/* (b) streams of plausible packets */
		for (int rep = 0; rep < 6; rep++) {
			size_t npk;
			size_t n = gen_stream(&fmt, &seed, w, CAP, 3000);
			check_stream("plausible", &fmt, w, n, rep == 1);
			check_json("plausible", &fmt, w, n);
			decode_text(&fmt, w, n, false, &g_text, &npk);
			packets += npk;
			/* and each packet on its own, so a failure names one packet */
			size_t pos = 0;
			while (pos < n) {
				struct gk_packet pkt;
				gk_packet_frame(&fmt, w + pos, n - pos, 0, &pkt);
				check_one("plausible packet", &fmt, w + pos, pkt.ndw);
				pos += pkt.ndw;
			}
		}

		/* (c) every header class: 256 opcodes x counts x header bits, with
		 * zero, all-ones and random bodies; type 0/1/2 header variety */
		static const unsigned counts[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 14 };
		for (unsigned op = 0; op < 256; op++)
			for (unsigned c = 0; c < sizeof counts / sizeof counts[0]; c++)
				for (unsigned hb = 0; hb < 8; hb++) {
					unsigned cnt = counts[c];
					uint32_t hdr = 0xc0000000u | (cnt << 16) | (op << 8) | (hb & 3);
					if (hb >= 4)
						hdr |= (uint32_t)(tl_rand(&seed) & 0xfc);
					w[0] = hdr;
					for (unsigned i = 1; i < cnt + 2; i++)
						w[i] = hb == 4 ? 0 : hb == 5 ? 0xffffffffu : rnd_body_word(&seed);
					check_one("type-3 header class", &fmt, w, cnt + 2);
				}
		for (unsigned i = 0; i < 2000; i++) {
			uint64_t r = tl_rand(&seed);
			unsigned cnt = (unsigned)(r % 5);
			w[0] = (cnt << 16) | (uint32_t)((r >> 8) & 0xffff);
			if (i < 64)
				w[0] = (cnt << 16) | (uint32_t)(i * 0x400);
			for (unsigned k = 1; k < cnt + 2; k++)
				w[k] = rnd_body_word(&seed);
			check_one("type-0 header", &fmt, w, cnt + 2);
			w[0] = 0x40000000u | (uint32_t)((r >> 20) & 0x3fffffff);
			check_one("type-1 header", &fmt, w, 1);
			w[0] = 0x80000000u | (i < 32 ? (1u << i) & 0x3fffffff : (uint32_t)((r >> 30) & 0x3fffffff));
			check_one("type-2 header", &fmt, w, 1);
		}

		/* (e) long packets, up to the longest COUNT allows, of every
		 * description (each description at full length on one generation) */
		for (size_t i = 0; i < gk_pm4_ndescs; i++) {
			const struct gk_packet_desc *d = &gk_pm4_descs[i];
			static const unsigned sizes[] = { 9, 33, 257, 0x3fff + 2 };
			for (unsigned k = 0; k < 4; k++) {
				unsigned ndw = sizes[k];
				if (k == 3 && i % 4 != g)
					continue;
				if (d->hdr == gk_pm4_hdr3)
					w[0] = 0xc0000000u | ((ndw - 2u) << 16) | ((unsigned)d->opcode << 8);
				else if (!strcmp(d->name, "PACKET0"))
					w[0] = ((ndw - 2u) << 16) | (uint32_t)(tl_rand(&seed) & 0x3fff);
				else
					continue;
				for (unsigned j = 1; j < ndw; j++)
					w[j] = rnd_body_word(&seed);
				check_one("long packet", &fmt, w, ndw);
				check_json("long packet", &fmt, w, ndw);
			}
		}

		/* (d) a valid stream cut at every length */
		{
			uint64_t s2 = 0x1234567ull + g;
			size_t n = gen_stream(&fmt, &s2, w, CAP, 120);
			for (size_t cut = 1; cut <= n; cut++)
				check_stream("truncated", &fmt, w, cut, false);
		}
	}
	printf("# %llu plausible packets framed\n", packets);
	CHECK(packets > 40000, "only %llu packets in the plausible streams", packets);
	free(g_text.p);
	free(g_words.w);
	free(w);
	return tl_done();
}
