/* The lint evaluator: interprets the rule rows of lint_rules.c against a
 * register state ("Radeon Evergreen/Northern Islands Acceleration" §2-§8).
 * It names no register or field itself: every name comes from a row and is
 * resolved through the generation's register table. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/desc.h"
#include "gfxkit/lint.h"
#include "gfxkit/regdb.h"
#include "gfxkit/stream.h"
#include "lint_rules.h"
#include "quote.h" /* src/core */

enum tv { T_FALSE, T_TRUE, T_UNKNOWN };

/* An operand resolved for one index. */
struct opnd {
	enum { O_NONE, O_REG, O_PKT, O_INDEX } kind;
	uint32_t addr;
	const struct gk_reg *reg;          /* NULL for a REG@ADDR the table lacks */
	const struct gk_reg_field *field;  /* value names, when the table has them */
	uint8_t lo, hi;
	char name[64];                     /* the name with indices filled in */
	/* read */
	int known;                         /* value read (register written / packet field present) */
	uint32_t value, raw;
};

/* Operands resolved during one gk_lint_event, by pattern and indices: the
 * rows name the same registers again and again, and a name lookup costs
 * more than the rest of a term. */
#define LINT_CACHE 512
struct cached {
	const char *pat;     /* NULL: empty slot */
	uint8_t i, j, ok, kind;
	uint8_t lo, hi;
	uint32_t addr;
	const struct gk_reg *reg;
	const struct gk_reg_field *field;
};

struct ctx {
	const struct gk_format *fmt;
	const struct gk_lint_event *ev;
	const struct gk_lint_regs *regs;
	unsigned i, j;
	struct cached *cache;
};

static int gen_bit(const struct gk_format *fmt)
{
	if (!fmt || !fmt->family || !fmt->gen || !fmt->regs || strcmp(fmt->family, "pm4"))
		return 0;
	if (!strcmp(fmt->gen, "evergreen"))
		return GK_LINT_EVERGREEN;
	if (!strcmp(fmt->gen, "cayman"))
		return GK_LINT_CAYMAN;
	return 0;
}

/* pat with '#' -> i and '$' -> j; 0 when it does not fit. */
static int subst(const char *pat, size_t n, unsigned i, unsigned j, char *buf, size_t cap)
{
	size_t k = 0;
	for (size_t p = 0; p < n; p++) {
		if (pat[p] != '#' && pat[p] != '$') {
			if (k + 1 >= cap)
				return 0;
			buf[k++] = pat[p];
			continue;
		}
		int l = snprintf(buf + k, cap - k, "%u", pat[p] == '#' ? i : j);
		if (l < 0 || k + (size_t)l >= cap)
			return 0;
		k += (size_t)l;
	}
	buf[k] = 0;
	return 1;
}

/* The field called fname of register rname (rname may have an index): the
 * register's own, else its index-0 sibling's (the tables give an indexed
 * family's layout once), else the guide's. */
static int find_field(const struct gk_reg_table *t, const struct gk_reg *r, const char *rname, const char *fname,
		      struct opnd *o)
{
	size_t fl = strlen(fname);
	const struct gk_reg_field *f = r ? gk_reg_field_by_name(r, fname, fl) : NULL;
	if (!f && r) {
		char sib[64];
		size_t k = 0, p = 0, n = strlen(rname);
		while (p < n && (rname[p] < '0' || rname[p] > '9') && k + 1 < sizeof sib)
			sib[k++] = rname[p++];
		if (p < n && k + 2 < sizeof sib) {
			sib[k++] = '0';
			while (p < n && rname[p] >= '0' && rname[p] <= '9')
				p++;
			while (p < n && k + 1 < sizeof sib)
				sib[k++] = rname[p++];
			sib[k] = 0;
			const struct gk_reg *r0 = p == n ? gk_reg_by_name(t, sib, k) : NULL;
			if (r0)
				f = gk_reg_field_by_name(r0, fname, fl);
		}
	}
	if (f) {
		o->field = f;
		o->lo = f->lo;
		o->hi = f->hi;
		return 1;
	}
	for (size_t g = 0; g < gk_lint_nguide_fields; g++) {
		const struct lint_guide_field *gf = &gk_lint_guide_fields[g];
		if (!strcmp(gf->reg, rname) && !strcmp(gf->field, fname)) {
			o->lo = gf->lo;
			o->hi = gf->hi;
			return 1;
		}
	}
	return 0;
}

static int resolve_name(const struct ctx *c, const char *pat, struct opnd *o);

/* Resolve (not read) operand pat for the context's indices. */
static int resolve(const struct ctx *c, const char *pat, struct opnd *o)
{
	if (!pat || !c->cache)
		return resolve_name(c, pat, o);
	/* a name without '#' or '$' is the same for every index */
	unsigned ki = strchr(pat, '#') ? c->i : 0, kj = strchr(pat, '$') ? c->j : 0;
	size_t h = ((size_t)(uintptr_t)pat * 31 + ki * 7 + kj) % LINT_CACHE;
	for (size_t probe = 0; probe < 8; probe++, h = (h + 1) % LINT_CACHE) {
		struct cached *e = &c->cache[h];
		if (e->pat == pat && e->i == ki && e->j == kj) {
			memset(o, 0, sizeof *o);
			if (!e->ok)
				return 0;
			o->kind = e->kind;
			o->addr = e->addr;
			o->reg = e->reg;
			o->field = e->field;
			o->lo = e->lo;
			o->hi = e->hi;
			if (!strcmp(pat, "#"))
				snprintf(o->name, sizeof o->name, "index");
			else
				subst(pat, strlen(pat), c->i, c->j, o->name, sizeof o->name);
			return 1;
		}
		if (!e->pat) {
			int ok = resolve_name(c, pat, o);
			e->pat = pat;
			e->i = (uint8_t)ki;
			e->j = (uint8_t)kj;
			e->ok = (uint8_t)ok;
			e->kind = (uint8_t)o->kind;
			e->addr = o->addr;
			e->reg = o->reg;
			e->field = o->field;
			e->lo = o->lo;
			e->hi = o->hi;
			return ok;
		}
	}
	return resolve_name(c, pat, o); /* a full neighbourhood: not cached */
}

static int resolve_name(const struct ctx *c, const char *pat, struct opnd *o)
{
	memset(o, 0, sizeof *o);
	if (!pat)
		return 0;
	if (!strcmp(pat, "#")) {
		o->kind = O_INDEX;
		snprintf(o->name, sizeof o->name, "index");
		return 1;
	}
	if (!subst(pat, strlen(pat), c->i, c->j, o->name, sizeof o->name))
		return 0;
	if (o->name[0] == '@') {
		o->kind = O_PKT;
		o->lo = 0;
		o->hi = 31;
		return o->name[1] != 0;
	}
	char rname[64];
	const char *dot = strchr(o->name, '.');
	size_t rl = dot ? (size_t)(dot - o->name) : strlen(o->name);
	if (rl >= sizeof rname)
		return 0;
	memcpy(rname, o->name, rl);
	rname[rl] = 0;
	char *at = strchr(rname, '@');
	uint32_t addr = 0;
	if (at) {
		addr = (uint32_t)strtoul(at + 1, NULL, 0);
		*at = 0;
	}
	const struct gk_reg_table *t = c->fmt->regs;
	o->reg = gk_reg_by_name(t, rname, strlen(rname));
	if (o->reg)
		o->addr = o->reg->offset;
	else if (at && addr)
		o->addr = addr;
	else
		return 0;
	o->kind = O_REG;
	o->lo = 0;
	o->hi = 31;
	if (dot && !find_field(t, o->reg, rname, dot + 1, o))
		return 0;
	return 1;
}

static void read_opnd(const struct ctx *c, struct opnd *o)
{
	o->known = 0;
	if (o->kind == O_INDEX) {
		o->known = 1;
		o->value = o->raw = c->i;
	} else if (o->kind == O_REG) {
		uint32_t v = 0;
		if (c->regs->get && c->regs->get(c->regs->ctx, o->addr, &v) == 1) {
			o->known = 1;
			o->raw = v;
			unsigned w = (unsigned)(o->hi - o->lo + 1);
			o->value = (v >> o->lo) & (w >= 32 ? 0xffffffffu : ((1u << w) - 1));
		}
	} else if (o->kind == O_PKT && c->ev->pkt) {
		uint64_t v = 0;
		if (gk_packet_field(c->fmt, c->ev->pkt, o->name + 1, &v) == 0) {
			o->known = 1;
			o->value = o->raw = (uint32_t)v;
		}
	}
}

/* A value string: a number, or a value name of o's field. */
static int value_of(const struct opnd *o, const char *s, uint32_t *v)
{
	if (!s)
		return 0;
	if (s[0] >= '0' && s[0] <= '9') {
		char *end;
		unsigned long x = strtoul(s, &end, 0);
		*v = (uint32_t)x;
		return *end == 0;
	}
	return o->field && gk_reg_value_by_name(o->field, s, strlen(s), v) == 0;
}

/* Text appended to a bounded buffer. */
struct txt {
	char *p;
	size_t n, cap;
};

static void put(struct txt *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct txt *t, const char *fmt, ...)
{
	if (t->n + 1 >= t->cap)
		return;
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(t->p + t->n, t->cap - t->n, fmt, ap);
	va_end(ap);
	if (k > 0 && t->n + (size_t)k < t->cap) {
		t->n += (size_t)k;
	} else if (k > 0) {
		/* cut: say so rather than end mid-word */
		t->n = t->cap - 1;
		if (t->cap > 4)
			memcpy(t->p + t->cap - 4, "...", 4);
	}
}

/* A value as its name, else a field's in decimal (a count, a coordinate),
 * a whole register's (an address, a mask) in hex. */
static void put_value(struct txt *t, const struct opnd *o, uint32_t v)
{
	const char *nm = o->field ? gk_reg_value_name(o->field, v) : NULL;
	int field = o->kind == O_REG && (o->lo || o->hi != 31);
	if (nm)
		put(t, "%s", nm);
	else if (v < 10 || field)
		put(t, "%u", v);
	else
		put(t, "0x%x", v);
}

/* Evaluate one term; when it is false and t is not NULL, say why. */
static enum tv eval_term(const struct ctx *c, const struct lint_term *tm, struct txt *t)
{
	struct opnd a, b;
	if (!resolve(c, tm->a, &a))
		return T_UNKNOWN;
	read_opnd(c, &a);
	if (tm->op == L_WRITTEN || tm->op == L_UNWRITTEN) {
		if (a.kind != O_REG)
			return T_UNKNOWN;
		int ok = tm->op == L_WRITTEN ? a.known : !a.known;
		if (!ok && t) {
			if (tm->op == L_WRITTEN)
				put(t, "%s never written (must be programmed)", a.name);
			else
				put(t, "%s written (0x%x), must not be on this generation", a.name, a.raw);
		}
		return ok ? T_TRUE : T_FALSE;
	}
	int has_b = tm->op == L_EQF || tm->op == L_LEF || tm->op == L_GTF || tm->op == L_NIBBLESF;
	if (has_b) {
		if (!resolve(c, tm->b, &b))
			return T_UNKNOWN;
		read_opnd(c, &b);
	}
	if (!a.known || (has_b && !b.known)) {
		if (tm->unw == U_TRUE)
			return T_TRUE;
		if (tm->unw == U_FALSE)
			return T_FALSE;
		return T_UNKNOWN;
	}
	uint32_t v[LINT_MAXV];
	size_t nv = 0;
	for (; nv < LINT_MAXV && tm->v[nv]; nv++)
		if (!value_of(&a, tm->v[nv], &v[nv]))
			return T_UNKNOWN;
	int ok = 0;
	unsigned nib = 0;
	switch (tm->op) {
	case L_EQ: ok = nv >= 1 && a.value == v[0]; break;
	case L_NE: ok = nv >= 1 && a.value != v[0]; break;
	case L_IN:
	case L_NOTIN:
		for (size_t k = 0; k < nv; k++)
			ok |= a.value == v[k];
		if (tm->op == L_NOTIN)
			ok = !ok;
		break;
	case L_RANGE: ok = nv >= 2 && a.value >= v[0] && a.value <= v[1]; break;
	case L_MASKEQ: ok = nv >= 2 && (a.value & v[0]) == v[1]; break;
	case L_EQF: ok = a.value == b.value; break;
	case L_LEF: ok = a.value <= b.value; break;
	case L_GTF: ok = a.value > b.value; break;
	case L_NIBBLESF:
		for (unsigned k = 0; k < 32; k += 4)
			nib += (a.value >> k & 0xf) != 0;
		ok = nib == b.value;
		break;
	default: return T_UNKNOWN;
	}
	if (!ok && t) {
		put(t, "%s=", a.name);
		put_value(t, &a, a.value);
		switch (tm->op) {
		case L_EQ: put(t, ", required "); put_value(t, &a, v[0]); break;
		case L_NE: put(t, ", required not "); put_value(t, &a, v[0]); break;
		case L_IN:
			put(t, ", required one of ");
			for (size_t k = 0; k < nv; k++) {
				put(t, k ? "|" : "");
				put_value(t, &a, v[k]);
			}
			break;
		case L_NOTIN: put(t, ", not allowed"); break;
		case L_RANGE:
			put(t, ", required ");
			put_value(t, &a, v[0]);
			put(t, "..");
			put_value(t, &a, v[1]);
			break;
		case L_MASKEQ: put(t, ", required (value & 0x%x) == 0x%x", v[0], v[1]); break;
		case L_NIBBLESF: put(t, " enables %u outputs, required %s=%u", nib, b.name, b.value); break;
		default:
			put(t, ", required %s %s=", tm->op == L_EQF ? "==" : tm->op == L_LEF ? "<=" : ">", b.name);
			put_value(t, &b, b.value);
			break;
		}
	}
	return ok ? T_TRUE : T_FALSE;
}

/* Conditions (t NULL) or requirements (t: the failing groups described):
 * T_TRUE when every group holds. */
static enum tv eval_terms(const struct ctx *c, const struct lint_term *terms, struct txt *t, int *nfail)
{
	enum tv all = T_TRUE;
	for (size_t k = 0; k < LINT_MAXT && terms[k].a;) {
		size_t end = k;
		while (end + 1 < LINT_MAXT && terms[end].or_next && terms[end + 1].a)
			end++;
		enum tv g = T_FALSE;
		for (size_t m = k; m <= end; m++) {
			enum tv x = eval_term(c, &terms[m], NULL);
			if (x == T_TRUE) {
				g = T_TRUE;
				break;
			}
			if (x == T_UNKNOWN)
				g = T_UNKNOWN;
		}
		if (g == T_FALSE) {
			all = T_FALSE;
			if (!t)
				return T_FALSE;
			put(t, (*nfail)++ ? "; " : "");
			eval_term(c, &terms[k], t); /* the group's first term says why */
			if (end > k)
				put(t, " (or %zu alternative%s)", end - k, end - k > 1 ? "s" : "");
		} else if (g == T_UNKNOWN && all == T_TRUE) {
			all = T_UNKNOWN;
		}
		k = end + 1;
	}
	return all;
}

static void check_one(const struct ctx *c, const struct lint_rule *r, struct gk_diags *out, const struct gk_packet *pkt,
		      int *broken)
{
	if (eval_terms(c, r->cond, NULL, NULL) != T_TRUE)
		return;
	char buf[256];
	struct txt t = { buf, 0, sizeof buf };
	buf[0] = 0;
	put(&t, "%s (§%s): ", r->id, r->section);
	int nfail = 0;
	if (eval_terms(c, r->req, &t, &nfail) != T_FALSE)
		return;
	(*broken)++;
	/* the register the first requirement names: a stable name from the table */
	struct opnd a;
	const char *field = NULL;
	if (resolve(c, r->req[0].a, &a) && a.reg)
		field = a.reg->name;
	struct gk_diag *d = gk_diags_add(out, pkt, r->warn ? GK_WARNING : GK_ERROR, GK_D_LINT, -1, -1, -1, field, "%s", buf);
	if (d) {
		d->rule = r->id;
		d->section = r->section;
	}
}

unsigned gk_lint_generation(const struct gk_format *fmt)
{
	return (unsigned)gen_bit(fmt);
}

int gk_lint_event(const struct gk_format *fmt, const struct gk_lint_event *ev, const struct gk_lint_regs *regs,
		  const struct gk_lint_select *sel, struct gk_diags *out)
{
	int gb = gen_bit(fmt);
	if (!gb || !ev || !regs || !out)
		return -1;
	struct gk_packet none;
	memset(&none, 0, sizeof none);
	const struct gk_packet *pkt = ev->pkt ? ev->pkt : &none;
	struct cached cache[LINT_CACHE];
	memset(cache, 0, sizeof cache);
	struct ctx c = { fmt, ev, regs, 0, 0, cache };
	int broken = 0;
	for (size_t k = 0; k < gk_lint_nrules && k < GK_LINT_MAX_RULES; k++) {
		const struct lint_rule *r = &gk_lint_rules[k];
		if (!(r->gens & gb) || !(r->when & ev->kind))
			continue;
		if (sel && !(sel->on[k / 64] >> (k % 64) & 1))
			continue;
		if (!r->indexed) {
			c.i = c.j = 0;
			check_one(&c, r, out, pkt, &broken);
			continue;
		}
		for (unsigned i = r->i0; i <= r->i1; i++) {
			c.i = i;
			if (!r->pair) {
				c.j = 0;
				check_one(&c, r, out, pkt, &broken);
				continue;
			}
			for (unsigned j = i + 1; j <= r->i1; j++) {
				c.j = j;
				check_one(&c, r, out, pkt, &broken);
			}
		}
	}
	return broken;
}

/* ---- the table, for listing and selecting ---- */

size_t gk_lint_rule_count(void)
{
	return gk_lint_nrules < GK_LINT_MAX_RULES ? gk_lint_nrules : GK_LINT_MAX_RULES;
}

int gk_lint_rule_at(size_t i, struct gk_lint_rule_info *out)
{
	if (!out || i >= gk_lint_rule_count())
		return -1;
	const struct lint_rule *r = &gk_lint_rules[i];
	out->id = r->id;
	out->section = r->section;
	out->gens = r->gens;
	out->when = r->when;
	out->severity = r->warn ? GK_WARNING : GK_ERROR;
	out->text = r->text;
	return 0;
}

void gk_lint_select_all(struct gk_lint_select *sel)
{
	if (!sel)
		return;
	memset(sel, 0, sizeof *sel);
	for (size_t k = 0; k < gk_lint_rule_count(); k++)
		sel->on[k / 64] |= 1ull << (k % 64);
}

/* Does item (not NUL-terminated) name rule r: its id, its section or a
 * section above it, or "all"? */
static int item_names(const char *item, size_t n, const struct lint_rule *r)
{
	if (n == 3 && !memcmp(item, "all", 3))
		return 1;
	if (strlen(r->id) == n && !memcmp(r->id, item, n))
		return 1;
	size_t sl = strlen(r->section);
	return sl >= n && !memcmp(r->section, item, n) && (sl == n || r->section[n] == '.');
}

int gk_lint_select_parse(struct gk_lint_select *sel, const char *list, size_t len, struct gk_diag *err)
{
	if (!sel || (!list && len))
		return -1;
	memset(sel, 0, sizeof *sel);
	size_t p = 0, nitems = 0;
	while (p <= len) {
		size_t q = p;
		while (q < len && list[q] != ',')
			q++;
		size_t a = p, b = q;
		while (a < b && (list[a] == ' ' || list[a] == '\t'))
			a++;
		while (b > a && (list[b - 1] == ' ' || list[b - 1] == '\t'))
			b--;
		if (a < b) {
			int neg = list[a] == '-';
			if (neg)
				a++;
			if (neg && !nitems)
				gk_lint_select_all(sel);
			nitems++;
			int hit = 0;
			for (size_t k = 0; a < b && k < gk_lint_rule_count(); k++) {
				if (!item_names(list + a, b - a, &gk_lint_rules[k]))
					continue;
				hit = 1;
				if (neg)
					sel->on[k / 64] &= ~(1ull << (k % 64));
				else
					sel->on[k / 64] |= 1ull << (k % 64);
			}
			if (!hit) {
				if (err) {
					memset(err, 0, sizeof *err);
					err->severity = GK_ERROR;
					err->code = GK_D_SYNTAX;
					err->dw = -1;
					err->lo = err->hi = -1;
					err->offset = a;
					snprintf(err->message, sizeof err->message, "--rules: '%.*s%s' names no rule or section",
						 GK_QUOTE_LEN(b - a), list + a, GK_QUOTE_MORE(b - a));
				}
				return -1;
			}
		}
		p = q + 1;
	}
	return 0;
}
