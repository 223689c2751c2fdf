/* One line of AMDGPU assembly, tokenized and its expressions evaluated the
 * way LLVM's MC layer does it (llvm-mc 14, checked by tests/vectors/
 * sendmsg_gfx10_text.txt): literal forms, GNU operator precedence, 64-bit
 * wrapping arithmetic, comparisons giving -1 for true, logical '>>'. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lex.h"

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool is_alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool is_ident_char(char c)
{
	return is_alpha(c) || is_digit(c) || c == '_' || c == '$' || c == '.' || c == '@' || c == '?';
}

static int hex_digit(char c)
{
	if (is_digit(c))
		return c - '0';
	if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
		return (c | 0x20) - 'a' + 10;
	return -1;
}

void gk_lex_error(struct lexer *lx, size_t pos, const char *msg)
{
	if (lx->failed)
		return;
	lx->failed = true;
	if (!lx->err)
		return;
	memset(lx->err, 0, sizeof *lx->err);
	lx->err->severity = GK_ERROR;
	lx->err->code = GK_D_SYNTAX;
	lx->err->dw = -1;
	lx->err->lo = lx->err->hi = -1;
	lx->err->col = (uint32_t)pos + 1;
	snprintf(lx->err->message, sizeof lx->err->message, "%s", msg);
}

void gk_lex_errorf(struct lexer *lx, size_t pos, const char *fmt, const char *arg)
{
	char buf[160];
	snprintf(buf, sizeof buf, fmt, arg);
	gk_lex_error(lx, pos, buf);
}

static char at(const struct lexer *lx, size_t p)
{
	return p < lx->len ? lx->s[p] : 0;
}

/* value = value * base + d, noting when it no longer fits in 64 bits */
static void acc(uint64_t *v, bool *big, unsigned base, unsigned d)
{
	if (*v > (UINT64_MAX - d) / base)
		*big = true;
	*v = *v * base + d;
}

/* "U", "L", "UL", "LL", "ULL" after an integer are skipped (LLVM does) */
static size_t skip_int_suffix(const struct lexer *lx, size_t p)
{
	if (at(lx, p) == 'U')
		p++;
	if (at(lx, p) == 'L')
		p++;
	if (at(lx, p) == 'L')
		p++;
	return p;
}

static uint64_t real_bits(const char *s, size_t n)
{
	char buf[128];
	if (n >= sizeof buf)
		n = sizeof buf - 1;
	memcpy(buf, s, n);
	buf[n] = 0;
	double d = strtod(buf, NULL);
	uint64_t b;
	memcpy(&b, &d, sizeof b);
	return b;
}

static void set_error_tok(struct tok *t, size_t err_pos)
{
	t->kind = TK_ERROR;
	t->err_pos = err_pos;
}

/* [digits] "." or "e" already decided: the rest of a decimal float */
static void lex_float(struct lexer *lx, struct tok *t, size_t p)
{
	while (is_digit(at(lx, p)))
		p++;
	if (at(lx, p) == '-' || at(lx, p) == '+') {
		set_error_tok(t, p); /* LLVM: "invalid sign in float literal" */
		t->len = p - t->pos;
		lx->pos = p;
		return;
	}
	if (at(lx, p) == 'e' || at(lx, p) == 'E') {
		p++;
		if (at(lx, p) == '-' || at(lx, p) == '+')
			p++;
		while (is_digit(at(lx, p)))
			p++;
	}
	t->kind = TK_REAL;
	t->len = p - t->pos;
	t->value = real_bits(lx->s + t->pos, t->len);
	lx->pos = p;
}

/* AsmLexer::LexDigit without the MASM/HLASM forms */
static void lex_digit(struct lexer *lx, struct tok *t)
{
	size_t start = t->pos, p = start + 1;
	uint64_t v = 0;
	bool big = false;
	if (lx->s[start] != '0' || at(lx, p) == '.') {
		while (is_digit(at(lx, p)))
			p++;
		if (at(lx, p) == '.' || at(lx, p) == 'e' || at(lx, p) == 'E') {
			lex_float(lx, t, at(lx, p) == '.' ? p + 1 : p);
			return;
		}
		for (size_t i = start; i < p; i++)
			acc(&v, &big, 10, (unsigned)(lx->s[i] - '0'));
	} else if (at(lx, p) == 'b' || at(lx, p) == 'B') {
		if (!is_digit(at(lx, p + 1))) {
			/* "0" then "b": a directional label reference such as "0b" */
		} else {
			p++;
			size_t d0 = p;
			while (at(lx, p) == '0' || at(lx, p) == '1')
				acc(&v, &big, 2, (unsigned)(lx->s[p++] - '0'));
			if (p == d0) {
				set_error_tok(t, start); /* "invalid binary number" */
				t->len = p - start;
				lx->pos = p;
				return;
			}
		}
	} else if (at(lx, p) == 'x' || at(lx, p) == 'X') {
		p++;
		size_t d0 = p;
		while (hex_digit(at(lx, p)) >= 0)
			acc(&v, &big, 16, (unsigned)hex_digit(lx->s[p++]));
		if (at(lx, p) == '.' || at(lx, p) == 'p' || at(lx, p) == 'P') {
			/* hexadecimal float: 0x1.8p3 */
			bool digits = p > d0;
			if (at(lx, p) == '.') {
				p++;
				while (hex_digit(at(lx, p)) >= 0) {
					p++;
					digits = true;
				}
			}
			if (!digits || (at(lx, p) != 'p' && at(lx, p) != 'P')) {
				set_error_tok(t, start);
				t->len = p - start;
				lx->pos = p;
				return;
			}
			p++;
			if (at(lx, p) == '+' || at(lx, p) == '-')
				p++;
			size_t e0 = p;
			while (is_digit(at(lx, p)))
				p++;
			if (p == e0) {
				set_error_tok(t, start);
				t->len = p - start;
				lx->pos = p;
				return;
			}
			t->kind = TK_REAL;
			t->len = p - start;
			t->value = real_bits(lx->s + start, t->len);
			lx->pos = p;
			return;
		}
		if (p == d0) {
			set_error_tok(t, start); /* "invalid hexadecimal number" */
			t->len = p - start;
			lx->pos = p;
			return;
		}
	} else {
		/* a leading 0: octal */
		bool bad = false;
		while (is_digit(at(lx, p))) {
			unsigned d = (unsigned)(lx->s[p++] - '0');
			if (d > 7)
				bad = true;
			acc(&v, &big, 8, d & 7);
		}
		if (bad) {
			set_error_tok(t, start); /* "invalid octal number" */
			t->len = p - start;
			lx->pos = p;
			return;
		}
	}
	p = skip_int_suffix(lx, p);
	t->kind = big ? TK_BIGNUM : TK_INT;
	t->value = v;
	t->len = p - start;
	lx->pos = p;
}

static void lex_quote(struct lexer *lx, struct tok *t)
{
	size_t p = t->pos + 1;
	char c = at(lx, p);
	if (p >= lx->len) {
		set_error_tok(t, t->pos); /* "unterminated single quote" */
		t->len = p - t->pos;
		lx->pos = p;
		return;
	}
	int64_t v = (signed char)c;
	if (c == '\\') {
		p++;
		if (p >= lx->len) {
			set_error_tok(t, t->pos);
			t->len = p - t->pos;
			lx->pos = p;
			return;
		}
		char e = lx->s[p];
		v = e == 't' ? '\t' : e == 'n' ? '\n' : e == 'b' ? '\b' : (signed char)e;
	}
	p++;
	if (at(lx, p) != '\'' || p >= lx->len) {
		set_error_tok(t, t->pos); /* "single quote way too long" */
		t->len = p - t->pos;
		lx->pos = p;
		return;
	}
	p++;
	t->kind = TK_INT;
	t->value = (uint64_t)v;
	t->len = p - t->pos;
	lx->pos = p;
}

static void lex_one(struct lexer *lx, struct tok *t)
{
	size_t p = lx->pos;
	for (;;) {
		while (p < lx->len && (lx->s[p] == ' ' || lx->s[p] == '\t' || lx->s[p] == '\r' || lx->s[p] == '\f' ||
				       lx->s[p] == '\v'))
			p++;
		if (at(lx, p) == '/' && at(lx, p + 1) == '*' && p + 1 < lx->len) {
			size_t q = p + 2;
			while (q + 1 < lx->len && !(lx->s[q] == '*' && lx->s[q + 1] == '/'))
				q++;
			if (q + 1 >= lx->len) {
				memset(t, 0, sizeof *t);
				t->pos = p;
				set_error_tok(t, p); /* "unterminated comment" */
				t->len = lx->len - p;
				lx->pos = lx->len;
				return;
			}
			p = q + 2;
			continue;
		}
		break;
	}
	memset(t, 0, sizeof *t);
	t->pos = p;
	lx->pos = p;
	if (p >= lx->len || lx->s[p] == ';' || lx->s[p] == '\n' || (lx->s[p] == '/' && at(lx, p + 1) == '/' && p + 1 < lx->len)) {
		t->kind = TK_END;
		return;
	}
	char c = lx->s[p], d = at(lx, p + 1);
	bool has_d = p + 1 < lx->len;
	if (is_digit(c)) {
		lex_digit(lx, t);
		return;
	}
	if (c == '.' && has_d && is_digit(d)) {
		/* ".5": a float unless it runs on into a name */
		size_t q = p + 1;
		while (is_digit(at(lx, q)))
			q++;
		if (!is_ident_char(at(lx, q)) || at(lx, q) == 'e' || at(lx, q) == 'E') {
			lex_float(lx, t, p + 1);
			return;
		}
	}
	if (is_alpha(c) || c == '_' || c == '.' || (c == '$' && has_d && is_ident_char(d))) {
		size_t q = p + 1;
		while (q < lx->len && is_ident_char(lx->s[q]))
			q++;
		t->kind = TK_IDENT;
		t->len = q - p;
		lx->pos = q;
		return;
	}
	if (c == '"') {
		size_t q = p + 1;
		while (q < lx->len && lx->s[q] != '"') {
			if (lx->s[q] == '\\' && q + 1 < lx->len)
				q++;
			q++;
		}
		if (q >= lx->len) {
			set_error_tok(t, p); /* "unterminated string constant" */
			t->len = q - p;
			lx->pos = q;
			return;
		}
		t->kind = TK_STRING;
		t->len = q + 1 - p;
		lx->pos = q + 1;
		return;
	}
	if (c == '\'') {
		lex_quote(lx, t);
		return;
	}
	/* punctuation: the two-character operators first (LLVM's AsmLexer) */
	static const struct {
		char c, d;
		enum tk k;
	} two[] = { { '=', '=', TK_EQEQ },   { '!', '=', TK_NE },     { '&', '&', TK_AMPAMP }, { '|', '|', TK_PIPEPIPE },
		    { '<', '<', TK_LSHIFT }, { '<', '=', TK_LE },     { '<', '>', TK_LTGT },   { '>', '>', TK_RSHIFT },
		    { '>', '=', TK_GE } };
	/* 0 (TK_END): not a token; the characters expressions do not take are TK_OTHER */
	static const unsigned char one[128] = {
		['('] = TK_LPAREN, [')'] = TK_RPAREN, [','] = TK_COMMA,   ['+'] = TK_PLUS,  ['-'] = TK_MINUS,
		['*'] = TK_STAR,   ['/'] = TK_SLASH,  ['%'] = TK_PERCENT, ['~'] = TK_TILDE, ['^'] = TK_CARET,
		['@'] = TK_AT,     ['#'] = TK_HASH,   ['='] = TK_EQ,      ['!'] = TK_EXCL,  ['&'] = TK_AMP,
		['|'] = TK_PIPE,   ['<'] = TK_LT,     ['>'] = TK_GT,      ['['] = TK_OTHER, [']'] = TK_OTHER,
		['{'] = TK_OTHER,  ['}'] = TK_OTHER,  [':'] = TK_OTHER,   ['\\'] = TK_OTHER, ['$'] = TK_OTHER,
	};
	enum tk k = (unsigned char)c < 128 ? (enum tk)one[(unsigned char)c] : TK_END;
	size_t n = 1;
	for (size_t i = 0; has_d && i < sizeof two / sizeof two[0]; i++)
		if (two[i].c == c && two[i].d == d) {
			k = two[i].k;
			n = 2;
			break;
		}
	if (k == TK_END) {
		set_error_tok(t, p); /* "invalid character in input" */
		t->len = 1;
		lx->pos = p + 1;
		return;
	}
	t->kind = k;
	t->len = n;
	lx->pos = p + n;
}

void gk_lex_next(struct lexer *lx)
{
	lex_one(lx, &lx->tok);
}

enum tk gk_lex_peek(const struct lexer *lx)
{
	struct lexer copy = *lx;
	copy.err = NULL;
	struct tok t;
	lex_one(&copy, &t);
	return t.kind;
}

void gk_lex_init(struct lexer *lx, const char *s, size_t len, size_t start, const struct gk_amdgpu_syms *syms,
		 struct gk_diag *err)
{
	*lx = (struct lexer){ .s = s, .len = len, .pos = start, .syms = syms, .err = err };
	gk_lex_next(lx);
}

bool gk_lex_is(const struct lexer *lx, const char *word)
{
	size_t n = strlen(word);
	return lx->tok.kind == TK_IDENT && lx->tok.len == n && !memcmp(lx->s + lx->tok.pos, word, n);
}

bool gk_lex_is_nocase(const struct lexer *lx, const char *word)
{
	size_t n = strlen(word);
	if (lx->tok.kind != TK_IDENT || lx->tok.len != n)
		return false;
	for (size_t i = 0; i < n; i++) {
		char c = lx->s[lx->tok.pos + i];
		if (c >= 'A' && c <= 'Z')
			c = (char)(c + 32);
		if (c != word[i])
			return false;
	}
	return true;
}

const struct gk_amdgpu_sym *gk_lex_sym(const struct gk_amdgpu_syms *syms, const char *name, size_t n)
{
	if (!syms || n >= GK_AMDGPU_SYM_LEN)
		return NULL;
	/* a count beyond the array (a caller's table) reads no further than it */
	for (unsigned i = syms->n < GK_AMDGPU_MAX_SYMS ? syms->n : GK_AMDGPU_MAX_SYMS; i-- > 0;)
		if (!strncmp(syms->s[i].name, name, n) && syms->s[i].name[n] == 0)
			return &syms->s[i];
	return NULL;
}

/* ---- expressions: AsmParser::parsePrimaryExpr / parseBinOpRHS ---- */

enum op { OP_NONE, OP_LOR, OP_LAND, OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE, OP_ADD, OP_SUB, OP_OR, OP_ORNOT,
	  OP_XOR, OP_AND, OP_MUL, OP_DIV, OP_MOD, OP_SHL, OP_SHR };

/* GNU as precedence, as LLVM's AsmParser has it: + and - bind less tightly
 * than | & ^ (so 4|4+4 is 8) */
static unsigned binop(enum tk k, enum op *o)
{
	switch (k) {
	case TK_PIPEPIPE: *o = OP_LOR; return 1;
	case TK_AMPAMP: *o = OP_LAND; return 2;
	case TK_EQEQ: *o = OP_EQ; return 3;
	case TK_NE: case TK_LTGT: *o = OP_NE; return 3;
	case TK_LT: *o = OP_LT; return 3;
	case TK_LE: *o = OP_LE; return 3;
	case TK_GT: *o = OP_GT; return 3;
	case TK_GE: *o = OP_GE; return 3;
	case TK_PLUS: *o = OP_ADD; return 4;
	case TK_MINUS: *o = OP_SUB; return 4;
	case TK_PIPE: *o = OP_OR; return 5;
	case TK_EXCL: *o = OP_ORNOT; return 5;
	case TK_CARET: *o = OP_XOR; return 5;
	case TK_AMP: *o = OP_AND; return 5;
	case TK_STAR: *o = OP_MUL; return 6;
	case TK_SLASH: *o = OP_DIV; return 6;
	case TK_PERCENT: *o = OP_MOD; return 6;
	case TK_LSHIFT: *o = OP_SHL; return 6;
	case TK_RSHIFT: *o = OP_SHR; return 6;
	default: *o = OP_NONE; return 0;
	}
}

struct val {
	int64_t v;
	bool abs;
};

static int64_t wrap(uint64_t u)
{
	int64_t r;
	memcpy(&r, &u, sizeof r);
	return r;
}

static struct val apply(enum op o, struct val a, struct val b)
{
	struct val r = { 0, a.abs && b.abs };
	uint64_t x = (uint64_t)a.v, y = (uint64_t)b.v;
	switch (o) {
	case OP_LOR: r.v = (a.v || b.v); break;
	case OP_LAND: r.v = (a.v && b.v); break;
	case OP_EQ: r.v = a.v == b.v ? -1 : 0; break; /* comparisons: -1 for true */
	case OP_NE: r.v = a.v != b.v ? -1 : 0; break;
	case OP_LT: r.v = a.v < b.v ? -1 : 0; break;
	case OP_LE: r.v = a.v <= b.v ? -1 : 0; break;
	case OP_GT: r.v = a.v > b.v ? -1 : 0; break;
	case OP_GE: r.v = a.v >= b.v ? -1 : 0; break;
	case OP_ADD: r.v = wrap(x + y); break;
	case OP_SUB: r.v = wrap(x - y); break;
	case OP_OR: r.v = wrap(x | y); break;
	case OP_ORNOT: r.v = wrap(x | ~y); break;
	case OP_XOR: r.v = wrap(x ^ y); break;
	case OP_AND: r.v = wrap(x & y); break;
	case OP_MUL: r.v = wrap(x * y); break;
	case OP_DIV:
	case OP_MOD:
		if (b.v == 0) {
			r.abs = false; /* LLVM: not an absolute expression */
		} else if (b.v == -1) {
			/* INT64_MIN / -1 would trap (llvm-mc 14 crashes); it wraps here */
			r.v = o == OP_DIV ? wrap(0 - x) : 0;
		} else {
			r.v = o == OP_DIV ? a.v / b.v : a.v % b.v;
		}
		break;
	case OP_SHL: r.v = wrap(x << (y & 63)); break; /* x86 shift counts, as llvm-mc on x86 */
	case OP_SHR: r.v = wrap(x >> (y & 63)); break; /* AMDGPU: logical shift right */
	case OP_NONE: break;
	}
	return r;
}

static int primary(struct lexer *lx, struct val *out, unsigned depth);

static int binop_rhs(struct lexer *lx, unsigned prec, struct val *res, unsigned depth)
{
	for (;;) {
		enum op o;
		unsigned tp = binop(lx->tok.kind, &o);
		if (tp < prec || tp == 0)
			return 0;
		gk_lex_next(lx);
		struct val rhs;
		if (primary(lx, &rhs, depth))
			return -1;
		enum op dummy;
		unsigned np = binop(lx->tok.kind, &dummy);
		if (tp < np && binop_rhs(lx, tp + 1, &rhs, depth))
			return -1;
		*res = apply(o, *res, rhs);
	}
}

static int expr_depth(struct lexer *lx, struct val *out, unsigned depth)
{
	if (primary(lx, out, depth))
		return -1;
	return binop_rhs(lx, 1, out, depth);
}

#define MAX_DEPTH 200 /* nesting bound: bad input must not exhaust the stack */

static int primary(struct lexer *lx, struct val *out, unsigned depth)
{
	struct tok t = lx->tok;
	out->v = 0;
	out->abs = true;
	if (depth > MAX_DEPTH) {
		gk_lex_error(lx, t.pos, "expression nested too deeply");
		return -1;
	}
	switch (t.kind) {
	case TK_ERROR:
		gk_lex_error(lx, t.err_pos, "failed parsing operand.");
		return -1;
	case TK_INT:
	case TK_REAL:
		out->v = wrap(t.value);
		gk_lex_next(lx);
		/* "1f" / "1b": a directional local label, never absolute here */
		if (t.kind == TK_INT && lx->tok.kind == TK_IDENT && lx->tok.len == 1 &&
		    (lx->s[lx->tok.pos] == 'b' || lx->s[lx->tok.pos] == 'f')) {
			if (lx->s[lx->tok.pos] == 'b') {
				gk_lex_error(lx, t.pos, "directional label undefined");
				return -1;
			}
			out->abs = false;
			gk_lex_next(lx);
		}
		return 0;
	case TK_BIGNUM:
		gk_lex_error(lx, t.pos, "literal value out of range for directive");
		return -1;
	case TK_IDENT: {
		const struct gk_amdgpu_sym *s = gk_lex_sym(lx->syms, lx->s + t.pos, t.len);
		if (s && s->absolute)
			out->v = s->value;
		else
			out->abs = false;
		gk_lex_next(lx);
		return 0;
	}
	case TK_STRING:
		out->abs = false;
		gk_lex_next(lx);
		return 0;
	case TK_LPAREN:
		gk_lex_next(lx);
		if (expr_depth(lx, out, depth + 1))
			return -1;
		if (lx->tok.kind != TK_RPAREN) {
			gk_lex_error(lx, lx->tok.pos, "expected ')'");
			return -1;
		}
		gk_lex_next(lx);
		return 0;
	case TK_MINUS:
	case TK_PLUS:
	case TK_TILDE:
	case TK_EXCL:
		gk_lex_next(lx);
		if (primary(lx, out, depth + 1))
			return -1;
		if (t.kind == TK_MINUS)
			out->v = wrap(0 - (uint64_t)out->v);
		else if (t.kind == TK_TILDE)
			out->v = wrap(~(uint64_t)out->v);
		else if (t.kind == TK_EXCL)
			out->v = !out->v;
		return 0;
	case TK_AT:
		gk_lex_error(lx, t.pos, "expected a symbol reference");
		return -1;
	case TK_STAR:
		gk_lex_error(lx, t.pos, "invalid token in expression");
		return -1;
	default:
		if (t.kind == TK_OTHER && lx->s[t.pos] == '$') {
			gk_lex_error(lx, t.pos, "invalid token in expression");
			return -1;
		}
		gk_lex_error(lx, t.pos, "unknown token in expression");
		return -1;
	}
}

int gk_lex_expr(struct lexer *lx, int64_t *v, bool *absolute)
{
	struct val r;
	if (expr_depth(lx, &r, 0))
		return -1;
	*v = r.v;
	*absolute = r.abs;
	return 0;
}
