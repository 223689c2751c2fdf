/* The decoded unit: one record per packet of a table-described family (PM4,
 * DMA), produced once by gk_unit_decode.  The checker adds its diagnostics
 * to it; the text and JSON printers, the access model and clients (IB
 * following, execution) read it.  Nothing downstream walks the description
 * again to find which fields a packet has or where its tail is.
 *
 * A unit is about 2.5 KiB: fine on a caller's stack.  It points into the
 * packet's words (unit->pkt.dw) and into the format's tables, so it is valid
 * while both are. */
#ifndef GFXKIT_UNIT_H
#define GFXKIT_UNIT_H

#include <stdbool.h>
#include <stdint.h>

#include "gfxkit/access.h"
#include "gfxkit/desc.h"
#include "gfxkit/stream.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GK_UNIT_FIELDS 64      /* header + body fields one description may have */
#define GK_UNIT_HDR_FIELDS 16  /* of them in the header */
#define GK_UNIT_FIXED_DW 32    /* fixed-field dwords one description may use */
#define GK_UNIT_GROUP_FIELDS 16 /* fields of one repeated group */
#define GK_UNIT_ACCESSES 4     /* access rows whose ranges the unit keeps (more are computed when asked) */

/* One field the packet has: present (by generation and condition) and, unless
 * cut, whole inside the packet. */
struct gk_unit_field {
	const struct gk_field *desc; /* its description (name, bit segments, kind) */
	uint64_t value;              /* 0 when cut */
	const char *symbol;          /* name of the value: enum value, register (GK_REG); NULL: none */
	const struct gk_reg *reg;    /* GK_REG: the register symbol names (NULL: none); the
				      * printers' register-pair notes read it, not a second lookup */
	uint8_t index;               /* index in its list (desc->hdr or desc->fields; group: desc->group) */
	uint8_t in_hdr;              /* 1: a header field */
	uint8_t cut;                 /* present, but the packet ends before its last dword */
	uint32_t dw;                 /* dword of its first segment, from the packet start */
};

struct gk_unit {
	struct gk_packet pkt;                /* offset, words, framing, truncation */
	uint64_t gpu_addr;                   /* GPU address of dword 0 when has_gpu_addr */
	bool has_gpu_addr;
	const struct gk_packet_desc *desc;   /* NULL: raw (no description, or truncated) */
	bool simple;                         /* every field of desc on this generation is shown, in table order */
	/* layout: dwords [0, fixed_end) are fixed fields, [tail_begin, tail_end)
	 * the tail (ngroups groups of desc->group_dw for GK_TAIL_GROUPS),
	 * [extra_begin, ndw) explained by nothing */
	uint32_t fixed_end, tail_begin, tail_end, ngroups, extra_begin;
	uint32_t natural;                    /* length the assembler picks when COUNT is not written */
	uint32_t claimed[GK_UNIT_FIXED_DW];  /* bits of each fixed dword that shown fields claim (set with the fields) */
	/* register tails (GK_TAIL_REGS): the byte address of the first register
	 * (gk_format_reg_from names the registers along the run) */
	uint64_t reg_addr;
	int reg_slot;                        /* fields[] index of the register-offset field; -1: none or cut */
	unsigned nfields;                    /* header fields first, then body, in table order */
	struct gk_unit_field fields[GK_UNIT_FIELDS];
	/* fields[] index of header field i / body field i of desc (0xff: absent) */
	uint8_t hdr_slot[GK_UNIT_HDR_FIELDS];
	uint8_t body_slot[GK_UNIT_FIELDS];
	struct gk_diags *diags;              /* where gk_unit_check adds; NULL: checks only count nothing */
	/* the library's own: the stream loop reads a simple unit's fields only
	 * when something asks for them (a check that needs no field value stays
	 * as cheap as the framing); gk_unit_decode always reads them */
	const struct gk_format *fmt;
	const struct gk_desc_fast *fast;     /* fmt's plan for desc (NULL: no desc): looked up once a unit */
	bool pending;
	/* the access model's ranges and surfaces (gk_unit_access, src/mem),
	 * computed for every row when the first reader asks and kept: the
	 * bounds check, following and the executor read the same ones.
	 * acc_rc[k]: 1 (acc[k] set), 0 (touches nothing), -1 (no access k).
	 * acc_computed counts the computations since the decode: 0 or 1,
	 * which tests hold it to. */
	bool acc_done;
	uint8_t nacc;
	int8_t acc_rc[GK_UNIT_ACCESSES];
	unsigned acc_computed;
	struct gk_mem_access acc[GK_UNIT_ACCESSES];
};

/* Decode the framed packet into *u (fields, values, symbols, layout);
 * u->diags is set to dg (may be NULL).  fmt, pkt or u NULL: nothing; an
 * empty packet gives a unit with ndw 0 that the printers skip. */
void gk_unit_decode(const struct gk_format *fmt, const struct gk_packet *pkt, struct gk_diags *dg,
		    struct gk_unit *u);
/* The shown (not cut) field called name, or NULL. */
const struct gk_unit_field *gk_unit_field(const struct gk_unit *u, const char *name);
/* The fields of repeated group g (< u->ngroups) into out[GK_UNIT_GROUP_FIELDS];
 * returns how many, and sets *claimed[k] to the bits of group dword k they
 * claim (claimed has desc->group_dw entries, at most GK_UNIT_FIXED_DW). */
unsigned gk_unit_group(const struct gk_format *fmt, const struct gk_unit *u, unsigned g,
		       struct gk_unit_field out[GK_UNIT_GROUP_FIELDS], uint32_t claimed[GK_UNIT_FIXED_DW]);

/* Check the unit against its description and the family's rules, adding to
 * u->diags (the EXEC_COUNT regions and --bo buffers are in st). */
void gk_unit_check(const struct gk_format *fmt, struct gk_check_state *st, struct gk_unit *u);
/* Print the unit as assembly text / one JSON line (diagnostics: u->diags). */
void gk_unit_text(const struct gk_format *fmt, const struct gk_unit *u, bool raw_words, struct gk_out *o);
void gk_unit_json(const struct gk_format *fmt, const struct gk_unit *u, unsigned flags, struct gk_out *o);

#ifdef __cplusplus
}
#endif
#endif
