/* Execution throughput (`make bench`), two parts.
 *
 * 1. Bytes moved: CIK SDMA streams run by gk_exec_run on a memory image,
 * in MB moved per second (best of 3, one core), each next to what the C
 * library does with the same bytes in the same run: linear copies and
 * writes next to memcpy, fills next to memset, tiled copies next to
 * gk_tile_pack of the same surface.  Each run's result is checked (the
 * destination equals the source, the fill value, the packet's data, or the
 * tiling module's packing).  Linear work has a target: at least 0.3x the C
 * library on the same bytes.
 *
 * 2. Streams run: `gfxkit run` (the command-line tool, argv[1], default
 * build/gfxkit) over a GFX9 PM4 stream and a CIK SDMA stream of the bench
 * size (GFXKIT_BENCH_MB, default 200), in MB of stream per second, each run
 * paired with cksum over the same file (median of 3 ratios), target
 * TARGET_RUN MB/s.  The streams are generated as bench_pm4.c and
 * bench_dma.c generate theirs (assembly text through the library's
 * assembler, one 1 MiB chunk repeated), but every address lies in the
 * --zero regions the run is given, so the whole stream runs: PM4 register
 * runs (context, SH, uconfig), draws, compute dispatches, EVENT_WRITE,
 * ACQUIRE_MEM, RELEASE_MEM fences and WRITE_DATA to memory; DMA page-table
 * updates (WRITE_PTE_PDE, WRITE_LINEAR of entries), buffer copies and
 * clears, fences, traps, a poll on the fence just written and semaphore
 * pairs.  GFXKIT_BENCH_ONLY=cli runs only part 2; GFXKIT_BENCH_KEEP=1 keeps
 * the stream files (and prints the run commands).
 *
 * Exit status 1 only if a result differs or a run does not complete. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "gfxkit/gfxkit.h"

#define RUNS 3
#define SRC 0x10000000ull
#define DST 0x20000000ull

struct words {
	uint32_t *w;
	size_t n, cap;
};

static int emit(void *ctx, const uint32_t *w, size_t n)
{
	struct words *v = ctx;
	if (v->n + n > v->cap) {
		size_t cap = v->cap ? 2 * v->cap : 1024;
		while (cap < v->n + n)
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

static int assemble(struct gk_engine *e, const char *text, struct words *w)
{
	struct gk_engine_asm *a = gk_engine_asm_open(e, emit, w, NULL, NULL);
	gk_engine_asm_text(a, text, strlen(text));
	unsigned errors = gk_engine_asm_finish(a);
	gk_engine_asm_close(a);
	return errors ? -1 : 0;
}

/* best time of RUNS runs of the stream on memory m; -1 when one does not complete */
static double run_best(struct gk_engine *e, struct gk_mem *m, const struct words *w)
{
	double best = 1e9;
	for (int r = 0; r < RUNS; r++) {
		struct gk_exec *x = gk_exec_create(e, m, NULL);
		struct gk_bytes rdr = { w->w, 4 * w->n, 0 };
		struct gk_input *in = gk_input_create(gk_read_bytes, &rdr, GK_IN_BIN, 4);
		struct gk_out none = GK_OUT_INIT(NULL, 0, NULL, NULL);
		struct gk_exec_opts o = { 0 };
		struct gk_exec_result res;
		double t0 = now();
		int rc = x && in ? gk_exec_run(x, in, &o, &none, &res) : -1;
		double t = now() - t0;
		gk_input_destroy(in);
		gk_exec_destroy(x);
		if (rc || res.status != GK_EXEC_COMPLETED) {
			fprintf(stderr, "bench_exec: the run did not complete: %s\n", rc ? "error" : res.why.message);
			return -1;
		}
		best = t < best ? t : best;
	}
	return best;
}

/* the best of RUNS timings of memset (c >= 0) or memcpy (c < 0) of n bytes */
static double libc_best(uint8_t *dst, const uint8_t *src, size_t n, int c)
{
	double best = 1e9;
	for (int r = 0; r < RUNS; r++) {
		double t0 = now();
		if (c >= 0)
			memset(dst, c, n);
		else
			memcpy(dst, src, n);
		double d = now() - t0;
		best = d < best ? d : best;
	}
	return best;
}

/* one line of linear work: exec's rate, the C library's, and the target */
static void linear_line(const char *what, const char *libc, double mb, double t, double tl, const char *note)
{
	printf("  %-40s %7.0f MB/s   %-6s %7.0f MB/s (%.2fx)   %s\n", what, mb / t, libc, mb / tl, tl / t, note);
	char target[96];
	snprintf(target, sizeof target, "run: %s vs %s", what, libc);
	report_target(target, true, 0.3, tl / t, "x");
}

static void fill(uint8_t *p, size_t n)
{
	uint64_t x = 0x9e3779b97f4a7c15ull;
	for (size_t k = 0; k < n; k++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		p[k] = (uint8_t)x;
	}
}

static int linear(struct gk_engine *e)
{
	const size_t per = 4000000, npk = 16, total = per * npk;
	uint8_t *src = malloc(total), *dst = calloc(1, total), *ref = malloc(total);
	struct gk_mem *m = gk_mem_create(2 * total + 1);
	if (!src || !dst || !ref || !m)
		return 1;
	fill(src, total);
	gk_mem_add_borrowed(m, SRC, src, total, NULL);
	gk_mem_add_copy(m, DST, dst, total, NULL);
	char text[4096];
	size_t len = 0;
	for (size_t i = 0; i < npk; i++)
		len += (size_t)snprintf(text + len, sizeof text - len, "COPY_LINEAR COUNT=%zu SRC_ADDR=0x%llx DST_ADDR=0x%llx\n",
					per, (unsigned long long)(SRC + i * per), (unsigned long long)(DST + i * per));
	struct words w = { 0 };
	if (assemble(e, text, &w))
		return 1;
	double t = run_best(e, m, &w);
	gk_mem_read(m, DST, dst, total, NULL, NULL);
	int bad = t < 0 || memcmp(dst, src, total) != 0;
	double tm = libc_best(ref, src, total, -1);
	double mb = (double)total / 1e6;
	char note[64];
	snprintf(note, sizeof note, "%.0f MB in %zu packets", mb, npk);
	if (!bad)
		linear_line("linear COPY_LINEAR", "memcpy", mb, t, tm, note);
	report_figure("run: linear DMA copies", bad ? 0 : mb / t, "MB/s");
	free(w.w);
	free(src);
	free(dst);
	free(ref);
	gk_mem_destroy(m);
	return bad;
}

/* CONSTANT_FILL: npk packets of per bytes each (dwords of value v) */
static int fills(struct gk_engine *e, size_t per, size_t npk, const char *what)
{
	const size_t total = per * npk;
	const uint32_t v = 0x5a5a5a5a ^ (uint32_t)per; /* not one byte repeated: no memset shortcut */
	uint8_t *ref = malloc(total), *got = malloc(total);
	struct gk_mem *m = gk_mem_create(total + 1);
	struct words w = { 0 };
	if (!ref || !got || !m)
		return 1;
	memset(got, 0, total);
	gk_mem_add_copy(m, DST, got, total, NULL);
	for (size_t i = 0; i < npk; i++) {
		/* seed 000 cik 12: header (SIZE=DWORD), address lo, hi, data, count */
		uint32_t pk[5] = { 0x8000000bu, (uint32_t)(DST + i * per), (uint32_t)((DST + i * per) >> 32), v,
				   (uint32_t)per };
		if (emit(&w, pk, 5))
			return 1;
	}
	double t = run_best(e, m, &w);
	gk_mem_read(m, DST, got, total, NULL, NULL);
	for (size_t k = 0; k < total; k++)
		ref[k] = (uint8_t)(v >> (8 * (k % 4)));
	int bad = t < 0 || memcmp(got, ref, total) != 0;
	if (bad)
		fprintf(stderr, "bench_exec: %s: the filled bytes differ\n", what);
	/* memset of the same bytes, per packet as the stream has them */
	double tl = 1e9;
	for (int r = 0; r < RUNS; r++) {
		double t0 = now();
		for (size_t i = 0; i < npk; i++)
			memset(ref + i * per, (int)(v & 0xff) ^ r, per);
		double d = now() - t0;
		tl = d < tl ? d : tl;
	}
	double mb = (double)total / 1e6;
	char note[80];
	snprintf(note, sizeof note, "%zu packets of %zu bytes (%.0f packets/s)", npk, per, (double)npk / t);
	if (bad)
		;
	else if (per >= 4096)
		linear_line(what, "memset", mb, t, tl, note);
	else {
		/* a few bytes a packet: the packet's decoding and check cost more
		 * than its bytes, so next to a memset of the bytes it says nothing;
		 * what it costs is per packet */
		printf("  %-40s %7.0f MB/s   %s\n", what, mb / t, note);
		report_figure("run: small fills (packets/s)", (double)npk / t, "pk/s");
	}
	free(w.w);
	free(ref);
	free(got);
	gk_mem_destroy(m);
	return bad;
}

/* WRITE_LINEAR: npk packets carrying per dwords each */
static int writes(struct gk_engine *e)
{
	const size_t per = 1000000, npk = 16, total = 4 * per * npk;
	uint8_t *ref = malloc(total), *got = calloc(1, total);
	struct gk_mem *m = gk_mem_create(total + 1);
	struct words w = { 0 };
	if (!ref || !got || !m)
		return 1;
	fill(ref, total);
	gk_mem_add_copy(m, DST, got, total, NULL);
	for (size_t i = 0; i < npk; i++) {
		/* seed 000 cik 10: header, address lo, hi, SWAP=NONE and COUNT dwords, the data */
		uint64_t at = DST + i * 4 * per;
		uint32_t pk[4] = { 0x00000002u, (uint32_t)at, (uint32_t)(at >> 32), (uint32_t)per };
		uint32_t *data = malloc(4 * per);
		if (!data)
			return 1;
		memcpy(data, ref + i * 4 * per, 4 * per);
		int rc = emit(&w, pk, 4) | emit(&w, data, per);
		free(data);
		if (rc)
			return 1;
	}
	double t = run_best(e, m, &w);
	gk_mem_read(m, DST, got, total, NULL, NULL);
	int bad = t < 0 || memcmp(got, ref, total) != 0;
	if (bad)
		fprintf(stderr, "bench_exec: WRITE_LINEAR: the written bytes differ\n");
	double tl = libc_best(got, ref, total, -1);
	/* the stream reader alone on the same words: the data arrive in the
	 * packet, so reading the stream is part of the work */
	double tr = 1e9;
	for (int r = 0; r < RUNS; r++) {
		struct gk_bytes rdr = { w.w, 4 * w.n, 0 };
		struct gk_input *in = gk_input_create(gk_read_bytes, &rdr, GK_IN_BIN, 4);
		double t0 = now();
		long got_words;
		while ((got_words = gk_input_fill(in, 1 << 20)) > 0)
			gk_input_skip(in, (size_t)got_words);
		double d = now() - t0;
		gk_input_destroy(in);
		tr = d < tr ? d : tr;
	}
	double mb = (double)total / 1e6;
	char note[96];
	snprintf(note, sizeof note, "%.0f MB in %zu packets; reading the stream alone %.0f%% of it", mb, npk,
		 100.0 * tr / t);
	if (!bad)
		linear_line("linear WRITE_LINEAR", "memcpy", mb, t, tl, note);
	free(w.w);
	free(ref);
	free(got);
	gk_mem_destroy(m);
	return bad;
}

static int tiled(struct gk_engine *e)
{
	const uint32_t W = 1024, H = 512;
	struct gk_tile_params p;
	gk_tile_params_simple(&p, GK_TILE_2D, 32, W, H, 1);
	p.micro = GK_MICRO_THIN;
	p.pipe_config = gk_tile_pipe_config_parse("P8_32x32_16x16");
	p.tile_split = 256;
	p.bank_width = p.bank_height = p.macro_aspect = 1;
	p.num_banks = 16;
	struct gk_tile_surface s;
	if (gk_tile_surface_init(&s, &p) || s.pitch != W || s.padded_height != H) {
		fprintf(stderr, "bench_exec: the tiled surface is padded\n");
		return 1;
	}
	size_t bytes = (size_t)W * H * 4;
	uint8_t *src = malloc(bytes), *til = calloc(1, (size_t)s.surface_bytes), *ref = calloc(1, (size_t)s.surface_bytes);
	struct gk_mem *m = gk_mem_create(2 * (uint64_t)s.surface_bytes + 1);
	if (!src || !til || !ref || !m)
		return 1;
	fill(src, bytes);
	gk_mem_add_borrowed(m, SRC, src, bytes, NULL);
	gk_mem_add_copy(m, DST, til, (size_t)s.surface_bytes, NULL);
	char text[1024];
	snprintf(text, sizeof text,
		 "COPY_TILED DETILE=L2T TILED_ADDR=0x%llx HEIGHT=%u PITCH=%u SLICE_PITCH=%u PIPE_CONFIG=P8_32x32_16x16 "
		 "MACRO_TILE_ASPECT=1:1 NUM_BANKS=16 BANK_HEIGHT=1 BANK_WIDTH=1 TILE_SPLIT=256 MICRO_TILE_MODE=THIN "
		 "ARRAY_MODE=ARRAY_2D_TILED_THIN1 ELEMENT_SIZE=32BPP Y=0 X=0 TILED_SWAP=NONE LINEAR_SWAP=NONE Z=0 "
		 "LINEAR_ADDR=0x%llx LINEAR_PITCH=%u COUNT=%zu\n",
		 (unsigned long long)DST, H - 1, W / 8 - 1, W * H / 64 - 1, (unsigned long long)SRC, W - 1, bytes / 4);
	struct words w = { 0 };
	if (assemble(e, text, &w))
		return 1;
	double t = run_best(e, m, &w);
	gk_mem_read(m, DST, til, (size_t)s.surface_bytes, NULL, NULL);
	double tp = 1e9;
	for (int r = 0; r < RUNS; r++) {
		double t0 = now();
		gk_tile_pack(&s, src, ref);
		double d = now() - t0;
		tp = d < tp ? d : tp;
	}
	int bad = t < 0 || memcmp(til, ref, (size_t)s.surface_bytes) != 0;
	if (bad)
		fprintf(stderr, "bench_exec: the L2T copy differs from gk_tile_pack\n");
	double mb = (double)bytes / 1e6;
	printf("  %-40s %7.0f MB/s   tile pack %5.0f MB/s (%.2fx)   %ux%u 32bpp 2D P8\n", "tiled COPY_TILED L2T", mb / t,
	       mb / tp, tp / t, W, H);
	report_figure("run: tiled DMA copies (L2T, 2D)", mb / t, "MB/s");
	free(w.w);
	free(src);
	free(til);
	free(ref);
	gk_mem_destroy(m);
	return bad;
}

/* ---- part 2: streams run by the command-line tool ---- */

#define TARGET_RUN 250.0        /* MB of stream per second, PM4 and DMA */
#define STREAM_CHUNK (1u << 20) /* the chunk the stream repeats, as bench_pm4.c / bench_dma.c */

/* PM4: every address in one zeroed region; WRITE_DATA and the fences land
 * in its first 64 KB (the region is what --zero declares) */
#define PM4_MEM 0x100000000ull
#define PM4_MEM_SIZE 0x10000u

static const struct gk_space *space_named(const struct gk_format *fmt, const char *name)
{
	for (unsigned i = 0; i < fmt->nspaces; i++)
		if (!strcmp(fmt->spaces[i].name, name))
			return &fmt->spaces[i];
	return NULL;
}

struct pm4gen {
	struct bench_stream s;
	struct regset ctx, sh_gfx, sh_cs;
	const struct gk_reg *prim_type, *index_type, *cs_setup[4];
	uint32_t seq; /* fence values */
};

/* SET_CONTEXT_REG / SET_SH_REG over a run of consecutive registers of set */
static void pm4_regs(struct pm4gen *g, const char *pkt, const struct regset *set, unsigned maxn)
{
	size_t i = below((uint32_t)set->n);
	unsigned n = 1 + below(set->run[i] < maxn ? set->run[i] : maxn);
	bench_packet(&g->s, 2 + n, "%s", pkt);
	for (unsigned k = 0; k < n; k++)
		bench_line(&g->s, "    0x%05x %s <- 0x%x", set->r[i + k]->offset, set->r[i + k]->name,
			   bench_reg_value(set->r[i + k]));
}

static uint64_t pm4_addr(unsigned align)
{
	return PM4_MEM + (below(PM4_MEM_SIZE - 64) & ~(uint32_t)(align - 1));
}

/* RELEASE_MEM: an end-of-pipe fence into the region (si_cp_release_mem) */
static void pm4_fence(struct pm4gen *g, const char *compute)
{
	bool wide = below(2), wb = below(2);
	bench_packet(&g->s, 8,
		     "RELEASE_MEM%s DATA_SEL=%s EVENT_TYPE=CACHE_FLUSH_AND_INV_TS_EVENT EVENT_INDEX=TS "
		     "TCL1_VOL_ACTION_ENA=%u TC_VOL_ACTION_ENA=%u TC_WB_ACTION_ENA=%u TC_NC_ACTION_ENA=%u "
		     "TC_MD_ACTION_ENA=%u DST_SEL=MEMORY INT_SEL=%s ADDRESS=0x%llx DATA_LO=0x%x DATA_HI=0x%x INT_CTXID=0x0",
		     compute, wide ? "SEND_64BIT" : "SEND_32BIT_LOW", !wb, !wb, wb, wb, !wb,
		     below(2) ? "SEND_INT_ON_CONFIRM" : "NONE", (unsigned long long)pm4_addr(8), ++g->seq, 0u);
}

/* GFX9 ACQUIRE_MEM: TC/TCL1/SH_KCACHE/SH_ICACHE action bits (Mesa sid.h S_0301F0_*) */
static void pm4_acquire(struct pm4gen *g, const char *compute)
{
	uint32_t cntl = (below(2) ? 1u << 23 : 0) | 1u << 22 | 1u << 27 | (below(2) ? 1u << 29 : 0);
	bench_packet(&g->s, 7,
		     "ACQUIRE_MEM%s COHER_CNTL=0x%x ENGINE_SEL=ME COHER_SIZE=0xffffffff COHER_SIZE_HI=0xffffff "
		     "COHER_BASE_LO=0x0 COHER_BASE_HI=0x0 POLL_INTERVAL=10",
		     compute, cntl);
}

/* WRITE_DATA of 1-8 dwords to memory (radeonsi si_cp_write_data) */
static void pm4_write_data(struct pm4gen *g)
{
	unsigned n = 1 + below(below(4) ? 2 : 8);
	bench_packet(&g->s, 4 + n, "WRITE_DATA DST_SEL=MEM WR_CONFIRM=1 ENGINE_SEL=ME DST_ADDR=0x%llx",
		     (unsigned long long)pm4_addr(4));
	char line[8 * 11 + 16] = "    DATA";
	size_t len = strlen(line);
	for (unsigned k = 0; k < n; k++)
		len += (size_t)snprintf(line + len, sizeof line - len, " 0x%08x", (uint32_t)rnd64());
	bench_line(&g->s, "%s", line);
}

static void pm4_event(struct pm4gen *g, bool compute)
{
	static const char *const partial[] = { "PS_PARTIAL_FLUSH", "VS_PARTIAL_FLUSH", "CS_PARTIAL_FLUSH" };
	if (below(4))
		bench_packet(&g->s, 2, "EVENT_WRITE%s EVENT_TYPE=%s EVENT_INDEX=PARTIAL_FLUSH",
			     compute ? " SHADER_TYPE=COMPUTE" : "", compute ? "CS_PARTIAL_FLUSH" : partial[below(3)]);
	else
		bench_packet(&g->s, 2, "EVENT_WRITE%s EVENT_TYPE=CACHE_FLUSH_AND_INV_EVENT EVENT_INDEX=OTHER",
			     compute ? " SHADER_TYPE=COMPUTE" : "");
}

static void pm4_dispatch(struct pm4gen *g)
{
	pm4_event(g, true);
	if (!below(4))
		pm4_acquire(g, " SHADER_TYPE=COMPUTE");
	static const unsigned runs[4] = { 2, 2, 3, 4 }; /* PGM_LO/HI, RSRC1/2, NUM_THREAD_X/Y/Z, USER_DATA_0..3 */
	for (unsigned i = 0; i < 4; i++) {
		bench_packet(&g->s, 2 + runs[i], "SET_SH_REG SHADER_TYPE=COMPUTE");
		for (unsigned k = 0; k < runs[i]; k++)
			bench_line(&g->s, "    0x%05x <- 0x%x", g->cs_setup[i]->offset + 4 * k,
				   i == 2 ? 1 + below(1024) : (uint32_t)rnd64());
	}
	pm4_regs(g, "SET_SH_REG SHADER_TYPE=COMPUTE", &g->sh_cs, 4);
	bench_packet(&g->s, 5, "DISPATCH_DIRECT SHADER_TYPE=COMPUTE DIM_X=%u DIM_Y=%u DIM_Z=1 DISPATCH_INITIATOR=0xd",
		     1 + below(256), 1 + below(16));
	pm4_fence(g, " SHADER_TYPE=COMPUTE");
}

/* one draw's worth, as bench_pm4.c's emit_batch_gcn, plus WRITE_DATA */
static void pm4_batch(struct pm4gen *g)
{
	for (unsigned i = 2 + below(10); i; i--)
		pm4_regs(g, "SET_CONTEXT_REG", &g->ctx, 16);
	for (unsigned i = 1 + below(4); i; i--)
		pm4_regs(g, "SET_SH_REG", &g->sh_gfx, 8);
	bench_packet(&g->s, 3, "SET_UCONFIG_REG INDEX=0");
	bench_line(&g->s, "    0x%05x %s <- 0x%x", g->prim_type->offset, g->prim_type->name, below(4) ? 4 : 1 + below(20));
	bench_packet(&g->s, 3, "SET_UCONFIG_REG_INDEX INDEX=1");
	bench_line(&g->s, "    0x%05x %s <- 0x%x", g->index_type->offset, g->index_type->name, below(2));
	bench_packet(&g->s, 2, "NUM_INSTANCES NUM_INSTANCES=%u", below(8) ? 1 : 1 + below(1000));
	if (below(3))
		bench_packet(&g->s, 6, "DRAW_INDEX_2 MAX_SIZE=%u INDEX_BASE=0x%llx INDEX_COUNT=%u DRAW_INITIATOR=0x0",
			     1 + below(1 << 20), (unsigned long long)(rnd64() & 0xfffffffffeull), 3 + below(65536));
	else
		bench_packet(&g->s, 3, "DRAW_INDEX_AUTO INDEX_COUNT=%u DRAW_INITIATOR=0x2", 3 + below(65536));
	if (!below(6)) {
		pm4_event(g, false);
		pm4_acquire(g, "");
		if (!below(2))
			bench_packet(&g->s, 2, "PFP_SYNC_ME");
	}
	if (!below(10))
		pm4_write_data(g);
	if (!below(30))
		pm4_fence(g, "");
	if (!below(40))
		pm4_dispatch(g);
	if (!below(20)) /* the end of an IB: padded to 8 dwords */
		while (g->s.n & 7)
			bench_packet(&g->s, 1, "NOP_PAD");
}

/* The GFX9 chunk (*n words, malloc'd); NULL when the tables lack a register it needs */
static uint32_t *pm4_chunk(const struct gk_format *fmt, size_t *n)
{
	struct pm4gen g;
	memset(&g, 0, sizeof g);
	const struct gk_space *ctx = space_named(fmt, "context"), *sh = space_named(fmt, "sh");
	const struct gk_reg_table *t = fmt->regs;
	if (!ctx || !sh || !t)
		return NULL;
	const struct gk_reg *cs = gk_reg_by_name(t, "COMPUTE_DISPATCH_INITIATOR", 26);
	static const char *const cs_regs[4] = { "COMPUTE_PGM_LO", "COMPUTE_PGM_RSRC1", "COMPUTE_NUM_THREAD_X",
						"COMPUTE_USER_DATA_0" };
	for (unsigned i = 0; i < 4; i++)
		if (!(g.cs_setup[i] = gk_reg_by_name(t, cs_regs[i], strlen(cs_regs[i]))))
			return NULL;
	g.prim_type = gk_reg_by_name(t, "VGT_PRIMITIVE_TYPE", 18);
	g.index_type = gk_reg_by_name(t, "VGT_INDEX_TYPE", 14);
	if (!cs || !g.prim_type || !g.index_type)
		return NULL;
	regset_build(&g.ctx, t, ctx->start, ctx->end);
	regset_build(&g.sh_gfx, t, sh->start, cs->offset);
	regset_build(&g.sh_cs, t, cs->offset, sh->end);
	rng_seed(BENCH_SEED ^ 0x5255);
	bench_stream_begin(&g.s, fmt, STREAM_CHUNK / 4 + 8192);
	while (g.s.n * 4 < STREAM_CHUNK)
		pm4_batch(&g);
	while (g.s.n & 7)
		bench_packet(&g.s, 1, "NOP_PAD");
	bench_stream_end(&g.s);
	uint32_t *w = g.s.w;
	*n = g.s.nw;
	g.s.w = NULL;
	regset_free(&g.ctx);
	regset_free(&g.sh_gfx);
	regset_free(&g.sh_cs);
	bench_stream_free(&g.s);
	return w;
}

/* DMA (CIK SDMA, cik_sdma.c and radeonsi's cik_sdma_copy_buffer): the
 * buffers, each a --zero region */
static const struct {
	uint64_t base, size;
} dma_bufs[] = {
	{ 0x00100000ull, 0x1000 },   /* write-back page: fences, semaphores */
	{ 0x00800000ull, 0x200000 }, /* page tables */
	{ 0x10000000ull, 0x800000 }, /* VRAM buffers */
	{ 0x20000000ull, 0x800000 }, /* GTT buffers */
};
enum { DB_WB, DB_PT, DB_VRAM, DB_GTT };

struct dmagen {
	struct bench_stream s;
	uint32_t seq;
	uint64_t moved; /* bytes the chunk's copies, clears and page-table writes move */
};

static uint64_t dma_in(unsigned b, uint64_t bytes, uint64_t align)
{
	uint64_t room = dma_bufs[b].size - bytes;
	return dma_bufs[b].base + (((uint64_t)below((uint32_t)(room / align + 1))) * align);
}

static void dma_write(struct dmagen *g, uint64_t addr, unsigned ndw)
{
	bench_packet(&g->s, 4 + ndw, "WRITE_LINEAR ADDR=0x%llx", (unsigned long long)addr);
	for (unsigned i = 0; i < ndw; i += 8) {
		char line[8 * 11 + 16] = "    DATA";
		size_t len = strlen(line);
		for (unsigned k = i; k < ndw && k < i + 8; k++)
			len += (size_t)snprintf(line + len, sizeof line - len, " 0x%08x", (uint32_t)rnd64());
		bench_line(&g->s, "%s", line);
	}
}

/* one submission: page-table updates, a buffer move or clear, the fence,
 * its trap and sometimes a wait on it, semaphore pairs */
static void dma_batch(struct dmagen *g)
{
	for (unsigned i = 1 + below(4); i; i--) { /* cik_sdma_vm_{copy,write,set}_pages */
		unsigned how = below(3), count = below(4) ? 1 + below(32) : 1 + below(512);
		if (how == 1 && count > 32)
			count = 32; /* a WRITE_LINEAR of entries: up to 32 */
		uint64_t pe = dma_in(DB_PT, 8ull * count, 8);
		g->moved += 8ull * count;
		if (how == 0)
			bench_packet(&g->s, 7, "COPY_LINEAR COUNT=%u SRC_ADDR=0x%llx DST_ADDR=0x%llx", 8 * count,
				     (unsigned long long)dma_in(DB_GTT, 8ull * count, 8), (unsigned long long)pe);
		else if (how == 1)
			dma_write(g, pe, 2 * (count < 32 ? count : 32));
		else
			bench_packet(&g->s, 10, "WRITE_PTE_PDE DST_ADDR=0x%llx MASK=0x%x VALUE=0x%llx INCREMENT=0x1000 COUNT=%u",
				     (unsigned long long)pe, 0x73u, (unsigned long long)(rnd64() & 0xfffff000ull), count);
	}
	unsigned what = below(4);
	if (what == 0) { /* a buffer move, up to 4 pages */
		uint64_t bytes = 4096ull * (1 + below(4));
		bool up = below(2);
		uint64_t v = dma_in(DB_VRAM, bytes, 256), t = dma_in(DB_GTT, bytes, 256);
		bench_packet(&g->s, 7, "COPY_LINEAR COUNT=%llu SRC_ADDR=0x%llx DST_ADDR=0x%llx", (unsigned long long)bytes,
			     (unsigned long long)(up ? t : v), (unsigned long long)(up ? v : t));
		g->moved += bytes;
	} else if (what == 1) { /* a clear */
		uint64_t bytes = 4ull * (1 + below(1024));
		bench_packet(&g->s, 5, "CONSTANT_FILL SIZE=DWORD ADDR=0x%llx DATA=0x%x COUNT=%llu",
			     (unsigned long long)dma_in(DB_VRAM, bytes, 4), below(2) ? 0 : (uint32_t)rnd64(),
			     (unsigned long long)bytes);
		g->moved += bytes;
	}
	uint64_t sem = dma_bufs[DB_WB].base + 0x800 + 8 * (uint64_t)below(64);
	if (!below(4)) /* signal, then the wait it pairs with (radeon_semaphore.c) */
		bench_packet(&g->s, 3, "SEMAPHORE SIGNAL=1 SEMAPHORE_ADDR=0x%llx", (unsigned long long)sem);
	uint64_t fence = dma_bufs[DB_WB].base + 16 * (uint64_t)below(64);
	bench_packet(&g->s, 4, "FENCE ADDR=0x%llx DATA=0x%x", (unsigned long long)fence, ++g->seq);
	bench_packet(&g->s, 1, "TRAP");
	if (!below(4)) /* wait for it: true at once, as the fence just landed */
		bench_packet(&g->s, 6,
			     "POLL_REG_MEM M=MEMORY FUNC=EQUAL OP=WAIT_REG_MEM ADDR=0x%llx REFERENCE=0x%x MASK=0xffffffff "
			     "RETRY_COUNT=4095 POLL_INTERVAL=10",
			     (unsigned long long)fence, g->seq);
	if (g->s.packets && !below(4) && g->seq) { /* a wait on a semaphore signalled just before */
		bench_packet(&g->s, 3, "SEMAPHORE SIGNAL=1 SEMAPHORE_ADDR=0x%llx", (unsigned long long)sem);
		bench_packet(&g->s, 3, "SEMAPHORE SIGNAL=0 SEMAPHORE_ADDR=0x%llx", (unsigned long long)sem);
	}
	while (g->s.n & 7) /* cik_sdma_ring_ib_execute pads with NOPs */
		bench_packet(&g->s, 1, "NOP");
}

static uint32_t *dma_chunk(const struct gk_format *fmt, size_t *n, uint64_t *moved)
{
	struct dmagen g;
	memset(&g, 0, sizeof g);
	rng_seed(BENCH_SEED ^ 0x434b);
	bench_stream_begin(&g.s, fmt, STREAM_CHUNK / 4 + 8192);
	while (g.s.n * 4 < STREAM_CHUNK)
		dma_batch(&g);
	bench_stream_end(&g.s);
	uint32_t *w = g.s.w;
	*n = g.s.nw;
	*moved = g.moved;
	g.s.w = NULL;
	bench_stream_free(&g.s);
	return w;
}

/* `cli run -g gpu -e engine args... file`, output to /dev/null: seconds
 * (-1: could not start), *st its exit status */
static double run_cli(const char *cli, const char *gpu, const char *engine, char **args, int nargs, const char *file,
		      int *st)
{
	char *argv[16 + 2 * 8];
	int n = 0;
	argv[n++] = (char *)cli;
	argv[n++] = (char *)"run";
	argv[n++] = (char *)"-g";
	argv[n++] = (char *)gpu;
	argv[n++] = (char *)"-e";
	argv[n++] = (char *)engine;
	for (int k = 0; k < nargs && k < 2 * 8; k++)
		argv[n++] = args[k];
	argv[n++] = (char *)file;
	argv[n] = 0;
	posix_spawn_file_actions_t fa;
	if (posix_spawn_file_actions_init(&fa) != 0)
		return -1;
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, 1, 2);
	extern char **environ;
	double t0 = now();
	pid_t pid;
	int e = posix_spawn(&pid, argv[0], &fa, 0, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	int status;
	if (e != 0 || waitpid(pid, &status, 0) != pid)
		return -1;
	double t = now() - t0;
	*st = WIFEXITED(status) ? WEXITSTATUS(status) : 128;
	return t;
}

/* One stream: its file, then `gfxkit run` over it BENCH_RUNS times, each
 * followed by cksum over the file; the best rate, the median ratio, the
 * target.  1 when a run does not complete (exit 0). */
static int run_row(const char *cli, const char *dir, bool keep, double mb, const char *engine, const char *gpu,
		   const char *label, char **args, int nargs)
{
	struct gk_format fmt;
	int init = !strcmp(engine, "pm4") ? gk_pm4_format_init(&fmt, gpu) : gk_dma_format_init(&fmt, gpu);
	if (init) {
		fprintf(stderr, "bench_exec: no %s format %s\n", engine, gpu);
		return 1;
	}
	size_t nchunk;
	uint64_t moved = 0;
	uint32_t *chunk = !strcmp(engine, "pm4") ? pm4_chunk(&fmt, &nchunk) : dma_chunk(&fmt, &nchunk, &moved);
	if (!chunk) {
		fprintf(stderr, "bench_exec: the %s tables lack a register the generator needs\n", gpu);
		return 1;
	}
	char path[96];
	snprintf(path, sizeof path, "%s/run-%s.bin", dir, gpu);
	size_t nw = bench_cut(&fmt, chunk, nchunk, (size_t)(mb * 1e6));
	if (write_cyclic(path, chunk, nchunk, nw) != 0) {
		fprintf(stderr, "bench_exec: %s: cannot write\n", path);
		free(chunk);
		return 1;
	}
	printf("\n  %s: %.1f MB, %llu packets\n", label, 4.0 * (double)nw / 1e6,
	       bench_count(&fmt, chunk, nchunk, nw));
	print_mix(&fmt, chunk, nchunk);
	if (moved) /* what the figure below includes besides the packets */
		printf("  its copies, clears and page-table writes move %.1f bytes per byte of stream\n",
		       (double)moved / (4.0 * (double)nchunk));
	free(chunk);
	if (keep) {
		printf("  gfxkit run -g %s -e %s", gpu, engine);
		for (int k = 0; k < nargs; k++)
			printf(" %s", args[k]);
		printf(" %s\n", path);
	}
	struct row r = { "run", 1e30, 4.0 * (double)nw / 1e6, 0, 0, 0, { 0 } };
	int bad = 0;
	for (int run = 0; run < BENCH_RUNS && !bad; run++) {
		int st = -1;
		double t = run_cli(cli, gpu, engine, args, nargs, path, &st);
		if (t < 0 || st != 0) {
			fprintf(stderr, "bench_exec: gfxkit run -g %s -e %s %s: exit %d (the stream must complete)\n", gpu,
				engine, path, st);
			bad = 1;
			break;
		}
		r.best = t < r.best ? t : r.best;
		pair_cksum(&r, run, t, path);
	}
	if (!keep)
		unlink(path);
	printf("  gfxkit run -g %-9s -e %-4s %9.1f MB/s  %6.2fx cksum (median of %d, cksum %.0f MB/s)\n", gpu, engine,
	       bad ? 0 : mbs(&r), r.ratio, BENCH_RUNS, r.ck > 0 ? r.in_mb / r.ck : 0);
	char what[96];
	snprintf(what, sizeof what, "CLI %s run", label);
	report_target(what, true, TARGET_RUN, bad ? 0 : mbs(&r), "MB/s");
	return bad;
}

static int run_streams(int argc, char **argv)
{
	if (!selected("cli"))
		return 0;
	struct bench_start b;
	if (bench_begin(&b, argc, argv) != 0)
		return 1;
	if (!b.cli_ok) {
		printf("bench_exec: no command-line tool %s: no run rows\n", b.cli);
		rmdir(b.dir);
		return 0;
	}
	printf("\nrun: `gfxkit run` over whole streams (MB of stream per second; every address in the --zero regions)\n");
	char pm4_zero[48];
	snprintf(pm4_zero, sizeof pm4_zero, "0x%llx:0x%x", (unsigned long long)PM4_MEM, PM4_MEM_SIZE);
	char *pm4_args[] = { (char *)"--zero", pm4_zero };
	char dma_zero[4][48], *dma_args[8];
	for (int i = 0; i < 4; i++) {
		snprintf(dma_zero[i], sizeof dma_zero[i], "0x%llx:0x%llx", (unsigned long long)dma_bufs[i].base,
			 (unsigned long long)dma_bufs[i].size);
		dma_args[2 * i] = (char *)"--zero";
		dma_args[2 * i + 1] = dma_zero[i];
	}
	int rc = run_row(b.cli, b.dir, b.keep, b.mb, "pm4", "gfx9", "PM4 gfx9", pm4_args, 2);
	rc |= run_row(b.cli, b.dir, b.keep, b.mb, "dma", "cik", "DMA cik", dma_args, 8);
	if (!b.keep)
		rmdir(b.dir);
	return rc;
}

int main(int argc, char **argv)
{
	int rc = 0;
	if (!selected("cli") || selected("moves")) {
		struct gk_engine *e = gk_engine_open("dma", "bonaire", NULL);
		if (!e)
			return 1;
		printf("run: CIK SDMA copies, writes and fills executed on a memory image (MB moved per second, best of %d)\n",
		       RUNS);
		rc = linear(e) | writes(e) | fills(e, 4000000, 16, "linear CONSTANT_FILL") |
		     fills(e, 4, 200000, "small CONSTANT_FILL (4 bytes)") | tiled(e);
		gk_engine_close(e);
	}
	return rc | run_streams(argc, argv);
}
