/* Pictures of GFX9-GFX12 surfaces for `gfxkit tile map`: the pipe, bank or
 * byte order of every element of a slice of mip 0, and the legend (drawn by
 * map.c's legend from a description of what it says). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gfxkit/swizzle.h"
#include "map_legend.h"
#include "swz.h"

static unsigned npipes(const struct gk_swz_surface *s)
{
	return s->p.mode == 0 ? 1 : 1u << (s->p.chip->gb_addr_config & 7u);
}

static unsigned nbanks(const struct gk_swz_surface *s)
{
	unsigned pipe, bank;
	/* every bank bit gk_swz_pipe_bank reads lies inside the block: an
	 * all-ones in-block offset has the highest bank (any generation) */
	uint64_t ones = s->block_bits < 64 ? (1ull << s->block_bits) - 1 : ~0ull;
	if (s->p.mode == 0 || gk_swz_pipe_bank(s, ones, &pipe, &bank))
		return 1;
	return bank + 1;
}

/* the slice's span of bytes and where it starts: a thick block holds
 * block_slices slices together */
static void slice_span(const struct gk_swz_surface *s, uint32_t z, uint64_t *base, uint64_t *span)
{
	uint32_t bs = s->block_slices ? s->block_slices : 1;
	*span = s->slice_size * bs;
	*base = (uint64_t)(z / bs) * *span;
}

void gk_swz_map_row(const struct gk_swz_surface *s, enum gk_tile_map_by by, uint32_t y, uint32_t z, uint8_t *rgb)
{
	uint64_t base, span;
	uint32_t x;
	if (!s || !s->pitch || !rgb || !s->p.chip)
		return;
	slice_span(s, z, &base, &span);
	for (x = 0; x < s->mip[0].pitch; x++) {
		struct gk_swz_coord c = {x, y, z, 0, 0};
		uint8_t *o = rgb + 3ull * x;
		uint64_t a;
		unsigned pipe, bank;
		if (gk_swz_addr(s, &c, &a) || gk_swz_pipe_bank(s, a, &pipe, &bank)) {
			o[0] = o[1] = o[2] = 0;
			continue;
		}
		if (by == GK_MAP_PIPE)
			gk_map_palette(pipe, o);
		else if (by == GK_MAP_BANK)
			gk_map_palette(bank, o);
		else
			gk_map_ramp((unsigned)((a - base) * 1024 / (span ? span : 1)), o);
		if (x >= s->p.width || y >= s->p.height)
			for (int k = 0; k < 3; k++)
				o[k] = (uint8_t)(o[k] / 3);
	}
}

static void spec(const struct gk_swz_surface *s, enum gk_tile_map_by by, uint32_t z, struct gk_legend_spec *sp)
{
	uint64_t base, span;
	memset(sp, 0, sizeof *sp);
	sp->pitch = s->mip[0].pitch;
	slice_span(s, z, &base, &span);
	if (by == GK_MAP_PIPE) {
		snprintf(sp->t[0], sizeof sp->t[0], "COLOUR: PIPE (ADDRESS BITS 8 AND UP)");
		sp->swatches = npipes(s);
	} else if (by == GK_MAP_BANK) {
		/* GFX9's bank bits follow the pipe and shader-engine bits, GFX10-11's
		 * the pipe and two column bits (gk_swz_pipe_bank) */
		snprintf(sp->t[0], sizeof sp->t[0], "COLOUR: BANK (BITS ABOVE PIPES AND %s)",
			 s->p.chip->gen == GK_SWZ_GFX9 ? "ENGINES" : "COLUMNS");
		sp->swatches = nbanks(s);
	} else {
		uint32_t bs = s->block_slices ? s->block_slices : 1;
		if (bs > 1) /* a thick block interleaves bs slices: the ramp spans them */
			snprintf(sp->t[0], sizeof sp->t[0], "COLOUR: BYTE OFFSET IN SLICES %u-%u", (unsigned)(z / bs * bs),
				 (unsigned)(z / bs * bs + bs - 1));
		else
			snprintf(sp->t[0], sizeof sp->t[0], "COLOUR: BYTE OFFSET IN SLICE %u", (unsigned)z);
		snprintf(sp->lo, sizeof sp->lo, "0x0");
		snprintf(sp->hi, sizeof sp->hi, "0x%llX", (unsigned long long)(span ? span - 1 : 0));
	}
	if (s->p.mips > 1 || s->p.samples > 1)
		snprintf(sp->t[1], sizeof sp->t[1], "MIP 0%s", s->p.samples > 1 ? " SAMPLE 0" : "");
	if (s->mip[0].pitch > s->p.width || s->mip[0].height > s->p.height)
		snprintf(sp->t[2], sizeof sp->t[2], "DIMMED: PADDING (IMAGE %ux%u)", (unsigned)s->p.width,
			 (unsigned)s->p.height);
}

static int drawable(const struct gk_swz_surface *s, enum gk_tile_map_by by, uint32_t z)
{
	struct gk_swz_coord c = {0, 0, z, 0, 0};
	uint64_t a;
	return s && s->pitch && s->p.chip && (unsigned)by <= GK_MAP_ORDER && !gk_swz_addr(s, &c, &a);
}

int gk_swz_picture_size(const struct gk_swz_surface *s, enum gk_tile_map_by by, uint32_t z, uint32_t *width,
			uint32_t *height)
{
	struct gk_legend_spec sp;
	if (!width || !height || !drawable(s, by, z))
		return -1;
	spec(s, by, z, &sp);
	*height = s->mip[0].height + gk_legend_size(&sp, width);
	return 0;
}

void gk_swz_picture_row(const struct gk_swz_surface *s, enum gk_tile_map_by by, uint32_t z, uint32_t y,
			uint8_t *rgb)
{
	struct gk_legend_spec sp;
	uint32_t width;
	if (!rgb || !drawable(s, by, z))
		return;
	spec(s, by, z, &sp);
	gk_legend_size(&sp, &width);
	if (y < s->mip[0].height) {
		gk_swz_map_row(s, by, y, z, rgb);
		gk_legend_fill(rgb + 3ull * s->mip[0].pitch, width - s->mip[0].pitch);
		return;
	}
	gk_legend_row(&sp, y - s->mip[0].height, rgb);
}

size_t gk_swz_map_legend(const struct gk_swz_surface *s, enum gk_tile_map_by by, uint32_t z, char *buf, size_t cap)
{
	struct gk_swz_text b = {buf, buf ? cap : 0, 0};
	struct gk_legend_spec sp;
	unsigned i;
	const char *mode;
	if (b.cap)
		buf[0] = 0;
	if (!drawable(s, by, z))
		return 0;
	spec(s, by, z, &sp);
	mode = gk_swz_mode_name(s->p.chip->gen, s->p.mode);
	gk_swz_textf(&b, "gfxkit tile map of mip 0, slice %u%s: %s %s, %u bpp, %u x %u elements (padded %u x %u); one pixel "
		"per element, the legend below the map\n",
	    (unsigned)z, s->p.samples > 1 ? ", sample 0" : "", s->p.chip->name, mode ? mode : "?", s->p.bpp,
	    (unsigned)s->p.width, (unsigned)s->p.height, (unsigned)s->mip[0].pitch, (unsigned)s->mip[0].height);
	if (by == GK_MAP_PIPE || by == GK_MAP_BANK) {
		const char *what = by == GK_MAP_PIPE ? "pipe" : "bank";
		gk_swz_textf(&b, "colour: the %s of each element's address (%s)\n", what,
		    by == GK_MAP_PIPE ? "bits 8 and up: 256-byte pipe interleave"
		    : s->p.chip->gen == GK_SWZ_GFX9 ? "the bank-xor bits above the pipe and shader-engine bits"
						     : "the bank-xor bits above the pipe bits and two column bits");
		for (i = 0; i < sp.swatches; i++) {
			uint8_t c[3];
			gk_map_palette(i, c);
			gk_swz_textf(&b, "%s %u: #%02x%02x%02x\n", what, i, c[0], c[1], c[2]);
		}
	} else {
		static const char *const names[5] = {"blue", "cyan", "green", "yellow", "red"};
		static const char *const at[5] = {"0", "1/4", "1/2", "3/4", "end"};
		uint32_t bs = s->block_slices ? s->block_slices : 1;
		if (bs > 1)
			gk_swz_textf(&b, "colour: the element's byte offset in the %u slices (%u-%u) its thick blocks hold together, "
				"0 to %s, on a ramp:",
			    (unsigned)bs, (unsigned)(z / bs * bs), (unsigned)(z / bs * bs + bs - 1), sp.hi);
		else
			gk_swz_textf(&b, "colour: the element's byte offset in slice %u, 0 to %s, on a ramp:", (unsigned)z, sp.hi);
		for (i = 0; i < 5; i++) {
			uint8_t c[3];
			gk_map_ramp(i < 4 ? i * 256 : 1023, c);
			gk_swz_textf(&b, " %s #%02x%02x%02x (%s)%s", names[i], c[0], c[1], c[2], at[i], i < 4 ? "," : "\n");
		}
	}
	if (sp.t[2][0])
		gk_swz_textf(&b, "padding (x >= %u or y >= %u): the same colours at 1/3 brightness\n", (unsigned)s->p.width,
		    (unsigned)s->p.height);
	return b.len;
}
