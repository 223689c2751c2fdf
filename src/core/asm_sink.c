#include "asm_sink.h"

#include <stdio.h>
#include <string.h>

void gk_asm_sink_error(struct gk_asm_sink *s, const struct gk_diag *d)
{
	s->errors++;
	if (s->diag)
		s->diag(s->diag_ctx, d);
}

void gk_asm_sink_report(struct gk_asm_sink *s, enum gk_diag_code code, uint32_t line, uint32_t col,
			const char *packet, const char *fmt, va_list ap)
{
	struct gk_diag d;
	memset(&d, 0, sizeof d);
	d.severity = GK_ERROR;
	d.code = code;
	d.dw = -1;
	d.lo = d.hi = -1;
	d.line = line;
	d.col = col;
	d.packet = packet;
	vsnprintf(d.message, sizeof d.message, fmt, ap);
	gk_asm_sink_error(s, &d);
}

static void report_io(struct gk_asm_sink *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	gk_asm_sink_report(s, GK_D_IO, s->line, 0, NULL, fmt, ap);
	va_end(ap);
}

int gk_asm_sink_emit(struct gk_asm_sink *s, const uint32_t *w, size_t n)
{
	static const uint32_t none[1];
	if (!s->emit || !n)
		return 0;
	if (s->emit(s->emit_ctx, w ? w : none, n) == 0)
		return 0;
	report_io(s, "cannot write the output");
	return -1;
}
