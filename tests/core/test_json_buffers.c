/* The JSON printer writes a unit's fields and enums, a register object and
 * its typed values straight into the output buffer when it has room for
 * the largest they can be, and piece by piece when it has not (src/core/json.c).
 * Both must give the same bytes for what tests/pm4/test_pm4_out_buffers.c
 * does not reach: GFX11 register pairs (groups and their registers), Adreno
 * registers with named and typed values, DMA fields of 64 bits (quoted
 * hex past 2^53) and a DMA data tail.  Each packet is printed through buffers of every size
 * from 1 byte to more than its whole output, flushed to a callback, and
 * compared with the output of one large buffer; the sanitized build turns
 * a write past the buffer into a failure. */
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "testlib.h"

/* The JSON of packet w[0, n) through a cap-byte buffer; NULL if it failed */
static char *json_through(const struct gk_format *fmt, const uint32_t *w, size_t n, size_t cap, size_t *len)
{
	struct gk_membuf mb = { 0, 0, 0 };
	char *buf = malloc(cap);
	if (!buf)
		return NULL;
	struct gk_out o = GK_OUT_INIT(buf, cap, gk_membuf_write, &mb);
	struct gk_packet pkt;
	gk_packet_frame(fmt, w, n, 0, &pkt);
	gk_json_packet(fmt, &pkt, NULL, 0, &o);
	gk_out_flush(&o);
	free(buf);
	*len = mb.n;
	if (o.failed) {
		free(mb.p);
		return NULL;
	}
	return mb.p;
}

static void same_at_every_cap(const char *what, const struct gk_format *fmt, const uint32_t *w, size_t n,
			      const char *must)
{
	size_t wn = 0;
	char *want = json_through(fmt, w, n, 1 << 20, &wn);
	CHECK(want && strstr(want, must), "%s: JSON with %s: %s", what, must, want ? want : "(none)");
	if (!want)
		return;
	unsigned bad = 0;
	for (size_t cap = 1; cap <= wn + 16; cap++) {
		size_t gn = 0;
		char *got = json_through(fmt, w, n, cap, &gn);
		if (!got || gn != wn || memcmp(got, want, wn)) {
			if (!bad++)
				CHECK(0, "%s through a %zu-byte buffer differs:\n%s\nwant:\n%s", what, cap,
				      got ? got : "(failed)", want);
		}
		free(got);
	}
	CHECK(!bad, "%s: %u buffer sizes gave other bytes", what, bad);
	free(want);
}

int main(void)
{
	struct gk_format *fmt = malloc(sizeof *fmt);
	if (!fmt) {
		CHECK(0, "memory for a format");
		return tl_done();
	}
	/* GFX11 SET_SH_REG_PAIRS_PACKED and SET_CONTEXT_REG_PAIRS_PACKED
	 * (the make bench GFX11 stream): groups, their enums (the registers'
	 * names) and the registers written */
	static const uint32_t sh_pairs[] = { 3221666560u, 4, 8716459, 2049059848, 93, 2687273, 0, 2542432768u };
	static const uint32_t ctx_pairs[] = { 3222649088u, 14,	    34144898,	45,	    9,		33489287,
					      201,	   62,	    51708591,	86024,	    2101194,	48234755,
					      53,	   3787334400u, 30802732, 37,	    3758426528u, 7997828,
					      33,	   76,	    43253918,	436862976, 204 };
	CHECK(gk_pm4_format_init(fmt, "gfx11") == 0, "the GFX11 PM4 format");
	same_at_every_cap("gfx11 SET_SH_REG_PAIRS_PACKED", fmt, sh_pairs, sizeof sh_pairs / sizeof sh_pairs[0],
			  "\"enums\":{\"REG_OFFSET0\":\"SPI_SHADER_USER_DATA_GS_31\"");
	same_at_every_cap("gfx11 SET_CONTEXT_REG_PAIRS_PACKED", fmt, ctx_pairs, sizeof ctx_pairs / sizeof ctx_pairs[0],
			  "{\"offset\":166408,\"name\":\"PA_SU_LINE_CNTL\",\"value\":45,\"fields\":{\"WIDTH\":45}");

	/* a630 type-4 writes: VFD_DECODE registers with named (enums) and
	 * typed (values) fields side by side; GRAS_SU_POINT_MINMAX and
	 * GRAS_SU_POINT_SIZE as floats */
	static const uint32_t vfd[] = { 1218493959, 376438792, 179, 1444937728, 0, 3978297344u, 0, 2296389120u };
	static const uint32_t point[] = { 0x48809102, 0x00100010, 0x00000010 };
	CHECK(gk_adreno_format_init(fmt, "a630") == 0, "the a630 Adreno format");
	same_at_every_cap("a630 VFD_DECODE", fmt, vfd, sizeof vfd / sizeof vfd[0],
			  "\"enums\":{\"FORMAT\":\"FMT6_32_32_FLOAT\",\"SWAP\":\"WXYZ\"},\"values\":{\"IDX\":\"8\"}");
	same_at_every_cap("a630 GRAS_SU_POINT", fmt, point, sizeof point / sizeof point[0],
			  "\"values\":{\"MIN\":\"1.000000\",\"MAX\":\"1.000000\"}");

	/* SDMA6 ATOMIC with 64-bit address and data fields past 2^53: quoted
	 * hex among plain numbers */
	static const uint32_t atomic[] = { 616258058, 1099784848, 2435718800u, 2218651313u,
					   746535023, 535780425,  2918381795u, 3801556391u };
	CHECK(gk_dma_format_init(fmt, "sdma6") == 0, "the SDMA6 format");
	same_at_every_cap("sdma6 ATOMIC", fmt, atomic, sizeof atomic / sizeof atomic[0],
			  "\"ADDR\":\"0x912e1e90418d6290\",\"SRC_DATA\":\"0x2c7f386f843deeb1\"");

	/* SDMA6 WRITE_UNTILED with a 24-word data tail: the words array is
	 * written as many words at a time as the room left holds, one by one
	 * where it holds none (gk_out_json_words) */
	static const uint32_t write[] = { 2, 20286688, 0, 23, 124354663, 0, 1, 22, 333, 4444, 55555, 666666, 7777777,
					  88888888, 999999999, 4294967295u, 10, 100, 1000, 10000, 100000, 1000000,
					  10000000, 100000000, 1000000000, 3000000000u, 9, 99 };
	same_at_every_cap("sdma6 WRITE_UNTILED data", fmt, write, sizeof write / sizeof write[0],
			  "\"data\":[124354663,0,1,22,333,4444,55555,666666,7777777,88888888,999999999,4294967295,10,");
	free(fmt);
	return tl_done();
}
