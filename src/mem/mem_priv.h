/* What the memory room's files share and nothing outside it calls. */
#ifndef GK_MEM_PRIV_H
#define GK_MEM_PRIV_H

#include "gfxkit/memory.h"
#include "gfxkit/unit.h"

/* gk_unit_access without the copy: *a points at the unit's own record of
 * access k (or at *spare, for a row past the ones the unit keeps), valid
 * while the unit is.  fmt and u non-NULL.  The bounds stage reads every
 * access of every packet: copying each 264-byte record cost it more than
 * its buffer search. */
int gk_unit_access_ref(const struct gk_format *fmt, const struct gk_unit *u, unsigned k, struct gk_mem_access *spare,
		       const struct gk_mem_access **a);

/* Access k of a packet of description d framed at dw (ndw words, at least
 * its fixed length; a description with fields present by a condition: no
 * tail, whose fields decide the layout), computed from the words alone,
 * without a unit record: what gk_unit_access gives for the unit decoded
 * from them (1: *a set, 0: touches nothing).  -1: the words alone do not
 * tell (a tail of groups or registers after conditional fields, a row past
 * the ones gk_format_prepare resolved, a field the packet cuts off): ask
 * the unit's. */
int gk_words_access(const struct gk_format *fmt, const struct gk_packet_desc *d, const uint32_t *dw, size_t ndw,
		    unsigned k, struct gk_mem_access *a);

/* The range of access k as gk_words_access computes it, in closed form
 * from the few fields a fixed-size or counted row names (no surface, stride
 * or first unit) of a simple description, without the record: 1 with
 * [*first, *last], 0: touches nothing, 2: past 2^64 (the stage reports
 * it), -1: a row this does not serve (then gk_words_access).  The access
 * model's general compute was two fifths of a --bo check's instructions on
 * the DMA bench streams, and most DMA rows are these. */
int gk_words_range(const struct gk_format *fmt, const struct gk_packet_desc *d, const uint32_t *dw, size_t ndw,
		   unsigned k, uint64_t *first, uint64_t *last);

#endif
