/* Helper threads for the stream loop's decode (gk_stream_opts.threads):
 * each takes a run of whole units, decodes and prints them on an engine of
 * its own into memory, and the stream loop writes what they printed in
 * order.  Internal to src/engine. */
#ifndef GK_PAR_H
#define GK_PAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gfxkit/engine.h"

#include "engine_ops.h"

#define GK_PAR_MAX 7 /* helpers at most (gk_stream_opts.threads' 8, less this thread) */

struct gk_par;

/* Up to threads - 1 helpers, each with an engine of e's family and GPU;
 * NULL when none could be started (the caller decodes alone).  json,
 * json_flags and raw_words: how the units are printed (the stream options'). */
struct gk_par *gk_par_open(const struct gk_engine *e, unsigned threads, bool json, unsigned json_flags,
			   bool raw_words);
void gk_par_close(struct gk_par *p); /* waits for the helpers to end; NULL: nothing */
unsigned gk_par_helpers(const struct gk_par *p);

/* How the units are printed: the stream options' */
struct gk_par_print {
	bool json, raw_words;
	unsigned json_flags;
};

/* What gk_par_render did */
struct gk_par_done {
	size_t words;   /* from w on, whole units */
	uint64_t units;
	size_t bytes;   /* printed for them (flushed given: exact) */
	bool held;      /* the unit at words decoded, its diagnostics in dg, not printed */
};

/* Helper k is given the n words at w (whole units, copied), at byte
 * offset, and starts on them once it is done with what it was given
 * before (it holds two runs); false when it cannot take them (both held
 * and not taken, or out of memory: the caller does them). */
bool gk_par_give(struct gk_par *p, unsigned k, const uint32_t *w, size_t n, uint64_t offset);

/* Helper k's oldest run not taken, once it is done (waiting for it:
 * *waited): the text it printed (*len bytes) of its first *done words,
 * *units units, as gk_par_render ends a helper's run; the caller takes the
 * rest from there.  NULL when it did nothing usable (*done 0).  The text
 * stays until helper k is given a run again. */
const char *gk_par_take(struct gk_par *p, unsigned k, size_t *len, size_t *done, uint64_t *units, bool *waited);

/* The units of the n words at w (whole units, w[0] at byte offset
 * offset) decoded on ops/fam and printed to o as how says, up to the
 * first one with diagnostics (decoded, not printed: held).  The stream
 * loop's own run: flushed NULL.  A helper's: flushed counts what o has
 * written out (o's bytes so far: *flushed + o->len), the run stops after
 * PAR_TEXT_CAP bytes, and ends where the engine last carried nothing
 * (ops->carries), so the units after it, whose decode reads what an
 * earlier unit left, are the stream loop's (held is then false). */
void gk_par_render(const struct gk_engine_ops *ops, void *fam, const uint32_t *w, size_t n, uint64_t offset,
		   const struct gk_par_print *how, struct gk_diags *dg, struct gk_out *o, const size_t *flushed,
		   struct gk_par_done *r);

#endif
