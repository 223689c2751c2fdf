/* The bounds check's interval index (src/mem/bounds.c) says what a scan
 * of the buffer list says: random CIK SDMA copies against random buffer
 * lists (overlapping buffers, empty ones, one that ends at 2^64, lists
 * longer than the index holds), each range judged inside one buffer or
 * not by brute force over the list, and the list changed between checks
 * (gk_check_set_buffers again) re-indexed.  Every range starts in the
 * same 2 MiB page, so the page's slot in front of the index
 * (gk_check_state.bo_page) holds one buffer after another, most of which
 * do not hold the next range. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "testlib.h"

static uint64_t rng = 0x243f6a8885a308d3ull;

static uint64_t rnd(void)
{
	uint64_t z = (rng += 0x9e3779b97f4a7c15ull); /* splitmix64 */
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* addresses in a small window, so that buffers overlap and ranges fall
 * inside, across and outside them */
static uint64_t addr(void)
{
	return (rnd() % 0x40000u) & ~3ull;
}

/* is [first, last] inside one non-empty buffer of the list: the rule, by brute force */
static int inside(const struct gk_bo *bos, unsigned n, uint64_t first, uint64_t last)
{
	for (unsigned b = 0; b < n; b++) {
		uint64_t blast = bos[b].base + (bos[b].size - 1);
		if (blast < bos[b].base)
			blast = UINT64_MAX;
		if (bos[b].size && first >= bos[b].base && last <= blast)
			return 1;
	}
	return 0;
}

/* the ranges the packets touch: a third of the buffers fit one of them
 * exactly or miss it by one byte at either end, where an off-by-one in
 * the index would show */
static uint64_t rfirst[2048], rlast[2048];
static unsigned nranges;

static unsigned random_list(struct gk_bo *bos, unsigned cap)
{
	unsigned n = 1 + (unsigned)(rnd() % cap);
	for (unsigned b = 0; b < n; b++) {
		bos[b].base = addr();
		bos[b].size = rnd() % 8 == 0 ? 0 : 4 + rnd() % 0x8000u;
		if (nranges && rnd() % 3 == 0) {
			unsigned r = (unsigned)(rnd() % nranges);
			uint64_t lo = rfirst[r], hi = rlast[r];
			switch (rnd() % 3) {
			case 1: lo++; break; /* starts a byte late */
			case 2: hi--; break; /* ends a byte early */
			}
			bos[b].base = lo;
			bos[b].size = hi - lo + 1;
		}
		if (rnd() % 64 == 0) { /* up to the end of the address space */
			bos[b].base = UINT64_MAX - 0xfffu;
			bos[b].size = 0x2000;
		}
	}
	return n;
}

int main(void)
{
	struct gk_format *fmt = malloc(sizeof *fmt);
	CHECK(fmt && gk_dma_format_init(fmt, "bonaire") == 0, "the CIK SDMA format");
	if (!fmt)
		return 1;
	/* the packets: linear copies at random places */
	struct words w = { 0 };
	struct gk_asm *a = gk_asm_create(fmt, words_emit, &w, NULL, NULL);
	char line[160];
	for (unsigned i = 0; i < 400; i++) {
		int n = snprintf(line, sizeof line, "COPY_LINEAR COUNT=%llu SRC_ADDR=0x%llx DST_ADDR=0x%llx",
				 (unsigned long long)(1 + rnd() % 0x2000u), (unsigned long long)addr(),
				 (unsigned long long)(i % 50 ? addr() : UINT64_MAX - 0x7ffu));
		gk_asm_line(a, line, (size_t)n);
	}
	CHECK(gk_asm_finish(a) == 0, "the copies assemble");
	gk_asm_destroy(a);

	for (size_t pos = 0; pos < w.n;) {
		struct gk_packet pkt;
		gk_packet_frame(fmt, w.w + pos, w.n - pos, 4ull * pos, &pkt);
		for (unsigned k = 0; k < 4; k++) {
			struct gk_mem_access acc;
			if (gk_packet_access(fmt, &pkt, k, &acc) == 1 && !acc.overflow && acc.last > acc.first &&
			    nranges < 2048) {
				rfirst[nranges] = acc.first;
				rlast[nranges++] = acc.last;
			}
		}
		pos += pkt.ndw ? pkt.ndw : 1;
	}
	CHECK(nranges > 100, "the copies touch memory (%u ranges)", nranges);
	static struct gk_bo bos[GK_BO_INDEX_MAX + 40];
	unsigned agree = 0, disagree = 0, outside = 0, ranges = 0;
	for (unsigned round = 0; round < 60; round++) {
		/* every fourth list is longer than the index: the scan serves it */
		unsigned n = random_list(bos, round % 4 == 3 ? GK_BO_INDEX_MAX + 40 : 48);
		struct gk_check_state st;
		gk_check_init(&st);
		gk_check_set_buffers(&st, bos, n);
		for (unsigned change = 0; change < 2; change++) {
			if (change) { /* the same state, the list changed and declared again */
				n = random_list(bos, 48);
				gk_check_set_buffers(&st, bos, n);
			}
			for (size_t pos = 0; pos < w.n;) {
				struct gk_packet pkt;
				gk_packet_frame(fmt, w.w + pos, w.n - pos, 4ull * pos, &pkt);
				struct gk_diags dg;
				gk_diags_reset(&dg);
				gk_check_packet(fmt, &st, &pkt, &dg);
				unsigned want = 0;
				for (unsigned k = 0; k < 4; k++) {
					struct gk_mem_access acc;
					if (gk_packet_access(fmt, &pkt, k, &acc) == 1 && !acc.overflow) {
						ranges++;
						want += !inside(bos, n, acc.first, acc.last);
					}
				}
				unsigned got = 0;
				for (unsigned i = 0; i < dg.n; i++)
					got += dg.d[i].code == GK_D_BOUNDS;
				if (got == want)
					agree++;
				else if (disagree++ < 5)
					printf("# packet at 0x%zx, list %u of %u buffers: %u bounds errors, the list says %u\n",
					       4 * pos, round, n, got, want);
				outside += want;
				pos += pkt.ndw ? pkt.ndw : 1;
			}
		}
	}
	CHECK(disagree == 0, "the index and the list agree on every packet (%u disagree)", disagree);
	CHECK(agree > 0 && outside > 0 && outside < ranges,
	      "ranges inside and outside were both seen (%u of %u outside)", outside, ranges);
	free(w.w);
	free(fmt);
	return tl_done();
}
