/* GFX10 (Navi1x), GFX10.3 (Navi2x, RB+) and GFX11 (Navi3x, Phoenix) surfaces,
 * as addrlib's Gfx10Lib and Gfx11Lib compute them (Mesa src/amd/addrlib,
 * gfx10addrlib.cpp / gfx11addrlib.cpp; shared rules in core/addrlib2.cpp).
 *
 * What is data: the swizzle modes a generation has (SwizzleModeTable), the
 * modes a resource type accepts (the Rsrc2d/Rsrc3d masks of gfx10addrlib.h /
 * gfx11addrlib.h), which pattern table a (mode, dimension, samples) takes
 * (GetSwizzlePatternInfo, as rows), and the patterns themselves
 * (swz_pat_tab.c, generated from gfx10SwizzlePattern.h / gfx11SwizzlePattern.h).
 * What is arithmetic: block sizes, padding, the mip chain and the mip tail,
 * the equation numbering and the address. */
#include <stddef.h>
#include <string.h>

#include "gfx10_swz.h"
#include "swz_pat_tab.h"

/* --- swizzle modes ---------------------------------------------------- */

enum { M_LIN = 1, M_Z = 2, M_S = 4, M_D = 8, M_R = 16, M_X = 32, M_T = 64 };
#define BLK_VAR 0 /* the VAR block: 16 KiB x pipes on GFX10.3, 256 KiB on GFX11 */

struct swz_mode {
	const char *name;
	uint8_t blk;   /* log2 block bytes, or BLK_VAR */
	uint8_t flags; /* M_*; X: the mode xors pipe/bank bits (isXor: _X and _T) */
};

/* Gfx10Lib::SwizzleModeTable (ids are addrlib's AddrSwizzleMode) */
static const struct swz_mode gfx10_modes[32] = {
	[0] = {"LINEAR", 8, M_LIN},
	[1] = {"256B_S", 8, M_S},
	[2] = {"256B_D", 8, M_D},
	[5] = {"4KB_S", 12, M_S},
	[6] = {"4KB_D", 12, M_D},
	[9] = {"64KB_S", 16, M_S},
	[10] = {"64KB_D", 16, M_D},
	[17] = {"64KB_S_T", 16, M_S | M_X | M_T},
	[18] = {"64KB_D_T", 16, M_D | M_X | M_T},
	[21] = {"4KB_S_X", 12, M_S | M_X},
	[22] = {"4KB_D_X", 12, M_D | M_X},
	[23] = {"4KB_R_X", 12, M_R | M_X},
	[24] = {"64KB_Z_X", 16, M_Z | M_X},
	[25] = {"64KB_S_X", 16, M_S | M_X},
	[26] = {"64KB_D_X", 16, M_D | M_X},
	[27] = {"64KB_R_X", 16, M_R | M_X},
	[28] = {"VAR_Z_X", BLK_VAR, M_Z | M_X},
	[31] = {"VAR_R_X", BLK_VAR, M_R | M_X},
};

/* Gfx11Lib::SwizzleModeTable: no 256B_S nor 4KB_R_X; ids 28-31 are the
 * 256 KiB modes (addrlib keeps them in the "variable block" column). */
static const struct swz_mode gfx11_modes[32] = {
	[0] = {"LINEAR", 8, M_LIN},
	[2] = {"256B_D", 8, M_D},
	[5] = {"4KB_S", 12, M_S},
	[6] = {"4KB_D", 12, M_D},
	[9] = {"64KB_S", 16, M_S},
	[10] = {"64KB_D", 16, M_D},
	[17] = {"64KB_S_T", 16, M_S | M_X | M_T},
	[18] = {"64KB_D_T", 16, M_D | M_X | M_T},
	[21] = {"4KB_S_X", 12, M_S | M_X},
	[22] = {"4KB_D_X", 12, M_D | M_X},
	[24] = {"64KB_Z_X", 16, M_Z | M_X},
	[25] = {"64KB_S_X", 16, M_S | M_X},
	[26] = {"64KB_D_X", 16, M_D | M_X},
	[27] = {"64KB_R_X", 16, M_R | M_X},
	[28] = {"256KB_Z_X", BLK_VAR, M_Z | M_X},
	[29] = {"256KB_S_X", BLK_VAR, M_S | M_X},
	[30] = {"256KB_D_X", BLK_VAR, M_D | M_X},
	[31] = {"256KB_R_X", BLK_VAR, M_R | M_X},
};

#define B(m) (1u << (m))
/* gfx10addrlib.h: Gfx10Rsrc2dSwModeMask, Gfx10Rsrc3dSwModeMask */
#define GFX10_2D (B(0) | B(1) | B(2) | B(5) | B(6) | B(21) | B(22) | B(9) | B(10) | B(17) | B(18) | B(24) | B(25) | \
		  B(26) | B(27) | B(28) | B(31))
#define GFX10_3D (B(0) | B(5) | B(9) | B(17) | B(21) | B(24) | B(25) | B(26) | B(27) | B(28) | B(31))
/* gfx11addrlib.h: Gfx11Rsrc2dSwModeMask (linear, display, Z, render) and
 * Gfx11Rsrc3dSwModeMask (linear, standard, Z, render, 64KB_D_X) */
#define GFX11_2D (B(0) | B(2) | B(6) | B(10) | B(18) | B(22) | B(26) | B(30) | B(24) | B(28) | B(27) | B(31))
#define GFX11_3D (B(0) | B(5) | B(9) | B(17) | B(21) | B(25) | B(29) | B(24) | B(28) | B(27) | B(31) | B(26))

/* --- which pattern table (GetSwizzlePatternInfo, as rows) ---------------- */

struct pat_sel {
	uint8_t gen11;    /* 0: Gfx10Lib, 1: Gfx11Lib */
	uint8_t dims;     /* 2 or 3; 0: either (VAR modes: addrlib checks no resource type) */
	uint8_t mode;
	uint8_t frags;    /* 0: any */
	const struct gk_swz_patinfo *rbp;   /* RB+ (GFX10.3) or GFX11 table: 75 rows */
	const struct gk_swz_patinfo *plain; /* GFX10 table: 35 rows; NULL: none */
};

#define P10(n) gk_swz_gfx10_sw_##n##_rbplus_patinfo, gk_swz_gfx10_sw_##n##_patinfo
#define P11(n) gk_swz_gfx11_sw_##n##_patinfo, NULL
static const struct pat_sel pat_sel[] = {
	/* GFX10 / 10.3 */
	{0, 0, 28, 1, gk_swz_gfx10_sw_var_z_x_1xaa_rbplus_patinfo, NULL},
	{0, 0, 28, 2, gk_swz_gfx10_sw_var_z_x_2xaa_rbplus_patinfo, NULL},
	{0, 0, 28, 4, gk_swz_gfx10_sw_var_z_x_4xaa_rbplus_patinfo, NULL},
	{0, 0, 28, 8, gk_swz_gfx10_sw_var_z_x_8xaa_rbplus_patinfo, NULL},
	{0, 0, 31, 1, gk_swz_gfx10_sw_var_r_x_1xaa_rbplus_patinfo, NULL},
	{0, 0, 31, 2, gk_swz_gfx10_sw_var_r_x_2xaa_rbplus_patinfo, NULL},
	{0, 0, 31, 4, gk_swz_gfx10_sw_var_r_x_4xaa_rbplus_patinfo, NULL},
	{0, 0, 31, 8, gk_swz_gfx10_sw_var_r_x_8xaa_rbplus_patinfo, NULL},
	{0, 3, 27, 0, P10(64k_r_x_1xaa)},
	{0, 3, 24, 0, P10(64k_z_x_1xaa)},
	{0, 3, 26, 0, P10(64k_d3_x)},
	{0, 3, 5, 0, P10(4k_s3)},
	{0, 3, 21, 0, P10(4k_s3_x)},
	{0, 3, 9, 0, P10(64k_s3)},
	{0, 3, 25, 0, P10(64k_s3_x)},
	{0, 3, 17, 0, P10(64k_s3_t)},
	{0, 2, 1, 0, P10(256_s)},
	{0, 2, 2, 0, P10(256_d)},
	{0, 2, 5, 0, P10(4k_s)},
	{0, 2, 21, 0, P10(4k_s_x)},
	{0, 2, 6, 0, P10(4k_d)},
	{0, 2, 22, 0, P10(4k_d_x)},
	{0, 2, 27, 1, P10(64k_r_x_1xaa)},
	{0, 2, 27, 2, P10(64k_r_x_2xaa)},
	{0, 2, 27, 4, P10(64k_r_x_4xaa)},
	{0, 2, 27, 8, P10(64k_r_x_8xaa)},
	{0, 2, 24, 1, P10(64k_z_x_1xaa)},
	{0, 2, 24, 2, P10(64k_z_x_2xaa)},
	{0, 2, 24, 4, P10(64k_z_x_4xaa)},
	{0, 2, 24, 8, P10(64k_z_x_8xaa)},
	{0, 2, 10, 0, P10(64k_d)},
	{0, 2, 26, 0, P10(64k_d_x)},
	{0, 2, 18, 0, P10(64k_d_t)},
	{0, 2, 9, 0, P10(64k_s)},
	{0, 2, 25, 0, P10(64k_s_x)},
	{0, 2, 17, 0, P10(64k_s_t)},
	/* GFX11 */
	{1, 3, 28, 0, P11(256k_zr_x_1xaa)},
	{1, 3, 31, 0, P11(256k_zr_x_1xaa)},
	{1, 3, 24, 0, P11(64k_zr_x_1xaa)},
	{1, 3, 27, 0, P11(64k_zr_x_1xaa)},
	{1, 3, 26, 0, P11(64k_d3_x)},
	{1, 3, 29, 0, P11(256k_s3_x)},
	{1, 3, 9, 0, P11(64k_s3)},
	{1, 3, 25, 0, P11(64k_s3_x)},
	{1, 3, 17, 0, P11(64k_s3_t)},
	{1, 3, 5, 0, P11(4k_s3)},
	{1, 3, 21, 0, P11(4k_s3_x)},
	{1, 2, 2, 0, P11(256_d)},
	{1, 2, 6, 0, P11(4k_d)},
	{1, 2, 22, 0, P11(4k_d_x)},
	{1, 2, 24, 1, P11(64k_zr_x_1xaa)},
	{1, 2, 24, 2, P11(64k_zr_x_2xaa)},
	{1, 2, 24, 4, P11(64k_zr_x_4xaa)},
	{1, 2, 24, 8, P11(64k_zr_x_8xaa)},
	{1, 2, 27, 1, P11(64k_zr_x_1xaa)},
	{1, 2, 27, 2, P11(64k_zr_x_2xaa)},
	{1, 2, 27, 4, P11(64k_zr_x_4xaa)},
	{1, 2, 27, 8, P11(64k_zr_x_8xaa)},
	{1, 2, 10, 0, P11(64k_d)},
	{1, 2, 26, 0, P11(64k_d_x)},
	{1, 2, 18, 0, P11(64k_d_t)},
	{1, 2, 28, 1, P11(256k_zr_x_1xaa)},
	{1, 2, 28, 2, P11(256k_zr_x_2xaa)},
	{1, 2, 28, 4, P11(256k_zr_x_4xaa)},
	{1, 2, 28, 8, P11(256k_zr_x_8xaa)},
	{1, 2, 31, 1, P11(256k_zr_x_1xaa)},
	{1, 2, 31, 2, P11(256k_zr_x_2xaa)},
	{1, 2, 31, 4, P11(256k_zr_x_4xaa)},
	{1, 2, 31, 8, P11(256k_zr_x_8xaa)},
	{1, 2, 30, 0, P11(256k_d_x)},
};

/* --- the chip as addrlib's HwlInitGlobalParams reads it ------------------ */

struct cfg {
	unsigned gen11, rb_plus, ds_fix;
	unsigned pipes_log2, pkr_log2;
	unsigned var_log2;        /* m_blockVarSizeLog2; 0: no VAR modes */
	unsigned color_base;      /* m_colorBaseIndex */
	const struct swz_mode *modes;
	uint32_t mask2d, mask3d;
};

static int get_cfg(const struct gk_swz_chip *chip, struct cfg *c, struct gk_diag *err)
{
	uint32_t g = chip->gb_addr_config;
	memset(c, 0, sizeof *c);
	c->gen11 = chip->gen == GK_SWZ_GFX11;
	c->rb_plus = c->gen11 || chip->rb_plus;
	c->ds_fix = c->gen11 || chip->ds_mip_fix;
	c->pipes_log2 = g & 7u;                 /* GB_ADDR_CONFIG.NUM_PIPES [2:0] */
	if (c->pipes_log2 > 6) {
		gk_swz_refuse(err, "chip", "%s: GB_ADDR_CONFIG 0x%08x: NUM_PIPES %u is no pipe count", chip->name, g,
			      c->pipes_log2);
		return -1;
	}
	/* PIPE_INTERLEAVE_SIZE [5:3]: addrlib's patterns exist for 256 bytes only */
	if (((g >> 3) & 7u) != 0) {
		gk_swz_refuse(err, "chip", "%s: GB_ADDR_CONFIG 0x%08x: pipe interleave %u bytes; addrlib's swizzle "
					   "patterns exist for 256 only",
			      chip->name, g, 256u << ((g >> 3) & 7u));
		return -1;
	}
	c->color_base = c->pipes_log2 * 5;
	if (c->rb_plus) {
		c->pkr_log2 = (g >> 8) & 7u;    /* NUM_PKRS [10:8] */
		if (c->pkr_log2 > c->pipes_log2 || c->pipes_log2 - c->pkr_log2 > 2) {
			gk_swz_refuse(err, "chip", "%s: GB_ADDR_CONFIG 0x%08x: %u packers for %u pipes (addrlib wants "
						   "pipes/4 <= packers <= pipes)",
				      chip->name, g, 1u << c->pkr_log2, 1u << c->pipes_log2);
			return -1;
		}
		if (c->pkr_log2 >= 2)
			c->color_base += (2 * c->pkr_log2 - 2) * 5;
		c->var_log2 = c->gen11 ? 18 : c->pipes_log2 + 14;
	}
	c->modes = c->gen11 ? gfx11_modes : gfx10_modes;
	c->mask2d = c->gen11 ? GFX11_2D : GFX10_2D;
	c->mask3d = c->gen11 ? GFX11_3D : GFX10_3D;
	return 0;
}

static unsigned blk_log2(const struct cfg *c, unsigned mode)
{
	unsigned b = c->modes[mode].blk;
	return b == BLK_VAR ? c->var_log2 : b;
}

/* Gfx10Lib::GetSwizzlePatternInfo: the pattern row, or NULL. */
static const struct gk_swz_patinfo *patinfo(const struct cfg *c, unsigned mode, unsigned dims, unsigned elem,
					    unsigned frags)
{
	const struct swz_mode *m = &c->modes[mode];
	size_t i;
	if (!m->name || (m->flags & M_LIN))
		return NULL;
	if (m->blk == BLK_VAR && !c->gen11) {
		if (!c->var_log2)
			return NULL;
	} else if (!((dims == 3 ? c->mask3d : c->mask2d) & B(mode))) {
		return NULL;
	}
	for (i = 0; i < sizeof pat_sel / sizeof pat_sel[0]; i++) {
		const struct pat_sel *r = &pat_sel[i];
		const struct gk_swz_patinfo *t;
		if (r->gen11 != c->gen11 || r->mode != mode || (r->dims && r->dims != dims) ||
		    (r->frags && r->frags != frags))
			continue;
		t = c->rb_plus ? r->rbp : r->plain;
		if (!t)
			return NULL;
		return &t[(m->flags & M_X) ? c->color_base + elem : elem];
	}
	return NULL;
}

static void full_pattern(const struct cfg *c, const struct gk_swz_patinfo *pi, uint64_t out[20])
{
	if (c->gen11) {
		memcpy(out, gk_swz_gfx11_sw_pattern_nibble01[pi->n01], 8 * sizeof out[0]);
		memcpy(out + 8, gk_swz_gfx11_sw_pattern_nibble2[pi->n2], 4 * sizeof out[0]);
		memcpy(out + 12, gk_swz_gfx11_sw_pattern_nibble3[pi->n3], 4 * sizeof out[0]);
		memcpy(out + 16, gk_swz_gfx11_sw_pattern_nibble4[pi->n4], 4 * sizeof out[0]);
	} else {
		memcpy(out, gk_swz_gfx10_sw_pattern_nibble01[pi->n01], 8 * sizeof out[0]);
		memcpy(out + 8, gk_swz_gfx10_sw_pattern_nibble2[pi->n2], 4 * sizeof out[0]);
		memcpy(out + 12, gk_swz_gfx10_sw_pattern_nibble3[pi->n3], 4 * sizeof out[0]);
		memcpy(out + 16, gk_swz_gfx10_sw_pattern_nibble4[pi->n4], 4 * sizeof out[0]);
	}
}

/* InitEquationTable's numbering: 2D then 3D, mode 0-31, element size 0-4;
 * a (mode, type, size) with a one-fragment pattern of at most 3 items per
 * bit gets the next index. */
static int equation_index(const struct cfg *c, unsigned mode, unsigned dims, unsigned elem)
{
	int n = 0;
	unsigned d, m, e;
	for (d = 2; d <= 3; d++)
		for (m = 0; m < 32; m++)
			for (e = 0; e < 5; e++) {
				const struct gk_swz_patinfo *pi = patinfo(c, m, d, e, 1);
				if (!pi || pi->max_items > 3)
					continue;
				if (d == dims && m == mode && e == elem)
					return n;
				n++;
			}
	return -1;
}

/* The equation (swz.h) as Gfx10Lib/Gfx11Lib::ConvertSwizzlePatternToEquation
 * lays it out: per bit an "addr" term and up to two xor terms (slots 0, 1,
 * 2), x counted in bytes.  Its XOR is the pattern's; the slots follow
 * addrlib's walk so the text reads as addrlib's equation table: bits that
 * are one coordinate bit take it as addr; a bit that XORs several gets the
 * coordinate bits above the block (and, for thin surfaces, the slice) as
 * xor terms, then -- walking the bits from the pipe interleave up until
 * every bit has its addr -- the coordinate bit no other bit has claimed as
 * its addr, the claimed ones becoming xor terms. */

/* Block4K_Log2_3d, Block64K_Log2_3d, Block256K_Log2_3d (gfx11addrlib.cpp) */
static const uint8_t thick_log2[3][5][3] = {
	{{4, 4, 4}, {3, 4, 4}, {3, 4, 3}, {3, 3, 3}, {2, 3, 3}},
	{{6, 5, 5}, {5, 5, 5}, {5, 5, 4}, {5, 4, 4}, {4, 4, 4}},
	{{6, 6, 6}, {5, 6, 6}, {5, 6, 5}, {5, 5, 5}, {4, 5, 5}},
};

static void eq_put(struct gk_swz_equation *eq, unsigned i, unsigned slot, unsigned axis, unsigned bit)
{
	eq->term[i][slot].axis = (uint8_t)axis;
	eq->term[i][slot].bit = (uint8_t)bit;
}

/* xor1 if it is free, else xor2 */
static void eq_xor(struct gk_swz_equation *eq, unsigned i, unsigned axis, unsigned bit)
{
	eq_put(eq, i, eq->term[i][1].axis == GK_SWZ_AX_NONE ? 1 : 2, axis, bit);
}

static int one_bit(uint64_t v)
{
	return v && !(v & (v - 1));
}

static void addrlib_equation(struct gk_swz_surface *s, int xor_mode)
{
	struct gk_swz_equation *eq = &s->eq;
	unsigned e = s->elem_log2, blk = s->block_bits, i, ax, pass;
	uint32_t sw[GK_SWZ_MAX_EQ_BITS][3], mask[3] = {0, 0, 0}, blkmask[3], bmask, all;
	memset(eq, 0, sizeof *eq);
	eq->num_bits = blk;
	for (i = 0; i < e; i++)
		eq_put(eq, i, 0, GK_SWZ_AX_X, i);
	if (!xor_mode) {
		for (i = e; i < blk; i++)
			for (ax = 0; ax < 3; ax++) {
				uint32_t v = (uint32_t)(s->pattern[i] >> (16 * ax)) & 0xffffu;
				if (v) {
					eq_put(eq, i, 0, GK_SWZ_AX_X + ax, gk_swz_log2(v) + (ax == 0 ? e : 0));
					break;
				}
			}
		return;
	}
	if (!s->thick) {
		/* ComputeThinBlockDimension with one sample */
		unsigned n = blk - e, lw = (n + 1) / 2;
		blkmask[0] = (1u << lw) - 1;
		blkmask[1] = (1u << (n - lw)) - 1;
		blkmask[2] = 0;
	} else {
		const uint8_t *d = thick_log2[blk == 12 ? 0 : blk == 16 ? 1 : 2][e];
		for (ax = 0; ax < 3; ax++)
			blkmask[ax] = (1u << d[ax]) - 1;
	}
	bmask = (1u << e) - 1;
	all = (uint32_t)((1ull << blk) - 1);
	for (i = e; i < blk; i++) {
		uint64_t v = s->pattern[i];
		uint32_t c[3] = {(uint32_t)v & 0xffffu, (uint32_t)(v >> 16) & 0xffffu, (uint32_t)(v >> 32) & 0xffffu};
		sw[i][0] = sw[i][1] = sw[i][2] = 0;
		if (one_bit(v)) {
			for (ax = 0; ax < 3 && !c[ax]; ax++)
				;
			if (ax < 3) {
				mask[ax] |= c[ax];
				eq_put(eq, i, 0, GK_SWZ_AX_X + ax, gk_swz_log2(c[ax]) + (ax == 0 ? e : 0));
			}
			bmask |= 1u << i;
			continue;
		}
		if (!s->thick && c[2]) /* thin: the slice is an xor term from the start */
			eq_put(eq, i, 2, GK_SWZ_AX_Z, gk_swz_log2(c[2]));
		for (ax = 0; ax < 3; ax++) {
			uint32_t hi;
			if (!s->thick && ax == 2)
				break;
			sw[i][ax] = c[ax];
			hi = c[ax] & ~blkmask[ax];
			if (hi) {
				if (ax == 0)
					eq_put(eq, i, 1, GK_SWZ_AX_X, gk_swz_log2(hi) + e);
				else
					eq_xor(eq, i, GK_SWZ_AX_X + ax, gk_swz_log2(hi));
				sw[i][ax] &= blkmask[ax];
			}
		}
		if (!sw[i][0] && !sw[i][1] && !sw[i][2])
			bmask |= 1u << i;
	}
	/* at most one bit gets its addr per pass; a pattern that would not
	 * settle (none of addrlib's) stops after as many passes as bits */
	for (pass = 0; bmask != all && pass <= blk; pass++)
		for (i = 8; i < blk; i++) {
			uint32_t t[3];
			if (bmask >> i & 1)
				continue;
			if (one_bit((uint64_t)sw[i][0] | (uint64_t)sw[i][1] << 16 | (uint64_t)sw[i][2] << 32)) {
				for (ax = 0; !sw[i][ax]; ax++)
					;
				mask[ax] |= sw[i][ax];
				eq_put(eq, i, 0, GK_SWZ_AX_X + ax, gk_swz_log2(sw[i][ax]) + (ax == 0 ? e : 0));
				sw[i][0] = sw[i][1] = sw[i][2] = 0;
				bmask |= 1u << i;
				continue;
			}
			for (ax = 0; ax < 3; ax++) {
				t[ax] = sw[i][ax] & mask[ax];
				if (t[ax])
					eq_xor(eq, i, GK_SWZ_AX_X + ax, gk_swz_log2(t[ax]) + (ax == 0 ? e : 0));
				sw[i][ax] &= ~t[ax];
			}
		}
}

static const uint32_t block256_2d[5][2] = {{16, 16}, {16, 8}, {8, 8}, {8, 4}, {4, 4}};    /* Block256_2d */
static const uint32_t block256_3d[5][3] = {{8, 4, 8}, {4, 4, 8}, {4, 4, 4}, {4, 2, 4}, {2, 2, 4}}; /* Block256_3d */
static const uint32_t block1k_3d[5][3] = {{16, 8, 8}, {8, 8, 8}, {8, 8, 4}, {8, 4, 4}, {4, 4, 4}}; /* Block1K_3d */

/* --- validation (ValidateNonSwModeParams, ValidateSwModeParams) ---------- */

static int validate(const struct cfg *c, const struct gk_swz_params *p, struct gk_diag *err)
{
	const struct swz_mode *m = p->mode < 32 ? &c->modes[p->mode] : NULL;
	const char *gen = c->gen11 ? "GFX11" : c->rb_plus ? "GFX10.3" : "GFX10";
	unsigned msaa = p->samples > 1, z = p->depth_usage, color = !p->depth_usage;
	if (!m || !m->name) {
		gk_swz_refuse(err, "swizzle", "swizzle mode %u does not exist on %s", p->mode, gen);
		return -1;
	}
	if (p->dims == 2 && msaa && p->mips > 1) {
		gk_swz_refuse(err, "mips", "a 2D MSAA surface has one mip level");
		return -1;
	}
	if (p->dims == 3 && msaa) {
		gk_swz_refuse(err, "samples", "a 3D surface has one sample");
		return -1;
	}
	if (m->blk == BLK_VAR && !c->gen11 && !c->var_log2) {
		gk_swz_refuse(err, "swizzle", "%s needs RB+ (GFX10.3): %s has no VAR block", m->name, p->chip->name);
		return -1;
	}
	if (msaa && (1u << blk_log2(c, p->mode)) < 256u * p->samples) {
		gk_swz_refuse(err, "samples", "%s: a %u-byte block holds fewer than 256 bytes per sample", m->name,
			      1u << blk_log2(c, p->mode));
		return -1;
	}
	if (!((p->dims == 3 ? c->mask3d : c->mask2d) & B(p->mode))) {
		gk_swz_refuse(err, "swizzle", "%s does not take %uD surfaces on %s", m->name, p->dims, gen);
		return -1;
	}
	if (m->flags & M_LIN) {
		if (z || msaa) {
			gk_swz_refuse(err, z ? "usage" : "samples", "LINEAR takes neither depth nor MSAA");
			return -1;
		}
	} else if (m->flags & M_Z) {
		if (p->bpp > 64 || (msaa && (color || p->bpp > 32))) {
			gk_swz_refuse(err, p->bpp > 64 ? "bpp" : "samples",
				      "%s: at most 64 bpp, and MSAA only for depth (--usage depth) of at most 32 bpp",
				      m->name);
			return -1;
		}
	} else if (m->flags & (M_S | M_D)) {
		if (z || msaa) {
			gk_swz_refuse(err, z ? "usage" : "samples", "%s (%s) takes neither depth nor MSAA", m->name,
				      (m->flags & M_S) ? "standard" : "display");
			return -1;
		}
	} else if (m->flags & M_R) {
		if (z) {
			gk_swz_refuse(err, "usage", "%s (render) does not take depth", m->name);
			return -1;
		}
	}
	if (m->blk == 8 && !(m->flags & M_LIN) && (z || p->dims == 3 || msaa)) {
		gk_swz_refuse(err, "swizzle", "%s takes neither depth, 3D nor MSAA", m->name);
		return -1;
	}
	return 0;
}

/* --- surfaces ----------------------------------------------------------- */

static void block_dims(const struct cfg *c, const struct gk_swz_params *p, unsigned thick, uint32_t *w, uint32_t *h,
		       uint32_t *d)
{
	unsigned blk = blk_log2(c, p->mode), e = gk_swz_log2(p->bpp / 8);
	if (thick) {
		/* ComputeThickBlockDimension */
		unsigned l = blk - 10, avg = l / 3, rest = l % 3;
		*w = block1k_3d[e][0] << avg;
		*h = block1k_3d[e][1] << (avg + rest / 2);
		*d = block1k_3d[e][2] << (avg + (rest != 0));
	} else {
		/* ComputeThinBlockDimension */
		unsigned sl = gk_swz_log2(p->samples), n = blk - e - sl;
		unsigned wp = (sl & 1) == 0 || (blk & 1) != 0;
		unsigned lw = (n + wp) / 2;
		*w = 1u << lw;
		*h = 1u << (n - lw);
		*d = 1;
	}
}

static void linear(struct gk_swz_surface *s, const struct gk_swz_params *p)
{
	uint32_t eb = p->bpp / 8, align = 256 / eb;
	uint64_t slice = 0;
	unsigned i;
	s->pitch = gk_swz_align(p->width, align);
	s->height = p->height;
	if (p->mips > 1) {
		for (i = p->mips; i-- > 0;) {
			uint32_t w = gk_swz_shift_ceil(p->width, i), h = gk_swz_shift_ceil(p->height, i);
			struct gk_swz_mip *m = &s->mip[i];
			m->pitch = gk_swz_align(w, align);
			m->height = h;
			m->depth = p->dims == 3 ? p->depth_or_slices : 1;
			m->offset = m->macro_block_offset = slice;
			slice += (uint64_t)m->pitch * h * eb;
		}
	} else {
		s->mip[0].pitch = s->pitch;
		s->mip[0].height = s->height;
		s->mip[0].depth = p->dims == 3 ? p->depth_or_slices : 1;
		slice = (uint64_t)s->pitch * s->height * eb;
	}
	s->num_slices = p->depth_or_slices;
	s->slice_size = slice;
	s->surf_size = slice * s->num_slices;
	s->base_align = 256;
	s->block_width = align;
	s->block_height = s->block_slices = 1;
	s->first_mip_in_tail = 0; /* the linear path leaves addrlib's output as it was (zeroed) */
}

/* ComputeSurfaceInfoMicroTiled: 256-byte blocks, no mip tail */
static void micro(struct gk_swz_surface *s, const struct gk_swz_params *p)
{
	uint32_t eb = p->bpp / 8;
	unsigned i;
	s->pitch = gk_swz_align(p->width, s->block_width);
	s->height = gk_swz_align(p->height, s->block_height);
	s->num_slices = p->depth_or_slices;
	s->base_align = 256;
	if (p->mips > 1) {
		uint64_t slice = 0;
		for (i = p->mips; i-- > 0;) {
			struct gk_swz_mip *m = &s->mip[i];
			m->pitch = gk_swz_align(gk_swz_shift_ceil(p->width, i), s->block_width);
			m->height = gk_swz_align(gk_swz_shift_ceil(p->height, i), s->block_height);
			m->depth = 1;
			m->offset = m->macro_block_offset = slice;
			slice += (uint64_t)m->pitch * m->height * eb;
		}
		s->slice_size = slice;
	} else {
		s->mip[0].pitch = s->pitch;
		s->mip[0].height = s->height;
		s->mip[0].depth = 1;
		s->slice_size = (uint64_t)s->pitch * s->height * eb;
	}
	s->surf_size = s->slice_size * s->num_slices;
}

static unsigned max_mips_in_tail(unsigned blk, unsigned thin) /* GetMaxNumMipsInTail */
{
	unsigned eff = thin ? blk : blk - (blk - 8) / 3;
	return eff <= 11 ? 1 + (1u << (eff - 9)) : eff - 4;
}

/* ComputeSurfaceInfoMacroTiled */
static void macro(const struct cfg *c, struct gk_swz_surface *s, const struct gk_swz_params *p)
{
	unsigned blk = s->block_bits, e = s->elem_log2, thin = !s->thick, i;
	uint32_t eb = p->bpp / 8, bs = s->block_slices;
	uint64_t block = 1ull << blk;
	s->pitch = gk_swz_align(p->width, s->block_width);
	s->height = gk_swz_align(p->height, s->block_height);
	s->num_slices = gk_swz_align(p->depth_or_slices, bs);
	s->base_align = (uint32_t)block;
	if (p->mips > 1) {
		/* GetMipTailDim: the tail is half a block */
		uint32_t tw = s->block_width, th = s->block_height;
		uint32_t fw, fh, mip0d = thin ? 1 : p->depth_or_slices, tail_depth = 0;
		unsigned maxtail = max_mips_in_tail(blk, thin), first = p->mips;
		uint64_t chain = 0, mip_size[GK_SWZ_MAX_MIPS], mip_slice[GK_SWZ_MAX_MIPS];
		uint64_t off = 0, mbo = 0;
		uint32_t pitch, height, depth, tdepth;
		if (!thin) {
			unsigned dim = blk % 3;
			/* dim 2 halves the depth, which IsInMipTail does not read */
			if (dim == 0)
				th >>= 1;
			else if (dim == 1)
				tw >>= 1;
		} else {
			tw >>= 1;
		}
		fw = tw;
		fh = th;
		/* dsMipmapHtileFix: Z modes of 8 and 16 bpp keep the tail of 32 bpp */
		if (c->ds_fix && (c->modes[p->mode].flags & M_Z) && e <= 1) {
			fw /= block256_2d[e][0] / block256_2d[2][0];
			fh /= block256_2d[e][1] / block256_2d[2][1];
		}
		for (i = 0; i < p->mips; i++) {
			uint32_t w = gk_swz_shift_ceil(p->width, i), h = gk_swz_shift_ceil(p->height, i), d = gk_swz_shift_ceil(mip0d, i);
			if (w <= fw && h <= fh && p->mips - i <= maxtail) {
				first = i;
				chain += block / bs;
				break;
			} else {
				uint32_t mp = gk_swz_align(w, s->block_width), mh = gk_swz_align(h, s->block_height);
				uint32_t md = gk_swz_align(d, bs);
				uint64_t ss = (uint64_t)mp * mh * eb;
				mip_size[i] = ss * md;
				mip_slice[i] = ss * bs;
				chain += ss;
				s->mip[i].pitch = mp;
				s->mip[i].height = mh;
				s->mip[i].depth = c->gen11 ? md : (p->dims == 3 ? s->num_slices : 1);
			}
		}
		s->slice_size = chain;
		s->surf_size = chain * s->num_slices;
		s->mip_chain_in_tail = first == 0;
		s->first_mip_in_tail = first;
		if (first != p->mips) {
			tail_depth = gk_swz_shift_ceil(mip0d, first);
			off = block * gk_swz_align(tail_depth, bs) / bs;
			mbo = block;
		}
		for (i = first; i-- > 0;) {
			s->mip[i].offset = off;
			s->mip[i].macro_block_offset = mbo;
			s->mip[i].mip_tail_offset = 0;
			off += mip_size[i];
			mbo += mip_slice[i];
		}
		pitch = tw;
		height = th;
		depth = thin ? 1 : gk_swz_align(tail_depth, block256_3d[e][2]);
		tdepth = thin ? 1 : depth / block256_3d[e][2];
		for (i = first; i < p->mips; i++) {
			unsigned m = maxtail - 1 - (i - first);
			uint32_t mo = m > 6 ? 16u << m : m << 8;
			uint32_t mx = ((mo >> 9) & 1) | ((mo >> 10) & 2) | ((mo >> 11) & 4) | ((mo >> 12) & 8) |
				      ((mo >> 13) & 16) | ((mo >> 14) & 32);
			uint32_t my = ((mo >> 8) & 1) | ((mo >> 9) & 2) | ((mo >> 10) & 4) | ((mo >> 11) & 8) |
				      ((mo >> 12) & 16) | ((mo >> 13) & 32);
			struct gk_swz_mip *mi = &s->mip[i];
			mi->offset = (uint64_t)mo * tdepth;
			mi->mip_tail_offset = mo;
			mi->macro_block_offset = 0;
			mi->pitch = pitch;
			mi->height = height;
			mi->depth = c->gen11 ? depth : (p->dims == 3 ? s->num_slices : 1);
			if (blk & 1) {
				uint32_t t = mx;
				mx = my;
				my = t;
				if (e & 1) {
					my = (my << 1) | (mx & 1);
					mx >>= 1;
				}
			}
			if (thin) {
				mi->mip_tail_coord_x = mx * block256_2d[e][0];
				mi->mip_tail_coord_y = my * block256_2d[e][1];
				pitch = pitch >> 1 > block256_2d[e][0] ? pitch >> 1 : block256_2d[e][0];
				height = height >> 1 > block256_2d[e][1] ? height >> 1 : block256_2d[e][1];
				depth = 1;
			} else {
				mi->mip_tail_coord_x = mx * block256_3d[e][0];
				mi->mip_tail_coord_y = my * block256_3d[e][1];
				pitch = pitch >> 1 > block256_3d[e][0] ? pitch >> 1 : block256_3d[e][0];
				height = height >> 1 > block256_3d[e][1] ? height >> 1 : block256_3d[e][1];
				depth = gk_swz_align(depth >> 1 > 1 ? depth >> 1 : 1, block256_3d[e][2]);
			}
			mi->mip_tail_coord_z = 0;
		}
	} else {
		s->slice_size = (uint64_t)s->pitch * s->height * eb * p->samples;
		s->surf_size = s->slice_size * s->num_slices;
		s->mip[0].pitch = s->pitch;
		s->mip[0].height = s->height;
		s->mip[0].depth = p->dims == 3 ? s->num_slices : 1;
	}
}

int gk_swz_gfx10_surface(struct gk_swz_surface *s, const struct gk_swz_params *p, struct gk_diag *err)
{
	struct cfg c;
	const struct swz_mode *m;
	unsigned i;
	if (!s || !p || !p->chip)
		return -1;
	memset(s, 0, sizeof *s);
	s->p = *p;
	s->equation_index = -1;
	if (get_cfg(p->chip, &c, err) || validate(&c, p, err))
		return -1;
	m = &c.modes[p->mode];
	s->elem_log2 = gk_swz_log2(p->bpp / 8);
	s->block_bits = blk_log2(&c, p->mode);
	s->first_mip_in_tail = p->mips;
	s->thick = p->dims == 3 && (m->flags & (M_S | M_D));
	if (m->flags & M_LIN) {
		linear(s, p);
	} else {
		block_dims(&c, p, s->thick, &s->block_width, &s->block_height, &s->block_slices);
		if (s->block_bits == 8)
			micro(s, p);
		else
			macro(&c, s, p);
	}
	s->out_bpp = p->bpp;
	s->pixel_pitch = s->pitch;
	s->pixel_height = s->height;
	/* Addr2: RestoreSurfaceInfo turns the mip chain's 0 x 0 (not used from GFX10 on) into 1 x 1 */
	s->pixel_mip_chain_pitch = s->mip_chain_pitch ? s->mip_chain_pitch : 1;
	s->pixel_mip_chain_height = s->mip_chain_height ? s->mip_chain_height : 1;
	if (p->mips > 1)
		for (i = 0; i < p->mips; i++) {
			s->mip[i].pixel_pitch = s->mip[i].pitch;
			s->mip[i].pixel_height = s->mip[i].height;
		}
	if (!(m->flags & M_LIN)) {
		const struct gk_swz_patinfo *pi = patinfo(&c, p->mode, p->dims, s->elem_log2, p->samples);
		if (pi) {
			uint64_t full[20];
			full_pattern(&c, pi, full);
			memcpy(s->pattern, full, sizeof full);
			s->has_pattern = p->samples > 1 || pi->max_items <= 3;
		}
		if (p->samples == 1) {
			s->equation_index = equation_index(&c, p->mode, p->dims, s->elem_log2);
			if (s->equation_index >= 0)
				addrlib_equation(s, (m->flags & M_X) != 0);
			else
				s->has_pattern = 0;
		}
		if (m->flags & M_X) {
			unsigned bank = s->block_bits > 8 + c.pipes_log2 + 2 ? s->block_bits - 8 - c.pipes_log2 - 2 : 0;
			uint32_t pipe_mask = (1u << c.pipes_log2) - 1, bank_mask;
			if (bank > 4)
				bank = 4;
			bank_mask = ((1u << bank) - 1) << (c.pipes_log2 + 2);
			s->xor_bits = ((p->pipe_bank_xor & (pipe_mask | bank_mask)) << 8) & ((1u << s->block_bits) - 1);
		}
	}
	return 0;
}

int gk_swz_gfx10_addr(const struct gk_swz_surface *s, const struct gk_swz_coord *c, uint64_t *addr)
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
	if (p->dims == 3 && c->slice >= (nslices >> c->mip > 1 ? nslices >> c->mip : 1))
		return -1; /* Valid3DMipSliceIdConstraint */
	mi = &s->mip[c->mip];
	if (c->x >= mi->pitch || c->y >= mi->height)
		return -1;
	if (p->mode == 0) { /* LINEAR */
		if (p->samples > 1 || p->pipe_bank_xor)
			return -1; /* ComputeSurfaceAddrFromCoordLinear */
		*addr = s->slice_size * c->slice + mi->offset + ((uint64_t)c->y * mi->pitch + c->x) * (p->bpp / 8);
		return 0;
	}
	if (!s->has_pattern)
		return -1;
	if (s->block_bits == 8) {
		uint64_t pb = mi->pitch / s->block_width;
		uint64_t bi = (uint64_t)(c->y / s->block_height) * pb + c->x / s->block_width;
		*addr = s->slice_size * c->slice + mi->macro_block_offset + bi * 256 +
			gk_swz_pattern_offset(s, c->x, c->y, 0, 0);
		return 0;
	}
	if (p->samples > 1) {
		uint64_t pb = s->pitch / s->block_width;
		uint64_t bi = (uint64_t)(c->y / s->block_height) * pb + c->x / s->block_width;
		*addr = s->slice_size * c->slice + (bi << s->block_bits) +
			(gk_swz_pattern_offset(s, c->x, c->y, c->slice, c->sample) ^ s->xor_bits);
		return 0;
	} else {
		int tail = mi->mip_tail_offset != 0;
		uint64_t ss = s->thick ? s->slice_size * s->block_slices : s->slice_size;
		uint32_t sid = s->thick ? c->slice / s->block_slices : c->slice;
		uint32_t x = tail ? c->x + mi->mip_tail_coord_x : c->x;
		uint32_t y = tail ? c->y + mi->mip_tail_coord_y : c->y;
		uint32_t z = tail ? c->slice + mi->mip_tail_coord_z : c->slice;
		uint64_t pb = mi->pitch / s->block_width;
		uint64_t bi = (uint64_t)(c->y / s->block_height) * pb + c->x / s->block_width;
		*addr = ss * sid + mi->macro_block_offset + (bi << s->block_bits) +
			(gk_swz_pattern_offset(s, x, y, z, 0) ^ s->xor_bits);
		return 0;
	}
}

const char *gk_swz_gfx10_mode_name(unsigned gen, unsigned mode)
{
	if (mode >= 32)
		return NULL;
	return gen == GK_SWZ_GFX11 ? gfx11_modes[mode].name : gfx10_modes[mode].name;
}
