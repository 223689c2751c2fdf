/* GFX6-8 surface sizes and element addresses, bit-exact with addrlib 8.9
 * (../shared/reference/tiling/README.md "The algorithm as the vectors show
 * it").  Generic code over the equations in tiling_tab.c. */
#include "gfxkit/tiling.h"
#include "gfxkit/stream.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "out.h" /* src/core */
#include "tiling_tab.h"

static unsigned ilog2(uint64_t v)
{
	unsigned n = 0;
	while (v > 1) {
		v >>= 1;
		n++;
	}
	return n;
}

static int is_pow2_in(uint64_t v, uint64_t lo, uint64_t hi)
{
	return v >= lo && v <= hi && (v & (v - 1)) == 0;
}

static unsigned parity8(unsigned v)
{
	v ^= v >> 4;
	v ^= v >> 2;
	v ^= v >> 1;
	return v & 1u;
}

static uint64_t roundup(uint64_t a, uint64_t b)
{
	return (a + b - 1) / b * b;
}

static void vdiag(struct gk_diag *d, enum gk_severity sev, enum gk_diag_code code, const char *field,
		  const char *fmt, va_list ap)
{
	memset(d, 0, sizeof *d);
	d->severity = sev;
	d->code = code;
	d->dw = -1;
	d->lo = d->hi = -1;
	d->packet = "tile";
	d->field = field;
	vsnprintf(d->message, sizeof d->message, fmt, ap);
}

static void sdiag(struct gk_tile_surface *s, enum gk_severity sev, enum gk_diag_code code, const char *field,
		  const char *fmt, ...)
{
	if (sev == GK_ERROR)
		s->errors++;
	if (s->ndiags >= GK_TILE_MAX_DIAGS)
		return;
	va_list ap;
	va_start(ap, fmt);
	vdiag(&s->diags[s->ndiags++], sev, code, field, fmt, ap);
	va_end(ap);
}

void gk_tile_params_init(struct gk_tile_params *p)
{
	if (!p)
		return;
	memset(p, 0, sizeof *p);
	p->micro = GK_MICRO_THIN;
	p->slices = 1;
	p->pipe_config = -1;
}

void gk_tile_params_simple(struct gk_tile_params *p, unsigned mode, unsigned bpp, uint32_t width, uint32_t height,
			   uint32_t slices)
{
	gk_tile_params_init(p);
	if (!p)
		return;
	p->mode = mode;
	p->bpp = bpp;
	p->width = width;
	p->height = height;
	p->slices = slices;
}

const char *gk_tile_pipe_config_name(int pc)
{
	return pc >= 0 && pc < 32 ? gk_pipe_configs[pc].name : NULL;
}

int gk_tile_pipe_config_parse(const char *name)
{
	if (!name)
		return -1;
	for (int i = 0; i < 32; i++) {
		const char *n = gk_pipe_configs[i].name;
		if (!n)
			continue;
		size_t k = 0;
		while (n[k] && name[k] && (n[k] | 0x20) == (name[k] | 0x20))
			k++;
		if (!n[k] && !name[k])
			return i;
	}
	/* a number: the hardware enum */
	unsigned v = 0;
	const char *q = name;
	if (!*q)
		return -1;
	for (; *q; q++) {
		if (*q < '0' || *q > '9' || v > 1000)
			return -1;
		v = v * 10 + (unsigned)(*q - '0');
	}
	return v < 32 && gk_pipe_configs[v].name ? (int)v : -1;
}

const char *gk_tile_mode_name(unsigned mode)
{
	return mode == GK_TILE_LINEAR || mode == GK_TILE_1D || mode == GK_TILE_2D ? gk_array_mode_names[mode] : NULL;
}

static void validate(struct gk_tile_surface *s, const struct gk_tile_params *p)
{
	if (!gk_tile_mode_name(p->mode))
		sdiag(s, GK_ERROR, GK_D_RESERVED_VALUE, "mode",
		      p->mode ? "mode %u is not LINEAR_ALIGNED (1), 1D_TILED_THIN1 (2) or 2D_TILED_THIN1 (4)"
			      : "no tile mode given (linear, 1d or 2d)",
		      p->mode);
	if (!is_pow2_in(p->bpp, 8, 128))
		sdiag(s, GK_ERROR, GK_D_RANGE, "bpp", "bpp %u: must be 8, 16, 32, 64 or 128", p->bpp);
	if (p->width < 1 || p->width > GK_TILE_MAX_DIM)
		sdiag(s, GK_ERROR, GK_D_RANGE, "width", "width %u: must be 1 to %u", p->width, GK_TILE_MAX_DIM);
	if (p->height < 1 || p->height > GK_TILE_MAX_DIM)
		sdiag(s, GK_ERROR, GK_D_RANGE, "height", "height %u: must be 1 to %u", p->height, GK_TILE_MAX_DIM);
	if (p->slices < 1 || p->slices > GK_TILE_MAX_SLICES)
		sdiag(s, GK_ERROR, GK_D_RANGE, "slices", "slices %u: must be 1 to %u", p->slices, GK_TILE_MAX_SLICES);
	if (p->mode != GK_TILE_LINEAR && p->micro != GK_MICRO_DISPLAY && p->micro != GK_MICRO_THIN)
		sdiag(s, GK_ERROR, GK_D_RESERVED_VALUE, "micro",
		      "micro tile mode %u is not display (0) or thin (1): depth, rotated and thick are out of scope",
		      p->micro);
	if (p->mode != GK_TILE_2D)
		return;
	if (!gk_tile_pipe_config_name(p->pipe_config))
		sdiag(s, GK_ERROR, GK_D_RESERVED_VALUE, "pipe_config",
		      p->pipe_config < 0 ? "2d needs a pipe config" : "pipe config %d names no GFX6-8 PIPE_CONFIG",
		      p->pipe_config);
	unsigned row = p->row_size ? p->row_size : 4096;
	if (!is_pow2_in(row, 1024, 8192))
		sdiag(s, GK_ERROR, GK_D_RANGE, "row_size", "row size %u: must be 1024, 2048, 4096 or 8192 bytes",
		      p->row_size);
	if (!is_pow2_in(p->tile_split, 64, 4096))
		sdiag(s, GK_ERROR, GK_D_RANGE, "tile_split",
		      p->tile_split ? "tile split %u: must be 64, 128, 256, 512, 1024, 2048 or 4096 bytes"
				    : "2d needs a tile split (64 to 4096 bytes)",
		      p->tile_split);
	else if (p->tile_split > row)
		sdiag(s, GK_ERROR, GK_D_RULE, "tile_split", "tile split %u bytes exceeds the %u-byte DRAM row",
		      p->tile_split, row);
	if (!is_pow2_in(p->bank_width, 1, 8))
		sdiag(s, GK_ERROR, GK_D_RANGE, "bank_width", "bank width %u: must be 1, 2, 4 or 8", p->bank_width);
	if (!is_pow2_in(p->bank_height, 1, 8))
		sdiag(s, GK_ERROR, GK_D_RANGE, "bank_height", "bank height %u: must be 1, 2, 4 or 8", p->bank_height);
	if (!is_pow2_in(p->macro_aspect, 1, 8))
		sdiag(s, GK_ERROR, GK_D_RANGE, "macro_aspect", "macro tile aspect %u: must be 1, 2, 4 or 8",
		      p->macro_aspect);
	if (!is_pow2_in(p->num_banks, 2, 16))
		sdiag(s, GK_ERROR, GK_D_RANGE, "num_banks", "bank count %u: must be 2, 4, 8 or 16", p->num_banks);
	else if (is_pow2_in(p->macro_aspect, 1, 8) && p->macro_aspect > p->num_banks)
		sdiag(s, GK_ERROR, GK_D_RULE, "macro_aspect", "macro tile aspect %u exceeds the bank count %u",
		      p->macro_aspect, p->num_banks);
}

/* 6-bit element index inside a micro tile, from the order table */
static unsigned micro_index_eq(const struct gk_tile_params *p, unsigned lx, unsigned ly)
{
	const struct gk_micro_order *o = &gk_micro_orders[p->micro][ilog2(p->bpp / 8)];
	unsigned i = 0;
	for (unsigned k = 0; k < 6; k++) {
		unsigned b = o->bit[k];
		i |= (((b & 0x10 ? ly : lx) >> (b & 3)) & 1u) << k;
	}
	return i;
}

static unsigned micro_index(const struct gk_tile_surface *s, unsigned lx, unsigned ly)
{
	return s->micro_lut[(ly & 7) * 8 + (lx & 7)];
}

/* the lookup tables of the address path */
static void fill_luts(struct gk_tile_surface *s)
{
	const struct gk_tile_params *p = &s->p;
	for (unsigned q = 0; q < 64; q++)
		s->micro_lut[q] = p->mode == GK_TILE_LINEAR ? 0 : (uint8_t)micro_index_eq(p, q & 7, q >> 3);
	if (p->mode != GK_TILE_2D)
		return;
	const struct gk_pipe_config *pc = &gk_pipe_configs[p->pipe_config];
	const struct gk_xor_bit *bb = gk_bank_bits[ilog2(p->num_banks) - 1];
	for (unsigned q = 0; q < 256; q++) {
		unsigned x = (q & 15) << 3, y = (q >> 4) << 3, pipe = 0, bank = 0;
		for (unsigned b = 0; b < 4; b++) {
			pipe |= (parity8(x & pc->bit[b].xmask) ^ parity8(y & pc->bit[b].ymask)) << b;
			bank |= (parity8((q & 15) & bb[b].xmask) ^ parity8((q >> 4) & bb[b].ymask)) << b;
		}
		s->pipe_lut[q] = (uint8_t)pipe;
		s->bank_lut[q] = (uint8_t)bank;
	}
	s->sh_piece = (uint8_t)ilog2(s->piece_bytes);
	s->sh_mtw = (uint8_t)ilog2(s->macro_tile_width);
	s->sh_mth = (uint8_t)ilog2(s->macro_tile_height);
	s->sh_pipes = (uint8_t)ilog2(s->pipes);
	s->sh_bankx = (uint8_t)ilog2(8u * p->bank_width * s->pipes);
	s->sh_banky = (uint8_t)ilog2(8u * p->bank_height);
}

int gk_tile_surface_init(struct gk_tile_surface *s, const struct gk_tile_params *req)
{
	if (!s)
		return -1;
	memset(s, 0, sizeof *s);
	if (!req) {
		gk_tile_params_init(&s->p);
		sdiag(s, GK_ERROR, GK_D_RANGE, "params", "no parameters");
		return -1;
	}
	s->p = *req;
	validate(s, req);
	if (s->errors)
		return -1;
	struct gk_tile_params *p = &s->p;
	unsigned E = p->bpp / 8;
	s->elem_bytes = E;
	s->padded_slices = p->slices;
	s->piece_bytes = 64 * E;
	s->pieces = 1;
	if (p->mode != GK_TILE_2D) {
		p->pipe_config = -1;
		p->tile_split = p->bank_width = p->bank_height = p->macro_aspect = p->num_banks = 0;
		p->pipe_swizzle = p->bank_swizzle = 0;
	}
	if (p->mode == GK_TILE_LINEAR)
		p->micro = GK_MICRO_THIN;
	if (p->mode != GK_TILE_LINEAR && p->bpp == 128 && p->micro == GK_MICRO_DISPLAY) {
		p->micro = GK_MICRO_THIN;
		sdiag(s, GK_WARNING, GK_D_RULE, "micro", "128 bpp tiled surfaces use thin micro tiles (addrlib forces it)");
	}
	if (p->mode == GK_TILE_LINEAR) {
		/* pitch: 64-byte steps (at least 8 elements) until a slice is a whole
		 * number of max(64 elements, 256 bytes) */
		uint64_t a = 64 / E > 8 ? 64 / E : 8, gran = 256 / E > 64 ? 256 / E : 64;
		uint64_t pitch = roundup(p->width, a);
		while (pitch * p->height % gran)
			pitch += a;
		s->pitch = (uint32_t)pitch;
		s->padded_height = p->height;
		s->pitch_align = (uint32_t)a;
		uint64_t g = gran;
		while (g > 1 && pitch % g)
			g >>= 1;
		s->height_align = (uint32_t)(gran / g);
		s->base_align = 256;
	} else if (p->mode == GK_TILE_1D) {
		uint64_t pitch = roundup(p->width, 8), ph = roundup(p->height, 8);
		while (pitch * ph * E % 256)
			pitch += 8;
		s->pitch = (uint32_t)pitch;
		s->padded_height = (uint32_t)ph;
		s->pitch_align = s->height_align = 8;
		s->base_align = 256;
	} else {
		const struct gk_pipe_config *pc = &gk_pipe_configs[p->pipe_config];
		unsigned P = pc->pipes, B = p->num_banks;
		unsigned t = p->tile_split < 64 * E ? p->tile_split : 64 * E;
		unsigned minbh = 256 / (t * p->bank_width), minma = 256 / (t * P * p->bank_width);
		if (p->bank_height < minbh) {
			sdiag(s, GK_WARNING, GK_D_RULE, "bank_height",
			      "bank height %u raised to %u (addrlib: a bank's micro tiles fill 256 bytes)", p->bank_height,
			      minbh);
			p->bank_height = minbh;
		}
		if (p->macro_aspect < minma) {
			sdiag(s, GK_WARNING, GK_D_RULE, "macro_aspect",
			      "macro tile aspect %u raised to %u (addrlib: a macro tile row fills 256 bytes per bank)",
			      p->macro_aspect, minma);
			p->macro_aspect = minma;
		}
		if (pc->aliases)
			sdiag(s, GK_WARNING, GK_D_RULE, "pipe_config",
			      "%s: addrlib's layout gives several elements one address (matched bit for bit); "
			      "no Linux tile table uses this config",
			      pc->name);
		if (p->pipe_swizzle >= P)
			sdiag(s, GK_WARNING, GK_D_RANGE, "pipe_swizzle", "pipe swizzle %u taken modulo %u pipes",
			      p->pipe_swizzle, P);
		if (p->bank_swizzle >= B)
			sdiag(s, GK_WARNING, GK_D_RANGE, "bank_swizzle", "bank swizzle %u taken modulo %u banks",
			      p->bank_swizzle, B);
		unsigned mtw = 8 * p->bank_width * P * p->macro_aspect, mth = 8 * p->bank_height * B / p->macro_aspect;
		s->pipes = P;
		s->macro_tile_width = s->pitch_align = mtw;
		s->macro_tile_height = s->height_align = mth;
		s->pitch = (uint32_t)roundup(p->width, mtw);
		s->padded_height = (uint32_t)roundup(p->height, mth);
		s->base_align = P * p->bank_width * p->bank_height * B * t;
		s->piece_bytes = t;
		s->pieces = 64 * E / t;
		s->channel_macro = t * p->bank_width * p->bank_height;
		s->macro_per_row = s->pitch / mtw;
		s->piece_plane = (uint64_t)s->macro_per_row * (s->padded_height / mth) * s->channel_macro;
	}
	s->slice_bytes = (uint64_t)s->pitch * s->padded_height * E;
	s->surface_bytes = s->slice_bytes * s->padded_slices;
	fill_luts(s);
	return 0;
}

/* 2D: address of byte e of the micro tile holding (x, y) in slice z */
static uint64_t addr2d(const struct gk_tile_surface *s, uint32_t x, uint32_t y, uint32_t z, unsigned e,
		       unsigned *pipe_out, unsigned *bank_out, unsigned *piece_out)
{
	const struct gk_tile_params *p = &s->p;
	unsigned P = s->pipes, B = p->num_banks, bw = p->bank_width, bh = p->bank_height;
	unsigned k = e >> s->sh_piece, off = e & (s->piece_bytes - 1);
	uint64_t j = ((y >> 3) & (bh - 1)) * bw + ((x >> (3 + s->sh_pipes)) & (bw - 1));
	uint64_t L = s->piece_plane * (k + (uint64_t)s->pieces * z) +
		     ((uint64_t)(y >> s->sh_mth) * s->macro_per_row + (x >> s->sh_mtw)) * s->channel_macro +
		     (j << s->sh_piece) + off;
	unsigned pipe = (s->pipe_lut[((y >> 3) & 15) << 4 | ((x >> 3) & 15)] ^ p->pipe_swizzle) & (P - 1);
	unsigned bank = s->bank_lut[((y >> s->sh_banky) & 15) << 4 | ((x >> s->sh_bankx) & 15)];
	const struct gk_pipe_config *pc = &gk_pipe_configs[p->pipe_config];
	if (pc->bank_or_xmask && bw == 1)
		bank |= parity8(x & pc->bank_or_xmask);
	bank ^= (unsigned)(((uint64_t)p->bank_swizzle + (uint64_t)z * (B / 2 - 1)) % B);
	bank ^= (k * (B / 2 + 1)) % B;
	bank &= B - 1;
	if (pipe_out) {
		*pipe_out = pipe;
		*bank_out = bank;
		*piece_out = k;
	}
	return (L & 255) + 256ull * pipe + 256ull * P * bank + 256ull * P * B * (L >> 8);
}

int gk_tile_locate(const struct gk_tile_surface *s, uint32_t x, uint32_t y, uint32_t z, struct gk_tile_loc *loc)
{
	if (!loc)
		return -1;
	memset(loc, 0, sizeof *loc);
	if (!s || !s->pitch || x >= s->pitch || y >= s->padded_height || z >= s->padded_slices)
		return -1;
	unsigned E = s->elem_bytes;
	if (s->p.mode == GK_TILE_LINEAR) {
		loc->byte_addr = (((uint64_t)z * s->padded_height + y) * s->pitch + x) * E;
		return 0;
	}
	unsigned i = micro_index(s, x & 7, y & 7);
	loc->micro_index = i;
	if (s->p.mode == GK_TILE_1D) {
		loc->byte_addr = z * s->slice_bytes + ((uint64_t)(y / 8) * (s->pitch / 8) + x / 8) * 64 * E + i * E;
		return 0;
	}
	loc->byte_addr = addr2d(s, x, y, z, i * E, &loc->pipe, &loc->bank, &loc->piece);
	return 0;
}

int gk_tile_addr(const struct gk_tile_surface *s, uint32_t x, uint32_t y, uint32_t z, uint64_t *addr)
{
	struct gk_tile_loc loc;
	int r = gk_tile_locate(s, x, y, z, &loc);
	if (!addr)
		return -1;
	*addr = loc.byte_addr;
	return r;
}

/* ---- bands, pack and unpack ------------------------------------------ */

static uint32_t band_rows(const struct gk_tile_surface *s)
{
	return s->p.mode == GK_TILE_2D ? s->macro_tile_height : 8;
}

uint32_t gk_tile_band_count(const struct gk_tile_surface *s)
{
	if (!s || !s->pitch)
		return 0;
	return (s->padded_height + band_rows(s) - 1) / band_rows(s);
}

uint64_t gk_tile_band_bytes(const struct gk_tile_surface *s)
{
	if (!s || !s->pitch)
		return 0;
	uint64_t rows = band_rows(s) < s->padded_height ? band_rows(s) : s->padded_height;
	return rows * s->pitch * s->elem_bytes;
}

int gk_tile_band(const struct gk_tile_surface *s, uint32_t z, uint32_t b, struct gk_tile_band *band)
{
	if (!band)
		return -1;
	memset(band, 0, sizeof *band);
	if (!s || !s->pitch || z >= s->padded_slices || b >= gk_tile_band_count(s))
		return -1;
	uint32_t r = band_rows(s);
	band->z = z;
	band->y0 = b * r;
	band->rows = s->padded_height - band->y0 < r ? s->padded_height - band->y0 : r;
	uint64_t row_bytes = (uint64_t)s->pitch * s->elem_bytes;
	if (s->p.mode != GK_TILE_2D) {
		band->nranges = 1;
		band->range_len = band->rows * row_bytes;
		band->range_off[0] = z * s->slice_bytes + band->y0 * row_bytes;
		return 0;
	}
	/* a macro-tile row of piece k is a contiguous run of the channel offset L,
	 * which the pipe and bank bits spread over P * B times as many bytes */
	uint64_t PB = (uint64_t)s->pipes * s->p.num_banks;
	band->nranges = s->pieces;
	band->range_len = (uint64_t)s->macro_per_row * s->channel_macro * PB;
	for (unsigned k = 0; k < s->pieces; k++) {
		uint64_t L = s->piece_plane * (k + (uint64_t)s->pieces * z) +
			     (uint64_t)b * s->macro_per_row * s->channel_macro;
		band->range_off[k] = PB * L;
	}
	return 0;
}

/* Copy one element of E bytes; constant sizes let the compiler inline them. */
static inline void copy_elem(uint8_t *d, const uint8_t *s, unsigned E)
{
	switch (E) {
	case 1: *d = *s; break;
	case 2: memcpy(d, s, 2); break;
	case 4: memcpy(d, s, 4); break;
	case 8: memcpy(d, s, 8); break;
	default: memcpy(d, s, 16); break;
	}
}

/* The engine of pack and unpack.  `delta[k]` turns a surface byte address of
 * piece k into an offset in `tiled`.  dir 0: linear -> tiled, 1: back. */
static void xfer_band(const struct gk_tile_surface *s, const struct gk_tile_band *band, uint8_t *lin, size_t stride,
		      uint8_t *tiled, const int64_t *delta, int dir)
{
	unsigned E = s->elem_bytes;
	uint32_t w = s->p.width, h = s->p.height;
	uint32_t yend = band->y0 + band->rows;
	if (s->p.mode == GK_TILE_LINEAR) {
		size_t row_bytes = (size_t)s->pitch * E;
		for (uint32_t y = band->y0; y < yend; y++) {
			uint8_t *t = tiled + ((int64_t)(band->z * s->slice_bytes + (uint64_t)y * row_bytes) + delta[0]);
			uint8_t *l = lin + (size_t)(y - band->y0) * stride;
			if (dir == 0) {
				memcpy(t, l, (size_t)w * E);
				memset(t + (size_t)w * E, 0, row_bytes - (size_t)w * E);
			} else {
				memcpy(l, t, (size_t)w * E);
			}
		}
		return;
	}
	/* P4_32x32, P8_16x16_8x16 and P8_32x64_32x32 give several elements one
	 * address (README "Check against the vectors"; every alias lies in one
	 * macro-tile row of one piece and slice, so inside one band).  There the
	 * padding is zeroed first and only image elements are copied, so padding
	 * never overwrites an image element and the image element copied last
	 * (micro tiles in row-major order, then the element's row and column)
	 * holds the shared bytes.  Elsewhere every byte is written exactly once. */
	bool alias = s->p.mode == GK_TILE_2D && gk_pipe_configs[s->p.pipe_config].aliases;
	bool pad = dir == 0 && !alias;
	if (dir == 0 && alias)
		for (unsigned k = 0; k < band->nranges; k++)
			memset(tiled + ((int64_t)band->range_off[k] + delta[k]), 0, (size_t)band->range_len);
	/* where element (lx, ly) of a micro tile lies: byte er[q] of chunk ci[q]
	 * (q = ly * 8 + lx), a chunk being the run of the micro tile's bytes
	 * that stays contiguous in the surface */
	unsigned chunk = s->p.mode == GK_TILE_2D ? (s->piece_bytes < 256 ? s->piece_bytes : 256) : 64 * E;
	unsigned nchunks = 64 * E / chunk;
	uint8_t ci[64];
	uint16_t er[64];
	for (unsigned q = 0; q < 64; q++) {
		unsigned e = micro_index(s, q & 7, q >> 3) * E;
		ci[q] = (uint8_t)(e / chunk);
		er[q] = (uint16_t)(e % chunk);
	}
	int64_t cbase[64];
	for (uint32_t my = band->y0 / 8; my < yend / 8; my++) {
		uint32_t y0 = my * 8;
		for (uint32_t mx = 0; mx < s->pitch / 8; mx++) {
			uint32_t x0 = mx * 8;
			/* a micro tile wholly outside the image: nothing to read back,
			 * and on a pack only its padding to zero */
			int outside = x0 >= w || y0 >= h;
			if (outside && !pad)
				continue;
			if (s->p.mode == GK_TILE_1D) {
				cbase[0] = (int64_t)(band->z * s->slice_bytes +
						     ((uint64_t)my * (s->pitch / 8) + mx) * 64 * E) + delta[0];
			} else {
				for (unsigned c = 0; c < nchunks; c++) {
					unsigned e = c * chunk;
					cbase[c] = (int64_t)addr2d(s, x0, y0, band->z, e, NULL, NULL, NULL) +
						   delta[e / s->piece_bytes];
				}
			}
			if (outside) {
				/* its 64 elements fill its chunks exactly (the micro-tile
				 * index is a permutation of 0..63) */
				for (unsigned c = 0; c < nchunks; c++)
					memset(tiled + cbase[c], 0, chunk);
				continue;
			}
			int full = x0 + 8 <= w && y0 + 8 <= h;
			for (unsigned ly = 0; ly < 8; ly++) {
				uint32_t y = y0 + ly;
				const uint8_t *qc = ci + ly * 8;
				const uint16_t *qr = er + ly * 8;
				if (y >= h) {
					if (pad)
						for (unsigned lx = 0; lx < 8; lx++)
							memset(tiled + cbase[qc[lx]] + qr[lx], 0, E);
					continue;
				}
				uint8_t *l = lin + (size_t)(y - band->y0) * stride + (size_t)x0 * E;
				if (full) {
					if (dir == 0)
						for (unsigned lx = 0; lx < 8; lx++)
							copy_elem(tiled + cbase[qc[lx]] + qr[lx], l + lx * E, E);
					else
						for (unsigned lx = 0; lx < 8; lx++)
							copy_elem(l + lx * E, tiled + cbase[qc[lx]] + qr[lx], E);
					continue;
				}
				for (unsigned lx = 0; lx < 8; lx++) {
					int inside = x0 + lx < w;
					uint8_t *t = tiled + cbase[qc[lx]] + qr[lx];
					if (dir == 0) {
						if (inside)
							copy_elem(t, l + lx * E, E);
						else if (pad)
							memset(t, 0, E);
					} else if (inside) {
						copy_elem(l + lx * E, t, E);
					}
				}
			}
		}
	}
}

static void band_delta(const struct gk_tile_band *band, int64_t *delta)
{
	for (unsigned k = 0; k < band->nranges; k++)
		delta[k] = (int64_t)(k * band->range_len) - (int64_t)band->range_off[k];
}

/* A band is only moved when it is one gk_tile_band gives for s: a band
 * made up by the caller (ranges, rows or a piece count of its own) would
 * send the copy outside the surface. */
static bool band_of(const struct gk_tile_surface *s, const struct gk_tile_band *band)
{
	struct gk_tile_band want;
	if (!s || !band || !s->pitch)
		return false;
	uint32_t r = band_rows(s);
	if (!r || band->y0 % r || gk_tile_band(s, band->z, band->y0 / r, &want) != 0)
		return false;
	if (band->rows != want.rows || band->nranges != want.nranges || band->range_len != want.range_len)
		return false;
	for (unsigned k = 0; k < want.nranges; k++)
		if (band->range_off[k] != want.range_off[k])
			return false;
	return true;
}

void gk_tile_pack_band(const struct gk_tile_surface *s, const struct gk_tile_band *band, const void *linear,
		       size_t stride, void *tiled)
{
	int64_t delta[GK_TILE_MAX_PIECES];
	if (!band_of(s, band) || !tiled || (!linear && band->y0 < s->p.height))
		return;
	band_delta(band, delta);
	xfer_band(s, band, (uint8_t *)(uintptr_t)linear, stride, tiled, delta, 0);
}

void gk_tile_unpack_band(const struct gk_tile_surface *s, const struct gk_tile_band *band, const void *tiled,
			 void *linear, size_t stride)
{
	int64_t delta[GK_TILE_MAX_PIECES];
	if (!band_of(s, band) || !tiled || (!linear && band->y0 < s->p.height))
		return;
	band_delta(band, delta);
	xfer_band(s, band, linear, stride, (uint8_t *)(uintptr_t)tiled, delta, 1);
}

size_t gk_tile_linear_bytes(const struct gk_tile_surface *s)
{
	if (!s)
		return 0;
	uint64_t n = (uint64_t)s->p.width * s->p.height * s->p.slices * s->elem_bytes;
	return n > (uint64_t)SIZE_MAX ? 0 : (size_t)n;
}

static void whole(const struct gk_tile_surface *s, uint8_t *lin, uint8_t *tiled, int dir)
{
	static const int64_t zero[GK_TILE_MAX_PIECES];
	size_t stride = (size_t)s->p.width * s->elem_bytes;
	uint32_t nb = gk_tile_band_count(s);
	for (uint32_t z = 0; z < s->padded_slices; z++)
		for (uint32_t b = 0; b < nb; b++) {
			struct gk_tile_band band;
			gk_tile_band(s, z, b, &band);
			uint8_t *l = band.y0 < s->p.height
					     ? lin + ((size_t)z * s->p.height + band.y0) * stride
					     : lin; /* rows past the image: only zeros are written */
			xfer_band(s, &band, l, stride, tiled, zero, dir);
		}
}

void gk_tile_pack(const struct gk_tile_surface *s, const void *linear, void *tiled)
{
	if (!s || !linear || !tiled)
		return;
	whole(s, (uint8_t *)(uintptr_t)linear, tiled, 0);
}

void gk_tile_unpack(const struct gk_tile_surface *s, const void *tiled, void *linear)
{
	if (!s || !linear || !tiled)
		return;
	whole(s, linear, (uint8_t *)(uintptr_t)tiled, 1);
}

int gk_tile_range(const struct gk_tile_surface *s, uint32_t x, uint32_t y, uint32_t z, uint32_t w, uint32_t h,
		  uint32_t d, uint64_t *lo, uint64_t *hi)
{
	if (!lo || !hi)
		return -1;
	*lo = *hi = 0;
	if (!s || !s->pitch || !w || !h || !d || x >= s->pitch || y >= s->padded_height || z >= s->padded_slices ||
	    w > s->pitch - x || h > s->padded_height - y || d > s->padded_slices - z)
		return -1;
	uint32_t x1 = x + w - 1, y1 = y + h - 1, z1 = z + d - 1;
	unsigned E = s->elem_bytes;
	if (s->p.mode == GK_TILE_LINEAR) {
		gk_tile_addr(s, x, y, z, lo);
		gk_tile_addr(s, x1, y1, z1, hi);
		*hi += E;
	} else if (s->p.mode == GK_TILE_1D) {
		uint64_t tile_row = (uint64_t)(s->pitch / 8) * 64 * E;
		*lo = z * s->slice_bytes + (y / 8) * tile_row;
		*hi = z1 * s->slice_bytes + (y1 / 8 + 1) * tile_row;
	} else {
		*lo = z * s->slice_bytes;
		*hi = ((uint64_t)z1 + 1) * s->slice_bytes;
	}
	return 0;
}

/* ---- parameters from a modifier or a chip table ----------------------- */

struct dsink {
	struct gk_diag *d;
	unsigned max, n, errors;
};

static void pdiag(struct dsink *k, enum gk_severity sev, const char *field, const char *fmt, ...)
{
	if (sev == GK_ERROR)
		k->errors++;
	if (k->n >= k->max) {
		k->n++;
		return;
	}
	va_list ap;
	va_start(ap, fmt);
	vdiag(&k->d[k->n++], sev, sev == GK_ERROR ? GK_D_RESERVED_VALUE : GK_D_RULE, field, fmt, ap);
	va_end(ap);
}

int gk_tile_params_from_modifier(struct gk_tile_params *p, const struct gk_tile_mod_fields *f,
				 struct gk_diag *diags, unsigned max, unsigned *ndiags)
{
	struct dsink k = { diags, diags ? max : 0, 0, 0 };
	if (ndiags)
		*ndiags = 0;
	if (!p || !f) {
		pdiag(&k, GK_ERROR, !p ? "params" : "fields", "no %s", !p ? "parameters to fill" : "modifier fields");
		if (ndiags)
			*ndiags = k.n < k.max ? k.n : k.max;
		return -1;
	}
	if (f->tile == GK_TILE_1D || f->tile == GK_TILE_2D)
		p->mode = (unsigned)f->tile;
	else
		pdiag(&k, GK_ERROR, "TILE",
		      "TILE 0x%llx is no GFX6-8 modifier array mode (2 = 1D_TILED_THIN1, 4 = 2D_TILED_THIN1)",
		      (unsigned long long)f->tile);
	if (f->microtile <= GK_MICRO_THIN)
		p->micro = (unsigned)f->microtile;
	else
		pdiag(&k, GK_ERROR, "MICROTILE",
		      "MICROTILE %llu is not DISPLAY (0) or THIN (1); depth, rotated and thick are not exposed",
		      (unsigned long long)f->microtile);
	if (f->tile != GK_TILE_2D) {
		if (f->tile == GK_TILE_1D &&
		    (f->pipe_config | f->tile_split | f->bank_width | f->bank_height | f->macro_tile_aspect | f->num_banks))
			pdiag(&k, GK_WARNING, "PIPE_CONFIG",
			      "1D_TILED_THIN1 has no macro tiles: PIPE_CONFIG, TILE_SPLIT, BANK_*, MACRO_TILE_ASPECT "
			      "and NUM_BANKS are ignored");
	} else {
		if (f->pipe_config < 32 && gk_pipe_configs[f->pipe_config].name)
			p->pipe_config = (int)f->pipe_config;
		else
			pdiag(&k, GK_ERROR, "PIPE_CONFIG", "PIPE_CONFIG %llu names no GFX6-8 pipe config",
			      (unsigned long long)f->pipe_config);
		if (f->tile_split <= 6)
			p->tile_split = 64u << f->tile_split;
		else
			pdiag(&k, GK_ERROR, "TILE_SPLIT", "TILE_SPLIT %llu: the largest is 6 (64 << 6 = 4096 bytes)",
			      (unsigned long long)f->tile_split);
		const struct {
			uint64_t v;
			const char *name;
			unsigned base;
			unsigned *dst;
		} two_bit[] = {
			{ f->bank_width, "BANK_WIDTH", 1, &p->bank_width },
			{ f->bank_height, "BANK_HEIGHT", 1, &p->bank_height },
			{ f->macro_tile_aspect, "MACRO_TILE_ASPECT", 1, &p->macro_aspect },
			{ f->num_banks, "NUM_BANKS", 2, &p->num_banks },
		};
		for (unsigned i = 0; i < 4; i++) {
			if (two_bit[i].v <= 3)
				*two_bit[i].dst = two_bit[i].base << two_bit[i].v;
			else
				pdiag(&k, GK_ERROR, two_bit[i].name, "%s %llu does not fit its 2 bits", two_bit[i].name,
				      (unsigned long long)two_bit[i].v);
		}
		if (f->macro_tile_aspect <= 3 && f->num_banks <= 3 && (1u << f->macro_tile_aspect) > (2u << f->num_banks))
			pdiag(&k, GK_ERROR, "MACRO_TILE_ASPECT",
			      "MACRO_TILE_ASPECT %llu (aspect %u) exceeds the %u banks of NUM_BANKS %llu",
			      (unsigned long long)f->macro_tile_aspect, 1u << f->macro_tile_aspect, 2u << f->num_banks,
			      (unsigned long long)f->num_banks);
	}
	if (ndiags)
		*ndiags = k.n < k.max ? k.n : k.max;
	return k.errors ? -1 : 0;
}

const char *gk_tile_chip_help(void)
{
	return "tahiti verde bonaire hawaii tonga polaris11 fiji iceland";
}

static void chip_err(struct gk_diag *err, const char *field, const char *fmt, ...)
{
	if (!err)
		return;
	va_list ap;
	va_start(ap, fmt);
	vdiag(err, GK_ERROR, GK_D_RESERVED_VALUE, field, fmt, ap);
	va_end(ap);
}

int gk_tile_params_from_chip(struct gk_tile_params *p, const char *chip, unsigned index, struct gk_diag *err)
{
	const struct gk_tile_chip *c = gk_tile_chips;
	if (!p || !chip) {
		chip_err(err, !p ? "params" : "chip", "no %s", !p ? "parameters to fill" : "chip name");
		return -1;
	}
	while (c->name && strcmp(c->name, chip))
		c++;
	if (!c->name) {
		chip_err(err, "chip", "unknown chip '%.40s' (known: %s)", chip, gk_tile_chip_help());
		return -1;
	}
	if (index >= 32) {
		chip_err(err, "tile_index", "tile index %u: GB_TILE_MODE has entries 0 to 31", index);
		return -1;
	}
	uint32_t v = c->tile_mode[index];
	unsigned am = gk_reg_get(v, &gk_tile_mode_fields[GK_TMF_ARRAY_MODE]);
	unsigned micro = c->gfx == 6 ? gk_reg_get(v, &gk_tile_mode_fields[GK_TMF_MICRO_TILE_MODE])
				     : gk_reg_get(v, &gk_tile_mode_fields[GK_TMF_MICRO_TILE_MODE_NEW]);
	const char *mname = c->gfx == 6 ? gk_micro_mode_names_si[micro & 3] : gk_micro_mode_names_ci[micro & 7];
	if (!gk_tile_mode_name(am)) {
		chip_err(err, "tile_index", "%s GB_TILE_MODE%u = 0x%08x is %s, not LINEAR_ALIGNED, 1D_TILED_THIN1 or "
			 "2D_TILED_THIN1", c->name, index, v, gk_array_mode_names[am] ? gk_array_mode_names[am] : "reserved");
		return -1;
	}
	if (am != GK_TILE_LINEAR && micro > GK_MICRO_THIN) {
		chip_err(err, "tile_index", "%s GB_TILE_MODE%u = 0x%08x has micro tile mode %s (only display and thin "
			 "are covered)", c->name, index, v, mname ? mname : "reserved");
		return -1;
	}
	unsigned row = 1024u << ((c->gb_addr_config >> 28) & 3);
	p->mode = am;
	p->micro = am == GK_TILE_LINEAR ? GK_MICRO_THIN : micro;
	p->row_size = row;
	if (am != GK_TILE_2D)
		return 0;
	p->pipe_config = (int)gk_reg_get(v, &gk_tile_mode_fields[GK_TMF_PIPE_CONFIG]);
	if (c->gfx == 6) {
		p->tile_split = 64u << gk_reg_get(v, &gk_tile_mode_fields[GK_TMF_TILE_SPLIT]);
		p->bank_width = 1u << gk_reg_get(v, &gk_tile_mode_fields[GK_TMF_BANK_WIDTH]);
		p->bank_height = 1u << gk_reg_get(v, &gk_tile_mode_fields[GK_TMF_BANK_HEIGHT]);
		p->macro_aspect = 1u << gk_reg_get(v, &gk_tile_mode_fields[GK_TMF_MACRO_TILE_ASPECT]);
		p->num_banks = 2u << gk_reg_get(v, &gk_tile_mode_fields[GK_TMF_NUM_BANKS]);
		return 0;
	}
	if (!is_pow2_in(p->bpp, 8, 128)) {
		chip_err(err, "bpp", "GFX7-8 tables give 2D parameters per bpp: give --bpp (8 to 128) first");
		return -1;
	}
	unsigned tile1x = 8 * p->bpp;
	unsigned split = (1u << gk_reg_get(v, &gk_tile_mode_fields[GK_TMF_SAMPLE_SPLIT])) * tile1x;
	split = split < 256 ? 256 : split;
	split = split > row ? row : split;
	unsigned mi = ilog2((split < tile1x ? split : tile1x) / 64);
	uint32_t m = c->macrotile_mode[mi];
	p->tile_split = split;
	p->bank_width = 1u << gk_reg_get(m, &gk_macrotile_mode_fields[GK_MMF_BANK_WIDTH]);
	p->bank_height = 1u << gk_reg_get(m, &gk_macrotile_mode_fields[GK_MMF_BANK_HEIGHT]);
	p->macro_aspect = 1u << gk_reg_get(m, &gk_macrotile_mode_fields[GK_MMF_MACRO_TILE_ASPECT]);
	p->num_banks = 2u << gk_reg_get(m, &gk_macrotile_mode_fields[GK_MMF_NUM_BANKS]);
	return 0;
}

static uint64_t put(const struct gk_tile_reg_field *f, uint64_t v)
{
	return v << f->lo;
}

uint64_t gk_tile_amdgpu_flags(const struct gk_tile_surface *s)
{
	if (!s)
		return 0;
	const struct gk_tile_params *p = &s->p;
	const struct gk_tile_reg_field *f = gk_amdgpu_tiling_fields;
	uint64_t v = put(&f[GK_AF_ARRAY_MODE], p->mode);
	if (p->mode == GK_TILE_LINEAR)
		return v;
	v |= put(&f[GK_AF_MICRO_TILE_MODE], p->micro);
	if (p->mode != GK_TILE_2D)
		return v;
	v |= put(&f[GK_AF_PIPE_CONFIG], (unsigned)p->pipe_config);
	v |= put(&f[GK_AF_TILE_SPLIT], ilog2(p->tile_split / 64));
	v |= put(&f[GK_AF_BANK_WIDTH], ilog2(p->bank_width));
	v |= put(&f[GK_AF_BANK_HEIGHT], ilog2(p->bank_height));
	v |= put(&f[GK_AF_MACRO_TILE_ASPECT], ilog2(p->macro_aspect));
	v |= put(&f[GK_AF_NUM_BANKS], ilog2(p->num_banks) - 1);
	return v;
}

/* ---- info as JSON or text --------------------------------------------- */

static const char *micro_name(const struct gk_tile_surface *s)
{
	return s->p.mode == GK_TILE_LINEAR ? "-" : s->p.micro == GK_MICRO_DISPLAY ? "display" : "thin";
}

/* Names for printf: a surface filled by hand may hold a mode or pipe config with none */
static const char *or_q(const char *s)
{
	return s ? s : "?";
}

size_t gk_tile_info_json(const struct gk_tile_surface *s, char *buf, size_t cap)
{
	struct gk_out b = gk_out_text(buf, cap);
	if (!s)
		return gk_out_text_end(&b);
	const struct gk_tile_params *p = &s->p;
	gk_out_printf(&b, "{\"pitch\":%u,\"padded_height\":%u,\"padded_slices\":%u,\"surface_bytes\":%llu,"
		      "\"slice_bytes\":%llu,\"base_align\":%u,\"pitch_align\":%u,\"height_align\":%u,"
		      "\"macro_tile_width\":%u,\"macro_tile_height\":%u",
		  s->pitch, s->padded_height, s->padded_slices, (unsigned long long)s->surface_bytes,
		  (unsigned long long)s->slice_bytes, s->base_align, s->pitch_align, s->height_align,
		  s->macro_tile_width, s->macro_tile_height);
	gk_json_diags(s->diags, s->ndiags < GK_TILE_MAX_DIAGS ? s->ndiags : GK_TILE_MAX_DIAGS, 0, &b);
	if (!s->errors) {
		gk_out_printf(&b, ",\"mode\":\"%s\",\"micro\":\"%s\",\"bpp\":%u,\"width\":%u,\"height\":%u,"
			      "\"slices\":%u",
			  or_q(gk_tile_mode_name(p->mode)), micro_name(s), p->bpp, p->width, p->height, p->slices);
		if (p->mode == GK_TILE_2D)
			gk_out_printf(&b, ",\"pipe_config\":\"%s\",\"tile_split\":%u,\"bank_width\":%u,"
				      "\"bank_height\":%u,\"macro_aspect\":%u,\"num_banks\":%u,\"pipe_swizzle\":%u,"
				      "\"bank_swizzle\":%u",
				  or_q(gk_tile_pipe_config_name(p->pipe_config)), p->tile_split, p->bank_width, p->bank_height,
				  p->macro_aspect, p->num_banks, p->pipe_swizzle, p->bank_swizzle);
		gk_out_printf(&b, ",\"amdgpu_tiling_flags\":\"0x%08llx\"", (unsigned long long)gk_tile_amdgpu_flags(s));
	}
	gk_out_str(&b, "}\n");
	return gk_out_text_end(&b);
}

size_t gk_tile_info_text(const struct gk_tile_surface *s, char *buf, size_t cap)
{
	struct gk_out b = gk_out_text(buf, cap);
	if (!s)
		return gk_out_text_end(&b);
	const struct gk_tile_params *p = &s->p;
	gk_out_printf(&b, "mode %s\nmicro %s\nbpp %u\nwidth %u\nheight %u\nslices %u\n", or_q(gk_tile_mode_name(p->mode)),
		  micro_name(s), p->bpp, p->width, p->height, p->slices);
	if (p->mode == GK_TILE_2D)
		gk_out_printf(&b, "pipe_config %s\ntile_split %u\nbank_width %u\nbank_height %u\nmacro_aspect %u\n"
			      "num_banks %u\npipe_swizzle %u\nbank_swizzle %u\n",
			  or_q(gk_tile_pipe_config_name(p->pipe_config)), p->tile_split, p->bank_width, p->bank_height,
			  p->macro_aspect, p->num_banks, p->pipe_swizzle, p->bank_swizzle);
	gk_out_printf(&b, "pitch %u\npadded_height %u\npadded_slices %u\nsurface_bytes %llu\nslice_bytes %llu\n"
		      "base_align %u\npitch_align %u\nheight_align %u\nmacro_tile_width %u\nmacro_tile_height %u\n"
		      "amdgpu_tiling_flags 0x%08llx\n",
		  s->pitch, s->padded_height, s->padded_slices, (unsigned long long)s->surface_bytes,
		  (unsigned long long)s->slice_bytes, s->base_align, s->pitch_align, s->height_align,
		  s->macro_tile_width, s->macro_tile_height, (unsigned long long)gk_tile_amdgpu_flags(s));
	return gk_out_text_end(&b);
}
