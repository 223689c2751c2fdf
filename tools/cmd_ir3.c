/* gfxkit decode|encode|check -e isa -g ADRENO: the ir3 engine (a thin shell
 * over gk_ir3_decode / gk_ir3_encode; see docs/ir3.md). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/ir3.h"
#include "commands.h"

static const char *const prog = CLI_PROG;

void cmd_ir3_usage(FILE *f)
{
	fprintf(f,
		"usage: gfxkit decode -e isa -g GPU [-f auto|bin|hex] [--json [--text]] [-o OUT] [FILE|-]\n"
		"       gfxkit encode -e isa -g GPU [-f bin|hex] [-o OUT] [FILE|-]\n"
		"       gfxkit check  -e isa -g GPU [-f auto|bin|hex] [--json [--text]] [-o OUT] [FILE|-]\n"
		"       gfxkit list   -e isa -g GPU   (the encodings GPU has: bits 63..0 as 0/1, x don't care,\n"
		"                                      . field; name; generation range)\n"
		"Adreno ir3 shader instructions, 64 bits each, printed as Mesa's disassembler does.\n"
		"GPU: %s\n"
		"bin: 8 bytes per instruction, little-endian (low dword first).\n"
		"hex: 32-bit words, two per instruction, low first (0x12345678 0x9abcdef0), or one\n"
		"     64-bit value of 9-16 digits (0x9abcdef012345678 or Mesa's 9abcdef0_12345678);\n"
		"     '#' and ';' start comments.\n"
		"decode prints '0xOFFSET: TEXT'; when TEXT would not assemble back to the same bits\n"
		"(don't-care or reserved bits set, no encoding matches) it prints '[0xHHHHHHHH_LLLLLLLL] ; TEXT'.\n"
		"encode reads those lines (the 0xOFFSET: prefix and '; comment' are optional) or bare text;\n"
		"-f hex writes one line '0xLLLLLLLL 0xHHHHHHHH' per instruction.\n",
		gk_ir3_gpu_help());
}

int cmd_ir3_knows_gpu(const char *gpu)
{
	unsigned id;
	return gk_ir3_gpu(gpu, &id) == 0;
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Streams the input through the library's reader in 8-byte units (binary
 * instructions, or hex in the forms include/gfxkit/stream.h lists), so
 * memory stays bounded whatever the input size. */
static int run_decode(const struct cli_opts *o, int checking)
{
	struct gk_diag err;
	struct gk_engine *e = gk_engine_open("ir3", o->gpu, &err);
	if (!e) {
		fprintf(stderr, "%s: %s\n", prog, err.message);
		return 2;
	}
	int rc = cli_run_stream(o, e, checking, 1);
	gk_engine_close(e);
	return rc;
}

/* one line of encode input -> the instruction text in [*s, *e); 0: blank */
static int strip_line(const char *p, size_t n, size_t *s, size_t *e)
{
	size_t i = 0;
	while (i < n && (p[i] == ' ' || p[i] == '\t'))
		i++;
	/* "0xOFFSET:" as decode prints it */
	if (i + 2 < n && p[i] == '0' && (p[i + 1] == 'x' || p[i + 1] == 'X')) {
		size_t j = i + 2;
		while (j < n && hexval((unsigned char)p[j]) >= 0)
			j++;
		if (j > i + 2 && j < n && p[j] == ':') {
			i = j + 1;
			while (i < n && (p[i] == ' ' || p[i] == '\t'))
				i++;
		}
	}
	size_t end = i;
	while (end < n && p[end] != ';')
		end++;
	while (end > i && (p[end - 1] == ' ' || p[end - 1] == '\t' || p[end - 1] == '\r'))
		end--;
	*s = i;
	*e = end;
	return end > i;
}

struct ir3_encode {
	unsigned gpu_id;
	const char *name;
	FILE *out;
	int hex;
	unsigned errors;
};

static void encode_line(void *ctx, unsigned line, const char *p, size_t n)
{
	struct ir3_encode *c = ctx;
	size_t s, e;
	if (!strip_line(p, n, &s, &e))
		return;
	uint64_t w;
	struct gk_diag err;
	if (gk_ir3_encode(c->gpu_id, p + s, e - s, &w, &err) != 0) {
		fprintf(stderr, "%s:%u:%u: error: %s\n", c->name, line, (unsigned)(s + (err.col ? err.col : 1)),
			err.message);
		c->errors++;
	} else {
		/* two 32-bit words, low first: the word sink every engine uses */
		const uint32_t dw[2] = { (uint32_t)w, (uint32_t)(w >> 32) };
		if (c->hex)
			fprintf(c->out, "0x%08x 0x%08x\n", dw[0], dw[1]);
		else {
			struct cli_words words = { c->out, 0, 0 };
			cli_emit_words(&words, dw, 2);
		}
	}
}

static int run_encode(const struct cli_opts *o, unsigned gpu_id)
{
	int hex;
	if (cli_encode_format(o->format, &hex))
		return 2;
	FILE *f = cli_open_in(o->file, "r");
	if (!f)
		return 2;
	FILE *of = cli_open_out(o->out, hex ? "w" : "wb");
	if (!of) {
		cli_close(f);
		return 2;
	}
	struct ir3_encode c = { gpu_id, cli_display_name(o->file), of, hex, 0 };
	int rc = cli_each_line(f, c.name, encode_line, &c);
	if (fflush(of) != 0 || ferror(of)) {
		fprintf(stderr, "%s: write error\n", prog);
		rc = 2;
	}
	if (of != stdout && fclose(of) != 0)
		rc = 2;
	cli_close(f);
	return rc ? rc : c.errors ? 1 : 0;
}

int cmd_ir3(const struct cli_opts *o)
{
	unsigned gpu_id;
	if (!o->gpu || gk_ir3_gpu(o->gpu, &gpu_id) != 0) {
		fprintf(stderr, "%s: -e isa needs -g with an Adreno GPU: %s\n", prog, gk_ir3_gpu_help());
		cmd_ir3_usage(stderr);
		return 2;
	}
	if (!strcmp(o->cmd, "decode"))
		return run_decode(o, 0);
	if (!strcmp(o->cmd, "check"))
		return run_decode(o, 1);
	if (!strcmp(o->cmd, "encode")) {
		if (o->json) {
			fprintf(stderr, "%s: --json is for decode and check\n", prog);
			return 2;
		}
		return run_encode(o, gpu_id);
	}
	if (!strcmp(o->cmd, "list")) {
		struct gk_ir3_encoding *enc = malloc(512 * sizeof *enc);
		if (!enc)
			return 2;
		size_t n = gk_ir3_encodings(gpu_id, enc, 512);
		for (size_t i = 0; i < n && i < 512; i++) {
			/* bit 63 first: 0/1 fixed, x don't care, . a field */
			char pat[80];
			unsigned k = 0;
			for (int b = 63; b >= 0; b--) {
				uint64_t m = 1ull << b;
				pat[k++] = (enc[i].mask & m) ? ((enc[i].match & m) ? '1' : '0') : (enc[i].dontcare & m) ? 'x' : '.';
				if (b && b % 8 == 0)
					pat[k++] = '_';
			}
			pat[k] = 0;
			printf("%s  %-20s gen %u..%u\n", pat, enc[i].name, enc[i].gen_min,
			       enc[i].gen_max > 9999 ? 9999 : enc[i].gen_max);
		}
		free(enc);
		return 0;
	}
	fprintf(stderr, "%s: -e isa has decode, encode, check and list, not '%s'\n", prog, o->cmd);
	cmd_ir3_usage(stderr);
	return 2;
}
