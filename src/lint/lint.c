/* The lint evaluator: interprets the rule rows of lint_rules.c against a
 * register state ("Radeon Evergreen/Northern Islands Acceleration" §2-§8).
 * It names no register or field itself: every name comes from a row.
 *
 * gk_lint_open prepares a format once: each rule of its generation is
 * unrolled over its indices and every operand resolved through the
 * generation's register table (register, field bits, value names, the
 * numbers and value names a term compares with), so an event reads
 * registers and compares numbers, nothing else.  Operands on the draw or
 * dispatch packet itself ("@FIELD") are read from its decoded unit, by a
 * field index resolved at the first packet of each description.
 *
 * The linter also knows, per unrolled rule, the registers it reads (its
 * dependency set): an event reads every such register once, and only the
 * rules whose registers changed since the last event are evaluated again;
 * the others keep their result (and a broken one its message). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/desc.h"
#include "gfxkit/lint.h"
#include "gfxkit/regdb.h"
#include "gfxkit/stream.h"
#include "gfxkit/unit.h"
#include "layout.h" /* src/core: gk_field_index, gk_unit_field_at */
#include "lint_rules.h"
#include "quote.h" /* src/core */

enum tv { T_FALSE, T_TRUE, T_UNKNOWN };

/* An operand resolved for one index (i, j). */
struct lop {
	uint8_t kind;                      /* enum okind */
	uint8_t lo, hi;                    /* its bits in the register (a packet field: 0..31) */
	uint8_t pkt;                       /* O_PKT: which of the linter's packet fields */
	uint32_t addr;
	uint32_t dep;                      /* O_REG: its register's index in the linter's dependencies */
	const struct gk_reg *reg;          /* NULL for a REG@ADDR the table lacks */
	const struct gk_reg_field *field;  /* value names, when the table has them */
};
enum okind { O_NONE, O_REG, O_PKT, O_INDEX };

/* A term resolved for one index: its operands and the values it compares
 * with (vbad: one of them is neither a number nor a value name of a) */
struct lterm {
	struct lop a, b;
	uint8_t op, unw, or_next; /* the row's (enum lint_op, enum lint_unw, this term OR the next) */
	uint8_t fast;     /* a field of a register compared with numbers: fast_term decides when written */
	uint32_t mask;    /* fast: a's field mask, after the shift by a.lo */
	/* its operands' names with the indices filled in, for messages (offsets
	 * in l->names): a, b, the two factors */
	uint32_t name[4];
	uint8_t nv, vbad;
	uint8_t need;     /* a requirement of a need row: never written breaks it */
	uint8_t has_dflt; /* dflt: a's value when never written (the guide's default) */
	uint8_t nmul;     /* a is multiplied by l->muls[mul .. mul + nmul - 1] */
	uint32_t dflt;
	uint32_t mul;
	uint32_t v[LINT_MAXV];
};

/* a rule unrolled: one instance per index (pair), each with its cond then
 * its req terms in l->terms from .terms; its last result is kept (the
 * linter's bitmaps: dirty, to evaluate again; pkt, it reads the packet, so
 * always; broken) */
struct linst {
	uint8_t i, j;
	uint8_t has_msg;
	uint16_t rule;          /* its row in gk_lint_rules */
	uint16_t msg_len;       /* has_msg: its message's length */
	uint32_t terms;
	const char *field;      /* broken: the diagnostic's field */
	uint32_t msg;           /* broken: its message, at l->msgs + msg * LINT_MSG */
};

#define LINT_MSG sizeof(((struct gk_diag *)0)->message)

#define DEP_BLK 16 /* deps_read compares the register state in blocks of this many */
#define LINT_PKT_FIELDS 8 /* distinct "@FIELD" names the rows may give */
#define IX_UNSET 0xfe

struct gk_lint {
	const struct gk_format *fmt;
	unsigned gen;
	struct {
		uint32_t inst, ninst;
		uint8_t nc, nr;
	} rules[GK_LINT_MAX_RULES];
	struct linst *inst;
	uint32_t ninst, nw; /* instances; 64-bit words of each bitmap below */
	/* One bit per instance (bit i % 64 of word i / 64), so that an event
	 * visits only the instances it must: those of a selected rule for the
	 * event's kind (elig) that are dirty, read the packet or are broken.
	 * Walking the 390 instances of evergreen one by one at each event was
	 * 20 M of the 245 M instructions of `gfxkit lint` on the Evergreen
	 * bench stream's quarter (callgrind). */
	uint64_t *dirty, *pkt, *broken;
	uint64_t *warn; /* the instances of warning rules (for counting in bulk) */
	/* elig[0 .. nw-1] for draws, elig[nw .. 2nw-1] for dispatches: the
	 * instances of the rules elig_key selects (computed again when the
	 * caller's selection changes) */
	uint64_t *elig;
	struct gk_lint_select elig_key;
	bool elig_ok;
	struct lterm *terms;
	/* the packet fields rules name, and their index per description of fmt */
	const char *pkt_name[LINT_PKT_FIELDS];
	unsigned npkt;
	uint8_t pkt_ix[GK_MAX_DESCS][LINT_PKT_FIELDS];
	/* Every register the rules read (addresses, in the order below), the
	 * register state as last read (set: written), and which instances read
	 * each: for register d, the words dep_word[dep_first[d] ..
	 * dep_first[d + 1]] of the instance bitmaps with the bits dep_mask[..]
	 * (the instances of an indexed rule that share a register are one
	 * word: marking a changed register's readers dirty was 3 M of 195 M
	 * instructions one instance at a time).  An event reads these once and
	 * evaluates only the instances whose registers changed. */
	uint32_t ndeps;
	uint32_t *dep_addr, *dep_val, *dep_first, *dep_inst, *dep_word;
	uint64_t *dep_mask;
	uint8_t *dep_set;
	/* where an event's reads land before they are compared with
	 * dep_val/dep_set (and copied there) */
	uint32_t *dep_nval;
	uint8_t *dep_nset;
	/* The registers are ordered: those only draw rules read, those both
	 * read, those only dispatch rules read.  A draw reads
	 * [0, dep_draw_end), a dispatch [dep_disp_first, ndeps): of
	 * evergreen's 235, a draw reads 198 and a dispatch 65 (4.7 M of 206 M
	 * instructions on the bench stream's quarter, 98% draws). */
	uint32_t dep_disp_first, dep_draw_end;
	/* The registers again by address, in blocks of one bit of the caller's
	 * gk_lint_regs.written each: block j is blk_addr[blk_first[j] ..
	 * blk_first[j + 1]), the registers blk_dep[..], its bit blk_bit[j].
	 * With the bitmap an event reads only the blocks written since it last
	 * read them: on the Evergreen bench stream, where 2-4 SET_CONTEXT_REG
	 * runs come between draws, reading the ~200 registers of every draw
	 * was 21 M of `gfxkit lint`'s 158 M instructions (callgrind,
	 * pm4-evergreen-quarter.bin).  primed: the state as last read is
	 * whole (a read of every block since the last event without a
	 * bitmap), so a clear bit means "not changed". */
	uint32_t nblk;
	uint32_t *blk_addr, *blk_dep, *blk_first, *blk_bit;
	bool primed;
	bool elig_any[2]; /* some instance runs at a draw, a dispatch */
	/* the factor operands of the terms that multiply (lint_term.mul) */
	struct lop *muls;
	uint32_t nmuls, cap_muls;
	char *msgs;  /* the broken instances' messages, LINT_MSG each */
	/* the operands' names (lterm.name), NUL-terminated, one after the other:
	 * filled in once rather than at each message (substituting the indices
	 * into the row's patterns was 8 M of 222 M instructions on the bench
	 * stream's quarter) */
	char *names;
	size_t nnames, cap_names;
	bool oom; /* a name could not be stored: gk_lint_open fails */
};

/* one event */
struct ctx {
	struct gk_lint *l;
	const struct gk_lint_event *ev;
	const struct gk_lint_regs *regs;
	const struct gk_unit *unit; /* the packet decoded (NULL: not yet, or none) */
	struct gk_unit *own;        /* where it is decoded when the caller gave none */
	bool decoded;               /* unit says all there is */
	unsigned i, j;
};

/* An operand read: whether known, its value and whole register */
struct val {
	int known;
	uint32_t value, raw;
};

static unsigned gen_bit(const struct gk_format *fmt)
{
	return fmt && fmt->regs ? fmt->lint_gen : 0;
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
		/* the index in decimal (indices are below 256) */
		unsigned x = pat[p] == '#' ? i : j;
		char d[4];
		size_t nd = 0;
		do
			d[nd++] = (char)('0' + x % 10);
		while ((x /= 10) && nd < sizeof d);
		if (k + nd >= cap)
			return 0;
		while (nd)
			buf[k++] = d[--nd];
	}
	buf[k] = 0;
	return 1;
}

/* the operand alone is the index ("#") */
static bool is_index(const char *pat)
{
	return pat[0] == '#' && pat[1] == 0;
}

/* An operand's name for a message, indices filled in, stored in l->names:
 * its offset there. */
static uint32_t name_add(struct gk_lint *l, const char *pat, unsigned i, unsigned j)
{
	enum { MAXN = 64 }; /* as the messages' name buffers were: longer is cut */
	if (l->nnames + MAXN > l->cap_names) {
		size_t cap = l->cap_names ? 2 * l->cap_names : 8192;
		char *p = realloc(l->names, cap);
		if (!p) {
			l->oom = true;
			return 0;
		}
		l->names = p;
		l->cap_names = cap;
	}
	char *buf = l->names + l->nnames;
	size_t n;
	if (!pat || is_index(pat)) {
		memcpy(buf, "index", 6);
	} else if (!subst(pat, strlen(pat), i, j, buf, MAXN)) {
		n = strlen(pat);
		n = n < MAXN - 1 ? n : MAXN - 1;
		memcpy(buf, pat, n);
		buf[n] = 0;
	}
	n = strlen(buf) + 1;
	l->nnames += n;
	return (uint32_t)(l->nnames - n);
}

/* The field called fname of register rname (rname may have an index): the
 * register's own, else its index-0 sibling's (the tables give an indexed
 * family's layout once), else the guide's. */
static int find_field(const struct gk_reg_table *t, const struct gk_reg *r, const char *rname, const char *fname,
		      struct lop *o)
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

/* the linter's slot of packet field name (-1: too many) */
static int pkt_slot(struct gk_lint *l, const char *name)
{
	for (unsigned k = 0; k < l->npkt; k++)
		if (!strcmp(l->pkt_name[k], name))
			return (int)k;
	if (l->npkt == LINT_PKT_FIELDS)
		return -1;
	l->pkt_name[l->npkt] = name;
	return (int)l->npkt++;
}

/* Resolve operand pat for indices i, j (kind O_NONE: it cannot be). */
static void resolve(struct gk_lint *l, const char *pat, unsigned i, unsigned j, struct lop *o)
{
	memset(o, 0, sizeof *o);
	if (!pat)
		return;
	if (is_index(pat)) {
		o->kind = O_INDEX;
		return;
	}
	char name[64];
	if (!subst(pat, strlen(pat), i, j, name, sizeof name))
		return;
	if (name[0] == '@') {
		/* a packet field: its name is the pattern's own (rows give none with an index) */
		int k = name[1] && !strchr(pat, '#') && !strchr(pat, '$') ? pkt_slot(l, pat + 1) : -1;
		if (k < 0)
			return;
		o->kind = O_PKT;
		o->pkt = (uint8_t)k;
		o->hi = 31;
		return;
	}
	char rname[64];
	const char *dot = strchr(name, '.');
	size_t rl = dot ? (size_t)(dot - name) : strlen(name);
	if (rl >= sizeof rname)
		return;
	memcpy(rname, name, rl);
	rname[rl] = 0;
	char *at = strchr(rname, '@');
	uint32_t addr = 0;
	if (at) {
		addr = (uint32_t)strtoul(at + 1, NULL, 0);
		*at = 0;
	}
	const struct gk_reg_table *t = l->fmt->regs;
	o->reg = gk_reg_by_name(t, rname, strlen(rname));
	if (o->reg)
		o->addr = o->reg->offset;
	else if (at && addr)
		o->addr = addr;
	else
		return;
	o->lo = 0;
	o->hi = 31;
	if (dot && !find_field(t, o->reg, rname, dot + 1, o))
		return;
	o->kind = O_REG;
}

/* A value string: a number, or a value name of o's field. */
static int value_of(const struct lop *o, const char *s, uint32_t *v)
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

static void resolve_term(struct gk_lint *l, const struct lint_term *tm, unsigned i, unsigned j, bool need,
			 struct lterm *out)
{
	resolve(l, tm->a, i, j, &out->a);
	resolve(l, tm->b, i, j, &out->b);
	out->fast = 0;
	out->mask = 0;
	out->op = tm->op;
	out->unw = tm->unw;
	out->or_next = tm->or_next;
	out->name[0] = name_add(l, tm->a, i, j);
	out->name[1] = tm->b ? name_add(l, tm->b, i, j) : out->name[0];
	out->name[2] = tm->mul[0] ? name_add(l, tm->mul[0], i, j) : out->name[0];
	out->name[3] = tm->mul[0] && tm->mul[1] ? name_add(l, tm->mul[1], i, j) : out->name[0];
	out->nv = 0;
	out->vbad = 0;
	out->need = need && tm->unw == U_UNKNOWN;
	out->nmul = 0;
	out->mul = l->nmuls;
	for (unsigned k = 0; k < 2 && tm->mul[k]; k++) {
		if (l->nmuls == l->cap_muls) {
			uint32_t cap = l->cap_muls ? 2 * l->cap_muls : 16;
			struct lop *m = realloc(l->muls, cap * sizeof *m);
			if (!m) {
				out->vbad = 1; /* out of memory: the term is unknown */
				return;
			}
			l->muls = m;
			l->cap_muls = cap;
		}
		resolve(l, tm->mul[k], i, j, &l->muls[l->nmuls++]);
		out->nmul++;
	}
	out->has_dflt = tm->dflt && value_of(&out->a, tm->dflt, &out->dflt);
	if (tm->dflt && !out->has_dflt)
		out->vbad = 1; /* a default that names no value: the term is unknown */
	for (; out->nv < LINT_MAXV && tm->v[out->nv]; out->nv++)
		if (!value_of(&out->a, tm->v[out->nv], &out->v[out->nv]))
			out->vbad = 1;
	unsigned w = (unsigned)(out->a.hi - out->a.lo + 1);
	out->mask = w >= 32 ? 0xffffffffu : (1u << w) - 1;
	out->fast = out->a.kind == O_REG && !out->nmul && !out->vbad &&
		    ((out->op == L_EQ && out->nv >= 1) || (out->op == L_NE && out->nv >= 1) || out->op == L_IN ||
		     out->op == L_NOTIN || (out->op == L_RANGE && out->nv >= 2));
}

static unsigned count_terms(const struct lint_term *t)
{
	unsigned n = 0;
	while (n < LINT_MAXT && t[n].a)
		n++;
	return n;
}

void gk_lint_close(struct gk_lint *l)
{
	if (!l)
		return;
	free(l->inst);
	free(l->dirty);
	free(l->pkt);
	free(l->broken);
	free(l->warn);
	free(l->elig);
	free(l->terms);
	free(l->dep_addr);
	free(l->dep_val);
	free(l->dep_nval);
	free(l->dep_nset);
	free(l->dep_first);
	free(l->dep_inst);
	free(l->dep_word);
	free(l->dep_mask);
	free(l->dep_set);
	free(l->blk_addr);
	free(l->blk_dep);
	free(l->blk_first);
	free(l->blk_bit);
	free(l->msgs);
	free(l->muls);
	free(l->names);
	free(l);
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

static uint32_t dep_of(const struct gk_lint *l, uint32_t addr)
{
	uint32_t lo = 0, hi = l->ndeps;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (l->dep_addr[mid] < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The rules' dependency sets, computed once from the resolved terms:
 * every register operand's address (sorted, unique), and for each register
 * the instances that read it; an instance with a packet operand is marked
 * to run at every event.  0, or -1 out of memory. */
/* The register operands of term t (up to 4: a, b and two factors). */
static unsigned term_ops(struct gk_lint *l, struct lterm *tm, struct lop **ops)
{
	unsigned n = 0;
	ops[n++] = &tm->a;
	ops[n++] = &tm->b;
	for (unsigned k = 0; k < tm->nmul && k < 2; k++)
		ops[n++] = &l->muls[tm->mul + k];
	return n;
}

static int deps_build(struct gk_lint *l, uint32_t ninst, uint32_t nterms)
{
	uint32_t *all = malloc(((size_t)nterms * 2 + l->nmuls + 1) * sizeof *all);
	if (!all)
		return -1;
	uint32_t n = 0;
	for (uint32_t t = 0; t < nterms; t++) {
		if (l->terms[t].a.kind == O_REG)
			all[n++] = l->terms[t].a.addr;
		if (l->terms[t].b.kind == O_REG)
			all[n++] = l->terms[t].b.addr;
	}
	for (uint32_t k = 0; k < l->nmuls; k++)
		if (l->muls[k].kind == O_REG)
			all[n++] = l->muls[k].addr;
	qsort(all, n, sizeof *all, cmp_u32);
	uint32_t nd = 0;
	for (uint32_t k = 0; k < n; k++)
		if (!nd || all[nd - 1] != all[k])
			all[nd++] = all[k];
	l->ndeps = nd;
	l->dep_addr = all;
	l->dep_val = calloc(nd + 1, sizeof *l->dep_val);
	l->dep_set = calloc(nd + 1, 1);
	l->dep_nval = calloc(nd + 1, sizeof *l->dep_nval);
	l->dep_nset = calloc(nd + 1, 1);
	l->dep_first = calloc(nd + 2, sizeof *l->dep_first);
	l->dep_inst = malloc(((size_t)nterms * 2 + l->nmuls + 1) * sizeof *l->dep_inst);
	uint8_t *when = calloc(nd + 1, 1);
	uint32_t *perm = malloc((nd + 1) * sizeof *perm);
	if (!l->dep_val || !l->dep_set || !l->dep_nval || !l->dep_nset || !l->dep_first || !l->dep_inst || !when ||
	    !perm) {
		free(when);
		free(perm);
		return -1;
	}
	/* each register's index by address, and which events read it */
	for (uint32_t i = 0; i < ninst; i++) {
		uint32_t end = i + 1 < ninst ? l->inst[i + 1].terms : nterms;
		for (uint32_t t = l->inst[i].terms; t < end; t++) {
			struct lop *ops[4];
			for (unsigned o = 0, no = term_ops(l, &l->terms[t], ops); o < no; o++) {
				if (ops[o]->kind == O_PKT)
					l->pkt[i / 64] |= 1ull << (i % 64);
				if (ops[o]->kind != O_REG)
					continue;
				ops[o]->dep = dep_of(l, ops[o]->addr);
				when[ops[o]->dep] |= gk_lint_rules[l->inst[i].rule].when;
			}
		}
	}
	/* ordered: draw only, both (or neither), dispatch only; by address in each */
	uint32_t count[3] = { 0, 0, 0 };
	for (uint32_t d = 0; d < nd; d++)
		count[when[d] == GK_LINT_DRAW ? 0 : when[d] == GK_LINT_DISPATCH ? 2 : 1]++;
	l->dep_disp_first = count[0];
	l->dep_draw_end = count[0] + count[1];
	uint32_t next[3] = { 0, count[0], count[0] + count[1] };
	for (uint32_t d = 0; d < nd; d++)
		perm[d] = next[when[d] == GK_LINT_DRAW ? 0 : when[d] == GK_LINT_DISPATCH ? 2 : 1]++;
	free(when);
	/* the blocks of the written bitmap, from the registers by address */
	l->blk_addr = malloc((nd + 1) * sizeof *l->blk_addr);
	l->blk_dep = malloc((nd + 1) * sizeof *l->blk_dep);
	l->blk_first = malloc((nd + 2) * sizeof *l->blk_first);
	l->blk_bit = malloc((nd + 1) * sizeof *l->blk_bit);
	if (!l->blk_addr || !l->blk_dep || !l->blk_first || !l->blk_bit) {
		free(perm);
		return -1;
	}
	l->nblk = 0;
	for (uint32_t d = 0; d < nd; d++) {
		uint32_t bit = all[d] / 4 / GK_LINT_WRITTEN_REGS;
		if (!l->nblk || l->blk_bit[l->nblk - 1] != bit) {
			l->blk_bit[l->nblk] = bit;
			l->blk_first[l->nblk++] = d;
		}
		l->blk_addr[d] = all[d];
		l->blk_dep[d] = perm[d];
	}
	l->blk_first[l->nblk] = nd;
	for (uint32_t d = 0; d < nd; d++)
		l->dep_nval[perm[d]] = all[d];
	memcpy(all, l->dep_nval, nd * sizeof *all);
	memset(l->dep_nval, 0, nd * sizeof *l->dep_nval);
	for (uint32_t t = 0; t < nterms; t++) {
		if (l->terms[t].a.kind == O_REG)
			l->terms[t].a.dep = perm[l->terms[t].a.dep];
		if (l->terms[t].b.kind == O_REG)
			l->terms[t].b.dep = perm[l->terms[t].b.dep];
	}
	for (uint32_t m = 0; m < l->nmuls; m++)
		if (l->muls[m].kind == O_REG)
			l->muls[m].dep = perm[l->muls[m].dep];
	free(perm);
	/* instance lists per register, counted then placed (an instance reading
	 * a register twice is listed twice: marking it dirty twice is harmless) */
	for (int pass = 0; pass < 2; pass++) {
		uint32_t *fill = pass ? calloc(nd + 1, sizeof *fill) : NULL;
		if (pass && !fill)
			return -1;
		for (uint32_t i = 0; i < ninst; i++) {
			uint32_t end = i + 1 < ninst ? l->inst[i + 1].terms : nterms;
			for (uint32_t t = l->inst[i].terms; t < end; t++) {
				struct lop *ops[4];
				for (unsigned o = 0, no = term_ops(l, &l->terms[t], ops); o < no; o++) {
					if (ops[o]->kind != O_REG)
						continue;
					uint32_t d = ops[o]->dep;
					if (!pass)
						l->dep_first[d + 1]++;
					else
						l->dep_inst[l->dep_first[d] + fill[d]++] = i;
				}
			}
		}
		if (!pass)
			for (uint32_t d = 0; d < nd; d++)
				l->dep_first[d + 1] += l->dep_first[d];
		free(fill);
	}
	/* each register's instances (ascending) as words and bits, one entry
	 * per word: dep_first is rewritten to index these */
	uint32_t ne = l->dep_first[nd];
	l->dep_word = malloc((ne + 1) * sizeof *l->dep_word);
	l->dep_mask = malloc((ne + 1) * sizeof *l->dep_mask);
	if (!l->dep_word || !l->dep_mask)
		return -1;
	uint32_t k = 0;
	for (uint32_t d = 0; d < nd; d++) {
		uint32_t first = k;
		for (uint32_t m = l->dep_first[d]; m < l->dep_first[d + 1]; m++) {
			uint32_t i = l->dep_inst[m];
			if (k > first && l->dep_word[k - 1] == i / 64) {
				l->dep_mask[k - 1] |= 1ull << (i % 64);
			} else {
				l->dep_word[k] = i / 64;
				l->dep_mask[k++] = 1ull << (i % 64);
			}
		}
		l->dep_first[d] = first;
	}
	l->dep_first[nd] = k;
	free(l->dep_inst);
	l->dep_inst = NULL;
	return 0;
}

struct gk_lint *gk_lint_open(const struct gk_format *fmt)
{
	unsigned gb = gen_bit(fmt);
	if (!gb)
		return NULL;
	struct gk_lint *l = calloc(1, sizeof *l);
	if (!l)
		return NULL;
	l->fmt = fmt;
	l->gen = gb;
	memset(l->pkt_ix, IX_UNSET, sizeof l->pkt_ix);
	size_t nrules = gk_lint_rule_count(), ninst = 0, nterms = 0;
	for (size_t k = 0; k < nrules; k++) {
		const struct lint_rule *r = &gk_lint_rules[k];
		if (!(r->gens & gb))
			continue;
		size_t n = !r->indexed ? 1 : !r->pair ? (size_t)(r->i1 - r->i0 + 1)
						  : (size_t)(r->i1 - r->i0 + 1) * (r->i1 - r->i0) / 2;
		ninst += n;
		nterms += n * (count_terms(r->cond) + count_terms(r->req));
	}
	l->inst = malloc((ninst ? ninst : 1) * sizeof *l->inst);
	l->terms = malloc((nterms ? nterms : 1) * sizeof *l->terms);
	l->nw = (uint32_t)(ninst + 63) / 64;
	l->dirty = calloc(l->nw + 1, sizeof *l->dirty);
	l->pkt = calloc(l->nw + 1, sizeof *l->pkt);
	l->broken = calloc(l->nw + 1, sizeof *l->broken);
	l->warn = calloc(l->nw + 1, sizeof *l->warn);
	l->elig = calloc(2 * (size_t)l->nw + 1, sizeof *l->elig);
	if (!l->inst || !l->terms || !l->dirty || !l->pkt || !l->broken || !l->warn || !l->elig) {
		gk_lint_close(l);
		return NULL;
	}
	uint32_t ni = 0, nt = 0;
	for (size_t k = 0; k < nrules; k++) {
		const struct lint_rule *r = &gk_lint_rules[k];
		if (!(r->gens & gb))
			continue;
		unsigned nc = count_terms(r->cond), nr = count_terms(r->req);
		l->rules[k].inst = ni;
		l->rules[k].nc = (uint8_t)nc;
		l->rules[k].nr = (uint8_t)nr;
		unsigned i0 = r->indexed ? r->i0 : 0, i1 = r->indexed ? r->i1 : 0;
		for (unsigned i = i0; i <= i1; i++)
			for (unsigned j = r->pair ? i + 1 : 0; r->pair ? j <= i1 : j == 0; j++) {
				struct linst *in = &l->inst[ni++];
				memset(in, 0, sizeof *in);
				in->i = (uint8_t)i;
				in->j = (uint8_t)j;
				in->rule = (uint16_t)k;
				if (r->warn)
					l->warn[(ni - 1) / 64] |= 1ull << ((ni - 1) % 64);
				l->dirty[(ni - 1) / 64] |= 1ull << ((ni - 1) % 64);
				in->msg = ni - 1;
				in->terms = nt;
				for (unsigned t = 0; t < nc; t++)
					resolve_term(l, &r->cond[t], i, j, false, &l->terms[nt++]);
				for (unsigned t = 0; t < nr; t++)
					resolve_term(l, &r->req[t], i, j, r->need, &l->terms[nt++]);
			}
		l->rules[k].ninst = ni - l->rules[k].inst;
	}
	l->ninst = ni;
	l->msgs = malloc((ni ? ni : 1) * LINT_MSG);
	if (!l->msgs || l->oom || deps_build(l, ni, nt)) {
		gk_lint_close(l);
		return NULL;
	}
	return l;
}

/* the packet's unit: the caller's, else decoded from its words once */
static const struct gk_unit *unit_of(struct ctx *c)
{
	if (!c->decoded && c->ev->pkt && c->ev->pkt->dw) {
		gk_unit_decode(c->l->fmt, c->ev->pkt, NULL, c->own);
		c->unit = c->own;
	}
	c->decoded = true;
	return c->unit;
}

static struct val read_opnd(struct ctx *c, const struct lop *o)
{
	struct val r = { 0, 0, 0 };
	if (o->kind == O_INDEX) {
		r.known = 1;
		r.value = r.raw = c->i;
	} else if (o->kind == O_REG) {
		/* the event's register state, read once for every rule */
		const struct gk_lint *l = c->l;
		if (l->dep_set[o->dep]) {
			uint32_t v = l->dep_val[o->dep];
			r.known = 1;
			r.raw = v;
			unsigned w = (unsigned)(o->hi - o->lo + 1);
			r.value = (v >> o->lo) & (w >= 32 ? 0xffffffffu : ((1u << w) - 1));
		}
	} else if (o->kind == O_PKT) {
		const struct gk_unit *u = unit_of(c);
		if (u && u->desc) {
			struct gk_lint *l = c->l;
			const char *name = l->pkt_name[o->pkt];
			size_t k = (size_t)(u->desc - l->fmt->descs);
			uint8_t ix = 0xff;
			if (u->desc >= l->fmt->descs && k < l->fmt->ndescs && k < GK_MAX_DESCS) {
				if (l->pkt_ix[k][o->pkt] == IX_UNSET)
					l->pkt_ix[k][o->pkt] = gk_field_index(l->fmt, u->desc, name);
				ix = l->pkt_ix[k][o->pkt];
			}
			const struct gk_unit_field *f = gk_unit_field_at(u, ix, name);
			if (f) {
				r.known = 1;
				r.value = r.raw = (uint32_t)f->value;
			}
		}
	}
	return r;
}

/* Text appended to a bounded buffer. */
struct txt {
	char *p;
	size_t n, cap;
	/* registers never written that had to be programmed, said together at
	 * the end (unw_put): their addresses (each once), names and, for a
	 * requirement of one value, what it requires */
	uint32_t unw[LINT_MAXT];
	char unw_name[LINT_MAXT][48], unw_req[LINT_MAXT][64];
	unsigned nunw;
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

/* Bytes appended (put's rules: cut with "..." at the end), and the common
 * pieces without a format: a message is built of names, values and a
 * few words, at every change of a broken rule's registers. */
static void put_n(struct txt *t, const char *p, size_t n)
{
	if (t->n + 1 >= t->cap)
		return;
	if (t->n + n < t->cap) {
		memcpy(t->p + t->n, p, n);
		t->n += n;
		t->p[t->n] = 0;
		return;
	}
	memcpy(t->p + t->n, p, t->cap - 1 - t->n); /* what fits, then the mark over its end */
	t->n = t->cap - 1;
	t->p[t->n] = 0;
	if (t->cap > 4)
		memcpy(t->p + t->cap - 4, "...", 4);
}

static void put_s(struct txt *t, const char *s)
{
	put_n(t, s, strlen(s));
}

static void put_u(struct txt *t, uint32_t v)
{
	char b[16];
	size_t k = sizeof b;
	do
		b[--k] = (char)('0' + v % 10);
	while (v /= 10);
	put_n(t, b + k, sizeof b - k);
}

/* "0x%x" */
static void put_x(struct txt *t, uint32_t v)
{
	char b[16];
	size_t k = sizeof b;
	do
		b[--k] = "0123456789abcdef"[v & 0xf];
	while (v >>= 4);
	b[--k] = 'x';
	b[--k] = '0';
	put_n(t, b + k, sizeof b - k);
}

/* Remember register addr (operand name nm) as never written, once; req:
 * what the term requires of it (": WIDTH = 0", " as 0"), or "". */
static void unw_add(struct txt *t, uint32_t addr, const char *nm, const char *req)
{
	for (unsigned k = 0; k < t->nunw; k++)
		if (t->unw[k] == addr)
			return;
	if (t->nunw == LINT_MAXT)
		return;
	const char *dot = strchr(nm, '.'), *at = strchr(nm, '@');
	size_t n = dot ? (size_t)(dot - nm) : strlen(nm);
	if (at && (size_t)(at - nm) < n)
		n = (size_t)(at - nm);
	if (n >= sizeof t->unw_name[0])
		n = sizeof t->unw_name[0] - 1;
	memcpy(t->unw_name[t->nunw], nm, n);
	t->unw_name[t->nunw][n] = 0;
	snprintf(t->unw_req[t->nunw], sizeof t->unw_req[0], "%s", req);
	t->unw[t->nunw++] = addr;
}

/* The registers never written: one alone with what it must hold
 * ("PA_SU_LINE_CNTL never written (must be programmed: WIDTH = 0)"),
 * several as a list ("A, B, C never written (must be programmed)"). */
static void unw_put(struct txt *t, bool after)
{
	if (!t->nunw)
		return;
	if (after)
		put_s(t, "; ");
	for (unsigned k = 0; k < t->nunw; k++) {
		if (k)
			put_s(t, ", ");
		put_s(t, t->unw_name[k]);
	}
	put_s(t, " never written (must be programmed");
	if (t->nunw == 1) /* "(must be programmed as 0)", "(must be programmed: WIDTH = 0)" */
		put_s(t, t->unw_req[0]);
	put_s(t, ")");
}

/* A value as its name, else a field's in decimal (a count, a coordinate),
 * a whole register's (an address, a mask) in hex. */
static void put_value(struct txt *t, const struct lop *o, uint32_t v)
{
	const char *nm = o->field ? gk_reg_value_name(o->field, v) : NULL;
	int field = o->kind == O_REG && (o->lo || o->hi != 31);
	if (nm)
		put_s(t, nm);
	else if (v < 10 || field)
		put_u(t, v);
	else
		put_x(t, v);
}

/* Evaluate one term; when it is false and t is not NULL, say why.  A
 * register never written takes the term's default (the guide's), else
 * the term is unknown -- or false in a need row's requirement. */
static enum tv eval_term(struct ctx *c, const struct lterm *rt, struct txt *t)
{
	const struct lterm *tm = rt; /* what the row says, as resolved */
	const struct lop *a = &rt->a, *b = &rt->b;
	if (a->kind == O_NONE)
		return T_UNKNOWN;
	struct val va = read_opnd(c, a), vb = { 0, 0, 0 };
	const char *names = c->l->names;
	const char *an = names + rt->name[0], *bn = names + rt->name[1];
	if (tm->op == L_WRITTEN || tm->op == L_UNWRITTEN) {
		if (a->kind != O_REG)
			return T_UNKNOWN;
		int ok = tm->op == L_WRITTEN ? va.known : !va.known;
		if (!ok && t) {
			if (tm->op == L_UNWRITTEN)
				put(t, "%s written (0x%x), must not be on this generation", an, va.raw);
			else
				unw_add(t, a->addr, an, "");
		}
		return ok ? T_TRUE : T_FALSE;
	}
	int has_b = tm->op == L_EQF || tm->op == L_LEF || tm->op == L_GTF || tm->op == L_NIBBLESF;
	if (has_b) {
		if (b->kind == O_NONE)
			return T_UNKNOWN;
		vb = read_opnd(c, b);
	}
	/* a product of fields (X * Y * Z): known when every factor is */
	uint64_t prod = va.value;
	const struct lop *unk = !va.known ? a : NULL; /* the operand not known (never written) */
	uint32_t unk_name = rt->name[0];
	for (unsigned k = 0; k < rt->nmul && va.known; k++) {
		const struct lop *fo = &c->l->muls[rt->mul + k];
		if (fo->kind == O_NONE)
			return T_UNKNOWN;
		struct val f = read_opnd(c, fo);
		if (!f.known) {
			va.known = 0;
			unk = fo;
			unk_name = rt->name[2 + k];
			break;
		}
		prod *= f.value;
	}
	if (rt->nmul && va.known)
		va.value = prod > 0xffffffffu ? 0xffffffffu : (uint32_t)prod;
	bool dflt = false;
	if (!va.known && rt->has_dflt) {
		va.known = 1;
		va.value = rt->dflt;
		dflt = true;
	}
	if (va.known)
		unk = NULL;
	if (!va.known || (has_b && !vb.known)) {
		if (tm->unw == U_TRUE)
			return T_TRUE;
		if (tm->unw == U_FALSE)
			return T_FALSE;
		if (!rt->need || rt->vbad)
			return T_UNKNOWN;
		/* a need row: the register had to be programmed */
		if (t) {
			const struct lop *o = unk ? unk : b;
			const char *nm = names + (unk ? unk_name : rt->name[1]);
			char req[64] = "";
			if (unk == a && tm->op == L_EQ && rt->nv) {
				struct txt r = { req, 0, sizeof req, { 0 }, { { 0 } }, { { 0 } }, 0 };
				const char *dot = strchr(nm, '.');
				if (dot)
					put_s(&r, ": "), put_s(&r, dot + 1), put_s(&r, " = ");
				else
					put_s(&r, " as ");
				put_value(&r, a, rt->v[0]);
			}
			unw_add(t, o->addr, nm, req);
		}
		return T_FALSE;
	}
	if (rt->vbad)
		return T_UNKNOWN;
	const uint32_t *v = rt->v;
	size_t nv = rt->nv;
	int ok = 0;
	unsigned nib = 0;
	switch (tm->op) {
	case L_EQ: ok = nv >= 1 && va.value == v[0]; break;
	case L_NE: ok = nv >= 1 && va.value != v[0]; break;
	case L_IN:
	case L_NOTIN:
		for (size_t k = 0; k < nv; k++)
			ok |= va.value == v[k];
		if (tm->op == L_NOTIN)
			ok = !ok;
		break;
	case L_RANGE: ok = nv >= 2 && va.value >= v[0] && va.value <= v[1]; break;
	case L_MASKEQ: ok = nv >= 2 && (va.value & v[0]) == v[1]; break;
	case L_EQF: ok = va.value == vb.value; break;
	case L_LEF: ok = va.value <= vb.value; break;
	case L_GTF: ok = va.value > vb.value; break;
	case L_NIBBLESF:
		for (unsigned k = 0; k < 32; k += 4)
			nib += (va.value >> k & 0xf) != 0;
		ok = nib == vb.value;
		break;
	default: return T_UNKNOWN;
	}
	if (!ok && t) {
		put_s(t, an);
		for (unsigned k = 0; k < rt->nmul; k++) {
			put_s(t, " * ");
			put_s(t, names + rt->name[2 + k]);
		}
		put_s(t, "=");
		put_value(t, a, va.value);
		if (dflt)
			put_s(t, " (never written: the guide's default)");
		switch (tm->op) {
		case L_EQ: put_s(t, ", required "); put_value(t, a, v[0]); break;
		case L_NE: put_s(t, ", required not "); put_value(t, a, v[0]); break;
		case L_IN:
			put_s(t, ", required one of ");
			for (size_t k = 0; k < nv; k++) {
				put_s(t, k ? "|" : "");
				put_value(t, a, v[k]);
			}
			break;
		case L_NOTIN: put_s(t, ", not allowed"); break;
		case L_RANGE:
			put_s(t, ", required ");
			put_value(t, a, v[0]);
			put_s(t, "..");
			put_value(t, a, v[1]);
			break;
		case L_MASKEQ: put(t, ", required (value & 0x%x) == 0x%x", v[0], v[1]); break;
		case L_NIBBLESF: put(t, " enables %u outputs, required %s=%u", nib, bn, vb.value); break;
		default:
			put(t, ", required %s %s=", tm->op == L_EQF ? "==" : tm->op == L_LEF ? "<=" : ">", bn);
			put_value(t, b, vb.value);
			break;
		}
	}
	return ok ? T_TRUE : T_FALSE;
}

/* The common term without a message: a field of a register written,
 * compared with numbers (no second operand, factor or default): decided
 * here from what gk_lint_open worked out (fast, mask); -1: eval_term
 * decides. */
static inline int fast_term(const struct gk_lint *l, const struct lterm *rt)
{
	if (!rt->fast || !l->dep_set[rt->a.dep])
		return -1;
	uint32_t v = (l->dep_val[rt->a.dep] >> rt->a.lo) & rt->mask;
	switch (rt->op) {
	case L_EQ: return v == rt->v[0] ? T_TRUE : T_FALSE;
	case L_NE: return v != rt->v[0] ? T_TRUE : T_FALSE;
	case L_IN:
	case L_NOTIN: {
		int in = 0;
		for (unsigned k = 0; k < rt->nv; k++)
			in |= v == rt->v[k];
		return (rt->op == L_IN) == (in != 0) ? T_TRUE : T_FALSE;
	}
	case L_RANGE: return v >= rt->v[0] && v <= rt->v[1] ? T_TRUE : T_FALSE;
	default: return -1;
	}
}

/* The group of terms at rt[k] (a term and those or_next joins to it, of
 * the n): its value, and *end its last term.  A group of one term (most
 * are) without the group loop. */
static inline enum tv eval_group(struct ctx *c, const struct lterm *rt, unsigned n, unsigned k, unsigned *end)
{
	*end = k;
	if (k + 1 == n || !rt[k].or_next) {
		int f = fast_term(c->l, &rt[k]);
		return f >= 0 ? (enum tv)f : eval_term(c, &rt[k], NULL);
	}
	while (*end + 1 < n && rt[*end].or_next)
		(*end)++;
	enum tv g = T_FALSE;
	for (unsigned m = k; m <= *end; m++) {
		int f = fast_term(c->l, &rt[m]);
		enum tv x = f >= 0 ? (enum tv)f : eval_term(c, &rt[m], NULL);
		if (x == T_TRUE)
			return T_TRUE;
		if (x == T_UNKNOWN)
			g = T_UNKNOWN;
	}
	return g;
}

/* The n terms at rt without a message (what check_one asks at every
 * evaluation): T_TRUE when every group holds, T_FALSE at the first that
 * does not.  eval_terms with t NULL says the same; this one is kept lean
 * (no text) because it runs 146k times on the bench stream's quarter. */
static inline enum tv eval_quiet(struct ctx *c, const struct lterm *rt, unsigned n)
{
	enum tv all = T_TRUE;
	for (unsigned k = 0, end; k < n; k = end + 1) {
		enum tv g = eval_group(c, rt, n, k, &end);
		if (g == T_FALSE)
			return T_FALSE;
		if (g == T_UNKNOWN)
			all = T_UNKNOWN;
	}
	return all;
}

/* The n terms at rt, conditions (t NULL) or requirements (t: the failing
 * groups described): T_TRUE when every group holds. */
static enum tv eval_terms(struct ctx *c, const struct lterm *rt, unsigned n, struct txt *t, int *nfail)
{
	enum tv all = T_TRUE;
	for (unsigned k = 0; k < n;) {
		unsigned end;
		enum tv g = eval_group(c, rt, n, k, &end);
		if (g == T_FALSE) {
			all = T_FALSE;
			if (!t)
				return T_FALSE;
			/* the group's first term says why (nothing, when it would
			 * repeat that a register was never written) */
			size_t mark = t->n;
			put_s(t, *nfail ? "; " : "");
			size_t body = t->n;
			eval_term(c, &rt[k], t);
			if (t->n == body) {
				t->n = mark;
				t->p[mark] = 0;
			} else {
				(*nfail)++;
				if (end > k)
					put(t, " (or %u alternative%s)", end - k, end - k > 1 ? "s" : "");
			}
		} else if (g == T_UNKNOWN && all == T_TRUE) {
			all = T_UNKNOWN;
		}
		k = end + 1;
	}
	return all;
}

/* Evaluate one instance; its result is kept on it (the message is built
 * when a diagnostic needs it: msg_of). */
static bool check_one(struct ctx *c, struct linst *in, unsigned nc, unsigned nr)
{
	const struct lterm *rt = &c->l->terms[in->terms];
	in->has_msg = 0;
	if (eval_quiet(c, rt, nc) != T_TRUE)
		return false;
	return eval_quiet(c, rt + nc, nr) == T_FALSE;
}

/* A broken instance's message, built once per result: the rule, its
 * section, each failing requirement with the values found and required,
 * and the guide's defaults a condition took.  The register state is the
 * one it was evaluated on (an instance is evaluated again whenever one of
 * its registers changes). */
static const char *msg_of(struct ctx *c, const struct lint_rule *r, struct linst *in, unsigned nc, unsigned nr)
{
	char *m = c->l->msgs + (size_t)in->msg * LINT_MSG;
	if (in->has_msg)
		return m;
	const struct lterm *rt = &c->l->terms[in->terms];
	char buf[LINT_MSG];
	/* the never-written lists are read only up to nunw: not zeroed (their
	 * ~1.2 KiB were a memset at every message built) */
	struct txt t;
	t.p = buf;
	t.n = 0;
	t.cap = sizeof buf;
	t.nunw = 0;
	buf[0] = 0;
	put_s(&t, r->id);
	put_s(&t, " (§");
	put_s(&t, r->section);
	put_s(&t, "): ");
	int nfail = 0;
	eval_terms(c, rt + nc, nr, &t, &nfail);
	unw_put(&t, nfail > 0);
	for (unsigned k = 0; k < nc; k++) {
		if (!rt[k].has_dflt || rt[k].a.kind != O_REG || read_opnd(c, &rt[k].a).known)
			continue;
		put(&t, "; %s never written: the guide's default ", c->l->names + rt[k].name[0]);
		put_value(&t, &rt[k].a, rt[k].dflt);
	}
	/* the register the first requirement names: a stable name from the table */
	in->field = nr && rt[nc].a.kind == O_REG && rt[nc].a.reg ? rt[nc].a.reg->name : NULL;
	/* as gk_diags_add cuts a message: at the array's size, NUL-terminated */
	size_t len = strlen(buf);
	if (len >= LINT_MSG)
		len = LINT_MSG - 1;
	memcpy(m, buf, len);
	m[len] = 0;
	in->msg_len = (uint16_t)len;
	in->has_msg = 1;
	return m;
}

/* A broken instance's diagnostic: counted always, its text when the
 * container has room for it */
static void emit(struct ctx *c, const struct lint_rule *r, struct linst *in, unsigned nc, unsigned nr,
		 const struct gk_packet *pkt, struct gk_diags *out)
{
	if (out->n >= GK_MAX_DIAGS) {
		/* past the container's capacity: counted as gk_diags_add counts
		 * one (check.h), without the call -- half of the bench stream's
		 * 113k lint diagnostics (about 30 an event) are these */
		if (r->warn)
			out->warnings++;
		else
			out->errors++;
		out->dropped++;
		return;
	}
	const char *m = msg_of(c, r, in, nc, nr);
	struct gk_diag *d = gk_diags_add(out, pkt, r->warn ? GK_WARNING : GK_ERROR, GK_D_LINT, -1, -1, -1, in->field, NULL);
	if (!d)
		return;
	memcpy(d->message, m, (size_t)in->msg_len + 1);
	d->rule = r->id;
	d->section = r->section;
}

/* n registers of regs into value/set (get_many's contract: value 0 where
 * never written), through get_many or get */
static void regs_get(const struct gk_lint_regs *regs, const uint32_t *addr, uint32_t n, uint32_t *value,
		     uint8_t *set)
{
	if (regs->get_many) {
		regs->get_many(regs->ctx, addr, n, value, set);
		return;
	}
	for (uint32_t d = 0; d < n; d++) {
		value[d] = 0;
		set[d] = regs->get && regs->get(regs->ctx, addr[d], &value[d]) == 1;
		if (!set[d])
			value[d] = 0;
	}
}

/* The registers [lo, hi) now against what they were when last read: the
 * instances reading one that changed (written, or its value) become dirty.
 * (Every instance starts dirty, so the first read compares with zeros
 * harmlessly; an instance runs only at events that read all its registers.)
 * The reads land in dep_nval/dep_nset, are compared with dep_val/dep_set
 * 16 registers at a time, 8 bytes at a time (a block that did not change,
 * most, costs one test), and copied over them: this costs a few
 * instructions a register, where comparing one by one after copying each
 * piece through a stack buffer cost 28 (callgrind, 235 registers at each of
 * 3582 events of the bench stream's quarter). */
static void deps_read(struct gk_lint *l, const struct gk_lint_regs *regs, uint32_t lo, uint32_t hi)
{
	uint32_t *nv = l->dep_nval, *ov = l->dep_val;
	uint8_t *ns = l->dep_nset, *os = l->dep_set;
	l->primed = false; /* the bitmap's reads start again from every register */
	regs_get(regs, l->dep_addr + lo, hi - lo, nv + lo, ns + lo);
	for (uint32_t d0 = lo; d0 < hi; d0 += DEP_BLK) {
		uint32_t end = hi - d0 < DEP_BLK ? hi : d0 + DEP_BLK;
		if (end - d0 == DEP_BLK) {
			uint64_t diff = 0, x, y;
			/* memcpy: the compiler makes them 8-byte loads */
			for (uint32_t k = 0; k < DEP_BLK * 4; k += 8) {
				memcpy(&x, (const char *)(nv + d0) + k, 8);
				memcpy(&y, (const char *)(ov + d0) + k, 8);
				diff |= x ^ y;
			}
			for (uint32_t k = 0; k < DEP_BLK; k += 8) {
				memcpy(&x, ns + d0 + k, 8);
				memcpy(&y, os + d0 + k, 8);
				diff |= x ^ y;
			}
			if (!diff)
				continue;
		}
		for (uint32_t d = d0; d < end; d++) {
			if (ns[d] == os[d] && nv[d] == ov[d])
				continue;
			for (uint32_t m = l->dep_first[d]; m < l->dep_first[d + 1]; m++)
				l->dirty[l->dep_word[m]] |= l->dep_mask[m];
		}
	}
	memcpy(ov + lo, nv + lo, (size_t)(hi - lo) * sizeof *ov);
	memcpy(os + lo, ns + lo, hi - lo);
}

/* With the caller's bitmap of written registers (regs->written): only
 * the blocks whose bit is set (or past the bitmap, or all before the
 * state is primed) are read and compared, register by register, and their
 * bits cleared.  Every register of a block is read whatever the event's
 * kind: a bit cleared at a draw must not hide a change a dispatch's rule
 * reads, and a changed register only marks its instances dirty (each
 * runs at its own kind of event). */
static void deps_read_written(struct gk_lint *l, const struct gk_lint_regs *regs)
{
	uint64_t *w = regs->written;
	size_t nw = regs->nwritten;
	uint32_t *nv = l->dep_nval, *ov = l->dep_val;
	uint8_t *ns = l->dep_nset, *os = l->dep_set;
	for (uint32_t j = 0; j < l->nblk; j++) {
		uint32_t b = l->blk_bit[j];
		bool tracked = b / 64 < nw;
		if (tracked) {
			uint64_t bit = 1ull << (b % 64);
			if (l->primed && !(w[b / 64] & bit))
				continue;
			w[b / 64] &= ~bit;
		}
		/* the scratch arrays by position in address order here */
		uint32_t lo = l->blk_first[j], hi = l->blk_first[j + 1];
		regs_get(regs, l->blk_addr + lo, hi - lo, nv + lo, ns + lo);
		for (uint32_t k = lo; k < hi; k++) {
			uint32_t d = l->blk_dep[k];
			if (ns[k] == os[d] && nv[k] == ov[d])
				continue;
			ov[d] = nv[k];
			os[d] = ns[k];
			for (uint32_t m = l->dep_first[d]; m < l->dep_first[d + 1]; m++)
				l->dirty[l->dep_word[m]] |= l->dep_mask[m];
		}
	}
	l->primed = true;
}

/* The instances each kind of event runs under sel (NULL: every rule), kept
 * until the selection changes. */
static void elig_update(struct gk_lint *l, const struct gk_lint_select *sel)
{
	struct gk_lint_select key;
	if (sel)
		key = *sel;
	else
		gk_lint_select_all(&key);
	if (l->elig_ok && !memcmp(&key, &l->elig_key, sizeof key))
		return;
	l->elig_key = key;
	l->elig_ok = true;
	memset(l->elig, 0, 2 * (size_t)l->nw * sizeof *l->elig);
	l->elig_any[0] = l->elig_any[1] = false;
	for (uint32_t i = 0; i < l->ninst; i++) {
		unsigned k = l->inst[i].rule;
		const struct lint_rule *r = &gk_lint_rules[k];
		if (!(key.on[k / 64] >> (k % 64) & 1))
			continue;
		if (r->when & GK_LINT_DRAW)
			l->elig[i / 64] |= 1ull << (i % 64);
		if (r->when & GK_LINT_DISPATCH)
			l->elig[l->nw + i / 64] |= 1ull << (i % 64);
		l->elig_any[0] |= (r->when & GK_LINT_DRAW) != 0;
		l->elig_any[1] |= (r->when & GK_LINT_DISPATCH) != 0;
	}
}

unsigned gk_lint_generation(const struct gk_format *fmt)
{
	return gen_bit(fmt);
}

int gk_lint_check(struct gk_lint *l, const struct gk_lint_event *ev, const struct gk_unit *unit,
		  const struct gk_lint_regs *regs, const struct gk_lint_select *sel, struct gk_diags *out)
{
	if (!l || !ev || !regs || !out)
		return -1;
	struct gk_packet none;
	memset(&none, 0, sizeof none);
	const struct gk_packet *pkt = ev->pkt ? ev->pkt : unit ? &unit->pkt : &none;
	/* the packet's unit when the caller has none: decoded here (on the
	 * stack, about 2.5 KiB) at the first rule that reads the packet */
	struct gk_unit own;
	struct ctx c = { l, ev, regs, unit, &own, unit != NULL, 0, 0 };
	elig_update(l, sel);
	/* the registers of the rules this kind of event runs (none: nothing is
	 * evaluated or said, and what changes is seen at the next read) */
	bool draw_on = (ev->kind & GK_LINT_DRAW) && l->elig_any[0];
	bool disp_on = (ev->kind & GK_LINT_DISPATCH) && l->elig_any[1];
	if ((draw_on || disp_on) && regs->written)
		deps_read_written(l, regs);
	else if (draw_on || disp_on)
		deps_read(l, regs, disp_on ? (draw_on ? 0 : l->dep_disp_first) : 0,
			  draw_on ? (disp_on ? l->ndeps : l->dep_draw_end) : l->ndeps);
	/* Only an instance whose registers changed since it last ran (or that
	 * reads the packet) is evaluated; the others keep their result, and a
	 * broken one says again what it said.  An instance not run at this
	 * event (not selected, or not for this kind of event) stays dirty.
	 * Instances are numbered in the table's order, so the diagnostics come
	 * in it too. */
	int broken = 0;
	uint64_t draw = ev->kind & GK_LINT_DRAW ? ~0ull : 0, disp = ev->kind & GK_LINT_DISPATCH ? ~0ull : 0;
	for (uint32_t w = 0; w < l->nw; w++) {
		uint64_t elig = (l->elig[w] & draw) | (l->elig[l->nw + w] & disp);
		uint64_t run = elig & (l->dirty[w] | l->pkt[w]);
		uint64_t todo = run | (elig & l->broken[w]);
		if (out->n >= GK_MAX_DIAGS) {
			/* the container is full: a broken instance not evaluated again
			 * is only counted (as emit counts it), a word at a time -- on a
			 * random stream half of an event's ~30 broken rules are */
			uint64_t quiet = todo & ~run;
			unsigned nq = (unsigned)__builtin_popcountll(quiet);
			unsigned nwarn = (unsigned)__builtin_popcountll(quiet & l->warn[w]);
			broken += (int)nq;
			out->warnings += nwarn;
			out->errors += nq - nwarn;
			out->dropped += nq;
			todo = run;
		}
		while (todo) {
			unsigned b = (unsigned)__builtin_ctzll(todo);
			uint64_t bit = 1ull << b;
			todo &= todo - 1;
			struct linst *in = &l->inst[w * 64 + b];
			const struct lint_rule *r = &gk_lint_rules[in->rule];
			unsigned nc = l->rules[in->rule].nc, nr = l->rules[in->rule].nr;
			c.i = in->i;
			c.j = in->j;
			if (run & bit) {
				l->dirty[w] &= ~bit;
				if (check_one(&c, in, nc, nr))
					l->broken[w] |= bit;
				else
					l->broken[w] &= ~bit;
			}
			if (l->broken[w] & bit) {
				broken++;
				emit(&c, r, in, nc, nr, pkt, out);
			}
		}
	}
	return broken;
}

int gk_lint_event(const struct gk_format *fmt, const struct gk_lint_event *ev, const struct gk_lint_regs *regs,
		  const struct gk_lint_select *sel, struct gk_diags *out)
{
	if (!gen_bit(fmt) || !ev || !regs || !out)
		return -1;
	struct gk_lint *l = gk_lint_open(fmt);
	if (!l)
		return -1;
	int n = gk_lint_check(l, ev, NULL, regs, sel, out);
	gk_lint_close(l);
	return n;
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
	out->quote = r->quote;
	out->need = r->need;
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
