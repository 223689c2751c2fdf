/* gk_format.span, where the window framing of a decode on more threads
 * cuts a stream (src/engine/stream.c par_units): for every format that has
 * one, it must put the packets' starts exactly where framing one packet at
 * a time (gk_format.frame) puts them, or a helper thread would decode
 * from the middle of a packet.  Checked on random words, on words shaped
 * like each family's headers with small counts (wrong parity bits, PM4's
 * NOP pad, unknown opcodes among them), with every goal and cut-off
 * length, against the frame loop written out here. */
#include <stdbool.h>
#include <stdint.h>

#include "gfxkit/gfxkit.h"
#include "testlib.h"

/* what span must answer: frame a packet at a time */
static size_t span_by_frame(const struct gk_format *fmt, const uint32_t *w, size_t n, size_t goal, bool *cut)
{
	size_t pos = 0;
	*cut = false;
	while (pos < goal && pos < n) {
		struct gk_frame fr;
		fmt->frame(fmt, w + pos, n - pos, &fr);
		size_t len = fr.ndw ? fr.ndw : 1;
		if (len > n - pos) {
			*cut = true;
			break;
		}
		pos += len;
	}
	return pos;
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t rnd(void)
{
	return (uint32_t)(tl_rand(&rng) >> 32);
}

static unsigned odd_parity(uint32_t v)
{
	return !(__builtin_popcount(v) & 1);
}

/* n words of one of four shapes: random; PM4 headers (types 0-3, counts
 * 0-5, NOP pads); a5xx+ type-4/type-7 headers with their parity bits, a
 * few flipped; a2xx-a4xx type-0/3 headers */
static void fill(uint32_t *w, size_t n, int shape)
{
	size_t i = 0;
	while (i < n) {
		uint32_t h = rnd();
		unsigned cnt = rnd() % 6;
		switch (shape) {
		case 1:
			h = (rnd() % 4) << 30 | cnt << 16 | (h & 0xffffu);
			if (rnd() % 16 == 0)
				h = 0xffff1000u | (rnd() & 0xff);
			break;
		case 2:
			if (rnd() & 1) {
				uint32_t off = rnd() & 0x7ffffu;
				h = 4u << 28 | odd_parity(off) << 27 | off << 8 | odd_parity(cnt) << 7 | cnt;
			} else {
				uint32_t op = rnd() & 0x7fu;
				h = 7u << 28 | odd_parity(op) << 23 | op << 16 | odd_parity(cnt) << 15 | cnt;
			}
			if (rnd() % 16 == 0)
				h ^= 1u << (rnd() % 32);
			break;
		case 3:
			h = (rnd() & 1 ? 3u : 0u) << 30 | cnt << 16 | (h & 0xffffu);
			break;
		default:
			break;
		}
		w[i++] = h;
		for (unsigned k = 0; k < cnt + 1 && i < n && shape; k++)
			w[i++] = rnd();
	}
}

static void check_format(const char *family, const char *gpu, int (*init)(struct gk_format *, const char *))
{
	static struct gk_format fmt; /* ~200 KiB */
	if (init(&fmt, gpu) != 0) {
		CHECK(0, "%s %s: init", family, gpu);
		return;
	}
	CHECK(fmt.span != NULL, "%s %s: no span", family, gpu);
	if (!fmt.span)
		return;
	enum { N = 512 };
	static uint32_t w[N];
	unsigned bad = 0, runs = 0;
	for (int shape = 0; shape < 4; shape++) {
		for (int round = 0; round < 40; round++) {
			fill(w, N, shape);
			for (size_t n = 1; n <= N; n += 1 + rnd() % 37) {
				size_t goal = 1 + rnd() % (n + 8);
				bool c1, c2;
				size_t a = fmt.span(&fmt, w, n, goal, &c1);
				size_t b = span_by_frame(&fmt, w, n, goal, &c2);
				runs++;
				if (a != b || c1 != c2) {
					if (!bad)
						printf("# %s %s shape %d: span %zu/%d, frame %zu/%d (n %zu goal %zu)\n", family,
						       gpu, shape, a, c1, b, c2, n, goal);
					bad++;
				}
			}
		}
	}
	CHECK(bad == 0, "%s %s: %u of %u spans differ from the frame loop", family, gpu, bad, runs);
}

int main(void)
{
	static const char *const pm4[] = { "r600", "evergreen", "cayman", "gfx6", "gfx9", "gfx10.3", "gfx11", "gfx12" };
	for (size_t i = 0; i < sizeof pm4 / sizeof pm4[0]; i++)
		check_format("pm4", pm4[i], gk_pm4_format_init);
	static const char *const adreno[] = { "a2xx", "a306", "a420", "a530", "a630", "a740" };
	for (size_t i = 0; i < sizeof adreno / sizeof adreno[0]; i++)
		check_format("adreno", adreno[i], gk_adreno_format_init);
	/* DMA has none: a WRITE_LINEAR's length is in its second dword */
	struct gk_format *dma = calloc(1, sizeof *dma);
	CHECK(dma && gk_dma_format_init(dma, "cik") == 0 && dma->span == NULL, "dma cik: a span");
	free(dma);
	return tl_done();
}
