/* struct gk_engine: a family's ops and its state for one GPU. */
#ifndef GK_ENGINE_PRIV_H
#define GK_ENGINE_PRIV_H

#include "engine_ops.h"

struct gk_engine {
	const struct gk_engine_ops *ops;
	void *fam;
	/* the record the stream loop's lean loop has at hand (its
	 * frame_record's) while the unit callback runs, NULL otherwise: what
	 * gk_engine_unit_lazy would ask the engine for again (an indirect
	 * call and the engine's settle, ~15 instructions a packet of
	 * bench_exec's 5 MB CIK run) */
	const struct gk_unit *at_hand;
};

/* gk_engine_unit without completing the record's fields when they are
 * pending (gk_unit_decode_lazy): for a library reader that reads them
 * only through the functions that complete them (gk_unit_field_at,
 * gk_unit_field, the printers) or calls gk_unit_fill first.  The
 * executor (src/exec): most of a PM4 stream's packets are register runs,
 * which read no field, and completing every record was a quarter of a
 * GFX9 run's instructions (callgrind). */
/* Inline: only the executor asks it, at every packet, and as a call of
 * its own it was ~8 instructions a packet more (callgrind, bench_exec's
 * 5 MB CIK stream). */
static inline const struct gk_unit *gk_engine_unit_lazy(const struct gk_engine *e)
{
	if (e && e->at_hand)
		return e->at_hand;
	return e && e->ops->record ? e->ops->record(e->fam) : NULL;
}

#endif
