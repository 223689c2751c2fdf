/* Table soundness (STYLE.md "A table test asserts the descriptions are
 * sound"): the PM4 packet descriptions of src/pm4/pm4_tab.c and the
 * generated register tables src/pm4/pm4_regs_tables.c.  Every rule is also
 * run on a deliberately broken table, so a rule that cannot fail fails. */
#include <stdbool.h>
#include <stdint.h>

#include "gfxkit/gfxkit.h"
#include "adreno/adreno_tab.h"
#include "pm4/pm4_tab.h"
#include "testlib.h"

#define FIXED_MAX 32u /* src/core/layout.h GK_FIXED_MAX: fixed dwords a description may use */

static const char *const gen_names[] = { "r600", "r700", "evergreen", "cayman" };
static const unsigned gen_bits[] = { GK_PM4_R600, GK_PM4_R700, GK_PM4_EVERGREEN, GK_PM4_CAYMAN };
#define ALL_GENS (GK_PM4_R600 | GK_PM4_R700 | GK_PM4_EVERGREEN | GK_PM4_CAYMAN | GK_PM4_GCN)

/* ---- problem accounting ---- */

static unsigned nproblems;
static bool quiet;

#define PROBLEM(...)                                                                              \
	do {                                                                                      \
		nproblems++;                                                                      \
		if (!quiet) {                                                                     \
			printf("  table problem: ");                                              \
			printf(__VA_ARGS__);                                                      \
			printf("\n");                                                             \
		}                                                                                 \
	} while (0)

static unsigned long pairs_compared, pairs_overlapping, pairs_exclusive, enums_checked, conds_checked;

/* ---- helpers ---- */

static uint64_t ones(unsigned w)
{
	return w >= 64 ? UINT64_MAX : (1ull << w) - 1;
}

static uint32_t seg_mask(const struct gk_seg *s)
{
	if (s->lo > 31 || s->hi > 31 || s->lo > s->hi)
		return 0;
	return (s->hi == 31 ? 0xffffffffu : (1u << (s->hi + 1)) - 1u) & ~((1u << s->lo) - 1u);
}

/* names the assembler can read back as one token that is not a number */
static bool token_ok(const char *s)
{
	if (!s || !*s)
		return false;
	for (const char *p = s; *p; p++)
		if (!((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_'))
			return false;
	bool digits = true;
	for (const char *p = s; *p; p++)
		if ((*p < '0' || *p > '9') && *p != '_')
			digits = false;
	if (digits)
		return false;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X' || s[1] == 'b' || s[1] == 'B')) {
		bool num = s[2] != 0;
		for (const char *p = s + 2; *p; p++)
			if (!strchr("0123456789abcdefABCDEF_", *p))
				num = false;
		if (num)
			return false;
	}
	return true;
}

/* "dwN" is the raw-bits syntax, EXTRA the unexplained-words keyword */
static bool reserved_word(const char *s)
{
	if (!strcmp(s, "EXTRA"))
		return true;
	return s[0] == 'd' && s[1] == 'w' && s[2] >= '0' && s[2] <= '9';
}

/* ---- fields ---- */

static void check_enum(const char *where, const struct gk_field *f, unsigned width)
{
	const struct gk_enum *e = f->enm;
	enums_checked++;
	if (!e || !e->names) {
		PROBLEM("%s: %s has no enum table", where, f->name);
		return;
	}
	if (e->nbits > 16) {
		PROBLEM("%s: %s enum of %u bits", where, f->name, e->nbits);
		return;
	}
	unsigned nnames = 1u << e->nbits;
	if (f->kind == GK_ENUM) {
		if (e->nbits < width)
			PROBLEM("%s: %s is %u bits, its enum covers only %u", where, f->name, width, e->nbits);
	} else if (nnames < width) {
		PROBLEM("%s: %s is %u bits, its flag names cover only %u", where, f->name, width, nnames);
	}
	unsigned reach = f->kind == GK_ENUM ? (width >= 16 ? 1u << 16 : 1u << width) : width;
	unsigned named = 0;
	for (unsigned v = 0; v < nnames; v++) {
		const char *n = e->names[v];
		if (!n)
			continue;
		named++;
		if (!token_ok(n) || reserved_word(n))
			PROBLEM("%s: %s value %u has name '%s' that is not a plain token", where, f->name, v, n);
		if (v >= reach)
			PROBLEM("%s: %s names %s = %u, which a %u-bit field cannot hold", where, f->name, n, v, width);
		for (unsigned u = 0; u < v; u++)
			if (e->names[u] && !strcmp(e->names[u], n))
				PROBLEM("%s: %s names %s twice (%u and %u)", where, f->name, n, u, v);
	}
	if (!named)
		PROBLEM("%s: %s enum has no names", where, f->name);
}

/* One field's geometry and attributes.  in_hdr: header array; limit: dwords
 * the field may use (0: unbounded). */
static void check_field(const char *where, const struct gk_field *arr, unsigned i, bool in_hdr, unsigned limit,
			unsigned desc_gens)
{
	const struct gk_field *f = &arr[i];
	if (!f->name || !token_ok(f->name) || reserved_word(f->name)) {
		PROBLEM("%s: field %u has a bad name '%s'", where, i, f->name ? f->name : "(null)");
		return;
	}
	if (f->nseg < 1 || f->nseg > 2) {
		PROBLEM("%s: %s has %u segments", where, f->name, f->nseg);
		return;
	}
	if (f->kind > GK_PARITY)
		PROBLEM("%s: %s kind %u", where, f->name, f->kind);
	uint64_t vmask = 0;
	for (unsigned s = 0; s < f->nseg; s++) {
		const struct gk_seg *g = &f->seg[s];
		if (g->lo > g->hi || g->hi > 31) {
			PROBLEM("%s: %s segment %u bits %u..%u beyond 31", where, f->name, s, g->lo, g->hi);
			continue;
		}
		unsigned w = g->hi - g->lo + 1u;
		if (g->pos + w > 64) {
			PROBLEM("%s: %s segment %u lands at value bits %u..%u", where, f->name, s, g->pos, g->pos + w - 1);
			continue;
		}
		uint64_t m = ones(w) << g->pos;
		if (vmask & m)
			PROBLEM("%s: %s segments overlap in the value", where, f->name);
		vmask |= m;
		if (limit && g->dw >= limit)
			PROBLEM("%s: %s in dw%u, beyond the %u dwords it may use", where, f->name, g->dw, limit);
		if (g->dw >= FIXED_MAX)
			PROBLEM("%s: %s in dw%u, beyond the %u fixed dwords", where, f->name, g->dw, FIXED_MAX);
		if (in_hdr && g->dw != 0)
			PROBLEM("%s: header field %s in dw%u", where, f->name, g->dw);
		for (unsigned t = 0; t < s; t++)
			if (f->seg[t].dw == g->dw && (seg_mask(&f->seg[t]) & seg_mask(g)))
				PROBLEM("%s: %s segments overlap in dw%u", where, f->name, g->dw);
	}
	unsigned width = 0;
	for (unsigned b = 0; b < 64; b++)
		if ((vmask >> b) & 1)
			width = b + 1;
	if (f->kind == GK_FLAG && width != 1)
		PROBLEM("%s: flag %s is %u bits", where, f->name, width);
	if (f->kind == GK_ENUM || f->kind == GK_FLAGS)
		check_enum(where, f, width);
	else if (f->enm && !(f->kind == GK_FLAG && !f->enm->names && f->enm->tags && f->enm->nbits == 1))
		PROBLEM("%s: %s has an enum but is not an enum or flags field (a flag may carry only its two "
			"values' tags)",
			where, f->name);
	/* a parity bit: one bit, of another field of its list */
	if (f->kind == GK_PARITY && (width != 1 || !f->parity_of || f->parity_of - 1u == i))
		PROBLEM("%s: parity %s is %u bits, of field %d", where, f->name, width, (int)f->parity_of - 1);
	if (f->parity_of && f->kind != GK_PARITY)
		PROBLEM("%s: %s names a field it is the parity of but is no parity bit", where, f->name);
	if ((f->kind == GK_CONST || f->kind == GK_OPCODE || f->kind == GK_COUNT) && !in_hdr)
		PROBLEM("%s: framing field %s outside the header", where, f->name);
	if (f->kind == GK_CONST && f->min > ones(width))
		PROBLEM("%s: constant %s=%llu does not fit %u bits", where, f->name, (unsigned long long)f->min, width);
	if (f->align & (f->align - 1u))
		PROBLEM("%s: %s alignment %u is not a power of two", where, f->name, f->align);
	if (f->align && f->kind != GK_ADDR && f->kind != GK_UINT)
		PROBLEM("%s: %s alignment on a non-address field", where, f->name);
	if (f->max && f->kind != GK_CONST && f->kind != GK_COUNT) {
		if (f->min > f->max)
			PROBLEM("%s: %s range %llu..%llu is empty", where, f->name, (unsigned long long)f->min,
				(unsigned long long)f->max);
		if (f->max > ones(width))
			PROBLEM("%s: %s max %llu does not fit %u bits", where, f->name, (unsigned long long)f->max, width);
	}
	/* register pairs: an offset counts from a space, a value names the
	 * offset field (earlier in the same list) that says where it goes */
	if (f->space && f->kind != GK_REG)
		PROBLEM("%s: %s has a register space but is not a register field", where, f->name);
	if (f->value_reg && (f->value_reg - 1u >= i || arr[f->value_reg - 1u].kind != GK_REG))
		PROBLEM("%s: %s takes its register from field %u, not an earlier register field", where, f->name,
			f->value_reg - 1u);
	if (f->value_reg && f->reg)
		PROBLEM("%s: %s has both a fixed register and a register field", where, f->name);
	if (f->gens && desc_gens && !(f->gens & desc_gens))
		PROBLEM("%s: %s exists on no generation of its packet", where, f->name);
	if (f->gens && desc_gens && (f->gens & ~desc_gens))
		PROBLEM("%s: %s claims generations its packet does not have", where, f->name);
	if (f->cond) {
		conds_checked++;
		unsigned c = f->cond - 1u;
		if (in_hdr)
			PROBLEM("%s: header field %s has a condition", where, f->name);
		if (c >= i) {
			PROBLEM("%s: %s condition points at field %u, not backwards", where, f->name, c);
			return;
		}
		if (!f->cond_mask)
			PROBLEM("%s: %s condition mask is empty", where, f->name);
		unsigned cw = gk_field_width(&arr[c]);
		uint32_t reachable = cw >= 5 ? 0xffffffffu : (uint32_t)ones(1u << cw);
		if (!(f->cond_mask & reachable))
			PROBLEM("%s: %s condition on values %s cannot hold", where, f->name, arr[c].name);
		if (arr[c].kind == GK_ADDR || arr[c].kind == GK_DONTCARE)
			PROBLEM("%s: %s depends on %s, which is not a selector", where, f->name, arr[c].name);
	} else if (f->cond_mask) {
		PROBLEM("%s: %s has a condition mask but no condition", where, f->name);
	}
}

/* ---- overlap: can two fields be shown at once? ---- */

struct fref {
	const struct gk_field *arr;
	unsigned i;
};

static unsigned add_deciders(struct fref *dec, unsigned n, const struct gk_field *arr, unsigned i)
{
	while (arr[i].cond && arr[i].cond - 1u < i) {
		unsigned c = arr[i].cond - 1u;
		bool have = false;
		for (unsigned k = 0; k < n; k++)
			if (dec[k].arr == arr && dec[k].i == c)
				have = true;
		if (!have && n < 8)
			dec[n++] = (struct fref){ arr, c };
		i = c;
	}
	return n;
}

/* Search every value of the deciding fields and every generation for a
 * packet in which both a and b are present. */
static bool can_coexist(unsigned gens, struct fref a, struct fref b)
{
	struct fref dec[8];
	unsigned nd = add_deciders(dec, 0, a.arr, a.i);
	nd = add_deciders(dec, nd, b.arr, b.i);
	unsigned bits = 0;
	for (unsigned k = 0; k < nd; k++)
		bits += gk_field_width(&dec[k].arr[dec[k].i]);
	if (bits > 20) {
		PROBLEM("conditions of %s and %s span %u bits; too many to search", a.arr[a.i].name, b.arr[b.i].name, bits);
		return true;
	}
	if (!gens)
		gens = ALL_GENS;
	for (unsigned g = 0; g < 4; g++) {
		if (!(gens & gen_bits[g]))
			continue;
		for (uint64_t combo = 0; combo < (1ull << bits); combo++) {
			uint32_t buf[FIXED_MAX] = { 0 };
			uint64_t rest = combo;
			for (unsigned k = 0; k < nd; k++) {
				const struct gk_field *f = &dec[k].arr[dec[k].i];
				unsigned w = gk_field_width(f);
				gk_field_put(f, buf, FIXED_MAX, rest & ones(w));
				rest >>= w;
			}
			if (gk_field_present(a.arr, a.i, buf, FIXED_MAX, gen_bits[g]) &&
			    gk_field_present(b.arr, b.i, buf, FIXED_MAX, gen_bits[g]))
				return true;
		}
	}
	return false;
}

static bool overlap(const struct gk_field *x, const struct gk_field *y, unsigned *dw)
{
	for (unsigned s = 0; s < x->nseg; s++)
		for (unsigned t = 0; t < y->nseg; t++)
			if (x->seg[s].dw == y->seg[t].dw && (seg_mask(&x->seg[s]) & seg_mask(&y->seg[t]))) {
				*dw = x->seg[s].dw;
				return true;
			}
	return false;
}

/* Pairs over the header and body (one dword space) or over a group. */
static void check_pairs(const char *where, unsigned gens, const struct gk_field *a1, unsigned n1,
			const struct gk_field *a2, unsigned n2)
{
	unsigned n = n1 + n2;
	for (unsigned p = 0; p < n; p++)
		for (unsigned q = p + 1; q < n; q++) {
			struct fref x = p < n1 ? (struct fref){ a1, p } : (struct fref){ a2, p - n1 };
			struct fref y = q < n1 ? (struct fref){ a1, q } : (struct fref){ a2, q - n1 };
			const struct gk_field *fx = &x.arr[x.i], *fy = &y.arr[y.i];
			bool same_name = fx->name && fy->name && !strcmp(fx->name, fy->name);
			unsigned dw;
			pairs_compared++;
			bool ov = overlap(fx, fy, &dw);
			if (!ov && !same_name)
				continue;
			bool both = can_coexist(gens, x, y);
			if (ov)
				pairs_overlapping++;
			if (both) {
				if (ov)
					PROBLEM("%s: %s and %s overlap in dw%u and can both be present", where, fx->name,
						fy->name, dw);
				else
					PROBLEM("%s: two fields named %s can both be present", where, fx->name);
				continue;
			}
			if (ov)
				pairs_exclusive++;
			/* variants of one name: the assembler parses a value against
			 * the first of them */
			if (same_name && (fx->kind != fy->kind || fx->enm != fy->enm))
				PROBLEM("%s: variants of %s differ in kind or enum", where, fx->name);
		}
}

/* ---- one packet description ---- */

static const struct gk_field *find_named(const struct gk_field *a, unsigned n, const char *name)
{
	for (unsigned i = 0; i < n; i++)
		if (a[i].name && !strcmp(a[i].name, name))
			return &a[i];
	return 0;
}

static bool has_kind(const struct gk_packet_desc *d, unsigned kind)
{
	for (unsigned i = 0; i < d->nhdr; i++)
		if (d->hdr[i].kind == kind)
			return true;
	return false;
}

static unsigned check_desc(const struct gk_packet_desc *d)
{
	unsigned before = nproblems;
	char where[96];
	snprintf(where, sizeof where, "%s (0x%02x, gens 0x%x)", d->name ? d->name : "(null)", d->opcode, d->gens);
	if (!d->name || !token_ok(d->name) || reserved_word(d->name))
		PROBLEM("%s: bad packet name", where);
	if (d->alias && !token_ok(d->alias))
		PROBLEM("%s: bad alias", where);
	if (d->gens & ~ALL_GENS)
		PROBLEM("%s: unknown generation bits", where);
	if (d->opcode > 0xff)
		PROBLEM("%s: opcode beyond 8 bits", where);
	if (!d->hdr || !d->nhdr) {
		PROBLEM("%s: no header", where);
		return nproblems - before;
	}
	if (d->nfields && !d->fields)
		PROBLEM("%s: %u fields but no array", where, d->nfields);
	bool t3 = has_kind(d, GK_OPCODE);
	/* the GFX6+ one-dword NOP: framing picks it by its constant COUNT 0x3FFF */
	bool pad = d == gk_pm4_nop_pad;
	if (pad && !(find_named(d->hdr, d->nhdr, "COUNT") && find_named(d->hdr, d->nhdr, "COUNT")->kind == GK_CONST &&
		     find_named(d->hdr, d->nhdr, "COUNT")->min == 0x3fff && d->min_dw == 1 && d->max_dw == 1))
		PROBLEM("%s: the pad NOP is not one dword with COUNT 0x3FFF", where);
	if (t3 && !pad && (d->hdr != gk_pm4_hdr3 || d->nhdr != gk_pm4_nhdr3))
		PROBLEM("%s: type-3 packet with its own header layout", where);
	if (!t3 && d->hdr == gk_pm4_hdr3)
		PROBLEM("%s: shares the type-3 header without an opcode field", where);
	const struct gk_field *type = find_named(d->hdr, d->nhdr, "TYPE");
	if (!type || type->kind != GK_CONST || type->nseg != 1 || type->seg[0].lo != 30 || type->seg[0].hi != 31)
		PROBLEM("%s: header has no TYPE constant in bits 31:30", where);
	else if (t3 && type->min != 3)
		PROBLEM("%s: type-3 packet with TYPE=%llu", where, (unsigned long long)type->min);
	const struct gk_field *cnt = 0;
	for (unsigned i = 0; i < d->nhdr; i++)
		if (d->hdr[i].kind == GK_COUNT)
			cnt = &d->hdr[i];
	if (t3 && !pad && (!cnt || cnt->min != 2))
		PROBLEM("%s: type-3 packet without COUNT = dwords - 2", where);

	if (d->max_dw && d->min_dw > d->max_dw)
		PROBLEM("%s: min_dw %u > max_dw %u", where, d->min_dw, d->max_dw);
	if (d->min_dw < 1)
		PROBLEM("%s: min_dw 0", where);
	if (cnt && d->min_dw < cnt->min)
		PROBLEM("%s: min_dw %u below what COUNT can express", where, d->min_dw);
	if (cnt && d->max_dw && d->max_dw > cnt->min + ones(gk_field_width(cnt)))
		PROBLEM("%s: max_dw %u beyond what COUNT can express", where, d->max_dw);
	if (!cnt && !(d->min_dw == 1 && d->max_dw == 1) && d->tail != GK_TAIL_REGS)
		PROBLEM("%s: no COUNT but not a one-dword packet", where);

	unsigned limit = d->tail ? d->tail_dw : d->max_dw;
	for (unsigned i = 0; i < d->nhdr; i++)
		check_field(where, d->hdr, i, true, 1, d->gens);
	unsigned fixed_end = 1, uncond_end = 1;
	for (unsigned i = 0; i < d->nfields; i++) {
		const struct gk_field *f = &d->fields[i];
		check_field(where, d->fields, i, false, limit, d->gens);
		unsigned last = gk_field_last_dw(f) + 1;
		if (last > fixed_end)
			fixed_end = last;
		if (!f->cond && !f->gens && last > uncond_end)
			uncond_end = last;
		if (find_named(d->hdr, d->nhdr, f->name))
			PROBLEM("%s: body field %s has a header field's name", where, f->name);
		if (d->tail_name && !strcmp(d->tail_name, f->name))
			PROBLEM("%s: field %s has the tail's name", where, f->name);
	}
	if (uncond_end > d->min_dw)
		PROBLEM("%s: unconditional fields reach dw%u but min_dw is %u", where, uncond_end - 1, d->min_dw);
	check_pairs(where, d->gens, d->hdr, d->nhdr, d->fields, d->nfields);

	switch (d->tail) {
	case GK_TAIL_NONE:
		if (d->tail_dw || d->group || d->ngroup || d->group_dw || d->tail_unit > 1 || d->tail_name)
			PROBLEM("%s: tail attributes without a tail", where);
		if (!d->max_dw)
			PROBLEM("%s: no tail and no max_dw: what explains the rest?", where);
		break;
	case GK_TAIL_DATA:
	case GK_TAIL_REGS:
	case GK_TAIL_GROUPS:
		if (d->tail_dw < fixed_end)
			PROBLEM("%s: tail starts at dw%u inside the fixed fields (to dw%u)", where, d->tail_dw, fixed_end - 1);
		if (d->tail_dw < 1 || d->tail_dw > FIXED_MAX)
			PROBLEM("%s: tail_dw %u", where, d->tail_dw);
		if (d->max_dw && d->max_dw <= d->tail_dw)
			PROBLEM("%s: max_dw %u leaves no room for the tail at dw%u", where, d->max_dw, d->tail_dw);
		break;
	default:
		PROBLEM("%s: tail kind %u", where, d->tail);
	}
	if (d->tail == GK_TAIL_DATA) {
		if (!d->tail_name || !token_ok(d->tail_name) || reserved_word(d->tail_name))
			PROBLEM("%s: data tail without a usable name", where);
		if (d->group || d->ngroup)
			PROBLEM("%s: data tail with a group", where);
	}
	if (d->tail == GK_TAIL_REGS) {
		unsigned n = d->reg_in_hdr ? d->nhdr : d->nfields;
		const struct gk_field *a = d->reg_in_hdr ? d->hdr : d->fields;
		if (d->reg_field >= n)
			PROBLEM("%s: register start field %u of %u", where, d->reg_field, n);
		else if (a[d->reg_field].kind != GK_UINT || a[d->reg_field].cond || a[d->reg_field].gens)
			PROBLEM("%s: register start %s is not a plain number", where, a[d->reg_field].name);
		if (d->space >= GK_PM4_NSPACES)
			PROBLEM("%s: register space %u", where, d->space);
	}
	if (d->tail == GK_TAIL_GROUPS) {
		if (!d->group || !d->ngroup || !d->group_dw) {
			PROBLEM("%s: group tail without group/ngroup/group_dw", where);
		} else {
			for (unsigned i = 0; i < d->ngroup; i++) {
				check_field(where, d->group, i, false, d->group_dw, d->gens);
				if (d->group[i].cond)
					PROBLEM("%s: group field %s has a condition", where, d->group[i].name);
			}
			check_pairs(where, d->gens, d->group, d->ngroup, 0, 0);
			if (d->tail_unit > 1 && d->tail_unit % d->group_dw)
				PROBLEM("%s: tail_unit %u is not whole groups of %u", where, d->tail_unit, d->group_dw);
		}
	}
	if ((d->flags & GK_P_EXEC_COUNT)) {
		const struct gk_field *e = 0;
		for (unsigned i = 0; i < d->nfields && !e; i++)
			if (d->fields[i].flags & GK_F_EXEC)
				e = &d->fields[i];
		if (!e || e->cond)
			PROBLEM("%s: EXEC_COUNT flag without an unconditional GK_F_EXEC count field", where);
	}
	if ((d->flags & GK_P_COMPUTE) && (d->flags & GK_P_GRAPHICS))
		PROBLEM("%s: both compute and graphics", where);
	return nproblems - before;
}

/* Opcodes and names over a set of descriptions. */
static unsigned check_set(const struct gk_packet_desc *a, size_t n)
{
	unsigned before = nproblems;
	unsigned types[4] = { 0 };
	for (size_t i = 0; i < n; i++) {
		const struct gk_packet_desc *d = &a[i];
		bool t3 = has_kind(d, GK_OPCODE);
		if (!t3) {
			const struct gk_field *type = find_named(d->hdr, d->nhdr, "TYPE");
			if (type)
				types[type->min & 3]++;
		}
		for (size_t j = 0; j < i; j++) {
			const struct gk_packet_desc *e = &a[j];
			if (t3 && has_kind(e, GK_OPCODE) && e->opcode == d->opcode && (e->gens & d->gens) &&
			    d != gk_pm4_nop_pad && e != gk_pm4_nop_pad)
				PROBLEM("opcode 0x%02x: %s and %s both on gens 0x%x", d->opcode, e->name, d->name,
					e->gens & d->gens);
			unsigned shared = (e->gens ? e->gens : ALL_GENS) & (d->gens ? d->gens : ALL_GENS);
			if (!shared)
				continue;
			const char *dn[2] = { d->name, d->alias }, *en[2] = { e->name, e->alias };
			for (int x = 0; x < 2; x++)
				for (int y = 0; y < 2; y++)
					if (dn[x] && en[y] && !strcmp(dn[x], en[y]))
						PROBLEM("name %s: %s and %s share gens 0x%x", dn[x], e->name, d->name, shared);
		}
	}
	for (unsigned t = 0; t < 4; t++)
		if (types[t] != 1)
			PROBLEM("%u descriptions frame packet type %u (want exactly one)", types[t], t);
	return nproblems - before;
}

/* The real table, seen through gk_pm4_format_init and gk_format_find. */
static void check_formats(void)
{
	for (unsigned g = 0; g < 4; g++) {
		struct gk_format fmt;
		CHECK(gk_pm4_format_init(&fmt, gen_names[g]) == 0, "%s", gen_names[g]);
		CHECK(fmt.gen_bit == gen_bits[g], "%s gen bit", gen_names[g]);
		for (unsigned t = 0; t < 4; t++)
			CHECK(fmt.special[t] != 0, "%s: no description for type %u", gen_names[g], t);
		CHECK(fmt.nspaces == GK_PM4_NSPACES, "%s spaces", gen_names[g]);
		for (unsigned s = 0; s < fmt.nspaces; s++) {
			const struct gk_space *sp = &fmt.spaces[s];
			CHECK(sp->name && sp->start <= sp->end && sp->start % 4 == 0 && sp->end % 4 == 0,
			      "%s space %u", gen_names[g], s);
		}
		for (size_t i = 0; i < gk_pm4_ndescs; i++) {
			const struct gk_packet_desc *d = &gk_pm4_descs[i];
			bool here = d->gens ? (d->gens & gen_bits[g]) != 0 : true;
			if (!here)
				continue;
			const struct gk_packet_desc *f = gk_format_find(&fmt, d->name, strlen(d->name));
			CHECK(f == d, "%s: name %s finds %s", gen_names[g], d->name, f ? f->name : "nothing");
			if (d->alias) {
				f = gk_format_find(&fmt, d->alias, strlen(d->alias));
				CHECK(f == d, "%s: alias %s finds %s", gen_names[g], d->alias, f ? f->name : "nothing");
			}
			if (has_kind(d, GK_OPCODE))
				CHECK(fmt.by_op[d->opcode] == d, "%s: opcode 0x%02x frames %s, not %s", gen_names[g],
				      d->opcode, fmt.by_op[d->opcode] ? fmt.by_op[d->opcode]->name : "nothing", d->name);
		}
	}
}

/* ---- register tables ---- */

/* The line writer's data in a register row (struct gk_reg's head and
 * fieldat, the fields' mask): text.c copies the head from before the name
 * and finds a bit's field by its layout (a layout entry past the fields
 * makes the bit stray there, so a wrong one is wrong text, never a read
 * out of bounds). */
static void check_line_data(const struct gk_reg_table *t, const struct gk_reg *r, const char *gen)
{
	if (r->head) {
		char want[16];
		snprintf(want, sizeof want, "    0x%05x ", (unsigned)r->offset);
		if (r->offset > 0xfffff || memcmp(r->name - 12, want, 12))
			PROBLEM("%s: %s has head 1 and its name does not follow \"%s\"", gen, r->name, want);
	}
	for (unsigned k = 0; k < r->nfields && r->fields; k++) {
		const struct gk_reg_field *f = &r->fields[k];
		if (f->mask && (f->hi > 31 || f->lo > f->hi || f->mask != (uint32_t)ones(f->hi - f->lo + 1u) << f->lo))
			PROBLEM("%s: %s field %u has mask 0x%08x for bits %u..%u", gen, r->name, k, f->mask, f->lo, f->hi);
	}
	if (!r->fieldat)
		return;
	if (!t->fieldat || r->fieldat > t->nfieldat) {
		PROBLEM("%s: %s has field layout %u of %zu", gen, r->name, r->fieldat, t->fieldat ? t->nfieldat : 0);
		return;
	}
	const uint8_t *at = t->fieldat[r->fieldat - 1];
	for (unsigned b = 0; b < 32; b++) {
		unsigned want = 0xff;
		for (unsigned k = 0; k < r->nfields && r->fields; k++)
			if (r->fields[k].lo <= b && b <= r->fields[k].hi)
				want = k;
		if (at[b] != want)
			PROBLEM("%s: %s's field layout says bit %u is in field %u, it is in %u", gen, r->name, b, at[b],
				want);
		/* the writer takes the field's bits from mask */
		if (want != 0xff && !r->fields[want].mask)
			PROBLEM("%s: %s has a field layout and field %u no mask", gen, r->name, want);
	}
}

/* What the printers rely on in every register table (PM4 GFX6-GFX12 and
 * Adreno too, which check_regs does not hold to its naming rules): the
 * lengths they copy instead of measuring (gk_put_mem reads exactly that
 * many bytes of the name), fields sorted by lo without overlap,
 * and the line writer's data (check_line_data) */
static unsigned check_lengths(const struct gk_reg_table *t, const char *gen)
{
	unsigned before = nproblems;
	for (size_t i = 0; i < t->nregs; i++) {
		const struct gk_reg *r = gk_reg_at(t, i);
		if (!r->name || r->namelen != strlen(r->name))
			PROBLEM("%s: register 0x%06x has a bad name or namelen", gen, r->offset);
		for (unsigned k = 0; k < r->nfields && r->fields; k++) {
			const struct gk_reg_field *f = &r->fields[k];
			if (!f->name || f->namelen != strlen(f->name))
				PROBLEM("%s: %s field %u has a bad name or namelen", gen, r->name, k);
			if (f->lo > f->hi || f->hi > 31 || (k && r->fields[k - 1].hi >= f->lo))
				PROBLEM("%s: %s field %u is out of order, overlaps or passes bit 31", gen, r->name, k);
			for (unsigned v = 0; v < f->nvalues && f->values; v++)
				if (!f->values[v].name || f->values[v].namelen != strlen(f->values[v].name))
					PROBLEM("%s: %s field %u value %u has a bad name or namelen", gen, r->name, k,
						f->values[v].value);
		}
		if (r->name)
			check_line_data(t, r, gen);
	}
	return nproblems - before;
}

static unsigned check_regs(const struct gk_reg_table *t, const char *gen)
{
	unsigned before = nproblems;
	if (!t->gen || strcmp(t->gen, gen))
		PROBLEM("%s: table says it is %s", gen, t->gen ? t->gen : "(null)");
	if (!t->regs || !t->names) {
		PROBLEM("%s: empty register table", gen);
		return nproblems - before;
	}
	unsigned elsewhere = 0;
	for (size_t i = 0; i < t->nregs; i++) {
		const struct gk_reg *r = gk_reg_at(t, i);
		if (i && gk_reg_at(t, i - 1)->offset >= r->offset)
			PROBLEM("%s: registers not sorted at 0x%06x %s", gen, r->offset, r->name);
		if (!token_ok(r->name) || reserved_word(r->name)) {
			PROBLEM("%s: register 0x%06x has a bad name '%s'", gen, r->offset, r->name ? r->name : "(null)");
			continue;
		}
		if (gk_reg_by_offset(t, r->offset) != r)
			PROBLEM("%s: 0x%06x does not find %s", gen, r->offset, r->name);
		if (r->namelen != strlen(r->name))
			PROBLEM("%s: %s has namelen %u", gen, r->name, r->namelen);
		for (unsigned k = 0; k < r->nfields; k++)
			if (r->fields[k].name && r->fields[k].namelen != strlen(r->fields[k].name))
				PROBLEM("%s: %s.%s has namelen %u", gen, r->name, r->fields[k].name, r->fields[k].namelen);
		const struct gk_reg *byname = gk_reg_by_name(t, r->name, strlen(r->name));
		if (!byname)
			PROBLEM("%s: name %s (0x%06x) does not resolve", gen, r->name, r->offset);
		else if (byname != r)
			elsewhere++;
		if (r->nfields && !r->fields)
			PROBLEM("%s: %s has %u fields and no array", gen, r->name, r->nfields);
		/* maxline: text.c writes a register-run line unchecked into that
		 * much room, so it must cover the longest line ("    0xAAAAA NAME <-",
		 * " F=" and the longest value of each field, " 0xSTRAY", "\n") */
		size_t longest = 12 + r->namelen + 3 + 12;
		for (unsigned k = 0; k < r->nfields && r->fields; k++) {
			size_t vl = 10;
			for (unsigned v = 0; v < r->fields[k].nvalues && r->fields[k].values; v++)
				if (r->fields[k].values[v].name && strlen(r->fields[k].values[v].name) > vl)
					vl = strlen(r->fields[k].values[v].name);
			longest += 2 + r->fields[k].namelen + vl;
		}
		if (r->maxline && r->maxline < longest)
			PROBLEM("%s: %s has maxline %u, its longest line is %zu bytes", gen, r->name, r->maxline, longest);
		for (unsigned k = 0; k < r->nfields && r->fields; k++) {
			const struct gk_reg_field *f = &r->fields[k];
			if (!token_ok(f->name) || reserved_word(f->name))
				PROBLEM("%s: %s field %u has a bad name", gen, r->name, k);
			if (f->lo > f->hi || f->hi > 31) {
				PROBLEM("%s: %s.%s bits %u..%u", gen, r->name, f->name, f->lo, f->hi);
				continue;
			}
			if (k && r->fields[k - 1].lo >= f->lo)
				PROBLEM("%s: %s fields not sorted at %s", gen, r->name, f->name);
			if (k && r->fields[k - 1].hi >= f->lo)
				PROBLEM("%s: %s.%s (%u..%u) overlaps %s (%u..%u)", gen, r->name, f->name, f->lo, f->hi,
					r->fields[k - 1].name, r->fields[k - 1].lo, r->fields[k - 1].hi);
			for (unsigned j = 0; j < k; j++)
				if (f->name && r->fields[j].name && !strcmp(f->name, r->fields[j].name))
					PROBLEM("%s: %s has two fields %s", gen, r->name, f->name);
			if (f->name && gk_reg_field_by_name(r, f->name, strlen(f->name)) != f)
				PROBLEM("%s: %s.%s lookup finds another field", gen, r->name, f->name);
			uint64_t max = ones(f->hi - f->lo + 1u);
			if (f->nvalues && !f->values)
				PROBLEM("%s: %s.%s has values and no array", gen, r->name, f->name);
			for (unsigned v = 0; v < f->nvalues && f->values; v++) {
				const struct gk_reg_value *x = &f->values[v];
				if (x->value > max)
					PROBLEM("%s: %s.%s = %s (%u) does not fit %u bits", gen, r->name, f->name, x->name,
						x->value, f->hi - f->lo + 1u);
				if (v && f->values[v - 1].value >= x->value)
					PROBLEM("%s: %s.%s values not sorted at %u", gen, r->name, f->name, x->value);
				if (!token_ok(x->name) || reserved_word(x->name)) {
					PROBLEM("%s: %s.%s value %u has a bad name", gen, r->name, f->name, x->value);
					continue;
				}
				if (x->namelen != strlen(x->name))
					PROBLEM("%s: %s.%s value %s has namelen %u", gen, r->name, f->name, x->name, x->namelen);
				for (unsigned u = 0; u < v; u++)
					if (f->values[u].name && !strcmp(f->values[u].name, x->name))
						PROBLEM("%s: %s.%s names %s twice", gen, r->name, f->name, x->name);
				uint32_t back;
				if (gk_reg_value_name(f, x->value) != x->name ||
				    gk_reg_value_by_name(f, x->name, strlen(x->name), &back) != 0 || back != x->value)
					PROBLEM("%s: %s.%s value %s does not look up both ways", gen, r->name, f->name, x->name);
			}
		}
	}
	for (size_t i = 0; i < t->nnames; i++) {
		const struct gk_reg_name *n = gk_reg_name_at(t, i);
		if (!n->name) {
			PROBLEM("%s: names[%zu] is NULL", gen, i);
			continue;
		}
		if (i && gk_reg_name_at(t, i - 1)->name && strcmp(gk_reg_name_at(t, i - 1)->name, n->name) >= 0)
			PROBLEM("%s: names not sorted/unique at %s", gen, n->name);
		const struct gk_reg *r = gk_reg_by_offset(t, n->offset);
		if (!r)
			PROBLEM("%s: name %s points at 0x%06x, where no register is", gen, n->name, n->offset);
		const struct gk_reg *b = gk_reg_by_name(t, n->name, strlen(n->name));
		if (!b || b->offset != n->offset)
			PROBLEM("%s: name %s does not resolve to 0x%06x", gen, n->name, n->offset);
		if (!token_ok(n->name) || reserved_word(n->name))
			PROBLEM("%s: alias '%s' is not a plain token", gen, n->name);
	}
	if (!quiet)
		printf("# %s: %zu registers, %zu names, %u primary names resolving to another offset\n", gen, t->nregs,
		       t->nnames, elsewhere);
	return nproblems - before;
}

/* ---- deliberately broken tables: every rule must catch its case ---- */

static const char *const two_names[4] = { [0] = "A", [1] = "B", [2] = "C", [3] = "D" };
static const struct gk_enum e2 = { 2, two_names, NULL };
static const char *const dup_names[4] = { [0] = "A", [1] = "A" };
static const struct gk_enum edup = { 2, dup_names, NULL };
static const char *const num_names[2] = { [0] = "ZERO", [1] = "0x1" };
static const struct gk_enum enum_num = { 1, num_names, NULL };

#define F(n, d, l, h, ...) { .name = n, .seg = {{d, l, h, 0}}, .nseg = 1, .kind = GK_UINT, __VA_ARGS__ }
#define T3(nm, op, fl, mn, mx) { .name = nm, .opcode = op, .gens = ALL_GENS, .hdr = gk_pm4_hdr3, .nhdr = 5, \
	.fields = fl, .nfields = sizeof fl / sizeof fl[0], .min_dw = mn, .max_dw = mx }

static const struct gk_field ok_fields[] = { F("A", 1, 0, 7), F("B", 1, 8, 15) };
static const struct gk_field overlap_fields[] = { F("A", 1, 0, 7), F("B", 1, 4, 11) };
static const struct gk_field hdr_overlap_fields[] = { F("A", 0, 2, 9) };
static const struct gk_field variants_ok[] = {
	F("SEL", 1, 0, 0), F("X", 2, 0, 31, .cond = 1, .cond_mask = 1u << 0),
	F("Y", 2, 0, 15, .cond = 1, .cond_mask = 1u << 1),
};
static const struct gk_field variants_bad[] = {
	F("SEL", 1, 0, 0), F("X", 2, 0, 31, .cond = 1, .cond_mask = 3u),
	F("Y", 2, 0, 15, .cond = 1, .cond_mask = 1u << 1),
};
static const struct gk_field gens_ok[] = { F("X", 1, 0, 31, .gens = GK_PM4_R600), F("Y", 1, 0, 15, .gens = GK_PM4_CAYMAN) };
static const struct gk_field gens_bad[] = { F("X", 1, 0, 31, .gens = GK_PM4_R600 | GK_PM4_CAYMAN),
					    F("Y", 1, 0, 15, .gens = GK_PM4_CAYMAN) };
static const struct gk_field forward_cond[] = { F("X", 2, 0, 31, .cond = 2, .cond_mask = 1), F("SEL", 1, 0, 0) };
static const struct gk_field self_cond[] = { F("X", 1, 0, 3, .cond = 1, .cond_mask = 1) };
static const struct gk_field beyond_max[] = { F("A", 1, 0, 7), F("B", 2, 0, 7) };
static const struct gk_field beyond_31[] = { { .name = "A", .seg = {{1, 30, 32, 0}}, .nseg = 1, .kind = GK_UINT } };
static const struct gk_field narrow_enum[] = { { .name = "A", .seg = {{1, 0, 2, 0}}, .nseg = 1, .kind = GK_ENUM, .enm = &e2 } };
static const struct gk_field narrow_flags[] = { { .name = "A", .seg = {{1, 0, 4, 0}}, .nseg = 1, .kind = GK_FLAGS, .enm = &e2 } };
static const struct gk_field dup_enum[] = { { .name = "A", .seg = {{1, 0, 1, 0}}, .nseg = 1, .kind = GK_ENUM, .enm = &edup } };
static const struct gk_field numeric_enum[] = { { .name = "A", .seg = {{1, 0, 0, 0}}, .nseg = 1, .kind = GK_ENUM, .enm = &enum_num } };
static const struct gk_field wide_enum_field[] = { { .name = "A", .seg = {{1, 0, 0, 0}}, .nseg = 1, .kind = GK_ENUM, .enm = &e2 } };
static const struct gk_field seg_overlap[] = {
	{ .name = "A", .seg = {{1, 0, 7, 0}, {1, 4, 9, 8}}, .nseg = 2, .kind = GK_ADDR },
};
static const struct gk_field seg_pos_overlap[] = {
	{ .name = "A", .seg = {{1, 0, 7, 0}, {2, 0, 7, 4}}, .nseg = 2, .kind = GK_ADDR },
};
static const struct gk_field bad_range[] = { F("A", 1, 0, 2, .min = 1, .max = 9) };
static const struct gk_field same_name_both[] = { F("A", 1, 0, 7), F("A", 2, 0, 7) };
static const struct gk_field hdr_name[] = { F("COUNT", 1, 0, 7) };
static const struct gk_field group_bad[] = { F("OFF", 0, 0, 15), F("NUM", 2, 0, 13) };
static const struct gk_field exec_missing[] = { F("NOT_EXEC", 1, 0, 13) };
static const struct gk_field dw_name[] = { F("dw1", 1, 0, 7) };
#define R(n, d, l, h, ...) { .name = n, .seg = {{d, l, h, 0}}, .nseg = 1, .kind = GK_REG, __VA_ARGS__ }
static const struct gk_field pair_ok[] = { R("OFF", 1, 0, 15, .space = 1), F("VAL", 2, 0, 31, .value_reg = 1) };
static const struct gk_field pair_to_number[] = { F("OFF", 1, 0, 15), F("VAL", 2, 0, 31, .value_reg = 1) };
static const struct gk_field pair_forward[] = { F("VAL", 1, 0, 31, .value_reg = 2), R("OFF", 2, 0, 15) };
static const struct gk_field space_on_number[] = { F("OFF", 1, 0, 15, .space = 1) };

static const struct gk_field my_hdr3[] = {
	{ .name = "PREDICATE", .seg = {{0, 0, 0, 0}}, .nseg = 1, .kind = GK_FLAG },
	{ .name = "IT_OPCODE", .seg = {{0, 8, 15, 0}}, .nseg = 1, .kind = GK_OPCODE },
	{ .name = "COUNT", .seg = {{0, 16, 29, 0}}, .nseg = 1, .kind = GK_COUNT, .min = 2 },
	{ .name = "TYPE", .seg = {{0, 30, 31, 0}}, .nseg = 1, .kind = GK_CONST, .min = 3 },
};

static void selftest(void)
{
	struct {
		const char *what;
		struct gk_packet_desc d;
		bool bad;
	} cases[] = {
		{ "sound packet", T3("OK", 0x10, ok_fields, 2, 2), false },
		{ "overlapping fields", T3("OV", 0x10, overlap_fields, 2, 2), true },
		{ "body field in dw0 (header bits)", T3("OV0", 0x10, hdr_overlap_fields, 2, 2), true },
		{ "exclusive variants", T3("VAR", 0x10, variants_ok, 3, 3), false },
		{ "variants that can coexist", T3("VARB", 0x10, variants_bad, 3, 3), true },
		{ "generation variants", T3("GEN", 0x10, gens_ok, 2, 2), false },
		{ "generation variants that meet", T3("GENB", 0x10, gens_bad, 2, 2), true },
		{ "forward condition", T3("FWD", 0x10, forward_cond, 3, 3), true },
		{ "self condition", T3("SELF", 0x10, self_cond, 2, 2), true },
		{ "field beyond max_dw", T3("MAX", 0x10, beyond_max, 2, 2), true },
		{ "field beyond bit 31", T3("B31", 0x10, beyond_31, 2, 2), true },
		{ "enum narrower than its field", T3("EN", 0x10, narrow_enum, 2, 2), true },
		{ "flags narrower than their field", T3("FL", 0x10, narrow_flags, 2, 2), true },
		{ "enum naming one value twice", T3("ED", 0x10, dup_enum, 2, 2), true },
		{ "enum name that parses as a number", T3("EN0", 0x10, numeric_enum, 2, 2), true },
		{ "enum names beyond the field", T3("EW", 0x10, wide_enum_field, 2, 2), true },
		{ "overlapping segments", T3("SO", 0x10, seg_overlap, 2, 2), true },
		{ "segments overlapping in the value", T3("SP", 0x10, seg_pos_overlap, 3, 3), true },
		{ "range beyond the field", T3("RG", 0x10, bad_range, 2, 2), true },
		{ "one name twice, both present", T3("NN", 0x10, same_name_both, 3, 3), true },
		{ "body field named like a header field", T3("HN", 0x10, hdr_name, 2, 2), true },
		{ "field named like raw bits", T3("DWN", 0x10, dw_name, 2, 2), true },
		{ "min_dw > max_dw", T3("MM", 0x10, ok_fields, 3, 2), true },
		{ "unconditional field beyond min_dw", { .name = "UMIN", .opcode = 0x10, .gens = ALL_GENS,
		  .hdr = gk_pm4_hdr3, .nhdr = 5, .fields = beyond_max, .nfields = 2, .min_dw = 2, .max_dw = 3 }, true },
		{ "own copy of the type-3 header", { .name = "HDR", .opcode = 0x10, .gens = ALL_GENS, .hdr = my_hdr3,
		  .nhdr = 4, .fields = ok_fields, .nfields = 2, .min_dw = 2, .max_dw = 2 }, true },
		{ "tail inside the fixed fields", { .name = "TL", .opcode = 0x10, .gens = ALL_GENS, .hdr = gk_pm4_hdr3,
		  .nhdr = 5, .fields = beyond_max, .nfields = 2, .min_dw = 3, .tail = GK_TAIL_DATA, .tail_dw = 2,
		  .tail_name = "DATA" }, true },
		{ "group tail without a group", { .name = "GR", .opcode = 0x10, .gens = ALL_GENS, .hdr = gk_pm4_hdr3,
		  .nhdr = 5, .fields = ok_fields, .nfields = 2, .min_dw = 2, .tail = GK_TAIL_GROUPS, .tail_dw = 2 }, true },
		{ "group field beyond group_dw", { .name = "GF", .opcode = 0x10, .gens = ALL_GENS, .hdr = gk_pm4_hdr3,
		  .nhdr = 5, .fields = ok_fields, .nfields = 2, .min_dw = 2, .tail = GK_TAIL_GROUPS, .tail_dw = 2,
		  .group = group_bad, .ngroup = 2, .group_dw = 2, .tail_unit = 2 }, true },
		{ "data tail without a name", { .name = "DT", .opcode = 0x10, .gens = ALL_GENS, .hdr = gk_pm4_hdr3,
		  .nhdr = 5, .fields = ok_fields, .nfields = 2, .min_dw = 2, .tail = GK_TAIL_DATA, .tail_dw = 2 }, true },
		{ "register pair", T3("RP", 0x10, pair_ok, 3, 3), false },
		{ "pair value naming a number field", T3("RPN", 0x10, pair_to_number, 3, 3), true },
		{ "pair value naming a later field", T3("RPF", 0x10, pair_forward, 3, 3), true },
		{ "register space on a number", T3("RSN", 0x10, space_on_number, 2, 2), true },
		{ "EXEC_COUNT flag without the field", { .name = "EX", .opcode = 0x10, .gens = ALL_GENS,
		  .hdr = gk_pm4_hdr3, .nhdr = 5, .fields = exec_missing, .nfields = 1, .min_dw = 2, .max_dw = 2,
		  .flags = GK_P_EXEC_COUNT }, true },
	};
	quiet = true;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		unsigned n = check_desc(&cases[i].d);
		if (cases[i].bad)
			CHECK(n > 0, "the table rules miss: %s", cases[i].what);
		else
			CHECK(n == 0, "the table rules reject a sound case: %s (%u problems)", cases[i].what, n);
	}

	/* the same opcode twice on one generation; one name twice */
	struct gk_packet_desc set[6];
	unsigned nframing = 0; /* the type 0-3 framing descriptions */
	for (size_t i = 0; i < gk_pm4_ndescs && nframing < 4; i++)
		if (!has_kind(&gk_pm4_descs[i], GK_OPCODE))
			set[nframing++] = gk_pm4_descs[i];
	CHECK(nframing == 4, "%u framing descriptions", nframing);
	set[4] = (struct gk_packet_desc)T3("A", 0x10, ok_fields, 2, 2);
	set[5] = (struct gk_packet_desc)T3("B", 0x10, ok_fields, 2, 2);
	set[5].gens = GK_PM4_CAYMAN;
	CHECK(check_set(set, 5) == 0, "a sound set is rejected");
	CHECK(check_set(set, 6) > 0, "the table rules miss a duplicate opcode");
	set[5].opcode = 0x11;
	CHECK(check_set(set, 6) == 0, "a sound set is rejected");
	set[5].name = "A";
	CHECK(check_set(set, 6) > 0, "the table rules miss a duplicate name");
	set[5].name = "B";
	set[0] = set[5];
	CHECK(check_set(set, 5) > 0, "the table rules miss a packet type without framing");

	/* register tables */
	static const struct gk_reg_value vals[] = { { 0, 4, "ZERO" }, { 4, 4, "FOUR" } };
	static const struct gk_reg_value vals_dup[] = { { 0, 4, "ZERO" }, { 1, 4, "ZERO" } };
	static const struct gk_reg_value vals_len[] = { { 0, 5, "ZERO" } };
	static const struct gk_reg_field fl_ok[] = { { "A", 0, 1, 0, 0, 1, 0x3 }, { "B", 2, 4, 2, vals, 1, 0x1c } };
	static const struct gk_reg_field fl_mask[] = { { "A", 0, 1, 0, 0, 1, 0x3 }, { "B", 2, 4, 2, vals, 1, 0x0c } };
	static const struct gk_reg_field fl_overlap[] = { { "A", 0, 3, 0, 0, 1, 0 }, { "B", 2, 4, 0, 0, 1, 0 } };
	static const struct gk_reg_field fl_fit[] = { { "A", 0, 1, 2, vals, 1, 0 } };
	static const struct gk_reg_field fl_dup[] = { { "A", 0, 1, 2, vals_dup, 1, 0 } };
	static const struct gk_reg_field fl_len[] = { { "A", 0, 1, 1, vals_len, 1, 0 } };
	static const char head_a[] = "    0x28000 REG_A", head_b[] = "    0x28004 REG_B";
	/* fl_ok's layout, then one that puts bit 4 in no field */
	static const uint8_t layouts[2][32] = {
		{ 0, 0, 1, 1, 1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		  0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff },
		{ 0, 0, 1, 1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		  0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff },
	};
	struct gk_reg regs[2] = { { 0x28000, head_a + 12, 2, fl_ok, 5, 58, 1, 1 },
				  { 0x28004, head_b + 12, 0, 0, 5, 32, 1, 0 } };
	struct gk_reg_name names[2] = { { "REG_A", 0x28000 }, { "REG_B", 0x28004 } };
	static const uint16_t in_order[2] = { 0, 1 };
	struct gk_reg_table t = { "test", regs, in_order, 2, names, in_order, 2, layouts, 2 };
	CHECK(check_regs(&t, "test") == 0, "a sound register table is rejected");
	CHECK(check_lengths(&t, "test") == 0, "a sound register table's line data is rejected");
	regs[1].offset = 0x28008;
	names[1].offset = 0x28008;
	CHECK(check_lengths(&t, "test") > 0, "the line data rules miss a head of another offset");
	regs[1].offset = 0x28004;
	names[1].offset = 0x28004;
	regs[0].fieldat = 2;
	CHECK(check_lengths(&t, "test") > 0, "the line data rules miss a bit of a field in no field");
	regs[0].fieldat = 3;
	CHECK(check_lengths(&t, "test") > 0, "the line data rules miss a layout past the table's");
	regs[0].fieldat = 1;
	regs[0].fields = fl_mask;
	CHECK(check_lengths(&t, "test") > 0, "the line data rules miss a field mask a bit short");
	regs[0].fields = fl_ok;
	CHECK(check_lengths(&t, "test") == 0, "the line data self test left the table unsound");
	regs[0].fieldat = 0; /* the cases below change the fields */
	regs[0].maxline = 57;
	CHECK(check_regs(&t, "test") > 0, "the register rules miss a maxline one byte short");
	regs[0].maxline = 58;
	regs[0].fields = fl_overlap;
	CHECK(check_regs(&t, "test") > 0, "the register rules miss overlapping fields");
	regs[0].fields = fl_fit;
	regs[0].nfields = 1;
	CHECK(check_regs(&t, "test") > 0, "the register rules miss a value that does not fit");
	regs[0].fields = fl_dup;
	CHECK(check_regs(&t, "test") > 0, "the register rules miss a value name used twice");
	regs[0].fields = fl_len;
	CHECK(check_regs(&t, "test") > 0, "the register rules miss a value namelen one too long");
	CHECK(check_lengths(&t, "test") > 0, "the length rules miss a value namelen one too long");
	regs[0].fields = fl_ok;
	regs[0].nfields = 2;
	regs[1].offset = 0x27000;
	CHECK(check_regs(&t, "test") > 0, "the register rules miss unsorted registers");
	regs[1].offset = 0x28004;
	names[1].offset = 0x28008;
	CHECK(check_regs(&t, "test") > 0, "the register rules miss a name pointing nowhere");
	names[1].offset = 0x28004;
	names[0].name = "REG_C";
	CHECK(check_regs(&t, "test") > 0, "the register rules miss unsorted names");
	quiet = false;
}

int main(void)
{
	nproblems = 0;
	selftest();
	unsigned long self_pairs = pairs_compared;

	pairs_compared = pairs_overlapping = pairs_exclusive = enums_checked = conds_checked = 0;
	for (size_t i = 0; i < gk_pm4_ndescs; i++) {
		const struct gk_packet_desc *d = &gk_pm4_descs[i];
		unsigned n = check_desc(d);
		CHECK(n == 0, "%s: %u table problems", d->name, n);
	}
	unsigned n = check_set(gk_pm4_descs, gk_pm4_ndescs);
	CHECK(n == 0, "%u problems across descriptions", n);
	check_formats();
	printf("# %zu descriptions: %lu field pairs compared, %lu overlapping (%lu of them exclusive variants), "
	       "%lu enums, %lu conditions (self test: %lu pairs)\n",
	       gk_pm4_ndescs, pairs_compared, pairs_overlapping, pairs_exclusive, enums_checked, conds_checked,
	       self_pairs);
	/* the rules looked at something */
	CHECK(gk_pm4_ndescs > 60, "%zu descriptions", gk_pm4_ndescs);
	CHECK(pairs_compared > 1000, "only %lu field pairs compared", pairs_compared);
	CHECK(pairs_exclusive >= 10, "only %lu exclusive overlaps (COND_WRITE, WAIT_REG_MEM, ... have them)",
	      pairs_exclusive);
	CHECK(enums_checked > 50 && conds_checked > 30, "%lu enums, %lu conditions", enums_checked, conds_checked);

	const struct gk_reg_table *all[] = { &gk_pm4_regs_r600,   &gk_pm4_regs_r700,    &gk_pm4_regs_evergreen,
					     &gk_pm4_regs_cayman, &gk_pm4_regs_gfx6,    &gk_pm4_regs_gfx7,
					     &gk_pm4_regs_gfx8,   &gk_pm4_regs_gfx81,   &gk_pm4_regs_gfx9,
					     &gk_pm4_regs_gfx10,  &gk_pm4_regs_gfx103,  &gk_pm4_regs_gfx11,
					     &gk_pm4_regs_gfx115, &gk_pm4_regs_gfx12,   &gk_adreno_regs_a2xx,
					     &gk_adreno_regs_a3xx, &gk_adreno_regs_a4xx, &gk_adreno_regs_a5xx,
					     &gk_adreno_regs_a6xx, &gk_adreno_regs_a7xx, &gk_adreno_regs_gmu6,
					     &gk_adreno_regs_gmu7 };
	for (unsigned g = 0; g < sizeof all / sizeof all[0]; g++) {
		n = check_lengths(all[g], all[g]->gen ? all[g]->gen : "?");
		CHECK(n == 0 && all[g]->nregs > 0, "%s register table: %u length or order problems", all[g]->gen, n);
	}
	const struct gk_reg_table *tabs[] = { &gk_pm4_regs_r600, &gk_pm4_regs_r700, &gk_pm4_regs_evergreen,
					      &gk_pm4_regs_cayman };
	for (unsigned g = 0; g < 4; g++) {
		n = check_regs(tabs[g], gen_names[g]);
		CHECK(n == 0, "%s register table: %u problems", gen_names[g], n);
		CHECK(tabs[g]->nregs > 800 && tabs[g]->nnames >= tabs[g]->nregs, "%s: %zu registers, %zu names",
		      gen_names[g], tabs[g]->nregs, tabs[g]->nnames);
		struct gk_format fmt;
		gk_pm4_format_init(&fmt, gen_names[g]);
		CHECK(fmt.regs == tabs[g], "%s format uses its own register table", gen_names[g]);
	}
	return tl_done();
}
