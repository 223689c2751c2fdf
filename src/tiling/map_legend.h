/* The legend drawn below a map (map.c), described by what it says so that
 * GFX6-8 and GFX9-12 pictures share one drawing: a title line, the colour
 * swatches or a ramp with its end labels, a note and the padding line. */
#ifndef GK_TILING_MAP_LEGEND_H
#define GK_TILING_MAP_LEGEND_H

#include <stdint.h>

struct gk_legend_spec {
	uint32_t pitch;          /* map width in pixels: sets the letter size and the least width */
	char t[3][64];           /* title; a note (or ""); the padding line (or ""): capitals, digits, x : . ( ) - */
	unsigned swatches;       /* > 0: that many palette swatches numbered 0..n-1; 0: the ramp */
	int steps64;             /* the ramp in 64 steps (micro tile index) */
	char lo[24], hi[24];     /* the ramp's end labels */
};

/* Height of the legend in pixels; *width: the picture's width (at least pitch). */
uint32_t gk_legend_size(const struct gk_legend_spec *sp, uint32_t *width);
/* Legend row `row` (0 = just below the map) into rgb (width * 3 bytes). */
void gk_legend_row(const struct gk_legend_spec *sp, uint32_t row, uint8_t *rgb);
/* n pixels of the legend's background */
void gk_legend_fill(uint8_t *rgb, uint32_t n);
/* palette colour i (0-15) and the ramp at t in [0, 1024) */
void gk_map_palette(unsigned i, uint8_t *rgb);
void gk_map_ramp(unsigned t, uint8_t *rgb);

#endif
