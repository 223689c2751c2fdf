/* The checker: generic rules over descriptions, plus the EXEC_COUNT regions
 * that span packets.  Rules and their codes: include/gfxkit/diag.h. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gfxkit/stream.h"
#include "gfxkit/unit.h"

#include "bits.h"
#include "layout.h"


struct gk_diag *gk_diags_add(struct gk_diags *out, const struct gk_packet *pkt, enum gk_severity sev,
			     enum gk_diag_code code, int dw, int lo, int hi, const char *field, const char *fmt, ...)
{
	if (!out)
		return NULL;
	if (sev == GK_ERROR)
		out->errors++;
	else
		out->warnings++;
	if (out->n >= GK_MAX_DIAGS) {
		out->dropped++;
		return 0;
	}
	struct gk_diag *d = &out->d[out->n++];
	memset(d, 0, sizeof *d);
	d->severity = sev;
	d->code = code;
	d->offset = pkt ? pkt->offset : 0;
	d->dw = dw;
	d->lo = (int8_t)lo;
	d->hi = (int8_t)hi;
	d->packet = pkt && pkt->frame.desc ? pkt->frame.desc->name : "PACKET";
	d->field = field;
	if (!fmt)
		return d; /* no message: "" */
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(d->message, sizeof d->message, fmt, ap);
	va_end(ap);
	return d;
}

static const char *align_name(unsigned a)
{
	switch (a) {
	case 2: return "WORD-aligned";
	case 4: return "DWORD-aligned";
	case 8: return "QWORD-aligned";
	case 16: return "16-byte aligned";
	case 256: return "256-byte aligned";
	default: return "aligned";
	}
}

/* Whether check_field says nothing of value v of field f: its rules as
 * one predicate, which the quiet check (gk_check_quiet) asks without a
 * unit field and check_field asks first */
static inline bool field_quiet(const struct gk_format *fmt, const struct gk_field *f, uint64_t v)
{
	if (f->kind == GK_ENUM && !fmt->open_enums) {
		const struct gk_enum *e = f->enm; /* a value without a name is reserved (symbol_of's lookup) */
		if (!e || !e->names || e->nbits >= 64 || v >= (1ull << e->nbits) || !e->names[v])
			return false;
	}
	if (!f->max && !f->forbid && !f->align && !(f->flags & (GK_F_NOTZERO | GK_F_MBZ)))
		return true; /* no value rule: most fields */
	return !(f->max && (v < f->min || v > f->max)) && !(f->forbid && v < 32 && ((f->forbid >> v) & 1u)) &&
	       !((f->flags & GK_F_NOTZERO) && v == 0) && !((f->flags & GK_F_MBZ) && v != 0) &&
	       !(f->align && (v & (f->align - 1u)));
}

/* Value rules of one field the unit shows. */
static void check_field(const struct gk_format *fmt, const struct gk_packet *pkt, const struct gk_unit_field *uf,
			struct gk_diags *out)
{
	const struct gk_field *f = uf->desc;
	uint64_t v = uf->value;
	if (field_quiet(fmt, f, v))
		return; /* nothing to say: most fields */
	int dw = (int)uf->dw;
	int lo = f->seg[0].lo, hi = f->seg[0].hi;
	if (f->kind == GK_ENUM && !uf->symbol && !fmt->open_enums) {
		gk_diags_add(out, pkt, GK_ERROR, GK_D_RESERVED_VALUE, dw, lo, hi, f->name, "%s=%llu is a reserved value",
			     f->name, (unsigned long long)v);
		return;
	}
	if (!f->max && !f->forbid && !f->align && !(f->flags & (GK_F_NOTZERO | GK_F_MBZ)))
		return; /* no value rule: most fields */
	if (f->max && (v < f->min || v > f->max))
		gk_diags_add(out, pkt, GK_ERROR, GK_D_RANGE, dw, lo, hi, f->name, "%s=%llu outside %llu..%llu%s%s", f->name,
		             (unsigned long long)v, (unsigned long long)f->min, (unsigned long long)f->max,
		             f->why ? ": " : "", f->why ? f->why : "");
	if (f->forbid && v < 32 && ((f->forbid >> v) & 1u))
		gk_diags_add(out, pkt, GK_ERROR, GK_D_RANGE, dw, lo, hi, f->name, "%s=%llu not allowed here%s%s", f->name,
		             (unsigned long long)v, f->why ? ": " : "", f->why ? f->why : "");
	if ((f->flags & GK_F_NOTZERO) && v == 0)
		gk_diags_add(out, pkt, GK_ERROR, GK_D_RANGE, dw, lo, hi, f->name, "%s must not be zero", f->name);
	if ((f->flags & GK_F_MBZ) && v != 0)
		gk_diags_add(out, pkt, GK_ERROR, GK_D_RESERVED_BITS, dw, lo, hi, f->name, "%s=%llu must be 0%s%s", f->name,
		             (unsigned long long)v, f->why ? ": " : "", f->why ? f->why : "");
	if (f->align && f->kind != GK_ADDR && (v & (f->align - 1u))) {
		gk_diags_add(out, pkt, GK_ERROR, GK_D_MISALIGNED, dw, lo, hi, f->name, "%s=%llu not a multiple of %u%s%s", f->name,
		             (unsigned long long)v, f->align, f->why ? ": " : "", f->why ? f->why : "");
	} else if (f->align && (v & (f->align - 1u))) {
		/* name the low segment, where the stray bits are */
		unsigned bits = 0;
		while ((1u << bits) < f->align)
			bits++;
		gk_diags_add(out, pkt, GK_ERROR, GK_D_MISALIGNED, dw, lo, (int)bits - 1 > lo ? (int)bits - 1 : lo, f->name,
		             "%s 0x%llx not %s", f->name, (unsigned long long)v, align_name(f->align));
	}
}

static void check_fields(const struct gk_format *fmt, const struct gk_packet *pkt, const struct gk_unit_field *fields,
			 unsigned n, struct gk_diags *out)
{
	for (unsigned i = 0; i < n; i++) {
		const struct gk_unit_field *uf = &fields[i];
		if (uf->cut && (uf->desc->flags & GK_F_OPTIONAL) && uf->dw >= pkt->ndw)
			continue; /* left out, as the layout allows */
		if (uf->cut) {
			unsigned last = uf->dw - (uf->desc->nseg ? uf->desc->seg[0].dw : 0) + gk_field_last_dw(uf->desc);
			gk_diags_add(out, pkt, GK_ERROR, GK_D_TOO_SHORT, (int)last, -1, -1, uf->desc->name,
			             "packet too short: %s (dw%u) missing", uf->desc->name, last);
			continue;
		}
		check_field(fmt, pkt, uf, out);
	}
}

static void reserved_bits(const struct gk_packet *pkt, unsigned dw, uint32_t bits, struct gk_diags *out)
{
	if (!bits)
		return;
	int lo = __builtin_ctz(bits), hi = 31 - __builtin_clz(bits);
	gk_diags_add(out, pkt, GK_ERROR, GK_D_RESERVED_BITS, (int)dw, lo, hi, 0, "reserved bits set (0x%08x)", bits);
}

static void check_regs(const struct gk_format *fmt, const struct gk_unit *u, struct gk_diags *out)
{
	const struct gk_packet_desc *d = u->desc;
	const struct gk_field *rf = d->reg_in_hdr ? &d->hdr[d->reg_field] : &d->fields[d->reg_field];
	if (!u->pending && u->reg_slot < 0)
		return; /* the register offset is cut off: reported as too short (a pending unit is whole) */
	const struct gk_space *sp = &fmt->spaces[u->desc->space];
	uint64_t start = u->reg_addr;
	uint64_t n = u->tail_end > u->tail_begin ? u->tail_end - u->tail_begin : 0;
	uint64_t end = start + 4 * n;
	if (sp->end == 0)
		gk_diags_add(out, &u->pkt, GK_ERROR, GK_D_REG_SPACE, rf->seg[0].dw, rf->seg[0].lo, rf->seg[0].hi, rf->name,
		             "%s has no %s register space", fmt->gen, sp->name);
	else if (start >= sp->end || end > sp->end)
		gk_diags_add(out, &u->pkt, GK_ERROR, GK_D_REG_SPACE, rf->seg[0].dw, rf->seg[0].lo, rf->seg[0].hi, rf->name,
		             "registers 0x%05llx..0x%05llx outside the %s space 0x%05x..0x%05x", (unsigned long long)start,
		             (unsigned long long)(end ? end - 4 : 0), sp->name, sp->start, sp->end - 4);
}

/* ---- rules between fields ---- */

/* A field a rule names: on a unit whose fields are still pending, read on
 * its own from the words (a simple description has it whole on this
 * generation), so one rule does not decode the whole packet. */
static const struct gk_unit_field *rule_field(const struct gk_unit *u, uint8_t ix, const char *name,
					      struct gk_unit_field *buf)
{
	if (u->pending && ix != 0xff) {
		gk_unit_read_field(u, ix, buf);
		return buf;
	}
	return gk_unit_field_at(u, ix, name);
}

/* Whether a rule between fields holds for values a and b (has_b: its
 * second field shown) in a packet of ngroups groups: check_rules below
 * says nothing of a rule that holds, and the quiet check asks only this */
static bool rule_holds(const struct gk_rule *ru, uint64_t a, uint64_t b, bool has_b, unsigned ngroups)
{
	switch (ru->kind) {
	case GK_R_SAME_LOW:
		return (a & ((1ull << ru->arg) - 1)) == (b & ((1ull << ru->arg) - 1));
	case GK_R_X_DWORD:
		return !(b < 2 && ((a << b) & 3));
	case GK_R_ALIGN_IF:
		return !(ru->arg && (a % ru->arg) && (!has_b || b == ru->arg2));
	case GK_R_EQUAL:
		return a == b || (a == ru->arg && b == ru->arg2);
	case GK_R_NOT_BOTH:
		return !(a == ru->arg && b == ru->arg2);
	case GK_R_WARN_EQ:
		return !(a == ru->arg && (!has_b || b == ru->arg2));
	case GK_R_GROUP_ITEMS: {
		uint64_t have = (uint64_t)ngroups * ru->arg;
		return !(ru->arg && (a > have || a + ru->arg <= have));
	}
	default:
		return true;
	}
}

static void check_rules(const struct gk_format *fmt, const struct gk_unit *u, struct gk_diags *out)
{
	const struct gk_packet_desc *d = u->desc;
	const struct gk_packet *pkt = &u->pkt;
	const struct gk_desc_fast *fast = gk_fast(fmt, d);
	for (unsigned r = 0; r < d->nrules; r++) {
		const struct gk_rule *ru = &d->rules[r];
		uint8_t ia = r < GK_FAST_RULES ? fast->rule_ix[r][0] : 0xff, ib = r < GK_FAST_RULES ? fast->rule_ix[r][1] : 0xff;
		struct gk_unit_field bufa, bufb;
		const struct gk_unit_field *ua = rule_field(u, ia, ru->a, &bufa);
		const struct gk_unit_field *ub = ru->b ? rule_field(u, ib, ru->b, &bufb) : 0;
		if (!ua || (ru->b && !ub))
			continue;
		const struct gk_field *fa = ua->desc, *fb = ub ? ub->desc : 0;
		uint64_t a = ua->value, b = ub ? ub->value : 0;
		if (rule_holds(ru, a, b, ub != 0, u->ngroups))
			continue; /* nothing to say: the switch below says what is wrong */
		int dw = fa->seg[0].dw, lo = fa->seg[0].lo, hi = fa->seg[0].hi;
		switch (ru->kind) {
		case GK_R_SAME_LOW: {
			uint64_t m = (1ull << ru->arg) - 1;
			if ((a & m) != (b & m))
				gk_diags_add(out, pkt, GK_ERROR, GK_D_RULE, dw, lo, hi, fa->name,
				             "%s 0x%llx and %s 0x%llx differ in their low %u bits%s%s", fa->name, (unsigned long long)a,
				             fb->name, (unsigned long long)b, ru->arg, ru->why ? ": " : "", ru->why ? ru->why : "");
			break;
		}
		case GK_R_X_DWORD:
			if (b < 2 && ((a << b) & 3))
				gk_diags_add(out, pkt, GK_ERROR, GK_D_MISALIGNED, dw, lo, hi, fa->name,
				             "%s=%llu is not dword aligned at %u byte%s per element (multiple of %u needed)", fa->name,
				             (unsigned long long)a, 1u << b, b ? "s" : "", 4u >> b);
			break;
		case GK_R_ALIGN_IF:
			if (!fb && ru->arg && (a % ru->arg))
				gk_diags_add(out, pkt, GK_ERROR, GK_D_MISALIGNED, dw, lo, hi, fa->name, "%s=%llu not a multiple of %u%s%s",
				             fa->name, (unsigned long long)a, ru->arg, ru->why ? ": " : "", ru->why ? ru->why : "");
			else if (fb && b == ru->arg2 && ru->arg && (a % ru->arg))
				gk_diags_add(out, pkt, GK_ERROR, GK_D_MISALIGNED, dw, lo, hi, fa->name,
				             "%s=0x%llx not a multiple of %u when %s=%llu%s%s", fa->name, (unsigned long long)a, ru->arg,
				             fb->name, (unsigned long long)b, ru->why ? ": " : "", ru->why ? ru->why : "");
			break;
		case GK_R_EQUAL:
			if (a != b && !(a == ru->arg && b == ru->arg2))
				gk_diags_add(out, pkt, GK_ERROR, GK_D_RULE, dw, lo, hi, fa->name, "%s=%llu differs from %s=%llu%s%s", fa->name,
				             (unsigned long long)a, fb->name, (unsigned long long)b, ru->why ? ": " : "",
				             ru->why ? ru->why : "");
			break;
		case GK_R_NOT_BOTH:
			if (a == ru->arg && b == ru->arg2)
				gk_diags_add(out, pkt, GK_ERROR, GK_D_RULE, dw, lo, hi, fa->name, "%s=%llu is not allowed with %s=%llu%s%s",
				             fa->name, (unsigned long long)a, fb->name, (unsigned long long)b, ru->why ? ": " : "",
				             ru->why ? ru->why : "");
			break;
		case GK_R_WARN_EQ:
			if (a == ru->arg && (!fb || b == ru->arg2)) {
				if (fb)
					gk_diags_add(out, pkt, GK_WARNING, GK_D_RULE, dw, lo, hi, fa->name, "%s=%llu with %s=%llu%s%s",
					             fa->name, (unsigned long long)a, fb->name, (unsigned long long)b,
					             ru->why ? ": " : "", ru->why ? ru->why : "");
				else
					gk_diags_add(out, pkt, GK_WARNING, GK_D_RULE, dw, lo, hi, fa->name, "%s=%llu%s%s", fa->name,
					             (unsigned long long)a, ru->why ? ": " : "", ru->why ? ru->why : "");
			}
			break;
		case GK_R_GROUP_ITEMS: {
			uint64_t have = (uint64_t)u->ngroups * ru->arg;
			if (ru->arg && (a > have || a + ru->arg <= have))
				gk_diags_add(out, pkt, GK_ERROR, GK_D_RULE, dw, lo, hi, fa->name,
				             "%s=%llu but the packet holds %u group%s of %u (%llu..%llu)%s%s", fa->name,
				             (unsigned long long)a, u->ngroups, u->ngroups == 1 ? "" : "s", ru->arg,
				             (unsigned long long)(have >= ru->arg ? have - ru->arg + 1 : 0), (unsigned long long)have,
				             ru->why ? ": " : "", ru->why ? ru->why : "");
			break;
		}
		default:
			break;
		}
	}
}

void gk_check_set_buffers(struct gk_check_state *st, const struct gk_bo *bos, unsigned n)
{
	if (!st)
		return;
	st->bos = bos;
	st->nbos = bos ? n : 0;
	st->bo_hint = st->bo_hint2 = 0;
	memset(st->bo_page, 0, sizeof st->bo_page);
	st->bo_indexed = false; /* the bounds stage indexes the new list when it first needs it */
	st->bo_nix = 0;
}

void gk_diags_reset(struct gk_diags *dg)
{
	if (!dg)
		return;
	dg->n = dg->dropped = dg->errors = dg->warnings = 0;
}

void gk_check_init(struct gk_check_state *st)
{
	if (st)
		memset(st, 0, sizeof *st);
}

static void exec_regions(struct gk_check_state *st, const struct gk_packet *pkt, struct gk_diags *out)
{
	/* regions that should have ended at this packet boundary or before */
	unsigned keep = 0;
	uint64_t next = pkt->offset + 4ull * pkt->ndw;
	for (unsigned i = 0; i < st->nexec; i++) {
		uint64_t end = st->exec_end[i];
		if (end <= pkt->offset)
			continue; /* ended on this boundary (or reported already) */
		if (end < next) {
			gk_diags_add(out, pkt, GK_ERROR, GK_D_EXEC_COUNT, -1, -1, -1, st->exec_field[i],
			             "%s of the packet at 0x%llx ends inside this packet (at 0x%llx), not on a packet boundary",
			             st->exec_field[i], (unsigned long long)st->exec_from[i], (unsigned long long)end);
			continue;
		}
		st->exec_end[keep] = end;
		st->exec_from[keep] = st->exec_from[i];
		st->exec_pkt[keep] = st->exec_pkt[i];
		st->exec_field[keep] = st->exec_field[i];
		st->exec_dw[keep] = st->exec_dw[i];
		st->exec_lo[keep] = st->exec_lo[i];
		st->exec_hi[keep] = st->exec_hi[i];
		keep++;
	}
	st->nexec = keep;
}

void gk_check_end(struct gk_check_state *st, uint64_t end, struct gk_diags *out)
{
	if (!st || !out)
		return;
	if (st->nexec > 16)
		st->nexec = 16;
	for (unsigned i = 0; i < st->nexec; i++) {
		if (st->exec_end[i] <= end)
			continue;
		struct gk_packet p = { .offset = st->exec_from[i] };
		struct gk_diag *d = gk_diags_add(out, &p, GK_ERROR, GK_D_EXEC_COUNT, st->exec_dw[i], st->exec_lo[i], st->exec_hi[i],
					         st->exec_field[i], "%s runs past the end of the buffer (to 0x%llx, buffer ends at 0x%llx)",
					         st->exec_field[i], (unsigned long long)st->exec_end[i], (unsigned long long)end);
		if (d)
			d->packet = st->exec_pkt[i];
	}
	st->nexec = 0;
}

/* What framing found before the description's own rules: truncation,
 * unknown opcodes, other generations.  false: nothing more to check. */
static bool check_frame(const struct gk_format *fmt, const struct gk_packet *pkt, struct gk_diags *out)
{
	const struct gk_frame *fr = &pkt->frame;
	const struct gk_packet_desc *d = fr->desc;
	int olo = fmt->opcode_field ? fmt->opcode_lo : -1, ohi = fmt->opcode_field ? fmt->opcode_hi : -1;
	if (pkt->truncated) {
		const struct gk_field *cf = d ? gk_count_field(d) : 0;
		gk_diags_add(out, pkt, GK_ERROR, GK_D_TRUNCATED, cf ? cf->seg[0].dw : 0, cf ? cf->seg[0].lo : -1,
		             cf ? cf->seg[0].hi : -1, cf ? cf->name : 0,
		             "packet of %u dwords runs past the end of the buffer (%u dwords left)", fr->ndw, pkt->ndw);
		return false;
	}
	if (!d) {
		if (fr->sub_opcode >= 0)
			gk_diags_add(out, pkt, GK_ERROR, GK_D_UNKNOWN_OPCODE, 0, olo, ohi, fmt->opcode_field,
			             "unknown packet: opcode 0x%02x, sub-opcode 0x%02x", (unsigned)fr->opcode, (unsigned)fr->sub_opcode);
		else
			gk_diags_add(out, pkt, GK_ERROR, GK_D_UNKNOWN_OPCODE, 0, olo, ohi, fmt->opcode_field, "unknown opcode 0x%02x",
			             fr->opcode);
		return false;
	}
	if (fr->unknown) {
		if (fr->sub_opcode >= 0)
			gk_diags_add(out, pkt, GK_ERROR, GK_D_UNKNOWN_OPCODE, 0, olo, ohi, fmt->opcode_field,
			             "opcode 0x%02x sub-opcode 0x%02x is not known for any %s generation", (unsigned)fr->opcode,
			             (unsigned)fr->sub_opcode, fmt->family);
		else
			gk_diags_add(out, pkt, GK_ERROR, GK_D_UNKNOWN_OPCODE, 0, olo, ohi, fmt->opcode_field,
			             "opcode 0x%02x is not known for any %s generation", (unsigned)fr->opcode, fmt->family);
	} else if (fr->other_gen)
		gk_diags_add(out, pkt, GK_ERROR, GK_D_WRONG_GEN, 0, olo, ohi, fmt->opcode_field, "%s (0x%02x) does not exist on %s",
		             d->name, (unsigned)fr->opcode, fmt->gen);
	if (fmt->check_framing && (gk_fast(fmt, d)->hooks & GK_HOOK_FRAMING))
		fmt->check_framing(fmt, pkt, out);
	return true;
}

/* The dword count against the layout. */
static void check_length(const struct gk_unit *u, struct gk_diags *out)
{
	const struct gk_packet_desc *d = u->desc;
	const struct gk_packet *pkt = &u->pkt;
	if (pkt->ndw < d->min_dw)
		gk_diags_add(out, pkt, GK_ERROR, GK_D_TOO_SHORT, -1, -1, -1, 0, "packet has %u dwords, the layout needs at least %u",
		             pkt->ndw, d->min_dw);
	else if (d->max_dw && pkt->ndw > d->max_dw)
		gk_diags_add(out, pkt, GK_ERROR, GK_D_TOO_LONG, -1, -1, -1, 0, "packet has %u dwords, the layout allows at most %u",
		             pkt->ndw, d->max_dw);
	else if (u->extra_begin < pkt->ndw && d->tail != GK_TAIL_GROUPS)
		gk_diags_add(out, pkt, GK_ERROR, GK_D_TOO_LONG, (int)u->extra_begin, -1, -1, 0,
		             "packet has %u dwords, the layout explains %u", pkt->ndw, u->extra_begin);
	if (d->tail && d->tail_unit > 1 && pkt->ndw > d->tail_dw && (pkt->ndw - d->tail_dw) % d->tail_unit)
		gk_diags_add(out, pkt, GK_ERROR, GK_D_BAD_MULTIPLE, (int)d->tail_dw, -1, -1, d->tail_name,
		             "%u tail dwords are not a whole number of %u-dword units", pkt->ndw - d->tail_dw, d->tail_unit);
}

/* A predicated region (COND_EXEC, PRED_EXEC): the field flagged GK_F_EXEC
 * counts the dwords after the packet, which must be whole packets. */
static void open_regions(struct gk_check_state *st, const struct gk_unit *u, struct gk_diags *out)
{
	const struct gk_packet *pkt = &u->pkt;
	gk_unit_fill(u);
	for (unsigned i = 0; i < u->nfields; i++) {
		const struct gk_unit_field *uf = &u->fields[i];
		const struct gk_field *f = uf->desc;
		if (!(f->flags & GK_F_EXEC) || uf->cut || !uf->value)
			continue;
		if (st->nexec == sizeof st->exec_end / sizeof st->exec_end[0]) {
			gk_diags_add(out, pkt, GK_WARNING, GK_D_LIMIT, -1, -1, -1, f->name,
			             "more than %u nested predicated regions: this one is not tracked", st->nexec);
			continue;
		}
		const struct gk_seg *sg = &f->seg[0];
		st->exec_end[st->nexec] = pkt->offset + 4ull * pkt->ndw + 4 * uf->value;
		st->exec_from[st->nexec] = pkt->offset;
		st->exec_pkt[st->nexec] = u->desc->name;
		st->exec_field[st->nexec] = f->name;
		st->exec_dw[st->nexec] = sg->dw;
		st->exec_lo[st->nexec] = sg->lo;
		st->exec_hi[st->nexec] = sg->hi;
		st->nexec++;
	}
}

/* The groups of a description whose group fields have no rule
 * (gk_desc_fast.group_plain): the bits no field claims, group by group.
 * The dwords whose every bit a field claims (a register pair's values)
 * are not looked at, and the others first all at once: a GFX11 packed
 * register pair's check was a third in this loop. */
static void plain_groups(const struct gk_packet *pkt, const struct gk_unit *u, const uint32_t *claimed,
			 struct gk_diags *out)
{
	unsigned gdw = u->desc->group_dw;
	uint32_t stray = 0;
	for (unsigned k = 0; k < gdw; k++)
		if (claimed[k] != 0xffffffffu)
			for (unsigned g = 0; g < u->ngroups; g++)
				stray |= pkt->dw[u->tail_begin + g * gdw + k] & ~claimed[k];
	for (unsigned g = 0; stray && g < u->ngroups; g++) {
		unsigned base = u->tail_begin + g * gdw;
		for (unsigned k = 0; k < gdw; k++)
			if (pkt->dw[base + k] & ~claimed[k])
				reserved_bits(pkt, base + k, pkt->dw[base + k] & ~claimed[k], out);
	}
}

/* A simple unit of a plain description (gk_desc_fast.plain) that framing
 * found nothing wrong with: what the general path below would report, in
 * the same order, without the steps that cannot say anything here, and
 * each remaining step a compare before any call.  Most packets of a stream
 * are register runs that take this path (callgrind, `gfxkit check -g gfx9
 * -e pm4` on the 1.25 MB bench stream: the checker's instructions a packet
 * 215 -> 140). */
static void check_plain(const struct gk_format *fmt, const struct gk_desc_fast *fast, const struct gk_unit *u,
			struct gk_diags *out)
{
	const struct gk_packet_desc *d = u->desc;
	const struct gk_packet *pkt = &u->pkt;
	if (fmt->check_framing && (fast->hooks & GK_HOOK_FRAMING))
		fmt->check_framing(fmt, pkt, out);
	uint32_t ndw = pkt->ndw;
	if (ndw < fast->quiet_lo || ndw > fast->quiet_hi)
		check_length(u, out); /* something to say, or a tail to count in units */
	/* the bits no field claims, all fixed dwords at once; which dword,
	 * only when some are set */
	uint32_t stray = 0;
	const unsigned room = sizeof fast->claimed / sizeof fast->claimed[0];
	unsigned nfix = u->fixed_end < room ? u->fixed_end : room;
	/* the plan's claimed bits: a simple unit's are its copy of them, made
	 * only when the unit is filled */
	for (unsigned i = 0; i < nfix; i++)
		stray |= pkt->dw[i] & ~fast->claimed[i];
	for (unsigned i = 0; stray && i < nfix; i++)
		reserved_bits(pkt, i, pkt->dw[i] & ~fast->claimed[i], out);
	if (d->tail == GK_TAIL_GROUPS) {
		plain_groups(pkt, u, fast->group_claimed, out);
	} else if (d->tail == GK_TAIL_REGS) {
		const struct gk_space *sp = &fmt->spaces[d->space];
		uint64_t end = u->reg_addr + 4ull * (u->tail_end > u->tail_begin ? u->tail_end - u->tail_begin : 0);
		if (!sp->end || u->reg_addr >= sp->end || end > sp->end)
			check_regs(fmt, u, out); /* outside its space: the general path says how */
	}
	if (fmt->check_unit && (fast->hooks & GK_HOOK_UNIT))
		fmt->check_unit(fmt, u, out);
}

/* The quiet check (gk_check_quiet, layout.h, and this, its rest): what
 * gk_unit_check of a simple unit does, below, as one predicate over the
 * words, each step as gk_unit_check and check_plain take it, for the
 * stream loop's check of units that print nothing when clean.  A clean
 * packet's record was written field by field for no reader: half of a
 * GFX9 packet's check (callgrind figures: docs/architecture.md, "The
 * quiet check").  What it does not model (conditional fields, rules
 * between fields, predicated regions, a family hook it cannot see
 * through) is left out of the plan (gk_format_plan_quiet), and such a
 * unit takes the full path: what a check prints is the full path's. */
/* The quiet check of a description whose fields are present by a
 * condition (no tail: the plan admits no other), field by field as
 * decode_list finds them and gk_unit_check checks them: a field cut off
 * by the packet's end, or a rule naming a field not present here (the
 * general path then looks for another of that name), is left to the full
 * check.  POLL_REG_MEM's decode and check were a third of a CIK DMA
 * check's instructions (callgrind, quarter bench stream). */
static bool quiet_cond(const struct gk_format *fmt, const struct gk_packet_desc *d, const struct gk_desc_fast *fast,
		       const uint32_t *dw, uint32_t ndw)
{
	uint64_t val[GK_UNIT_FIELDS];
	bool shown[GK_UNIT_FIELDS];
	uint32_t claimed[GK_FIXED_MAX];
	memset(claimed, 0, sizeof claimed);
	unsigned end = d->min_dw ? d->min_dw : 1; /* the body's fields decide the length */
	const struct gk_field *lists[2] = { d->hdr, d->fields };
	unsigned counts[2] = { d->nhdr, d->nfields };
	for (unsigned l = 0, base = 0; l < 2; base += counts[l], l++)
		for (unsigned i = 0; i < counts[l]; i++) {
			const struct gk_field *f = &lists[l][i];
			shown[base + i] = false;
			if (f->gens && !(f->gens & fmt->gen_bit))
				continue;
			if (f->cond) {
				unsigned c = f->cond - 1u;
				if (c >= i || !shown[base + c] || val[base + c] >= 32 || !((f->cond_mask >> val[base + c]) & 1u))
					continue;
			}
			/* gk_field_last_dw, inline for the one-segment fields (most) */
			unsigned last = (f->nseg == 1 ? f->seg[0].dw : gk_field_last_dw(f)) + 1;
			if (last > ndw)
				return false; /* cut: "too short", or an optional field left out */
			if (l && last > end)
				end = last;
			uint64_t v = gk_fget(f, dw, ndw);
			if (!field_quiet(fmt, f, v))
				return false;
			val[base + i] = v;
			shown[base + i] = true;
			for (unsigned sg = 0; sg < f->nseg; sg++)
				if (f->seg[sg].dw < GK_FIXED_MAX)
					claimed[f->seg[sg].dw] |= gk_mask(f->seg[sg].lo, f->seg[sg].hi);
		}
	/* check_length: no dword past the fields (nor fewer than min_dw,
	 * more than max_dw: the plan's q_lo, q_hi) */
	if (ndw > end)
		return false;
	for (unsigned i = 0; i < ndw && i < GK_FIXED_MAX; i++)
		if (dw[i] & ~claimed[i])
			return false;
	for (unsigned r = 0; r < d->nrules; r++) {
		const struct gk_rule *ru = &d->rules[r];
		uint8_t ix[2] = { fast->rule_ix[r][0], fast->rule_ix[r][1] };
		uint64_t v[2] = { 0, 0 };
		for (unsigned k = 0; k < (ru->b ? 2u : 1u); k++) {
			unsigned at = (ix[k] & 0x7fu) + (ix[k] & 0x80u ? 0 : d->nhdr);
			if (!shown[at])
				return false;
			v[k] = val[at];
		}
		if (!rule_holds(ru, v[0], v[1], ru->b != 0, 0))
			return false;
	}
	return true;
}

/* The value rules of a simple description's fields, worked out once into
 * compares (gk_desc_fast.q_bad, q_small, q_wide) from field_quiet itself,
 * so the quiet check asks the same predicate.  A field whose only rules
 * are an alignment or must-be-zero (most DMA addresses: FENCE, WRITE,
 * INDIRECT, SEMAPHORE) is quiet exactly when some of its bits are 0, and
 * those are bits of the words: they join the unclaimed bits the quiet
 * check already tests, so such a packet needs no gk_check_quiet_rest
 * call; a field of at most 6 bits in one segment (an enum with gaps, a
 * small range) is the set of its quiet values, one shift and a bit test.
 * The rest stay field_quiet calls. */
void gk_plan_quiet_values(const struct gk_format *fmt, const struct gk_packet_desc *d, struct gk_desc_fast *fast)
{
	for (unsigned i = 0; i < 16; i++)
		fast->q_bad[i] = ~fast->claimed[i];
	fast->q_wide = 0;
	fast->q_nsmall = 0;
	for (unsigned r = 0; r < fast->nrules && r < sizeof fast->rules && r < 32; r++) {
		uint8_t ix = fast->rules[r];
		const struct gk_field *f = ix & 0x80u ? &d->hdr[ix & 0x7fu] : &d->fields[ix & 0x7fu];
		bool in_fixed = fast->simple && f->nseg >= 1 && f->nseg <= 2;
		for (unsigned sg = 0; sg < f->nseg && sg < 2; sg++)
			in_fixed = in_fixed && f->seg[sg].dw < fast->q_nfix && f->seg[sg].lo <= f->seg[sg].hi &&
				   f->seg[sg].hi < 32 && f->seg[sg].pos < 64;
		bool enum_rule = f->kind == GK_ENUM && !fmt->open_enums;
		if (in_fixed && !enum_rule && !f->max && !f->forbid && !(f->flags & GK_F_NOTZERO)) {
			/* quiet iff (v & zero) == 0: field_quiet's align and MBZ
			 * terms, the value's bits mapped back to the words */
			uint64_t zero = (f->flags & GK_F_MBZ) ? ~0ull : 0;
			if (f->align)
				zero |= (uint64_t)f->align - 1u;
			for (unsigned sg = 0; sg < f->nseg; sg++) {
				const struct gk_seg *s = &f->seg[sg];
				uint32_t width = s->hi - s->lo + 1u;
				uint64_t bits = (zero >> s->pos) & (width < 64 ? (1ull << width) - 1u : ~0ull);
				fast->q_bad[s->dw] |= (uint32_t)(bits << s->lo);
			}
			continue;
		}
		if (in_fixed && f->nseg == 1 && f->seg[0].pos == 0 && f->seg[0].hi - f->seg[0].lo < 6 &&
		    fast->q_nsmall < sizeof fast->q_small / sizeof fast->q_small[0]) {
			struct gk_quiet_small *q = &fast->q_small[fast->q_nsmall++];
			unsigned width = f->seg[0].hi - f->seg[0].lo + 1u;
			q->ok = 0;
			for (uint64_t v = 0; v < (1ull << width); v++)
				if (field_quiet(fmt, f, v))
					q->ok |= 1ull << v;
			q->mask = (1u << width) - 1u;
			q->dw = f->seg[0].dw;
			q->lo = f->seg[0].lo;
			continue;
		}
		fast->q_wide |= 1u << r;
	}
	if (fast->nrules > 32)
		fast->q_wide = ~0u; /* not reached: rules[] holds 22 */
}

/* gk_fget with the two-segment read inline too: the 40- and 64-bit
 * addresses DMA rules test (alignment, same low bits) are split over two
 * dwords, and the call to gk_field_get for them was 1.35 M instructions of
 * a check on the CIK quarter bench stream.  Segments past ndw read as 0,
 * as there. */
static inline uint64_t quiet_get(const struct gk_field *f, const uint32_t *dw, size_t ndw)
{
	if (f->nseg != 2)
		return gk_fget(f, dw, ndw);
	uint64_t v = 0;
	for (unsigned i = 0; i < 2; i++) {
		const struct gk_seg *sg = &f->seg[i];
		if (sg->dw < ndw)
			v |= (uint64_t)gk_get(dw[sg->dw], sg->lo, sg->hi) << sg->pos;
	}
	return v;
}

bool gk_check_quiet_rest(const struct gk_format *fmt, const struct gk_frame *fr, const uint32_t *dw)
{
	const struct gk_packet_desc *d = fr->desc;
	const struct gk_desc_fast *fast = gk_fast(fmt, d);
	uint32_t ndw = fr->ndw;
	if (!fast->simple)
		return quiet_cond(fmt, d, fast, dw, ndw);
	/* the fields with a value rule: a small one's set of quiet values
	 * (the alignment and must-be-zero bits were gk_check_quiet's), the
	 * others read from the words as gk_unit_read_field reads them */
	for (unsigned r = 0; r < fast->q_nsmall; r++) {
		const struct gk_quiet_small *q = &fast->q_small[r];
		if (!((q->ok >> ((dw[q->dw] >> q->lo) & q->mask)) & 1u))
			return false;
	}
	for (unsigned r = 0; r < fast->nrules; r++) {
		if (!((fast->q_wide >> r) & 1u))
			continue;
		uint8_t ix = fast->rules[r];
		const struct gk_field *f = ix & 0x80u ? &d->hdr[ix & 0x7fu] : &d->fields[ix & 0x7fu];
		if (!field_quiet(fmt, f, quiet_get(f, dw, ndw)))
			return false;
	}
	unsigned ntail = ndw - d->tail_dw; /* the plan's q_lo: ndw >= tail_dw */
	if (d->tail && d->tail_unit > 1 && ntail % d->tail_unit)
		return false; /* check_length's "not a whole number of units" */
	unsigned ngroups = d->tail == GK_TAIL_GROUPS ? ntail / d->group_dw : 0; /* gk_layout_tail's */
	/* the rules between fields, each field read by its index (the plan
	 * has every one resolved: gk_format_plan_quiet), as check_rules reads
	 * a simple unit's */
	for (unsigned r = 0; r < d->nrules; r++) {
		const struct gk_rule *ru = &d->rules[r];
		uint8_t ia = fast->rule_ix[r][0], ib = fast->rule_ix[r][1];
		const struct gk_field *fa = ia & 0x80u ? &d->hdr[ia & 0x7fu] : &d->fields[ia & 0x7fu];
		const struct gk_field *fb = !ru->b ? 0 : ib & 0x80u ? &d->hdr[ib & 0x7fu] : &d->fields[ib & 0x7fu];
		if (!rule_holds(ru, quiet_get(fa, dw, ndw), fb ? quiet_get(fb, dw, ndw) : 0, fb != 0, ngroups))
			return false;
	}
	if (d->tail == GK_TAIL_GROUPS) {
		/* the groups' unclaimed bits (plain_groups) */
		unsigned gdw = d->group_dw;
		uint32_t stray = 0;
		for (unsigned k = 0; k < gdw; k++)
			if (fast->group_claimed[k] != 0xffffffffu)
				for (unsigned g = 0; g < ngroups; g++)
					stray |= dw[d->tail_dw + g * gdw + k] & ~fast->group_claimed[k];
		return !stray;
	}
	if (d->tail == GK_TAIL_REGS) {
		uint64_t start = fast->reg_base +
				 4ull * ((uint64_t)((dw[fast->reg_dw] >> fast->reg_lo) & fast->reg_mask) << fast->reg_pos);
		return start < fast->q_reg_end && start + 4ull * ntail <= fast->q_reg_end;
	}
	return true;
}

void gk_unit_check_framed(const struct gk_format *fmt, struct gk_check_state *st, struct gk_unit *u)
{
	/* the plain clean unit without open regions, whose decode used this
	 * format: straight to check_plain, without gk_unit_check's argument
	 * tests, scratch container and the frame its general path needs
	 * (callgrind, check -g gfx9 -e pm4, quarter bench stream: 19
	 * instructions a packet) */
	const struct gk_packet *pkt = &u->pkt;
	if (u->simple && u->fast->plain && !st->nexec && u->diags && u->fmt == fmt && !pkt->frame.unknown &&
	    !pkt->frame.other_gen) {
		check_plain(fmt, u->fast, u, u->diags);
		return;
	}
	gk_unit_check(fmt, st, u);
}

void gk_unit_check(const struct gk_format *fmt, struct gk_check_state *st, struct gk_unit *u)
{
	if (!fmt || !st || !u || !u->pkt.dw || !u->pkt.ndw)
		return;
	struct gk_diags scratch;
	struct gk_diags *out = u->diags;
	if (!out) {
		gk_diags_reset(&scratch); /* nowhere to report: still keep the regions right */
		out = &scratch;
	}
	if (st->nexec > 16)
		st->nexec = 16;
	if (!st->bos)
		st->nbos = 0;
	const struct gk_packet *pkt = &u->pkt;
	if (st->nexec)
		exec_regions(st, pkt, out);
	const struct gk_packet_desc *d = u->desc;
	/* the plan the decode looked up, when decoded with this format (a
	 * pointer difference and a multiply less a packet) */
	const struct gk_desc_fast *fast = !d ? 0 : u->fmt == fmt && u->fast ? u->fast : gk_fast(fmt, d);
	if (fast && u->simple && fast->plain && !pkt->frame.unknown && !pkt->frame.other_gen) {
		check_plain(fmt, fast, u, out);
		return;
	}
	if (!check_frame(fmt, pkt, out) || !d)
		return;
	check_length(u, out);
	const uint32_t *fixed_claimed = u->claimed;
	unsigned nfix = u->fixed_end < GK_FIXED_MAX ? u->fixed_end : GK_FIXED_MAX;
	if (u->simple) {
		/* claimed: the plan's (the unit's copy is made when filled) */
		fixed_claimed = fast->claimed;
		if (nfix > sizeof fast->claimed / sizeof fast->claimed[0])
			nfix = sizeof fast->claimed / sizeof fast->claimed[0];
		/* every field shown and whole: only the ones with a value rule,
		 * read straight from the words (the unit's fields may be pending) */
		for (unsigned r = 0; r < fast->nrules; r++) {
			struct gk_unit_field uf;
			gk_unit_read_field(u, fast->rules[r], &uf);
			check_field(fmt, pkt, &uf, out);
		}
	} else {
		check_fields(fmt, pkt, u->fields, u->nfields, out);
	}
	for (unsigned i = 0; i < nfix; i++)
		reserved_bits(pkt, i, pkt->dw[i] & ~fixed_claimed[i], out);
	if (d->tail == GK_TAIL_GROUPS && fast->group_plain) {
		/* fields without rules: only bits no field claims can be wrong */
		plain_groups(pkt, u, fast->group_claimed, out);
	} else if (d->tail == GK_TAIL_GROUPS) {
		for (unsigned g = 0; g < u->ngroups; g++) {
			struct gk_unit_field gf[GK_UNIT_GROUP_FIELDS];
			uint32_t claimed[GK_UNIT_FIXED_DW];
			unsigned n = gk_unit_group(fmt, u, g, gf, claimed);
			unsigned base = u->tail_begin + g * d->group_dw;
			check_fields(fmt, pkt, gf, n, out);
			for (unsigned k = 0; k < d->group_dw && k < GK_UNIT_FIXED_DW; k++)
				reserved_bits(pkt, base + k, pkt->dw[base + k] & ~claimed[k], out);
		}
	} else if (d->tail == GK_TAIL_REGS) {
		check_regs(fmt, u, out);
	}
	if (d->nrules)
		check_rules(fmt, u, out);
	if (fmt->check_unit && (fast->hooks & GK_HOOK_UNIT))
		fmt->check_unit(fmt, u, out);
	if (d->flags & GK_P_EXEC_COUNT)
		open_regions(st, u, out);
}
