/* gfxkit throughput benchmark (`make bench`).
 *
 * Generates, deterministically (fixed seed), a stream of realistic Evergreen
 * PM4 packets -- the mix a driver's command buffers have: SET_CONTEXT_REG
 * runs over real context registers, SET_CONFIG_REG, SET_RESOURCE,
 * SET_SAMPLER, SET_LOOP_CONST, SET_CTL_CONST, draws, SURFACE_SYNC,
 * EVENT_WRITE flushes, EVENT_WRITE_EOP fences, NOP / PACKET2 padding and
 * compute dispatches -- and measures single-threaded throughput (best of 3)
 * of check, text decode, JSON decode, the streaming gk_input reader over a
 * file, and the assembler.  Size: env GFXKIT_BENCH_MB (default 200, MB =
 * 10^6 bytes); GFXKIT_BENCH_ONLY=check,text,json,file,encode runs only
 * those measurements (for profiling); GFXKIT_BENCH_KEEP=1 keeps the
 * generated stream file in /tmp.  Exit status 1 only when the
 * generated stream does not check clean or the assembler does not give the
 * words back; missed targets are reported, not fatal. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "gfxkit/gfxkit.h"
#include "pm4/pm4_tab.h"

#define SEED 0x9e3779b97f4a7c15ull
#define RUNS 3
#define TARGET_CHECK 1000.0
#define TARGET_TEXT 200.0
#define ENCODE_SLICE (20u * 1000u * 1000u)

/* ---- helpers ---- */

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double peak_rss_mb(void)
{
	struct rusage ru;
	if (getrusage(RUSAGE_SELF, &ru) != 0)
		return -1;
	return (double)ru.ru_maxrss / 1024.0; /* Linux: KiB */
}

static void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p) {
		fprintf(stderr, "bench: out of memory (%zu bytes)\n", n);
		exit(2);
	}
	return p;
}

static uint64_t rng_state;

static uint64_t rnd(void)
{
	/* splitmix64 */
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static uint32_t below(uint32_t n)
{
	return n ? (uint32_t)(rnd() % n) : 0;
}

/* ---- generator ---- */

#define OP_NOP 0x10
#define OP_DISPATCH_DIRECT 0x15
#define OP_DRAW_INDEX_2 0x27
#define OP_INDEX_TYPE 0x2A
#define OP_DRAW_INDEX_AUTO 0x2D
#define OP_NUM_INSTANCES 0x2F
#define OP_SURFACE_SYNC 0x43
#define OP_EVENT_WRITE 0x46
#define OP_EVENT_WRITE_EOP 0x47
#define OP_SET_CONFIG_REG 0x68
#define OP_SET_CONTEXT_REG 0x69
#define OP_SET_LOOP_CONST 0x6C
#define OP_SET_RESOURCE 0x6D
#define OP_SET_SAMPLER 0x6E
#define OP_SET_CTL_CONST 0x6F

struct regset {
	const struct gk_reg **r;
	unsigned *run;   /* consecutive table registers starting at r[i] (capped at 16) */
	size_t n;
};

struct gen {
	uint32_t *w;
	size_t n, cap;
	const struct gk_space *sp;
	struct regset ctx, cfg;
	const struct gk_reg *compute_cfg[8], *compute_ctx[8];
	unsigned ncompute_cfg, ncompute_ctx;
	unsigned long long packets;
};

static void regset_build(struct regset *s, const struct gk_reg_table *t, uint32_t lo, uint32_t hi)
{
	s->r = xmalloc(t->nregs * sizeof *s->r);
	s->run = xmalloc(t->nregs * sizeof *s->run);
	s->n = 0;
	for (size_t i = 0; i < t->nregs; i++)
		if (t->regs[i].offset >= lo && t->regs[i].offset < hi)
			s->r[s->n++] = &t->regs[i];
	for (size_t i = 0; i < s->n; i++) {
		unsigned k = 1;
		while (k < 16 && i + k < s->n && s->r[i + k]->offset == s->r[i]->offset + 4 * k)
			k++;
		s->run[i] = k;
	}
}

static void regset_free(struct regset *s)
{
	free(s->r);
	free(s->run);
}

static uint32_t *put(struct gen *g, size_t n)
{
	if (g->n + n > g->cap) {
		fprintf(stderr, "bench: generator buffer overflow\n");
		exit(2);
	}
	uint32_t *p = g->w + g->n;
	g->n += n;
	g->packets++;
	return p;
}

static uint32_t hdr3(unsigned op, size_t ndw, unsigned compute)
{
	return 3u << 30 | (uint32_t)((ndw - 2) & 0x3fff) << 16 | (uint32_t)op << 8 | (compute ? 2u : 0u);
}

/* A register value a driver would write: fields set to named or in-range
 * values, no stray bits; fieldless registers get addresses, counts or bits. */
static uint32_t reg_value(const struct gk_reg *r)
{
	if (!r || !r->nfields) {
		switch (below(4)) {
		case 0: return 0;
		case 1: return below(256);
		case 2: return (uint32_t)rnd() & ~0xffu; /* a 256-byte aligned address >> 8 */
		default: return (uint32_t)rnd();
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
			x = below(4) ? below(64) : (uint32_t)rnd();
		else
			x = (uint32_t)rnd();
		v |= (x & mask) << f->lo;
	}
	return v;
}

static void set_regs(struct gen *g, unsigned op, const struct regset *s, unsigned space, unsigned maxn,
		     unsigned compute)
{
	size_t i = below((uint32_t)s->n);
	unsigned n = 1 + below(s->run[i] < maxn ? s->run[i] : maxn);
	uint32_t *p = put(g, 2 + n);
	p[0] = hdr3(op, 2 + n, compute);
	p[1] = (s->r[i]->offset - g->sp[space].start) / 4;
	for (unsigned k = 0; k < n; k++)
		p[2 + k] = reg_value(s->r[i + k]);
}

static void set_named(struct gen *g, unsigned op, unsigned space, const struct gk_reg *const *r, unsigned n,
		      unsigned compute)
{
	/* r[] are consecutive registers */
	uint32_t *p = put(g, 2 + n);
	p[0] = hdr3(op, 2 + n, compute);
	p[1] = (r[0]->offset - g->sp[space].start) / 4;
	for (unsigned k = 0; k < n; k++)
		p[2 + k] = k == 0 && n == 1 ? 64 : reg_value(r[k]);
}

static void set_resource(struct gen *g)
{
	/* 8 dwords per resource on Evergreen; 0x30000..0x38000 holds 1024 */
	unsigned n = 1 + below(below(4) ? 1 : 4);
	unsigned idx = below(1024 - n);
	uint32_t *p = put(g, 2 + 8 * n);
	p[0] = hdr3(OP_SET_RESOURCE, 2 + 8 * n, 0);
	p[1] = idx * 8;
	for (unsigned k = 0; k < n; k++) {
		uint32_t *q = p + 2 + 8 * k;
		int tex = below(2);
		q[0] = tex ? (uint32_t)rnd() & 0xfffffff0u : (uint32_t)rnd() & ~0xffu; /* base */
		q[1] = tex ? (uint32_t)rnd() : (below(64) << 8) | 0x80000000u;
		q[2] = (uint32_t)rnd() & 0x3ffff;
		q[3] = tex ? (uint32_t)rnd() & ~0xffu : 0x000688u;
		q[4] = tex ? (uint32_t)rnd() & 0x00ffffffu : 0;
		q[5] = tex ? below(16) : 0;
		q[6] = tex ? 0 : 0;
		q[7] = tex ? 0x80000000u : 0xc0000000u; /* TYPE: texture / buffer */
	}
}

static void set_sampler(struct gen *g)
{
	/* 3 dwords per sampler; 0x3C000..0x3C600 holds 128 */
	unsigned n = 1 + below(2);
	unsigned idx = below(128 - n);
	uint32_t *p = put(g, 2 + 3 * n);
	p[0] = hdr3(OP_SET_SAMPLER, 2 + 3 * n, 0);
	p[1] = idx * 3;
	for (unsigned k = 0; k < n; k++) {
		p[2 + 3 * k] = (uint32_t)rnd() & 0x7fffffu;
		p[3 + 3 * k] = (uint32_t)rnd() & 0x00ffffffu;
		p[4 + 3 * k] = below(2) ? 0 : (uint32_t)rnd() & 0x3ff;
	}
}

static void set_loop_const(struct gen *g)
{
	/* 0x3A200..0x3A500: 192 loop constants */
	unsigned n = 1 + below(2);
	uint32_t *p = put(g, 2 + n);
	p[0] = hdr3(OP_SET_LOOP_CONST, 2 + n, 0);
	p[1] = below(192 - n);
	for (unsigned k = 0; k < n; k++)
		p[2 + k] = (below(256) << 16) | (below(4) << 8) | (1 + below(255));
}

static void set_ctl_const(struct gen *g)
{
	/* SQ_VTX_BASE_VTX_LOC, SQ_VTX_START_INST_LOC at 0x3CFF0 */
	unsigned n = 1 + below(2);
	uint32_t *p = put(g, 2 + n);
	p[0] = hdr3(OP_SET_CTL_CONST, 2 + n, 0);
	p[1] = 0;
	for (unsigned k = 0; k < n; k++)
		p[2 + k] = below(4) ? 0 : below(100000);
}

static void draw(struct gen *g)
{
	uint32_t *p = put(g, 2);
	p[0] = hdr3(OP_INDEX_TYPE, 2, 0);
	p[1] = below(2); /* INDEX_16 / INDEX_32, no swap */
	p = put(g, 2);
	p[0] = hdr3(OP_NUM_INSTANCES, 2, 0);
	p[1] = below(8) ? 1 : 1 + below(1000);
	if (below(3)) {
		p = put(g, 6);
		p[0] = hdr3(OP_DRAW_INDEX_2, 6, 0);
		p[1] = 1 + below(1 << 20);                  /* MAX_SIZE */
		p[2] = (uint32_t)rnd() & ~1u;                /* INDEX_BASE lo, word aligned */
		p[3] = below(256);                           /* INDEX_BASE hi (bits 39:32) */
		p[4] = 3 + below(65536);                     /* INDEX_COUNT */
		p[5] = 0;                                    /* DI_SRC_SEL_DMA */
	} else {
		p = put(g, 3);
		p[0] = hdr3(OP_DRAW_INDEX_AUTO, 3, 0);
		p[1] = 3 + below(65536);
		p[2] = 2;                                    /* DI_SRC_SEL_AUTO_INDEX */
	}
}

static void surface_sync(struct gen *g)
{
	/* named COHER_CNTL bits (evergreend.h *_ACTION_ENA / *_DEST_BASE_ENA) */
	static const uint32_t choices[] = {
		(1u << 23) | (1u << 24) | (1u << 27), /* TC|VC|SH */
		(1u << 25) | (1u << 6),               /* CB|CB0_DEST_BASE */
		(1u << 26) | (1u << 14),              /* DB|DB_DEST_BASE */
		(1u << 23) | (1u << 27),              /* TC|SH */
		(1u << 28),                           /* SX */
	};
	uint32_t *p = put(g, 5);
	p[0] = hdr3(OP_SURFACE_SYNC, 5, 0);
	p[1] = (below(2) ? 1u << 31 : 0) | choices[below(sizeof choices / sizeof choices[0])];
	p[2] = below(2) ? 0xffffffffu : (uint32_t)rnd();
	p[3] = below(2) ? 0 : (uint32_t)rnd();
	p[4] = 10;
}

static void event_write(struct gen *g)
{
	static const uint8_t partial[] = { 0x10, 0x0f, 0x07 }; /* PS_, VS_, CS_PARTIAL_FLUSH */
	unsigned c = below(8);
	if (c == 0) {
		/* ZPASS_DONE with a QWORD-aligned address */
		uint32_t *p = put(g, 4);
		p[0] = hdr3(OP_EVENT_WRITE, 4, 0);
		p[1] = 0x15 | 1u << 8;
		p[2] = (uint32_t)rnd() & ~7u;
		p[3] = below(256);
		return;
	}
	uint32_t *p = put(g, 2);
	p[0] = hdr3(OP_EVENT_WRITE, 2, 0);
	if (c == 1)
		p[1] = 0x16; /* CACHE_FLUSH_AND_INV_EVENT, index 0 */
	else
		p[1] = partial[below(3)] | 4u << 8;
}

static void fence(struct gen *g)
{
	unsigned data_sel = 1 + below(2); /* 32-bit low / 64-bit */
	uint32_t *p = put(g, 6);
	p[0] = hdr3(OP_EVENT_WRITE_EOP, 6, 0);
	p[1] = 0x14 | 5u << 8; /* CACHE_FLUSH_AND_INV_TS_EVENT, TS */
	p[2] = (uint32_t)rnd() & (data_sel == 2 ? ~7u : ~3u);
	p[3] = below(256) | (below(2) ? 2u << 24 : 0) | data_sel << 29;
	p[4] = (uint32_t)rnd();
	p[5] = data_sel == 2 ? (uint32_t)rnd() : 0;
}

static void nop(struct gen *g)
{
	if (below(2)) {
		uint32_t *p = put(g, 1);
		p[0] = 0x80000000u; /* PACKET2 filler */
		return;
	}
	unsigned n = 1 + below(6);
	uint32_t *p = put(g, 1 + n);
	p[0] = hdr3(OP_NOP, 1 + n, 0);
	for (unsigned k = 0; k < n; k++)
		p[1 + k] = below(2) ? 0 : (uint32_t)rnd();
}

static void dispatch(struct gen *g)
{
	event_write(g);
	for (unsigned i = 0; i < g->ncompute_cfg; i++)
		set_named(g, OP_SET_CONFIG_REG, GK_PM4_SPACE_CONFIG, &g->compute_cfg[i], 1, 1);
	if (g->ncompute_ctx)
		set_named(g, OP_SET_CONTEXT_REG, GK_PM4_SPACE_CONTEXT, g->compute_ctx, g->ncompute_ctx, 1);
	for (unsigned i = 0; i < 3; i++)
		set_regs(g, OP_SET_CONTEXT_REG, &g->ctx, GK_PM4_SPACE_CONTEXT, 4, 1);
	uint32_t *p = put(g, 5);
	p[0] = hdr3(OP_DISPATCH_DIRECT, 5, 1);
	p[1] = 1 + below(256);
	p[2] = 1 + below(16);
	p[3] = 1;
	p[4] = 1; /* COMPUTE_SHADER_EN */
	fence(g);
}

/* One "draw call" worth of packets, like a driver's state emission. */
static void emit_batch(struct gen *g)
{
	unsigned nctx = 2 + below(10);
	for (unsigned i = 0; i < nctx; i++)
		set_regs(g, OP_SET_CONTEXT_REG, &g->ctx, GK_PM4_SPACE_CONTEXT, 16, 0);
	if (!below(4))
		set_regs(g, OP_SET_CONFIG_REG, &g->cfg, GK_PM4_SPACE_CONFIG, 4, 0);
	for (unsigned i = below(3); i; i--)
		set_resource(g);
	for (unsigned i = below(2); i; i--)
		set_sampler(g);
	if (!below(8))
		set_loop_const(g);
	if (!below(2))
		set_ctl_const(g);
	draw(g);
	if (!below(6))
		surface_sync(g);
	if (!below(5))
		event_write(g);
	if (!below(40))
		fence(g);
	if (!below(30))
		nop(g);
	if (!below(50))
		dispatch(g);
}

static void gen_init(struct gen *g, size_t cap)
{
	memset(g, 0, sizeof *g);
	g->w = xmalloc(cap * sizeof *g->w);
	g->cap = cap;
	g->sp = gk_pm4_spaces_evergreen;
	const struct gk_reg_table *t = &gk_pm4_regs_evergreen;
	regset_build(&g->ctx, t, g->sp[GK_PM4_SPACE_CONTEXT].start, g->sp[GK_PM4_SPACE_CONTEXT].end);
	regset_build(&g->cfg, t, g->sp[GK_PM4_SPACE_CONFIG].start, g->sp[GK_PM4_SPACE_CONFIG].end);
	if (!g->ctx.n || !g->cfg.n) {
		fprintf(stderr, "bench: no context/config registers in the evergreen table\n");
		exit(2);
	}
	/* the compute set-up of examples/evergreen_compute.s */
	static const char *const cfg[] = { "SQ_LSTMP_RING_BASE", "VGT_NUM_INDICES", "VGT_COMPUTE_START_X",
					   "VGT_COMPUTE_THREAD_GROUP_SIZE" };
	static const char *const ctx[] = { "SPI_COMPUTE_NUM_THREAD_X", "SPI_COMPUTE_NUM_THREAD_Y",
					   "SPI_COMPUTE_NUM_THREAD_Z" };
	for (size_t i = 0; i < sizeof cfg / sizeof cfg[0]; i++) {
		const struct gk_reg *r = gk_reg_by_name(t, cfg[i], strlen(cfg[i]));
		if (r && r->offset >= g->sp[GK_PM4_SPACE_CONFIG].start && r->offset < g->sp[GK_PM4_SPACE_CONFIG].end)
			g->compute_cfg[g->ncompute_cfg++] = r;
	}
	for (size_t i = 0; i < sizeof ctx / sizeof ctx[0]; i++) {
		const struct gk_reg *r = gk_reg_by_name(t, ctx[i], strlen(ctx[i]));
		if (!r || (g->ncompute_ctx && r->offset != g->compute_ctx[g->ncompute_ctx - 1]->offset + 4))
			break;
		g->compute_ctx[g->ncompute_ctx++] = r;
	}
}

static void gen_free(struct gen *g)
{
	regset_free(&g->ctx);
	regset_free(&g->cfg);
	free(g->w);
}

/* ---- I/O glue ---- */

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

static long read_file(void *ctx, void *buf, size_t cap)
{
	FILE *f = ctx;
	size_t n = fread(buf, 1, cap, f);
	if (n == 0 && ferror(f))
		return -1;
	return (long)n;
}

struct membuf {
	char *p;
	size_t len, cap;
};

static int write_mem(void *ctx, const void *p, size_t n)
{
	struct membuf *m = ctx;
	if (m->len + n > m->cap) {
		size_t cap = m->cap ? m->cap : 1 << 20;
		while (cap < m->len + n)
			cap *= 2;
		char *q = realloc(m->p, cap);
		if (!q)
			return -1;
		m->p = q;
		m->cap = cap;
	}
	memcpy(m->p + m->len, p, n);
	m->len += n;
	return 0;
}

/* ---- the measured loops ---- */

enum mode { M_CHECK, M_TEXT, M_JSON };

struct result {
	unsigned long long packets, errors, warnings, out_bytes;
	int failed;
};

static void show_diags(const struct gk_diags *dg, unsigned *shown)
{
	char buf[320];
	for (unsigned i = 0; i < dg->n && *shown < 5; i++, (*shown)++) {
		gk_diag_format(&dg->d[i], buf, sizeof buf);
		fprintf(stderr, "bench: 0x%llx: %s\n", (unsigned long long)dg->d[i].offset, buf);
	}
}

static char obuf[1 << 16];

/* What every mode does with one packet: check it, then print it or not. */
static void one_packet(const struct gk_format *fmt, struct gk_check_state *cs, const struct gk_packet *pkt,
		       enum mode m, struct gk_out *out, struct result *r, unsigned *shown)
{
	struct gk_diags dg;
	gk_diags_reset(&dg);
	gk_check_packet(fmt, cs, pkt, &dg);
	r->errors += dg.errors;
	r->warnings += dg.warnings;
	if (dg.n)
		show_diags(&dg, shown);
	if (m == M_TEXT) {
		gk_text_packet(fmt, pkt, false, out);
		gk_text_diags(&dg, out);
	} else if (m == M_JSON) {
		gk_json_packet(fmt, pkt, &dg, out);
	}
}

static struct result run_memory(const struct gk_format *fmt, const uint32_t *w, size_t n, enum mode m, FILE *sink)
{
	struct result r = { 0, 0, 0, 0, 0 };
	struct sink sk = { sink, 0 };
	struct gk_out out = { obuf, 0, sizeof obuf, sink ? write_sink : 0, &sk, 0 };
	struct gk_check_state cs;
	struct gk_diags dg;
	unsigned shown = 0;
	gk_check_init(&cs);
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

static struct result run_file(const struct gk_format *fmt, const char *path, enum mode m, FILE *sink)
{
	struct result r = { 0, 0, 0, 0, 0 };
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "bench: %s: %s\n", path, strerror(errno));
		r.failed = 1;
		return r;
	}
	struct gk_input *in = xmalloc(sizeof *in);
	gk_input_init(in, read_file, f, GK_IN_BIN);
	struct sink sk = { sink, 0 };
	struct gk_out out = { obuf, 0, sizeof obuf, sink ? write_sink : 0, &sk, 0 };
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
	if (in->failed) {
		fprintf(stderr, "bench: %s: input error: %s\n", path, in->error.message);
		r.failed = 1;
	}
	r.failed |= out.failed;
	free(in);
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
		fprintf(stderr, "bench: asm line %u col %u: %s%s%s\n", d->line, d->col, d->packet ? d->packet : "",
			d->packet ? ": " : "", d->message);
	return 0;
}

static unsigned run_asm(const struct gk_format *fmt, void *st, const char *text, size_t len, struct words *o)
{
	struct gk_asm a;
	o->n = 0;
	o->overflow = 0;
	gk_asm_init(&a, fmt, st, emit_words, o, asm_diag, 0);
	const char *p = text, *e = text + len;
	while (p < e) {
		const char *nl = memchr(p, '\n', (size_t)(e - p));
		size_t l = nl ? (size_t)(nl - p) : (size_t)(e - p);
		gk_asm_line(&a, p, l);
		p += l + 1;
	}
	gk_asm_finish(&a);
	return a.errors;
}

/* ---- main ---- */

static bool selected(const char *mode)
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

struct row {
	const char *name;
	double best;          /* seconds */
	double in_mb;         /* input MB per run */
	double out_mb;        /* output MB per run */
};

static void print_row(const struct row *r)
{
	printf("  %-34s %9.1f MB/s  %8.1f MB in  %8.1f MB out  %7.3f s\n", r->name, r->in_mb / r->best, r->in_mb,
	       r->out_mb, r->best);
}

int main(void)
{
	double mb = 200;
	const char *env = getenv("GFXKIT_BENCH_MB");
	if (env && *env) {
		char *endp;
		double v = strtod(env, &endp);
		if (*endp || !(v > 0) || v > 1e6) {
			fprintf(stderr, "bench: GFXKIT_BENCH_MB must be a positive number of MB, not '%s'\n", env);
			return 2;
		}
		mb = v;
	}
	size_t target = (size_t)(mb * 1e6);
	int bad = 0;

	struct gk_format *fmt = xmalloc(sizeof *fmt);
	if (gk_pm4_format_init(fmt, "evergreen") != 0) {
		fprintf(stderr, "bench: no evergreen format\n");
		return 2;
	}
	FILE *devnull = fopen("/dev/null", "w");
	if (!devnull) {
		fprintf(stderr, "bench: /dev/null: %s\n", strerror(errno));
		return 2;
	}

	/* 1. generate the stream into a temporary file, 1 MB at a time */
	char path[] = "/tmp/gfxkit-bench-XXXXXX";
	int fd = mkstemp(path);
	FILE *tf = fd >= 0 ? fdopen(fd, "w+b") : 0;
	if (!tf) {
		fprintf(stderr, "bench: temporary file: %s\n", strerror(errno));
		return 2;
	}
	rng_state = SEED;
	struct gen g;
	gen_init(&g, (1u << 20) / 4 + 8192);
	size_t total = 0;
	unsigned long long packets = 0;
	double t0 = now();
	while (total < target) {
		g.n = 0;
		g.packets = 0;
		while (g.n * 4 < (1u << 20) - 4096 && total + g.n * 4 < target)
			emit_batch(&g);
		unsigned char *b = xmalloc(g.n * 4);
		for (size_t i = 0; i < g.n; i++) {
			b[4 * i] = (unsigned char)g.w[i];
			b[4 * i + 1] = (unsigned char)(g.w[i] >> 8);
			b[4 * i + 2] = (unsigned char)(g.w[i] >> 16);
			b[4 * i + 3] = (unsigned char)(g.w[i] >> 24);
		}
		if (fwrite(b, 4, g.n, tf) != g.n) {
			fprintf(stderr, "bench: %s: write error\n", path);
			return 2;
		}
		free(b);
		total += g.n * 4;
		packets += g.packets;
	}
	if (fflush(tf) != 0) {
		fprintf(stderr, "bench: %s: write error\n", path);
		return 2;
	}
	double tgen = now() - t0;
	gen_free(&g);
	double in_mb = (double)total / 1e6;
	printf("gfxkit bench: evergreen, %.1f MB stream, %llu packets (%.1f dwords/packet), seed 0x%llx, "
	       "generated in %.2f s\n",
	       in_mb, packets, (double)total / 4 / (double)packets, (unsigned long long)SEED, tgen);
	printf("  (MB = 10^6 bytes of PM4 input; best of %d runs; single thread)\n", RUNS);

	struct row rows[8];
	unsigned nrows = 0;

	/* 2. streaming reader over the file (bounded memory) */
	static const struct {
		const char *name;
		enum mode m;
	} file_modes[] = { { "check   (file, gk_input)", M_CHECK }, { "text    (file, gk_input, /dev/null)", M_TEXT } };
	for (size_t k = 0; k < sizeof file_modes / sizeof file_modes[0] && selected("file"); k++) {
		struct row r = { file_modes[k].name, 1e30, in_mb, 0 };
		for (int run = 0; run < RUNS; run++) {
			double s = now();
			struct result res = run_file(fmt, path, file_modes[k].m, file_modes[k].m == M_CHECK ? 0 : devnull);
			double t = now() - s;
			if (t < r.best)
				r.best = t;
			r.out_mb = (double)res.out_bytes / 1e6;
			if (res.failed || res.errors || res.warnings || res.packets != packets) {
				if (run == 0)
					fprintf(stderr, "bench: %s: %llu packets (want %llu), %llu errors, %llu warnings%s\n",
						r.name, res.packets, packets, res.errors, res.warnings,
						res.failed ? ", I/O failure" : "");
				bad = 1;
			}
		}
		rows[nrows++] = r;
	}
	double rss_stream = peak_rss_mb();

	/* 3. the whole stream in memory */
	size_t nw = total / 4;
	uint32_t *w = xmalloc(total);
	{
		rewind(tf);
		unsigned char *b = xmalloc(1 << 20);
		size_t got = 0;
		while (got < nw) {
			size_t want = nw - got < (1u << 18) ? nw - got : (1u << 18);
			if (fread(b, 4, want, tf) != want) {
				fprintf(stderr, "bench: %s: short read\n", path);
				return 2;
			}
			for (size_t i = 0; i < want; i++)
				w[got + i] = (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8 | (uint32_t)b[4 * i + 2] << 16 |
					     (uint32_t)b[4 * i + 3] << 24;
			got += want;
		}
		free(b);
	}
	fclose(tf);
	if (getenv("GFXKIT_BENCH_KEEP"))
		fprintf(stderr, "bench: kept %s\n", path);
	else
		unlink(path);

	unsigned long long errors = 0, warnings = 0;
	static const struct {
		const char *name, *key;
		enum mode m;
	} mem_modes[] = { { "check   (memory)", "check", M_CHECK },
			  { "text    (memory, /dev/null)", "text", M_TEXT },
			  { "json    (memory, /dev/null)", "json", M_JSON } };
	double check_mbs = 0, text_mbs = 0;
	for (size_t k = 0; k < sizeof mem_modes / sizeof mem_modes[0]; k++) {
		if (!selected(mem_modes[k].key))
			continue;
		struct row r = { mem_modes[k].name, 1e30, in_mb, 0 };
		for (int run = 0; run < RUNS; run++) {
			double s = now();
			struct result res = run_memory(fmt, w, nw, mem_modes[k].m, mem_modes[k].m == M_CHECK ? 0 : devnull);
			double t = now() - s;
			if (t < r.best)
				r.best = t;
			r.out_mb = (double)res.out_bytes / 1e6;
			if (k == 0 && run == 0) {
				errors = res.errors;
				warnings = res.warnings;
			}
			if (res.failed || res.errors || res.warnings || res.packets != packets) {
				if (run == 0)
					fprintf(stderr, "bench: %s: %llu packets (want %llu), %llu errors, %llu warnings%s\n",
						r.name, res.packets, packets, res.errors, res.warnings,
						res.failed ? ", output failure" : "");
				bad = 1;
			}
		}
		if (mem_modes[k].m == M_CHECK)
			check_mbs = in_mb / r.best;
		if (mem_modes[k].m == M_TEXT)
			text_mbs = in_mb / r.best;
		rows[nrows++] = r;
	}

	/* 4. encode: the text of a ~20 MB slice back to words */
	bool do_enc = selected("encode");
	size_t slice = 0;
	struct membuf text = { 0, 0, 0 };
	if (do_enc) {
		size_t want = ENCODE_SLICE / 4 < nw ? ENCODE_SLICE / 4 : nw;
		struct gk_out out = { obuf, 0, sizeof obuf, write_mem, &text, 0 };
		while (slice < want) {
			struct gk_packet pkt;
			gk_packet_frame(fmt, w + slice, nw - slice, 4ull * slice, &pkt);
			gk_text_packet(fmt, &pkt, false, &out);
			slice += pkt.ndw;
		}
		gk_out_flush(&out);
		if (out.failed) {
			fprintf(stderr, "bench: out of memory for the encode text\n");
			return 2;
		}
	}
	void *st = xmalloc(gk_asm_state_size());
	struct words back = { xmalloc(slice * 4 + 4096 * 4), 0, slice + 4096, 0 };
	struct row enc = { "encode  (text -> words)", 1e30, (double)text.len / 1e6, (double)slice * 4 / 1e6 };
	unsigned asm_errors = 0;
	int same = 1;
	for (int run = 0; run < (do_enc ? RUNS : 0); run++) {
		double s = now();
		asm_errors = run_asm(fmt, st, text.p, text.len, &back);
		double t = now() - s;
		if (t < enc.best)
			enc.best = t;
		if (back.overflow || back.n != slice || memcmp(back.w, w, slice * 4) != 0)
			same = 0;
	}
	if (!same) {
		size_t i = 0;
		while (i < back.n && i < slice && back.w[i] == w[i])
			i++;
		fprintf(stderr, "bench: encode round trip differs: %zu words back, %zu expected, first difference at "
			"dword %zu (byte 0x%zx)\n", back.n, slice, i, 4 * i);
		bad = 1;
	}
	if (asm_errors)
		bad = 1;

	double rss_all = peak_rss_mb();

	printf("\n  %-34s %14s  %11s  %12s  %9s\n", "mode", "throughput", "input", "output", "best");
	for (unsigned i = 0; i < nrows; i++)
		print_row(&rows[i]);
	if (do_enc) {
		printf("  %-34s %9.1f MB/s  %8.1f MB in  %8.1f MB out  %7.3f s   (text MB/s)\n", enc.name,
		       enc.in_mb / enc.best, enc.in_mb, enc.out_mb, enc.best);
		printf("  %-34s %9.1f MB/s of words  (round trip %s, %u assembler errors)\n", "", enc.out_mb / enc.best,
		       same ? "identical" : "DIFFERS", asm_errors);
	}
	printf("\n  checker over the stream: %llu errors, %llu warnings\n", errors, warnings);
	printf("  peak RSS: %.1f MB after the streaming (gk_input) runs; %.1f MB overall "
	       "(includes the %.1f MB in-memory copy and %.1f MB of encode text)\n",
	       rss_stream, rss_all, (double)total / 1e6, (double)text.len / 1e6);
	printf("  targets: check >= %.0f MB/s: %s (%.0f); text decode >= %.0f MB/s: %s (%.0f)\n", TARGET_CHECK,
	       !check_mbs ? "not run" : check_mbs >= TARGET_CHECK ? "met" : "MISSED", check_mbs, TARGET_TEXT,
	       !text_mbs ? "not run" : text_mbs >= TARGET_TEXT ? "met" : "MISSED", text_mbs);
	if (bad)
		printf("  FAILED: the generated stream did not check clean or did not round-trip (see stderr)\n");

	free(st);
	free(back.w);
	free(text.p);
	free(w);
	free(fmt);
	fclose(devnull);
	return bad ? 1 : 0;
}
