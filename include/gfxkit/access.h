/* What a packet touches: the byte ranges its description's access rows
 * give (struct gk_access, include/gfxkit/desc.h) and, for a surface, its
 * layout resolved from the packet's fields.  The access model
 * (src/mem/access.c) computes them once per decoded unit and keeps them on
 * it (struct gk_unit); bounds checking, following indirect buffers and the
 * executor read them there.  Types only: the functions are in memory.h. */
#ifndef GFXKIT_ACCESS_H
#define GFXKIT_ACCESS_H

#include <stdbool.h>
#include <stdint.h>

#include "gfxkit/desc.h"
#include "gfxkit/swizzle.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How a surface's bytes are laid out. */
enum gk_surf_layout {
	GK_LAYOUT_NONE,   /* not a surface (a fixed or counted range) */
	GK_LAYOUT_RECT,   /* linear rows and slices: pitch and slice in bytes */
	GK_LAYOUT_ARRAY,  /* r6xx-GFX8 array mode (tiled rows): pitch and slice in elements */
	GK_LAYOUT_SWIZZLE, /* GFX9-12 swizzle mode (include/gfxkit/swizzle.h): the surface in swz */
};

/* One surface an access reaches, resolved from the packet's fields by the
 * access row and its surface fields (struct gk_surface_fields), every size
 * decoded by the table's encodings (struct gk_arg): one struct for any
 * generation's surface. */
struct gk_surface {
	uint8_t layout;        /* enum gk_surf_layout */
	uint8_t log2_elem;     /* element size, log2 bytes, as the packet gives it (> 4: reserved) */
	bool box;              /* a box (x, y, z) + (w, h, d); else a run of `bytes` from (x, y) of slice z */
	bool overflow;         /* a size past 2^64: the numbers below mean nothing */
	uint64_t pitch, slice; /* row and slice pitch (bytes for RECT, elements for ARRAY) */
	uint64_t x, y, z, w, h, d;
	uint64_t bytes;        /* ARRAY, not a box: bytes moved */
	/* GK_LAYOUT_ARRAY: what the mode says (enum gk_tag of the mode field's
	 * value; GK_TAG_NONE: reserved), whether the packet has a mode field at
	 * all, the micro tile mode's meaning (GK_TAG_NONE: not given) */
	uint8_t mode, micro;
	bool has_mode;
	/* the GFX6-8 macro-tiling parameters, decoded (tile split in bytes, bank
	 * width and height in tiles, macro aspect, banks); gfx6: the packet has
	 * them (its pipe config field is there) */
	bool gfx6;
	uint32_t pipe_config, tile_split, bank_width, bank_height, macro_aspect, num_banks;
	/* GK_LAYOUT_SWIZZLE: the surface as gk_swz_surface_init takes it (chip:
	 * the format's swz_chip; mode: the mode field's value, addrlib's id;
	 * pipe_bank_xor: the address bits from 8 up to the block size, where
	 * Mesa ORs the surface's tile_swizzle << 8 into a tiled address), the
	 * level x..d lie in (mip), the packet's EPITCH as a pitch (0: it has
	 * none), the surface base (the address without the xor bits) and what
	 * the tiling module made of it: swz_bytes, its surf_size, or
	 * swz_refused (gk_swz_surface_init says why; pitch and slice above are
	 * the level's unpadded width and width x height for a run of elements) */
	struct gk_swz_params swz;
	uint32_t mip, epitch;
	uint64_t swz_base, swz_bytes;
	bool swz_refused;
};

/* One access of a packet: the byte range [first, last] it reads or writes,
 * from the address field field.  exact: the packet touches every byte of
 * the range; otherwise the range is a safe over-approximation (a linear
 * sub-window with gaps between rows, micro-tile rows, whole slices, whole
 * groups of slices of a thick tiled surface): never fewer bytes than the
 * engine touches. */
struct gk_mem_access {
	unsigned rw;                  /* GK_ACC_READ / GK_ACC_WRITE / both, after DETILE/DIRECTION */
	uint64_t addr;                /* the address field's value */
	uint64_t first, last;
	bool overflow;                /* the arithmetic runs past 2^64: first and last mean nothing */
	bool exact;
	const struct gk_field *field; /* the address field: name, dword and bits in seg[0] */
	int dw, lo, hi;               /* field->seg[0]: where the address is */
	const struct gk_access *row;  /* the description's access row */
	struct gk_surface surf;       /* RECT and TILED rows: the surface (layout NONE otherwise) */
};

#ifdef __cplusplus
}
#endif
#endif
