/* Adreno ir3 shader instructions (a3xx..a8xx): decode to the text Mesa's
 * isaspec disassembler prints, assemble that text back, check, JSON.
 * Instructions are 64-bit; bit 0 is the low bit of the first 32-bit word. */
#ifndef GFXKIT_IR3_H
#define GFXKIT_IR3_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gfxkit/diag.h"
#include "gfxkit/stream.h" /* struct gk_diags, GK_JSON_TEXT */

#ifdef __cplusplus
extern "C" {
#endif

#define GK_IR3_TEXT_MAX 256
#define GK_IR3_MAX_FIELDS 40
/* gk_ir3_encode refuses, unread, a text length above this (64 MiB, the
 * longest line the CLI hands it) */
#define GK_IR3_INPUT_MAX ((size_t)1 << 26)

/* Every function below answers NULL pointers, zero capacities and
 * out-of-range values with its error return (-1, or 0 for the sizes)
 * and never touches memory it was not given. */

/* One field as decoded: nested fields (inside a register, a source...)
 * carry the name of the field that holds them in "parent". */
struct gk_ir3_field {
	const char *name;
	const char *parent; /* NULL at the instruction level */
	uint64_t value;     /* raw bits, or the computed value of a derived field */
	int8_t lo, hi;      /* bit range in the 64-bit word; -1: derived */
};

struct gk_ir3_insn {
	uint64_t word;
	const char *name;            /* the encoding (Mesa's bitset name), NULL: none matches */
	char text[GK_IR3_TEXT_MAX];  /* the disassembly; "" when nothing matches */
	uint64_t dontcare;           /* don't-care bits of the matched encodings */
	bool exact;                  /* text assembles back to exactly word */
	unsigned nfields;
	struct gk_ir3_field fields[GK_IR3_MAX_FIELDS];
	bool has_branch;             /* the text shows a branch target (a field of type branch) */
	int64_t branch;              /* its value: target = this instruction's index + branch */
};

/* The description a gpu id is read with.  The default is Mesa 26.2's
 * (a3xx..a8xx), what current Mesa prints; a gpu id with this flag uses Mesa's
 * January 2025 one (a3xx..a7xx), whose text differs in a few places
 * (docs/ir3.md, "Descriptions").  Every function below taking a gpu id
 * takes it; gk_ir3_gpu sets it for "a630@mesa-2025". */
#define GK_IR3_MESA_2025 0x10000u

/* "a630", "630", "a6xx", "adreno630", "0x44050000"... -> Mesa's gpu_id (630),
 * with "@mesa-2025" after it GK_IR3_MESA_2025 too ("@mesa-26.2": the
 * default); 0 ok, -1 unknown (or a NULL argument). */
int gk_ir3_gpu(const char *name, unsigned *gpu_id);
/* the accepted GPU names, for usage text */
const char *gk_ir3_gpu_help(void);

/* Decode one instruction for gpu_id.  Returns 0 when an encoding matched,
 * -1 when none did (out->name NULL, an error diagnostic says why; a gpu_id
 * no Adreno has matches nothing).  Never fails otherwise: every word gets a
 * result.  out NULL: -1.  The diagnostics are appended to *dg through
 * gk_diags_add (reset it per instruction to have only this one's; NULL: not
 * kept); their offset is 0, as the decoder does not know where the word was,
 * and their packet the encoding's name. */
int gk_ir3_decode(unsigned gpu_id, uint64_t word, struct gk_ir3_insn *out, struct gk_diags *dg);

/* The line decode prints and encode reads back: the text when it is exact,
 * otherwise "[0xHHHHHHHH_LLLLLLLL] ; text" (the raw word first, so nothing
 * is lost).  Returns the length (truncated to cap-1); 0 when buf is NULL or
 * cap 0, and "" when in is NULL. */
size_t gk_ir3_line(const struct gk_ir3_insn *in, char *buf, size_t cap);

/* The text of in (decoded for gpu_id) with its branch target shown as a
 * label, as Mesa's disassembler prints with branch labels: "#l<N>", N =
 * index (this instruction's, from 0) + in->branch; in->text when it has no
 * branch.  The length written (0 on bad arguments). */
size_t gk_ir3_label_text(unsigned gpu_id, const struct gk_ir3_insn *in, uint64_t index, char *buf, size_t cap);

/* Assemble one instruction: Mesa's text (whitespace runs count as one
 * space) or the raw form "[0x...]" (16 hex digits, '_' allowed after the
 * 8th).  Returns 0 and sets *word, or -1 with *err (col = 1-based column
 * where the text stopped making sense; 0 when the arguments are wrong:
 * text or word NULL, len above GK_IR3_INPUT_MAX).  err may be NULL. */
int gk_ir3_encode(unsigned gpu_id, const char *text, size_t len, uint64_t *word, struct gk_diag *err);

/* One instruction encoding a GPU has: Mesa's name for it, its generation
 * range (gpu ids), and its bits: (word & mask) == match; don't-care bits are
 * neither in mask nor in match. */
struct gk_ir3_encoding {
	const char *name;
	unsigned gen_min, gen_max;
	uint64_t match, mask, dontcare;
};

/* The encodings gpu_id has, in table order: fills up to cap, returns how
 * many there are (out may be NULL when cap is 0; NULL with a cap: 0). */
size_t gk_ir3_encodings(unsigned gpu_id, struct gk_ir3_encoding *out, size_t cap);

/* One JSON object (no newline) for a decoded instruction at byte offset, in
 * the schema every engine shares (docs/json.md): {"offset","engine":"ir3",
 * "name","words":[low,high],"exact","fields":{NAME or PARENT.NAME: value},
 * "enums":{},"diagnostics"[,"diagnostics_dropped"][,"text" with GK_JSON_TEXT,
 * the line gk_ir3_line prints]}, the diagnostics those of dg (its decode's;
 * NULL: none; a dg->n beyond the array is read as GK_MAX_DIAGS) with offset.
 * Returns the length (truncated to cap-1; needs no more than 8192 bytes); 0
 * when buf is NULL or cap 0, and "" when in is NULL. */
size_t gk_ir3_json(const struct gk_ir3_insn *in, const struct gk_diags *dg, uint64_t offset, unsigned flags, char *buf,
		   size_t cap);

#ifdef __cplusplus
}
#endif
#endif
