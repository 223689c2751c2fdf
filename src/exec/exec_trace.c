/* What a run prints (gfxkit run --trace, --state, lint): each unit with
 * its effects (reads, writes, registers, interrupts, events, draws, the
 * register state in force), a lint run's findings, and the summary, as
 * text or one JSON line each (docs/json.md). */
#include <stdio.h>
#include <string.h>

#include "out.h" /* src/core */

#include "exec_priv.h"

/* ---- the trace ---- */

/* ---- the trace: events, draws, --state ---- */

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
		if (gk_exec_reg_is_set(x, a))
			return a;
	}
	return REG_SPACE;
}

static void cp_trace_text(struct gk_exec *x, struct gk_out *o)
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
		case 'h':
			gk_out_printf(o, "    ; held: the end of pipe is never reached (eop held): 0x%llx..0x%llx not written\n",
				      (unsigned long long)f->first, (unsigned long long)f->last);
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
	if (!gk_exec_state_due(x))
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

static void cp_trace_json(struct gk_exec *x, struct gk_out *o)
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
		} else if (f->kind == 'h') {
			gk_out_str(o, ",\"held\":{\"first\":");
			gk_json_uint(o, f->first);
			gk_out_str(o, ",\"last\":");
			gk_json_uint(o, f->last);
			gk_out_ch(o, '}');
		}
	}
	if (!gk_exec_state_due(x))
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

/* what a write of at most 8 bytes left in memory (a fence value, a
 * timestamp, a semaphore), little-endian */
static bool small_value(const struct gk_exec *x, const struct effect *f, uint64_t *v)
{
	uint8_t b[8];
	size_t n = (size_t)(f->last - f->first + 1);
	if (f->last - f->first >= 8 || gk_mem_read(x->mem, f->first, b, n, NULL, NULL) != 0)
		return false;
	*v = 0;
	while (n--)
		*v = *v << 8 | b[n];
	return true;
}

static void trace_text(struct gk_exec *x, const struct gk_diags *dg, bool skipped)
{
	struct gk_indent ind = { x->out, x->depth, true };
	char buf[2048];
	struct gk_out o = { buf, 0, sizeof buf, gk_indent_write, &ind, 0, 0 };
	if (x->u)
		gk_unit_text(x->fmt, x->u, false, &o);
	gk_text_diags(dg, &o);
	if (skipped)
		gk_out_str(&o, "    ; skipped (the condition at the packet before was zero)\n");
	for (unsigned i = 0; i < x->neff; i++) {
		const struct effect *f = &x->eff[i];
		switch (f->kind) {
		case 'r':
		case 'w': {
			gk_out_printf(&o, "    ; %s 0x%llx..0x%llx (%s, %llu bytes)", f->kind == 'r' ? "reads" : "writes",
				      (unsigned long long)f->first, (unsigned long long)f->last, f->name,
				      (unsigned long long)(f->last - f->first + 1));
			uint64_t v;
			if (f->kind == 'w' && small_value(x, f, &v))
				gk_out_printf(&o, " = 0x%0*llx", (int)(2 * (f->last - f->first + 1)), (unsigned long long)v);
			gk_out_ch(&o, '\n');
			break;
		}
		case 'g': {
			const struct gk_reg *r = gk_reg_by_offset(x->fmt->regs, (uint32_t)f->first);
			gk_out_printf(&o, "    ; sets 0x%05llx%s%s <- 0x%08x\n", (unsigned long long)f->first, r ? " " : "",
				      r ? r->name : "", f->value);
			break;
		}
		case 'i':
			gk_out_printf(&o, "    ; interrupt%s%s", f->name ? " " : "", f->name ? f->name : "");
			if (f->name)
				gk_out_printf(&o, "=0x%x", f->value);
			gk_out_ch(&o, '\n');
			break;
		case 'c':
			gk_out_printf(&o, "    ; clock <- 0x%llx\n", (unsigned long long)f->first);
			break;
		}
	}
	if (x->eff_more)
		gk_out_printf(&o, "    ; ... and %u more effects\n", x->eff_more);
	cp_trace_text(x, &o);
	gk_out_flush(&o);
}

/* ,"key":value */
static void key_uint(struct gk_out *o, const char *key, uint64_t v)
{
	/* no printf: every unit inside an indirect buffer has two (lint
	 * prints each unit with errors: a vsnprintf per key was 5 % of a lint
	 * run over a buffer of zeros, callgrind) */
	gk_out_lit(o, ",\"");
	gk_out_str(o, key);
	gk_out_lit(o, "\":");
	gk_json_uint(o, v);
}

static void json_effects(struct gk_out *o, const struct gk_exec *x, char kind, const char *key)
{
	bool any = false;
	for (unsigned i = 0; i < x->neff; i++) {
		const struct effect *f = &x->eff[i];
		if (f->kind != kind)
			continue;
		gk_out_str(o, any ? "," : key);
		any = true;
		gk_out_str(o, "{\"first\":");
		gk_json_uint(o, f->first);
		gk_out_str(o, ",\"last\":");
		gk_json_uint(o, f->last);
		gk_out_str(o, ",\"field\":");
		gk_out_json_str(o, f->name, strlen(f->name));
		uint64_t v;
		if (kind == 'w' && small_value(x, f, &v)) {
			gk_out_str(o, ",\"value\":");
			gk_json_uint(o, v);
		}
		gk_out_ch(o, '}');
	}
	if (any)
		gk_out_ch(o, ']');
}

/* The JSON unit line of u with the diagnostics dg, without its closing
 * brace, then where it runs (depth, ib, parent inside indirect buffers),
 * for the caller to add its keys and close.  false when there is nothing
 * to write. */
static bool unit_json_open(struct gk_exec *x, const struct gk_unit *u, const struct gk_diags *dg)
{
	x->json.n = 0;
	/* through a buffer: without one every character and number of the
	 * unit's JSON was its own gk_membuf_write call (38 % of fuzz_exec) */
	char buf[512];
	struct gk_out o = GK_OUT_INIT(buf, sizeof buf, gk_membuf_write, &x->json);
	gk_unit_json_diags(x->fmt, u, dg, 0, &o);
	gk_out_flush(&o);
	size_t n = x->json.n;
	while (n && (x->json.p[n - 1] == '\n' || x->json.p[n - 1] == '}'))
		if (x->json.p[--n] == '}')
			break;
	if (!n)
		return false;
	gk_out_mem(x->out, x->json.p, n);
	if (x->depth) {
		gk_out_str(x->out, ",\"depth\":");
		gk_out_dec(x->out, x->depth);
		key_uint(x->out, "ib", x->ib[x->depth]);
		key_uint(x->out, "parent", x->parent[x->depth]);
	}
	return true;
}

static void trace_json(struct gk_exec *x, bool skipped)
{
	if (!x->u || !unit_json_open(x, x->u, x->u->diags))
		return;
	if (skipped)
		gk_out_str(x->out, ",\"skipped\":true");
	json_effects(x->out, x, 'r', ",\"reads\":[");
	json_effects(x->out, x, 'w', ",\"writes\":[");
	bool any = false;
	for (unsigned i = 0; i < x->neff; i++) {
		const struct effect *f = &x->eff[i];
		if (f->kind != 'g')
			continue;
		gk_out_str(x->out, any ? "," : ",\"regs\":[");
		any = true;
		const struct gk_reg *r = gk_reg_by_offset(x->fmt->regs, (uint32_t)f->first);
		gk_out_str(x->out, "{\"offset\":");
		gk_json_uint(x->out, f->first);
		gk_out_str(x->out, ",\"name\":");
		if (r)
			gk_out_json_str(x->out, r->name, strlen(r->name));
		else
			gk_out_str(x->out, "null");
		gk_out_str(x->out, ",\"value\":");
		gk_json_uint(x->out, f->value);
		gk_out_ch(x->out, '}');
	}
	if (any)
		gk_out_ch(x->out, ']');
	unsigned irq = 0;
	for (unsigned i = 0; i < x->neff; i++)
		irq += x->eff[i].kind == 'i';
	if (irq) {
		gk_out_str(x->out, ",\"interrupts\":");
		gk_out_dec(x->out, irq);
	}
	cp_trace_json(x, x->out);
	gk_out_str(x->out, "}\n");
}

void gk_exec_trace_print(struct gk_exec *x, const struct gk_diags *dg, bool skipped)
{
	if (x->o->json)
		trace_json(x, skipped);
	else
		trace_text(x, dg, skipped);
}


/* A lint run's finding at the packet being run: text, the packet's place,
 * what it is (what) and one line per diagnostic; JSON, the packet's unit
 * line with these diagnostics in place of its own. */
void gk_exec_lint_print(struct gk_exec *x, const struct gk_diags *dg, const char *what)
{
	const struct gk_unit *u = x->u;
	x->res->lint_errors += dg->errors;
	x->res->lint_warnings += dg->warnings;
	x->res->lint_events++;
	if (x->o->json) {
		/* the event's unit line with these diagnostics as its own (a
		 * copy of the unit with them was 1 % of fuzz_exec, perf) */
		if (unit_json_open(x, u, dg))
			gk_out_str(x->out, "}\n");
		return;
	}
	struct gk_exec_where w;
	gk_exec_where_now(x, &w);
	gk_out_str(x->out, x->o->name ? x->o->name : "-");
	for (unsigned d = 0; d <= w.depth && d < GK_EXEC_PATH; d++) {
		if (d)
			gk_out_lit(x->out, "->IB:");
		else
			gk_out_ch(x->out, ':');
		gk_out_hex(x->out, w.at[d], 1);
	}
	/* ": PACKET (what): N errors, M warnings" (one a draw: no printf) */
	char num[2][12];
	size_t ne = (size_t)(gk_put_dec32(num[0], dg->errors) - num[0]);
	size_t nw = (size_t)(gk_put_dec32(num[1], dg->warnings) - num[1]);
	gk_out_lit(x->out, ": ");
	gk_out_str(x->out, w.packet ? w.packet : "(raw)");
	gk_out_lit(x->out, " (");
	gk_out_str(x->out, what);
	gk_out_lit(x->out, "): ");
	gk_out_put(x->out, num[0], ne);
	gk_out_str(x->out, dg->errors == 1 ? " error, " : " errors, ");
	gk_out_put(x->out, num[1], nw);
	gk_out_str(x->out, dg->warnings == 1 ? " warning\n" : " warnings\n");
	/* one line each (a lint run prints many: no printf, and the checker's
	 * "PACKET: dwN[hi:lo]: " form only for the checker's own) */
	for (unsigned i = 0; i < dg->n && i < GK_MAX_DIAGS; i++) {
		const struct gk_diag *d = &dg->d[i];
		if (d->severity == GK_ERROR)
			gk_out_lit(x->out, "    error: ");
		else
			gk_out_lit(x->out, "    warning: ");
		if (d->code == GK_D_LINT) {
			gk_out_put(x->out, d->message, gk_diag_message_len(d));
		} else {
			char line[256];
			size_t n = gk_diag_format(d, line, sizeof line);
			gk_out_put(x->out, line, n < sizeof line ? n : sizeof line - 1);
		}
		gk_out_ch(x->out, '\n');
	}
	if (dg->dropped) { /* most of a lint run's events on a random stream: no printf */
		gk_out_lit(x->out, "    ... and ");
		gk_out_put(x->out, num[0], (size_t)(gk_put_dec32(num[0], dg->dropped) - num[0]));
		gk_out_lit(x->out, " more\n");
	}
}

/* ---- the summary ---- */

static void where_text(struct gk_out *o, const struct gk_exec_where *w)
{
	for (unsigned d = 0; d <= w->depth && d < GK_EXEC_PATH; d++)
		gk_out_printf(o, "%s0x%llx", d ? "->IB:" : "", (unsigned long long)w->at[d]);
	gk_out_printf(o, " %s", w->packet ? w->packet : "(raw)");
}

static void where_json(struct gk_out *o, const struct gk_exec_where *w)
{
	gk_out_str(o, "{\"at\":[");
	for (unsigned d = 0; d <= w->depth && d < GK_EXEC_PATH; d++) {
		if (d)
			gk_out_ch(o, ',');
		gk_json_uint(o, w->at[d]);
	}
	gk_out_str(o, "],\"packet\":");
	if (w->packet)
		gk_out_json_str(o, w->packet, strlen(w->packet));
	else
		gk_out_str(o, "null");
	gk_out_ch(o, '}');
}

static void summary_text(const struct gk_exec_result *r, struct gk_out *o)
{
	gk_out_printf(o, "; run: %s: %llu packets run, %llu skipped, %llu bytes read, %llu written, %llu interrupt%s, "
			 "clock 0x%llx\n",
		      gk_exec_status_name(r->status), (unsigned long long)r->packets, (unsigned long long)r->skipped,
		      (unsigned long long)r->bytes_read, (unsigned long long)r->bytes_written,
		      (unsigned long long)r->interrupts, r->interrupts == 1 ? "" : "s", (unsigned long long)r->clock);
	if (r->status == GK_EXEC_COMPLETED)
		return;
	gk_out_printf(o, "; %s at ", r->status == GK_EXEC_LIMIT ? "stopped by the packet limit" : gk_exec_status_name(r->status));
	where_text(o, &r->where);
	if (r->status != GK_EXEC_LIMIT)
		gk_out_printf(o, "%s%s: %s", r->why.field ? " " : "", r->why.field ? r->why.field : "", r->why.message);
	gk_out_ch(o, '\n');
	if (r->nlast) {
		gk_out_str(o, "; the packets before it:");
		for (unsigned i = 0; i < r->nlast; i++) {
			gk_out_str(o, i ? ", " : " ");
			where_text(o, &r->last[i]);
		}
		gk_out_ch(o, '\n');
	}
}

static void summary_json(const struct gk_exec_result *r, bool lint, struct gk_out *o)
{
	gk_out_str(o, "{\"end\":true,\"status\":\"");
	gk_out_str(o, gk_exec_status_name(r->status));
	gk_out_ch(o, '"');
	key_uint(o, "packets", r->packets);
	key_uint(o, "skipped", r->skipped);
	key_uint(o, "bytes_read", r->bytes_read);
	key_uint(o, "bytes_written", r->bytes_written);
	key_uint(o, "interrupts", r->interrupts);
	key_uint(o, "clock", r->clock);
	if (lint) {
		key_uint(o, "draws", r->draws);
		key_uint(o, "dispatches", r->dispatches);
		key_uint(o, "lint_errors", r->lint_errors);
		key_uint(o, "lint_warnings", r->lint_warnings);
		key_uint(o, "not_run", r->not_run);
	}
	if (r->status != GK_EXEC_COMPLETED) {
		gk_out_str(o, ",\"where\":");
		where_json(o, &r->where);
	}
	if (r->status == GK_EXEC_STALLED || r->status == GK_EXEC_FAULTED) {
		gk_out_str(o, ",\"field\":");
		if (r->why.field)
			gk_out_json_str(o, r->why.field, strlen(r->why.field));
		else
			gk_out_str(o, "null");
		gk_out_str(o, ",\"message\":");
		gk_out_json_str(o, r->why.message, gk_diag_message_len(&r->why));
	}
	if (r->has_wait) {
		gk_out_str(o, ",\"wait\":{\"register\":");
		gk_out_str(o, r->wait_reg ? "true" : "false");
		key_uint(o, "address", r->wait_addr);
		gk_out_str(o, ",\"function\":");
		gk_out_json_str(o, r->wait_func, strlen(r->wait_func));
		key_uint(o, "value", r->wait_value);
		key_uint(o, "mask", r->wait_mask);
		key_uint(o, "reference", r->wait_ref);
		gk_out_ch(o, '}');
	}
	if (r->status != GK_EXEC_COMPLETED) {
		gk_out_str(o, ",\"last\":[");
		for (unsigned i = 0; i < r->nlast; i++) {
			if (i)
				gk_out_ch(o, ',');
			where_json(o, &r->last[i]);
		}
		gk_out_ch(o, ']');
	}
	gk_out_str(o, "}\n");
}


void gk_exec_summary(struct gk_exec *x)
{
	const struct gk_exec_result *res = x->res;
	const struct gk_exec_opts *o = x->o;
	struct gk_out *out = x->out;
	if (o->json)
		summary_json(res, o->lint != NULL, out);
	else if (o->lint)
		gk_out_printf(out, "; lint: %llu draws, %llu dispatches: %llu errors, %llu warnings at %llu of them; %llu effects "
				   "passed over (memory not given, waits, packets not run)%s%s\n",
			      (unsigned long long)res->draws, (unsigned long long)res->dispatches,
			      (unsigned long long)res->lint_errors, (unsigned long long)res->lint_warnings,
			      (unsigned long long)res->lint_events, (unsigned long long)res->not_run,
			      res->status == GK_EXEC_LIMIT ? "; stopped by the packet limit" : "",
			      res->status == GK_EXEC_FAULTED ? "; stopped early" : "");
	else
		summary_text(res, out);
}
