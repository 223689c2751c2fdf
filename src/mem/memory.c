/* A sparse 64-bit GPU address space of regions (include/gfxkit/memory.h):
 * a sorted array of disjoint regions, found by binary search. */
#include <stdarg.h>
#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/memory.h"

struct mem_reg {
	uint64_t base, size;
	unsigned flags;
	uint8_t *own;        /* contents the memory owns (freed with it) */
	const uint8_t *data; /* contents: own, a borrowed pointer, or NULL */
};

struct gk_mem {
	struct mem_reg *r;
	size_t n, cap;
	uint64_t owned, max_bytes;
};

static void mem_diag(struct gk_diag *err, enum gk_diag_code code, uint64_t addr, const char *fmt, ...)
{
	if (!err)
		return;
	memset(err, 0, sizeof *err);
	err->severity = GK_ERROR;
	err->code = code;
	err->offset = addr;
	err->dw = -1;
	err->lo = err->hi = -1;
	err->packet = "memory";
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err->message, sizeof err->message, fmt, ap);
	va_end(ap);
}

/* The last byte a region claims: a size-0 region claims its base. */
static uint64_t claim_last(uint64_t base, uint64_t size)
{
	return size ? base + (size - 1) : base;
}

struct gk_mem *gk_mem_create(uint64_t max_bytes)
{
	struct gk_mem *m = calloc(1, sizeof *m);
	if (m)
		m->max_bytes = max_bytes ? max_bytes : GK_MEM_DEFAULT_MAX_BYTES;
	return m;
}

void gk_mem_destroy(struct gk_mem *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->n; i++)
		free(m->r[i].own);
	free(m->r);
	free(m);
}

/* First region whose claimed last byte is >= addr (regions are disjoint and
 * sorted, so their last bytes are sorted too); m->n when none. */
static size_t lower(const struct gk_mem *m, uint64_t addr)
{
	size_t lo = 0, hi = m->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (claim_last(m->r[mid].base, m->r[mid].size) < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Whether [base, base + size) may be added: inside the address space and
 * sharing no byte with a region.  0, or -1 with *err. */
static int fits(const struct gk_mem *m, uint64_t base, uint64_t size, struct gk_diag *err)
{
	if (size && base + (size - 1) < base) {
		mem_diag(err, GK_D_OVERFLOW, base, "region 0x%llx + %llu bytes runs past 2^64", (unsigned long long)base,
			 (unsigned long long)size);
		return -1;
	}
	uint64_t last = claim_last(base, size);
	size_t at = lower(m, base);
	if (at < m->n && m->r[at].base <= last) {
		const struct mem_reg *o = &m->r[at];
		uint64_t from = o->base > base ? o->base : base;
		mem_diag(err, GK_D_RANGE, from,
			 "region 0x%llx..0x%llx (%llu bytes) overlaps region 0x%llx..0x%llx (%llu bytes) from 0x%llx",
			 (unsigned long long)base, (unsigned long long)last, (unsigned long long)size,
			 (unsigned long long)o->base, (unsigned long long)claim_last(o->base, o->size),
			 (unsigned long long)o->size, (unsigned long long)from);
		return -1;
	}
	if (m->n == GK_MEM_MAX_REGIONS) {
		mem_diag(err, GK_D_LIMIT, base, "more than %u regions", GK_MEM_MAX_REGIONS);
		return -1;
	}
	return 0;
}

/* Insert a region that fits; own (if not NULL) passes to the memory only on success. */
static int insert(struct gk_mem *m, struct mem_reg reg, struct gk_diag *err)
{
	if (fits(m, reg.base, reg.size, err) != 0)
		return -1;
	if (m->n == m->cap) {
		size_t cap = m->cap ? m->cap * 2 : 16;
		struct mem_reg *r = realloc(m->r, cap * sizeof *r);
		if (!r) {
			mem_diag(err, GK_D_LIMIT, reg.base, "out of memory for region 0x%llx", (unsigned long long)reg.base);
			return -1;
		}
		m->r = r;
		m->cap = cap;
	}
	size_t at = lower(m, reg.base);
	memmove(&m->r[at + 1], &m->r[at], (m->n - at) * sizeof *m->r);
	m->r[at] = reg;
	m->n++;
	return 0;
}

/* The entry guard of every call that needs a memory: -1 with *err. */
static int no_memory(struct gk_diag *err, uint64_t addr)
{
	mem_diag(err, GK_D_RANGE, addr, "no memory given (NULL)");
	return -1;
}

int gk_mem_declare(struct gk_mem *m, uint64_t base, uint64_t size, struct gk_diag *err)
{
	if (!m)
		return no_memory(err, base);
	return insert(m, (struct mem_reg){ .base = base, .size = size }, err);
}

/* Room for n more owned bytes under max_bytes. */
static bool room(const struct gk_mem *m, uint64_t n)
{
	return n <= m->max_bytes - m->owned;
}

static int add_owned(struct gk_mem *m, uint64_t base, uint8_t *own, size_t size, struct gk_diag *err)
{
	struct mem_reg reg = { base, size, GK_MEM_DATA, own, own };
	if (insert(m, reg, err) != 0)
		return -1;
	m->owned += size;
	return 0;
}

static bool no_data(uint64_t base, const void *data, size_t size, struct gk_diag *err)
{
	if (data || !size)
		return false;
	mem_diag(err, GK_D_RANGE, base, "region 0x%llx of %llu bytes: no data given", (unsigned long long)base,
		 (unsigned long long)size);
	return true;
}

int gk_mem_add_copy(struct gk_mem *m, uint64_t base, const void *data, size_t size, struct gk_diag *err)
{
	if (!m)
		return no_memory(err, base);
	if (no_data(base, data, size, err) || fits(m, base, size, err) != 0)
		return -1;
	if (!room(m, size)) {
		mem_diag(err, GK_D_LIMIT, base, "region 0x%llx of %llu bytes: the memory may own %llu bytes, %llu are used",
			 (unsigned long long)base, (unsigned long long)size, (unsigned long long)m->max_bytes,
			 (unsigned long long)m->owned);
		return -1;
	}
	uint8_t *own = malloc(size ? size : 1);
	if (!own) {
		mem_diag(err, GK_D_LIMIT, base, "out of memory for %llu bytes at 0x%llx", (unsigned long long)size,
			 (unsigned long long)base);
		return -1;
	}
	if (size)
		memcpy(own, data, size);
	if (add_owned(m, base, own, size, err) != 0) {
		free(own);
		return -1;
	}
	return 0;
}

int gk_mem_add_borrowed(struct gk_mem *m, uint64_t base, const void *data, size_t size, struct gk_diag *err)
{
	if (!m)
		return no_memory(err, base);
	if (no_data(base, data, size, err))
		return -1;
	struct mem_reg reg = { base, size, GK_MEM_DATA | GK_MEM_READONLY, 0, data };
	return insert(m, reg, err);
}

int gk_mem_load(struct gk_mem *m, uint64_t base, gk_read_fn read, void *ctx, struct gk_diag *err)
{
	if (!m)
		return no_memory(err, base);
	if (!read) {
		mem_diag(err, GK_D_IO, base, "loading at 0x%llx: no reader given (NULL)", (unsigned long long)base);
		return -1;
	}
	if (fits(m, base, 0, err) != 0)
		return -1; /* its first byte is taken already: do not read it all to say so */
	uint64_t limit = m->max_bytes - m->owned; /* bytes this region may have */
	uint8_t *buf = 0;
	size_t n = 0, cap = 0;
	for (;;) {
		if (n == cap) {
			if (n > limit)
				break;
			/* grow, at most to one byte past the limit: reading it says the
			 * input is too long */
			uint64_t want = cap ? (uint64_t)cap * 2 : 65536;
			if (want > limit)
				want = limit + 1;
			if (want > SIZE_MAX)
				want = SIZE_MAX;
			uint8_t *p = want > cap ? realloc(buf, (size_t)want) : 0;
			if (!p) {
				mem_diag(err, GK_D_LIMIT, base, "out of memory loading at 0x%llx after %llu bytes",
					 (unsigned long long)base, (unsigned long long)n);
				free(buf);
				return -1;
			}
			buf = p;
			cap = (size_t)want;
		}
		long got = read(ctx, buf + n, cap - n);
		if (got < 0 || (unsigned long)got > cap - n) {
			mem_diag(err, GK_D_IO, base + n, "read error after %llu bytes loading at 0x%llx",
				 (unsigned long long)n, (unsigned long long)base);
			free(buf);
			return -1;
		}
		if (got == 0)
			break;
		n += (size_t)got;
	}
	if (n > limit) {
		mem_diag(err, GK_D_LIMIT, base, "loading at 0x%llx: more than the %llu bytes the memory may still own",
			 (unsigned long long)base, (unsigned long long)limit);
		free(buf);
		return -1;
	}
	if (add_owned(m, base, buf, n, err) != 0) {
		free(buf);
		return -1;
	}
	return 0;
}

int gk_mem_load_file(struct gk_mem *m, uint64_t base, const char *path, struct gk_diag *err)
{
	if (!m)
		return no_memory(err, base);
	if (!path) {
		mem_diag(err, GK_D_IO, base, "loading at 0x%llx: no file name given (NULL)", (unsigned long long)base);
		return -1;
	}
	FILE *f = fopen(path, "rb");
	if (!f) {
		mem_diag(err, GK_D_IO, base, "cannot open %s", path);
		return -1;
	}
	int rc = gk_mem_load(m, base, gk_read_stdio, f, err);
	fclose(f);
	return rc;
}

size_t gk_mem_count(const struct gk_mem *m)
{
	return m ? m->n : 0;
}

static void public_region(const struct mem_reg *g, struct gk_mem_region *r)
{
	if (!r)
		return; /* the caller asked only whether */
	r->base = g->base;
	r->size = g->size;
	r->flags = g->flags;
	r->data = g->data;
}

int gk_mem_region_at(const struct gk_mem *m, size_t i, struct gk_mem_region *r)
{
	if (!m || i >= m->n)
		return -1;
	public_region(&m->r[i], r);
	return 0;
}

/* How many bytes from addr on lie in regions with contents (writing:
 * contents the memory owns), up to n; 0 when all n do, else -1 with *err
 * naming the first byte that does not. */
static int span(const struct gk_mem *m, uint64_t addr, size_t n, bool writing, size_t *done, struct gk_diag *err)
{
	const char *what = writing ? "write" : "read";
	*done = 0;
	if (n && addr + (n - 1) < addr) {
		mem_diag(err, GK_D_OVERFLOW, addr, "%s of %llu bytes at 0x%llx runs past 2^64", what,
			 (unsigned long long)n, (unsigned long long)addr);
		return -1;
	}
	for (size_t i = lower(m, addr); *done < n; i++) {
		uint64_t at = addr + *done;
		const struct mem_reg *g = i < m->n ? &m->r[i] : 0;
		if (!g || !g->size || g->base > at) {
			mem_diag(err, GK_D_BOUNDS, at, "%s of %llu bytes at 0x%llx: 0x%llx is in no region (%llu bytes present)",
				 what, (unsigned long long)n, (unsigned long long)addr, (unsigned long long)at,
				 (unsigned long long)*done);
			return -1;
		}
		if (!(g->flags & GK_MEM_DATA) || (writing && (g->flags & GK_MEM_READONLY))) {
			mem_diag(err, GK_D_BOUNDS, at,
				 "%s of %llu bytes at 0x%llx: 0x%llx is in region 0x%llx..0x%llx, which %s (%llu bytes present)",
				 what, (unsigned long long)n, (unsigned long long)addr, (unsigned long long)at,
				 (unsigned long long)g->base, (unsigned long long)(g->base + (g->size - 1)),
				 !(g->flags & GK_MEM_DATA) ? "has no contents" : "is read-only (borrowed)",
				 (unsigned long long)*done);
			return -1;
		}
		uint64_t left = g->base + (g->size - 1) - at; /* bytes after at in this region */
		uint64_t want = n - *done - 1;
		*done += (size_t)(left < want ? left : want) + 1;
	}
	return 0;
}

/* Copy [addr, addr + n) out of the regions holding it into rd, or from wr
 * into them (the bytes are there: span said so). */
static void copy(const struct gk_mem *m, uint64_t addr, uint8_t *rd, const uint8_t *wr, size_t n)
{
	size_t i = lower(m, addr);
	for (size_t c = 0; c < n; i++) {
		const struct mem_reg *g = &m->r[i];
		uint64_t off = addr + c - g->base;
		uint64_t take = g->size - off;
		if (take > n - c)
			take = n - c;
		if (wr)
			memcpy(g->own + off, wr + c, (size_t)take);
		else
			memcpy(rd + c, g->data + off, (size_t)take);
		c += (size_t)take;
	}
}

int gk_mem_read(const struct gk_mem *m, uint64_t addr, void *buf, size_t n, size_t *done, struct gk_diag *err)
{
	size_t ok = 0;
	if (done)
		*done = 0;
	if (!m)
		return no_memory(err, addr);
	if (!buf && n) {
		mem_diag(err, GK_D_RANGE, addr, "read of %llu bytes at 0x%llx: no buffer given", (unsigned long long)n,
			 (unsigned long long)addr);
		return -1;
	}
	int rc = span(m, addr, n, false, &ok, err);
	copy(m, addr, buf, 0, ok);
	if (done)
		*done = ok;
	return rc;
}

int gk_mem_write(struct gk_mem *m, uint64_t addr, const void *buf, size_t n, struct gk_diag *err)
{
	size_t ok = 0;
	if (!m)
		return no_memory(err, addr);
	if (!buf && n) {
		mem_diag(err, GK_D_RANGE, addr, "write of %llu bytes at 0x%llx: no data given", (unsigned long long)n,
			 (unsigned long long)addr);
		return -1;
	}
	if (span(m, addr, n, true, &ok, err) != 0)
		return -1;
	copy(m, addr, 0, buf, n);
	return 0;
}

/* How far [first, last] is from [base, blast]: the bytes of the range
 * outside the region plus the gap to it (saturating). */
static uint64_t distance(uint64_t first, uint64_t last, uint64_t base, uint64_t blast)
{
	uint64_t before = first < base ? base - first : 0;
	uint64_t after = last > blast ? last - blast : 0;
	uint64_t d = before + after;
	return d < before ? UINT64_MAX : d;
}

int gk_mem_find(const struct gk_mem *m, uint64_t first, uint64_t last, struct gk_mem_region *r)
{
	if (!m || !m->n)
		return -1;
	size_t i = lower(m, first);
	const struct mem_reg *g = i < m->n ? &m->r[i] : 0;
	if (g && g->size && g->base <= first && last <= g->base + (g->size - 1)) {
		public_region(g, r);
		return 1;
	}
	/* candidates: the region before the range (nearest on the left), those
	 * it overlaps, and the first one after it */
	const struct mem_reg *best = 0;
	uint64_t bd = UINT64_MAX;
	for (size_t j = i ? i - 1 : 0; j < m->n; j++) {
		const struct mem_reg *c = &m->r[j];
		uint64_t d = distance(first, last, c->base, claim_last(c->base, c->size));
		if (!best || d < bd) {
			best = c;
			bd = d;
		}
		if (c->base > last)
			break; /* everything further is further */
	}
	public_region(best, r);
	return 0;
}

int gk_mem_find_bo(const struct gk_bo *bos, unsigned n, uint64_t first, uint64_t last, unsigned *ix)
{
	bool any = false;
	uint64_t bd = UINT64_MAX;
	unsigned spare;
	if (!bos)
		n = 0; /* no list: no buffer */
	if (!ix)
		ix = &spare;
	for (unsigned b = 0; b < n; b++) {
		const struct gk_bo *bo = &bos[b];
		uint64_t blast = claim_last(bo->base, bo->size);
		if (blast < bo->base)
			blast = UINT64_MAX; /* a buffer past 2^64 ends there */
		if (bo->size && first >= bo->base && last <= blast) {
			*ix = b;
			return 1;
		}
		uint64_t d = distance(first, last, bo->base, blast);
		if (!any || d < bd) {
			any = true;
			bd = d;
			*ix = b;
		}
	}
	return any ? 0 : -1;
}

long gk_mem_reader(void *mem, uint64_t addr, void *buf, size_t n)
{
	const struct gk_mem *m = mem;
	size_t ok = 0;
	struct gk_diag err;
	if (!m)
		return -1;
	if (n > (size_t)LONG_MAX)
		n = (size_t)LONG_MAX;
	span(m, addr, n, false, &ok, &err); /* how far the contents go: absent bytes end it */
	if (buf)
		copy(m, addr, buf, 0, ok);
	return (long)ok;
}

/* the region holding every byte of [addr, addr + n), or NULL */
static const struct mem_reg *one_region(const struct gk_mem *m, uint64_t addr, size_t n)
{
	if (!m || !n || addr + (n - 1) < addr)
		return NULL;
	size_t i = lower(m, addr);
	if (i >= m->n)
		return NULL;
	const struct mem_reg *g = &m->r[i];
	if (!(g->flags & GK_MEM_DATA) || g->base > addr || addr - g->base + n > g->size)
		return NULL;
	return g;
}

const uint8_t *gk_mem_span(const struct gk_mem *m, uint64_t addr, size_t n)
{
	const struct mem_reg *g = one_region(m, addr, n);
	return g ? g->data + (addr - g->base) : NULL;
}

uint8_t *gk_mem_span_write(struct gk_mem *m, uint64_t addr, size_t n)
{
	const struct mem_reg *g = one_region(m, addr, n);
	return g && !(g->flags & GK_MEM_READONLY) ? g->own + (addr - g->base) : NULL;
}
