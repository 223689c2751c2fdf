/* Colour for terminals (tools/color.h): decode and check output coloured a
 * line at a time as it goes to the terminal, the way cffdump, llvm-mc and
 * umr colour theirs.  The library prints plain text; only the tool adds
 * escape codes, and only on a terminal (or --color=always), never with
 * NO_COLOR set (https://no-color.org). */
#define _POSIX_C_SOURCE 200809L /* isatty, fileno */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "color.h"

#define BOLD "\033[1m"
#define RED "\033[1;31m"
#define YELLOW "\033[1;33m"
#define GREEN "\033[32m"
#define CYAN "\033[36m"
#define RESET "\033[0m"

bool cli_color_wanted(int when, FILE *f)
{
	if (when == CLI_COLOR_ALWAYS)
		return true;
	if (when == CLI_COLOR_NEVER)
		return false;
	const char *no = getenv("NO_COLOR");
	return !(no && *no) && isatty(fileno(f));
}

int cli_color_parse(const char *s, int *when)
{
	static const char *const names[] = { [CLI_COLOR_AUTO] = "auto", [CLI_COLOR_ALWAYS] = "always",
					     [CLI_COLOR_NEVER] = "never" };
	for (int i = 0; i < 3; i++)
		if (!strcmp(s, names[i])) {
			*when = i;
			return 0;
		}
	return -1;
}

static bool is_hex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static bool is_name(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
}

/* "error:" / "warning:" at s: its colour, or NULL */
static const char *severity_at(const char *s, size_t n, size_t *len)
{
	if (n >= 6 && !memcmp(s, "error:", 6)) {
		*len = 5;
		return RED;
	}
	if (n >= 8 && !memcmp(s, "warning:", 8)) {
		*len = 7;
		return YELLOW;
	}
	return NULL;
}

/* one line: offsets green, the unit's name bold, field names cyan, error
 * and warning in red and yellow; everything else as it is */
static void color_line(FILE *f, const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		fputc(s[i++], f);
	if (i + 2 < n && s[i] == '0' && s[i + 1] == 'x') {
		size_t j = i + 2;
		while (j < n && is_hex(s[j]))
			j++;
		if (j < n && s[j] == ':') {
			fprintf(f, GREEN "%.*s" RESET, (int)(j + 1 - i), s + i);
			i = j + 1;
			if (i < n && s[i] == ' ')
				fputc(s[i++], f);
			size_t k = i;
			while (k < n && s[k] != ' ')
				k++;
			fprintf(f, BOLD "%.*s" RESET, (int)(k - i), s + i);
			i = k;
		}
	}
	while (i < n) {
		size_t len;
		const char *sev = (i == 0 || s[i - 1] == ' ') ? severity_at(s + i, n - i, &len) : NULL;
		if (sev) {
			fprintf(f, "%s%.*s" RESET, sev, (int)len, s + i);
			i += len;
			continue;
		}
		if (i == 0 || s[i - 1] == ' ') {
			size_t k = i;
			while (k < n && is_name(s[k]))
				k++;
			if (k > i && k < n && s[k] == '=') {
				fprintf(f, CYAN "%.*s" RESET, (int)(k - i), s + i);
				i = k;
				continue;
			}
		}
		fputc(s[i++], f);
	}
}

void cli_color_line(FILE *f, const char *s, size_t n)
{
	color_line(f, s, n);
}

void cli_color_mark(FILE *f, const char *s)
{
	fprintf(f, GREEN "%s" RESET, s);
}

int cli_color_write(void *ctx, const void *p, size_t n)
{
	struct cli_color *c = ctx;
	const char *s = p;
	for (size_t i = 0; i < n; i++) {
		if (c->raw) { /* the rest of a line too long to hold goes out as it is */
			fputc(s[i], c->f);
			c->raw = s[i] != '\n';
		} else if (s[i] == '\n') {
			color_line(c->f, c->line, c->n);
			fputc('\n', c->f);
			c->n = 0;
		} else if (c->n == sizeof c->line) {
			fwrite(c->line, 1, c->n, c->f);
			fputc(s[i], c->f);
			c->n = 0;
			c->raw = true;
		} else {
			c->line[c->n++] = s[i];
		}
	}
	return ferror(c->f) ? -1 : 0;
}

int cli_color_flush(struct cli_color *c)
{
	if (c->n)
		color_line(c->f, c->line, c->n);
	c->n = 0;
	c->raw = false;
	return ferror(c->f) ? -1 : 0;
}
