/* gfxkit Adreno a6xx throughput benchmark (`make bench`, `-e adreno`).
 *
 * A stream of a6xx CP packets as freedreno's fd6 driver fills a draw's
 * command buffer (fd6_emit.c, fd6_draw.c): runs of register writes in type-4
 * packets over the state registers (GRAS, RB, VPC, PC, VFD, SP, HLSQ: the
 * a6xx table's registers at dword offsets 0x8000-0xbfff), shader and
 * constant loads (CP_LOAD_STATE6_GEOM / _FRAG, indirect), draws
 * (CP_DRAW_INDX_OFFSET, auto index), cache flushes (CP_EVENT_WRITE),
 * CP_WAIT_FOR_IDLE, CP_MEM_WRITE fences and CP_NOP filler.  Each packet is
 * written as the assembly text `gfxkit decode` prints, with the header
 * parity bits Mesa's pm4_odd_parity_bit gives, and the library's assembler
 * makes the words (tools/bench.h); register names and packet fields come
 * from the tables, none is hand-encoded.  A 1 MiB chunk is repeated to
 * GFXKIT_BENCH_MB.
 *
 * Measured like the PM4 streams: check, text and JSON in memory, the
 * assembler (decode -> encode gives the words back), and the command-line
 * tool over the file next to cksum (check, decode, decode --json, peak
 * RSS).  Targets: the PM4 ones (check <= 5x cksum, text >= 250 MB/s, JSON
 * >= 100 MB/s).  GFXKIT_BENCH_ONLY keys: adreno (all), cli.  Exit status 1
 * when the stream does not check clean or round-trip, or the tool fails. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

#define CHUNK (1u << 20)
#define GPU "a630"

/* Mesa's pm4_odd_parity_bit (adreno_pm4.xml's headers): the bit that makes
 * the field and it together have an odd number of ones */
static unsigned odd_parity(uint32_t v)
{
	return !(__builtin_popcount(v) & 1);
}

/* " COUNT_PARITY=1" and " OPCODE_PARITY=1" where the header needs them
 * (decode leaves the zero ones out) */
static const char *par(const char *name, uint32_t v, char *buf, size_t cap)
{
	if (odd_parity(v))
		snprintf(buf, cap, " %s=1", name);
	else
		buf[0] = 0;
	return buf;
}

struct agen {
	struct bench_stream s;
	const struct gk_reg **r; /* the state registers, by offset */
	unsigned *run;           /* consecutive ones from r[i] (at most 16) */
	size_t n;
	uint32_t seq;
};

/* a type-7 packet's first line: NAME, its parity bits, then fields */
static void pkt7(struct agen *g, const char *name, uint32_t opcode, unsigned count, const char *fields)
{
	char a[24], b[24];
	bench_packet(&g->s, 1 + count, "%s%s%s%s%s", name, par("COUNT_PARITY", count, a, sizeof a),
		     par("OPCODE_PARITY", opcode, b, sizeof b), *fields ? " " : "", fields);
}

/* A value a driver would write: named or small values in some fields */
static uint32_t reg_value(const struct gk_reg *r)
{
	if (!r->nfields)
		return below(2) ? below(256) : (uint32_t)rnd64();
	uint32_t v = 0;
	for (unsigned i = 0; i < r->nfields; i++) {
		const struct gk_reg_field *f = &r->fields[i];
		if (below(2))
			continue;
		unsigned w = (unsigned)(f->hi - f->lo) + 1;
		uint32_t mask = w >= 32 ? 0xffffffffu : (1u << w) - 1u;
		uint32_t x = f->nvalues && below(4) ? f->values[below(f->nvalues)].value
			     : w > 8 ? below(256) : (uint32_t)rnd64();
		v |= (x & mask) << f->lo;
	}
	return v;
}

/* CP_TYPE4_PKT over a run of consecutive state registers */
static void reg_run(struct agen *g)
{
	size_t i = below((uint32_t)g->n);
	unsigned n = 1 + below(g->run[i]);
	uint32_t off = g->r[i]->offset / 4;
	char a[24], b[24];
	bench_packet(&g->s, 1 + n, "CP_TYPE4_PKT%s OFFSET=0x%x%s", par("COUNT_PARITY", n, a, sizeof a), off,
		     par("OFFSET_PARITY", off, b, sizeof b));
	for (unsigned k = 0; k < n; k++)
		bench_line(&g->s, "    0x%05x %s <- 0x%x", g->r[i + k]->offset, g->r[i + k]->name, reg_value(g->r[i + k]));
}

static void load_state(struct agen *g)
{
	static const char *const geom[] = { "SB6_VS_SHADER", "SB6_VS_TEX" }, *const frag[] = { "SB6_FS_SHADER",
												"SB6_FS_TEX" };
	bool fs = below(2);
	unsigned shader = below(2) == 0;
	char f[256];
	snprintf(f, sizeof f, "DST_OFF=0 STATE_TYPE=%s STATE_SRC=SS6_INDIRECT STATE_BLOCK=%s NUM_UNIT=%u "
		 "EXT_SRC_ADDR=0x%x EXT_SRC_ADDR_HI=0x%x", shader ? "ST6_SHADER" : "ST6_CONSTANTS",
		 (fs ? frag : geom)[shader ? 0 : 1], 1 + below(128), (uint32_t)rnd64() & ~0xfu, below(2));
	pkt7(g, fs ? "CP_LOAD_STATE6_FRAG" : "CP_LOAD_STATE6_GEOM", fs ? 0x34 : 0x32, 3, f);
}

static void draw(struct agen *g)
{
	static const char *const prim[] = { "DI_PT_TRILIST", "DI_PT_TRISTRIP", "DI_PT_TRIFAN", "DI_PT_LINELIST",
					    "DI_PT_POINTLIST" };
	char f[256];
	snprintf(f, sizeof f, "PRIM_TYPE=%s SOURCE_SELECT=DI_SRC_SEL_AUTO_INDEX VIS_CULL=%s "
		 "INDEX_SIZE=INDEX4_SIZE_8_BIT PATCH_TYPE=TESS_QUADS NUM_INSTANCES=%u NUM_INDICES=%u COUNT=3",
		 prim[below(5)], below(2) ? "USE_VISIBILITY" : "IGNORE_VISIBILITY", below(8) ? 1 : 1 + below(64),
		 3 + below(60000));
	pkt7(g, "CP_DRAW_INDX_OFFSET", 0x38, 3, f);
}

static void event(struct agen *g)
{
	static const char *const ev[] = { "PC_CCU_FLUSH_COLOR_TS", "PC_CCU_FLUSH_DEPTH_TS", "PC_CCU_INVALIDATE_COLOR",
					  "PC_CCU_INVALIDATE_DEPTH", "CACHE_FLUSH_TS", "LRZ_FLUSH", "CACHE_INVALIDATE" };
	char f[96];
	snprintf(f, sizeof f, "EVENT=%s COUNT=1", ev[below(7)]);
	pkt7(g, "CP_EVENT_WRITE", 0x46, 1, f);
}

static void fence(struct agen *g)
{
	char f[96];
	snprintf(f, sizeof f, "ADDR_LO=0x%x ADDR_HI=0x1", 0x100000u + 4 * below(256));
	pkt7(g, "CP_MEM_WRITE", 0x3d, 3, f);
	bench_line(&g->s, "    DATA 0x%08x", ++g->seq);
}

static void nop(struct agen *g)
{
	unsigned n = below(4);
	pkt7(g, "CP_NOP", 0x10, n, "");
	if (n) {
		char line[64] = "    DATA";
		for (unsigned k = 0; k < n; k++)
			snprintf(line + strlen(line), sizeof line - strlen(line), " 0x%08x", (uint32_t)rnd64());
		bench_line(&g->s, "%s", line);
	}
}

/* One draw: its state, maybe shader and constant loads, the draw, and
 * now and then a flush, a wait, a fence and filler */
static void batch(struct agen *g)
{
	for (unsigned k = 2 + below(7); k; k--)
		reg_run(g);
	for (unsigned k = below(3); k; k--)
		load_state(g);
	draw(g);
	if (!below(4))
		event(g);
	if (!below(8))
		pkt7(g, "CP_WAIT_FOR_IDLE", 0x26, 0, "");
	if (!below(8))
		fence(g);
	if (!below(6))
		nop(g);
}

static uint32_t *make_chunk(const struct gk_format *fmt, size_t target, size_t *nchunk)
{
	struct agen g;
	memset(&g, 0, sizeof g);
	const struct gk_reg_table *t = fmt->regs;
	g.r = xmalloc(t->nregs * sizeof *g.r);
	g.run = xmalloc(t->nregs * sizeof *g.run);
	for (size_t i = 0; i < t->nregs; i++) {
		const struct gk_reg *r = gk_reg_at(t, i);
		if (r->offset >= 4 * 0x8000u && r->offset < 4 * 0xc000u)
			g.r[g.n++] = r;
	}
	if (!g.n) {
		fprintf(stderr, "bench: no a6xx state registers in the %s table\n", fmt->gen);
		exit(2);
	}
	for (size_t i = 0; i < g.n; i++) {
		unsigned k = 1;
		while (k < 16 && i + k < g.n && g.r[i + k]->offset == g.r[i]->offset + 4 * k)
			k++;
		g.run[i] = k;
	}
	size_t bytes = target < CHUNK ? target : CHUNK;
	rng_seed(BENCH_SEED ^ 0xa630u);
	bench_stream_begin(&g.s, fmt, CHUNK / 4 + 8192);
	while (g.s.n * 4 < bytes)
		batch(&g);
	bench_stream_end(&g.s);
	uint32_t *w = g.s.w;
	*nchunk = g.s.nw;
	g.s.w = NULL;
	bench_stream_free(&g.s);
	free(g.r);
	free(g.run);
	return w;
}

static int bench_adreno(const char *gpu, double mb, const char *dir)
{
	size_t target = (size_t)(mb * 1e6);
	struct gk_format *fmt = xmalloc(sizeof *fmt);
	if (gk_adreno_format_init(fmt, gpu) != 0) {
		fprintf(stderr, "bench: no Adreno format for '%s'\n", gpu);
		return 2;
	}
	FILE *devnull = fopen("/dev/null", "w");
	if (!devnull) {
		fprintf(stderr, "bench: /dev/null: %s\n", strerror(errno));
		return 2;
	}
	char path[512], qpath[512];
	snprintf(path, sizeof path, "%s/adreno-%s.bin", dir, gpu);
	snprintf(qpath, sizeof qpath, "%s/adreno-%s-quarter.bin", dir, gpu);
	double t0 = now();
	size_t nchunk;
	uint32_t *chunk = make_chunk(fmt, target, &nchunk);
	size_t nw = bench_cut(fmt, chunk, nchunk, target);
	unsigned long long packets = bench_count(fmt, chunk, nchunk, nw);
	if (write_cyclic(path, chunk, nchunk, nw) != 0 ||
	    write_cyclic(qpath, chunk, nchunk, bench_cut(fmt, chunk, nchunk, target / 4)) != 0) {
		fprintf(stderr, "bench: %s: write error: %s\n", path, strerror(errno));
		return 2;
	}
	double in_mb = (double)nw * 4 / 1e6;
	printf("\ngfxkit bench: adreno %s (%s), %.1f MB stream, %llu packets (%.1f dwords/packet), seed 0x%llx, "
	       "generated in %.2f s\n", gpu, fmt->gen, in_mb, packets, (double)nw / (double)packets,
	       (unsigned long long)(BENCH_SEED ^ 0xa630u), now() - t0);
	uint32_t *w = bench_fill(chunk, nchunk, nw);
	print_mix(fmt, w, nw < (1u << 22) ? nw : (1u << 22));
	static const struct {
		const char *name;
		enum mode m;
	} modes[] = { { "check   (memory)", M_CHECK }, { "text    (memory, /dev/null)", M_TEXT },
		      { "json    (memory, /dev/null)", M_JSON } };
	struct row rows[3];
	int bad = 0;
	for (size_t k = 0; k < 3; k++) {
		struct row r = { modes[k].name, 1e30, in_mb, 0, 0, 0, { 0 } };
		for (int run = 0; run < BENCH_RUNS; run++) {
			double s = now();
			struct result res = run_memory(fmt, w, nw, modes[k].m, modes[k].m == M_CHECK ? 0 : devnull, 0, 0);
			double t = now() - s;
			if (t < r.best)
				r.best = t;
			pair_cksum(&r, run, t, path);
			r.out_mb = (double)res.out_bytes / 1e6;
			if (res.failed || res.errors || res.warnings || res.packets != packets) {
				if (run == 0)
					fprintf(stderr, "bench: adreno %s: %llu packets (want %llu), %llu errors, %llu warnings\n",
						r.name, res.packets, packets, res.errors, res.warnings);
				bad = 1;
			}
		}
		rows[k] = r;
	}
	struct encode enc;
	if (!measure_encode(fmt, w, nw, true, "adreno: ", &enc))
		return 2;
	if (!enc.ok)
		bad = 1;
	print_table(rows, 3, &enc);
	printf("\n");
	report_target("Adreno a6xx check (memory) time / cksum", false, TARGET_CKSUM_X, rows[0].ratio, "x");
	report_target("Adreno a6xx text decode (memory)", true, TARGET_TEXT, mbs(&rows[1]), "MB/s");
	report_target("Adreno a6xx JSON decode (memory, no text)", true, TARGET_JSON, mbs(&rows[2]), "MB/s");
	if (bad)
		printf("  FAILED: the generated Adreno stream did not check clean or did not round-trip (see stderr)\n");
	free(w);
	free(chunk);
	free(fmt);
	fclose(devnull);
	return bad;
}

int main(int argc, char **argv)
{
	struct bench_start b;
	if (bench_begin(&b, argc, argv))
		return 2;
	if (!selected("adreno") && !selected("cli"))
		return 0;
	char path[600], qpath[600];
	int rc = in_child(bench_adreno, GPU, b.mb, b.dir);
	snprintf(path, sizeof path, "%s/adreno-%s.bin", b.dir, GPU);
	snprintf(qpath, sizeof qpath, "%s/adreno-%s-quarter.bin", b.dir, GPU);
	if (b.cli_ok && rc < 2 && access(path, R_OK) == 0)
		cli_runs(b.cli, "adreno", GPU, 0, 0, qpath, path, "Adreno a6xx", TARGET_TEXT, TARGET_JSON, &rc);
	if (!b.keep) {
		unlink(path);
		unlink(qpath);
		rmdir(b.dir);
	} else {
		fprintf(stderr, "bench: kept the streams in %s\n", b.dir);
	}
	return rc;
}
