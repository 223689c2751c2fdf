/* Framing a packet out of a word buffer; the family decides its length. */
#include <string.h>

#include "gfxkit/stream.h"
#include "gfxkit/unit.h"

#include "layout.h"

void gk_packet_frame(const struct gk_format *fmt, const uint32_t *words, size_t n, uint64_t offset,
		     struct gk_packet *pkt)
{
	if (!pkt)
		return;
	memset(pkt, 0, sizeof *pkt);
	pkt->offset = offset;
	pkt->frame.opcode = pkt->frame.sub_opcode = -1;
	if (!fmt || !fmt->frame || !words || !n)
		return; /* nothing to frame: an empty packet (ndw 0) */
	pkt->dw = words;
	fmt->frame(fmt, words, n, &pkt->frame);
	if (pkt->frame.ndw > n) {
		pkt->truncated = true;
		pkt->ndw = (uint32_t)n;
	} else {
		pkt->ndw = pkt->frame.ndw;
	}
}

const struct gk_packet_desc *gk_format_find(const struct gk_format *fmt, const char *name, size_t len)
{
	const struct gk_packet_desc *other = 0;
	if (!fmt || !fmt->descs || !name)
		return 0;
	/* the first byte before strlen: most names differ there, and the
	 * assembler looks up every packet line through all the rows */
	char c0 = len ? name[0] : 0;
	for (size_t i = 0; i < fmt->ndescs; i++) {
		const struct gk_packet_desc *d = &fmt->descs[i];
		bool match = (d->name[0] == c0 && strlen(d->name) == len && memcmp(d->name, name, len) == 0) ||
			     (d->alias && d->alias[0] == c0 && strlen(d->alias) == len && memcmp(d->alias, name, len) == 0);
		if (!match)
			continue;
		if (!d->gens || (d->gens & fmt->gen_bit))
			return d;
		/* another generation's packet only where the framing would read
		 * it back as that packet (DMA: same header layout) */
		if (!other && (!fmt->kin_gens || (d->gens & fmt->kin_gens)))
			other = d;
	}
	return other;
}

int gk_packet_field(const struct gk_format *fmt, const struct gk_packet *pkt, const char *name, uint64_t *value)
{
	if (!fmt || !pkt || !pkt->dw || !name || !value)
		return -1;
	struct gk_unit u;
	gk_unit_decode(fmt, pkt, NULL, &u);
	const struct gk_unit_field *uf = gk_unit_field(&u, name);
	if (!uf)
		return -1;
	*value = uf->value;
	return 0;
}
