/* GFX6-8 tiling tables (tiling_tab.c, tiling_chips.c): the address equations of
 * ../shared/reference/tiling/README.md kept as data. */
#ifndef GK_TILING_TAB_H
#define GK_TILING_TAB_H

#include <stdint.h>

/* Micro tile: bit k of the 6-bit element index i is one coordinate bit.
 * Each entry is GK_MT_X(n) or GK_MT_Y(n) (n = 0..2). */
#define GK_MT_X(n) ((uint8_t)(n))
#define GK_MT_Y(n) ((uint8_t)(0x10 | (n)))
struct gk_micro_order {
	uint8_t bit[6];
};
/* [micro mode 0 display / 1 thin][log2(bpp / 8)] */
extern const struct gk_micro_order gk_micro_orders[2][5];

/* One output bit as the XOR (parity) of selected input bits: for pipes the
 * inputs are pixel x and y, for banks the scaled X and Y. */
struct gk_xor_bit {
	uint8_t xmask, ymask;
};

struct gk_pipe_config {
	const char *name;          /* NULL: the enum value names no pipe config */
	uint8_t pipes;             /* P */
	uint8_t in_linux_tables;   /* used by a Linux GFX6-8 GB_TILE_MODE table */
	uint8_t aliases;           /* addrlib's layout gives two elements one address */
	uint8_t bank_or_xmask;     /* with BANK_WIDTH 1, bank bit 0 |= parity(x & mask) (an OR, not an XOR) */
	struct gk_xor_bit bit[4];  /* pipe bit k = parity(x & xmask) ^ parity(y & ymask) */
};
/* indexed by the PIPE_CONFIG hardware enum (5 bits) */
extern const struct gk_pipe_config gk_pipe_configs[32];

/* [log2(banks) - 1]: bank bit k of the raw bank number */
extern const struct gk_xor_bit gk_bank_bits[4][4];

/* A register field: bits [lo, hi] (the tiling tables only need the range;
 * regdb.h's gk_reg_field also carries value names) */
struct gk_tile_reg_field {
	const char *name;
	uint8_t lo, hi;
};
enum {
	GK_TMF_MICRO_TILE_MODE, /* GFX6 */
	GK_TMF_ARRAY_MODE,
	GK_TMF_PIPE_CONFIG,
	GK_TMF_TILE_SPLIT,
	GK_TMF_BANK_WIDTH,      /* GFX6 */
	GK_TMF_BANK_HEIGHT,     /* GFX6 */
	GK_TMF_MACRO_TILE_ASPECT, /* GFX6 */
	GK_TMF_NUM_BANKS,       /* GFX6 */
	GK_TMF_MICRO_TILE_MODE_NEW, /* GFX7-8 */
	GK_TMF_SAMPLE_SPLIT,    /* GFX7-8 */
	GK_TMF_COUNT
};
extern const struct gk_tile_reg_field gk_tile_mode_fields[GK_TMF_COUNT];
enum { GK_MMF_BANK_WIDTH, GK_MMF_BANK_HEIGHT, GK_MMF_MACRO_TILE_ASPECT, GK_MMF_NUM_BANKS, GK_MMF_COUNT };
extern const struct gk_tile_reg_field gk_macrotile_mode_fields[GK_MMF_COUNT];
/* amdgpu winsys AMDGPU_TILING_* metadata of a GFX6-8 surface */
enum {
	GK_AF_ARRAY_MODE, GK_AF_PIPE_CONFIG, GK_AF_TILE_SPLIT, GK_AF_MICRO_TILE_MODE, GK_AF_BANK_WIDTH,
	GK_AF_BANK_HEIGHT, GK_AF_MACRO_TILE_ASPECT, GK_AF_NUM_BANKS, GK_AF_COUNT
};
extern const struct gk_tile_reg_field gk_amdgpu_tiling_fields[GK_AF_COUNT];

/* ARRAY_MODE and micro tile mode names, by hardware value */
extern const char *const gk_array_mode_names[16];
extern const char *const gk_micro_mode_names_si[4];
extern const char *const gk_micro_mode_names_ci[8];

struct gk_tile_chip {
	const char *name;
	uint8_t gfx;              /* 6, 7 or 8 */
	uint16_t family_id, chip_rev;
	uint32_t gb_addr_config;
	uint8_t has_macrotile;    /* GFX7-8: GB_MACROTILE_MODE holds the bank parameters */
	uint32_t tile_mode[32];
	uint8_t macrotile_mode[16];
};
extern const struct gk_tile_chip gk_tile_chips[]; /* ends with .name == NULL */

static inline uint32_t gk_reg_get(uint32_t v, const struct gk_tile_reg_field *f)
{
	unsigned w = f->hi - f->lo + 1u;
	return (v >> f->lo) & (w >= 32 ? ~0u : (1u << w) - 1u);
}

#endif
