/* Diagnostic formatting: "PACKET: dw1[1:0]: message" (the CLI puts
 * "FILE:0xOFFSET: error: " in front, issue #2's exact form). */
#include <stdio.h>

#include "gfxkit/diag.h"

size_t gk_diag_format(const struct gk_diag *d, char *buf, size_t cap)
{
	int n;
	if (d->dw >= 0 && d->lo >= 0)
		n = snprintf(buf, cap, "%s: dw%d[%d:%d]: %s", d->packet ? d->packet : "-", d->dw, d->hi, d->lo,
			     d->message);
	else if (d->dw >= 0)
		n = snprintf(buf, cap, "%s: dw%d: %s", d->packet ? d->packet : "-", d->dw, d->message);
	else
		n = snprintf(buf, cap, "%s: %s", d->packet ? d->packet : "-", d->message);
	if (n < 0)
		return 0;
	return (size_t)n < cap ? (size_t)n : cap - 1;
}
