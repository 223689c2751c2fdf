/* PM4 packet vectors in both directions, seed 001 §9 (plus the kernel-header
 * packets of src/pm4/pm4_tab.c).
 *
 * One table: each row is a generation, the dwords of one packet and the text
 * the printer must write for them; decode(words) == text and
 * encode(text) == words.  The dwords are computed by hand from the seed's bit
 * layouts (header: TYPE[31:30]=3, COUNT[29:16]=ndw-2, IT_OPCODE[15:8],
 * SHADER_TYPE[1], PREDICATE[0]), never from the library, so a wrong table
 * row shows up here.  Every description in the table must be explained by at
 * least one row on a generation that has it.  Then: encoder conveniences
 * (field order, omitted fields, COUNT), encoder errors with line and column,
 * and a property test (random fields -> encode -> decode -> encode). */
#include <stdarg.h>

#include "pm4_testutil.h"

struct vec {
	const char *gpu;
	const uint32_t *w;
	size_t n;
	const char *text; /* without offset labels and without the final newline */
};

static const struct vec vecs[] = {
	/* §9.1.1 type-0: COUNT[29:16] = registers - 1, BASE_INDEX[15:0] = dword address */
	{ "evergreen", W(0x00012010, 0x00508000, 0x00000007),
	  "PACKET0 BASE_INDEX=0x2010\n"
	  "    0x08040 WAIT_UNTIL <- WAIT_3D_IDLE=1 CMDFIFO_ENTRIES=5\n"
	  "    0x08044 <- 0x00000007" },
	{ "r600", W(0x00002008, 0x00000001),
	  "PACKET0 BASE_INDEX=0x2008\n"
	  "    0x08020 GRBM_SOFT_RESET <- SOFT_RESET_CP=1" },
	/* §9.1.2 type-1 (unsupported, one dword) and §9.1.3 type-2 filler */
	{ "evergreen", W(0x40001234), "PACKET1 BITS=0x1234" },
	{ "evergreen", W(0x80000000), "PACKET2" },
	{ "r700", W(0x80000005), "PACKET2 PAD=0x5" },
	/* §9.1.4 type-3 with an opcode no generation defines */
	{ "evergreen", W(0xc001ff00, 0x00000001, 0x00000002),
	  "PACKET3 IT_OPCODE=0xff\n"
	  "    BODY 0x00000001 0x00000002" },
	{ "r600", W(0xc0000103, 0x00000abc),
	  "PACKET3 PREDICATE=1 SHADER_TYPE=COMPUTE IT_OPCODE=0x1\n"
	  "    BODY 0x00000abc" },
	/* a packet of another generation keeps its name (DISPATCH_DIRECT is Evergreen+) */
	{ "r600", W(0xc0031502, 16, 8, 4, 1), "DISPATCH_DIRECT SHADER_TYPE=COMPUTE DIM_X=16 DIM_Y=8 DIM_Z=4 DISPATCH_INITIATOR=0x1" },
	/* header flags on a known packet; reserved header bits 7:2 shown raw and kept */
	{ "evergreen", W(0xc0012d01, 3, 2), "DRAW_INDEX_AUTO PREDICATE=1 INDEX_COUNT=3 DRAW_INITIATOR=0x2 ; DRAW_INITIATOR: SOURCE_SELECT=2" },
	{ "evergreen", W(0xc00010fc, 0), "NOP dw0|=0x000000fc\n    DATA_BLOCK 0x00000000" },
	/* enum values without a name are numbers */
	{ "evergreen", W(0xc0044700, 0x53f, 0x4, 0xc0000000, 0, 0),
	  "EVENT_WRITE_EOP EVENT_TYPE=63 EVENT_INDEX=TS DATA_SEL=6 INT_SEL=NONE ADDRESS=0x4 DATA_LO=0x0 DATA_HI=0x0" },
	/* a truncated last packet is raw words */
	{ "evergreen", W(0xc0034700, 0x00000514), ".long 0xc0034700 0x00000514" },

	/* §9.2.1 ME_INITIALIZE: dw3 MAX_CONTEXT[2:0]; dw4 DEV_ID[23:16] SWAP[1:0];
	 * dw5 HEADER_DUMP_BASE[31:4] = address[39:12], SWAP[1:0]; dw6 ENABLE[31] SIZE[29:0] */
	{ "r600", W(0xc0054400, 0x00000001, 0x00000000, 0x00000007, 0x005a0002, 0xabcdef13, 0x80001000),
	  "ME_INITIALIZE DEFAULT_RESET_CONTROL=1 MAX_CONTEXT=7 DEV_ID=0x5a EXTERNAL_MEM_SWAP=8IN32 "
	  "HEADER_DUMP_BASE=0xabcdef1000 HEADER_DUMP_SWAP=8IN64 HEADER_DUMP_ENABLE=1 HEADER_DUMP_SIZE=4096" },
	/* §9.2.2 PREAMBLE_CNTL: CMD[31:28] */
	{ "r700", W(0xc0004a00, 0x10000000), "PREAMBLE_CNTL CMD=END_PREAMBLE" },
	{ "evergreen", W(0xc0004a00, 0x20000000), "PREAMBLE_CNTL CMD=BEGIN_CLEAR_STATE" },

	/* §9.3.1 INDIRECT_BUFFER: dw1 [31:2] address, [1:0] swap; dw2 [7:0]; dw3 VMID[31:24] (Cayman) IB_SIZE[19:0] */
	{ "cayman", W(0xc0023200, 0x34567892, 0x00000012, 0x05000100),
	  "INDIRECT_BUFFER IB_BASE=0x1234567890 SWAP=8IN32 IB_SIZE=256 VMID=5" },
	/* before Cayman, VMID bits are nobody's: shown raw and kept */
	{ "evergreen", W(0xc0023200, 0x34567892, 0x00000012, 0x05000100),
	  "INDIRECT_BUFFER IB_BASE=0x1234567890 SWAP=8IN32 IB_SIZE=256 dw3|=0x05000000" },
	/* §9.3.2 DRAW_INDEX: byte address in place (see the report: the seed's "[30:0] = [31:1]") */
	{ "evergreen", W(0xc0032b00, 0x23456782, 0x00000001, 0x000003e8, 0x00000004),
	  "DRAW_INDEX INDEX_BASE=0x123456782 INDEX_COUNT=1000 DRAW_INITIATOR=0x4 ; DRAW_INITIATOR: MAJOR_MODE=1" },
	/* §9.3.3 */
	{ "r700", W(0xc0042700, 0x00010000, 0x00001002, 0x000000ff, 0x00000003, 0x00000004),
	  "DRAW_INDEX_2 MAX_SIZE=65536 INDEX_BASE=0xff00001002 INDEX_COUNT=3 DRAW_INITIATOR=0x4 ; DRAW_INITIATOR: MAJOR_MODE=1" },
	/* §9.3.4 */
	{ "r600", W(0xc0012d00, 36, 0x2), "DRAW_INDEX_AUTO INDEX_COUNT=36 DRAW_INITIATOR=0x2 ; DRAW_INITIATOR: SOURCE_SELECT=DI_SRC_SEL_AUTO_INDEX" },
	/* §9.3.5: indices from dw3 */
	{ "evergreen", W(0xc0032e00, 4, 0x1, 0x00010000, 0x00030002),
	  "DRAW_INDEX_IMMED INDEX_COUNT=4 DRAW_INITIATOR=0x1 ; DRAW_INITIATOR: SOURCE_SELECT=1\n"
	  "    INDICES 0x00010000 0x00030002" },
	/* §9.3.6 (R7xx+); 0x29 is DRAW_INDEX_IMMD_BE on R6xx */
	{ "r700", W(0xc0022900, 100, 200, 0x10), "DRAW_INDEX_OFFSET INDEX_OFFSET=100 INDEX_COUNT=200 DRAW_INITIATOR=0x10 ; DRAW_INITIATOR: SPRITE_EN=1" },
	{ "r600", W(0xc0002900, 0x12345678), "DRAW_INDEX_IMMD_BE\n    BODY 0x12345678" },
	/* §9.3.7 */
	{ "cayman", W(0xc0033500, 0xffff, 7, 9, 3), "DRAW_INDEX_OFFSET_2 MAX_SIZE=65535 INDEX_OFFSET=7 INDEX_COUNT=9 DRAW_INITIATOR=0x3 ; DRAW_INITIATOR: SOURCE_SELECT=3" },
	/* §9.3.8 */
	{ "r700", W(0xc0012600, 0x12345676, 0x000000ab), "INDEX_BASE INDEX_BASE=0xab12345676" },
	/* §9.3.9: INDEX_TYPE[0], SWAP_MODE[3:2] */
	{ "evergreen", W(0xc0002a00, 0x00000005), "INDEX_TYPE INDEX_TYPE=INDEX_32 SWAP_MODE=8IN16" },
	/* §9.3.10 */
	{ "cayman", W(0xc0002f00, 3), "NUM_INSTANCES NUM_INSTANCES=3" },
	/* §9.3.11: NUM_INDICES[13:0], DRAW_INITIATOR, then one first index per rect */
	{ "r700", W(0xc0033a00, 6, 0x11, 0x10, 0x20),
	  "MPEG_INDEX NUM_INDICES=6 DRAW_INITIATOR=0x11 ; DRAW_INITIATOR: SOURCE_SELECT=DI_SRC_SEL_IMMEDIATE SPRITE_EN=1\n"
	  "    INDICES 0x00000010 0x00000020" },
	/* §9.3.12, §9.3.13: SHADER_TYPE (header bit 1) = compute */
	{ "evergreen", W(0xc0031502, 16, 8, 4, 1), "DISPATCH_DIRECT SHADER_TYPE=COMPUTE DIM_X=16 DIM_Y=8 DIM_Z=4 DISPATCH_INITIATOR=0x1" },
	{ "cayman", W(0xc0011602, 0x100, 0x1), "DISPATCH_INDIRECT SHADER_TYPE=COMPUTE DATA_OFFSET=0x100 DISPATCH_INITIATOR=0x1" },

	/* §9.4.1-§9.4.3 */
	{ "evergreen", W(0xc0001200, 0), "CLEAR_STATE" },
	{ "cayman", W(0xc0001402, 0), "DEALLOC_STATE SHADER_TYPE=COMPUTE" },
	{ "evergreen", W(0xc0001800, 1), "MODE_CONTROL CMD=RESET_DX9_CONST_EMULATION" },
	/* §9.4.4: bit 0 config, 1 context, 5 resources, 6 samplers, 12 CS samplers, 31 DW enable */
	{ "r600", W(0xc0012800, 0x80001003, 0x80100060),
	  "CONTEXT_CONTROL LOAD_CONTROL=CONFIG_REG|CONTEXT_REG|CS_SAMPLER|DW_ENABLE "
	  "SHADOW_ENABLE=RESOURCE|SAMPLER|DW_ENABLE|0x100000" },
	/* §9.4.5-§9.4.12 LOAD_*: dw1 [31:2], dw2 [7:0] (WAIT_FOR_IDLE[31] for config), (offset, count) pairs */
	{ "r700", W(0xc0056000, 0x34567000, 0x80000012, 0x10, 4, 0x20, 0x3fff),
	  "LOAD_CONFIG_REG BASE_ADDR=0x1234567000 WAIT_FOR_IDLE=1\n"
	  "    REG_OFFSET=WAIT_UNTIL NUM_DWORDS=4\n"
	  "    REG_OFFSET=0x20 NUM_DWORDS=16383" },
	{ "evergreen", W(0xc0036100, 0xdcba9870, 0xfe, 0x5, 0x7),
	  "LOAD_CONTEXT_REG BASE_ADDR=0xfedcba9870\n"
	  "    REG_OFFSET=DB_HTILE_DATA_BASE NUM_DWORDS=7" },
	/* §9.4.6: [31:9] = address[39:17], [0] COMPLETE_UPDATE */
	{ "cayman", W(0xc0006200, 0x12345601), "LOAD_ALU_CONST ALU_CONST_BASE=0x1234560000 COMPLETE_UPDATE=1" },
	{ "r700", W(0xc0036300, 0x100, 0, 1, 2),
	  "LOAD_BOOL_CONST BASE_ADDR=0x100\n"
	  "    CONST_OFFSET=0x1 NUM_DWORDS=2" },
	{ "evergreen", W(0xc0036400, 0x4, 0x3, 0, 0),
	  "LOAD_LOOP_CONST BASE_ADDR=0x300000004\n"
	  "    CONST_OFFSET=0x0 NUM_DWORDS=0" },
	{ "cayman", W(0xc0056500, 0x2000, 0, 0x8, 0x10, 0x40, 0x8),
	  "LOAD_RESOURCE BASE_ADDR=0x2000\n"
	  "    CONST_OFFSET=0x8 NUM_DWORDS=16\n"
	  "    CONST_OFFSET=0x40 NUM_DWORDS=8" },
	{ "r700", W(0xc0036600, 0x4000, 0, 3, 3),
	  "LOAD_SAMPLER BASE_ADDR=0x4000\n"
	  "    CONST_OFFSET=0x3 NUM_DWORDS=3" },
	{ "evergreen", W(0xc0036700, 0x8000, 0, 0xffff, 1),
	  "LOAD_CTL_CONST BASE_ADDR=0x8000\n"
	  "    CONST_OFFSET=0xffff NUM_DWORDS=1" },
	/* §9.4.13-§9.4.19 SET_*: dw1 [15:0] dword offset from the space start, then data */
	{ "evergreen", W(0xc0016800, 0x10, 0x8000),
	  "SET_CONFIG_REG REG_OFFSET=0x10\n"
	  "    0x08040 WAIT_UNTIL <- WAIT_3D_IDLE=1" },
	{ "evergreen", W(0xc0026900, 0x0, 0x1000, 0x102),
	  "SET_CONTEXT_REG REG_OFFSET=0x0\n"
	  "    0x28000 DB_RENDER_CONTROL <- COLOR_DISABLE=1\n"
	  "    0x28004 DB_COUNT_CONTROL <- PERFECT_ZPASS_COUNTS=1 0x00000100" },
	{ "r600", W(0xc0016900, 0x0, 0x00000c07),
	  "SET_CONTEXT_REG REG_OFFSET=0x0\n"
	  "    0x28000 DB_DEPTH_SIZE <- PITCH_TILE_MAX=0x7 SLICE_TILE_MAX=0x3" },
	{ "r600", W(0xc0026a00, 0x0, 0x3f800000, 0x40000000),
	  "SET_ALU_CONST CONST_OFFSET=0x0\n"
	  "    0x30000 SQ_ALU_CONSTANT0_0 <- X=0x3f800000\n"
	  "    0x30004 SQ_ALU_CONSTANT1_0 <- Y=0x40000000" },
	{ "evergreen", W(0xc0016a00, 0x10, 0x3f800000),
	  "SET_ALU_CONST CONST_OFFSET=0x10\n"
	  "    CONST_DATA 0x3f800000" },
	{ "evergreen", W(0xc0016b00, 0x1, 0xffffffff),
	  "SET_BOOL_CONST CONST_OFFSET=0x1\n"
	  "    0x3a504 <- 0xffffffff" },
	{ "evergreen", W(0xc0016c00, 0x0, 0x01020304),
	  "SET_LOOP_CONST CONST_OFFSET=0x0\n"
	  "    0x3a200 SQ_LOOP_CONST_0 <- 0x01020304" },
	{ "r600", W(0xc0016c00, 0x0, 0x0000001f),
	  "SET_LOOP_CONST CONST_OFFSET=0x0\n"
	  "    0x3e200 SQ_LOOP_CONST_0 <- 0x0000001f" },
	/* 7 dwords per resource on R6xx/R7xx, 8 on Evergreen+ */
	{ "r700", W(0xc0076d00, 0x0, 0, 0, 0x00100000, 0, 0, 0, 0x80000000),
	  "SET_RESOURCE CONST_OFFSET=0x0\n"
	  "    0x38000 SQ_TEX_RESOURCE_WORD0_0 <- 0\n"
	  "    0x38004 SQ_TEX_RESOURCE_WORD1_0 <- 0\n"
	  "    0x38008 RESOURCE0_WORD2 <- BASE_ADDRESS=0x100000\n"
	  "    0x3800c RESOURCE0_WORD3 <- 0\n"
	  "    0x38010 SQ_TEX_RESOURCE_WORD4_0 <- 0\n"
	  "    0x38014 SQ_TEX_RESOURCE_WORD5_0 <- 0\n"
	  "    0x38018 RESOURCE0_WORD6 <- TYPE=2" },
	{ "evergreen", W(0xc0086d00, 0x0, 0, 0, 0x00200000, 0, 0, 0, 0, 0),
	  "SET_RESOURCE CONST_OFFSET=0x0\n"
	  "    0x30000 SQ_TEX_RESOURCE_WORD0_0 <- 0\n"
	  "    0x30004 SQ_TEX_RESOURCE_WORD1_0 <- 0\n"
	  "    0x30008 SQ_TEX_RESOURCE_WORD2_0 <- BASE_ADDRESS=0x200000\n"
	  "    0x3000c SQ_TEX_RESOURCE_WORD3_0 <- 0\n"
	  "    0x30010 SQ_TEX_RESOURCE_WORD4_0 <- 0\n"
	  "    0x30014 SQ_TEX_RESOURCE_WORD5_0 <- 0\n"
	  "    0x30018 SQ_TEX_RESOURCE_WORD6_0 <- 0\n"
	  "    0x3001c SQ_TEX_RESOURCE_WORD7_0 <- 0" },
	{ "evergreen", W(0xc0036e00, 0x0, 0x0, 0x003ff000, 0x80000000),
	  "SET_SAMPLER CONST_OFFSET=0x0\n"
	  "    0x3c000 SQ_TEX_SAMPLER_WORD0_0 <- 0\n"
	  "    0x3c004 SQ_TEX_SAMPLER_WORD1_0 <- MAX_LOD=0x3ff\n"
	  "    0x3c008 SQ_TEX_SAMPLER_WORD2_0 <- TYPE=1" },
	{ "cayman", W(0xc0026f00, 0x0, 0x10, 0x20),
	  "SET_CTL_CONST CONST_OFFSET=0x0\n"
	  "    0x3cff0 SQ_VTX_BASE_VTX_LOC <- 0x00000010\n"
	  "    0x3cff4 SQ_VTX_START_INST_LOC <- 0x00000020" },

	/* §9.5.1 COND_EXEC: dw1 [31:2], dw2 [7:0], dw3 EXEC_COUNT[13:0] */
	{ "evergreen", W(0xc0022200, 0x00001000, 0x12, 16), "COND_EXEC BOOL_ADDR=0x1200001000 EXEC_COUNT=16" },
	/* §9.5.2 COND_WRITE: WRITE_SPACE[8] POLL_SPACE[4] FUNCTION[2:0]; memory: [31:2]+swap / [7:0];
	 * register: [15:0] dword address, next dword don't care */
	{ "r700", W(0xc0074500, 0x115, 0x00002002, 0x34, 0xaabbccdd, 0xffff0000, 0x00003001, 0x56, 0xcafe),
	  "COND_WRITE FUNCTION=GREATER_EQUAL POLL_SPACE=MEMORY WRITE_SPACE=MEMORY POLL_ADDRESS=0x3400002000 "
	  "POLL_SWAP=8IN32 REFERENCE=0xaabbccdd MASK=0xffff0000 WRITE_ADDRESS=0x5600003000 WRITE_SWAP=8IN16 "
	  "WRITE_DATA=0xcafe" },
	{ "evergreen", W(0xc0074500, 0x4, 0x2010, 0x0, 0x1, 0xff, 0xa000, 0x12345678, 0x1000),
	  "COND_WRITE FUNCTION=NOT_EQUAL POLL_SPACE=REGISTER WRITE_SPACE=REGISTER POLL_REG=WAIT_UNTIL "
	  "REFERENCE=0x1 MASK=0xff WRITE_REG=DB_RENDER_CONTROL WRITE_ADDRESS_HI=0x12345678 WRITE_DATA=0x1000" },
	/* §9.5.3: dw1 [31:4]; dw2 CONTINUE[31] PRED_OP[18:16] HINT[12] BOOLEAN[8] ADDR_HI[7:0] */
	{ "cayman", W(0xc0012000, 0x12345670, 0x8001117f),
	  "SET_PREDICATION START_ADDR=0x7f12345670 CONTINUE=1 PRED_OP=ZPASS HINT=1 PREDICATION_BOOLEAN=DRAW_IF_VISIBLE" },
	/* §9.5.4: DEVICE_SELECT[31:24] EXEC_COUNT[13:0] */
	{ "r600", W(0xc0002300, 0x03000005), "PRED_EXEC DEVICE_SELECT=0x3 EXEC_COUNT=5" },

	/* §9.6.1 EVENT_WRITE: EVENT_INDEX[11:8] EVENT_TYPE[5:0]; address dwords for indices 1-3 */
	{ "evergreen", W(0xc0004600, 0x16), "EVENT_WRITE EVENT_TYPE=CACHE_FLUSH_AND_INV_EVENT EVENT_INDEX=OTHER" },
	{ "r700", W(0xc0024600, 0x115, 0x00001008, 0x9a),
	  "EVENT_WRITE EVENT_TYPE=ZPASS_DONE EVENT_INDEX=ZPASS_DONE ADDRESS=0x9a00001008" },
	/* address dwords without an index that takes them: extra words, kept */
	{ "evergreen", W(0xc0024600, 0x16, 0x1000, 0x0),
	  "EVENT_WRITE EVENT_TYPE=CACHE_FLUSH_AND_INV_EVENT EVENT_INDEX=OTHER\n"
	  "    EXTRA 0x00001000 0x00000000" },
	/* §9.6.2 EVENT_WRITE_EOP: dw2 address [31:2] (QWORD for 64-bit data), dw3 DATA_SEL[31:29]
	 * INT_SEL[25:24] ADDR_HI[7:0], dw4 DATA_LO, dw5 DATA_HI */
	{ "evergreen", W(0xc0044700, 0x514, 0x12345678, 0x410000ab, 0xdeadbeef, 0x0badf00d),
	  "EVENT_WRITE_EOP EVENT_TYPE=CACHE_FLUSH_AND_INV_TS_EVENT EVENT_INDEX=TS DATA_SEL=SEND_64BIT INT_SEL=SEND_INT "
	  "ADDRESS=0xab12345678 DATA_LO=0xdeadbeef DATA_HI=0xbadf00d" },
	{ "r600", W(0xc0044700, 0x528, 0x4, 0x22000001, 0x1, 0x0),
	  "EVENT_WRITE_EOP EVENT_TYPE=BOTTOM_OF_PIPE_TS EVENT_INDEX=TS DATA_SEL=SEND_32BIT_LOW "
	  "INT_SEL=SEND_INT_ON_CONFIRM ADDRESS=0x100000004 DATA_LO=0x1 DATA_HI=0x0" },
	/* a body shorter than the layout: COUNT is printed, the lone dword raw */
	{ "evergreen", W(0xc0014700, 0x514, 0x1000),
	  "EVENT_WRITE_EOP EVENT_TYPE=CACHE_FLUSH_AND_INV_TS_EVENT EVENT_INDEX=TS COUNT=1 dw2=0x00001000" },
	/* §9.6.3 EVENT_WRITE_EOS: dw3 CMD[31:29] ADDR_HI[7:0]; dw4 SIZE[30:16] REG_ADDR[15:0] or DATA */
	{ "evergreen", W(0xc0034800, 0x62f, 0x10, 0x40000002, 0x11223344),
	  "EVENT_WRITE_EOS EVENT_TYPE=CS_DONE EVENT_INDEX=EOS CMD=STORE_DATA ADDRESS=0x200000010 DATA=0x11223344" },
	{ "cayman", W(0xc0034800, 0x630, 0x10, 0x20000002, 0x00040010),
	  "EVENT_WRITE_EOS EVENT_TYPE=PS_DONE EVENT_INDEX=EOS CMD=STORE_GDS_DATA ADDRESS=0x200000010 SIZE=4 REG_ADDR=0x10" },
	/* §9.6.4 MEM_SEMAPHORE: dw2 SEM_SEL[31:29] CLIENT_CODE[25:24] SIGNAL_TYPE[20] USE_MAILBOX[16]
	 * WAIT_ON_SIGNAL[12] (reserved on Cayman) ADDR_HI[7:0] */
	{ "evergreen", W(0xc0013900, 0x8, 0xe2011012),
	  "MEM_SEMAPHORE ADDRESS=0x1200000008 SEM_SEL=WAIT CLIENT_CODE=DB SIGNAL_TYPE=INCREMENT USE_MAILBOX=1 "
	  "WAIT_ON_SIGNAL=1" },
	{ "cayman", W(0xc0013900, 0x100, 0xc3100000),
	  "MEM_SEMAPHORE ADDRESS=0x100 SEM_SEL=SIGNAL CLIENT_CODE=SX SIGNAL_TYPE=WRITE_ONE USE_MAILBOX=0" },
	{ "cayman", W(0xc0013900, 0x100, 0xc3101000),
	  "MEM_SEMAPHORE ADDRESS=0x100 SEM_SEL=SIGNAL CLIENT_CODE=SX SIGNAL_TYPE=WRITE_ONE USE_MAILBOX=0 "
	  "dw2|=0x00001000" },
	/* §9.6.5 */
	{ "r700", W(0xc0004200, 0xffffffff), "PFP_SYNC_ME DUMMY=0xffffffff" },
	/* §9.6.6 STRMOUT_BUFFER_UPDATE: BUFFER_SELECT[9:8] SOURCE_SELECT[2:1] UPDATE_MEMORY[0];
	 * dw4 BUFFER_OFFSET (00), don't care (01, 11) or SRC_ADDRESS_LO+swap (10) */
	{ "evergreen", W(0xc0043400, 0x201, 0x100, 0x4, 64, 0),
	  "STRMOUT_BUFFER_UPDATE UPDATE_MEMORY=1 SOURCE_SELECT=FROM_PACKET BUFFER_SELECT=2 DST_ADDRESS=0x400000100 "
	  "DST_SWAP=NONE BUFFER_OFFSET=64" },
	{ "r700", W(0xc0043400, 0x304, 0x202, 0x0, 0x303, 0x5),
	  "STRMOUT_BUFFER_UPDATE UPDATE_MEMORY=0 SOURCE_SELECT=FROM_SRC_ADDRESS BUFFER_SELECT=3 DST_ADDRESS=0x200 "
	  "DST_SWAP=8IN32 SRC_ADDRESS=0x500000300 SRC_SWAP=8IN64" },
	{ "cayman", W(0xc0043400, 0x103, 0x400, 0x0, 0x77, 0x0),
	  "STRMOUT_BUFFER_UPDATE UPDATE_MEMORY=1 SOURCE_SELECT=FROM_VGT_FILLED_SIZE BUFFER_SELECT=1 DST_ADDRESS=0x400 "
	  "DST_SWAP=NONE SRC_ADDRESS_LO=0x77" },
	{ "r600", W(0xc0043400, 0x6, 0x0, 0x0, 0x0, 0x0),
	  "STRMOUT_BUFFER_UPDATE UPDATE_MEMORY=0 SOURCE_SELECT=NONE BUFFER_SELECT=0 DST_ADDRESS=0x0 DST_SWAP=NONE" },
	/* §9.6.7 SURFACE_SYNC: ENGINE[31] (1 = ME) COHER_CNTL[28:0]; COHER_BASE = address[39:8];
	 * dw4 VMID[31:24] (Cayman) POLL_INTERVAL[15:0] */
	{ "cayman", W(0xc0034300, 0x88800040, 0xffffffff, 0x1234, 0x0300000a),
	  "SURFACE_SYNC ENGINE=ME COHER_CNTL=CB0_DEST_BASE_ENA|TC_ACTION_ENA|SH_ACTION_ENA COHER_SIZE=0xffffffff "
	  "COHER_BASE=0x123400 POLL_INTERVAL=10 VMID=3" },
	{ "r600", W(0xc0034300, 0x04100000, 0x100, 0x0, 0x4),
	  "SURFACE_SYNC ENGINE=PFP COHER_CNTL=FULL_CACHE_ENA|DB_ACTION_ENA COHER_SIZE=0x100 COHER_BASE=0x0 "
	  "POLL_INTERVAL=4" },
	/* §9.6.8 WAIT_REG_MEM: ENGINE[8] (1 = PFP) MEM_SPACE[4] FUNCTION[2:0] */
	{ "evergreen", W(0xc0053c00, 0x115, 0x1002, 0x1, 0x10, 0xffffffff, 32),
	  "WAIT_REG_MEM ENGINE=PFP MEM_SPACE=MEMORY FUNCTION=GREATER_EQUAL POLL_ADDRESS=0x100001000 SWAP=8IN32 "
	  "REFERENCE=0x10 MASK=0xffffffff POLL_INTERVAL=32" },
	{ "r600", W(0xc0053c00, 0x3, 0x2004, 0x0, 0x0, 0x80000000, 4),
	  "WAIT_REG_MEM ENGINE=ME MEM_SPACE=REGISTER FUNCTION=EQUAL POLL_REG=GRBM_STATUS REFERENCE=0x0 "
	  "MASK=0x80000000 POLL_INTERVAL=4" },

	/* §9.7.1 MEM_WRITE: dw1 [31:3] + swap; dw2 DATA32[18] WR_CONFIRM[17] CNTR_SEL[16] CNTR64_SEL[14] ADDR_HI[7:0] */
	{ "evergreen", W(0xc0033d00, 0xfffffffb, 0x000600ff, 0x12345678, 0x9abcdef0),
	  "MEM_WRITE ADDRESS=0xfffffffff8 SWAP=8IN64 DATA32=1 WR_CONFIRM=1 CNTR_SEL=DATA CNTR64_SEL=GPU_CLOCK "
	  "DATA_LO=0x12345678 DATA_HI=0x9abcdef0" },
	{ "r700", W(0xc0033d00, 0x100, 0x00014000, 0, 0),
	  "MEM_WRITE ADDRESS=0x100 SWAP=NONE DATA32=0 WR_CONFIRM=0 CNTR_SEL=COUNTER CNTR64_SEL=PERFCOUNTER "
	  "DATA_LO=0x0 DATA_HI=0x0" },
	/* §9.7.2 NOP: 8 data words per line */
	{ "evergreen", W(0xc0011000, 0xdeadbeef, 0x12345678), "NOP\n    DATA_BLOCK 0xdeadbeef 0x12345678" },
	{ "r600", W(0xc0081000, 1, 2, 3, 4, 5, 6, 7, 8, 9),
	  "NOP\n"
	  "    DATA_BLOCK 0x00000001 0x00000002 0x00000003 0x00000004 0x00000005 0x00000006 0x00000007 0x00000008\n"
	  "    DATA_BLOCK 0x00000009" },

	/* kernel-header packets with a layout from evergreen_cs.c / r600_cs.c / evergreend.h */
	{ "evergreen", W(0xc0021100, 0x1, 0x23456788, 0x1),
	  "SET_BASE BASE_INDEX=DRAW_INDEX_INDIRECT_PATCH_TABLE ADDRESS=0x123456788" },
	{ "evergreen", W(0xc0001300, 0x100), "INDEX_BUFFER_SIZE INDEX_BUFFER_SIZE=256" },
	{ "evergreen", W(0xc0012400, 0x10, 0x2), "DRAW_INDIRECT DATA_OFFSET=0x10 DRAW_INITIATOR=0x2 ; DRAW_INITIATOR: SOURCE_SELECT=2" },
	{ "cayman", W(0xc0012500, 0x20, 0x0), "DRAW_INDEX_INDIRECT DATA_OFFSET=0x20 DRAW_INITIATOR=0x0" },
	/* COPY_DW: dw1 bit 0 source is memory, bit 1 destination is memory; registers as dword indices */
	{ "evergreen", W(0xc0043b00, 0x1, 0x1000, 0x2, 0x2010, 0x0),
	  "COPY_DW SRC_SEL=MEMORY DST_SEL=REGISTER SRC_ADDRESS=0x200001000 DST_REG=WAIT_UNTIL" },
	{ "r700", W(0xc0043b00, 0x2, 0x2010, 0x0, 0x2000, 0x3),
	  "COPY_DW SRC_SEL=REGISTER DST_SEL=MEMORY SRC_REG=WAIT_UNTIL DST_ADDRESS=0x300002000" },
	/* CP_DMA (r600d.h / evergreend.h): dw2 CP_SYNC[31] SRC_SEL[30:29] ENGINE[27] DST_SEL[21:20] ADDR_HI[7:0];
	 * dw5 DAIC[29] SAIC[28] DAS[27] SAS[26] (0 = memory, 1 = register) DST_SWAP[25:24] SRC_SWAP[23:22]
	 * DIS_WC[21] BYTE_COUNT[20:0] */
	{ "evergreen", W(0xc0044100, 0x1000, 0x80000012, 0x2000, 0x34, 0x28a01000),
	  "CP_DMA SRC_SEL=SRC_ADDR SRC_ADDRESS=0x1200001000 CP_SYNC=1 ENGINE=ME DST_SEL=DST_ADDR "
	  "DST_ADDRESS=0x3400002000 DAIC=1 SAIC=0 DAS=REGISTER SAS=MEMORY DST_SWAP=NONE SRC_SWAP=8IN32 DIS_WC=1 "
	  "BYTE_COUNT=4096" },
	{ "r600", W(0xc0044100, 0x1000, 0x80000012, 0x2000, 0x34, 0x00001000),
	  "CP_DMA SRC_ADDRESS=0x1200001000 CP_SYNC=1 DST_ADDRESS=0x3400002000 DAIC=0 SAIC=0 DAS=MEMORY SAS=MEMORY "
	  "DST_SWAP=NONE SRC_SWAP=NONE BYTE_COUNT=4096" },
	/* SET_APPEND_CNT: SOURCE_SEL[1:0] WR_REG_OFFSET[31:16] */
	{ "evergreen", W(0xc0027500, 0x01cb0003, 0x1000, 0x7),
	  "SET_APPEND_CNT SOURCE_SEL=MEM WR_REG_OFFSET=0x1cb SRC_ADDRESS=0x700001000 SWAP=NONE" },
	{ "cayman", W(0xc0027500, 0x01cb0000, 0x42, 0x0), "SET_APPEND_CNT SOURCE_SEL=DATA WR_REG_OFFSET=0x1cb DATA=0x42" },

	/* kernel-header packets known by name and opcode only: the body raw */
	{ "r600", W(0xc0001700, 0x1), "INDIRECT_BUFFER_END\n    BODY 0x00000001" },
	{ "evergreen", W(0xc0002100, 0x2), "REG_RMW\n    BODY 0x00000002" },
	{ "r600", W(0xc0002400, 0x0), "START_3D_CMDBUF\n    BODY 0x00000000" },
	{ "evergreen", W(0xc0003000, 0x3), "DRAW_INDEX_MULTI_AUTO\n    BODY 0x00000003" },
	{ "cayman", W(0xc0003600, 0x4), "DRAW_INDEX_MULTI_ELEMENT\n    BODY 0x00000004" },
	{ "cayman", W(0xc0003700, 0x5), "WRITE_DATA\n    BODY 0x00000005" },
	{ "r700", W(0xc0003800, 0x6), "INDIRECT_BUFFER_MP\n    BODY 0x00000006" },
	{ "evergreen", W(0xc0004b00, 0x7), "RB_OFFSET\n    BODY 0x00000007" },
	{ "evergreen", W(0xc0004c00, 0x8), "ALU_PS_CONST_BUFFER_COPY\n    BODY 0x00000008" },
	{ "cayman", W(0xc0004d00, 0x9), "ALU_VS_CONST_BUFFER_COPY\n    BODY 0x00000009" },
	{ "evergreen", W(0xc0004e00, 0xa), "ALU_PS_CONST_UPDATE\n    BODY 0x0000000a" },
	{ "evergreen", W(0xc0004f00, 0xb), "ALU_VS_CONST_UPDATE\n    BODY 0x0000000b" },
	{ "r700", W(0xc0005700, 0xc), "ONE_REG_WRITE\n    BODY 0x0000000c" },
	{ "evergreen", W(0xc0007000, 0xd), "SET_RESOURCE_OFFSET\n    BODY 0x0000000d" },
	{ "evergreen", W(0xc0007100, 0xe), "SET_ALU_CONST_VS\n    BODY 0x0000000e" },
	{ "evergreen", W(0xc0007200, 0xf), "SET_ALU_CONST_DI\n    BODY 0x0000000f" },
	{ "r700", W(0xc0007200, 0x10), "STRMOUT_BASE_UPDATE\n    BODY 0x00000010" },
	{ "cayman", W(0xc0007300, 0x11), "SET_CONTEXT_REG_INDIRECT\n    BODY 0x00000011" },
	{ "r600", W(0xc0007300, 0x12), "SURFACE_BASE_UPDATE\n    BODY 0x00000012" },
	{ "evergreen", W(0xc0007400, 0x13), "SET_RESOURCE_INDIRECT\n    BODY 0x00000013" },
	{ "cayman", W(0xc0007a00, 0x14), "ME_WRITE\n    BODY 0x00000014" },
};

#define NVECS (sizeof vecs / sizeof vecs[0])

static char textbuf[1 << 19];
static struct tu_asm asmres;

/* decode == text, encode == words; marks the descriptions the row explains */
static void test_vectors(void)
{
	const struct gk_format *any = tu_fmt("evergreen");
	size_t ndescs = any->ndescs;
	bool *covered = calloc(ndescs, sizeof *covered);
	for (size_t i = 0; i < NVECS; i++) {
		const struct vec *v = &vecs[i];
		const struct gk_format *fmt = tu_fmt(v->gpu);
		tu_expect_row(i, v->gpu, fmt, v->w, v->n, v->text);
		size_t pos = 0;
		while (pos < v->n) {
			struct gk_packet pkt;
			gk_packet_frame(fmt, v->w + pos, v->n - pos, 4 * pos, &pkt);
			if (pkt.frame.desc && !pkt.truncated) {
				const struct gk_packet_desc *d = pkt.frame.desc;
				bool on_gen = !d->gens || (d->gens & fmt->gen_bit);
				if (on_gen || pkt.frame.type != 3)
					covered[d - fmt->descs] = true;
			}
			pos += pkt.ndw;
		}
	}
	/* GFX6+ descriptions have their vectors in test_pm4_gcn.c */
	for (size_t i = 0; i < ndescs; i++)
		CHECK(covered[i] || (any->descs[i].gens && !(any->descs[i].gens & ~GK_PM4_GCN)),
		      "description %zu %s (opcode 0x%02x, gens 0x%x) has no vector on a generation that has it", i,
		      any->descs[i].name, any->descs[i].opcode, any->descs[i].gens);
	free(covered);
}

/* Several packets: an offset label starts each packet's first line; the
 * last word is a type-0 header whose register is missing (truncated). */
static void test_stream_offsets(void)
{
	static const uint32_t w[] = { 0xc0001000, 0x0, 0x80000000, 0xc0004600, 0x16, 0x00000000 };
	const char *want = "0x00000000: NOP\n"
			   "    DATA_BLOCK 0x00000000\n"
			   "0x00000008: PACKET2\n"
			   "0x0000000c: EVENT_WRITE EVENT_TYPE=CACHE_FLUSH_AND_INV_EVENT EVENT_INDEX=OTHER\n"
			   "0x00000014: .long 0x00000000";
	const struct gk_format *fmt = tu_fmt("evergreen");
	unsigned npk = tu_decode(fmt, w, 6, true, textbuf, sizeof textbuf);
	CHECK(npk == 4, "4 packets, got %u", npk);
	CHECK(strcmp(textbuf, want) == 0, "stream text\n  got:  %s\n  want: %s", textbuf, want);
	CHECK(tu_assemble(fmt, want, &asmres) == 0 && asmres.n == 6 && memcmp(asmres.w, w, sizeof w) == 0,
	      "stream text with labels assembles back: %s", tu_words_str(asmres.w, asmres.n));
}

/* The longest packets framing allows: COUNT = 0x3fff (16385 dwords). */
static void test_longest(void)
{
	static uint32_t w[16385];
	const struct gk_format *fmt = tu_fmt("cayman");
	for (unsigned k = 0; k < 2; k++) {
		w[0] = k ? 0x3fff0000u /* type 0 from register 0 */ : 0xffff1000u /* NOP */;
		for (unsigned i = 1; i < 16385; i++)
			w[i] = i * 0x9e3779b9u;
		unsigned npk = tu_decode(fmt, w, 16385, false, textbuf, sizeof textbuf);
		CHECK(npk == 1 && !strncmp(textbuf, k ? "PACKET0 BASE_INDEX=0x0\n" : "NOP\n", k ? 23 : 4),
		      "%s of 16385 dwords is one packet: %u packets, '%.40s'", k ? "PACKET0" : "NOP", npk, textbuf);
		unsigned errs = tu_assemble(fmt, textbuf, &asmres);
		CHECK(errs == 0 && asmres.n == 16385 && memcmp(asmres.w, w, sizeof w) == 0,
		      "%s of 16385 dwords assembles back: %u errors, %zu words", k ? "PACKET0" : "NOP", errs, asmres.n);
	}
}

/* encode(text) == words for texts the printer would not write */
struct enc {
	const char *gpu;
	const char *text;
	const uint32_t *w;
	size_t n;
};

static const struct enc encs[] = {
	/* fields in any order, numbers for enum values */
	{ "evergreen",
	  "EVENT_WRITE_EOP DATA_HI=0xbadf00d ADDRESS=0xab12345678 INT_SEL=SEND_INT DATA_LO=0xdeadbeef EVENT_INDEX=TS "
	  "DATA_SEL=SEND_64BIT EVENT_TYPE=CACHE_FLUSH_AND_INV_TS_EVENT",
	  W(0xc0044700, 0x514, 0x12345678, 0x410000ab, 0xdeadbeef, 0x0badf00d) },
	{ "r700",
	  "COND_WRITE WRITE_DATA=0xcafe WRITE_SWAP=1 WRITE_ADDRESS=0x5600003000 MASK=0xffff0000 REFERENCE=0xaabbccdd "
	  "POLL_SWAP=2 POLL_ADDRESS=0x3400002000 WRITE_SPACE=1 POLL_SPACE=MEMORY FUNCTION=5",
	  W(0xc0074500, 0x115, 0x00002002, 0x34, 0xaabbccdd, 0xffff0000, 0x00003001, 0x56, 0xcafe) },
	{ "evergreen", "MEM_SEMAPHORE WAIT_ON_SIGNAL=1 USE_MAILBOX=1 CLIENT_CODE=2 SEM_SEL=WAIT ADDRESS=0x1200000008",
	  W(0xc0013900, 0x8, 0xe2011012) },
	{ "r600", "CONTEXT_CONTROL SHADOW_ENABLE=0x80100060 LOAD_CONTROL=DW_ENABLE|CS_SAMPLER|0x3",
	  W(0xc0012800, 0x80001003, 0x80100060) },
	/* omitted fields are zero; conditional dwords still counted */
	{ "evergreen", "MEM_WRITE ADDRESS=0x1000", W(0xc0033d00, 0x1000, 0, 0, 0) },
	{ "evergreen", "WAIT_REG_MEM", W(0xc0053c00, 0, 0, 0, 0, 0, 0) },
	{ "r600", "ME_INITIALIZE MAX_CONTEXT=3", W(0xc0054400, 0, 0, 3, 0, 0, 0) },
	{ "evergreen", "EVENT_WRITE EVENT_TYPE=ZPASS_DONE EVENT_INDEX=ZPASS_DONE", W(0xc0024600, 0x115, 0, 0) },
	{ "evergreen", "EVENT_WRITE EVENT_TYPE=CACHE_FLUSH", W(0xc0004600, 0x06) },
	{ "cayman", "EVENT_WRITE_EOS EVENT_TYPE=CS_DONE EVENT_INDEX=EOS", W(0xc0034800, 0x62f, 0, 0, 0) },
	{ "evergreen", "DISPATCH_DIRECT DIM_X=1", W(0xc0031500, 1, 0, 0, 0) },
	/* COUNT given and agreeing */
	{ "evergreen", "NOP COUNT=1\n    DATA_BLOCK 0xdeadbeef 0x12345678", W(0xc0011000, 0xdeadbeef, 0x12345678) },
	{ "r700", "EVENT_WRITE EVENT_TYPE=ZPASS_DONE EVENT_INDEX=ZPASS_DONE ADDRESS=0x9a00001008 COUNT=2",
	  W(0xc0024600, 0x115, 0x00001008, 0x9a) },
	/* register names where addresses are, with or without the address */
	{ "evergreen", "SET_CONFIG_REG\n    WAIT_UNTIL <- WAIT_3D_IDLE=1", W(0xc0016800, 0x10, 0x8000) },
	{ "evergreen", "SET_CONFIG_REG\n    0x8040 <- 0x8000", W(0xc0016800, 0x10, 0x8000) },
	{ "evergreen", "SET_CONTEXT_REG SHADER_TYPE=COMPUTE\n    DB_RENDER_CONTROL <- COLOR_DISABLE=1\n"
		       "    DB_COUNT_CONTROL <- PERFECT_ZPASS_COUNTS=1 0x100",
	  W(0xc0026902, 0x0, 0x1000, 0x102) },
	{ "evergreen", "SET_CONFIG_REG\n    VGT_PRIMITIVE_TYPE <- PRIM_TYPE=DI_PT_POINTLIST", W(0xc0016800, 0x256, 0x1) },
	{ "evergreen", "PACKET0\n    WAIT_UNTIL <- WAIT_3D_IDLE=1 CMDFIFO_ENTRIES=5\n    0x08044 <- 7",
	  W(0x00012010, 0x00508000, 0x00000007) },
	{ "r600", "WAIT_REG_MEM MEM_SPACE=REGISTER FUNCTION=EQUAL POLL_REG=GRBM_STATUS MASK=0x80000000 POLL_INTERVAL=4",
	  W(0xc0053c00, 0x3, 0x2004, 0x0, 0x0, 0x80000000, 4) },
	{ "r600", "WAIT_REG_MEM MEM_SPACE=REGISTER FUNCTION=EQUAL POLL_REG=0x2004 MASK=0x80000000 POLL_INTERVAL=4",
	  W(0xc0053c00, 0x3, 0x2004, 0x0, 0x0, 0x80000000, 4) },
	{ "evergreen", "COPY_DW SRC_SEL=MEMORY SRC_ADDRESS=0x200001000 DST_REG=WAIT_UNTIL",
	  W(0xc0043b00, 0x1, 0x1000, 0x2, 0x2010, 0x0) },
	/* the kernel spelling of DRAW_INDEX_IMMED */
	{ "evergreen", "DRAW_INDEX_IMMD INDEX_COUNT=4 DRAW_INITIATOR=0x1\n    INDICES 0x00010000 0x00030002",
	  W(0xc0032e00, 4, 0x1, 0x00010000, 0x00030002) },
	/* labels, comments and blank lines */
	{ "evergreen", "; a fence\n\n0x100: NOP ; nothing\n    DATA_BLOCK 1, 2 # two words\nPACKET2",
	  W(0xc0011000, 1, 2, 0x80000000) },
};

static void test_encode_forms(void)
{
	for (size_t i = 0; i < sizeof encs / sizeof encs[0]; i++) {
		const struct enc *e = &encs[i];
		char what[48];
		snprintf(what, sizeof what, "form %zu (%s)", i, e->gpu);
		tu_expect_encode(what, tu_fmt(e->gpu), e->text, e->w, e->n);
	}
}

/* Encoder errors: a GK_D_SYNTAX diagnostic at the given line and column
 * (col 0: the column of the first occurrence of `at` on that line, + 1). */
struct bad {
	const char *gpu;
	const char *text;
	uint32_t line;
	const char *at;   /* text the column points at (first occurrence on the line) */
	const char *why;
};

static const struct bad bads[] = {
	{ "evergreen", "NOP\n0x10: FOO_BAR X=1", 2, "FOO_BAR", "unknown packet" },
	{ "evergreen", "FROB", 1, "FROB", "unknown packet" },
	{ "evergreen", "EVENT_WRITE EVENT_TYPE=CACHE_FLUSH BOGUS=1", 1, "BOGUS", "unknown field" },
	{ "evergreen", "NOP\nMEM_WRITE ADDRESS=0x1000\n    DATA=5", 3, "DATA", "unknown field on a continuation line" },
	{ "evergreen", "INDEX_TYPE INDEX_TYPE=INDEX_64", 1, "INDEX_64", "bad enum value" },
	{ "evergreen", "EVENT_WRITE EVENT_TYPE=NOT_AN_EVENT", 1, "NOT_AN_EVENT", "bad enum value" },
	{ "evergreen", "INDEX_TYPE SWAP_MODE=4", 1, "4", "value too wide" },
	{ "r600", "ME_INITIALIZE MAX_CONTEXT=8", 1, "8", "value too wide" },
	{ "cayman", "INDIRECT_BUFFER IB_BASE=0x10000000000", 1, "0x10000000000", "address too wide" },
	{ "evergreen", "SET_CONTEXT_REG\n    0x28000 <- 0\n    0x28008 <- 0", 3, "0x28008", "non-consecutive registers" },
	{ "evergreen", "SET_CONTEXT_REG\n    DB_RENDER_CONTROL <- 0\n    DB_RENDER_CONTROL <- 0", 3, "DB_RENDER_CONTROL",
	  "non-consecutive registers (the same one twice)" },
	{ "evergreen", "SET_CONTEXT_REG\n    NOT_A_REGISTER <- 0", 2, "NOT_A_REGISTER", "unknown register" },
	{ "evergreen", "WAIT_REG_MEM POLL_REG=NOT_A_REGISTER", 1, "NOT_A_REGISTER", "unknown register in a field" },
	{ "evergreen", "SET_CONTEXT_REG\n    0x28000 DB_COUNT_CONTROL <- 0", 2, "0x28000", "name and address disagree" },
	{ "evergreen", "SET_CONTEXT_REG\n    DB_RENDER_CONTROL <- NO_SUCH_FIELD=1", 2, "NO_SUCH_FIELD",
	  "unknown register field" },
	{ "evergreen", "NOP COUNT=5\n    DATA_BLOCK 0x1", 1, "COUNT", "COUNT disagrees with the data" },
	{ "evergreen", "EVENT_WRITE EVENT_TYPE=CACHE_FLUSH EVENT_INDEX=OTHER COUNT=2", 1, "COUNT",
	  "COUNT larger than the layout" },
	{ "evergreen", "MEM_WRITE ADDRESS=0x1000 DATA_HI=5 COUNT=1", 1, "COUNT", "COUNT cuts off given fields" },
	{ "evergreen", "NOP COUNT=0x4000", 1, "COUNT", "COUNT wider than 14 bits" },
	{ "evergreen", "NOP\n    DATA_BLOCK 0x100000000", 2, "0x100000000", "data word wider than 32 bits" },
	{ "evergreen", "NOP IT_OPCODE=0x11", 1, "IT_OPCODE", "framing fields come from the name" },
	{ "evergreen", "    DATA_BLOCK 1", 1, "DATA_BLOCK", "indented line outside a packet" },
	{ "evergreen", "NOP\n    0x28000 <- 0", 2, "<-", "register write in a packet without registers" },
	{ "evergreen", "EVENT_WRITE EVENT_TYPE=CACHE_FLUSH ADDRESS=0x1000", 1, "ADDRESS",
	  "a field whose condition does not hold" },
	{ "evergreen", "INDIRECT_BUFFER VMID=1", 1, "VMID", "a field of a later generation" },
	/* errors found when the packet ends still point at the line of the token */
	{ "evergreen", "NOP\nEVENT_WRITE EVENT_TYPE=CACHE_FLUSH\n    ADDRESS=0x1000", 3, "ADDRESS",
	  "condition error for a field on a continuation line" },
	{ "evergreen", "NOP\n    DATA_BLOCK 1\n    COUNT=3", 3, "COUNT", "COUNT on a continuation line" },
	{ "evergreen", "SET_CONTEXT_REG\n    REG_OFFSET=0x5\n    DB_RENDER_CONTROL <- 0", 2, "REG_OFFSET",
	  "REG_OFFSET on a continuation line disagrees with the first register" },
};

static void test_encode_errors(void)
{
	for (size_t i = 0; i < sizeof bads / sizeof bads[0]; i++) {
		const struct bad *b = &bads[i];
		char what[160];
		snprintf(what, sizeof what, "bad %zu (%s)", i, b->why);
		tu_assemble(tu_fmt(b->gpu), b->text, &asmres);
		tu_expect_syntax_error(what, b->text, &asmres, b->line, b->at, NULL);
	}
	/* a bad packet is dropped, the good ones around it are still emitted */
	unsigned errs = tu_assemble(tu_fmt("evergreen"), "NOP\nINDEX_TYPE SWAP_MODE=4\nPACKET2", &asmres);
	static const uint32_t want[] = { 0xc0001000, 0x0, 0x80000000 };
	CHECK(errs == 1 && asmres.n == 3 && memcmp(asmres.w, want, sizeof want) == 0,
	      "bad packet dropped, neighbours kept: %u errors, %s", errs, tu_words_str(asmres.w, asmres.n));
}

/* ---- property: random fields -> text -> words -> text -> words ---- */

static uint64_t field_covered(const struct gk_field *f)
{
	uint64_t m = 0;
	for (unsigned s = 0; s < f->nseg; s++) {
		unsigned w = (unsigned)(f->seg[s].hi - f->seg[s].lo) + 1;
		m |= (w >= 64 ? ~0ull : ((1ull << w) - 1)) << f->seg[s].pos;
	}
	return m;
}

struct pick {
	const struct gk_field *f;
	uint64_t v;
	unsigned base; /* dword the field's dw indices count from */
};

struct gen_state {
	char text[16384];
	size_t len;
	struct pick picks[128];
	unsigned npicks;
	uint64_t *seed;
};

static void gs_add(struct gen_state *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void gs_add(struct gen_state *g, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(g->text + g->len, sizeof g->text - g->len, fmt, ap);
	va_end(ap);
	if (k > 0 && g->len + (size_t)k < sizeof g->text)
		g->len += (size_t)k;
}

static uint64_t random_value(const struct gk_format *fmt, const struct gk_field *f, uint64_t *seed)
{
	uint64_t r = tl_rand(seed);
	if (f->kind == GK_REG && (r & 1) && fmt->regs->nregs) {
		/* half the time a register that exists, so names are printed and parsed */
		uint64_t v = gk_reg_at(fmt->regs, (r >> 8) % fmt->regs->nregs)->offset / 4;
		if ((v & ~field_covered(f)) == 0)
			return v;
	}
	if ((r & 6) == 0)
		r = tl_rand(seed) & 0xf; /* small values hit the named enum entries */
	else
		r = tl_rand(seed);
	return r & field_covered(f);
}

/* Random values for the present settable fields, in table order so that
 * deciding fields are set before the fields that depend on them. */
static void random_fields(const struct gk_format *fmt, const struct gk_packet_desc *d, const struct gk_field *fields,
			  unsigned n, int skip, uint32_t *buf, size_t cap, struct gen_state *g)
{
	for (unsigned i = 0; i < n; i++) {
		const struct gk_field *f = &fields[i];
		if ((int)i == skip || f->kind == GK_CONST || f->kind == GK_OPCODE || f->kind == GK_COUNT)
			continue;
		if (!gk_field_present(fields, i, buf, cap, fmt->gen_bit))
			continue;
		uint64_t v = random_value(fmt, f, g->seed);
		if (d->hdr == fields && d->tail == GK_TAIL_DATA && d->tail_dw == 1 && !strcmp(f->name, "IT_OPCODE")) {
			/* PACKET3: an opcode no generation knows, or it decodes as that packet */
			for (unsigned tries = 0; tries < 1000 && (fmt->by_op[v & 0xff] || fmt->any_op[v & 0xff]); tries++)
				v = tl_rand(g->seed) & 0xff;
		}
		gk_field_put(f, buf, cap, v);
		g->picks[g->npicks++] = (struct pick){ f, v, 0 };
		gs_add(g, " %s=0x%llx", f->name, (unsigned long long)v);
	}
}

static void random_tail(const struct gk_format *fmt, const struct gk_packet_desc *d, uint32_t *buf, struct gen_state *g)
{
	uint64_t *seed = g->seed;
	switch (d->tail) {
	case GK_TAIL_DATA: {
		unsigned need = d->min_dw > d->tail_dw ? d->min_dw - d->tail_dw : 0;
		unsigned k = need + (unsigned)(tl_rand(seed) % 10);
		if (k) {
			gs_add(g, "\n    %s", d->tail_name);
			for (unsigned i = 0; i < k; i++)
				gs_add(g, " 0x%08x", (uint32_t)tl_rand(seed));
		}
		break;
	}
	case GK_TAIL_REGS: {
		const struct gk_field *rf = d->reg_in_hdr ? &d->hdr[d->reg_field] : &d->fields[d->reg_field];
		const struct gk_space *sp = &fmt->spaces[d->space];
		unsigned unit = d->tail_unit > 1 ? d->tail_unit : 1 + (unsigned)(tl_rand(seed) % 4);
		unsigned k = unit * (1 + (unsigned)(tl_rand(seed) % 2));
		uint64_t slots = (sp->end - sp->start) / 4;
		uint64_t maxidx = field_covered(rf);
		if (slots < k)
			break;
		if (maxidx > slots - k)
			maxidx = slots - k;
		uint64_t idx = tl_rand(seed) % (maxidx + 1);
		if (d->tail_unit > 1)
			idx -= idx % d->tail_unit;
		gk_field_put(rf, buf, 64, idx);
		g->picks[g->npicks++] = (struct pick){ rf, idx, 0 };
		gs_add(g, " %s=0x%llx", rf->name, (unsigned long long)idx);
		for (unsigned i = 0; i < k; i++) {
			uint32_t val = (uint32_t)tl_rand(seed);
			if (tl_rand(seed) & 1)
				val &= 0xff;
			gs_add(g, "\n    0x%05llx <- 0x%08x", (unsigned long long)(sp->start + 4 * (idx + i)), val);
		}
		break;
	}
	case GK_TAIL_GROUPS: {
		unsigned ng = 1 + (unsigned)(tl_rand(seed) % 3);
		for (unsigned gi = 0; gi < ng; gi++) {
			gs_add(g, "\n   ");
			for (unsigned i = 0; i < d->ngroup; i++) {
				const struct gk_field *f = &d->group[i];
				uint64_t v = random_value(fmt, f, seed);
				g->picks[g->npicks++] = (struct pick){ f, v, d->tail_dw + gi * d->group_dw };
				gs_add(g, " %s=0x%llx", f->name, (unsigned long long)v);
			}
		}
		break;
	}
	default:
		break;
	}
}

static void test_property(void)
{
	uint64_t seed = 0x5eed0001c0ffee11ull;
	unsigned iters = 0, bad = 0;
	static struct tu_asm again;
	for (unsigned gi = 0; gi < TU_NGENS; gi++) {
		const struct gk_format *fmt = tu_fmt(tu_gen_name(gi));
		for (size_t di = 0; di < fmt->ndescs; di++) {
			const struct gk_packet_desc *d = &fmt->descs[di];
			if (d->gens && !(d->gens & fmt->gen_bit))
				continue;
			for (unsigned it = 0; it < 128; it++) {
				static struct gen_state g;
				uint32_t buf[64];
				memset(buf, 0, sizeof buf);
				g.len = 0;
				g.npicks = 0;
				g.seed = &seed;
				gs_add(&g, "%s", d->name);
				int skip_hdr = d->tail == GK_TAIL_REGS && d->reg_in_hdr ? d->reg_field : -1;
				int skip_fld = d->tail == GK_TAIL_REGS && !d->reg_in_hdr ? d->reg_field : -1;
				random_fields(fmt, d, d->hdr, d->nhdr, skip_hdr, buf, 64, &g);
				random_fields(fmt, d, d->fields, d->nfields, skip_fld, buf, 64, &g);
				random_tail(fmt, d, buf, &g);
				iters++;

				unsigned errs = tu_assemble(fmt, g.text, &asmres);
				bool ok = errs == 0 && asmres.n > 0;
				/* framing by hand: type, opcode, COUNT */
				if (ok) {
					uint32_t h = asmres.w[0];
					unsigned type = h >> 30;
					if (type == 3 && d->tail_name && !strcmp(d->tail_name, "BODY") && d->opcode == 0)
						ok = ((h >> 16) & 0x3fff) == asmres.n - 2;
					else if (type == 3)
						ok = ((h >> 8) & 0xff) == d->opcode && ((h >> 16) & 0x3fff) == asmres.n - 2;
					else if (type == 0)
						ok = ((h >> 16) & 0x3fff) == asmres.n - 2;
					else
						ok = asmres.n == 1;
				}
				/* every chosen value reads back */
				for (unsigned k = 0; ok && k < g.npicks; k++) {
					const struct pick *p = &g.picks[k];
					uint64_t got = gk_field_get(p->f, asmres.w + p->base, asmres.n - p->base);
					if (got != p->v) {
						printf("FAIL %s:%d: %s on %s: field %s=0x%llx reads back 0x%llx\n  text: %s\n",
						       __FILE__, __LINE__, d->name, fmt->gen, p->f->name,
						       (unsigned long long)p->v, (unsigned long long)got, g.text);
						ok = false;
					}
				}
				struct gk_packet pkt;
				if (ok) {
					gk_packet_frame(fmt, asmres.w, asmres.n, 0, &pkt);
					ok = pkt.frame.desc == d && !pkt.truncated && pkt.ndw == asmres.n;
				}
				if (ok) {
					tu_decode(fmt, asmres.w, asmres.n, false, textbuf, sizeof textbuf);
					unsigned e2 = tu_assemble(fmt, textbuf, &again);
					ok = e2 == 0 && again.n == asmres.n && memcmp(again.w, asmres.w, 4 * asmres.n) == 0;
					if (!ok && bad < 12)
						printf("FAIL %s:%d: %s on %s: decode -> encode differs (%u errors%s%s)\n"
						       "  text:    %s\n  words:   %s\n  decoded: %s\n  again:   %s\n",
						       __FILE__, __LINE__, d->name, fmt->gen, e2, again.nd ? ": " : "",
						       again.nd ? again.d[0].message : "", g.text,
						       tu_words_str(asmres.w, asmres.n), textbuf,
						       tu_words_str(again.w, again.n));
				} else if (bad < 12) {
					printf("FAIL %s:%d: %s on %s: random text does not encode as itself (%u errors%s%s)\n"
					       "  text:  %s\n  words: %s\n",
					       __FILE__, __LINE__, d->name, fmt->gen, errs, asmres.nd ? ": " : "",
					       tu_asm_first(&asmres), g.text, tu_words_str(asmres.w, asmres.n));
				}
				if (!ok)
					bad++;
			}
		}
	}
	CHECK(bad == 0, "%u of %u random packets failed the round trip", bad, iters);
	CHECK(iters > 25000, "property test ran %u packets", iters);
}

int main(void)
{
	test_vectors();
	test_stream_offsets();
	test_longest();
	test_encode_forms();
	test_encode_errors();
	test_property();
	return tl_done();
}
