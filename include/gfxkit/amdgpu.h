/* AMDGPU instructions: the s_sendmsg / s_sendmsghalt message operand (seed
 * 003, GFX10 first; GFX6-9 rows checked against llvm-mc 14, GFX11 against
 * llvm-mc 16), decoded,
 * printed, parsed and checked exactly as LLVM's AMDGPU assembler does, and a
 * small word-level engine for `-e isa -g gfx10`. */
#ifndef GFXKIT_AMDGPU_H
#define GFXKIT_AMDGPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gfxkit/diag.h"
#include "gfxkit/stream.h"

#ifdef __cplusplus
extern "C" {
#endif

struct gk_amdgpu_gen; /* one generation's tables (const, library-owned) */

/* gfx6 .. gfx11 or a chip name (gfx1010, navi10, gfx1100, tahiti, ...); NULL: unknown.
 * Every function below takes g NULL as "no generation": decode gives no
 * names and the plain number (GK_SENDMSG_DECIMAL), instructions are .long
 * words, parsing and assembling fail with an error, checks add nothing. */
const struct gk_amdgpu_gen *gk_amdgpu_gen_find(const char *gpu);
const char *gk_amdgpu_gen_name(const struct gk_amdgpu_gen *g);
/* "gfx6 (tahiti ...), ..." for usage texts */
const char *gk_amdgpu_gpu_help(void);

/* ---- the 16-bit operand ---- */

#define GK_SENDMSG_TEXT_MAX 64 /* longest operand text + NUL */

enum gk_sendmsg_form {
	GK_SENDMSG_NAMED,   /* sendmsg(MSG_GS, GS_OP_CUT, 1): a valid message, no unused bits */
	GK_SENDMSG_NUMBERS, /* sendmsg(8, 0, 0): not valid by name, no unused bits */
	GK_SENDMSG_DECIMAL, /* 65535: unused bits are set (GFX10: 7 or 15:10) */
};

struct gk_sendmsg {
	uint16_t value;
	uint8_t msg, op, stream;  /* GFX6-10: bits 3:0, 6:4, 9:8; GFX11: 7:0, none, none */
	uint16_t unused;          /* the set bits no part claims (GFX10: 7, 15:10) */
	const char *msg_name;     /* NULL: no message with this id on this generation */
	const char *op_name;      /* NULL: the message takes no operation or op has no name */
	bool msg_ok, op_ok, stream_ok; /* strict (by-name) validity of each part */
	bool shows_op, shows_stream;   /* the named form prints an operation / a stream */
	enum gk_sendmsg_form form;
};

void gk_sendmsg_decode(const struct gk_amdgpu_gen *g, uint16_t value, struct gk_sendmsg *m); /* m NULL: nothing */
/* The operand text llvm-mc prints, except that a value with unused bits set
 * prints as its decimal number (llvm drops those bits).  Returns the length
 * (always < GK_SENDMSG_TEXT_MAX; buf is NUL-terminated when cap > 0; buf
 * NULL: a length query). */
size_t gk_sendmsg_format(const struct gk_amdgpu_gen *g, uint16_t value, char *buf, size_t cap);

/* One JSON object (and a newline) for `gfxkit sendmsg --json`: the input
 * text, then either the value and its parts or the error with its column:
 * {"input","value","text","type","type_name","op","op_name","stream",
 *  "unused","valid"} or {"input","error":{"col","message"}}.  input NULL
 * and err NULL print as null; o NULL: nothing. */
void gk_sendmsg_json(const struct gk_amdgpu_gen *g, const char *input, int ok, uint16_t value,
		     const struct gk_diag *err, struct gk_out *o);

/* ---- symbols (`msg = 2`), caller-owned ---- */

#define GK_AMDGPU_MAX_SYMS 512
#define GK_AMDGPU_SYM_LEN 64 /* longest name + NUL */

struct gk_amdgpu_sym {
	char name[GK_AMDGPU_SYM_LEN];
	int64_t value;
	bool absolute; /* false: defined from something that has no value (1/0, an undefined name) */
};

struct gk_amdgpu_syms {
	unsigned n;
	struct gk_amdgpu_sym s[GK_AMDGPU_MAX_SYMS];
};

/* ---- parsing ---- */

/* Parse the operand of s_sendmsg in line[start, len): a sendmsg(...) macro or
 * an absolute expression, up to the end of the operand (a ',' or the end;
 * *end says where it stopped).  syms may be NULL.  Returns 0 with *value set,
 * or -1 with err->col (1-based, in line) and err->message set, worded as
 * llvm-mc words it ("invalid message id", "invalid operation id", ...).
 * The line ends at len or at its first NUL, whichever comes first; a start
 * past that end, line NULL, g NULL or value NULL is an error.  end and err
 * may be NULL. */
int gk_sendmsg_parse(const struct gk_amdgpu_gen *g, const struct gk_amdgpu_syms *syms, const char *line, size_t len,
		     size_t start, size_t *end, uint16_t *value, struct gk_diag *err);

/* Evaluate an absolute expression in line[start, len) the way the LLVM MC
 * assembler does (64-bit, GNU precedence, decimal/0x/0b/octal/'c' literals).
 * 0 with *value, or -1 with *err (what, and the column).  line, len and
 * start as for gk_sendmsg_parse; syms, end, value and err may be NULL. */
int gk_amdgpu_expr(const struct gk_amdgpu_syms *syms, const char *line, size_t len, size_t start, size_t *end,
		   int64_t *value, struct gk_diag *err);

/* ---- instruction words (`-e isa`) ---- */

struct gk_amdgpu_insn {
	uint64_t offset;
	uint32_t word;
	const char *name;      /* "s_sendmsg", "s_sendmsghalt", or NULL: printed as .long */
	struct gk_sendmsg msg; /* when name != NULL */
};

void gk_amdgpu_decode(const struct gk_amdgpu_gen *g, uint32_t word, uint64_t offset, struct gk_amdgpu_insn *in);
/* "s_sendmsg sendmsg(MSG_GS, GS_OP_CUT, 0)" or ".long 0xbf810000" (no offset).
 * Returns the length written, at most cap - 1 (NUL-terminated when cap > 0;
 * buf NULL or cap 0: 0).  in NULL: "". */
size_t gk_amdgpu_text(const struct gk_amdgpu_gen *g, const struct gk_amdgpu_insn *in, char *buf, size_t cap);
/* "0x00000000: s_sendmsg ...\n" and the diagnostics as "    ; error: ..." lines */
void gk_amdgpu_text_line(const struct gk_amdgpu_gen *g, const struct gk_amdgpu_insn *in, const struct gk_diags *dg,
			 struct gk_out *o);
/* What is wrong with the operand: invalid message / operation / stream
 * (errors), unused bits set (warning).  Any argument NULL: nothing.  The
 * printers write nothing for in or o NULL; dg may be NULL, and a dg->n
 * beyond the array is read as GK_MAX_DIAGS. */
void gk_amdgpu_check(const struct gk_amdgpu_gen *g, const struct gk_amdgpu_insn *in, struct gk_diags *dg);
/* One JSON object per line in the schema every engine shares (docs/json.md):
 * {"offset","engine":"amdgpu","name","words","fields":{simm16,type,op,stream,unused},
 *  "enums":{type,op},"diagnostics"[,"text" with GK_JSON_TEXT in flags]} */
void gk_amdgpu_json(const struct gk_amdgpu_gen *g, const struct gk_amdgpu_insn *in, const struct gk_diags *dg,
		    unsigned flags, struct gk_out *o);

/* ---- assembler for the text gk_amdgpu_text_line prints ---- */

/* The assembler's state (about 36 KiB, mostly its symbol table) lives on
 * the heap: create it, feed it lines, destroy it.  g may be NULL: every line
 * is then an error.  NULL when memory runs out.  emit and diag may be NULL. */
struct gk_amdgpu_asm;
struct gk_amdgpu_asm *gk_amdgpu_asm_create(const struct gk_amdgpu_gen *g, gk_emit_fn emit, void *emit_ctx,
					   gk_diag_fn diag, void *diag_ctx);
void gk_amdgpu_asm_destroy(struct gk_amdgpu_asm *a);
/* The errors reported so far (0 for a NULL a). */
unsigned gk_amdgpu_asm_errors(const struct gk_amdgpu_asm *a);
/* The symbols defined so far (NAME = EXPR, .set), for gk_sendmsg_parse;
 * NULL for a NULL a. */
const struct gk_amdgpu_syms *gk_amdgpu_asm_syms(const struct gk_amdgpu_asm *a);
/* One line (without newline): [0xOFFSET:] s_sendmsg OPERAND | s_sendmsghalt
 * OPERAND | .long EXPR[, EXPR...] | NAME = EXPR | .set NAME, EXPR, with ';'
 * or '//' comments.  Returns 0, or -1 after reporting an error (a NULL a,
 * a NULL gen, line NULL with len > 0: -1, counted in errors when a is
 * there).  The len bytes are read whole.  emit and diag may be NULL. */
int gk_amdgpu_asm_line(struct gk_amdgpu_asm *a, const char *line, size_t len);

#ifdef __cplusplus
}
#endif
#endif
