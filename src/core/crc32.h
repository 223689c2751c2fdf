/* CRC-32 (ISO 3309 / ITU-T V.42, the checksum of gzip members and PNG
 * chunks), shared by the PNG writer (src/tiling/png.c) and the gzip reader
 * (src/input/inflate.c); public as gk_crc32 in include/gfxkit/tiling.h,
 * where it was first exported. */
#ifndef GK_CORE_CRC32_H
#define GK_CORE_CRC32_H

#include <stddef.h>
#include <stdint.h>

/* start with 0; p NULL: crc unchanged */
uint32_t gk_crc32(uint32_t crc, const void *p, size_t n);

#endif
