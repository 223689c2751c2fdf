/* The checker: generic rules over descriptions, plus the EXEC_COUNT regions
 * that span packets.  Rules and their codes: include/gfxkit/diag.h. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gfxkit/stream.h"
#include "gfxkit/tiling.h"

#include "bits.h"
#include "layout.h"

static struct gk_diag *add(struct gk_diags *out, const struct gk_packet *pkt, enum gk_severity sev,
			   enum gk_diag_code code, int dw, int lo, int hi, const char *field, const char *fmt, ...)
{
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
	d->offset = pkt->offset;
	d->dw = dw;
	d->lo = (int8_t)lo;
	d->hi = (int8_t)hi;
	d->packet = pkt->frame.desc ? pkt->frame.desc->name : "PACKET";
	d->field = field;
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

static int first_dw(const struct gk_field *f)
{
	return f->nseg ? f->seg[0].dw : -1;
}

/* Value rules of one shown field. */
static void check_field(const struct gk_format *fmt, const struct gk_packet *pkt, const struct gk_field *f,
			unsigned base, struct gk_diags *out)
{
	(void)fmt;
	uint64_t v = gk_fget(f, pkt->dw + base, pkt->ndw - base);
	int dw = first_dw(f) + (int)base;
	int lo = f->seg[0].lo, hi = f->seg[0].hi;
	switch (f->kind) {
	case GK_ENUM:
		if (!gk_enum_name(f->enm, v)) {
			add(out, pkt, GK_ERROR, GK_D_RESERVED_VALUE, dw, lo, hi, f->name,
			    "%s=%llu is a reserved value", f->name, (unsigned long long)v);
			return;
		}
		break;
	default:
		break;
	}
	if (f->max && (v < f->min || v > f->max))
		add(out, pkt, GK_ERROR, GK_D_RANGE, dw, lo, hi, f->name, "%s=%llu outside %llu..%llu%s%s", f->name,
		    (unsigned long long)v, (unsigned long long)f->min, (unsigned long long)f->max,
		    f->why ? ": " : "", f->why ? f->why : "");
	if (f->forbid && v < 32 && ((f->forbid >> v) & 1u))
		add(out, pkt, GK_ERROR, GK_D_RANGE, dw, lo, hi, f->name, "%s=%llu not allowed here%s%s", f->name,
		    (unsigned long long)v, f->why ? ": " : "", f->why ? f->why : "");
	if ((f->flags & GK_F_NOTZERO) && v == 0)
		add(out, pkt, GK_ERROR, GK_D_RANGE, dw, lo, hi, f->name, "%s must not be zero", f->name);
	if ((f->flags & GK_F_MBZ) && v != 0)
		add(out, pkt, GK_ERROR, GK_D_RESERVED_BITS, dw, lo, hi, f->name, "%s=%llu must be 0%s%s", f->name,
		    (unsigned long long)v, f->why ? ": " : "", f->why ? f->why : "");
	if (f->align && f->kind != GK_ADDR && (v & (f->align - 1u))) {
		add(out, pkt, GK_ERROR, GK_D_MISALIGNED, dw, lo, hi, f->name, "%s=%llu not a multiple of %u%s%s", f->name,
		    (unsigned long long)v, f->align, f->why ? ": " : "", f->why ? f->why : "");
	} else if (f->align && (v & (f->align - 1u))) {
		/* name the low segment, where the stray bits are */
		unsigned bits = 0;
		while ((1u << bits) < f->align)
			bits++;
		add(out, pkt, GK_ERROR, GK_D_MISALIGNED, dw, lo, (int)bits - 1 > lo ? (int)bits - 1 : lo, f->name,
		    "%s 0x%llx not %s", f->name, (unsigned long long)v, align_name(f->align));
	}
}

static void check_fields(const struct gk_format *fmt, const struct gk_packet *pkt, const struct gk_field *fields,
			 unsigned n, unsigned base, size_t ndw, struct gk_diags *out)
{
	const uint32_t *dw = pkt->dw + base;
	for (unsigned i = 0; i < n; i++) {
		const struct gk_field *f = &fields[i];
		if (!gk_field_present(fields, i, dw, ndw, fmt->gen_bit))
			continue;
		if (!gk_field_in_range(f, ndw)) {
			if (base == 0 && pkt->ndw < pkt->frame.ndw)
				continue; /* truncated: reported once */
			add(out, pkt, GK_ERROR, GK_D_TOO_SHORT, (int)(base + gk_field_last_dw(f)), -1, -1, f->name,
			    "packet too short: %s (dw%u) missing", f->name, base + gk_field_last_dw(f));
			continue;
		}
		check_field(fmt, pkt, f, base, out);
	}
}

static void reserved_bits(const struct gk_packet *pkt, unsigned dw, uint32_t bits, struct gk_diags *out)
{
	if (!bits)
		return;
	int lo = __builtin_ctz(bits), hi = 31 - __builtin_clz(bits);
	add(out, pkt, GK_ERROR, GK_D_RESERVED_BITS, (int)dw, lo, hi, 0, "reserved bits set (0x%08x)", bits);
}

static void check_regs(const struct gk_format *fmt, const struct gk_packet *pkt, const struct gk_packet_desc *d,
		       const struct gk_layout *L, struct gk_diags *out)
{
	const struct gk_field *rf = d->reg_in_hdr ? &d->hdr[d->reg_field] : &d->fields[d->reg_field];
	if (!gk_field_in_range(rf, pkt->ndw))
		return;
	const struct gk_space *sp = &fmt->spaces[d->space];
	uint64_t start = sp->start + 4ull * gk_fget(rf, pkt->dw, pkt->ndw);
	uint64_t n = L->tail_end > L->tail_begin ? L->tail_end - L->tail_begin : 0;
	uint64_t end = start + 4 * n;
	if (sp->end == 0)
		add(out, pkt, GK_ERROR, GK_D_REG_SPACE, rf->seg[0].dw, rf->seg[0].lo, rf->seg[0].hi, rf->name,
		    "%s has no %s register space", fmt->gen, sp->name);
	else if (start >= sp->end || end > sp->end)
		add(out, pkt, GK_ERROR, GK_D_REG_SPACE, rf->seg[0].dw, rf->seg[0].lo, rf->seg[0].hi, rf->name,
		    "registers 0x%05llx..0x%05llx outside the %s space 0x%05x..0x%05x", (unsigned long long)start,
		    (unsigned long long)(end ? end - 4 : 0), sp->name, sp->start, sp->end - 4);
}

/* ---- rules between fields ---- */

static const struct gk_field *field_named(const struct gk_format *fmt, const struct gk_packet_desc *d,
					  const struct gk_packet *pkt, const char *name, uint64_t *v);

/* field_named through the index gk_format_prepare resolved (ix), when it is shown */
static const struct gk_field *field_at(const struct gk_format *fmt, const struct gk_packet_desc *d,
				       const struct gk_packet *pkt, uint8_t ix, const char *name, uint64_t *v)
{
	if (!name)
		return 0;
	if (ix != 0xff) {
		const struct gk_field *list = (ix & 0x80u) ? d->hdr : d->fields;
		unsigned i = ix & 0x7fu;
		if (gk_field_shown(fmt, list, i, pkt->dw, pkt->ndw)) {
			*v = gk_fget(&list[i], pkt->dw, pkt->ndw);
			return &list[i];
		}
	}
	/* not shown here: another field of that name may be (conditional alternatives) */
	return field_named(fmt, d, pkt, name, v);
}

static const struct gk_field *field_named(const struct gk_format *fmt, const struct gk_packet_desc *d,
					  const struct gk_packet *pkt, const char *name, uint64_t *v)
{
	const struct gk_field *lists[2] = { d->hdr, d->fields };
	unsigned counts[2] = { d->nhdr, d->nfields };
	for (unsigned l = 0; l < 2; l++)
		for (unsigned i = 0; i < counts[l]; i++) {
			const struct gk_field *f = &lists[l][i];
			if (strcmp(f->name, name) != 0 || !gk_field_shown(fmt, lists[l], i, pkt->dw, pkt->ndw))
				continue;
			*v = gk_field_get(f, pkt->dw, pkt->ndw);
			return f;
		}
	return 0;
}

static void check_rules(const struct gk_format *fmt, const struct gk_packet *pkt, const struct gk_packet_desc *d,
			struct gk_diags *out)
{
	const struct gk_desc_fast *fast = gk_fast(fmt, d);
	for (unsigned r = 0; r < d->nrules; r++) {
		const struct gk_rule *ru = &d->rules[r];
		uint64_t a, b = 0;
		uint8_t ia = r < GK_FAST_RULES ? fast->rule_ix[r][0] : 0xff, ib = r < GK_FAST_RULES ? fast->rule_ix[r][1] : 0xff;
		const struct gk_field *fa = field_at(fmt, d, pkt, ia, ru->a, &a);
		const struct gk_field *fb = ru->b ? field_at(fmt, d, pkt, ib, ru->b, &b) : 0;
		if (!fa || (ru->b && !fb))
			continue;
		int dw = fa->seg[0].dw, lo = fa->seg[0].lo, hi = fa->seg[0].hi;
		switch (ru->kind) {
		case GK_R_SAME_LOW: {
			uint64_t m = (1ull << ru->arg) - 1;
			if ((a & m) != (b & m))
				add(out, pkt, GK_ERROR, GK_D_RULE, dw, lo, hi, fa->name,
				    "%s 0x%llx and %s 0x%llx differ in their low %u bits%s%s", fa->name, (unsigned long long)a,
				    fb->name, (unsigned long long)b, ru->arg, ru->why ? ": " : "", ru->why ? ru->why : "");
			break;
		}
		case GK_R_X_DWORD:
			if (b < 2 && ((a << b) & 3))
				add(out, pkt, GK_ERROR, GK_D_MISALIGNED, dw, lo, hi, fa->name,
				    "%s=%llu is not dword aligned at %u byte%s per element (multiple of %u needed)", fa->name,
				    (unsigned long long)a, 1u << b, b ? "s" : "", 4u >> b);
			break;
		case GK_R_ALIGN_IF:
			if (!fb && ru->arg && (a % ru->arg))
				add(out, pkt, GK_ERROR, GK_D_MISALIGNED, dw, lo, hi, fa->name, "%s=%llu not a multiple of %u%s%s",
				    fa->name, (unsigned long long)a, ru->arg, ru->why ? ": " : "", ru->why ? ru->why : "");
			else if (fb && b == ru->arg2 && ru->arg && (a % ru->arg))
				add(out, pkt, GK_ERROR, GK_D_MISALIGNED, dw, lo, hi, fa->name,
				    "%s=0x%llx not a multiple of %u when %s=%llu%s%s", fa->name, (unsigned long long)a, ru->arg,
				    fb->name, (unsigned long long)b, ru->why ? ": " : "", ru->why ? ru->why : "");
			break;
		case GK_R_EQUAL:
			if (a != b && !(a == ru->arg && b == ru->arg2))
				add(out, pkt, GK_ERROR, GK_D_RULE, dw, lo, hi, fa->name, "%s=%llu differs from %s=%llu%s%s", fa->name,
				    (unsigned long long)a, fb->name, (unsigned long long)b, ru->why ? ": " : "",
				    ru->why ? ru->why : "");
			break;
		case GK_R_NOT_BOTH:
			if (a == ru->arg && b == ru->arg2)
				add(out, pkt, GK_ERROR, GK_D_RULE, dw, lo, hi, fa->name, "%s=%llu is not allowed with %s=%llu%s%s",
				    fa->name, (unsigned long long)a, fb->name, (unsigned long long)b, ru->why ? ": " : "",
				    ru->why ? ru->why : "");
			break;
		default:
			break;
		}
	}
}

/* ---- bounds: every byte range inside one declared buffer ---- */

struct range {
	uint64_t lo, last; /* [lo, last]: a range may end at 2^64 */
	bool overflow;
};

static uint64_t mul_ov(uint64_t a, uint64_t b, bool *ov)
{
	uint64_t r;
	if (__builtin_mul_overflow(a, b, &r))
		*ov = true;
	return r;
}

static uint64_t add_ov(uint64_t a, uint64_t b, bool *ov)
{
	uint64_t r;
	if (__builtin_add_overflow(a, b, &r))
		*ov = true;
	return r;
}

/* The fields one access names, resolved for this packet. */
struct acc_ctx {
	const struct gk_format *fmt;
	const struct gk_packet_desc *d;
	const struct gk_packet *pkt;
	const uint8_t *ix; /* addr, flip, count, arg[0..8], mode (gk_desc_fast.acc_ix), or all 0xff */
};

static uint64_t acc_value(const struct acc_ctx *c, unsigned slot, const char *name, uint64_t dflt)
{
	uint64_t v;
	if (!name || !field_at(c->fmt, c->d, c->pkt, c->ix[slot], name, &v))
		return dflt;
	return v;
}

/* A tiled access on a linear or 1D surface (ARRAY_MODE 0-2): the rows it
 * reaches, as the tiling module lays the surface out: the range from the
 * first element's micro-tile row (linear: the element) to the last one's
 * (gk_tile_range of each; everything between is contiguous in these modes).
 * Pitch and slice come from the packet; when they are not a layout the
 * module would give (a pitch addrlib pads, a slice that is not whole
 * micro-tile rows, sizes past its limits), or the box leaves the slice, or
 * the surface is 2D or thick, this says so (-1) and the caller bounds whole
 * slices.  Linear and 1D ranges do not depend on the element order inside a
 * micro tile, where r6xx-Cayman differ from GFX6-8, so the GFX6-8 module
 * serves every generation.  Returns 1 with *r set, 0 when the access
 * touches nothing. */
static int tiled_rows(const struct acc_ctx *c, const struct gk_access *ac, uint64_t addr, unsigned esize,
		      struct range *r)
{
	uint64_t mode;
	if (!field_at(c->fmt, c->d, c->pkt, c->ix[12], ac->mode, &mode) || mode > 2)
		return -1;
	uint64_t elem = 1ull << esize;
	uint64_t pitch = (acc_value(c, 6, ac->arg[3], 0) + 1) * 8;  /* elements (pitch_tile_max: 8-pixel tiles) */
	uint64_t slice = (acc_value(c, 7, ac->arg[4], 0) + 1) * 64; /* elements (slice_tile_max: 64-pixel tiles) */
	if (pitch > GK_TILE_MAX_DIM || slice % pitch || slice / pitch > GK_TILE_MAX_DIM)
		return -1;
	uint64_t rows = slice / pitch, z = acc_value(c, 5, ac->arg[2], 0);
	uint64_t first[3], last[3]; /* x, y, slice */
	if (ac->arg[7]) {
		/* a box: origin and extent */
		uint64_t x = acc_value(c, 3, ac->arg[0], 0), y = acc_value(c, 4, ac->arg[1], 0);
		uint64_t w = acc_value(c, 8, ac->arg[5], 1) + ac->rect_plus, h = acc_value(c, 9, ac->arg[6], 1) + ac->rect_plus;
		uint64_t dp = acc_value(c, 10, ac->arg[7], 1) + ac->rect_plus;
		if (!w || !h || !dp)
			return 0;
		first[0] = x, first[1] = y, first[2] = z;
		last[0] = x + w - 1, last[1] = y + h - 1, last[2] = z + dp - 1;
	} else {
		/* COUNT units in raster order from (x, y) of slice z, rows of pitch
		 * elements, running on into the next slices */
		uint64_t count = acc_value(c, 2, ac->count, 0);
		uint64_t moved = count * (ac->n ? ac->n : 64 * elem); /* count < 2^32, n small: no overflow */
		if (!moved)
			return 0;
		uint64_t e0 = acc_value(c, 4, ac->arg[1], 0) * pitch + acc_value(c, 3, ac->arg[0], 0);
		uint64_t e1 = e0 + (moved + elem - 1) / elem - 1;
		first[0] = e0 % pitch, first[1] = e0 / pitch % rows, first[2] = z + e0 / slice;
		last[0] = e1 % pitch, last[1] = e1 / pitch % rows, last[2] = z + e1 / slice;
	}
	if (first[0] >= pitch || last[0] >= pitch || first[1] >= rows || last[1] >= rows ||
	    last[2] >= GK_TILE_MAX_SLICES)
		return -1;
	struct gk_tile_params p;
	gk_tile_params_init(&p);
	p.mode = mode == 2 ? GK_TILE_1D : GK_TILE_LINEAR;
	p.micro = GK_MICRO_THIN;
	p.bpp = 8u << esize;
	p.width = (uint32_t)pitch;
	p.height = (uint32_t)rows;
	p.slices = (uint32_t)last[2] + 1;
	struct gk_tile_surface s;
	uint64_t lo0, hi0, lo1, hi1;
	if (gk_tile_surface_init(&s, &p) != 0 || s.pitch != pitch || s.slice_bytes != slice * elem ||
	    gk_tile_range(&s, (uint32_t)first[0], (uint32_t)first[1], (uint32_t)first[2], 1, 1, 1, &lo0, &hi0) != 0 ||
	    gk_tile_range(&s, (uint32_t)last[0], (uint32_t)last[1], (uint32_t)last[2], 1, 1, 1, &lo1, &hi1) != 0)
		return -1;
	bool ov = false;
	r->lo = add_ov(addr, lo0, &ov);
	r->last = add_ov(addr, hi1 - 1, &ov);
	r->overflow = ov;
	return 1;
}

/* The byte range of one access; false when it touches nothing. */
static bool access_range(const struct acc_ctx *c, const struct gk_access *ac, uint64_t addr, struct range *r)
{
	bool ov = false;
	uint64_t lo = addr, bytes = 0;
	unsigned esize = ac->arg[8] ? (unsigned)acc_value(c, 11, ac->arg[8], 0) : ac->esize_const;
	if (esize > 4)
		esize = 4; /* a reserved element size is reported by its enum; bound with the largest */
	uint64_t elem = 1ull << esize;
	switch (ac->size) {
	case GK_Z_FIXED:
		bytes = ac->n;
		break;
	case GK_Z_COUNT: {
		uint64_t count = acc_value(c, 2, ac->count, 0);
		if (!count && !ac->plus)
			return false;
		uint64_t unit = ac->n ? ac->n : 64 * elem; /* 0: 8x8-pixel tiles */
		if (ac->arg[0])
			unit = mul_ov(unit, acc_value(c, 3, ac->arg[0], 0), &ov);
		if (ac->arg[1])
			lo = add_ov(lo, mul_ov(acc_value(c, 4, ac->arg[1], 0), unit, &ov), &ov);
		bytes = mul_ov(count + ac->plus, unit, &ov);
		break;
	}
	case GK_Z_RECT: {
		uint64_t x = acc_value(c, 3, ac->arg[0], 0), y = acc_value(c, 4, ac->arg[1], 0);
		uint64_t z = acc_value(c, 5, ac->arg[2], 0);
		uint64_t pitch = acc_value(c, 6, ac->arg[3], 0) + ac->pitch_plus;
		uint64_t slice = acc_value(c, 7, ac->arg[4], 0) + ac->pitch_plus;
		uint64_t w = acc_value(c, 8, ac->arg[5], 1) + ac->rect_plus;
		uint64_t h = acc_value(c, 9, ac->arg[6], 1) + ac->rect_plus;
		uint64_t dp = acc_value(c, 10, ac->arg[7], 1) + ac->rect_plus;
		if (!w || !h || !dp)
			return false;
		uint64_t pb = ac->bytes_pitch ? pitch : mul_ov(pitch, elem, &ov);
		uint64_t sb = ac->bytes_pitch ? slice : mul_ov(slice, elem, &ov);
		uint64_t first = add_ov(add_ov(mul_ov(z, sb, &ov), mul_ov(y, pb, &ov), &ov), mul_ov(x, elem, &ov), &ov);
		uint64_t last = add_ov(add_ov(mul_ov(z + dp - 1, sb, &ov), mul_ov(y + h - 1, pb, &ov), &ov),
				       mul_ov(x + w, elem, &ov), &ov);
		lo = add_ov(addr, first, &ov);
		bytes = last - first;
		break;
	}
	case GK_Z_TILED: {
		if (ac->mode) {
			int t = tiled_rows(c, ac, addr, esize, r);
			if (t >= 0)
				return t == 1;
		}
		/* whole slices of (slice_tile_max + 1) 8x8-pixel tiles from slice z */
		uint64_t slice = mul_ov(acc_value(c, 7, ac->arg[4], 0) + 1, 64 * elem, &ov);
		uint64_t z = acc_value(c, 5, ac->arg[2], 0);
		uint64_t nslices;
		if (!slice) { /* only after an overflow */
			r->lo = r->last = addr;
			r->overflow = true;
			return true;
		}
		if (ac->arg[7]) {
			nslices = acc_value(c, 10, ac->arg[7], 0) + ac->rect_plus;
		} else {
			uint64_t count = acc_value(c, 2, ac->count, 0);
			uint64_t moved = mul_ov(count, ac->n ? ac->n : 64 * elem, &ov);
			if (!moved)
				return false;
			uint64_t pitch_px = mul_ov(acc_value(c, 6, ac->arg[3], 0) + 1, 8, &ov);
			uint64_t x = acc_value(c, 3, ac->arg[0], 0), y = acc_value(c, 4, ac->arg[1], 0);
			uint64_t start = mul_ov(add_ov(mul_ov(y, pitch_px, &ov), x, &ov), elem, &ov) % slice;
			uint64_t end = add_ov(start, moved, &ov);
			nslices = end / slice + (end % slice != 0);
			z = add_ov(z, mul_ov(add_ov(mul_ov(y, pitch_px, &ov), x, &ov), elem, &ov) / slice, &ov);
		}
		if (!nslices)
			return false;
		lo = add_ov(addr, mul_ov(z, slice, &ov), &ov);
		bytes = mul_ov(nslices, slice, &ov);
		break;
	}
	default:
		return false;
	}
	if (!bytes && !ov)
		return false;
	r->lo = lo;
	r->last = add_ov(lo, bytes - 1, &ov);
	r->overflow = ov;
	return true;
}

static void check_bounds(const struct gk_format *fmt, const struct gk_check_state *st, const struct gk_packet *pkt,
			 const struct gk_packet_desc *d, struct gk_diags *out)
{
	static const uint8_t none[13] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	for (unsigned k = 0; k < d->naccess; k++) {
		const struct gk_access *ac = &d->access[k];
		const uint8_t *ixs = k < GK_FAST_ACCESSES ? gk_fast(fmt, d)->acc_ix[k] : none;
		uint64_t addr, flip = 0;
		const struct gk_field *af = field_at(fmt, d, pkt, ixs[0], ac->addr, &addr);
		if (!af)
			continue; /* absent here (a register target, another generation) */
		unsigned rw = ac->rw;
		if (ac->flip)
			field_at(fmt, d, pkt, ixs[1], ac->flip, &flip);
		if (flip && rw != (GK_ACC_READ | GK_ACC_WRITE))
			rw ^= GK_ACC_READ | GK_ACC_WRITE;
		const char *verb = rw == GK_ACC_READ ? "reads" : rw == GK_ACC_WRITE ? "writes" : "reads and writes";
		int dw = af->seg[0].dw, lo = af->seg[0].lo, hi = af->seg[0].hi;
		struct range r;
		struct acc_ctx c = { fmt, d, pkt, ixs };
		if (!access_range(&c, ac, addr, &r))
			continue;
		if (r.overflow) {
			add(out, pkt, GK_ERROR, GK_D_OVERFLOW, dw, lo, hi, af->name,
			    "the range this packet %s from %s 0x%llx runs past 2^64", verb, af->name, (unsigned long long)addr);
			continue;
		}
		const struct gk_bo *near = 0;
		uint64_t best = UINT64_MAX;
		bool inside = false;
		for (unsigned b = 0; b < st->nbos; b++) {
			const struct gk_bo *bo = &st->bos[b];
			uint64_t last = bo->base + (bo->size ? bo->size - 1 : 0); /* the CLI refuses buffers past 2^64 */
			if (last < bo->base)
				last = UINT64_MAX;
			if (bo->size && r.lo >= bo->base && r.last <= last) {
				inside = true;
				break;
			}
			/* distance: bytes of the range outside this buffer plus the gap to it */
			uint64_t before = r.lo < bo->base ? bo->base - r.lo : 0;
			uint64_t after = r.last > last ? r.last - last : 0;
			uint64_t dist = before + after;
			if (dist < before)
				dist = UINT64_MAX;
			if (!near || dist < best) {
				best = dist;
				near = bo;
			}
		}
		if (inside)
			continue;
		if (near && near->size)
			add(out, pkt, GK_ERROR, GK_D_BOUNDS, dw, lo, hi, af->name,
			    "%s 0x%llx..0x%llx (%llu bytes, %s) outside every buffer; nearest 0x%llx..0x%llx", verb,
			    (unsigned long long)r.lo, (unsigned long long)r.last,
			    (unsigned long long)(r.last - r.lo + 1), af->name, (unsigned long long)near->base,
			    (unsigned long long)(near->base + (near->size - 1)));
		else if (near)
			add(out, pkt, GK_ERROR, GK_D_BOUNDS, dw, lo, hi, af->name,
			    "%s 0x%llx..0x%llx (%llu bytes, %s) outside every buffer; nearest 0x%llx (empty)", verb,
			    (unsigned long long)r.lo, (unsigned long long)r.last, (unsigned long long)(r.last - r.lo + 1),
			    af->name, (unsigned long long)near->base);
	}
}

void gk_check_set_buffers(struct gk_check_state *st, const struct gk_bo *bos, unsigned n)
{
	if (!st)
		return;
	st->bos = bos;
	st->nbos = bos ? n : 0;
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
			add(out, pkt, GK_ERROR, GK_D_EXEC_COUNT, -1, -1, -1, "EXEC_COUNT",
			    "EXEC_COUNT of the packet at 0x%llx ends inside this packet (at 0x%llx), not on a packet boundary",
			    (unsigned long long)st->exec_from[i], (unsigned long long)end);
			continue;
		}
		st->exec_end[keep] = end;
		st->exec_from[keep] = st->exec_from[i];
		st->exec_pkt[keep] = st->exec_pkt[i];
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
		struct gk_diag *d = add(out, &p, GK_ERROR, GK_D_EXEC_COUNT, st->exec_dw[i], st->exec_lo[i], st->exec_hi[i],
					"EXEC_COUNT", "EXEC_COUNT runs past the end of the buffer (to 0x%llx, buffer ends at 0x%llx)",
					(unsigned long long)st->exec_end[i], (unsigned long long)end);
		if (d)
			d->packet = st->exec_pkt[i];
	}
	st->nexec = 0;
}

void gk_check_packet(const struct gk_format *fmt, struct gk_check_state *st, const struct gk_packet *pkt,
		     struct gk_diags *out)
{
	if (!fmt || !st || !pkt || !out || !pkt->dw || !pkt->ndw)
		return;
	if (st->nexec > 16)
		st->nexec = 16;
	if (!st->bos)
		st->nbos = 0;
	const struct gk_frame *fr = &pkt->frame;
	const struct gk_packet_desc *d = fr->desc;

	if (st->nexec)
		exec_regions(st, pkt, out);

	int olo = fmt->opcode_field ? fmt->opcode_lo : -1, ohi = fmt->opcode_field ? fmt->opcode_hi : -1;
	if (pkt->truncated) {
		const struct gk_field *cf = d ? gk_count_field(d) : 0;
		add(out, pkt, GK_ERROR, GK_D_TRUNCATED, cf ? cf->seg[0].dw : 0, cf ? cf->seg[0].lo : -1,
		    cf ? cf->seg[0].hi : -1, cf ? cf->name : 0,
		    "packet of %u dwords runs past the end of the buffer (%u dwords left)", fr->ndw, pkt->ndw);
		return;
	}
	if (!d) {
		if (fr->sub_opcode >= 0)
			add(out, pkt, GK_ERROR, GK_D_UNKNOWN_OPCODE, 0, olo, ohi, fmt->opcode_field,
			    "unknown packet: opcode 0x%02x, sub-opcode 0x%02x", (unsigned)fr->opcode, (unsigned)fr->sub_opcode);
		else
			add(out, pkt, GK_ERROR, GK_D_UNKNOWN_OPCODE, 0, olo, ohi, fmt->opcode_field, "unknown opcode 0x%02x",
			    fr->opcode);
		return;
	}
	if (fr->unknown) {
		if (fr->sub_opcode >= 0)
			add(out, pkt, GK_ERROR, GK_D_UNKNOWN_OPCODE, 0, olo, ohi, fmt->opcode_field,
			    "opcode 0x%02x sub-opcode 0x%02x is not known for any %s generation", (unsigned)fr->opcode,
			    (unsigned)fr->sub_opcode, fmt->family);
		else
			add(out, pkt, GK_ERROR, GK_D_UNKNOWN_OPCODE, 0, olo, ohi, fmt->opcode_field,
			    "opcode 0x%02x is not known for any %s generation", (unsigned)fr->opcode, fmt->family);
	} else if (fr->other_gen)
		add(out, pkt, GK_ERROR, GK_D_WRONG_GEN, 0, olo, ohi, fmt->opcode_field, "%s (0x%02x) does not exist on %s",
		    d->name, (unsigned)fr->opcode, fmt->gen);
	else if (!(d->gens & fmt->gen_bit))
		/* a framing form no generation has (PM4 type 1, §9.1.2) */
		add(out, pkt, GK_ERROR, GK_D_TYPE1, 0, 30, 31, "TYPE", "%s is not supported by any %s generation", d->name,
		    fmt->family);

	struct gk_layout L;
	gk_layout_of(fmt, d, pkt->dw, pkt->ndw, &L);

	if (pkt->ndw < d->min_dw)
		add(out, pkt, GK_ERROR, GK_D_TOO_SHORT, -1, -1, -1, 0, "packet has %u dwords, the layout needs at least %u",
		    pkt->ndw, d->min_dw);
	else if (d->max_dw && pkt->ndw > d->max_dw)
		add(out, pkt, GK_ERROR, GK_D_TOO_LONG, -1, -1, -1, 0, "packet has %u dwords, the layout allows at most %u",
		    pkt->ndw, d->max_dw);
	else if (L.extra_begin < pkt->ndw && d->tail != GK_TAIL_GROUPS)
		add(out, pkt, GK_ERROR, GK_D_TOO_LONG, (int)L.extra_begin, -1, -1, 0,
		    "packet has %u dwords, the layout explains %u", pkt->ndw, L.extra_begin);
	if (d->tail && d->tail_unit > 1 && pkt->ndw > d->tail_dw && (pkt->ndw - d->tail_dw) % d->tail_unit)
		add(out, pkt, GK_ERROR, GK_D_BAD_MULTIPLE, (int)d->tail_dw, -1, -1, d->tail_name,
		    "%u tail dwords are not a whole number of %u-dword units", pkt->ndw - d->tail_dw, d->tail_unit);

	if (L.simple) {
		/* every field is present and whole: only the ones with a rule */
		const struct gk_desc_fast *fast = gk_fast(fmt, d);
		for (unsigned r = 0; r < fast->nrules; r++) {
			unsigned i = fast->rules[r];
			check_field(fmt, pkt, (i & 0x80u) ? &d->hdr[i & 0x7fu] : &d->fields[i], 0, out);
		}
	} else {
		check_fields(fmt, pkt, d->hdr, d->nhdr, 0, pkt->ndw, out);
		check_fields(fmt, pkt, d->fields, d->nfields, 0, pkt->ndw, out);
	}
	for (unsigned i = 0; i < L.fixed_end && i < GK_FIXED_MAX; i++)
		reserved_bits(pkt, i, pkt->dw[i] & ~L.claimed[i], out);

	if (d->tail == GK_TAIL_GROUPS) {
		for (unsigned g = 0; g < L.ngroups; g++) {
			unsigned base = L.tail_begin + g * d->group_dw;
			check_fields(fmt, pkt, d->group, d->ngroup, base, d->group_dw, out);
			for (unsigned k = 0; k < d->group_dw; k++) {
				uint32_t m = 0;
				for (unsigned i = 0; i < d->ngroup; i++)
					m |= gk_field_mask(&d->group[i], k);
				reserved_bits(pkt, base + k, pkt->dw[base + k] & ~m, out);
			}
		}
	} else if (d->tail == GK_TAIL_REGS) {
		check_regs(fmt, pkt, d, &L, out);
	}

	if (d->nrules)
		check_rules(fmt, pkt, d, out);
	if (st->nbos && d->naccess && !fr->unknown)
		check_bounds(fmt, st, pkt, d, out);

	/* §9.1.4 SHADER_TYPE: dispatches are compute, draws graphics */
	if (d->hdr && d->nhdr > 1 && (d->flags & (GK_P_COMPUTE | GK_P_GRAPHICS | GK_P_SHADER0))) {
		unsigned shader_type = (pkt->dw[0] >> 1) & 1u;
		if ((d->flags & GK_P_COMPUTE) && !shader_type)
			add(out, pkt, GK_ERROR, GK_D_SHADER_TYPE, 0, 1, 1, "SHADER_TYPE",
			    "%s needs SHADER_TYPE=COMPUTE (header bit 1)", d->name);
		if ((d->flags & GK_P_SHADER0) && shader_type)
			add(out, pkt, GK_ERROR, GK_D_SHADER_TYPE, 0, 1, 1, "SHADER_TYPE",
			    "%s takes no compute state: SHADER_TYPE must be 0", d->name);
		else if ((d->flags & GK_P_GRAPHICS) && shader_type)
			add(out, pkt, GK_WARNING, GK_D_SHADER_TYPE, 0, 1, 1, "SHADER_TYPE",
			    "%s with SHADER_TYPE=COMPUTE", d->name);
	}

	/* COND_EXEC / PRED_EXEC: the next EXEC_COUNT dwords must be whole packets */
	if ((d->flags & GK_P_EXEC_COUNT) && st->nexec == sizeof st->exec_end / sizeof st->exec_end[0])
		add(out, pkt, GK_WARNING, GK_D_LIMIT, -1, -1, -1, "EXEC_COUNT",
		    "more than %u nested predicated regions: this one is not tracked", st->nexec);
	else if (d->flags & GK_P_EXEC_COUNT) {
		for (unsigned i = 0; i < d->nfields; i++) {
			if (strcmp(d->fields[i].name, "EXEC_COUNT") != 0 || !gk_field_in_range(&d->fields[i], pkt->ndw))
				continue;
			uint64_t n = gk_fget(&d->fields[i], pkt->dw, pkt->ndw);
			if (n) {
				const struct gk_seg *sg = &d->fields[i].seg[0];
				st->exec_end[st->nexec] = pkt->offset + 4ull * pkt->ndw + 4 * n;
				st->exec_from[st->nexec] = pkt->offset;
				st->exec_pkt[st->nexec] = d->name;
				st->exec_dw[st->nexec] = sg->dw;
				st->exec_lo[st->nexec] = sg->lo;
				st->exec_hi[st->nexec] = sg->hi;
				st->nexec++;
			}
		}
	}
}
