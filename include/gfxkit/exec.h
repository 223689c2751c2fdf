/* Running a command stream on a memory image (src/exec/exec.c): what the
 * engine would write, where it would wait, the interrupts it raises and the
 * register file it leaves.  Each packet's effects come from its
 * description's exec rows (struct gk_exec_row, include/gfxkit/desc.h); the
 * memory is the caller's struct gk_mem (include/gfxkit/memory.h), read and
 * written in place; indirect buffers run where they are called, read from
 * that memory as it is when they are reached.
 *
 * A run ends in one of four ways (enum gk_exec_status):
 *   completed  every packet ran;
 *   stalled    a wait (memory or register compare, semaphore) that nothing
 *              can satisfy any more: the engine waits on it alone, so no later
 *              packet could change what it waits for (a hang report);
 *   faulted    a packet the executor cannot run as described: memory it
 *              reads or writes is absent (or read-only), a packet with errors,
 *              a packet without semantics, a tiled layout the tiling module
 *              does not have, an overlapping copy;
 *   limit      max_packets ran.
 * Deterministic: the same stream, memory and registers give the same output,
 * byte for byte.  The clock (timestamps) counts packets run, unless a packet
 * sets it. */
#ifndef GFXKIT_EXEC_H
#define GFXKIT_EXEC_H

#include <stdbool.h>
#include <stdint.h>

#include "gfxkit/diag.h"
#include "gfxkit/engine.h"
#include "gfxkit/lint.h"
#include "gfxkit/memory.h"
#include "gfxkit/stream.h"

#ifdef __cplusplus
extern "C" {
#endif

enum gk_exec_status {
	GK_EXEC_COMPLETED,
	GK_EXEC_STALLED,
	GK_EXEC_FAULTED,
	GK_EXEC_LIMIT,
};

/* "completed", "stalled", "faulted", "limit" (NULL for another value) */
const char *gk_exec_status_name(enum gk_exec_status s);

#define GK_EXEC_PATH 5  /* the ring and up to 4 levels of indirect buffers */
#define GK_EXEC_LAST 8  /* packets remembered before a stop */

/* Where a packet is: the top-level stream's byte offset of the packet that
 * called each indirect buffer, then the packet's own offset in its buffer
 * (a GPU address inside a buffer). */
struct gk_exec_where {
	unsigned depth;                  /* 0: the top-level stream */
	uint64_t at[GK_EXEC_PATH];       /* at[0..depth]: the calling packets, then this one */
	const char *packet;              /* its name (NULL: raw words) */
};

struct gk_exec_result {
	enum gk_exec_status status;
	uint64_t packets;                /* packets run (skipped ones not counted) */
	uint64_t skipped;                /* packets a conditional skipped */
	uint64_t bytes_read, bytes_written;
	uint64_t interrupts;
	uint64_t clock;                  /* the clock at the end */
	/* stalled / faulted: the packet, and what stopped it */
	struct gk_exec_where where;
	struct gk_diag why;              /* message: what it waits for and the value found, or the fault */
	bool has_wait;                   /* stalled: the wait */
	uint64_t wait_addr;              /* memory address, or register byte address when wait_reg */
	bool wait_reg;
	uint32_t wait_value, wait_mask, wait_ref;
	const char *wait_func;
	/* the last packets run before the stop, oldest first */
	unsigned nlast;
	struct gk_exec_where last[GK_EXEC_LAST];
	/* lint (gk_exec_opts.lint) */
	uint64_t draws, dispatches;      /* events linted */
	uint64_t lint_errors, lint_warnings, lint_events; /* rules broken, and the events that broke any */
	uint64_t not_run;                /* effects a lint run passed over (memory it was not given, waits) */
};

struct gk_exec_opts {
	uint64_t max_packets;            /* 0: no limit */
	bool trace;                      /* each packet with what it read, wrote and set */
	bool json;                       /* JSON Lines (docs/json.md) instead of text */
	bool state;                      /* each draw and dispatch with the register state in force */
	unsigned max_depth;              /* indirect buffers nested at most (0: 4) */
	/* Lint (include/gfxkit/lint.h): at each draw and dispatch the selected
	 * rules are tested against the register state, and each event that
	 * breaks any is printed with its diagnostics (text: grouped under the
	 * event; JSON: the event's unit line with them).  A lint run follows the
	 * register state only: an effect that cannot run (memory it was not
	 * given, a wait, a packet with errors) is passed over and counted in
	 * not_run instead of ending the run; conditionals whose memory is absent
	 * run what they guard.  NULL: no lint. */
	const struct gk_lint_select *lint;
	const char *name;                /* the input's name in lint lines; NULL: "-" */
	/* The stream's own packets (not those of the buffers they call): skip
	 * passes over the first skip of them unrun (framed only, as decode
	 * --skip does), count runs at most count of them (0: all) and then
	 * stops with GK_EXEC_LIMIT, as max_packets does. */
	uint64_t skip, count;
	/* End of pipe never reached: an end-of-pipe write (RELEASE_MEM,
	 * EVENT_WRITE_EOP) records its event but neither its data nor its
	 * interrupt lands, as on a GPU whose draws or dispatches never finish;
	 * a wait on that fence then stalls, naming the address and the value
	 * memory holds (the hang a dump shows). */
	bool eop_held;
};

struct gk_exec; /* opaque: gk_exec_create / gk_exec_destroy */

/* An executor for engine e (the caller's; it must outlive the executor) over
 * memory mem (the caller's: read and written in place).  NULL with *err
 * (err may be NULL) when e is not a table-described engine, or out of
 * memory. */
struct gk_exec *gk_exec_create(struct gk_engine *e, struct gk_mem *mem, struct gk_diag *err);
void gk_exec_destroy(struct gk_exec *x); /* NULL: nothing */

/* Set a register before the run: name (the GPU's register name, any case)
 * or a byte address ("0x8040").  0, or -1 with *err naming what is wrong. */
int gk_exec_set_reg(struct gk_exec *x, const char *name, uint32_t value, struct gk_diag *err);
/* A register's value after (or before) a run: 1 set, 0 never written (*v 0). */
int gk_exec_reg(const struct gk_exec *x, uint32_t byte_addr, uint32_t *v);

/* Run every packet of in, writing the trace (when asked) and a summary to
 * out: text ends with a summary line "; run: STATUS, N packets ..." and the
 * hang or fault report; JSON ends with one line {"end":true,"status":...}.
 * Returns 0 with *res set (whatever the status), or -1 when the input could
 * not be read (gk_input_error) or an argument is NULL. */
int gk_exec_run(struct gk_exec *x, struct gk_input *in, const struct gk_exec_opts *o, struct gk_out *out,
		struct gk_exec_result *res);

#ifdef __cplusplus
}
#endif
#endif
