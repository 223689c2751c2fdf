/* Adreno ir3: a generic interpreter of the isaspec-style tables in ir3_tab.c
 * (seed 002 for cat6; Mesa's ir3*.xml for the rest).  Decode follows the
 * isaspec rules: the one leaf whose merged pattern matches (within its
 * generation range), the first case whose expression holds, fields found
 * leaf first, then through params, then in the enclosing scope.  Encode
 * reads the text against the same display templates, inverts the derived
 * fields, and accepts a result only when decoding it gives the text back. */
#ifdef IR3_LEGACY
/* compiled again for an older description (ir3_2025.c): the entry points
 * that read the tables get that description's names; the rest (GPU names,
 * the line and JSON forms) exist once, in the default's unit */
#define gk_ir3_decode_with gk_ir3_2025_decode_with
#define gk_ir3_encode gk_ir3_2025_encode
#define gk_ir3_encode_with gk_ir3_2025_encode_with
#define gk_ir3_label_text gk_ir3_2025_label_text
#define gk_ir3_encodings gk_ir3_2025_encodings
#endif
#include <inttypes.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/ir3.h"
#include "out.h" /* src/core */
#include "ir3_tab.h"

static uint64_t bits(uint64_t v, unsigned lo, unsigned hi)
{
	unsigned w = hi - lo + 1;
	return w >= 64 ? v >> lo : (v >> lo) & ((1ull << w) - 1);
}

static uint64_t wmask(unsigned w)
{
	return w >= 64 ? ~0ull : (1ull << w) - 1;
}

static int64_t sext(uint64_t v, unsigned w)
{
	if (w == 0 || w >= 64)
		return (int64_t)v;
	uint64_t m = 1ull << (w - 1);
	v &= wmask(w);
	return (int64_t)((v ^ m) - m);
}

#ifndef IR3_LEGACY
/* ---- GPUs ---- */

static const struct {
	const char *name;
	unsigned id;
} gpus[] = {
	{ "a3xx", 300 }, { "a4xx", 400 }, { "a5xx", 500 }, { "a6xx", 600 }, { "a305", 305 }, { "a306", 306 },
	{ "a307", 307 }, { "a320", 320 }, { "a330", 330 }, { "a405", 405 }, { "a420", 420 }, { "a430", 430 },
	{ "a505", 505 }, { "a506", 506 }, { "a508", 508 }, { "a509", 509 }, { "a510", 510 }, { "a512", 512 },
	{ "a530", 530 }, { "a540", 540 }, { "a605", 605 }, { "a608", 608 }, { "a610", 610 }, { "a612", 612 },
	{ "a618", 618 }, { "a619", 619 }, { "a620", 620 }, { "a630", 630 }, { "a640", 640 }, { "a650", 650 },
	{ "a660", 660 }, { "a680", 680 }, { "a690", 690 }, { "a7xx", 700 }, { "a702", 702 }, { "a730", 730 },
	{ "a740", 740 }, { "a750", 750 }, { "a8xx", 800 }, { "a810", 810 }, { "a825", 825 }, { "a829", 829 },
	{ "a830", 830 }, { "a840", 840 },
};

/* Mesa's chip ids (src/freedreno/common/freedreno_devices.py): a7xx and
 * a8xx parts have no gpu id, and their core byte is not the generation
 * (a740 is 0x43050a01, a830 0x44050000), so these are looked up; other chip
 * ids 0xCCMMmmpp read as core * 100 + major * 10 + minor, as Mesa's
 * fd_dev_gpu_id does (0x06030002 is a630).  The a8xx rows are Mesa 26.2's
 * (0x44050000 is what its disassembler tests call INSTR_8XX); the X2
 * parts have no Adreno number and read as the generation, 800, which is
 * all an encoding range compares. */
static const struct {
	uint32_t chip;
	unsigned id;
} chips[] = {
	{ 0x07000200, 702 }, { 0x07030001, 730 }, { 0x43050a01, 740 }, { 0x43050b00, 740 }, { 0x43051401, 750 },
	{ 0x44010000, 810 }, { 0x44030000, 825 }, { 0x44030a20, 829 }, { 0x44050000, 830 }, { 0x44050001, 830 },
	{ 0x44050a31, 840 }, { 0x44060030, 800 }, { 0x44070031, 800 }, { 0x44070041, 800 },
};

static int chip_id(const char *s, unsigned *gpu_id)
{
	char *end;
	unsigned char c0 = (unsigned char)s[2];
	/* strtoull would also take blanks and a sign */
	if (!((c0 >= '0' && c0 <= '9') || ((c0 | 0x20) >= 'a' && (c0 | 0x20) <= 'f')))
		return -1;
	unsigned long long v = strtoull(s + 2, &end, 16);
	if (end == s + 2 || *end)
		return -1;
	/* Mesa's "any speed bin" form puts 0xffff above the 32-bit id
	 * (0xffff44050a31) */
	if (v >> 32 == 0xffff)
		v &= 0xffffffffull;
	if (v > 0xffffffffull)
		return -1;
	for (size_t i = 0; i < sizeof chips / sizeof chips[0]; i++)
		if (chips[i].chip == v) {
			*gpu_id = chips[i].id;
			return 0;
		}
	unsigned core = (unsigned)(v >> 24), major = (unsigned)(v >> 16 & 0xff), minor = (unsigned)(v >> 8 & 0xff);
	if (core < 3 || core > 6 || major > 9 || minor > 99)
		return -1;
	*gpu_id = core * 100 + major * 10 + minor;
	return 0;
}

/* the GPU part of a name, without a description suffix ("@mesa-2025") */
static int gpu_part(const char *name, unsigned *gpu_id)
{
	if (!strncmp(name, "adreno", 6))
		name += 6;
	if ((name[0] == '0' && (name[1] == 'x' || name[1] == 'X')) && name[2])
		return chip_id(name, gpu_id);
	for (size_t i = 0; i < sizeof gpus / sizeof gpus[0]; i++)
		if (!strcmp(name, gpus[i].name) || !strcmp(name, gpus[i].name + 1)) {
			*gpu_id = gpus[i].id;
			return 0;
		}
	return -1;
}

int gk_ir3_gpu(const char *name, unsigned *gpu_id)
{
	if (!name || !gpu_id)
		return -1;
	/* "GPU@mesa-2025": Mesa's January 2025 description instead of the
	 * default (Mesa 26.2, also "@mesa-26.2") */
	const char *at = strchr(name, '@');
	unsigned desc = 0;
	char gpu[32];
	if (at) {
		if (!strcmp(at + 1, "mesa-2025"))
			desc = GK_IR3_MESA_2025;
		else if (strcmp(at + 1, "mesa-26.2") != 0)
			return -1;
		if ((size_t)(at - name) >= sizeof gpu)
			return -1;
		memcpy(gpu, name, (size_t)(at - name));
		gpu[at - name] = 0;
		name = gpu;
	}
	unsigned id;
	if (gpu_part(name, &id) != 0)
		return -1;
	/* the 2025 description has no a8xx */
	if (desc && id >= 800)
		return -1;
	*gpu_id = id | desc;
	return 0;
}

const char *gk_ir3_gpu_help(void)
{
	return "a3xx a4xx a5xx a6xx a7xx a8xx, or a GPU: a305..a330 a405 a420 a430 a505..a540 a605..a690 "
	       "a702 a730 a740 a750 a810 a825 a829 a830 a840 (also without the 'a', e.g. 630), or a Mesa chip id "
	       "(0x07030001, 0x44050000); GPU@mesa-2025 for Mesa's January 2025 text (a3xx..a7xx)";
}

#endif

/* ---- decode ---- */

struct dstate {
	unsigned gpu;
	char *buf;
	size_t len, cap;
	struct gk_ir3_insn *out;      /* NULL: the encoder's check, no record, proof or diagnostics */
	struct gk_ir3_insn *rec;      /* where field records go: out, or NULL (IR3_DECODE_NO_FIELDS) */
	struct gk_diags *dg;          /* where diagnostics go (out set); NULL: only counted */
	unsigned ndiags, nerrors;     /* diagnostics of this word (kept or not) */
	uint32_t codes;               /* bit c: a diagnostic with code c */
	unsigned depth;
	int failed;
	int interpret;        /* expressions by eval_interpret, not ir3_expr_code (IR3_DECODE_INTERPRET) */
	int labels;           /* print branch targets as labels "l<label_base + value>" */
	uint64_t label_base;
	int bad_expr;  /* the expression of the first override of the instruction's own scope that holds
			* and whose asserted bits the word breaks; -1 none (for the encoder) */
	int stack[IR3_EVAL_STACK]; /* expressions being evaluated, innermost last */
	unsigned sp;
	/* for the exactness proof (see proven_exact): bits the text determines,
	 * whether something shown may not read back to its bits, and every
	 * scope decoded */
	uint64_t shown;
	int lossy;
	int unchosen; /* a scope's word is one the assembler does not choose (ir3_bitset.enc_when) */
	unsigned nscopes;
	struct {
		int16_t bs;
		uint8_t base;
		uint64_t val;
	} scopes[16];
};

/* per scope: expressions already evaluated (isaspec caches them too, and the
 * cache is part of its semantics when expressions refer to each other) */
struct dcache {
	uint64_t have[(IR3_NEXPRS + 63) / 64];
	uint64_t val[IR3_NEXPRS];
};

static void cache_init(struct dcache *c)
{
	memset(c->have, 0, sizeof c->have);
}

/* a decode state for gpu with nothing decoded yet (the stacks are read up
 * to their counts only, so they stay as they are) */
static void dstate_init(struct dstate *st, unsigned gpu, char *buf, size_t cap, struct gk_ir3_insn *out,
			struct gk_diags *dg)
{
	st->gpu = gpu;
	st->buf = buf;
	st->len = 0;
	st->cap = cap;
	st->out = out;
	st->rec = out;
	st->dg = dg;
	st->ndiags = st->nerrors = 0;
	st->codes = 0;
	st->depth = 0;
	st->failed = 0;
	st->bad_expr = -1;
	st->interpret = 0;
	st->labels = 0;
	st->label_base = 0;
	st->sp = 0;
	st->shown = 0;
	st->lossy = 0;
	st->unchosen = 0;
	st->nscopes = 0;
}

struct dscope {
	struct dstate *st;
	int bs;
	uint64_t val;
	unsigned base;                 /* bit offset in the instruction */
	const struct ir3_field *holder; /* field of the parent that holds this (params) */
	const struct dscope *parent;
	struct dcache *cache;
	int cas; /* the case whose display is shown, once known; -1 before */
	const char *pname; /* what its fields' records give as parent: the holder's name, NULL at the top */
};

static void diag(struct dstate *st, enum gk_severity sev, enum gk_diag_code code, int lo, int hi, const char *field,
		 const char *fmt, ...) __attribute__((format(printf, 7, 8), cold));


static void diag(struct dstate *st, enum gk_severity sev, enum gk_diag_code code, int lo, int hi, const char *field,
		 const char *fmt, ...)
{
	struct gk_ir3_insn *o = st->out;
	if (!o)
		return;
	st->ndiags++;
	st->nerrors += sev == GK_ERROR;
	st->codes |= 1u << code;
	if (!st->dg)
		return;
	char msg[sizeof ((struct gk_diag *)0)->message];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	/* the decoder does not know where the word was: offset 0, the caller's to set */
	const struct gk_packet word = { 0 };
	struct gk_diag *d = gk_diags_add(st->dg, &word, sev, code, lo >= 0 ? lo / 32 : -1, lo >= 0 ? lo % 32 : -1,
					 hi >= 0 ? (lo / 32 == hi / 32 ? hi % 32 : 31) : -1, field, "%s", msg);
	if (d)
		d->packet = o->name;
}

static inline void put(struct dstate *st, const char *s, size_t n)
{
	if (st->len + n >= st->cap) {
		st->failed = 1;
		n = st->len + 1 < st->cap ? st->cap - 1 - st->len : 0;
	}
	/* template literals are a few characters: no memcpy call */
	for (size_t i = 0; i < n; i++)
		st->buf[st->len + i] = s[i];
	st->len += n;
	st->buf[st->len] = 0;
}

/* put(s, strlen(s)) in one pass */
static void put_str(struct dstate *st, const char *s)
{
	size_t i = 0;
	while (s[i] && st->len + 1 < st->cap)
		st->buf[st->len++] = s[i++];
	if (s[i])
		st->failed = 1;
	st->buf[st->len] = 0;
}

/* A bool as isaspec shows it: its display text when on and nothing when
 * off, or "1"/"0" for one without a display */
static inline void put_bool(struct dstate *st, const char *display, int on)
{
	if (display) {
		if (on)
			put_str(st, display);
	} else {
		put(st, on ? "1" : "0", 1);
	}
}

/* v in decimal (or hex), after sign ("" when none): what printf's %u,
 * %d, %+d and %x print, without printf's cost on every field (inline: the
 * sign and base of each caller fold, and register numbers are a third of
 * the fields: decode of the 1,261 different CI-log words 12.45 M -> 12.39 M) */
static inline __attribute__((always_inline)) void put_num(struct dstate *st, const char *sign, uint64_t v,
							  unsigned base)
{
	char tmp[24];
	size_t i = sizeof tmp;
	/* each base its own loop: a division by a constant is a multiply, by a
	 * variable a divide instruction per digit */
	if (base == 16) {
		do {
			tmp[--i] = "0123456789abcdef"[v & 15];
			v >>= 4;
		} while (v);
	} else {
		do {
			tmp[--i] = (char)('0' + v % 10);
			v /= 10;
		} while (v);
	}
	while (*sign)
		tmp[--i] = *sign++;
	put(st, tmp + i, sizeof tmp - i);
}

/* a signed value: "-" and its magnitude, or "+" (plus) or nothing before it */
static void put_int(struct dstate *st, int64_t v, int plus)
{
	put_num(st, v < 0 ? "-" : plus ? "+" : "", v < 0 ? 0 - (uint64_t)v : (uint64_t)v, 10);
}

static const struct ir3_field *resolve(const struct dscope *sc, unsigned name, uint64_t *val,
				       const struct dscope **where);

/* (not inline: most evaluations are cache hits, and eval stays small;
 * "{X} == k" on a raw field, which had a shortcut here before the
 * expressions became generated C, costs the same through that code) */
static __attribute__((noinline)) uint64_t eval_run(const struct dscope *sc, int e);

/* Where a lookup of name from leaf bs ends when no case expression decides
 * (gk_ir3_lookup): a field index, IR3_LOOKUP_NONE or IR3_LOOKUP_WALK.  One
 * read: every field shown or evaluated goes through it. */
static inline int lookup_index(int bs, unsigned name)
{
	return gk_ir3_lookup[bs][name];
}

/* the value of expression e in scope sc, from the cache when it has it
 * (inline: most evaluations are cache hits) */
static inline uint64_t eval(const struct dscope *sc, int e)
{
	if (sc->cache->have[e / 64] >> (e % 64) & 1)
		return sc->cache->val[e];
	return eval_run(sc, e);
}

/* What a nested bitset calls name is, in the scope around it, the param of
 * holder (the field holding it) passed "as" name.  A name no param passes
 * is not looked up outside (isaspec's resolve_field, isaspec_decode_impl.c:
 * a nested scope sees its own fields and its params only; Mesa 26.2's wmm
 * reads IMMED_ENCODING in a source it does not pass it to, which is then
 * 0): IR3_NNAMES, no name. */
static unsigned outer_name(const struct ir3_field *holder, unsigned name)
{
	for (unsigned p = 0; holder && p < holder->nparams; p++)
		if (gk_ir3_params[holder->param + p].as == name)
			return gk_ir3_params[holder->param + p].name;
	return IR3_NNAMES;
}

/* The field of case C called name, NULL: none */
static const struct ir3_field *case_field(const struct ir3_case *C, unsigned name)
{
	if (!(C->names[name / 64] >> (name % 64) & 1))
		return NULL;
	for (unsigned f = C->field; f < C->field + C->nfields; f++)
		if (gk_ir3_fields[f].name == name)
			return &gk_ir3_fields[f];
	return NULL;
}


/* The first field called name in the cases that hold, leaf first.  The
 * lookup index answers when no expression decides; otherwise the cases are
 * walked, evaluating the expressions of those with the name and the "kept"
 * ones -- isaspec evaluates every case expression of a bitset it passes,
 * which for all others only caches early the one value they have wherever
 * they are evaluated (scripts/gen_ir3.py says why, tests/ir3/test_ir3.c
 * test_lookups checks it). */
static const struct ir3_field *find_field(const struct dscope *sc, unsigned name)
{
	int k = lookup_index(sc->bs, name);
	if (k != IR3_LOOKUP_WALK)
		return k >= 0 ? &gk_ir3_fields[k] : NULL;
	/* while a case's own expression is being evaluated, it is assumed
	 * true, so it can use the fields it defines */
	int cur = sc->st->sp ? sc->st->stack[sc->st->sp - 1] : -1;
	for (int b = sc->bs; b >= 0; b = gk_ir3_bitsets[b].parent) {
		const struct ir3_bitset *B = &gk_ir3_bitsets[b];
		if (!B->overrides && !(B->names[name / 64] >> (name % 64) & 1))
			continue;
		for (unsigned c = B->cas; c < B->cas + B->ncases; c++) {
			const struct ir3_case *C = &gk_ir3_cases[c];
			if (!(C->names[name / 64] >> (name % 64) & 1) && (C->expr < 0 || !gk_ir3_exprs[C->expr].kept))
				continue;
			if (C->expr >= 0 && cur != C->expr && !eval(sc, C->expr))
				continue;
			const struct ir3_field *f = case_field(C, name);
			if (f)
				return f;
		}
	}
	return NULL;
}

/* resolve while the lookup index answers alone: what resolve computes,
 * without find_field's call and walk for a name that no case expression
 * decides in any scope it passes -- a field of sc's chain (raw: its bits,
 * derived: its cached expression), or a name sc does not have, looked up
 * in the scope around it by the param passing it (a source's FULL, the
 * instruction's IMMED_ENCODING: a fifth of the lookups of real a6xx code
 * went through resolve's walk for that).  A name a case expression decides
 * somewhere on the way takes resolve from there. */
static inline const struct ir3_field *resolve_from(const struct dscope *sc, unsigned name, int k, uint64_t *val,
						   const struct dscope **where)
{
	for (;;) {
		if (k >= 0) {
			const struct ir3_field *f = &gk_ir3_fields[k];
			*val = f->expr < 0 ? bits(sc->val, f->low, f->high) : eval(sc, f->expr);
			*where = sc;
			return f;
		}
		if (k == IR3_LOOKUP_WALK)
			return resolve(sc, name, val, where);
		name = outer_name(sc->holder, name);
		sc = sc->parent;
		if (name >= IR3_NNAMES || !sc)
			return NULL;
		k = lookup_index(sc->bs, name);
	}
}

/* resolve_from with sc's own lookup (the caller that has it saves one) */
static inline const struct ir3_field *resolve_here(const struct dscope *sc, unsigned name, uint64_t *val,
						   const struct dscope **where)
{
	return resolve_from(sc, name, lookup_index(sc->bs, name), val, where);
}

static void diag(struct dstate *st, enum gk_severity sev, enum gk_diag_code code, int lo, int hi, const char *field,
		 const char *fmt, ...) __attribute__((format(printf, 7, 8), cold));

/* A field an expression reads; one no scope has reads as 0, as isaspec's
 * isa_decode_field, which also reports it ("no field 'X' in 'Y'").  Inline
 * in each generated expression (ir3_expr.inc), where gcc had made it a
 * call: 0.4 % of a first-time word's decode, 0.15 % of a line's encode. */
static inline __attribute__((always_inline)) uint64_t field_value(const struct dscope *sc, unsigned name)
{
	uint64_t v = 0;
	const struct dscope *w;
	if (!resolve_here(sc, name, &v, &w)) {
		diag(sc->st, GK_WARNING, GK_D_SYNTAX, -1, -1, gk_ir3_names[name], "no field %s in %s (read as 0)",
		     gk_ir3_names[name], gk_ir3_bitsets[sc->bs].name);
		return 0;
	}
	return v;
}

/* Expression e's stack program (gk_ir3_ops[]) run step by step: what its
 * generated C (ir3_expr_code, below) computes, kept for the test that
 * compares the two (IR3_DECODE_INTERPRET, tests/ir3/test_ir3.c
 * test_expr_code) */
static uint64_t eval_interpret(const struct dscope *sc, int e)
{
	const struct dstate *st = sc->st;
	const struct ir3_op *op0 = &gk_ir3_ops[gk_ir3_exprs[e].op];
	int64_t stack[32];
	unsigned sp = 0;
	for (const struct ir3_op *op = op0; op->op != IR3_OP_END; op++) {
		uint64_t a, b;
		if (op->op == IR3_OP_CONST || op->op == IR3_OP_FIELD || op->op == IR3_OP_GPU_ID) {
			if (sp < 32)
				stack[sp++] = (int64_t)(op->op == IR3_OP_CONST    ? op->arg
							: op->op == IR3_OP_GPU_ID ? st->gpu
										  : field_value(sc, (unsigned)op->arg));
			continue;
		}
		if (op->op == IR3_OP_NOT || op->op == IR3_OP_NEG || op->op == IR3_OP_BNOT) {
			if (!sp)
				break;
			a = (uint64_t)stack[sp - 1];
			stack[sp - 1] = op->op == IR3_OP_NOT ? !a : op->op == IR3_OP_NEG ? (int64_t)(0 - a) : (int64_t)~a;
			continue;
		}
		if (op->op == IR3_OP_COND) {
			if (sp < 3)
				break;
			sp -= 2;
			stack[sp - 1] = stack[sp - 1] ? stack[sp] : stack[sp + 1];
			continue;
		}
		if (sp < 2)
			break;
		sp--;
		int64_t x = stack[sp - 1], y = stack[sp];
		a = (uint64_t)x;
		b = (uint64_t)y;
		int64_t r;
		switch (op->op) {
		case IR3_OP_MUL: r = (int64_t)(a * b); break;
		case IR3_OP_DIV: r = y && !(x == INT64_MIN && y == -1) ? x / y : 0; break;
		case IR3_OP_MOD: r = y && !(x == INT64_MIN && y == -1) ? x % y : 0; break;
		case IR3_OP_ADD: r = (int64_t)(a + b); break;
		case IR3_OP_SUB: r = (int64_t)(a - b); break;
		case IR3_OP_SHL: r = b < 64 ? (int64_t)(a << b) : 0; break;
		case IR3_OP_SHR: r = b < 64 ? x >> b : (x < 0 ? -1 : 0); break;
		case IR3_OP_LT: r = x < y; break;
		case IR3_OP_LE: r = x <= y; break;
		case IR3_OP_GT: r = x > y; break;
		case IR3_OP_GE: r = x >= y; break;
		case IR3_OP_EQ: r = x == y; break;
		case IR3_OP_NE: r = x != y; break;
		case IR3_OP_BAND: r = x & y; break;
		case IR3_OP_BXOR: r = x ^ y; break;
		case IR3_OP_BOR: r = x | y; break;
		case IR3_OP_LAND: r = x && y; break;
		case IR3_OP_LOR: r = x || y; break;
		default: r = 0; break;
		}
		stack[sp - 1] = r;
	}
	return sp ? (uint64_t)stack[sp - 1] : 0;
}


/* The expressions as C functions, one per expression, generated from the
 * same programs (scripts/gen_ir3.py expr_code): field reads in the
 * program's order, every operand read.  The interpreter's loop tested each
 * op's kind three to five times before doing it: a fifth of a first-time
 * word's decode went to eval_run (callgrind, the 1,261 different CI-log
 * words: eval_run 1.55 M of 10.2 M instructions). */
#include IR3_EXPR_INC

/* eval, past the cache */
static uint64_t eval_run(const struct dscope *sc, int e)
{
	struct dstate *st = sc->st;
	/* an expression already being evaluated is false (isaspec skips the
	 * outermost one in this test, and so does this) */
	for (unsigned i = st->sp; i-- > 1;)
		if (st->stack[i] == e)
			return 0;
	if (st->sp >= IR3_EVAL_STACK)
		return 0;
	st->stack[st->sp++] = e;
	uint64_t ret = st->interpret ? eval_interpret(sc, e) : ir3_expr_code[e](sc);
	st->sp--;
	sc->cache->have[e / 64] |= 1ull << (e % 64);
	sc->cache->val[e] = ret;
	return ret;
}

static const struct ir3_field *resolve(const struct dscope *sc, unsigned name, uint64_t *val,
				       const struct dscope **where)
{
	for (; sc; sc = sc->parent) {
		const struct ir3_field *f = find_field(sc, name);
		if (f) {
			*val = f->expr >= 0 ? eval(sc, f->expr) : bits(sc->val, f->low, f->high);
			*where = sc;
			return f;
		}
		name = outer_name(sc->holder, name);
		if (name >= IR3_NNAMES)
			break;
	}
	return NULL;
}

/* The leaf under root that matches val on this GPU; -1 none, -2 more than
 * one.  Since 2023 Mesa's description has leaves that can match a common
 * word (ldl, ldp, ldlw and ldib.b with its don't-care bit 0 on a6xx+;
 * tests/ir3/test_ir3.c test_tables lists every such pair), so the scan
 * goes on past the first match, as isaspec's does. */
/* (inline: its callers' constant what and quiet fold, and it is called
 * for every nested operand: decode of the 1,261 different CI-log words
 * 12.70 M -> 12.45 M instructions, ir3.o no larger) */
static inline __attribute__((always_inline)) int find_leaf(struct dstate *st, int root, uint64_t val, unsigned base,
							   const char *what, int quiet)
{
	const struct ir3_root *R = &gk_ir3_roots[root];
	unsigned first = 0, end = R->nleaves;
	if (R->nkey) {
		/* only the leaves whose fixed key bits agree with val */
		unsigned key = 0;
		for (unsigned k = 0; k < R->nkey; k++)
			key |= (unsigned)(val >> R->key_bit[k] & 1) << k;
		first = R->key_start[key];
		end = R->key_start[key + 1];
	}
	int found = -1;
	for (unsigned i = first; i < end; i++) {
		const struct ir3_scan *L = &R->scan[i]; /* by_key's (leaves') i-th, side by side */
		if ((val & L->mask) != L->match || st->gpu < L->gen_min || st->gpu > L->gen_max)
			continue;
		const struct ir3_bitset *B = &gk_ir3_bitsets[L->bs];
		if (found >= 0) {
			/* two leaves match: isaspec's decoder calls it a "bitset
			 * conflict" and matches nothing, and so does this */
			if (st->out && !quiet)
				diag(st, GK_ERROR, GK_D_UNKNOWN_OPCODE, (int)base, (int)(base + gk_ir3_bitsets[found].size - 1),
				     what, "bitset conflict: %s vs %s", gk_ir3_bitsets[found].name, B->name);
			return -2;
		}
		found = L->bs;
	}
	if (found >= 0 && !quiet) {
		st->shown |= gk_ir3_bitsets[found].mask << base;
		if (st->nscopes < sizeof st->scopes / sizeof st->scopes[0]) {
			st->scopes[st->nscopes].bs = (int16_t)found;
			st->scopes[st->nscopes].base = (uint8_t)base;
			st->scopes[st->nscopes].val = val;
		} else {
			st->lossy = 1;
		}
		st->nscopes++;
	}
	if (found >= 0 && st->out) {
		if (root == gk_ir3_root_instruction && !quiet)
			st->out->name = gk_ir3_bitsets[found].name;
		uint64_t dc = val & gk_ir3_bitsets[found].dontcare;
		st->out->dontcare |= gk_ir3_bitsets[found].dontcare << base;
		if (dc && !quiet) {
			int lo = base + __builtin_ctzll(dc), hi = base + 63 - __builtin_clzll(dc);
			diag(st, GK_WARNING, GK_D_DONTCARE_BITS, lo, hi, what, "don't-care bits set in %s: 0x%" PRIx64,
			     gk_ir3_bitsets[found].name, dc << base);
		}
	}
	return found;
}

static void record_into(struct gk_ir3_insn *o, const struct ir3_field *f, const struct dscope *sc, uint64_t v)
{
	if (o->nfields >= GK_IR3_MAX_FIELDS)
		return;
	/* one store of the whole record, the holder's name kept in the scope
	 * (callgrind, decode of real a6xx code: record 38 M -> 30 M of 520 M) */
	int raw = f->expr < 0;
	o->fields[o->nfields++] = (struct gk_ir3_field){ gk_ir3_names[f->name], sc->pname, v,
							 (int8_t)(raw ? (int)(sc->base + f->low) : -1),
							 (int8_t)(raw ? (int)(sc->base + f->high) : -1) };
}

/* field f of scope sc, value v, into the record when there is one (the
 * engine's text and check decode without: then no call per field) */
static inline void record(struct dstate *st, const struct ir3_field *f, const struct dscope *sc, uint64_t v)
{
	if (st->rec)
		record_into(st->rec, f, sc, v);
}

static void display(struct dscope *sc);

static void assign(struct dstate *st, const struct dscope *sc, const struct ir3_field *f, uint64_t v, unsigned depth);

/* assign() to the field called name as scope sc finds it (gk_ir3_encode's
 * eset: a name nothing holds sets nothing) */
static void assign_name(struct dstate *st, const struct dscope *sc, unsigned name, uint64_t v, unsigned depth)
{
	uint64_t cur;
	const struct dscope *w = NULL;
	const struct ir3_field *f = resolve_here(sc, name, &cur, &w);
	if (f)
		assign(st, w, f, v, depth);
}

static void assume(struct dstate *st, const struct dscope *sc, int expr, int truth, unsigned depth)
{
	const struct ir3_expr *X = &gk_ir3_exprs[expr];
	unsigned first = X->assume + (truth ? 0 : X->ntrue), n = truth ? X->ntrue : X->nfalse;
	for (unsigned i = first; i < first + n; i++)
		assign_name(st, sc, gk_ir3_assumes[i].name, gk_ir3_assumes[i].val, depth);
}

/* The encoder, reading the text, gives field f (in scope sc) the value v:
 * follow it as gk_ir3_encode's eset/invert do, down to raw fields.  A raw
 * field whose bits in the word are that value is shown (the text pins those
 * bits down); any other outcome, or an inverse that is not one-to-one, makes
 * the word "lossy" for proven_exact. */
static void assign(struct dstate *st, const struct dscope *sc, const struct ir3_field *f, uint64_t v, unsigned depth)
{
	if (depth > 8 || f->type == IR3_T_BITSET) {
		st->lossy = 1;
		return;
	}
	if (f->expr < 0) {
		uint64_t m = wmask(f->high - f->low + 1u);
		if ((v & m) != bits(sc->val, f->low, f->high))
			st->lossy = 1;
		st->shown |= m << (sc->base + f->low);
		return;
	}
	const struct ir3_inv *I = &gk_ir3_exprs[f->expr].inv;
	switch (I->kind) {
	case IR3_INV_COPY:
		assign_name(st, sc, I->a, v, depth + 1);
		break;
	case IR3_INV_NOT:
		assign_name(st, sc, I->a, !v, depth + 1);
		break;
	case IR3_INV_ADD:
		assign_name(st, sc, I->a, v - (uint64_t)(int64_t)I->k, depth + 1);
		break;
	case IR3_INV_SPLIT:
		assign_name(st, sc, I->a, v >> I->n, depth + 1);
		assign_name(st, sc, I->b, v & wmask(I->n), depth + 1);
		break;
	case IR3_INV_SHL: {
		unsigned x = 0;
		while (x < 64 && ((uint64_t)I->k << x) != v)
			x++;
		if (x < 64)
			assign_name(st, sc, I->a, x, depth + 1);
		else
			st->lossy = 1;
		break;
	}
	case IR3_INV_AFFINE:
		if (!I->n || v % I->n)
			st->lossy = 1;
		else
			assign_name(st, sc, I->a, v / I->n - (uint64_t)(int64_t)I->k, depth + 1);
		break;
	default:
		/* not invertible: a bool's value implies what its expression
		 * assumes; anything else only has to hold on the built word, which
		 * it does when that word is this one */
		if (f->type == IR3_T_BOOL)
			assume(st, sc, f->expr, v != 0, depth + 1);
		break;
	}
}

/* Is f an offset alone in the display of an override (cat5's SRC2 with
 * SRC2_IMM_OFFSET: "{OFF}")?  With the value 0 that display prints nothing,
 * as the default one after it does, and Mesa's assembler writes the
 * default for such a text (no offset flag), so the encoder reads an empty
 * text as the default case and a word holding the override with 0 is not
 * what its text assembles to. */
static int lone_offset(const struct ir3_field *f)
{
	const struct ir3_case *C = &gk_ir3_cases[f->cas];
	if ((f->type != IR3_T_OFFSET && f->type != IR3_T_UOFFSET) || C->expr < 0 || C->tpl < 0)
		return 0;
	const struct ir3_tpl *T = &gk_ir3_tpls[C->tpl];
	return T->nsegs == 1 && gk_ir3_segs[T->seg].field == (int32_t)f->name;
}

/* Field f (found in scope w, value val) is printed: the value the encoder
 * reads back from that text, assigned as it would.  Floats print rounded;
 * a field of an override without display is found by the encoder only
 * through a variant the proof does not follow: both give up the proof. */
static void shows(struct dstate *st, const struct ir3_field *f, const struct dscope *w, uint64_t val)
{
	unsigned width = f->high - f->low + 1u;
	if (f->type == IR3_T_ASSERT) {
		st->lossy = 1;
		return;
	}
	if ((gk_ir3_cases[f->cas].expr >= 0 && f->cas != w->cas) ||
	    (!val && (f->type == IR3_T_OFFSET || f->type == IR3_T_UOFFSET) && lone_offset(f))) {
		st->lossy = 1;
		return;
	}
	if (f->type == IR3_T_FLOAT)
		return; /* display_field reads the printed number back */
	uint64_t v = val;
	if (f->type == IR3_T_ENUM) {
		/* a name two values share (alias's SCOPE: 0 and 2 are both "tex")
		 * assembles to the first of them: the text does not pin a later
		 * one down */
		const struct ir3_enum *E = &gk_ir3_enums[f->ref];
		const char *name = val < E->n ? E->names[val] : NULL;
		for (uint64_t j = 0; name && j < val; j++)
			if (E->names[j] && E->names[j][0] == name[0] && !strcmp(E->names[j], name)) {
				st->lossy = 1;
				return;
			}
	}
	if (f->expr < 0) {
		/* a raw field (most of them): what assign does with it, without
		 * the call -- the encoder reads back its own bits, except a bool
		 * wider than a bit reads 0 or 1 */
		uint64_t m = wmask(width);
		if ((f->type == IR3_T_BOOL || f->type == IR3_T_BOOL_INV) && val > 1)
			st->lossy = 1;
		st->shown |= m << (w->base + f->low);
		return;
	}
	switch (f->type) {
	case IR3_T_INT:
	case IR3_T_BRANCH:
	case IR3_T_OFFSET:
		v = (uint64_t)sext(val, width);
		break;
	case IR3_T_BOOL:
	case IR3_T_BOOL_INV:
		v = val != 0;
		break;
	default:
		break;
	}
	assign(st, w, f, v, 0);
}

static void half_to_float(uint16_t h, float *out)
{
	unsigned s = h >> 15, e = (h >> 10) & 0x1f, m = h & 0x3ff;
	uint32_t f;
	if (e == 0) {
		if (!m) {
			f = s << 31;
		} else { /* subnormal */
			e = 127 - 15 + 1;
			while (!(m & 0x400)) {
				m <<= 1;
				e--;
			}
			m &= 0x3ff;
			f = (s << 31) | (e << 23) | (m << 13);
		}
	} else if (e == 31) {
		f = (s << 31) | 0x7f800000u | (m << 13);
	} else {
		f = (s << 31) | ((e + 127 - 15) << 23) | (m << 13);
	}
	memcpy(out, &f, 4);
}

static uint16_t float_to_half(float x)
{
	uint32_t f;
	memcpy(&f, &x, 4);
	uint32_t s = (f >> 16) & 0x8000, e = (f >> 23) & 0xff, mnt = f & 0x7fffff;
	if (e == 0xff)
		return (uint16_t)(s | 0x7c00 | (mnt ? 0x200 | (mnt >> 13) : 0));
	int ne = (int)e - 127 + 15;
	if (ne >= 31)
		return (uint16_t)(s | 0x7c00);
	if (ne <= 0) {
		if (ne < -10)
			return (uint16_t)s;
		mnt |= 0x800000;
		unsigned sh = (unsigned)(14 - ne);
		uint32_t h = mnt >> sh, rem = mnt & ((1u << sh) - 1), half = 1u << (sh - 1);
		if (rem > half || (rem == half && (h & 1)))
			h++;
		return (uint16_t)(s | h);
	}
	uint32_t h = ((uint32_t)ne << 10) | (mnt >> 13), rem = mnt & 0x1fff;
	if (rem > 0x1000 || (rem == 0x1000 && (h & 1)))
		h++;
	return (uint16_t)(s | h);
}

/* A float immediate as Mesa 26.2's isaspec prints it (isaspec_decode_impl.c,
 * TYPE_FLOAT): NaN as "nan" or "-nan" (the sign from the bits), a finite
 * whole number with one decimal ("%.1f": "1.0", "-0.0"), anything else
 * with as many significant digits as the format needs to read back
 * ("%.5g" for a half, "%.9g" for a single).  Mesa's January 2025 isaspec printed
 * "%f" ("1.000000"); the encoder reads both.  Returns the length. */
static int format_float(char *tmp, size_t cap, uint64_t val, unsigned width)
{
	float x;
	uint32_t u;
	if (width == 16) {
		half_to_float((uint16_t)val, &x);
	} else {
		u = (uint32_t)val;
		memcpy(&x, &u, 4);
	}
#ifdef IR3_LEGACY
	/* isaspec's decode.c before 2025's change: "%f" of the value */
	(void)u;
	return snprintf(tmp, cap, "%f", (double)x);
#else
	memcpy(&u, &x, 4);
	unsigned ex = u >> 23 & 0xff;
	if (ex == 0xff && (u & 0x7fffff))
		return snprintf(tmp, cap, "%snan", u >> 31 ? "-" : "");
	/* whole: at least 2^23 (every such float is), or equal to its
	 * truncation (no libm: through an integer, exact below 2^23) */
	int whole = ex != 0xff && (ex >= 127 + 23 || x == (float)(int32_t)x);
	if (whole)
		return snprintf(tmp, cap, "%.1f", (double)x);
	return snprintf(tmp, cap, width == 16 ? "%.5g" : "%.9g", (double)x);
#endif
}

/* The bits of a float immediate of width 16 or 32 the text at p (n
 * characters at most) reads as, as the encoder reads it; the characters
 * used into *used (0: not a number). */
static uint64_t parse_float(const char *p, size_t n, unsigned width, size_t *used)
{
	char tmp[64];
	size_t q = 0;
	*used = 0;
	while (q < n && q < sizeof tmp - 1 &&
	       ((p[q] >= '0' && p[q] <= '9') || p[q] == '.' || p[q] == '-' || p[q] == 'e' || p[q] == '+' ||
		p[q] == 'i' || p[q] == 'n' || p[q] == 'f' || p[q] == 'a'))
		q++;
	if (!q)
		return 0;
	memcpy(tmp, p, q);
	tmp[q] = 0;
	char *end;
	double d = strtod(tmp, &end);
	if (end == tmp)
		return 0;
	*used = (size_t)(end - tmp);
	float x = (float)d;
	if (width == 16)
		return float_to_half(x);
	uint32_t u;
	memcpy(&u, &x, 4);
	return u;
}

/* field name of sc's template shown; k: lookup_index(sc->bs, name) */
static void display_field(const struct dscope *sc, unsigned name, int k)
{
	struct dstate *st = sc->st;
	if (name == 0) {
		const char *n = gk_ir3_bitsets[sc->bs].name;
		put_str(st, n);
		return;
	}
	uint64_t val = 0;
	const struct dscope *w = sc;
	const struct ir3_field *f = resolve_from(sc, name, k, &val, &w);
	if (!f) {
		diag(st, GK_ERROR, GK_D_SYNTAX, -1, -1, gk_ir3_names[name], "no field %s", gk_ir3_names[name]);
		return;
	}
	if (f->type != IR3_T_BITSET) {
		record(st, f, w, val);
		if (st->out) /* the encoder's own check needs no proof */
			shows(st, f, w, val);
	}
	unsigned width = f->high - f->low + 1;
	if (f->type == IR3_T_BRANCH && st->out) {
		st->out->has_branch = true;
		st->out->branch = sext(val, width);
	}
	switch (f->type) {
	case IR3_T_BRANCH:
		if (st->labels) {
			put(st, "l", 1);
			put_num(st, "", st->label_base + (uint64_t)sext(val, width), 10);
			break;
		}
		put_int(st, sext(val, width), 0);
		break;
	case IR3_T_INT:
		put_int(st, sext(val, width), 0);
		break;
	case IR3_T_UINT:
		put_num(st, "", val, 10);
		break;
	case IR3_T_HEX:
		put_num(st, "", val, 16);
		break;
	case IR3_T_OFFSET:
		if (val)
			put_int(st, sext(val, width), 1);
		break;
	case IR3_T_UOFFSET:
		if (val)
			put_num(st, "+", val, 10);
		break;
	case IR3_T_FLOAT: {
		char tmp[96]; /* FLT_MAX as %f is 46 characters */
		int n = format_float(tmp, sizeof tmp, val, width);
		if (n > 0)
			put(st, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
		if (st->out) {
			/* exact when the printed text reads back as these bits (not
			 * a NaN's payload); the proof follows it like any field */
			size_t used;
			uint64_t back = n > 0 ? parse_float(tmp, (size_t)n, width, &used) : ~val;
			if (n > 0 && used == (size_t)n && back == val)
				assign(st, w, f, val, 0);
			else
				st->lossy = 1;
		}
		break;
	}
	case IR3_T_BOOL:
	case IR3_T_BOOL_INV: {
		put_bool(st, f->display, (val != 0) == (f->type == IR3_T_BOOL));
		break;
	}
	case IR3_T_ENUM: {
		const struct ir3_enum *E = &gk_ir3_enums[f->ref];
		if (val < E->n && E->names[val]) {
			put_str(st, E->names[val]);
		} else {
			diag(st, GK_WARNING, GK_D_RESERVED_VALUE, f->expr >= 0 ? -1 : (int)(w->base + f->low),
			     f->expr >= 0 ? -1 : (int)(w->base + f->high), gk_ir3_names[f->name],
			     "%s = %" PRIu64 " has no name in %s", gk_ir3_names[f->name], val, E->name);
			put_num(st, "", (unsigned)val, 10);
		}
		break;
	}
	case IR3_T_BITSET: {
		unsigned base = w->base + f->low;
		int leaf = find_leaf(st, f->ref, val, base, gk_ir3_names[f->name], 0);
		if (leaf < 0) {
			if (leaf == -2) /* a conflict, already told */
				return;
			diag(st, GK_ERROR, GK_D_UNKNOWN_OPCODE, (int)base, (int)(base + width - 1), gk_ir3_names[f->name],
			     "%s: no encoding of %s matches 0x%" PRIx64, gk_ir3_names[f->name],
			     gk_ir3_bitsets[gk_ir3_roots[f->ref].bitset].name, val);
			return;
		}
		if (st->depth > 16)
			return;
		struct dcache cache;
		cache_init(&cache);
		struct dscope nested = { st, leaf, val, base, f, w, &cache, -1, gk_ir3_names[f->name] };
		st->depth++;
		display(&nested);
		st->depth--;
		break;
	}
	default:
		break;
	}
}

/* Does the expression e of a case hold in sc (find_display's test, before
 * any expression of the word is being evaluated)?  "{X} == k" with X a raw
 * field of sc's chain (the register operands' a0/p0 overrides, two for
 * every source: half the case tests of real code) is its bits compared
 * here, what eval would compute through eval_run and the generated code;
 * with nothing on the evaluation stack no expression is busy, so the result
 * is the same, and it is cached the same.  Decode of the 1,261 different
 * CI-log words 12.85 M -> 12.70 M instructions. */
static inline int case_holds(const struct dscope *sc, int e)
{
	if (sc->cache->have[e / 64] >> (e % 64) & 1)
		return sc->cache->val[e] != 0;
	const struct ir3_op *op = &gk_ir3_ops[gk_ir3_exprs[e].op];
	if (!sc->st->sp && op[0].op == IR3_OP_FIELD && op[1].op == IR3_OP_CONST && op[2].op == IR3_OP_EQ &&
	    op[3].op == IR3_OP_END) {
		int k = lookup_index(sc->bs, (unsigned)op[0].arg);
		if (k >= 0 && gk_ir3_fields[k].expr < 0) {
			const struct ir3_field *f = &gk_ir3_fields[k];
			uint64_t ret = bits(sc->val, f->low, f->high) == op[1].arg;
			sc->cache->have[e / 64] |= 1ull << (e % 64);
			sc->cache->val[e] = ret;
			return (int)ret;
		}
	}
	return eval_run(sc, e) != 0;
}

/* The display of the first case that holds and has one, leaf first; checks
 * the asserted bits of the cases it passes.  Into passed[0 .. *npassed):
 * the expressions of the cases with a display it passed (false), as the
 * proof needs them (display); more than cap of them: *npassed = cap + 1. */
static int find_display(const struct dscope *sc, int16_t *passed, unsigned cap, unsigned *npassed)
{
	*npassed = 0;
	for (int b = sc->bs; b >= 0; b = gk_ir3_bitsets[b].parent) {
		const struct ir3_bitset *B = &gk_ir3_bitsets[b];
		for (unsigned c = B->cas; c < B->cas + B->ncases; c++) {
			const struct ir3_case *C = &gk_ir3_cases[c];
			if (C->expr >= 0 && !case_holds(sc, C->expr)) {
				if (C->tpl >= 0 && *npassed <= cap) {
					if (*npassed < cap)
						passed[*npassed] = C->expr;
					(*npassed)++;
				}
				continue;
			}
			uint64_t bad = (sc->val ^ C->assert_val) & C->assert_mask;
			if (bad && C->expr >= 0 && !sc->parent && sc->st->bad_expr < 0)
				sc->st->bad_expr = C->expr;
			if (bad) {
				int lo = sc->base + __builtin_ctzll(bad), hi = sc->base + 63 - __builtin_clzll(bad);
				diag(sc->st, GK_WARNING, GK_D_RESERVED_BITS, lo, hi, B->name,
				     "%s expects 0x%" PRIx64 " in bits %d..%d", B->name,
				     (C->assert_val & bad) << sc->base, lo, hi);
			}
			if (C->tpl >= 0)
				return (int)c;
		}
	}
	return -1;
}

static void display(struct dscope *sc)
{
	int16_t passed[16];
	unsigned npassed;
	int c = find_display(sc, passed, sizeof passed / sizeof passed[0], &npassed);
	if (c < 0) {
		diag(sc->st, GK_ERROR, GK_D_SYNTAX, -1, -1, NULL, "%s: no display template", gk_ir3_bitsets[sc->bs].name);
		return;
	}
	sc->cas = c;
	/* a word the assembler would not choose for its text (another
	 * encoding prints the same): not proven */
	int when = gk_ir3_bitsets[sc->bs].enc_when;
	if (when >= 0 && !eval(sc, when))
		sc->st->unchosen = sc->st->lossy = 1;
	/* the encoder takes this display by assuming its case's expression true
	 * and those of the displays before it false (for the proof; the
	 * encoder's own check, without out, needs none).  Those before it are
	 * the ones find_display passed: every case with a display and an
	 * expression before the chosen one was false there, in this order
	 * (its own walk of the chain, not a second one: callgrind, real a6xx
	 * code, 2.5 % of decode's instructions went to walking it again). */
	if (sc->st->out) {
		if (npassed > sizeof passed / sizeof passed[0])
			sc->st->lossy = 1;
		for (unsigned i = 0; i < npassed && i < sizeof passed / sizeof passed[0]; i++)
			if (gk_ir3_exprs[passed[i]].nfalse) /* (most assume nothing when false) */
				assume(sc->st, sc, passed[i], 0, 0);
		int e = gk_ir3_cases[c].expr;
		if (e >= 0 && gk_ir3_exprs[e].ntrue)
			assume(sc->st, sc, e, 1, 0);
	}
	const struct ir3_tpl *T = &gk_ir3_tpls[gk_ir3_cases[c].tpl];
	struct dstate *st = sc->st;
	for (unsigned i = T->seg; i < T->seg + T->nsegs; i++) {
		const struct ir3_seg *s = &gk_ir3_segs[i];
		if (s->field < 0) {
			put(st, s->lit, s->len);
			continue;
		}
		int k = lookup_index(sc->bs, (unsigned)s->field);
		const struct ir3_field *b = k >= 0 ? &gk_ir3_fields[k] : NULL;
		if (b && b->plain && s->field > 0) {
			/* a plain field of this scope (gen_ir3.py plain: raw bits
			 * shown as a number, a one-bit bool or an enum name no two
			 * values share; the index names it in a default case, so no
			 * override test): what display_field does with it, without
			 * its call, resolve and shows -- its bits are shown and read
			 * back as themselves whatever they are.  A third of the
			 * fields of real code are one-bit flags ("(sy)", "(last)"),
			 * most of the rest register numbers and enum names. */
			unsigned width = b->high - b->low + 1u;
			uint64_t v = bits(sc->val, b->low, b->high);
			const char *name = NULL;
			if (b->type == IR3_T_ENUM) {
				const struct ir3_enum *E = &gk_ir3_enums[b->ref];
				name = v < E->n ? E->names[v] : NULL;
				if (!name) { /* no name: display_field's warning and number */
					display_field(sc, (unsigned)s->field, k);
					continue;
				}
			}
			record(st, b, sc, v);
			if (st->out)
				st->shown |= wmask(width) << (sc->base + b->low);
			switch (b->type) {
			case IR3_T_UINT: put_num(st, "", v, 10); break;
			case IR3_T_HEX: put_num(st, "", v, 16); break;
			case IR3_T_INT: put_int(st, sext(v, width), 0); break;
			case IR3_T_ENUM: put_str(st, name); break;
			default: /* a one-bit bool */
				put_bool(st, b->display, v == (b->type == IR3_T_BOOL));
				break;
			}
			continue;
		}
		display_field(sc, (unsigned)s->field, k);
	}
}

/* Does the text of word (just rendered into st, without a diagnostic) surely
 * assemble back to word, without assembling it?  gk_ir3_encode builds a word
 * from its leaves' fixed bits, the fields the text gives, the asserted bits
 * and encoder constants ("force") of the cases it takes, and zeros.  So when
 * every 1 bit of word is one the text shows (shows() above) or a force value
 * the word holds, and no assert or force could put a 1 where the text shows
 * nothing, the word built from the text is word itself.  That the encoder
 * finds exactly this word first -- no other leaf, case or reading of the
 * text gives the same text -- is what the tables make so and what
 * tests/ir3/test_ir3.c test_exact_proof checks against the full
 * re-assembly on random words of every generation.  Anything else (0): the
 * caller assembles the text back. */
static int proven_exact(const struct dstate *st, uint64_t word)
{
	if (st->lossy || st->failed || st->nscopes > sizeof st->scopes / sizeof st->scopes[0])
		return 0;
	uint64_t shown = st->shown, may = 0;
	for (unsigned i = 0; i < st->nscopes; i++) {
		unsigned base = st->scopes[i].base;
		const struct ir3_bitset *B = &gk_ir3_bitsets[st->scopes[i].bs];
		/* what the asserts and encoder constants of every case could set */
		may |= B->chain_may << base;
		for (unsigned k = B->forced; k < B->forced + B->nforced; k++) {
			const struct ir3_field *F = &gk_ir3_fields[gk_ir3_forced_fields[k]];
			uint64_t fm = wmask(F->high - F->low + 1u);
			/* a default case's field the text does not give: the encoder
			 * writes its force value, which word holds */
			if (bits(st->scopes[i].val, F->low, F->high) == (F->force & fm))
				shown |= fm << (F->low + base);
		}
	}
	return !(word & ~shown) && !(may & ~shown);
}

/* Text of word into st's buffer (st fresh from dstate_init); the leaf or -1.
 * *proven: proven_exact of the result (when proven is not NULL). */
static int render(struct dstate *st, uint64_t word, int *proven)
{
	st->buf[0] = 0;
	int leaf = find_leaf(st, gk_ir3_root_instruction, word, 0, "instruction", st->out == NULL);
	if (leaf < 0)
		return -1;
	if (st->out)
		st->out->name = gk_ir3_bitsets[leaf].name;
	struct dcache cache;
	cache_init(&cache);
	struct dscope sc = { st, leaf, word, 0, NULL, NULL, &cache, -1, NULL };
	display(&sc);
	if (st->failed)
		diag(st, GK_ERROR, GK_D_LIMIT, -1, -1, NULL, "text longer than %u characters", (unsigned)st->cap - 1);
	if (proven)
		*proven = st->out && !st->ndiags && proven_exact(st, word);
	return leaf;
}

/* ---- encode ---- */

#define E_MAXSC 24
#define E_MAXASG 160
#define E_MAXSTEPS 400000

struct escope {
	int16_t bs;      /* leaf */
	int16_t cas;     /* the case whose display is used */
	uint8_t fos;     /* the overrides without display assumed true (their fields): a mask over fol[] */
	const uint16_t *fol; /* the leaf's overrides without a display (gk_ir3_variant_cases) */
	int16_t parent;
	const struct ir3_field *holder;
	int16_t var;     /* the variant of the leaf (try_variant's i): its build plan */
};

struct asg {
	int16_t sc;
	uint16_t name;
	uint64_t val;
	const struct ir3_field *f; /* efc of the scope and name (the scope's cases stay while it is set) */
};

struct enc {
	unsigned gpu;
	const char *s;
	size_t n;
	struct escope sc[E_MAXSC];
	int nsc;
	struct asg a[E_MAXASG];
	int na;
	/* efind per scope past the lookup index, the names walked so far:
	 * fc_names[s][0 .. nfc[s]) and their fields (index, -1: none) */
	uint8_t fc_names[E_MAXSC][IR3_NNAMES];
	int16_t fc[E_MAXSC][IR3_NNAMES];
	uint8_t nfc[E_MAXSC];
	int nsc_ready;                   /* scopes below this have ai cleared once */
	uint8_t ai[E_MAXSC][IR3_NNAMES]; /* per scope and name: 1 + where in a[] it was last set (asg_find) */
	unsigned long steps;
	/* the steps of the nested variants cannot_start passed over could
	 * have taken at most, and whether it may (see encode_search) */
	unsigned long skipped;
	int prune;
	int enum_numbers; /* read an enum's value without a name as its number (the second pass) */
	size_t far;      /* furthest column reached */
	uint64_t result;
	char check[GK_IR3_TEXT_MAX];
	uint32_t pairs[IR3_PAIR_BUCKETS / 32]; /* IR3_PAIR_HASH of each character pair of the text */
	/* the templates text_may_fit has looked at, and what it found: a few
	 * per text (a list: no table of every template to clear per text) */
	uint16_t fit_tpl[16];
	int8_t fit_val[16];
	unsigned nfit;
};

struct frame {
	int sc;
	uint32_t seg, end;
	const struct frame *up;
};

/* Is case c of bitset b one the encoder sees for scope s? */
static int visible_case(const struct escope *S, int b, unsigned c)
{
	const struct ir3_bitset *B = &gk_ir3_bitsets[b];
	if ((int)c == S->cas)
		return 1;
	for (unsigned m = S->fos; m; m &= m - 1)
		if (S->fol[__builtin_ctz(m)] == c)
			return 1;
	return c == B->cas + B->ncases - 1; /* the default case */
}

static const struct ir3_field *efind(const struct escope *S, unsigned name)
{
	for (int b = S->bs; b >= 0; b = gk_ir3_bitsets[b].parent) {
		const struct ir3_bitset *B = &gk_ir3_bitsets[b];
		if (!(B->names[name / 64] >> (name % 64) & 1))
			continue;
		for (unsigned c = B->cas; c < B->cas + B->ncases; c++) {
			if (!visible_case(S, b, c))
				continue;
			const struct ir3_field *f = case_field(&gk_ir3_cases[c], name);
			if (f)
				return f;
		}
	}
	return NULL;
}

/* efind for scope s of e past the lookup index: the walk, remembered until
 * the scope's cases change */
static const struct ir3_field *efc_walk(struct enc *e, int s, unsigned name)
{
	/* a scope walks a few names (those a case expression decides): a list */
	for (unsigned i = 0; i < e->nfc[s]; i++)
		if (e->fc_names[s][i] == name)
			return e->fc[s][i] < 0 ? NULL : &gk_ir3_fields[e->fc[s][i]];
	const struct ir3_field *f = efind(&e->sc[s], name);
	e->fc_names[s][e->nfc[s]] = (uint8_t)name;
	e->fc[s][e->nfc[s]++] = f ? (int16_t)(f - gk_ir3_fields) : -1;
	return f;
}

/* efind for scope s of e.  The lookup index's answer is efind's when it has
 * one: it names the first case of the chain with the name only when that is
 * a default case (always visible) and no override before it has the name,
 * and says IR3_LOOKUP_NONE only when no case has it. */
static inline const struct ir3_field *efc(struct enc *e, int s, unsigned name)
{
	int k = lookup_index(e->sc[s].bs, name);
	if (k != IR3_LOOKUP_WALK)
		return k >= 0 ? &gk_ir3_fields[k] : NULL;
	return efc_walk(e, s, name);
}

_Static_assert(IR3_NNAMES <= 256, "enc.fc_names holds name ids in a byte");
_Static_assert(E_MAXASG < 256, "enc.ai holds 1 + an index of a[] in a byte");

/* Scope s is opened afresh: what efc remembered for it goes.  The first
 * time in an encode its ai row is cleared (later it needs no clearing:
 * asg_find checks the entry it points to, and a scope's assignments go with
 * the scope). */
static void escope_clear(struct enc *e, int s)
{
	for (int t = e->nsc_ready; t <= s; t++) {
		memset(e->ai[t], 0, sizeof e->ai[t]);
		e->nfc[t] = 0;
	}
	if (s >= e->nsc_ready)
		e->nsc_ready = s + 1;
	e->nfc[s] = 0;
}

/* The value the text gave name in scope s, NULL: none yet.  A scope and
 * name are set at most once among a[0 .. na) (eset refuses a second value,
 * repair only sets what is unset), so the entry ai remembers is it when it
 * is still among them. */
static inline const struct asg *asg_find(const struct enc *e, int s, unsigned name)
{
	int i = e->ai[s][name] - 1;
	if (i >= 0 && i < e->na && e->a[i].sc == s && e->a[i].name == name)
		return &e->a[i];
	return NULL;
}

static void asg_add(struct enc *e, int s, unsigned name, uint64_t v, const struct ir3_field *f)
{
	e->ai[s][name] = (uint8_t)(e->na + 1);
	e->a[e->na++] = (struct asg){ (int16_t)s, (uint16_t)name, v, f };
}

/* Where the decoder would find the field called name seen from scope *s:
 * that scope, then the outer ones (through the params of the field holding
 * each).  The field, with *s and *name set to its scope and its name there;
 * NULL when no scope has it. */
static inline const struct ir3_field *efind_out(struct enc *e, int *s, unsigned *name)
{
	for (int depth = 0; *s >= 0 && depth < E_MAXSC; depth++) {
		const struct ir3_field *f = efc(e, *s, *name);
		if (f)
			return f;
		*name = outer_name(e->sc[*s].holder, *name);
		if (*name >= IR3_NNAMES)
			break;
		*s = e->sc[*s].parent;
	}
	return NULL;
}

static int eset(struct enc *e, int s, unsigned name, uint64_t v);

static int apply_assumes(struct enc *e, int s, int expr, int truth)
{
	const struct ir3_expr *X = &gk_ir3_exprs[expr];
	unsigned first = X->assume + (truth ? 0 : X->ntrue), n = truth ? X->ntrue : X->nfalse;
	for (unsigned i = first; i < first + n; i++)
		if (!eset(e, s, gk_ir3_assumes[i].name, gk_ir3_assumes[i].val))
			return 0;
	return 1;
}

static int invert(struct enc *e, int s, const struct ir3_field *f, uint64_t v)
{
	const struct ir3_inv *I = &gk_ir3_exprs[f->expr].inv;
	switch (I->kind) {
	case IR3_INV_COPY:
		return eset(e, s, I->a, v);
	case IR3_INV_NOT:
		return eset(e, s, I->a, !v);
	case IR3_INV_ADD:
		return eset(e, s, I->a, v - (uint64_t)(int64_t)I->k);
	case IR3_INV_SPLIT:
		return eset(e, s, I->a, v >> I->n) && eset(e, s, I->b, v & wmask(I->n));
	case IR3_INV_SHL:
		for (unsigned x = 0; x < 64; x++)
			if (((uint64_t)I->k << x) == v)
				return eset(e, s, I->a, x);
		return 0;
	case IR3_INV_AFFINE:
		if (!I->n || v % I->n)
			return 0;
		return eset(e, s, I->a, v / I->n - (uint64_t)(int64_t)I->k);
	default:
		if (f->type == IR3_T_BOOL)
			return apply_assumes(e, s, f->expr, v != 0);
		return 1;
	}
}

/* Record f = v, f being what scope s finds under f's name; 0 on a
 * contradiction. */
static inline int eset_field(struct enc *e, int s, const struct ir3_field *f, uint64_t v)
{
	unsigned name = f->name;
	const struct asg *a = asg_find(e, s, name);
	if (a)
		return a->val == v;
	if (e->na >= E_MAXASG)
		return 0;
	asg_add(e, s, name, v, f);
	if (f->expr >= 0)
		return invert(e, s, f, v);
	return 1;
}

/* Record name = v in scope s (or where s finds name); 0 on a contradiction. */
static int eset(struct enc *e, int s, unsigned name, uint64_t v)
{
	const struct ir3_field *f = efind_out(e, &s, &name);
	if (!f)
		return 1; /* a name nothing holds: nothing to set */
	return eset_field(e, s, f, v);
}

static int m(struct enc *e, const struct frame *f, size_t pos);

/* The ways a decoder could show leaf: the case whose display it uses (the
 * k-th with a display, the ones before it false), and a set of overrides
 * without a display whose fields it finds (cat1's s16/s32 immediates; a7xx
 * alias's source and rt destination at once).  Variant i < n uses display
 * disp[i / ncombo] and the overrides combos[i % ncombo] (a mask over fos[]);
 * at most IR3_VARIANTS_MAX of them, from the first 8 displays.  The lists
 * are the leaf's in the tables (scripts/gen_ir3.py writes them once for
 * every bitset, and says which sets there are). */
struct variants {
	const uint16_t *disp, *fos;
	const uint8_t *combos;
	unsigned nf, ncombo, n;
};

static inline void variants(int leaf, struct variants *V)
{
	const struct ir3_bitset *B = &gk_ir3_bitsets[leaf];
	unsigned nd = B->ndisp < 8 ? B->ndisp : 8;
	V->disp = &gk_ir3_variant_cases[B->disp];
	V->fos = V->disp + B->ndisp;
	V->nf = B->nfos < IR3_FOS_MAX ? B->nfos : IR3_FOS_MAX;
	V->combos = &gk_ir3_fo_combos[B->combo];
	V->ncombo = B->ncombo;
	V->n = nd * B->ncombo < IR3_VARIANTS_MAX ? nd * B->ncombo : IR3_VARIANTS_MAX;
}

/* Is expression x "{X} == k"?  Then *name = X, *k = k. */
static int eq_const(int x, unsigned *name, uint64_t *k)
{
	const struct ir3_op *op = &gk_ir3_ops[gk_ir3_exprs[x].op];
	if (op[0].op != IR3_OP_FIELD || op[1].op != IR3_OP_CONST || op[2].op != IR3_OP_EQ || op[3].op != IR3_OP_END)
		return 0;
	*name = (unsigned)op[0].arg;
	*k = op[1].arg;
	return 1;
}

/* Scope s assumes none of the overrides without a display that test one
 * field against constants ("{SRC_REG_TYPE} == 0", "== 1" in a7xx alias):
 * when the text left that field unset, it must be none of them -- the
 * smallest other value -- for a decoder to reach the default case's fields
 * (alias's immediate).  Run when the whole text is read, so that a field
 * the text shows (alias's SCOPE, "tex" or "mem") keeps the text's value. */
static int default_selectors(struct enc *e, int s)
{
	const struct escope *S = &e->sc[s];
	const struct ir3_bitset *B = &gk_ir3_bitsets[S->bs];
	unsigned nf = B->nfos < IR3_FOS_MAX ? B->nfos : IR3_FOS_MAX, done = 0;
	for (unsigned j = 0; j < nf; j++) {
		unsigned sel, name;
		uint64_t k;
		if (done >> j & 1 || !eq_const(gk_ir3_cases[S->fol[j]].expr, &sel, &k))
			continue;
		/* the group of j: every override testing sel */
		uint64_t ks[IR3_FOS_MAX];
		unsigned nk = 0, chosen = 0;
		for (unsigned i = j; i < nf; i++)
			if (eq_const(gk_ir3_cases[S->fol[i]].expr, &name, &k) && name == sel) {
				done |= 1u << i;
				chosen |= S->fos >> i & 1;
				ks[nk++] = k;
			}
		if (chosen)
			continue;
		uint64_t v = 0;
		for (int again = 1; again;) {
			again = 0;
			for (unsigned i = 0; i < nk; i++)
				if (ks[i] == v) {
					v++;
					again = 1;
				}
		}
		int t = s;
		unsigned nm = sel;
		const struct ir3_field *f = efind_out(e, &t, &nm);
		if (f && !asg_find(e, t, nm) && !eset(e, s, sel, v))
			return 0;
	}
	return 1;
}

/* Open scope s as variant i of V: the chosen case's expression is true, the
 * ones before it false, and so are the chosen overrides'.  Then match its
 * template, then go on with up. */
static int try_variant(struct enc *e, int s, const struct variants *V, unsigned i, size_t pos, const struct frame *up)
{
	unsigned k = i / V->ncombo, fos = V->combos[i % V->ncombo];
	e->sc[s].cas = (int16_t)V->disp[k];
	e->sc[s].fos = (uint8_t)fos;
	e->sc[s].fol = V->fos;
	e->sc[s].var = (int16_t)i;
	escope_clear(e, s);
	for (unsigned j = 0; j <= k; j++) {
		int ex = gk_ir3_cases[V->disp[j]].expr;
		if (ex >= 0 && !apply_assumes(e, s, ex, j == k))
			return 0;
	}
	for (unsigned m = fos; m; m &= m - 1)
		if (!apply_assumes(e, s, gk_ir3_cases[V->fos[__builtin_ctz(m)]].expr, 1))
			return 0;
	int when = gk_ir3_bitsets[e->sc[s].bs].enc_when;
	if (when >= 0 && !apply_assumes(e, s, when, 1))
		return 0;
	const struct ir3_tpl *T = &gk_ir3_tpls[gk_ir3_cases[V->disp[k]].tpl];
	struct frame f = { s, T->seg, T->seg + T->nsegs, up };
	return m(e, &f, pos);
}

static inline size_t match_lit(const struct enc *e, size_t pos, const char *lit, size_t n)
{
	if (n > e->n - pos)
		return 0;
	/* template literals and names are a few characters: no memcmp call */
	for (size_t i = 0; i < n; i++)
		if (e->s[pos + i] != lit[i])
			return 0;
	return 1;
}

/* The length of the NUL-terminated s when the text has it at pos, else -1
 * (what strlen and match_lit say, in one pass). */
static inline long match_str(const struct enc *e, size_t pos, const char *s)
{
	size_t i = 0;
	while (s[i] && pos + i < e->n && e->s[pos + i] == s[i])
		i++;
	return s[i] ? -1 : (long)i;
}

/* Would try_variant of variant i of V (leaf, as a fresh nested scope at pos)
 * surely fail at the first segment of its display, a literal the text does
 * not have at pos, after one step of m?  Only when its assumptions cannot
 * fail either (each sets a distinct raw field the leaf's own default case
 * holds, which a fresh scope has not set, within E_MAXASG), and there is no
 * override without a display (default_selector then sets nothing): the
 * tables say so per leaf and variant, with the number of assignments
 * (gk_ir3_quick_miss, from scripts/gen_ir3.py).  So passing it over,
 * counting that step, is what trying it does, without opening the scope
 * (register operands: a0.x and p0.x before rN.x). */
static int first_literal_misses(const struct enc *e, int leaf, const struct variants *V, unsigned i, size_t pos)
{
	int n = gk_ir3_quick_miss[gk_ir3_bitsets[leaf].plan + i];
	if (n < 0)
		return 0;
	const struct ir3_seg *sg = &gk_ir3_segs[gk_ir3_tpls[gk_ir3_cases[V->disp[i]].tpl].seg];
	return !match_lit(e, pos, sg->lit, sg->len) && e->na + n <= E_MAXASG;
}

/* Would the nested variant i of V (leaf, to be opened under scope s for its
 * field f at pos) surely fail before it reads a character?  Its display
 * must then begin with segments that can read nothing here (a bool whose
 * display does not start with the text's character, an enum without a name
 * starting with it, an offset without a sign) and then one that must read
 * the text's character and cannot (a literal, the name, a number, a name of
 * an enum without an empty one, a field no scope has, a nested operand none
 * of whose variants can start there).  Which readings a field has depends
 * on the text only; the assignments and assumptions a variant makes can
 * only make it fail sooner, and the fields are looked up as m would (the
 * variant's own cases, then the params to the scopes around; from a nested
 * operand's variant, whose scope around is not open, a param is not
 * followed: no answer).  Such a variant reads nothing, so the furthest
 * column stays what it was; the steps trying it would have taken are not
 * counted but bounded (*bound: the segments it could pass and the bounds of
 * a nested operand's variants, times the ways its empty enum names branch),
 * and encode_search makes sure the bounds could not have reached the step
 * budget.  Register operands: the immediates and float tables of #multisrc
 * tried on r0.x and c1.y, the registers tried on c1.y. */
static int cannot_start(struct enc *e, int s, const struct ir3_field *f, int leaf, const struct variants *V,
			unsigned i, size_t pos, unsigned long *bound, int depth)
{
	unsigned c = pos < e->n ? (unsigned char)e->s[pos] : 0;
	int cas = V->disp[i / V->ncombo];
	const struct ir3_tpl *T = &gk_ir3_tpls[gk_ir3_cases[cas].tpl];
	unsigned long ways = 1;
	for (unsigned k = 0; k < T->nsegs; k++) {
		const struct ir3_seg *sg = &gk_ir3_segs[T->seg + k];
		*bound = (k + 2) * ways;
		if (sg->field < 0) {
			if (!sg->len)
				continue;
			return (unsigned char)sg->lit[0] != c;
		}
		if (sg->field == 0) {
			const char *nm = gk_ir3_bitsets[leaf].name;
			if (!nm[0])
				continue;
			return (unsigned char)nm[0] != c;
		}
		unsigned name = (unsigned)sg->field;
		int lk = lookup_index(leaf, name);
		const struct ir3_field *fd = lk >= 0 ? &gk_ir3_fields[lk] : NULL;
		if (lk == IR3_LOOKUP_WALK) {
			struct escope S = { (int16_t)leaf, (int16_t)cas, V->combos[i % V->ncombo], V->fos, (int16_t)s, f,
					    (int16_t)i };
			fd = efind(&S, name);
		}
		if (!fd) {
			if (depth)
				return 0;
			int t = s;
			unsigned nm = outer_name(f, name);
			if (nm >= IR3_NNAMES || !(fd = efind_out(e, &t, &nm)))
				return 1; /* m finds no field: it fails here */
		}
		int digit = c >= '0' && c <= '9';
		switch (fd->type) {
		case IR3_T_BOOL:
		case IR3_T_BOOL_INV:
			if (!fd->display)
				return c != '0' && c != '1';
			if (fd->display[0] && (unsigned char)fd->display[0] == c)
				return 0;
			continue; /* not shown: one reading, empty */
		case IR3_T_UINT:
			return !digit;
		case IR3_T_HEX:
			return !digit && !(c >= 'a' && c <= 'f');
		case IR3_T_INT:
		case IR3_T_BRANCH:
			return !digit && c != '-';
		case IR3_T_OFFSET:
		case IR3_T_UOFFSET:
			if (c == '+' || c == '-')
				return 0;
			continue; /* 0, shown as nothing (or none at all: a lone offset) */
		case IR3_T_ENUM: {
			const struct ir3_enum *E = &gk_ir3_enums[fd->ref];
			if ((c && c < 128 && E->first[c] < E->first[c + 1]) || (e->enum_numbers && digit))
				return 0;
			unsigned empty = E->first[1] - E->first[0];
			if (!empty)
				return 1;
			ways *= empty;
			if (ways > 64)
				return 0;
			continue;
		}
		case IR3_T_BITSET: {
			/* every variant of every leaf match_field would try */
			if (depth)
				return 0;
			const struct ir3_root *R = &gk_ir3_roots[fd->ref];
			unsigned long inner = 0;
			for (unsigned l = 0; l < R->nleaves; l++) {
				int nl = R->leaves[l];
				const struct ir3_bitset *B = &gk_ir3_bitsets[nl];
				if (e->gpu < B->gen_min || e->gpu > B->gen_max)
					continue;
				struct variants V2;
				variants(nl, &V2);
				for (unsigned k2 = 0; k2 < V2.n; k2++) {
					unsigned long b = 0;
					if (!cannot_start(e, -1, fd, nl, &V2, k2, pos, &b, 1))
						return 0;
					inner += b;
				}
			}
			*bound = (k + 2 + inner) * ways;
			return 1;
		}
		default: /* a float: not followed */
			return 0;
		}
	}
	return 0; /* the display may read nothing at all */
}

static size_t digits(const struct enc *e, size_t pos, int hex)
{
	size_t q = pos;
	while (q < e->n && ((e->s[q] >= '0' && e->s[q] <= '9') ||
			    (hex && ((e->s[q] >= 'a' && e->s[q] <= 'f')))))
		q++;
	return q - pos;
}

static uint64_t number(const char *s, size_t n, int base, int *ovf)
{
	uint64_t v = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned d = s[i] <= '9' ? (unsigned)(s[i] - '0') : (unsigned)(s[i] - 'a' + 10);
		uint64_t t; /* v * base + d, and whether it passes 2^64 (no division per digit) */
		if (__builtin_mul_overflow(v, (uint64_t)base, &t) || __builtin_add_overflow(t, (uint64_t)d, &t))
			*ovf = 1;
		v = v * (unsigned)base + d;
	}
	return v;
}

/* Try value v for field f (what scope s finds under its name: m looked it
 * up) that used text up to q, then go on. */
static inline int take(struct enc *e, int s, const struct ir3_field *f, uint64_t v, size_t q, const struct frame *next)
{
	int na = e->na, nsc = e->nsc;
	if (eset_field(e, s, f, v) && m(e, next, q))
		return 1;
	e->na = na;
	e->nsc = nsc;
	return 0;
}

/* The names of enum E the text has at pos, in the order they are tried:
 * longest first (the empty name last), equal lengths in value order; those
 * starting with the text's character, then the empty ones (the enum's
 * index; at most 64 names, gen_ir3.py checks).  Their values into cand,
 * their lengths into clen (the text is shorter than GK_IR3_TEXT_MAX, 256). */
static unsigned enum_names_at(const struct enc *e, const struct ir3_enum *E, size_t pos, uint32_t cand[64],
			      uint8_t clen[64])
{
	unsigned nc = 0;
	unsigned ch = pos < e->n ? (unsigned char)e->s[pos] : 0;
	for (unsigned g = ch && ch < 128 ? ch : 0;; g = 0) {
		for (unsigned x = E->first[g]; x < E->first[g + 1] && nc < 64; x++) {
			uint32_t i = E->by_first[x];
			long ml = match_str(e, pos, E->names[i]);
			if (ml >= 0) {
				uint8_t l = (uint8_t)ml;
				unsigned j = nc++;
				for (; j > 0 && clen[j - 1] < l; j--) {
					cand[j] = cand[j - 1];
					clen[j] = clen[j - 1];
				}
				cand[j] = i;
				clen[j] = l;
			}
		}
		if (!g)
			break;
	}
	return nc;
}

static inline __attribute__((always_inline)) int only_reading(const struct enc *e, const struct ir3_field *f,
							       size_t pos, uint64_t *v, size_t *q);

static int match_field(struct enc *e, int s, const struct ir3_field *f, size_t pos, const struct frame *next)
{
	const char *p = e->s + pos;
	size_t rest = e->n - pos, k;
	unsigned width = f->high - f->low + 1;
	int ovf = 0;
	switch (f->type) {
	case IR3_T_UINT:
		k = digits(e, pos, 0);
		return k && k <= 20 && take(e, s, f, number(p, k, 10, &ovf), pos + k, next) && !ovf;
	case IR3_T_HEX:
	case IR3_T_INT:
	case IR3_T_BRANCH: {
		/* one reading or none: only_reading's digits and limits */
		uint64_t v;
		size_t q;
		return only_reading(e, f, pos, &v, &q) == 1 && take(e, s, f, v, q, next);
	}
	case IR3_T_OFFSET:
	case IR3_T_UOFFSET:
		if (rest && (*p == '+' || (*p == '-' && f->type == IR3_T_OFFSET))) {
			k = digits(e, pos + 1, 0);
			if (k && k <= 19) {
				uint64_t v = number(p + 1, k, 10, &ovf);
				if (v && take(e, s, f, *p == '-' ? 0 - v : v, pos + 1 + k, next))
					return 1;
			}
		}
		return !lone_offset(f) && take(e, s, f, 0, pos, next);
	case IR3_T_BOOL:
	case IR3_T_BOOL_INV: {
		uint64_t on = f->type == IR3_T_BOOL; /* the value that shows the display */
		if (f->display) {
			long dn = match_str(e, pos, f->display);
			if (dn > 0 && take(e, s, f, on, pos + (size_t)dn, next))
				return 1;
			return take(e, s, f, !on, pos, next);
		}
		if (rest && (*p == '0' || *p == '1'))
			return take(e, s, f, (uint64_t)(*p - '0') ^ !on, pos + 1, next);
		return 0;
	}
	case IR3_T_FLOAT: {
		size_t used;
		uint64_t v = parse_float(p, rest, width, &used);
		return used && take(e, s, f, v, pos + used, next);
	}
	case IR3_T_ENUM: {
		const struct ir3_enum *E = &gk_ir3_enums[f->ref];
		uint32_t cand[64];
		uint8_t clen[64];
		unsigned nc = enum_names_at(e, E, pos, cand, clen);
		for (unsigned j = 0; j < nc; j++)
			if (take(e, s, f, cand[j], pos + clen[j], next))
				return 1;
		/* a value without a name, printed as its number: only when no
		 * reading of the text without one works (a8xx's cat3 "12" is an
		 * integer immediate, not #flut's unnamed 12) */
		k = e->enum_numbers ? digits(e, pos, 0) : 0;
		if (k && k <= 6) {
			uint64_t v = number(p, k, 10, &ovf);
			if ((v >= E->n || !E->names[v]) && take(e, s, f, v, pos + k, next))
				return 1;
		}
		return 0;
	}
	case IR3_T_BITSET: {
		const struct ir3_root *R = &gk_ir3_roots[f->ref];
		unsigned ch = rest ? (unsigned char)*p : 0;
		for (unsigned i = 0; i < R->nleaves; i++) {
			int leaf = R->leaves[i];
			const struct ir3_bitset *B = &gk_ir3_bitsets[leaf];
			if (e->gpu < B->gen_min || e->gpu > B->gen_max)
				continue;
			struct variants V;
			variants(leaf, &V);
			for (unsigned k2 = 0; k2 < V.n; k2++) {
				int na = e->na, nsc = e->nsc;
				if (e->nsc >= E_MAXSC)
					return 0;
				if (first_literal_misses(e, leaf, &V, k2, pos)) {
					e->steps++; /* the one step of try_variant's m */
					continue;
				}
				/* a character its display can start with (params aside): no
				 * need to look closer; the variant is tried */
				const uint32_t *st = gk_ir3_start_sets[gk_ir3_start_of[B->plan + k2]];
				unsigned long bound = 0;
				if (e->prune && !(ch < 128 && st[ch / 32] >> (ch % 32) & 1) &&
				    cannot_start(e, s, f, leaf, &V, k2, pos, &bound, 0)) {
					e->skipped += bound;
					continue;
				}
				int c = e->nsc++;
				e->sc[c] = (struct escope){ (int16_t)leaf, -1, 0, NULL, (int16_t)s, f, 0 };
				if (try_variant(e, c, &V, k2, pos, next))
					return 1;
				e->na = na;
				e->nsc = nsc;
			}
		}
		return 0;
	}
	default:
		return 0;
	}
}

/* The one reading the text at pos has for field f when it has exactly one:
 * 1 with its value *v and end *q; 0 when it has none; -1 when it may have
 * several (or match_field's own rules apply: a uint past 2^64), which
 * match_field tries in turn.  The cases are match_field's, which stays the
 * reference: a number, a float, and a bool whose display the text does not
 * show here (nearly every (sy), (ss), (jp), (ul), (sat), (neg), (r) and h
 * of real code).  Inlined into m, its caller on every field step (about 37
 * calls a line): the call and its frame were a tenth of its cost, 228.8 M ->
 * 218.3 M instructions on the bench's first 10000 lines. */
static inline __attribute__((always_inline)) int only_reading(const struct enc *e, const struct ir3_field *f,
							       size_t pos, uint64_t *v, size_t *q)
{
	const char *p = e->s + pos;
	size_t rest = e->n - pos, k;
	int ovf = 0;
	switch (f->type) {
	case IR3_T_UINT:
		k = digits(e, pos, 0);
		if (!k || k > 20)
			return 0;
		*v = number(p, k, 10, &ovf);
		*q = pos + k;
		return ovf ? -1 : 1;
	case IR3_T_HEX:
		k = digits(e, pos, 1);
		if (!k || k > 16)
			return 0;
		*v = number(p, k, 16, &ovf);
		*q = pos + k;
		return 1;
	case IR3_T_INT:
	case IR3_T_BRANCH: {
		int neg = rest && *p == '-';
		k = digits(e, pos + neg, 0);
		if (!k || k > 19)
			return 0;
		uint64_t x = number(p + neg, k, 10, &ovf);
		*v = neg ? 0 - x : x;
		*q = pos + neg + k;
		return 1;
	}
	case IR3_T_BOOL:
	case IR3_T_BOOL_INV: {
		uint64_t on = f->type == IR3_T_BOOL;
		if (f->display) {
			/* the first character decides for most: "(" of "(sy)" against "r" */
			if (pos < e->n && e->s[pos] == f->display[0] && match_str(e, pos, f->display) > 0)
				return -1; /* shown, or not and read by what follows */
			*v = !on;
			*q = pos;
			return 1;
		}
		if (!rest || (*p != '0' && *p != '1'))
			return 0;
		*v = (uint64_t)(*p - '0') ^ !on;
		*q = pos + 1;
		return 1;
	}
	case IR3_T_FLOAT: {
		size_t used;
		*v = parse_float(p, rest, f->high - f->low + 1, &used);
		*q = pos + used;
		return used != 0;
	}
	case IR3_T_ENUM: {
		/* one name and no second pass (which may read a number after the
		 * names fail); the name list is made again by match_field
		 * otherwise, rarely: a register's swizzle, a type and a repeat
		 * count have one name at the place (the empty one aside) */
		if (e->enum_numbers)
			return -1;
		/* enum_names_at's groups, stopping at a second name (its order
		 * does not matter for one) */
		const struct ir3_enum *E = &gk_ir3_enums[f->ref];
		unsigned ch = pos < e->n ? (unsigned char)e->s[pos] : 0, nc = 0;
		for (unsigned g = ch && ch < 128 ? ch : 0;; g = 0) {
			for (unsigned x = E->first[g]; x < E->first[g + 1]; x++) {
				long ml = match_str(e, pos, E->names[E->by_first[x]]);
				if (ml < 0)
					continue;
				if (nc++)
					return -1;
				*v = E->by_first[x];
				*q = pos + (size_t)ml;
			}
			if (!g)
				break;
		}
		return nc != 0;
	}
	default:
		return -1;
	}
}

static int finish(struct enc *e);

static int m(struct enc *e, const struct frame *f, size_t pos)
{
	/* a literal, the name or the end of a template goes on with the rest
	 * (a tail call of m, as a loop: each pass is one step); cur is the
	 * frame at the segment after the one being matched */
	struct frame cur = *f;
	for (;;) {
		if (++e->steps > E_MAXSTEPS)
			return 0;
		if (pos > e->far)
			e->far = pos;
		if (cur.seg == cur.end) {
			if (!cur.up)
				return pos == e->n && finish(e);
			cur = *cur.up;
			continue;
		}
		const struct ir3_seg *sg = &gk_ir3_segs[cur.seg++];
		if (sg->field < 0) {
			if (!match_lit(e, pos, sg->lit, sg->len))
				return 0;
			pos += sg->len;
			continue;
		}
		if (sg->field == 0) {
			long n = match_str(e, pos, gk_ir3_bitsets[e->sc[cur.sc].bs].name);
			if (n < 0)
				return 0;
			pos += (size_t)n;
			continue;
		}
		unsigned name = (unsigned)sg->field;
		int s = cur.sc;
		const struct ir3_field *fd = efind_out(e, &s, &name);
		if (!fd)
			return 0;
		/* a field the text reads one way only goes on in this loop: what
		 * take and a call of m would do, as every caller of m drops what
		 * a failed m assigned (a third fewer instructions in m's frames) */
		uint64_t v = 0;
		size_t q = pos;
		int one = only_reading(e, fd, pos, &v, &q);
		if (one < 0)
			return match_field(e, s, fd, pos, &cur);
		if (!one || !eset_field(e, s, fd, v))
			return 0;
		pos = q;
	}
}

static uint64_t put_bits(uint64_t v, unsigned lo, unsigned hi, uint64_t x)
{
	uint64_t mk = wmask(hi - lo + 1) << lo;
	return (v & ~mk) | ((x << lo) & mk);
}

/* The value of every scope from its leaf's pattern, asserted bits, the
 * fields the text gave (or the encoder's fixed values) and its children.
 * The steps are the scope's variant's plan (scripts/gen_ir3.py writes it
 * once per leaf and variant): the asserted bits of the cases it applies and
 * the raw fields it sees that are what a lookup of their name finds there,
 * in the order of its chain's cases (leaf first) and their fields. */
static void build(struct enc *e, uint64_t *val)
{
	for (int s = e->nsc - 1; s >= 0; s--) {
		const struct escope *S = &e->sc[s];
		const struct ir3_bitset *B = &gk_ir3_bitsets[S->bs];
		uint64_t v = B->match;
		unsigned p = B->plan + (unsigned)S->var;
		for (uint32_t k = gk_ir3_plan_start[p]; k < gk_ir3_plan_start[p + 1]; k++) {
			int x = gk_ir3_build_steps[k];
			if (x < 0) {
				const struct ir3_case *C = &gk_ir3_cases[-x - 1];
				v = (v & ~C->assert_mask) | (C->assert_val & C->assert_mask);
				continue;
			}
			/* unset fields stay 0, which keeps what an overlapping field of
			 * the chosen override put there */
			const struct ir3_field *F = &gk_ir3_fields[x];
			const struct asg *a = asg_find(e, s, F->name);
			if (a)
				v = put_bits(v, F->low, F->high, a->val);
			else if (F->has_force)
				v = put_bits(v, F->low, F->high, F->force);
		}
		for (int c = s + 1; c < e->nsc; c++)
			if (e->sc[c].parent == s)
				v = put_bits(v, e->sc[c].holder->low, e->sc[c].holder->high, val[c]);
		val[s] = v;
	}
}

/* Does derived field F of scope s have the value the text gave, in the word
 * built so far?  (Evaluated the decoder's way.) */
static int derived_holds(struct enc *e, const uint64_t *val, int s, const struct ir3_field *F, uint64_t want)
{
	struct dstate st;
	dstate_init(&st, e->gpu, NULL, 0, NULL, NULL);
	struct dscope ds[E_MAXSC];
	struct dcache cache[E_MAXSC];
	for (int i = 0; i <= s; i++) {
		cache_init(&cache[i]);
		const struct escope *S = &e->sc[i];
		ds[i] = (struct dscope){ &st, S->bs, val[i], 0, S->holder, S->parent >= 0 ? &ds[S->parent] : NULL,
					 &cache[i], -1, NULL };
	}
	uint64_t got = eval(&ds[s], F->expr);
	if (F->type == IR3_T_BOOL)
		return !got == !want;
	if (F->high > 0) /* a derived field with a width */
		return ((got ^ want) & wmask(F->high + 1u)) == 0;
	return got == want;
}

/* Unset source fields of expression x seen from scope s: the encoder may
 * choose their values.  A nested field (cat5's TYPE) counts through the one
 * plain field of its scope. */
static unsigned free_fields(struct enc *e, int s, int x, int *fs, const struct ir3_field **ff, unsigned n,
			    unsigned max)
{
	for (const struct ir3_op *op = &gk_ir3_ops[gk_ir3_exprs[x].op]; op->op != IR3_OP_END; op++) {
		if (op->op != IR3_OP_FIELD)
			continue;
		unsigned name = (unsigned)op->arg;
		int t = s;
		const struct ir3_field *f = efind_out(e, &t, &name);
		if (!f)
			continue;
		if (f->type == IR3_T_BITSET) {
			int c = t + 1;
			while (c < e->nsc && !(e->sc[c].parent == t && e->sc[c].holder == f))
				c++;
			f = NULL;
			if (c < e->nsc) {
				const struct ir3_bitset *B = &gk_ir3_bitsets[e->sc[c].bs];
				const struct ir3_case *C = &gk_ir3_cases[B->cas + B->ncases - 1];
				if (B->parent < 0 && C->nfields == 1 && gk_ir3_fields[C->field].expr < 0) {
					f = &gk_ir3_fields[C->field];
					t = c;
					name = f->name;
				}
			}
		}
		int set = !f || f->expr >= 0 || f->type == IR3_T_BITSET || f->has_force || f->high - f->low >= 4;
		set = set || asg_find(e, t, name);
		for (unsigned k = 0; k < n && !set; k++)
			set = fs[k] == t && ff[k]->name == name;
		if (!set && n < max) {
			fs[n] = t;
			ff[n++] = f;
		}
	}
	return n;
}

static int all_hold(struct enc *e, const uint64_t *val, int na, int *first_bad)
{
	for (int i = 0; i < na; i++) {
		int s = e->a[i].sc;
		const struct ir3_field *F = e->a[i].f;
		if (F && F->expr >= 0 && !derived_holds(e, val, s, F, e->a[i].val)) {
			if (first_bad)
				*first_bad = i;
			return 0;
		}
	}
	return 1;
}

/* Derived fields the text fixed but that could not be inverted (DST_HALF is
 * FULL == DST_CONV, cat5's .s2en/.nonuniform come from DESC_MODE...):
 * choose the unset source fields so that all of them hold. */
static int repair(struct enc *e, uint64_t *val)
{
	int na = e->na, bad = -1;
	if (all_hold(e, val, na, &bad))
		return 1;
	int fs[6];
	const struct ir3_field *ff[6];
	unsigned n = 0;
	for (int i = bad; i < na; i++) {
		int s = e->a[i].sc;
		const struct ir3_field *F = e->a[i].f;
		if (F && F->expr >= 0 && !derived_holds(e, val, s, F, e->a[i].val))
			n = free_fields(e, s, F->expr, fs, ff, n, 6);
	}
	unsigned bitsum = 0;
	for (unsigned k = 0; k < n; k++)
		bitsum += ff[k]->high - ff[k]->low + 1u;
	if (!n || bitsum > 12 || e->na + (int)n > E_MAXASG)
		return 0;
	for (uint64_t combo = 1; combo < (1ull << bitsum); combo++) {
		e->steps += 8; /* the search counts against the same budget */
		if (e->steps > E_MAXSTEPS)
			break;
		e->na = na;
		unsigned sh = 0;
		for (unsigned k = 0; k < n; k++) {
			unsigned w = ff[k]->high - ff[k]->low + 1u;
			asg_add(e, fs[k], ff[k]->name, (combo >> sh) & wmask(w), efc(e, fs[k], ff[k]->name));
			sh += w;
		}
		build(e, val);
		if (all_hold(e, val, na, NULL))
			return 1;
	}
	e->na = na;
	return 0;
}

/* Build the word and keep it if it decodes to the text. */
/* The word of e's assignments, if it decodes to e's text (0: it does not).
 * *bad_expr: see struct dstate. */
static int finish_once(struct enc *e, uint64_t *val, int *bad_expr)
{
	build(e, val);
	int na = e->na;
	if (!repair(e, val)) {
		e->na = na;
		build(e, val);
	}
	struct dstate st;
	dstate_init(&st, e->gpu, e->check, sizeof e->check, NULL, NULL);
	int leaf = render(&st, val[0], NULL);
	*bad_expr = st.bad_expr;
	return leaf >= 0 && !st.unchosen && st.len == e->n && !memcmp(e->check, e->s, e->n); /* st.len: strlen */
}

/* A word that shows the text, when one is found.  An override without a
 * display that holds on it but whose asserted bits it breaks (the a6xx ibo
 * loads and stores: !{HAS_OFFSET} asserts a zero offset, and HAS_OFFSET is
 * in no display) means the text wants that override not to hold: assume its
 * expression false and build again; Mesa's encoder sets such a flag from
 * the operand the text shows.  When that finds nothing, the first word stays. */
static int finish(struct enc *e)
{
	uint64_t val[E_MAXSC];
	int bad = -1;
	for (int s = 0; s < e->nsc; s++)
		if (!default_selectors(e, s))
			return 0;
	if (!finish_once(e, val, &bad))
		return 0;
	e->result = val[0];
	int na = e->na;
	for (int tries = 0; bad >= 0 && tries < 4; tries++) {
		if (!apply_assumes(e, 0, bad, 0) || e->na == na || !finish_once(e, val, &bad))
			break;
		if (bad < 0)
			e->result = val[0];
	}
	e->na = na;
	return 1;
}

static void enc_error(struct gk_diag *err, size_t col, const char *fmt, const char *arg)
{
	if (!err)
		return;
	memset(err, 0, sizeof *err);
	err->severity = GK_ERROR;
	err->code = GK_D_SYNTAX;
	err->dw = -1;
	err->lo = err->hi = -1;
	err->col = (uint32_t)col;
	snprintf(err->message, sizeof err->message, fmt, arg);
}

/* "[0x...]": 1..16 hex digits, one '_' allowed */
static int parse_raw(const char *s, size_t n, uint64_t *w)
{
	if (n < 4 || s[0] != '[' || s[1] != '0' || (s[2] != 'x' && s[2] != 'X') || s[n - 1] != ']')
		return -1;
	uint64_t v = 0;
	unsigned nd = 0, us = 0;
	for (size_t i = 3; i < n - 1; i++) {
		unsigned c = (unsigned char)s[i], d;
		if (c == '_' && nd == 8 && !us) {
			us = 1;
			continue;
		}
		if (c >= '0' && c <= '9')
			d = c - '0';
		else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
			d = (c | 0x20) - 'a' + 10;
		else
			return -1;
		if (++nd > 16)
			return -1;
		v = v << 4 | d;
	}
	if (!nd)
		return -1;
	*w = v;
	return 0;
}

/* Can e's text be template tpl, shown with the name (named: the text holds
 * the name)?  It must hold the name and every literal of the display
 * verbatim, in the display's order (finish() compares the rendering with it
 * byte for byte): a cheap test that spares most of the backtracking.
 * Remembered per template, as variants of many leaves share templates. */
static int text_may_fit(struct enc *e, int tpl, int named)
{
	int fits = -1;
	for (unsigned i = 0; i < e->nfit && fits < 0; i++)
		if (e->fit_tpl[i] == tpl)
			fits = e->fit_val[i];
	if (fits < 0) {
		const struct ir3_tpl *T = &gk_ir3_tpls[tpl];
		int lits = 1;
		size_t at = 0;
		for (unsigned l = T->lits; l < T->lits + T->nlits && lits; l++) {
			const struct ir3_seg *S = &gk_ir3_segs[gk_ir3_tpl_lits[l]];
			unsigned h = IR3_PAIR_HASH(S->lit[0], S->lit[1]);
			if (!(e->pairs[h / 32] >> (h % 32) & 1)) {
				lits = 0;
				break;
			}
			/* the next place the literal starts at or after at */
			const char *q = e->s + at, *end = e->s + e->n;
			while ((q = (size_t)(end - q) >= S->len ? memchr(q, S->lit[0], (size_t)(end - q) - S->len + 1) : NULL) &&
			       memcmp(q, S->lit, S->len))
				q++;
			lits = q != NULL;
			at = q ? (size_t)(q - e->s) + S->len : e->n + 1;
		}
		fits = !lits ? 0 : T->has_name ? 2 : 1; /* 2: only when named */
		if (e->nfit < sizeof e->fit_tpl / sizeof e->fit_tpl[0]) {
			e->fit_tpl[e->nfit] = (uint16_t)tpl;
			e->fit_val[e->nfit++] = (int8_t)fits;
		}
	}
	return fits == 1 || (fits == 2 && named);
}

/* Read e's text as leaf (named: the text holds its name), each way a
 * decoder could show it in turn; 1 with e->result on the first that gives
 * the text back. */
static int try_leaf(struct enc *e, int leaf, int named)
{
	const struct ir3_bitset *B = &gk_ir3_bitsets[leaf];
	if (e->gpu < B->gen_min || e->gpu > B->gen_max)
		return 0;
	struct variants V;
	variants(leaf, &V);
	/* variant i shows display i / ncombo: a display the text cannot be
	 * rules out all of its variants */
	for (unsigned d = 0, i = 0; i < V.n; d++) {
		if (!text_may_fit(e, gk_ir3_cases[V.disp[d]].tpl, named)) {
			i += V.ncombo;
			continue;
		}
		for (unsigned end = i + V.ncombo; i < end && i < V.n; i++) {
			e->nsc = 1;
			e->na = 0;
			e->sc[0] = (struct escope){ (int16_t)leaf, -1, 0, NULL, -1, NULL, 0 };
			if (try_variant(e, 0, &V, i, 0, NULL))
				return 1;
		}
	}
	return 0;
}

/* Mesa's 2022 spellings that current Mesa prints differently, for old
 * shader dumps: the text (normalized, s[0 .. n)) rewritten to the current
 * spelling of the same word into out; 0 when no rule applies.  Each is
 * unambiguous: it names one word in both descriptions (docs/ir3.md, "Texts
 * of 2022").
 *   "predt p0.x", "predf p0.x": since the a7xx work (ir3-cat0.xml) predt and
 *     predf have no source and print bare; p0.x was the encoding with those
 *     bits zero;
 *   ".s8 " (cat6 TYPE 7, a half type then): the same value is now "u8_32", a
 *     full type, so its registers lose the h. */
static int legacy_2022(const char *s, size_t n, char *out, size_t cap)
{
	static const char *const pred[] = { "predt p0.x", "predf p0.x" };
	for (size_t i = 0; i < sizeof pred / sizeof pred[0]; i++) {
		size_t k = strlen(pred[i]);
		if (n >= k && !memcmp(s + n - k, pred[i], k) && (n == k || s[n - k - 1] == ')') && n - 5 < cap) {
			memcpy(out, s, n - 5);
			out[n - 5] = 0;
			return 1;
		}
	}
	const char *t = strstr(s, ".s8 ");
	if (!t || n + 3 >= cap)
		return 0;
	size_t o = 0;
	for (size_t i = 0; i < n; i++) {
		if (s + i == t) {
			memcpy(out + o, ".u8_32", 6);
			o += 6;
			i += 2;
			continue;
		}
		if (s[i] == 'h' && s[i + 1] == 'r' && s[i + 2] >= '0' && s[i + 2] <= '9' &&
		    (i == 0 || s[i - 1] == ' ' || s[i - 1] == '[' || s[i - 1] == ')'))
			continue; /* hrN -> rN */
		out[o++] = s[i];
	}
	out[o] = 0;
	return 1;
}

/* Assemble text for gpu_id with this description; older spellings (the
 * 2022 rewrites, then Mesa 2025's description) only when fallback: decode's
 * exactness check asks whether the text reads back with this description.
 * prune: pass over the nested variants cannot_start rules out (0: the full
 * search, for the test that compares them). */
static int encode_search(unsigned gpu_id, const char *text, size_t len, uint64_t *word, struct gk_diag *err,
			 int fallback, int prune)
{
	if (!text || !word) {
		enc_error(err, 0, "%s", !text ? "no text (NULL)" : "nowhere to put the word (NULL)");
		return -1;
	}
	if (len > GK_IR3_INPUT_MAX) {
		/* not read at all: a length this large is a caller's mistake, and
		 * reading it would run off the end of the text */
		enc_error(err, 0, "%s", "text length beyond GK_IR3_INPUT_MAX");
		return -1;
	}
	/* whitespace runs become one space; none at the ends.  Reading stops
	 * where the text can no longer be an instruction: past the length any
	 * display can have, or at the comment of a raw form. */
	char norm[GK_IR3_TEXT_MAX + 2];
	size_t n = 0;
	int toolong = 0;
	/* the common case, a text already so (what the decoder prints): no
	 * whitespace but single spaces inside, short enough, not a raw form
	 * (whose comment the loop below cuts): a copy is what the loop makes */
	int canon = len && len <= GK_IR3_TEXT_MAX && text[0] != '[';
	for (size_t i = 0; i < len && canon; i++)
		if ((unsigned char)text[i] <= ' ')
			canon = text[i] == ' ' && i && i + 1 < len && text[i - 1] != ' ';
	if (canon) {
		memcpy(norm, text, len);
		n = len;
	}
	for (size_t i = 0; i < len && !canon; i++) {
		char c = text[i];
		int sp = (unsigned char)c <= ' ' &&
			 (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f');
		if (sp) {
			if (n && norm[n - 1] != ' ')
				norm[n++] = ' ';
		} else if (c == ';' && n && norm[0] == '[') {
			break; /* "[0x...] ; text" as gk_ir3_line writes it: the comment is only for people */
		} else {
			norm[n++] = c;
		}
		if (n > GK_IR3_TEXT_MAX) {
			toolong = 1;
			break;
		}
	}
	while (n && norm[n - 1] == ' ')
		n--;
	norm[n] = 0;
	if (n && norm[0] == '[') {
		if (parse_raw(norm, n, word) == 0)
			return 0;
		enc_error(err, 1, "%s", "raw form is [0xHHHHHHHH_LLLLLLLL] (up to 16 hex digits)");
		return -1;
	}
	if (n > 6 && !memcmp(norm, "raw 0", 5) && (norm[5] == 'x' || norm[5] == 'X')) {
		/* Mesa's assembler spelling of a raw word ("raw 0xFFFFFFFFFFFFFFFF",
		 * what its disassembler tests print for a word nothing matches):
		 * read as the raw form [0x...] */
		char br[GK_IR3_TEXT_MAX + 2];
		size_t k = n - 4;
		br[0] = '[';
		memcpy(br + 1, norm + 4, k);
		br[k + 1] = ']';
		if (parse_raw(br, k + 2, word) == 0)
			return 0;
		enc_error(err, 5, "%s", "raw word is raw 0xHHHHHHHHHHHHHHHH (up to 16 hex digits)");
		return -1;
	}
	if (!n) {
		enc_error(err, 1, "%s", "empty instruction");
		return -1;
	}
	if (toolong || n >= GK_IR3_TEXT_MAX) {
		enc_error(err, 1, "%s", "instruction text too long");
		return -1;
	}
	int rc = -1;
	/* not cleared as a whole (it is large): every scope's field cache is
	 * cleared when the scope is opened, the lists are read up to their counts */
	struct enc enc_area, *e = &enc_area;
	e->gpu = gpu_id;
	e->s = norm;
	e->n = n;
	/* The leaves to try, by position in R->leaves (XML order, the order
	 * they are tried in): those whose name the text holds -- each character
	 * pair of the text looked up in the name index -- and those tried
	 * whatever the text holds (a display without {NAME}). */
	const struct ir3_root *R = &gk_ir3_roots[gk_ir3_root_instruction];
	uint64_t named[(IR3_MAX_LEAVES + 63) / 64] = { 0 }, tried[(IR3_MAX_LEAVES + 63) / 64] = { 0 };
	memset(e->pairs, 0, sizeof e->pairs);
	e->nfit = 0;
	const uint16_t *pair_start = R->by_pair ? R->pair_start : NULL;
	for (size_t i = 0; i + 1 < n; i++) {
		unsigned h = IR3_PAIR_HASH(norm[i], norm[i + 1]);
		e->pairs[h / 32] |= 1u << (h % 32);
		if (pair_start) {
			/* ml: how far the bucket's previous name agrees with the text.
			 * A name sharing fewer first characters with it than that
			 * differs from the text where it differs from it (in name
			 * order it is no prefix of it); one sharing more differs
			 * where the previous one did; one sharing exactly that many
			 * is compared from there. */
			size_t ml = 0;
			for (unsigned k = pair_start[h], kend = pair_start[h + 1]; k < kend; k++) {
				size_t l = R->pair_lcp[k];
				if (l != ml) {
					if (l < ml)
						ml = l;
					continue;
				}
				const char *nm = R->pair_name[k];
				while (nm[l] && nm[l] == norm[i + l]) /* norm ends in a NUL, which no name holds */
					l++;
				ml = l;
				if (!nm[l]) {
					unsigned pos = R->by_pair[k];
					named[pos / 64] |= 1ull << (pos % 64);
				}
			}
		}
	}
	if (R->by_pair) {
		memcpy(tried, R->always_set, sizeof tried);
		for (unsigned k = 0; k < R->nshort; k++) {
			unsigned pos = R->short_name[k];
			if (strstr(norm, gk_ir3_bitsets[R->leaves[pos]].name))
				named[pos / 64] |= 1ull << (pos % 64);
		}
	} else { /* a root without the index: every leaf, names by strstr */
		for (unsigned pos = 0; pos < R->nleaves && pos < IR3_MAX_LEAVES; pos++) {
			if (strstr(norm, gk_ir3_bitsets[R->leaves[pos]].name))
				named[pos / 64] |= 1ull << (pos % 64);
			tried[pos / 64] |= 1ull << (pos % 64);
		}
	}
	/* The search passes over the nested variants cannot_start rules out,
	 * without counting the steps trying them would take.  When the steps
	 * counted and the most those could have been stay within the budget,
	 * the full search never reached it either, and found the same word (or
	 * none, with the same furthest column); otherwise (no text of real code
	 * comes near it) the search is made again in full. */
	for (e->prune = prune;; e->prune = 0) {
		e->nsc_ready = 0;
		e->steps = 0;
		e->skipped = 0;
		e->far = 0;
		e->result = 0;
		/* two passes: the second also reads a number as an enum's value
		 * without a name, which only a word printed with a warning has */
		for (e->enum_numbers = 0; e->enum_numbers < 2 && rc < 0 && e->steps <= E_MAXSTEPS; e->enum_numbers++)
			for (unsigned wi = 0; wi < (IR3_MAX_LEAVES + 63) / 64 && rc < 0; wi++)
				for (uint64_t t = tried[wi] | named[wi]; t && rc < 0; t &= t - 1) {
					unsigned pos = wi * 64 + (unsigned)__builtin_ctzll(t);
					/* a pair all its displays hold that the text has
					 * not: try_leaf would find no display that fits
					 * (text_may_fit), so nothing */
					unsigned h = R->need_pair ? R->need_pair[pos] : IR3_PAIR_BUCKETS;
					if (h < IR3_PAIR_BUCKETS && !(e->pairs[h / 32] >> (h % 32) & 1))
						continue;
					if (try_leaf(e, R->leaves[pos], named[wi] >> (pos % 64) & 1)) {
						*word = e->result;
						rc = 0;
					}
				}
		if (!e->prune || e->steps + e->skipped <= E_MAXSTEPS)
			break;
		rc = -1;
	}
	if (rc < 0 && fallback) {
		char alt[GK_IR3_TEXT_MAX + 8];
		if (legacy_2022(norm, n, alt, sizeof alt) &&
		    encode_search(gpu_id, alt, strlen(alt), word, NULL, 0, prune) == 0)
			return 0;
#ifndef IR3_LEGACY
		/* a text of the Mesa before 26.2 ("(sat)mul.f ...", "(1.000000)"):
		 * what that Mesa's assembler made of it */
		if (gk_ir3_2025_encode_with(gpu_id, norm, n, word, NULL, prune ? 0 : IR3_ENCODE_FULL_SEARCH) == 0)
			return 0;
#endif
	}
	if (rc < 0) {
		if (e->steps > E_MAXSTEPS)
			enc_error(err, 1, "%s", "instruction too ambiguous to assemble");
		else
			enc_error(err, e->far + 1, "no ir3 instruction on this GPU reads as '%.112s'", norm);
	}
	return rc;
}

/* encode_search as the library's callers get it (decode's exactness check) */
static int encode_text(unsigned gpu_id, const char *text, size_t len, uint64_t *word, struct gk_diag *err,
		       int fallback)
{
	return encode_search(gpu_id, text, len, word, err, fallback, 1);
}

int gk_ir3_encode_with(unsigned gpu_id, const char *text, size_t len, uint64_t *word, struct gk_diag *err,
		       unsigned how)
{
#ifndef IR3_LEGACY
	if (gpu_id & GK_IR3_MESA_2025)
		return gk_ir3_2025_encode_with(gpu_id & ~GK_IR3_MESA_2025, text, len, word, err, how);
#endif
	return encode_search(gpu_id, text, len, word, err, 1, !(how & IR3_ENCODE_FULL_SEARCH));
}

int gk_ir3_encode(unsigned gpu_id, const char *text, size_t len, uint64_t *word, struct gk_diag *err)
{
	return gk_ir3_encode_with(gpu_id, text, len, word, err, 0);
}

/* ---- public decode ---- */

int gk_ir3_decode_with(unsigned gpu_id, uint64_t word, struct gk_ir3_insn *out, struct gk_diags *dg,
		       unsigned how)
{
#ifndef IR3_LEGACY
	if (gpu_id & GK_IR3_MESA_2025)
		return gk_ir3_2025_decode_with(gpu_id & ~GK_IR3_MESA_2025, word, out, dg, how);
#endif
	if (!out)
		return -1;
	if (how & IR3_DECODE_NO_FIELDS) {
		/* all but the records nothing writes (four fifths of the
		 * struct: 2 % of the engine's decode) */
		memset(out, 0, offsetof(struct gk_ir3_insn, fields));
		out->has_branch = false;
		out->branch = 0;
	} else {
		memset(out, 0, sizeof *out);
	}
	out->word = word;
	struct dstate st;
	dstate_init(&st, gpu_id, out->text, sizeof out->text, out, dg);
	if (how & IR3_DECODE_NO_FIELDS)
		st.rec = NULL;
	st.interpret = (how & IR3_DECODE_INTERPRET) != 0;
	how &= ~(unsigned)(IR3_DECODE_NO_FIELDS | IR3_DECODE_INTERPRET);
	int proven = 0;
	int leaf = render(&st, word, &proven);
	if (leaf < 0) {
		if (!st.nerrors) {
			/* say whether another generation has it */
			static const unsigned gens[] = { 300, 400, 500, 600, 700, 800 };
			const char *other = NULL;
			for (unsigned g = 0; g < sizeof gens / sizeof gens[0] && !other; g++) {
				struct dstate gen;
				dstate_init(&gen, gens[g], NULL, 0, NULL, NULL);
				int l = find_leaf(&gen, gk_ir3_root_instruction, word, 0, "instruction", 1);
				if (l >= 0)
					other = gk_ir3_bitsets[l].name;
			}
			if (other)
				diag(&st, GK_ERROR, GK_D_WRONG_GEN, -1, -1, NULL, "%s is not an instruction of gpu %u",
				     other, gpu_id);
			else
				diag(&st, GK_ERROR, GK_D_UNKNOWN_OPCODE, -1, -1, NULL,
				     "no ir3 encoding matches 0x%08x_%08x", (unsigned)(word >> 32), (unsigned)word);
		}
		out->text[0] = 0;
		out->name = NULL;
		return -1;
	}
	if (how != IR3_EXACT_REASSEMBLE && proven) {
		out->exact = true;
		return 0;
	}
	if (how == IR3_EXACT_PROOF_ONLY)
		return 0;
	uint64_t back = 0;
	int enc = -1;
	if (!st.nerrors) {
		/* don't-care bits set: the text is the one of the word without
		 * them, which the encoder writes (no field holds a don't-care
		 * bit: test_tables checks) -- when that word is proven exact, it
		 * is what the text assembles to, without assembling */
		uint64_t clean = word & ~out->dontcare;
		struct gk_ir3_insn c;
		if (clean != word &&
		    gk_ir3_decode_with(gpu_id, clean, &c, NULL, IR3_EXACT_PROOF_ONLY | IR3_DECODE_NO_FIELDS) == 0 && c.exact &&
		    !strcmp(c.text, out->text)) {
			enc = 0;
			back = clean;
		} else {
			enc = encode_text(gpu_id, out->text, strlen(out->text), &back, NULL, 0);
		}
	}
	out->exact = enc == 0 && back == word;
	if (!st.nerrors && !out->exact) {
		/* say which bits the text cannot carry, unless a warning already did */
		uint64_t diff = enc == 0 ? back ^ word : ~0ull;
		int told = (st.codes >> GK_D_RESERVED_BITS & 1) ||
			   ((st.codes >> GK_D_DONTCARE_BITS & 1) && !(diff & ~out->dontcare));
		if (enc != 0)
			diag(&st, GK_WARNING, GK_D_SYNTAX, -1, -1, NULL,
			     "the text does not assemble back; the raw word is kept");
		else if (!told)
			diag(&st, GK_WARNING, GK_D_RESERVED_BITS, __builtin_ctzll(diff), 63 - __builtin_clzll(diff), NULL,
			     "the text does not show bits 0x%016" PRIx64 " (it assembles to 0x%016" PRIx64
			     "); the raw word is kept",
			     diff & word, back);
	}
	return 0;
}

/* strlen within an array a caller may have filled without a terminator */
static size_t bounded_len(const char *s, size_t cap)
{
	const char *z = memchr(s, 0, cap);
	return z ? (size_t)(z - s) : cap;
}

#ifndef IR3_LEGACY
int gk_ir3_decode(unsigned gpu_id, uint64_t word, struct gk_ir3_insn *out, struct gk_diags *dg)
{
	return gk_ir3_decode_with(gpu_id, word, out, dg, IR3_EXACT_PROVE_OR_REASSEMBLE);
}

size_t gk_ir3_line(const struct gk_ir3_insn *in, char *buf, size_t cap)
{
	int n;
	if (!buf || !cap)
		return 0;
	if (!in) {
		buf[0] = 0;
		return 0;
	}
	int tn = (int)bounded_len(in->text, sizeof in->text);
	if (cap > 2 * GK_IR3_TEXT_MAX) /* the line is shorter; snprintf may refuse sizes above INT_MAX */
		cap = 2 * GK_IR3_TEXT_MAX;
	if (in->exact) {
		/* the common line, without printf */
		size_t k = (size_t)tn < cap ? (size_t)tn : cap - 1;
		memcpy(buf, in->text, k);
		buf[k] = 0;
		return k;
	}
	if (in->name)
		n = snprintf(buf, cap, "[0x%08x_%08x] ; %.*s", (unsigned)(in->word >> 32), (unsigned)in->word, tn,
			     in->text);
	else
		n = snprintf(buf, cap, "[0x%08x_%08x]", (unsigned)(in->word >> 32), (unsigned)in->word);
	if (n < 0)
		return 0;
	return (size_t)n < cap ? (size_t)n : cap - 1;
}

#endif

size_t gk_ir3_label_text(unsigned gpu_id, const struct gk_ir3_insn *in, uint64_t index, char *buf, size_t cap)
{
#ifndef IR3_LEGACY
	if (gpu_id & GK_IR3_MESA_2025)
		return gk_ir3_2025_label_text(gpu_id & ~GK_IR3_MESA_2025, in, index, buf, cap);
#endif
	if (!buf || !cap)
		return 0;
	buf[0] = 0;
	if (!in || cap > GK_IR3_INPUT_MAX)
		return 0;
	size_t tn = bounded_len(in->text, sizeof in->text);
	if (!in->has_branch || !in->name) {
		size_t n = tn < cap ? tn : cap - 1;
		memcpy(buf, in->text, n);
		buf[n] = 0;
		return n;
	}
	/* rendered again, the branch field as a label (the same leaf and case:
	 * labels change no expression) */
	struct dstate st;
	dstate_init(&st, gpu_id, buf, cap, NULL, NULL);
	st.labels = 1;
	st.label_base = index;
	if (render(&st, in->word, NULL) < 0)
		buf[0] = 0;
	return strlen(buf);
}

size_t gk_ir3_encodings(unsigned gpu_id, struct gk_ir3_encoding *out, size_t cap)
{
#ifndef IR3_LEGACY
	if (gpu_id & GK_IR3_MESA_2025)
		return gk_ir3_2025_encodings(gpu_id & ~GK_IR3_MESA_2025, out, cap);
#endif
	if (!out && cap)
		return 0;
	const struct ir3_root *R = &gk_ir3_roots[gk_ir3_root_instruction];
	size_t n = 0;
	for (unsigned i = 0; i < R->nleaves; i++) {
		const struct ir3_bitset *B = &gk_ir3_bitsets[R->leaves[i]];
		if (gpu_id < B->gen_min || gpu_id > B->gen_max)
			continue;
		if (n < cap)
			out[n] = (struct gk_ir3_encoding){ B->name, B->gen_min, B->gen_max, B->match, B->mask, B->dontcare };
		n++;
	}
	return n;
}

#ifndef IR3_LEGACY
/* ---- JSON ---- */

/* s[0, n) after key[0, kl), as far as 127 characters go */
static size_t key_add(char *key, size_t kl, const char *s, size_t n)
{
	size_t k = 127 - kl < n ? 127 - kl : n;
	memcpy(key + kl, s, k);
	return kl + k;
}

size_t gk_ir3_json(const struct gk_ir3_insn *in, const struct gk_diags *dg, uint64_t offset, unsigned flags, char *buf,
		   size_t cap)
{
	if (!buf || !cap)
		return 0;
	if (!in) {
		buf[0] = 0;
		return 0;
	}
	struct gk_out j = gk_out_text(buf, cap);
	gk_out_str(&j, "{\"offset\":");
	gk_json_uint(&j, offset);
	gk_out_str(&j, ",\"engine\":\"ir3\",\"name\":");
	if (in->name)
		gk_out_json_str(&j, in->name, strlen(in->name));
	else
		gk_out_str(&j, "null");
	gk_out_str(&j, ",\"words\":[");
	gk_json_uint(&j, (uint32_t)in->word);
	gk_out_ch(&j, ',');
	gk_json_uint(&j, (uint32_t)(in->word >> 32));
	gk_out_str(&j, in->exact ? "],\"exact\":true,\"fields\":{" : "],\"exact\":false,\"fields\":{");
	/* a record filled by hand may claim more than it holds */
	unsigned nf = in->nfields < GK_IR3_MAX_FIELDS ? in->nfields : GK_IR3_MAX_FIELDS;
	unsigned nd = !dg ? 0 : dg->n < GK_MAX_DIAGS ? dg->n : GK_MAX_DIAGS;
	bool first = true;
	/* A record's key is PARENT.NAME; the same key again (each source's
	 * HALF, GPR...) gets @ and its low bit (or @ and its position).  The
	 * earlier records with the same key are found through a hash of each
	 * one's name and parent, in 64 chains, and the key is put together
	 * with memcpy: callgrind, decode --json of the bench's 100k a6xx
	 * words, the pairwise strcmp search and the gk_out/printf building of
	 * the keys were 900 M of 2,478 M instructions. */
	_Static_assert(GK_IR3_MAX_FIELDS <= 127, "record indexes in int8_t");
	int8_t head[64], next[GK_IR3_MAX_FIELDS];
	memset(head, -1, sizeof head);
	for (unsigned i = 0; i < nf; i++) {
		const struct gk_ir3_field *f = &in->fields[i];
		if (!f->name)
			continue;
		uint32_t h = 2166136261u; /* FNV-1a */
		size_t nl = 0, pl = 0;
		for (; f->name[nl]; nl++)
			h = (h ^ (unsigned char)f->name[nl]) * 16777619u;
		h = (h ^ (f->parent ? 0x100u : 0x200u)) * 16777619u;
		for (; f->parent && f->parent[pl]; pl++)
			h = (h ^ (unsigned char)f->parent[pl]) * 16777619u;
		bool again = false;
		for (int p = head[h & 63]; p >= 0 && !again; p = next[p]) {
			const struct gk_ir3_field *q = &in->fields[p];
			again = !strcmp(q->name, f->name) && (!q->parent) == (!f->parent) &&
				(!f->parent || !strcmp(q->parent, f->parent));
		}
		next[i] = head[h & 63];
		head[h & 63] = (int8_t)i;
		/* at most 127 characters, the first ones, as gk_out_text keeps */
		char key[128];
		size_t kl = 0;
		if (f->parent) {
			kl = key_add(key, kl, f->parent, pl);
			kl = key_add(key, kl, ".", 1);
		}
		kl = key_add(key, kl, f->name, nl);
		if (again) {
			char num[16];
			int v = f->lo >= 0 ? f->lo : (int)i;
			size_t d = sizeof num;
			do
				num[--d] = (char)('0' + v % 10);
			while ((v /= 10) > 0); /* lo and i are small and not negative */
			num[--d] = '@';
			kl = key_add(key, kl, num + d, sizeof num - d);
		}
		if (!first)
			gk_out_ch(&j, ',');
		first = false;
		gk_out_json_str(&j, key, kl);
		gk_out_ch(&j, ':');
		gk_json_uint(&j, f->value);
	}
	gk_out_str(&j, "},\"enums\":{}");
	/* the decoder does not know where the word was: the diagnostics are about offset */
	struct gk_diag d[GK_MAX_DIAGS];
	for (unsigned i = 0; i < nd; i++) {
		d[i] = dg->d[i];
		d[i].offset = offset;
	}
	gk_json_diags(d, nd, dg ? dg->dropped : 0, &j);
	if (flags & GK_JSON_TEXT) {
		char line[GK_IR3_TEXT_MAX + 32];
		size_t n = gk_ir3_line(in, line, sizeof line);
		gk_out_str(&j, ",\"text\":");
		gk_out_json_str(&j, line, n < sizeof line ? n : sizeof line - 1);
	}
	gk_out_str(&j, "}");
	gk_out_text_end(&j);
	return j.len; /* what fitted */
}
#endif
