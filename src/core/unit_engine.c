/* The assembler of engines that read one unit a line (unit_engine.h): the
 * line is stripped of what decode prints around the unit's text, the
 * engine parses the rest. */
#include <stdlib.h>
#include <string.h>

#include "unit_engine.h"
#include "asm_sink.h"

struct line_asm {
	const void *fam;
	gk_line_parse_fn parse;
	/* the comment characters as a set (NUL never): strip looked each
	 * character of a line up in the string with strchr, 2 % of an ir3
	 * encode of the bench text */
	uint32_t comment_set[256 / 32];
	struct gk_asm_sink out;
};

void *gk_line_asm_open(const void *fam, gk_line_parse_fn parse, const char *comments, gk_emit_fn emit,
		       void *emit_ctx, gk_diag_fn diag, void *diag_ctx)
{
	struct line_asm *a = malloc(sizeof *a);
	if (!a)
		return NULL;
	*a = (struct line_asm){ fam, parse, { 0 }, gk_asm_sink_make(emit, emit_ctx, diag, diag_ctx) };
	for (const char *c = comments; c && *c; c++)
		a->comment_set[(unsigned char)*c / 32] |= 1u << ((unsigned char)*c % 32);
	return a;
}

static int is_hex(char c)
{
	return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
}

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* [*s, *e): the unit's text; 0 when the line has none */
static int strip(const struct line_asm *a, const char *p, size_t n, size_t *s, size_t *e)
{
	size_t i = 0;
	while (i < n && is_blank(p[i]))
		i++;
	if (i + 2 < n && p[i] == '0' && (p[i + 1] == 'x' || p[i + 1] == 'X')) {
		size_t j = i + 2;
		while (j < n && is_hex(p[j]))
			j++;
		if (j > i + 2 && j < n && p[j] == ':')
			for (i = j + 1; i < n && is_blank(p[i]); i++)
				;
	}
	size_t end = i;
	while (end < n && !(a->comment_set[(unsigned char)p[end] / 32] >> ((unsigned char)p[end] % 32) & 1))
		end++;
	while (end > i && is_blank(p[end - 1]))
		end--;
	*s = i;
	*e = end;
	return end > i;
}

void gk_line_asm_line(void *as, const char *line, size_t len)
{
	struct line_asm *a = as;
	a->out.line++;
	size_t s, e;
	if (!strip(a, line, len, &s, &e))
		return;
	uint64_t v;
	struct gk_diag err;
	memset(&err, 0, sizeof err);
	if (a->parse(a->fam, line + s, e - s, &v, &err) != 0) {
		err.line = a->out.line;
		err.col = (uint32_t)(s + (err.col ? err.col : 1));
		gk_asm_sink_error(&a->out, &err);
		return;
	}
	const uint32_t w[2] = { (uint32_t)v, (uint32_t)(v >> 32) };
	gk_asm_sink_emit(&a->out, w, 2);
}

unsigned gk_line_asm_finish(void *as)
{
	return ((struct line_asm *)as)->out.errors;
}

void gk_line_asm_close(void *as)
{
	free(as);
}
