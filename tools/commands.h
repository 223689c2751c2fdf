/* The CLI's commands and engines that live in their own files (tools/cmd_*.c).
 * Each takes the whole argument vector (argv[1] is the command) and returns
 * the exit status: 0 success, 1 errors found in the input, 2 usage or I/O. */
#ifndef GFXKIT_TOOLS_COMMANDS_H
#define GFXKIT_TOOLS_COMMANDS_H

#include <stdio.h>

#include "cli.h"

int cmd_tile(int argc, char **argv); /* cmd_tile.c: GFX6-8 tiled surfaces */
/* cmd_tile_swz.c: GFX9-GFX12 surfaces; cmd_tile hands over when cmd_tile_is_swz */
int cmd_tile_swz(int argc, char **argv);
int cmd_tile_is_swz(int argc, char **argv);
void cmd_tile_swz_usage(FILE *f);
int cmd_modifier(int argc, char **argv);
/* tools/cmd_sendmsg.c: `gfxkit sendmsg` and the AMDGPU `-e isa` usage */
int cmd_sendmsg(int argc, char **argv);
/* The usage texts of the `-e isa` engines (gfxkit.c runs them like every
 * engine, without --bo and --raw) */
void amdgpu_isa_usage(FILE *f);
void cmd_ir3_usage(FILE *f); /* -e isa -g ADRENO (tools/cmd_ir3.c) */

#endif
