/* The printers write a register line, a field or a word array straight into
 * the output buffer when it has room for the worst case, and piece by piece
 * when it has not.  Both must give the same bytes: every packet here is
 * printed as text and JSON through buffers of every size from 1 byte to
 * more than the whole output, flushed to a callback, and compared with the
 * output of one large buffer.  The sanitized build turns a write past the
 * buffer into a failure. */
#include <stdint.h>
#include <stdlib.h>

#include "gfxkit/gfxkit.h"
#include "pm4_testutil.h"
#include "testlib.h"

struct grow {
	char *b;
	size_t n, cap;
};

static int grow_write(void *ctx, const void *p, size_t n)
{
	struct grow *g = ctx;
	if (g->n + n + 1 > g->cap) {
		size_t c = (g->n + n + 1) * 2;
		char *b = realloc(g->b, c);
		if (!b)
			return -1;
		g->b = b;
		g->cap = c;
	}
	memcpy(g->b + g->n, p, n);
	g->n += n;
	g->b[g->n] = 0;
	return 0;
}

/* The packets of w through a cap-byte buffer; text (json false) or JSON */
static void print_all(const struct gk_format *fmt, const uint32_t *w, size_t n, bool json, size_t cap,
		      struct grow *g)
{
	char *buf = cap ? malloc(cap) : NULL;
	struct gk_out o = GK_OUT_INIT(buf, cap, grow_write, g);
	size_t pos = 0;
	while (pos < n) {
		struct gk_packet pkt;
		gk_packet_frame(fmt, w + pos, n - pos, 4ull * pos, &pkt);
		if (json)
			gk_json_packet(fmt, &pkt, NULL, 0, &o);
		else
			gk_text_packet(fmt, &pkt, false, &o);
		pos += pkt.ndw ? pkt.ndw : 1;
	}
	gk_out_flush(&o);
	CHECK(!o.failed, "cap %zu: the output failed", cap);
	free(buf);
}

static void same_at_every_cap(const char *gpu, const uint32_t *w, size_t n)
{
	const struct gk_format *fmt = tu_fmt(gpu);
	if (!fmt) {
		CHECK(0, "no format for %s", gpu);
		return;
	}
	for (int json = 0; json <= 1; json++) {
		struct grow want = { 0 };
		print_all(fmt, w, n, json, 1 << 20, &want);
		CHECK(want.n > 100, "%s %s: %zu bytes of output", gpu, json ? "JSON" : "text", want.n);
		unsigned bad = 0;
		for (size_t cap = 1; cap <= want.n + 16 && want.b; cap++) {
			struct grow got = { 0 };
			print_all(fmt, w, n, json, cap, &got);
			if (got.n != want.n || (got.n && memcmp(got.b, want.b, got.n))) {
				if (!bad++)
					CHECK(0, "%s %s through a %zu-byte buffer differs:\n%s\nwant:\n%s", gpu,
					      json ? "JSON" : "text", cap, got.b ? got.b : "", want.b);
			}
			free(got.b);
		}
		CHECK(!bad, "%s %s: %u buffer sizes gave other bytes", gpu, json ? "JSON" : "text", bad);
		free(want.b);
	}
}

int main(void)
{
	/* SET_CONTEXT_REG on GFX9 over CB_COLOR5_INFO..CB_COLOR5_CMASK: enum
	 * values, small decimal fields, a hex field, a zero register, stray
	 * bits; then an address no register has, and a packet cut short */
	static const uint32_t gfx9[] = {
		0xc0056900, 0x367, 0x3c8d1d7d, 0x000a0c5a, 0x0000004d, 0x80d270f3, 0x00000000,
		0xc0016900, 0x3ff, 0xffffffff,
		0xc0026900, 0x10, 0x725b40fb, 0x00000000,
		0xc0046900, 0x1b8, 0x01030000,
	};
	same_at_every_cap("gfx9", gfx9, sizeof gfx9 / sizeof gfx9[0]);
	/* Evergreen: a draw with a register-valued note and a data tail */
	static const uint32_t evergreen[] = {
		0xc0016900, 0x1c4, 0x00000000,
		0xc0012d00, 0x00000003, 0x00000002,
		0xc0037600, 0x11223344, 0x55667788, 0x99aabbcc, 0xddeeff00,
	};
	same_at_every_cap("evergreen", evergreen, sizeof evergreen / sizeof evergreen[0]);
	/* GFX11: a register pair group, whose two values each get a note
	 * (" ; REG_VALUE0: ...; REG_VALUE1: ...") */
	static const uint32_t gfx11[] = {
		0xc003b900, 0x00000002, 0x008a007a, 0x0000007a, 0x00000004,
	};
	same_at_every_cap("gfx11", gfx11, sizeof gfx11 / sizeof gfx11[0]);
	return tl_done();
}
