/* What the executor's files share (src/exec): the executor's state, the
 * accesses of the packet being run, and the command-processor ops of
 * exec_cp.c (the PM4 register file, events, end-of-pipe writes, the latch
 * of the compare-and-copy packets, --state).  Library-internal. */
#ifndef GK_EXEC_PRIV_H
#define GK_EXEC_PRIV_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>

#include "gfxkit/exec.h"
#include "gfxkit/tiling.h"
#include "gfxkit/unit.h"

#define REG_SPACE 0x40000u /* register byte addresses the register file holds */
#define BLOCK 65536u       /* bounce buffer */
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
	uint32_t *regs;
	uint8_t *reg_set;
	uint64_t clock;
	uint8_t *block, *block2;
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

/* exec.c: stop the run (status st) at the packet being run, field and
 * message naming why; returns -1 */
int gk_exec_vstop(struct gk_exec *x, enum gk_exec_status st, const char *field, const char *fmt, va_list ap);

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
