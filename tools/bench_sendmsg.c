/* make bench: s_sendmsg speed (issue 5).  Disassembles all 65536 immediates
 * of s_sendmsg (gfx10) with gfxkit, and -- when llvm-mc is installed -- times
 * llvm-mc doing the same input, printed side by side; the same for assembling
 * the 65536 operand texts back. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "gfxkit/gfxkit.h"

static int null_write(void *ctx, const void *p, size_t n)
{
	(void)p;
	*(size_t *)ctx += n;
	return 0;
}

static int count_emit(void *ctx, const uint32_t *w, size_t n)
{
	*(uint32_t *)ctx += w[0] + (uint32_t)n;
	return 0;
}

static int has_llvm_mc(void)
{
	return system("llvm-mc -arch=amdgcn -mcpu=gfx1010 -disassemble </dev/null >/dev/null 2>&1") == 0;
}

/* best of 3 wall-clock runs of cmd (process start included) */
static double time_cmd(const char *cmd)
{
	double best = 1e30;
	for (int i = 0; i < 3; i++) {
		double t0 = now();
		if (system(cmd) != 0)
			return -1;
		double t = now() - t0;
		if (t < best)
			best = t;
	}
	return best;
}

int main(void)
{
	const struct gk_amdgpu_gen *g = gk_amdgpu_gen_find("gfx1010");
	if (!g) {
		fprintf(stderr, "bench_sendmsg: no gfx1010\n");
		return 1;
	}
	enum { N = 65536 };
	static char texts[N][96];
	size_t total = 0;

	/* operand text only */
	int reps = 200;
	double t0 = now();
	for (int r = 0; r < reps; r++)
		for (unsigned v = 0; v < N; v++)
			total += gk_sendmsg_format(g, (uint16_t)v, texts[v], sizeof texts[v]);
	double t_op = now() - t0;

	/* whole lines with offsets, no diagnostics (what llvm-mc prints) */
	static char obuf[1 << 16];
	size_t written = 0;
	struct gk_out out = GK_OUT_INIT(obuf, sizeof obuf, null_write, &written);
	t0 = now();
	for (int r = 0; r < reps; r++)
		for (unsigned v = 0; v < N; v++) {
			struct gk_amdgpu_insn in;
			gk_amdgpu_decode(g, 0xbf900000u | v, 4ull * v, &in);
			gk_amdgpu_text_line(g, &in, NULL, &out);
		}
	gk_out_flush(&out);
	double t_text = now() - t0;

	/* as `gfxkit decode -e isa` prints them: checked, diagnostics as comments
	 * (most immediates have unused bits set, so most lines get a warning) */
	t0 = now();
	for (int r = 0; r < reps; r++)
		for (unsigned v = 0; v < N; v++) {
			struct gk_amdgpu_insn in;
			struct gk_diags dg;
			gk_amdgpu_decode(g, 0xbf900000u | v, 4ull * v, &in);
			gk_diags_reset(&dg);
			gk_amdgpu_check(g, &in, &dg);
			gk_amdgpu_text_line(g, &in, &dg, &out);
		}
	gk_out_flush(&out);
	double t_line = now() - t0;

	/* assembling the texts back */
	for (unsigned v = 0; v < N; v++) {
		struct gk_amdgpu_insn in;
		gk_amdgpu_decode(g, 0xbf900000u | v, 0, &in);
		gk_amdgpu_text(g, &in, texts[v], sizeof texts[v]);
	}
	uint32_t sum = 0;
	struct gk_amdgpu_asm *a = gk_amdgpu_asm_create(g, count_emit, &sum, NULL, NULL);
	if (!a)
		return 1;
	int areps = 20;
	t0 = now();
	for (int r = 0; r < areps; r++)
		for (unsigned v = 0; v < N; v++)
			gk_amdgpu_asm_line(a, texts[v], strlen(texts[v]));
	double t_asm = now() - t0;
	unsigned errors = gk_amdgpu_asm_errors(a);
	gk_amdgpu_asm_destroy(a);

	double ops_op = (double)N * reps / t_op, ops_text = (double)N * reps / t_text;
	double ops_line = (double)N * reps / t_line, ops_asm = (double)N * areps / t_asm;
	printf("s_sendmsg gfx1010, all 65536 immediates (%zu bytes of text, %u assembler errors):\n", total / reps,
	       errors);
	printf("  gfxkit operand text   %12.0f ops/s  (%7.2f ms for 65536)\n", ops_op, 1e3 * N / ops_op);
	printf("  gfxkit decode lines   %12.0f ops/s  (%7.2f ms for 65536)\n", ops_text, 1e3 * N / ops_text);
	printf("  gfxkit decode+check   %12.0f ops/s  (%7.2f ms for 65536, with diagnostics)\n", ops_line,
	       1e3 * N / ops_line);
	printf("  gfxkit assemble       %12.0f ops/s  (%7.2f ms for 65536)\n", ops_asm, 1e3 * N / ops_asm);
	/* no absolute target: the figures go into make bench's targets block as they are */
	report_figure("s_sendmsg decode+check lines", ops_line / 1e6, "M/s");
	report_figure("s_sendmsg assemble", ops_asm / 1e6, "M/s");

	if (!has_llvm_mc()) {
		printf("  llvm-mc: not installed, no comparison\n");
		return 0;
	}
	char dir[] = "/tmp/gfxkit-bench-XXXXXX";
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	char bytes[64], asmf[64], cmd[512];
	snprintf(bytes, sizeof bytes, "%s/in.txt", dir);
	snprintf(asmf, sizeof asmf, "%s/in.s", dir);
	FILE *f = fopen(bytes, "w"), *s = fopen(asmf, "w");
	if (!f || !s) {
		perror("bench_sendmsg");
		return 1;
	}
	for (unsigned v = 0; v < N; v++) {
		fprintf(f, "0x%02x,0x%02x,0x90,0xbf\n", v & 0xff, v >> 8);
		fprintf(s, "%s\n", texts[v]);
	}
	fclose(f);
	fclose(s);
	snprintf(cmd, sizeof cmd, "llvm-mc -arch=amdgcn -mcpu=gfx1010 -disassemble %s >/dev/null 2>&1", bytes);
	double t_mc = time_cmd(cmd);
	snprintf(cmd, sizeof cmd, "llvm-mc -arch=amdgcn -mcpu=gfx1010 -show-encoding %s >/dev/null 2>&1", asmf);
	double t_mca = time_cmd(cmd);
	double t_start = time_cmd("llvm-mc -arch=amdgcn -mcpu=gfx1010 -disassemble </dev/null >/dev/null 2>&1");
	if (t_mc > 0) {
		printf("  llvm-mc -disassemble  %12.0f ops/s  (%7.2f ms for 65536, process start %.2f ms included)"
		       "  -> gfxkit %.0fx faster (decode lines)\n",
		       N / t_mc, 1e3 * t_mc, 1e3 * t_start, t_mc / (N / ops_text));
	}
	/* the same input file through both command-line tools */
	if (access("build/gfxkit", X_OK) == 0) {
		snprintf(cmd, sizeof cmd, "%s/in.hex", dir);
		FILE *h = fopen(cmd, "w");
		if (h) {
			for (unsigned v = 0; v < N; v++)
				fprintf(h, "0xbf90%04x\n", v);
			fclose(h);
			char c2[640];
			snprintf(c2, sizeof c2, "build/gfxkit decode -e isa -g gfx1010 %s >/dev/null 2>&1", cmd);
			double t_cli = time_cmd(c2);
			if (t_cli > 0 && t_mc > 0)
				printf("  same input, whole tools: gfxkit decode -e isa %.2f ms, llvm-mc -disassemble %.2f ms"
				       " -> %.1fx\n", 1e3 * t_cli, 1e3 * t_mc, t_mc / t_cli);
			remove(cmd);
		}
	}
	if (t_mca > 0) {
		printf("  llvm-mc assemble      %12.0f ops/s  (%7.2f ms for 65536)  -> gfxkit %.0fx faster\n", N / t_mca,
		       1e3 * t_mca, t_mca / (N / ops_asm));
	}
	remove(bytes);
	remove(asmf);
	rmdir(dir);
	return 0;
}
