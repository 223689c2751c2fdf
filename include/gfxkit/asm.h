/* The assembler of the table families (PM4, DMA): the text the printers
 * write, back to words. */
#ifndef GFXKIT_ASM_H
#define GFXKIT_ASM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gfxkit/desc.h"
#include "gfxkit/diag.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef int (*gk_emit_fn)(void *ctx, const uint32_t *w, size_t n);

/* The assembler of the table families (PM4, DMA): the text the printers
 * write, back to words.  Its state is a few KiB at first and grows on the
 * heap as long packets need (a 2^20-dword DMA WRITE: 12 MiB, kept until
 * gk_asm_destroy); memory running out is an error diagnostic on the line
 * that needed it.  emit and diag may be NULL (words and diagnostics are
 * then dropped; errors are still counted).  NULL when fmt is NULL or there
 * is no memory for the state. */
struct gk_asm;
struct gk_asm *gk_asm_create(const struct gk_format *fmt, gk_emit_fn emit, void *emit_ctx, gk_diag_fn diag,
			     void *diag_ctx);
void gk_asm_destroy(struct gk_asm *a); /* NULL: nothing */
/* Feed one line (without its newline): the len bytes at line, read whole (a
 * NUL among them is text like any other).  line NULL with len > 0 counts as
 * an error.  a NULL: nothing. */
void gk_asm_line(struct gk_asm *a, const char *line, size_t len);
/* End of input: emit the last packet.  The errors so far (0 for a NULL a). */
unsigned gk_asm_finish(struct gk_asm *a);
/* From now on, run each packet built through the checker (gk_check_packet,
 * keeping its state across packets) and hand what it finds to diag as
 * warnings on the packet's first line ("check error: ..."), with the
 * checker's code, dword and bits.  The words are emitted as written and
 * the findings are not errors (gk_asm_finish does not count them), so
 * decode -> encode stays the identity on streams the checker rejects.
 * Words given raw (.long) are not checked.  Off by default. */
void gk_asm_check(struct gk_asm *a, bool on);

#ifdef __cplusplus
}
#endif
#endif
