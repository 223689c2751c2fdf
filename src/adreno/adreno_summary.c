/* The summary of a capture (include/gfxkit/adreno.h gk_adreno_summary_*):
 * per submit, the draws, blits and dispatches with the render targets they
 * write, as Mesa's cffdump --summary and its Lua submit script
 * (src/freedreno/decode/scripts/parse-submits.lua) report them.  What
 * counts as a draw, a blit or a dispatch and which registers name the
 * targets are the rows of adreno_summary_rows (adreno_tab.c); this file
 * keeps the register file the writes build and prints. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/adreno.h"
#include "gfxkit/engine.h"
#include "gfxkit/output.h"
#include "gfxkit/regdb.h"
#include "gfxkit/unit.h"
#include "adreno_tab.h"
#include "layout.h" /* src/core: gk_unit_fill */
#include "out.h"    /* src/core: gk_out_ch, gk_out_hex, gk_out_dec */

#define NREGS (0x200000u / 4) /* type-4 offsets: 19 bits of dwords (adreno_pm4.xml) */

/* a register a row names, resolved once: its dword offset (0: absent) and
 * the field read (NULL: the whole value) */
struct reg_ref {
	uint32_t dw;
	const struct gk_reg *reg;
	const struct gk_reg_field *field;
};

struct gk_adreno_summary {
	const struct gk_format *fmt; /* of the engine first seen */
	struct gk_format own;
	const struct gk_adreno_summary_row *row;
	struct reg_ref mrt_base[GK_ADRENO_SUMMARY_MRTS], mrt_base_hi[GK_ADRENO_SUMMARY_MRTS],
		mrt_format[GK_ADRENO_SUMMARY_MRTS];
	struct reg_ref depth_base, depth_base_hi, depth_format, x0, y0, x1, y1, blit_base, blit_base_hi, blit_format;
	long long submit;            /* the submit being summed (-1: none yet) */
	unsigned long long draws, blits, dispatches;
	uint32_t *file;              /* the last value written to each register (by dword offset) */
	uint8_t *set;                /* and whether one was */
};

static void resolve(const struct gk_reg_table *t, const char *name, unsigned idx, const char *field, struct reg_ref *r)
{
	memset(r, 0, sizeof *r);
	if (!name)
		return;
	char buf[96];
	snprintf(buf, sizeof buf, name, idx ? "0x" : "", idx); /* Mesa's array names: [0], [0x1] ... */
	const struct gk_reg *g = gk_reg_by_name(t, buf, strlen(buf));
	if (!g)
		return;
	r->reg = g;
	r->dw = g->offset / 4;
	r->field = field ? gk_reg_field_by_name(g, field, strlen(field)) : NULL;
}

struct gk_adreno_summary *gk_adreno_summary_create(const char *gpu)
{
	struct gk_adreno_summary *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->file = calloc(NREGS, sizeof *s->file);
	s->set = calloc(NREGS, 1);
	if (!s->file || !s->set || gk_adreno_format_init(&s->own, gpu)) {
		gk_adreno_summary_destroy(s);
		return NULL;
	}
	s->fmt = &s->own;
	for (unsigned i = 0; i < gk_adreno_nsummary_rows; i++)
		if (gk_adreno_summary_rows[i].gens & s->fmt->gen_bit)
			s->row = &gk_adreno_summary_rows[i];
	const struct gk_reg_table *t = s->fmt->regs;
	const struct gk_adreno_summary_row *r = s->row;
	if (r) {
		for (unsigned i = 0; i < GK_ADRENO_SUMMARY_MRTS; i++) {
			resolve(t, r->mrt_base, i, NULL, &s->mrt_base[i]);
			resolve(t, r->mrt_base_hi, i, NULL, &s->mrt_base_hi[i]);
			resolve(t, r->mrt_info, i, r->format_field, &s->mrt_format[i]);
		}
		resolve(t, r->depth_base, 0, NULL, &s->depth_base);
		resolve(t, r->depth_base_hi, 0, NULL, &s->depth_base_hi);
		resolve(t, r->depth_info, 0, r->depth_format_field, &s->depth_format);
		resolve(t, r->tl, 0, r->x, &s->x0);
		resolve(t, r->tl, 0, r->y, &s->y0);
		resolve(t, r->br, 0, r->x, &s->x1);
		resolve(t, r->br, 0, r->y, &s->y1);
		resolve(t, r->blit_base, 0, NULL, &s->blit_base);
		resolve(t, r->blit_base_hi, 0, NULL, &s->blit_base_hi);
		resolve(t, r->blit_info, 0, r->format_field, &s->blit_format);
	}
	s->submit = -1;
	return s;
}

void gk_adreno_summary_destroy(struct gk_adreno_summary *s)
{
	if (!s)
		return;
	free(s->file);
	free(s->set);
	free(s);
}

static bool have(const struct gk_adreno_summary *s, const struct reg_ref *r)
{
	return r->reg && r->dw < NREGS && s->set[r->dw];
}

static uint32_t value(const struct gk_adreno_summary *s, const struct reg_ref *r)
{
	uint32_t v = s->file[r->dw];
	if (!r->field)
		return v;
	unsigned w = r->field->hi - r->field->lo + 1u;
	return w >= 32 ? v : (v >> r->field->lo) & ((1u << w) - 1u);
}

static uint64_t address(const struct gk_adreno_summary *s, const struct reg_ref *lo, const struct reg_ref *hi)
{
	uint64_t a = value(s, lo);
	if (hi->reg && have(s, hi))
		a |= (uint64_t)value(s, hi) << 32;
	else if (!hi->reg && lo->dw + 1 < NREGS && s->set[lo->dw + 1] && gk_reg_by_offset(s->fmt->regs, (lo->dw + 1) * 4u) &&
		 !strncmp(gk_reg_by_offset(s->fmt->regs, (lo->dw + 1) * 4u)->name, lo->reg->name, lo->reg->namelen))
		a |= (uint64_t)s->file[lo->dw + 1] << 32; /* a 64-bit register: NAME and NAME+1 */
	return a;
}

static void put_format(const struct gk_adreno_summary *s, const struct reg_ref *r, struct gk_out *o)
{
	if (!have(s, r) || !r->field)
		return;
	uint32_t v = value(s, r);
	const char *name = gk_reg_value_name(r->field, v);
	gk_out_ch(o, ' ');
	if (name) {
		gk_out_str(o, name);
	} else {
		gk_out_str(o, "format ");
		gk_out_hex(o, v, 1);
	}
}

static void submit_end(struct gk_adreno_summary *s, struct gk_out *o)
{
	if (s->submit < 0)
		return;
	gk_out_str(o, "  submit ");
	gk_out_dec(o, (uint64_t)s->submit);
	gk_out_str(o, ": ");
	gk_out_dec(o, s->draws);
	gk_out_str(o, s->draws == 1 ? " draw, " : " draws, ");
	gk_out_dec(o, s->blits);
	gk_out_str(o, s->blits == 1 ? " blit, " : " blits, ");
	gk_out_dec(o, s->dispatches);
	gk_out_str(o, s->dispatches == 1 ? " dispatch\n" : " dispatches\n");
	s->draws = s->blits = s->dispatches = 0;
}

/* what kind of event a unit is (a row of adreno_tab.c), or -1 */
static int event_of(const struct gk_adreno_summary *s, const struct gk_unit *u, const struct gk_adreno_event_row **row)
{
	for (unsigned i = 0; i < gk_adreno_nevent_rows; i++) {
		const struct gk_adreno_event_row *e = &gk_adreno_event_rows[i];
		if (!(e->gens & s->fmt->gen_bit) || strcmp(u->desc->name, e->packet))
			continue;
		if (e->field) {
			const struct gk_unit_field *f = gk_unit_field(u, e->field);
			if (!f || !f->symbol || strcmp(f->symbol, e->value))
				continue;
		}
		*row = e;
		return (int)e->kind;
	}
	return -1;
}

void gk_adreno_summary_unit(struct gk_adreno_summary *s, const struct gk_engine *e, long long submit, struct gk_out *o)
{
	if (!s || !e || strcmp(gk_engine_name(e), "adreno"))
		return;
	const struct gk_unit *u = gk_engine_unit(e);
	if (!u || !u->desc || u->pkt.ndw == 0)
		return;
	if (submit != s->submit) {
		submit_end(s, o);
		s->submit = submit;
		gk_out_str(o, "submit ");
		gk_out_dec(o, submit < 0 ? 0 : (uint64_t)submit);
		gk_out_str(o, ":\n");
	}
	const struct gk_format *fmt = gk_engine_format(e);
	if (u->desc == &fmt->descs[GK_ADRENO_ROW_REGS]) {
		/* a register write: into the file */
		uint64_t dw = u->reg_addr / 4;
		for (uint32_t i = 1; i < u->pkt.ndw && dw < NREGS; i++, dw++) {
			s->file[dw] = u->pkt.dw[i];
			s->set[dw] = 1;
		}
		return;
	}
	gk_unit_fill(u);
	const struct gk_adreno_event_row *row = NULL;
	int kind = event_of(s, u, &row);
	if (kind < 0)
		return;
	gk_out_str(o, "    ");
	gk_out_hex(o, u->pkt.offset, 8);
	gk_out_str(o, kind == GK_ADRENO_EV_DRAW ? " draw " : kind == GK_ADRENO_EV_BLIT ? " blit " : " dispatch ");
	gk_out_str(o, u->desc->name);
	if (kind == GK_ADRENO_EV_DISPATCH) {
		s->dispatches++;
		gk_out_ch(o, '\n');
		return;
	}
	if (kind == GK_ADRENO_EV_BLIT) {
		s->blits++;
		if (have(s, &s->blit_base)) {
			gk_out_str(o, ": to ");
			gk_out_hex(o, address(s, &s->blit_base, &s->blit_base_hi), 1);
			put_format(s, &s->blit_format, o);
		}
		gk_out_ch(o, '\n');
		return;
	}
	s->draws++;
	bool any = false;
	for (unsigned i = 0; i < GK_ADRENO_SUMMARY_MRTS; i++) {
		if (!have(s, &s->mrt_base[i]) || !address(s, &s->mrt_base[i], &s->mrt_base_hi[i]))
			continue;
		gk_out_str(o, any ? ", MRT" : ": MRT");
		gk_out_dec(o, i);
		gk_out_ch(o, ' ');
		gk_out_hex(o, address(s, &s->mrt_base[i], &s->mrt_base_hi[i]), 1);
		put_format(s, &s->mrt_format[i], o);
		any = true;
	}
	if (have(s, &s->depth_base) && address(s, &s->depth_base, &s->depth_base_hi)) {
		gk_out_str(o, any ? ", depth " : ": depth ");
		gk_out_hex(o, address(s, &s->depth_base, &s->depth_base_hi), 1);
		put_format(s, &s->depth_format, o);
		any = true;
	}
	/* the window scissor: the whole target, or the bin being rendered */
	if (have(s, &s->x1) && have(s, &s->y1) && s->x1.field && s->y1.field) {
		uint32_t x0 = have(s, &s->x0) && s->x0.field ? value(s, &s->x0) : 0;
		uint32_t y0 = have(s, &s->y0) && s->y0.field ? value(s, &s->y0) : 0;
		gk_out_str(o, any ? ", window " : ": window ");
		gk_out_dec(o, x0);
		gk_out_ch(o, ',');
		gk_out_dec(o, y0);
		gk_out_str(o, "..");
		gk_out_dec(o, value(s, &s->x1));
		gk_out_ch(o, ',');
		gk_out_dec(o, value(s, &s->y1));
	}
	gk_out_ch(o, '\n');
}

void gk_adreno_summary_end(struct gk_adreno_summary *s, struct gk_out *o)
{
	if (!s)
		return;
	submit_end(s, o);
	s->submit = -1;
}
