/* Stable names of the diagnostic codes: JSON's "code" and what scripts match
 * on.  Designated initializers, so a code without a name is an explicit gap
 * (tests/core/test_json_schema.c asserts there is none). */
#include "gfxkit/diag.h"

static const char *const code_names[] = {
	[GK_D_NONE] = "none",
	[GK_D_TYPE1] = "type1_packet",
	[GK_D_UNKNOWN_OPCODE] = "unknown_opcode",
	[GK_D_WRONG_GEN] = "wrong_generation",
	[GK_D_TRUNCATED] = "truncated",
	[GK_D_TOO_SHORT] = "too_short",
	[GK_D_TOO_LONG] = "too_long",
	[GK_D_BAD_MULTIPLE] = "bad_multiple",
	[GK_D_RESERVED_BITS] = "reserved_bits",
	[GK_D_MISALIGNED] = "misaligned",
	[GK_D_RANGE] = "out_of_range",
	[GK_D_RESERVED_VALUE] = "reserved_value",
	[GK_D_REG_SPACE] = "register_space",
	[GK_D_EXEC_COUNT] = "exec_count",
	[GK_D_SHADER_TYPE] = "shader_type",
	[GK_D_DONTCARE_BITS] = "dontcare_bits",
	[GK_D_SYNTAX] = "syntax",
	[GK_D_IO] = "io",
	[GK_D_LIMIT] = "limit",
	[GK_D_BOUNDS] = "out_of_bounds",
	[GK_D_OVERFLOW] = "address_overflow",
	[GK_D_RULE] = "field_rule",
	[GK_D_IB] = "indirect_buffer",
	[GK_D_IB_OVERLAP] = "ib_overlap",
	[GK_D_LINT] = "lint",
};

const char *gk_diag_code_name(enum gk_diag_code code)
{
	if ((unsigned)code >= sizeof code_names / sizeof code_names[0] || !code_names[code])
		return "unknown";
	return code_names[code];
}
