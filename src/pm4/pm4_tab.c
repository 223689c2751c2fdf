/* PM4 packet descriptions for R6xx, R7xx, Evergreen and Cayman: seed 001 §9.
 *
 * Table format (include/gfxkit/desc.h): one struct gk_packet_desc per packet
 * and generation range, holding its IT opcode, the generations that have it,
 * the dword layout (GK_* field macros from src/core/desc_macros.h: name,
 * dword (header = dw0, so the seed's "DW 2" is dw1), bit range, kind) and
 * what follows the fixed fields (data, registers, or repeated groups).
 *
 * Sources, in order of authority:
 *   - seed 001 §9 for layouts and field names; its section titles
 *     ("R7xx/Evergreen/Cayman", "Evergreen/Cayman", "Cayman") for generations;
 *   - Linux radeon headers for opcode numbers and generations: r600d.h (R6xx
 *     and R7xx), evergreend.h, nid.h, and the command-stream checkers
 *     r600_cs.c / evergreen_cs.c for packet sizes;
 *   - the LOAD_* opcodes (0x60-0x67) are in no kernel header: their numbers
 *     come from the R7xx-derived Wii U GPU emulators (decaf-emu, Cemu), where
 *     they sit one-for-one below SET_* (0x68-0x6F).
 * Where the seed and the kernel disagree a comment at the entry says which
 * source decided.  Generation of a packet = kernel headers of that
 * generation plus the seed section title. */
#include "pm4_tab.h"

#include "desc_macros.h" /* src/core */

#define R6 GK_PM4_R600
#define R7 GK_PM4_R700
#define EG GK_PM4_EVERGREEN
#define CM GK_PM4_CAYMAN
#define ALL (R6 | R7 | EG | CM)
#define R7UP (R7 | EG | CM)
#define EGUP (EG | CM)

/* §9.1.4 type-3 header */
const struct gk_field gk_pm4_hdr3[] = {
	GK_B("PREDICATE", 0, 0, .flags = GK_F_HIDE0),
	GK_E("SHADER_TYPE", 0, 1, 1, gk_pm4_shader_type, .flags = GK_F_HIDE0),
	GK_OPC("IT_OPCODE", 0, 8, 15),
	GK_CNT("COUNT", 0, 16, 29, 2),
	GK_CONSTF("TYPE", 0, 30, 31, 3),
};
const unsigned gk_pm4_nhdr3 = GK_COUNTOF(gk_pm4_hdr3);

static const char *const shader_type_names[2] = { [0] = "GRAPHICS", [1] = "COMPUTE" };
const struct gk_enum gk_pm4_shader_type = { 1, shader_type_names, NULL };

/* §9.1.1 type-0 header.  BASE_INDEX is 16 bits on R6xx+ (the kernel's
 * R600_CP_PACKET0_GET_REG masks 0xFFFF); the r100-era ONE_REG_WR bit 15 of
 * radeon_reg.h overlaps it and is not defined for these generations. */
static const struct gk_field hdr0[] = {
	GK_X("BASE_INDEX", 0, 0, 15),
	GK_CNT("COUNT", 0, 16, 29, 2),
	GK_CONSTF("TYPE", 0, 30, 31, 0),
};

/* §9.1.2: type 1 is not supported by R6xx+; framed as one dword. */
static const struct gk_field hdr1[] = {
	GK_X("BITS", 0, 0, 29),
	GK_CONSTF("TYPE", 0, 30, 31, 1),
};

/* §9.1.3: a one-dword filler; bits 29:0 are undefined (the kernel's PACKET2(v)
 * puts a pad value there), so they are don't-care, not reserved. */
static const struct gk_field hdr2[] = {
	GK_DC("PAD", 0, 0, 29),
	GK_CONSTF("TYPE", 0, 30, 31, 2),
};

/* Any type-3 packet, for opcodes no generation defines: IT_OPCODE is a plain
 * field here and the body is shown raw. */
static const struct gk_field hdr3_raw[] = {
	GK_B("PREDICATE", 0, 0, .flags = GK_F_HIDE0),
	GK_E("SHADER_TYPE", 0, 1, 1, gk_pm4_shader_type, .flags = GK_F_HIDE0),
	GK_X("IT_OPCODE", 0, 8, 15),
	GK_CNT("COUNT", 0, 16, 29, 2),
	GK_CONSTF("TYPE", 0, 30, 31, 3),
};

#define HDR3 .hdr = gk_pm4_hdr3, .nhdr = 5
#define FIELDS(a) .fields = a, .nfields = GK_COUNTOF(a)
#define FIXED(n) .min_dw = (n), .max_dw = (n)
#define RULES(a) .rules = a, .nrules = GK_COUNTOF(a)

/* ---- enums ------------------------------------------------------------- */

GK_ENUM_TAGS(swap, 2, [0] = GK_TAG_SWAP_NONE, [1] = GK_TAG_SWAP_8IN16, [2] = GK_TAG_SWAP_8IN32,
	     [3] = GK_TAG_SWAP_8IN64);
GK_ENUM_DEF_TAGGED(swap, 2, [0] = "NONE", [1] = "8IN16", [2] = "8IN32", [3] = "8IN64");
GK_ENUM_TAGS(space, 1, [0] = GK_TAG_PLACE_REG, [1] = GK_TAG_PLACE_MEM);
GK_ENUM_DEF_TAGGED(space, 1, [0] = "REGISTER", [1] = "MEMORY");
/* §9.5.2 / §9.6.8 FUNCTION; 111 is reserved */
GK_ENUM_TAGS(function, 3, [0] = GK_TAG_CMP_ALWAYS, [1] = GK_TAG_CMP_LESS, [2] = GK_TAG_CMP_LESS_EQUAL,
	     [3] = GK_TAG_CMP_EQUAL, [4] = GK_TAG_CMP_NOT_EQUAL, [5] = GK_TAG_CMP_GREATER_EQUAL, [6] = GK_TAG_CMP_GREATER);
GK_ENUM_DEF_TAGGED(function, 3, [0] = "ALWAYS", [1] = "LESS", [2] = "LESS_EQUAL", [3] = "EQUAL",
	    [4] = "NOT_EQUAL", [5] = "GREATER_EQUAL", [6] = "GREATER");
GK_ENUM_DEF(wrm_engine, 1, [0] = "ME", [1] = "PFP");
GK_ENUM_DEF(ss_engine, 1, [0] = "PFP", [1] = "ME");
/* §9.2.2 PREAMBLE_CNTL command; 2 and 3 are Evergreen+ */
GK_ENUM_TAGS(preamble_cmd, 4, [0] = GK_TAG_PREAMBLE_MARK, [1] = GK_TAG_PREAMBLE_MARK, [2] = GK_TAG_CLEAR_STATE_BEGIN,
	     [3] = GK_TAG_CLEAR_STATE_END);
GK_ENUM_DEF_TAGGED(preamble_cmd, 4, [0] = "BEGIN_PREAMBLE", [1] = "END_PREAMBLE",
	    [2] = "BEGIN_CLEAR_STATE", [3] = "END_CLEAR_STATE");
GK_ENUM_DEF(mode_cmd, 3, [1] = "RESET_DX9_CONST_EMULATION");
GK_ENUM_DEF(index_size, 1, [0] = "INDEX_16", [1] = "INDEX_32");
/* §9.5.3 PRED_OP; 011 and 1xx reserved */
GK_ENUM_TAGS(pred_op, 3, [0] = GK_TAG_PRED_CLEAR, [1] = GK_TAG_PRED_OTHER, [2] = GK_TAG_PRED_OTHER);
GK_ENUM_DEF_TAGGED(pred_op, 3, [0] = "CLEAR", [1] = "ZPASS", [2] = "PRIMCOUNT");
GK_ENUM_DEF(pred_bool, 1, [0] = "DRAW_IF_NOT_VISIBLE", [1] = "DRAW_IF_VISIBLE");
/* §9.6.1 EVENT_INDEX as EVENT_WRITE may use it (5 is for EOP, 6 for EOS) */
GK_ENUM_DEF(event_index, 4, [0] = "OTHER", [1] = "ZPASS_DONE", [2] = "SAMPLE_PIPELINESTAT",
	    [3] = "SAMPLE_STREAMOUTSTATS", [4] = "PARTIAL_FLUSH", [5] = "TS", [6] = "EOS");
/* VGT_EVENT_TYPE: values from Mesa's GFX6 register JSON (reference/registers
 * gfx6.json), which agree with the r600d.h defines CACHE_FLUSH_AND_INV_EVENT_TS
 * (0x14) and CACHE_FLUSH_AND_INV_EVENT (0x16); listed up to the last event the
 * Evergreen guide uses (CS_DONE/PS_DONE, SX_CB_RAT_ACK_REQUEST). */
GK_ENUM_DEF(event_type, 6,
	    [0x01] = "SAMPLE_STREAMOUTSTATS1", [0x02] = "SAMPLE_STREAMOUTSTATS2",
	    [0x03] = "SAMPLE_STREAMOUTSTATS3", [0x04] = "CACHE_FLUSH_TS", [0x05] = "CONTEXT_DONE",
	    [0x06] = "CACHE_FLUSH", [0x07] = "CS_PARTIAL_FLUSH", [0x08] = "VGT_STREAMOUT_SYNC",
	    [0x0a] = "VGT_STREAMOUT_RESET", [0x0b] = "END_OF_PIPE_INCR_DE",
	    [0x0c] = "END_OF_PIPE_IB_END", [0x0d] = "RST_PIX_CNT", [0x0f] = "VS_PARTIAL_FLUSH",
	    [0x10] = "PS_PARTIAL_FLUSH", [0x11] = "FLUSH_HS_OUTPUT", [0x12] = "FLUSH_LS_OUTPUT",
	    [0x14] = "CACHE_FLUSH_AND_INV_TS_EVENT", [0x15] = "ZPASS_DONE",
	    [0x16] = "CACHE_FLUSH_AND_INV_EVENT", [0x17] = "PERFCOUNTER_START",
	    [0x18] = "PERFCOUNTER_STOP", [0x19] = "PIPELINESTAT_START", [0x1a] = "PIPELINESTAT_STOP",
	    [0x1b] = "PERFCOUNTER_SAMPLE", [0x1c] = "FLUSH_ES_OUTPUT", [0x1d] = "FLUSH_GS_OUTPUT",
	    [0x1e] = "SAMPLE_PIPELINESTAT", [0x1f] = "SO_VGTSTREAMOUT_FLUSH",
	    [0x20] = "SAMPLE_STREAMOUTSTATS", [0x21] = "RESET_VTX_CNT", [0x22] = "BLOCK_CONTEXT_DONE",
	    [0x23] = "CS_CONTEXT_DONE", [0x24] = "VGT_FLUSH", [0x26] = "SQ_NON_EVENT",
	    [0x27] = "SC_SEND_DB_VPZ", [0x28] = "BOTTOM_OF_PIPE_TS", [0x29] = "FLUSH_SX_TS",
	    [0x2a] = "DB_CACHE_FLUSH_AND_INV", [0x2b] = "FLUSH_AND_INV_DB_DATA_TS",
	    [0x2c] = "FLUSH_AND_INV_DB_META", [0x2d] = "FLUSH_AND_INV_CB_DATA_TS",
	    [0x2e] = "FLUSH_AND_INV_CB_META", [0x2f] = "CS_DONE", [0x30] = "PS_DONE",
	    [0x31] = "FLUSH_AND_INV_CB_PIXEL_DATA", [0x32] = "SX_CB_RAT_ACK_REQUEST");
/* §9.6.2 DATA_SEL; 101-111 reserved */
GK_ENUM_TAGS(data_sel, 3, [0] = GK_TAG_SEND_NOTHING, [1] = GK_TAG_SEND_DATA32, [2] = GK_TAG_SEND_DATA64,
	     [3] = GK_TAG_SEND_CLOCK, [4] = GK_TAG_SEND_OTHER);
GK_ENUM_DEF_TAGGED(data_sel, 3, [0] = "DISCARD", [1] = "SEND_32BIT_LOW", [2] = "SEND_64BIT",
	    [3] = "SEND_GPU_CLOCK", [4] = "SEND_PERFCOUNTER");
/* §9.6.2 INT_SEL; 11 reserved */
GK_ENUM_TAGS(int_sel, 2, [0] = GK_TAG_INT_NONE, [1] = GK_TAG_INT_SEND, [2] = GK_TAG_INT_SEND);
GK_ENUM_DEF_TAGGED(int_sel, 2, [0] = "NONE", [1] = "SEND_INT", [2] = "SEND_INT_ON_CONFIRM");
/* §9.6.3 EOS CMD */
GK_ENUM_TAGS(eos_cmd, 3, [0] = GK_TAG_SEND_OTHER, [1] = GK_TAG_SEND_OTHER, [2] = GK_TAG_SEND_DATA32);
GK_ENUM_DEF_TAGGED(eos_cmd, 3, [0] = "STORE_APPEND_COUNT", [1] = "STORE_GDS_DATA", [2] = "STORE_DATA");
/* §9.6.4 SEM_SEL: only signal (110) and wait (111) */
GK_ENUM_TAGS(sem_sel, 3, [6] = GK_TAG_SEM_SIGNAL, [7] = GK_TAG_SEM_WAIT);
GK_ENUM_DEF_TAGGED(sem_sel, 3, [6] = "SIGNAL", [7] = "WAIT");
GK_ENUM_DEF(client_code, 2, [0] = "CP", [1] = "CB", [2] = "DB", [3] = "SX");
GK_ENUM_DEF(signal_type, 1, [0] = "INCREMENT", [1] = "WRITE_ONE");
/* §9.6.6 STRMOUT_BUFFER_UPDATE SOURCE_SELECT */
GK_ENUM_DEF(so_src, 2, [0] = "FROM_PACKET", [1] = "FROM_VGT_FILLED_SIZE",
	    [2] = "FROM_SRC_ADDRESS", [3] = "NONE");
GK_ENUM_DEF(cntr_sel, 1, [0] = "DATA", [1] = "COUNTER");
GK_ENUM_TAGS(cntr64_sel, 1, [0] = GK_TAG_PLACE_CLOCK, [1] = GK_TAG_PLACE_OTHER);
GK_ENUM_DEF_TAGGED(cntr64_sel, 1, [0] = "GPU_CLOCK", [1] = "PERFCOUNTER");
/* §9.4.4 CONTEXT_CONTROL load/shadow enables.  The seed's bit list is
 * garbled by the PDF conversion; the order below is the one the R7xx-based
 * Wii U emulators use (decaf-emu CONTEXT_CONTROL_ENABLE), and matches the
 * seed's CS bits 8-12 and bit 31. */
GK_ENUM_DEF(cc_bits, 5, [0] = "CONFIG_REG", [1] = "CONTEXT_REG", [2] = "ALU_CONST",
	    [3] = "BOOL_CONST", [4] = "LOOP_CONST", [5] = "RESOURCE", [6] = "SAMPLER",
	    [7] = "CTL_CONST", [8] = "CS_CONTEXT_REG", [9] = "CS_BOOL_CONST",
	    [10] = "CS_LOOP_CONST", [11] = "CS_RESOURCE", [12] = "CS_SAMPLER", [31] = "DW_ENABLE");
/* §9.6.7 COHER_CNTL: bit names of the kernel's PACKET3_*_ENA defines
 * (evergreend.h; r600d.h calls bit 28 SMX_ACTION_ENA; FULL_CACHE_ENA is r7xx+) */
GK_ENUM_DEF(coher_bits, 5, [6] = "CB0_DEST_BASE_ENA", [7] = "CB1_DEST_BASE_ENA",
	    [8] = "CB2_DEST_BASE_ENA", [9] = "CB3_DEST_BASE_ENA", [10] = "CB4_DEST_BASE_ENA",
	    [11] = "CB5_DEST_BASE_ENA", [12] = "CB6_DEST_BASE_ENA", [13] = "CB7_DEST_BASE_ENA",
	    [14] = "DB_DEST_BASE_ENA", [15] = "CB8_DEST_BASE_ENA", [16] = "CB9_DEST_BASE_ENA",
	    [17] = "CB10_DEST_BASE_ENA", [18] = "CB11_DEST_BASE_ENA", [20] = "FULL_CACHE_ENA",
	    [23] = "TC_ACTION_ENA", [24] = "VC_ACTION_ENA", [25] = "CB_ACTION_ENA",
	    [26] = "DB_ACTION_ENA", [27] = "SH_ACTION_ENA", [28] = "SX_ACTION_ENA");
/* CP_DMA (kernel evergreend.h comment block) */
GK_ENUM_TAGS(cpdma_src, 2, [0] = GK_TAG_PLACE_MEM, [1] = GK_TAG_PLACE_GDS, [2] = GK_TAG_PLACE_DATA);
GK_ENUM_DEF_TAGGED(cpdma_src, 2, [0] = "SRC_ADDR", [1] = "GDS", [2] = "DATA");
GK_ENUM_TAGS(cpdma_dst, 2, [0] = GK_TAG_PLACE_MEM, [1] = GK_TAG_PLACE_GDS);
GK_ENUM_DEF_TAGGED(cpdma_dst, 2, [0] = "DST_ADDR", [1] = "GDS");
/* CP_DMA SAS/DAS: 0 memory, 1 register (kernel comments) — the reverse of
 * the *_SPACE fields of COND_WRITE and WAIT_REG_MEM */
GK_ENUM_TAGS(cpdma_space, 1, [0] = GK_TAG_PLACE_MEM, [1] = GK_TAG_PLACE_REG);
GK_ENUM_DEF_TAGGED(cpdma_space, 1, [0] = "MEMORY", [1] = "REGISTER");
GK_ENUM_TAGS(copy_sel, 1, [0] = GK_TAG_PLACE_REG, [1] = GK_TAG_PLACE_MEM);
GK_ENUM_DEF_TAGGED(copy_sel, 1, [0] = "REGISTER", [1] = "MEMORY");
/* SET_APPEND_CNT SOURCE_SEL (kernel evergreend.h PACKET3_SAC_SRC_SEL_*) */
GK_ENUM_DEF(sac_src, 2, [0] = "DATA", [1] = "REG", [2] = "GDS", [3] = "MEM");

/* ---- layouts ----------------------------------------------------------- */

/* Packet dwords the CP copies into a register (§9.3): the decoder names
 * that register's fields beside the value. */
#define VGT_DRAW_INITIATOR 0x287F0
#define VGT_DISPATCH_INITIATOR 0x28B74

/* §9.2.1 */
static const struct gk_field me_initialize[] = {
	GK_B("DEFAULT_RESET_CONTROL", 1, 0),
	GK_U("MAX_CONTEXT", 3, 0, 2, .min = 1, .max = 7,
	     .why = "context 0 holds the clear state"),
	GK_X("DEV_ID", 4, 16, 23),
	GK_E("EXTERNAL_MEM_SWAP", 4, 0, 1, swap),
	GK_AS("HEADER_DUMP_BASE", 5, 4, 31, 12),
	GK_E("HEADER_DUMP_SWAP", 5, 0, 1, swap),
	GK_B("HEADER_DUMP_ENABLE", 6, 31),
	GK_U("HEADER_DUMP_SIZE", 6, 0, 29),
};

/* §9.2.2: bits 19:0 are "reserved for internal use by the CP" (don't care),
 * 27:20 reserved */
static const struct gk_field preamble_cntl[] = {
	GK_E("CMD", 1, 28, 31, preamble_cmd),
	GK_DC("CP_INTERNAL", 1, 0, 19),
};

/* §9.3.1; VMID is valid starting with Cayman */
static const struct gk_field indirect_buffer[] = {
	GK_A("IB_BASE", 1, 2, 2, 7, 4),
	GK_E("SWAP", 1, 0, 1, swap),
	GK_U("IB_SIZE", 3, 0, 19),
	GK_U("VMID", 3, 24, 31, .gens = CM),
};
/* the CP fetches IB_SIZE dwords from IB_BASE and runs them */
static const struct gk_access indirect_buffer_acc[] = {
	{ .rw = GK_ACC_READ, .size = GK_Z_COUNT, .addr = "IB_BASE", .count = "IB_SIZE", .n = 4 },
};

/* §9.3.2.  The seed says "[30:0] Base Address [31:1]"; the kernel's checker
 * (evergreen_cs.c) and Mesa write the byte address in place, so the field is
 * dword bits 31:0 and bit 0 must be clear (word aligned). */
static const struct gk_field draw_index[] = {
	GK_A("INDEX_BASE", 1, 0, 2, 7, 2),
	GK_U("INDEX_COUNT", 3, 0, 31),
	GK_X("DRAW_INITIATOR", 4, 0, 31, .reg = VGT_DRAW_INITIATOR),
};
/* §9.3.3 */
static const struct gk_field draw_index_2[] = {
	GK_U("MAX_SIZE", 1, 0, 31),
	GK_A("INDEX_BASE", 2, 0, 3, 7, 2),
	GK_U("INDEX_COUNT", 4, 0, 31),
	GK_X("DRAW_INITIATOR", 5, 0, 31, .reg = VGT_DRAW_INITIATOR),
};
/* §9.3.4 */
static const struct gk_field draw_index_auto[] = {
	GK_U("INDEX_COUNT", 1, 0, 31),
	GK_X("DRAW_INITIATOR", 2, 0, 31, .reg = VGT_DRAW_INITIATOR),
};
/* §9.3.5; indices follow from dw3 */
static const struct gk_field draw_index_immed[] = {
	GK_U("INDEX_COUNT", 1, 0, 31),
	GK_X("DRAW_INITIATOR", 2, 0, 31, .reg = VGT_DRAW_INITIATOR),
};
/* §9.3.6 */
static const struct gk_field draw_index_offset[] = {
	GK_U("INDEX_OFFSET", 1, 0, 31),
	GK_U("INDEX_COUNT", 2, 0, 31),
	GK_X("DRAW_INITIATOR", 3, 0, 31, .reg = VGT_DRAW_INITIATOR),
};
/* §9.3.7 */
static const struct gk_field draw_index_offset_2[] = {
	GK_U("MAX_SIZE", 1, 0, 31),
	GK_U("INDEX_OFFSET", 2, 0, 31),
	GK_U("INDEX_COUNT", 3, 0, 31),
	GK_X("DRAW_INITIATOR", 4, 0, 31, .reg = VGT_DRAW_INITIATOR),
};
/* §9.3.8 (byte address in place, as DRAW_INDEX) */
static const struct gk_field index_base[] = {
	GK_A("INDEX_BASE", 1, 0, 2, 7, 2),
};
/* §9.3.9 */
static const struct gk_field index_type[] = {
	GK_E("INDEX_TYPE", 1, 0, 0, index_size),
	GK_E("SWAP_MODE", 1, 2, 3, swap),
};
/* §9.3.10 */
static const struct gk_field num_instances[] = {
	GK_U("NUM_INSTANCES", 1, 0, 31),
};
/* §9.3.11 */
static const struct gk_field mpeg_index[] = {
	GK_U("NUM_INDICES", 1, 0, 13, .min = 3, .max = 0x3fff),
	GK_X("DRAW_INITIATOR", 2, 0, 31, .reg = VGT_DRAW_INITIATOR),
};
/* §9.3.12 */
static const struct gk_field dispatch_direct[] = {
	GK_U("DIM_X", 1, 0, 31),
	GK_U("DIM_Y", 2, 0, 31),
	GK_U("DIM_Z", 3, 0, 31),
	GK_X("DISPATCH_INITIATOR", 4, 0, 31, .reg = VGT_DISPATCH_INITIATOR),
};
/* §9.3.13: byte offset with bits 1:0 = 00 */
static const struct gk_field dispatch_indirect[] = {
	GK_X("DATA_OFFSET", 1, 0, 31, .align = 4),
	GK_X("DISPATCH_INITIATOR", 2, 0, 31, .reg = VGT_DISPATCH_INITIATOR),
};
/* DRAW_INDIRECT / DRAW_INDEX_INDIRECT: layout from the comment in the
 * kernel's evergreen_cs.c (DATA_OFFSET, DRAW_INITIATOR) */
static const struct gk_field draw_indirect[] = {
	GK_X("DATA_OFFSET", 1, 0, 31, .align = 4),
	GK_X("DRAW_INITIATOR", 2, 0, 31, .reg = VGT_DRAW_INITIATOR),
};
/* SET_BASE: kernel evergreen_cs.c comment (BASE_INDEX 1 = draw-index-indirect
 * patch table base, QWORD-aligned address) */
GK_ENUM_DEF(set_base_index, 4, [1] = "DRAW_INDEX_INDIRECT_PATCH_TABLE");
static const struct gk_field set_base[] = {
	GK_E("BASE_INDEX", 1, 0, 3, set_base_index),
	GK_A("ADDRESS", 2, 0, 3, 7, 8),
};
static const struct gk_field index_buffer_size[] = {
	GK_U("INDEX_BUFFER_SIZE", 1, 0, 31),
};
/* §9.4.1, §9.4.2, §9.6.5: one dummy dword */
static const struct gk_field dummy[] = {
	GK_DC("DUMMY", 1, 0, 31),
};
/* §9.4.3 */
static const struct gk_field mode_control[] = {
	GK_E("CMD", 1, 0, 2, mode_cmd),
};
/* §9.4.4 */
static const struct gk_field context_control[] = {
	GK_BITS("LOAD_CONTROL", 1, 0, 31, cc_bits),
	GK_BITS("SHADOW_ENABLE", 2, 0, 31, cc_bits),
};
/* §9.4.5-§9.4.12 LOAD_*: base address, then (offset, count) pairs */
static const struct gk_field load_base[] = {
	GK_A("BASE_ADDR", 1, 2, 2, 7, 4),
};
static const struct gk_field load_config_base[] = {
	GK_A("BASE_ADDR", 1, 2, 2, 7, 4),
	GK_B("WAIT_FOR_IDLE", 2, 31),
};
static const struct gk_field load_const_pair[] = {
	GK_X("CONST_OFFSET", 0, 0, 15),
	GK_U("NUM_DWORDS", 1, 0, 13),
};
/* the first register loaded, in dwords from the start of the packet's space:
 * printed by name */
#define LOAD_REG_PAIR(sp) \
	GK_REGIDX("REG_OFFSET", 0, 0, 15, .space = 1 + (sp)), \
	GK_U("NUM_DWORDS", 1, 0, 13)
static const struct gk_field load_config_reg_pair[] = { LOAD_REG_PAIR(GK_PM4_SPACE_CONFIG) };
static const struct gk_field load_context_reg_pair[] = { LOAD_REG_PAIR(GK_PM4_SPACE_CONTEXT) };
static const struct gk_field load_uconfig_reg_pair[] = { LOAD_REG_PAIR(GK_PM4_SPACE_UCONFIG) };
static const struct gk_field load_sh_reg_pair[] = { LOAD_REG_PAIR(GK_PM4_SPACE_SH) };
/* §9.4.6: address bits 39:17 in dword bits 31:9 (128 KiB boundary) */
static const struct gk_field load_alu_const[] = {
	GK_AS("ALU_CONST_BASE", 1, 9, 31, 17),
	GK_B("COMPLETE_UPDATE", 1, 0),
};
/* §9.4.13-§9.4.19 SET_*: offset in dwords, [31:16] must be zero */
static const struct gk_field set_reg_offset[] = {
	GK_X("REG_OFFSET", 1, 0, 15),
};
static const struct gk_field set_const_offset[] = {
	GK_X("CONST_OFFSET", 1, 0, 15),
};
/* §9.5.1 */
static const struct gk_field cond_exec[] = {
	GK_A("BOOL_ADDR", 1, 2, 2, 7, 4),
	GK_U("EXEC_COUNT", 3, 0, 13, .flags = GK_F_EXEC),
};
/* §9.5.2: poll and write targets are memory or a register by *_SPACE */
static const struct gk_field cond_write[] = {
	/* 0 */ GK_E("FUNCTION", 1, 0, 2, function),
	/* 1 */ GK_E("POLL_SPACE", 1, 4, 4, space),
	/* 2 */ GK_E("WRITE_SPACE", 1, 8, 8, space),
	GK_A("POLL_ADDRESS", 2, 2, 3, 7, 4, GK_WHEN(1, GK_V(1))),
	GK_E("POLL_SWAP", 2, 0, 1, swap, GK_WHEN(1, GK_V(1))),
	GK_REGIDX("POLL_REG", 2, 0, 15, GK_WHEN(1, GK_V(0))),
	GK_DC("POLL_ADDRESS_HI", 3, 0, 31, GK_WHEN(1, GK_V(0))),
	GK_X("REFERENCE", 4, 0, 31),
	GK_X("MASK", 5, 0, 31),
	GK_A("WRITE_ADDRESS", 6, 2, 7, 7, 4, GK_WHEN(2, GK_V(1))),
	GK_E("WRITE_SWAP", 6, 0, 1, swap, GK_WHEN(2, GK_V(1))),
	GK_REGIDX("WRITE_REG", 6, 0, 15, GK_WHEN(2, GK_V(0))),
	GK_DC("WRITE_ADDRESS_HI", 7, 0, 31, GK_WHEN(2, GK_V(0))),
	GK_X("WRITE_DATA", 8, 0, 31),
};
/* §9.5.3: 16-byte aligned start address (kernel masks 0xfffffff0) */
static const struct gk_field set_predication[] = {
	GK_A("START_ADDR", 1, 0, 2, 7, 16),
	GK_B("CONTINUE", 2, 31),
	GK_E("PRED_OP", 2, 16, 18, pred_op),
	GK_B("HINT", 2, 12),
	GK_E("PREDICATION_BOOLEAN", 2, 8, 8, pred_bool),
};
/* §9.5.4 */
static const struct gk_field pred_exec[] = {
	GK_X("DEVICE_SELECT", 1, 24, 31),
	GK_U("EXEC_COUNT", 1, 0, 13, .flags = GK_F_EXEC),
};
/* §9.6.1: the address dwords exist only for ZPASS_DONE, SAMPLE_PIPELINESTAT
 * and SAMPLE_STREAMOUTSTATS events (EVENT_INDEX 1-3); QWORD aligned (the
 * kernel masks 0xfffffff8). */
static const struct gk_field event_write[] = {
	/* 0 */ GK_E("EVENT_TYPE", 1, 0, 5, event_type),
	/* 1 */ GK_E("EVENT_INDEX", 1, 8, 11, event_index, .min = 0, .max = 4,
		     .why = "EVENT_WRITE takes indices 0-4 (5 is EOP, 6 is EOS)"),
	GK_A("ADDRESS", 2, 0, 3, 7, 8, GK_WHEN(1, GK_V(1) | GK_V(2) | GK_V(3))),
};
/* §9.6.2: DWORD-aligned for 32-bit data, QWORD-aligned for 64-bit data
 * and counters.  DATA_SEL decides, so it comes first in the table. */
static const struct gk_field event_write_eop[] = {
	/* 0 */ GK_E("EVENT_TYPE", 1, 0, 5, event_type),
	/* 1 */ GK_E("EVENT_INDEX", 1, 8, 11, event_index, .min = 5, .max = 5,
		     .why = "end-of-pipe events use index 5"),
	/* 2 */ GK_E("DATA_SEL", 3, 29, 31, data_sel),
	GK_E("INT_SEL", 3, 24, 25, int_sel, GK_WHEN(2, GK_V(0))),
	/* "01 - Send Interrupt Only. Program DATA_SEL 000" */
	GK_E("INT_SEL", 3, 24, 25, int_sel, GK_WHEN(2, ~GK_V(0)), .forbid = GK_V(1),
	     .why = "SEND_INT (interrupt only) needs DATA_SEL=DISCARD"),
	GK_A("ADDRESS", 2, 2, 3, 7, 4, GK_WHEN(2, ~(GK_V(2) | GK_V(3) | GK_V(4)))),
	GK_A("ADDRESS", 2, 2, 3, 7, 8, GK_WHEN(2, GK_V(2) | GK_V(3) | GK_V(4))),
	GK_X("DATA_LO", 4, 0, 31),
	GK_X("DATA_HI", 5, 0, 31),
};
/* §9.6.3 */
static const struct gk_field event_write_eos[] = {
	/* 0 */ GK_E("EVENT_TYPE", 1, 0, 5, event_type),
	/* 1 */ GK_E("EVENT_INDEX", 1, 8, 11, event_index, .min = 6, .max = 6,
		     .why = "end-of-shader events use index 6"),
	/* 2 */ GK_E("CMD", 3, 29, 31, eos_cmd),
	GK_A("ADDRESS", 2, 2, 3, 7, 4),
	GK_U("SIZE", 4, 16, 30, GK_WHEN(2, GK_V(1)), .min = 1, .max = 0x4000,
	     .why = "a GDS read of zero dwords is not supported"),
	GK_X("REG_ADDR", 4, 0, 15, GK_WHEN(2, GK_V(0) | GK_V(1))),
	GK_X("DATA", 4, 0, 31, GK_WHEN(2, GK_V(2))),
};
/* §9.6.4; WAIT_ON_SIGNAL is reserved on Cayman */
static const struct gk_field mem_semaphore[] = {
	GK_A("ADDRESS", 1, 0, 2, 7, 8),
	GK_E("SEM_SEL", 2, 29, 31, sem_sel),
	GK_E("CLIENT_CODE", 2, 24, 25, client_code),
	GK_E("SIGNAL_TYPE", 2, 20, 20, signal_type),
	GK_B("USE_MAILBOX", 2, 16),
	GK_B("WAIT_ON_SIGNAL", 2, 12, .gens = R6 | R7 | EG),
};
/* §9.6.6 */
static const struct gk_field strmout_buffer_update[] = {
	/* 0 */ GK_B("UPDATE_MEMORY", 1, 0),
	/* 1 */ GK_E("SOURCE_SELECT", 1, 1, 2, so_src),
	GK_U("BUFFER_SELECT", 1, 8, 9),
	GK_A("DST_ADDRESS", 2, 2, 3, 7, 4),
	GK_E("DST_SWAP", 2, 0, 1, swap),
	GK_U("BUFFER_OFFSET", 4, 0, 31, GK_WHEN(1, GK_V(0))),
	GK_A("SRC_ADDRESS", 4, 2, 5, 7, 4, GK_WHEN(1, GK_V(2))),
	GK_E("SRC_SWAP", 4, 0, 1, swap, GK_WHEN(1, GK_V(2))),
	GK_DC("SRC_ADDRESS_LO", 4, 0, 31, GK_WHEN(1, GK_V(1) | GK_V(3))),
	GK_DC("SRC_ADDRESS_HI", 5, 0, 31, GK_WHEN(1, GK_V(0) | GK_V(1) | GK_V(3))),
};
/* §9.6.7: COHER_BASE is address bits 39:8 */
static const struct gk_field surface_sync[] = {
	GK_E("ENGINE", 1, 31, 31, ss_engine),
	GK_BITS("COHER_CNTL", 1, 0, 28, coher_bits),
	GK_X("COHER_SIZE", 2, 0, 31),
	GK_AS("COHER_BASE", 3, 0, 31, 8),
	GK_U("POLL_INTERVAL", 4, 0, 15),
	GK_U("VMID", 4, 24, 31, .gens = CM),
};
/* §9.6.8: the PFP can only poll memory, with GREATER_EQUAL.  ENGINE comes
 * first so the MEM_SPACE/FUNCTION variants can depend on it. */
static const struct gk_field wait_reg_mem[] = {
	/* 0 */ GK_E("ENGINE", 1, 8, 8, wrm_engine),
	/* 1 */ GK_E("MEM_SPACE", 1, 4, 4, space, GK_WHEN(0, GK_V(0))),
	/* 2 */ GK_E("MEM_SPACE", 1, 4, 4, space, GK_WHEN(0, GK_V(1)), .min = 1, .max = 1,
		     .why = "the PFP can only poll memory"),
	/* 3 */ GK_E("FUNCTION", 1, 0, 2, function, GK_WHEN(0, GK_V(0))),
	/* 4 */ GK_E("FUNCTION", 1, 0, 2, function, GK_WHEN(0, GK_V(1)), .min = 5, .max = 5,
		     .why = "the PFP only supports GREATER_EQUAL"),
	GK_A("POLL_ADDRESS", 2, 2, 3, 7, 4, GK_WHEN(1, GK_V(1))),
	GK_E("SWAP", 2, 0, 1, swap, GK_WHEN(1, GK_V(1))),
	GK_REGIDX("POLL_REG", 2, 0, 15, GK_WHEN(1, GK_V(0))),
	GK_DC("POLL_ADDRESS_HI", 3, 0, 31, GK_WHEN(1, GK_V(0))),
	GK_A("POLL_ADDRESS", 2, 2, 3, 7, 4, GK_WHEN(2, GK_V(1))),
	GK_E("SWAP", 2, 0, 1, swap, GK_WHEN(2, GK_V(1))),
	GK_X("REFERENCE", 4, 0, 31),
	GK_X("MASK", 5, 0, 31),
	GK_U("POLL_INTERVAL", 6, 0, 15),
};
/* §9.7.1 */
static const struct gk_field mem_write[] = {
	GK_A("ADDRESS", 1, 2, 2, 7, 8),
	GK_E("SWAP", 1, 0, 1, swap),
	GK_B("DATA32", 2, 18),
	GK_B("WR_CONFIRM", 2, 17),
	GK_E("CNTR_SEL", 2, 16, 16, cntr_sel),
	GK_E("CNTR64_SEL", 2, 14, 14, cntr64_sel),
	GK_X("DATA_LO", 3, 0, 31),
	GK_X("DATA_HI", 4, 0, 31),
};
/* COPY_DW: kernel evergreen_cs.c/r600_cs.c: dw1 bit 0 = source is memory,
 * bit 1 = destination is memory; registers are given as dword indices. */
static const struct gk_field copy_dw[] = {
	/* 0 */ GK_E("SRC_SEL", 1, 0, 0, copy_sel),
	/* 1 */ GK_E("DST_SEL", 1, 1, 1, copy_sel),
	GK_A("SRC_ADDRESS", 2, 0, 3, 7, 4, GK_WHEN(0, GK_V(1))),
	GK_REGIDX("SRC_REG", 2, 0, 31, GK_WHEN(0, GK_V(0))),
	GK_DC("SRC_ADDRESS_HI", 3, 0, 31, GK_WHEN(0, GK_V(0))),
	GK_A("DST_ADDRESS", 4, 0, 5, 7, 4, GK_WHEN(1, GK_V(1))),
	GK_REGIDX("DST_REG", 4, 0, 31, GK_WHEN(1, GK_V(0))),
	GK_DC("DST_ADDRESS_HI", 5, 0, 31, GK_WHEN(1, GK_V(0))),
};
/* CP_DMA: kernel r600d.h / evergreend.h comment blocks.  SRC_SEL, ENGINE and
 * DST_SEL exist on Evergreen/Cayman only. */
static const struct gk_field cp_dma[] = {
	/* 0 */ GK_E("SRC_SEL", 2, 29, 30, cpdma_src, .gens = EGUP),
	GK_A("SRC_ADDRESS", 1, 0, 2, 7, 0, GK_WHEN(0, GK_V(0) | GK_V(1))),
	GK_X("DATA", 1, 0, 31, GK_WHEN(0, GK_V(2))),
	GK_A("SRC_ADDRESS", 1, 0, 2, 7, 0, .gens = R6 | R7),
	GK_B("CP_SYNC", 2, 31),
	GK_E("ENGINE", 2, 27, 27, wrm_engine, .gens = EGUP),
	GK_E("DST_SEL", 2, 20, 21, cpdma_dst, .gens = EGUP),
	GK_A("DST_ADDRESS", 3, 0, 4, 7, 0),
	GK_B("DAIC", 5, 29),
	GK_B("SAIC", 5, 28),
	GK_E("DAS", 5, 27, 27, cpdma_space),
	GK_E("SAS", 5, 26, 26, cpdma_space),
	GK_E("DST_SWAP", 5, 24, 25, swap),
	GK_E("SRC_SWAP", 5, 22, 23, swap),
	GK_B("DIS_WC", 5, 21, .gens = EGUP),
	GK_U("BYTE_COUNT", 5, 0, 20),
};
/* SET_APPEND_CNT: kernel evergreend.h comment block */
static const struct gk_field set_append_cnt[] = {
	/* 0 */ GK_E("SOURCE_SEL", 1, 0, 1, sac_src),
	GK_X("WR_REG_OFFSET", 1, 16, 31),
	GK_A("SRC_ADDRESS", 2, 2, 3, 7, 4, GK_WHEN(0, GK_V(3))),
	GK_E("SWAP", 2, 0, 1, swap, GK_WHEN(0, GK_V(3))),
	GK_X("GDS_OFFSET", 2, 0, 31, GK_WHEN(0, GK_V(2))),
	GK_X("DATA", 2, 0, 31, GK_WHEN(0, GK_V(0))),
	GK_REGIDX("REG", 2, 0, 31, GK_WHEN(0, GK_V(1))),
	GK_DC("SRC_ADDRESS_HI", 3, 0, 31, GK_WHEN(0, GK_V(0) | GK_V(1) | GK_V(2))),
};

/* ---- GFX6 (SI) through GFX12 ------------------------------------------
 *
 * Opcodes and generations: the Linux amdgpu headers sid.h (SI), cikd.h
 * (CIK), vid.h (VI), soc15d.h (GFX9), nvd.h (GFX10+), and Mesa's
 * src/amd/common/sid.h (its "GFX6 only", "GFX7+", ... notes decide the
 * generations where the kernel headers only list the opcode).  Layouts: the
 * field comments and macros of those headers (e.g. nvd.h's "1. header
 * 2. CONTROL ..." blocks and PACKET3_*__FIELD(x) shifts) and Mesa's
 * pkt3.json (WRITE_DATA CONTROL, DMA_DATA WORD0 and COMMAND).  A packet
 * whose layout those give no further is listed by name with its body raw
 * (BODY_ONLY), so it decodes by name and round-trips.  Addresses are 48-bit
 * GPU virtual addresses whose upper dword is often sign-extended
 * (0xffff8000: Mesa's and the kernel's high VA range), so the high dword is
 * taken whole. */
#define G6 GK_PM4_GFX6
#define G7 GK_PM4_GFX7
#define G8 (GK_PM4_GFX8 | GK_PM4_GFX81)
#define G9 GK_PM4_GFX9
#define GCN GK_PM4_GCN
#define G7UP (GCN & ~G6)
#define G8UP (G7UP & ~G7)
#define G9UP (G8UP & ~G8)
#define G10UP (G9UP & ~G9)
#define G10 (GK_PM4_GFX10 | GK_PM4_GFX103)
#define G103UP (G10UP & ~GK_PM4_GFX10)
#define G11UP (G103UP & ~GK_PM4_GFX103)
#define G6TO8 (G6 | G7 | G8)
#define G7TO9 (G7 | G8 | G9)
#define COMPUTE_DISPATCH_INITIATOR 0xB800

/* Mesa sid.h PKT3_NOP_PAD: "header-only version" of NOP, COUNT 0x3FFF */
static const struct gk_field hdr3_nop_pad[] = {
	GK_B("PREDICATE", 0, 0, .flags = GK_F_HIDE0),
	GK_E("SHADER_TYPE", 0, 1, 1, gk_pm4_shader_type, .flags = GK_F_HIDE0),
	GK_OPC("IT_OPCODE", 0, 8, 15),
	GK_CONSTF("COUNT", 0, 16, 29, 0x3fff),
	GK_CONSTF("TYPE", 0, 30, 31, 3),
};

/* VGT_EVENT_TYPE of Mesa's gfx9 register JSON (GFX6-8 name 0x1c/0x1d
 * FLUSH_ES/GS_OUTPUT, GFX11 renames a few; the GFX9 names are used). */
GK_ENUM_DEF(gcn_event_type, 6,
	    [0x01] = "SAMPLE_STREAMOUTSTATS1", [0x02] = "SAMPLE_STREAMOUTSTATS2",
	    [0x03] = "SAMPLE_STREAMOUTSTATS3", [0x04] = "CACHE_FLUSH_TS", [0x05] = "CONTEXT_DONE",
	    [0x06] = "CACHE_FLUSH", [0x07] = "CS_PARTIAL_FLUSH", [0x08] = "VGT_STREAMOUT_SYNC",
	    [0x0a] = "VGT_STREAMOUT_RESET", [0x0b] = "END_OF_PIPE_INCR_DE",
	    [0x0c] = "END_OF_PIPE_IB_END", [0x0d] = "RST_PIX_CNT", [0x0e] = "BREAK_BATCH",
	    [0x0f] = "VS_PARTIAL_FLUSH", [0x10] = "PS_PARTIAL_FLUSH", [0x11] = "FLUSH_HS_OUTPUT",
	    [0x12] = "FLUSH_DFSM", [0x13] = "RESET_TO_LOWEST_VGT", [0x14] = "CACHE_FLUSH_AND_INV_TS_EVENT",
	    [0x15] = "ZPASS_DONE", [0x16] = "CACHE_FLUSH_AND_INV_EVENT", [0x17] = "PERFCOUNTER_START",
	    [0x18] = "PERFCOUNTER_STOP", [0x19] = "PIPELINESTAT_START", [0x1a] = "PIPELINESTAT_STOP",
	    [0x1b] = "PERFCOUNTER_SAMPLE", [0x1e] = "SAMPLE_PIPELINESTAT", [0x1f] = "SO_VGTSTREAMOUT_FLUSH",
	    [0x20] = "SAMPLE_STREAMOUTSTATS", [0x21] = "RESET_VTX_CNT", [0x22] = "BLOCK_CONTEXT_DONE",
	    [0x23] = "CS_CONTEXT_DONE", [0x24] = "VGT_FLUSH", [0x25] = "TGID_ROLLOVER",
	    [0x26] = "SQ_NON_EVENT", [0x27] = "SC_SEND_DB_VPZ", [0x28] = "BOTTOM_OF_PIPE_TS",
	    [0x29] = "FLUSH_SX_TS", [0x2a] = "DB_CACHE_FLUSH_AND_INV", [0x2b] = "FLUSH_AND_INV_DB_DATA_TS",
	    [0x2c] = "FLUSH_AND_INV_DB_META", [0x2d] = "FLUSH_AND_INV_CB_DATA_TS",
	    [0x2e] = "FLUSH_AND_INV_CB_META", [0x2f] = "CS_DONE", [0x30] = "PS_DONE",
	    [0x31] = "FLUSH_AND_INV_CB_PIXEL_DATA", [0x32] = "SX_CB_RAT_ACK_REQUEST",
	    [0x33] = "THREAD_TRACE_START", [0x34] = "THREAD_TRACE_STOP", [0x35] = "THREAD_TRACE_MARKER",
	    [0x36] = "THREAD_TRACE_FLUSH", [0x37] = "THREAD_TRACE_FINISH", [0x38] = "PIXEL_PIPE_STAT_CONTROL",
	    [0x39] = "PIXEL_PIPE_STAT_DUMP", [0x3a] = "PIXEL_PIPE_STAT_RESET", [0x3b] = "CONTEXT_SUSPEND",
	    [0x3c] = "OFFCHIP_HS_DEALLOC", [0x3d] = "ENABLE_NGG_PIPELINE", [0x3e] = "ENABLE_LEGACY_PIPELINE");
/* Mesa sid.h EVENT_INDEX comment: 0 any non-TS event ... 5 TS events; 6
 * end-of-shader events (EVENT_WRITE_EOS, as on R6xx-Cayman) */
GK_ENUM_DEF(gcn_event_index, 4, [0] = "OTHER", [1] = "ZPASS_DONE", [2] = "SAMPLE_PIPELINESTAT",
	    [3] = "SAMPLE_STREAMOUTSTATS", [4] = "PARTIAL_FLUSH", [5] = "TS", [6] = "EOS");
/* pkt3.json CONTROL__ENGINE_SEL, CONTROL__DST_SEL_cik (its 4 is "RESERVED":
 * a gap here, so writing there is reported); DST_SEL 8 is the GFX9+
 * preemption metadata memory (umr's "preemption meta memory") */
GK_ENUM_DEF(gcn_engine_sel, 2, [0] = "ME", [1] = "PFP", [2] = "CE", [3] = "DE");
GK_ENUM_TAGS(gcn_wd_dst_sel, 4, [0] = GK_TAG_PLACE_REG, [1] = GK_TAG_PLACE_MEM, [2] = GK_TAG_PLACE_MEM,
	     [3] = GK_TAG_PLACE_GDS, [5] = GK_TAG_PLACE_MEM, [8] = GK_TAG_PLACE_OTHER);
GK_ENUM_DEF_TAGGED(gcn_wd_dst_sel, 4, [0] = "MEM_MAPPED_REGISTER", [1] = "MEM_GRBM", [2] = "TC_L2", [3] = "GDS",
	    [5] = "MEM", [8] = "PREEMPTION_META_MEMORY");
/* nvd.h PACKET3_COPY_DATA__SRC_SEL__* / __DST_SEL__* */
GK_ENUM_TAGS(gcn_cd_src_sel, 4, [0] = GK_TAG_PLACE_REG, [1] = GK_TAG_PLACE_MEM, [2] = GK_TAG_PLACE_MEM,
	     [3] = GK_TAG_PLACE_GDS, [4] = GK_TAG_PLACE_OTHER, [5] = GK_TAG_PLACE_DATA, [6] = GK_TAG_PLACE_OTHER,
	     [7] = GK_TAG_PLACE_OTHER, [8] = GK_TAG_PLACE_OTHER, [9] = GK_TAG_PLACE_CLOCK, [10] = GK_TAG_PLACE_OTHER);
GK_ENUM_DEF_TAGGED(gcn_cd_src_sel, 4, [0] = "MEM_MAPPED_REGISTER", [1] = "MEMORY", [2] = "TC_L2", [3] = "GDS",
	    [4] = "PERFCOUNTERS", [5] = "IMMEDIATE_DATA", [6] = "ATOMIC_RETURN_DATA",
	    [7] = "GDS_ATOMIC_RETURN_DATA0", [8] = "GDS_ATOMIC_RETURN_DATA1", [9] = "GPU_CLOCK_COUNT",
	    [10] = "SYSTEM_CLOCK_COUNT");
GK_ENUM_TAGS(gcn_cd_dst_sel, 4, [0] = GK_TAG_PLACE_REG, [1] = GK_TAG_PLACE_MEM, [2] = GK_TAG_PLACE_MEM,
	     [3] = GK_TAG_PLACE_GDS, [4] = GK_TAG_PLACE_OTHER, [5] = GK_TAG_PLACE_MEM, [6] = GK_TAG_PLACE_OTHER);
GK_ENUM_DEF_TAGGED(gcn_cd_dst_sel, 4, [0] = "MEM_MAPPED_REGISTER", [1] = "MEM_GRBM", [2] = "TC_L2", [3] = "GDS",
	    [4] = "PERFCOUNTERS", [5] = "MEMORY", [6] = "MEM_MAPPED_REG_DC");
GK_ENUM_DEF(gcn_count_sel, 1, [0] = "32_BITS", [1] = "64_BITS");
/* pkt3.json CP_DMA_WORD1__* (DMA_DATA WORD0 uses them) */
GK_ENUM_DEF(gcn_dma_engine, 1, [0] = "ME", [1] = "PFP");
GK_ENUM_TAGS(gcn_dma_dst_sel, 2, [0] = GK_TAG_PLACE_MEM, [1] = GK_TAG_PLACE_GDS, [2] = GK_TAG_PLACE_NOWHERE,
	     [3] = GK_TAG_PLACE_MEM);
GK_ENUM_DEF_TAGGED(gcn_dma_dst_sel, 2, [0] = "DST_ADDR", [1] = "GDS", [2] = "NOWHERE", [3] = "DST_ADDR_TC_L2");
GK_ENUM_TAGS(gcn_dma_src_sel, 2, [0] = GK_TAG_PLACE_MEM, [1] = GK_TAG_PLACE_GDS, [2] = GK_TAG_PLACE_DATA,
	     [3] = GK_TAG_PLACE_MEM);
GK_ENUM_DEF_TAGGED(gcn_dma_src_sel, 2, [0] = "SRC_ADDR", [1] = "GDS", [2] = "DATA", [3] = "SRC_ADDR_TC_L2");
GK_ENUM_TAGS(gcn_space_sel, 1, [0] = GK_TAG_PLACE_MEM, [1] = GK_TAG_PLACE_REG);
GK_ENUM_DEF_TAGGED(gcn_space_sel, 1, [0] = "MEMORY", [1] = "REGISTER");
GK_ENUM_TAGS(gcn_incr, 1, [0] = GK_TAG_ADDR_INCREMENT, [1] = GK_TAG_ADDR_NO_INCREMENT);
GK_ENUM_DEF_TAGGED(gcn_incr, 1, [0] = "INCREMENT", [1] = "NO_INCREMENT");
/* soc15d.h/nvd.h RELEASE_MEM DATA_SEL, INT_SEL, DST_SEL comments */
GK_ENUM_TAGS(gcn_rm_data_sel, 3, [0] = GK_TAG_SEND_NOTHING, [1] = GK_TAG_SEND_DATA32, [2] = GK_TAG_SEND_DATA64,
	     [3] = GK_TAG_SEND_CLOCK, [4] = GK_TAG_SEND_OTHER, [5] = GK_TAG_SEND_OTHER);
GK_ENUM_DEF_TAGGED(gcn_rm_data_sel, 3, [0] = "DISCARD", [1] = "SEND_32BIT_LOW", [2] = "SEND_64BIT",
	    [3] = "SEND_GPU_CLOCK", [4] = "SEND_SYSTEM_CLOCK", [5] = "STORE_GDS_DATA");
GK_ENUM_TAGS(gcn_rm_int_sel, 3, [0] = GK_TAG_INT_NONE, [1] = GK_TAG_INT_SEND, [2] = GK_TAG_INT_SEND,
	     [3] = GK_TAG_INT_SEND);
GK_ENUM_DEF_TAGGED(gcn_rm_int_sel, 3, [0] = "NONE", [1] = "SEND_INT", [2] = "SEND_INT_ON_CONFIRM",
	    [3] = "SEND_DATA_AFTER_WR_CONFIRM");
GK_ENUM_DEF(gcn_rm_dst_sel, 2, [0] = "MEMORY", [1] = "TC_L2");
/* nvd.h WAIT_REG_MEM comments */
GK_ENUM_TAGS(gcn_wrm_space, 2, [0] = GK_TAG_PLACE_REG, [1] = GK_TAG_PLACE_MEM);
GK_ENUM_DEF_TAGGED(gcn_wrm_space, 2, [0] = "REGISTER", [1] = "MEMORY");
/* OPERATION 1: the kernel's "write then wait" (gfx_v8_0.c .. gfx_v11_0.c
 * *_wait_reg_mem opt 1, used by emit_hdp_flush and emit_reg_write_reg_wait):
 * dword 2 is the register written with REFERENCE, dword 3 the one polled */
GK_ENUM_TAGS(gcn_wrm_op, 2, [0] = GK_TAG_WAITOP_POLL, [1] = GK_TAG_WAITOP_WRITE_POLL, [2] = GK_TAG_WAITOP_OTHER,
	     [3] = GK_TAG_WAITOP_OTHER);
GK_ENUM_DEF_TAGGED(gcn_wrm_op, 2, [0] = "WAIT_REG_MEM", [1] = "WR_WAIT_WR_REG", [3] = "WAIT_MEM_PREEMPTABLE");
GK_ENUM_DEF(gcn_wrm_engine, 2, [0] = "ME", [1] = "PFP", [2] = "CE");
/* Mesa sid.h CC0_* / CC1_* bits of CONTEXT_CONTROL */
GK_ENUM_DEF(gcn_cc_load, 5, [0] = "LOAD_GLOBAL_CONFIG", [1] = "LOAD_PER_CONTEXT_STATE",
	    [15] = "LOAD_GLOBAL_UCONFIG", [16] = "LOAD_GFX_SH_REGS", [24] = "LOAD_CS_SH_REGS",
	    [28] = "LOAD_CE_RAM", [31] = "UPDATE_LOAD_ENABLES");
GK_ENUM_DEF(gcn_cc_shadow, 5, [0] = "SHADOW_GLOBAL_CONFIG", [1] = "SHADOW_PER_CONTEXT_STATE",
	    [15] = "SHADOW_GLOBAL_UCONFIG", [16] = "SHADOW_GFX_SH_REGS", [24] = "SHADOW_CS_SH_REGS",
	    [31] = "UPDATE_SHADOW_ENABLES");
/* VGT_INDEX_TYPE (Mesa register JSON VGT_INDEX_TYPE_MODE) */
GK_ENUM_DEF(gcn_index_size, 2, [0] = "DI_INDEX_SIZE_16_BIT", [1] = "DI_INDEX_SIZE_32_BIT",
	    [2] = "DI_INDEX_SIZE_8_BIT");
/* nvd.h FRAME_CMD: 0 tmz_begin, 1 tmz_end */
GK_ENUM_DEF(gcn_frame_cmd, 4, [0] = "TMZ_BEGIN", [1] = "TMZ_END");

/* SET_*_REG(_INDEX): REG_OFFSET in dwords from the space start, INDEX in
 * bits 31:28 (nvd.h PACKET3_SET_SH_REG__INDEX; Mesa's radeon_set_*_reg_idx
 * sets it on the plain SET_CONTEXT_REG/SET_UCONFIG_REG too) */
static const struct gk_field gcn_set_reg_index[] = {
	GK_X("REG_OFFSET", 1, 0, 15),
	GK_U("INDEX", 1, 28, 31),
};
/* The INDEX of the _INDEX packets names the register the CP's firmware is
 * told the packet writes (PAL's pm4 headers, PFP_SET_*_REG_INDEX_index_enum
 * and MEC_SET_SH_REG_INDEX_index_enum; Mesa's radeon_set_uconfig_reg_idx and
 * ac_pm4_set_reg_idx3 use the same numbers).  What each does to the value:
 *  - DEFAULT and the draw registers (PRIM_TYPE, INDEX_TYPE, NUM_INSTANCES,
 *    MULTI_VGT_PARAM, VGT_LS_HS_CONFIG; GFX12's interleave shadow): the
 *    register gets the value as given, the index only tells the firmware
 *    which register it is (it keeps its own copy for the draws it expands);
 *  - APPLY_KMD_CU_AND_MASK: the CP ANDs the CU enables with a mask the
 *    kernel gives the queue; amdgpu gives none (Mesa ac_gpu_info.c:
 *    uses_kernel_cu_mask = false, "Not implemented in the kernel"), so the
 *    value stands as given;
 *  - INSERT_VMID (the compute engine's, GFX9): the CP writes the queue's
 *    VMID into the value at VMID_SHIFT, which the packet does not carry:
 *    refused when run.
 * Values no source names are reserved (a check error). */
GK_ENUM_TAGS(uconfig_reg_index, 4, [0] = GK_TAG_REGIDX_AS_GIVEN, [1] = GK_TAG_REGIDX_AS_GIVEN,
	     [2] = GK_TAG_REGIDX_AS_GIVEN, [3] = GK_TAG_REGIDX_AS_GIVEN, [4] = GK_TAG_REGIDX_AS_GIVEN);
GK_ENUM_DEF_TAGGED(uconfig_reg_index, 4, [0] = "DEFAULT", [1] = "PRIM_TYPE", [2] = "INDEX_TYPE",
		   [3] = "NUM_INSTANCES", [4] = "MULTI_VGT_PARAM");
GK_ENUM_TAGS(context_reg_index, 4, [0] = GK_TAG_REGIDX_AS_GIVEN, [2] = GK_TAG_REGIDX_AS_GIVEN);
GK_ENUM_DEF_TAGGED(context_reg_index, 4, [0] = "DEFAULT", [2] = "VGT_LS_HS_CONFIG");
GK_ENUM_TAGS(sh_reg_index, 4, [0] = GK_TAG_REGIDX_AS_GIVEN, [1] = GK_TAG_REGIDX_VMID, [3] = GK_TAG_REGIDX_AS_GIVEN);
GK_ENUM_DEF_TAGGED(sh_reg_index, 4, [0] = "DEFAULT", [1] = "INSERT_VMID", [3] = "APPLY_KMD_CU_AND_MASK");
/* GFX12's PFP adds 2 (COMPUTE_DISPATCH_INTERLEAVE's shadow, radeonsi's
 * si_emit_dispatch on a gfx queue); INSERT_VMID is GFX9's only */
GK_ENUM_TAGS(sh_reg_index12, 4, [0] = GK_TAG_REGIDX_AS_GIVEN, [2] = GK_TAG_REGIDX_AS_GIVEN, [3] = GK_TAG_REGIDX_AS_GIVEN);
GK_ENUM_DEF_TAGGED(sh_reg_index12, 4, [0] = "DEFAULT", [2] = "COMPUTE_DISPATCH_INTERLEAVE_SHADOW",
		   [3] = "APPLY_KMD_CU_AND_MASK");
static const struct gk_field gcn_set_uconfig_reg_index[] = {
	GK_X("REG_OFFSET", 1, 0, 15),
	GK_E("INDEX", 1, 28, 31, uconfig_reg_index),
};
static const struct gk_field gcn_set_context_reg_index[] = {
	GK_X("REG_OFFSET", 1, 0, 15),
	GK_E("INDEX", 1, 28, 31, context_reg_index),
};
static const struct gk_field gcn_set_sh_reg_index[] = {
	GK_X("REG_OFFSET", 1, 0, 15),
	GK_E("INDEX", 1, 28, 31, sh_reg_index),
};
static const struct gk_field gfx12_set_sh_reg_index[] = {
	GK_X("REG_OFFSET", 1, 0, 15),
	GK_E("INDEX", 1, 28, 31, sh_reg_index12),
};
/* INDIRECT_BUFFER / INDIRECT_BUFFER_CONST (nvd.h PACKET3_INDIRECT_BUFFER__*;
 * cikd.h INDIRECT_BUFFER_VALID; the GFX9+ bits of soc15d.h).  The base is a
 * 48-bit address (the kernel writes upper_32_bits & 0xFFFF); bits 31:16 of
 * dword 2 are often its sign extension (0xffff8000), so they are shown, not
 * reported, and the address followed is the 48-bit one, as umr follows it.
 *
 * The control dword by generation:
 *  - bits 1:0 of dword 1 are SWAP on GFX6-8 (sid.h/cikd.h, the kernel's
 *    big-endian "2 << 0"), so the base is DWORD-aligned by construction;
 *    from GFX9 nvd.h gives IB_BASE_LO as address bits 31:2 and no swap, and
 *    the kernel WARNs on a base that is not DWORD-aligned (gfx_v9_0 ...
 *    gfx_v11_0 ring_emit_ib: "Dword align"): bits 1:0 must be zero, a field
 *    of their own so the message says why;
 *  - IB_SIZE is 20 bits, which is also the kernel's limit
 *    (AMDGPU_GFX_SDMA_IB_PACKET_SIZE_MAX_DW 0xFFFFF in amdgpu_cs.c): a larger
 *    size cannot be written; its next bit is CHAIN from GFX9 and reserved
 *    before (reported as CHAIN=1 there);
 *  - PRE_ENA (INDIRECT_BUFFER_PRE_ENB) from GFX8 (vid.h; gfx_v8_0 sets it
 *    under SR-IOV); bit 22 is TCL2_VOLATILE on GFX7-8 (cikd.h, vid.h), free
 *    on GFX9, and from GFX10 the user-queue bit Mesa calls
 *    S_3F3_INHERIT_VMID_MQD_GFX (the kernel's gfx_v10_0/gfx_v11_0 set 0x400000
 *    on MES queues); CACHE_POLICY from GFX7 (cikd.h, vid.h, soc15d.h: 0 LRU,
 *    1 stream, 2 bypass, so 3 is reserved before GFX10; nvd.h names all four);
 *  - VALID (bit 23, GFX7+) is not checked: the kernel sets it on every
 *    compute-queue IB (gfx_v7_0 ... gfx_v11_0 ring_emit_ib_compute) and never
 *    on the gfx ring, and a packet does not say which queue it is on; bit 30
 *    is likewise PRE_RESUME on the gfx ring and Mesa's
 *    S_3F3_INHERIT_VMID_MQD_COMPUTE on a compute user queue, so PRE_RESUME
 *    without PRE_ENA is not an error either. */
static const struct gk_field gcn_indirect_buffer[] = {
	GK_A("IB_BASE", 1, 2, 2, 15, 4),
	GK_U("IB_BASE_UNALIGNED", 1, 0, 1, .gens = G9UP, .flags = GK_F_MBZ,
	     .why = "the base is DWORD-aligned (nvd.h IB_BASE_LO is address bits 31:2)"),
	GK_DC("IB_BASE_SIGN", 2, 16, 31),
	GK_E("SWAP", 1, 0, 1, swap, .gens = G6TO8),
	GK_U("IB_SIZE", 3, 0, 19),
	GK_B("CHAIN", 3, 20, .gens = G9UP, .flags = GK_F_CHAIN), /* the IB replaces the rest of this one */
	GK_B("CHAIN", 3, 20, .gens = G6TO8, .flags = GK_F_MBZ,
	     .why = "INDIRECT_BUFFER chaining is GFX9+ (soc15d.h); before, bit 20 is reserved"),
	GK_B("PRE_ENA", 3, 21, .gens = G8UP),
	GK_B("TCL2_VOLATILE", 3, 22, .gens = G7 | G8),
	GK_B("INHERIT_VMID_MQD_GFX", 3, 22, .gens = G10UP, .flags = GK_F_HIDE0), /* user queues only: shown when set */
	GK_B("VALID", 3, 23, .gens = G7UP),
	GK_U("VMID", 3, 24, 27),
	GK_U("CACHE_POLICY", 3, 28, 29, .gens = G7TO9, .forbid = GK_V(3),
	     .why = "cikd.h/vid.h/soc15d.h define 0 LRU, 1 stream, 2 bypass"),
	GK_U("CACHE_POLICY", 3, 28, 29, .gens = G10UP),
	GK_B("PRE_RESUME", 3, 30, .gens = G9UP),
	GK_B("PRIV", 3, 31, .gens = G9UP),
};
/* An IB of zero dwords: amdgpu_cs accepts it (amdgpu_cs_p1_ib checks only
 * the upper bound) and the ring emits it, so it is not an error; but it does
 * nothing, Mesa's winsys never submits one (radv/radeonsi pad an empty IB
 * with NOPs) and a zero-sized IB hung Navi's SDMA (the kernel's fix,
 * "drm/amdgpu/sdma5: do not execute 0-sized IBs", pads it with a NOP): a
 * warning. */
static const struct gk_rule gcn_indirect_buffer_rules[] = {
	{ GK_R_WARN_EQ, "IB_SIZE", NULL, 0, 0,
	  "an empty indirect buffer (the kernel accepts it, Mesa never submits one)" },
};
static const struct gk_field gcn_draw_index_2[] = {
	GK_U("MAX_SIZE", 1, 0, 31),
	GK_A("INDEX_BASE", 2, 0, 3, 31, 2),
	GK_U("INDEX_COUNT", 4, 0, 31),
	GK_X("DRAW_INITIATOR", 5, 0, 31, .reg = VGT_DRAW_INITIATOR),
};
static const struct gk_field gcn_index_base[] = {
	GK_A("INDEX_BASE", 1, 0, 2, 31, 2),
};
static const struct gk_field gcn_index_type[] = {
	GK_E("INDEX_TYPE", 1, 0, 1, gcn_index_size),
	GK_E("SWAP_MODE", 1, 2, 3, swap),
};
static const struct gk_field gcn_dispatch_direct[] = {
	GK_U("DIM_X", 1, 0, 31),
	GK_U("DIM_Y", 2, 0, 31),
	GK_U("DIM_Z", 3, 0, 31),
	GK_X("DISPATCH_INITIATOR", 4, 0, 31, .reg = COMPUTE_DISPATCH_INITIATOR),
};
static const struct gk_field gcn_dispatch_indirect[] = {
	GK_X("DATA_OFFSET", 1, 0, 31, .align = 4),
	GK_X("DISPATCH_INITIATOR", 2, 0, 31, .reg = COMPUTE_DISPATCH_INITIATOR),
};
static const struct gk_field gcn_context_control[] = {
	GK_BITS("LOAD_CONTROL", 1, 0, 31, gcn_cc_load),
	GK_BITS("SHADOW_ENABLE", 2, 0, 31, gcn_cc_shadow),
};
/* COND_EXEC (GFX7+ kernels emit count 3: address, a reserved dword, EXEC_COUNT) */
static const struct gk_field gcn_cond_exec[] = {
	GK_A("ADDRESS", 1, 2, 2, 31, 4),
	GK_DC("RESERVED", 3, 0, 31),
	GK_U("EXEC_COUNT", 4, 0, 13, .flags = GK_F_EXEC),
};
static const struct gk_field gcn_event_write[] = {
	/* 0 */ GK_E("EVENT_TYPE", 1, 0, 5, gcn_event_type),
	/* 1 */ GK_E("EVENT_INDEX", 1, 8, 11, gcn_event_index),
	GK_A("ADDRESS", 2, 0, 3, 31, 8, GK_WHEN(1, GK_V(1) | GK_V(2) | GK_V(3))),
};
/* EVENT_WRITE_EOP (GFX6-8): Mesa sid.h EVENT_*_ACTION_ENA, EOP_INT_SEL/DATA_SEL */
static const struct gk_field gcn_event_write_eop[] = {
	GK_E("EVENT_TYPE", 1, 0, 5, gcn_event_type),
	GK_E("EVENT_INDEX", 1, 8, 11, gcn_event_index),
	GK_B("TCL1_VOL_ACTION_ENA", 1, 12),
	GK_B("TC_VOL_ACTION_ENA", 1, 13),
	GK_B("TC_WB_ACTION_ENA", 1, 15),
	GK_B("TCL1_ACTION_ENA", 1, 16),
	GK_B("TC_ACTION_ENA", 1, 17),
	GK_A("ADDRESS", 2, 2, 3, 15, 4),
	GK_E("INT_SEL", 3, 24, 25, int_sel),
	GK_E("DATA_SEL", 3, 29, 31, gcn_rm_data_sel),
	GK_X("DATA_LO", 4, 0, 31),
	GK_X("DATA_HI", 5, 0, 31),
};
/* RELEASE_MEM: dword 1 cache actions are the GFX9 EVENT_*_ACTION_ENA bits
 * (Mesa sid.h) on GFX8-9 and the GCR bits (nvd.h PACKET3_RELEASE_MEM_GCR_*)
 * on GFX10-10.3; GFX11+ packs them into one 13-bit GCR_CNTL and adds
 * PWS_ENABLE (bit 31), as umr's GFX11 decoder prints them.  INT_CTXID
 * (dword 7) exists from GFX9 (soc15d.h count 6). */
/* DATA_SEL comes first (index 0): INT_SEL depends on it ("1 - interrupt
 * only (DATA_SEL = 0)", soc15d.h/nvd.h).  EVENT_INDEX is 5 or 6: Mesa's
 * si_cp_release_mem sends end-of-pipe events with index 5 and CS_DONE /
 * PS_DONE with 6. */
#define RELEASE_MEM_DW1 \
	/* 0 */ GK_E("DATA_SEL", 2, 29, 31, gcn_rm_data_sel), \
	GK_E("EVENT_TYPE", 1, 0, 5, gcn_event_type), \
	GK_E("EVENT_INDEX", 1, 8, 11, gcn_event_index, .min = 5, .max = 6, \
	     .why = "RELEASE_MEM takes end-of-pipe (5) or end-of-shader (6) events")
#define RELEASE_MEM_DW2 \
	GK_E("DST_SEL", 2, 16, 17, gcn_rm_dst_sel), \
	GK_E("INT_SEL", 2, 24, 26, gcn_rm_int_sel, GK_WHEN(0, GK_V(0))), \
	GK_E("INT_SEL", 2, 24, 26, gcn_rm_int_sel, GK_WHEN(0, ~GK_V(0)), .forbid = GK_V(1), \
	     .why = "SEND_INT (interrupt only) needs DATA_SEL=DISCARD"), \
	GK_A("ADDRESS", 3, 2, 4, 31, 4), \
	GK_X("DATA_LO", 5, 0, 31), \
	GK_X("DATA_HI", 6, 0, 31)
static const struct gk_field gcn_release_mem_vi[] = {
	RELEASE_MEM_DW1,
	GK_B("TCL1_VOL_ACTION_ENA", 1, 12),
	GK_B("TC_VOL_ACTION_ENA", 1, 13),
	GK_B("TC_WB_ACTION_ENA", 1, 15),
	GK_B("TCL1_ACTION_ENA", 1, 16),
	GK_B("TC_ACTION_ENA", 1, 17),
	GK_U("CACHE_POLICY", 1, 25, 26),
	GK_B("EXECUTE", 1, 28),
	RELEASE_MEM_DW2,
};
static const struct gk_field gcn_release_mem[] = {
	RELEASE_MEM_DW1,
	GK_B("TCL1_VOL_ACTION_ENA", 1, 12, .gens = G9),
	GK_B("TC_VOL_ACTION_ENA", 1, 13, .gens = G9),
	GK_B("TC_WB_ACTION_ENA", 1, 15, .gens = G9),
	GK_B("TCL1_ACTION_ENA", 1, 16, .gens = G9),
	GK_B("TC_ACTION_ENA", 1, 17, .gens = G9),
	GK_B("TC_NC_ACTION_ENA", 1, 19, .gens = G9),
	GK_B("TC_WC_ACTION_ENA", 1, 20, .gens = G9),
	GK_B("TC_MD_ACTION_ENA", 1, 21, .gens = G9),
	GK_B("GCR_GLM_WB", 1, 12, .gens = G10),
	GK_B("GCR_GLM_INV", 1, 13, .gens = G10),
	GK_B("GCR_GLV_INV", 1, 14, .gens = G10),
	GK_B("GCR_GL1_INV", 1, 15, .gens = G10),
	GK_B("GCR_GL2_US", 1, 16, .gens = G10),
	GK_U("GCR_GL2_RANGE", 1, 17, 18, .gens = G10),
	GK_B("GCR_GL2_DISCARD", 1, 19, .gens = G10),
	GK_B("GCR_GL2_INV", 1, 20, .gens = G10),
	GK_B("GCR_GL2_WB", 1, 21, .gens = G10),
	GK_U("GCR_SEQ", 1, 22, 23, .gens = G10),
	GK_X("GCR_CNTL", 1, 12, 24, .gens = G11UP),
	GK_U("CACHE_POLICY", 1, 25, 26),
	GK_B("EXECUTE", 1, 28),
	GK_B("PWS_ENABLE", 1, 31, .gens = G11UP),
	RELEASE_MEM_DW2,
	GK_X("INT_CTXID", 7, 0, 31),
};
/* ACQUIRE_MEM: nvd.h block "COHER_CNTL [30:0], ENGINE_SEL [31], COHER_SIZE,
 * COHER_SIZE_HI [7:0], COHER_BASE_LO, COHER_BASE_HI [23:0], POLL_INTERVAL
 * [15:0], GCR_CNTL [18:0]" (GCR_CNTL from GFX10, count 6; GFX7-9 count 5).
 * COHER_SIZE_HI is 24 bits on GFX9 (Mesa writes 0xffffff there, the
 * CP_COHER_SIZE_HI register's width); GFX10+: 25 bits: radeonsi's
 * si_cp_acquire_mem (si_cp_utils.c) writes 0x01ffffff for gfx_level >= GFX10
 * on purpose, and a real gfx1033 ring's IB carries it (umr-listings
 * capture, IB 0x80010005a100 + 0x674); GFX11+ dword 6 bit 31 is PWS_ENA (the
 * field names and widths umr's GFX11 decoder prints). */
#define ACQUIRE_MEM_DW1 \
	GK_X("COHER_CNTL", 1, 0, 30), \
	GK_E("ENGINE_SEL", 1, 31, 31, wrm_engine), \
	GK_X("COHER_SIZE", 2, 0, 31)
#define ACQUIRE_MEM_DW4 \
	GK_X("COHER_BASE_LO", 4, 0, 31), \
	GK_X("COHER_BASE_HI", 5, 0, 23), \
	GK_U("POLL_INTERVAL", 6, 0, 15)
static const struct gk_field gcn_acquire_mem_ci[] = {
	ACQUIRE_MEM_DW1,
	GK_X("COHER_SIZE_HI", 3, 0, 7, .gens = G7 | G8),
	GK_X("COHER_SIZE_HI", 3, 0, 23, .gens = G9),
	ACQUIRE_MEM_DW4,
};
static const struct gk_field gcn_acquire_mem[] = {
	ACQUIRE_MEM_DW1,
	GK_X("COHER_SIZE_HI", 3, 0, 24),
	ACQUIRE_MEM_DW4,
	GK_B("PWS_ENA", 6, 31, .gens = G11UP),
	GK_X("GCR_CNTL", 7, 0, 18),
};
/* SURFACE_SYNC (GFX6-8): cikd.h/sid.h comment: ENGINE bit 31, COHER_CNTL,
 * COHER_SIZE, COHER_BASE (address bits 39:8), POLL_INTERVAL */
static const struct gk_field gcn_surface_sync[] = {
	GK_E("ENGINE", 1, 31, 31, ss_engine),
	GK_X("COHER_CNTL", 1, 0, 30),
	GK_X("COHER_SIZE", 2, 0, 31),
	GK_AS("COHER_BASE", 3, 0, 31, 8),
	GK_U("POLL_INTERVAL", 4, 0, 15),
};
/* WRITE_DATA: dword 1 is pkt3.json CONTROL; DST_SEL decides what dwords 2-3
 * hold (nvd.h DST_MMREG_ADDR 18 bits, DST_MEM_ADDR_LO bits 31:2) */
static const struct gk_field gcn_write_data[] = {
	/* 0 */ GK_E("DST_SEL", 1, 8, 11, gcn_wd_dst_sel),
	GK_B("WR_ONE_ADDR", 1, 16),
	GK_B("WR_CONFIRM", 1, 20),
	GK_U("CACHE_POLICY", 1, 25, 26, .gens = G9UP),
	GK_E("ENGINE_SEL", 1, 30, 31, gcn_engine_sel),
	GK_REGIDX("DST_REG", 2, 0, 17, GK_WHEN(0, GK_V(0))),
	GK_DC("DST_REG_HI", 3, 0, 31, GK_WHEN(0, GK_V(0))),
	GK_A("DST_ADDR", 2, 2, 3, 31, 4, GK_WHEN(0, GK_V(1) | GK_V(2) | GK_V(5))),
	GK_X("DST_ADDR_LO", 2, 0, 31, GK_WHEN(0, ~(GK_V(0) | GK_V(1) | GK_V(2) | GK_V(5)))),
	GK_X("DST_ADDR_HI", 3, 0, 31, GK_WHEN(0, ~(GK_V(0) | GK_V(1) | GK_V(2) | GK_V(5)))),
};
/* COPY_DATA: nvd.h PACKET3_COPY_DATA__* (dword 1), then source and
 * destination low/high dwords (a register offset, an address or GDS offset
 * by SRC_SEL/DST_SEL; shown as raw dwords) */
static const struct gk_field gcn_copy_data[] = {
	GK_E("SRC_SEL", 1, 0, 3, gcn_cd_src_sel),
	GK_E("DST_SEL", 1, 8, 11, gcn_cd_dst_sel),
	GK_U("SRC_CACHE_POLICY", 1, 13, 14, .gens = G9UP),
	GK_E("COUNT_SEL", 1, 16, 16, gcn_count_sel),
	GK_B("WR_CONFIRM", 1, 20),
	GK_U("DST_CACHE_POLICY", 1, 25, 26, .gens = G9UP),
	GK_E("ENGINE_SEL", 1, 30, 31, gcn_engine_sel),
	GK_X("SRC_ADDR_LO", 2, 0, 31),
	GK_X("SRC_ADDR_HI", 3, 0, 31),
	GK_X("DST_ADDR_LO", 4, 0, 31),
	GK_X("DST_ADDR_HI", 5, 0, 31),
};
/* CP_DMA and DMA_DATA COMMAND dword: pkt3.json COMMAND (GFX6-8) and
 * COMMAND_gfx9 */
#define GCN_DMA_COMMAND(d, old) \
	GK_U("BYTE_COUNT", d, 0, 20, .gens = old), \
	GK_B("DISABLE_WR_CONFIRM", d, 21, .gens = old), \
	GK_E("SRC_SWAP", d, 22, 23, swap, .gens = old), \
	GK_E("DST_SWAP", d, 24, 25, swap, .gens = old), \
	GK_U("BYTE_COUNT", d, 0, 25, .gens = G9UP), \
	GK_E("SAS", d, 26, 26, gcn_space_sel), \
	GK_E("DAS", d, 27, 27, gcn_space_sel), \
	GK_E("SAIC", d, 28, 28, gcn_incr), \
	GK_E("DAIC", d, 29, 29, gcn_incr), \
	GK_B("RAW_WAIT", d, 30), \
	GK_B("DISABLE_WR_CONFIRM", d, 31, .gens = G9UP)
/* DMA_DATA: pkt3.json DMA_DATA_WORD0 (_cik, _gfx9) and COMMAND (GFX7-8
 * layout / GFX9+ COMMAND_gfx9) */
static const struct gk_field gcn_dma_data[] = {
	GK_E("ENGINE", 1, 0, 0, gcn_dma_engine),
	GK_U("SRC_CACHE_POLICY", 1, 13, 14),
	GK_E("DST_SEL", 1, 20, 21, gcn_dma_dst_sel),
	GK_U("DST_CACHE_POLICY", 1, 25, 26),
	GK_E("SRC_SEL", 1, 29, 30, gcn_dma_src_sel),
	GK_B("CP_SYNC", 1, 31),
	GK_X("SRC_ADDR_LO_OR_DATA", 2, 0, 31),
	GK_X("SRC_ADDR_HI", 3, 0, 31),
	GK_A("DST_ADDR", 4, 0, 5, 31, 0),
	GCN_DMA_COMMAND(6, G7 | G8),
};
/* WAIT_REG_MEM: nvd.h WAIT_REG_MEM_* and PACKET3_WAIT_REG_MEM__* */
static const struct gk_field gcn_wait_reg_mem[] = {
	GK_E("FUNCTION", 1, 0, 2, function),
	/* 1 */ GK_E("MEM_SPACE", 1, 4, 5, gcn_wrm_space),
	GK_E("OPERATION", 1, 6, 7, gcn_wrm_op),
	GK_E("ENGINE", 1, 8, 9, gcn_wrm_engine),
	GK_U("CACHE_POLICY", 1, 25, 26, .gens = G9UP),
	GK_A("POLL_ADDRESS", 2, 2, 3, 31, 4, GK_WHEN(1, GK_V(1))),
	GK_REGIDX("POLL_REG", 2, 0, 17, GK_WHEN(1, ~GK_V(1))),
	/* the write-then-wait form's second register (gfx_v10_0_ring_emit_reg_write_reg_wait:
	 * reg0, then reg1, dword offsets as POLL_REG): the register polled; a
	 * plain poll leaves it 0 (gfx_v10_0_wait_reg_mem's addr1), which is
	 * not shown, as register 0 (an NBIO index register on GFX10) would be
	 * named otherwise */
	GK_REGIDX("REG_ADDR2", 3, 0, 17, GK_WHEN(1, ~GK_V(1)), .flags = GK_F_HIDE0),
	GK_X("REFERENCE", 4, 0, 31),
	GK_X("MASK", 5, 0, 31),
	GK_U("POLL_INTERVAL", 6, 0, 15),
};
/* CP_DMA: Mesa pkt3.json CP_DMA_WORD0..3 and COMMAND (the GFX6-8 layout,
 * and COMMAND_gfx9 from GFX9), shared with DMA_DATA's COMMAND dword */
static const struct gk_field gcn_cp_dma[] = {
	GK_X("SRC_ADDR_LO", 1, 0, 31),
	GK_X("SRC_ADDR_HI", 2, 0, 15),
	GK_E("DST_SEL", 2, 20, 21, gcn_dma_dst_sel),
	GK_E("ENGINE", 2, 27, 27, gcn_dma_engine),
	GK_E("SRC_SEL", 2, 29, 30, gcn_dma_src_sel),
	GK_B("CP_SYNC", 2, 31),
	GK_A("DST_ADDR", 3, 0, 4, 15, 0),
	GCN_DMA_COMMAND(5, G6TO8),
};
/* EVENT_WRITE_EOS (GFX6-8): Mesa sid.h EOS_DATA_SEL (dword 3 bits 31:29:
 * 0 append count, 1 GDS, 2 32-bit value) and EOP_DATA_GDS (dword offset,
 * dwords << 16) */
GK_ENUM_TAGS(gcn_eos_data_sel, 3, [0] = GK_TAG_SEND_OTHER, [1] = GK_TAG_SEND_OTHER, [2] = GK_TAG_SEND_DATA32);
GK_ENUM_DEF_TAGGED(gcn_eos_data_sel, 3, [0] = "APPEND_COUNT", [1] = "GDS", [2] = "VALUE_32BIT");
static const struct gk_field gcn_event_write_eos[] = {
	GK_E("EVENT_TYPE", 1, 0, 5, gcn_event_type),
	GK_E("EVENT_INDEX", 1, 8, 11, gcn_event_index),
	/* 2 */ GK_E("DATA_SEL", 3, 29, 31, gcn_eos_data_sel),
	GK_A("ADDRESS", 2, 2, 3, 15, 4),
	GK_U("GDS_INDEX", 4, 0, 15, GK_WHEN(2, GK_V(1))),
	GK_U("GDS_SIZE", 4, 16, 31, GK_WHEN(2, GK_V(1))),
	GK_X("DATA", 4, 0, 31, GK_WHEN(2, ~GK_V(1))),
};
/* SET_PREDICATION: Mesa sid.h PREDICATION_* / PRED_OP; on GFX6-8 the op
 * shares dword 2 with the address bits 39:32, from GFX9 it comes first and
 * the address follows in two dwords (Mesa si_emit_set_predication) */
GK_ENUM_TAGS(gcn_pred_op, 3, [0] = GK_TAG_PRED_CLEAR, [1] = GK_TAG_PRED_OTHER, [2] = GK_TAG_PRED_OTHER,
	     [3] = GK_TAG_PRED_BOOL64, [4] = GK_TAG_PRED_BOOL32);
GK_ENUM_DEF_TAGGED(gcn_pred_op, 3, [0] = "CLEAR", [1] = "ZPASS", [2] = "PRIMCOUNT", [3] = "BOOL64", [4] = "BOOL32");
static const struct gk_field gcn_set_predication_si[] = {
	GK_A("START_ADDR", 1, 0, 2, 7, 8),
	GK_B("CONTINUE", 2, 31),
	GK_E("PRED_OP", 2, 16, 18, gcn_pred_op),
	GK_B("HINT", 2, 12),
	GK_E("PREDICATION_BOOLEAN", 2, 8, 8, pred_bool),
};
static const struct gk_field gcn_set_predication[] = {
	GK_B("CONTINUE", 1, 31),
	GK_E("PRED_OP", 1, 16, 18, gcn_pred_op),
	GK_B("HINT", 1, 12),
	GK_E("PREDICATION_BOOLEAN", 1, 8, 8, pred_bool),
	GK_A("START_ADDR", 2, 0, 3, 31, 8),
};
/* DRAW_INDIRECT / DRAW_INDEX_INDIRECT: Mesa si_emit_draw_packets: data
 * offset, then the SH register offsets (dwords from 0xB000) the CP writes
 * the base vertex and start instance to, then the initiator */
static const struct gk_field gcn_draw_indirect[] = {
	GK_X("DATA_OFFSET", 1, 0, 31, .align = 4),
	GK_X("BASE_VTX_LOC", 2, 0, 15),
	GK_X("START_INST_LOC", 3, 0, 15),
	GK_X("DRAW_INITIATOR", 4, 0, 31, .reg = VGT_DRAW_INITIATOR),
};
/* DRAW_(INDEX_)INDIRECT_MULTI: the same, then Mesa sid.h R_2C3_DRAW_INDEX_LOC
 * with COUNT_INDIRECT_ENABLE (30) and DRAW_INDEX_ENABLE (31), the draw count,
 * the count address and the stride */
static const struct gk_field gcn_draw_indirect_multi[] = {
	GK_X("DATA_OFFSET", 1, 0, 31, .align = 4),
	GK_X("BASE_VTX_LOC", 2, 0, 15),
	GK_X("START_INST_LOC", 3, 0, 15),
	GK_X("DRAW_INDEX_LOC", 4, 0, 15),
	GK_B("COUNT_INDIRECT_ENABLE", 4, 30),
	GK_B("DRAW_INDEX_ENABLE", 4, 31),
	GK_U("DRAW_COUNT", 5, 0, 31),
	GK_A("COUNT_ADDR", 6, 2, 7, 31, 4),
	GK_U("STRIDE", 8, 0, 31),
	GK_X("DRAW_INITIATOR", 9, 0, 31, .reg = VGT_DRAW_INITIATOR),
};
/* SET_BASE: BASE_INDEX (nvd.h CE_PARTITION_BASE 3; 1 is the draw/dispatch
 * indirect base Mesa sets), then a 64-bit address */
GK_ENUM_DEF(gcn_set_base_index, 4, [1] = "DRAW_INDEX_INDIRECT_PATCH_TABLE", [3] = "CE_PARTITION_BASE");
static const struct gk_field gcn_set_base[] = {
	GK_E("BASE_INDEX", 1, 0, 3, gcn_set_base_index),
	GK_A("ADDRESS", 2, 0, 3, 31, 8),
};
/* STRMOUT_BUFFER_UPDATE: Mesa sid.h STRMOUT_* (dword 1), then the
 * destination and source addresses (or the offset from the packet) */
static const struct gk_field gcn_strmout_buffer_update[] = {
	/* 0 */ GK_B("STORE_BUFFER_FILLED_SIZE", 1, 0),
	/* 1 */ GK_E("OFFSET_SOURCE", 1, 1, 2, so_src),
	GK_B("DATA_TYPE", 1, 7),
	GK_U("SELECT_BUFFER", 1, 8, 9),
	GK_A("DST_ADDRESS", 2, 2, 3, 31, 4),
	GK_U("BUFFER_OFFSET", 4, 0, 31, GK_WHEN(1, GK_V(0))),
	GK_A("SRC_ADDRESS", 4, 2, 5, 31, 4, GK_WHEN(1, GK_V(2))),
	GK_DC("SRC_ADDRESS_LO", 4, 0, 31, GK_WHEN(1, GK_V(1) | GK_V(3))),
	GK_DC("SRC_ADDRESS_HI", 5, 0, 31, GK_WHEN(1, GK_V(0) | GK_V(1) | GK_V(3))),
};
/* ATOMIC_MEM: nvd.h PACKET3_ATOMIC_MEM__* */
GK_ENUM_DEF(gcn_atomic_cmd, 4, [0] = "SINGLE_PASS_ATOMIC", [1] = "LOOP_UNTIL_COMPARE_SATISFIED",
	    [2] = "WAIT_FOR_WRITE_CONFIRMATION", [3] = "SEND_AND_CONTINUE");
static const struct gk_field gcn_atomic_mem[] = {
	GK_X("ATOMIC", 1, 0, 6),
	GK_E("COMMAND", 1, 8, 11, gcn_atomic_cmd),
	GK_U("CACHE_POLICY", 1, 25, 26),
	GK_A("ADDRESS", 2, 0, 3, 31, 4),
	GK_X("SRC_DATA_LO", 4, 0, 31),
	GK_X("SRC_DATA_HI", 5, 0, 31),
	GK_X("CMP_DATA_LO", 6, 0, 31),
	GK_X("CMP_DATA_HI", 7, 0, 31),
	GK_U("LOOP_INTERVAL", 8, 0, 12),
};
/* OCCLUSION_QUERY (GFX7+): Mesa: the ZPASS results address, then the
 * address the summed result goes to */
static const struct gk_field gcn_occlusion_query[] = {
	GK_A("START_ADDR", 1, 0, 2, 31, 8),
	GK_A("DST_ADDR", 3, 0, 4, 31, 4),
};
/* LOAD_*_REG (Mesa's ac_pm4 emit: address low, high, then register offset
 * and dword count pairs) */
static const struct gk_field gcn_load_base[] = {
	GK_A("BASE_ADDR", 1, 2, 2, 15, 4),
};
/* SET_*_REG_PAIRS (GFX11+): (offset, value) pairs; the _PACKED forms: a
 * register count, then (offset0 | offset1 << 16, value0, value1) triples
 * (Mesa sid.h comment) */
/* The offsets count dwords from the start of the packet's register space:
 * printed as the register's name, and each value carries the fields of the
 * register its offset names (.value_reg). */
#define REG_PAIR(sp) \
	GK_REGIDX("REG_OFFSET", 0, 0, 15, .space = 1 + (sp)), \
	GK_X("REG_VALUE", 1, 0, 31, .value_reg = 1)
#define REG_PAIR_PACKED(sp) \
	GK_REGIDX("REG_OFFSET0", 0, 0, 15, .space = 1 + (sp)), \
	GK_REGIDX("REG_OFFSET1", 0, 16, 31, .space = 1 + (sp)), \
	GK_X("REG_VALUE0", 1, 0, 31, .value_reg = 1), \
	GK_X("REG_VALUE1", 2, 0, 31, .value_reg = 2)
static const struct gk_field gcn_context_reg_pair[] = { REG_PAIR(GK_PM4_SPACE_CONTEXT) };
static const struct gk_field gcn_sh_reg_pair[] = { REG_PAIR(GK_PM4_SPACE_SH) };
static const struct gk_field gcn_reg_pair_packed_count[] = {
	GK_U("REG_COUNT", 1, 0, 31),
};
/* REG_COUNT registers fill the triples two by two (Mesa sid.h): a count
 * the triples do not match writes registers the stream never gave, or
 * leaves out some it gave */
static const struct gk_rule gcn_reg_pair_packed_rules[] = {
	{ GK_R_GROUP_ITEMS, "REG_COUNT", NULL, 2, 0, "each (offset0 | offset1 << 16, value0, value1) triple holds 2 registers" },
};
static const struct gk_field gcn_context_reg_pair_packed[] = { REG_PAIR_PACKED(GK_PM4_SPACE_CONTEXT) };
static const struct gk_field gcn_sh_reg_pair_packed[] = { REG_PAIR_PACKED(GK_PM4_SPACE_SH) };
/* CONTEXT_REG_RMW: Mesa radeon_opt_set_context_reg_rmw: the context register
 * (dwords from 0x28000), the mask of the bits to change, their new value */
static const struct gk_field gcn_context_reg_rmw[] = {
	GK_REGIDX("REG_OFFSET", 1, 0, 15, .space = 1 + GK_PM4_SPACE_CONTEXT),
	GK_X("REG_MASK", 2, 0, 31, .value_reg = 1),
	GK_X("REG_DATA", 3, 0, 31, .value_reg = 1),
};
/* INVALIDATE_TLBS: nvd.h PACKET3_INVALIDATE_TLBS_DST_SEL (<< 0), ALL_HUB
 * (<< 4), PASID (<< 5), FLUSH_TYPE (<< 29); widths up to the next field */
static const struct gk_field gcn_invalidate_tlbs[] = {
	GK_U("DST_SEL", 1, 0, 3),
	GK_B("ALL_HUB", 1, 4),
	GK_U("PASID", 1, 5, 20),
	GK_U("FLUSH_TYPE", 1, 29, 31),
};
/* The KIQ packets, nvd.h comment blocks and PACKET3_*_(x) shifts (widths up
 * to the next field's shift) */
/* SET_RESOURCES: CONTROL, QUEUE_MASK_LO/HI, GWS_MASK_LO/HI, OAC_MASK [15:0],
 * GDS_HEAP_SIZE [16:11] | GDS_HEAP_BASE [5:0] */
static const struct gk_field gcn_set_resources[] = {
	GK_X("VMID_MASK", 1, 0, 15),
	GK_U("UNMAP_LATENCY", 1, 16, 23),
	GK_U("QUEUE_TYPE", 1, 29, 31),
	GK_X("QUEUE_MASK_LO", 2, 0, 31),
	GK_X("QUEUE_MASK_HI", 3, 0, 31),
	GK_X("GWS_MASK_LO", 4, 0, 31),
	GK_X("GWS_MASK_HI", 5, 0, 31),
	GK_X("OAC_MASK", 6, 0, 15),
	GK_U("GDS_HEAP_BASE", 7, 0, 5),
	GK_U("GDS_HEAP_SIZE", 7, 11, 16),
};
/* MAP_QUEUES: CONTROL, CONTROL2, MQD_ADDR_LO/HI, WPTR_ADDR_LO/HI */
static const struct gk_field gcn_map_queues[] = {
	GK_U("QUEUE_SEL", 1, 4, 5),
	GK_U("VMID", 1, 8, 12),
	GK_U("QUEUE", 1, 13, 15),
	GK_U("PIPE", 1, 16, 17),
	GK_U("ME", 1, 18, 20),
	GK_U("QUEUE_TYPE", 1, 21, 23),
	GK_U("ALLOC_FORMAT", 1, 24, 25),
	GK_U("ENGINE_SEL", 1, 26, 28),
	GK_U("NUM_QUEUES", 1, 29, 31),
	GK_B("CHECK_DISABLE", 2, 1),
	GK_X("DOORBELL_OFFSET", 2, 2, 27),
	GK_A("MQD_ADDR", 3, 0, 4, 31, 4),
	GK_A("WPTR_ADDR", 5, 0, 6, 31, 4),
};
/* UNMAP_QUEUES: CONTROL, then CONTROL2-5 whose meaning depends on QUEUE_SEL
 * (PASID or doorbell offsets; shown raw) */
GK_ENUM_DEF(gcn_unmap_action, 2, [0] = "PREEMPT_QUEUES", [1] = "RESET_QUEUES", [2] = "DISABLE_PROCESS_QUEUES",
	    [3] = "PREEMPT_QUEUES_NO_UNMAP");
static const struct gk_field gcn_unmap_queues[] = {
	GK_E("ACTION", 1, 0, 1, gcn_unmap_action),
	GK_U("QUEUE_SEL", 1, 4, 5),
	GK_U("ENGINE_SEL", 1, 26, 28),
	GK_U("NUM_QUEUES", 1, 29, 31),
	GK_X("CONTROL2", 2, 0, 31),
	GK_X("CONTROL3", 3, 0, 31),
	GK_X("CONTROL4", 4, 0, 31),
	GK_X("CONTROL5", 5, 0, 31),
};
/* QUERY_STATUS: CONTROL (CONTEXT_ID [27:0], INTERRUPT_SEL, COMMAND),
 * CONTROL2, ADDR_LO/HI, DATA_LO/HI */
static const struct gk_field gcn_query_status[] = {
	GK_X("CONTEXT_ID", 1, 0, 27),
	GK_U("INTERRUPT_SEL", 1, 28, 29),
	GK_U("COMMAND", 1, 30, 31),
	GK_X("CONTROL2", 2, 0, 31),
	GK_A("ADDR", 3, 0, 4, 31, 4),
	GK_X("DATA_LO", 5, 0, 31),
	GK_X("DATA_HI", 6, 0, 31),
};
/* FRAME_CONTROL: nvd.h FRAME_TMZ (bit 0), FRAME_CMD(x) (x << 28) */
static const struct gk_field gcn_frame_control[] = {
	GK_B("TMZ", 1, 0),
	GK_E("COMMAND", 1, 28, 31, gcn_frame_cmd),
};

/* ---- what each packet does when run (src/exec; gfxkit run) ------------
 *
 * One row per effect, in order (enum gk_exec_op, include/gfxkit/desc.h); a
 * packet without rows stops a run with a fault naming it.  From seed 001
 * §9 for R6xx-Cayman, the nvd.h / soc15d.h / sid.h comments for GFX6+:
 *   - SET_* and type-0 packets write their register run (§9.1.1, §9.4.13-19;
 *     the shadowing to memory the seed describes needs CONTEXT_CONTROL's
 *     enables and LOAD_*'s bases, which the executor does not keep: a SET
 *     writes the register file only);
 *   - LOAD_* read NUM_DWORDS dwords at BASE_ADDR + REG_OFFSET * 4 into the
 *     registers from the space start + REG_OFFSET * 4 (§9.4.8 "Mem_Start_
 *     Address = CONFIG_REG_BASE + REG_OFFSET", "Reg_Start_Address = 0x2000 +
 *     REG_OFFSET");
 *   - CLEAR_STATE puts the context registers back to their defaults (§9.4.1:
 *     "other value set to the API defined default state"; the executor has
 *     no default-state table: a default is the value given with --reg, else
 *     unset); on Evergreen/Cayman it also nulls the resources, samplers and
 *     the boolean, loop and control constants (§9.4.1);
 *   - CONTEXT_CONTROL, SURFACE_SYNC, ACQUIRE_MEM, PFP_SYNC_ME and NOP change
 *     nothing the executor has (enables of shadowing it does not do, cache
 *     and pipeline synchronisation of a machine that runs one packet at a
 *     time);
 *   - draws and dispatches are events: recorded with the register state in
 *     force (--state prints it), their indices and shaders not run;
 *   - a byte-swapped poll and the forms that read or write GDS, performance
 *     counters or a register space through CP_DMA are refused by name. */
#define EXEC(a) .exec = a, .nexec = GK_COUNTOF(a)
#define ACCESS(a) .access = a, .naccess = GK_COUNTOF(a)
#define X_(...) { __VA_ARGS__ }

static const struct gk_exec_row x_nothing[] = { X_(.op = GK_X_NOTHING) };
static const struct gk_exec_row x_reg_run[] = { X_(.op = GK_X_REG_RUN) };
/* GFX8's _INDEX packets (vid.h): what a non-zero INDEX does there is in
 * none of the sources (PAL's index enums are GFX9's): refused */
static const struct gk_exec_row x_set_index_gfx8[] = {
	X_(.op = GK_X_REFUSE, .when = "INDEX",
	   .why = "what a non-zero INDEX does on GFX8 is in none of the sources (PAL's index meanings are GFX9's)"),
	X_(.op = GK_X_REG_RUN),
};
/* SET_SH_REG_INDEX: the value as given, except INSERT_VMID (the INDEX
 * enums above say why); the other _INDEX packets' named values all write
 * the value as given (x_reg_run) */
static const struct gk_exec_row x_set_sh_index[] = {
	X_(.op = GK_X_REFUSE_IF, .sel = "INDEX", .tag = GK_TAG_REGIDX_VMID,
	   .why = "INSERT_VMID: the CP writes the queue's VMID into the value at VMID_SHIFT, and the VMID is not in the packet"),
	X_(.op = GK_X_REG_RUN),
};
#define LOAD_ROW(sp, off) X_(.op = GK_X_REG_LOAD, .n = sp, .addr = "BASE_ADDR", .reg = off, .count = "NUM_DWORDS")
static const struct gk_exec_row x_load_config[] = { LOAD_ROW(GK_PM4_SPACE_CONFIG, "REG_OFFSET") };
static const struct gk_exec_row x_load_context[] = { LOAD_ROW(GK_PM4_SPACE_CONTEXT, "REG_OFFSET") };
static const struct gk_exec_row x_load_sh[] = { LOAD_ROW(GK_PM4_SPACE_SH, "REG_OFFSET") };
static const struct gk_exec_row x_load_uconfig[] = { LOAD_ROW(GK_PM4_SPACE_UCONFIG, "REG_OFFSET") };
static const struct gk_exec_row x_load_bool[] = { LOAD_ROW(GK_PM4_SPACE_BOOL, "CONST_OFFSET") };
static const struct gk_exec_row x_load_loop[] = { LOAD_ROW(GK_PM4_SPACE_LOOP, "CONST_OFFSET") };
static const struct gk_exec_row x_load_resource[] = { LOAD_ROW(GK_PM4_SPACE_RESOURCE, "CONST_OFFSET") };
static const struct gk_exec_row x_load_sampler[] = { LOAD_ROW(GK_PM4_SPACE_SAMPLER, "CONST_OFFSET") };
static const struct gk_exec_row x_load_ctl[] = { LOAD_ROW(GK_PM4_SPACE_CTL_CONST, "CONST_OFFSET") };
#define PAIRS_ROW(sp) X_(.op = GK_X_REG_PAIRS, .n = sp, .reg = "REG_OFFSET", .value = "REG_VALUE")
static const struct gk_exec_row x_pairs_context[] = { PAIRS_ROW(GK_PM4_SPACE_CONTEXT) };
static const struct gk_exec_row x_pairs_sh[] = { PAIRS_ROW(GK_PM4_SPACE_SH) };
#define PACKED_ROW(sp) X_(.op = GK_X_REG_PAIRS, .n = sp, \
			  .reg = "REG_OFFSET0", .value = "REG_VALUE0", .reg2 = "REG_OFFSET1", \
			  .value2 = "REG_VALUE1", .count = "REG_COUNT")
static const struct gk_exec_row x_packed_context[] = { PACKED_ROW(GK_PM4_SPACE_CONTEXT) };
static const struct gk_exec_row x_packed_sh[] = { PACKED_ROW(GK_PM4_SPACE_SH) };
static const struct gk_exec_row x_clear_state_eg[] = {
	X_(.op = GK_X_REG_DEFAULT, .n = GK_PM4_SPACE_CONTEXT), X_(.op = GK_X_REG_DEFAULT, .n = GK_PM4_SPACE_RESOURCE),
	X_(.op = GK_X_REG_DEFAULT, .n = GK_PM4_SPACE_SAMPLER), X_(.op = GK_X_REG_DEFAULT, .n = GK_PM4_SPACE_BOOL),
	X_(.op = GK_X_REG_DEFAULT, .n = GK_PM4_SPACE_LOOP), X_(.op = GK_X_REG_DEFAULT, .n = GK_PM4_SPACE_CTL_CONST),
};
static const struct gk_exec_row x_clear_state[] = { X_(.op = GK_X_REG_DEFAULT, .n = GK_PM4_SPACE_CONTEXT) };
/* §9.6.1: the 4-dword forms (ZPASS_DONE, SAMPLE_*) write counters */
static const struct gk_exec_row x_event[] = { X_(.op = GK_X_EVENT, .value = "EVENT_TYPE", .counters = "ADDRESS") };
static const struct gk_exec_row x_eop[] = {
	X_(.op = GK_X_EVENT, .value = "EVENT_TYPE"),
	X_(.op = GK_X_EOP, .sel = "DATA_SEL", .irq = "INT_SEL", .addr = "ADDRESS", .value = "DATA_LO", .value_hi = "DATA_HI"),
};
static const struct gk_exec_row x_eos[] = {
	X_(.op = GK_X_EVENT, .value = "EVENT_TYPE"),
	X_(.op = GK_X_EOP, .sel = "CMD", .addr = "ADDRESS", .value = "DATA"),
};
static const struct gk_exec_row x_gcn_eos[] = {
	X_(.op = GK_X_EVENT, .value = "EVENT_TYPE"),
	X_(.op = GK_X_EOP, .sel = "DATA_SEL", .addr = "ADDRESS", .value = "DATA"),
};
/* §9.3.2-§9.3.13: the initiator is "written to the VGT_DRAW_INITIATOR
 * register" (VGT_DISPATCH_INITIATOR; GFX6+ COMPUTE_DISPATCH_INITIATOR) */
static const struct gk_exec_row x_draw[] = { X_(.op = GK_X_DRAW, .flag = "PREDICATE", .value = "DRAW_INITIATOR") };
static const struct gk_exec_row x_dispatch[] = {
	X_(.op = GK_X_DRAW, .flag = "PREDICATE", .value = "DISPATCH_INITIATOR"),
};
/* §9.6.8; the compare is on the dword as memory holds it */
static const struct gk_exec_row x_wait[] = {
	X_(.op = GK_X_REFUSE, .when = "SWAP", .why = "a byte-swapped poll is not modelled"),
	X_(.op = GK_X_WAIT, .space = "MEM_SPACE", .func = "FUNCTION", .mask = "MASK", .ref = "REFERENCE", .reg = "POLL_REG"),
};
/* OPERATION=WR_WAIT_WR_REG (the kernel's write-then-wait, gfx_v9_0.c /
 * gfx_v10_0.c / gfx_v11_0.c *_wait_reg_mem opt 1): REFERENCE is written to
 * POLL_REG, then REG_ADDR2 (a dword offset) is polled; the preemptable
 * memory form's resume state is not in the headers */
static const struct gk_exec_row x_gcn_wait[] = {
	X_(.op = GK_X_REFUSE_IF, .sel = "OPERATION", .tag = GK_TAG_WAITOP_OTHER,
	   .why = "the preemptable form's behaviour on resume is not in the headers"),
	X_(.op = GK_X_WAIT, .space = "MEM_SPACE", .func = "FUNCTION", .mask = "MASK", .ref = "REFERENCE", .reg = "POLL_REG",
	   .sel = "OPERATION", .reg2 = "REG_ADDR2"),
};
static const struct gk_access poll_acc[] = { { .rw = GK_ACC_READ, .size = GK_Z_FIXED, .addr = "POLL_ADDRESS", .n = 4 } };
static const struct gk_exec_row x_cond_exec[] = { X_(.op = GK_X_COND_EXEC, .count = "EXEC_COUNT") };
static const struct gk_access bool_acc[] = { { .rw = GK_ACC_READ, .size = GK_Z_FIXED, .addr = "BOOL_ADDR", .n = 4 } };
static const struct gk_access gcn_cond_acc[] = { { .rw = GK_ACC_READ, .size = GK_Z_FIXED, .addr = "ADDRESS", .n = 4 } };
/* §9.5.2: read, test, write on success */
static const struct gk_exec_row x_cond_write[] = {
	X_(.op = GK_X_LATCH, .sel = "POLL_SPACE", .addr = "POLL_ADDRESS", .reg = "POLL_REG", .swap = { "POLL_SWAP" }),
	X_(.op = GK_X_TEST, .func = "FUNCTION", .mask = "MASK", .ref = "REFERENCE"),
	X_(.op = GK_X_LATCH, .addr = "WRITE_DATA"),
	X_(.op = GK_X_PUT, .sel = "WRITE_SPACE", .addr = "WRITE_ADDRESS", .reg = "WRITE_REG", .swap = { "WRITE_SWAP" }),
};
static const struct gk_exec_row x_copy_dw[] = {
	X_(.op = GK_X_LATCH, .sel = "SRC_SEL", .addr = "SRC_ADDRESS", .reg = "SRC_REG"),
	X_(.op = GK_X_PUT, .sel = "DST_SEL", .addr = "DST_ADDRESS", .reg = "DST_REG"),
};
/* nvd.h COPY_DATA: register offsets and addresses in SRC/DST_ADDR_LO/HI */
static const struct gk_exec_row x_copy_data[] = {
	X_(.op = GK_X_LATCH, .sel = "SRC_SEL", .addr = "SRC_ADDR_LO", .addr_hi = "SRC_ADDR_HI", .flag = "COUNT_SEL"),
	X_(.op = GK_X_PUT, .sel = "DST_SEL", .addr = "DST_ADDR_LO", .addr_hi = "DST_ADDR_HI"),
};
/* §9.7.1: DATA_LO/HI, or with CNTR_SEL the counter CNTR64_SEL names */
static const struct gk_exec_row x_mem_write[] = {
	X_(.op = GK_X_LATCH, .n = 8, .addr = "DATA_LO", .addr_hi = "DATA_HI"),
	X_(.op = GK_X_LATCH, .n = 8, .when = "CNTR_SEL", .sel = "CNTR64_SEL"),
	X_(.op = GK_X_PUT, .addr = "ADDRESS", .flag = "DATA32", .swap = { "SWAP" }),
};
static const struct gk_exec_row x_write_data[] = {
	X_(.op = GK_X_DATA_TO, .sel = "DST_SEL", .addr = "DST_ADDR", .reg = "DST_REG", .flag = "WR_ONE_ADDR"),
};
static const struct gk_exec_row x_pred_exec[] = {
	X_(.op = GK_X_PRED_EXEC, .mask = "DEVICE_SELECT", .count = "EXEC_COUNT"),
};
static const struct gk_exec_row x_set_predication[] = {
	X_(.op = GK_X_PREDICATE, .sel = "PRED_OP", .addr = "START_ADDR", .flag = "PREDICATION_BOOLEAN"),
};
/* §9.6.4, a counting semaphore as the DMA one (radeon_semaphore.c) */
static const struct gk_exec_row x_semaphore[] = {
	X_(.op = GK_X_REFUSE, .when = "USE_MAILBOX",
	   .why = "the mailbox form waits for a mailbox the packet reference does not describe"),
	X_(.op = GK_X_SEMAPHORE, .sel = "SEM_SEL", .flag = "SIGNAL_TYPE"),
};
static const struct gk_access sem_acc[] = { { .rw = GK_ACC_READ | GK_ACC_WRITE, .size = GK_Z_FIXED, .addr = "ADDRESS", .n = 8 } };
/* CP_DMA (r600d.h / evergreend.h comment blocks): BYTE_COUNT bytes from
 * SRC_ADDRESS (or the DATA dword repeated) to DST_ADDRESS */
#define CPDMA_WHY "a register space or a non-incrementing address: the copy's order is not in the kernel's comment"
static const struct gk_exec_row x_cp_dma[] = {
	X_(.op = GK_X_REFUSE_IF, .sel = "SRC_SEL", .tag = GK_TAG_PLACE_GDS, .why = "GDS is not in the executor's memory"),
	X_(.op = GK_X_REFUSE_IF, .sel = "DST_SEL", .tag = GK_TAG_PLACE_GDS, .why = "GDS is not in the executor's memory"),
	X_(.op = GK_X_REFUSE, .when = "SAS", .why = CPDMA_WHY),
	X_(.op = GK_X_REFUSE, .when = "DAS", .why = CPDMA_WHY),
	X_(.op = GK_X_REFUSE, .when = "SAIC", .why = CPDMA_WHY),
	X_(.op = GK_X_REFUSE, .when = "DAIC", .why = CPDMA_WHY),
	X_(.op = GK_X_COPY, .swap = { "SRC_SWAP", "DST_SWAP" }),
	X_(.op = GK_X_FILL, .n = 4, .when = "SRC_SEL", .value = "DATA", .swap = { "SRC_SWAP", "DST_SWAP" }),
};
static const struct gk_access cp_dma_acc[] = {
	{ .rw = GK_ACC_READ, .size = GK_Z_COUNT, .addr = "SRC_ADDRESS", .count = "BYTE_COUNT", .n = 1 },
	{ .rw = GK_ACC_WRITE, .size = GK_Z_COUNT, .addr = "DST_ADDRESS", .count = "BYTE_COUNT", .n = 1 },
};

/* GFX6+ CP_DMA and DMA_DATA (Mesa pkt3.json CP_DMA_WORD1, COMMAND): the
 * source is SRC_ADDR_LO/HI or the DATA dword; SAS/DAS=REGISTER,
 * NO_INCREMENT, GDS and the GFX6-8 swaps are refused */
#define GCN_DMA_REFUSALS \
	X_(.op = GK_X_REFUSE_IF, .sel = "SAS", .tag = GK_TAG_PLACE_REG, .why = CPDMA_WHY), \
	X_(.op = GK_X_REFUSE_IF, .sel = "DAS", .tag = GK_TAG_PLACE_REG, .why = CPDMA_WHY), \
	X_(.op = GK_X_REFUSE_IF, .sel = "SAIC", .tag = GK_TAG_ADDR_NO_INCREMENT, .why = CPDMA_WHY), \
	X_(.op = GK_X_REFUSE_IF, .sel = "DAIC", .tag = GK_TAG_ADDR_NO_INCREMENT, .why = CPDMA_WHY), \
	X_(.op = GK_X_REFUSE, .when = "SRC_SWAP", .why = "a byte-swapped DMA is not modelled"), \
	X_(.op = GK_X_REFUSE, .when = "DST_SWAP", .why = "a byte-swapped DMA is not modelled")
static const struct gk_exec_row x_gcn_cp_dma[] = {
	GCN_DMA_REFUSALS,
	X_(.op = GK_X_DMA, .sel = "SRC_SEL", .addr = "SRC_ADDR_LO", .addr_hi = "SRC_ADDR_HI", 
	   .dst_sel = "DST_SEL", .dst = "DST_ADDR", .count = "BYTE_COUNT"),
};
static const struct gk_exec_row x_dma_data[] = {
	GCN_DMA_REFUSALS,
	X_(.op = GK_X_DMA, .sel = "SRC_SEL", .addr = "SRC_ADDR_LO_OR_DATA", .addr_hi = "SRC_ADDR_HI", 
	   .dst_sel = "DST_SEL", .dst = "DST_ADDR", .count = "BYTE_COUNT"),
};

/* §9.3.8-§9.3.10 and the kernel checkers' INDEX_BUFFER_SIZE: "part of the
 * draw packet sequence", values the draws that follow use; kept and shown */
static const struct gk_exec_row x_index_type[] = { X_(.op = GK_X_PARAM, .keep = { "INDEX_TYPE", "SWAP_MODE" }) };
static const struct gk_exec_row x_num_instances[] = { X_(.op = GK_X_PARAM, .keep = { "NUM_INSTANCES" }) };
static const struct gk_exec_row x_index_base[] = { X_(.op = GK_X_PARAM, .keep = { "INDEX_BASE" }) };
static const struct gk_exec_row x_index_size[] = { X_(.op = GK_X_PARAM, .keep = { "INDEX_BUFFER_SIZE" }) };
/* SET_BASE: a base address later packets add to (Mesa si_cp_dma /
 * si_emit_draw_packets: BASE_INDEX 1 before DRAW_INDIRECT, the dispatch
 * indirect base; CE_PARTITION_BASE the constant engine's, amdgpu
 * gfx_v8_0.c / gfx_v9_0.c ring_emit_ce_meta): kept as a draw parameter */
static const struct gk_exec_row x_set_base[] = { X_(.op = GK_X_PARAM, .keep = { "BASE_INDEX", "ADDRESS" }) };

/* §9.2.2: the registers between BEGIN_CLEAR_STATE and END_CLEAR_STATE are
 * the state CLEAR_STATE restores */
static const struct gk_exec_row x_preamble[] = { X_(.op = GK_X_PREAMBLE, .sel = "CMD") };

/* ---- the packets ------------------------------------------------------- */

#define T3(nm, op, g) .name = nm, .opcode = op, .gens = g, HDR3
#define SET_REGS(sp) .tail = GK_TAIL_REGS, .tail_dw = 2, .reg_field = 0, .space = sp, .min_dw = 2
#define LOADS(pair) .tail = GK_TAIL_GROUPS, .tail_dw = 3, .group = pair, .ngroup = 2, .group_dw = 2, \
	.tail_unit = 2, .min_dw = 5
#define DATA_TAIL(nm, first) .tail = GK_TAIL_DATA, .tail_dw = first, .tail_name = nm
#define BODY_ONLY .tail = GK_TAIL_DATA, .tail_dw = 1, .tail_name = "BODY", .min_dw = 2

const struct gk_packet_desc gk_pm4_descs[] = {
	/* framing of the other packet types */
	{ .name = "PACKET0", .opcode = 0, .gens = ALL | GCN, .hdr = hdr0, .nhdr = 3,
	  .tail = GK_TAIL_REGS, .tail_dw = 1, .reg_field = 0, .reg_in_hdr = 1, .space = GK_PM4_SPACE_MMIO,
	  .min_dw = 2, .note = "§9.1.1 type-0: registers from BASE_INDEX", EXEC(x_reg_run) },
	{ .name = "PACKET1", .opcode = 0, .gens = 0, .hdr = hdr1, .nhdr = 2, FIXED(1),
	  .note = "§9.1.2 type-1: not supported by R6xx+" },
	{ .name = "PACKET2", .opcode = 0, .gens = ALL | GCN, .hdr = hdr2, .nhdr = 2, FIXED(1),
	  .note = "§9.1.3 type-2 filler", EXEC(x_nothing) },
	{ .name = "PACKET3", .opcode = 0, .gens = ALL | GCN, .hdr = hdr3_raw, .nhdr = 5,
	  .tail = GK_TAIL_DATA, .tail_dw = 1, .tail_name = "BODY", .min_dw = 2,
	  .note = "§9.1.4 type-3 with an opcode no generation defines" },
	/* index 4 (gk_pm4_nop_pad): the GFX6+ one-dword NOP, chosen by framing */
	{ .name = "NOP_PAD", .opcode = 0x10, .gens = GCN, .hdr = hdr3_nop_pad, .nhdr = 5, FIXED(1),
	  .note = "Mesa sid.h PKT3_NOP_PAD: a NOP with COUNT 0x3FFF is one dword", EXEC(x_nothing) },

	/* §9.2 initialization */
	{ T3("ME_INITIALIZE", 0x44, ALL), FIELDS(me_initialize), FIXED(7), .note = "§9.2.1" },
	{ T3("PREAMBLE_CNTL", 0x4A, R7UP), FIELDS(preamble_cntl), FIXED(2), .note = "§9.2.2", EXEC(x_preamble) },

	/* §9.3 command buffer */
	{ T3("INDIRECT_BUFFER", 0x32, ALL), FIELDS(indirect_buffer), FIXED(4), .access = indirect_buffer_acc,
	  .naccess = 1, .flags = GK_P_IB, .note = "§9.3.1" },
	{ T3("DRAW_INDEX", 0x2B, ALL), FIELDS(draw_index), FIXED(5), .flags = GK_P_GRAPHICS, .note = "§9.3.2", EXEC(x_draw) },
	{ T3("DRAW_INDEX_2", 0x27, ALL), FIELDS(draw_index_2), FIXED(6), .flags = GK_P_GRAPHICS, .note = "§9.3.3", EXEC(x_draw) },
	{ T3("DRAW_INDEX_AUTO", 0x2D, ALL), FIELDS(draw_index_auto), FIXED(3), .flags = GK_P_GRAPHICS, .note = "§9.3.4", EXEC(x_draw) },
	/* kernel spelling DRAW_INDEX_IMMD; at least one index dword (kernel: count >= 2) */
	{ T3("DRAW_INDEX_IMMED", 0x2E, ALL), .alias = "DRAW_INDEX_IMMD", FIELDS(draw_index_immed),
	  DATA_TAIL("INDICES", 3), .min_dw = 4, .flags = GK_P_GRAPHICS, .note = "§9.3.5", EXEC(x_draw) },
	/* 0x29 is DRAW_INDEX_IMMD_BE in r600d.h; the seed gives DRAW_INDEX_OFFSET to R7xx */
	{ T3("DRAW_INDEX_OFFSET", 0x29, R7UP), FIELDS(draw_index_offset), FIXED(4), .flags = GK_P_GRAPHICS, .note = "§9.3.6", EXEC(x_draw) },
	/* the seed: all 6xx but R600 itself; gens are coarse, so R7xx and later */
	{ T3("DRAW_INDEX_OFFSET_2", 0x35, R7UP), FIELDS(draw_index_offset_2), FIXED(5), .flags = GK_P_GRAPHICS, .note = "§9.3.7", EXEC(x_draw) },
	{ T3("INDEX_BASE", 0x26, R7UP), FIELDS(index_base), FIXED(3), .note = "§9.3.8", EXEC(x_index_base) },
	{ T3("INDEX_TYPE", 0x2A, ALL), FIELDS(index_type), FIXED(2), .note = "§9.3.9", EXEC(x_index_type) },
	{ T3("NUM_INSTANCES", 0x2F, ALL), FIELDS(num_instances), FIXED(2), .note = "§9.3.10", EXEC(x_num_instances) },
	{ T3("MPEG_INDEX", 0x3A, ALL), FIELDS(mpeg_index), DATA_TAIL("INDICES", 3), .min_dw = 3,
	  .flags = GK_P_GRAPHICS, .note = "§9.3.11" },
	{ T3("DISPATCH_DIRECT", 0x15, EGUP), FIELDS(dispatch_direct), FIXED(5), .flags = GK_P_COMPUTE, .note = "§9.3.12", EXEC(x_dispatch) },
	{ T3("DISPATCH_INDIRECT", 0x16, EGUP), FIELDS(dispatch_indirect), FIXED(3), .flags = GK_P_COMPUTE, .note = "§9.3.13", EXEC(x_dispatch) },

	/* §9.4 state management */
	{ T3("CLEAR_STATE", 0x12, EGUP), FIELDS(dummy), FIXED(2), .note = "§9.4.1", EXEC(x_clear_state_eg) },
	{ T3("DEALLOC_STATE", 0x14, CM), FIELDS(dummy), FIXED(2), .flags = GK_P_COMPUTE, .note = "§9.4.2" },
	{ T3("MODE_CONTROL", 0x18, EGUP), FIELDS(mode_control), FIXED(2), .note = "§9.4.3" },
	{ T3("CONTEXT_CONTROL", 0x28, ALL), FIELDS(context_control), FIXED(3), .note = "§9.4.4", EXEC(x_nothing) },
	/* §9.4.8, §9.4.10, §9.4.16: SHADER_TYPE "will always be zero" */
	{ T3("LOAD_CONFIG_REG", 0x60, R7UP), FIELDS(load_config_base), LOADS(load_config_reg_pair), .flags = GK_P_SHADER0,
	  .note = "§9.4.8", EXEC(x_load_config) },
	{ T3("LOAD_CONTEXT_REG", 0x61, R7UP), FIELDS(load_base), LOADS(load_context_reg_pair), .note = "§9.4.9", EXEC(x_load_context) },
	{ T3("LOAD_ALU_CONST", 0x62, R7UP), FIELDS(load_alu_const), FIXED(2), .note = "§9.4.6" },
	{ T3("LOAD_BOOL_CONST", 0x63, R7UP), FIELDS(load_base), LOADS(load_const_pair), .note = "§9.4.7", EXEC(x_load_bool) },
	{ T3("LOAD_LOOP_CONST", 0x64, R7UP), FIELDS(load_base), LOADS(load_const_pair), .note = "§9.4.5", EXEC(x_load_loop) },
	{ T3("LOAD_RESOURCE", 0x65, R7UP), FIELDS(load_base), LOADS(load_const_pair), .note = "§9.4.11", EXEC(x_load_resource) },
	{ T3("LOAD_SAMPLER", 0x66, R7UP), FIELDS(load_base), LOADS(load_const_pair), .note = "§9.4.12", EXEC(x_load_sampler) },
	{ T3("LOAD_CTL_CONST", 0x67, R7UP), FIELDS(load_base), LOADS(load_const_pair), .flags = GK_P_SHADER0,
	  .note = "§9.4.10", EXEC(x_load_ctl) },
	{ T3("SET_CONFIG_REG", 0x68, ALL), FIELDS(set_reg_offset), SET_REGS(GK_PM4_SPACE_CONFIG), .note = "§9.4.14", EXEC(x_reg_run) },
	{ T3("SET_CONTEXT_REG", 0x69, ALL), FIELDS(set_reg_offset), SET_REGS(GK_PM4_SPACE_CONTEXT), .note = "§9.4.15", EXEC(x_reg_run) },
	{ T3("SET_ALU_CONST", 0x6A, R6 | R7), FIELDS(set_const_offset), SET_REGS(GK_PM4_SPACE_ALU_CONST),
	  .note = "r600d.h: ALU constant register file 0x30000-0x32000", EXEC(x_reg_run) },
	/* evergreend.h: "alu const buffers only; no reg file" */
	{ T3("SET_ALU_CONST", 0x6A, EGUP), FIELDS(set_const_offset), DATA_TAIL("CONST_DATA", 2), .min_dw = 2,
	  .note = "Evergreen+ has no ALU constant register file (evergreend.h)" },
	{ T3("SET_BOOL_CONST", 0x6B, ALL), FIELDS(set_const_offset), SET_REGS(GK_PM4_SPACE_BOOL), .note = "§9.4.13", EXEC(x_reg_run) },
	{ T3("SET_LOOP_CONST", 0x6C, ALL), FIELDS(set_const_offset), SET_REGS(GK_PM4_SPACE_LOOP), .note = "§9.4.17", EXEC(x_reg_run) },
	/* resources are 7 dwords on R6xx/R7xx (r600_cs.c: count % 7), 8 on Evergreen+ */
	{ T3("SET_RESOURCE", 0x6D, R6 | R7), FIELDS(set_const_offset), SET_REGS(GK_PM4_SPACE_RESOURCE),
	  .tail_unit = 7, .note = "§9.4.18; r600_cs.c: 7 dwords per resource", EXEC(x_reg_run) },
	{ T3("SET_RESOURCE", 0x6D, EGUP), FIELDS(set_const_offset), SET_REGS(GK_PM4_SPACE_RESOURCE),
	  .tail_unit = 8, .note = "§9.4.18; evergreen_cs.c: 8 dwords per resource", EXEC(x_reg_run) },
	{ T3("SET_SAMPLER", 0x6E, ALL), FIELDS(set_const_offset), SET_REGS(GK_PM4_SPACE_SAMPLER),
	  .tail_unit = 3, .note = "§9.4.19; 3 dwords per sampler", EXEC(x_reg_run) },
	{ T3("SET_CTL_CONST", 0x6F, ALL), FIELDS(set_const_offset), SET_REGS(GK_PM4_SPACE_CTL_CONST),
	  .flags = GK_P_SHADER0, .note = "§9.4.16", EXEC(x_reg_run) },

	/* §9.5 predication */
	{ T3("COND_EXEC", 0x22, ALL), FIELDS(cond_exec), FIXED(4), .flags = GK_P_EXEC_COUNT, .note = "§9.5.1", EXEC(x_cond_exec), ACCESS(bool_acc) },
	{ T3("COND_WRITE", 0x45, ALL), FIELDS(cond_write), FIXED(9), .note = "§9.5.2", EXEC(x_cond_write) },
	{ T3("SET_PREDICATION", 0x20, ALL), FIELDS(set_predication), FIXED(3), .note = "§9.5.3", EXEC(x_set_predication) },
	{ T3("PRED_EXEC", 0x23, ALL), FIELDS(pred_exec), FIXED(2), .flags = GK_P_EXEC_COUNT, .note = "§9.5.4", EXEC(x_pred_exec) },

	/* §9.6 synchronization */
	{ T3("EVENT_WRITE", 0x46, ALL), FIELDS(event_write), .min_dw = 2, .max_dw = 4, .note = "§9.6.1", EXEC(x_event) },
	{ T3("EVENT_WRITE_EOP", 0x47, ALL), FIELDS(event_write_eop), FIXED(6), .note = "§9.6.2", EXEC(x_eop) },
	{ T3("EVENT_WRITE_EOS", 0x48, EGUP), FIELDS(event_write_eos), FIXED(5), .note = "§9.6.3", EXEC(x_eos) },
	{ T3("MEM_SEMAPHORE", 0x39, ALL), FIELDS(mem_semaphore), FIXED(3), .note = "§9.6.4", EXEC(x_semaphore), ACCESS(sem_acc) },
	/* r600d.h: "r7xx+ only" */
	{ T3("PFP_SYNC_ME", 0x42, R7UP), FIELDS(dummy), FIXED(2), .note = "§9.6.5", EXEC(x_nothing) },
	{ T3("STRMOUT_BUFFER_UPDATE", 0x34, ALL), FIELDS(strmout_buffer_update), FIXED(6), .note = "§9.6.6" },
	{ T3("SURFACE_SYNC", 0x43, ALL), FIELDS(surface_sync), FIXED(5), .note = "§9.6.7", EXEC(x_nothing) },
	{ T3("WAIT_REG_MEM", 0x3C, ALL), FIELDS(wait_reg_mem), FIXED(7), .note = "§9.6.8", EXEC(x_wait), ACCESS(poll_acc) },

	/* §9.7 misc */
	{ T3("MEM_WRITE", 0x3D, ALL), FIELDS(mem_write), FIXED(5), .note = "§9.7.1", EXEC(x_mem_write) },
	{ T3("NOP", 0x10, ALL), DATA_TAIL("DATA_BLOCK", 1), .min_dw = 2, .flags = GK_P_FILLER, .note = "§9.7.2", EXEC(x_nothing) },

	/* Kernel-header packets with a layout from the kernel's checkers or comments */
	{ T3("SET_BASE", 0x11, EGUP), FIELDS(set_base), FIXED(4), .note = "evergreen_cs.c", EXEC(x_set_base) },
	{ T3("INDEX_BUFFER_SIZE", 0x13, EGUP), FIELDS(index_buffer_size), FIXED(2), .note = "evergreen_cs.c: count 0", EXEC(x_index_size) },
	{ T3("DRAW_INDIRECT", 0x24, EGUP), FIELDS(draw_indirect), FIXED(3), .flags = GK_P_GRAPHICS, .note = "evergreen_cs.c", EXEC(x_draw) },
	{ T3("DRAW_INDEX_INDIRECT", 0x25, EGUP), FIELDS(draw_indirect), FIXED(3), .flags = GK_P_GRAPHICS, .note = "evergreen_cs.c", EXEC(x_draw) },
	{ T3("COPY_DW", 0x3B, ALL), FIELDS(copy_dw), FIXED(6), .note = "r600_cs.c/evergreen_cs.c: count 4", EXEC(x_copy_dw) },
	{ T3("CP_DMA", 0x41, ALL), FIELDS(cp_dma), FIXED(6), .note = "r600d.h/evergreend.h comment: count 4", EXEC(x_cp_dma), ACCESS(cp_dma_acc) },
	{ T3("SET_APPEND_CNT", 0x75, EGUP), FIELDS(set_append_cnt), FIXED(4), .note = "evergreend.h comment: count 2" },

	/* Kernel-header packets known by name and opcode only: body shown raw */
	{ T3("INDIRECT_BUFFER_END", 0x17, ALL), BODY_ONLY, .note = "r600d.h, evergreend.h, nid.h" },
	{ T3("REG_RMW", 0x21, ALL), BODY_ONLY, .note = "r600d.h, evergreend.h, nid.h" },
	{ T3("START_3D_CMDBUF", 0x24, R6 | R7), BODY_ONLY, .note = "r600d.h" },
	{ T3("DRAW_INDEX_IMMD_BE", 0x29, R6), BODY_ONLY, .flags = GK_P_GRAPHICS, .note = "r600d.h" },
	{ T3("DRAW_INDEX_MULTI_AUTO", 0x30, EGUP), BODY_ONLY, .flags = GK_P_GRAPHICS, .note = "evergreend.h, nid.h (count 2)" },
	{ T3("DRAW_INDEX_MULTI_ELEMENT", 0x36, EGUP), BODY_ONLY, .flags = GK_P_GRAPHICS, .note = "evergreend.h, nid.h" },
	{ T3("WRITE_DATA", 0x37, CM), BODY_ONLY, .note = "nid.h" },
	{ T3("INDIRECT_BUFFER_MP", 0x38, R6 | R7), BODY_ONLY, .note = "r600d.h" },
	{ T3("RB_OFFSET", 0x4B, EG), BODY_ONLY, .note = "evergreend.h" },
	{ T3("ALU_PS_CONST_BUFFER_COPY", 0x4C, EGUP), BODY_ONLY, .note = "evergreend.h, nid.h" },
	{ T3("ALU_VS_CONST_BUFFER_COPY", 0x4D, EGUP), BODY_ONLY, .note = "evergreend.h, nid.h" },
	{ T3("ALU_PS_CONST_UPDATE", 0x4E, EGUP), BODY_ONLY, .note = "evergreend.h, nid.h" },
	{ T3("ALU_VS_CONST_UPDATE", 0x4F, EGUP), BODY_ONLY, .note = "evergreend.h, nid.h" },
	{ T3("ONE_REG_WRITE", 0x57, ALL), BODY_ONLY, .note = "r600d.h, evergreend.h, nid.h" },
	{ T3("SET_RESOURCE_OFFSET", 0x70, EGUP), BODY_ONLY, .note = "evergreend.h, nid.h" },
	{ T3("SET_ALU_CONST_VS", 0x71, EGUP), BODY_ONLY, .note = "evergreend.h, nid.h" },
	{ T3("SET_ALU_CONST_DI", 0x72, EGUP), BODY_ONLY, .note = "evergreend.h, nid.h" },
	{ T3("STRMOUT_BASE_UPDATE", 0x72, R7), BODY_ONLY, .note = "r600d.h: r7xx" },
	{ T3("SET_CONTEXT_REG_INDIRECT", 0x73, EGUP), BODY_ONLY, .note = "evergreend.h, nid.h" },
	{ T3("SURFACE_BASE_UPDATE", 0x73, R6 | R7), BODY_ONLY, .note = "r600d.h" },
	{ T3("SET_RESOURCE_INDIRECT", 0x74, EGUP), BODY_ONLY, .note = "evergreend.h, nid.h" },
	{ T3("ME_WRITE", 0x7A, CM), BODY_ONLY, .note = "nid.h" },

	/* ---- GFX6 (SI) through GFX12: see the block comment above the GFX6+ layouts ---- */
	{ T3("NOP", 0x10, GCN), DATA_TAIL("DATA_BLOCK", 1), .min_dw = 2, .flags = GK_P_FILLER, .note = "nvd.h, Mesa sid.h", EXEC(x_nothing) },
	{ T3("SET_BASE", 0x11, GCN), FIELDS(gcn_set_base), FIXED(4), .note = "sid.h, nvd.h CE_PARTITION_BASE; Mesa",
	  EXEC(x_set_base) },
	{ T3("CLEAR_STATE", 0x12, GCN), FIELDS(dummy), FIXED(2), .note = "kernel gfx_v*_ring_emit: count 0", EXEC(x_clear_state) },
	{ T3("INDEX_BUFFER_SIZE", 0x13, GCN), FIELDS(index_buffer_size), FIXED(2), .note = "sid.h, nvd.h", EXEC(x_index_size) },
	{ T3("DISPATCH_DIRECT", 0x15, GCN), FIELDS(gcn_dispatch_direct), FIXED(5), .flags = GK_P_COMPUTE,
	  .note = "sid.h, nvd.h; initiator COMPUTE_DISPATCH_INITIATOR", EXEC(x_dispatch) },
	{ T3("DISPATCH_INDIRECT", 0x16, GCN), FIELDS(gcn_dispatch_indirect), FIXED(3), .flags = GK_P_COMPUTE,
	  .note = "sid.h, nvd.h", EXEC(x_dispatch) },
	{ T3("INDIRECT_BUFFER_END", 0x17, GCN), BODY_ONLY, .note = "nvd.h" },
	{ T3("INDIRECT_BUFFER_CNST_END", 0x19, G10UP), BODY_ONLY, .note = "nvd.h" },
	{ T3("ATOMIC_GDS", 0x1D, GCN), BODY_ONLY, .note = "sid.h, nvd.h" },
	{ T3("ATOMIC_MEM", 0x1E, GCN), FIELDS(gcn_atomic_mem), FIXED(9), .note = "nvd.h PACKET3_ATOMIC_MEM__*" },
	{ T3("OCCLUSION_QUERY", 0x1F, G7UP), FIELDS(gcn_occlusion_query), FIXED(5), .note = "Mesa sid.h: GFX7+" },
	{ T3("SET_PREDICATION", 0x20, G6TO8), FIELDS(gcn_set_predication_si), FIXED(3), .note = "Mesa si_emit_set_predication: count 1", EXEC(x_set_predication) },
	{ T3("SET_PREDICATION", 0x20, G9UP), FIELDS(gcn_set_predication), FIXED(4), .note = "Mesa si_emit_set_predication: GFX9+ count 2", EXEC(x_set_predication) },
	{ T3("REG_RMW", 0x21, GCN), BODY_ONLY, .note = "sid.h, nvd.h" },
	{ T3("COND_EXEC", 0x22, G7UP), FIELDS(gcn_cond_exec), FIXED(5), .flags = GK_P_EXEC_COUNT,
	  .note = "kernel gfx_v8+ init_cond_exec: count 3", EXEC(x_cond_exec), ACCESS(gcn_cond_acc) },
	{ T3("COND_EXEC", 0x22, G6), BODY_ONLY, .note = "sid.h" },
	{ T3("PRED_EXEC", 0x23, GCN), FIELDS(pred_exec), FIXED(2), .flags = GK_P_EXEC_COUNT, .note = "sid.h, nvd.h", EXEC(x_pred_exec) },
	{ T3("DRAW_INDIRECT", 0x24, GCN), FIELDS(gcn_draw_indirect), FIXED(5), .flags = GK_P_GRAPHICS, .note = "sid.h, nvd.h", EXEC(x_draw) },
	{ T3("DRAW_INDEX_INDIRECT", 0x25, GCN), FIELDS(gcn_draw_indirect), FIXED(5), .flags = GK_P_GRAPHICS, .note = "sid.h, nvd.h", EXEC(x_draw) },
	{ T3("INDEX_BASE", 0x26, GCN), FIELDS(gcn_index_base), FIXED(3), .note = "sid.h, nvd.h", EXEC(x_index_base) },
	{ T3("DRAW_INDEX_2", 0x27, GCN), FIELDS(gcn_draw_index_2), FIXED(6), .flags = GK_P_GRAPHICS,
	  .note = "sid.h, nvd.h; Mesa si_emit_draw_packets", EXEC(x_draw) },
	{ T3("CONTEXT_CONTROL", 0x28, GCN), FIELDS(gcn_context_control), FIXED(3), .note = "Mesa sid.h CC0_*/CC1_*", EXEC(x_nothing) },
	{ T3("INDEX_TYPE", 0x2A, GCN), FIELDS(gcn_index_type), FIXED(2), .note = "sid.h, nvd.h", EXEC(x_index_type) },
	{ T3("DRAW_INDIRECT_MULTI", 0x2C, GCN), FIELDS(gcn_draw_indirect_multi), FIXED(10), .flags = GK_P_GRAPHICS, .note = "sid.h, nvd.h", EXEC(x_draw) },
	{ T3("DRAW_INDEX_AUTO", 0x2D, GCN), FIELDS(draw_index_auto), FIXED(3), .flags = GK_P_GRAPHICS,
	  .note = "sid.h, nvd.h", EXEC(x_draw) },
	{ T3("DRAW_INDEX_IMMD", 0x2E, G6), BODY_ONLY, .flags = GK_P_GRAPHICS, .note = "Mesa sid.h: GFX6 only" },
	{ T3("NUM_INSTANCES", 0x2F, GCN), FIELDS(num_instances), FIXED(2), .note = "sid.h, nvd.h", EXEC(x_num_instances) },
	{ T3("DRAW_INDEX_MULTI_AUTO", 0x30, GCN), BODY_ONLY, .flags = GK_P_GRAPHICS, .note = "sid.h, nvd.h" },
	{ T3("INDIRECT_BUFFER_PRIV", 0x32, GCN), .alias = "INDIRECT_BUFFER_SI", BODY_ONLY,
	  .note = "nvd.h; Mesa sid.h INDIRECT_BUFFER_SI" },
	{ T3("INDIRECT_BUFFER_CONST", 0x33, GCN), .alias = "INDIRECT_BUFFER_CNST", FIELDS(gcn_indirect_buffer), FIXED(4),
	  .access = indirect_buffer_acc, .naccess = 1, .flags = GK_P_IB, RULES(gcn_indirect_buffer_rules),
	  .note = "sid.h, nvd.h: the constant-engine IB" },
	{ T3("STRMOUT_BUFFER_UPDATE", 0x34, GCN), FIELDS(gcn_strmout_buffer_update), FIXED(6), .note = "Mesa sid.h STRMOUT_*" },
	{ T3("DRAW_INDEX_OFFSET_2", 0x35, GCN), FIELDS(draw_index_offset_2), FIXED(5), .flags = GK_P_GRAPHICS, .note = "sid.h, nvd.h", EXEC(x_draw) },
	{ T3("DRAW_PREAMBLE", 0x36, G7UP), BODY_ONLY, .note = "cikd.h, nvd.h" },
	{ T3("WRITE_DATA", 0x37, GCN), FIELDS(gcn_write_data), DATA_TAIL("DATA", 4), .min_dw = 5,
	  .note = "nvd.h; pkt3.json CONTROL", EXEC(x_write_data) },
	{ T3("DRAW_INDEX_INDIRECT_MULTI", 0x38, GCN), FIELDS(gcn_draw_indirect_multi), FIXED(10), .flags = GK_P_GRAPHICS, .note = "sid.h, nvd.h", EXEC(x_draw) },
	{ T3("MEM_SEMAPHORE", 0x39, GCN), BODY_ONLY, .note = "sid.h, nvd.h" },
	{ T3("MPEG_INDEX", 0x3A, G6), BODY_ONLY, .note = "Mesa sid.h: GFX6 only" },
	{ T3("DRAW_INDEX_MULTI_INST", 0x3A, G7UP), BODY_ONLY, .flags = GK_P_GRAPHICS, .note = "cikd.h, nvd.h" },
	{ T3("COPY_DW", 0x3B, GCN), BODY_ONLY, .note = "sid.h, nvd.h" },
	{ T3("WAIT_REG_MEM", 0x3C, GCN), FIELDS(gcn_wait_reg_mem), FIXED(7), .note = "nvd.h", EXEC(x_gcn_wait), ACCESS(poll_acc) },
	{ T3("MEM_WRITE", 0x3D, G6), BODY_ONLY, .note = "Mesa sid.h: GFX6 only" },
	{ T3("INDIRECT_BUFFER", 0x3F, GCN), FIELDS(gcn_indirect_buffer), FIXED(4), .access = indirect_buffer_acc,
	  .naccess = 1, .flags = GK_P_IB, RULES(gcn_indirect_buffer_rules), .note = "nvd.h PACKET3_INDIRECT_BUFFER__*" },
	{ T3("COPY_DATA", 0x40, GCN), FIELDS(gcn_copy_data), FIXED(6), .note = "nvd.h PACKET3_COPY_DATA__*", EXEC(x_copy_data) },
	{ T3("CP_DMA", 0x41, GCN), FIELDS(gcn_cp_dma), FIXED(6), .note = "pkt3.json CP_DMA_WORD0-3, COMMAND", EXEC(x_gcn_cp_dma) },
	{ T3("PFP_SYNC_ME", 0x42, GCN), FIELDS(dummy), FIXED(2), .note = "sid.h, nvd.h", EXEC(x_nothing) },
	{ T3("SURFACE_SYNC", 0x43, G6TO8), FIELDS(gcn_surface_sync), FIXED(5),
	  .note = "Mesa sid.h: deprecated on GFX7, ACQUIRE_MEM from GFX9", EXEC(x_nothing) },
	{ T3("ME_INITIALIZE", 0x44, GCN), BODY_ONLY, .note = "sid.h, nvd.h" },
	{ T3("COND_WRITE", 0x45, GCN), BODY_ONLY, .note = "sid.h, nvd.h" },
	{ T3("EVENT_WRITE", 0x46, GCN), FIELDS(gcn_event_write), .min_dw = 2, .max_dw = 4, .note = "nvd.h", EXEC(x_event) },
	{ T3("EVENT_WRITE_EOP", 0x47, G6TO8), FIELDS(gcn_event_write_eop), FIXED(6), .note = "Mesa sid.h: GFX6-8", EXEC(x_eop) },
	{ T3("EVENT_WRITE_EOS", 0x48, G6TO8), FIELDS(gcn_event_write_eos), FIXED(5), .note = "Mesa sid.h: GFX6-8", EXEC(x_gcn_eos) },
	{ T3("RELEASE_MEM", 0x49, G8), FIELDS(gcn_release_mem_vi), FIXED(7), .note = "vid.h; gfx_v8 compute fence: count 5", EXEC(x_eop) },
	{ T3("RELEASE_MEM", 0x49, G9UP), FIELDS(gcn_release_mem), FIXED(8), .note = "soc15d.h, nvd.h: count 6", EXEC(x_eop) },
	{ T3("PREAMBLE_CNTL", 0x4A, GCN), FIELDS(preamble_cntl), FIXED(2), .note = "sid.h, nvd.h", EXEC(x_preamble) },
	{ T3("DISPATCH_MESH_INDIRECT_MULTI", 0x4C, G103UP), BODY_ONLY, .note = "Mesa sid.h: GFX10.3+" },
	{ T3("DISPATCH_TASKMESH_GFX", 0x4D, G103UP), BODY_ONLY, .note = "Mesa sid.h: GFX10.3+" },
	{ T3("DISPATCH_MESH_DIRECT", 0x4E, G11UP), BODY_ONLY, .note = "Mesa sid.h: GFX11+" },
	{ T3("DMA_DATA", 0x50, G7UP), FIELDS(gcn_dma_data), FIXED(7), .note = "nvd.h; pkt3.json DMA_DATA_WORD0, COMMAND", EXEC(x_dma_data) },
	{ T3("CONTEXT_REG_RMW", 0x51, GCN), FIELDS(gcn_context_reg_rmw), FIXED(4), .note = "Mesa sid.h, nvd.h" },
	{ T3("GFX_CNTX_UPDATE", 0x52, G9UP), BODY_ONLY, .note = "soc15d.h, nvd.h" },
	{ T3("BLK_CNTX_UPDATE", 0x53, G9UP), BODY_ONLY, .note = "soc15d.h, nvd.h" },
	{ T3("INCR_UPDT_STATE", 0x55, G9UP), BODY_ONLY, .note = "soc15d.h, nvd.h" },
	{ T3("ONE_REG_WRITE", 0x57, G6), BODY_ONLY, .note = "Mesa sid.h: GFX6 only" },
	{ T3("ACQUIRE_MEM", 0x58, G7TO9), FIELDS(gcn_acquire_mem_ci), FIXED(7), .note = "cikd.h, soc15d.h: count 5", EXEC(x_nothing) },
	{ T3("ACQUIRE_MEM", 0x58, G10UP), FIELDS(gcn_acquire_mem), FIXED(8), .note = "nvd.h: count 6 with GCR_CNTL", EXEC(x_nothing) },
	{ T3("REWIND", 0x59, G7UP), BODY_ONLY, .note = "Mesa sid.h: GFX8+ (GFX7 compute)" },
	{ T3("INTERRUPT", 0x5A, G9UP), BODY_ONLY, .note = "soc15d.h, nvd.h" },
	{ T3("GEN_PDEPTE", 0x5B, G9UP), BODY_ONLY, .note = "soc15d.h, nvd.h" },
	{ T3("INDIRECT_BUFFER_PASID", 0x5C, G9UP), BODY_ONLY, .note = "soc15d.h, nvd.h" },
	{ T3("PRIME_UTCL2", 0x5D, G9UP), BODY_ONLY, .note = "soc15d.h, nvd.h" },
	{ T3("LOAD_UCONFIG_REG", 0x5E, G7UP), FIELDS(gcn_load_base), LOADS(load_uconfig_reg_pair), .note = "Mesa sid.h: GFX7+", EXEC(x_load_uconfig) },
	{ T3("LOAD_SH_REG", 0x5F, GCN), FIELDS(gcn_load_base), LOADS(load_sh_reg_pair), .note = "sid.h, nvd.h", EXEC(x_load_sh) },
	{ T3("LOAD_CONFIG_REG", 0x60, GCN), FIELDS(gcn_load_base), LOADS(load_config_reg_pair), .note = "sid.h, nvd.h", EXEC(x_load_config) },
	{ T3("LOAD_CONTEXT_REG", 0x61, GCN), FIELDS(gcn_load_base), LOADS(load_context_reg_pair), .note = "sid.h, nvd.h", EXEC(x_load_context) },
	{ T3("LOAD_COMPUTE_STATE", 0x62, G9UP), BODY_ONLY, .note = "soc15d.h, nvd.h" },
	{ T3("LOAD_SH_REG_INDEX", 0x63, G8UP), BODY_ONLY, .note = "Mesa sid.h: GFX8+" },
	{ T3("SET_CONFIG_REG", 0x68, GCN), FIELDS(gcn_set_reg_index), SET_REGS(GK_PM4_SPACE_CONFIG), .note = "sid.h, nvd.h", EXEC(x_reg_run) },
	{ T3("SET_CONTEXT_REG", 0x69, GCN), FIELDS(gcn_set_reg_index), SET_REGS(GK_PM4_SPACE_CONTEXT), .note = "sid.h, nvd.h", EXEC(x_reg_run) },
	{ T3("SET_CONTEXT_REG_INDEX", 0x6A, G8), FIELDS(gcn_set_reg_index), SET_REGS(GK_PM4_SPACE_CONTEXT),
	  .note = "vid.h", EXEC(x_set_index_gfx8) },
	{ T3("SET_CONTEXT_REG_INDEX", 0x6A, G9UP), FIELDS(gcn_set_context_reg_index), SET_REGS(GK_PM4_SPACE_CONTEXT),
	  .note = "vid.h, nvd.h; INDEX: PAL PFP_SET_CONTEXT_REG_INDEX_index_enum", EXEC(x_reg_run) },
	{ T3("SET_VGPR_REG_DI_MULTI", 0x71, G10UP), BODY_ONLY, .note = "nvd.h" },
	{ T3("SET_SH_REG_DI", 0x72, G10UP), BODY_ONLY, .note = "nvd.h" },
	{ T3("SET_CONTEXT_REG_INDIRECT", 0x73, GCN), BODY_ONLY, .note = "sid.h, nvd.h" },
	{ T3("SET_SH_REG_DI_MULTI", 0x74, G10UP), BODY_ONLY, .note = "nvd.h" },
	{ T3("GFX_PIPE_LOCK", 0x75, G10UP), BODY_ONLY, .note = "nvd.h" },
	{ T3("SET_SH_REG", 0x76, GCN), FIELDS(gcn_set_reg_index), SET_REGS(GK_PM4_SPACE_SH), .note = "sid.h, nvd.h", EXEC(x_reg_run) },
	{ T3("SET_SH_REG_OFFSET", 0x77, GCN), BODY_ONLY, .note = "sid.h, nvd.h" },
	{ T3("SET_QUEUE_REG", 0x78, G7UP), BODY_ONLY, .note = "cikd.h, nvd.h" },
	{ T3("SET_UCONFIG_REG", 0x79, G7UP), FIELDS(gcn_set_reg_index), SET_REGS(GK_PM4_SPACE_UCONFIG),
	  .note = "Mesa sid.h: GFX7+", EXEC(x_reg_run) },
	{ T3("SET_UCONFIG_REG_INDEX", 0x7A, G9UP), FIELDS(gcn_set_uconfig_reg_index), SET_REGS(GK_PM4_SPACE_UCONFIG),
	  .note = "Mesa sid.h: new for GFX9; INDEX: PAL PFP_SET_UCONFIG_REG_INDEX_index_enum", EXEC(x_reg_run) },
	{ T3("FORWARD_HEADER", 0x7C, G9UP), BODY_ONLY, .note = "soc15d.h, nvd.h" },
	{ T3("SCRATCH_RAM_WRITE", 0x7D, GCN), BODY_ONLY, .note = "sid.h, nvd.h" },
	{ T3("SCRATCH_RAM_READ", 0x7E, GCN), BODY_ONLY, .note = "sid.h, nvd.h" },
	{ T3("LOAD_CONST_RAM", 0x80, GCN), BODY_ONLY, .note = "sid.h, nvd.h" },
	{ T3("WRITE_CONST_RAM", 0x81, GCN), BODY_ONLY, .note = "sid.h, nvd.h" },
	{ T3("DUMP_CONST_RAM", 0x83, GCN), BODY_ONLY, .note = "sid.h, nvd.h" },
	{ T3("INCREMENT_CE_COUNTER", 0x84, GCN), BODY_ONLY, .note = "sid.h, nvd.h" },
	{ T3("INCREMENT_DE_COUNTER", 0x85, GCN), BODY_ONLY, .note = "sid.h, nvd.h" },
	{ T3("WAIT_ON_CE_COUNTER", 0x86, GCN), BODY_ONLY, .note = "sid.h, nvd.h" },
	{ T3("WAIT_ON_DE_COUNTER_DIFF", 0x88, GCN), BODY_ONLY, .note = "sid.h, nvd.h" },
	/* the constant engine's double buffer switch (gfx_v8_0.c / gfx_v9_0.c
	 * ring_emit_sb) and the TMZ frame marks (gfx_v9_0.c / gfx_v10_0.c
	 * ring_emit_frame_cntl): nothing the executor holds changes */
	{ T3("SWITCH_BUFFER", 0x8B, GCN), FIELDS(dummy), FIXED(2), .note = "sid.h, nvd.h; kernel emits count 0",
	  EXEC(x_nothing) },
	{ T3("DISPATCH_DRAW_PREAMBLE", 0x8C, G9UP), BODY_ONLY, .note = "soc15d.h, nvd.h" },
	{ T3("DISPATCH_DRAW", 0x8D, G9UP), BODY_ONLY, .note = "soc15d.h, nvd.h" },
	{ T3("GET_LOD_STATS", 0x8E, G9UP), BODY_ONLY, .note = "soc15d.h, nvd.h" },
	{ T3("DRAW_MULTI_PREAMBLE", 0x8F, G9UP), BODY_ONLY, .note = "soc15d.h, nvd.h" },
	{ T3("FRAME_CONTROL", 0x90, G9UP), FIELDS(gcn_frame_control), FIXED(2), .note = "soc15d.h, nvd.h FRAME_TMZ, FRAME_CMD",
	  EXEC(x_nothing) },
	{ T3("INDEX_ATTRIBUTES_INDIRECT", 0x91, G9UP), BODY_ONLY, .note = "soc15d.h, nvd.h" },
	{ T3("WAIT_REG_MEM64", 0x93, G9UP), BODY_ONLY, .note = "soc15d.h, nvd.h" },
	{ T3("COND_PREEMPT", 0x94, G9UP), BODY_ONLY, .note = "soc15d.h, nvd.h" },
	{ T3("HDP_FLUSH", 0x95, G9UP), BODY_ONLY, .note = "soc15d.h, nvd.h" },
	{ T3("COPY_DATA_RB", 0x96, G10UP), BODY_ONLY, .note = "nvd.h" },
	{ T3("INVALIDATE_TLBS", 0x98, G9UP), FIELDS(gcn_invalidate_tlbs), FIXED(2), .note = "soc15d.h, nvd.h" },
	{ T3("AQL_PACKET", 0x99, G9UP), BODY_ONLY, .note = "soc15d.h, nvd.h" },
	{ T3("DMA_DATA_FILL_MULTI", 0x9A, G8UP), BODY_ONLY, .note = "vid.h, nvd.h" },
	{ T3("SET_SH_REG_INDEX", 0x9B, G8), FIELDS(gcn_set_reg_index), SET_REGS(GK_PM4_SPACE_SH),
	  .note = "vid.h", EXEC(x_set_index_gfx8) },
	{ T3("SET_SH_REG_INDEX", 0x9B, G9UP & ~GK_PM4_GFX12), FIELDS(gcn_set_sh_reg_index), SET_REGS(GK_PM4_SPACE_SH),
	  .note = "vid.h, nvd.h; INDEX: PAL PFP/MEC_SET_SH_REG_INDEX_index_enum", EXEC(x_set_sh_index) },
	{ T3("SET_SH_REG_INDEX", 0x9B, GK_PM4_GFX12), FIELDS(gfx12_set_sh_reg_index), SET_REGS(GK_PM4_SPACE_SH),
	  .note = "nvd.h; INDEX: PAL GFX12 PFP_SET_SH_REG_INDEX_index_enum", EXEC(x_reg_run) },
	{ T3("DRAW_INDIRECT_COUNT_MULTI", 0x9C, G9UP), BODY_ONLY, .flags = GK_P_GRAPHICS, .note = "soc15d.h, nvd.h" },
	{ T3("DRAW_INDEX_INDIRECT_COUNT_MULTI", 0x9D, G9UP), BODY_ONLY, .flags = GK_P_GRAPHICS, .note = "soc15d.h, nvd.h" },
	{ T3("DUMP_CONST_RAM_OFFSET", 0x9E, G8UP), BODY_ONLY, .note = "vid.h, nvd.h" },
	{ T3("LOAD_CONTEXT_REG_INDEX", 0x9F, G8UP), BODY_ONLY, .note = "Mesa sid.h: GFX8+" },
	{ T3("SET_RESOURCES", 0xA0, G8UP), FIELDS(gcn_set_resources), FIXED(8), .note = "vid.h, nvd.h (KIQ)" },
	{ T3("MAP_PROCESS", 0xA1, G8UP), BODY_ONLY, .note = "vid.h, nvd.h (KIQ)" },
	{ T3("MAP_QUEUES", 0xA2, G8UP), FIELDS(gcn_map_queues), FIXED(7), .note = "vid.h, nvd.h (KIQ)" },
	{ T3("UNMAP_QUEUES", 0xA3, G8UP), FIELDS(gcn_unmap_queues), FIXED(6), .note = "vid.h, nvd.h (KIQ)" },
	{ T3("QUERY_STATUS", 0xA4, G8UP), FIELDS(gcn_query_status), FIXED(7), .note = "vid.h, nvd.h (KIQ)" },
	{ T3("DISPATCH_TASK_STATE_INIT", 0xA9, G103UP), BODY_ONLY, .note = "Mesa sid.h: GFX10.3+" },
	{ T3("DISPATCH_TASKMESH_DIRECT_ACE", 0xAA, G103UP), BODY_ONLY, .note = "Mesa sid.h: GFX10.3+" },
	{ T3("DISPATCH_TASKMESH_INDIRECT_MULTI_ACE", 0xAD, G103UP), BODY_ONLY, .note = "Mesa sid.h: GFX10.3+" },
	{ T3("EVENT_WRITE_ZPASS", 0xB1, G11UP), BODY_ONLY, .note = "Mesa sid.h: GFX11+" },
	{ T3("SET_CONTEXT_REG_PAIRS", 0xB8, G11UP), .tail = GK_TAIL_GROUPS, .tail_dw = 1, .group = gcn_context_reg_pair, .ngroup = 2, .group_dw = 2, .tail_unit = 2, .min_dw = 3, .note = "Mesa sid.h: GFX11+", EXEC(x_pairs_context) },
	{ T3("SET_CONTEXT_REG_PAIRS_PACKED", 0xB9, G11UP), FIELDS(gcn_reg_pair_packed_count), .tail = GK_TAIL_GROUPS, .tail_dw = 2, .group = gcn_context_reg_pair_packed, .ngroup = 4, .group_dw = 3, .tail_unit = 3, .min_dw = 5, RULES(gcn_reg_pair_packed_rules), .note = "Mesa sid.h: GFX11+", EXEC(x_packed_context) },
	{ T3("SET_SH_REG_PAIRS", 0xBA, G11UP), .tail = GK_TAIL_GROUPS, .tail_dw = 1, .group = gcn_sh_reg_pair, .ngroup = 2, .group_dw = 2, .tail_unit = 2, .min_dw = 3, .note = "Mesa sid.h: GFX11+", EXEC(x_pairs_sh) },
	{ T3("SET_SH_REG_PAIRS_PACKED", 0xBB, G11UP), FIELDS(gcn_reg_pair_packed_count), .tail = GK_TAIL_GROUPS, .tail_dw = 2, .group = gcn_sh_reg_pair_packed, .ngroup = 4, .group_dw = 3, .tail_unit = 3, .min_dw = 5, RULES(gcn_reg_pair_packed_rules), .note = "Mesa sid.h: GFX11+", EXEC(x_packed_sh) },
	{ T3("SET_SH_REG_PAIRS_PACKED_N", 0xBD, G11UP), FIELDS(gcn_reg_pair_packed_count), .tail = GK_TAIL_GROUPS, .tail_dw = 2, .group = gcn_sh_reg_pair_packed, .ngroup = 4, .group_dw = 3, .tail_unit = 3, .min_dw = 5, RULES(gcn_reg_pair_packed_rules), .note = "Mesa sid.h: GFX11+", EXEC(x_packed_sh) },
};
const size_t gk_pm4_ndescs = GK_COUNTOF(gk_pm4_descs);

/* NOP_PAD, the GFX6+ one-dword NOP, for framing */
const struct gk_packet_desc *const gk_pm4_nop_pad = &gk_pm4_descs[4];

/* Register spaces of the SET_* packets, per generation (end exclusive).
 * R6xx/R7xx: r600d.h PACKET3_SET_*_OFFSET/END; Evergreen/Cayman:
 * evergreend.h / nid.h PACKET3_SET_*_START/END.  Type-0 writes may target
 * any register of the 64K-dword map (§9.1.1). */
const struct gk_space gk_pm4_spaces_r600[GK_PM4_NSPACES] = {
	[GK_PM4_SPACE_MMIO] = { "mmio", 0x00000, 0x40000 },
	[GK_PM4_SPACE_CONFIG] = { "config", 0x08000, 0x0AC00 },
	[GK_PM4_SPACE_CONTEXT] = { "context", 0x28000, 0x29000 },
	[GK_PM4_SPACE_ALU_CONST] = { "alu_const", 0x30000, 0x32000 },
	[GK_PM4_SPACE_RESOURCE] = { "resource", 0x38000, 0x3C000 },
	[GK_PM4_SPACE_SAMPLER] = { "sampler", 0x3C000, 0x3CFF0 },
	[GK_PM4_SPACE_CTL_CONST] = { "ctl_const", 0x3CFF0, 0x3E200 },
	[GK_PM4_SPACE_LOOP] = { "loop", 0x3E200, 0x3E380 },
	[GK_PM4_SPACE_BOOL] = { "bool", 0x3E380, 0x40000 },
	[GK_PM4_SPACE_SH] = { "sh", 0, 0 },
	[GK_PM4_SPACE_UCONFIG] = { "uconfig", 0, 0 },
};
const struct gk_space gk_pm4_spaces_evergreen[GK_PM4_NSPACES] = {
	[GK_PM4_SPACE_MMIO] = { "mmio", 0x00000, 0x40000 },
	[GK_PM4_SPACE_CONFIG] = { "config", 0x08000, 0x0AC00 },
	[GK_PM4_SPACE_CONTEXT] = { "context", 0x28000, 0x29000 },
	[GK_PM4_SPACE_ALU_CONST] = { "alu_const", 0, 0 },
	[GK_PM4_SPACE_RESOURCE] = { "resource", 0x30000, 0x38000 },
	[GK_PM4_SPACE_SAMPLER] = { "sampler", 0x3C000, 0x3C600 },
	[GK_PM4_SPACE_CTL_CONST] = { "ctl_const", 0x3CFF0, 0x3FF0C },
	[GK_PM4_SPACE_LOOP] = { "loop", 0x3A200, 0x3A500 },
	[GK_PM4_SPACE_BOOL] = { "bool", 0x3A500, 0x3A518 },
	[GK_PM4_SPACE_SH] = { "sh", 0, 0 },
	[GK_PM4_SPACE_UCONFIG] = { "uconfig", 0, 0 },
};

/* GFX6+: Mesa's src/amd/common/sid.h SI_CONFIG_REG_OFFSET..SI_CONFIG_REG_END,
 * SI_SH_REG_*, SI_CONTEXT_REG_*, CIK_UCONFIG_REG_* (byte addresses).  The
 * kernel's PACKET3_SET_*_REG_START/END (sid.h, cikd.h, soc15d.h, nvd.h) give
 * the same starts in dwords (0x2000, 0x2C00, 0xA000, 0xC000) with narrower
 * ends (context 0xA400, uconfig 0xC400); Mesa's ends are used because Mesa
 * writes the performance-counter registers at 0x34000-0x38000 with
 * SET_UCONFIG_REG.  SI has no uconfig space (SET_UCONFIG_REG is GFX7+). */
const struct gk_space gk_pm4_spaces_gfx6[GK_PM4_NSPACES] = {
	[GK_PM4_SPACE_MMIO] = { "mmio", 0x00000, 0x40000 },
	[GK_PM4_SPACE_CONFIG] = { "config", 0x08000, 0x0B000 },
	[GK_PM4_SPACE_CONTEXT] = { "context", 0x28000, 0x30000 },
	[GK_PM4_SPACE_ALU_CONST] = { "alu_const", 0, 0 },
	[GK_PM4_SPACE_RESOURCE] = { "resource", 0, 0 },
	[GK_PM4_SPACE_SAMPLER] = { "sampler", 0, 0 },
	[GK_PM4_SPACE_CTL_CONST] = { "ctl_const", 0, 0 },
	[GK_PM4_SPACE_LOOP] = { "loop", 0, 0 },
	[GK_PM4_SPACE_BOOL] = { "bool", 0, 0 },
	[GK_PM4_SPACE_SH] = { "sh", 0x0B000, 0x0C000 },
	[GK_PM4_SPACE_UCONFIG] = { "uconfig", 0, 0 },
};
const struct gk_space gk_pm4_spaces_gfx7[GK_PM4_NSPACES] = {
	[GK_PM4_SPACE_MMIO] = { "mmio", 0x00000, 0x40000 },
	[GK_PM4_SPACE_CONFIG] = { "config", 0x08000, 0x0B000 },
	[GK_PM4_SPACE_CONTEXT] = { "context", 0x28000, 0x30000 },
	[GK_PM4_SPACE_ALU_CONST] = { "alu_const", 0, 0 },
	[GK_PM4_SPACE_RESOURCE] = { "resource", 0, 0 },
	[GK_PM4_SPACE_SAMPLER] = { "sampler", 0, 0 },
	[GK_PM4_SPACE_CTL_CONST] = { "ctl_const", 0, 0 },
	[GK_PM4_SPACE_LOOP] = { "loop", 0, 0 },
	[GK_PM4_SPACE_BOOL] = { "bool", 0, 0 },
	[GK_PM4_SPACE_SH] = { "sh", 0x0B000, 0x0C000 },
	[GK_PM4_SPACE_UCONFIG] = { "uconfig", 0x30000, 0x40000 },
};
