/* A PNG writer without a compressor (8-bit RGB; the zlib stream is made of
 * stored deflate blocks, which every decoder reads), CRC-32 and Adler-32, and
 * the colours of `gfxkit tile map`. */
#include "gfxkit/tiling.h"

#include <string.h>

uint32_t gk_crc32(uint32_t crc, const void *p, size_t n)
{
	/* reflected polynomial 0xedb88320, four bits at a time */
	static const uint32_t t[16] = {
		0x00000000, 0x1db71064, 0x3b6e20c8, 0x26d930ac, 0x76dc4190, 0x6b6b51f4, 0x4db26158, 0x5005713c,
		0xedb88320, 0xf00f9344, 0xd6d6a3e8, 0xcb61b38c, 0x9b64c2b0, 0x86d3d2d4, 0xa00ae278, 0xbdbdf21c,
	};
	const uint8_t *b = p;
	if (!b)
		return crc; /* no bytes */
	crc = ~crc;
	for (size_t i = 0; i < n; i++) {
		crc ^= b[i];
		crc = (crc >> 4) ^ t[crc & 15];
		crc = (crc >> 4) ^ t[crc & 15];
	}
	return ~crc;
}

uint32_t gk_adler32(uint32_t adler, const void *p, size_t n)
{
	const uint8_t *b = p;
	if (!b)
		return adler; /* no bytes */
	uint32_t a = adler & 0xffff, s = adler >> 16;
	while (n) {
		size_t k = n < 5552 ? n : 5552; /* the largest run that cannot overflow 32 bits */
		n -= k;
		while (k--) {
			a += *b++;
			s += a;
		}
		a %= 65521;
		s %= 65521;
	}
	return (s << 16) | a;
}

static void be32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static int emit(struct gk_png *png, const void *p, size_t n, uint32_t *crc)
{
	if (png->failed)
		return -1;
	if (crc)
		*crc = gk_crc32(*crc, p, n);
	if (n && png->write(png->ctx, p, n)) {
		png->failed = 1;
		png->error = "the write function failed";
		return -1;
	}
	return 0;
}

/* one chunk from up to three pieces */
static int chunk(struct gk_png *png, const char *type, const void *a, size_t na, const void *b, size_t nb,
		 const void *c, size_t nc)
{
	uint8_t hdr[8], tail[4];
	uint32_t crc = 0;
	be32(hdr, (uint32_t)(na + nb + nc));
	memcpy(hdr + 4, type, 4);
	emit(png, hdr, 4, NULL);
	emit(png, hdr + 4, 4, &crc);
	emit(png, a, na, &crc);
	emit(png, b, nb, &crc);
	emit(png, c, nc, &crc);
	be32(tail, crc);
	return emit(png, tail, 4, NULL);
}

/* Bytes of the IDAT chunk of one row: the filter byte and 3 * width bytes
 * cut into stored deflate blocks of at most 65535 bytes, 5 header bytes
 * each (RFC 1951 section 3.2.4).  PNG (ISO/IEC 15948, section 5.3 "Chunk
 * layout") caps a chunk's length at 2^31 - 1, which is what limits the width
 * to GK_PNG_MAX_WIDTH, a little below (2^31 - 1) / 3. */
static uint64_t row_chunk_bytes(uint32_t width)
{
	uint64_t total = 1 + 3ull * width;
	return total + 5 * ((total + 65534) / 65535);
}

int gk_png_begin(struct gk_png *png, uint32_t width, uint32_t height,
		 int (*write)(void *ctx, const void *p, size_t n), void *ctx)
{
	if (!png)
		return -1;
	memset(png, 0, sizeof *png);
	png->write = write;
	png->ctx = ctx;
	png->width = width;
	png->height = height;
	png->adler = 1;
	png->error = !write ? "no write function"
		     : !width || !height ? "an image needs at least one pixel and one row"
		     : row_chunk_bytes(width) > 0x7fffffffu
			     ? "width above GK_PNG_MAX_WIDTH: one row's IDAT chunk would pass PNG's 2^31 - 1 byte chunk limit"
		     : height > 0x7fffffffu ? "height above PNG's 2^31 - 1 rows"
					    : NULL;
	if (png->error) {
		png->failed = 1;
		return -1;
	}
	static const uint8_t sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	uint8_t ihdr[13];
	be32(ihdr, width);
	be32(ihdr + 4, height);
	ihdr[8] = 8;  /* bit depth */
	ihdr[9] = 2;  /* RGB */
	ihdr[10] = 0; /* deflate */
	ihdr[11] = 0; /* adaptive filtering (every row uses filter 0) */
	ihdr[12] = 0; /* no interlace */
	static const uint8_t zhdr[2] = { 0x78, 0x01 }; /* deflate, 32 KiB window, check bits */
	emit(png, sig, 8, NULL);
	chunk(png, "IHDR", ihdr, 13, NULL, 0, NULL, 0);
	return chunk(png, "IDAT", zhdr, 2, NULL, 0, NULL, 0);
}

/* One row = filter byte 0 + 3 * width bytes, as stored blocks of at most
 * 65535 bytes, all in one IDAT chunk. */
int gk_png_row(struct gk_png *png, const uint8_t *rgb)
{
	if (!png || !png->write || png->failed)
		return -1;
	if (!rgb || png->rows_done >= png->height || row_chunk_bytes(png->width) > 0x7fffffffu) {
		png->error = !rgb ? "no row given" : png->rows_done >= png->height ? "more rows than the height"
									    : "width above GK_PNG_MAX_WIDTH";
		return -1;
	}
	uint64_t total = 1 + 3ull * png->width;
	uint64_t nblocks = (total + 65534) / 65535;
	uint8_t hdr[8];
	uint32_t crc = 0;
	be32(hdr, (uint32_t)row_chunk_bytes(png->width));
	memcpy(hdr + 4, "IDAT", 4);
	emit(png, hdr, 4, NULL);
	emit(png, hdr + 4, 4, &crc);
	static const uint8_t filter = 0;
	uint64_t done = 0; /* bytes of the row data (filter byte included) written */
	for (uint64_t b = 0; b < nblocks; b++) {
		uint32_t len = (uint32_t)(total - done < 65535 ? total - done : 65535);
		uint8_t bh[5] = { 0, (uint8_t)len, (uint8_t)(len >> 8), (uint8_t)~len, (uint8_t)(~len >> 8) };
		emit(png, bh, 5, &crc);
		uint32_t left = len;
		if (done == 0) {
			emit(png, &filter, 1, &crc);
			png->adler = gk_adler32(png->adler, &filter, 1);
			left--;
			done++;
		}
		const uint8_t *src = rgb + (done - 1);
		emit(png, src, left, &crc);
		png->adler = gk_adler32(png->adler, src, left);
		done += left;
	}
	uint8_t tail[4];
	be32(tail, crc);
	emit(png, tail, 4, NULL);
	png->rows_done++;
	return png->failed ? -1 : 0;
}

int gk_png_end(struct gk_png *png)
{
	if (!png || !png->write || png->failed)
		return -1;
	if (png->rows_done != png->height) {
		png->error = "fewer rows than the height";
		return -1;
	}
	/* the final block: stored, empty; then the Adler-32 of the image data */
	static const uint8_t last[5] = { 1, 0, 0, 0xff, 0xff };
	uint8_t ad[4];
	be32(ad, png->adler);
	chunk(png, "IDAT", last, 5, ad, 4, NULL, 0);
	return chunk(png, "IEND", NULL, 0, NULL, 0, NULL, 0);
}

/* ---- map colours -------------------------------------------------------- */

/* 16 colours far apart (pipes and banks) */
static const uint8_t palette[16][3] = {
	{ 230, 25, 75 },  { 60, 180, 75 },   { 255, 225, 25 }, { 0, 130, 200 },  { 245, 130, 48 }, { 145, 30, 180 },
	{ 70, 240, 240 }, { 240, 50, 230 },  { 210, 245, 60 }, { 250, 190, 212 }, { 0, 128, 128 }, { 220, 190, 255 },
	{ 170, 110, 40 }, { 255, 250, 200 }, { 128, 0, 0 },    { 170, 255, 195 },
};

/* t in [0, 1024): blue -> cyan -> green -> yellow -> red */
static void ramp(unsigned t, uint8_t *o)
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
			ramp(loc.micro_index * 16, o);
			if (((x / 8) ^ (y / 8)) & 1)
				for (int c = 0; c < 3; c++)
					o[c] = (uint8_t)(o[c] * 3 / 4);
			break;
		default: {
			uint64_t in_slice = loc.byte_addr - (uint64_t)z * s->slice_bytes;
			ramp((unsigned)(in_slice * 1024 / (s->slice_bytes ? s->slice_bytes : 1)), o);
			break;
		}
		}
		if (x >= s->p.width || y >= s->p.height) /* padding: dimmed */
			for (int c = 0; c < 3; c++)
				o[c] = (uint8_t)(o[c] / 3);
	}
}
