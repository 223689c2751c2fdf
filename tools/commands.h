/* The CLI's commands and engines that live in their own files (tools/cmd_*.c).
 * Each takes the whole argument vector (argv[1] is the command) and returns
 * the exit status: 0 success, 1 errors found in the input, 2 usage or I/O. */
#ifndef GFXKIT_TOOLS_COMMANDS_H
#define GFXKIT_TOOLS_COMMANDS_H

/* -e isa -g ADRENO (tools/cmd_ir3.c) */
int cmd_ir3_knows_gpu(const char *gpu);
int cmd_ir3(int argc, char **argv);

#endif
