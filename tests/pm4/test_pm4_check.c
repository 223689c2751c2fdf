/* The PM4 checker, seed 001 §9: every rule triggered by a crafted buffer,
 * asserting the diagnostic code, the packet's byte offset and the dword
 * index (and bit range / field where the rule names one); the same words
 * clean where a neighbouring generation or value makes them valid; and a
 * realistic Evergreen stream (examples/evergreen_compute.s plus graphics,
 * predication and synchronisation packets) that yields no diagnostics.
 * Buffers are checked the way tools/gfxkit.c run_stream does. */
#include "evergreen_compute_s.h"
#include "pm4_testutil.h"

#define ANY (-99) /* dw/lo/hi not checked */

struct rule {
	const char *gpu;
	const uint32_t *w;
	size_t n;
	enum gk_diag_code code;
	uint64_t off;       /* byte offset of the packet the diagnostic is about */
	int dw, lo, hi;     /* ANY: not checked */
	const char *field;  /* NULL: not checked */
	bool only;          /* no other diagnostic may appear */
	const char *why;
};

#define NOP2 0xc0001000, 0x00000000

static const struct rule rules[] = {
	/* §9.1.2 type-1 packets are not supported on R6xx+ */
	{ "evergreen", W(NOP2, 0x40000000), GK_D_TYPE1, 8, 0, 30, 31, NULL, true, "type-1 after a NOP" },
	{ "r600", W(0x40001234), GK_D_TYPE1, 0, 0, 30, 31, NULL, true, "type-1 on r600" },

	/* opcodes */
	{ "evergreen", W(0xc000ff00, 0), GK_D_UNKNOWN_OPCODE, 0, 0, 8, 15, "IT_OPCODE", true, "opcode 0xff" },
	{ "cayman", W(NOP2, 0xc0000000, 0), GK_D_UNKNOWN_OPCODE, 8, 0, 8, 15, "IT_OPCODE", true, "opcode 0x00" },
	{ "r600", W(0xc0031502, 1, 1, 1, 1), GK_D_WRONG_GEN, 0, 0, 8, 15, "IT_OPCODE", true, "DISPATCH_DIRECT on r600" },
	{ "evergreen", W(0xc0001402, 0), GK_D_WRONG_GEN, 0, 0, 8, 15, "IT_OPCODE", true, "DEALLOC_STATE on evergreen" },
	{ "r600", W(0xc0004200, 0), GK_D_WRONG_GEN, 0, 0, 8, 15, "IT_OPCODE", true, "PFP_SYNC_ME (r7xx+) on r600" },
	{ "r700", W(0xc0034800, 0x62f, 0, 0x40000000, 0), GK_D_WRONG_GEN, 0, 0, 8, 15, "IT_OPCODE", true,
	  "EVENT_WRITE_EOS on r700" },
	{ "cayman", W(0xc0004b00, 0), GK_D_WRONG_GEN, 0, 0, 8, 15, "IT_OPCODE", true, "RB_OFFSET (evergreen only) on cayman" },

	/* framing: COUNT past the end of the buffer */
	{ "evergreen", W(NOP2, 0xc0034700, 0x514), GK_D_TRUNCATED, 8, 0, 16, 29, "COUNT", true, "EOP cut short" },
	{ "r700", W(0x00030000, 1), GK_D_TRUNCATED, 0, 0, 16, 29, "COUNT", true, "type-0 cut short" },

	/* body shorter / longer than the layout */
	{ "evergreen", W(0xc0014700, 0x514, 0x0), GK_D_TOO_SHORT, 0, -1, ANY, ANY, NULL, false, "EOP with COUNT=1" },
	{ "evergreen", W(0xc0004600, 0x115), GK_D_TOO_SHORT, 0, 3, ANY, ANY, "ADDRESS", true,
	  "EVENT_WRITE ZPASS_DONE without its address dwords" },
	{ "evergreen", W(0xc0003a00, 6), GK_D_TOO_SHORT, 0, -1, ANY, ANY, NULL, false, "MPEG_INDEX without DRAW_INITIATOR" },
	{ "evergreen", W(0xc0024600, 0x16, 0x1000, 0), GK_D_TOO_LONG, 0, 2, ANY, ANY, NULL, true,
	  "EVENT_WRITE with address dwords but EVENT_INDEX 0" },
	{ "r700", W(0xc0034600, 0x115, 0x1000, 0, 0), GK_D_TOO_LONG, 0, -1, ANY, ANY, NULL, true, "EVENT_WRITE of 5 dwords" },
	{ "evergreen", W(0xc0014200, 0, 0), GK_D_TOO_LONG, 0, -1, ANY, ANY, NULL, true, "PFP_SYNC_ME of 3 dwords" },
	{ "evergreen", W(0xc0046e00, 0, 1, 2, 3, 4), GK_D_BAD_MULTIPLE, 0, 2, ANY, ANY, NULL, true,
	  "SET_SAMPLER of 4 dwords (3 per sampler)" },
	{ "evergreen", W(0xc0076d00, 0, 0, 0, 0, 0, 0, 0, 0), GK_D_BAD_MULTIPLE, 0, 2, ANY, ANY, NULL, true,
	  "SET_RESOURCE of 7 dwords on evergreen (8 per resource)" },
	{ "r600", W(0xc0086d00, 0, 0, 0, 0, 0, 0, 0, 0, 0), GK_D_BAD_MULTIPLE, 0, 2, ANY, ANY, NULL, true,
	  "SET_RESOURCE of 8 dwords on r600 (7 per resource)" },
	{ "r700", W(0xc0046100, 0x1000, 0, 1, 2, 3), GK_D_BAD_MULTIPLE, 0, 3, ANY, ANY, NULL, true,
	  "LOAD_CONTEXT_REG with half a pair" },

	/* reserved bits */
	{ "evergreen", W(0xc00042fc, 0), GK_D_RESERVED_BITS, 0, 0, 2, 7, NULL, true, "type-3 header bits 7:2" },
	{ "evergreen", W(0xc0016900, 0xffff0000, 0), GK_D_RESERVED_BITS, 0, 1, 16, 31, NULL, true,
	  "SET_CONTEXT_REG offset bits 31:16" },
	{ "r600", W(0xc0054400, 0, 0x1, 1, 0, 0, 0), GK_D_RESERVED_BITS, 0, 2, 0, 0, NULL, true,
	  "ME_INITIALIZE dw2 is reserved" },
	{ "evergreen", W(0xc0044700, 0x514, 0x1001, 0x20000000, 0, 0), GK_D_RESERVED_BITS, 0, 2, 0, 0, NULL, true,
	  "EOP ADDRESS_LO bits 1:0" },
	{ "cayman", W(0xc0013900, 0x100, 0xc3101000), GK_D_RESERVED_BITS, 0, 2, 12, 12, NULL, true,
	  "MEM_SEMAPHORE WAIT_ON_SIGNAL is reserved on cayman" },
	{ "evergreen", W(0xc0023200, 0x1000, 0, 0x05000100), GK_D_RESERVED_BITS, 0, 3, 24, 26, NULL, true,
	  "INDIRECT_BUFFER VMID before Cayman" },
	{ "r700", W(0xc0034300, 0, 0, 0, 0x0300000a), GK_D_RESERVED_BITS, 0, 4, 24, 25, NULL, true,
	  "SURFACE_SYNC VMID before Cayman" },
	{ "evergreen", W(0xc0002a00, 0x2), GK_D_RESERVED_BITS, 0, 1, 1, 1, NULL, true, "INDEX_TYPE bit 1" },

	/* alignment */
	{ "evergreen", W(0xc0033d00, 0x1004, 0, 0, 0), GK_D_MISALIGNED, 0, 1, ANY, ANY, "ADDRESS", true,
	  "MEM_WRITE address not QWORD-aligned" },
	{ "evergreen", W(0xc0044700, 0x514, 0x1004, 0x40000000, 0, 0), GK_D_MISALIGNED, 0, 2, ANY, ANY, "ADDRESS", true,
	  "EOP 64-bit data at a DWORD address" },
	{ "r700", W(0xc0044700, 0x514, 0x1004, 0x60000000, 0, 0), GK_D_MISALIGNED, 0, 2, ANY, ANY, "ADDRESS", true,
	  "EOP GPU clock at a DWORD address" },
	{ "cayman", W(0xc0012000, 0x1008, 0x10000), GK_D_MISALIGNED, 0, 1, ANY, ANY, "START_ADDR", true,
	  "SET_PREDICATION not 16-byte aligned" },
	{ "r700", W(0xc0012600, 0x1001, 0), GK_D_MISALIGNED, 0, 1, ANY, ANY, "INDEX_BASE", true,
	  "INDEX_BASE not WORD-aligned" },
	{ "evergreen", W(0xc0032b00, 0x1001, 0, 3, 0), GK_D_MISALIGNED, 0, 1, ANY, ANY, "INDEX_BASE", true,
	  "DRAW_INDEX base not WORD-aligned" },
	{ "evergreen", W(0xc0011602, 0x2, 1), GK_D_MISALIGNED, 0, 1, ANY, ANY, "DATA_OFFSET", true,
	  "DISPATCH_INDIRECT offset bits 1:0" },
	{ "evergreen", W(0xc0024600, 0x115, 0x1004, 0), GK_D_MISALIGNED, 0, 2, ANY, ANY, "ADDRESS", true,
	  "EVENT_WRITE ZPASS_DONE address not QWORD-aligned" },
	{ "evergreen", W(0xc0013900, 0x1004, 0xe0000000), GK_D_MISALIGNED, 0, 1, ANY, ANY, "ADDRESS", true,
	  "MEM_SEMAPHORE address not QWORD-aligned" },

	/* ranges */
	{ "r600", W(0xc0054400, 0, 0, 0, 0, 0, 0), GK_D_RANGE, 0, 3, 0, 2, "MAX_CONTEXT", true,
	  "MAX_CONTEXT 0 (the clear-state context)" },
	{ "evergreen", W(0xc0013a00, 2, 0), GK_D_RANGE, 0, 1, 0, 13, "NUM_INDICES", true, "MPEG_INDEX NUM_INDICES < 3" },
	{ "evergreen", W(0xc0053c00, 0x105, 0, 0, 0, 0, 4), GK_D_RANGE, 0, 1, 4, 4, "MEM_SPACE", true,
	  "WAIT_REG_MEM PFP polling a register" },
	{ "cayman", W(0xc0053c00, 0x113, 0x1000, 0, 0, 0, 4), GK_D_RANGE, 0, 1, 0, 2, "FUNCTION", true,
	  "WAIT_REG_MEM PFP with FUNCTION=EQUAL" },
	{ "evergreen", W(0xc0004600, 0x514), GK_D_RANGE, 0, 1, 8, 11, "EVENT_INDEX", true, "EVENT_WRITE with index 5 (EOP)" },
	/* §9.6.2: INT_SEL 01 (interrupt only) needs DATA_SEL 000 */
	{ "evergreen", W(0xc0044700, 0x514, 0x1000, 0x21000000, 0, 0), GK_D_RANGE, 0, 3, 24, 25, "INT_SEL", true,
	  "EVENT_WRITE_EOP SEND_INT with 32-bit data" },
	{ "evergreen", W(0xc0044700, 0x014, 0x1000, 0x20000000, 0, 0), GK_D_RANGE, 0, 1, 8, 11, "EVENT_INDEX", true,
	  "EOP with index 0" },
	{ "cayman", W(0xc0034800, 0x62f, 0x10, 0x20000000, 0x10), GK_D_RANGE, 0, 4, 16, 30, "SIZE", true,
	  "EOS GDS read of zero dwords" },
	{ "evergreen", W(0xc0031500, 1, 1, 1, 1), GK_D_SHADER_TYPE, 0, 0, 1, 1, "SHADER_TYPE", true,
	  "DISPATCH_DIRECT with SHADER_TYPE 0" },
	{ "cayman", W(0xc0011600, 0x100, 1), GK_D_SHADER_TYPE, 0, 0, 1, 1, "SHADER_TYPE", true,
	  "DISPATCH_INDIRECT with SHADER_TYPE 0" },
	{ "cayman", W(0xc0001400, 0), GK_D_SHADER_TYPE, 0, 0, 1, 1, "SHADER_TYPE", true, "DEALLOC_STATE with SHADER_TYPE 0" },
	/* §9.4.8, §9.4.10, §9.4.16: "Shader_Type ... will always be zero" */
	{ "evergreen", W(0xc0036002, 0x1000, 0, 0, 0), GK_D_SHADER_TYPE, 0, 0, 1, 1, "SHADER_TYPE", true,
	  "LOAD_CONFIG_REG with SHADER_TYPE 1 (seed 9.4.8)" },
	{ "evergreen", W(0xc0036702, 0x1000, 0, 0, 0), GK_D_SHADER_TYPE, 0, 0, 1, 1, "SHADER_TYPE", true,
	  "LOAD_CTL_CONST with SHADER_TYPE 1 (seed 9.4.10)" },
	{ "cayman", W(0xc0016f02, 0, 0), GK_D_SHADER_TYPE, 0, 0, 1, 1, "SHADER_TYPE", true,
	  "SET_CTL_CONST with SHADER_TYPE 1 (seed 9.4.16)" },

	/* reserved enum values */
	{ "r700", W(0xc0074500, 0x117, 0x1000, 0, 0, 0, 0x1000, 0, 0), GK_D_RESERVED_VALUE, 0, 1, 0, 2, "FUNCTION", true,
	  "COND_WRITE FUNCTION 111" },
	{ "evergreen", W(0xc0053c00, 0x17, 0x1000, 0, 0, 0, 4), GK_D_RESERVED_VALUE, 0, 1, 0, 2, "FUNCTION", true,
	  "WAIT_REG_MEM FUNCTION 111" },
	{ "evergreen", W(0xc0012000, 0x1000, 0x30000), GK_D_RESERVED_VALUE, 0, 2, 16, 18, "PRED_OP", true, "PRED_OP 011" },
	{ "r600", W(0xc0012000, 0x1000, 0x40000), GK_D_RESERVED_VALUE, 0, 2, 16, 18, "PRED_OP", true, "PRED_OP 100" },
	{ "r700", W(0xc0012000, 0x1000, 0x70000), GK_D_RESERVED_VALUE, 0, 2, 16, 18, "PRED_OP", true, "PRED_OP 111" },
	{ "evergreen", W(0xc0044700, 0x514, 0x1000, 0xa0000000, 0, 0), GK_D_RESERVED_VALUE, 0, 3, 29, 31, "DATA_SEL", true,
	  "DATA_SEL 101" },
	{ "evergreen", W(0xc0044700, 0x514, 0x1000, 0xc0000000, 0, 0), GK_D_RESERVED_VALUE, 0, 3, 29, 31, "DATA_SEL", true,
	  "DATA_SEL 110" },
	{ "cayman", W(0xc0044700, 0x514, 0x1000, 0xe0000000, 0, 0), GK_D_RESERVED_VALUE, 0, 3, 29, 31, "DATA_SEL", true,
	  "DATA_SEL 111" },
	{ "evergreen", W(0xc0044700, 0x514, 0x1000, 0x23000000, 0, 0), GK_D_RESERVED_VALUE, 0, 3, 24, 25, "INT_SEL", true,
	  "INT_SEL 11" },
	{ "evergreen", W(0xc0004600, 0x716), GK_D_RESERVED_VALUE, 0, 1, 8, 11, "EVENT_INDEX", true, "EVENT_INDEX 0111" },
	{ "evergreen", W(0xc0001800, 0), GK_D_RESERVED_VALUE, 0, 1, 0, 2, "CMD", true, "MODE_CONTROL CMD 000" },
	{ "r700", W(0xc0004a00, 0x40000000), GK_D_RESERVED_VALUE, 0, 1, 28, 31, "CMD", true, "PREAMBLE_CNTL CMD 0100" },
	{ "evergreen", W(0xc0013900, 0x100, 0x00000000), GK_D_RESERVED_VALUE, 0, 2, 29, 31, "SEM_SEL", true,
	  "MEM_SEMAPHORE SEM_SEL 000" },

	/* SET_* register spaces (kernel r600d.h / evergreend.h START/END) */
	{ "evergreen", W(0xc0026900, 0x3ff, 0, 0), GK_D_REG_SPACE, 0, 1, 0, 15, "REG_OFFSET", true,
	  "SET_CONTEXT_REG 0x28ffc..0x29000" },
	{ "r600", W(0xc0016900, 0x400, 0), GK_D_REG_SPACE, 0, 1, 0, 15, "REG_OFFSET", true, "SET_CONTEXT_REG at 0x29000" },
	{ "r600", W(0xc0016800, 0xb00, 0), GK_D_REG_SPACE, 0, 1, 0, 15, "REG_OFFSET", true, "SET_CONFIG_REG at 0xac00 (r600)" },
	{ "evergreen", W(0xc0016800, 0xb00, 0), GK_D_REG_SPACE, 0, 1, 0, 15, "REG_OFFSET", true,
	  "SET_CONFIG_REG at 0xac00 (evergreen)" },
	{ "r600", W(0xc0016c00, 0x60, 0), GK_D_REG_SPACE, 0, 1, 0, 15, "CONST_OFFSET", true,
	  "SET_LOOP_CONST at 0x3e380 (r600 loop space ends there)" },
	{ "evergreen", W(0xc0016b00, 0x6, 0), GK_D_REG_SPACE, 0, 1, 0, 15, "CONST_OFFSET", true,
	  "SET_BOOL_CONST at 0x3a518 (evergreen)" },
	{ "evergreen", W(0xc0036e00, 0x17f, 0, 0, 0), GK_D_REG_SPACE, 0, 1, 0, 15, "CONST_OFFSET", true,
	  "SET_SAMPLER 0x3c5fc..0x3c604 (evergreen sampler space ends at 0x3c600)" },
	{ "evergreen", W(0xc0086d00, 0x1ffe, 0, 0, 0, 0, 0, 0, 0, 0), GK_D_REG_SPACE, 0, 1, 0, 15, "CONST_OFFSET", true,
	  "SET_RESOURCE 0x37ff8..0x38014 (evergreen resource space ends at 0x38000)" },
	{ "r700", W(0x0001ffff, 0, 0), GK_D_REG_SPACE, 0, 0, 0, 15, "BASE_INDEX", true, "type-0 past the 64K-dword map" },

	/* COND_EXEC / PRED_EXEC regions that end inside a later packet */
	{ "evergreen", W(0xc0022200, 0x1000, 0, 3, NOP2, NOP2), GK_D_EXEC_COUNT, 24, -1, ANY, ANY, "EXEC_COUNT", true,
	  "COND_EXEC EXEC_COUNT=3 ends inside the second NOP" },
	{ "r700", W(0xc0002300, 1, NOP2, NOP2), GK_D_EXEC_COUNT, 8, -1, ANY, ANY, "EXEC_COUNT", true,
	  "PRED_EXEC EXEC_COUNT=1 ends inside the first NOP" },
	/* ... and past the end of the buffer (gk_check_end): the offset is the COND_EXEC's */
	{ "evergreen", W(0xc0022200, 0x1000, 0, 10, NOP2, NOP2), GK_D_EXEC_COUNT, 0, 3, 0, 13, "EXEC_COUNT", true,
	  "COND_EXEC EXEC_COUNT=10 runs past the end" },
	{ "evergreen", W(NOP2, 0xc0002300, 6, NOP2, NOP2), GK_D_EXEC_COUNT, 8, 1, 0, 13, "EXEC_COUNT", true,
	  "PRED_EXEC EXEC_COUNT=6 runs past the end (its EXEC_COUNT is dw1)" },
};

/* Words that are valid: no diagnostic at all. */
struct clean {
	const char *gpu;
	const uint32_t *w;
	size_t n;
	const char *why;
};

static const struct clean cleans[] = {
	{ "r700", W(0xc0076d00, 0, 0, 0, 0, 0, 0, 0, 0), "SET_RESOURCE of 7 dwords on r700" },
	{ "evergreen", W(0xc0086d00, 0, 0, 0, 0, 0, 0, 0, 0, 0), "SET_RESOURCE of 8 dwords on evergreen" },
	{ "evergreen", W(0xc0013900, 0x100, 0xc3101000), "WAIT_ON_SIGNAL on evergreen" },
	{ "evergreen", W(0xc0044700, 0x514, 0x1004, 0x20000000, 0, 0), "EOP 32-bit data at a DWORD address" },
	{ "evergreen", W(0xc0044700, 0x514, 0, 0x01000000, 0, 0), "EOP interrupt only (DATA_SEL=DISCARD, INT_SEL=SEND_INT)" },
	{ "evergreen", W(0xc0044700, 0x514, 0x1000, 0x22000000, 0, 0), "EOP 32-bit data with SEND_INT_ON_CONFIRM" },
	{ "evergreen", W(0xc0044700, 0x514, 0x1004, 0x00000000, 0, 0), "EOP discarding data at a DWORD address" },
	{ "evergreen", W(0xc0053c00, 0x3, 0x2004, 0, 0, 0, 4), "WAIT_REG_MEM ME polling a register" },
	{ "evergreen", W(0xc0053c00, 0x115, 0x1000, 0, 0, 0, 4), "WAIT_REG_MEM PFP, memory, GREATER_EQUAL" },
	{ "evergreen", W(0xc0016900, 0x3ff, 0), "SET_CONTEXT_REG of the last context register" },
	{ "r600", W(0xc0016800, 0xaff, 0), "SET_CONFIG_REG of 0xabfc (r600)" },
	{ "evergreen", W(0xc0016800, 0xaff, 0), "SET_CONFIG_REG of 0xabfc (evergreen)" },
	{ "evergreen", W(0xc0016c00, 0x60, 0), "SET_LOOP_CONST at 0x3a380 (evergreen)" },
	{ "evergreen", W(0xc0016b00, 0x5, 0), "SET_BOOL_CONST at 0x3a514 (evergreen)" },
	{ "r600", W(0xc0036e00, 0x17f, 0, 0, 0), "SET_SAMPLER 0x3c5fc..0x3c604 (r600 sampler space is larger)" },
	{ "evergreen", W(0xc0012000, 0x1010, 0x10000), "SET_PREDICATION 16-byte aligned" },
	{ "evergreen", W(0xc0012600, 0x1002, 0), "INDEX_BASE WORD-aligned" },
	{ "cayman", W(0xc0001402, 0), "DEALLOC_STATE on cayman" },
	{ "cayman", W(0xc0023200, 0x1000, 0, 0x05000100), "INDIRECT_BUFFER VMID on cayman" },
	{ "evergreen", W(0xc0016802, 0x10, 0x8000), "SET_CONFIG_REG with SHADER_TYPE 1 (seed 9.4.14 allows it)" },
	{ "r600", W(0xc0054400, 0, 0, 1, 0, 0, 0), "ME_INITIALIZE MAX_CONTEXT=1" },
	{ "evergreen", W(0xc0013a00, 3, 0), "MPEG_INDEX NUM_INDICES=3" },
	/* EXEC_COUNT ending exactly on a packet boundary, or at the end of the buffer */
	{ "evergreen", W(0xc0022200, 0x1000, 0, 4, NOP2, NOP2), "COND_EXEC over two whole NOPs" },
	{ "evergreen", W(0xc0022200, 0x1000, 0, 2, NOP2, NOP2), "COND_EXEC over the first NOP" },
	{ "r600", W(0xc0002300, 0x01000002, NOP2, NOP2), "PRED_EXEC over one NOP" },
	{ "evergreen", W(0xc0022200, 0x1000, 0, 0), "COND_EXEC over nothing" },
	{ "evergreen", W(0xc0022200, 0x1000, 0, 6, 0xc0002300, 2, NOP2, NOP2),
	  "nested: COND_EXEC over PRED_EXEC over a NOP, both ending on boundaries" },
	/* don't-care bits are never diagnosed */
	{ "evergreen", W(0xc0001200, 0xffffffff), "CLEAR_STATE dummy dword" },
	{ "r700", W(0xc0004200, 0xffffffff), "PFP_SYNC_ME dummy dword" },
	{ "evergreen", W(0x8fffffff), "PACKET2 filler bits" },
	{ "evergreen", W(0xc0074500, 0x4, 0x2010, 0xffffffff, 0x1, 0xff, 0xa000, 0xffffffff, 0x1000),
	  "COND_WRITE register variant: the high address dwords are don't care" },
	{ "evergreen", W(0xc0043400, 0x103, 0x400, 0x0, 0x77, 0x88), "STRMOUT_BUFFER_UPDATE: source dwords don't care" },
	{ "evergreen", W(0xc0004a00, 0x000fffff), "PREAMBLE_CNTL CP-internal bits" },
};

static const char *code_name(enum gk_diag_code c)
{
	static const char *const n[] = { "NONE", "TYPE1", "UNKNOWN_OPCODE", "WRONG_GEN", "TRUNCATED", "TOO_SHORT", "TOO_LONG",
					 "BAD_MULTIPLE", "RESERVED_BITS", "MISALIGNED", "RANGE", "RESERVED_VALUE", "REG_SPACE",
					 "EXEC_COUNT", "SHADER_TYPE", "DONTCARE_BITS", "SYNTAX", "IO", "LIMIT" };
	return (unsigned)c < sizeof n / sizeof n[0] ? n[c] : "?";
}

static struct tu_check res;

static void test_rules(void)
{
	for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
		const struct rule *r = &rules[i];
		tu_check(tu_fmt(r->gpu), r->w, r->n, &res);
		const struct gk_diag *d = tu_find(&res, r->code);
		bool ok = d && d->offset == r->off && (r->dw == ANY || d->dw == r->dw) && (r->lo == ANY || d->lo == r->lo) &&
			  (r->hi == ANY || d->hi == r->hi) && (!r->field || (d->field && !strcmp(d->field, r->field)));
		CHECK(ok, "rule %zu (%s, %s): want %s @0x%llx dw%d [%d:%d] %s; got%s", i, r->gpu, r->why, code_name(r->code),
		      (unsigned long long)r->off, r->dw, r->hi, r->lo, r->field ? r->field : "", tu_diags_str(&res));
		if (r->only)
			CHECK(res.n == 1, "rule %zu (%s, %s): %s should be the only diagnostic; got%s", i, r->gpu, r->why,
			      code_name(r->code), tu_diags_str(&res));
		if (d) {
			CHECK(r->code == GK_D_SHADER_TYPE || d->severity == GK_ERROR,
			      "rule %zu (%s): severity %d", i, r->why, (int)d->severity);
			CHECK(d->packet && d->message[0], "rule %zu (%s): diagnostic names a packet and says why", i, r->why);
		}
	}
}

static void test_clean(void)
{
	for (size_t i = 0; i < sizeof cleans / sizeof cleans[0]; i++) {
		const struct clean *c = &cleans[i];
		tu_check(tu_fmt(c->gpu), c->w, c->n, &res);
		CHECK(res.n == 0 && res.errors == 0 && res.warnings == 0, "clean %zu (%s, %s): want no diagnostics, got%s", i,
		      c->gpu, c->why, tu_diags_str(&res));
	}
}

/* Details the rule table does not show. */
static void test_details(void)
{
	/* a short body: only TOO_SHORT diagnostics, the first about the whole packet */
	tu_check(tu_fmt("evergreen"), W(0xc0014700, 0x514, 0x0), &res);
	CHECK(res.n >= 2 && res.d[0].code == GK_D_TOO_SHORT && res.d[0].dw == -1 && tu_count(&res, GK_D_TOO_SHORT) == res.n,
	      "EOP COUNT=1: TOO_SHORT for the packet and the missing fields only; got%s", tu_diags_str(&res));
	const struct gk_diag *d = NULL;
	for (unsigned i = 0; i < res.n; i++)
		if (res.d[i].field && !strcmp(res.d[i].field, "DATA_SEL"))
			d = &res.d[i];
	CHECK(d && d->dw == 3, "EOP COUNT=1: DATA_SEL (dw3) named as missing; got%s", tu_diags_str(&res));

	/* graphics packets with the compute bit: a warning, not an error */
	tu_check(tu_fmt("evergreen"), W(0xc0012d02, 3, 2), &res);
	CHECK(res.n == 1 && res.d[0].code == GK_D_SHADER_TYPE && res.d[0].severity == GK_WARNING && res.errors == 0 &&
		      res.warnings == 1,
	      "DRAW_INDEX_AUTO with SHADER_TYPE=COMPUTE: one warning; got%s", tu_diags_str(&res));

	/* the offset of a later packet; the first is untouched */
	tu_check(tu_fmt("evergreen"), W(NOP2, 0x80000000, 0xc0033d00, 0x1004, 0, 0, 0), &res);
	CHECK(res.n == 1 && res.d[0].code == GK_D_MISALIGNED && res.d[0].offset == 12 && res.d[0].dw == 1 &&
		      res.d[0].packet && !strcmp(res.d[0].packet, "MEM_WRITE"),
	      "MEM_WRITE at byte 12: MISALIGNED @0xc dw1; got%s", tu_diags_str(&res));

	/* a region that ends inside one packet is reported once, not again at the end */
	tu_check(tu_fmt("evergreen"), W(0xc0022200, 0x1000, 0, 3, NOP2, NOP2), &res);
	CHECK(res.n == 1, "EXEC_COUNT inside a packet: one diagnostic; got%s", tu_diags_str(&res));

	/* per-packet cap: 20 reserved-bit findings, 16 kept, 4 counted as dropped */
	uint32_t w[3 + 20];
	w[0] = 0xc0000000u | (21u << 16) | (0x61u << 8);
	w[1] = 0x1000;
	w[2] = 0;
	for (unsigned g = 0; g < 10; g++) {
		w[3 + 2 * g] = 0xffff0001u;
		w[4 + 2 * g] = 0xffffc001u;
	}
	const struct gk_format *fmt = tu_fmt("evergreen");
	struct gk_packet pkt;
	gk_packet_frame(fmt, w, 23, 0, &pkt);
	struct gk_check_state cs;
	gk_check_init(&cs);
	static struct gk_diags dg;
	memset(&dg, 0, sizeof dg);
	gk_check_packet(fmt, &cs, &pkt, &dg);
	CHECK(pkt.ndw == 23 && dg.n == GK_MAX_DIAGS && dg.dropped == 4 && dg.errors == 20,
	      "LOAD_CONTEXT_REG with 20 bad group dwords: n=%u dropped=%u errors=%u", dg.n, dg.dropped, dg.errors);
	bool all = true;
	for (unsigned i = 0; i < dg.n; i++)
		all = all && dg.d[i].code == GK_D_RESERVED_BITS && dg.d[i].dw == (int)(3 + i);
	CHECK(all, "the kept diagnostics are the first 16 group dwords in order");
}


/* More of a realistic Evergreen stream: initialisation, a textured draw,
 * predication, fences and semaphores, all valid. */
static const char more_s[] =
	"ME_INITIALIZE DEFAULT_RESET_CONTROL=0 MAX_CONTEXT=7 DEV_ID=0x1\n"
	"PREAMBLE_CNTL CMD=BEGIN_CLEAR_STATE\n"
	"CONTEXT_CONTROL LOAD_CONTROL=DW_ENABLE SHADOW_ENABLE=DW_ENABLE\n"
	"PREAMBLE_CNTL CMD=END_CLEAR_STATE\n"
	"CLEAR_STATE\n"
	"SET_CONTEXT_REG\n"
	"    DB_RENDER_CONTROL <- 0\n"
	"    DB_COUNT_CONTROL <- PERFECT_ZPASS_COUNTS=1\n"
	"SET_RESOURCE CONST_OFFSET=0x0\n"
	"    0x30000 <- 0\n    0x30004 <- 0\n    0x30008 <- 0x1000\n    0x3000c <- 0x1000\n"
	"    0x30010 <- 0\n    0x30014 <- 0\n    0x30018 <- 0\n    0x3001c <- 0x80000000\n"
	"SET_SAMPLER CONST_OFFSET=0x0\n"
	"    0x3c000 <- 0\n    0x3c004 <- 0\n    0x3c008 <- 0\n"
	"SET_LOOP_CONST CONST_OFFSET=0x0\n"
	"    0x3a200 <- 0x01000010\n"
	"SET_BOOL_CONST CONST_OFFSET=0x0\n"
	"    0x3a500 <- 1\n"
	"SET_CTL_CONST CONST_OFFSET=0x0\n"
	"    SQ_VTX_BASE_VTX_LOC <- 0\n"
	"    SQ_VTX_START_INST_LOC <- 0\n"
	"SET_ALU_CONST CONST_OFFSET=0x0\n"
	"    CONST_DATA 0x3f800000 0x3f800000 0x3f800000 0x3f800000\n"
	"INDEX_TYPE INDEX_TYPE=INDEX_16\n"
	"NUM_INSTANCES NUM_INSTANCES=1\n"
	"INDEX_BASE INDEX_BASE=0x200000\n"
	"INDEX_BUFFER_SIZE INDEX_BUFFER_SIZE=6\n"
	"DRAW_INDEX_OFFSET INDEX_OFFSET=0 INDEX_COUNT=6 DRAW_INITIATOR=0x0\n"
	"DRAW_INDEX INDEX_BASE=0x200000 INDEX_COUNT=6 DRAW_INITIATOR=0x0\n"
	"DRAW_INDEX_IMMED INDEX_COUNT=2 DRAW_INITIATOR=0x1\n"
	"    INDICES 0x00010000\n"
	"EVENT_WRITE EVENT_TYPE=ZPASS_DONE EVENT_INDEX=ZPASS_DONE ADDRESS=0x300000\n"
	"SET_PREDICATION START_ADDR=0x300000 PRED_OP=ZPASS HINT=1 PREDICATION_BOOLEAN=DRAW_IF_VISIBLE\n"
	"DRAW_INDEX_AUTO PREDICATE=1 INDEX_COUNT=3 DRAW_INITIATOR=0x2\n"
	"SET_PREDICATION PRED_OP=CLEAR\n"
	"COND_EXEC BOOL_ADDR=0x301000 EXEC_COUNT=5\n"
	"DRAW_INDEX_AUTO INDEX_COUNT=3 DRAW_INITIATOR=0x2\n"
	"PFP_SYNC_ME\n"
	"PRED_EXEC DEVICE_SELECT=0x1 EXEC_COUNT=2\n"
	"NOP\n    DATA_BLOCK 0\n"
	"EVENT_WRITE EVENT_TYPE=CACHE_FLUSH_AND_INV_EVENT EVENT_INDEX=OTHER\n"
	"SURFACE_SYNC ENGINE=ME COHER_CNTL=CB0_DEST_BASE_ENA|CB_ACTION_ENA COHER_SIZE=0x1000 COHER_BASE=0x400000 "
	"POLL_INTERVAL=10\n"
	"MEM_WRITE ADDRESS=0x500000 DATA32=1 DATA_LO=1\n"
	"WAIT_REG_MEM ENGINE=ME MEM_SPACE=MEMORY FUNCTION=EQUAL POLL_ADDRESS=0x500000 REFERENCE=0x1 MASK=0xffffffff "
	"POLL_INTERVAL=10\n"
	"WAIT_REG_MEM ENGINE=PFP MEM_SPACE=MEMORY FUNCTION=GREATER_EQUAL POLL_ADDRESS=0x500000 REFERENCE=0x1 "
	"MASK=0xffffffff POLL_INTERVAL=10\n"
	"WAIT_REG_MEM ENGINE=ME MEM_SPACE=REGISTER FUNCTION=EQUAL POLL_REG=GRBM_STATUS REFERENCE=0x0 MASK=0x80000000 "
	"POLL_INTERVAL=4\n"
	"COND_WRITE FUNCTION=EQUAL POLL_SPACE=MEMORY WRITE_SPACE=REGISTER POLL_ADDRESS=0x500000 REFERENCE=0x1 MASK=0x1 "
	"WRITE_REG=WAIT_UNTIL WRITE_DATA=0x8000\n"
	"STRMOUT_BUFFER_UPDATE UPDATE_MEMORY=1 SOURCE_SELECT=FROM_PACKET BUFFER_SELECT=0 DST_ADDRESS=0x600000 "
	"BUFFER_OFFSET=0\n"
	"MEM_SEMAPHORE ADDRESS=0x700000 SEM_SEL=SIGNAL CLIENT_CODE=CP\n"
	"MEM_SEMAPHORE ADDRESS=0x700000 SEM_SEL=WAIT WAIT_ON_SIGNAL=1\n"
	"EVENT_WRITE_EOS EVENT_TYPE=CS_DONE EVENT_INDEX=EOS CMD=STORE_DATA ADDRESS=0x800000 DATA=0x1\n"
	"EVENT_WRITE_EOP EVENT_TYPE=BOTTOM_OF_PIPE_TS EVENT_INDEX=TS DATA_SEL=SEND_GPU_CLOCK INT_SEL=NONE "
	"ADDRESS=0x900000\n"
	"DISPATCH_INDIRECT SHADER_TYPE=COMPUTE DATA_OFFSET=0x10 DISPATCH_INITIATOR=0x1\n"
	"INDIRECT_BUFFER IB_BASE=0x10000 IB_SIZE=64\n"
	"PACKET0\n    WAIT_UNTIL <- WAIT_3D_IDLE=1\n"
	"PACKET2\n";

static void test_realistic(void)
{
	const struct gk_format *fmt = tu_fmt("evergreen");
	static struct tu_asm a;
	unsigned errs = tu_assemble(fmt, evergreen_compute_s, &a);
	/* 296 bytes, as examples/evergreen_compute.bin; first packets by hand */
	static const uint32_t head[] = { 0xc0012800, 0x80000003, 0x80000000, 0xc0004600, 0x00000407 };
	CHECK(errs == 0 && a.n == 74 && memcmp(a.w, head, sizeof head) == 0, "example assembles to 74 words: %u errors, %zu words %s",
	      errs, a.n, tu_words_str(a.w, a.n < 5 ? a.n : 5));
	tu_check(fmt, a.w, a.n, &res);
	CHECK(res.n == 0 && res.errors == 0 && res.warnings == 0 && res.npackets == 20,
	      "examples/evergreen_compute.s: no diagnostics over 20 packets (%u); got%s", res.npackets, tu_diags_str(&res));

	static struct tu_asm b;
	errs = tu_assemble(fmt, more_s, &b);
	CHECK(errs == 0 && b.n > 150, "realistic stream assembles: %u errors%s%s, %zu words", errs, b.nd ? ": " : "",
	      b.nd ? b.d[0].message : "", b.n);
	/* the two together, as one buffer */
	static uint32_t all[TU_MAXW];
	memcpy(all, a.w, 4 * a.n);
	memcpy(all + a.n, b.w, 4 * b.n);
	tu_check(fmt, all, a.n + b.n, &res);
	CHECK(res.n == 0 && res.errors == 0 && res.warnings == 0, "realistic evergreen stream: no diagnostics; got%s",
	      tu_diags_str(&res));
	CHECK(res.npackets == 20 + 44, "realistic stream has 64 packets, got %u", res.npackets);
}

int main(void)
{
	test_rules();
	test_clean();
	test_details();
	test_realistic();
	return tl_done();
}
