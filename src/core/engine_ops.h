/* What a family implements to be an engine (include/gfxkit/engine.h).  The
 * registry (src/engine/registry.c) lists each family's ops; the stream loop
 * (src/engine/stream.c) drives them a unit at a time.  Families described by
 * packet tables (struct gk_format) take the generic ops of desc_engine.c and
 * give only their open function. */
#ifndef GK_ENGINE_OPS_H
#define GK_ENGINE_OPS_H

#include "gfxkit/engine.h"
#include "gfxkit/unit.h"

/* gk_bounds_quiet's shape (src/mem, check --bo), which the stream loop
 * hands the desc engine's frame_unit: core calls no memory model itself */
typedef bool (*gk_bounds_quiet_fn)(const struct gk_format *fmt, struct gk_check_state *st,
				   const struct gk_packet_desc *d, const uint32_t *dw, size_t ndw);

struct gk_engine_ops {
	const char *name;                 /* "pm4": what -e says */
	const char *(*gpu_help)(void);
	unsigned unit_bytes;              /* 4 or 8 */
	/* The family's state for gpu (heap), or NULL when gpu is not one of its GPUs. */
	void *(*open)(const char *gpu);
	void (*close)(void *fam);
	const char *(*gpu_name)(const void *fam);
	const struct gk_format *(*format)(const void *fam); /* NULL: not table-described */
	/* A new stream: forget what the last one left open; check these buffers
	 * (NULL: nothing to forget, no memory accesses). */
	void (*begin)(void *fam, const struct gk_bo *bos, unsigned nbos);
	/* Words the unit at w (n >= 1 available) occupies: >= 1, and more than n
	 * when it runs past what is there (NULL: always unit_bytes / 4). */
	size_t (*frame)(void *fam, const uint32_t *w, size_t n);
	/* frame over units back to back from w (n words there) while their
	 * words come to fewer than goal: the words of the whole units framed,
	 * and *cut true when the unit after them is not whole within n.  Only
	 * where units start, in one call (the window framing of a decode on
	 * more threads, which leaves each unit's frame to the thread that
	 * decodes it); the next unit decoded is framed as if this had not been
	 * called.  NULL: frame a unit at a time. */
	size_t (*frame_span)(void *fam, const uint32_t *w, size_t n, size_t goal, bool *cut);
	/* Decode and check the unit of len words at w, of which n are there
	 * (n < len: cut off by the end of the input), at byte offset; the unit
	 * stays decoded in fam for text/json until the next call. */
	void (*unit)(void *fam, const uint32_t *w, size_t n, size_t len, uint64_t offset, struct gk_diags *dg);
	/* frame and unit in one call, for a loop that runs units back to
	 * back: the length of the unit at w (what frame says), and when it is
	 * whole within the n words there, the unit checked as unit(w, len,
	 * len, offset, dg) would; a unit the check finds clean may leave no
	 * record (record() NULL) unless bounds_quiet is given (check --bo)
	 * and a clean unit that touches memory has a range it does not call
	 * inside the engine's buffers (the stream loop's check reads none of
	 * a clean unit; its bounds stage, the accesses of one) (NULL: frame,
	 * then unit) */
	size_t (*frame_unit)(void *fam, const uint32_t *w, size_t n, uint64_t offset, struct gk_diags *dg,
			     gk_bounds_quiet_fn bounds_quiet);
	/* frame_unit over units back to back from w (n words there), each
	 * starting before word starts: the clean ones that leave no record
	 * (their count returned, their words in *words), up to the first
	 * unit that does not: *last its length when frame_unit decoded it
	 * (for the stages after decode), 0 when none is left to start or it
	 * is not whole within n (NULL: frame_unit a unit at a time) */
	uint64_t (*frame_units)(void *fam, const uint32_t *w, size_t n, size_t starts, uint64_t offset,
				struct gk_diags *dg, gk_bounds_quiet_fn bounds_quiet, size_t *words, size_t *last);
	/* frame, then unit(w, len, len, offset, dg) in one call, for a loop
	 * that hands every unit to a client (the stream loop's lean loop: run,
	 * lint): the length of the unit at w (what frame says) and, when it is
	 * whole within the n words there, its record in *rec as record() would
	 * give it; not whole (len > n): nothing decoded, *rec NULL (NULL op:
	 * frame, then unit) */
	size_t (*frame_record)(void *fam, const uint32_t *w, size_t n, uint64_t offset, struct gk_diags *dg,
			       const struct gk_unit **rec);
	void (*text)(void *fam, const struct gk_diags *dg, bool raw_words, struct gk_out *o);
	void (*json)(void *fam, const struct gk_diags *dg, unsigned flags, struct gk_out *o);
	/* End of the stream at byte offset end: what only the end shows (NULL: nothing). */
	void (*end)(void *fam, uint64_t end, struct gk_diags *dg);
	/* The assembler: the text decode prints, a line at a time, to words
	 * (emit gets each unit's words); diagnostics carry line and column. */
	void *(*asm_open)(void *fam, gk_emit_fn emit, void *emit_ctx, gk_diag_fn diag, void *diag_ctx);
	void (*asm_line)(void *as, const char *line, size_t len);
	unsigned (*asm_finish)(void *as); /* end of the text: the last unit; errors in all */
	void (*asm_close)(void *as);
	void (*asm_check)(void *as, bool on); /* NULL: the engine has no checker to run */
	/* one unit description by name (gk_engine_describe_unit); NULL: none */
	int (*describe)(void *fam, const char *name, bool json, struct gk_out *o, struct gk_diag *err);
	/* One line per unit description the GPU has (NULL: the engine has no list). */
	void (*list)(void *fam, struct gk_out *o);
	/* The decoded record of the unit last decoded (NULL op or result: the
	 * engine keeps no struct gk_unit; only table-described families do);
	 * a simple unit's fields may still be pending (gk_unit_fill).
	 * Its memory ranges are the access model's (src/mem), which
	 * gk_engine_access (src/engine) asks with this record. */
	const struct gk_unit *(*record)(const void *fam);
	/* true while the family holds something from the units decoded so
	 * far that a later unit's decode reads (a predicated region still
	 * open); the stream loop hands units to another engine of the family
	 * (a helper thread's, gk_stream_opts.threads) only where this is
	 * false, so they decode as they would here.  NULL: the family's units
	 * are never decoded elsewhere. */
	bool (*carries)(const void *fam);
};

/* gk_format.span of a family whose header h alone gives a packet's
 * dwords, len(fmt, h) (>= 1): one loop for the families, len inlined in
 * each one's span */
static inline __attribute__((always_inline)) size_t gk_span_by_header(const struct gk_format *fmt, const uint32_t *p,
								  size_t avail, size_t goal, bool *cut,
								  uint32_t (*len)(const struct gk_format *, uint32_t))
{
	size_t pos = 0;
	*cut = false;
	while (pos < goal && pos < avail) {
		size_t k = len(fmt, p[pos]);
		if (k > avail - pos) {
			*cut = true;
			break;
		}
		pos += k;
	}
	return pos;
}

/* The generic ops over a struct gk_format (src/core/desc_engine.c); a
 * table-described family's open calls gk_desc_engine_new with its init. */
void *gk_desc_engine_new(const char *gpu, int (*init)(struct gk_format *fmt, const char *gpu));
void gk_desc_engine_close(void *fam);
const char *gk_desc_engine_gpu(const void *fam);
const struct gk_format *gk_desc_engine_format(const void *fam);
void gk_desc_engine_begin(void *fam, const struct gk_bo *bos, unsigned nbos);
size_t gk_desc_engine_frame(void *fam, const uint32_t *w, size_t n);
size_t gk_desc_engine_frame_span(void *fam, const uint32_t *w, size_t n, size_t goal, bool *cut);
void gk_desc_engine_unit(void *fam, const uint32_t *w, size_t n, size_t len, uint64_t offset, struct gk_diags *dg);
size_t gk_desc_engine_frame_unit(void *fam, const uint32_t *w, size_t n, uint64_t offset, struct gk_diags *dg,
				 gk_bounds_quiet_fn bounds_quiet);
uint64_t gk_desc_engine_frame_units(void *fam, const uint32_t *w, size_t n, size_t starts, uint64_t offset,
				    struct gk_diags *dg, gk_bounds_quiet_fn bounds_quiet, size_t *words, size_t *last);
size_t gk_desc_engine_frame_record(void *fam, const uint32_t *w, size_t n, uint64_t offset, struct gk_diags *dg,
				   const struct gk_unit **rec);
void gk_desc_engine_text(void *fam, const struct gk_diags *dg, bool raw_words, struct gk_out *o);
void gk_desc_engine_json(void *fam, const struct gk_diags *dg, unsigned flags, struct gk_out *o);
void gk_desc_engine_end(void *fam, uint64_t end, struct gk_diags *dg);
void *gk_desc_engine_asm_open(void *fam, gk_emit_fn emit, void *emit_ctx, gk_diag_fn diag, void *diag_ctx);
void gk_desc_engine_asm_line(void *as, const char *line, size_t len);
unsigned gk_desc_engine_asm_finish(void *as);
void gk_desc_engine_asm_close(void *as);
void gk_desc_engine_asm_check(void *as, bool on);
int gk_desc_engine_describe(void *fam, const char *name, bool json, struct gk_out *o, struct gk_diag *err);
void gk_desc_engine_list(void *fam, struct gk_out *o);
const struct gk_unit *gk_desc_engine_record(const void *fam);
bool gk_desc_engine_carries(const void *fam);

#define GK_DESC_ENGINE_OPS(engine_name, help, open_fn)                                                        \
	{ .name = (engine_name), .gpu_help = (help), .unit_bytes = 4, .open = (open_fn),                      \
	  .close = gk_desc_engine_close, .gpu_name = gk_desc_engine_gpu, .format = gk_desc_engine_format,      \
	  .begin = gk_desc_engine_begin, .frame = gk_desc_engine_frame, .unit = gk_desc_engine_unit,           \
	  .frame_span = gk_desc_engine_frame_span,                                                             \
	  .frame_unit = gk_desc_engine_frame_unit, .frame_units = gk_desc_engine_frame_units,                 \
	  .frame_record = gk_desc_engine_frame_record,                                                         \
	  .text = gk_desc_engine_text, .json = gk_desc_engine_json, .end = gk_desc_engine_end,                 \
	  .asm_open = gk_desc_engine_asm_open, .asm_line = gk_desc_engine_asm_line,                           \
	  .asm_finish = gk_desc_engine_asm_finish, .asm_close = gk_desc_engine_asm_close,                     \
	  .asm_check = gk_desc_engine_asm_check, .describe = gk_desc_engine_describe,                       \
	  .list = gk_desc_engine_list, .record = gk_desc_engine_record, .carries = gk_desc_engine_carries }

#endif
