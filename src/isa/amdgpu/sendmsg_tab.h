/* The s_sendmsg message tables (seed 003, "msg" for GFX10; GFX6-9 rows
 * verified against llvm-mc 14): types shared by sendmsg_tab.c (data) and the
 * code that walks it (sendmsg.c, isa.c). */
#ifndef GK_AMDGPU_SENDMSG_TAB_H
#define GK_AMDGPU_SENDMSG_TAB_H

#include <stdint.h>

/* The 16-bit operand: one mask per part (seed 003, first table). */
#define SM_MSG_LO 0
#define SM_MSG_HI 3
#define SM_OP_LO 4
#define SM_OP_HI 6
#define SM_STREAM_LO 8
#define SM_STREAM_HI 9
#define SM_FIELD_MASK(lo, hi) ((uint16_t)(((1u << ((hi) - (lo) + 1)) - 1) << (lo)))
#define SM_USED_MASK                                                                     \
	(SM_FIELD_MASK(SM_MSG_LO, SM_MSG_HI) | SM_FIELD_MASK(SM_OP_LO, SM_OP_HI) |     \
	 SM_FIELD_MASK(SM_STREAM_LO, SM_STREAM_HI))
#define SM_UNUSED_MASK ((uint16_t)~SM_USED_MASK) /* bits 7 and 15:10 */
#define SM_NMSG (1u << (SM_MSG_HI - SM_MSG_LO + 1))
#define SM_NOP (1u << (SM_OP_HI - SM_OP_LO + 1))
#define SM_MAX_STREAM ((1u << (SM_STREAM_HI - SM_STREAM_LO + 1)) - 1)

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
	const struct sm_opnames *fallback_ops;
	struct sm_msg msg[SM_NMSG];
	const char *note;                /* where the row comes from */
};

extern const struct gk_amdgpu_gen gk_sm_gens[];
extern const unsigned gk_sm_ngens;

#endif
