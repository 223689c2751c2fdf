/* The quiet check (gk_check_quiet, src/core/check.c) against the full one:
 * whenever it calls a packet clean from its words alone, decoding the
 * packet and checking the unit (gk_unit_decode, gk_unit_check) must say
 * nothing either, on every PM4 and DMA generation.  The packets are made
 * from each description's plan (the bits its fields claim, random values
 * there; for fields present by a condition, the bits any of them may
 * claim), then each once more with one bit flipped anywhere, so both
 * clean packets and packets one bit from clean are asked.  The test also
 * holds the quiet check to deciding most clean packets of the
 * descriptions it plans for: one that never answered true could not fail.
 * check --bo's side of it (gk_bounds_quiet, src/mem/bounds.c): the ranges
 * gk_words_access computes from a quiet packet's words are the ones the
 * decoded unit's access model gives, and a packet it calls inside the
 * buffers is one the bounds stage says nothing of, with buffers made to
 * hold, just miss and cover every range. */
#include <stdbool.h>
#include <stdint.h>

#include "gfxkit/gfxkit.h"
#include "core/layout.h"
#include "mem/mem_priv.h"
#include "testlib.h"

#define CAP (1u << 16) /* words a made packet may have */

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint32_t rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (uint32_t)(rng_state >> 16);
}

/* what the full path says of the packet at w (n words there) */
static bool full_clean(const struct gk_format *fmt, const uint32_t *w, size_t n)
{
	static struct gk_unit u; /* 2.5 KiB: off the stack */
	struct gk_packet pkt;
	struct gk_diags dg;
	struct gk_check_state st;
	gk_check_init(&st);
	gk_diags_reset(&dg);
	gk_packet_frame(fmt, w, n, 0, &pkt);
	gk_unit_decode(fmt, &pkt, &dg, &u);
	gk_unit_check(fmt, &st, &u);
	return !dg.n && !dg.dropped && !dg.errors && !dg.warnings;
}

struct tally {
	unsigned quiet, clean, wrong, cond; /* cond: quiet ones of descriptions with conditional fields */
	unsigned bo_quiet, bo_wrong, acc_same, acc_wrong; /* gk_bounds_quiet's answers, gk_words_access's rows */
};

/* what the bounds stage says of the packet at w with buffers bos */
static bool bounds_clean(const struct gk_format *fmt, const uint32_t *w, size_t n, const struct gk_bo *bos, unsigned nbos)
{
	static struct gk_unit u;
	struct gk_packet pkt;
	struct gk_diags dg;
	struct gk_check_state st;
	gk_check_init(&st);
	gk_check_set_buffers(&st, bos, nbos);
	gk_diags_reset(&dg);
	gk_packet_frame(fmt, w, n, 0, &pkt);
	gk_unit_decode(fmt, &pkt, &dg, &u);
	gk_check_bounds(fmt, &st, &u, &dg);
	return !dg.n && !dg.dropped && !dg.errors && !dg.warnings;
}

/* check --bo's quiet side of one packet the quiet check called clean */
static void ask_bounds(const struct gk_format *fmt, const struct gk_frame *fr, const uint32_t *w, struct tally *t)
{
	static struct gk_unit u;
	struct gk_packet pkt;
	gk_packet_frame(fmt, w, fr->ndw, 0, &pkt);
	gk_unit_decode(fmt, &pkt, NULL, &u);
	/* the words' ranges are the unit's */
	struct gk_bo bos[4];
	unsigned nbos = 0;
	for (unsigned k = 0; k < fr->desc->naccess; k++) {
		struct gk_mem_access a, b;
		int rw = gk_words_access(fmt, fr->desc, w, fr->ndw, k, &a);
		int ru = gk_unit_access(fmt, &u, k, &b);
		if (ru == 1 && nbos < 2) {
			/* a buffer holding this range, one a byte short of it */
			uint64_t size = b.last - b.first + 1;
			bos[nbos++] = (struct gk_bo){ b.first, size ? size : UINT64_MAX };
			if (k == 0 && size > 1)
				bos[2] = (struct gk_bo){ b.first + 1, size - 1 };
		}
		uint64_t first = 0, last = 0;
		int rr = gk_words_range(fmt, fr->desc, w, fr->ndw, k, &first, &last);
		if (rr >= 0) {
			/* the closed form: the unit's range, none, or past 2^64 */
			bool ok = rr == 0 ? ru == 0 : rr == 2 ? ru == 1 && b.overflow
						 : ru == 1 && !b.overflow && first == b.first && last == b.last;
			t->acc_same += ok;
			if (!ok && ++t->acc_wrong <= 5)
				CHECK(ok, "%s %s: %s (dw0 0x%08x) access %u in closed form %d 0x%llx..0x%llx, the unit's %d 0x%llx..0x%llx",
				      fmt->family, fmt->gen, fr->desc->name, w[0], k, rr, (unsigned long long)first,
				      (unsigned long long)last, ru, (unsigned long long)b.first, (unsigned long long)b.last);
		}
		if (rw < 0)
			continue;
		bool same = rw == ru && (rw != 1 || (a.first == b.first && a.last == b.last && a.overflow == b.overflow &&
						      a.rw == b.rw && a.addr == b.addr && a.exact == b.exact &&
						      a.field == b.field && a.surf.layout == b.surf.layout));
		t->acc_same += same;
		if (!same && ++t->acc_wrong <= 5)
			CHECK(same, "%s %s: %s (dw0 0x%08x) access %u from the words %d 0x%llx..0x%llx, the unit's %d 0x%llx..0x%llx",
			      fmt->family, fmt->gen, fr->desc->name, w[0], k, rw, (unsigned long long)a.first,
			      (unsigned long long)a.last, ru, (unsigned long long)b.first, (unsigned long long)b.last);
	}
	/* buffers: the ranges' own; the first one a byte short; everything */
	struct gk_bo all = { 0, UINT64_MAX };
	struct { const struct gk_bo *b; unsigned n; } sets[3] = { { bos, nbos }, { bos + 2, nbos ? 1u : 0u }, { &all, 1 } };
	for (unsigned s = 0; s < 3; s++) {
		if (!sets[s].n)
			continue;
		struct gk_check_state st;
		gk_check_init(&st);
		gk_check_set_buffers(&st, sets[s].b, sets[s].n);
		bool quiet = gk_bounds_quiet(fmt, &st, fr->desc, w, fr->ndw);
		t->bo_quiet += quiet;
		if (quiet && !bounds_clean(fmt, w, fr->ndw, sets[s].b, sets[s].n) && ++t->bo_wrong <= 5)
			CHECK(false, "%s %s: %s (dw0 0x%08x) called inside buffer set %u, the bounds stage reports on it",
			      fmt->family, fmt->gen, fr->desc->name, w[0], s);
	}
}

/* one packet: the quiet answer never contradicts the full check */
static void ask(const struct gk_format *fmt, uint32_t *w, struct tally *t)
{
	struct gk_frame fr;
	fmt->frame(fmt, w, CAP, &fr);
	if (!fr.ndw || fr.ndw > CAP)
		return;
	struct gk_check_state st;
	gk_check_init(&st);
	bool quiet = gk_check_quiet(fmt, &st, &fr, w);
	bool clean = full_clean(fmt, w, fr.ndw);
	t->quiet += quiet;
	t->clean += clean;
	t->cond += quiet && !fmt->fast[fr.desc - fmt->descs].simple;
	if (quiet && fr.desc->naccess)
		ask_bounds(fmt, &fr, w, t);
	if (quiet && !clean) {
		t->wrong++;
		if (t->wrong <= 5)
			CHECK(!(quiet && !clean), "%s %s: %s (%u dwords, dw0 0x%08x) called clean, the full check reports on it",
			      fmt->family, fmt->gen, fr.desc ? fr.desc->name : "?", fr.ndw, w[0]);
	}
}

static void one_gen(const char *family, const char *gpu, uint32_t *w)
{
	static struct gk_format fmt;
	int rc = strcmp(family, "pm4") == 0 ? gk_pm4_format_init(&fmt, gpu) : gk_dma_format_init(&fmt, gpu);
	CHECK(rc == 0, "%s %s: no format", family, gpu);
	if (rc)
		return;
	gk_format_plan_quiet(&fmt);
	struct tally t = { 0, 0, 0, 0, 0, 0, 0, 0 };
	unsigned planned = 0;
	for (size_t k = 0; k < fmt.ndescs && k < GK_MAX_DESCS; k++) {
		const struct gk_desc_fast *fast = &fmt.fast[k];
		if (!fast->quiet || !(fmt.descs[k].gens & fmt.gen_bit))
			continue;
		planned++;
		const struct gk_packet_desc *d = &fmt.descs[k];
		/* the bits fields may claim: the plan's for a simple description,
		 * every field's (whatever its condition) for another */
		uint32_t may[64];
		for (unsigned i = 0; i < 64; i++) {
			may[i] = fast->simple ? (i < 16 ? fast->claimed[i] : 0xffffffffu) : 0;
			for (unsigned f = 0; !fast->simple && f < (unsigned)d->nhdr + d->nfields; f++)
				may[i] |= gk_field_mask(f < d->nhdr ? &d->hdr[f] : &d->fields[f - d->nhdr], i);
		}
		/* conditional fields: more tries, sparser bits, so packets of
		 * one consistent layout come up */
		unsigned reps = fast->simple ? 24 : 600;
		for (unsigned rep = 0; rep < reps; rep++) {
			/* the selecting header bits, sparse random bits in the rest
			 * of what fields claim (short counts), values where the
			 * plan says a hook looks */
			uint32_t sparse = rnd() & rnd() & rnd();
			w[0] = fmt.sel[k].value | (sparse & ~fmt.sel[k].mask & may[0]);
			if (fast->unit_quiet)
				w[0] = (w[0] & ~fast->unit_qmask) | fast->unit_qvalue;
			for (unsigned i = 1; i < 64; i++) {
				uint32_t m = may[i];
				if (d->tail == GK_TAIL_GROUPS && i >= d->tail_dw && d->group_dw)
					m = fast->group_claimed[(i - d->tail_dw) % d->group_dw];
				else if (d->tail && i >= d->tail_dw)
					m = 0xffffffffu;
				uint32_t thin = rep & 1 ? rnd() : 0xffffffffu;
				if (!fast->simple && (rep & 4))
					thin = rnd() & rnd() & rnd() & rnd();
				w[i] = rnd() & m & thin;
			}
			struct gk_frame fr;
			fmt.frame(&fmt, w, CAP, &fr);
			if (fr.ndw > 64 && fr.ndw <= CAP)
				for (unsigned i = 64; i < fr.ndw; i++)
					w[i] = rep & 2 ? 0 : rnd();
			ask(&fmt, w, &t);
			/* one bit from it */
			unsigned n = fr.ndw && fr.ndw <= CAP ? fr.ndw : 1;
			unsigned at = rnd() % n;
			w[at] ^= 1u << (rnd() % 32);
			ask(&fmt, w, &t);
		}
	}
	CHECK(t.wrong == 0, "%s %s: %u packets called clean that are not", family, gpu, t.wrong);
	/* a plan that decided none of the packets made to be clean decides nothing */
	CHECK(!planned || t.quiet * 4 >= t.clean, "%s %s: %u descriptions planned, %u of %u clean packets decided quiet",
	      family, gpu, planned, t.quiet, t.clean);
	CHECK(t.bo_wrong == 0 && t.acc_wrong == 0, "%s %s: %u packets called inside the buffers that are not, %u ranges differ",
	      family, gpu, t.bo_wrong, t.acc_wrong);
	/* DMA moves memory: a words-only answer that never came could not fail */
	CHECK(strcmp(family, "dma") || (t.bo_quiet && t.acc_same), "%s %s: no packet decided inside its buffers (%u), no range from the words (%u)",
	      family, gpu, t.bo_quiet, t.acc_same);
	printf("# %s %s: %u descriptions planned quiet; %u packets called quiet (%u with conditional fields), %u clean;"
	       " %u inside their buffers from the words, %u ranges from the words\n",
	       family, gpu, planned, t.quiet, t.cond, t.clean, t.bo_quiet, t.acc_same);
}

/* The surface rows' words-only ranges (gk_words_range_surf: RECT and
 * array-mode TILED rows, the CIK and SI tiled copies and sub-windows) held
 * to the general access model of the decoded unit on made packets of every
 * description that has one: random fields, sparse ones, and small ones (so
 * pitches and slices come out whole tiles and the linear and 1D paths
 * bound rows, not slices), each also with one bit flipped. */
static unsigned surf_pick(unsigned rep)
{
	switch (rep % 4) {
	case 0:
		return rnd();
	case 1:
		return rnd() & rnd() & rnd();
	case 2:
		return rnd() & 0x1fu;
	default:
		return (rnd() & 7u) << (rnd() % 8);
	}
}

static void surf_rows(const char *gpu, uint32_t *w)
{
	static struct gk_format fmt;
	static struct gk_unit u;
	CHECK(gk_dma_format_init(&fmt, gpu) == 0, "dma %s: no format", gpu);
	unsigned rows = 0, same = 0, exact = 0, wrong = 0;
	for (size_t k = 0; k < fmt.ndescs && k < GK_MAX_DESCS; k++) {
		const struct gk_packet_desc *d = &fmt.descs[k];
		const struct gk_desc_fast *fast = &fmt.fast[k];
		if (d->gens && !(d->gens & fmt.gen_bit))
			continue;
		for (unsigned a = 0; a < d->naccess && a < GK_FAST_ACCESSES; a++) {
			if (!fast->acc_words[a].surf)
				continue;
			rows++;
			unsigned served = 0;
			for (unsigned rep = 0; rep < 800; rep++) {
				for (unsigned i = 0; i < 64; i++)
					w[i] = i < 16 ? surf_pick(rep) & fast->claimed[i] : 0;
				w[0] = fmt.sel[k].value | (w[0] & ~fmt.sel[k].mask);
				if (rep & 8)
					w[rnd() % (fast->fixed_len ? fast->fixed_len : 1)] ^= 1u << (rnd() % 32);
				struct gk_frame fr;
				fmt.frame(&fmt, w, CAP, &fr);
				if (fr.desc != d || fr.ndw < fast->fixed_len || fr.ndw > 64)
					continue;
				struct gk_packet pkt;
				gk_packet_frame(&fmt, w, fr.ndw, 0, &pkt);
				gk_unit_decode(&fmt, &pkt, NULL, &u);
				struct gk_mem_access b;
				uint64_t first = 0, last = 0;
				int rr = gk_words_range_surf(&fmt, fast, d, w, fr.ndw, a, &first, &last);
				int ru = gk_unit_access(&fmt, &u, a, &b);
				bool ok = rr == 0 ? ru == 0 : rr == 2 ? ru == 1 && b.overflow
							 : rr == 1 && ru == 1 && !b.overflow && first == b.first && last == b.last;
				same += ok;
				served += rr == 1;
				exact += rr == 1 && b.exact;
				if (!ok && ++wrong <= 5)
					CHECK(ok, "dma %s: %s (dw0 0x%08x) access %u from the surface plan %d 0x%llx..0x%llx, the unit's %d 0x%llx..0x%llx",
					      gpu, d->name, w[0], a, rr, (unsigned long long)first, (unsigned long long)last, ru,
					      (unsigned long long)b.first, (unsigned long long)b.last);
			}
			/* a row the plan never gave a range for could not fail */
			CHECK(served > 0, "dma %s: %s access %u: no range from the surface plan", gpu, d->name, a);
		}
	}
	CHECK(wrong == 0, "dma %s: %u surface ranges differ from the unit's", gpu, wrong);
	printf("# dma %s: %u surface rows planned from the words, %u ranges the unit's (%u of them exact)\n", gpu,
	       rows, same, exact);
}

int main(void)
{
	uint32_t *w = calloc(CAP, sizeof *w);
	if (!w)
		return 1;
	static const char *const pm4[] = { "r600", "r700", "evergreen", "cayman", "gfx6", "gfx7", "gfx8",
					   "gfx9", "gfx10", "gfx10.3", "gfx11", "gfx11.5", "gfx12" };
	static const char *const dma[] = { "r600", "r700", "evergreen", "cayman", "si", "cik",
					   "sdma2.4", "sdma3.0", "sdma4", "sdma5", "sdma6", "sdma7" };
	for (size_t i = 0; i < sizeof pm4 / sizeof pm4[0]; i++)
		one_gen("pm4", pm4[i], w);
	for (size_t i = 0; i < sizeof dma / sizeof dma[0]; i++)
		one_gen("dma", dma[i], w);
	for (size_t i = 0; i < sizeof dma / sizeof dma[0]; i++)
		surf_rows(dma[i], w);
	free(w);
	return tl_done();
}
