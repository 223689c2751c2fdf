/* Execution throughput (`make bench`): CIK SDMA streams run by gk_exec_run
 * on a memory image, in MB moved per second (best of 3, one core), each
 * next to what the C library does with the same bytes in the same run:
 * linear copies and writes next to memcpy, fills next to memset, tiled
 * copies next to gk_tile_pack of the same surface.  Each run's result is
 * checked (the destination equals the source, the fill value, the packet's
 * data, or the tiling module's packing); exit status 1 only if it differs
 * or the run does not complete.  Linear work has a target: at least 0.3x
 * the C library on the same bytes. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

int main(void)
{
	struct gk_engine *e = gk_engine_open("dma", "bonaire", NULL);
	if (!e)
		return 1;
	printf("run: CIK SDMA copies, writes and fills executed on a memory image (MB moved per second, best of %d)\n", RUNS);
	int rc = linear(e) | writes(e) | fills(e, 4000000, 16, "linear CONSTANT_FILL") |
		 fills(e, 4, 200000, "small CONSTANT_FILL (4 bytes)") | tiled(e);
	gk_engine_close(e);
	return rc;
}
