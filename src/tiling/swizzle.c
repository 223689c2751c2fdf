/* The public GFX9-GFX12 surface API (include/gfxkit/swizzle.h): parameter
 * checks, the generation dispatch (swz_chips.c), tiling and detiling of
 * whole surfaces, and the surface as text and JSON.  Names no generation's
 * rules: those are behind gk_swz_gens[]. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/swizzle.h"
#include "swz.h"
#include "swz_gen.h"

/* ---- chips and modes ------------------------------------------------------ */

const struct gk_swz_chip *gk_swz_chip_at(unsigned i)
{
	return i < gk_swz_nchips ? &gk_swz_chips[i] : NULL;
}

static int ieq(const char *a, const char *b)
{
	for (; *a && *b; a++, b++) {
		char x = *a >= 'a' && *a <= 'z' ? (char)(*a - 32) : *a;
		char y = *b >= 'a' && *b <= 'z' ? (char)(*b - 32) : *b;
		if (x != y)
			return 0;
	}
	return *a == *b;
}

const struct gk_swz_chip *gk_swz_chip_find(const char *name)
{
	unsigned i;
	if (!name)
		return NULL;
	for (i = 0; i < gk_swz_nchips; i++)
		if (ieq(gk_swz_chips[i].name, name))
			return &gk_swz_chips[i];
	return NULL;
}

int gk_swz_gen_available(unsigned gen)
{
	return gk_swz_gen_find(gen) != NULL;
}

/* "64K_R_X" -> "64KB_R_X": canonical spelling of a user's mode name */
static void canon_mode(const char *in, char *out, size_t cap)
{
	size_t n = 0;
	if (!strncmp(in, "ADDR_SW_", 8) || !strncmp(in, "addr_sw_", 8))
		in += 8;
	else if (!strncmp(in, "ADDR3_", 6) || !strncmp(in, "addr3_", 6))
		in += 6;
	else if (!strncmp(in, "SW_", 3) || !strncmp(in, "sw_", 3))
		in += 3;
	for (; *in && n + 2 < cap; in++) {
		char c = *in >= 'a' && *in <= 'z' ? (char)(*in - 32) : *in;
		out[n++] = c;
		/* a size in K without the B: 4K_, 64K_, 256K_ */
		if (c == 'K' && n >= 2 && out[n - 2] >= '0' && out[n - 2] <= '9' && in[1] != 'B' && in[1] != 'b')
			out[n++] = 'B';
	}
	out[n] = 0;
}

int gk_swz_mode_parse(unsigned gen, const char *name)
{
	char want[48];
	unsigned m, n = gen == GK_SWZ_GFX12 ? 8 : 32;
	if (!name || !*name || strlen(name) >= 40)
		return -1;
	if (name[0] >= '0' && name[0] <= '9') {
		char *end;
		unsigned long v = strtoul(name, &end, 0);
		if (!*end) /* all of it a number: the id */
			return v >= n || !gk_swz_mode_name(gen, (unsigned)v) ? -1 : (int)v;
	}
	canon_mode(name, want, sizeof want);
	for (m = 0; m < n; m++) {
		const char *mn = gk_swz_mode_name(gen, m);
		if (mn && !strcmp(mn, want))
			return (int)m;
	}
	return -1;
}

/* ---- surfaces ---------------------------------------------------------------- */

void gk_swz_params_init(struct gk_swz_params *p)
{
	if (!p)
		return;
	memset(p, 0, sizeof *p);
	p->dims = 2;
	p->depth_or_slices = 1;
	p->mips = 1;
	p->samples = 1;
}

static unsigned full_chain(const struct gk_swz_params *p)
{
	uint32_t m = p->width > p->height ? p->width : p->height;
	unsigned n = 1;
	if (p->dims == 3 && p->depth_or_slices > m)
		m = p->depth_or_slices;
	while (m > 1) {
		m >>= 1;
		n++;
	}
	return n;
}

int gk_swz_surface_init(struct gk_swz_surface *s, const struct gk_swz_params *p, struct gk_diag *err)
{
	const struct gk_swz_gen_row *g;
	if (!s)
		return -1;
	memset(s, 0, sizeof *s);
	s->equation_index = -1;
	if (!p) {
		gk_swz_refuse(err, "surface", "no parameters");
		return -1;
	}
	s->p = *p;
	if (!p->chip) {
		gk_swz_refuse(err, "chip", "no chip given");
		return -1;
	}
	g = gk_swz_gen_find(p->chip->gen);
	if (!g) {
		gk_swz_refuse(err, "chip", "%s is a %s chip; the %s rules are not in this build of gfxkit", p->chip->name,
			      gk_swz_gen_name(p->chip->gen) ? gk_swz_gen_name(p->chip->gen) : "?",
			      gk_swz_gen_name(p->chip->gen) ? gk_swz_gen_name(p->chip->gen) : "?");
		return -1;
	}
	if (p->mode >= g->nmodes || !g->mode_name(p->chip->gen, p->mode)) {
		gk_swz_refuse(err, "swizzle", "swizzle mode %u does not exist on %s", p->mode, g->name);
		return -1;
	}
	if (p->dims != 2 && p->dims != 3) {
		gk_swz_refuse(err, "dims", "a surface is 2D or 3D, not %uD", p->dims);
		return -1;
	}
	if (p->bpp != 8 && p->bpp != 16 && p->bpp != 32 && p->bpp != 64 && p->bpp != 128) {
		gk_swz_refuse(err, "bpp", "bpp is 8, 16, 32, 64 or 128, not %u", p->bpp);
		return -1;
	}
	if (p->width < 1 || p->width > GK_SWZ_MAX_DIM || p->height < 1 || p->height > GK_SWZ_MAX_DIM) {
		gk_swz_refuse(err, p->width < 1 || p->width > GK_SWZ_MAX_DIM ? "width" : "height",
			      "width and height go from 1 to %u (%u x %u given)", GK_SWZ_MAX_DIM, p->width, p->height);
		return -1;
	}
	if (p->depth_or_slices < 1 || p->depth_or_slices > (p->dims == 3 ? GK_SWZ_MAX_DIM : GK_SWZ_MAX_SLICES)) {
		gk_swz_refuse(err, p->dims == 3 ? "depth" : "slices", "%s goes from 1 to %u, not %u",
			      p->dims == 3 ? "depth" : "slices", p->dims == 3 ? GK_SWZ_MAX_DIM : GK_SWZ_MAX_SLICES,
			      p->depth_or_slices);
		return -1;
	}
	if (p->mips < 1 || p->mips > full_chain(p)) {
		gk_swz_refuse(err, "mips", "mips goes from 1 to %u (the full chain of this size), not %u", full_chain(p),
			      p->mips);
		return -1;
	}
	if (p->samples != 1 && p->samples != 2 && p->samples != 4 && p->samples != 8) {
		gk_swz_refuse(err, "samples", "samples is 1, 2, 4 or 8, not %u", p->samples);
		return -1;
	}
	if (p->pipe_bank_xor > 0xffffu) {
		gk_swz_refuse(err, "pipe-xor", "pipe/bank xor 0x%x is wider than 16 bits", p->pipe_bank_xor);
		return -1;
	}
	if (g->surface(s, p, err)) {
		s->pitch = 0; /* no elements */
		return -1;
	}
	return 0;
}

int gk_swz_addr(const struct gk_swz_surface *s, const struct gk_swz_coord *c, uint64_t *addr)
{
	const struct gk_swz_gen_row *g;
	if (!s || !c || !addr || !s->pitch || !s->p.chip || !(g = gk_swz_gen_find(s->p.chip->gen)))
		return -1;
	return g->addr(s, c, addr);
}

int gk_swz_pipe_bank(const struct gk_swz_surface *s, uint64_t addr, unsigned *pipe, unsigned *bank)
{
	unsigned pl, bb = 0;
	if (!s || !s->pitch || !s->p.chip || !pipe || !bank)
		return -1;
	pl = s->p.chip->gb_addr_config & 7u; /* NUM_PIPES */
	*pipe = *bank = 0;
	if (s->p.mode == 0)
		return 0;
	if (s->p.chip->gen == GK_SWZ_GFX9) {
		/* Gfx9Lib (GetPipeXorBits, GetBankXorBits): the pipe bits start at
		 * the pipe interleave (PIPE_INTERLEAVE_SIZE [5:3]), the shader-engine
		 * bits follow them, the bank bits (NUM_BANKS [14:12]) follow those,
		 * each as far as the block reaches */
		unsigned pil = 8 + (s->p.chip->gb_addr_config >> 3 & 7u), se = s->p.chip->gb_addr_config >> 19 & 3u;
		unsigned nb = s->p.chip->gb_addr_config >> 12 & 7u, room;
		room = s->block_bits > pil ? s->block_bits - pil : 0;
		pl = pl < room ? pl : room;
		room = s->block_bits > pil + pl + se ? s->block_bits - pil - pl - se : 0;
		bb = nb < room ? nb : room;
		*pipe = (unsigned)(addr >> pil) & ((1u << pl) - 1);
		*bank = (unsigned)(addr >> (pil + pl + se)) & ((1u << bb) - 1);
		return 0;
	}
	/* GetBankXorBits (gfx10addrlib.h): banks above the pipe and 2 column bits */
	if (s->p.chip->gen != GK_SWZ_GFX12 && s->block_bits > 8 + pl + 2)
		bb = s->block_bits - 8 - pl - 2 > 4 ? 4 : s->block_bits - 8 - pl - 2;
	*pipe = (unsigned)(addr >> 8) & ((1u << pl) - 1);
	*bank = (unsigned)(addr >> (8 + pl + 2)) & ((1u << bb) - 1);
	return 0;
}

/* ---- pack and unpack ----------------------------------------------------------- */

static uint32_t umax(uint32_t a, uint32_t b)
{
	return a > b ? a : b;
}

/* the level's unpadded size and slice count */
static void level(const struct gk_swz_surface *s, unsigned mip, uint32_t *w, uint32_t *h, uint32_t *n)
{
	*w = umax(s->p.width >> mip, 1);
	*h = umax(s->p.height >> mip, 1);
	*n = s->p.dims == 3 ? umax(s->p.depth_or_slices >> mip, 1) : s->p.depth_or_slices;
}

size_t gk_swz_linear_bytes(const struct gk_swz_surface *s)
{
	uint64_t total = 0;
	unsigned m;
	if (!s || !s->pitch)
		return 0;
	for (m = 0; m < s->p.mips; m++) {
		uint32_t w, h, n;
		level(s, m, &w, &h, &n);
		total += (uint64_t)w * h * n * s->p.samples * (s->p.bpp / 8);
	}
	return total > SIZE_MAX ? 0 : (size_t)total;
}

/* The in-block offset as a sum of per-axis parts: every bit is an XOR of
 * coordinate bits, so offset(x, y, z, s) = f(x) ^ f(y) ^ f(z) ^ f(s), and
 * each f is two 256-entry tables (low and high byte of the coordinate). */
struct xf {
	uint32_t t[4][2][256]; /* axis x, y, z, s; low byte, high byte */
	unsigned run;          /* elements of a row that are consecutive in memory */
};

static void xf_init(const struct gk_swz_surface *s, struct xf *f)
{
	unsigned ax, b, i;
	for (ax = 0; ax < 4; ax++) {
		uint32_t basis[16];
		for (b = 0; b < 16; b++) {
			uint32_t v = 0;
			for (i = s->elem_log2; i < s->block_bits && i < GK_SWZ_MAX_EQ_BITS; i++)
				if (s->pattern[i] >> (16 * ax + b) & 1)
					v |= 1u << i;
			basis[b] = v;
		}
		for (b = 0; b < 2; b++) {
			f->t[ax][b][0] = 0;
			for (i = 1; i < 256; i++) {
				unsigned low = (unsigned)__builtin_ctz(i);
				f->t[ax][b][i] = f->t[ax][b][i & (i - 1)] ^ basis[8 * b + low];
			}
		}
	}
	/* the low address bits that are the low x bits in order: a run */
	for (b = 0; s->elem_log2 + b < s->block_bits && s->pattern[s->elem_log2 + b] == (1ull << b) && b < 6; b++)
		;
	f->run = 1u << b;
}

static inline uint32_t xf_at(const struct xf *f, unsigned ax, uint32_t v)
{
	return f->t[ax][0][v & 255] ^ f->t[ax][1][(v >> 8) & 255];
}

static inline void copy_run(uint8_t *d, const uint8_t *src, size_t n)
{
	/* constant sizes become plain moves */
	switch (n) {
	case 1: *d = *src; break;
	case 2: memcpy(d, src, 2); break;
	case 4: memcpy(d, src, 4); break;
	case 8: memcpy(d, src, 8); break;
	case 16: memcpy(d, src, 16); break;
	case 32: memcpy(d, src, 32); break;
	case 64: memcpy(d, src, 64); break;
	default: memcpy(d, src, n); break;
	}
}

/* One slice of one level, block by block, so that the tiled side of a
 * block stays in cache while its rows are copied:
 *   addr = (slice / block_slices) * slice_size * block_slices + mip.macro_block_offset
 *          + block index << block_bits
 *          + (pattern(x + tail x, y + tail y, slice + tail z, sample) ^ xor)
 * The linear slice is w x h elements of ns samples at lp. */
static int xfer_slice(const struct gk_swz_surface *s, const struct xf *f, unsigned m, uint32_t z, uint32_t w,
		      uint32_t h, uint8_t *lp, uint8_t *tiled, int pack)
{
	const struct gk_swz_mip *mi = &s->mip[m];
	unsigned eb = s->p.bpp / 8, ns = s->p.samples, smp;
	uint32_t bw = s->block_width, bh = s->block_height, tx = mi->mip_tail_coord_x, bx0, by0, x, y;
	unsigned bwl = gk_swz_log2(bw), bhl = gk_swz_log2(bh);
	uint64_t pb = mi->pitch >> bwl, size = s->surf_size;
	uint64_t zpart = (uint64_t)(z / s->block_slices) * s->slice_size * s->block_slices + mi->macro_block_offset;
	uint32_t rz = xf_at(f, 2, z + mi->mip_tail_coord_z) ^ s->xor_bits;
	unsigned run = ns == 1 && tx % f->run == 0 && f->run <= bw ? f->run : 1;
	size_t rb = (size_t)run * eb, el = (size_t)ns * eb;
	for (by0 = 0; by0 < h; by0 += bh)
		for (bx0 = 0; bx0 < w; bx0 += bw) {
			uint64_t base = zpart + (((uint64_t)(by0 >> bhl) * pb + (bx0 >> bwl)) << s->block_bits);
			uint32_t y1 = by0 + bh < h ? by0 + bh : h, x1 = bx0 + bw < w ? bx0 + bw : w;
			/* every in-block offset is below the block size: one check for the block */
			if (base + ((uint64_t)1 << s->block_bits) > size)
				return -1; /* not addrlib's layout: never write outside */
			/* the high byte of x + tail x is the same across the block when
			 * the block stays inside one 256-element span */
			const uint32_t *lo = f->t[0][0], *hi = f->t[0][1];
			int one_hi = ((bx0 + tx) & 255u) + bw <= 256u;
			uint32_t xhi = one_hi ? hi[((bx0 + tx) >> 8) & 255u] : 0;
			uint8_t *tb = tiled + base;
			for (y = by0; y < y1; y++) {
				uint32_t ry = xf_at(f, 1, y + mi->mip_tail_coord_y) ^ rz;
				for (smp = 0; smp < ns; smp++) {
					uint32_t r = ry ^ xf_at(f, 3, smp);
					uint8_t *le = lp + ((size_t)y * w + bx0) * el + (size_t)smp * eb;
					x = bx0;
					if (one_hi) {
						r ^= xhi;
						if (run > 1)
							for (; x + run <= x1; x += run, le += rb) {
								uint32_t o = lo[(x + tx) & 255u] ^ r;
								if (pack)
									copy_run(tb + o, le, rb);
								else
									copy_run(le, tb + o, rb);
							}
						for (; x < x1; x++, le += el) {
							uint32_t o = lo[(x + tx) & 255u] ^ r;
							if (pack)
								copy_run(tb + o, le, eb);
							else
								copy_run(le, tb + o, eb);
						}
					} else {
						for (; x < x1; x++, le += el) {
							uint32_t o = xf_at(f, 0, x + tx) ^ r;
							if (pack)
								memcpy(tb + o, le, eb);
							else
								memcpy(le, tb + o, eb);
						}
					}
				}
			}
		}
	return 0;
}

/* One direction of the copy; pack: linear -> tiled. */
static int xfer(const struct gk_swz_surface *s, uint8_t *tiled, uint8_t *lin, int pack)
{
	const struct gk_swz_gen_row *g = s->p.chip ? gk_swz_gen_find(s->p.chip->gen) : NULL;
	unsigned eb = s->p.bpp / 8, ns = s->p.samples, m;
	struct xf f;
	uint8_t *lp = lin;
	uint64_t size = s->surf_size;
	if (!g)
		return -1;
	{ /* every element must have an address (probe the origin of each level) */
		for (m = 0; m < s->p.mips; m++) {
			struct gk_swz_coord c = {0, 0, 0, 0, m};
			uint64_t a;
			if (g->addr(s, &c, &a))
				return -1;
		}
	}
	if (pack)
		memset(tiled, 0, (size_t)s->surf_size);
	if (s->has_pattern && g->pattern_addr)
		xf_init(s, &f);
	for (m = 0; m < s->p.mips; m++) {
		const struct gk_swz_mip *mi = &s->mip[m];
		uint32_t w, h, n, z, y, x;
		unsigned smp;
		level(s, m, &w, &h, &n);
		for (z = 0; z < n; z++)
			for (y = 0; y < h; y++) {
				if (s->p.mode != 0 && s->has_pattern && g->pattern_addr) {
					/* the whole slice of the level at once, block by block */
					if (xfer_slice(s, &f, m, z, w, h, lp, tiled, pack))
						return -1;
					lp += (size_t)w * h * ns * eb;
					break;
				}
				if (s->p.mode == 0) { /* LINEAR: the row is contiguous */
					uint64_t a = s->slice_size * z + mi->offset + (uint64_t)y * mi->pitch * eb;
					if (a + (uint64_t)w * eb > size)
						return -1;
					if (pack)
						memcpy(tiled + a, lp, (size_t)w * eb);
					else
						memcpy(lp, tiled + a, (size_t)w * eb);
					lp += (size_t)w * eb;
					continue;
				}
				if (!(s->has_pattern && g->pattern_addr)) {
					/* a generation whose address is not the pattern formula: one element at a time */
					for (x = 0; x < w; x++)
						for (smp = 0; smp < ns; smp++) {
							struct gk_swz_coord c = {x, y, z, smp, m};
							uint64_t a = 0;
							if (g->addr(s, &c, &a) || a + eb > size)
								return -1;
							if (pack)
								memcpy(tiled + a, lp, eb);
							else
								memcpy(lp, tiled + a, eb);
							lp += eb;
						}
					continue;
				}
			}
	}
	return 0;
}

int gk_swz_pack(const struct gk_swz_surface *s, const void *linear, void *tiled)
{
	if (!s || !s->pitch || !linear || !tiled)
		return -1;
	return xfer(s, tiled, (uint8_t *)(uintptr_t)linear, 1);
}

int gk_swz_unpack(const struct gk_swz_surface *s, const void *tiled, void *linear)
{
	if (!s || !s->pitch || !linear || !tiled)
		return -1;
	return xfer(s, (uint8_t *)(uintptr_t)tiled, linear, 0);
}

/* ---- text and JSON ------------------------------------------------------------------ */

static void eq_text(const struct gk_swz_surface *s, struct gk_swz_text *b)
{
	unsigned i, k;
	if (s->equation_index < 0)
		return;
	for (i = 0; i < s->eq.num_bits && i < GK_SWZ_MAX_EQ_BITS; i++) {
		unsigned n = 0;
		gk_swz_textf(b, "%sb%u=", i ? " " : "", i);
		for (k = 0; k < GK_SWZ_MAX_EQ_TERMS; k++) {
			const struct gk_swz_term *t = &s->eq.term[i][k];
			if (t->axis == GK_SWZ_AX_NONE || t->axis > GK_SWZ_AX_S)
				continue;
			gk_swz_textf(b, "%s%c%u", n++ ? "^" : "", "-xyzs"[t->axis], t->bit);
		}
		if (!n)
			gk_swz_textf(b, "0");
	}
}

size_t gk_swz_equation_text(const struct gk_swz_surface *s, char *buf, size_t cap)
{
	struct gk_swz_text b = {buf, buf ? cap : 0, 0};
	if (b.cap)
		buf[0] = 0;
	if (s && s->pitch)
		eq_text(s, &b);
	return b.len;
}

static const char *mode_name_of(const struct gk_swz_surface *s)
{
	const char *n = s->p.chip ? gk_swz_mode_name(s->p.chip->gen, s->p.mode) : NULL;
	return n ? n : "?";
}

size_t gk_swz_info_json(const struct gk_swz_surface *s, char *buf, size_t cap)
{
	struct gk_swz_text b = {buf, buf ? cap : 0, 0};
	unsigned m;
	if (b.cap)
		buf[0] = 0;
	if (!s || !s->pitch || !s->p.chip)
		return 0;
	gk_swz_textf(&b,
	    "{\"pitch\":%u,\"height\":%u,\"slices\":%u,\"surface_bytes\":%llu,\"slice_bytes\":%llu,"
	    "\"base_align\":%u,\"block\":{\"width\":%u,\"height\":%u,\"slices\":%u,\"bytes\":%llu},"
	    "\"equation_index\":%d,\"first_mip_in_tail\":%u,\"mips\":[",
	    s->pitch, s->height, s->num_slices, (unsigned long long)s->surf_size, (unsigned long long)s->slice_size,
	    s->base_align, s->block_width, s->block_height, s->block_slices, 1ull << s->block_bits, s->equation_index,
	    s->first_mip_in_tail);
	for (m = 0; m < s->p.mips && m < GK_SWZ_MAX_MIPS; m++) {
		const struct gk_swz_mip *mi = &s->mip[m];
		gk_swz_textf(&b,
		    "%s{\"mip\":%u,\"offset\":%llu,\"pitch\":%u,\"height\":%u,\"depth\":%u,"
		    "\"macro_block_offset\":%llu,\"mip_tail_offset\":%u,\"mip_tail_coord\":[%u,%u,%u]}",
		    m ? "," : "", m, (unsigned long long)mi->offset, mi->pitch, mi->height, mi->depth,
		    (unsigned long long)mi->macro_block_offset, mi->mip_tail_offset, mi->mip_tail_coord_x,
		    mi->mip_tail_coord_y, mi->mip_tail_coord_z);
	}
	gk_swz_textf(&b, "],\"equation\":");
	if (s->equation_index >= 0) {
		gk_swz_textf(&b, "\"");
		eq_text(s, &b);
		gk_swz_textf(&b, "\"");
	} else {
		gk_swz_textf(&b, "null");
	}
	gk_swz_textf(&b,
	    ",\"params\":{\"chip\":\"%s\",\"generation\":\"%s\",\"gb_addr_config\":\"0x%08x\",\"swizzle\":\"%s\","
	    "\"swizzle_id\":%u,\"dims\":%u,\"bpp\":%u,\"width\":%u,\"height\":%u,\"depth_or_slices\":%u,"
	    "\"mips\":%u,\"samples\":%u,\"usage\":\"%s\",\"pipe_xor\":%u}}\n",
	    s->p.chip->name, gk_swz_gen_name(s->p.chip->gen) ? gk_swz_gen_name(s->p.chip->gen) : "?",
	    s->p.chip->gb_addr_config, mode_name_of(s), s->p.mode, s->p.dims, s->p.bpp, s->p.width, s->p.height,
	    s->p.depth_or_slices, s->p.mips, s->p.samples, s->p.depth_usage ? "depth" : "color", s->p.pipe_bank_xor);
	return b.len;
}

size_t gk_swz_info_text(const struct gk_swz_surface *s, char *buf, size_t cap)
{
	struct gk_swz_text b = {buf, buf ? cap : 0, 0};
	unsigned m;
	if (b.cap)
		buf[0] = 0;
	if (!s || !s->pitch || !s->p.chip)
		return 0;
	gk_swz_textf(&b, "chip %s (%s, GB_ADDR_CONFIG 0x%08x)\n", s->p.chip->name,
	    gk_swz_gen_name(s->p.chip->gen) ? gk_swz_gen_name(s->p.chip->gen) : "?", s->p.chip->gb_addr_config);
	gk_swz_textf(&b, "swizzle %s (%u)\n%uD %u bpp %u x %u x %u, %u mip%s, %u sample%s, %s", mode_name_of(s), s->p.mode,
	    s->p.dims, s->p.bpp, s->p.width, s->p.height, s->p.depth_or_slices, s->p.mips, s->p.mips == 1 ? "" : "s",
	    s->p.samples, s->p.samples == 1 ? "" : "s", s->p.depth_usage ? "depth" : "color");
	if (s->p.pipe_bank_xor)
		gk_swz_textf(&b, ", pipe/bank xor 0x%x", s->p.pipe_bank_xor);
	gk_swz_textf(&b, "\n");
	gk_swz_textf(&b, "pitch %u\nheight %u\nslices %u\nsurface_bytes %llu\nslice_bytes %llu\nbase_align %u\n", s->pitch,
	    s->height, s->num_slices, (unsigned long long)s->surf_size, (unsigned long long)s->slice_size,
	    s->base_align);
	gk_swz_textf(&b, "block %u x %u x %u elements (%llu bytes)\n", s->block_width, s->block_height, s->block_slices,
	    1ull << s->block_bits);
	if (s->equation_index >= 0) {
		gk_swz_textf(&b, "equation %d: ", s->equation_index);
		eq_text(s, &b);
		gk_swz_textf(&b, "\n");
	} else {
		gk_swz_textf(&b, "equation none\n");
	}
	if (s->p.mips > 1)
		gk_swz_textf(&b, "first_mip_in_tail %u\n", s->first_mip_in_tail);
	for (m = 0; m < s->p.mips && m < GK_SWZ_MAX_MIPS; m++) {
		const struct gk_swz_mip *mi = &s->mip[m];
		gk_swz_textf(&b, "mip %u offset %llu pitch %u height %u depth %u", m, (unsigned long long)mi->offset, mi->pitch,
		    mi->height, mi->depth);
		if (m >= s->first_mip_in_tail && s->p.mips > 1 && s->p.mode != 0)
			gk_swz_textf(&b, " tail_offset %u tail_coord %u,%u,%u", mi->mip_tail_offset, mi->mip_tail_coord_x,
			    mi->mip_tail_coord_y, mi->mip_tail_coord_z);
		gk_swz_textf(&b, "\n");
	}
	return b.len;
}
