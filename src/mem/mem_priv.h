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

#endif
