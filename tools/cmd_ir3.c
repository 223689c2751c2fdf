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

/* Streams the input through the library's reader in 8-byte units (binary
 * instructions, or hex in the forms include/gfxkit/stream.h lists), so
 * memory stays bounded whatever the input size. */
/* decode (0), check (1), encode (2) or list (3) through the ir3 engine */
static int run(const struct cli_opts *o, int mode)
{
	struct gk_diag err;
	struct gk_engine *e = gk_engine_open("ir3", o->gpu, &err);
	if (!e) {
		fprintf(stderr, "%s: %s\n", prog, err.message);
		return 2;
	}
	/* encode's hex output: an instruction's two words a line */
	int rc = mode == 3 ? cli_run_list(e) : mode == 2 ? cli_run_encode(o, e, 2) : cli_run_stream(o, e, mode, 1);
	gk_engine_close(e);
	return rc;
}

/* one line of encode input -> the instruction text in [*s, *e); 0: blank */
int cmd_ir3(const struct cli_opts *o)
{
	unsigned gpu_id;
	if (!o->gpu || gk_ir3_gpu(o->gpu, &gpu_id) != 0) {
		fprintf(stderr, "%s: -e isa needs -g with an Adreno GPU: %s\n", prog, gk_ir3_gpu_help());
		cmd_ir3_usage(stderr);
		return 2;
	}
	if (!strcmp(o->cmd, "decode"))
		return run(o, 0);
	if (!strcmp(o->cmd, "check"))
		return run(o, 1);
	if (!strcmp(o->cmd, "encode")) {
		if (o->json) {
			fprintf(stderr, "%s: --json is for decode and check\n", prog);
			return 2;
		}
		return run(o, 2);
	}
	if (!strcmp(o->cmd, "list"))
		return run(o, 3);
	fprintf(stderr, "%s: -e isa has decode, encode, check and list, not '%s'\n", prog, o->cmd);
	cmd_ir3_usage(stderr);
	return 2;
}
