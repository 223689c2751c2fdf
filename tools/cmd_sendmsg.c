/* gfxkit sendmsg (the s_sendmsg operand, seed 003) and the AMDGPU `-e isa`
 * engine (decode / encode / check of s_sendmsg and s_sendmsghalt words):
 * thin shells over include/gfxkit/amdgpu.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "commands.h"

static const char *prog = "gfxkit";

static int write_file(void *ctx, const void *p, size_t n)
{
	return fwrite(p, 1, n, (FILE *)ctx) == n ? 0 : -1;
}

/* ---- gfxkit sendmsg ---- */

static void sendmsg_usage(FILE *f)
{
	fprintf(f,
		"usage: gfxkit sendmsg [-g GPU] [--json] ARG...\n"
		"  ARG is a value (0x0122, 290, 2+0x120) -> prints the operand text as llvm-mc\n"
		"  disassembles it, or a macro (\"sendmsg(MSG_GS, GS_OP_EMIT, 1)\") -> prints the value;\n"
		"  --json prints one object per ARG with the parts.  GPU defaults to gfx10.\n"
		"  Exit 1 when an ARG is rejected (the message says which part, and the column).\n"
		"GPU: %s\n",
		gk_amdgpu_gpu_help());
}

static int is_macro(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	if (strncmp(s, "sendmsg", 7))
		return 0;
	s += 7;
	while (*s == ' ' || *s == '\t')
		s++;
	return *s == '(';
}

/* An argument that starts with '-' is an option unless it reads as a
 * negative number or expression ("-1", "-(2)"). */
static int is_option(const char *a)
{
	return a[0] == '-' && a[1] && !(a[1] >= '0' && a[1] <= '9') && a[1] != '(' && a[1] != ' ';
}

int cmd_sendmsg(int argc, char **argv)
{
	const char *gpu = "gfx10";
	int json = 0, nargs = 0, only_args = 0;
	for (int i = 2; i < argc; i++) {
		const char *a = argv[i];
		if (only_args || !is_option(a))
			nargs++;
		else if (!strcmp(a, "--"))
			only_args = 1;
		else if (!strcmp(a, "-g") || !strcmp(a, "--gpu")) {
			if (++i >= argc) {
				fprintf(stderr, "%s: %s needs a value\n", prog, a);
				return 2;
			}
			gpu = argv[i];
		} else if (!strcmp(a, "--json")) {
			json = 1;
		} else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			sendmsg_usage(stdout);
			return 0;
		} else {
			fprintf(stderr, "%s: sendmsg: unknown option %s\n", prog, a);
			sendmsg_usage(stderr);
			return 2;
		}
	}
	const struct gk_amdgpu_gen *g = gk_amdgpu_gen_find(gpu);
	if (!g) {
		fprintf(stderr, "%s: sendmsg: unknown GPU '%s'; known: %s\n", prog, gpu, gk_amdgpu_gpu_help());
		return 2;
	}
	if (!nargs) {
		sendmsg_usage(stderr);
		return 2;
	}
	char obuf[4096];
	struct gk_out out = { obuf, 0, sizeof obuf, write_file, stdout, 0 };
	int rc = 0;
	only_args = 0;
	for (int i = 2; i < argc; i++) {
		const char *a = argv[i];
		if (!only_args && is_option(a)) {
			if (!strcmp(a, "--"))
				only_args = 1;
			else if (!strcmp(a, "-g") || !strcmp(a, "--gpu"))
				i++;
			continue;
		}
		uint16_t v = 0;
		struct gk_diag err;
		size_t len = strlen(a), end = 0;
		int ok = gk_sendmsg_parse(g, NULL, a, len, 0, &end, &v, &err) == 0;
		if (ok && end < len) {
			/* something after the operand */
			size_t p = end;
			while (p < len && (a[p] == ' ' || a[p] == '\t'))
				p++;
			if (p < len) {
				ok = 0;
				memset(&err, 0, sizeof err);
				err.col = (uint32_t)p + 1;
				snprintf(err.message, sizeof err.message, "unexpected text after the operand");
			}
		}
		if (json) {
			gk_sendmsg_json(g, a, ok, v, &err, &out);
		} else if (ok) {
			char text[GK_SENDMSG_TEXT_MAX];
			if (is_macro(a)) {
				snprintf(text, sizeof text, "0x%04x", v);
			} else {
				gk_sendmsg_format(g, v, text, sizeof text);
			}
			gk_out_str(&out, text);
			gk_out_str(&out, "\n");
		}
		if (!ok) {
			gk_out_flush(&out);
			fflush(stdout);
			fprintf(stderr, "%s: sendmsg: %s:%u: error: %s\n", prog, a, err.col, err.message);
			rc = 1;
		}
	}
	gk_out_flush(&out);
	if (fflush(stdout) != 0 || out.failed) {
		fprintf(stderr, "%s: write error: %s\n", prog, strerror(errno));
		return 2;
	}
	return rc;
}

/* ---- -e isa -g gfx10 ---- */

int amdgpu_knows_gpu(const char *gpu)
{
	return gk_amdgpu_gen_find(gpu) != NULL;
}

static void isa_usage(FILE *f)
{
	fprintf(f,
		"usage: gfxkit decode -e isa -g GPU [-f auto|bin|hex] [--json] [-o OUT] [FILE|-]\n"
		"       gfxkit encode -e isa -g GPU [-f bin|hex] [-o OUT] [FILE|-]\n"
		"       gfxkit check  -e isa -g GPU [-f auto|bin|hex] [--json] [-o OUT] [FILE|-]\n"
		"AMDGPU instruction words: s_sendmsg and s_sendmsghalt are decoded (operand text as\n"
		"llvm-mc prints it); every other word is '.long 0x........' and assembles back.\n"
		"GPU: %s\n",
		gk_amdgpu_gpu_help());
}

struct isa_opts {
	const char *cmd, *gpu, *format, *out, *file;
	int json;
};

static int isa_args(int argc, char **argv, struct isa_opts *o)
{
	memset(o, 0, sizeof *o);
	o->cmd = argv[1];
	for (int i = 2; i < argc; i++) {
		const char *a = argv[i];
		const char **slot = NULL;
		if (!strcmp(a, "-g") || !strcmp(a, "--gpu"))
			slot = &o->gpu;
		else if (!strcmp(a, "-e") || !strcmp(a, "--engine")) {
			i++;
			continue;
		} else if (!strcmp(a, "-f") || !strcmp(a, "--format"))
			slot = &o->format;
		else if (!strcmp(a, "-o") || !strcmp(a, "--output"))
			slot = &o->out;
		else if (!strcmp(a, "--json"))
			o->json = 1;
		else if (!strcmp(a, "-h") || !strcmp(a, "--help"))
			return 1;
		else if (a[0] == '-' && a[1]) {
			fprintf(stderr, "%s: unknown option %s for -e isa\n", prog, a);
			return -1;
		} else if (!o->file)
			o->file = a;
		else {
			fprintf(stderr, "%s: more than one input file (%s)\n", prog, a);
			return -1;
		}
		if (slot) {
			if (++i >= argc) {
				fprintf(stderr, "%s: %s needs a value\n", prog, a);
				return -1;
			}
			*slot = argv[i];
		}
	}
	return 0;
}

static long read_file(void *ctx, void *buf, size_t cap)
{
	FILE *f = ctx;
	size_t n = fread(buf, 1, cap, f);
	if (n == 0 && ferror(f))
		return -1;
	return (long)n;
}

static FILE *open_in(const char *name, const char *mode)
{
	if (!name || !strcmp(name, "-"))
		return stdin;
	FILE *f = fopen(name, mode);
	if (!f)
		fprintf(stderr, "%s: %s: %s\n", prog, name, strerror(errno));
	return f;
}

static FILE *open_out(const char *name, const char *mode)
{
	if (!name || !strcmp(name, "-"))
		return stdout;
	FILE *f = fopen(name, mode);
	if (!f)
		fprintf(stderr, "%s: %s: %s\n", prog, name, strerror(errno));
	return f;
}

static const char *display_name(const char *name)
{
	return (!name || !strcmp(name, "-")) ? "<stdin>" : name;
}

static int isa_stream(const struct isa_opts *o, const struct gk_amdgpu_gen *g, int checking)
{
	enum gk_in_format inf = GK_IN_AUTO;
	if (o->format) {
		if (!strcmp(o->format, "bin"))
			inf = GK_IN_BIN;
		else if (!strcmp(o->format, "hex"))
			inf = GK_IN_HEX;
		else if (strcmp(o->format, "auto")) {
			fprintf(stderr, "%s: -f takes auto, bin or hex, not %s\n", prog, o->format);
			return 2;
		}
	}
	FILE *f = open_in(o->file, "rb");
	if (!f)
		return 2;
	FILE *of = open_out(o->out, "w");
	if (!of) {
		if (f != stdin)
			fclose(f);
		return 2;
	}
	const char *name = display_name(o->file);
	struct gk_input *in = malloc(sizeof *in);
	static char obuf[1 << 16];
	struct gk_out out = { obuf, 0, sizeof obuf, write_file, of, 0 };
	if (!in) {
		fprintf(stderr, "%s: out of memory\n", prog);
		return 2;
	}
	gk_input_init(in, read_file, f, inf);
	unsigned long long errors = 0, warnings = 0;
	struct gk_diags dg;
	struct gk_amdgpu_insn insn;
	while (gk_input_fill(in, 1) > 0) {
		uint64_t off = in->base + 4ull * in->pos;
		gk_amdgpu_decode(g, in->words[in->pos++], off, &insn);
		gk_diags_reset(&dg);
		gk_amdgpu_check(g, &insn, &dg);
		errors += dg.errors;
		warnings += dg.warnings;
		if (checking && !o->json) {
			char buf[320];
			for (unsigned i = 0; i < dg.n; i++) {
				gk_diag_format(&dg.d[i], buf, sizeof buf);
				gk_out_flush(&out);
				fprintf(of, "%s:0x%llx: %s: %s\n", name, (unsigned long long)dg.d[i].offset,
					dg.d[i].severity == GK_ERROR ? "error" : "warning", buf);
			}
		} else if (o->json) {
			if (!checking || dg.n)
				gk_amdgpu_json(g, &insn, &dg, &out);
		} else {
			gk_amdgpu_text_line(g, &insn, &dg, &out);
		}
	}
	gk_out_flush(&out);
	int rc = 0;
	if (fflush(of) != 0 || out.failed) {
		fprintf(stderr, "%s: write error: %s\n", prog, strerror(errno));
		rc = 2;
	}
	if (in->failed) {
		if (in->error.line)
			fprintf(stderr, "%s:%u:%u: error: %s\n", name, in->error.line, in->error.col, in->error.message);
		else
			fprintf(stderr, "%s:0x%llx: error: %s\n", name, (unsigned long long)in->error.offset,
				in->error.message);
		rc = 2;
	} else if (checking && !rc) {
		fprintf(stderr, "%s: %llu error%s, %llu warning%s\n", name, errors, errors == 1 ? "" : "s", warnings,
			warnings == 1 ? "" : "s");
		rc = errors ? 1 : 0;
	}
	if (f != stdin)
		fclose(f);
	if (of != stdout && fclose(of) != 0 && !rc) {
		fprintf(stderr, "%s: %s: write error\n", prog, o->out);
		rc = 2;
	}
	free(in);
	return rc;
}

struct enc_ctx {
	FILE *out;
	int hex;
	int failed;
};

static int emit_words(void *ctx, const uint32_t *w, size_t n)
{
	struct enc_ctx *e = ctx;
	for (size_t i = 0; i < n; i++) {
		if (e->hex) {
			if (fprintf(e->out, "0x%08x\n", w[i]) < 0)
				e->failed = 1;
		} else {
			unsigned char b[4] = { (unsigned char)w[i], (unsigned char)(w[i] >> 8), (unsigned char)(w[i] >> 16),
					       (unsigned char)(w[i] >> 24) };
			if (fwrite(b, 1, 4, e->out) != 4)
				e->failed = 1;
		}
	}
	return e->failed ? -1 : 0;
}

static int asm_diag(void *ctx, const struct gk_diag *d)
{
	fprintf(stderr, "%s:%u:%u: %s: %s\n", (const char *)ctx, d->line, d->col,
		d->severity == GK_ERROR ? "error" : "warning", d->message);
	return 0;
}

static int isa_encode(const struct isa_opts *o, const struct gk_amdgpu_gen *g)
{
	int hex = 0;
	if (o->format) {
		if (!strcmp(o->format, "hex"))
			hex = 1;
		else if (strcmp(o->format, "bin")) {
			fprintf(stderr, "%s: encode -f takes bin or hex, not %s\n", prog, o->format);
			return 2;
		}
	}
	FILE *f = open_in(o->file, "r");
	if (!f)
		return 2;
	FILE *out = open_out(o->out, hex ? "w" : "wb");
	if (!out) {
		if (f != stdin)
			fclose(f);
		return 2;
	}
	struct enc_ctx ec = { out, hex, 0 };
	const char *name = display_name(o->file);
	struct gk_amdgpu_asm *a = malloc(sizeof *a);
	size_t cap = 1 << 12, len = 0;
	char *line = malloc(cap);
	int rc = 0;
	if (!a || !line) {
		fprintf(stderr, "%s: out of memory\n", prog);
		free(a);
		free(line);
		return 2;
	}
	gk_amdgpu_asm_init(a, g, emit_words, &ec, asm_diag, (void *)name);
	int c;
	while ((c = getc(f)) != EOF) {
		if (c == '\n') {
			gk_amdgpu_asm_line(a, line, len);
			len = 0;
			continue;
		}
		if (len + 1 >= cap) {
			char *bigger = cap < (64u << 20) ? realloc(line, cap * 2) : NULL;
			if (!bigger) {
				fprintf(stderr, "%s:%u: error: line too long\n", name, a->line + 1);
				rc = 2;
				break;
			}
			line = bigger;
			cap *= 2;
		}
		line[len++] = (char)c;
	}
	if (ferror(f)) {
		fprintf(stderr, "%s: %s: read error\n", prog, name);
		rc = 2;
	}
	if (len && !rc)
		gk_amdgpu_asm_line(a, line, len);
	if (fflush(out) != 0 || ec.failed) {
		fprintf(stderr, "%s: write error\n", prog);
		rc = 2;
	}
	if (!rc && a->errors)
		rc = 1;
	if (out != stdout)
		fclose(out);
	if (f != stdin)
		fclose(f);
	free(a);
	free(line);
	return rc;
}

int amdgpu_isa_run(int argc, char **argv)
{
	struct isa_opts o;
	int r = isa_args(argc, argv, &o);
	if (r > 0) {
		isa_usage(stdout);
		return 0;
	}
	if (r < 0) {
		isa_usage(stderr);
		return 2;
	}
	const struct gk_amdgpu_gen *g = gk_amdgpu_gen_find(o.gpu);
	if (!g) {
		fprintf(stderr, "%s: unknown GPU '%s' for isa; known: %s\n", prog, o.gpu ? o.gpu : "", gk_amdgpu_gpu_help());
		return 2;
	}
	if (!strcmp(o.cmd, "decode"))
		return isa_stream(&o, g, 0);
	if (!strcmp(o.cmd, "check"))
		return isa_stream(&o, g, 1);
	if (!strcmp(o.cmd, "encode")) {
		if (o.json) {
			fprintf(stderr, "%s: encode takes no --json\n", prog);
			return 2;
		}
		return isa_encode(&o, g);
	}
	fprintf(stderr, "%s: -e isa has decode, encode and check, not '%s'\n", prog, o.cmd);
	isa_usage(stderr);
	return 2;
}
