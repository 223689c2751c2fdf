/* Diagnostics are values: the library never prints, exits or aborts. */
#ifndef GFXKIT_DIAG_H
#define GFXKIT_DIAG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum gk_severity { GK_WARNING = 1, GK_ERROR = 2 };

/* What a diagnostic is about; stable, so tests and tools can match on it. */
enum gk_diag_code {
	GK_D_NONE = 0,
	GK_D_TYPE1,          /* type-1 packet (unsupported on R6xx+) */
	GK_D_UNKNOWN_OPCODE, /* opcode known to no generation */
	GK_D_WRONG_GEN,      /* packet exists, but not on this generation */
	GK_D_TRUNCATED,      /* packet runs past the end of the buffer */
	GK_D_TOO_SHORT,      /* body shorter than the layout */
	GK_D_TOO_LONG,       /* body longer than the layout */
	GK_D_BAD_MULTIPLE,   /* tail not a whole number of units */
	GK_D_RESERVED_BITS,  /* reserved / must-be-zero bits set */
	GK_D_MISALIGNED,     /* address not aligned as the field requires */
	GK_D_RANGE,          /* value outside its valid range */
	GK_D_RESERVED_VALUE, /* enum value with no meaning */
	GK_D_REG_SPACE,      /* SET_* registers outside their space */
	GK_D_EXEC_COUNT,     /* COND_EXEC / PRED_EXEC count not on a packet boundary / past the end */
	GK_D_SHADER_TYPE,    /* header SHADER_TYPE wrong for the packet */
	GK_D_DONTCARE_BITS,  /* don't-care bits set (warning) */
	GK_D_SYNTAX,         /* assembler: text error */
	GK_D_IO,             /* input could not be read */
	GK_D_LIMIT,          /* too many diagnostics for one packet; rest suppressed */
	GK_D_BOUNDS,         /* memory a packet touches lies outside every declared buffer */
	GK_D_OVERFLOW,       /* the address arithmetic of an access overflows 64 bits */
	GK_D_RULE,           /* fields of one packet disagree (a rule between fields) */
	GK_D_IB,             /* following: an indirect buffer absent or partly absent from memory, a cycle, too deep */
	GK_D_IB_OVERLAP,     /* following: two indirect buffers, or one and the ring, share bytes */
	GK_D_LINT,           /* lint: register state at a draw or dispatch breaks a programming rule */
	GK_D_NCODES          /* how many codes there are (not a code) */
};

struct gk_diag {
	enum gk_severity severity;
	enum gk_diag_code code;
	uint64_t offset;      /* byte offset of the packet (or of the input for text errors) */
	int32_t dw;           /* dword index in the packet (0 = header), -1: whole packet */
	int8_t lo, hi;        /* bit range in that dword, -1: none */
	const char *packet;   /* packet name, or NULL */
	const char *field;    /* field name, or NULL */
	uint32_t line, col;   /* assembler: 1-based text position, 0: none */
	char message[160];
	const char *rule;     /* lint: the rule's identifier ("scissor-tl-range"), else NULL */
	const char *section;  /* lint: the guide section it comes from ("2.2"), else NULL */
};

/* Caller-supplied sink.  Return non-zero to stop. */
typedef int (*gk_diag_fn)(void *ctx, const struct gk_diag *d);

/* The code's stable name ("reserved_bits", "out_of_bounds", ...): JSON's
 * "code".  "unknown" for a value that is no code. */
const char *gk_diag_code_name(enum gk_diag_code code);

/* "PACKET: dw1[1:0]: message" (the form the CLI prints after its
 * "FILE:0xOFFSET: error: "), snprintf style: writes at most cap bytes
 * including a terminating NUL (buf may be NULL when cap is 0; nothing is
 * written then) and returns the length the whole text needs, so a return
 * >= cap means it was cut.  d NULL: returns 0 (buf, when cap > 0, becomes "").
 * message is read up to its first NUL or the end of the array, whichever
 * comes first. */
size_t gk_diag_format(const struct gk_diag *d, char *buf, size_t cap);

/* Length of d->message: up to its first NUL, at most sizeof d->message (a
 * caller may fill every byte); 0 for d NULL.  Every printer reads message
 * through it. */
size_t gk_diag_message_len(const struct gk_diag *d);

#ifdef __cplusplus
}
#endif
#endif
