/* libFuzzer target for the GFX9-GFX12 surface API (`make fuzz-swz`;
 * include/gfxkit/swizzle.h).
 *
 * Input: 16 bytes of surface parameters -- chip (any configuration of the
 * table), swizzle mode id (any of 0-63), 2D or 3D, bpp (a valid one or any
 * byte), width, height and depth/slices (16 bits each: inside and outside
 * the limits), mips, samples (valid or any), usage, pipe/bank xor -- then
 * coordinates, then a mode name and a chip name as text.
 *  (a) gk_swz_surface_init: 0, or -1 with a terminated message naming a
 *      field; on success the padded sizes hold the image, the surface holds
 *      its slices, base_align is a power of two, every level fits; info as
 *      JSON and text and the equation text, snprintf-style with any buffer.
 *  (b) gk_swz_addr at coordinates from the input: when 0, the element lies
 *      inside surf_size and is aligned to the element size; two different
 *      coordinates that both have addresses never share one.
 *  (c) small surfaces: gk_swz_pack puts every element (a sample of at most
 *      512) where gk_swz_addr says and gk_swz_unpack gives the image back.
 *  (d) the map row and the legend text of small surfaces.
 *  (e) names: gk_swz_mode_parse and gk_swz_chip_find of input text, and a
 *      parsed mode's name parsing back to it.
 * Any broken property aborts with __builtin_trap(). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/swizzle.h"
#include "fuzz_harness.h"

FUZZ_HARNESS_BEGIN

#define NEED(c)                                                                                                  \
	do {                                                                                                     \
		if (!(c))                                                                                        \
			__builtin_trap();                                                                        \
	} while (0)

static unsigned nchips(void)
{
	unsigned n = 0;
	while (gk_swz_chip_at(n))
		n++;
	return n;
}

static uint32_t u16(const uint8_t *d)
{
	return (uint32_t)d[0] | (uint32_t)d[1] << 8;
}

static void text_checks(const struct gk_swz_surface *s, size_t cut)
{
	static char buf[65536];
	size_t n = gk_swz_info_json(s, NULL, 0), k;
	NEED(n > 0 && n < sizeof buf);
	NEED(gk_swz_info_json(s, buf, sizeof buf) == n && strlen(buf) == n && buf[0] == '{' && buf[n - 1] == '\n');
	k = cut % (n + 1);
	memset(buf, 'Z', sizeof buf);
	NEED(gk_swz_info_json(s, buf, k) == n && (k == 0 || strlen(buf) == k - 1));
	n = gk_swz_info_text(s, NULL, 0);
	NEED(n > 0 && n < sizeof buf && gk_swz_info_text(s, buf, sizeof buf) == n && strlen(buf) == n);
	n = gk_swz_equation_text(s, NULL, 0);
	NEED(n < sizeof buf && gk_swz_equation_text(s, buf, sizeof buf) == n && strlen(buf) == n);
	NEED((n == 0) == (s->equation_index < 0));
}

static void pack_checks(const struct gk_swz_surface *s, const uint8_t *d, size_t len)
{
	size_t lb = gk_swz_linear_bytes(s), i, off = 0;
	unsigned eb = s->p.bpp / 8, m, checked = 0;
	uint8_t *lin, *back, *tiled;
	if (!lb || s->surf_size > (1u << 20) || lb > (1u << 20))
		return;
	lin = malloc(lb);
	back = malloc(lb);
	tiled = malloc((size_t)s->surf_size);
	if (!lin || !back || !tiled)
		goto out;
	for (i = 0; i < lb; i++)
		lin[i] = len ? (uint8_t)(d[i % len] + i) : (uint8_t)i;
	if (gk_swz_pack(s, lin, tiled)) {
		struct gk_swz_coord c = {0, 0, 0, 0, 0};
		uint64_t a;
		/* refused only when some level has no address */
		for (m = 0; m < s->p.mips; m++) {
			c.mip = m;
			if (gk_swz_addr(s, &c, &a))
				goto out;
		}
		NEED(0);
	}
	for (m = 0; m < s->p.mips; m++) {
		uint32_t w = s->p.width >> m ? s->p.width >> m : 1, h = s->p.height >> m ? s->p.height >> m : 1;
		uint32_t n = s->p.dims == 3 ? (s->p.depth_or_slices >> m ? s->p.depth_or_slices >> m : 1) : s->p.depth_or_slices;
		uint64_t elems = (uint64_t)w * h * n * s->p.samples, step = elems / 64 + 1, e;
		for (e = 0; e < elems && checked < 512; e += step, checked++) {
			uint32_t smp = (uint32_t)(e % s->p.samples), x = (uint32_t)(e / s->p.samples % w);
			uint32_t y = (uint32_t)(e / s->p.samples / w % h), z = (uint32_t)(e / s->p.samples / w / h);
			struct gk_swz_coord c = {x, y, z, smp, m};
			uint64_t a;
			NEED(gk_swz_addr(s, &c, &a) == 0 && a + eb <= s->surf_size);
			NEED(!memcmp(tiled + a, lin + off + e * eb, eb));
		}
		off += (size_t)elems * eb;
	}
	NEED(gk_swz_unpack(s, tiled, back) == 0 && !memcmp(back, lin, lb));
out:
	free(lin);
	free(back);
	free(tiled);
}

static void map_checks(const struct gk_swz_surface *s, enum gk_tile_map_by by)
{
	static uint8_t row[3 * 65536];
	static char legend[8192];
	uint32_t w, h;
	size_t n;
	if (s->mip[0].pitch > 4096 || gk_swz_picture_size(s, by, 0, &w, &h))
		return;
	NEED(w >= s->mip[0].pitch && h > s->mip[0].height && w <= 65536);
	gk_swz_map_row(s, by, 0, 0, row);
	gk_swz_picture_row(s, by, 0, h - 1, row);
	n = gk_swz_map_legend(s, by, 0, NULL, 0);
	NEED(n > 0 && n < sizeof legend && gk_swz_map_legend(s, by, 0, legend, sizeof legend) == n);
	NEED(strlen(legend) == n);
}

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t len);
int LLVMFuzzerTestOneInput(const uint8_t *d, size_t len)
{
	static const unsigned bpps[5] = {8, 16, 32, 64, 128}, smps[4] = {1, 2, 4, 8};
	struct gk_swz_params p;
	struct gk_swz_surface s;
	struct gk_diag err;
	uint64_t seen[8];
	struct gk_swz_coord seenc[8];
	unsigned nseen = 0, i;
	char name[40];
	if (len < 16)
		return 0;
	gk_swz_params_init(&p);
	p.chip = gk_swz_chip_at(d[0] % nchips());
	p.mode = d[1] & 63;
	p.dims = d[2] & 1 ? 3 : 2;
	p.bpp = d[2] & 2 ? d[3] : bpps[d[3] % 5];
	p.width = u16(d + 4) & (d[2] & 4 ? 0xffffu : 0x3ffu);
	p.height = u16(d + 6) & (d[2] & 4 ? 0xffffu : 0x3ffu);
	p.depth_or_slices = u16(d + 8) & (d[2] & 8 ? 0xffffu : 0x3fu);
	p.mips = d[10] & 31;
	p.samples = d[2] & 16 ? d[11] : smps[d[11] & 3];
	p.depth_usage = (d[2] >> 5) & 1;
	p.pipe_bank_xor = d[2] & 64 ? u16(d + 12) : 0;
	memset(&err, 0, sizeof err);
	if (gk_swz_surface_init(&s, &p, &err)) {
		NEED(err.field && memchr(err.message, 0, sizeof err.message) && err.message[0]);
		NEED(s.pitch == 0 && gk_swz_linear_bytes(&s) == 0 && gk_swz_info_json(&s, NULL, 0) == 0);
	} else {
		NEED(s.pitch >= p.width && s.height >= p.height && s.num_slices >= p.depth_or_slices);
		NEED(s.base_align && !(s.base_align & (s.base_align - 1)) && s.surf_size >= s.slice_size && s.slice_size);
		for (i = 0; i < p.mips; i++)
			NEED(s.mip[i].offset < s.surf_size || p.dims == 3);
		text_checks(&s, u16(d + 14));
		for (i = 16; i + 10 <= len && i < 16 + 8 * 10; i += 10) {
			struct gk_swz_coord c = {u16(d + i), u16(d + i + 2), u16(d + i + 4) & 0x3f, d[i + 6] & 7, d[i + 7] & 15};
			uint64_t a;
			unsigned k;
			uint32_t lw, lh, ln;
			if (gk_swz_addr(&s, &c, &a))
				continue;
			NEED(a + p.bpp / 8 <= s.surf_size && a % (p.bpp / 8) == 0);
			/* inside the level's image (padding of a mip in the tail may
			 * overlap other levels): distinct elements, distinct addresses */
			lw = p.width >> c.mip ? p.width >> c.mip : 1;
			lh = p.height >> c.mip ? p.height >> c.mip : 1;
			ln = p.dims == 3 ? (p.depth_or_slices >> c.mip ? p.depth_or_slices >> c.mip : 1) : p.depth_or_slices;
			if (c.x >= lw || c.y >= lh || c.slice >= ln)
				continue;
			for (k = 0; k < nseen; k++)
				NEED(seen[k] != a || !memcmp(&seenc[k], &c, sizeof c));
			seen[nseen] = a;
			seenc[nseen++] = c;
		}
		pack_checks(&s, d, len);
		map_checks(&s, (enum gk_tile_map_by)(d[12] & 3));
	}
	/* names from the rest of the input */
	if (len > 16) {
		size_t n = len - 16 < sizeof name - 1 ? len - 16 : sizeof name - 1;
		int m;
		memcpy(name, d + 16, n);
		name[n] = 0;
		m = gk_swz_mode_parse(p.chip->gen, name);
		NEED(m < 0 || gk_swz_mode_name(p.chip->gen, (unsigned)m));
		if (m >= 0)
			NEED(gk_swz_mode_parse(p.chip->gen, gk_swz_mode_name(p.chip->gen, (unsigned)m)) == m);
		(void)gk_swz_chip_find(name);
	}
	return 0;
}

FUZZ_HARNESS_END
