/* gfxkit throughput benchmark (`make bench`).
 *
 * Generates, deterministically (fixed seed), a stream of realistic Evergreen
 * PM4 packets -- the mix a driver's command buffers have: SET_CONTEXT_REG
 * runs over real context registers, SET_CONFIG_REG, SET_RESOURCE,
 * SET_SAMPLER, SET_LOOP_CONST, SET_CTL_CONST, draws, SURFACE_SYNC,
 * EVENT_WRITE flushes, EVENT_WRITE_EOP fences, NOP / PACKET2 padding and
 * compute dispatches -- and measures single-threaded throughput (best of 3)
 * of check, text decode, JSON decode, the streaming gk_input reader over a
 * file, and the assembler.  Every timed run is followed by /usr/bin/cksum
 * over the same bytes (the stream file), and each row prints the median of
 * the per-run ratios gfxkit time / cksum time: the machine is shared and
 * noisy, and the ratio holds when both drift together.
 *
 * The same figures for GFX9 and GFX11 streams (emit_batch_gcn): the packets
 * Mesa's radeonsi emits there -- SET_CONTEXT_REG and SET_SH_REG runs over the
 * generation's real registers (GFX11: half of them as
 * SET_CONTEXT_REG_PAIRS_PACKED / SET_SH_REG_PAIRS_PACKED), SET_UCONFIG_REG
 * VGT_PRIMITIVE_TYPE, VGT_INDEX_TYPE (SET_UCONFIG_REG_INDEX on GFX9,
 * INDEX_TYPE after), NUM_INSTANCES, DRAW_INDEX_2 / DRAW_INDEX_AUTO,
 * EVENT_WRITE partial flushes, ACQUIRE_MEM and PFP_SYNC_ME, RELEASE_MEM
 * fences, compute set-up and DISPATCH_DIRECT, NOPs and the one-dword
 * 0xffff1000 pad to 8 dwords.  GFXKIT_BENCH_PM4 (default
 * evergreen,gfx9,gfx11) picks the PM4 generations, each in its own process.
 * Size: env
 * GFXKIT_BENCH_MB (default 200, MB = 10^6 bytes); GFXKIT_BENCH_ONLY=
 * check,text,json,file,encode,cli runs only those measurements (for
 * profiling); GFXKIT_BENCH_KEEP=1 keeps the generated stream files (and the
 * DMA --bo lists) in the /tmp/gfxkit-bench-* directory it names.  Exit
 * status 1 only when a generated stream does not check clean, the
 * assembler does not give the words back or the command-line tool fails on
 * a stream; missed targets are reported, not fatal.
 *
 * Then the same for DMA (`-e dma`), per generation in its own process (so
 * each peak RSS is its own): a stream of the packets the radeon kernel and
 * Mesa put on the async-DMA / SDMA ring (see "DMA / SDMA" below), the same
 * size, measured for check, check with --bo buffers (gk_check_set_buffers
 * with buffers that cover every address of the stream), text and JSON decode
 * and the assembler (decode -> encode must give the words back).
 * GFXKIT_BENCH_DMA=cayman,si,cik (the default; evergreen also works) picks
 * the generations; GFXKIT_BENCH_ONLY keys dma (all of them), dma-check,
 * dma-bo, dma-text, dma-json, dma-encode.
 *
 * "cli": the command-line tool (argv[1], default build/gfxkit) over a
 * quarter of each stream and the whole of it, its peak RSS from wait4: it
 * streams, so that must stay a few MB and not grow with the input.
 *
 * Each figure with a target ends in a "  target: " line; make bench
 * collects those of every bench program into one block at the end. */
#define _DEFAULT_SOURCE /* wait4 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
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
#include "gfxkit/gfxkit.h"

#define SEED 0x9e3779b97f4a7c15ull
#define RUNS 3
/* the targets (MB = 10^6 bytes of input per second) */
#define TARGET_CHECK 1000.0       /* PM4 and DMA check */
#define TARGET_CKSUM_X 5.0        /* check time / cksum time over the same bytes */
#define TARGET_BO 500.0           /* DMA check with the --bo buffers */
#define TARGET_TEXT 250.0         /* text decode */
#define TARGET_JSON 100.0         /* JSON decode without text */
#define TARGET_RSS 8.0            /* CLI streaming check/decode peak RSS, MB (2^20 bytes) */
#define TARGET_RSS_GROWTH 1.25    /* its growth from a quarter of the stream to all of it */
#define ENCODE_SLICE (20u * 1000u * 1000u)

/* ---- helpers ---- */

static double peak_rss_mb(void)
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

#define CKSUM "/usr/bin/cksum"

extern char **environ;

/* Run argv with stdout and stderr to /dev/null and wait for it: wall
 * seconds, or -1 when it could not start.  *status gets its exit status
 * (128 + signal when killed), *rss_kb its own peak RSS from wait4 (KiB on
 * Linux).  posix_spawn, not fork: no copy of a large parent's page tables
 * in the timing.  The child's ru_maxrss also covers the spawning process's
 * high-water mark before exec, so RSS is only meaningful from a small
 * parent (main, see cli_rss). */
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
	char *argv[] = { (char *)CKSUM, (char *)path, 0 };
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
/* GFX6+ (amdgpu soc15d.h / nvd.h, Mesa sid.h) */
#define OP_ACQUIRE_MEM 0x58
#define OP_RELEASE_MEM 0x49
#define OP_PFP_SYNC_ME 0x42
#define OP_SET_SH_REG 0x76
#define OP_SET_UCONFIG_REG 0x79
#define OP_SET_UCONFIG_REG_INDEX 0x7A
#define OP_SET_CONTEXT_REG_PAIRS_PACKED 0xB9
#define OP_SET_SH_REG_PAIRS_PACKED 0xBB
#define NOP_PAD 0xffff1000u /* the one-dword NOP (COUNT 0x3FFF) Mesa and the kernel pad with */

struct regset {
	const struct gk_reg **r;
	unsigned *run;   /* consecutive table registers starting at r[i] (capped at 16) */
	size_t n;
};

struct gen {
	uint32_t *w;
	size_t n, cap;
	const struct gk_space *ctx_space, *cfg_space; /* SET_CONTEXT_REG / SET_CONFIG_REG offsets count from there */
	struct regset ctx, cfg;
	const struct gk_reg *compute_cfg[8], *compute_ctx[8];
	unsigned ncompute_cfg, ncompute_ctx;
	unsigned long long packets;
	/* GFX6+ streams (gfx: GK_PM4_GFX9, GK_PM4_GFX11, ...; 0 for R6xx-Cayman) */
	unsigned gfx;
	const struct gk_space *sh_space, *uc_space;
	struct regset sh_gfx, sh_cs;                       /* SPI_SHADER_* (0xB000..) and COMPUTE_* (0xB800..) */
	const struct gk_reg *prim_type, *index_type;       /* uconfig VGT_PRIMITIVE_TYPE, VGT_INDEX_TYPE */
	const struct gk_reg *cs_setup[4];                  /* COMPUTE_PGM_LO, _RSRC1, NUM_THREAD_X, USER_DATA_0 */
};

static void regset_build(struct regset *s, const struct gk_reg_table *t, uint32_t lo, uint32_t hi)
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

static void regset_free(struct regset *s)
{
	free(s->r);
	free(s->run);
}

/* The next n words of a generator's buffer w (*used of cap taken), for one
 * more packet; exit when it is full (who names the generator). */
static uint32_t *claim(uint32_t *w, size_t *used, size_t cap, unsigned long long *packets, size_t n, const char *who)
{
	if (*used + n > cap) {
		fprintf(stderr, "bench: %s buffer overflow\n", who);
		exit(2);
	}
	uint32_t *p = w + *used;
	*used += n;
	++*packets;
	return p;
}

static uint32_t *put(struct gen *g, size_t n)
{
	return claim(g->w, &g->n, g->cap, &g->packets, n, "generator");
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

static void set_regs(struct gen *g, unsigned op, const struct regset *s, const struct gk_space *space,
		     unsigned maxn, unsigned compute)
{
	size_t i = below((uint32_t)s->n);
	unsigned n = 1 + below(s->run[i] < maxn ? s->run[i] : maxn);
	uint32_t *p = put(g, 2 + n);
	p[0] = hdr3(op, 2 + n, compute);
	p[1] = (s->r[i]->offset - space->start) / 4;
	for (unsigned k = 0; k < n; k++)
		p[2 + k] = reg_value(s->r[i + k]);
}

static void set_named(struct gen *g, unsigned op, const struct gk_space *space, const struct gk_reg *const *r,
		      unsigned n, unsigned compute)
{
	/* r[] are consecutive registers */
	uint32_t *p = put(g, 2 + n);
	p[0] = hdr3(op, 2 + n, compute);
	p[1] = (r[0]->offset - space->start) / 4;
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

/* NUM_INSTANCES, then an indexed draw (INDEX_BASE's high dword hi) or an
 * auto-index one: the tail of a draw on every generation */
static void instances_and_draw(struct gen *g, uint32_t hi)
{
	uint32_t *p = put(g, 2);
	p[0] = hdr3(OP_NUM_INSTANCES, 2, 0);
	p[1] = below(8) ? 1 : 1 + below(1000);
	if (below(3)) {
		p = put(g, 6);
		p[0] = hdr3(OP_DRAW_INDEX_2, 6, 0);
		p[1] = 1 + below(1 << 20);     /* MAX_SIZE */
		p[2] = (uint32_t)rnd() & ~1u;  /* INDEX_BASE lo, word aligned */
		p[3] = hi;                     /* INDEX_BASE hi */
		p[4] = 3 + below(65536);       /* INDEX_COUNT */
		p[5] = 0;                      /* DI_SRC_SEL_DMA */
	} else {
		p = put(g, 3);
		p[0] = hdr3(OP_DRAW_INDEX_AUTO, 3, 0);
		p[1] = 3 + below(65536);
		p[2] = 2;                      /* DI_SRC_SEL_AUTO_INDEX */
	}
}

static void draw(struct gen *g)
{
	uint32_t *p = put(g, 2);
	p[0] = hdr3(OP_INDEX_TYPE, 2, 0);
	p[1] = below(2); /* INDEX_16 / INDEX_32, no swap */
	instances_and_draw(g, below(256)); /* INDEX_BASE hi: bits 39:32 */
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
		set_named(g, OP_SET_CONFIG_REG, g->cfg_space, &g->compute_cfg[i], 1, 1);
	if (g->ncompute_ctx)
		set_named(g, OP_SET_CONTEXT_REG, g->ctx_space, g->compute_ctx, g->ncompute_ctx, 1);
	for (unsigned i = 0; i < 3; i++)
		set_regs(g, OP_SET_CONTEXT_REG, &g->ctx, g->ctx_space, 4, 1);
	uint32_t *p = put(g, 5);
	p[0] = hdr3(OP_DISPATCH_DIRECT, 5, 1);
	p[1] = 1 + below(256);
	p[2] = 1 + below(16);
	p[3] = 1;
	p[4] = 1; /* COMPUTE_SHADER_EN */
	fence(g);
}

/* ---- GFX9 and GFX11: the packets Mesa's radeonsi emits on those
 * generations (si_emit_draw_packets, si_emit_dispatch_packets,
 * si_cp_release_mem, si_emit_cache_flush / gfx10_emit_cache_flush,
 * radeon_set_*_reg and GFX11's packed register pairs), with the IB padded to
 * 8 dwords by the one-dword NOP as its winsys pads */

/* SET_SH_REG over a run of consecutive SH registers of s */
static void set_sh(struct gen *g, const struct regset *s, unsigned maxn, unsigned compute)
{
	if (s->n)
		set_regs(g, OP_SET_SH_REG, s, g->sh_space, maxn, compute);
}

/* SET_*_REG_PAIRS_PACKED (GFX11+): REG_COUNT registers as (offset0 |
 * offset1 << 16, value0, value1) triples, offsets in dwords from the space */
static void set_pairs_packed(struct gen *g, unsigned op, const struct regset *s, const struct gk_space *space,
			     unsigned compute)
{
	unsigned groups = 1 + below(7);
	uint32_t *p = put(g, 2 + 3 * groups);
	p[0] = hdr3(op, 2 + 3 * groups, compute);
	p[1] = 2 * groups;
	for (unsigned k = 0; k < groups; k++) {
		const struct gk_reg *a = s->r[below((uint32_t)s->n)], *b = s->r[below((uint32_t)s->n)];
		p[2 + 3 * k] = (a->offset - space->start) / 4 | (b->offset - space->start) / 4 << 16;
		p[3 + 3 * k] = reg_value(a);
		p[4 + 3 * k] = reg_value(b);
	}
}

/* one uconfig register by its (known present) entry */
static void set_uconfig(struct gen *g, unsigned op, const struct gk_reg *r, unsigned index, uint32_t value)
{
	uint32_t *p = put(g, 3);
	p[0] = hdr3(op, 3, 0);
	p[1] = (r->offset - g->uc_space->start) / 4 | index << 28;
	p[2] = value;
}

static void gcn_event_write(struct gen *g, unsigned compute)
{
	static const uint8_t partial[] = { 0x10, 0x0f, 0x07 }; /* PS_, VS_, CS_PARTIAL_FLUSH */
	uint32_t *p = put(g, 2);
	p[0] = hdr3(OP_EVENT_WRITE, 2, compute);
	p[1] = below(4) ? (uint32_t)(compute ? 0x07 : partial[below(3)]) | 4u << 8 : 0x16; /* or CACHE_FLUSH_AND_INV_EVENT */
}

/* ACQUIRE_MEM: GFX9 count 5 (COHER_CNTL action bits, whole range); GFX10+
 * count 6, the caches in GCR_CNTL */
static void gcn_acquire_mem(struct gen *g, unsigned compute)
{
	bool gfx10 = g->gfx >= GK_PM4_GFX10;
	size_t n = gfx10 ? 8 : 7;
	uint32_t *p = put(g, n);
	p[0] = hdr3(OP_ACQUIRE_MEM, n, compute);
	/* GFX9 TC/TCL1/SH_KCACHE/SH_ICACHE action bits (Mesa sid.h S_0301F0_*) */
	p[1] = gfx10 ? 0 : (below(2) ? 1u << 23 : 0) | 1u << 22 | 1u << 27 | (below(2) ? 1u << 29 : 0);
	p[2] = 0xffffffffu;
	p[3] = gfx10 && g->gfx >= GK_PM4_GFX11 ? 0x01ffffffu : 0x00ffffffu;
	p[4] = 0;
	p[5] = 0;
	p[6] = 10;
	if (gfx10)
		p[7] = (uint32_t)rnd() & 0x7ffffu; /* GCR_CNTL: GLI/GLK/GLV/GL1/GL2 invalidate and write-back bits */
}

/* RELEASE_MEM: an end-of-pipe fence; GFX9 EVENT_*_ACTION_ENA, GFX11 GCR_CNTL */
static void gcn_release_mem(struct gen *g, unsigned compute)
{
	unsigned data_sel = 1 + below(2); /* 32-bit low / 64-bit */
	uint32_t *p = put(g, 8);
	p[0] = hdr3(OP_RELEASE_MEM, 8, compute);
	p[1] = 0x14u | 5u << 8; /* CACHE_FLUSH_AND_INV_TS_EVENT, TS */
	if (g->gfx >= GK_PM4_GFX11)
		p[1] |= ((uint32_t)rnd() & 0x1fffu) << 12 | below(4) << 25; /* GCR_CNTL, CACHE_POLICY */
	else
		p[1] |= below(2) ? 1u << 15 | 1u << 19 : 1u << 12 | 1u << 13 | 1u << 21; /* TC_WB|TC_NC / TCL1_VOL|TC_VOL|TC_MD */
	p[2] = data_sel << 29 | (below(2) ? 2u << 24 : 0); /* SEND_INT_ON_CONFIRM or none */
	p[3] = (uint32_t)rnd() & ~7u;
	p[4] = below(2) ? 0xffff8000u | below(256) : below(65536);
	p[5] = (uint32_t)rnd();
	p[6] = data_sel == 2 ? (uint32_t)rnd() : 0;
	p[7] = 0;
}

static void gcn_draw(struct gen *g)
{
	if (g->prim_type)
		set_uconfig(g, OP_SET_UCONFIG_REG, g->prim_type, 0, below(4) ? 4 : 1 + below(20)); /* TRILIST, others */
	uint32_t index = below(2);
	if (g->gfx < GK_PM4_GFX10 && g->index_type) {
		/* GFX9: VGT_INDEX_TYPE through SET_UCONFIG_REG_INDEX, index 1 (Mesa) */
		set_uconfig(g, OP_SET_UCONFIG_REG_INDEX, g->index_type, 1, index);
	} else {
		uint32_t *p = put(g, 2);
		p[0] = hdr3(OP_INDEX_TYPE, 2, 0);
		p[1] = index;
	}
	instances_and_draw(g, below(2) ? 0xffff8000u : below(65536)); /* a 64-bit INDEX_BASE */
}

static void gcn_dispatch(struct gen *g)
{
	gcn_event_write(g, 1);
	if (!below(4))
		gcn_acquire_mem(g, 1);
	static const unsigned runs[4] = { 2, 2, 3, 4 }; /* PGM_LO/HI, RSRC1/2, NUM_THREAD_X/Y/Z, USER_DATA_0..3 */
	for (unsigned i = 0; i < 4; i++) {
		const struct gk_reg *r = g->cs_setup[i];
		if (!r)
			continue;
		uint32_t *p = put(g, 2 + runs[i]);
		p[0] = hdr3(OP_SET_SH_REG, 2 + runs[i], 1);
		p[1] = (r->offset - g->sh_space->start) / 4;
		for (unsigned k = 0; k < runs[i]; k++)
			p[2 + k] = i == 2 ? 1 + below(1024) : (uint32_t)rnd();
	}
	if (g->gfx >= GK_PM4_GFX11 && !below(2))
		set_pairs_packed(g, OP_SET_SH_REG_PAIRS_PACKED, &g->sh_cs, g->sh_space, 1);
	else
		set_sh(g, &g->sh_cs, 4, 1);
	uint32_t *p = put(g, 5);
	p[0] = hdr3(OP_DISPATCH_DIRECT, 5, 1);
	p[1] = 1 + below(256);
	p[2] = 1 + below(16);
	p[3] = 1;
	/* COMPUTE_SHADER_EN | FORCE_START_AT_000 | ORDER_MODE, and CS_W32_EN from GFX10 */
	p[4] = 0xdu | (g->gfx >= GK_PM4_GFX10 && below(2) ? 1u << 15 : 0);
	gcn_release_mem(g, 1);
}

/* One draw worth of GFX9 / GFX11 packets. */
static void emit_batch_gcn(struct gen *g)
{
	bool gfx11 = g->gfx >= GK_PM4_GFX11;
	unsigned nctx = 2 + below(10);
	for (unsigned i = 0; i < nctx; i++) {
		if (gfx11 && below(2))
			set_pairs_packed(g, OP_SET_CONTEXT_REG_PAIRS_PACKED, &g->ctx, g->ctx_space, 0);
		else
			set_regs(g, OP_SET_CONTEXT_REG, &g->ctx, g->ctx_space, 16, 0);
	}
	for (unsigned i = 1 + below(4); i; i--) {
		if (gfx11 && below(2))
			set_pairs_packed(g, OP_SET_SH_REG_PAIRS_PACKED, &g->sh_gfx, g->sh_space, 0);
		else
			set_sh(g, &g->sh_gfx, 8, 0);
	}
	gcn_draw(g);
	if (!below(6)) {
		gcn_event_write(g, 0);
		gcn_acquire_mem(g, 0);
		if (!below(2)) {
			uint32_t *p = put(g, 2);
			p[0] = hdr3(OP_PFP_SYNC_ME, 2, 0);
			p[1] = 0;
		}
	}
	if (!below(30))
		gcn_release_mem(g, 0);
	if (!below(30))
		nop(g);
	if (!below(40))
		gcn_dispatch(g);
	if (!below(20)) /* the end of an IB: padded to 8 dwords */
		while (g->n & 7) {
			uint32_t *p = put(g, 1);
			p[0] = NOP_PAD;
		}
}

/* One "draw call" worth of packets, like a driver's state emission. */
static void emit_batch(struct gen *g)
{
	unsigned nctx = 2 + below(10);
	for (unsigned i = 0; i < nctx; i++)
		set_regs(g, OP_SET_CONTEXT_REG, &g->ctx, g->ctx_space, 16, 0);
	if (!below(4))
		set_regs(g, OP_SET_CONFIG_REG, &g->cfg, g->cfg_space, 4, 0);
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

/* A register space of the format by its name (struct gk_space.name). */
static const struct gk_space *space_named(const struct gk_format *fmt, const char *name)
{
	for (unsigned i = 0; i < fmt->nspaces; i++)
		if (!strcmp(fmt->spaces[i].name, name))
			return &fmt->spaces[i];
	fprintf(stderr, "bench: no %s register space in the %s format\n", name, fmt->gen);
	exit(2);
}

/* The registers, and where each space starts, come from the format
 * gk_pm4_format_init filled (its regs and spaces). */
static void gen_init(struct gen *g, const struct gk_format *fmt, size_t cap)
{
	memset(g, 0, sizeof *g);
	g->w = xmalloc(cap * sizeof *g->w);
	g->cap = cap;
	g->ctx_space = space_named(fmt, "context");
	g->cfg_space = space_named(fmt, "config");
	const struct gk_reg_table *t = fmt->regs;
	if (!t) {
		fprintf(stderr, "bench: the %s format has no register table\n", fmt->gen);
		exit(2);
	}
	regset_build(&g->ctx, t, g->ctx_space->start, g->ctx_space->end);
	regset_build(&g->cfg, t, g->cfg_space->start, g->cfg_space->end);
	if (!g->ctx.n || !g->cfg.n) {
		fprintf(stderr, "bench: no context/config registers in the %s table\n", fmt->gen);
		exit(2);
	}
	if (fmt->gen_bit & GK_PM4_GCN) {
		g->gfx = fmt->gen_bit;
		g->sh_space = space_named(fmt, "sh");
		g->uc_space = space_named(fmt, "uconfig");
		regset_build(&g->sh_gfx, t, g->sh_space->start, 0xB800);
		regset_build(&g->sh_cs, t, 0xB800, g->sh_space->end);
		if (!g->sh_gfx.n || !g->sh_cs.n) {
			fprintf(stderr, "bench: no SH registers in the %s table\n", fmt->gen);
			exit(2);
		}
		static const char *const cs[4] = { "COMPUTE_PGM_LO", "COMPUTE_PGM_RSRC1", "COMPUTE_NUM_THREAD_X",
						   "COMPUTE_USER_DATA_0" };
		for (unsigned i = 0; i < 4; i++)
			g->cs_setup[i] = gk_reg_by_name(t, cs[i], strlen(cs[i]));
		g->prim_type = gk_reg_by_name(t, "VGT_PRIMITIVE_TYPE", 18);
		g->index_type = gk_reg_by_name(t, "VGT_INDEX_TYPE", 14);
		if (g->prim_type && g->prim_type->offset < g->uc_space->start)
			g->prim_type = 0; /* a config register before GFX7 */
		if (g->index_type && g->index_type->offset < g->uc_space->start)
			g->index_type = 0;
		return;
	}
	/* the compute set-up of examples/evergreen_compute.s */
	static const char *const cfg[] = { "SQ_LSTMP_RING_BASE", "VGT_NUM_INDICES", "VGT_COMPUTE_START_X",
					   "VGT_COMPUTE_THREAD_GROUP_SIZE" };
	static const char *const ctx[] = { "SPI_COMPUTE_NUM_THREAD_X", "SPI_COMPUTE_NUM_THREAD_Y",
					   "SPI_COMPUTE_NUM_THREAD_Z" };
	for (size_t i = 0; i < sizeof cfg / sizeof cfg[0]; i++) {
		const struct gk_reg *r = gk_reg_by_name(t, cfg[i], strlen(cfg[i]));
		if (r && r->offset >= g->cfg_space->start && r->offset < g->cfg_space->end)
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
	if (g->gfx) {
		regset_free(&g->sh_gfx);
		regset_free(&g->sh_cs);
	}
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

/* ---- the measured loops ---- */

enum mode { M_CHECK, M_TEXT, M_JSON };

struct result {
	unsigned long long packets, errors, warnings, out_bytes;
	int failed;
};

static bool quiet_diags; /* a run expected to find errors */

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
		gk_json_packet(fmt, pkt, &dg, 0, out);
	}
}

static struct result run_memory(const struct gk_format *fmt, const uint32_t *w, size_t n, enum mode m, FILE *sink,
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
static struct result run_file(const struct gk_format *fmt, const char *path, enum mode m, FILE *sink)
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
	double ck;            /* best cksum seconds over the same bytes */
	double ratio;         /* median over the runs of gfxkit time / the cksum time right after it */
	double pair[RUNS];
};

/* After run `run` of a row took t seconds: cksum over the same bytes. */
static void pair_cksum(struct row *r, int run, double t, const char *path)
{
	double c = cksum_time(path);
	if (c > 0 && (!(r->ck > 0) || c < r->ck))
		r->ck = c;
	r->pair[run] = c > 0 ? t / c : 0;
	if (run == RUNS - 1)
		r->ratio = median(r->pair, RUNS);
}

static double mbs(const struct row *r)
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
		printf("  (no %s)\n", CKSUM);
}

/* The encode figures: the text of the first ENCODE_SLICE bytes of a stream
 * (all of it when shorter), assembled back to words RUNS times. */
struct encode {
	bool ran;
	struct row row;    /* text MB in, words MB out, best time */
	size_t text_bytes;
	unsigned asm_errors;
	bool same;         /* every run gave the words back */
	bool ok;           /* same, and no assembler errors */
};

/* Measure encode over w[0..nw) when enabled; who starts the messages on
 * stderr ("dma cayman: ").  false when out of memory for the text. */
static bool measure_encode(const struct gk_format *fmt, const uint32_t *w, size_t nw, bool enabled, const char *who,
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
	for (int run = 0; run < RUNS; run++) {
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
static void print_table(const struct row *rows, unsigned nrows, const struct encode *e)
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

static void print_mix(const struct gk_format *fmt, const uint32_t *w, size_t nw);

/* The generator's seed for a format: SEED for evergreen (its stream as it
 * always was), mixed with the generation bit for GFX6+. */
static uint64_t rng_seed_of(const struct gk_format *fmt)
{
	return (fmt->gen_bit & GK_PM4_GCN) ? SEED ^ fmt->gen_bit : SEED;
}

/* The PM4 figures of one generation (evergreen: emit_batch; GFX6+:
 * emit_batch_gcn): returns 0, 1 when the stream did not check clean or
 * round-trip, 2 on a set-up failure. */
static int bench_pm4(const char *gpu, double mb, const char *dir)
{
	size_t target = (size_t)(mb * 1e6);
	int bad = 0;

	struct gk_format *fmt = xmalloc(sizeof *fmt);
	if (gk_pm4_format_init(fmt, gpu) != 0) {
		fprintf(stderr, "bench: no PM4 format for '%s'\n", gpu);
		return 2;
	}
	bool gcn = (fmt->gen_bit & GK_PM4_GCN) != 0;
	void (*batch)(struct gen *) = gcn ? emit_batch_gcn : emit_batch;
	FILE *devnull = fopen("/dev/null", "w");
	if (!devnull) {
		fprintf(stderr, "bench: /dev/null: %s\n", strerror(errno));
		return 2;
	}

	/* 1. generate the stream into a file, 1 MB at a time; its first quarter
	 * (whole packets) also into a second file, for the CLI's peak RSS at
	 * two sizes (main, cli_rss) */
	char path[512], qpath[512];
	snprintf(path, sizeof path, "%s/pm4-%s.bin", dir, gpu);
	snprintf(qpath, sizeof qpath, "%s/pm4-%s-quarter.bin", dir, gpu);
	FILE *tf = fopen(path, "w+b"), *qf = fopen(qpath, "wb");
	if (!tf || !qf) {
		fprintf(stderr, "bench: %s: %s\n", tf ? qpath : path, strerror(errno));
		return 2;
	}
	rng_state = rng_seed_of(fmt);
	struct gen g;
	gen_init(&g, fmt, (1u << 20) / 4 + 8192);
	size_t total = 0;
	unsigned long long packets = 0;
	double t0 = now();
	while (total < target) {
		g.n = 0;
		g.packets = 0;
		while (g.n * 4 < (1u << 20) - 4096 && total + g.n * 4 < target)
			batch(&g);
		unsigned char *b = xmalloc(g.n * 4);
		for (size_t i = 0; i < g.n; i++) {
			b[4 * i] = (unsigned char)g.w[i];
			b[4 * i + 1] = (unsigned char)(g.w[i] >> 8);
			b[4 * i + 2] = (unsigned char)(g.w[i] >> 16);
			b[4 * i + 3] = (unsigned char)(g.w[i] >> 24);
		}
		if (fwrite(b, 4, g.n, tf) != g.n || (total < target / 4 && fwrite(b, 4, g.n, qf) != g.n)) {
			fprintf(stderr, "bench: %s: write error\n", path);
			return 2;
		}
		free(b);
		total += g.n * 4;
		packets += g.packets;
	}
	if (fflush(tf) != 0 || fclose(qf) != 0) {
		fprintf(stderr, "bench: %s: write error\n", path);
		return 2;
	}
	double tgen = now() - t0;
	gen_free(&g);
	double in_mb = (double)total / 1e6;
	printf("\ngfxkit bench: %s, %.1f MB stream, %llu packets (%.1f dwords/packet), seed 0x%llx, "
	       "generated in %.2f s\n",
	       fmt->gen, in_mb, packets, (double)total / 4 / (double)packets, (unsigned long long)rng_seed_of(fmt), tgen);
	printf("  (MB = 10^6 bytes of PM4 input; best of %d runs; single thread)\n", RUNS);

	struct row rows[8];
	unsigned nrows = 0;

	/* 2. streaming reader over the file (bounded memory) */
	static const struct {
		const char *name;
		enum mode m;
	} file_modes[] = { { "check   (file, gk_input)", M_CHECK }, { "text    (file, gk_input, /dev/null)", M_TEXT } };
	for (size_t k = 0; k < sizeof file_modes / sizeof file_modes[0] && selected("file"); k++) {
		struct row r = { file_modes[k].name, 1e30, in_mb, 0, 0, 0, { 0 } };
		for (int run = 0; run < RUNS; run++) {
			double s = now();
			struct result res = run_file(fmt, path, file_modes[k].m, file_modes[k].m == M_CHECK ? 0 : devnull);
			double t = now() - s;
			if (t < r.best)
				r.best = t;
			pair_cksum(&r, run, t, path);
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
	if (gcn)
		print_mix(fmt, w, nw < (1u << 22) ? nw : (1u << 22));

	unsigned long long errors = 0, warnings = 0;
	static const struct {
		const char *name, *key;
		enum mode m;
	} mem_modes[] = { { "check   (memory)", "check", M_CHECK },
			  { "text    (memory, /dev/null)", "text", M_TEXT },
			  { "json    (memory, /dev/null)", "json", M_JSON } };
	struct row mem[3] = { { 0 }, { 0 }, { 0 } };
	for (size_t k = 0; k < sizeof mem_modes / sizeof mem_modes[0]; k++) {
		if (!selected(mem_modes[k].key))
			continue;
		struct row r = { mem_modes[k].name, 1e30, in_mb, 0, 0, 0, { 0 } };
		for (int run = 0; run < RUNS; run++) {
			double s = now();
			struct result res = run_memory(fmt, w, nw, mem_modes[k].m, mem_modes[k].m == M_CHECK ? 0 : devnull, 0, 0);
			double t = now() - s;
			if (t < r.best)
				r.best = t;
			pair_cksum(&r, run, t, path);
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
		mem[mem_modes[k].m] = r;
		rows[nrows++] = r;
	}

	/* 4. encode: the text of a ~20 MB slice back to words */
	struct encode enc;
	if (!measure_encode(fmt, w, nw, selected("encode"), "", &enc))
		return 2;
	if (!enc.ok)
		bad = 1;

	double rss_all = peak_rss_mb();

	print_table(rows, nrows, &enc);
	printf("\n  checker over the stream: %llu errors, %llu warnings\n", errors, warnings);
	printf("  peak RSS: %.1f MB after the streaming (gk_input) runs; %.1f MB overall "
	       "(includes the %.1f MB in-memory copy and %.1f MB of encode text)\n",
	       rss_stream, rss_all, (double)total / 1e6, (double)enc.text_bytes / 1e6);
	printf("\n");
	/* evergreen keeps its target names; the others say their generation */
	char what[96], pfx[32] = "PM4";
	if (gcn)
		snprintf(pfx, sizeof pfx, "PM4 %s", fmt->gen);
	snprintf(what, sizeof what, "%s check (memory)", pfx);
	report_target(what, true, TARGET_CHECK, mbs(&mem[M_CHECK]), "MB/s");
	snprintf(what, sizeof what, "%s check (memory) time / cksum", pfx);
	report_target(what, false, TARGET_CKSUM_X, mem[M_CHECK].ratio, "x");
	snprintf(what, sizeof what, "%s text decode (memory)", pfx);
	report_target(what, true, TARGET_TEXT, mbs(&mem[M_TEXT]), "MB/s");
	snprintf(what, sizeof what, "%s JSON decode (memory, no text)", pfx);
	report_target(what, true, TARGET_JSON, mbs(&mem[M_JSON]), "MB/s");
	if (bad)
		printf("  FAILED: the generated stream did not check clean or did not round-trip (see stderr)\n");

	free(w);
	free(fmt);
	fclose(devnull);
	return bad ? 1 : 0;
}

/* ======================================================================
 * DMA / SDMA (`-e dma`)
 *
 * A stream of async-DMA packets as the radeon kernel driver and Mesa fill
 * the DMA ring and its IBs, one "submission" at a time: an optional
 * semaphore wait, a VM flush (SRBM_WRITE page-table base, HDP flush and TLB
 * invalidate, then SRBM_READ / POLL_REG_MEM), the IB launch (WRITE_LINEAR of
 * the next rptr, NOP padding, INDIRECT_BUFFER), the IB's own packets inline
 * (page-table updates: WRITE_PTE_PDE, WRITE_LINEAR with PTE data, PTE copies;
 * buffer moves: COPY_L2L_DW / COPY_L2L_BYTE / COPY_LINEAR; texture uploads
 * and read-backs: COPY_L2T, CIK COPY_TILED and COPY_TILED_SUB_WINDOW;
 * clears: CONSTANT_FILL; NOP padding to 8 dwords), then FENCE, TRAP and the
 * HDP flush, and an optional semaphore signal.  Emitters: ni_dma.c,
 * evergreen_dma.c, r600_dma.c, si_dma.c, cik_sdma.c (Linux 6.1) and Mesa's
 * r600 / radeonsi DMA copies.  Every address lies in one of a fixed set of
 * buffers (a write-back page, an IB pool, page tables, VRAM and GTT buffers,
 * textures), which the "--bo" check declares with gk_check_set_buffers.
 * ====================================================================== */

enum dkind { DK_EVERGREEN, DK_CAYMAN, DK_SI, DK_CIK };

/* registers, byte addresses (nid.h, sid.h, cikd.h) */
#define R_SRBM_GFX_CNTL 0x0e44u
#define R_VM_CONTEXT8_PT_BASE 0x1438u
#define R_VM_INVALIDATE_REQUEST 0x1478u
#define R_VM_CONTEXT0_PT_BASE 0x153cu
#define R_HDP_MEM_COHERENCY_FLUSH_CNTL 0x5480u
#define R_GPU_HDP_FLUSH_REQ 0x54dcu
#define R_GPU_HDP_FLUSH_DONE 0x54e0u
#define R_SH_MEM_BASES 0x8c28u
#define R_SH_MEM_APE1_BASE 0x8c2cu
#define R_SH_MEM_APE1_LIMIT 0x8c30u
#define R_SH_MEM_CONFIG 0x8c34u

/* r6xx-SI commands (evergreend.h, nid.h, sid.h DMA_PACKET_*) */
#define DC_WRITE 0x2u
#define DC_COPY 0x3u
#define DC_IB 0x4u
#define DC_SEMAPHORE 0x5u
#define DC_FENCE 0x6u
#define DC_TRAP 0x7u
#define DC_SRBM 0x9u
#define DC_FILL 0xdu
#define DC_POLL 0xeu
#define DC_NOP 0xfu
/* CIK SDMA opcodes (cikd.h SDMA_OPCODE_*) */
#define SO_NOP 0u
#define SO_COPY 1u
#define SO_WRITE 2u
#define SO_IB 4u
#define SO_FENCE 5u
#define SO_TRAP 6u
#define SO_SEMAPHORE 7u
#define SO_POLL 8u
#define SO_FILL 11u
#define SO_PTE 12u
#define SO_SRBM 14u

/* the GPU address space of the stream: every address is in one of these */
#define VA_WB 0x100000ull        /* 4 KiB: rptr write-back, fences, semaphores */
#define WB_SIZE 0x1000ull
#define VA_IB 0x200000ull        /* the IB pool */
#define IB_POOL (4ull << 20)
#define VA_GART 0x800000ull      /* the GART table PTE copies read */
#define GART_SIZE (2ull << 20)
#define VA_PT 0x1000000ull       /* page directory and page tables */
#define PT_SIZE (8ull << 20)
#define NVRAM 24
#define VA_VRAM 0x100000000ull   /* VRAM buffers, 64 MiB apart */
#define NGTT 8
#define VA_GTT 0x2000000000ull   /* GTT (staging) buffers, 64 MiB apart */
#define NTEX 8
#define VA_TEX 0x4000000000ull   /* textures, 64 MiB apart; all below 2^40 */
#define NDBOS (4 + NVRAM + NGTT + NTEX)

#define PTE_FLAGS_SYSTEM 0x67u   /* R600_PTE_VALID | SYSTEM | SNOOPED | READABLE | WRITEABLE */
#define PTE_FLAGS_VRAM 0x61u     /* R600_PTE_VALID | READABLE | WRITEABLE */

struct tex {
	uint64_t base;
	unsigned w, h, d, lbpp; /* pixels (multiples of 8), slices, log2 bytes per pixel */
	unsigned array_mode, bank_w, bank_h, aspect, nbanks, tile_split, pipe_config, micro;
};

struct dgen {
	uint32_t *w;
	size_t n, cap;
	unsigned long long packets;
	enum dkind kind;
	struct gk_bo bos[NDBOS];
	struct gk_bo vram[NVRAM], gtt[NGTT];
	struct tex tex[NTEX];
	uint32_t seq;
};

static uint32_t *dput(struct dgen *g, size_t n)
{
	return claim(g->w, &g->n, g->cap, &g->packets, n, "DMA generator");
}

static uint32_t lo32(uint64_t a)
{
	return (uint32_t)a;
}

static uint32_t hi8(uint64_t a)
{
	return (uint32_t)(a >> 32) & 0xffu;
}

static uint32_t hi32(uint64_t a)
{
	return (uint32_t)(a >> 32);
}

/* r6xx-SI header: command [31:28], sub-command [27:20], count [19:0] */
static uint32_t dh(unsigned cmd, unsigned sub, uint32_t n)
{
	return (uint32_t)cmd << 28 | (uint32_t)sub << 20 | (n & 0xfffffu);
}

/* CIK SDMA_PACKET(op, sub_op, extra) */
static uint32_t sh(unsigned op, unsigned sub, uint32_t extra)
{
	return (extra & 0xffffu) << 16 | (sub & 0xffu) << 8 | (op & 0xffu);
}

/* an address in bo, a multiple of align from its base, with n bytes room */
static uint64_t in_bo(const struct gk_bo *bo, uint64_t n, uint64_t align)
{
	uint64_t room = bo->size > n ? bo->size - n : 0;
	return bo->base + (rnd() % (room / align + 1)) * align;
}

static void dgen_init(struct dgen *g, enum dkind kind, size_t cap)
{
	memset(g, 0, sizeof *g);
	g->w = xmalloc(cap * sizeof *g->w);
	g->cap = cap;
	g->kind = kind;
	unsigned nb = 0;
	g->bos[nb++] = (struct gk_bo){ VA_WB, WB_SIZE };
	g->bos[nb++] = (struct gk_bo){ VA_IB, IB_POOL };
	g->bos[nb++] = (struct gk_bo){ VA_GART, GART_SIZE };
	g->bos[nb++] = (struct gk_bo){ VA_PT, PT_SIZE };
	for (unsigned i = 0; i < NVRAM; i++) {
		g->vram[i] = (struct gk_bo){ VA_VRAM + ((uint64_t)i << 26), (1 + (uint64_t)below(16 * 64)) << 16 };
		g->bos[nb++] = g->vram[i];
	}
	for (unsigned i = 0; i < NGTT; i++) {
		g->gtt[i] = (struct gk_bo){ VA_GTT + ((uint64_t)i << 26), (256 + (uint64_t)below(3 * 256)) << 16 };
		g->bos[nb++] = g->gtt[i];
	}
	/* textures: at most 16 MiB each, so any slice range fits a GTT buffer */
	for (unsigned i = 0; i < NTEX; i++) {
		struct tex *t = &g->tex[i];
		do {
			t->w = 8u << below(9);
			t->h = 8u << below(9);
			t->lbpp = below(5);
			t->d = below(3) ? 1 : 1 + below(8);
		} while ((uint64_t)t->w * t->h * t->d << t->lbpp > (16u << 20));
		t->base = VA_TEX + ((uint64_t)i << 26);
		t->array_mode = below(3) ? 4 : 2; /* 2D / 1D tiled thin */
		t->bank_w = below(4);
		t->bank_h = below(4);
		t->aspect = below(4);
		t->nbanks = below(4);
		t->tile_split = below(7);
		t->pipe_config = kind == DK_CIK ? (below(2) ? 5 : 17) : 12; /* P4_16x16 / P16_32x32_16x16; P8_32x32_16x16 */
		t->micro = kind == DK_CIK ? below(5) : below(4);
		if (kind == DK_EVERGREEN || kind == DK_CAYMAN)
			t->micro &= 2; /* Mesa r600: non_disp_tiling << 28 */
		g->bos[nb++] = (struct gk_bo){ t->base, ((uint64_t)t->w * t->h * t->d) << t->lbpp };
	}
}

static void dnop(struct dgen *g)
{
	uint32_t *p = dput(g, 1);
	p[0] = g->kind == DK_CIK ? sh(SO_NOP, 0, 0) : dh(DC_NOP, 0, 0);
}

/* WRITE_LINEAR of ndw data dwords to addr; returns where the data goes */
static uint32_t *dwrite(struct dgen *g, uint64_t addr, uint32_t ndw)
{
	if (g->kind == DK_CIK) {
		uint32_t *p = dput(g, 4 + ndw);
		p[0] = sh(SO_WRITE, 0, 0);
		p[1] = lo32(addr) & ~3u;
		p[2] = hi32(addr);
		p[3] = ndw;
		return p + 4;
	}
	uint32_t *p = dput(g, 3 + ndw);
	p[0] = dh(DC_WRITE, 0, ndw);
	p[1] = lo32(addr) & ~3u;
	p[2] = hi8(addr);
	return p + 3;
}

/* a linear copy of bytes, split as the kernel's copy_dma does */
static void dcopy(struct dgen *g, uint64_t dst, uint64_t src, uint64_t bytes)
{
	while (bytes) {
		if (g->kind == DK_CIK) { /* cik_copy_dma */
			uint32_t cur = bytes > 0x1fffff ? 0x1fffff : (uint32_t)bytes;
			uint32_t *p = dput(g, 7);
			p[0] = sh(SO_COPY, 0, 0);
			p[1] = cur;
			p[2] = 0; /* src/dst endian swap */
			p[3] = lo32(src);
			p[4] = hi32(src);
			p[5] = lo32(dst);
			p[6] = hi32(dst);
			bytes -= cur;
			src += cur;
			dst += cur;
		} else if (g->kind == DK_SI) { /* si_copy_dma: byte copies */
			uint32_t cur = bytes > 0xfffff ? 0xfffff : (uint32_t)bytes;
			uint32_t *p = dput(g, 5);
			p[0] = dh(DC_COPY, 0x40, cur);
			p[1] = lo32(dst);
			p[2] = lo32(src);
			p[3] = hi8(dst);
			p[4] = hi8(src);
			bytes -= cur;
			src += cur;
			dst += cur;
		} else { /* evergreen_copy_dma: dword copies */
			uint32_t cur = bytes / 4 > 0xfffff ? 0xfffff : (uint32_t)(bytes / 4);
			uint32_t *p = dput(g, 5);
			p[0] = dh(DC_COPY, 0x00, cur);
			p[1] = lo32(dst) & ~3u;
			p[2] = lo32(src) & ~3u;
			p[3] = hi8(dst);
			p[4] = hi8(src);
			bytes -= 4ull * cur;
			src += 4ull * cur;
			dst += 4ull * cur;
		}
	}
}

/* radeon_vm_update_ptes: copy from the GART table, write system pages one
 * by one, or set contiguous VRAM pages (*_dma_vm_{copy,write,set}_pages) */
static void vm_update(struct dgen *g)
{
	unsigned how = below(10);
	unsigned count = how >= 7 && below(4) ? 1 + below(2) : below(4) ? 1 + below(32) : 1 + below(512);
	uint64_t pe = VA_PT + 8 * (uint64_t)below((uint32_t)(PT_SIZE / 8 - count));
	if (how < 4) { /* GTT pages: (flags & R600_PTE_GART_MASK) == R600_PTE_GART_MASK */
		dcopy(g, pe, VA_GART + 8 * (uint64_t)below((uint32_t)(GART_SIZE / 8 - count)), 8ull * count);
	} else if (how >= 7 || count < 3) { /* page directory entries, other system pages */
		uint32_t *d = dwrite(g, pe, 2 * count);
		uint64_t page = rnd() & 0xfffff000ull;
		for (unsigned k = 0; k < count; k++) {
			uint64_t v = (below(4) ? page + 4096ull * k : rnd() & 0xfffffff000ull) | PTE_FLAGS_SYSTEM;
			d[2 * k] = lo32(v);
			d[2 * k + 1] = hi32(v);
		}
	} else {
		const struct gk_bo *bo = &g->vram[below(NVRAM)];
		uint64_t value = in_bo(bo, 4096ull * count < bo->size ? 4096ull * count : bo->size, 4096) |
				 PTE_FLAGS_VRAM;
		if (g->kind == DK_CIK) {
			uint32_t *p = dput(g, 10);
			p[0] = sh(SO_PTE, 0, 0);
			p[1] = lo32(pe);
			p[2] = hi32(pe);
			p[3] = PTE_FLAGS_VRAM; /* mask */
			p[4] = 0;
			p[5] = lo32(value);
			p[6] = hi32(value);
			p[7] = 4096; /* increment */
			p[8] = 0;
			p[9] = count; /* entries */
		} else {
			uint32_t *p = dput(g, 9);
			p[0] = (2u << 28) | (1u << 26) | (1u << 21) | (2 * count); /* DMA_PTE_PDE_PACKET(ndw) */
			p[1] = lo32(pe);
			p[2] = hi8(pe);
			p[3] = PTE_FLAGS_VRAM;
			p[4] = 0;
			p[5] = lo32(value);
			p[6] = hi32(value);
			p[7] = 4096;
			p[8] = 0;
		}
	}
}

/* a TTM move between VRAM and GTT, whole pages */
static void buffer_move(struct dgen *g)
{
	const struct gk_bo *v = &g->vram[below(NVRAM)], *t = &g->gtt[below(NGTT)];
	uint64_t max = v->size < t->size ? v->size : t->size;
	uint64_t bytes = below(6) ? 4096ull * (1 + below(256)) : max;
	if (bytes > max)
		bytes = max;
	uint64_t va = in_bo(v, bytes, 4096), ta = in_bo(t, bytes, 4096);
	if (below(2))
		dcopy(g, va, ta, bytes);
	else
		dcopy(g, ta, va, bytes);
}

/* a clear (radeonsi si_dma_clear_buffer / cik_sdma_clear_buffer) */
static void buffer_fill(struct dgen *g)
{
	const struct gk_bo *bo = below(3) ? &g->vram[below(NVRAM)] : &g->gtt[below(NGTT)];
	uint64_t bytes = 4ull * (1 + below(below(4) ? 4096 : 1u << 18));
	if (bytes > bo->size)
		bytes = bo->size;
	uint64_t a = in_bo(bo, bytes, 4);
	uint32_t value = below(2) ? 0 : (uint32_t)rnd();
	while (bytes) {
		if (g->kind == DK_CIK) {
			uint32_t cur = bytes > 0x3fffe0 ? 0x3fffe0 : (uint32_t)bytes;
			uint32_t *p = dput(g, 5);
			p[0] = sh(SO_FILL, 0, 0x8000); /* dword fill */
			p[1] = lo32(a);
			p[2] = hi32(a);
			p[3] = value;
			p[4] = cur;
			bytes -= cur;
			a += cur;
		} else {
			uint32_t cur = bytes > 4ull * 0xfffff ? 4u * 0xfffff : (uint32_t)bytes;
			uint32_t *p = dput(g, 4);
			p[0] = dh(DC_FILL, 0, cur / 4);
			p[1] = lo32(a);
			p[2] = value;
			p[3] = hi8(a) << 16;
			bytes -= cur;
			a += cur;
		}
	}
}

static uint32_t cik_tile_info(const struct tex *t)
{
	return t->pipe_config << 26 | t->aspect << 24 | t->nbanks << 21 | t->bank_h << 18 | t->bank_w << 15 |
	       t->tile_split << 11 | t->micro << 8 | t->array_mode << 3 | t->lbpp;
}

/* whole rows y0 .. y0 + rows - 1 of slice z between a texture and a staging
 * buffer, split in chunks of whole 8-row groups (Mesa evergreen_dma_copy_tile,
 * si_dma_copy_tile, cik_sdma COPY_TILED) */
static void tex_rows(struct dgen *g, const struct tex *t, unsigned detile)
{
	const struct gk_bo *lin = &g->gtt[below(NGTT)];
	uint64_t pitch = (uint64_t)t->w << t->lbpp; /* bytes per row */
	unsigned z = below(t->d);
	unsigned y = 8 * below(t->h / 8);
	unsigned rows = 8 * (1 + below((t->h - y) / 8));
	uint64_t la = in_bo(lin, rows * pitch, 256);
	unsigned cheight = (unsigned)((4ull * 0xfffff / pitch) & ~7ull);
	while (rows) {
		unsigned ch = cheight < rows ? cheight : rows;
		uint32_t size = (uint32_t)(ch * pitch / 4);
		if (g->kind == DK_CIK) {
			uint32_t *p = dput(g, 12);
			p[0] = sh(SO_COPY, 1, 0) | detile << 31;
			p[1] = lo32(t->base);
			p[2] = hi32(t->base);
			p[3] = (t->h - 1) << 16 | (t->w / 8 - 1);
			p[4] = t->w * t->h / 64 - 1;
			p[5] = cik_tile_info(t);
			p[6] = y << 16; /* x = 0 */
			p[7] = z;
			p[8] = lo32(la);
			p[9] = hi32(la);
			p[10] = t->w; /* linear pitch */
			p[11] = size;
		} else {
			uint32_t *p = dput(g, 9);
			p[0] = dh(DC_COPY, 0x08, size);
			p[1] = (uint32_t)(t->base >> 8);
			p[2] = detile << 31 | t->array_mode << 27 | t->lbpp << 24 | t->bank_h << 21 | t->bank_w << 18 |
			       t->aspect << 16;
			p[3] = (t->h - 1) << 16 | (t->w / 8 - 1);
			p[4] = (g->kind == DK_SI ? t->pipe_config << 26 : 0) | (t->w * t->h / 64 - 1);
			p[5] = z << 18; /* x = 0 */
			p[6] = y | t->tile_split << 21 | t->nbanks << 25 | t->micro << 27;
			p[7] = lo32(la) & ~3u;
			p[8] = hi8(la);
		}
		rows -= ch;
		y += ch;
		la += ch * pitch;
	}
}

/* a box of a texture to or from a tightly packed staging buffer (radeonsi
 * cik_sdma_copy_texture, GFX7: sizes not minus one) */
static void tex_box_cik(struct dgen *g, const struct tex *t, unsigned detile)
{
	const struct gk_bo *lin = &g->gtt[below(NGTT)];
	unsigned rx = 8 * (1 + below(t->w / 8)), ry = 8 * (1 + below(t->h / 8));
	unsigned tx = 8 * below((t->w - rx) / 8 + 1), ty = 8 * below((t->h - ry) / 8 + 1);
	unsigned tz = below(t->d), rz = 1 + below(t->d - tz);
	uint64_t la = in_bo(lin, ((uint64_t)rx * ry * rz) << t->lbpp, 256);
	uint32_t *p = dput(g, 14);
	p[0] = sh(SO_COPY, 5, 0) | detile << 31;
	p[1] = lo32(t->base);
	p[2] = hi32(t->base);
	p[3] = ty << 16 | tx;
	p[4] = (t->w / 8 - 1) << 16 | tz;
	p[5] = t->w * t->h / 64 - 1;
	p[6] = cik_tile_info(t);
	p[7] = lo32(la);
	p[8] = hi32(la);
	p[9] = 0;               /* linear x, y */
	p[10] = (rx - 1) << 16; /* linear pitch - 1, z = 0 */
	p[11] = rx * ry - 1;    /* linear slice pitch - 1 */
	p[12] = ry << 16 | rx;
	p[13] = rz;
}

static void tex_copy(struct dgen *g)
{
	const struct tex *t = &g->tex[below(NTEX)];
	unsigned detile = !below(4); /* mostly uploads */
	if (g->kind == DK_CIK && below(3))
		tex_box_cik(g, t, detile);
	else
		tex_rows(g, t, detile);
}

static void semaphore(struct dgen *g, unsigned signal)
{
	uint64_t a = VA_WB + 0x800 + 8 * (uint64_t)below(64);
	uint32_t *p = dput(g, 3);
	if (g->kind == DK_CIK) { /* cik_sdma_semaphore_ring_emit */
		p[0] = sh(SO_SEMAPHORE, 0, signal ? 1u << 14 : 0);
		p[1] = lo32(a) & ~7u;
		p[2] = hi32(a);
	} else { /* r600_dma_semaphore_ring_emit */
		p[0] = dh(DC_SEMAPHORE, signal ? 0x04 : 0, 0);
		p[1] = lo32(a) & ~3u;
		p[2] = hi8(a);
	}
}

static void srbm_write(struct dgen *g, uint32_t reg, uint32_t value)
{
	uint32_t *p = dput(g, 3);
	if (g->kind == DK_CIK) {
		p[0] = sh(SO_SRBM, 0, 0xf000);
		p[1] = reg >> 2;
	} else {
		p[0] = dh(DC_SRBM, 0, 0);
		p[1] = 0xfu << 16 | reg >> 2;
	}
	p[2] = value;
}

/* CIK POLL_REG_MEM of a register (M=0); the register as a byte address */
static void cik_poll(struct dgen *g, uint32_t extra, uint32_t reg, uint32_t reg2, uint32_t ref, uint32_t mask)
{
	uint32_t *p = dput(g, 6);
	p[0] = sh(SO_POLL, 0, extra);
	p[1] = reg;
	p[2] = reg2;
	p[3] = ref;
	p[4] = mask;
	p[5] = 0xfffu << 16 | 10; /* retry count, poll interval */
}

static void hdp_flush(struct dgen *g)
{
	if (g->kind == DK_CIK) /* cik_sdma_hdp_flush_ring_emit: OP=1 (write, wait, write), FUNC=3 (==) */
		cik_poll(g, 1u << 10 | 3u << 12, R_GPU_HDP_FLUSH_DONE, R_GPU_HDP_FLUSH_REQ, 1u << 10, 1u << 10);
	else
		srbm_write(g, R_HDP_MEM_COHERENCY_FLUSH_CNTL, 1);
}

static void vm_flush(struct dgen *g, unsigned vmid)
{
	uint64_t pd = VA_PT + ((uint64_t)below((uint32_t)(PT_SIZE >> 12)) << 12);
	uint32_t base = vmid < 8 ? R_VM_CONTEXT0_PT_BASE + 4 * vmid : R_VM_CONTEXT8_PT_BASE + 4 * (vmid - 8);
	srbm_write(g, base, (uint32_t)(pd >> 12));
	if (g->kind == DK_CIK) { /* cik_dma_vm_flush */
		srbm_write(g, R_SRBM_GFX_CNTL, vmid << 4);
		srbm_write(g, R_SH_MEM_BASES, 0);
		srbm_write(g, R_SH_MEM_CONFIG, 0);
		srbm_write(g, R_SH_MEM_APE1_BASE, 1);
		srbm_write(g, R_SH_MEM_APE1_LIMIT, 0);
		srbm_write(g, R_SRBM_GFX_CNTL, 0);
		hdp_flush(g);
		srbm_write(g, R_VM_INVALIDATE_REQUEST, 1u << vmid);
		/* the kernel writes VM_INVALIDATE_REQUEST >> 2 here, which the
		 * byte-address field reads as reserved bits; amdgpu writes the
		 * byte address (sdma_v2_4_ring_emit_reg_wait: reg << 2) */
		cik_poll(g, 0, R_VM_INVALIDATE_REQUEST, 0, 0, 0);
		return;
	}
	srbm_write(g, R_HDP_MEM_COHERENCY_FLUSH_CNTL, 1);
	srbm_write(g, R_VM_INVALIDATE_REQUEST, 1u << vmid);
	if (g->kind == DK_SI) { /* si_dma_vm_flush */
		uint32_t *p = dput(g, 6);
		p[0] = dh(DC_POLL, 0, 0);
		p[1] = R_VM_INVALIDATE_REQUEST;
		p[2] = 0xffu << 16; /* retry */
		p[3] = 1u << vmid;  /* mask */
		p[4] = 0;           /* value */
		p[5] = 0x20;        /* func always, poll interval */
	} else { /* cayman_dma_vm_flush: DMA_SRBM_READ_PACKET */
		uint32_t *p = dput(g, 4);
		p[0] = (9u << 28) | (1u << 27);
		p[1] = 0xffu << 20 | R_VM_INVALIDATE_REQUEST >> 2;
		p[2] = 0;
		p[3] = 0;
	}
}

/* *_ring_ib_execute: next-rptr write-back, NOP padding so the IB packet ends
 * on an 8-dword boundary; returns where the IB packet is (size filled later) */
static size_t ib_execute(struct dgen *g, unsigned vmid)
{
	bool cik = g->kind == DK_CIK;
	unsigned ibdw = cik ? 4 : 3, at = 8 - ibdw;
	uint32_t next = (uint32_t)g->n + (cik ? 5 : 4);
	while ((next & 7) != at)
		next++;
	*dwrite(g, VA_WB + 0x40, 1) = next + ibdw;
	while ((g->n & 7) != at)
		dnop(g);
	size_t ib = g->n;
	uint32_t *p = dput(g, ibdw);
	if (cik)
		p[0] = sh(SO_IB, 0, vmid & 0xf);
	else
		p[0] = dh(DC_IB, g->kind == DK_EVERGREEN ? 0 : (vmid & 0xf), 0);
	return ib;
}

static void dfence(struct dgen *g)
{
	uint64_t a = VA_WB + 0x100 + 4 * (uint64_t)below(4);
	uint32_t *p = dput(g, 4);
	if (g->kind == DK_CIK) { /* cik_sdma_fence_ring_emit */
		p[0] = sh(SO_FENCE, 0, 0);
		p[1] = lo32(a);
		p[2] = hi32(a);
		p[3] = ++g->seq;
		p = dput(g, 1);
		p[0] = sh(SO_TRAP, 0, 0);
	} else { /* evergreen_dma_fence_ring_emit */
		p[0] = dh(DC_FENCE, 0, 0);
		p[1] = lo32(a) & ~3u;
		p[2] = hi8(a);
		p[3] = ++g->seq;
		p = dput(g, 1);
		p[0] = dh(DC_TRAP, 0, 0);
	}
	hdp_flush(g);
}

/* One submission: the ring packets around one IB, and the IB's packets */
static void dma_submit(struct dgen *g)
{
	bool vm = g->kind != DK_EVERGREEN;
	unsigned vmid = vm ? 1 + below(g->kind == DK_CAYMAN ? 7 : 15) : 0;
	if (!below(4))
		semaphore(g, 0);
	if (vm && !below(3))
		vm_flush(g, vmid);
	size_t ib = ib_execute(g, vmid);
	size_t start = g->n;
	for (unsigned k = 1 + below(8); k; k--) {
		unsigned c = below(20);
		if (vm && c < 9)
			vm_update(g);
		else if (c < 12)
			buffer_move(g);
		else if (c < 18 || g->kind == DK_EVERGREEN || g->kind == DK_CAYMAN)
			tex_copy(g);
		else
			buffer_fill(g);
	}
	while ((g->n - start) & 7) /* *_vm_pad_ib */
		dnop(g);
	uint32_t ndw = (uint32_t)(g->n - start);
	uint64_t base = VA_IB + 256 * (uint64_t)below((uint32_t)((IB_POOL - 4ull * ndw) / 256 + 1));
	uint32_t *p = g->w + ib;
	p[1] = lo32(base) & ~0x1fu;
	if (g->kind == DK_CIK) {
		p[2] = hi32(base);
		p[3] = ndw;
	} else {
		p[2] = ndw << 12 | hi8(base);
	}
	dfence(g);
	if (!below(4))
		semaphore(g, 1);
}

static const char *kind_name(enum dkind k)
{
	return k == DK_EVERGREEN ? "evergreen" : k == DK_CAYMAN ? "cayman" : k == DK_SI ? "si" : "cik";
}

static bool dsel(const char *key)
{
	return selected("dma") || selected(key);
}

/* n words to path, little-endian, 1 MB at a time; 0 or -1 (errno set). */
static int write_words(const char *path, const uint32_t *w, size_t n)
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
static void print_mix(const struct gk_format *fmt, const uint32_t *w, size_t nw)
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

/* The DMA figures of one generation (run in a child process, so its peak
 * RSS is its own).  Returns 0, 1 when the stream did not check clean or
 * round-trip, 2 on a set-up failure. */
static int bench_dma(const char *gpu, double mb, const char *dir)
{
	struct gk_format *fmt = xmalloc(sizeof *fmt);
	if (gk_dma_format_init(fmt, gpu) != 0) {
		fprintf(stderr, "bench: unknown DMA GPU '%s'\n", gpu);
		return 2;
	}
	enum dkind kind;
	switch (fmt->gen_bit) {
	case GK_DMA_EVERGREEN: kind = DK_EVERGREEN; break;
	case GK_DMA_CAYMAN: kind = DK_CAYMAN; break;
	case GK_DMA_SI: kind = DK_SI; break;
	case GK_DMA_CIK: kind = DK_CIK; break;
	default:
		fprintf(stderr, "bench: no DMA stream generator for %s (evergreen, cayman, si, cik have one)\n", gpu);
		return 2;
	}
	FILE *devnull = fopen("/dev/null", "w");
	if (!devnull) {
		fprintf(stderr, "bench: /dev/null: %s\n", strerror(errno));
		return 2;
	}
	int bad = 0;
	size_t target = (size_t)(mb * 1e6);

	/* 1. generate the stream in memory */
	rng_state = SEED ^ (uint64_t)(kind + 1);
	struct dgen g;
	dgen_init(&g, kind, target / 4 + (1u << 16));
	double t0 = now();
	size_t quarter = 0; /* dwords of the first submissions that make a quarter */
	while (g.n * 4 < target && g.n + (1u << 15) <= g.cap) {
		dma_submit(&g);
		if (!quarter && g.n * 4 >= target / 4)
			quarter = g.n;
	}
	double tgen = now() - t0;
	const uint32_t *w = g.w;
	size_t nw = g.n, total = 4 * nw;
	unsigned long long packets = g.packets;
	double in_mb = (double)total / 1e6;
	printf("\ngfxkit bench: dma %s, %.1f MB stream, %llu packets (%.1f dwords/packet), seed 0x%llx, "
	       "generated in %.2f s\n",
	       kind_name(kind), in_mb, packets, (double)nw / (double)packets,
	       (unsigned long long)(SEED ^ (uint64_t)(kind + 1)), tgen);
	printf("  (MB = 10^6 bytes of DMA input; best of %d runs; single thread; --bo: %u buffers)\n", RUNS, NDBOS);
	print_mix(fmt, w, nw);

	/* the stream and its first quarter as files (cksum's input, and the
	 * CLI's for main's peak RSS runs), with the --bo list next to them */
	char path[512], qpath[512], bopath[512];
	snprintf(path, sizeof path, "%s/dma-%s.bin", dir, kind_name(kind));
	snprintf(qpath, sizeof qpath, "%s/dma-%s-quarter.bin", dir, kind_name(kind));
	snprintf(bopath, sizeof bopath, "%s/dma-%s.bo", dir, kind_name(kind));
	if (write_words(path, w, nw) != 0 || write_words(qpath, w, quarter) != 0) {
		fprintf(stderr, "bench: %s: %s\n", path, strerror(errno));
		return 2;
	}
	FILE *bf = fopen(bopath, "w");
	for (unsigned i = 0; bf && i < NDBOS; i++)
		fprintf(bf, "--bo 0x%llx:0x%llx\n", (unsigned long long)g.bos[i].base, (unsigned long long)g.bos[i].size);
	if (!bf || fclose(bf) != 0) {
		fprintf(stderr, "bench: %s: write error\n", bopath);
		return 2;
	}

	/* 2. in memory: check, check with buffers, text, JSON */
	static const struct {
		const char *name, *key;
		enum mode m;
		bool bos;
	} modes[] = { { "check   (memory)", "dma-check", M_CHECK, false },
		      { "check   (memory, --bo buffers)", "dma-bo", M_CHECK, true },
		      { "text    (memory, /dev/null)", "dma-text", M_TEXT, false },
		      { "json    (memory, /dev/null)", "dma-json", M_JSON, false } };
	struct row rows[8], mrow[4] = { { 0 }, { 0 }, { 0 }, { 0 } };
	unsigned nrows = 0;
	unsigned long long errors[2] = { 0, 0 }, warnings[2] = { 0, 0 };
	bool ran[2] = { false, false };
	for (size_t k = 0; k < sizeof modes / sizeof modes[0]; k++) {
		if (!dsel(modes[k].key))
			continue;
		struct row r = { modes[k].name, 1e30, in_mb, 0, 0, 0, { 0 } };
		for (int run = 0; run < RUNS; run++) {
			double s = now();
			struct result res = run_memory(fmt, w, nw, modes[k].m, modes[k].m == M_CHECK ? 0 : devnull,
						       modes[k].bos ? g.bos : 0, modes[k].bos ? NDBOS : 0);
			double t = now() - s;
			if (t < r.best)
				r.best = t;
			pair_cksum(&r, run, t, path);
			r.out_mb = (double)res.out_bytes / 1e6;
			if (modes[k].m == M_CHECK && run == 0) {
				errors[modes[k].bos] = res.errors;
				warnings[modes[k].bos] = res.warnings;
				ran[modes[k].bos] = true;
			}
			if (res.failed || res.errors || res.warnings || res.packets != packets) {
				if (run == 0)
					fprintf(stderr, "bench: dma %s: %s: %llu packets (want %llu), %llu errors, %llu "
						"warnings%s\n", kind_name(kind), r.name, res.packets, packets, res.errors,
						res.warnings, res.failed ? ", output failure" : "");
				bad = 1;
			}
		}
		rows[nrows++] = r;
		mrow[k] = r;
	}

	/* the buffers do bound: without the write-back page, the first MB of
	 * the stream (fences, rptr writes, semaphores) must not check clean */
	unsigned long long missing = 0;
	if (dsel("dma-bo")) {
		size_t n1 = nw < (1u << 18) ? nw : (1u << 18);
		quiet_diags = true;
		missing = run_memory(fmt, w, n1, M_CHECK, 0, g.bos + 1, NDBOS - 1).errors;
		quiet_diags = false;
		if (!missing) {
			fprintf(stderr, "bench: dma %s: no bounds error without the write-back buffer\n", kind_name(kind));
			bad = 1;
		}
	}

	/* 3. encode: the text of a ~20 MB slice back to words */
	struct encode enc;
	char who[32];
	snprintf(who, sizeof who, "dma %s: ", kind_name(kind));
	if (!measure_encode(fmt, w, nw, dsel("dma-encode"), who, &enc))
		return 2;
	if (!enc.ok)
		bad = 1;

	double rss_all = peak_rss_mb();

	print_table(rows, nrows, &enc);
	printf("\n  checker over the stream: ");
	if (ran[0])
		printf("%llu errors, %llu warnings", errors[0], warnings[0]);
	if (ran[1])
		printf("%swith the %u buffers: %llu errors, %llu warnings (without the write-back buffer, the first "
		       "%.1f MB: %llu errors)", ran[0] ? "; " : "", NDBOS, errors[1], warnings[1],
		       (double)(nw < (1u << 18) ? nw : (1u << 18)) * 4 / 1e6, missing);
	if (!ran[0] && !ran[1])
		printf("not run");
	printf("\n  peak RSS: %.1f MB (this generation's process; includes the %.1f MB stream and %.1f MB of encode "
	       "text)\n", rss_all, (double)total / 1e6, (double)enc.text_bytes / 1e6);
	char what[64];
	printf("\n");
	snprintf(what, sizeof what, "DMA %s check (memory)", kind_name(kind));
	report_target(what, true, TARGET_CHECK, mbs(&mrow[0]), "MB/s");
	snprintf(what, sizeof what, "DMA %s check time / cksum", kind_name(kind));
	report_target(what, false, TARGET_CKSUM_X, mrow[0].ratio, "x");
	snprintf(what, sizeof what, "DMA %s check, %u --bo buffers", kind_name(kind), NDBOS);
	report_target(what, true, TARGET_BO, mbs(&mrow[1]), "MB/s");
	snprintf(what, sizeof what, "DMA %s text decode (memory)", kind_name(kind));
	report_target(what, true, TARGET_TEXT, mbs(&mrow[2]), "MB/s");
	snprintf(what, sizeof what, "DMA %s JSON decode (no text)", kind_name(kind));
	report_target(what, true, TARGET_JSON, mbs(&mrow[3]), "MB/s");
	if (bad)
		printf("  FAILED: the generated DMA stream did not check clean or did not round-trip (see stderr)\n");

	free(g.w);
	free(fmt);
	fclose(devnull);
	return bad ? 1 : 0;
}

/* Run fn(arg, mb, dir) in a child process (so its peak RSS and its large
 * buffers stay its own, and main stays small for cli_rss); its exit code. */
static int in_child(int (*fn)(const char *, double, const char *), const char *arg, double mb, const char *dir)
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

static int pm4_child(const char *arg, double mb, const char *dir)
{
	return bench_pm4(arg, mb, dir);
}

/* The command-line tool over a quarter of the stream and the whole of it:
 * time (and the ratio to cksum over the same file), and peak RSS from
 * wait4, which must not grow with the input: gk_input streams through a
 * bounded window.  extra: more arguments (--bo ...) before the file.
 * Returns 1 when the tool did not exit 0 (the streams are clean). */
static int cli_rss(const char *cli, const char *cmd, const char *engine, const char *gpu, char **extra, int nextra,
		   const char *quarter, const char *whole, const char *what)
{
	const char *files[2] = { quarter, whole };
	double rss[2] = { 0, 0 };
	int bad = 0;
	for (int i = 0; i < 2; i++) {
		char *argv[8 + 2 * 64];
		int n = 0;
		argv[n++] = (char *)cli;
		argv[n++] = (char *)cmd;
		argv[n++] = (char *)"-g";
		argv[n++] = (char *)gpu;
		argv[n++] = (char *)"-e";
		argv[n++] = (char *)engine;
		for (int k = 0; k < nextra && k < 2 * 64; k++)
			argv[n++] = extra[k];
		argv[n++] = (char *)files[i];
		argv[n] = 0;
		struct stat sb;
		double in_mb = stat(files[i], &sb) == 0 ? (double)sb.st_size / 1e6 : 0;
		int st = -1;
		long kb = 0;
		double t = spawn_wait(argv, &st, &kb);
		double c = cksum_time(files[i]);
		rss[i] = (double)kb / 1024.0;
		printf("  gfxkit %-6s -g %-9s -e %s%s %7.1f MB: peak RSS %5.1f MB  %7.3f s  %7.1f MB/s", cmd, gpu, engine,
		       nextra ? " --bo..." : "", in_mb, rss[i], t, t > 0 ? in_mb / t : 0);
		if (t > 0 && c > 0)
			printf("  %5.2fx cksum", t / c);
		printf("  (exit %d)\n", st);
		if (t < 0 || st != 0)
			bad = 1;
	}
	char name[96];
	snprintf(name, sizeof name, "%s peak RSS", what);
	report_target(name, false, TARGET_RSS, rss[1] > rss[0] ? rss[1] : rss[0], "MB");
	snprintf(name, sizeof name, "%s RSS whole/quarter", what);
	report_target(name, false, TARGET_RSS_GROWTH, rss[0] > 0 ? rss[1] / rss[0] : 0, "x");
	return bad;
}

/* The tool over one stream: check, then a second run (decode, or check
 * with --bo: extra); a failure of either raises *rc to 1. */
static void cli_runs(const char *cli, const char *engine, const char *gpu, const char *cmd2, char **extra, int nextra,
		     const char *quarter, const char *whole, const char *what1, const char *what2, int *rc)
{
	printf("\n  the command-line tool (this process: peak RSS %.1f MB, a floor for the figures below)\n", peak_rss_mb());
	int b = cli_rss(cli, "check", engine, gpu, 0, 0, quarter, whole, what1);
	b |= cli_rss(cli, cmd2, engine, gpu, extra, nextra, quarter, whole, what2);
	if (b) {
		printf("  FAILED: the command-line tool did not run cleanly over the %s stream\n", engine);
		*rc = *rc > 1 ? *rc : 1;
	}
}

/* The --bo arguments bench_dma wrote for gpu (up to 2 * 64 words). */
static int read_bo_args(const char *path, char **argv, char *store, size_t cap)
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

int main(int argc, char **argv)
{
	const char *cli = argc > 1 ? argv[1] : "build/gfxkit";
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
	char dir[] = "/tmp/gfxkit-bench-XXXXXX";
	if (!mkdtemp(dir)) {
		fprintf(stderr, "bench: temporary directory: %s\n", strerror(errno));
		return 2;
	}
	bool keep = getenv("GFXKIT_BENCH_KEEP") != 0, cli_ok = access(cli, X_OK) == 0 && selected("cli");
	if (access(CKSUM, X_OK) != 0)
		printf("bench: no %s: no gfxkit/cksum ratios\n", CKSUM);
	int rc = 0;
	char path[600], qpath[600];
	const char *pm4 = getenv("GFXKIT_BENCH_PM4");
	if (!pm4 || !*pm4)
		pm4 = "evergreen,gfx9,gfx11";
	bool pm4_any = selected("check") || selected("text") || selected("json") || selected("file") ||
		       selected("encode") || selected("cli");
	for (const char *p = pm4; pm4_any && *p;) {
		size_t n = strcspn(p, ",");
		char gpu[32];
		if (n && n < sizeof gpu) {
			memcpy(gpu, p, n);
			gpu[n] = 0;
			int r = in_child(pm4_child, gpu, mb, dir);
			if (r > rc)
				rc = r;
			snprintf(path, sizeof path, "%s/pm4-%s.bin", dir, gpu);
			snprintf(qpath, sizeof qpath, "%s/pm4-%s-quarter.bin", dir, gpu);
			if (cli_ok && r < 2 && access(path, R_OK) == 0) {
				/* evergreen keeps its target names */
				char what1[64] = "CLI PM4 check", what2[64] = "CLI PM4 decode";
				if (strcmp(gpu, "evergreen")) {
					snprintf(what1, sizeof what1, "CLI PM4 %s check", gpu);
					snprintf(what2, sizeof what2, "CLI PM4 %s decode", gpu);
				}
				cli_runs(cli, "pm4", gpu, "decode", 0, 0, qpath, path, what1, what2, &rc);
			}
			if (!keep) {
				unlink(path);
				unlink(qpath);
			}
		} else if (n) {
			fprintf(stderr, "bench: GFXKIT_BENCH_PM4: no GPU '%.*s'\n", (int)n, p);
			return 2;
		}
		p += n + (p[n] == ',');
	}

	static const char *const dma_keys[] = { "dma-check", "dma-bo", "dma-text", "dma-json", "dma-encode" };
	bool any = false;
	for (size_t i = 0; i < sizeof dma_keys / sizeof dma_keys[0]; i++)
		any |= dsel(dma_keys[i]);
	const char *gpus = getenv("GFXKIT_BENCH_DMA");
	if (!gpus || !*gpus)
		gpus = "cayman,si,cik";
	for (const char *p = gpus; any && *p;) {
		size_t n = strcspn(p, ",");
		char gpu[32];
		if (n && n < sizeof gpu) {
			memcpy(gpu, p, n);
			gpu[n] = 0;
			int r = in_child(bench_dma, gpu, mb, dir);
			if (r > rc)
				rc = r;
			char bopath[600], bostore[4096], *bo[2 * 64];
			snprintf(path, sizeof path, "%s/dma-%s.bin", dir, gpu);
			snprintf(qpath, sizeof qpath, "%s/dma-%s-quarter.bin", dir, gpu);
			snprintf(bopath, sizeof bopath, "%s/dma-%s.bo", dir, gpu);
			int nbo = read_bo_args(bopath, bo, bostore, sizeof bostore);
			if (cli_ok && r < 2 && access(path, R_OK) == 0) {
				char what1[64], what2[64];
				snprintf(what1, sizeof what1, "CLI DMA %s check", gpu);
				snprintf(what2, sizeof what2, "CLI DMA %s check --bo", gpu);
				cli_runs(cli, "dma", gpu, "check", bo, nbo, qpath, path, what1, what2, &rc);
			}
			if (!keep) {
				unlink(path);
				unlink(qpath);
				unlink(bopath);
			}
		} else if (n) {
			fprintf(stderr, "bench: GFXKIT_BENCH_DMA: no GPU '%.*s'\n", (int)n, p);
			return 2;
		}
		p += n + (p[n] == ',');
	}
	if (keep)
		fprintf(stderr, "bench: kept the streams in %s (*.bo: the --bo buffers of each DMA stream)\n", dir);
	else
		rmdir(dir);
	return rc;
}
