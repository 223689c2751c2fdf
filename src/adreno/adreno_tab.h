/* Adreno tables: the hand-written headers (adreno_tab.c) and the generated
 * packets and registers (adreno_pm4_tab_gen.c, adreno_regs_gen.c, written
 * by scripts/gen_adreno.py from Mesa's rnndb). */
#ifndef GK_ADRENO_TAB_H
#define GK_ADRENO_TAB_H

#include "gfxkit/adreno.h"
#include "gfxkit/desc.h"

/* header layouts: type-4 and type-7 (a5xx+), type-0 and type-3 (a2xx-a4xx) */
extern const struct gk_field gk_adreno_hdr4[], gk_adreno_hdr7[], gk_adreno_hdr0[], gk_adreno_hdr3[];
extern const struct gk_field gk_adreno_hdr2[], gk_adreno_hdr_bad[], gk_adreno_hdr7_raw[], gk_adreno_hdr3_raw[];
#define GK_ADRENO_NHDR4 5
#define GK_ADRENO_NHDR7 5
#define GK_ADRENO_NHDR0 4
#define GK_ADRENO_NHDR3 4
#define GK_ADRENO_NHDR2 2
/* the indirect buffer's payload (the database has no domain for it) */
extern const struct gk_field gk_adreno_ib7_f[], gk_adreno_ib3_f[];
#define GK_ADRENO_NIB7 2
#define GK_ADRENO_NIB3 2

enum { GK_ADRENO_SPACE_MMIO, GK_ADRENO_NSPACES };
extern const struct gk_space gk_adreno_spaces[GK_ADRENO_NSPACES];

/* The rows every era's array starts with, in this order: the register
 * write (type-4 / type-0), a header that is no packet (wrong parity,
 * unknown type), the raw packet of an unknown opcode, then (a2xx-a4xx)
 * the type-2 NOP.  The framing
 * (adreno.c) picks them by index. */
#define GK_ADRENO_ROW_REGS 0
#define GK_ADRENO_ROW_BAD 1
#define GK_ADRENO_ROW_RAW 2
#define GK_ADRENO_ROW_NOP2 3
#define GK_ADRENO_BAD_ROW(gens_) \
	{ .name = "BAD_HEADER", .gens = (gens_), .hdr = gk_adreno_hdr_bad, .nhdr = 1, .min_dw = 1, .max_dw = 1, \
	  .note = "a header word that is no packet: its parity bits or type are wrong (adreno_pm4.xml)" },
#define GK_ADRENO_PKT7_SPECIAL \
	{ .name = "CP_TYPE4_PKT", .gens = 0x38, .hdr = gk_adreno_hdr4, .nhdr = GK_ADRENO_NHDR4, .min_dw = 1, \
	  .tail = GK_TAIL_REGS, .tail_dw = 1, .reg_field = 2, .reg_in_hdr = 1, .space = GK_ADRENO_SPACE_MMIO, \
	  .note = "type-4 register write (adreno_pm4.xml)" }, \
	GK_ADRENO_BAD_ROW(0x38) \
	{ .name = "CP_TYPE7_PKT", .gens = 0x38, .hdr = gk_adreno_hdr7_raw, .nhdr = GK_ADRENO_NHDR7, .min_dw = 1, \
	  .tail = GK_TAIL_DATA, .tail_dw = 1, .tail_name = "DATA", \
	  .note = "a type-7 packet whose opcode no generation has (adreno_pm4.xml)" },
#define GK_ADRENO_PKT3_SPECIAL \
	{ .name = "CP_TYPE0_PKT", .gens = 0x07, .hdr = gk_adreno_hdr0, .nhdr = GK_ADRENO_NHDR0, .min_dw = 2, \
	  .tail = GK_TAIL_REGS, .tail_dw = 1, .reg_field = 0, .reg_in_hdr = 1, .space = GK_ADRENO_SPACE_MMIO, \
	  .note = "type-0 register write (adreno_pm4.xml)" }, \
	GK_ADRENO_BAD_ROW(0x07) \
	{ .name = "CP_TYPE3_PKT", .gens = 0x07, .hdr = gk_adreno_hdr3_raw, .nhdr = GK_ADRENO_NHDR3, .min_dw = 2, \
	  .tail = GK_TAIL_DATA, .tail_dw = 1, .tail_name = "DATA", \
	  .note = "a type-3 packet whose opcode no generation has (adreno_pm4.xml)" }, \
	{ .name = "CP_TYPE2_PKT", .gens = 0x07, .hdr = gk_adreno_hdr2, .nhdr = GK_ADRENO_NHDR2, .min_dw = 1, .max_dw = 1, \
	  .note = "type-2 NOP (adreno_pm4.xml CP_TYPE2_PKT)" },

extern const struct gk_packet_desc gk_adreno_pkt7_gen[], gk_adreno_pkt3_gen[];
extern const unsigned gk_adreno_npkt7_gen, gk_adreno_npkt3_gen;

/* The value type a register field is shown by (rnndb's types; the code
 * in adreno_values.c): GK_AV_NONE prints the raw number (enums by name) */
enum {
	GK_AV_NONE,
	GK_AV_BOOL,
	GK_AV_UINT,
	GK_AV_INT,
	GK_AV_HEX,
	GK_AV_FIXED,
	GK_AV_UFIXED,
	GK_AV_FLOAT,
	GK_AV_ADDRESS, /* address and waddress */
	GK_AV_REGID,   /* a3xx_regid: a shader register id, rN.c */
};
struct gk_adreno_vtype {
	uint8_t type, radix, shr;
};
/* every register field of the tables and its value type, by the same index */
extern const struct gk_reg_field gk_adreno_reg_fields[];
extern const struct gk_adreno_vtype gk_adreno_reg_vtypes[];
extern const unsigned gk_adreno_nreg_fields;

/* adreno_values.c: a field's value as its type shows it (struct gk_format's
 * reg_value_text and reg_value_parse) */
size_t gk_adreno_value_text(const struct gk_reg_field *f, uint32_t raw, char *buf, size_t cap);
int gk_adreno_value_parse(const struct gk_reg_field *f, const char *s, size_t n, uint32_t *raw);

extern const struct gk_reg_table gk_adreno_regs_a2xx, gk_adreno_regs_a3xx, gk_adreno_regs_a4xx,
	gk_adreno_regs_a5xx, gk_adreno_regs_a6xx, gk_adreno_regs_a7xx;
/* the GMU's register space (a6xx_gmu.xml) of a6xx and a7xx */
extern const struct gk_reg_table gk_adreno_regs_gmu6, gk_adreno_regs_gmu7;

#endif
