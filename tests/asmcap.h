/* An assembler's output for a few lines, as tests and fuzz targets look at
 * it: the first 64 words, the error count and the first error since the last
 * asmcap_reset.  asmcap_emit and asmcap_diag are the gk_emit_fn and
 * gk_diag_fn to hand the assembler with the struct as their context. */
#ifndef GK_TESTS_ASMCAP_H
#define GK_TESTS_ASMCAP_H

#include <stdint.h>
#include <stdio.h>

#include "gfxkit/gfxkit.h"

struct asmcap {
	uint32_t w[64];
	unsigned n;          /* words emitted (those past 64 are counted, not kept) */
	unsigned errors;
	struct gk_diag first; /* the first error */
	char msg[200];       /* it as "LINE:COL: message" */
};

static inline void asmcap_reset(struct asmcap *c)
{
	c->n = c->errors = 0;
	c->msg[0] = 0;
}

static inline int asmcap_emit(void *ctx, const uint32_t *w, size_t n)
{
	struct asmcap *c = ctx;
	for (size_t i = 0; i < n; i++, c->n++)
		if (c->n < 64)
			c->w[c->n] = w[i];
	return 0;
}

static inline int asmcap_diag(void *ctx, const struct gk_diag *d)
{
	struct asmcap *c = ctx;
	if (!c->errors++) {
		c->first = *d;
		snprintf(c->msg, sizeof c->msg, "%u:%u: %s", d->line, d->col, d->message);
	}
	return 0;
}

#endif
