/* Adreno packet headers (Mesa adreno_pm4.xml: CP_TYPE4_PKT, CP_TYPE7_PKT,
 * CP_TYPE0_PKT, CP_TYPE3_PKT, CP_TYPE2_PKT; the kernel's msm
 * adreno_pm4.xml.h and PM4_PARITY in msm_gpu.h agree).
 *
 * a5xx+ type-4: TYPE 0x4 in [31:28], the register offset (dwords) in
 * [26:8], the count of registers in [6:0]; [27] and [7] are odd-parity
 * bits of the offset and the count.  Type-7: TYPE 0x7 in [31:28], the
 * opcode in [22:16], the dword count in [13:0]; [23] and [15] the parity
 * bits of opcode and count.  The framing checks the parity: a header with
 * the wrong bits is BAD_HEADER, one raw dword.  So the parity bits follow
 * from the count, offset and opcode: fields of kind GK_PARITY, which the
 * text does not show (nor does Mesa's) and the assembler computes when the
 * text leaves them out.
 *
 * a2xx-a4xx type-0: offset [14:0], count - 1 in [29:16], TYPE 0 in
 * [31:30]; type-3: opcode [15:8], count - 1 [29:16], TYPE 3; type-2
 * (0x80000000) a one-dword NOP. */
#include "adreno_tab.h"

#include "desc_macros.h" /* src/core */

const struct gk_field gk_adreno_hdr4[] = {
	GK_CNT("COUNT", 0, 0, 6, 1),
	GK_PAR("COUNT_PARITY", 0, 7, 0),
	GK_X("OFFSET", 0, 8, 26),
	GK_PAR("OFFSET_PARITY", 0, 27, 2),
	GK_CONSTF("TYPE", 0, 28, 31, 4),
};

/* bit 14 is none of the header's fields: set, it is a reserved bit */
const struct gk_field gk_adreno_hdr7[] = {
	GK_CNT("COUNT", 0, 0, 13, 1),
	GK_PAR("COUNT_PARITY", 0, 15, 0),
	GK_OPC("OPCODE", 0, 16, 22),
	GK_PAR("OPCODE_PARITY", 0, 23, 2),
	GK_CONSTF("TYPE", 0, 28, 31, 7),
};

/* the raw packet of an opcode no generation has: the opcode is a field of
 * its own, so the text keeps it */
const struct gk_field gk_adreno_hdr7_raw[] = {
	GK_CNT("COUNT", 0, 0, 13, 1),
	GK_PAR("COUNT_PARITY", 0, 15, 0),
	GK_X("OPCODE", 0, 16, 22),
	GK_PAR("OPCODE_PARITY", 0, 23, 2),
	GK_CONSTF("TYPE", 0, 28, 31, 7),
};
const struct gk_field gk_adreno_hdr3_raw[] = {
	GK_DC("BITS_7_0", 0, 0, 7),
	GK_X("OPCODE", 0, 8, 15),
	GK_CNT("COUNT", 0, 16, 29, 2),
	GK_CONSTF("TYPE", 0, 30, 31, 3),
};

/* bit 15: Mesa's cffdump ignores it; shown when set */
const struct gk_field gk_adreno_hdr0[] = {
	GK_X("OFFSET", 0, 0, 14),
	GK_DC("BIT15", 0, 15, 15),
	GK_CNT("COUNT", 0, 16, 29, 2),
	GK_CONSTF("TYPE", 0, 30, 31, 0),
};

const struct gk_field gk_adreno_hdr3[] = {
	GK_DC("BITS_7_0", 0, 0, 7),
	GK_OPC("OPCODE", 0, 8, 15),
	GK_CNT("COUNT", 0, 16, 29, 2),
	GK_CONSTF("TYPE", 0, 30, 31, 3),
};

const struct gk_field gk_adreno_hdr2[] = {
	GK_DC("BITS", 0, 0, 29),
	GK_CONSTF("TYPE", 0, 30, 31, 2),
};

/* the whole word, as given */
const struct gk_field gk_adreno_hdr_bad[] = {
	GK_X("WORD", 0, 0, 31),
};

/* CP_INDIRECT_BUFFER and its kin: the buffer's address and its size in
 * dwords (Mesa cffdump.c / cffdec.c read dwords 1-3 so on a5xx+, 1-2
 * before; the kernel's a6xx_submit writes the same) */
const struct gk_field gk_adreno_ib7_f[] = {
	GK_A("IB_BASE", 1, 0, 2, 31, 0),
	GK_U("IB_SIZE", 3, 0, 31),
};
const struct gk_field gk_adreno_ib3_f[] = {
	GK_X("IB_BASE", 1, 0, 31),
	GK_U("IB_SIZE", 2, 0, 31),
};

/* Following (cffdec.c cp_indirect: the IB's dwords are read at IB_BASE,
 * IB_SIZE of them, and decoded one level down); the a2xx-a4xx IB_BASE is a
 * 32-bit address */
const struct gk_access gk_adreno_ib_acc[] = {
	{ .rw = GK_ACC_READ, .size = GK_Z_COUNT, .addr = "IB_BASE", .count = "IB_SIZE", .n = 4 },
};

/* CP_INDIRECT_BUFFER_CHAIN (a5xx+; the kernel's a6xx preemption and
 * turnip's chained command buffers): the OPCODE, never 0, is the chain
 * flag the stream loop reads */
const struct gk_field gk_adreno_hdr7_chain[] = {
	GK_CNT("COUNT", 0, 0, 13, 1),
	GK_PAR("COUNT_PARITY", 0, 15, 0),
	{ .name = "OPCODE", .namelen = 6, .seg = { { 0, 16, 22, 0 } }, .nseg = 1, .kind = GK_OPCODE, .flags = GK_F_CHAIN },
	GK_PAR("OPCODE_PARITY", 0, 23, 2),
	GK_CONSTF("TYPE", 0, 28, 31, 7),
};

/* CP_SET_DRAW_STATE groups (adreno_pm4.xml CP_SET_DRAW_STATE: COUNT [15:0],
 * DISABLE bit 17, DISABLE_ALL_GROUPS bit 18; cffdec.c cp_set_draw_state
 * reads a 32-bit address and 2 dwords a group before a5xx, a 64-bit one and
 * 3 dwords from a5xx on) */
const struct gk_adreno_group_row gk_adreno_draw_state_rows[] = {
	{ "CP_SET_DRAW_STATE", GK_ADRENO_A4XX, 2, 0, 0xffffu, (1u << 17) | (1u << 18) },
	{ "CP_SET_DRAW_STATE", GK_ADRENO_A5XX | GK_ADRENO_A6XX | GK_ADRENO_A7XX, 3, 1, 0xffffu, (1u << 17) | (1u << 18) },
};
const unsigned gk_adreno_ndraw_state_rows = sizeof gk_adreno_draw_state_rows / sizeof gk_adreno_draw_state_rows[0];

/* CP_SET_RENDER_MODE on a5xx: ADDR_1 is a buffer of ADDR_1_LEN dwords of
 * packets the CP runs (cffdec.c cp_set_render_mode; adreno_pm4.xml
 * CP_SET_RENDER_MODE_5 .. _7, dwords 6-8 with the header) */
const struct gk_adreno_buf_row gk_adreno_buf_rows[] = {
	{ "CP_SET_RENDER_MODE", GK_ADRENO_A5XX, 7, 1, 6, 0xffffffffu, "ADDR_1_LO" },
};
const unsigned gk_adreno_nbuf_rows = sizeof gk_adreno_buf_rows / sizeof gk_adreno_buf_rows[0];

/* Shader loads (adreno_pm4.xml enums a4xx_state_type / a6xx_state_type
 * ST4_SHADER = ST6_SHADER = 0, a4xx_state_src SS4_DIRECT 0 / SS4_INDIRECT 2,
 * a6xx_state_src SS6_DIRECT 0 / SS6_INDIRECT 2, a4xx/a6xx_state_block
 * SB*_VS_SHADER 8 .. SB*_CS_SHADER 13).  A unit of a shader is 128 bytes,
 * 16 instructions (fd-clouds: NUM_UNIT 88 loads the 1408 instructions Mesa
 * disassembles).  The data of a direct load follows the packet's fixed
 * dwords: dword 3 of a type-3 CP_LOAD_STATE4, dword 4 of the type-7 forms. */
const struct gk_adreno_load_row gk_adreno_load_rows[] = {
	{ "CP_LOAD_STATE4", GK_ADRENO_A4XX, 0, 0, 2, 8, 13, 3, 128 },
	{ "CP_LOAD_STATE4", GK_ADRENO_A5XX, 0, 0, 2, 8, 13, 4, 128 },
	{ "CP_LOAD_STATE6_GEOM", GK_ADRENO_A6XX | GK_ADRENO_A7XX, 0, 0, 2, 8, 13, 4, 128 },
	{ "CP_LOAD_STATE6_FRAG", GK_ADRENO_A6XX | GK_ADRENO_A7XX, 0, 0, 2, 8, 13, 4, 128 },
	{ "CP_LOAD_STATE6", GK_ADRENO_A6XX | GK_ADRENO_A7XX, 0, 0, 2, 8, 13, 4, 128 },
};
const unsigned gk_adreno_nload_rows = sizeof gk_adreno_load_rows / sizeof gk_adreno_load_rows[0];

/* The summary's events (cffdec.c counts draws at the CP_DRAW_* packets and
 * blits at CP_BLIT and the BLIT event; parse-submits.lua the same) */
#define ALL_A (GK_ADRENO_A2XX | GK_ADRENO_A3XX | GK_ADRENO_A4XX | GK_ADRENO_A5XX | GK_ADRENO_A6XX | GK_ADRENO_A7XX)
const struct gk_adreno_event_row gk_adreno_event_rows[] = {
	{ "CP_DRAW_INDX", ALL_A, GK_ADRENO_EV_DRAW, NULL, NULL },
	{ "CP_DRAW_INDX_2", ALL_A, GK_ADRENO_EV_DRAW, NULL, NULL },
	{ "CP_DRAW_INDX_BIN", ALL_A, GK_ADRENO_EV_DRAW, NULL, NULL },
	{ "CP_DRAW_INDX_2_BIN", ALL_A, GK_ADRENO_EV_DRAW, NULL, NULL },
	{ "CP_DRAW_INDX_OFFSET", ALL_A, GK_ADRENO_EV_DRAW, NULL, NULL },
	{ "CP_DRAW_AUTO", ALL_A, GK_ADRENO_EV_DRAW, NULL, NULL },
	{ "CP_DRAW_INDIRECT", ALL_A, GK_ADRENO_EV_DRAW, NULL, NULL },
	{ "CP_DRAW_INDX_INDIRECT", ALL_A, GK_ADRENO_EV_DRAW, NULL, NULL },
	{ "CP_DRAW_INDIRECT_MULTI", ALL_A, GK_ADRENO_EV_DRAW, NULL, NULL },
	{ "CP_BLIT", ALL_A, GK_ADRENO_EV_BLIT, NULL, NULL },
	{ "CP_EVENT_WRITE", ALL_A, GK_ADRENO_EV_BLIT, "EVENT", "BLIT" },
	{ "CP_EVENT_WRITE7", ALL_A, GK_ADRENO_EV_BLIT, "EVENT", "BLIT" },
	{ "CP_EXEC_CS", ALL_A, GK_ADRENO_EV_DISPATCH, NULL, NULL },
	{ "CP_EXEC_CS_INDIRECT", ALL_A, GK_ADRENO_EV_DISPATCH, NULL, NULL },
};
const unsigned gk_adreno_nevent_rows = sizeof gk_adreno_event_rows / sizeof gk_adreno_event_rows[0];

/* The targets' registers (a3xx.xml-a6xx.xml names) */
const struct gk_adreno_summary_row gk_adreno_summary_rows[] = {
	{ GK_ADRENO_A3XX, "RB_MRT[%s%x].BUF_BASE", NULL, "RB_MRT[%s%x].BUF_INFO", "COLOR_FORMAT", NULL, NULL, NULL, NULL,
	  "GRAS_SC_WINDOW_SCISSOR_TL", "GRAS_SC_WINDOW_SCISSOR_BR", "X", "Y", "RB_COPY_DEST_BASE", NULL, "RB_COPY_DEST_INFO" },
	{ GK_ADRENO_A4XX, "RB_MRT[%s%x].BASE", NULL, "RB_MRT[%s%x].BUF_INFO", "COLOR_FORMAT", NULL, NULL, "RB_DEPTH_INFO",
	  "DEPTH_FORMAT", "GRAS_SC_WINDOW_SCISSOR_TL", "GRAS_SC_WINDOW_SCISSOR_BR", "X", "Y", "RB_COPY_DEST_BASE", NULL, "RB_COPY_DEST_INFO" },
	{ GK_ADRENO_A5XX, "RB_MRT[%s%x].BASE_LO", "RB_MRT[%s%x].BASE_HI", "RB_MRT[%s%x].BUF_INFO", "COLOR_FORMAT",
	  "RB_DEPTH_BUFFER_BASE_LO", "RB_DEPTH_BUFFER_BASE_HI", "RB_DEPTH_BUFFER_INFO", "DEPTH_FORMAT",
	  "GRAS_SC_WINDOW_SCISSOR_TL", "GRAS_SC_WINDOW_SCISSOR_BR", "X", "Y", "RB_BLIT_DST_LO", "RB_BLIT_DST_HI", "RB_BLIT_DST_INFO" },
	{ GK_ADRENO_A6XX | GK_ADRENO_A7XX, "RB_MRT[%s%x].BASE", NULL, "RB_MRT[%s%x].BUF_INFO", "COLOR_FORMAT",
	  "RB_DEPTH_BUFFER_BASE", NULL, "RB_DEPTH_BUFFER_INFO", "DEPTH_FORMAT", "GRAS_SC_WINDOW_SCISSOR_TL", "GRAS_SC_WINDOW_SCISSOR_BR", "X", "Y",
	  "RB_BLIT_DST", NULL, "RB_BLIT_DST_INFO" },
};
const unsigned gk_adreno_nsummary_rows = sizeof gk_adreno_summary_rows / sizeof gk_adreno_summary_rows[0];

/* type-4 offsets are 19 bits of dwords */
const struct gk_space gk_adreno_spaces[GK_ADRENO_NSPACES] = {
	[GK_ADRENO_SPACE_MMIO] = { "mmio", 0, 0x200000 },
};
