/* Helper threads for the stream loop's decode (gk_stream_opts.threads):
 * the stream loop posts windows of whole units cut into pieces; it
 * decodes pieces from a window's front and the helpers from its back,
 * each on an engine of its own into memory, until the two ends meet, and
 * the stream loop writes what the helpers printed in order.  Internal to
 * src/engine. */
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

/* pieces a window is cut into at most */
#define GK_PAR_PIECES 160

/* A window of whole units for this thread and the helpers: the words
 * w[0, cut[np]) (copied), w[0] at byte offset offset, cut into np pieces
 * at cut[0] = 0 < cut[1] < ... < cut[np] (2 <= np <= GK_PAR_PIECES).
 * This thread claims pieces from the front (gk_par_claim), the helpers
 * from the back, until the two ends meet.  Returns the window's slot (0
 * or 1; the two are posted in turn, and the caller has taken every claim
 * of the window a slot held before it posts there again), -1 when it
 * cannot (the caller does the window alone). */
int gk_par_post(struct gk_par *p, const uint32_t *w, const size_t *cut, unsigned np, uint64_t offset);

/* The next pieces [*first, *first + *count) of the window in slot from
 * its front, this thread's to decode; false when the two ends met: the
 * pieces from *first on are the helpers' (gk_par_take). */
bool gk_par_claim(struct gk_par *p, int slot, unsigned *first, unsigned *count);

/* The helpers' claim at piece (the first of the helpers', then each next
 * one), once it is done: *count pieces, the text printed (*len bytes) of
 * their first *done words, *units units, as gk_par_render ends a helper's
 * run; the caller takes the rest of the claim's words from there.  NULL
 * when it did nothing usable (*done 0).  The text stays until the slot is
 * posted again. */
const char *gk_par_take(struct gk_par *p, int slot, unsigned piece, size_t *len, size_t *done, uint64_t *units,
			unsigned *count);

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
