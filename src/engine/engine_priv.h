/* struct gk_engine: a family's ops and its state for one GPU. */
#ifndef GK_ENGINE_PRIV_H
#define GK_ENGINE_PRIV_H

#include "engine_ops.h"

struct gk_engine {
	const struct gk_engine_ops *ops;
	void *fam;
};

#endif
