/* The amdgpu ring reader: amdgpu debugfs ring files (Linux
 * drivers/gpu/drm/amd/amdgpu/amdgpu_ring.c, amdgpu_debugfs_ring_read) start
 * with three dwords: rptr, wptr and the driver's wptr, as ring indices
 * (masked by the ring's size in current kernels); the ring follows from
 * index 0, all of it.  The CP has fetched up to rptr and the driver written
 * up to wptr: the used part runs from rptr to wptr, past the ring's end back
 * to 0 when wptr < rptr.  Such a ring is put in the order the CP reads it,
 * as a radeon ring dump prints it: from wptr (the oldest words, the ones
 * executed last before rptr) to the end, then from 0 to wptr; the offsets
 * stay ring indices, with a break at the wrap.  Whether rptr lies in the
 * ring shows only once index rptr has been read, so indices 0..rptr are
 * held until then (at most the ring); a ring that ends first is put as it
 * is, from 0, with a note. */
#include <stdlib.h>

#include "reader.h"

enum {
	AMD_PLAIN,  /* from index 0, as the file holds it */
	AMD_GATHER, /* wrapping: indices 0..rptr into hold */
	AMD_FRONT,  /* wrapping: hold[wptr..rptr] put, the rest of the file follows */
	AMD_BACK,   /* wrapping: at the end, hold[0..wptr) put after the rest */
	AMD_CUT,    /* rptr was past the end: hold put from 0, as the file holds it */
	AMD_SAID,   /* the end's notes made */
};

#define AMD_HOLD_MAX GK_IN_MAX_WANT /* dwords held at most: rings are far smaller */

struct amd {
	uint8_t carry[4];             /* header and held bytes not yet forming a dword */
	unsigned ncarry;
	unsigned head;                /* header dwords read (3) */
	uint32_t ptr[3];              /* rptr, wptr, driver wptr */
	int phase;                    /* AMD_* */
	uint64_t words;               /* ring dwords read */
	uint64_t ring_base;           /* the offset of ring index 0 */
	uint32_t *hold;               /* wrapping: its dwords 0..rptr, until they are put */
	size_t hold_n, hold_cap, hold_pos, hold_end; /* held, allocated, next put, end of what is put */
};

static uint32_t le32(const uint8_t *b)
{
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static size_t amd_head(struct amd *a, struct gk_input *in, const uint8_t *p, size_t n)
{
	size_t i = 0;
	while (a->head < 3 && i < n) {
		a->carry[a->ncarry++] = p[i++];
		if (a->ncarry < 4)
			continue;
		a->ncarry = 0;
		a->ptr[a->head++] = le32(a->carry);
		if (a->head < 3)
			continue;
		static const unsigned bit[3] = { 0, 1, 3 }; /* rptr, wptr, driver wptr */
		for (unsigned k = 0; k < 3; k++)
			gk_in_mark(in, 1u << bit[k], a->ptr[k]);
		a->ring_base = gk_in_first_offset(in);
		gk_in_mark_base(in, a->ring_base);
		uint32_t rptr = a->ptr[0], wptr = a->ptr[1];
		if (wptr < rptr && rptr < AMD_HOLD_MAX) {
			a->phase = AMD_GATHER; /* rptr_word once rptr is known to be in the ring */
		} else {
			if (wptr < rptr)
				gk_in_note(in, true, 0, "amdgpu ring: rptr %u is past %u dwords, more than gfxkit holds to put a "
					   "wrapping ring in order: read from index 0", rptr, (unsigned)AMD_HOLD_MAX);
			gk_in_rptr_word(in, rptr);
		}
	}
	return i;
}

/* AMD_GATHER: ring dwords into hold until index rptr is there */
static size_t amd_gather(struct amd *a, struct gk_input *in, const uint8_t *p, size_t n)
{
	size_t i = 0, goal = (size_t)a->ptr[0] + 1;
	while (i < n && a->hold_n < goal) {
		a->carry[a->ncarry++] = p[i++];
		if (a->ncarry < 4)
			continue;
		a->ncarry = 0;
		if (a->hold_n == a->hold_cap) {
			size_t cap = a->hold_cap ? 2 * a->hold_cap : 1024;
			if (cap > goal)
				cap = goal;
			uint32_t *h = realloc(a->hold, cap * sizeof *h);
			if (!h) {
				gk_in_fail(in, GK_D_IO, gk_in_bytes_read(in), "out of memory holding a wrapping amdgpu ring");
				return i;
			}
			a->hold = h;
			a->hold_cap = cap;
		}
		a->hold[a->hold_n++] = le32(a->carry);
		a->words++;
	}
	if (a->hold_n == goal) {
		/* rptr is in the ring: from wptr on, the ring's indices as offsets */
		uint32_t rptr = a->ptr[0], wptr = a->ptr[1];
		a->phase = AMD_FRONT;
		gk_in_set_first_offset(in, a->ring_base + 4ull * wptr);
		gk_in_rptr_word(in, rptr - wptr);
		a->hold_pos = wptr;
		a->hold_end = goal;
	}
	return i;
}

static size_t amd_waiting(const void *st)
{
	const struct amd *a = st;
	return a->hold_end - a->hold_pos;
}

/* put held words hold[hold_pos..hold_end) into the window, as many as fit */
static void amd_drain(void *st, struct gk_input *in)
{
	struct amd *a = st;
	a->hold_pos += gk_in_put(in, a->hold + a->hold_pos, a->hold_end - a->hold_pos);
	if (a->hold_pos == a->hold_end && a->phase != AMD_FRONT) {
		free(a->hold);
		a->hold = NULL;
		a->hold_cap = 0;
	}
}

static size_t amd_bytes(void *st, struct gk_input *in, const uint8_t *p, size_t n)
{
	struct amd *a = st;
	size_t i = 0;
	if (a->head < 3)
		i = amd_head(a, in, p, n);
	if (a->phase == AMD_GATHER)
		i += amd_gather(a, in, p + i, n - i);
	if (a->hold_pos < a->hold_end)
		return i; /* the held words go first (gk_input_fill) */
	uint64_t made = 0;
	i += gk_in_units(in, p + i, n - i, &made);
	a->words += made;
	return i;
}

/* The file has ended: the held words still to put (true), and the
 * pointers the ring does not hold, in a note (once). */
static bool amd_end(void *st, struct gk_input *in)
{
	struct amd *a = st;
	if (a->head < 3) {
		gk_in_fail(in, GK_D_TRUNCATED, 0, "amdgpu ring file shorter than its 12-byte header (rptr, wptr, driver wptr)");
		return false;
	}
	if (a->phase == AMD_GATHER) {
		/* rptr past the end: the ring as the file holds it */
		a->phase = AMD_CUT;
		a->hold_pos = 0;
		a->hold_end = a->hold_n;
		gk_in_rptr_word(in, a->ptr[0]);
		gk_in_carry(in, a->carry, a->ncarry); /* a dword cut short: reported as any binary input's */
		a->ncarry = 0;
		return a->hold_n > 0; /* (none held: nothing more to say) */
	}
	if (a->phase == AMD_FRONT) {
		/* the words after rptr are in: then indices 0..wptr, at their offsets */
		a->phase = AMD_BACK;
		if (a->ptr[1]) {
			gk_in_break(in, a->ring_base);
			a->hold_pos = 0;
			a->hold_end = a->ptr[1];
			return true;
		}
	}
	if (a->phase == AMD_SAID)
		return false;
	static const char *const names[3] = { "rptr", "wptr", "driver's wptr" };
	for (unsigned k = 0; k < 3; k++)
		if (a->ptr[k] >= a->words)
			gk_in_note(in, true, 0, "amdgpu ring: %s %u (0x%x) lies outside the ring's %llu dwords: the ring is read "
				   "from index 0, as the file holds it%s", names[k], a->ptr[k], a->ptr[k],
				   (unsigned long long)a->words, k ? "" : ", not from rptr");
	a->phase = AMD_SAID;
	return false;
}

static void amd_close(void *st)
{
	struct amd *a = st;
	free(a->hold);
	a->hold = NULL;
}

const struct gk_reader gk_reader_amdgpu_ring = {
	.format = GK_IN_AMDGPU_RING,
	.name = "amdgpu-ring",
	.what = "an amdgpu ring file",
	.state_size = sizeof(struct amd),
	.close = amd_close,
	.bytes = amd_bytes,
	.waiting = amd_waiting,
	.drain = amd_drain,
	.bytes_end = amd_end,
};
