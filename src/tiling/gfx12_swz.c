/* GFX12 (Navi4x) surfaces, as addrlib's Gfx12Lib computes them (Mesa
 * src/amd/addrlib gfx12/gfx12addrlib.cpp, core/addrlib3.cpp: the Addr3
 * interface).
 *
 * GFX12 has eight swizzle modes, named by block size and dimension; a mode's
 * pattern depends only on element size and sample count, not on the chip's
 * pipes (gfx12SwizzlePattern.h, in swz_pat_tab.c), and no pattern bit is an
 * XOR, so the pattern is the equation.  Addr3 validates only what is not the
 * mode (HwlValidateNonSwModeParams): any mode takes a 2D or 3D surface, and
 * the address path then refuses what has no equation (3D modes and LINEAR
 * with MSAA).  Addr3's AddrFromCoord applies no pipe/bank xor. */
#include <stddef.h>
#include <string.h>

#include "gfx12_swz.h"
#include "swz_pat_tab.h"

enum { A3_LINEAR = 0, A3_256B_2D, A3_4KB_2D, A3_64KB_2D, A3_256KB_2D, A3_4KB_3D, A3_64KB_3D, A3_256KB_3D };

/* Gfx12Lib::SwizzleModeTable, with GetBlockSizeLog2 and the pattern tables
 * of GetSwizzlePatternInfo by sample count (1, 2, 4, 8; 3D modes: one). */
static const struct a3_mode {
	const char *name;
	uint8_t blk, is3d;
	const struct gk_swz_patinfo *pat[4];
} a3_modes[8] = {
	[A3_LINEAR] = {"LINEAR", 8, 0, {NULL}},
	[A3_256B_2D] = {"256B_2D", 8, 0,
			{gk_swz_gfx12_sw_256b_2d_1xaa_patinfo, gk_swz_gfx12_sw_256b_2d_2xaa_patinfo,
			 gk_swz_gfx12_sw_256b_2d_4xaa_patinfo, gk_swz_gfx12_sw_256b_2d_8xaa_patinfo}},
	[A3_4KB_2D] = {"4KB_2D", 12, 0,
		       {gk_swz_gfx12_sw_4kb_2d_1xaa_patinfo, gk_swz_gfx12_sw_4kb_2d_2xaa_patinfo,
			gk_swz_gfx12_sw_4kb_2d_4xaa_patinfo, gk_swz_gfx12_sw_4kb_2d_8xaa_patinfo}},
	[A3_64KB_2D] = {"64KB_2D", 16, 0,
			{gk_swz_gfx12_sw_64kb_2d_1xaa_patinfo, gk_swz_gfx12_sw_64kb_2d_2xaa_patinfo,
			 gk_swz_gfx12_sw_64kb_2d_4xaa_patinfo, gk_swz_gfx12_sw_64kb_2d_8xaa_patinfo}},
	[A3_256KB_2D] = {"256KB_2D", 18, 0,
			 {gk_swz_gfx12_sw_256kb_2d_1xaa_patinfo, gk_swz_gfx12_sw_256kb_2d_2xaa_patinfo,
			  gk_swz_gfx12_sw_256kb_2d_4xaa_patinfo, gk_swz_gfx12_sw_256kb_2d_8xaa_patinfo}},
	[A3_4KB_3D] = {"4KB_3D", 12, 1, {gk_swz_gfx12_sw_4kb_3d_patinfo}},
	[A3_64KB_3D] = {"64KB_3D", 16, 1, {gk_swz_gfx12_sw_64kb_3d_patinfo}},
	[A3_256KB_3D] = {"256KB_3D", 18, 1, {gk_swz_gfx12_sw_256kb_3d_patinfo}},
};

const char *gk_swz_gfx12_mode_name(unsigned gen, unsigned mode)
{
	(void)gen;
	return mode < 8 ? a3_modes[mode].name : NULL;
}

static uint32_t umax(uint32_t a, uint32_t b)
{
	return a > b ? a : b;
}

/* The pattern row of (mode, element size, samples); NULL: none. */
static const struct gk_swz_patinfo *a3_pat(unsigned mode, unsigned elem, unsigned samples_log2)
{
	const struct a3_mode *m = &a3_modes[mode];
	if (mode == A3_LINEAR || (m->is3d && samples_log2) || samples_log2 > 3)
		return NULL;
	return &m->pat[samples_log2][elem];
}

/* InitEquationTable's numbering: mode 1-7, sample count (2D modes: 4, 3D: 1),
 * element size; every pattern gets the next index. */
static int a3_equation_index(unsigned mode, unsigned elem, unsigned samples_log2)
{
	int n = 0;
	unsigned m, s, e;
	for (m = 1; m < 8; m++)
		for (s = 0; s < (a3_modes[m].is3d ? 1u : 4u); s++)
			for (e = 0; e < 5; e++) {
				if (m == mode && s == samples_log2 && e == elem)
					return n;
				n++;
			}
	return -1;
}

/* HwlCalcBlockSize */
static void a3_block(unsigned mode, unsigned e, unsigned sl, uint32_t *w, uint32_t *h, uint32_t *d)
{
	unsigned blk = a3_modes[mode].blk;
	if (mode == A3_LINEAR) {
		*w = 1u << (blk - e);
		*h = *d = 1;
	} else if (a3_modes[mode].is3d) {
		unsigned base = blk / 3 - e / 3, x = base, y = base, z = base;
		if (blk % 3 > 0)
			x++;
		if (blk % 3 > 1)
			z++;
		if (e % 3 > 0)
			x--;
		if (e % 3 > 1)
			z--;
		*w = 1u << x;
		*h = 1u << y;
		*d = 1u << z;
	} else {
		*w = 1u << ((blk >> 1) - (e >> 1) - (sl >> 1) - (e & sl & 1));
		*h = 1u << ((blk >> 1) - (e >> 1) - (sl >> 1) - ((e | sl) & 1));
		*d = 1;
	}
}

/* HwlGetMicroBlockSize: the 256-byte block */
static void a3_micro(unsigned mode, unsigned e, uint32_t *w, uint32_t *h, uint32_t *d)
{
	unsigned bits = 8 - e, wl = 0, hl = 0, dl = 0;
	if (mode == A3_LINEAR) {
		wl = bits;
	} else if (!a3_modes[mode].is3d) {
		wl = (bits >> 1) + (bits & 1);
		hl = bits >> 1;
	} else {
		dl = bits / 3 + (bits % 3 > 0);
		wl = bits / 3 + (bits % 3 > 1);
		hl = bits / 3;
	}
	*w = 1u << wl;
	*h = 1u << hl;
	*d = 1u << dl;
}

static unsigned a3_max_mips_in_tail(unsigned mode) /* GetMaxNumMipsInTail */
{
	unsigned blk = a3_modes[mode].blk, eff = blk;
	if (a3_modes[mode].is3d)
		eff -= (blk - 8) / 3;
	if (eff <= 8)
		return 1;
	return eff <= 11 ? 1 + (1u << (eff - 9)) : eff - 4;
}

int gk_swz_gfx12_surface(struct gk_swz_surface *s, const struct gk_swz_params *p, struct gk_diag *err)
{
	const struct a3_mode *m;
	unsigned e, sl, i, first, lin, maxtail;
	uint32_t eb, tw, th, mip0d, blockw, blockh, blockd;
	uint64_t block, chain = 0, dense = 0, mip_size[GK_SWZ_MAX_MIPS], mip_slice[GK_SWZ_MAX_MIPS];
	int trim;
	if (!s || !p || !p->chip)
		return -1;
	memset(s, 0, sizeof *s);
	s->p = *p;
	s->equation_index = -1;
	if (p->mode >= 8) {
		gk_swz_refuse(err, "swizzle", "swizzle mode %u does not exist on GFX12 (Addr3 has 0-7)", p->mode);
		return -1;
	}
	/* HwlValidateNonSwModeParams */
	if (p->dims == 2 && p->samples > 1 && p->mips > 1) {
		gk_swz_refuse(err, "mips", "a 2D MSAA surface has one mip level");
		return -1;
	}
	if (p->dims == 3 && p->samples > 1) {
		gk_swz_refuse(err, "samples", "a 3D surface has one sample");
		return -1;
	}
	if (p->pipe_bank_xor) {
		gk_swz_refuse(err, "pipe-xor", "addrlib's GFX12 (Addr3) address path applies no pipe/bank xor");
		return -1;
	}
	m = &a3_modes[p->mode];
	lin = p->mode == A3_LINEAR;
	e = gk_swz_log2(p->bpp / 8);
	eb = p->bpp / 8;
	sl = m->is3d ? 0 : gk_swz_log2(p->samples);
	s->elem_log2 = e;
	s->block_bits = m->blk;
	block = 1ull << m->blk;
	a3_block(p->mode, e, sl, &blockw, &blockh, &blockd);
	s->block_width = blockw;
	s->block_height = blockh;
	s->block_slices = blockd;
	s->thick = blockd > 1;
	trim = p->dims != 3 && p->depth_or_slices <= 1 && lin; /* CanTrimLinearPadding */
	/* ApplyCustomizedPitchHeight (no custom pitch or height here) */
	if (lin) {
		s->pitch = gk_swz_align(p->width, 128 / eb);
		s->pitch_for_slice = gk_swz_align(p->width, (trim ? 128u : 256u) / eb);
	} else {
		s->pitch = s->pitch_for_slice = gk_swz_align(p->width, blockw);
	}
	s->height = gk_swz_align(p->height, blockh);
	s->num_slices = gk_swz_align(p->depth_or_slices, blockd);
	s->base_align = (uint32_t)block;
	/* GetMipOffset */
	mip0d = p->dims == 3 ? p->depth_or_slices : 1;
	/* HwlGetMipInTailMaxSize: half a block (halving the depth, for a 3D
	 * block of 2^(3k+2) bytes, changes nothing IsInMipTail reads) */
	tw = blockw;
	th = blockh;
	if (m->is3d) {
		unsigned dim = m->blk % 3;
		if (dim == 0)
			th >>= 1;
		else if (dim == 1)
			tw >>= 1;
	} else if (m->blk % 2 == 0) {
		tw >>= 1;
	} else {
		th >>= 1;
	}
	maxtail = a3_max_mips_in_tail(p->mode);
	first = p->mips;
	for (i = 0; i < p->mips; i++) {
		uint32_t w = gk_swz_shift_ceil(p->width, i), h = gk_swz_shift_ceil(p->height, i), d = gk_swz_shift_ceil(mip0d, i);
		if (block > 256 && p->mips > 1 && w <= tw && h <= th && p->mips - i <= maxtail) {
			first = i;
			chain += block / blockd;
			dense += block / blockd;
			break;
		} else {
			uint32_t pimg, pslice, mh = gk_swz_align(h, blockh), md = gk_swz_align(d, blockd);
			uint64_t rest, ssize, sdata, hw;
			if (lin) {
				pimg = gk_swz_align(w, 128 / eb);
				pslice = gk_swz_align(pimg, (uint32_t)(block / eb));
			} else {
				pimg = pslice = gk_swz_align(w, blockw);
			}
			rest = (uint64_t)mh * p->samples * eb;
			ssize = (uint64_t)pslice * rest;
			sdata = gk_swz_align64((uint64_t)pimg * rest, block);
			hw = ssize * blockd;
			if (i == 0 && trim) {
				pslice = pimg;
				ssize = sdata;
				hw = ssize;
			}
			mip_size[i] = ssize * md;
			mip_slice[i] = hw;
			chain += ssize;
			dense += i == 0 ? sdata : ssize;
			s->mip[i].pitch = pimg;
			s->mip[i].pitch_for_slice = pslice;
			s->mip[i].height = mh;
			s->mip[i].depth = md;
		}
	}
	s->slice_size = chain;
	s->slice_size_dense_packed = dense;
	s->surf_size = chain * s->num_slices;
	s->mip_chain_in_tail = first == 0;
	s->first_mip_in_tail = first;
	if (lin) {
		uint64_t off = 0;
		for (i = p->mips; i-- > 0;) {
			s->mip[i].offset = s->mip[i].macro_block_offset = off;
			off += mip_slice[i];
		}
	} else {
		uint64_t off = 0, mbo = 0;
		if (first != p->mips) {
			/* GetMipOrigin: the levels in the tail */
			uint32_t d0 = gk_swz_shift_ceil(mip0d, first), uw, uh, ud, pitch, height, depth, tdepth;
			off = block * (gk_swz_align(d0, blockd) / blockd);
			mbo = block;
			a3_micro(p->mode, e, &uw, &uh, &ud);
			pitch = tw;
			height = th;
			depth = p->dims == 3 ? gk_swz_align(d0, ud) : 1;
			tdepth = p->dims == 3 ? depth / ud : 1;
			for (i = first; i < p->mips; i++) {
				/* CalcMipInTail / CalcMipOffset */
				int mit = (int)i - (int)first;
				int sm;
				uint32_t mo, mx, my;
				struct gk_swz_mip *mi = &s->mip[i];
				if (mit < 0 || p->mips == 1 || block <= 256)
					mit = (int)GK_SWZ_MAX_MIPS;
				sm = (int)maxtail - 1 - mit;
				mo = sm > 6 ? 16u << sm : (sm > 0 ? (uint32_t)sm << 8 : 0);
				mi->offset = (uint64_t)mo * tdepth;
				mi->mip_tail_offset = mo;
				mi->macro_block_offset = 0;
				mx = ((mo >> 9) & 1) | ((mo >> 10) & 2) | ((mo >> 11) & 4) | ((mo >> 12) & 8) |
				     ((mo >> 13) & 16) | ((mo >> 14) & 32);
				my = ((mo >> 8) & 1) | ((mo >> 9) & 2) | ((mo >> 10) & 4) | ((mo >> 11) & 8) |
				     ((mo >> 12) & 16) | ((mo >> 13) & 32);
				mi->mip_tail_coord_x = mx * uw;
				mi->mip_tail_coord_y = my * uh;
				mi->mip_tail_coord_z = 0;
				mi->pitch = gk_swz_align(pitch, uw); /* GetMipOrigin sets no pitchForSlice: 0 */
				mi->height = gk_swz_align(height, uh);
				mi->depth = gk_swz_align(depth, ud);
				pitch = umax(pitch >> 1, 1);
				height = umax(height >> 1, 1);
				depth = umax(depth >> 1, 1);
			}
		}
		for (i = first; i-- > 0;) {
			s->mip[i].offset = off;
			s->mip[i].macro_block_offset = mbo;
			s->mip[i].mip_tail_offset = 0;
			off += mip_size[i];
			mbo += mip_slice[i];
		}
	}
	s->out_bpp = p->bpp;
	s->pixel_pitch = s->pitch;
	s->pixel_height = s->height;
	s->pixel_mip_chain_pitch = s->pixel_mip_chain_height = 1; /* Addr3 returns no chain; RestoreSurfaceInfo makes it 1 */
	if (p->mips > 1)
		for (i = 0; i < p->mips; i++) {
			s->mip[i].pixel_pitch = s->mip[i].pitch;
			s->mip[i].pixel_height = s->mip[i].height;
		}
	if (!lin && (!m->is3d || !gk_swz_log2(p->samples))) {
		/* the equation: per bit the first of x, y, z, s the pattern names
		 * (ConvertSwizzlePatternToEquation; the patterns have no XOR) */
		const struct gk_swz_patinfo *pi = a3_pat(p->mode, e, gk_swz_log2(p->samples));
		uint64_t full[20];
		if (pi) {
			memcpy(full, gk_swz_gfx12_sw_pattern_nibble1[pi->n01], 8 * sizeof full[0]);
			memcpy(full + 8, gk_swz_gfx12_sw_pattern_nibble2[pi->n2], 4 * sizeof full[0]);
			memcpy(full + 12, gk_swz_gfx12_sw_pattern_nibble3[pi->n3], 4 * sizeof full[0]);
			memcpy(full + 16, gk_swz_gfx12_sw_pattern_nibble4[pi->n4], 2 * sizeof full[0]);
			full[18] = full[19] = 0;
			for (i = 0; i < 20; i++) {
				unsigned ax;
				uint64_t one = 0;
				for (ax = 0; ax < 4 && !one; ax++) {
					uint64_t part = full[i] >> (16 * ax) & 0xffffu;
					if (part)
						one = (uint64_t)1 << (16 * ax + gk_swz_log2((uint32_t)part));
				}
				s->pattern[i] = one;
			}
			s->has_pattern = 1;
			s->equation_index = a3_equation_index(p->mode, e, gk_swz_log2(p->samples));
			s->eq.num_bits = m->blk;
			for (i = 0; i < e; i++) {
				s->eq.term[i][0].axis = GK_SWZ_AX_X;
				s->eq.term[i][0].bit = (uint8_t)i;
			}
			for (i = e; i < m->blk; i++) {
				unsigned b;
				for (b = 0; b < 64; b++)
					if (s->pattern[i] >> b & 1) {
						s->eq.term[i][0].axis = (uint8_t)(GK_SWZ_AX_X + b / 16);
						s->eq.term[i][0].bit = (uint8_t)(b % 16 + (b < 16 ? e : 0));
					}
			}
		}
	}
	return 0;
}

int gk_swz_gfx12_addr(const struct gk_swz_surface *s, const struct gk_swz_coord *c, uint64_t *addr)
{
	const struct gk_swz_params *p;
	const struct gk_swz_mip *mi;
	uint32_t nslices;
	if (!s || !c || !addr || !s->pitch)
		return -1;
	p = &s->p;
	nslices = p->depth_or_slices;
	if (c->mip >= p->mips || c->sample >= p->samples || c->slice >= nslices)
		return -1;
	if (p->dims == 3 && c->slice >= umax(nslices >> c->mip, 1))
		return -1; /* Valid3DMipSliceIdConstraint */
	mi = &s->mip[c->mip];
	if (c->x >= umax(mi->pitch, 1) || c->y >= umax(mi->height, 1))
		return -1;
	if (p->mode == A3_LINEAR) {
		if (p->samples > 1)
			return -1; /* ComputeSurfaceAddrFromCoordLinear */
		*addr = s->slice_size * c->slice + mi->offset + ((uint64_t)c->y * mi->pitch + c->x) * (p->bpp / 8);
		return 0;
	}
	if (!s->has_pattern)
		return -1;
	{
		uint64_t hw = s->slice_size * s->block_slices;
		uint64_t pb = mi->pitch / s->block_width;
		uint64_t bi = (uint64_t)(c->y / s->block_height) * pb + c->x / s->block_width;
		*addr = hw * (c->slice / s->block_slices) + mi->macro_block_offset + (bi << s->block_bits) +
			gk_swz_pattern_offset(s, c->x + mi->mip_tail_coord_x, c->y + mi->mip_tail_coord_y,
					      c->slice + mi->mip_tail_coord_z, c->sample);
	}
	return 0;
}
