/* Bounds checking (check --bo): every byte range a unit reads or writes
 * (the access model's, kept on the unit: src/mem/access.c) must lie inside
 * one declared buffer.  A stage of the stream loop (src/engine/stream.c
 * calls it after a unit is decoded and checked), and the last step of the
 * per-packet check, gk_check_packet, which puts the checker (src/core) and
 * this stage together. */
#include <stdio.h>
#include <string.h>

#include "gfxkit/memory.h"
#include "gfxkit/swizzle.h"
#include "gfxkit/unit.h"

#include "layout.h" /* src/core */
#include "mem_priv.h"

/* The interval index of the state's buffers (struct gk_check_state): the
 * non-empty ones sorted by base, with the running maximum of their last
 * bytes.  A range [first, last] lies inside some buffer exactly when,
 * among the buffers whose base is at most first, the largest last byte is
 * at least last: one binary search, where the list itself takes a scan
 * per access (44 buffers: most of a --bo check's time).  Built once per
 * gk_check_set_buffers, in the state (no allocation).  Out of line: once
 * a list, and inlined its loops made find_bo a call a range (see there). */
static __attribute__((noinline, cold)) void index_buffers(struct gk_check_state *st)
{
	st->bo_indexed = true;
	st->bo_nix = 0;
	if (st->nbos > GK_BO_INDEX_MAX)
		return; /* more than the state holds: gk_mem_find_bo over the list */
	unsigned n = 0;
	for (unsigned b = 0; b < st->nbos; b++) {
		const struct gk_bo *bo = &st->bos[b];
		if (!bo->size)
			continue; /* contains nothing */
		/* insertion by base (a few hundred at most, once) */
		unsigned i = n++;
		while (i > 0 && st->bo_ix_base[i - 1] > bo->base) {
			st->bo_ix_base[i] = st->bo_ix_base[i - 1];
			st->bo_ix_which[i] = st->bo_ix_which[i - 1];
			i--;
		}
		st->bo_ix_base[i] = bo->base;
		st->bo_ix_which[i] = (uint16_t)b;
	}
	/* which[i] turns from "the i-th by base" into "the one with the
	 * largest last byte of the first i + 1": read before overwritten */
	for (unsigned i = 0; i < n; i++) {
		const struct gk_bo *bo = &st->bos[st->bo_ix_which[i]];
		uint64_t last = bo->base + (bo->size - 1);
		if (last < bo->base)
			last = UINT64_MAX; /* a buffer past 2^64 ends there */
		if (i && st->bo_ix_last[i - 1] >= last) {
			st->bo_ix_last[i] = st->bo_ix_last[i - 1];
			st->bo_ix_which[i] = st->bo_ix_which[i - 1];
		} else {
			st->bo_ix_last[i] = last;
		}
	}
	st->bo_nix = n;
	/* padded to a power of two: bases no range starts past (a range at
	 * UINT64_MAX counts them, and their prefix maximum is the real ones') */
	unsigned lg = 0;
	while ((1u << lg) < n)
		lg++;
	for (unsigned i = n; n && i < (1u << lg); i++) {
		st->bo_ix_base[i] = UINT64_MAX;
		st->bo_ix_last[i] = st->bo_ix_last[n - 1];
		st->bo_ix_which[i] = st->bo_ix_which[n - 1];
	}
	st->bo_ix_log2 = lg;
}

/* 1 with *ix a buffer holding all of [first, last], else 0 */
static int indexed_find(const struct gk_check_state *st, uint64_t first, uint64_t last, unsigned *ix)
{
	/* lo: how many buffers have base <= first.  The index is a power of
	 * two long (index_buffers), so the search is a fixed number of steps,
	 * each adding half of what is left when that base is <= first:
	 * a conditional move, no branch on the compare (the ranges of a
	 * stream go to buffers in no order a predictor learns).  The window
	 * form before it (a pointer, the count halved, its remainder kept)
	 * was ~12 instructions a step, 83 a search with 44 buffers; this one
	 * ~5 a step (callgrind, check --bo -g si -e dma, quarter bench
	 * stream) */
	if (!st->bo_nix)
		return 0;
	const uint64_t *b = st->bo_ix_base;
	unsigned lo = 0;
	for (unsigned step = (1u << st->bo_ix_log2) >> 1; step; step >>= 1)
		lo += b[lo + step - 1] <= first ? step : 0; /* b[0 .. lo-1] are <= first */
	lo += b[lo] <= first;
	if (!lo || st->bo_ix_last[lo - 1] < last)
		return 0;
	*ix = st->bo_ix_which[lo - 1];
	return 1;
}

/* [first, last] inside buffer b of the list (not past it, not empty) */
static inline bool in_bo(const struct gk_check_state *st, unsigned b, uint64_t first, uint64_t last)
{
	if (b >= st->nbos)
		return false;
	const struct gk_bo *bo = &st->bos[b];
	return bo->size && first >= bo->base && last - bo->base <= bo->size - 1;
}

/* The buffer that held [first, last] (found in the index, or a hint):
 * the hints kept most recent first */
static inline void hint_put(struct gk_check_state *st, unsigned ix)
{
	if (ix != st->bo_hint) {
		st->bo_hint2 = st->bo_hint;
		st->bo_hint = ix;
	}
}

/* What to say of a range that is not bounded or in no buffer (the rare
 * path: out of line, so the loop below keeps a small frame; inlined, its
 * message buffers and calls cost every packet of a --bo check). */
static const char *verb_of(unsigned rw)
{
	return rw == GK_ACC_READ ? "reads" : rw == GK_ACC_WRITE ? "writes" : "reads and writes";
}

static __attribute__((noinline)) void unbounded(const struct gk_packet *pkt, const struct gk_mem_access *a,
						struct gk_diags *out)
{
	const char *name = a->field->name;
	if (a->overflow) {
		gk_diags_add(out, pkt, GK_ERROR, GK_D_OVERFLOW, a->dw, a->lo, a->hi, name,
			     "the range this packet %s from %s 0x%llx runs past 2^64", verb_of(a->rw), name,
			     (unsigned long long)a->addr);
		return;
	}
	/* a tiled surface without a layout, so without a size: say why
	 * instead of bounding a guess */
	struct gk_swz_surface ss;
	struct gk_diag why;
	memset(&why, 0, sizeof why);
	if (!a->surf.swz.chip)
		snprintf(why.message, sizeof why.message,
			 "the GPU names no GFX9+ surface configuration (GB_ADDR_CONFIG): give a chip such as vega10 or navi21");
	else if (gk_swz_surface_init(&ss, &a->surf.swz, &why) == 0)
		snprintf(why.message, sizeof why.message,
			 "the address's bits from 8 up to the swizzle block are no pipe/bank xor this mode takes");
	gk_diags_add(out, pkt, GK_WARNING, GK_D_RANGE, a->dw, a->lo, a->hi, name,
		     "the tiled surface at %s 0x%llx is not bounded: %s", name, (unsigned long long)a->addr, why.message);
}

static __attribute__((noinline)) void outside(struct gk_check_state *st, const struct gk_packet *pkt,
					      const struct gk_mem_access *a, struct gk_diags *out)
{
	/* outside every buffer (or more buffers than the index holds): the
	 * list in its order says which one is nearest */
	unsigned ix;
	int found = gk_mem_find_bo(st->bos, st->nbos, a->first, a->last, &ix);
	if (found == 1)
		hint_put(st, ix);
	if (found != 0)
		return; /* inside one, or no buffers at all */
	const struct gk_bo *near = &st->bos[ix];
	const char *name = a->field->name, *verb = verb_of(a->rw);
	if (near->size)
		gk_diags_add(out, pkt, GK_ERROR, GK_D_BOUNDS, a->dw, a->lo, a->hi, name,
			     "%s 0x%llx..0x%llx (%llu bytes, %s) outside every buffer; nearest 0x%llx..0x%llx", verb,
			     (unsigned long long)a->first, (unsigned long long)a->last,
			     (unsigned long long)(a->last - a->first + 1), name, (unsigned long long)near->base,
			     (unsigned long long)(near->base + (near->size - 1)));
	else
		gk_diags_add(out, pkt, GK_ERROR, GK_D_BOUNDS, a->dw, a->lo, a->hi, name,
			     "%s 0x%llx..0x%llx (%llu bytes, %s) outside every buffer; nearest 0x%llx (empty)", verb,
			     (unsigned long long)a->first, (unsigned long long)a->last,
			     (unsigned long long)(a->last - a->first + 1), name, (unsigned long long)near->base);
}

/* Whether [first, last] lies inside one buffer: the buffer that held the
 * last range starting in the same 2 MiB page, else the index search
 * (exact), whose answer the page keeps; with more buffers than the index
 * holds, the last two buffers (the caller searches the list).  The page
 * held the range for all but a few hundred of the ~230,000 ranges of a
 * 5 MB DMA bench stream with its 44 buffers; the hints it replaced (the
 * buffer of the same description's access row last time, then the last
 * two buffers) held 51-67%, and their misses, in no order a predictor
 * learns, cost more than they saved (50 MB bench streams, check --bo,
 * alternating runs: SI 0.0819 -> 0.0753 s, Cayman 0.0797 -> 0.0708,
 * CIK 0.0736 -> 0.0681).  Inline: as a call (gcc's choice while
 * index_buffers was inlined into it) it saved six registers a range, 2-5%
 * of a --bo check (SI 0.0744 -> 0.0707 s, CIK 0.0671 -> 0.0651). */
static inline __attribute__((always_inline)) bool find_bo(struct gk_check_state *st, uint64_t first, uint64_t last)
{
	if (!st->bo_indexed)
		index_buffers(st);
	if (st->bo_nix) {
		_Static_assert(GK_BO_PAGES == 4096, "the hash's top 12 bits pick the page's slot");
		uint16_t *page = &st->bo_page[((first >> 21) * 0x9e3779b97f4a7c15ull) >> 52];
		if (*page && in_bo(st, *page - 1u, first, last))
			return true;
		unsigned ix;
		if (!indexed_find(st, first, last, &ix))
			return false; /* in none: the full stage says which is nearest */
		*page = (uint16_t)(ix + 1u);
		return true;
	}
	if (in_bo(st, st->bo_hint, first, last))
		return true;
	if (in_bo(st, st->bo_hint2, first, last)) {
		hint_put(st, st->bo_hint2);
		return true;
	}
	return false;
}

/* The memory model's ranges (gk_unit_access) against the declared buffers
 * (the state's interval index; the buffers may overlap); diagnostics of
 * the packet in out, naming the nearest buffer (gk_mem_find_bo over the
 * caller's list, in its order) when a range is in none. */
void gk_check_bounds(const struct gk_format *fmt, struct gk_check_state *st, const struct gk_unit *u,
		     struct gk_diags *out)
{
	if (!u || !u->desc || !u->desc->naccess || !fmt || !st || !out || !st->bos || !st->nbos || !u->pkt.dw ||
	    u->pkt.frame.unknown)
		return; /* a packet without accesses (most), no buffers, or one nothing explains */
	for (unsigned k = 0; k < u->desc->naccess; k++) {
		struct gk_mem_access spare;
		const struct gk_mem_access *a;
		if (gk_unit_access_ref(fmt, u, k, &spare, &a) != 1)
			continue;
		if (a->overflow || (a->surf.layout == GK_LAYOUT_SWIZZLE && a->surf.swz_refused)) {
			unbounded(&u->pkt, a, out);
			continue;
		}
		if (!find_bo(st, a->first, a->last))
			outside(st, &u->pkt, a, out);
	}
}

bool gk_bounds_quiet(const struct gk_format *fmt, struct gk_check_state *st, const struct gk_packet_desc *d,
		     const uint32_t *dw, size_t ndw)
{
	if (!fmt || !st || !d || !dw || !st->bos || !st->nbos)
		return false;
	size_t di = (size_t)(d - fmt->descs);
	if (di >= GK_MAX_DESCS)
		return false; /* not one of the format's descriptions */
	const struct gk_desc_fast *fast = &fmt->fast[di];
	for (unsigned k = 0; k < d->naccess; k++) {
		uint64_t first, last;
		int r = gk_words_range_fast(fast, d, dw, ndw, k, &first, &last);
		if (r < 0)
			r = gk_words_range_surf(fmt, fast, d, dw, ndw, k, &first, &last);
		if (r == 1) {
			if (!find_bo(st, first, last))
				return false;
			continue;
		}
		if (r == 0)
			continue;
		if (r == 2)
			return false; /* past 2^64: the stage says so */
		struct gk_mem_access a;
		int rc = gk_words_access(fmt, d, dw, ndw, k, &a);
		if (rc < 0)
			return false; /* not from the words: the unit's */
		if (rc == 0)
			continue;
		if (a.overflow || (a.surf.layout == GK_LAYOUT_SWIZZLE && a.surf.swz_refused) ||
		    !find_bo(st, a.first, a.last))
			return false; /* a report: the full stage makes it */
	}
	return true;
}

void gk_check_packet(const struct gk_format *fmt, struct gk_check_state *st, const struct gk_packet *pkt,
		     struct gk_diags *out)
{
	if (!fmt || !st || !pkt || !out || !pkt->dw || !pkt->ndw)
		return;
	/* the quiet check (src/core/layout.h gk_check_quiet, the stream
	 * loop's first question of a packet): a whole packet it clears, whose
	 * ranges all lie in the buffers, says nothing and leaves st as it was,
	 * with no unit decoded (make bench's check in memory, 20 MB streams:
	 * DMA SI 437 -> 699 MB/s, CIK 427 -> 505; PM4 GFX9 870 -> 1549) */
	const struct gk_packet_desc *d = pkt->frame.desc;
	if (d && !pkt->truncated && !pkt->frame.unknown && pkt->ndw == pkt->frame.ndw &&
	    gk_check_quiet(fmt, st, &pkt->frame, pkt->dw) &&
	    (!st->bos || !st->nbos || !d->naccess || gk_bounds_quiet(fmt, st, d, pkt->dw, pkt->ndw)))
		return;
	struct gk_unit u;
	gk_unit_decode_lazy(fmt, pkt, out, &u); /* checking reads the fields it needs */
	gk_unit_check(fmt, st, &u);
	gk_check_bounds(fmt, st, &u, out);
}
