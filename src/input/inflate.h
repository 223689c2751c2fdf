/* The gzip reader of the input room (inflate.c): a gk_read_fn that gives
 * the bytes a gzip file (RFC 1952: one or more members, each a header,
 * DEFLATE data (RFC 1951) and a CRC-32/ISIZE trailer) stands for, read
 * incrementally from another gk_read_fn.  gk_input (input.c) puts it in
 * front of its own read callback when an input starts with the gzip magic
 * 1f 8b, so every form reads gzipped. */
#ifndef GK_INPUT_INFLATE_H
#define GK_INPUT_INFLATE_H

#include <stddef.h>
#include <stdint.h>

#include "gfxkit/input.h"

/* Memory: one struct gk_inflate (about 52 KiB: the 32 KiB window DEFLATE
 * distances reach back into, a 16 KiB buffer of compressed bytes, the code
 * tables), allocated by gk_inflate_open, whatever the sizes of the input
 * and of what it expands to. */
struct gk_inflate;

/* Whether the n bytes at p begin a gzip member (RFC 1952 2.3.1): ID1 ID2
 * (1f 8b), CM 8 (deflate, the only method the RFC defines) and no
 * reserved FLG bit (5-7).  Four bytes decide it; fewer are never gzip (a
 * member is at least 18 bytes).  Two bytes alone would take any input
 * starting 1f 8b for gzip: a binary stream whose first dword is
 * 0x????8b1f was refused as damaged gzip (fuzz_pm4 found it). */
static inline int gk_gzip_header(const unsigned char *p, size_t n)
{
	return n >= 4 && p[0] == 0x1f && p[1] == 0x8b && p[2] == 8 && !(p[3] & 0xe0);
}

/* An inflater reading the gzip file through read(ctx), whose first npre
 * bytes (already read by the caller) are at pre (copied; npre at most
 * GK_INFLATE_PRE).  NULL when read is NULL, npre is too large or memory
 * runs out. */
#define GK_INFLATE_PRE 16384u
struct gk_inflate *gk_inflate_open(gk_read_fn read, void *ctx, const void *pre, size_t npre);
void gk_inflate_close(struct gk_inflate *z);

/* gk_read_fn over the inflater (ctx: a struct gk_inflate): the next bytes
 * of the uncompressed data, 0 at the end of the last member, -1 once
 * something is wrong (gk_inflate_error says what and where) and for a
 * NULL ctx or buf. */
long gk_inflate_read(void *z, void *buf, size_t cap);

/* What is wrong (NULL: nothing), and the byte offset in the compressed file
 * where it was found in *offset (when offset is not NULL).  A read error of
 * the underlying callback is "read error". */
const char *gk_inflate_error(const struct gk_inflate *z, uint64_t *offset);

/* The gzip members read so far, and the bytes of compressed file taken. */
unsigned gk_inflate_members(const struct gk_inflate *z);

#endif
