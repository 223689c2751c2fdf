/* What engines that are not packet tables share (src/core/unit_engine.c):
 * their ops table, and the assembler of engines that read one unit a line
 * (modifiers, ir3).  Compiled into the library with the
 * families; not public. */
#ifndef GK_UNIT_ENGINE_H
#define GK_UNIT_ENGINE_H

#include "engine_ops.h"

/* The ops of an engine whose functions are named p_open, p_close, p_gpu,
 * p_unit, p_text, p_json and p_asm_open, with an assembler whose other
 * functions are a_line, a_finish and a_close (gk_line_asm for the one
 * below); no format, begin, frame, end or access (a fixed-size unit
 * without state); list_fn may be NULL. */
#define GK_UNIT_ENGINE_OPS(p, a, engine_name, help, bytes, list_fn)                                           \
	{ .name = (engine_name), .gpu_help = (help), .unit_bytes = (bytes), .open = p##_open,                  \
	  .close = p##_close, .gpu_name = p##_gpu, .unit = p##_unit, .text = p##_text, .json = p##_json,        \
	  .asm_open = p##_asm_open, .asm_line = a##_line, .asm_finish = a##_finish, .asm_close = a##_close,    \
	  .list = (list_fn) }

/* The 64-bit unit of the text s[0, n) (no blanks around it): 0 with *v
 * set, or -1 with *err set (col: 1-based in s, 0 when unknown).  The line
 * assembler emits it as two words, the low one first. */
typedef int (*gk_line_parse_fn)(const void *fam, const char *s, size_t n, uint64_t *v, struct gk_diag *err);

/* An assembler reading one unit a line, as decode prints it: "0xOFFSET:" in
 * front, a comment from any of the characters in comments, and blanks are
 * skipped, a line with nothing else is no unit.  NULL when memory runs
 * out. */
void *gk_line_asm_open(const void *fam, gk_line_parse_fn parse, const char *comments, gk_emit_fn emit,
		       void *emit_ctx, gk_diag_fn diag, void *diag_ctx);
void gk_line_asm_line(void *as, const char *line, size_t len);
unsigned gk_line_asm_finish(void *as); /* the errors so far: every line is a whole unit */
void gk_line_asm_close(void *as);

#endif
