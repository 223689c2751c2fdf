/* The command processor's ops (enum gk_exec_op from GK_X_REG_RUN): what the
 * PM4 packets of seed 001 §9 (and their GFX6+ forms, amdgpu nvd.h / soc15d.h
 * / sid.h) do to the register file and memory, and --state.
 *
 * Like exec.c this names no packet and no field: every name comes from the
 * exec rows in src/pm4/pm4_tab.c.  What it knows is a vocabulary of enum
 * value names (where a value is: REGISTER, MEMORY, ...; what an end-of-pipe
 * event sends: SEND_32BIT_LOW, ...), the names the packet references give
 * those values. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_priv.h"

#include "out.h" /* src/core */

/* ---- fields of the unit being run ---- */


static bool is(const char *a, const char *b)
{
	return a && !strcmp(a, b);
}

/* ---- the register file ---- */

static bool reg_is_set(const struct gk_exec *x, uint32_t a)
{
	return (x->reg_set[a / 32] >> (a / 4 % 8)) & 1;
}

static int reg_write(struct gk_exec *x, uint64_t a, uint32_t v, const char *field)
{
	if (!gk_exec_reg_valid(a))
		return gk_exec_stop(x, GK_EXEC_FAULTED, field, "register 0x%llx is outside the register file (0..0x%x)",
			    (unsigned long long)a, REG_SPACE - 4);
	if (x->cp.recording && gk_exec_cp_default(x, (uint32_t)a, v))
		return gk_exec_stop(x, GK_EXEC_FAULTED, field, "out of memory for the clear state");
	if (gk_exec_reg_put(x, (uint32_t)a, v))
		return gk_exec_stop(x, GK_EXEC_FAULTED, field, "out of memory for the register file");
	gk_exec_effect(x, 'g', a, a, v, NULL);
	return 0;
}

static int reg_read(struct gk_exec *x, uint64_t a, uint32_t *v, const char *field)
{
	if (!gk_exec_reg_valid(a))
		return gk_exec_stop(x, GK_EXEC_FAULTED, field, "register 0x%llx is outside the register file (0..0x%x)",
			    (unsigned long long)a, REG_SPACE - 4);
	if (!reg_is_set(x, (uint32_t)a))
		return gk_exec_stop(x, GK_EXEC_FAULTED, field, "reads register 0x%llx, which nothing has set (set it with --reg)",
			    (unsigned long long)a);
	*v = gk_exec_reg_value(x, (uint32_t)a);
	return 0;
}

uint64_t gk_exec_cp_reg_addr(const struct gk_exec *x, const char *field)
{
	const struct gk_unit_field *f = gk_exec_field(x, field);
	if (!f)
		return 0;
	return f->desc->kind == GK_REG ? f->value * 4 : f->value;
}

int gk_exec_cp_default(struct gk_exec *x, uint32_t byte_addr, uint32_t value)
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

void gk_exec_cp_free(struct gk_exec *x)
{
	free(x->cp.dflt_addr);
	free(x->cp.dflt_value);
}

void gk_exec_cp_begin(struct gk_exec *x)
{
	x->cp.failed = x->cp.event = x->cp.predicating = x->cp.recording = false;
	x->cp.draw = true;
	x->cp.draws = 0;
	x->cp.nparams = 0;
}

void gk_exec_cp_unit(struct gk_exec *x)
{
	x->cp.failed = x->cp.event = false;
}

/* the register space of row->n */
static const struct gk_space *space_of(struct gk_exec *x, const struct gk_exec_row *row)
{
	if (row->n >= x->fmt->nspaces || x->fmt->spaces[row->n].end <= x->fmt->spaces[row->n].start) {
		gk_exec_stop(x, GK_EXEC_FAULTED, NULL, "register space %u: %s has none such", row->n, x->fmt->gen);
		return NULL;
	}
	return &x->fmt->spaces[row->n];
}

static int op_reg_run(struct gk_exec *x)
{
	const struct gk_unit *u = x->u;
	if (u->desc->tail != GK_TAIL_REGS || u->reg_slot < 0)
		return gk_exec_stop(x, GK_EXEC_FAULTED, NULL, "the packet has no register run");
	uint64_t a = u->reg_addr;
	for (uint32_t i = u->tail_begin; i < u->tail_end; i++, a += 4)
		if (reg_write(x, a, u->pkt.dw[i], NULL))
			return -1;
	return 0;
}

/* the value of group field name among gf[0..n) */
static bool gfield(const struct gk_unit_field *gf, unsigned n, const char *name, uint64_t *v)
{
	for (unsigned i = 0; name && i < n; i++)
		if (!strcmp(gf[i].desc->name, name)) {
			*v = gf[i].value;
			return true;
		}
	return false;
}

static int op_reg_pairs(struct gk_exec *x, const struct gk_exec_row *row)
{
	const struct gk_space *sp = space_of(x, row);
	if (!sp)
		return -1;
	const struct gk_unit *u = x->u;
	uint64_t left = row->arg[4] ? gk_exec_fget(x, row->arg[4], 0) : UINT64_MAX;
	for (unsigned g = 0; g < u->ngroups && left; g++) {
		struct gk_unit_field gf[GK_UNIT_GROUP_FIELDS];
		uint32_t claimed[GK_UNIT_FIXED_DW];
		unsigned n = gk_unit_group(x->fmt, u, g, gf, claimed);
		for (unsigned k = 0; k < 2 && left; k++) {
			uint64_t off, v;
			if (!gfield(gf, n, row->arg[2 * k], &off) || !gfield(gf, n, row->arg[2 * k + 1], &v))
				continue;
			if (reg_write(x, sp->start + 4 * off, (uint32_t)v, row->arg[2 * k]))
				return -1;
			left--;
		}
	}
	if (left && row->arg[4])
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->arg[4], "%llu registers more than the packet's pairs hold",
			    (unsigned long long)left);
	return 0;
}

static int op_reg_load(struct gk_exec *x, const struct gk_exec_row *row)
{
	const struct gk_space *sp = space_of(x, row);
	if (!sp)
		return -1;
	const struct gk_unit *u = x->u;
	uint64_t base = gk_exec_fget(x, row->arg[0], 0);
	for (unsigned g = 0; g < u->ngroups; g++) {
		struct gk_unit_field gf[GK_UNIT_GROUP_FIELDS];
		uint32_t claimed[GK_UNIT_FIXED_DW];
		unsigned n = gk_unit_group(x->fmt, u, g, gf, claimed);
		uint64_t off = 0, count = 0;
		gfield(gf, n, row->arg[1], &off);
		gfield(gf, n, row->arg[2], &count);
		if (!count)
			continue;
		uint64_t mem = base + 4 * off, reg = sp->start + 4 * off;
		if (count > BLOCK / 4 || mem < base)
			return gk_exec_stop(x, GK_EXEC_FAULTED, row->arg[2], "%llu dwords at 0x%llx: past the address space",
				    (unsigned long long)count, (unsigned long long)mem);
		if (!gk_exec_reg_valid(reg + 4 * (count - 1)))
			return gk_exec_stop(x, GK_EXEC_FAULTED, row->arg[1],
				    "loads registers 0x%llx..0x%llx, past the register file (0..0x%x)",
				    (unsigned long long)reg, (unsigned long long)(reg + 4 * count - 4), REG_SPACE - 4);
		struct gk_diag err;
		if (gk_mem_read(x->mem, mem, x->block, (size_t)(4 * count), NULL, &err) != 0)
			return gk_exec_stop(x, GK_EXEC_FAULTED, row->arg[0], "reads 0x%llx..0x%llx: %s", (unsigned long long)mem,
				    (unsigned long long)(mem + 4 * count - 1), err.message);
		x->res->bytes_read += 4 * count;
		gk_exec_effect(x, 'r', mem, mem + 4 * count - 1, 0, row->arg[0]);
		for (uint64_t i = 0; i < count; i++) {
			const uint8_t *b = x->block + 4 * i;
			uint32_t v = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
			if (reg_write(x, reg + 4 * i, v, row->arg[1]))
				return -1;
		}
	}
	return 0;
}

static int op_reg_default(struct gk_exec *x, const struct gk_exec_row *row)
{
	const struct gk_space *sp = space_of(x, row);
	if (!sp)
		return -1;
	uint32_t end = sp->end < REG_SPACE ? sp->end : REG_SPACE;
	for (uint32_t a = sp->start; a < end; a += 4) {
		uint32_t *page = x->reg_page[a / 4 / REG_PAGE];
		if (page)
			page[a / 4 % REG_PAGE] = 0;
		x->reg_set[a / 32] &= (uint8_t)~(1u << (a / 4 % 8));
	}
	unsigned given = 0;
	for (size_t i = 0; i < x->cp.ndflt; i++)
		if (x->cp.dflt_addr[i] >= sp->start && x->cp.dflt_addr[i] < end) {
			gk_exec_reg_put(x, x->cp.dflt_addr[i], x->cp.dflt_value[i]);
			given++;
		}
	gk_exec_effect(x, 'k', sp->start, end - 4, given, sp->name);
	return 0;
}

/* §9.2.2: "the driver initializes the internal GPU context ... by sending
 * the clear state between" BEGIN_CLEAR_STATE and END_CLEAR_STATE; the
 * other commands record an IB offset for a context switch */
static int op_preamble(struct gk_exec *x, const struct gk_exec_row *row)
{
	const char *c = gk_exec_fname(x, row->arg[0]);
	if (is(c, "BEGIN_CLEAR_STATE"))
		x->cp.recording = true;
	else if (is(c, "END_CLEAR_STATE"))
		x->cp.recording = false;
	return 0;
}

/* ---- events ---- */

static int op_event(struct gk_exec *x, const struct gk_exec_row *row)
{
	if (gk_exec_field(x, row->arg[1]))
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->arg[1],
			    "not run: this event writes the GPU's counters to memory, which the executor does not have");
	gk_exec_effect(x, 'e', gk_exec_fget(x, row->arg[0], 0), 0, 0, gk_exec_fname(x, row->arg[0]));
	return 0;
}

static int op_draw(struct gk_exec *x, const struct gk_exec_row *row)
{
	if (x->cp.predicating && !x->cp.draw && gk_exec_fget(x, row->arg[0], 0)) {
		gk_exec_effect(x, 'p', 0, 0, 0, NULL);
		return 0;
	}
	const struct gk_unit_field *init = gk_exec_field(x, row->arg[1]);
	if (init && init->desc->reg && reg_write(x, init->desc->reg, (uint32_t)init->value, row->arg[1]))
		return -1;
	x->cp.draws++;
	x->cp.event = true;
	gk_exec_effect(x, 'd', x->cp.draws, 0, 0, NULL);
	return 0;
}

static int op_param(struct gk_exec *x, const struct gk_exec_row *row)
{
	for (unsigned a = 0; a < GK_EXEC_ARGS; a++) {
		const struct gk_unit_field *f = gk_exec_field(x, row->arg[a]);
		if (!f)
			continue;
		unsigned i = 0;
		while (i < x->cp.nparams && strcmp(x->cp.params[i].field->name, f->desc->name))
			i++;
		if (i == GK_EXEC_PARAMS)
			return gk_exec_stop(x, GK_EXEC_FAULTED, row->arg[a], "more than %u draw parameters", GK_EXEC_PARAMS);
		if (i == x->cp.nparams)
			x->cp.nparams++;
		x->cp.params[i].field = f->desc;
		x->cp.params[i].value = f->value;
	}
	return 0;
}

/* ---- memory ---- */

static int mem_write(struct gk_exec *x, uint64_t a, const uint8_t *b, size_t n, const char *field)
{
	struct gk_diag err;
	if (gk_mem_write(x->mem, a, b, n, &err) != 0)
		return gk_exec_stop(x, GK_EXEC_FAULTED, field, "writes 0x%llx..0x%llx: %s", (unsigned long long)a,
			    (unsigned long long)(a + n - 1), err.message);
	x->res->bytes_written += n;
	gk_exec_effect(x, 'w', a, a + n - 1, 0, field);
	return 0;
}

static int mem_read(struct gk_exec *x, uint64_t a, uint8_t *b, size_t n, const char *field)
{
	struct gk_diag err;
	if (gk_mem_read(x->mem, a, b, n, NULL, &err) != 0)
		return gk_exec_stop(x, GK_EXEC_FAULTED, field, "reads 0x%llx..0x%llx: %s", (unsigned long long)a,
			    (unsigned long long)(a + n - 1), err.message);
	x->res->bytes_read += n;
	gk_exec_effect(x, 'r', a, a + n - 1, 0, field);
	return 0;
}

static void le_put(uint8_t *b, uint64_t v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		b[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t le_get(const uint8_t *b, unsigned n)
{
	uint64_t v = 0;
	for (unsigned i = n; i--;)
		v = v << 8 | b[i];
	return v;
}

/* SEND_32BIT_LOW (§9.6.2 DATA_SEL 001), STORE_DATA (§9.6.3 CMD 010) and
 * Mesa's EOS VALUE_32BIT send the packet's 32-bit data; SEND_64BIT both
 * data dwords; SEND_GPU_CLOCK the 64-bit clock */
static int op_eop(struct gk_exec *x, const struct gk_exec_row *row)
{
	const char *ds = gk_exec_fname(x, row->arg[0]);
	uint64_t v = 0;
	unsigned n;
	if (is(ds, "DISCARD")) {
		n = 0;
	} else if (is(ds, "SEND_32BIT_LOW") || is(ds, "STORE_DATA") || is(ds, "VALUE_32BIT")) {
		n = 4;
		v = gk_exec_fget(x, row->arg[3], 0);
	} else if (is(ds, "SEND_64BIT")) {
		n = 8;
		v = gk_exec_fget(x, row->arg[3], 0) | gk_exec_fget(x, row->arg[4], 0) << 32;
	} else if (is(ds, "SEND_GPU_CLOCK")) {
		n = 8;
		v = x->clock;
	} else {
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->arg[0],
			    "not run: %s=%s sends a value the executor does not have (it has the packet's data and its "
			    "clock)",
			    row->arg[0], ds ? ds : "(reserved)");
	}
	if (n) {
		uint8_t b[8];
		le_put(b, v, n);
		if (mem_write(x, gk_exec_fget(x, row->arg[2], 0), b, n, row->arg[2]))
			return -1;
	}
	const struct gk_unit_field *irq = gk_exec_field(x, row->arg[1]);
	if (irq && irq->value && !is(gk_exec_fname(x, row->arg[1]), "NONE")) {
		x->res->interrupts++;
		gk_exec_effect(x, 'i', 0, 0, (uint32_t)irq->value, row->arg[1]);
	}
	return 0;
}

/* ---- places: registers, memory, the packet's data, the clock ---- */

enum place { P_NONE, P_REG, P_MEM, P_DATA, P_CLOCK, P_NOWHERE };

/* where a place select's value says a value is: the names of seed 001
 * §9.5.2 (POLL_SPACE, WRITE_SPACE), the kernel's COPY_DW comment, nvd.h
 * COPY_DATA / WRITE_DATA SRC_SEL / DST_SEL, §9.7.1 CNTR64_SEL and Mesa's
 * pkt3.json CP_DMA_WORD1 SRC_SEL / DST_SEL (NOWHERE: into L2, a prefetch) */
static enum place place_named(const char *n)
{
	static const struct {
		const char *name;
		enum place p;
	} names[] = {
		{ "REGISTER", P_REG }, { "MEM_MAPPED_REGISTER", P_REG },
		{ "MEMORY", P_MEM }, { "MEM", P_MEM }, { "MEM_GRBM", P_MEM }, { "TC_L2", P_MEM },
		{ "SRC_ADDR", P_MEM }, { "SRC_ADDR_TC_L2", P_MEM }, { "DST_ADDR", P_MEM }, { "DST_ADDR_TC_L2", P_MEM },
		{ "NOWHERE", P_NOWHERE },
		{ "IMMEDIATE_DATA", P_DATA }, { "DATA", P_DATA },
		{ "GPU_CLOCK_COUNT", P_CLOCK }, { "GPU_CLOCK", P_CLOCK },
	};
	for (size_t i = 0; n && i < sizeof names / sizeof names[0]; i++)
		if (!strcmp(names[i].name, n))
			return names[i].p;
	return P_NONE;
}

static int place_of(struct gk_exec *x, const char *sel, enum place dflt, enum place *p)
{
	if (!sel) {
		*p = dflt;
		return 0;
	}
	const char *n = gk_exec_fname(x, sel);
	*p = place_named(n);
	if (*p == P_NONE)
		return gk_exec_stop(x, GK_EXEC_FAULTED, sel,
			    "not run: %s=%s is a place the executor does not have (it has registers, memory, the "
			    "packet's data and the clock)",
			    sel, n ? n : "(reserved)");
	return 0;
}

static uint64_t place_addr(const struct gk_exec *x, const struct gk_exec_row *row)
{
	uint64_t a = gk_exec_fget(x, row->arg[1], 0);
	if (row->arg[2])
		a |= gk_exec_fget(x, row->arg[2], 0) << 32;
	return a;
}

static uint64_t place_reg(const struct gk_exec *x, const struct gk_exec_row *row)
{
	return row->arg[3] ? gk_exec_cp_reg_addr(x, row->arg[3]) : gk_exec_fget(x, row->arg[1], 0) * 4;
}

/* the byte swap of row->swap[0] (enum NONE, 8IN16, 8IN32, 8IN64) over n bytes */
static int swap_bytes(struct gk_exec *x, const struct gk_exec_row *row, uint8_t *b, unsigned n)
{
	const char *s = gk_exec_fname(x, row->swap[0]);
	unsigned m = is(s, "8IN16") ? 1 : is(s, "8IN32") ? 3 : is(s, "8IN64") ? 7 : 0;
	if (m + 1 > n)
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->swap[0], "a %s swap of %u bytes: not whole units", s, n);
	uint8_t t[8];
	memcpy(t, b, n);
	for (unsigned q = 0; q < n; q++)
		b[q] = t[q ^ m];
	return 0;
}

static int op_latch(struct gk_exec *x, const struct gk_exec_row *row)
{
	enum place p;
	if (place_of(x, row->arg[0], P_DATA, &p))
		return -1;
	unsigned n = row->n == 8 || gk_exec_fget(x, row->arg[4], 0) ? 8 : 4;
	uint64_t v = 0;
	switch (p) {
	case P_REG: {
		uint64_t a = place_reg(x, row);
		uint32_t lo, hi = 0;
		if (reg_read(x, a, &lo, row->arg[3] ? row->arg[3] : row->arg[1]) ||
		    (n == 8 && reg_read(x, a + 4, &hi, row->arg[3] ? row->arg[3] : row->arg[1])))
			return -1;
		v = lo | (uint64_t)hi << 32;
		break;
	}
	case P_MEM: {
		uint8_t b[8];
		if (mem_read(x, place_addr(x, row), b, n, row->arg[1]) || swap_bytes(x, row, b, n))
			return -1;
		v = le_get(b, n);
		break;
	}
	case P_DATA:
		v = place_addr(x, row);
		break;
	case P_CLOCK:
		v = x->clock;
		break;
	case P_NONE:
	case P_NOWHERE:
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->arg[0], "not run: no value comes from %s", gk_exec_fname(x, row->arg[0]));
	}
	x->cp.latch = n == 8 ? v : (uint32_t)v;
	x->cp.latch_bytes = n;
	return 0;
}

static bool compare(const char *f, uint32_t v, uint32_t ref, bool *known)
{
	*known = true;
	if (is(f, "ALWAYS"))
		return true;
	if (is(f, "LESS"))
		return v < ref;
	if (is(f, "LESS_EQUAL"))
		return v <= ref;
	if (is(f, "EQUAL"))
		return v == ref;
	if (is(f, "NOT_EQUAL"))
		return v != ref;
	if (is(f, "GREATER_EQUAL"))
		return v >= ref;
	if (is(f, "GREATER"))
		return v > ref;
	*known = false;
	return false;
}

static int op_test(struct gk_exec *x, const struct gk_exec_row *row)
{
	const char *f = gk_exec_fname(x, row->arg[0]);
	uint32_t mask = (uint32_t)gk_exec_fget(x, row->arg[1], 0xffffffffu), ref = (uint32_t)gk_exec_fget(x, row->arg[2], 0);
	bool known;
	bool ok = compare(f, (uint32_t)x->cp.latch & mask, ref, &known);
	if (!known)
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->arg[0], "compare function %s is not one the executor knows",
			    f ? f : "(reserved)");
	gk_exec_effect(x, 't', ok, 0, (uint32_t)x->cp.latch, f);
	x->cp.failed = !ok;
	return 0;
}

static int op_put(struct gk_exec *x, const struct gk_exec_row *row)
{
	enum place p;
	if (place_of(x, row->arg[0], P_MEM, &p))
		return -1;
	unsigned n = gk_exec_fget(x, row->arg[4], 0) ? 4 : x->cp.latch_bytes ? x->cp.latch_bytes : 4;
	uint64_t v = x->cp.latch;
	if (p == P_REG) {
		uint64_t a = place_reg(x, row);
		return reg_write(x, a, (uint32_t)v, row->arg[3]) || (n == 8 && reg_write(x, a + 4, (uint32_t)(v >> 32), row->arg[3]))
			       ? -1 : 0;
	}
	if (p != P_MEM)
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->arg[0], "not run: a value cannot be written to %s",
			    gk_exec_fname(x, row->arg[0]));
	uint8_t b[8];
	le_put(b, v, n);
	if (swap_bytes(x, row, b, n))
		return -1;
	return mem_write(x, place_addr(x, row), b, n, row->arg[1]);
}

static int op_data_to(struct gk_exec *x, const struct gk_exec_row *row)
{
	enum place p;
	if (place_of(x, row->arg[0], P_MEM, &p))
		return -1;
	const struct gk_unit *u = x->u;
	const uint32_t *d = u->pkt.dw + u->tail_begin;
	uint32_t nd = u->tail_end > u->tail_begin ? u->tail_end - u->tail_begin : 0;
	bool one = gk_exec_fget(x, row->arg[4], 0) != 0;
	if (p == P_REG) {
		uint64_t a = place_reg(x, row);
		for (uint32_t i = 0; i < nd; i++)
			if (reg_write(x, one ? a : a + 4ull * i, d[i], row->arg[3]))
				return -1;
		return 0;
	}
	if (p != P_MEM)
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->arg[0], "not run: data cannot be written to %s", gk_exec_fname(x, row->arg[0]));
	uint64_t a = place_addr(x, row);
	for (uint32_t i = 0; i < nd;) {
		/* one address: each dword to it in turn (the last stays); else a run */
		uint32_t k = one ? 1 : nd - i < BLOCK / 4 ? nd - i : BLOCK / 4;
		for (uint32_t j = 0; j < k; j++)
			le_put(x->block + 4 * j, d[i + j], 4);
		if (mem_write(x, one ? a : a + 4ull * i, x->block, 4 * k, row->arg[1]))
			return -1;
		i += k;
	}
	return 0;
}

/* CP_DMA / DMA_DATA (GFX6+): bytes through memory, or a dword repeated */
static int op_dma(struct gk_exec *x, const struct gk_exec_row *row)
{
	enum place src, dst;
	if (place_of(x, row->arg[0], P_MEM, &src) || place_of(x, row->arg[5], P_MEM, &dst))
		return -1;
	if ((src != P_MEM && src != P_DATA) || (dst != P_MEM && dst != P_NOWHERE))
		return gk_exec_stop(x, GK_EXEC_FAULTED, src != P_MEM && src != P_DATA ? row->arg[0] : row->arg[5],
			    "not run: a DMA moves bytes from memory or the packet's data to memory");
	uint64_t n = gk_exec_fget(x, row->arg[4], 0), s = place_addr(x, row), d = gk_exec_fget(x, row->arg[3], 0);
	if (!n)
		return 0;
	if ((src == P_MEM && s + n - 1 < s) || (dst == P_MEM && d + n - 1 < d))
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->arg[4], "%llu bytes run past 2^64", (unsigned long long)n);
	if (src == P_MEM && dst == P_MEM && s < d + n && d < s + n)
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->arg[3],
			    "source 0x%llx and destination 0x%llx overlap over %llu bytes: the headers do not say in "
			    "which order the CP moves them, so the copy is not run",
			    (unsigned long long)s, (unsigned long long)d, (unsigned long long)n);
	if (src == P_DATA)
		gk_exec_stage_fill(x, n, (uint32_t)s, 4, 0); /* the dword repeated: one block at most */
	/* memory to memory, each side inside one region: one memcpy, no bounce */
	const uint8_t *from = src == P_MEM && dst == P_MEM && n <= SIZE_MAX ? gk_mem_span(x->mem, s, (size_t)n) : NULL;
	uint8_t *to = from ? gk_mem_span_write(x->mem, d, (size_t)n) : NULL;
	if (to)
		memcpy(to, from, (size_t)n);
	for (uint64_t p = to ? n : 0; p < n;) {
		size_t k = n - p < BLOCK ? (size_t)(n - p) : BLOCK;
		struct gk_diag err;
		if (src == P_MEM)
			x->staged += k;
		if (src == P_MEM && gk_mem_read(x->mem, s + p, x->block, k, NULL, &err) != 0)
			return gk_exec_stop(x, GK_EXEC_FAULTED, row->arg[1], "reads 0x%llx..0x%llx: %s", (unsigned long long)(s + p),
				    (unsigned long long)(s + p + k - 1), err.message);
		if (dst == P_MEM && gk_mem_write(x->mem, d + p, x->block, k, &err) != 0)
			return gk_exec_stop(x, GK_EXEC_FAULTED, row->arg[3], "writes 0x%llx..0x%llx: %s",
				    (unsigned long long)(d + p), (unsigned long long)(d + p + k - 1), err.message);
		p += k;
	}
	if (src == P_MEM) {
		x->res->bytes_read += n;
		gk_exec_effect(x, 'r', s, s + n - 1, 0, row->arg[1]);
	}
	if (dst == P_MEM) {
		x->res->bytes_written += n;
		gk_exec_effect(x, 'w', d, d + n - 1, 0, row->arg[3]);
	}
	return 0;
}

/* ---- predication ---- */

static int op_predicate(struct gk_exec *x, const struct gk_exec_row *row)
{
	const char *op = gk_exec_fname(x, row->arg[0]);
	if (is(op, "CLEAR")) {
		x->cp.predicating = false;
		x->cp.draw = true;
		return 0;
	}
	unsigned n = is(op, "BOOL32") ? 4 : is(op, "BOOL64") ? 8 : 0;
	if (!n)
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->arg[0],
			    "not run: %s=%s sums the depth-block or streamout results, whose number and layout the "
			    "packet reference does not give",
			    row->arg[0], op ? op : "(reserved)");
	uint8_t b[8];
	if (mem_read(x, gk_exec_fget(x, row->arg[1], 0), b, n, row->arg[1]))
		return -1;
	bool visible = le_get(b, n) != 0;
	x->cp.predicating = true;
	x->cp.draw = gk_exec_fget(x, row->arg[2], 0) ? visible : !visible;
	gk_exec_effect(x, 'q', x->cp.draw, 0, 0, NULL);
	return 0;
}

static int op_pred_exec(struct gk_exec *x, const struct gk_exec_row *row)
{
	uint64_t n = gk_exec_fget(x, row->arg[1], 0);
	if (!(gk_exec_fget(x, row->arg[0], 0) & 1) && n) {
		x->skipping = true;
		x->skip_depth = x->depth;
		x->skip_left = n;
		x->skip_from = x->at[x->depth];
	}
	return 0;
}

int gk_exec_cp_row(struct gk_exec *x, const struct gk_exec_row *row, const struct accs *A)
{
	(void)A;
	if (x->cp.failed)
		return 0; /* a failed GK_X_TEST: the rest of the packet does not run */
	switch (row->op) {
	case GK_X_REG_RUN: return op_reg_run(x);
	case GK_X_REG_PAIRS: return op_reg_pairs(x, row);
	case GK_X_REG_LOAD: return op_reg_load(x, row);
	case GK_X_REG_DEFAULT: return op_reg_default(x, row);
	case GK_X_EVENT: return op_event(x, row);
	case GK_X_DRAW: return op_draw(x, row);
	case GK_X_EOP: return op_eop(x, row);
	case GK_X_LATCH: return op_latch(x, row);
	case GK_X_TEST: return op_test(x, row);
	case GK_X_PUT: return op_put(x, row);
	case GK_X_DATA_TO: return op_data_to(x, row);
	case GK_X_PREDICATE: return op_predicate(x, row);
	case GK_X_PRED_EXEC: return op_pred_exec(x, row);
	case GK_X_DMA: return op_dma(x, row);
	case GK_X_PARAM: return op_param(x, row);
	case GK_X_PREAMBLE: return op_preamble(x, row);
	case GK_X_REFUSE_IF:
		if (is(gk_exec_fname(x, row->arg[0]), row->arg[1]))
			return gk_exec_stop(x, GK_EXEC_FAULTED, row->arg[0], "not run: %s", row->arg[2] ? row->arg[2] : "no semantics");
		return 0;
	}
	return gk_exec_stop(x, GK_EXEC_FAULTED, NULL, "exec row of kind %u is not one the executor knows", row->op);
}

/* ---- the trace: events, draws, --state ---- */

bool gk_exec_cp_state_due(const struct gk_exec *x)
{
	return x->o && x->o->state && x->cp.event;
}

static unsigned regs_set(const struct gk_exec *x)
{
	unsigned n = 0;
	for (uint32_t i = 0; i < REG_SPACE / 32; i++)
		n += (unsigned)__builtin_popcount(x->reg_set[i]);
	return n;
}

/* each set register, in address order */
static uint32_t next_set(const struct gk_exec *x, uint32_t from)
{
	for (uint32_t a = from; a < REG_SPACE; a += 4) {
		if (!(a & 31) && !x->reg_set[a / 32]) {
			a += 28;
			continue;
		}
		if (reg_is_set(x, a))
			return a;
	}
	return REG_SPACE;
}

void gk_exec_cp_trace_text(struct gk_exec *x, struct gk_out *o)
{
	for (unsigned i = 0; i < x->neff; i++) {
		const struct effect *f = &x->eff[i];
		switch (f->kind) {
		case 'e':
			if (f->name)
				gk_out_printf(o, "    ; event %s\n", f->name);
			else
				gk_out_printf(o, "    ; event 0x%llx\n", (unsigned long long)f->first);
			break;
		case 'd':
			gk_out_printf(o, "    ; draw/dispatch %llu, %u registers set\n", (unsigned long long)f->first,
				      regs_set(x));
			break;
		case 'p':
			gk_out_str(o, "    ; skipped: the predicate says not to draw\n");
			break;
		case 'q':
			gk_out_printf(o, "    ; predicate: %s\n", f->first ? "draw" : "do not draw");
			break;
		case 't':
			gk_out_printf(o, "    ; compare %s on 0x%x: %s\n", f->name ? f->name : "?", f->value,
				      f->first ? "true" : "false, the rest of the packet does not run");
			break;
		case 'k':
			gk_out_printf(o, "    ; %s registers 0x%05llx..0x%05llx back to their defaults (%u given)\n",
				      f->name, (unsigned long long)f->first, (unsigned long long)f->last, f->value);
			break;
		}
	}
	if (!gk_exec_cp_state_due(x))
		return;
	if (x->cp.nparams) {
		gk_out_str(o, "    ; draw parameters:");
		for (unsigned i = 0; i < x->cp.nparams; i++) {
			const struct gk_exec_param *p = &x->cp.params[i];
			const char *n = p->field->enm ? gk_enum_name(p->field->enm, p->value) : NULL;
			gk_out_printf(o, " %s=", p->field->name);
			if (n)
				gk_out_str(o, n);
			else
				gk_out_printf(o, p->field->kind == GK_ADDR || (p->field->flags & GK_F_HEX) ? "0x%llx" : "%llu",
					      (unsigned long long)p->value);
		}
		gk_out_ch(o, '\n');
	}
	gk_out_printf(o, "    ; state in force (%u registers):\n", regs_set(x));
	for (uint32_t a = next_set(x, 0); a < REG_SPACE; a = next_set(x, a + 4)) {
		gk_out_str(o, "    ;");
		gk_text_register_at(x->fmt, gk_reg_by_offset(x->fmt->regs, a), a, gk_exec_reg_value(x, a), o);
	}
}

void gk_exec_cp_trace_json(struct gk_exec *x, struct gk_out *o)
{
	bool any = false;
	for (unsigned i = 0; i < x->neff; i++) {
		const struct effect *f = &x->eff[i];
		if (f->kind != 'e')
			continue;
		gk_out_str(o, any ? "," : ",\"events\":[");
		any = true;
		if (f->name)
			gk_out_json_str(o, f->name, strlen(f->name));
		else
			gk_json_uint(o, f->first);
	}
	if (any)
		gk_out_ch(o, ']');
	for (unsigned i = 0; i < x->neff; i++) {
		const struct effect *f = &x->eff[i];
		if (f->kind == 'd') {
			gk_out_str(o, ",\"draw\":");
			gk_json_uint(o, f->first);
		} else if (f->kind == 'p') {
			gk_out_str(o, ",\"predicated\":true");
		}
	}
	if (!gk_exec_cp_state_due(x))
		return;
	if (x->cp.nparams) {
		gk_out_str(o, ",\"params\":{");
		for (unsigned i = 0; i < x->cp.nparams; i++) {
			if (i)
				gk_out_ch(o, ',');
			gk_out_json_str(o, x->cp.params[i].field->name, strlen(x->cp.params[i].field->name));
			gk_out_ch(o, ':');
			gk_json_uint(o, x->cp.params[i].value);
		}
		gk_out_ch(o, '}');
	}
	gk_out_str(o, ",\"state\":[");
	for (uint32_t a = next_set(x, 0), first = a; a < REG_SPACE; a = next_set(x, a + 4)) {
		if (a != first)
			gk_out_ch(o, ',');
		gk_json_register(gk_reg_by_offset(x->fmt->regs, a), a, gk_exec_reg_value(x, a), o);
	}
	gk_out_ch(o, ']');
}
