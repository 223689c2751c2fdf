/* What the memory room's files share, and the executor (src/exec), which
 * reads a unit's access records in place; no public API. */
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

/* The range of access k as gk_words_access computes it, for a RECT or
 * array-mode TILED row the description's plan resolved
 * (gk_desc_fast.acc_words[k].surf: its surface fields as shifts and masks
 * in gk_format.surf_words): the same answers as gk_words_range, -1 for a
 * row it does not serve.  ~1,400 instructions a range through the general
 * model on the CIK tiled copies. */
int gk_words_range_surf(const struct gk_format *fmt, const struct gk_desc_fast *fast, const struct gk_packet_desc *d,
			const uint32_t *dw, size_t ndw, unsigned k, uint64_t *first, uint64_t *last);

/* gk_words_range for the description's plan fast (gk_fast(fmt, d)), inline
 * for the bounds stage's loop over a packet's rows: the row's fields
 * resolved once (gk_desc_fast.acc_words), where the call tested the row and
 * decoded field indices per packet (~170 instructions a range: callgrind,
 * check --bo -g sdma4 -e dma, quarter bench stream, 36,713 ranges). */
static inline uint64_t gk_words_get(const struct gk_word_field *f, const uint32_t *dw)
{
	/* inside the fixed dwords (gk_format_prepare's word_field), which the
	 * caller's ndw >= fixed_len holds */
	uint64_t v = (uint64_t)((dw[f->dw[0]] >> f->lo[0]) & f->mask[0]) << f->pos[0];
	if (f->nseg > 1)
		v |= (uint64_t)((dw[f->dw[1]] >> f->lo[1]) & f->mask[1]) << f->pos[1];
	return v;
}

/* forced inline: gcc made a call of it in closed_at (access.c), ~37
 * instructions a row of the call and the tests closed_at made already
 * (callgrind, bench_exec's 5 MB CIK stream, 111,375 rows: 263.2 M ->
 * 259.1 M) */
static inline __attribute__((always_inline)) int gk_words_range_fast(const struct gk_desc_fast *fast,
								     const struct gk_packet_desc *d,
								     const uint32_t *dw, size_t ndw, unsigned k,
								     uint64_t *first, uint64_t *last)
{
	if (k >= d->naccess || k >= GK_FAST_ACCESSES || !fast->acc_words[k].closed || ndw < fast->fixed_len)
		return -1; /* a surface, a stride, a first unit: gk_words_access */
	const struct gk_acc_words *aw = &fast->acc_words[k];
	/* the row's kind, unit and plus as gk_format_prepare folded them
	 * (gk_acc_words.how): reading them from the row here was ~25 of a
	 * range's ~80 instructions (callgrind, check --bo -g cayman -e dma,
	 * quarter bench stream) */
	if (!aw->how)
		return 0;
	uint64_t addr = gk_words_get(&aw->addr, dw), bytes;
	bool ov = false;
	if (aw->how == GK_ACC_HOW_FIXED) {
		bytes = aw->unit;
	} else {
		/* access_range's GK_Z_COUNT without stride and first */
		uint64_t count = aw->counted ? gk_words_get(&aw->count, dw) : 0;
		if (!count && !aw->plus)
			return 0;
		uint64_t unit = aw->unit;
		if (!unit) {
			uint64_t es = gk_words_get(&aw->esize, dw);
			unit = 64ull << (es > 4 ? 4 : es);
		}
		ov = __builtin_mul_overflow(count + aw->plus, unit, &bytes);
	}
	if (!bytes && !ov)
		return 0;
	*first = addr;
	ov |= __builtin_add_overflow(addr, bytes - 1, last);
	return ov ? 2 : 1;
}

/* Access k of a simple description d (plan fast, framed at dw, ndw words)
 * whose row gives its range in closed form, the record filled from
 * gk_words_range_fast, all but its surface (a.surf, which only RECT and
 * TILED rows have, is left as it was): 1 set, 0 touches nothing, -1 not
 * such a row (a surface, a stride, a first unit: the general path).  Not
 * for a row with a DIRECTION field (ac->flip), which flips rw.  The access
 * model's closed_at zeroes the surface too (a record the unit keeps and
 * gk_unit_access copies out); the executor, which reads no surface of a
 * linear side (exec_sides.c make_side), fills its own record with this
 * alone. */
static inline __attribute__((always_inline)) int gk_access_closed(const struct gk_desc_fast *fast,
								  const struct gk_packet_desc *d, const uint32_t *dw,
								  size_t ndw, unsigned k, struct gk_mem_access *a)
{
	const struct gk_acc_words *aw = &fast->acc_words[k];
	if (k >= GK_FAST_ACCESSES || !aw->closed || !aw->how || ndw < fast->fixed_len)
		return -1;
	uint64_t first, last;
	int r = gk_words_range_fast(fast, d, dw, ndw, k, &first, &last);
	if (r <= 0)
		return r;
	/* how set: the address field resolved (gk_format_prepare) */
	uint8_t ix = fast->acc_ix[k][GK_AS_ADDR];
	const struct gk_field *af = (ix >> 7) ? &d->hdr[ix & 0x7fu] : &d->fields[ix & 0x7fu];
	const struct gk_access *ac = &d->access[k];
	a->rw = ac->rw;
	a->addr = first;
	a->first = first;
	a->last = last;
	a->overflow = r == 2;
	a->exact = r == 1;
	a->field = af;
	a->dw = af->seg[0].dw;
	a->lo = af->seg[0].lo;
	a->hi = af->seg[0].hi;
	a->row = ac;
	return 1;
}

#endif
