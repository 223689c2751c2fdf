/* The CLI's commands and engines that live in their own files (tools/cmd_*.c).
 * Each takes the whole argument vector (argv[1] is the command) and returns
 * the exit status: 0 success, 1 errors found in the input, 2 usage or I/O. */
#ifndef GFXKIT_TOOLS_COMMANDS_H
#define GFXKIT_TOOLS_COMMANDS_H

#include <stdio.h>

#include "cli.h"

int cmd_tile(int argc, char **argv); /* cmd_tile.c: GFX6-8 tiled surfaces */
int cmd_modifier(int argc, char **argv);
/* tools/cmd_sendmsg.c: `gfxkit sendmsg` and the AMDGPU `-e isa` engine */
int cmd_sendmsg(int argc, char **argv);
/* The `-e isa` engines get the parsed decode/encode/check options (no --bo,
 * no --raw: gfxkit.c refuses them) and print their own usage. */
int amdgpu_isa_run(const struct cli_opts *o);
void amdgpu_isa_usage(FILE *f);
/* -e isa -g ADRENO (tools/cmd_ir3.c) */
int cmd_ir3(const struct cli_opts *o);
void cmd_ir3_usage(FILE *f);

#endif
