/* The executor's state (include/gfxkit/exec.h): creating and destroying it,
 * the register file callers read and set, stopping a run, and the exec
 * rows of each description with their field names resolved.
 *
 * The executor rides the one stream loop (gk_stream_run): the loop frames,
 * decodes, checks and follows indirect buffers; exec_run.c's unit callback
 * runs each decoded record (struct gk_unit) by its description's exec rows
 * (struct gk_exec_row, include/gfxkit/desc.h) through one dispatcher
 * table.  Nothing in src/exec names a family, packet or field: every name
 * comes from the rows, every meaning of an enum value from its tag (enum
 * gk_tag).  Where the bytes are comes from the access model
 * (gk_engine_access: the ranges check --bo checks) and, for each element
 * of a rectangle or tiled surface, from the access row's fields and the
 * tiling module (exec_sides.c). */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_priv.h"

const char *gk_exec_status_name(enum gk_exec_status s)
{
	switch (s) {
	case GK_EXEC_COMPLETED: return "completed";
	case GK_EXEC_STALLED: return "stalled";
	case GK_EXEC_FAULTED: return "faulted";
	case GK_EXEC_LIMIT: return "limit";
	}
	return NULL;
}

static void set_err(struct gk_diag *err, const char *msg)
{
	if (!err)
		return;
	memset(err, 0, sizeof *err);
	err->severity = GK_ERROR;
	err->code = GK_D_RANGE;
	err->dw = -1;
	err->lo = err->hi = -1;
	err->packet = "exec";
	snprintf(err->message, sizeof err->message, "%s", msg);
}

struct gk_exec *gk_exec_create(struct gk_engine *e, struct gk_mem *mem, struct gk_diag *err)
{
	const struct gk_format *fmt = gk_engine_format(e);
	if (!fmt || !mem) {
		set_err(err, e ? "this engine has no packet descriptions to run" : "no engine");
		return NULL;
	}
	struct gk_exec *x = calloc(1, sizeof *x);
	if (x) {
		x->reg_set = calloc(REG_SPACE / 32, 1);
		x->block = malloc(BLOCK);
		x->block2 = malloc(BLOCK);
		x->names = calloc(NAME_CACHE, sizeof *x->names);
	}
	if (!x || !x->reg_set || !x->block || !x->block2 || !x->names) {
		gk_exec_destroy(x);
		set_err(err, "out of memory");
		return NULL;
	}
	x->e = e;
	x->fmt = fmt;
	x->mem = mem;
	for (unsigned i = 0; fmt->reg_links && i < fmt->nreg_links; i++) {
		uint32_t req = fmt->reg_links[i].req, b = req / 4 % LINK_BITS, p = req / 4 / REG_PAGE % REG_PAGES;
		x->link_filter[b / 64] |= 1ull << (b % 64);
		x->link_pages[p / 64] |= 1ull << (p % 64);
	}
	return x;
}

void gk_exec_destroy(struct gk_exec *x)
{
	if (!x)
		return;
	for (unsigned i = 0; i < REG_PAGES; i++)
		free(x->reg_page[i]);
	free(x->reg_set);
	free(x->block);
	free(x->block2);
	free(x->json.p);
	free(x->cp.dflt_addr);
	free(x->cp.dflt_value);
	for (unsigned i = 0; i < GK_MAX_DESCS; i++)
		free(x->xd[i]);
	gk_lint_close(x->lint);
	free(x->names);
	free(x);
}

/* ---- the memory's regions hit last ---- */

const struct gk_exec_hit *gk_exec_mem_miss(struct gk_exec *x, uint64_t addr, size_t n)
{
	struct gk_mem_region r;
	if (!n || addr + (n - 1) < addr || gk_mem_find(x->mem, addr, addr + (n - 1), &r) != 1 ||
	    !(r.flags & GK_MEM_DATA) || !r.data || r.size > SIZE_MAX)
		return NULL;
	struct gk_exec_hit *h = &x->hit[x->hit_next];
	x->hit_next = (x->hit_next + 1) % EXEC_HITS;
	x->nhit += x->nhit < EXEC_HITS;
	h->base = r.base;
	h->size = r.size;
	h->data = r.data;
	h->wr = gk_mem_span_write(x->mem, r.base, (size_t)r.size); /* NULL: borrowed */
	return h;
}

/* ---- the register file ---- */

int gk_exec_reg(const struct gk_exec *x, uint32_t byte_addr, uint32_t *v)
{
	if (!x || !v || !gk_exec_reg_valid(byte_addr)) {
		if (v)
			*v = 0;
		return 0;
	}
	*v = gk_exec_reg_value(x, byte_addr);
	return (x->reg_set[byte_addr / 32] >> (byte_addr / 4 % 8)) & 1;
}

/* Registers whose write the hardware answers in another register (the
 * format's reg_links, generated with the register tables: the HDP flush's
 * request and done registers, each VM hub's TLB invalidation engines'
 * request and acknowledge registers; scripts/gen_regs.py LINK_RULES cites
 * the kernel emitters).  Offline the work asked for (host-path writes made
 * visible, a TLB invalidated) has nothing left to do, so it is done at
 * once: the request's bits the link carries are set in the answer register,
 * and the kernel's write-then-wait on it completes as on the hardware. */
int gk_exec_reg_answer(struct gk_exec *x, uint32_t byte_addr, uint32_t v)
{
	if (!gk_exec_reg_linked(x, byte_addr))
		return 0;
	const struct gk_reg_link *l = x->fmt->reg_links;
	for (unsigned i = 0; l && i < x->fmt->nreg_links; i++) {
		if (l[i].req != byte_addr || !gk_exec_reg_valid(l[i].done))
			continue;
		uint32_t d = gk_exec_reg_value(x, l[i].done) | (v & l[i].mask);
		if (gk_exec_reg_put(x, l[i].done, d))
			return -1;
		gk_exec_effect(x, 'g', l[i].done, l[i].done, d, NULL);
	}
	return 0;
}

int gk_exec_default(struct gk_exec *x, uint32_t byte_addr, uint32_t value)
{
	struct gk_exec_cp *c = &x->cp;
	if (c->ndflt == c->dflt_cap) {
		size_t cap = c->dflt_cap ? 2 * c->dflt_cap : 16;
		uint32_t *a = realloc(c->dflt_addr, cap * sizeof *a);
		if (!a)
			return -1;
		c->dflt_addr = a;
		uint32_t *v = realloc(c->dflt_value, cap * sizeof *v);
		if (!v)
			return -1;
		c->dflt_value = v;
		c->dflt_cap = cap;
	}
	c->dflt_addr[c->ndflt] = byte_addr;
	c->dflt_value[c->ndflt++] = value;
	return 0;
}

/* a register given before the run: also CLEAR_STATE's default */
static int reg_given(struct gk_exec *x, uint32_t addr, uint32_t value, struct gk_diag *err)
{
	if (gk_exec_default(x, addr, value) || gk_exec_reg_put(x, addr, value)) {
		set_err(err, "out of memory");
		return -1;
	}
	return 0;
}

int gk_exec_set_reg(struct gk_exec *x, const char *name, uint32_t value, struct gk_diag *err)
{
	if (!x || !name) {
		set_err(err, "no register");
		return -1;
	}
	uint64_t addr;
	if (gk_parse_uint(name, strlen(name), &addr) == 0) {
		if (!gk_exec_reg_valid(addr)) {
			char m[128];
			snprintf(m, sizeof m, "register address %.64s%s is not a dword address below 0x%x", name,
				 strlen(name) > 64 ? "..." : "", REG_SPACE);
			set_err(err, m);
			return -1;
		}
		return reg_given(x, (uint32_t)addr, value, err);
	}
	char up[96];
	size_t n = strlen(name);
	if (n >= sizeof up)
		n = sizeof up - 1;
	for (size_t i = 0; i < n; i++)
		up[i] = (char)(name[i] >= 'a' && name[i] <= 'z' ? name[i] - 32 : name[i]);
	up[n] = 0;
	const struct gk_reg *r = gk_reg_by_name(x->fmt->regs, up, n);
	if (!r || !gk_exec_reg_valid(r->offset)) {
		char m[160];
		snprintf(m, sizeof m, "no register called '%.64s%s' on %s (give a name decode prints, or a byte address)", name,
			 strlen(name) > 64 ? "..." : "", x->fmt->gen);
		set_err(err, m);
		return -1;
	}
	return reg_given(x, r->offset, value, err);
}

/* ---- stopping ---- */

void gk_exec_where_now(const struct gk_exec *x, struct gk_exec_where *w)
{
	memset(w, 0, sizeof *w);
	w->depth = x->depth;
	for (unsigned d = 0; d <= x->depth && d < GK_EXEC_PATH; d++)
		w->at[d] = x->at[d];
	w->packet = x->u && x->u->desc ? x->u->desc->name : NULL;
}

int gk_exec_vstop(struct gk_exec *x, enum gk_exec_status st, const char *field, const char *fmt, va_list ap)
{
	struct gk_exec_result *r = x->res;
	r->status = st;
	gk_exec_where_now(x, &r->where);
	memset(&r->why, 0, sizeof r->why);
	r->why.severity = GK_ERROR;
	r->why.code = GK_D_NONE;
	r->why.offset = x->at[x->depth];
	r->why.dw = -1;
	r->why.lo = r->why.hi = -1;
	r->why.packet = r->where.packet;
	r->why.field = field;
	vsnprintf(r->why.message, sizeof r->why.message, fmt, ap);
	x->stop = true;
	return -1;
}


/* ---- exec rows, resolved ---- */

/* where each slot's name is in a row */
static const uint16_t slot_at[XS_N] = {
	[XS_VALUE] = offsetof(struct gk_exec_row, value),
	[XS_VALUE_HI] = offsetof(struct gk_exec_row, value_hi),
	[XS_VALUE2] = offsetof(struct gk_exec_row, value2),
	[XS_SEL] = offsetof(struct gk_exec_row, sel),
	[XS_DST_SEL] = offsetof(struct gk_exec_row, dst_sel),
	[XS_ADDR] = offsetof(struct gk_exec_row, addr),
	[XS_ADDR_HI] = offsetof(struct gk_exec_row, addr_hi),
	[XS_DST] = offsetof(struct gk_exec_row, dst),
	[XS_REG] = offsetof(struct gk_exec_row, reg),
	[XS_REG2] = offsetof(struct gk_exec_row, reg2),
	[XS_FUNC] = offsetof(struct gk_exec_row, func),
	[XS_MASK] = offsetof(struct gk_exec_row, mask),
	[XS_REF] = offsetof(struct gk_exec_row, ref),
	[XS_SPACE] = offsetof(struct gk_exec_row, space),
	[XS_COUNT] = offsetof(struct gk_exec_row, count),
	[XS_SIZE] = offsetof(struct gk_exec_row, size),
	[XS_FLAG] = offsetof(struct gk_exec_row, flag),
	[XS_IRQ] = offsetof(struct gk_exec_row, irq),
	[XS_INCR] = offsetof(struct gk_exec_row, incr),
	[XS_COUNTERS] = offsetof(struct gk_exec_row, counters),
	[XS_KEEP0] = offsetof(struct gk_exec_row, keep[0]),
	[XS_KEEP1] = offsetof(struct gk_exec_row, keep[1]),
	[XS_WHEN] = offsetof(struct gk_exec_row, when),
	[XS_SWAP0] = offsetof(struct gk_exec_row, swap[0]),
	[XS_SWAP1] = offsetof(struct gk_exec_row, swap[1]),
	[XS_SWAP2] = offsetof(struct gk_exec_row, swap[2]),
};

const char *gk_exec_slot_name(const struct gk_exec_row *row, enum xslot s)
{
	const char *const *p = (const char *const *)(const void *)((const char *)row + slot_at[s]);
	return *p;
}

/* the index of the group field called name on this generation (0xff: none) */
static uint8_t group_index(const struct gk_format *fmt, const struct gk_packet_desc *d, const char *name)
{
	for (unsigned i = 0; name && d->group && i < d->ngroup && i < 0xff; i++) {
		const struct gk_field *f = &d->group[i];
		if ((!f->gens || (f->gens & fmt->gen_bit)) && f->namelen == strlen(name) &&
		    !memcmp(f->name, name, f->namelen))
			return (uint8_t)i;
	}
	return 0xff;
}

static void resolve(const struct gk_format *fmt, const struct gk_packet_desc *d, struct xdesc *xd, bool by_index)
{
	xd->n = d->nexec;
	xd->needs = ~0u; /* not yet: exec_run.c works them out from its dispatcher */
	for (unsigned i = 0; i < d->nexec; i++) {
		struct xrow *r = &xd->rows[i];
		r->row = &d->exec[i];
		for (unsigned s = 0; s < XS_N; s++) {
			const char *name = gk_exec_slot_name(r->row, (enum xslot)s);
			r->ix[s] = by_index ? gk_field_index(fmt, d, name) : 0xff;
			unsigned ix = r->ix[s] & 0x7fu;
			r->f[s] = r->ix[s] == 0xff ? NULL : r->ix[s] & 0x80u ? &d->hdr[ix] : &d->fields[ix];
			r->gix[s] = group_index(fmt, d, name);
		}
		for (unsigned k = 0; k < 3; k++) {
			/* swap_mask's answers by value (exec_sides.c), for a
			 * field whose values are all below 8 */
			const struct gk_field *f = r->f[XS_SWAP0 + k];
			unsigned width = 0;
			for (unsigned sg = 0; f && sg < f->nseg && sg < 2; sg++) {
				unsigned top = f->seg[sg].pos + (f->seg[sg].hi - f->seg[sg].lo) + 1u;
				width = top > width ? top : width;
			}
			r->swapt[k] = f && r->row->swap[k] && width <= 3;
			for (unsigned v = 0; v < 8; v++)
				r->swapm[k][v] = (uint8_t)(r->swapt[k] ? gk_exec_swap_of_tag(gk_enum_tag(f->enm, v)) : 0);
		}
	}
}

struct xdesc *gk_exec_rows(struct gk_exec *x, const struct gk_packet_desc *d, struct xdesc **tmp)
{
	size_t k = (size_t)(d - x->fmt->descs);
	bool ours = d >= x->fmt->descs && k < x->fmt->ndescs && k < GK_MAX_DESCS;
	struct xdesc **slot = ours ? &x->xd[k] : tmp;
	if (!*slot) {
		*slot = malloc(sizeof **slot + d->nexec * sizeof (*slot)->rows[0]);
		if (!*slot)
			return NULL;
		/* another table's description (cannot happen: every engine of a
		 * run has the run's format) has its fields read by name */
		resolve(x->fmt, d, *slot, ours);
	}
	return *slot;
}

uint8_t gk_exec_name_ix(const struct gk_exec *x, const struct gk_packet_desc *d, const char *name)
{
	/* the names are the tables' own strings: a pointer is the name */
	size_t h = ((uintptr_t)d * 31u + (uintptr_t)name) % NAME_CACHE;
	for (unsigned probe = 0; probe < 8; probe++, h = (h + 1) % NAME_CACHE) {
		struct gk_exec_name *e = &x->names[h]; /* the cache: logically const */
		if (e->d == d && e->name == name)
			return e->ix;
		if (!e->d) {
			e->d = d;
			e->name = name;
			e->ix = gk_field_index(x->fmt, d, name);
			return e->ix;
		}
	}
	return gk_field_index(x->fmt, d, name); /* a full neighbourhood: not kept */
}
