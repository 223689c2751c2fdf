/* The usage of decode|encode|check|list -e isa -g ADRENO: the ir3 engine,
 * which gfxkit.c runs like every engine (see docs/ir3.md). */
#include <stdio.h>

#include "gfxkit/ir3.h"
#include "commands.h"

void cmd_ir3_usage(FILE *f)
{
	fprintf(f,
		"usage: gfxkit decode -e isa -g GPU [-f auto|bin|hex] [--labels] [--json [--text]] [-o OUT] [FILE|-]\n"
		"       gfxkit encode -e isa -g GPU [-f bin|hex] [-o OUT] [FILE|-]\n"
		"       gfxkit check  -e isa -g GPU [-f auto|bin|hex] [--json [--text]] [-o OUT] [FILE|-]\n"
		"       gfxkit list   -e isa -g GPU   (the encodings GPU has: bits 63..0 as 0/1, x don't care,\n"
		"                                      . field; name; generation range)\n"
		"Adreno ir3 shader instructions, 64 bits each, printed as Mesa 26.2's disassembler does\n"
		"(GPU@mesa-2025: as Mesa's January 2025 one; encode reads both, and Mesa 2022's text).\n"
		"GPU: %s\n"
		"bin: 8 bytes per instruction, little-endian (low dword first).\n"
		"hex: 32-bit words, two per instruction, low first (0x12345678 0x9abcdef0), or one\n"
		"     64-bit value of 9-16 digits (0x9abcdef012345678 or Mesa's 9abcdef0_12345678);\n"
		"     '#' and ';' start comments.\n"
		"decode prints '0xOFFSET: TEXT'; when TEXT would not assemble back to the same bits\n"
		"(don't-care or reserved bits set, no encoding matches) it prints '[0xHHHHHHHH_LLLLLLLL] ; TEXT'.\n"
		"--labels prints branch targets as Mesa does with labels: 'lN:' before instruction N, '#lN'.\n"
		"encode reads those lines (the 0xOFFSET: prefix and '; comment' are optional) or bare text;\n"
		"a line 'NAME:' labels the next instruction and '#NAME' is its distance from the branch;\n"
		"-f hex writes one line '0xLLLLLLLL 0xHHHHHHHH' per instruction.\n",
		gk_ir3_gpu_help());
}
