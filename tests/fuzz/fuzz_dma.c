/* libFuzzer target for the DMA/SDMA decoder, checker (with and without
 * buffer bounds), printers, assembler and input reader (`make fuzz-dma`);
 * the run itself is fuzz_desc_run in fuzz_desc.h, shared with fuzz_pm4.c,
 * and the checks with buffers (a') and of gk_input_next are here.
 *
 * Input: byte 0 picks the generation (byte 0 % 12: r600, r700, evergreen,
 * cayman, si, cik, then the SDMA generations by a chip of each: topaz (SDMA
 * 2.4), polaris10 (3.0), vega10 (4.x), navi21 (5.x), navi31 (6.x), navi48
 * (7.0)) and, in byte 0 / 12, a mode; the rest is used as in
 * fuzz_pm4.c, one way an input by the mode % 3: (a) with (a'), (b), or (c)
 * with (d):
 *  (a) as little-endian words: every packet is framed, checked (the quiet
 *      check's clean packets must be clean: fuzz_pm4.c) and printed as text, and as JSON on half the inputs (each JSON line must be valid
 *      JSON and carry "sub_opcode"); the text must assemble back to the
 *      very same words, with no assembler errors.  On the inputs with JSON
 *      gk_input_next must frame the same bytes (GK_IN_BIN, small random
 *      reads) as gk_packet_frame does (offsets, lengths, truncation,
 *      dwords); on the others gk_input must read them as the same words.
 *  (a') on the inputs without JSON, each packet checked again with
 *      buffers (gk_check_set_buffers) derived from the input -- one built
 *      around an address dword of the stream, one from raw input bytes (its
 *      end may lie past 2^64) -- and with one buffer covering all of
 *      memory: bounds only ever add bounds/overflow errors (and a warning
 *      for each tiled surface they cannot bound, the same whatever the
 *      buffers), the buffer order does not matter, a second buffer never
 *      adds errors, the whole-memory buffer {0, UINT64_MAX} gives no bounds
 *      error but for ranges touching byte 2^64 - 1 (which it cannot hold),
 *      and no buffer at all gives neither kind.
 *  (b) as assembly text, fed line by line to gk_asm (errors are fine); when
 *      it assembles without errors, the words must survive decode ->
 *      text -> assemble unchanged.
 *  (c) as hex text through gk_input (GK_IN_HEX), read in small random-sized
 *      chunks: must not crash, and must give the same words and the same
 *      error as one read of the whole buffer.
 *  (d) GK_IN_AUTO must read like the format it picks; and when the mode's
 *      low five bits are all set (the rare mode) and the rest is 7 bytes
 *      mod 8 long, the input repeated into a binary stream longer than the
 *      gk_input window must come out word for word.
 * Any broken property aborts with __builtin_trap(). */
#include "fuzz_desc.h"

FUZZ_HARNESS_BEGIN

#define NGENS 12
static const char *const gens[NGENS] = { "r600", "r700", "evergreen", "cayman", "si", "cik",
					 "topaz", "polaris10", "vega10", "navi21", "navi31", "navi48" };

/* ---- bounds ---- */

static uint64_t le64(const uint8_t *p)
{
	uint64_t x = 0;
	for (unsigned i = 0; i < 8; i++)
		x |= (uint64_t)p[i] << (8 * i);
	return x;
}

/* bounds and overflow diagnostics among those kept */
static unsigned count_bounds(const struct gk_diags *dg, unsigned *bounds)
{
	unsigned k = 0;
	*bounds = 0;
	for (unsigned i = 0; i < dg->n; i++) {
		if (dg->d[i].code == GK_D_BOUNDS) {
			(*bounds)++;
			CHECK(dg->d[i].severity == GK_ERROR);
			CHECK(strstr(dg->d[i].message, "outside every buffer; nearest ") != NULL);
			CHECK(!strncmp(dg->d[i].message, "reads ", 6) || !strncmp(dg->d[i].message, "writes ", 7));
		}
		if (dg->d[i].code == GK_D_BOUNDS || dg->d[i].code == GK_D_OVERFLOW)
			k++;
	}
	return k;
}

/* warnings of the bounds stage: a tiled surface with no layout (refused by
 * the GFX9+ rules, or no configuration for the GPU) is not bounded, and
 * the stage says so instead of bounding a guess (src/mem/bounds.c) */
static unsigned count_unbounded(const struct gk_diags *dg)
{
	unsigned k = 0;
	for (unsigned i = 0; i < dg->n; i++)
		if (dg->d[i].severity == GK_WARNING && dg->d[i].code == GK_D_RANGE &&
		    strstr(dg->d[i].message, " is not bounded: "))
			k++;
	return k;
}

/* bounds diagnostics of ranges that end at the last byte of the address space */
static unsigned top_ranges(const struct gk_diags *dg)
{
	unsigned k = 0;
	for (unsigned i = 0; i < dg->n; i++)
		if (dg->d[i].code == GK_D_BOUNDS && strstr(dg->d[i].message, "..0xffffffffffffffff ("))
			k++;
	return k;
}

/* (a'): the words checked with no buffer, {A, B}, {B, A}, {A} and all of
 * memory: the check states of one input's words (bounds_begin), then each
 * packet (bounds_packet) */
static struct gk_check_state bcs[5]; /* [0] unused: decode()'s state has no buffers */
static struct gk_bo ab[2], ba[2], all = { 0, UINT64_MAX }; /* the states point at them */

static void bounds_begin(const struct gk_format *fmt, const uint8_t *p, size_t n, const uint32_t *w, size_t nw)
{
	(void)fmt;
	if (!nw)
		return;
	/* A: around an address-looking dword of the stream (bits 39:32 from
	 * another), a power-of-two size; B: raw input bytes */
	uint32_t lo = w[(size_t)p[0] % nw], hi = w[(size_t)p[n - 1] % nw];
	unsigned shift = n > 1 ? p[1] % 40 : 12;
	ab[0].base = ((uint64_t)(hi & 0xff) << 32 | lo) & ~((1ull << (shift / 2)) - 1);
	ab[0].size = 1ull << shift;
	if (n >= 17) {
		ab[1].base = le64(p + n - 16);
		ab[1].size = le64(p + n - 8) >> (p[n - 17] & 63);
	} else {
		ab[1].base = (uint64_t)lo << 8;
		ab[1].size = n;
	}
	ba[0] = ab[1];
	ba[1] = ab[0];
	for (unsigned i = 1; i < 5; i++)
		gk_check_init(&bcs[i]);
	gk_check_set_buffers(&bcs[1], ab, 2);
	gk_check_set_buffers(&bcs[2], ba, 2);
	gk_check_set_buffers(&bcs[3], ab, 1);
	gk_check_set_buffers(&bcs[4], &all, 1);
}

/* One packet: u and dg0 are decode()'s unit and its diagnostics, checked
 * with no buffers.  {A, B} runs through the whole checker (the bounds stage
 * adds to what the checker found); the other three buffer sets through the
 * bounds stage alone, on decode()'s unit, whose accesses are computed once:
 * the same ranges must meet each set.  Checking every set through
 * gk_check_packet decoded and checked the packet five times, a third of the
 * target's time; the no-buffer check is decode()'s own. */
static void bounds_packet(const struct gk_format *fmt, const struct gk_packet *pkt, const struct gk_unit *u,
			  const struct gk_diags *dg0)
{
	static struct gk_diags dg[5];
	unsigned nb[5], nbounds[5];
	gk_diags_reset(&dg[1]);
	gk_check_packet(fmt, &bcs[1], pkt, &dg[1]);
	check_diags(pkt, &dg[1]);
	nb[0] = count_bounds(dg0, &nbounds[0]);
	nb[1] = count_bounds(&dg[1], &nbounds[1]);
	/* bounds add errors, and a warning for each tiled surface they
	 * cannot bound; nothing without buffers */
	unsigned ub = count_unbounded(&dg[1]);
	CHECK(count_unbounded(dg0) == 0);
	CHECK(dg[1].errors >= dg0->errors);
	if (!dg[1].dropped) {
		CHECK(dg[1].errors - dg0->errors == nb[1]);
		CHECK(dg[1].warnings == dg0->warnings + ub);
	}
	CHECK(nb[0] == 0);
	unsigned before = u->acc_computed;
	CHECK(before <= 1);
	for (unsigned i = 2; i < 5; i++) {
		gk_diags_reset(&dg[i]);
		gk_check_bounds(fmt, &bcs[i], u, &dg[i]);
		/* the same shape; no framing error of a truncated packet (the
		 * checker's); the messages' formatting was checked on dg[1] */
		struct gk_packet whole = *pkt;
		whole.truncated = false;
		check_diags_fmt(&whole, &dg[i], false);
		nb[i] = count_bounds(&dg[i], &nbounds[i]);
		if (!dg[i].dropped && !dg[1].dropped) {
			CHECK(dg[i].errors == nb[i]);
			CHECK(dg[i].warnings == ub); /* the same surfaces go unbounded whatever the buffers */
		}
	}
	CHECK(u->acc_computed <= 1);                       /* the ranges computed once for all three */
	unsigned e1 = dg[1].errors - dg0->errors;          /* what {A, B} added (dropped ones counted too) */
	CHECK(dg[2].errors == e1);                         /* order does not matter */
	CHECK(dg[3].errors >= e1);                         /* a second buffer never adds errors */
	/* all of memory but its last byte (a gk_bo's size cannot say 2^64):
	 * only a range that touches byte 2^64 - 1 is outside */
	CHECK(nbounds[4] == top_ranges(&dg[4]));
	if (pkt->truncated || !pkt->frame.desc || pkt->frame.unknown)
		CHECK(e1 == 0 && dg[4].errors == 0);
}

static const struct fuzz_family dma = { gens, NGENS, gk_dma_format_init, true, bounds_begin, bounds_packet };

FUZZ_HARNESS_END

int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n)
{
	return fuzz_desc_run(&dma, p, n);
}
