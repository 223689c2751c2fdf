#include "asm_sink.h"

#include <stdio.h>
#include <string.h>

void gk_asm_sink_error(struct gk_asm_sink *s, const struct gk_diag *d)
{
	s->errors++;
	if (s->diag)
		s->diag(s->diag_ctx, d);
}

int gk_asm_sink_emit(struct gk_asm_sink *s, const uint32_t *w, size_t n)
{
	static const uint32_t none[1];
	if (!s->emit || !n)
		return 0;
	if (s->emit(s->emit_ctx, w ? w : none, n) == 0)
		return 0;
	struct gk_diag d;
	memset(&d, 0, sizeof d);
	d.severity = GK_ERROR;
	d.code = GK_D_IO;
	d.dw = -1;
	d.lo = d.hi = -1;
	d.line = s->line;
	snprintf(d.message, sizeof d.message, "cannot write the output");
	gk_asm_sink_error(s, &d);
	return -1;
}
