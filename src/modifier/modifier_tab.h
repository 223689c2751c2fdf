/* Internal: the modifier field table (modifier_tab.c) and its types. */
#ifndef GK_MODIFIER_TAB_H
#define GK_MODIFIER_TAB_H

#include "gfxkit/desc.h"
#include "gfxkit/modifier.h"

/* version bits (struct gk_field.gens, struct gk_mod_verdesc): bit v is TILE_VERSION v */
#define GK_MV(v) (1u << (v))
#define GK_MV_GFX6_8 GK_MV(GK_MOD_GFX6)
#define GK_MV_GFX9_12 (GK_MV(1) | GK_MV(2) | GK_MV(3) | GK_MV(4) | GK_MV(5))
#define GK_MOD_NVERSIONS 6

/* How the name carries a field (when its conditions hold). */
enum gk_mod_show {
	GK_MS_NONE,   /* never by itself (VENDOR; TILE_VERSION is the first word) */
	GK_MS_TILE,   /* ",<tile name>", when the version's name carries that tile */
	GK_MS_FLAG,   /* ",NAME" when set */
	GK_MS_ENUM,   /* ",NAME=<value name>", also when 0 */
	GK_MS_NUM,    /* ",NAME=<decimal>", also when 0 */
	GK_MS_PIPE,   /* ",PIPE_<decimal>": libdrm's spelling of PIPE */
};

/* Conditions for the name to carry a field (all must hold). */
#define GK_MW_DCC             0x01u /* DCC is set */
#define GK_MW_TRAILER         0x02u /* TILE is one of the version's trailer tiles (_X; GFX6-8: 2D) */
#define GK_MW_NO_RETILE       0x04u /* DCC_RETILE is clear */
#define GK_MW_RETILE_OR_ALIGN 0x08u /* DCC_RETILE or DCC_PIPE_ALIGN is set */

/* struct gk_mod_field.mflags */
#define GK_MF_STRICT 0x01u /* set while its conditions fail: an error (otherwise a warning) */

struct gk_mod_field {
	/* name, bit segments (dw 0: bits 31:0, dw 1: bits 63:32), kind, enum,
	 * .gens: the versions that use it (0: every AMD modifier), .flags
	 * GK_F_BYNAME, and the size scale for the meaning */
	struct gk_field f;
	uint8_t off;     /* offsetof(struct gk_modifier, member) */
	uint8_t show;    /* enum gk_mod_show */
	uint8_t when;    /* GK_MW_* */
	uint8_t mflags;  /* GK_MF_* */
};

struct gk_mod_verdesc {
	const char *name;         /* first word of the name: "GFX9" */
	uint8_t libdrm;           /* libdrm 2.4.114 names it: the name is libdrm's, byte for byte */
	uint16_t layout;          /* versions sharing its bit layout (GK_MV_GFX6_8 or GK_MV_GFX9_12) */
	const struct gk_enum *tiles;
	uint32_t name_tiles;      /* tiles (bit per value) the name spells */
	uint32_t trailer_tiles;   /* tiles after which the per-chip fields follow */
	uint64_t reserved;        /* must-be-zero bits */
	const char *trailer_why;  /* the trailer condition in words, for messages */
};

extern const struct gk_mod_field gk_mod_fields[];
/* rows the name conditions read (tests/modifier checks the names) */
#define GK_MOD_IX_VENDOR 0
#define GK_MOD_IX_TILE_VERSION 1
#define GK_MOD_IX_TILE 2
#define GK_MOD_IX_DCC 3
#define GK_MOD_IX_DCC_RETILE 4
#define GK_MOD_IX_DCC_PIPE_ALIGN 5
extern const unsigned gk_mod_nfields;
extern const struct gk_mod_verdesc gk_mod_versions[GK_MOD_NVERSIONS];
extern const struct gk_enum gk_mod_vendors;
extern const struct gk_enum gk_mod_gfx6_pipe_config;

#define GK_MOD_VENDOR_BITS 0xff00000000000000ull
#define GK_MOD_PAYLOAD     0x00ffffffffffffffull

/* A rule between two fields of some versions: when field a has value
 * a_val, field b must have one of the values in b_ok (bit per value). */
struct gk_mod_rule {
	uint16_t vers;
	const char *a;
	uint8_t a_val;
	const char *b;
	uint32_t b_ok;
	const char *why;
};
extern const struct gk_mod_rule gk_mod_rules[];
extern const unsigned gk_mod_nrules;

/* ---- other vendors (drm_fourcc.h; spelled as libdrm 2.4.114 spells them) ---- */

/* A modifier drm_fourcc.h #defines with one fixed value, named as
 * drmGetFormatModifierName() names it: the #define without its prefix. */
struct gk_mod_fixed {
	uint64_t value;
	const char *name;
	uint8_t parse_only; /* libdrm's decoder of the vendor names the value instead (NVIDIA 16BX2) */
};
extern const struct gk_mod_fixed gk_mod_fixed_names[];
extern const unsigned gk_mod_nfixed;

/* How a parametric layout's name spells one item */
enum gk_mod_vshow {
	GK_VS_KEY,   /* "KEY=<value name>", or "KEY=<decimal>" for a field without value names */
	GK_VS_WORD,  /* "<value name>" alone (AFRC's SCAN / ROT) */
	GK_VS_FLAGS, /* "KEY=A|B|C": the named bits that are set (.f.kind GK_FLAGS); left out when none is */
};
/* struct gk_mod_vitem.vflags: a value without a name ... */
#define GK_VI_NEEDED 0x01u /* ... means libdrm names no modifier of the layout (NULL) */
#define GK_VI_SKIP   0x02u /* ... leaves the item out (its bits are not in the name) */
/* the comma before the item is printed even when the item is left out
 * (libdrm's AFBC names end in "," when no MODE bit is set) */
#define GK_VI_COMMA  0x04u

struct gk_mod_vitem {
	struct gk_field f;  /* the bits (dw 0: bits 31:0, dw 1: 63:32) and value names */
	uint8_t show, vflags;
	const char *other;  /* spelled for a value without a name (its bits are not in the name) */
};

/* A vendor's parametric layout: the vendor's values v with
 * (v & match_mask) == match, named lead (when not NULL) and then the items,
 * comma-separated, in order. */
struct gk_mod_layout {
	const char *what;   /* for messages: "ARM AFBC" */
	uint8_t vendor;
	uint64_t match_mask, match;
	const char *lead;
	const struct gk_mod_vitem *items;
	uint8_t nitems;
};
extern const struct gk_mod_layout gk_mod_layouts[];
extern const unsigned gk_mod_nlayouts;

/* modifier.c, for the engine (engine.c): the raw fields of a value as a
 * JSON object, or (enums non-zero) the names of those values that have one */
struct gk_out;
void gk_mod_json_fields(uint64_t value, int enums, struct gk_out *o);

#endif
