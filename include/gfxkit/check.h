/* Checking packets: the diagnostics container every engine fills, the
 * checker of the table families and its state across packets (buffers a
 * stream may touch, predicated regions). */
#ifndef GFXKIT_CHECK_H
#define GFXKIT_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gfxkit/desc.h"
#include "gfxkit/diag.h"
#include "gfxkit/packet.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GK_MAX_DIAGS 16           /* per packet; further ones are summarised */
#define GK_BO_INDEX_MAX 256       /* buffers the bounds check indexes (as many as gfxkit check --bo takes) */
#define GK_BO_PAGES 4096          /* gk_check_state.bo_page's slots */

/* A buffer a stream may touch (check --bo BASE:SIZE). */
struct gk_bo {
	uint64_t base, size;
};

struct gk_check_state {
	const struct gk_bo *bos;      /* caller-owned; bounds are checked when nbos > 0 */
	unsigned nbos;
	uint64_t exec_end[16];        /* pending COND_EXEC/PRED_EXEC region ends */
	uint64_t exec_from[16];
	const char *exec_pkt[16];     /* packet that opened the region */
	const char *exec_field[16];   /* its count field (GK_F_EXEC) */
	uint8_t exec_dw[16], exec_lo[16], exec_hi[16]; /* where its EXEC_COUNT is */
	unsigned nexec;
	unsigned bo_hint;             /* the buffer that held the last range, with more buffers than the index holds */
	/* The interval index over bos (src/mem/bounds.c builds it at the
	 * first bounds check after gk_check_set_buffers, which empties it;
	 * more than GK_BO_INDEX_MAX buffers are searched one by one): the
	 * non-empty buffers by base, and for each prefix of that order the
	 * largest last byte and the buffer it belongs to, so "is [first,
	 * last] inside one" is one binary search. */
	bool bo_indexed;
	unsigned bo_nix;
	uint64_t bo_ix_base[GK_BO_INDEX_MAX];
	uint64_t bo_ix_last[GK_BO_INDEX_MAX];  /* the largest last byte of the first i + 1 by base */
	uint16_t bo_ix_which[GK_BO_INDEX_MAX]; /* the buffer (index into bos) that has it */
	/* the buffer that held the range before the last one's buffer, tried
	 * second (without the index): a copy's source and destination lie in
	 * two buffers in turn */
	unsigned bo_hint2;
	/* the index padded to a power of two entries (bases past the last
	 * one's UINT64_MAX), 1 << bo_ix_log2 of them: the search halves it
	 * a fixed number of times */
	unsigned bo_ix_log2;
	/* the buffer (+ 1; 0: none) that held the last range starting in a
	 * 2 MiB page of the address space, a slot by a hash of the page,
	 * tried before the index search (src/mem/bounds.c find_bo): a
	 * stream's ranges keep to the pages of its buffers */
	uint16_t bo_page[GK_BO_PAGES];
};

struct gk_diags {
	struct gk_diag d[GK_MAX_DIAGS];
	unsigned n, dropped;
	unsigned errors, warnings;
};

/* The check functions do nothing when a pointer argument is NULL (no
 * diagnostics; an empty packet has none either).  A state whose nexec
 * exceeds its arrays is cut back to them, and nbos counts nothing while
 * bos is NULL. */
void gk_check_init(struct gk_check_state *st);
/* Declare the buffers packets may read and write (kept by pointer, caller-owned);
 * from then on every memory range a packet touches must lie inside one.  The
 * state indexes the list when it first checks a range: call this again after
 * changing the list's contents. */
void gk_check_set_buffers(struct gk_check_state *st, const struct gk_bo *bos, unsigned n);
/* Empty *dg before checking the next packet (counts only: cheap per packet). */
void gk_diags_reset(struct gk_diags *dg);
/* Append one diagnostic about pkt (message printf-style, truncated to fit);
 * counts it in out->errors / out->warnings and, past GK_MAX_DIAGS, in
 * out->dropped.  Returns the entry, or NULL when it was dropped.  dw, lo, hi:
 * -1 when the diagnostic is about no dword or bit range.  The family rule
 * hooks (struct gk_format) report through it.  out NULL: nothing, NULL;
 * pkt NULL: offset 0, packet "PACKET"; fmt NULL: an empty message. */
struct gk_diag *gk_diags_add(struct gk_diags *out, const struct gk_packet *pkt, enum gk_severity sev,
			     enum gk_diag_code code, int dw, int lo, int hi, const char *field, const char *fmt, ...)
	__attribute__((format(printf, 9, 10)));
/* Diagnose one packet (appends to *out): the quiet check first (a whole
 * packet its words show clean, its ranges inside the buffers, is not
 * decoded), else the packet decoded, checked and its ranges bounded. */
void gk_check_packet(const struct gk_format *fmt, struct gk_check_state *st, const struct gk_packet *pkt,
		     struct gk_diags *out);
/* End of stream at byte offset end: unfinished EXEC_COUNT regions. */
void gk_check_end(struct gk_check_state *st, uint64_t end, struct gk_diags *out);

#ifdef __cplusplus
}
#endif
#endif
