/* Engines: every family (PM4, DMA, AMDGPU instruction words, ...) behind one
 * interface, and one stream loop that decodes or checks a whole input with
 * any of them.  The CLI's decode and check are this loop. */
#ifndef GFXKIT_ENGINE_H
#define GFXKIT_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gfxkit/desc.h"
#include "gfxkit/diag.h"
#include "gfxkit/memory.h"
#include "gfxkit/stream.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One family prepared for one GPU: an opaque handle (heap; gk_engine_close). */
struct gk_engine;

/* The engine called name ("pm4", "dma", "amdgpu", "ir3", "modifier",
 * "isa", or NULL / "auto") for gpu.  "isa", NULL and "auto" pick the engine
 * whose GPU list has gpu ("isa" among the instruction sets, amdgpu and ir3;
 * NULL and "auto" among all, pm4 first, so "cayman" is PM4, as the CLI's
 * default engine).  GPU names are case-insensitive.  Returns NULL with *err (when
 * err is not NULL) saying which name is unknown and what is known. */
struct gk_engine *gk_engine_open(const char *name, const char *gpu, struct gk_diag *err);
void gk_engine_close(struct gk_engine *e); /* NULL: nothing */

const char *gk_engine_name(const struct gk_engine *e);    /* "pm4"; NULL for a NULL e */
const char *gk_engine_gpu(const struct gk_engine *e);     /* the generation: "evergreen", "gfx10" */
unsigned gk_engine_unit_bytes(const struct gk_engine *e); /* framing unit: 4 (dwords) or 8 (64-bit) */
/* The packet descriptions, for engines described by them (pm4, dma); NULL otherwise. */
const struct gk_format *gk_engine_format(const struct gk_engine *e);
/* A gk_reg_lookup_fn (include/gfxkit/input.h) over the register tables of
 * engine (a struct gk_engine *): gk_input_set_reg_lookup(in,
 * gk_engine_reg_lookup, e) lets a listing that names registers in place of
 * their offsets be read for e's GPU.  0, or -1 for a name e's tables do not
 * hold, an engine without register tables, or a NULL argument. */
int gk_engine_reg_lookup(void *engine, const char *name, size_t len, uint32_t *offset);

/* The engines this build has, in the order "auto" tries them: name i, or
 * NULL past the last. */
const char *gk_engine_list(size_t i);
/* The GPU names engine name accepts, for usage texts; NULL for an unknown name. */
const char *gk_engine_gpu_help(const char *name);

/* ---- the assembler and the list, for any engine ---- */

/* An assembler for e: the text decode prints, fed a line at a time (without
 * its newline); emit gets each unit's words (a 64-bit instruction as two,
 * low first), diag each error with its 1-based line and column.  NULL when
 * e is NULL, the engine has no assembler or memory runs out. */
struct gk_engine_asm;
struct gk_engine_asm *gk_engine_asm_open(struct gk_engine *e, gk_emit_fn emit, void *emit_ctx, gk_diag_fn diag,
					 void *diag_ctx);
void gk_engine_asm_line(struct gk_engine_asm *a, const char *line, size_t len);
/* The n bytes of text, a line at a time (split at '\n'; the last line may
 * lack its newline): gk_engine_asm_line for each. */
void gk_engine_asm_text(struct gk_engine_asm *a, const char *text, size_t n);
/* End of the text (a packet still open is emitted): the errors in all. */
unsigned gk_engine_asm_finish(struct gk_engine_asm *a);
void gk_engine_asm_close(struct gk_engine_asm *a); /* NULL: nothing */
/* Check what the assembler builds as it goes (gk_asm_check: the checker's
 * findings as warnings on the packet's line, not errors).  0, or -1 when
 * the engine has no checker to run (a NULL a too). */
int gk_engine_asm_check(struct gk_engine_asm *a, bool on);

/* One line per unit description e's GPU has (packets: opcode, name, the
 * source of its layout; ir3: its bits, name, generations).  0, or -1 when
 * the engine has no list (or an argument is NULL). */
int gk_engine_describe(struct gk_engine *e, struct gk_out *o);
/* One unit description by name (case-insensitive): each field with its
 * dword(s) and bits, kind, named values and their numbers, and the
 * generations that have the packet; as text, or with json one object (the
 * "description" of docs/json.md).  0, or -1 with err saying why (no such
 * name on this GPU, with the closest names; an engine without
 * descriptions; a NULL argument). */
int gk_engine_describe_unit(struct gk_engine *e, const char *name, bool json, struct gk_out *o, struct gk_diag *err);

/* The k-th memory range (k from 0) the unit e decoded last (in a gk_unit_fn)
 * reads or writes, from the access model (include/gfxkit/memory.h): 1 with
 * *a set, 0 when that access touches nothing here (a register target, a
 * zero count), -1 when the unit has no access k, the engine describes no
 * memory accesses, or an argument is NULL. */
int gk_engine_access(struct gk_engine *e, unsigned k, struct gk_mem_access *a);
/* The decoded record (include/gfxkit/unit.h) of the unit last decoded: its
 * fields by name and value, layout and diagnostics.  It points into the
 * input's words, so it is valid while they are: in the unit callback of
 * gk_stream_run, and after the run until the input is read again or
 * destroyed.  NULL for engines that keep none (the instruction sets) or
 * before the first unit. */
struct gk_unit;
const struct gk_unit *gk_engine_unit(const struct gk_engine *e);

/* ---- the stream loop ---- */

/* Called by gk_stream_run after each unit is decoded and checked, before it
 * is printed: its byte offset, its words (n of them; valid during the call)
 * and its diagnostics.  gk_engine_access works on the unit meanwhile.
 * Returns GK_UNIT_GO to go on, GK_UNIT_NO_FOLLOW to go on without following
 * the unit's indirect buffer (an executor skipping the packet); any other
 * value stops the stream there (that unit is not printed, and the
 * end-of-stream diagnostics are not made).  Units inside a followed buffer
 * come to the callback with the engine of their depth: one engine per
 * depth, the same one for every buffer at that depth. */
#define GK_UNIT_GO 0
#define GK_UNIT_STOP 1
#define GK_UNIT_NO_FOLLOW 2
typedef int (*gk_unit_fn)(void *ctx, struct gk_engine *e, uint64_t offset, const uint32_t *words, size_t n,
			  const struct gk_diags *dg);

/* Memory for following: copy up to n bytes at GPU address addr into buf
 * (buf NULL: copy nothing) and return how many of them, from addr on, the
 * memory has (n: all; fewer: the next byte is absent), or -1 on an error.
 * gk_mem_reader does this over a struct gk_mem (include/gfxkit/memory.h). */
typedef long (*gk_mem_fn)(void *ctx, uint64_t addr, void *buf, size_t n);

struct gk_stream_opts {
	bool check;                   /* check: print only diagnostics (text: as FILE:0xOFFSET lines) */
	bool json;                    /* JSON Lines (docs/json.md) instead of text */
	unsigned json_flags;          /* GK_JSON_TEXT */
	bool raw_words;               /* text: each unit's words as a comment line */
	const char *name;             /* the input's name in check lines ("-": stdin); NULL: "-" */
	const struct gk_bo *bos;      /* check these buffers (engines with memory accesses) */
	unsigned nbos;
	gk_unit_fn unit;              /* NULL: none */
	void *unit_ctx;
	/* Following indirect buffers: with mem_read set, a unit whose
	 * description is an indirect buffer (GK_P_IB) has the buffer read
	 * through mem_read and decoded where it appears, by a fresh engine of the
	 * same family and GPU, nested (text indented four spaces a level; JSON
	 * units carry "depth", "ib" and "parent"; check lines name the path
	 * NAME:0xPACKET->IB).  A buffer absent or partly absent from memory, a
	 * cycle and nesting past max_depth (0: 4) are diagnostics of the packet;
	 * buffers sharing bytes with one followed before, or with the top-level
	 * stream's units read so far when its offsets are GPU addresses
	 * (gk_input_gpu_addressed: the ring), are warnings.  One stream
	 * follows at most 65,536 buffers and 1 GiB of them in all (an error
	 * on the packet past that), so hostile streams end. */
	gk_mem_fn mem_read;
	void *mem_ctx;
	unsigned max_depth;
	uint64_t skip;                /* units framed and passed over before the first one shown */
	uint64_t count;               /* units shown at most (0: all); stopping early makes no end diagnostics */
	/* Diagnostics shown at most (0: all), counting from the first: past
	 * it, check prints no more lines (JSON: no more units), and text
	 * decode prints units without their diagnostic lines; they are still
	 * counted in errors and warnings, and the hidden ones in stats.hidden.
	 * JSON decode shows every unit whole. */
	uint64_t max_diags;
	/* Threads a decode (text or JSON; not check) may use, this one
	 * included (0 or 1: this one only).  Past 1, the top-level stream is
	 * cut into runs of whole units that helper threads decode at the same
	 * time, each on an engine of its own, while this thread decodes its
	 * own run and writes theirs in order: the same bytes as one thread,
	 * sooner on a machine with cores to spare.  Where a unit has
	 * diagnostics, or leaves something for the next ones (an open
	 * predicated region), this thread takes it and the units after it in
	 * their order.  Used only where nothing else reads the units in
	 * order: no unit callback, buffers, skip, count, following or ring
	 * marks; at most 8. */
	unsigned threads;
};

struct gk_stream_stats {
	uint64_t units;               /* units decoded */
	uint64_t errors, warnings;    /* diagnostics found, including those past a unit's cap */
	uint64_t end;                 /* byte offset after the last unit */
	uint64_t hidden;              /* diagnostics not shown past max_diags */
};

/* Decode (or check) every unit of in with e and write the result to out.
 * A ring dump (gk_input_marks with a word marked as rptr) is framed from
 * the first offset whose chain of units lands exactly on rptr; the words
 * before it are shown raw (".long"; JSON: a unit named null), and the text
 * marks the units where the ring pointers are.
 * Returns 0, or -1 when the input failed (gk_input_error says what and
 * where) or an argument is NULL; out->failed says whether writing failed.
 * Bounded memory whatever the input size. */
int gk_stream_run(struct gk_engine *e, struct gk_input *in, const struct gk_stream_opts *o, struct gk_out *out,
		  struct gk_stream_stats *stats);

#ifdef __cplusplus
}
#endif
#endif
