/* The s_sendmsg message tables (seed 003, "msg" for GFX10; GFX6-9 rows
 * verified against llvm-mc 14, GFX11 against llvm-mc 16): types shared by
 * sendmsg_tab.c (data) and the code that walks it (sendmsg.c, isa.c). */
#ifndef GK_AMDGPU_SENDMSG_TAB_H
#define GK_AMDGPU_SENDMSG_TAB_H

#include <stdint.h>

/* The 16-bit operand's geometry is per generation (a row's msg_lo/msg_bits,
 * op_lo/op_bits, stream_lo/stream_bits; a part of 0 bits is absent); the
 * operation field is at most 3 bits wide, the message id at most 8. */
#define SM_NOP 8u        /* operation ids: 3 bits at most */
#define SM_MAX_NMSG 256u /* message ids: 8 bits at most */

/* The names of one family of operations, indexed by operation id (sized by
 * the 3-bit field; a NULL entry is an id without a name). */
struct sm_opnames {
	const char *name[SM_NOP];
};

/* One message type of one generation. */
struct sm_msg {
	const char *name;                /* NULL: no message with this id here */
	const struct sm_opnames *ops;    /* names for operations; NULL: takes none */
	uint8_t valid_ops;               /* bit k: operation k is valid */
	uint8_t stream_ops;              /* bit k: operation k takes a stream id */
};

/* One generation: its messages indexed by id, and the names the assembler
 * looks operation names up in for a message that has none of its own (LLVM
 * looks in the GS list, so `sendmsg(MSG_INTERRUPT, GS_OP_CUT)` is "message
 * does not support operations", not an unknown name). */
struct gk_amdgpu_gen {
	const char *name;                /* "gfx10" */
	const char *gpus;                /* other -g names, space separated */
	uint16_t sopp_sendmsg, sopp_sendmsghalt; /* SOPP opcodes */
	uint8_t msg_lo, msg_bits, op_lo, op_bits, stream_lo, stream_bits;
	const struct sm_opnames *fallback_ops;
	const struct sm_msg *msg;        /* indexed by id: 1 << msg_bits entries */
	unsigned nmsg;
	const char *note;                /* where the row comes from */
};

static inline uint16_t sm_mask(unsigned lo, unsigned bits)
{
	return (uint16_t)(((1u << bits) - 1) << lo);
}

/* bits no part claims (GFX6-GFX10: 7 and 15:10) */
static inline uint16_t sm_unused_mask(const struct gk_amdgpu_gen *g)
{
	return (uint16_t)~(sm_mask(g->msg_lo, g->msg_bits) | sm_mask(g->op_lo, g->op_bits) |
			   sm_mask(g->stream_lo, g->stream_bits));
}

extern const struct gk_amdgpu_gen gk_sm_gens[];
extern const unsigned gk_sm_ngens;

#endif
