/* Colour for terminals (tools/color.c). */
#ifndef GFXKIT_TOOLS_COLOR_H
#define GFXKIT_TOOLS_COLOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum { CLI_COLOR_AUTO, CLI_COLOR_ALWAYS, CLI_COLOR_NEVER };

/* "auto", "always", "never": 0 with *when set, or -1 */
int cli_color_parse(const char *s, int *when);
/* whether output to f is coloured: always, never, or (auto) on a terminal
 * when NO_COLOR is not set */
bool cli_color_wanted(int when, FILE *f);

/* A gk_write_fn colouring whole lines on their way to f */
struct cli_color {
	FILE *f;
	size_t n;
	bool raw;           /* in a line too long for line[]: passed on uncoloured */
	char line[8192];
};
int cli_color_write(void *ctx, const void *p, size_t n);
int cli_color_flush(struct cli_color *c); /* a last line without its newline */

/* For lines a tool prints itself (encode's messages on stderr): one line
 * (no newline) coloured as cli_color_write colours it -- error red, warning
 * yellow, NAME= cyan -- and a caret (or any mark) in green. */
void cli_color_line(FILE *f, const char *s, size_t n);
void cli_color_mark(FILE *f, const char *s);

#endif
