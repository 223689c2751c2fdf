/* Where each byte of a transfer is: the sides of a copy, write or fill
 * (linear ranges, rectangles, tiled surfaces, the packet's own words), the
 * bounce-buffer transfer between them, and the unit's accesses they start
 * from (the access model: gk_unit_access on the engine's record, as
 * gk_engine_access asks it).
 *
 * Memory moves through a bounce buffer a block at a time: gather the
 * block's bytes from the source side (runs of contiguous bytes), apply the
 * byte swaps, scatter them to every destination side.  A side maps a byte
 * position of the transfer to an address and the bytes contiguous from
 * there, so linear copies move in large runs and tiled ones an element at a
 * time.  What an array mode, a micro tile mode or a swap means is its tag
 * (enum gk_tag). */
#include <string.h>

#include "exec_sides.h"
#include "../engine/engine_priv.h" /* struct gk_engine: its format, for gk_unit_access */
#include "../mem/mem_priv.h"       /* gk_unit_access_ref: the unit's record without a copy */



/* element (xx, yy, zz) of a tiled side: its offset from the side's base
 * (every element was checked to be inside the surface up front) */
static uint64_t tiled_off(const struct side *s, uint64_t xx, uint64_t yy, uint64_t zz)
{
	uint64_t off = 0;
	if (s->swz) {
		struct gk_swz_coord c = { (uint32_t)xx, (uint32_t)yy, (uint32_t)zz, 0, s->mip };
		gk_swz_addr(s->swz, &c, &off);
	} else if (s->surf) {
		gk_tile_addr(s->surf, (uint32_t)xx, (uint32_t)yy, (uint32_t)zz, &off);
	} else {
		off = ((zz * s->rows + yy) * s->pitch + xx) * s->esize;
	}
	return off;
}

/* byte p (< total) of the side: its address and the bytes contiguous from there */
static void side_at(const struct side *s, uint64_t p, uint64_t *addr, uint64_t *run)
{
	switch (s->kind) {
	case SIDE_LINEAR:
	case SIDE_DATA:
		*addr = s->base + p;
		*run = s->total - p;
		return;
	case SIDE_RECT: {
		uint64_t e = p / s->esize, r = p % s->esize;
		uint64_t xx = e % s->w, yy = e / s->w % s->h, zz = e / (s->w * s->h);
		*addr = s->base + (s->z0 + zz) * s->slice_bytes + (s->y0 + yy) * s->pitch_bytes + (s->x0 + xx) * s->esize + r;
		*run = (s->w - xx) * s->esize - r;
		return;
	}
	case SIDE_TILED: {
		uint64_t e = p / s->esize, r = p % s->esize, xx, yy, zz;
		if (s->box) {
			xx = s->x0 + e % s->w;
			yy = s->y0 + e / s->w % s->h;
			zz = s->z0 + e / (s->w * s->h);
		} else {
			uint64_t g = s->e0 + e, slice = s->pitch * s->rows;
			xx = g % s->pitch;
			yy = g / s->pitch % s->rows;
			zz = s->z0 + g / slice;
		}
		*addr = s->base + tiled_off(s, xx, yy, zz) + r;
		*run = s->esize - r;
		return;
	}
	}
}

/* the XOR of byte positions the value of access k's swap field makes
 * (SWAP tags), read by the row's resolved slot: by name it was a hash
 * probe per side (bench_exec's 5 MB CIK run: 330.9 M -> 328.6 M
 * instructions, callgrind) */
__attribute__((noinline)) static unsigned swap_mask_read(const struct gk_exec *x, const struct xrow *r, unsigned k)
{
	return gk_exec_swap_of_tag(gk_exec_xtag(x, r, (enum xslot)(XS_SWAP0 + k)));
}

/* the general read (a field not resolved, a record not pending) out of
 * line, so this one inlines without its saved registers: ~54 -> ~25
 * instructions a side (callgrind, bench_exec's 5 MB CIK stream) */
static inline unsigned swap_mask(const struct gk_exec *x, const struct xrow *r, unsigned k)
{
	if (k >= 3 || !r->row->swap[k])
		return 0;
	const struct gk_unit *u = x->u;
	if (r->swapt[k] && u->pending && u->simple) /* gk_exec_xfield's read, the answer by value */
		return r->swapm[k][gk_fget(r->f[XS_SWAP0 + k], u->pkt.dw, u->pkt.ndw) & 7u];
	return swap_mask_read(x, r, k);
}


/* A GFX9-12 swizzle-mode surface (GK_LAYOUT_SWIZZLE), from the parameters
 * the access model resolved: laid out by the tiling module on the GPU's
 * configuration, every element's address from gk_swz_addr in the level
 * MIP_ID names; a box or run that leaves the level, an EPITCH that is not
 * the layout's, or a surface the module refuses is a fault saying so. */
static int swz_side(struct gk_exec *x, const struct gk_mem_access *a, struct gk_swz_surface *ss, struct side *s)
{
	const struct gk_access *ac = a->row;
	const struct gk_surface *sf = &a->surf;
	const struct gk_surface_fields *sfl = ac->surface;
	struct gk_diag err;
	if (!sf->swz.chip)
		return gk_exec_stop(x, GK_EXEC_FAULTED, ac->mode,
			    "GPU %s names no GFX9+ surface configuration (GB_ADDR_CONFIG): give -g a chip of the tiling "
			    "table (vega10, raven, navi10, navi14, navi21, navi31, phoenix, navi48), so the copy is not run",
			    x->fmt->gen);
	memset(&err, 0, sizeof err);
	if (gk_swz_surface_init(ss, &sf->swz, &err))
		return gk_exec_stop(x, GK_EXEC_FAULTED, ac->mode, "the tiled surface on %s: %s", sf->swz.chip->name,
			    err.message);
	if (sf->swz_refused)
		return gk_exec_stop(x, GK_EXEC_FAULTED, ac->addr,
			    "%s 0x%llx: its bits from 8 up to the %llu-byte swizzle block are no pipe/bank xor this "
			    "mode takes, so the surface base is not known",
			    ac->addr, (unsigned long long)a->addr, 1ull << ss->block_bits);
	/* SDMA 4's EPITCH is the surface's gfx9.epitch: epitchIsHeight ?
	 * mipChainHeight - 1 : mipChainPitch - 1 (Mesa ac_surface.c) */
	if (sf->epitch && sf->epitch != (ss->epitch_is_height ? ss->mip_chain_height : ss->mip_chain_pitch))
		return gk_exec_stop(x, GK_EXEC_FAULTED, sfl ? sfl->epitch.name : NULL,
			    "EPITCH gives a pitch of %u, the surface addrlib lays out has %u (its mip chain's %s): "
			    "another layout, so the copy is not run",
			    sf->epitch, ss->epitch_is_height ? ss->mip_chain_height : ss->mip_chain_pitch,
			    ss->epitch_is_height ? "height" : "pitch");
	if (sf->mip >= sf->swz.mips)
		return gk_exec_stop(x, GK_EXEC_FAULTED, sfl ? sfl->mip_id.name : NULL, "mip %u of a surface of %u levels",
			    sf->mip, sf->swz.mips);
	uint64_t es = sf->log2_elem;
	if (es > 4)
		return gk_exec_stop(x, GK_EXEC_FAULTED, ac->esize.name, "element size %llu is reserved", (unsigned long long)es);
	s->esize = 1ull << es;
	s->kind = SIDE_TILED;
	s->swz = ss;
	s->mip = sf->mip;
	s->base = sf->swz_base;
	uint64_t lw = sf->swz.width >> sf->mip, lh = sf->swz.height >> sf->mip;
	uint64_t ld = sf->swz.dims == 3 ? sf->swz.depth_or_slices >> sf->mip : sf->swz.depth_or_slices;
	lw = lw ? lw : 1, lh = lh ? lh : 1, ld = ld ? ld : 1;
	s->z0 = sf->z;
	s->box = sf->box;
	if (s->box) {
		s->x0 = sf->x, s->y0 = sf->y, s->w = sf->w, s->h = sf->h, s->d = sf->d;
		if (s->x0 + s->w > lw || s->y0 + s->h > lh || s->z0 + s->d > ld)
			return gk_exec_stop(x, GK_EXEC_FAULTED, ac->w.name,
				    "the box %llux%llux%llu at (%llu, %llu, %llu) leaves mip %u of the surface (%llux%llux%llu)",
				    (unsigned long long)s->w, (unsigned long long)s->h, (unsigned long long)s->d,
				    (unsigned long long)s->x0, (unsigned long long)s->y0, (unsigned long long)s->z0, sf->mip,
				    (unsigned long long)lw, (unsigned long long)lh, (unsigned long long)ld);
		s->total = s->w * s->h * s->d * s->esize;
		return 0;
	}
	/* a run of elements along the level's rows from (x, y) of slice z */
	s->pitch = lw;
	s->rows = lh;
	s->total = sf->bytes;
	if (s->total % s->esize)
		return gk_exec_stop(x, GK_EXEC_FAULTED, ac->count, "%llu bytes are not whole %llu-byte elements",
			    (unsigned long long)s->total, (unsigned long long)s->esize);
	s->e0 = sf->y * lw + sf->x;
	uint64_t elems = s->total / s->esize;
	uint64_t zlast = s->z0 + (s->e0 + (elems ? elems - 1 : 0)) / (lw * lh);
	if (sf->x >= lw || sf->y >= lh || zlast >= ld)
		return gk_exec_stop(x, GK_EXEC_FAULTED, ac->x.name,
			    "%llu elements from (%llu, %llu) of slice %llu leave mip %u of the surface (%llux%llux%llu)",
			    (unsigned long long)elems, (unsigned long long)sf->x, (unsigned long long)sf->y,
			    (unsigned long long)s->z0, sf->mip, (unsigned long long)lw, (unsigned long long)lh,
			    (unsigned long long)ld);
	return 0;
}

/* The tiled surface of access a, as the access model resolved it (struct
 * gk_surface: sizes decoded by the table's encodings, modes by their tags):
 * a layout the tiling module has, or a fault naming the row's field. */
static int tiled_side(struct gk_exec *x, const struct gk_mem_access *a, struct gk_tile_surface *surf, struct side *s)
{
	const struct gk_access *ac = a->row;
	const struct gk_surface *sf = &a->surf;
	const char *mname = gk_exec_fname(x, ac->mode);
	if (!sf->has_mode)
		return gk_exec_stop(x, GK_EXEC_FAULTED, ac->mode, "the packet has no array mode: its surface cannot be laid out");
	uint64_t es = sf->log2_elem;
	if (es > 4)
		return gk_exec_stop(x, GK_EXEC_FAULTED, ac->esize.name, "element size %llu is reserved", (unsigned long long)es);
	s->esize = 1ull << es;
	s->pitch = sf->pitch;
	uint64_t slice = sf->slice;
	if (!s->pitch || slice % s->pitch)
		return gk_exec_stop(x, GK_EXEC_FAULTED, ac->slice.name,
			    "a slice of %llu elements is not whole rows of the %llu-element pitch: no layout has it",
			    (unsigned long long)slice, (unsigned long long)s->pitch);
	s->rows = slice / s->pitch;
	s->z0 = sf->z;
	s->box = sf->box;
	uint64_t zlast;
	if (s->box) {
		s->x0 = sf->x;
		s->y0 = sf->y;
		s->w = sf->w;
		s->h = sf->h;
		s->d = sf->d;
		s->total = s->w * s->h * s->d * s->esize;
		if (s->x0 + s->w > s->pitch || s->y0 + s->h > s->rows)
			return gk_exec_stop(x, GK_EXEC_FAULTED, ac->w.name,
				    "the box %llux%llu at (%llu, %llu) leaves the %llux%llu surface",
				    (unsigned long long)s->w, (unsigned long long)s->h, (unsigned long long)s->x0,
				    (unsigned long long)s->y0, (unsigned long long)s->pitch, (unsigned long long)s->rows);
		zlast = s->z0 + s->d - 1;
	} else {
		s->total = sf->bytes;
		s->e0 = sf->y * s->pitch + sf->x;
		uint64_t elems = (s->total + s->esize - 1) / s->esize;
		zlast = s->z0 + (s->e0 + (elems ? elems - 1 : 0)) / slice;
		if (sf->x >= s->pitch || sf->y >= s->rows)
			return gk_exec_stop(x, GK_EXEC_FAULTED, ac->x.name, "the start (%llu, %llu) is outside the %llux%llu surface",
				    (unsigned long long)sf->x, (unsigned long long)sf->y,
				    (unsigned long long)s->pitch, (unsigned long long)s->rows);
	}
	if (s->total % s->esize)
		return gk_exec_stop(x, GK_EXEC_FAULTED, ac->count, "%llu bytes are not whole %llu-byte elements",
			    (unsigned long long)s->total, (unsigned long long)s->esize);
	s->kind = SIDE_TILED;
	if (sf->mode == GK_TAG_ARRAY_LINEAR_GENERAL) {
		s->surf = NULL; /* rows of pitch elements, slices of pitch x rows: no padding */
		return 0;
	}
	/* the GFX6-8 layouts: only where the packet carries the GFX6+ tiling
	 * fields (r6xx-Cayman order elements inside a micro tile their own way) */
	unsigned tmode = sf->mode == GK_TAG_ARRAY_LINEAR_ALIGNED ? GK_TILE_LINEAR
			 : sf->mode == GK_TAG_ARRAY_1D_THIN ? GK_TILE_1D
			 : sf->mode == GK_TAG_ARRAY_2D_THIN ? GK_TILE_2D : 0;
	if (!tmode || (!sf->gfx6 && tmode != GK_TILE_LINEAR))
		return gk_exec_stop(x, GK_EXEC_FAULTED, ac->mode,
			    "array mode %s on %s: the tiling module has no such layout (it has LINEAR_ALIGNED, "
			    "1D_TILED_THIN1 and 2D_TILED_THIN1 of GFX6-8), so the copy is not run",
			    mname ? mname : "(reserved)", x->fmt->gen);
	if (zlast >= GK_TILE_MAX_SLICES || s->pitch > GK_TILE_MAX_DIM || s->rows > GK_TILE_MAX_DIM)
		return gk_exec_stop(x, GK_EXEC_FAULTED, ac->pitch.name, "a %llux%llu surface with %llu slices is past the tiling module's limits",
			    (unsigned long long)s->pitch, (unsigned long long)s->rows, (unsigned long long)zlast + 1);
	struct gk_tile_params p;
	gk_tile_params_simple(&p, tmode, 8u << es, (uint32_t)s->pitch, (uint32_t)s->rows, (uint32_t)zlast + 1);
	if (tmode != GK_TILE_LINEAR) {
		const char *micro_field = ac->surface ? ac->surface->micro.name : NULL;
		if (sf->micro != GK_TAG_MICRO_DISPLAY && sf->micro != GK_TAG_MICRO_THIN) {
			const char *micro = gk_exec_fname(x, micro_field);
			return gk_exec_stop(x, GK_EXEC_FAULTED, micro_field,
				    "micro tile mode %s: the tiling module lays out DISPLAY and THIN only",
				    micro ? micro : "(reserved)");
		}
		p.micro = sf->micro == GK_TAG_MICRO_DISPLAY ? GK_MICRO_DISPLAY : GK_MICRO_THIN;
	}
	if (tmode == GK_TILE_2D) {
		p.pipe_config = (int)sf->pipe_config;
		p.tile_split = sf->tile_split;
		p.bank_width = sf->bank_width;
		p.bank_height = sf->bank_height;
		p.macro_aspect = sf->macro_aspect;
		p.num_banks = sf->num_banks;
	}
	if (gk_tile_surface_init(surf, &p) != 0)
		return gk_exec_stop(x, GK_EXEC_FAULTED, surf->ndiags ? surf->diags[0].field : ac->mode, "the tiled surface: %s",
			    surf->ndiags ? surf->diags[surf->ndiags - 1].message : "not a layout");
	if (surf->pitch != s->pitch || surf->padded_height < s->rows || surf->slice_bytes != slice * s->esize)
		return gk_exec_stop(x, GK_EXEC_FAULTED, ac->pitch.name,
			    "pitch %llu x %llu rows is not a layout addrlib gives for this mode (it pads to %u x %u): "
			    "the copy is not run",
			    (unsigned long long)s->pitch, (unsigned long long)s->rows, surf->pitch, surf->padded_height);
	s->surf = surf;
	return 0;
}

/* The side of access k (a = its range from the access model). */
static int make_side(struct gk_exec *x, const struct xrow *r, unsigned k, const struct gk_mem_access *a,
		     struct side *s)
{
	const struct gk_access *ac = a->row;
	if ((ac->size == GK_Z_FIXED || ac->size == GK_Z_COUNT) && !a->overflow) {
		/* a linear side: what side_io, direct and transfer read of one
		 * (kind, base, total, swap, no span, no data), set, without
		 * zeroing the ~200 bytes of geometry it never reads first: the
		 * memset was ~50 instructions a side, 42,000 sides on
		 * bench_exec's 5 MB CIK stream (callgrind) */
		s->kind = SIDE_LINEAR;
		s->rw = a->rw;
		s->acc = a;
		s->swap = swap_mask(x, r, k);
		s->base = a->first;
		s->total = a->last - a->first + 1;
		s->surf = NULL;
		s->swz = NULL;
		s->data = NULL;
		s->span = NULL;
		s->span_w = NULL;
		s->span_first = s->span_n = 0;
		return 0;
	}
	memset(s, 0, sizeof *s);
	s->rw = a->rw;
	s->acc = a;
	s->swap = swap_mask(x, r, k);
	if (a->overflow)
		return gk_exec_stop(x, GK_EXEC_FAULTED, ac->addr, "the address arithmetic of %s runs past 2^64", ac->addr);
	switch (ac->size) {
	case GK_Z_RECT: {
		s->kind = SIDE_RECT;
		s->base = a->addr;
		uint64_t es = a->surf.log2_elem; /* the surface the access model resolved */
		if (es > 4)
			return gk_exec_stop(x, GK_EXEC_FAULTED, ac->esize.name, "element size %llu is reserved", (unsigned long long)es);
		s->esize = 1ull << es;
		s->x0 = a->surf.x;
		s->y0 = a->surf.y;
		s->z0 = a->surf.z;
		s->pitch_bytes = a->surf.pitch;
		s->slice_bytes = a->surf.slice;
		s->w = a->surf.w;
		s->h = a->surf.h;
		s->d = a->surf.d;
		s->total = s->w * s->h * s->d * s->esize;
		return 0;
	}
	case GK_Z_TILED: {
		s->base = a->addr;
		if (a->surf.layout == GK_LAYOUT_SWIZZLE ? swz_side(x, a, &x->swz[k < MAX_SIDES ? k : 0], s)
							: tiled_side(x, a, &x->surf[k < MAX_SIDES ? k : 0], s))
			return -1;
		/* the access range bounds every element: one region holds it all
		 * (the usual case) and the elements move in place */
		uint64_t n = a->last - a->first + 1;
		if (n <= SIZE_MAX) {
			s->span_first = a->first;
			s->span_n = n;
			s->span = gk_exec_span(x, a->first, (size_t)n);
			s->span_w = a->rw & GK_ACC_WRITE ? gk_exec_span_w(x, a->first, (size_t)n) : NULL;
		}
		return 0;
	}
	default:
		return gk_exec_stop(x, GK_EXEC_FAULTED, ac->addr, "an access of a kind the executor cannot walk");
	}
}

/* Whole elements [p, p + n) of a tiled side that lies in one region, in
 * place: the coordinates step element by element instead of being divided
 * out for each one.  false when the side is not like that (the caller then
 * goes an element at a time through the memory). */
static bool tiled_io_fast(const struct side *s, uint64_t p, uint8_t *buf, size_t n, bool write)
{
	uint64_t E = s->esize;
	if (s->kind != SIDE_TILED || !s->span || (write && !s->span_w) || p % E || n % E)
		return false;
	uint64_t e = p / E, xx, yy, zz, x_end, y_end, x_start, y_start;
	if (s->box) {
		xx = s->x0 + e % s->w, yy = s->y0 + e / s->w % s->h, zz = s->z0 + e / (s->w * s->h);
		x_start = s->x0, x_end = s->x0 + s->w, y_start = s->y0, y_end = s->y0 + s->h;
	} else {
		uint64_t g = s->e0 + e;
		xx = g % s->pitch, yy = g / s->pitch % s->rows, zz = s->z0 + g / (s->pitch * s->rows);
		x_start = 0, x_end = s->pitch, y_start = 0, y_end = s->rows;
	}
	for (size_t done = 0; done < n; done += (size_t)E) {
		uint64_t at = s->base + tiled_off(s, xx, yy, zz);
		if (at < s->span_first || at - s->span_first + E > s->span_n)
			return false; /* cannot happen: the access range bounds every element */
		if (write)
			memcpy(s->span_w + (at - s->span_first), buf + done, (size_t)E);
		else
			memcpy(buf + done, s->span + (at - s->span_first), (size_t)E);
		if (++xx == x_end) {
			xx = x_start;
			if (++yy == y_end) {
				yy = y_start;
				zz++;
			}
		}
	}
	return true;
}

/* bytes [p, p + n) of side s into buf / from buf */
static int side_io(struct gk_exec *x, const struct side *s, uint64_t p, uint8_t *buf, size_t n, bool write)
{
	if (tiled_io_fast(s, p, buf, n, write))
		return 0;
	while (n) {
		uint64_t addr = 0, run = n;
		side_at(s, p, &addr, &run);
		size_t k = run < n ? (size_t)run : n;
		bool in_span = s->span && addr >= s->span_first && addr - s->span_first + k <= s->span_n;
		if (in_span && write && s->span_w) {
			memcpy(s->span_w + (addr - s->span_first), buf, k);
		} else if (in_span && !write) {
			memcpy(buf, s->span + (addr - s->span_first), k);
		} else if (s->kind == SIDE_DATA) {
			memcpy(buf, s->data + p, k);
		} else if (write) {
			struct gk_diag err;
			if (gk_mem_write(x->mem, addr, buf, k, &err) != 0)
				return gk_exec_stop(x, GK_EXEC_FAULTED, s->acc ? s->acc->field->name : NULL,
					    "writes 0x%llx..0x%llx: %s", (unsigned long long)addr,
					    (unsigned long long)(addr + k - 1), err.message);
		} else {
			struct gk_diag err;
			if (gk_mem_read(x->mem, addr, buf, k, NULL, &err) != 0)
				return gk_exec_stop(x, GK_EXEC_FAULTED, s->acc ? s->acc->field->name : NULL,
					    "reads 0x%llx..0x%llx: %s", (unsigned long long)addr,
					    (unsigned long long)(addr + k - 1), err.message);
		}
		p += k;
		buf += k;
		n -= k;
	}
	return 0;
}

/* A linear transfer without byte swaps whose source (in memory or the
 * packet's words) and every destination each lie in one region: moved
 * with one memcpy per destination, no bounce buffer.  false (nothing
 * moved) otherwise. */
static bool direct(struct gk_exec *x, const struct side *src, const struct side *dst, unsigned ndst)
{
	uint64_t total = src->total;
	if (!total || total > SIZE_MAX || src->swap || (src->kind != SIDE_LINEAR && src->kind != SIDE_DATA))
		return false;
	const uint8_t *from = src->kind == SIDE_DATA ? src->data : gk_exec_span(x, src->base, (size_t)total);
	uint8_t *to[MAX_SIDES];
	for (unsigned i = 0; i < ndst; i++) {
		to[i] = dst[i].kind == SIDE_LINEAR && !dst[i].swap ? gk_exec_span_w(x, dst[i].base, (size_t)total)
								   : NULL;
		if (!from || !to[i])
			return false;
	}
	for (unsigned i = 0; i < ndst; i++)
		memcpy(to[i], from, (size_t)total);
	return true;
}

/* Move src to each of dst[0..ndst): a block at a time, byte q of a
 * destination taking byte q ^ (src swap ^ dst swap) of the source (each
 * swap reverses bytes inside 2-, 4- or 8-byte units of the transfer). */
static int transfer(struct gk_exec *x, const struct side *src, const struct side *dst, unsigned ndst)
{
	uint64_t total = src->total;
	for (unsigned i = 0; i < ndst; i++)
		if (dst[i].total != total)
			return gk_exec_stop(x, GK_EXEC_FAULTED, dst[i].acc->field->name,
				    "the source moves %llu bytes, the destination at %s takes %llu: the sides disagree",
				    (unsigned long long)total, dst[i].acc->field->name, (unsigned long long)dst[i].total);
	unsigned unit = 1;
	for (unsigned i = 0; i < ndst; i++)
		if ((src->swap ^ dst[i].swap) + 1 > unit)
			unit = (src->swap ^ dst[i].swap) + 1;
	if (unit > 1 && total % unit)
		return gk_exec_stop(x, GK_EXEC_FAULTED, NULL, "a byte swap in %u-byte units over %llu bytes: not whole units", unit,
			    (unsigned long long)total);
	uint64_t p = direct(x, src, dst, ndst) ? total : 0;
	for (; p < total;) {
		size_t n = total - p < BLOCK ? (size_t)(total - p) : BLOCK;
		if (side_io(x, src, p, x->block, n, false))
			return -1;
		x->staged += n;
		for (unsigned i = 0; i < ndst; i++) {
			unsigned m = src->swap ^ dst[i].swap;
			const uint8_t *b = x->block;
			if (m) {
				for (size_t q = 0; q < n; q++)
					x->block2[q] = x->block[q ^ m];
				b = x->block2;
				x->staged += n;
			}
			if (side_io(x, &dst[i], p, (uint8_t *)b, n, true))
				return -1;
		}
		p += n;
	}
	x->res->bytes_read += src->kind == SIDE_DATA ? 0 : total;
	x->res->bytes_written += total * ndst;
	return 0;
}

static bool overlaps(const struct gk_mem_access *a, const struct gk_mem_access *b)
{
	return a->first <= b->last && b->first <= a->last;
}

static void unit_accesses(struct gk_exec *x, struct gk_engine *e, struct accs *A)
{
	A->n = 0;
	const struct gk_unit *u = x->u; /* e's record (on_unit) */
	const struct gk_packet_desc *d = u ? u->desc : NULL;
	if (!d || u->pkt.frame.unknown)
		return; /* no access: what gk_unit_access says (-1) */
	/* what gk_engine_access asks, with the record on_unit has: its calls
	 * (the record and format again at each ask) were ~45 instructions a
	 * packet, 1 M of `gfxkit run`'s 70.5 M on bench_exec's CIK stream,
	 * quarter size (callgrind).  A description of the run's own format
	 * (every one but an indirect buffer's of another family) takes it
	 * without the engine's call. */
	/* the format: asked only when a row needs the access model (below),
	 * where its test was ~11 instructions a packet; an engine that keeps
	 * records has one (every table-described family), so it is never
	 * NULL there */
	const struct gk_format *fmt = NULL;
	/* the rows the unit keeps, computed all at once by the first ask
	 * (gk_unit_access_ref), then read in place; past them, each into own[] */
	unsigned nk = d->naccess < 8 ? d->naccess : 8;
	for (unsigned k = 0; k < nk && A->n < MAX_SIDES; k++) {
		const struct gk_mem_access *a;
		int r;
		if (u->acc_done && k < u->nacc) {
			a = &u->acc[k];
			r = u->acc_rc[k];
		} else {
			a = &A->own[A->n];
			/* a closed-form row (most DMA rows) straight into own[],
			 * not through the unit's record: that record's surface
			 * zeroed (~33 instructions a row), its bookkeeping and the
			 * call were ~110 of the ~217 a row cost (callgrind,
			 * bench_exec's 5 MB CIK stream, 115,922 rows); the
			 * surface, which a linear side never reads (make_side),
			 * is left unset but for its layout (NONE, as the access
			 * model's).  Any other row: the unit's. */
			r = u->simple && !d->access[k].flip ? gk_access_closed(u->fast, d, u->pkt.dw, u->pkt.ndw, k, &A->own[A->n])
							     : -1;
			if (r == 1) {
				A->own[A->n].surf.layout = GK_LAYOUT_NONE;
			} else if (r < 0) {
				if (!fmt)
					fmt = d >= x->fmt->descs && d < x->fmt->descs + x->fmt->ndescs ? x->fmt
					      : e->ops->format && e->ops->record		       ? e->ops->format(e->fam)
													       : NULL;
				if (!fmt) {
					A->n = 0;
					return;
				}
				r = gk_unit_access_ref(fmt, u, k, &A->own[A->n], &a);
			}
		}
		if (r < 0)
			break;
		if (r == 1) {
			A->a[A->n] = a;
			A->k[A->n] = k;
			gk_exec_effect(x, a->rw & GK_ACC_WRITE ? 'w' : 'r', a->first, a->last, 0, a->field->name);
			A->n++;
		}
	}
}

/* ---- for the ops (exec_mem.c) ---- */

int gk_exec_side_make(struct gk_exec *x, const struct xrow *r, unsigned k, const struct gk_mem_access *a,
		      struct side *s)
{
	return make_side(x, r, k, a, s);
}

int gk_exec_side_io(struct gk_exec *x, const struct side *s, uint64_t p, uint8_t *buf, size_t n, bool write)
{
	return side_io(x, s, p, buf, n, write);
}

int gk_exec_transfer(struct gk_exec *x, const struct side *src, const struct side *dst, unsigned ndst)
{
	return transfer(x, src, dst, ndst);
}

bool gk_exec_overlaps(const struct gk_mem_access *a, const struct gk_mem_access *b)
{
	return overlaps(a, b);
}

void gk_exec_unit_accesses(struct gk_exec *x, struct gk_engine *e, struct accs *A)
{
	unit_accesses(x, e, A);
}

