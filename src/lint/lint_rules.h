/* Lint rule rows (src/lint/lint_rules.c) and the evaluator's view of them;
 * "Radeon Evergreen/Northern Islands Acceleration" §2-§8.
 *
 * A row is data: conditions and requirements are terms over operands
 * named as text, resolved through the generation's register table once,
 * when a linter is prepared for the format (gk_lint_open):
 *   "REG.FIELD"  a field of a register (names as the register tables spell
 *                them; an indexed register without fields takes index 0's
 *                layout: CB_COLOR5_INFO.FORMAT is read as CB_COLOR0_INFO's)
 *   "REG"        the whole register
 *   "REG@0xADDR" a register this generation's table lacks (the other
 *                generation's), at that byte address
 *   "@FIELD"     a field of the DRAW_* / DISPATCH_* packet itself
 *   "#"          (second operand only) the row's index i
 * In names, '#' stands for the row's index i and '$' for the second index
 * j of a pair row.  Values are numbers or value names of operand a's field.
 * A term may multiply a by up to two more operands (mul: a thread group's
 * X * Y * Z) before it compares.
 *
 * Terms combine as: consecutive terms joined by or_next form a group that
 * holds when one of its terms holds; a row's conditions hold when every
 * group does.  A term on a register never written takes the term's dflt
 * when it has one (a value the guide states the register holds unless
 * programmed: "unless overridden in DB_RENDER_OVERRIDE", §7.4), else is
 * unknown (unless unw says otherwise): an unknown condition does not apply
 * the row, an unknown requirement is not reported (the value is not known
 * to be wrong) -- except in a row marked need, whose requirements the guide
 * words as registers to program before the draw or dispatch ("Program
 * ...", "Set ...", "must be programmed"): there a requirement on a register
 * never written is broken, and says so.
 *
 * Severity comes from the guide's wording (docs/lint.md): "must", "has
 * to", "is required", "cannot", "is not permitted", "is illegal" and the
 * imperative steps are errors; "should", "recommended", a table of
 * settings, or a condition that guesses the driver's intent, warnings.
 * quote is the sentence (briefly) the row enforces, as docs/lint.md
 * lists it. */
#ifndef GK_LINT_RULES_H
#define GK_LINT_RULES_H

#include <stddef.h>
#include <stdint.h>

enum lint_op {
	L_NONE,
	L_WRITTEN,   /* a was written */
	L_UNWRITTEN, /* a was never written (written is false; never unknown) */
	L_EQ,        /* a == v[0] */
	L_NE,        /* a != v[0] */
	L_IN,        /* a is one of v[] */
	L_NOTIN,     /* a is none of v[] */
	L_RANGE,     /* v[0] <= a <= v[1] */
	L_MASKEQ,    /* (a & v[0]) == v[1] */
	L_EQF,       /* a == b */
	L_LEF,       /* a <= b */
	L_GTF,       /* a > b */
	L_NIBBLESF,  /* the number of non-zero 4-bit groups of a == b */
};

/* How a term on a never-written register counts (L_WRITTEN/L_UNWRITTEN
 * always decide). */
enum lint_unw { U_UNKNOWN, U_TRUE, U_FALSE };

#define LINT_MAXV 6
#define LINT_MAXT 10

struct lint_term {
	const char *a;
	uint8_t op;          /* enum lint_op */
	uint8_t unw;         /* enum lint_unw */
	uint8_t or_next;     /* this term OR the next: one group */
	const char *b;       /* L_EQF, L_LEF, L_GTF, L_NIBBLESF */
	const char *dflt;    /* a's value when never written, as the guide states it (NULL: none) */
	const char *mul[2];  /* operands a is multiplied by (X * Y * Z of a thread group); NULL: none */
	const char *v[LINT_MAXV];
};

struct lint_rule {
	const char *id;
	const char *section;
	uint8_t gens;        /* GK_LINT_EVERGREEN | GK_LINT_CAYMAN */
	uint8_t when;        /* GK_LINT_DRAW | GK_LINT_DISPATCH */
	uint8_t warn;        /* a warning, not an error */
	uint8_t need;        /* requirements on registers never written are broken */
	uint8_t indexed;     /* '#' takes i0..i1 */
	uint8_t pair;        /* '$' takes i+1..i1 for each i */
	uint8_t i0, i1;
	struct lint_term cond[LINT_MAXT];  /* ends at a NULL a */
	struct lint_term req[LINT_MAXT];
	const char *text;
	const char *quote;   /* the guide's sentence the row enforces (briefly) */
};

/* Fields the guide names that the register tables lack, with their bits
 * (the guide's layout: one 4-bit group per MRT). */
struct lint_guide_field {
	const char *reg, *field;
	uint8_t lo, hi;
};

extern const struct lint_rule gk_lint_rules[];
extern const size_t gk_lint_nrules;
extern const struct lint_guide_field gk_lint_guide_fields[];
extern const size_t gk_lint_nguide_fields;

#endif
