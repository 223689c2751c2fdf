/* Packets: the words of one packet framed by its family's description, the
 * next packet of an input, a field's value. */
#ifndef GFXKIT_PACKET_H
#define GFXKIT_PACKET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gfxkit/desc.h"
#include "gfxkit/input.h"

#ifdef __cplusplus
extern "C" {
#endif

struct gk_packet;

/* Frame the next packet of the stream and step past it: 1 with *pkt set
 * (pkt->dw stays valid until the next call), 0 at the end, -1 after an
 * input error (gk_input_error says what and where) or for a NULL
 * argument. */
int gk_input_next(struct gk_input *in, const struct gk_format *fmt, struct gk_packet *pkt);

struct gk_packet {
	uint64_t offset;              /* byte offset of dword 0 in the stream */
	const uint32_t *dw;           /* the packet's dwords */
	uint32_t ndw;                 /* dwords present (< frame.ndw when truncated) */
	struct gk_frame frame;
	bool truncated;
};

/* Split a buffer into packets: frames the packet at words[0] (n >= 1).
 * Nothing to frame (fmt or words NULL, n 0) gives an empty packet (ndw 0,
 * no description), which the checker and the printers skip.  pkt NULL:
 * nothing. */
void gk_packet_frame(const struct gk_format *fmt, const uint32_t *words, size_t n, uint64_t offset,
		     struct gk_packet *pkt);

/* Value of the field called name (header or body) that this packet shows;
 * returns 0 and sets *value, or -1 when the packet has no such field here
 * (absent by condition or generation, or cut off by a short COUNT) or an
 * argument is NULL. */
int gk_packet_field(const struct gk_format *fmt, const struct gk_packet *pkt, const char *name, uint64_t *value);

#ifdef __cplusplus
}
#endif
#endif
