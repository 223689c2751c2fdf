/* What the stream benches (tools/bench_pm4.c, tools/bench_dma.c) share
 * (tools/bench.h): the seeded generator's random numbers, streams built as
 * assembly text through the library's assembler, the measured loops, the
 * cksum yardstick and the command-line tool as a child process.
 *
 * The machine the benches run on is shared and noisy, so every gfxkit timing
 * is paired with a run of /usr/bin/cksum over the very same bytes (the
 * stream file) right after it; the ratio gfxkit time / cksum time moves much
 * less than either time when the machine drifts. */
#define _DEFAULT_SOURCE /* wait4 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"

#define ENCODE_SLICE (20u * 1000u * 1000u)

double peak_rss_mb(void)
{
	struct rusage ru;
	if (getrusage(RUSAGE_SELF, &ru) != 0)
		return -1;
	return (double)ru.ru_maxrss / 1024.0; /* Linux: KiB */
}

/* ---- the yardstick: cksum over the same bytes, and the CLI as a child ----
 *
 * The machine this runs on is shared and noisy, so every gfxkit timing is
 * paired with a run of /usr/bin/cksum over the very same bytes (the stream
 * file) right after it; the ratio gfxkit time / cksum time moves much less
 * than either time when the machine drifts. */

extern char **environ;

/* Run argv with stdout and stderr to /dev/null and wait for it: wall
 * seconds, or -1 when it could not start.  *status gets its exit status
 * (128 + signal when killed), *rss_kb its own peak RSS from wait4 (KiB on
 * Linux).  posix_spawn, not fork: no copy of a large parent's page tables
 * in the timing.  The child's ru_maxrss also covers the spawning process's
 * high-water mark before exec, so RSS is only meaningful from a small
 * parent (main, see cli_runs). */
static double spawn_wait(char *const argv[], int *status, long *rss_kb)
{
	posix_spawn_file_actions_t fa;
	if (posix_spawn_file_actions_init(&fa) != 0)
		return -1;
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, 1, 2);
	double t0 = now();
	pid_t pid;
	int e = posix_spawn(&pid, argv[0], &fa, 0, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (e != 0)
		return -1;
	int st;
	struct rusage ru;
	if (wait4(pid, &st, 0, &ru) != pid)
		return -1;
	double t = now() - t0;
	if (status)
		*status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
	if (rss_kb)
		*rss_kb = ru.ru_maxrss;
	return t;
}

/* Seconds cksum takes over path; -1 when it is missing or fails. */
static double cksum_time(const char *path)
{
	char *argv[] = { (char *)BENCH_CKSUM, (char *)path, 0 };
	int st = 0;
	double t = spawn_wait(argv, &st, 0);
	return t > 0 && st == 0 ? t : -1;
}

/* The median of n (<= 8) ratios; 0 when any is missing. */
static double median(const double *v, int n)
{
	double s[8];
	for (int i = 0; i < n; i++) {
		if (!(v[i] > 0))
			return 0;
		int j = i;
		while (j > 0 && s[j - 1] > v[i]) {
			s[j] = s[j - 1];
			j--;
		}
		s[j] = v[i];
	}
	return n ? (n & 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2) : 0;
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p) {
		fprintf(stderr, "bench: out of memory (%zu bytes)\n", n);
		exit(2);
	}
	return p;
}

void regset_build(struct regset *s, const struct gk_reg_table *t, uint32_t lo, uint32_t hi)
{
	s->r = xmalloc(t->nregs * sizeof *s->r);
	s->run = xmalloc(t->nregs * sizeof *s->run);
	s->n = 0;
	for (size_t i = 0; i < t->nregs; i++)
		if (gk_reg_at(t, i)->offset >= lo && gk_reg_at(t, i)->offset < hi)
			s->r[s->n++] = gk_reg_at(t, i);
	for (size_t i = 0; i < s->n; i++) {
		unsigned k = 1;
		while (k < 16 && i + k < s->n && s->r[i + k]->offset == s->r[i]->offset + 4 * k)
			k++;
		s->run[i] = k;
	}
}

void regset_free(struct regset *s)
{
	free(s->r);
	free(s->run);
}

/* A register value a driver would write: fields set to named or in-range
 * values, no stray bits; fieldless registers get addresses, counts or bits. */
uint32_t bench_reg_value(const struct gk_reg *r)
{
	if (!r || !r->nfields) {
		switch (below(4)) {
		case 0: return 0;
		case 1: return below(256);
		case 2: return (uint32_t)rnd64() & ~0xffu; /* a 256-byte aligned address >> 8 */
		default: return (uint32_t)rnd64();
		}
	}
	uint32_t v = 0;
	for (unsigned i = 0; i < r->nfields; i++) {
		const struct gk_reg_field *f = &r->fields[i];
		if (below(2))
			continue;
		unsigned w = (unsigned)(f->hi - f->lo) + 1;
		uint32_t mask = w >= 32 ? 0xffffffffu : (1u << w) - 1u;
		uint32_t x;
		if (f->nvalues && below(4))
			x = f->values[below(f->nvalues)].value;
		else if (w > 8)
			x = below(4) ? below(64) : (uint32_t)rnd64();
		else
			x = (uint32_t)rnd64();
		v |= (x & mask) << f->lo;
	}
	return v;
}

static uint64_t rng_state;

void rng_seed(uint64_t seed)
{
	rng_state = seed;
}

uint64_t rnd64(void)
{
	/* splitmix64 */
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

uint32_t below(uint32_t n)
{
	return n ? (uint32_t)(rnd64() % n) : 0;
}


double bench_mb(void)
{
	const char *env = getenv("GFXKIT_BENCH_MB");
	if (!env || !*env)
		return 200;
	char *endp;
	double v = strtod(env, &endp);
	if (*endp || !(v > 0) || v > 1e6) {
		fprintf(stderr, "bench: GFXKIT_BENCH_MB must be a positive number of MB, not '%s'\n", env);
		return -1;
	}
	return v;
}

/* ---- streams written as assembly text ---- */

static int stream_words(void *ctx, const uint32_t *w, size_t n)
{
	struct bench_stream *s = ctx;
	if (s->nw + n > s->cap) {
		fprintf(stderr, "bench: the generated chunk overflows its %zu words\n", s->cap);
		exit(2);
	}
	memcpy(s->w + s->nw, w, n * sizeof *w);
	s->nw += n;
	return 0;
}

static unsigned stream_errors;

static int stream_diag(void *ctx, const struct gk_diag *d)
{
	(void)ctx;
	if (stream_errors++ < 5)
		fprintf(stderr, "bench: generated text, line %u col %u: %s%s%.*s\n", d->line, d->col,
			d->packet ? d->packet : "", d->packet ? ": " : "", (int)gk_diag_message_len(d), d->message);
	return 0;
}

void bench_stream_begin(struct bench_stream *s, const struct gk_format *fmt, size_t cap_words)
{
	memset(s, 0, sizeof *s);
	s->fmt = fmt;
	s->w = xmalloc(cap_words * sizeof *s->w);
	s->cap = cap_words;
	stream_errors = 0;
	s->a = gk_asm_create(fmt, stream_words, s, stream_diag, 0);
	if (!s->a) {
		fprintf(stderr, "bench: out of memory for the assembler\n");
		exit(2);
	}
}

/* one line, to the assembler or (held) to the held lines */
static void stream_vline(struct bench_stream *s, const char *fmt, va_list ap)
{
	char line[1024];
	int n = vsnprintf(line, sizeof line, fmt, ap);
	if (n < 0 || (size_t)n >= sizeof line) {
		fprintf(stderr, "bench: a generated line is too long\n");
		exit(2);
	}
	if (!s->holding) {
		gk_asm_line(s->a, line, (size_t)n);
		return;
	}
	if (s->nheld + (size_t)n + 1 > s->capheld) {
		s->capheld = 2 * (s->nheld + (size_t)n + 1) + 4096;
		char *p = realloc(s->held, s->capheld);
		if (!p) {
			fprintf(stderr, "bench: out of memory\n");
			exit(2);
		}
		s->held = p;
	}
	memcpy(s->held + s->nheld, line, (size_t)n);
	s->held[s->nheld + (size_t)n] = '\n';
	s->nheld += (size_t)n + 1;
}

void bench_packet(struct bench_stream *s, size_t ndw, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	stream_vline(s, fmt, ap);
	va_end(ap);
	s->n += ndw;
	s->packets++;
}

void bench_line(struct bench_stream *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	stream_vline(s, fmt, ap);
	va_end(ap);
}

void bench_hold(struct bench_stream *s)
{
	s->holding = true;
}

void bench_release(struct bench_stream *s)
{
	s->holding = false;
	for (size_t i = 0; i < s->nheld;) {
		const char *nl = memchr(s->held + i, '\n', s->nheld - i);
		size_t len = (size_t)(nl - (s->held + i));
		gk_asm_line(s->a, s->held + i, len);
		i += len + 1;
	}
	s->nheld = 0;
}

void bench_stream_end(struct bench_stream *s)
{
	if (s->holding)
		bench_release(s);
	unsigned errors = gk_asm_finish(s->a);
	gk_asm_destroy(s->a);
	s->a = NULL;
	if (errors || stream_errors) {
		fprintf(stderr, "bench: the generated %s text did not assemble: %u errors\n", s->fmt->gen, errors);
		exit(2);
	}
	if (s->nw != s->n) {
		fprintf(stderr, "bench: the generated %s text assembled to %zu words; the generator counted %zu\n",
			s->fmt->gen, s->nw, s->n);
		exit(2);
	}
}

void bench_stream_free(struct bench_stream *s)
{
	if (s->a)
		gk_asm_destroy(s->a);
	free(s->w);
	free(s->held);
	memset(s, 0, sizeof *s);
}

size_t bench_prefix(const struct gk_format *fmt, const uint32_t *w, size_t nw, size_t bytes)
{
	size_t pos = 0;
	while (pos < nw && 4 * pos < bytes) {
		struct gk_packet pkt;
		gk_packet_frame(fmt, w + pos, nw - pos, 4ull * pos, &pkt);
		pos += pkt.ndw ? pkt.ndw : 1;
	}
	return pos;
}

size_t bench_cut(const struct gk_format *fmt, const uint32_t *chunk, size_t nchunk, size_t bytes)
{
	size_t want = (bytes + 3) / 4, copies = want / nchunk;
	return copies * nchunk + bench_prefix(fmt, chunk, nchunk, 4 * (want - copies * nchunk));
}

unsigned long long bench_count(const struct gk_format *fmt, const uint32_t *chunk, size_t nchunk, size_t nw)
{
	unsigned long long in_chunk = 0, in_last = 0;
	size_t last = nw % nchunk;
	for (size_t pos = 0; pos < nchunk;) {
		if (pos == last)
			in_last = in_chunk;
		struct gk_packet pkt;
		gk_packet_frame(fmt, chunk + pos, nchunk - pos, 4ull * pos, &pkt);
		pos += pkt.ndw ? pkt.ndw : 1;
		in_chunk++;
	}
	return nw / nchunk * in_chunk + in_last;
}

uint32_t *bench_fill(const uint32_t *chunk, size_t nchunk, size_t nw)
{
	uint32_t *w = xmalloc(nw * sizeof *w);
	for (size_t i = 0; i < nw; i += nchunk)
		memcpy(w + i, chunk, (nw - i < nchunk ? nw - i : nchunk) * sizeof *w);
	return w;
}

int write_cyclic(const char *path, const uint32_t *chunk, size_t nchunk, size_t nw)
{
	FILE *f = fopen(path, "wb");
	if (!f)
		return -1;
	unsigned char *b = xmalloc(4 * nchunk);
	for (size_t j = 0; j < nchunk; j++) {
		b[4 * j] = (unsigned char)chunk[j];
		b[4 * j + 1] = (unsigned char)(chunk[j] >> 8);
		b[4 * j + 2] = (unsigned char)(chunk[j] >> 16);
		b[4 * j + 3] = (unsigned char)(chunk[j] >> 24);
	}
	bool ok = true;
	for (size_t i = 0; ok && i < nw; i += nchunk) {
		size_t k = nw - i < nchunk ? nw - i : nchunk;
		ok = fwrite(b, 4, k, f) == k;
	}
	free(b);
	if (fclose(f) != 0)
		ok = false;
	return ok ? 0 : -1;
}
struct sink {
	FILE *f;
	unsigned long long bytes;
};

static int write_sink(void *ctx, const void *p, size_t n)
{
	struct sink *s = ctx;
	s->bytes += n;
	return fwrite(p, 1, n, s->f) == n ? 0 : -1;
}

/* ---- the measured loops ---- */


bool quiet_diags; /* a run expected to find errors */

static void show_diags(const struct gk_diags *dg, unsigned *shown)
{
	char buf[320];
	if (quiet_diags)
		return;
	for (unsigned i = 0; i < dg->n && *shown < 5; i++, (*shown)++) {
		gk_diag_format(&dg->d[i], buf, sizeof buf);
		fprintf(stderr, "bench: 0x%llx: %s\n", (unsigned long long)dg->d[i].offset, buf);
	}
}

static char obuf[1 << 16];

/* What every mode does with one packet: check it, then print it or not.
 * Printing decodes the packet once into a unit that the checker, the
 * bounds check and the printer all read (as the CLI's stream loop does);
 * checking alone takes gk_check_packet, which decodes only the fields its
 * rules read. */
static void one_packet(const struct gk_format *fmt, struct gk_check_state *cs, const struct gk_packet *pkt,
		       enum mode m, struct gk_out *out, struct result *r, unsigned *shown)
{
	static struct gk_unit u; /* 3 KiB: not on the stack of every packet */
	struct gk_diags dg;
	gk_diags_reset(&dg);
	if (m == M_CHECK) {
		gk_check_packet(fmt, cs, pkt, &dg);
	} else {
		gk_unit_decode(fmt, pkt, &dg, &u);
		gk_unit_check(fmt, cs, &u);
		gk_check_bounds(fmt, cs, &u, &dg);
	}
	r->errors += dg.errors;
	r->warnings += dg.warnings;
	if (dg.n)
		show_diags(&dg, shown);
	if (m == M_TEXT) {
		gk_unit_text(fmt, &u, false, out);
		gk_text_diags(&dg, out);
	} else if (m == M_JSON) {
		gk_unit_json(fmt, &u, 0, out);
	}
}

struct result run_memory(const struct gk_format *fmt, const uint32_t *w, size_t n, enum mode m, FILE *sink,
				const struct gk_bo *bos, unsigned nbos)
{
	struct result r = { 0, 0, 0, 0, 0 };
	struct sink sk = { sink, 0 };
	struct gk_out out = GK_OUT_INIT(obuf, sizeof obuf, sink ? write_sink : 0, &sk);
	struct gk_check_state cs;
	struct gk_diags dg;
	unsigned shown = 0;
	gk_check_init(&cs);
	gk_check_set_buffers(&cs, bos, nbos);
	size_t pos = 0;
	while (pos < n) {
		struct gk_packet pkt;
		gk_packet_frame(fmt, w + pos, n - pos, 4ull * pos, &pkt);
		one_packet(fmt, &cs, &pkt, m, &out, &r, &shown);
		pos += pkt.ndw;
		r.packets++;
	}
	gk_diags_reset(&dg);
	gk_check_end(&cs, 4ull * n, &dg);
	r.errors += dg.errors;
	if (m == M_TEXT)
		gk_text_diags(&dg, &out);
	gk_out_flush(&out);
	r.out_bytes = sk.bytes;
	r.failed = out.failed;
	return r;
}

/* The streaming reader over a file: the bench's one use of the input reader. */
struct result run_file(const struct gk_format *fmt, const char *path, enum mode m, FILE *sink)
{
	struct result r = { 0, 0, 0, 0, 0 };
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "bench: %s: %s\n", path, strerror(errno));
		r.failed = 1;
		return r;
	}
	struct gk_input *in = gk_input_create(gk_read_stdio, f, GK_IN_BIN, 4);
	if (!in) {
		fprintf(stderr, "bench: out of memory\n");
		exit(1);
	}
	struct sink sk = { sink, 0 };
	struct gk_out out = GK_OUT_INIT(obuf, sizeof obuf, sink ? write_sink : 0, &sk);
	struct gk_check_state cs;
	struct gk_diags dg;
	unsigned shown = 0;
	gk_check_init(&cs);
	uint64_t end = 0;
	struct gk_packet pkt;
	while (gk_input_next(in, fmt, &pkt) > 0) {
		one_packet(fmt, &cs, &pkt, m, &out, &r, &shown);
		end = pkt.offset + 4ull * pkt.ndw;
		r.packets++;
	}
	gk_diags_reset(&dg);
	gk_check_end(&cs, end, &dg);
	r.errors += dg.errors;
	if (m == M_TEXT)
		gk_text_diags(&dg, &out);
	gk_out_flush(&out);
	r.out_bytes = sk.bytes;
	if (gk_input_error(in)) {
		fprintf(stderr, "bench: %s: input error: %s\n", path, gk_input_error(in)->message);
		r.failed = 1;
	}
	r.failed |= out.failed;
	gk_input_destroy(in);
	fclose(f);
	return r;
}

/* assembler */

struct words {
	uint32_t *w;
	size_t n, cap;
	int overflow;
};

static int emit_words(void *ctx, const uint32_t *w, size_t n)
{
	struct words *o = ctx;
	if (o->n + n > o->cap) {
		o->overflow = 1;
		return -1;
	}
	memcpy(o->w + o->n, w, n * sizeof *w);
	o->n += n;
	return 0;
}

static unsigned asm_shown;

static int asm_diag(void *ctx, const struct gk_diag *d)
{
	(void)ctx;
	if (asm_shown++ < 5)
		fprintf(stderr, "bench: asm line %u col %u: %s%s%.*s\n", d->line, d->col, d->packet ? d->packet : "",
			d->packet ? ": " : "", (int)gk_diag_message_len(d), d->message);
	return 0;
}

static unsigned run_asm(const struct gk_format *fmt, const char *text, size_t len, struct words *o)
{
	o->n = 0;
	o->overflow = 0;
	struct gk_asm *a = gk_asm_create(fmt, emit_words, o, asm_diag, 0);
	if (!a) {
		fprintf(stderr, "bench: out of memory for the assembler\n");
		exit(2);
	}
	const char *p = text, *e = text + len;
	while (p < e) {
		const char *nl = memchr(p, '\n', (size_t)(e - p));
		size_t l = nl ? (size_t)(nl - p) : (size_t)(e - p);
		gk_asm_line(a, p, l);
		p += l + 1;
	}
	unsigned errors = gk_asm_finish(a);
	gk_asm_destroy(a);
	return errors;
}

/* ---- main ---- */

bool selected(const char *mode)
{
	const char *only = getenv("GFXKIT_BENCH_ONLY");
	if (!only || !*only)
		return true;
	size_t n = strlen(mode);
	for (const char *p = only; (p = strstr(p, mode)) != NULL; p += n)
		if ((p == only || p[-1] == ',') && (p[n] == 0 || p[n] == ','))
			return true;
	return false;
}

/* After run `run` of a row took t seconds: cksum over the same bytes. */
void pair_cksum(struct row *r, int run, double t, const char *path)
{
	double c = cksum_time(path);
	if (c > 0 && (!(r->ck > 0) || c < r->ck))
		r->ck = c;
	r->pair[run] = c > 0 ? t / c : 0;
	if (run == BENCH_RUNS - 1)
		r->ratio = median(r->pair, BENCH_RUNS);
}

double mbs(const struct row *r)
{
	return r->best > 0 && r->best < 1e30 ? r->in_mb / r->best : 0;
}

static void print_head(void)
{
	printf("\n  %-34s %14s  %11s  %12s  %9s  %s\n", "mode", "throughput", "input", "output", "best",
	       "gfxkit/cksum (cksum MB/s)");
}

static void print_row(const struct row *r)
{
	printf("  %-34s %9.1f MB/s  %8.1f MB in  %8.1f MB out  %7.3f s", r->name, mbs(r), r->in_mb, r->out_mb, r->best);
	if (r->ratio > 0)
		printf("  %5.2fx  (%.0f)\n", r->ratio, r->in_mb / r->ck);
	else
		printf("  (no %s)\n", BENCH_CKSUM);
}

/* Measure encode over w[0..nw) when enabled; who starts the messages on
 * stderr ("dma cayman: ").  false when out of memory for the text. */
bool measure_encode(const struct gk_format *fmt, const uint32_t *w, size_t nw, bool enabled, const char *who,
			  struct encode *e)
{
	*e = (struct encode){ enabled, { "encode  (text -> words)", 1e30, 0, 0, 0, 0, { 0 } }, 0, 0, true, true };
	if (!enabled)
		return true;
	size_t slice = 0;
	struct gk_membuf text = { 0, 0, 0 };
	size_t want = ENCODE_SLICE / 4 < nw ? ENCODE_SLICE / 4 : nw;
	struct gk_out out = GK_OUT_INIT(obuf, sizeof obuf, gk_membuf_write, &text);
	while (slice < want) {
		struct gk_packet pkt;
		gk_packet_frame(fmt, w + slice, nw - slice, 4ull * slice, &pkt);
		gk_text_packet(fmt, &pkt, false, &out);
		slice += pkt.ndw;
	}
	gk_out_flush(&out);
	if (out.failed) {
		fprintf(stderr, "bench: %sout of memory for the encode text\n", who);
		free(text.p);
		return false;
	}
	struct words back = { xmalloc(slice * 4 + 4096 * 4), 0, slice + 4096, 0 };
	e->row.in_mb = (double)text.n / 1e6;
	e->row.out_mb = (double)slice * 4 / 1e6;
	e->text_bytes = text.n;
	asm_shown = 0;
	for (int run = 0; run < BENCH_RUNS; run++) {
		double s = now();
		e->asm_errors = run_asm(fmt, text.p, text.n, &back);
		double t = now() - s;
		if (t < e->row.best)
			e->row.best = t;
		if (back.overflow || back.n != slice || memcmp(back.w, w, slice * 4) != 0)
			e->same = false;
	}
	if (!e->same) {
		size_t i = 0;
		while (i < back.n && i < slice && back.w[i] == w[i])
			i++;
		fprintf(stderr, "bench: %sencode round trip differs: %zu words back, %zu expected, first difference at "
			"dword %zu (byte 0x%zx)\n", who, back.n, slice, i, 4 * i);
	}
	free(back.w);
	free(text.p);
	e->ok = e->same && !e->asm_errors;
	return true;
}

/* The figures of a stream: one line a row, then the encode row's two. */
void print_table(const struct row *rows, unsigned nrows, const struct encode *e)
{
	print_head();
	for (unsigned i = 0; i < nrows; i++)
		print_row(&rows[i]);
	if (!e->ran)
		return;
	printf("  %-34s %9.1f MB/s  %8.1f MB in  %8.1f MB out  %7.3f s   (text MB/s)\n", e->row.name,
	       e->row.in_mb / e->row.best, e->row.in_mb, e->row.out_mb, e->row.best);
	printf("  %-34s %9.1f MB/s of words  (round trip %s, %u assembler errors)\n", "", e->row.out_mb / e->row.best,
	       e->same ? "identical" : "DIFFERS", e->asm_errors);
}


/* n words to path, little-endian, 1 MB at a time; 0 or -1 (errno set). */
int write_words(const char *path, const uint32_t *w, size_t n)
{
	FILE *f = fopen(path, "wb");
	if (!f)
		return -1;
	unsigned char *b = xmalloc(1u << 20);
	bool ok = true;
	for (size_t i = 0; ok && i < n;) {
		size_t k = n - i < (1u << 18) ? n - i : (1u << 18);
		for (size_t j = 0; j < k; j++) {
			uint32_t x = w[i + j];
			b[4 * j] = (unsigned char)x;
			b[4 * j + 1] = (unsigned char)(x >> 8);
			b[4 * j + 2] = (unsigned char)(x >> 16);
			b[4 * j + 3] = (unsigned char)(x >> 24);
		}
		ok = fwrite(b, 4, k, f) == k;
		i += k;
	}
	free(b);
	if (fclose(f) != 0)
		ok = false;
	return ok ? 0 : -1;
}

/* Packets and bytes per packet name (not timed), printed as the mix. */
void print_mix(const struct gk_format *fmt, const uint32_t *w, size_t nw)
{
	const struct gk_packet_desc *d[64] = { 0 };
	unsigned long long np[64] = { 0 }, ndw[64] = { 0 }, total = 0;
	unsigned nd = 0;
	size_t pos = 0;
	while (pos < nw) {
		struct gk_packet pkt;
		gk_packet_frame(fmt, w + pos, nw - pos, 4ull * pos, &pkt);
		unsigned i = 0;
		while (i < nd && d[i] != pkt.frame.desc)
			i++;
		if (i == nd && nd < 64)
			d[nd++] = pkt.frame.desc;
		if (i < nd) {
			np[i]++;
			ndw[i] += pkt.ndw;
		}
		total++;
		pos += pkt.ndw;
	}
	printf("  mix (packets %% / bytes %%):");
	for (unsigned i = 0; i < nd; i++)
		printf("%s %s %.1f/%.1f", i ? "," : "", d[i] ? d[i]->name : "(raw)", 100.0 * (double)np[i] / (double)total,
		       100.0 * (double)ndw[i] / (double)nw);
	printf("\n");
}


/* Run fn(arg, mb, dir) in a child process (so its peak RSS and its large
 * buffers stay its own, and main stays small for cli_runs); its exit code. */
int in_child(int (*fn)(const char *, double, const char *), const char *arg, double mb, const char *dir)
{
	fflush(stdout);
	fflush(stderr);
	pid_t pid = fork();
	if (pid < 0) {
		fprintf(stderr, "bench: fork: %s\n", strerror(errno));
		return 2;
	}
	if (pid == 0) {
		int r = fn(arg, mb, dir);
		fflush(stdout);
		_exit(r);
	}
	int status;
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) {
		fprintf(stderr, "bench: %s: the measuring process failed\n", arg);
		return 2;
	}
	return WEXITSTATUS(status);
}

/* One run of the tool: argv = cli cmd -g gpu -e engine [flags] [extra] file,
 * stdout and stderr to /dev/null.  Seconds (-1: could not run), its exit
 * status and peak RSS (MB). */
static double cli_once(const char *cli, const char *cmd, const char *engine, const char *gpu, const char *flag,
		       char **extra, int nextra, const char *file, int *st, double *rss)
{
	char *argv[10 + 2 * 64];
	int n = 0;
	argv[n++] = (char *)cli;
	argv[n++] = (char *)cmd;
	argv[n++] = (char *)"-g";
	argv[n++] = (char *)gpu;
	argv[n++] = (char *)"-e";
	argv[n++] = (char *)engine;
	if (flag)
		argv[n++] = (char *)flag;
	for (int k = 0; k < nextra && k < 2 * 64; k++)
		argv[n++] = extra[k];
	argv[n++] = (char *)file;
	argv[n] = 0;
	long kb = 0;
	*st = -1;
	double t = spawn_wait(argv, st, &kb);
	*rss = (double)kb / 1024.0;
	return t;
}

static double file_mb(const char *path)
{
	struct stat sb;
	return stat(path, &sb) == 0 ? (double)sb.st_size / 1e6 : 0;
}

/* The command-line tool over one stream file, as a user runs it: check,
 * check with the --bo buffers (when given), decode to text and decode
 * --json (stdout to /dev/null), BENCH_RUNS times each, every run followed
 * by cksum over the same file; the median ratio and the best rate.  Then
 * its peak RSS over a quarter of the stream and all of it (wait4; the
 * most of every run), which must stay flat.  Targets: check <= 5x cksum,
 * with the buffers <= 8x, text >= text_mb, JSON >= json_mb MB/s.  A run
 * that does not exit 0 (the streams are clean) raises *rc to 1. */
void cli_runs(const char *cli, const char *engine, const char *gpu, char **bo, int nbo, const char *quarter,
	      const char *whole, const char *label, double text_mb, double json_mb, int *rc)
{
	printf("\n  the command-line tool over the %.1f MB file (this process: peak RSS %.1f MB, a floor for the "
	       "RSS figures below)\n", file_mb(whole), peak_rss_mb());
	/* decode as users run it (on the machine's cores, the CLI's default),
	 * and on one thread (-j 1), which the targets do not read: what one
	 * core does, beside what the machine does */
	static const struct {
		const char *key, *cmd, *flag;
		bool bo, one;
	} modes[] = { { "check", "check", NULL, false, false },
		      { "check --bo", "check", NULL, true, false },
		      { "decode", "decode", NULL, false, false },
		      { "decode --json", "decode", "--json", false, false },
		      { "decode -j 1", "decode", NULL, false, true },
		      { "decode --json -j 1", "decode", "--json", false, true } };
	static char *one_thread[] = { (char *)"-j", (char *)"1" };
	double in_mb = file_mb(whole), rss_whole = 0, rss_quarter = 0;
	int bad = 0;
	char what[128];
	for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
		if (modes[m].bo && !nbo)
			continue;
		struct row r = { modes[m].key, 1e30, in_mb, 0, 0, 0, { 0 } };
		double rss = 0;
		for (int run = 0; run < BENCH_RUNS; run++) {
			int st;
			double mb;
			double t = cli_once(cli, modes[m].cmd, engine, gpu, modes[m].flag,
					    modes[m].bo ? bo : modes[m].one ? one_thread : 0,
					    modes[m].bo ? nbo : modes[m].one ? 2 : 0, whole, &st, &mb);
			if (t < 0 || st != 0) {
				if (!bad)
					fprintf(stderr, "bench: gfxkit %s -g %s -e %s %s: exit %d\n", modes[m].key, gpu, engine,
						whole, st);
				bad = 1;
				break;
			}
			if (t < r.best)
				r.best = t;
			rss = mb > rss ? mb : rss;
			pair_cksum(&r, run, t, whole);
		}
		rss_whole = rss > rss_whole ? rss : rss_whole;
		printf("  gfxkit %-19s -g %-9s -e %-4s %9.1f MB/s  %6.2fx cksum (median of %d)  peak RSS %5.1f MB\n",
		       modes[m].key, gpu, engine, mbs(&r), r.ratio, BENCH_RUNS, rss);
		if (modes[m].one) {
			continue; /* no target: beside the row above */
		} else if (!strcmp(modes[m].key, "check")) {
			snprintf(what, sizeof what, "CLI %s check time / cksum", label);
			report_target(what, false, TARGET_CKSUM_X, r.ratio, "x");
		} else if (modes[m].bo) {
			snprintf(what, sizeof what, "CLI %s check, %d --bo buffers, / cksum", label, nbo / 2);
			report_target(what, false, TARGET_CLI_BO_X, r.ratio, "x");
		} else if (modes[m].flag) {
			snprintf(what, sizeof what, "CLI %s decode --json", label);
			report_target(what, true, json_mb, mbs(&r), "MB/s");
		} else {
			snprintf(what, sizeof what, "CLI %s decode (text)", label);
			report_target(what, true, text_mb, mbs(&r), "MB/s");
		}
	}
	/* memory does not grow with the input: check, decode and decode
	 * --json over a quarter, the modes of the whole file's figure (JSON's
	 * helper threads hold more text than text's: without it the ratio
	 * measured the mode, 1.22x on GFX9) */
	for (int k = 0; k < 3 && !bad; k++) {
		int st;
		double mb;
		double t = cli_once(cli, k ? "decode" : "check", engine, gpu, k == 2 ? "--json" : NULL, 0, 0, quarter, &st,
				    &mb);
		if (t < 0 || st != 0)
			bad = 1;
		rss_quarter = mb > rss_quarter ? mb : rss_quarter;
	}
	printf("  peak RSS: %.1f MB over %.1f MB, %.1f MB over %.1f MB\n", rss_whole, in_mb, rss_quarter, file_mb(quarter));
	snprintf(what, sizeof what, "CLI %s peak RSS", label);
	report_target(what, false, TARGET_RSS, rss_whole > rss_quarter ? rss_whole : rss_quarter, "MB");
	snprintf(what, sizeof what, "CLI %s RSS whole/quarter", label);
	report_target(what, false, TARGET_RSS_GROWTH, rss_quarter > 0 ? rss_whole / rss_quarter : 0, "x");
	if (bad) {
		printf("  FAILED: the command-line tool did not run cleanly over the %s %s stream\n", engine, gpu);
		*rc = *rc > 1 ? *rc : 1;
	}
}

/* The --bo arguments bench_dma wrote for gpu (up to 2 * 64 words). */
int read_bo_args(const char *path, char **argv, char *store, size_t cap)
{
	FILE *f = fopen(path, "r");
	int n = 0;
	size_t used = 0;
	char line[128];
	while (f && n + 2 <= 2 * 64 && fgets(line, sizeof line, f)) {
		char *sp = strchr(line, ' '), *nl = strchr(line, '\n');
		if (!sp || !nl || used + strlen(line) + 1 > cap)
			break;
		*sp = 0;
		*nl = 0;
		argv[n++] = strcpy(store + used, line);
		used += strlen(line) + 1;
		argv[n++] = strcpy(store + used, sp + 1);
		used += strlen(sp + 1) + 1;
	}
	if (f)
		fclose(f);
	return n;
}

int bench_begin(struct bench_start *b, int argc, char **argv)
{
	b->cli = argc > 1 ? argv[1] : "build/gfxkit";
	b->mb = bench_mb();
	if (b->mb < 0)
		return -1;
	snprintf(b->dir, sizeof b->dir, "/tmp/gfxkit-bench-XXXXXX");
	if (!mkdtemp(b->dir)) {
		fprintf(stderr, "bench: temporary directory: %s\n", strerror(errno));
		return -1;
	}
	b->keep = getenv("GFXKIT_BENCH_KEEP") != 0;
	b->cli_ok = access(b->cli, X_OK) == 0 && selected("cli");
	if (access(BENCH_CKSUM, X_OK) != 0)
		printf("bench: no %s: no gfxkit/cksum ratios\n", BENCH_CKSUM);
	return 0;
}
