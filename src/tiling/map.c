/* Pictures of a tiled surface for `gfxkit tile map`: the colour of each
 * element (pipe, bank, micro-tile index, byte order), and the legend drawn
 * below the map -- what each colour means, in a 5x7 bitmap font -- with the
 * same legend as text for the PNG's tEXt chunk.  Pure functions of the
 * surface: nothing allocates or prints. */
#include "gfxkit/tiling.h"
#include "map_legend.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- map colours -------------------------------------------------------- */

/* 16 colours far apart (pipes and banks) */
static const uint8_t palette[16][3] = {
	{ 230, 25, 75 },  { 60, 180, 75 },   { 255, 225, 25 }, { 0, 130, 200 },  { 245, 130, 48 }, { 145, 30, 180 },
	{ 70, 240, 240 }, { 240, 50, 230 },  { 210, 245, 60 }, { 250, 190, 212 }, { 0, 128, 128 }, { 220, 190, 255 },
	{ 170, 110, 40 }, { 255, 250, 200 }, { 128, 0, 0 },    { 170, 255, 195 },
};

/* colours 16-31 (32-pipe chips) are the first 16 at 3/5 brightness */
void gk_map_palette(unsigned i, uint8_t *o)
{
	memcpy(o, palette[i & 15], 3);
	if (i & 16)
		for (int c = 0; c < 3; c++)
			o[c] = (uint8_t)(o[c] * 3 / 5);
}

/* t in [0, 1024): blue -> cyan -> green -> yellow -> red */
void gk_map_ramp(unsigned t, uint8_t *o)
{
	unsigned seg = t / 256, f = t % 256;
	uint8_t r = 0, g = 0, b = 0;
	switch (seg) {
	case 0: g = (uint8_t)f; b = 255; break;
	case 1: g = 255; b = (uint8_t)(255 - f); break;
	case 2: r = (uint8_t)f; g = 255; break;
	default: r = 255; g = (uint8_t)(255 - f); break;
	}
	o[0] = r;
	o[1] = g;
	o[2] = b;
}

void gk_tile_map_row(const struct gk_tile_surface *s, enum gk_tile_map_by by, uint32_t y, uint32_t z, uint8_t *rgb)
{
	for (uint32_t x = 0; s && rgb && x < s->pitch; x++) {
		struct gk_tile_loc loc;
		uint8_t *o = rgb + 3ull * x;
		if (gk_tile_locate(s, x, y, z, &loc)) {
			o[0] = o[1] = o[2] = 0;
			continue;
		}
		switch (by) {
		case GK_MAP_PIPE:
			memcpy(o, palette[loc.pipe & 15], 3);
			break;
		case GK_MAP_BANK:
			memcpy(o, palette[loc.bank & 15], 3);
			break;
		case GK_MAP_MICROTILE:
			/* the order inside each micro tile as a ramp; alternate tiles darker */
			gk_map_ramp(loc.micro_index * 16, o);
			if (((x / 8) ^ (y / 8)) & 1)
				for (int c = 0; c < 3; c++)
					o[c] = (uint8_t)(o[c] * 3 / 4);
			break;
		default: {
			uint64_t in_slice = loc.byte_addr - (uint64_t)z * s->slice_bytes;
			gk_map_ramp((unsigned)(in_slice * 1024 / (s->slice_bytes ? s->slice_bytes : 1)), o);
			break;
		}
		}
		if (x >= s->p.width || y >= s->p.height) /* padding: dimmed */
			for (int c = 0; c < 3; c++)
				o[c] = (uint8_t)(o[c] / 3);
	}
}

/* ---- the legend ------------------------------------------------------------ */

/* 5x7 glyphs, one byte a row from the top, bit 4 the leftmost column (the
 * shapes of the HD44780 character generator's 5x7 font); a character without
 * an entry is drawn blank.  Legends use capitals, digits, 'x' and : . ( ) -
 * only (tests/tiling checks that every character drawn has a glyph). */
static const uint8_t font[128][7] = {
	['0'] = { 0x0e, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0e }, ['1'] = { 0x04, 0x0c, 0x04, 0x04, 0x04, 0x04, 0x0e },
	['2'] = { 0x0e, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1f }, ['3'] = { 0x1f, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0e },
	['4'] = { 0x02, 0x06, 0x0a, 0x12, 0x1f, 0x02, 0x02 }, ['5'] = { 0x1f, 0x10, 0x1e, 0x01, 0x01, 0x11, 0x0e },
	['6'] = { 0x06, 0x08, 0x10, 0x1e, 0x11, 0x11, 0x0e }, ['7'] = { 0x1f, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08 },
	['8'] = { 0x0e, 0x11, 0x11, 0x0e, 0x11, 0x11, 0x0e }, ['9'] = { 0x0e, 0x11, 0x11, 0x0f, 0x01, 0x02, 0x0c },
	['A'] = { 0x0e, 0x11, 0x11, 0x11, 0x1f, 0x11, 0x11 }, ['B'] = { 0x1e, 0x11, 0x11, 0x1e, 0x11, 0x11, 0x1e },
	['C'] = { 0x0e, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0e }, ['D'] = { 0x1c, 0x12, 0x11, 0x11, 0x11, 0x12, 0x1c },
	['E'] = { 0x1f, 0x10, 0x10, 0x1e, 0x10, 0x10, 0x1f }, ['F'] = { 0x1f, 0x10, 0x10, 0x1e, 0x10, 0x10, 0x10 },
	['G'] = { 0x0e, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0f }, ['H'] = { 0x11, 0x11, 0x11, 0x1f, 0x11, 0x11, 0x11 },
	['I'] = { 0x0e, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0e }, ['J'] = { 0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0c },
	['K'] = { 0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11 }, ['L'] = { 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1f },
	['M'] = { 0x11, 0x1b, 0x15, 0x15, 0x11, 0x11, 0x11 }, ['N'] = { 0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11 },
	['O'] = { 0x0e, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0e }, ['P'] = { 0x1e, 0x11, 0x11, 0x1e, 0x10, 0x10, 0x10 },
	['Q'] = { 0x0e, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0d }, ['R'] = { 0x1e, 0x11, 0x11, 0x1e, 0x14, 0x12, 0x11 },
	['S'] = { 0x0f, 0x10, 0x10, 0x0e, 0x01, 0x01, 0x1e }, ['T'] = { 0x1f, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04 },
	['U'] = { 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0e }, ['V'] = { 0x11, 0x11, 0x11, 0x11, 0x11, 0x0a, 0x04 },
	['W'] = { 0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0a }, ['X'] = { 0x11, 0x11, 0x0a, 0x04, 0x0a, 0x11, 0x11 },
	['Y'] = { 0x11, 0x11, 0x11, 0x0a, 0x04, 0x04, 0x04 }, ['Z'] = { 0x1f, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1f },
	['x'] = { 0x00, 0x00, 0x11, 0x0a, 0x04, 0x0a, 0x11 }, [':'] = { 0x00, 0x0c, 0x0c, 0x00, 0x0c, 0x0c, 0x00 },
	['.'] = { 0x00, 0x00, 0x00, 0x00, 0x00, 0x0c, 0x0c }, ['-'] = { 0x00, 0x00, 0x00, 0x1f, 0x00, 0x00, 0x00 },
	['('] = { 0x02, 0x04, 0x08, 0x08, 0x08, 0x04, 0x02 }, [')'] = { 0x08, 0x04, 0x02, 0x02, 0x02, 0x04, 0x08 },
};

/* geometry in font pixels (times the scale) */
#define GLYPH_H 7
#define ADVANCE 6 /* 5 columns and a space */
#define MARGIN 6
#define LINE_GAP 4

static const uint8_t background[3] = { 24, 24, 24 }, ink[3] = { 235, 235, 235 }, rule[3] = { 110, 110, 110 };

struct legend {
	const struct gk_legend_spec *sp;
	uint32_t width; /* of the picture */
	unsigned k;     /* picture pixels per font pixel */
	uint32_t row;   /* the legend row drawn into rgb (rgb NULL: only the layout) */
	uint8_t *rgb;
};

/* big maps get big letters, so that the legend reads at the zoom that shows
 * the whole map */
static unsigned legend_scale(uint32_t pitch)
{
	unsigned k = pitch / 512;
	return k < 1 ? 1 : k > 8 ? 8 : k;
}

static unsigned map_colours(const struct gk_tile_surface *s, enum gk_tile_map_by by)
{
	unsigned n = by == GK_MAP_PIPE ? s->pipes : s->p.num_banks;
	return s->p.mode != GK_TILE_2D || n < 1 ? 1 : n > 16 ? 16 : n; /* 1D and linear: pipe and bank 0 */
}

static int has_padding(const struct gk_tile_surface *s)
{
	return s->pitch > s->p.width || s->padded_height > s->p.height;
}

/* what the legend of a GFX6-8 map says */
static void tile_spec(const struct gk_tile_surface *s, enum gk_tile_map_by by, uint32_t z, struct gk_legend_spec *sp)
{
	memset(sp, 0, sizeof *sp);
	sp->pitch = s->pitch;
	switch (by) {
	case GK_MAP_PIPE: snprintf(sp->t[0], sizeof sp->t[0], "COLOUR: PIPE"); break;
	case GK_MAP_BANK: snprintf(sp->t[0], sizeof sp->t[0], "COLOUR: BANK"); break;
	case GK_MAP_MICROTILE: snprintf(sp->t[0], sizeof sp->t[0], "COLOUR: INDEX IN THE 8x8 MICRO TILE"); break;
	default: snprintf(sp->t[0], sizeof sp->t[0], "COLOUR: BYTE OFFSET IN SLICE %u", (unsigned)z); break;
	}
	snprintf(sp->t[1], sizeof sp->t[1], "%s", by == GK_MAP_MICROTILE ? "ALTERNATE MICRO TILES DARKER" : "");
	if (has_padding(s))
		snprintf(sp->t[2], sizeof sp->t[2], "DIMMED: PADDING (IMAGE %ux%u)", (unsigned)s->p.width,
			 (unsigned)s->p.height);
	sp->swatches = by == GK_MAP_PIPE || by == GK_MAP_BANK ? map_colours(s, by) : 0;
	sp->steps64 = by == GK_MAP_MICROTILE;
	if (by == GK_MAP_MICROTILE) {
		snprintf(sp->lo, sizeof sp->lo, "0");
		snprintf(sp->hi, sizeof sp->hi, "63");
	} else {
		snprintf(sp->lo, sizeof sp->lo, "0x0");
		snprintf(sp->hi, sizeof sp->hi, "0x%llX", (unsigned long long)(s->slice_bytes ? s->slice_bytes - 1 : 0));
	}
}

/* n pixels of colour c: one, then copies of what is done, doubling */
static void fill(uint8_t *rgb, uint32_t n, const uint8_t *c)
{
	if (!n)
		return;
	memcpy(rgb, c, 3);
	size_t done = 3, all = 3ull * n;
	while (done < all) {
		size_t k = done < all - done ? done : all - done;
		memcpy(rgb + done, rgb, k);
		done += k;
	}
}

/* row L->row: pixels [x, x + w) in colour c */
static void span(struct legend *L, uint32_t x, uint32_t w, const uint8_t *c)
{
	if (x < L->width)
		fill(L->rgb + 3ull * x, w < L->width - x ? w : L->width - x, c);
}

static void box(struct legend *L, uint32_t x, uint32_t y, uint32_t w, uint32_t h, const uint8_t *c)
{
	if (L->rgb && L->row >= y && L->row - y < h)
		span(L, x, w, c);
}

static uint32_t text_width(const struct legend *L, const char *t)
{
	return (uint32_t)strlen(t) * ADVANCE * L->k;
}

static void text(struct legend *L, uint32_t x, uint32_t y, const char *t)
{
	if (!L->rgb || L->row < y || L->row - y >= GLYPH_H * L->k)
		return;
	unsigned r = (L->row - y) / L->k;
	for (size_t i = 0; t[i]; i++) {
		uint8_t bits = font[(uint8_t)t[i] & 0x7f][r];
		for (unsigned col = 0; col < 5; col++)
			if (bits >> (4 - col) & 1)
				span(L, x + (uint32_t)(i * ADVANCE + col) * L->k, L->k, ink);
	}
}

/* Lays the legend out from its top and draws row L->row when L->rgb is
 * set; returns its height.  One walk for both, so that the size and the
 * drawing cannot disagree. */
static uint32_t legend_walk(struct legend *L)
{
	const struct gk_legend_spec *sp = L->sp;
	unsigned k = L->k;
	uint32_t m = MARGIN * k, lh = GLYPH_H * k, gap = LINE_GAP * k, y = m;
	const char(*t)[64] = sp->t;
	box(L, 0, 0, L->width, k, rule); /* a line between the map and its legend */
	text(L, m, y, t[0]);
	y += lh + gap;
	if (sp->swatches) {
		/* one swatch and its number per pipe (bank), wrapped to the width */
		uint32_t x = m;
		for (unsigned i = 0; i < sp->swatches; i++) {
			char num[12];
			snprintf(num, sizeof num, "%u", i);
			uint32_t w = lh + 2 * k + text_width(L, num);
			if (x > m && x + w > L->width - m) {
				x = m;
				y += lh + gap;
			}
			uint8_t sw[3];
			gk_map_palette(i, sw);
			box(L, x, y, lh, lh, sw);
			text(L, x + lh + 2 * k, y, num);
			x += w + ADVANCE * k;
		}
		y += lh + gap;
	} else {
		/* the ramp over the width, in 64 steps for the micro-tile index */
		uint32_t w = L->width - 2 * m;
		if (L->rgb && L->row >= y && L->row - y < lh)
			for (uint32_t i = 0; i < w; i++) {
				uint8_t c[3];
				uint64_t f = (uint64_t)i * 1024 / w;
				gk_map_ramp(sp->steps64 ? (unsigned)(f / 16 * 16) : (unsigned)f, c);
				span(L, m + i, 1, c);
			}
		y += lh + 2 * k;
		text(L, m, y, sp->lo);
		text(L, L->width - m - text_width(L, sp->hi), y, sp->hi);
		y += lh + gap;
	}
	if (t[1][0]) {
		text(L, m, y, t[1]);
		y += lh + gap;
	}
	if (t[2][0]) {
		/* a swatch at full and at a third of its brightness, then the words */
		uint8_t full[3], dim[3];
		if (sp->swatches)
			memcpy(full, palette[0], 3);
		else
			gk_map_ramp(512, full);
		for (int c = 0; c < 3; c++)
			dim[c] = (uint8_t)(full[c] / 3);
		box(L, m, y, lh, lh, full);
		box(L, m + lh, y, lh, lh, dim);
		text(L, m + 2 * lh + ADVANCE * k, y, t[2]);
		y += lh + gap;
	}
	return y - gap + m;
}

static void legend_init(struct legend *L, const struct gk_legend_spec *sp)
{
	memset(L, 0, sizeof *L);
	L->sp = sp;
	L->k = legend_scale(sp->pitch);
	/* as wide as the map, or as the widest line and a margin each side */
	uint32_t want = text_width(L, sp->t[0]), note = text_width(L, sp->t[1]);
	uint32_t pad = sp->t[2][0] ? 2 * GLYPH_H * L->k + ADVANCE * L->k + text_width(L, sp->t[2]) : 0;
	uint32_t ends = text_width(L, sp->lo) + text_width(L, sp->hi) + 4 * ADVANCE * L->k;
	want = note > want ? note : want;
	want = pad > want ? pad : want;
	want = ends > want ? ends : want;
	want += 2 * MARGIN * L->k;
	L->width = sp->pitch > want ? sp->pitch : want;
}

uint32_t gk_legend_size(const struct gk_legend_spec *sp, uint32_t *width)
{
	struct legend L;
	legend_init(&L, sp);
	*width = L.width;
	return legend_walk(&L);
}

void gk_legend_row(const struct gk_legend_spec *sp, uint32_t row, uint8_t *rgb)
{
	struct legend L;
	legend_init(&L, sp);
	fill(rgb, L.width, background);
	L.row = row;
	L.rgb = rgb;
	legend_walk(&L);
}

void gk_legend_fill(uint8_t *rgb, uint32_t n)
{
	fill(rgb, n, background);
}

int gk_tile_picture_size(const struct gk_tile_surface *s, enum gk_tile_map_by by, uint32_t z, uint32_t *width,
			 uint32_t *height)
{
	if (!s || !s->pitch || !width || !height || (unsigned)by > GK_MAP_ORDER)
		return -1;
	struct gk_legend_spec sp;
	tile_spec(s, by, z, &sp);
	*height = s->padded_height + gk_legend_size(&sp, width);
	return 0;
}

void gk_tile_picture_row(const struct gk_tile_surface *s, enum gk_tile_map_by by, uint32_t z, uint32_t y,
			 uint8_t *rgb)
{
	if (!s || !s->pitch || !rgb || (unsigned)by > GK_MAP_ORDER)
		return;
	struct gk_legend_spec sp;
	uint32_t width;
	tile_spec(s, by, z, &sp);
	gk_legend_size(&sp, &width);
	if (y < s->padded_height) {
		gk_tile_map_row(s, by, y, z, rgb);
		fill(rgb + 3ull * s->pitch, width - s->pitch, background);
		return;
	}
	gk_legend_row(&sp, y - s->padded_height, rgb);
}

/* ---- the legend as text ------------------------------------------------------ */

struct sbuf {
	char *buf;
	size_t cap, len;
};

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void add(struct sbuf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(b->len < b->cap ? b->buf + b->len : NULL, b->len < b->cap ? b->cap - b->len : 0, fmt, ap);
	va_end(ap);
	if (n > 0)
		b->len += (size_t)n;
}

static void add_rgb(struct sbuf *b, const uint8_t *c)
{
	add(b, "#%02x%02x%02x", c[0], c[1], c[2]);
}

size_t gk_tile_map_legend(const struct gk_tile_surface *s, enum gk_tile_map_by by, uint32_t z, char *buf, size_t cap)
{
	struct sbuf b = { buf, buf ? cap : 0, 0 };
	if (b.cap)
		buf[0] = 0;
	if (!s || !s->pitch || (unsigned)by > GK_MAP_ORDER)
		return 0;
	const char *mode = gk_tile_mode_name(s->p.mode);
	add(&b, "gfxkit tile map of slice %u: %s, %u bpp, %u x %u elements (padded %u x %u)", (unsigned)z,
	    mode ? mode : "?", s->p.bpp, (unsigned)s->p.width, (unsigned)s->p.height, (unsigned)s->pitch,
	    (unsigned)s->padded_height);
	if (s->p.mode == GK_TILE_2D) {
		const char *pc = gk_tile_pipe_config_name(s->p.pipe_config);
		add(&b, ", %s, %u banks", pc ? pc : "?", s->p.num_banks);
	}
	add(&b, "; one pixel per element, the legend below the map\n");
	if (by == GK_MAP_PIPE || by == GK_MAP_BANK) {
		const char *what = by == GK_MAP_PIPE ? "pipe" : "bank";
		add(&b, "colour: the %s of each element (after the %s swizzle)\n", what, what);
		for (unsigned i = 0; i < map_colours(s, by); i++) {
			add(&b, "%s %u: ", what, i);
			add_rgb(&b, palette[i]);
			add(&b, "\n");
		}
	} else {
		if (by == GK_MAP_MICROTILE)
			add(&b, "colour: the element's index in its 8x8 micro tile, 0 to 63, on a ramp (every other "
				"micro tile at 3/4 brightness):");
		else
			add(&b, "colour: the element's byte offset in slice %u, 0 to 0x%llx, on a ramp:", (unsigned)z,
			    (unsigned long long)(s->slice_bytes ? s->slice_bytes - 1 : 0));
		static const char *const names[5] = { "blue", "cyan", "green", "yellow", "red" };
		for (unsigned i = 0; i < 5; i++) {
			uint8_t c[3];
			gk_map_ramp(i < 4 ? i * 256 : 1023, c);
			add(&b, " %s ", names[i]);
			add_rgb(&b, c);
			if (by == GK_MAP_MICROTILE)
				add(&b, " (%u)", i < 4 ? i * 16 : 63);
			else
				add(&b, " (%s)", (const char *const[]){ "0", "1/4", "1/2", "3/4", "end" }[i]);
			add(&b, i < 4 ? "," : "\n");
		}
	}
	if (has_padding(s))
		add(&b, "padding (x >= %u or y >= %u): the same colours at 1/3 brightness\n", (unsigned)s->p.width,
		    (unsigned)s->p.height);
	return b.len;
}
