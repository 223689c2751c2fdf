/* The command processor's ops (enum gk_exec_op from GK_X_REG_RUN): what the
 * PM4 packets of seed 001 §9 (and their GFX6+ forms, amdgpu nvd.h / soc15d.h
 * / sid.h) do to the register file and memory.
 *
 * Like the rest of src/exec this names no packet and no field: every name
 * comes from the exec rows in src/pm4/pm4_tab.c, and what an enum value
 * means (where a value is, what an end-of-pipe event sends, which preamble
 * command it is) from its tag (enum gk_tag) beside its name in the table. */
#include <stdlib.h>
#include <string.h>

#include "exec_priv.h"

/* ---- the register file ---- */

static int reg_write(struct gk_exec *x, uint64_t a, uint32_t v, const char *field)
{
	if (!gk_exec_reg_valid(a))
		return gk_exec_stop(x, GK_EXEC_FAULTED, field, "register 0x%llx is outside the register file (0..0x%x)",
			    (unsigned long long)a, REG_SPACE - 4);
	if (x->cp.recording && gk_exec_default(x, (uint32_t)a, v))
		return gk_exec_stop(x, GK_EXEC_FAULTED, field, "out of memory for the clear state");
	if (gk_exec_reg_put(x, (uint32_t)a, v))
		return gk_exec_stop(x, GK_EXEC_FAULTED, field, "out of memory for the register file");
	gk_exec_effect(x, 'g', a, a, v, NULL);
	if (gk_exec_reg_linked(x, (uint32_t)a) && gk_exec_reg_answer(x, (uint32_t)a, v))
		return gk_exec_stop(x, GK_EXEC_FAULTED, field, "out of memory for the register file");
	return 0;
}

static int reg_read(struct gk_exec *x, uint64_t a, uint32_t *v, const char *field)
{
	if (!gk_exec_reg_valid(a))
		return gk_exec_stop(x, GK_EXEC_FAULTED, field, "register 0x%llx is outside the register file (0..0x%x)",
			    (unsigned long long)a, REG_SPACE - 4);
	if (!gk_exec_reg_is_set(x, (uint32_t)a))
		return gk_exec_stop(x, GK_EXEC_FAULTED, field, "reads register 0x%llx, which nothing has set (set it with --reg)",
			    (unsigned long long)a);
	*v = gk_exec_reg_value(x, (uint32_t)a);
	return 0;
}

void gk_exec_cp_begin(struct gk_exec *x)
{
	x->cp.failed = x->cp.event = x->cp.predicating = x->cp.recording = false;
	x->cp.draw = true;
	x->cp.draws = 0;
	x->cp.nparams = 0;
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

/* Whether the unit shows the field naming its register run's first
 * register (u->reg_slot of the completed record).  A record whose fields
 * are pending (gk_unit_decode_lazy) is a simple one, every field whole:
 * gk_unit_fill would show the field unless the generation lacks it. */
static bool reg_field_shown(const struct gk_exec *x, const struct gk_unit *u)
{
	if (!u->pending)
		return u->reg_slot >= 0;
	const struct gk_packet_desc *d = u->desc;
	const struct gk_field *rf = d->reg_in_hdr ? &d->hdr[d->reg_field] : &d->fields[d->reg_field];
	return !rf->gens || (rf->gens & x->fmt->gen_bit);
}

/* A register run all inside the register file, none of its registers
 * answered, no effects recorded, no clear state recorded: what reg_write
 * does register by register, done a page at a time (the values copied,
 * the set bits set).  The register runs are most of a GFX9 stream; this
 * took its run from 101.7 M to 96.1 M instructions (callgrind, bench_exec's
 * GFX9 stream, a quarter).  1 (nothing written) when a register of the
 * run is answered, as the answer must come after its own write and before
 * the next one: reg_write's order. */
static int reg_run_fast(struct gk_exec *x, uint32_t a, const uint32_t *v, uint32_t n)
{
	/* a page of the file holding an answered register: each register of
	 * the run in it through the filter */
	for (uint32_t p = a / 4 / REG_PAGE; n && p <= (a / 4 + n - 1) / REG_PAGE; p++)
		if (x->link_pages[p / 64] >> (p % 64) & 1)
			for (uint32_t i = 0; i < n; i++)
				if (gk_exec_reg_linked(x, a + 4 * i))
					return 1;
	while (n) {
		uint32_t ix = a / 4, off = ix % REG_PAGE;
		uint32_t k = n < REG_PAGE - off ? n : REG_PAGE - off;
		uint32_t **page = &x->reg_page[ix / REG_PAGE];
		if (!*page && !(*page = calloc(REG_PAGE, sizeof **page)))
			return gk_exec_stop(x, GK_EXEC_FAULTED, NULL, "out of memory for the register file"), -1;
		memcpy(*page + off, v, 4 * (size_t)k);
		gk_exec_reg_written(x, ix, k);
		/* the set bits ix .. ix + k - 1: the first and last byte's masks
		 * and whole bytes between (a mask per byte in a loop was 1 M more
		 * of bench_exec's 5 MB GFX9 run, callgrind) */
		uint32_t b0 = ix / 8, b1 = (ix + k - 1) / 8;
		uint8_t head = (uint8_t)(0xffu << (ix % 8)), tail = (uint8_t)(0xffu >> (7 - (ix + k - 1) % 8));
		if (b0 == b1) {
			x->reg_set[b0] |= head & tail;
		} else {
			x->reg_set[b0] |= head;
			for (uint32_t b = b0 + 1; b < b1; b++)
				x->reg_set[b] = 0xff;
			x->reg_set[b1] |= tail;
		}
		a += 4 * k;
		v += k;
		n -= k;
	}
	return 0;
}

int gk_exec_op_reg_run(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	(void)r;
	(void)A;
	const struct gk_unit *u = x->u;
	if (u->desc->tail != GK_TAIL_REGS || !reg_field_shown(x, u))
		return gk_exec_stop(x, GK_EXEC_FAULTED, NULL, "the packet has no register run");
	uint64_t a = u->reg_addr;
	uint32_t n = u->tail_end > u->tail_begin ? u->tail_end - u->tail_begin : 0;
	if (!x->want_eff && !x->cp.recording && gk_exec_reg_valid(a) && a + 4ull * n <= REG_SPACE) {
		int fast = reg_run_fast(x, (uint32_t)a, u->pkt.dw + u->tail_begin, n);
		if (fast <= 0)
			return fast;
	}
	for (uint32_t i = u->tail_begin; i < u->tail_end; i++, a += 4)
		if (reg_write(x, a, u->pkt.dw[i], NULL))
			return -1;
	return 0;
}

/* the value of the group field of slot s among gf[0..n) (by its group
 * index, resolved once) */
static bool gfield(const struct gk_unit_field *gf, unsigned n, const struct xrow *r, enum xslot s, uint64_t *v)
{
	for (unsigned i = 0; r->gix[s] != 0xff && i < n; i++)
		if (gf[i].index == r->gix[s]) {
			*v = gf[i].value;
			return true;
		}
	return false;
}

int gk_exec_op_reg_pairs(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	(void)A;
	const struct gk_exec_row *row = r->row;
	const struct gk_space *sp = space_of(x, row);
	if (!sp)
		return -1;
	const struct gk_unit *u = x->u;
	static const enum xslot regs[2] = { XS_REG, XS_REG2 }, values[2] = { XS_VALUE, XS_VALUE2 };
	uint64_t left = row->count ? gk_exec_xv(x, r, XS_COUNT, 0) : UINT64_MAX;
	for (unsigned g = 0; g < u->ngroups && left; g++) {
		struct gk_unit_field gf[GK_UNIT_GROUP_FIELDS];
		uint32_t claimed[GK_UNIT_FIXED_DW];
		unsigned n = gk_unit_group(x->fmt, u, g, gf, claimed);
		for (unsigned k = 0; k < 2 && left; k++) {
			uint64_t off, v;
			if (!gfield(gf, n, r, regs[k], &off) || !gfield(gf, n, r, values[k], &v))
				continue;
			if (reg_write(x, sp->start + 4 * off, (uint32_t)v, gk_exec_slot_name(row, regs[k])))
				return -1;
			left--;
		}
	}
	if (left && row->count)
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->count, "%llu registers more than the packet's pairs hold",
			    (unsigned long long)left);
	return 0;
}

int gk_exec_op_reg_load(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	(void)A;
	const struct gk_exec_row *row = r->row;
	const struct gk_space *sp = space_of(x, row);
	if (!sp)
		return -1;
	const struct gk_unit *u = x->u;
	uint64_t base = gk_exec_xv(x, r, XS_ADDR, 0);
	for (unsigned g = 0; g < u->ngroups; g++) {
		struct gk_unit_field gf[GK_UNIT_GROUP_FIELDS];
		uint32_t claimed[GK_UNIT_FIXED_DW];
		unsigned n = gk_unit_group(x->fmt, u, g, gf, claimed);
		uint64_t off = 0, count = 0;
		gfield(gf, n, r, XS_REG, &off);
		gfield(gf, n, r, XS_COUNT, &count);
		if (!count)
			continue;
		uint64_t mem = base + 4 * off, reg = sp->start + 4 * off;
		if (count > BLOCK / 4 || mem < base)
			return gk_exec_stop(x, GK_EXEC_FAULTED, row->count, "%llu dwords at 0x%llx: past the address space",
				    (unsigned long long)count, (unsigned long long)mem);
		if (!gk_exec_reg_valid(reg + 4 * (count - 1)))
			return gk_exec_stop(x, GK_EXEC_FAULTED, row->reg,
				    "loads registers 0x%llx..0x%llx, past the register file (0..0x%x)",
				    (unsigned long long)reg, (unsigned long long)(reg + 4 * count - 4), REG_SPACE - 4);
		struct gk_diag err;
		if (gk_mem_read(x->mem, mem, x->block, (size_t)(4 * count), NULL, &err) != 0)
			return gk_exec_stop(x, GK_EXEC_FAULTED, row->addr, "reads 0x%llx..0x%llx: %s", (unsigned long long)mem,
				    (unsigned long long)(mem + 4 * count - 1), err.message);
		x->res->bytes_read += 4 * count;
		gk_exec_effect(x, 'r', mem, mem + 4 * count - 1, 0, row->addr);
		for (uint64_t i = 0; i < count; i++) {
			const uint8_t *b = x->block + 4 * i;
			uint32_t v = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
			if (reg_write(x, reg + 4 * i, v, row->reg))
				return -1;
		}
	}
	return 0;
}

int gk_exec_op_reg_default(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	(void)A;
	const struct gk_space *sp = space_of(x, r->row);
	if (!sp)
		return -1;
	uint32_t end = sp->end < REG_SPACE ? sp->end : REG_SPACE;
	for (uint32_t a = sp->start; a < end; a += 4) {
		uint32_t *page = x->reg_page[a / 4 / REG_PAGE];
		if (page)
			page[a / 4 % REG_PAGE] = 0;
		x->reg_set[a / 32] &= (uint8_t)~(1u << (a / 4 % 8));
	}
	if (end >= sp->start + 4)
		gk_exec_reg_written(x, sp->start / 4, (end - sp->start) / 4);
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
int gk_exec_op_preamble(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	(void)A;
	unsigned c = gk_exec_xtag(x, r, XS_SEL);
	if (c == GK_TAG_CLEAR_STATE_BEGIN)
		x->cp.recording = true;
	else if (c == GK_TAG_CLEAR_STATE_END)
		x->cp.recording = false;
	return 0;
}

/* ---- events ---- */

int gk_exec_op_event(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	(void)A;
	uint64_t counters;
	if (gk_exec_xfield(x, r, XS_COUNTERS, &counters))
		return gk_exec_stop(x, GK_EXEC_FAULTED, r->row->counters,
			    "not run: this event writes the GPU's counters to memory, which the executor does not have");
	gk_exec_effect(x, 'e', gk_exec_xv(x, r, XS_VALUE, 0), 0, 0, gk_exec_xsym(x, r, XS_VALUE));
	return 0;
}

int gk_exec_op_draw(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	(void)A;
	if (x->cp.predicating && !x->cp.draw && gk_exec_xv(x, r, XS_FLAG, 0)) {
		gk_exec_effect(x, 'p', 0, 0, 0, NULL);
		return 0;
	}
	uint64_t initv = 0;
	const struct gk_field *init = gk_exec_xfield(x, r, XS_VALUE, &initv);
	if (init && init->reg && reg_write(x, init->reg, (uint32_t)initv, r->row->value))
		return -1;
	x->cp.draws++;
	x->cp.event = true;
	gk_exec_effect(x, 'd', x->cp.draws, 0, 0, NULL);
	return 0;
}

int gk_exec_op_param(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	(void)A;
	for (unsigned a = 0; a < GK_EXEC_KEEP; a++) {
		uint64_t v;
		const struct gk_field *f = gk_exec_xfield(x, r, (enum xslot)(XS_KEEP0 + a), &v);
		if (!f)
			continue;
		unsigned i = 0;
		while (i < x->cp.nparams && strcmp(x->cp.params[i].field->name, f->name))
			i++;
		if (i == GK_EXEC_PARAMS)
			return gk_exec_stop(x, GK_EXEC_FAULTED, r->row->keep[a], "more than %u draw parameters", GK_EXEC_PARAMS);
		if (i == x->cp.nparams)
			x->cp.nparams++;
		x->cp.params[i].field = f;
		x->cp.params[i].value = v;
	}
	return 0;
}

/* ---- memory ---- */

static int mem_write(struct gk_exec *x, uint64_t a, const uint8_t *b, size_t n, const char *field)
{
	struct gk_diag err;
	uint8_t *to = gk_exec_span_w(x, a, n);
	if (to)
		memcpy(to, b, n);
	else if (gk_mem_write(x->mem, a, b, n, &err) != 0)
		return gk_exec_stop(x, GK_EXEC_FAULTED, field, "writes 0x%llx..0x%llx: %s", (unsigned long long)a,
			    (unsigned long long)(a + n - 1), err.message);
	x->res->bytes_written += n;
	gk_exec_effect(x, 'w', a, a + n - 1, 0, field);
	return 0;
}

static int mem_read(struct gk_exec *x, uint64_t a, uint8_t *b, size_t n, const char *field)
{
	struct gk_diag err;
	const uint8_t *from = gk_exec_span(x, a, n);
	if (from)
		memcpy(b, from, n);
	else if (gk_mem_read(x->mem, a, b, n, NULL, &err) != 0)
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
 * Mesa's EOS VALUE_32BIT send the packet's 32-bit data (SEND_DATA32);
 * SEND_64BIT both data dwords; SEND_GPU_CLOCK the 64-bit clock */
int gk_exec_op_eop(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	(void)A;
	const struct gk_exec_row *row = r->row;
	uint64_t v = 0;
	unsigned n;
	switch (gk_exec_xtag(x, r, XS_SEL)) {
	case GK_TAG_SEND_NOTHING:
		n = 0;
		break;
	case GK_TAG_SEND_DATA32:
		n = 4;
		v = gk_exec_xv(x, r, XS_VALUE, 0);
		break;
	case GK_TAG_SEND_DATA64:
		n = 8;
		v = gk_exec_xv(x, r, XS_VALUE, 0) | gk_exec_xv(x, r, XS_VALUE_HI, 0) << 32;
		break;
	case GK_TAG_SEND_CLOCK:
		n = 8;
		v = x->clock;
		break;
	default: {
		const char *ds = gk_exec_xsym(x, r, XS_SEL);
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->sel,
			    "not run: %s=%s sends a value the executor does not have (it has the packet's data and its "
			    "clock)",
			    row->sel, ds ? ds : "(reserved)");
	}
	}
	if (x->o && x->o->eop_held) {
		/* the work before it never finishes: nothing lands (trace: held) */
		if (n)
			gk_exec_effect(x, 'h', gk_exec_xv(x, r, XS_ADDR, 0), gk_exec_xv(x, r, XS_ADDR, 0) + n - 1,
				       (uint32_t)v, row->addr);
		return 0;
	}
	if (n) {
		uint8_t b[8];
		le_put(b, v, n);
		if (mem_write(x, gk_exec_xv(x, r, XS_ADDR, 0), b, n, row->addr))
			return -1;
	}
	uint64_t irqv = 0;
	const struct gk_field *irq = gk_exec_xfield(x, r, XS_IRQ, &irqv);
	if (irq && irqv && gk_enum_tag(irq->enm, irqv) != GK_TAG_INT_NONE) {
		x->res->interrupts++;
		gk_exec_effect(x, 'i', 0, 0, (uint32_t)irqv, row->irq);
	}
	return 0;
}

/* ---- places: registers, memory, the packet's data, the clock ---- */

enum place { P_NONE, P_REG, P_MEM, P_DATA, P_CLOCK, P_NOWHERE };

/* where a place select's value says a value is, by its tag: the names of
 * seed 001 §9.5.2 (POLL_SPACE, WRITE_SPACE), the kernel's COPY_DW comment,
 * nvd.h COPY_DATA / WRITE_DATA SRC_SEL / DST_SEL, §9.7.1 CNTR64_SEL and
 * Mesa's pkt3.json CP_DMA_WORD1 SRC_SEL / DST_SEL (NOWHERE: into L2, a
 * prefetch); GDS and the other places are not the executor's */
static int place_of(struct gk_exec *x, const struct xrow *r, enum xslot s, enum place dflt, enum place *p)
{
	const char *sel = gk_exec_slot_name(r->row, s);
	if (!sel) {
		*p = dflt;
		return 0;
	}
	switch (gk_exec_xtag(x, r, s)) {
	case GK_TAG_PLACE_REG: *p = P_REG; return 0;
	case GK_TAG_PLACE_MEM: *p = P_MEM; return 0;
	case GK_TAG_PLACE_DATA: *p = P_DATA; return 0;
	case GK_TAG_PLACE_CLOCK: *p = P_CLOCK; return 0;
	case GK_TAG_PLACE_NOWHERE: *p = P_NOWHERE; return 0;
	}
	*p = P_NONE;
	const char *n = gk_exec_xsym(x, r, s);
	return gk_exec_stop(x, GK_EXEC_FAULTED, sel,
		    "not run: %s=%s is a place the executor does not have (it has registers, memory, the "
		    "packet's data and the clock)",
		    sel, n ? n : "(reserved)");
}

static uint64_t place_addr(const struct gk_exec *x, const struct xrow *r)
{
	uint64_t a = gk_exec_xv(x, r, XS_ADDR, 0);
	if (r->row->addr_hi)
		a |= gk_exec_xv(x, r, XS_ADDR_HI, 0) << 32;
	return a;
}

static uint64_t place_reg(const struct gk_exec *x, const struct xrow *r)
{
	return r->row->reg ? gk_exec_xreg(x, r, XS_REG) : gk_exec_xv(x, r, XS_ADDR, 0) * 4;
}

/* the byte swap of row->swap[0] (SWAP tags) over n bytes */
static int swap_bytes(struct gk_exec *x, const struct xrow *r, uint8_t *b, unsigned n)
{
	unsigned st = gk_exec_xtag(x, r, XS_SWAP0);
	unsigned m = st == GK_TAG_SWAP_8IN16 ? 1 : st == GK_TAG_SWAP_8IN32 ? 3 : st == GK_TAG_SWAP_8IN64 ? 7 : 0;
	if (m + 1 > n)
		return gk_exec_stop(x, GK_EXEC_FAULTED, r->row->swap[0], "a %s swap of %u bytes: not whole units",
			    gk_exec_xsym(x, r, XS_SWAP0), n);
	uint8_t t[8];
	memcpy(t, b, n);
	for (unsigned q = 0; q < n; q++)
		b[q] = t[q ^ m];
	return 0;
}

int gk_exec_op_latch(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	(void)A;
	const struct gk_exec_row *row = r->row;
	enum place p;
	if (place_of(x, r, XS_SEL, P_DATA, &p))
		return -1;
	unsigned n = row->n == 8 || gk_exec_xv(x, r, XS_FLAG, 0) ? 8 : 4;
	uint64_t v = 0;
	switch (p) {
	case P_REG: {
		uint64_t a = place_reg(x, r);
		uint32_t lo, hi = 0;
		if (reg_read(x, a, &lo, row->reg ? row->reg : row->addr) ||
		    (n == 8 && reg_read(x, a + 4, &hi, row->reg ? row->reg : row->addr)))
			return -1;
		v = lo | (uint64_t)hi << 32;
		break;
	}
	case P_MEM: {
		uint8_t b[8];
		if (mem_read(x, place_addr(x, r), b, n, row->addr) || swap_bytes(x, r, b, n))
			return -1;
		v = le_get(b, n);
		break;
	}
	case P_DATA:
		v = place_addr(x, r);
		break;
	case P_CLOCK:
		v = x->clock;
		break;
	case P_NONE:
	case P_NOWHERE:
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->sel, "not run: no value comes from %s", gk_exec_xsym(x, r, XS_SEL));
	}
	x->cp.latch = n == 8 ? v : (uint32_t)v;
	x->cp.latch_bytes = n;
	return 0;
}

int gk_exec_op_test(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	(void)A;
	const char *f = gk_exec_xsym(x, r, XS_FUNC);
	uint32_t mask = (uint32_t)gk_exec_xv(x, r, XS_MASK, 0xffffffffu), ref = (uint32_t)gk_exec_xv(x, r, XS_REF, 0);
	bool known;
	bool ok = gk_exec_compare(gk_exec_xtag(x, r, XS_FUNC), (uint32_t)x->cp.latch & mask, ref, &known);
	if (!known)
		return gk_exec_stop(x, GK_EXEC_FAULTED, r->row->func, "compare function %s is not one the executor knows",
			    f ? f : "(reserved)");
	gk_exec_effect(x, 't', ok, 0, (uint32_t)x->cp.latch, f);
	x->cp.failed = !ok;
	return 0;
}

int gk_exec_op_put(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	(void)A;
	const struct gk_exec_row *row = r->row;
	enum place p;
	if (place_of(x, r, XS_SEL, P_MEM, &p))
		return -1;
	unsigned n = gk_exec_xv(x, r, XS_FLAG, 0) ? 4 : x->cp.latch_bytes ? x->cp.latch_bytes : 4;
	uint64_t v = x->cp.latch;
	if (p == P_REG) {
		uint64_t a = place_reg(x, r);
		return reg_write(x, a, (uint32_t)v, row->reg) || (n == 8 && reg_write(x, a + 4, (uint32_t)(v >> 32), row->reg))
			       ? -1 : 0;
	}
	if (p != P_MEM)
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->sel, "not run: a value cannot be written to %s",
			    gk_exec_xsym(x, r, XS_SEL));
	uint8_t b[8];
	le_put(b, v, n);
	if (swap_bytes(x, r, b, n))
		return -1;
	return mem_write(x, place_addr(x, r), b, n, row->addr);
}

int gk_exec_op_data_to(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	(void)A;
	const struct gk_exec_row *row = r->row;
	enum place p;
	if (place_of(x, r, XS_SEL, P_MEM, &p))
		return -1;
	const struct gk_unit *u = x->u;
	const uint32_t *d = u->pkt.dw + u->tail_begin;
	uint32_t nd = u->tail_end > u->tail_begin ? u->tail_end - u->tail_begin : 0;
	bool one = gk_exec_xv(x, r, XS_FLAG, 0) != 0;
	if (p == P_REG) {
		uint64_t a = place_reg(x, r);
		for (uint32_t i = 0; i < nd; i++)
			if (reg_write(x, one ? a : a + 4ull * i, d[i], row->reg))
				return -1;
		return 0;
	}
	if (p != P_MEM)
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->sel, "not run: data cannot be written to %s",
			    gk_exec_xsym(x, r, XS_SEL));
	uint64_t a = place_addr(x, r);
	for (uint32_t i = 0; i < nd;) {
		/* one address: each dword to it in turn (the last stays); else a run */
		uint32_t k = one ? 1 : nd - i < BLOCK / 4 ? nd - i : BLOCK / 4;
		for (uint32_t j = 0; j < k; j++)
			le_put(x->block + 4 * j, d[i + j], 4);
		if (mem_write(x, one ? a : a + 4ull * i, x->block, 4 * k, row->addr))
			return -1;
		i += k;
	}
	return 0;
}

/* CP_DMA / DMA_DATA (GFX6+): bytes through memory, or a dword repeated */
int gk_exec_op_dma(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	(void)A;
	const struct gk_exec_row *row = r->row;
	enum place src, dst;
	if (place_of(x, r, XS_SEL, P_MEM, &src) || place_of(x, r, XS_DST_SEL, P_MEM, &dst))
		return -1;
	if ((src != P_MEM && src != P_DATA) || (dst != P_MEM && dst != P_NOWHERE))
		return gk_exec_stop(x, GK_EXEC_FAULTED, src != P_MEM && src != P_DATA ? row->sel : row->dst_sel,
			    "not run: a DMA moves bytes from memory or the packet's data to memory");
	uint64_t n = gk_exec_xv(x, r, XS_COUNT, 0), s = place_addr(x, r), d = gk_exec_xv(x, r, XS_DST, 0);
	if (!n)
		return 0;
	if ((src == P_MEM && s + n - 1 < s) || (dst == P_MEM && d + n - 1 < d))
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->count, "%llu bytes run past 2^64", (unsigned long long)n);
	if (src == P_MEM && dst == P_MEM && s < d + n && d < s + n)
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->dst,
			    "source 0x%llx and destination 0x%llx overlap over %llu bytes: the headers do not say in "
			    "which order the CP moves them, so the copy is not run",
			    (unsigned long long)s, (unsigned long long)d, (unsigned long long)n);
	if (src == P_DATA)
		gk_exec_stage_fill(x, n, (uint32_t)s, 4, 0); /* the dword repeated: one block at most */
	/* memory to memory, each side inside one region: one memcpy, no bounce */
	const uint8_t *from = src == P_MEM && dst == P_MEM && n <= SIZE_MAX ? gk_exec_span(x, s, (size_t)n) : NULL;
	uint8_t *to = from ? gk_exec_span_w(x, d, (size_t)n) : NULL;
	if (to)
		memcpy(to, from, (size_t)n);
	for (uint64_t p = to ? n : 0; p < n;) {
		size_t k = n - p < BLOCK ? (size_t)(n - p) : BLOCK;
		struct gk_diag err;
		if (src == P_MEM)
			x->staged += k;
		if (src == P_MEM && gk_mem_read(x->mem, s + p, x->block, k, NULL, &err) != 0)
			return gk_exec_stop(x, GK_EXEC_FAULTED, row->addr, "reads 0x%llx..0x%llx: %s", (unsigned long long)(s + p),
				    (unsigned long long)(s + p + k - 1), err.message);
		if (dst == P_MEM && gk_mem_write(x->mem, d + p, x->block, k, &err) != 0)
			return gk_exec_stop(x, GK_EXEC_FAULTED, row->dst, "writes 0x%llx..0x%llx: %s",
				    (unsigned long long)(d + p), (unsigned long long)(d + p + k - 1), err.message);
		p += k;
	}
	if (src == P_MEM) {
		x->res->bytes_read += n;
		gk_exec_effect(x, 'r', s, s + n - 1, 0, row->addr);
	}
	if (dst == P_MEM) {
		x->res->bytes_written += n;
		gk_exec_effect(x, 'w', d, d + n - 1, 0, row->dst);
	}
	return 0;
}

/* ---- predication ---- */

int gk_exec_op_predicate(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	(void)A;
	const struct gk_exec_row *row = r->row;
	unsigned op = gk_exec_xtag(x, r, XS_SEL);
	if (op == GK_TAG_PRED_CLEAR) {
		x->cp.predicating = false;
		x->cp.draw = true;
		return 0;
	}
	unsigned n = op == GK_TAG_PRED_BOOL32 ? 4 : op == GK_TAG_PRED_BOOL64 ? 8 : 0;
	if (!n) {
		const char *name = gk_exec_xsym(x, r, XS_SEL);
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->sel,
			    "not run: %s=%s sums the depth-block or streamout results, whose number and layout the "
			    "packet reference does not give",
			    row->sel, name ? name : "(reserved)");
	}
	uint8_t b[8];
	if (mem_read(x, gk_exec_xv(x, r, XS_ADDR, 0), b, n, row->addr))
		return -1;
	bool visible = le_get(b, n) != 0;
	x->cp.predicating = true;
	x->cp.draw = gk_exec_xv(x, r, XS_FLAG, 0) ? visible : !visible;
	gk_exec_effect(x, 'q', x->cp.draw, 0, 0, NULL);
	return 0;
}

int gk_exec_op_pred_exec(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	(void)A;
	uint64_t n = gk_exec_xv(x, r, XS_COUNT, 0);
	if (!(gk_exec_xv(x, r, XS_MASK, 0) & 1) && n) {
		x->skipping = true;
		x->skip_depth = x->depth;
		x->skip_left = n;
		x->skip_from = x->at[x->depth];
	}
	return 0;
}
