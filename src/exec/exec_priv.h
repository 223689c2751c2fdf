/* What the executor's files share (src/exec): the executor's state, the
 * exec rows with their field names resolved, the accesses of the packet
 * being run, and the ops each file gives the dispatcher (exec_run.c).
 * Library-internal.
 *
 * Who calls whom (no file calls back into one that calls it):
 *   exec_run.c   the unit callback and the run: the dispatcher table
 *                ──► exec_mem.c, exec_cp.c (the ops), exec_sides.c
 *                (the unit's accesses), exec_trace.c, exec.c
 *   exec_trace.c the trace, the lint lines and the summary ──► exec.c
 *   exec_cp.c    the command processor's ops ──► exec_mem.c, exec.c
 *   exec_mem.c   the memory engine's ops ──► exec_sides.c, exec.c
 *   exec_sides.c where each byte of a transfer is ──► exec.c
 *   exec.c       the state, the register file, stops, resolved rows */
#ifndef GK_EXEC_PRIV_H
#define GK_EXEC_PRIV_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "gfxkit/exec.h"
#include "gfxkit/lint.h" /* GK_LINT_WRITTEN_REGS */
#include "gfxkit/swizzle.h"
#include "gfxkit/tiling.h"
#include "gfxkit/unit.h"

#include "../core/layout.h" /* gk_field_index, gk_unit_field_at (tests include this header too) */

/* register byte addresses the register file holds: the 18-bit dword index
 * a GFX9+ packet names a register by (nvd.h WRITE_DATA DST_MMREG_ADDR,
 * WAIT_REG_MEM's POLL_REG and REG_ADDR2), which reaches the MM hub's TLB
 * invalidation engines (vega10 MMHUB_VM_INVALIDATE_ENG0_REQ at dword
 * 0x1A6E3); R6xx-Cayman's 64 Ki dwords are its first quarter */
#define REG_SPACE 0x100000u
#define BLOCK 65536u       /* bounce buffer */
/* the register file's values in pages of 1024 registers, each allocated at
 * its first write: a run sets a few hundred registers of the 256 Ki the
 * file spans, and one 256 KiB block per executor was most of a short
 * run's cost (a fresh mapping, its page faults and its unmapping) */
#define REG_PAGE 1024u
#define REG_PAGES (REG_SPACE / 4 / REG_PAGE)
#define MAX_EFFECTS 16     /* per packet, for the trace */
#define MAX_SIDES 3
#define GK_EXEC_PARAMS 16  /* draw parameters kept */
/* the answered registers' filter: one bit per (dword index mod LINK_BITS) */
#define LINK_BITS 4096u

struct effect {
	char kind; /* 'r' read, 'w' write, 'g' register, 'i' interrupt, 'c' clock, 'e' event, 'd' draw/dispatch */
	uint64_t first, last;
	uint32_t value;
	const char *name;
};

/* The command processor's own state (exec_cp.c). */
struct gk_exec_cp {
	/* registers given before the run (gk_exec_set_reg) or inside a
	 * clear-state preamble: what CLEAR_STATE puts back, in the order given
	 * (exec.c keeps the list) */
	uint32_t *dflt_addr, *dflt_value;
	size_t ndflt, dflt_cap;
	bool recording; /* inside a clear-state preamble: register writes are defaults */
	/* the latch of GK_X_LATCH / GK_X_TEST / GK_X_PUT: one value, 4 or 8
	 * bytes; a failed test skips the rest of the packet's rows */
	uint64_t latch;
	unsigned latch_bytes;
	bool failed;
	/* SET_PREDICATION: predicated draws (header PREDICATE) run only while
	 * draw is true */
	bool predicating, draw;
	/* draw parameters (GK_X_PARAM), by field name, in the order first set */
	struct gk_exec_param {
		const struct gk_field *field;
		uint64_t value;
	} params[GK_EXEC_PARAMS];
	unsigned nparams;
	/* the packet being run is a draw or dispatch (--state prints at it) */
	bool event;
	uint64_t draws;
};

/* The roles of struct gk_exec_row (include/gfxkit/desc.h), as slots: each
 * row's field names are resolved to field indices once per description
 * (gk_exec_rows), so running a packet reads its fields by index. */
enum xslot {
	XS_VALUE, XS_VALUE_HI, XS_VALUE2, XS_SEL, XS_DST_SEL, XS_ADDR, XS_ADDR_HI, XS_DST, XS_REG, XS_REG2,
	XS_FUNC, XS_MASK, XS_REF, XS_SPACE, XS_COUNT, XS_SIZE, XS_FLAG, XS_IRQ, XS_INCR, XS_COUNTERS,
	XS_KEEP0, XS_KEEP1, XS_WHEN, XS_SWAP0, XS_SWAP1, XS_SWAP2,
	XS_N
};

/* An exec row with its names resolved on the format's generation: ix[s] the
 * field index of slot s (gk_field_index: bit 7 a header field; 0xff: none,
 * or read by name), f[s] that field's description (NULL for 0xff), gix[s]
 * its index in the repeated group (0xff: none).  f[] lets a pending
 * record's field be read from the words with no index decoding, bounds or
 * generation test per read (gk_field_index tested them once): ~20
 * instructions of each of the ~36 k field reads of `gfxkit run` on
 * bench_exec's CIK stream, quarter size (callgrind). */
struct xrow;
struct accs;
typedef int (*gk_exec_op_fn)(struct gk_exec *x, const struct xrow *r, const struct accs *A);

struct xrow {
	const struct gk_exec_row *row;
	/* the row's op from the dispatcher's table (exec_run.c), with its
	 * XO_* flags, at the description's first packet: NULL, an op it does
	 * not have */
	gk_exec_op_fn run;
	unsigned flags;
	const struct gk_field *f[XS_N];
	uint8_t ix[XS_N], gix[XS_N];
	/* the byte-swap mask (gk_exec_swap_of_tag) of side k's swap field by
	 * its value, when the field is resolved and at most 3 bits wide
	 * (swapt[k]): a copy's two sides asked the field's tag through the
	 * general read, ~72 instructions a side (bench_exec's 5 MB CIK
	 * stream, 62,177 sides: callgrind) */
	bool swapt[3];
	uint8_t swapm[3][8];
};

/* the unit of a byte swap (a mask of the byte index: 1, 3, 7) a swap
 * field's meaning says; 0: none */
static inline unsigned gk_exec_swap_of_tag(unsigned tag)
{
	switch (tag) {
	case GK_TAG_SWAP_8IN16: return 1;
	case GK_TAG_SWAP_8IN32: return 3;
	case GK_TAG_SWAP_8IN64: return 7;
	}
	return 0;
}

/* A description's rows resolved */
struct xdesc {
	unsigned n;
	unsigned needs; /* the XO_* flags of the rows' ops together (exec_run.c); ~0u: run, flags and idle not yet set */
	bool idle;      /* every row GK_X_NOTHING, unconditional (a NOP): no row to run */
	struct xrow rows[];
};

/* The dispatcher's flags: what an op's handler needs and when it runs. */
#define XO_ACCS 1u  /* the unit's accesses (otherwise the handler gets A NULL) */
#define XO_GATED 2u /* not run after a failed GK_X_TEST in the same packet */

#define EXEC_XC 256 /* on_unit_plain's slots of descriptions (gk_exec.xc) */

/* a region of the memory with contents (gk_exec_mem_at's cache) */
#define EXEC_HITS 4u /* bench_exec's DMA stream has 4 regions; SDMA rings a few more */
struct gk_exec_hit {
	uint64_t base, size;
	const uint8_t *data;
	uint8_t *wr; /* NULL: read-only (borrowed) */
};

struct gk_exec {
	struct gk_engine *e;
	const struct gk_format *fmt;
	struct gk_mem *mem;
	uint32_t *reg_page[REG_PAGES]; /* NULL: every register of the page holds 0 */
	uint8_t *reg_set;
	/* the registers written since the linter last read them, a bit per
	 * GK_LINT_WRITTEN_REGS (gk_lint_regs.written): set at every write
	 * (gk_exec_reg_put, the register runs, CLEAR_STATE) of a lint run
	 * (mark_written), cleared by gk_lint_check, so a draw reads only what
	 * changed.  A lint run starts with every bit set (what happened before
	 * it, --reg or another run, is read again), so other runs need not
	 * mark: marking was 0.9 M of a GFX9 run's 62.3 M instructions. */
	uint64_t written[REG_SPACE / 4 / GK_LINT_WRITTEN_REGS / 64];
	bool mark_written;
	uint64_t clock;
	uint8_t *block, *block2;
	/* bytes stored into block and block2 this run: what moving memory costs
	 * beyond the bytes moved (tests/exec hold a 4-byte fill to 4) */
	uint64_t staged;
	struct gk_tile_surface surf[MAX_SIDES];
	struct gk_swz_surface swz[MAX_SIDES]; /* GFX9-12 surfaces of the sides (gk_swz_surface_init) */
	struct gk_membuf json;
	struct gk_exec_cp cp;
	/* one run */
	const struct gk_exec_opts *o;
	struct gk_out *out;
	struct gk_exec_result *res;
	struct gk_engine *stack[GK_EXEC_PATH];
	unsigned depth, nstack;
	uint64_t at[GK_EXEC_PATH];
	/* the buffer each depth runs (its first byte) and the packet that called
	 * or chained to it, as decode --follow's JSON says */
	uint64_t ib[GK_EXEC_PATH], parent[GK_EXEC_PATH];
	/* an indirect buffer only partly in memory runs as far as it is there
	 * (the CP fetches as it goes): cut[d] is the first absent byte of the
	 * buffer at depth d (0: the whole buffer is there), a fault when the
	 * run reaches it */
	uint64_t cut[GK_EXEC_PATH];
	uint64_t top; /* packets of the stream itself (depth 0) reached: --count */
	bool skipping;
	unsigned skip_depth;
	uint64_t skip_left, skip_from;
	bool stop;
	/* the packets run last, a ring (packet i of the run's last_count in
	 * slot i % GK_EXEC_LAST) put in order into the result's last[] when
	 * the run ends: shifting last[] down at every packet was a 448-byte
	 * memmove each */
	struct gk_exec_where last[GK_EXEC_LAST];
	uint64_t last_count;
	/* effects are only printed (the trace, --state, a lint finding's unit
	 * line): a run that prints none does not record them (a register run
	 * stored one 32-byte effect per register, 8% of a GFX9 run's
	 * instructions) */
	bool want_eff;
	/* a run with no --count, --max-packets, trace, --state or lint: the
	 * unit callback's tests for each are one test of this (gk_exec_run
	 * sets it) */
	bool plain;
	struct effect eff[MAX_EFFECTS];
	unsigned neff, eff_more;
	const struct gk_unit *u;
	/* the exec rows of each description of fmt, resolved at its first
	 * packet (gk_exec_rows); NULL: not yet */
	struct xdesc *xd[GK_MAX_DESCS];
	/* on_unit_plain's: a description of the run's format, its rows
	 * resolved and dispatched, that runs where it is (no indirect buffer,
	 * some exec row), and its xd[] entry, direct-mapped by the
	 * description's address (a slot found by the description's index was
	 * a division and three bounds: ~19 instructions a packet) */
	struct {
		const struct gk_packet_desc *d;
		struct xdesc *xd;
	} xc[EXEC_XC];
	/* the linter of a lint run, prepared at its first draw or dispatch */
	struct gk_lint *lint;
	/* a bit for each register a reg_link answers (dword index mod
	 * LINK_BITS), set at create: every register write asks whether it is
	 * answered, and scanning the GFX9 format's links on each was 38% of
	 * the instructions of a register-heavy run (callgrind, the bench_exec
	 * GFX9 stream); a clear bit says no at once */
	uint64_t link_filter[LINK_BITS / 64];
	/* a bit for each page of the register file (REG_PAGE registers) that
	 * holds such a register: a register run within others skips the filter */
	uint64_t link_pages[(REG_PAGES + 63) / 64];
	/* fields read by name (the access rows' and tiled surfaces' names):
	 * each (description, name) resolved to its field index once */
	struct gk_exec_name *names;
	/* the memory regions the run's small reads and writes hit last
	 * (gk_exec_mem_at): a fence, a semaphore or a page-table update is 8
	 * to 4 KiB, and finding its region in the memory's tree twice (span,
	 * then copy) was ~300 instructions a store, 15 M of `gfxkit run`'s
	 * 368 M on bench_exec's 5 MB CIK stream (callgrind).  Only regions with
	 * contents are kept (regions are never removed or moved while the
	 * memory lives); emptied at each run's start all the same. */
	struct gk_exec_hit hit[EXEC_HITS];
	unsigned nhit, hit_next;
};

#define NAME_CACHE 512u
struct gk_exec_name {
	const struct gk_packet_desc *d; /* NULL: an empty slot */
	const char *name;
	uint8_t ix;
};

/* the accesses of the unit: reads and writes (after DETILE/DIRECTION) */
struct accs {
	/* the unit's own records (gk_unit.acc, kept by the access model) where
	 * it keeps them, else own[i]: copying each 264-byte record out through
	 * gk_engine_access was 16 M of `gfxkit run`'s 346 M on bench_exec's
	 * 5 MB CIK stream (callgrind) */
	const struct gk_mem_access *a[MAX_SIDES];
	struct gk_mem_access own[MAX_SIDES];
	unsigned k[MAX_SIDES];
	unsigned n;
};

/* ---- exec.c: the state ---- */

/* stop the run (status st) at the packet being run, field and message
 * naming why; returns -1 */
int gk_exec_vstop(struct gk_exec *x, enum gk_exec_status st, const char *field, const char *fmt, va_list ap);
/* where the run is (depth, offsets, packet) */
void gk_exec_where_now(const struct gk_exec *x, struct gk_exec_where *w);
/* a register default (CLEAR_STATE puts it back); -1: out of memory */
int gk_exec_default(struct gk_exec *x, uint32_t byte_addr, uint32_t value);
/* what the hardware does in answer to a register write (a flush request
 * sets its done bits: exec.c reg_links); -1: out of memory */
int gk_exec_reg_answer(struct gk_exec *x, uint32_t byte_addr, uint32_t v);
/* the rows of description d resolved, kept per description of the run's
 * format (NULL: out of memory); a description outside it is resolved into
 * *tmp (NULL before, the caller frees it), its fields read by name */
struct xdesc *gk_exec_rows(struct gk_exec *x, const struct gk_packet_desc *d, struct xdesc **tmp);
/* the name of slot s of a row */
const char *gk_exec_slot_name(const struct gk_exec_row *row, enum xslot s);

/* stop the run at the packet being run (gk_exec_vstop); returns -1 */
static inline int gk_exec_stop(struct gk_exec *x, enum gk_exec_status st, const char *field, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static inline int gk_exec_stop(struct gk_exec *x, enum gk_exec_status st, const char *field, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	gk_exec_vstop(x, st, field, fmt, ap);
	va_end(ap);
	return -1;
}

/* ---- the memory, through the cache of regions hit last ---- */

/* the region with contents holding all of [addr, addr + n), n > 0, found
 * in the memory and put in the cache; NULL: no one region holds it (the
 * caller goes through gk_mem_read / gk_mem_write, which say why) */
const struct gk_exec_hit *gk_exec_mem_miss(struct gk_exec *x, uint64_t addr, size_t n);

static inline const struct gk_exec_hit *gk_exec_mem_at(struct gk_exec *x, uint64_t addr, size_t n)
{
	for (unsigned i = 0; i < x->nhit; i++) {
		/* [addr, addr + n) inside the region, n > 0, in two unsigned
		 * compares: an addr below the base wraps past the size, and n 0
		 * wraps n - 1 past anything */
		const struct gk_exec_hit *h = &x->hit[i];
		uint64_t off = addr - h->base;
		if (off < h->size && (uint64_t)n - 1 < h->size - off)
			return h;
	}
	return gk_exec_mem_miss(x, addr, n);
}

/* [addr, addr + n) in place, as gk_mem_span / gk_mem_span_write say it */
static inline const uint8_t *gk_exec_span(struct gk_exec *x, uint64_t addr, size_t n)
{
	const struct gk_exec_hit *h = gk_exec_mem_at(x, addr, n);
	return h ? h->data + (addr - h->base) : NULL;
}

static inline uint8_t *gk_exec_span_w(struct gk_exec *x, uint64_t addr, size_t n)
{
	const struct gk_exec_hit *h = gk_exec_mem_at(x, addr, n);
	return h && h->wr ? h->wr + (addr - h->base) : NULL;
}

/* ---- fields of the unit being run ---- */

/* the field index of name in d on the run's generation (gk_field_index),
 * through the executor's cache */
uint8_t gk_exec_name_ix(const struct gk_exec *x, const struct gk_packet_desc *d, const char *name);

/* The field at description index ix (gk_field_index: bit 7 a header
 * field) of a record whose fields nobody asked for yet (pending: a simple
 * description, presence by generation, every field whole), read straight
 * from the words as gk_unit_fill would read it, *v its value; NULL when
 * the record is complete or the field is not there (the callers then ask
 * gk_unit_field_at).  src/mem/access.c reads its rows' fields so too:
 * completing the record for the two or three fields an op reads was a
 * fifth of a CIK SDMA run's instructions (callgrind, bench_exec's stream). */
static inline const struct gk_field *gk_exec_pending(const struct gk_exec *x, uint8_t ix, uint64_t *v)
{
	const struct gk_unit *u = x->u;
	if (!u->pending || !u->simple || ix == 0xff)
		return NULL;
	const struct gk_packet_desc *d = u->desc;
	unsigned i = ix & 0x7fu;
	bool hdr = ix & 0x80u;
	if (i >= (hdr ? d->nhdr : d->nfields))
		return NULL;
	const struct gk_field *f = hdr ? &d->hdr[i] : &d->fields[i];
	if (f->gens && !(f->gens & x->fmt->gen_bit))
		return NULL;
	*v = gk_fget(f, u->pkt.dw, u->pkt.ndw);
	return f;
}

/* by name: the description of the field called name that the unit shows
 * and *v its value, or NULL (name NULL too) */
static inline const struct gk_field *gk_exec_nfield(const struct gk_exec *x, const char *name, uint64_t *v)
{
	if (!name || !x->u)
		return NULL;
	uint8_t ix = x->u->desc ? gk_exec_name_ix(x, x->u->desc, name) : 0xff;
	const struct gk_field *f = gk_exec_pending(x, ix, v);
	if (f)
		return f;
	const struct gk_unit_field *uf = gk_unit_field_at(x->u, ix, name);
	if (!uf)
		return NULL;
	*v = uf->value;
	return uf->desc;
}

/* the name of a field's value (an enum), or NULL */
static inline const char *gk_exec_fname(const struct gk_exec *x, const char *name)
{
	uint64_t v;
	const struct gk_field *f = gk_exec_nfield(x, name, &v);
	return f && f->enm ? gk_enum_name(f->enm, v) : NULL;
}

/* the meaning (enum gk_tag) of the value of the field called name:
 * GK_TAG_NONE when absent or untagged */
static inline unsigned gk_exec_ntag(const struct gk_exec *x, const char *name)
{
	uint64_t v;
	const struct gk_field *f = gk_exec_nfield(x, name, &v);
	return f ? gk_enum_tag(f->enm, v) : GK_TAG_NONE;
}

/* by slot of a resolved row: the field, its value, its value's name and meaning */
static inline const struct gk_unit_field *gk_exec_xf(const struct gk_exec *x, const struct xrow *r, enum xslot s)
{
	const struct gk_unit *u = x->u;
	if (r->f[s] && !u->pending && u->desc) {
		/* a complete record (a poll's: conditional fields): the
		 * field's slot as gk_unit_field_at finds it, without the call
		 * and the name (~60 instructions a field, six a CIK poll:
		 * callgrind, bench_exec's 5 MB stream); not shown there, the
		 * call (another field of the name) */
		unsigned i = r->ix[s] & 0x7fu;
		bool hdr = r->ix[s] & 0x80u;
		uint8_t slot = i < (hdr ? u->desc->nhdr : u->desc->nfields) ? (hdr ? u->hdr_slot : u->body_slot)[i] : 0xff;
		if (slot < u->nfields && !u->fields[slot].cut)
			return &u->fields[slot];
	}
	const char *name = gk_exec_slot_name(r->row, s);
	return name ? gk_unit_field_at(u, r->ix[s], name) : NULL;
}

/* by slot: the field's description and *v its value, NULL when the packet
 * does not show it (a pending record's read from the words).  Forced
 * inline: gcc kept it as a call from the ops, ~65 instructions each where
 * inlined it is the few of the read (bench_exec's 5 MB CIK stream, ~125k
 * calls from the fences, semaphores, waits and page-table writes:
 * callgrind) */
static inline __attribute__((always_inline)) const struct gk_field *gk_exec_xfield(const struct gk_exec *x,
										   const struct xrow *r,
										   enum xslot s, uint64_t *v)
{
	/* gk_exec_pending with the field resolved (r->f[s], on the run's
	 * generation, of this description: the index is in range) */
	const struct gk_field *f = r->f[s];
	const struct gk_unit *u = x->u;
	if (f && u->pending && u->simple) {
		*v = gk_fget(f, u->pkt.dw, u->pkt.ndw);
		return f;
	}
	const struct gk_unit_field *uf = gk_exec_xf(x, r, s);
	if (!uf)
		return NULL;
	*v = uf->value;
	return uf->desc;
}

/* forced inline with gk_exec_xfield: gcc kept this one as the call then */
static inline __attribute__((always_inline)) uint64_t gk_exec_xv(const struct gk_exec *x, const struct xrow *r,
								 enum xslot s, uint64_t dflt)
{
	uint64_t v;
	return gk_exec_xfield(x, r, s, &v) ? v : dflt;
}

static inline const char *gk_exec_xsym(const struct gk_exec *x, const struct xrow *r, enum xslot s)
{
	uint64_t v;
	const struct gk_field *f = gk_exec_xfield(x, r, s, &v);
	return f && f->enm ? gk_enum_name(f->enm, v) : NULL;
}

static inline unsigned gk_exec_xtag(const struct gk_exec *x, const struct xrow *r, enum xslot s)
{
	uint64_t v;
	const struct gk_field *f = gk_exec_xfield(x, r, s, &v);
	return f ? gk_enum_tag(f->enm, v) : GK_TAG_NONE;
}

/* the byte address of the register the field of slot s names: GK_REG
 * fields hold dword indices (0: none) */
static inline uint64_t gk_exec_xreg(const struct gk_exec *x, const struct xrow *r, enum xslot s)
{
	uint64_t v;
	const struct gk_field *f = gk_exec_xfield(x, r, s, &v);
	return !f ? 0 : f->kind == GK_REG && !gk_field_reg_bytes(f) ? v * 4 : v;
}

/* The one compare of GK_X_WAIT and GK_X_TEST: v FUNCTION ref for a
 * compare function's tag (seed 001 §9.5.2 / §9.6.8); *known false for a
 * tag that is none. */
static inline bool gk_exec_compare(unsigned tag, uint32_t v, uint32_t ref, bool *known)
{
	*known = true;
	switch (tag) {
	case GK_TAG_CMP_ALWAYS: return true;
	case GK_TAG_CMP_LESS: return v < ref;
	case GK_TAG_CMP_LESS_EQUAL: return v <= ref;
	case GK_TAG_CMP_EQUAL: return v == ref;
	case GK_TAG_CMP_NOT_EQUAL: return v != ref;
	case GK_TAG_CMP_GREATER_EQUAL: return v >= ref;
	case GK_TAG_CMP_GREATER: return v > ref;
	}
	*known = false;
	return false;
}

/* one effect of the packet being run, for the trace */
static inline void gk_exec_effect(struct gk_exec *x, char kind, uint64_t first, uint64_t last, uint32_t value,
				  const char *name)
{
	if (!x->want_eff)
		return;
	if (x->neff == MAX_EFFECTS) {
		x->eff_more++;
		return;
	}
	x->eff[x->neff++] = (struct effect){ kind, first, last, value, name };
}

/* ---- the register file: dword byte addresses below REG_SPACE ---- */

static inline bool gk_exec_reg_valid(uint64_t byte_addr)
{
	return byte_addr < REG_SPACE && !(byte_addr & 3);
}

static inline bool gk_exec_reg_is_set(const struct gk_exec *x, uint32_t a)
{
	return (x->reg_set[a / 32] >> (a / 4 % 8)) & 1;
}

/* the value at a valid byte address (0 where nothing was written) */
static inline uint32_t gk_exec_reg_value(const struct gk_exec *x, uint32_t byte_addr)
{
	const uint32_t *page = x->reg_page[byte_addr / 4 / REG_PAGE];
	return page ? page[byte_addr / 4 % REG_PAGE] : 0;
}

/* the n registers from dword index ix (n >= 1) may have changed: their
 * bits of x->written */
static inline void gk_exec_reg_written(struct gk_exec *x, uint32_t ix, uint32_t n)
{
	if (!x->mark_written)
		return;
	for (uint32_t b = ix / GK_LINT_WRITTEN_REGS; b <= (ix + n - 1) / GK_LINT_WRITTEN_REGS; b++)
		x->written[b / 64] |= 1ull << (b % 64);
}

/* sets a register; -1 when its page cannot be allocated */
static inline int gk_exec_reg_put(struct gk_exec *x, uint32_t byte_addr, uint32_t v)
{
	uint32_t **page = &x->reg_page[byte_addr / 4 / REG_PAGE];
	if (!*page && !(*page = calloc(REG_PAGE, sizeof **page)))
		return -1;
	(*page)[byte_addr / 4 % REG_PAGE] = v;
	x->reg_set[byte_addr / 32] |= (uint8_t)(1u << (byte_addr / 4 % 8));
	gk_exec_reg_written(x, byte_addr / 4, 1);
	return 0;
}

/* whether a write of register byte_addr may be answered (a link's request
 * register: x->link_filter); false: certainly not */
static inline bool gk_exec_reg_linked(const struct gk_exec *x, uint32_t byte_addr)
{
	uint32_t b = byte_addr / 4 % LINK_BITS;
	return x->link_filter[b / 64] >> (b % 64) & 1;
}

/* ---- exec_sides.c: where the bytes of a transfer are ---- */

void gk_exec_unit_accesses(struct gk_exec *x, struct gk_engine *e, struct accs *A);
/* the access that reads (or writes: want), *k its access row (k may be NULL) */
/* the access that reads (or writes: want); inline: every store, fence,
 * semaphore and page-table op asks it (as a call ~8 instructions each) */
static inline const struct gk_mem_access *gk_exec_find_acc(const struct accs *A, unsigned want, unsigned *k)
{
	for (unsigned i = 0; i < A->n; i++)
		if (A->a[i]->rw & want) {
			if (k)
				*k = A->k[i];
			return A->a[i];
		}
	return NULL;
}

/* ---- the ops (the dispatcher's table in exec_run.c) ---- */

/* exec_mem.c: the memory engines' (DMA, SDMA) */
int gk_exec_op_copy(struct gk_exec *x, const struct xrow *r, const struct accs *A);
int gk_exec_op_write_data(struct gk_exec *x, const struct xrow *r, const struct accs *A);
int gk_exec_op_fill(struct gk_exec *x, const struct xrow *r, const struct accs *A);
int gk_exec_op_store(struct gk_exec *x, const struct xrow *r, const struct accs *A);
int gk_exec_op_interrupt(struct gk_exec *x, const struct xrow *r, const struct accs *A);
int gk_exec_op_wait(struct gk_exec *x, const struct xrow *r, const struct accs *A);
int gk_exec_op_semaphore(struct gk_exec *x, const struct xrow *r, const struct accs *A);
int gk_exec_op_cond_exec(struct gk_exec *x, const struct xrow *r, const struct accs *A);
int gk_exec_op_reg_write(struct gk_exec *x, const struct xrow *r, const struct accs *A);
int gk_exec_op_clock_set(struct gk_exec *x, const struct xrow *r, const struct accs *A);
int gk_exec_op_clock_store(struct gk_exec *x, const struct xrow *r, const struct accs *A);
int gk_exec_op_pte(struct gk_exec *x, const struct xrow *r, const struct accs *A);
/* the first min(n, BLOCK) bytes of a fill of n bytes, byte q being byte
 * (q ^ swap) % width of v, in x->block (staged) */
void gk_exec_stage_fill(struct gk_exec *x, uint64_t n, uint32_t v, unsigned width, unsigned swap);

/* exec_cp.c: the command processor's */
int gk_exec_op_reg_run(struct gk_exec *x, const struct xrow *r, const struct accs *A);
int gk_exec_op_reg_pairs(struct gk_exec *x, const struct xrow *r, const struct accs *A);
int gk_exec_op_reg_load(struct gk_exec *x, const struct xrow *r, const struct accs *A);
int gk_exec_op_reg_default(struct gk_exec *x, const struct xrow *r, const struct accs *A);
int gk_exec_op_preamble(struct gk_exec *x, const struct xrow *r, const struct accs *A);
int gk_exec_op_event(struct gk_exec *x, const struct xrow *r, const struct accs *A);
int gk_exec_op_draw(struct gk_exec *x, const struct xrow *r, const struct accs *A);
int gk_exec_op_eop(struct gk_exec *x, const struct xrow *r, const struct accs *A);
int gk_exec_op_latch(struct gk_exec *x, const struct xrow *r, const struct accs *A);
int gk_exec_op_test(struct gk_exec *x, const struct xrow *r, const struct accs *A);
int gk_exec_op_put(struct gk_exec *x, const struct xrow *r, const struct accs *A);
int gk_exec_op_data_to(struct gk_exec *x, const struct xrow *r, const struct accs *A);
int gk_exec_op_predicate(struct gk_exec *x, const struct xrow *r, const struct accs *A);
int gk_exec_op_pred_exec(struct gk_exec *x, const struct xrow *r, const struct accs *A);
int gk_exec_op_param(struct gk_exec *x, const struct xrow *r, const struct accs *A);
int gk_exec_op_dma(struct gk_exec *x, const struct xrow *r, const struct accs *A);
void gk_exec_cp_begin(struct gk_exec *x); /* a run starts */
/* a packet starts: inline, two stores (as a call ~5 instructions a packet) */
static inline void gk_exec_cp_unit(struct gk_exec *x)
{
	x->cp.failed = x->cp.event = false;
}

/* ---- exec_trace.c: what a run prints ---- */

/* the packet just run is a draw or dispatch that --state prints */
static inline bool gk_exec_state_due(const struct gk_exec *x)
{
	return x->o && x->o->state && x->cp.event;
}
/* the unit just run (or skipped) with its effects (gk_exec_trace: when
 * the trace or --state asks for it; checked here, at every packet, without
 * a call when it does not) */
void gk_exec_trace_print(struct gk_exec *x, const struct gk_diags *dg, bool skipped);
static inline void gk_exec_trace(struct gk_exec *x, const struct gk_diags *dg, bool skipped)
{
	if (x->o->trace || gk_exec_state_due(x))
		gk_exec_trace_print(x, dg, skipped);
}
/* a lint run's finding at the packet being run (what: "draw 3", "check") */
void gk_exec_lint_print(struct gk_exec *x, const struct gk_diags *dg, const char *what);
/* the run's last line: the summary (text or JSON) */
void gk_exec_summary(struct gk_exec *x);

#endif
