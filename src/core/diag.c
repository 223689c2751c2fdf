/* Diagnostic formatting: "PACKET: dw1[1:0]: message" (the CLI puts
 * "FILE:0xOFFSET: error: " in front). */
#include <stdio.h>
#include <string.h>

#include "gfxkit/diag.h"

size_t gk_diag_message_len(const struct gk_diag *d)
{
	if (!d)
		return 0;
	const char *z = memchr(d->message, 0, sizeof d->message);
	return z ? (size_t)(z - d->message) : sizeof d->message;
}

size_t gk_diag_format(const struct gk_diag *d, char *buf, size_t cap)
{
	if (!buf)
		cap = 0;
	if (!d) {
		if (cap)
			buf[0] = 0;
		return 0;
	}
	/* message is bounded by its array: a caller may have filled every byte */
	int mlen = (int)gk_diag_message_len(d);
	const char *pkt = d->packet ? d->packet : "-";
	int n;
	if (d->dw >= 0 && d->lo >= 0)
		n = snprintf(buf, cap, "%s: dw%d[%d:%d]: %.*s", pkt, d->dw, d->hi, d->lo, mlen, d->message);
	else if (d->dw >= 0)
		n = snprintf(buf, cap, "%s: dw%d: %.*s", pkt, d->dw, mlen, d->message);
	else
		n = snprintf(buf, cap, "%s: %.*s", pkt, mlen, d->message);
	if (n < 0) {
		if (cap)
			buf[0] = 0;
		return 0;
	}
	return (size_t)n;
}
