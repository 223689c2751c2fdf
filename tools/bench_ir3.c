/* ir3 benchmark (make bench).  First the command-line tool itself on mixed
 * real code: the a6xx words of Mesa's freedreno CI logs
 * (tests/vectors/ir3_mesa_ci_a6xx.hex) repeated to GFXKIT_BENCH_IR3_CLI_N
 * instructions (default 1000000), `gfxkit decode -e isa -g a630 -f bin`
 * into a text file and `gfxkit encode` of that text back (checked equal to
 * the input), each run next to cksum over the same bytes right after it;
 * median of 3 runs.  Both tools keep a memo (src/isa/ir3/engine.c: words
 * decoded, lines assembled) that the repetition favours, so two more rows
 * say what real code gets without it: the CI-log words once each (4,725
 * words, 1,261 different: real shaders repeat their own words) and the
 * different words once each (no repeat at all), each a fresh process, the
 * median of 11.  Then the library alone: decode (with the exactness
 * check inside decode) and encode of random cat6 words; best of 3 runs
 * (GFXKIT_BENCH_IR3_N=n: the first n words only, default and most 20000).
 * Targets: CLI decode >= 2 M instructions/s, encode >= 1 M/s ("  target: "
 * lines, which make bench collects). */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <inttypes.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "gfxkit/ir3.h"

#include "bench.h"

static uint64_t rnd(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545F4914F6CDD1Dull;
}

#define N_MAX 20000
#define TARGET_DECODE 2e6
#define TARGET_ENCODE 1e6

/* The two timed loops, each its own (not inlined) function so that a
 * profile (valgrind --tool=callgrind) shows the cost of each phase as the
 * inclusive cost of bench_decode and bench_encode. */
static __attribute__((noinline)) unsigned bench_decode(const uint64_t *words, unsigned n,
							char (*texts)[GK_IR3_TEXT_MAX])
{
	static struct gk_ir3_insn in;
	static struct gk_diags dg;
	unsigned exact = 0;
	for (unsigned i = 0; i < n; i++) {
		gk_diags_reset(&dg);
		gk_ir3_decode(630, words[i], &in, &dg);
		exact += in.exact;
		memcpy(texts[i], in.text, sizeof in.text);
	}
	return exact;
}

static __attribute__((noinline)) unsigned bench_encode(unsigned n, char (*texts)[GK_IR3_TEXT_MAX])
{
	unsigned ok = 0;
	for (unsigned i = 0; i < n; i++) {
		uint64_t w;
		struct gk_diag err;
		ok += gk_ir3_encode(630, texts[i], strlen(texts[i]), &w, &err) == 0;
	}
	return ok;
}

extern char **environ;

/* argv run with stdout and stderr on /dev/null: its wall time in seconds,
 * -1 when it could not run or did not exit 0 */
static double run_quiet(char *const argv[])
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
	if (waitpid(pid, &st, 0) != pid)
		return -1;
	double t = now() - t0;
	return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? t : -1;
}

static bool same_file(const char *a, const char *b)
{
	FILE *f = fopen(a, "rb"), *g = fopen(b, "rb");
	bool same = f && g;
	while (same) {
		int x = getc(f), y = getc(g);
		same = x == y;
		if (x == EOF)
			break;
	}
	if (f)
		fclose(f);
	if (g)
		fclose(g);
	return same;
}

static long file_size(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f || fseek(f, 0, SEEK_END) != 0) {
		if (f)
			fclose(f);
		return -1;
	}
	long n = ftell(f);
	fclose(f);
	return n;
}

#define SAMPLE "tests/vectors/ir3_mesa_ci_a6xx.hex"

#define ONE_PASS_RUNS 11

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* n words written to PATH.bin once, decoded and encoded back by fresh
 * processes ONE_PASS_RUNS times: the median seconds of each into *dec and
 * *enc; false when a run failed or the words did not come back (an empty
 * file: the start-up alone). */
static bool one_pass(const char *cli, const char *dir, const char *name, const uint64_t *w, size_t n, double *dec,
		     double *enc)
{
	char bin[96], txt[96], back[96];
	snprintf(bin, sizeof bin, "%s/%s.bin", dir, name);
	snprintf(txt, sizeof txt, "%s/%s.txt", dir, name);
	snprintf(back, sizeof back, "%s/%s-back.bin", dir, name);
	FILE *o = fopen(bin, "wb");
	for (size_t i = 0; o && i < n; i++) {
		unsigned char b[8];
		for (int k = 0; k < 8; k++)
			b[k] = (unsigned char)(w[i] >> (8 * k));
		fwrite(b, 1, 8, o);
	}
	if (!o || fclose(o) != 0)
		return false;
	char *d[] = { (char *)cli, "decode", "-e", "isa", "-g", "a630", "-f", "bin", bin, "-o", txt, 0 };
	char *e[] = { (char *)cli, "encode", "-e", "isa", "-g", "a630", txt, "-o", back, 0 };
	double td[ONE_PASS_RUNS], te[ONE_PASS_RUNS];
	bool ok = true;
	for (int r = 0; ok && r < ONE_PASS_RUNS; r++) {
		td[r] = run_quiet(d);
		te[r] = td[r] < 0 ? -1 : run_quiet(e);
		ok = td[r] > 0 && te[r] > 0 && (n ? same_file(bin, back) : file_size(back) <= 0);
	}
	if (!getenv("GFXKIT_BENCH_KEEP")) {
		remove(bin);
		remove(txt);
		remove(back);
	}
	if (!ok)
		return false;
	qsort(td, ONE_PASS_RUNS, sizeof td[0], cmp_double);
	qsort(te, ONE_PASS_RUNS, sizeof te[0], cmp_double);
	*dec = td[ONE_PASS_RUNS / 2];
	*enc = te[ONE_PASS_RUNS / 2];
	return true;
}

/* The tool on mixed real code (see the top of the file); 0, or 1 when a
 * run failed or the words did not come back. */
static int bench_cli(const char *cli)
{
	FILE *f = fopen(SAMPLE, "r");
	if (!f) {
		printf("ir3 CLI: %s not found (run from the repository): not measured\n", SAMPLE);
		report_target("ir3 CLI decode (a6xx real code)", true, TARGET_DECODE / 1e6, 0, "M/s");
		report_target("ir3 CLI encode (a6xx real code)", true, TARGET_ENCODE / 1e6, 0, "M/s");
		return 0;
	}
	static uint64_t sample[8192];
	size_t ns = 0;
	char line[128];
	while (ns < sizeof sample / sizeof sample[0] && fgets(line, sizeof line, f)) {
		unsigned hi, lo;
		if (line[0] != '#' && sscanf(line, "%8x_%8x", &hi, &lo) == 2)
			sample[ns++] = (uint64_t)hi << 32 | lo;
	}
	fclose(f);
	unsigned long n = 1000000;
	const char *env = getenv("GFXKIT_BENCH_IR3_CLI_N");
	if (env && atol(env) > 0)
		n = (unsigned long)atol(env);
	char dir[] = "/tmp/gfxkit-bench-ir3-XXXXXX";
	if (!ns || !mkdtemp(dir)) {
		printf("ir3 CLI: no sample words or no temporary folder: not measured\n");
		return 1;
	}
	char bin[64], txt[64], back[64];
	snprintf(bin, sizeof bin, "%s/mix.bin", dir);
	snprintf(txt, sizeof txt, "%s/mix.txt", dir);
	snprintf(back, sizeof back, "%s/back.bin", dir);
	FILE *o = fopen(bin, "wb");
	for (unsigned long i = 0; o && i < n; i++) {
		uint64_t w = sample[i % ns];
		unsigned char b[8];
		for (int k = 0; k < 8; k++)
			b[k] = (unsigned char)(w >> (8 * k));
		fwrite(b, 1, 8, o);
	}
	if (!o || fclose(o) != 0) {
		printf("ir3 CLI: cannot write %s\n", bin);
		return 1;
	}
	char *dec[] = { (char *)cli, "decode", "-e", "isa", "-g", "a630", "-f", "bin", bin, "-o", txt, 0 };
	char *enc[] = { (char *)cli, "encode", "-e", "isa", "-g", "a630", txt, "-o", back, 0 };
	struct row rd = { "decode (bin -> text)", 1e30, 0, 0, 0, 0, { 0 } };
	struct row re = { "encode (text -> bin)", 1e30, 0, 0, 0, 0, { 0 } };
	double td[BENCH_RUNS], te[BENCH_RUNS];
	int rc = 0;
	for (int run = 0; run < BENCH_RUNS; run++) {
		td[run] = run_quiet(dec);
		if (td[run] < 0) {
			printf("ir3 CLI: %s decode failed\n", cli);
			rc = 1;
			break;
		}
		pair_cksum(&rd, run, td[run], bin);
		te[run] = run_quiet(enc);
		if (te[run] < 0 || !same_file(bin, back)) {
			printf("ir3 CLI: %s encode failed or gave other words\n", cli);
			rc = 1;
			break;
		}
		pair_cksum(&re, run, te[run], txt);
	}
	if (!rc) {
		/* the median run (3: sort) */
		for (int i = 0; i < BENCH_RUNS; i++)
			for (int j = i + 1; j < BENCH_RUNS; j++) {
				double x;
				if (td[j] < td[i]) {
					x = td[i];
					td[i] = td[j];
					td[j] = x;
				}
				if (te[j] < te[i]) {
					x = te[i];
					te[i] = te[j];
					te[j] = x;
				}
			}
		double md = td[BENCH_RUNS / 2], me = te[BENCH_RUNS / 2];
		long tb = file_size(txt);
		printf("ir3 CLI (%s, a630; %zu real a6xx words of Mesa's CI logs repeated to %lu instructions, %.1f MB "
		       "binary, %.1f MB text; median of %d)\n",
		       cli, ns, n, n * 8 / 1e6, tb / 1e6, BENCH_RUNS);
		printf("  %-34s %9.0f insn/s  %7.3f s  %5.2fx cksum of the same bytes\n", rd.name, n / md, md, rd.ratio);
		printf("  %-34s %9.0f insn/s  %7.3f s  %5.2fx cksum of the same bytes\n", re.name, n / me, me, re.ratio);
		report_target("ir3 CLI decode (a6xx real code)", true, TARGET_DECODE / 1e6, n / md / 1e6, "M/s");
		report_target("ir3 CLI encode (a6xx real code)", true, TARGET_ENCODE / 1e6, n / me / 1e6, "M/s");
		report_figure("ir3 CLI decode / cksum (same bytes)", rd.ratio, "x");
		report_figure("ir3 CLI encode / cksum (same text)", re.ratio, "x");
		/* without the bench's repetition (see the top of the file) */
		static uint64_t distinct[8192];
		size_t nd = 0;
		for (size_t i = 0; i < ns; i++) {
			size_t j = 0;
			while (j < nd && distinct[j] != sample[i])
				j++;
			if (j == nd)
				distinct[nd++] = sample[i];
		}
		double d0, e0, d1, e1, d2, e2;
		if (one_pass(cli, dir, "empty", sample, 0, &d0, &e0) && one_pass(cli, dir, "once", sample, ns, &d1, &e1) &&
		    one_pass(cli, dir, "distinct", distinct, nd, &d2, &e2)) {
			/* instructions a second, with the process's start-up and
			 * with that of an empty file taken off */
			double r[2][4] = { { ns / d1, ns / e1, nd / d2, nd / e2 },
					   { ns / (d1 - d0), ns / (e1 - e0), nd / (d2 - d0), nd / (e2 - e0) } };
			printf("  without the repetition (a fresh process each, median of %d; start-up %.1f ms decode, %.1f "
			       "ms encode): with it / without it\n",
			       ONE_PASS_RUNS, d0 * 1e3, e0 * 1e3);
			printf("  %-34s %9.0f / %9.0f insn/s\n", "decode, CI-log words once", r[0][0], r[1][0]);
			printf("  %-34s %9.0f / %9.0f insn/s\n", "encode, CI-log words once", r[0][1], r[1][1]);
			printf("  %-34s %9.0f / %9.0f insn/s\n", "decode, different words once", r[0][2], r[1][2]);
			printf("  %-34s %9.0f / %9.0f insn/s\n", "encode, different words once", r[0][3], r[1][3]);
			printf("  (%zu CI-log words, %zu different)\n", ns, nd);
			report_figure("ir3 CLI decode, CI-log words once", r[1][0] / 1e6, "M/s");
			report_figure("ir3 CLI encode, CI-log words once", r[1][1] / 1e6, "M/s");
			report_figure("ir3 CLI decode, different words once", r[1][2] / 1e6, "M/s");
			report_figure("ir3 CLI encode, different words once", r[1][3] / 1e6, "M/s");
		} else {
			printf("ir3 CLI: a one-pass run failed or gave other words\n");
			rc = 1;
		}
	}
	if (!getenv("GFXKIT_BENCH_KEEP")) {
		remove(bin);
		remove(txt);
		remove(back);
		rmdir(dir);
	} else {
		printf("  (kept in %s)\n", dir);
	}
	return rc;
}

int main(int argc, char **argv)
{
	int cli_rc = bench_cli(argc > 1 ? argv[1] : "build/gfxkit");
	static uint64_t words[N_MAX];
	static char texts[N_MAX][GK_IR3_TEXT_MAX];
	static struct gk_ir3_insn in;
	/* GFXKIT_BENCH_IR3_N: fewer words (a profile under valgrind needs no
	 * 20000); the same seed, so the first n words are always the same */
	unsigned N = N_MAX;
	const char *env = getenv("GFXKIT_BENCH_IR3_N");
	if (env && atoi(env) > 0 && atoi(env) < N_MAX)
		N = (unsigned)atoi(env);
	uint64_t seed = 42;
	/* random cat6 words with their don't-care bits cleared: mostly exact text */
	unsigned n = 0;
	while (n < N) {
		uint64_t w = (rnd(&seed) & ~(7ull << 61)) | (6ull << 61);
		if (gk_ir3_decode(630, w, &in, NULL) != 0)
			continue;
		words[n++] = w & ~in.dontcare;
	}
	double best_dec = 1e9, best_enc = 1e9;
	unsigned exact = 0, enc_ok = 0;
	for (int run = 0; run < 3; run++) {
		double t0 = now();
		exact = bench_decode(words, N, texts);
		double t1 = now();
		enc_ok = bench_encode(N, texts);
		double t2 = now();
		if (t1 - t0 < best_dec)
			best_dec = t1 - t0;
		if (t2 - t1 < best_enc)
			best_enc = t2 - t1;
	}
	printf("ir3 (a630, %u random cat6 words, don't-care bits cleared; best of 3)\n", N);
	printf("  %-34s %9.0f insn/s  %6.2f us/insn  (%u exact)\n", "decode (text + exactness check)", N / best_dec,
	       best_dec / N * 1e6, exact);
	printf("  %-34s %9.0f insn/s  %6.2f us/insn  (%u assembled)\n", "encode (text -> word, verified)", N / best_enc,
	       best_enc / N * 1e6, enc_ok);
	report_figure("ir3 library decode (a630 random cat6)", N / best_dec / 1e6, "M/s");
	report_figure("ir3 library encode (a630 random cat6)", N / best_enc / 1e6, "M/s");
	return exact && enc_ok && !cli_rc ? 0 : 1;
}
