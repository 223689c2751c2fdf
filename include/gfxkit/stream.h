/* Streams of packets: reading words, framing, checking, printing, assembling.
 * Everything works a packet at a time in caller-owned, bounded memory.  One
 * header per concern; this one includes them all, as it once declared them. */
#ifndef GFXKIT_STREAM_H
#define GFXKIT_STREAM_H

#include "gfxkit/asm.h"
#include "gfxkit/check.h"
#include "gfxkit/input.h"
#include "gfxkit/output.h"
#include "gfxkit/packet.h"

#endif
