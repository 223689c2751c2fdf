/* DRM format modifiers: AMD's layout (GFX6-8 from seed 004, GFX9-GFX12 from
 * the kernel's include/uapi/drm/drm_fourcc.h), LINEAR, INVALID, and every
 * other vendor's modifiers by the names libdrm gives them.
 *
 * A modifier is a 64-bit word with fields; the fields are described once
 * (src/modifier/modifier_tab.c) and everything here walks that table:
 * split/join, names both ways, the validity check, JSON, the lists. */
#ifndef GFXKIT_MODIFIER_H
#define GFXKIT_MODIFIER_H

#include <stddef.h>
#include <stdint.h>

#include "gfxkit/diag.h"
#include "gfxkit/stream.h"
#include "gfxkit/tiling.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GK_MOD_LINEAR  0x0000000000000000ull  /* DRM_FORMAT_MOD_LINEAR */
#define GK_MOD_INVALID 0x00ffffffffffffffull  /* DRM_FORMAT_MOD_INVALID */
#define GK_MOD_VENDOR_AMD 0x02u

/* AMD TILE_VERSION values (field bits 7:0) */
enum gk_mod_version {
	GK_MOD_GFX6 = 0,          /* GFX6-8, seed 004 (AMD_FMT_MOD_TILE_VER_GFX6) */
	GK_MOD_GFX9 = 1,
	GK_MOD_GFX10 = 2,
	GK_MOD_GFX10_RBPLUS = 3,
	GK_MOD_GFX11 = 4,
	GK_MOD_GFX12 = 5,
};

/* GFX6-8 TILE values (the array mode) the seed exposes */
#define GK_MOD_GFX6_1D_TILED_THIN1 0x2u
#define GK_MOD_GFX6_2D_TILED_THIN1 0x4u

/* Every field of a modifier as its raw value.  Fields of the layout the
 * version does not use are 0 (GFX6-8 and GFX9+ share bits 14-35); bits no
 * field of the version's layout claims stay in place in `reserved`, so
 * split and join lose nothing.  Non-AMD vendors: vendor and payload only. */
struct gk_modifier {
	uint8_t vendor;            /* bits 63:56 */
	uint64_t payload;          /* non-AMD vendors: bits 55:0 */
	/* general AMD fields */
	uint8_t tile_version, tile, dcc;
	/* GFX9 and later */
	uint8_t dcc_retile, dcc_pipe_align, dcc_independent_64b, dcc_independent_128b;
	uint8_t dcc_max_compressed_block, dcc_constant_encode;
	uint8_t pipe_xor_bits, bank_xor_bits, packers, rb, pipe;
	/* GFX6-8 */
	uint8_t microtile, pipe_config, tile_split, bank_width, bank_height, macro_tile_aspect, num_banks;
	uint64_t reserved;         /* AMD: set bits no field of the layout claims, in place */
};

/* Diagnostics of a modifier go into the one container, struct gk_diags
 * (include/gfxkit/stream.h: GK_MAX_DIAGS listed, the rest counted in
 * dropped).  gk_diag.dw is -1; lo/hi are bit positions in the 64-bit value
 * (-1: none); packet is "modifier"; offset is 0 (the modifier engine sets
 * the unit's); for parse errors col is the 1-based column in the name.
 *
 * Every function here takes a NULL diagnostics pointer (struct gk_diags
 * *dg NULL): the diagnostics are dropped, return values still count them. */

/* Split a value into its fields (never fails; m NULL: nothing). */
void gk_modifier_split(uint64_t value, struct gk_modifier *m);
/* Join fields into a value.  Returns 0, or -1 (with a diagnostic naming
 * the field, when dg is not NULL) when a member does not fit its field or
 * is a field the version's layout does not have, or m is NULL.  value NULL:
 * only the check. */
int gk_modifier_join(const struct gk_modifier *m, uint64_t *value, struct gk_diags *dg);

/* One field's raw value by its name (drm_fourcc.h / seed spelling:
 * "TILE_VERSION", "PIPE_CONFIG", "VENDOR", ...).  Returns 0, or -1 when the
 * modifier has no such field (another vendor, another version's layout, an
 * unknown or NULL name).  raw NULL: only whether the field is there. */
int gk_modifier_field(uint64_t value, const char *name, uint64_t *raw);

/* Vendor name as drmGetFormatModifierVendor() gives it ("AMD", "NONE",
 * "INTEL", ...); NULL for a vendor id no source names. */
const char *gk_modifier_vendor_name(uint64_t value);

/* The name, snprintf style (returns the full length; buf may be NULL when
 * cap is 0).  Every value libdrm 2.4.114's drmGetFormatModifierName() names
 * (AMD GFX9, GFX10, GFX10_RBPLUS; LINEAR, INVALID; the other vendors' fixed
 * values, "X_TILED", and their decoders' names, "BLOCK_SIZE=16x16,MODE=YTR",
 * "BLOCK_LINEAR_2D,HEIGHT=...", "FBC,LAYOUT=..."): byte for byte libdrm's,
 * which may leave set bits out (gk_modifier_check reports them).  Values
 * libdrm does not name (it returns NULL), gfxkit's own name, and
 * gk_modifier_name_source says so: AMD GFX6-8, GFX11, GFX12 and unknown
 * versions in libdrm's grammar extended so that nothing is left out; other
 * vendors "VENDOR,0xPAYLOAD" ("INTEL,0xd"). */
size_t gk_modifier_name(uint64_t value, char *buf, size_t cap);

/* Whose name gk_modifier_name gives. */
enum gk_mod_name_source {
	GK_MOD_NAME_LIBDRM = 0,  /* libdrm 2.4.114 names the value: its name, byte for byte */
	GK_MOD_NAME_GFXKIT = 1,  /* libdrm returns NULL: the name is gfxkit's */
};
/* The source of the value's name; *note (note not NULL) gets one sentence
 * saying what gfxkit's name follows and that libdrm has none (NULL for
 * libdrm's names).  AMD GFX6-8: the proposal "AMD DRM format modifiers for
 * GFX6-8" (seed 004), which libdrm does not implement. */
enum gk_mod_name_source gk_modifier_name_source(uint64_t value, const char **note);

/* The name plus, after it, every set bit the name leaves out (",KEY=VALUE"
 * and ",RESERVED=0x..."), and a name two vendors share with its vendor first
 * ("ALLWINNER,TILED"): always parses back to the same value.  Equal to
 * gk_modifier_name unless that one is lossy or ambiguous. */
size_t gk_modifier_name_exact(uint64_t value, char *buf, size_t cap);
#define GK_MOD_NAME_MAX 512  /* no name is longer (including the NUL) */

/* Parse a name (the forms above, LINEAR, INVALID, a vendor's fixed name
 * bare or after its vendor ("INTEL,X_TILED"; a name two vendors share
 * needs it), drm_fourcc.h's NVIDIA 16BX2_BLOCK_* names, or a number: 0x hex
 * or decimal) of len bytes, or up to its first NUL when that comes sooner.
 * Returns 0, or -1 with a GK_D_SYNTAX diagnostic (col set) in dg (empty
 * text and s NULL are errors).  value NULL: only the syntax check.
 * Parsing does not validate: see gk_modifier_check. */
int gk_modifier_parse(const char *s, size_t len, uint64_t *value, struct gk_diags *dg);

/* Validity check: reserved bits, fields of another version, unknown TILE /
 * PIPE_CONFIG / enum values, DCC and macro-tile rules, unknown vendor or
 * version (errors), and set bits the name does not carry or that nothing
 * reads (warnings).  Appends to *dg (caller zeroes it); returns the number
 * of errors it added (also when dg is NULL). */
unsigned gk_modifier_check(uint64_t value, struct gk_diags *dg);

/* One JSON object, one line with '\n':
 * {"value":"0x...","vendor":"AMD","name":"...","exact":"..." (only when the
 *  name is lossy or shared),"name_source":"libdrm"|"gfxkit","name_note":"..."
 *  (only with "gfxkit"),"fields":{"TILE_VERSION":1,...},"diagnostics":[...]} */
void gk_modifier_json(uint64_t value, struct gk_out *o); /* o NULL: nothing */
/* The same with "surface": gk_tile_info_json's object for a surface from
 * gk_modifier_surface (NULL: none) before the closing brace. */
void gk_modifier_json_surface(uint64_t value, const struct gk_tile_surface *surface, struct gk_out *o);

/* Field values and meanings in words, one "FIELD=raw (meaning)" per field
 * separated by ", " (for decode's text output), snprintf style.  Other
 * vendors: VENDOR, PAYLOAD and the items of a layout libdrm decodes. */
size_t gk_modifier_describe(uint64_t value, char *buf, size_t cap);

/* ---- GFX6-8: the surface a modifier stands for (gfxkit/tiling.h) ---- */

/* Set p's mode, micro tile mode and (2D) macro-tile parameters from a GFX6-8
 * modifier (LINEAR gives LINEAR_ALIGNED); bpp, size and swizzles of p are
 * left alone.  Returns 0 (gk_modifier_check's warnings may be in dg), or -1
 * with errors in dg: not an AMD GFX6-8 modifier, the modifier's own errors,
 * or a combination the tiling module refuses (e.g. an aspect above the bank
 * count, which addrlib cannot lay out).  dg may be NULL. */
int gk_modifier_tile_params(uint64_t value, struct gk_tile_params *p, struct gk_diags *dg);
/* The whole surface: width x height x slices elements of bpp bits laid out
 * as the modifier says, computed by gk_tile_surface_init (pitch, padded
 * sizes, alignments, macro tile size; addrlib's adjustments as warnings in
 * dg).  Returns 0 or -1 as above (bad sizes are errors naming the field). */
int gk_modifier_surface(uint64_t value, unsigned bpp, uint32_t width, uint32_t height, uint32_t slices,
			struct gk_tile_surface *s, struct gk_diags *dg);

/* ---- GFX6-8 lists (seed 004) ---- */

/* Seed 004's tile split formula.  sample_split is GB_TILE_MODE.SAMPLE_SPLIT
 * (0-3: factor 1 << sample_split); row_size in bytes.  Returns 0, or -1
 * when an input is out of range (bpp 0 or > 128, thickness not 1/4/8,
 * samples not 1-16, row_size < 256 or not a power of two) or out is NULL. */
struct gk_tile_split {
	uint32_t tile_bytes_1x, tile_split_bytes, tile_bytes;
	int field;                 /* TILE_SPLIT value for tile_split_bytes (64 << field), -1: none */
};
int gk_modifier_tile_split(unsigned bpp, unsigned thickness, unsigned samples, unsigned sample_split,
			   unsigned row_size, struct gk_tile_split *out);

/* Macro-tile parameters of one surface (raw field values). */
struct gk_mod_macro {
	uint8_t pipe_config, tile_split, bank_width, bank_height, macro_tile_aspect, num_banks;
};

/* The modifiers a GFX6-8 surface may use, best first (seed 004): on GFX8
 * 2D THIN + DCC, then 2D THIN, 2D DISPLAY (one each per macro set),
 * 1D THIN, 1D DISPLAY, LINEAR.  gfx is 6, 7 or 8.  Writes up to cap values;
 * returns how many there are, or 0 when gfx is not 6-8 or a macro set is
 * invalid (macros NULL with nmacros > 0 too).  out NULL: only the count. */
size_t gk_modifier_list(unsigned gfx, const struct gk_mod_macro *macros, size_t nmacros, uint64_t *out,
			size_t cap);

/* Every valid modifier of a GFX6-8 level, in list order (2D with every
 * macro-tile parameter set, then 1D, then LINEAR), handed to fn (non-zero
 * return stops).  Returns how many were handed over; 0 when gfx is not 6-8
 * or fn is NULL. */
uint64_t gk_modifier_enumerate(unsigned gfx, int (*fn)(void *ctx, uint64_t value), void *ctx);

#ifdef __cplusplus
}
#endif
#endif
