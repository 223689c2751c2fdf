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

/* The memory model's ranges (gk_unit_access) against the declared buffers
 * (gk_mem_find_bo over the caller's list, in its order: the state
 * allocates nothing and the buffers may overlap); diagnostics of the
 * packet in out. */
void gk_check_bounds(const struct gk_format *fmt, struct gk_check_state *st, const struct gk_unit *u,
		     struct gk_diags *out)
{
	if (!fmt || !st || !u || !out || !st->bos || !st->nbos || !u->desc || !u->desc->naccess || !u->pkt.dw ||
	    u->pkt.frame.unknown)
		return; /* no buffers, or a packet without accesses (or one nothing explains) */
	const struct gk_packet *pkt = &u->pkt;
	for (unsigned k = 0; k < u->desc->naccess; k++) {
		struct gk_mem_access a;
		if (gk_unit_access(fmt, u, k, &a) != 1)
			continue;
		const char *verb = a.rw == GK_ACC_READ ? "reads" : a.rw == GK_ACC_WRITE ? "writes" : "reads and writes";
		const char *name = a.field->name;
		if (a.overflow) {
			gk_diags_add(out, pkt, GK_ERROR, GK_D_OVERFLOW, a.dw, a.lo, a.hi, name,
			             "the range this packet %s from %s 0x%llx runs past 2^64", verb, name, (unsigned long long)a.addr);
			continue;
		}
		if (a.surf.layout == GK_LAYOUT_SWIZZLE && a.surf.swz_refused) {
			/* no layout, so no size: say why instead of bounding a guess */
			struct gk_swz_surface ss;
			struct gk_diag why;
			memset(&why, 0, sizeof why);
			if (!a.surf.swz.chip)
				snprintf(why.message, sizeof why.message,
					 "the GPU names no GFX9+ surface configuration (GB_ADDR_CONFIG): give a chip such as vega10 or navi21");
			else if (gk_swz_surface_init(&ss, &a.surf.swz, &why) == 0)
				snprintf(why.message, sizeof why.message,
					 "the address's bits from 8 up to the swizzle block are no pipe/bank xor this mode takes");
			gk_diags_add(out, pkt, GK_WARNING, GK_D_RANGE, a.dw, a.lo, a.hi, name,
				     "the tiled surface at %s 0x%llx is not bounded: %s", name, (unsigned long long)a.addr,
				     why.message);
			continue;
		}
		/* streams touch a few buffers in turn: the last one first */
		const struct gk_bo *hint = st->bo_hint < st->nbos ? &st->bos[st->bo_hint] : 0;
		if (hint && hint->size && a.first >= hint->base && a.last - hint->base <= hint->size - 1)
			continue;
		unsigned ix;
		int found = gk_mem_find_bo(st->bos, st->nbos, a.first, a.last, &ix);
		if (found == 1)
			st->bo_hint = ix;
		if (found != 0)
			continue; /* inside one, or no buffers at all */
		const struct gk_bo *near = &st->bos[ix];
		if (near->size)
			gk_diags_add(out, pkt, GK_ERROR, GK_D_BOUNDS, a.dw, a.lo, a.hi, name,
			             "%s 0x%llx..0x%llx (%llu bytes, %s) outside every buffer; nearest 0x%llx..0x%llx", verb,
			             (unsigned long long)a.first, (unsigned long long)a.last,
			             (unsigned long long)(a.last - a.first + 1), name, (unsigned long long)near->base,
			             (unsigned long long)(near->base + (near->size - 1)));
		else
			gk_diags_add(out, pkt, GK_ERROR, GK_D_BOUNDS, a.dw, a.lo, a.hi, name,
			             "%s 0x%llx..0x%llx (%llu bytes, %s) outside every buffer; nearest 0x%llx (empty)", verb,
			             (unsigned long long)a.first, (unsigned long long)a.last, (unsigned long long)(a.last - a.first + 1),
			             name, (unsigned long long)near->base);
	}
}

void gk_check_packet(const struct gk_format *fmt, struct gk_check_state *st, const struct gk_packet *pkt,
		     struct gk_diags *out)
{
	if (!fmt || !st || !pkt || !out || !pkt->dw || !pkt->ndw)
		return;
	struct gk_unit u;
	gk_unit_decode_lazy(fmt, pkt, out, &u); /* checking reads the fields it needs */
	gk_unit_check(fmt, st, &u);
	gk_check_bounds(fmt, st, &u, out);
}
