/* libFuzzer target for the GFX6-8 tiling API and the PNG writer
 * (`make fuzz-tiling`; include/gfxkit/tiling.h).
 *
 * Input: byte 0 picks where the surface parameters come from (bits 0-1:
 * raw parameters twice, GB_TILE_MODE of a chip, or DRM modifier fields) and
 * a few switches (bit 2: raw 32-bit sizes; bit 3: the map as a PNG; bit 4:
 * the picture with its legend instead of the map; bit 5: each PNG written
 * again into a sink that fails part way); the
 * rest is read as the parameters, then as coordinates, boxes, image bytes.
 * Hostile values are common: most fields are sometimes a valid choice and
 * sometimes any byte.
 *  (a) gk_tile_surface_init: 0 with no errors or -1 with errors; at most
 *      GK_TILE_MAX_DIAGS diagnostics, each a terminated message that
 *      gk_diag_format prints; on success the padded sizes hold the image;
 *      info as JSON (valid, one object) and text, snprintf-style with any
 *      buffer size.
 *  (b) gk_tile_addr / gk_tile_locate at coordinates from the input: inside
 *      the padded surface exactly when 0, the element inside surface_bytes,
 *      locate agreeing with addr, pipe/bank/piece in range; two different
 *      elements never share a byte (but in the three layouts that addrlib
 *      makes many-to-one: P4_32x32, P8_16x16_8x16, P8_32x64_32x32).
 *  (c) gk_tile_range of a box from the input: -1 exactly when the box is
 *      empty or leaves the padded surface, else [lo, hi) inside the surface
 *      and holding the box's corner elements.
 *  (d) small images: gk_tile_pack puts every element (of a large image an
 *      even sample of 512) where gk_tile_addr says, gk_tile_unpack gives
 *      the image back (in the many-to-one layouts: every shared address
 *      holds the image element packed last, padding only zeros, and unpack
 *      reads each element's address), and three bands (gk_tile_band,
 *      gk_tile_pack_band: the first, the last, one the input picks) write
 *      the same bytes as the whole pack over the band's ranges, and unpack
 *      to the band's rows.
 *  (e) the PNG writer, on the surface's map (gk_tile_map_row) or on a tiny
 *      image from the input: a valid PNG (signature, IHDR, chunk CRCs, a
 *      zlib stream that tests/png_oracle.h inflates, Adler-32, filters,
 *      IEND) whose pixels are the rows given; with a sink that fails after
 *      k bytes, -1 and no write after the failure; gk_png_begin refuses 0
 *      sizes and exactly the widths above PNG's 2^31 - 1.
 *      The picture with its legend (gk_tile_picture_size/_row): the map's
 *      rows at its top left, a legend band below, the PNG of small ones
 *      valid; the legend text terminated and sized like snprintf.
 *  (f) names: pipe config name <-> parse, mode names.
 * Any broken property aborts with __builtin_trap().  Set-up (none beyond
 * static buffers) is paid once per process.
 *
 * Cost: one input writes at most one large PNG (the map or the picture, by
 * bit 4) and writes it a second time only with bit 5.  A PNG is a per-byte
 * filter choice and a deflate of every pixel under ASan, UBSan and
 * libFuzzer's comparison callbacks: when every input wrote the map, the
 * picture (up to 64 Ki pixels) and both again into a failing sink, that was
 * 85 % of the time and the target ran at ~45 inputs a second.  Every path
 * is still reached, by the inputs that set the bits. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/tiling.h"
#include "fuzz_harness.h"

FUZZ_HARNESS_BEGIN
#include "../jsoncheck.h"
#include "../png_oracle.h"

int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n);

#define CHECK(c) do { if (!(c)) __builtin_trap(); } while (0)

#define MAX_SURFACE (1u << 18) /* tiled bytes packed per input */
#define MAX_LINEAR (1u << 16)  /* linear image bytes per input */
/* map elements written as a PNG (a 2D surface's map is at least a macro
 * tile, 16x16 to 64x64) */
#define MAX_PNG_ELEMS 2048u
#define MAX_PICTURE (1u << 16) /* pixels of a map with its legend held */
/* pixels of a map with its legend whose every row is drawn and checked
 * against the map: a small surface's picture is 3.5-17 Ki pixels (the
 * legend's words set its width, 194 or 222 pixels at scale 1), a 96x96 2D
 * one's 61 Ki */
#define MAX_PICTURE_ROWS (1u << 14)
/* ... and written as a PNG: each byte is filtered five ways and deflated
 * under the sanitizers and the comparison callbacks, the dearest work an
 * input can ask for.  With 64 Ki the corpus drifted to pictures (each new
 * PNG path is kept) until they were 70 % of the time, and with 16 Ki PNGs
 * were still 57 % of it (perf): now the pipe and bank pictures of small
 * linear and 1D surfaces (3.5-8 Ki pixels).  The writer itself is held to
 * every rule on every input by the tiny image from the input below, and
 * on maps up to MAX_PNG_ELEMS. */
#define MAX_PICTURE_PNG (1u << 13)

/* ---- reading the input ---- */

struct cur {
	const uint8_t *p;
	size_t n, i;
};

static uint8_t u8(struct cur *c)
{
	return c->i < c->n ? c->p[c->i++] : 0;
}

static uint32_t u16(struct cur *c)
{
	uint32_t v = u8(c);
	return v | (uint32_t)u8(c) << 8;
}

static uint32_t u32(struct cur *c)
{
	uint32_t v = u16(c);
	return v | u16(c) << 16;
}

/* ---- (a) parameters ---- */

static void raw_params(struct cur *c, bool big, struct gk_tile_params *p)
{
	static const unsigned modes[4] = { GK_TILE_LINEAR, GK_TILE_1D, GK_TILE_2D, 0 };
	static const unsigned bpps[5] = { 8, 16, 32, 64, 128 };
	uint8_t v = u8(c);
	p->mode = v & 0x80 ? v & 0x7f : modes[v & 3];
	v = u8(c);
	p->micro = v & 0x80 ? v & 0x7f : v & 1;
	v = u8(c);
	p->bpp = v & 0x80 ? v & 0x7f : bpps[v % 5];
	if (big) {
		p->width = u32(c);
		p->height = u32(c);
		p->slices = u32(c);
	} else {
		p->width = 1 + u8(c) % 96;
		p->height = 1 + u8(c) % 96;
		p->slices = 1 + u8(c) % 3;
	}
	v = u8(c);
	p->pipe_config = v < 0xe0 ? v % 18 : (int)v - 0xf0;
	v = u8(c);
	p->tile_split = v < 0xe0 ? 64u << (v % 7) : u16(c);
	v = u8(c);
	p->bank_width = v < 0xe0 ? 1u << (v % 4) : v;
	v = u8(c);
	p->bank_height = v < 0xe0 ? 1u << (v % 4) : v;
	v = u8(c);
	p->macro_aspect = v < 0xe0 ? 1u << (v % 4) : v;
	v = u8(c);
	p->num_banks = v < 0xe0 ? 2u << (v % 4) : v;
	p->pipe_swizzle = u8(c) & 0x80 ? u32(c) : 0;
	p->bank_swizzle = u8(c) & 0x80 ? u32(c) : 0;
	v = u8(c);
	p->row_size = v < 0xc0 ? 0 : v < 0xe0 ? 1024u << (v % 3) : u16(c);
}

static void check_diags(const struct gk_diag *d, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		char buf[400];
		CHECK(memchr(d[i].message, 0, sizeof d[i].message) != NULL);
		CHECK(d[i].severity == GK_ERROR || d[i].severity == GK_WARNING);
		size_t k = gk_diag_format(&d[i], buf, sizeof buf);
		CHECK(k < sizeof buf && buf[k] == 0);
	}
}

static bool make_params(struct cur *c, unsigned src, bool big, struct gk_tile_params *p)
{
	static const char *const chips[] = { "tahiti", "verde", "bonaire", "hawaii", "tonga",
					     "polaris11", "fiji", "iceland", "cayman", "" };
	gk_tile_params_init(p);
	if (src < 2) {
		raw_params(c, big, p);
		return true;
	}
	static const unsigned bpps[5] = { 8, 16, 32, 64, 128 };
	uint8_t v = u8(c);
	p->bpp = v & 0x80 ? v & 0x7f : bpps[v % 5];
	p->width = big ? u32(c) : 1 + u8(c) % 96;
	p->height = big ? u32(c) : 1 + u8(c) % 96;
	p->slices = big ? u32(c) : 1 + u8(c) % 3;
	if (src == 2) {
		struct gk_diag err;
		memset(&err, 0, sizeof err);
		const char *chip = chips[u8(c) % (sizeof chips / sizeof chips[0])];
		int rc = gk_tile_params_from_chip(p, chip, u8(c) % 40, &err);
		if (rc != 0) {
			CHECK(rc == -1);
			check_diags(&err, 1);
			return false;
		}
		return true;
	}
	struct gk_tile_mod_fields f;
	f.tile = u8(c) % 8;
	f.microtile = u8(c) % 4;
	f.pipe_config = u8(c) % 32;
	f.tile_split = u8(c) % 8;
	f.bank_width = u8(c) % 4;
	f.bank_height = u8(c) % 4;
	f.macro_tile_aspect = u8(c) % 4;
	f.num_banks = u8(c) % 4;
	struct gk_diag d[GK_TILE_MAX_DIAGS];
	unsigned max = u8(c) % (GK_TILE_MAX_DIAGS + 1), nd = 0;
	int rc = gk_tile_params_from_modifier(p, &f, d, max, &nd);
	CHECK(rc == 0 || rc == -1);
	CHECK(nd <= max);                   /* the diagnostics stored */
	CHECK(rc == 0 || nd > 0 || max == 0); /* -1 says why; warnings may come with 0 */
	check_diags(d, nd);
	for (unsigned i = 0; rc == 0 && i < nd; i++)
		CHECK(d[i].severity == GK_WARNING);
	return rc == 0;
}

/* snprintf-style: the full length whatever the buffer; a cut copy is a
 * terminated prefix of the whole. */
static void info_out(const struct gk_tile_surface *s, size_t (*fn)(const struct gk_tile_surface *, char *, size_t),
		     size_t cut, bool json)
{
	static char full[8192], part[8192];
	size_t n = fn(s, full, sizeof full - 1);
	CHECK(n < sizeof full - 1);
	CHECK(full[n] == 0 && strlen(full) == n);
	if (json) /* one object on one newline-terminated line */
		CHECK(json_line_ok(full, n));
	cut %= n + 2;
	memset(part, 0x55, cut + 1);
	CHECK(fn(s, cut ? part : NULL, cut) == n);
	if (cut) {
		size_t k = strlen(part);
		CHECK(k == (cut - 1 < n ? cut - 1 : n));
		CHECK(memcmp(part, full, k) == 0);
	}
	CHECK(part[cut] == 0x55 || !cut); /* nothing past the buffer */
}

/* ---- (b) (c) addresses and ranges ---- */

static bool inside(const struct gk_tile_surface *s, uint64_t x, uint64_t y, uint64_t z)
{
	return x < s->pitch && y < s->padded_height && z < s->padded_slices;
}

/* P4_32x32 (7), P8_16x16_8x16 (8), P8_32x64_32x32 (14): addrlib's layout
 * gives several elements one address (../shared/reference/tiling/README.md,
 * "Check against the vectors"), so a pack cannot keep every element. */
static bool aliasing(const struct gk_tile_surface *s)
{
	int pc = s->p.pipe_config;
	return s->p.mode == GK_TILE_2D && (pc == 7 || pc == 8 || pc == 14);
}

static int addr_of(const struct gk_tile_surface *s, uint32_t x, uint32_t y, uint32_t z, uint64_t *a)
{
	int rc = gk_tile_addr(s, x, y, z, a);
	CHECK(rc == 0 || rc == -1);
	CHECK((rc == 0) == inside(s, x, y, z));
	if (rc)
		return rc;
	CHECK(*a + s->elem_bytes <= s->surface_bytes);
	CHECK(*a % s->elem_bytes == 0);
	struct gk_tile_loc loc;
	CHECK(gk_tile_locate(s, x, y, z, &loc) == 0);
	CHECK(loc.byte_addr == *a);
	CHECK(loc.micro_index < 64);
	if (s->p.mode == GK_TILE_2D) {
		CHECK(loc.pipe < s->pipes && loc.bank < s->p.num_banks);
		CHECK(loc.piece < s->pieces);
	}
	return 0;
}

static uint32_t coord(struct cur *c, uint32_t lim)
{
	uint8_t v = u8(c);
	if (v >= 0xf0)
		return u32(c);                /* anywhere, mostly far outside */
	return lim ? (uint32_t)(u16(c) % (lim + 2u)) : 0; /* around the padded size */
}

static void addresses(struct cur *c, const struct gk_tile_surface *s)
{
	for (unsigned k = 0; k < 4; k++) {
		uint32_t x = coord(c, s->pitch), y = coord(c, s->padded_height), z = coord(c, s->padded_slices);
		uint32_t x2 = coord(c, s->pitch), y2 = coord(c, s->padded_height), z2 = coord(c, s->padded_slices);
		uint64_t a, b;
		CHECK(gk_tile_locate(s, x, y, z, &(struct gk_tile_loc){ 0 }) == (inside(s, x, y, z) ? 0 : -1));
		if (addr_of(s, x, y, z, &a) == 0 && addr_of(s, x2, y2, z2, &b) == 0 && (x != x2 || y != y2 || z != z2) &&
		    !aliasing(s))
			CHECK(a + s->elem_bytes <= b || b + s->elem_bytes <= a);
	}
	for (unsigned k = 0; k < 2; k++) {
		uint32_t x = coord(c, s->pitch), y = coord(c, s->padded_height), z = coord(c, s->padded_slices);
		uint32_t w = coord(c, s->pitch), h = coord(c, s->padded_height), d = coord(c, s->padded_slices);
		uint64_t lo = 0, hi = 0;
		int rc = gk_tile_range(s, x, y, z, w, h, d, &lo, &hi);
		bool ok = w && h && d && (uint64_t)x + w <= s->pitch && (uint64_t)y + h <= s->padded_height &&
			  (uint64_t)z + d <= s->padded_slices;
		CHECK(rc == (ok ? 0 : -1));
		if (rc)
			continue;
		CHECK(lo < hi && hi <= s->surface_bytes);
		for (unsigned corner = 0; corner < 8; corner++) {
			uint64_t a;
			CHECK(addr_of(s, corner & 1 ? x + w - 1 : x, corner & 2 ? y + h - 1 : y,
				      corner & 4 ? z + d - 1 : z, &a) == 0);
			CHECK(a >= lo && a + s->elem_bytes <= hi);
		}
	}
}

/* ---- (d) tiling and detiling ---- */

static uint8_t *lin, *back, *tiled, *band_buf, *tiled_back;
static uint32_t *owner; /* per element slot of the tiled surface */
static uint8_t *hits;    /* elements addressed to that slot */

static void images(struct cur *c, const struct gk_tile_surface *s)
{
	size_t nl = gk_tile_linear_bytes(s);
	if (!nl || nl > MAX_LINEAR || s->surface_bytes > MAX_SURFACE)
		return;
	const unsigned E = s->elem_bytes;
	const uint32_t W = s->p.width, H = s->p.height, D = s->p.slices;
	CHECK((uint64_t)W * H * D * E == nl);
	/* the image: input bytes over and over (or a counter when there are none) */
	size_t left = c->n - c->i;
	for (size_t k = 0; k < nl; k++)
		lin[k] = left ? c->p[c->i + k % left] : (uint8_t)(k * 7 + k / 251);
	memset(tiled, 0x5a, (size_t)s->surface_bytes);
	gk_tile_pack(s, lin, tiled);
	uint64_t ne = (uint64_t)W * H * D;
	if (aliasing(s)) {
		/* several elements share an address: model the documented winner.
		 * Pack order is micro tile by micro tile (row-major), then row and
		 * column inside it; an image element beats padding and earlier image
		 * elements.  owner[a / E] = image element + 1, 0: padding (zeros). */
		uint64_t shared = 0;
		memset(owner, 0, (size_t)(s->surface_bytes / E) * sizeof *owner);
		memset(hits, 0, (size_t)(s->surface_bytes / E));
		for (uint32_t z = 0; z < s->padded_slices; z++)
			for (uint32_t my = 0; my < s->padded_height / 8; my++)
				for (uint32_t mx = 0; mx < s->pitch / 8; mx++)
					for (uint32_t q = 0; q < 64; q++) {
						uint32_t x = mx * 8 + q % 8, y = my * 8 + q / 8;
						uint64_t a;
						CHECK(addr_of(s, x, y, z, &a) == 0);
						shared += hits[a / E]++ != 0;
						if (x < W && y < H && z < D)
							owner[a / E] = (uint32_t)(((uint64_t)z * H + y) * W + x + 1);
					}
		CHECK(shared > 0); /* the README: 25-50 % of the elements alias */
		for (uint64_t a = 0; a < s->surface_bytes / E; a++) {
			if (!hits[a])
				continue; /* no element here */
			if (owner[a])
				CHECK(memcmp(tiled + a * E, lin + (uint64_t)(owner[a] - 1) * E, E) == 0);
			else
				for (unsigned b = 0; b < E; b++)
					CHECK(tiled[a * E + b] == 0);
		}
	} else {
		/* every element where gk_tile_addr says (all of them, or an even
		 * sample of 512: with 4096, two address computations each, this
		 * check was a quarter of the target's time) */
		uint64_t step = ne > 512 ? ne / 512 + 1 : 1;
		for (uint64_t e = 0; e < ne; e += step) {
			uint32_t x = (uint32_t)(e % W), y = (uint32_t)(e / W % H), z = (uint32_t)(e / W / H);
			uint64_t a;
			CHECK(addr_of(s, x, y, z, &a) == 0);
			CHECK(memcmp(tiled + a, lin + e * E, E) == 0);
		}
	}
	/* unpack reads every element from its address: the image itself when
	 * the layout is one-to-one */
	memset(back, 0xa5, nl);
	gk_tile_unpack(s, tiled, back);
	memcpy(tiled_back, back, nl);
	if (aliasing(s)) {
		for (uint64_t e = 0; e < ne; e++) {
			uint64_t a;
			CHECK(addr_of(s, (uint32_t)(e % W), (uint32_t)(e / W % H), (uint32_t)(e / W / H), &a) == 0);
			CHECK(memcmp(back + e * E, tiled + a, E) == 0);
		}
	} else {
		CHECK(memcmp(back, lin, nl) == 0);
	}

	/* bands: the same bytes as the whole pack, and back to the same rows */
	uint32_t nb = gk_tile_band_count(s);
	uint64_t bb = gk_tile_band_bytes(s);
	CHECK(nb >= 1 && bb >= 1 && bb <= s->surface_bytes);
	size_t stride = (size_t)W * E;
	struct gk_tile_band band;
	CHECK(gk_tile_band(s, D, 0, &band) == -1 || D < s->padded_slices);
	CHECK(gk_tile_band(s, 0, nb, &band) == -1);
	uint32_t z = D > 1 ? u8(c) % D : 0;
	/* the first band, the last (a short surface's is shorter) and one the
	 * input picks: every band of every input repeated the whole pack and
	 * unpack twice more */
	uint32_t pick[3] = { 0, nb - 1, u16(c) % nb };
	for (unsigned k = 0; k < 3; k++) {
		uint32_t b = pick[k];
		CHECK(gk_tile_band(s, z, b, &band) == 0);
		CHECK(band.z == z && band.rows >= 1 && band.nranges >= 1 && band.nranges <= GK_TILE_MAX_PIECES);
		CHECK((uint64_t)band.nranges * band.range_len <= bb); /* the last band of a short surface is shorter */
		const uint8_t *row = band.y0 < H ? lin + ((size_t)z * H + band.y0) * stride : lin;
		memset(band_buf, 0xc3, (size_t)bb);
		gk_tile_pack_band(s, &band, row, stride, band_buf);
		for (unsigned r = 0; r < band.nranges; r++) {
			CHECK(band.range_off[r] + band.range_len <= s->surface_bytes);
			CHECK(memcmp(band_buf + r * band.range_len, tiled + band.range_off[r], (size_t)band.range_len) == 0);
		}
		if (band.y0 < H) {
			uint32_t rows = H - band.y0 < band.rows ? H - band.y0 : band.rows;
			memset(back, 0xa5, (size_t)rows * stride);
			gk_tile_unpack_band(s, &band, band_buf, back, stride);
			if (!aliasing(s))
				CHECK(memcmp(back, row, (size_t)rows * stride) == 0);
			else /* the same as the whole unpack */
				CHECK(memcmp(back, tiled_back + ((size_t)z * H + band.y0) * stride, (size_t)rows * stride) == 0);
		}
	}
}

/* ---- (e) PNG ---- */

struct sink {
	uint8_t *p;
	size_t len, cap, fail_at; /* a write that would pass fail_at fails */
	bool failed;              /* a write failed; no write may follow */
};

static int sink_write(void *ctx, const void *p, size_t n)
{
	struct sink *s = ctx;
	CHECK(!s->failed);
	CHECK(n > 0 && p != NULL);
	if (s->len + n > s->fail_at || s->len + n > s->cap) {
		s->failed = true;
		return -1;
	}
	memcpy(s->p + s->len, p, n);
	s->len += n;
	return 0;
}

/* The PNG must be width x height RGB whose rows are rgb (3 * width bytes
 * each, rows one after another), by the independent oracle of
 * tests/png_oracle.h (chunk CRCs, inflate, Adler-32, filters undone). */
static void png_valid(const uint8_t *png, size_t n, uint32_t width, uint32_t height, const uint8_t *rgb)
{
	static uint8_t z[MAX_PICTURE * 4], idat[MAX_PICTURE * 4];
	uint32_t w, h;
	const uint8_t *img;
	struct po_stats st;
	const char *why;
	CHECK(po_png(png, n, z, sizeof z, idat, sizeof idat, &w, &h, &img, &st, &why) == 0);
	CHECK(w == width && h == height && st.ntext == 0);
	CHECK(memcmp(img, rgb, 3 * (size_t)width * height) == 0);
}

/* Write rows through gk_png_*: the full PNG must be valid, and stopping
 * early an error; with again, written once more into a sink that fails
 * after fail_at bytes: some call reports -1 and nothing is written after
 * the failure. */
static void png_write(uint32_t width, uint32_t height, const uint8_t *rgb, size_t fail_at, bool again)
{
	static uint8_t out[MAX_PICTURE * 4];
	struct sink sk = { out, 0, sizeof out, (size_t)-1, false };
	static struct gk_png png; /* 320 KiB: not on the stack */
	CHECK(gk_png_begin(&png, width, height, sink_write, &sk) == 0);
	for (uint32_t y = 0; y < height; y++)
		CHECK(gk_png_row(&png, rgb + (size_t)y * 3 * width) == 0);
	CHECK(gk_png_row(&png, rgb) == -1); /* one row too many */
	CHECK(gk_png_end(&png) == 0);
	png_valid(out, sk.len, width, height, rgb);
	size_t full = sk.len;

	/* stopping early is an error, not a short image */
	if (height > 1) {
		struct sink sk2 = { out, 0, sizeof out, (size_t)-1, false };
		CHECK(gk_png_begin(&png, width, height, sink_write, &sk2) == 0);
		CHECK(gk_png_row(&png, rgb) == 0);
		CHECK(gk_png_end(&png) == -1);
	}
	if (!again)
		return;

	struct sink bad = { out, 0, sizeof out, fail_at % (full + 1), false };
	int rc = gk_png_begin(&png, width, height, sink_write, &bad);
	for (uint32_t y = 0; y < height; y++)
		rc |= gk_png_row(&png, rgb + (size_t)y * 3 * width);
	rc |= gk_png_end(&png);
	CHECK(bad.failed == (bad.fail_at < full));
	CHECK((rc != 0) == bad.failed);
}

static void pngs(struct cur *c, const struct gk_tile_surface *s, bool map, bool picture, bool again)
{
	static uint8_t rgb[MAX_PNG_ELEMS * 3];
	/* the map of slice 0 */
	if (s && map && !picture && (uint64_t)s->pitch * s->padded_height <= MAX_PNG_ELEMS) {
		enum gk_tile_map_by by = (enum gk_tile_map_by)(u8(c) % 4);
		for (uint32_t y = 0; y < s->padded_height; y++)
			gk_tile_map_row(s, by, y, 0, rgb + (size_t)y * 3 * s->pitch);
		png_write(s->pitch, s->padded_height, rgb, u16(c), again);
	}
	/* the picture with its legend: the map's rows at the top left, the
	 * legend below; small ones as a PNG, of others the legend rows only;
	 * the legend text terminated and sized like snprintf */
	if (s && map && picture) {
		static uint8_t pic[MAX_PICTURE * 3], maprow[(GK_TILE_MAX_DIM + 64) * 3];
		enum gk_tile_map_by by = (enum gk_tile_map_by)(u8(c) % 4);
		uint32_t z = s->padded_slices ? u8(c) % s->padded_slices : 0, w = 0, h = 0;
		CHECK(gk_tile_picture_size(s, by, z, &w, &h) == 0);
		/* the legend's letters grow with the map (scale pitch / 512, 1 to 8):
		 * its band is at most 50 rows a scale step (a pitch-4096 surface's
		 * is 400; 64 a step is the bound, whatever the surface's height) */
		uint32_t scale = s->pitch / 512 < 1 ? 1 : s->pitch / 512 > 8 ? 8 : s->pitch / 512;
		CHECK(w >= s->pitch && h > s->padded_height && h - s->padded_height <= 64 * scale);
		if ((uint64_t)w * h <= MAX_PICTURE_ROWS) {
			for (uint32_t y = 0; y < h; y++)
				gk_tile_picture_row(s, by, z, y, pic + (size_t)y * 3 * w);
			for (uint32_t y = 0; y < s->padded_height && s->pitch <= GK_TILE_MAX_DIM + 64; y++) {
				gk_tile_map_row(s, by, y, z, maprow);
				CHECK(memcmp(pic + (size_t)y * 3 * w, maprow, 3 * (size_t)s->pitch) == 0);
			}
			uint16_t fail_at = (uint16_t)u16(c);
			if ((uint64_t)w * h <= MAX_PICTURE_PNG)
				png_write(w, h, pic, fail_at, again);
		} else if ((uint64_t)w * 3 <= sizeof pic) {
			for (uint32_t y = s->padded_height; y < h; y++)
				gk_tile_picture_row(s, by, z, y, pic);
		}
		char t[600];
		size_t cap = u16(c) % (sizeof t + 1);
		size_t n = gk_tile_map_legend(s, by, z, cap ? t : NULL, cap);
		CHECK(n > 0 && n < sizeof t);
		if (cap)
			CHECK(strlen(t) == (n < cap ? n : cap - 1));
	}
	static struct gk_png png; /* 320 KiB: not on the stack */
	/* a huge width: begin refuses exactly the widths above PNG's 2^31 - 1,
	 * and writes nothing then; no row is written (it would take gigabytes) */
	uint32_t hw = GK_PNG_MAX_WIDTH - 0x8000u + u16(c);
	struct sink hs = { rgb, 0, 64, (size_t)-1, false };
	int hr = gk_png_begin(&png, hw, 1, sink_write, &hs);
	CHECK(hr == (hw <= 0x7fffffffu ? 0 : -1));
	CHECK(hr == 0 ? png.error == NULL && hs.len > 0 : png.error != NULL && hs.len == 0);
	/* a tiny image straight from the input */
	uint32_t w = u8(c) % 24, h = u8(c) % 24;
	struct sink sk = { rgb, 0, 0, 0, false };
	if (!w || !h) {
		CHECK(gk_png_begin(&png, w, h, sink_write, &sk) == -1);
		CHECK(gk_png_row(&png, rgb) == -1 && gk_png_end(&png) == -1);
		return;
	}
	for (size_t k = 0; k < 3 * (size_t)w * h; k++)
		rgb[k] = u8(c);
	png_write(w, h, rgb, u16(c), true);
}

/* ---- (f) names ---- */

static void names(struct cur *c)
{
	int pc = (int)(int8_t)u8(c);
	const char *name = gk_tile_pipe_config_name(pc);
	if (name)
		CHECK(gk_tile_pipe_config_parse(name) == pc);
	char text[24];
	size_t k = u8(c) % sizeof text;
	for (size_t i = 0; i < k; i++)
		text[i] = (char)u8(c);
	text[k] = 0;
	int v = gk_tile_pipe_config_parse(text);
	CHECK(v >= -1);
	if (v >= 0)
		CHECK(gk_tile_pipe_config_name(v) != NULL);
	name = gk_tile_mode_name(u8(c));
	CHECK(!name || *name);
	CHECK(gk_tile_chip_help() != NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n)
{
	if (!lin) { /* once per process */
		lin = malloc(MAX_LINEAR);
		back = malloc(MAX_LINEAR);
		tiled = malloc(MAX_SURFACE);
		band_buf = malloc(MAX_SURFACE);
		tiled_back = malloc(MAX_LINEAR);
		owner = malloc(MAX_SURFACE * sizeof *owner);
		hits = malloc(MAX_SURFACE);
		CHECK(lin && back && tiled && band_buf && tiled_back && owner && hits);
	}
	if (n < 1)
		return 0;
	struct cur c = { p + 1, n - 1, 0 };
	unsigned src = p[0] & 3;
	bool big = p[0] & 4, map = p[0] & 8, picture = p[0] & 16, again = p[0] & 32;
	names(&c);

	struct gk_tile_params prm;
	static struct gk_tile_surface s;
	if (!make_params(&c, src, big, &prm)) {
		pngs(&c, NULL, false, false, true);
		return 0;
	}
	int rc = gk_tile_surface_init(&s, &prm);
	CHECK(rc == 0 || rc == -1);
	CHECK(s.ndiags <= GK_TILE_MAX_DIAGS);
	check_diags(s.diags, s.ndiags);
	CHECK((rc == 0) == (s.errors == 0));
	if (rc) {
		pngs(&c, NULL, false, false, true);
		return 0;
	}
	/* the padded surface holds the image, every element in its own bytes */
	CHECK(s.elem_bytes == s.p.bpp / 8 && s.elem_bytes >= 1 && s.elem_bytes <= 16);
	CHECK(s.pitch >= s.p.width && s.padded_height >= s.p.height && s.padded_slices >= s.p.slices);
	CHECK((uint64_t)s.pitch * s.padded_height * s.elem_bytes * s.padded_slices <= s.surface_bytes);
	info_out(&s, gk_tile_info_json, u16(&c), true);
	info_out(&s, gk_tile_info_text, u16(&c), false);
	(void)gk_tile_amdgpu_flags(&s);

	addresses(&c, &s);
	images(&c, &s);
	pngs(&c, &s, map, picture, again);
	return 0;
}

FUZZ_HARNESS_END
