/* The s_sendmsg operand (seed 003, "msg"): decode to llvm-mc's text, parse
 * the sendmsg(...) macro and absolute expressions, validate strictly (message
 * given by name) or by range only (given by number).  Everything about the
 * messages comes from the rows in sendmsg_tab.c. */
#include <stdio.h>
#include <string.h>

#include "gfxkit/amdgpu.h"

#include "lex.h"
#include "sendmsg_tab.h"

/* the library's generations are the table rows themselves */
static const struct gk_amdgpu_gen *row(const struct gk_amdgpu_gen *g)
{
	return g;
}

static bool word_in(const char *list, const char *w)
{
	size_t n = strlen(w);
	for (const char *p = list; p && *p;) {
		const char *e = strchr(p, ' ');
		size_t k = e ? (size_t)(e - p) : strlen(p);
		if (k == n && !strncmp(p, w, n))
			return true;
		p += k;
		while (*p == ' ')
			p++;
	}
	return false;
}

const struct gk_amdgpu_gen *gk_amdgpu_gen_find(const char *gpu)
{
	if (!gpu)
		return NULL;
	for (unsigned i = 0; i < gk_sm_ngens; i++)
		if (!strcmp(gk_sm_gens[i].name, gpu) || word_in(gk_sm_gens[i].gpus, gpu))
			return &gk_sm_gens[i];
	return NULL;
}

const char *gk_amdgpu_gen_name(const struct gk_amdgpu_gen *g)
{
	return g ? row(g)->name : NULL;
}

const char *gk_amdgpu_gpu_help(void)
{
	return "gfx6 gfx7 gfx8 gfx9 gfx10 gfx11 (and chip names: gfx1010, gfx1030, navi10, navi21, gfx1100, navi31, "
	       "gfx900, vega10, tonga, bonaire, tahiti, ...)";
}

/* ---- decode ---- */

static unsigned part(uint16_t v, unsigned lo, unsigned bits)
{
	return (v >> lo) & ((1u << bits) - 1);
}

void gk_sendmsg_decode(const struct gk_amdgpu_gen *g, uint16_t v, struct gk_sendmsg *m)
{
	if (!m)
		return;
	const struct gk_amdgpu_gen *r = row(g);
	memset(m, 0, sizeof *m);
	m->value = v;
	if (!r) {
		/* no generation: no part has a meaning; the number stands alone */
		m->unused = v;
		m->form = GK_SENDMSG_DECIMAL;
		return;
	}
	m->msg = (uint8_t)part(v, r->msg_lo, r->msg_bits);
	m->op = (uint8_t)part(v, r->op_lo, r->op_bits);
	m->stream = (uint8_t)part(v, r->stream_lo, r->stream_bits);
	m->unused = v & sm_unused_mask(r);
	const struct sm_msg *mm = &r->msg[m->msg];
	m->msg_name = mm->name;
	m->msg_ok = mm->name != NULL;
	if (mm->name && mm->ops) {
		m->shows_op = true;
		m->op_name = mm->ops->name[m->op];
		m->op_ok = (mm->valid_ops >> m->op) & 1;
		m->shows_stream = m->op_ok && ((mm->stream_ops >> m->op) & 1);
	} else {
		m->op_ok = m->op == 0;
	}
	m->stream_ok = m->shows_stream ? true : m->stream == 0;
	if (m->unused)
		m->form = GK_SENDMSG_DECIMAL; /* llvm prints names and drops the bits; the number keeps them */
	else if (m->msg_ok && m->op_ok && m->stream_ok)
		m->form = GK_SENDMSG_NAMED;
	else
		m->form = GK_SENDMSG_NUMBERS;
}

/* appends without printf: this is the hot path of disassembly */
struct sbuf {
	char b[GK_SENDMSG_TEXT_MAX];
	size_t n;
};

static void put_str(struct sbuf *s, const char *p)
{
	size_t k = strlen(p);
	if (k > sizeof s->b - 1 - s->n)
		k = sizeof s->b - 1 - s->n;
	memcpy(s->b + s->n, p, k);
	s->n += k;
}

static void put_dec(struct sbuf *s, unsigned v)
{
	char d[12];
	size_t k = 0;
	do
		d[k++] = (char)('0' + v % 10);
	while ((v /= 10) && k < sizeof d);
	while (k && s->n < sizeof s->b - 1)
		s->b[s->n++] = d[--k];
}

static size_t format_parts(const struct gk_sendmsg *m, char *buf, size_t cap)
{
	struct sbuf s;
	s.n = 0;
	switch (m->form) {
	case GK_SENDMSG_NAMED:
		put_str(&s, "sendmsg(");
		put_str(&s, m->msg_name);
		if (m->shows_op) {
			put_str(&s, ", ");
			put_str(&s, m->op_name);
		}
		if (m->shows_stream) {
			put_str(&s, ", ");
			put_dec(&s, m->stream);
		}
		put_str(&s, ")");
		break;
	case GK_SENDMSG_NUMBERS:
		put_str(&s, "sendmsg(");
		put_dec(&s, m->msg);
		put_str(&s, ", ");
		put_dec(&s, m->op);
		put_str(&s, ", ");
		put_dec(&s, m->stream);
		put_str(&s, ")");
		break;
	default:
		put_dec(&s, m->value);
		break;
	}
	if (cap && buf) {
		size_t k = s.n < cap ? s.n : cap - 1;
		memcpy(buf, s.b, k);
		buf[k] = 0;
	}
	return s.n;
}

size_t gk_sendmsg_format(const struct gk_amdgpu_gen *g, uint16_t value, char *buf, size_t cap)
{
	struct gk_sendmsg m;
	gk_sendmsg_decode(g, value, &m);
	return format_parts(&m, buf, cap);
}

/* ---- parse ---- */

/* A message name: this generation's id for it (*here set), else the id
 * another generation's row gives it (LLVM knows every name on every
 * generation and then says "invalid message id"); -1 when no row has it. */
static int msg_by_name(const struct gk_amdgpu_gen *r, const char *s, size_t n, bool *here)
{
	for (int pass = 0; pass < 2; pass++)
		for (unsigned gi = 0; gi < (pass ? gk_sm_ngens : 1); gi++) {
			const struct gk_amdgpu_gen *x = pass ? &gk_sm_gens[gi] : r;
			for (unsigned id = 0; id < x->nmsg; id++)
				if (x->msg[id].name && strlen(x->msg[id].name) == n && !memcmp(x->msg[id].name, s, n)) {
					*here = !pass;
					return (int)id;
				}
		}
	return -1;
}

/* The operation names looked up for message id: that message's own family,
 * or the generation's fallback (the GS names) for an id that has none. */
static const struct sm_opnames *opnames_for(const struct gk_amdgpu_gen *r, int64_t id)
{
	if (id >= 0 && id < (int64_t)r->nmsg && r->msg[id].name && r->msg[id].ops)
		return r->msg[id].ops;
	return r->fallback_ops;
}

static int find_op(const struct sm_opnames *ops, const char *s, size_t n)
{
	for (unsigned k = 0; ops && k < SM_NOP; k++)
		if (ops->name[k] && strlen(ops->name[k]) == n && !memcmp(ops->name[k], s, n))
			return (int)k;
	return -1;
}

/* An operation name for message id: from its family on this generation, else
 * from the same message's family on another generation (on GFX10,
 * SYSMSG_OP_HOST_TRAP_ACK is known but not valid). */
static int op_by_name(const struct gk_amdgpu_gen *r, int64_t id, const char *s, size_t n)
{
	int k = find_op(opnames_for(r, id), s, n);
	if (k >= 0 || id < 0 || id >= (int64_t)r->nmsg)
		return k;
	for (unsigned gi = 0; gi < gk_sm_ngens; gi++) {
		if (id >= (int64_t)gk_sm_gens[gi].nmsg)
			continue;
		const struct sm_msg *m = &gk_sm_gens[gi].msg[id];
		if (m->name && r->msg[id].name && !strcmp(m->name, r->msg[id].name) && m->ops &&
		    (k = find_op(m->ops, s, n)) >= 0)
			return k;
	}
	return -1;
}

struct part {
	int64_t id;
	size_t loc;
	bool defined, symbolic;
	bool here; /* symbolic: the name is this generation's */
};

/* parseExpr(): an absolute expression, or "expected WHAT or an absolute expression" */
static int expr_part(struct lexer *lx, int64_t *v, const char *what)
{
	size_t start = lx->tok.pos;
	bool abs;
	if (gk_lex_expr(lx, v, &abs))
		return -1;
	if (!abs) {
		if (what)
			gk_lex_errorf(lx, start, "expected %s or an absolute expression", what);
		else
			gk_lex_error(lx, start, "expected absolute expression");
		return -1;
	}
	return 0;
}

static bool in_range(int64_t v, unsigned bits)
{
	return v >= 0 && v < (int64_t)(1u << bits);
}

/* AMDGPUAsmParser::validateSendMsg, walking the generation's row */
static int validate(const struct gk_amdgpu_gen *r, struct lexer *lx, const struct part *msg, const struct part *op,
		    const struct part *stream)
{
	bool strict = msg->symbolic;
	const struct sm_msg *m = NULL;
	if (strict) {
		if (msg->here)
			m = &r->msg[msg->id];
		if (!m) {
			gk_lex_error(lx, msg->loc, "invalid message id");
			return -1;
		}
		if ((m->ops != NULL) != op->defined) {
			if (op->defined)
				gk_lex_error(lx, op->loc, "message does not support operations");
			else
				gk_lex_error(lx, msg->loc, "missing message operation");
			return -1;
		}
		bool op_ok = m->ops ? (op->id >= 0 && op->id < (int64_t)SM_NOP && ((m->valid_ops >> op->id) & 1))
				    : op->id == 0;
		if (!op_ok) {
			gk_lex_error(lx, op->loc, "invalid operation id");
			return -1;
		}
		bool streams = m->ops && ((m->stream_ops >> op->id) & 1);
		if (!streams && stream->defined) {
			gk_lex_error(lx, stream->loc, "message operation does not support streams");
			return -1;
		}
		bool st_ok = streams ? in_range(stream->id, r->stream_bits) : stream->id == 0;
		if (!st_ok) {
			gk_lex_error(lx, stream->loc, "invalid message stream id");
			return -1;
		}
		return 0;
	}
	if (!in_range(msg->id, r->msg_bits)) {
		gk_lex_error(lx, msg->loc, "invalid message id");
		return -1;
	}
	if (!in_range(op->id, r->op_bits)) {
		gk_lex_error(lx, op->loc, "invalid operation id");
		return -1;
	}
	if (!in_range(stream->id, r->stream_bits)) {
		gk_lex_error(lx, stream->loc, "invalid message stream id");
		return -1;
	}
	return 0;
}

/* One part of sendmsg(...): by name when the token is an identifier the
 * part has a name for (id >= 0, from msg_by_name / op_by_name; -1: none),
 * else an absolute expression (what: the names it could have been). */
static int named_part(struct lexer *lx, struct part *p, int id, const char *what)
{
	p->defined = true;
	p->loc = lx->tok.pos;
	if (id >= 0) {
		p->id = id;
		p->symbolic = true;
		gk_lex_next(lx);
		return 0;
	}
	return expr_part(lx, &p->id, what);
}

/* sendmsg( already eaten: <type> [, <op> [, <stream>]] ) */
static int sendmsg_body(const struct gk_amdgpu_gen *r, struct lexer *lx, uint16_t *value)
{
	struct part msg = { 0, 0, false, false, false }, op = msg, stream = msg;
	bool ident = lx->tok.kind == TK_IDENT;
	if (named_part(lx, &msg, ident ? msg_by_name(r, lx->s + lx->tok.pos, lx->tok.len, &msg.here) : -1,
		       "a message name"))
		return -1;
	if (lx->tok.kind == TK_COMMA) {
		gk_lex_next(lx);
		ident = lx->tok.kind == TK_IDENT;
		if (named_part(lx, &op, ident ? op_by_name(r, msg.id, lx->s + lx->tok.pos, lx->tok.len) : -1,
			       "an operation name"))
			return -1;
		if (lx->tok.kind == TK_COMMA) {
			gk_lex_next(lx);
			if (named_part(lx, &stream, -1, NULL))
				return -1;
		}
	}
	if (lx->tok.kind != TK_RPAREN) {
		gk_lex_error(lx, lx->tok.pos, "expected a closing parenthesis");
		return -1;
	}
	gk_lex_next(lx);
	if (validate(r, lx, &msg, &op, &stream))
		return -1;
	*value = (uint16_t)(msg.id << r->msg_lo | op.id << r->op_lo | stream.id << r->stream_lo);
	return 0;
}

/* AMDGPUAsmParser::parseSendMsgOp on the lexer's current token */
int gk_sm_parse_operand(const struct gk_amdgpu_gen *g, struct lexer *lx, uint16_t *value)
{
	if (gk_lex_is(lx, "sendmsg") && gk_lex_peek(lx) == TK_LPAREN) {
		gk_lex_next(lx);
		gk_lex_next(lx);
		return sendmsg_body(row(g), lx, value);
	}
	size_t start = lx->tok.pos;
	int64_t v;
	if (expr_part(lx, &v, "a sendmsg macro"))
		return -1;
	if (v < 0 || v > 0xffff) {
		gk_lex_error(lx, start, "invalid immediate: only 16-bit values are legal");
		return -1;
	}
	*value = (uint16_t)v;
	return 0;
}

/* A syntax error at column start + 1 (err may be NULL). */
static void arg_error(struct gk_diag *err, size_t start, const char *msg)
{
	if (!err)
		return;
	*err = (struct gk_diag){ .severity = GK_ERROR, .code = GK_D_SYNTAX, .dw = -1, .lo = -1, .hi = -1,
				 .col = start < UINT32_MAX ? (uint32_t)start + 1 : UINT32_MAX };
	snprintf(err->message, sizeof err->message, "%s", msg);
}

/* Arguments no text can be parsed from: no line, or a start past its end.
 * The line ends at *len or at a NUL, whichever comes first (*len is cut). */
static int bad_args(const char *line, size_t *len, size_t start, size_t *end, struct gk_diag *err)
{
	if (line) {
		const char *z = memchr(line, 0, *len);
		if (z)
			*len = (size_t)(z - line);
	}
	if (line && start <= *len)
		return 0;
	if (end)
		*end = start;
	arg_error(err, start, line ? "start is past the end of the line" : "no line");
	return 1;
}

int gk_sendmsg_parse(const struct gk_amdgpu_gen *g, const struct gk_amdgpu_syms *syms, const char *line, size_t len,
		     size_t start, size_t *end, uint16_t *value, struct gk_diag *err)
{
	struct lexer lx;
	if (bad_args(line, &len, start, end, err) || !g || !value) {
		if (!g || !value)
			arg_error(err, start, !g ? "unknown generation" : "no place for the value");
		return -1;
	}
	gk_lex_init(&lx, line, len, start, syms, err);
	int rc = gk_sm_parse_operand(g, &lx, value);
	if (end)
		*end = lx.tok.pos;
	return rc;
}

int gk_amdgpu_expr(const struct gk_amdgpu_syms *syms, const char *line, size_t len, size_t start, size_t *end,
		   int64_t *value, struct gk_diag *err)
{
	struct lexer lx;
	if (bad_args(line, &len, start, end, err))
		return -1;
	int64_t dummy;
	if (!value)
		value = &dummy;
	gk_lex_init(&lx, line, len, start, syms, err);
	int rc = expr_part(&lx, value, NULL);
	if (end)
		*end = lx.tok.pos;
	return rc;
}
