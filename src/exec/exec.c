/* The executor: runs a stream on a memory image (include/gfxkit/exec.h).
 *
 * It rides the one stream loop (gk_stream_run): the loop frames, decodes,
 * checks and follows indirect buffers; this file's unit callback runs each
 * decoded record (struct gk_unit) by its description's exec rows (struct
 * gk_exec_row, include/gfxkit/desc.h).  Nothing here names a family, packet
 * or field: every name comes from the rows.  Where the bytes are comes from
 * the access model (gk_engine_access: the ranges check --bo checks, with the
 * surface it resolved from the packet, struct gk_surface) and, for each
 * element of a tiled surface, the tiling module (src/tiling: GFX6-8
 * layouts, bit-exact with addrlib).
 *
 * Memory moves through a bounce buffer a block at a time: gather the block's
 * bytes from the source side (runs of contiguous bytes), apply the byte
 * swaps, scatter them to every destination side.  A side maps a byte
 * position of the transfer to an address and the bytes contiguous from
 * there, so linear copies move in large runs and tiled ones an element at a
 * time. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out.h" /* src/core */

#include "exec_priv.h"

const char *gk_exec_status_name(enum gk_exec_status s)
{
	switch (s) {
	case GK_EXEC_COMPLETED: return "completed";
	case GK_EXEC_STALLED: return "stalled";
	case GK_EXEC_FAULTED: return "faulted";
	case GK_EXEC_LIMIT: return "limit";
	}
	return NULL;
}

static void set_err(struct gk_diag *err, const char *msg)
{
	if (!err)
		return;
	memset(err, 0, sizeof *err);
	err->severity = GK_ERROR;
	err->code = GK_D_RANGE;
	err->dw = -1;
	err->lo = err->hi = -1;
	err->packet = "exec";
	snprintf(err->message, sizeof err->message, "%s", msg);
}

struct gk_exec *gk_exec_create(struct gk_engine *e, struct gk_mem *mem, struct gk_diag *err)
{
	const struct gk_format *fmt = gk_engine_format(e);
	if (!fmt || !mem) {
		set_err(err, e ? "this engine has no packet descriptions to run" : "no engine");
		return NULL;
	}
	struct gk_exec *x = calloc(1, sizeof *x);
	if (x) {
		x->reg_set = calloc(REG_SPACE / 32, 1);
		x->block = malloc(BLOCK);
		x->block2 = malloc(BLOCK);
	}
	if (!x || !x->reg_set || !x->block || !x->block2) {
		gk_exec_destroy(x);
		set_err(err, "out of memory");
		return NULL;
	}
	x->e = e;
	x->fmt = fmt;
	x->mem = mem;
	return x;
}

void gk_exec_destroy(struct gk_exec *x)
{
	if (!x)
		return;
	for (unsigned i = 0; i < REG_PAGES; i++)
		free(x->reg_page[i]);
	free(x->reg_set);
	free(x->block);
	free(x->block2);
	free(x->json.p);
	gk_exec_cp_free(x);
	free(x);
}

/* ---- the register file ---- */

int gk_exec_reg(const struct gk_exec *x, uint32_t byte_addr, uint32_t *v)
{
	if (!x || !v || !gk_exec_reg_valid(byte_addr)) {
		if (v)
			*v = 0;
		return 0;
	}
	*v = gk_exec_reg_value(x, byte_addr);
	return (x->reg_set[byte_addr / 32] >> (byte_addr / 4 % 8)) & 1;
}

/* a register given before the run: also CLEAR_STATE's default (exec_cp.c) */
static int reg_given(struct gk_exec *x, uint32_t addr, uint32_t value, struct gk_diag *err)
{
	if (gk_exec_cp_default(x, addr, value) || gk_exec_reg_put(x, addr, value)) {
		set_err(err, "out of memory");
		return -1;
	}
	return 0;
}

int gk_exec_set_reg(struct gk_exec *x, const char *name, uint32_t value, struct gk_diag *err)
{
	if (!x || !name) {
		set_err(err, "no register");
		return -1;
	}
	uint64_t addr;
	if (gk_parse_uint(name, strlen(name), &addr) == 0) {
		if (!gk_exec_reg_valid(addr)) {
			char m[128];
			snprintf(m, sizeof m, "register address %.64s%s is not a dword address below 0x%x", name,
				 strlen(name) > 64 ? "..." : "", REG_SPACE);
			set_err(err, m);
			return -1;
		}
		return reg_given(x, (uint32_t)addr, value, err);
	}
	char up[96];
	size_t n = strlen(name);
	if (n >= sizeof up)
		n = sizeof up - 1;
	for (size_t i = 0; i < n; i++)
		up[i] = (char)(name[i] >= 'a' && name[i] <= 'z' ? name[i] - 32 : name[i]);
	up[n] = 0;
	const struct gk_reg *r = gk_reg_by_name(x->fmt->regs, up, n);
	if (!r || !gk_exec_reg_valid(r->offset)) {
		char m[160];
		snprintf(m, sizeof m, "no register called '%.64s%s' on %s (give a name decode prints, or a byte address)", name,
			 strlen(name) > 64 ? "..." : "", x->fmt->gen);
		set_err(err, m);
		return -1;
	}
	return reg_given(x, r->offset, value, err);
}

/* ---- stopping ---- */

static void where_now(const struct gk_exec *x, struct gk_exec_where *w)
{
	memset(w, 0, sizeof *w);
	w->depth = x->depth;
	for (unsigned d = 0; d <= x->depth && d < GK_EXEC_PATH; d++)
		w->at[d] = x->at[d];
	w->packet = x->u && x->u->desc ? x->u->desc->name : NULL;
}

int gk_exec_vstop(struct gk_exec *x, enum gk_exec_status st, const char *field, const char *fmt, va_list ap)
{
	struct gk_exec_result *r = x->res;
	r->status = st;
	where_now(x, &r->where);
	memset(&r->why, 0, sizeof r->why);
	r->why.severity = GK_ERROR;
	r->why.code = GK_D_NONE;
	r->why.offset = x->at[x->depth];
	r->why.dw = -1;
	r->why.lo = r->why.hi = -1;
	r->why.packet = r->where.packet;
	r->why.field = field;
	vsnprintf(r->why.message, sizeof r->why.message, fmt, ap);
	x->stop = true;
	return -1;
}


/* ---- sides: where byte p of a transfer is ---- */

enum side_kind { SIDE_LINEAR, SIDE_RECT, SIDE_TILED, SIDE_DATA };

struct side {
	enum side_kind kind;
	unsigned rw;
	uint64_t base, total;
	/* rectangles and tiled surfaces: elements of esize bytes */
	uint64_t esize, x0, y0, z0, w, h, d, pitch_bytes, slice_bytes;
	/* tiled: a box (w x h x d from x0, y0, z0), or a run of elements in
	 * raster order from element e0 of slice z0 over pitch x rows */
	bool box;
	uint64_t e0, pitch, rows;
	struct gk_tile_surface *surf; /* NULL: LINEAR_GENERAL (no padding) */
	const uint8_t *data;          /* SIDE_DATA: the packet's words */
	/* a tiled side inside one region: its bytes in place, from the
	 * access range's first byte (span_w NULL when it cannot be written) */
	const uint8_t *span;
	uint8_t *span_w;
	uint64_t span_first, span_n;
	unsigned swap;                /* XOR of byte positions (0, 1, 3, 7) */
	const struct gk_mem_access *acc;
};

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
		uint64_t off = 0;
		if (s->surf)
			gk_tile_addr(s->surf, (uint32_t)xx, (uint32_t)yy, (uint32_t)zz, &off); /* inside: checked up front */
		else
			off = ((zz * s->rows + yy) * s->pitch + xx) * s->esize;
		*addr = s->base + off + r;
		*run = s->esize - r;
		return;
	}
	}
}

static unsigned swap_mask(const struct gk_exec *x, const char *field)
{
	const char *n = gk_exec_fname(x, field);
	if (!n)
		return 0;
	if (!strcmp(n, "8IN16"))
		return 1;
	if (!strcmp(n, "8IN32"))
		return 3;
	if (!strcmp(n, "8IN64"))
		return 7;
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
static int make_side(struct gk_exec *x, const struct gk_exec_row *row, unsigned k, const struct gk_mem_access *a,
		     struct side *s)
{
	const struct gk_access *ac = a->row;
	memset(s, 0, sizeof *s);
	s->rw = a->rw;
	s->acc = a;
	s->swap = k < 3 ? swap_mask(x, row->swap[k]) : 0;
	if (a->overflow)
		return gk_exec_stop(x, GK_EXEC_FAULTED, ac->addr, "the address arithmetic of %s runs past 2^64", ac->addr);
	switch (ac->size) {
	case GK_Z_FIXED:
	case GK_Z_COUNT:
		s->kind = SIDE_LINEAR;
		s->base = a->first;
		s->total = a->last - a->first + 1;
		return 0;
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
		if (tiled_side(x, a, &x->surf[k < MAX_SIDES ? k : 0], s))
			return -1;
		/* the access range bounds every element: one region holds it all
		 * (the usual case) and the elements move in place */
		uint64_t n = a->last - a->first + 1;
		if (n <= SIZE_MAX) {
			s->span_first = a->first;
			s->span_n = n;
			s->span = gk_mem_span(x->mem, a->first, (size_t)n);
			s->span_w = a->rw & GK_ACC_WRITE ? gk_mem_span_write(x->mem, a->first, (size_t)n) : NULL;
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
		uint64_t off = 0;
		if (s->surf)
			gk_tile_addr(s->surf, (uint32_t)xx, (uint32_t)yy, (uint32_t)zz, &off);
		else
			off = ((zz * s->rows + yy) * s->pitch + xx) * E;
		uint64_t at = s->base + off;
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
	const uint8_t *from = src->kind == SIDE_DATA ? src->data : gk_mem_span(x->mem, src->base, (size_t)total);
	uint8_t *to[MAX_SIDES];
	for (unsigned i = 0; i < ndst; i++) {
		to[i] = dst[i].kind == SIDE_LINEAR && !dst[i].swap ? gk_mem_span_write(x->mem, dst[i].base, (size_t)total)
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
	for (unsigned k = 0; k < 8 && A->n < MAX_SIDES; k++) {
		int r = gk_engine_access(e, k, &A->a[A->n]);
		if (r < 0)
			break;
		if (r == 1) {
			A->k[A->n] = k;
			gk_exec_effect(x, A->a[A->n].rw & GK_ACC_WRITE ? 'w' : 'r', A->a[A->n].first, A->a[A->n].last, 0,
			       A->a[A->n].field->name);
			A->n++;
		}
	}
}

/* the access that reads (or writes: want) */
static const struct gk_mem_access *find_acc(const struct accs *A, unsigned want, unsigned *k)
{
	for (unsigned i = 0; i < A->n; i++)
		if (A->a[i].rw & want) {
			if (k)
				*k = A->k[i];
			return &A->a[i];
		}
	return NULL;
}

static int op_copy(struct gk_exec *x, const struct gk_exec_row *row, const struct accs *A)
{
	struct side src, dst[MAX_SIDES];
	unsigned ndst = 0, nsrc = 0;
	for (unsigned i = 0; i < A->n; i++) {
		if (A->a[i].rw == GK_ACC_READ) {
			if (make_side(x, row, A->k[i], &A->a[i], &src))
				return -1;
			nsrc++;
		} else if (A->a[i].rw == GK_ACC_WRITE) {
			if (make_side(x, row, A->k[i], &A->a[i], &dst[ndst]))
				return -1;
			ndst++;
		}
	}
	if (!nsrc || !ndst)
		return 0; /* a zero count: nothing moves */
	for (unsigned i = 0; i < ndst; i++)
		if (overlaps(src.acc, dst[i].acc))
			return gk_exec_stop(x, GK_EXEC_FAULTED, dst[i].acc->field->name,
				    "source 0x%llx..0x%llx and destination 0x%llx..0x%llx overlap: the DMA packet reference "
				    "does not say in which order the engine moves the bytes, so the copy is not run",
				    (unsigned long long)src.acc->first, (unsigned long long)src.acc->last,
				    (unsigned long long)dst[i].acc->first, (unsigned long long)dst[i].acc->last);
	return transfer(x, &src, dst, ndst);
}

static int op_write_data(struct gk_exec *x, const struct gk_exec_row *row, const struct accs *A)
{
	unsigned k;
	const struct gk_mem_access *a = find_acc(A, GK_ACC_WRITE, &k);
	if (!a)
		return 0;
	struct side dst, src;
	if (make_side(x, row, k, a, &dst))
		return -1;
	const struct gk_unit *u = x->u;
	memset(&src, 0, sizeof src);
	src.kind = SIDE_DATA;
	src.data = (const uint8_t *)(u->pkt.dw + u->tail_begin);
	src.total = 4ull * (u->tail_end - u->tail_begin);
	return transfer(x, &src, &dst, 1);
}

/* The fill pattern of a GK_X_FILL or a data-sourced DMA: byte q of the
 * destination is byte (q ^ swap) % width of v.  Its period divides
 * 8 * width (swap is 0, 1, 3 or 7), so the first period is worked out byte
 * by byte and the rest of b[0..n) copied from it, doubling: n bytes cost
 * n stores, at memcpy speed. */
static void fill_pattern(uint8_t *b, size_t n, uint32_t v, unsigned width, unsigned swap)
{
	size_t first = n < 8u * width ? n : 8u * width;
	for (size_t q = 0; q < first; q++)
		b[q] = (uint8_t)(v >> (8 * ((q ^ swap) % width)));
	for (size_t k = first; k < n; k *= 2)
		memcpy(b + k, b, n - k < k ? n - k : k);
}

/* Whether every byte of the pattern is the same (a memset does it). */
static bool fill_uniform(uint32_t v, unsigned width)
{
	for (unsigned i = 1; i < width && i < 4; i++)
		if ((uint8_t)(v >> (8 * i)) != (uint8_t)v)
			return false;
	return width <= 4;
}

/* The fill's bytes in the bounce buffer: only as many as one block of the
 * destination takes (a 4-byte fill stages 4 bytes, not the whole buffer). */
void gk_exec_stage_fill(struct gk_exec *x, uint64_t total, uint32_t v, unsigned width, unsigned swap)
{
	size_t n = total < BLOCK ? (size_t)total : BLOCK;
	fill_pattern(x->block, n, v, width, swap);
	x->staged += n;
}

static int op_fill(struct gk_exec *x, const struct gk_exec_row *row, const struct accs *A)
{
	unsigned k;
	const struct gk_mem_access *a = find_acc(A, GK_ACC_WRITE, &k);
	if (!a)
		return 0;
	struct side dst;
	if (make_side(x, row, k, a, &dst))
		return -1;
	uint32_t v = (uint32_t)gk_exec_fget(x, row->arg[0], 0);
	const char *size = gk_exec_fname(x, row->arg[1]);
	unsigned width = row->arg[1] ? (size && !strcmp(size, "BYTE") ? 1 : size && !strcmp(size, "DWORD") ? 4 : 0)
				     : (row->n ? row->n : 4);
	if (!width)
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->arg[1], "fill size %s: the reference gives bytes and dwords only",
			    size ? size : "(reserved)");
	/* a linear destination inside one region: filled in place, no bounce */
	uint8_t *in_place = dst.kind == SIDE_LINEAR && dst.total && dst.total <= SIZE_MAX
				    ? gk_mem_span_write(x->mem, dst.base, (size_t)dst.total)
				    : NULL;
	if (in_place && fill_uniform(v, width))
		memset(in_place, (uint8_t)v, (size_t)dst.total);
	else if (in_place)
		fill_pattern(in_place, (size_t)dst.total, v, width, dst.swap);
	else {
		gk_exec_stage_fill(x, dst.total, v, width, dst.swap);
		for (uint64_t p = 0; p < dst.total;) {
			size_t n = dst.total - p < BLOCK ? (size_t)(dst.total - p) : BLOCK;
			if (side_io(x, &dst, p, x->block, n, true))
				return -1;
			p += n;
		}
	}
	x->res->bytes_written += dst.total;
	return 0;
}

static int write_bytes(struct gk_exec *x, const struct accs *A, const uint8_t *b, size_t n, const char *what)
{
	const struct gk_mem_access *a = find_acc(A, GK_ACC_WRITE, NULL);
	if (!a)
		return 0;
	struct gk_diag err;
	if (gk_mem_write(x->mem, a->first, b, n, &err) != 0)
		return gk_exec_stop(x, GK_EXEC_FAULTED, a->field->name, "writes %s to 0x%llx: %s", what,
			    (unsigned long long)a->first, err.message);
	x->res->bytes_written += n;
	return 0;
}

static int op_store(struct gk_exec *x, const struct gk_exec_row *row, const struct accs *A)
{
	uint64_t v = gk_exec_fget(x, row->arg[0], 0);
	uint8_t b[8];
	unsigned n = row->n ? row->n : 4;
	for (unsigned i = 0; i < n && i < 8; i++)
		b[i] = (uint8_t)(v >> (8 * i));
	return write_bytes(x, A, b, n < 8 ? n : 8, row->arg[0]);
}

static int read_u32(struct gk_exec *x, const struct gk_mem_access *a, uint32_t *v, const char *what)
{
	uint8_t b[4];
	struct gk_diag err;
	if (gk_mem_read(x->mem, a->first, b, 4, NULL, &err) != 0)
		return gk_exec_stop(x, GK_EXEC_FAULTED, a->field->name, "reads %s at 0x%llx: %s", what,
			    (unsigned long long)a->first, err.message);
	*v = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
	x->res->bytes_read += 4;
	return 0;
}

static bool compare(const char *func, uint32_t v, uint32_t ref, bool *known)
{
	*known = true;
	if (!strcmp(func, "ALWAYS"))
		return true;
	if (!strcmp(func, "LESS"))
		return v < ref;
	if (!strcmp(func, "LESS_EQUAL"))
		return v <= ref;
	if (!strcmp(func, "EQUAL"))
		return v == ref;
	if (!strcmp(func, "NOT_EQUAL"))
		return v != ref;
	if (!strcmp(func, "GREATER_EQUAL"))
		return v >= ref;
	if (!strcmp(func, "GREATER"))
		return v > ref;
	*known = false;
	return false;
}

static const char *func_text(const char *func)
{
	return !strcmp(func, "ALWAYS") ? "(always)" : !strcmp(func, "LESS") ? "<" : !strcmp(func, "LESS_EQUAL") ? "<="
	       : !strcmp(func, "EQUAL") ? "==" : !strcmp(func, "NOT_EQUAL") ? "!=" : !strcmp(func, "GREATER_EQUAL") ? ">="
	       : ">";
}

static int op_wait(struct gk_exec *x, const struct gk_exec_row *row, const struct accs *A)
{
	const char *space = row->arg[0] ? gk_exec_fname(x, row->arg[0]) : NULL;
	bool reg = row->arg[0] ? space && !strcmp(space, "REGISTER") : row->arg[4] != NULL;
	const char *func = row->arg[1] ? gk_exec_fname(x, row->arg[1]) : "EQUAL";
	uint32_t mask = (uint32_t)gk_exec_fget(x, row->arg[2], 0xffffffffu), ref = (uint32_t)gk_exec_fget(x, row->arg[3], 0);
	if (!func)
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->arg[1], "compare function %llu is reserved",
			    (unsigned long long)gk_exec_fget(x, row->arg[1], 0));
	uint32_t v;
	uint64_t addr;
	const char *where = row->arg[4];
	if (reg) {
		addr = gk_exec_cp_reg_addr(x, row->arg[4]);
		if (!gk_exec_reg_valid(addr) || !gk_exec_reg(x, (uint32_t)addr, &v))
			return gk_exec_stop(x, GK_EXEC_FAULTED, row->arg[4],
				    "waits on register 0x%llx, which nothing has set (set it with --reg)",
				    (unsigned long long)addr);
	} else {
		const struct gk_mem_access *a = find_acc(A, GK_ACC_READ, NULL);
		if (!a)
			return gk_exec_stop(x, GK_EXEC_FAULTED, NULL, "the wait has no memory address");
		addr = a->first;
		where = a->field->name;
		if (read_u32(x, a, &v, "the value waited on"))
			return -1;
	}
	bool known;
	if (compare(func, v & mask, ref, &known))
		return 0;
	if (!known)
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->arg[1], "compare function %s is not one the executor knows", func);
	struct gk_exec_result *r = x->res;
	gk_exec_stop(x, GK_EXEC_STALLED, where,
	     "waits for (%s[0x%llx] & 0x%x) %s 0x%x; found 0x%x, and nothing else runs while it waits",
	     reg ? "reg" : "mem", (unsigned long long)addr, mask, func_text(func), ref, v);
	r->has_wait = true;
	r->wait_addr = addr;
	r->wait_reg = reg;
	r->wait_value = v;
	r->wait_mask = mask;
	r->wait_ref = ref;
	r->wait_func = func;
	return -1;
}

static int op_semaphore(struct gk_exec *x, const struct gk_exec_row *row, const struct accs *A)
{
	const struct gk_mem_access *a = find_acc(A, GK_ACC_READ, NULL);
	if (!a)
		return gk_exec_stop(x, GK_EXEC_FAULTED, NULL, "the semaphore has no address");
	uint8_t b[8];
	struct gk_diag err;
	if (gk_mem_read(x->mem, a->first, b, 8, NULL, &err) != 0)
		return gk_exec_stop(x, GK_EXEC_FAULTED, a->field->name, "reads the semaphore at 0x%llx: %s",
			    (unsigned long long)a->first, err.message);
	x->res->bytes_read += 8;
	uint64_t v = 0;
	for (int i = 7; i >= 0; i--)
		v = v << 8 | b[i];
	const char *sel = gk_exec_fname(x, row->arg[0]); /* a select whose values are named SIGNAL / WAIT */
	if (sel ? strcmp(sel, "WAIT") != 0 : gk_exec_fget(x, row->arg[0], 0) != 0) {
		v = gk_exec_fget(x, row->arg[1], 0) ? 1 : v + 1;
	} else if (v) {
		v--;
	} else {
		gk_exec_stop(x, GK_EXEC_STALLED, a->field->name,
		     "waits on the semaphore at 0x%llx; its count is 0, and no signal can come while it waits",
		     (unsigned long long)a->first);
		x->res->has_wait = true;
		x->res->wait_addr = a->first;
		x->res->wait_func = "semaphore";
		return -1;
	}
	for (int i = 0; i < 8; i++)
		b[i] = (uint8_t)(v >> (8 * i));
	return write_bytes(x, A, b, 8, "the semaphore");
}

static int op_cond_exec(struct gk_exec *x, const struct gk_exec_row *row, const struct accs *A)
{
	const struct gk_mem_access *a = find_acc(A, GK_ACC_READ, NULL);
	uint32_t v;
	if (!a)
		return gk_exec_stop(x, GK_EXEC_FAULTED, NULL, "the condition has no address");
	if (read_u32(x, a, &v, "the condition"))
		return -1;
	uint64_t n = gk_exec_fget(x, row->arg[0], 0);
	if (!v && n) {
		x->skipping = true;
		x->skip_depth = x->depth;
		x->skip_left = n;
		x->skip_from = x->at[x->depth];
	}
	return 0;
}

static int op_reg_write(struct gk_exec *x, const struct gk_exec_row *row)
{
	uint64_t addr = gk_exec_fget(x, row->arg[0], 0);
	uint32_t data = (uint32_t)gk_exec_fget(x, row->arg[1], 0);
	uint32_t en = row->arg[2] ? (uint32_t)gk_exec_fget(x, row->arg[2], 0xf) : 0xf, mask = 0;
	if (!gk_exec_reg_valid(addr))
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->arg[0], "register 0x%llx is outside the register file (0..0x%x)",
			    (unsigned long long)addr, REG_SPACE - 4);
	for (unsigned b = 0; b < 4; b++)
		if (en >> b & 1)
			mask |= 0xffu << (8 * b);
	uint32_t old;
	gk_exec_reg(x, (uint32_t)addr, &old);
	uint32_t v = (old & ~mask) | (data & mask);
	if (gk_exec_reg_put(x, (uint32_t)addr, v))
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->arg[0], "out of memory for the register file");
	gk_exec_effect(x, 'g', addr, addr, v, NULL);
	return 0;
}

static int op_pte(struct gk_exec *x, const struct gk_exec_row *row, const struct accs *A)
{
	const struct gk_mem_access *a = find_acc(A, GK_ACC_WRITE, NULL);
	if (!a)
		return 0;
	uint64_t bytes = a->last - a->first + 1, value = gk_exec_fget(x, row->arg[0], 0), incr = gk_exec_fget(x, row->arg[1], 0);
	uint64_t flags = gk_exec_fget(x, row->arg[2], 0);
	if (bytes % 8)
		return gk_exec_stop(x, GK_EXEC_FAULTED, a->field->name, "%llu bytes are not whole 8-byte entries",
			    (unsigned long long)bytes);
	for (uint64_t i = 0; i < bytes / 8;) {
		size_t n = 0;
		for (; n < BLOCK / 8 && i < bytes / 8; n++, i++) {
			uint64_t pte = (value + i * incr) | flags;
			for (unsigned b = 0; b < 8; b++)
				x->block[8 * n + b] = (uint8_t)(pte >> (8 * b));
		}
		struct gk_diag err;
		uint64_t at = a->first + 8 * (i - n);
		if (gk_mem_write(x->mem, at, x->block, 8 * n, &err) != 0)
			return gk_exec_stop(x, GK_EXEC_FAULTED, a->field->name, "writes page-table entries at 0x%llx: %s",
				    (unsigned long long)at, err.message);
	}
	x->res->bytes_written += bytes;
	return 0;
}

static int run_row(struct gk_exec *x, const struct gk_exec_row *row, const struct accs *A)
{
	switch (row->op) {
	case GK_X_NOTHING: return 0;
	case GK_X_COPY: return op_copy(x, row, A);
	case GK_X_WRITE_DATA: return op_write_data(x, row, A);
	case GK_X_FILL: return op_fill(x, row, A);
	case GK_X_STORE: return op_store(x, row, A);
	case GK_X_INTERRUPT:
		x->res->interrupts++;
		gk_exec_effect(x, 'i', 0, 0, (uint32_t)gk_exec_fget(x, row->arg[0], 0), row->arg[0]);
		return 0;
	case GK_X_WAIT: return op_wait(x, row, A);
	case GK_X_SEMAPHORE: return op_semaphore(x, row, A);
	case GK_X_COND_EXEC: return op_cond_exec(x, row, A);
	case GK_X_REG_WRITE: return op_reg_write(x, row);
	case GK_X_CLOCK_SET:
		x->clock = gk_exec_fget(x, row->arg[0], 0);
		gk_exec_effect(x, 'c', x->clock, x->clock, 0, NULL);
		return 0;
	case GK_X_CLOCK_STORE: {
		uint8_t b[8];
		for (int i = 0; i < 8; i++)
			b[i] = (uint8_t)(x->clock >> (8 * i));
		return write_bytes(x, A, b, 8, "the clock");
	}
	case GK_X_PTE: return op_pte(x, row, A);
	case GK_X_REFUSE:
		return gk_exec_stop(x, GK_EXEC_FAULTED, row->when, "not run: %s", row->arg[0] ? row->arg[0] : "no semantics");
	default:
		if (row->op >= GK_X_REG_RUN && row->op < GK_X_END)
			return gk_exec_cp_row(x, row, A); /* exec_cp.c */
	}
	return gk_exec_stop(x, GK_EXEC_FAULTED, NULL, "exec row of kind %u is not one the executor knows", row->op);
}

/* ---- the trace ---- */

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
	gk_exec_cp_trace_text(x, &o);
	gk_out_flush(&o);
}

/* ,"key":value */
static void key_uint(struct gk_out *o, const char *key, uint64_t v)
{
	gk_out_printf(o, ",\"%s\":", key);
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

/* The JSON unit line of u, without its closing brace, then where it runs
 * (depth, ib, parent inside indirect buffers), for the caller to add its
 * keys and close.  false when there is nothing to write. */
static bool unit_json_open(struct gk_exec *x, const struct gk_unit *u)
{
	x->json.n = 0;
	struct gk_out o = { NULL, 0, 0, gk_membuf_write, &x->json, 0, 0 };
	gk_unit_json(x->fmt, u, 0, &o);
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
	if (!x->u || !unit_json_open(x, x->u))
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
	gk_exec_cp_trace_json(x, x->out);
	gk_out_str(x->out, "}\n");
}

static void trace(struct gk_exec *x, const struct gk_diags *dg, bool skipped)
{
	if (!x->o->trace && !gk_exec_cp_state_due(x))
		return;
	if (x->o->json)
		trace_json(x, skipped);
	else
		trace_text(x, dg, skipped);
}

/* ---- the unit callback ---- */

/* A lint run follows the register state: what would stop a run (memory it
 * was not given, a wait, a malformed packet) is passed over and counted.
 * true when the stop was taken back. */
static bool pass_over(struct gk_exec *x)
{
	if (!x->o->lint || !x->stop || x->res->status == GK_EXEC_LIMIT)
		return false;
	x->stop = false;
	x->res->status = GK_EXEC_COMPLETED;
	x->res->has_wait = false;
	memset(&x->res->where, 0, sizeof x->res->where);
	memset(&x->res->why, 0, sizeof x->res->why);
	x->res->not_run++;
	return true;
}

static int reg_view(void *ctx, uint32_t byte_addr, uint32_t *value)
{
	return gk_exec_reg(ctx, byte_addr, value);
}

/* A lint run's finding at the packet being run: text, the packet's place,
 * what it is (what) and one line per diagnostic; JSON, the packet's unit
 * line with these diagnostics in place of its own. */
static void lint_print(struct gk_exec *x, const struct gk_diags *dg, const char *what)
{
	const struct gk_unit *u = x->u;
	x->res->lint_errors += dg->errors;
	x->res->lint_warnings += dg->warnings;
	x->res->lint_events++;
	if (x->o->json) {
		/* the event's unit line with these diagnostics as its own */
		struct gk_unit shown = *u;
		shown.diags = (struct gk_diags *)dg; /* only read */
		if (unit_json_open(x, &shown))
			gk_out_str(x->out, "}\n");
		return;
	}
	struct gk_exec_where w;
	where_now(x, &w);
	gk_out_printf(x->out, "%s", x->o->name ? x->o->name : "-");
	for (unsigned d = 0; d <= w.depth && d < GK_EXEC_PATH; d++)
		gk_out_printf(x->out, "%s0x%llx", d ? "->IB:" : ":", (unsigned long long)w.at[d]);
	gk_out_printf(x->out, ": %s (%s): %u error%s, %u warning%s\n", w.packet ? w.packet : "(raw)", what, dg->errors,
		      dg->errors == 1 ? "" : "s", dg->warnings, dg->warnings == 1 ? "" : "s");
	for (unsigned i = 0; i < dg->n && i < GK_MAX_DIAGS; i++) {
		char line[256];
		gk_diag_format(&dg->d[i], line, sizeof line);
		gk_out_printf(x->out, "    %s: %s\n", dg->d[i].severity == GK_ERROR ? "error" : "warning",
			      dg->d[i].code == GK_D_LINT ? dg->d[i].message : line);
	}
	if (dg->dropped)
		gk_out_printf(x->out, "    ... and %u more\n", dg->dropped);
}

/* the draw or dispatch just run against the selected rules: the event is
 * printed with what it broke */
static void lint_event(struct gk_exec *x)
{
	const struct gk_unit *u = x->u;
	bool dispatch = (u->desc->flags & GK_P_COMPUTE) != 0;
	struct gk_lint_event ev = { dispatch ? GK_LINT_DISPATCH : GK_LINT_DRAW, &u->pkt };
	struct gk_lint_regs regs = { reg_view, x };
	struct gk_diags dg;
	memset(&dg, 0, sizeof dg);
	uint64_t nth = dispatch ? ++x->res->dispatches : ++x->res->draws;
	if (gk_lint_event(x->fmt, &ev, &regs, x->o->lint, &dg) <= 0 && !dg.n)
		return;
	char what[48];
	snprintf(what, sizeof what, "%s %llu", dispatch ? "dispatch" : "draw", (unsigned long long)nth);
	lint_print(x, &dg, what);
}

static void remember(struct gk_exec *x)
{
	struct gk_exec_result *r = x->res;
	if (r->nlast == GK_EXEC_LAST) {
		memmove(r->last, r->last + 1, (GK_EXEC_LAST - 1) * sizeof r->last[0]);
		r->nlast--;
	}
	where_now(x, &r->last[r->nlast++]);
}

static int on_unit(void *ctx, struct gk_engine *e, uint64_t offset, const uint32_t *words, size_t n,
		   const struct gk_diags *dg)
{
	struct gk_exec *x = ctx;
	(void)words;
	/* the depth: one engine per depth (gk_stream_run) */
	unsigned d = 0;
	while (d < x->nstack && x->stack[d] != e)
		d++;
	if (d == x->nstack) {
		if (x->nstack == GK_EXEC_PATH)
			return GK_UNIT_STOP; /* deeper than following goes: cannot happen */
		x->stack[x->nstack++] = e;
	}
	x->depth = d;
	x->at[d] = offset;
	x->u = gk_engine_unit(e);
	x->neff = x->eff_more = 0;
	gk_exec_cp_unit(x);
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
		trace(x, dg, true);
		return GK_UNIT_NO_FOLLOW;
	}
	if (x->o->max_packets && x->res->packets == x->o->max_packets) {
		x->res->status = GK_EXEC_LIMIT;
		where_now(x, &x->res->where);
		x->stop = true;
		return GK_UNIT_STOP;
	}
	const struct gk_unit *u = x->u;
	if (dg->errors && x->o->lint) {
		/* a lint run reports what the checker finds and goes on with the
		 * state the packet sets (a malformed draw is still linted) */
		lint_print(x, dg, "check");
	} else if (dg->errors) {
		const struct gk_diag *first = NULL;
		for (unsigned i = 0; i < dg->n && !first; i++)
			if (dg->d[i].severity == GK_ERROR)
				first = &dg->d[i];
		trace(x, dg, false);
		gk_exec_stop(x, GK_EXEC_FAULTED, first ? first->field : NULL, "the packet is not run: %s",
		     first ? first->message : "it has errors");
		if (first)
			x->res->why.code = first->code;
		return pass_over(x) ? GK_UNIT_NO_FOLLOW : GK_UNIT_STOP;
	}
	if (!u || !u->desc || u->pkt.frame.unknown || u->pkt.truncated) {
		trace(x, dg, false);
		gk_exec_stop(x, GK_EXEC_FAULTED, NULL, "%zu word%s that are no packet of %s: the engine's behaviour is unknown",
		     n, n == 1 ? "" : "s", x->fmt->gen);
		return pass_over(x) ? GK_UNIT_NO_FOLLOW : GK_UNIT_STOP;
	}
	struct accs A;
	unit_accesses(x, e, &A);
	if (u->desc->flags & GK_P_IB) {
		/* runs where it is: the stream loop follows it next (a chained
		 * buffer replaces this level's: GFX9+ CHAIN) */
		const struct gk_mem_access *a = find_acc(&A, GK_ACC_READ, NULL);
		bool chain = false;
		for (unsigned i = 0; i < u->nfields; i++)
			chain |= (u->fields[i].desc->flags & GK_F_CHAIN) && u->fields[i].value && !u->fields[i].cut;
		unsigned at = chain ? d : d + 1;
		if (a && at < GK_EXEC_PATH) {
			x->ib[at] = a->first;
			x->parent[at] = offset;
		}
		x->res->packets++;
		x->clock++;
		remember(x);
		trace(x, dg, false);
		return GK_UNIT_GO;
	}
	if (!u->desc->nexec) {
		trace(x, dg, false);
		gk_exec_stop(x, GK_EXEC_FAULTED, NULL, "%s is a packet the executor has no semantics for: the run stops here",
		     u->desc->name);
		return pass_over(x) ? GK_UNIT_GO : GK_UNIT_STOP;
	}
	for (unsigned i = 0; i < u->desc->nexec; i++) {
		const struct gk_exec_row *row = &u->desc->exec[i];
		if (row->when && !gk_exec_fget(x, row->when, 0))
			continue;
		if (run_row(x, row, &A)) {
			if (pass_over(x))
				continue; /* lint: the rest of the packet still sets what it sets */
			x->neff = x->eff_more = 0; /* what it would have touched: the report says what stopped it */
			trace(x, dg, false);
			return GK_UNIT_STOP;
		}
	}
	x->res->packets++;
	x->clock++;
	remember(x);
	trace(x, dg, false);
	if (x->o->lint && x->cp.event)
		lint_event(x);
	return GK_UNIT_GO;
}

/* ---- the run ---- */

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
	x->u = NULL;
	x->staged = 0;
	gk_exec_cp_begin(x);
	/* the loop checks (a packet with errors is not run) and follows; its
	 * own printing is dropped: the trace prints each unit as it runs */
	struct gk_out none = { NULL, 0, 0, NULL, NULL, 0, 0 };
	struct gk_stream_opts so = { .check = true, .unit = on_unit, .unit_ctx = x, .mem_read = gk_mem_reader,
				     .mem_ctx = x->mem, .max_depth = o->max_depth };
	struct gk_stream_stats st;
	int rc = gk_stream_run(x->e, in, &so, &none, &st);
	res->clock = x->clock;
	if (rc != 0)
		return -1;
	if (!x->stop)
		res->status = GK_EXEC_COMPLETED;
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
	return 0;
}
