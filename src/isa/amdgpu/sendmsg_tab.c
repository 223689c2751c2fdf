/* s_sendmsg message tables per generation: seed 003 ("msg", GFX10),
 * llvm-mc 14 for GFX6-GFX9 and llvm-mc 16 for GFX11
 * (scripts/gen_sendmsg_vectors.py and tests/amdgpu check them).
 *
 * Table format: one struct gk_amdgpu_gen per generation: where the three
 * parts of the operand are (GFX6-GFX10: type 3:0, operation 6:4, stream 9:8),
 * the SOPP opcodes, and its messages, an array indexed by the message id and
 * sized by the id field, filled with designated initializers, so an id
 * without a message is an explicit gap.  A message that takes an operation points at
 * the names of its operation family (indexed by the operation id, bits 6:4)
 * and says which operation ids are valid (valid_ops) and which of them take
 * a stream id (stream_ops, bits 9:8); a message without operations has
 * ops == NULL and accepts only operation 0 and stream 0.  Nothing here is
 * code: decode, encode, check and the parser in sendmsg.c walk these rows.
 *
 * Where sources disagree: llvm-mc 14 also accepts and prints
 * SYSMSG_OP_HOST_TRAP_ACK (op 3 of MSG_SYSMSG) on GFX10; seed 003's table
 * has no op 3 (LLVM later dropped it for GFX10 as a bug), so the GFX10 row
 * follows the seed.  The name stays known from the older rows, so on GFX10
 * `sendmsg(MSG_SYSMSG, SYSMSG_OP_HOST_TRAP_ACK)` is "invalid operation id". */
#include <stddef.h>

#include "sendmsg_tab.h"

/* GS_OP_* (seed 003: MSG_GS and MSG_GS_DONE) */
static const struct sm_opnames gs_ops = { {
	[0] = "GS_OP_NOP",
	[1] = "GS_OP_CUT",
	[2] = "GS_OP_EMIT",
	[3] = "GS_OP_EMIT_CUT",
} };

/* SYSMSG_OP_* up to GFX9 (llvm-mc 14) */
static const struct sm_opnames sys_ops_gfx6 = { {
	[1] = "SYSMSG_OP_ECC_ERR_INTERRUPT",
	[2] = "SYSMSG_OP_REG_RD",
	[3] = "SYSMSG_OP_HOST_TRAP_ACK",
	[4] = "SYSMSG_OP_TTRACE_PC",
} };

/* SYSMSG_OP_* on GFX10 (seed 003: no op 3) */
static const struct sm_opnames sys_ops_gfx10 = { {
	[1] = "SYSMSG_OP_ECC_ERR_INTERRUPT",
	[2] = "SYSMSG_OP_REG_RD",
	[4] = "SYSMSG_OP_TTRACE_PC",
} };

#define OPS(k) (1u << (k))
/* MSG_GS: operations 1..3, each with an optional stream */
#define MSG_GS_ROW { "MSG_GS", &gs_ops, OPS(1) | OPS(2) | OPS(3), OPS(1) | OPS(2) | OPS(3) }
/* MSG_GS_DONE: GS_OP_NOP (no stream) and 1..3 (optional stream) */
#define MSG_GS_DONE_ROW { "MSG_GS_DONE", &gs_ops, OPS(0) | OPS(1) | OPS(2) | OPS(3), OPS(1) | OPS(2) | OPS(3) }
#define PLAIN(n) { n, NULL, OPS(0), 0 }

/* ids 1-3 (every generation up to GFX10), 15 up to GFX9, and 4-7, 9, 10
 * (GFX9 and GFX10) are the same message; each table below adds its own */
#define MSGS_1_3 [1] = PLAIN("MSG_INTERRUPT"), [2] = MSG_GS_ROW, [3] = MSG_GS_DONE_ROW
#define MSG_15_GFX6 [15] = { "MSG_SYSMSG", &sys_ops_gfx6, OPS(1) | OPS(2) | OPS(3) | OPS(4), 0 }
#define MSGS_4_10_GFX9                                                                                     \
	[4] = PLAIN("MSG_SAVEWAVE"), [5] = PLAIN("MSG_STALL_WAVE_GEN"), [6] = PLAIN("MSG_HALT_WAVES"),      \
	[7] = PLAIN("MSG_ORDERED_PS_DONE"), [9] = PLAIN("MSG_GS_ALLOC_REQ"), [10] = PLAIN("MSG_GET_DOORBELL")

/* GFX6 and GFX7 (llvm-mc 14 -mcpu=tahiti, bonaire) */
static const struct sm_msg gfx6_msg[16] = { MSGS_1_3, MSG_15_GFX6 };

static const struct sm_msg gfx8_msg[16] = { MSGS_1_3, [4] = PLAIN("MSG_SAVEWAVE"), MSG_15_GFX6 };

static const struct sm_msg gfx9_msg[16] = {
	MSGS_1_3,
	MSGS_4_10_GFX9,
	[8] = PLAIN("MSG_EARLY_PRIM_DEALLOC"),
	MSG_15_GFX6,
};

static const struct sm_msg gfx10_msg[16] = {
	MSGS_1_3,
	MSGS_4_10_GFX9,
	[11] = PLAIN("MSG_GET_DDID"),
	[15] = { "MSG_SYSMSG", &sys_ops_gfx10, OPS(1) | OPS(2) | OPS(4), 0 },
};

/* GFX11 (llvm-mc 16 -mcpu=gfx1100; no seed): an 8-bit message id, no
 * operations or streams in s_sendmsg.  The MSG_RTN_* ids are the ones
 * s_sendmsg_rtn takes; llvm 16 prints them for s_sendmsg too. */
static const struct sm_msg gfx11_msg[256] = {
	[1] = PLAIN("MSG_INTERRUPT"),
	[2] = PLAIN("MSG_HS_TESSFACTOR"),
	[3] = PLAIN("MSG_DEALLOC_VGPRS"),
	[5] = PLAIN("MSG_STALL_WAVE_GEN"),
	[6] = PLAIN("MSG_HALT_WAVES"),
	[7] = PLAIN("MSG_ORDERED_PS_DONE"),
	[9] = PLAIN("MSG_GS_ALLOC_REQ"),
	[128] = PLAIN("MSG_RTN_GET_DOORBELL"),
	[129] = PLAIN("MSG_RTN_GET_DDID"),
	[130] = PLAIN("MSG_RTN_GET_TMA"),
	[131] = PLAIN("MSG_RTN_GET_REALTIME"),
	[132] = PLAIN("MSG_RTN_SAVE_WAVE"),
	[133] = PLAIN("MSG_RTN_GET_TBA"),
};

/* GFX6-GFX10: type 3:0, operation 6:4, stream 9:8 (seed 003, first table) */
#define LAYOUT_GFX6 .msg_lo = 0, .msg_bits = 4, .op_lo = 4, .op_bits = 3, .stream_lo = 8, .stream_bits = 2
/* GFX11: type 7:0 only */
#define LAYOUT_GFX11 .msg_lo = 0, .msg_bits = 8, .op_lo = 0, .op_bits = 0, .stream_lo = 0, .stream_bits = 0

/* GFX6-GFX10 share the layout, 16 message ids, the SOPP opcodes (s_sendmsg
 * 0x10, s_sendmsghalt 0x11) and the GS operations for unnamed messages */
#define GFX6_10(msgs) LAYOUT_GFX6, .msg = (msgs), .nmsg = 16, .sopp_sendmsg = 0x10, .sopp_sendmsghalt = 0x11, \
		      .fallback_ops = &gs_ops

const struct gk_amdgpu_gen gk_sm_gens[] = {
	{
		.name = "gfx6",
		GFX6_10(gfx6_msg),
		.gpus = "tahiti pitcairn verde oland hainan gfx600 gfx601 gfx602",
		.note = "llvm-mc 14 -mcpu=tahiti (assembler only: llvm 14 cannot disassemble GFX6)",
	},
	{
		.name = "gfx7",
		GFX6_10(gfx6_msg),
		.gpus = "bonaire kaveri hawaii kabini mullins gfx700 gfx701 gfx702 gfx703 gfx704 gfx705",
		.note = "llvm-mc 14 -mcpu=bonaire (assembler only: llvm 14 cannot disassemble GFX7)",
	},
	{
		.name = "gfx8",
		GFX6_10(gfx8_msg),
		.gpus = "tonga fiji polaris10 polaris11 polaris12 carrizo stoney iceland topaz vegam "
			"gfx801 gfx802 gfx803 gfx805 gfx810",
		.note = "llvm-mc 14 -mcpu=gfx803",
	},
	{
		.name = "gfx9",
		GFX6_10(gfx9_msg),
		.gpus = "vega10 vega12 vega20 raven raven2 renoir arcturus aldebaran "
			"gfx900 gfx902 gfx904 gfx906 gfx908 gfx909 gfx90a gfx90c",
		.note = "llvm-mc 14 -mcpu=gfx900",
	},
	{
		.name = "gfx10",
		GFX6_10(gfx10_msg),
		.gpus = "navi10 navi12 navi14 navi21 navi22 navi23 navi24 sienna_cichlid navy_flounder "
			"dimgrey_cavefish beige_goby yellow_carp cyan_skillfish "
			"gfx1010 gfx1011 gfx1012 gfx1013 gfx1030 gfx1031 gfx1032 gfx1033 gfx1034 gfx1035 gfx1036",
		.note = "LLVM's AMDGPU operand syntax for msg (llvm-mc 14 -mcpu=gfx1010/gfx1030 agrees except SYSMSG_OP_HOST_TRAP_ACK)",
	},
	{
		.name = "gfx11",
		LAYOUT_GFX11,
		.msg = gfx11_msg,
		.nmsg = 256,
		.gpus = "navi31 navi32 navi33 phoenix gfx1100 gfx1101 gfx1102 gfx1103",
		.sopp_sendmsg = 0x36,
		.sopp_sendmsghalt = 0x37,
		.fallback_ops = &gs_ops,
		.note = "llvm-mc 16 -mcpu=gfx1100 (no seed; llvm 14 does not know GFX11)",
	},
};

const unsigned gk_sm_ngens = sizeof gk_sm_gens / sizeof gk_sm_gens[0];
