/* GFX6-8 tiled surfaces, bit-exact with addrlib: padded sizes and alignments,
 * element byte addresses, tiling and detiling of images, pictures of the
 * layout (../shared/reference/tiling/README.md; seed 004 for the modifier
 * fields).  LINEAR_ALIGNED, 1D_TILED_THIN1, 2D_TILED_THIN1; micro tile modes
 * DISPLAY and THIN; 8-128 bpp; one sample, mip level 0, arrays.
 * Evergreen/Cayman (r800 pipe function) is not covered.
 *
 * Pure functions: nothing allocates, nothing prints; the caller owns memory.
 * NULL pointers: functions returning int give -1, sizes and counts give 0,
 * void functions do nothing, names give NULL; a surface that
 * gk_tile_surface_init did not fill (pitch 0) has no elements. */
#ifndef GFXKIT_TILING_H
#define GFXKIT_TILING_H

#include <stddef.h>
#include <stdint.h>

#include "gfxkit/diag.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ARRAY_MODE values (GB_TILE_MODE / AMDGPU_TILING ARRAY_MODE / modifier TILE) */
enum gk_tile_mode {
	GK_TILE_LINEAR = 1, /* LINEAR_ALIGNED */
	GK_TILE_1D = 2,     /* 1D_TILED_THIN1 */
	GK_TILE_2D = 4,     /* 2D_TILED_THIN1 */
};
/* micro tile mode values (modifier MICROTILE, GB_TILE_MODE micro tile mode) */
enum gk_tile_micro {
	GK_MICRO_DISPLAY = 0,
	GK_MICRO_THIN = 1,
};

#define GK_TILE_MAX_DIM 16384u    /* width and height: GFX6-8's largest 2D image */
#define GK_TILE_MAX_SLICES 2048u  /* array slices */
#define GK_TILE_MAX_DIAGS 8
#define GK_TILE_MAX_PIECES 16     /* tile-split pieces of one micro tile: 1024 B / 64 B */

/* What a surface is asked to be.  gk_tile_params_init gives the defaults
 * (thin, 1 slice, swizzles 0, no pipe config); 2D needs every macro field. */
struct gk_tile_params {
	unsigned mode;          /* enum gk_tile_mode; 0: not given */
	unsigned micro;         /* enum gk_tile_micro; only 1D and 2D use it */
	unsigned bpp;           /* 8, 16, 32, 64 or 128 */
	uint32_t width, height, slices;
	/* 2D only */
	int pipe_config;        /* PIPE_CONFIG hardware enum (P2 = 0 ... P16_32x32_16x16 = 17); -1: not given */
	unsigned tile_split;    /* bytes: 64, 128, ... 4096 */
	unsigned bank_width;    /* 1, 2, 4, 8 */
	unsigned bank_height;   /* 1, 2, 4, 8 */
	unsigned macro_aspect;  /* 1, 2, 4, 8 (addrlib's macroAspectRatio), at most num_banks */
	unsigned num_banks;     /* 2, 4, 8, 16 */
	uint32_t pipe_swizzle, bank_swizzle; /* taken modulo pipes / banks */
	unsigned row_size;      /* DRAM row bytes (GB_ADDR_CONFIG.ROW_SIZE); 0: 4096; the tile split may not exceed it */
};

/* A computed surface: addrlib's numbers plus what the address path needs.
 * p holds the parameters after addrlib's adjustments. */
struct gk_tile_surface {
	struct gk_tile_params p;
	uint32_t pitch, padded_height, padded_slices;  /* elements */
	uint64_t surface_bytes, slice_bytes;
	uint32_t base_align;                           /* bytes */
	uint32_t pitch_align, height_align;            /* elements */
	uint32_t macro_tile_width, macro_tile_height;  /* elements (2D), else 0 */
	/* derived */
	unsigned elem_bytes;      /* E = bpp / 8 */
	unsigned pipes;           /* P (2D) */
	unsigned piece_bytes;     /* T' = min(64 E, tile split) (2D), 64 E otherwise */
	unsigned pieces;          /* n = 64 E / T' */
	uint64_t piece_plane;     /* SB: bytes of one tile-split piece plane in one pipe+bank channel */
	uint32_t macro_per_row;   /* R = pitch / MTW */
	uint32_t channel_macro;   /* MTB = T' BW BH */
	/* lookup tables derived from the equation tables at init, so that the
	 * address path neither allocates nor walks the equations */
	uint8_t micro_lut[64];    /* element index i by (y & 7) * 8 + (x & 7) */
	uint8_t pipe_lut[256];    /* pipe before the swizzle by ((y >> 3) & 15) * 16 + ((x >> 3) & 15) */
	uint8_t bank_lut[256];    /* raw bank by (Y & 15) * 16 + (X & 15) */
	uint8_t sh_piece, sh_mtw, sh_mth, sh_bankx, sh_banky, sh_pipes;
	/* diagnostics of gk_tile_surface_init: warnings (addrlib's adjustments) and errors */
	unsigned ndiags, errors;
	struct gk_diag diags[GK_TILE_MAX_DIAGS];
};

void gk_tile_params_init(struct gk_tile_params *p);
/* gk_tile_params_init, then a surface that needs no 2D parameters: mode
 * (GK_TILE_LINEAR... or GK_TILE_1D, thin micro tiles), bpp, width x height x
 * slices. */
void gk_tile_params_simple(struct gk_tile_params *p, unsigned mode, unsigned bpp, uint32_t width, uint32_t height,
			   uint32_t slices);

/* Validate p and compute the surface.  Returns 0 (perhaps with warnings in
 * s->diags) or -1 when p is invalid or NULL (errors in s->diags, naming the field).
 * Diagnostics have packet "tile", field the parameter name, dw -1. */
int gk_tile_surface_init(struct gk_tile_surface *s, const struct gk_tile_params *p);

/* Where one element lands. */
struct gk_tile_loc {
	uint64_t byte_addr;       /* offset from the (base_align-aligned) surface base */
	unsigned pipe, bank;      /* 2D; 0 otherwise */
	unsigned micro_index;     /* i: element index inside its 8x8 micro tile (0 for linear) */
	unsigned piece;           /* tile-split piece k (2D) */
};

/* Byte address of element (x, y) of slice z; -1 when outside the padded
 * surface (pitch x padded_height x padded_slices).  No allocation. */
int gk_tile_addr(const struct gk_tile_surface *s, uint32_t x, uint32_t y, uint32_t z, uint64_t *addr);
int gk_tile_locate(const struct gk_tile_surface *s, uint32_t x, uint32_t y, uint32_t z, struct gk_tile_loc *loc);

/* Tiling and detiling in bands.  A band is a run of padded rows (8 for 1D and
 * linear, one macro-tile row for 2D) of one slice; its elements occupy
 * `nranges` byte ranges of `range_len` bytes each in the tiled surface (one
 * per tile-split piece).  Band b of slice z covers rows [y0, y0 + rows). */
struct gk_tile_band {
	uint32_t z, y0, rows;
	unsigned nranges;
	uint64_t range_len;
	uint64_t range_off[GK_TILE_MAX_PIECES];
};
uint32_t gk_tile_band_count(const struct gk_tile_surface *s);        /* bands per slice */
uint64_t gk_tile_band_bytes(const struct gk_tile_surface *s);        /* nranges * range_len */
int gk_tile_band(const struct gk_tile_surface *s, uint32_t z, uint32_t b, struct gk_tile_band *band);

/* The linear image is width x height elements per slice, rows `stride` bytes
 * apart.  pack: linear rows [band.y0, band.y0 + rows) ∩ [0, height) -> tiled,
 * where tiled holds the band's ranges one after another (gk_tile_band_bytes);
 * every byte of it is written, padding elements as zeros.  `linear` points at
 * row band.y0 of slice band.z (it is not read when band.y0 >= height: rows
 * past the image are padding).  unpack is the inverse (padding is skipped).
 * Only a band gk_tile_band gave for s is moved; any other (a range, row or
 * piece count of the caller's own) moves nothing.
 * Every element goes to gk_tile_addr's bytes and unpack reads it from there.
 * P4_32x32, P8_16x16_8x16 and P8_32x64_32x32 are not one-to-one in addrlib
 * (gk_tile_surface_init warns): elements sharing an address get the image
 * element packed last (micro tiles in row-major order, then row, then
 * column; padding never overwrites image data), and unpack(pack(x)) differs
 * from x at the elements that lost.  Every other layout round-trips. */
void gk_tile_pack_band(const struct gk_tile_surface *s, const struct gk_tile_band *band, const void *linear,
		       size_t stride, void *tiled);
void gk_tile_unpack_band(const struct gk_tile_surface *s, const struct gk_tile_band *band, const void *tiled,
			 void *linear, size_t stride);
/* Whole surfaces in memory: linear is width*E*height*slices bytes (rows
 * packed), tiled is surface_bytes. */
void gk_tile_pack(const struct gk_tile_surface *s, const void *linear, void *tiled);
void gk_tile_unpack(const struct gk_tile_surface *s, const void *tiled, void *linear);
/* Bytes of the linear image (width*height*slices*E); 0 on overflow of size_t. */
size_t gk_tile_linear_bytes(const struct gk_tile_surface *s);

/* Byte range [*lo, *hi) of the tiled surface that a copy of the box
 * (x, y, z, w, h, d) may touch: exact for linear, whole micro-tile rows for
 * 1D, whole slices for 2D (tile-split pieces and bank rotation scatter a
 * slice's elements over all of it).  -1 when the box leaves the padded
 * surface or is empty.  For DMA bounds checks of L2T/T2L copies. */
int gk_tile_range(const struct gk_tile_surface *s, uint32_t x, uint32_t y, uint32_t z, uint32_t w, uint32_t h,
		  uint32_t d, uint64_t *lo, uint64_t *hi);

/* --- parameters from elsewhere --------------------------------------- */

/* Raw GFX6-8 DRM format-modifier field values (seed 004), as the modifier
 * module extracts them: TILE (2 = 1D_TILED_THIN1, 4 = 2D_TILED_THIN1),
 * MICROTILE (0 display, 1 thin), PIPE_CONFIG (hardware enum), TILE_SPLIT
 * (64 << v bytes), BANK_WIDTH and BANK_HEIGHT (1 << v), MACRO_TILE_ASPECT
 * (addrlib aspect 1 << v: the seed's "4:1" for 1 is the width:height ratio,
 * which grows as the square), NUM_BANKS (2 << v). */
struct gk_tile_mod_fields {
	uint64_t tile, microtile, pipe_config, tile_split, bank_width, bank_height, macro_tile_aspect, num_banks;
};
/* Set mode, micro and (2D) the macro parameters of p from modifier fields;
 * bpp, width, height, slices and swizzles are left alone.  Values that mean
 * nothing (TILE 0x5, MICROTILE 3, PIPE_CONFIG 1, TILE_SPLIT 7, an aspect
 * above the bank count, ...) are reported as errors in diags (up to max,
 * count in *ndiags; diags NULL: none kept, ndiags NULL: not told); returns
 * 0 or -1 (also for p or f NULL). */
int gk_tile_params_from_modifier(struct gk_tile_params *p, const struct gk_tile_mod_fields *f,
				 struct gk_diag *diags, unsigned max, unsigned *ndiags);

/* Chips whose tile-mode tables are known (tahiti verde bonaire hawaii tonga
 * polaris11 fiji iceland). */
const char *gk_tile_chip_help(void);
/* Set mode, micro, macro parameters and row_size of p from GB_TILE_MODE[index]
 * of chip, the way addrlib reads the table for a one-sample colour surface:
 * GFX6 takes every field from GB_TILE_MODE; GFX7-8 take the tile split as
 * min(row, max(256, SAMPLE_SPLIT * 8 * bpp)) and the bank fields from
 * GB_MACROTILE_MODE[log2(min(split, 8 * bpp) / 64)].  p->bpp must be set.
 * Entries that are not LINEAR_ALIGNED / 1D_TILED_THIN1 / 2D_TILED_THIN1 with
 * a display or thin micro mode are refused.  Returns 0, or -1 with a message
 * in *err (err may be NULL; p or chip NULL is an error). */
int gk_tile_params_from_chip(struct gk_tile_params *p, const char *chip, unsigned index, struct gk_diag *err);

/* --- names and output --------------------------------------------------- */

const char *gk_tile_pipe_config_name(int pipe_config); /* NULL: no such config */
int gk_tile_pipe_config_parse(const char *name);       /* "P8_32x32_16x16" or a number; -1: unknown */
const char *gk_tile_mode_name(unsigned mode);           /* "LINEAR_ALIGNED" ... or NULL */

/* The surface as the amdgpu winsys' AMDGPU_TILING_* flags for GFX6-8. */
uint64_t gk_tile_amdgpu_flags(const struct gk_tile_surface *s);

/* info as one JSON object (pitch, padded_height, padded_slices,
 * surface_bytes, slice_bytes, base_align, pitch_align, height_align,
 * macro_tile_width, macro_tile_height, diagnostics, then the parameters
 * used).  Returns the length it needed, like snprintf (buf may be NULL when
 * cap is 0).  s NULL: "" and 0. */
size_t gk_tile_info_json(const struct gk_tile_surface *s, char *buf, size_t cap);
/* The same as "key value" lines. */
size_t gk_tile_info_text(const struct gk_tile_surface *s, char *buf, size_t cap);

/* --- pictures ----------------------------------------------------------- */

enum gk_tile_map_by { GK_MAP_PIPE, GK_MAP_BANK, GK_MAP_MICROTILE, GK_MAP_ORDER };
/* RGB of every element of padded row y of slice z (pitch * 3 bytes). */
void gk_tile_map_row(const struct gk_tile_surface *s, enum gk_tile_map_by by, uint32_t y, uint32_t z,
		     uint8_t *rgb);
/* The picture `gfxkit tile map` draws of slice z: the map (pitch x
 * padded_height, as gk_tile_map_row) at the top left and below it a legend
 * saying what the colours mean (a swatch per pipe or bank with its number,
 * or the ramp with its end values; the dimmed padding and the image size),
 * in letters that grow with the map; where the legend is wider than the
 * map, the map's rows are widened with the background colour.  size: -1
 * for s NULL, not initialised, or `by` out of range; row: RGB of picture row
 * y (*width * 3 bytes). */
int gk_tile_picture_size(const struct gk_tile_surface *s, enum gk_tile_map_by by, uint32_t z, uint32_t *width,
			 uint32_t *height);
void gk_tile_picture_row(const struct gk_tile_surface *s, enum gk_tile_map_by by, uint32_t z, uint32_t y,
			 uint8_t *rgb);
/* The same legend as text, one fact a line (the surface; what the colour
 * encodes; each pipe or bank colour as #rrggbb, or the ramp's colours and
 * values; the padding), for a PNG tEXt chunk: ASCII, no NUL.  Returns the
 * length it needed, like snprintf (buf may be NULL when cap is 0). */
size_t gk_tile_map_legend(const struct gk_tile_surface *s, enum gk_tile_map_by by, uint32_t z, char *buf,
			  size_t cap);

/* A PNG writer (ISO/IEC 15948; 8-bit RGB, not interlaced): begin, one call
 * per row, end.  Each row gets the PNG filter (None, Sub, Up, Average,
 * Paeth) whose output has the smallest sum of absolute values; the zlib
 * stream is deflate (RFC 1951) with LZ77 matches found through hash chains in
 * a 32 KiB window, in blocks of fixed or dynamic Huffman codes, whichever is
 * smaller.  Compressed bytes leave in IDAT chunks of at most GK_PNG_OUT_BYTES
 * as they are made: memory is this struct (about 320 KiB -- allocate it, do
 * not put it on a small stack), whatever the image size.  Up, Average and
 * Paeth need the previous row, kept here for rows of up to GK_PNG_ROW_KEEP
 * bytes (3 * 16384 pixels, the widest GFX6-8 surface); wider rows choose
 * between None and Sub.
 * Every byte goes through write(ctx, p, n) (non-zero return: the writer
 * stops and reports -1).  write NULL, a zero size or one above PNG's
 * 2^31 - 1 (GK_PNG_MAX_WIDTH, for both) fail at begin, and every later call
 * on that png returns -1.  gk_png_text adds a tEXt chunk (keyword: 1-79
 * printable Latin-1 characters, no leading, trailing or double spaces; text:
 * Latin-1 without NUL); it is allowed between begin and the first row.  A
 * call that returns -1 says why in `error` (a constant string; NULL while
 * all is well). */
#define GK_PNG_MAX_WIDTH 0x7fffffffu
#define GK_PNG_WINDOW 32768u          /* deflate's largest window */
#define GK_PNG_ROW_KEEP (3u * 16384u)
#define GK_PNG_OUT_BYTES 32768u
#define GK_PNG_BLOCK_SYMS 16384u      /* literals and matches per deflate block */
struct gk_png {
	int (*write)(void *ctx, const void *p, size_t n);
	void *ctx;
	uint32_t width, height, rows_done;
	uint32_t adler;
	int failed;
	const char *error;
	/* the compressor (private: set by gk_png_begin) */
	struct gk_png_deflate {
		uint32_t strstart, lookahead;   /* window positions: next to code, bytes after it */
		uint32_t nsyms, nout, nbits;
		uint64_t bits;                  /* bits not yet in out[], lowest first */
		uint8_t win[2 * GK_PNG_WINDOW]; /* the last 32 KiB coded, then what comes */
		uint16_t head[1u << 15];        /* hash of 3 bytes -> last position (0: none) */
		uint16_t prev[GK_PNG_WINDOW];   /* position -> the previous one with its hash */
		uint8_t syms[3 * GK_PNG_BLOCK_SYMS]; /* the block's literals and matches */
		uint8_t out[GK_PNG_OUT_BYTES];  /* compressed bytes of the next IDAT chunk */
		uint8_t up[GK_PNG_ROW_KEEP];    /* the previous row */
	} z;
};
int gk_png_begin(struct gk_png *png, uint32_t width, uint32_t height,
		 int (*write)(void *ctx, const void *p, size_t n), void *ctx);
int gk_png_text(struct gk_png *png, const char *keyword, const char *text);
int gk_png_row(struct gk_png *png, const uint8_t *rgb);
int gk_png_end(struct gk_png *png);
uint32_t gk_crc32(uint32_t crc, const void *p, size_t n);    /* start with 0; p NULL: crc unchanged */
uint32_t gk_adler32(uint32_t adler, const void *p, size_t n); /* start with 1; p NULL: adler unchanged */

#ifdef __cplusplus
}
#endif
#endif
