/* GFX9 (Vega, Raven) swizzle-mode surfaces exactly as addrlib's Gfx9Lib
 * computes them (Mesa src/amd/addrlib/src/gfx9/gfx9addrlib.cpp and
 * core/addrlib2.cpp, the snapshot named in ../shared/reference/tiling-gfx9/
 * README.md): the swizzle modes, the 256-byte and 1-KiB micro patterns and
 * the mip-tail offsets are the data below; everything else (pipe, bank and
 * slice xor bits, block shapes, padding, mip placement) is arithmetic on the
 * chip's GB_ADDR_CONFIG.  docs/tiling.md ("GFX9 swizzle modes") states the rules in prose. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gfx9_swz.h"

/* ---- data ---------------------------------------------------------------- */

/* Addr2 swizzle modes on GFX9 (addrlib's ADDR_SW_* ids and Gfx9Lib's
 * SwizzleModeTable).  Ids 12-15 (VAR) and 28-31 (VAR_X) do not exist on
 * GFX9: Gfx9Lib sets their block size to 0 ("we never allow VAR swizzle mode
 * for GFX9"), so they stay zero here and are refused. */
enum sw_type { SW_NONE, SW_Z, SW_S, SW_D, SW_R };
struct sw_mode {
	const char *name;
	uint8_t blk_log2;   /* swizzle block: 8 (256 B), 12 (4 KiB), 16 (64 KiB); 0: no such mode */
	uint8_t linear;
	uint8_t type;       /* enum sw_type */
	uint8_t xor_;       /* pipe/bank xor after the swizzle (_X and _T) */
	uint8_t prt;        /* _T: xor without the slice bits */
};
static const struct sw_mode sw_modes[32] = {
	[0] = { "LINEAR", 8, 1, SW_NONE, 0, 0 },
	[1] = { "256B_S", 8, 0, SW_S, 0, 0 },
	[2] = { "256B_D", 8, 0, SW_D, 0, 0 },
	[3] = { "256B_R", 8, 0, SW_R, 0, 0 },
	[4] = { "4KB_Z", 12, 0, SW_Z, 0, 0 },
	[5] = { "4KB_S", 12, 0, SW_S, 0, 0 },
	[6] = { "4KB_D", 12, 0, SW_D, 0, 0 },
	[7] = { "4KB_R", 12, 0, SW_R, 0, 0 },
	[8] = { "64KB_Z", 16, 0, SW_Z, 0, 0 },
	[9] = { "64KB_S", 16, 0, SW_S, 0, 0 },
	[10] = { "64KB_D", 16, 0, SW_D, 0, 0 },
	[11] = { "64KB_R", 16, 0, SW_R, 0, 0 },
	[16] = { "64KB_Z_T", 16, 0, SW_Z, 1, 1 },
	[17] = { "64KB_S_T", 16, 0, SW_S, 1, 1 },
	[18] = { "64KB_D_T", 16, 0, SW_D, 1, 1 },
	[19] = { "64KB_R_T", 16, 0, SW_R, 1, 1 },
	[20] = { "4KB_Z_X", 12, 0, SW_Z, 1, 0 },
	[21] = { "4KB_S_X", 12, 0, SW_S, 1, 0 },
	[22] = { "4KB_D_X", 12, 0, SW_D, 1, 0 },
	[23] = { "4KB_R_X", 12, 0, SW_R, 1, 0 },
	[24] = { "64KB_Z_X", 16, 0, SW_Z, 1, 0 },
	[25] = { "64KB_S_X", 16, 0, SW_S, 1, 0 },
	[26] = { "64KB_D_X", 16, 0, SW_D, 1, 0 },
	[27] = { "64KB_R_X", 16, 0, SW_R, 1, 0 },
};

/* One coordinate bit of a pattern: the n-th bit of the x, y or z sequence
 * (x counts from the first bit above the element's bytes). */
#define PX(n) ((uint8_t)(0x10 | (n)))
#define PY(n) ((uint8_t)(0x20 | (n)))
#define PZ(n) ((uint8_t)(0x30 | (n)))

/* The 256-byte micro block of the thin S, D and R modes: the coordinate
 * bits of address bits log2(bpp/8).. up to bit 7, by log2(bpp/8)
 * (Gfx9Lib::HwlComputeBlock256Equation).  R has no 128-bpp form. */
static const uint8_t pat256[3][5][8] = {
	/* standard: also the D modes of 3D (thin) resources */
	{ { PX(0), PX(1), PX(2), PX(3), PY(0), PY(1), PY(2), PY(3) },
	  { PX(0), PX(1), PX(2), PY(0), PY(1), PY(2), PX(3) },
	  { PX(0), PX(1), PY(0), PY(1), PY(2), PX(2) },
	  { PX(0), PY(0), PY(1), PX(1), PX(2) },
	  { PY(0), PY(1), PX(0), PX(1) } },
	/* display (2D) */
	{ { PX(0), PX(1), PX(2), PY(1), PY(0), PY(2), PX(3), PY(3) },
	  { PX(0), PX(1), PX(2), PY(0), PY(1), PY(2), PX(3) },
	  { PX(0), PX(1), PY(0), PX(2), PY(1), PY(2) },
	  { PX(0), PY(0), PX(1), PX(2), PY(1) },
	  { PX(0), PY(0), PX(1), PY(1) } },
	/* rotated */
	{ { PY(0), PY(1), PY(2), PX(1), PX(0), PX(2), PX(3), PY(3) },
	  { PY(0), PY(1), PY(2), PX(0), PX(1), PX(2), PX(3) },
	  { PY(0), PY(1), PX(0), PY(2), PX(1), PX(2) },
	  { PY(0), PX(0), PY(1), PX(1), PX(2) },
	  { 0 } },
};

/* The 1-KiB micro block of the thick (3D Z and S) modes, address bits
 * log2(bpp/8) up to bit 9 (Gfx9Lib::HwlComputeThickEquation). */
static const uint8_t pat1k[2][5][10] = {
	/* Z */
	{ { PX(0), PY(0), PX(1), PY(1), PZ(0), PZ(1), PX(2), PZ(2), PY(2), PX(3) },
	  { PX(0), PY(0), PX(1), PY(1), PZ(0), PZ(1), PZ(2), PY(2), PX(2) },
	  { PX(0), PY(0), PX(1), PZ(0), PY(1), PZ(1), PY(2), PX(2) },
	  { PX(0), PY(0), PZ(0), PX(1), PZ(1), PY(1), PX(2) },
	  { PX(0), PY(0), PZ(0), PZ(1), PY(1), PX(1) } },
	/* S */
	{ { PX(0), PX(1), PX(2), PX(3), PY(0), PY(1), PZ(0), PZ(1), PZ(2), PY(2) },
	  { PX(0), PX(1), PX(2), PY(0), PY(1), PZ(0), PZ(1), PZ(2), PY(2) },
	  { PX(0), PX(1), PY(0), PY(1), PZ(0), PZ(1), PY(2), PX(2) },
	  { PX(0), PY(0), PY(1), PZ(0), PZ(1), PX(1), PX(2) },
	  { PY(0), PY(1), PZ(0), PZ(1), PX(0), PX(1) } },
};

/* log2 of the elements of a 256-byte thin micro block (addrlib's
 * Block256_2d: 16x16, 16x8, 8x8, 8x4, 4x4) and of a 1-KiB thick one
 * (Block1K_3d: 16x8x8, 8x8x8, 8x8x4, 8x4x4, 4x4x4), by log2(bpp/8). */
static const uint8_t b256_log2[5][2] = { { 4, 4 }, { 4, 3 }, { 3, 3 }, { 3, 2 }, { 2, 2 } };
static const uint8_t b1k_log2[5][3] = { { 4, 3, 3 }, { 3, 3, 3 }, { 3, 3, 2 }, { 3, 2, 2 }, { 2, 2, 2 } };

/* log2 of the 256-byte block a thick mip-tail level shrinks to once it
 * fits 256 bytes (Gfx9Lib's Block256_3dZ: 8x4x8, 4x4x8, 4x4x4, 4x2x4, 2x2x4). */
static const uint8_t b256_3d_log2[5][3] = { { 3, 2, 3 }, { 2, 2, 3 }, { 2, 2, 2 }, { 2, 1, 2 }, { 1, 1, 2 } };

/* Where a mip-tail level starts, in 256-byte units, counted from the
 * largest tail level of a 1 MiB block (MipTailOffset256B; a block of 2^b
 * bytes starts at entry 20 - b). */
static const uint16_t mip_tail_256b[16] = { 2048, 1024, 512, 256, 128, 64, 32, 16, 8, 6, 5, 4, 3, 2, 1, 0 };

/* ---- the chip ------------------------------------------------------------ */

/* GB_ADDR_CONFIG as Gfx9Lib::HwlInitGlobalParams reads it (chip/gfx9/
 * gfx9_gb_reg.h): NUM_PIPES [2:0], PIPE_INTERLEAVE_SIZE [5:3], NUM_BANKS
 * [14:12], NUM_SHADER_ENGINES [20:19]; addrlib accepts up to 32 pipes, 2 KiB
 * interleave, 16 banks, 8 engines. */
struct cfg {
	unsigned pipes_log2, pil_log2, banks_log2, se_log2;
};

struct ctx9 {
	struct cfg c;
	const struct sw_mode *m;
	unsigned e;         /* log2(bpp / 8) */
	int tex3d, thick;   /* 3D resource; 3D Z or S (1-KiB micro blocks) */
	unsigned pipe_bits, bank_bits;
};

static void fail(struct gk_diag *err, enum gk_diag_code code, const char *field, const char *fmt, ...)
{
	if (!err)
		return;
	memset(err, 0, sizeof *err);
	err->severity = GK_ERROR;
	err->code = code;
	err->dw = -1;
	err->lo = err->hi = -1;
	err->packet = "tile";
	err->field = field;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err->message, sizeof err->message, fmt, ap);
	va_end(ap);
}

static int decode_cfg(uint32_t v, struct cfg *c, struct gk_diag *err)
{
	c->pipes_log2 = v & 7;
	c->pil_log2 = 8 + ((v >> 3) & 7);
	c->banks_log2 = (v >> 12) & 7;
	c->se_log2 = (v >> 19) & 3;
	if (c->pipes_log2 > 5) {
		fail(err, GK_D_RESERVED_VALUE, "gb_addr_config",
		     "GB_ADDR_CONFIG 0x%08x: NUM_PIPES %u is no pipe count (GFX9: 0-5, 1 to 32 pipes)", (unsigned)v,
		     c->pipes_log2);
		return -1;
	}
	if (c->pil_log2 > 11) {
		fail(err, GK_D_RESERVED_VALUE, "gb_addr_config",
		     "GB_ADDR_CONFIG 0x%08x: PIPE_INTERLEAVE_SIZE %u is no interleave (GFX9: 0-3, 256 B to 2 KiB)",
		     (unsigned)v, c->pil_log2 - 8);
		return -1;
	}
	if (c->banks_log2 > 4) {
		fail(err, GK_D_RESERVED_VALUE, "gb_addr_config",
		     "GB_ADDR_CONFIG 0x%08x: NUM_BANKS %u is no bank count (GFX9: 0-4, 1 to 16 banks)", (unsigned)v,
		     c->banks_log2);
		return -1;
	}
	return 0;
}

/* Pipe (and shader-engine) xor bits of a 2^blk block, then bank xor bits
 * (Lib::GetPipeXorBits, Gfx9Lib::GetBankXorBits). */
static unsigned pipe_xor_bits(const struct cfg *c, unsigned blk)
{
	unsigned avail = blk > c->pil_log2 ? blk - c->pil_log2 : 0;
	unsigned want = c->pipes_log2 + c->se_log2;
	return want < avail ? want : avail;
}

static unsigned bank_xor_bits(const struct cfg *c, unsigned blk)
{
	unsigned used = pipe_xor_bits(c, blk) + c->pil_log2;
	unsigned avail = blk > used ? blk - used : 0;
	return c->banks_log2 < avail ? c->banks_log2 : avail;
}

/* ---- equations ----------------------------------------------------------- */

static struct gk_swz_term term(unsigned axis, unsigned bit)
{
	struct gk_swz_term t = { (uint8_t)axis, (uint8_t)bit };
	return t;
}

/* Pattern code to a coordinate bit; x bits count above the element bytes. */
static struct gk_swz_term pat_term(uint8_t code, unsigned e)
{
	unsigned n = code & 15;
	switch (code >> 4) {
	case 1:
		return term(GK_SWZ_AX_X, e + n);
	case 2:
		return term(GK_SWZ_AX_Y, n);
	default:
		return term(GK_SWZ_AX_Z, n);
	}
}

/* Does addrlib keep an equation for (3D?, mode, log2 bytes)?
 * (Gfx9Lib::IsEquationSupported): not LINEAR; 2D Z and R stop at 64 bpp; 3D
 * has neither R nor 256-byte modes. */
static int eq_supported(int tex3d, unsigned mode, unsigned e)
{
	if (mode >= 32 || e >= 5)
		return 0;
	const struct sw_mode *m = &sw_modes[mode];
	if (!m->blk_log2 || m->linear)
		return 0;
	if (!tex3d)
		return e < 4 || (m->type != SW_R && m->type != SW_Z);
	return m->type != SW_R && m->blk_log2 != 8;
}

/* addrlib's index of an equation: it builds its table 2D before 3D, then
 * mode by mode, then by element size, one entry per supported combination
 * (Gfx9Lib::InitEquationTable), so the index counts the supported ones
 * before it.  The count is the same on every GFX9 configuration (179). */
static int eq_index(int tex3d, unsigned mode, unsigned e)
{
	if (!eq_supported(tex3d, mode, e))
		return -1;
	int n = 0;
	for (int r = 0; r < 2; r++)
		for (unsigned md = 0; md < 32; md++)
			for (unsigned b = 0; b < 5; b++) {
				if (r == tex3d && md == mode && b == e)
					return n;
				n += eq_supported(r, md, b);
			}
	return -1;
}

#define SEQ_MAX 64u

/* The equation of a mode as Gfx9Lib builds it (HwlComputeThinEquation,
 * HwlComputeThickEquation, HwlComputeBlock256Equation).  The block's address
 * bits continue past the block (seq) because the xor sources may lie above
 * it; slot 0 of each bit is the swizzle, slot 1 the pipe or bank xor source,
 * slot 2 the slice bit (thin _X) or second source (thick).  -1: no equation. */
static int build_equation(struct gk_swz_equation *eq, const struct ctx9 *k)
{
	struct gk_swz_term seq[SEQ_MAX];
	const struct sw_mode *m = k->m;
	const struct cfg *c = &k->c;
	unsigned e = k->e, blk = m->blk_log2, pil = c->pil_log2;
	unsigned pb = k->pipe_bits, bb = k->bank_bits;
	unsigned n = 0, xi = 0, yi = 0, zi = 0;

	memset(eq, 0, sizeof *eq);
	memset(seq, 0, sizeof seq);
	for (unsigned i = 0; i < e; i++)
		seq[n++] = term(GK_SWZ_AX_X, i);

	/* how far the address bits run: to the highest xor source */
	unsigned top = blk;
	if (m->xor_ && !m->prt) {
		unsigned mult = k->thick ? 3 : 2;
		if (pil + mult * pb > top)
			top = pil + mult * pb;
		if (pil + pb + mult * bb > top)
			top = pil + pb + mult * bb;
	}
	if (top > SEQ_MAX)
		return -1;

	if (!k->thick) {
		unsigned low;
		if (m->type == SW_Z) {
			if (e > 3)
				return -1;
			for (unsigned i = e; i < 6; i++)
				seq[n++] = ((i - e) & 1) == 0 ? term(GK_SWZ_AX_X, e + xi++) : term(GK_SWZ_AX_Y, yi++);
			low = 6;
		} else {
			/* the standard pattern serves S, and D on 3D (Gfx9Lib::HwlIsStandardSwizzle) */
			unsigned which = (m->type == SW_S || (m->type == SW_D && k->tex3d)) ? 0 : m->type == SW_D ? 1 : 2;
			const uint8_t *pat = pat256[which][e];
			if (!pat[0])
				return -1;
			for (unsigned i = 0; i < 8 && pat[i]; i++)
				seq[n++] = pat_term(pat[i], e);
			xi = b256_log2[e][0];
			yi = b256_log2[e][1];
			low = 8;
		}
		for (unsigned i = low; i < top; i++)
			seq[i] = (i & 1) == 0 ? term(GK_SWZ_AX_Y, yi++) : term(GK_SWZ_AX_X, e + xi++);
	} else {
		const uint8_t *pat = pat1k[m->type == SW_Z ? 0 : 1][e];
		for (unsigned i = 0; i < 10 && pat[i]; i++)
			seq[n++] = pat_term(pat[i], e);
		xi = b1k_log2[e][0];
		yi = b1k_log2[e][1];
		zi = b1k_log2[e][2];
		for (unsigned i = 10; i < top; i++)
			seq[i] = i % 3 == 0 ? term(GK_SWZ_AX_X, e + xi++)
				 : i % 3 == 1 ? term(GK_SWZ_AX_Z, zi++)
					      : term(GK_SWZ_AX_Y, yi++);
	}

	eq->num_bits = blk;
	for (unsigned i = 0; i < blk; i++)
		eq->term[i][0] = seq[i];
	if (!m->xor_)
		return 0;
	/* A source past the computed bits is no term: the _T modes stop at the
	 * block, so addrlib reads an empty channel there. */
	unsigned bs = pil + pb;
	if (!k->thick) {
		for (unsigned i = 0; i < pb; i++)
			eq->term[pil + i][1] = seq[pil + 2 * pb - 1 - i];
		for (unsigned i = 0; i < bb; i++)
			eq->term[bs + i][1] = seq[bs + 2 * bb - 1 - i];
		if (!m->prt) {
			for (unsigned i = 0; i < pb; i++)
				eq->term[pil + i][2] = term(GK_SWZ_AX_Z, pb - i - 1);
			for (unsigned i = 0; i < bb; i++)
				eq->term[bs + i][2] = term(GK_SWZ_AX_Z, bb - i - 1 + pb);
		}
	} else {
		for (unsigned i = 0; i < pb; i++) {
			eq->term[pil + i][1] = seq[pil + 3 * pb - 1 - 2 * i];
			eq->term[pil + i][2] = seq[pil + 3 * pb - 2 - 2 * i];
		}
		for (unsigned i = 0; i < bb; i++) {
			eq->term[bs + i][1] = seq[bs + 3 * bb - 1 - 2 * i];
			eq->term[bs + i][2] = seq[bs + 3 * bb - 2 - 2 * i];
		}
	}
	return 0;
}

static uint64_t coord_bit(const struct gk_swz_term *t, uint64_t xb, uint32_t y, uint32_t z, uint32_t s)
{
	uint64_t v;
	switch (t->axis) {
	case GK_SWZ_AX_X:
		v = xb;
		break;
	case GK_SWZ_AX_Y:
		v = y;
		break;
	case GK_SWZ_AX_Z:
		v = z;
		break;
	case GK_SWZ_AX_S:
		v = s;
		break;
	default:
		return 0;
	}
	return t->bit < 64 ? (v >> t->bit) & 1 : 0;
}

/* The in-block offset an equation gives: bit i is the parity of its terms.
 * A table by axis instead of a switch, since this runs once per element;
 * the masks keep a record that did not come from gk_swz_gfx9_surface from
 * shifting out of range. */
static uint64_t eq_eval(const struct gk_swz_equation *eq, uint64_t xb, uint32_t y, uint32_t z, uint32_t s)
{
	const uint64_t v[8] = { 0, xb, y, z, s, 0, 0, 0 };
	unsigned n = eq->num_bits < GK_SWZ_MAX_EQ_BITS ? eq->num_bits : GK_SWZ_MAX_EQ_BITS;
	uint64_t off = 0;
	for (unsigned i = 0; i < n; i++) {
		const struct gk_swz_term *t = eq->term[i];
		uint64_t b = 0;
		for (unsigned j = 0; j < GK_SWZ_MAX_EQ_TERMS; j++)
			b ^= v[t[j].axis & 7] >> (t[j].bit & 63);
		off |= (b & 1) << i;
	}
	return off;
}

/* ---- blocks and mips ----------------------------------------------------- */

struct dim3 {
	uint32_t w, h, d;
};

/* The swizzle block in elements (ComputeThickBlockDimension; Gfx9Lib's
 * ComputeThinBlockDimension, which halves the block for MSAA, width first). */
static struct dim3 block_dim(const struct ctx9 *k, unsigned samples_log2)
{
	struct dim3 b;
	unsigned blk = k->m->blk_log2, e = k->e;
	if (k->thick) {
		unsigned kb = blk - 10, avg = kb / 3, rest = kb % 3;
		b.w = 1u << (b1k_log2[e][0] + avg);
		b.h = 1u << (b1k_log2[e][1] + avg + rest / 2);
		b.d = 1u << (b1k_log2[e][2] + avg + (rest != 0));
	} else {
		unsigned amp = blk - 8, wa = amp / 2, ha = amp - wa;
		unsigned q = samples_log2 >> 1, r = samples_log2 & 1;
		b.w = 1u << (b256_log2[e][0] + wa);
		b.h = 1u << (b256_log2[e][1] + ha);
		if (blk & 1) {
			b.w >>= q;
			b.h >>= q + r;
		} else {
			b.w >>= q + r;
			b.h >>= q;
		}
		b.d = 1;
	}
	return b;
}

/* The largest level that fits the mip tail: half a block along one axis
 * (Lib::GetMipTailDim: thin halves the width; thick the axis the block
 * size's log2 mod 3 picks). */
static struct dim3 tail_dim(const struct ctx9 *k, struct dim3 b)
{
	if (!k->thick) {
		b.w >>= 1;
	} else {
		switch (k->m->blk_log2 % 3) {
		case 0:
			b.h >>= 1;
			break;
		case 1:
			b.w >>= 1;
			break;
		default:
			b.d >>= 1;
			break;
		}
	}
	return b;
}

static int in_tail(const struct ctx9 *k, struct dim3 t, uint32_t w, uint32_t h, uint32_t d)
{
	return w <= t.w && h <= t.h && (!k->thick || d <= t.d);
}

static uint32_t half_up(uint32_t v)
{
	return (v >> 1) + (v & 1);
}

enum major { MAJOR_X, MAJOR_Y, MAJOR_Z };

/* Which way the mip levels after the first are laid (Gfx9Lib::GetMajorMode). */
static enum major major_mode(const struct ctx9 *k, uint32_t wb, uint32_t hb, uint32_t db)
{
	int y = wb < hb, x = !y;
	if (k->thick) {
		y = y && hb >= db;
		x = x && wb >= db;
	}
	return x ? MAJOR_X : y ? MAJOR_Y : MAJOR_Z;
}

/* The padded size of every level and where it would sit if the levels were
 * packed one after another (Gfx9Lib::GetMipChainInfo: the "offset" of
 * ADDR2_MIP_INFO); returns the first level in the mip tail (mips: none). */
static unsigned mip_chain(struct gk_swz_surface *s, const struct ctx9 *k, struct dim3 b)
{
	const struct gk_swz_params *p = &s->p;
	struct dim3 t = tail_dim(k, b);
	uint32_t pw = p->width, ph = p->height, pd = k->tex3d ? p->depth_or_slices : 1;
	uint64_t offset = 0;
	unsigned first = p->mips, bytes = p->bpp >> 3;
	int tail = 0, final = 0, thin3d = k->tex3d && !k->thick;

	for (unsigned i = 0; i < p->mips; i++) {
		if (tail) {
			if (!final) {
				uint64_t size = (uint64_t)pw * ph * (k->thick ? pd : 1) * bytes;
				if (size <= 256) {
					/* from here on every level takes one 256-byte micro block */
					if (k->thick) {
						pw = 1u << b256_3d_log2[k->e][0];
						ph = 1u << b256_3d_log2[k->e][1];
						pd = 1u << b256_3d_log2[k->e][2];
					} else {
						pw = 1u << b256_log2[k->e][0];
						ph = 1u << b256_log2[k->e][1];
					}
					final = 1;
				}
			}
		} else if (in_tail(k, t, pw, ph, pd)) {
			tail = 1;
			first = i;
			pw = t.w;
			ph = t.h;
			if (k->thick)
				pd = t.d;
		} else {
			pw = gk_swz_align(pw, b.w);
			ph = gk_swz_align(ph, b.h);
			if (k->thick)
				pd = gk_swz_align(pd, b.d);
		}
		s->mip[i].pitch = pw;
		s->mip[i].height = ph;
		s->mip[i].depth = pd;
		s->mip[i].offset = offset;
		offset += (uint64_t)pw * ph * pd * bytes;
		if (final) {
			if (thin3d)
				pd = pd >> 1 ? pd >> 1 : 1;
		} else {
			pw = pw >> 1 ? pw >> 1 : 1;
			ph = ph >> 1 ? ph >> 1 : 1;
			if (k->tex3d)
				pd = pd >> 1 ? pd >> 1 : 1;
		}
	}
	return first;
}

/* Where level mip starts, in blocks of the mip-0 slice, and its byte offset
 * inside the mip tail (Gfx9Lib::GetMipStartPos).  -1: the level lies past
 * the end of the tail table. */
static int mip_start(const struct ctx9 *k, struct dim3 b, uint32_t pitch, uint32_t height,
		     uint32_t slices, unsigned mip, struct dim3 *pos, uint32_t *tail_off)
{
	unsigned blk = k->m->blk_log2;
	struct dim3 t = tail_dim(k, b);
	int tail = in_tail(k, t, pitch, height, slices);
	unsigned in_tail_idx = mip;

	pos->w = pos->h = pos->d = 0;
	*tail_off = 0;
	if (!tail) {
		uint32_t wb = pitch / b.w, hb = height / b.h, db = slices / b.d;
		enum major mj = major_mode(k, wb, hb, db);
		unsigned ending = mip + 1;
		for (unsigned i = 1; i <= mip; i++) {
			if (i == 1 || i == 3) {
				if (mj == MAJOR_Y)
					pos->w += wb;
				else
					pos->h += hb;
			} else if (mj == MAJOR_X) {
				pos->w += wb;
			} else if (mj == MAJOR_Y) {
				pos->h += hb;
			} else {
				pos->d += db;
			}
			int it;
			if (k->thick) {
				switch (blk % 3) {
				case 0:
					it = wb <= 2 && hb == 1 && db <= 2;
					break;
				case 1:
					it = wb == 1 && hb <= 2 && db <= 2;
					break;
				default:
					it = wb <= 2 && hb <= 2 && db == 1;
					break;
				}
			} else if (blk & 1) {
				it = wb <= 2 && hb == 1;
			} else {
				it = wb == 1 && hb <= 2;
			}
			if (it) {
				ending = i;
				break;
			}
			wb = half_up(wb);
			hb = half_up(hb);
			db = half_up(db);
		}
		if (mip >= ending) {
			tail = 1;
			in_tail_idx = mip - ending;
		}
	}
	if (tail) {
		unsigned idx = in_tail_idx + 20 - blk;
		if (idx >= 16)
			return -1;
		*tail_off = (uint32_t)mip_tail_256b[idx] << 8;
	}
	return 0;
}

/* ---- the surface --------------------------------------------------------- */

static int ctx_of(struct ctx9 *k, const struct gk_swz_params *p, struct gk_diag *err)
{
	memset(k, 0, sizeof *k);
	if (!p->chip) {
		fail(err, GK_D_RANGE, "chip", "no chip given");
		return -1;
	}
	if (p->chip->gen != GK_SWZ_GFX9) {
		fail(err, GK_D_WRONG_GEN, "chip", "%s is not a GFX9 chip (generation %u)",
		     p->chip->name ? p->chip->name : "(unnamed)", p->chip->gen);
		return -1;
	}
	if (decode_cfg(p->chip->gb_addr_config, &k->c, err))
		return -1;
	if (p->mode >= 32 || !sw_modes[p->mode].blk_log2) {
		fail(err, GK_D_RESERVED_VALUE, "swizzle",
		     "swizzle mode %u does not exist on GFX9 (0-11 and 16-27; 12-15 and 28-31 are the VAR modes GFX9 "
		     "never accepts)",
		     p->mode);
		return -1;
	}
	k->m = &sw_modes[p->mode];
	switch (p->bpp) {
	case 8:
	case 16:
	case 32:
	case 64:
	case 128:
		break;
	default:
		fail(err, GK_D_RANGE, "bpp", "bpp %u: must be 8, 16, 32, 64 or 128", p->bpp);
		return -1;
	}
	for (k->e = 0; (8u << k->e) < p->bpp; k->e++)
		;
	if (p->dims != 2 && p->dims != 3) {
		fail(err, GK_D_RANGE, "dims", "resource type %uD: must be 2D or 3D", p->dims);
		return -1;
	}
	k->tex3d = p->dims == 3;
	k->thick = k->tex3d && (k->m->type == SW_Z || k->m->type == SW_S);
	k->pipe_bits = k->m->xor_ ? pipe_xor_bits(&k->c, k->m->blk_log2) : 0;
	k->bank_bits = k->m->xor_ ? bank_xor_bits(&k->c, k->m->blk_log2) : 0;
	return 0;
}

#define GFX9_MAX_DIM 65536u

/* The parameter ranges gfxkit accepts, then addrlib's refusals
 * (Gfx9Lib::ValidateNonSwModeParams and ValidateSwModeParams for a colour
 * or depth texture), each with the reason. */
static int validate(const struct gk_swz_params *p, const struct ctx9 *k, struct gk_diag *err)
{
	const struct sw_mode *m = k->m;
	const char *mn = m->name;
	int msaa = p->samples > 1, mipmap = p->mips > 1, z = p->depth_usage;

	if (p->width < 1 || p->width > GFX9_MAX_DIM || p->height < 1 || p->height > GFX9_MAX_DIM) {
		fail(err, GK_D_RANGE, p->width < 1 || p->width > GFX9_MAX_DIM ? "width" : "height",
		     "%ux%u: width and height must be 1 to %u", p->width, p->height, GFX9_MAX_DIM);
		return -1;
	}
	if (p->depth_or_slices < 1 || p->depth_or_slices > GFX9_MAX_DIM) {
		fail(err, GK_D_RANGE, k->tex3d ? "depth" : "slices", "%s %u: must be 1 to %u",
		     k->tex3d ? "depth" : "slices", p->depth_or_slices, GFX9_MAX_DIM);
		return -1;
	}
	if (p->samples != 1 && p->samples != 2 && p->samples != 4 && p->samples != 8) {
		fail(err, GK_D_RANGE, "samples", "%u samples: must be 1, 2, 4 or 8", p->samples);
		return -1;
	}
	uint32_t big = p->width > p->height ? p->width : p->height;
	if (k->tex3d && p->depth_or_slices > big)
		big = p->depth_or_slices;
	unsigned full = 1;
	while ((big >> full) != 0)
		full++;
	if (p->mips < 1 || p->mips > full) {
		fail(err, GK_D_RANGE, "mips", "%u mip levels: a %ux%u%s surface has 1 to %u", p->mips, p->width,
		     p->height, k->tex3d ? "x depth" : "", full);
		return -1;
	}
	if (p->pipe_bank_xor) {
		unsigned bits = k->pipe_bits + k->bank_bits;
		if (!m->xor_) {
			fail(err, GK_D_RULE, "pipe_xor", "pipe/bank xor 0x%x on %s: only the _X and _T modes have one",
			     p->pipe_bank_xor, mn);
			return -1;
		}
		if (p->pipe_bank_xor >> bits) {
			fail(err, GK_D_RANGE, "pipe_xor", "pipe/bank xor 0x%x: %s has %u pipe and %u bank xor bits here",
			     p->pipe_bank_xor, mn, k->pipe_bits, k->bank_bits);
			return -1;
		}
	}
	/* addrlib's refusals */
	if (msaa && mipmap) {
		fail(err, GK_D_RULE, "mips", "an MSAA surface has one mip level (addrlib refuses %u)", p->mips);
		return -1;
	}
	if (k->tex3d && (msaa || z)) {
		fail(err, GK_D_RULE, msaa ? "samples" : "usage", "a 3D surface can be neither MSAA nor depth");
		return -1;
	}
	if (msaa && (1u << m->blk_log2) < (1u << k->c.pil_log2) * p->samples) {
		fail(err, GK_D_RULE, "samples", "%s: a %u-sample surface needs a block of %u pipe interleaves", mn,
		     p->samples, p->samples);
		return -1;
	}
	if (m->linear) {
		if (z || msaa) {
			fail(err, GK_D_RULE, "swizzle", "LINEAR holds neither depth nor MSAA surfaces");
			return -1;
		}
		return 0;
	}
	switch (m->type) {
	case SW_Z:
		if (!z && msaa) {
			fail(err, GK_D_RULE, "swizzle", "%s: a colour MSAA surface cannot use a Z mode (depth can)", mn);
			return -1;
		}
		if (!k->tex3d && p->bpp > 64) {
			fail(err, GK_D_RULE, "bpp", "%s: 2D Z modes stop at 64 bpp", mn);
			return -1;
		}
		if (msaa && p->bpp > 32) {
			fail(err, GK_D_RULE, "bpp", "%s: MSAA in a Z mode stops at 32 bpp", mn);
			return -1;
		}
		break;
	case SW_S:
		if (z || (k->tex3d && p->bpp == 128)) {
			fail(err, GK_D_RULE, z ? "usage" : "bpp", "%s: %s", mn,
			     z ? "S modes hold no depth surface" : "3D colour surfaces of 128 bpp cannot use S modes");
			return -1;
		}
		break;
	case SW_D:
		if (z) {
			fail(err, GK_D_RULE, "usage", "%s: D modes hold no depth surface", mn);
			return -1;
		}
		if (k->tex3d && mipmap && p->depth_or_slices >= p->width && p->depth_or_slices >= p->height) {
			fail(err, GK_D_RULE, "swizzle",
			     "%s: a 3D mip chain whose depth is its largest side needs an S or Z mode", mn);
			return -1;
		}
		break;
	default:
		if (z || p->bpp > 64 || k->tex3d) {
			fail(err, GK_D_RULE, "swizzle", "%s: R modes are for 2D colour surfaces up to 64 bpp", mn);
			return -1;
		}
		break;
	}
	if (m->blk_log2 == 8 && (k->tex3d || mipmap || msaa)) {
		fail(err, GK_D_RULE, "swizzle", "%s: 256-byte modes are for single-level 2D single-sample surfaces", mn);
		return -1;
	}
	return 0;
}

static int surface_linear(struct gk_swz_surface *s, const struct ctx9 *k)
{
	const struct gk_swz_params *p = &s->p;
	unsigned bytes = p->bpp >> 3;
	uint32_t pitch = gk_swz_align(p->width, 256 / bytes);
	uint32_t chain_h = 0, h = p->height;

	/* Gfx9Lib::ComputeSurfaceLinearPadding: the levels are stacked below
	 * each other at the mip-0 pitch */
	for (unsigned i = 0; i < p->mips; i++) {
		s->mip[i].offset = (uint64_t)pitch * chain_h * bytes;
		s->mip[i].pitch = pitch;
		s->mip[i].height = h;
		s->mip[i].depth = k->tex3d ? p->depth_or_slices : 1;
		chain_h += h;
		h = half_up(h);
	}
	if (p->mips == 1)
		chain_h = p->height;
	s->pitch = pitch;
	s->height = p->height;
	s->num_slices = p->depth_or_slices;
	s->mip_chain_pitch = pitch;
	s->mip_chain_height = chain_h;
	s->mip_chain_slice = p->depth_or_slices;
	s->epitch_is_height = p->mips > 1;
	s->slice_size = (uint64_t)pitch * chain_h * bytes;
	s->surf_size = s->slice_size * p->depth_or_slices;
	s->base_align = 256;
	s->block_width = 256 / bytes;
	s->block_height = 1;
	s->block_slices = 1;
	s->first_mip_in_tail = 0;
	return 0;
}

static int surface_tiled(struct gk_swz_surface *s, const struct ctx9 *k, struct gk_diag *err)
{
	const struct gk_swz_params *p = &s->p;
	unsigned sl = 0;
	while ((1u << sl) < p->samples)
		sl++;
	struct dim3 b = block_dim(k, sl);
	unsigned blk = k->m->blk_log2;

	s->block_width = b.w;
	s->block_height = b.h;
	s->block_slices = b.d;
	s->pitch = gk_swz_align(p->width, b.w);
	s->height = gk_swz_align(p->height, b.h);
	s->num_slices = gk_swz_align(p->depth_or_slices, b.d);
	s->epitch_is_height = 0;
	s->mip_chain_in_tail = 0;
	s->first_mip_in_tail = p->mips;
	s->mip_chain_pitch = s->pitch;
	s->mip_chain_height = s->height;
	s->mip_chain_slice = s->num_slices;

	if (p->mips > 1) {
		unsigned first = mip_chain(s, k, b);
		s->first_mip_in_tail = first;
		unsigned ending = first < p->mips - 1 ? first : p->mips - 1;
		if (ending == 0) {
			/* the whole chain fits the tail of one block */
			struct dim3 t = tail_dim(k, b);
			s->epitch_is_height = 1;
			s->pitch = t.w;
			s->height = t.h;
			s->num_slices = k->thick ? t.d : p->depth_or_slices;
			s->mip_chain_in_tail = 1;
		} else {
			/* mip 1 goes beside mip 0 (Y major) or below it; the
			 * rest follow inside the space mip 1 opens */
			uint32_t wb = s->pitch / b.w, hb = s->height / b.h;
			if (major_mode(k, wb, hb, s->num_slices / b.d) == MAJOR_Y) {
				uint32_t w1 = half_up(wb);
				if (w1 == 1 && ending > 2)
					w1++;
				s->mip_chain_pitch += w1 * b.w;
				s->epitch_is_height = 0;
			} else {
				uint32_t h1 = half_up(hb);
				if (h1 == 1 && ending > 2)
					h1++;
				s->mip_chain_height += h1 * b.h;
				s->epitch_is_height = 1;
			}
		}
		uint32_t pitch_blk = s->mip_chain_pitch / b.w;
		uint64_t slice_blk = (uint64_t)(s->mip_chain_height / b.h) * pitch_blk;
		for (unsigned i = 0; i < p->mips; i++) {
			struct dim3 pos;
			uint32_t toff;
			if (mip_start(k, b, s->pitch, s->height, s->num_slices, i, &pos, &toff)) {
				fail(err, GK_D_RANGE, "mips", "mip %u lies past the end of the %s mip tail", i, k->m->name);
				return -1;
			}
			uint64_t idx = pos.d * slice_blk + (uint64_t)pos.h * pitch_blk + pos.w;
			s->mip[i].macro_block_offset = idx << blk;
			s->mip[i].mip_tail_offset = toff;
		}
	} else {
		s->mip[0].pitch = s->pitch;
		s->mip[0].height = s->height;
		s->mip[0].depth = k->tex3d ? s->num_slices : 1;
		s->mip[0].offset = 0;
	}
	s->slice_size = (uint64_t)s->mip_chain_pitch * s->mip_chain_height * (p->bpp >> 3) * p->samples;
	s->surf_size = s->slice_size * s->mip_chain_slice;
	s->base_align = k->m->xor_ ? 1u << blk : 256;
	/* A colour or depth texture may carry pipe-aligned metadata, so addrlib
	 * pads the base of every mode but the 256-byte ones to a whole set of
	 * pipe interleaves across pipes and engines. */
	if (blk != 8) {
		uint32_t meta = 1u << (k->c.pil_log2 + k->c.pipes_log2 + k->c.se_log2);
		if (meta > s->base_align)
			s->base_align = meta;
	}
	return 0;
}

int gk_swz_gfx9_surface(struct gk_swz_surface *s, const struct gk_swz_params *p, struct gk_diag *err)
{
	struct ctx9 k;
	if (s)
		memset(s, 0, sizeof *s); /* a refused surface reads as all zero */
	if (!s || !p) {
		fail(err, GK_D_RANGE, "params", "no surface or no parameters");
		return -1;
	}
	if (ctx_of(&k, p, err) || validate(p, &k, err))
		return -1;
	s->p = *p;
	s->equation_index = -1;
	int rc = k.m->linear ? surface_linear(s, &k) : surface_tiled(s, &k, err);
	if (rc) {
		memset(s, 0, sizeof *s);
		return -1;
	}
	s->pixel_pitch = s->pitch;
	s->pixel_height = s->height;
	s->pixel_mip_chain_pitch = s->mip_chain_pitch;
	s->pixel_mip_chain_height = s->mip_chain_height;
	s->out_bpp = p->bpp;
	/* what the shared address path reads (swz.h): block and element size,
	 * thickness; has_pattern stays 0, since a GFX9 address is not the
	 * GFX10 pattern formula (the mip tail XORs mip_tail_offset into the
	 * equation, MSAA has none), so pack/unpack ask gk_swz_gfx9_addr */
	s->block_bits = k.m->blk_log2;
	s->elem_log2 = k.e;
	s->thick = (unsigned)k.thick;
	if (p->mips > 1)
		for (unsigned i = 0; i < p->mips; i++) {
			s->mip[i].pixel_pitch = s->mip[i].pitch;
			s->mip[i].pixel_height = s->mip[i].height;
		}
	/* Addr2 gives an equation to single-sample surfaces only */
	if (p->samples == 1 && !k.m->linear) {
		s->equation_index = eq_index(k.tex3d, p->mode, k.e);
		if (s->equation_index >= 0 && build_equation(&s->eq, &k)) {
			fail(err, GK_D_RANGE, "swizzle", "%s: no equation at %u bpp", k.m->name, p->bpp);
			memset(s, 0, sizeof *s);
			return -1;
		}
	}
	return 0;
}

/* ---- addresses ----------------------------------------------------------- */

static uint32_t level_size(uint32_t v, unsigned mip)
{
	return v >> mip ? v >> mip : 1;
}

/* An MSAA element: addrlib has no equation for it and computes it bit by
 * bit (Gfx9Lib::HwlComputeSurfaceAddrFromCoordTiled, thin path). */
static uint64_t msaa_offset(const struct gk_swz_surface *s, const struct ctx9 *k, const struct gk_swz_coord *c)
{
	const struct sw_mode *m = k->m;
	unsigned e = k->e, blk = m->blk_log2, pil = k->c.pil_log2;
	unsigned sl = 0;
	while ((1u << sl) < s->p.samples)
		sl++;
	uint64_t off = 0;
	uint64_t x = c->x, y = c->y;

	if (m->type == SW_Z) {
		/* Morton order of x and y, sample bits at the bottom */
		if (e == 0 || e == 2) {
			unsigned low = 6 - e, mb = low / 2;
			for (unsigned i = 0; i < mb; i++)
				off |= ((x >> i) & 1) << (2 * i) | ((y >> i) & 1) << (2 * i + 1);
			for (unsigned i = 0; i < 9; i++)
				off |= (((y >> mb) >> i) & 1) << (low + 2 * i) | (((x >> mb) >> i) & 1) << (low + 2 * i + 1);
		} else {
			for (unsigned i = 0; i < 13; i++)
				off |= ((x >> i) & 1) << (2 * i) | ((y >> i) & 1) << (2 * i + 1);
		}
		off = (off << sl) | c->sample;
		off <<= e;
	} else {
		/* the 256-byte micro block, then the micro blocks in Morton order */
		unsigned which = m->type == SW_S ? 0 : m->type == SW_D ? 1 : 2;
		const uint8_t *pat = pat256[which][e];
		uint64_t xb = x << e;
		for (unsigned i = 0; i < e; i++)
			off |= ((xb >> i) & 1) << i;
		for (unsigned i = 0; i < 8 && pat[i]; i++) {
			struct gk_swz_term t = pat_term(pat[i], e);
			off |= coord_bit(&t, xb, (uint32_t)y, 0, 0) << (e + i);
		}
		uint64_t mx = x >> b256_log2[e][0], my = y >> b256_log2[e][1];
		for (unsigned i = 0; i < 12; i++)
			off |= ((my >> i) & 1) << (8 + 2 * i) | ((mx >> i) & 1) << (9 + 2 * i);
		/* the sample index takes the top bits of the block (xored into
		 * them in the _X modes) */
		unsigned start = blk - sl;
		if (m->xor_ && !m->prt) {
			off ^= (uint64_t)c->sample << start;
		} else {
			off &= (1ull << start) - 1;
			off |= (uint64_t)c->sample << start;
		}
	}
	if (m->xor_) {
		if (m->prt)
			off &= (1ull << blk) - 1;
		uint64_t keep = off & ((1ull << pil) - 1);
		uint64_t v = off >> pil;
		unsigned pb = k->pipe_bits, bb = k->bank_bits;
		uint64_t pipe = v & ((1ull << pb) - 1);
		for (unsigned i = 0; i < pb; i++)
			pipe ^= ((v >> (pb + pb - 1 - i)) & 1) << i;
		v >>= pb;
		uint64_t bank = v & ((1ull << bb) - 1);
		for (unsigned i = 0; i < bb; i++)
			bank ^= ((v >> (bb + bb - 1 - i)) & 1) << i;
		v >>= bb;
		off = ((((v << bb) | bank) << pb | pipe) << pil) | keep;
	}
	return off;
}

int gk_swz_gfx9_addr(const struct gk_swz_surface *s, const struct gk_swz_coord *c, uint64_t *addr)
{
	struct ctx9 k;
	if (!s || !c || !addr || ctx_of(&k, &s->p, NULL))
		return -1;
	const struct gk_swz_params *p = &s->p;
	/* s comes from the caller: nothing in it is trusted to be in range */
	if (p->mips < 1 || p->mips > GK_SWZ_MAX_MIPS || c->mip >= p->mips || c->sample >= p->samples)
		return -1;
	if (p->samples != 1 && p->samples != 2 && p->samples != 4 && p->samples != 8)
		return -1;
	if (c->x >= level_size(p->width, c->mip) || c->y >= level_size(p->height, c->mip))
		return -1;
	if (c->slice >= (k.tex3d ? level_size(p->depth_or_slices, c->mip) : p->depth_or_slices))
		return -1;
	if (!s->block_width || !s->block_height || !s->block_slices)
		return -1;
	const struct gk_swz_mip *mi = &s->mip[c->mip];
	unsigned bytes = p->bpp >> 3;

	if (k.m->linear) {
		*addr = c->slice * s->slice_size + mi->offset + ((uint64_t)c->y * mi->pitch + c->x) * bytes;
		return 0;
	}
	unsigned blk = k.m->blk_log2;
	uint64_t bd = s->block_slices;
	uint64_t base = (c->slice / bd) * s->slice_size * bd + mi->macro_block_offset;
	uint64_t inblk;
	uint64_t xor_ = (uint64_t)p->pipe_bank_xor << k.c.pil_log2;

	if (p->samples > 1) {
		inblk = (msaa_offset(s, &k, c) ^ xor_) & ((1ull << blk) - 1);
		uint64_t pitch_blk = s->mip_chain_pitch / s->block_width;
		uint64_t slice_blk = pitch_blk * (s->mip_chain_height / s->block_height);
		uint64_t idx = c->slice * slice_blk + (c->y / s->block_height) * pitch_blk + c->x / s->block_width;
		*addr = (idx << blk) | inblk;
		return 0;
	}
	if (!s->eq.num_bits)
		return -1;
	inblk = eq_eval(&s->eq, (uint64_t)c->x << k.e, c->y, c->slice, c->sample) ^ xor_;
	if (c->mip >= s->first_mip_in_tail) {
		*addr = base + (inblk ^ mi->mip_tail_offset);
		return 0;
	}
	uint64_t pitch_blk = s->mip_chain_pitch / s->block_width;
	*addr = base + ((c->y / s->block_height) * pitch_blk + c->x / s->block_width) * ((uint64_t)1 << blk) + inblk;
	return 0;
}
