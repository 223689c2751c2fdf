/* Declarative format descriptions: fields, enums, packets, register spaces.
 *
 * Every packet (or instruction) family is described once with these types;
 * decode, encode, check and both printers are generic walkers over them
 * (src/core/).  A family adds only its framing rule (src/<family>/). */
#ifndef GFXKIT_DESC_H
#define GFXKIT_DESC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gfxkit/regdb.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Named values of a field.  names[] has (1 << nbits) entries, filled with
 * designated initializers so a missing name is an explicit NULL gap (a
 * reserved value), never a shifted one. */
struct gk_enum {
	uint8_t nbits;
	const char *const *names;
	const uint8_t *tags;   /* (1 << nbits) enum gk_tag, by value; NULL: no value has a meaning code acts on */
};

/* What a named value means where code acts on it (the executor, the access
 * model, lint).  The tables say it beside the name (GK_ENUM_TAGS in
 * src/core/desc_macros.h), so no C compares an enum's spellings: two
 * generations may spell a compare function or an array mode differently
 * and still mean the same.  One list for every enum; a value no code acts
 * on is GK_TAG_NONE.  Grouped by meaning, each group's first and last
 * member bounding it (gk_tag_in). */
enum gk_tag {
	GK_TAG_NONE = 0,
	/* array modes (surface layouts; addrlib AddrTileMode) */
	GK_TAG_ARRAY_LINEAR_GENERAL, /* rows of pitch elements, no padding */
	GK_TAG_ARRAY_LINEAR_ALIGNED, /* linear, pitch and height padded */
	GK_TAG_ARRAY_1D_THIN,        /* 1D_TILED_THIN1 */
	GK_TAG_ARRAY_1D_THICK,       /* 1D_TILED_THICK: 4 slices a micro tile */
	GK_TAG_ARRAY_2D_THIN,        /* 2D_TILED_THIN1 */
	GK_TAG_ARRAY_TILED_THIN,     /* another thin tiled mode (2D THIN2/4, 2B, 3D, 3B, PRT thin) */
	GK_TAG_ARRAY_TILED_THICK,    /* another thick mode: 4 slices a micro tile */
	GK_TAG_ARRAY_TILED_XTHICK,   /* XTHICK: 8 slices a micro tile */
	/* micro tile modes (GFX6-8) */
	GK_TAG_MICRO_DISPLAY, GK_TAG_MICRO_THIN, GK_TAG_MICRO_DEPTH, GK_TAG_MICRO_ROTATED, GK_TAG_MICRO_THICK,
	/* compare functions: (value & mask) FUNCTION reference (seed 001 §9.5.2, §9.6.8; DMA POLL_REG_MEM) */
	GK_TAG_CMP_ALWAYS, GK_TAG_CMP_LESS, GK_TAG_CMP_LESS_EQUAL, GK_TAG_CMP_EQUAL, GK_TAG_CMP_NOT_EQUAL,
	GK_TAG_CMP_GREATER_EQUAL, GK_TAG_CMP_GREATER,
	/* places: where a value is or goes (a place select, a space select, a DMA's source or
	 * destination) */
	GK_TAG_PLACE_REG,     /* a register (REGISTER, MEM_MAPPED_REGISTER) */
	GK_TAG_PLACE_MEM,     /* memory (MEMORY, MEM_GRBM, TC_L2, SRC_ADDR, DST_ADDR ...) */
	GK_TAG_PLACE_DATA,    /* the packet's own data (IMMEDIATE_DATA, DATA) */
	GK_TAG_PLACE_CLOCK,   /* the GPU clock (GPU_CLOCK_COUNT, GPU_CLOCK) */
	GK_TAG_PLACE_NOWHERE, /* no place: read and dropped (an L2 prefetch) */
	GK_TAG_PLACE_GDS,     /* the global data share, which the executor does not have */
	GK_TAG_PLACE_OTHER,   /* another place the executor does not have (performance counters, ...) */
	/* fill sizes (CIK CONSTANT_FILL SIZE) */
	GK_TAG_SIZE_BYTE, GK_TAG_SIZE_DWORD,
	/* byte swaps: bytes reversed inside 2-, 4-, 8-byte units */
	GK_TAG_SWAP_NONE, GK_TAG_SWAP_8IN16, GK_TAG_SWAP_8IN32, GK_TAG_SWAP_8IN64,
	/* preamble commands (§9.2.2 PREAMBLE_CNTL): a clear-state preamble's ends, other marks */
	GK_TAG_CLEAR_STATE_BEGIN, GK_TAG_CLEAR_STATE_END, GK_TAG_PREAMBLE_MARK,
	/* what an end-of-pipe or end-of-shader write sends (§9.6.2 DATA_SEL, §9.6.3 CMD) */
	GK_TAG_SEND_NOTHING,  /* DISCARD */
	GK_TAG_SEND_DATA32,   /* the packet's 32-bit data */
	GK_TAG_SEND_DATA64,   /* its two data dwords */
	GK_TAG_SEND_CLOCK,    /* the 64-bit GPU clock */
	GK_TAG_SEND_OTHER,    /* a value the executor does not have (counters, GDS, system clock) */
	/* interrupt selects (§9.6.2 INT_SEL) */
	GK_TAG_INT_NONE, GK_TAG_INT_SEND,
	/* semaphore selects (§9.6.4 SEM_SEL) */
	GK_TAG_SEM_SIGNAL, GK_TAG_SEM_WAIT,
	/* predicate operations (§9.5.3 PRED_OP, sid.h PREDICATION_OP_*) */
	GK_TAG_PRED_CLEAR, GK_TAG_PRED_BOOL32, GK_TAG_PRED_BOOL64,
	GK_TAG_PRED_OTHER,    /* sums of depth-block or streamout results */
	/* address stepping of a DMA side (CP_DMA SAIC / DAIC) */
	GK_TAG_ADDR_INCREMENT, GK_TAG_ADDR_NO_INCREMENT,
	/* wait operations (nvd.h / soc15d.h WAIT_REG_MEM OPERATION): a poll; a register write then a
	 * poll of a second register (the kernel's gfx_v*_wait_reg_mem with opt 1); the second
	 * register written, then the first polled (SDMA POLL_REGMEM's HDP_FLUSH form:
	 * sdma_v4_0_ring_emit_hdp_flush); another form */
	GK_TAG_WAITOP_POLL, GK_TAG_WAITOP_WRITE_POLL, GK_TAG_WAITOP_WRITE2_POLL, GK_TAG_WAITOP_OTHER,
	/* the INDEX of a SET_*_REG_INDEX: which register the CP's firmware is told
	 * it writes; AS_GIVEN: the value lands as the packet gives it; VMID: the CP
	 * puts the queue's VMID into the value (state the packet does not carry) */
	GK_TAG_REGIDX_AS_GIVEN, GK_TAG_REGIDX_VMID,
	/* a GFX9+ surface's resource type (addrlib AddrResourceType; SDMA DIMENSION) */
	GK_TAG_DIM_1D, GK_TAG_DIM_2D, GK_TAG_DIM_3D,
	GK_TAG__COUNT
};
#define GK_TAG_ARRAY_FIRST GK_TAG_ARRAY_LINEAR_GENERAL
#define GK_TAG_ARRAY_LAST GK_TAG_ARRAY_TILED_XTHICK
#define GK_TAG_MICRO_FIRST GK_TAG_MICRO_DISPLAY
#define GK_TAG_MICRO_LAST GK_TAG_MICRO_THICK
#define GK_TAG_CMP_FIRST GK_TAG_CMP_ALWAYS
#define GK_TAG_CMP_LAST GK_TAG_CMP_GREATER
#define GK_TAG_PLACE_FIRST GK_TAG_PLACE_REG
#define GK_TAG_PLACE_LAST GK_TAG_PLACE_OTHER
#define GK_TAG_SIZE_FIRST GK_TAG_SIZE_BYTE
#define GK_TAG_SIZE_LAST GK_TAG_SIZE_DWORD
#define GK_TAG_SWAP_FIRST GK_TAG_SWAP_NONE
#define GK_TAG_SWAP_LAST GK_TAG_SWAP_8IN64
#define GK_TAG_PREAMBLE_FIRST GK_TAG_CLEAR_STATE_BEGIN
#define GK_TAG_PREAMBLE_LAST GK_TAG_PREAMBLE_MARK
#define GK_TAG_SEND_FIRST GK_TAG_SEND_NOTHING
#define GK_TAG_SEND_LAST GK_TAG_SEND_OTHER
#define GK_TAG_INT_FIRST GK_TAG_INT_NONE
#define GK_TAG_INT_LAST GK_TAG_INT_SEND
#define GK_TAG_SEM_FIRST GK_TAG_SEM_SIGNAL
#define GK_TAG_SEM_LAST GK_TAG_SEM_WAIT
#define GK_TAG_PRED_FIRST GK_TAG_PRED_CLEAR
#define GK_TAG_PRED_LAST GK_TAG_PRED_OTHER
#define GK_TAG_ADDR_FIRST GK_TAG_ADDR_INCREMENT
#define GK_TAG_ADDR_LAST GK_TAG_ADDR_NO_INCREMENT
#define GK_TAG_WAITOP_FIRST GK_TAG_WAITOP_POLL
#define GK_TAG_WAITOP_LAST GK_TAG_WAITOP_OTHER
#define GK_TAG_REGIDX_FIRST GK_TAG_REGIDX_AS_GIVEN
#define GK_TAG_REGIDX_LAST GK_TAG_REGIDX_VMID
#define GK_TAG_DIM_FIRST GK_TAG_DIM_1D
#define GK_TAG_DIM_LAST GK_TAG_DIM_3D
/* whether tag t is in the group first..last (GK_TAG_CMP_FIRST, GK_TAG_CMP_LAST) */
#define GK_TAG_IN(t, group) ((t) >= GK_TAG_##group##_FIRST && (t) <= GK_TAG_##group##_LAST)

/* One contiguous piece of a field: bits lo..hi of packet dword dw land at
 * bit pos of the field's value.  A 40-bit address is two segments:
 * {dw1, 2, 31, 2} and {dw2, 0, 7, 32}. */
struct gk_seg {
	uint8_t dw, lo, hi, pos;
};

enum gk_kind {
	GK_UINT,      /* a number */
	GK_ENUM,      /* a number with names (enm) */
	GK_FLAG,      /* one bit */
	GK_FLAGS,     /* a set of named bits (enm names bit i), printed A|B|C */
	GK_ADDR,      /* a memory address, printed whole in hex */
	GK_REG,       /* a register as a dword index (byte address / 4, or from the start of
	               * the field's .space), printed by name */
	GK_DONTCARE,  /* bits the hardware ignores: shown when non-zero, never an error */
	GK_CONST,     /* framing: must equal .min (e.g. packet TYPE); not printed */
	GK_OPCODE,    /* framing: equals the packet's opcode; not printed */
	GK_COUNT,     /* framing: packet dwords - .min (PM4 COUNT: ndw - 2); not printed */
	GK_SUBOP,     /* framing: equals the packet's sub_opcode (DMA sub-command); not printed */
	GK_PARITY,    /* the odd-parity bit of another field of the list (.parity_of): the bit
	               * that makes the ones of that field's value and the bit together odd
	               * (Adreno a5xx+ headers).  The assembler computes it when the text
	               * does not give it; not printed as text, so only for a field whose
	               * framing refuses a wrong bit (the text reads back to the same word) */
};

/* Field flags */
#define GK_F_HIDE0    0x01u  /* printed only when non-zero (header bits such as PREDICATE) */
#define GK_F_HEX      0x02u  /* print in hex (addresses always are) */
#define GK_F_NOTZERO  0x04u  /* check: zero is not valid (SHADER_TYPE of DISPATCH_*) */
#define GK_F_MBZ      0x08u  /* check: must be zero (a "count = 0" of the reference); printed only when set */
#define GK_F_BYNAME   0x10u  /* enum given by name only (names like "4" are counts, not raw values);
                              * a number is accepted only for a value that has no name */
#define GK_F_EXEC     0x20u  /* the value counts dwords after the packet that must be whole packets
                              * (a predicated region: COND_EXEC's EXEC_COUNT); with GK_P_EXEC_COUNT */
#define GK_F_CHAIN    0x40u  /* on a GK_P_IB packet: set, the buffer continues the current one in its
                              * place (GFX9+ INDIRECT_BUFFER CHAIN): followed at the same depth */
#define GK_F_OPTIONAL 0x80u  /* a trailing field a packet may leave out: one that ends before it
                              * simply lacks it, no error (Adreno payload dwords past the count) */

/* How a field's raw value reads as a size (text printers add it as a note):
 * shown = (raw + plus) * mul, or mul << raw for GK_S_POW2. */
enum gk_scale { GK_S_NONE, GK_S_LINEAR, GK_S_POW2 };

struct gk_field {
	const char *name;
	struct gk_seg seg[2];
	uint8_t nseg;
	uint8_t kind;          /* enum gk_kind */
	uint8_t flags;         /* GK_F_* */
	uint16_t align;        /* required byte alignment of the value (power of two), 0: none; a GK_REG
	                        * field with align 4 holds a register's byte address, not its index */
	uint8_t cond;          /* 1 + index of the field that decides presence; 0: always */
	uint32_t cond_mask;    /* present when bit (value of cond field) is set; values >= 32 never */
	uint16_t gens;         /* generations that have the field; 0: all */
	uint64_t min, max;     /* check: valid range when max != 0 (GK_CONST: min is the constant) */
	uint32_t forbid;       /* check: values (< 32) that are errors here, as bits */
	const struct gk_enum *enm;    /* GK_ENUM / GK_FLAGS: the names; a GK_FLAG may carry a one-bit enum of
	                               * tags only (no names: its meaning for the executor) */
	const char *why;       /* check: the rule behind min/max, for the message */
	uint32_t reg;          /* byte address of a register whose fields the value has (0: none) */
	uint8_t space;         /* GK_REG: 1 + the register space (format's spaces) its dword index
	                        * counts from; 0: from address 0 */
	uint8_t value_reg;     /* 1 + index in the same list of the GK_REG field naming the register
	                        * this field's value is written to (register pairs); 0: none */
	uint8_t namelen;       /* strlen(name), set by the table macros (0: unknown, measure) */
	uint8_t scale;         /* enum gk_scale: the value as a size, for the reader */
	uint8_t plus;
	uint8_t parity_of;     /* GK_PARITY: 1 + index in the same list of the field whose parity the
	                        * bit is */
	uint16_t mul;
	const char *unit;      /* "px", "rows", "bytes" */
};

/* Rules between fields of one packet (names refer to its fields). */
enum gk_rule_kind {
	GK_R_SAME_LOW,    /* a and b agree in their low `arg` bits (CIK broadcast destinations) */
	GK_R_X_DWORD,     /* a << b (b = log2 bytes per element) is a multiple of 4: x "DW aligned" */
	GK_R_ALIGN_IF,    /* when field b == arg2 (b NULL: always), a is a multiple of arg */
	GK_R_NOT_BOTH,    /* a == arg together with b == arg2 is an error */
	GK_R_EQUAL,       /* a == b, except the pair a == arg, b == arg2 is allowed too */
	GK_R_WARN_EQ,     /* a == arg (with b == arg2 when b is given) is legal but suspect: a warning */
	GK_R_GROUP_ITEMS, /* a counts items the repeated groups hold, arg to a group: the groups
	                   * must be the fewest that hold a items (a group may be part-used) */
};

struct gk_rule {
	uint8_t kind;
	const char *a, *b;
	uint32_t arg, arg2;
	const char *why;
};

/* Memory a packet reads or writes, for bounds checking against declared
 * buffers (check --bo), following indirect buffers and execution.  Sizes
 * come from the packet's fields by name. */
enum gk_access_size {
	GK_Z_FIXED,     /* n bytes */
	GK_Z_COUNT,     /* field count * n bytes (count 0: nothing; plus: count + plus), each
	                 * unit stride times n bytes, from unit first */
	GK_Z_RECT,      /* linear sub-window: elements of 1 << esize bytes, origin x,y,z, row
	                 * pitch, slice pitch (elements, or bytes when bytes_pitch), extent w,h,d */
	GK_Z_TILED,     /* a tiled surface (struct gk_surface): pitch and slice in elements,
	                 * 1 << esize bytes each, laid out by the `mode` field and the
	                 * surface fields; the box x,y,z + w,h,d, or count * n bytes
	                 * (n 0: 8x8-pixel tiles) in raster order from (x, y) of slice z */
};

#define GK_ACC_READ  1u
#define GK_ACC_WRITE 2u

/* A field an access row (or its surface) names, and how its raw value v
 * reads as the quantity the row means: v itself (GK_S_NONE), (v + plus) * mul
 * (GK_S_LINEAR: "PITCH_TILE_MAX + 1 tiles of 8 elements"), or mul << v
 * (GK_S_POW2: "64 << TILE_SPLIT bytes").  The encodings are table data so
 * the access model and the executor hold no per-family arithmetic.  name
 * NULL: the row has no such field (the quantity takes its default). */
struct gk_arg {
	const char *name;
	uint8_t scale;         /* enum gk_scale */
	uint8_t plus;
	uint16_t mul;
};

/* How a tiled surface is laid out beyond the access row's own fields
 * (mode, pitch, slice, element size): which kind of layout the mode field
 * selects, and the fields that parameterise it, with their encodings.
 * GK_SURF_ARRAY: r6xx-GFX8 array modes (the mode field's values tagged
 * GK_TAG_ARRAY_*), the micro tile mode (tagged GK_TAG_MICRO_*) and the
 * GFX6-8 macro-tiling parameters; a packet without the pipe_config field
 * on its generation has no GFX6-8 layout (r6xx-Cayman order the elements
 * of a micro tile their own way).  GK_SURF_SWIZZLE: a GFX9-12 swizzle mode
 * (the mode field's value is addrlib's swizzle mode id, laid out by
 * include/gfxkit/swizzle.h on the format's GB_ADDR_CONFIG, struct
 * gk_format swz_chip), with the surface's own size (width, height,
 * depth), resource type (dimension, tagged GK_TAG_DIM_*), mip count, the
 * level the access is in (mip_id) and the packet's epitch. */
enum gk_surface_kind {
	GK_SURF_NONE,    /* no layout known: bounded by whole slices, not executed */
	GK_SURF_ARRAY,   /* r6xx-GFX8 array modes */
	GK_SURF_SWIZZLE, /* GFX9-12 swizzle modes */
};

struct gk_surface_fields {
	uint8_t kind;          /* enum gk_surface_kind */
	struct gk_arg micro, pipe_config, tile_split, bank_width, bank_height, macro_aspect, num_banks;
	/* GK_SURF_SWIZZLE (absent: 2D, 1 mip, mip 0, no epitch; sizes 1) */
	struct gk_arg dimension, mips, mip_id, epitch, width, height, depth;
};

/* A buffer a packet points at (struct gk_format.follow): its bytes, the
 * engine that decodes them (NULL: the stream's own; else an engine name
 * gk_engine_open takes with the stream's GPU, such as "isa" for shader
 * instructions), and the field that names it for diagnostics (dword, bit
 * range).  inside: the bytes are the packet's own (an inline shader): no
 * overlap warning with the stream around it. */
struct gk_follow_ref {
	uint64_t addr, bytes;
	const char *engine;
	const char *field;
	int dw, lo, hi;
	int inside;
};
#define GK_FOLLOW_REFS 32 /* buffers one packet may point at (CP_SET_DRAW_STATE: 32 groups) */

struct gk_access {
	uint8_t rw;            /* GK_ACC_READ / GK_ACC_WRITE (both: read-modify-write) */
	uint8_t size;          /* enum gk_access_size */
	const char *addr;      /* address field */
	const char *flip;      /* when this field is non-zero, read and write swap (DETILE, DIRECTION) */
	const char *count;     /* GK_Z_COUNT / GK_Z_TILED: count field */
	uint32_t n;            /* bytes (FIXED), bytes per count unit (COUNT, TILED) */
	uint8_t plus;          /* GK_Z_COUNT: count + plus units */
	struct gk_arg stride;  /* GK_Z_COUNT: a unit is stride * n bytes (absent: n) */
	struct gk_arg first;   /* GK_Z_COUNT: the first unit (absent: 0) */
	/* GK_Z_RECT / GK_Z_TILED: origin (absent: 0), row and slice pitch (as
	 * encoded: elements, or bytes when bytes_pitch), extent (absent: 1; no
	 * d on a tiled row: a run of count units), log2 bytes per element */
	struct gk_arg x, y, z, pitch, slice, w, h, d, esize;
	uint8_t bytes_pitch;
	uint8_t esize_const;   /* log2 bytes per element when esize names no field */
	const char *mode;      /* GK_Z_TILED: the array mode field (NULL: always whole slices) */
	const struct gk_surface_fields *surface; /* GK_Z_TILED: the layout's other fields (NULL: none) */
};

/* The fields an access row names, in a fixed order (enum gk_acc_slot):
 * what gk_format_prepare resolves to indices and a table test checks. */
enum gk_acc_slot {
	GK_AS_ADDR, GK_AS_FLIP, GK_AS_COUNT, GK_AS_MODE, GK_AS_STRIDE, GK_AS_FIRST,
	GK_AS_X, GK_AS_Y, GK_AS_Z, GK_AS_PITCH, GK_AS_SLICE, GK_AS_W, GK_AS_H, GK_AS_D, GK_AS_ESIZE,
	GK_AS_MICRO, GK_AS_PIPE_CONFIG, GK_AS_TILE_SPLIT, GK_AS_BANK_WIDTH, GK_AS_BANK_HEIGHT, GK_AS_MACRO_ASPECT,
	GK_AS_NUM_BANKS, GK_AS_DIMENSION, GK_AS_MIPS, GK_AS_MIP_ID, GK_AS_EPITCH, GK_AS_SURF_W, GK_AS_SURF_H,
	GK_AS_SURF_D,
	GK_ACC_SLOTS
};
#define GK_AS_SURFACE_FIRST GK_AS_MICRO /* slots from here: the surface's fields */

/* What a packet does when a stream runs (src/exec, gfxkit run): its effects,
 * one row each, in order.  The executor names no packet: each op is a
 * behaviour, its arguments the packet's own field names, by role (the
 * struct gk_exec_row members below), and its access rows (struct gk_access:
 * where the bytes are).  What an enum value means to an op is its tag
 * (enum gk_tag), never its spelling.  A packet with no row (and no GK_P_IB)
 * is one the executor cannot run: a run reaching it stops with a fault
 * naming it, never guessing.  Register fields of kind GK_REG are dword
 * indices, others byte addresses. */
enum gk_exec_op {
	GK_X_NOTHING = 1, /* runs and changes nothing (NOP) */
	GK_X_COPY,        /* the bytes of the read access to every write access, element by element in the
	                   * order both walk their surfaces (swap: swap[k] of access k) */
	GK_X_WRITE_DATA,  /* the packet's tail dwords to its write access */
	GK_X_FILL,        /* .value repeated over the write access, in units of .size (a SIZE-tagged select:
	                   * BYTE / DWORD), else of n bytes (n 0: 4) */
	GK_X_STORE,       /* .value, n bytes little-endian, to the write access */
	GK_X_INTERRUPT,   /* an interrupt is raised (recorded; .value says which, may be NULL) */
	GK_X_WAIT,        /* wait until (value & .mask) .func .ref: .func a compare function (CMP tags; NULL:
	                   * EQUAL), .space a place select (REG / MEM; NULL: memory, or the register when
	                   * .reg is given), value the dword at the read access or register .reg; when
	                   * .sel (a WAITOP select) says WRITE_POLL: .ref is first written to register .reg
	                   * (a flush request sets its done bits: src/exec/exec.c) and register .reg2 is
	                   * the value polled; WRITE2_POLL: .ref to register .reg2, then .reg polled */
	GK_X_SEMAPHORE,   /* .sel signals (a SEM-tagged select, or a flag: set signals): the 64-bit count at
	                   * the access + 1 (1 when .flag is set); a wait: for it to be non-zero, take one */
	GK_X_COND_EXEC,   /* the dword at the read access zero (with .ref: not equal to .ref): skip the
	                   * .count dwords after the packet */
	GK_X_REG_WRITE,   /* register .reg (a GK_REG field, or a byte address) <- .value, the bytes .mask enables (NULL: all) */
	GK_X_CLOCK_SET,   /* the engine's clock <- .value */
	GK_X_CLOCK_STORE, /* the clock, 8 bytes, to the write access */
	GK_X_PTE,         /* page-table entries to the write access, 8 bytes each: entry i is
	                   * (.value + i * .incr) | .mask */
	GK_X_REFUSE,      /* the packet is not run: .why says why (a form whose effect the sources do not
	                   * give); with when, only that form */
	/* the command processor's (src/exec/exec_cp.c).  A place select (.sel, .dst_sel) is an enum
	 * field whose values are PLACE-tagged: a register, memory, the packet's data, the clock,
	 * nowhere (an L2 prefetch); GDS and the other places are not run. */
	GK_X_REG_RUN,     /* the unit's register run (GK_TAIL_REGS: tail dwords to consecutive registers from
	                   * its first) into the register file */
	GK_X_REG_PAIRS,   /* per repeated group: register (start of register space n) + .reg * 4 <- .value;
	                   * .reg2, .value2 a second pair in the group, .count the count of registers (the
	                   * last group's second pair is unused when it is odd) */
	GK_X_REG_LOAD,    /* per repeated group: .count dwords from memory at .addr + .reg * 4 to the
	                   * registers from (start of register space n) + .reg * 4 */
	GK_X_REG_DEFAULT, /* every register of register space n back to its default: the last value given
	                   * before the run (gk_exec_set_reg) or written inside a clear-state preamble
	                   * (GK_X_PREAMBLE), else unset (reads 0) */
	GK_X_PREAMBLE,    /* .sel the preamble command: CLEAR_STATE_BEGIN: the registers written from here
	                   * are defaults too; CLEAR_STATE_END: no longer; PREAMBLE_MARK: nothing */
	GK_X_EVENT,       /* an event, recorded: .value the field naming it; the form where field .counters
	                   * is present (the event also writes counters to memory) is not run */
	GK_X_DRAW,        /* a draw or dispatch, recorded with the register state in force (--state prints
	                   * it); when the flag .flag (the header's PREDICATE) is set it is skipped while the
	                   * predicate (GK_X_PREDICATE) says not to draw; field .value (the initiator) is
	                   * written to the register its description names (gk_field.reg) */
	GK_X_EOP,         /* an end-of-pipe write to memory at .addr: .sel the data select (SEND tags:
	                   * NOTHING; DATA32: .value, 4 bytes; DATA64: .value | .value_hi << 32; CLOCK: the
	                   * clock, 8 bytes), .irq the interrupt select (INT_NONE: none; any other non-zero
	                   * value: an interrupt, recorded) */
	GK_X_LATCH,       /* the latch <- the value at the place .sel selects (NULL: the data): register
	                   * .reg (NULL: .addr, a dword index), memory at .addr | .addr_hi << 32, or the data
	                   * .addr | .addr_hi << 32; 8 bytes when n is 8 or field .flag is non-zero */
	GK_X_TEST,        /* (latch & .mask) .func .ref (as GK_X_WAIT's); false: the packet's later rows of
	                   * the ops the dispatcher marks as gated do not run */
	GK_X_PUT,         /* the latch to the place .sel selects (NULL: memory), arguments as GK_X_LATCH;
	                   * 4 bytes only when field .flag is non-zero; swap[0] the memory's byte swap */
	GK_X_DATA_TO,     /* the tail dwords to the place .sel selects, arguments as GK_X_LATCH: memory or
	                   * consecutive registers, all to the first when field .flag is non-zero */
	GK_X_PREDICATE,   /* the draw predicate: .sel the operation (PRED tags: CLEAR: off; BOOL32 / BOOL64:
	                   * the 4 / 8 bytes at address .addr non-zero means visible), .flag non-zero: draw
	                   * when visible, zero: when not */
	GK_X_PRED_EXEC,   /* the .count dwords after the packet run only when the device mask .mask has
	                   * bit 0 (the executor is one device, device 0) */
	GK_X_REFUSE_IF,   /* not run when field .sel's value is tagged .tag: .why says why */
	GK_X_PARAM,       /* draw parameters: the values of fields .keep[] are kept for the draws and
	                   * dispatches that follow (--state prints them) */
	GK_X_DMA,         /* .count bytes from the place .sel selects (memory at .addr | .addr_hi << 32, or
	                   * the data .addr repeated) to the place .dst_sel selects (memory at address field
	                   * .dst; NOWHERE: read, not written) */
	GK_X_END          /* past the last op */
};

#define GK_EXEC_KEEP 2
/* One effect: the op and the fields it reads, by role (names of the
 * packet's fields; NULL: none).  Which roles an op reads is said at its
 * enum gk_exec_op value; the executor resolves the names to field indices
 * once, when it is created (gk_exec_create). */
struct gk_exec_row {
	uint8_t op;                      /* enum gk_exec_op */
	uint8_t n;                       /* op-specific size in bytes, or a register space */
	uint8_t tag;                     /* GK_X_REFUSE_IF: the meaning (enum gk_tag) that refuses */
	const char *value, *value_hi;    /* a value (data, pattern, initiator, event); its high dword */
	const char *value2;              /* a second value (GK_X_REG_PAIRS) */
	const char *sel, *dst_sel;       /* selects: a place, a data select, a command, an operation */
	const char *addr, *addr_hi;      /* an address (or the data a place select may pick); its high dword */
	const char *dst;                 /* a destination address (GK_X_DMA) */
	const char *reg, *reg2;          /* register fields */
	const char *func, *mask, *ref;   /* compare function, mask, reference; a mask of bytes or bits */
	const char *space;               /* memory or register (a place select) */
	const char *count;               /* a count: dwords, bytes, registers */
	const char *size;                /* a fill's unit select */
	const char *flag;                /* a flag the op names at its enum value */
	const char *irq;                 /* an interrupt select */
	const char *incr;                /* a step per entry (GK_X_PTE) */
	const char *counters;            /* GK_X_EVENT: present in the form that writes counters */
	const char *keep[GK_EXEC_KEEP];  /* GK_X_PARAM: the fields kept */
	const char *why;                 /* GK_X_REFUSE, GK_X_REFUSE_IF: the sentence saying why */
	const char *when;                /* run the row only when this field is non-zero (NULL: always) */
	const char *swap[3];             /* the byte-swap field of access k (SWAP tags); NULL: none */
};

/* What follows the fixed fields of a packet. */
enum gk_tail {
	GK_TAIL_NONE,
	GK_TAIL_DATA,    /* raw dwords (NOP data, immediate indices) */
	GK_TAIL_REGS,    /* consecutive register values starting at reg_field in space */
	GK_TAIL_GROUPS,  /* a repeated group of fields (LOAD_* offset/count pairs) */
};

/* Packet flags */
#define GK_P_EXEC_COUNT  0x01u /* a GK_F_EXEC field covers the following dwords */
#define GK_P_COMPUTE     0x02u /* header SHADER_TYPE must be 1 */
#define GK_P_GRAPHICS    0x04u /* header SHADER_TYPE should be 0 (a warning) */
#define GK_P_SHADER0     0x08u /* header SHADER_TYPE must be 0 (an error) */
#define GK_P_FILLER      0x10u /* the tail is filler: the assembler may pad it with zeros */
#define GK_P_IB          0x20u /* access 0 is an indirect buffer of this engine's packets (followed) */

struct gk_packet_desc {
	const char *name;
	const char *alias;       /* another spelling the assembler accepts (kernel header name) */
	uint16_t opcode;
	uint16_t gens;           /* bit per generation of the family */
	const struct gk_field *hdr;   /* shared header layout (dword 0) */
	uint8_t nhdr;
	uint8_t nfields;
	const struct gk_field *fields;
	uint16_t min_dw, max_dw; /* whole packet incl. header; max_dw 0: unbounded */
	uint8_t tail;            /* enum gk_tail */
	uint8_t tail_dw;         /* first tail dword */
	uint8_t tail_unit;       /* tail dword count must be a multiple of this (0/1: any) */
	uint8_t reg_field;       /* GK_TAIL_REGS: index of the start-offset field (in hdr if reg_in_hdr) */
	uint8_t reg_in_hdr;
	uint8_t space;           /* GK_TAIL_REGS: index into the format's register spaces */
	uint8_t ngroup;          /* GK_TAIL_GROUPS: fields per group, dwords per group */
	uint8_t group_dw;
	const struct gk_field *group; /* segment dw is relative to the group start */
	const char *tail_name;
	uint16_t flags;          /* GK_P_* */
	const char *note;        /* one line: seed section or source that decided the layout */
	uint16_t sub_opcode;     /* with a GK_SUBOP header field: the sub-command */
	const struct gk_rule *rules;
	uint8_t nrules;
	uint8_t naccess;
	const struct gk_access *access;
	uint8_t nexec;
	const struct gk_exec_row *exec; /* what it does when run (NULL: the executor cannot run it) */
};

/* A register space: SET_* packets give offsets relative to start. */
struct gk_space {
	const char *name;
	uint32_t start, end;     /* byte addresses, end exclusive */
};

struct gk_format;
struct gk_packet;
struct gk_unit;
struct gk_diags;

#define GK_MAX_DESCS 255  /* descriptions one family may have (indices are uint8_t, 0xff: none) */
#define GK_FAST_RULES 4      /* rules / accesses per description with names resolved up front */
#define GK_FAST_ACCESSES 3
#define GK_MAX_SURF_WORDS 48 /* gk_format.surf_words: RECT and array TILED rows planned from the words */

/* A field of the fixed dwords as shifts and masks, for the words-only
 * access ranges (gk_desc_fast.acc_words, gk_format.surf_words): nseg
 * segments (0: no such field), each (dw[i] >> lo[i]) & mask[i] placed at
 * bit pos[i] of the value.  At file scope so C++ sees one name. */
struct gk_word_field {
	uint8_t nseg, dw[2], lo[2], pos[2];
	uint32_t mask[2];
};

/* One field of the text printer's compiled plan of a description
 * (gk_desc_fast.print_op0, src/core/text.c put_direct_ops): the field,
 * how its value comes out of the words (w: shifts and masks, nseg 0 for
 * the general way), how it is written (kind: GK_POP_*), its flags
 * (GK_POP_HIDE0: a zero is not shown; GK_POP_QUIET: one of the fields
 * print_quiet drops; GK_POP_HDR: of the header's list), its index in its
 * list, and for an enum of at most 8 values each name's length (0: no
 * name, the number in decimal).  At file scope so C++ sees one name. */
struct gk_print_op {
	const struct gk_field *f;
	struct gk_word_field w;
	uint8_t kind, flags, idx;
	uint8_t elen[8];
};
#define GK_POP_GENERAL 0u /* gk_print_op.kind */
#define GK_POP_DEC 1u
#define GK_POP_HEX 2u
#define GK_POP_ENUM 3u
#define GK_POP_ENUM8 4u
#define GK_POP_HIDE0 1u /* gk_print_op.flags */
#define GK_POP_QUIET 2u
#define GK_POP_HDR 4u
#define GK_POP_LAST 8u /* no op after this one starts at an earlier dword (a cut packet's ops end at it) */
#define GK_PRINT_OPS 1536 /* gk_format.print_ops */

#define GK_ACC_HOW_FIXED 1u /* gk_acc_words.how */
#define GK_ACC_HOW_COUNT 2u
#define GK_LEN_GENERAL 0u /* gk_desc_sel.len_kind */
#define GK_LEN_FIXED 1u
#define GK_LEN_COUNT 2u
#define GK_HOOK_FRAMING 0x01u /* gk_desc_fast.hooks: check_framing may report on the description */
#define GK_HOOK_UNIT    0x02u /* check_unit may report on it */
#define GK_REG_PAGE_SHIFT 4 /* 16-byte pages of the register map: a lookup walks at most 4 registers */
#define GK_REG_PAGES (0x40000u >> GK_REG_PAGE_SHIFT)

/* What a family's framing rule says of the packet at some position. */
struct gk_frame {
	const struct gk_packet_desc *desc;  /* NULL: nothing explains it (raw) */
	uint32_t ndw;
	uint8_t type;                       /* family-specific packet type */
	int32_t opcode;                     /* -1: none */
	int32_t sub_opcode;                 /* -1: none (PM4, r6xx/r7xx DMA) */
	uint8_t unknown;                    /* opcode known to no generation */
	uint8_t other_gen;                  /* desc exists, but not for this generation */
};

/* A register whose write the hardware answers in another (an HDP flush
 * request and its done register, a TLB invalidation engine's request and
 * acknowledge): offline the work is done at once, done |= written & mask.
 * Byte addresses; generated with the register tables (scripts/gen_regs.py). */
struct gk_reg_link {
	uint32_t req, done, mask;
};

/* What a format's reg_value_text writes for a field at any value (its
 * reg_value_kind), so a printer can write the common kinds in place:
 * GK_VK_UINT "%u" of the field's bits; GK_VK_HEX "0x%x", 0 as "0";
 * GK_VK_REGID "r%u.%c" of bits [31:2] and "xyzw"[bits 1:0]. */
enum gk_value_kind {
	GK_VK_HOOK = 0,
	GK_VK_NUMBER,
	GK_VK_UINT,
	GK_VK_HEX,
	GK_VK_REGID,
};

struct gk_format {
	const char *family;      /* "pm4" */
	const char *gen;         /* "evergreen" */
	const char *source;      /* the document most layouts come from, by title: list names it where a
	                          * row's note cites only its sections ("§9.2.1") */
	const char *const *gen_names; /* gen_names[b]: the generation of gens bit b (16 of them; NULL: none) */
	uint16_t gen_bit;
	const struct gk_reg_table *regs;
	const struct gk_reg_link *reg_links; /* answered registers (NULL: none) */
	unsigned nreg_links;
	const struct gk_space *spaces;
	uint8_t nspaces;
	const struct gk_packet_desc *descs; /* every description of the family */
	size_t ndescs;
	uint32_t max_packet_dw;  /* longest packet framing can produce */
	uint8_t has_sub_opcode;  /* JSON carries "sub_opcode" (DMA) */
	uint8_t lint_gen;        /* the lint rules' generation bit (include/gfxkit/lint.h GK_LINT_*) this
	                          * generation is checked by; 0: none (set by the family) */
	uint16_t kin_gens;       /* generations whose packets this one's framing can tell apart
	                          * (same header layout); 0: all of the family */
	uint8_t open_enums;      /* 1: an enum field's value without a name is a number, not a reserved
	                          * value (the family's database lists the values it knows, not every
	                          * valid one: Mesa's rnndb) */
	const char *opcode_field; /* header field named in opcode diagnostics ("IT_OPCODE") */
	const char *swz_chip;     /* the GPU's GFX9-12 surface configuration, a chip name of
	                           * include/gfxkit/swizzle.h (gk_swz_chip_find); NULL: none known */
	uint8_t opcode_lo, opcode_hi; /* its bits in dword 0 */
	/* 1: frame gives the same frame to every packet with the same first
	 * dword when it finds no description or one whose length that dword
	 * gives (gk_desc_sel.len_kind GK_LEN_FIXED, or GK_LEN_COUNT with
	 * len_dw 0), whatever the words after it
	 * and how many are there, and to a GK_LEN_COUNT description's
	 * packets whose count dword is there the same frame but for the
	 * length that count gives: the desc engine keeps such frames by their
	 * header (DMA's framing; set by the family's init) */
	uint8_t frame_by_header;
	/* with frame_by_header, the bits of dword 0 frame reads apart from
	 * a GK_LEN_COUNT description's count (its opcode and sub-opcode and
	 * every gk_desc_sel.mask): two headers equal in these bits get the
	 * same frame but for a count in dword 0 (set by the family's init
	 * after gk_format_prepare; 0: every bit) */
	uint32_t frame_hdr_bits;
	/* Family framing: look at the packet starting at p (avail >= 1 dwords
	 * readable, never more) and say how many dwords it occupies (>= 1,
	 * possibly more than avail when the buffer cuts it off) and which
	 * description explains it. */
	void (*frame)(const struct gk_format *fmt, const uint32_t *p, size_t avail, struct gk_frame *out);
	/* Where the packets from p on start, as frame puts them, for a family
	 * whose headers alone give the lengths: frame over packets back to
	 * back (avail dwords there) while their dwords come to fewer than
	 * goal, the dwords of the whole ones returned, *cut true when the
	 * packet after them runs past avail.  No frame is made: the window
	 * framing of a decode on more threads cuts the stream at packet
	 * starts and leaves each packet's frame to the thread that decodes
	 * it.  NULL: frame every packet. */
	size_t (*span)(const struct gk_format *fmt, const uint32_t *p, size_t avail, size_t goal, bool *cut);
	/* The family's own rules, beyond what the descriptions say (NULL: none).
	 * check_framing runs on every framed packet that a description explains
	 * and is not cut off, right after the opcode diagnostics (PM4: type-1
	 * packets); check_unit after the generic rules of the description, on
	 * the decoded unit (PM4: SHADER_TYPE).  Both report through gk_diags_add. */
	void (*check_framing)(const struct gk_format *fmt, const struct gk_packet *pkt, struct gk_diags *out);
	void (*check_unit)(const struct gk_format *fmt, const struct gk_unit *u, struct gk_diags *out);
	/* A register field's value as the family's database types it (a float,
	 * a fixed-point number, a register id, a shifted address: Mesa's rnndb
	 * types), for text and JSON: its text into buf (cap bytes, at least 64)
	 * and the length; 0: the field is shown as a number, as without the
	 * hook.  reg_value_parse is its inverse for the assembler: 0 and *raw
	 * (the field's bits) for text reg_value_text wrote, -1 for text of no
	 * such form (then read as a number or a value name).  NULL: none. */
	size_t (*reg_value_text)(const struct gk_reg_field *f, uint32_t raw, char *buf, size_t cap);
	/* How reg_value_text writes field f whatever its value, asked once
	 * per field when a printer plans a register (enum gk_value_kind):
	 * GK_VK_NUMBER (never typed: the hook always returns 0), a plain
	 * decimal, hex or register-id text the printer may write itself, or
	 * GK_VK_HOOK (ask reg_value_text at each value).  NULL: GK_VK_HOOK
	 * for every field. */
	uint8_t (*reg_value_kind)(const struct gk_reg_field *f);
	int (*reg_value_parse)(const struct gk_reg_field *f, const char *s, size_t n, uint32_t *raw);
	/* The buffers a packet points the command processor at besides an
	 * indirect buffer (its access 0 under GK_P_IB): Adreno's draw-state
	 * groups and the shaders a CP_LOAD_STATE loads.  Up to cap of them
	 * into out, how many returned (NULL: none).  Following (the stream
	 * loop) reads each as an indirect buffer one level down, with the same
	 * nesting, cycle and budget rules, decoded by the engine it names.
	 * The unit's fields may still be pending (struct gk_unit.pending):
	 * read them through gk_unit_field, which decodes them when asked. */
	unsigned (*follow)(const struct gk_format *fmt, const struct gk_unit *u, struct gk_follow_ref *out, unsigned cap);
	/* Filled by gk_format_prepare (called by the family's init function):
	 * what every packet of a description has in common on this generation,
	 * so the hot paths need not walk conditions per packet. */
	struct gk_desc_fast {
		uint8_t simple;          /* no conditional field: layout known up front */
		uint8_t fixed_len;       /* gk_fixed_len when simple */
		uint8_t nrules;          /* fields with a value rule (enum gap, range, align) */
		uint8_t has_notes;       /* some field names a register (.reg) */
		uint8_t rules[22];       /* their indices; bit 7: in hdr */
		uint32_t claimed[16];    /* bits claimed per fixed dword when simple */
		/* bit n (n < fixed_len): a simple packet of only n dwords is
		 * still decoded as simple: each field is either whole in it or
		 * starts past it and is GK_F_OPTIONAL (left out, no error),
		 * and no register run, rule or access row reads the fields
		 * the packet leaves out */
		uint32_t short_ok;
		/* GK_TAIL_GROUPS whose fields have no condition and no value rule
		 * (register offset/value pairs): checking a group is its reserved
		 * bits only, against these masks of its dwords */
		uint8_t group_plain;
		uint32_t group_claimed[4];
		/* the fields that rules and accesses name, as field indices on this
		 * generation (bit 7: in hdr; 0xff: none or not resolved) */
		uint8_t rule_ix[GK_FAST_RULES][2];
		uint8_t acc_ix[GK_FAST_ACCESSES][GK_ACC_SLOTS]; /* by enum gk_acc_slot */
		/* an access row whose range the words give in closed form (a
		 * fixed size, or a count of units without stride or first, of
		 * a simple description without groups, its fields in one or two
		 * segments of the fixed dwords): its address, count and
		 * element-size fields resolved (nseg 0: none on this generation),
		 * for gk_words_range (src/mem), which otherwise tests the row
		 * and decodes the indices above each packet */
		struct gk_acc_words {
			/* each field's segments as shifts and masks (nseg 0:
			 * none), all inside the fixed dwords */
			struct gk_word_field addr, count, esize;
			uint8_t closed;
			/* a closed row's range, worked out once from the row
			 * (gk_words_range_fast): how 0: touches nothing (no
			 * address field), GK_ACC_HOW_FIXED: unit bytes,
			 * GK_ACC_HOW_COUNT: (count + plus) units of unit bytes
			 * (0: 64 << the esize field's value, at most 4),
			 * counted: the count field is there (else 0) */
			uint8_t how, plus, counted;
			uint64_t unit;
			/* 1 + the index in gk_format.surf_words of the row's
			 * surface fields, for a RECT row or an array-mode TILED
			 * one (not GFX9+ swizzle) of such a description, whose
			 * range gk_words_range_surf (src/mem) computes from the
			 * words; 0: none */
			uint8_t surf;
		} acc_words[GK_FAST_ACCESSES];
		/* The check plan.  plain: simple, and no field value, rule
		 * between fields or predicated region can be wrong, so a
		 * check of a whole packet is its length, the bits no field
		 * claims, its register run or pairs, and the hooks; hooks:
		 * which of the family's check_framing / check_unit can say
		 * anything of a packet of this description (GK_HOOK_*;
		 * gk_format_prepare sets both, the family's init clears what
		 * its hooks never look at).  A clean register run is then a
		 * few compares, not a walk of the general rules. */
		uint8_t plain;
		uint8_t hooks;
		/* what the family's check_unit looks at in dword 0, when that is
		 * all it looks at (unit_quiet: set by the family's init): it
		 * says nothing of a packet whose (dw[0] & unit_qmask) ==
		 * unit_qvalue, so the quiet check (gk_check_quiet) need not
		 * call it */
		uint8_t unit_quiet;
		uint32_t unit_qmask, unit_qvalue;
		/* quiet: gk_check_quiet can decide a whole packet of this
		 * description from its words (simple, no rule between fields,
		 * no predicated region, plain groups, a one-segment register
		 * offset, and no hook it cannot see through); set by
		 * gk_format_plan_quiet once the family's init has set the
		 * hooks above, 0 before */
		uint8_t quiet;
		/* and what it compares, derived by gk_format_plan_quiet: the
		 * shortest length it decides (fixed fields and the tail's start
		 * there, no length diagnostic), the fixed dwords whose unclaimed
		 * bits it tests, the header bits a hook needs (0, 0: none) and
		 * the end of a register run's space; q_hi: the longest with no
		 * length diagnostic but a tail not in whole units */
		uint8_t q_nfix;
		uint8_t q_rest;          /* steps left to gk_check_quiet_rest: rules, groups, a tail in units */
		/* the value rules folded into the plan (gk_plan_quiet_values,
		 * src/core/check.c): q_bad, the bits of the fixed dwords that
		 * must be 0 in a quiet packet (those no field claims, and the
		 * bits an alignment or must-be-zero rule wants clear); q_small,
		 * a field of at most 6 bits whose quiet values are a set (bit v
		 * of ok: value v says nothing); q_wide, the rules (bit r:
		 * fields rules[r]) still asked one by one */
		uint32_t q_bad[16];
		uint32_t q_wide;
		/* the bits of a conditional description's first 8 dwords the
		 * quiet verdict (and the words' ranges of --bo) can depend on:
		 * all but those of fields present whatever the conditions say,
		 * with no value rule, named by no rule, condition or access row
		 * (SDMA POLL_REGMEM's VALUE, MASK, INTERVAL).  The desc engine's
		 * memo of quiet packets compares only these */
		uint32_t q_care[8];
		uint8_t q_nsmall;
		struct gk_quiet_small {
			uint64_t ok;
			uint32_t mask;
			uint8_t dw, lo;
		} q_small[3];
		uint32_t q_lo, q_hi;
		/* and below q_lo, the lengths (bit n: n dwords) of a simple
		 * description's packets with optional dwords left out
		 * (short_ok) that it decides too: no length diagnostic, the
		 * fixed dwords there, no tail, no rule (q_rest 0), no register
		 * run or groups */
		uint32_t q_short;
		uint32_t q_mask0, q_value0;
		uint64_t q_reg_end;
		/* a plain packet's lengths that need no length check:
		 * [quiet_lo, quiet_hi] (empty when lo > hi) */
		uint32_t quiet_lo, quiet_hi;
		/* GK_TAIL_REGS with a one-segment register-offset field inside
		 * fixed_len: the first register's byte address of a simple
		 * packet is reg_base + 4 * ((dw[reg_dw] >> reg_lo) & reg_mask)
		 * << reg_pos (reg_one: the description has such a field) */
		uint64_t reg_base;
		uint32_t reg_mask;
		uint8_t reg_one, reg_dw, reg_lo, reg_pos;
		/* The text printer's plan (src/core/text.c put_desc_fields):
		 * bit i of print[0] / print[1]: field i of the header / body
		 * list is one a simple unit's record would hold (this
		 * generation has it, inside gk_unit_fill's rooms) and may be
		 * printed (not framing: const, opcode, sub-opcode, count);
		 * print[2]: the body fields a record would hold that have a
		 * note (.reg, .value_reg or .scale) */
		uint64_t print[3];
		uint8_t print_namelen; /* strlen(name), 0 when over 255 (then measured) */
		/* the most bytes the fields of print[0] and print[1] can print
		 * (" NAME=" and the longest value, symbol or number, each):
		 * with that much room the text printer writes them without a
		 * check a piece; 0xffff: not known (a large enum) */
		uint16_t print_room;
		/* The JSON printer's plan (src/core/json.c json_desc_fields):
		 * bit i of json[0] / json[1]: field i of the header / body list
		 * is one a simple unit's record would hold and "fields" shows
		 * (print[] with the count fields); json_room: the most bytes
		 * "fields" and "enums" can take without the enums' symbols
		 * (0: a name the tables did not measure, or over 65535) */
		uint64_t json[2];
		uint64_t json_named[2]; /* of them, those whose value may have a name (enum, register, flags) */
		uint16_t json_room;
		/* the same for one group of a group_plain description: bit i
		 * of json_group, field i of the group list */
		uint16_t json_group, json_group_named, json_group_room;
		/* The text printer's plan of one group of a group_plain
		 * description (src/core/text.c put_plain_group): bit i of
		 * print_group, group field i is on this generation, starts
		 * inside the group's dwords and is within gk_unit_group's
		 * room (a record it would hold); print_group_notes, those of
		 * them with a register note (.reg or .value_reg);
		 * print_group_room, the most bytes the fields of print_group
		 * print (as print_room; 0xffff: not known) */
		uint16_t print_group, print_group_notes, print_group_room;
		/* print_quiet[l]: the fields of print[l] that print nothing
		 * when zero (GK_F_HIDE0, GK_F_MBZ), every segment in the first
		 * 8 dwords; print_qbits, their bits by dword, the first
		 * print_qdw dwords (0: none such): when a unit's words have
		 * none of those bits set, those fields are not looked at */
		uint64_t print_quiet[2];
		uint32_t print_qbits[8];
		uint8_t print_qdw;
		/* the fields of print[0] and print[1] (header first, each in
		 * table order) as print_nops ops of gk_format.print_ops from
		 * print_op0 (0: none, the plan's bits are walked) */
		uint16_t print_op0;
		uint8_t print_nops;
		/* the bytes a whole packet's one line takes at most (offset,
		 * name, the fields' room, newline: src/core/text.c
		 * put_direct_line), when a whole pending unit's text is that
		 * line: no notes, no tail past the fixed dwords, the fields all
		 * ops (or none) of a known room and a measured name; 0: never */
		uint16_t print_line_room;
	} fast[GK_MAX_DESCS];
	/* The surface fields of the RECT and array-mode TILED access rows
	 * (gk_desc_fast.acc_words[].surf) as shifts and masks, for the
	 * words-only range of check --bo: going through the access model's
	 * general field lookup for them was ~1,400 instructions a range, a
	 * third of a --bo check on the CIK bench stream.  Rows past
	 * GK_MAX_SURF_WORDS take the general path. */
	struct gk_surf_words {
		struct gk_word_field x, y, z, w, h, d, pitch, slice, mode;
		const struct gk_enum *mode_enm; /* the mode field's values (mode.nseg 0: no mode field) */
	} surf_words[GK_MAX_SURF_WORDS];
	uint8_t nsurf_words;
	/* What selects each description in a header: the bits fixed by its
	 * framing fields (opcode, sub-opcode, constants) and their values, and
	 * the next description with the same opcode (0xff: none).  Kept apart
	 * from fast[] so framing walks a few cache lines. */
	struct gk_desc_sel {
		uint32_t mask, value;
		uint8_t next;
		/* the framing plan: how long a packet of this description is,
		 * worked out once here instead of per packet (finding the count
		 * field was ~29 instructions a packet of the SDMA NOP): len_kind
		 * GK_LEN_FIXED: len_add dwords; GK_LEN_COUNT: the one-segment
		 * count ((dw[len_dw] >> len_lo) & len_mask) + len_add, when
		 * len_dw is there; GK_LEN_GENERAL: the family works it out */
		uint8_t len_kind, len_dw, len_lo;
		uint32_t len_mask, len_add;
	} sel[GK_MAX_DESCS];
	uint8_t op_head[256];        /* first description per opcode (0xff: none), chained by sel[].next */
	/* First register at or after each 16-byte page of the 256 KiB register
	 * map (an index into regs->regs): register runs and the register a
	 * pair names start their walk here instead of searching the table
	 * (32 KiB). */
	uint16_t reg_page[GK_REG_PAGES];
	/* Lookup tables filled by the family's init function (caller-owned). */
	const struct gk_packet_desc *by_op[256];  /* this generation */
	const struct gk_packet_desc *any_op[256]; /* some generation, when by_op is NULL */
	const struct gk_packet_desc *special[4];  /* family framing packets (PM4: PACKET0-2, raw PACKET3) */
	/* the text printer's compiled plans (gk_desc_fast.print_op0), filled
	 * by gk_format_prepare; nprint_ops used */
	struct gk_print_op print_ops[GK_PRINT_OPS];
	uint16_t nprint_ops;
	/* reg_value_kind's answers (above) as a table made with the register
	 * tables: reg_kinds[i] for field reg_kind_fields[i] (i <
	 * nreg_kinds), so a printer without a plan (the text line writer,
	 * src/core/text.c) reads a byte where it called reg_value_text at
	 * every value.  NULL / 0: none (a field outside it: GK_VK_HOOK).  Set
	 * by the family's init; last, so the members the hot paths read keep
	 * their offsets (in the middle they moved GCC's code for the desc
	 * engine's unit: +83,000 instructions of the a630 bench stream) */
	const struct gk_reg_field *reg_kind_fields;
	const uint8_t *reg_kinds;
	size_t nreg_kinds;
	/* The named value of a field whose value list is not 0, 1, 2 ...
	 * (a value's row is not at its own index), as a table made with the
	 * register tables, where gk_reg_value_at searches the list by
	 * halving: reg_value_slots[i] for field reg_kind_fields[i] (i <
	 * nreg_kinds) is 0 (none: search) or k + 1, and then for each value
	 * v of the field's bits, reg_value_rows[k + v] is 0 (no name) or its
	 * row's index in the field's values plus 1.  NULL: none.  Set by the
	 * family's init with reg_kinds. */
	const uint16_t *reg_value_slots;
	const uint8_t *reg_value_rows;
};

/* Fill fmt->fast, fmt->sel, fmt->op_head and fmt->reg_page from fmt->descs, fmt->regs and fmt->gen_bit (families call it at init, after setting those).
 * fmt NULL: nothing. */
void gk_format_prepare(struct gk_format *fmt);

/* The index of the first register at or after offset (gk_reg_lower_bound,
 * through fmt->reg_page: nregs when none; 0 for fmt NULL or a format
 * without registers); gk_reg_at reads it and those after it. */
size_t gk_format_reg_from(const struct gk_format *fmt, uint32_t offset);

/* Description by name (or alias) for this format's generation first, then
 * another generation with the same header layout (kin_gens); NULL if none
 * (and for fmt or name NULL). */
const struct gk_packet_desc *gk_format_find(const struct gk_format *fmt, const char *name, size_t len);

/* Field access (src/core/desc.c).  A field is present when its condition
 * holds and every segment lies inside the packet.  A NULL field or word
 * array reads as 0 / false / no bits and is never written; segments beyond
 * the word count (ndw, which may be 0) are skipped. */
uint64_t gk_field_get(const struct gk_field *f, const uint32_t *dw, size_t ndw);
bool gk_field_fits(const struct gk_field *f, uint64_t v);
void gk_field_put(const struct gk_field *f, uint32_t *dw, size_t ndw, uint64_t v);
uint32_t gk_field_mask(const struct gk_field *f, unsigned dw);
unsigned gk_field_width(const struct gk_field *f);
unsigned gk_field_last_dw(const struct gk_field *f);
/* Whether field i of the array fields is present (its condition, a field
 * before it, holds; its generations include gen_bit).  i must index the
 * caller's array: the call is not given its length. */
bool gk_field_present(const struct gk_field *fields, unsigned i, const uint32_t *dw, size_t ndw,
                      unsigned gen_bit);
const char *gk_enum_name(const struct gk_enum *e, uint64_t v);
/* The field names access row ac names, by enum gk_acc_slot, into
 * names[GK_ACC_SLOTS] (NULL where it names none); nothing for ac or names
 * NULL. */
void gk_access_names(const struct gk_access *ac, const char *names[GK_ACC_SLOTS]);
/* The meaning of value v (enum gk_tag; GK_TAG_NONE for an untagged or
 * out-of-range value, or NULL) */
unsigned gk_enum_tag(const struct gk_enum *e, uint64_t v);

#ifdef __cplusplus
}
#endif
#endif
