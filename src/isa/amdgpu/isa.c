/* `-e isa` for AMDGPU: SOPP words s_sendmsg / s_sendmsghalt (seed 003 for the
 * operand; SOPP: word = 0xBF800000 | op << 16 | simm16, the opcodes from the
 * generation's row) decoded to llvm-mc's
 * text, checked, printed as JSON, and assembled back; every other word is
 * ".long 0x........" so nothing is lost. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/amdgpu.h"

#include "asm_sink.h" /* src/core */
#include "out.h"
#include "lex.h"
#include "sendmsg_tab.h"

/* SOPP: bits 31:23 fixed, 22:16 opcode, 15:0 simm16 */
#define SOPP_MASK 0xff800000u
#define SOPP_BITS 0xbf800000u
#define SOPP_OP_LO 16
#define SOPP_OP_HI 22

void gk_amdgpu_decode(const struct gk_amdgpu_gen *g, uint32_t word, uint64_t offset, struct gk_amdgpu_insn *in)
{
	if (!in)
		return;
	memset(in, 0, sizeof *in);
	in->offset = offset;
	in->word = word;
	if (!g || (word & SOPP_MASK) != SOPP_BITS)
		return;
	unsigned op = (word >> SOPP_OP_LO) & ((1u << (SOPP_OP_HI - SOPP_OP_LO + 1)) - 1);
	if (op == g->sopp_sendmsg)
		in->name = "s_sendmsg";
	else if (op == g->sopp_sendmsghalt)
		in->name = "s_sendmsghalt";
	else
		return;
	gk_sendmsg_decode(g, (uint16_t)word, &in->msg);
}

static size_t append(char *buf, size_t cap, size_t at, const char *s, size_t n)
{
	if (!cap || at >= cap - 1)
		return at;
	if (n > cap - 1 - at)
		n = cap - 1 - at;
	memcpy(buf + at, s, n);
	buf[at + n] = 0;
	return at + n;
}

static size_t append_hex(char *buf, size_t cap, size_t at, uint64_t v, unsigned digits)
{
	char h[2 + 16];
	h[0] = '0';
	h[1] = 'x';
	for (unsigned i = 0; i < digits; i++)
		h[2 + i] = "0123456789abcdef"[(v >> (4 * (digits - 1 - i))) & 15];
	return append(buf, cap, at, h, 2 + digits);
}

size_t gk_amdgpu_text(const struct gk_amdgpu_gen *g, const struct gk_amdgpu_insn *in, char *buf, size_t cap)
{
	if (!buf)
		cap = 0;
	if (cap)
		buf[0] = 0;
	if (!in)
		return 0;
	if (!in->name)
		return append_hex(buf, cap, append(buf, cap, 0, ".long ", 6), in->word, 8);
	char op[GK_SENDMSG_TEXT_MAX];
	size_t n = gk_sendmsg_format(g, in->msg.value, op, sizeof op);
	size_t at = append(buf, cap, 0, in->name, strlen(in->name));
	at = append(buf, cap, at, " ", 1);
	return append(buf, cap, at, op, n);
}

/* "0x00000010: s_sendmsg ..." */
static size_t line_text(const struct gk_amdgpu_gen *g, const struct gk_amdgpu_insn *in, char *buf, size_t cap)
{
	unsigned digits = 8;
	while (digits < 16 && (in->offset >> (4 * digits)))
		digits++;
	size_t at = append(buf, cap, append_hex(buf, cap, 0, in->offset, digits), ": ", 2);
	return at + gk_amdgpu_text(g, in, buf + at, cap > at ? cap - at : 0);
}

/* "    ; error: s_sendmsg: dw0[6:4]: message" as gk_text_diags prints it,
 * without printf (most immediates carry an unused-bits warning) */
static void text_diags(const struct gk_diags *dg, struct gk_out *o)
{
	for (unsigned i = 0; i < dg->n && i < GK_MAX_DIAGS; i++) {
		const struct gk_diag *d = &dg->d[i];
		char b[16];
		gk_out_str(o, d->severity == GK_ERROR ? "    ; error: " : "    ; warning: ");
		gk_out_str(o, d->packet ? d->packet : "-");
		gk_out_str(o, ": dw0[");
		size_t k = 0;
		if (d->hi >= 10)
			b[k++] = (char)('0' + d->hi / 10);
		b[k++] = (char)('0' + d->hi % 10);
		b[k++] = ':';
		if (d->lo >= 10)
			b[k++] = (char)('0' + d->lo / 10);
		b[k++] = (char)('0' + d->lo % 10);
		b[k++] = ']';
		b[k++] = ':';
		b[k++] = ' ';
		gk_out_put(o, b, k);
		gk_out_mem(o, d->message, gk_diag_message_len(d));
		gk_out_ch(o, '\n');
	}
	if (dg->dropped)
		gk_text_diags(&(struct gk_diags){ .dropped = dg->dropped }, o);
}

void gk_amdgpu_text_line(const struct gk_amdgpu_gen *g, const struct gk_amdgpu_insn *in, const struct gk_diags *dg,
			 struct gk_out *o)
{
	char buf[128];
	if (!in || !gk_out_usable(o))
		return;
	size_t n = line_text(g, in, buf, sizeof buf);
	if (n >= sizeof buf)
		n = sizeof buf - 1;
	gk_out_put(o, buf, n);
	gk_out_ch(o, '\n');
	if (dg)
		text_diags(dg, o);
}

void gk_amdgpu_check(const struct gk_amdgpu_gen *g, const struct gk_amdgpu_insn *in, struct gk_diags *dg)
{
	if (!g || !in || !dg || !in->name)
		return;
	const struct gk_sendmsg *m = &in->msg;
	/* gk_diags_add takes the unit as a packet: its offset here; the
	 * instruction's name is set on the entries at the end */
	const struct gk_packet unit = { .offset = in->offset };
	unsigned first = dg->n;
	if (!m->msg_ok) {
		gk_diags_add(dg, &unit, GK_ERROR, GK_D_RESERVED_VALUE, 0, g->msg_lo, g->msg_lo + g->msg_bits - 1, "type",
			     "invalid message id %u: %s has no message %u", m->msg, g->name, m->msg);
	} else if (!m->op_ok) {
		gk_diags_add(dg, &unit, GK_ERROR, GK_D_RESERVED_VALUE, 0, g->op_lo, g->op_lo + g->op_bits - 1, "op",
			     m->shows_op ? "invalid operation id %u: %s has no operation %u"
					 : "invalid operation id %u: %s does not support operations",
			     m->op, m->msg_name, m->op);
	} else if (!m->stream_ok) {
		gk_diags_add(dg, &unit, GK_ERROR, GK_D_RANGE, 0, g->stream_lo, g->stream_lo + g->stream_bits - 1, "stream",
			     "invalid message stream id %u: %s%s%s does not support streams", m->stream, m->msg_name,
			     m->shows_op && m->op_name ? " " : "", m->shows_op && m->op_name ? m->op_name : "");
	}
	/* unused bits: each set run (GFX10: 7, 15:10) reported with its bits */
	uint16_t unused = sm_unused_mask(g);
	for (int lo = 0; lo < 16;) {
		if (!((m->unused >> lo) & 1)) {
			lo++;
			continue;
		}
		int hi = lo;
		while (hi + 1 < 16 && ((unused >> (hi + 1)) & 1))
			hi++;
		unsigned bits = (m->unused >> lo) & ((1u << (hi - lo + 1)) - 1);
		if (hi == lo)
			gk_diags_add(dg, &unit, GK_WARNING, GK_D_DONTCARE_BITS, 0, lo, hi, "unused",
				     "unused bit %d set; llvm-mc would print this operand without it", lo);
		else
			gk_diags_add(dg, &unit, GK_WARNING, GK_D_DONTCARE_BITS, 0, lo, hi, "unused",
				     "unused bits %d:%d set (0x%x); llvm-mc would print this operand without them", hi,
				     lo, bits);
		lo = hi + 1;
	}
	for (unsigned i = first; i < dg->n && i < GK_MAX_DIAGS; i++)
		dg->d[i].packet = in->name;
}

static void jkey(struct gk_out *o, const char *k)
{
	gk_out_ch(o, '"');
	gk_out_str(o, k);
	gk_out_str(o, "\":");
}

static void jstr_or_null(struct gk_out *o, const char *s)
{
	if (s)
		gk_out_json_str(o, s, strlen(s));
	else
		gk_out_str(o, "null");
}

void gk_amdgpu_json(const struct gk_amdgpu_gen *g, const struct gk_amdgpu_insn *in, const struct gk_diags *dg,
		    unsigned flags, struct gk_out *o)
{
	if (!in || !gk_out_usable(o))
		return;
	gk_out_str(o, "{\"offset\":");
	gk_json_uint(o, in->offset);
	gk_out_str(o, ",\"engine\":\"amdgpu\",\"name\":");
	jstr_or_null(o, in->name);
	gk_out_str(o, ",\"words\":[");
	gk_out_dec(o, in->word);
	gk_out_str(o, "],\"fields\":{");
	const struct gk_sendmsg *m = &in->msg;
	if (in->name) {
		const struct {
			const char *key;
			unsigned value;
		} fields[] = { { "simm16", m->value }, { "type", m->msg }, { "op", m->op }, { "stream", m->stream },
			       { "unused", m->unused } };
		for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
			if (i)
				gk_out_ch(o, ',');
			jkey(o, fields[i].key);
			gk_out_dec(o, fields[i].value);
		}
	}
	gk_out_str(o, "},\"enums\":{");
	if (in->name && m->msg_name) {
		jkey(o, "type");
		gk_out_json_str(o, m->msg_name, strlen(m->msg_name));
	}
	if (in->name && m->shows_op && m->op_name) {
		if (m->msg_name)
			gk_out_ch(o, ',');
		jkey(o, "op");
		gk_out_json_str(o, m->op_name, strlen(m->op_name));
	}
	gk_out_ch(o, '}');
	gk_json_diags(dg ? dg->d : NULL, dg ? (dg->n < GK_MAX_DIAGS ? dg->n : GK_MAX_DIAGS) : 0, dg ? dg->dropped : 0, o);
	if (flags & GK_JSON_TEXT) {
		char buf[128];
		size_t n = line_text(g, in, buf, sizeof buf);
		gk_out_str(o, ",\"text\":");
		gk_out_json_str(o, buf, n);
	}
	gk_out_str(o, "}\n");
}

/* ---- assembler ---- */

struct gk_amdgpu_asm {
	const struct gk_amdgpu_gen *gen;
	struct gk_asm_sink out;
	struct gk_amdgpu_syms syms;
};

struct gk_amdgpu_asm *gk_amdgpu_asm_create(const struct gk_amdgpu_gen *g, gk_emit_fn emit, void *emit_ctx,
					   gk_diag_fn diag, void *diag_ctx)
{
	struct gk_amdgpu_asm *a = malloc(sizeof *a);
	if (!a)
		return NULL;
	a->gen = g;
	a->out = gk_asm_sink_make(emit, emit_ctx, diag, diag_ctx);
	a->syms.n = 0;
	return a;
}

void gk_amdgpu_asm_destroy(struct gk_amdgpu_asm *a)
{
	free(a);
}

unsigned gk_amdgpu_asm_errors(const struct gk_amdgpu_asm *a)
{
	return a ? a->out.errors : 0;
}

const struct gk_amdgpu_syms *gk_amdgpu_asm_syms(const struct gk_amdgpu_asm *a)
{
	return a ? &a->syms : NULL;
}

static int fail(struct gk_amdgpu_asm *a, struct gk_diag *d)
{
	d->line = a->out.line;
	d->offset = 0;
	gk_asm_sink_error(&a->out, d);
	return -1;
}

static int define(struct gk_amdgpu_asm *a, struct lexer *lx, size_t name_pos, size_t name_len)
{
	int64_t v;
	bool abs;
	if (lx->tok.kind == TK_END) {
		gk_lex_error(lx, lx->tok.pos, "missing expression");
		return -1;
	}
	if (gk_lex_expr(lx, &v, &abs))
		return -1;
	if (lx->tok.kind != TK_END) {
		gk_lex_error(lx, lx->tok.pos, "unexpected token in assignment");
		return -1;
	}
	if (name_len >= GK_AMDGPU_SYM_LEN) {
		gk_lex_error(lx, name_pos, "symbol name longer than 63 characters");
		return -1;
	}
	struct gk_amdgpu_sym *s = (struct gk_amdgpu_sym *)gk_lex_sym(&a->syms, lx->s + name_pos, name_len);
	if (!s) {
		if (a->syms.n >= GK_AMDGPU_MAX_SYMS) {
			gk_lex_error(lx, name_pos, "too many symbols");
			return -1;
		}
		s = &a->syms.s[a->syms.n++];
		memcpy(s->name, lx->s + name_pos, name_len);
		s->name[name_len] = 0;
	}
	s->value = v;
	s->absolute = abs;
	return 0;
}

/* .long EXPR[, EXPR...]: each absolute and within -2^31 .. 2^32-1 */
static int dot_long(struct gk_amdgpu_asm *a, struct lexer *lx, struct gk_diag *d)
{
	if (lx->tok.kind == TK_END)
		return 0;
	for (;;) {
		size_t start = lx->tok.pos;
		int64_t v;
		bool abs;
		if (gk_lex_expr(lx, &v, &abs))
			return fail(a, d);
		if (!abs) {
			gk_lex_error(lx, start, "expected absolute expression");
			return fail(a, d);
		}
		if (v < -2147483648ll || v > 0xffffffffll) {
			gk_lex_error(lx, start, "out of range literal value");
			return fail(a, d);
		}
		uint32_t w = (uint32_t)v;
		if (gk_asm_sink_emit(&a->out, &w, 1))
			return -1;
		if (lx->tok.kind == TK_END)
			return 0;
		if (lx->tok.kind != TK_COMMA) {
			gk_lex_error(lx, lx->tok.pos, "unexpected token in '.long' directive");
			return fail(a, d);
		}
		gk_lex_next(lx);
	}
}

/* the mnemonic is the current token */
static int instruction(struct gk_amdgpu_asm *a, struct lexer *lx, unsigned op, struct gk_diag *d)
{
	size_t name_pos = lx->tok.pos;
	gk_lex_next(lx);
	if (lx->tok.kind == TK_END) {
		gk_lex_error(lx, name_pos, "too few operands for instruction");
		return fail(a, d);
	}
	uint16_t v;
	if (gk_sm_parse_operand(a->gen, lx, &v))
		return fail(a, d);
	if (lx->tok.kind == TK_COMMA)
		gk_lex_next(lx);
	/* further operands are parsed (their syntax errors win), then rejected */
	size_t extra = 0;
	bool any = false;
	while (lx->tok.kind != TK_END) {
		if (!any)
			extra = lx->tok.pos;
		any = true;
		int64_t x;
		bool abs;
		if (gk_lex_expr(lx, &x, &abs))
			return fail(a, d);
		if (lx->tok.kind == TK_COMMA)
			gk_lex_next(lx);
	}
	if (any) {
		gk_lex_error(lx, extra, "invalid operand for instruction");
		return fail(a, d);
	}
	uint32_t w = SOPP_BITS | op << SOPP_OP_LO | v;
	return gk_asm_sink_emit(&a->out, &w, 1);
}

int gk_amdgpu_asm_line(struct gk_amdgpu_asm *a, const char *line, size_t len)
{
	struct gk_diag d;
	struct lexer lx;
	if (!a)
		return -1;
	a->out.line++;
	if (!a->gen || (!line && len)) {
		a->out.errors++;
		return -1;
	}
	memset(&d, 0, sizeof d);
	gk_lex_init(&lx, line, len, 0, &a->syms, &d);
	/* "0x00000010:" as decode prints it */
	if (lx.tok.kind == TK_INT && lx.pos < len && line[lx.pos] == ':') {
		lx.pos++;
		gk_lex_next(&lx);
	}
	if (lx.tok.kind == TK_END)
		return 0;
	if (lx.tok.kind == TK_IDENT) {
		size_t np = lx.tok.pos, nl = lx.tok.len;
		if (gk_lex_peek(&lx) == TK_EQ) {
			gk_lex_next(&lx);
			gk_lex_next(&lx);
			return define(a, &lx, np, nl) ? fail(a, &d) : 0;
		}
		if (gk_lex_is_nocase(&lx, "s_sendmsg"))
			return instruction(a, &lx, a->gen->sopp_sendmsg, &d);
		if (gk_lex_is_nocase(&lx, "s_sendmsghalt"))
			return instruction(a, &lx, a->gen->sopp_sendmsghalt, &d);
		if (gk_lex_is_nocase(&lx, ".long")) {
			gk_lex_next(&lx);
			return dot_long(a, &lx, &d);
		}
		if (gk_lex_is_nocase(&lx, ".set") || gk_lex_is_nocase(&lx, ".equ")) {
			gk_lex_next(&lx);
			if (lx.tok.kind != TK_IDENT) {
				gk_lex_error(&lx, lx.tok.pos, "expected identifier");
				return fail(a, &d);
			}
			np = lx.tok.pos;
			nl = lx.tok.len;
			gk_lex_next(&lx);
			if (lx.tok.kind != TK_COMMA) {
				gk_lex_error(&lx, lx.tok.pos, "expected comma");
				return fail(a, &d);
			}
			gk_lex_next(&lx);
			return define(a, &lx, np, nl) ? fail(a, &d) : 0;
		}
		gk_lex_errorf(&lx, np, "%s", "instruction not supported by gfxkit's AMDGPU engine "
			  "(it has s_sendmsg, s_sendmsghalt, .long and NAME = EXPR)");
		return fail(a, &d);
	}
	gk_lex_error(&lx, lx.tok.pos, "unexpected token at start of statement");
	return fail(a, &d);
}

void gk_sendmsg_json(const struct gk_amdgpu_gen *g, const char *input, int ok, uint16_t value,
		     const struct gk_diag *err, struct gk_out *o)
{
	if (!gk_out_usable(o))
		return;
	gk_out_str(o, "{\"input\":");
	if (input)
		gk_out_json_str(o, input, strlen(input));
	else
		gk_out_str(o, "null");
	if (!ok) {
		gk_out_str(o, ",\"error\":{\"col\":");
		gk_out_dec(o, err ? err->col : 0);
		gk_out_str(o, ",\"message\":");
		if (err)
			gk_out_json_str(o, err->message, gk_diag_message_len(err));
		else
			gk_out_str(o, "null");
		gk_out_str(o, "}}\n");
		return;
	}
	struct gk_sendmsg m;
	char text[GK_SENDMSG_TEXT_MAX];
	gk_sendmsg_decode(g, value, &m);
	size_t n = gk_sendmsg_format(g, value, text, sizeof text);
	gk_out_str(o, ",\"value\":");
	gk_out_dec(o, value);
	gk_out_str(o, ",\"text\":");
	gk_out_json_str(o, text, n);
	gk_out_str(o, ",\"type\":");
	gk_out_dec(o, m.msg);
	gk_out_str(o, ",\"type_name\":");
	jstr_or_null(o, m.msg_name);
	gk_out_str(o, ",\"op\":");
	gk_out_dec(o, m.op);
	gk_out_str(o, ",\"op_name\":");
	jstr_or_null(o, m.shows_op ? m.op_name : NULL);
	gk_out_str(o, ",\"stream\":");
	gk_out_dec(o, m.stream);
	gk_out_str(o, ",\"unused\":");
	gk_out_dec(o, m.unused);
	gk_out_str(o, ",\"valid\":");
	gk_out_str(o, m.msg_ok && m.op_ok && m.stream_ok && !m.unused ? "true" : "false");
	gk_out_str(o, "}\n");
}
