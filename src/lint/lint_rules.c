/* Lint rules: "Radeon Evergreen/Northern Islands Acceleration" §2-§8 as
 * rows (the format is described in lint_rules.h; docs/lint.md lists the
 * rules and what register state cannot decide).
 *
 * Each row: id, section, generations, events, index range, conditions,
 * requirements, one line of text.  Register and field names are the
 * register tables' (../shared/reference/registers, from Mesa's
 * evergreend.h and the kernel's evergreend.h/nid.h); value names are the
 * tables' value names, numbers where the table names none (COLOR_DESTBLEND
 * and the alpha blend fields share COLOR_SRCBLEND's and COLOR_COMB_FCN's
 * encoding, named only there: BLEND_CONST_COLOR 13 ..
 * BLEND_ONE_MINUS_CONST_ALPHA 20, BLEND_SRC1_COLOR 15 ..
 * BLEND_INV_SRC1_ALPHA 18, COMB_DST_PLUS_SRC 0, COMB_SRC_MINUS_DST 1,
 * COMB_DST_MINUS_SRC 4; ENDIAN_NONE is 0 in evergreend.h). */
#include <stddef.h>

#include "gfxkit/lint.h"
#include "lint_rules.h"

#define EG GK_LINT_EVERGREEN
#define CM GK_LINT_CAYMAN
#define BOTH (EG | CM)
#define DRAW GK_LINT_DRAW
#define DISP GK_LINT_DISPATCH
#define ANY (DRAW | DISP)

/* terms */
#define T(a_, op_, ...) { .a = a_, .op = op_, .v = { __VA_ARGS__ } }
#define TOR(a_, op_, ...) { .a = a_, .op = op_, .or_next = 1, .v = { __VA_ARGS__ } }
#define TU(a_, op_, u_, ...) { .a = a_, .op = op_, .unw = u_, .v = { __VA_ARGS__ } }
/* a term with the guide's default for a register never written */
#define TD(a_, op_, d_, ...) { .a = a_, .op = op_, .dflt = d_, .v = { __VA_ARGS__ } }
#define F(a_, op_, b_) { .a = a_, .op = op_, .b = b_ }
#define W(a_) { .a = a_, .op = L_WRITTEN }
#define NW(a_) { .a = a_, .op = L_UNWRITTEN }
#define EQ(a_, v_) T(a_, L_EQ, v_)
#define NE(a_, v_) T(a_, L_NE, v_)

/* MRT # is enabled: CB_SHADER_MASK enables it and its format is not
 * COLOR_INVALID (§8.1.1: "If an MRT is not disabled, either with
 * CB_SHADER_MASK or by setting CB_COLOR*_INFO.FORMAT = COLOR_INVALID");
 * an INFO never written does not disable it. */
#define MRT_ON NE("CB_SHADER_MASK.OUTPUT#_ENABLE", "0"), TU("CB_COLOR#_INFO.FORMAT", L_NE, U_TRUE, "COLOR_INVALID")
#define NORMAL EQ("CB_COLOR_CONTROL.MODE", "CB_NORMAL")
/* MRT #'s blender is enabled and the surface is blendable (§8.1.1): not
 * bypassed, not an integer number type. */
#define BLENDING                                                                                            \
	EQ("CB_BLEND#_CONTROL.BLEND_CONTROL_ENABLE", "1"), EQ("CB_COLOR#_INFO.BLEND_BYPASS", "0"),          \
		T("CB_COLOR#_INFO.NUMBER_TYPE", L_NOTIN, "NUMBER_UINT", "NUMBER_SINT")
#define CONST_FACTORS "BLEND_CONST_COLOR", "BLEND_ONE_MINUS_CONST_COLOR", "BLEND_CONST_ALPHA", "BLEND_ONE_MINUS_CONST_ALPHA"
#define CONST_FACTORS_N "13", "14", "19", "20"
#define SRC1_FACTORS "BLEND_SRC1_COLOR", "BLEND_INV_SRC1_COLOR", "BLEND_SRC1_ALPHA", "BLEND_INV_SRC1_ALPHA"
#define SRC1_FACTORS_N "15", "16", "17", "18"
/* §8.2: dual-source mode: SRC1 in MRT0's enabled blend equation */
#define DUAL_SRC                                                                                            \
	NORMAL, EQ("CB_BLEND0_CONTROL.BLEND_CONTROL_ENABLE", "1"),                                          \
		TOR("CB_BLEND0_CONTROL.COLOR_SRCBLEND", L_IN, SRC1_FACTORS),                                \
		TOR("CB_BLEND0_CONTROL.COLOR_DESTBLEND", L_IN, SRC1_FACTORS_N),                               \
		TOR("CB_BLEND0_CONTROL.ALPHA_SRCBLEND", L_IN, SRC1_FACTORS_N),                              \
		T("CB_BLEND0_CONTROL.ALPHA_DESTBLEND", L_IN, SRC1_FACTORS_N)
/* not dual-source (one group per factor: enable off, or that factor not SRC1) */
#define NOT_DUAL_SRC                                                                                        \
	TOR("CB_BLEND0_CONTROL.BLEND_CONTROL_ENABLE", L_EQ, "0"),                                           \
		T("CB_BLEND0_CONTROL.COLOR_SRCBLEND", L_NOTIN, SRC1_FACTORS),                               \
		TOR("CB_BLEND0_CONTROL.BLEND_CONTROL_ENABLE", L_EQ, "0"),                                   \
		T("CB_BLEND0_CONTROL.COLOR_DESTBLEND", L_NOTIN, SRC1_FACTORS_N),                              \
		TOR("CB_BLEND0_CONTROL.BLEND_CONTROL_ENABLE", L_EQ, "0"),                                   \
		T("CB_BLEND0_CONTROL.ALPHA_SRCBLEND", L_NOTIN, SRC1_FACTORS_N),                             \
		TOR("CB_BLEND0_CONTROL.BLEND_CONTROL_ENABLE", L_EQ, "0"),                                   \
		T("CB_BLEND0_CONTROL.ALPHA_DESTBLEND", L_NOTIN, SRC1_FACTORS_N)
#define CB_OPS T("CB_COLOR_CONTROL.MODE", L_IN, "CB_DECOMPRESS", "CB_ELIMINATE_FAST_CLEAR", "CB_FMASK_DECOMPRESS", "CB_RESOLVE")
#define NOT_LINEAR "ARRAY_LINEAR_GENERAL", "ARRAY_LINEAR_ALIGNED"

#define SCISSOR_RANGE_Q "ranges from 0 to 16K for right and bottom and from 0 to 16K-1 for left and top"
#define SCISSOR_EDGE_Q "inclusive on LEFT and TOP and exclusive on RIGHT and BOTTOM"

/* §2.2: TL within 0..16K-1, BR within 0..16K (BR exclusive), TL not beyond
 * BR.  TL beyond BR is a warning: Mesa's r600 driver programs TL (1,1) BR
 * (0,0) for an empty scissor, which the hardware takes as empty. */
#define SCISSOR(id_, reg_, ...)                                                                        \
	{ "scissor-" id_ "-tl-range", "2.2", BOTH, DRAW, .quote = SCISSOR_RANGE_Q, .cond = { __VA_ARGS__ },       \
	  .req = { T(reg_ "_TL.TL_X", L_RANGE, "0", "16383"), T(reg_ "_TL.TL_Y", L_RANGE, "0", "16383") },  \
	  .text = reg_ "_TL: TL_X, TL_Y within 0..16383 (inclusive edge)" },                                \
	{ "scissor-" id_ "-br-range", "2.2", BOTH, DRAW, .quote = SCISSOR_RANGE_Q, .cond = { __VA_ARGS__ },       \
	  .req = { T(reg_ "_BR.BR_X", L_RANGE, "0", "16384"), T(reg_ "_BR.BR_Y", L_RANGE, "0", "16384") },  \
	  .text = reg_ "_BR: BR_X, BR_Y within 0..16384 (exclusive edge)" },                                \
	{ "scissor-" id_ "-tl-br", "2.2", BOTH, DRAW, .warn = 1, .quote = SCISSOR_EDGE_Q, .cond = { __VA_ARGS__ }, \
	  .req = { F(reg_ "_TL.TL_X", L_LEF, reg_ "_BR.BR_X"), F(reg_ "_TL.TL_Y", L_LEF, reg_ "_BR.BR_Y") }, \
	  .text = reg_ ": TL not beyond BR (TL_X <= BR_X, TL_Y <= BR_Y)" }

#define SCISSOR_VP(id_, ...)                                                                            \
	{ "scissor-" id_ "-tl-range", "2.2", BOTH, DRAW, .quote = SCISSOR_RANGE_Q, .indexed = 1, .i0 = 0, .i1 = 15,   \
	  .cond = { __VA_ARGS__ },                                                                                  \
	  .req = { T("PA_SC_VPORT_SCISSOR_#_TL.TL_X", L_RANGE, "0", "16383"),                                 \
		   T("PA_SC_VPORT_SCISSOR_#_TL.TL_Y", L_RANGE, "0", "16383") },                               \
	  .text = "PA_SC_VPORT_SCISSOR_0..15_TL: TL_X, TL_Y within 0..16383, when VPORT_SCISSOR_ENABLE" },     \
	{ "scissor-" id_ "-br-range", "2.2", BOTH, DRAW, .quote = SCISSOR_RANGE_Q, .indexed = 1, .i0 = 0, .i1 = 15,   \
	  .cond = { __VA_ARGS__ },                                                                                  \
	  .req = { T("PA_SC_VPORT_SCISSOR_#_BR.BR_X", L_RANGE, "0", "16384"),                                 \
		   T("PA_SC_VPORT_SCISSOR_#_BR.BR_Y", L_RANGE, "0", "16384") },                               \
	  .text = "PA_SC_VPORT_SCISSOR_0..15_BR: BR_X, BR_Y within 0..16384, when VPORT_SCISSOR_ENABLE" },     \
	{ "scissor-" id_ "-tl-br", "2.2", BOTH, DRAW, .warn = 1, .quote = SCISSOR_EDGE_Q, .indexed = 1, .i0 = 0, .i1 = 15, \
	  .cond = { __VA_ARGS__ },                                                                                  \
	  .req = { F("PA_SC_VPORT_SCISSOR_#_TL.TL_X", L_LEF, "PA_SC_VPORT_SCISSOR_#_BR.BR_X"),                \
		   F("PA_SC_VPORT_SCISSOR_#_TL.TL_Y", L_LEF, "PA_SC_VPORT_SCISSOR_#_BR.BR_Y") },              \
	  .text = "PA_SC_VPORT_SCISSOR_0..15: TL not beyond BR, when VPORT_SCISSOR_ENABLE" }

const struct lint_rule gk_lint_rules[] = {
	/* ---- §2 scissors ---- */
	SCISSOR("screen", "PA_SC_SCREEN_SCISSOR", { .a = NULL }),
	SCISSOR("window", "PA_SC_WINDOW_SCISSOR", { .a = NULL }),
	SCISSOR("generic", "PA_SC_GENERIC_SCISSOR", { .a = NULL }),
	SCISSOR_VP("vport", EQ("PA_SC_MODE_CNTL_0.VPORT_SCISSOR_ENABLE", "1")),

	/* ---- §3 compute: checked at each dispatch ---- */
	{ "cs-rat-only-mrts", "3.1", BOTH, ANY, .quote = "CB9..11 do not have full color buffer capabilities and can be only used as RATs", .indexed = 1, .i0 = 9, .i1 = 11,
	  .cond = { NE("CB_COLOR#_INFO.FORMAT", "COLOR_INVALID") }, .req = { EQ("CB_COLOR#_INFO.RAT", "1") },
	  .text = "CB_COLOR9..11 can only be RATs: their INFO.RAT = 1 when a format is set" },
	{ "cs-shader-type", "3.2", BOTH, DISP, .quote = "bit 1 in the PM4 packet 3 header needs to be set to 1 to denote a compute shader", .req = { EQ("@SHADER_TYPE", "1") },
	  .text = "item 1: the dispatch packet's header has SHADER_TYPE (bit 1) = 1 (compute)" },
	{ "cs-compute-shader-en", "3.2", BOTH, DISP, .quote = "DW4: VGT_DISPATCH_INITIATOR.COMPUTE_SHADER_EN = 1", .req = { T("@DISPATCH_INITIATOR", L_MASKEQ, "1", "1") },
	  .text = "item 11: DISPATCH_DIRECT DISPATCH_INITIATOR.COMPUTE_SHADER_EN (bit 0) = 1" },
	{ "cs-db-color-disable", "3.2", BOTH, DISP, .need = 1, .quote = "Program DB_RENDER_CONTROL.COLOR_DISABLE = 1",
	  .req = { W("DB_RENDER_CONTROL"), EQ("DB_RENDER_CONTROL.COLOR_DISABLE", "1") },
	  .text = "item 4: DB_RENDER_CONTROL programmed with COLOR_DISABLE = 1" },
	/* item 5: "program GDS_ORDERED_WAVE_PER_SE.COUNT = 1": the register
	 * holds COUNT alone (the kernel's clearstate_evergreen.h writes it as
	 * 0x00000001); Cayman has no such register (a hole in its clear state) */
	{ "cs-gds-base", "3.2", BOTH, DISP, .need = 1, .quote = "If using GDS, program ... GDS_ADDR_BASE, and GDS_ADDR_SIZE",
	  .cond = { NE("GDS_ADDR_SIZE", "0") }, .req = { W("GDS_ADDR_BASE") },
	  .text = "item 5: a GDS window (GDS_ADDR_SIZE != 0) has its GDS_ADDR_BASE programmed" },
	{ "cs-gds-ordered-wave", "3.2", EG, DISP, .need = 1, .quote = "If using GDS, program GDS_ORDERED_WAVE_PER_SE.COUNT = 1",
	  .cond = { NE("GDS_ADDR_SIZE", "0") }, .req = { W("GDS_ORDERED_WAVE_PER_SE"), EQ("GDS_ORDERED_WAVE_PER_SE", "1") },
	  .text = "item 5: with a GDS window (GDS_ADDR_SIZE != 0), GDS_ORDERED_WAVE_PER_SE programmed with COUNT = 1" },
	{ "cs-sq-ls-resources", "3.2", BOTH, DISP, .need = 1, .quote = "Program SQ_THREAD_RESOURCE_MGMT_2.NUM_LS_THREADS and SQ_STACK_RESOURCE_MGMT_3.NUM_LS_STACK_ENTRIES to allocate resources for compute shaders",
	  .req = { NE("SQ_THREAD_RESOURCE_MGMT_2.NUM_LS_THREADS", "0"),
		   NE("SQ_STACK_RESOURCE_MGMT_3.NUM_LS_STACK_ENTRIES", "0") },
	  .text = "item 6: NUM_LS_THREADS and NUM_LS_STACK_ENTRIES allocate resources for compute (not 0)" },
	{ "cs-lstmp-ring", "3.2", BOTH, DISP, .need = 1, .quote = "Also program the LSTMP ring registers: SQ_LSTMP_RING_BASE, SQ_LSTMP_RING_SIZE", .req = { W("SQ_LSTMP_RING_BASE"), W("SQ_LSTMP_RING_SIZE") },
	  .text = "item 6: the LSTMP ring registers SQ_LSTMP_RING_BASE and SQ_LSTMP_RING_SIZE are programmed" },
	/* item 7: SQ_LDS_ALLOC's SIZE and HS_NUM_WAVES have no bits in the
	 * register tables: the register is required as programmed */
	{ "cs-lds", "3.2", BOTH, DISP, .need = 1,
	  .quote = "Program SQ_LDS_RESOURCE_MGMT.NUM_LS_LDS, SQ_LDS_ALLOC.SIZE and SQ_LDS_ALLOC.HS_NUM_WAVES",
	  .req = { W("SQ_LDS_RESOURCE_MGMT"), W("SQ_LDS_ALLOC") },
	  .text = "item 7: the LDS allocation programmed: SQ_LDS_RESOURCE_MGMT (NUM_LS_LDS) and SQ_LDS_ALLOC" },
	{ "cs-vgt-gs-mode", "3.2", BOTH, DISP, .need = 1, .quote = "VGT_GS_MODE.MODE = GS_OFF; VGT_GS_MODE.COMPUTE_MODE = 1; VGT_GS_MODE.PARTIAL_THD_AT_EOI = 1",
	  .req = { W("VGT_GS_MODE"), EQ("VGT_GS_MODE.MODE", "GS_OFF"), EQ("VGT_GS_MODE.COMPUTE_MODE", "1"),
		   EQ("VGT_GS_MODE.PARTIAL_THD_AT_EOI", "1") },
	  .text = "item 8: VGT_GS_MODE programmed: MODE = GS_OFF, COMPUTE_MODE = 1, PARTIAL_THD_AT_EOI = 1" },
	{ "cs-vgt-shader-stages", "3.2", BOTH, DISP, .need = 1, .quote = "VGT_SHADER_STAGES_EN.LS_EN = CS_STAGE_ON; ... VGT_SHADER_STAGES_EN.VS_EN = VS_STAGE_REAL",
	  .req = { W("VGT_SHADER_STAGES_EN"), EQ("VGT_SHADER_STAGES_EN.LS_EN", "CS_STAGE_ON"),
		   EQ("VGT_SHADER_STAGES_EN.HS_EN", "0"), EQ("VGT_SHADER_STAGES_EN.ES_EN", "ES_STAGE_OFF"),
		   EQ("VGT_SHADER_STAGES_EN.GS_EN", "0"), EQ("VGT_SHADER_STAGES_EN.VS_EN", "VS_STAGE_REAL") },
	  .text = "item 8: VGT_SHADER_STAGES_EN programmed: LS_EN = CS_STAGE_ON, HS/ES/GS off, VS_EN = VS_STAGE_REAL" },
	{ "cs-pa-line-width", "3.2", BOTH, DISP, .need = 1, .quote = "Program the following PA registers as follows: PA_SU_LINE_CNTL.WIDTH = 0", .req = { EQ("PA_SU_LINE_CNTL.WIDTH", "0") },
	  .text = "item 9: PA_SU_LINE_CNTL.WIDTH = 0" },
	{ "cs-pa-cull", "3.2", BOTH, DISP, .need = 1, .quote = "PA_SU_SC_MODE_CNTL.CULL_BACK = 1; ... CULL_FRONT = 1; ... FACE = 1; ... POLY_MODE = 0; ... POLYMODE_FRONT_PTYPE = 2",
	  .req = { EQ("PA_SU_SC_MODE_CNTL.CULL_BACK", "1"), EQ("PA_SU_SC_MODE_CNTL.CULL_FRONT", "1"),
		   EQ("PA_SU_SC_MODE_CNTL.FACE", "1"), EQ("PA_SU_SC_MODE_CNTL.POLY_MODE", "0"),
		   EQ("PA_SU_SC_MODE_CNTL.POLYMODE_FRONT_PTYPE", "2"), EQ("PA_SU_SC_MODE_CNTL.POLYMODE_BACK_PTYPE", "2") },
	  .text = "item 9: PA_SU_SC_MODE_CNTL CULL_BACK = CULL_FRONT = FACE = 1, POLY_MODE = 0, POLYMODE_*_PTYPE = 2" },
	{ "cs-pa-su-sc-mode", "3.2", BOTH, DISP, .need = 1, .quote = "PA_SU_SC_MODE_CNTL.POLY_OFFSET_BACK_ENABLE = 0; ... PERSP_CORR_DIS = 0; ... MULTI_PRIM_IB_ENA = 0",
	  .req = { EQ("PA_SU_SC_MODE_CNTL.POLY_OFFSET_FRONT_ENABLE", "0"),
		   EQ("PA_SU_SC_MODE_CNTL.POLY_OFFSET_BACK_ENABLE", "0"),
		   EQ("PA_SU_SC_MODE_CNTL.POLY_OFFSET_PARA_ENABLE", "0"),
		   EQ("PA_SU_SC_MODE_CNTL.VTX_WINDOW_OFFSET_ENABLE", "0"),
		   EQ("PA_SU_SC_MODE_CNTL.PROVOKING_VTX_LAST", "0"), EQ("PA_SU_SC_MODE_CNTL.PERSP_CORR_DIS", "0"),
		   EQ("PA_SU_SC_MODE_CNTL.MULTI_PRIM_IB_ENA", "0") },
	  .text = "item 9: PA_SU_SC_MODE_CNTL poly offsets, VTX_WINDOW_OFFSET_ENABLE, PROVOKING_VTX_LAST, "
		  "PERSP_CORR_DIS, MULTI_PRIM_IB_ENA = 0" },
	{ "cs-pa-point", "3.2", BOTH, DISP, .need = 1, .quote = "PA_SU_POINT_SIZE = 0; PA_SU_POINT_MINMAX = 0", .req = { EQ("PA_SU_POINT_SIZE", "0"), EQ("PA_SU_POINT_MINMAX", "0") },
	  .text = "item 9: PA_SU_POINT_SIZE = 0, PA_SU_POINT_MINMAX = 0" },
	{ "cs-spi-input", "3.2", BOTH, DISP, .need = 1, .quote = "SPI_COMPUTE_INPUT_CNTL.DISABLE_INDEX_PACK = 0; ... TID_IN_GROUP_ENA = 0; ... TGID_ENA = 0",
	  .req = { EQ("SPI_COMPUTE_INPUT_CNTL.DISABLE_INDEX_PACK", "0"), EQ("SPI_COMPUTE_INPUT_CNTL.TID_IN_GROUP_ENA", "0"),
		   EQ("SPI_COMPUTE_INPUT_CNTL.TGID_ENA", "0") },
	  .text = "item 10: SPI_COMPUTE_INPUT_CNTL DISABLE_INDEX_PACK, TID_IN_GROUP_ENA, TGID_ENA = 0" },
	{ "cs-prim-type", "3.2", BOTH, DISP, .need = 1, .quote = "Program the following registers: VGT_PRIMITIVE_TYPE.PRIM_TYPE = DI_PT_POINTLIST",
	  .req = { W("VGT_PRIMITIVE_TYPE"), EQ("VGT_PRIMITIVE_TYPE.PRIM_TYPE", "DI_PT_POINTLIST") },
	  .text = "item 11: VGT_PRIMITIVE_TYPE programmed, PRIM_TYPE = DI_PT_POINTLIST" },
	{ "cs-compute-start", "3.2", BOTH, DISP, .need = 1, .quote = "VGT_COMPUTE_START_X = 0; VGT_COMPUTE_START_Y = 0; VGT_COMPUTE_START_Z = 0",
	  .req = { W("VGT_COMPUTE_START_X"), W("VGT_COMPUTE_START_Y"), W("VGT_COMPUTE_START_Z"),
		   EQ("VGT_COMPUTE_START_X", "0"), EQ("VGT_COMPUTE_START_Y", "0"), EQ("VGT_COMPUTE_START_Z", "0") },
	  .text = "item 11: VGT_COMPUTE_START_X/Y/Z programmed, = 0" },
	{ "cs-thread-group", "3.2", BOTH, DISP, .need = 1, .quote = "SPI_COMPUTE_NUM_THREAD_X = indices ... VGT_NUM_INDICES = indices VGT_COMPUTE_THREAD_GROUP_SIZE = indices",
	  .req = { W("VGT_NUM_INDICES"), W("VGT_COMPUTE_THREAD_GROUP_SIZE"), W("SPI_COMPUTE_NUM_THREAD_X"),
		   W("SPI_COMPUTE_NUM_THREAD_Y"), W("SPI_COMPUTE_NUM_THREAD_Z"),
		   F("VGT_NUM_INDICES", L_EQF, "VGT_COMPUTE_THREAD_GROUP_SIZE") },
	  .text = "item 11: the thread group size programmed: VGT_NUM_INDICES = VGT_COMPUTE_THREAD_GROUP_SIZE, "
		  "SPI_COMPUTE_NUM_THREAD_X/Y/Z" },

	/* "SPI_COMPUTE_NUM_THREAD_X = indices, _Y = 1, _Z = 1" is the guide's
	 * one-dimensional group; a 2D or 3D group (Mesa programs X, Y, Z from
	 * the block size) keeps the count: X * Y * Z = VGT_NUM_INDICES */
	{ "cs-thread-group-size", "3.2", BOTH, DISP, .need = 1,
	  .quote = "SPI_COMPUTE_NUM_THREAD_X = indices SPI_COMPUTE_NUM_THREAD_Y = 1 SPI_COMPUTE_NUM_THREAD_Z = 1 VGT_NUM_INDICES = indices",
	  .req = { { .a = "SPI_COMPUTE_NUM_THREAD_X", .op = L_EQF, .b = "VGT_NUM_INDICES",
		     .mul = { "SPI_COMPUTE_NUM_THREAD_Y", "SPI_COMPUTE_NUM_THREAD_Z" } } },
	  .text = "item 11: the group's threads, SPI_COMPUTE_NUM_THREAD_X * _Y * _Z, are VGT_NUM_INDICES" },

	/* ---- §4 Cayman vs Evergreen: registers of one generation only ---- */
	{ "eg-no-scatter-export-base", "4.1", EG, ANY, .quote = "global memory pointed by SX_MEMORY_EXPORT_BASE (on evergreen) and SX_SCATTER_EXPORT_BASE (on cayman)", .req = { NW("SX_SCATTER_EXPORT_BASE@0x028358") },
	  .text = "SX_SCATTER_EXPORT_BASE is Cayman's; Evergreen exports through SX_MEMORY_EXPORT_BASE (§3.1)" },
	{ "eg-no-cp-vmid-ringid", "4.1", EG, ANY, .quote = "must be also be configured: ... CP_VMID (cayman), CP_RINGID (cayman)", .req = { NW("CP_VMID@0x028368"), NW("CP_RINGID@0x028364") },
	  .text = "CP_VMID and CP_RINGID exist on Cayman only (§8.1.1)" },
	{ "cm-scatter-export-base", "4.1", CM, DISP, .quote = "Program SX_MEMORY_EXPORT_BASE (R7xx/evergreen)/SX_SCATTER_EXPORT_BASE (cayman) if using global memory exports", .warn = 1, .cond = { W("SX_MEMORY_EXPORT_BASE") },
	  .req = { W("SX_SCATTER_EXPORT_BASE") },
	  .text = "Cayman global memory exports go through SX_SCATTER_EXPORT_BASE, not SX_MEMORY_EXPORT_BASE (§3.1, §3.2 item 3)" },

	/* ---- §5 unified interpolation ---- */
	{ "interp-num-interp", "5.2.1", BOTH, DRAW, .quote = "Each pixel vector may use up to 33 attributes, 32 API specified values plus hardware generated ST term", .req = { T("SPI_PS_IN_CONTROL_0.NUM_INTERP", L_RANGE, "0", "32") },
	  .text = "SPI_PS_IN_CONTROL_0.NUM_INTERP: at most 32 API attributes" },
	{ "interp-fog-addr", "5.2.1", BOTH, DRAW, .quote = "the result is written to the LDS at FOG_ADDR (range is 0 to NUM_INTERP-1)", .cond = { EQ("SPI_FOG_CNTL.PASS_FOG_THROUGH_PS", "1") },
	  .req = { F("SPI_PS_IN_CONTROL_0.NUM_INTERP", L_GTF, "SPI_PS_IN_CONTROL_1.FOG_ADDR") },
	  .text = "with PASS_FOG_THROUGH_PS, SPI_PS_IN_CONTROL_1.FOG_ADDR within 0..NUM_INTERP-1" },
	{ "interp-first20-only", "5.2.1", BOTH, DRAW, .quote = "The first 20 API terms can be overridden as a point sprite texture. Support cylindrical wrapping.", .indexed = 1, .i0 = 20, .i1 = 31,
	  .cond = { F("SPI_PS_IN_CONTROL_0.NUM_INTERP", L_GTF, "#") },
	  .req = { EQ("SPI_PS_INPUT_CNTL_#.PT_SPRITE_TEX", "0"), EQ("SPI_PS_INPUT_CNTL_#.CYL_WRAP", "0") },
	  .text = "only the first 20 inputs can be point sprite texture coordinates or cylindrically wrapped" },
	{ "interp-removed-sel", "5.3.1", BOTH, DRAW, .quote = "SEL_CENTROID - Removed as this is handled by shader instruction (SEL_LINEAR, SEL_SAMPLE likewise)", .warn = 1, .indexed = 1, .i0 = 0, .i1 = 31,
	  .cond = { F("SPI_PS_IN_CONTROL_0.NUM_INTERP", L_GTF, "#") },
	  .req = { EQ("SPI_PS_INPUT_CNTL_#.SEL_CENTROID", "0"), EQ("SPI_PS_INPUT_CNTL_#.SEL_LINEAR", "0"),
		   EQ("SPI_PS_INPUT_CNTL_#.SEL_SAMPLE", "0") },
	  .text = "SPI_PS_INPUT_CNTL_*.SEL_CENTROID/SEL_LINEAR/SEL_SAMPLE are removed (the shader picks I,J): no effect" },

	/* ---- §6 DB ---- */
	/* a decompress needs something compressed: an htile (the kernel's
	 * default state sets *_COMPRESS_DISABLE for ordinary draws without one) */
	{ "db-decompress", "6.1.1", BOTH, DRAW, .quote = "a) Z_ENABLE=0 b) STENCIL_ENABLE=0 ... f) DB_RENDER_OVERRIDE.DISABLE_PIXEL_RATE_TILES=1 g) CB_COLOR_CONTROL.MODE=CB_DISABLE", .warn = 1,
	  .cond = { EQ("DB_Z_INFO.TILE_SURFACE_ENABLE", "1"), TOR("DB_RENDER_CONTROL.DEPTH_COMPRESS_DISABLE", L_EQ, "1"),
		    EQ("DB_RENDER_CONTROL.STENCIL_COMPRESS_DISABLE", "1") },
	  .req = { EQ("DB_DEPTH_CONTROL.Z_ENABLE", "0"), EQ("DB_DEPTH_CONTROL.STENCIL_ENABLE", "0"),
		   EQ("DB_RENDER_OVERRIDE.DISABLE_PIXEL_RATE_TILES", "1"), EQ("CB_COLOR_CONTROL.MODE", "CB_DISABLE") },
	  .text = "a DB decompress pass (*_COMPRESS_DISABLE with an htile): Z_ENABLE = STENCIL_ENABLE = 0, DISABLE_PIXEL_RATE_TILES = 1, "
		  "CB_COLOR_CONTROL.MODE = CB_DISABLE (6.1.1, 6.1.2)" },
	{ "db-copy-to-cb", "6.1.3", BOTH, DRAW, .need = 1, .quote = "a) Z_ENABLE=0 b) STENCIL_ENABLE=0 ... g) DB_COPY_CENTROID=1 h) DB_COPY_SAMPLE=0 i) CB_TARGET_MASK=1 j) ... k) No blending",
	  .cond = { TOR("DB_RENDER_CONTROL.DEPTH_COPY_ENABLE", L_EQ, "1"), EQ("DB_RENDER_CONTROL.STENCIL_COPY_ENABLE", "1") },
	  .req = { EQ("DB_DEPTH_CONTROL.Z_ENABLE", "0"), EQ("DB_DEPTH_CONTROL.STENCIL_ENABLE", "0"),
		   EQ("DB_RENDER_CONTROL.COPY_CENTROID", "1"), EQ("DB_RENDER_CONTROL.COPY_SAMPLE", "0"),
		   EQ("CB_TARGET_MASK", "1"),
		   T("CB_COLOR0_INFO.FORMAT", L_IN, "COLOR_8_24", "COLOR_24_8", "COLOR_16", "COLOR_32_FLOAT",
		     "COLOR_X24_8_32_FLOAT"),
		   EQ("CB_COLOR0_INFO.SOURCE_FORMAT", "EXPORT_4C_32BPC"), EQ("CB_BLEND0_CONTROL.BLEND_CONTROL_ENABLE", "0") },
	  .text = "a depth/stencil copy to MRT0: Z/STENCIL_ENABLE = 0, COPY_CENTROID = 1, COPY_SAMPLE = 0, "
		  "CB_TARGET_MASK = 1, a depth-like MRT0 format, EXPORT_4C_32BPC, no blending" },

	/* ---- §7 HTILE, HiZ, HiS ---- */
	{ "htile-8x8", "7.3", BOTH, DRAW, .quote = "On evergreen/cayman only 8x8 mode is supported.", .cond = { EQ("DB_Z_INFO.TILE_SURFACE_ENABLE", "1") },
	  .req = { W("DB_HTILE_SURFACE"), EQ("DB_HTILE_SURFACE.HTILE_WIDTH", "1"), EQ("DB_HTILE_SURFACE.HTILE_HEIGHT", "1") },
	  .text = "with an htile (TILE_SURFACE_ENABLE), DB_HTILE_SURFACE is 8x8 (HTILE_WIDTH = HTILE_HEIGHT = 1): "
		  "the only mode on Evergreen/Cayman" },
	{ "htile-full-cache", "7.3", BOTH, DRAW, .warn = 1, .quote = "The following algo is used to determine the htile settings: (every Evergreen/Cayman row) FULL_CACHE 1", .cond = { EQ("DB_Z_INFO.TILE_SURFACE_ENABLE", "1") },
	  .req = { EQ("DB_HTILE_SURFACE.FULL_CACHE", "1") },
	  .text = "with an htile, DB_HTILE_SURFACE.FULL_CACHE = 1 (every Evergreen/Cayman row of the settings table)" },
	{ "htile-preload", "7.3", BOTH, DRAW, .quote = "The following algo is used to determine the htile settings: (every Evergreen/Cayman row) PRELOAD 1", .warn = 1, .cond = { EQ("DB_Z_INFO.TILE_SURFACE_ENABLE", "1") },
	  .req = { EQ("DB_HTILE_SURFACE.PRELOAD", "1") },
	  .text = "with an htile, DB_HTILE_SURFACE.PRELOAD = 1 (every Evergreen/Cayman row of the settings table)" },
	{ "htile-linear-prefetch", "7.3", BOTH, DRAW, .quote = "The following algo is used to determine the htile settings: LINEAR 1, PREFETCH 0x0, PRELOAD_WINDOW 0", .warn = 1,
	  .cond = { EQ("DB_Z_INFO.TILE_SURFACE_ENABLE", "1"), EQ("DB_HTILE_SURFACE.LINEAR", "1") },
	  .req = { EQ("DB_HTILE_SURFACE.PREFETCH_WIDTH", "0"), EQ("DB_HTILE_SURFACE.PREFETCH_HEIGHT", "0"),
		   EQ("DB_HTILE_SURFACE.HTILE_USES_PRELOAD_WIN", "0") },
	  .text = "settings table: LINEAR = 1 goes with PREFETCH 0x0 and no preload window" },
	{ "htile-prefetch-window", "7.3", BOTH, DRAW, .quote = "The following algo is used to determine the htile settings: LINEAR 0, PREFETCH 16x4/16x2/16x0, PRELOAD_WINDOW 1", .warn = 1,
	  .cond = { EQ("DB_Z_INFO.TILE_SURFACE_ENABLE", "1"), EQ("DB_HTILE_SURFACE.LINEAR", "0") },
	  .req = { EQ("DB_HTILE_SURFACE.PREFETCH_WIDTH", "16"), T("DB_HTILE_SURFACE.PREFETCH_HEIGHT", L_IN, "0", "2", "4"),
		   EQ("DB_HTILE_SURFACE.HTILE_USES_PRELOAD_WIN", "1") },
	  .text = "settings table: LINEAR = 0 goes with PREFETCH 16x4, 16x2 or 16x0 and the preload window" },
	{ "hiz-htile-base", "7.4", BOTH, DRAW, .quote = "HiZ requires an htile buffer and DB_DEPTH_INFO.TILE_SURFACE_ENABLE=1 (HiS requires the same)", .cond = { EQ("DB_Z_INFO.TILE_SURFACE_ENABLE", "1") },
	  .req = { W("DB_HTILE_DATA_BASE") },
	  .text = "HiZ/HiS need an htile buffer: with TILE_SURFACE_ENABLE, DB_HTILE_DATA_BASE is programmed (7.4, 7.5)" },

	/* §7.2, §7.4, §7.5: DB_RENDER_OVERRIDE.FORCE_HIZ_ENABLE and
	 * FORCE_HIS_ENABLE0/1 override the hardware's choice; FORCE_OFF (0)
	 * "disables the overrides", which is what holds "unless overridden", so
	 * a register never written is taken as FORCE_OFF; FORCE_ENABLE is 1
	 * (Mesa evergreend.h V_02800C_FORCE_ENABLE, the registers' enums).  A HiS
	 * set is enabled by DB_SRESULTS_COMPARE_STATEn.ENABLEn (bit 24, see
	 * gk_lint_guide_fields) and tests stencil. */
	{ "hiz-forced-htile", "7.4", BOTH, DRAW, .need = 1,
	  .quote = "HiZ requires an htile buffer and ... TILE_SURFACE_ENABLE=1",
	  .cond = { TD("DB_RENDER_OVERRIDE.FORCE_HIZ_ENABLE", L_EQ, "0", "1") },
	  .req = { EQ("DB_Z_INFO.TILE_SURFACE_ENABLE", "1"), W("DB_HTILE_DATA_BASE") },
	  .text = "HiZ forced on (FORCE_HIZ_ENABLE = FORCE_ENABLE): an htile (TILE_SURFACE_ENABLE = 1, DB_HTILE_DATA_BASE)" },
	{ "his-forced-htile", "7.5", BOTH, DRAW, .need = 1, .indexed = 1, .i0 = 0, .i1 = 1,
	  .quote = "HiS requires an htile buffer and DB_DEPTH_INFO.TILE_SURFACE_ENABLE=1",
	  .cond = { TD("DB_RENDER_OVERRIDE.FORCE_HIS_ENABLE#", L_EQ, "0", "1") },
	  .req = { EQ("DB_Z_INFO.TILE_SURFACE_ENABLE", "1"), W("DB_HTILE_DATA_BASE") },
	  .text = "HiS forced on (FORCE_HIS_ENABLE0/1 = FORCE_ENABLE): an htile (TILE_SURFACE_ENABLE = 1, DB_HTILE_DATA_BASE)" },
	{ "his-enabled-htile", "7.5", BOTH, DRAW, .need = 1, .indexed = 1, .i0 = 0, .i1 = 1,
	  .quote = "HiS requires an htile buffer ... the hardware will perform HiS testing based on the enabled sets of HiS state",
	  .cond = { EQ("DB_SRESULTS_COMPARE_STATE#.ENABLE#", "1"), TD("DB_RENDER_OVERRIDE.FORCE_HIS_ENABLE#", L_EQ, "0", "0"),
		    EQ("DB_DEPTH_CONTROL.STENCIL_ENABLE", "1") },
	  .req = { EQ("DB_Z_INFO.TILE_SURFACE_ENABLE", "1"), W("DB_HTILE_DATA_BASE") },
	  .text = "a HiS set enabled (DB_SRESULTS_COMPARE_STATE0/1 ENABLE, stencil on, not overridden): an htile "
		  "(TILE_SURFACE_ENABLE = 1, DB_HTILE_DATA_BASE)" },

	/* ---- §8.1 CB normal operation ---- */
	{ "cb-color-control", "8.1.1", BOTH, DRAW, .quote = "The following additional registers must be programmed: CB_COLOR_CONTROL", .req = { W("CB_COLOR_CONTROL") },
	  .text = "CB_COLOR_CONTROL must be programmed" },
	{ "cb-masks", "8.1.1", BOTH, DRAW, .quote = "The following additional registers must be programmed: ... CB_SHADER_MASK, CB_TARGET_MASK", .cond = { NORMAL }, .req = { W("CB_SHADER_MASK"), W("CB_TARGET_MASK") },
	  .text = "CB_SHADER_MASK and CB_TARGET_MASK must be programmed" },
	{ "cb-shader-mask-exports", "8.1.1", BOTH, DRAW, .quote = "If N exports are enabled from the shader, then N fields in CB_SHADER_MASK should have at least one bit set", .warn = 1, .cond = { NORMAL, NOT_DUAL_SRC },
	  .req = { F("CB_SHADER_MASK", L_NIBBLESF, "SQ_PGM_EXPORTS_PS.EXPORT_COLORS") },
	  .text = "N colour exports (SQ_PGM_EXPORTS_PS.EXPORT_COLORS) enable N fields of CB_SHADER_MASK" },
	{ "mrt-programmed", "8.1.1", BOTH, DRAW, .quote = "If an MRT is not disabled ... the following registers must be programmed for the MRT", .indexed = 1, .i0 = 0, .i1 = 7, .cond = { NORMAL, MRT_ON },
	  .req = { W("CB_COLOR#_INFO"), W("CB_COLOR#_ATTRIB"), W("CB_BLEND#_CONTROL"), W("CB_COLOR#_BASE"),
		   W("CB_COLOR#_PITCH"), W("CB_COLOR#_SLICE"), W("CB_COLOR#_VIEW") },
	  .text = "an enabled MRT: CB_COLOR*_INFO, _ATTRIB, _BASE, _PITCH, _SLICE (the size), _VIEW and CB_BLEND*_CONTROL programmed" },
	{ "mrt-compression-programmed", "8.1.1", BOTH, DRAW, .quote = "must be programmed for the MRT: CB_COLOR*_CMASK (if compression is enabled) ... CB_COLOR*_FMASK_SLICE", .indexed = 1, .i0 = 0, .i1 = 7,
	  .cond = { NORMAL, MRT_ON, EQ("CB_COLOR#_INFO.COMPRESSION", "1") },
	  .req = { W("CB_COLOR#_CMASK"), W("CB_COLOR#_FMASK"), W("CB_COLOR#_CMASK_SLICE"), W("CB_COLOR#_FMASK_SLICE") },
	  .text = "an enabled MRT with COMPRESSION: CB_COLOR*_CMASK, _FMASK, _CMASK_SLICE, _FMASK_SLICE programmed" },
	{ "cb-blend-constant", "8.1.1", BOTH, DRAW, .quote = "If the blend constant is used by any MRT, CB_BLEND_{RED,GREEN,BLUE,ALPHA} must also be programmed", .indexed = 1, .i0 = 0, .i1 = 7,
	  .cond = { NORMAL, MRT_ON, BLENDING, TOR("CB_BLEND#_CONTROL.COLOR_SRCBLEND", L_IN, CONST_FACTORS),
		    T("CB_BLEND#_CONTROL.COLOR_DESTBLEND", L_IN, CONST_FACTORS_N) },
	  .req = { W("CB_BLEND_RED"), W("CB_BLEND_GREEN"), W("CB_BLEND_BLUE"), W("CB_BLEND_ALPHA") },
	  .text = "a blend equation using CONSTANT: CB_BLEND_RED/GREEN/BLUE/ALPHA programmed" },
	{ "cb-blend-constant-alpha", "8.1.1", BOTH, DRAW, .quote = "If the blend constant is used by any MRT, CB_BLEND_{RED,GREEN,BLUE,ALPHA} must also be programmed", .indexed = 1, .i0 = 0, .i1 = 7,
	  .cond = { NORMAL, MRT_ON, BLENDING, EQ("CB_BLEND#_CONTROL.SEPARATE_ALPHA_BLEND", "1"),
		    TOR("CB_BLEND#_CONTROL.ALPHA_SRCBLEND", L_IN, CONST_FACTORS_N),
		    T("CB_BLEND#_CONTROL.ALPHA_DESTBLEND", L_IN, CONST_FACTORS_N) },
	  .req = { W("CB_BLEND_RED"), W("CB_BLEND_GREEN"), W("CB_BLEND_BLUE"), W("CB_BLEND_ALPHA") },
	  .text = "a separate alpha blend equation using CONSTANT: CB_BLEND_RED/GREEN/BLUE/ALPHA programmed" },
	{ "cm-cp-vmid-ringid", "8.1.1", CM, DRAW, .quote = "The following registers must be also be configured: ... CP_VMID (cayman), CP_RINGID (cayman)", .req = { W("CP_VMID"), W("CP_RINGID") },
	  .text = "Cayman: CP_VMID and CP_RINGID must be configured" },
	{ "eg-aa-config", "8.1.1", EG, DRAW, .quote = "The following registers must be also be configured: ... PA_SC_AA_CONFIG (evergreen)", .req = { W("PA_SC_AA_CONFIG") },
	  .text = "Evergreen: PA_SC_AA_CONFIG must be configured" },
	{ "cb-rop3-blend", "8.1.2", BOTH, DRAW, .quote = "If any MRT is using the blender, ROP3 must be set to the value 0xCC", .indexed = 1, .i0 = 0, .i1 = 7, .cond = { NORMAL, MRT_ON, BLENDING },
	  .req = { EQ("CB_COLOR_CONTROL.ROP3", "0xcc") },
	  .text = "an MRT using the blender: ROP3 = 0xCC (no special rop3)" },
	{ "cb-aa-not-1d", "8.1.2", EG, DRAW, .quote = "AA surfaces cannot use 1D tiling modes (resolve target can though)", .indexed = 1, .i0 = 0, .i1 = 7,
	  .cond = { MRT_ON, NE("PA_SC_AA_CONFIG.MSAA_NUM_SAMPLES", "0") },
	  .req = { NE("CB_COLOR#_INFO.ARRAY_MODE", "ARRAY_1D_TILED_THIN1") },
	  .text = "Evergreen: with MSAA (PA_SC_AA_CONFIG.MSAA_NUM_SAMPLES) an enabled MRT is not 1D tiled" },
	{ "cm-aa-not-1d", "8.1.2", CM, DRAW, .quote = "AA surfaces cannot use 1D tiling modes (resolve target can though)", .indexed = 1, .i0 = 0, .i1 = 7,
	  .cond = { MRT_ON, NE("CB_COLOR#_ATTRIB.NUM_SAMPLES", "0") },
	  .req = { NE("CB_COLOR#_INFO.ARRAY_MODE", "ARRAY_1D_TILED_THIN1") },
	  .text = "Cayman: an enabled multisampled MRT (CB_COLOR*_ATTRIB.NUM_SAMPLES) is not 1D tiled" },
	{ "cm-linear-general-endian", "8.1.2", CM, DRAW, .quote = "MRTs that have ... ARRAY_LINEAR_GENERAL must use the COLOR<mrt>_INFO.ENDIAN value ENDIAN_NONE. (cayman)", .indexed = 1, .i0 = 0, .i1 = 7,
	  .cond = { MRT_ON, EQ("CB_COLOR#_INFO.ARRAY_MODE", "ARRAY_LINEAR_GENERAL") },
	  .req = { EQ("CB_COLOR#_INFO.ENDIAN", "0") },
	  .text = "Cayman: an ARRAY_LINEAR_GENERAL MRT uses ENDIAN = ENDIAN_NONE (0)" },

	/* ---- §8.2 dual-source ---- */
	{ "dual-src-mrt1-off", "8.2", BOTH, DRAW, .warn = 1, .quote = "CB_SHADER_MASK.OUTPUT1_ENABLE is not checked and should be 0", .cond = { DUAL_SRC },
	  .req = { EQ("CB_SHADER_MASK.OUTPUT1_ENABLE", "0") },
	  .text = "dual-source: CB_SHADER_MASK.OUTPUT1_ENABLE = 0 (MRT1 is disabled, RATs included)" },
	{ "dual-src-other-outputs", "8.2", BOTH, DRAW, .warn = 1, .quote = "All other fields in CB_SHADER_MASK should be zero, or bound to a RAT", .indexed = 1, .i0 = 2, .i1 = 7, .cond = { DUAL_SRC },
	  .req = { TOR("CB_SHADER_MASK.OUTPUT#_ENABLE", L_EQ, "0"), EQ("CB_COLOR#_INFO.RAT", "1") },
	  .text = "dual-source: CB_SHADER_MASK fields 2..7 are 0 or bound to a RAT" },
	{ "dual-src-source-format", "8.2", BOTH, DRAW, .need = 1, .quote = "COLOR1_INFO.SOURCE_FORMAT must be programmed to match COLOR0_INFO.SOURCE_FORMAT", .cond = { DUAL_SRC },
	  .req = { F("CB_COLOR1_INFO.SOURCE_FORMAT", L_EQF, "CB_COLOR0_INFO.SOURCE_FORMAT") },
	  .text = "dual-source: CB_COLOR1_INFO.SOURCE_FORMAT = CB_COLOR0_INFO.SOURCE_FORMAT" },
	{ "dual-src-blendable", "8.2", BOTH, DRAW, .need = 1, .quote = "MRT0 must enable its blender and be a blend-capable surface", .cond = { DUAL_SRC },
	  .req = { NE("CB_COLOR0_INFO.FORMAT", "COLOR_INVALID"), EQ("CB_COLOR0_INFO.BLEND_BYPASS", "0"),
		   T("CB_COLOR0_INFO.NUMBER_TYPE", L_NOTIN, "NUMBER_UINT", "NUMBER_SINT") },
	  .text = "dual-source: MRT0 has a blend-capable format" },
	{ "dual-src-add-sub", "8.2", BOTH, DRAW, .quote = "the blend equation must specify addition or subtraction as the operator", .cond = { DUAL_SRC },
	  .req = { T("CB_BLEND0_CONTROL.COLOR_COMB_FCN", L_IN, "COMB_DST_PLUS_SRC", "COMB_SRC_MINUS_DST", "COMB_DST_MINUS_SRC"),
		   T("CB_BLEND0_CONTROL.ALPHA_COMB_FCN", L_IN, "0", "1", "4") },
	  .text = "dual-source: the blend operator is addition or subtraction" },

	/* ---- §8.3 fast clear ---- */
	{ "fast-clear-cmask", "8.3", BOTH, DRAW, .quote = "Fast clear requires a cmask surface.", .indexed = 1, .i0 = 0, .i1 = 7,
	  .cond = { MRT_ON, EQ("CB_COLOR#_INFO.FAST_CLEAR", "1") },
	  .req = { W("CB_COLOR#_CMASK"), W("CB_COLOR#_CMASK_SLICE") },
	  .text = "fast clear needs a cmask surface: CB_COLOR*_CMASK and _CMASK_SLICE programmed" },
	{ "fast-clear-fmask", "8.3", BOTH, DRAW, .need = 1, .quote = "the fmask surface must point to the color surface when a fmask surface does not exist", .indexed = 1, .i0 = 0, .i1 = 7,
	  .cond = { MRT_ON, EQ("CB_COLOR#_INFO.FAST_CLEAR", "1"), EQ("CB_COLOR#_INFO.COMPRESSION", "0") },
	  .req = { W("CB_COLOR#_FMASK"), F("CB_COLOR#_FMASK", L_EQF, "CB_COLOR#_BASE"),
		   F("CB_COLOR#_FMASK_SLICE.TILE_MAX", L_EQF, "CB_COLOR#_SLICE.SLICE_TILE_MAX"),
		   F("CB_COLOR#_ATTRIB.FMASK_BANK_HEIGHT", L_EQF, "CB_COLOR#_ATTRIB.BANK_HEIGHT") },
	  .text = "fast clear without fmask: the fmask registers point at the colour surface (BASE, TILE_MAX, BANK_HEIGHT)" },
	{ "fast-clear-msaa", "8.3", EG, DRAW, .quote = "Fast clear with an uncompressed multisample surface is not supported.", .indexed = 1, .i0 = 0, .i1 = 7,
	  .cond = { MRT_ON, EQ("CB_COLOR#_INFO.FAST_CLEAR", "1"), NE("PA_SC_AA_CONFIG.MSAA_NUM_SAMPLES", "0") },
	  .req = { EQ("CB_COLOR#_INFO.COMPRESSION", "1") },
	  .text = "Evergreen: no fast clear of an uncompressed multisample surface" },
	{ "cm-fast-clear-msaa", "8.3", CM, DRAW, .quote = "Fast clear with an uncompressed multisample surface is not supported.", .indexed = 1, .i0 = 0, .i1 = 7,
	  .cond = { MRT_ON, EQ("CB_COLOR#_INFO.FAST_CLEAR", "1"), NE("CB_COLOR#_ATTRIB.NUM_SAMPLES", "0") },
	  .req = { EQ("CB_COLOR#_INFO.COMPRESSION", "1") },
	  .text = "Cayman: no fast clear of an uncompressed multisample surface" },
	{ "fast-clear-linear", "8.3", BOTH, DRAW, .quote = "Fast clear is not supported for linear surfaces (array mode == LINEAR_ALIGNED or LINEAR_GENERAL).", .indexed = 1, .i0 = 0, .i1 = 7,
	  .cond = { MRT_ON, EQ("CB_COLOR#_INFO.FAST_CLEAR", "1") },
	  .req = { T("CB_COLOR#_INFO.ARRAY_MODE", L_NOTIN, NOT_LINEAR) },
	  .text = "no fast clear of a linear surface (ARRAY_LINEAR_ALIGNED or ARRAY_LINEAR_GENERAL)" },
	{ "fast-clear-x24", "8.3", EG, DRAW, .need = 1, .quote = "If CB_COLOR<mrt>_INFO.FORMAT == X24_8_32, the X24 component must be masked in the clear_word registers", .indexed = 1, .i0 = 0, .i1 = 7,
	  .cond = { MRT_ON, EQ("CB_COLOR#_INFO.FAST_CLEAR", "1"), EQ("CB_COLOR#_INFO.FORMAT", "COLOR_X24_8_32_FLOAT") },
	  .req = { T("CB_COLOR#_CLEAR_WORD1", L_MASKEQ, "0xffffff00", "0") },
	  .text = "Evergreen: fast clear of X24_8_32: the X24 part of CB_COLOR*_CLEAR_WORD1 masked (&= 0xFF)" },

	/* ---- §8.4 eliminate fast clear / decompress / fmask decompress, §8.5 resolve ---- */
	{ "cb-op-shader-mask", "8.4.4", BOTH, DRAW, .need = 1, .quote = "Fully enable MRT0 in CB_SHADER_MASK (OUTPUT0_ENABLE is 0xF). All other MRTs must be disabled.", .cond = { CB_OPS },
	  .req = { W("CB_SHADER_MASK"), EQ("CB_SHADER_MASK", "0xf") },
	  .text = "decompress, eliminate, fmask decompress, resolve: CB_SHADER_MASK = 0xF (MRT0 only, fully) (8.4.4, 8.5)" },
	{ "cb-op-target-mask", "8.4.4", BOTH, DRAW, .need = 1, .quote = "Set CB_TARGET_MASK.TARGET0_ENABLE = 0xF.", .cond = { CB_OPS },
	  .req = { W("CB_TARGET_MASK"), EQ("CB_TARGET_MASK.TARGET0_ENABLE", "0xf") },
	  .text = "decompress, eliminate, fmask decompress, resolve: CB_TARGET_MASK.TARGET0_ENABLE = 0xF (8.4.4, 8.5)" },
	{ "cb-op-no-blend", "8.4.4", BOTH, DRAW, .need = 1, .quote = "Disable blending.", .cond = { CB_OPS },
	  .req = { EQ("CB_BLEND0_CONTROL.BLEND_CONTROL_ENABLE", "0") },
	  .text = "decompress, eliminate, fmask decompress, resolve: blending disabled (8.4.4, 8.5)" },
	{ "cb-op-no-rop3", "8.4.4", BOTH, DRAW, .need = 1, .quote = "Disable ROP3.", .cond = { CB_OPS }, .req = { EQ("CB_COLOR_CONTROL.ROP3", "0xcc") },
	  .text = "decompress, eliminate, fmask decompress, resolve: ROP3 disabled (0xCC, copy) (8.4.4, 8.5)" },
	{ "cb-decompress-compressed", "8.4.2", BOTH, DRAW, .need = 1, .quote = "It is illegal to decompress a surface that does not have compression enabled.", .cond = { EQ("CB_COLOR_CONTROL.MODE", "CB_DECOMPRESS") },
	  .req = { EQ("CB_COLOR0_INFO.COMPRESSION", "1") },
	  .text = "CB_DECOMPRESS of a surface without compression is illegal (8.4.2, 8.1.3)" },
	{ "resolve-mrt1-agrees", "8.5", BOTH, DRAW, .need = 1, .quote = "MRT1 must have the same format, number type, component swap and endianness as MRT0", .cond = { EQ("CB_COLOR_CONTROL.MODE", "CB_RESOLVE") },
	  .req = { F("CB_COLOR1_INFO.ENDIAN", L_EQF, "CB_COLOR0_INFO.ENDIAN"),
		   F("CB_COLOR1_INFO.FORMAT", L_EQF, "CB_COLOR0_INFO.FORMAT"),
		   F("CB_COLOR1_INFO.NUMBER_TYPE", L_EQF, "CB_COLOR0_INFO.NUMBER_TYPE"),
		   F("CB_COLOR1_INFO.COMP_SWAP", L_EQF, "CB_COLOR0_INFO.COMP_SWAP") },
	  .text = "resolve: MRT1 has MRT0's ENDIAN, FORMAT, NUMBER_TYPE and COMP_SWAP" },
	{ "resolve-no-linear", "8.5", BOTH, DRAW, .need = 1, .quote = "neither surface can use ARRAY_LINEAR_GENERAL or ARRAY_LINEAR_ALIGNED tiling", .cond = { EQ("CB_COLOR_CONTROL.MODE", "CB_RESOLVE") },
	  .req = { T("CB_COLOR0_INFO.ARRAY_MODE", L_NOTIN, NOT_LINEAR), T("CB_COLOR1_INFO.ARRAY_MODE", L_NOTIN, NOT_LINEAR) },
	  .text = "resolve: neither surface ARRAY_LINEAR_GENERAL or ARRAY_LINEAR_ALIGNED" },
	{ "resolve-dst-not-fast-cleared", "8.5", BOTH, DRAW, .need = 1, .quote = "The point-sampled surface must not be fast cleared.", .cond = { EQ("CB_COLOR_CONTROL.MODE", "CB_RESOLVE") },
	  .req = { EQ("CB_COLOR1_INFO.FAST_CLEAR", "0") },
	  .text = "resolve: the point-sampled destination (MRT1) is not fast cleared" },
	{ "resolve-blendable", "8.5", BOTH, DRAW, .need = 1, .quote = "MRT0 must be in a blend-capable format.", .cond = { EQ("CB_COLOR_CONTROL.MODE", "CB_RESOLVE") },
	  .req = { EQ("CB_COLOR0_INFO.BLEND_BYPASS", "0"), T("CB_COLOR0_INFO.NUMBER_TYPE", L_NOTIN, "NUMBER_UINT", "NUMBER_SINT") },
	  .text = "resolve: MRT0 is in a blend-capable format" },
	{ "resolve-mrt1-programmed", "8.5", BOTH, DRAW, .quote = "Set the base address of MRT1 to the resolve destination ... including the tiling in CB_COLOR1_INFO", .cond = { EQ("CB_COLOR_CONTROL.MODE", "CB_RESOLVE") },
	  .req = { W("CB_COLOR1_BASE"), W("CB_COLOR1_INFO") },
	  .text = "resolve: MRT1 (the destination) has its base address and CB_COLOR1_INFO programmed" },

	/* ---- §8.6 RATs ---- */
	{ "rat-attrib", "8.6", BOTH, ANY, .quote = "CB_COLOR<mrt>_ATTRIB must be programmed in accordance with the surface tile format.", .indexed = 1, .i0 = 0, .i1 = 11, .cond = { EQ("CB_COLOR#_INFO.RAT", "1") },
	  .req = { W("CB_COLOR#_ATTRIB") }, .text = "a RAT: CB_COLOR*_ATTRIB programmed for the surface's tiling" },
	{ "rat-source-format", "8.6", BOTH, ANY, .quote = "CB_COLOR<mrt>_INFO.SOURCE_FORMAT must be 4c_32bpc (value of 0).", .indexed = 1, .i0 = 0, .i1 = 11, .cond = { EQ("CB_COLOR#_INFO.RAT", "1") },
	  .req = { EQ("CB_COLOR#_INFO.SOURCE_FORMAT", "EXPORT_4C_32BPC") },
	  .text = "a RAT: SOURCE_FORMAT = EXPORT_4C_32BPC (0)" },
	{ "rat-buffer-layout", "8.6", BOTH, ANY, .need = 1, .quote = "If ... RESOURCE_TYPE is 1D or BUFFER ... NON_DISP_TILING_ORDER must be 1 ... ARRAY_MODE must be ARRAY_LINEAR_ALIGNED", .indexed = 1, .i0 = 0, .i1 = 11,
	  .cond = { EQ("CB_COLOR#_INFO.RAT", "1"), T("CB_COLOR#_INFO.RESOURCE_TYPE", L_IN, "BUFFER", "TEXTURE1D") },
	  .req = { EQ("CB_COLOR#_ATTRIB.NON_DISP_TILING_ORDER", "1"), EQ("CB_COLOR#_INFO.ARRAY_MODE", "ARRAY_LINEAR_ALIGNED") },
	  .text = "a 1D or BUFFER RAT: NON_DISP_TILING_ORDER = 1 and ARRAY_MODE = ARRAY_LINEAR_ALIGNED" },
	{ "rat-no-fast-clear", "8.6", BOTH, ANY, .quote = "CB_COLOR<mrt>._INFO.FAST_CLEAR is not permitted for RATs.", .indexed = 1, .i0 = 0, .i1 = 11, .cond = { EQ("CB_COLOR#_INFO.RAT", "1") },
	  .req = { EQ("CB_COLOR#_INFO.FAST_CLEAR", "0") }, .text = "a RAT: FAST_CLEAR not permitted" },
	{ "rat-immed-base", "8.6", BOTH, DISP, .quote = "Set CB_IMMED<mrt>_BASE", .indexed = 1, .i0 = 0, .i1 = 11, .cond = { EQ("CB_COLOR#_INFO.RAT", "1") },
	  .req = { W("CB_IMMED#_BASE") }, .text = "a RAT: CB_IMMED*_BASE (the return mailbox) programmed" },
	{ "rat-format", "8.6", BOTH, DISP, .quote = "Normally, CB_COLOR<mrt>_INFO.FORMAT must be COLOR_32. Also, the NUMBER_TYPE must be NUMBER_UINT.", .indexed = 1, .i0 = 0, .i1 = 11,
	  .cond = { EQ("CB_COLOR#_INFO.RAT", "1") },
	  .req = { EQ("CB_COLOR#_INFO.FORMAT", "COLOR_32"), EQ("CB_COLOR#_INFO.NUMBER_TYPE", "NUMBER_UINT") },
	  .text = "a RAT is normally COLOR_32 NUMBER_UINT (other formats: only STORE and NOP)" },
	{ "rat-above-normal", "8.6", BOTH, ANY, .quote = "all RAT MRTs must be assigned to higher number MRTs than normal rendering MRTs", .indexed = 1, .pair = 1, .i0 = 0, .i1 = 11,
	  .cond = { EQ("CB_COLOR#_INFO.RAT", "1"), NE("CB_COLOR$_INFO.FORMAT", "COLOR_INVALID") },
	  .req = { EQ("CB_COLOR$_INFO.RAT", "1") },
	  .text = "RAT MRTs are numbered above every normal MRT" },
};
const size_t gk_lint_nrules = sizeof gk_lint_rules / sizeof gk_lint_rules[0];

/* Fields the tables lack.  CB_SHADER_MASK and CB_TARGET_MASK have one 4-bit
 * group per MRT (the guide's OUTPUT0_ENABLE "is 0xF" and TARGET0_ENABLE =
 * 0xF, §8.4.4; Mesa evergreend.h S_02823C_OUTPUT0_ENABLE ...); SPI_FOG_CNTL's
 * PASS_FOG_THROUGH_PS keeps R7xx's bit 0 (§5.3.1: "remains ... retains the
 * same name"; fields-r600.tsv). */
#define MASK_FIELDS(reg, pre, post)                                                                 \
	{ reg, pre "0" post, 0, 3 }, { reg, pre "1" post, 4, 7 }, { reg, pre "2" post, 8, 11 },     \
		{ reg, pre "3" post, 12, 15 }, { reg, pre "4" post, 16, 19 }, { reg, pre "5" post, 20, 23 }, \
		{ reg, pre "6" post, 24, 27 }, { reg, pre "7" post, 28, 31 }
const struct lint_guide_field gk_lint_guide_fields[] = {
	MASK_FIELDS("CB_SHADER_MASK", "OUTPUT", "_ENABLE"),
	MASK_FIELDS("CB_TARGET_MASK", "TARGET", "_ENABLE"),
	{ "SPI_FOG_CNTL", "PASS_FOG_THROUGH_PS", 0, 0 },
	/* §7.5's "enabled sets of HiS state": the enable bit of each set, 24,
	 * as Mesa's register database lays out DB_SRESULTS_COMPARE_STATE0/1 at
	 * the same offsets 0x028AC0/0x028AC4 (src/amd/registers, gfx6.json:
	 * COMPAREFUNC 0-2, COMPAREVALUE 4-11, COMPAREMASK 12-19, ENABLE 24) */
	{ "DB_SRESULTS_COMPARE_STATE0", "ENABLE0", 24, 24 },
	{ "DB_SRESULTS_COMPARE_STATE1", "ENABLE1", 24, 24 },
};
const size_t gk_lint_nguide_fields = sizeof gk_lint_guide_fields / sizeof gk_lint_guide_fields[0];
