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
/* ... its one access, the buffer the stream loop follows (GK_P_IB), and
 * the type-7 header whose OPCODE marks CP_INDIRECT_BUFFER_CHAIN as a
 * chain (GK_F_CHAIN: the CP continues there and does not come back) */
extern const struct gk_access gk_adreno_ib_acc[];
extern const struct gk_field gk_adreno_hdr7_chain[];
/* the rows of the generated table's indirect buffers (scripts/gen_adreno.py) */
#define GK_ADRENO_IB_ROW(hdr_, kind_) \
	.hdr = (hdr_), .nhdr = GK_ADRENO_NHDR##kind_, .fields = gk_adreno_ib##kind_##_f, .nfields = GK_ADRENO_NIB##kind_, \
	.access = gk_adreno_ib_acc, .naccess = 1, .flags = GK_P_IB
#define GK_ADRENO_IB7 GK_ADRENO_IB_ROW(gk_adreno_hdr7, 7)
#define GK_ADRENO_IB7_CHAIN GK_ADRENO_IB_ROW(gk_adreno_hdr7_chain, 7)
#define GK_ADRENO_IB3 GK_ADRENO_IB_ROW(gk_adreno_hdr3, 3)

/* The buffers packets point the CP at besides indirect buffers, followed
 * through the format's follow hook (adreno.c), as Mesa's cffdec.c reads
 * them (cp_set_draw_state, cp_load_state).
 *
 * Draw-state groups: after the header, groups of group_dw dwords, the
 * first holding COUNT (dwords of packets) in count_bits and the flags, the
 * next the address (and the one after, its high half, when addr_hi).  A
 * group with a skip bit set, or COUNT 0, names no buffer. */
struct gk_adreno_group_row {
	const char *packet;
	unsigned gens;
	uint8_t group_dw;
	uint8_t addr_hi;            /* 1: the address is 64 bits (the group's third dword) */
	uint32_t count_mask;
	uint32_t skip_bits;
};
extern const struct gk_adreno_group_row gk_adreno_draw_state_rows[];
extern const unsigned gk_adreno_ndraw_state_rows;

/* A buffer of packets a packet names by dwords: its address at addr_dw
 * (and addr_dw + 1, the high half, when addr_hi), its length in dwords at
 * count_dw (count_mask). */
struct gk_adreno_buf_row {
	const char *packet;
	unsigned gens;
	uint8_t addr_dw, addr_hi, count_dw;
	uint32_t count_mask;
	const char *field;          /* how diagnostics name the address */
};
extern const struct gk_adreno_buf_row gk_adreno_buf_rows[];
extern const unsigned gk_adreno_nbuf_rows;

/* Shader loads: packets whose STATE_TYPE field says a shader (shader_type)
 * and STATE_SRC where it is (direct: in the packet from dword data_dw;
 * indirect: at EXT_SRC_ADDR[_HI]), for STATE_BLOCK values first_block ..
 * last_block; NUM_UNIT units of unit_bytes of ir3 instructions. */
struct gk_adreno_load_row {
	const char *packet;
	unsigned gens;
	uint8_t shader_type, src_direct, src_indirect, first_block, last_block, data_dw;
	uint32_t unit_bytes;
};
extern const struct gk_adreno_load_row gk_adreno_load_rows[];
extern const unsigned gk_adreno_nload_rows;

/* The summary (adreno_summary.c): which packets are draws, blits and
 * dispatches (a packet by name, or one whose field has a value by name,
 * such as CP_EVENT_WRITE's EVENT = BLIT), and, per generation, the
 * registers that name the targets (array names as Mesa prints them:
 * "RB_MRT[%s%x].BASE" takes "" and 0, then "0x" and 1 ...). */
enum { GK_ADRENO_EV_DRAW, GK_ADRENO_EV_BLIT, GK_ADRENO_EV_DISPATCH };
struct gk_adreno_event_row {
	const char *packet;
	unsigned gens;
	unsigned kind;               /* GK_ADRENO_EV_* */
	const char *field, *value;   /* NULL: the packet alone */
};
extern const struct gk_adreno_event_row gk_adreno_event_rows[];
extern const unsigned gk_adreno_nevent_rows;

#define GK_ADRENO_SUMMARY_MRTS 8
struct gk_adreno_summary_row {
	unsigned gens;
	const char *mrt_base, *mrt_base_hi, *mrt_info; /* hi NULL: 32 bits, or NAME+1 of a 64-bit register */
	const char *format_field;                     /* the colour format field of mrt_info and blit_info */
	const char *depth_base, *depth_base_hi, *depth_info, *depth_format_field;
	const char *tl, *br, *x, *y;                  /* the window scissor's corners (inclusive) and their fields */
	const char *blit_base, *blit_base_hi, *blit_info;
};
extern const struct gk_adreno_summary_row gk_adreno_summary_rows[];
extern const unsigned gk_adreno_nsummary_rows;

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
/* How adreno_values.c writes a field's value, decided per field by
 * scripts/gen_adreno.py (vkind) from its type, shr and width, so a value
 * costs one switch: the printer's default (GK_AK_NONE), a number, a
 * register id, a real of 32 or 16 bits, fixed-point of radix <= 6 (whose
 * values are exact in six decimals), or the general code (shifted values,
 * signed ones, fixed-point of larger radix). */
enum {
	GK_AK_NONE,
	GK_AK_UINT,
	GK_AK_HEX,     /* hex and addresses: 0x..., 0 as "0" */
	GK_AK_REGID,   /* 3 bits or more */
	GK_AK_FLOAT32,
	GK_AK_FLOAT16,
	GK_AK_FIXED,   /* radix <= 6 */
	GK_AK_UFIXED,  /* radix <= 6 */
	GK_AK_HEX_SHR, /* shifted into place (shr), in hex: untyped, hex, addresses */
	GK_AK_UINT_SHR, /* shifted into place (shr), in decimal: uint */
	GK_AK_GENERAL,
};
struct gk_adreno_vtype {
	uint8_t type, radix, shr, kind;
};
/* every register field of the tables and its value type, by the same index */
extern const struct gk_reg_field gk_adreno_reg_fields[];
extern const struct gk_adreno_vtype gk_adreno_reg_vtypes[];
/* and how a printer writes each (enum gk_value_kind: gk_adreno_value_kind
 * of the same field; the format's reg_kinds) */
extern const uint8_t gk_adreno_reg_vkinds[];
extern const unsigned gk_adreno_nreg_fields;
/* and where each sparse value list's value -> row table starts in
 * gk_adreno_reg_value_rows, plus 1 (0: none; the format's reg_value_slots) */
extern const uint16_t gk_adreno_reg_value_slots[];
extern const uint8_t gk_adreno_reg_value_rows[];
/* the same count, as a constant (written by scripts/gen_adreno.py) */
#define GK_ADRENO_NREG_FIELDS 2199

/* adreno_values.c: a field's value as its type shows it (struct gk_format's
 * reg_value_text and reg_value_parse) */
size_t gk_adreno_value_text(const struct gk_reg_field *f, uint32_t raw, char *buf, size_t cap);
/* how gk_adreno_value_text writes f at any value (enum gk_value_kind; the
 * format's reg_value_kind) */
uint8_t gk_adreno_value_kind(const struct gk_reg_field *f);
/* the same text by the general code alone, which tests the type, shr
 * and width at each value (what gk_adreno_value_text's per-field kind
 * decides once): tests hold the two to each other */
size_t gk_adreno_value_text_general(const struct gk_reg_field *f, uint32_t raw, char *buf, size_t cap);
int gk_adreno_value_parse(const struct gk_reg_field *f, const char *s, size_t n, uint32_t *raw);

extern const struct gk_reg_table gk_adreno_regs_a2xx, gk_adreno_regs_a3xx, gk_adreno_regs_a4xx,
	gk_adreno_regs_a5xx, gk_adreno_regs_a6xx, gk_adreno_regs_a7xx;
/* the GMU's register space (a6xx_gmu.xml) of a6xx and a7xx */
extern const struct gk_reg_table gk_adreno_regs_gmu6, gk_adreno_regs_gmu7;

#endif
