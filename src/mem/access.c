/* The byte ranges a packet reads and writes, from its description's access
 * rows (struct gk_access, include/gfxkit/desc.h; the DMA formulas are in
 * docs/dma.md "check").  With the executor (src/exec), the engine code that asks the tiling module
 * (src/tiling) where a surface's bytes are.  A range is exact or a safe
 * over-approximation, never less than the engine touches. */
#include <string.h>

#include "gfxkit/memory.h"
#include "gfxkit/swizzle.h"
#include "gfxkit/tiling.h"

#include "layout.h" /* src/core */
#include "mem_priv.h"

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
	const struct gk_unit *u; /* NULL: the words alone (gk_bounds_quiet) */
	const uint32_t *dw;      /* the packet's words, ndw of them */
	size_t ndw;
	/* without a unit, a description whose fields are present by a
	 * condition (not simple): presence decided here, as decode_list
	 * decides it; unsure: a field the packet cuts, which the words alone
	 * do not settle (gk_words_access then says -1); compute_at says -1 then too */
	bool conds;
	bool unsure;
	const uint8_t *ix; /* by enum gk_acc_slot (gk_desc_fast.acc_ix), or all 0xff */
	/* ix was resolved by gk_format_prepare and the description has no
	 * group fields: a name it does not resolve (0xff) is no field the
	 * unit can show on this generation (gk_field_index searched the
	 * header and the fixed fields, the only lists a unit's fields come
	 * from besides groups) */
	bool absent_known;
	/* the description's lists, where a resolved index points */
	const struct gk_field *lists[2]; /* [0]: fields, [1]: hdr (bit 7 of ix) */
	unsigned counts[2];
};

struct range {
	uint64_t lo, last; /* [lo, last]: a range may end at 2^64 - 1 */
	bool overflow, exact;
};

/* gk_fget with the two-segment read spelled out too: the 40-bit and
 * 64-bit addresses of every DMA generation are split over two dwords, and
 * the call to gk_field_get for them was a twentieth of a --bo check on
 * the Cayman and SDMA bench streams.  Segments past ndw read as 0, as
 * there. */
static inline uint64_t seg_get(const struct gk_seg *s, const uint32_t *dw, size_t ndw)
{
	if (s->dw >= ndw)
		return 0;
	uint32_t w = dw[s->dw] >> s->lo;
	unsigned width = s->hi - s->lo + 1u;
	if (width < 32)
		w &= (1u << width) - 1u;
	return (uint64_t)w << s->pos;
}

static inline uint64_t fget(const struct gk_field *f, const uint32_t *dw, size_t ndw)
{
	if (f->nseg == 1)
		return seg_get(&f->seg[0], dw, ndw);
	if (f->nseg == 2)
		return seg_get(&f->seg[0], dw, ndw) | seg_get(&f->seg[1], dw, ndw);
	return gk_field_get(f, dw, ndw);
}

/* The unit's shown field at index ix, else one of that name: the fields
 * decoded (a unit not simple, or filled).  Out of line: inlined, it made
 * every field read of the hot path above dearer (Cayman --bo +2 M). */
static __attribute__((noinline)) const struct gk_field *field_shown(struct acc_ctx *c, uint8_t ix, const char *name,
								     uint64_t *v)
{
	const struct gk_unit *u = c->u;
	gk_unit_fill(u);
	if (ix != 0xff) {
		/* the indexed field when shown (gk_unit_field_at) */
		unsigned i = ix & 0x7fu, l = ix >> 7;
		uint8_t at = 0xff;
		if (i < c->counts[l] && i < (l ? GK_UNIT_HDR_FIELDS : GK_UNIT_FIELDS))
			at = (l ? u->hdr_slot : u->body_slot)[i];
		if (at < u->nfields && !u->fields[at].cut) {
			*v = u->fields[at].value;
			return u->fields[at].desc;
		}
	}
	/* not shown here: another field of that name may be (conditional
	 * alternatives: SDMA POLL_REGMEM's ADDR without MEM_POLL).  The first
	 * letter before the comparison: gk_unit_field's strcmp of every
	 * field was 2.4 M instructions of a --bo check on the CIK bench
	 * stream, for 4,600 such packets. */
	for (unsigned k = 0; k < u->nfields && k < GK_UNIT_FIELDS; k++) {
		const struct gk_unit_field *uf = &u->fields[k];
		const char *n = uf->desc->name;
		if (n[0] == name[0] && !uf->cut && strcmp(n, name) == 0) {
			*v = uf->value;
			return uf->desc;
		}
	}
	return 0;
}

/* Whether field i of list l (0: fields, 1: header) is present in the
 * packet, from the words, as decode_list decides: on this generation, its
 * condition's field present (an earlier one of the same list) with a value
 * the condition takes, and all there (a field the packet cuts off leaves
 * the answer to the unit's decode).  *v its value. */
static bool present_at(struct acc_ctx *c, unsigned l, unsigned i, uint64_t *v)
{
	const struct gk_field *f = &c->lists[l][i];
	if (f->gens && !(f->gens & c->fmt->gen_bit))
		return false;
	if (f->cond) {
		unsigned ci = f->cond - 1u;
		uint64_t cv;
		if (ci >= i || !present_at(c, l, ci, &cv) || cv >= 32 || !((f->cond_mask >> cv) & 1u))
			return false;
	}
	if ((f->nseg == 1 ? f->seg[0].dw : gk_field_last_dw(f)) >= c->ndw) {
		c->unsure = true;
		return false;
	}
	*v = fget(f, c->dw, c->ndw);
	return true;
}

/* The present field called name of a conditional description, from the
 * words: the indexed one, else another of that name (the alternatives of
 * SDMA POLL_REGMEM), the header's first, as field_shown finds it */
static __attribute__((noinline)) const struct gk_field *cond_field(struct acc_ctx *c, uint8_t ix, const char *name,
								    uint64_t *v)
{
	if (ix != 0xff && (ix & 0x7fu) < c->counts[ix >> 7] && present_at(c, ix >> 7, ix & 0x7fu, v))
		return &c->lists[ix >> 7][ix & 0x7fu];
	for (unsigned l = 2; l-- > 0;)
		for (unsigned i = 0; i < c->counts[l]; i++) {
			const struct gk_field *f = &c->lists[l][i];
			if (f->name[0] == name[0] && strcmp(f->name, name) == 0 && present_at(c, l, i, v))
				return f;
		}
	return 0;
}

/* The field called name that this packet shows (the unit's, through the
 * index gk_format_prepare resolved, else by name).  Forced inline, with
 * value below, into each of its dozen callers: gcc kept them as calls, and
 * inlined they cost 1-3 M instructions less on every --bo bench stream
 * (Cayman 98.7 -> 95.3 M); forcing qty too gained nothing. */
static inline __attribute__((always_inline)) const struct gk_field *field(struct acc_ctx *c, unsigned slot, const char *name, uint64_t *v)
{
	if (!name)
		return 0;
	const struct gk_unit *u = c->u;
	uint8_t ix = c->ix[slot];
	if (ix == 0xff && c->absent_known)
		return 0; /* without the fill and the search by name of every
			   * field (SDMA 6 has no EPITCH) */
	if (c->conds)
		return cond_field(c, ix, name, v);
	if ((!u || (u->pending && u->simple)) && ix != 0xff) {
		/* a unit whose fields nobody asked for yet (check --bo): the few
		 * the row names read straight from the words, as gk_unit_fill
		 * would (a simple description: presence by generation, every
		 * field whole), not every field of the packet decoded for them.
		 * The generation was tested when ix was resolved. */
		unsigned i = ix & 0x7fu, l = ix >> 7;
		if (i < c->counts[l]) {
			const struct gk_field *f = &c->lists[l][i];
			*v = fget(f, c->dw, c->ndw);
			return f;
		}
	}
	if (!u)
		return 0; /* not reached: gk_bounds_quiet takes only descriptions
			   * whose every name is resolved or known absent */
	return field_shown(c, ix, name, v);
}

static inline __attribute__((always_inline)) uint64_t value(struct acc_ctx *c, unsigned slot, const char *name, uint64_t dflt)
{
	uint64_t v;
	return field(c, slot, name, &v) ? v : dflt;
}

/* The quantity an argument names: its field's raw value (raw when the
 * packet does not have it) read through the row's encoding (struct gk_arg) */
static uint64_t scaled(const struct gk_arg *a, uint64_t v, bool *ov)
{
	switch (a->scale) {
	case GK_S_LINEAR:
		return mul_ov(add_ov(v, a->plus, ov), a->mul, ov);
	case GK_S_POW2:
		if (v >= 64 || a->mul > (UINT64_MAX >> v)) {
			*ov = true;
			return 0;
		}
		return (uint64_t)a->mul << v;
	default:
		return v;
	}
}

static uint64_t qty(struct acc_ctx *c, unsigned slot, const struct gk_arg *a, uint64_t raw, bool *ov)
{
	return scaled(a, value(c, slot, a->name, raw), ov);
}

/* log2 bytes per element as the packet gives it (> 4: reserved) */
static unsigned log2_elem(struct acc_ctx *c, const struct gk_access *ac)
{
	uint64_t es = ac->esize.name ? value(c, GK_AS_ESIZE, ac->esize.name, 0) : ac->esize_const;
	return es > 255 ? 255 : (unsigned)es;
}

static uint32_t u32_or_0(uint64_t v)
{
	return v > UINT32_MAX ? 0 : (uint32_t)v; /* 0: out of every range, so refused */
}

/* A GFX9-12 swizzle-mode surface (GK_SURF_SWIZZLE): the parameters the
 * packet gives, laid out once by the tiling module on the format's chip.
 * The address's bits from 8 up to the block size are the surface's
 * pipe/bank xor (Mesa's SDMA copies emit tiled_address | tile_swizzle << 8,
 * si_sdma_copy_image.c / radv_sdma.c); they are taken as the xor only when
 * they move element (0, 0) by exactly those bits, that is when the mode
 * has a xor that wide, otherwise the surface is refused. */
static void resolve_swizzle(struct acc_ctx *c, const struct gk_access *ac, uint64_t addr, unsigned es,
			    struct gk_surface *s, bool *ov)
{
	const struct gk_surface_fields *sf = ac->surface;
	uint64_t v;
	s->layout = GK_LAYOUT_SWIZZLE;
	gk_swz_params_init(&s->swz);
	s->swz.chip = gk_swz_chip_find(c->fmt->swz_chip);
	s->swz.mode = u32_or_0(value(c, GK_AS_MODE, ac->mode, 0));
	const struct gk_field *f = sf->dimension.name ? field(c, GK_AS_DIMENSION, sf->dimension.name, &v) : 0;
	unsigned dim = f ? gk_enum_tag(f->enm, v) : GK_TAG_DIM_2D;
	s->swz.dims = dim == GK_TAG_DIM_3D ? 3 : dim == GK_TAG_DIM_2D ? 2 : 1; /* 1D: refused (not laid out here) */
	s->swz.bpp = es <= 4 ? 8u << es : 0;
	s->swz.width = u32_or_0(qty(c, GK_AS_SURF_W, &sf->width, 1, ov));
	s->swz.height = u32_or_0(qty(c, GK_AS_SURF_H, &sf->height, 1, ov));
	s->swz.depth_or_slices = u32_or_0(qty(c, GK_AS_SURF_D, &sf->depth, 1, ov));
	s->swz.mips = u32_or_0(qty(c, GK_AS_MIPS, &sf->mips, 1, ov));
	s->mip = u32_or_0(qty(c, GK_AS_MIP_ID, &sf->mip_id, 0, ov));
	/* EPITCH only where the packet has it (SDMA 4) */
	s->epitch = sf->epitch.name && field(c, GK_AS_EPITCH, sf->epitch.name, &v)
			    ? u32_or_0(qty(c, GK_AS_EPITCH, &sf->epitch, 0, ov))
			    : 0;
	s->swz_base = addr;
	/* a run of elements goes along the level's rows */
	uint32_t lw = s->swz.width >> (s->mip < 32 ? s->mip : 31), lh = s->swz.height >> (s->mip < 32 ? s->mip : 31);
	s->pitch = lw ? lw : 1;
	s->slice = (uint64_t)s->pitch * (lh ? lh : 1);
	struct gk_swz_surface ss;
	struct gk_swz_coord c0 = { 0, 0, 0, 0, 0 };
	uint64_t a0, a1;
	if (!s->swz.chip || gk_swz_surface_init(&ss, &s->swz, NULL) || gk_swz_addr(&ss, &c0, &a0)) {
		s->swz_refused = true;
		return;
	}
	uint64_t low = addr & (((uint64_t)1 << ss.block_bits) - 1) & ~(uint64_t)0xff;
	if (low) {
		s->swz.pipe_bank_xor = (uint32_t)(low >> 8);
		if (gk_swz_surface_init(&ss, &s->swz, NULL) || gk_swz_addr(&ss, &c0, &a1) || (a0 ^ a1) != low) {
			s->swz_refused = true;
			return;
		}
		s->swz_base = addr - low;
	}
	s->swz_bytes = ss.surf_size;
}

/* The surface of a RECT or TILED access, from the row's fields and its
 * surface fields through the table's encodings: the one place a packet's
 * surface is read (the access ranges below and the executor use it). */
static void resolve_surface(struct acc_ctx *c, const struct gk_access *ac, uint64_t addr, unsigned es,
			    struct gk_surface *s)
{
	memset(s, 0, sizeof *s);
	if (ac->size != GK_Z_RECT && ac->size != GK_Z_TILED)
		return;
	bool ov = false;
	uint64_t elem = 1ull << (es > 4 ? 4 : es); /* a reserved size: bound with the largest */
	s->log2_elem = (uint8_t)es;
	s->x = qty(c, GK_AS_X, &ac->x, 0, &ov);
	s->y = qty(c, GK_AS_Y, &ac->y, 0, &ov);
	s->z = qty(c, GK_AS_Z, &ac->z, 0, &ov);
	s->w = qty(c, GK_AS_W, &ac->w, 1, &ov);
	s->h = qty(c, GK_AS_H, &ac->h, 1, &ov);
	s->d = qty(c, GK_AS_D, &ac->d, 1, &ov);
	s->pitch = qty(c, GK_AS_PITCH, &ac->pitch, 0, &ov);
	s->slice = qty(c, GK_AS_SLICE, &ac->slice, 0, &ov);
	if (ac->size == GK_Z_RECT) {
		s->layout = GK_LAYOUT_RECT;
		s->box = true;
		if (!ac->bytes_pitch) {
			s->pitch = mul_ov(s->pitch, elem, &ov);
			s->slice = mul_ov(s->slice, elem, &ov);
		}
		s->overflow = ov;
		return;
	}
	s->box = ac->d.name != NULL;
	if (ac->surface && ac->surface->kind == GK_SURF_SWIZZLE) {
		if (!s->box)
			s->bytes = mul_ov(add_ov(value(c, GK_AS_COUNT, ac->count, 0), ac->plus, &ov), ac->n ? ac->n : elem, &ov);
		resolve_swizzle(c, ac, addr, es, s, &ov);
		s->overflow = ov;
		return;
	}
	s->layout = GK_LAYOUT_ARRAY;
	if (!s->box)
		s->bytes = mul_ov(value(c, GK_AS_COUNT, ac->count, 0), ac->n ? ac->n : 64 * elem, &ov);
	uint64_t v;
	const struct gk_field *f = ac->mode ? field(c, GK_AS_MODE, ac->mode, &v) : 0;
	s->has_mode = f != NULL;
	s->mode = f ? (uint8_t)gk_enum_tag(f->enm, v) : GK_TAG_NONE;
	const struct gk_surface_fields *sf = ac->surface;
	if (sf && sf->kind == GK_SURF_ARRAY) {
		f = sf->micro.name ? field(c, GK_AS_MICRO, sf->micro.name, &v) : 0;
		s->micro = f ? (uint8_t)gk_enum_tag(f->enm, v) : GK_TAG_NONE;
		f = sf->pipe_config.name ? field(c, GK_AS_PIPE_CONFIG, sf->pipe_config.name, &v) : 0;
		s->gfx6 = f != NULL;
		s->pipe_config = f ? (uint32_t)v : 0;
		s->tile_split = (uint32_t)qty(c, GK_AS_TILE_SPLIT, &sf->tile_split, 0, &ov);
		s->bank_width = (uint32_t)qty(c, GK_AS_BANK_WIDTH, &sf->bank_width, 0, &ov);
		s->bank_height = (uint32_t)qty(c, GK_AS_BANK_HEIGHT, &sf->bank_height, 0, &ov);
		s->macro_aspect = (uint32_t)qty(c, GK_AS_MACRO_ASPECT, &sf->macro_aspect, 0, &ov);
		s->num_banks = (uint32_t)qty(c, GK_AS_NUM_BANKS, &sf->num_banks, 0, &ov);
	}
	s->overflow = ov;
}

/* Slices that share micro tiles with each other: thick array modes keep
 * four slices in each 8x8x4 micro tile, XTHICK eight (8x8x8), so the bytes
 * of one slice are spread over its whole group (addrlib: the thickness of
 * the tile mode; slices are laid out a group at a time).  Told by the
 * mode's meaning in the family's table (enum gk_tag); a mode field that is
 * not there or has no meaning gets the largest group, so the bound can
 * only grow. */
static uint64_t slice_group(const struct gk_access *ac, const struct gk_surface *s)
{
	if (!ac->mode)
		return 1; /* a row without a mode field: thin surfaces only */
	switch (s->has_mode ? s->mode : GK_TAG_NONE) {
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

/* A tiled access on a linear or 1D thin surface: the rows it reaches, as
 * the tiling module lays the surface out: the range from the first
 * element's micro-tile row (linear: the element) to the last one's
 * (gk_tile_range of each; everything between is contiguous in these modes).
 * Pitch and slice come from the packet; when they are not a layout the
 * module would give (a pitch addrlib pads, a slice that is not whole
 * micro-tile rows, sizes past its limits), or the box leaves the slice, or
 * the surface is 2D or thick, this says so (-1) and the caller bounds whole
 * slices.  Linear and 1D ranges do not depend on the element order inside a
 * micro tile, where r6xx-Cayman differ from GFX6-8, so the GFX6-8 module
 * serves every generation.  Returns 1 with *r set, 0 when the access
 * touches nothing. */
static int tiled_rows(const struct gk_surface *s, uint64_t addr, unsigned esize, struct range *r)
{
	if (!s->has_mode || s->overflow)
		return -1;
	bool linear = s->mode == GK_TAG_ARRAY_LINEAR_GENERAL || s->mode == GK_TAG_ARRAY_LINEAR_ALIGNED;
	if (!linear && s->mode != GK_TAG_ARRAY_1D_THIN)
		return -1;
	uint64_t elem = 1ull << esize;
	uint64_t pitch = s->pitch, slice = s->slice; /* elements */
	if (!pitch || pitch > GK_TILE_MAX_DIM || slice % pitch || slice / pitch > GK_TILE_MAX_DIM)
		return -1;
	uint64_t rows = slice / pitch, z = s->z;
	uint64_t first[3], last[3]; /* x, y, slice */
	if (s->box) {
		if (!s->w || !s->h || !s->d)
			return 0;
		first[0] = s->x, first[1] = s->y, first[2] = z;
		last[0] = s->x + s->w - 1, last[1] = s->y + s->h - 1, last[2] = z + s->d - 1;
	} else {
		/* a run of elements in raster order from (x, y) of slice z, rows of
		 * pitch elements, running on into the next slices */
		if (!s->bytes)
			return 0;
		uint64_t e0 = s->y * pitch + s->x;
		uint64_t e1 = e0 + (s->bytes + elem - 1) / elem - 1;
		first[0] = e0 % pitch, first[1] = e0 / pitch % rows, first[2] = z + e0 / slice;
		last[0] = e1 % pitch, last[1] = e1 / pitch % rows, last[2] = z + e1 / slice;
	}
	if (first[0] >= pitch || last[0] >= pitch || first[1] >= rows || last[1] >= rows || first[2] > last[2] ||
	    last[2] >= GK_TILE_MAX_SLICES)
		return -1;
	/* The tiling module's layout of this surface (src/tiling/tiling.c:
	 * gk_tile_surface_init pads the pitch and height, gk_tile_range gives
	 * an element's micro-tile row), in closed form: setting the module's
	 * surface up fills its micro-tile tables, 7,700 instructions a packet,
	 * a tenth of a --bo check on the CIK bench stream.  tests/mem/
	 * test_access.c holds the two together on random surfaces.  Linear:
	 * the pitch is whole steps of max(8 elements, 64 bytes) and a slice
	 * whole max(64 elements, 256 bytes), rows unpadded.  1D thin: pitch and
	 * height whole micro tiles (8), a slice whole 256 bytes, and a
	 * micro-tile row the pitch's tiles of 64 elements. */
	uint64_t slice_bytes = slice * elem, lo0, hi1;
	if (linear) {
		uint64_t step = 64 / elem > 8 ? 64 / elem : 8, gran = 256 / elem > 64 ? 256 / elem : 64;
		if (pitch % step || slice % gran)
			return -1;
		lo0 = ((first[2] * rows + first[1]) * pitch + first[0]) * elem;
		hi1 = ((last[2] * rows + last[1]) * pitch + last[0]) * elem + elem;
	} else {
		if (pitch % 8 || rows % 8 || slice_bytes % 256)
			return -1;
		uint64_t tile_row = pitch / 8 * 64 * elem;
		lo0 = first[2] * slice_bytes + first[1] / 8 * tile_row;
		hi1 = last[2] * slice_bytes + (last[1] / 8 + 1) * tile_row;
	}
	bool ov = false;
	r->lo = add_ov(addr, lo0, &ov);
	r->last = add_ov(addr, hi1 - 1, &ov);
	r->overflow = ov;
	/* a run of elements on a linear surface is every byte between its ends */
	r->exact = linear && !s->box;
	return 1;
}

/* A tiled access bounded by whole slices, widened to whole groups of
 * slices on thick surfaces.  false when it touches nothing. */
static bool tiled_slices(const struct gk_access *ac, const struct gk_surface *s, uint64_t addr, uint64_t elem,
			 struct range *r)
{
	bool ov = s->overflow;
	uint64_t slice = mul_ov(s->slice, elem, &ov); /* bytes */
	uint64_t z = s->z;
	uint64_t nslices;
	r->exact = false;
	if (!slice) { /* only after an overflow */
		r->lo = r->last = addr;
		r->overflow = true;
		return true;
	}
	if (s->box) {
		nslices = s->d;
	} else {
		if (!s->bytes)
			return false;
		uint64_t at = mul_ov(add_ov(mul_ov(s->y, s->pitch, &ov), s->x, &ov), elem, &ov); /* bytes from slice z */
		uint64_t end = add_ov(at % slice, s->bytes, &ov);
		nslices = end / slice + (end % slice != 0);
		z = add_ov(z, at / slice, &ov);
	}
	if (!nslices)
		return false;
	uint64_t group = slice_group(ac, s);
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

/* The byte range of one access (s: its surface); false when it touches
 * nothing. */
static bool access_range(struct acc_ctx *c, const struct gk_access *ac, const struct gk_surface *s,
			 uint64_t addr, unsigned esize, struct range *r)
{
	bool ov = false, exact = true;
	uint64_t lo = addr, bytes = 0;
	if (esize > 4)
		esize = 4; /* a reserved element size is reported by its enum; bound with the largest */
	uint64_t elem = 1ull << esize;
	switch (ac->size) {
	case GK_Z_FIXED:
		bytes = ac->n;
		break;
	case GK_Z_COUNT: {
		uint64_t count = value(c, GK_AS_COUNT, ac->count, 0);
		if (!count && !ac->plus)
			return false;
		uint64_t unit = ac->n ? ac->n : 64 * elem; /* 0: 8x8-pixel tiles */
		if (ac->stride.name)
			unit = mul_ov(unit, qty(c, GK_AS_STRIDE, &ac->stride, 0, &ov), &ov);
		if (ac->first.name)
			lo = add_ov(lo, mul_ov(qty(c, GK_AS_FIRST, &ac->first, 0, &ov), unit, &ov), &ov);
		bytes = mul_ov(count + ac->plus, unit, &ov);
		break;
	}
	case GK_Z_RECT: {
		if (!s->w || !s->h || !s->d)
			return false;
		ov = s->overflow;
		uint64_t pb = s->pitch, sb = s->slice;
		uint64_t first = add_ov(add_ov(mul_ov(s->z, sb, &ov), mul_ov(s->y, pb, &ov), &ov), mul_ov(s->x, elem, &ov),
					&ov);
		uint64_t last = add_ov(add_ov(mul_ov(s->z + s->d - 1, sb, &ov), mul_ov(s->y + s->h - 1, pb, &ov), &ov),
				       mul_ov(s->x + s->w, elem, &ov), &ov);
		lo = add_ov(addr, first, &ov);
		bytes = last - first;
		/* every byte between the ends only when rows and slices follow
		 * each other without gaps */
		bool big = false; /* a product past 2^64 is no layout without gaps */
		uint64_t row = mul_ov(s->w, elem, &big);
		exact = (s->h == 1 || pb == row) && (s->d == 1 || sb == mul_ov(s->h, row, &big)) && !big;
		break;
	}
	case GK_Z_TILED:
		if (s->layout == GK_LAYOUT_SWIZZLE) {
			/* the whole surface (its size from the tiling module); a
			 * refused one its first byte: the bounds check and the
			 * executor say why it has no layout */
			if (s->box ? !s->w || !s->h || !s->d : !s->bytes)
				return false;
			r->lo = s->swz_base;
			r->last = s->swz_refused || !s->swz_bytes ? s->swz_base : add_ov(s->swz_base, s->swz_bytes - 1, &ov);
			r->overflow = ov || s->overflow;
			r->exact = false;
			return true;
		}
		if (ac->mode) {
			int t = tiled_rows(s, addr, esize, r);
			if (t >= 0)
				return t == 1;
		}
		return tiled_slices(ac, s, addr, elem, r);
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

/* Access k of a simple description (d, framed at dw, ndw words) whose row
 * gives its range in closed form (a fixed size, or a count of units:
 * gk_words_range_fast, which check --bo's quiet bounds stage reads,
 * tests/core/test_check_quiet.c holding it to compute_at's general path),
 * the record filled from it: no context, no surface resolved, no field
 * looked up by slot.  Most DMA rows are these: the general path was ~180
 * instructions a row, a seventh of `gfxkit run` on bench_exec's 5 MB CIK
 * stream (callgrind).  A unit's fields, decoded or pending, are the
 * words' for a simple description whose fixed dwords are all there, so
 * the caller takes this for a unit too (not for a row with a DIRECTION
 * field, which flips rw).  -1: not such a row.  Forced inline: gcc kept
 * it as a call from the row loop of gk_unit_access_ref. */
static inline __attribute__((always_inline)) int closed_at(const struct gk_format *fmt, const struct gk_packet_desc *d, const uint32_t *dw,
			    size_t ndw, unsigned k, struct gk_mem_access *a)
{
	int r = gk_access_closed(gk_fast(fmt, d), d, dw, ndw, k, a);
	if (r == 1)
		memset(&a->surf, 0, sizeof a->surf); /* layout NONE, as resolve_surface leaves it */
	return r;
}

/* Access k of the packet d frames at dw (ndw words), computed into *a
 * (1: set, 0: touches nothing here, *a then partly written); its fields
 * the unit's (u), or the words' alone (u NULL: a simple description whose
 * names gk_format_prepare resolved, see gk_bounds_quiet). */
static int compute_at(const struct gk_format *fmt, const struct gk_unit *u, const struct gk_packet_desc *d,
		      const uint32_t *dw, size_t ndw, unsigned k, struct gk_mem_access *a)
{
	static const uint8_t none[GK_ACC_SLOTS] = {
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	};
	_Static_assert(GK_ACC_SLOTS == 29, "none[] covers every slot");
	const struct gk_access *ac = &d->access[k];
	bool resolved = k < GK_FAST_ACCESSES;
	if (resolved && !ac->flip && (!u || u->simple)) {
		int r = closed_at(fmt, d, dw, ndw, k, a);
		if (r >= 0)
			return r;
	}
	struct acc_ctx c = { fmt,
			     u,
			     dw,
			     ndw,
			     !u && !gk_fast(fmt, d)->simple,
			     false,
			     resolved ? gk_fast(fmt, d)->acc_ix[k] : none,
			     resolved && d->tail != GK_TAIL_GROUPS && d->nhdr < 0x7f && d->nfields < 0x7f,
			     { d->fields, d->hdr },
			     { d->nfields, d->nhdr } };
	uint64_t addr, flip = 0;
	const struct gk_field *af = field(&c, GK_AS_ADDR, ac->addr, &addr);
	if (!af)
		return c.unsure ? -1 : 0; /* absent here (a register target, another generation) */
	unsigned rw = ac->rw;
	if (ac->flip)
		field(&c, GK_AS_FLIP, ac->flip, &flip);
	if (flip && rw != (GK_ACC_READ | GK_ACC_WRITE))
		rw ^= GK_ACC_READ | GK_ACC_WRITE;
	/* the surface straight into the record: resolved and copied, it was a
	 * tenth of a --bo check on the CIK bench stream */
	unsigned es = log2_elem(&c, ac);
	resolve_surface(&c, ac, addr, es, &a->surf);
	struct range r;
	if (!access_range(&c, ac, &a->surf, addr, es, &r))
		return c.unsure ? -1 : 0;
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
	return c.unsure ? -1 : 1;
}

static int compute(const struct gk_format *fmt, const struct gk_unit *u, unsigned k, struct gk_mem_access *a)
{
	return compute_at(fmt, u, u->desc, u->pkt.dw, u->pkt.ndw, k, a);
}

int gk_words_access(const struct gk_format *fmt, const struct gk_packet_desc *d, const uint32_t *dw, size_t ndw,
		    unsigned k, struct gk_mem_access *a)
{
	const struct gk_desc_fast *fast = gk_fast(fmt, d);
	/* every name a row gives resolved by gk_format_prepare or known
	 * absent (compute_at's absent_known); a simple description's fields
	 * whole where the index says (the layout fixed), a conditional one's
	 * present as its conditions say (no tail: the layout is the fields') */
	if ((fast->simple ? ndw < fast->fixed_len : d->tail != GK_TAIL_NONE) || k >= d->naccess || k >= GK_FAST_ACCESSES ||
	    d->tail == GK_TAIL_GROUPS || d->nhdr >= 0x7f || d->nfields >= 0x7f)
		return -1;
	return compute_at(fmt, NULL, d, dw, ndw, k, a);
}

int gk_words_range(const struct gk_format *fmt, const struct gk_packet_desc *d, const uint32_t *dw, size_t ndw,
		   unsigned k, uint64_t *first, uint64_t *last)
{
	const struct gk_desc_fast *fast = gk_fast(fmt, d);
	int r = gk_words_range_fast(fast, d, dw, ndw, k, first, last);
	return r >= 0 ? r : gk_words_range_surf(fmt, fast, d, dw, ndw, k, first, last);
}

/* A planned surface field's quantity: the field's value, raw where the
 * packet has none, through the row's encoding (qty without the lookup) */
static inline uint64_t wqty(const struct gk_word_field *f, const struct gk_arg *a, const uint32_t *dw, uint64_t raw,
			    bool *ov)
{
	return scaled(a, f->nseg ? gk_words_get(f, dw) : raw, ov);
}

int gk_words_range_surf(const struct gk_format *fmt, const struct gk_desc_fast *fast, const struct gk_packet_desc *d,
			const uint32_t *dw, size_t ndw, unsigned k, uint64_t *first, uint64_t *last)
{
	if (k >= d->naccess || k >= GK_FAST_ACCESSES || !fast->acc_words[k].surf || ndw < fast->fixed_len)
		return -1;
	const struct gk_acc_words *aw = &fast->acc_words[k];
	const struct gk_surf_words *sw = &fmt->surf_words[aw->surf - 1];
	const struct gk_access *ac = &d->access[k];
	if (!aw->addr.nseg)
		return 0; /* compute_at: no address field here */
	uint64_t addr = gk_words_get(&aw->addr, dw);
	/* log2_elem */
	uint64_t esv = !ac->esize.name ? ac->esize_const : aw->esize.nseg ? gk_words_get(&aw->esize, dw) : 0;
	unsigned es = esv > 255 ? 255 : (unsigned)esv;
	/* resolve_surface's RECT and array TILED parts, the fields a range
	 * reads (access_range, tiled_rows, tiled_slices, slice_group): the
	 * same steps from the planned fields, so the two cannot drift apart
	 * but in how a field is read, which tests/core/test_check_quiet.c
	 * holds to the unit's on made packets of every description */
	struct gk_surface s;
	bool ov = false;
	uint64_t elem = 1ull << (es > 4 ? 4 : es);
	s.log2_elem = (uint8_t)es;
	s.x = wqty(&sw->x, &ac->x, dw, 0, &ov);
	s.y = wqty(&sw->y, &ac->y, dw, 0, &ov);
	s.z = wqty(&sw->z, &ac->z, dw, 0, &ov);
	s.w = wqty(&sw->w, &ac->w, dw, 1, &ov);
	s.h = wqty(&sw->h, &ac->h, dw, 1, &ov);
	s.d = wqty(&sw->d, &ac->d, dw, 1, &ov);
	s.pitch = wqty(&sw->pitch, &ac->pitch, dw, 0, &ov);
	s.slice = wqty(&sw->slice, &ac->slice, dw, 0, &ov);
	s.bytes = 0;
	s.mode = GK_TAG_NONE;
	s.has_mode = false;
	if (ac->size == GK_Z_RECT) {
		s.layout = GK_LAYOUT_RECT;
		s.box = true;
		if (!ac->bytes_pitch) {
			s.pitch = mul_ov(s.pitch, elem, &ov);
			s.slice = mul_ov(s.slice, elem, &ov);
		}
	} else {
		s.layout = GK_LAYOUT_ARRAY;
		s.box = ac->d.name != NULL;
		if (!s.box)
			s.bytes = mul_ov(aw->count.nseg ? gk_words_get(&aw->count, dw) : 0, ac->n ? ac->n : 64 * elem, &ov);
		if (sw->mode.nseg) {
			s.has_mode = true;
			s.mode = (uint8_t)gk_enum_tag(sw->mode_enm, gk_words_get(&sw->mode, dw));
		}
	}
	s.overflow = ov;
	struct range r;
	if (!access_range(NULL, ac, &s, addr, es, &r)) /* reads no field for RECT and TILED */
		return 0;
	*first = r.lo;
	*last = r.last;
	return r.overflow ? 2 : 1;
}

/* The unit's access k, computed with every row it keeps by the first
 * reader (1: *a points at it, 0: touches nothing, -1: no access k).  Past
 * what the unit keeps, computed into *spare. */
int gk_unit_access_ref(const struct gk_format *fmt, const struct gk_unit *cu, unsigned k, struct gk_mem_access *spare,
		       const struct gk_mem_access **a)
{
	const struct gk_packet_desc *d = cu->desc;
	if (!d || cu->pkt.frame.unknown || k >= d->naccess)
		return -1;
	if (!cu->acc_done) {
		/* the first reader computes every row the unit keeps; the ones
		 * after it read them.  Completing the record: logically const, as
		 * gk_unit_fill. */
		struct gk_unit *u = (struct gk_unit *)cu;
		u->nacc = (uint8_t)(d->naccess < GK_UNIT_ACCESSES ? d->naccess : GK_UNIT_ACCESSES);
		for (unsigned i = 0; i < u->nacc; i++) {
			/* a closed row without compute_at's frame (its context and
			 * general path): ~5 instructions a row less (271.6 M ->
			 * 271.1 M, bench_exec's 5 MB CIK stream, callgrind) */
			int r = -1;
			if (i < GK_FAST_ACCESSES && !d->access[i].flip && u->simple)
				r = closed_at(fmt, d, u->pkt.dw, u->pkt.ndw, i, &u->acc[i]);
			u->acc_rc[i] = (int8_t)(r >= 0 ? r : compute(fmt, u, i, &u->acc[i]));
		}
		u->acc_done = true;
		u->acc_computed++;
	}
	if (k >= cu->nacc) {
		*a = spare;
		return compute(fmt, cu, k, spare); /* past what the unit keeps */
	}
	*a = &cu->acc[k];
	return cu->acc_rc[k];
}

int gk_unit_access(const struct gk_format *fmt, const struct gk_unit *cu, unsigned k, struct gk_mem_access *a)
{
	if (!fmt || !cu || !a)
		return -1;
	struct gk_mem_access spare;
	const struct gk_mem_access *p;
	int rc = gk_unit_access_ref(fmt, cu, k, &spare, &p);
	if (rc == 1)
		*a = *p;
	return rc;
}

int gk_packet_access(const struct gk_format *fmt, const struct gk_packet *pkt, unsigned k, struct gk_mem_access *a)
{
	if (!fmt || !pkt || !a)
		return -1;
	struct gk_unit u;
	gk_unit_decode_lazy(fmt, pkt, NULL, &u);
	if (!u.desc || u.pkt.frame.unknown || k >= u.desc->naccess)
		return -1;
	struct gk_mem_access r;
	int rc = compute(fmt, &u, k, &r); /* one row of a unit nobody keeps */
	if (rc == 1)
		*a = r;
	return rc;
}
