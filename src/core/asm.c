/* The assembler: the text the printer writes (src/core/text.c) back to words,
 * driven by the same descriptions.  Line oriented and streaming: a packet is
 * a line starting in column 1 plus the indented lines after it. */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/stream.h"
#include "gfxkit/unit.h"

#include "asm_sink.h"
#include "bits.h"
#include "suggest.h"
#include "layout.h"
#include "quote.h"

#define MAX_ASSIGN 64
/* Longest packet: a DMA WRITE with a 20-bit count plus its fixed dwords
 * (PM4 stops at 16385).  The word arrays (tail, extra, the packet) start
 * empty and grow on the heap, doubling, to what the longest packet so far
 * needed: a few KiB for ordinary text, 12 MiB at most for that WRITE. */
#define MAX_PACKET ((1u << 20) + 16u)
#define MAX_RAW 16384u  /* .long words buffered before they are emitted */
#define MIN_WORDS 256u  /* words a word array gets when it is first needed */
#define MAX_TOKENS 4096 /* items on one line */

struct assign {
	const struct gk_field *f;  /* first field of that name (value parsed against it) */
	uint64_t value;
	uint32_t line, col;
	bool used;
};

/* words on the heap: n used, cap allocated */
struct warr {
	uint32_t *w;
	unsigned n, cap;
};

struct gk_asm {
	const struct gk_format *fmt;
	struct gk_asm_sink out;
	/* the packet being built */
	const struct gk_packet_desc *d;
	bool active, raw, bad;
	bool oom;                      /* out of memory reported for this packet */
	uint32_t pkt_line;             /* its first line */
	struct assign as[MAX_ASSIGN];
	unsigned nas;
	bool have_reg;
	uint32_t reg_start, reg_next, reg_line;
	uint32_t orbits[GK_FIXED_MAX];
	unsigned nor;                  /* 1 + highest dwN given, 0: none */
	bool have_count;
	uint64_t count;
	uint32_t count_line, count_col;
	struct warr tail, extra;
	struct warr buf;               /* the packet; .n: dwords possibly non-zero */
	struct warr raw_words;
	struct tok *tok;               /* the line's tokens: as many as the longest line so far had */
	unsigned tok_cap;
	/* gk_asm_check: each packet emitted goes through the checker too */
	bool check;
	struct gk_check_state *cst;    /* on the heap, from gk_asm_check on */
	uint64_t emitted;              /* bytes emitted: the next packet's offset */
};

struct gk_asm *gk_asm_create(const struct gk_format *fmt, gk_emit_fn emit, void *emit_ctx, gk_diag_fn diag,
			     void *diag_ctx)
{
	if (!fmt)
		return NULL;
	struct gk_asm *a = calloc(1, sizeof *a);
	if (!a)
		return NULL;
	a->fmt = fmt;
	a->out = gk_asm_sink_make(emit, emit_ctx, diag, diag_ctx);
	return a;
}

void gk_asm_destroy(struct gk_asm *a)
{
	if (!a)
		return;
	free(a->tail.w);
	free(a->extra.w);
	free(a->buf.w);
	free(a->raw_words.w);
	free(a->tok);
	free(a->cst);
	free(a);
}

static void report(struct gk_asm *a, enum gk_diag_code code, uint32_t line, uint32_t col, const char *fmt,
		   va_list ap)
{
	a->bad = true;
	gk_asm_sink_report(&a->out, code, line, col, a->d ? a->d->name : NULL, fmt, ap);
}

static void err(struct gk_asm *a, uint32_t line, uint32_t col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(a, GK_D_SYNTAX, line, col, fmt, ap);
	va_end(ap);
}

static void no_memory(struct gk_asm *a, uint32_t line, uint32_t col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(a, GK_D_IO, line, col, fmt, ap);
	va_end(ap);
}

/* Room for need words in r (need <= MAX_PACKET), doubling so a long packet
 * costs amortised O(1) a word; false, with an error at line:col, when
 * memory runs out. */
static bool reserve(struct gk_asm *a, struct warr *r, size_t need, uint32_t line, uint32_t col)
{
	if (need <= r->cap)
		return true;
	if (a->oom)
		return false; /* said once a packet */
	size_t cap = r->cap ? r->cap : MIN_WORDS;
	while (cap < need)
		cap *= 2;
	if (cap > MAX_PACKET)
		cap = MAX_PACKET;
	uint32_t *w = realloc(r->w, cap * sizeof *w);
	if (!w) {
		no_memory(a, line, col, "out of memory for a packet of %zu dwords", need);
		a->oom = true;
		return false;
	}
	r->w = w;
	r->cap = (unsigned)cap;
	return true;
}

/* ---- tokens ---- */

struct tok {
	const char *p;
	size_t n;
	uint32_t col;
};

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static unsigned split(const char *s, size_t len, struct tok *t, unsigned max)
{
	unsigned n = 0;
	size_t i = 0;
	while (i < len) {
		while (i < len && (is_space(s[i]) || s[i] == ','))
			i++;
		if (i >= len || s[i] == ';' || s[i] == '#')
			break;
		size_t b = i;
		while (i < len && !is_space(s[i]) && s[i] != ',' && s[i] != ';' && s[i] != '#')
			i++;
		if (n < max)
			t[n] = (struct tok){ s + b, i - b, (uint32_t)b + 1 };
		n++;
	}
	return n;
}

static bool tok_is(const struct tok *t, const char *s)
{
	return strlen(s) == t->n && memcmp(t->p, s, t->n) == 0;
}

/* decimal, 0x hex, 0b binary; false when not a whole number or > 64 bits */
static bool parse_num(const char *p, size_t n, uint64_t *v)
{
	uint64_t x = 0;
	unsigned base = 10;
	size_t i = 0;
	if (n > 2 && p[0] == '0' && (p[1] | 0x20) == 'x')
		base = 16, i = 2;
	else if (n > 2 && p[0] == '0' && (p[1] | 0x20) == 'b')
		base = 2, i = 2;
	if (i >= n)
		return false;
	for (; i < n; i++) {
		unsigned c = (unsigned char)p[i], d;
		if (c >= '0' && c <= '9')
			d = c - '0';
		else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
			d = (c | 0x20) - 'a' + 10;
		else if (c == '_')
			continue;
		else
			return false;
		if (d >= base)
			return false;
		if (x > (UINT64_MAX - d) / base)
			return false;
		x = x * base + d;
	}
	*v = x;
	return true;
}

static bool enum_lookup(const struct gk_enum *e, const char *p, size_t n, uint64_t *v)
{
	if (!e || !e->names) /* a flag's tags-only enum names nothing */
		return false;
	for (uint64_t i = 0; i < (1ull << e->nbits); i++) {
		const char *s = e->names[i];
		if (s && strlen(s) == n && memcmp(s, p, n) == 0) {
			*v = i;
			return true;
		}
	}
	return false;
}

/* A field value: a number, or what the printer writes for that kind. */
static bool parse_value(struct gk_asm *a, const struct gk_field *f, const char *p, size_t n, uint64_t *v)
{
	if (f->kind == GK_ENUM && enum_lookup(f->enm, p, n, v))
		return true; /* names first: "4" may be a count ("BANK_WIDTH=4") */
	if (parse_num(p, n, v)) {
		/* by-name enums take a number only for a value without a name */
		if (f->kind == GK_ENUM && (f->flags & GK_F_BYNAME) && gk_enum_name(f->enm, *v))
			return false;
		return true;
	}
	switch (f->kind) {
	case GK_ENUM:
		return enum_lookup(f->enm, p, n, v);
	case GK_FLAGS: {
		uint64_t acc = 0;
		size_t b = 0;
		for (size_t i = 0; i <= n; i++) {
			if (i < n && p[i] != '|')
				continue;
			uint64_t x;
			if (i == b)
				return false;
			if (parse_num(p + b, i - b, &x))
				acc |= x;
			else if (enum_lookup(f->enm, p + b, i - b, &x))
				acc |= 1ull << x;
			else
				return false;
			b = i + 1;
		}
		*v = acc;
		return true;
	}
	case GK_REG: {
		/* the index from the field's space: a register outside it has none */
		const struct gk_reg *r = gk_reg_by_name(a->fmt->regs, p, n);
		uint32_t base, at;
		uint64_t step = gk_field_reg_bytes(f) ? 1 : 4;
		if (!r || !gk_field_reg_addr(a->fmt, f, 0, &base) || r->offset < base ||
		    !gk_field_reg_addr(a->fmt, f, (r->offset - base) / step, &at) || at != r->offset)
			return false;
		*v = (r->offset - base) / step;
		return true;
	}
	default:
		return false;
	}
}

/* ---- statements ---- */

/* The field of that name this generation has (a name may have one layout
 * per generation range), else the first of that name. */
static const struct gk_field *find_field_gen(const struct gk_field *fields, unsigned n, const char *p, size_t len,
					     unsigned gen_bit)
{
	const struct gk_field *first = 0;
	for (unsigned i = 0; i < n; i++)
		if (strlen(fields[i].name) == len && memcmp(fields[i].name, p, len) == 0) {
			if (!fields[i].gens || (fields[i].gens & gen_bit))
				return &fields[i];
			if (!first)
				first = &fields[i];
		}
	return first;
}

static const struct gk_field *find_field(const struct gk_field *fields, unsigned n, const char *p, size_t len)
{
	return find_field_gen(fields, n, p, len, ~0u);
}

/* ---- what the text may say instead: "did you mean" and the valid names ---- */

#define MAX_NAMES 128u /* names listed in one message (it holds fewer) */

/* "PACKET has no field X; did you mean Y? (fields: ...)": the fields the
 * text can set on this generation */
static void no_field(struct gk_asm *a, uint32_t line, uint32_t col, const struct gk_packet_desc *d, const char *p,
		     size_t len)
{
	const char *names[MAX_NAMES];
	size_t n = 0;
	const struct gk_field *lists[2] = { d->hdr, d->fields };
	unsigned counts[2] = { d->nhdr, d->nfields };
	for (unsigned l = 0; l < 2; l++)
		for (unsigned i = 0; i < counts[l] && n < MAX_NAMES; i++) {
			const struct gk_field *f = &lists[l][i];
			bool settable = f->kind != GK_CONST && f->kind != GK_OPCODE && f->kind != GK_SUBOP;
			if (settable && (!f->gens || (f->gens & a->fmt->gen_bit)))
				names[n++] = f->name;
		}
	char msg[sizeof ((struct gk_diag *)0)->message];
	snprintf(msg, sizeof msg, "%s has no field %.*s%s", d->name, GK_QUOTE_LEN(len), p, GK_QUOTE_MORE(len));
	gk_suggest(msg, sizeof msg, p, len, "fields", names, n);
	err(a, line, col, "%s", msg);
}

/* "bad value 'X' for FIELD; did you mean Y? (values: ...)": an enum's names */
/* Why a register field's text is no value for it: a name the generation
 * lacks, or a register outside the field's space; false: neither (the
 * caller's own message) */
static bool bad_register(struct gk_asm *a, uint32_t line, uint32_t col, const struct gk_field *f, const char *p,
			 size_t len)
{
	if (f->kind != GK_REG || !len || (p[0] >= '0' && p[0] <= '9'))
		return false;
	const struct gk_reg *r = gk_reg_by_name(a->fmt->regs, p, len);
	const struct gk_space *sp = f->space && a->fmt->spaces && f->space <= a->fmt->nspaces ? &a->fmt->spaces[f->space - 1] : 0;
	if (!r)
		err(a, line, col, "%s: %s has no register '%.*s%s' (a register name or a number)", f->name, a->fmt->gen,
		    GK_QUOTE_LEN(len), p, GK_QUOTE_MORE(len));
	else if (sp)
		err(a, line, col, "%s: %s (0x%05x) is outside the %s register space 0x%05x..0x%05x", f->name, r->name,
		    r->offset, sp->name, sp->start, sp->end - 4);
	else
		return false;
	return true;
}

static void bad_value(struct gk_asm *a, uint32_t line, uint32_t col, const char *field, const char *const *names,
		      size_t n, const char *p, size_t len)
{
	char msg[sizeof ((struct gk_diag *)0)->message];
	snprintf(msg, sizeof msg, "bad value '%.*s%s' for %s", GK_QUOTE_LEN(len), p, GK_QUOTE_MORE(len), field);
	if (n)
		gk_suggest(msg, sizeof msg, p, len, "a number or one of", names, n);
	err(a, line, col, "%s", msg);
}

/* dwN|=V or dwN=V with N in [lo, end): 0 when t is no such token, 1 with
 * *dw and *v set, -1 when it is one but wrong (reported; the message says
 * N is not `where`). */
static int raw_bits_token(struct gk_asm *a, uint32_t line, const struct tok *t, unsigned lo, unsigned end,
			  const char *where, unsigned *dw, uint64_t *v)
{
	if (t->n < 4 || t->p[0] != 'd' || t->p[1] != 'w')
		return 0;
	size_t i = 2;
	unsigned n = 0;
	while (i < t->n && t->p[i] >= '0' && t->p[i] <= '9') {
		n = n * 10 + (unsigned)(t->p[i] - '0');
		if (n > MAX_PACKET) {
			err(a, a->pkt_line, t->col, "%.*s%s: no packet has that many dwords", GK_QUOTE_LEN(t->n), t->p, GK_QUOTE_MORE(t->n));
			return -1;
		}
		i++;
	}
	if (i == 2 || i >= t->n)
		return 0;
	if (t->p[i] == '|')
		i++;
	if (i >= t->n || t->p[i] != '=')
		return 0;
	i++;
	if (!parse_num(t->p + i, t->n - i, v) || *v > 0xffffffffu) {
		err(a, a->pkt_line, t->col, "dw%u needs a 32-bit number", n);
		return -1;
	}
	if (n < lo || n >= end) {
		err(a, line, t->col, "dw%u is not %s", n, where);
		return -1;
	}
	*dw = n;
	return 1;
}

static void add_field_tokens(struct gk_asm *a, uint32_t line, const struct tok *t, unsigned nt)
{
	const struct gk_packet_desc *d = a->d;
	unsigned end = d->tail && d->tail_dw < GK_FIXED_MAX ? d->tail_dw : GK_FIXED_MAX;
	char where[128];
	snprintf(where, sizeof where, "a fixed dword of %s", d->name);
	for (unsigned k = 0; k < nt; k++) {
		unsigned dwi;
		uint64_t v;
		int raw = raw_bits_token(a, line, &t[k], 0, end, where, &dwi, &v);
		if (raw > 0) {
			a->orbits[dwi] |= (uint32_t)v;
			if (dwi + 1 > a->nor)
				a->nor = dwi + 1;
		}
		if (raw)
			continue;
		const char *eq = memchr(t[k].p, '=', t[k].n);
		if (!eq || eq == t[k].p) {
			err(a, line, t[k].col, "expected FIELD=VALUE, found '%.*s%s'", GK_QUOTE_LEN(t[k].n), t[k].p, GK_QUOTE_MORE(t[k].n));
			continue;
		}
		size_t nlen = (size_t)(eq - t[k].p);
		const char *val = eq + 1;
		size_t vlen = t[k].n - nlen - 1;
		const struct gk_field *f = find_field_gen(d->hdr, d->nhdr, t[k].p, nlen, a->fmt->gen_bit);
		if (!f)
			f = find_field_gen(d->fields, d->nfields, t[k].p, nlen, a->fmt->gen_bit);
		if (!f) {
			no_field(a, line, t[k].col, d, t[k].p, nlen);
			continue;
		}
		if (f->kind == GK_COUNT) {
			if (!parse_num(val, vlen, &v)) {
				err(a, line, t[k].col + (uint32_t)nlen + 1, "COUNT needs a number");
				continue;
			}
			a->have_count = true;
			a->count = v;
			a->count_line = line;
			a->count_col = t[k].col;
			continue;
		}
		if (f->kind == GK_CONST || f->kind == GK_OPCODE || f->kind == GK_SUBOP) {
			err(a, line, t[k].col, "%s is set by the packet name", f->name);
			continue;
		}
		if (!parse_value(a, f, val, vlen, &v)) {
			if (bad_register(a, line, t[k].col + (uint32_t)nlen + 1, f, val, vlen))
				continue;
			bool named = (f->kind == GK_ENUM || f->kind == GK_FLAGS) && f->enm;
			bad_value(a, line, t[k].col + (uint32_t)nlen + 1, f->name, named ? f->enm->names : NULL,
				  named ? (size_t)1 << f->enm->nbits : 0, val, vlen);
			continue;
		}
		if (!gk_field_fits(f, v)) {
			err(a, line, t[k].col + (uint32_t)nlen + 1, "%s=0x%llx does not fit in the field", f->name,
			    (unsigned long long)v);
			continue;
		}
		if (a->nas >= MAX_ASSIGN) {
			err(a, line, t[k].col, "too many fields");
			continue;
		}
		a->as[a->nas++] = (struct assign){ f, v, line, t[k].col, false };
	}
}

/* the text gave field f a value (by its name: an assignment names the
 * first field of the name) */
static bool given(const struct gk_asm *a, const struct gk_field *f)
{
	for (unsigned k = 0; k < a->nas; k++)
		if (a->as[k].f == f || !strcmp(a->as[k].f->name, f->name))
			return true;
	return false;
}

static void push_tail(struct gk_asm *a, uint32_t line, uint32_t col, uint32_t w, bool extra)
{
	struct warr *r = extra ? &a->extra : &a->tail;
	if (r->n >= MAX_PACKET - 1) {
		err(a, line, col, "packet too long");
		return;
	}
	if (reserve(a, r, r->n + 1, line, col))
		r->w[r->n++] = w;
}

static void data_tokens(struct gk_asm *a, uint32_t line, const struct tok *t, unsigned nt, bool extra)
{
	for (unsigned k = 0; k < nt; k++) {
		uint64_t v;
		if (!parse_num(t[k].p, t[k].n, &v) || v > 0xffffffffu) {
			err(a, line, t[k].col, "expected a 32-bit word, found '%.*s%s'", GK_QUOTE_LEN(t[k].n), t[k].p, GK_QUOTE_MORE(t[k].n));
			continue;
		}
		push_tail(a, line, t[k].col, (uint32_t)v, extra);
	}
}

/* [0xADDR] [NAME] <- FIELD=VALUE ... | <- 0xVALUE */
static void register_line(struct gk_asm *a, uint32_t line, const struct tok *t, unsigned nt, unsigned arrow)
{
	const struct gk_format *fmt = a->fmt;
	const struct gk_reg *r = 0;
	uint64_t addr = 0;
	bool have_addr = false;
	for (unsigned k = 0; k < arrow; k++) {
		uint64_t v;
		if (parse_num(t[k].p, t[k].n, &v)) {
			addr = v;
			have_addr = true;
		} else {
			/* the register printed at that address may carry a name that
			 * another offset also uses; the address decides */
			const struct gk_reg *at = have_addr ? gk_reg_by_offset(fmt->regs, (uint32_t)addr) : 0;
			if (at && strlen(at->name) == t[k].n && memcmp(at->name, t[k].p, t[k].n) == 0) {
				r = at;
				continue;
			}
			r = gk_reg_by_name(fmt->regs, t[k].p, t[k].n);
			if (!r) {
				err(a, line, t[k].col, "unknown register %.*s%s on %s", GK_QUOTE_LEN(t[k].n), t[k].p, GK_QUOTE_MORE(t[k].n), fmt->gen);
				return;
			}
		}
	}
	if (r && have_addr && r->offset != addr) {
		err(a, line, t[0].col, "%s is at 0x%05x, not 0x%05llx", r->name, r->offset, (unsigned long long)addr);
		return;
	}
	if (r)
		addr = r->offset;
	else if (!have_addr) {
		err(a, line, t[arrow].col, "register write without a register");
		return;
	}
	if (addr & 3 || addr > 0xffffffffu) {
		err(a, line, t[0].col, "register address 0x%llx is not a dword address", (unsigned long long)addr);
		return;
	}
	if (a->have_reg && addr != a->reg_next) {
		err(a, line, t[0].col, "register 0x%05llx does not follow 0x%05x: a packet writes consecutive registers",
		    (unsigned long long)addr, a->reg_next - 4);
		return;
	}
	if (!a->have_reg) {
		a->have_reg = true;
		a->reg_start = (uint32_t)addr;
		a->reg_line = line;
	}
	a->reg_next = (uint32_t)addr + 4;
	if (!r)
		r = gk_reg_by_offset(fmt->regs, (uint32_t)addr);
	uint32_t value = 0;
	for (unsigned k = arrow + 1; k < nt; k++) {
		uint64_t v;
		const char *eq = memchr(t[k].p, '=', t[k].n);
		if (!eq && r && fmt->reg_value_parse && r->nfields == 1 && !r->fields[0].namelen) {
			/* the typed value of a register that is one nameless field
			 * (a float, a fixed-point number), as the text shows it.  A
			 * field of some bits only (a6xx's RB_UNKNOWN_8811, bits 6:4):
			 * the bits outside it follow its value as 0x%08x -- a number
			 * of that form with no bit of the field, taken as it is (no
			 * field's value text is one: checked over the tables by
			 * test_adreno_values) -- and any other bare number is the
			 * field's */
			const struct gk_reg_field *f0 = &r->fields[0];
			uint32_t m = (uint32_t)((2ull << f0->hi) - (1ull << f0->lo)), x;
			bool partial = f0->lo != 0 || f0->hi != 31;
			bool num = parse_num(t[k].p, t[k].n, &v) && v <= 0xffffffffu;
			if (!(partial && num && t[k].n == 10 && t[k].p[1] == 'x' && v && !(v & m))) {
				if (fmt->reg_value_parse(f0, t[k].p, t[k].n, &x) == 0 && gk_put(&value, f0->lo, f0->hi, x))
					continue;
				if (partial && num && gk_put(&value, f0->lo, f0->hi, v))
					continue;
			}
		}
		if (!eq) {
			if (!parse_num(t[k].p, t[k].n, &v) || v > 0xffffffffu) {
				err(a, line, t[k].col, "expected FIELD=VALUE or a 32-bit value, found '%.*s%s'", GK_QUOTE_LEN(t[k].n),
				    t[k].p, GK_QUOTE_MORE(t[k].n));
				continue;
			}
			value |= (uint32_t)v;
			continue;
		}
		size_t nlen = (size_t)(eq - t[k].p);
		const struct gk_reg_field *f = r ? gk_reg_field_by_name(r, t[k].p, nlen) : 0;
		if (!f) {
			const char *names[MAX_NAMES];
			size_t nn = 0;
			for (unsigned i = 0; r && i < r->nfields && nn < MAX_NAMES; i++)
				names[nn++] = r->fields[i].name;
			char msg[sizeof ((struct gk_diag *)0)->message];
			snprintf(msg, sizeof msg, "%s has no field %.*s%s", r ? r->name : "register", GK_QUOTE_LEN(nlen), t[k].p, GK_QUOTE_MORE(nlen));
			if (nn)
				gk_suggest(msg, sizeof msg, t[k].p, nlen, "fields", names, nn);
			err(a, line, t[k].col, "%s", msg);
			continue;
		}
		uint32_t x;
		const char *val = eq + 1;
		size_t vlen = t[k].n - nlen - 1;
		if (fmt->reg_value_parse && fmt->reg_value_parse(f, val, vlen, &x) == 0) {
			v = x; /* as the database's type shows it (reg_value_text) */
		} else if (parse_num(val, vlen, &v)) {
			if (v > 0xffffffffu)
				v = 0xffffffffu + 1ull;
		} else if (gk_reg_value_by_name(f, val, vlen, &x) == 0) {
			v = x;
		} else {
			const char *names[MAX_NAMES];
			size_t nn = 0;
			for (unsigned i = 0; i < f->nvalues && nn < MAX_NAMES; i++)
				names[nn++] = f->values[i].name;
			char fname[128];
			snprintf(fname, sizeof fname, "%s.%s", r->name, f->name);
			bad_value(a, line, t[k].col + (uint32_t)nlen + 1, fname, names, nn, val, vlen);
			continue;
		}
		if (!gk_put(&value, f->lo, f->hi, v)) {
			err(a, line, t[k].col + (uint32_t)nlen + 1, "%s=0x%llx does not fit in %u bits", f->name,
			    (unsigned long long)v, f->hi - f->lo + 1);
			continue;
		}
	}
	push_tail(a, line, t[0].col, value, false);
}

static void group_line(struct gk_asm *a, uint32_t line, const struct tok *t, unsigned nt)
{
	const struct gk_packet_desc *d = a->d;
	if (a->tail.n + d->group_dw >= MAX_PACKET) {
		err(a, line, t[0].col, "packet too long");
		return;
	}
	if (!reserve(a, &a->tail, a->tail.n + d->group_dw, line, t[0].col))
		return;
	uint32_t *g = a->tail.w + a->tail.n;
	memset(g, 0, d->group_dw * sizeof *g);
	unsigned base = d->tail_dw + a->tail.n;
	char where[64];
	snprintf(where, sizeof where, "in this group (dw%u..dw%u)", base, base + d->group_dw - 1);
	for (unsigned k = 0; k < nt; k++) {
		unsigned dwi;
		uint64_t v;
		int raw = raw_bits_token(a, line, &t[k], base, base + d->group_dw, where, &dwi, &v);
		if (raw > 0)
			g[dwi - base] |= (uint32_t)v;
		if (raw)
			continue;
		const char *eq = memchr(t[k].p, '=', t[k].n);
		size_t nlen = eq ? (size_t)(eq - t[k].p) : 0;
		const struct gk_field *f = eq ? find_field(d->group, d->ngroup, t[k].p, nlen) : 0;
		if (!f) {
			err(a, line, t[k].col, "expected one of the %s group fields, found '%.*s%s'", d->name, GK_QUOTE_LEN(t[k].n),
			    t[k].p, GK_QUOTE_MORE(t[k].n));
			continue;
		}
		if (!parse_value(a, f, eq + 1, t[k].n - nlen - 1, &v) || !gk_field_fits(f, v)) {
			if (!bad_register(a, line, t[k].col + (uint32_t)nlen + 1, f, eq + 1, t[k].n - nlen - 1))
				err(a, line, t[k].col + (uint32_t)nlen + 1, "bad value for %s", f->name);
			continue;
		}
		gk_field_put(f, g, d->group_dw, v);
	}
	a->tail.n += d->group_dw;
}

/* ---- building a packet ---- */

static void emit(struct gk_asm *a, const uint32_t *w, size_t n)
{
	gk_asm_sink_emit(&a->out, w, n);
	a->emitted += 4ull * n;
}

/* The checker's findings on the packet just built (gk_asm_check), as
 * warnings on its first line: the text is assembled as written, so decode
 * -> encode stays the identity, but encode never silently makes a stream
 * check rejects. */
static void check_emitted(struct gk_asm *a, const uint32_t *w, size_t n)
{
	struct gk_diags *dg = malloc(sizeof *dg);
	if (!dg)
		return;
	struct gk_packet pkt;
	gk_packet_frame(a->fmt, w, n, a->emitted - 4ull * n, &pkt);
	gk_diags_reset(dg);
	if (pkt.dw && pkt.ndw) {
		/* the checker alone: the assembler declares no buffers to bound */
		struct gk_unit u;
		gk_unit_decode_lazy(a->fmt, &pkt, dg, &u);
		gk_unit_check(a->fmt, a->cst, &u);
	}
	for (unsigned i = 0; i < dg->n; i++) {
		struct gk_diag d;
		memset(&d, 0, sizeof d);
		d.severity = GK_WARNING;
		d.code = dg->d[i].code;
		d.dw = dg->d[i].dw;
		d.lo = dg->d[i].lo;
		d.hi = dg->d[i].hi;
		d.line = a->pkt_line;
		d.col = 1;
		d.packet = a->d ? a->d->name : NULL;
		char body[sizeof d.message];
		size_t k = gk_diag_format(&dg->d[i], body, sizeof body);
		/* gk_diag_format starts with the packet name, which the line names already */
		const char *text = body;
		size_t pl = d.packet ? strlen(d.packet) : 0;
		if (pl && k > pl + 2 && !strncmp(body, d.packet, pl) && body[pl] == ':' && body[pl + 1] == ' ')
			text = body + pl + 2;
		snprintf(d.message, sizeof d.message, "check %s: %.*s", dg->d[i].severity == GK_ERROR ? "error" : "warning",
			 (int)(sizeof d.message - 16), text); /* what does not fit is cut */
		if (a->out.diag)
			a->out.diag(a->out.diag_ctx, &d);
	}
	free(dg);
}

void gk_asm_check(struct gk_asm *a, bool on)
{
	if (!a)
		return;
	if (on && !a->cst) {
		a->cst = malloc(sizeof *a->cst);
		if (!a->cst)
			return; /* no memory: assembling goes on unchecked */
		gk_check_init(a->cst);
	}
	a->check = on && a->cst;
}

static void put_fields(struct gk_asm *a, const struct gk_field *fields, unsigned n, uint32_t *buf, size_t cap,
		       unsigned *maxdw)
{
	for (unsigned i = 0; i < n; i++) {
		const struct gk_field *f = &fields[i];
		if (!gk_field_present(fields, i, buf, cap, a->fmt->gen_bit))
			continue;
		for (unsigned k = 0; k < a->nas; k++) {
			struct assign *as = &a->as[k];
			if (as->used || strcmp(as->f->name, f->name) != 0)
				continue;
			gk_field_put(f, buf, cap, as->value);
			as->used = true;
			if (gk_field_last_dw(f) + 1 > *maxdw)
				*maxdw = gk_field_last_dw(f) + 1;
			break;
		}
	}
}

static void finish_packet(struct gk_asm *a)
{
	const struct gk_format *fmt = a->fmt;
	if (!a->active)
		return;
	a->active = false;
	if (a->raw) {
		if (!a->bad)
			emit(a, a->raw_words.w, a->raw_words.n);
		return;
	}
	if (a->bad)
		return;
	const struct gk_packet_desc *d = a->d;
	/* an upper bound of what this packet writes: fixed dwords, tail, extra;
	 * clear that and whatever the last packet left */
	unsigned used = GK_FIXED_MAX + a->tail.n + a->extra.n + (d->tail ? d->tail_dw : 0);
	if (used > MAX_PACKET)
		used = MAX_PACKET;
	if (!reserve(a, &a->buf, used, a->pkt_line, 1))
		return;
	uint32_t *buf = a->buf.w;
	memset(buf, 0, (used > a->buf.n ? used : a->buf.n) * sizeof *buf);
	a->buf.n = used;
	unsigned given_end = a->nor; /* 1 + last dword the text sets explicitly */

	/* register tails: the start field comes from the first register */
	if (d->tail == GK_TAIL_REGS && a->have_reg) {
		const struct gk_field *rf = d->reg_in_hdr ? &d->hdr[d->reg_field] : &d->fields[d->reg_field];
		uint32_t start = fmt->spaces[d->space].start;
		uint64_t idx = a->reg_start >= start ? (a->reg_start - start) / 4 : UINT64_MAX;
		bool given = false;
		for (unsigned k = 0; k < a->nas; k++)
			if (a->as[k].f == rf) {
				given = true;
				if (a->as[k].value != idx) {
					err(a, a->as[k].line, a->as[k].col, "%s=0x%llx disagrees with the first register 0x%05x",
					    rf->name, (unsigned long long)a->as[k].value, a->reg_start);
					return;
				}
			}
		if (idx == UINT64_MAX || !gk_field_fits(rf, idx)) {
			err(a, a->reg_line, 1, "register 0x%05x is outside what %s can address from 0x%05x", a->reg_start,
			    d->name, start);
			return;
		}
		if (!given && a->nas < MAX_ASSIGN)
			a->as[a->nas++] = (struct assign){ rf, idx, a->reg_line, 1, false };
	}

	put_fields(a, d->hdr, d->nhdr, buf, used, &given_end);
	put_fields(a, d->fields, d->nfields, buf, used, &given_end);
	for (unsigned k = 0; k < a->nas; k++)
		if (!a->as[k].used) {
			const struct gk_field *f = a->as[k].f;
			if (f->gens && !(f->gens & fmt->gen_bit))
				err(a, a->as[k].line, a->as[k].col, "%s has no field %s on %s", d->name, f->name, fmt->gen);
			else
				err(a, a->as[k].line, a->as[k].col, "%s does not apply here (its condition does not hold)",
				    f->name);
			return;
		}
	for (unsigned i = 0; i < a->nor; i++)
		buf[i] |= a->orbits[i];

	unsigned fixed = gk_fixed_len(fmt, d, buf, used);
	if (a->nor > fixed)
		fixed = a->nor;
	unsigned natural;
	if (d->tail) {
		if (a->extra.n && d->tail != GK_TAIL_GROUPS) {
			err(a, a->pkt_line, 1, "%s has a %s tail, not EXTRA words", d->name, d->tail_name);
			return;
		}
		natural = d->tail_dw + a->tail.n + a->extra.n;
		if (natural < fixed)
			natural = fixed;
		if ((a->tail.n || a->extra.n) && d->tail_dw + a->tail.n + a->extra.n > given_end)
			given_end = d->tail_dw + a->tail.n + a->extra.n;
	} else {
		natural = fixed + a->extra.n;
		if (a->extra.n)
			given_end = natural;
	}
	unsigned ndw = natural;
	const struct gk_field *cf = gk_count_field(d);
	/* a tail the layout requires (a type-0 register, an immediate index)
	 * is never invented: without COUNT the text must give it */
	if (!a->have_count && d->tail && !(d->flags & GK_P_FILLER) && d->min_dw > d->tail_dw + a->tail.n + a->extra.n) {
		err(a, a->pkt_line, 1, "%s needs at least %u %s dword%s", d->name, d->min_dw - d->tail_dw,
		    d->tail == GK_TAIL_REGS ? "register" : d->tail == GK_TAIL_GROUPS ? "group" : d->tail_name,
		    d->min_dw - d->tail_dw == 1 ? "" : "s");
		return;
	}
	if (a->have_count) {
		if (!cf) {
			err(a, a->count_line, a->count_col, "%s has no COUNT", d->name);
			return;
		}
		uint64_t want = a->count + cf->min;
		if (want > MAX_PACKET || !gk_field_fits(cf, a->count)) {
			err(a, a->count_line, a->count_col, "COUNT=%llu does not fit", (unsigned long long)a->count);
			return;
		}
		if (want > natural) {
			err(a, a->count_line, a->count_col, "COUNT=%llu makes %llu dwords, but the text gives only %u",
			    (unsigned long long)a->count, (unsigned long long)want, natural);
			return;
		}
		if (want < given_end) {
			err(a, a->count_line, a->count_col, "COUNT=%llu makes %llu dwords, too few for the %u the text gives",
			    (unsigned long long)a->count, (unsigned long long)want, given_end);
			return;
		}
		ndw = (unsigned)want;
	}
	if (ndw > fmt->max_packet_dw || (cf && !gk_field_fits(cf, ndw - cf->min))) {
		err(a, a->pkt_line, 1, "%s of %u dwords is too long", d->name, ndw);
		return;
	}
	if (cf == 0 && ndw != d->min_dw && d->max_dw == d->min_dw && d->min_dw) {
		err(a, a->pkt_line, 1, "%s is always %u dwords", d->name, d->min_dw);
		return;
	}
	if (d->tail) {
		for (unsigned i = 0; i < a->tail.n && d->tail_dw + i < ndw; i++)
			buf[d->tail_dw + i] = a->tail.w[i];
		for (unsigned i = 0; i < a->extra.n; i++)
			buf[d->tail_dw + a->tail.n + i] = a->extra.w[i];
	} else {
		for (unsigned i = 0; i < a->extra.n; i++)
			buf[fixed + i] = a->extra.w[i];
	}
	/* framing fields (a body COUNT too: CIK SDMA WRITE) */
	for (unsigned i = 0; i < (unsigned)d->nhdr + d->nfields; i++) {
		const struct gk_field *f = i < d->nhdr ? &d->hdr[i] : &d->fields[i - d->nhdr];
		if (f->gens && !(f->gens & fmt->gen_bit))
			continue;
		if (f->kind == GK_CONST)
			gk_field_put(f, buf, ndw, f->min);
		else if (f->kind == GK_OPCODE)
			gk_field_put(f, buf, ndw, d->opcode);
		else if (f->kind == GK_SUBOP)
			gk_field_put(f, buf, ndw, d->sub_opcode);
		else if (f->kind == GK_COUNT)
			gk_field_put(f, buf, ndw, ndw - f->min);
	}
	/* parity bits the text does not give, of the fields' final values
	 * (the framing's above too: a type-7 COUNT's parity); one given is
	 * written as given, and the checker below says when it is wrong */
	for (unsigned i = 0; i < (unsigned)d->nhdr + d->nfields; i++) {
		bool hdr = i < d->nhdr;
		const struct gk_field *f = hdr ? &d->hdr[i] : &d->fields[i - d->nhdr];
		unsigned of = f->parity_of, nlist = hdr ? d->nhdr : d->nfields;
		if (f->kind != GK_PARITY || !of || of > nlist || (f->gens && !(f->gens & fmt->gen_bit)) || given(a, f))
			continue;
		uint64_t v = gk_field_get(hdr ? &d->hdr[of - 1] : &d->fields[of - 1], buf, ndw);
		gk_field_put(f, buf, ndw, (uint64_t)!(__builtin_popcountll(v) & 1)); /* makes the ones odd */
	}
	emit(a, buf, ndw);
	if (a->check)
		check_emitted(a, buf, ndw);
}

static void start_packet(struct gk_asm *a, uint32_t line)
{
	a->active = true;
	a->raw = a->bad = a->oom = false;
	a->pkt_line = line;
	a->d = 0;
	a->nas = 0;
	memset(a->orbits, 0, sizeof a->orbits);
	a->nor = 0;
	a->have_count = false;
	a->tail.n = a->extra.n = 0;
	a->have_reg = false;
	a->raw_words.n = 0;
}

static void raw_tokens(struct gk_asm *a, uint32_t line, const struct tok *t, unsigned nt)
{
	for (unsigned k = 0; k < nt; k++) {
		uint64_t v;
		if (!parse_num(t[k].p, t[k].n, &v) || v > 0xffffffffu) {
			err(a, line, t[k].col, "expected a 32-bit word, found '%.*s%s'", GK_QUOTE_LEN(t[k].n), t[k].p, GK_QUOTE_MORE(t[k].n));
			continue;
		}
		if (a->raw_words.n == MAX_RAW) {
			emit(a, a->raw_words.w, a->raw_words.n);
			a->raw_words.n = 0;
		}
		if (!reserve(a, &a->raw_words, a->raw_words.n + 1, line, t[k].col))
			return;
		a->raw_words.w[a->raw_words.n++] = (uint32_t)v;
	}
}

void gk_asm_line(struct gk_asm *a, const char *s, size_t len)
{
	if (!a)
		return;
	a->out.line++;
	if (!s && len) {
		a->out.errors++;
		return;
	}
	uint32_t line = a->out.line;
	unsigned nt = split(s, len, a->tok, a->tok_cap);
	if (!nt)
		return;
	if (nt > MAX_TOKENS) {
		err(a, line, 1, "more than %u items on one line", MAX_TOKENS);
		return;
	}
	if (nt > a->tok_cap) {
		unsigned cap = a->tok_cap ? 2 * a->tok_cap : 64;
		while (cap < nt)
			cap *= 2;
		if (cap > MAX_TOKENS)
			cap = MAX_TOKENS;
		struct tok *grown = realloc(a->tok, cap * sizeof *grown);
		if (!grown) {
			no_memory(a, line, 1, "out of memory for a line of %u items", nt);
			return;
		}
		a->tok = grown;
		a->tok_cap = cap;
		split(s, len, a->tok, a->tok_cap);
	}
	const struct tok *t = a->tok;
	bool cont = is_space(s[0]);
	if (!cont) {
		finish_packet(a);
		start_packet(a, line);
		unsigned k = 0;
		/* "OFFSET:" label */
		if (t[0].n > 1 && t[0].p[t[0].n - 1] == ':') {
			uint64_t v;
			if (!parse_num(t[0].p, t[0].n - 1, &v)) {
				err(a, line, t[0].col, "bad offset label '%.*s%s'", GK_QUOTE_LEN(t[0].n), t[0].p, GK_QUOTE_MORE(t[0].n));
				return;
			}
			k = 1;
		}
		if (k >= nt) {
			err(a, line, t[0].col, "label without a packet");
			return;
		}
		if (tok_is(&t[k], ".long")) {
			a->raw = true;
			raw_tokens(a, line, t + k + 1, nt - k - 1);
			return;
		}
		a->d = gk_format_find(a->fmt, t[k].p, t[k].n);
		if (!a->d) {
			err(a, line, t[k].col, "unknown packet %.*s%s", GK_QUOTE_LEN(t[k].n), t[k].p, GK_QUOTE_MORE(t[k].n));
			return;
		}
		add_field_tokens(a, line, t + k + 1, nt - k - 1);
		return;
	}
	if (!a->active) {
		err(a, line, t[0].col, "indented line outside a packet");
		return;
	}
	if (a->raw) {
		unsigned k = tok_is(&t[0], ".long") ? 1 : 0;
		raw_tokens(a, line, t + k, nt - k);
		return;
	}
	if (!a->d)
		return; /* already reported */
	const struct gk_packet_desc *d = a->d;
	if (tok_is(&t[0], "EXTRA")) {
		data_tokens(a, line, t + 1, nt - 1, true);
		return;
	}
	if (d->tail == GK_TAIL_DATA && tok_is(&t[0], d->tail_name)) {
		data_tokens(a, line, t + 1, nt - 1, false);
		return;
	}
	for (unsigned k = 0; k < nt && k < 3; k++)
		if (tok_is(&t[k], "<-")) {
			if (d->tail != GK_TAIL_REGS) {
				err(a, line, t[k].col, "%s does not write registers", d->name);
				return;
			}
			register_line(a, line, t, nt, k);
			return;
		}
	if (d->tail == GK_TAIL_GROUPS) {
		if (a->extra.n) {
			err(a, line, t[0].col, "group after EXTRA words");
			return;
		}
		group_line(a, line, t, nt);
		return;
	}
	add_field_tokens(a, line, t, nt);
}

unsigned gk_asm_finish(struct gk_asm *a)
{
	if (!a)
		return 0;
	finish_packet(a);
	return a->out.errors;
}
