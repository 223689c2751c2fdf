/* gfxkit sendmsg (the s_sendmsg operand, seed 003) and the usage of the
 * AMDGPU `-e isa` engine (decode / encode / check of s_sendmsg and
 * s_sendmsghalt words, run by gfxkit.c like every engine): thin shells over
 * include/gfxkit/amdgpu.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "commands.h"

static const char *const prog = CLI_PROG;

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
				fprintf(stderr, "%s: %s needs a value\n", prog, CLI_Q(a));
				return 2;
			}
			gpu = argv[i];
		} else if (!strcmp(a, "--json")) {
			json = 1;
		} else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			sendmsg_usage(stdout);
			return 0;
		} else {
			fprintf(stderr, "%s: sendmsg: unknown option %s\n", prog, CLI_Q(a));
			sendmsg_usage(stderr);
			return 2;
		}
	}
	const struct gk_amdgpu_gen *g = gk_amdgpu_gen_find(gpu);
	if (!g) {
		fprintf(stderr, "%s: sendmsg: unknown GPU '%s'; known: %s\n", prog, CLI_Q(gpu), gk_amdgpu_gpu_help());
		return 2;
	}
	if (!nargs) {
		sendmsg_usage(stderr);
		return 2;
	}
	char obuf[4096];
	struct gk_out out = GK_OUT_INIT(obuf, sizeof obuf, cli_write_file, stdout);
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
			fprintf(stderr, "%s: sendmsg: %s:%u: error: %.*s\n", prog, CLI_Q(a), err.col,
				(int)gk_diag_message_len(&err), err.message);
			rc = 1;
		}
	}
	gk_out_flush(&out);
	int w = cli_stdout_finish(0); /* says why standard output failed */
	return w ? w : rc;
}

/* ---- -e isa -g gfx10 ---- */

void amdgpu_isa_usage(FILE *f)
{
	fprintf(f,
		"usage: gfxkit decode -e isa -g GPU [-f auto|bin|hex] [--json [--text]] [-o OUT] [FILE|-]\n"
		"       gfxkit encode -e isa -g GPU [-f bin|hex] [-o OUT] [FILE|-]\n"
		"       gfxkit check  -e isa -g GPU [-f auto|bin|hex] [--json [--text]] [-o OUT] [FILE|-]\n"
		"AMDGPU instruction words: s_sendmsg and s_sendmsghalt are decoded (operand text as\n"
		"llvm-mc prints it); every other word is '.long 0x........' and assembles back.\n"
		"GPU: %s\n",
		gk_amdgpu_gpu_help());
}
