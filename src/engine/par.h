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

/* Helper k is given the n words at w (whole units, copied), at byte
 * offset; false when it cannot take them (out of memory: the caller
 * decodes them).  gk_par_start sets every helper given a run going. */
bool gk_par_give(struct gk_par *p, unsigned k, const uint32_t *w, size_t n, uint64_t offset);
void gk_par_start(struct gk_par *p);

/* Helper k's run, once it is done: the text it printed of its first
 * *done words (*units units; a unit with diagnostics or one that leaves
 * something for the next stops it, for the caller to take from there).
 * NULL when it printed nothing usable (*done 0). */
const char *gk_par_take(struct gk_par *p, unsigned k, size_t *len, size_t *done, uint64_t *units);

/* The units of the n words at w (whole units, byte offset offset) decoded
 * on ops/fam and printed to o, up to the first one with diagnostics or
 * that leaves something for the units after it (decoded, its diagnostics
 * in dg, not printed: *held), or until more than cap bytes were printed:
 * the words done, *units units.  The helpers' loop, and the stream loop's
 * for its own run. */
size_t gk_par_render(const struct gk_engine_ops *ops, void *fam, const uint32_t *w, size_t n, uint64_t offset,
		     bool json, unsigned json_flags, bool raw_words, struct gk_diags *dg, struct gk_out *o, size_t cap,
		     uint64_t *units, bool *held);

#endif
