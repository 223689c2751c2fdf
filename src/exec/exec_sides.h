/* exec_sides.c's interface: the side of a transfer (where byte p of it
 * is) and the moves between sides.  Library-internal (src/exec). */
#ifndef GK_EXEC_SIDES_H
#define GK_EXEC_SIDES_H

#include "exec_priv.h"

enum side_kind { SIDE_LINEAR, SIDE_RECT, SIDE_TILED, SIDE_DATA };

struct side {
	enum side_kind kind;
	unsigned rw;
	uint64_t base, total;
	/* rectangles and tiled surfaces: elements of esize bytes */
	uint64_t esize, x0, y0, z0, w, h, d, pitch_bytes, slice_bytes;
	/* tiled: a box (w x h x d from x0, y0, z0), or a run of elements in
	 * raster order from element e0 of slice z0 over pitch x rows */
	bool box;
	uint64_t e0, pitch, rows;
	struct gk_tile_surface *surf; /* NULL: LINEAR_GENERAL (no padding) */
	const struct gk_swz_surface *swz; /* a GFX9-12 surface instead (level mip): gk_swz_addr */
	uint32_t mip;
	const uint8_t *data;          /* SIDE_DATA: the packet's words */
	/* a tiled side inside one region: its bytes in place, from the
	 * access range's first byte (span_w NULL when it cannot be written) */
	const uint8_t *span;
	uint8_t *span_w;
	uint64_t span_first, span_n;
	unsigned swap;                /* XOR of byte positions (0, 1, 3, 7) */
	const struct gk_mem_access *acc;
};

/* The side of access k of the unit (a its range from the access model,
 * r the resolved exec row naming its swaps); -1: the run stops */
int gk_exec_side_make(struct gk_exec *x, const struct xrow *r, unsigned k, const struct gk_mem_access *a,
		      struct side *s);
/* bytes [p, p + n) of side s into buf / from buf */
int gk_exec_side_io(struct gk_exec *x, const struct side *s, uint64_t p, uint8_t *buf, size_t n, bool write);
/* src to each of dst[0..ndst), with the byte swaps of both */
int gk_exec_transfer(struct gk_exec *x, const struct side *src, const struct side *dst, unsigned ndst);
bool gk_exec_overlaps(const struct gk_mem_access *a, const struct gk_mem_access *b);

#endif
