/* Where every assembler's words and errors go (asm_sink.c): the caller's
 * emit and diag callbacks, the line count and the error count.  Shared by
 * the packet-table assembler (asm.c), the one-unit-a-line assembler
 * (unit_engine.c) and the instruction assemblers, so that all of them count
 * errors, number lines and report an output that cannot be written the same
 * way.  Not public. */
#ifndef GK_ASM_SINK_H
#define GK_ASM_SINK_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "gfxkit/diag.h"
#include "gfxkit/stream.h"

struct gk_asm_sink {
	gk_emit_fn emit;  /* may be NULL: words are dropped */
	void *emit_ctx;
	gk_diag_fn diag;  /* may be NULL: errors are only counted */
	void *diag_ctx;
	uint32_t line;    /* lines fed so far */
	unsigned errors;  /* errors reported so far */
};

static inline struct gk_asm_sink gk_asm_sink_make(gk_emit_fn emit, void *emit_ctx, gk_diag_fn diag, void *diag_ctx)
{
	return (struct gk_asm_sink){ emit, emit_ctx, diag, diag_ctx, 0, 0 };
}

/* Count an error and hand it to the caller's diag callback. */
void gk_asm_sink_error(struct gk_asm_sink *s, const struct gk_diag *d);

/* Report an error of a line that names no dword or bits: code, line, col
 * (0: unknown), the packet it is in (may be NULL) and a printf message. */
void gk_asm_sink_report(struct gk_asm_sink *s, enum gk_diag_code code, uint32_t line, uint32_t col,
			const char *packet, const char *fmt, va_list ap);

/* Hand n words to the caller's emit callback: 0, or -1 after reporting that
 * the output cannot be written (GK_D_IO, on the current line). */
int gk_asm_sink_emit(struct gk_asm_sink *s, const uint32_t *w, size_t n);

#endif
