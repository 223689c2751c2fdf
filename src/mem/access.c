/* The byte ranges a packet reads and writes, from its description's access
 * rows (struct gk_access, include/gfxkit/desc.h; the DMA formulas are in
 * docs/dma.md "check").  With the executor (src/exec), the engine code that asks the tiling module
 * (src/tiling) where a surface's bytes are.  A range is exact or a safe
 * over-approximation, never less than the engine touches. */
#include <string.h>

#include "gfxkit/memory.h"
#include "gfxkit/tiling.h"

#include "layout.h" /* src/core */

/* The fields an access names, as slots of gk_desc_fast.acc_ix. */
enum slot {
	S_ADDR, S_FLIP, S_COUNT,
	S_X, S_Y, S_Z, S_PITCH, S_SLICE, S_W, S_H, S_D, S_ESIZE, /* arg[0..8] */
	S_MODE,
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
	const struct gk_unit *u;
	const uint8_t *ix; /* by enum slot (gk_desc_fast.acc_ix), or all 0xff */
};

struct range {
	uint64_t lo, last; /* [lo, last]: a range may end at 2^64 - 1 */
	bool overflow, exact;
};

/* The field called name that this packet shows (the unit's, through the
 * index gk_format_prepare resolved, else by name) */
static const struct gk_field *field(const struct acc_ctx *c, unsigned slot, const char *name, uint64_t *v)
{
	const struct gk_unit_field *uf = gk_unit_field_at(c->u, c->ix[slot], name);
	if (!uf)
		return 0;
	*v = uf->value;
	return uf->desc;
}

static uint64_t value(const struct acc_ctx *c, unsigned slot, const char *name, uint64_t dflt)
{
	uint64_t v;
	return field(c, slot, name, &v) ? v : dflt;
}

/* Slices that share micro tiles with each other: thick array modes keep
 * four slices in each 8x8x4 micro tile, XTHICK eight (8x8x8), so the bytes
 * of one slice are spread over its whole group (addrlib: the thickness of
 * the tile mode; slices are laid out a group at a time).  Told by the
 * mode's meaning in the family's table (enum gk_tag); a mode field that is
 * not there or has no meaning gets the largest group, so the bound can
 * only grow. */
static uint64_t slice_group(const struct acc_ctx *c, const struct gk_access *ac)
{
	if (!ac->mode)
		return 1; /* a row without a mode field: thin surfaces only */
	uint64_t mode;
	const struct gk_field *f = field(c, S_MODE, ac->mode, &mode);
	switch (f ? gk_enum_tag(f->enm, mode) : GK_TAG_NONE) {
	case GK_TAG_ARRAY_LINEAR_GENERAL:
	case GK_TAG_ARRAY_LINEAR_ALIGNED:
	case GK_TAG_ARRAY_1D_THIN:
	case GK_TAG_ARRAY_2D_THIN:
	case GK_TAG_ARRAY_TILED_THIN:
		return 1;
	case GK_TAG_ARRAY_1D_THICK:
	case GK_TAG_ARRAY_TILED_THICK:
		return 4;
	default:
		return 8;
	}
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
	if (!field(c, S_MODE, ac->mode, &mode) || mode > 2)
		return -1;
	uint64_t elem = 1ull << esize;
	uint64_t pitch = (value(c, S_PITCH, ac->arg[3], 0) + 1) * 8;  /* elements (pitch_tile_max: 8-pixel tiles) */
	uint64_t slice = (value(c, S_SLICE, ac->arg[4], 0) + 1) * 64; /* elements (slice_tile_max: 64-pixel tiles) */
	if (pitch > GK_TILE_MAX_DIM || slice % pitch || slice / pitch > GK_TILE_MAX_DIM)
		return -1;
	uint64_t rows = slice / pitch, z = value(c, S_Z, ac->arg[2], 0);
	uint64_t first[3], last[3]; /* x, y, slice */
	bool box = ac->arg[7] != 0;
	if (box) {
		/* a box: origin and extent */
		uint64_t x = value(c, S_X, ac->arg[0], 0), y = value(c, S_Y, ac->arg[1], 0);
		uint64_t w = value(c, S_W, ac->arg[5], 1) + ac->rect_plus, h = value(c, S_H, ac->arg[6], 1) + ac->rect_plus;
		uint64_t dp = value(c, S_D, ac->arg[7], 1) + ac->rect_plus;
		if (!w || !h || !dp)
			return 0;
		first[0] = x, first[1] = y, first[2] = z;
		last[0] = x + w - 1, last[1] = y + h - 1, last[2] = z + dp - 1;
	} else {
		/* COUNT units in raster order from (x, y) of slice z, rows of pitch
		 * elements, running on into the next slices */
		uint64_t count = value(c, S_COUNT, ac->count, 0);
		uint64_t moved = count * (ac->n ? ac->n : 64 * elem); /* count < 2^32, n small: no overflow */
		if (!moved)
			return 0;
		uint64_t e0 = value(c, S_Y, ac->arg[1], 0) * pitch + value(c, S_X, ac->arg[0], 0);
		uint64_t e1 = e0 + (moved + elem - 1) / elem - 1;
		first[0] = e0 % pitch, first[1] = e0 / pitch % rows, first[2] = z + e0 / slice;
		last[0] = e1 % pitch, last[1] = e1 / pitch % rows, last[2] = z + e1 / slice;
	}
	if (first[0] >= pitch || last[0] >= pitch || first[1] >= rows || last[1] >= rows ||
	    last[2] >= GK_TILE_MAX_SLICES)
		return -1;
	struct gk_tile_params p;
	gk_tile_params_simple(&p, mode == 2 ? GK_TILE_1D : GK_TILE_LINEAR, 8u << esize, (uint32_t)pitch, (uint32_t)rows,
			      (uint32_t)last[2] + 1);
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
	/* a run of elements on a linear surface is every byte between its ends */
	r->exact = mode < 2 && !box;
	return 1;
}

/* A tiled access bounded by whole slices of (slice_tile_max + 1) 8x8-pixel
 * tiles, widened to whole groups of slices on thick surfaces.  false when
 * it touches nothing. */
static bool tiled_slices(const struct acc_ctx *c, const struct gk_access *ac, uint64_t addr, uint64_t elem,
			 struct range *r)
{
	bool ov = false;
	uint64_t slice = mul_ov(value(c, S_SLICE, ac->arg[4], 0) + 1, 64 * elem, &ov);
	uint64_t z = value(c, S_Z, ac->arg[2], 0);
	uint64_t nslices;
	r->exact = false;
	if (!slice) { /* only after an overflow */
		r->lo = r->last = addr;
		r->overflow = true;
		return true;
	}
	if (ac->arg[7]) {
		nslices = value(c, S_D, ac->arg[7], 0) + ac->rect_plus;
	} else {
		uint64_t count = value(c, S_COUNT, ac->count, 0);
		uint64_t moved = mul_ov(count, ac->n ? ac->n : 64 * elem, &ov);
		if (!moved)
			return false;
		uint64_t pitch_px = mul_ov(value(c, S_PITCH, ac->arg[3], 0) + 1, 8, &ov);
		uint64_t x = value(c, S_X, ac->arg[0], 0), y = value(c, S_Y, ac->arg[1], 0);
		uint64_t at = mul_ov(add_ov(mul_ov(y, pitch_px, &ov), x, &ov), elem, &ov); /* bytes from slice z */
		uint64_t end = add_ov(at % slice, moved, &ov);
		nslices = end / slice + (end % slice != 0);
		z = add_ov(z, at / slice, &ov);
	}
	if (!nslices)
		return false;
	uint64_t group = slice_group(c, ac);
	if (group > 1) {
		/* from the first slice of z's group to the last of the last slice's */
		uint64_t zlast = add_ov(z, nslices - 1, &ov);
		uint64_t z0 = z - z % group;
		uint64_t end = add_ov(zlast - zlast % group, group, &ov);
		z = z0;
		nslices = end - z0;
	}
	r->lo = add_ov(addr, mul_ov(z, slice, &ov), &ov);
	r->last = add_ov(r->lo, mul_ov(nslices, slice, &ov) - 1, &ov);
	r->overflow = ov;
	return true;
}

/* The byte range of one access; false when it touches nothing. */
static bool access_range(const struct acc_ctx *c, const struct gk_access *ac, uint64_t addr, struct range *r)
{
	bool ov = false, exact = true;
	uint64_t lo = addr, bytes = 0;
	unsigned esize = ac->arg[8] ? (unsigned)value(c, S_ESIZE, ac->arg[8], 0) : ac->esize_const;
	if (esize > 4)
		esize = 4; /* a reserved element size is reported by its enum; bound with the largest */
	uint64_t elem = 1ull << esize;
	switch (ac->size) {
	case GK_Z_FIXED:
		bytes = ac->n;
		break;
	case GK_Z_COUNT: {
		uint64_t count = value(c, S_COUNT, ac->count, 0);
		if (!count && !ac->plus)
			return false;
		uint64_t unit = ac->n ? ac->n : 64 * elem; /* 0: 8x8-pixel tiles */
		if (ac->arg[0])
			unit = mul_ov(unit, value(c, S_X, ac->arg[0], 0), &ov);
		if (ac->arg[1])
			lo = add_ov(lo, mul_ov(value(c, S_Y, ac->arg[1], 0), unit, &ov), &ov);
		bytes = mul_ov(count + ac->plus, unit, &ov);
		break;
	}
	case GK_Z_RECT: {
		uint64_t x = value(c, S_X, ac->arg[0], 0), y = value(c, S_Y, ac->arg[1], 0);
		uint64_t z = value(c, S_Z, ac->arg[2], 0);
		uint64_t pitch = value(c, S_PITCH, ac->arg[3], 0) + ac->pitch_plus;
		uint64_t slice = value(c, S_SLICE, ac->arg[4], 0) + ac->pitch_plus;
		uint64_t w = value(c, S_W, ac->arg[5], 1) + ac->rect_plus;
		uint64_t h = value(c, S_H, ac->arg[6], 1) + ac->rect_plus;
		uint64_t dp = value(c, S_D, ac->arg[7], 1) + ac->rect_plus;
		if (!w || !h || !dp)
			return false;
		uint64_t pb = ac->bytes_pitch ? pitch : mul_ov(pitch, elem, &ov);
		uint64_t sb = ac->bytes_pitch ? slice : mul_ov(slice, elem, &ov);
		uint64_t first = add_ov(add_ov(mul_ov(z, sb, &ov), mul_ov(y, pb, &ov), &ov), mul_ov(x, elem, &ov), &ov);
		uint64_t last = add_ov(add_ov(mul_ov(z + dp - 1, sb, &ov), mul_ov(y + h - 1, pb, &ov), &ov),
				       mul_ov(x + w, elem, &ov), &ov);
		lo = add_ov(addr, first, &ov);
		bytes = last - first;
		/* every byte between the ends only when rows and slices follow
		 * each other without gaps */
		bool big = false; /* a product past 2^64 is no layout without gaps */
		uint64_t row = mul_ov(w, elem, &big);
		exact = (h == 1 || pb == row) && (dp == 1 || sb == mul_ov(h, row, &big)) && !big;
		break;
	}
	case GK_Z_TILED:
		if (ac->mode) {
			int t = tiled_rows(c, ac, addr, esize, r);
			if (t >= 0)
				return t == 1;
		}
		return tiled_slices(c, ac, addr, elem, r);
	default:
		return false;
	}
	if (!bytes && !ov)
		return false;
	r->lo = lo;
	r->last = add_ov(lo, bytes - 1, &ov);
	r->overflow = ov;
	r->exact = exact && !ov;
	return true;
}

int gk_unit_access(const struct gk_format *fmt, const struct gk_unit *u, unsigned k, struct gk_mem_access *a)
{
	static const uint8_t none[13] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	if (!fmt || !u || !a)
		return -1;
	const struct gk_packet_desc *d = u->desc;
	if (!d || u->pkt.frame.unknown || k >= d->naccess)
		return -1;
	const struct gk_access *ac = &d->access[k];
	struct acc_ctx c = { fmt, d, u, k < GK_FAST_ACCESSES ? gk_fast(fmt, d)->acc_ix[k] : none };
	uint64_t addr, flip = 0;
	const struct gk_field *af = field(&c, S_ADDR, ac->addr, &addr);
	if (!af)
		return 0; /* absent here (a register target, another generation) */
	unsigned rw = ac->rw;
	if (ac->flip)
		field(&c, S_FLIP, ac->flip, &flip);
	if (flip && rw != (GK_ACC_READ | GK_ACC_WRITE))
		rw ^= GK_ACC_READ | GK_ACC_WRITE;
	struct range r;
	if (!access_range(&c, ac, addr, &r))
		return 0;
	memset(a, 0, sizeof *a);
	a->rw = rw;
	a->addr = addr;
	a->first = r.lo;
	a->last = r.last;
	a->overflow = r.overflow;
	a->exact = r.exact && !r.overflow;
	a->field = af;
	a->dw = af->seg[0].dw;
	a->lo = af->seg[0].lo;
	a->hi = af->seg[0].hi;
	a->row = ac;
	return 1;
}

int gk_packet_access(const struct gk_format *fmt, const struct gk_packet *pkt, unsigned k, struct gk_mem_access *a)
{
	if (!fmt || !pkt || !a)
		return -1;
	struct gk_unit u;
	gk_unit_decode_lazy(fmt, pkt, NULL, &u);
	return gk_unit_access(fmt, &u, k, a);
}
