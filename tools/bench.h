/* What every bench program (tools/bench_*.c) shares: the clock and the
 * "  target: " line that make bench collects from all of them, and, in
 * tools/bench_common.c (linked into each), what the stream benches of PM4
 * (bench_pm4.c) and DMA (bench_dma.c) share: the seeded generator, streams
 * built as assembly text through the library's own assembler, the measured
 * loops (check, text, JSON, the streaming reader, encode), the cksum
 * yardstick and the command-line tool's peak RSS.
 * Include after defining _POSIX_C_SOURCE (clock_gettime). */
#ifndef GK_BENCH_H
#define GK_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "gfxkit/gfxkit.h"

/* seconds on the monotonic clock */
static inline double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One line of the targets block.  ge: the value must be at least want,
 * else at most; value <= 0: not measured. */
static inline void report_target(const char *what, bool ge, double want, double value, const char *unit)
{
	printf("  target: %-44s %s %6g %-4s  measured %9.2f %-4s  ", what, ge ? ">=" : "<=", want, unit, value, unit);
	if (!(value > 0))
		printf("NOT MEASURED\n");
	else if (ge ? value >= want : value <= want)
		printf("MET\n");
	else
		printf("MISSED by %.2f %s (%.0f%%)\n", ge ? want - value : value - want, unit,
		       100.0 * (ge ? want - value : value - want) / want);
}

/* A figure without a target, in the same block. */
static inline void report_figure(const char *what, double value, const char *unit)
{
	printf("  target: %-44s (no target)  measured %9.2f %s\n", what, value, unit);
}

/* ---- tools/bench_common.c: the stream benches (bench_pm4.c, bench_dma.c) ---- */

#define BENCH_SEED 0x9e3779b97f4a7c15ull
#define BENCH_RUNS 3
/* the targets (MB = 10^6 bytes of input per second) */
#define TARGET_CHECK 1000.0       /* PM4 and DMA check */
#define TARGET_CKSUM_X 5.0        /* check time / cksum time over the same bytes */
#define TARGET_CLI_BO_X 8.0       /* the CLI's check with 44 --bo buffers / cksum */
#define TARGET_TEXT_GFX11 150.0   /* GFX11 text decode: half its stream is register pairs */
#define TARGET_JSON_GFX11 70.0
#define TARGET_BO 500.0           /* DMA check with the --bo buffers */
#define TARGET_TEXT 250.0         /* text decode */
#define TARGET_JSON 100.0         /* JSON decode without text */
#define TARGET_RSS 8.0            /* CLI streaming check/decode peak RSS, MB (2^20 bytes) */
#define TARGET_RSS_GROWTH 1.25    /* its growth from a quarter of the stream to all of it */
#define BENCH_CKSUM "/usr/bin/cksum"

void *xmalloc(size_t n);              /* exits when out of memory */

/* The registers of a table in [lo, hi) and, for each, how many consecutive
 * table registers start there (capped at 16): what the PM4 stream
 * generators draw their register runs from (bench_pm4, bench_exec) */
struct regset {
	const struct gk_reg **r;
	unsigned *run;
	size_t n;
};
void regset_build(struct regset *s, const struct gk_reg_table *t, uint32_t lo, uint32_t hi);
void regset_free(struct regset *s);
/* a value a driver would write to r: fields set to named or in-range
 * values, no stray bits; a fieldless register an address, count or bits */
uint32_t bench_reg_value(const struct gk_reg *r);
double peak_rss_mb(void);             /* this process's, MB (2^20 bytes) */

/* the generators' random numbers: splitmix64 from a seed */
void rng_seed(uint64_t seed);
uint64_t rnd64(void);
uint32_t below(uint32_t n);           /* 0 .. n - 1 (0 for n 0) */

/* GFXKIT_BENCH_ONLY holds mode (or is unset) */
bool selected(const char *mode);
/* GFXKIT_BENCH_MB (default 200), or -1 after saying what is wrong */
double bench_mb(void);

/* What both stream benches start from: the CLI to time (argv[1], else
 * build/gfxkit, and whether it can be run), the stream size, a fresh
 * temporary folder for the stream files and whether to keep them
 * (GFXKIT_BENCH_KEEP).  Says when cksum is missing.  -1 (after a message)
 * when the size or the folder cannot be had. */
struct bench_start {
	const char *cli;
	double mb;
	char dir[32];
	bool keep, cli_ok;
};
int bench_begin(struct bench_start *b, int argc, char **argv);

/* ---- streams written as assembly text ----
 * A generator writes each packet as the text `gfxkit decode` prints (and
 * `gfxkit encode` reads): bench_packet starts one with its first line,
 * bench_line adds the lines under it.  Every line goes straight to the
 * library's assembler (gk_asm_*), whose words collect in chunk; no opcode,
 * header layout or register offset is written by hand.  ndw is the packet's
 * size as the generator counts it (it pads to 8-dword boundaries and points
 * at ring positions with it): bench_stream_end holds the assembler to it.
 * bench_hold keeps the lines from then on until bench_release (an indirect
 * buffer's packets, written before the packet that launches them, whose
 * size they give). */
struct bench_stream {
	const struct gk_format *fmt;
	struct gk_asm *a;
	uint32_t *w;           /* the words assembled */
	size_t nw, cap;
	size_t n;              /* dwords the generator counted */
	unsigned long long packets;
	char *held;            /* held lines, '\n'-separated */
	size_t nheld, capheld;
	bool holding;
};
void bench_stream_begin(struct bench_stream *s, const struct gk_format *fmt, size_t cap_words);
void bench_packet(struct bench_stream *s, size_t ndw, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void bench_line(struct bench_stream *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void bench_hold(struct bench_stream *s);
void bench_release(struct bench_stream *s);
/* assemble what is left; exits when the assembler found errors or its
 * words are not as many as the generator counted */
void bench_stream_end(struct bench_stream *s);
void bench_stream_free(struct bench_stream *s);

/* The stream to measure is a chunk (nchunk words, whole packets) repeated:
 * assembling a 200 MB stream line by line would take minutes (the encode
 * row measures that), so one chunk is assembled and its words repeated.
 * bench_prefix: the first whole packets of w[0..nw) that hold at least
 * bytes bytes, in words; bench_cut: the same over the repeated chunk (the
 * stream of at least bytes bytes); bench_count: the packets of its first nw
 * words; bench_fill: those words (malloc'd); write_cyclic: to path,
 * little-endian (0, or -1 with errno). */
size_t bench_prefix(const struct gk_format *fmt, const uint32_t *w, size_t nw, size_t bytes);
size_t bench_cut(const struct gk_format *fmt, const uint32_t *chunk, size_t nchunk, size_t bytes);
unsigned long long bench_count(const struct gk_format *fmt, const uint32_t *chunk, size_t nchunk, size_t nw);
uint32_t *bench_fill(const uint32_t *chunk, size_t nchunk, size_t nw);
int write_cyclic(const char *path, const uint32_t *chunk, size_t nchunk, size_t nw);

/* n words to path, little-endian; 0 or -1 (errno set) */
int write_words(const char *path, const uint32_t *w, size_t n);
/* packets and bytes per packet name, as the mix line */
void print_mix(const struct gk_format *fmt, const uint32_t *w, size_t nw);

/* ---- the measured loops ---- */
enum mode { M_CHECK, M_TEXT, M_JSON };

struct result {
	unsigned long long packets, errors, warnings, out_bytes;
	int failed;
};

extern bool quiet_diags; /* a run expected to find errors: its diagnostics not shown */
struct result run_memory(const struct gk_format *fmt, const uint32_t *w, size_t n, enum mode m, FILE *sink,
			 const struct gk_bo *bos, unsigned nbos);
/* the streaming reader over a file */
struct result run_file(const struct gk_format *fmt, const char *path, enum mode m, FILE *sink);

struct row {
	const char *name;
	double best;          /* seconds */
	double in_mb;         /* input MB per run */
	double out_mb;        /* output MB per run */
	double ck;            /* best cksum seconds over the same bytes */
	double ratio;         /* median over the runs of gfxkit time / the cksum time right after it */
	double pair[BENCH_RUNS];
};
/* After run `run` of a row took t seconds: cksum over the same bytes. */
void pair_cksum(struct row *r, int run, double t, const char *path);
double mbs(const struct row *r);

/* The encode figures: the text of the first 20 MB of a stream (all of it
 * when shorter), assembled back to words BENCH_RUNS times. */
struct encode {
	bool ran;
	struct row row;    /* text MB in, words MB out, best time */
	size_t text_bytes;
	unsigned asm_errors;
	bool same;         /* every run gave the words back */
	bool ok;           /* same, and no assembler errors */
};
bool measure_encode(const struct gk_format *fmt, const uint32_t *w, size_t nw, bool enabled, const char *who,
		    struct encode *e);
/* The figures of a stream: one line a row, then the encode row's two. */
void print_table(const struct row *rows, unsigned nrows, const struct encode *e);

/* ---- processes ---- */
/* fn(arg, mb, dir) in a child process (its peak RSS and its large buffers
 * its own, main small for cli_runs); its exit code */
int in_child(int (*fn)(const char *, double, const char *), const char *arg, double mb, const char *dir);
/* The tool over one stream file as a user runs it: check, check with the
 * --bo arguments bo[0..nbo) (when nbo), decode and decode --json, each
 * next to cksum over the same file; its peak RSS over the quarter file and
 * the whole one.  label names the targets ("PM4 gfx9", "DMA cik"); text_mb
 * and json_mb are the decode targets.  A run that fails raises *rc to 1. */
void cli_runs(const char *cli, const char *engine, const char *gpu, char **bo, int nbo, const char *quarter,
	      const char *whole, const char *label, double text_mb, double json_mb, int *rc);
/* The --bo arguments a DMA bench wrote (up to 2 * 64 words) */
int read_bo_args(const char *path, char **argv, char *store, size_t cap);

#endif
