/* What the executor's files share (src/exec): the executor's state, the
 * accesses of the packet being run, and the command-processor ops of
 * exec_cp.c (the PM4 register file, events, end-of-pipe writes, the latch
 * of the compare-and-copy packets, --state).  Library-internal. */
#ifndef GK_EXEC_PRIV_H
#define GK_EXEC_PRIV_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "gfxkit/exec.h"
#include "gfxkit/tiling.h"
#include "gfxkit/unit.h"

#define REG_SPACE 0x40000u /* register byte addresses the register file holds */
#define BLOCK 65536u       /* bounce buffer */
/* the register file's values in pages of 1024 registers, each allocated at
 * its first write: a run sets a few hundred registers of the 64 Ki the
 * file spans, and one 256 KiB block per executor was most of a short
 * run's cost (a fresh mapping, its page faults and its unmapping) */
#define REG_PAGE 1024u
#define REG_PAGES (REG_SPACE / 4 / REG_PAGE)
#define MAX_EFFECTS 16     /* per packet, for the trace */
#define MAX_SIDES 3
#define GK_EXEC_PARAMS 16  /* draw parameters kept */

struct effect {
	char kind; /* 'r' read, 'w' write, 'g' register, 'i' interrupt, 'c' clock, 'e' event, 'd' draw/dispatch */
	uint64_t first, last;
	uint32_t value;
	const char *name;
};

/* The command processor's own state (exec_cp.c). */
struct gk_exec_cp {
	/* registers given before the run (gk_exec_set_reg): what CLEAR_STATE
	 * puts back, in the order given */
	uint32_t *dflt_addr, *dflt_value;
	size_t ndflt, dflt_cap;
	bool recording; /* inside a clear-state preamble: register writes are defaults */
	/* the latch of GK_X_LATCH / GK_X_TEST / GK_X_PUT: one value, 4 or 8
	 * bytes; a failed test skips the rest of the packet's rows */
	uint64_t latch;
	unsigned latch_bytes;
	bool failed;
	/* SET_PREDICATION: predicated draws (header PREDICATE) run only while
	 * draw is true */
	bool predicating, draw;
	/* draw parameters (GK_X_PARAM), by field name, in the order first set */
	struct gk_exec_param {
		const struct gk_field *field;
		uint64_t value;
	} params[GK_EXEC_PARAMS];
	unsigned nparams;
	/* the packet being run is a draw or dispatch (--state prints at it) */
	bool event;
	uint64_t draws;
};

struct gk_exec {
	struct gk_engine *e;
	const struct gk_format *fmt;
	struct gk_mem *mem;
	uint32_t *reg_page[REG_PAGES]; /* NULL: every register of the page holds 0 */
	uint8_t *reg_set;
	uint64_t clock;
	uint8_t *block, *block2;
	/* bytes stored into block and block2 this run: what moving memory costs
	 * beyond the bytes moved (tests/exec hold a 4-byte fill to 4) */
	uint64_t staged;
	struct gk_tile_surface surf[MAX_SIDES];
	struct gk_membuf json;
	struct gk_exec_cp cp;
	/* one run */
	const struct gk_exec_opts *o;
	struct gk_out *out;
	struct gk_exec_result *res;
	struct gk_engine *stack[GK_EXEC_PATH];
	unsigned depth, nstack;
	uint64_t at[GK_EXEC_PATH];
	/* the buffer each depth runs (its first byte) and the packet that called
	 * or chained to it, as decode --follow's JSON says */
	uint64_t ib[GK_EXEC_PATH], parent[GK_EXEC_PATH];
	bool skipping;
	unsigned skip_depth;
	uint64_t skip_left, skip_from;
	bool stop;
	struct effect eff[MAX_EFFECTS];
	unsigned neff, eff_more;
	const struct gk_unit *u;
};

/* the accesses of the unit: reads and writes (after DETILE/DIRECTION) */
struct accs {
	struct gk_mem_access a[MAX_SIDES];
	unsigned k[MAX_SIDES];
	unsigned n;
};

/* exec.c: the first min(n, BLOCK) bytes of a fill of n bytes, byte q
 * being byte (q ^ swap) % width of v, in x->block (staged) */
void gk_exec_stage_fill(struct gk_exec *x, uint64_t n, uint32_t v, unsigned width, unsigned swap);

/* exec.c: stop the run (status st) at the packet being run, field and
 * message naming why; returns -1 */
int gk_exec_vstop(struct gk_exec *x, enum gk_exec_status st, const char *field, const char *fmt, va_list ap);

/* ---- what both executor files read and write (one definition) ---- */

/* stop the run at the packet being run (gk_exec_vstop); returns -1 */
static inline int gk_exec_stop(struct gk_exec *x, enum gk_exec_status st, const char *field, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static inline int gk_exec_stop(struct gk_exec *x, enum gk_exec_status st, const char *field, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	gk_exec_vstop(x, st, field, fmt, ap);
	va_end(ap);
	return -1;
}

/* the field called name that the unit being run shows, or NULL (name NULL too) */
static inline const struct gk_unit_field *gk_exec_field(const struct gk_exec *x, const char *name)
{
	return name ? gk_unit_field(x->u, name) : NULL;
}

static inline uint64_t gk_exec_fget(const struct gk_exec *x, const char *name, uint64_t dflt)
{
	const struct gk_unit_field *f = gk_exec_field(x, name);
	return f ? f->value : dflt;
}

/* the name of a field's value (an enum), or NULL */
static inline const char *gk_exec_fname(const struct gk_exec *x, const char *name)
{
	const struct gk_unit_field *f = gk_exec_field(x, name);
	return f && f->desc->enm ? gk_enum_name(f->desc->enm, f->value) : NULL;
}

/* one effect of the packet being run, for the trace */
static inline void gk_exec_effect(struct gk_exec *x, char kind, uint64_t first, uint64_t last, uint32_t value,
				  const char *name)
{
	if (x->neff == MAX_EFFECTS) {
		x->eff_more++;
		return;
	}
	x->eff[x->neff++] = (struct effect){ kind, first, last, value, name };
}

/* the register file: dword byte addresses below REG_SPACE */
static inline bool gk_exec_reg_valid(uint64_t byte_addr)
{
	return byte_addr < REG_SPACE && !(byte_addr & 3);
}

/* the value at a valid byte address (0 where nothing was written) */
static inline uint32_t gk_exec_reg_value(const struct gk_exec *x, uint32_t byte_addr)
{
	const uint32_t *page = x->reg_page[byte_addr / 4 / REG_PAGE];
	return page ? page[byte_addr / 4 % REG_PAGE] : 0;
}

/* sets a register; -1 when its page cannot be allocated */
static inline int gk_exec_reg_put(struct gk_exec *x, uint32_t byte_addr, uint32_t v)
{
	uint32_t **page = &x->reg_page[byte_addr / 4 / REG_PAGE];
	if (!*page && !(*page = calloc(REG_PAGE, sizeof **page)))
		return -1;
	(*page)[byte_addr / 4 % REG_PAGE] = v;
	x->reg_set[byte_addr / 32] |= (uint8_t)(1u << (byte_addr / 4 % 8));
	return 0;
}

/* exec_cp.c */
int gk_exec_cp_row(struct gk_exec *x, const struct gk_exec_row *row, const struct accs *A);
/* a register field's byte address: GK_REG fields hold dword indices */
uint64_t gk_exec_cp_reg_addr(const struct gk_exec *x, const char *field);
/* a register given before the run (CLEAR_STATE's defaults); -1: out of memory */
int gk_exec_cp_default(struct gk_exec *x, uint32_t byte_addr, uint32_t value);
void gk_exec_cp_begin(struct gk_exec *x); /* a run starts */
void gk_exec_cp_unit(struct gk_exec *x);  /* a packet starts */
void gk_exec_cp_free(struct gk_exec *x);
/* the packet just run is a draw or dispatch that --state prints */
bool gk_exec_cp_state_due(const struct gk_exec *x);
/* the trace's lines / JSON keys of the CP's effects (events, draws, --state) */
void gk_exec_cp_trace_text(struct gk_exec *x, struct gk_out *o);
void gk_exec_cp_trace_json(struct gk_exec *x, struct gk_out *o);

#endif
