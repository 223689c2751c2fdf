/* The memory model (include/gfxkit/memory.h): regions and their overlaps,
 * reads and writes with the address of the first absent byte, the ends of
 * the address space, file loading, the size limit, and lookups over many
 * regions checked against a plain scan of the same list (gk_mem_find_bo). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "testlib.h"

#define TOP UINT64_MAX

static struct gk_diag err;

static bool has(const char *msg, const char *part)
{
	return strstr(msg, part) != 0;
}

static void test_regions(void)
{
	struct gk_mem *m = gk_mem_create(0);
	CHECK(m != 0, "create");
	gk_mem_destroy(0); /* does nothing */
	CHECK(gk_mem_declare(m, 0x1000, 0x1000, &err) == 0, "declare: %s", err.message);
	CHECK(gk_mem_declare(m, 0x3000, 0x100, &err) == 0, "declare: %s", err.message);
	/* touching on either side is no overlap */
	CHECK(gk_mem_declare(m, 0x2000, 0x1000, &err) == 0, "adjacent: %s", err.message);
	CHECK(gk_mem_declare(m, 0xf00, 0x100, &err) == 0, "adjacent below: %s", err.message);

	/* every way of sharing a byte is refused, naming both regions and the first shared byte */
	static const struct {
		uint64_t base, size, at;
	} bad[] = {
		{ 0x1000, 0x1000, 0x1000 }, /* the same */
		{ 0xfff, 2, 0xfff },         /* the last byte of 0xf00.. and the first of 0x1000.. */
		{ 0x3080, 0x100, 0x3080 },   /* overlaps the end */
		{ 0x2fff, 2, 0x2fff },       /* straddles two */
		{ 0x1800, 0x10, 0x1800 },    /* inside one */
		{ 0x0, 0x10000, 0xf00 },     /* contains several */
		{ 0x30ff, 0, 0x30ff },       /* an empty region still claims its address */
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		memset(&err, 0, sizeof err);
		int rc = gk_mem_declare(m, bad[i].base, bad[i].size, &err);
		CHECK(rc == -1 && err.code == GK_D_RANGE && err.severity == GK_ERROR && err.offset == bad[i].at &&
			      has(err.message, "overlaps region") && err.packet && !strcmp(err.packet, "memory"),
		      "overlap %zu: rc %d offset 0x%llx '%s'", i, rc, (unsigned long long)err.offset, err.message);
	}
	char want[64];
	gk_mem_declare(m, 0x1800, 0x10, &err);
	snprintf(want, sizeof want, "region 0x1800..0x180f (16 bytes) overlaps region 0x1000..0x1fff");
	CHECK(has(err.message, want), "message names both: '%s'", err.message);
	CHECK(gk_mem_count(m) == 4, "refused regions are not added: %zu", gk_mem_count(m));

	/* empty regions: one per address, nothing inside them */
	CHECK(gk_mem_declare(m, 0x5000, 0, &err) == 0, "empty: %s", err.message);
	CHECK(gk_mem_declare(m, 0x5000, 0, &err) == -1 && err.offset == 0x5000, "two empty at one address");
	CHECK(gk_mem_declare(m, 0x4ff0, 0x20, &err) == -1, "a region over an empty one");
	CHECK(gk_mem_declare(m, 0x5001, 0x10, &err) == 0, "right after an empty one: %s", err.message);

	/* order */
	struct gk_mem_region r;
	uint64_t prev = 0;
	bool sorted = true;
	for (size_t i = 0; i < gk_mem_count(m); i++) {
		gk_mem_region_at(m, i, &r);
		if (i && r.base <= prev)
			sorted = false;
		prev = r.base;
	}
	CHECK(sorted, "regions come in address order");
	CHECK(gk_mem_region_at(m, gk_mem_count(m), &r) == -1, "past the last region");
	gk_mem_region_at(m, 0, &r);
	CHECK(r.base == 0xf00 && r.size == 0x100 && r.flags == 0 && !r.data, "first region 0x%llx",
	      (unsigned long long)r.base);

	/* lookups */
	CHECK(gk_mem_find(m, 0x1000, 0x2fff, &r) == 0, "two adjacent regions are not one");
	CHECK(gk_mem_find(m, 0x1000, 0x1fff, &r) == 1 && r.base == 0x1000, "exactly one region");
	CHECK(gk_mem_find(m, 0x2800, 0x2800, &r) == 1 && r.base == 0x2000, "one byte");
	CHECK(gk_mem_find(m, 0x3100, 0x3100, &r) == 0 && r.base == 0x3000, "one past the end: nearest 0x%llx",
	      (unsigned long long)r.base);
	CHECK(gk_mem_find(m, 0x4fff, 0x5000, &r) == 0 && r.base == 0x5000 && r.size == 0,
	      "an empty region contains nothing, but is nearest (0x%llx)", (unsigned long long)r.base);
	/* 0x1f00..0x2fff: 0x100 bytes outside 0x2000.., 0x1000 outside 0x1000.. */
	CHECK(gk_mem_find(m, 0x1f00, 0x2fff, &r) == 0 && r.base == 0x2000, "the one overlapping most: 0x%llx",
	      (unsigned long long)r.base);
	gk_mem_destroy(m);

	struct gk_mem *e = gk_mem_create(0);
	CHECK(gk_mem_find(e, 0, 0, &r) == -1, "no regions");
	gk_mem_destroy(e);
}

static void test_ends(void)
{
	struct gk_mem *m = gk_mem_create(0);
	uint8_t top[16], low[16], buf[32];
	for (int i = 0; i < 16; i++)
		top[i] = (uint8_t)(0xf0 + i), low[i] = (uint8_t)i;
	CHECK(gk_mem_add_copy(m, 0, low, 16, &err) == 0, "region at 0: %s", err.message);
	CHECK(gk_mem_add_copy(m, TOP - 15, top, 16, &err) == 0, "region ending at 2^64 - 1: %s", err.message);
	memset(buf, 0, sizeof buf);
	CHECK(gk_mem_add_copy(m, TOP - 40, buf, 26, &err) == -1 && err.code == GK_D_RANGE, "overlap at the top");
	CHECK(gk_mem_declare(m, TOP - 100, 102, &err) == -1 && err.code == GK_D_OVERFLOW,
	      "a region past 2^64 is refused: %s", err.message);
	CHECK(gk_mem_declare(m, TOP, 0, &err) == -1, "an empty region at 2^64 - 1 (claimed by the top region)");
	size_t done = 99;
	CHECK(gk_mem_read(m, TOP - 3, buf, 4, &done, &err) == 0 && done == 4 && !memcmp(buf, top + 12, 4),
	      "read the last 4 bytes");
	CHECK(gk_mem_read(m, TOP, buf, 1, &done, &err) == 0 && buf[0] == 0xff, "read the last byte");
	CHECK(gk_mem_read(m, TOP - 3, buf, 5, &done, &err) == -1 && err.code == GK_D_OVERFLOW && done == 0,
	      "a read past 2^64: %s", err.message);
	CHECK(gk_mem_read(m, 0, buf, 16, &done, &err) == 0 && !memcmp(buf, low, 16), "read at 0");
	CHECK(gk_mem_read(m, 0, buf, 0, &done, &err) == 0 && done == 0, "an empty read");
	CHECK(gk_mem_write(m, TOP - 1, "\x11\x22", 2, &err) == 0, "write the last 2 bytes: %s", err.message);
	gk_mem_read(m, TOP - 1, buf, 2, &done, &err);
	CHECK(buf[0] == 0x11 && buf[1] == 0x22, "written at the top");
	struct gk_mem_region r;
	CHECK(gk_mem_find(m, TOP - 15, TOP, &r) == 1 && r.base == TOP - 15, "the top region holds its range");
	CHECK(gk_mem_find(m, TOP - 16, TOP, &r) == 0 && r.base == TOP - 15, "one byte below it is outside");
	CHECK(gk_mem_find(m, 0, TOP, &r) == 0 && (r.base == 0 || r.base == TOP - 15), "the whole space");
	gk_mem_destroy(m);
}

static void test_read_write(void)
{
	struct gk_mem *m = gk_mem_create(0);
	uint8_t a[256], b[256], buf[1024];
	for (int i = 0; i < 256; i++)
		a[i] = (uint8_t)i, b[i] = (uint8_t)(255 - i);
	gk_mem_add_copy(m, 0x10000, a, 256, &err);
	gk_mem_add_copy(m, 0x10100, b, 256, &err); /* adjacent: one run of 512 bytes */
	gk_mem_declare(m, 0x10200, 0x100, &err);    /* no contents */
	gk_mem_add_borrowed(m, 0x20000, b, 256, &err);
	a[0] = 0x77; /* copies do not see the caller's later changes */
	size_t done = 0;
	CHECK(gk_mem_read(m, 0x10000, buf, 512, &done, &err) == 0 && done == 512 && buf[0] == 0 && buf[255] == 255 &&
		      buf[256] == 255 && buf[511] == 0,
	      "read across adjacent regions");
	/* into the region without contents */
	memset(buf, 0, sizeof buf);
	CHECK(gk_mem_read(m, 0x10180, buf, 0x100, &done, &err) == -1 && err.code == GK_D_BOUNDS && err.offset == 0x10200 &&
		      done == 0x80 && buf[0x7f] == b[0xff],
	      "read into a declared region: offset 0x%llx done %zu", (unsigned long long)err.offset, done);
	CHECK(has(err.message, "0x10200 is in region 0x10200..0x102ff, which has no contents") &&
		      has(err.message, "(128 bytes present)"),
	      "message: '%s'", err.message);
	/* past everything */
	CHECK(gk_mem_read(m, 0x202f0, buf, 0x20, &done, &err) == -1 && err.offset == 0x202f0 && done == 0,
	      "a read that starts in no region: offset 0x%llx", (unsigned long long)err.offset);
	CHECK(gk_mem_read(m, 0x200f0, buf, 0x20, &done, &err) == -1 && err.offset == 0x20100 && done == 0x10 &&
		      has(err.message, "0x20100 is in no region (16 bytes present)"),
	      "a read that runs out: '%s'", err.message);
	CHECK(gk_mem_read(m, 0x0, buf, 1, &done, &err) == -1 && err.offset == 0, "below every region");
	/* borrowed: read what the caller has now, never write */
	b[1] = 0x55;
	CHECK(gk_mem_read(m, 0x20000, buf, 2, &done, &err) == 0 && buf[1] == 0x55, "borrowed data is the caller's");
	CHECK(gk_mem_write(m, 0x20004, "xy", 2, &err) == -1 && err.offset == 0x20004 && has(err.message, "read-only"),
	      "write to borrowed data: '%s'", err.message);
	CHECK(b[4] == 251, "borrowed data untouched");
	/* writes: all or nothing */
	CHECK(gk_mem_write(m, 0x100fe, "ABCD", 4, &err) == 0, "write across two regions: %s", err.message);
	gk_mem_read(m, 0x100fe, buf, 4, &done, &err);
	CHECK(!memcmp(buf, "ABCD", 4), "written across two regions");
	CHECK(gk_mem_write(m, 0x101fe, "WXYZ", 4, &err) == -1 && err.offset == 0x10200, "write into no contents");
	gk_mem_read(m, 0x101fe, buf, 2, &done, &err);
	CHECK(buf[0] == b[0xfe] && buf[1] == b[0xff], "a refused write changes nothing");
	CHECK(gk_mem_add_copy(m, 0x30000, 0, 4, &err) == -1, "no data for a copy");
	CHECK(gk_mem_write(m, 0x10000, 0, 4, &err) == -1 && gk_mem_read(m, 0x10000, 0, 4, &done, &err) == -1 && done == 0,
	      "no buffer to write from or read into");
	CHECK(gk_mem_add_copy(m, 0x30000, 0, 0, &err) == 0, "an empty copy");
	gk_mem_destroy(m);
}

struct chunks {
	const uint8_t *p;
	size_t n, pos, step;
	bool fail;
};

static long chunk_read(void *ctx, void *buf, size_t cap)
{
	struct chunks *c = ctx;
	if (c->pos == c->n)
		return c->fail ? -1 : 0;
	size_t k = c->n - c->pos < c->step ? c->n - c->pos : c->step;
	if (k > cap)
		k = cap;
	memcpy(buf, c->p + c->pos, k);
	c->pos += k;
	return (long)k;
}

static void test_load(const char *self)
{
	static uint8_t data[200000];
	for (size_t i = 0; i < sizeof data; i++)
		data[i] = (uint8_t)(i * 7 + (i >> 8));
	char path[4096];
	snprintf(path, sizeof path, "%s.tmp", self);
	FILE *f = fopen(path, "wb");
	CHECK(f != 0, "cannot write %s", path);
	if (!f)
		return;
	fwrite(data, 1, sizeof data, f);
	fclose(f);

	struct gk_mem *m = gk_mem_create(0);
	CHECK(gk_mem_load_file(m, 0x100000000, path, &err) == 0, "load %s: %s", path, err.message);
	static uint8_t back[sizeof data];
	size_t done = 0;
	CHECK(gk_mem_read(m, 0x100000000, back, sizeof back, &done, &err) == 0 && !memcmp(back, data, sizeof data),
	      "file contents at 0x100000000");
	CHECK(gk_mem_read(m, 0x100000000 + sizeof data - 1, back, 2, &done, &err) == -1 &&
		      err.offset == 0x100000000 + sizeof data && done == 1,
	      "the file ends where it ends");
	CHECK(gk_mem_load_file(m, 0x100000000 + 100, path, &err) == -1 && err.code == GK_D_RANGE,
	      "a file over a region");
	CHECK(gk_mem_load_file(m, 0, "/nonexistent/gfxkit/file", &err) == -1 && err.code == GK_D_IO &&
		      has(err.message, "/nonexistent/gfxkit/file"),
	      "a missing file: '%s'", err.message);
	remove(path);

	/* a read callback in odd chunks, and one that fails */
	struct chunks c = { data, 1000, 0, 7, false };
	CHECK(gk_mem_load(m, 0x5000, chunk_read, &c, &err) == 0, "load in chunks: %s", err.message);
	gk_mem_read(m, 0x5000, back, 1000, &done, &err);
	CHECK(done == 1000 && !memcmp(back, data, 1000), "chunks");
	c = (struct chunks){ data, 100, 0, 50, true };
	CHECK(gk_mem_load(m, 0x9000, chunk_read, &c, &err) == -1 && err.code == GK_D_IO && err.offset == 0x9000 + 100,
	      "a failing read: '%s' at 0x%llx", err.message, (unsigned long long)err.offset);
	size_t before = gk_mem_count(m);
	struct gk_mem_region r;
	CHECK(gk_mem_find(m, 0x9000, 0x9000, &r) == 0, "nothing added");
	CHECK(gk_mem_count(m) == before, "count unchanged");
	gk_mem_destroy(m);

	/* the size limit: exactly the limit fits, one byte more does not */
	m = gk_mem_create(1000);
	c = (struct chunks){ data, 600, 0, 64, false };
	CHECK(gk_mem_load(m, 0, chunk_read, &c, &err) == 0, "600 of 1000: %s", err.message);
	c = (struct chunks){ data, 401, 0, 64, false };
	CHECK(gk_mem_load(m, 0x10000, chunk_read, &c, &err) == -1 && err.code == GK_D_LIMIT,
	      "401 more: '%s'", err.message);
	CHECK(gk_mem_add_copy(m, 0x20000, data, 401, &err) == -1 && err.code == GK_D_LIMIT, "a copy past the limit");
	CHECK(gk_mem_add_borrowed(m, 0x20000, data, 5000, &err) == 0, "borrowed data does not count");
	c = (struct chunks){ data, 400, 0, 64, false };
	CHECK(gk_mem_load(m, 0x10000, chunk_read, &c, &err) == 0, "400 more: %s", err.message);
	CHECK(gk_mem_add_copy(m, 0x30000, data, 1, &err) == -1, "full");
	CHECK(gk_mem_declare(m, 0x30000, 1ull << 40, &err) == 0, "declared regions own nothing");
	gk_mem_destroy(m);
}

/* Many regions, inserted out of order, looked up against a scan of the same
 * regions in address order (where both break ties the same way). */
static void test_many(void)
{
	enum { N = 4000, BIG = 200000 };
	struct gk_mem *m = gk_mem_create(0);
	static struct gk_bo bos[N];
	static unsigned order[N];
	uint64_t seed = 0x1234567;
	uint64_t at = 0; /* where the next region may start */
	for (unsigned i = 0; i < N - 1; i++) {
		uint64_t gap = tl_rand(&seed) % 3 ? tl_rand(&seed) % 64 : 0;
		uint64_t size = tl_rand(&seed) % 5 ? 1 + tl_rand(&seed) % 100 : 0;
		bos[i] = (struct gk_bo){ at + gap, size };
		at += gap + (size ? size : 1);
		order[i] = i;
	}
	bos[N - 1] = (struct gk_bo){ TOP - 50, 51 }; /* the last one ends at 2^64 - 1 */
	order[N - 1] = N - 1;
	for (unsigned i = N - 1; i > 0; i--) {
		unsigned j = (unsigned)(tl_rand(&seed) % (i + 1)), t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	unsigned bad = 0;
	for (unsigned i = 0; i < N; i++)
		if (gk_mem_declare(m, bos[order[i]].base, bos[order[i]].size, &err) != 0)
			bad++;
	CHECK(bad == 0 && gk_mem_count(m) == N, "%u regions refused: %s", bad, err.message);
	unsigned wrong = 0;
	struct gk_mem_region r;
	for (unsigned t = 0; t < 100000; t++) {
		uint64_t first, last;
		if (t % 4 == 0) { /* inside a region */
			const struct gk_bo *b = &bos[tl_rand(&seed) % N];
			uint64_t blast = b->base + (b->size ? b->size - 1 : 0);
			first = b->base + (b->size ? tl_rand(&seed) % b->size : 0);
			last = first + tl_rand(&seed) % (blast - first + 1);
		} else {
			first = tl_rand(&seed) % (at + 100);
			if (t % 7 == 0)
				first = TOP - tl_rand(&seed) % 80;
			uint64_t len = tl_rand(&seed) % (t % 3 ? 50 : 5000);
			last = first + len < first ? TOP : first + len;
		}
		unsigned ix = 0;
		int a = gk_mem_find(m, first, last, &r);
		int b = gk_mem_find_bo(bos, N, first, last, &ix);
		if (a != b || r.base != bos[ix].base || r.size != bos[ix].size) {
			if (wrong++ < 5)
				printf("  0x%llx..0x%llx: find %d 0x%llx, scan %d 0x%llx\n", (unsigned long long)first,
				       (unsigned long long)last, a, (unsigned long long)r.base, b,
				       (unsigned long long)bos[ix].base);
		}
	}
	CHECK(wrong == 0, "%u lookups differ from the scan", wrong);
	gk_mem_destroy(m);

	/* in address order, a great many regions go in quickly */
	m = gk_mem_create(0);
	bad = 0;
	for (unsigned i = 0; i < BIG; i++)
		if (gk_mem_declare(m, 0x1000000 + 0x1000ull * i, 0x800, 0) != 0)
			bad++;
	CHECK(bad == 0 && gk_mem_count(m) == BIG, "%u refused", bad);
	CHECK(gk_mem_find(m, 0x1000000 + 0x1000ull * 12345 + 0x10, 0x1000000 + 0x1000ull * 12345 + 0x7ff, &r) == 1 &&
		      r.base == 0x1000000 + 0x1000ull * 12345,
	      "found among %u", BIG);
	CHECK(gk_mem_find(m, 0x1000000 + 0x1000ull * 777 + 0x900, 0x1000000 + 0x1000ull * 777 + 0x900, &r) == 0 &&
		      r.base == 0x1000000 + 0x1000ull * 777,
	      "in a gap: the region before is nearer than the one after");
	gk_mem_destroy(m);
}

int main(int argc, char **argv)
{
	(void)argc;
	test_regions();
	test_ends();
	test_read_write();
	test_load(argv[0]);
	test_many();
	return tl_done();
}
