/* A lexer and expression evaluator that behave like LLVM's MC assembler
 * (AsmLexer + AsmParser::parseExpression) on one line of AMDGPU assembly:
 * the tokens, literal forms, GNU operator precedence and error wording
 * llvm-mc 14 uses, so gfxkit accepts and rejects the same operand texts. */
#ifndef GK_AMDGPU_LEX_H
#define GK_AMDGPU_LEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gfxkit/amdgpu.h"

enum tk {
	TK_END,      /* end of line or a ';' / '//' comment */
	TK_INT,      /* integer that fits in 64 bits */
	TK_BIGNUM,   /* integer literal wider than 64 bits */
	TK_REAL,     /* floating-point literal: its IEEE double bits */
	TK_IDENT,    /* name (also "." and $name) */
	TK_STRING,   /* "..." */
	TK_ERROR,    /* the lexer could not read a token here */
	TK_LPAREN, TK_RPAREN, TK_COMMA, TK_EQ,
	TK_PLUS, TK_MINUS, TK_STAR, TK_SLASH, TK_PERCENT, TK_TILDE, TK_EXCL,
	TK_LSHIFT, TK_RSHIFT, TK_AMP, TK_AMPAMP, TK_PIPE, TK_PIPEPIPE, TK_CARET,
	TK_EQEQ, TK_NE, TK_LT, TK_LE, TK_GT, TK_GE, TK_LTGT,
	TK_AT, TK_HASH, TK_OTHER, /* other punctuation the expression grammar does not take */
};

struct tok {
	enum tk kind;
	size_t pos, len;  /* in the line */
	uint64_t value;   /* TK_INT, TK_REAL */
	size_t err_pos;   /* TK_ERROR: where the lexer gave up */
};

struct lexer {
	const char *s;
	size_t len;
	size_t pos;       /* next unread character */
	struct tok tok;   /* current token */
	const struct gk_amdgpu_syms *syms;
	struct gk_diag *err;
	bool failed;
};

void gk_lex_init(struct lexer *lx, const char *s, size_t len, size_t start, const struct gk_amdgpu_syms *syms,
		 struct gk_diag *err);
void gk_lex_next(struct lexer *lx);
/* token text equals word (case-sensitive / insensitive) */
bool gk_lex_is(const struct lexer *lx, const char *word);
bool gk_lex_is_nocase(const struct lexer *lx, const char *word);
/* Peek: the kind of the token after the current one. */
enum tk gk_lex_peek(const struct lexer *lx);
/* Record an error at pos (only the first one counts). */
void gk_lex_error(struct lexer *lx, size_t pos, const char *msg);
void gk_lex_errorf(struct lexer *lx, size_t pos, const char *fmt, const char *arg);

/* AsmParser::parseExpression + evaluateAsAbsolute.  Returns 0 and *absolute
 * (false: parsed, but no value: an undefined name, a division by zero);
 * -1 after a syntax error (recorded). */
int gk_lex_expr(struct lexer *lx, int64_t *v, bool *absolute);

/* Look a symbol up; NULL when not defined. */
const struct gk_amdgpu_sym *gk_lex_sym(const struct gk_amdgpu_syms *syms, const char *name, size_t n);

/* AMDGPUAsmParser::parseSendMsgOp at the current token (sendmsg.c) */
int gk_sm_parse_operand(const struct gk_amdgpu_gen *g, struct lexer *lx, uint16_t *value);

#endif
