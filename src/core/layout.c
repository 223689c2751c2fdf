/* Packet layout: which dwords are fields, tail or unexplained extra. */
#include <stdio.h>
#include <string.h>

#include "layout.h"
#include "out.h"

#include "bits.h"

bool gk_field_in_range(const struct gk_field *f, size_t ndw)
{
	return gk_field_last_dw(f) < ndw;
}

/* A field is shown (printed, checked, claims its bits) when present and whole. */
bool gk_field_shown(const struct gk_format *fmt, const struct gk_field *fields, unsigned i,
		    const uint32_t *dw, size_t ndw)
{
	return gk_field_present(fields, i, dw, ndw, fmt->gen_bit) && gk_field_in_range(&fields[i], ndw);
}

unsigned gk_fixed_len(const struct gk_format *fmt, const struct gk_packet_desc *d, const uint32_t *dw, size_t ndw)
{
	unsigned end = d->min_dw ? d->min_dw : 1;
	if (d->tail)
		return d->tail_dw > end ? d->tail_dw : end;
	for (unsigned i = 0; i < d->nfields; i++) {
		if (!gk_field_present(d->fields, i, dw, ndw, fmt->gen_bit))
			continue;
		unsigned last = gk_field_last_dw(&d->fields[i]) + 1;
		if (last > end)
			end = last;
	}
	return end;
}

const struct gk_field *gk_count_field(const struct gk_packet_desc *d)
{
	for (unsigned i = 0; i < d->nhdr; i++)
		if (d->hdr[i].kind == GK_COUNT)
			return &d->hdr[i];
	/* a length in a body dword (CIK SDMA WRITE) */
	for (unsigned i = 0; i < d->nfields; i++)
		if (d->fields[i].kind == GK_COUNT)
			return &d->fields[i];
	return 0;
}

static void claim(const struct gk_format *fmt, const struct gk_field *fields, unsigned n, const uint32_t *dw,
		  size_t ndw, unsigned limit, struct gk_layout *L)
{
	for (unsigned i = 0; i < n; i++) {
		const struct gk_field *f = &fields[i];
		if (!gk_field_shown(fmt, fields, i, dw, ndw))
			continue;
		for (unsigned s = 0; s < f->nseg; s++)
			if (f->seg[s].dw < limit && f->seg[s].dw < GK_FIXED_MAX)
				L->own[f->seg[s].dw] |= gk_mask(f->seg[s].lo, f->seg[s].hi);
	}
}

void gk_layout_of(const struct gk_format *fmt, const struct gk_packet_desc *d, const uint32_t *dw, size_t ndw,
		  struct gk_layout *L)
{
	unsigned n = (unsigned)ndw;
	const struct gk_desc_fast *fast = gk_fast(fmt, d);
	L->simple = fast->simple && n >= fast->fixed_len;
	unsigned fixed = L->simple ? fast->fixed_len : gk_fixed_len(fmt, d, dw, ndw);
	gk_layout_tail(d, n, fixed, L);
	if (L->simple) {
		L->claimed = fast->claimed;
		return;
	}
	for (unsigned i = 0; i < GK_FIXED_MAX; i++)
		L->own[i] = 0;
	L->claimed = L->own;
	claim(fmt, d->hdr, d->nhdr, dw, ndw, L->fixed_end, L);
	claim(fmt, d->fields, d->nfields, dw, ndw, L->fixed_end, L);
}

/* The field at a resolved index (bit 7: header; 0xff: none), or NULL */
static const struct gk_field *field_at(const struct gk_packet_desc *d, uint8_t ix)
{
	if (ix == 0xff)
		return NULL;
	unsigned i = ix & 0x7fu;
	if (ix & 0x80u)
		return i < d->nhdr ? &d->hdr[i] : NULL;
	return i < d->nfields ? &d->fields[i] : NULL;
}

/* Field f (NULL: none, nseg 0) as shifts and masks for gk_words_range;
 * false when it does not lie in one or two well-formed segments of the
 * fixed dwords [0, fixed) */
static bool word_field(const struct gk_field *f, unsigned fixed, struct gk_word_field *out)
{
	memset(out, 0, sizeof *out);
	if (!f)
		return true;
	if (f->nseg < 1 || f->nseg > 2)
		return false;
	for (unsigned i = 0; i < f->nseg; i++) {
		const struct gk_seg *sg = &f->seg[i];
		if (sg->dw >= fixed || sg->lo > sg->hi || sg->hi > 31 || sg->pos > 63)
			return false;
		out->dw[i] = sg->dw;
		out->lo[i] = sg->lo;
		out->pos[i] = sg->pos;
		out->mask[i] = 0xffffffffu >> (31u - (unsigned)(sg->hi - sg->lo));
	}
	out->nseg = f->nseg;
	return true;
}

static bool has_rule(const struct gk_format *fmt, const struct gk_field *f)
{
	if (f->max || f->align || f->forbid || (f->flags & (GK_F_NOTZERO | GK_F_MBZ)))
		return true;
	if (f->kind == GK_ENUM && !fmt->open_enums) {
		unsigned w = gk_field_width(f);
		for (uint64_t v = 0; v < (1ull << (w < 12 ? w : 12)); v++)
			if (!gk_enum_name(f->enm, v))
				return true;
	}
	return false;
}

size_t gk_format_reg_from(const struct gk_format *fmt, uint32_t offset)
{
	const struct gk_reg_table *t = fmt ? fmt->regs : 0;
	if (!t || !t->regs || !t->pool)
		return 0;
	if ((offset >> GK_REG_PAGE_SHIFT) >= GK_REG_PAGES)
		return gk_reg_lower_bound(t, offset);
	/* the page's first register, then at most a page of them */
	size_t i = fmt->reg_page[offset >> GK_REG_PAGE_SHIFT];
	while (i < t->nregs && t->pool[t->regs[i]].offset < offset)
		i++;
	return i;
}

uint8_t gk_field_index(const struct gk_format *fmt, const struct gk_packet_desc *d, const char *name)
{
	if (!name)
		return 0xff;
	const struct gk_field *lists[2] = { d->hdr, d->fields };
	unsigned counts[2] = { d->nhdr, d->nfields };
	for (unsigned l = 0; l < 2; l++)
		for (unsigned i = 0; i < counts[l] && i < 0x7f; i++) {
			const struct gk_field *f = &lists[l][i];
			if ((!f->gens || (f->gens & fmt->gen_bit)) && strcmp(f->name, name) == 0)
				return (uint8_t)(i | (l == 0 ? 0x80u : 0));
		}
	return 0xff;
}

void gk_format_prepare(struct gk_format *fmt)
{
	if (!fmt)
		return;
	if (fmt->regs && fmt->regs->regs && fmt->regs->pool) {
		size_t i = 0;
		for (unsigned pg = 0; pg < GK_REG_PAGES; pg++) {
			while (i < fmt->regs->nregs && gk_reg_at(fmt->regs, i)->offset < (pg << GK_REG_PAGE_SHIFT))
				i++;
			fmt->reg_page[pg] = (uint16_t)(i < 0xffff ? i : 0xffff);
		}
	}
	memset(fmt->op_head, 0xff, sizeof fmt->op_head);
	size_t ndescs = fmt->ndescs < GK_MAX_DESCS ? fmt->ndescs : GK_MAX_DESCS;
	for (size_t k = 0; k < ndescs; k++)
		fmt->sel[k].next = 0xff;
	/* chains per opcode: this generation's descriptions first, then those of
	 * kin generations (same header layout), each in table order; framing
	 * tries them first to last.  Built back to front. */
	for (unsigned pass = 0; pass < 2; pass++)
		for (size_t k = ndescs; k-- > 0;) {
			const struct gk_packet_desc *d = &fmt->descs[k];
			bool mine = !d->gens || (d->gens & fmt->gen_bit);
			bool kin = !fmt->kin_gens || (d->gens & fmt->kin_gens);
			if (pass == 0 ? (mine || !kin) : !mine)
				continue;
			fmt->sel[k].next = fmt->op_head[d->opcode & 0xff];
			fmt->op_head[d->opcode & 0xff] = (uint8_t)k;
		}
	for (size_t k = ndescs; k-- > 0;) {
		const struct gk_packet_desc *d = &fmt->descs[k];
		struct gk_desc_sel *sel = &fmt->sel[k];
		sel->mask = sel->value = 0;
		const struct gk_field *lists[2] = { d->hdr, d->fields };
		unsigned counts[2] = { d->nhdr, d->nfields };
		for (unsigned l = 0; l < 2; l++)
			for (unsigned i = 0; i < counts[l]; i++) {
				const struct gk_field *f = &lists[l][i];
				uint64_t v = f->kind == GK_CONST ? f->min : f->kind == GK_OPCODE ? d->opcode
					   : f->kind == GK_SUBOP ? d->sub_opcode : UINT64_MAX;
				if (v == UINT64_MAX || f->nseg != 1 || f->seg[0].dw != 0)
					continue;
				uint32_t m = gk_mask(f->seg[0].lo, f->seg[0].hi);
				sel->mask |= m;
				sel->value = (sel->value & ~m) | (((uint32_t)v << f->seg[0].lo) & m);
			}
		/* the framing plan (dma.c's rule: a fixed size, else the count
		 * field plus its min; a count of two segments or shifted stays
		 * with the family) */
		sel->len_kind = GK_LEN_GENERAL;
		sel->len_dw = sel->len_lo = 0;
		sel->len_mask = sel->len_add = 0;
		const struct gk_field *cf = gk_count_field(d);
		if (d->max_dw == d->min_dw) {
			sel->len_kind = GK_LEN_FIXED;
			sel->len_add = d->min_dw;
		} else if (cf && cf->nseg == 1 && cf->seg[0].pos == 0 && cf->seg[0].lo <= cf->seg[0].hi &&
			   cf->seg[0].hi < 32) {
			unsigned width = cf->seg[0].hi - cf->seg[0].lo + 1u;
			sel->len_kind = GK_LEN_COUNT;
			sel->len_dw = cf->seg[0].dw;
			sel->len_lo = cf->seg[0].lo;
			sel->len_mask = width < 32 ? (1u << width) - 1u : 0xffffffffu;
			sel->len_add = (uint32_t)cf->min;
		}
	}
	fmt->nsurf_words = 0;
	for (size_t k = 0; k < fmt->ndescs && k < GK_MAX_DESCS; k++) {
		const struct gk_packet_desc *d = &fmt->descs[k];
		struct gk_desc_fast *fast = &fmt->fast[k];
		memset(fast->rule_ix, 0xff, sizeof fast->rule_ix);
		memset(fast->acc_ix, 0xff, sizeof fast->acc_ix);
		for (unsigned r = 0; r < d->nrules && r < GK_FAST_RULES; r++) {
			fast->rule_ix[r][0] = gk_field_index(fmt, d, d->rules[r].a);
			fast->rule_ix[r][1] = gk_field_index(fmt, d, d->rules[r].b);
		}
		for (unsigned a = 0; a < d->naccess && a < GK_FAST_ACCESSES; a++) {
			const char *names[GK_ACC_SLOTS];
			gk_access_names(&d->access[a], names);
			for (unsigned i = 0; i < GK_ACC_SLOTS; i++)
				fast->acc_ix[a][i] = gk_field_index(fmt, d, names[i]);
		}
		const struct gk_field *lists[2] = { d->hdr, d->fields };
		unsigned counts[2] = { d->nhdr, d->nfields };
		bool simple = true;
		for (unsigned l = 0; l < 2; l++)
			for (unsigned i = 0; i < counts[l]; i++)
				if (lists[l][i].cond)
					simple = false;
		unsigned fixed = 0;
		if (simple) {
			/* with no conditions, presence depends on the generation only */
			static const uint32_t none[1];
			fixed = gk_fixed_len(fmt, d, none, 0);
			if (fixed > sizeof fast->claimed / sizeof fast->claimed[0])
				simple = false;
		}
		fast->simple = simple;
		fast->fixed_len = (uint8_t)fixed;
		fast->nrules = 0;
		fast->has_notes = 0;
		gk_format_plan_print(fmt, d, fast);
		gk_format_plan_json(fmt, d, fast);
		for (unsigned i = 0; i < d->nfields; i++)
			if (d->fields[i].reg || d->fields[i].value_reg || d->fields[i].scale)
				fast->has_notes = 1;
		for (unsigned i = 0; i < sizeof fast->claimed / sizeof fast->claimed[0]; i++)
			fast->claimed[i] = 0;
		fast->group_plain = d->tail == GK_TAIL_GROUPS && d->group_dw &&
				    d->group_dw <= sizeof fast->group_claimed / sizeof fast->group_claimed[0];
		memset(fast->group_claimed, 0, sizeof fast->group_claimed);
		for (unsigned i = 0; fast->group_plain && i < d->ngroup; i++) {
			const struct gk_field *f = &d->group[i];
			if (f->gens && !(f->gens & fmt->gen_bit))
				continue;
			if (f->cond || has_rule(fmt, f))
				fast->group_plain = 0;
			for (unsigned s = 0; s < f->nseg && fast->group_plain; s++)
				if (f->seg[s].dw < d->group_dw)
					fast->group_claimed[f->seg[s].dw] |= gk_mask(f->seg[s].lo, f->seg[s].hi);
		}
		for (unsigned l = 0; l < 2; l++)
			for (unsigned i = 0; i < counts[l]; i++) {
				const struct gk_field *f = &lists[l][i];
				if (f->gens && !(f->gens & fmt->gen_bit))
					continue;
				if (simple)
					for (unsigned s = 0; s < f->nseg; s++)
						if (f->seg[s].dw < fixed && f->seg[s].dw < (d->tail ? d->tail_dw : fixed))
							fast->claimed[f->seg[s].dw] |= gk_mask(f->seg[s].lo, f->seg[s].hi);
				if (has_rule(fmt, f) && fast->nrules < sizeof fast->rules)
					fast->rules[fast->nrules++] = (uint8_t)(i | (l == 0 ? 0x80u : 0));
				else if (has_rule(fmt, f))
					fast->simple = 0; /* too many rules to list: take the generic path */
			}
		/* the shorter lengths a simple packet may have and stay simple:
		 * Adreno's payload dwords are optional (a CP_DRAW_INDX_OFFSET of
		 * 4 dwords of a domain of 8), and without this every such
		 * packet took the general decoder and checker (callgrind, check
		 * -g a630 -e adreno on the quarter bench stream: a third of the
		 * packets, two thirds of the instructions) */
		fast->short_ok = 0;
		if (fast->simple && fixed > 1 && d->tail != GK_TAIL_REGS && !fast->nrules && !d->nrules && !d->naccess) {
			/* a length n is refused by a field it would cut (first <
			 * n <= last) and by a required field it would leave out
			 * (n <= last) */
			uint32_t bad = 0;
			for (unsigned l = 0; l < 2; l++)
				for (unsigned i = 0; i < counts[l]; i++) {
					const struct gk_field *f = &lists[l][i];
					if (f->gens && !(f->gens & fmt->gen_bit))
						continue;
					unsigned first = f->seg[0].dw, last = gk_field_last_dw(f);
					if (f->nseg > 1 && f->seg[1].dw < first)
						first = f->seg[1].dw;
					unsigned from = f->flags & GK_F_OPTIONAL ? first + 1 : 1;
					for (unsigned n = from; n <= last && n < 32; n++)
						bad |= 1u << n;
				}
			for (unsigned n = 1; n < fixed && n < 32; n++)
				if (!((bad >> n) & 1u))
					fast->short_ok |= 1u << n;
		}
		/* the closed-form access rows (gk_acc_words), now that simple
		 * is settled */
		for (unsigned a = 0; a < GK_FAST_ACCESSES; a++) {
			struct gk_acc_words *aw = &fast->acc_words[a];
			memset(aw, 0, sizeof *aw);
			if (a >= d->naccess)
				continue;
			const struct gk_access *ac = &d->access[a];
			bool fits = word_field(field_at(d, fast->acc_ix[a][GK_AS_ADDR]), fast->fixed_len, &aw->addr) &&
				    word_field(field_at(d, fast->acc_ix[a][GK_AS_COUNT]), fast->fixed_len, &aw->count) &&
				    word_field(field_at(d, fast->acc_ix[a][GK_AS_ESIZE]), fast->fixed_len, &aw->esize);
			aw->closed = fits && fast->simple && d->tail != GK_TAIL_GROUPS && d->nhdr < 0x7f && d->nfields < 0x7f &&
				     (ac->size == GK_Z_FIXED ||
				      (ac->size == GK_Z_COUNT && !ac->stride.name && !ac->first.name));
			if (aw->closed && ac->addr && aw->addr.nseg) {
				/* access_range's GK_Z_FIXED and GK_Z_COUNT (no stride,
				 * no first unit) with what the row fixes folded */
				aw->how = ac->size == GK_Z_FIXED ? GK_ACC_HOW_FIXED : GK_ACC_HOW_COUNT;
				aw->plus = ac->plus;
				aw->counted = ac->count && aw->count.nseg;
				unsigned ce = ac->esize_const > 4 ? 4 : ac->esize_const;
				aw->unit = ac->size == GK_Z_FIXED ? ac->n
					   : ac->n		     ? ac->n
					   : !ac->esize.name	     ? 64ull << ce
					   : aw->esize.nseg	     ? 0
								     : 64;
			}
			/* a RECT or array-mode TILED row of such a description:
			 * its surface fields as well, when they fit and the pool
			 * has room */
			bool surf = fits && fast->simple && d->tail != GK_TAIL_GROUPS && d->nhdr < 0x7f && d->nfields < 0x7f &&
				    (ac->size == GK_Z_RECT ||
				     (ac->size == GK_Z_TILED && (!ac->surface || ac->surface->kind == GK_SURF_ARRAY)));
			if (surf && fmt->nsurf_words < GK_MAX_SURF_WORDS) {
				struct gk_surf_words *sw = &fmt->surf_words[fmt->nsurf_words];
				const uint8_t *ix = fast->acc_ix[a];
				const struct gk_field *mf = field_at(d, ix[GK_AS_MODE]);
				unsigned fl = fast->fixed_len;
				if (word_field(field_at(d, ix[GK_AS_X]), fl, &sw->x) &&
				    word_field(field_at(d, ix[GK_AS_Y]), fl, &sw->y) &&
				    word_field(field_at(d, ix[GK_AS_Z]), fl, &sw->z) &&
				    word_field(field_at(d, ix[GK_AS_W]), fl, &sw->w) &&
				    word_field(field_at(d, ix[GK_AS_H]), fl, &sw->h) &&
				    word_field(field_at(d, ix[GK_AS_D]), fl, &sw->d) &&
				    word_field(field_at(d, ix[GK_AS_PITCH]), fl, &sw->pitch) &&
				    word_field(field_at(d, ix[GK_AS_SLICE]), fl, &sw->slice) &&
				    word_field(ac->mode ? mf : NULL, fl, &sw->mode)) {
					sw->mode_enm = sw->mode.nseg ? mf->enm : NULL;
					aw->surf = ++fmt->nsurf_words;
				}
			}
		}
		fast->plain = fast->simple && !fast->nrules && !d->nrules && !(d->flags & GK_P_EXEC_COUNT) &&
			      (d->tail != GK_TAIL_GROUPS || fast->group_plain);
		fast->hooks = GK_HOOK_FRAMING | GK_HOOK_UNIT;
		fast->unit_quiet = 0; /* the family's init says when its check_unit is quiet */
		fast->quiet = 0;      /* gk_format_plan_quiet, after that */
		fast->q_nfix = fast->q_rest = 0;
		fast->q_lo = fast->q_hi = fast->q_short = fast->q_mask0 = fast->q_value0 = 0;
		fast->q_reg_end = 0;
		fast->unit_qmask = fast->unit_qvalue = 0;
		/* the lengths check_length can say nothing of, for a simple
		 * packet (ndw >= fixed_len): at least min_dw, at most max_dw;
		 * no dword past the fixed fields without a tail; a tail counted
		 * in units only when there is none */
		fast->quiet_lo = d->min_dw;
		fast->quiet_hi = d->max_dw ? d->max_dw : UINT32_MAX;
		if (!d->tail && fast->quiet_hi > fixed)
			fast->quiet_hi = fixed;
		if (d->tail && d->tail_unit > 1 && fast->quiet_hi > d->tail_dw)
			fast->quiet_hi = d->tail_dw;
		fast->reg_one = fast->reg_dw = fast->reg_lo = fast->reg_pos = 0;
		fast->reg_mask = 0;
		fast->reg_base = 0;
		if (d->tail == GK_TAIL_REGS && fmt->spaces && d->space < fmt->nspaces) {
			const struct gk_field *rf = d->reg_in_hdr ? &d->hdr[d->reg_field] : &d->fields[d->reg_field];
			const struct gk_seg *sg = &rf->seg[0];
			unsigned width = sg->hi - sg->lo + 1u;
			if (rf->nseg == 1 && sg->dw < fixed && sg->hi < 32 && sg->lo <= sg->hi && sg->pos < 32) {
				fast->reg_one = 1;
				fast->reg_base = fmt->spaces[d->space].start;
				fast->reg_mask = width < 32 ? (1u << width) - 1u : 0xffffffffu;
				fast->reg_dw = (uint8_t)sg->dw;
				fast->reg_lo = (uint8_t)sg->lo;
				fast->reg_pos = (uint8_t)sg->pos;
			}
		}
	}
	gk_format_plan_print_ops(fmt); /* simple settled for every description */
}

/* gk_desc_fast.q_care of a conditional description: quiet_cond (check.c)
 * reads a field's value only for its value rule, a rule between fields or
 * another field's condition, and its bits otherwise only as claimed when
 * present; gk_words_access reads the fields access rows name.  A field
 * present whatever the conditions say (no condition, this generation's)
 * that none of these read is claimed in every packet and its value
 * changes no verdict: its bits are left out.  All bits for a simple
 * description (its memo is not asked). */
static void plan_care(const struct gk_format *fmt, const struct gk_packet_desc *d, struct gk_desc_fast *fast)
{
	for (unsigned i = 0; i < 8; i++)
		fast->q_care[i] = 0xffffffffu;
	if (fast->simple || d->nhdr + d->nfields > 128)
		return;
	const struct gk_field *lists[2] = { d->hdr, d->fields };
	unsigned counts[2] = { d->nhdr, d->nfields };
	for (unsigned l = 0; l < 2; l++)
		for (unsigned i = 0; i < counts[l]; i++) {
			const struct gk_field *f = &lists[l][i];
			uint8_t ix = (uint8_t)(i | (l == 0 ? 0x80u : 0));
			bool read = f->cond || (f->gens && !(f->gens & fmt->gen_bit)) || has_rule(fmt, f) ||
				    (f->kind == GK_ENUM && !fmt->open_enums) || f->nseg < 1 || f->nseg > 2;
			/* another field's condition names it (by index in its list) */
			for (unsigned j = 0; j < counts[l] && !read; j++)
				read = lists[l][j].cond && lists[l][j].cond - 1u == i;
			for (unsigned r = 0; r < d->nrules && !read; r++)
				read = r >= GK_FAST_RULES || fast->rule_ix[r][0] == ix || fast->rule_ix[r][1] == ix;
			for (unsigned a = 0; a < d->naccess && !read; a++)
				for (unsigned sl = 0; sl < GK_ACC_SLOTS && !read; sl++)
					read = a >= GK_FAST_ACCESSES || fast->acc_ix[a][sl] == ix;
			if (read)
				continue;
			for (unsigned sg = 0; sg < f->nseg; sg++)
				if (f->seg[sg].dw < 8 && f->seg[sg].lo <= f->seg[sg].hi && f->seg[sg].hi < 32)
					fast->q_care[f->seg[sg].dw] &= ~gk_mask(f->seg[sg].lo, f->seg[sg].hi);
		}
	/* the header bits a hook reads are the quiet check's too */
	fast->q_care[0] |= fast->unit_qmask;
}

void gk_format_plan_quiet(struct gk_format *fmt)
{
	for (size_t k = 0; k < fmt->ndescs && k < GK_MAX_DESCS; k++) {
		const struct gk_packet_desc *d = &fmt->descs[k];
		struct gk_desc_fast *fast = &fmt->fast[k];
		bool framing = fmt->check_framing && (fast->hooks & GK_HOOK_FRAMING);
		bool unit = fmt->check_unit && (fast->hooks & GK_HOOK_UNIT);
		/* a register run's space: one the generation lacks is reported */
		uint64_t reg_end = d->tail == GK_TAIL_REGS && fmt->spaces && d->space < fmt->nspaces ? fmt->spaces[d->space].end : 0;
		/* this generation's own (a packet framed as another's is
		 * reported), every field's presence by generation alone, nothing
		 * but unclaimed bits, value rules, plain groups and the register
		 * space to look at */
		/* rules between fields: each field found by its index (the
		 * general path looks a name up; one the plan has no index for
		 * may be absent, which the quiet check does not model) */
		bool rules = d->nrules <= GK_FAST_RULES;
		for (unsigned r = 0; r < d->nrules && r < GK_FAST_RULES; r++)
			rules = rules && fast->rule_ix[r][0] != 0xff && (!d->rules[r].b || fast->rule_ix[r][1] != 0xff);
		/* fields present by a condition: decided field by field in
		 * gk_check_quiet_rest when there is no tail (the layout is then
		 * the fields' own) */
		bool cond = !fast->simple && !d->tail && d->nhdr <= GK_UNIT_HDR_FIELDS &&
			    d->nhdr + d->nfields <= GK_UNIT_FIELDS;
		fast->quiet = (d->gens & fmt->gen_bit) && (fast->simple || cond) && rules && !(d->flags & GK_P_EXEC_COUNT) &&
			      (d->tail != GK_TAIL_GROUPS || fast->group_plain) &&
			      (d->tail != GK_TAIL_REGS || (fast->reg_one && reg_end)) && !framing &&
			      (!unit || fast->unit_quiet);
		uint32_t lo = fast->fixed_len > d->min_dw ? fast->fixed_len : d->min_dw;
		if (d->tail && lo < d->tail_dw)
			lo = d->tail_dw; /* shorter: the tail's start cut off, left to the full check */
		fast->q_lo = lo;
		/* check_length's bounds but the tail's units, which the quiet
		 * check counts itself (quiet_hi stops before any tail then) */
		fast->q_hi = d->max_dw ? d->max_dw : UINT32_MAX;
		if (!d->tail && fast->q_hi > fast->fixed_len)
			fast->q_hi = fast->fixed_len;
		unsigned nfix = d->tail ? d->tail_dw : fast->fixed_len;
		fast->q_nfix = (uint8_t)(nfix < 16 ? nfix : 16); /* check_plain's room: the plan's claimed[] */
		gk_plan_quiet_values(fmt, d, fast);
		fast->q_rest = (uint8_t)(fast->q_nsmall || fast->q_wide || d->nrules || d->tail == GK_TAIL_GROUPS ||
					 (d->tail && d->tail_unit > 1) || !fast->simple);
		if (!fast->simple) {
			/* the fields say the rest (gk_check_quiet_rest) */
			fast->q_lo = d->min_dw;
			fast->q_hi = d->max_dw ? d->max_dw : UINT32_MAX;
			fast->q_nfix = 0;
		}
		/* a packet shorter than q_lo with its optional dwords left out
		 * (short_ok: each field whole in it or optional past its end,
		 * nothing a rule or an access reads left out): check_plain has
		 * only its stray bits to say (check_length's bounds are
		 * min_dw and max_dw, its layout has no extra word and no tail),
		 * so the quiet check decides it as a whole one, its dwords
		 * only.  Adreno's CP_DRAW_INDX_OFFSET of 4 of its 8 dwords and
		 * CP_EVENT_WRITE of 4 of 5 took the full check, ~96
		 * instructions a packet (88,843 of the a630 quarter bench
		 * stream's 541,385 units, callgrind) */
		fast->q_short = 0;
		if (fast->simple && !fast->q_rest && d->tail != GK_TAIL_REGS && d->tail != GK_TAIL_GROUPS &&
		    fast->q_lo < 32 && d->min_dw < 32)
			fast->q_short = fast->short_ok & ((1u << fast->q_lo) - 1u) & ~((1u << d->min_dw) - 1u);
		plan_care(fmt, d, fast);
		fast->q_mask0 = unit ? fast->unit_qmask : 0;
		fast->q_value0 = unit ? fast->unit_qvalue : 0;
		fast->q_reg_end = reg_end;
	}
}
