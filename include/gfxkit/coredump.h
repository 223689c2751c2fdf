/* An amdgpu devcoredump read whole (Linux drivers/gpu/drm/amd/amdgpu/
 * amdgpu_dev_coredump.c, amdgpu_devcoredump_format): its GPU (the "HW IP
 * Version Information" lines), the ring the kernel reported timed out, the
 * page fault block, the "IP Dump" registers and every ring with its
 * pointers and words.  gk_input (input.h) reads one ring of a dump as a
 * stream; this reads all of it at once, in memory, so a caller can decode
 * each ring with its own engine (gk_coredump_ring_engine) -- by reading the
 * ring again through gk_input_set_ring, or from the words here. */
#ifndef GFXKIT_COREDUMP_H
#define GFXKIT_COREDUMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gfxkit/diag.h"
#include "gfxkit/regdb.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GK_CD_NAME 64u /* names kept to 63 bytes */

/* One ring of the dump ("ring name:" and what follows it). */
struct gk_cd_ring {
	char name[GK_CD_NAME];
	uint32_t line;            /* its "ring name:" line (1-based) */
	uint32_t contents_line;   /* its "Ring contents" or "Ring contents unavailable" line; 0: neither */
	bool has_ptrs, has_mask, has_size;
	uint64_t rptr, wptr, mask; /* as printed (wptr may count on past the ring: gfx9+) */
	uint64_t size;            /* "Ring size in dwords" */
	bool has_contents;        /* its words were printed ("Ring contents") */
	bool cut;                 /* ... fewer of them than its size (the dump ends, or the next ring begins) */
	bool hung;                /* the ring "Ring timed out details" names */
	uint32_t *words;          /* nwords dwords from ring index 0 (owned by the struct gk_coredump) */
	size_t nwords;
	/* its part of the text: text_len bytes from byte text_at, its "ring
	 * name:" line up to the next ring's (or the end) -- what to give
	 * gk_input (with gk_input_set_ring) to read this ring alone, its
	 * lines counted from line */
	size_t text_at, text_len;
};

/* One register the dump gives: a line of the "IP Dump" ("NAME \t 0xVALUE"
 * under "IP: BLOCK"), or of older kernels' "AMDGPU register dumps:"
 * ("0x%08x: 0x%08x", the register's dword offset, then its value). */
struct gk_cd_reg {
	char ip[32];          /* the IP block: "gfx_v10_0", "sdma_v5_2"; "": none */
	char group[48];       /* the heading it is under: "Instance:1", "mec 0, pipe 1, queue 2"; "": none */
	char name[GK_CD_NAME]; /* as printed: "mmGRBM_STATUS", "regGRBM_STATUS"; "": by_offset */
	bool by_offset;
	uint32_t offset;      /* by_offset: its byte address (the dword offset printed, times 4) */
	uint32_t value;
	uint32_t line;
};

/* One "HWIP: NAME[HWIP][INST]: vMAJ.MIN.REV.VARIANT.SUBREV" line. */
struct gk_cd_ip {
	char name[16];         /* "GC", "SDMA0", "UVD/JPEG/VCN" */
	unsigned hwip, inst;
	unsigned ver[5];       /* major, minor, revision, variant, sub-revision */
};

#define GK_CD_IPS 64u

/* A devcoredump read whole: zero it before gk_coredump_read, free it with
 * gk_coredump_free (a zeroed one is an empty dump to every function). */
struct gk_coredump {
	uint32_t lines;          /* lines read */
	char kernel[GK_CD_NAME]; /* "kernel: ..." ("": not given) */
	int family;              /* "SOC Family: N" (amdgpu_family: 143 Navi...), -1: not given */
	struct gk_cd_ip ips[GK_CD_IPS];
	unsigned nips;
	/* "Ring timed out details": "IP Type: %d Ring Name: %s" */
	bool has_hung;
	char hung[GK_CD_NAME];
	int hung_type;           /* enum amdgpu_ring_type: 0 gfx, 1 compute, 2 sdma, ... */
	uint32_t hung_line;
	/* "[gfxhub] Page fault observed", its address and status lines */
	bool has_fault;
	char fault_hub[16];      /* "gfxhub", "mmhub" */
	uint64_t fault_addr;
	uint32_t fault_status;
	uint32_t fault_line;
	struct gk_cd_reg *regs;  /* the IP Dump, in the dump's order */
	size_t nregs;
	uint32_t ring_info_line; /* "Ring buffer information"; 0: none */
	struct gk_cd_ring *rings; /* in the dump's order */
	size_t nrings;
};

/* Reads the devcoredump text at text (n bytes) into *cd (zeroed by the
 * caller; what a failed read kept is freed by gk_coredump_free).  0, or -1
 * with *err (when not NULL) saying what is wrong at err->line / err->col:
 * a ring line that is not "0xOFFSET \t 0xVALUE", offsets that do not follow
 * on, a pointer or size line that is not one, no "**** AMDGPU Device
 * Coredump" nor "Ring buffer information" line (not a devcoredump), a
 * NUL byte, out of memory.  A ring whose words end early is kept, cut. */
int gk_coredump_read(struct gk_coredump *cd, const char *text, size_t n, struct gk_diag *err);
void gk_coredump_free(struct gk_coredump *cd);

/* The i-th ring in the order to show them: the hung one first, then the
 * others in the dump's order; NULL past the last. */
const struct gk_cd_ring *gk_coredump_ring(const struct gk_coredump *cd, size_t i);

/* The GPU the dump names, as gfxkit's engines take it, into buf (at least
 * 16 bytes): from the "HWIP: GC[..][0]" version, the LLVM processor the
 * kernel's KFD gives it ("gfx1030" for GC 10.3.0, "gfx1033" for 10.3.1),
 * else its generation ("gfx10.3"); before IP discovery, from "SOC Family"
 * ("si", "cik", "kaveri", "vi", "carrizo"); how it knows in *why when why is not NULL ("GC
 * 10.3.0"): 0, or -1 (buf "") when the dump does not say. */
int gk_coredump_gpu(const struct gk_coredump *cd, char *buf, size_t cap, char *why, size_t why_cap);

/* The engine that decodes a ring of this name ("pm4" for gfx, compute and
 * KIQ rings, "dma" for sdma and page rings), NULL for rings of engines
 * gfxkit does not decode; *kind (when not NULL) the engine the ring feeds,
 * as amdgpu names it: "gfx", "compute", "kiq", "sdma", "vcn", "jpeg",
 * "uvd", "vce", "mes", "vpe", "umsch" or "unknown". */
const char *gk_coredump_ring_engine(const char *name, const char **kind);

/* The register a dump's name stands for in table t ("mmGRBM_STATUS" and
 * "regGRBM_STATUS" are GRBM_STATUS); NULL when t does not know it. */
const struct gk_reg *gk_coredump_reg_lookup(const struct gk_reg_table *t, const char *name);
/* value's fields by r's layout, "NAME=V NAME=V(VALUE_NAME) ..." (fields
 * that are 0 left out) into buf; the length it needed. */
size_t gk_coredump_reg_fields(const struct gk_reg *r, uint32_t value, char *buf, size_t cap);
/* The page fault status register's fields (VM_L2_PROTECTION_FAULT_STATUS,
 * gc_9_0_sh_mask.h; the same bits through GFX12): "MORE_FAULTS=.. WALKER_ERROR=..
 * PERMISSION_FAULTS=.. MAPPING_ERROR=.. CID=0x.. RW=.. VMID=.." into buf;
 * the length it needed. */
size_t gk_coredump_fault_fields(uint32_t status, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
