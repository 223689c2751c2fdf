/* ir3 table types: the format scripts/gen_ir3.py writes into ir3_tab.c. */
#ifndef GK_IR3_TAB_H
#define GK_IR3_TAB_H

#include <stddef.h>
#include <stdint.h>

/* the description's sizes: ir3_counts.h (Mesa 26.2, the default), or an
 * older one's, whose files define IR3_COUNTS first (its counts header also
 * renames the gk_ir3_* tables below to gk_ir3_NAME_*) */
#ifdef IR3_COUNTS
#include IR3_COUNTS
#else
#include "ir3_counts.h"
#endif

/* field types; the display rules are Mesa's isaspec ones (see docs/ir3.md) */
enum ir3_type {
	IR3_T_UINT,    /* %u */
	IR3_T_INT,     /* %d, sign-extended from the field width */
	IR3_T_HEX,     /* %x */
	IR3_T_OFFSET,  /* %+d, nothing when 0 */
	IR3_T_UOFFSET, /* +%u, nothing when 0 */
	IR3_T_BOOL,    /* the display text when 1 (or 0/1 without one) */
	IR3_T_FLOAT,   /* %f of a half (16 bits) or single (32 bits) */
	IR3_T_BRANCH,  /* as INT */
	IR3_T_ENUM,    /* name from gk_ir3_enums[ref], the number when it has none */
	IR3_T_BITSET,  /* decoded again under root gk_ir3_roots[ref] */
	IR3_T_ASSERT,
	IR3_T_BOOL_INV, /* the display text when 0 (or !value as 0/1 without one) */
};

enum ir3_opcode {
	IR3_OP_END, IR3_OP_CONST, IR3_OP_FIELD, IR3_OP_NOT, IR3_OP_NEG, IR3_OP_BNOT, IR3_OP_MUL, IR3_OP_DIV,
	IR3_OP_MOD, IR3_OP_ADD, IR3_OP_SUB, IR3_OP_SHL, IR3_OP_SHR, IR3_OP_LT, IR3_OP_LE, IR3_OP_GT, IR3_OP_GE,
	IR3_OP_EQ, IR3_OP_NE, IR3_OP_BAND, IR3_OP_BXOR, IR3_OP_BOR, IR3_OP_LAND, IR3_OP_LOR, IR3_OP_COND,
	IR3_OP_GPU_ID, /* ISA_GPU_ID(): the gpu id decoded for */
};

struct ir3_op {
	uint8_t op;
	uint64_t arg; /* CONST: the value; FIELD: a name id */
};

/* How to get source fields back from the value v of a derived field. */
enum ir3_inv_kind {
	IR3_INV_NONE,   /* not invertible: the decode check decides */
	IR3_INV_COPY,   /* a = v */
	IR3_INV_NOT,    /* a = !v */
	IR3_INV_ADD,    /* v = a + k */
	IR3_INV_SPLIT,  /* v = a << n | b */
	IR3_INV_SHL,    /* v = k << a */
	IR3_INV_AFFINE, /* v = (a + k) * n */
};

struct ir3_inv {
	uint8_t kind;
	uint16_t a, b;
	int32_t k;
	uint32_t n;
};

struct ir3_assume {
	uint16_t name;
	uint64_t val;
};

struct ir3_expr {
	uint32_t op;         /* first op in gk_ir3_ops[] */
	struct ir3_inv inv;
	uint32_t assume;     /* first in gk_ir3_assumes[]: ntrue when true, then nfalse when false */
	uint8_t ntrue, nfalse;
	uint8_t kept;        /* a field lookup evaluates it even for a case without the name (gen_ir3.py) */
};

struct ir3_seg {
	int32_t field; /* name id, -1: literal */
	uint16_t len;
	const char *lit;
};

struct ir3_tpl {
	uint32_t seg, nsegs;
	uint16_t lits, nlits; /* gk_ir3_tpl_lits[lits .. lits + nlits): its literals of 2 characters or more */
	uint8_t has_name;     /* it shows {NAME} */
};

struct ir3_param {
	uint16_t name, as; /* outer name, name inside the nested bitset */
};

struct ir3_field {
	uint16_t name;
	uint8_t low, high; /* derived: 0 .. width-1 */
	uint8_t type;
	int16_t ref;       /* enum index or root index */
	int16_t expr;      /* derived: its expression; -1: bits */
	uint16_t param, nparams;
	const char *display;
	uint8_t has_force; /* the encoder's fixed value for a field no template shows */
	uint64_t force;
	uint16_t cas;      /* the case it belongs to */
	uint8_t plain;     /* raw, printed and proven whatever its value (gen_ir3.py plain; ir3.c display) */
};

#define IR3_NAME_WORDS ((IR3_NNAMES + 63) / 64)
/* the decoder's stack of expressions being evaluated: no expression is on
 * it twice, so one more than there are always suffices */
#define IR3_EVAL_STACK (IR3_NEXPRS + 2)

struct ir3_case {
	int16_t expr;  /* -1: the default case */
	int16_t tpl;   /* -1: no display */
	uint32_t field, nfields;
	uint64_t assert_mask, assert_val;
	uint64_t names[IR3_NAME_WORDS]; /* bit i set: a field of it is called gk_ir3_names[i] */
};

struct ir3_bitset {
	const char *name;
	int16_t parent;
	int16_t root;
	uint8_t size;
	uint8_t leaf;
	uint8_t nameless; /* some display it can use has no {NAME} */
	uint16_t gen_min, gen_max;
	uint32_t cas, ncases;
	uint64_t match, mask, dontcare;
	uint8_t overrides;              /* some case has an expression */
	uint64_t names[IR3_NAME_WORDS]; /* bit i set: a field of a case is called gk_ir3_names[i] */
	/* how the assembler reads it as a leaf: gk_ir3_variant_cases[disp ..
	 * disp + ndisp) are the cases whose display it can be shown by, in the
	 * order the decoder tries them (leaf first, the default last), and the
	 * nfos after them the overrides without a display whose fields those
	 * displays can use */
	uint16_t disp;
	uint8_t ndisp, nfos;
	/* the sets of those overrides a variant assumes true, as masks over
	 * the first IR3_FOS_MAX of them: gk_ir3_fo_combos[combo .. combo +
	 * ncombo), the empty set first; at most one of overrides that test one
	 * field against constants (scripts/gen_ir3.py says why) */
	uint16_t combo;
	uint8_t ncombo;
	/* for the exactness proof: the bits the asserts and encoder constants
	 * ("force") of its chain's cases can set, and the fields of its chain's
	 * default cases with an encoder constant (raw, not nested):
	 * gk_ir3_forced_fields[forced .. forced + nforced) */
	uint64_t chain_may;
	uint16_t forced, nforced;
	/* how the assembler builds its word when it reads it by variant i (the
	 * order of ir3.c's variants()): the steps gk_ir3_build_steps[
	 * gk_ir3_plan_start[plan + i] .. gk_ir3_plan_start[plan + i + 1]) */
	uint32_t plan;
	/* an expression its word must satisfy for the assembler to choose it,
	 * where another encoding prints the same text (-1: none;
	 * scripts/gen_ir3.py ENCODE_WHEN says which and why) */
	int16_t enc_when;
};

/* gk_ir3_lookup[bs][name]: where a lookup of name from bitset bs ends when
 * no case expression decides: a field index, or one of these */
#define IR3_LOOKUP_NONE (-1) /* no case of the chain has the name (nothing to evaluate) */
#define IR3_LOOKUP_WALK (-2) /* a case expression decides, or must be evaluated: walk */

struct ir3_enum {
	const char *name;
	const char *const *names;
	uint32_t n;
	/* the values with a name, by its first character c (0: the empty
	 * name): by_first[first[c] .. first[c + 1]), each group in value order */
	const uint16_t *first;    /* 129 entries */
	const uint16_t *by_first;
};

/* the decode index uses at most this many key bits (scripts/gen_ir3.py) */
#define IR3_KEY_BITS_MAX 10
/* the encode index's hash of a name's first two characters; the generator
 * computes the same (pair_hash there) */
#define IR3_PAIR_BUCKETS 1024u
#define IR3_PAIR_HASH(a, b) (((unsigned)(unsigned char)(a) * 31u + (unsigned char)(b)) & (IR3_PAIR_BUCKETS - 1))

/* a leaf as decode's scan compares it (a copy of its bitset's fields) */
struct ir3_scan {
	uint64_t match, mask;
	uint16_t gen_min, gen_max;
	uint16_t bs;
};

struct ir3_root {
	int16_t bitset;
	const uint16_t *leaves;    /* in XML order (the assembler tries them so) */
	uint32_t nleaves;
	/* decode index (roots of 16 leaves or more): key = the bits key_bit[]
	 * packed, key_bit[0] lowest; the leaves that can match a word with that
	 * key (a leaf that does not fix a key bit is under both of its values)
	 * are by_key[key_start[key] .. key_start[key + 1]) */
	uint8_t nkey;
	uint8_t key_bit[IR3_KEY_BITS_MAX];
	const uint16_t *by_key;
	const uint16_t *key_start;
	/* encode index (the same roots): the positions in leaves[] of the
	 * leaves whose name's first two characters a, b have IR3_PAIR_HASH(a, b)
	 * == h are by_pair[pair_start[h] .. pair_start[h + 1]); the positions
	 * of those with a display without {NAME} or a name shorter than two
	 * characters, tried whatever the text holds, are always[0 .. nalways) */
	const uint16_t *by_pair;
	const uint16_t *pair_start;
	const uint16_t *always;
	uint32_t nalways;
	/* per position in leaves[]: IR3_PAIR_HASH of a character pair that
	 * every display the assembler can read the leaf by holds in one of its
	 * literals (a text without it fits none of them), IR3_PAIR_BUCKETS:
	 * none */
	const uint16_t *need_pair;
	/* always[] as a set of positions ((IR3_MAX_LEAVES + 63) / 64 words),
	 * and the positions of those whose name is shorter than two characters
	 * (the pair index cannot find it): short_name[0 .. nshort) */
	const uint64_t *always_set;
	const uint16_t *short_name;
	uint32_t nshort;
	/* the names of the leaves of by_pair[], in its order (each bucket in
	 * name order), and how many first characters each shares with the one
	 * before it in its bucket (0 for a bucket's first) */
	const char *const *pair_name;
	const uint8_t *pair_lcp;
	/* the leaves of by_key[] (leaves[] without a decode index), in that
	 * order, as decode compares them */
	const struct ir3_scan *scan;
};

extern const char *const gk_ir3_names[IR3_NNAMES];
extern const struct ir3_enum gk_ir3_enums[IR3_NENUMS];
extern const struct ir3_op gk_ir3_ops[];
extern const struct ir3_assume gk_ir3_assumes[];
extern const struct ir3_expr gk_ir3_exprs[IR3_NEXPRS];
extern const struct ir3_seg gk_ir3_segs[];
extern const struct ir3_tpl gk_ir3_tpls[IR3_NTPLS];
extern const uint16_t gk_ir3_tpl_lits[];
extern const struct ir3_param gk_ir3_params[];
extern const struct ir3_field gk_ir3_fields[IR3_NFIELDS];
extern const struct ir3_case gk_ir3_cases[IR3_NCASES];
extern const struct ir3_bitset gk_ir3_bitsets[IR3_NBITSETS];
extern const uint16_t gk_ir3_variant_cases[];
#define IR3_FOS_MAX 8
#define IR3_VARIANTS_MAX 24
extern const uint8_t gk_ir3_fo_combos[];
extern const int16_t gk_ir3_lookup[IR3_NBITSETS][IR3_NNAMES];
extern const uint16_t gk_ir3_forced_fields[];
/* a build step: a field index (its value from the text, or its encoder
 * constant, goes into the word), or -(case + 1): the case's asserted bits */
extern const uint32_t gk_ir3_plan_start[];
extern const int16_t gk_ir3_build_steps[];
/* per bitset and variant as the plans: how many assignments its
 * assumptions make when none of them can fail in a fresh nested scope, -1:
 * not so, or it has an override without a display, or its display does not
 * start with a literal (ir3.c first_literal_misses) */
extern const int8_t gk_ir3_quick_miss[];
/* per bitset and variant as the plans: the characters (bit c of the four
 * words: character c, 1..127) its display can start with, a param aside
 * (ir3.c cannot_start) */
extern const uint32_t gk_ir3_start_sets[][4];
extern const uint16_t gk_ir3_start_of[];
extern const struct ir3_root gk_ir3_roots[IR3_NROOTS];
extern const int gk_ir3_root_instruction;

/* How gk_ir3_decode_with settles gk_ir3_insn.exact: gk_ir3_decode proves it
 * from the decoded fields when it can and assembles the text back when not;
 * the other two ways are for the test that compares them. */
enum ir3_exactness {
	IR3_EXACT_PROVE_OR_REASSEMBLE,
	IR3_EXACT_REASSEMBLE,  /* always assemble the text back */
	IR3_EXACT_PROOF_ONLY,  /* exact only when proven (and no diagnostic about it) */
};
/* OR'd into the way: no field records (nfields is 0, the records array
 * is left as it was); text, exactness, branch and diagnostics as without
 * it.  The engine's text and check do not read the records (engine.c). */
#define IR3_DECODE_NO_FIELDS 0x100
/* OR'd into the way: this word's own decode evaluates its expressions
 * with the stack programs of gk_ir3_ops[] instead of their generated C
 * (the assembling back that exactness may need does not); the same result,
 * which tests/ir3/test_ir3.c test_expr_code holds it to. */
#define IR3_DECODE_INTERPRET 0x200
struct gk_ir3_insn;
struct gk_diags;
int gk_ir3_decode_with(unsigned gpu_id, uint64_t word, struct gk_ir3_insn *out, struct gk_diags *dg,
		       unsigned how);

/* gk_ir3_encode as it is (0), or (IR3_ENCODE_FULL_SEARCH) without passing
 * over the nested variants ir3.c's cannot_start rules out, for the test
 * that the two find the same words and errors. */
#define IR3_ENCODE_FULL_SEARCH 1
struct gk_diag;
int gk_ir3_encode_with(unsigned gpu_id, const char *text, size_t len, uint64_t *word, struct gk_diag *err,
		       unsigned how);

/* The entry points of Mesa's January 2025 description (ir3_2025.c compiles
 * ir3.c again over ir3_2025_tab.c): the public functions send a gpu id with
 * GK_IR3_MESA_2025 to these, without the flag. */
struct gk_diag;
struct gk_ir3_encoding;
int gk_ir3_2025_decode_with(unsigned gpu_id, uint64_t word, struct gk_ir3_insn *out, struct gk_diags *dg,
			    unsigned how);
int gk_ir3_2025_encode(unsigned gpu_id, const char *text, size_t len, uint64_t *word, struct gk_diag *err);
int gk_ir3_2025_encode_with(unsigned gpu_id, const char *text, size_t len, uint64_t *word, struct gk_diag *err,
			    unsigned how);
size_t gk_ir3_2025_label_text(unsigned gpu_id, const struct gk_ir3_insn *in, uint64_t index, char *buf, size_t cap);
size_t gk_ir3_2025_encodings(unsigned gpu_id, struct gk_ir3_encoding *out, size_t cap);

#endif
