/* decode, decode --json and run check a unit in full only when the quiet
 * check (gk_check_quiet, with the desc engine's memo) says it may have
 * something to say (src/core/desc_engine.c, gk_desc_engine_unit).  This
 * holds what the stream loop hands a unit callback, every unit's
 * diagnostics, to the full path taken independently: each unit's words
 * framed, decoded and checked by the public per-packet calls
 * (gk_packet_frame, gk_unit_decode, gk_unit_check) with a check state of
 * the test's own carried from unit to unit (predicated regions).  The
 * callback sees the same diagnostics the printers print, with the loop of
 * decode (check off) and the one of run and lint (check on, a unit
 * callback), and the units' lengths are held to the family's framing (the
 * desc engine's frame memo frames them).  The streams: packets made from
 * every description of every PM4, DMA and Adreno generation (the
 * selecting header bits, random and sparse bits where fields may lie),
 * each also with one bit flipped, and a simple description's packets
 * with optional dwords left out (short_ok: the quiet check's q_short),
 * then
 * the whole stream again with bits flipped here and there, so framing
 * goes astray too.  The records the loops hand the callback are held to
 * the full path's too (fields, values, slots, layout: the lean loop's
 * frame_record sets most of them from a kept record, a conditional
 * description's from a kept shape).  The test also holds
 * the streams to having both clean units and units with diagnostics: a
 * stream of one kind could not fail.  And gk_check_packet, which asks the
 * quiet check before it decodes, says what its steps say on every unit,
 * with buffers and without. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "core/layout.h"
#include "testlib.h"

#define WORDS (1u << 20) /* a made stream's words at most */
#define PKT_MAX 4096     /* a made packet's words at most (a PM4 count is 14 bits) */

static uint64_t rng_state = 0x2545f4914f6cdd1dull;

static uint32_t rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (uint32_t)(rng_state >> 16);
}

struct ref {
	const struct gk_format *fmt;
	struct gk_check_state st;
	struct gk_unit u;
	uint64_t units, clean, said, wrong, records;
	/* gk_check_packet against its steps, without buffers (pst) and with
	 * them (bst, and fst for the steps): how many it passed by the quiet
	 * check, how many said otherwise */
	struct gk_check_state pst, bst, fst;
	struct gk_unit ub;
	uint64_t pkt_quiet, pkt_wrong;
	uint64_t bytes; /* the stream's: only its last unit may be cut short */
};

static bool same_diag(const struct gk_diag *a, const struct gk_diag *b)
{
	return a->severity == b->severity && a->code == b->code && a->offset == b->offset && a->dw == b->dw &&
	       a->lo == b->lo && a->hi == b->hi && !strcmp(a->message, b->message) &&
	       (a->packet == b->packet || (a->packet && b->packet && !strcmp(a->packet, b->packet))) &&
	       (a->field == b->field || (a->field && b->field && !strcmp(a->field, b->field)));
}

/* the unit callback: the stream loop's diagnostics against the full path's */
static bool same_diags(const struct gk_diags *a, const struct gk_diags *b)
{
	bool same = a->n == b->n && a->dropped == b->dropped && a->errors == b->errors && a->warnings == b->warnings;
	for (unsigned k = 0; same && k < a->n && k < GK_MAX_DIAGS; k++)
		same = same_diag(&a->d[k], &b->d[k]);
	return same;
}

/* buffers over part of the address space, so that the made packets'
 * ranges fall inside, across and outside them */
static const struct gk_bo bos[] = { { 0, 1ull << 31 }, { 1ull << 32, 1ull << 30 }, { 0x7f0000000000ull, 1ull << 36 } };

/* gk_check_packet (the quiet check first, gk_check_quiet and
 * gk_bounds_quiet, then decode, check and bounds) says what its steps
 * say, on a state of its own, with and without buffers */
static void check_packet(struct ref *r, const struct gk_packet *pkt, const struct gk_diags *full)
{
	struct gk_diags pd, bd, fd;
	gk_diags_reset(&pd);
	gk_diags_reset(&bd);
	gk_diags_reset(&fd);
	r->pkt_quiet += !pkt->truncated && gk_check_quiet(r->fmt, &r->pst, &pkt->frame, pkt->dw);
	gk_check_packet(r->fmt, &r->pst, pkt, &pd);
	gk_check_packet(r->fmt, &r->bst, pkt, &bd);
	gk_unit_decode(r->fmt, pkt, &fd, &r->ub);
	gk_unit_check(r->fmt, &r->fst, &r->ub);
	gk_check_bounds(r->fmt, &r->fst, &r->ub, &fd);
	bool same = same_diags(full, &pd) && r->pst.nexec == r->st.nexec && same_diags(&fd, &bd) &&
		    r->bst.nexec == r->fst.nexec;
	if (!same && ++r->pkt_wrong <= 5)
		CHECK(same, "%s %s: gk_check_packet at 0x%llx (dw0 0x%08x): %u / %u diagnostics (with buffers), its steps %u / %u",
		      r->fmt->family, r->fmt->gen, (unsigned long long)pkt->offset, pkt->dw[0], pd.n, bd.n, full->n, fd.n);
}

static int each_unit(void *ctx, struct gk_engine *e, uint64_t offset, const uint32_t *words, size_t n,
		     const struct gk_diags *dg)
{
	(void)e;
	struct ref *r = ctx;
	struct gk_packet pkt;
	struct gk_diags full;
	gk_diags_reset(&full);
	gk_packet_frame(r->fmt, words, n, offset, &pkt);
	gk_unit_decode(r->fmt, &pkt, &full, &r->u);
	gk_unit_check(r->fmt, &r->st, &r->u);
	check_packet(r, &pkt, &full);
	/* the stream loop's framing (the desc engine's frame memo) is the
	 * family's own: the unit as long as its frame, but at the end */
	size_t len = pkt.frame.ndw ? pkt.frame.ndw : 1;
	bool framed = len == n || (len > n && offset + 4 * n == r->bytes);
	bool same = framed && full.n == dg->n && full.dropped == dg->dropped && full.errors == dg->errors &&
		    full.warnings == dg->warnings;
	for (unsigned k = 0; same && k < full.n && k < GK_MAX_DIAGS; k++)
		same = same_diag(&full.d[k], &dg->d[k]);
	r->units++;
	r->clean += !full.n && !full.dropped;
	r->said += full.n || full.dropped;
	/* and the record the engine hands the callback (run's and lint's
	 * loop: frame_record, its laid records kept by description and
	 * length) is the full path's: the same fields, values and layout */
	const struct gk_unit *eu = gk_engine_unit(e);
	if (same && eu && len == n && r->u.desc) {
		same = eu->desc == r->u.desc && eu->nfields == r->u.nfields && eu->fixed_end == r->u.fixed_end &&
		       eu->tail_begin == r->u.tail_begin && eu->tail_end == r->u.tail_end &&
		       eu->ngroups == r->u.ngroups && eu->extra_begin == r->u.extra_begin &&
		       eu->natural == r->u.natural && eu->reg_addr == r->u.reg_addr && eu->reg_slot == r->u.reg_slot &&
		       eu->pkt.ndw == r->u.pkt.ndw && eu->pkt.offset == offset && !memcmp(eu->claimed, r->u.claimed, sizeof eu->claimed);
		for (unsigned k = 0; same && k < eu->nfields && k < GK_UNIT_FIELDS; k++)
			same = eu->fields[k].desc == r->u.fields[k].desc && eu->fields[k].value == r->u.fields[k].value &&
			       eu->fields[k].cut == r->u.fields[k].cut && eu->fields[k].symbol == r->u.fields[k].symbol &&
			       eu->fields[k].reg == r->u.fields[k].reg && eu->fields[k].index == r->u.fields[k].index &&
			       eu->fields[k].in_hdr == r->u.fields[k].in_hdr && eu->fields[k].dw == r->u.fields[k].dw;
		/* the slots by field index (a conditional description's record
		 * is set from a kept shape: gk_unit_decode_shape); a pending
		 * record's are set when it is filled */
		if (same && !eu->pending && !r->u.pending)
			same = !memcmp(eu->hdr_slot, r->u.hdr_slot, sizeof eu->hdr_slot) &&
			       !memcmp(eu->body_slot, r->u.body_slot, sizeof eu->body_slot);
		r->records++;
		if (!same && ++r->wrong <= 5)
			CHECK(same, "%s %s: the unit at 0x%llx (dw0 0x%08x, %zu words): the stream loop's record is not the "
			      "full path's", r->fmt->family, r->fmt->gen, (unsigned long long)offset, n ? words[0] : 0, n);
		if (!same)
			return GK_UNIT_GO;
	}
	if (!same && ++r->wrong <= 5)
		CHECK(same, "%s %s: the unit at 0x%llx (dw0 0x%08x, %zu words): %u diagnostics in the stream loop, %u in full%s%s",
		      r->fmt->family, r->fmt->gen, (unsigned long long)offset, n ? words[0] : 0, n, dg->n, full.n,
		      full.n ? ": " : "", full.n ? full.d[0].message : "");
	return GK_UNIT_GO;
}

static void run_stream(struct gk_engine *e, const uint32_t *w, size_t n, bool check, struct ref *r)
{
	gk_check_init(&r->st);
	gk_check_init(&r->pst);
	gk_check_init(&r->bst);
	gk_check_init(&r->fst);
	gk_check_set_buffers(&r->bst, bos, sizeof bos / sizeof bos[0]);
	gk_check_set_buffers(&r->fst, bos, sizeof bos / sizeof bos[0]);
	r->bytes = 4 * n;
	struct gk_bytes b = { w, 4 * n, 0 };
	struct gk_input *in = gk_input_create(gk_read_bytes, &b, GK_IN_BIN, 4);
	struct gk_membuf mb = { 0 };
	char buf[4096];
	struct gk_out out = { buf, 0, sizeof buf, gk_membuf_write, &mb, 0, 0 };
	struct gk_stream_opts o = { .check = check, .unit = each_unit, .unit_ctx = r };
	struct gk_stream_stats st;
	CHECK(in && gk_stream_run(e, in, &o, &out, &st) == 0, "%s %s: the stream runs", r->fmt->family, r->fmt->gen);
	gk_input_destroy(in);
	gk_out_flush(&out);
	free(mb.p);
}

/* packets made from every description of the generation, one bit flipped
 * in a copy of each; n: the words made */
/* h with the header count that frames n dwords: a type-0/3 header's
 * COUNT (PM4, Adreno a2xx-a4xx: n - 2), a type-7 or type-4 one's with its
 * parity bit (Adreno a5xx+: n - 1); false when none of them frames the
 * words at w (w[0] = *h) as n dwords of description d */
static bool with_length(const struct gk_format *fmt, const struct gk_packet_desc *d, uint32_t *w, unsigned n)
{
	uint32_t h = w[0], c[3] = { h, h, h };
	c[0] = (h & ~0x3fff0000u) | ((n - 2u) & 0x3fffu) << 16;
	c[1] = (h & ~0xbfffu) | ((n - 1u) & 0x3fffu) | (uint32_t)!(__builtin_popcount((n - 1u) & 0x3fffu) & 1) << 15;
	c[2] = (h & ~0xffu) | ((n - 1u) & 0x7fu) | (uint32_t)!(__builtin_popcount((n - 1u) & 0x7fu) & 1) << 7;
	for (unsigned k = 0; k < 3; k++) {
		w[0] = c[k];
		struct gk_frame fr;
		fmt->frame(fmt, w, n, &fr);
		if (fr.desc == d && fr.ndw == n)
			return true;
	}
	w[0] = h;
	return false;
}

/* A simple description's packets with optional dwords left out (every
 * length short_ok allows below the fixed dwords: Adreno's
 * CP_DRAW_INDX_OFFSET of 4 of its 8, which the quiet check decides as
 * q_short says), with bits set where fields lie, sparse, none, or
 * anywhere (bits no field claims) */
static uint64_t nshort; /* short packets made, every generation */

static size_t short_packets(const struct gk_format *fmt, size_t k, uint32_t *s, size_t n)
{
	const struct gk_packet_desc *d = &fmt->descs[k];
	const struct gk_desc_fast *fast = &fmt->fast[k];
	static uint32_t w[32];
	for (unsigned len = 1; len < 32 && len < fast->fixed_len; len++) {
		if (!((fast->short_ok >> len) & 1u))
			continue;
		for (unsigned rep = 0; rep < 8 && n + len <= WORDS; rep++) {
			for (unsigned i = 0; i < len; i++) {
				uint32_t may = rep & 4 ? 0xffffffffu : fast->claimed[i];
				uint32_t thin = rep & 1 ? rnd() & rnd() & rnd() : rep & 2 ? 0 : 0xffffffffu;
				w[i] = rnd() & may & thin;
			}
			w[0] = fmt->sel[k].value | (w[0] & ~fmt->sel[k].mask);
			if (!with_length(fmt, d, w, len))
				break;
			memcpy(s + n, w, 4 * len);
			n += len;
			nshort++;
		}
	}
	return n;
}

static size_t make_stream(const struct gk_format *fmt, uint32_t *s)
{
	static uint32_t w[PKT_MAX];
	size_t n = 0;
	for (size_t k = 0; k < fmt->ndescs && k < GK_MAX_DESCS; k++) {
		const struct gk_packet_desc *d = &fmt->descs[k];
		const struct gk_desc_fast *fast = &fmt->fast[k];
		if (d->gens && !(d->gens & fmt->gen_bit))
			continue;
		for (unsigned rep = 0; rep < 16; rep++) {
			for (unsigned i = 0; i < 64; i++) {
				uint32_t may = i < 16 ? fast->claimed[i] : 0xffffffffu;
				if (!fast->simple || (d->tail && i >= d->tail_dw))
					may = 0xffffffffu;
				uint32_t thin = rep & 1 ? rnd() & rnd() & rnd() : rep & 2 ? 0 : 0xffffffffu;
				w[i] = rnd() & may & thin;
			}
			w[0] = fmt->sel[k].value | (w[0] & ~fmt->sel[k].mask);
			if (rep == 0 && fast->simple && fast->short_ok)
				n = short_packets(fmt, k, s, n);
			if (fast->unit_quiet && (rep & 4))
				w[0] = (w[0] & ~fast->unit_qmask) | fast->unit_qvalue;
			/* a count in the header: most PM4 packets come out long,
			 * their words past 64 random or zero */
			for (unsigned i = 64; i < PKT_MAX; i++)
				w[i] = rep & 8 ? 0 : rnd();
			struct gk_frame fr;
			fmt->frame(fmt, w, PKT_MAX, &fr);
			size_t len = fr.ndw ? fr.ndw : 1;
			if (len > PKT_MAX || n + 2 * len > WORDS)
				continue;
			memcpy(s + n, w, 4 * len);
			n += len;
			/* one bit flipped where it leaves the length as it was
			 * (a count made long would swallow the packets after
			 * it: the second round's flips go astray instead) */
			for (unsigned tries = 0; tries < 8; tries++) {
				memcpy(s + n, w, 4 * len);
				s[n + rnd() % len] ^= 1u << (rnd() % 32);
				struct gk_frame ff;
				fmt->frame(fmt, s + n, len, &ff);
				if ((ff.ndw ? ff.ndw : 1) == len) {
					n += len;
					break;
				}
			}
		}
	}
	return n;
}

static void one_gen(const char *engine, const char *gpu, uint32_t *s)
{
	struct gk_engine *e = gk_engine_open(engine, gpu, NULL);
	CHECK(e != NULL, "%s %s: no engine", engine, gpu);
	if (!e)
		return;
	static struct ref r;
	memset(&r, 0, sizeof r);
	r.fmt = gk_engine_format(e);
	size_t n = make_stream(r.fmt, s);
	for (unsigned round = 0; round < 2; round++) {
		if (round) /* the same stream with bits flipped here and there */
			for (size_t i = 0; i < n; i++)
				if (rnd() % 40 == 0)
					s[i] ^= 1u << (rnd() % 32);
		run_stream(e, s, n, false, &r); /* decode's loop */
		run_stream(e, s, n, true, &r);  /* run's and lint's */
	}
	CHECK(r.wrong == 0, "%s %s: %llu of %llu units with other diagnostics than the full path's", engine, gpu,
	      (unsigned long long)r.wrong, (unsigned long long)r.units);
	CHECK(r.clean && r.said, "%s %s: %llu clean units, %llu with diagnostics: both are needed", engine, gpu,
	      (unsigned long long)r.clean, (unsigned long long)r.said);
	CHECK(r.records > 0, "%s %s: no record compared", engine, gpu);
	CHECK(r.pkt_wrong == 0 && r.pkt_quiet > 0, "%s %s: gk_check_packet as its steps but on %llu units; %llu passed quiet",
	      engine, gpu, (unsigned long long)r.pkt_wrong, (unsigned long long)r.pkt_quiet);
	printf("# %s %s: %llu units, %llu clean, %llu with diagnostics, as the full path; %llu records as its\n", engine,
	       gpu, (unsigned long long)r.units, (unsigned long long)r.clean, (unsigned long long)r.said,
	       (unsigned long long)r.records);
	gk_engine_close(e);
}

int main(void)
{
	uint32_t *s = calloc(WORDS, sizeof *s);
	if (!s)
		return 1;
	static const char *const pm4[] = { "r600", "r700", "evergreen", "cayman", "gfx6", "gfx7", "gfx8",
					   "gfx9", "gfx10", "gfx10.3", "gfx11", "gfx11.5", "gfx12" };
	static const char *const dma[] = { "r600", "r700", "evergreen", "cayman", "si", "cik",
					   "sdma2.4", "sdma3.0", "sdma4", "sdma5", "sdma6", "sdma7" };
	static const char *const adreno[] = { "a2xx", "a3xx", "a5xx", "a630", "a7xx" };
	for (size_t i = 0; i < sizeof pm4 / sizeof pm4[0]; i++)
		one_gen("pm4", pm4[i], s);
	for (size_t i = 0; i < sizeof dma / sizeof dma[0]; i++)
		one_gen("dma", dma[i], s);
	uint64_t before = nshort;
	for (size_t i = 0; i < sizeof adreno / sizeof adreno[0]; i++)
		one_gen("adreno", adreno[i], s);
	CHECK(nshort - before >= 100, "only %llu short Adreno packets made", (unsigned long long)(nshort - before));
	free(s);
	return tl_done();
}
