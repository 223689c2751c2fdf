/* An msm GPU devcoredump read whole: the text the Linux msm driver writes to
 * /sys/class/devcoredump/devcdN/data after an Adreno GPU hang (Linux
 * Documentation/gpu/msm-crash-dump.rst; drivers/gpu/drm/msm/msm_gpu.c
 * msm_gpu_devcoredump_read, adreno/adreno_gpu.c adreno_show,
 * a6xx_gpu_state.c a6xx_show, a5xx_gpu.c a5xx_show): its header (kernel,
 * module, time, comm, cmdline, revision with the chip id, rbbm-status), the
 * ringbuffers with their pointers and ascii85 contents, the hung submit's
 * buffers, and the register sections (registers, registers-gmu,
 * registers-hlsq, clusters) as byte offset / value pairs, and the blocks of
 * words the kernel saves beside them (indexed-registers, shader-blocks,
 * debugbus, gmu-log, gmu-hfi, gmu-debug).
 *
 * It is its own record, not a struct gk_coredump (coredump.h): an amdgpu
 * dump names its registers and gives each ring's words with their offsets,
 * an msm dump gives registers by offset, rings from index 0 in ascii85,
 * and buffers by GPU address; the two share what a caller does with them
 * (each ring decoded, registers by name), not their fields.
 *
 * Where the CP stopped is gk_adreno_crash_locate (src/adreno/adreno_crash.c):
 * it reads this record with the Adreno register and packet tables. */
#ifndef GFXKIT_MSM_H
#define GFXKIT_MSM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gfxkit/diag.h"
#include "gfxkit/regdb.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GK_MSM_NAME 64u /* names kept to 63 bytes */

/* Decodes the ascii85 of a devcoredump's "data: !!ascii85 |" block (Linux
 * include/linux/ascii85.h: each 32-bit word as five characters '!'..'u',
 * most significant digit first, or "z" for a zero word; the kernel writes
 * whole words only).  White space between groups (a block broken over
 * lines) is skipped.  Writes at most cap words to out (out may be NULL to
 * count) and returns how many words the text holds, or -1 with *err (when
 * not NULL) saying what is wrong at err->col (1-based, the byte of s): a
 * character outside the alphabet, a group cut short, a group above
 * 0xffffffff, a 'z' inside a group. */
long gk_ascii85_decode(const char *s, size_t n, uint32_t *out, size_t cap, struct gk_diag *err);

/* A "ringbuffer:" entry. */
struct gk_msm_ring {
	uint32_t id;
	uint32_t line;             /* its "- id:" line */
	uint64_t iova;             /* the ring's GPU address */
	uint64_t last_fence, retired_fence;
	uint32_t rptr, wptr;       /* in dwords from the ring's start */
	uint32_t size;             /* in bytes ("size: 32768") */
	bool has_iova, has_ptrs, has_size, has_fences;
	/* its contents from index 0: the kernel keeps up to wptr or the last
	 * non-zero dword after it, and prints up to the last non-zero dword;
	 * the words after nwords (to size / 4) are zero */
	uint32_t *words;
	size_t nwords;
	uint32_t data_line;        /* its "data:" line; 0: no data (all zero) */
};

/* A "bos:" entry: a buffer of the hung submit. */
struct gk_msm_bo {
	uint64_t iova, size;       /* GPU address, size in bytes */
	char name[GK_MSM_NAME];    /* "name:" when given (trailing blanks cut) */
	uint32_t line;             /* its "- iova:" line */
	bool has_size;
	/* its contents from iova, nwords words (the kernel drops trailing zero
	 * dwords: the rest up to size reads as zero); no "data:" (has_data
	 * false) means the kernel did not save them -- unknown, not zero */
	bool has_data;
	uint32_t *words;
	size_t nwords;
	uint32_t data_line;
};

/* One register value: a "- { offset: 0x..., value: 0x... }" line. */
struct gk_msm_reg {
	uint32_t offset;           /* byte offset, as the dump prints it */
	uint32_t value;
	uint32_t line;
	uint32_t group;            /* index into groups[] */
};

/* A run of register lines under one heading: the section ("registers",
 * "registers-gmu", "registers-hlsq", "clusters") and, in clusters, the
 * cluster and context ("CLUSTER_GRAS, context 0"). */
struct gk_msm_group {
	char section[32];
	char label[GK_MSM_NAME];   /* "" for a plain section */
	uint32_t line;
};

/* A block of words that is not a ring or a buffer: indexed-registers
 * ("regs-name: CP_SQE_STAT", "dwords: 51"), shader-blocks ("type:
 * A6XX_SP_INST_DATA", "bank: 0", "size: 512"), debugbus ("debugbus-block:
 * A6XX_DBGBUS_CP", "count: 512"), gmu-log / gmu-hfi / gmu-debug ("iova:",
 * "size:" in bytes). */
struct gk_msm_blob {
	char section[32];
	char name[GK_MSM_NAME];    /* regs-name, type, debugbus-block; "" for gmu-* */
	int32_t bank;              /* shader-blocks: the bank; -1: none */
	uint64_t iova;             /* gmu-*: its GPU address; 0: none */
	uint64_t size_dw;          /* the size the dump declares, in dwords */
	uint32_t line;
	uint32_t *words;           /* decoded data (NULL: none printed, all zero) */
	size_t nwords;
	uint32_t data_line;
};

/* An msm devcoredump read whole: zero it before gk_msm_dump_read, free it
 * with gk_msm_dump_free. */
struct gk_msm_dump {
	uint32_t lines;
	char kernel[GK_MSM_NAME], module[32], time[32], comm[GK_MSM_NAME], cmdline[128];
	/* "revision: 630 (6.3.0.2)": the gpu id and the chip id Mesa builds
	 * from the dotted part (core << 24 | major << 16 | minor << 8 | patch) */
	bool has_revision;
	uint32_t gpu_id;
	uint32_t chip_id;
	uint32_t revision_line;
	bool has_rbbm_status;
	uint32_t rbbm_status;
	/* "fault-info:" ("- iova=..." or "- far: ..."): an iova fault */
	bool has_fault;
	uint64_t fault_iova;
	uint32_t fault_line;
	uint32_t ringbuffer_line;  /* the "ringbuffer:" line; 0: none */
	struct gk_msm_ring *rings;
	size_t nrings;
	struct gk_msm_bo *bos;
	size_t nbos;
	struct gk_msm_group *groups;
	size_t ngroups;
	struct gk_msm_reg *regs;   /* every register line, in the dump's order */
	size_t nregs;
	struct gk_msm_blob *blobs;
	size_t nblobs;
	/* top-level sections gfxkit does not know: named, their lines kept
	 * count of (never silently dropped: decode says so) */
	char unknown[4][32];
	uint32_t unknown_line[4];
	unsigned nunknown;
};

/* Does this text start as an msm devcoredump ("---" or "kernel:" first,
 * "module: msm" among the first lines)? */
bool gk_msm_dump_sniff(const char *text, size_t n);

/* Reads the dump text (n bytes) into *d (zeroed by the caller; what a failed
 * read kept is freed by gk_msm_dump_free).  0, or -1 with *err (when not
 * NULL) at err->line / err->col: a line of no known form in a known section,
 * damaged ascii85, data longer than the size declared for it, a ring whose
 * rptr or wptr lies beyond its size, a ring or buffer without its size or
 * address, no "ringbuffer:" section, a control byte, out of memory. */
int gk_msm_dump_read(struct gk_msm_dump *d, const char *text, size_t n, struct gk_diag *err);
void gk_msm_dump_free(struct gk_msm_dump *d);

/* The value of the register at byte offset off in the "registers" section
 * (the last line giving it): true and *value, or false. */
bool gk_msm_dump_reg(const struct gk_msm_dump *d, uint32_t off, uint32_t *value);

/* The GPU as the adreno engine takes it: Mesa's chip id "0x06030002" into
 * buf (at least 11 bytes); -1 (buf "") when the dump has no revision. */
int gk_msm_dump_gpu(const struct gk_msm_dump *d, char *buf, size_t cap);

/* count dwords of GPU memory from addr out of the dump (its rings, then the
 * buffers whose data it holds; the part of a ring or buffer past its printed
 * data reads as zero): 0, or -1 when some of them lie in no ring and no
 * buffer with data. */
int gk_msm_dump_read_mem(const struct gk_msm_dump *d, uint64_t addr, uint32_t *out, size_t count);

/* The ring with this id; NULL when the dump has none. */
const struct gk_msm_ring *gk_msm_dump_ring(const struct gk_msm_dump *d, uint32_t id);

/* Where the CP stopped, as Mesa's crashdec estimates it (crashdec.c
 * dump_cmdstream, crashdec-prefetch.c, cffdec.c highlight_gpuaddr): from
 * CP_RB_RPTR, CP_IB1_BASE / CP_IB1_REM_SIZE, CP_IB2_BASE / CP_IB2_REM_SIZE
 * and what the ROQ prefetched (CP_ROQ_AVAIL_RB / _IB1 / _IB2, a6xx-a7xx). */
struct gk_adreno_crash {
	/* the registers read (rem: the remaining dwords with the ROQ's) */
	uint64_t rb_base, ib1_base, ib2_base;
	uint32_t ib1_rem, ib2_rem, rb_rptr, rb_rem;
	/* the ring the CP reads (CP_RB_BASE), and the part of it walked: from
	 * the first packet header at or after the ring's rptr less 12 dwords,
	 * to wptr (dwords from the ring's start; ring_dwords is crashdec's
	 * "cmdszdw") */
	uint32_t ring_id;
	uint32_t ring_start, ring_dwords;
	/* the estimate: found, at depth level (1: IB1, 2: IB2), the packet at
	 * address packet of ndw dwords (opcode name in packet_name), in the
	 * buffer ib[level] of ib_size[level] dwords entered from the packet at
	 * ib_from[level] of the level above (ib_from[1]: an address in the
	 * ring); the estimated IB bases after the prefetch correction */
	bool found;
	int level;
	uint64_t packet;
	uint32_t ndw;
	char packet_name[48];
	uint64_t ib[3], ib_from[3];
	uint32_t ib_size[3];
	uint64_t est_ib1_base, est_ib2_base;
	uint32_t est_ib1_rem, est_ib2_rem;
	char why[200];             /* not found: why (no IB register, a5xx, no buffer ...) */
};

/* An Adreno register's value as its fields (r from gk_adreno_regs'
 * tables): "NAME=V NAME=V ..." for the fields that are not zero, enums by
 * name, typed values as Mesa's cffdump prints them (LINEHALFWIDTH=0.500000,
 * REGID=r1.z; a register that is one typed value: the value alone), bits
 * no field claims as one hex number; "" for 0 and for a register without
 * fields (its value says it all).  Into buf (cap bytes,
 * snprintf style); the length it needed. */
size_t gk_adreno_reg_fields_text(const struct gk_reg *r, uint32_t value, char *buf, size_t cap);

/* The register table of the GMU (a6xx_gmu.xml: the space of a dump's
 * "registers-gmu", byte offsets as the dump gives them) of an a6xx or a7xx
 * GPU named as gk_adreno_format_init takes it; NULL for other GPUs. */
const struct gk_reg_table *gk_adreno_gmu_regs(const char *gpu);

/* The part of ring r to decode for GPU gpu (NULL: a5xx+ framing), as
 * crashdec walks it: from the first valid packet header among the 12
 * dwords before rptr (rptr itself when none is), up to wptr, across the
 * wrap: *start (a dword index) and *count.  0, or -1 for a NULL argument,
 * an unknown GPU or a ring of no size. */
int gk_adreno_ring_window(const struct gk_msm_ring *r, const char *gpu, uint32_t *start, uint32_t *count);

/* Locates the crash in d for the Adreno GPU gpu (as gk_adreno_format_init
 * takes it; NULL: the dump's chip id): 0 with *out filled (out->found
 * false and out->why when the registers or buffers do not allow an
 * estimate), -1 when d or out is NULL or the GPU is unknown. */
int gk_adreno_crash_locate(const struct gk_msm_dump *d, const char *gpu, struct gk_adreno_crash *out);

#ifdef __cplusplus
}
#endif
#endif
