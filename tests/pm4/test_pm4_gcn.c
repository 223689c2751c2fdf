/* PM4 on GFX6 (SI) through GFX12: generation and chip names, the one-dword
 * NOP pad, and packet vectors in both directions.
 *
 * The dwords are built with the kernel's own packet macros (PACKET3 and
 * PACKET3_COMPUTE of the amdgpu sid.h/cikd.h/vid.h/soc15d.h/nvd.h, with the
 * opcode numbers of those headers written out here), never from the
 * library's tables; each row's text was checked field by field against the
 * headers' bit layouts.  Every GFX6+ description is explained by a row: the
 * packets with a layout by a vector below, the ones known by name only
 * ("BODY" rows) by a built packet that must decode to the name and its raw
 * body and encode back.  Then a stream per generation name through
 * decode -> encode. */
#include "pm4/pm4_tab.h"
#include "pm4_testutil.h"

#define PACKET_TYPE3 3u
#define PACKET3(op, n) ((PACKET_TYPE3 << 30) | (((op) & 0xFFu) << 8) | (((n) & 0x3FFFu) << 16))
#define PACKET3_COMPUTE(op, n) (PACKET3(op, n) | 1u << 1)
#define PACKET3_NOP 0x10
#define PACKET3_CLEAR_STATE 0x12
#define PACKET3_INDEX_BUFFER_SIZE 0x13
#define PACKET3_DISPATCH_DIRECT 0x15
#define PACKET3_DISPATCH_INDIRECT 0x16
#define PACKET3_COND_EXEC 0x22
#define PACKET3_PRED_EXEC 0x23
#define PACKET3_INDEX_BASE 0x26
#define PACKET3_DRAW_INDEX_2 0x27
#define PACKET3_CONTEXT_CONTROL 0x28
#define PACKET3_INDEX_TYPE 0x2A
#define PACKET3_DRAW_INDEX_AUTO 0x2D
#define PACKET3_NUM_INSTANCES 0x2F
#define PACKET3_INDIRECT_BUFFER_CONST 0x33
#define PACKET3_WRITE_DATA 0x37
#define PACKET3_WAIT_REG_MEM 0x3C
#define PACKET3_INDIRECT_BUFFER 0x3F
#define PACKET3_COPY_DATA 0x40
#define PACKET3_PFP_SYNC_ME 0x42
#define PACKET3_SURFACE_SYNC 0x43
#define PACKET3_EVENT_WRITE 0x46
#define PACKET3_EVENT_WRITE_EOP 0x47
#define PACKET3_RELEASE_MEM 0x49
#define PACKET3_PREAMBLE_CNTL 0x4A
#define PACKET3_DMA_DATA 0x50
#define PACKET3_ACQUIRE_MEM 0x58
#define PACKET3_SET_CONFIG_REG 0x68
#define PACKET3_SET_CONTEXT_REG 0x69
#define PACKET3_SET_CONTEXT_REG_INDEX 0x6A
#define PACKET3_SET_SH_REG 0x76
#define PACKET3_SET_UCONFIG_REG 0x79
#define PACKET3_SET_UCONFIG_REG_INDEX 0x7A
#define PACKET3_SWITCH_BUFFER 0x8B
#define PACKET3_FRAME_CONTROL 0x90
#define PACKET3_SET_SH_REG_INDEX 0x9B
#define PACKET3_SET_BASE 0x11
#define PACKET3_ATOMIC_MEM 0x1E
#define PACKET3_OCCLUSION_QUERY 0x1F
#define PACKET3_SET_PREDICATION 0x20
#define PACKET3_DRAW_INDIRECT 0x24
#define PACKET3_DRAW_INDEX_INDIRECT 0x25
#define PACKET3_DRAW_INDIRECT_MULTI 0x2C
#define PACKET3_STRMOUT_BUFFER_UPDATE 0x34
#define PACKET3_DRAW_INDEX_OFFSET_2 0x35
#define PACKET3_DRAW_INDEX_INDIRECT_MULTI 0x38
#define PACKET3_CP_DMA 0x41
#define PACKET3_EVENT_WRITE_EOS 0x48
#define PACKET3_LOAD_UCONFIG_REG 0x5E
#define PACKET3_LOAD_SH_REG 0x5F
#define PACKET3_LOAD_CONFIG_REG 0x60
#define PACKET3_LOAD_CONTEXT_REG 0x61
#define PACKET3_SET_CONTEXT_REG_PAIRS 0xB8
#define PACKET3_SET_CONTEXT_REG_PAIRS_PACKED 0xB9
#define PACKET3_SET_SH_REG_PAIRS 0xBA
#define PACKET3_SET_SH_REG_PAIRS_PACKED 0xBB
#define PACKET3_SET_SH_REG_PAIRS_PACKED_N 0xBD
#define PACKET3_CONTEXT_REG_RMW 0x51
#define PACKET3_INVALIDATE_TLBS 0x98
#define PACKET3_SET_RESOURCES 0xA0
#define PACKET3_MAP_QUEUES 0xA2
#define PACKET3_UNMAP_QUEUES 0xA3
#define PACKET3_QUERY_STATUS 0xA4

struct vec {
	const char *gpu;
	const uint32_t *w;
	size_t n;
	const char *text;
};

static const struct vec vecs[] = {
	{ "gfx9", W(PACKET3(PACKET3_NOP, 0), 0x00000000),
	  "NOP\n"
	  "    DATA_BLOCK 0x00000000" },
	{ "gfx9", W(PACKET3(PACKET3_NOP, 0x3FFF)),
	  "NOP_PAD" },
	{ "gfx10.3", W(PACKET3(PACKET3_SET_CONTEXT_REG, 1), 0x000000a0, 0x00000004),
	  "SET_CONTEXT_REG REG_OFFSET=0xa0 INDEX=0\n"
	  "    0x28280 PA_SC_VPORT_SCISSOR_6_TL <- TL_X=0x4" },
	{ "gfx9", W(PACKET3(PACKET3_SET_SH_REG, 1), 0x0000020c, 0x00402022),
	  "SET_SH_REG REG_OFFSET=0x20c INDEX=0\n"
	  "    0x0b830 COMPUTE_PGM_LO <- 0x00402022" },
	{ "gfx11", W(PACKET3(PACKET3_SET_UCONFIG_REG, 1), 0x00000444, 0x12355123),
	  "SET_UCONFIG_REG REG_OFFSET=0x444 INDEX=0\n"
	  "    0x31110 SPI_GS_THROTTLE_CNTL1 <- PH_POLL_INTERVAL=3 PH_THROTTLE_BASE=2 PH_THROTTLE_STEP_SIZE=1 SPI_VGPR_THRESHOLD=5 SPI_LDS_THRESHOLD=5 SPI_POLL_INTERVAL=3 SPI_THROTTLE_BASE=2 SPI_THROTTLE_STEP_SIZE=1" },
	{ "gfx9", W(PACKET3(PACKET3_SET_UCONFIG_REG_INDEX, 1), 0x10000243, 0x00000004),
	  "SET_UCONFIG_REG_INDEX REG_OFFSET=0x243 INDEX=PRIM_TYPE\n"
	  "    0x3090c VGT_INDEX_TYPE <- 0x00000004" },
	{ "gfx9", W(PACKET3(PACKET3_SET_SH_REG_INDEX, 1), 0x1000020c, 0x00000001),
	  "SET_SH_REG_INDEX REG_OFFSET=0x20c INDEX=INSERT_VMID\n"
	  "    0x0b830 COMPUTE_PGM_LO <- 0x00000001" },
	/* GFX8 (vid.h): no source gives the INDEX values' meanings: a number */
	{ "gfx8", W(PACKET3(PACKET3_SET_CONTEXT_REG_INDEX, 1), 0x10000290, 0x00000003),
	  "SET_CONTEXT_REG_INDEX REG_OFFSET=0x290 INDEX=1\n"
	  "    0x28a40 VGT_GS_MODE <- MODE=GS_SCENARIO_G" },
	{ "gfx8", W(PACKET3(PACKET3_SET_SH_REG_INDEX, 1), 0x3000000c, 0x00000001),
	  "SET_SH_REG_INDEX REG_OFFSET=0xc INDEX=3\n"
	  "    0x0b030 SPI_SHADER_USER_DATA_PS_0 <- 0x00000001" },
	/* GFX12's PFP: INDEX 2 is COMPUTE_DISPATCH_INTERLEAVE's shadow (PAL) */
	{ "gfx12", W(PACKET3(PACKET3_SET_SH_REG_INDEX, 1), 0x2000022f, 0x00000040),
	  "SET_SH_REG_INDEX REG_OFFSET=0x22f INDEX=COMPUTE_DISPATCH_INTERLEAVE_SHADOW\n"
	  "    0x0b8bc COMPUTE_DISPATCH_INTERLEAVE <- INTERLEAVE_1D=0x40" },
	{ "gfx10", W(PACKET3(PACKET3_SET_CONTEXT_REG_INDEX, 1), 0x200002d6, 0x00000001),
	  "SET_CONTEXT_REG_INDEX REG_OFFSET=0x2d6 INDEX=VGT_LS_HS_CONFIG\n"
	  "    0x28b58 VGT_LS_HS_CONFIG <- NUM_PATCHES=1" },
	{ "gfx6", W(PACKET3(PACKET3_SET_CONFIG_REG, 1), 0x00000256, 0x00000002),
	  "SET_CONFIG_REG REG_OFFSET=0x256 INDEX=0\n"
	  "    0x08958 VGT_PRIMITIVE_TYPE <- PRIM_TYPE=DI_PT_LINELIST" },
	{ "gfx9", W(PACKET3(PACKET3_INDIRECT_BUFFER, 2), 0x00023000, 0xffff8000, 0x06000300),
	  "INDIRECT_BUFFER IB_BASE=0x800000023000 IB_BASE_SIGN=0xffff IB_SIZE=768 CHAIN=0 PRE_ENA=0 VALID=0 VMID=6 CACHE_POLICY=0 PRE_RESUME=0 PRIV=0" },
	{ "gfx10", W(PACKET3(PACKET3_INDIRECT_BUFFER, 2), 0x00100000, 0x00008000, 0x00300040),
	  "INDIRECT_BUFFER IB_BASE=0x800000100000 IB_SIZE=64 CHAIN=1 PRE_ENA=1 VALID=0 VMID=0 CACHE_POLICY=0 PRE_RESUME=0 PRIV=0" },
	{ "gfx7", W(PACKET3(PACKET3_INDIRECT_BUFFER_CONST, 2), 0x00001000, 0x00000000, 0x00800010),
	  "INDIRECT_BUFFER_CONST IB_BASE=0x1000 SWAP=NONE IB_SIZE=16 TCL2_VOLATILE=0 VALID=1 VMID=0 CACHE_POLICY=0" },
	{ "gfx9", W(PACKET3(PACKET3_RELEASE_MEM, 6), 0x00088514, 0x40000000, 0x00470000, 0x00000000, 0x00005669, 0x00000000, 0x00000000),
	  "RELEASE_MEM DATA_SEL=SEND_64BIT EVENT_TYPE=CACHE_FLUSH_AND_INV_TS_EVENT EVENT_INDEX=TS TCL1_VOL_ACTION_ENA=0 TC_VOL_ACTION_ENA=0 TC_WB_ACTION_ENA=1 TCL1_ACTION_ENA=0 TC_ACTION_ENA=0 TC_NC_ACTION_ENA=1 TC_WC_ACTION_ENA=0 TC_MD_ACTION_ENA=0 CACHE_POLICY=0 EXECUTE=0 DST_SEL=MEMORY INT_SEL=NONE ADDRESS=0x470000 DATA_LO=0x5669 DATA_HI=0x0 INT_CTXID=0x0" },
	{ "gfx10", W(PACKET3(PACKET3_RELEASE_MEM, 6), 0x0033f514, 0x22000000, 0x00470000, 0x00000000, 0x00000001, 0x00000000, 0x00000000),
	  "RELEASE_MEM DATA_SEL=SEND_32BIT_LOW EVENT_TYPE=CACHE_FLUSH_AND_INV_TS_EVENT EVENT_INDEX=TS GCR_GLM_WB=1 GCR_GLM_INV=1 GCR_GLV_INV=1 GCR_GL1_INV=1 GCR_GL2_US=1 GCR_GL2_RANGE=1 GCR_GL2_DISCARD=0 GCR_GL2_INV=1 GCR_GL2_WB=1 GCR_SEQ=0 CACHE_POLICY=0 EXECUTE=0 DST_SEL=MEMORY INT_SEL=SEND_INT_ON_CONFIRM ADDRESS=0x470000 DATA_LO=0x1 DATA_HI=0x0 INT_CTXID=0x0" },
	{ "gfx8", W(PACKET3(PACKET3_RELEASE_MEM, 5), 0x00000514, 0x20000000, 0x00401000, 0x00000000, 0x00000007, 0x00000000),
	  "RELEASE_MEM DATA_SEL=SEND_32BIT_LOW EVENT_TYPE=CACHE_FLUSH_AND_INV_TS_EVENT EVENT_INDEX=TS TCL1_VOL_ACTION_ENA=0 TC_VOL_ACTION_ENA=0 TC_WB_ACTION_ENA=0 TCL1_ACTION_ENA=0 TC_ACTION_ENA=0 CACHE_POLICY=0 EXECUTE=0 DST_SEL=MEMORY INT_SEL=NONE ADDRESS=0x401000 DATA_LO=0x7 DATA_HI=0x0" },
	{ "gfx11", W(PACKET3(PACKET3_RELEASE_MEM, 6), 0x80000528, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	  "RELEASE_MEM DATA_SEL=DISCARD EVENT_TYPE=BOTTOM_OF_PIPE_TS EVENT_INDEX=TS GCR_CNTL=0x0 CACHE_POLICY=0 EXECUTE=0 PWS_ENABLE=1 DST_SEL=MEMORY INT_SEL=NONE ADDRESS=0x0 DATA_LO=0x0 DATA_HI=0x0 INT_CTXID=0x0" },
	{ "gfx9", W(PACKET3(PACKET3_ACQUIRE_MEM, 5), 0x00c00000, 0xffffffff, 0x00ffffff, 0x00000000, 0x00000000, 0x0000000a),
	  "ACQUIRE_MEM COHER_CNTL=0xc00000 ENGINE_SEL=ME COHER_SIZE=0xffffffff COHER_SIZE_HI=0xffffff COHER_BASE_LO=0x0 COHER_BASE_HI=0x0 POLL_INTERVAL=10" },
	{ "gfx10.3", W(PACKET3(PACKET3_ACQUIRE_MEM, 6), 0x00000000, 0xffffffff, 0x00ffffff, 0x00000000, 0x00000000, 0x0000000a, 0x0000c302),
	  "ACQUIRE_MEM COHER_CNTL=0x0 ENGINE_SEL=ME COHER_SIZE=0xffffffff COHER_SIZE_HI=0xffffff COHER_BASE_LO=0x0 COHER_BASE_HI=0x0 POLL_INTERVAL=10 GCR_CNTL=0xc302" },
	/* the words of a real gfx1033 IB (umr-listings capture, +0x668):
	 * radeonsi si_cp_acquire_mem writes COHER_SIZE_HI 0x01ffffff on GFX10+,
	 * which checked as reserved bits when the GFX10 field had 24 */
	{ "gfx10.3", W(PACKET3(PACKET3_ACQUIRE_MEM, 6), 0x00000000, 0xffffffff, 0x01ffffff, 0x00000000, 0x00000000, 0x0000000a, 0x0000c3b0),
	  "ACQUIRE_MEM COHER_CNTL=0x0 ENGINE_SEL=ME COHER_SIZE=0xffffffff COHER_SIZE_HI=0x1ffffff COHER_BASE_LO=0x0 COHER_BASE_HI=0x0 POLL_INTERVAL=10 GCR_CNTL=0xc3b0" },
	{ "gfx10", W(PACKET3(PACKET3_ACQUIRE_MEM, 6), 0x00000000, 0xffffffff, 0x01ffffff, 0x00000000, 0x00000000, 0x0000000a, 0x00000000),
	  "ACQUIRE_MEM COHER_CNTL=0x0 ENGINE_SEL=ME COHER_SIZE=0xffffffff COHER_SIZE_HI=0x1ffffff COHER_BASE_LO=0x0 COHER_BASE_HI=0x0 POLL_INTERVAL=10 GCR_CNTL=0x0" },
	{ "gfx11", W(PACKET3(PACKET3_ACQUIRE_MEM, 6), 0x00022800, 0xffffffff, 0x01ffffff, 0x00000000, 0x00000000, 0x80000000, 0x00000000),
	  "ACQUIRE_MEM COHER_CNTL=0x22800 ENGINE_SEL=ME COHER_SIZE=0xffffffff COHER_SIZE_HI=0x1ffffff COHER_BASE_LO=0x0 COHER_BASE_HI=0x0 POLL_INTERVAL=0 PWS_ENA=1 GCR_CNTL=0x0" },
	{ "gfx9", W(PACKET3(PACKET3_WRITE_DATA, 3), 0x80100800, 0xffe00000, 0xffffffff, 0x00000001),
	  "WRITE_DATA DST_SEL=PREEMPTION_META_MEMORY WR_ONE_ADDR=0 WR_CONFIRM=1 CACHE_POLICY=0 ENGINE_SEL=CE DST_ADDR_LO=0xffe00000 DST_ADDR_HI=0xffffffff\n"
	  "    DATA 0x00000001" },
	{ "gfx10", W(PACKET3(PACKET3_WRITE_DATA, 3), 0x00100500, 0x00401000, 0x00000000, 0x00000002),
	  "WRITE_DATA DST_SEL=MEM WR_ONE_ADDR=0 WR_CONFIRM=1 CACHE_POLICY=0 ENGINE_SEL=ME DST_ADDR=0x401000\n"
	  "    DATA 0x00000002" },
	{ "gfx7", W(PACKET3(PACKET3_WRITE_DATA, 3), 0x00000000, 0x00002c0f, 0x00000000, 0x00000003),
	  "WRITE_DATA DST_SEL=MEM_MAPPED_REGISTER WR_ONE_ADDR=0 WR_CONFIRM=0 ENGINE_SEL=ME DST_REG=SPI_SHADER_USER_DATA_PS_3\n"
	  "    DATA 0x00000003" },
	{ "gfx9", W(PACKET3(PACKET3_COPY_DATA, 4), 0x00000509, 0x00400000, 0x00000000, 0x00402000, 0x00000000),
	  "COPY_DATA SRC_SEL=GPU_CLOCK_COUNT DST_SEL=MEMORY SRC_CACHE_POLICY=0 COUNT_SEL=32_BITS WR_CONFIRM=0 DST_CACHE_POLICY=0 ENGINE_SEL=ME SRC_ADDR_LO=0x400000 SRC_ADDR_HI=0x0 DST_ADDR_LO=0x402000 DST_ADDR_HI=0x0" },
	{ "gfx9", W(PACKET3(PACKET3_DMA_DATA, 5), 0x60200000, 0x00200200, 0xffff8000, 0x00200200, 0xffff8000, 0x80000040),
	  "DMA_DATA ENGINE=ME SRC_CACHE_POLICY=0 DST_SEL=NOWHERE DST_CACHE_POLICY=0 SRC_SEL=SRC_ADDR_TC_L2 CP_SYNC=0 SRC_ADDR_LO_OR_DATA=0x200200 SRC_ADDR_HI=0xffff8000 DST_ADDR=0xffff800000200200 BYTE_COUNT=64 SAS=MEMORY DAS=MEMORY SAIC=INCREMENT DAIC=INCREMENT RAW_WAIT=0 DISABLE_WR_CONFIRM=1" },
	{ "gfx7", W(PACKET3(PACKET3_DMA_DATA, 5), 0x40000000, 0xdeadbeef, 0x00000000, 0x00100000, 0x00000000, 0x20000010),
	  "DMA_DATA ENGINE=ME SRC_CACHE_POLICY=0 DST_SEL=DST_ADDR DST_CACHE_POLICY=0 SRC_SEL=DATA CP_SYNC=0 SRC_ADDR_LO_OR_DATA=0xdeadbeef SRC_ADDR_HI=0x0 DST_ADDR=0x100000 BYTE_COUNT=16 DISABLE_WR_CONFIRM=0 SRC_SWAP=NONE DST_SWAP=NONE SAS=MEMORY DAS=MEMORY SAIC=INCREMENT DAIC=NO_INCREMENT RAW_WAIT=0" },
	{ "gfx9", W(PACKET3(PACKET3_WAIT_REG_MEM, 5), 0x00000013, 0x00401000, 0x00000000, 0x00000001, 0xffffffff, 0x0000000a),
	  "WAIT_REG_MEM FUNCTION=EQUAL MEM_SPACE=MEMORY OPERATION=WAIT_REG_MEM ENGINE=ME CACHE_POLICY=0 POLL_ADDRESS=0x401000 REFERENCE=0x1 MASK=0xffffffff POLL_INTERVAL=10" },
	{ "gfx10", W(PACKET3(PACKET3_WAIT_REG_MEM, 5), 0x00000003, 0x00001d84, 0x00000000, 0x00000001, 0x00000001, 0x00000004),
	  "WAIT_REG_MEM FUNCTION=EQUAL MEM_SPACE=REGISTER OPERATION=WAIT_REG_MEM ENGINE=ME CACHE_POLICY=0 POLL_REG=0x1d84 REFERENCE=0x1 MASK=0x1 POLL_INTERVAL=4" },
	{ "gfx9", W(PACKET3(PACKET3_EVENT_WRITE, 0), 0x0000001a),
	  "EVENT_WRITE EVENT_TYPE=PIPELINESTAT_STOP EVENT_INDEX=OTHER" },
	{ "gfx10", W(PACKET3(PACKET3_EVENT_WRITE, 2), 0x00000115, 0x00401000, 0x00000000),
	  "EVENT_WRITE EVENT_TYPE=ZPASS_DONE EVENT_INDEX=ZPASS_DONE ADDRESS=0x401000" },
	{ "gfx9", W(PACKET3(PACKET3_CONTEXT_CONTROL, 1), 0x81018003, 0x00000000),
	  "CONTEXT_CONTROL LOAD_CONTROL=LOAD_GLOBAL_CONFIG|LOAD_PER_CONTEXT_STATE|LOAD_GLOBAL_UCONFIG|LOAD_GFX_SH_REGS|LOAD_CS_SH_REGS|UPDATE_LOAD_ENABLES SHADOW_ENABLE=0" },
	{ "gfx6", W(PACKET3(PACKET3_CLEAR_STATE, 0), 0x00000000),
	  "CLEAR_STATE" },
	{ "gfx9", W(PACKET3(PACKET3_DRAW_INDEX_AUTO, 1), 0x00000003, 0x00000002),
	  "DRAW_INDEX_AUTO INDEX_COUNT=3 DRAW_INITIATOR=0x2 ; DRAW_INITIATOR: SOURCE_SELECT=DI_SRC_SEL_AUTO_INDEX" },
	{ "gfx9", W(PACKET3(PACKET3_DRAW_INDEX_2, 4), 0x00000100, 0x00400000, 0xffff8000, 0x00000003, 0x00000000),
	  "DRAW_INDEX_2 MAX_SIZE=256 INDEX_BASE=0xffff800000400000 INDEX_COUNT=3 DRAW_INITIATOR=0x0" },
	{ "gfx10", W(PACKET3_COMPUTE(PACKET3_DISPATCH_DIRECT, 3), 0x00000010, 0x00000008, 0x00000001, 0x00000001),
	  "DISPATCH_DIRECT SHADER_TYPE=COMPUTE DIM_X=16 DIM_Y=8 DIM_Z=1 DISPATCH_INITIATOR=0x1 ; DISPATCH_INITIATOR: COMPUTE_SHADER_EN=1" },
	{ "gfx9", W(PACKET3_COMPUTE(PACKET3_DISPATCH_INDIRECT, 1), 0x00000010, 0x00000001),
	  "DISPATCH_INDIRECT SHADER_TYPE=COMPUTE DATA_OFFSET=0x10 DISPATCH_INITIATOR=0x1 ; DISPATCH_INITIATOR: COMPUTE_SHADER_EN=1" },
	{ "gfx9", W(PACKET3(PACKET3_NUM_INSTANCES, 0), 0x00000001),
	  "NUM_INSTANCES NUM_INSTANCES=1" },
	{ "gfx8", W(PACKET3(PACKET3_INDEX_TYPE, 0), 0x00000001),
	  "INDEX_TYPE INDEX_TYPE=DI_INDEX_SIZE_32_BIT SWAP_MODE=NONE" },
	{ "gfx9", W(PACKET3(PACKET3_PFP_SYNC_ME, 0), 0x00000000),
	  "PFP_SYNC_ME" },
	{ "gfx11", W(PACKET3(PACKET3_PREAMBLE_CNTL, 0), 0x20000000),
	  "PREAMBLE_CNTL CMD=BEGIN_CLEAR_STATE" },
	{ "gfx9", W(PACKET3(PACKET3_FRAME_CONTROL, 0), 0x10000000),
	  "FRAME_CONTROL TMZ=0 COMMAND=TMZ_END" },
	{ "gfx9", W(PACKET3(PACKET3_SWITCH_BUFFER, 0), 0x00000000),
	  "SWITCH_BUFFER" },
	{ "gfx10", W(PACKET3(PACKET3_COND_EXEC, 3), 0x004010c0, 0x00000000, 0x00000000, 0x00000002, 0xc0001000, 0x00000000),
	  "COND_EXEC ADDRESS=0x4010c0 EXEC_COUNT=2\n"
	  "NOP\n"
	  "    DATA_BLOCK 0x00000000" },
	{ "gfx6", W(PACKET3(PACKET3_SURFACE_SYNC, 3), 0x80000000, 0xffffffff, 0x00000000, 0x0000000a),
	  "SURFACE_SYNC ENGINE=ME COHER_CNTL=0x0 COHER_SIZE=0xffffffff COHER_BASE=0x0 POLL_INTERVAL=10" },
	{ "gfx7", W(PACKET3(PACKET3_EVENT_WRITE_EOP, 4), 0x00000514, 0x00401000, 0x40000000, 0x00000001, 0x00000000),
	  "EVENT_WRITE_EOP EVENT_TYPE=CACHE_FLUSH_AND_INV_TS_EVENT EVENT_INDEX=TS TCL1_VOL_ACTION_ENA=0 TC_VOL_ACTION_ENA=0 TC_WB_ACTION_ENA=0 TCL1_ACTION_ENA=0 TC_ACTION_ENA=0 ADDRESS=0x401000 INT_SEL=NONE DATA_SEL=SEND_64BIT DATA_LO=0x1 DATA_HI=0x0" },
	{ "gfx9", W(PACKET3(PACKET3_INDEX_BASE, 1), 0x00400000, 0xffff8000),
	  "INDEX_BASE INDEX_BASE=0xffff800000400000" },
	{ "gfx9", W(PACKET3(PACKET3_PRED_EXEC, 0), 0x01000002, 0xc0001000, 0x00000000),
	  "PRED_EXEC DEVICE_SELECT=0x1 EXEC_COUNT=2\n"
	  "NOP\n"
	  "    DATA_BLOCK 0x00000000" },
	{ "gfx9", W(PACKET3(PACKET3_INDEX_BUFFER_SIZE, 0), 0x00000010),
	  "INDEX_BUFFER_SIZE INDEX_BUFFER_SIZE=16" },
	{ "gfx9", W(PACKET3(PACKET3_SET_BASE, 2), 0x00000001, 0x00400000, 0xffff8000),
	  "SET_BASE BASE_INDEX=DRAW_INDEX_INDIRECT_PATCH_TABLE ADDRESS=0xffff800000400000" },
	{ "gfx10", W(PACKET3(PACKET3_ATOMIC_MEM, 7), 0x00000148, 0x00401000, 0x00000000, 0x00000001, 0x00000000, 0x00000000, 0x00000000, 0x0000000a),
	  "ATOMIC_MEM ATOMIC=0x48 COMMAND=LOOP_UNTIL_COMPARE_SATISFIED CACHE_POLICY=0 ADDRESS=0x401000 SRC_DATA_LO=0x1 SRC_DATA_HI=0x0 CMP_DATA_LO=0x0 CMP_DATA_HI=0x0 LOOP_INTERVAL=10" },
	{ "gfx9", W(PACKET3(PACKET3_OCCLUSION_QUERY, 3), 0x00401000, 0x00000000, 0x00402000, 0x00000000),
	  "OCCLUSION_QUERY START_ADDR=0x401000 DST_ADDR=0x402000" },
	{ "gfx8", W(PACKET3(PACKET3_SET_PREDICATION, 1), 0x00401000, 0x00010100),
	  "SET_PREDICATION START_ADDR=0x401000 CONTINUE=0 PRED_OP=ZPASS HINT=0 PREDICATION_BOOLEAN=DRAW_IF_VISIBLE" },
	{ "gfx10.3", W(PACKET3(PACKET3_SET_PREDICATION, 2), 0x80010000, 0x00401000, 0x00000000),
	  "SET_PREDICATION CONTINUE=1 PRED_OP=ZPASS HINT=0 PREDICATION_BOOLEAN=DRAW_IF_NOT_VISIBLE START_ADDR=0x401000" },
	{ "gfx9", W(PACKET3(PACKET3_DRAW_INDIRECT, 3), 0x00000010, 0x0000004c, 0x0000004d, 0x00000002),
	  "DRAW_INDIRECT DATA_OFFSET=0x10 BASE_VTX_LOC=0x4c START_INST_LOC=0x4d DRAW_INITIATOR=0x2 ; DRAW_INITIATOR: SOURCE_SELECT=DI_SRC_SEL_AUTO_INDEX" },
	{ "gfx10", W(PACKET3(PACKET3_DRAW_INDEX_INDIRECT, 3), 0x00000020, 0x0000004c, 0x0000004d, 0x00000000),
	  "DRAW_INDEX_INDIRECT DATA_OFFSET=0x20 BASE_VTX_LOC=0x4c START_INST_LOC=0x4d DRAW_INITIATOR=0x0" },
	{ "gfx10.3", W(PACKET3(PACKET3_DRAW_INDIRECT_MULTI, 8), 0x00000000, 0x0000004c, 0x0000004d, 0xc000004e, 0x00000008, 0x00403000, 0x00000000, 0x00000010, 0x00000002),
	  "DRAW_INDIRECT_MULTI DATA_OFFSET=0x0 BASE_VTX_LOC=0x4c START_INST_LOC=0x4d DRAW_INDEX_LOC=0x4e COUNT_INDIRECT_ENABLE=1 DRAW_INDEX_ENABLE=1 DRAW_COUNT=8 COUNT_ADDR=0x403000 STRIDE=16 DRAW_INITIATOR=0x2 ; DRAW_INITIATOR: SOURCE_SELECT=DI_SRC_SEL_AUTO_INDEX" },
	{ "gfx11", W(PACKET3(PACKET3_DRAW_INDEX_INDIRECT_MULTI, 8), 0x00000000, 0x0000004c, 0x0000004d, 0x0000004e, 0x00000004, 0x00000000, 0x00000000, 0x00000014, 0x00000000),
	  "DRAW_INDEX_INDIRECT_MULTI DATA_OFFSET=0x0 BASE_VTX_LOC=0x4c START_INST_LOC=0x4d DRAW_INDEX_LOC=0x4e COUNT_INDIRECT_ENABLE=0 DRAW_INDEX_ENABLE=0 DRAW_COUNT=4 COUNT_ADDR=0x0 STRIDE=20 DRAW_INITIATOR=0x0" },
	{ "gfx9", W(PACKET3(PACKET3_STRMOUT_BUFFER_UPDATE, 4), 0x00000105, 0x00401000, 0x00000000, 0x00402000, 0x00000000),
	  "STRMOUT_BUFFER_UPDATE STORE_BUFFER_FILLED_SIZE=1 OFFSET_SOURCE=FROM_SRC_ADDRESS DATA_TYPE=0 SELECT_BUFFER=1 DST_ADDRESS=0x401000 SRC_ADDRESS=0x402000" },
	{ "gfx7", W(PACKET3(PACKET3_DRAW_INDEX_OFFSET_2, 3), 0x00000100, 0x00000010, 0x00000003, 0x00000000),
	  "DRAW_INDEX_OFFSET_2 MAX_SIZE=256 INDEX_OFFSET=16 INDEX_COUNT=3 DRAW_INITIATOR=0x0" },
	{ "gfx6", W(PACKET3(PACKET3_CP_DMA, 4), 0x00001000, 0x60000000, 0x00002000, 0x00000000, 0x00000040),
	  "CP_DMA SRC_ADDR_LO=0x1000 SRC_ADDR_HI=0x0 DST_SEL=DST_ADDR ENGINE=ME SRC_SEL=SRC_ADDR_TC_L2 CP_SYNC=0 DST_ADDR=0x2000 BYTE_COUNT=64 DISABLE_WR_CONFIRM=0 SRC_SWAP=NONE DST_SWAP=NONE SAS=MEMORY DAS=MEMORY SAIC=INCREMENT DAIC=INCREMENT RAW_WAIT=0" },
	{ "gfx9", W(PACKET3(PACKET3_CP_DMA, 4), 0x00001000, 0x40000000, 0x00002000, 0x00000000, 0x80000100),
	  "CP_DMA SRC_ADDR_LO=0x1000 SRC_ADDR_HI=0x0 DST_SEL=DST_ADDR ENGINE=ME SRC_SEL=DATA CP_SYNC=0 DST_ADDR=0x2000 BYTE_COUNT=256 SAS=MEMORY DAS=MEMORY SAIC=INCREMENT DAIC=INCREMENT RAW_WAIT=0 DISABLE_WR_CONFIRM=1" },
	{ "gfx8", W(PACKET3(PACKET3_EVENT_WRITE_EOS, 3), 0x00000630, 0x00401000, 0x40000000, 0x00000007),
	  "EVENT_WRITE_EOS EVENT_TYPE=PS_DONE EVENT_INDEX=EOS DATA_SEL=VALUE_32BIT ADDRESS=0x401000 DATA=0x7" },
	{ "gfx7", W(PACKET3(PACKET3_EVENT_WRITE_EOS, 3), 0x00000630, 0x00401000, 0x20000000, 0x00040000),
	  "EVENT_WRITE_EOS EVENT_TYPE=PS_DONE EVENT_INDEX=EOS DATA_SEL=GDS ADDRESS=0x401000 GDS_INDEX=0 GDS_SIZE=4" },
	{ "gfx9", W(PACKET3(PACKET3_LOAD_UCONFIG_REG, 3), 0x00400000, 0x00000000, 0x00000100, 0x00000010),
	  "LOAD_UCONFIG_REG BASE_ADDR=0x400000\n"
	  "    REG_OFFSET=CP_ME_COHER_SIZE_HI NUM_DWORDS=16" },
	{ "gfx10", W(PACKET3(PACKET3_LOAD_SH_REG, 3), 0x00400000, 0x00000000, 0x0000020c, 0x00000004),
	  "LOAD_SH_REG BASE_ADDR=0x400000\n"
	  "    REG_OFFSET=COMPUTE_PGM_LO NUM_DWORDS=4" },
	{ "gfx6", W(PACKET3(PACKET3_LOAD_CONFIG_REG, 3), 0x00400000, 0x00000000, 0x00000256, 0x00000002),
	  "LOAD_CONFIG_REG BASE_ADDR=0x400000\n"
	  "    REG_OFFSET=VGT_PRIMITIVE_TYPE NUM_DWORDS=2" },
	{ "gfx11", W(PACKET3(PACKET3_LOAD_CONTEXT_REG, 3), 0x00400000, 0x00000000, 0x000000a0, 0x00000010),
	  "LOAD_CONTEXT_REG BASE_ADDR=0x400000\n"
	  "    REG_OFFSET=PA_SC_VPORT_SCISSOR_6_TL NUM_DWORDS=16" },
	{ "gfx11", W(PACKET3(PACKET3_SET_CONTEXT_REG_PAIRS, 1), 0x000000a0, 0x00000004),
	  "SET_CONTEXT_REG_PAIRS\n"
	  "    REG_OFFSET=PA_SC_VPORT_SCISSOR_6_TL REG_VALUE=0x4 ; REG_VALUE: TL_X=0x4" },
	/* an offset that names no register of the space: the number */
	{ "gfx11", W(PACKET3(PACKET3_SET_CONTEXT_REG_PAIRS, 1), 0x0000ffff, 0x00000004),
	  "SET_CONTEXT_REG_PAIRS\n"
	  "    REG_OFFSET=0xffff REG_VALUE=0x4" },
	{ "gfx11", W(PACKET3(PACKET3_SET_SH_REG_PAIRS, 1), 0x0000020c, 0x00402022),
	  "SET_SH_REG_PAIRS\n"
	  "    REG_OFFSET=COMPUTE_PGM_LO REG_VALUE=0x402022" },
	{ "gfx11", W(PACKET3(PACKET3_SET_CONTEXT_REG_PAIRS_PACKED, 3), 0x00000002, 0x00a100a0, 0x00000004, 0x00000005),
	  "SET_CONTEXT_REG_PAIRS_PACKED REG_COUNT=2\n"
	  "    REG_OFFSET0=PA_SC_VPORT_SCISSOR_6_TL REG_OFFSET1=PA_SC_VPORT_SCISSOR_6_BR REG_VALUE0=0x4 REG_VALUE1=0x5"
	  " ; REG_VALUE0: TL_X=0x4; REG_VALUE1: BR_X=0x5" },
	{ "gfx11", W(PACKET3(PACKET3_SET_SH_REG_PAIRS_PACKED, 3), 0x00000002, 0x020d020c, 0x00402022, 0x00000000),
	  "SET_SH_REG_PAIRS_PACKED REG_COUNT=2\n"
	  "    REG_OFFSET0=COMPUTE_PGM_LO REG_OFFSET1=COMPUTE_PGM_HI REG_VALUE0=0x402022 REG_VALUE1=0x0" },
	{ "gfx11.5", W(PACKET3(PACKET3_SET_SH_REG_PAIRS_PACKED_N, 3), 0x00000002, 0x020d020c, 0x00402022, 0x00000000),
	  "SET_SH_REG_PAIRS_PACKED_N REG_COUNT=2\n"
	  "    REG_OFFSET0=COMPUTE_PGM_LO REG_OFFSET1=COMPUTE_PGM_HI REG_VALUE0=0x402022 REG_VALUE1=0x0" },
	{ "gfx10.3", W(PACKET3(PACKET3_CONTEXT_REG_RMW, 2), 0x000002a1, 0x00000007, 0x00000005),
	  "CONTEXT_REG_RMW REG_OFFSET=VGT_PRIMITIVEID_EN REG_MASK=0x7 REG_DATA=0x5"
	  " ; REG_MASK: PRIMITIVEID_EN=1 DISABLE_RESET_ON_EOI=1 NGG_DISABLE_PROVOK_REUSE=1;"
	  " REG_DATA: PRIMITIVEID_EN=1 NGG_DISABLE_PROVOK_REUSE=1" },
	{ "gfx10", W(PACKET3(PACKET3_INVALIDATE_TLBS, 0), 0x00000030),
	  "INVALIDATE_TLBS DST_SEL=0 ALL_HUB=1 PASID=1 FLUSH_TYPE=0" },
	{ "gfx9", W(PACKET3(PACKET3_SET_RESOURCES, 6), 0x0000ffff, 0x0000000f, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	  "SET_RESOURCES VMID_MASK=0xffff UNMAP_LATENCY=0 QUEUE_TYPE=0 QUEUE_MASK_LO=0xf QUEUE_MASK_HI=0x0 GWS_MASK_LO=0x0 GWS_MASK_HI=0x0 OAC_MASK=0x0 GDS_HEAP_BASE=0 GDS_HEAP_SIZE=0" },
	{ "gfx10", W(PACKET3(PACKET3_MAP_QUEUES, 5), 0x24010010, 0x00000010, 0x00401000, 0x00000000, 0x00402000, 0x00000000),
	  "MAP_QUEUES QUEUE_SEL=1 VMID=0 QUEUE=0 PIPE=1 ME=0 QUEUE_TYPE=0 ALLOC_FORMAT=0 ENGINE_SEL=1 NUM_QUEUES=1 CHECK_DISABLE=0 DOORBELL_OFFSET=0x4 MQD_ADDR=0x401000 WPTR_ADDR=0x402000" },
	{ "gfx11", W(PACKET3(PACKET3_UNMAP_QUEUES, 4), 0x20000001, 0x00000000, 0x00000040, 0x00000000, 0x00000000),
	  "UNMAP_QUEUES ACTION=RESET_QUEUES QUEUE_SEL=0 ENGINE_SEL=0 NUM_QUEUES=1 CONTROL2=0x0 CONTROL3=0x40 CONTROL4=0x0 CONTROL5=0x0" },
	{ "gfx10.3", W(PACKET3(PACKET3_QUERY_STATUS, 5), 0x00000001, 0x00000000, 0x00401000, 0x00000000, 0x00000001, 0x00000000),
	  "QUERY_STATUS CONTEXT_ID=0x1 INTERRUPT_SEL=0 COMMAND=0 CONTROL2=0x0 ADDR=0x401000 DATA_LO=0x1 DATA_HI=0x0" },
};

#define NVECS (sizeof vecs / sizeof vecs[0])

static char textbuf[1 << 20];

/* Every generation and a sample of its names, in mixed case */
static void test_names(void)
{
	static const struct {
		const char *name, *gen;
		unsigned bit;
	} names[] = {
		{ "gfx6", "gfx6", GK_PM4_GFX6 }, { "Tahiti", "gfx6", GK_PM4_GFX6 }, { "gfx602", "gfx6", GK_PM4_GFX6 },
		{ "gfx7", "gfx7", GK_PM4_GFX7 }, { "HAWAII", "gfx7", GK_PM4_GFX7 }, { "gfx704", "gfx7", GK_PM4_GFX7 },
		{ "gfx8", "gfx8", GK_PM4_GFX8 }, { "polaris10", "gfx8", GK_PM4_GFX8 }, { "GFX803", "gfx8", GK_PM4_GFX8 },
		{ "gfx81", "gfx81", GK_PM4_GFX81 }, { "Stoney", "gfx81", GK_PM4_GFX81 },
		{ "gfx9", "gfx9", GK_PM4_GFX9 }, { "cezanne", "gfx9", GK_PM4_GFX9 }, { "gfx90c", "gfx9", GK_PM4_GFX9 },
		{ "green_sardine", "gfx9", GK_PM4_GFX9 }, { "Vega10", "gfx9", GK_PM4_GFX9 },
		{ "gfx10", "gfx10", GK_PM4_GFX10 }, { "navi10", "gfx10", GK_PM4_GFX10 }, { "gfx1012", "gfx10", GK_PM4_GFX10 },
		{ "gfx10.3", "gfx10.3", GK_PM4_GFX103 }, { "Navi21", "gfx10.3", GK_PM4_GFX103 },
		{ "gfx1030", "gfx10.3", GK_PM4_GFX103 }, { "Rembrandt", "gfx10.3", GK_PM4_GFX103 },
		{ "gfx11", "gfx11", GK_PM4_GFX11 }, { "phoenix", "gfx11", GK_PM4_GFX11 }, { "GFX1100", "gfx11", GK_PM4_GFX11 },
		{ "gfx11.5", "gfx11.5", GK_PM4_GFX115 }, { "gfx1151", "gfx11.5", GK_PM4_GFX115 },
		{ "gfx12", "gfx12", GK_PM4_GFX12 }, { "navi48", "gfx12", GK_PM4_GFX12 }, { "gfx1201", "gfx12", GK_PM4_GFX12 },
		{ "CAYMAN", "cayman", GK_PM4_CAYMAN },
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		struct gk_format fmt;
		int rc = gk_pm4_format_init(&fmt, names[i].name);
		CHECK(rc == 0, "%s: init %d", names[i].name, rc);
		if (rc)
			continue;
		CHECK(fmt.gen_bit == names[i].bit && strcmp(fmt.gen, names[i].gen) == 0, "%s: gen %s 0x%x", names[i].name,
		      fmt.gen, fmt.gen_bit);
		CHECK(fmt.regs && fmt.regs->nregs > 1000, "%s: %zu registers", names[i].name, fmt.regs ? fmt.regs->nregs : 0);
		CHECK(strstr(gk_pm4_gpu_help(), names[i].gen) != NULL, "%s not in the help", names[i].gen);
	}
	static const char *const bad[] = { "gfx13", "gfx6x", "", "navi", "gfx10.", "gfx1030 " };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct gk_format fmt;
		CHECK(gk_pm4_format_init(&fmt, bad[i]) == -1, "'%s' accepted", bad[i]);
	}
}

/* The NOP with COUNT 0x3FFF: one dword from GFX6 on, the 0x4001-dword
 * packet it says it is before */
static void test_nop_pad(void)
{
	uint32_t w[4] = { PACKET3(PACKET3_NOP, 0x3FFF), PACKET3(PACKET3_NOP, 0x3FFF), PACKET3(PACKET3_NOP, 0), 7 };
	struct gk_packet pkt;
	gk_packet_frame(tu_fmt("gfx6"), w, 4, 0, &pkt);
	CHECK(pkt.ndw == 1 && !pkt.truncated && pkt.frame.desc == gk_pm4_nop_pad, "gfx6 pad: %u dwords", pkt.ndw);
	gk_packet_frame(tu_fmt("cayman"), w, 4, 0, &pkt);
	CHECK(pkt.frame.ndw == 0x3FFF + 2 && pkt.truncated, "cayman pad: %u dwords", pkt.frame.ndw);
	tu_expect_decode("gfx12 pads", tu_fmt("gfx12"), w, 4, "NOP_PAD\nNOP_PAD\nNOP\n    DATA_BLOCK 0x00000007");
	tu_expect_encode("gfx12 pads", tu_fmt("gfx12"), "NOP_PAD\nNOP_PAD\nNOP\n    DATA_BLOCK 0x7", w, 4);
	struct tu_check r;
	tu_check(tu_fmt("gfx9"), w, 4, &r);
	CHECK(r.errors == 0 && r.warnings == 0, "gfx9 pads: %s", tu_diags_str(&r));
}

static void test_vectors(bool *covered, const struct gk_format *any)
{
	for (size_t i = 0; i < NVECS; i++) {
		const struct vec *v = &vecs[i];
		const struct gk_format *fmt = tu_fmt(v->gpu);
		tu_expect_row(i, v->gpu, fmt, v->w, v->n, v->text);
		struct tu_check r;
		tu_check(fmt, v->w, v->n, &r);
		CHECK(r.errors == 0, "row %zu (%s): %s", i, v->gpu, tu_diags_str(&r));
		size_t pos = 0;
		while (pos < v->n) {
			struct gk_packet pkt;
			gk_packet_frame(fmt, v->w + pos, v->n - pos, 4 * pos, &pkt);
			if (pkt.frame.desc && !pkt.truncated && (pkt.frame.desc->gens & fmt->gen_bit))
				covered[pkt.frame.desc - any->descs] = true;
			pos += pkt.ndw ? pkt.ndw : 1;
		}
	}
}

/* Packets known by name only: PACKET3(op, 1) and two body dwords decode to
 * the name and BODY, and encode back, on every generation that has them */
static void test_body_only(bool *covered, const struct gk_format *any)
{
	static const char *const gens[] = { "gfx6", "gfx7", "gfx8", "gfx81", "gfx9", "gfx10", "gfx10.3", "gfx11",
					    "gfx11.5", "gfx12" };
	unsigned n = 0;
	for (size_t i = 0; i < any->ndescs; i++) {
		const struct gk_packet_desc *d = &any->descs[i];
		if (!(d->gens & GK_PM4_GCN) || d->nfields || d->tail != GK_TAIL_DATA || d->tail_dw != 1 ||
		    !d->tail_name || strcmp(d->tail_name, "BODY") != 0 || d->hdr == gk_pm4_nop_pad->hdr)
			continue;
		for (size_t g = 0; g < sizeof gens / sizeof gens[0]; g++) {
			const struct gk_format *fmt = tu_fmt(gens[g]);
			if (!(d->gens & fmt->gen_bit) || d == fmt->special[3])
				continue;
			uint32_t w[3] = { PACKET3(d->opcode, 1), 0x12345678u, (uint32_t)i };
			char text[160], what[64];
			snprintf(text, sizeof text, "%s\n    BODY 0x12345678 0x%08x", d->name, (unsigned)i);
			snprintf(what, sizeof what, "%s on %s", d->name, gens[g]);
			tu_expect_decode(what, fmt, w, 3, text);
			tu_expect_encode(what, fmt, text, w, 3);
			covered[i] = true;
			n++;
		}
	}
	printf("# %u name-only packet/generation pairs decode and encode\n", n);
	CHECK(n > 300, "%u name-only pairs", n);
}

/* The rules beyond the layout, each triggered by a crafted packet */
static void test_rules(void)
{
	struct tu_check r;
	/* RELEASE_MEM: interrupt only (INT_SEL=1) with data to write */
	const uint32_t rm_int[] = { PACKET3(PACKET3_RELEASE_MEM, 6), 0x00000514, 0x21000000, 0x1000, 0, 1, 0, 0 };
	tu_check(tu_fmt("gfx9"), rm_int, 8, &r);
	CHECK(r.errors == 1 && tu_count(&r, GK_D_RANGE) == 1, "RELEASE_MEM SEND_INT with data: %s", tu_diags_str(&r));
	const uint32_t rm_int_ok[] = { PACKET3(PACKET3_RELEASE_MEM, 6), 0x00000514, 0x01000000, 0, 0, 0, 0, 0 };
	tu_check(tu_fmt("gfx9"), rm_int_ok, 8, &r);
	CHECK(r.errors == 0 && r.warnings == 0, "RELEASE_MEM SEND_INT alone: %s", tu_diags_str(&r));
	/* RELEASE_MEM: an event that is neither end-of-pipe nor end-of-shader */
	const uint32_t rm_idx[] = { PACKET3(PACKET3_RELEASE_MEM, 6), 0x00000014, 0, 0, 0, 0, 0, 0 };
	tu_check(tu_fmt("gfx10"), rm_idx, 8, &r);
	CHECK(r.errors == 1 && tu_count(&r, GK_D_RANGE) == 1, "RELEASE_MEM EVENT_INDEX 0: %s", tu_diags_str(&r));
	/* SET_*_REG_PAIRS_PACKED: REG_COUNT against the triples (2 registers each;
	 * the last may hold one) */
	for (uint32_t count = 0; count <= 7; count++) {
		const uint32_t pp[] = { PACKET3(PACKET3_SET_SH_REG_PAIRS_PACKED, 6), count, 0x020d020c, 1, 2,
					0x020f020e, 3, 4 };
		tu_check(tu_fmt("gfx11"), pp, 8, &r);
		bool good = count == 3 || count == 4;
		CHECK(good ? r.errors == 0 : (r.errors == 1 && tu_count(&r, GK_D_RULE) == 1 &&
					       strstr(tu_diags_str(&r), "holds 2 groups of 2 (3..4)")),
		      "SET_SH_REG_PAIRS_PACKED REG_COUNT=%u over 2 triples: %s", count, tu_diags_str(&r));
	}
	/* WRITE_DATA to the reserved destination 4 */
	const uint32_t wd_res[] = { PACKET3(PACKET3_WRITE_DATA, 3), 0x00000400, 0x1000, 0, 1 };
	tu_check(tu_fmt("gfx11"), wd_res, 5, &r);
	CHECK(r.errors == 1 && tu_count(&r, GK_D_RESERVED_VALUE) == 1, "WRITE_DATA DST_SEL=4: %s", tu_diags_str(&r));
	/* an R6xx-only packet is no packet of GFX6+ (and the reverse) */
	const uint32_t r6[] = { PACKET3(0x6D, 0), 0 }; /* SET_RESOURCE */
	tu_check(tu_fmt("gfx9"), r6, 2, &r);
	CHECK(tu_count(&r, GK_D_UNKNOWN_OPCODE) == 1, "SET_RESOURCE on gfx9: %s", tu_diags_str(&r));
	const uint32_t g9[] = { PACKET3(PACKET3_RELEASE_MEM, 6), 0x00000514, 0, 0, 0, 0, 0, 0 };
	tu_check(tu_fmt("cayman"), g9, 8, &r);
	CHECK(tu_count(&r, GK_D_UNKNOWN_OPCODE) == 1, "RELEASE_MEM on cayman: %s", tu_diags_str(&r));
	/* a packet of a later generation: SET_UCONFIG_REG_INDEX is GFX9+ */
	const uint32_t ui[] = { PACKET3(PACKET3_SET_UCONFIG_REG_INDEX, 1), 0x10000243, 4 };
	tu_check(tu_fmt("gfx8"), ui, 3, &r);
	CHECK(tu_count(&r, GK_D_WRONG_GEN) == 1, "SET_UCONFIG_REG_INDEX on gfx8: %s", tu_diags_str(&r));
	/* SET_UCONFIG_REG on SI, which has no uconfig space */
	const uint32_t uc[] = { PACKET3(PACKET3_SET_UCONFIG_REG, 1), 0x00000100, 4 };
	tu_check(tu_fmt("gfx6"), uc, 3, &r);
	CHECK(tu_count(&r, GK_D_WRONG_GEN) == 1, "SET_UCONFIG_REG on gfx6: %s", tu_diags_str(&r));
}

/* INDIRECT_BUFFER / INDIRECT_BUFFER_CONST on GFX6+: each rule of the control
 * dword (pm4_tab.c gcn_indirect_buffer) fires on a crafted packet, alone and
 * at its bits, and is silent on the valid ones; every packet round-trips */
struct ib_case {
	const char *gpu;
	unsigned op;
	uint32_t lo, control;
	unsigned errors, warnings;
	enum gk_diag_code code; /* of the one diagnostic when there is one */
	int dw, bitlo, bithi;
	const char *says;       /* in its message */
};

static const struct ib_case ib_cases[] = {
	/* valid: the kernel's gfx and compute forms, the largest size */
	{ "gfx6", PACKET3_INDIRECT_BUFFER, 0x00100000, 0x00000040, 0, 0, 0, 0, 0, 0, 0 },
	{ "gfx7", PACKET3_INDIRECT_BUFFER, 0x00100000, 0x00800040, 0, 0, 0, 0, 0, 0, 0 },
	{ "gfx9", PACKET3_INDIRECT_BUFFER, 0x00023000, 0x06000300, 0, 0, 0, 0, 0, 0, 0 },
	{ "gfx10", PACKET3_INDIRECT_BUFFER, 0x00100000, 0x0f8fffff, 0, 0, 0, 0, 0, 0, 0 },
	{ "gfx11", PACKET3_INDIRECT_BUFFER_CONST, 0x00100000, 0x000fffff, 0, 0, 0, 0, 0, 0, 0 },
	{ "gfx12", PACKET3_INDIRECT_BUFFER, 0x00100000, 0x00100010, 0, 0, 0, 0, 0, 0, 0 },
	/* IB_SIZE 0: a warning on every generation, both packets */
	{ "gfx6", PACKET3_INDIRECT_BUFFER, 0x00100000, 0x00000000, 0, 1, GK_D_RULE, 3, 0, 19, "empty indirect buffer" },
	{ "gfx8", PACKET3_INDIRECT_BUFFER_CONST, 0x00100000, 0x00800000, 0, 1, GK_D_RULE, 3, 0, 19, "IB_SIZE=0" },
	{ "gfx9", PACKET3_INDIRECT_BUFFER, 0x00100000, 0x01000000, 0, 1, GK_D_RULE, 3, 0, 19, "IB_SIZE=0" },
	{ "gfx11", PACKET3_INDIRECT_BUFFER, 0x00100000, 0x00000000, 0, 1, GK_D_RULE, 3, 0, 19, "IB_SIZE=0" },
	/* the base: DWORD-aligned from GFX9; bits 1:0 are SWAP before */
	{ "gfx9", PACKET3_INDIRECT_BUFFER, 0x00100002, 0x00000040, 1, 0, GK_D_RESERVED_BITS, 1, 0, 1, "DWORD-aligned" },
	{ "gfx10.3", PACKET3_INDIRECT_BUFFER_CONST, 0x00100001, 0x00000040, 1, 0, GK_D_RESERVED_BITS, 1, 0, 1,
	  "IB_BASE_UNALIGNED=1 must be 0" },
	{ "gfx12", PACKET3_INDIRECT_BUFFER, 0x00100003, 0x00000040, 1, 0, GK_D_RESERVED_BITS, 1, 0, 1, "DWORD-aligned" },
	{ "gfx8", PACKET3_INDIRECT_BUFFER, 0x00100002, 0x00000040, 0, 0, 0, 0, 0, 0, 0 },
	/* CHAIN before GFX9 (also an IB_SIZE of 2^20, which spills into bit 20) */
	{ "gfx6", PACKET3_INDIRECT_BUFFER, 0x00100000, 0x00100040, 1, 0, GK_D_RESERVED_BITS, 3, 20, 20, "GFX9+" },
	{ "gfx8", PACKET3_INDIRECT_BUFFER_CONST, 0x00100000, 0x00100040, 1, 0, GK_D_RESERVED_BITS, 3, 20, 20, "GFX9+" },
	{ "gfx7", PACKET3_INDIRECT_BUFFER, 0x00100000, 0x00100000, 1, 1, GK_D_RESERVED_BITS, 3, 20, 20, "CHAIN=1" },
	{ "gfx9", PACKET3_INDIRECT_BUFFER, 0x00100000, 0x00100000, 0, 1, GK_D_RULE, 3, 0, 19, "IB_SIZE=0" },
	/* CACHE_POLICY 3 is reserved on GFX7-9, named on GFX10+; no field on GFX6 */
	{ "gfx7", PACKET3_INDIRECT_BUFFER, 0x00100000, 0x30000040, 1, 0, GK_D_RANGE, 3, 28, 29, "CACHE_POLICY=3" },
	{ "gfx9", PACKET3_INDIRECT_BUFFER, 0x00100000, 0x30000040, 1, 0, GK_D_RANGE, 3, 28, 29, "2 bypass" },
	{ "gfx10", PACKET3_INDIRECT_BUFFER, 0x00100000, 0x30000040, 0, 0, 0, 0, 0, 0, 0 },
	{ "gfx6", PACKET3_INDIRECT_BUFFER, 0x00100000, 0x10000040, 1, 0, GK_D_RESERVED_BITS, 3, 28, 28, 0 },
	/* VALID: GFX7+, required by no queue the packet can name */
	{ "gfx6", PACKET3_INDIRECT_BUFFER, 0x00100000, 0x00800040, 1, 0, GK_D_RESERVED_BITS, 3, 23, 23, 0 },
	{ "gfx11", PACKET3_INDIRECT_BUFFER, 0x00100000, 0x00000040, 0, 0, 0, 0, 0, 0, 0 },
	/* bit 22: TCL2_VOLATILE on GFX7-8, reserved on GFX9, the user-queue VMID bit from GFX10 */
	{ "gfx8", PACKET3_INDIRECT_BUFFER, 0x00100000, 0x00400040, 0, 0, 0, 0, 0, 0, 0 },
	{ "gfx9", PACKET3_INDIRECT_BUFFER, 0x00100000, 0x00400040, 1, 0, GK_D_RESERVED_BITS, 3, 22, 22, 0 },
	{ "gfx11", PACKET3_INDIRECT_BUFFER, 0x00100000, 0x00400040, 0, 0, 0, 0, 0, 0, 0 },
	/* PRE_ENA from GFX8; PRE_RESUME alone (bit 30 of a compute user queue) */
	{ "gfx7", PACKET3_INDIRECT_BUFFER, 0x00100000, 0x00200040, 1, 0, GK_D_RESERVED_BITS, 3, 21, 21, 0 },
	{ "gfx8", PACKET3_INDIRECT_BUFFER, 0x00100000, 0x00200040, 0, 0, 0, 0, 0, 0, 0 },
	{ "gfx11", PACKET3_INDIRECT_BUFFER, 0x00100000, 0x40800040, 0, 0, 0, 0, 0, 0, 0 },
};

static void test_ib_rules(void)
{
	static struct tu_asm out;
	for (size_t i = 0; i < sizeof ib_cases / sizeof ib_cases[0]; i++) {
		const struct ib_case *c = &ib_cases[i];
		const struct gk_format *fmt = tu_fmt(c->gpu);
		const uint32_t w[4] = { PACKET3(c->op, 2), c->lo, 0, c->control };
		struct tu_check r;
		tu_check(fmt, w, 4, &r);
		const struct gk_diag *d = r.n ? &r.d[0] : NULL;
		if (d && c->code && d->code != c->code && r.n > 1)
			d = &r.d[1];
		CHECK(r.errors == c->errors && r.warnings == c->warnings, "IB case %zu (%s %08x %08x): %u errors, %u warnings:%s",
		      i, c->gpu, c->lo, c->control, r.errors, r.warnings, tu_diags_str(&r));
		if (c->code)
			CHECK(d && d->code == c->code && d->dw == c->dw && d->lo == c->bitlo && d->hi == c->bithi &&
				      (!c->says || strstr(d->message, c->says)),
			      "IB case %zu (%s %08x %08x): want code %d at dw%d[%d:%d] saying '%s';%s", i, c->gpu, c->lo,
			      c->control, (int)c->code, c->dw, c->bithi, c->bitlo, c->says ? c->says : "", tu_diags_str(&r));
		tu_decode(fmt, w, 4, false, textbuf, sizeof textbuf);
		unsigned errs = tu_assemble(fmt, textbuf, &out);
		CHECK(errs == 0 && out.n == 4 && !memcmp(out.w, w, sizeof w), "IB case %zu (%s): '%s' does not encode back",
		      i, c->gpu, textbuf);
	}
	/* what the bits read as */
	tu_expect_decode("gfx8 IB swap", tu_fmt("gfx8"), W(PACKET3(PACKET3_INDIRECT_BUFFER, 2), 0x00100002, 0, 0x00600040),
			 "INDIRECT_BUFFER IB_BASE=0x100000 SWAP=8IN32 IB_SIZE=64 PRE_ENA=1 TCL2_VOLATILE=1 VALID=0 VMID=0 "
			 "CACHE_POLICY=0");
	tu_expect_decode("gfx11 IB user queue", tu_fmt("gfx11"),
			 W(PACKET3(PACKET3_INDIRECT_BUFFER, 2), 0x00100000, 0, 0x00400040),
			 "INDIRECT_BUFFER IB_BASE=0x100000 IB_SIZE=64 CHAIN=0 PRE_ENA=0 INHERIT_VMID_MQD_GFX=1 VALID=0 VMID=0 "
			 "CACHE_POLICY=0 PRE_RESUME=0 PRIV=0");
	tu_expect_decode("gfx6 IB chain", tu_fmt("gfx6"), W(PACKET3(PACKET3_INDIRECT_BUFFER, 2), 0x00100000, 0, 0x00100040),
			 "INDIRECT_BUFFER IB_BASE=0x100000 SWAP=NONE IB_SIZE=64 CHAIN=1 VMID=0");
}

/* A stream of the common packets on every generation: decode -> encode is
 * the identity */
static void test_streams(void)
{
	static const char *const gens[] = { "gfx6", "gfx7", "gfx8", "gfx81", "gfx9", "gfx10", "gfx10.3", "gfx11",
					    "gfx11.5", "gfx12" };
	const uint32_t w[] = {
		PACKET3(PACKET3_CONTEXT_CONTROL, 1), 0x80000000, 0x80000000,
		PACKET3(PACKET3_CLEAR_STATE, 0), 0,
		PACKET3(PACKET3_SET_CONTEXT_REG, 2), 0x000000a0, 0x00000004, 0x00200020,
		PACKET3(PACKET3_SET_SH_REG, 1), 0x0000020c, 0x00402022,
		PACKET3(PACKET3_SET_CONFIG_REG, 1), 0x00000256, 0x00000002,
		PACKET3(PACKET3_NUM_INSTANCES, 0), 1,
		PACKET3(PACKET3_DRAW_INDEX_AUTO, 1), 3, 2,
		PACKET3_COMPUTE(PACKET3_DISPATCH_DIRECT, 3), 4, 2, 1, 1,
		PACKET3(PACKET3_EVENT_WRITE, 0), 0x00000407,
		PACKET3(PACKET3_WAIT_REG_MEM, 5), 0x00000013, 0x00401000, 0, 1, 0xffffffff, 4,
		PACKET3(PACKET3_INDIRECT_BUFFER, 2), 0x00100000, 0x00000001, 0x00000040,
		PACKET3(PACKET3_WRITE_DATA, 3), 0x00100500, 0x00401000, 0, 5,
		PACKET3(PACKET3_NOP, 0x3FFF), PACKET3(PACKET3_NOP, 0x3FFF),
		PACKET3(PACKET3_NOP, 1), 0, 0,
		0x80000000, /* type-2 filler */
		PACKET3(0xFE, 0), 9, /* an opcode no generation defines */
	};
	size_t n = sizeof w / sizeof w[0];
	static struct tu_asm r;
	for (size_t g = 0; g < sizeof gens / sizeof gens[0]; g++) {
		const struct gk_format *fmt = tu_fmt(gens[g]);
		unsigned npk = tu_decode(fmt, w, n, false, textbuf, sizeof textbuf);
		CHECK(npk == 17, "%s: %u packets", gens[g], npk);
		CHECK(strstr(textbuf, "NOP_PAD\nNOP_PAD\n") != NULL, "%s: pads", gens[g]);
		unsigned errs = tu_assemble(fmt, textbuf, &r);
		CHECK(errs == 0 && r.n == n && memcmp(r.w, w, sizeof w) == 0, "%s: decode -> encode differs (%u errors: %s)",
		      gens[g], errs, tu_asm_first(&r));
	}
}

/* Register pairs name their registers from the packet's space: JSON lists
 * them as register writes, and the assembler refuses a name the space does
 * not hold, saying why. */
static void test_reg_pairs(void)
{
	const struct gk_format *fmt = tu_fmt("gfx11");
	static const uint32_t packed[] = { PACKET3(PACKET3_SET_CONTEXT_REG_PAIRS_PACKED, 3), 0x00000002, 0x00a100a0,
					   0x00000004, 0x00000005 };
	struct gk_packet pkt;
	gk_packet_frame(fmt, packed, 5, 0, &pkt);
	char buf[4096];
	struct gk_out o = GK_OUT_INIT(buf, sizeof buf - 1, NULL, NULL);
	gk_json_packet(fmt, &pkt, NULL, 0, &o);
	buf[o.len] = 0;
	CHECK(strstr(buf, ",\"registers\":[{\"offset\":164480,\"name\":\"PA_SC_VPORT_SCISSOR_6_TL\",\"value\":4,"
			  "\"fields\":{\"TL_X\":4,\"TL_Y\":0,\"WINDOW_OFFSET_DISABLE\":0},\"enums\":{}},"
			  "{\"offset\":164484,\"name\":\"PA_SC_VPORT_SCISSOR_6_BR\",\"value\":5,") != NULL,
	      "pairs as register writes in JSON: %s", buf);

	static const struct {
		const char *text, *at, *says;
	} bad[] = {
		{ "SET_CONTEXT_REG_PAIRS\n    REG_OFFSET=COMPUTE_PGM_LO REG_VALUE=0x1", "COMPUTE_PGM_LO",
		  "COMPUTE_PGM_LO (0x0b830) is outside the context register space 0x28000..0x" },
		{ "SET_SH_REG_PAIRS_PACKED REG_COUNT=2\n    REG_OFFSET0=DB_RENDER_CONTROL REG_OFFSET1=0x20d REG_VALUE0=0 REG_VALUE1=0",
		  "DB_RENDER_CONTROL", "outside the sh register space" },
		{ "SET_CONTEXT_REG_PAIRS\n    REG_OFFSET=NO_SUCH_REG REG_VALUE=0x1", "NO_SUCH_REG",
		  "gfx11 has no register 'NO_SUCH_REG'" },
		{ "CONTEXT_REG_RMW REG_OFFSET=SPI_SHADER_PGM_LO_PS REG_MASK=1 REG_DATA=1", "SPI_SHADER_PGM_LO_PS",
		  "outside the context register space" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct tu_asm r;
		tu_assemble(fmt, bad[i].text, &r);
		uint32_t line = strchr(bad[i].text, '\n') ? 2 : 1;
		tu_expect_syntax_error("register pair", bad[i].text, &r, line, bad[i].at, bad[i].says);
	}
}

int main(void)
{
	test_names();
	test_reg_pairs();
	test_nop_pad();
	const struct gk_format *any = tu_fmt("gfx9");
	bool *covered = calloc(any->ndescs, sizeof *covered);
	if (!covered)
		return 2;
	test_vectors(covered, any);
	test_body_only(covered, any);
	for (size_t i = 0; i < any->ndescs; i++) {
		const struct gk_packet_desc *d = &any->descs[i];
		if (d->gens && !(d->gens & ~GK_PM4_GCN) && d != gk_pm4_nop_pad)
			CHECK(covered[i], "GFX6+ description %zu %s (opcode 0x%02x, gens 0x%x) has no vector", i, d->name,
			      d->opcode, d->gens);
	}
	covered[gk_pm4_nop_pad - any->descs] = true;
	free(covered);
	test_streams();
	test_rules();
	test_ib_rules();
	return tl_done();
}
