/* GPU memory as the command streams see it: a sparse 64-bit address space
 * of regions (src/mem/memory.c), the byte ranges each packet reads or
 * writes, computed from its description's access rows (src/mem/access.c;
 * their types in gfxkit/access.h), and the bounds check over both
 * (src/mem/bounds.c: check --bo, every access range inside one buffer). */
#ifndef GFXKIT_MEMORY_H
#define GFXKIT_MEMORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gfxkit/access.h"
#include "gfxkit/desc.h"
#include "gfxkit/diag.h"
#include "gfxkit/stream.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- the memory --------------------------------------------------------
 *
 * Regions never overlap: adding one that shares a byte with another is
 * refused, naming both.  A region of size 0 holds no byte but still claims
 * its base address (two regions cannot start at one address), so it can be
 * named as the nearest one.  A region ends at 2^64 - 1 at the latest
 * (base + size <= 2^64).  Regions are kept in a balanced tree by base:
 * adding one (in any order) and every lookup take O(log n).  A region has
 * contents (copied into the memory, loaded from a file, borrowed read-only
 * from the caller, or lent writable by the caller) or none (declared: an
 * address range only, what check --bo declares).  Reads need contents,
 * writes need contents the memory may write (its own or lent ones).
 *
 * Every function here is safe on NULL.  A NULL memory is an error ("no
 * memory given": -1 with *err) for the calls that add, load, read or write,
 * and an empty memory for the others (count 0, region_at and find -1, span
 * NULL).  Out-parameters (r, done, ix) may be NULL; a NULL reader, path or
 * buffer list is an error or no buffer.
 *
 * Every error is a struct gk_diag: packet "memory", dw -1, offset the first
 * address at fault (an absent byte, the start of an overlap). */

struct gk_mem; /* opaque; gk_mem_create / gk_mem_destroy */

#define GK_MEM_MAX_REGIONS (1u << 22)
#define GK_MEM_DEFAULT_MAX_BYTES (1ull << 30) /* contents a memory owns, unless told */

/* region flags */
#define GK_MEM_DATA     0x1u /* has contents: readable */
#define GK_MEM_READONLY 0x2u /* contents borrowed from the caller: writes are refused */

struct gk_mem_region {
	uint64_t base, size;
	unsigned flags;      /* GK_MEM_* */
	const uint8_t *data; /* contents (GK_MEM_DATA), else NULL */
};

/* A new empty memory that owns at most max_bytes of contents (copies and
 * loaded files; 0: GK_MEM_DEFAULT_MAX_BYTES).  NULL when out of memory.
 * The caller destroys it; destroy(NULL) does nothing. */
struct gk_mem *gk_mem_create(uint64_t max_bytes);
void gk_mem_destroy(struct gk_mem *m);

/* Add a region without contents.  0, or -1 with *err (err may be NULL). */
int gk_mem_declare(struct gk_mem *m, uint64_t base, uint64_t size, struct gk_diag *err);
/* Add a region holding a copy of data[0..size) (size 0: an empty region). */
int gk_mem_add_copy(struct gk_mem *m, uint64_t base, const void *data, size_t size, struct gk_diag *err);
/* Add a region over the caller's data, kept by pointer: it must outlive the
 * memory and not change while read; the memory never writes it. */
int gk_mem_add_borrowed(struct gk_mem *m, uint64_t base, const void *data, size_t size, struct gk_diag *err);
/* Add a region over the caller's writable data, written in place (what a
 * run writes lands there; the caller may read it after).  The data must
 * stay valid until the memory is destroyed, which then calls
 * release(ctx, data, size) when release is not NULL: a private mapping of
 * a file (gfxkit run --mem) is unmapped there.  On failure the memory does
 * not keep data, release is not called and the caller still has it.  Lent
 * bytes are not counted against max_bytes: the memory does not own them. */
int gk_mem_add_lent(struct gk_mem *m, uint64_t base, void *data, size_t size,
		    void (*release)(void *ctx, void *data, size_t size), void *ctx, struct gk_diag *err);
/* Load everything read() gives (gk_read_fn: bytes, 0 at the end, -1 on an
 * error) as a region at base.  Bounded by the memory's max_bytes. */
int gk_mem_load(struct gk_mem *m, uint64_t base, gk_read_fn read, void *ctx, struct gk_diag *err);
/* The same from a binary file. */
int gk_mem_load_file(struct gk_mem *m, uint64_t base, const char *path, struct gk_diag *err);

/* Number of regions, and region i in address order (0, or -1 past the end). */
size_t gk_mem_count(const struct gk_mem *m);
int gk_mem_region_at(const struct gk_mem *m, size_t i, struct gk_mem_region *r);

/* Copy n bytes from addr.  0 when every byte has contents (they may span
 * adjacent regions); else -1 with *err naming the first byte without
 * contents and how many bytes before it were there.  *done (may be NULL)
 * is the number of bytes copied: buf[0..*done) is valid either way. */
int gk_mem_read(const struct gk_mem *m, uint64_t addr, void *buf, size_t n, size_t *done, struct gk_diag *err);
/* Copy n bytes to addr: every byte must lie in a region whose contents the
 * memory may write (its own or lent).  Nothing is written unless all of it can be. */
int gk_mem_write(struct gk_mem *m, uint64_t addr, const void *buf, size_t n, struct gk_diag *err);

/* The contents of [addr, addr + n) in place, when every byte lies in one
 * region with contents (span_write: one the memory may write, not a
 * borrowed one); NULL otherwise (and for n 0).  The pointer is valid until a region
 * is added or the memory destroyed.  For callers that touch many scattered
 * bytes of one buffer (an executor walking a tiled surface). */
const uint8_t *gk_mem_span(const struct gk_mem *m, uint64_t addr, size_t n);
uint8_t *gk_mem_span_write(struct gk_mem *m, uint64_t addr, size_t n);

/* gk_mem_fn over a struct gk_mem (ctx): for gk_stream_opts.mem_read. */
long gk_mem_reader(void *mem, uint64_t addr, void *buf, size_t n);

/* Where the byte range [first, last] lies (first <= last):
 *   1  inside one region (*r is that region);
 *   0  not inside any: *r is the nearest, the one fewest bytes of the range
 *      lie outside of plus the gap to it (ties: the lowest base);
 *  -1  there are no regions.
 * O(log n + regions the range overlaps). */
int gk_mem_find(const struct gk_mem *m, uint64_t first, uint64_t last, struct gk_mem_region *r);
/* The same rule over a caller's unsorted buffer list (check --bo keeps its
 * gk_bo array): *ix is the containing buffer, or the nearest one (ties: the
 * first in the list).  A size-0 buffer contains nothing.  O(n). */
int gk_mem_find_bo(const struct gk_bo *bos, unsigned n, uint64_t first, uint64_t last, unsigned *ix);

/* ---- what a packet touches ----------------------------------------------- */

/* Access k (0 <= k < pkt->frame.desc->naccess) of a framed packet:
 *   1  *a is set;
 *   0  the access touches nothing in this packet (its address field is
 *      absent here, or it moves zero bytes);
 *  -1  there is no access k (no description, an unknown opcode, a
 *      truncated packet, k past the rows). */
int gk_packet_access(const struct gk_format *fmt, const struct gk_packet *pkt, unsigned k, struct gk_mem_access *a);
/* The same for a decoded unit (what the checker and clients use: the field
 * values come from the unit, nothing is decoded again). */
struct gk_unit;
int gk_unit_access(const struct gk_format *fmt, const struct gk_unit *u, unsigned k, struct gk_mem_access *a);

/* ---- bounds: check --bo ------------------------------------------------- */

/* Every range unit u reads or writes against the buffers of st
 * (gk_check_set_buffers): one outside all of them is an error of the
 * packet, added to out (GK_D_BOUNDS; GK_D_OVERFLOW when its arithmetic runs
 * past 2^64).  The stream loop's bounds stage; gk_check_packet ends with it.
 * Nothing when an argument is NULL, st has no buffers or the unit no
 * accesses. */
/* Whether gk_check_bounds provably says nothing of the packet of
 * description d framed whole at dw (ndw words) that the check finds clean:
 * true when every range it reads or writes, computed from the words
 * without decoding a unit, lies inside one of st's buffers; false when one
 * may not, or the words alone cannot tell (decode the unit and run
 * gk_check_bounds).  The stream loop's quiet check of check --bo asks it
 * before a unit record is made.  false when an argument is NULL or st has
 * no buffers. */
bool gk_bounds_quiet(const struct gk_format *fmt, struct gk_check_state *st, const struct gk_packet_desc *d,
		     const uint32_t *dw, size_t ndw);
void gk_check_bounds(const struct gk_format *fmt, struct gk_check_state *st, const struct gk_unit *u,
		     struct gk_diags *out);

#ifdef __cplusplus
}
#endif
#endif
