/* Register database lookups over the generated const tables (by offset, name, field and value). */
#include "gfxkit/regdb.h"

/* Compare NUL-terminated s with the length-bounded q as strcmp would compare
 * s with a NUL-terminated copy of q: <0, 0 or >0. */
static int cmp_bounded(const char *s, const char *q, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char a = (unsigned char)s[i];
		unsigned char b = (unsigned char)q[i];
		if (a != b)
			return a < b ? -1 : 1;
		if (a == '\0')
			return -1; /* s ended; q has more bytes */
	}
	return s[len] != '\0' ? 1 : 0;
}

static int eq_bounded(const char *s, const char *q, size_t len)
{
	return s != NULL && (q != NULL || len == 0) && cmp_bounded(s, q, len) == 0;
}

const struct gk_reg *gk_reg_at(const struct gk_reg_table *t, size_t i)
{
	return t && t->regs && t->pool && i < t->nregs ? &t->pool[t->regs[i]] : NULL;
}

const struct gk_reg_name *gk_reg_name_at(const struct gk_reg_table *t, size_t i)
{
	return t && t->names && t->name_pool && i < t->nnames ? &t->name_pool[t->names[i]] : NULL;
}

size_t gk_reg_lower_bound(const struct gk_reg_table *t, uint32_t offset)
{
	if (t == NULL || t->regs == NULL || t->pool == NULL)
		return 0;
	size_t lo = 0, hi = t->nregs;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (t->pool[t->regs[mid]].offset < offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

const struct gk_reg *gk_reg_by_offset(const struct gk_reg_table *t, uint32_t offset)
{
	const struct gk_reg *r = gk_reg_at(t, gk_reg_lower_bound(t, offset));
	return r && r->offset == offset ? r : NULL;
}

const struct gk_reg *gk_reg_by_name(const struct gk_reg_table *t, const char *name, size_t len)
{
	if (t == NULL || t->names == NULL || t->name_pool == NULL || (name == NULL && len != 0))
		return NULL;
	size_t lo = 0, hi = t->nnames;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct gk_reg_name *n = &t->name_pool[t->names[mid]];
		int c = cmp_bounded(n->name, name, len);
		if (c == 0)
			return gk_reg_by_offset(t, n->offset);
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

const struct gk_reg_field *gk_reg_field_by_name(const struct gk_reg *r, const char *name, size_t len)
{
	if (r == NULL || r->fields == NULL || (name == NULL && len != 0))
		return NULL;
	for (uint16_t i = 0; i < r->nfields; i++)
		if (eq_bounded(r->fields[i].name, name, len))
			return &r->fields[i];
	return NULL;
}

const struct gk_reg_value *gk_reg_value_at(const struct gk_reg_field *f, uint32_t value)
{
	if (f == NULL || f->values == NULL)
		return NULL;
	/* most enumerations run 0, 1, 2...: the value's own row first */
	if (value < f->nvalues && f->values[value].value == value)
		return &f->values[value];
	/* the last row whose value is not above value, by halving the rows
	 * left with a conditional move, no branch on the compare: the values
	 * are unique and sorted (test_tables), so it is value's row if any.
	 * The sparse lists searched are mostly Adreno's 8-bit FORMAT fields
	 * (127 names of 256), whose random values the compare-and-branch
	 * search mispredicted half the time, at ~84 instructions a search
	 * (callgrind, decode -j 1 of the a630 quarter bench stream: 11,890
	 * searches: 999,850 -> 893,489 instructions, and cachegrind's mispredicts
	 * there 37,957 -> 6,198) */
	const struct gk_reg_value *base = f->values;
	size_t n = f->nvalues;
	if (!n)
		return NULL;
	while (n > 1) {
		size_t half = n / 2;
		base = base[half].value <= value ? base + half : base;
		n -= half;
	}
	return base->value == value ? base : NULL;
}

const char *gk_reg_value_name(const struct gk_reg_field *f, uint32_t value)
{
	const struct gk_reg_value *x = gk_reg_value_at(f, value);
	return x ? x->name : NULL;
}

int gk_reg_value_by_name(const struct gk_reg_field *f, const char *name, size_t len, uint32_t *value)
{
	if (f == NULL || f->values == NULL || (name == NULL && len != 0))
		return -1;
	for (uint16_t i = 0; i < f->nvalues; i++) {
		if (eq_bounded(f->values[i].name, name, len)) {
			if (value != NULL)
				*value = f->values[i].value;
			return 0;
		}
	}
	return -1;
}
