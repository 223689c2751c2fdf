/* The region index of the memory model at scale: 200,000 regions added in
 * descending, ascending and random order give the same memory (count,
 * every region by rank, lookups, overlaps refused as with few regions),
 * and reads and writes walk adjacent regions whatever order they came in.
 * Not timed: a quadratic insertion (a sorted array shifted on every add)
 * would not finish 200,000 descending adds in the time the suite takes.
 * Also lent regions (gk_mem_add_lent): written in place, given back once. */
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "testlib.h"

#define N 200000u
#define STEP 32u /* region i: [i * STEP + BASE, + 16): a 16-byte gap after each */
#define BASE 0x100000000ull

static uint64_t base_of(uint32_t i)
{
	return BASE + (uint64_t)i * STEP;
}

/* order 0: descending, 1: ascending, 2: random */
static void fill_order(uint32_t *ix, unsigned order, uint64_t *seed)
{
	for (uint32_t i = 0; i < N; i++)
		ix[i] = order == 0 ? N - 1 - i : i;
	if (order == 2)
		for (uint32_t i = N - 1; i > 0; i--) {
			uint32_t j = (uint32_t)(tl_rand(seed) % (i + 1));
			uint32_t t = ix[i];
			ix[i] = ix[j];
			ix[j] = t;
		}
}

static void scale(unsigned order)
{
	static const char *const names[] = { "descending", "ascending", "random" };
	const char *name = names[order];
	uint64_t seed = 0x1234567 + order;
	uint32_t *ix = malloc(N * sizeof *ix);
	struct gk_mem *m = gk_mem_create(0);
	if (!ix || !m) {
		CHECK(0, "out of memory");
		return;
	}
	fill_order(ix, order, &seed);
	unsigned failed = 0;
	for (uint32_t k = 0; k < N; k++)
		failed += gk_mem_declare(m, base_of(ix[k]), 16, NULL) != 0;
	CHECK(failed == 0 && gk_mem_count(m) == N, "%s: %u regions added, %u refused", name, (unsigned)gk_mem_count(m),
	      failed);
	/* every region by rank, in address order */
	unsigned wrong = 0;
	for (uint32_t i = 0; i < N; i++) {
		struct gk_mem_region r;
		if (gk_mem_region_at(m, i, &r) != 0 || r.base != base_of(i) || r.size != 16 || r.flags != 0)
			wrong++;
	}
	struct gk_mem_region r;
	CHECK(wrong == 0 && gk_mem_region_at(m, N, &r) == -1, "%s: region i is the i-th by address (%u wrong)", name,
	      wrong);
	/* lookups: inside a region, in a gap (nearest), before all, after all */
	wrong = 0;
	for (uint32_t k = 0; k < N; k += 7) {
		uint32_t i = ix[k];
		if (gk_mem_find(m, base_of(i) + 3, base_of(i) + 9, &r) != 1 || r.base != base_of(i))
			wrong++;
		/* bytes 17..19 of the gap after region i: region i is 2 bytes away,
		 * region i + 1 (if any) 12 */
		if (gk_mem_find(m, base_of(i) + 17, base_of(i) + 19, &r) != 0 || r.base != base_of(i))
			wrong++;
	}
	CHECK(wrong == 0, "%s: lookups inside regions and in gaps (%u wrong)", name, wrong);
	CHECK(gk_mem_find(m, 0, 10, &r) == 0 && r.base == BASE, "%s: nearest to a range before all", name);
	CHECK(gk_mem_find(m, UINT64_MAX - 1, UINT64_MAX, &r) == 0 && r.base == base_of(N - 1),
	      "%s: nearest to a range after all is the last (0x%llx)", name, (unsigned long long)r.base);
	/* overlaps refused as with a few regions, naming the other one */
	struct gk_diag err;
	wrong = 0;
	for (uint32_t k = 0; k < N; k += 997) {
		uint32_t i = ix[k];
		if (gk_mem_declare(m, base_of(i) + 8, 16, &err) == 0 || err.offset != base_of(i) + 8)
			wrong++;
		if (gk_mem_declare(m, base_of(i) - 4, 8, &err) == 0 || (i && err.offset != base_of(i)))
			wrong++;
	}
	CHECK(wrong == 0 && gk_mem_count(m) == N, "%s: overlaps refused (%u wrong, %u regions)", name, wrong,
	      (unsigned)gk_mem_count(m));
	CHECK(gk_mem_declare(m, base_of(5) + 8, 16, &err) != 0 && strstr(err.message, "overlaps region 0x1000000a0..0x1000000af"),
	      "%s: the overlap names the region: %s", name, err.message);
	/* the gaps are free: fill some, then the tree holds them in order */
	wrong = 0;
	for (uint32_t k = 0; k < N; k += 1001)
		wrong += gk_mem_declare(m, base_of(ix[k]) + 16, 16, NULL) != 0;
	CHECK(wrong == 0, "%s: gaps take regions", name);
	uint64_t prev = 0;
	wrong = 0;
	for (size_t i = 0; gk_mem_region_at(m, i, &r) == 0; i++) {
		if (i && r.base <= prev)
			wrong++;
		prev = r.base;
	}
	CHECK(wrong == 0, "%s: still in address order after more adds", name);
	gk_mem_destroy(m);
	free(ix);
}

/* Adjacent regions with contents, added in random order: one read and one
 * write across all of them. */
static void adjacent(void)
{
	enum { K = 5000, SZ = 7 };
	uint32_t ix[K];
	uint64_t seed = 99;
	for (uint32_t i = 0; i < K; i++)
		ix[i] = i;
	for (uint32_t i = K - 1; i > 0; i--) {
		uint32_t j = (uint32_t)(tl_rand(&seed) % (i + 1)), t = ix[i];
		ix[i] = ix[j];
		ix[j] = t;
	}
	static uint8_t want[K * SZ], got[K * SZ];
	for (uint32_t i = 0; i < K * SZ; i++)
		want[i] = (uint8_t)(i * 13 + 5);
	struct gk_mem *m = gk_mem_create(0);
	unsigned refused = 0;
	for (uint32_t k = 0; k < K; k++)
		refused += gk_mem_add_copy(m, 0x5000 + (uint64_t)ix[k] * SZ, want + ix[k] * SZ, SZ, NULL) != 0;
	size_t done = 0;
	CHECK(refused == 0 && gk_mem_read(m, 0x5000, got, sizeof got, &done, NULL) == 0 && done == sizeof got &&
		      !memcmp(got, want, sizeof got),
	      "a read across %u adjacent regions added in random order", K);
	for (uint32_t i = 0; i < K * SZ; i++)
		want[i] ^= 0xff;
	CHECK(gk_mem_write(m, 0x5000, want, sizeof want, NULL) == 0 && gk_mem_read(m, 0x5000, got, sizeof got, NULL, NULL) == 0 &&
		      !memcmp(got, want, sizeof got),
	      "a write across them");
	struct gk_diag err;
	CHECK(gk_mem_read(m, 0x5000 + 100, got, K * SZ, &done, &err) == -1 && done == K * SZ - 100 &&
		      err.offset == 0x5000 + K * SZ,
	      "a read past the last stops at its end: %s", err.message);
	gk_mem_destroy(m);
}

static unsigned releases;
static void *released;
static size_t released_size;

static void give_back(void *ctx, void *data, size_t size)
{
	(void)ctx;
	releases++;
	released = data;
	released_size = size;
}

static void lent(void)
{
	static uint8_t buf[64], other[16];
	struct gk_mem *m = gk_mem_create(8); /* lent bytes are not counted against max_bytes */
	struct gk_diag err;
	CHECK(gk_mem_add_lent(m, 0x1000, buf, sizeof buf, give_back, NULL, &err) == 0, "lent: added (%s)", err.message);
	const uint8_t v[4] = { 1, 2, 3, 4 };
	CHECK(gk_mem_write(m, 0x1010, v, 4, NULL) == 0 && !memcmp(buf + 0x10, v, 4), "lent: writes land in the caller's bytes");
	CHECK(gk_mem_span_write(m, 0x1000, 64) == buf, "lent: writable in place");
	struct gk_mem_region r;
	CHECK(gk_mem_region_at(m, 0, &r) == 0 && r.flags == GK_MEM_DATA && r.data == buf, "lent: a writable region");
	CHECK(gk_mem_add_lent(m, 0x1020, other, sizeof other, give_back, NULL, &err) == -1 && releases == 0,
	      "lent: an overlap is refused and the caller keeps its bytes: %s", err.message);
	CHECK(gk_mem_add_lent(m, 0x2000, NULL, 4, give_back, NULL, &err) == -1, "lent: no data refused: %s", err.message);
	gk_mem_destroy(m);
	CHECK(releases == 1 && released == buf && released_size == sizeof buf, "lent: given back once, whole (%u)", releases);
}

/* What the memory says when it is not given one (every call, no crash). */
static void no_memory(void)
{
	struct gk_diag err;
	uint8_t b[4] = { 0 };
	size_t done = 7;
	struct gk_mem_region r;
	CHECK(gk_mem_declare(NULL, 0, 4, &err) == -1 && strstr(err.message, "no memory given"), "declare: %s", err.message);
	CHECK(gk_mem_add_copy(NULL, 0, b, 4, &err) == -1 && gk_mem_add_borrowed(NULL, 0, b, 4, &err) == -1 &&
		      gk_mem_add_lent(NULL, 0, b, 4, NULL, NULL, &err) == -1 && gk_mem_load(NULL, 0, gk_read_stdio, NULL, &err) == -1 &&
		      gk_mem_load_file(NULL, 0, "/dev/null", &err) == -1,
	      "add and load");
	CHECK(gk_mem_read(NULL, 0, b, 4, &done, &err) == -1 && done == 0 && gk_mem_write(NULL, 0, b, 4, &err) == -1,
	      "read and write");
	CHECK(gk_mem_count(NULL) == 0 && gk_mem_region_at(NULL, 0, &r) == -1 && gk_mem_find(NULL, 0, 1, &r) == -1 &&
		      !gk_mem_span(NULL, 0, 1) && !gk_mem_span_write(NULL, 0, 1) && gk_mem_reader(NULL, 0, b, 4) == -1,
	      "count, lookups and spans");
	struct gk_mem *m = gk_mem_create(0);
	CHECK(gk_mem_load(m, 0, NULL, NULL, &err) == -1 && gk_mem_load_file(m, 0, NULL, &err) == -1 && gk_mem_count(m) == 0,
	      "no reader, no path: %s", err.message);
	gk_mem_declare(m, 0x100, 0x10, NULL);
	CHECK(gk_mem_find(m, 0x100, 0x101, NULL) == 1 && gk_mem_region_at(m, 0, NULL) == 0, "no region to fill in");
	unsigned ix = 9;
	CHECK(gk_mem_find_bo(NULL, 3, 0, 1, &ix) == -1 && gk_mem_find_bo(NULL, 0, 0, 1, NULL) == -1, "find_bo without a list");
	gk_mem_destroy(m);
}

int main(void)
{
	for (unsigned order = 0; order < 3; order++)
		scale(order);
	adjacent();
	lent();
	no_memory();
	return tl_done();
}
