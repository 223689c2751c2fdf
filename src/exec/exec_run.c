/* The run (gfxkit run, gfxkit lint): the stream loop's unit callback and
 * the one dispatcher of exec rows.  Each decoded unit runs by its
 * description's rows in order; each row's op is one entry of ops[] below:
 * its handler and what the handler needs.  A new behaviour is a new enum
 * gk_exec_op value, its handler (exec_mem.c for the memory engines,
 * exec_cp.c for the command processor) and its entry here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out.h" /* src/core: gk_put_mem, gk_put_dec32 */
#include "exec_priv.h"
#include "../engine/engine_priv.h" /* gk_engine_unit_lazy */

static int op_nothing(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	(void)x;
	(void)r;
	(void)A;
	return 0;
}

static int op_refuse(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	(void)A;
	return gk_exec_stop(x, GK_EXEC_FAULTED, r->row->when, "not run: %s", r->row->why ? r->row->why : "no semantics");
}

/* the form whose select (.sel) means .tag is not run */
static int op_refuse_if(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	(void)A;
	if (r->row->tag != GK_TAG_NONE && gk_exec_xtag(x, r, XS_SEL) == r->row->tag)
		return gk_exec_stop(x, GK_EXEC_FAULTED, r->row->sel, "not run: %s", r->row->why ? r->row->why : "no semantics");
	return 0;
}

/* The dispatcher: every op, its handler and what it needs (XO_ACCS: the
 * unit's accesses; XO_GATED: skipped after a failed GK_X_TEST). */
static const struct {
	gk_exec_op_fn run;
	unsigned flags;
} ops[GK_X_END] = {
	[GK_X_NOTHING] = { op_nothing, 0 },
	[GK_X_COPY] = { gk_exec_op_copy, XO_ACCS },
	[GK_X_WRITE_DATA] = { gk_exec_op_write_data, XO_ACCS },
	[GK_X_FILL] = { gk_exec_op_fill, XO_ACCS },
	[GK_X_STORE] = { gk_exec_op_store, XO_ACCS },
	[GK_X_INTERRUPT] = { gk_exec_op_interrupt, 0 },
	[GK_X_WAIT] = { gk_exec_op_wait, XO_ACCS },
	[GK_X_SEMAPHORE] = { gk_exec_op_semaphore, XO_ACCS },
	[GK_X_COND_EXEC] = { gk_exec_op_cond_exec, XO_ACCS },
	[GK_X_REG_WRITE] = { gk_exec_op_reg_write, 0 },
	[GK_X_CLOCK_SET] = { gk_exec_op_clock_set, 0 },
	[GK_X_CLOCK_STORE] = { gk_exec_op_clock_store, XO_ACCS },
	[GK_X_PTE] = { gk_exec_op_pte, XO_ACCS },
	[GK_X_REFUSE] = { op_refuse, 0 },
	[GK_X_REG_RUN] = { gk_exec_op_reg_run, XO_GATED },
	[GK_X_REG_PAIRS] = { gk_exec_op_reg_pairs, XO_GATED },
	[GK_X_REG_LOAD] = { gk_exec_op_reg_load, XO_GATED },
	[GK_X_REG_DEFAULT] = { gk_exec_op_reg_default, XO_GATED },
	[GK_X_PREAMBLE] = { gk_exec_op_preamble, XO_GATED },
	[GK_X_EVENT] = { gk_exec_op_event, XO_GATED },
	[GK_X_DRAW] = { gk_exec_op_draw, XO_GATED },
	[GK_X_EOP] = { gk_exec_op_eop, XO_GATED },
	[GK_X_LATCH] = { gk_exec_op_latch, XO_GATED },
	[GK_X_TEST] = { gk_exec_op_test, XO_GATED },
	[GK_X_PUT] = { gk_exec_op_put, XO_GATED },
	[GK_X_DATA_TO] = { gk_exec_op_data_to, XO_GATED },
	[GK_X_PREDICATE] = { gk_exec_op_predicate, XO_GATED },
	[GK_X_PRED_EXEC] = { gk_exec_op_pred_exec, XO_GATED },
	[GK_X_REFUSE_IF] = { op_refuse_if, XO_GATED },
	[GK_X_PARAM] = { gk_exec_op_param, XO_GATED },
	[GK_X_DMA] = { gk_exec_op_dma, XO_GATED },
};

/* the row's op and flags from ops[], and the description's needs and idle
 * (on_unit: once per description) */
static void dispatch_rows(struct xdesc *xd)
{
	unsigned needs = 0;
	bool idle = true;
	for (unsigned i = 0; i < xd->n; i++) {
		struct xrow *r = &xd->rows[i];
		unsigned op = r->row->op;
		r->run = op < GK_X_END ? ops[op].run : NULL;
		r->flags = op < GK_X_END ? ops[op].flags : 0;
		needs |= r->flags;
		idle &= op == GK_X_NOTHING && !r->row->when;
	}
	xd->idle = idle;
	xd->needs = needs;
}

/* forced inline into the rows loop: gcc kept it a call (~10 instructions a
 * row, callgrind, bench_exec's 5 MB CIK stream) */
static inline __attribute__((always_inline)) int run_row(struct gk_exec *x, const struct xrow *r, const struct accs *A)
{
	if (!r->run)
		return gk_exec_stop(x, GK_EXEC_FAULTED, NULL, "exec row of kind %u is not one the executor knows", r->row->op);
	if ((r->flags & XO_GATED) && x->cp.failed)
		return 0; /* a failed GK_X_TEST: the rest of the packet does not run */
	return r->run(x, r, r->flags & XO_ACCS ? A : NULL);
}

/* ---- the unit callback ---- */

/* A lint run follows the register state: what would stop a run (memory it
 * was not given, a wait, a malformed packet) is passed over and counted.
 * true when the stop was taken back. */
static void taken_back(struct gk_exec *x)
{
	x->stop = false;
	x->res->status = GK_EXEC_COMPLETED;
	x->res->has_wait = false;
	memset(&x->res->where, 0, sizeof x->res->where);
	memset(&x->res->why, 0, sizeof x->res->why);
	x->res->not_run++;
}

static bool pass_over(struct gk_exec *x)
{
	if (!x->o->lint || !x->stop || x->res->status == GK_EXEC_LIMIT)
		return false;
	taken_back(x);
	return true;
}

/* A fault of on_unit's own in a lint run, which pass_over would take back
 * at once (its status is never GK_EXEC_LIMIT): taken back without being
 * made, so that its message, which pass_over clears, is not formatted.  A
 * lint run over words that are no packet (16 KiB of zeros, to DMA) has one
 * at every word: the message's vsnprintf was 13 % of such a run
 * (callgrind) and 3.8 % of fuzz_exec's time (perf).  true when taken back
 * (a lint run); false: the caller stops the run. */
static bool lint_pass(struct gk_exec *x)
{
	if (!x->o->lint)
		return false;
	taken_back(x);
	return true;
}

static int reg_view(void *ctx, uint32_t byte_addr, uint32_t *value)
{
	return gk_exec_reg(ctx, byte_addr, value);
}

/* The registers lint reads at an event, a block of the written bitmap a
 * call (~200 at each of the bench stream's draws without the bitmap).
 * The value is read without testing the set bit first: a register never
 * written (or put back by CLEAR_STATE) holds 0 in its page, as
 * gk_exec_reg_put and gk_exec_op_reg_default keep it, and a page never
 * allocated holds only such registers.  With the file's
 * pointers in locals (value and set may alias them for all the compiler
 * knows) this is ~25 instructions a register where testing, then reading
 * through x was 29 (20.9 M to 18.2 M of `gfxkit lint -g evergreen` on
 * pm4-evergreen-quarter.bin, callgrind); the written bitmap, which leaves
 * a draw ~60 registers to read instead of ~200, did the rest (3.4 M). */
static void reg_view_many(void *ctx, const uint32_t *byte_addr, size_t n, uint32_t *value, uint8_t *set)
{
	const struct gk_exec *x = ctx;
	const uint8_t *bits = x->reg_set;
	uint32_t *const *pages = x->reg_page;
	for (size_t i = 0; i < n; i++) {
		uint32_t a = byte_addr[i];
		if (!gk_exec_reg_valid(a)) {
			value[i] = 0;
			set[i] = 0;
			continue;
		}
		uint32_t ix = a / 4;
		const uint32_t *page = pages[ix / REG_PAGE];
		value[i] = page ? page[ix % REG_PAGE] : 0;
		set[i] = bits[ix / 8] >> (ix % 8) & 1;
	}
}

/* the draw or dispatch just run against the selected rules: the event is
 * printed with what it broke */
static void lint_event(struct gk_exec *x)
{
	const struct gk_unit *u = x->u;
	bool dispatch = (u->desc->flags & GK_P_COMPUTE) != 0;
	struct gk_lint_event ev = { dispatch ? GK_LINT_DISPATCH : GK_LINT_DRAW, &u->pkt };
	struct gk_lint_regs regs = { reg_view, x, reg_view_many, x->written, sizeof x->written / sizeof *x->written };
	struct gk_diags dg;
	memset(&dg, 0, sizeof dg);
	uint64_t nth = dispatch ? ++x->res->dispatches : ++x->res->draws;
	if (!x->lint)
		x->lint = gk_lint_open(x->fmt); /* NULL (no rules for fmt): gk_lint_check says -1 */
	if (gk_lint_check(x->lint, &ev, u, &regs, x->o->lint, &dg) <= 0 && !dg.n)
		return;
	/* "draw N" without snprintf: ~1000 instructions a finding's event,
	 * 3.5 M of `gfxkit lint -g evergreen`'s 125 M on the bench's quarter
	 * stream (callgrind) */
	char what[48];
	char *p = dispatch ? gk_put_mem(what, "dispatch ", 9) : gk_put_mem(what, "draw ", 5);
	if (nth <= UINT32_MAX)
		*gk_put_dec32(p, (uint32_t)nth) = 0;
	else
		snprintf(p, sizeof what - (size_t)(p - what), "%llu", (unsigned long long)nth);
	gk_exec_lint_print(x, &dg, what);
}

/* The packet just run (its description's name) into the ring: what
 * gk_exec_where_now says, written over the slot's last entry field by
 * field (the levels past this one's zero, as where_now leaves them), not
 * zeroed whole and filled by a call: the call and its memset were ~35
 * instructions a packet, 1.6 M of `gfxkit run`'s 78.9 M on bench_exec's
 * CIK stream, quarter size (callgrind); a count of packets (the slot its
 * remainder, GK_EXEC_LAST a power of two) instead of a head and a length
 * and the name from the caller, which holds the description, ~15 more */
static inline void remember(struct gk_exec *x, const char *name)
{
	_Static_assert((GK_EXEC_LAST & (GK_EXEC_LAST - 1)) == 0, "the ring's slot is a mask of the count");
	struct gk_exec_where *w = &x->last[x->last_count++ % GK_EXEC_LAST];
	unsigned d = x->depth, was = w->depth;
	w->depth = d;
	w->at[0] = x->at[0];
	if (d | was) /* a level below the stream, now or in the entry written over */
		for (unsigned i = 1; i < GK_EXEC_PATH; i++)
			w->at[i] = i <= d ? x->at[i] : 0;
	w->packet = name;
}

/* the ring of remember() into the result, oldest first */
static void remembered(struct gk_exec *x)
{
	struct gk_exec_result *r = x->res;
	unsigned n = x->last_count < GK_EXEC_LAST ? (unsigned)x->last_count : GK_EXEC_LAST;
	uint64_t from = x->last_count - n;
	for (unsigned i = 0; i < n; i++)
		r->last[i] = x->last[(from + i) % GK_EXEC_LAST];
	r->nlast = n;
}

/* An indirect buffer the memory holds only the start of: its first absent
 * byte, when every error the checker found is that (GK_D_IB) and its first
 * dword is there; 0 otherwise (the packet is refused as any with errors). */
static uint64_t partial_ib(struct gk_exec *x, const struct gk_diags *dg, const struct gk_mem_access *a)
{
	if (!a || !x->u || !x->u->desc || !(x->u->desc->flags & GK_P_IB))
		return 0;
	for (unsigned i = 0; i < dg->n; i++)
		if (dg->d[i].severity == GK_ERROR && dg->d[i].code != GK_D_IB)
			return 0;
	if (dg->dropped)
		return 0;
	uint64_t at = a->first;
	struct gk_mem_region r;
	while (at <= a->last && gk_mem_find(x->mem, at, at, &r) == 1 && r.base + r.size > at)
		at = r.base + r.size;
	if (at == a->first || at > a->last || at - a->first < 4)
		return 0;
	return at & ~3ull;
}

/* the packet with errors is an indirect buffer partly in memory: it runs */
static bool ib_cut_of(struct gk_exec *x, struct gk_engine *e, const struct gk_diags *dg)
{
	struct accs A;
	unsigned neff = x->neff, more = x->eff_more;
	A.n = 0;
	gk_exec_unit_accesses(x, e, &A);
	x->neff = neff; /* the trace's reads lines come with the packet's run below */
	x->eff_more = more;
	return partial_ib(x, dg, gk_exec_find_acc(&A, GK_ACC_READ, NULL)) != 0;
}

/* A partial indirect buffer at depth k ended (its level returned, or the
 * run did) before its absent part: the CP would fetch that part next. */
static int cut_reached(struct gk_exec *x, unsigned k)
{
	x->depth = k;
	x->at[k] = x->cut[k];
	x->u = NULL;
	uint64_t cut = x->cut[k];
	x->cut[k] = 0;
	return gk_exec_stop(x, GK_EXEC_FAULTED, NULL,
			    "the indirect buffer at 0x%llx goes on at 0x%llx, which is in no region: the CP fetches it there "
			    "(give the rest of the buffer with --mem)",
			    (unsigned long long)x->ib[k], (unsigned long long)cut);
}

/* The rows of the unit's description run in order (xd dispatched): GK_UNIT_GO,
 * or GK_UNIT_STOP when one stopped the run (a lint run passes over it) */
static inline __attribute__((always_inline)) int run_rows(struct gk_exec *x, const struct xdesc *xd, const struct accs *A, const struct gk_diags *dg)
{
	/* a NOP (37 % of bench_exec's CIK stream's packets) has nothing to run */
	for (unsigned i = 0; i < xd->n && !xd->idle; i++) {
		const struct xrow *r = &xd->rows[i];
		if (r->row->when && !gk_exec_xv(x, r, XS_WHEN, 0))
			continue;
		if (run_row(x, r, A)) {
			if (pass_over(x))
				continue; /* lint: the rest of the packet still sets what it sets */
			x->neff = x->eff_more = 0; /* what it would have touched: the report says what stopped it */
			gk_exec_trace(x, dg, false);
			return GK_UNIT_STOP;
		}
	}
	return GK_UNIT_GO;
}

static int on_unit(void *ctx, struct gk_engine *e, uint64_t offset, const uint32_t *words, size_t n,
		   const struct gk_diags *dg)
{
	struct gk_exec *x = ctx;
	(void)words;
	/* a stop inside an indirect buffer ends that buffer's level only: the
	 * levels that called it stop at their next packet, so what the report
	 * says stopped the run stays the packet that did */
	if (x->stop)
		return GK_UNIT_STOP;
	/* the depth: one engine per depth (gk_stream_run); the stream's own
	 * (stack[0], gk_exec_run) tested first, where every packet of a
	 * stream without indirect buffers is */
	unsigned d = 0;
	if (x->stack[0] != e || x->nstack > 1) {
		while (d < x->nstack && x->stack[d] != e)
			d++;
		if (d == x->nstack) {
			if (x->nstack == GK_EXEC_PATH)
				return GK_UNIT_STOP; /* deeper than following goes: cannot happen */
			x->stack[x->nstack++] = e;
		}
		/* back in a caller with a partial buffer below it not run out */
		for (unsigned k = x->nstack; k-- > d + 1;)
			if (k < GK_EXEC_PATH && x->cut[k])
				return cut_reached(x, k), GK_UNIT_STOP;
	}
	x->depth = d;
	x->at[d] = offset;
	/* its fields completed only when an op reads one (gk_unit_field_at) */
	x->u = gk_engine_unit_lazy(e);
	x->neff = x->eff_more = 0;
	gk_exec_cp_unit(x);
	if (!x->plain && d == 0 && x->o->count && x->top++ == x->o->count) {
		/* the stream's packets the caller asked for are run */
		x->res->status = GK_EXEC_LIMIT;
		gk_exec_where_now(x, &x->res->where);
		x->stop = true;
		return GK_UNIT_STOP;
	}
	if (x->skipping && x->skip_depth != d)
		x->skipping = false; /* the buffer ended inside the skipped region (check says so) */
	if (x->skipping) {
		if (n > x->skip_left) {
			gk_exec_stop(x, GK_EXEC_FAULTED, NULL,
			     "the conditional at 0x%llx skips into the middle of this packet (%llu of its %zu dwords): "
			     "the engine would read the rest as packets, which a decoder cannot follow",
			     (unsigned long long)x->skip_from, (unsigned long long)x->skip_left, n);
			if (!pass_over(x))
				return GK_UNIT_STOP;
			x->skipping = false; /* lint: the packet runs */
		}
		x->skip_left -= n;
		x->skipping = x->skip_left != 0;
		x->res->skipped++;
		gk_exec_trace(x, dg, true);
		return GK_UNIT_NO_FOLLOW;
	}
	if (!x->plain && x->o->max_packets && x->res->packets == x->o->max_packets) {
		x->res->status = GK_EXEC_LIMIT;
		gk_exec_where_now(x, &x->res->where);
		x->stop = true;
		return GK_UNIT_STOP;
	}
	const struct gk_unit *u = x->u;
	if (dg->errors && !x->plain && x->o->lint) {
		/* a lint run reports what the checker finds and goes on with the
		 * state the packet sets (a malformed draw is still linted) */
		gk_exec_lint_print(x, dg, "check");
	} else if (dg->errors && d > 0 && x->cut[d] && u && u->pkt.truncated) {
		/* the packet runs into the absent part of a partial buffer */
		gk_exec_trace(x, dg, false);
		gk_exec_stop(x, GK_EXEC_FAULTED, NULL,
			     "the packet goes on at 0x%llx, which is in no region (the indirect buffer at 0x%llx is there only "
			     "up to it): the CP cannot fetch it (give the rest of the buffer with --mem)",
			     (unsigned long long)x->cut[d], (unsigned long long)x->ib[d]);
		x->cut[d] = 0;
		return GK_UNIT_STOP;
	} else if (dg->errors && (u && u->desc && (u->desc->flags & GK_P_IB)) && ib_cut_of(x, e, dg)) {
		/* falls through to the indirect buffer below */
	} else if (dg->errors) {
		const struct gk_diag *first = NULL;
		for (unsigned i = 0; i < dg->n && !first; i++)
			if (dg->d[i].severity == GK_ERROR)
				first = &dg->d[i];
		gk_exec_trace(x, dg, false);
		gk_exec_stop(x, GK_EXEC_FAULTED, first ? first->field : NULL, "the packet is not run: %s",
		     first ? first->message : "it has errors");
		if (first)
			x->res->why.code = first->code;
		return pass_over(x) ? GK_UNIT_NO_FOLLOW : GK_UNIT_STOP;
	}
	if (!u || !u->desc || u->pkt.frame.unknown || u->pkt.truncated) {
		gk_exec_trace(x, dg, false);
		if (lint_pass(x))
			return GK_UNIT_NO_FOLLOW;
		gk_exec_stop(x, GK_EXEC_FAULTED, NULL, "%zu word%s that are no packet of %s: the engine's behaviour is unknown",
		     n, n == 1 ? "" : "s", x->fmt->gen);
		return pass_over(x) ? GK_UNIT_NO_FOLLOW : GK_UNIT_STOP;
	}
	struct accs A;
	/* the unit's accesses: for the trace (its reads and writes lines), an
	 * indirect buffer's address, and the ops that read them (below) */
	bool accs = (!x->plain && (x->o->trace || x->o->state)) || (u->desc->flags & GK_P_IB);
	A.n = 0;
	if (accs)
		gk_exec_unit_accesses(x, e, &A);
	if (u->desc->flags & GK_P_IB) {
		/* runs where it is: the stream loop follows it next (a chained
		 * buffer replaces this level's: GFX9+ CHAIN) */
		const struct gk_mem_access *a = gk_exec_find_acc(&A, GK_ACC_READ, NULL);
		bool chain = false;
		gk_unit_fill(u);
		for (unsigned i = 0; i < u->nfields; i++)
			chain |= (u->fields[i].desc->flags & GK_F_CHAIN) && u->fields[i].value && !u->fields[i].cut;
		unsigned at = chain ? d : d + 1;
		if (a && at < GK_EXEC_PATH) {
			x->ib[at] = a->first;
			x->parent[at] = offset;
			x->cut[at] = dg->errors ? partial_ib(x, dg, a) : 0;
		}
		x->res->packets++;
		x->clock++;
		remember(x, u->desc->name);
		gk_exec_trace(x, dg, false);
		return GK_UNIT_GO;
	}
	if (!u->desc->nexec) {
		gk_exec_trace(x, dg, false);
		if (lint_pass(x))
			return GK_UNIT_GO;
		gk_exec_stop(x, GK_EXEC_FAULTED, NULL, "%s is a packet the executor has no semantics for: the run stops here",
		     u->desc->name);
		return pass_over(x) ? GK_UNIT_GO : GK_UNIT_STOP;
	}
	/* a description of the run's format resolved already: its slot read
	 * here, without the call (38 instructions a packet, 7.5 M of a GFX9
	 * run's 206 M on bench_exec's 5 MB stream, callgrind) */
	struct xdesc *tmp = NULL;
	size_t dk = (size_t)(u->desc - x->fmt->descs);
	struct xdesc *xd = u->desc >= x->fmt->descs && dk < x->fmt->ndescs && dk < GK_MAX_DESCS && x->xd[dk]
				   ? x->xd[dk]
				   : gk_exec_rows(x, u->desc, &tmp);
	if (!xd) {
		gk_exec_trace(x, dg, false);
		gk_exec_stop(x, GK_EXEC_FAULTED, NULL, "out of memory for %s's exec rows", u->desc->name);
		return GK_UNIT_STOP;
	}
	/* the accesses, when an op reads them and the trace did not want them
	 * already (the rows' needs: worked out once per description) */
	if (xd->needs == ~0u)
		dispatch_rows(xd);
	if ((xd->needs & XO_ACCS) && !accs)
		gk_exec_unit_accesses(x, e, &A);
	int rc = run_rows(x, xd, &A, dg);
	if (tmp)
		free(tmp);
	if (rc == GK_UNIT_STOP)
		return rc;
	x->res->packets++;
	x->clock++;
	remember(x, u->desc->name);
	if (x->plain)
		return GK_UNIT_GO; /* nothing to print, no linter */
	gk_exec_trace(x, dg, false);
	if (x->o->lint && x->cp.event)
		lint_event(x);
	return GK_UNIT_GO;
}

/* on_unit of a plain run (x->plain: no --count, --max-packets, trace,
 * --state or lint) for the unit that is most of one: the stream's own
 * level, nothing skipped or stopped, no errors, a known whole packet that
 * is no indirect buffer, its description's rows resolved and dispatched.
 * What on_unit does for it, with the tests only the other units need
 * left out; any other unit goes to on_unit, before anything is set.
 * on_unit's tests in order were ~150 instructions a packet (prologue,
 * options, depth, skipping, the error ladder), 27.4 M of `gfxkit run`'s
 * 216 M on bench_exec's 5 MB CIK stream (callgrind). */
static int on_unit_plain(void *ctx, struct gk_engine *e, uint64_t offset, const uint32_t *words, size_t n,
			 const struct gk_diags *dg)
{
	struct gk_exec *x = ctx;
	if (x->stop || x->skipping || dg->errors || x->stack[0] != e || x->nstack > 1)
		return on_unit(ctx, e, offset, words, n, dg);
	const struct gk_unit *u = gk_engine_unit_lazy(e);
	const struct gk_packet_desc *d = u ? u->desc : NULL;
	if (!d || u->pkt.frame.unknown || u->pkt.truncated)
		return on_unit(ctx, e, offset, words, n, dg);
	/* by a hash of the address, two slots tried: the few descriptions a
	 * stream runs (9 on bench_exec's CIK stream) apart in all but rare
	 * builds, whose table addresses the hash sees */
	_Static_assert(EXEC_XC == 256, "the hash's top 8 bits index the slots");
	unsigned slot = (uint32_t)((uintptr_t)d >> 3) * 0x9e3779b1u >> 24;
	if (x->xc[slot].d != d && (x->xc[slot ^ 1u].d == d || (x->xc[slot].d && !x->xc[slot ^ 1u].d)))
		slot ^= 1u; /* there, or where it goes */
	struct xdesc *xd = x->xc[slot].xd;
	if (x->xc[slot].d != d) {
		if ((d->flags & GK_P_IB) || !d->nexec)
			return on_unit(ctx, e, offset, words, n, dg);
		size_t dk = (size_t)(d - x->fmt->descs);
		xd = d >= x->fmt->descs && dk < x->fmt->ndescs && dk < GK_MAX_DESCS ? x->xd[dk] : NULL;
		if (!xd || xd->needs == ~0u)
			return on_unit(ctx, e, offset, words, n, dg); /* rows not resolved or dispatched yet */
		x->xc[slot].d = d;
		x->xc[slot].xd = xd;
	}
	x->depth = 0;
	x->at[0] = offset;
	x->u = u;
	x->neff = x->eff_more = 0;
	gk_exec_cp_unit(x);
	if (!xd->idle) {
		struct accs A;
		A.n = 0;
		if (xd->needs & XO_ACCS)
			gk_exec_unit_accesses(x, e, &A);
		if (run_rows(x, xd, &A, dg) == GK_UNIT_STOP)
			return GK_UNIT_STOP;
	}
	x->res->packets++;
	x->clock++;
	remember(x, d->name);
	return GK_UNIT_GO;
}

int gk_exec_run(struct gk_exec *x, struct gk_input *in, const struct gk_exec_opts *o, struct gk_out *out,
		struct gk_exec_result *res)
{
	if (!x || !in || !o || !out || !res)
		return -1;
	memset(res, 0, sizeof *res);
	x->o = o;
	x->out = out;
	x->res = res;
	x->nstack = 1;
	x->stack[0] = x->e;
	x->depth = 0;
	x->skipping = x->stop = false;
	x->top = 0;
	x->u = NULL;
	x->staged = 0;
	x->nhit = x->hit_next = 0; /* the memory may have new regions */
	x->last_count = 0;
	/* only the trace and --state print effects: a lint run's findings are
	 * the event's place (or unit line) and its diagnostics, so it records
	 * none and its register runs take reg_run_fast (recording them was
	 * 15.4 M of `gfxkit lint`'s 142.6 M instructions on the Evergreen
	 * bench stream's quarter, callgrind) */
	x->want_eff = o->trace || o->state;
	x->plain = !o->count && !o->max_packets && !o->trace && !o->state && !o->lint;
	x->mark_written = o->lint != NULL;
	if (o->lint)
		memset(x->written, 0xff, sizeof x->written);
	gk_exec_cp_begin(x);
	/* the loop checks (a packet with errors is not run) and follows; its
	 * own printing is dropped: the trace prints each unit as it runs.
	 * max_diags 1: past the first diagnostic the loop formats no check
	 * lines for that output to drop (the unit callback still gets every
	 * unit's diagnostics).  A lint run passes over packets with errors,
	 * and over 16 KiB of words that are no packet formatting each one's
	 * line was a quarter of the run (callgrind) and 5 % of fuzz_exec's
	 * time (perf). */
	struct gk_out none = { NULL, 0, 0, NULL, NULL, 0, 0 };
	struct gk_stream_opts so = { .check = true, .unit = x->plain ? on_unit_plain : on_unit, .unit_ctx = x, .mem_read = gk_mem_reader,
				     .mem_ctx = x->mem, .max_depth = o->max_depth, .skip = o->skip, .max_diags = 1 };
	struct gk_stream_stats st;
	memset(x->cut, 0, sizeof x->cut);
	int rc = gk_stream_run(x->e, in, &so, &none, &st);
	res->clock = x->clock;
	remembered(x);
	if (rc != 0)
		return -1;
	for (unsigned k = GK_EXEC_PATH; !x->stop && k-- > 1;)
		if (x->cut[k])
			cut_reached(x, k);
	if (!x->stop)
		res->status = GK_EXEC_COMPLETED;
	gk_exec_summary(x);
	return 0;
}

